//! Upgrade Chess's level growth, the built-in behaviour `variants/upgrade.ron` names as
//! `levels: Upgrade(cap: N, kind: "Queen")` (the rules are in that file's header; README,
//! "Upgrade Chess").
//!
//! Movement by level L (c = ceil(L/2), o = floor(L/2)), ranges capped by the board:
//! Rook: orthogonal rider of range L. Bishop: diagonal rider of range L. Queen: diagonal range
//! c and orthogonal range o (L1 = Ferz, L2 = King). Knight: rides c steps in the Crab
//! directions (ffN (+-1,+2), bsN (+-2,-1)) and o steps in the other four (fsN (+-2,+1), bbN
//! (+-1,-2)): L1 = Crab, L2 = Knight, Nightrider at 6. Every rider step needs the landing
//! points before it empty.

use crate::rules::{Atom, Movement};

fn half_up(level: u16) -> u8 {
    level.div_ceil(2).min(u8::MAX as u16) as u8
}

fn half_down(level: u16) -> u8 {
    (level / 2).min(u8::MAX as u16) as u8
}

/// Riders along `vectors` with range `range` (none at range 0).
fn riders(vectors: &[(i8, i8)], range: u8) -> Movement {
    Movement {
        atoms: if range == 0 {
            Vec::new()
        } else {
            vectors
                .iter()
                .map(|&(dx, dy)| Atom::ride(dx, dy, 1, range))
                .collect()
        },
    }
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// ffN and bsN: the Crab's directions.
const CRAB: [(i8, i8); 4] = [(1, 2), (-1, 2), (2, -1), (-2, -1)];
/// fsN and bbN: the Knight's other four directions.
const BARC: [(i8, i8); 4] = [(2, 1), (-2, 1), (1, -2), (-1, -2)];

fn rook(level: u16) -> Movement {
    riders(&ORTHOGONAL, level.min(u8::MAX as u16) as u8)
}

fn bishop(level: u16) -> Movement {
    riders(&DIAGONAL, level.min(u8::MAX as u16) as u8)
}

fn queen(level: u16) -> Movement {
    riders(&DIAGONAL, half_up(level)).with(riders(&ORTHOGONAL, half_down(level)))
}

fn knight(level: u16) -> Movement {
    riders(&CRAB, half_up(level)).with(riders(&BARC, half_down(level)))
}

/// The level growth a variant file names as `Upgrade(cap: N, kind: "Queen")`: movement at a
/// level for one of Upgrade Chess's piece kinds ([`super::file::UPGRADE_KINDS`]).
pub(crate) fn level_movement(kind: &str) -> Option<fn(u16) -> Movement> {
    match kind {
        "Rook" => Some(rook),
        "Bishop" => Some(bishop),
        "Queen" => Some(queen),
        "Knight" => Some(knight),
        _ => None,
    }
}
