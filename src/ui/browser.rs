//! The games browser: the saved games in the data directory, sortable, opened for review or
//! to play on.

pub(crate) mod view;

use std::cmp::Ordering;
use std::path::{Path, PathBuf};

use crate::save::Listing;

use super::action::{Action, Dir};
use super::app::Message;

/// How the list is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// Newest first.
    Date,
    /// By game, then newest first.
    Variant,
    /// By result (unfinished first), then newest first.
    Result,
    /// Longest first.
    Length,
}

impl SortKey {
    /// The next key in the cycle.
    fn next(self) -> SortKey {
        match self {
            SortKey::Date => SortKey::Variant,
            SortKey::Variant => SortKey::Result,
            SortKey::Result => SortKey::Length,
            SortKey::Length => SortKey::Date,
        }
    }

    /// Its name for the header.
    pub fn label(self) -> &'static str {
        match self {
            SortKey::Date => "date",
            SortKey::Variant => "game",
            SortKey::Result => "result",
            SortKey::Length => "length",
        }
    }
}

/// The browser's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Browser {
    /// The games, once listed (`None` while the list is being read).
    pub listings: Option<Vec<Listing>>,
    /// The highlighted row.
    pub selected: usize,
    /// The order.
    pub sort: SortKey,
    /// Bottom-line message.
    pub message: Option<Message>,
    /// The game asked about with "delete NAME? y/n".
    pub deleting: Option<PathBuf>,
    /// The one-line editor of a new name: the game and the name so far.
    pub renaming: Option<(PathBuf, String)>,
    /// The last game moved to the trash here, and where it went, for `u`.
    pub trashed: Option<(Listing, PathBuf)>,
}

/// A file move the browser asks the keeper for ([`Action::Moved`] answers it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveMove {
    /// Move this saved game to the trash.
    Trash(PathBuf),
    /// Put the game in the trash at `trashed` back at `to`.
    Untrash {
        /// Where it is in the trash.
        trashed: PathBuf,
        /// Its old name.
        to: PathBuf,
    },
    /// Rename this saved game (the name is made safe by the keeper's store).
    Rename {
        /// The game.
        from: PathBuf,
        /// The name typed.
        name: String,
    },
}

/// The longest name the rename editor takes.
pub const MAX_NAME_CHARS: usize = 64;

/// A saved game's name: its file name without `.ron`.
pub fn game_name(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into(),
    )
}

/// What the app should do after a browser action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrowserStep {
    /// Stay in the browser.
    Stay,
    /// Back to the start screen.
    Leave,
    /// Load this file for review.
    Review(PathBuf),
    /// Load this file and play on.
    Continue(PathBuf),
    /// Move a file (delete, undo a delete, rename).
    Move(SaveMove),
}

impl Browser {
    /// A browser waiting for its list.
    pub fn new() -> Browser {
        Browser {
            listings: None,
            selected: 0,
            sort: SortKey::Date,
            message: Some(Message {
                text: "↑↓ choose · Enter review · c play on · s sort · d delete · R rename · \
                       Esc back"
                    .into(),
                error: false,
            }),
            deleting: None,
            renaming: None,
            trashed: None,
        }
    }

    /// Takes the listing read from disk.
    pub fn listed(&mut self, result: Result<Vec<Listing>, String>) {
        match result {
            Ok(list) => {
                self.listings = Some(list);
                self.sort();
            }
            Err(e) => {
                self.listings = Some(Vec::new());
                self.message = Some(Message {
                    text: e,
                    error: true,
                });
            }
        }
    }

    fn sort(&mut self) {
        let key = self.sort;
        if let Some(list) = &mut self.listings {
            list.sort_by(|a, b| compare(key, a, b));
        }
        self.selected = 0;
    }

    fn say(&mut self, text: String, error: bool) {
        self.message = Some(Message { text, error });
    }

