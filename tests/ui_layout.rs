//! The play screen at many terminal sizes: the board grows with the terminal, clicks land on
//! the square under them, the legend names every piece and stays out of the board's rows,
//! and the move list keeps its rows (Tamerspiel at 80x24 included).

mod common;
use common::{draw, palette, screen, OPTIONS};

use rankup::notation::coord;
use rankup::rules::{ByColor, Piece, Position, Squares};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player};
use rankup::ui::layout::play_layout;
use rankup::ui::widgets::board::{piece_glyph, BoardWidget};
use rankup::variants::{variant, VariantId};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

/// The sizes the issue names, and 120x40 (the snapshots' largest).
const SIZES: [(u16, u16); 6] = [
    (80, 24),
    (100, 30),
    (120, 40),
    (160, 50),
    (200, 60),
    (250, 75),
];

fn app_for(id: VariantId) -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(id)),
        None,
        HUMANS,
    )
}

/// Plays `plies` legal moves, typed as coordinate tokens, picked by a fixed rule.
fn play_moves(app: &mut App, plies: usize) {
    for ply in 0..plies {
        let pos = app.play().unwrap().table.game().position().clone();
        let mut tokens: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| coord::format(pos.variant(), m))
            .collect();
        tokens.sort();
        let token = &tokens[(ply * 7) % tokens.len()];
        app.update(Action::StartTyping);
        for c in token.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
        assert_eq!(
            app.play().unwrap().table.game().history().len(),
            ply + 1,
            "{token}"
        );
    }
}

/// How the legend writes a piece: its glyph (with `+` when promoted) on a 3-cell square as
/// the board draws it, its letter when the glyph is a figure, its name.
fn legend_entry(id: VariantId, kind: rankup::rules::PieceKind) -> String {
    let v = variant(id);
    let spec = v.piece(kind);
    let glyph = piece_glyph(v, Piece::new(rankup::rules::Color::White, kind), true);
    let mark = if !v.has_levels() && v.promotion_stage(kind) > 0 {
        '+'
    } else {
        ' '
    };
    let letter = if glyph == spec.letter {
        String::new()
    } else {
        format!(" {}", spec.letter)
    };
    format!(" {glyph}{mark}{letter} {}", spec.name)
}

#[test]
fn every_piece_of_every_game_is_in_the_legend_at_160x50_and_80x24() {
    for id in VariantId::ALL {
        for (w, h) in [(160, 50), (80, 24)] {
            let mut app = app_for(id);
            let text = screen(&mut app, w, h);
            for (kind, _) in variant(id).kinds() {
                let entry = legend_entry(id, kind);
                assert!(
                    text.contains(&entry),
                    "{id:?} at {w}x{h}: no {entry:?} in\n{text}"
                );
            }
        }
    }
}

#[test]
fn the_panel_never_draws_over_the_board() {
    for id in VariantId::ALL {
        let mut app = app_for(id);
        play_moves(&mut app, 6);
        for (w, h) in SIZES {
            let t = draw(&mut app, w, h);
            let shown = t.backend().buffer();
            let layout = play_layout(Rect::new(0, 0, w, h), variant(id), false, 1);
            let geom = layout.board.unwrap();
            // The board alone, as the screen should show it.
            let play = app.play().unwrap();
            let mut board = BoardWidget::new(variant(id), geom, &app.palette, true)
                .with_position(play.table.game().position());
            board.cursor = Some(play.cursor);
            board.last_move = rankup::ui::app::last_move_squares(play);
            let mut alone = Buffer::empty(Rect::new(0, 0, w, h));
            board.render(geom.area, &mut alone);
            for y in geom.area.y..geom.area.y + geom.area.height {
                for x in geom.area.x..geom.area.x + geom.area.width {
                    assert_eq!(
                        shown[(x, y)],
                        alone[(x, y)],
                        "{id:?} at {w}x{h}: cell {x},{y} of the board"
                    );
                }
            }
        }
    }
}

