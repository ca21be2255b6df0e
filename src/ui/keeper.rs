//! The file side of the app: does the [`IoRequest`]s the app hands out and answers with
//! [`Action`]s. The app never touches the disk itself, so its state machines are tested
//! without files; this keeper is tested with real folders and a [`FaultyDisk`] seam.
//!
//! It owns the open [`GameFile`]s (each locked while its game is played here), keyed by the
//! app's game ids, so a game's file is found again for every write and released when the
//! app leaves the game.
//!
//! [`FaultyDisk`]: crate::save::FaultyDisk

use std::collections::HashMap;

use crate::save::{self, DataDir, GameFile, OpenError, Timestamp, Written};

use super::action::Action;
use super::app::{App, IoRequest};
use super::browser::SaveMove;
use super::menu::choices::{Choices, MAX_STATE_BYTES, STATE_FILE};

/// Performs the app's file operations against a data directory (or none: then nothing is
/// kept and every request that needs the folder is answered with an error).
#[derive(Debug)]
pub struct Keeper {
    data: Option<DataDir>,
    open: HashMap<u64, GameFile>,
    /// The AI's engine, kept across the moves of a game.
    engine: std::sync::Arc<super::SharedEngine>,
}

impl Keeper {
    /// A keeper for `data`.
    pub fn new(data: Option<DataDir>) -> Keeper {
        Keeper {
            data,
            open: HashMap::new(),
            engine: std::sync::Arc::new(super::SharedEngine::new(crate::ai::DEFAULT_HASH_MB)),
        }
    }

    /// The engine the app's searches share.
    pub fn engine(&self) -> &std::sync::Arc<super::SharedEngine> {
        &self.engine
    }

    /// The data directory.
    pub fn data(&self) -> Option<&DataDir> {
        self.data.as_ref()
    }

