//! What a connection's app and the game server's hub say to each other: requests from a
//! player ([`NetRequest`]) and what the hub tells them ([`NetEvent`]), with the views of the
//! lobby and of a game room they carry.
//!
//! Plain data with no I/O, shared by the app (`src/ui`) and the server (`src/server`), so
//! the app never depends on the server and the hub is tested without connections.

use std::sync::Arc;

use crate::game::TimeControl;
use crate::rating::Rating;
use crate::rules::{ByColor, Color, Outcome};
use crate::variants::VariantId;

mod archive;

pub use archive::{
    ArchiveAsk, ArchiveEntry, ArchivePage, CardRating, CardView, ARCHIVE_FILTER_MAX, ARCHIVE_PAGE,
    CARD_RECENT,
};

/// A connection to the server (one SSH session).
pub type ConnId = u64;

/// A game room (a game between two players, and its spectators).
pub type RoomId = u64;

/// The longest display name a player may choose.
pub const NAME_MAX: usize = 16;

/// The longest chat line.
pub const CHAT_MAX: usize = 200;

/// Characters of a key's fingerprint shown after its `SHA256:` (48 bits: enough to tell
/// two players apart at a glance, not a proof of identity).
pub const SHORT_KEY: usize = 8;

/// A key's fingerprint (`SHA256:` and its base64, as `ssh-keygen -l` prints it) as players
/// see it: `SHA256:abcd1234`, the first [`SHORT_KEY`] characters after the algorithm.
pub fn short_key(fingerprint: &str) -> String {
    let (algorithm, digest) = fingerprint.split_once(':').unwrap_or(("", fingerprint));
    let digest: String = digest.chars().take(SHORT_KEY).collect();
    if algorithm.is_empty() {
        digest
    } else {
        format!("{algorithm}:{digest}")
    }
}

/// A name with its key's short fingerprint, the way every screen that must tell players
/// apart shows one (challenges, the lobby's header, a player's card): `alice ·
/// SHA256:abcd1234`; only the name when the key is not known.
pub fn name_with_key(name: &str, fingerprint: &str) -> String {
    if fingerprint.is_empty() {
        name.to_string()
    } else {
        format!("{name} · {}", short_key(fingerprint))
    }
}

/// Which side the challenger takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
    /// Decided by a coin toss when the challenge is accepted.
    Random,
}

impl Side {
    /// `white`, `black`, `random`.
    pub fn label(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Random => "random",
        }
    }
}

/// A time control ([`TimeControl`], the one every command reads), and whether a player's
/// clock stops while they are disconnected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockSetting {
    /// Time per side and added per move.
    pub control: TimeControl,
    /// The clock of a disconnected player stops (otherwise it runs on, as at a board).
    pub pause_when_away: bool,
}

impl ClockSetting {
    /// `5+3`, with `, paused when away` when so.
    pub fn label(self) -> String {
        let pause = if self.pause_when_away {
            ", paused when away"
        } else {
            ""
        };
        format!("{}{pause}", self.control)
    }
}

/// The days per move a correspondence game may have.
pub const DAYS_CHOICES: [u8; 5] = [1, 2, 3, 5, 7];

/// What a challenge or seek proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terms {
    /// The game.
    pub variant: VariantId,
    /// The side the challenger takes.
    pub side: Side,
    /// The clock, if timed (real time).
    pub clock: Option<ClockSetting>,
    /// Days per move, for a correspondence game (then without `clock`): one of
    /// [`DAYS_CHOICES`]. A player may have several correspondence games at once.
    pub days: Option<u8>,
    /// Whether the result changes the players' ratings (only timed and correspondence
    /// games are rated).
    pub rated: bool,
}

impl Terms {
    /// `PromoChess, 5+3, rated, challenger plays white`.
    pub fn describe(&self) -> String {
        format!(
            "{}, {}, {}, challenger plays {}",
            crate::variants::variant(self.variant).name(),
            self.pace(),
            if self.rated { "rated" } else { "casual" },
            self.side.label()
        )
    }

    /// `5+3`, `3 days/move` or `no clock`.
    pub fn pace(&self) -> String {
        match (self.clock, self.days) {
            (_, Some(d)) => days_label(d),
            (Some(c), None) => c.label(),
            (None, None) => "no clock".into(),
        }
    }

    /// Why these terms cannot be played, if they cannot: days not among
    /// [`DAYS_CHOICES`], or both a clock and days, or rated without either.
    pub fn check(&self) -> Result<(), String> {
        match (self.clock, self.days) {
            (Some(_), Some(_)) => Err("a game has a clock or days per move, not both".into()),
            (_, Some(d)) if !DAYS_CHOICES.contains(&d) => Err(format!(
                "{d} days per move is not offered (1, 2, 3, 5 or 7)"
            )),
            (None, None) if self.rated => Err("only timed games are rated".into()),
            _ => Ok(()),
        }
    }
}

