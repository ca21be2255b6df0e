//! The server's archive: every finished game on the server, newest first, a page at a
//! time (the server reads one page of its store per request), filtered as one types (a
//! player's name or the game's), or the games of one player (from their card). Enter
//! reviews the chosen game on the review screen of local saves, Tab shows its PGN as
//! plain text; Esc there comes back here.
//!
//! Pure state like the other screens: [`Archive::update`] answers what the app should do
//! next ([`ArchiveStep`]); the pages and games come as the hub's events.

pub(crate) mod view;

use crate::net::{ArchiveAsk, ArchiveEntry, ArchivePage, NetRequest, ARCHIVE_FILTER_MAX};
use crate::save::SavedGame;

use super::action::{Action, Dir};
use super::app::{App, Message, Screen};
use super::review::Review;

/// The archive screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Archive {
    /// Only this player's games (from their card).
    pub player: Option<String>,
    /// The filter being typed.
    pub filter: String,
    /// The page shown (until the first answer, an empty one).
    pub page: ArchivePage,
    /// A page has come.
    pub loaded: bool,
    /// The page last asked for: answers to older requests are dropped.
    pub asked: ArchiveAsk,
    /// The chosen row of the page.
    pub selected: usize,
    /// The game asked for, and whether its PGN is to be shown at once.
    pub opening: Option<(u64, bool)>,
    /// Bottom-line message.
    pub message: Option<Message>,
}

/// What the app should do after an archive action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchiveStep {
    /// Stay.
    Stay,
    /// Send this to the hub.
    Send(NetRequest),
    /// Back to the lobby.
    Leave,
    /// The help card with the archive's keys.
    Help,
}

/// The archive's keys, for its help card (`?`: neither a player's name nor a game's has
/// one, so it is never wanted in the filter).
pub const ARCHIVE_KEYS: &[(&str, &str)] = &[
    (
        "letters",
        "filter: a part of a player's or a game's name, any case",
    ),
    ("Backspace", "take a letter of the filter back"),
    (
        "↑ ↓",
        "choose a game; past a page's end, the next or previous page",
    ),
    ("PgUp PgDn", "the previous / next page of 50 games"),
    (
        "Enter",
        "review the chosen game (Esc there comes back here)",
    ),
    (
        "Tab",
        "its PGN as plain text, to select with the mouse (Esc back)",
    ),
    ("?", "this help"),
    ("Esc", "clear the filter; with none, back to the lobby"),
];

impl Archive {
    /// The archive (of `player`'s games when given), and the request for its first page.
    pub fn new(player: Option<String>) -> (Archive, NetRequest) {
        let asked = ArchiveAsk {
            player: player.clone(),
            ..ArchiveAsk::default()
        };
        let archive = Archive {
            player,
            filter: String::new(),
            page: ArchivePage::default(),
            loaded: false,
            asked: asked.clone(),
            selected: 0,
            opening: None,
            message: None,
        };
        (archive, NetRequest::Archive(asked))
    }

    /// The chosen game.
    pub fn chosen(&self) -> Option<&ArchiveEntry> {
        self.page.entries.get(self.selected)
    }

    /// Whether the page shown answers what was last asked.
    pub fn current(&self) -> bool {
        self.loaded && self.page.ask == self.asked
    }

    /// Takes a page from the hub (an answer to an older request is dropped). A page that
    /// comes after ↑ from the top of the next one starts on its last row.
    pub fn paged(&mut self, page: ArchivePage) {
        if page.ask != self.asked {
            return;
        }
        let back = page.ask.offset < self.page.ask.offset && self.page.ask.text == page.ask.text;
        self.page = page;
        self.loaded = true;
        let n = self.page.entries.len();
        self.selected = if back { n.saturating_sub(1) } else { 0 };
    }

    /// Asks for the page from `offset` with the current filter.
    fn ask(&mut self, offset: usize) -> ArchiveStep {
        self.asked = ArchiveAsk {
            player: self.player.clone(),
            text: self.filter.clone(),
            offset,
        };
        ArchiveStep::Send(NetRequest::Archive(self.asked.clone()))
    }

    fn next_page(&mut self) -> ArchiveStep {
        if self.page.more && self.current() {
            let offset = self.page.ask.offset + self.page.entries.len();
            self.ask(offset)
        } else {
            ArchiveStep::Stay
        }
    }

