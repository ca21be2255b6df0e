//! Difficulty levels: a ladder from a beginner to the full-strength search, in steps of
//! about 300 Elo on the chess scale.
//!
//! The levels weaken the way strong engines do it for people: a shallow or node-limited
//! search that sees the best few moves exactly ([`SearchLimits::multipv`]) and plays one
//! drawn with a temperature ([`SearchLimits::temperature`]) that grows as the level drops.
//! The evaluation is never falsified, so a weak level's mistakes are the plausible ones (a
//! tactic too deep for it, a slightly worse plan), not random moves, and its scores are
//! honest opinions. Every level below the top is limited by depth or nodes, not time, so its
//! strength does not depend on the machine or its load, and the weak ones answer at once.
//! At every level the first [`OPENING_MOVES`](super::OPENING_MOVES) moves are drawn among
//! those within [`VARIETY`] centipawns of the best ([`SearchLimits::variety`]).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::limits::{fresh_seed, SearchLimits};

/// A playing strength, `1..=8`.
///
/// ```
/// use rankup::ai::Level;
/// let level: Level = "4".parse().unwrap();
/// assert_eq!(level, Level::DEFAULT);
/// assert_eq!(level.label(), "level 4 · about 1550");
/// assert!(level.limits().depth.is_some());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// One row of the level table.
struct Setting {
    name: &'static str,
    /// About this strong on the chess scale.
    elo: u32,
    summary: &'static str,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// The time per move: the limit of the top level, a ceiling only for the others.
    millis: u64,
    multipv: usize,
    temperature: u32,
}

const SETTINGS: [Setting; 8] = [
    Setting {
        name: "beginner",
        elo: ELO[0],
        summary: "looks one move ahead and often plays a lesser move",
        depth: Some(1),
        nodes: None,
        millis: 2_000,
        multipv: 8,
        temperature: 200,
    },
    Setting {
        name: "novice",
        elo: ELO[1],
        summary: "looks two moves ahead, picks among its best few freely",
        depth: Some(2),
        nodes: None,
        millis: 2_000,
        multipv: 6,
        temperature: 100,
    },
    Setting {
        name: "casual",
        elo: ELO[2],
        summary: "three plies deep, sometimes a second-best move",
        depth: Some(3),
        nodes: None,
        millis: 2_000,
        multipv: 5,
        temperature: 70,
    },
    Setting {
        name: "club",
        elo: ELO[3],
        summary: "four plies deep, now and then a slightly worse move",
        depth: Some(4),
        nodes: None,
        millis: 2_000,
        multipv: 4,
        temperature: 40,
    },
    Setting {
        name: "strong",
        elo: ELO[4],
        summary: "a short search (5,000 positions), now and then a slightly worse move",
        depth: None,
        nodes: Some(5_000),
        millis: 2_000,
        multipv: 2,
        temperature: 15,
    },
    Setting {
        name: "expert",
        elo: ELO[5],
        summary: "a search of 35 thousand positions, seldom a second-best move",
        depth: None,
        nodes: Some(35_000),
        millis: 3_000,
        multipv: 2,
        temperature: 8,
    },
    Setting {
        name: "master",
        elo: ELO[6],
        summary: "a search of 100 thousand positions, always its best",
        depth: None,
        nodes: Some(100_000),
        millis: 5_000,
        multipv: 1,
        temperature: 0,
    },
    Setting {
        name: "full strength",
        elo: ELO[7],
        summary: "full search for two seconds per move on every core but one",
        depth: None,
        nodes: None,
        millis: 2_000,
        multipv: 1,
        temperature: 0,
    },
];

/// The levels' ratings on the chess scale, rounded to 50: levels 1-7 each measured against
/// Fairy-Stockfish's `UCI_Elo` setting nearest to it, with time enough for the level's own
/// depth or node limit to be what stops it (README, "The AI"; levels 4-7 again with the
/// built-in chess network); level 8, the full search, against `UCI_Elo 2800` with its own
/// two seconds a move.
const ELO: [u32; 8] = [700, 950, 1250, 1550, 1850, 2200, 2550, 3050];

/// Opening variety of every level: moves within this many centipawns of the best are drawn
/// evenly in the first moves of a game.
pub const VARIETY: u32 = 15;

