//! The UCI protocol: scripted sessions through `rankup::uci::run`, and a small match driver
//! that plays whole games against the `rankup uci` binary.

use std::io::{BufRead, BufReader, Cursor, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rankup::game::Game;
use rankup::notation::coord;
use rankup::rules::{Move, Position};
use rankup::variants::{variant, VariantId};

mod common;

/// A `Write` shared with the test, since `uci::run` takes its output by value.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// A script as the session's input. The end of the input stops a running search, so at the
/// end of the script it waits until every `go` has its `bestmove` (as a GUI waits before it
/// closes the pipe) and only then ends.
struct Script {
    text: Cursor<Vec<u8>>,
    out: Shared,
    gos: usize,
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.text.read(buf)?;
        if n == 0 {
            while bestmoves(&self.out.lines()).len() < self.gos {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        Ok(n)
    }
}

/// Runs a scripted session to the end of every search and returns its output lines.
fn session(script: &str) -> Vec<String> {
    let out = Shared::default();
    let gos = script
        .lines()
        .filter(|l| l.split_whitespace().next() == Some("go"))
        .count();
    let input = Script {
        text: Cursor::new(script.as_bytes().to_vec()),
        out: out.clone(),
        gos,
    };
    rankup::uci::run(BufReader::new(input), out.clone());
    out.lines()
}

/// Runs a session whose input ends right after the script, as when a GUI dies.
fn session_cut_short(script: &[u8]) -> Vec<String> {
    let out = Shared::default();
    rankup::uci::run(Cursor::new(script.to_vec()), out.clone());
    out.lines()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(str::to_string)
        .collect()
}

fn assert_legal(id: VariantId, fen: Option<&str>, moves: &[&str], token: &str) -> Move {
    let v = variant(id);
    let mut pos = fen.map_or_else(|| Position::start(v), |f| Position::from_fen(v, f).unwrap());
    for m in moves {
        let mv = coord::parse(&pos, m).unwrap();
        pos.make(mv);
    }
    coord::parse(&pos, token).unwrap_or_else(|e| panic!("bestmove {token}: {e} in {}", pos.fen()))
}

#[test]
fn handshake_lists_every_variant() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name rankup"));
    let mut combo = "option name UCI_Variant type combo default chess".to_string();
    for id in VariantId::ALL {
        combo.push_str(&format!(" var {id}"));
    }
    assert!(lines.contains(&combo), "{lines:?}");
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn go_depth_gives_a_legal_bestmove_with_info() {
    let lines = session("position startpos moves e2e4 e7e5 g1f3\ngo depth 4\n");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert_legal(VariantId::Chess, None, &["e2e4", "e7e5", "g1f3"], &best[0]);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4);
    assert!(infos[3].starts_with("info depth 4 "));
    assert!(infos
        .iter()
        .all(|l| l.contains(" score cp ") && l.contains(" pv ")));
}

#[test]
fn threads_option_runs_a_parallel_search() {
    let lines = session(
        "setoption name Threads value 2
position startpos moves e2e4
go depth 5
         setoption name Threads value 0
",
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: Threads must be 1..=")));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert_legal(VariantId::Chess, None, &["e2e4"], &best[0]);
    assert!(session(
        "uci
"
    )
    .iter()
    .any(|l| l == "option name Threads type spin default 1 min 1 max 256"));
}

#[test]
fn go_movetime_infinite_and_stop() {
    let lines = session(
        "ucinewgame\nposition startpos\ngo movetime 100\nisready\n\
         position startpos moves d2d4\ngo infinite\nstop\n\
         go wtime 300 btime 300 winc 10 binc 10\n",
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 3, "{lines:?}");
    assert_legal(VariantId::Chess, None, &[], &best[0]);
    assert_legal(VariantId::Chess, None, &["d2d4"], &best[1]);
    assert_legal(VariantId::Chess, None, &["d2d4"], &best[2]);
    assert!(lines.contains(&"readyok".to_string()));
}

#[test]
fn chess_promotions_use_the_plain_uci_form() {
    let fen = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1";
    let lines = session(&format!("position fen {fen}\ngo depth 3\n"));
    let best = &bestmoves(&lines)[0];
    assert!(best == "c7c8q" || best == "c7c8r", "{best}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    assert_legal(VariantId::Chess, Some(fen), &[], best);
}

#[test]
fn promochess_over_uci() {
    let lines = session(
        "setoption name UCI_Variant value promochess\nposition startpos moves e3e5 d7d5\n\
         go nodes 3000\nposition fen k8/9/1PH6/9/9/9/9/9/4K4 w - - 0 1\ngo depth 2\n",
    );
    let best = bestmoves(&lines);
    assert_legal(VariantId::Promochess, None, &["e3e5", "d7d5"], &best[0]);
    assert!(best[1] == "b7b9" || best[1] == "c7d9+", "{}", best[1]);
}

#[test]
fn bad_input_is_reported_and_survived() {
    let lines = session(
        "frobnicate\nposition fen not a position\nposition startpos moves e2e5\n\
         go depth x\nsetoption name UCI_Variant value xiangqi\nsetoption name Hash value 0\n\
         position\nisready\nposition startpos moves e2e4\ngo depth 1\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 7, "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()));
    // `go depth x` is answered too: it searched without the bad parameter.
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 2, "{lines:?}");
    assert_legal(VariantId::Chess, None, &[], &best[0]);
    assert_legal(VariantId::Chess, None, &["e2e4"], &best[1]);
}

#[test]
fn a_finished_game_answers_the_null_move() {
    // Checkmate and stalemate: GUIs expect `0000`, UCI's null move.
    for fen in [
        "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let lines = session(&format!(
            "position fen {fen}\ngo depth 2\ngo infinite\nstop\n"
        ));
        assert_eq!(bestmoves(&lines), ["0000", "0000"], "{fen}");
    }
}

