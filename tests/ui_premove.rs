//! Premove through the app: while the AI (or the opponent on the server) is to move, the
//! player makes one move in advance, typed or by lift and drop; it is shown on the board and
//! in the status line, Esc or picking again cancels it, and when the turn comes it is played
//! at once if legal (with the promotion chosen when premoving), else dropped with a word.
//! Not in games at one keyboard, nor for a spectator.

mod common;
use common::{draw, palette, screen, OPTIONS};

use std::time::Instant;

use rankup::ai::Level;
use rankup::game::TimeControl;
use rankup::net::{ClockSetting, ClockView, NetEvent, NetRequest, RoomView};
use rankup::notation::coord;
use rankup::rules::{ByColor, Color, Position, Square};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Options, Player, Thinking};
use rankup::ui::layout::play_layout;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

use ratatui::layout::Rect;

/// The person plays White against the AI.
const VS_AI: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Ai(Level::DEFAULT),
};

fn vs_ai(fen: &str) -> App {
    let pos = Position::from_fen(variant(VariantId::Chess), fen).unwrap();
    App::playing(OPTIONS, palette(), pos, None, VS_AI)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn typed(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

/// The AI's search answers with `token`.
fn ai_plays(app: &mut App, token: &str) {
    let request = app.search_request().expect("the AI is asked to move");
    let best = coord::parse(&request.position, token).unwrap();
    app.update(Action::AiDone {
        id: request.id,
        best: Some(best),
        thinking: Thinking {
            depth: 1,
            score: String::new(),
            line: String::new(),
            nodes: 1,
            eval: None,
        },
    });
}

fn sans(app: &App) -> Vec<String> {
    let history = app.play().unwrap().table.game().history();
    history.iter().map(|m| m.san.clone()).collect()
}

fn message(app: &App) -> String {
    let m = app.play().unwrap().message.as_ref();
    m.map(|m| m.text.clone()).unwrap_or_default()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The characters at the left and right edges of a square's glyph row, drawn at 80x24.
fn edges(app: &mut App, name: &str) -> (String, String) {
    let t = draw(app, 80, 24);
    let play = app.play().unwrap();
    let layout = play_layout(
        Rect::new(0, 0, 80, 24),
        play.table.game().position().variant(),
        play.flipped,
        play.message_rows(80),
    );
    let geom = layout.board.unwrap();
    let (x, y) = geom.origin(sq(name));
    let row = y + geom.cell.1 / 2;
    let buf = t.backend().buffer();
    (
        buf[(x, row)].symbol().to_string(),
        buf[(x + geom.cell.0 - 1, row)].symbol().to_string(),
    )
}

/// Moves the cursor from where it is to `name` with arrow keys (White at the bottom).
fn cursor_to(app: &mut App, name: &str) {
    let target = sq(name);
    for _ in 0..64 {
        let at = app.play().unwrap().cursor;
        let dir = if at.file() < target.file() {
            Dir::Right
        } else if at.file() > target.file() {
            Dir::Left
        } else if at.rank() < target.rank() {
            Dir::Up
        } else if at.rank() > target.rank() {
            Dir::Down
        } else {
            return;
        };
        app.update(Action::Move(dir));
    }
    panic!("the cursor does not reach {name}");
}

#[test]
fn a_typed_premove_is_shown_and_played_when_the_turn_comes() {
    let mut app = vs_ai(START);
    typed(&mut app, "e4");
    assert_eq!(sans(&app), ["e4"]);
    typed(&mut app, "d4");
    let play = app.play().unwrap();
    assert_eq!(play.premove.as_ref().unwrap().text, "d4");
    assert_eq!(sans(&app), ["e4"], "nothing played before the turn comes");
    // Shown even while a long thinking line fills the status line.
    let id = app.search_request().unwrap().id;
    app.update(Action::AiInfo {
        id,
        thinking: Thinking {
            depth: 12,
            score: "-0.14".into(),
            line: "Nc6 d4 d5 e5 Nh6 Nf3 Bg4 Be2 e6 O-O Nf5 c3 Be7".into(),
            nodes: 123_456,
            eval: None,
        },
    });
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("premove d4, Esc cancels"), "{text}");
    for square in ["d2", "d4"] {
        assert_eq!(
            edges(&mut app, square),
            ("{".into(), "}".into()),
            "{square}"
        );
    }
    ai_plays(&mut app, "e7e5");
    assert_eq!(sans(&app), ["e4", "e5", "d4"]);
    let play = app.play().unwrap();
    assert!(play.premove.is_none());
    assert_eq!(
        play.table.game().position().turn(),
        Color::Black,
        "the AI again"
    );
    // The line under the board no longer speaks of it (the legend still explains the mark).
    let text = screen(&mut app, 80, 24);
    assert!(
        !text.contains("premove d4") && !text.contains("Esc cancels"),
        "{text}"
    );
}

#[test]
fn a_premove_that_became_illegal_is_dropped_with_a_word() {
    let mut app = vs_ai(START);
    typed(&mut app, "e4");
    typed(&mut app, "e5");
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "e5");
    ai_plays(&mut app, "e7e5");
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert!(app.play().unwrap().premove.is_none());
    assert_eq!(message(&app), "premove e5 dropped: not legal now");
    assert_eq!(
        app.play().unwrap().table.game().position().turn(),
        Color::White
    );
}

#[test]
fn a_premove_by_lift_and_drop_and_its_cancelling() {
    let mut app = vs_ai(START);
    typed(&mut app, "e4");
    // Lift the g1 Knight and drop it on f3.
    cursor_to(&mut app, "g1");
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().lifted(), Some(sq("g1")));
    cursor_to(&mut app, "f3");
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "Nf3");
    // Picking again drops it: lifting the b1 Knight.
    cursor_to(&mut app, "b1");
    app.update(Action::Select);
    assert!(app.play().unwrap().premove.is_none());
    cursor_to(&mut app, "c3");
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "Nc3");
    // Esc cancels it.
    app.update(Action::Cancel);
    assert!(app.play().unwrap().premove.is_none());
    assert_eq!(message(&app), "premove cancelled");
    ai_plays(&mut app, "e7e5");
    assert_eq!(sans(&app), ["e4", "e5"], "nothing premoved");
}

