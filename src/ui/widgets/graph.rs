//! The evaluation graph of a game in review: one point per move, from White's point of view
//! (above the middle White is better, below Black), clamped at [`GRAPH_CAP`] with mates at
//! the edges, drawn as a filled braille area (two points across and four up each cell; `#`
//! in ASCII mode), the current move's column in the accent style with a `▲` under it, and
//! the engine's progress while it fills in missing evaluations. The shape alone reads
//! without colours: White's advantage is ink above the middle line, Black's below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::theme::Palette;

/// Centipawns at the graph's edges: a larger advantage (and a mate) draws at the edge.
pub const GRAPH_CAP: i32 = 500;

/// Braille dot bits of a cell's column 0 and 1, top to bottom.
const DOTS: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// The graph of a game's evaluations, ready to draw.
#[derive(Clone, Copy, Debug)]
pub struct EvalGraph<'a> {
    /// One value per move (the position after it), White's view in centipawns within
    /// `-GRAPH_CAP..=GRAPH_CAP`; `None` where nothing is known.
    pub values: &'a [Option<i32>],
    /// The index in `values` of the current move (`None`: the start position).
    pub current: Option<usize>,
    /// Moves evaluated and all moves, while the engine fills in the graph.
    pub progress: Option<(usize, usize)>,
    /// Plain ASCII.
    pub ascii: bool,
}

