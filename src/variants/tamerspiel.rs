//! Tamerspiel's lame pieces, the built-in movements `variants/tamerspiel.ron` names as
//! `Builtin("nobleman")` and `Builtin("supercav")`: Betza cannot say that a two-step leap
//! may take either of several paths (the rules are in that file's header; README,
//! "Tamerspiel").

use super::betza;
use crate::rules::{Atom, Movement};

/// The eight images of `(dx, dy)` with each path mirrored and rotated alike.
fn symmetric(dx: i8, dy: i8, paths: &[&[(i8, i8)]]) -> Vec<Atom> {
    let mut out: Vec<Atom> = Vec::new();
    for swap in [false, true] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let map = |(x, y): (i8, i8)| {
                    let (x, y) = if swap { (y, x) } else { (x, y) };
                    (x * sx, y * sy)
                };
                let (tx, ty) = map((dx, dy));
                if out.iter().any(|a| (a.dx, a.dy) == (tx, ty)) {
                    continue;
                }
                let routes = paths
                    .iter()
                    .map(|p| p.iter().map(|&s| map(s)).collect())
                    .collect();
                out.push(Atom::lame(tx, ty, routes));
            }
        }
    }
    out
}

/// Nobleman: any square of the 5x5 box, never jumping. A square two King steps away needs
/// an existing, empty middle square on at least one two-step path.
pub(crate) fn nobleman() -> Movement {
    let mut atoms = betza("K").atoms;
    atoms.extend(symmetric(2, 0, &[&[(1, 0)], &[(1, 1)], &[(1, -1)]]));
    atoms.extend(symmetric(2, 1, &[&[(1, 0)], &[(1, 1)]]));
    atoms.extend(symmetric(2, 2, &[&[(1, 1)]]));
    Movement { atoms }
}

/// Supercav: King plus the Cavalier. A destination (1, n), n >= 2, is reached by one
/// diagonal step and an outward orthogonal slide (path A: (1,1) .. (1,n-1) empty) or by an
/// orthogonal slide and one outward diagonal step (path B: (0,1) .. (0,n-1) empty).
pub(crate) fn supercav() -> Movement {
    let mut atoms = betza("K").atoms;
    // The longest line on the board is the 12-square first rank.
    for n in 2..12i8 {
        let a: Vec<(i8, i8)> = (1..n).map(|k| (1, k)).collect();
        let b: Vec<(i8, i8)> = (1..n).map(|k| (0, k)).collect();
        atoms.extend(symmetric(1, n, &[&a, &b]));
    }
    Movement { atoms }
}