    /// The start screen's choices remembered in the data directory's `state.ron` over
    /// `defaults`; `None` without a data directory or a file. A file that cannot be read
    /// or is not the file's shape gives one line naming it (the caller keeps the
    /// defaults): nothing in it stops rankup.
    pub fn read_choices(&self, defaults: Choices) -> Option<Result<Choices, String>> {
        let path = self.data.as_ref()?.root().join(STATE_FILE);
        let problem = |e: String| {
            format!(
                "{}: {e} (start screen defaults used)",
                crate::text::sanitize(&path.display().to_string())
            )
        };
        match crate::input::read_text_file(&path, MAX_STATE_BYTES) {
            Ok(text) => Some(Choices::parse(&text, defaults).map_err(problem)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => Some(Err(problem(e.to_string()))),
        }
    }

    /// The lessons finished, as kept in the data folder's `lessons.ron`; `None` without a
    /// data directory or a file. A file that cannot be read gives one line naming it (the
    /// caller starts from none finished).
    pub fn read_progress(&self) -> Option<Result<crate::learn::Progress, String>> {
        let path = self.data.as_ref()?.root().join(crate::learn::PROGRESS_FILE);
        let problem = |e: String| {
            format!(
                "{}: {e} (lessons counted from none finished)",
                crate::text::sanitize(&path.display().to_string())
            )
        };
        match crate::input::read_text_file(&path, crate::learn::MAX_PROGRESS_BYTES) {
            Ok(text) => Some(crate::learn::Progress::parse(&text).map_err(problem)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => Some(Err(problem(e.to_string()))),
        }
    }

    /// The puzzle record, as kept in the data folder's `puzzles.ron`; `None` without a data
    /// directory or a file. A file that cannot be read gives one line naming it (the caller
    /// starts from a fresh record).
    pub fn read_puzzles(&self) -> Option<Result<crate::puzzles::Record, String>> {
        let path = self.data.as_ref()?.root().join(crate::puzzles::RECORD_FILE);
        let problem = |e: String| {
            format!(
                "{}: {e} (puzzle ratings start afresh)",
                crate::text::sanitize(&path.display().to_string())
            )
        };
        let limit = crate::puzzles::MAX_RECORD_BYTES as u64;
        match crate::input::read_text_file(&path, limit) {
            Ok(text) => Some(crate::puzzles::Record::parse(&text).map_err(problem)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => Some(Err(problem(e.to_string()))),
        }
    }

    /// Does the file operations the app asked for and hands it the answers (which may ask
    /// for more), until none are left.
    pub fn serve(&mut self, app: &mut App) {
        loop {
            let requests = app.take_io();
            if requests.is_empty() {
                return;
            }
            for request in requests {
                if let Some(answer) = self.perform(request) {
                    app.update(answer);
                }
            }
        }
    }

    /// One file operation; its answer for the app, if it needs one.
    pub fn perform(&mut self, request: IoRequest) -> Option<Action> {
        const NO_DATA: &str = "no data directory: games are not saved (set RANKUP_DATA_DIR)";
        match request {
            IoRequest::Keep {
                game_id,
                generation,
                game,
            } => {
                // The name is reserved (and locked) once, even when the first write
                // fails, so every retry goes to the same file.
                if let (Some(data), false) = (&self.data, self.open.contains_key(&game_id)) {
                    match data.new_game_file(&game) {
                        Ok(file) => {
                            self.open.insert(game_id, file);
                        }
                        Err(e) => {
                            return Some(Action::Kept {
                                game_id,
                                generation,
                                finished: false,
                                result: Err(e.to_string()),
                            })
                        }
                    }
                }
                let file = self.open.get_mut(&game_id)?;
                let result = file.write(&game).map(|()| file.path().to_path_buf());
                Some(Action::Kept {
                    game_id,
                    generation,
                    finished: false,
                    result: result.map_err(|e| e.to_string()),
                })
            }
            IoRequest::Finish {
                game_id,
                generation,
                game,
            } => {
                let data = self.data.as_ref()?;
                let mut file = self.open.remove(&game_id);
                // The file in play gets the end too, so a failure below still leaves the
                // finished game on disk (moved to saves/ at the next start).
                let in_play = file.as_mut().map(|f| f.write(&game));
                let result = match data.archive(&game) {
                    Ok(path) => {
                        if let Some(f) = file {
                            // Left behind only if it cannot be removed; tidied at start.
                            let _ = f.remove();
                        }
                        Ok(path)
                    }
                    Err(e) => {
                        let text = match in_play {
                            Some(Ok(())) => format!(
                                "{e} (the finished game is in {})",
                                file.as_ref()
                                    .map_or(String::new(), |f| f.path().display().to_string())
                            ),
                            _ => e.to_string(),
                        };
                        if let Some(f) = file {
                            self.open.insert(game_id, f);
                        }
                        Err(text)
                    }
                };
                Some(Action::Kept {
                    game_id,
                    generation,
                    finished: true,
                    result,
                })
            }
            IoRequest::SaveAs { game_id, game } => Some(Action::Stored {
                game_id,
                result: match &self.data {
                    Some(data) => data.archive(&game).map_err(|e| e.to_string()),
                    None => Err(NO_DATA.into()),
                },
            }),
            IoRequest::Release { game_id } => {
                self.open.remove(&game_id);
                None
            }
            IoRequest::Resume { game_id, path } => {
                let result = match &self.data {
                    Some(data) => data.open_game(&path).map(|(file, saved)| {
                        self.open.insert(game_id, file);
                        saved
                    }),
                    None => save::load(&path).map_err(OpenError::Load).and_then(|g| {
                        if g.is_unfinished() {
                            Ok(g)
                        } else {
                            Err(OpenError::Finished)
                        }
                    }),
                };
                Some(Action::Opened {
                    game_id,
                    path,
                    result,
                })
            }
            IoRequest::ListInPlay => {
                let data = self.data.as_ref()?;
                Some(Action::InPlayListed {
                    at: Timestamp::now(),
                    result: data
                        .in_play()
                        .map_err(|e| format!("cannot read {}: {e}", data.games_dir().display())),
                })
            }
            IoRequest::List => {
                let data = self.data.as_ref()?;
                Some(Action::Listed(data.list().map_err(|e| {
                    format!("cannot read {}: {e}", data.saves_dir().display())
                })))
            }
            IoRequest::Load { path, play_on } => {
                let result = save::load(&path).map_err(|e| e.to_string());
                Some(Action::Loaded {
                    path,
                    play_on,
                    result,
                })
            }
            IoRequest::Export { path, text, source } => Some({
                // The saves folder of a player who has none yet (a spectator exporting a
                // game from the server's archive): made, inside the data folder only.
                if let (Some(data), Some(parent)) = (&self.data, path.parent()) {
                    if parent.starts_with(data.root()) && !parent.exists() {
                        let _ = std::fs::create_dir_all(parent);
                    }
                }
                match save::write_output(&path, text.as_bytes(), source.as_deref()) {
                    Ok(written) => Action::Notice {
                        text: match written {
                            Written::Through(target) => format!(
                                "exported to {} (through the link to {})",
                                path.display(),
                                target.display()
                            ),
                            _ => format!("exported to {}", path.display()),
                        },
                        error: false,
                    },
                    Err(text) => Action::Notice { text, error: true },
                }
            }),
            IoRequest::MoveSave(request) => {
                let result = match (&self.data, &request) {
                    (None, _) => Err(NO_DATA.to_string()),
                    (Some(data), SaveMove::Trash(path)) => {
                        data.trash(path).map_err(|e| e.to_string())
                    }
                    (Some(data), SaveMove::Untrash { trashed, to }) => data
                        .untrash(trashed, to)
                        .map(|()| to.clone())
                        .map_err(|e| e.to_string()),
                    (Some(data), SaveMove::Rename { from, name }) => {
                        data.rename_saved(from, name).map_err(|e| e.to_string())
                    }
                };
                Some(Action::Moved { request, result })
            }
            IoRequest::RememberLessons(progress) => {
                let data = self.data.as_ref()?;
                let path = data.root().join(crate::learn::PROGRESS_FILE);
                data.disk()
                    .create_dir_all(data.root())
                    .and_then(|()| save::write_atomic(&path, progress.to_ron().as_bytes()))
                    .err()
                    .map(|e| Action::Notice {
                        text: format!(
                            "the lessons finished were not kept ({}: {e})",
                            crate::text::sanitize(&path.display().to_string())
                        ),
                        error: true,
                    })
            }
            IoRequest::RememberPuzzles(text) => {
                let data = self.data.as_ref()?;
                let path = data.root().join(crate::puzzles::RECORD_FILE);
                data.disk()
                    .create_dir_all(data.root())
                    .and_then(|()| save::write_atomic(&path, text.as_bytes()))
                    .err()
                    .map(|e| Action::Notice {
                        text: format!(
                            "the puzzle ratings were not kept ({}: {e})",
                            crate::text::sanitize(&path.display().to_string())
                        ),
                        error: true,
                    })
            }
            IoRequest::RememberChoices(choices) => {
                let data = self.data.as_ref()?;
                let path = data.root().join(STATE_FILE);
                // On a fresh machine the data folder does not exist before the first game
                // is written.
                data.disk()
                    .create_dir_all(data.root())
                    .and_then(|()| save::write_atomic(&path, choices.to_ron().as_bytes()))
                    .err()
                    .map(|e| Action::Notice {
                        text: format!(
                            "the start screen's choices were not remembered ({}: {e})",
                            crate::text::sanitize(&path.display().to_string())
                        ),
                        error: true,
                    })
            }
            IoRequest::KeepAnalysis {
                path,
                moves,
                analysis,
            } => {
                let shown = crate::text::sanitize(&path.display().to_string()).into_owned();
                Some(match save::keep_analysis(&path, &moves, &analysis) {
                    Ok(()) => Action::Notice {
                        text: format!("analysis kept in {shown}"),
                        error: false,
                    },
                    Err(e) => Action::Notice {
                        text: format!("the analysis was not kept in {shown}: {e}"),
                        error: true,
                    },
                })
            }
            IoRequest::WriteCopy {
                game_id,
                generation,
                path,
                game,
            } => Some(Action::Copied {
                game_id,
                generation,
                result: save::write_output(&path, game.to_ron().as_bytes(), None)
                    .map(|_| path.clone()),
            }),
        }
    }
}
