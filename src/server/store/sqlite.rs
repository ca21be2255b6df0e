//! The store in an embedded SQLite database (`server/rankup.db`): WAL mode (readers, such
//! as a backup, never wait for the server, nor it for them), full sync (a transaction
//! that returned is on disk), one transaction per change, and a schema version
//! (`PRAGMA user_version`) brought up to date by [`MIGRATIONS`] when the database opens.
//!
//! One server process uses a database at a time: it holds the lock file
//! `server/rankup.lock` while it runs. A backup may be taken at any time with
//! `sqlite3 server/rankup.db ".backup backup.db"` (SQLite's online backup, which copies a
//! consistent state including what is still in the `-wal` file).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, ErrorCode, OptionalExtension, Transaction};

use crate::game::TimeControl;
use crate::net::ClockSetting;
use crate::rules::{ByColor, Color};
use crate::save::{Disk, RealDisk, SavedGame, Timestamp};

use super::{
    FinishedGame, LiveRoom, PlayerRow, RatingRow, SeekRow, Store, StoreError, StoreErrorKind,
};

/// The database's file name, in the server's `server/` folder.
pub const DB_FILE: &str = "rankup.db";
/// The lock file held by the server using the database.
pub const LOCK_FILE: &str = "rankup.lock";

/// The schema, one step per version: a database at version `n` has had the first `n`
/// steps applied (`PRAGMA user_version` is `n`). A step is never changed once released;
/// a new one is added at the end.
pub const MIGRATIONS: &[&str] = &[
    // 1: players, games in progress and finished games.
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     CREATE TABLE players (
         key TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         created INTEGER NOT NULL);
     CREATE TABLE live_rooms (
         id INTEGER PRIMARY KEY,
         white_key TEXT NOT NULL, black_key TEXT NOT NULL,
         white_name TEXT NOT NULL, black_name TEXT NOT NULL,
         clock_base_ms INTEGER, clock_increment_ms INTEGER,
         pause_when_away INTEGER NOT NULL,
         rated INTEGER NOT NULL,
         game TEXT NOT NULL,
         updated INTEGER NOT NULL);
     CREATE TABLE finished_games (
         id INTEGER PRIMARY KEY AUTOINCREMENT,
         room INTEGER NOT NULL,
         white_key TEXT NOT NULL, black_key TEXT NOT NULL,
         white_name TEXT NOT NULL, black_name TEXT NOT NULL,
         variant TEXT NOT NULL,
         result TEXT NOT NULL,
         rated INTEGER NOT NULL,
         started INTEGER NOT NULL,
         ended INTEGER NOT NULL,
         game TEXT NOT NULL);
     CREATE INDEX finished_white ON finished_games (white_key, ended);
     CREATE INDEX finished_black ON finished_games (black_key, ended);",
    // 2: ratings (Glicko-2, per player and variant) and open seeks.
    "CREATE TABLE ratings (
         key TEXT NOT NULL,
         variant TEXT NOT NULL,
         rating REAL NOT NULL CHECK (rating BETWEEN -10000 AND 10000),
         deviation REAL NOT NULL CHECK (deviation >= 0),
         volatility REAL NOT NULL CHECK (volatility >= 0),
         games INTEGER NOT NULL CHECK (games >= 0),
         updated INTEGER NOT NULL,
         PRIMARY KEY (key, variant));
     CREATE TABLE seeks (
         id INTEGER PRIMARY KEY,
         key TEXT NOT NULL,
         terms TEXT NOT NULL,
         created INTEGER NOT NULL);",
    // 3: correspondence games: days per move, and the time the side to move had left
    // when the game was stored.
    "ALTER TABLE live_rooms ADD COLUMN days INTEGER;
     ALTER TABLE live_rooms ADD COLUMN days_left_ms INTEGER;",
    // 4: the archive of every finished game, newest first, read a page at a time.
    "CREATE INDEX finished_ended ON finished_games (ended, id);",
    // 5: what else a game in progress has that a restart must not lose: its last chat
    // lines (RON, a list of (name, line)) and the side of a standing draw offer or
    // takeback request ('white' or 'black').
    "ALTER TABLE live_rooms ADD COLUMN chat TEXT;
     ALTER TABLE live_rooms ADD COLUMN draw_offer TEXT;
     ALTER TABLE live_rooms ADD COLUMN takeback TEXT;",
];

