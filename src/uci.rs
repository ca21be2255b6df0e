//! The UCI engine protocol, so chess GUIs and match tools can drive the search.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant value <id>` (every
//! [`VariantId`]), `setoption name Hash value <MB>`, `setoption name Threads value <N>`
//! (Lazy SMP, default 1), `position startpos|fen <text> [moves
//! ...]`, `go` with `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `depth`, `nodes`
//! and `infinite`, `stop`, `quit`, and `d` (prints the position string as an info line).
//! Moves are coordinate tokens (RULES.md section 1); for `chess` the engine writes the plain
//! UCI promotion form `e7e8q`. A line it cannot use is answered with `info string error: ...`
//! and otherwise ignored.
//!
//! The search runs on its own thread, so `stop`, `isready` and `quit` are read while it
//! thinks; `info` lines after each iteration (and `info ... currmove` about once a second
//! during one) and the final `bestmove` are written from that thread. Without `infinite`, the end of input waits for the running search to finish.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::ai::{Clock, Engine, SearchInfo, SearchLimits, DEFAULT_HASH_MB};
use crate::notation::coord;
use crate::rules::{ByColor, Move, Position, Variant};
use crate::variants::{variant, VariantId};

/// Largest hash table the `Hash` option accepts, in megabytes.
const MAX_HASH_MB: usize = 4096;
/// Most search threads the `Threads` option accepts.
const MAX_THREADS: usize = 256;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Reads UCI commands from `input` until `quit` or the end of input, writing replies to
/// `output`. Never panics on bad input.
///
/// ```
/// let input = "uci\nposition startpos moves e2e4\ngo depth 2\n";
/// let out = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
/// struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
/// impl std::io::Write for Shared {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
///         self.0.lock().unwrap().write(b)
///     }
///     fn flush(&mut self) -> std::io::Result<()> {
///         Ok(())
///     }
/// }
/// rankup::uci::run(input.as_bytes(), Shared(out.clone()));
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("uciok"));
/// assert!(text.lines().last().unwrap().starts_with("bestmove "));
/// ```
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let mut session = Session::new(Arc::new(Mutex::new(Box::new(output))));
    for line in input.lines() {
        let Ok(line) = line else {
            session.say("info string error: input is not valid UTF-8");
            continue;
        };
        if !session.command(&line) {
            session.finish(true);
            return;
        }
    }
    session.finish(false);
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Only `stop` ends it (`go infinite`, or `go` without limits).
    endless: bool,
    handle: JoinHandle<()>,
}

/// The protocol state between commands.
struct Session {
    out: Output,
    id: VariantId,
    position: Position,
    /// Repetition keys of the positions so far, the current one last.
    keys: Vec<u64>,
    engine: Arc<Mutex<Engine>>,
    running: Option<Running>,
    /// Search threads (the `Threads` option).
    threads: usize,
}

