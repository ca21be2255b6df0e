//! `rankup serve`: the game over SSH.

pub mod hub;

use russh::keys::{Algorithm, PrivateKey};

/// A new host key.
pub fn new_host_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("ed25519 keys can be made")
}
