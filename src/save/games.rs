//! Games in play: one file per game in `games/`, each locked while a process plays it, so
//! two sessions on one data directory never write over each other's game.
//!
//! The lock is an OS advisory lock (`flock` on Unix) on a hidden file beside the game,
//! `.NAME.lock`: the game file itself is replaced by every crash-safe write, so it cannot
//! carry the lock. The operating system drops the lock when the process ends, however it
//! ends, so a killed session leaves nothing stale behind; the lock file stays, unlocked.

use std::fmt;
use std::fs::{self, File, TryLockError};
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use super::disk::Disk;
use super::error::{LoadError, SaveError};
use super::format::SavedGame;
use super::head::{read_head, Head};
use super::store::{is_game_file_name, load, named_in_list, DataDir, Summary};
use super::timestamp::Timestamp;

/// How long opening a game waits for a lock another process holds before it says the game
/// is open elsewhere. A session holds a game's lock for as long as it plays it, minutes at
/// least; a process that only looks (listing its games, [`DataDir::is_open_elsewhere`])
/// holds it for microseconds, so a short wait tells the two apart: no look ever makes a
/// free game open read-only.
const LOCK_PATIENCE: Duration = Duration::from_millis(300);

/// A game's own file in `games/`, locked by this process for as long as the value lives.
///
/// Created empty by [`DataDir::new_game_file`] (the name is reserved by its lock, the file
/// itself is written by [`GameFile::write`]) or opened by [`DataDir::open_game`]. There is
/// no `GameFile` without its lock: a game whose lock cannot be taken is not played here.
pub struct GameFile {
    path: PathBuf,
    lock_path: PathBuf,
    /// The open lock file, locked.
    lock: File,
    /// Whether the game file exists (written by us, or opened).
    exists: bool,
    disk: Arc<dyn Disk>,
}

impl fmt::Debug for GameFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameFile")
            .field("path", &self.path)
            .field("exists", &self.exists)
            .finish()
    }
}

impl GameFile {
    /// The existing game at `path`, whose lock (at `lock_path`) this process holds.
    pub(super) fn locked(data: &DataDir, path: &Path, lock_path: PathBuf, lock: File) -> GameFile {
        GameFile {
            path: path.to_path_buf(),
            lock_path,
            lock,
            exists: true,
            disk: data.disk_arc(),
        }
    }

    /// Says that the game's file exists now (moved onto the reserved name).
    pub(super) fn mark_written(&mut self) {
        self.exists = true;
    }

    /// The game's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the game to its file, crash-safely, with the time of this write (`updated`,
    /// what the lists show as "last played"). When its folder has vanished (deleted while
    /// the game was played), the folder and the lock are made again first; if the lock
    /// cannot be taken again, nothing is written.
    ///
    /// # Errors
    /// [`SaveError`] naming the file; what was on disk before is left as it was.
    pub fn write(&mut self, game: &SavedGame) -> Result<(), SaveError> {
        let bytes = game.to_ron_at(Timestamp::now());
        let mut written = self.disk.write(&self.path, bytes.as_bytes());
        if written
            .as_ref()
            .is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
        {
            if let Some(dir) = self.path.parent() {
                if self.disk.create_dir_all(dir).is_ok() {
                    written = match self.disk.lock(&self.lock_path) {
                        Ok(lock) => {
                            self.lock = lock;
                            self.disk.write(&self.path, bytes.as_bytes())
                        }
                        Err(e) => Err(lock_error(e)),
                    };
                }
            }
        }
        written.map_err(|source| SaveError {
            path: self.path.clone(),
            source,
        })?;
        self.exists = true;
        Ok(())
    }

