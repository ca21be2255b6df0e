//! Games in play: one file per game in `games/`, each locked while a process plays it, so
//! two sessions on one data directory never write over each other's game.
//!
//! The lock is an OS advisory lock (`flock` on Unix) on a hidden file beside the game,
//! `.NAME.lock`: the game file itself is replaced by every crash-safe write, so it cannot
//! carry the lock. The operating system drops the lock when the process ends, however it
//! ends, so a killed session leaves nothing stale behind; the lock file stays, unlocked.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

use super::disk::Disk;
use super::error::{LoadError, LoadErrorKind, SaveError};
use super::format::SavedGame;
use super::store::{load, DataDir, Summary};
use super::timestamp::Timestamp;

/// A game's own file in `games/`, locked by this process for as long as the value lives.
///
/// Created empty by [`DataDir::new_game_file`] (the name is reserved by its lock, the file
/// itself is written by [`GameFile::write`]) or opened by [`DataDir::open_game`].
pub struct GameFile {
    path: PathBuf,
    lock_path: PathBuf,
    /// The open lock file; `None` when the folder is read-only and no lock file could be
    /// made (nothing can be written there then, so nothing can be overwritten either).
    lock: Option<File>,
    /// Whether the game file exists (written by us, or opened).
    exists: bool,
    disk: Arc<dyn Disk>,
}

impl fmt::Debug for GameFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameFile")
            .field("path", &self.path)
            .field("locked", &self.lock.is_some())
            .finish()
    }
}

