//! Whether a palette keeps every piece readable on every square, text readable on the
//! background, and squares that meet on the board apart; each failure is a [`Problem`]
//! that names the pair.

use std::fmt;

use ratatui::style::{Color, Style};

use super::contrast::{
    ansi_index, delta_e, describe, ratio, rgb, AnsiPalette, ANSI_PALETTES, MIN_DELTA_E,
    PIECE_CONTRAST, TEXT_CONTRAST,
};
use super::palette::{Palette, SquareLook};
use super::roles::Role;
use super::ColorMode;

/// One thing a theme gets wrong at one colour depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The theme's name.
    pub theme: String,
    /// The colour depth.
    pub depth: ColorMode,
    /// The 16-colour palette it was judged in, when a colour of the pair is one of those 16.
    pub palette: Option<&'static str>,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// What is wrong, with the two colours as a message shows them.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemKind {
    /// Too little contrast between a glyph and what it is drawn on.
    Contrast {
        /// What is drawn ("Black's promoted piece").
        fg: String,
        /// What it is drawn on ("the dark square").
        bg: String,
        /// The glyph's colour.
        fg_colour: String,
        /// The background's colour.
        bg_colour: String,
        /// WCAG contrast ratio.
        ratio: f64,
        /// The least it must be.
        needs: f64,
    },
    /// Two squares that can meet on the board look alike.
    Alike {
        /// One square ("the light zone square").
        a: String,
        /// The other.
        b: String,
        /// The first one's colour.
        a_colour: String,
        /// The other's.
        b_colour: String,
        /// CIE ΔE between them.
        delta: f64,
    },
}

impl Problem {
    /// How bad it is, for ordering: how far short of the need, as a fraction.
    pub fn shortfall(&self) -> f64 {
        match &self.kind {
            ProblemKind::Contrast { ratio, needs, .. } => 1.0 - ratio / needs,
            ProblemKind::Alike { delta, .. } => 1.0 - delta / MIN_DELTA_E,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "theme {}", crate::text::short(&self.theme))?;
        match (self.depth, self.palette) {
            (ColorMode::Ansi256, _) => write!(f, " at 256 colours")?,
            (ColorMode::Ansi16, Some(p)) => write!(f, " at 16 colours ({p} palette)")?,
            (ColorMode::Ansi16, None) => write!(f, " at 16 colours")?,
            (_, Some(p)) => write!(f, " ({p} palette)")?,
            _ => {}
        }
        match &self.kind {
            ProblemKind::Contrast {
                fg,
                bg,
                fg_colour,
                bg_colour,
                ratio,
                needs,
            } => write!(
                f,
                ": {fg} {fg_colour} on {bg} {bg_colour} has contrast {ratio:.1}:1 (needs \
                 {needs}:1)"
            ),
            ProblemKind::Alike {
                a,
                b,
                a_colour,
                b_colour,
                delta,
            } => write!(
                f,
                ": {a} {a_colour} and {b} {b_colour} look alike (colour difference \
                 {delta:.0}, needs {MIN_DELTA_E})"
            ),
        }
    }
}

/// Collects problems, keeping the worst of each pair over the palettes judged.
struct Found<'a> {
    palette: &'a Palette,
    out: Vec<Problem>,
}

