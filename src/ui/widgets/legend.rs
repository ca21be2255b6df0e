//! The key to the board: every piece the game has, drawn as the board draws it (its glyph or
//! letter in its stage's colour on a light square, promoted pieces with their `+`), with its
//! letter for typing moves and its name, grouped by promotion stage under a heading that shows
//! White's and Black's colours for the stage; in games with levels the level marks in their
//! colours; and, where rows are left, the board's marks (zone, citadel, last move, check,
//! lifted piece, cursor, targets, captures, swaps) as the palette draws them, so a terminal
//! without colours shows the same marks the board does.
//!
//! The legend never wraps: it is laid out for the width it is given, in the roomiest form
//! whose lines fit the height (columns under a heading per group, lined up across the
//! groups, then as wide as each group needs; then packed rows; then shortened names), and
//! when even that is too tall it shows what fits and says where the rest is (the rules card,
//! `c`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

use crate::rules::{Color, Piece, PieceKind, Variant};
use crate::ui::theme::{Palette, Role, SquareLook};
use crate::ui::widgets::board::{piece_glyph, piece_marker, sample, sample_piece, PieceView};
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
    /// Whether a player moves pieces on this board (the cursor and the lifted piece's marks
    /// are shown), and whether they may premove.
    moving: bool,
    premove: bool,
}

/// One thing in the key: how it looks (a piece or mark as the board draws it), the letter to
/// type for a piece the board shows as a figure, and its name.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    badge: Vec<Span<'static>>,
    letter: Option<char>,
    name: String,
}

impl Entry {
    /// The text after the badge: the letter and the name cut to `short` characters (a `.`
    /// marking the cut), each after a space.
    fn text(&self, short: Option<usize>) -> String {
        let name = match short {
            Some(n) if self.name.chars().count() > n + 1 => {
                let mut s: String = self.name.chars().take(n).collect();
                s.push('.');
                s
            }
            _ => self.name.clone(),
        };
        let mut text = String::new();
        if let Some(l) = self.letter {
            text.push(' ');
            text.push(l);
        }
        if !name.is_empty() {
            text.push(' ');
            text.push_str(&name);
        }
        text
    }

    /// Columns the entry takes.
    fn width(&self, short: Option<usize>) -> usize {
        spans_width(&self.badge) + self.text(short).width()
    }
}

/// A group of entries: the pieces of one promotion stage, the level marks, or the board's
/// marks.
#[derive(Clone, Debug)]
struct Group {
    /// What leads the heading: White's and Black's colours for the stage, if any.
    swatch: Vec<Span<'static>>,
    /// What the group is, for its heading.
    heading: String,
    /// What leads the group's first row where there is no heading.
    tag: Option<&'static str>,
    entries: Vec<Entry>,
    /// Entries line up in columns (pieces, marks) rather than one space apart (levels).
    columns: bool,
    /// The columns line up with the other groups' that do (the pieces).
    aligned: bool,
}

/// How roomy a layout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A heading per group and the entries in columns under it, lined up across the groups
    /// (`true`) or as wide as each group's widest entry.
    Columns(bool),
    /// Each group's entries packed into rows, no headings.
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

