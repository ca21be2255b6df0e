//! Deleting and renaming saved games: a deleted game is moved to `trash/` in the data
//! directory (never removed, so it can be put back), and a renamed one is moved to its new
//! name. Every move goes through [`Disk::move_no_clobber`](super::Disk::move_no_clobber):
//! one file under one name at every moment, no other file ever replaced. rankup never
//! empties the trash.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::store::{file_stem, DataDir};

/// Folder of the data directory that holds deleted games.
pub const TRASH_DIR: &str = "trash";

/// How many numbered names (`NAME-2.ron`...) a game moved to the trash tries before giving
/// up: the trash holding that many games of one name is not worth waiting on.
const MAX_TRASH_TRIES: usize = 1000;

/// Why a saved game was not moved; each says so in one line, and the file stays where it was.
#[derive(Debug)]
pub enum MoveError {
    /// Another session plays the game.
    InPlay(PathBuf),
    /// The name asked for is another game's.
    Taken(PathBuf),
    /// A game put back from the trash: its old name is another game's now, so it stays in
    /// the trash (at the first path).
    TakenMeanwhile {
        /// Where the deleted game stays.
        trashed: PathBuf,
        /// Its old name, taken.
        wanted: PathBuf,
    },
    /// The new name is the old one.
    Unchanged(PathBuf),
    /// The trash folder cannot be made.
    NoTrash {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The move itself failed.
    Io {
        /// The file moved.
        from: PathBuf,
        /// Where to.
        to: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// A file's name for a message.
fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    )
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::InPlay(p) => write!(
                f,
                "{} is being played in another session: it stays as it is",
                name(p)
            ),
            MoveError::Taken(p) => write!(
                f,
                "there is already a game named {}: choose another name",
                name(p)
            ),
            MoveError::TakenMeanwhile { trashed, wanted } => write!(
                f,
                "{} is another game's name now: the deleted game stays in {}",
                name(wanted),
                trashed.display()
            ),
            MoveError::Unchanged(p) => write!(f, "{} already has that name", name(p)),
            MoveError::NoTrash { dir, source } => write!(
                f,
                "cannot make the trash folder {}: {source}; nothing was deleted",
                dir.display()
            ),
            MoveError::Io { from, to, source } => write!(
                f,
                "cannot move {} to {}: {source}; it stays as it was",
                name(from),
                to.display()
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl DataDir {
    /// The folder of deleted games, `ROOT/trash/`.
    pub fn trash_dir(&self) -> PathBuf {
        self.root().join(TRASH_DIR)
    }

    /// Moves the saved game at `path` to the trash, under its own name (or `NAME-2.ron`...
    /// when the trash has one of that name), and returns where it went.
    ///
    /// # Errors
    /// [`MoveError::InPlay`] when another session plays it, [`MoveError::NoTrash`] when the
    /// trash cannot be made, [`MoveError::Io`] when the move fails; the file stays.
    pub fn trash(&self, path: &Path) -> Result<PathBuf, MoveError> {
        if self.is_open_elsewhere(path) {
            return Err(MoveError::InPlay(path.to_path_buf()));
        }
        let dir = self.trash_dir();
        self.disk()
            .create_dir_all(&dir)
            .map_err(|source| MoveError::NoTrash {
                dir: dir.clone(),
                source,
            })?;
        let stem = path
            .file_stem()
            .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
        let mut last = None;
        for n in 1..=MAX_TRASH_TRIES {
            let to = if n == 1 {
                dir.join(format!("{stem}.ron"))
            } else {
                dir.join(format!("{stem}-{n}.ron"))
            };
            match self.disk().move_no_clobber(path, &to) {
                Ok(()) => return Ok(to),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some((to, e)),
                Err(source) => {
                    return Err(MoveError::Io {
                        from: path.to_path_buf(),
                        to,
                        source,
                    })
                }
            }
        }
        let (to, source) = last.unwrap_or_else(|| (dir.clone(), io::ErrorKind::Other.into()));
        Err(MoveError::Io {
            from: path.to_path_buf(),
            to,
            source,
        })
    }

    /// Puts the game moved to the trash at `trashed` back at `to`, its old name.
    ///
    /// # Errors
    /// [`MoveError::TakenMeanwhile`] when another file has that name now (the game stays in
    /// the trash), [`MoveError::Io`] when the move fails.
    pub fn untrash(&self, trashed: &Path, to: &Path) -> Result<(), MoveError> {
        self.disk()
            .move_no_clobber(trashed, to)
            .map_err(|source| match source.kind() {
                io::ErrorKind::AlreadyExists => MoveError::TakenMeanwhile {
                    trashed: trashed.to_path_buf(),
                    wanted: to.to_path_buf(),
                },
                _ => MoveError::Io {
                    from: trashed.to_path_buf(),
                    to: to.to_path_buf(),
                    source,
                },
            })
    }

    /// Renames the saved game at `path` to `new_name`, made safe as a file name the way
    /// [`DataDir::archive`] makes a game's name safe (letters, digits, `-` and `_` kept,
    /// anything else `_`), in the same folder; returns the new path.
    ///
    /// # Errors
    /// [`MoveError::Taken`] when a file has that name (it is never replaced),
    /// [`MoveError::Unchanged`], [`MoveError::InPlay`], or [`MoveError::Io`].
    pub fn rename_saved(&self, path: &Path, new_name: &str) -> Result<PathBuf, MoveError> {
        let to = path.with_file_name(format!("{}.ron", file_stem(new_name)));
        if to == path {
            return Err(MoveError::Unchanged(to));
        }
        if self.is_open_elsewhere(path) {
            return Err(MoveError::InPlay(path.to_path_buf()));
        }
        match self.disk().move_no_clobber(path, &to) {
            Ok(()) => Ok(to),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(MoveError::Taken(to)),
            Err(source) => Err(MoveError::Io {
                from: path.to_path_buf(),
                to,
                source,
            }),
        }
    }
}
