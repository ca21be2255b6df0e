//! The UCI protocol: scripted sessions through `rankup::uci::run`, and a small match driver
//! that plays whole games against the `rankup uci` binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};

use rankup::game::Game;
use rankup::notation::coord;
use rankup::rules::{Move, Position};
use rankup::variants::{variant, VariantId};

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

/// Runs a scripted session and returns its output lines.
fn session(script: &str) -> Vec<String> {
    let out = Shared::default();
    rankup::uci::run(script.as_bytes(), out.clone());
    let bytes = out.0.lock().unwrap().clone();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
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
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert_legal(VariantId::Chess, None, &["e2e4"], &best[0]);
}

#[test]
fn a_finished_game_has_no_bestmove() {
    let lines = session("position fen R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1\ngo depth 2\n");
    assert_eq!(bestmoves(&lines), ["(none)"]);
}

/// One `rankup uci` process.
struct EngineProcess {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl EngineProcess {
    fn start() -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rankup"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the rankup binary starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut e = EngineProcess {
            child,
            input,
            output,
        };
        e.send("uci");
        e.wait_for("uciok");
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "engine closed"
            );
            if line.starts_with(prefix) {
                return line.trim().to_string();
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
