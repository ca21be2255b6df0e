//! Correspondence games: days per move instead of a clock. Such a game waits in both
//! players' lobbies while they come and go (a player may have several besides one
//! real-time game); it is never claimed for absence, and only when the side to move lets
//! the deadline pass does it lose on time, whether connected or not.

use std::time::{Duration, Instant};

use crate::net::{ConnId, MyGameView, NetEvent, RoomId};
use crate::rules::{Color, EndReason, Outcome};

use super::room::{variant_id, Room};
use super::{Effect, Hub};

/// A day, as correspondence deadlines count them.
pub const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// The most correspondence games one player has going on at once.
pub const CORRESPONDENCE_MAX: usize = 20;

impl Room {
    /// The side to move has a fresh `days` from `now` (after a move or a takeback).
    pub(super) fn restart_deadline(&mut self, now: Instant) {
        if let Some((days, _)) = self.days {
            self.days = Some((days, now + DAY * u32::from(days)));
        }
    }

    /// The result when the side to move lets the deadline pass: a loss, or a draw when
    /// the opponent has only royal pieces left (as a flag falling).
    fn deadline_outcome(&self) -> Outcome {
        let turn = self.turn();
        let pos = self.table.game().position();
        if (pos.pieces_of(!turn) & !pos.royal_square(!turn).bit()) == 0 {
            Outcome::Draw {
                reason: EndReason::Time,
            }
        } else {
            Outcome::Decisive {
                winner: !turn,
                reason: EndReason::Time,
            }
        }
    }
}

impl Hub {
    /// A correspondence challenge or seek (`challenge`) was accepted by `conn` and its room
    /// made: the deadline runs from now, the acceptor sees the game, the challenger hears
    /// of it (and finds it in their lobby), and only this challenge is used up.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start_correspondence(
        &mut self,
        room_id: RoomId,
        challenge: u64,
        days: u8,
        conn: ConnId,
        from_conn: ConnId,
        now: Instant,
        out: &mut Vec<Effect>,
    ) {
        self.challenges.remove(&challenge);
        let Some(room) = self.rooms.get_mut(&room_id) else {
            return;
        };
        room.days = Some((days, now));
        room.restart_deadline(now);
        if let Some(c) = self.conns.get_mut(&conn) {
            c.viewing = Some(room_id);
        }
        let acceptor = self
            .conns
            .get(&conn)
            .and_then(|c| c.name.clone())
            .unwrap_or_default();
        out.push(Effect::Send(
            from_conn,
            NetEvent::Notice(format!(
                "{acceptor} accepted: a correspondence game, in your lobby"
            )),
        ));
        self.save(room_id, out);
        self.push_room(room_id, now, out);
        self.push_lobby(out);
    }

    /// Ends a correspondence game whose side to move let the deadline pass by `now`;
    /// true when it did.
    pub(super) fn deadline_passed(
        &mut self,
        room_id: RoomId,
        now: Instant,
        out: &mut Vec<Effect>,
    ) -> bool {
        let Some(room) = self.rooms.get(&room_id) else {
            return false;
        };
        match room.days {
            Some((_, deadline)) if !room.over() && now >= deadline => {
                let outcome = room.deadline_outcome();
                self.finish(room_id, outcome, out);
                self.push_room(room_id, now, out);
                true
            }
            _ => false,
        }
    }

    /// `me` opens one of their correspondence games from the lobby; false when `room_id`
    /// is not one.
    pub(super) fn open_own(
        &mut self,
        conn: ConnId,
        me: &str,
        room_id: RoomId,
        now: Instant,
        out: &mut Vec<Effect>,
    ) -> bool {
        let mine = self
            .rooms
            .get(&room_id)
            .is_some_and(|r| r.days.is_some() && (r.names.white == me || r.names.black == me));
        if !mine {
            return false;
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.viewing = Some(room_id);
        }
        self.push_room(room_id, now, out);
        self.push_lobby(out);
        true
    }

    /// A game ended while a player of it looked elsewhere (a correspondence game decided
    /// on time or by the opponent while they were in the lobby): they hear how it ended.
    pub(super) fn tell_absent_players(&self, room_id: RoomId, out: &mut Vec<Effect>) {
        let Some(room) = self.rooms.get(&room_id) else {
            return;
        };
        let Some(outcome) = room.table.game().outcome() else {
            return;
        };
        for c in Color::ALL {
            let Some(conn) = self.conn_of(&room.names[c]) else {
                continue;
            };
            if self.conns.get(&conn).and_then(|x| x.viewing) == Some(room_id) {
                continue;
            }
            let change = room.rating_change[c]
                .map(|r| format!(" · {}", r.label()))
                .unwrap_or_default();
            out.push(Effect::Send(
                conn,
                NetEvent::Notice(format!(
                    "your game with {}: {outcome}{change}",
                    room.names[!c]
                )),
            ));
        }
    }

    /// Why `name` may not start another correspondence game, if they may not: they have
    /// [`CORRESPONDENCE_MAX`] going on.
    pub(super) fn correspondence_full(&self, name: &str) -> Option<String> {
        let going_on = self
            .rooms
            .values()
            .filter(|r| {
                !r.over() && r.days.is_some() && (r.names.white == name || r.names.black == name)
            })
            .count();
        (going_on >= CORRESPONDENCE_MAX).then(|| {
            format!("{name} has {CORRESPONDENCE_MAX} correspondence games going on already")
        })
    }

    /// The correspondence games going on that `name` plays, as of `now`.
    pub(super) fn my_games(&self, name: &str, now: Instant) -> Vec<MyGameView> {
        self.rooms
            .iter()
            .filter(|(_, r)| !r.over())
            .filter_map(|(&room, r)| {
                let (days, deadline) = r.days?;
                let me = Color::ALL.into_iter().find(|&c| r.names[c] == name)?;
                Some(MyGameView {
                    room,
                    variant: variant_id(r.table.game()),
                    opponent: r.names[!me].clone(),
                    me,
                    my_move: r.turn() == me,
                    left_secs: deadline.saturating_duration_since(now).as_secs(),
                    days,
                })
            })
            .collect()
    }
}
