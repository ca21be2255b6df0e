//! Load on `rankup serve` with scripted SSH clients (russh), by the hundred: idle players
//! in the lobby, live games played by typed moves, silent and slow-loris connections, a
//! client that stops reading, huge terminals and a resize storm. It starts the server
//! itself (the release binary) on a loopback port and prints what it measured.
//!
//!   cargo bench --bench serve_load                # 500 idle, 100 games, 200 silent, 50 slow
//!   cargo bench --bench serve_load -- --short     # a quick run at small scale
//!   cargo bench --bench serve_load -- --idle 300 --games 50 --silent 0 --loris 0
//!   cargo bench --bench serve_load -- --short --only idle,reader   # some parts only
//!
//! Every client has its own loopback source address (127.1.x.y for players, 127.2.x.y for
//! the attackers), as players from many addresses would.

mod attack;
mod client;
mod games;
mod report;
mod screen;
mod server;

use std::path::PathBuf;
use std::time::Duration;

use server::Server;

/// What to run.
#[derive(Clone, Debug)]
pub struct Opts {
    pub bin: PathBuf,
    pub idle: usize,
    pub games: usize,
    pub silent: usize,
    pub loris: usize,
    pub think: Duration,
    pub huge: usize,
    /// Only these parts (idle, terminals, games, attack, storm, reader); all when empty.
    pub only: Vec<String>,
}

impl Opts {
    /// Whether the part `name` runs.
    pub fn runs(&self, name: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|o| o == name)
    }

    fn parse(args: impl Iterator<Item = String>) -> Result<Opts, String> {
        let mut o = Opts {
            bin: PathBuf::from(env!("CARGO_BIN_EXE_rankup")),
            idle: 500,
            games: 100,
            silent: 200,
            loris: 50,
            think: Duration::from_millis(1000),
            huge: 8,
            only: Vec::new(),
        };
        let mut args = args.peekable();
        while let Some(arg) = args.next() {
            let mut value = |name: &str| -> Result<String, String> {
                args.next().ok_or(format!("{name} needs a value"))
            };
            let number = |v: String| v.parse::<usize>().map_err(|e| format!("{v}: {e}"));
            match arg.as_str() {
                // `cargo bench` passes this to every bench.
                "--bench" => {}
                "--short" => {
                    (o.idle, o.games, o.silent, o.loris, o.huge) = (20, 5, 20, 5, 2);
                }
                "--bin" => o.bin = PathBuf::from(value("--bin")?),
                "--idle" => o.idle = number(value("--idle")?)?,
                "--games" => o.games = number(value("--games")?)?,
                "--silent" => o.silent = number(value("--silent")?)?,
                "--loris" => o.loris = number(value("--loris")?)?,
                "--huge" => o.huge = number(value("--huge")?)?,
                "--only" => o.only = value("--only")?.split(',').map(String::from).collect(),
                "--think-ms" => {
                    o.think = Duration::from_millis(number(value("--think-ms")?)? as u64)
                }
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        Ok(o)
    }

    /// The server's flags: room for every client and attacker, each from its own address
    /// (so `--per-ip` keeps its default), and for every attacker among the connections not
    /// logged in yet.
    fn server_flags(&self) -> Vec<String> {
        let clients = self.idle + 2 * self.games + self.silent + self.loris + self.huge * 2 + 64;
        let pending = self.silent + self.loris + 32;
        vec![
            "--max-clients".into(),
            clients.to_string(),
            "--max-pending".into(),
            pending.to_string(),
        ]
    }
}

fn main() {
    let opts = match Opts::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("serve_load: {e}");
            std::process::exit(2);
        }
    };
    let files = server::raise_file_limit();
    let dir = std::env::temp_dir().join(format!("rankup-serve-load-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let flags = opts.server_flags();
    let server = Server::start(&opts.bin, &dir, &flags);
    println!(
        "serve_load: {} serve {} (pid {}, port {}); this process's open-file limit {files}",
        opts.bin.display(),
        flags.join(" "),
        server.pid(),
        server.port
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let result = runtime.block_on(report::run(&opts, &server));
    runtime.shutdown_timeout(Duration::from_secs(2));
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = result {
        eprintln!("serve_load: {e}");
        std::process::exit(1);
    }
}