/// The schema version this build writes.
pub fn schema_version() -> i64 {
    MIGRATIONS.len() as i64
}

/// The SQLite store.
#[derive(Debug)]
pub struct SqliteStore {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    /// Held while the store is open: one server per database.
    _lock: Option<File>,
}

/// How long a held lock is waited for before the store is said to be in use.
const LOCK_WAIT: Duration = Duration::from_secs(1);

impl SqliteStore {
    /// Opens (or makes) the database of the server folder `dir` (`DATA/server`), takes its
    /// lock and brings its schema up to date.
    ///
    /// # Errors
    /// Another server holds the lock, the file is not a database or a damaged one, it was
    /// made by a newer rankup, or it cannot be read or written: one [`StoreError`] naming
    /// the file.
    pub fn open_in(dir: &Path) -> Result<SqliteStore, StoreError> {
        let path = dir.join(DB_FILE);
        let failed = |doing, message: String| StoreError {
            file: path.clone(),
            kind: StoreErrorKind::Failed { doing, message },
        };
        RealDisk
            .create_dir_all(dir)
            .map_err(|e| failed("make its folder", e.to_string()))?;
        // A lock held a moment longer than its store (a process starting at that moment
        // shares the lock file's descriptor until it runs its program) is waited for; a
        // lock still held after LOCK_WAIT is another server's.
        let deadline = std::time::Instant::now() + LOCK_WAIT;
        let lock = loop {
            match RealDisk.lock(&dir.join(LOCK_FILE)) {
                Ok(file) => break file,
                Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(StoreError {
                        file: path,
                        kind: StoreErrorKind::InUse,
                    })
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(failed("take the lock", e.to_string()))
                }
            }
        };
        let mut store = SqliteStore::open_file(&path)?;
        store._lock = Some(lock);
        Ok(store)
    }

    /// Opens the database at `path` without the lock file (tests, tools).
    ///
    /// # Errors
    /// As [`SqliteStore::open_in`].
    pub fn open_file(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(|e| sql_error(path, "open", e))?;
        let mut store = SqliteStore {
            conn,
            path: path.to_path_buf(),
            _lock: None,
        };
        store.setup()?;
        Ok(store)
    }

    fn setup(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        let err = |e| sql_error(&path, "open", e);
        self.conn
            .busy_timeout(Duration::from_secs(5))
            .map_err(err)?;
        let mode: String = self
            .conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(err)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError {
                file: path,
                kind: StoreErrorKind::Failed {
                    doing: "use WAL mode",
                    message: format!("the journal mode stays {mode}"),
                },
            });
        }
        self.conn
            .execute_batch("PRAGMA synchronous = FULL;")
            .map_err(err)?;
        self.migrate()
    }

    /// Applies the migrations the database lacks, each in its own transaction with the
    /// new version number.
    fn migrate(&mut self) -> Result<(), StoreError> {
        let path = self.path.clone();
        let found = self.version()?;
        let known = schema_version();
        if found > known {
            return Err(StoreError {
                file: path,
                kind: StoreErrorKind::Newer { found, known },
            });
        }
        for (i, step) in MIGRATIONS.iter().enumerate().skip(found.max(0) as usize) {
            let tx = self
                .conn
                .transaction()
                .map_err(|e| sql_error(&path, "migrate", e))?;
            tx.execute_batch(step)
                .and_then(|()| tx.pragma_update(None, "user_version", i as i64 + 1))
                .and_then(|()| tx.commit())
                .map_err(|e| sql_error(&path, "migrate", e))?;
        }
        Ok(())
    }

    /// The schema version of the database.
    ///
    /// # Errors
    /// A database error.
    pub fn version(&self) -> Result<i64, StoreError> {
        self.conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| sql_error(&self.path, "read the schema version", e))
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A value of the `meta` table.
    ///
    /// # Errors
    /// A database error.
    pub fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(|e| sql_error(&self.path, "read", e))
    }

    /// Runs `f` in one transaction: all it wrote, or nothing.
    pub(super) fn write<T>(
        &mut self,
        doing: &'static str,
        f: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let path = self.path.clone();
        let err = |e| sql_error(&path, doing, e);
        let tx = self.conn.transaction().map_err(err)?;
        let value = f(&tx).map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(value)
    }

    fn bad_row(&self, why: String) -> StoreError {
        StoreError {
            file: self.path.clone(),
            kind: StoreErrorKind::BadRow(why),
        }
    }
}

