//! What a player's card and the server's archive of finished games say: requests answered
//! by the server from its store ([`NetRequest::Card`](super::NetRequest::Card),
//! [`NetRequest::Archive`](super::NetRequest::Archive),
//! [`NetRequest::ArchiveGame`](super::NetRequest::ArchiveGame)) and the views they bring.

use crate::rules::ByColor;
use crate::save::Timestamp;

use super::RatingView;

/// Rows of the archive one request brings (a page).
pub const ARCHIVE_PAGE: usize = 50;

/// Finished games a player's card lists.
pub const CARD_RECENT: usize = 8;

/// The longest filter text the archive takes.
pub const ARCHIVE_FILTER_MAX: usize = 24;

/// A finished game on the server, as the archive and a card list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveEntry {
    /// The room it was played in (its id in the archive).
    pub room: u64,
    /// The game's name.
    pub game: String,
    /// The players' names.
    pub names: ByColor<String>,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Rated.
    pub rated: bool,
    /// When it ended.
    pub ended: Timestamp,
}

impl ArchiveEntry {
    /// `2026-11-28`.
    pub fn date(&self) -> String {
        let (y, m, d) = self.ended.date();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// The result as the player named `me` had it: `won`, `drew`, `lost` (the score
    /// otherwise).
    pub fn result_for(&self, me: &str) -> String {
        let side = if self.names.white == me {
            Some(true)
        } else if self.names.black == me {
            Some(false)
        } else {
            None
        };
        match (self.result.as_str(), side) {
            ("1/2-1/2", Some(_)) => "drew".into(),
            ("1-0", Some(true)) | ("0-1", Some(false)) => "won".into(),
            ("1-0", Some(false)) | ("0-1", Some(true)) => "lost".into(),
            _ => self.result.clone(),
        }
    }
}

/// A player's rating in one game, on their card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRating {
    /// The game's name.
    pub game: String,
    /// The rating.
    pub rating: RatingView,
    /// Rated games played in it.
    pub games: u32,
}

/// A player's card: who they are, their ratings and record, their last games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardView {
    /// The name.
    pub name: String,
    /// The key's fingerprint (shown short).
    pub key: String,
    /// Ratings in the games played rated, most played first.
    pub ratings: Vec<CardRating>,
    /// Finished games won, drawn and lost.
    pub record: (u32, u32, u32),
    /// The most recent finished games, newest first (at most [`CARD_RECENT`]).
    pub recent: Vec<ArchiveEntry>,
}

/// What a page of the archive lists: the games of one player, or those a text matches (a
/// player's name or a game's), from a row on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArchiveAsk {
    /// Only this player's games (a name).
    pub player: Option<String>,
    /// Only games where a player's name or the game's name contains this (any case).
    pub text: String,
    /// Rows skipped: the page starts there.
    pub offset: usize,
}

/// A page of the archive.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArchivePage {
    /// What it answers.
    pub ask: ArchiveAsk,
    /// Its games, newest first.
    pub entries: Vec<ArchiveEntry>,
    /// More games follow.
    pub more: bool,
}
