//! Save files on disk: the data directory with its `games/` (games in play) and `saves/`
//! (finished and named games) folders, loading, and the listing of saved games.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::variants::VariantId;

use super::disk::{write_atomic, Disk, RealDisk};
use super::error::{LoadError, LoadErrorKind, SaveError};
use super::format::{GameResult, Player, SavedGame, Termination, MAX_FILE_BYTES};
use super::games::GameFile;
use super::head::read_head;
use super::timestamp::Timestamp;

/// Environment variable that replaces the data directory (tests, portable set-ups).
pub const DATA_DIR_ENV: &str = "RANKUP_DATA_DIR";

/// File name of the single autosave of rankup before one file per game; read once and
/// moved into `games/`.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// Folder of the data directory that holds the games in play, one file each.
pub const GAMES_DIR: &str = "games";

/// Folder of the data directory that holds named and archived games.
pub const SAVES_DIR: &str = "saves";

/// Writes `game` to `path` crash-safely ([`write_atomic`]), creating the folder if needed,
/// with the head a games list reads ([`SavedGame::to_ron_at`], written now).
///
/// # Errors
/// [`SaveError`] naming the path.
pub fn save(path: &Path, game: &SavedGame) -> Result<(), SaveError> {
    let fail = |source| SaveError {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        RealDisk.create_dir_all(dir).map_err(fail)?;
    }
    write_atomic(path, game.to_ron_at(Timestamp::now()).as_bytes()).map_err(fail)
}

/// Reads and checks a save file ([`SavedGame::from_ron`]); the file is only read. Only a
/// regular file is read (also behind a symbolic link); anything else is refused at once,
/// saying what it is ("not a regular file: a FIFO").
///
/// # Errors
/// [`LoadError`] naming the path: unreadable, not a regular file, not UTF-8, or any error
/// of [`SavedGame::from_ron`].
pub fn load(path: &Path) -> Result<SavedGame, LoadError> {
    let bytes = crate::input::read_file(path, MAX_FILE_BYTES);
    from_bytes(bytes, path)
}

/// As [`load`], for a file the player named on the command line (`rankup export FILE`): a
/// FIFO or a device is read too, as `cat` reads it
/// ([`read_file_or_stream`](crate::input::read_file_or_stream)), so that a game can be
/// piped in. Never for a file found in a folder.
///
/// # Errors
/// As [`load`].
pub fn load_named(path: &Path) -> Result<SavedGame, LoadError> {
    let bytes = crate::input::read_file_or_stream(path, MAX_FILE_BYTES);
    from_bytes(bytes, path)
}

fn from_bytes(bytes: io::Result<Vec<u8>>, path: &Path) -> Result<SavedGame, LoadError> {
    let file = path.display().to_string();
    let bytes = bytes.map_err(|e| LoadError {
        file: file.clone(),
        kind: LoadErrorKind::Io {
            kind: e.kind(),
            message: e.to_string(),
        },
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        LoadError {
            file: file.clone(),
            kind: LoadErrorKind::Syntax {
                line,
                col,
                message: "the file is not UTF-8 text".into(),
            },
        }
    })?;
    SavedGame::from_ron(&text, &file)
}

/// The data directory: where games in play and saved games live.
///
/// `RANKUP_DATA_DIR` when set, otherwise the platform's data directory
/// (`~/.local/share/rankup` on Linux, `~/Library/Application Support/rankup` on macOS,
/// `%APPDATA%\rankup\data` on Windows). It holds
///
/// * `games/`: one file per game in play ([`GameFile`](super::GameFile)), named from its
///   start time, game and a random tag (`2026-11-21T183000Z-promochess-ab12.ron`), rewritten
///   after every change and locked while a process plays it;
/// * `saves/`: finished games (moved there when they end) and games saved under a name.
///
/// Every change goes through its [`Disk`], so tests can make writes fail.
#[derive(Clone, Debug)]
pub struct DataDir {
    root: PathBuf,
    disk: Arc<dyn Disk>,
    /// Games locked by [`DataDir::claim_latest`] until [`DataDir::open_game`] takes them
    /// (shared by the clones, which all stand for the same directory in this process).
    claimed: Arc<Mutex<Vec<GameFile>>>,
}

impl PartialEq for DataDir {
    fn eq(&self, other: &DataDir) -> bool {
        self.root == other.root
    }
}

impl Eq for DataDir {}