    /// Removes the game file and its lock file (the game has been kept elsewhere), then
    /// releases the lock.
    ///
    /// # Errors
    /// When the game file cannot be removed; the lock is released all the same and the
    /// file stays (a finished game left in `games/` is moved by [`DataDir::tidy`]).
    pub fn remove(mut self) -> Result<(), SaveError> {
        let removed = match self.disk.remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(SaveError {
                path: self.path.clone(),
                source: e,
            }),
            _ => Ok(()),
        };
        if removed.is_ok() {
            self.exists = false;
        }
        removed
    }
}

impl Drop for GameFile {
    fn drop(&mut self) {
        // A name reserved for a game that was never written: take the lock file away too.
        // (Removing it while still holding the lock keeps the name from being reused half
        // way; a process that opened it meanwhile only sees a game that does not exist.)
        if !self.exists {
            let _ = self.disk.remove_file(&self.lock_path);
        }
    }
}

/// The lock error as an I/O error for a failed write.
fn lock_error(e: TryLockError) -> io::Error {
    match e {
        TryLockError::WouldBlock => io::Error::new(
            io::ErrorKind::ResourceBusy,
            "another rankup session has locked this game's name meanwhile",
        ),
        TryLockError::Error(e) => e,
    }
}

/// Why a game in `games/` could not be opened for play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// Another rankup process (another terminal or SSH session) has the game open. The game
    /// as it was last written is included when it loads, for review.
    Elsewhere(Option<Box<SavedGame>>),
    /// The game's lock cannot be opened or taken (a symbolic link loop or a folder at the
    /// lock's path, a lock file of another user, a read-only folder without one, a
    /// filesystem without locks), so nobody can tell whether another session plays it: it
    /// is not played here. The game is included when it loads, for review.
    NoLock {
        /// What failed, naming the lock file.
        reason: String,
        /// The game, read without the lock.
        game: Option<Box<SavedGame>>,
    },
    /// The file does not load.
    Load(LoadError),
    /// The game is over: it is reviewed, not resumed.
    Finished,
}

impl OpenError {
    /// The game to show read-only and the words that say why, when it can be shown
    /// ([`OpenError::Elsewhere`], [`OpenError::NoLock`] with the game); otherwise the error.
    ///
    /// # Errors
    /// The error itself, when there is nothing to show.
    pub fn read_only(self) -> Result<(SavedGame, String), OpenError> {
        let text = self.to_string();
        match self {
            OpenError::Elsewhere(Some(game))
            | OpenError::NoLock {
                game: Some(game), ..
            } => Ok((*game, text)),
            other => Err(other),
        }
    }
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Elsewhere(_) => {
                f.write_str("open in another rankup session: shown here read-only")
            }
            // Short, to fit one line of the screen: README says why a game that cannot be
            // locked is not written.
            OpenError::NoLock { reason, .. } => {
                write!(f, "read-only: cannot lock this game ({reason})")
            }
            OpenError::Load(e) => write!(f, "{e}"),
            OpenError::Finished => f.write_str("this game is over: review it instead"),
        }
    }
}

impl std::error::Error for OpenError {}

/// One game of `games/`, for the list of unfinished games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InPlay {
    /// The file.
    pub path: PathBuf,
    /// When it was last played, from the game's own record (`updated`, written with every
    /// move, undo or comment); for a file of an older version without it, the file's
    /// modification time, else its start. A time in the future is not believed (the next
    /// of these is taken), so no file stays "last played" for ever.
    pub modified: Option<Timestamp>,
    /// Another process has it open for play.
    pub open_elsewhere: bool,
    /// What is in it, or why it cannot be loaded (a broken file is listed, never changed).
    pub entry: Result<Summary, LoadError>,
}

