//! A game on the server, in the same play screen as a local game: the board follows the
//! room the hub keeps (moves, clocks, offers, chat), and the player's own moves and answers
//! go to the hub as requests.

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::net::{NetRequest, RoomId, RoomView};
use crate::notation::coord;
use crate::rules::{ByColor, Color, Position};
use crate::save::GameMeta;
use crate::variants::variant;

use super::play::{new_play, Play, Player, Question, Seat};

/// What a play screen knows of its room on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetPlay {
    /// The room.
    pub room: RoomId,
    /// The last view of it the hub sent.
    pub view: RoomView,
    /// Requests for the hub, taken by [`App::take_net`](super::app::App::take_net).
    pub outbox: Vec<NetRequest>,
    /// When each absent player's grace period ends, as this app's clock reckons it (the
    /// view gives seconds left when it was made).
    pub away_until: ByColor<Option<Instant>>,
    /// In a correspondence game, when the side to move loses on time, as this app's clock
    /// reckons it.
    pub deadline: Option<Instant>,
}

impl NetPlay {
    /// The side this player plays; `None` when watching.
    pub fn me(&self) -> Option<Color> {
        self.view.you
    }

    /// Whether the hub runs `turn`'s clock.
    pub fn clock_runs(&self, turn: Color) -> bool {
        self.view.clock.and_then(|c| c.running) == Some(turn)
    }
}

/// The game a room's view describes.
fn game_of(view: &RoomView) -> Result<Game, String> {
    let v = variant(view.variant);
    let start = Position::from_fen(v, &view.start).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    for token in &view.tokens {
        let mv = coord::parse(game.position(), token).map_err(|e| e.to_string())?;
        game.play(mv).map_err(|e| e.to_string())?;
    }
    if let (Some(o), None) = (view.outcome, game.outcome()) {
        game.declare(o);
    }
    Ok(game)
}

impl Play {
    /// The play screen for a room: the viewer's side at the bottom, the other side (or
    /// both, for a spectator) played from the server.
    ///
    /// # Errors
    /// When the view does not replay (a server of another version).
    pub fn from_room(view: RoomView, game_id: u64, now: Instant) -> Result<Play, String> {
        let game = game_of(&view)?;
        let me = view.you;
        let players = ByColor {
            white: if me == Some(Color::White) {
                Player::Human
            } else {
                Player::Remote
            },
            black: if me == Some(Color::Black) {
                Player::Human
            } else {
                Player::Remote
            },
        };
        let meta = GameMeta::new(
            crate::save::Player::Human {
                name: Some(view.names.white.clone()),
            },
            crate::save::Player::Human {
                name: Some(view.names.black.clone()),
            },
        );
        let clock = view.clock.map(|c| c.setting.control);
        let mut play = new_play(
            game,
            clock,
            me == Some(Color::Black),
            players,
            meta,
            game_id,
        );
        play.message = Some(super::app::Message {
            text: match (me, view.days) {
                (Some(_), Some((days, _))) => format!(
                    "{} v {}: correspondence, {}: Esc back to the lobby, the game waits",
                    view.names.white,
                    view.names.black,
                    crate::net::days_label(days)
                ),
                (Some(_), None) => format!(
                    "{} v {}: good game! t chats, D offers a draw, u asks for a takeback",
                    view.names.white, view.names.black
                ),
                (None, _) => "watching: t chats, Esc back to the lobby".to_string(),
            },
            error: false,
        });
        play.seat = Seat::Online(Box::new(NetPlay {
            room: view.room,
            // No offer seen yet: one standing when the player comes (back) into the room is
            // told as the sync below finds it.
            view: RoomView {
                draw_offer: None,
                ..view.clone()
            },
            outbox: Vec::new(),
            away_until: ByColor::default(),
            deadline: None,
        }));
        play.sync_room(view, now);
        Ok(play)
    }

