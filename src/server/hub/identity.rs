//! Who is who on the server: the address a connection came from (for the sign-up limit),
//! names that look too much like another, the keys shown beside names, and the server's own
//! games offered beside the built-in ones.

use std::net::IpAddr;
use std::time::Instant;

use crate::net::{ConnId, NetEvent};
use crate::server::names::{look_alike, SignupLimit};
use crate::variants::VariantId;

use super::{Effect, Hub};

impl Hub {
    /// The same with at most `per_hour` new names per address in any hour (0: no new
    /// players); counted for connections made with [`Hub::connect_from`].
    pub fn with_signups_per_hour(mut self, per_hour: usize) -> Hub {
        self.signups = SignupLimit::new(per_hour);
        self
    }

    /// The same offering `games` (the server's own variant files, registered) in the
    /// challenge form after the built-in games.
    pub fn with_server_games(mut self, games: Vec<VariantId>) -> Hub {
        self.server_games = games;
        self
    }

    /// [`Hub::connect`] for a connection from `addr`: a new key from an address that took
    /// its share of new names this hour is told so on the name form at once.
    pub fn connect_from(
        &mut self,
        conn: ConnId,
        key: &str,
        addr: IpAddr,
        now: Instant,
    ) -> Vec<Effect> {
        let mut out = self.connect(conn, key, now);
        let Some(c) = self.conns.get_mut(&conn) else {
            return out;
        };
        c.origin = Some(addr);
        if c.name.is_none() {
            if let Err(why) = self.signups.check(addr, now) {
                for effect in &mut out {
                    if let Effect::Send(to, NetEvent::NeedName { refused }) = effect {
                        if *to == conn {
                            *refused = Some(why.clone());
                        }
                    }
                }
            }
        }
        out
    }

    /// Why `name` (well formed, not taken) may not be had by `conn`'s new player: its
    /// address took its share of new names, or it looks too much like a name here.
    pub(super) fn name_refusal(
        &mut self,
        conn: ConnId,
        name: &str,
        now: Instant,
    ) -> Option<String> {
        if let Some(addr) = self.conns.get(&conn).and_then(|c| c.origin) {
            if let Err(why) = self.signups.check(addr, now) {
                return Some(why);
            }
        }
        look_alike(name, self.names.values().map(String::as_str))
            .map(|other| format!("{name} is too much like {other}: choose another name"))
    }

    /// Whether a challenge or seek may be for `game`: a built-in game or one of the
    /// server's own.
    pub(super) fn offers(&self, game: VariantId) -> bool {
        game.is_builtin() || self.server_games.contains(&game)
    }

    /// The server's own games, as the lobby lists them.
    pub(super) fn server_games(&self) -> &[VariantId] {
        &self.server_games
    }

    /// The key fingerprint of the player named `name` (empty for a name nobody has).
    pub(super) fn key_of(&self, name: &str) -> String {
        self.conns
            .values()
            .find(|c| c.name.as_deref() == Some(name))
            .map(|c| c.key.clone())
            .or_else(|| {
                self.names
                    .iter()
                    .find(|(_, n)| n.as_str() == name)
                    .map(|(k, _)| k.clone())
            })
            .unwrap_or_default()
    }
}
