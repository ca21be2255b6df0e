//! The games rankup plays. Each is a variant file (`variants/<game>.ron` at the top of the
//! repository, read by [`file::load`]'s loader and compiled into the program); the modules
//! here keep only what a file cannot say: the built-in behaviours files name.
//!
//! Adding a built-in game: write `variants/<game>.ron`, add a constant to [`VariantId`] and
//! a line to its table of built-in files, and add its perft file under `tests/data/perft/`.
//!
//! A player's own games (`*.ron` in the config directory's `variants/` folder) are read by
//! [`load_user_dir`] and registered beside the built-in ones; [`VariantId::all`] lists both.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::rules::{Movement, Variant};

pub use registry::{
    content_hash, load_user_dir, register, register_embedded, user_files_broken, BrokenFile,
    RegisterError, UserGame,
};

pub mod file;
mod registry;
pub(crate) mod ron_path;
mod tamerspiel;
mod upgrade;

/// Parses a Betza string written in a variant file, where a typo is a programming error
/// (every variant is compiled by the tests).
pub(crate) fn betza(text: &str) -> Movement {
    Movement::betza(text).unwrap_or_else(|e| panic!("BUG: {e}"))
}

/// Identifier of a game, as used on the command line, in saves and in the engine protocol
/// (README, "Command line"): a handle into the process-wide list of games, the thirteen built-in
/// ones first (named by the associated constants, `VariantId::Chess`), then the games
/// registered while the program runs (a player's files, see [`load_user_dir`], and
/// definitions embedded in saves, see [`register_embedded`]).
///
/// The text form ([`VariantId::as_str`], [`FromStr`]) is what is stable; the number inside
/// is only meaningful within one run.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VariantId(u16);

// The constants keep the names the games had as enum variants, so `VariantId::Chess` and
// `match` arms on them read as before.
#[allow(non_upper_case_globals)]
impl VariantId {
    /// Orthodox chess, the reference the engine is checked against.
    pub const Chess: VariantId = VariantId(0);
    /// Veteran Chess (H. G. Muller): captures promote the capturer.
    pub const Veteran: VariantId = VariantId(1);
    /// Upgrade Chess (Daniil Frolov): captures add levels that widen movement.
    pub const Upgrade: VariantId = VariantId(2);
    /// Alternate Promotion Chess (Charles Gilman), Crowned chain.
    pub const ApcCrowned: VariantId = VariantId(3);
    /// Alternate Promotion Chess, Long-haul crowned chain.
    pub const ApcLonghaulCrowned: VariantId = VariantId(4);
    /// Alternate Promotion Chess, Timur chain.
    pub const ApcTimur: VariantId = VariantId(5);
    /// Alternate Promotion Chess, Mixed-compound Timur chain.
    pub const ApcMixedTimur: VariantId = VariantId(6);
    /// Alternate Promotion Chess, Long-haul Timur chain.
    pub const ApcLonghaulTimur: VariantId = VariantId(7);
    /// Alternate Promotion Chess, Eurasian chain.
    pub const ApcEurasian: VariantId = VariantId(8);
    /// Alternate Promotion Chess, Mixed-compound Eurasian chain.
    pub const ApcMixedEurasian: VariantId = VariantId(9);
    /// Alternate Promotion Chess, Long-haul Eurasian chain.
    pub const ApcLonghaulEurasian: VariantId = VariantId(10);
    /// PromoChess (Glenn Overby II), 9x9.
    pub const Promochess: VariantId = VariantId(11);
    /// Tamerspiel (Eric V. Greenwood), 10x8 plus four corner citadels.
    pub const Tamerspiel: VariantId = VariantId(12);
}