impl GameFile {
    /// The game's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the game to its file, crash-safely. When its folder has vanished (deleted
    /// while the game was played), the folder and the lock are made again first.
    ///
    /// # Errors
    /// [`SaveError`] naming the file; what was on disk before is left as it was.
    pub fn write(&mut self, game: &SavedGame) -> Result<(), SaveError> {
        let bytes = game.to_ron();
        let mut written = self.disk.write(&self.path, bytes.as_bytes());
        if written
            .as_ref()
            .is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
        {
            if let Some(dir) = self.path.parent() {
                if self.disk.create_dir_all(dir).is_ok() {
                    if let Some(lock) = open_lock_file(&self.lock_path) {
                        if lock.try_lock().is_ok() {
                            self.lock = Some(lock);
                        }
                    }
                    written = self.disk.write(&self.path, bytes.as_bytes());
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
        if !self.exists && self.lock.is_some() {
            let _ = self.disk.remove_file(&self.lock_path);
        }
    }
}

/// Why a game in `games/` could not be opened for play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// Another rankup process (another terminal or SSH session) has the game open. The game
    /// as it was last written is included when it loads, for review.
    Elsewhere(Option<Box<SavedGame>>),
    /// The file does not load.
    Load(LoadError),
    /// The game is over: it is reviewed, not resumed.
    Finished,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Elsewhere(_) => {
                f.write_str("open in another rankup session: shown here read-only")
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
    /// When it was last written: the last move (or undo, or comment).
    pub modified: Option<Timestamp>,
    /// Another process has it open for play.
    pub open_elsewhere: bool,
    /// What is in it, or why it cannot be loaded (a broken file is listed, never changed).
    pub entry: Result<Summary, LoadError>,
}

/// What [`DataDir::tidy`] did that the player should hear about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    /// The unfinished game of an older rankup's `autosave.ron`, now in `games/`.
    pub migrated: Option<PathBuf>,
    /// Files that were left alone and why (a broken `autosave.ron`, a failed move).
    pub problems: Vec<String>,
}

impl DataDir {
    /// Reserves a new file in `games/` for `game` (which has not been written anywhere
    /// yet) and locks it. The name is `STARTED-VARIANT-TAG.ron` with a random four-digit
    /// hex tag; a name another game has, or another process is reserving, is never used.
    ///
    /// # Errors
    /// [`SaveError`] when `games/` cannot be made or a lock file cannot be created there
    /// (a read-only or vanished directory, a data path that is a file).
    pub fn new_game_file(&self, game: &SavedGame) -> Result<GameFile, SaveError> {
        let dir = self.games_dir();
        self.create_dir(&dir)?;
        let (y, mo, d) = game.started.date();
        let (h, mi, s) = game.started.time_of_day();
        let prefix = format!(
            "{y:04}-{mo:02}-{d:02}T{h:02}{mi:02}{s:02}Z-{}",
            game.variant
        );
        let mut last_error = None;
        for _ in 0..64 {
            let path = dir.join(format!("{prefix}-{:04x}.ron", random_tag()));
            let lock_path = lock_path_of(&path);
            let lock = match OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
            {
                Ok(f) => f,
                Err(e) => {
                    return Err(SaveError {
                        path: lock_path,
                        source: e,
                    })
                }
            };
            match lock.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => continue,
                Err(TryLockError::Error(e)) => {
                    last_error = Some(SaveError {
                        path: lock_path,
                        source: e,
                    });
                    continue;
                }
            }
            if path.symlink_metadata().is_ok() {
                // Another game's file (ours holds the lock now, but the name is taken).
                drop(lock);
                continue;
            }
            return Ok(GameFile {
                path,
                lock_path,
                lock: Some(lock),
                exists: false,
                disk: self.disk_arc(),
            });
        }
        Err(last_error.unwrap_or_else(|| SaveError {
            path: dir,
            source: io::Error::other("no free file name for a new game"),
        }))
    }

    /// Opens a game of `games/` for play: locks it, then reads it (so what is read is what
    /// the last writer left).
    ///
    /// # Errors
    /// [`OpenError::Elsewhere`] when another process has it open (with the game, read
    /// without the lock, for review), [`OpenError::Load`] when it does not load,
    /// [`OpenError::Finished`] when the game is over.
    pub fn open_game(&self, path: &Path) -> Result<(GameFile, SavedGame), OpenError> {
        let lock_path = lock_path_of(path);
        let lock = match open_lock_file(&lock_path) {
            Some(file) => match file.try_lock() {
                Ok(()) => Some(file),
                Err(TryLockError::WouldBlock) => {
                    return Err(OpenError::Elsewhere(load(path).ok().map(Box::new)));
                }
                // A filesystem without locks: play on without one.
                Err(TryLockError::Error(_)) => None,
            },
            None => None,
        };
        let file = GameFile {
            path: path.to_path_buf(),
            lock_path,
            lock,
            exists: true,
            disk: self.disk_arc(),
        };
        let saved = load(path).map_err(OpenError::Load)?;
        if !saved.is_unfinished() {
            return Err(OpenError::Finished);
        }
        Ok((file, saved))
    }

    /// Whether another process has the game at `path` open for play.
    pub fn is_open_elsewhere(&self, path: &Path) -> bool {
        // Probing never creates a lock file: no lock file means nobody holds it.
        let Ok(file) = File::open(lock_path_of(path)) else {
            return false;
        };
        matches!(file.try_lock(), Err(TryLockError::WouldBlock))
    }

    /// The unfinished games of `games/`, last played first; broken files are listed last,
    /// with their error, and finished games are left out (see [`DataDir::tidy`]).
    ///
    /// # Errors
    /// When `games/` exists but cannot be read.
    pub fn in_play(&self) -> io::Result<Vec<InPlay>> {
        let entries = match fs::read_dir(self.games_dir()) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            other => other?,
        };
        let mut out = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_game_file_name(&path) || entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let modified = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map(|d| Timestamp::from_unix(i64::try_from(d.as_secs()).unwrap_or(i64::MAX)));
            let loaded = load(&path);
            if loaded.as_ref().is_ok_and(|g| !g.is_unfinished()) {
                continue;
            }
            out.push(InPlay {
                open_elsewhere: self.is_open_elsewhere(&path),
                modified,
                entry: loaded.map(|g| Summary::of(&g)),
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

    /// Puts the data directory in order at start-up; safe to run from two processes at once.
    ///
    /// * An older rankup's `autosave.ron` is moved (never copied) into `games/` when its
    ///   game is unfinished, or into `saves/` when it is over (removed when `saves/` holds
    ///   that game already). A broken one is left as it is and reported.
    /// * A finished game left in `games/` (a process ended between keeping a finished game
    ///   and removing its file in play) is kept in `saves/` and removed from `games/`.
    pub fn tidy(&self) -> Tidied {
        let mut tidied = Tidied::default();
        self.migrate_autosave(&mut tidied);
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return tidied;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_game_file_name(&path) {
                continue;
            }
            // Only a game nobody plays, and only once it is locked by us.
            let Ok((file, saved)) = self.open_game(&path).or_else(|e| match e {
                OpenError::Finished => self.lock_finished(&path),
                other => Err(other),
            }) else {
                continue;
            };
            if saved.is_unfinished() {
                continue;
            }
            match self.archive(&saved) {
                Ok(_) => {
                    if let Err(e) = file.remove() {
                        tidied.problems.push(format!("{e}"));
                    }
                }
                Err(e) => tidied.problems.push(format!("{e}")),
            }
        }
        tidied
    }

    /// Locks a finished game of `games/` for [`DataDir::tidy`].
    fn lock_finished(&self, path: &Path) -> Result<(GameFile, SavedGame), OpenError> {
        let lock_path = lock_path_of(path);
        let file = open_lock_file(&lock_path).ok_or(OpenError::Finished)?;
        file.try_lock().map_err(|_| OpenError::Elsewhere(None))?;
        let saved = load(path).map_err(OpenError::Load)?;
        Ok((
            GameFile {
                path: path.to_path_buf(),
                lock_path,
                lock: Some(file),
                exists: true,
                disk: self.disk_arc(),
            },
            saved,
        ))
    }

    fn migrate_autosave(&self, tidied: &mut Tidied) {
        let old = self.legacy_autosave_path();
        let saved = match load(&old) {
            Ok(saved) => saved,
            Err(LoadError {
                kind:
                    LoadErrorKind::Io {
                        kind: io::ErrorKind::NotFound,
                        ..
                    },
                ..
            }) => return,
            Err(e) => {
                tidied.problems.push(format!(
                    "the autosave of an older rankup cannot be resumed and is left as it is: {e}"
                ));
                return;
            }
        };
        let fail = |tidied: &mut Tidied, e: &dyn fmt::Display| {
            tidied.problems.push(format!(
                "{} was not moved into the games folder: {e}",
                old.display()
            ))
        };
        if !saved.is_unfinished() || saved.moves.is_empty() {
            // Its game was normally kept in saves/ when it ended; move it there otherwise.
            let already = self.list().is_ok_and(|l| {
                l.iter().any(|l| {
                    l.entry.as_ref().is_ok_and(|s| {
                        s.started == saved.started
                            && s.variant == saved.variant
                            && s.plies == saved.moves.len()
                    })
                })
            });
            let result = if already || saved.moves.is_empty() {
                self.disk().remove_file(&old).map_err(|e| e.to_string())
            } else {
                self.archive(&saved)
                    .map_err(|e| e.to_string())
                    .and_then(|_| self.disk().remove_file(&old).map_err(|e| e.to_string()))
            };
            if let Err(e) = result {
                fail(tidied, &e);
            }
            return;
        }
        // The name is reserved (and locked) first, then the file is moved onto it without
        // copying: there is always exactly one file with the game.
        match self.new_game_file(&saved) {
            Ok(mut file) => match self.disk().move_no_clobber(&old, file.path()) {
                Ok(()) => {
                    file.exists = true;
                    tidied.migrated = Some(file.path().to_path_buf());
                }
                // Another process moved it first.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => fail(tidied, &e),
            },
            Err(e) => fail(tidied, &e),
        }
    }
}

/// `games/.NAME.lock` for `games/NAME.ron`.
fn lock_path_of(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{stem}.lock"))
}

/// The lock file, created if it can be; `None` in a read-only folder without one.
fn open_lock_file(lock_path: &Path) -> Option<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock_path)
        // The lock needs only a readable file (flock works on read-only descriptors).
        .or_else(|_| File::open(lock_path))
        .ok()
}

/// A visible `*.ron` file: a game (temporary and lock files are hidden).
fn is_game_file_name(path: &Path) -> bool {
    let hidden = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'));
    !hidden && path.extension().is_some_and(|e| e == "ron")
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
