//! What makes a castling move playable: its squares checked once, when a game is compiled.

use std::fmt;

use crate::rules::geometry::{Shape, Square};
use crate::rules::spec::CastlingSpec;

/// Why a castling move cannot be played: each case would let the move put a piece off the
/// board or two pieces on one square (the King then vanishes), or is no move at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingError {
    /// A square that is not a square of the board (outside it, or a hole).
    OffBoard(Square),
    /// The four squares are not on one rank.
    Ranks,
    /// `king_from` is `rook_from`: King and partner would be one piece.
    KingOnPartner,
    /// `rook_to` is `king_to`: both would land on one square and the King would vanish.
    SameDestination,
    /// `king_to` is `king_from`: the King does not move (the move cannot be written).
    KingStays,
    /// `rook_to` is `rook_from`: the partner does not move.
    PartnerStays,
    /// A second castling move for the same colour and wing (one right each).
    Twice,
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingError::OffBoard(sq) => write!(f, "{sq} is not a square of the board"),
            CastlingError::Ranks => write!(
                f,
                "king_from, king_to, rook_from and rook_to must lie on one rank"
            ),
            CastlingError::KingOnPartner => write!(
                f,
                "rook_from is king_from: the King and its partner must start on different squares"
            ),
            CastlingError::SameDestination => write!(
                f,
                "rook_to is king_to: the partner would land on the King and the King would vanish"
            ),
            CastlingError::KingStays => {
                write!(f, "king_to is king_from: castling must move the King")
            }
            CastlingError::PartnerStays => {
                write!(f, "rook_to is rook_from: castling must move the partner")
            }
            CastlingError::Twice => write!(
                f,
                "a second castling move for the same colour and side (each has one right)"
            ),
        }
    }
}

impl CastlingSpec {
    /// Checks that the move can be played on `shape`: four squares of the board on one rank,
    /// the King and the partner starting apart, each moving, and landing apart. (`king_to`
    /// may be `rook_from` and `rook_to` may be `king_from`: the two swap through each other's
    /// squares, as Tamerspiel's King jumps to the Horse's square and Chess960 castles.)
    ///
    /// # Errors
    /// The first rule the move breaks.
    pub fn check(&self, shape: &Shape) -> Result<(), CastlingError> {
        let squares = [self.king_from, self.king_to, self.rook_from, self.rook_to];
        if let Some(&sq) = squares.iter().find(|&&sq| !shape.contains(sq)) {
            return Err(CastlingError::OffBoard(sq));
        }
        if squares.iter().any(|s| s.rank() != self.king_from.rank()) {
            return Err(CastlingError::Ranks);
        }
        if self.king_from == self.rook_from {
            return Err(CastlingError::KingOnPartner);
        }
        if self.rook_to == self.king_to {
            return Err(CastlingError::SameDestination);
        }
        if self.king_to == self.king_from {
            return Err(CastlingError::KingStays);
        }
        if self.rook_to == self.rook_from {
            return Err(CastlingError::PartnerStays);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{sq, SpecError, Variant};
    use crate::variants::{variant, VariantId};

    /// A spec built in code (not read from a file) is checked too: each broken castling
    /// move is refused by `Variant::compile` with its cause; Tamerspiel-style and
    /// through-each-other castling compiles.
    #[test]
    fn compile_refuses_castling_that_loses_a_piece() {
        let chess = variant(VariantId::Chess).spec().clone();
        let with = |edit: &dyn Fn(&mut CastlingSpec)| {
            let mut spec = chess.clone();
            edit(&mut spec.castling[0]);
            Variant::compile(spec).err()
        };
        for (edit, want) in [
            (
                &(|c: &mut CastlingSpec| c.rook_to = c.king_to) as &dyn Fn(&mut CastlingSpec),
                CastlingError::SameDestination,
            ),
            (&|c| c.king_to = c.king_from, CastlingError::KingStays),
            (&|c| c.rook_to = c.rook_from, CastlingError::PartnerStays),
            (&|c| c.rook_from = c.king_from, CastlingError::KingOnPartner),
            (&|c| c.rook_to = sq("f2"), CastlingError::Ranks),
            (&|c| c.king_to = sq("j1"), CastlingError::OffBoard(sq("j1"))),
        ] {
            assert_eq!(with(edit), Some(SpecError::Castling(0, want)), "{want}");
        }
        // The second move for White's queen side is the one refused.
        assert_eq!(
            with(&|c| c.king_side = false),
            Some(SpecError::Castling(1, CastlingError::Twice))
        );
        // The King onto the partner's square and the partner onto the King's.
        assert_eq!(
            with(&|c| {
                c.king_to = sq("h1");
                c.rook_to = sq("e1");
            }),
            None
        );
    }
}
