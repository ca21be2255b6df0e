//! Scores as players see and keep them: always from **White's** point of view (positive is
//! good for White), as lichess shows them, whoever is to move. The search works from the
//! side to move's point of view ([`Score`]); [`Eval::from_search`] is the one place that
//! turns one into the other, and [`Eval`]'s `Display` and [`Eval::labelled`] are the one
//! place that writes a score as text (the UCI protocol keeps the side to move's view, as
//! its specification says).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai::Score;
use crate::rules::Color;

/// An engine's opinion of a position, from **White's** point of view (positive is good for
/// White), as shown everywhere and stored with a move in a saved game.
///
/// ```
/// use rankup::ai::Score;
/// use rankup::game::Eval;
/// use rankup::rules::Color;
/// // The AI played Black and thought it was 0.35 ahead: White's view is -0.35.
/// let eval = Eval::from_search(Score::from_centipawns(35), Color::Black);
/// assert_eq!(eval, Eval::Centipawns(-35));
/// assert_eq!(eval.to_string(), "-0.35");
/// assert_eq!(eval.labelled(), "-0.35 Black");
/// assert_eq!(Eval::from_search(Score::mate_in(3), Color::Black).to_string(), "#-2");
/// assert_eq!(Eval::Mate(3).labelled(), "#3 White");
/// assert_eq!(Eval::Centipawns(0).labelled(), "0.00 even");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Eval {
    /// Centipawns (100 = one Pawn), positive when White is better.
    #[serde(rename = "Cp")]
    Centipawns(i32),
    /// A forced mate in this many full moves: positive when White mates, negative when
    /// Black does (0: the side to move is mated now).
    Mate(i32),
}

impl Eval {
    /// Converts a search score, which is from the point of view of the side that was to
    /// move (`mover`, who then played the move the score belongs to).
    pub fn from_search(score: Score, mover: Color) -> Eval {
        let sign = if mover == Color::White { 1 } else { -1 };
        match (score.mate_moves(), score.centipawns()) {
            (Some(n), _) => Eval::Mate(sign * n),
            (None, Some(cp)) => Eval::Centipawns(sign * cp),
            (None, None) => unreachable!("BUG: a score is either a mate or centipawns"),
        }
    }

    /// The side the score favours, `None` when it is level (or a mate with no sign).
    pub fn favours(self) -> Option<Color> {
        let n = match self {
            Eval::Centipawns(cp) => cp,
            Eval::Mate(n) => n,
        };
        match n.signum() {
            1 => Some(Color::White),
            -1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The score with the side it favours, for the places with room: `+1.20 White`,
    /// `-0.40 Black`, `0.00 even`, `#3 White` (White mates in 3), `#-2 Black`.
    pub fn labelled(self) -> String {
        match (self.favours(), self) {
            (Some(side), _) => format!("{self} {side}"),
            (None, Eval::Centipawns(_)) => format!("{self} even"),
            (None, Eval::Mate(_)) => self.to_string(),
        }
    }

    /// The score in centipawns for a graph, within `-cap..=cap`: mates at the edges.
    pub fn clamped(self, cap: i32) -> i32 {
        let cap = cap.max(1);
        match self {
            Eval::Centipawns(cp) => cp.clamp(-cap, cap),
            Eval::Mate(n) if n < 0 => -cap,
            Eval::Mate(_) => cap,
        }
    }
}

impl fmt::Display for Eval {
    /// `+0.35` / `-1.20` / `0.00` in Pawns, `#3` when White mates in 3, `#-2` when Black
    /// mates in 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Mate(n) => write!(f, "#{n}"),
            Eval::Centipawns(cp) => {
                let sign = match cp.signum() {
                    -1 => "-",
                    1 => "+",
                    _ => "",
                };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_score_turns_to_whites_view() {
        // The same position, seen by the side to move: Black thinking it is 12.31 ahead is
        // White 12.31 behind, and shown so.
        let black = Eval::from_search(Score::from_centipawns(1231), Color::Black);
        assert_eq!(black.labelled(), "-12.31 Black");
        let white = Eval::from_search(Score::from_centipawns(-1232), Color::White);
        assert_eq!(white.labelled(), "-12.32 Black");
        assert_eq!(
            Eval::from_search(Score::mated_in(4), Color::White).labelled(),
            "#-2 Black"
        );
    }

    #[test]
    fn graph_values_clamp_and_put_mates_at_the_edges() {
        assert_eq!(Eval::Centipawns(250).clamped(500), 250);
        assert_eq!(Eval::Centipawns(-2500).clamped(500), -500);
        assert_eq!(Eval::Mate(-3).clamped(500), -500);
        assert_eq!(Eval::Mate(1).clamped(500), 500);
    }
}
