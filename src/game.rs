//! A game being played: its start, the moves so far, and how it ended; the clock syntax
//! every command shares ([`TimeControl`]); scores shown and stored from White's point of view
//! ([`Eval`]) and full-move numbers ([`MoveNumber`]); and the rules of a sitting around a game
//! (clocks, offers, takeback, resignation: [`Table`]).

pub mod analysis;
mod clock;
mod eval;
mod numbering;
pub mod table;

pub use clock::TimeControl;
pub use eval::Eval;
pub use numbering::MoveNumber;
pub use table::{Clocks, DrawOffer, Table};

use std::fmt;
use std::time::Duration;

use crate::notation::{self, coord, san, MoveInputError};
use crate::rules::{EndReason, Move, Outcome, Position, Undo, Variant};

/// The longest initial time of a clock, 600 minutes: the most `--clock` allows, and the most a
/// saved game's clock may have.
pub const MAX_CLOCK_BASE: Duration = Duration::from_secs(600 * 60);

/// The largest clock increment per move, 600 seconds (as [`MAX_CLOCK_BASE`]).
pub const MAX_CLOCK_INCREMENT: Duration = Duration::from_secs(600);

/// Error for a move that is not legal in the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not legal here.
    Illegal(String),
    /// The text does not name a legal move.
    Input(MoveInputError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(m) => write!(f, "illegal move {m}"),
            PlayError::Input(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// What is known about a move besides the move itself: kept with the game's history and
/// written to saved games. Everything is optional; [`Game::play`] starts with an empty note
/// and the player of the move fills in what it knows ([`Game::last_note_mut`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveNote {
    /// How long the player thought, in milliseconds.
    pub think_ms: Option<u64>,
    /// The AI's evaluation when it chose the move (White's point of view).
    pub eval: Option<Eval>,
    /// A comment written by a person.
    pub comment: Option<String>,
}

impl MoveNote {
    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.think_ms.is_none() && self.eval.is_none() && self.comment.is_none()
    }
}

/// One played move with what is needed to show and take it back.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Its SAN, with check marks.
    pub san: String,
    /// Its coordinate token.
    pub token: String,
    /// Think time, evaluation and comment, where known.
    pub note: MoveNote,
    undo: Undo,
}

/// A game: the start position, the moves played, and the result once there is one.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    history: Vec<PlayedMove>,
    /// Repetition keys of every position so far, the start included.
    keys: Vec<u64>,
    /// A result decided outside the board (resignation, agreement, time).
    declared: Option<Outcome>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        let keys = vec![start.repetition_key()];
        Game {
            position: start.clone(),
            start,
            history: Vec::new(),
            keys,
            declared: None,
        }
    }

    /// A new game from the variant's start position.
    pub fn from_start(variant: &'static Variant) -> Game {
        Game::new(Position::start(variant))
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    /// Plays `mv`, which must be legal, even after the game has ended by rule (the
    /// command-line tools play through drawn positions). Returns the SAN.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] when `mv` is not a legal move of the current position.
    pub fn play_unchecked_end(&mut self, mv: Move) -> Result<&PlayedMove, PlayError> {
        if !self.position.is_legal(&mv) {
            return Err(PlayError::Illegal(coord::format(
                self.position.variant(),
                &mv,
            )));
        }
        let san = san::format(&self.position, &mv);
        let token = coord::format(self.position.variant(), &mv);
        let undo = self.position.make(mv);
        self.keys.push(self.position.repetition_key());
        self.history.push(PlayedMove {
            mv,
            san,
            token,
            note: MoveNote::default(),
            undo,
        });
        Ok(self.history.last().expect("just pushed"))
    }

    /// Plays `mv` if the game is not over and the move is legal.
    ///
    /// # Errors
    /// When the game is over or the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.play_unchecked_end(mv)
    }

    /// Plays a typed move (SAN or coordinate token).
    ///
    /// # Errors
    /// When the game is over or the text names no legal move.
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let mv = notation::parse_move(&self.position, text).map_err(PlayError::Input)?;
        self.play_unchecked_end(mv)
    }

    /// The note of the move at index `ply` of [`Game::history`] (0 = the first move), to
    /// record its think time, evaluation or a comment; `None` past the end.
    pub fn note_mut(&mut self, ply: usize) -> Option<&mut MoveNote> {
        self.history.get_mut(ply).map(|m| &mut m.note)
    }

    /// The note of the last move played, `None` at the start.
    pub fn last_note_mut(&mut self) -> Option<&mut MoveNote> {
        self.history.last_mut().map(|m| &mut m.note)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.history.pop()?;
        self.position.unmake(last.mv, last.undo);
        self.keys.pop();
        self.declared = None;
        Some(last.mv)
    }

    /// Ends the game by a result decided off the board.
    pub fn declare(&mut self, outcome: Outcome) {
        self.declared = Some(outcome);
    }

    /// Forgets a result declared off the board ([`Game::declare`]): for a new game that goes
    /// on from this one's position (a resigned game played on from its last move). A result
    /// the board decides stays.
    pub fn clear_declared(&mut self) {
        self.declared = None;
    }

    /// Repetition keys of every position of the game so far, the start first and the
    /// current position last (what the AI's search takes as history).
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let now = self
            .keys
            .last()
            .copied()
            .expect("the start key is always there");
        self.keys.iter().filter(|&&k| k == now).count()
    }

    /// The result, if the game is over: a declared result, or checkmate, stalemate,
    /// threefold repetition, the 50-move rule or a dead material balance.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        match self.position.outcome() {
            Some(o @ Outcome::Decisive { .. }) => Some(o),
            Some(
                o @ Outcome::Draw {
                    reason: EndReason::Stalemate,
                },
            ) => Some(o),
            other => {
                if self.repetitions() >= 3 {
                    Some(Outcome::Draw {
                        reason: EndReason::Repetition,
                    })
                } else {
                    other
                }
            }
        }
    }
}