impl DataDir {
    /// Reserves a new file in `games/` for `game` (which has not been written anywhere
    /// yet) and locks it. The name is `STARTED-VARIANT-TAG.ron` with a random four-digit
    /// hex tag; a name another game has, or another process is reserving, is never used.
    ///
    /// # Errors
    /// [`SaveError`] when `games/` cannot be made or a lock cannot be made or taken there
    /// (a read-only or vanished directory, a data path that is a file, a filesystem
    /// without locks).
    pub fn new_game_file(&self, game: &SavedGame) -> Result<GameFile, SaveError> {
        let dir = self.games_dir();
        self.create_dir(&dir)?;
        let (y, mo, d) = game.started.date();
        let (h, mi, s) = game.started.time_of_day();
        let prefix = format!(
            "{y:04}-{mo:02}-{d:02}T{h:02}{mi:02}{s:02}Z-{}",
            game.variant
        );
        for _ in 0..64 {
            let path = dir.join(format!("{prefix}-{:04x}.ron", random_tag()));
            let lock_path = lock_path_of(&path);
            let lock = match self.disk().lock(&lock_path) {
                Ok(lock) => lock,
                // Another process is reserving this name.
                Err(TryLockError::WouldBlock) => continue,
                Err(TryLockError::Error(source)) => {
                    // A fresh random name: the lock file, if one was made, is ours.
                    if path.symlink_metadata().is_err() {
                        let _ = self.disk().remove_file(&lock_path);
                    }
                    return Err(SaveError {
                        path: lock_path,
                        source,
                    });
                }
            };
            if path.symlink_metadata().is_ok() {
                // Another game's file (ours holds the lock now, but the name is taken).
                drop(lock);
                continue;
            }
            return Ok(GameFile {
                path,
                lock_path,
                lock,
                exists: false,
                disk: self.disk_arc(),
            });
        }
        Err(SaveError {
            path: dir,
            source: io::Error::other("no free file name for a new game"),
        })
    }

    /// Opens a game of `games/` for play: locks it, then reads it (so what is read is what
    /// the last writer left). A lock held by another process is waited for a moment (a
    /// process that only looks holds it for microseconds); a game this process claimed
    /// with [`DataDir::claim_latest`] is handed over.
    ///
    /// # Errors
    /// [`OpenError::Elsewhere`] when another process has it open, [`OpenError::NoLock`]
    /// when its lock cannot be opened or taken (both with the game, read without the lock,
    /// for review), [`OpenError::Load`] when it does not load, [`OpenError::Finished`] when
    /// the game is over.
    pub fn open_game(&self, path: &Path) -> Result<(GameFile, SavedGame), OpenError> {
        if let Some(file) = self.take_claimed(path) {
            let saved = load(path).map_err(OpenError::Load)?;
            if !saved.is_unfinished() {
                return Err(OpenError::Finished);
            }
            return Ok((file, saved));
        }
        let lock_path = lock_path_of(path);
        let lock = match self.lock_patiently(&lock_path) {
            Ok(lock) => lock,
            Err(TryLockError::WouldBlock) => {
                return Err(OpenError::Elsewhere(load(path).ok().map(Box::new)));
            }
            Err(TryLockError::Error(e)) => {
                return Err(match load(path) {
                    Err(e) => OpenError::Load(e),
                    Ok(game) if !game.is_unfinished() => OpenError::Finished,
                    Ok(game) => OpenError::NoLock {
                        reason: e.to_string(),
                        game: Some(Box::new(game)),
                    },
                });
            }
        };
        let file = GameFile::locked(self, path, lock_path, lock);
        let saved = load(path).map_err(OpenError::Load)?;
        if !saved.is_unfinished() {
            return Err(OpenError::Finished);
        }
        Ok((file, saved))
    }

