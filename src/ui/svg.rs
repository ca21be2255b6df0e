//! The screen as a picture: a ratatui [`Buffer`] (what the app draws, cell by cell) written
//! as an SVG image, for the screenshots in the README (`tests/screenshots.rs` makes them).
//!
//! Each row is one `<text>` with a `<tspan>` per run of cells of one style; backgrounds
//! are rectangles, one per run of equal colour, merged down the rows where a run repeats
//! (a board square is one rectangle). Glyphs outside ASCII and the box-drawing block (chess
//! pieces), which a monospace font may lack, get a span of their own centred on their cell,
//! so a fallback font of another width cannot shift what follows. Palette colours are the
//! xterm defaults; the terminal's own colours (`Color::Reset`) are [`Look`]'s.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

use crate::ui::theme::contrast;

pub use contrast::Rgb;

/// The terminal the picture shows: its default text and background colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The colour of text drawn in the terminal's own colour.
    pub foreground: Rgb,
    /// The terminal's background.
    pub background: Rgb,
}

impl Look {
    /// A dark terminal (the default theme is made for one).
    pub const DARK: Look = Look {
        foreground: (0xd0, 0xd0, 0xd0),
        background: (0x1c, 0x1c, 0x1c),
    };
}

/// A cell's width and height and the font size, in the picture's units; the picture is
/// drawn at [`SCALE`] pixels a unit.
const CELL_W: u32 = 6;
const CELL_H: u32 = 12;
const FONT: u32 = 10;
/// The font size of the glyphs centred on their cells (chess figures are small in most
/// monospace fonts: a size up reads as a terminal shows them).
const GLYPH_FONT: u32 = 12;
/// The baseline below the top of a row.
const BASELINE: u32 = 9;
/// Pixels per unit in the picture's width and height (a cell is 9x18 pixels).
const SCALE: f32 = 1.5;

const FONT_FAMILY: &str = "'DejaVu Sans Mono',Menlo,Consolas,'Liberation Mono',monospace";

/// The RGB value of `color` in xterm's palette; `default` for the terminal's own.
pub fn rgb(color: Color, default: Rgb) -> Rgb {
    contrast::rgb(color, &contrast::XTERM).unwrap_or(default)
}

/// How the text of a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ink {
    fg: Rgb,
    bold: bool,
    italic: bool,
    underline: bool,
    strike: bool,
}

/// A cell as the picture shows it.
struct Shown<'a> {
    symbol: &'a str,
    /// Columns the symbol takes (1 or 2).
    width: u16,
    bg: Rgb,
    ink: Ink,
}

fn shown<'a>(cell: &'a ratatui::buffer::Cell, look: &Look) -> Shown<'a> {
    let m = cell.modifier;
    let (mut fg, mut bg) = (rgb(cell.fg, look.foreground), rgb(cell.bg, look.background));
    if m.contains(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    if m.contains(Modifier::DIM) {
        let mix = |a: u8, b: u8| ((u16::from(a) + u16::from(b)) / 2) as u8;
        fg = (mix(fg.0, bg.0), mix(fg.1, bg.1), mix(fg.2, bg.2));
    }
    let symbol = if m.contains(Modifier::HIDDEN) {
        " "
    } else {
        cell.symbol()
    };
    Shown {
        symbol,
        width: symbol.width().clamp(1, 2) as u16,
        bg,
        ink: Ink {
            fg,
            bold: m.contains(Modifier::BOLD),
            italic: m.contains(Modifier::ITALIC),
            underline: m.contains(Modifier::UNDERLINED),
            strike: m.contains(Modifier::CROSSED_OUT),
        },
    }
}

/// Whether `symbol` goes in a span of its own: a glyph a monospace font may lack.
fn own_span(symbol: &str) -> bool {
    symbol
        .chars()
        .any(|c| !(c.is_ascii() || ('\u{2500}'..='\u{259f}').contains(&c)))
}

/// A run of text: first column, columns, style, text.
struct Span {
    x: u16,
    cols: u16,
    ink: Ink,
    text: String,
    centred: bool,
    /// A space follows, which joins the run if more text of its style comes next.
    space: bool,
}

