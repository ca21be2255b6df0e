//! What each connection is shown: its view of a room and of the lobby.

use std::collections::HashMap;
use std::time::Instant;

use crate::net::{ChallengeView, GameView, LobbyView, NetEvent, PlayerView, Presence, RoomId};
use crate::rules::Color;

use super::room::variant_id;
use super::{Effect, Hub};

impl Hub {
    /// Sends the room's view to everyone looking at it.
    pub(super) fn push_room(&self, room_id: RoomId, now: Instant, out: &mut Vec<Effect>) {
        let Some(room) = self.rooms.get(&room_id) else {
            return;
        };
        for (&id, c) in &self.conns {
            if c.viewing != Some(room_id) {
                continue;
            }
            let you = c
                .name
                .as_deref()
                .and_then(|n| Color::ALL.into_iter().find(|&col| room.names[col] == n));
            out.push(Effect::Send(
                id,
                NetEvent::Room(room.view(room_id, you, now)),
            ));
        }
    }

    /// Sends every named connection its view of the lobby.
    pub(super) fn push_lobby(&self, out: &mut Vec<Effect>) {
        let mut players: Vec<PlayerView> = self
            .conns
            .iter()
            .filter_map(|(id, c)| {
                let name = c.name.clone()?;
                let watched = |room: &RoomId| {
                    self.rooms
                        .get(room)
                        .is_some_and(|r| r.spectators.contains(id))
                };
                let presence = match (self.playing.get(&name), c.viewing) {
                    (Some(&room), _) => Presence::InGame(room),
                    (None, Some(room)) if watched(&room) => Presence::Watching(room),
                    (None, Some(_)) => Presence::Free,
                    (None, None) if c.with_ai => Presence::PlayingAi,
                    (None, None) => Presence::Free,
                };
                Some(PlayerView { name, presence })
            })
            .collect();
        players.sort_by_key(|p| p.name.to_lowercase());
        let games: Vec<GameView> = self
            .rooms
            .iter()
            .filter(|(_, r)| !r.over())
            .map(|(&room, r)| GameView {
                room,
                variant: variant_id(r.table.game()),
                names: r.names.clone(),
                plies: r.table.game().history().len(),
                clock: r.setting,
                spectators: r.spectators.len(),
            })
            .collect();
        // Each challenge's keys, found once for every viewer.
        let keys: HashMap<u64, (String, Option<String>)> = self
            .challenges
            .iter()
            .map(|(&id, ch)| {
                (
                    id,
                    (
                        self.key_of(&ch.from),
                        ch.to.as_deref().map(|t| self.key_of(t)),
                    ),
                )
            })
            .collect();
        for (&id, c) in &self.conns {
            let Some(me) = &c.name else { continue };
            let mut players = players.clone();
            if let Some(i) = players.iter().position(|p| &p.name == me) {
                let mine = players.remove(i);
                players.insert(0, mine);
            }
            let challenges = self
                .challenges
                .iter()
                .filter(|(_, ch)| ch.to.is_none() || &ch.from == me || ch.to.as_ref() == Some(me))
                .map(|(&cid, ch)| ChallengeView {
                    id: cid,
                    from: ch.from.clone(),
                    to: ch.to.clone(),
                    from_key: keys[&cid].0.clone(),
                    to_key: keys[&cid].1.clone(),
                    terms: ch.terms,
                })
                .collect();
            out.push(Effect::Send(
                id,
                NetEvent::Lobby(LobbyView {
                    me: me.clone(),
                    key: c.key.clone(),
                    players,
                    games: games.clone(),
                    challenges,
                    ai_workers: self.ai_workers,
                    server_games: self.server_games().to_vec(),
                }),
            ));
        }
    }
}