/// `1 day/move`, `3 days/move`.
pub fn days_label(days: u8) -> String {
    if days == 1 {
        "1 day/move".into()
    } else {
        format!("{days} days/move")
    }
}

/// A player's rating in one game, as others see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingView {
    /// Rounded.
    pub rating: u16,
    /// Still provisional (shown `1500?`).
    pub provisional: bool,
}

impl RatingView {
    /// The view of a rating.
    pub fn of(r: &Rating) -> RatingView {
        RatingView {
            rating: r.rating.round().clamp(0.0, f64::from(u16::MAX)) as u16,
            provisional: r.provisional(),
        }
    }

    /// `1500?`, `1712`.
    pub fn label(&self) -> String {
        format!("{}{}", self.rating, if self.provisional { "?" } else { "" })
    }
}

impl Default for RatingView {
    /// A player not rated yet in the game.
    fn default() -> RatingView {
        RatingView::of(&Rating::default())
    }
}

/// A player's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingChange {
    /// Before the game.
    pub before: RatingView,
    /// After it.
    pub after: RatingView,
}

impl RatingChange {
    /// `rating 1500? → 1512? (+12)`.
    pub fn label(&self) -> String {
        let diff = i32::from(self.after.rating) - i32::from(self.before.rating);
        format!(
            "rating {} → {} ({diff:+})",
            self.before.label(),
            self.after.label()
        )
    }
}

/// A request from a player's app to the hub.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Choose a display name (first connection with a key).
    SetName(String),
    /// Challenge a player online.
    Challenge {
        /// Their name.
        to: String,
        /// What is proposed.
        terms: Terms,
    },
    /// Post an open seek anyone may accept (whose rating in the game is within `range` of
    /// mine, when given).
    Seek {
        /// What is proposed.
        terms: Terms,
        /// The most the accepting player's rating may differ from mine; `None`: anyone.
        range: Option<u16>,
    },
    /// Accept a challenge or seek.
    Accept(u64),
    /// Decline a challenge made to me.
    Decline(u64),
    /// Withdraw my challenge or seek.
    Withdraw(u64),
    /// Watch a game.
    Watch(RoomId),
    /// Leave the room being watched (or a finished game) for the lobby.
    Leave,
    /// Play a move (a coordinate token) in my game, `ply` moves into it.
    Move {
        /// The room.
        room: RoomId,
        /// How many moves the game had before this one (a stale move is refused).
        ply: usize,
        /// The move.
        token: String,
    },
    /// Resign my game.
    Resign(RoomId),
    /// Offer a draw, or accept the opponent's offer.
    Draw(RoomId),
    /// Ask the opponent to take back the last move (mine).
    Takeback(RoomId),
    /// Answer the opponent's takeback request.
    AnswerTakeback {
        /// The room.
        room: RoomId,
        /// Agreed.
        yes: bool,
    },
    /// Claim the win in a game whose opponent left and did not come back within the grace
    /// period.
    Claim(RoomId),
    /// The player started (`true`) or left (`false`) a game against the AI, for the
    /// lobby's presence.
    PlayingAi(bool),
    /// A chat line in a room (to the players and spectators).
    Chat {
        /// The room.
        room: RoomId,
        /// The text (sanitised and cut to [`CHAT_MAX`] by the hub).
        text: String,
    },
    /// The card of the player with this name (answered by the server from its store).
    Card(String),
    /// A page of the server's finished games.
    Archive(ArchiveAsk),
    /// A finished game of the archive, to review.
    ArchiveGame(RoomId),
}

/// A player online, as the lobby lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The display name.
    pub name: String,
    /// What they are doing.
    pub presence: Presence,
    /// Their ratings, in the games they have played rated (others count as `1500?`).
    pub ratings: Vec<(VariantId, RatingView)>,
}

impl PlayerView {
    /// Their rating in `game` (`1500?` when not rated in it yet).
    pub fn rating(&self, game: VariantId) -> RatingView {
        self.ratings
            .iter()
            .find(|(v, _)| *v == game)
            .map_or_else(RatingView::default, |(_, r)| *r)
    }
}

/// What a player online is doing, as the lobby shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// In the lobby (or the saved games): free to be challenged.
    Free,
    /// Playing a game on the server, in this room.
    InGame(RoomId),
    /// Playing the AI.
    PlayingAi,
    /// Watching the game in this room.
    Watching(RoomId),
}

impl Presence {
    /// The lobby's words for it.
    pub fn label(self) -> &'static str {
        match self {
            Presence::Free => "free",
            Presence::InGame(_) => "in a game",
            Presence::PlayingAi => "playing the AI",
            Presence::Watching(_) => "watching",
        }
    }
}

