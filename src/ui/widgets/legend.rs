//! The key to the board: every piece the game has, its glyph or letter and its name, grouped
//! by promotion stage (each group led by the stage's colours, promoted pieces with the `+`
//! the board shows beside them), and in games with levels the level digits in their colours.
//!
//! The legend never wraps: it is laid out for the width it is given, in the roomiest form
//! whose lines fit the height (columns under a heading per group, lined up across the
//! groups, then as wide as each group needs; then packed rows; then shortened names), and
//! when even that is too tall it shows what fits and says where the rest is (the rules card,
//! `c`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

use crate::rules::{Color, Piece, Variant};
use crate::ui::theme::Palette;
use crate::ui::widgets::board::{piece_glyph, piece_marker};
use crate::ui::widgets::text::fit;

/// The highest level shown as a digit (higher levels show `*`, as on the board).
const LAST_DIGIT_LEVEL: u16 = 9;
/// Columns between entries in a row.
const GAP: usize = 2;
/// Name lengths the shortened forms cut to, longest first.
const SHORT_NAMES: [usize; 3] = [5, 4, 3];

/// The legend of one game, drawn with one palette.
#[derive(Clone, Copy)]
pub struct Legend<'a> {
    variant: &'a Variant,
    palette: &'a Palette,
    glyphs: bool,
    more: &'a str,
}

/// One thing in the key: a piece's badge (glyph and promotion mark, as on the board), its
/// letter when the badge is a figure, and its name; or a level mark and what it means.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    badge: String,
    style: Style,
    letter: Option<char>,
    name: String,
}

impl Entry {
    /// The entry's badge (with the letter) and its name cut to `short` characters (a `.`
    /// marking the cut).
    fn text(&self, short: Option<usize>) -> (String, String) {
        let name = match short {
            Some(n) if self.name.chars().count() > n + 1 => {
                let mut s: String = self.name.chars().take(n).collect();
                s.push('.');
                s
            }
            _ => self.name.clone(),
        };
        let head = match self.letter {
            Some(l) => format!("{} {l}", self.badge),
            None => self.badge.clone(),
        };
        (head, name)
    }

    /// Columns the entry takes.
    fn width(&self, short: Option<usize>) -> usize {
        let (head, name) = self.text(short);
        match name.width() {
            0 => head.width(),
            n => head.width() + 1 + n,
        }
    }
}

/// A group of entries: the pieces of one promotion stage, or the level marks.
#[derive(Clone, Debug)]
struct Group {
    /// The colour of the group's pieces (White's, Black's), shown before it.
    stage: u8,
    /// What the group is, for its heading.
    heading: String,
    /// What leads the group's first row where there is no heading.
    tag: Option<&'static str>,
    entries: Vec<Entry>,
    /// Entries line up in columns (pieces) rather than one space apart (level marks).
    columns: bool,
}

/// How roomy a layout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A heading per group and the entries in columns under it, lined up across the groups
    /// (`true`) or as wide as each group's widest entry.
    Columns(bool),
    /// Each group's entries packed into rows led by its colours, no headings.
    Packed,
    /// Packed, names cut to this many characters.
    Short(usize),
}

/// Lines being laid out to a width, noting whether a heading had to be cut (a name may be
/// cut to the width; a heading cut is a reason to try a form without headings).
struct Lines {
    width: usize,
    lines: Vec<Line<'static>>,
    cut: bool,
}

impl Lines {
    /// Adds `spans` as a line, cut to the width.
    fn push(&mut self, spans: Vec<Span<'static>>) {
        let mut out = Vec::new();
        let mut used = 0;
        for s in spans {
            let w = s.width();
            if used + w <= self.width {
                used += w;
                out.push(s);
                continue;
            }
            // Trailing padding is not worth a cut.
            if !s.content.trim().is_empty() {
                out.push(Span::styled(fit(&s.content, self.width - used), s.style));
            }
            break;
        }
        self.lines.push(Line::from(out));
    }
}

impl<'a> Legend<'a> {
    /// The legend of `variant`, with glyphs for orthodox figures when `glyphs` is set (as the
    /// board draws them).
    pub fn new(variant: &'a Variant, palette: &'a Palette, glyphs: bool) -> Self {
        Legend {
            variant,
            palette,
            glyphs,
            more: "… more: c rules card",
        }
    }

