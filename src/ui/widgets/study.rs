//! The parts the lessons' and the puzzles' screens share: a chosen list that scrolls to its
//! row, a footer that is the last message or the keys (or the move being typed, and the
//! picker over the board), and the panel beside the board.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::rules::Position;
use crate::text::sanitize;
use crate::ui::app::Message;
use crate::ui::layout::PlayLayout;
use crate::ui::theme::Palette;
use crate::ui::widgets::board_input::BoardInput;
use crate::ui::widgets::picker::render_picker;
use crate::ui::widgets::scroll::wrap_all;
use crate::ui::widgets::text::fit_words;

/// The rows of a list that fit in `room` lines, scrolled so that row `index` is drawn and
/// marked; a row whose flag is set (a finished lesson) is dimmed.
pub fn list_lines(
    p: &Palette,
    rows: Vec<(String, bool)>,
    index: usize,
    room: usize,
) -> Vec<Line<'static>> {
    let from = (index + 1).saturating_sub(room.max(1));
    rows.into_iter()
        .enumerate()
        .skip(from)
        .take(room.max(1))
        .map(|(i, (text, done))| {
            let mark = if i == index { "> " } else { "  " };
            let style = if i == index {
                p.highlight()
            } else if done {
                p.dim()
            } else {
                p.text()
            };
            Line::styled(format!("  {mark}{text}"), style)
        })
        .collect()
}

/// The last line: the screen's message if it has one, else its keys.
pub fn footer(p: &Palette, message: Option<&Message>, keys: &str, width: usize) -> Line<'static> {
    match message {
        Some(m) => Line::styled(
            fit_words(&format!(" {}", sanitize(&m.text)), width),
            if m.error { p.error() } else { p.dim() },
        ),
        None => Line::styled(fit_words(keys, width), p.dim()),
    }
}

/// The panel beside the board: `lines` wrapped to its width after a one-column margin.
pub fn render_panel(frame: &mut Frame, panel: Rect, lines: &[Line<'static>]) {
    let width = panel.width.saturating_sub(1);
    let inner = Rect::new(panel.x + 1, panel.y, width, panel.height);
    frame.render_widget(Paragraph::new(wrap_all(lines, width)), inner);
}

/// The last line under a board being moved on: the move being typed, else the footer; and
/// the picker, drawn last so that it lies over the panel where it reaches it.
pub fn render_input(
    frame: &mut Frame,
    p: &Palette,
    layout: &PlayLayout,
    (input, pos): (&BoardInput, &Position),
    message: Option<&Message>,
    keys: &str,
) {
    let line = match &input.typing {
        Some(text) => Line::styled(format!(" move: {}_", sanitize(text)), p.accent()),
        None => footer(p, message, keys, layout.input.width as usize),
    };
    frame.render_widget(Paragraph::new(line), layout.input);
    if let (Some(geom), Some(picker)) = (layout.board, &input.picker) {
        render_picker(p, pos, picker, geom, frame);
    }
}