impl Found<'_> {
    fn push(&mut self, ansi: &AnsiPalette, named: bool, kind: ProblemKind) {
        let problem = Problem {
            theme: self.palette.theme.name.clone(),
            depth: self.palette.mode,
            palette: named.then_some(ansi.name),
            kind,
        };
        let same_pair = |p: &Problem| match (&p.kind, &problem.kind) {
            (
                ProblemKind::Contrast { fg, bg, .. },
                ProblemKind::Contrast { fg: f2, bg: b2, .. },
            ) => fg == f2 && bg == b2,
            (ProblemKind::Alike { a, b, .. }, ProblemKind::Alike { a: a2, b: b2, .. }) => {
                a == a2 && b == b2
            }
            _ => false,
        };
        match self.out.iter_mut().find(|p| same_pair(p)) {
            Some(p) if p.shortfall() < problem.shortfall() => *p = problem,
            Some(_) => {}
            None => self.out.push(problem),
        }
    }

    /// The glyph of `style` against its background (or `bg` when it has none).
    fn contrast(&mut self, ansi: &AnsiPalette, what: (String, String), style: Style, needs: f64) {
        let fg = style.fg.unwrap_or(Color::Reset);
        let bg = style.bg.unwrap_or(Color::Reset);
        let bg_rgb = rgb(bg, ansi).unwrap_or(self.palette.background());
        let Some(fg_rgb) = rgb(fg, ansi) else { return };
        let r = ratio(fg_rgb, bg_rgb);
        if r + 1e-9 < needs {
            let named = ansi_index(fg).is_some() || ansi_index(bg).is_some();
            let bg_colour = if bg == Color::Reset {
                let (r, g, b) = bg_rgb;
                format!("#{r:02x}{g:02x}{b:02x}")
            } else {
                describe(bg, ansi)
            };
            self.push(
                ansi,
                named,
                ProblemKind::Contrast {
                    fg: what.0,
                    bg: what.1,
                    fg_colour: describe(fg, ansi),
                    bg_colour,
                    ratio: r,
                    needs,
                },
            );
        }
    }
}

/// Everything `p` gets wrong, worst first: pieces and marks below 3:1 on a square they can
/// stand on, text below 4.5:1 (borders below 3:1) on the theme's background, squares that
/// can meet closer than [`MIN_DELTA_E`]. Nothing without colours.
pub fn problems(p: &Palette) -> Vec<Problem> {
    let mut found = Found {
        palette: p,
        out: Vec::new(),
    };
    if p.mono() {
        return found.out;
    }
    let roles = p.roles();
    for ansi in &ANSI_PALETTES {
        for square in Role::SQUARES {
            let look = SquareLook::of(square);
            for piece in roles.pieces() {
                let Role::Piece { white, stage } = piece else {
                    continue;
                };
                let on = match (p.tiles(white), square) {
                    (true, Role::Check) => "its tile in check".to_string(),
                    (true, _) => "its tile".to_string(),
                    (false, _) => square.label(),
                };
                let style = p.piece_on(look, white, stage);
                found.contrast(ansi, (piece.label(), on), style, PIECE_CONTRAST);
            }
            for mark in Role::MARKS {
                let style = p.mark_on(look, mark);
                found.contrast(ansi, (mark.label(), square.label()), style, PIECE_CONTRAST);
            }
        }
        let background = "the background".to_string();
        for (role, style) in [
            (Role::Text, p.text()),
            (Role::Dim, p.dim()),
            (Role::Accent, p.accent()),
            (Role::Error, p.error()),
            (Role::LowClock, p.clock(true, false)),
            (Role::Border, p.border()),
        ] {
            let needs = if role == Role::Border {
                PIECE_CONTRAST
            } else {
                TEXT_CONTRAST
            };
            found.contrast(ansi, (role.label(), background.clone()), style, needs);
        }
        let what = ("highlighted text".to_string(), "its highlight".to_string());
        found.contrast(ansi, what, p.highlight(), TEXT_CONTRAST);
        alike(&mut found, ansi);
    }
    found
        .out
        .sort_by(|a, b| b.shortfall().total_cmp(&a.shortfall()));
    found.out
}

/// Squares that can meet on the board and look alike. With tiles, check is shown on the
/// royal piece's tile and by marks, not by its square.
fn alike(found: &mut Found<'_>, ansi: &AnsiPalette) {
    let p = found.palette;
    let squares = p.square_roles();
    for (i, &a) in squares.iter().enumerate() {
        for &b in &squares[i + 1..] {
            let (ca, cb) = (
                p.square_colour(SquareLook::of(a)),
                p.square_colour(SquareLook::of(b)),
            );
            let (Some(ra), Some(rb)) = (rgb(ca, ansi), rgb(cb, ansi)) else {
                continue;
            };
            let d = delta_e(ra, rb);
            if d < MIN_DELTA_E {
                let named = ansi_index(ca).is_some() || ansi_index(cb).is_some();
                found.push(
                    ansi,
                    named,
                    ProblemKind::Alike {
                        a: a.label(),
                        b: b.label(),
                        a_colour: describe(ca, ansi),
                        b_colour: describe(cb, ansi),
                        delta: d,
                    },
                );
            }
        }
    }
}