impl Session {
    fn new(out: Output) -> Session {
        let id = VariantId::Chess;
        let position = Position::start(variant(id));
        Session {
            out,
            id,
            keys: vec![position.repetition_key()],
            position,
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_HASH_MB))),
            running: None,
            threads: 1,
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("info string error: {message}"));
    }

    /// Handles one line; `false` means quit.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return true;
        };
        match name {
            "uci" => self.uci(),
            "isready" => self.say("readyok"),
            "ucinewgame" => {
                self.finish(true);
                self.engine
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
                self.reset();
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.finish(true),
            "quit" => return false,
            "d" => self.say(&format!("info string fen {}", self.position.fen())),
            "debug" | "register" | "ponderhit" => {}
            _ => self.error(&format!("unknown command '{name}'")),
        }
        true
    }

    fn uci(&self) {
        let mut text = format!(
            "id name rankup {}\nid author the rankup developers\n",
            env!("CARGO_PKG_VERSION")
        );
        let _ = write!(
            text,
            "option name UCI_Variant type combo default {}",
            VariantId::Chess
        );
        for id in VariantId::ALL {
            let _ = write!(text, " var {id}");
        }
        let _ = write!(
            text,
            "\noption name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}\n\
             option name Threads type spin default 1 min 1 max {MAX_THREADS}\nuciok"
        );
        self.say(&text);
    }

    /// Back to the start position of the current game.
    fn reset(&mut self) {
        self.position = Position::start(variant(self.id));
        self.keys = vec![self.position.repetition_key()];
    }

    fn setoption(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.error(&format!(
                "expected 'setoption name <id> [value <x>]', got '{text}'"
            ));
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match value.parse::<VariantId>() {
                Ok(id) => {
                    self.finish(true);
                    self.id = id;
                    self.reset();
                }
                Err(e) => self.error(&e.to_string()),
            }
        } else if name.eq_ignore_ascii_case("Hash") {
            match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.finish(true);
                    self.engine
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .set_hash_size(mb);
                }
                _ => self.error(&format!(
                    "Hash must be 1..={MAX_HASH_MB} megabytes, got '{value}'"
                )),
            }
        } else if name.eq_ignore_ascii_case("Threads") {
            match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.finish(true);
                    self.threads = n;
                }
                _ => self.error(&format!("Threads must be 1..={MAX_THREADS}, got '{value}'")),
            }
        } else {
            self.error(&format!("unknown option '{name}'"));
        }
    }

    /// `position startpos|fen <text> [moves ...]`; on any error the position is unchanged.
    fn position(&mut self, args: &[&str]) {
        let v = variant(self.id);
        let split = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match split {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut pos = match setup.split_first() {
            Some((&"startpos", [])) => Position::start(v),
            Some((&"fen", fields)) if !fields.is_empty() => {
                let text = fields.join(" ");
                match Position::from_fen(v, &text) {
                    Ok(p) => p,
                    Err(e) => return self.error(&format!("bad position '{text}': {e}")),
                }
            }
            _ => {
                return self.error(&format!(
                    "expected 'position startpos|fen <text> [moves ...]', got 'position {}'",
                    args.join(" ")
                ))
            }
        };
        let mut keys = vec![pos.repetition_key()];
        for (i, token) in moves.iter().enumerate() {
            match coord::parse(&pos, token) {
                Ok(mv) => {
                    pos.make(mv);
                    keys.push(pos.repetition_key());
                }
                Err(e) => return self.error(&format!("{e} (move {} of position)", i + 1)),
            }
        }
        self.position = pos;
        self.keys = keys;
    }

    fn go(&mut self, args: &[&str]) {
        self.finish(true);
        let mut limits = match parse_go(args) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        limits.threads = self.threads;
        let stop = Arc::new(AtomicBool::new(false));
        let endless = limits.infinite
            || (limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && limits.clock.is_none());
        let handle = {
            let (out, engine, stop) = (
                Arc::clone(&self.out),
                Arc::clone(&self.engine),
                Arc::clone(&stop),
            );
            let (pos, keys, v) = (self.position.clone(), self.keys.clone(), variant(self.id));
            thread::spawn(move || {
                let result = engine
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .search(&pos, &keys, &limits, &stop, &mut |info| {
                        say(&out, &info_line(v, info))
                    });
                // UCI: in infinite mode the best move waits for `stop`.
                while limits.infinite && !stop.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(2));
                }
                let best = result.best.map_or("(none)".to_string(), |m| token(v, &m));
                say(&out, &format!("bestmove {best}"));
            })
        };
        self.running = Some(Running {
            stop,
            endless,
            handle,
        });
    }

    /// Ends the running search, if any: at once when `now` (or when only `stop` would end
    /// it), otherwise by waiting for it to finish.
    fn finish(&mut self, now: bool) {
        if let Some(r) = self.running.take() {
            if now || r.endless {
                r.stop.store(true, Ordering::Relaxed);
            }
            if r.handle.join().is_err() {
                self.error("the search thread failed");
            }
        }
    }
}

fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(PoisonError::into_inner);
    // A closed output means nobody is listening; there is no one to tell.
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// A move as the protocol writes it: the coordinate token, with the plain UCI `e7e8q` for
/// `chess` (whose GUIs know no other form).
pub fn token(v: &Variant, mv: &Move) -> String {
    let text = coord::format(v, mv);
    if v.id() == VariantId::Chess.as_str() {
        text.replace('=', "")
    } else {
        text
    }
}

fn info_line(v: &Variant, info: &SearchInfo) -> String {
    if let Some((depth, mv, number)) = info.current {
        // A progress report during an iteration.
        return format!(
            "info depth {depth} currmove {} currmovenumber {number} nodes {} nps {} time {} hashfull {}",
            token(v, &mv),
            info.nodes,
            info.nps,
            info.time.as_millis(),
            info.hashfull
        );
    }
    let score = match info.score.mate_moves() {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", info.score.0),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&token(v, mv));
        }
    }
    line
}

/// Reads the arguments of `go`.
fn parse_go(args: &[&str]) -> Result<SearchLimits, String> {
    let mut limits = SearchLimits::default();
    let mut clock = Clock::default();
    let mut timed = false;
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("'go {word}' needs a number"))?;
            text.parse()
                .map_err(|_| format!("'go {word}' needs a number, got '{text}'"))
        };
        let ms = Duration::from_millis;
        match word {
            "infinite" => limits.infinite = true,
            "ponder" => {}
            "depth" => limits.depth = Some(number()?.min(u64::from(u32::MAX)) as u32),
            "nodes" => limits.nodes = Some(number()?),
            "movetime" => limits.movetime = Some(ms(number()?)),
            "wtime" | "btime" | "winc" | "binc" => {
                let d = ms(number()?);
                let slot: &mut ByColor<Duration> = if word.ends_with("time") {
                    &mut clock.time
                } else {
                    &mut clock.inc
                };
                if word.starts_with('w') {
                    slot.white = d;
                } else {
                    slot.black = d;
                }
                timed |= word.ends_with("time");
            }
            "movestogo" => clock.moves_to_go = Some(number()?.min(1000) as u32),
            other => return Err(format!("unknown go parameter '{other}'")),
        }
    }
    if timed {
        limits.clock = Some(clock);
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Score;

    #[test]
    fn progress_and_iteration_info_lines() {
        let v = variant(VariantId::Chess);
        let pos = Position::start(v);
        let e4 = coord::parse(&pos, "e2e4").unwrap();
        let mut info = SearchInfo {
            depth: 7,
            seldepth: 11,
            score: Score(31),
            nodes: 5000,
            nps: 250_000,
            time: Duration::from_millis(20),
            pv: vec![e4],
            hashfull: 3,
            current: None,
        };
        assert_eq!(
            info_line(v, &info),
            "info depth 7 seldepth 11 score cp 31 nodes 5000 nps 250000 time 20 hashfull 3 pv e2e4"
        );
        info.current = Some((8, e4, 3));
        assert_eq!(
            info_line(v, &info),
            "info depth 8 currmove e2e4 currmovenumber 3 nodes 5000 nps 250000 time 20 hashfull 3"
        );
    }

    #[test]
    fn go_parameters() {
        let l = parse_go(&[
            "wtime",
            "1000",
            "btime",
            "2000",
            "winc",
            "10",
            "movestogo",
            "5",
        ])
        .unwrap();
        let clock = l.clock.unwrap();
        assert_eq!(clock.time.black, Duration::from_millis(2000));
        assert_eq!(clock.inc.white, Duration::from_millis(10));
        assert_eq!(clock.moves_to_go, Some(5));
        assert_eq!(parse_go(&["depth", "7"]).unwrap(), SearchLimits::depth(7));
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["nodes", "x"]).is_err());
        assert!(parse_go(&["sideways"]).is_err());
        assert_eq!(parse_go(&[]).unwrap(), SearchLimits::default());
    }
}
