//! The move list in numbered rows, as the game in play and review show it, and its place
//! in an area: boxed or bare, in one column or several.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::game::MoveNumber;
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
    let number = |ply: usize| MoveNumber::of_ply(start, ply).number;
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
            Span::styled(format!("{:>3}. {:<9} ", number(1), "..."), p.text()),
            Span::styled(sans[0].to_string(), style(1)),
        ]));
        i = 1;
    }
    while i < sans.len() {
        let mut spans = vec![
            Span::styled(format!("{:>3}. ", number(i + 1)), p.dim()),
            Span::styled(format!("{:<9}", sans[i]), style(i + 1)),
        ];
        if let Some(black) = sans.get(i + 1) {
            spans.push(Span::styled(" ", p.text()));
            spans.push(Span::styled(black.to_string(), style(i + 2)));
        }
        rows.push(Line::from(spans));
        i += 2;
    }
    rows
}

/// Columns between move-list columns.
const COLUMN_GAP: u16 = 2;
/// The fewest rows for a move list in a box; lower areas show it without borders.
const BOXED_MIN_HEIGHT: u16 = 6;

/// The move list placed in an area: in a titled box where the area is tall enough, else
/// bare (under the board, where every row counts); in as many columns as the width holds,
/// filled top to bottom, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveColumns {
    /// Where the rows go (inside the box, if any).
    pub inner: Rect,
    /// Whether there is a box.
    pub boxed: bool,
    /// Columns side by side.
    pub columns: u16,
    /// Width of a column, gap included.
    pub column_width: u16,
}

impl MoveColumns {
    /// Places `rows` in `area`.
    pub fn new(area: Rect, rows: &[Line]) -> MoveColumns {
        let boxed = area.height >= BOXED_MIN_HEIGHT && area.width >= 3;
        let inner = if boxed {
            Rect::new(
                area.x + 1,
                area.y + 1,
                area.width - 2,
                area.height.saturating_sub(2),
            )
        } else {
            area
        };
        let widest = rows.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
        let column_width = widest.max(1).saturating_add(COLUMN_GAP);
        // The last column needs no gap after it.
        let columns = (inner.width.saturating_add(COLUMN_GAP) / column_width).max(1);
        MoveColumns {
            inner,
            boxed,
            columns,
            column_width,
        }
    }

    /// How many rows are shown at once.
    pub fn capacity(&self) -> usize {
        self.inner.height as usize * self.columns as usize
    }

    /// Draws `rows` from `first` on (as many as fit), the box titled `title`.
    pub fn draw(
        &self,
        p: &Palette,
        area: Rect,
        rows: Vec<Line<'static>>,
        first: usize,
        title: &str,
        buf: &mut Buffer,
    ) {
        if self.boxed {
            Block::default()
                .borders(Borders::ALL)
                .border_style(p.border())
                .title(Span::styled(title.to_string(), p.accent()))
                .render(area, buf);
        }
        let height = self.inner.height as usize;
        if height == 0 {
            return;
        }
        let shown: Vec<Line> = rows.into_iter().skip(first).take(self.capacity()).collect();
        for (c, chunk) in shown.chunks(height).enumerate() {
            let x = self.inner.x + c as u16 * self.column_width;
            let width = if c as u16 + 1 == self.columns {
                (self.inner.x + self.inner.width).saturating_sub(x)
            } else {
                self.column_width - COLUMN_GAP
            };
            Paragraph::new(chunk.to_vec())
                .render(Rect::new(x, self.inner.y, width, chunk.len() as u16), buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::{ColorMode, Theme};

    fn rows(n: usize) -> Vec<Line<'static>> {
        (1..=n)
            .map(|i| Line::raw(format!("{i:>3}. Hxc7=N+   Hxc7=N+")))
            .collect()
    }

    #[test]
    fn tall_areas_get_a_box_low_ones_columns_without_one() {
        let rows = rows(20);
        let tall = MoveColumns::new(Rect::new(0, 0, 36, 12), &rows);
        assert!(tall.boxed);
        assert_eq!((tall.columns, tall.capacity()), (1, 10));
        let low = MoveColumns::new(Rect::new(0, 0, 63, 4), &rows);
        assert!(!low.boxed);
        // Rows 22 wide with a gap of 3: two whole columns and a third without its gap.
        assert_eq!((low.columns, low.capacity()), (2, 8));
        let wide = MoveColumns::new(Rect::new(0, 0, 72, 4), &rows);
        assert_eq!(wide.columns, 3);
    }

    #[test]
    fn draws_top_to_bottom_then_left_to_right_from_the_first_row_asked() {
        let p = Palette::new(Theme::default(), ColorMode::TrueColor);
        let area = Rect::new(0, 0, 60, 3);
        let list = MoveColumns::new(area, &rows(9));
        let mut buf = Buffer::empty(area);
        list.draw(&p, area, rows(9), 2, " moves ", &mut buf);
        let line =
            |y: u16| -> String { (0..60).map(|x| buf[(x, y)].symbol().to_string()).collect() };
        assert!(
            line(0).starts_with("  3.") && line(0).contains("  6."),
            "{}",
            line(0)
        );
        assert!(
            line(2).starts_with("  5.") && line(2).contains("  8."),
            "{}",
            line(2)
        );
        assert!(!line(0).contains("  9."), "one more than fits");
    }
}
