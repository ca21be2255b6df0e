//! The games browser: the saved games in the data directory, sortable, opened for review or
//! to play on.

pub(crate) mod view;

use std::cmp::Ordering;
use std::path::PathBuf;

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
}

impl Browser {
    /// A browser waiting for its list.
    pub fn new() -> Browser {
        Browser {
            listings: None,
            selected: 0,
            sort: SortKey::Date,
            message: Some(Message {
                text: "↑↓ choose · Enter review · c play on · s sort · Esc back".into(),
                error: false,
            }),
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

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> BrowserStep {
        let n = self.listings.as_ref().map_or(0, Vec::len);
        match action {
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
