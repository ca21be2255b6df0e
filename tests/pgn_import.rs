//! PGN import: games written by other programs (`tests/data/pgn-import/`), broken PGN
//! refused one line per game naming the move, `rankup import` into the saves folder and
//! `rankup review FILE.pgn`. The round trip of rankup's own exports is in `tests/save.rs`
//! beside the exporter's tests.

use std::fs;
use std::path::{Path, PathBuf};

use rankup::game::Eval;
use rankup::rules::Color;
use rankup::save::{self, pgn, GameResult, Player, SavedGame, Termination};
use rankup::variants::VariantId;

mod common;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn-import")
        .join(path)
}

fn import_file(name: &str) -> Vec<SavedGame> {
    let text = fs::read_to_string(data(name)).unwrap();
    pgn::import(&text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn sans(game: &SavedGame) -> Vec<&str> {
    game.moves.iter().map(|m| m.san.as_str()).collect()
}

#[test]
fn a_lichess_export_keeps_evals_clocks_and_players() {
    let games = import_file("lichess.pgn");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.variant, VariantId::Chess);
    assert_eq!(
        sans(g),
        [
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4", "Nxe5", "Qg5", "Nxf7", "Qxg2", "Rf1", "Qxe4+",
            "Be2", "Nf3#"
        ]
    );
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.termination, Some(Termination::Checkmate));
    assert_eq!(g.name.as_deref(), Some("Rated Blitz game"));
    assert_eq!(
        g.white,
        Player::Human {
            name: Some("alice".into())
        }
    );
    assert_eq!(g.started.to_string(), "2024-03-09T18:30:05Z");
    assert_eq!(g.moves[0].eval, Some(Eval::Centipawns(36)));
    assert_eq!(g.moves[1].eval, Some(Eval::Centipawns(20)));
    assert_eq!(g.moves[8].eval, Some(Eval::Mate(-1)));
    assert_eq!(g.moves[3].eval, None);
    assert!(g.moves.iter().all(|m| m.comment.is_none()), "{g:?}");
    let clock = g.clock.expect("TimeControl 180+2");
    assert_eq!((clock.base_s, clock.increment_s), (180, 2));
    // Each side's last [%clk].
    assert_eq!((clock.white_ms, clock.black_ms), (160_500, 145_000));

    let g = &games[1];
    assert_eq!(g.result, GameResult::WhiteWins);
    assert_eq!(g.termination, Some(Termination::Time));
    assert_eq!(g.moves.len(), 4);
}

#[test]
fn a_chessbase_game_with_variations_nags_and_comments() {
    let games = import_file("chessbase.pgn");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.moves.len(), 45, "PlyCount 45");
    assert_eq!(
        g.moves[19].san, "Nf6",
        "10... Nf6, not the variation's moves"
    );
    assert_eq!(g.moves[44].san, "Be7#");
    assert_eq!(g.termination, Some(Termination::Checkmate));
    assert_eq!(g.result, GameResult::WhiteWins);
    assert_eq!(g.moves[7].comment.as_deref(), Some("Bryan's countergambit"));
    assert_eq!(g.started.date(), (1851, 6, 21));
    assert_eq!(
        g.black,
        Player::Human {
            name: Some("Kieseritzky, Lionel".into())
        }
    );
    // The moves replay: the last position is White's mate.
    let positions = g.positions().unwrap();
    assert_eq!(positions.last().unwrap().turn(), Color::Black);
}

/// Broken PGN: each game is refused with one line that names the game and the move (or
/// the part of the text) that is wrong.
#[test]
fn broken_games_are_refused_one_line_each_naming_the_move() {
    let cases: &[(&str, &str)] = &[
        ("1. e4 e5 2. Ke3 *", "game 1: move 2. Ke3 is not legal: "),
        ("1. e4 Nf3 *", "game 1: move 1... Nf3 is not legal: "),
        ("1. Nc3 a6 2. Ne2 *", "game 1: move 2. Ne2 is not legal: "),
        ("1. e4 xyz 2. d4 *", "game 1: move 1... xyz is not legal: "),
        (
            "1. f3 e5 2. g4 Qh4# 3. a3 0-1",
            "game 1: move 3. a3 is not legal: ",
        ),
        (
            "[FEN \"4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. Kf2 Kxe2 *",
            "game 1: move 13... Kxe2 is not legal: ",
        ),
        (
            "[Variant \"PromoChess\"]\n\n1. e4 Cxb7=W *",
            "game 1: move 1... Cxb7=W is not legal: ",
        ),
        (
            "1. f3 e5 2. g4 Qh4# 1-0",
            "game 1: the result 1-0 does not agree with the final position (Black wins by \
             checkmate)",
        ),
        (
            "[Variant \"Crazyhouse\"]\n\n1. e4 *",
            "game 1: unknown Variant 'Crazyhouse'",
        ),
        (
            "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *",
            "game 1: bad FEN '8/8/8 w - - 0 1': ",
        ),
        (
            "1. e4 {never closed 2. d4 *",
            "game 1: a comment '{' is never closed",
        ),
        (
            "1. e4 (1. d4 d5 2. c4 *",
            "game 1: a variation '(' is never closed",
        ),
        (
            "1. e4 e5 ) 2. Nf3 *",
            "game 1: a ')' closes no variation after move 2 (e5)",
        ),
        (
            "[White \"unclosed]\n\n1. e4 *",
            "game 1: the tag White: its value is not closed",
        ),
        (
            "1. e4 e5 2. Nf3 1-2",
            "game 1: move 2... 1-2 is not legal: ",
        ),
        (
            "1. e4 e5 *\n\n[Event \"2\"]\n\n1. d4 d5 2. Bxh7 *",
            "game 2: move 2. Bxh7 is not legal: ",
        ),
    ];
    for (text, want) in cases {
        let games = pgn::import(text);
        let refused: Vec<String> = games
            .iter()
            .filter_map(|g| g.as_ref().err())
            .map(ToString::to_string)
            .collect();
        assert_eq!(refused.len(), 1, "{text:?}: {refused:?}");
        let line = &refused[0];
        assert!(
            line.starts_with(want),
            "{text:?}:\n got {line:?}\nwant {want:?}"
        );
        assert!(!line.contains('\n'), "{line:?}");
    }
}