/// The spans of one row (`cells` in order, with their columns).
fn spans(cells: &[(u16, Shown)]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    // Whether the last span may go on.
    let mut open = false;
    for (x, cell) in cells {
        let blank = cell.symbol.trim().is_empty() && !cell.ink.underline && !cell.ink.strike;
        if blank {
            // One space may join a run; a second ends it (spaces draw nothing).
            match out.last_mut() {
                Some(last) if open && !last.space => last.space = true,
                _ => open = false,
            }
            continue;
        }
        let centred = own_span(cell.symbol);
        match out.last_mut() {
            Some(last)
                if open
                    && !centred
                    && last.ink == cell.ink
                    && last.x + last.cols + u16::from(last.space) == *x =>
            {
                if std::mem::take(&mut last.space) {
                    last.text.push(' ');
                    last.cols += 1;
                }
                last.text.push_str(cell.symbol);
                last.cols += cell.width;
            }
            _ => out.push(Span {
                x: *x,
                cols: cell.width,
                ink: cell.ink,
                text: cell.symbol.to_string(),
                centred,
                space: false,
            }),
        }
        open = !centred;
    }
    out
}

/// A background rectangle in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x: u16,
    y: u16,
    w: u16,
    h: u16,
    color: Rgb,
}

/// The background rectangles of the rows (`rows[y]` the runs `(x, w, colour)` of row `y`),
/// a run that repeats in the row below made one taller rectangle.
fn rects(rows: &[Vec<(u16, u16, Rgb)>]) -> Vec<Rect> {
    let mut done: Vec<Rect> = Vec::new();
    let mut open: Vec<Rect> = Vec::new();
    for (y, runs) in rows.iter().enumerate() {
        let y = y as u16;
        let mut next = Vec::with_capacity(runs.len());
        for &(x, w, color) in runs {
            match open
                .iter()
                .position(|r| r.x == x && r.w == w && r.color == color)
            {
                Some(i) => {
                    let mut r = open.swap_remove(i);
                    r.h += 1;
                    next.push(r);
                }
                None => next.push(Rect {
                    x,
                    y,
                    w,
                    h: 1,
                    color,
                }),
            }
        }
        done.append(&mut open);
        open = next;
    }
    done.append(&mut open);
    done.sort_by_key(|r| (r.y, r.x));
    done
}

/// The colours a picture uses, each a CSS class (`c0`, `c1`...) in order of first use.
#[derive(Default)]
struct Classes(Vec<Rgb>);

impl Classes {
    fn of(&mut self, color: Rgb) -> usize {
        match self.0.iter().position(|&c| c == color) {
            Some(i) => i,
            None => {
                self.0.push(color);
                self.0.len() - 1
            }
        }
    }
}

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            // Control characters are not allowed in XML; the app never draws them.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
}