/// The data file `DIR/ID.ron` of every built-in game, embedded: `[(id, text); 13]` in the
/// order of [`VariantId::ALL`]. `DIR` is relative to `src/` and ends in `/`; every game
/// must have its file (the build fails otherwise). Lessons and puzzle sets use it.
macro_rules! per_game_files {
    ($dir:literal) => {
        [
            ("chess", include_str!(concat!($dir, "chess.ron"))),
            ("veteran", include_str!(concat!($dir, "veteran.ron"))),
            ("upgrade", include_str!(concat!($dir, "upgrade.ron"))),
            (
                "apc-crowned",
                include_str!(concat!($dir, "apc-crowned.ron")),
            ),
            (
                "apc-longhaul-crowned",
                include_str!(concat!($dir, "apc-longhaul-crowned.ron")),
            ),
            ("apc-timur", include_str!(concat!($dir, "apc-timur.ron"))),
            (
                "apc-mixed-timur",
                include_str!(concat!($dir, "apc-mixed-timur.ron")),
            ),
            (
                "apc-longhaul-timur",
                include_str!(concat!($dir, "apc-longhaul-timur.ron")),
            ),
            (
                "apc-eurasian",
                include_str!(concat!($dir, "apc-eurasian.ron")),
            ),
            (
                "apc-mixed-eurasian",
                include_str!(concat!($dir, "apc-mixed-eurasian.ron")),
            ),
            (
                "apc-longhaul-eurasian",
                include_str!(concat!($dir, "apc-longhaul-eurasian.ron")),
            ),
            ("promochess", include_str!(concat!($dir, "promochess.ron"))),
            ("tamerspiel", include_str!(concat!($dir, "tamerspiel.ron"))),
        ]
    };
}
pub(crate) use per_game_files;

/// The text of `game`'s file in a [`per_game_files`] table.
pub(crate) fn per_game_file(
    table: &[(&'static str, &'static str)],
    game: VariantId,
) -> Option<&'static str> {
    table
        .iter()
        .find(|(id, _)| *id == game.as_str())
        .map(|(_, text)| *text)
}

/// The built-in games: the name of their constant (for `Debug`), their id and their file.
const BUILTIN: [(&str, &str, (&str, &str)); 13] = {
    macro_rules! file {
        ($name:literal) => {
            (
                concat!("variants/", $name),
                include_str!(concat!("../variants/", $name)),
            )
        };
    }
    [
        ("Chess", "chess", file!("chess.ron")),
        ("Veteran", "veteran", file!("veteran.ron")),
        ("Upgrade", "upgrade", file!("upgrade.ron")),
        ("ApcCrowned", "apc-crowned", file!("apc-crowned.ron")),
        (
            "ApcLonghaulCrowned",
            "apc-longhaul-crowned",
            file!("apc-longhaul-crowned.ron"),
        ),
        ("ApcTimur", "apc-timur", file!("apc-timur.ron")),
        (
            "ApcMixedTimur",
            "apc-mixed-timur",
            file!("apc-mixed-timur.ron"),
        ),
        (
            "ApcLonghaulTimur",
            "apc-longhaul-timur",
            file!("apc-longhaul-timur.ron"),
        ),
        ("ApcEurasian", "apc-eurasian", file!("apc-eurasian.ron")),
        (
            "ApcMixedEurasian",
            "apc-mixed-eurasian",
            file!("apc-mixed-eurasian.ron"),
        ),
        (
            "ApcLonghaulEurasian",
            "apc-longhaul-eurasian",
            file!("apc-longhaul-eurasian.ron"),
        ),
        ("Promochess", "promochess", file!("promochess.ron")),
        ("Tamerspiel", "tamerspiel", file!("tamerspiel.ron")),
    ]
};

impl VariantId {
    /// The built-in games, in menu order (see [`VariantId::all`] for every game).
    pub const ALL: [VariantId; 13] = [
        VariantId::Chess,
        VariantId::Veteran,
        VariantId::Upgrade,
        VariantId::ApcCrowned,
        VariantId::ApcLonghaulCrowned,
        VariantId::ApcTimur,
        VariantId::ApcMixedTimur,
        VariantId::ApcLonghaulTimur,
        VariantId::ApcEurasian,
        VariantId::ApcMixedEurasian,
        VariantId::ApcLonghaulEurasian,
        VariantId::Promochess,
        VariantId::Tamerspiel,
    ];

