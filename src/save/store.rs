//! Save files on disk: crash-safe writing, the data directory with its autosave and
//! `saves/` folder, and the listing of saved games.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::variants::VariantId;

use super::error::{LoadError, LoadErrorKind, SaveError};
use super::format::{GameResult, Player, SavedGame, Termination};
use super::timestamp::Timestamp;

/// Environment variable that replaces the data directory (tests, portable set-ups).
pub const DATA_DIR_ENV: &str = "RANKUP_DATA_DIR";

/// File name of the autosave in the data directory.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// Folder of the data directory that holds named and archived games.
pub const SAVES_DIR: &str = "saves";

/// Writes `contents` to `path` so that, whatever happens (a crash, a kill, a full disk, a
/// power cut after the call returned), `path` holds either its old contents or the new ones,
/// never a mix or nothing.
///
/// The data goes to a temporary file in the same directory (`.NAME.PID.N.tmp`), which is
/// flushed to disk, renamed over `path` (atomic on one filesystem), and then the directory is
/// flushed so the rename itself is durable (on Unix). A temporary file left by a process
/// killed mid-write is never read as a save (its name does not end in `.ron`).
///
/// # Errors
/// I/O errors; the temporary file is removed and `path` untouched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut tmp_name = OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = dir.join(tmp_name);
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir)
}

/// Flushes a directory's entries (the rename) to disk.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        // Some filesystems cannot sync a directory; the rename is done all the same.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
            ) =>
        {
            Ok(())
        }
        other => other,
    }
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Writes `game` to `path` crash-safely ([`write_atomic`]), creating the folder if needed.
///
/// # Errors
/// [`SaveError`] naming the path.
pub fn save(path: &Path, game: &SavedGame) -> Result<(), SaveError> {
    let fail = |source| SaveError {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    write_atomic(path, game.to_ron().as_bytes()).map_err(fail)
}

/// Reads and checks a save file ([`SavedGame::from_ron`]); the file is only read.
///
/// # Errors
/// [`LoadError`] naming the path: unreadable, not UTF-8, or any error of
/// [`SavedGame::from_ron`].
pub fn load(path: &Path) -> Result<SavedGame, LoadError> {
    let file = path.display().to_string();
    let bytes = super::format::read_file(path).map_err(|e| LoadError {
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

/// The data directory: where the autosave and saved games live.
///
/// `RANKUP_DATA_DIR` when set, otherwise the platform's data directory
/// (`~/.local/share/rankup` on Linux, `~/Library/Application Support/rankup` on macOS,
/// `%APPDATA%\rankup\data` on Windows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
}

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

    /// A data directory at `root`.
    pub fn at(root: impl Into<PathBuf>) -> DataDir {
        DataDir { root: root.into() }
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The one autosave file, `ROOT/autosave.ron`.
    pub fn autosave_path(&self) -> PathBuf {
        self.root.join(AUTOSAVE_FILE)
    }

    /// The folder of saved games, `ROOT/saves/`.
    pub fn saves_dir(&self) -> PathBuf {
        self.root.join(SAVES_DIR)
    }

    /// Writes the autosave (crash-safely). Call it after every change to the game: a move,
    /// an undo, a resignation, a draw.
    ///
    /// # Errors
    /// [`SaveError`] naming the autosave path.
    pub fn autosave(&self, game: &SavedGame) -> Result<(), SaveError> {
        save(&self.autosave_path(), game)
    }

    /// The autosave, if there is one. Offer to resume it when it
    /// [`is_unfinished`](SavedGame::is_unfinished).
    ///
    /// # Errors
    /// [`LoadError`] when the file exists but cannot be read or checked; it is left as it
    /// is (the next autosave replaces it).
    pub fn load_autosave(&self) -> Result<Option<SavedGame>, LoadError> {
        let path = self.autosave_path();
        match load(&path) {
            Err(LoadError {
                kind:
                    LoadErrorKind::Io {
                        kind: io::ErrorKind::NotFound,
                        ..
                    },
                ..
            }) => Ok(None),
            other => other.map(Some),
        }
    }

    /// Removes the autosave (after the player declined to resume it, or archived it). No
    /// autosave is not an error.
    ///
    /// # Errors
    /// I/O errors other than the file not existing.
    pub fn remove_autosave(&self) -> io::Result<()> {
        match fs::remove_file(self.autosave_path()) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    /// The path for a game named `name` in `saves/`: the name made safe as a file name
    /// (letters, digits, `-` and `_` kept, anything else becomes `_`) plus `.ron`.
    pub fn named_path(&self, name: &str) -> PathBuf {
        self.saves_dir().join(format!("{}.ron", file_stem(name)))
    }

    /// Saves `game` into `saves/` under a new file name made from its start time and
    /// variant (`2025-06-01_183000_promochess.ron`, with `-2`, `-3`... if taken), and returns
    /// the path. For archiving a finished game, or "save" without a name.
    ///
    /// # Errors
    /// [`SaveError`] naming the path.
    pub fn archive(&self, game: &SavedGame) -> Result<PathBuf, SaveError> {
        let (y, mo, d) = game.started.date();
        let (h, mi, s) = game.started.time_of_day();
        let stem = format!("{y:04}-{mo:02}-{d:02}_{h:02}{mi:02}{s:02}_{}", game.variant);
        let dir = self.saves_dir();
        let mut path = dir.join(format!("{stem}.ron"));
        let mut n = 2;
        while path.exists() {
            path = dir.join(format!("{stem}-{n}.ron"));
            n += 1;
        }
        save(&path, game)?;
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

/// A name made safe as a file stem.
fn file_stem(name: &str) -> String {
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
        }
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

/// Lists the saved games in `dir`: every `*.ron` file directly in it (hidden files
/// skipped), each loaded and checked, newest start first; broken files come last, by name.
/// One broken file never fails the listing.
///
/// # Errors
/// When `dir` cannot be read.
pub fn list(dir: &Path) -> io::Result<Vec<Listing>> {
    let mut listings = Vec::new();
    for entry in fs::read_dir(dir)? {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') || path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let entry = load(&path).map(|g| Summary::of(&g));
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