impl EvalGraph<'_> {
    /// Draws the graph in `area`: every row but the last for the curve, the last for the
    /// current move's mark and the progress (or a hint when nothing is known).
    pub fn draw(&self, p: &Palette, area: Rect, buf: &mut Buffer) {
        if area.width < 2 || area.height < 2 {
            return;
        }
        let rows = area.height - 1;
        let body = Rect {
            height: rows,
            ..area
        };
        let (px_w, px_h) = if self.ascii { (1, 1) } else { (2, 4) };
        let width = u32::from(area.width) * px_w;
        let height = u32::from(rows) * px_h;
        let half = height / 2;
        let n = self.values.len();
        let index = |x: u32| (x as usize * n) / width as usize;
        // The lit pixels of each cell, as braille bits (or "any lit" in ASCII).
        let mut cells = vec![0u8; usize::from(area.width) * usize::from(rows)];
        for x in 0..width {
            if n == 0 {
                break;
            }
            let Some(Some(v)) = self.values.get(index(x)) else {
                continue;
            };
            let v = (*v).clamp(-GRAPH_CAP, GRAPH_CAP);
            // At least one pixel, so a known level position still shows.
            let reach = ((v.unsigned_abs() * half + GRAPH_CAP as u32 / 2) / GRAPH_CAP as u32)
                .clamp(1, half.max(1));
            let span = if v >= 0 {
                half.saturating_sub(reach)..half
            } else {
                half..(half + reach).min(height)
            };
            for y in span {
                let (cx, cy) = (x / px_w, y / px_h);
                let bit = if self.ascii {
                    1
                } else {
                    DOTS[(x % 2) as usize][(y % 4) as usize]
                };
                cells[(cy * u32::from(area.width) + cx) as usize] |= bit;
            }
        }
        let current_cols = self.current.filter(|_| n > 0).map(|i| {
            // The cells whose pixels show move i.
            let first = (0..width).find(|&x| index(x) == i).unwrap_or(0) / px_w;
            let last = (0..width).rev().find(|&x| index(x) == i).unwrap_or(0) / px_w;
            (first as u16, last as u16)
        });
        for cy in 0..rows {
            for cx in 0..area.width {
                let bits = cells[usize::from(cy) * usize::from(area.width) + usize::from(cx)];
                // White's side above the middle, Black's below.
                let above = u32::from(cy) * px_h < half;
                let mut style = if above { p.text() } else { p.dim() };
                if current_cols.is_some_and(|(a, b)| (a..=b).contains(&cx)) {
                    style = p.accent();
                }
                let symbol = match (bits, self.ascii) {
                    (0, _) => ' ',
                    (_, true) => '#',
                    (b, false) => char::from_u32(0x2800 + u32::from(b)).unwrap_or(' '),
                };
                buf[(body.x + cx, body.y + cy)]
                    .set_char(symbol)
                    .set_style(style);
            }
        }
        self.draw_foot(p, area, current_cols, buf);
    }

    /// The last row: the progress, or a hint while points are missing and the engine is off;
    /// and the mark under the current move.
    fn draw_foot(&self, p: &Palette, area: Rect, current: Option<(u16, u16)>, buf: &mut Buffer) {
        let y = area.y + area.height - 1;
        let known = self.values.iter().filter(|v| v.is_some()).count();
        let text = match self.progress {
            Some((done, total)) => {
                let bar_w = 10usize;
                let filled = (done * bar_w).checked_div(total).unwrap_or(bar_w);
                let (on, off) = if self.ascii {
                    ('#', '.')
                } else {
                    ('█', '░')
                };
                format!(
                    "engine {done}/{total} {}{}",
                    on.to_string().repeat(filled),
                    off.to_string().repeat(bar_w - filled)
                )
            }
            None if known == 0 && !self.values.is_empty() => {
                "no evaluations: e fills them in".into()
            }
            None if known < self.values.len() => {
                format!("{} missing: e fills them in", self.values.len() - known)
            }
            None => String::new(),
        };
        let mark_x = current.map(|(a, b)| area.x + (a + b) / 2);
        let len = text.chars().count() as u16;
        let end = area.x + area.width;
        // Right-aligned where it clears the mark; else left of the mark; else on the wider
        // side of it, cut to fit.
        let (x, room) = match mark_x {
            None => (end.saturating_sub(len).max(area.x), area.width),
            Some(m) => {
                let (left, right) = ((m - area.x).saturating_sub(1), end - m - 1);
                if len <= right {
                    (end - len, right)
                } else if len <= left || left > right {
                    (area.x, left)
                } else {
                    (m + 1, right)
                }
            }
        };
        let text: String = text.chars().take(usize::from(room)).collect();
        buf.set_string(x, y, &text, p.dim());
        if let Some(m) = mark_x {
            let mark = if self.ascii { "^" } else { "▲" };
            buf.set_string(m, y, mark, p.accent().patch(Style::new()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::{ColorMode, Theme};

    fn draw(graph: EvalGraph, w: u16, h: u16) -> Vec<String> {
        let p = Palette::new(Theme::default(), ColorMode::None);
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        graph.draw(&p, area, &mut buf);
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect()
    }

    #[test]
    fn white_ahead_is_above_the_middle_and_black_below() {
        let values = [Some(GRAPH_CAP), Some(-GRAPH_CAP)];
        let rows = draw(
            EvalGraph {
                values: &values,
                current: None,
                progress: None,
                ascii: true,
            },
            2,
            5,
        );
        // Four rows of curve: the first move fills the top half, the second the bottom.
        assert_eq!(rows[..4], ["# ", "# ", " #", " #"]);
    }

    #[test]
    fn braille_fills_from_the_middle_and_marks_the_current_move() {
        let values = [Some(0), Some(GRAPH_CAP / 2), None, Some(-GRAPH_CAP * 4)];
        let rows = draw(
            EvalGraph {
                values: &values,
                current: Some(1),
                progress: Some((3, 4)),
                ascii: false,
            },
            2,
            3,
        );
        // Level: one dot just above the middle; +2.50: half of the upper half; unknown:
        // nothing; a mate for Black: the whole lower half.
        assert_eq!(rows[0], "\u{28e0} ");
        assert_eq!(rows[1], " \u{28b8}");
        assert_eq!(
            rows[2], "▲e",
            "the mark under move 1, the progress cut beside it"
        );
    }
}