#[test]
fn tamerspiel_at_80x24_shows_at_least_six_moves() {
    let mut app = app_for(VariantId::Tamerspiel);
    play_moves(&mut app, 30);
    let text = screen(&mut app, 80, 24);
    // Moves 10 to 15 (the last six full moves) are all on screen.
    for n in 10..=15 {
        assert!(
            text.contains(&format!(" {n}. ")),
            "move {n} missing:\n{text}"
        );
    }
    // And the legend still names every piece.
    for (kind, _) in variant(VariantId::Tamerspiel).kinds() {
        let entry = legend_entry(VariantId::Tamerspiel, kind);
        assert!(text.contains(&entry), "no {entry:?} in\n{text}");
    }
}

#[test]
fn every_size_keeps_six_moves_in_view() {
    for id in VariantId::ALL {
        let mut app = app_for(id);
        play_moves(&mut app, 24);
        for (w, h) in SIZES {
            let text = screen(&mut app, w, h);
            for n in 7..=12 {
                assert!(
                    text.contains(&format!(" {n}. ")),
                    "{id:?} at {w}x{h}: move {n} missing:\n{text}"
                );
            }
        }
    }
}

#[test]
fn clicks_pick_the_square_under_them_at_every_size() {
    for id in [
        VariantId::Chess,
        VariantId::Promochess,
        VariantId::Tamerspiel,
    ] {
        for (w, h) in SIZES {
            let mut app = app_for(id);
            draw(&mut app, w, h);
            let layout = play_layout(Rect::new(0, 0, w, h), variant(id), false, 1);
            let geom = layout.board.unwrap();
            for sq in Squares(variant(id).shape().squares()) {
                let (x, y) = geom.origin(sq);
                // The middle of the square, where the glyph is.
                app.update(Action::Click {
                    col: x + geom.cell.0 / 2,
                    row: y + geom.cell.1 / 2,
                });
                let play = app.play().unwrap();
                assert_eq!(play.cursor, sq, "{id:?} at {w}x{h}");
                // A click lifts a piece of the side to move; put it back.
                if play.lifted().is_some() {
                    app.update(Action::Cancel);
                }
            }
        }
    }
}

#[test]
fn odd_shapes_and_huge_terminals_draw_without_panic() {
    for id in [
        VariantId::Chess,
        VariantId::Promochess,
        VariantId::Tamerspiel,
    ] {
        let mut app = app_for(id);
        play_moves(&mut app, 4);
        for (w, h) in [
            (600, 200),
            (200, 600),
            (3, 400),
            (400, 3),
            (66, 24),
            (80, 12),
        ] {
            draw(&mut app, w, h);
        }
        // No upper limit on the squares.
        let layout = play_layout(Rect::new(0, 0, 600, 200), variant(id), false, 1);
        let geom = layout.board.unwrap();
        assert!(geom.cell.1 >= 20, "{id:?}: {:?} at 600x200", geom.cell);
    }
}

#[test]
fn tamerspiel_at_80x24_with_clocks_and_captures_still_shows_six_moves() {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Tamerspiel)),
        Some(rankup::ui::app::TimeControl::parse("5+3").unwrap()),
        HUMANS,
    );
    play_moves(&mut app, 30);
    let play = app.play().unwrap();
    let taken = rankup::ui::app::captured(play);
    assert!(
        !taken.white.is_empty() && !taken.black.is_empty(),
        "both sides took something"
    );
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("White took") && text.contains("Black took"),
        "{text}"
    );
    for n in 10..=15 {
        assert!(
            text.contains(&format!(" {n}. ")),
            "move {n} missing:\n{text}"
        );
    }
    for (kind, _) in variant(VariantId::Tamerspiel).kinds() {
        let entry = legend_entry(VariantId::Tamerspiel, kind);
        assert!(text.contains(&entry), "no {entry:?} in\n{text}");
    }
}