impl DataDir {
    /// The data directory from the environment ([`DATA_DIR_ENV`]) or the platform. Nothing
    /// is created until something is saved.
    ///
    /// # Errors
    /// When neither is available (no home directory).
    pub fn from_env() -> io::Result<DataDir> {
        if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
            return Ok(DataDir::at(dir));
        }
        directories::ProjectDirs::from("", "", "rankup")
            .map(|d| DataDir::at(d.data_dir()))
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("no home directory to keep saved games in; set {DATA_DIR_ENV}"),
                )
            })
    }

    /// A data directory at `root`, on the real disk.
    pub fn at(root: impl Into<PathBuf>) -> DataDir {
        DataDir::with_disk(root, Arc::new(RealDisk))
    }

    /// A data directory at `root` whose changes go through `disk` (tests inject failures).
    pub fn with_disk(root: impl Into<PathBuf>, disk: Arc<dyn Disk>) -> DataDir {
        DataDir {
            root: root.into(),
            disk,
            claimed: Arc::default(),
        }
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// What its changes go through.
    pub fn disk(&self) -> &dyn Disk {
        &*self.disk
    }

    pub(super) fn disk_arc(&self) -> Arc<dyn Disk> {
        Arc::clone(&self.disk)
    }

    /// Keeps a game claimed by [`DataDir::claim_latest`] until it is opened.
    pub(super) fn keep_claimed(&self, file: GameFile) {
        self.claimed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(file);
    }

    /// The claimed game at `path`, handed over.
    pub(super) fn take_claimed(&self, path: &Path) -> Option<GameFile> {
        let mut claimed = self.claimed.lock().unwrap_or_else(PoisonError::into_inner);
        let i = claimed.iter().position(|f| f.path() == path)?;
        Some(claimed.swap_remove(i))
    }

    /// The autosave of rankup before one file per game, `ROOT/autosave.ron`; it is moved
    /// into `games/` by [`DataDir::tidy`].
    pub fn legacy_autosave_path(&self) -> PathBuf {
        self.root.join(AUTOSAVE_FILE)
    }

    /// The folder of finished and named games, `ROOT/saves/`.
    pub fn saves_dir(&self) -> PathBuf {
        self.root.join(SAVES_DIR)
    }

    /// The folder of games in play, `ROOT/games/`.
    pub fn games_dir(&self) -> PathBuf {
        self.root.join(GAMES_DIR)
    }

    /// Creates a folder of the data directory (and the directory itself).
    pub(super) fn create_dir(&self, dir: &Path) -> Result<(), SaveError> {
        self.disk.create_dir_all(dir).map_err(|source| SaveError {
            path: dir.to_path_buf(),
            source,
        })
    }

    /// Writes `game` to `path` through the disk, creating the folder if needed.
    pub(super) fn write_game(&self, path: &Path, game: &SavedGame) -> Result<(), SaveError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            self.create_dir(dir)?;
        }
        self.disk
            .write(path, game.to_ron_at(Timestamp::now()).as_bytes())
            .map_err(|source| SaveError {
                path: path.to_path_buf(),
                source,
            })
    }

    /// Keeps `game` in `saves/` and returns its path, never replacing another game's file.
    ///
    /// The file is named after the game's name (made safe: letters, digits, `-` and `_`
    /// kept, anything else `_`) or, without one, its start time and game
    /// (`2025-06-01_183000_promochess.ron`). When that name is taken by an earlier state of
    /// this same game (same game, start position and start time, one's moves a prefix of
    /// the other's: a "save as" before the game went on), it is brought up to date;
    /// otherwise `-2`, `-3`... is added. A file that does not load is never replaced.
    ///
    /// # Errors
    /// [`SaveError`] naming the path.
    pub fn archive(&self, game: &SavedGame) -> Result<PathBuf, SaveError> {
        let stem = match &game.name {
            Some(name) => file_stem(name),
            None => {
                let (y, mo, d) = game.started.date();
                let (h, mi, s) = game.started.time_of_day();
                format!("{y:04}-{mo:02}-{d:02}_{h:02}{mi:02}{s:02}_{}", game.variant)
            }
        };
        let dir = self.saves_dir();
        let mut path = dir.join(format!("{stem}.ron"));
        let mut n = 2;
        while path.symlink_metadata().is_ok() && !is_same_game(&path, game) {
            path = dir.join(format!("{stem}-{n}.ron"));
            n += 1;
        }
        self.write_game(&path, game)?;
        Ok(path)
    }

    /// The games in `saves/` ([`list`]); an empty list when the folder does not exist.
    ///
    /// # Errors
    /// When the folder exists but cannot be read.
    pub fn list(&self) -> io::Result<Vec<Listing>> {
        match list(&self.saves_dir()) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            other => other,
        }
    }
}

