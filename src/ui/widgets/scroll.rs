//! Text taller than its box: lines wrapped at word boundaries to the box's width, shown from
//! an offset the screen's state keeps ([`Scroll`]), with marks on the box's border saying
//! that there is more above (`↑ more (PgUp)`) or below (`↓ more (PgDn)`).
//!
//! The wrapping is pure and the same for the view that draws the text and for the update
//! that moves the offset, so both agree on how many lines there are.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};
use unicode_width::UnicodeWidthChar;

/// The mark on the bottom border while lines are hidden below.
pub const MORE_BELOW: &str = " ↓ more (PgDn) ";
/// The mark on the top border while lines are hidden above.
pub const MORE_ABOVE: &str = " ↑ more (PgUp) ";

/// One character of a line with its style.
type Cell = (char, Style);

/// `line` broken into lines at most `width` columns wide, at spaces. The first line keeps
/// its leading spaces; the following ones start with `hang` spaces (less when the width
/// leaves no room for them). Spaces at a break are dropped. Only a word wider than a whole
/// line is cut, at the line's end. Styles stay with their characters. An empty line stays
/// one empty line; a width of 0 gives no lines.
pub fn wrap(line: &Line<'_>, width: u16, hang: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    if width == 0 {
        return Vec::new();
    }
    let hang = if usize::from(hang) * 2 > width {
        0
    } else {
        usize::from(hang)
    };
    let cells: Vec<Cell> = line
        .spans
        .iter()
        .flat_map(|s| {
            let style = line.style.patch(s.style);
            s.content
                .chars()
                .map(move |c| (if c.is_whitespace() { ' ' } else { c }, style))
        })
        .collect();
    let mut out = Lines {
        done: Vec::new(),
        row: Vec::new(),
        used: 0,
        hang,
    };
    let mut tokens = tokens(&cells).peekable();
    // Leading spaces are the first line's indent.
    if let Some(Token::Space(lead)) = tokens.peek() {
        for &cell in lead.iter().take(width.saturating_sub(1)) {
            out.push(cell);
        }
        tokens.next();
    }
    let mut pending: &[Cell] = &[];
    for token in tokens {
        match token {
            Token::Space(space) => pending = space,
            Token::Word(word) => {
                let w: usize = word.iter().map(|&(c, _)| char_width(c)).sum();
                if out.used + pending.len() + w > width && out.has_words() {
                    out.break_line();
                    pending = &[];
                }
                for &cell in pending {
                    out.push(cell);
                }
                pending = &[];
                for &cell in word {
                    if out.used + char_width(cell.0) > width && out.used > out.indent() {
                        out.break_line();
                    }
                    out.push(cell);
                }
            }
        }
    }
    out.finish()
}

/// Every line of `lines` wrapped to `width`, each continuing at its own leading spaces.
pub fn wrap_all(lines: &[Line<'_>], width: u16) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|l| wrap(l, width, leading_spaces(l)))
        .collect()
}

/// The columns of spaces a line starts with.
pub fn leading_spaces(line: &Line<'_>) -> u16 {
    let n = line
        .spans
        .iter()
        .flat_map(|s| s.content.chars())
        .take_while(|&c| c == ' ')
        .count();
    u16::try_from(n).unwrap_or(u16::MAX)
}

fn char_width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// A run of spaces or of other characters.
enum Token<'c> {
    Space(&'c [Cell]),
    Word(&'c [Cell]),
}

fn tokens(cells: &[Cell]) -> impl Iterator<Item = Token<'_>> {
    let mut rest = cells;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let space = first.0 == ' ';
        let n = rest
            .iter()
            .position(|&(c, _)| (c == ' ') != space)
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(n);
        rest = tail;
        Some(if space {
            Token::Space(run)
        } else {
            Token::Word(run)
        })
    })
}

/// The lines made so far and the one being filled.
struct Lines {
    done: Vec<Line<'static>>,
    row: Vec<Cell>,
    used: usize,
    hang: usize,
}

impl Lines {
    fn indent(&self) -> usize {
        if self.done.is_empty() {
            self.row.iter().take_while(|&&(c, _)| c == ' ').count()
        } else {
            self.hang
        }
    }

    fn has_words(&self) -> bool {
        self.row.iter().any(|&(c, _)| c != ' ')
    }

    fn push(&mut self, cell: Cell) {
        self.used += char_width(cell.0);
        self.row.push(cell);
    }

    fn break_line(&mut self) {
        let row = std::mem::take(&mut self.row);
        self.done.push(spans_of(&row));
        self.row = vec![(' ', Style::default()); self.hang];
        self.used = self.hang;
    }

    fn finish(mut self) -> Vec<Line<'static>> {
        let row = std::mem::take(&mut self.row);
        self.done.push(spans_of(&row));
        self.done
    }
}

