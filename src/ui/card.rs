//! The cards that cover a screen until they are closed: help (the keys of the screen under
//! it) and the rules card of the game in play.

pub(crate) mod view;

use crate::rules::Square;

/// A full-screen card over the current screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    /// The key list.
    Help,
    /// The current game's rules and pieces.
    Rules {
        /// Index of the piece shown on the diagram.
        piece: usize,
        /// Square the piece stands on in the diagram.
        square: Square,
    },
}