/// `buf` as an SVG image of a terminal with `look`'s colours.
pub fn to_svg(buf: &Buffer, look: &Look) -> String {
    let area = buf.area;
    let mut classes = Classes::default();
    let background = classes.of(look.background);
    let mut bg_rows = Vec::with_capacity(area.height as usize);
    let mut text_rows = Vec::with_capacity(area.height as usize);
    for y in 0..area.height {
        let mut cells: Vec<(u16, Shown)> = Vec::with_capacity(area.width as usize);
        let mut runs: Vec<(u16, u16, Rgb)> = Vec::new();
        let mut x = 0;
        while x < area.width {
            let cell = shown(&buf[(area.x + x, area.y + y)], look);
            let width = cell.width.min(area.width - x);
            match runs.last_mut() {
                Some(run) if run.2 == cell.bg && run.0 + run.1 == x => run.1 += width,
                _ if cell.bg == look.background => {}
                _ => runs.push((x, width, cell.bg)),
            }
            cells.push((x, cell));
            x += width;
        }
        bg_rows.push(runs);
        text_rows.push(spans(&cells));
    }
    let mut body = String::new();
    for r in rects(&bg_rows) {
        let _ = write!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"c{}\"/>",
            u32::from(r.x) * CELL_W,
            u32::from(r.y) * CELL_H,
            u32::from(r.w) * CELL_W,
            u32::from(r.h) * CELL_H,
            classes.of(r.color)
        );
        body.push('\n');
    }
    let mut attributes = [false; 4];
    for (y, row) in text_rows.iter().enumerate() {
        if row.is_empty() {
            continue;
        }
        let _ = write!(body, "<text y=\"{}\">", y as u32 * CELL_H + BASELINE);
        for span in row {
            let mut class = format!("c{}", classes.of(span.ink.fg));
            let ink = span.ink;
            let flags = [
                (ink.bold, " b"),
                (ink.italic, " i"),
                (ink.underline && !ink.strike, " u"),
                (ink.strike, if ink.underline { " us" } else { " s" }),
            ];
            for (i, (on, name)) in flags.into_iter().enumerate() {
                if on {
                    class.push_str(name);
                    attributes[i] = true;
                }
            }
            let x = u32::from(span.x) * CELL_W;
            let width = u32::from(span.cols) * CELL_W;
            let _ = if span.centred {
                write!(body, "<tspan x=\"{}\" class=\"{class} m\">", x + width / 2)
            } else if span.cols > 1 {
                write!(
                    body,
                    "<tspan x=\"{x}\" textLength=\"{width}\" class=\"{class}\">"
                )
            } else {
                write!(body, "<tspan x=\"{x}\" class=\"{class}\">")
            };
            escape(&span.text, &mut body);
            body.push_str("</tspan>");
        }
        body.push_str("</text>\n");
    }
    let (w, h) = (
        u32::from(area.width) * CELL_W,
        u32::from(area.height) * CELL_H,
    );
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" \
         viewBox=\"0 0 {w} {h}\" xml:space=\"preserve\">\n<style>text{{font-family:{FONT_FAMILY};\
         font-size:{FONT}px}}.m{{text-anchor:middle;font-size:{GLYPH_FONT}px}}",
        (w as f32 * SCALE).round(),
        (h as f32 * SCALE).round(),
    );
    let styles = [
        ".b{font-weight:bold}",
        ".i{font-style:italic}",
        ".u{text-decoration:underline}",
        ".s{text-decoration:line-through}.us{text-decoration:underline line-through}",
    ];
    for (used, style) in attributes.iter().zip(styles) {
        if *used {
            out.push_str(style);
        }
    }
    for (i, (r, g, b)) in classes.0.iter().enumerate() {
        let _ = write!(out, ".c{i}{{fill:#{r:02x}{g:02x}{b:02x}}}");
    }
    let _ = writeln!(
        out,
        "</style>\n<rect width=\"100%\" height=\"100%\" class=\"c{background}\"/>"
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect as Area;
    use ratatui::style::Style;

    fn buffer(w: u16, h: u16) -> Buffer {
        Buffer::empty(Area::new(0, 0, w, h))
    }

    /// The body of the picture: its rectangles and text, without the header and styles.
    fn body(svg: &str) -> &str {
        let start = svg.find("class=\"c0\"/>\n").expect("the background") + 13;
        &svg[start..svg.len() - "</svg>\n".len()]
    }

    #[test]
    fn xterm_palette() {
        assert_eq!(contrast::xterm_rgb(1), (0xcd, 0, 0));
        assert_eq!(contrast::xterm_rgb(16), (0, 0, 0));
        assert_eq!(contrast::xterm_rgb(196), (255, 0, 0));
        assert_eq!(contrast::xterm_rgb(137), (175, 135, 95));
        assert_eq!(contrast::xterm_rgb(231), (255, 255, 255));
        assert_eq!(contrast::xterm_rgb(232), (8, 8, 8));
        assert_eq!(contrast::xterm_rgb(255), (238, 238, 238));
        assert_eq!(rgb(Color::LightRed, (1, 2, 3)), (255, 0, 0));
        assert_eq!(rgb(Color::Reset, (1, 2, 3)), (1, 2, 3));
        assert_eq!(rgb(Color::Rgb(9, 8, 7), (1, 2, 3)), (9, 8, 7));
    }

    #[test]
    fn runs_of_one_style_are_one_span_and_one_rectangle() {
        let mut buf = buffer(12, 2);
        let red_on_blue = Style::new()
            .fg(Color::Rgb(255, 0, 0))
            .bg(Color::Indexed(21))
            .add_modifier(Modifier::BOLD);
        buf.set_string(1, 0, "ab c", red_on_blue);
        buf.set_string(7, 0, "x<&", Style::new());
        let svg = to_svg(&buf, &Look::DARK);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"108\" height=\"36\" viewBox=\"0 0 72 24\""), "{svg}");
        assert!(svg.contains(".b{font-weight:bold}"), "{svg}");
        assert!(!svg.contains(".u{"), "only the attributes used: {svg}");
        assert!(
            svg.contains(".c1{fill:#0000ff}.c2{fill:#ff0000}.c3{fill:#d0d0d0}"),
            "{svg}"
        );
        assert_eq!(
            body(&svg),
            "<rect x=\"6\" y=\"0\" width=\"24\" height=\"12\" class=\"c1\"/>\n\
             <text y=\"9\"><tspan x=\"6\" textLength=\"24\" class=\"c2 b\">ab c</tspan>\
             <tspan x=\"42\" textLength=\"18\" class=\"c3\">x&lt;&amp;</tspan></text>\n"
        );
    }

    #[test]
    fn a_block_of_one_colour_is_one_rectangle() {
        let mut buf = buffer(10, 4);
        let dark = Style::new().bg(Color::Rgb(10, 20, 30));
        let light = Style::new().bg(Color::Rgb(200, 200, 200));
        for y in 0..3 {
            buf.set_string(2, y, "     ", dark);
            buf.set_string(7, y, "  ", light);
        }
        buf.set_string(2, 3, "  ", dark);
        let svg = to_svg(&buf, &Look::DARK);
        assert_eq!(
            body(&svg),
            "<rect x=\"12\" y=\"0\" width=\"30\" height=\"36\" class=\"c1\"/>\n\
             <rect x=\"42\" y=\"0\" width=\"12\" height=\"36\" class=\"c2\"/>\n\
             <rect x=\"12\" y=\"36\" width=\"12\" height=\"12\" class=\"c1\"/>\n"
        );
    }

    #[test]
    fn pieces_wide_glyphs_and_spaces() {
        let mut buf = buffer(16, 1);
        buf.set_string(0, 0, "a b  c ♞ 漢d", Style::new());
        let svg = to_svg(&buf, &Look::DARK);
        // "a b" one span; two spaces end it; the piece is centred on its cell; the wide
        // character takes columns 9 and 10, so "d" is at column 11.
        assert_eq!(
            body(&svg),
            "<text y=\"9\"><tspan x=\"0\" textLength=\"18\" class=\"c1\">a b</tspan>\
             <tspan x=\"30\" class=\"c1\">c</tspan><tspan x=\"45\" class=\"c1 m\">♞</tspan>\
             <tspan x=\"60\" class=\"c1 m\">漢</tspan><tspan x=\"66\" class=\"c1\">d</tspan></text>\n"
        );
        // Box-drawing lines stay in the run.
        let mut buf = buffer(6, 1);
        buf.set_string(0, 0, "┌─ x┐", Style::new());
        assert!(to_svg(&buf, &Look::DARK).contains(">┌─ x┐</tspan>"));
    }

    #[test]
    fn reversed_dim_underlined_and_hidden_cells() {
        let mut buf = buffer(8, 1);
        let white_on_black = Style::new().fg(Color::White).bg(Color::Black);
        buf.set_string(0, 0, "r", white_on_black.add_modifier(Modifier::REVERSED));
        buf.set_string(2, 0, "d", white_on_black.add_modifier(Modifier::DIM));
        buf.set_string(4, 0, "u ", Style::new().add_modifier(Modifier::UNDERLINED));
        buf.set_string(6, 0, "h", Style::new().add_modifier(Modifier::HIDDEN));
        let svg = to_svg(&buf, &Look::DARK);
        // Reversed: black text on a white cell; dim: half-way to the background.
        assert!(
            svg.contains(".c1{fill:#ffffff}.c2{fill:#000000}.c3{fill:#7f7f7f}"),
            "{svg}"
        );
        assert!(
            svg.contains("<tspan x=\"0\" class=\"c2\">r</tspan>"),
            "{svg}"
        );
        assert!(
            svg.contains("<tspan x=\"12\" class=\"c3\">d</tspan>"),
            "{svg}"
        );
        // An underlined space is drawn (it shows a line); a hidden letter is not.
        assert!(
            svg.contains("textLength=\"12\" class=\"c4 u\">u </tspan>"),
            "{svg}"
        );
        assert!(!svg.contains(">h<"), "{svg}");
    }
}
