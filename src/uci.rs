//! The UCI engine protocol, so chess GUIs and match tools can drive the search.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant value <id>` (every
//! [`VariantId`]), `setoption name Hash value <MB>`, `setoption name Threads value <N>`
//! (Lazy SMP, default 1), `Clear Hash` (a button), `MultiPV` (an `info ... multipv i` line
//! per line after each iteration), `UCI_ShowWDL` (`wdl` per mille on `info` lines, from
//! [`Score::wdl`](crate::ai::Score::wdl)), `Move Overhead` (milliseconds taken off both
//! clocks), `Ponder` (`bestmove <move> ponder <reply>`), `position startpos|fen <text> [moves
//! ...]`, `go` with `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `depth`, `nodes`,
//! `mate` (searched as that many moves deep), `searchmoves`, `ponder` (searched without a
//! time limit until `ponderhit`, from which the same search goes on under the `go`'s own
//! limits counted from that moment, or until `stop`) and `infinite`, `ponderhit`, `stop`,
//! `quit`, and `d` (prints the position string as an info line). Moves are coordinate tokens (README, "Move tokens"); for `chess` the engine writes the
//! plain UCI promotion form `e7e8q`. A line it cannot use is answered with `info string
//! error: ...` and otherwise ignored.
//!
//! Every `go` is answered with a `bestmove` (`bestmove 0000` when there is no legal move): a
//! parameter it cannot use is reported as `info string error: ...` and left out (a negative
//! time, as GUIs send after an overrun, counts as no time left; a number too large for 64
//! bits as the largest), and a `go` left with no limit by its errors searches for
//! [`FALLBACK_MOVETIME`] instead of waiting for a `stop` the GUI may never send.
//!
//! Input is read on its own thread, a line of at most [`MAX_LINE_BYTES`] at a time, so
//! `stop`, `isready` and `quit` are heard while the search thinks; `info` lines come after
//! each iteration and, with `currmove`, about once a second during one. The end of the input
//! (the GUI or match runner closed the pipe or died) is `stop` and `quit`: a running search
//! stops, writes its `bestmove`, and the program ends.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::ai::{Clock, Engine, Ponder, SearchInfo, SearchLimits, DEFAULT_HASH_MB};

mod options;

use crate::input::{read_line, size_text, Line};
use crate::notation::coord;
use crate::rules::{Move, Position, Variant};
use crate::text::{sanitize, short};
use crate::variants::{variant, VariantId};
use options::{Options, Set};

/// Largest hash table the `Hash` option accepts, in megabytes.
const MAX_HASH_MB: usize = 4096;
/// Most search threads the `Threads` option accepts.
const MAX_THREADS: usize = 256;

/// Longest input line read, in bytes (a `position ... moves` line of thousands of moves is
/// a few tens of KiB); a longer one is dropped with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How long a `go` searches when its errors left it without any limit.
pub const FALLBACK_MOVETIME: Duration = Duration::from_secs(1);

/// How many read lines may wait for the session (the reader blocks beyond that, so a flood
/// of input does not pile up in memory).
const QUEUE: usize = 64;

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// What the input thread hands to the session.
enum Input {
    /// A line of text.
    Line(String),
    /// A line that could not be used (not UTF-8, too long); the message says why.
    Bad(String),
}

