//! Upgrade Chess (Daniil Frolov), 8x8; RULES.md section 3.
//!
//! * Setup: the orthodox array; every piece but the Kings starts at **level 1**.
//! * **Captures add levels**: the capturer's level becomes its level plus the victim's (e.p.
//!   too). A King gains nothing: the capturing side gives the victim's level to one chosen
//!   other piece of its own (`e1d2^b1`, SAN `Kxd2^b1`; one move per candidate).
//! * Movement by level L (c = ceil(L/2), o = floor(L/2)), ranges capped by the board:
//!   Rook: orthogonal rider of range L (full at 7). Bishop: diagonal rider of range L (full at
//!   7). Queen: diagonal range c and orthogonal range o (L1 = Ferz, L2 = King, full at 14).
//!   Knight: rides c steps in the Crab directions (ffN (+-1,+2), bsN (+-2,-1)) and o steps in
//!   the other four (fsN (+-2,+1), bbN (+-1,-2)): L1 = Crab, L2 = Knight, full Nightrider at 6.
//!   Every rider step needs the landing points before it empty. Pawns and Kings move as usual.
//! * A Pawn on the last rank promotes to Q, R, B or N keeping its level (after the capture's
//!   addition); castling is orthodox whatever the Rook's level.
//! * Levels are part of the position string (`N(4)`), the hash and repetition.

use super::betza;
use super::chess::orthodox_castling;
use crate::rules::{
    Atom, Extras, FiftyMoveRule, Figure, MaterialDraw, Movement, PieceSpec, PromotionSpec,
    VariantSpec, Zone,
};

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
/// level for one of Upgrade Chess's piece kinds.
pub(crate) fn level_movement(kind: &str) -> Option<fn(u16) -> Movement> {
    match kind {
        "Rook" => Some(rook),
        "Bishop" => Some(bishop),
        "Queen" => Some(queen),
        "Knight" => Some(knight),
        _ => None,
    }
}

fn pawn(_: u16) -> Movement {
    betza("fmW fcF ifmnD")
}

/// The rules of Upgrade Chess.
pub fn spec() -> VariantSpec {
    VariantSpec {
        id: "upgrade".into(),
        name: "Upgrade Chess".into(),
        summary: "captures add levels; higher levels move further".into(),
        files: 8,
        ranks: 8,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces: vec![
            PieceSpec::new("Pawn", 'P', pawn(1))
                .figure(Figure::Pawn)
                .describe("orthodox Pawn at any level; promotes keeping its level")
                .pawn()
                .levels(1, pawn)
                .promotes(PromotionSpec {
                    zone: Zone::Ranks(8, 8),
                    to: vec!['Q', 'R', 'B', 'N'],
                    mandatory: true,
                }),
            PieceSpec::new("Knight", 'N', knight(1))
                .figure(Figure::Knight)
                .describe("L1 Crab, L2 Knight, then rides more steps: Nightrider at L6")
                .levels(6, knight),
            PieceSpec::new("Bishop", 'B', bishop(1))
                .figure(Figure::Bishop)
                .describe("slides diagonally up to L squares (L1 = one step)")
                .levels(7, bishop),
            PieceSpec::new("Rook", 'R', rook(1))
                .figure(Figure::Rook)
                .describe("slides orthogonally up to L squares; castles")
                .castles()
                .levels(7, rook),
            PieceSpec::new("Queen", 'Q', queen(1))
                .figure(Figure::Queen)
                .describe("diagonally up to ceil(L/2), orthogonally up to floor(L/2)")
                .levels(14, queen),
            PieceSpec::new("King", 'K', betza("K"))
                .figure(Figure::King)
                .describe("orthodox King, no level; its captures feed another piece")
                .royal(),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        castling: orthodox_castling(),
        en_passant: true,
        fifty_move: FiftyMoveRule::CaptureOrPawn,
        material_draw: MaterialDraw::BareKings,
        extras: Extras::default(),
        rules: [
            "Every piece but the King starts at level 1 (the digit on the piece).",
            "A capture adds the victim's level to the capturer's (e.p. too).",
            "A King's capture gives the level to another piece you choose (Kxd2^b1).",
            "R, B: range L. Q: diagonal ceil(L/2), orthogonal floor(L/2).",
            "N: L1 Crab, L2 Knight, more steps per level: Nightrider at L6.",
            "Pawns promote to Q R B N keeping their level.",
        ]
        .map(String::from)
        .to_vec(),
    }
}
