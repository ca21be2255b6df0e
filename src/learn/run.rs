//! Playing a step: whether a move solves it, goes on, or is wrong, and why.

use super::{Done, State, Step};
use crate::rules::{Color, EndReason, Move, MoveKind, Outcome, Piece, Position};

/// What a move in a step comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The step is done: show its explanation.
    Solved,
    /// The move is played and the step goes on; the opponent's reply, when the step's line
    /// has one, is played too.
    Played {
        /// The opponent's reply.
        reply: Option<Move>,
    },
    /// The move is not taken back into the position: why, in one line.
    Wrong(String),
}

/// A step being played: the position now and how far the player has come.
#[derive(Clone, Debug)]
pub struct Attempt {
    goal: String,
    done: Done,
    player: Color,
    position: Position,
    /// Moves of the line played so far, or moves of the player made toward a state.
    progress: usize,
    last: Option<Move>,
    solved: bool,
}

impl Attempt {
    /// The step from its start.
    pub fn new(step: &Step) -> Attempt {
        Attempt {
            goal: step.goal.clone(),
            done: step.done.clone(),
            player: step.start.turn(),
            position: step.start.clone(),
            progress: 0,
            last: None,
            solved: false,
        }
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The last move played on the board (the player's or the opponent's reply).
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// Whether the step is done.
    pub fn solved(&self) -> bool {
        self.solved
    }

    /// Plays the player's move: solved, played on, or wrong with why (an illegal move is
    /// explained by the rules; a legal one that is not the goal's is answered
    /// `not this one: GOAL`). A wrong move leaves the position as it was.
    pub fn play(&mut self, mv: Move) -> Answer {
        if self.solved {
            return Answer::Wrong("this step is done".into());
        }
        if !self.position.is_legal(&mv) {
            let why = self
                .position
                .why_illegal(mv.from, mv.to)
                .map_or_else(|| "that move is not legal here".into(), |i| i.to_string());
            return Answer::Wrong(why);
        }
        let wrong = || Answer::Wrong(format!("not this one: {}", self.goal));
        match &self.done {
            Done::Moves(list) => {
                if !list.contains(&mv) {
                    return wrong();
                }
                self.position.make(mv);
                self.finish(mv)
            }
            Done::Line(line) => {
                if line.get(self.progress) != Some(&mv) {
                    return wrong();
                }
                let reply = line.get(self.progress + 1).copied();
                self.position.make(mv);
                self.last = Some(mv);
                self.progress += 1;
                match reply {
                    None => self.finish(mv),
                    Some(r) => {
                        self.position.make(r);
                        self.last = Some(r);
                        self.progress += 1;
                        Answer::Played { reply: Some(r) }
                    }
                }
            }
            Done::Reach { state, moves } => {
                let (state, left) = (*state, usize::from(*moves) - self.progress);
                let mut after = self.position.clone();
                after.make(mv);
                if holds(state, &mv, &after, self.player) {
                    self.position = after;
                    return self.finish(mv);
                }
                if left <= 1 || after.is_check() {
                    return wrong();
                }
                let passed = after.passed_to(self.player);
                // `left - 1` is at most MAX_REACH_MOVES.
                if !reachable(&passed, state, self.player, (left - 1) as u8) {
                    return wrong();
                }
                self.position = passed;
                self.last = Some(mv);
                self.progress += 1;
                Answer::Played { reply: None }
            }
        }
    }

    fn finish(&mut self, mv: Move) -> Answer {
        self.last = Some(mv);
        self.solved = true;
        Answer::Solved
    }
}

/// Whether `state` holds after `mv` made `after`, for `player`.
fn holds(state: State, mv: &Move, after: &Position, player: Color) -> bool {
    match state {
        State::Check => after.is_check(),
        State::Mate => {
            after.outcome()
                == Some(Outcome::Decisive {
                    winner: player,
                    reason: EndReason::Checkmate,
                })
        }
        State::Promotion => mv.promotion.is_some(),
        State::PromotionTo(k) => mv.promotion == Some(k),
        State::Piece(kind, sq) => after.piece_at(sq) == Some(Piece::new(player, kind)),
        State::Level(sq, n) => {
            after.piece_at(sq).is_some_and(|p| p.color() == player) && after.level_at(sq) >= n
        }
        State::Citadel => after.variant().citadels() & mv.to.bit() != 0,
        State::Swap => mv.kind == MoveKind::Swap,
        State::Castle => matches!(mv.kind, MoveKind::Castle(_)),
    }
}

/// Whether `player` (to move in `pos`) can reach `state` within `moves` of their moves, the
/// opponent passing between them (a line that checks the opponent before its last move
/// ends there: the opponent would have to answer).
pub(super) fn reachable(pos: &Position, state: State, player: Color, moves: u8) -> bool {
    if moves == 0 {
        return false;
    }
    pos.legal_moves().into_iter().any(|mv| {
        let mut after = pos.clone();
        after.make(mv);
        holds(state, &mv, &after, player)
            || (moves > 1
                && !after.is_check()
                && reachable(&after.passed_to(player), state, player, moves - 1))
    })
}
