//! Ratings on the server: each player's Glicko-2 rating per game (by key fingerprint and
//! variant), as the store handed them to the hub, and the update when a rated game ends.

use std::collections::{BTreeMap, HashMap};

use crate::net::{RatingChange, RatingView, RoomId};
use crate::rating::{Rating, Score};
use crate::rules::{ByColor, Color, Outcome};
use crate::variants::VariantId;

use super::room::variant_id;
use super::{Hub, RatingRow};

/// Games shorter than this (in plies) are not rated: as lichess aborts them, a game
/// resigned or lost before each side has moved says nothing of the players' strength.
pub const RATED_MIN_PLIES: usize = 2;

impl Hub {
    /// The same hub knowing these ratings (by key fingerprint and game), as the store has
    /// them.
    pub fn with_ratings(mut self, ratings: HashMap<(String, VariantId), Rating>) -> Hub {
        let mut by_key: HashMap<String, BTreeMap<VariantId, Rating>> = HashMap::new();
        for ((key, game), rating) in ratings {
            by_key.entry(key).or_default().insert(game, rating);
        }
        self.ratings = by_key;
        self
    }

    /// The same with the ratings the store kept ([`RatingRow`]s); a row of a game this
    /// server no longer has, or with values out of range, is left out and named in the
    /// lines returned.
    pub fn with_rating_rows(self, rows: Vec<RatingRow>) -> (Hub, Vec<String>) {
        let mut ratings = HashMap::new();
        let mut problems = Vec::new();
        for row in rows {
            let game = row.variant.parse::<VariantId>();
            let rating = Rating::new(row.rating, row.deviation, row.volatility, row.games);
            match (game, rating) {
                (Ok(game), Ok(rating)) => {
                    ratings.insert((row.key, game), rating);
                }
                (Err(_), _) => problems.push(format!(
                    "rating of {} in {} left out: no such game here",
                    row.key, row.variant
                )),
                (_, Err(e)) => problems.push(format!(
                    "rating of {} in {} left out: {e}",
                    row.key, row.variant
                )),
            }
        }
        (self.with_ratings(ratings), problems)
    }

    /// Every rating known (by key fingerprint and game).
    pub fn ratings(&self) -> HashMap<(String, VariantId), Rating> {
        self.ratings
            .iter()
            .flat_map(|(key, games)| games.iter().map(|(g, r)| ((key.clone(), *g), *r)))
            .collect()
    }

    /// The rating of the player with `key` in `game` (`1500?` before their first rated
    /// game in it).
    pub fn rating(&self, key: &str, game: VariantId) -> Rating {
        self.ratings
            .get(key)
            .and_then(|games| games.get(&game))
            .copied()
            .unwrap_or_default()
    }

    /// The rating of the player named `name` in `game`.
    pub(super) fn rating_by_name(&self, name: &str, game: VariantId) -> Rating {
        self.names
            .iter()
            .find(|(_, n)| n.as_str() == name)
            .map_or_else(Rating::default, |(key, _)| self.rating(key, game))
    }

    /// The games the player with `key` is rated in, with their ratings.
    pub(super) fn rating_views(&self, key: &str) -> Vec<(VariantId, RatingView)> {
        self.ratings.get(key).map_or_else(Vec::new, |games| {
            games.iter().map(|(v, r)| (*v, RatingView::of(r))).collect()
        })
    }

    /// A rated room's game ended with `outcome`: both players' ratings in its game are
    /// updated at once (each against the other's rating before the game), kept in the
    /// room for its view, and returned for the store to write with the game.
    pub(super) fn rate(&mut self, room_id: RoomId, outcome: Outcome) -> Vec<RatingRow> {
        let Some(room) = self.rooms.get(&room_id) else {
            return Vec::new();
        };
        if !room.rated || room.table.game().history().len() < RATED_MIN_PLIES {
            return Vec::new();
        }
        let game = variant_id(room.table.game());
        let keys = room.keys.clone();
        let white_score = match outcome {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => Score::Win,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => Score::Loss,
            Outcome::Draw { .. } => Score::Draw,
        };
        let before = ByColor {
            white: self.rating(&keys.white, game),
            black: self.rating(&keys.black, game),
        };
        let (white, black) = before.white.after_game(&before.black, white_score);
        let after = ByColor { white, black };
        for c in Color::ALL {
            self.ratings
                .entry(keys[c].clone())
                .or_default()
                .insert(game, after[c]);
        }
        if let Some(room) = self.rooms.get_mut(&room_id) {
            for c in Color::ALL {
                room.rating_change[c] = Some(RatingChange {
                    before: RatingView::of(&before[c]),
                    after: RatingView::of(&after[c]),
                });
            }
        }
        Color::ALL
            .into_iter()
            .map(|c| RatingRow {
                key: keys[c].clone(),
                variant: game.as_str().to_string(),
                rating: after[c].rating,
                deviation: after[c].deviation,
                volatility: after[c].volatility,
                games: after[c].games,
            })
            .collect()
    }
}