    /// What the last line says when not every piece fits (by default where the rest is on
    /// the play screen: the rules card).
    pub fn more(self, more: &'a str) -> Self {
        Legend { more, ..self }
    }

    /// The groups: the pieces by promotion stage, then the level marks where the game has
    /// levels.
    fn groups(&self) -> Vec<Group> {
        let v = self.variant;
        let p = self.palette;
        let mut groups: Vec<Group> = Vec::new();
        for (kind, spec) in v.kinds() {
            let stage = if v.has_levels() {
                0
            } else {
                v.promotion_stage(kind)
            };
            let piece = Piece::new(Color::White, kind);
            let glyph = piece_glyph(v, piece, self.glyphs);
            let mut badge = glyph.to_string();
            badge.extend(piece_marker(v, piece, 1));
            let entry = Entry {
                badge,
                style: p.text(),
                letter: (glyph != spec.letter).then_some(spec.letter),
                name: spec.name.clone(),
            };
            match groups.iter_mut().find(|g| g.stage == stage) {
                Some(g) => g.entries.push(entry),
                None => groups.push(Group {
                    stage,
                    heading: match stage {
                        0 => "pieces".into(),
                        1 => "promoted (+)".into(),
                        n => format!("promoted, stage {n} (+)"),
                    },
                    tag: None,
                    entries: vec![entry],
                    columns: true,
                }),
            }
        }
        groups.sort_by_key(|g| g.stage);
        if v.has_levels() {
            let mark = |badge: String, level: u16, name: &str| Entry {
                badge,
                style: p.piece(true, (level - 1).min(u8::MAX as u16) as u8),
                letter: None,
                name: name.into(),
            };
            let mut entries: Vec<Entry> = (2..=LAST_DIGIT_LEVEL)
                .map(|l| mark(l.to_string(), l, ""))
                .collect();
            let above = format!("{}+", LAST_DIGIT_LEVEL + 1);
            entries.push(mark("*".into(), LAST_DIGIT_LEVEL + 1, &above));
            groups.push(Group {
                stage: 1,
                heading: "levels".into(),
                tag: Some("level "),
                entries,
                columns: false,
            });
        }
        groups
    }