/// Where the levels `1..=6` of saves and configs from before the ladder land on it (by how
/// they played: depth 1 and 2 with noise, depth 4 with a little, then one, three and ten
/// seconds of full search, which only the top level still is).
const OLD_LEVELS: [u8; 6] = [1, 2, 4, 8, 8, 8];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: the full search.
    pub const MAX: Level = Level(SETTINGS.len() as u8);
    /// The level a new game uses.
    pub const DEFAULT: Level = Level(4);
    /// Every level, weakest first.
    pub const ALL: [Level; SETTINGS.len()] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The level numbered `n`, if there is one.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    /// The ladder's level for level `n` of the old six-level scale (saves and configs
    /// written before the ladder), if `n` is one of `1..=6`.
    ///
    /// ```
    /// use rankup::ai::Level;
    /// assert_eq!(Level::from_old(1), Level::new(1));
    /// assert_eq!(Level::from_old(4), Some(Level::MAX)); // the old one-second "club"
    /// assert_eq!(Level::from_old(7), None);
    /// ```
    pub fn from_old(n: u8) -> Option<Level> {
        let i = usize::from(n.checked_sub(1)?);
        OLD_LEVELS.get(i).and_then(|&m| Level::new(m))
    }

    /// The level closest to `elo` on the chess scale (the lowest below the ladder, the top
    /// above it): what UCI's `UCI_Elo` plays as.
    ///
    /// ```
    /// use rankup::ai::Level;
    /// assert_eq!(Level::for_elo(0), Level::MIN);
    /// assert_eq!(Level::for_elo(1350), Level::new(3).unwrap());
    /// assert_eq!(Level::for_elo(9999), Level::MAX);
    /// ```
    pub fn for_elo(elo: u32) -> Level {
        Level::ALL
            .into_iter()
            .min_by_key(|l| l.elo().abs_diff(elo))
            .unwrap_or(Level::DEFAULT)
    }

    /// The level's number, `1..=8`.
    pub fn number(self) -> u8 {
        self.0
    }

    fn setting(self) -> &'static Setting {
        &SETTINGS[usize::from(self.0 - 1)]
    }

    /// A one-word name (`beginner`, ..., `full strength`).
    pub fn name(self) -> &'static str {
        self.setting().name
    }

    /// About how strong the level plays on the chess scale (Elo).
    pub fn elo(self) -> u32 {
        self.setting().elo
    }

    /// `level 3 · about 1400`: how levels are shown.
    pub fn label(self) -> String {
        format!("level {} · about {}", self.0, self.elo())
    }

    /// One line saying how the level plays, for menus.
    pub fn describe(self) -> &'static str {
        self.setting().summary
    }

    /// The time this level allows itself per move (a ceiling only, below the top level).
    pub fn movetime(self) -> Duration {
        Duration::from_millis(self.setting().millis)
    }

    /// Search limits for a move at this level, with a fresh seed ([`fresh_seed`]; set
    /// [`SearchLimits::seed`] for a repeatable game).
    pub fn limits(self) -> SearchLimits {
        self.limits_with(self.movetime(), fresh_seed())
    }

    /// The level's search threads: [`default_threads`] for the full-strength level (every
    /// core but one, which stays free for the user interface); one for the others, limited
    /// by depth or nodes, so that they are deterministic.
    fn threads(self) -> usize {
        let s = self.setting();
        if s.depth.is_some() || s.nodes.is_some() {
            1
        } else {
            default_threads()
        }
    }

    /// Whether the level thinks on its opponent's time: only the top one, the only level
    /// limited by time (the others are limited by depth or nodes, so a warm hash table would
    /// make them stronger than their rating says, and they answer at once anyway).
    pub fn ponders(self) -> bool {
        self == Level::MAX
    }

    /// Limits of a search on the opponent's time (until the opponent moves): with the
    /// level's threads, never played, for the hash table it fills.
    pub fn ponder_limits(self) -> SearchLimits {
        SearchLimits {
            infinite: true,
            threads: self.threads(),
            ..SearchLimits::default()
        }
    }

    /// Search limits for a move at this level with a given time per move and seed (of its
    /// choices among moves; the same seed, position and level give the same move under the
    /// depth and node limits), on the level's threads ([`Level::threads`]).
    pub fn limits_with(self, movetime: Duration, seed: u64) -> SearchLimits {
        let s = self.setting();
        SearchLimits {
            depth: s.depth,
            nodes: s.nodes,
            movetime: Some(movetime),
            multipv: s.multipv,
            temperature: s.temperature,
            variety: VARIETY,
            seed,
            threads: self.threads(),
            ..SearchLimits::default()
        }
    }
}

