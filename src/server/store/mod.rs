//! What the server keeps: the players, their ratings and seeks, the games in progress and
//! the finished games, behind one interface ([`Store`]) with plain row types, so that the
//! embedded SQLite database ([`SqliteStore`]) could have a second implementation on a
//! database server (PostgreSQL) shared by several server processes.
//!
//! Under the server's data directory:
//!
//! * `server/rankup.db` (with `-wal` and `-shm` beside it): the database, see [`sqlite`];
//! * `server/host_ed25519_key`: the host key, made on the first start (mode 0600), a file
//!   ([`files`]);
//! * `players/KEY/`: each player's own data directory, where the server leaves a copy of
//!   every finished game (`saves/`), listed by `b` in the lobby.
//!
//! A data directory of an older server (names in `server/players.ron`, games in progress
//! in `players/KEY/games/`) is imported once, when the database is made ([`import`]).

use std::fmt;
use std::path::PathBuf;

use crate::net::{ClockSetting, RoomId};
use crate::rules::{ByColor, Color};
use crate::save::{SavedGame, Timestamp};

mod archive;
pub mod files;
pub mod import;
pub mod sqlite;

pub use files::ServerFiles;
pub use sqlite::SqliteStore;

/// A player: a key fingerprint and the name chosen with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// The SSH key's fingerprint (`SHA256:...`).
    pub key: String,
    /// The display name.
    pub name: String,
    /// When the name was chosen.
    pub created: Timestamp,
}

/// A player's rating in one game (each variant is rated apart), Glicko-2.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player's key fingerprint.
    pub key: String,
    /// The variant's id (`chess`, `promochess`, a file's id).
    pub variant: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played in this variant.
    pub games: u32,
}

/// An open seek.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its id.
    pub id: u64,
    /// Who posted it (key fingerprint).
    pub key: String,
    /// What it proposes, as RON text (the hub's own type, kept opaque here).
    pub terms: String,
    /// When it was posted.
    pub created: Timestamp,
}

/// A game in progress on the server, as much as is needed to go on with it after a
/// restart: the players, the clock setting and the game with its clocks left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRoom {
    /// The room.
    pub id: RoomId,
    /// The players' key fingerprints.
    pub keys: ByColor<String>,
    /// The players' names.
    pub names: ByColor<String>,
    /// The clock as the challenge set it, if timed.
    pub setting: Option<ClockSetting>,
    /// Whether the game is rated.
    pub rated: bool,
    /// A correspondence game: its days per move, and the time the side to move had left
    /// when it was stored (the time the server is down is nobody's).
    pub days: Option<(u8, std::time::Duration)>,
    /// The game, its clocks as they stood when it was stored.
    pub game: SavedGame,
    /// The room's last chat lines (name, line), oldest first: the hub keeps a few.
    pub chat: Vec<(String, String)>,
    /// The side whose draw offer was standing when the game was stored.
    pub draw_offer: Option<Color>,
    /// The side whose takeback request was standing when the game was stored.
    pub takeback: Option<Color>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// The room it was played in (ids are unique among a server's rooms).
    pub room: RoomId,
    /// The players' key fingerprints.
    pub keys: ByColor<String>,
    /// The players' names.
    pub names: ByColor<String>,
    /// Whether it was rated.
    pub rated: bool,
    /// The game, with its result.
    pub game: SavedGame,
}

/// Which finished games a page of the archive lists ([`Store::archive`]), newest first.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArchiveQuery {
    /// Only the games of this player (key fingerprint).
    pub key: Option<String>,
    /// Only the games where a player's name contains this text (any case), or whose
    /// game is one of `variants`; empty for every game.
    pub text: String,
    /// The games (variant ids) whose name the text matches.
    pub variants: Vec<String>,
    /// Rows skipped (the pages before).
    pub offset: usize,
    /// Rows at most.
    pub limit: usize,
}

/// A finished game as the archive lists it, without its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveRow {
    /// The room it was played in.
    pub room: RoomId,
    /// The players' key fingerprints.
    pub keys: ByColor<String>,
    /// The players' names.
    pub names: ByColor<String>,
    /// The variant's id.
    pub variant: String,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Whether it was rated.
    pub rated: bool,
    /// When it ended.
    pub ended: Timestamp,
}

/// A player's finished games counted by result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

/// What goes wrong with the store, naming its file.
#[derive(Debug)]
pub struct StoreError {
    /// The database (or other) file.
    pub file: PathBuf,
    /// What went wrong.
    pub kind: StoreErrorKind,
}