/// Cells as spans, one per run of one style, trailing spaces dropped.
fn spans_of(cells: &[Cell]) -> Line<'static> {
    let end = cells
        .iter()
        .rposition(|&(c, _)| c != ' ')
        .map_or(0, |i| i + 1);
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for &(c, s) in &cells[..end] {
        if style.is_some_and(|st| st != s) {
            spans.push(Span::styled(
                std::mem::take(&mut text),
                style.unwrap_or_default(),
            ));
        }
        style = Some(s);
        text.push(c);
    }
    if let Some(s) = style {
        spans.push(Span::styled(text, s));
    }
    Line::from(spans)
}

/// The largest useful offset: the last line at the bottom of `rows` rows.
pub fn max_offset(total: usize, rows: usize) -> usize {
    total.saturating_sub(rows)
}

/// A move of the offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrollStep {
    /// By lines (positive: further down the text).
    Lines(i32),
    /// By pages: the rows shown less one, so one line stays in view.
    Pages(i32),
    /// To the first line.
    Top,
    /// To the last line.
    Bottom,
}

/// How far a text is scrolled: the first line shown. A screen's state keeps it; the view
/// clamps it again to the size it draws at (the terminal may have changed since).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    /// The first line shown.
    pub offset: usize,
}

impl Scroll {
    /// The offset after `step`, for `total` lines shown `rows` at a time.
    pub fn step(self, step: ScrollStep, total: usize, rows: usize) -> Scroll {
        let max = max_offset(total, rows) as i64;
        let page = rows.saturating_sub(1).max(1) as i64;
        let now = (self.offset as i64).min(max);
        let offset = match step {
            ScrollStep::Lines(n) => now + i64::from(n),
            ScrollStep::Pages(n) => now + i64::from(n) * page,
            ScrollStep::Top => 0,
            ScrollStep::Bottom => max,
        };
        Scroll {
            offset: offset.clamp(0, max) as usize,
        }
    }

    /// The offset that shows lines `first..=last` (as much of them as fits, from `first`),
    /// moving as little as it can.
    pub fn reveal(self, first: usize, last: usize, rows: usize) -> Scroll {
        let rows = rows.max(1);
        let offset = if first < self.offset {
            first
        } else if last >= self.offset + rows {
            (last + 1 - rows).min(first)
        } else {
            self.offset
        };
        Scroll { offset }
    }
}

/// Wrapped lines in a bordered block from an offset, with the more-marks on its borders.
pub struct ScrollView<'a> {
    lines: &'a [Line<'a>],
    offset: usize,
    block: Block<'a>,
    mark_style: Style,
}

impl<'a> ScrollView<'a> {
    /// `lines` (already wrapped to the block's inner width) in `block`, from `offset`.
    pub fn new(lines: &'a [Line<'a>], offset: usize, block: Block<'a>) -> ScrollView<'a> {
        ScrollView {
            lines,
            offset,
            block,
            mark_style: Style::default(),
        }
    }

    /// The style of the more-marks.
    pub fn mark_style(mut self, style: Style) -> ScrollView<'a> {
        self.mark_style = style;
        self
    }
}

