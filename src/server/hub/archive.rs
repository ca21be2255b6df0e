//! What the archive and the players' cards read from the hub: a name's key and a
//! player's ratings, both in memory. The finished games themselves are read by the
//! server from its store outside the hub's lock (`server::archive`).

use crate::rating::Rating;
use crate::variants::VariantId;

use super::Hub;

impl Hub {
    /// The key fingerprint of the player named `name` (any case), if registered.
    pub fn key_named(&self, name: &str) -> Option<String> {
        let lower = name.to_lowercase();
        self.names
            .iter()
            .filter(|(_, n)| n.to_lowercase() == lower)
            .min_by_key(|(_, n)| n.as_str() != name)
            .map(|(k, _)| k.clone())
    }

    /// The ratings of the player with `key`, in the games they have played rated, most
    /// played first (then by game).
    pub fn ratings_of(&self, key: &str) -> Vec<(VariantId, Rating)> {
        let mut list: Vec<(VariantId, Rating)> = self
            .ratings
            .get(key)
            .map(|games| games.iter().map(|(g, r)| (*g, *r)).collect())
            .unwrap_or_default();
        list.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(&b.0)));
        list
    }
}
