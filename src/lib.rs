//! rankup: chess variants in which pieces promote, demote and level up.
//!
//! The crate is layered; each layer imports only those below it:
//!
//! * [`rules`]: the engine (boards with holes, movement as data, positions, make/unmake, legal
//!   moves, game end). It imports nothing else from the crate.
//! * [`variants`]: one file per game, written as data for the engine.
//! * [`notation`]: coordinate tokens and SAN.
//! * [`game`]: a played game with its history and repetition, the time control every
//!   command reads, and the rules of a sitting around a game ([`game::Table`]: clocks,
//!   offers, takeback, resignation) that local play and the server's rooms share.
//! * [`save`]: saved games (RON files, crash-safe writing, the data directory) and their
//!   PGN export and import ([`save::pgn`]).
//! * [`config`]: the user's config file.
//! * [`ai`]: the computer opponent (search and evaluation); pure, it imports only `rules`.
//! * [`uci`]: the UCI engine protocol over the search.
//! * [`arena`]: engine matches (UCI engines as child processes, rankup's rules as referee,
//!   Elo and SPRT statistics).
//!
//! * [`rating`]: Glicko-2 ratings (pure arithmetic, imports nothing from the crate).
//!
//! Beside the layers: [`input`] reads every file and protocol line with a size bound, and
//! [`text`] makes outside text (names, comments, quoted input) safe to print or draw.
//!
//! ```
//! use rankup::rules::Position;
//! use rankup::variants::{variant, VariantId};
//!
//! let mut pos = Position::start(variant(VariantId::Chess));
//! assert_eq!(pos.perft(2), 400);
//! ```

#![warn(missing_docs)]

pub mod ai;
pub mod arena;
pub mod config;
pub mod game;
pub mod input;
pub mod learn;
pub mod net;
pub mod notation;
pub mod puzzles;
pub mod rating;
pub mod rules;
pub mod save;
pub mod server;
pub mod text;
pub mod uci;
pub mod ui;
pub mod variants;
