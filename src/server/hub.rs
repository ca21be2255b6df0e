//! The server's shared state as a pure state machine: who is online, the challenges and
//! seeks, and the game rooms with their authoritative games and clocks.
//!
//! Like the app's `App::update`, every change goes through one method per input
//! ([`Hub::connect`], [`Hub::request`], [`Hub::disconnect`], [`Hub::tick`]) taking the
//! time as an argument, and answers with [`Effect`]s for the server to carry out (events
//! to deliver, games to write). Nothing here touches a socket or a file, so the lobby and
//! the rooms are tested without either.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::game::{DrawOffer, Game, Table};
use crate::net::{
    name_with_key, ConnId, NetEvent, NetRequest, RoomId, Side, Terms, CHAT_MAX, NAME_MAX,
};
use crate::notation::coord;
use crate::rating::Rating;
use crate::rules::{ByColor, Color, EndReason, Outcome, Position};
use crate::save::Timestamp;
use crate::variants::{variant, VariantId};

use super::names::SignupLimit;

mod archive;
mod correspondence;
mod identity;
mod ratings;
mod restore;
mod room;
mod seeks;
mod views;

pub use super::store::{FinishedGame, LiveRoom, RatingRow};
pub use correspondence::CORRESPONDENCE_MAX;
pub use seeks::SEEKS_MAX;

use room::{millis, Room};

/// How long a player who lost their connection mid-game has to come back before the
/// opponent may claim the game.
pub const GRACE: Duration = Duration::from_secs(60);

/// Chat lines a room keeps.
const CHAT_LINES: usize = 20;

/// Why a connection is closed when its player signs in again from another terminal.
pub const SIGNED_IN_ELSEWHERE: &str = "you signed in from another terminal; this session is closed";

/// What the hub asks the server to do.
// Effects live a moment in a Vec and most are `Send`s: boxing the event would cost an
// allocation each for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Deliver an event to a connection's app.
    Send(ConnId, NetEvent),
    /// Close a connection, with the line its player is shown once the terminal is
    /// restored (the same player logged in again elsewhere).
    Close(ConnId, &'static str),
    /// A game in progress changed (a move, a takeback; at shutdown, every game with its
    /// clocks): to be stored, so that it survives a restart.
    Live(Box<LiveRoom>),
    /// A game is over: stored with the ratings it changed in one transaction, and a copy
    /// left in both players' folders.
    GameOver {
        /// The room.
        room: RoomId,
        /// The finished game.
        game: Box<FinishedGame>,
        /// The ratings it changed (none for a casual game).
        ratings: Vec<RatingRow>,
    },
    /// A player chose a name: the registry of names is to be written.
    Registered {
        /// The key fingerprint.
        key: String,
        /// The name.
        name: String,
    },
}

/// One connection.
#[derive(Clone, Debug)]
struct Conn {
    key: String,
    /// The player's name, once known.
    name: Option<String>,
    /// The room this connection's app shows (as player or spectator).
    viewing: Option<RoomId>,
    /// The player is in a game against the AI (as their app said).
    with_ai: bool,
    /// The address it came from, when the server said ([`Hub::connect_from`]).
    origin: Option<IpAddr>,
}

/// A challenge or seek waiting for an answer.
#[derive(Clone, Debug)]
struct Challenge {
    from: String,
    to: Option<String>,
    terms: Terms,
    /// For a seek: how far the accepting player's rating may be from the seeker's.
    range: Option<u16>,
}

/// The server's lobby and rooms.
#[derive(Debug)]
pub struct Hub {
    /// Names by key fingerprint (the registry, kept on disk by the server).
    names: HashMap<String, String>,
    conns: BTreeMap<ConnId, Conn>,
    challenges: BTreeMap<u64, Challenge>,
    rooms: BTreeMap<RoomId, Room>,
    /// The unfinished room of each player (by name).
    playing: HashMap<String, RoomId>,
    next_id: u64,
    ai_workers: usize,
    grace: Duration,
    /// New names per address per hour ([`Hub::with_signups_per_hour`]).
    signups: SignupLimit,
    /// The server's own games, offered after the built-in ones ([`Hub::with_server_games`]).
    server_games: Vec<VariantId>,
    /// Ratings by key fingerprint, then game (a player not in it is rated `1500?`).
    ratings: HashMap<String, BTreeMap<VariantId, Rating>>,
    /// The time of the input being handled (for the views that count time left).
    now: Option<Instant>,
    /// A move changed the lobby's game list since it was last sent, and when moves last
    /// sent it: it goes at a tick, at most every [`LOBBY_REFRESH`] (a move would otherwise
    /// send every connection a view listing every player).
    lobby_stale: bool,
    lobby_refreshed: Option<Instant>,
}

