//! Full-move numbers: what every screen and file counts moves in (White's move and Black's
//! answer share a number, as in PGN and on lichess), from a game's start position, which may
//! be Black's turn or a later move number.

use std::fmt;

use crate::rules::{Color, Position};

/// Which full move a ply is, and who made it.
///
/// ```
/// use rankup::game::MoveNumber;
/// use rankup::rules::Position;
/// use rankup::variants::{variant, VariantId};
/// let start = Position::start(variant(VariantId::Chess));
/// let m = MoveNumber::of_ply(&start, 50);
/// assert_eq!((m.number, m.side.to_string()), (25, "Black".to_string()));
/// assert_eq!(m.to_string(), "move 25, Black");
/// assert_eq!(m.san_prefix(), "25...");
/// assert_eq!(MoveNumber::of_ply(&start, 1).san_prefix(), "1.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number.
    pub number: u32,
    /// The side that made the move.
    pub side: Color,
}

impl MoveNumber {
    /// The move that ply `ply` (1-based: 1 is the first move made from `start`) is; ply 0
    /// (nothing played yet) counts as the move before the first.
    pub fn of_ply(start: &Position, ply: usize) -> MoveNumber {
        MoveNumber::counted(start.fullmoves(), start.turn(), ply)
    }

    /// As [`MoveNumber::of_ply`], from the start's move number and side to move alone.
    pub fn counted(first: u32, first_side: Color, ply: usize) -> MoveNumber {
        let first = first.max(1);
        if ply == 0 {
            // Before the first move: the move number the game starts at.
            return MoveNumber {
                number: first,
                side: !first_side,
            };
        }
        // Plies counted from White's move of the start's move number.
        let index = (ply - 1) as u64 + u64::from(first_side == Color::Black);
        let number = u32::try_from(u64::from(first) + index / 2).unwrap_or(u32::MAX);
        let side = if index.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        MoveNumber { number, side }
    }

    /// How many full moves `plies` half-moves from the start make (a move counts whether
    /// one or both sides played it): 25 for 50 plies from the usual start, 0 for none.
    pub fn full_moves(first: u32, first_side: Color, plies: usize) -> u32 {
        if plies == 0 {
            return 0;
        }
        let last = MoveNumber::counted(first, first_side, plies).number;
        last.saturating_sub(first.max(1)).saturating_add(1)
    }

    /// The move number and side to move of a position string, read from its text alone
    /// (fields 2 and 6 of a FEN; 1 and White where missing or unreadable), for files whose
    /// position is not parsed.
    pub fn counters_of_fen(fen: &str) -> (u32, Color) {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let side = if fields.get(1) == Some(&"b") {
            Color::Black
        } else {
            Color::White
        };
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        (number, side)
    }

    /// The ply (1-based) of White's move `number`, or of Black's when `side` is Black,
    /// counted from `start`; `None` before the first move. The inverse of
    /// [`MoveNumber::of_ply`].
    pub fn ply(start: &Position, number: u32, side: Color) -> Option<usize> {
        let first = u64::from(start.fullmoves().max(1));
        let index = (u64::from(number).checked_sub(first)?) * 2 + u64::from(side == Color::Black);
        let index = index.checked_sub(u64::from(start.turn() == Color::Black))?;
        usize::try_from(index + 1).ok()
    }

    /// The number as SAN move lists write it: `12.` for White's move, `12...` for Black's.
    pub fn san_prefix(self) -> String {
        match self.side {
            Color::White => format!("{}.", self.number),
            Color::Black => format!("{}...", self.number),
        }
    }
}

impl fmt::Display for MoveNumber {
    /// `move 25, Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}, {}", self.number, self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    fn chess(fen: &str) -> Position {
        Position::from_fen(variant(VariantId::Chess), fen).expect("position")
    }

    #[test]
    fn plies_count_in_full_moves_from_any_start() {
        let white = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let of = |p: &Position, ply| {
            let m = MoveNumber::of_ply(p, ply);
            (m.number, m.side)
        };
        assert_eq!(of(&white, 1), (1, Color::White));
        assert_eq!(of(&white, 2), (1, Color::Black));
        assert_eq!(of(&white, 49), (25, Color::White));
        assert_eq!(of(&white, 50), (25, Color::Black));
        let black = chess("4k3/8/8/8/8/8/8/4K3 b - - 0 30");
        assert_eq!(of(&black, 1), (30, Color::Black));
        assert_eq!(of(&black, 2), (31, Color::White));
        assert_eq!(of(&black, 3), (31, Color::Black));
        for start in [&white, &black] {
            for ply in 1..60 {
                let m = MoveNumber::of_ply(start, ply);
                assert_eq!(MoveNumber::ply(start, m.number, m.side), Some(ply));
            }
        }
        assert_eq!(MoveNumber::ply(&black, 30, Color::White), None);
        assert_eq!(MoveNumber::ply(&black, 29, Color::Black), None);
        assert_eq!(MoveNumber::full_moves(1, Color::White, 50), 25);
        assert_eq!(MoveNumber::full_moves(1, Color::White, 49), 25);
        assert_eq!(MoveNumber::full_moves(30, Color::Black, 2), 2);
        assert_eq!(MoveNumber::full_moves(1, Color::White, 0), 0);
        assert_eq!(
            MoveNumber::counters_of_fen("8/8 b - - 0 30"),
            (30, Color::Black)
        );
        assert_eq!(MoveNumber::counters_of_fen("garbage"), (1, Color::White));
    }
}
