//! Putting the data directory in order at start-up: the single autosave of older versions
//! moved into `games/`, and finished games left in `games/` moved to `saves/`. Only games
//! whose head says they are over are locked and read in full; a game in play is never
//! touched, so a session opening one at the same moment never finds it locked.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::error::{LoadError, LoadErrorKind};
use super::format::{GameResult, SavedGame};
use super::games::{lock_path_of, GameFile, OpenError};
use super::head::read_head;
use super::store::{is_game_file_name, load, DataDir};

/// What [`DataDir::tidy`] did that the player should hear about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    /// The unfinished game of an older rankup's `autosave.ron`, now in `games/`.
    pub migrated: Option<PathBuf>,
    /// Files that were left alone and why (a broken `autosave.ron`, a failed move).
    pub problems: Vec<String>,
}

impl DataDir {
    /// Puts the data directory in order at start-up; safe to run from two processes at once.
    ///
    /// * An older rankup's `autosave.ron` is moved (never copied) into `games/` when its
    ///   game is unfinished, or into `saves/` when it is over (removed when `saves/` holds
    ///   that game already). A broken one is left as it is and reported.
    /// * A finished game left in `games/` (a process ended between keeping a finished game
    ///   and removing its file in play) is kept in `saves/` and removed from `games/`.
    ///
    /// Only a game whose head says it is over is locked and loaded; unfinished games are
    /// not touched, so a session opening one at the same moment never finds it locked.
    pub fn tidy(&self) -> Tidied {
        let mut tidied = Tidied::default();
        self.migrate_autosave(&mut tidied);
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return tidied;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let finished = is_game_file_name(&path)
                && read_head(&path).is_ok_and(|h| h.summary.result != GameResult::Unfinished);
            if !finished {
                continue;
            }
            // Only a game nobody else is tidying, and only once it is locked by us.
            let Ok((file, saved)) = self.lock_finished(&path) else {
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

    /// Locks a finished game of `games/` for [`DataDir::tidy`] (without waiting: a busy
    /// one is being kept by the process that finished it).
    fn lock_finished(&self, path: &Path) -> Result<(GameFile, SavedGame), OpenError> {
        let lock_path = lock_path_of(path);
        let lock = self
            .disk()
            .lock(&lock_path)
            .map_err(|_| OpenError::Elsewhere(None))?;
        let saved = load(path).map_err(OpenError::Load)?;
        Ok((GameFile::locked(self, path, lock_path, lock), saved))
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
                    file.mark_written();
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