/// A game in progress, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// Its room.
    pub room: RoomId,
    /// The game.
    pub variant: VariantId,
    /// The players.
    pub names: ByColor<String>,
    /// Moves played (plies).
    pub plies: usize,
    /// The clock, if timed.
    pub clock: Option<ClockSetting>,
    /// Days per move, for a correspondence game.
    pub days: Option<u8>,
    /// Rated.
    pub rated: bool,
    /// The players' ratings in the game.
    pub ratings: ByColor<RatingView>,
    /// People watching.
    pub spectators: usize,
}

/// A challenge (to one player) or a seek (to anyone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeView {
    /// Its id, for accepting, declining and withdrawing.
    pub id: u64,
    /// Who made it.
    pub from: String,
    /// Who it is for; `None` for an open seek.
    pub to: Option<String>,
    /// The key fingerprint of `from` (shown short, [`name_with_key`]).
    pub from_key: String,
    /// The key fingerprint of `to`.
    pub to_key: Option<String>,
    /// What it proposes.
    pub terms: Terms,
    /// The challenger's rating in the game.
    pub rating: RatingView,
    /// For a seek: the most the accepting player's rating may differ; `None`: anyone.
    pub range: Option<u16>,
}

/// One of my correspondence games, as my lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyGameView {
    /// Its room.
    pub room: RoomId,
    /// The game.
    pub variant: VariantId,
    /// The opponent's name.
    pub opponent: String,
    /// The side I play.
    pub me: Color,
    /// Whether it is my move.
    pub my_move: bool,
    /// Seconds left to the side to move before they lose on time.
    pub left_secs: u64,
    /// Days per move.
    pub days: u8,
}

/// The lobby as one player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LobbyView {
    /// My name.
    pub me: String,
    /// My key's fingerprint (shown short, [`name_with_key`]).
    pub key: String,
    /// Players online, by name (the lobby screen sorts its own way). One list shared by
    /// every connection's view: a server with 500 players online keeps one copy, not 500.
    pub players: Arc<[PlayerView]>,
    /// Games in progress, shared like [`LobbyView::players`].
    pub games: Arc<[GameView]>,
    /// Challenges made to me or by me, and open seeks (those whose range my rating fits,
    /// and mine).
    pub challenges: Vec<ChallengeView>,
    /// My correspondence games going on.
    pub mine: Vec<MyGameView>,
    /// How many AI searches the server runs at once (the rest wait their turn).
    pub ai_workers: usize,
    /// The server's own games (its variant files), offered after the built-in ones.
    pub server_games: Arc<[VariantId]>,
}

/// The clocks of a room, as of the moment the view was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// The time control.
    pub setting: ClockSetting,
    /// Time left per side, in milliseconds.
    pub left_ms: ByColor<u64>,
    /// The side whose clock runs (`None` when the game is over or paused).
    pub running: Option<Color>,
}

/// A game room as one of its people sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomView {
    /// The room.
    pub room: RoomId,
    /// The game.
    pub variant: VariantId,
    /// The start position string.
    pub start: String,
    /// The players' names.
    pub names: ByColor<String>,
    /// The moves so far, as coordinate tokens.
    pub tokens: Vec<String>,
    /// How the game ended, when it has.
    pub outcome: Option<Outcome>,
    /// The clocks, if timed.
    pub clock: Option<ClockView>,
    /// For a correspondence game: days per move, and seconds the side to move has left.
    pub days: Option<(u8, u64)>,
    /// Rated.
    pub rated: bool,
    /// After a rated game: each player's rating before and after it.
    pub rating_change: ByColor<Option<RatingChange>>,
    /// The side the viewer plays; `None` for a spectator.
    pub you: Option<Color>,
    /// Whether each player is connected; seconds of grace left for one who is not.
    pub away: ByColor<Option<u64>>,
    /// A draw offered by this side, until the other side moves or answers.
    pub draw_offer: Option<Color>,
    /// A takeback asked for by this side, until answered.
    pub takeback: Option<Color>,
    /// The last chat lines: (name, text).
    pub chat: Vec<(String, String)>,
    /// People watching.
    pub spectators: usize,
}

/// What the hub tells a player's app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// Choose a name: the first connection with this key (or the name was refused).
    NeedName {
        /// Why the last name was refused, if it was.
        refused: Option<String>,
    },
    /// The lobby changed.
    Lobby(LobbyView),
    /// The room I play in or watch changed (a move, the clocks, an offer, a chat line).
    Room(RoomView),
    /// Something worth a line on the screen (a declined challenge, an opponent gone).
    Notice(String),
    /// A player's card ([`NetRequest::Card`]).
    Card(Box<CardView>),
    /// A page of the archive ([`NetRequest::Archive`]).
    Archive(ArchivePage),
    /// A finished game of the archive ([`NetRequest::ArchiveGame`]).
    ArchiveGame {
        /// Its room.
        room: RoomId,
        /// The game.
        game: Box<crate::save::SavedGame>,
    },
}