/// A fairy move in the game's own notation is read as that game writes it.
#[test]
fn promochess_san_is_read_in_its_own_notation() {
    let text = "[Variant \"PromoChess\"]\n\n1. e4 e5 *";
    let games = pgn::import(text);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.variant, VariantId::Promochess);
    assert_eq!(g.result, GameResult::Unfinished);
}

#[test]
fn cli_import_writes_each_game_to_the_saves_folder() {
    let dir = std::env::temp_dir().join(format!("rankup-pgn-import-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let pgn_path = dir.join("mixed.pgn");
    let mut text = fs::read_to_string(data("lichess.pgn")).unwrap();
    text.push_str("\n[Event \"broken\"]\n\n1. e4 e5 2. Ke3 *\n");
    fs::write(&pgn_path, &text).unwrap();
    let out = common::rankup()
        .env(save::DATA_DIR_ENV, dir.join("data"))
        .arg("import")
        .arg(&pgn_path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("game 1: saved to "), "{stdout}");
    assert!(lines[1].starts_with("game 2: saved to "), "{stdout}");
    assert!(
        lines[2].starts_with("game 3: move 2. Ke3 is not legal: "),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("1 of 3 games not imported"), "{stderr}");
    let saves = dir.join("data/saves");
    let mut files: Vec<PathBuf> = fs::read_dir(&saves)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    for (line, file) in lines.iter().zip(&files) {
        assert!(
            line.ends_with(&*file.to_string_lossy()),
            "{line} / {file:?}"
        );
        let loaded = save::load(file).unwrap();
        assert_eq!(
            loaded.name.as_deref().map(|n| n.starts_with("Rated")),
            Some(true)
        );
    }
    // Importing again keeps the same games, brought up to date, not copies.
    let again = common::rankup()
        .env(save::DATA_DIR_ENV, dir.join("data"))
        .arg("import")
        .arg(data("lichess.pgn"))
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(fs::read_dir(&saves).unwrap().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_import_of_a_file_without_games_or_too_large() {
    let dir = std::env::temp_dir().join(format!("rankup-pgn-empty-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.pgn");
    fs::write(&empty, "\n; nothing here\n").unwrap();
    let out = common::rankup().arg("import").arg(&empty).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game in"));
    let out = common::rankup()
        .arg("import")
        .arg("/dev/zero")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("limit"), "{stderr}");
    fs::remove_dir_all(&dir).unwrap();
}

/// `rankup review FILE.pgn` reads the game before it asks for a terminal: without one, a
/// good game gets as far as that question and a missing game is named.
#[test]
fn cli_review_reads_a_pgn_game() {
    let file = data("lichess.pgn");
    let out = common::rankup()
        .arg("review")
        .arg(&file)
        .arg("--game")
        .arg("2")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the app needs a terminal"), "{stderr}");

    let out = common::rankup()
        .arg("review")
        .arg(&file)
        .arg("--game")
        .arg("3")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("has 2 games: no game 3"), "{stderr}");

    let broken = std::env::temp_dir().join(format!("rankup-review-{}.pgn", std::process::id()));
    fs::write(&broken, "1. e4 e5 2. Ke3 *\n").unwrap();
    let out = common::rankup()
        .arg("review")
        .arg(&broken)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("game 1: move 2. Ke3 is not legal"),
        "{stderr}"
    );
    fs::remove_file(&broken).unwrap();
}

/// Deep nests, long words and bytes that are not PGN are refused, one line per game, with
/// no recursion to overflow (the reader counts depth).
#[test]
fn deep_nests_and_junk_are_refused_not_crashed() {
    let nests = [
        format!("1. e4 {}", "(".repeat(1 << 20)),
        format!("1. e4 {}", ")".repeat(1 << 16)),
        format!("1. {} *", "e".repeat(1 << 20)),
        format!("[{}", "\"".repeat(1 << 16)),
    ];
    for text in &nests {
        let games = pgn::import(text);
        assert_eq!(games.len(), 1, "{}", &text[..20]);
        let line = games[0].as_ref().unwrap_err().to_string();
        assert!(line.starts_with("game 1: "), "{line}");
        assert!(line.len() < 300, "{line}");
    }
    let junk = String::from_utf8_lossy(&(0..=255u8).cycle().take(1 << 16).collect::<Vec<_>>())
        .into_owned();
    for game in pgn::import(&junk) {
        assert!(game.is_err());
    }
}
