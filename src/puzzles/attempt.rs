//! Playing a puzzle: the player's moves checked against the line, the opponent's replies
//! played.

use super::Puzzle;
use crate::rules::{EndReason, Move, Outcome, Position};

/// A puzzle being solved.
#[derive(Clone, Debug)]
pub struct Attempt {
    line: Vec<Move>,
    position: Position,
    /// The next move of the line to play.
    next: usize,
    last: Move,
    mistakes: u32,
    done: bool,
}

/// What a move of the player's did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The right move; the opponent answered with this move (played).
    Right(Move),
    /// The right move, and the last: the puzzle is solved.
    Solved,
    /// Not the best: the board is as it was.
    Wrong,
}

impl Attempt {
    /// The puzzle from its start: the opponent's last move played, the solver to move.
    pub fn new(puzzle: &Puzzle) -> Attempt {
        Attempt {
            line: puzzle.line.clone(),
            position: puzzle.start(),
            next: 0,
            last: puzzle.last,
            mistakes: 0,
            done: false,
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The last move played on the board (the opponent's).
    pub fn last_move(&self) -> Move {
        self.last
    }

    /// Whether the line is played to its end.
    pub fn solved(&self) -> bool {
        self.done
    }

    /// Wrong moves so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// The move the line wants next (for a hint, or to show the solution).
    pub fn expected(&self) -> Option<Move> {
        (!self.done)
            .then(|| self.line.get(self.next).copied())
            .flatten()
    }

    /// The solver's moves played right so far, and in the whole line.
    pub fn progress(&self) -> (usize, usize) {
        (self.next.div_ceil(2), self.line.len().div_ceil(2))
    }

    /// Plays the player's move: the line's move (or any move that mates at once) goes on,
    /// any other is answered [`Reply::Wrong`] and not played.
    pub fn play(&mut self, mv: Move) -> Reply {
        let Some(want) = self.expected() else {
            return Reply::Wrong;
        };
        let mates = {
            let mut p = self.position.clone();
            p.make(mv);
            matches!(
                p.outcome(),
                Some(Outcome::Decisive {
                    reason: EndReason::Checkmate,
                    ..
                })
            )
        };
        if mv != want && !(mates && self.position.is_legal(&mv)) {
            self.mistakes += 1;
            return Reply::Wrong;
        }
        self.position.make(mv);
        self.last = mv;
        self.next += 1;
        if mates || self.next >= self.line.len() {
            self.done = true;
            return Reply::Solved;
        }
        let reply = self.line[self.next];
        self.position.make(reply);
        self.last = reply;
        self.next += 1;
        Reply::Right(reply)
    }
}