    /// Every game known now: the built-in ones in menu order, then the registered ones in
    /// the order they were registered.
    pub fn all() -> Vec<VariantId> {
        let user = registry::count();
        VariantId::ALL
            .into_iter()
            .chain((0..user).map(|i| VariantId((BUILTIN.len() + i) as u16)))
            .collect()
    }

    /// Whether this is one of the thirteen built-in games.
    pub fn is_builtin(self) -> bool {
        usize::from(self.0) < BUILTIN.len()
    }

    /// The identifier text (`promochess`).
    pub fn as_str(self) -> &'static str {
        match BUILTIN.get(usize::from(self.0)) {
            Some((_, id, _)) => id,
            None => self.user().id,
        }
    }

    /// The game's rules, as loaded from its variant file.
    pub fn spec(self) -> &'static crate::rules::VariantSpec {
        variant(self).spec()
    }

    /// The game's variant file: the name errors show (`variants/chess.ron`, or the path of
    /// a player's file) and its text.
    pub fn source(self) -> (&'static str, &'static str) {
        match BUILTIN.get(usize::from(self.0)) {
            Some((_, _, file)) => *file,
            None => {
                let game = self.user();
                (&game.file, &game.text)
            }
        }
    }

    /// The registered game this id stands for, when it is not a built-in one.
    pub fn user_game(self) -> Option<&'static UserGame> {
        usize::from(self.0)
            .checked_sub(BUILTIN.len())
            .and_then(registry::get)
    }

    fn user(self) -> &'static UserGame {
        // Ids are only made by this module: built-in constants or registration.
        self.user_game()
            .unwrap_or_else(|| panic!("BUG: variant id {} was never registered", self.0))
    }
}

impl fmt::Debug for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match BUILTIN.get(usize::from(self.0)) {
            Some((name, _, _)) => f.write_str(name),
            None => write!(f, "User({:?})", self.as_str()),
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Error for an unknown game identifier; the message lists the known ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = VariantId::all().iter().map(|v| v.as_str()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            crate::text::short(&self.0),
            known.join(", ")
        )?;
        // A player's file named like the id most likely meant to be that game: say why it
        // is not one.
        let stem = |file: &str| {
            std::path::Path::new(file)
                .file_stem()
                .is_some_and(|s| s.eq_ignore_ascii_case(&self.0))
        };
        match user_files_broken().into_iter().find(|b| stem(&b.file)) {
            Some(broken) => write!(f, "; {}", broken.error),
            None => Ok(()),
        }
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<VariantId, UnknownVariant> {
        VariantId::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(s))
            .or_else(|| registry::find(s).map(|i| VariantId((BUILTIN.len() + i) as u16)))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

static COMPILED: [OnceLock<Variant>; VariantId::ALL.len()] =
    [const { OnceLock::new() }; VariantId::ALL.len()];

/// The compiled game: a built-in one is read from its variant file on first use (by the
/// loader a player's own file goes through); every game is shared for the life of the
/// program.
pub fn variant(id: VariantId) -> &'static Variant {
    match COMPILED.get(usize::from(id.0)) {
        Some(cell) => cell.get_or_init(|| {
            let (name, text) = id.source();
            // The built-in files are checked by the tests (each loads and starts).
            file::compile(text, name).unwrap_or_else(|e| panic!("BUG: built-in variant: {e}"))
        }),
        None => id.user().variant,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn every_variant_compiles_and_starts() {
        for id in VariantId::ALL {
            let v = variant(id);
            assert_eq!(v.id(), id.as_str());
            let (name, text) = id.source();
            let loaded = file::load(text, name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(format!("{:?}", loaded.spec()), format!("{:?}", v.spec()));
            let pos = Position::start(v);
            assert_eq!(pos.fen(), v.spec().start, "{id} start round-trips");
            assert_eq!(id.as_str().parse::<VariantId>(), Ok(id));
        }
        assert!("xiangqi".parse::<VariantId>().is_err());
    }
}