    /// White's and Black's colour at `stage`, as a swatch and a space.
    fn swatch(&self, stage: u8) -> Vec<Span<'static>> {
        let p = self.palette;
        vec![
            Span::styled("■", p.piece(true, stage)),
            Span::styled("■", p.piece(false, stage)),
            Span::raw(" "),
        ]
    }

    /// An entry's spans, cut to `room` columns.
    fn entry_spans(&self, e: &Entry, short: Option<usize>, room: usize) -> Vec<Span<'static>> {
        let (head, name) = e.text(short);
        let full = if name.is_empty() {
            head.clone()
        } else {
            format!("{head} {name}")
        };
        let text = fit(&full, room);
        let split = text
            .char_indices()
            .nth(head.chars().count())
            .map_or(text.len(), |(i, _)| i);
        let (h, n) = text.split_at(split);
        vec![
            Span::styled(h.to_string(), e.style),
            Span::styled(n.to_string(), self.palette.dim()),
        ]
    }

    /// Every line of the legend in `form` at `width` columns, and whether any was cut.
    fn layout(&self, form: Form, width: usize) -> Lines {
        let groups = self.groups();
        let short = match form {
            Form::Short(n) => Some(n),
            _ => None,
        };
        let mut out = Lines {
            width,
            lines: Vec::new(),
            cut: false,
        };
        let widest = groups
            .iter()
            .filter(|g| g.columns)
            .flat_map(|g| g.entries.iter())
            .map(|e| e.width(short))
            .max()
            .unwrap_or(0);
        for g in &groups {
            let column = match form {
                Form::Columns(true) => widest,
                _ => g.entries.iter().map(|e| e.width(short)).max().unwrap_or(0),
            };
            let lead: Vec<Span> = match (form, g.tag) {
                (Form::Columns(_), _) => {
                    let mut heading = self.swatch(g.stage);
                    heading.push(Span::styled(g.heading.clone(), self.palette.dim()));
                    out.cut |= heading.iter().map(|s| s.width()).sum::<usize>() > width;
                    out.push(heading);
                    vec![Span::raw(" ")]
                }
                (_, Some(tag)) => vec![Span::styled(tag, self.palette.dim())],
                (_, None) => self.swatch(g.stage),
            };
            let indent = lead.iter().map(|s| s.width()).sum::<usize>();
            let room = width.saturating_sub(indent);
            let aligned = matches!(form, Form::Columns(_)) && g.columns;
            let gap = if g.columns { GAP } else { 1 };
            let mut row: Vec<Span> = lead;
            let mut used = 0;
            for e in &g.entries {
                let w = if aligned { column } else { e.width(short) }.min(room);
                if used > 0 && used + gap + w > room {
                    out.push(std::mem::take(&mut row));
                    row.push(Span::raw(" ".repeat(indent)));
                    used = 0;
                }
                if used > 0 {
                    row.push(Span::raw(" ".repeat(gap)));
                    used += gap;
                }
                let spans = self.entry_spans(e, short, room);
                let drawn: usize = spans.iter().map(|s| s.width()).sum();
                row.extend(spans);
                if w > drawn {
                    row.push(Span::raw(" ".repeat(w - drawn)));
                }
                used += w;
            }
            out.push(row);
        }
        out
    }

    /// The legend's lines for an area `width` x `height`: the roomiest form whose lines all
    /// fit (names longer than the width cut, with an ellipsis), else the most compact one cut
    /// to `height`, its last line saying where the rest is. Never more than `height` lines,
    /// none wider than `width`.
    pub fn lines(&self, width: u16, height: u16) -> Vec<Line<'static>> {
        let (width, height) = (width as usize, height as usize);
        if width == 0 || height == 0 {
            return Vec::new();
        }
        let layouts: Vec<Lines> = [Form::Columns(true), Form::Columns(false), Form::Packed]
            .into_iter()
            .chain(SHORT_NAMES.map(Form::Short))
            .map(|form| self.layout(form, width))
            .collect();
        // Lining the columns up across groups is worth no extra row.
        let aligned_costs = layouts[0].lines.len() > layouts[1].lines.len();
        let mut candidates = layouts.iter().skip(usize::from(aligned_costs));
        if let Some(l) = candidates.find(|l| !l.cut && l.lines.len() <= height) {
            return l.lines.clone();
        }
        let mut last = layouts.last().map(|l| l.lines.clone()).unwrap_or_default();
        last.truncate(height);
        if let Some(end) = last.last_mut() {
            *end = Line::styled(fit(self.more, width), self.palette.dim());
        }
        last
    }

    /// The rows the legend takes in an area `width` x `height` (at most `height`).
    pub fn height(&self, width: u16, height: u16) -> u16 {
        self.lines(width, height).len() as u16
    }

    /// Draws the legend at the top of `area`; the rows it took.
    pub fn draw(&self, area: Rect, buf: &mut Buffer) -> u16 {
        let lines = self.lines(area.width, area.height);
        let rows = lines.len() as u16;
        Paragraph::new(lines).render(
            Rect {
                height: rows,
                ..area
            },
            buf,
        );
        rows
    }
}