/// A rusqlite error as a [`StoreError`] on `path`: a busy or locked database is in use, a
/// file that is not one (or is damaged) is corrupt.
pub(super) fn sql_error(path: &Path, doing: &'static str, e: rusqlite::Error) -> StoreError {
    let kind = match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
            StoreErrorKind::Corrupt(e.to_string())
        }
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreErrorKind::InUse,
        _ => StoreErrorKind::Failed {
            doing,
            message: e.to_string(),
        },
    };
    StoreError {
        file: path.to_path_buf(),
        kind,
    }
}

/// A correspondence game's days per move and time left, from their columns (an
/// out-of-range value reads as no correspondence clock: the game is then restored as an
/// untimed one rather than lost).
fn days_of(days: Option<i64>, left_ms: Option<i64>) -> Option<(u8, Duration)> {
    let days = u8::try_from(days?).ok().filter(|&d| d > 0)?;
    Some((
        days,
        Duration::from_millis(left_ms.unwrap_or(0).max(0) as u64),
    ))
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The columns of a game in progress past its common ones.
struct Extras {
    days: Option<(u8, Duration)>,
    chat: Vec<(String, String)>,
    /// The draw offer's and the takeback request's sides.
    offers: (Option<Color>, Option<Color>),
}

/// Writes (or replaces) a game in progress.
pub(super) fn put_live_room(tx: &Transaction<'_>, room: &LiveRoom) -> rusqlite::Result<()> {
    let control = room.setting.map(|s| s.control);
    tx.execute(
        "INSERT OR REPLACE INTO live_rooms (id, white_key, black_key, white_name, black_name,
             clock_base_ms, clock_increment_ms, pause_when_away, rated, game, updated, days,
             days_left_ms, chat, draw_offer, takeback)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        params![
            room.id as i64,
            room.keys.white,
            room.keys.black,
            room.names.white,
            room.names.black,
            control.map(|c| ms(c.base)),
            control.map(|c| ms(c.increment)),
            room.setting.is_some_and(|s| s.pause_when_away),
            room.rated,
            room.game.to_ron(),
            Timestamp::now().unix(),
            room.days.map(|(days, _)| days),
            room.days.map(|(_, left)| ms(left)),
            chat_text(&room.chat),
            room.draw_offer.map(side_name),
            room.takeback.map(side_name),
        ],
    )?;
    Ok(())
}

/// A room's chat lines as the `chat` column keeps them (RON).
fn chat_text(chat: &[(String, String)]) -> String {
    ron::to_string(chat).expect("BUG: a list of strings is RON")
}

/// The `chat` column read back: a missing (older row) or unreadable one is no chat, which
/// must not keep the game itself from coming back.
fn chat_of(text: Option<String>) -> Vec<(String, String)> {
    text.and_then(|t| ron::from_str(&t).ok())
        .unwrap_or_default()
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// An offer's side read back; anything else is no offer.
fn side_of(text: Option<String>) -> Option<Color> {
    match text.as_deref() {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    }
}

/// Adds a finished game (and forgets it among the games in progress).
pub(super) fn put_finished(tx: &Transaction<'_>, game: &FinishedGame) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM live_rooms WHERE id = ?1", [game.room as i64])?;
    let g = &game.game;
    tx.execute(
        "INSERT INTO finished_games (room, white_key, black_key, white_name, black_name,
             variant, result, rated, started, ended, game)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game.room as i64,
            game.keys.white,
            game.keys.black,
            game.names.white,
            game.names.black,
            g.variant.to_string(),
            g.result.as_str(),
            game.rated,
            g.started.unix(),
            g.ended.unwrap_or(g.started).unix(),
            g.to_ron(),
        ],
    )?;
    Ok(())
}

/// Writes (or replaces) a player.
pub(super) fn put_player_row(tx: &Transaction<'_>, p: &PlayerRow) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO players (key, name, created) VALUES (?1, ?2, ?3)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name",
        params![p.key, p.name, p.created.unix()],
    )?;
    Ok(())
}

/// The columns of a room or game row before its game is read.
pub(super) struct RawRoom {
    pub(super) id: i64,
    pub(super) keys: ByColor<String>,
    pub(super) names: ByColor<String>,
    pub(super) rated: bool,
    pub(super) game: String,
}