/// The shortest time between two views of the lobby sent for moves alone.
const LOBBY_REFRESH: Duration = Duration::from_secs(1);

impl Hub {
    /// A hub knowing the names of `registry` (key fingerprint → name); `ai_workers` is the
    /// bound of the server's AI pool, shown in the lobby.
    pub fn new(registry: HashMap<String, String>, ai_workers: usize) -> Hub {
        Hub {
            names: registry,
            conns: BTreeMap::new(),
            challenges: BTreeMap::new(),
            rooms: BTreeMap::new(),
            playing: HashMap::new(),
            next_id: 1,
            ai_workers,
            grace: GRACE,
            signups: SignupLimit::unlimited(),
            server_games: Vec::new(),
            ratings: HashMap::new(),
            now: None,
            lobby_stale: false,
            lobby_refreshed: None,
        }
    }

    /// The same with another grace period (tests).
    pub fn with_grace(mut self, grace: Duration) -> Hub {
        self.grace = grace;
        self
    }

    /// The registry: names by key fingerprint (to be written by the server).
    pub fn names(&self) -> HashMap<String, String> {
        self.names.clone()
    }

    /// The player name of a key, if registered.
    pub fn name_of(&self, key: &str) -> Option<&str> {
        self.names.get(key).map(String::as_str)
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// The connection of the player named `name`.
    fn conn_of(&self, name: &str) -> Option<ConnId> {
        self.conns
            .iter()
            .find(|(_, c)| c.name.as_deref() == Some(name))
            .map(|(&id, _)| id)
    }

    /// A new connection authenticated with the key `key` (a fingerprint).
    pub fn connect(&mut self, conn: ConnId, key: &str, now: Instant) -> Vec<Effect> {
        self.now = Some(now);
        let mut out = Vec::new();
        // One connection per player: a new login replaces a half-dead old one.
        let old: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.key == key)
            .map(|(&id, _)| id)
            .collect();
        for id in old {
            out.push(Effect::Close(id, SIGNED_IN_ELSEWHERE));
            self.conns.remove(&id);
        }
        let name = self.names.get(key).cloned();
        self.conns.insert(
            conn,
            Conn {
                key: key.to_string(),
                name: name.clone(),
                viewing: None,
                with_ai: false,
                origin: None,
            },
        );
        match name {
            Some(name) => self.arrive(conn, &name, now, &mut out),
            None => out.push(Effect::Send(conn, NetEvent::NeedName { refused: None })),
        }
        out
    }