/// The kinds of [`StoreError`].
#[derive(Debug)]
pub enum StoreErrorKind {
    /// Another server process uses the database.
    InUse,
    /// The file is not a database, or a damaged one.
    Corrupt(String),
    /// Made by a newer rankup: its schema version is past this build's.
    Newer {
        /// The file's version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// A row that does not read back (a game that does not replay, a bad value).
    BadRow(String),
    /// Any other database or I/O error, with what was being done.
    Failed {
        /// What was being done.
        doing: &'static str,
        /// The error.
        message: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        match &self.kind {
            StoreErrorKind::InUse => write!(
                f,
                "{file}: in use by another rankup serve (one server per data folder)"
            ),
            StoreErrorKind::Corrupt(why) => write!(
                f,
                "{file}: not a rankup database or damaged ({why}); restore it from a backup"
            ),
            StoreErrorKind::Newer { found, known } => write!(
                f,
                "{file}: made by a newer rankup (schema {found}, this one knows up to {known})"
            ),
            StoreErrorKind::BadRow(why) => write!(f, "{file}: {why}"),
            StoreErrorKind::Failed { doing, message } => {
                write!(f, "{file}: cannot {doing}: {message}")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The server's store. Every method that changes something is one transaction: it is
/// written whole or not at all.
pub trait Store: Send {
    /// Every player.
    ///
    /// # Errors
    /// A database error.
    fn players(&self) -> Result<Vec<PlayerRow>, StoreError>;

    /// Adds a player (a new name for a key; an existing key's name is replaced).
    ///
    /// # Errors
    /// A database error.
    fn put_player(&mut self, player: &PlayerRow) -> Result<(), StoreError>;

    /// Every rating.
    ///
    /// # Errors
    /// A database error.
    fn ratings(&self) -> Result<Vec<RatingRow>, StoreError>;

    /// Every open seek.
    ///
    /// # Errors
    /// A database error.
    fn seeks(&self) -> Result<Vec<SeekRow>, StoreError>;

    /// Posts (or replaces) a seek.
    ///
    /// # Errors
    /// A database error.
    fn put_seek(&mut self, seek: &SeekRow) -> Result<(), StoreError>;

    /// Removes a seek (accepted, withdrawn or expired).
    ///
    /// # Errors
    /// A database error.
    fn remove_seek(&mut self, id: u64) -> Result<(), StoreError>;

    /// Every game in progress.
    ///
    /// # Errors
    /// A database error, or a game that does not replay.
    fn live_rooms(&self) -> Result<Vec<LiveRoom>, StoreError>;

    /// Writes the state of games in progress (after a move; all of them at shutdown), in
    /// one transaction.
    ///
    /// # Errors
    /// A database error: nothing was written.
    fn put_live(&mut self, rooms: &[LiveRoom]) -> Result<(), StoreError>;

    /// A game is over: in one transaction it leaves the games in progress, joins the
    /// finished games, and the ratings it changed are written.
    ///
    /// # Errors
    /// A database error: nothing was written.
    fn game_over(&mut self, game: &FinishedGame, ratings: &[RatingRow]) -> Result<(), StoreError>;

    /// The finished games of a player (key fingerprint), newest first, at most `limit`.
    ///
    /// # Errors
    /// A database error, or a game that does not replay.
    fn finished_games(&self, key: &str, limit: usize) -> Result<Vec<FinishedGame>, StoreError>;

    /// A page of the finished games of the whole server, newest first: those `query`
    /// asks for, at most its `limit` (never all of them at once).
    ///
    /// # Errors
    /// A database error.
    fn archive(&self, query: &ArchiveQuery) -> Result<Vec<ArchiveRow>, StoreError>;

    /// The finished game of a room, if there is one.
    ///
    /// # Errors
    /// A database error, or a game that does not replay.
    fn finished_game(&self, room: RoomId) -> Result<Option<FinishedGame>, StoreError>;

    /// A player's (key fingerprint) finished games counted by result.
    ///
    /// # Errors
    /// A database error.
    fn record(&self, key: &str) -> Result<Record, StoreError>;

    /// The highest id the store holds for a room (in progress or finished) or a seek:
    /// the hub numbers new ones after it, so that no id is used twice across restarts.
    ///
    /// # Errors
    /// A database error.
    fn last_id(&self) -> Result<u64, StoreError>;

    /// The server stops: everything written is made final (for SQLite, the write-ahead
    /// log is checkpointed into the database file).
    ///
    /// # Errors
    /// A database error (what was committed is kept all the same).
    fn close(&mut self) -> Result<(), StoreError>;
}