/// Reads UCI commands from `input` until `quit` or the end of input, writing replies to
/// `output`. Never panics on bad input; at the end of input a running search is stopped
/// (its `bestmove` is written) before this returns.
///
/// `input` is read on a thread of its own, which is left blocked in its read if `quit`
/// comes first (as on a terminal's stdin; the process ends anyway).
///
/// ```
/// use std::sync::{Arc, Mutex};
/// let input = std::io::Cursor::new("uci\nposition startpos moves e2e4\ngo depth 2\n");
/// let out = Arc::new(Mutex::new(Vec::new()));
/// struct Shared(Arc<Mutex<Vec<u8>>>);
/// impl std::io::Write for Shared {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
///         self.0.lock().unwrap().write(b)
///     }
///     fn flush(&mut self) -> std::io::Result<()> {
///         Ok(())
///     }
/// }
/// rankup::uci::run(input, Shared(out.clone()));
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("uciok"));
/// // The input ended during the search: it stopped, and still answered.
/// assert!(text.lines().last().unwrap().starts_with("bestmove "));
/// ```
pub fn run(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    let mut session = Session::new(Arc::new(Mutex::new(Box::new(output))));
    let (lines, received) = mpsc::sync_channel(QUEUE);
    let reader = match thread::Builder::new()
        .name("uci-input".into())
        .spawn(move || read_input(input, &lines))
    {
        Ok(handle) => handle,
        Err(e) => return session.error(&format!("cannot start the input thread: {e}")),
    };
    let mut quit = false;
    // The channel closes when the reader ends: the end of the input.
    while let Ok(input) = received.recv() {
        match input {
            Input::Line(line) => {
                if !session.command(&line) {
                    quit = true;
                    break;
                }
            }
            Input::Bad(why) => session.error(&why),
        }
    }
    session.stop();
    if !quit {
        // The reader has returned (its end closed the channel): no thread is left behind.
        // After `quit` it may be blocked in a read, and is left to end with the process.
        let _ = reader.join();
    }
}