impl RawRoom {
    /// Reads columns 0-4 (id, white and black keys, white and black names) and the rated
    /// flag and game at `rated` and `rated + 1`, the order both tables' queries list them in.
    pub(super) fn from_row(r: &rusqlite::Row<'_>, rated: usize) -> rusqlite::Result<RawRoom> {
        Ok(RawRoom {
            id: r.get(0)?,
            keys: ByColor {
                white: r.get(1)?,
                black: r.get(2)?,
            },
            names: ByColor {
                white: r.get(3)?,
                black: r.get(4)?,
            },
            rated: r.get(rated)?,
            game: r.get(rated + 1)?,
        })
    }
}

impl SqliteStore {
    pub(super) fn read_game(&self, what: &str, text: &str) -> Result<SavedGame, StoreError> {
        SavedGame::from_ron(text, what).map_err(|e| self.bad_row(e.to_string()))
    }

    fn finished_rows(&self, key: &str, limit: usize) -> rusqlite::Result<Vec<RawRoom>> {
        let mut stmt = self.conn.prepare(
            "SELECT room, white_key, black_key, white_name, black_name, rated, game
             FROM finished_games WHERE white_key = ?1 OR black_key = ?1
             ORDER BY ended DESC, id DESC LIMIT ?2",
        )?;
        let rows = stmt.query_map(
            params![key, i64::try_from(limit).unwrap_or(i64::MAX)],
            |r| RawRoom::from_row(r, 5),
        )?;
        rows.collect()
    }
}

impl Store for SqliteStore {
    fn players(&self) -> Result<Vec<PlayerRow>, StoreError> {
        let read = || -> rusqlite::Result<Vec<PlayerRow>> {
            let mut stmt = self
                .conn
                .prepare("SELECT key, name, created FROM players ORDER BY created, key")?;
            let rows = stmt.query_map([], |r| {
                Ok(PlayerRow {
                    key: r.get(0)?,
                    name: r.get(1)?,
                    created: Timestamp::from_unix(r.get(2)?),
                })
            })?;
            rows.collect()
        };
        read().map_err(|e| sql_error(&self.path, "read the players", e))
    }

    fn put_player(&mut self, player: &PlayerRow) -> Result<(), StoreError> {
        self.write("write a player", |tx| put_player_row(tx, player))
    }

