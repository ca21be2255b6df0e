//! Difficulty levels: from a beginner that looks one move ahead through a haze of random
//! noise to the full-strength search.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::limits::SearchLimits;

/// A playing strength, `1..=6`.
///
/// ```
/// use rankup::ai::Level;
/// let level: Level = "4".parse().unwrap();
/// assert_eq!(level, Level::DEFAULT);
/// assert!(level.limits().movetime.is_some());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// One row of the level table.
struct Setting {
    name: &'static str,
    summary: &'static str,
    depth: Option<u32>,
    millis: u64,
    noise: i32,
}

const SETTINGS: [Setting; 6] = [
    Setting {
        name: "beginner",
        summary: "looks one move ahead and misjudges positions by up to 2.5 pawns",
        depth: Some(1),
        millis: 100,
        noise: 250,
    },
    Setting {
        name: "novice",
        summary: "looks two moves ahead and misjudges positions by up to 1.2 pawns",
        depth: Some(2),
        millis: 250,
        noise: 120,
    },
    Setting {
        name: "casual",
        summary: "four plies deep with a little noise, a fraction of a second per move",
        depth: Some(4),
        millis: 400,
        noise: 40,
    },
    Setting {
        name: "club",
        summary: "full search for one second per move",
        depth: None,
        millis: 1_000,
        noise: 0,
    },
    Setting {
        name: "expert",
        summary: "full search for three seconds per move",
        depth: None,
        millis: 3_000,
        noise: 0,
    },
    Setting {
        name: "master",
        summary: "full search for ten seconds per move",
        depth: None,
        millis: 10_000,
        noise: 0,
    },
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(SETTINGS.len() as u8);
    /// The level a new game uses: replies in about a second.
    pub const DEFAULT: Level = Level(4);
    /// Every level, weakest first.
    pub const ALL: [Level; SETTINGS.len()] =
        [Level(1), Level(2), Level(3), Level(4), Level(5), Level(6)];

    /// The level numbered `n`, if there is one.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    /// The level's number, `1..=6`.
    pub fn number(self) -> u8 {
        self.0
    }

    fn setting(self) -> &'static Setting {
        &SETTINGS[usize::from(self.0 - 1)]
    }

    /// A one-word name (`beginner`, ..., `master`).
    pub fn name(self) -> &'static str {
        self.setting().name
    }

    /// One line saying how the level plays, for menus.
    pub fn describe(self) -> &'static str {
        self.setting().summary
    }

    /// Whether this level plays with deliberate noise in its evaluation (the weak levels):
    /// its search scores are then no opinion of the position, and are neither shown nor
    /// kept as a move's evaluation.
    pub fn plays_with_noise(self) -> bool {
        self.setting().noise > 0
    }

    /// The time this level allows itself per move.
    pub fn movetime(self) -> Duration {
        Duration::from_millis(self.setting().millis)
    }

    /// Search limits for a move at this level, with fresh noise (the seed comes from the
    /// clock; set [`SearchLimits::seed`] for a repeatable game).
    pub fn limits(self) -> SearchLimits {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        self.limits_with(self.movetime(), seed)
    }

    /// Search limits for a move at this level with a given time per move and noise seed.
    ///
    /// The full-strength levels search with [`default_threads`] threads (every core but one,
    /// which stays free for the user interface); the weak levels, which are limited by depth
    /// and noise anyway, with one.
    pub fn limits_with(self, movetime: Duration, seed: u64) -> SearchLimits {
        let s = self.setting();
        SearchLimits {
            depth: s.depth,
            movetime: Some(movetime),
            noise: s.noise,
            seed,
            threads: if s.depth.is_none() {
                default_threads()
            } else {
                1
            },
            ..SearchLimits::default()
        }
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
        write!(f, "{} ({})", self.0, self.name())
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
