//! The computer opponent: an alpha-beta search that plays any game the engine knows, with an
//! evaluation derived from the game's own data (piece movement, board shape, promotion
//! rules), so a new game needs no AI code.
//!
//! This layer is pure: no I/O, and no threads of its own beyond the helper threads of a
//! search that asks for more than one ([`SearchLimits::threads`], Lazy SMP; they end with
//! the search). A caller that must stay responsive (the terminal app, the UCI loop) runs
//! [`search`] or [`Engine::search`] on a thread it owns and ends it early by setting the
//! `stop` flag; progress arrives through the `on_info` callback after every iteration and
//! about once a second in between.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use rankup::ai::{self, SearchLimits};
//! use rankup::rules::Position;
//! use rankup::variants::{variant, VariantId};
//!
//! let pos = Position::start(variant(VariantId::Chess));
//! let stop = AtomicBool::new(false);
//! let mut depths = Vec::new();
//! let result = ai::search(&pos, &[], &SearchLimits::depth(4), &stop, &mut |info| {
//!     depths.push(info.depth)
//! });
//! assert_eq!(depths, [1, 2, 3, 4]);
//! assert!(pos.legal_moves().contains(&result.best.unwrap()));
//! ```
//!
//! * [`search`], [`Engine`]: the search ([`search`] is a one-off [`Engine`]; keep an
//!   [`Engine`] for a whole game to reuse its hash table).
//! * [`SearchLimits`], [`Clock`]: depth, nodes, time per move, game clock, infinite.
//! * [`Level`]: difficulty levels and their limits.
//! * [`evaluate`], [`greedy`]: the static evaluation and a one-ply player (a baseline).
//! * [`Weights`], [`tune`], [`spsa`]: the evaluation's weights, the Texel tuner that fits
//!   them to positions and the SPSA tuner that tunes them (or the search's numbers) by
//!   games.
//! * [`SearchParams`]: the search's own margins, reductions and limits, named, so a tuner
//!   can move them and a file can hold a candidate set.

mod choice;
mod correction;
mod eval;
pub mod level;
mod limits;
pub mod nnue;
mod ordering;
pub mod params;
mod score;
mod search;
mod see;
pub mod spsa;
mod tt;
pub mod tune;

use std::sync::atomic::AtomicBool;

use crate::rules::{ByColor, Move, Position};

pub use choice::OPENING_MOVES;
pub use eval::weights::{Provenance, Weights, WeightsError};
pub use level::{analysis_limits, default_threads, Level, ParseLevelError, VARIETY};
pub use limits::{fresh_seed, move_seed, Clock, Ponder, SearchLimits};
pub use params::SearchParams;
pub use score::Score;
pub use search::{Engine, PvLine, SearchInfo, SearchResult};

/// Hash table size of a one-off [`search`], in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Searches `pos` within `limits` and returns the move to play.
///
/// A one-off [`Engine`] with a [`DEFAULT_HASH_MB`] table; see [`Engine::search`] for the
/// arguments. `history` holds the repetition keys of the game's earlier positions (see
/// [`repetition_keys`]).
pub fn search(
    pos: &Position,
    history: &[u64],
    limits: &SearchLimits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    Engine::new(DEFAULT_HASH_MB).search(pos, history, limits, stop, on_info)
}

/// The repetition keys of a game's positions, from `start` through every move of `moves`
/// (the last key is the current position's): what [`search`] takes as `history`.
///
/// Every move must be legal in turn (as in a played game's history).
pub fn repetition_keys(start: &Position, moves: impl IntoIterator<Item = Move>) -> Vec<u64> {
    let mut pos = start.clone();
    let mut keys = vec![pos.repetition_key()];
    for mv in moves {
        pos.make(mv);
        keys.push(pos.repetition_key());
    }
    keys
}

/// The static evaluation of `pos` for the side to move (no search).
pub fn evaluate(pos: &Position) -> Score {
    Score::from_centipawns(eval::evaluate(pos, &eval::tables(pos.variant())))
}

/// The material on the board per side, in centipawns, from the game's own piece values
/// (the evaluation's: each piece's worth derived from its movement, a Pawn 100, a levelled
/// piece at its level's worth, a promoted piece as what it became, the royal piece nothing).
///
/// ```
/// use rankup::ai::material;
/// use rankup::rules::Position;
/// use rankup::variants::{variant, VariantId};
/// let start = material(&Position::start(variant(VariantId::Chess)));
/// assert_eq!(start.white, start.black);
/// let queen_odds = Position::from_fen(
///     variant(VariantId::Chess),
///     "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
/// )
/// .unwrap();
/// let m = material(&queen_odds);
/// assert!((850..950).contains(&(m.white - m.black)));
/// ```
pub fn material(pos: &Position) -> ByColor<i32> {
    let t = eval::tables(pos.variant());
    let mut out = ByColor::<i32>::default();
    for (sq, pc) in pos.pieces() {
        out[pc.color()] += t.value[t.profile(pc.kind(), pos.level_at(sq))];
    }
    out
}

/// A one-ply player: mates if it can, otherwise plays the move whose resulting position
/// evaluates best, ties broken by `seed`. A baseline for measuring the search; `None` when
/// there is no legal move.
pub fn greedy(pos: &Position, seed: u64) -> Option<Move> {
    let tables = eval::tables(pos.variant());
    let mut p = pos.clone();
    let mut best: Option<(i32, u64, Move)> = None;
    for (i, mv) in pos.legal_moves().into_iter().enumerate() {
        let undo = p.make(mv);
        let score = if p.legal_moves().is_empty() {
            if p.is_check() {
                i32::MAX
            } else {
                0
            }
        } else {
            -eval::evaluate(&p, &tables)
        };
        p.unmake(mv, undo);
        let tie = search::mix(seed ^ (i as u64).wrapping_mul(0x9e37_79b9));
        if best.is_none_or(|(s, t, _)| (score, tie) > (s, t)) {
            best = Some((score, tie, mv));
        }
    }
    best.map(|(_, _, mv)| mv)
}