impl Widget for &Legend<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.draw(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::{ColorMode, Theme};
    use crate::variants::{variant, VariantId};

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    fn palette() -> Palette {
        Palette::new(Theme::default(), ColorMode::TrueColor)
    }

    #[test]
    fn every_piece_with_its_letter_and_name_in_every_game() {
        let p = palette();
        for id in VariantId::ALL {
            let v = variant(id);
            for glyphs in [true, false] {
                let legend = Legend::new(v, &p, glyphs);
                for width in [24, 36, 57, 80] {
                    let shown = text(&legend.lines(width, 30)).join("\n");
                    for (kind, spec) in v.kinds() {
                        let piece = Piece::new(Color::White, kind);
                        let glyph = piece_glyph(v, piece, glyphs);
                        let promoted = !v.has_levels() && v.promotion_stage(kind) > 0;
                        let mark = if promoted { "+" } else { "" };
                        let entry = match glyph == spec.letter {
                            true => format!("{glyph}{mark} {}", spec.name),
                            false => format!("{glyph}{mark} {} {}", spec.letter, spec.name),
                        };
                        assert!(
                            shown.contains(&entry),
                            "{id:?} at {width}: no {entry:?} in\n{shown}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn promoted_pieces_grouped_by_stage_under_their_colours() {
        let p = palette();
        let v = variant(VariantId::Promochess);
        let lines = Legend::new(v, &p, true).lines(40, 20);
        let rows = text(&lines);
        let heading = rows
            .iter()
            .position(|r| r.contains("promoted (+)"))
            .unwrap();
        // Every promoted piece under the heading, every plain one above it.
        for (kind, spec) in v.kinds() {
            let row = rows.iter().position(|r| r.contains(&spec.name)).unwrap();
            assert_eq!(row > heading, v.promotion_stage(kind) > 0, "{}", spec.name);
        }
        // The heading's swatch in White's and Black's promoted colours.
        let swatch = &lines[heading].spans;
        assert_eq!(swatch[0].style, p.piece(true, 1));
        assert_eq!(swatch[1].style, p.piece(false, 1));
        assert_eq!(lines[0].spans[0].style, p.piece(true, 0));
    }

    #[test]
    fn levels_show_their_marks_in_their_colours() {
        let p = palette();
        let lines = Legend::new(variant(VariantId::Upgrade), &p, true).lines(40, 20);
        let rows = text(&lines);
        assert!(
            rows.iter().any(|r| r.contains("2 3 4 5 6 7 8 9 * 10+")),
            "{rows:?}"
        );
        let spans: Vec<&Span> = lines.iter().flat_map(|l| l.spans.iter()).collect();
        for level in 2..=9u8 {
            let digit = spans
                .iter()
                .find(|s| s.content == level.to_string())
                .unwrap();
            assert_eq!(digit.style, p.piece(true, level - 1), "level {level}");
        }
        // Upgrade Chess has no promoted types: no promotion heading.
        assert!(!rows.iter().any(|r| r.contains("promoted")));
    }

    #[test]
    fn never_wider_or_taller_than_its_area() {
        let p = palette();
        for id in VariantId::ALL {
            let legend = Legend::new(variant(id), &p, true);
            for width in (0..=90).step_by(3) {
                for height in 0..=24 {
                    let lines = legend.lines(width, height);
                    assert!(lines.len() <= height as usize, "{id:?} {width}x{height}");
                    for l in &lines {
                        assert!(l.width() <= width as usize, "{id:?} {width}x{height}: {l}");
                    }
                    assert_eq!(legend.height(width, height) as usize, lines.len());
                }
            }
        }
    }

    #[test]
    fn tighter_areas_get_packed_rows_then_short_names_then_a_pointer_to_the_rest() {
        let p = palette();
        let legend = Legend::new(variant(VariantId::Tamerspiel), &p, true);
        let roomy = text(&legend.lines(57, 20));
        assert!(roomy.iter().any(|r| r.trim() == "■■ pieces"), "{roomy:?}");
        assert!(roomy.iter().any(|r| r.contains("A+ Archbishop")));
        // Three rows at 80 columns: packed, names shortened, every piece still there.
        let tight = text(&legend.lines(80, 3));
        assert_eq!(tight.len(), 3, "{tight:?}");
        assert!(!tight.iter().any(|r| r.contains("pieces")));
        assert!(tight.iter().any(|r| r.contains("A+ Arc.")), "{tight:?}");
        for letter in ['P', 'D', 'F', 'V', 'G', 'E', 'L', 'C', 'W', 'S', 'T'] {
            let joined = tight.join(" ");
            assert!(
                joined.contains(&format!("{letter} ")) || joined.contains(&format!("{letter}+ "))
            );
        }
        // Too small for all: what fits, and where the rest is.
        let cut = text(&legend.lines(40, 2));
        assert_eq!(cut.len(), 2);
        assert!(cut[1].contains("more: c rules card"), "{cut:?}");
        let elsewhere = text(&legend.more("… more pieces").lines(40, 2));
        assert_eq!(elsewhere[1], "… more pieces");
    }

    #[test]
    fn draws_at_the_top_of_its_area_and_says_how_many_rows() {
        let p = palette();
        let legend = Legend::new(variant(VariantId::Chess), &p, false);
        let area = Rect::new(2, 1, 30, 10);
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 12));
        let rows = legend.draw(area, &mut buf);
        assert_eq!(rows, legend.height(30, 10));
        assert!(rows >= 2);
        let row =
            |y: u16| -> String { (0..40).map(|x| buf[(x, y)].symbol().to_string()).collect() };
        assert!(row(1).contains("pieces"), "{}", row(1));
        assert!(row(2).contains("P Pawn"));
        assert_eq!(row(1 + rows).trim(), "", "nothing under the rows it took");
        assert_eq!(row(0).trim(), "");
    }
}
