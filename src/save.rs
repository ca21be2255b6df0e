//! Saved games: the RON save format (version 1), loading that replays and checks every
//! move, crash-safe writing, and the data directory with one locked file per game in play
//! and the `saves/` folder.
//!
//! # The file
//!
//! A save file is RON, written by [`SavedGame::to_ron`] and read by [`SavedGame::from_ron`]
//! (or [`load`] / [`save`] with a path):
//!
//! ```text
//! #![enable(implicit_some)]
//! (
//!     version: 1,
//!     name: "Friday night",
//!     variant: "chess",
//!     start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!     white: Human(name: "Ann"),
//!     black: Ai(level: 2),
//!     result: "1-0",
//!     termination: Checkmate,
//!     started: "2025-06-01T18:30:00Z",
//!     ended: "2025-06-01T18:41:07Z",
//!     moves: [
//!         (token: "e2e4", san: "e4", think_ms: 4200),
//!         (token: "e7e5", san: "e5", think_ms: 250, eval: Cp(-20)),
//!         (token: "d1h5", san: "Qh5", comment: "the Scholar's idea"),
//!         ...
//!     ],
//! )
//! ```
//!
//! * `version`: the format version, `1`. Another number is refused with "unsupported
//!   version" before anything else is read.
//! * `name` (optional): the game's name.
//! * `variant`: the game's id (README, "Command line": `chess`, `veteran`, `promochess`, ...).
//! * `variant_hash`, `variant_file` (a player's own game only): the game's variant file as
//!   it was when saved and its [`content_hash`](crate::variants::content_hash); loading
//!   registers that copy ([`register_embedded`](crate::variants::register_embedded)), so the
//!   save loads when the player's file changed or is gone. Absent for built-in games.
//! * `start`: the start position string (the variant's standard start, or any position).
//! * `white`, `black`: `Human(name: "Ann")`, `Human(name: None)` or `Ai(level: 1..6)`.
//! * `result`: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game is unfinished.
//! * `termination` (absent while unfinished): `Checkmate`, `Stalemate`, `Repetition`,
//!   `FiftyMoves`, `BareKings`, `InsufficientMaterial`, `Resignation`, `Agreement`, `Time`.
//! * `started`, `ended` (absent while unfinished): RFC 3339 UTC times.
//! * `clock` (timed games only): `(base_s: 300, increment_s: 3, white_ms: 281200,
//!   black_ms: 290750)`, the time control and each side's time left when saved; parts of
//!   a second of the control in `base_ms` / `increment_ms` (written only when there are).
//! * `moves`: one entry per move: `token` (the coordinate token, README "Move tokens"),
//!   `san`, and optionally `think_ms` (milliseconds the player thought, at most a year of
//!   365 days), `eval` (the AI's evaluation when it chose the move, from White's point of
//!   view: `Cp(35)` centipawns or `Mate(3)` / `Mate(-2)` full moves to mate, positive when
//!   White mates) and `comment`.
//! * `updated`, `plies` (optional; the store writes them with every write, after `ended`,
//!   [`SavedGame::to_ron_at`]): when the file was last written ("last played" in the lists)
//!   and the number of moves, so that a list reads only the top of a file. Loading checks
//!   them (`plies` against the moves, `updated` not before `started`) and drops them.
//!
//! Unknown fields are an error (a typo should not be silently dropped). Loading replays
//! every move through the engine: the token must name a legal move, the SAN must be that
//! move's SAN, and the result must agree with the final position (checkmate, stalemate,
//! repetition, 50 moves and dead material are decided by the board; resignation, agreement
//! and time are taken as written). Loading never writes.
//!
//! # Files on disk
//!
//! [`DataDir`] is the data directory (`RANKUP_DATA_DIR`, or the platform's: on Linux
//! `~/.local/share/rankup`). It holds
//!
//! * `games/`: every game in play has its own file from its first move
//!   (`2026-11-21T183000Z-promochess-ab12.ron`), rewritten after every change and locked
//!   ([`GameFile`], an OS advisory lock on `.NAME.lock` beside it) while a process plays
//!   it, so two sessions never write over each other's game; a second process reviews a
//!   locked game read-only ([`OpenError::Elsewhere`]), and so does any process when the
//!   lock cannot be opened or taken ([`OpenError::NoLock`]);
//! * `saves/`: finished games (moved there when they end, [`DataDir::archive`]) and games
//!   saved under a name.
//!
//! Every change goes through a [`Disk`] (the real one, or [`FaultyDisk`] in tests) and every
//! write through [`write_atomic`] (temporary file, fsync, rename, fsync of the directory), so
//! a killed process or a dropped connection leaves either the previous state or the new
//! one. Nothing is ever written over a file that does not load, or over another game.
//! [`DataDir::tidy`] moves the single `autosave.ron` of older versions into `games/`.
//! Only regular files are read ([`crate::input::open_regular`]): a FIFO or a device where a
//! game is looked for is refused at once, never waited for.
//!
//! # Wiring into the app
//!
//! * At start: [`DataDir::tidy`], then [`DataDir::in_play`] lists the unfinished games (from
//!   the top of each file: nothing is locked or replayed); [`DataDir::open_game`] locks one
//!   and reads it for resuming ([`SavedGame::to_game`], [`SavedGame::meta`]);
//!   [`DataDir::claim_latest`] locks the last played free one for `rankup resume`.
//! * For a new game: `GameMeta::new(white, black)`; at its first move
//!   [`DataDir::new_game_file`], then [`GameFile::write`] after every change (set
//!   [`Game::last_note_mut`](crate::game::Game::last_note_mut) first when think time or an
//!   evaluation is known). When the game ends, set `meta.ended`, [`DataDir::archive`] it and
//!   [`GameFile::remove`] the file in play.
//! * Save as: the game gets a name and [`DataDir::archive`] keeps it under that name.
//! * Games browser: [`DataDir::list`] (or [`list`] for any folder); a broken file is an
//!   entry with its [`LoadError`].
//! * Review: [`load`], then [`SavedGame::positions`] and the `moves` with their notes.
//! * Export to a path the player names: [`write_output`].
//!
//! ```
//! use rankup::game::Game;
//! use rankup::save::{GameMeta, Player, SavedGame};
//! use rankup::variants::{variant, VariantId};
//!
//! let mut game = Game::from_start(variant(VariantId::Chess));
//! game.play_text("e4").unwrap();
//! let meta = GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS);
//! let saved = SavedGame::from_game(&game, &meta);
//! let text = saved.to_ron();
//! assert!(text.contains(r#"(token: "e2e4", san: "e4")"#));
//! assert_eq!(SavedGame::from_ron(&text, "game.ron").unwrap(), saved);
//! ```

mod analysis;
mod disk;
mod error;
mod format;
mod games;
mod head;
pub mod pgn;
mod replay;
mod store;
mod tidy;
mod timestamp;
mod trash;

pub use analysis::{keep_analysis, KeepAnalysisError, SavedAnalysis};
pub use disk::{write_atomic, write_output, Disk, FaultyDisk, RealDisk, Written};
pub use error::{LoadError, LoadErrorKind, MovePlace, SaveError};
pub use format::{
    GameResult, Player, SavedClock, SavedGame, SavedMove, Termination, FORMAT_VERSION,
    MAX_FILE_BYTES, MAX_RECORDED_MS, OLDEST_FORMAT_VERSION,
};
pub use games::{GameFile, InPlay, OpenError};
pub use replay::GameMeta;
pub use store::{
    list, load, load_named, save, DataDir, Listing, Summary, AUTOSAVE_FILE, DATA_DIR_ENV,
    GAMES_DIR, SAVES_DIR,
};
pub use tidy::Tidied;
pub use timestamp::{ParseTimestampError, Timestamp};
pub use trash::{MoveError, TRASH_DIR};
