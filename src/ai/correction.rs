//! Correction history: what searches found about positions with the same Pawns.
//!
//! A hand-made evaluation misjudges some Pawn structures the same way wherever the pieces
//! stand (a passed Pawn it under-rates, a locked centre it over-rates). Each node whose
//! search ends with a score that says something about its static evaluation (the best
//! move quiet or none, and the bound on the right side of the evaluation) moves a running
//! average of `score - static evaluation`, kept per side to move and Pawn structure,
//! towards its own difference, more for deeper searches. Later nodes with that structure
//! add the average to their static evaluation, so pruning and reductions that compare it
//! with alpha and beta learn within the game where the evaluation is wrong.

use crate::rules::{Color, Position};

use super::eval::Tables;
use super::search::mix;

/// Entries per side to move (a power of two).
const SIZE: usize = 1 << 14;
/// Table units per centipawn (the average keeps fractions of a centipawn).
const GRAIN: i32 = 256;
/// Weights are out of this.
const SCALE: i32 = 256;
/// The largest weight one update has (a search of depth 15 or more).
const MAX_WEIGHT: i32 = 16;
/// The largest correction, in centipawns.
const LIMIT: i32 = 96;

/// The running averages of one search thread.
#[derive(Debug)]
pub(crate) struct Correction {
    table: Vec<i32>,
}

impl Correction {
    pub(crate) fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.table.fill(0);
    }

    /// The entry of `pos`: its side to move and its Pawns (every level of every kind marked
    /// `pawn`, by square and colour).
    #[inline]
    pub(crate) fn index(pos: &Position, t: &Tables) -> usize {
        let mut key = 0u64;
        for c in Color::ALL {
            let set = t
                .pawn_profiles
                .iter()
                .fold(0, |set, &p| set | pos.pieces_of_profile(c, p));
            key = mix(key ^ set as u64);
            key = mix(key ^ (set >> 64) as u64);
        }
        pos.turn().index() * SIZE + (key as usize & (SIZE - 1))
    }

    /// The correction at `index`, in centipawns.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> i32 {
        self.table[index] / GRAIN
    }

    /// A search of `depth` found `diff` (its score minus the static evaluation, in
    /// centipawns) at a node with this `index`.
    pub(crate) fn update(&mut self, index: usize, diff: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = diff.clamp(-LIMIT, LIMIT) * GRAIN;
        let entry = &mut self.table[index];
        *entry = (*entry * (SCALE - weight) + target * weight) / SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval;
    use crate::variants::{variant, VariantId};

    fn chess(fen: &str) -> Position {
        Position::from_fen(variant(VariantId::Chess), fen).expect("fen")
    }

    #[test]
    fn the_index_follows_pawns_and_the_side_to_move_only() {
        let a = chess("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let t = eval::tables(a.variant());
        // The Kings elsewhere and a Knight added: same Pawns, same entry.
        let b = chess("3k4/pp6/8/8/8/5N2/PP6/3K4 w - - 0 1");
        assert_eq!(Correction::index(&a, &t), Correction::index(&b, &t));
        let pushed = chess("4k3/pp6/8/8/8/P7/1P6/4K3 w - - 0 1");
        assert_ne!(Correction::index(&a, &t), Correction::index(&pushed, &t));
        let black = chess("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        assert_ne!(Correction::index(&a, &t), Correction::index(&black, &t));
    }

    #[test]
    fn updates_average_towards_the_differences_within_the_limit() {
        let mut c = Correction::new();
        assert_eq!(c.get(7), 0);
        c.update(7, 50, 3);
        // A depth-3 search moves it 4/256 of the way.
        assert_eq!(c.table[7], 50 * GRAIN * 4 / SCALE);
        for _ in 0..400 {
            c.update(7, 50, 20);
        }
        assert_eq!(c.get(7), 49, "converges on 50 from below");
        for _ in 0..400 {
            c.update(7, -10_000, 20);
        }
        assert_eq!(c.get(7), -LIMIT + 1);
        assert_eq!(c.get(8), 0, "other entries untouched");
        c.clear();
        assert_eq!(c.get(7), 0);
    }
}
