//! `y` copies the position string and `Y` the game as PGN to the terminal's clipboard with
//! the OSC 52 escape: the app queues the text, the terminal layer writes the escape.

mod common;

use std::path::PathBuf;
use std::sync::mpsc;

use common::{palette, OPTIONS};
use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, Screen};
use rankup::ui::input::{action_for, Context};
use rankup::ui::keeper::Keeper;
use rankup::ui::{drive, tty, Control, Incoming};
use rankup::variants::{variant, VariantId};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// `START` in base64, worked out by hand (Python's base64 module), not by the crate.
const START_BASE64: &str =
    "cm5icWtibnIvcHBwcHBwcHAvOC84LzgvOC9QUFBQUFBQUC9STkJRS0JOUiB3IEtRa3EgLSAwIDE=";

fn playing() -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    )
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn message(app: &App) -> String {
    match &app.screen {
        Screen::Play(p) => p.message.as_ref().unwrap().text.clone(),
        Screen::Review(r) => r.message.as_ref().unwrap().text.clone(),
        _ => panic!("no message"),
    }
}

#[test]
fn the_escape_is_osc_52_with_the_text_in_base64() {
    assert_eq!(
        tty::osc52(START),
        format!("\x1b]52;c;{START_BASE64}\x07").into_bytes()
    );
    assert_eq!(tty::osc52(""), b"\x1b]52;c;\x07");
}

#[test]
fn y_and_shift_y_are_the_copy_keys_in_play_and_review() {
    for context in [Context::Board, Context::Review] {
        let key = |c| action_for(context, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        assert_eq!(key('y'), Some(Action::CopyPosition), "{context:?}");
        assert_eq!(key('Y'), Some(Action::CopyGame), "{context:?}");
    }
}

#[test]
fn y_in_play_queues_the_position_string_with_a_message() {
    let mut app = playing();
    app.update(Action::CopyPosition);
    assert_eq!(app.clipboard, [START]);
    assert_eq!(message(&app), "position copied to the clipboard (OSC 52)");
    type_move(&mut app, "e4");
    app.clipboard.clear();
    app.update(Action::CopyPosition);
    let fen = app.play().unwrap().table.game().position().fen();
    assert!(
        fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"),
        "{fen}"
    );
    assert_eq!(app.clipboard, [fen]);
}

#[test]
fn shift_y_in_play_queues_the_pgn() {
    let mut app = playing();
    for m in ["e4", "e5", "Nf3"] {
        type_move(&mut app, m);
    }
    app.update(Action::CopyGame);
    assert_eq!(app.clipboard.len(), 1);
    let pgn = &app.clipboard[0];
    assert_eq!(
        pgn,
        &rankup::save::pgn::export(&app.play().unwrap().saved()),
        "what rankup export gives"
    );
    assert!(pgn.contains("1. e4 e5 2. Nf3"), "{pgn}");
    assert!(message(&app).contains("game (PGN) copied to the clipboard (OSC 52)"));
}

#[test]
fn in_review_y_copies_the_shown_position() {
    let mut app = playing();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        type_move(&mut app, m);
    }
    let saved = app.play().unwrap().saved();
    let mut app = App::reviewing(
        OPTIONS,
        palette(),
        saved.clone(),
        Some(PathBuf::from("/x/g.ron")),
    )
    .unwrap();
    // Back to the start: the start position is copied, not the end.
    app.update(Action::Home);
    app.update(Action::CopyPosition);
    assert_eq!(app.clipboard, [START]);
    assert!(message(&app).contains("position copied"));
    app.update(Action::CopyGame);
    assert_eq!(app.clipboard[1], rankup::save::pgn::export(&saved));
}

/// Through the event loop: the bytes the terminal gets hold the escape.
#[test]
fn the_loop_writes_the_escape_to_the_terminal() {
    let mut app = playing();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let (tx, rx) = mpsc::channel();
    tx.send(Incoming::App(Box::new(Action::CopyPosition)))
        .unwrap();
    tx.send(Incoming::Closed).unwrap();
    let mut written = Vec::new();
    drive(
        &mut terminal,
        &mut app,
        &mut Keeper::new(None),
        (tx, rx),
        |_, c: Control| tty::control(&mut written, c),
    )
    .unwrap();
    let want = format!("\x1b]52;c;{START_BASE64}\x07").into_bytes();
    assert!(
        written.windows(want.len()).any(|w| w == want),
        "{:?}",
        String::from_utf8_lossy(&written)
    );
    assert!(app.clipboard.is_empty(), "written once");
}

/// `rankup export --fen`: the position string of the game's last position, as `y` copies
/// it; the PGN stays the default.
#[test]
fn export_fen_prints_the_last_position() {
    let mut app = playing();
    for m in ["e4", "c5", "Nf3"] {
        type_move(&mut app, m);
    }
    let dir = std::env::temp_dir().join(format!("rankup-copy-fen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sicilian.ron");
    std::fs::write(&file, app.play().unwrap().saved().to_ron()).unwrap();
    let out = common::rankup()
        .args(["export", "--fen"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    );
    let pgn = common::rankup().arg("export").arg(&file).output().unwrap();
    assert!(String::from_utf8_lossy(&pgn.stdout).contains("1. e4 c5 2. Nf3"));
    // --fen with -o is refused: the file is for PGN.
    let both = common::rankup()
        .args(["export", "--fen", "-o"])
        .arg(dir.join("x.pgn"))
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
