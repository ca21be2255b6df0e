//! Typing moves forgives: a refused move says why and its text stays to be edited or
//! replaced; the keys that open typing start afresh; ↑↓ recall earlier moves; the cursor
//! says why a square is not a target.

use rankup::rules::{ByColor, Position};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Options, Player};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

fn playing(id: VariantId) -> App {
    App::playing(
        Options {
            glyphs: true,
            mouse: false,
            ascii: false,
            bell: None,
            ponder: false,
        },
        Palette::new(Theme::builtin("dark").unwrap(), ColorMode::TrueColor),
        Position::start(variant(id)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    )
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
}

fn text(app: &App) -> Option<String> {
    app.play().unwrap().typed_text().map(str::to_string)
}

fn message(app: &App) -> String {
    app.play()
        .unwrap()
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_refused_move_stays_to_edit_and_a_new_one_replaces_it() {
    let mut app = playing(VariantId::Chess);
    app.update(Action::StartTyping);
    typed(&mut app, "Ke3");
    app.update(Action::Submit);
    assert_eq!(text(&app).as_deref(), Some("Ke3"), "the text stays");
    assert!(
        message(&app).contains("King on e1 cannot reach e3"),
        "{}",
        message(&app)
    );
    // The next character that starts a move replaces it; the reason stays shown.
    typed(&mut app, "N");
    assert_eq!(text(&app).as_deref(), Some("N"));
    assert!(message(&app).contains("cannot reach e3"));
    typed(&mut app, "f3");
    app.update(Action::Submit);
    assert_eq!(text(&app), None);
    assert_eq!(app.play().unwrap().table.game().history().len(), 1);
    // Backspace edits a refused move instead.
    app.update(Action::StartTyping);
    typed(&mut app, "e4");
    app.update(Action::Submit);
    assert_eq!(text(&app).as_deref(), Some("e4"));
    app.update(Action::Backspace);
    typed(&mut app, "5");
    assert_eq!(text(&app).as_deref(), Some("e5"));
    // `:` (and `/`, and `i` where there is no i-file) start afresh: never `Hg3:b6`.
    typed(&mut app, ":");
    assert_eq!(text(&app).as_deref(), Some(""));
    typed(&mut app, "e6/");
    assert_eq!(text(&app).as_deref(), Some(""));
    typed(&mut app, "e6i");
    assert_eq!(text(&app).as_deref(), Some(""));
}

#[test]
fn i_is_a_file_where_the_board_has_one() {
    let mut app = playing(VariantId::Promochess);
    app.update(Action::StartTyping);
    typed(&mut app, "i3i4");
    assert_eq!(text(&app).as_deref(), Some("i3i4"));
}

#[test]
fn up_and_down_recall_the_moves_typed_in_this_game() {
    let mut app = playing(VariantId::Chess);
    for m in ["e4", "e5", "Nf3"] {
        app.update(Action::StartTyping);
        typed(&mut app, m);
        app.update(Action::Submit);
    }
    app.update(Action::StartTyping);
    app.update(Action::Move(Dir::Up));
    assert_eq!(text(&app).as_deref(), Some("Nf3"));
    app.update(Action::Move(Dir::Up));
    app.update(Action::Move(Dir::Up));
    app.update(Action::Move(Dir::Up));
    assert_eq!(text(&app).as_deref(), Some("e4"), "stops at the first");
    app.update(Action::Move(Dir::Down));
    assert_eq!(text(&app).as_deref(), Some("e5"));
    app.update(Action::Move(Dir::Down));
    app.update(Action::Move(Dir::Down));
    assert_eq!(text(&app).as_deref(), Some(""), "past the last: empty");
}

#[test]
fn the_cursor_says_why_a_square_is_not_a_target() {
    let mut app = playing(VariantId::Chess);
    // The cursor starts on e1: up to e2, lift the Pawn, up three to e5, drop.
    app.update(Action::Move(Dir::Up));
    app.update(Action::Select);
    for _ in 0..3 {
        app.update(Action::Move(Dir::Up));
    }
    app.update(Action::Select);
    let m = message(&app);
    assert!(
        m.contains("cannot go to e5") && m.contains("can go to e3 e4"),
        "{m}"
    );
}

#[test]
fn no_bell_against_the_ai_unless_asked() {
    use rankup::ui::app::Player;
    use std::time::{Duration, Instant};
    for (bell, expected) in [(None, false), (Some(true), true)] {
        let mut app = App::playing(
            Options {
                glyphs: true,
                mouse: false,
                ascii: false,
                bell,
                ponder: false,
            },
            Palette::new(Theme::builtin("dark").unwrap(), ColorMode::TrueColor),
            Position::start(variant(VariantId::Chess)),
            None,
            ByColor {
                white: Player::Human,
                black: Player::Ai(rankup::ai::Level::DEFAULT),
            },
        );
        let t0 = Instant::now();
        app.update(Action::Tick(t0));
        app.update(Action::StartTyping);
        typed(&mut app, "e4");
        app.update(Action::Submit);
        app.update(Action::Tick(t0 + Duration::from_secs(10)));
        let request = app.search_request().expect("the AI thinks");
        let reply = rankup::notation::coord::parse(&request.position, "e7e5").unwrap();
        app.update(Action::AiDone {
            id: request.id,
            best: Some(reply),
            thinking: rankup::ui::app::Thinking {
                depth: 1,
                score: "0".into(),
                line: String::new(),
                nodes: 1,
                eval: None,
            },
        });
        assert_eq!(app.play().unwrap().table.game().history().len(), 2);
        assert_eq!(app.bell, expected, "{bell:?}");
    }
}