    fn ratings(&self) -> Result<Vec<RatingRow>, StoreError> {
        let read = || -> rusqlite::Result<Vec<RatingRow>> {
            let mut stmt = self.conn.prepare(
                "SELECT key, variant, rating, deviation, volatility, games FROM ratings
                 ORDER BY key, variant",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(RatingRow {
                    key: r.get(0)?,
                    variant: r.get(1)?,
                    rating: r.get(2)?,
                    deviation: r.get(3)?,
                    volatility: r.get(4)?,
                    games: r.get(5)?,
                })
            })?;
            rows.collect()
        };
        read().map_err(|e| sql_error(&self.path, "read the ratings", e))
    }

    fn seeks(&self) -> Result<Vec<SeekRow>, StoreError> {
        let read = || -> rusqlite::Result<Vec<SeekRow>> {
            let mut stmt = self
                .conn
                .prepare("SELECT id, key, terms, created FROM seeks ORDER BY id")?;
            let rows = stmt.query_map([], |r| {
                Ok(SeekRow {
                    id: r.get::<_, i64>(0)? as u64,
                    key: r.get(1)?,
                    terms: r.get(2)?,
                    created: Timestamp::from_unix(r.get(3)?),
                })
            })?;
            rows.collect()
        };
        read().map_err(|e| sql_error(&self.path, "read the seeks", e))
    }

    fn put_seek(&mut self, seek: &SeekRow) -> Result<(), StoreError> {
        self.write("write a seek", |tx| {
            tx.execute(
                "INSERT OR REPLACE INTO seeks (id, key, terms, created) VALUES (?1, ?2, ?3, ?4)",
                params![seek.id as i64, seek.key, seek.terms, seek.created.unix()],
            )
            .map(drop)
        })
    }

    fn remove_seek(&mut self, id: u64) -> Result<(), StoreError> {
        self.write("remove a seek", |tx| {
            tx.execute("DELETE FROM seeks WHERE id = ?1", [id as i64])
                .map(drop)
        })
    }

    fn live_rooms(&self) -> Result<Vec<LiveRoom>, StoreError> {
        let read = || -> rusqlite::Result<Vec<(RawRoom, Option<ClockSetting>, Extras)>> {
            let mut stmt = self.conn.prepare(
                "SELECT id, white_key, black_key, white_name, black_name, clock_base_ms,
                     clock_increment_ms, pause_when_away, rated, game, days, days_left_ms,
                     chat, draw_offer, takeback
                 FROM live_rooms ORDER BY id",
            )?;
            let rows = stmt.query_map([], |r| {
                let base: Option<i64> = r.get(5)?;
                let increment: Option<i64> = r.get(6)?;
                let pause_when_away: bool = r.get(7)?;
                let setting = base.map(|base| ClockSetting {
                    control: TimeControl {
                        base: Duration::from_millis(base.max(0) as u64),
                        increment: Duration::from_millis(increment.unwrap_or(0).max(0) as u64),
                    },
                    pause_when_away,
                });
                Ok((
                    RawRoom::from_row(r, 8)?,
                    setting,
                    Extras {
                        days: days_of(r.get(10)?, r.get(11)?),
                        chat: chat_of(r.get(12)?),
                        offers: (side_of(r.get(13)?), side_of(r.get(14)?)),
                    },
                ))
            })?;
            rows.collect()
        };
        let rows = read().map_err(|e| sql_error(&self.path, "read the games in progress", e))?;
        rows.into_iter()
            .map(|(raw, setting, extras)| {
                let game = self.read_game(&format!("game in progress {}", raw.id), &raw.game)?;
                Ok(LiveRoom {
                    id: raw.id as u64,
                    keys: raw.keys,
                    names: raw.names,
                    setting,
                    rated: raw.rated,
                    days: extras.days,
                    game,
                    chat: extras.chat,
                    draw_offer: extras.offers.0,
                    takeback: extras.offers.1,
                })
            })
            .collect()
    }

    fn put_live(&mut self, rooms: &[LiveRoom]) -> Result<(), StoreError> {
        self.write("write the games in progress", |tx| {
            rooms.iter().try_for_each(|room| put_live_room(tx, room))
        })
    }

    fn game_over(&mut self, game: &FinishedGame, ratings: &[RatingRow]) -> Result<(), StoreError> {
        self.write("write a finished game", |tx| {
            put_finished(tx, game)?;
            for r in ratings {
                tx.execute(
                    "INSERT OR REPLACE INTO ratings
                         (key, variant, rating, deviation, volatility, games, updated)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        r.key,
                        r.variant,
                        r.rating,
                        r.deviation,
                        r.volatility,
                        r.games,
                        Timestamp::now().unix()
                    ],
                )?;
            }
            Ok(())
        })
    }

    fn last_id(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row(
                "SELECT MAX(m) FROM (SELECT MAX(id) AS m FROM live_rooms
                     UNION ALL SELECT MAX(room) FROM finished_games
                     UNION ALL SELECT MAX(id) FROM seeks)",
                [],
                |r| r.get::<_, Option<i64>>(0),
            )
            .map(|m| m.map_or(0, |m| m.max(0) as u64))
            .map_err(|e| sql_error(&self.path, "read the last id", e))
    }

    fn archive(&self, query: &super::ArchiveQuery) -> Result<Vec<super::ArchiveRow>, StoreError> {
        self.archive_page(query)
            .map_err(|e| sql_error(&self.path, "read the archive", e))
    }

    fn finished_game(&self, room: crate::net::RoomId) -> Result<Option<FinishedGame>, StoreError> {
        self.finished_in(room)
    }

    fn record(&self, key: &str) -> Result<super::Record, StoreError> {
        self.record_of(key)
            .map_err(|e| sql_error(&self.path, "count the finished games", e))
    }

    fn close(&mut self) -> Result<(), StoreError> {
        self.conn
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            .map_err(|e| sql_error(&self.path, "checkpoint", e))
    }

    fn finished_games(&self, key: &str, limit: usize) -> Result<Vec<FinishedGame>, StoreError> {
        let rows = self
            .finished_rows(key, limit)
            .map_err(|e| sql_error(&self.path, "read the finished games", e))?;
        rows.into_iter()
            .map(|raw| {
                let game =
                    self.read_game(&format!("finished game of room {}", raw.id), &raw.game)?;
                Ok(FinishedGame {
                    room: raw.id as u64,
                    keys: raw.keys,
                    names: raw.names,
                    rated: raw.rated,
                    game,
                })
            })
            .collect()
    }
}