    /// The highlighted game's file.
    fn selected_path(&self) -> Option<PathBuf> {
        let listing = self.listings.as_ref()?.get(self.selected)?;
        Some(listing.path.clone())
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> BrowserStep {
        if self.deleting.is_some() {
            return self.confirm_delete(action);
        }
        if self.renaming.is_some() {
            return self.edit_name(action);
        }
        let n = self.listings.as_ref().map_or(0, Vec::len);
        match action {
            Action::Delete => {
                if let Some(path) = self.selected_path() {
                    self.say(format!("delete {}? y/n", game_name(&path)), false);
                    self.deleting = Some(path);
                }
            }
            Action::Rename => {
                if let Some(path) = self.selected_path() {
                    let name: String = game_name(&path).chars().take(MAX_NAME_CHARS).collect();
                    self.renaming = Some((path, name));
                }
            }
            Action::Undo => match &self.trashed {
                Some((listing, trashed)) => {
                    return BrowserStep::Move(SaveMove::Untrash {
                        trashed: trashed.clone(),
                        to: listing.path.clone(),
                    })
                }
                None => self.say("nothing deleted to undo".into(), false),
            },
            Action::Move(Dir::Up) if n > 0 => self.selected = (self.selected + n - 1) % n,
            Action::Move(Dir::Down) if n > 0 => self.selected = (self.selected + 1) % n,
            Action::Home => self.selected = 0,
            Action::End => self.selected = n.saturating_sub(1),
            Action::Sort => {
                self.sort = self.sort.next();
                self.sort();
            }
            Action::Select | Action::PlayFromHere => {
                let Some(listing) = self.listings.as_ref().and_then(|l| l.get(self.selected))
                else {
                    return BrowserStep::Stay;
                };
                if let Err(e) = &listing.entry {
                    self.message = Some(Message {
                        text: format!("cannot open it: {e}"),
                        error: true,
                    });
                    return BrowserStep::Stay;
                }
                let path = listing.path.clone();
                return if action == Action::Select {
                    BrowserStep::Review(path)
                } else {
                    BrowserStep::Continue(path)
                };
            }
            Action::Cancel | Action::Quit | Action::NewGame => return BrowserStep::Leave,
            _ => {}
        }
        BrowserStep::Stay
    }
}

impl Browser {
    /// The answer to "delete NAME? y/n".
    fn confirm_delete(&mut self, action: Action) -> BrowserStep {
        let Some(path) = self.deleting.take() else {
            return BrowserStep::Stay;
        };
        match action {
            Action::Confirm(true) => return BrowserStep::Move(SaveMove::Trash(path)),
            Action::Confirm(false) | Action::Cancel => {
                self.say(format!("kept {}", game_name(&path)), false);
            }
            // Any other key leaves the question up.
            _ => self.deleting = Some(path),
        }
        BrowserStep::Stay
    }

    /// A key in the rename editor.
    fn edit_name(&mut self, action: Action) -> BrowserStep {
        let Some((path, mut name)) = self.renaming.take() else {
            return BrowserStep::Stay;
        };
        match action {
            Action::Cancel => {
                self.say(format!("{} keeps its name", game_name(&path)), false);
                return BrowserStep::Stay;
            }
            Action::Submit if name.trim().is_empty() => {
                self.say("a name cannot be empty".into(), true);
            }
            Action::Submit => {
                return BrowserStep::Move(SaveMove::Rename {
                    from: path,
                    name: name.trim().to_owned(),
                })
            }
            Action::Type(c) if !c.is_control() && name.chars().count() < MAX_NAME_CHARS => {
                name.push(c);
            }
            Action::Backspace => {
                name.pop();
            }
            _ => {}
        }
        self.renaming = Some((path, name));
        BrowserStep::Stay
    }

    /// The keeper's answer to a file move: the list follows what happened on disk.
    pub fn moved(&mut self, request: &SaveMove, result: &Result<PathBuf, String>) {
        let to = match result {
            Ok(to) => to,
            Err(e) => return self.say(e.clone(), true),
        };
        let Some(list) = &mut self.listings else {
            return;
        };
        match request {
            SaveMove::Trash(from) => {
                if let Some(i) = list.iter().position(|l| &l.path == from) {
                    let listing = list.remove(i);
                    self.selected = self.selected.min(list.len().saturating_sub(1));
                    self.trashed = Some((listing, to.clone()));
                }
                self.say(format!("deleted {}: u undoes", game_name(from)), false);
            }
            SaveMove::Untrash { to, .. } => {
                if let Some((listing, _)) = self.trashed.take() {
                    list.push(listing);
                    let key = self.sort;
                    list.sort_by(|a, b| compare(key, a, b));
                    self.selected = list.iter().position(|l| &l.path == to).unwrap_or(0);
                }
                self.say(format!("{} is back", game_name(to)), false);
            }
            SaveMove::Rename { from, .. } => {
                if let Some(listing) = list.iter_mut().find(|l| &l.path == from) {
                    listing.path = to.clone();
                }
                self.say(
                    format!("renamed {} to {}", game_name(from), game_name(to)),
                    false,
                );
            }
        }
    }
}

impl Default for Browser {
    fn default() -> Self {
        Browser::new()
    }
}

/// Orders two listings by `key`; broken files always last.
fn compare(key: SortKey, a: &Listing, b: &Listing) -> Ordering {
    let (x, y) = match (&a.entry, &b.entry) {
        (Ok(x), Ok(y)) => (x, y),
        (Ok(_), Err(_)) => return Ordering::Less,
        (Err(_), Ok(_)) => return Ordering::Greater,
        (Err(_), Err(_)) => return a.path.cmp(&b.path),
    };
    let newest = y.started.cmp(&x.started);
    match key {
        SortKey::Date => newest,
        SortKey::Variant => x.variant.as_str().cmp(y.variant.as_str()).then(newest),
        SortKey::Result => x.result.as_str().cmp(y.result.as_str()).then(newest),
        SortKey::Length => y.plies.cmp(&x.plies).then(newest),
    }
    .then_with(|| a.path.cmp(&b.path))
}
