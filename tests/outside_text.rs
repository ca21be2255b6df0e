//! Outside text on every output path: save names, player names, comments, file names, move
//! text, UCI input, option and config values, theme names and messages carrying an ESC
//! sequence, a line feed, a carriage return, a bidi override and NUL reach no output (CLI
//! stdout and stderr, UCI, PGN, the screen) with any of them.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rankup::game::Game;
use rankup::save::pgn;
use rankup::save::{GameMeta, Player, SavedGame};
use rankup::ui::app::App;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// Outside text with one of each: ESC (and a colour sequence after it), a line feed, a
/// carriage return, a right-to-left override, NUL.
const HOSTILE: &str = "A\u{1b}[31mB\nC\rD\u{202e}E\0F";

/// The same without NUL, for what cannot hold one (file names, process arguments).
const HOSTILE_NO_NUL: &str = "A\u{1b}[31mB\nC\rD\u{202e}E";

/// Characters that must never come out.
const FORBIDDEN: [char; 4] = ['\u{1b}', '\r', '\u{202e}', '\0'];

/// Fails when `text` (the output of `what`) carries a forbidden character, or the line feed
/// planted in [`HOSTILE`] (`B` then a line break then `C`).
fn assert_clean(what: &str, text: &str) {
    if let Some(c) = text.chars().find(|c| FORBIDDEN.contains(c)) {
        panic!("{what}: {c:?} reached the output: {text:?}");
    }
    assert!(
        !text.contains("B\nC"),
        "{what}: the planted line break reached the output: {text:?}"
    );
}

/// A scratch folder for one case, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-outside-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("data")).unwrap();
    fs::create_dir_all(dir.join("config")).unwrap();
    dir
}

