//! The pieces each side has taken and the material balance beside them (`White took ♟♞ +3`),
//! as play and review show them. The balance comes from the game's own piece values
//! ([`crate::ai::material`]: derived from each piece's movement, levelled and promoted
//! pieces at what they are now), in whole Pawns, on the line of the side ahead.

use ratatui::text::{Line, Span};

use crate::rules::{ByColor, Color, Move, Piece, Position};
use crate::ui::theme::Palette;
use crate::ui::widgets::board::piece_glyph;

/// The pieces taken by the moves, in capture order: `[White]` holds what White took.
pub fn captured<'a>(moves: impl IntoIterator<Item = &'a Move>) -> ByColor<Vec<Piece>> {
    let mut out = ByColor::<Vec<_>>::default();
    for m in moves {
        if let Some(p) = m.capture {
            out[!p.color()].push(p);
        }
    }
    out
}

/// The side ahead on material in `pos` and by how many whole Pawns (rounded), `None` when
/// the balance rounds to level.
pub fn balance(pos: &Position) -> Option<(Color, u32)> {
    let m = crate::ai::material(pos);
    let diff = m.white - m.black;
    let pawns = (diff.unsigned_abs() + 50) / 100;
    match (pawns, diff > 0) {
        (0, _) => None,
        (n, true) => Some((Color::White, n)),
        (n, false) => Some((Color::Black, n)),
    }
}

/// One line per side that took something or is ahead: `White took ♟♞ +3`, `Black took ♙`,
/// or `White +1` for a side ahead without captures (a promotion, a levelled piece).
pub fn material_lines(
    p: &Palette,
    pos: &Position,
    taken: &ByColor<Vec<Piece>>,
    glyphs: bool,
) -> Vec<Line<'static>> {
    let v = pos.variant();
    let ahead = balance(pos);
    let mut lines = Vec::new();
    for side in Color::ALL {
        let pieces: String = taken[side]
            .iter()
            .map(|&pc| piece_glyph(v, pc, glyphs))
            .collect();
        let lead = ahead.filter(|&(s, _)| s == side).map(|(_, n)| n);
        if pieces.is_empty() && lead.is_none() {
            continue;
        }
        let mut spans = vec![Span::styled(side.to_string(), p.dim())];
        if !pieces.is_empty() {
            spans.push(Span::styled(" took ", p.dim()));
            spans.push(Span::styled(pieces, p.text()));
        }
        if let Some(n) = lead {
            spans.push(Span::styled(format!(" +{n}"), p.accent()));
        }
        lines.push(Line::from(spans));
    }
    lines
}
