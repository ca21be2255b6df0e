//! Ratings on the server: each player's Glicko-2 rating per game (by key fingerprint and
//! variant), as the store handed them to the hub, and the update when a rated game ends.

use std::collections::{BTreeMap, HashMap};

use crate::net::{RatingChange, RatingView, RoomId};
use crate::rating::{Rating, Score};
use crate::rules::{ByColor, Color, Outcome};
use crate::variants::VariantId;

use super::room::variant_id;
use super::{Effect, Hub};

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
    /// room for its view, and handed to the server as one [`Effect::Rated`].
    pub(super) fn rate(&mut self, room_id: RoomId, outcome: Outcome, out: &mut Vec<Effect>) {
        let Some(room) = self.rooms.get(&room_id) else {
            return;
        };
        if !room.rated || room.table.game().history().len() < RATED_MIN_PLIES {
            return;
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
        out.push(Effect::Rated {
            room: room_id,
            changes: Color::ALL
                .into_iter()
                .map(|c| (keys[c].clone(), game, after[c]))
                .collect(),
        });
    }
}
