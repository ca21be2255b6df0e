//! Promotion through the app: the picker's first entry promotes (to the strongest piece
//! where there are several), a typed move that leaves the choice open asks with the same
//! picker, Esc goes back to what opened it, and no picker covers the square moved to in
//! any game at any size.

mod common;
use common::{draw, palette, screen, OPTIONS};

use rankup::rules::{ByColor, Position, Square, Squares};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player};
use rankup::ui::layout::{minimum_size, picker_rect, play_layout, square_rect};
use rankup::ui::widgets::picker::picker_area;
use rankup::variants::{variant, VariantId};

use ratatui::layout::Rect;

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

fn app(id: VariantId, fen: &str) -> App {
    let pos = Position::from_fen(variant(id), fen).unwrap();
    App::playing(OPTIONS, palette(), pos, None, HUMANS)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Lifts the piece on `from` and drops it on `to`, by clicks on the squares at 80x24.
fn drag(app: &mut App, from: &str, to: &str) {
    for name in [from, to] {
        let play = app.play().unwrap();
        let layout = play_layout(
            Rect::new(0, 0, 80, 24),
            play.table.game().position().variant(),
            play.flipped,
            play.message_rows(80),
        );
        let (x, y) = layout.board.unwrap().origin(sq(name));
        app.resize(80, 24);
        app.update(Action::Click { col: x + 1, row: y });
    }
}

fn typed(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn sans(app: &App) -> Vec<String> {
    let history = app.play().unwrap().table.game().history();
    history.iter().map(|m| m.san.clone()).collect()
}

/// The picker's entries as the screen shows them, first to last.
fn picker_entries(app: &mut App) -> Vec<String> {
    let text = screen(app, 80, 24);
    let mut out = Vec::new();
    for n in 1..=9 {
        let Some(at) = text.find(&format!("{n} promote to ")).or_else(|| {
            text.find(&format!("{n} stay a "))
                .or_else(|| text.find(&format!("{n} give the level")))
        }) else {
            break;
        };
        let line = &text[at..];
        let end = line.find('│').unwrap_or(line.len());
        out.push(line[..end].trim().to_string());
    }
    out
}

const CAMEL: &str = "4k4/9/3p5/9/9/2C6/9/9/4K4 w - - 0 1";

#[test]
fn the_promochess_picker_promotes_first_and_stays_last() {
    let mut app = app(VariantId::Promochess, CAMEL);
    drag(&mut app, "c4", "d7");
    assert_eq!(
        picker_entries(&mut app),
        ["1 promote to Wildebeest", "2 stay a Camel"]
    );
    // Enter takes the highlighted first entry: the promotion.
    app.update(Action::Select);
    assert_eq!(sans(&app), ["Cxd7=W+"]);
}

#[test]
fn the_chess_picker_offers_the_queen_first() {
    let mut app = app(VariantId::Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    drag(&mut app, "a7", "a8");
    assert_eq!(
        picker_entries(&mut app),
        [
            "1 promote to Queen",
            "2 promote to Rook",
            "3 promote to Bishop",
            "4 promote to Knight"
        ]
    );
    app.update(Action::Select);
    assert_eq!(sans(&app), ["a8=Q+"]);
}

#[test]
fn esc_in_a_picker_over_a_lifted_piece_keeps_the_piece_lifted() {
    let mut app = app(VariantId::Promochess, CAMEL);
    drag(&mut app, "c4", "d7");
    assert!(app.play().unwrap().picker().is_some());
    app.update(Action::Cancel);
    let play = app.play().unwrap();
    assert!(play.picker().is_none());
    assert_eq!(play.lifted(), Some(sq("c4")));
    assert!(sans(&app).is_empty());
}

#[test]
fn a_typed_san_move_where_promotion_is_optional_asks() {
    let mut app = app(VariantId::Promochess, CAMEL);
    typed(&mut app, "Cxd7");
    assert!(sans(&app).is_empty(), "nothing played before the choice");
    assert_eq!(
        picker_entries(&mut app),
        ["1 promote to Wildebeest", "2 stay a Camel"]
    );
    // Esc goes back to the typed text; Enter asks again; 2 declines.
    app.update(Action::Cancel);
    let play = app.play().unwrap();
    assert!(play.picker().is_none());
    assert_eq!(play.typed_text(), Some("Cxd7"));
    app.update(Action::Submit);
    assert!(app.play().unwrap().picker().is_some());
    app.update(Action::Choose(1));
    assert_eq!(sans(&app), ["Cxd7"]);
    assert_eq!(app.play().unwrap().typed_text(), None, "typing is done");
}

#[test]
fn a_typed_move_that_says_which_plays_at_once() {
    // SAN naming the promotion, and the two token forms (`+` promotes, without declines).
    for (text, san) in [
        ("Cxd7=W", "Cxd7=W+"),
        ("Cxd7=W+", "Cxd7=W+"),
        ("c4d7+", "Cxd7=W+"),
        ("c4d7", "Cxd7"),
    ] {
        let mut app = app(VariantId::Promochess, CAMEL);
        typed(&mut app, text);
        assert!(app.play().unwrap().picker().is_none(), "{text}");
        assert_eq!(sans(&app), [san], "{text}");
    }
}

#[test]
fn a_typed_chess_promotion_without_a_piece_asks() {
    for text in ["a8", "a7a8"] {
        let mut app = app(VariantId::Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        typed(&mut app, text);
        assert!(sans(&app).is_empty(), "{text}");
        assert_eq!(picker_entries(&mut app)[0], "1 promote to Queen", "{text}");
        app.update(Action::Select);
        assert_eq!(sans(&app), ["a8=Q+"], "{text}");
    }
}

/// Sizes the issue names, a few in between, and small ones.
const SIZES: [(u16, u16); 8] = [
    (80, 24),
    (100, 30),
    (160, 50),
    (120, 40),
    (60, 20),
    (50, 16),
    (40, 14),
    (200, 60),
];

#[test]
fn no_picker_covers_the_square_moved_to_in_any_game_at_any_size() {
    // Pickers as small as one choice and as big as nine long ones.
    let pickers = [(26, 4), (34, 6), (48, 11)];
    for id in VariantId::ALL {
        let v = variant(id);
        let shape = v.shape();
        let smallest = minimum_size(shape.files(), shape.ranks());
        for (w, h) in SIZES.iter().copied().chain([smallest]) {
            let screen = Rect::new(0, 0, w, h);
            for flipped in [false, true] {
                let Some(geom) = play_layout(screen, v, flipped, 1).board else {
                    continue;
                };
                for sq in Squares(shape.squares()) {
                    let target = square_rect(geom, sq);
                    for (pw, ph) in pickers {
                        let r = picker_rect(screen, geom, sq, pw, ph);
                        let at = format!("{id} {w}x{h} flipped {flipped} {sq} picker {pw}x{ph}");
                        assert!(!r.intersects(target), "{at}: {r:?} over {target:?}");
                        assert!(
                            screen.contains(r.as_position()) && r.area() > 0,
                            "{at}: {r:?}"
                        );
                        assert_eq!(r.intersection(screen), r, "{at}: off the screen");
                    }
                }
            }
        }
    }
}

#[test]
fn the_drawn_picker_leaves_the_target_square_visible() {
    // The Veteran's capture promotion on d4 (the case), PromoChess and chess.
    let cases = [
        (
            VariantId::Veteran,
            "4k3/8/8/8/3p4/5N2/8/4K3 w - - 0 1",
            "f3",
            "d4",
            ["1 promote to Mounted Veteran", "2 stay a Knight"].as_slice(),
        ),
        (
            VariantId::Promochess,
            CAMEL,
            "c4",
            "d7",
            ["1 promote to Wildebeest", "2 stay a Camel"].as_slice(),
        ),
        (
            VariantId::Chess,
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "a7",
            "a8",
            ["1 promote to Queen", "4 promote to Knight"].as_slice(),
        ),
    ];
    for (id, fen, from, to, entries) in cases {
        for (w, h) in SIZES {
            let mut app = app(id, fen);
            drag(&mut app, from, to);
            let play = app.play().unwrap();
            let picker = play.picker().expect("a picker").clone();
            let pos = play.table.game().position().clone();
            let layout = play_layout(Rect::new(0, 0, w, h), pos.variant(), play.flipped, 1);
            let Some(geom) = layout.board else {
                continue;
            };
            let area = picker_area(&pos, &picker, geom, Rect::new(0, 0, w, h));
            let target = square_rect(geom, sq(to));
            assert!(
                !area.intersects(target),
                "{id} {w}x{h}: {area:?} {target:?}"
            );
            // And on the drawn screen: the picker is there whole where it fits (nothing
            // drawn over it, the panel included), and the target's cells hold no part of
            // its frame.
            let t = draw(&mut app, w, h);
            let buf = t.backend().buffer();
            let drawn: Vec<String> = (area.y..area.bottom())
                .map(|y| {
                    (area.x..area.right())
                        .map(|x| buf[(x, y)].symbol().to_string())
                        .collect()
                })
                .collect();
            if area.width >= 26 && usize::from(area.height) >= picker.moves.len() + 2 {
                let title = "choose: Enter/1-9, Esc";
                assert!(drawn[0].contains(title), "{id} {w}x{h}: {drawn:?}");
                for entry in entries {
                    let shown = drawn.iter().any(|r| r.contains(entry));
                    assert!(shown, "{id} {w}x{h}: {entry} in {drawn:?}");
                }
            }
            for y in target.y..target.bottom() {
                for x in target.x..target.right() {
                    let s = buf[(x, y)].symbol();
                    assert!(!"│─┌┐└┘".contains(s) || s.is_empty(), "{id} {w}x{h}");
                }
            }
        }
    }
}
