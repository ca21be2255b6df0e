//! Colour arithmetic: the RGB a terminal shows for a colour, WCAG contrast ratios, and how
//! far apart two colours look (CIE L*a*b* ΔE).
//!
//! The first 16 palette entries are whatever the terminal's palette says, so a colour among
//! them is judged in two common palettes: xterm's and the VGA/Linux console's. Entries 16 to
//! 255 are xterm's 6x6x6 cube and grey ramp, which nearly every terminal keeps.

use ratatui::style::Color;

/// A colour as red, green and blue.
pub type Rgb = (u8, u8, u8);

/// Least contrast of a piece or mark against a square it can stand on (WCAG's for graphics).
pub const PIECE_CONTRAST: f64 = 3.0;

/// Least contrast of text against the terminal's background (WCAG AA for normal text).
pub const TEXT_CONTRAST: f64 = 4.5;

/// Least ΔE between two square colours that can meet on the board: apart at a glance.
pub const MIN_DELTA_E: f64 = 10.0;

/// The RGB of the 16 ANSI colours in one terminal's palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnsiPalette {
    /// Whose palette.
    pub name: &'static str,
    /// Black, red, green, yellow, blue, magenta, cyan, white, then the bright eight.
    pub colours: [Rgb; 16],
}

/// xterm's default palette.
pub const XTERM: AnsiPalette = AnsiPalette {
    name: "xterm",
    colours: [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ],
};

/// The VGA palette of the Linux console (and DOS, PuTTY's old default).
pub const VGA: AnsiPalette = AnsiPalette {
    name: "VGA",
    colours: [
        (0, 0, 0),
        (170, 0, 0),
        (0, 170, 0),
        (170, 85, 0),
        (0, 0, 170),
        (170, 0, 170),
        (0, 170, 170),
        (170, 170, 170),
        (85, 85, 85),
        (255, 85, 85),
        (85, 255, 85),
        (255, 255, 85),
        (85, 85, 255),
        (255, 85, 255),
        (85, 255, 255),
        (255, 255, 255),
    ],
};

/// The palettes a 16-colour choice is judged in.
pub const ANSI_PALETTES: [AnsiPalette; 2] = [XTERM, VGA];

/// The ANSI index (0-15) of a named colour or a low palette index.
pub fn ansi_index(c: Color) -> Option<u8> {
    Some(match c {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(i) if i < 16 => i,
        _ => return None,
    })
}

const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The RGB of xterm's palette entry `i` from 16 on (the cube and the grey ramp).
pub fn xterm_rgb(i: u8) -> Rgb {
    match i {
        0..=15 => XTERM.colours[i as usize],
        16..=231 => {
            let i = i - 16;
            (
                CUBE[(i / 36) as usize],
                CUBE[(i / 6 % 6) as usize],
                CUBE[(i % 6) as usize],
            )
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
    }
}

/// What the terminal shows for `c` with `ansi` as its 16-colour palette; `None` for
/// `Reset` (the terminal's own colour, unknown).
pub fn rgb(c: Color, ansi: &AnsiPalette) -> Option<Rgb> {
    match c {
        Color::Reset => None,
        Color::Rgb(r, g, b) => Some((r, g, b)),
        Color::Indexed(i) if i >= 16 => Some(xterm_rgb(i)),
        c => ansi_index(c).map(|i| ansi.colours[i as usize]),
    }
}

fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// WCAG relative luminance, 0 (black) to 1 (white).
pub fn luminance((r, g, b): Rgb) -> f64 {
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG contrast ratio, 1 to 21.
pub fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// CIE L*a*b* (D65) of an sRGB colour.
pub fn lab((r, g, b): Rgb) -> [f64; 3] {
    let (r, g, b) = (linear(r), linear(g), linear(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// How different two colours look (CIE76 ΔE: about 2 is barely visible, 10 is plain).
pub fn delta_e(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// A colour as a message shows it: `#rrggbb`, `colour 137 (#af875f)`, `Red (#cd0000 in
/// xterm)`, `the terminal's own colour`.
pub fn describe(c: Color, ansi: &AnsiPalette) -> String {
    let hex = |(r, g, b): Rgb| format!("#{r:02x}{g:02x}{b:02x}");
    match c {
        Color::Reset => "the terminal's own colour".into(),
        Color::Rgb(r, g, b) => hex((r, g, b)),
        Color::Indexed(i) if i >= 16 => format!("colour {i} ({})", hex(xterm_rgb(i))),
        c => match rgb(c, ansi) {
            Some(v) => format!("{c} ({} in {})", hex(v), ansi.name),
            None => c.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wcag_ratios_match_the_reference_values() {
        assert!((ratio((255, 255, 255), (0, 0, 0)) - 21.0).abs() < 1e-9);
        assert!((ratio((0, 0, 0), (0, 0, 0)) - 1.0).abs() < 1e-9);
        // The figures: #0000ff on #606060 and #ffff00 on #c0c0c0.
        assert!((ratio((0, 0, 255), (0x60, 0x60, 0x60)) - 1.37).abs() < 0.01);
        assert!((ratio((255, 255, 0), (0xc0, 0xc0, 0xc0)) - 1.69).abs() < 0.01);
        // #767676 on white is the classic 4.54:1.
        assert!((ratio((0x76, 0x76, 0x76), (255, 255, 255)) - 4.54).abs() < 0.01);
    }

    #[test]
    fn lab_distances_are_plausible() {
        assert!(delta_e((255, 255, 255), (0, 0, 0)) > 99.0);
        assert!(delta_e((0x80, 0x80, 0x80), (0x81, 0x80, 0x80)) < 1.0);
        // The citadel and last move in dark.ron: nearly one colour.
        assert!(delta_e((0xa8, 0x86, 0x5a), (0xaf, 0x87, 0x5f)) < 4.0);
    }

    #[test]
    fn palette_entries_resolve_in_each_palette() {
        assert_eq!(rgb(Color::Indexed(16), &XTERM), Some((0, 0, 0)));
        assert_eq!(rgb(Color::Indexed(231), &VGA), Some((255, 255, 255)));
        assert_eq!(rgb(Color::Indexed(244), &XTERM), Some((128, 128, 128)));
        assert_eq!(rgb(Color::Red, &XTERM), Some((205, 0, 0)));
        assert_eq!(rgb(Color::Red, &VGA), Some((170, 0, 0)));
        assert_eq!(rgb(Color::Indexed(3), &VGA), Some((170, 85, 0)));
        assert_eq!(rgb(Color::Reset, &XTERM), None);
        assert_eq!(
            describe(Color::Indexed(137), &XTERM),
            "colour 137 (#af875f)"
        );
    }
}
