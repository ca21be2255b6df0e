//! The promotion picker: the choices of a move that can promote (or give a level away),
//! drawn beside the square moved to (never over it).

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

use crate::rules::Position;
use crate::ui::app::Picker;
use crate::ui::layout::{picker_rect, BoardGeom};
use crate::ui::theme::Palette;

/// The promotion picker beside the target square: one row per choice, the highlighted one
/// marked.
pub fn render_picker(
    p: &Palette,
    pos: &Position,
    picker: &Picker,
    geom: BoardGeom,
    frame: &mut Frame,
) {
    let r = picker_area(pos, picker, geom, frame.area());
    let lines: Vec<Line> = choice_texts(pos, picker)
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let style = if i == picker.index {
                p.highlight()
            } else {
                p.text()
            };
            Line::styled(text, style)
        })
        .collect();
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(p.border())
                .title(Span::styled(" choose: Enter/1-9, Esc ", p.accent())),
        ),
        r,
    );
}

/// Where the picker goes on `screen`: beside the square its moves go to (see
/// [`picker_rect`]).
pub fn picker_area(pos: &Position, picker: &Picker, geom: BoardGeom, screen: Rect) -> Rect {
    let texts = choice_texts(pos, picker);
    let w = texts.iter().map(|t| t.width() as u16).max().unwrap_or(10) + 4;
    let h = texts.len() as u16 + 2;
    match picker.moves.first() {
        Some(m) => picker_rect(screen, geom, m.to, w.max(26), h),
        None => Rect::default(),
    }
}

/// One line per choice: its number and what it does.
fn choice_texts(pos: &Position, picker: &Picker) -> Vec<String> {
    let v = pos.variant();
    picker
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let what = match (m.promotion, m.recipient) {
                (_, Some(r)) => {
                    let name = pos
                        .piece_at(r)
                        .map_or("piece", |p| v.piece(p.kind()).name.as_str());
                    format!("give the level to the {name} on {r}")
                }
                (Some(k), None) => format!("promote to {}", v.piece(k).name),
                (None, None) => format!("stay a {}", v.piece(m.piece.kind()).name),
            };
            format!("{} {what}", i + 1)
        })
        .collect()
}
