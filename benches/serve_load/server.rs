//! The server under test: `rankup serve` started by the bench on a loopback port, its log
//! kept, its memory and CPU read from /proc.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A running server.
pub struct Server {
    child: Child,
    pub port: u16,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `bin serve` with a fresh data directory under `dir` and these extra flags.
    pub fn start(bin: &Path, dir: &Path, flags: &[String]) -> Server {
        let data = dir.join("data");
        let mut child = Command::new(bin)
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(&data)
            .args(flags)
            .env("RANKUP_CONFIG_DIR", dir.join("config"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let stderr = child.stderr.take().expect("piped stderr");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    if let Some(rest) = line.split("listening on 127.0.0.1:").nth(1) {
                        if let Some(Ok(port)) = rest.split(';').next().map(str::parse::<u16>) {
                            let _ = tx.send(port);
                        }
                    }
                    log.lock().unwrap().push(line);
                }
            });
        }
        let port = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens");
        Server { child, port, log }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Resident memory, KiB.
    pub fn rss_kib(&self) -> u64 {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        field_kib(&status, "VmRSS:")
    }

    /// Threads in the process.
    pub fn threads(&self) -> u64 {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0)
    }

    /// CPU time used so far (user + system), in clock ticks.
    pub fn cpu_ticks(&self) -> u64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap_or_default();
        // The fields after the command name (which may hold spaces) in parentheses.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let num = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        };
        // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
        num(11) + num(12)
    }

    /// Log lines that contain `text`.
    pub fn log_lines(&self, text: &str) -> Vec<String> {
        let log = self.log.lock().unwrap();
        log.iter().filter(|l| l.contains(text)).cloned().collect()
    }

    /// Log lines in all.
    pub fn log_len(&self) -> usize {
        self.log.lock().unwrap().len()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn field_kib(status: &str, name: &str) -> u64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Clock ticks per second (of CPU time in /proc/PID/stat).
pub fn ticks_per_second() -> f64 {
    // SAFETY: sysconf only reads a configuration value.
    let n = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if n > 0 {
        n as f64
    } else {
        100.0
    }
}

/// Raises this process's soft open-file limit to its hard limit (the bench holds a socket
/// per client); the limit now.
pub fn raise_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the struct we own.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max;
            let _ = libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
        let _ = libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    limit.rlim_cur
}
