//! The promotion picker: the choices of a move that can promote (or give a level away),
//! drawn over the middle of the board.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

use crate::ui::layout::BoardGeom;
use crate::ui::theme::Palette;
use crate::ui::widgets::overlay::centered;

/// The promotion picker over the board: one row per choice, the chosen one highlighted.
pub fn render_picker(
    p: &Palette,
    pos: &crate::rules::Position,
    picker: &crate::ui::app::Picker,
    geom: BoardGeom,
    frame: &mut Frame,
) {
    let v = pos.variant();
    let lines: Vec<Line> = picker
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
            let style = if i == picker.index {
                p.highlight()
            } else {
                p.text()
            };
            Line::styled(format!("{} {what}", i + 1), style)
        })
        .collect();
    let w = lines.iter().map(|l| l.width() as u16).max().unwrap_or(10) + 4;
    let r = centered(geom.area, w.max(26), lines.len() as u16 + 2);
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
