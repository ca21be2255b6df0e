//! A game room: the authoritative game with its clocks, the two players and the spectators.

use std::collections::{BTreeSet, VecDeque};
use std::time::{Duration, Instant};

use crate::game::{Game, Table};
use crate::net::{ClockSetting, ClockView, ConnId, RatingChange, RoomId, RoomView};
use crate::rules::{ByColor, Color};
use crate::save::{GameMeta, Player, SavedClock, SavedGame, Timestamp};

use super::{FinishedGame, LiveRoom};

/// A game between two players, watched by any number of spectators.
#[derive(Clone, Debug)]
pub(super) struct Room {
    /// The game with its clocks, offers and takeback request.
    pub(super) table: Table,
    /// The clock as the challenge set it, if timed.
    pub(super) setting: Option<ClockSetting>,
    pub(super) names: ByColor<String>,
    pub(super) keys: ByColor<String>,
    pub(super) started: Timestamp,
    pub(super) ended: Option<Timestamp>,
    /// When each absent player's grace period ends.
    pub(super) away: ByColor<Option<Instant>>,
    pub(super) chat: VecDeque<(String, String)>,
    pub(super) spectators: BTreeSet<ConnId>,
    /// When the side to move started thinking (for the think time saved with a move).
    pub(super) turn_started: Instant,
    /// Restored after a restart and not yet resumed: the clocks stay stopped until both
    /// players are back ([`restore`](super::restore)).
    pub(super) held: bool,
    /// Whether the result changes the players' ratings.
    pub(super) rated: bool,
    /// A correspondence game: days per move, and when the side to move loses on time.
    pub(super) days: Option<(u8, Instant)>,
    /// After a rated game: each player's rating before and after.
    pub(super) rating_change: ByColor<Option<RatingChange>>,
}

impl Room {
    pub(super) fn turn(&self) -> Color {
        self.table.turn()
    }

    pub(super) fn over(&self) -> bool {
        self.table.over()
    }

    /// Whether time runs now (not paused for an absent player); the side to move's clock
    /// counts down once the clocks have started ([`Table::running_clock`]).
    pub(super) fn clock_runs(&self) -> bool {
        let turn = self.turn();
        !self.over()
            && !self.held
            && self
                .setting
                .is_some_and(|c| !(c.pause_when_away && self.away[turn].is_some()))
    }

    /// Charges the running clock up to `now`; true when it fell.
    pub(super) fn charge(&mut self, now: Instant) -> bool {
        let runs = self.clock_runs();
        self.table.run_clock(now, runs)
    }

    /// The game as both players keep it.
    pub(super) fn saved(&self) -> SavedGame {
        let meta = GameMeta {
            name: None,
            white: Player::Human {
                name: Some(self.names.white.clone()),
            },
            black: Player::Human {
                name: Some(self.names.black.clone()),
            },
            started: self.started,
            ended: self.ended,
            clock: self
                .table
                .clocks()
                .map(|c| SavedClock::new(c.control, c.left)),
            seed: None,
        };
        SavedGame::from_game(self.table.game(), &meta)
    }

    /// The game in progress as the store keeps it.
    pub(super) fn live(&self, id: RoomId, now: Instant) -> LiveRoom {
        LiveRoom {
            id,
            keys: self.keys.clone(),
            names: self.names.clone(),
            setting: self.setting,
            rated: self.rated,
            days: self
                .days
                .map(|(days, deadline)| (days, deadline.saturating_duration_since(now))),
            game: self.saved(),
            chat: self.chat.iter().cloned().collect(),
            draw_offer: self.table.draw_offer(),
            takeback: self.table.takeback(),
        }
    }

    /// The finished game as the store keeps it.
    pub(super) fn finished(&self, id: RoomId) -> FinishedGame {
        FinishedGame {
            room: id,
            keys: self.keys.clone(),
            names: self.names.clone(),
            rated: self.rated,
            game: self.saved(),
        }
    }

    pub(super) fn view(&self, id: RoomId, you: Option<Color>, now: Instant) -> RoomView {
        RoomView {
            room: id,
            variant: variant_id(self.table.game()),
            start: self.table.game().start().fen(),
            names: self.names.clone(),
            tokens: self
                .table
                .game()
                .history()
                .iter()
                .map(|m| m.token.clone())
                .collect(),
            outcome: self.table.game().outcome(),
            clock: self
                .setting
                .zip(self.table.clocks())
                .map(|(setting, c)| ClockView {
                    setting,
                    left_ms: ByColor {
                        white: millis(c.left.white),
                        black: millis(c.left.black),
                    },
                    running: self.table.running_clock(self.clock_runs()),
                }),
            days: self
                .days
                .map(|(d, deadline)| (d, deadline.saturating_duration_since(now).as_secs())),
            rated: self.rated,
            rating_change: self.rating_change,
            you,
            away: ByColor {
                white: self
                    .away
                    .white
                    .map(|t| t.saturating_duration_since(now).as_secs()),
                black: self
                    .away
                    .black
                    .map(|t| t.saturating_duration_since(now).as_secs()),
            },
            draw_offer: self.table.draw_offer(),
            takeback: self.table.takeback(),
            chat: self.chat.iter().cloned().collect(),
            spectators: self.spectators.len(),
        }
    }
}

pub(super) fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

pub(super) fn variant_id(game: &Game) -> crate::variants::VariantId {
    game.position()
        .variant()
        .id()
        .parse()
        .expect("BUG: rooms play built-in or registered games")
}
