//! Moves that carry their meaning: what moves, what it takes, what it becomes.

use super::geometry::Square;
use super::piece::{Piece, PieceKind};

/// What kind of move, beyond "a piece goes from one square to another".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// An ordinary move or capture, with or without promotion.
    Normal,
    /// A Pawn's double step that leaves an e.p. square behind.
    DoubleStep,
    /// An e.p. capture; the captured Pawn stands beside the destination.
    EnPassant,
    /// Castling; the index is into [`Variant::castlings`](super::Variant::castlings).
    Castle(u8),
    /// The Tamerspiel King swap: the King exchanges places with the friendly piece on `to`.
    Swap,
}

/// Flag: the mover chose the promotion type among several (`e7e8=q`).
pub const PROMO_CHOICE: u8 = 1;
/// Flag: the promotion was optional (`b4b7+`; the same move without it declines).
pub const PROMO_OPTIONAL: u8 = 2;

/// A move of some position. It records the moving piece, the captured piece and the
/// promotion, so it can be shown, undone and checked without the position it came from.
/// User input becomes a `Move` only by matching it against the legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the piece starts (the King, for castling and swaps).
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// The moving piece, before any promotion.
    pub piece: Piece,
    /// The captured piece, if any.
    pub capture: Option<Piece>,
    /// The type the piece becomes, if it promotes.
    pub promotion: Option<PieceKind>,
    /// Special move kind.
    pub kind: MoveKind,
    /// [`PROMO_CHOICE`] and [`PROMO_OPTIONAL`] bits, for notation.
    pub flags: u8,
    /// Upgrade Chess King captures: the friendly piece that receives the captured level.
    pub recipient: Option<Square>,
}

impl Move {
    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether the move is castling.
    #[inline]
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle(_))
    }
}
