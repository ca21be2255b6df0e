//! Games in progress across a restart: all of them stored with their clocks when the
//! server stops ([`Hub::shutdown`]), and put back when it starts ([`Hub::restore`]).
//!
//! What is fair after a restart: the time the server was down is nobody's, so a restored
//! room is *held*: its clocks stay stopped until both players are back, whatever the clock
//! setting. Neither player is to blame for being away either, so the grace period of the
//! one still missing starts when the other comes back, not at the restart: the first back
//! may claim the game only after waiting the whole grace period for the opponent. Once
//! both are back the room is resumed and the usual rules hold (a player who drops later
//! has the usual grace period, and their clock runs on or stops as the challenge said).

use std::collections::BTreeSet;
use std::time::Instant;

use crate::game::Table;
use crate::net::{ConnId, NetEvent, RoomId};
use crate::rules::{ByColor, Color};

use super::room::Room;
use super::{Effect, Hub, LiveRoom, CHAT_LINES};

impl Hub {
    /// Puts back the games in progress the store kept, as they were stored (moves, clocks
    /// left, players): each room held, both players away, until they come back
    /// (module docs). Returns a line for each game that could not be put back.
    pub fn restore(&mut self, rooms: Vec<LiveRoom>, now: Instant) -> Vec<String> {
        let mut problems = Vec::new();
        for live in rooms {
            let names = [&live.names.white, &live.names.black];
            // A correspondence game waits in the lobbies as before: not held, nobody away,
            // its deadline what was left when it was stored.
            let correspondence = live.days.is_some();
            if live.names.white == live.names.black
                || (!correspondence && names.iter().any(|n| self.playing.contains_key(n.as_str())))
                || self.rooms.contains_key(&live.id)
            {
                problems.push(format!(
                    "game {} ({} - {}): a player is in another game",
                    live.id, live.names.white, live.names.black
                ));
                continue;
            }
            let game = match live.game.to_game() {
                Ok(game) => game,
                Err(e) => {
                    problems.push(format!("game {}: {e}", live.id));
                    continue;
                }
            };
            let mut table = Table::new(game, live.setting.map(|s| s.control));
            if let (Some(clocks), Some(saved)) = (table.clocks_mut(), live.game.clock) {
                clocks.left = saved.left();
                clocks.restart();
            }
            // An offer or request made before the restart still stands, as the chat
            // still reads: the players find the game as they left it.
            let takeback = live
                .takeback
                .filter(|&side| table.has_move_to_take_back(side));
            table.mirror_offers(live.draw_offer, takeback);
            let skip = live.chat.len().saturating_sub(CHAT_LINES);
            let room = Room {
                table,
                setting: live.setting,
                names: live.names.clone(),
                keys: live.keys.clone(),
                started: live.game.started,
                ended: None,
                away: if correspondence {
                    ByColor::default()
                } else {
                    ByColor {
                        white: Some(now + self.grace),
                        black: Some(now + self.grace),
                    }
                },
                chat: live.chat.into_iter().skip(skip).collect(),
                spectators: BTreeSet::new(),
                turn_started: now,
                held: !correspondence,
                rated: live.rated,
                days: live.days.map(|(days, left)| (days, now + left)),
                rating_change: ByColor::default(),
            };
            if !correspondence {
                for name in names {
                    self.playing.insert(name.clone(), live.id);
                }
            }
            self.rooms.insert(live.id, room);
            self.next_id = self.next_id.max(live.id);
        }
        problems
    }

    /// New rooms, challenges and seeks are numbered after `last` (the highest id the
    /// store holds), so that no id is used twice across restarts.
    pub fn number_after(&mut self, last: u64) {
        self.next_id = self.next_id.max(last);
    }

    /// The server stops: every game in progress is stored with its clocks charged up to
    /// `now` (a flag that fell by then ends its game first), and held from then on: while
    /// the players are told and disconnected no clock runs, so no flag falls and no grace
    /// period ends during the stop.
    pub fn shutdown(&mut self, now: Instant) -> Vec<Effect> {
        let mut out = Vec::new();
        let ids: Vec<RoomId> = self.rooms.keys().copied().collect();
        for id in ids {
            if self.rooms[&id].over() || self.flag_fell(id, now, &mut out) {
                continue;
            }
            let room = self.rooms.get_mut(&id).expect("listed");
            room.charge(now);
            room.held = true;
            out.push(Effect::Live(Box::new(room.live(id, now))));
        }
        out
    }

    /// The player of `color` is back in the held room `room_id`: the opponent's grace
    /// period starts now if they are still away; if they are here, the game goes on.
    pub(super) fn back_after_restart(
        &mut self,
        conn: ConnId,
        room_id: RoomId,
        color: Color,
        now: Instant,
        out: &mut Vec<Effect>,
    ) {
        let grace = self.grace;
        let Some(room) = self.rooms.get_mut(&room_id) else {
            return;
        };
        let opponent = room.names[!color].clone();
        let me = room.names[color].clone();
        // What the opponent asked before the restart still stands: said again, since the
        // line that said it was on the screen of the session the restart closed.
        let mut standing = String::new();
        if room.table.draw_offer() == Some(!color) {
            standing.push_str(&format!("; {opponent}'s draw offer stands: D accepts"));
        }
        if room.table.takeback() == Some(!color) {
            standing.push_str(&format!("; {opponent} asks to take a move back: y or n"));
        }
        let text = if room.away[!color].is_some() {
            room.away[!color] = Some(now + grace);
            format!(
                "the server restarted; your game with {opponent} is kept, its clocks stopped \
                 until {opponent} is back ({} s, then you may claim it)",
                grace.as_secs()
            )
        } else {
            room.held = false;
            // The clocks count from now: the time the room was held is nobody's.
            room.charge(now);
            room.turn_started = now;
            if let Some(o) = self.conn_of(&opponent) {
                out.push(Effect::Send(
                    o,
                    NetEvent::Notice(format!("{me} is back: the game goes on")),
                ));
            }
            format!("the server restarted; {opponent} is here: the game goes on")
        };
        out.push(Effect::Send(conn, NetEvent::Notice(text + &standing)));
    }
}