/// Runs the binary with its own data and config folders under `dir`, `stdin` as input.
fn rankup(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rankup"))
        .args(args)
        .env("RANKUP_DATA_DIR", dir.join("data"))
        .env("RANKUP_CONFIG_DIR", dir.join("config"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rankup binary runs");
    let mut input = child.stdin.take().expect("piped");
    // A command that does not read its input may have ended already.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("rankup ends")
}

/// Both streams of a run, checked, with the case named.
fn assert_run_clean(what: &str, out: &Output) {
    assert_clean(
        &format!("{what} (stdout)"),
        &String::from_utf8_lossy(&out.stdout),
    );
    assert_clean(
        &format!("{what} (stderr)"),
        &String::from_utf8_lossy(&out.stderr),
    );
}

/// A finished game whose name, players and comments are all [`HOSTILE`].
fn hostile_game() -> SavedGame {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
        game.last_note_mut().unwrap().comment = Some(HOSTILE.into());
    }
    let person = Player::Human {
        name: Some(HOSTILE.into()),
    };
    let mut meta = GameMeta::new(person.clone(), person);
    meta.name = Some(HOSTILE.into());
    SavedGame::from_game(&game, &meta)
}

#[test]
fn pgn_export_of_hostile_names_and_comments() {
    let text = pgn::export(&hostile_game());
    assert_clean("pgn::export", &text);
    assert!(text.contains("[White \"A"), "{text}");
}

#[test]
fn cli_commands_on_hostile_saves_and_arguments() {
    let dir = scratch("cli");
    let save = dir.join("hostile.ron");
    fs::write(&save, hostile_game().to_ron()).unwrap();
    // A save named with the characters, and one whose move text carries them.
    let named = dir.join(format!("{HOSTILE_NO_NUL}.ron"));
    fs::write(&named, hostile_game().to_ron()).unwrap();
    let broken = dir.join("broken.ron");
    fs::write(
        &broken,
        hostile_game()
            .to_ron()
            .replacen("\"f2f3\"", &format!("{:?}", HOSTILE), 1),
    )
    .unwrap();
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let out = rankup(&dir, &["export", &s(&save)], "");
    assert!(out.status.success(), "{out:?}");
    assert_run_clean("export", &out);
    let h = HOSTILE_NO_NUL;
    let cases: Vec<(&str, Vec<String>)> = vec![
        (
            "export of a hostile file name",
            vec!["export".into(), s(&named)],
        ),
        (
            "export of hostile move text",
            vec!["export".into(), s(&broken)],
        ),
        (
            "resume of a finished game",
            vec!["resume".into(), s(&named)],
        ),
        (
            "review of a missing file",
            vec!["review".into(), format!("{h}.ron")],
        ),
        (
            "export -o a hostile path",
            vec![
                "export".into(),
                s(&save),
                "-o".into(),
                format!("/nonexistent/{h}"),
            ],
        ),
        (
            "moves --why",
            vec!["moves".into(), "chess".into(), "--why".into(), h.into()],
        ),
        (
            "moves --why a square-like text",
            vec![
                "moves".into(),
                "chess".into(),
                "--why".into(),
                format!("e2e4{h}"),
            ],
        ),
        (
            "moves --fen",
            vec!["moves".into(), "chess".into(), "--fen".into(), h.into()],
        ),
        (
            "moves --moves",
            vec!["moves".into(), "chess".into(), "--moves".into(), h.into()],
        ),
        ("an unknown variant", vec!["moves".into(), h.into()]),
        (
            "perft's depth (clap)",
            vec!["perft".into(), "chess".into(), h.into()],
        ),
        ("an unknown flag (clap)", vec![format!("--{h}")]),
        (
            "--theme",
            vec!["--theme".into(), h.into(), "play".into(), "chess".into()],
        ),
        (
            "--clock",
            vec!["play".into(), "chess".into(), "--clock".into(), h.into()],
        ),
        (
            "--ai",
            vec!["play".into(), "chess".into(), "--ai".into(), h.into()],
        ),
        (
            "selfplay --a",
            vec!["selfplay".into(), "chess".into(), "--a".into(), h.into()],
        ),
        (
            "match engines",
            vec![
                "match".into(),
                "--engine1".into(),
                h.into(),
                "--engine2".into(),
                h.into(),
                "--games".into(),
                "2".into(),
            ],
        ),
        (
            "match --option",
            vec![
                "match".into(),
                "--engine1".into(),
                "x".into(),
                "--engine2".into(),
                "y".into(),
                "--option".into(),
                h.into(),
            ],
        ),
        (
            "match --option value",
            vec![
                "match".into(),
                "--engine1".into(),
                "x".into(),
                "--engine2".into(),
                "y".into(),
                "--option".into(),
                format!("Hash={h}"),
            ],
        ),
        (
            "match --tc",
            vec![
                "match".into(),
                "--engine1".into(),
                "x".into(),
                "--engine2".into(),
                "y".into(),
                "--tc".into(),
                h.into(),
            ],
        ),
    ];
    for (what, args) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = rankup(&dir, &args, "");
        assert_run_clean(what, &out);
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A player's own game whose name and piece names carry the characters: what the commands
/// other than `variant` print about it (a move explained, an error).
#[test]
fn cli_commands_on_a_game_with_hostile_piece_names() {
    let dir = scratch("variant");
    let variants = dir.join("config").join("variants");
    fs::create_dir_all(&variants).unwrap();
    let text = include_str!("../variants/chess.ron")
        .replacen("id: \"chess\"", "id: \"hostile\"", 1)
        .replacen("name: \"Chess\"", &format!("name: {HOSTILE:?}"), 1)
        .replacen("name: \"Queen\"", &format!("name: {HOSTILE:?}"), 1);
    fs::write(variants.join("hostile.ron"), text).unwrap();
    for args in [
        &["moves", "hostile", "--why", "Qh5"][..],
        &["moves", "hostile", "--why", "d1h5"],
        &["moves", "hostile", "--fen", HOSTILE_NO_NUL],
        &["perft", "hostile", "1"],
    ] {
        let out = rankup(&dir, args, "");
        assert_run_clean(&format!("{args:?}"), &out);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hostile_config_and_theme_files() {
    let dir = scratch("config");
    let config = dir.join("config").join("config.ron");
    let themes = dir.join("config").join("themes");
    fs::create_dir_all(&themes).unwrap();
    let cases = [
        format!("(theme: {HOSTILE:?})"),
        format!("({HOSTILE_NO_NUL}: 1)"),
        format!("(ai_level: 9, theme: {HOSTILE:?})"),
        format!("(theme: \"t\", {HOSTILE:?})"),
    ];
    for text in &cases {
        fs::write(&config, text).unwrap();
        let out = rankup(&dir, &["play", "chess"], "");
        assert_run_clean(&format!("config {text:?}"), &out);
    }
    fs::write(&config, "(theme: \"t\")").unwrap();
    fs::write(
        themes.join("t.ron"),
        format!("(name: {HOSTILE:?}, text: {HOSTILE:?})"),
    )
    .unwrap();
    let out = rankup(&dir, &["play", "chess"], "");
    assert_run_clean("a theme with a hostile colour", &out);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn uci_echoes_no_hostile_input() {
    let dir = scratch("uci");
    let h = HOSTILE;
    let input = [
        format!("setoption name {h} value {h}"),
        format!("setoption name UCI_Variant value {h}"),
        format!("setoption name Hash value {h}"),
        format!("setoption name Threads value {h}"),
        format!("setoption {h}"),
        format!("position fen {h}"),
        format!("position startpos moves e2e4 {h}"),
        format!("position {h}"),
        format!("go searchmoves {h} depth 1"),
        format!("go depth {h} nodes 100"),
        h.to_string(),
        "isready".into(),
        "quit".into(),
    ]
    .join("\n");
    let out = rankup(&dir, &["uci"], &format!("{input}\n"));
    assert_run_clean("uci", &out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Every line is the protocol's: nothing the input said starts a line of its own.
    for line in stdout.lines() {
        assert!(
            ["info ", "bestmove ", "readyok"]
                .iter()
                .any(|p| line.starts_with(p)),
            "{line:?} in {stdout:?}"
        );
    }
    assert!(stdout.contains("readyok"), "{stdout}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The app's screens with outside text in every place it can reach: a theme's name,
/// messages on the start screen, in a game and in review, names and comments of a saved
/// game.
#[test]
fn the_screen_shows_no_hostile_text() {
    let theme = Theme {
        name: HOSTILE.into(),
        ..Theme::default()
    };
    let palette = Palette::new(theme, ColorMode::TrueColor);
    let mut app = App::new(common::OPTIONS, palette.clone(), None);
    app.tell(HOSTILE.into(), true);
    assert_clean("start screen notice", &common::screen(&mut app, 100, 30));
    let mut app = App::playing(
        common::OPTIONS,
        palette.clone(),
        rankup::rules::Position::start(variant(VariantId::Chess)),
        None,
        rankup::rules::ByColor {
            white: rankup::ui::app::Player::Human,
            black: rankup::ui::app::Player::Human,
        },
    );
    app.tell(HOSTILE.into(), false);
    assert_clean("play screen", &common::screen(&mut app, 100, 30));
    let mut app = App::reviewing(
        common::OPTIONS,
        palette.clone(),
        hostile_game(),
        Some(PathBuf::from(HOSTILE_NO_NUL)),
    )
    .unwrap();
    assert_clean("review", &common::screen(&mut app, 100, 30));
    app.tell(HOSTILE.into(), true);
    assert_clean("review message", &common::screen(&mut app, 100, 30));
    let mut app = App::online(common::OPTIONS, palette);
    app.tell(HOSTILE.into(), true);
    assert_clean("lobby message", &common::screen(&mut app, 100, 30));
}
