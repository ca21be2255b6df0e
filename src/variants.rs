//! The games rankup plays. Each is a variant file (`variants/<game>.ron` at the top of the
//! repository, read by [`file::load`]'s loader and compiled into the program); the modules
//! here keep only what a file cannot say: the built-in behaviours files name.
//!
//! Adding a built-in game: write `variants/<game>.ron`, add one arm to [`VariantId`] (and
//! to [`VariantId::source`]), and add its perft file under `tests/data/perft/`.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::rules::{Movement, Variant};

pub mod file;
mod ron_path;
mod tamerspiel;
mod upgrade;

/// Parses a Betza string written in a variant file, where a typo is a programming error
/// (every variant is compiled by the tests).
pub(crate) fn betza(text: &str) -> Movement {
    Movement::betza(text).unwrap_or_else(|e| panic!("BUG: {e}"))
}

/// Identifier of a game, as used on the command line, in saves and in the engine protocol
/// (RULES.md section 7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum VariantId {
    /// Orthodox chess, the reference the engine is checked against.
    Chess,
    /// Veteran Chess (H. G. Muller): captures promote the capturer.
    Veteran,
    /// Upgrade Chess (Daniil Frolov): captures add levels that widen movement.
    Upgrade,
    /// Alternate Promotion Chess (Charles Gilman), Crowned chain.
    ApcCrowned,
    /// Alternate Promotion Chess, Long-haul crowned chain.
    ApcLonghaulCrowned,
    /// Alternate Promotion Chess, Timur chain.
    ApcTimur,
    /// Alternate Promotion Chess, Mixed-compound Timur chain.
    ApcMixedTimur,
    /// Alternate Promotion Chess, Long-haul Timur chain.
    ApcLonghaulTimur,
    /// Alternate Promotion Chess, Eurasian chain.
    ApcEurasian,
    /// Alternate Promotion Chess, Mixed-compound Eurasian chain.
    ApcMixedEurasian,
    /// Alternate Promotion Chess, Long-haul Eurasian chain.
    ApcLonghaulEurasian,
    /// PromoChess (Glenn Overby II), 9x9.
    Promochess,
    /// Tamerspiel (Eric V. Greenwood), 10x8 plus four corner citadels.
    Tamerspiel,
}

impl VariantId {
    /// Every game, in menu order.
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

    /// The identifier text (`promochess`).
    pub fn as_str(self) -> &'static str {
        match self {
            VariantId::Chess => "chess",
            VariantId::Veteran => "veteran",
            VariantId::Upgrade => "upgrade",
            VariantId::ApcCrowned => "apc-crowned",
            VariantId::ApcLonghaulCrowned => "apc-longhaul-crowned",
            VariantId::ApcTimur => "apc-timur",
            VariantId::ApcMixedTimur => "apc-mixed-timur",
            VariantId::ApcLonghaulTimur => "apc-longhaul-timur",
            VariantId::ApcEurasian => "apc-eurasian",
            VariantId::ApcMixedEurasian => "apc-mixed-eurasian",
            VariantId::ApcLonghaulEurasian => "apc-longhaul-eurasian",
            VariantId::Promochess => "promochess",
            VariantId::Tamerspiel => "tamerspiel",
        }
    }

    /// The game's rules, as loaded from its variant file.
    pub fn spec(self) -> &'static crate::rules::VariantSpec {
        variant(self).spec()
    }

    /// The game's variant file, compiled into the program: the name errors show
    /// (`variants/chess.ron`) and its text.
    pub fn source(self) -> (&'static str, &'static str) {
        macro_rules! file {
            ($name:literal) => {
                (
                    concat!("variants/", $name),
                    include_str!(concat!("../variants/", $name)),
                )
            };
        }
        match self {
            VariantId::Chess => file!("chess.ron"),
            VariantId::Veteran => file!("veteran.ron"),
            VariantId::Upgrade => file!("upgrade.ron"),
            VariantId::ApcCrowned => file!("apc-crowned.ron"),
            VariantId::ApcLonghaulCrowned => file!("apc-longhaul-crowned.ron"),
            VariantId::ApcTimur => file!("apc-timur.ron"),
            VariantId::ApcMixedTimur => file!("apc-mixed-timur.ron"),
            VariantId::ApcLonghaulTimur => file!("apc-longhaul-timur.ron"),
            VariantId::ApcEurasian => file!("apc-eurasian.ron"),
            VariantId::ApcMixedEurasian => file!("apc-mixed-eurasian.ron"),
            VariantId::ApcLonghaulEurasian => file!("apc-longhaul-eurasian.ron"),
            VariantId::Promochess => file!("promochess.ron"),
            VariantId::Tamerspiel => file!("tamerspiel.ron"),
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
        let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.as_str()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            crate::text::short(&self.0),
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for VariantId {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<VariantId, UnknownVariant> {
        VariantId::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

static COMPILED: [OnceLock<Variant>; VariantId::ALL.len()] =
    [const { OnceLock::new() }; VariantId::ALL.len()];

/// The compiled game, read from its variant file on first use (by the loader a player's own
/// file goes through) and shared for the life of the program.
pub fn variant(id: VariantId) -> &'static Variant {
    COMPILED[id as usize].get_or_init(|| {
        let (name, text) = id.source();
        // The built-in files are checked by the tests (each loads and starts).
        file::compile(text, name).unwrap_or_else(|e| panic!("BUG: built-in variant: {e}"))
    })
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
