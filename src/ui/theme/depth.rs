//! A theme's roles at 256 and at 16 (or 8) colours.
//!
//! **256 colours.** Each true colour becomes a palette entry from 16 to 255 (the first 16
//! are the terminal's own). The nearest entry alone can merge two roles (the zones of a
//! muted board fall on the same grey as the plain squares) or lose contrast, so entries are
//! chosen under constraints, in this order: pieces (nearest); squares (the nearest entry on
//! which every piece keeps [`PIECE_CONTRAST`] and which stays [`MIN_DELTA_E`] away from every
//! square chosen before); marks (readable on every square); interface colours (readable on
//! the theme's background). A theme's `ansi256` section names entries outright.
//!
//! **16 colours.** Nearest-colour mapping does not work there: the palette's RGB differs from
//! terminal to terminal, and no background among the basic eight keeps both a white and a
//! black glyph at 3:1 in both xterm's and the VGA palette. So each role has a fixed ANSI
//! colour, backgrounds only from the normal eight (the Linux console has no bright
//! backgrounds), never bright black; and each piece stands on a one-cell tile of its side's
//! colour (grey under White, black under Black), so it is readable on any square. A
//! theme's `ansi16` section may name other colours.

use ratatui::style::Color;

use super::contrast::{
    delta_e, lab, luminance, ratio, rgb, xterm_rgb, Rgb, ANSI_PALETTES, MIN_DELTA_E,
    PIECE_CONTRAST, TEXT_CONTRAST, XTERM,
};
use super::roles::{Overrides, Role, Roles};

/// Palette entries 16 to 255 with their RGB and L*a*b*.
struct Table(Vec<(u8, Rgb, [f64; 3])>);

impl Table {
    fn new() -> Table {
        Table(
            (16..=255u8)
                .map(|i| (i, xterm_rgb(i), lab(xterm_rgb(i))))
                .collect(),
        )
    }

    /// The entry nearest `target` (by ΔE) among those `ok` accepts.
    fn best(&self, target: Rgb, ok: impl Fn(Rgb) -> bool) -> Option<(u8, Rgb)> {
        let t = lab(target);
        let d =
            |l: &[f64; 3]| (l[0] - t[0]).powi(2) + (l[1] - t[1]).powi(2) + (l[2] - t[2]).powi(2);
        self.0
            .iter()
            .filter(|(_, v, _)| ok(*v))
            .min_by(|a, b| d(&a.2).total_cmp(&d(&b.2)))
            .map(|&(i, v, _)| (i, v))
    }
}

/// How far (ΔE) a square may move from the theme's colour to keep every promoted piece
/// readable; farther, only the plain pieces are kept readable and the promoted ones move.
const MAX_DRIFT: f64 = 12.0;

/// Whether `cand` for `role` keeps a light square lighter than the dark one beside it (the
/// plain pair and the zone pair), `other` being a square chosen before at `o`.
fn lighter_first(role: Role, cand: Rgb, other: Role, o: Rgb) -> bool {
    match (other, role) {
        (Role::LightSquare, Role::DarkSquare) | (Role::LightZone, Role::DarkZone) => {
            luminance(cand) < luminance(o)
        }
        _ => true,
    }
}

/// The RGB a derivation reckons with: xterm's for the 16 named colours.
fn seen(c: Color) -> Option<Rgb> {
    rgb(c, &XTERM)
}

/// `roles` (a theme's true colours with its `ansi256` section put in; `fixed` are the roles
/// that section named) as 256-colour palette entries; `background` is the terminal's.
pub(super) fn derive_256(mut r: Roles, fixed: &[Role], background: Rgb) -> Roles {
    let table = Table::new();
    let derive = |role: Role, c: Color| !fixed.contains(&role) && matches!(c, Color::Rgb(..));
    let nearest = |c: Rgb| table.best(c, |_| true).map(|(i, _)| Color::Indexed(i));
    for tile in [&mut r.white_tile, &mut r.black_tile] {
        if let Some(Color::Rgb(red, g, b)) = *tile {
            *tile = nearest((red, g, b));
        }
    }
    let on_tile = |r: &Roles, role: Role| match role {
        Role::Piece { white: true, .. } => r.white_tile,
        Role::Piece { white: false, .. } => r.black_tile,
        _ => None,
    };
    // Squares first, readable under the theme's own piece colours (or at least its plain
    // ones) and apart from each other; then each piece the nearest entry readable on them.
    let pieces: Vec<Role> = r
        .pieces()
        .into_iter()
        .filter(|&role| on_tile(&r, role).is_none())
        .collect();
    let plain: Vec<Rgb> = pieces
        .iter()
        .filter(|role| matches!(role, Role::Piece { stage: 0, .. }))
        .filter_map(|&role| seen(r.get(role)))
        .collect();
    let all: Vec<Rgb> = pieces
        .iter()
        .filter_map(|&role| seen(r.get(role)))
        .collect();
    let mut squares: Vec<(Role, Rgb)> = Vec::new();
    for role in Role::SQUARES {
        let c = r.get(role);
        let Some(v) = seen(c) else { continue };
        if !derive(role, c) {
            squares.push((role, v));
            continue;
        }
        let readable =
            |set: &[Rgb], cand: Rgb| set.iter().all(|&p| ratio(p, cand) >= PIECE_CONTRAST);
        let apart = |cand: Rgb| {
            squares.iter().all(|&(other, o)| {
                delta_e(o, cand) >= MIN_DELTA_E && lighter_first(role, cand, other, o)
            })
        };
        // Close to the theme's colour and readable under every piece colour it has; else
        // readable under the plain pieces (the promoted ones then move to fit).
        let close = |cand: Rgb| delta_e(v, cand) <= MAX_DRIFT;
        let pick = table
            .best(v, |cand| close(cand) && readable(&all, cand) && apart(cand))
            .or_else(|| table.best(v, |cand| readable(&plain, cand) && apart(cand)))
            .or_else(|| table.best(v, apart))
            .or_else(|| table.best(v, |_| true));
        if let Some((i, got)) = pick {
            *r.slot(role) = Color::Indexed(i);
            squares.push((role, got));
        }
    }
    let squares: Vec<Rgb> = squares.into_iter().map(|(_, v)| v).collect();
    for role in r.pieces() {
        let c = r.get(role);
        let Some(v) = seen(c).filter(|_| derive(role, c)) else {
            continue;
        };
        let under: Vec<Rgb> = match on_tile(&r, role) {
            Some(tile) => seen(tile).into_iter().collect(),
            None => squares.clone(),
        };
        let readable = |cand: Rgb| under.iter().all(|&s| ratio(s, cand) >= PIECE_CONTRAST);
        if let Some((i, _)) = table.best(v, readable).or_else(|| table.best(v, |_| true)) {
            *r.slot(role) = Color::Indexed(i);
        }
    }
    for role in Role::MARKS {
        let c = r.get(role);
        let Some(v) = seen(c).filter(|_| derive(role, c)) else {
            continue;
        };
        let readable = |cand: Rgb| squares.iter().all(|&s| ratio(s, cand) >= PIECE_CONTRAST);
        if let Some((i, _)) = table.best(v, readable).or_else(|| table.best(v, |_| true)) {
            *r.slot(role) = Color::Indexed(i);
        }
    }
    for role in Role::INTERFACE {
        let c = r.get(role);
        let Some(v) = seen(c).filter(|_| derive(role, c)) else {
            continue;
        };
        let need = if role == Role::Border {
            PIECE_CONTRAST
        } else {
            TEXT_CONTRAST
        };
        let readable = |cand: Rgb| ratio(background, cand) >= need;
        if let Some((i, _)) = table.best(v, readable).or_else(|| table.best(v, |_| true)) {
            *r.slot(role) = Color::Indexed(i);
        }
    }
    r
}

