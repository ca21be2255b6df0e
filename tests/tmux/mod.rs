//! Driving the real binary in a real terminal: a tmux server of its own per test.
//!
//! Needs tmux. Without it a test reports itself skipped, unless `RANKUP_REQUIRE_TMUX` is set
//! (CI sets it, and installs tmux).

#![allow(dead_code)] // Each test file uses its own part of it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server (its own socket) with one session, `t`.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// A server named after the test; `None` (the test skips) without tmux.
    pub fn new(name: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            assert!(
                std::env::var_os("RANKUP_REQUIRE_TMUX").is_none(),
                "tmux is required here but not installed"
            );
            eprintln!("skipped: tmux is not installed");
            return None;
        }
        Some(Tmux {
            socket: format!("rankup-{name}-{}", std::process::id()),
        })
    }

    /// Runs a tmux command against this server; its stdout.
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts session `t` at 80x24 running `script` (sh) with `data` as the data directory
    /// and [`config_dir_of`] it as the config directory, so the developer's own config
    /// (`glyphs: Ascii`, a theme, their own games) never changes what a test sees.
    /// A server that is still shutting down (after [`Tmux::kill_session`]) can refuse the
    /// new session: it is tried again until it takes.
    pub fn start(&self, data: &Path, script: &str) {
        self.start_sized(data, script, 80, 24);
    }

    /// [`Tmux::start`] in a terminal of `width` x `height` from the start (a resize right
    /// after the start may reach the app before it listens for resizes).
    pub fn start_sized(&self, data: &Path, script: &str, width: u16, height: u16) {
        for _ in 0..50 {
            self.try_start(data, script, width, height);
            let up = Command::new("tmux")
                .args(["-L", &self.socket, "has-session", "-t", "t"])
                .output()
                .is_ok_and(|o| o.status.success());
            if up {
                return;
            }
            sleep(Duration::from_millis(100));
        }
        panic!("tmux would not start a session");
    }

    fn try_start(&self, data: &Path, script: &str, width: u16, height: u16) {
        let config = format!("RANKUP_CONFIG_DIR={}", config_dir_of(data).display());
        let data = format!("RANKUP_DATA_DIR={}", data.display());
        self.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "env",
            "TERM=xterm-256color",
            &config,
            &data,
            "sh",
            "-c",
            script,
        ]);
    }

    /// What the terminal shows.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Types keys (tmux key names), one at a time.
    pub fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", "t", k]);
            sleep(Duration::from_millis(60));
        }
    }

    /// Types a move in typing mode.
    pub fn type_move(&self, san: &str) {
        self.keys(&[":", san, "Enter"]);
    }

    /// Waits until the screen contains `text`, or fails with the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {text:?}; screen:\n{screen}");
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// The pid of the program the session's shell runs.
    pub fn app_pid(&self) -> String {
        let shell = self.run(&["display", "-p", "-t", "t", "#{pane_pid}"]);
        let out = Command::new("pgrep")
            .args(["-P", shell.trim()])
            .output()
            .expect("pgrep runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Sends `signal` (`KILL`, `HUP`, `TERM`) to the app itself, not the shell.
    pub fn signal_app(&self, signal: &str) {
        let pid = self.app_pid();
        assert!(!pid.is_empty(), "no app process");
        let ok = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill runs");
        assert!(ok.success());
    }

    /// Ends the session (its programs get SIGHUP).
    pub fn kill_session(&self) {
        self.run(&["kill-session", "-t", "t"]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// A fresh data directory for one test, so no test touches the player's saved games.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(config_dir_of(&dir));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The config directory the app gets beside the data directory `data`: `DATA-config`,
/// empty unless the test puts something there.
pub fn config_dir_of(data: &Path) -> PathBuf {
    let mut name = data.as_os_str().to_owned();
    name.push("-config");
    PathBuf::from(name)
}

/// The games in play of a data directory.
pub fn games_in_play(data: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(data.join("games"))
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "ron")
                        && !p.file_name().unwrap().to_string_lossy().starts_with('.')
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_rankup")
}