/// Limits for an honest opinion of a position rather than a move at a level (hints,
/// review, a draw offer's answer): the full search for `movetime`, on [`default_threads`]
/// threads, always the best move.
pub fn analysis_limits(movetime: Duration) -> SearchLimits {
    SearchLimits {
        threads: default_threads(),
        ..SearchLimits::movetime(movetime)
    }
}

/// Search threads for the app's levels: the machine's cores less one (at least one), so the
/// interface stays responsive while the AI thinks.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1)
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, about {})", self.0, self.name(), self.elo())
    }
}

/// Error for text that is not a level number or name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}' (expected {}..={} or a level name)",
            crate::text::short(&self.0),
            Level::MIN.0,
            Level::MAX.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads a level number (`4`) or name (`club`, any case).
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim();
        t.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .or_else(|| {
                Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(t))
            })
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_climbs_and_only_the_top_is_timed() {
        let elos: Vec<u32> = Level::ALL.iter().map(|l| l.elo()).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
        assert!(elos[0] < 1000, "a true beginner at the bottom: {elos:?}");
        for level in Level::ALL {
            let l = level.limits_with(level.movetime(), 1);
            let limited = l.depth.is_some() || l.nodes.is_some();
            assert_eq!(limited, level != Level::MAX, "{level}");
            assert_eq!(l.noise, 0, "no level falsifies the evaluation");
            assert_eq!(l.variety, VARIETY);
        }
        // Colder and wider as the levels climb.
        let t: Vec<u32> = Level::ALL.iter().map(|l| l.limits().temperature).collect();
        assert!(t.windows(2).all(|w| w[0] >= w[1]), "{t:?}");
        assert_eq!(Level::MAX.limits().temperature, 0);
    }

    #[test]
    fn old_levels_map_onto_the_ladder_in_order() {
        let mapped: Vec<Level> = (1..=6).map(|n| Level::from_old(n).unwrap()).collect();
        assert!(mapped.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(Level::from_old(0), None);
        assert_eq!(Level::from_old(4).unwrap().limits().temperature, 0);
    }

    #[test]
    fn levels_read_by_number_or_name() {
        assert_eq!("8".parse::<Level>(), Ok(Level::MAX));
        assert_eq!("Full Strength".parse::<Level>(), Ok(Level::MAX));
        assert!("9".parse::<Level>().is_err());
    }
}

/// A level as saves and configs hold it: written as text (`"5"`); read as text (a number of
/// the ladder or a name, `"5"`, `"strong"`) or as a bare number, which files from before the
/// ladder wrote and which is read on their six-level scale ([`Level::from_old`]).
pub mod stored {
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    use super::Level;

    /// Writes `level` as its number in text.
    pub fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&level.number().to_string())
    }

    /// Reads a level written by [`serialize`], or a bare number of the old scale.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        d.deserialize_any(StoredLevel)
    }

    struct StoredLevel;

    impl Visitor<'_> for StoredLevel {
        type Value = Level;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(
                f,
                "a level \"{}\"..\"{}\" or its name, or an old level number 1..=6",
                Level::MIN.number(),
                Level::MAX.number()
            )
        }

        fn visit_u64<E: de::Error>(self, n: u64) -> Result<Level, E> {
            u8::try_from(n)
                .ok()
                .and_then(Level::from_old)
                .ok_or_else(|| {
                    E::custom(format!(
                        "AI level {n} is out of range 1..=6 (a bare number is the old \
                         six-level scale; write a level of the ladder as text, \"1\"..\"{}\")",
                        Level::MAX.number()
                    ))
                })
        }

        fn visit_i64<E: de::Error>(self, n: i64) -> Result<Level, E> {
            match u64::try_from(n) {
                Ok(n) => self.visit_u64(n),
                Err(_) => Err(E::custom(format!("AI level {n} is out of range 1..=6"))),
            }
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Level, E> {
            text.parse::<Level>().map_err(E::custom)
        }
    }
}