fn spans_width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.width()).sum()
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
            moving: true,
            premove: false,
        }
    }

    /// Which of the marks of moving pieces the board can show: none where nobody moves here
    /// (review, a watched game), the premove mark where a player may premove.
    pub fn moving(self, moving: bool, premove: bool) -> Self {
        Legend {
            moving,
            premove: moving && premove,
            ..self
        }
    }

    /// What the last line says when not every piece fits (by default where the rest is on
    /// the play screen: the rules card).
    pub fn more(self, more: &'a str) -> Self {
        Legend { more, ..self }
    }

    /// A piece of `kind` as the board draws it on a light square, at `stage`.
    fn piece_sample(&self, kind: PieceKind, white: bool, stage: u8) -> Vec<Span<'static>> {
        let v = self.variant;
        let colour = if white { Color::White } else { Color::Black };
        let piece = Piece::new(colour, kind);
        let marker = (!v.has_levels())
            .then(|| piece_marker(v, piece, 1))
            .flatten();
        sample_piece(
            self.palette,
            PieceView {
                glyph: piece_glyph(v, piece, self.glyphs),
                white,
                stage,
                marker,
            },
        )
    }

    /// The groups of pieces: by promotion stage (by one group in games with levels).
    fn piece_groups(&self) -> Vec<Group> {
        let v = self.variant;
        let mut stages: Vec<(u8, Vec<PieceKind>)> = Vec::new();
        for (kind, _) in v.kinds() {
            let stage = if v.has_levels() {
                0
            } else {
                v.promotion_stage(kind)
            };
            match stages.iter_mut().find(|(s, _)| *s == stage) {
                Some((_, kinds)) => kinds.push(kind),
                None => stages.push((stage, vec![kind])),
            }
        }
        stages.sort_by_key(|(s, _)| *s);
        stages
            .into_iter()
            .map(|(stage, kinds)| {
                let mut swatch = self.piece_sample(kinds[0], true, stage);
                swatch.extend(self.piece_sample(kinds[0], false, stage));
                swatch.push(Span::raw(" "));
                let entries = kinds
                    .iter()
                    .map(|&kind| {
                        let spec = v.piece(kind);
                        let glyph = piece_glyph(v, Piece::new(Color::White, kind), self.glyphs);
                        Entry {
                            badge: self.piece_sample(kind, true, stage),
                            letter: (glyph != spec.letter).then_some(spec.letter),
                            name: spec.name.clone(),
                        }
                    })
                    .collect();
                Group {
                    swatch,
                    heading: match stage {
                        0 => "pieces".into(),
                        1 => "promoted".into(),
                        2 => "promoted twice".into(),
                        n => format!("promoted {n} times"),
                    },
                    tag: None,
                    entries,
                    columns: true,
                    aligned: true,
                }
            })
            .collect()
    }

    /// The level marks, each in its level's colour on a light square, as one entry.
    fn level_group(&self) -> Group {
        let p = self.palette;
        let square = p.square(SquareLook::default());
        let mut badge = vec![Span::styled(" ", square)];
        for level in 2..=LAST_DIGIT_LEVEL + 1 {
            let mark = match level {
                l if l <= LAST_DIGIT_LEVEL => l.to_string(),
                _ => "*".into(),
            };
            badge.push(Span::styled(mark, p.piece(true, (level - 1) as u8)));
            badge.push(Span::styled(" ", square));
        }
        Group {
            swatch: Vec::new(),
            heading: "levels".into(),
            tag: Some("level "),
            entries: vec![Entry {
                badge,
                letter: None,
                name: format!("*: {}+", LAST_DIGIT_LEVEL + 1),
            }],
            columns: false,
            aligned: false,
        }
    }

    /// The board's marks this game can show, as the palette draws them.
    fn mark_group(&self) -> Group {
        let v = self.variant;
        // Check is shown on the royal piece, the other marks on the first piece (a Pawn).
        let first = v.kinds().next().map(|(k, _)| k);
        let royal = v.kinds().find(|(_, spec)| spec.royal).map(|(k, _)| k);
        let glyph = |role, white| {
            let colour = if white { Color::White } else { Color::Black };
            let kind = if role == Role::Check { royal } else { first };
            kind.map_or('K', |k| piece_glyph(v, Piece::new(colour, k), self.glyphs))
        };
        let mut marks = Vec::new();
        if v.promotion_squares() != 0 {
            marks.push((Role::LightZone, "promotion zone"));
        }
        if v.citadels() != 0 {
            marks.push((Role::Citadel, "citadel"));
        }
        marks.extend([(Role::LastMove, "last move"), (Role::Check, "check")]);
        if self.moving {
            marks.extend([
                (Role::Lifted, "lifted"),
                (Role::Cursor, "cursor"),
                (Role::Target, "can go"),
                (Role::Capture, "can take"),
            ]);
            if v.extras().king_swap {
                marks.push((Role::Swap, "can swap"));
            }
            if self.premove {
                marks.push((Role::Premove, "premove"));
            }
        }
        Group {
            swatch: Vec::new(),
            heading: "board".into(),
            tag: None,
            entries: marks
                .into_iter()
                .map(|(role, name)| Entry {
                    badge: sample(self.palette, role, glyph(role, role != Role::Capture)),
                    letter: None,
                    name: name.into(),
                })
                .collect(),
            columns: true,
            aligned: false,
        }
    }

    /// An entry's spans, cut to `room` columns.
    fn entry_spans(&self, e: &Entry, short: Option<usize>, room: usize) -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        let mut used = 0;
        for s in &e.badge {
            if used + s.width() > room {
                return spans;
            }
            used += s.width();
            spans.push(s.clone());
        }
        let text = e.text(short);
        if !text.is_empty() {
            spans.push(Span::styled(fit(&text, room - used), self.palette.dim()));
        }
        spans
    }

    /// Every line of `groups` in `form` at `width` columns, and whether a heading was cut.
    fn layout(&self, groups: &[Group], form: Form, width: usize) -> Lines {
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
            .filter(|g| g.aligned)
            .flat_map(|g| g.entries.iter())
            .map(|e| e.width(short))
            .max()
            .unwrap_or(0);
        for g in groups {
            let column = match form {
                Form::Columns(true) if g.aligned => widest,
                _ => g.entries.iter().map(|e| e.width(short)).max().unwrap_or(0),
            };
            let lead: Vec<Span> = match (form, g.tag) {
                (Form::Columns(_), _) => {
                    // The colours before the heading where they fit.
                    let label = Span::styled(g.heading.clone(), self.palette.dim());
                    let mut heading = g.swatch.clone();
                    heading.push(label.clone());
                    if spans_width(&heading) > width {
                        heading = vec![label];
                    }
                    out.cut |= spans_width(&heading) > width;
                    out.push(heading);
                    vec![Span::raw(" ")]
                }
                (_, Some(tag)) => vec![Span::styled(tag, self.palette.dim())],
                (_, None) => Vec::new(),
            };
            let indent = spans_width(&lead);
            let room = width.saturating_sub(indent);
            let aligned = matches!(form, Form::Columns(_)) && g.columns;
            let mut row: Vec<Span> = lead;
            let mut used = 0;
            for e in &g.entries {
                let w = if aligned { column } else { e.width(short) }.min(room);
                if used > 0 && used + GAP + w > room {
                    out.push(std::mem::take(&mut row));
                    row.push(Span::raw(" ".repeat(indent)));
                    used = 0;
                }
                if used > 0 {
                    row.push(Span::raw(" ".repeat(GAP)));
                    used += GAP;
                }
                let spans = self.entry_spans(e, short, room);
                let drawn = spans_width(&spans);
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
        let mut pieces = self.piece_groups();
        if self.variant.has_levels() {
            pieces.push(self.level_group());
        }
        let forms: Vec<Form> = [Form::Columns(true), Form::Columns(false), Form::Packed]
            .into_iter()
            .chain(SHORT_NAMES.map(Form::Short))
            .collect();
        let layouts: Vec<Lines> = forms
            .iter()
            .map(|&form| self.layout(&pieces, form, width))
            .collect();
        // Lining the columns up across groups is worth no extra row.
        let aligned_costs = layouts[0].lines.len() > layouts[1].lines.len();
        let skip = usize::from(aligned_costs);
        let fits = |l: &Lines| !l.cut && l.lines.len() <= height;
        if let Some(i) = (skip..layouts.len()).find(|&i| fits(&layouts[i])) {
            // The board's marks too, in the same form, where they fit.
            pieces.push(self.mark_group());
            let with_marks = self.layout(&pieces, forms[i], width);
            return if fits(&with_marks) {
                with_marks.lines
            } else {
                layouts[i].lines.clone()
            };
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

    /// How the legend writes a piece, as text: its glyph and marker on a 3-cell square,
    /// the letter where the glyph is a figure, the name.
    fn entry(v: &Variant, kind: PieceKind, glyphs: bool) -> String {
        let spec = v.piece(kind);
        let glyph = piece_glyph(v, Piece::new(Color::White, kind), glyphs);
        let promoted = !v.has_levels() && v.promotion_stage(kind) > 0;
        let mark = if promoted { '+' } else { ' ' };
        let letter = match glyph == spec.letter {
            true => String::new(),
            false => format!(" {}", spec.letter),
        };
        format!(" {glyph}{mark}{letter} {}", spec.name)
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
                    for (kind, _) in v.kinds() {
                        let entry = entry(v, kind, glyphs);
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
        let heading = rows.iter().position(|r| r.contains("promoted")).unwrap();
        // Every promoted piece under the heading, every plain one above it.
        for (kind, spec) in v.kinds() {
            let row = rows.iter().position(|r| r.contains(&spec.name)).unwrap();
            assert_eq!(row > heading, v.promotion_stage(kind) > 0, "{}", spec.name);
        }
        // Each heading shows a White and a Black piece in the stage's colours, as the board
        // draws them.
        for (row, stage, letter, marker) in [(0, 0, 'p', None), (heading, 1, 'g', Some('+'))] {
            let glyph = |white: bool| match (letter, white) {
                ('p', true) => '♙',
                ('p', false) => '♟',
                (l, true) => l.to_ascii_uppercase(),
                (l, false) => l,
            };
            let mut want = Vec::new();
            for white in [true, false] {
                let view = PieceView {
                    glyph: glyph(white),
                    white,
                    stage,
                    marker,
                };
                want.extend(sample_piece(&p, view));
            }
            assert_eq!(lines[row].spans[..want.len()], want[..], "stage {stage}");
        }
        assert!(
            rows[heading].starts_with(" G+ g+ promoted"),
            "{}",
            rows[heading]
        );
    }

    #[test]
    fn levels_show_their_marks_in_their_colours() {
        let p = palette();
        let lines = Legend::new(variant(VariantId::Upgrade), &p, true).lines(40, 20);
        let rows = text(&lines);
        assert!(
            rows.iter()
                .any(|r| r.contains("2 3 4 5 6 7 8 9 *") && r.contains("*: 10+")),
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
        assert!(roomy.iter().any(|r| r.ends_with(" pieces")), "{roomy:?}");
        assert!(roomy.iter().any(|r| r.contains(" A+ Archbishop")));
        // Three rows at 80 columns: packed, names shortened, every piece still there.
        let tight = text(&legend.lines(80, 3));
        assert_eq!(tight.len(), 3, "{tight:?}");
        assert!(!tight.iter().any(|r| r.contains("pieces")));
        let joined = tight.join("\n");
        let v = variant(VariantId::Tamerspiel);
        for (kind, spec) in v.kinds() {
            let full = entry(v, kind, true);
            let name: String = spec.name.chars().take(3).collect();
            let short = match spec.name.chars().count() > 4 {
                true => full.replace(&spec.name, &format!("{name}.")),
                false => full,
            };
            assert!(joined.contains(&short), "{short:?} in {tight:?}");
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
        assert!(row(2).contains(" P  Pawn"), "{}", row(2));
        assert_eq!(row(1 + rows).trim(), "", "nothing under the rows it took");
        assert_eq!(row(0).trim(), "");
    }

    #[test]
    fn the_board_marks_where_rows_are_left_drawn_as_the_board_draws_them() {
        let v = variant(VariantId::Tamerspiel);
        for p in [palette(), Palette::new(Theme::default(), ColorMode::None)] {
            let legend = Legend::new(v, &p, true).moving(true, true);
            let lines = legend.lines(40, 40);
            let rows = text(&lines);
            let board = rows
                .iter()
                .position(|r| r == "board")
                .expect("a board heading");
            let marks: Vec<&Span> = lines[board..].iter().flat_map(|l| &l.spans).collect();
            for (role, name) in [
                (Role::LightZone, "promotion zone"),
                (Role::Citadel, "citadel"),
                (Role::LastMove, "last move"),
                (Role::Check, "check"),
                (Role::Lifted, "lifted"),
                (Role::Cursor, "cursor"),
                (Role::Target, "can go"),
                (Role::Capture, "can take"),
                (Role::Swap, "can swap"),
                (Role::Premove, "premove"),
            ] {
                // The sample right before the name is the board's own drawing of the mark.
                let at = marks
                    .iter()
                    .position(|s| s.content.trim_end() == format!(" {name}"))
                    .unwrap_or_else(|| panic!("{name} in {rows:?}"));
                let glyph = if role == Role::Check { '♔' } else { '♙' };
                let glyph = if role == Role::Capture { '♟' } else { glyph };
                let want = sample(&p, role, glyph);
                let got: Vec<Span> = marks[at - want.len()..at]
                    .iter()
                    .map(|s| (*s).clone())
                    .collect();
                assert_eq!(got, want, "{name}");
            }
            // Without colours the marks are still told apart.
            if p.mono() {
                let shown = rows[board..].join("\n");
                for mark in ["·", "░", "!", "[ ]", "•", "(♟)", "<♙>", "{ }"] {
                    assert!(shown.contains(mark), "{mark} in {shown}");
                }
            }
        }
        // Chess has no citadels or swaps, so no such marks; too few rows: no marks at all.
        let p = palette();
        let chess =
            text(&Legend::new(variant(VariantId::Chess), &p, true).lines(40, 40)).join("\n");
        assert!(
            chess.contains("last move") && !chess.contains("citadel") && !chess.contains("swap")
        );
        // Where nobody moves pieces (review, a watched game) only the marks of the game are
        // listed; the premove mark only where a player may premove.
        let watched = text(&Legend::new(v, &p, true).moving(false, true).lines(40, 40)).join("\n");
        assert!(watched.contains("last move") && watched.contains("citadel"));
        for mark in [
            "cursor", "lifted", "can go", "can take", "can swap", "premove",
        ] {
            assert!(!watched.contains(mark), "{mark} in {watched}");
        }
        let hotseat = text(&Legend::new(v, &p, true).lines(40, 40)).join("\n");
        assert!(hotseat.contains("cursor") && !hotseat.contains("premove"));
        let short = text(&Legend::new(v, &p, true).lines(40, 12)).join("\n");
        assert!(
            !short.contains("last move") && short.contains("Tetrarch"),
            "{short}"
        );
    }
}
