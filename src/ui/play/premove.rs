//! A move made in advance while the opponent (the AI, or a person on the server) thinks, by
//! the same means as a move (lift and drop, or typed): checked only as a move the player's
//! piece could make at their turn ([`Position::premove_moves`]: as now were it their turn,
//! or a capture onto their own piece's square or an empty one, which the opponent's move
//! may fill), shown on the board, and played as soon as the turn comes if it is
//! legal then, else dropped with a word. Not in games between two people at one keyboard
//! (there is no opponent's time there), nor for a spectator.

use std::time::Instant;

use crate::notation::san;
use crate::rules::{Color, Move, Position};

use super::{Mode, Play, Player};

/// A move made in advance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Premove {
    /// The move as made in the position where it was premoved (its capture may differ
    /// when the turn comes; the squares, promotion and recipient are what count).
    pub mv: Move,
    /// How it reads (SAN where it was premoved).
    pub text: String,
}

impl Play {
    /// The side that may premove now: the person here, while the opponent is to move.
    pub fn premove_side(&self) -> Option<Color> {
        let game = self.table.game();
        if game.outcome().is_some() {
            return None;
        }
        let turn = game.position().turn();
        let players = self.players();
        (players[turn] != Player::Human && players[!turn] == Player::Human).then_some(!turn)
    }

    /// Whether this game lets its player premove at all: one side is played here, the other
    /// by the AI or a remote opponent (the legend shows the premove mark then).
    pub fn premoves_possible(&self) -> bool {
        let players = self.players();
        (players.white == Player::Human) != (players.black == Player::Human)
    }

    /// The position moves are made in now: the game's, or while premoving, the game's with
    /// the player's turn.
    pub fn input_position(&self) -> Position {
        let pos = self.table.game().position();
        match self.premove_side() {
            Some(me) => pos.passed_to(me),
            None => pos.clone(),
        }
    }

    /// The moves the player may make now: the legal moves, or while premoving, the moves
    /// their pieces could make at their turn ([`Position::premove_moves`]: also onto a
    /// square their own piece stands on, for the recapture, or a Pawn's diagonal onto an
    /// empty one).
    pub(super) fn move_choices(&self) -> Vec<Move> {
        match self.premove_side() {
            Some(me) => self.table.game().position().premove_moves(me),
            None => self.table.game().position().legal_moves(),
        }
    }

    /// While premoving, the move typed as `text` among those the player's pieces could
    /// make in `pos` (their turn) though not legal there (a piece pinned now): its SAN
    /// (check marks aside) or token, written out in full.
    pub(super) fn typed_premove(&self, pos: &Position, text: &str) -> Option<Move> {
        self.premove_side()?;
        let text = text.trim().trim_end_matches(['+', '#']);
        let token = text.to_ascii_lowercase();
        let mut found = self.move_choices().into_iter().filter(|m| {
            san::format(pos, m).trim_end_matches(['+', '#']) == text
                || crate::notation::coord::format(pos.variant(), m) == token
        });
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// The premove, while it can still be played.
    pub fn shown_premove(&self) -> Option<&Premove> {
        self.premove
            .as_ref()
            .filter(|_| self.premove_side().is_some())
    }

    /// Plays `mv` (the player's, chosen by any means), or keeps it as the premove while the
    /// opponent is to move.
    pub(super) fn play_or_premove(&mut self, mv: Move, now: Option<Instant>) {
        if self.premove_side().is_none() {
            return self.play_move(mv, now);
        }
        let pos = self.input_position();
        if !self.move_choices().contains(&mv) {
            self.error(format!("{} cannot be premoved", san::format(&pos, &mv)));
            return;
        }
        let text = san::format(&pos, &mv);
        self.mode = Mode::Normal;
        self.info(&format!(
            "premove {text}: played at your turn if it is legal then"
        ));
        self.premove = Some(Premove { mv, text });
    }

    /// Esc with nothing lifted or typed: drops the premove, if there is one (true).
    pub(super) fn cancel_premove(&mut self) -> bool {
        if self.premove.take().is_some() {
            self.info("premove cancelled");
            true
        } else {
            false
        }
    }

    /// The turn has come back to the player: plays the premove if it is legal now, else
    /// drops it with a word. Nothing when there is none (or the game is over).
    pub(crate) fn play_premove(&mut self, now: Option<Instant>) {
        let Some(pre) = self.premove.take() else {
            return;
        };
        if self.table.game().outcome().is_some() || !self.human_to_move() {
            return;
        }
        // The move with the same squares; where there are several (a promotion's
        // choices), the one chosen. What it captures may differ from when it was made.
        let same_squares: Vec<Move> = self
            .table
            .game()
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == pre.mv.from && m.to == pre.mv.to)
            .collect();
        let found = match same_squares[..] {
            [only] => Some(only),
            _ => same_squares
                .into_iter()
                .find(|m| m.promotion == pre.mv.promotion && m.recipient == pre.mv.recipient),
        };
        match found {
            Some(mv) => self.play_move(mv, now),
            None => self.error(format!("premove {} dropped: not legal now", pre.text)),
        }
    }
}