/// How long a test waits for an engine process before calling it hung. Not a timing
/// assertion: the engine answers in milliseconds; this only turns a hang into a failure.
const HANG: Duration = Duration::from_secs(120);

/// One `rankup uci` process; its output lines arrive through a channel so that waiting for
/// them can give up on a hung engine.
struct EngineProcess {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl EngineProcess {
    fn start() -> EngineProcess {
        let mut child = common::rankup()
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the rankup binary starts");
        let input = child.stdin.take();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (lines, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let mut e = EngineProcess {
            child,
            input,
            output,
            seen: Vec::new(),
        };
        e.send("uci");
        e.wait_for("uciok");
        e
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input still open");
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> String {
        loop {
            match self.output.recv_timeout(HANG) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return line.trim().to_string();
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("no '{prefix}' from the engine; it said {:?}", self.seen);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine closed before '{prefix}'; it said {:?}", self.seen)
                }
            }
        }
    }

    /// Closes the engine's input and waits for it to end; returns the rest of its output.
    fn close_input(mut self) -> Vec<String> {
        drop(self.input.take());
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > HANG {
                let _ = self.child.kill();
                panic!("the engine kept running after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(status.success(), "{status:?}");
        // The process has ended, but its last lines may still be on their way through the
        // reader thread: read until the thread hangs up (at the end of the pipe), never
        // just what has arrived by now.
        let mut rest = Vec::new();
        loop {
            match self.output.recv_timeout(HANG) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => return rest,
                Err(RecvTimeoutError::Timeout) => {
                    panic!("the engine's output never ended; it said {rest:?}")
                }
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// Plays a game between two engine processes through the protocol, checking every reply.
fn play_match(id: VariantId, max_plies: usize) -> Game {
    let mut engines = [EngineProcess::start(), EngineProcess::start()];
    for e in &mut engines {
        e.send(&format!("setoption name UCI_Variant value {id}"));
        e.send("ucinewgame");
        e.send("isready");
        e.wait_for("readyok");
    }
    let mut game = Game::from_start(variant(id));
    let mut tokens: Vec<String> = Vec::new();
    while game.outcome().is_none() && tokens.len() < max_plies {
        let side = game.position().turn().index();
        let e = &mut engines[side];
        e.send(&format!("position startpos moves {}", tokens.join(" ")));
        // White thinks harder, so the game ends well before the move cap.
        e.send(if side == 0 {
            "go nodes 4000"
        } else {
            "go depth 1"
        });
        let line = e.wait_for("bestmove ");
        let token = line["bestmove ".len()..].to_string();
        let mv = coord::parse(game.position(), &token)
            .unwrap_or_else(|err| panic!("{id}: {err} after {}", tokens.join(" ")));
        game.play(mv).unwrap();
        tokens.push(token);
    }
    for e in engines {
        e.quit();
    }
    game
}

#[test]
fn match_driver_plays_whole_games() {
    // Two games are enough for the protocol; every game's moves are swept in tests/search.rs.
    for id in [VariantId::Chess, VariantId::Promochess] {
        let game = play_match(id, 300);
        let outcome = game.outcome();
        assert!(outcome.is_some(), "{id}: no result after 300 plies");
    }
}

/// A GUI waits for the `bestmove` of every `go`, with no `stop`: each malformed `go` is
/// answered (before, each printed an error and never a `bestmove`).
#[test]
fn every_malformed_go_is_answered_without_a_stop() {
    let mut engine = EngineProcess::start();
    for (go, errors) in [
        ("go wtime -100 btime 5000 winc 0 binc 0", 0),
        ("go mate 2", 0),
        ("go searchmoves e2e4 movetime 50", 0),
        ("go depth 3 frobnicate", 1),
        ("go depth x", 1),
        ("go wtime", 1),
        ("go nodes 99999999999999999999999 movetime 30", 0),
        ("go movetime 99999999999999999999999 depth 2", 0),
        ("go depth 4294967296 nodes 2000", 0),
        ("go sideways", 1),
    ] {
        engine.send("position startpos");
        engine.seen.clear();
        engine.send(go);
        let best = engine.wait_for("bestmove ");
        assert_legal(VariantId::Chess, None, &[], &best["bestmove ".len()..]);
        let reported = engine
            .seen
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert_eq!(reported, errors, "{go}: {:?}", engine.seen);
    }
    // `searchmoves` is obeyed; without a limit it searches until `stop`, as a plain `go`.
    engine.send("go depth 3 searchmoves a2a3");
    assert_eq!(engine.wait_for("bestmove "), "bestmove a2a3");
    engine.send("go searchmoves h2h3 g2g3");
    engine.wait_for("info depth 2 ");
    engine.send("stop");
    let best = engine.wait_for("bestmove ");
    assert!(best == "bestmove h2h3" || best == "bestmove g2g3", "{best}");
    engine.quit();
}

/// The end of input (a GUI or match runner that died) stops any search and ends the
/// program, after its `bestmove`; before, `go depth 100` or `go nodes ...` kept searching.
#[test]
fn end_of_input_stops_the_search_and_quits() {
    for go in [
        "go depth 100",
        "go nodes 100000000000",
        "go infinite",
        "go movetime 100000000",
    ] {
        let mut engine = EngineProcess::start();
        engine.send("position startpos moves e2e4");
        engine.send(go);
        engine.wait_for("info depth 2 ");
        let rest = engine.close_input();
        let best = bestmoves(&rest);
        assert_eq!(best.len(), 1, "{go}: {rest:?}");
        assert_legal(VariantId::Chess, None, &["e2e4"], &best[0]);
    }
}

/// In process, the end of input likewise stops the search at once and answers it.
#[test]
fn end_of_input_in_process() {
    let lines = session_cut_short(b"position startpos\ngo depth 100\n");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    let lines = session_cut_short(b"go infinite");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

/// A depth past 2^31 is the deepest search, not depth 1 (it wrapped to a negative number).
#[test]
fn a_huge_depth_searches_deep() {
    let lines = session("go depth 2147483648 nodes 20000\n");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
}

/// Bad input of any size or content gives one short, clean error line.
#[test]
fn errors_quote_a_short_clean_prefix() {
    let token = "x".repeat(100_000);
    let mut script =
        format!("{token}\nposition fen {token} w - - 0 1\nposition startpos moves {token}\n");
    script.push_str("go depth 1 searchmoves e2e4^b1\n");
    script.push_str("unknown\u{1b}[2J\u{202e}\0command\n");
    script.push_str(&format!("{}\nisready\n", "y".repeat(2 << 20)));
    script.push_str("go depth 1\n");
    let lines = session(&script);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(errors.len(), 6, "{errors:?}");
    for e in &errors {
        assert!(e.len() < 300, "{e}");
        assert!(!e.contains(['\u{1b}', '\u{202e}', '\0', '\r']), "{e:?}");
    }
    assert!(
        errors[0].contains(&format!("'{}...'", "x".repeat(64))),
        "{}",
        errors[0]
    );
    assert!(errors[3].contains("passes no level"), "{}", errors[3]);
    assert!(errors[5].contains("longer than 1 MiB"), "{}", errors[5]);
    assert!(lines.contains(&"readyok".to_string()));
    assert_eq!(bestmoves(&lines).len(), 2);
}

/// The last `info depth N` line and the `bestmove` of `rankup uci ARGS` searching PromoChess's
/// start to depth 8 (deterministic: one thread, a depth limit).
fn promochess_depth_8(args: &[&str]) -> (String, String) {
    let mut child = common::rankup()
        .arg("uci")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rankup uci starts");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "uci\nsetoption name UCI_Variant value promochess\nposition startpos\ngo depth 8"
    )
    .unwrap();
    let mut info = String::new();
    let mut best = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("info depth 8 ") {
            // Time and speed vary; the search's own figures do not.
            info = line.split(" nps ").next().unwrap().to_string();
        }
        if line.starts_with("bestmove") {
            best = line;
            break;
        }
    }
    drop(stdin);
    child.wait().unwrap();
    (info, best)
}

/// `--weights GAME=FILE` plays the game with that set: the built-in set's own file searches
/// exactly as the build does, `GAME=derived` (the evaluation without the set) differently.
#[test]
fn weights_option_plays_the_given_set() {
    let builtin = promochess_depth_8(&[]);
    assert!(builtin.0.starts_with("info depth 8"), "{builtin:?}");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/weights/promochess.ron");
    let same = promochess_depth_8(&["--weights", &format!("promochess={file}")]);
    assert_eq!(same, builtin);
    let derived = promochess_depth_8(&["--weights", "promochess=derived"]);
    assert_ne!(
        derived.0, builtin.0,
        "the derived evaluation scores differently"
    );
    // A set for another game leaves this one alone.
    let other = promochess_depth_8(&["--weights", "chess=derived"]);
    assert_eq!(other, builtin);
}

/// `--search-params FILE` searches with those numbers: a file of the defaults searches
/// exactly as the build does, one that changes a margin differently.
#[test]
fn search_params_option_searches_with_the_given_numbers() {
    let dir = std::env::temp_dir().join(format!("rankup-search-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (defaults, changed) = (dir.join("defaults.ron"), dir.join("changed.ron"));
    std::fs::write(&defaults, rankup::ai::SearchParams::default().to_ron()).unwrap();
    std::fs::write(
        &changed,
        "// fewer reductions\n(lmr_div: 400, rfp_margin: 40)",
    )
    .unwrap();
    let builtin = promochess_depth_8(&[]);
    let same = promochess_depth_8(&["--search-params", defaults.to_str().unwrap()]);
    assert_eq!(same, builtin);
    let other = promochess_depth_8(&["--search-params", changed.to_str().unwrap()]);
    assert_ne!(other.0, builtin.0, "other margins search other nodes");
    std::fs::remove_dir_all(&dir).unwrap();
}