impl Widget for ScrollView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let inner = self.block.inner(area);
        let rows = usize::from(inner.height);
        let offset = self.offset.min(max_offset(self.lines.len(), rows));
        let mut block = self.block;
        if offset > 0 {
            block = block.title_top(Line::styled(MORE_ABOVE, self.mark_style).right_aligned());
        }
        if offset + rows < self.lines.len() {
            block = block.title_bottom(Line::styled(MORE_BELOW, self.mark_style).right_aligned());
        }
        block.render(area, buf);
        for (y, line) in (inner.y..inner.bottom()).zip(self.lines.iter().skip(offset)) {
            buf.set_line(inner.x, y, line, inner.width);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn wraps_at_spaces_and_keeps_every_word_whole() {
        let line = Line::raw("a piece ending a move on an enemy citadel promotes one step");
        let out = text(&wrap(&line, 20, 0));
        assert_eq!(
            out,
            [
                "a piece ending a",
                "move on an enemy",
                "citadel promotes one",
                "step"
            ]
        );
        for l in &out {
            assert!(l.chars().count() <= 20, "{l}");
        }
        // Every word of the input is on some line, whole.
        let words: Vec<&str> = out.iter().flat_map(|l| l.split(' ')).collect();
        assert_eq!(words.join(" "), line.to_string());
    }

    #[test]
    fn continuation_lines_hang_and_the_first_keeps_its_indent() {
        let line = Line::raw("  keys    what the keys do when pressed");
        let out = text(&wrap(&line, 24, 10));
        assert_eq!(
            out,
            [
                "  keys    what the keys",
                "          do when",
                "          pressed"
            ]
        );
        assert_eq!(leading_spaces(&line), 2);
        let all = text(&wrap_all(&[line], 24));
        assert_eq!(all, ["  keys    what the keys", "  do when pressed"]);
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut_only_then() {
        let out = text(&wrap(&Line::raw("ab abcdefghij cd"), 4, 0));
        assert_eq!(out, ["ab", "abcd", "efgh", "ij", "cd"]);
        // Wide characters are not split across the edge.
        let out = text(&wrap(&Line::raw("漢字漢字"), 5, 0));
        assert_eq!(out, ["漢字", "漢字"]);
    }

    #[test]
    fn styles_stay_with_their_characters() {
        let red = Style::new().fg(Color::Red);
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let line = Line::from(vec![
            Span::styled("one two ", red),
            Span::styled("three", bold),
        ]);
        let out = wrap(&line, 9, 0);
        assert_eq!(text(&out), ["one two", "three"]);
        assert_eq!(out[0].spans, [Span::styled("one two", red)]);
        assert_eq!(out[1].spans, [Span::styled("three", bold)]);
        // A line's own style reaches its spans.
        let styled = Line::styled("x y", red);
        assert_eq!(wrap(&styled, 1, 0)[1].spans, [Span::styled("y", red)]);
    }

    #[test]
    fn empty_lines_and_degenerate_widths() {
        assert_eq!(text(&wrap(&Line::default(), 10, 0)), [""]);
        assert!(wrap(&Line::raw("text"), 0, 0).is_empty());
        // A hang wider than half the line is dropped, so text keeps room.
        assert_eq!(text(&wrap(&Line::raw("ab cd"), 3, 3)), ["ab", "cd"]);
        // Leading spaces wider than the line leave room for one character.
        assert_eq!(text(&wrap(&Line::raw("      ab"), 3, 0)), ["  a", "b"]);
    }

    #[test]
    fn scroll_steps_stay_between_the_first_and_the_last_page() {
        let s = Scroll::default();
        assert_eq!(s.step(ScrollStep::Lines(-1), 30, 10).offset, 0);
        assert_eq!(s.step(ScrollStep::Lines(3), 30, 10).offset, 3);
        assert_eq!(s.step(ScrollStep::Pages(1), 30, 10).offset, 9);
        assert_eq!(s.step(ScrollStep::Pages(5), 30, 10).offset, 20);
        let end = s.step(ScrollStep::Bottom, 30, 10);
        assert_eq!(end.offset, 20);
        assert_eq!(end.step(ScrollStep::Lines(-1), 30, 10).offset, 19);
        assert_eq!(end.step(ScrollStep::Top, 30, 10).offset, 0);
        // Text that fits does not scroll; an offset from a larger size is clamped first.
        assert_eq!(s.step(ScrollStep::Bottom, 5, 10).offset, 0);
        let far = Scroll { offset: 50 };
        assert_eq!(far.step(ScrollStep::Lines(-1), 30, 10).offset, 19);
    }

    #[test]
    fn reveal_moves_as_little_as_it_can() {
        let s = Scroll { offset: 5 };
        assert_eq!(s.reveal(7, 8, 10).offset, 5, "already shown");
        assert_eq!(s.reveal(2, 3, 10).offset, 2, "above: to the top");
        assert_eq!(s.reveal(20, 21, 10).offset, 12, "below: to the bottom");
        assert_eq!(
            s.reveal(20, 40, 10).offset,
            20,
            "taller than the rows: from its start"
        );
    }

    fn rendered(lines: &[Line<'_>], offset: usize, w: u16, h: u16) -> Vec<String> {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        let block = Block::bordered().title("t");
        ScrollView::new(lines, offset, block).render(area, &mut buf);
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
            .collect()
    }

    #[test]
    fn the_view_marks_what_is_hidden() {
        let lines: Vec<Line> = (1..=6).map(|i| Line::raw(format!("line {i}"))).collect();
        let top = rendered(&lines, 0, 20, 5);
        assert!(
            top[1].contains("line 1") && top[3].contains("line 3"),
            "{top:?}"
        );
        assert!(top[4].contains("↓ more (PgDn)"), "{top:?}");
        assert!(!top[0].contains('↑'), "{top:?}");
        let mid = rendered(&lines, 1, 20, 5);
        assert!(
            mid[0].contains("↑ more (PgUp)") && mid[4].contains('↓'),
            "{mid:?}"
        );
        // Past the end: clamped to the last page, no mark below.
        let end = rendered(&lines, 99, 20, 5);
        assert!(
            end[3].contains("line 6") && end[1].contains("line 4"),
            "{end:?}"
        );
        assert!(end[0].contains('↑') && !end[4].contains('↓'), "{end:?}");
        // Text that fits shows no marks.
        let all = rendered(&lines[..3], 0, 20, 5);
        assert!(!all.concat().contains("more"), "{all:?}");
    }
}
