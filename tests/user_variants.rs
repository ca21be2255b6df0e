//! A player's own games: `*.ron` variant files in the config folder's `variants/` (the
//! binary runs with `RANKUP_CONFIG_DIR` set to a temporary folder, never the real one), and
//! the definition a save of such a game carries.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::AtomicBool;

use rankup::ai::{self, SearchLimits};
use rankup::game::Game;
use rankup::rules::Position;
use rankup::save::{GameMeta, LoadErrorKind, Player, SavedGame};
use rankup::variants::{self, variant, VariantId};

/// PromoChess's file under another id.
fn promo_as(id: &str) -> String {
    let text = include_str!("../variants/promochess.ron");
    let renamed = text.replacen("id: \"promochess\"", &format!("id: \"{id}\""), 1);
    assert_ne!(renamed, text, "the id line of promochess.ron moved");
    renamed
}

/// An empty config folder of its own for one test, with `variants/` in it.
fn config_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rankup-user-variants-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    dir
}

fn rankup(config: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankup"))
        .args(args)
        .env("RANKUP_CONFIG_DIR", config)
        .env("RANKUP_DATA_DIR", config.join("data"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the rankup binary runs")
}

fn stdout_ok(config: &Path, args: &[&str]) -> String {
    let out = rankup(config, args);
    assert!(
        out.status.success(),
        "rankup {args:?}: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_copy_of_promochess_under_another_id_gives_its_perft() {
    let dir = config_dir("perft");
    std::fs::write(dir.join("variants/mypromo.ron"), promo_as("mypromo")).unwrap();
    for (depth, total) in [("1", 36), ("2", 1289), ("3", 47820)] {
        let out = stdout_ok(&dir, &["perft", "mypromo", depth]);
        assert_eq!(out, format!("total: {total}\n"), "depth {depth}");
    }
    assert_eq!(
        stdout_ok(&dir, &["moves", "mypromo"]),
        stdout_ok(&dir, &["moves", "promochess"])
    );
    // `play` knows the id: with no terminal it gets as far as the position check.
    let out = rankup(&dir, &["play", "mypromo", "--fen", "8/8 w"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(!err.contains("unknown variant"), "{err}");
    let out = rankup(&dir, &["play", "nosuchgame", "--fen", "8/8 w"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant 'nosuchgame'"));
    // An id whose file did not load is unknown, with the file's error.
    std::fs::write(
        dir.join("variants/halfdone.ron"),
        "(id: \"halfdone\", nme: \"x\")",
    )
    .unwrap();
    let out = rankup(&dir, &["perft", "halfdone", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("unknown variant 'halfdone'"), "{err}");
    assert!(err.contains("; variants/halfdone.ron:1:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_and_clashing_files_are_left_out_with_their_error() {
    let dir = config_dir("broken");
    let games = dir.join("variants");
    std::fs::write(games.join("a-good.ron"), promo_as("goodone")).unwrap();
    std::fs::write(games.join("b-broken.ron"), "(id: \"broken\", name: ").unwrap();
    std::fs::write(games.join("c-builtin.ron"), promo_as("chess")).unwrap();
    std::fs::write(games.join("d-twice.ron"), promo_as("goodone")).unwrap();
    std::fs::write(games.join("e-binary.ron"), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(games.join("notes.txt"), "not a game").unwrap();
    // Entries that are not regular files are listed with what they are, never waited on.
    std::fs::create_dir(games.join("f-folder.ron")).unwrap();
    #[cfg(unix)]
    {
        let fifo = std::process::Command::new("mkfifo")
            .arg(games.join("g-fifo.ron"))
            .status()
            .unwrap();
        assert!(fifo.success());
        std::os::unix::fs::symlink("h-loop.ron", games.join("h-loop.ron")).unwrap();
    }
    std::fs::write(games.join(".hidden.ron"), "an editor's file").unwrap();
    let (loaded, broken) = variants::load_user_dir(&games);
    let ids: Vec<&str> = loaded.iter().map(|id| id.as_str()).collect();
    assert_eq!(ids, ["goodone"]);
    let errors: Vec<(&str, &str)> = broken
        .iter()
        .map(|b| (b.file.as_str(), b.error.as_str()))
        .collect();
    assert_eq!(errors.len(), if cfg!(unix) { 7 } else { 5 }, "{errors:#?}");
    assert_eq!(errors[0].0, "variants/b-broken.ron");
    assert!(
        errors[0].1.starts_with("variants/b-broken.ron:1:"),
        "{}",
        errors[0].1
    );
    assert!(
        errors[1]
            .1
            .ends_with("id 'chess' is already taken by a built-in game"),
        "{}",
        errors[1].1
    );
    assert!(
        errors[2]
            .1
            .ends_with("id 'goodone' is already taken by variants/a-good.ron"),
        "{}",
        errors[2].1
    );
    assert!(errors[3].1.contains("not UTF-8"), "{}", errors[3].1);
    assert_eq!(
        errors[4],
        (
            "variants/f-folder.ron",
            "variants/f-folder.ron: not a regular file: a directory"
        )
    );
    #[cfg(unix)]
    {
        assert!(
            errors[5].1.ends_with("not a regular file: a FIFO"),
            "{errors:?}"
        );
        assert!(errors[6].1.ends_with("a symbolic link loop"), "{errors:?}");
    }
    assert!(variants::user_files_broken().len() >= 4);
    // The good game is a game like the others; the built-in "chess" is untouched.
    let id: VariantId = "goodone".parse().unwrap();
    assert!(VariantId::all().contains(&id) && !id.is_builtin());
    assert_eq!(variant(VariantId::Chess).name(), "Chess");

    // The binary says nothing about broken files on the command line and plays the good one.
    let out = stdout_ok(&dir, &["perft", "goodone", "2"]);
    assert_eq!(out, "total: 1289\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_lists_and_plays_a_user_game() {
    let dir = config_dir("uci");
    std::fs::write(dir.join("variants/ucipromo.ron"), promo_as("ucipromo")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_rankup"))
        .arg("uci")
        .env("RANKUP_CONFIG_DIR", &dir)
        .env("RANKUP_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"uci\nsetoption name UCI_Variant value ucipromo\nucinewgame\n\
              position startpos\ngo nodes 2000\nisready\nquit\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let combo = text
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(combo.ends_with(" var tamerspiel var ucipromo"), "{combo}");
    let best = text.lines().find(|l| l.starts_with("bestmove ")).unwrap();
    let token = best.split_whitespace().nth(1).unwrap();
    let promo = Position::start(variant(VariantId::Promochess));
    let legal: Vec<String> = promo
        .legal_moves()
        .iter()
        .map(|m| rankup::notation::coord::format(promo.variant(), m))
        .collect();
    assert!(legal.iter().any(|t| t == token), "{best} not in {legal:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ai_plays_a_user_game() {
    let id = variants::register(&promo_as("aipromo"), "aipromo.ron").unwrap();
    let mut pos = Position::start(variant(id));
    assert_eq!(pos.perft(2), 1289);
    let stop = AtomicBool::new(false);
    let mut history = vec![pos.repetition_key()];
    for ply in 0..6 {
        let r = ai::search(
            &pos,
            &history,
            &SearchLimits::nodes(1_500),
            &stop,
            &mut |_| {},
        );
        let best = r.best.unwrap_or_else(|| panic!("no move at ply {ply}"));
        assert!(pos.is_legal(&best), "ply {ply}: {best:?}");
        let _undo = pos.make(best);
        history.push(pos.repetition_key());
    }
}

#[test]
fn a_save_carries_the_definition_and_loads_when_the_file_is_gone() {
    let dir = config_dir("save");
    let file = dir.join("variants/savepromo.ron");
    let text = promo_as("savepromo");
    std::fs::write(&file, &text).unwrap();
    let id = variants::register(&text, "variants/savepromo.ron").unwrap();
    let mut game = Game::from_start(variant(id));
    for m in ["e3e4", "d7d6", "e4e5"] {
        game.play_text(m).unwrap();
    }
    let meta = GameMeta::new(
        Player::Human { name: None },
        Player::Ai {
            level: ai::Level::DEFAULT,
        },
    );
    let saved = SavedGame::from_game(&game, &meta);
    let ron = saved.to_ron();
    assert!(ron.contains("variant: \"savepromo\""), "{ron}");
    assert!(
        ron.contains(&format!(
            "variant_hash: \"{}\"",
            variants::content_hash(&text)
        )),
        "{ron}"
    );
    assert!(ron.contains("variant_file: "), "{ron}");
    // In this process the game is known: the save loads as the same game.
    let back = SavedGame::from_ron(&ron, "s.ron").unwrap();
    assert_eq!(back, saved);

    // A fresh process with the player's file deleted still reads and replays the save.
    std::fs::remove_file(&file).unwrap();
    let save = dir.join("game.ron");
    std::fs::write(&save, &ron).unwrap();
    let pgn = stdout_ok(&dir, &["export", save.to_str().unwrap()]);
    assert!(pgn.contains("[Variant \"PromoChess\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 d6 2. e5"), "{pgn}");

    // The player's file has changed since (another game under the save's id): the save's
    // definition comes back under a derived id, and loading it again reuses that game.
    let third = text.replacen("savepromo", "savepromo3", 1);
    let edited = third.replacen("name: \"PromoChess\"", "name: \"PromoChess edited\"", 1);
    assert_ne!(edited, third);
    let edited_id = variants::register(&edited, "variants/savepromo3.ron").unwrap();
    let ron3 = ron.replace("savepromo", "savepromo3").replace(
        &variants::content_hash(&text),
        &variants::content_hash(&third),
    );
    let loaded = SavedGame::from_ron(&ron3, "s3.ron").unwrap();
    assert_ne!(loaded.variant, edited_id);
    let derived = format!("savepromo3-{}", &variants::content_hash(&third)[..8]);
    assert_eq!(loaded.variant.as_str(), derived);
    assert_eq!(variant(loaded.variant).name(), "PromoChess");
    assert_eq!(variant(edited_id).name(), "PromoChess edited");
    assert_eq!(loaded.moves, saved.moves);
    let again = SavedGame::from_ron(&ron3, "s3.ron").unwrap();
    assert_eq!(again.variant, loaded.variant);

    // A hash that does not match the embedded text is refused, naming both.
    let bad = ron.replace(&variants::content_hash(&text), "0123456789abcdef");
    let err = SavedGame::from_ron(&bad, "bad.ron").unwrap_err();
    assert!(
        matches!(err.kind, LoadErrorKind::VariantDefinition(_)),
        "{err}"
    );
    assert!(err.to_string().contains("0123456789abcdef"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a player sees from `rankup variant check`: one line naming file, line, column,
/// field and the real cause, exit code 2 and nothing on stdout for a castling move that
/// would lose the King and for an id a built-in game has; a clean board for a file whose
/// texts carry escape codes; the built-in game's own file passes.
#[test]
fn variant_check_says_what_is_wrong_in_one_line() {
    let dir = config_dir("check");
    let chess = include_str!("../variants/chess.ron");
    let line = "king_to: \"g1\", rook_from: \"h1\", rook_to: \"f1\"";
    assert!(chess.contains(line));
    let lost_king = chess
        .replacen(
            line,
            "king_to: \"g1\", rook_from: \"h1\", rook_to: \"g1\"",
            1,
        )
        .replacen("id: \"chess\"", "id: \"lostking\"", 1);
    let copy = chess.replacen("name: \"Chess\"", "name: \"My Chess\"", 1);
    let derived = "(base: \"chess\", id: \"mychess\", name: \"My Chess\")\n";
    let hostile = include_str!("data/variants/tiny.ron")
        .replacen(
            "name: \"Tiny\",",
            "name: \"Tiny\\u{1b}[31mRed\\nLine\\u{202e}x\",",
            1,
        )
        .replacen(
            "name: \"General\",",
            "name: \"Gen\\u{1b}]0;t\\u{7}eral\",",
            1,
        )
        .replacen(
            "start: ",
            "rules: [\"one\\u{1b}[2J\\ntwo\\u{202e}\"],\n    start: ",
            1,
        );
    let files = [
        ("lostking.ron", lost_king.as_str()),
        ("copy.ron", copy.as_str()),
        ("derived.ron", derived),
        ("hostile.ron", hostile.as_str()),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let path = |name: &str| dir.join(name).display().to_string();
    let fails = |name: &str| {
        let out = rankup(&dir, &["variant", "check", &path(name)]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    let err = fails("lostking.ron");
    assert!(
        err.contains(&format!("{}:64:", path("lostking.ron")))
            && err.contains(": castling[0].rook_to: rook_to is king_to: the partner would land on the King and the King would vanish"),
        "{err}"
    );
    let err = fails("copy.ron");
    assert!(
        err.trim_end().ends_with(&format!(
            "{}: id 'chess' is already taken by a built-in game",
            path("copy.ron")
        )),
        "{err}"
    );
    // The same words as the start-up loading of a player's folder.
    std::fs::copy(dir.join("copy.ron"), dir.join("variants/copy.ron")).unwrap();
    let (_, broken) = variants::load_user_dir(&dir.join("variants"));
    assert!(
        broken[0]
            .error
            .ends_with(": id 'chess' is already taken by a built-in game"),
        "{broken:?}"
    );
    // The built-in game's own file is no copy of it.
    let root = env!("CARGO_MANIFEST_DIR");
    let out = stdout_ok(
        &dir,
        &["variant", "check", &format!("{root}/variants/chess.ron")],
    );
    assert!(
        out.starts_with("ok: Chess (chess), 8x8, 6 piece types\n"),
        "{out}"
    );

    let out = stdout_ok(&dir, &["variant", "check", &path("derived.ron")]);
    assert!(
        out.starts_with("ok: My Chess (mychess), 8x8, 6 piece types\n"),
        "{out}"
    );
    assert!(out.ends_with("perft 3: 8902\ntotal: 8902\n"), "{out}");

    let out = stdout_ok(&dir, &["variant", "check", &path("hostile.ron")]);
    assert!(
        !out.chars()
            .any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}'),
        "{out:?}"
    );
    assert!(
        out.starts_with("ok: Tiny\u{fffd}[31mRed Linex (tiny)"),
        "{out}"
    );
    assert!(out.contains("  G Gen\u{fffd}]0;t\u{fffd}eral: "), "{out}");
    assert!(out.contains("rules card:\n  one\u{fffd}[2J two\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file that starts from a built-in game (`base: "chess"`) in the config folder is a game
/// like any other; a save of it carries its text, which loads in a fresh process after the
/// file is gone (its base is compiled into rankup).
#[test]
fn a_file_based_on_a_built_in_game_plays_and_its_save_loads() {
    let dir = config_dir("base");
    let text = "// Chess where the Knights also leap like Camels, (1,3).\n(\n    base: \"chess\",\n    id: \"basechess\",\n    name: \"Base Chess\",\n    pieces: [(letter: 'N', movement: Betza(\"NC\"))],\n)\n";
    let file = dir.join("variants/basechess.ron");
    std::fs::write(&file, text).unwrap();
    // Each Knight also reaches two squares of the fourth rank: 24 moves, not 20.
    assert_eq!(stdout_ok(&dir, &["perft", "basechess", "1"]), "total: 24\n");

    let id = variants::register(text, "variants/basechess.ron").unwrap();
    let mut game = Game::from_start(variant(id));
    for m in ["b1c4", "e7e5", "c4b6"] {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    let meta = GameMeta::new(Player::Human { name: None }, Player::Human { name: None });
    let ron = SavedGame::from_game(&game, &meta).to_ron();
    assert!(ron.contains("base: \\\"chess\\\""), "{ron}");
    std::fs::remove_file(&file).unwrap();
    let save = dir.join("game.ron");
    std::fs::write(&save, &ron).unwrap();
    let pgn = stdout_ok(&dir, &["export", save.to_str().unwrap()]);
    assert!(pgn.contains("[Variant \"Base Chess\"]"), "{pgn}");
    assert!(pgn.contains("1. Nc4 e5 2. Nb6"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}
