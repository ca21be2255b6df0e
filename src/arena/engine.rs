//! A UCI engine run as a child process, spoken to over its stdin and stdout.
//!
//! A reader thread turns the engine's output into lines on a channel, so every wait has a
//! deadline: an engine that hangs, dies or talks nonsense costs the runner at most that
//! deadline, never its own life. Dropping the handle asks the engine to quit and kills it if
//! it does not.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::text::short;

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// What went wrong with an engine.
#[derive(Debug)]
pub enum EngineError {
    /// The command line is empty or does not split into words.
    BadCommand(String),
    /// The program could not be started.
    Spawn(String, std::io::Error),
    /// The engine closed its output (it exited or crashed).
    Exited(String),
    /// No answer in time; the text says to what.
    Timeout(String),
    /// Writing to the engine failed.
    Io(std::io::Error),
    /// The engine lacks something the match needs.
    Unsupported(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::BadCommand(c) => write!(f, "cannot read engine command '{}'", short(c)),
            EngineError::Spawn(c, e) => write!(f, "cannot start engine '{}': {e}", short(c)),
            EngineError::Exited(what) => write!(f, "engine exited while {what}"),
            EngineError::Timeout(what) => write!(f, "engine did not answer in time: {what}"),
            EngineError::Io(e) => write!(f, "cannot write to engine: {e}"),
            EngineError::Unsupported(what) => write!(f, "engine does not support {what}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// What an engine said while thinking about one move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The `bestmove` token.
    pub bestmove: String,
    /// The last score it reported, in centipawns for the side to move (mates as +-100000
    /// minus the distance), if it reported one.
    pub score: Option<i32>,
    /// The deepest `depth` it reported.
    pub depth: Option<u32>,
}

/// A running UCI engine.
pub struct UciEngine {
    command: String,
    /// The name it gave in `id name`, else the command.
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Options it declared (`option name X ...`), lower-cased.
    options: Vec<String>,
}

impl UciEngine {
    /// Starts `command` (split like a shell line: `"./engine uci"`, quotes allowed) and
    /// completes the UCI handshake.
    ///
    /// # Errors
    /// When the program cannot start or does not answer `uci` with `uciok` in time.
    pub fn start(command: &str) -> Result<UciEngine, EngineError> {
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| EngineError::BadCommand(command.to_string()))?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn(command.to_string(), e))?;
        let stdin = child.stdin.take().expect("BUG: stdin is piped");
        let stdout = child.stdout.take().expect("BUG: stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            command: command.to_string(),
            name: command.to_string(),
            child,
            stdin,
            lines,
            options: Vec::new(),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine.line(deadline, "answering 'uci'")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest);
                engine.options.push(name.trim().to_ascii_lowercase());
            } else if line.trim() == "uciok" {
                return Ok(engine);
            }
        }
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether it declared the option `name` (any case).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// Sends one line.
    ///
    /// # Errors
    /// When the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(EngineError::Io)
    }

    /// The next line, waiting until `deadline`.
    fn line(&mut self, deadline: Instant, what: &str) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what.to_string())),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited(what.to_string())),
        }
    }

    /// Sends `isready` and waits for `readyok`.
    ///
    /// # Errors
    /// When the engine does not answer in time.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.line(deadline, "answering 'isready'")?.trim() != "readyok" {}
        Ok(())
    }

    /// Sets an option (`setoption name NAME value VALUE`).
    ///
    /// # Errors
    /// When the engine's input is closed.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Sends `position` and `go` lines and waits until `deadline` for `bestmove`, keeping
    /// the last score and depth of the `info` lines on the way.
    ///
    /// # Errors
    /// When the engine exits or does not answer by the deadline.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<Answer, EngineError> {
        self.send(position)?;
        self.send(go)?;
        let mut answer = Answer::default();
        loop {
            let line = self.line(deadline, "thinking")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    answer.bestmove = words.next().unwrap_or("").to_string();
                    return Ok(answer);
                }
                Some("info") => read_info(&line, &mut answer),
                _ => {}
            }
        }
    }
}

/// Score and depth from an `info` line, when it has them (bounds are skipped: they are not
/// the engine's opinion).
fn read_info(line: &str, answer: &mut Answer) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.contains(&"lowerbound") || words.contains(&"upperbound") {
        return;
    }
    for (i, w) in words.iter().enumerate() {
        match *w {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|t| t.parse().ok()) {
                    answer.depth = Some(d);
                }
            }
            "score" => match (
                words.get(i + 1),
                words.get(i + 2).and_then(|t| t.parse().ok()),
            ) {
                (Some(&"cp"), Some(cp)) => answer.score = Some(cp),
                (Some(&"mate"), Some(n)) => {
                    let n: i32 = n;
                    answer.score = Some(if n > 0 { 100_000 - n } else { -100_000 - n });
                }
                _ => {}
            },
            "string" => return,
            _ => {}
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A well-behaved engine is gone at once; give it a moment, then kill it.
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let mut a = Answer::default();
        read_info(
            "info depth 7 seldepth 12 score cp -35 nodes 100 pv e2e4",
            &mut a,
        );
        assert_eq!((a.score, a.depth), (Some(-35), Some(7)));
        read_info("info depth 8 score cp 500 lowerbound", &mut a);
        assert_eq!((a.score, a.depth), (Some(-35), Some(7)));
        read_info("info depth 9 score mate 3 pv a1a8", &mut a);
        assert_eq!((a.score, a.depth), (Some(99_997), Some(9)));
        read_info("info score mate -2", &mut a);
        assert_eq!(a.score, Some(-99_998));
        read_info("info string depth 1 score cp 0", &mut a);
        assert_eq!(a.score, Some(-99_998));
    }

    #[test]
    fn missing_program_is_a_clear_error() {
        let e = UciEngine::start("/nonexistent/engine --uci").err().unwrap();
        assert!(e.to_string().contains("/nonexistent/engine"), "{e}");
        assert!(matches!(
            UciEngine::start("  ").err().unwrap(),
            EngineError::BadCommand(_)
        ));
    }

    #[test]
    fn engine_that_exits_is_seen() {
        // `true` exits at once: the handshake ends with an error, not a wait.
        let e = UciEngine::start("true").err().unwrap();
        assert!(
            matches!(e, EngineError::Exited(_) | EngineError::Io(_)),
            "{e}"
        );
    }
}
