//! Move notation: coordinate tokens for machines and files and SAN for people; it reads
//! positions, not games (PGN of saved games lives in [`crate::save::pgn`]).
//!
//! Position strings live with the engine (`crate::rules`, [`Position::fen`]) because the
//! engine needs them for start positions.

use std::fmt;

use crate::rules::{Move, Position};

pub mod coord;
pub mod san;

pub use coord::CoordError;
pub use san::SanError;

/// Error for typed move input, either kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInputError {
    /// The input was read as a coordinate token.
    Coord(CoordError),
    /// The input was read as SAN.
    San(SanError),
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveInputError::Coord(e) => e.fmt(f),
            MoveInputError::San(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveInputError {}

/// Reads a typed move: text that starts with two squares is a coordinate token (so `+` means
/// "promote"), anything else is SAN (where `+` means check).
///
/// Tokens may be written in upper case, which makes `H5f4` (SAN: the Horse on rank 5 to
/// f4) look like the token `h5f4`. Text that starts with an upper-case letter naming a piece
/// of the game is therefore read as SAN first, and as a token only if it is not legal SAN.
///
/// # Errors
/// The error of whichever reading applied, quoting the input.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    let text = text.trim();
    if reads_as_token(pos, text) {
        return coord::parse(pos, text).map_err(MoveInputError::Coord);
    }
    match san::parse(pos, text) {
        Ok(mv) => Ok(mv),
        Err(e) if coord::looks_like_token(text) => {
            coord::parse(pos, text).map_err(|_| MoveInputError::San(e))
        }
        Err(e) => Err(MoveInputError::San(e)),
    }
}

/// Why a typed move (SAN or a token, read as [`parse_move`] reads it) is not legal here, in
/// the words of the game. `None` when the text is legal or means nothing to explain.
pub fn explain(pos: &Position, text: &str) -> Option<String> {
    let text = text.trim();
    if reads_as_token(pos, text) {
        return coord::explain(pos, text);
    }
    san::explain(pos, text).or_else(|| {
        coord::looks_like_token(text)
            .then(|| coord::explain(pos, text))
            .flatten()
    })
}

/// Whether typed text is read as a coordinate token first: it starts with two squares and
/// not with an upper-case letter naming a piece of the game (`H5f4` is SAN).
fn reads_as_token(pos: &Position, text: &str) -> bool {
    let piece_letter = text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() && pos.variant().kind_by_letter(c).is_some());
    coord::looks_like_token(text) && !piece_letter
}
