//! How a game ends: checkmate, stalemate and the draws a position shows by itself.
//!
//! Repetition needs the game's history, so it is decided in `crate::game`; everything else is
//! a property of the position alone.

use std::fmt;

use super::geometry::Squares;
use super::piece::Color;
use super::position::Position;
use super::spec::MaterialDraw;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position arose for the third time.
    Repetition,
    /// 100 plies without a capture (or Pawn move, where that counts).
    FiftyMoves,
    /// Only the two royal pieces are left.
    BareKings,
    /// Neither side can mate (FIDE's cases, orthodox chess only).
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player ran out of time.
    Time,
    /// A player left a game played over the network and did not come back in time.
    Abandoned,
}

impl EndReason {
    /// Lower-case description (`checkmate`, `threefold repetition`).
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "50-move rule",
            EndReason::BareKings => "bare Kings",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Time => "time",
            EndReason::Abandoned => "abandonment",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} wins by {}", winner, reason.describe())
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.describe()),
        }
    }
}

impl Position {
    /// The game's end if this position ends it by itself: checkmate, stalemate, the 50-move
    /// rule or a dead material balance. Repetition is not a property of one position; see
    /// `crate::game::Game::outcome`.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Outcome::Decisive {
                    winner: !self.turn(),
                    reason: EndReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: EndReason::Stalemate,
                }
            });
        }
        if self.halfmoves() >= 100 {
            return Some(Outcome::Draw {
                reason: EndReason::FiftyMoves,
            });
        }
        self.material_draw().map(|reason| Outcome::Draw { reason })
    }

    fn material_draw(&self) -> Option<EndReason> {
        let v = self.variant();
        let royals = self.royal_square(Color::White).bit() | self.royal_square(Color::Black).bit();
        let others = self.occupied() & !royals;
        if others == 0 {
            return Some(EndReason::BareKings);
        }
        let MaterialDraw::Fide { knight, bishop } = *v.material_draw() else {
            return None;
        };
        let letters: Vec<(char, bool)> = Squares(others)
            .map(|sq| {
                let p = self.piece_at(sq).expect("occupied");
                (v.piece(p.kind()).letter, (sq.file() + sq.rank()) % 2 == 0)
            })
            .collect();
        let lone_minor = letters.len() == 1 && (letters[0].0 == knight || letters[0].0 == bishop);
        let same_coloured_bishops = letters.iter().all(|&(c, _)| c == bishop)
            && letters.iter().all(|&(_, dark)| dark == letters[0].1);
        (lone_minor || same_coloured_bishops).then_some(EndReason::InsufficientMaterial)
    }
}