    fn previous_page(&mut self) -> ArchiveStep {
        let at = self.page.ask.offset;
        if at > 0 && self.current() {
            self.ask(at.saturating_sub(crate::net::ARCHIVE_PAGE))
        } else {
            ArchiveStep::Stay
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> ArchiveStep {
        self.message = None;
        let n = self.page.entries.len();
        match action {
            Action::Move(Dir::Down) if self.selected + 1 < n => self.selected += 1,
            Action::Move(Dir::Down) => return self.next_page(),
            Action::Move(Dir::Up) if self.selected > 0 => self.selected -= 1,
            Action::Move(Dir::Up) => return self.previous_page(),
            Action::ScrollPage(d) if d > 0 => return self.next_page(),
            Action::ScrollPage(_) => return self.previous_page(),
            Action::Type('?') | Action::Help => return ArchiveStep::Help,
            Action::Type(c)
                if !c.is_control() && self.filter.chars().count() < ARCHIVE_FILTER_MAX =>
            {
                self.filter.push(c);
                return self.ask(0);
            }
            Action::Backspace if !self.filter.is_empty() => {
                self.filter.pop();
                return self.ask(0);
            }
            Action::Cancel if !self.filter.is_empty() => {
                self.filter.clear();
                return self.ask(0);
            }
            Action::Cancel | Action::Quit => return ArchiveStep::Leave,
            Action::Select | Action::Start | Action::ShowPgn => {
                if let Some(room) = self.chosen().map(|e| e.room) {
                    self.opening = Some((room, action == Action::ShowPgn));
                    return ArchiveStep::Send(NetRequest::ArchiveGame(room));
                }
            }
            _ => {}
        }
        ArchiveStep::Stay
    }

    /// The game asked for has come: its review (with the PGN shown when that was asked),
    /// exported into `home` (the player's own folder) when exported, its PGN's `Site` the
    /// server's name (`site`).
    pub fn opened(
        &mut self,
        room: u64,
        game: SavedGame,
        home: Option<&std::path::Path>,
        site: Option<&str>,
    ) -> Option<Result<Review, String>> {
        let (want, pgn) = self.opening?;
        if want != room {
            return None;
        }
        self.opening = None;
        Some(Review::new(game, None).map(|mut review| {
            review.export_dir = home.map(|h| h.join("saves"));
            review.export_name = Some(export_name(room, &review.saved));
            review.site = site.map(str::to_string);
            if pgn {
                review.show_pgn();
            }
            review
        }))
    }
}

/// The file name a server game is exported as: `game-ROOM-WHITE-BLACK.pgn`, the names
/// kept to letters, digits, `-` and `_`.
fn export_name(room: u64, saved: &SavedGame) -> String {
    let clean = |p: &crate::save::Player| -> String {
        p.label()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
            .take(24)
            .collect()
    };
    format!(
        "game-{room}-{}-{}.pgn",
        clean(&saved.white),
        clean(&saved.black)
    )
}

/// Whether the app may write `path`: anywhere for the local app; for a player on the
/// server only inside their own folder (`home`), by a path without `..` (the server's other
/// files and the other players' folders are never written).
///
/// # Errors
/// A line for the player when the path is outside their folder.
pub fn own_path(
    online: bool,
    home: Option<&std::path::Path>,
    path: &std::path::Path,
) -> Result<(), String> {
    use std::path::Component;
    if !online {
        return Ok(());
    }
    let inside = home.is_some_and(|home| {
        path.starts_with(home)
            && path
                .components()
                .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    });
    if inside {
        Ok(())
    } else {
        Err("on the server a game is exported only into your own folder".into())
    }
}

/// How a file of the player's is named to them: in full at home; on the server, relative to
/// the player's own folder (`saves/NAME.ron`), so that no server path reaches a remote user.
pub fn shown_path(online: bool, home: Option<&std::path::Path>, path: &std::path::Path) -> String {
    let shown = match home.and_then(|h| path.strip_prefix(h).ok()) {
        Some(inside) if online => inside.display().to_string(),
        _ if online => path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        _ => path.display().to_string(),
    };
    crate::text::sanitize(&shown).into_owned()
}

impl App {
    /// Opens the archive (of `player`'s games when given) and asks for its first page.
    pub(crate) fn open_archive(&mut self, player: Option<String>) {
        let (archive, request) = Archive::new(player);
        self.net.push(request);
        self.screen = Screen::Archive(Box::new(archive));
    }

    /// What an archive action leads to.
    pub(crate) fn archive_step(&mut self, step: ArchiveStep) {
        match step {
            ArchiveStep::Stay => {}
            ArchiveStep::Send(request) => self.net.push(request),
            ArchiveStep::Leave => self.go_home(None),
            ArchiveStep::Help => self.card = Some(super::card::Card::help()),
        }
    }

    /// A page of the archive came.
    pub(crate) fn archive_paged(&mut self, page: ArchivePage) {
        if let Screen::Archive(a) = &mut self.screen {
            a.paged(page);
        }
    }

    /// A game of the archive came: its review, the archive kept behind it (Esc goes back).
    pub(crate) fn archive_game(&mut self, room: u64, game: SavedGame) {
        let home = self.data_dir.clone();
        let Screen::Archive(archive) = &mut self.screen else {
            return;
        };
        match archive.opened(room, game, home.as_deref(), self.site.as_deref()) {
            None => {}
            Some(Ok(review)) => {
                let archive = std::mem::replace(&mut self.screen, Screen::Review(Box::new(review)));
                if let Screen::Archive(a) = archive {
                    self.archive_behind = Some(a);
                }
            }
            Some(Err(e)) => {
                archive.message = Some(Message {
                    text: e,
                    error: true,
                })
            }
        }
    }
}
