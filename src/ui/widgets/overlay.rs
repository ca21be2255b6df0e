//! What goes over a screen or instead of it: a rectangle centred on another, the frame of a
//! full-screen card, and the message shown when the terminal is too small for a screen.

use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::ui::theme::Palette;

/// A `w` by `h` rectangle in the middle of `around` (cut to fit it).
pub fn centered(around: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(around.width);
    let h = h.min(around.height);
    Rect::new(
        around.x + (around.width - w) / 2,
        around.y + (around.height - h) / 2,
        w,
        h,
    )
}

/// The frame of a full-screen card: a border with `title` centred on it.
pub fn card_block(p: &Palette, title: &str) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(p.border())
        .title(Span::styled(format!(" {title} "), p.accent()))
        .title_alignment(Alignment::Center)
}

/// Says that the terminal is too small for the screen, and the size it needs.
pub fn render_too_small(p: &Palette, frame: &mut Frame, area: Rect, need: (u16, u16)) {
    let text = vec![
        Line::styled("Terminal too small", p.error()),
        Line::styled(
            format!(
                "need {}x{}, have {}x{}: enlarge the window (q quits)",
                need.0, need.1, area.width, area.height
            ),
            p.text(),
        ),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}
