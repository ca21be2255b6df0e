//! Move ordering: the hash move, then promotions, then captures by MVV-LVA (most valuable
//! victim, least valuable attacker), then killer moves, then quiet moves by history.
//!
//! Captures that lose material to a defended square go after the killers: they are still
//! searched, but rarely refute anything.

use crate::rules::{Move, Position, GRID_CELLS};

use super::eval::Tables;

/// A compact, comparable name of a move for the hash table and the killer slots: origin,
/// destination, promotion type and level recipient. Moves of one position that agree on
/// these are the same move; the key is only ever a hint for ordering, matched against the
/// generated moves, never trusted as a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct MoveKey(pub u32);

impl MoveKey {
    /// No move.
    pub(crate) const NONE: MoveKey = MoveKey(0);

    /// The key of `mv`.
    #[inline]
    pub(crate) fn of(mv: &Move) -> MoveKey {
        // Square indices are below 120 and kinds below 63, so every part fits its field.
        let promo = mv.promotion.map_or(0, |k| u32::from(k.0) + 1);
        let recipient = mv.recipient.map_or(0, |sq| sq.index() as u32 + 1);
        MoveKey(
            mv.from.index() as u32
                | (mv.to.index() as u32) << 8
                | promo << 16
                | (recipient & 0x7f) << 24
                | 1 << 31,
        )
    }

    /// Whether this is no move.
    #[inline]
    pub(crate) fn is_none(self) -> bool {
        self.0 == 0
    }
}

const HASH_MOVE: i32 = 2_000_000_000;
const PROMOTION: i32 = 1_500_000_000;
const GOOD_CAPTURE: i32 = 1_000_000_000;
const KILLER: i32 = 900_000_000;
const BAD_CAPTURE: i32 = 800_000_000;

/// History scores stay within this magnitude (the update is self-limiting).
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// History table: per moving piece code and destination.
#[derive(Debug)]
pub(crate) struct History(Vec<i32>);

impl History {
    pub(crate) fn new() -> History {
        History(vec![0; 128 * GRID_CELLS])
    }

    #[inline]
    fn index(mv: &Move) -> usize {
        mv.piece.code() * GRID_CELLS + mv.to.index()
    }

    #[inline]
    pub(crate) fn score(&self, mv: &Move) -> i32 {
        self.0[Self::index(mv)]
    }

    /// Rewards (`bonus > 0`) or penalises a quiet move; large values decay toward the bound.
    pub(crate) fn update(&mut self, mv: &Move, bonus: i32) {
        let h = &mut self.0[Self::index(mv)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Halves every entry, so a new search keeps the shape of the old one but can relearn.
    pub(crate) fn age(&mut self) {
        self.0.iter_mut().for_each(|h| *h /= 2);
    }
}

/// Value of the piece a move captures, at its level where levels matter.
#[inline]
pub(crate) fn victim_value(pos: &Position, t: &Tables, mv: &Move) -> i32 {
    mv.capture
        .map_or(0, |c| t.value[t.profile(c.kind(), pos.level_at(mv.to))])
}

/// Value of the moving piece, at its level.
#[inline]
fn mover_value(pos: &Position, t: &Tables, mv: &Move) -> i32 {
    t.value[t.profile(mv.piece.kind(), pos.level_at(mv.from))]
}

/// Value gained by the promotion a move makes (0 when none).
#[inline]
pub(crate) fn promotion_gain(t: &Tables, mv: &Move) -> i32 {
    mv.promotion.map_or(0, |k| {
        t.kind_value[k.index()] - t.kind_value[mv.piece.kind().index()]
    })
}

/// Whether a capture puts a more valuable piece on a square the opponent defends (a likely
/// loss of material; a cheap stand-in for static exchange evaluation).
pub(crate) fn losing_capture(pos: &Position, t: &Tables, mv: &Move) -> bool {
    let attacker = mover_value(pos, t, mv);
    let victim = victim_value(pos, t, mv);
    if t.royal[mv.piece.kind().index()] || attacker <= victim {
        return false;
    }
    let them = !pos.turn();
    let occ = (pos.occupied() & !mv.from.bit()) | mv.to.bit();
    let defenders = pos.pieces_of(them) & !mv.to.bit();
    pos.attacked(mv.to, them, occ, defenders)
}

/// Scores moves for the main search, best first.
pub(crate) fn score_moves(
    pos: &Position,
    t: &Tables,
    moves: &[Move],
    hash: MoveKey,
    killers: [MoveKey; 2],
    history: &History,
    out: &mut Vec<i32>,
) {
    out.clear();
    out.extend(moves.iter().map(|mv| {
        let key = MoveKey::of(mv);
        if !hash.is_none() && key == hash {
            HASH_MOVE
        } else if mv.promotion.is_some() {
            PROMOTION + promotion_gain(t, mv) * 8 + victim_value(pos, t, mv)
        } else if mv.capture.is_some() {
            let mvv_lva = victim_value(pos, t, mv) * 8 - mover_value(pos, t, mv) / 8;
            if losing_capture(pos, t, mv) {
                BAD_CAPTURE + mvv_lva
            } else {
                GOOD_CAPTURE + mvv_lva
            }
        } else if key == killers[0] {
            KILLER + 1
        } else if key == killers[1] {
            KILLER
        } else {
            history.score(mv)
        }
    }));
}

/// Swaps the best-scored move among `from..` into place `from` and returns it (selection
/// sort, one step at a time: a cutoff usually comes early, so sorting everything is waste).
#[inline]
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], from: usize) -> Move {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
    moves[from]
}