/// The error of a listed file, naming it by its name only (the list is of one folder, and
/// a full path would push the reason off a line of the screen).
pub(super) fn named_in_list(mut e: LoadError) -> LoadError {
    if let Some(name) = Path::new(&e.file).file_name() {
        e.file = name.to_string_lossy().into_owned();
    }
    e
}

/// A visible `*.ron` name: a game (temporary and lock files are hidden).
pub(super) fn is_game_file_name(path: &Path) -> bool {
    let hidden = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'));
    !hidden && path.extension().is_some_and(|e| e == "ron")
}

/// Whether the file at `path` holds an earlier or later state of `game`.
fn is_same_game(path: &Path, game: &SavedGame) -> bool {
    let Ok(other) = load(path) else {
        return false;
    };
    let n = other.moves.len().min(game.moves.len());
    other.variant == game.variant
        && other.start == game.start
        && other.started == game.started
        && other.moves[..n]
            .iter()
            .zip(&game.moves[..n])
            .all(|(a, b)| a.token == b.token)
}

/// A name made safe as a file stem.
pub(super) fn file_stem(name: &str) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() || stem.starts_with('.') {
        format!("game{stem}")
    } else {
        stem
    }
}

/// What a games list shows of one saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game's name, if it has one.
    pub name: Option<String>,
    /// The game.
    pub variant: VariantId,
    /// Who played White.
    pub white: Player,
    /// Who played Black.
    pub black: Player,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Option<Termination>,
    /// When it started.
    pub started: Timestamp,
    /// When it ended.
    pub ended: Option<Timestamp>,
    /// Number of moves (plies: White's and Black's moves each count).
    pub plies: usize,
    /// Number of full moves (White's move and Black's answer count once, as move numbers
    /// do: [`MoveNumber::full_moves`](crate::game::MoveNumber::full_moves)).
    pub moves: u32,
}

impl Summary {
    /// The summary of a game.
    pub fn of(game: &SavedGame) -> Summary {
        Summary {
            name: game.name.clone(),
            variant: game.variant,
            white: game.white.clone(),
            black: game.black.clone(),
            result: game.result,
            termination: game.termination,
            started: game.started,
            ended: game.ended,
            plies: game.moves.len(),
            moves: 0,
        }
        .counted_from(crate::game::MoveNumber::counters_of_fen(&game.start))
    }

    /// The summary with its full moves counted from a start with these move number and
    /// side to move.
    pub(crate) fn counted_from(mut self, (first, side): (u32, crate::rules::Color)) -> Summary {
        self.moves = crate::game::MoveNumber::full_moves(first, side, self.plies);
        self
    }
}

/// One file of a games list: its summary, or why it cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The file.
    pub path: PathBuf,
    /// What is in it, or the error that makes it unusable (shown as "broken").
    pub entry: Result<Summary, LoadError>,
}

/// Lists the saved games in `dir`: every `*.ron` entry directly in it (hidden ones
/// skipped), newest start first; broken files come last, by name. One broken file never
/// fails the listing.
///
/// Each game is read as far as the list needs (its head: see `head.rs`), never replayed,
/// so listing does not take longer with longer games; a file whose head does not read is
/// listed with the loader's error, and anything that is not a regular file (a FIFO, a
/// folder, a device, a symbolic link loop) with what it is. Nothing here waits.
///
/// # Errors
/// When `dir` cannot be read.
pub fn list(dir: &Path) -> io::Result<Vec<Listing>> {
    let mut listings = Vec::new();
    for entry in fs::read_dir(dir)? {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        if !is_game_file_name(&path) {
            continue;
        }
        let entry = read_head(&path).map(|h| h.summary).map_err(named_in_list);
        listings.push(Listing { path, entry });
    }
    listings.sort_by(|a, b| match (&a.entry, &b.entry) {
        (Ok(x), Ok(y)) => y.started.cmp(&x.started).then_with(|| a.path.cmp(&b.path)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.path.cmp(&b.path),
    });
    Ok(listings)
}
