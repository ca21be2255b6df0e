//! The move list in numbered rows, as the game in play and review show it.

use ratatui::text::{Line, Span};

use crate::rules::{Color, Position};
use crate::ui::theme::Palette;

/// The move list as rows `12. Nf3      Nc6`, the move after ply `current` (1-based ply
/// count: the move that led to the shown position) highlighted.
pub fn move_lines(
    p: &Palette,
    start: &Position,
    sans: &[&str],
    current: Option<usize>,
) -> Vec<Line<'static>> {
    let mut rows = Vec::new();
    let mut number = start.fullmoves();
    let mut i = 0;
    let style = |ply: usize| {
        if current == Some(ply) {
            p.highlight()
        } else {
            p.text()
        }
    };
    let black_first = start.turn() == Color::Black && !sans.is_empty();
    if black_first {
        rows.push(Line::from(vec![
            Span::styled(format!("{number:>3}. {:<9} ", "..."), p.text()),
            Span::styled(sans[0].to_string(), style(1)),
        ]));
        number = number.saturating_add(1);
        i = 1;
    }
    while i < sans.len() {
        let mut spans = vec![
            Span::styled(format!("{number:>3}. "), p.dim()),
            Span::styled(format!("{:<9}", sans[i]), style(i + 1)),
        ];
        if let Some(black) = sans.get(i + 1) {
            spans.push(Span::styled(" ", p.text()));
            spans.push(Span::styled(black.to_string(), style(i + 2)));
        }
        rows.push(Line::from(spans));
        number = number.saturating_add(1);
        i += 2;
    }
    rows
}