/// The readable ink on an ANSI background: black or grey, whichever keeps more contrast in
/// the worse of the palettes judged.
pub fn ink_16(bg: Color) -> Color {
    let worst = |ink: Color| {
        ANSI_PALETTES
            .iter()
            .filter_map(|p| Some(ratio(rgb(ink, p)?, rgb(bg, p)?)))
            .fold(f64::INFINITY, f64::min)
    };
    if worst(Color::Black) >= worst(Color::Gray) {
        Color::Black
    } else {
        Color::Gray
    }
}

/// The 16-colour roles: rankup's choices for a dark or light terminal, with the theme's
/// `ansi16` section put in.
pub(super) fn derive_16(overrides: &Overrides, dark_background: bool) -> Roles {
    let (text, dim, accent, error) = if dark_background {
        (Color::Gray, Color::Cyan, Color::LightCyan, Color::LightRed)
    } else {
        (Color::Black, Color::Blue, Color::Blue, Color::Red)
    };
    let mut r = Roles {
        text,
        dim,
        accent,
        border: dim,
        error,
        low_clock: error,
        // A chess.com-like board; zones tinted blue, the last move yellow as on lichess.
        light_square: Color::Gray,
        dark_square: Color::Green,
        light_zone: Color::Cyan,
        dark_zone: Color::Blue,
        citadel: Color::Red,
        last_move: Color::Yellow,
        check: Color::Red,
        lifted: Color::Magenta,
        // Marks in black or grey, whichever the square under them needs.
        cursor: Color::Reset,
        target: Color::Reset,
        capture: Color::Reset,
        swap: Color::Reset,
        premove: Color::Reset,
        white_piece: Color::Black,
        black_piece: Color::Gray,
        white_ramp: vec![Color::Blue, Color::Red],
        black_ramp: vec![Color::Yellow, Color::Green, Color::Cyan, Color::Magenta],
        white_tile: Some(Color::Gray),
        black_tile: Some(Color::Black),
    };
    overrides.apply(&mut r);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::contrast::VGA;

    #[test]
    fn ink_is_readable_on_every_normal_background() {
        for bg in [
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
        ] {
            let ink = ink_16(bg);
            for p in [XTERM, VGA] {
                let r = ratio(rgb(ink, &p).unwrap(), rgb(bg, &p).unwrap());
                assert!(r >= PIECE_CONTRAST, "{ink} on {bg} in {}: {r:.2}", p.name);
            }
        }
    }

    #[test]
    fn sixteen_colours_never_use_bright_black_or_bright_backgrounds() {
        for dark in [true, false] {
            let r = derive_16(&Overrides::default(), dark);
            for role in r.all() {
                assert_ne!(r.get(role), Color::DarkGray, "{role:?}");
            }
            for role in Role::SQUARES {
                let i = crate::ui::theme::contrast::ansi_index(r.get(role)).unwrap();
                assert!(
                    (1..8).contains(&i),
                    "{role:?} is a normal, non-black colour"
                );
            }
        }
    }

    #[test]
    fn the_nearest_entry_is_taken_when_nothing_is_in_the_way() {
        let table = Table::new();
        assert_eq!(table.best((255, 255, 255), |_| true).unwrap().0, 231);
        assert_eq!(table.best((0, 0, 0), |_| true).unwrap().0, 16);
        assert_eq!(table.best((0xaf, 0x87, 0x5f), |_| true).unwrap().0, 137);
    }
}