    /// Brings the board, clocks, offers and chat in line with the room's latest view.
    pub fn sync_room(&mut self, view: RoomView, now: Instant) {
        let Some(net) = self.seat.online_mut() else {
            return;
        };
        let before = net.view.clone();
        net.view = view.clone();
        for c in Color::ALL {
            net.away_until[c] = view.away[c].map(|s| now + Duration::from_secs(s));
        }
        net.deadline = view.days.map(|(_, s)| now + Duration::from_secs(s));
        let local: Vec<String> = self
            .table
            .game()
            .history()
            .iter()
            .map(|m| m.token.clone())
            .collect();
        let same =
            local.len() == view.tokens.len() && local.iter().zip(&view.tokens).all(|(a, b)| a == b);
        if !same {
            let extends = view.tokens.len() == local.len() + 1
                && local.iter().zip(&view.tokens).all(|(a, b)| a == b);
            let next = extends
                .then(|| coord::parse(self.table.game().position(), view.tokens.last()?).ok())
                .flatten();
            match next {
                Some(mv) => {
                    let san = crate::notation::san::format(self.table.game().position(), &mv);
                    let who = self.who(self.table.turn());
                    if self.table.game_mut().play(mv).is_ok() {
                        self.info(&format!("{who} played {san}"));
                    }
                }
                None => match game_of(&view) {
                    Ok(game) => {
                        self.table.replace_game(game);
                        if view.tokens.len() < local.len() {
                            self.info("move taken back");
                        }
                    }
                    Err(e) => self.error(format!("the server's game does not replay: {e}")),
                },
            }
            self.changed();
            self.settle_mode();
            self.scroll = None;
            // The opponent's move gives the turn back: a premove is played now (and sent),
            // or dropped. Any other change (a takeback) drops it.
            if next.is_some() {
                self.play_premove(Some(now));
            } else {
                self.premove = None;
            }
        }
        if let (Some(o), None) = (view.outcome, self.table.game().outcome()) {
            self.table.game_mut().declare(o);
            self.changed();
        }
        if let (Some(o), None) = (view.outcome, before.outcome) {
            let change = view
                .you
                .and_then(|me| view.rating_change[me])
                .map(|r| format!(" · {}", r.label()))
                .unwrap_or_default();
            self.info(&format!("{o}{change} (n or Esc: back to the lobby)"));
        }
        if let (Some(c), Some(clocks)) = (view.clock, self.table.clocks_mut()) {
            clocks.left = ByColor {
                white: Duration::from_millis(c.left_ms.white),
                black: Duration::from_millis(c.left_ms.black),
            };
            clocks.restart();
        }
        self.table.mirror_offers(view.draw_offer, view.takeback);
        let me = view.you;
        if let (Some(me), Some(by)) = (me, view.draw_offer) {
            if by != me && before.draw_offer != Some(by) {
                self.info(&format!(
                    "{} offers a draw: D accepts, a move declines",
                    view.names[by]
                ));
            }
        }
        match (me, view.takeback) {
            (Some(me), Some(by)) if by != me => self.question = Some(Question::Takeback),
            _ if self.question == Some(Question::Takeback) => self.question = None,
            _ => {}
        }
        if let Some((name, text)) = view.chat.last() {
            if before.chat.last() != view.chat.last() {
                self.info(&format!("{name}: {text}"));
            }
        }
    }

    /// After a move of `mover`'s on this board: on the server, the hub hears of it.
    pub(super) fn moved_on_server(&mut self, mover: Color) {
        let ply = self.table.game().history().len();
        let token = self.table.game().history().last().map(|m| m.token.clone());
        if let (Some(net), Some(token)) = (self.seat.online_mut(), token) {
            if net.me() == Some(mover) {
                net.outbox.push(NetRequest::Move {
                    room: net.room,
                    ply: ply - 1,
                    token,
                });
            }
        }
    }

    /// Queues a request to the hub for this room.
    pub(super) fn tell_server(&mut self, request: impl FnOnce(RoomId) -> NetRequest) {
        if let Some(net) = self.seat.online_mut() {
            let r = request(net.room);
            net.outbox.push(r);
        }
    }

    /// Lines for the side panel about the room at `now`: who is away (and how long they
    /// have left to come back), who watches.
    pub fn room_status(&self, now: Option<Instant>) -> Vec<String> {
        let Some(net) = self.seat.online() else {
            return Vec::new();
        };
        let v = &net.view;
        let mut out = Vec::new();
        for c in Color::ALL {
            let Some(until) = net.away_until[c] else {
                continue;
            };
            let left = now.map_or(v.away[c].unwrap_or(0), |now| {
                until.saturating_duration_since(now).as_secs()
            });
            match left {
                0 if v.outcome.is_none() && net.me() == Some(!c) => {
                    out.push(format!("{} left: C claims the game", v.names[c]))
                }
                0 if v.outcome.is_none() => out.push(format!("{} left", v.names[c])),
                0 => {}
                s => out.push(format!("{} away: {s} s to come back", v.names[c])),
            }
        }
        if let (Some((days, left)), None) = (v.days, v.outcome) {
            let left = match (net.deadline, now) {
                (Some(deadline), Some(now)) => deadline.saturating_duration_since(now).as_secs(),
                _ => left,
            };
            let turn = self.table.turn();
            let who = if net.me() == Some(turn) {
                "you have".to_string()
            } else {
                format!("{} has", v.names[turn])
            };
            out.push(format!(
                "{}: {who} {} to move",
                crate::net::days_label(days),
                time_left(left)
            ));
        }
        if v.spectators > 0 {
            out.push(format!("{} watching", v.spectators));
        }
        out
    }

    /// The chat lines to show, last `n`.
    pub fn chat_lines(&self, n: usize) -> Vec<(String, String)> {
        self.seat.online().map_or(Vec::new(), |net| {
            let c = &net.view.chat;
            c[c.len().saturating_sub(n)..].to_vec()
        })
    }
}

/// `2 d 5 h`, `3 h 20 min`, `12 min`: time left to move in a correspondence game.
pub(crate) fn time_left(secs: u64) -> String {
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3600, secs % 3600 / 60);
    match (d, h) {
        (0, 0) => format!("{m} min"),
        (0, _) => format!("{h} h {m} min"),
        _ => format!("{d} d {h} h"),
    }
}