    /// Takes the lock at `lock_path`, waiting up to [`LOCK_PATIENCE`] while another process
    /// holds it.
    fn lock_patiently(&self, lock_path: &Path) -> Result<File, TryLockError> {
        let deadline = Instant::now() + LOCK_PATIENCE;
        let mut pause = Duration::from_millis(1);
        loop {
            match self.disk().lock(lock_path) {
                Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(40));
                }
                other => return other,
            }
        }
    }

    /// Whether another process has the game at `path` open for play.
    ///
    /// The probe never creates a lock file (none means nobody holds it), never waits, and
    /// takes only a shared lock for a moment, so two processes probing never see each
    /// other; a process opening the game meanwhile waits out the moment
    /// ([`DataDir::open_game`]). A lock file that cannot be opened says nothing here;
    /// opening the game then says why it is read-only.
    pub fn is_open_elsewhere(&self, path: &Path) -> bool {
        let Ok(file) = crate::input::open_regular(&lock_path_of(path)) else {
            return false;
        };
        matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
    }

    /// The unfinished games of `games/`, last played first; broken files are listed last,
    /// with their error, and finished games are left out (see [`DataDir::tidy`]).
    ///
    /// Only the head of each file is read (see [`list`](super::list)), and no game is
    /// locked, so listing neither grows with the length of the games nor gets in the way of
    /// another process opening one.
    ///
    /// # Errors
    /// When `games/` exists but cannot be read.
    pub fn in_play(&self) -> io::Result<Vec<InPlay>> {
        let entries = match fs::read_dir(self.games_dir()) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            other => other?,
        };
        let now = Timestamp::now();
        let mut out = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_game_file_name(&path) {
                continue;
            }
            let head = read_head(&path);
            if head
                .as_ref()
                .is_ok_and(|h| h.summary.result != super::GameResult::Unfinished)
            {
                continue;
            }
            out.push(InPlay {
                open_elsewhere: head.is_ok() && self.is_open_elsewhere(&path),
                modified: head.as_ref().ok().and_then(|h| last_played(h, now)),
                entry: head.map(|h| h.summary).map_err(named_in_list),
                path,
            });
        }
        out.sort_by(|a, b| {
            b.entry
                .is_ok()
                .cmp(&a.entry.is_ok())
                .then_with(|| b.modified.cmp(&a.modified))
                .then_with(|| a.path.cmp(&b.path))
        });
        Ok(out)
    }

    /// For `rankup resume`: locks the last played unfinished game that no other process
    /// has open, and keeps that lock for [`DataDir::open_game`] to hand over, so that two
    /// sessions resuming at the same moment each get a game of their own. `None` when
    /// every unfinished game is open elsewhere (or cannot be locked).
    ///
    /// # Errors
    /// When `games/` exists but cannot be read.
    pub fn claim_latest(&self) -> io::Result<Option<PathBuf>> {
        let games = self.in_play()?;
        let deadline = Instant::now() + LOCK_PATIENCE;
        loop {
            let mut busy = false;
            for game in games.iter().filter(|g| g.entry.is_ok()) {
                match self.disk().lock(&lock_path_of(&game.path)) {
                    Ok(lock) => {
                        let lock_path = lock_path_of(&game.path);
                        self.keep_claimed(GameFile::locked(self, &game.path, lock_path, lock));
                        return Ok(Some(game.path.clone()));
                    }
                    Err(TryLockError::WouldBlock) => busy = true,
                    Err(TryLockError::Error(_)) => {}
                }
            }
            if !busy || Instant::now() >= deadline {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// `games/.NAME.lock` for `games/NAME.ron`.
pub(super) fn lock_path_of(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{stem}.lock"))
}

/// When the game of `head` was last played, as [`InPlay::modified`] says: the first of its
/// `updated` time, its file's modification time and its start that is not in the future
/// (five minutes of clock skew between machines allowed).
fn last_played(head: &Head, now: Timestamp) -> Option<Timestamp> {
    let latest = Timestamp::from_unix(now.unix().saturating_add(300));
    [head.updated, head.modified, Some(head.summary.started)]
        .into_iter()
        .flatten()
        .find(|&t| t <= latest)
        .map(|t| t.min(now))
}

/// Sixteen random bits for a file name: the hasher std seeds randomly per process, fed
/// with the time and a counter so two calls never repeat.
fn random_tag() -> u16 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u128(
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.write_u32(std::process::id());
    h.finish() as u16
}