/// The input thread: sends each line to the session until the end of the input, a read
/// error, or the session's end.
fn read_input(mut input: impl BufRead, lines: &SyncSender<Input>) {
    loop {
        let item = match read_line(&mut input, MAX_LINE_BYTES) {
            Ok(None) => return,
            Ok(Some(Line::Text(bytes))) => match String::from_utf8(bytes) {
                Ok(text) => Input::Line(text),
                Err(_) => Input::Bad("input is not valid UTF-8".into()),
            },
            Ok(Some(Line::TooLong)) => Input::Bad(format!(
                "a line longer than {} was ignored",
                size_text(MAX_LINE_BYTES as u64)
            )),
            Err(e) => {
                // A broken input is an ended one.
                let _ = lines.send(Input::Bad(format!("cannot read input: {e}")));
                return;
            }
        };
        if lines.send(item).is_err() {
            return;
        }
    }
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    /// For a `go ponder`: the switch `ponderhit` turns.
    ponder: Option<Arc<Ponder>>,
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
    /// The other options.
    options: Options,
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
            options: Options::default(),
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// An `info string error:` line. Messages quote the input, which may hold anything: they
    /// are sanitised (no ESC, NUL or line breaks reach the GUI).
    fn error(&self, message: &str) {
        self.say(&format!("info string error: {}", sanitize(message)));
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
                self.stop();
                self.engine
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
                self.reset();
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.stop(),
            "quit" => return false,
            "d" => self.say(&format!("info string fen {}", self.position.fen())),
            "ponderhit" => self.ponderhit(),
            "debug" | "register" => {}
            _ => self.error(&format!("unknown command '{}'", short(name))),
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
        for id in VariantId::all() {
            let _ = write!(text, " var {id}");
        }
        let _ = write!(
            text,
            "\noption name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}\n\
             option name Threads type spin default 1 min 1 max {MAX_THREADS}\n\
             option name Clear Hash type button"
        );
        Options::declare(&mut text);
        text.push_str("\nuciok");
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
                "expected 'setoption name <id> [value <x>]', got '{}'",
                short(&text)
            ));
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match value.parse::<VariantId>() {
                Ok(id) => {
                    self.stop();
                    self.id = id;
                    self.reset();
                }
                Err(e) => self.error(&e.to_string()),
            }
        } else if name.eq_ignore_ascii_case("Hash") {
            match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.stop();
                    self.engine
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .set_hash_size(mb);
                }
                _ => self.error(&format!(
                    "Hash must be 1..={MAX_HASH_MB} megabytes, got '{}'",
                    short(value)
                )),
            }
        } else if name.eq_ignore_ascii_case("Threads") {
            match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.stop();
                    self.threads = n;
                }
                _ => self.error(&format!(
                    "Threads must be 1..={MAX_THREADS}, got '{}'",
                    short(value)
                )),
            }
        } else if name.eq_ignore_ascii_case("Clear Hash") {
            self.stop();
            self.engine
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clear();
        } else {
            match self.options.set(name, value) {
                Set::Done => {}
                Set::Bad(message) => self.error(&message),
                Set::Unknown => self.error(&format!("unknown option '{}'", short(name))),
            }
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
                    Err(e) => return self.error(&format!("bad position '{}': {e}", short(&text))),
                }
            }
            _ => {
                return self.error(&format!(
                    "expected 'position startpos|fen <text> [moves ...]', got 'position {}'",
                    short(&args.join(" "))
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
        self.stop();
        let Go {
            mut limits,
            errors,
            ponder,
        } = parse_go(args, &self.position);
        limits.threads = self.threads;
        self.options.apply(&mut limits, crate::ai::fresh_seed());
        for e in &errors {
            self.error(e);
        }
        let unlimited = !limits.infinite
            && limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none();
        if unlimited && !errors.is_empty() {
            // A plain `go` searches until `stop`; one whose parameters were all unusable may
            // come from a GUI that waits for a move instead.
            limits.movetime = Some(FALLBACK_MOVETIME);
            self.say(&format!(
                "info string searching with the default limit: movetime {}",
                FALLBACK_MOVETIME.as_millis()
            ));
        }
        // Pondering searches with the `go`'s limits, which count from `ponderhit`.
        self.start(limits, ponder.then(|| Arc::new(Ponder::new())));
    }

    /// Starts a search with `limits` on its thread (`ponder`: the switch of a `go ponder`).
    fn start(&mut self, limits: SearchLimits, ponder: Option<Arc<Ponder>>) {
        let stop = Arc::new(AtomicBool::new(false));
        let (out, engine, stop_flag, switch) = (
            Arc::clone(&self.out),
            Arc::clone(&self.engine),
            Arc::clone(&stop),
            ponder.clone(),
        );
        let (pos, keys, v) = (self.position.clone(), self.keys.clone(), variant(self.id));
        let options = self.options.clone();
        let search = move || {
            let mut on_info = |info: &SearchInfo| say(&out, &info_line(v, info, options.show_wdl));
            let result = {
                let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
                match &switch {
                    Some(p) => engine.ponder(&pos, &keys, &limits, &stop_flag, p, &mut on_info),
                    None => engine.search(&pos, &keys, &limits, &stop_flag, &mut on_info),
                }
            };
            // UCI: in infinite mode, and while pondering, the best move waits for `stop` (or
            // for `ponderhit`).
            let waits = || limits.infinite || switch.as_ref().is_some_and(|p| p.is_pondering());
            while waits() && !stop_flag.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(2));
            }
            say(&out, &options.bestmove(&result, |m| token(v, m)));
        };
        match thread::Builder::new()
            .name("uci-search".into())
            .spawn(search)
        {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    handle,
                    ponder,
                })
            }
            Err(e) => {
                self.error(&format!("cannot start the search thread: {e}"));
                self.say("bestmove 0000");
            }
        }
    }

    /// `ponderhit`: the opponent played the expected move, so the ponder search goes on
    /// (its iteration, table and histories kept) under the `go`'s own limits, counted from
    /// now, and answers when they end it. Without a ponder search running it does nothing.
    fn ponderhit(&mut self) {
        if let Some(p) = self.running.as_ref().and_then(|r| r.ponder.as_ref()) {
            p.hit();
        }
    }

    /// Stops the running search, if any, and waits for it to write its `bestmove`.
    fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
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

