//! `rankup uci` driven the way GUIs and analysis tools drive it: option handshake, analysis
//! with MultiPV and WDL, play with clocks and pondering, a limited strength.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use rankup::ai::Level;
use rankup::notation::coord;
use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

mod common;

/// How long to wait for a line before calling the engine hung (not a timing assertion).
const HANG: Duration = Duration::from_secs(120);

struct Uci {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = common::rankup()
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the rankup binary starts");
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Uci {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.output.recv_timeout(HANG) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("no '{prefix}'; the engine said {seen:?}");
                }
                Err(RecvTimeoutError::Disconnected) => panic!("engine gone; it said {seen:?}"),
            }
        }
    }

    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == key)
        .and_then(|i| words.get(i + 1).copied())
}

fn no_errors(lines: &[String]) {
    assert!(
        lines.iter().all(|l| !l.contains("error")),
        "errors: {lines:?}"
    );
}

#[test]
fn the_handshake_declares_every_option() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.until("uciok");
    for option in [
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name UCI_ShowWDL type check default false",
        "option name Move Overhead type spin",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:?}"
        );
    }
    e.quit();
}

/// `analyse(board, Limit(depth=6), multipv=3)` as python-chess sends it: three lines a
/// depth, best first, each with its own first move and a WDL summing to 1000.
#[test]
fn analysis_with_multipv_3_and_wdl() {
    let mut e = Uci::start();
    for line in [
        "uci",
        "setoption name MultiPV value 3",
        "setoption name UCI_ShowWDL value true",
        "setoption name Clear Hash",
        "ucinewgame",
        "position startpos moves e2e4 e7e5",
        "go depth 6",
    ] {
        e.send(line);
    }
    let lines = e.until("bestmove");
    no_errors(&lines);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .collect();
    for depth in 1..=6 {
        let at: Vec<&&String> = infos
            .iter()
            .filter(|l| field(l, "depth") == Some(&depth.to_string()))
            .collect();
        let numbers: Vec<&str> = at.iter().filter_map(|l| field(l, "multipv")).collect();
        assert_eq!(numbers, ["1", "2", "3"], "depth {depth}: {at:?}");
        let firsts: Vec<&str> = at.iter().filter_map(|l| field(l, "pv")).collect();
        let mut unique = firsts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 3, "three different moves: {firsts:?}");
        let scores: Vec<i32> = at
            .iter()
            .map(|l| field(l, "cp").and_then(|s| s.parse().ok()).unwrap())
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "best first: {scores:?}"
        );
        for l in &at {
            let words: Vec<&str> = l.split_whitespace().collect();
            let i = words.iter().position(|w| *w == "wdl").expect("wdl shown");
            let sum: u32 = words[i + 1..i + 4]
                .iter()
                .map(|w| w.parse::<u32>().unwrap())
                .sum();
            assert_eq!(sum, 1000, "{l}");
        }
    }
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let top = infos
        .iter()
        .rev()
        .find(|l| field(l, "multipv") == Some("1"))
        .unwrap();
    assert_eq!(field(top, "pv"), Some(best), "bestmove is line 1's move");
    e.quit();
}

/// A game with clocks and pondering: `bestmove ... ponder ...`, a `go ponder` that waits
/// for `ponderhit` (then answers with a legal move) or for `stop`.
#[test]
fn play_with_clocks_and_ponder() {
    let v = variant(VariantId::Chess);
    let mut e = Uci::start();
    for line in [
        "uci",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 30",
        "ucinewgame",
    ] {
        e.send(line);
    }
    no_errors(&e.ready());
    let mut moves: Vec<String> = vec!["e2e4".into()];
    let mut pondered = 0;
    for turn in 0..3 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go wtime 3000 btime 3000 winc 100 binc 100");
        let lines = e.until("bestmove");
        no_errors(&lines);
        let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
        let mut pos = Position::start(v);
        for m in &moves {
            pos.make(coord::parse(&pos, m).unwrap());
        }
        let best = coord::parse(&pos, words[1]).expect("a legal bestmove");
        moves.push(words[1].to_string());
        let Some(reply) = (words.get(2) == Some(&"ponder")).then(|| words[3]) else {
            continue;
        };
        pos.make(best);
        coord::parse(&pos, reply).expect("a legal ponder move");
        // The GUI lets the engine think on the expected reply.
        moves.push(reply.to_string());
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send("go ponder wtime 3000 btime 3000 winc 100 binc 100");
        let waiting = e.ready();
        assert!(
            waiting.iter().all(|l| !l.starts_with("bestmove")),
            "no bestmove while pondering: {waiting:?}"
        );
        pondered += 1;
        if turn == 2 {
            // The opponent played something else: the GUI stops the ponder search.
            e.send("stop");
            e.until("bestmove");
            break;
        }
        e.send("ponderhit");
        let lines = e.until("bestmove");
        let token = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        pos.make(coord::parse(&pos, reply).unwrap());
        coord::parse(&pos, token).expect("a legal move after ponderhit");
        moves.push(token.to_string());
        // Exactly one bestmove for the ponder search and the search after the hit.
        assert!(e.ready().iter().all(|l| !l.starts_with("bestmove")));
    }
    assert!(pondered >= 1, "the engine named a ponder move: {moves:?}");
    e.quit();
}

