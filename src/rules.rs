//! The engine: boards with holes, pieces and their movement, positions, make/unmake, legal
//! moves and the end of the game.
//!
//! This layer knows nothing of the rest of the crate: a game enters it as a
//! [`VariantSpec`] (plain data), is compiled once into a [`Variant`], and is played through
//! [`Position`].

mod explain;
mod fen;
mod geometry;
mod make;
mod movegen;
mod movement;
mod moves;
mod outcome;
mod piece;
mod position;
mod spec;
mod variant;
mod zobrist;

pub use explain::{CastlingBlock, Illegal, Named, SwapBlock};
pub use fen::{FenError, Setup};
pub use geometry::{
    split_square, ParseSquareError, Shape, ShapeError, Square, SquareSet, Squares, GRID_CELLS,
    GRID_FILES, GRID_RANKS,
};
pub use make::Undo;
#[cfg(test)]
pub(crate) use movegen::tests::playout_positions;
pub use movegen::{AttackScan, Pins};
pub use movement::{Atom, BetzaError, Modality, Movement, Reach};
pub use moves::{Move, MoveKind, PROMO_CHOICE, PROMO_OPTIONAL};
pub use outcome::{EndReason, Outcome};
pub use piece::{ByColor, Color, Piece, PieceKind, MAX_KINDS};
pub use position::{CastlingProblem, Position, PositionError};
pub use spec::{
    sq, CastlingSpec, Extras, FiftyMoveRule, Figure, LevelSpec, MaterialDraw, PieceSpec,
    PromotionSpec, VariantSpec, Zone,
};
pub use variant::{Castling, CastlingError, PromotionRule, SpecError, Variant, MAX_PROFILES};