fn info_line(v: &Variant, info: &SearchInfo, show_wdl: bool) -> String {
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
    let wdl = if show_wdl {
        let (w, d, l) = info.score.wdl();
        format!(" wdl {w} {d} {l}")
    } else {
        String::new()
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{wdl} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.multipv,
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

/// What `go` asked for, and what in it could not be used.
#[derive(Debug, Default)]
struct Go {
    limits: SearchLimits,
    /// One message per parameter left out.
    errors: Vec<String>,
    /// `go ponder`: search the expected move's position until `ponderhit` or `stop`.
    ponder: bool,
}

/// A number as `go` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Number {
    /// Zero or more; past `u64::MAX` it is `u64::MAX`.
    Value(u64),
    /// Below zero.
    Negative,
}

/// Reads `[-]DIGITS`; `None` for anything else.
fn number(text: &str) -> Option<Number> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative && digits.bytes().any(|b| b != b'0') {
        return Some(Number::Negative);
    }
    // All digits: the only parse error left is a value past u64::MAX.
    Some(Number::Value(digits.parse().unwrap_or(u64::MAX)))
}

/// The words `go` knows (a `searchmoves` list ends at the next one).
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Reads the arguments of `go` for a search of `pos`. Nothing is fatal: each parameter that
/// cannot be used is left out with a message (where a number should be, a parameter name is
/// read as the next parameter, anything else as the bad value).
fn parse_go(args: &[&str], pos: &Position) -> Go {
    let mut go = Go::default();
    let mut clock = Clock::default();
    let mut timed = false;
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        match word {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while i < args.len() && !GO_WORDS.contains(&args[i]) {
                    match coord::parse(pos, args[i]) {
                        Ok(mv) => go.limits.searchmoves.push(mv),
                        Err(e) => go.errors.push(format!("searchmoves: {e}")),
                    }
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "depth" | "nodes" | "mate"
            | "movestogo" => {
                let n = match args.get(i).map(|t| (t, number(t))) {
                    Some((_, Some(n))) => {
                        i += 1;
                        n
                    }
                    Some((text, None)) => {
                        go.errors
                            .push(format!("'go {word}' needs a number, got '{}'", short(text)));
                        // A parameter name is read as one; anything else was the bad value.
                        if !GO_WORDS.contains(text) {
                            i += 1;
                        }
                        continue;
                    }
                    None => {
                        go.errors.push(format!("'go {word}' needs a number"));
                        continue;
                    }
                };
                let value = match (word, n) {
                    (_, Number::Value(v)) => v,
                    // A GUI sends a negative time after an overrun: no time left.
                    ("wtime" | "btime" | "winc" | "binc" | "movetime", Number::Negative) => 0,
                    (_, Number::Negative) => {
                        go.errors
                            .push(format!("'go {word}' needs a number of 0 or more"));
                        continue;
                    }
                };
                let ms = Duration::from_millis(value);
                let depth = |plies: u64| Some(u32::try_from(plies).unwrap_or(u32::MAX));
                match word {
                    "wtime" => (clock.time.white, timed) = (ms, true),
                    "btime" => (clock.time.black, timed) = (ms, true),
                    "winc" => clock.inc.white = ms,
                    "binc" => clock.inc.black = ms,
                    "movetime" => go.limits.movetime = Some(ms),
                    "depth" => go.limits.depth = depth(value),
                    "nodes" => go.limits.nodes = Some(value),
                    "movestogo" => clock.moves_to_go = Some(value.min(1000) as u32),
                    // A mate in N moves is within 2N - 1 plies.
                    _ if value == 0 => go.errors.push("'go mate' needs 1 or more moves".into()),
                    _ => {
                        let plies = depth(value.saturating_mul(2) - 1);
                        go.limits.depth = go.limits.depth.min(plies).or(plies);
                    }
                }
            }
            other => go
                .errors
                .push(format!("unknown go parameter '{}'", short(other))),
        }
    }
    if timed {
        go.limits.clock = Some(clock);
    }
    go
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
            multipv: 1,
        };
        assert_eq!(
            info_line(v, &info, false),
            "info depth 7 seldepth 11 multipv 1 score cp 31 nodes 5000 nps 250000 time 20 hashfull 3 pv e2e4"
        );
        assert_eq!(
            info_line(v, &info, true),
            "info depth 7 seldepth 11 multipv 1 score cp 31 wdl 293 471 236 nodes 5000 nps 250000 time 20 hashfull 3 pv e2e4"
        );
        info.current = Some((8, e4, 3));
        assert_eq!(
            info_line(v, &info, false),
            "info depth 8 currmove e2e4 currmovenumber 3 nodes 5000 nps 250000 time 20 hashfull 3"
        );
    }

    use crate::variants::{variant, VariantId};

    fn go(args: &str) -> Go {
        let pos = Position::start(variant(VariantId::Chess));
        let words: Vec<&str> = args.split_whitespace().collect();
        parse_go(&words, &pos)
    }

    #[test]
    fn go_parameters() {
        let g = go("wtime 1000 btime 2000 winc 10 movestogo 5");
        assert!(g.errors.is_empty());
        let clock = g.limits.clock.unwrap();
        assert_eq!(clock.time.black, Duration::from_millis(2000));
        assert_eq!(clock.inc.white, Duration::from_millis(10));
        assert_eq!(clock.moves_to_go, Some(5));
        assert_eq!(go("depth 7").limits, SearchLimits::depth(7));
        assert_eq!(go("").limits, SearchLimits::default());
        assert!(go("").errors.is_empty());
    }

    /// Every malformed `go`: the usable parameters are kept, each bad one gives one error.
    #[test]
    fn go_rule_table() {
        let max = u64::MAX;
        for (args, depth, nodes, movetime, white_ms, errors) in [
            ("depth", None, None, None, None, 1),
            ("depth x", None, None, None, None, 1),
            ("nodes x depth 3", Some(3), None, None, None, 1),
            ("depth infinite", None, None, None, None, 1),
            ("sideways", None, None, None, None, 1),
            ("depth 4294967296", Some(u32::MAX), None, None, None, 0),
            (
                "depth 99999999999999999999999",
                Some(u32::MAX),
                None,
                None,
                None,
                0,
            ),
            ("depth -1", None, None, None, None, 1),
            (
                "nodes 99999999999999999999999",
                None,
                Some(max),
                None,
                None,
                0,
            ),
            ("movetime -5", None, None, Some(0), None, 0),
            (
                "movetime 99999999999999999999999",
                None,
                None,
                Some(max),
                None,
                0,
            ),
            ("wtime -100 btime 5000", None, None, None, Some(0), 0),
            ("wtime 1e3", None, None, None, None, 1),
            ("mate 3", Some(5), None, None, None, 0),
            ("mate 3 depth 2", Some(2), None, None, None, 0),
            ("depth 2 mate 3", Some(2), None, None, None, 0),
            ("mate 0", None, None, None, None, 1),
            (
                "mate 99999999999999999999",
                Some(u32::MAX),
                None,
                None,
                None,
                0,
            ),
            (
                "searchmoves e2e4 d2d4 depth 3",
                Some(3),
                None,
                None,
                None,
                0,
            ),
            ("searchmoves e2e5 depth 3", Some(3), None, None, None, 1),
            ("ponder depth 1 frob 2", Some(1), None, None, None, 2),
        ] {
            let g = go(args);
            assert_eq!(g.limits.depth, depth, "{args}");
            assert_eq!(g.limits.nodes, nodes, "{args}");
            assert_eq!(
                g.limits.movetime,
                movetime.map(Duration::from_millis),
                "{args}"
            );
            assert_eq!(
                g.limits.clock.map(|c| c.time.white),
                white_ms.map(Duration::from_millis),
                "{args}"
            );
            assert_eq!(g.errors.len(), errors, "{args}: {:?}", g.errors);
        }
        assert_eq!(
            go("searchmoves e2e4 d2d4 depth 3").limits.searchmoves.len(),
            2
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(number("12"), Some(Number::Value(12)));
        assert_eq!(number("+12"), Some(Number::Value(12)));
        assert_eq!(number("-0"), Some(Number::Value(0)));
        assert_eq!(number("-7"), Some(Number::Negative));
        assert_eq!(
            number("18446744073709551616"),
            Some(Number::Value(u64::MAX))
        );
        for bad in ["", "-", "1.5", "x", "1e3", "--1", "+-1", "٣"] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }
}