#[test]
fn a_premove_may_be_one_that_is_illegal_now() {
    // White's King on e1, Black's Rook on e8 pinning nothing yet: the Bishop on e2 may not
    // move now (it shields the King), but may be premoved: the Rook may go away.
    let mut app = vs_ai("4r2k/8/8/8/8/8/4B3/4K3 b - - 0 1");
    cursor_to(&mut app, "e2");
    app.update(Action::Select);
    cursor_to(&mut app, "d3");
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "Bd3");
    // The Rook goes: the Bishop is free.
    ai_plays(&mut app, "e8a8");
    assert_eq!(sans(&app).last().unwrap(), "Bd3");
    // Typed the same: SAN or token.
    for text in ["Bd3", "e2d3"] {
        let mut app = vs_ai("4r2k/8/8/8/8/8/4B3/4K3 b - - 0 1");
        typed(&mut app, text);
        assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "Bd3");
    }
}

/// As on lichess: a premove may take back on a square where one's own piece stands now
/// (the recapture after a trade), or send a Pawn diagonally onto an empty square (the
/// opponent's Pawn may arrive there).
#[test]
fn a_premove_may_recapture_or_take_where_nothing_stands_yet() {
    // Black's Bishop takes the Knight on f3; g2 takes back.
    let mut app = vs_ai("4k3/8/8/7b/8/5N2/6P1/4K3 b - - 0 1");
    cursor_to(&mut app, "g2");
    app.update(Action::Select);
    assert_eq!(app.play().unwrap().lifted(), Some(sq("g2")));
    cursor_to(&mut app, "f3");
    app.update(Action::Select);
    assert!(app.play().unwrap().premove.is_some(), "{}", message(&app));
    ai_plays(&mut app, "h5f3");
    assert_eq!(sans(&app), ["Bxf3", "gxf3"]);
    // d7-d5 comes next to the e4 Pawn: exd5, premoved onto the empty square.
    let mut app = vs_ai("4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 1");
    cursor_to(&mut app, "e4");
    app.update(Action::Select);
    cursor_to(&mut app, "d5");
    app.update(Action::Select);
    assert!(app.play().unwrap().premove.is_some(), "{}", message(&app));
    ai_plays(&mut app, "d7d6");
    assert_eq!(sans(&app), ["d6"], "not legal after d6: dropped");
    assert_eq!(message(&app), "premove exd5 dropped: not legal now");
    let mut app = vs_ai("4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 1");
    typed(&mut app, "e4d5");
    assert!(app.play().unwrap().premove.is_some(), "{}", message(&app));
    ai_plays(&mut app, "d7d5");
    assert_eq!(sans(&app), ["d5", "exd5"]);
}

