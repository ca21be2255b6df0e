//! What each connection is shown: its view of a room and of the lobby.

use std::sync::Arc;
use std::time::Instant;

use crate::net::{
    ChallengeView, GameView, LobbyView, NetEvent, PlayerView, Presence, RatingView, RoomId,
};
use crate::rules::{ByColor, Color};
use crate::variants::VariantId;

use super::room::variant_id;
use super::seeks::fits;
use super::{Challenge, Effect, Hub};

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
                let plays = |room: &RoomId| {
                    self.rooms.get(room).is_some_and(|r| {
                        !r.over() && (r.names.white == name || r.names.black == name)
                    })
                };
                let presence = match (self.playing.get(&name), c.viewing) {
                    (Some(&room), _) => Presence::InGame(room),
                    (None, Some(room)) if plays(&room) => Presence::InGame(room),
                    (None, Some(room)) if watched(&room) => Presence::Watching(room),
                    (None, Some(_)) => Presence::Free,
                    (None, None) if c.with_ai => Presence::PlayingAi,
                    (None, None) => Presence::Free,
                };
                Some(PlayerView {
                    name,
                    presence,
                    ratings: self.rating_views(&c.key),
                })
            })
            .collect();
        players.sort_by_key(|p| p.name.to_lowercase());
        let players: Arc<[PlayerView]> = players.into();
        let games: Arc<[GameView]> = self
            .rooms
            .iter()
            .filter(|(_, r)| !r.over())
            .map(|(&room, r)| GameView {
                room,
                variant: variant_id(r.table.game()),
                names: r.names.clone(),
                plies: r.table.game().history().len(),
                clock: r.setting,
                days: r.days.map(|(d, _)| d),
                rated: r.rated,
                ratings: ByColor {
                    white: RatingView::of(&self.rating(&r.keys.white, variant_id(r.table.game()))),
                    black: RatingView::of(&self.rating(&r.keys.black, variant_id(r.table.game()))),
                },
                spectators: r.spectators.len(),
            })
            .collect::<Vec<_>>()
            .into();
        let server_games: Arc<[VariantId]> = self.server_games().into();
        // Each challenge with its view and the challenger's rating in its game.
        let challenges: Vec<(&Challenge, ChallengeView, f64)> = self
            .challenges
            .iter()
            .map(|(&cid, ch)| {
                let theirs = self.rating_by_name(&ch.from, ch.terms.variant);
                let view = ChallengeView {
                    id: cid,
                    from: ch.from.clone(),
                    to: ch.to.clone(),
                    from_key: self.key_of(&ch.from),
                    to_key: ch.to.as_deref().map(|t| self.key_of(t)),
                    terms: ch.terms,
                    rating: RatingView::of(&theirs),
                    range: ch.range,
                };
                (ch, view, theirs.rating)
            })
            .collect();
        for (&id, c) in &self.conns {
            let Some(me) = &c.name else { continue };
            let challenges = challenges
                .iter()
                .filter(|(ch, _, theirs)| {
                    &ch.from == me
                        || fits(
                            ch,
                            me,
                            self.rating(&c.key, ch.terms.variant).rating,
                            *theirs,
                        )
                })
                .map(|(_, view, _)| view.clone())
                .collect();
            out.push(Effect::Send(
                id,
                NetEvent::Lobby(LobbyView {
                    me: me.clone(),
                    key: c.key.clone(),
                    players: Arc::clone(&players),
                    games: Arc::clone(&games),
                    challenges,
                    mine: self.now.map_or_else(Vec::new, |now| self.my_games(me, now)),
                    ai_workers: self.ai_workers,
                    server_games: Arc::clone(&server_games),
                }),
            ));
        }
    }
}