/// `UCI_LimitStrength` with the lowest `UCI_Elo` plays the ladder's first level: a
/// one-ply search, whatever depth the GUI asks for.
#[test]
fn limited_strength_plays_the_ladder() {
    let mut e = Uci::start();
    for line in [
        "uci",
        "setoption name UCI_LimitStrength value true",
        &format!("setoption name UCI_Elo value {}", Level::MIN.elo()),
        "position startpos",
        "go depth 12",
    ] {
        e.send(line);
    }
    let lines = e.until("bestmove");
    no_errors(&lines);
    let deepest = lines
        .iter()
        .filter_map(|l| field(l, "depth"))
        .filter_map(|d| d.parse::<u32>().ok())
        .max();
    assert_eq!(deepest, Some(1), "{lines:?}");
    e.quit();
}

/// A game on the clock as a GUI runs it: each `go wtime btime winc binc [movestogo]` after the
/// time the engine really took (and the increment) is booked, the engine playing both sides.
/// No move may take longer than the budget rule gives it ([`SearchLimits::budget`]'s hard
/// limit for the clock sent), give or take `SLACK` for starting the search and passing the
/// line on a loaded machine, so no clock ever runs out; a tiny clock and a last move before
/// the control are answered within theirs too. Not a speed test: only an upper bound.
#[test]
fn clock_sequences_stay_within_the_budget() {
    use rankup::ai::{Clock, SearchLimits};
    use rankup::rules::ByColor;
    use std::time::Instant;
    const SLACK: Duration = Duration::from_millis(1_000);
    let ms = Duration::from_millis;
    let v = variant(VariantId::Chess);
    let mut e = Uci::start();
    for line in ["uci", "ucinewgame"] {
        e.send(line);
    }
    no_errors(&e.ready());
    let mut pos = Position::start(v);
    let mut moves: Vec<String> = Vec::new();
    let mut left = ByColor {
        white: ms(8_000),
        black: ms(8_000),
    };
    let inc = ms(100);
    let mut play = |e: &mut Uci, left: &mut ByColor<Duration>, go: String, mtg: Option<u32>| {
        let turn = pos.turn();
        let limits = SearchLimits {
            clock: Some(Clock {
                time: *left,
                inc: ByColor {
                    white: inc,
                    black: inc,
                },
                moves_to_go: mtg,
            }),
            ..SearchLimits::default()
        };
        let (_, hard) = limits.budget(turn);
        let hard = hard.unwrap();
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let start = Instant::now();
        e.send(&go);
        let lines = e.until("bestmove");
        let took = start.elapsed();
        no_errors(&lines);
        assert!(
            took <= hard + SLACK,
            "{go}: took {took:?}, the budget was {hard:?}"
        );
        assert!(took < left[turn], "{go}: the flag fell ({took:?})");
        left[turn] = left[turn] - took + inc;
        let token = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        let m = coord::parse(&pos, token).expect("a legal bestmove");
        pos.make(m);
        moves.push(token.to_string());
        took
    };
    let mut spent = Duration::ZERO;
    for _ in 0..10 {
        let go = format!(
            "go wtime {} btime {} winc {} binc {}",
            left.white.as_millis(),
            left.black.as_millis(),
            inc.as_millis(),
            inc.as_millis()
        );
        spent += play(&mut e, &mut left, go, None);
    }
    assert!(
        spent > inc * 2,
        "the engine used its time, not nothing: {spent:?} in 10 moves"
    );
    // One move left before the control: most of the clock is there to spend, not all of it.
    let mut last = ByColor {
        white: ms(1_500),
        black: ms(1_500),
    };
    let go = "go wtime 1500 btime 1500 winc 100 binc 100 movestogo 1".to_string();
    play(&mut e, &mut last, go, Some(1));
    // A clock down to its last 50 ms still gets a move, at once.
    let mut tiny = ByColor {
        white: ms(50),
        black: ms(50),
    };
    let go = "go wtime 50 btime 50 winc 100 binc 100".to_string();
    play(&mut e, &mut tiny, go, None);
    e.quit();
}