#[test]
fn a_premoved_promotion_keeps_its_choice() {
    let mut app = vs_ai("7k/P7/8/8/8/8/8/K7 b - - 0 1");
    typed(&mut app, "a8");
    let picker = app.play().unwrap().picker().cloned().expect("which piece?");
    assert_eq!(picker.moves.len(), 4);
    app.update(Action::Choose(1));
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "a8=R+");
    ai_plays(&mut app, "h8g7");
    assert_eq!(sans(&app), ["Kg7", "a8=R"]);
}

#[test]
fn no_premove_at_one_keyboard() {
    let humans = ByColor {
        white: Player::Human,
        black: Player::Human,
    };
    let pos = Position::from_fen(variant(VariantId::Chess), START).unwrap();
    let mut app = App::playing(OPTIONS, palette(), pos, None, humans);
    typed(&mut app, "e4");
    // Black is to move: White's d-pawn is not Black's to move, and nothing is kept.
    cursor_to(&mut app, "d2");
    app.update(Action::Select);
    let play = app.play().unwrap();
    assert!(play.premove.is_none() && play.lifted().is_none());
    assert!(
        message(&app).contains("it is Black's move"),
        "{}",
        message(&app)
    );
}

fn online() -> App {
    let mut app = App::online(
        Options {
            glyphs: true,
            mouse: false,
            ascii: false,
            bell: None,
            ponder: false,
        },
        Palette::new(Theme::builtin("dark").unwrap(), ColorMode::TrueColor),
    );
    app.update(Action::Tick(Instant::now()));
    app
}

fn room(tokens: &[&str], you: Option<Color>) -> RoomView {
    RoomView {
        room: 9,
        variant: VariantId::Chess,
        start: START.into(),
        names: ByColor {
            white: "Ann".into(),
            black: "Bob".into(),
        },
        tokens: tokens.iter().map(|t| t.to_string()).collect(),
        outcome: None,
        clock: Some(ClockView {
            setting: ClockSetting {
                control: TimeControl::parse("5+3").unwrap(),
                pause_when_away: false,
            },
            left_ms: ByColor {
                white: 300_000,
                black: 300_000,
            },
            running: Some(if tokens.len().is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            }),
        }),
        days: None,
        rated: false,
        rating_change: ByColor::default(),
        you,
        away: ByColor::default(),
        draw_offer: None,
        takeback: None,
        chat: Vec::new(),
        spectators: 0,
    }
}

#[test]
fn on_the_server_the_premove_is_sent_when_the_opponents_move_arrives() {
    let mut app = online();
    app.update(Action::Net(NetEvent::Room(room(&[], Some(Color::White)))));
    typed(&mut app, "e4");
    app.take_net();
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4"],
        Some(Color::White),
    ))));
    typed(&mut app, "Nf3");
    assert_eq!(app.play().unwrap().premove.as_ref().unwrap().text, "Nf3");
    assert!(app.take_net().is_empty(), "nothing sent before the turn");
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4", "e7e5"],
        Some(Color::White),
    ))));
    assert_eq!(
        app.take_net(),
        [NetRequest::Move {
            room: 9,
            ply: 2,
            token: "g1f3".into()
        }]
    );
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
}

#[test]
fn a_spectator_cannot_premove() {
    let mut app = online();
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    typed(&mut app, "e5");
    assert!(app.play().unwrap().premove.is_none());
    app.update(Action::Cancel);
    cursor_to(&mut app, "e7");
    app.update(Action::Select);
    let play = app.play().unwrap();
    assert!(play.premove.is_none() && play.lifted().is_none());
}