    /// A named player is here: back into their game, or to the lobby.
    fn arrive(&mut self, conn: ConnId, name: &str, now: Instant, out: &mut Vec<Effect>) {
        if let Some(&room_id) = self.playing.get(name) {
            if let Some(room) = self.rooms.get_mut(&room_id) {
                let color = side_of(room, name);
                room.charge(now);
                room.away[color] = None;
                // Said after the room's view, which would cover it.
                let mut told = Vec::new();
                if room.held {
                    self.back_after_restart(conn, room_id, color, now, &mut told);
                }
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.viewing = Some(room_id);
                }
                self.push_room(room_id, now, out);
                out.append(&mut told);
            }
        }
        self.push_lobby(out);
    }

    /// The connection is gone.
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) -> Vec<Effect> {
        self.now = Some(now);
        let mut out = Vec::new();
        let Some(c) = self.conns.remove(&conn) else {
            return out;
        };
        if let Some(viewing) = c.viewing {
            if let Some(room) = self.rooms.get_mut(&viewing) {
                room.spectators.remove(&conn);
            }
        }
        if let Some(name) = &c.name {
            self.challenges
                .retain(|_, ch| &ch.from != name && ch.to.as_ref() != Some(name));
            if let Some(&room_id) = self.playing.get(name) {
                if let Some(room) = self.rooms.get_mut(&room_id) {
                    let color = side_of(room, name);
                    room.charge(now);
                    room.away[color] = Some(now + self.grace);
                    let opponent = room.names[!color].clone();
                    if let Some(o) = self.conn_of(&opponent) {
                        out.push(Effect::Send(
                            o,
                            NetEvent::Notice(format!(
                                "{name} lost the connection: {} s to come back",
                                self.grace.as_secs()
                            )),
                        ));
                    }
                }
                self.push_room(room_id, now, &mut out);
            }
            if let Some(viewing) = c.viewing {
                self.push_room(viewing, now, &mut out);
            }
        }
        self.forget_finished_rooms();
        self.push_lobby(&mut out);
        out
    }

    /// Time passes: clocks fall, grace periods end.
    pub fn tick(&mut self, now: Instant) -> Vec<Effect> {
        self.now = Some(now);
        let mut out = Vec::new();
        let ids: Vec<RoomId> = self.rooms.keys().copied().collect();
        for id in ids {
            if self.rooms[&id].over() || self.flag_fell(id, now, &mut out) {
                continue;
            }
            let room = &self.rooms[&id];
            // A grace period that just ended: the opponent may claim, and is told so (the
            // line that said the time to come back would otherwise stay on the screen).
            let ended = Color::ALL.into_iter().find(|&c| {
                room.away[c].is_some_and(|t| t <= now && t + Duration::from_secs(1) > now)
            });
            if let Some(gone) = ended {
                let (name, opponent) = (room.names[gone].clone(), room.names[!gone].clone());
                if let Some(o) = self.conn_of(&opponent) {
                    out.push(Effect::Send(
                        o,
                        NetEvent::Notice(format!(
                            "{name} did not come back in time: C claims the game"
                        )),
                    ));
                }
                self.push_room(id, now, &mut out);
            }
        }
        if self.lobby_stale
            && self
                .lobby_refreshed
                .is_none_or(|t| now >= t + LOBBY_REFRESH)
        {
            self.lobby_stale = false;
            self.lobby_refreshed = Some(now);
            self.push_lobby(&mut out);
        }
        out
    }

    /// A request from a connection's app.
    pub fn request(&mut self, conn: ConnId, request: NetRequest, now: Instant) -> Vec<Effect> {
        self.now = Some(now);
        let mut out = Vec::new();
        let Some(c) = self.conns.get(&conn) else {
            return out;
        };
        let key = c.key.clone();
        let Some(me) = c.name.clone() else {
            if let NetRequest::SetName(name) = request {
                self.set_name(conn, &key, &name, now, &mut out);
            }
            return out;
        };
        let notice = |out: &mut Vec<Effect>, text: String| {
            out.push(Effect::Send(conn, NetEvent::Notice(text)));
        };
        if let NetRequest::Challenge { terms, .. } | NetRequest::Seek { terms, .. } = &request {
            if !self.offers(terms.variant) {
                notice(&mut out, format!("{} is not played here", terms.variant));
                return out;
            }
        }
        match request {
            NetRequest::SetName(_) => notice(&mut out, format!("you are {me} already")),
            NetRequest::Challenge { to, terms } => {
                if let Err(why) = terms.check() {
                    notice(&mut out, why);
                } else if to == me {
                    notice(&mut out, "you cannot challenge yourself".into());
                } else if self.conn_of(&to).is_none() {
                    notice(&mut out, format!("{to} is not online"));
                } else if self.playing.contains_key(&to) && terms.days.is_none() {
                    notice(&mut out, format!("{to} is playing a game"));
                } else {
                    let id = self.id();
                    self.challenges.insert(
                        id,
                        Challenge {
                            from: me.clone(),
                            to: Some(to.clone()),
                            terms,
                            range: None,
                        },
                    );
                    if let Some(t) = self.conn_of(&to) {
                        out.push(Effect::Send(
                            t,
                            NetEvent::Notice(format!(
                                "{} challenges you: {} (Enter accepts, d declines)",
                                name_with_key(&me, &key),
                                terms.describe()
                            )),
                        ));
                    }
                    self.push_lobby(&mut out);
                }
            }
            NetRequest::Seek { terms, range } => self.post_seek(conn, &me, terms, range, &mut out),
            NetRequest::Accept(id) => self.accept(conn, &me, id, now, &mut out),
            NetRequest::Decline(id) => {
                if let Some(ch) = self.challenges.get(&id) {
                    if ch.to.as_deref() == Some(&me) {
                        let from = ch.from.clone();
                        self.challenges.remove(&id);
                        if let Some(f) = self.conn_of(&from) {
                            out.push(Effect::Send(
                                f,
                                NetEvent::Notice(format!("{me} declined your challenge")),
                            ));
                        }
                        self.push_lobby(&mut out);
                    }
                }
            }
            NetRequest::Withdraw(id) => {
                if self.challenges.get(&id).is_some_and(|ch| ch.from == me) {
                    self.challenges.remove(&id);
                    self.push_lobby(&mut out);
                }
            }
            NetRequest::Watch(room_id) => {
                if self.playing.get(&me) == Some(&room_id) {
                    // Back to my own game from the lobby.
                    if let Some(c) = self.conns.get_mut(&conn) {
                        c.viewing = Some(room_id);
                    }
                    self.push_room(room_id, now, &mut out);
                } else if self.playing.contains_key(&me) {
                    notice(&mut out, "finish your game first".into());
                } else if self.open_own(conn, &me, room_id, now, &mut out) {
                    // One of my correspondence games.
                } else if let Some(room) = self.rooms.get_mut(&room_id) {
                    room.spectators.insert(conn);
                    if let Some(c) = self.conns.get_mut(&conn) {
                        c.viewing = Some(room_id);
                    }
                    self.push_room(room_id, now, &mut out);
                    self.push_lobby(&mut out);
                } else {
                    notice(&mut out, "that game is over".into());
                }
            }
            NetRequest::Leave => {
                let viewing = self.conns.get_mut(&conn).and_then(|c| c.viewing.take());
                if let Some(room_id) = viewing {
                    if self.playing.get(&me) == Some(&room_id) {
                        // A player leaves only a finished game.
                        if let Some(c) = self.conns.get_mut(&conn) {
                            c.viewing = Some(room_id);
                        }
                        notice(
                            &mut out,
                            "the game goes on: R resigns, D offers a draw".into(),
                        );
                        return out;
                    }
                    if let Some(room) = self.rooms.get_mut(&room_id) {
                        room.spectators.remove(&conn);
                    }
                    self.push_room(room_id, now, &mut out);
                }
                self.forget_finished_rooms();
                self.push_lobby(&mut out);
            }
            // The server answers these from its store, outside the hub (see `archive`).
            NetRequest::Card(_) | NetRequest::Archive(_) | NetRequest::ArchiveGame(_) => {}
            NetRequest::PlayingAi(on) => {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.with_ai = on;
                }
                self.push_lobby(&mut out);
            }
            NetRequest::Move { room, ply, token } => {
                self.play(conn, &me, room, ply, &token, now, &mut out)
            }
            NetRequest::Resign(room_id) => {
                if let Some(color) = self.player_color(&me, room_id) {
                    // A flag that fell first decided the game already.
                    if self.flag_fell(room_id, now, &mut out) {
                        return out;
                    }
                    let room = self.rooms.get_mut(&room_id).expect("a player's room");
                    let outcome = room.table.resign(color);
                    self.finish(room_id, outcome, &mut out);
                    self.push_room(room_id, now, &mut out);
                }
            }
            NetRequest::Draw(room_id) => {
                if let Some(color) = self.player_color(&me, room_id) {
                    let accepting = self.rooms[&room_id].table.draw_offer() == Some(!color);
                    // A flag that fell before the acceptance came decided the game.
                    if accepting && self.flag_fell(room_id, now, &mut out) {
                        return out;
                    }
                    let room = self.rooms.get_mut(&room_id).expect("a player's room");
                    match room.table.offer_draw(color) {
                        DrawOffer::Accepted(outcome) => self.finish(room_id, outcome, &mut out),
                        // The offer is stored with the game: a restart keeps it.
                        DrawOffer::Made => self.save(room_id, &mut out),
                    }
                    self.push_room(room_id, now, &mut out);
                }
            }
            NetRequest::Takeback(room_id) => {
                if let Some(color) = self.player_color(&me, room_id) {
                    let room = self.rooms.get_mut(&room_id).expect("a player's room");
                    if room.table.ask_takeback(color) {
                        self.save(room_id, &mut out);
                        self.push_room(room_id, now, &mut out);
                    } else {
                        notice(&mut out, "no move of yours to take back".into());
                    }
                }
            }
            NetRequest::AnswerTakeback { room: room_id, yes } => {
                if let Some(color) = self.player_color(&me, room_id) {
                    if self.rooms[&room_id].table.takeback() == Some(!color) {
                        // A flag that fell before the answer came ended the game: its
                        // record is final, nothing is taken back.
                        if yes && self.flag_fell(room_id, now, &mut out) {
                            return out;
                        }
                        let room = self.rooms.get_mut(&room_id).expect("a player's room");
                        room.table.answer_takeback(color, yes);
                        if yes {
                            room.turn_started = now;
                            room.restart_deadline(now);
                        }
                        // Stored either way: the request is gone.
                        self.save(room_id, &mut out);
                        self.push_room(room_id, now, &mut out);
                    }
                }
            }
            NetRequest::Claim(room_id) => {
                if let Some(color) = self.player_color(&me, room_id) {
                    let room = &self.rooms[&room_id];
                    if room.away[!color].is_some_and(|t| t <= now) {
                        if self.flag_fell(room_id, now, &mut out) {
                            return out;
                        }
                        let outcome = Outcome::Decisive {
                            winner: color,
                            reason: EndReason::Abandoned,
                        };
                        self.finish(room_id, outcome, &mut out);
                        self.push_room(room_id, now, &mut out);
                    } else {
                        notice(
                            &mut out,
                            "nothing to claim: your opponent may still come back".into(),
                        );
                    }
                }
            }
            NetRequest::Chat {
                room: room_id,
                text,
            } => {
                let text = clean_line(&text, CHAT_MAX);
                let member = self.playing.get(&me) == Some(&room_id)
                    || self.rooms.get(&room_id).is_some_and(|r| {
                        r.spectators.contains(&conn) || r.names.white == me || r.names.black == me
                    });
                if member && !text.is_empty() {
                    let room = self.rooms.get_mut(&room_id).expect("checked");
                    room.chat.push_back((me.clone(), text));
                    while room.chat.len() > CHAT_LINES {
                        room.chat.pop_front();
                    }
                    // A game in progress keeps its chat across a restart.
                    if !room.over() {
                        self.save(room_id, &mut out);
                    }
                    self.push_room(room_id, now, &mut out);
                }
            }
        }
        out
    }

    fn set_name(
        &mut self,
        conn: ConnId,
        key: &str,
        name: &str,
        now: Instant,
        out: &mut Vec<Effect>,
    ) {
        let name = name.trim();
        let refused = if name.is_empty() || name.chars().count() > NAME_MAX {
            Some(format!("a name has 1 to {NAME_MAX} characters"))
        } else if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            Some("letters, digits, - and _ only".to_string())
        } else if self.names.values().any(|n| n.eq_ignore_ascii_case(name)) {
            Some(format!("{name} is taken"))
        } else {
            self.name_refusal(conn, name, now)
        };
        if let Some(why) = refused {
            out.push(Effect::Send(
                conn,
                NetEvent::NeedName { refused: Some(why) },
            ));
            return;
        }
        self.names.insert(key.to_string(), name.to_string());
        if let Some(c) = self.conns.get_mut(&conn) {
            c.name = Some(name.to_string());
            if let Some(addr) = c.origin {
                self.signups.record(addr, now);
            }
        }
        out.push(Effect::Registered {
            key: key.to_string(),
            name: name.to_string(),
        });
        self.arrive(conn, name, now, out);
    }

    fn accept(&mut self, conn: ConnId, me: &str, id: u64, now: Instant, out: &mut Vec<Effect>) {
        let notice = |out: &mut Vec<Effect>, text: &str| {
            out.push(Effect::Send(conn, NetEvent::Notice(text.to_string())));
        };
        let Some(ch) = self.challenges.get(&id).cloned() else {
            return notice(out, "that challenge is gone");
        };
        if ch.from == me || ch.to.as_deref().is_some_and(|t| t != me) {
            return notice(out, "that challenge is not for you");
        }
        if !self.seek_fits(&ch, me) {
            return notice(out, "your rating is outside that seek's range");
        }
        if ch.terms.days.is_some() {
            let full = [me, ch.from.as_str()]
                .into_iter()
                .find_map(|n| self.correspondence_full(n));
            if let Some(why) = full {
                return notice(out, &why);
            }
        }
        if ch.terms.days.is_none()
            && (self.playing.contains_key(me) || self.playing.contains_key(&ch.from))
        {
            return notice(out, "one game at a time: finish the one going on first");
        }
        let Some(from_conn) = self.conn_of(&ch.from) else {
            self.challenges.remove(&id);
            self.push_lobby(out);
            return notice(out, "the challenger has left");
        };
        let from_white = match ch.terms.side {
            Side::White => true,
            Side::Black => false,
            // A coin toss: the clock's nanoseconds are as good a coin as any.
            Side::Random => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos())
                .is_multiple_of(2),
        };
        let (white, black) = if from_white {
            (ch.from.clone(), me.to_string())
        } else {
            (me.to_string(), ch.from.clone())
        };
        let key_of = |name: &str| {
            self.names
                .iter()
                .find(|(_, n)| n.as_str() == name)
                .map(|(k, _)| k.clone())
                .unwrap_or_default()
        };
        let control = ch.terms.clock.map(|c| c.control);
        let mut table = Table::new(
            Game::new(Position::start(variant(ch.terms.variant))),
            control,
        );
        // The clock counts from now.
        table.run_clock(now, false);
        let room = Room {
            table,
            setting: ch.terms.clock,
            keys: ByColor {
                white: key_of(&white),
                black: key_of(&black),
            },
            names: ByColor {
                white: white.clone(),
                black: black.clone(),
            },
            started: Timestamp::now(),
            ended: None,
            away: ByColor::default(),
            chat: VecDeque::new(),
            spectators: BTreeSet::new(),
            turn_started: now,
            held: false,
            rated: ch.terms.rated,
            days: None,
            rating_change: ByColor::default(),
        };
        let room_id = self.id();
        self.rooms.insert(room_id, room);
        if let Some(days) = ch.terms.days {
            self.start_correspondence(room_id, id, days, conn, from_conn, now, out);
            return;
        }
        for name in [&white, &black] {
            self.playing.insert(name.clone(), room_id);
        }
        // Neither player has other challenges or seeks open any more.
        self.challenges.retain(|_, c| {
            ![&white, &black]
                .iter()
                .any(|n| &&c.from == n || c.to.as_ref() == Some(*n))
        });
        for c in [conn, from_conn] {
            if let Some(c) = self.conns.get_mut(&c) {
                c.viewing = Some(room_id);
            }
        }
        self.push_room(room_id, now, out);
        self.push_lobby(out);
    }

    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        conn: ConnId,
        me: &str,
        room_id: RoomId,
        ply: usize,
        token: &str,
        now: Instant,
        out: &mut Vec<Effect>,
    ) {
        let Some(color) = self.player_color(me, room_id) else {
            return;
        };
        let room = self.rooms.get_mut(&room_id).expect("a player's room");
        let refuse = |why: &str| NetEvent::Notice(format!("move {token} not played: {why}"));
        if room.over() || room.turn() != color || room.table.game().history().len() != ply {
            out.push(Effect::Send(conn, refuse("it is not your move")));
            self.push_room(room_id, now, out);
            return;
        }
        if self.flag_fell(room_id, now, out) {
            // The flag fell (or the correspondence deadline passed) before the move arrived.
            return;
        }
        let room = self.rooms.get_mut(&room_id).expect("a player's room");
        let mv = match coord::parse(room.table.game().position(), token) {
            Ok(mv) => mv,
            Err(e) => {
                out.push(Effect::Send(conn, refuse(&e.to_string())));
                self.push_room(room_id, now, out);
                return;
            }
        };
        let think = now.saturating_duration_since(room.turn_started);
        // The clock was charged up to now just above: the move adds the increment.
        if room.table.play(mv, Some(now)).is_err() {
            out.push(Effect::Send(conn, refuse("illegal")));
            self.push_room(room_id, now, out);
            return;
        }
        if let Some(note) = room.table.game_mut().last_note_mut() {
            note.think_ms = Some(millis(think));
        }
        room.turn_started = now;
        room.restart_deadline(now);
        let correspondence = room.days.is_some();
        if let Some(outcome) = room.table.game().outcome() {
            self.finish(room_id, outcome, out);
        } else {
            self.save(room_id, out);
            if correspondence {
                // The opponent's "your move" (and bell) wait for no tick; such moves are
                // days apart.
                self.push_lobby(out);
            } else {
                // The game's length in the lobby's list shows at the next tick (a finished
                // game has updated the lobby already).
                self.lobby_stale = true;
            }
        }
        self.push_room(room_id, now, out);
    }

    /// Charges the room's running clock up to `now`; when its flag has fallen, ends the game
    /// on time (a draw if the opponent has only the King) and says so to the room. True when
    /// it fell.
    fn flag_fell(&mut self, room_id: RoomId, now: Instant, out: &mut Vec<Effect>) -> bool {
        if self.deadline_passed(room_id, now, out) {
            return true;
        }
        let Some(room) = self.rooms.get_mut(&room_id) else {
            return false;
        };
        let runs = room.clock_runs();
        let turn = room.turn();
        if !room.table.run_clock(now, runs) {
            return false;
        }
        // The flag of a player whose opponent left and whose grace period is over: the
        // game was theirs to claim, not to lose on time (as waiting for a return is
        // allowed, so is not claiming at once).
        let abandoned = room.away[!turn].is_some_and(|t| t <= now);
        let outcome = if abandoned {
            Outcome::Decisive {
                winner: turn,
                reason: EndReason::Abandoned,
            }
        } else {
            match room.table.flag(now, runs) {
                Some(outcome) => outcome,
                None => return false,
            }
        };
        self.finish(room_id, outcome, out);
        self.push_room(room_id, now, out);
        true
    }

    /// Ends a room's game: declared (unless the board decided it), saved for both players,
    /// and the players are free again.
    fn finish(&mut self, room_id: RoomId, outcome: Outcome, out: &mut Vec<Effect>) {
        let Some(room) = self.rooms.get_mut(&room_id) else {
            return;
        };
        room.table.end(outcome);
        room.ended = Some(Timestamp::now());
        for name in [&room.names.white, &room.names.black] {
            if self.playing.get(name) == Some(&room_id) {
                self.playing.remove(name);
            }
        }
        let ratings = self.rate(room_id, outcome);
        self.store_finished(room_id, ratings, out);
        self.tell_absent_players(room_id, out);
        self.push_lobby(out);
    }

    /// Stores a room's game in progress (a finished one goes through [`Hub::finish`]).
    fn save(&self, room_id: RoomId, out: &mut Vec<Effect>) {
        let room = &self.rooms[&room_id];
        if room.over() {
            self.store_finished(room_id, Vec::new(), out);
        } else {
            let now = self.now.unwrap_or_else(Instant::now);
            out.push(Effect::Live(Box::new(room.live(room_id, now))));
        }
    }

    /// Stores a finished game with the ratings it changed, in one transaction.
    fn store_finished(&self, room_id: RoomId, ratings: Vec<RatingRow>, out: &mut Vec<Effect>) {
        let room = &self.rooms[&room_id];
        out.push(Effect::GameOver {
            room: room_id,
            game: Box::new(room.finished(room_id)),
            ratings,
        });
    }

    /// The side `name` plays in `room_id`, if they play there and the game goes on.
    fn player_color(&self, name: &str, room_id: RoomId) -> Option<Color> {
        let room = self.rooms.get(&room_id)?;
        if room.over() {
            return None;
        }
        Color::ALL.into_iter().find(|&c| room.names[c] == name)
    }

    /// Rooms whose game is over and that nobody looks at any more.
    fn forget_finished_rooms(&mut self) {
        let viewed: BTreeSet<RoomId> = self.conns.values().filter_map(|c| c.viewing).collect();
        self.rooms
            .retain(|id, room| !room.over() || viewed.contains(id));
    }
}

fn side_of(room: &Room, name: &str) -> Color {
    if room.names.white == name {
        Color::White
    } else {
        Color::Black
    }
}

/// A line of text from a player as others will see it: made harmless for terminals by the
/// one sanitiser ([`crate::text::sanitize`]: control characters and escape sequences
/// shown as `\u{fffd}`, bidi overrides dropped), cut to `max` characters.
pub fn clean_line(text: &str, max: usize) -> String {
    crate::text::sanitize(text)
        .chars()
        .take(max)
        .collect::<String>()
        .trim()
        .to_string()
}