/// The depth of an iteration's `info` line (not a `currmove` progress report).
fn iteration_depth(line: &str) -> Option<u32> {
    if !line.starts_with("info ") || line.contains("currmove") {
        return None;
    }
    field(line, "depth")?.parse().ok()
}

/// `ponderhit` converts the ponder search: it goes on from the depth it reached (no new
/// search from depth 1) and, from the hit, obeys the `go`'s clock, answering with a
/// `bestmove ... ponder ...` within the budget the clock gives (counted from the hit, with a
/// generous margin; no lower bound on speed).
#[test]
fn ponderhit_goes_on_with_the_ponder_search_within_the_budget() {
    use rankup::ai::{Clock, SearchLimits};
    use rankup::rules::{ByColor, Color};
    use std::time::Instant;
    const SLACK: Duration = Duration::from_millis(1_500);
    let mut e = Uci::start();
    for line in [
        "uci",
        "setoption name Ponder value true",
        "ucinewgame",
        // The GUI expects e7e5 after its e2e4 and lets the engine think on White's reply.
        "position startpos moves e2e4 e7e5",
        "go ponder wtime 10000 btime 10000 winc 0 binc 0",
    ] {
        e.send(line);
    }
    // Think until the ponder search is some plies deep (10 s of clock would be spent long
    // before a timed search got there if the ponder search kept to the clock).
    let mut before = Vec::new();
    let reached = loop {
        let line = e.until("info");
        before.extend(line.iter().cloned());
        if let Some(d) = line.last().and_then(|l| iteration_depth(l)) {
            if d >= 8 {
                break d;
            }
        }
    };
    no_errors(&before);
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    let hit = Instant::now();
    e.send("ponderhit");
    let after = e.until("bestmove");
    let took = hit.elapsed();
    no_errors(&after);
    let limits = SearchLimits {
        clock: Some(Clock {
            time: ByColor {
                white: Duration::from_secs(10),
                black: Duration::from_secs(10),
            },
            inc: ByColor::default(),
            moves_to_go: None,
        }),
        ..SearchLimits::default()
    };
    let (_, hard) = limits.budget(Color::White);
    assert!(
        took <= hard.unwrap() + SLACK,
        "took {took:?} after ponderhit, the budget was {hard:?}"
    );
    // The iterations after the hit continue the ponder search: none starts over.
    let depths: Vec<u32> = after.iter().filter_map(|l| iteration_depth(l)).collect();
    assert!(
        depths.iter().all(|&d| d >= reached),
        "pondered to depth {reached}, then {depths:?}"
    );
    let words: Vec<&str> = after.last().unwrap().split_whitespace().collect();
    let mut pos = Position::start(variant(VariantId::Chess));
    for m in ["e2e4", "e7e5"] {
        pos.make(coord::parse(&pos, m).unwrap());
    }
    let best = coord::parse(&pos, words[1]).expect("a legal bestmove");
    assert_eq!(words.get(2), Some(&"ponder"), "{words:?}");
    pos.make(best);
    coord::parse(&pos, words[3]).expect("a legal ponder move");
    // One bestmove only.
    assert!(e.ready().iter().all(|l| !l.starts_with("bestmove")));
    e.quit();
}

/// `stop` while pondering (the opponent played another move) is answered at once with the
/// ponder search's `bestmove`, however much clock the `go ponder` gave.
#[test]
fn stop_while_pondering_answers_at_once() {
    use std::time::Instant;
    let mut e = Uci::start();
    for line in [
        "uci",
        "setoption name Ponder value true",
        "position startpos moves d2d4",
        "go ponder wtime 3600000 btime 3600000 winc 0 binc 0",
    ] {
        e.send(line);
    }
    // Pondering: it answers the GUI, but with no bestmove.
    let waiting = e.ready();
    assert!(
        waiting.iter().all(|l| !l.starts_with("bestmove")),
        "{waiting:?}"
    );
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    // Not a speed test: an hour on the clock would allow minutes for this move.
    assert!(
        asked.elapsed() < Duration::from_secs(30),
        "{:?}",
        asked.elapsed()
    );
    let mut pos = Position::start(variant(VariantId::Chess));
    pos.make(coord::parse(&pos, "d2d4").unwrap());
    let token = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    coord::parse(&pos, token).expect("a legal bestmove");
    assert!(e.ready().iter().all(|l| !l.starts_with("bestmove")));
    e.quit();
}
