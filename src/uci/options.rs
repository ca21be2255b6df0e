//! The UCI options beyond the game, the hash and the threads: `MultiPV`, `UCI_ShowWDL`,
//! `Move Overhead`, `Ponder`, and `UCI_LimitStrength` with `UCI_Elo` (played as the
//! ladder's level nearest the rating, [`Level::for_elo`]), as one validated value the
//! session keeps.

use std::fmt::Write as _;
use std::time::Duration;

use crate::ai::{Level, SearchLimits, SearchResult};
use crate::text::short;

/// Most lines `MultiPV` accepts.
pub const MAX_MULTIPV: usize = 256;
/// `Move Overhead`'s default and largest value, in milliseconds.
const DEFAULT_OVERHEAD_MS: u64 = 10;
const MAX_OVERHEAD_MS: u64 = 5_000;

/// The options' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Lines searched and reported (`MultiPV`).
    pub multipv: usize,
    /// Whether `info` lines carry `wdl` (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// Time kept back from each clock for the GUI and the line (`Move Overhead`).
    pub overhead: Duration,
    /// Whether `bestmove` names a move to ponder on (`Ponder`).
    pub ponder: bool,
    /// Whether to play at `elo` (`UCI_LimitStrength`).
    pub limit_strength: bool,
    /// The rating to play at when limited (`UCI_Elo`), on the chess scale.
    pub elo: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            multipv: 1,
            show_wdl: false,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            ponder: false,
            limit_strength: false,
            elo: Level::DEFAULT.elo(),
        }
    }
}

/// What a `setoption` did.
#[derive(Debug, PartialEq, Eq)]
pub enum Set {
    /// The option is one of these and now has its value.
    Done,
    /// The option is one of these but the value is not usable: the message says why.
    Bad(String),
    /// Not one of these options.
    Unknown,
}

impl Options {
    /// The `option` lines of the `uci` answer.
    pub fn declare(text: &mut String) {
        let d = Options::default();
        let _ = write!(
            text,
            "\noption name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}\
             \noption name UCI_ShowWDL type check default false\
             \noption name Move Overhead type spin default {} min 0 max {MAX_OVERHEAD_MS}\
             \noption name Ponder type check default false\
             \noption name UCI_LimitStrength type check default false\
             \noption name UCI_Elo type spin default {} min {} max {}",
            d.overhead.as_millis(),
            d.elo,
            Level::MIN.elo(),
            Level::MAX.elo()
        );
    }

    /// Sets option `name` (any case) to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Set {
        let check = |v: &str| match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(Set::Bad(format!(
                "{name} must be true or false, got '{}'",
                short(v)
            ))),
        };
        let spin = |v: &str, max: u64, min: u64| match v.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(Set::Bad(format!(
                "{name} must be {min}..={max}, got '{}'",
                short(v)
            ))),
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "multipv" => spin(value, MAX_MULTIPV as u64, 1).map(|n| self.multipv = n as usize),
            "uci_showwdl" => check(value).map(|b| self.show_wdl = b),
            "move overhead" => {
                spin(value, MAX_OVERHEAD_MS, 0).map(|n| self.overhead = Duration::from_millis(n))
            }
            "ponder" => check(value).map(|b| self.ponder = b),
            "uci_limitstrength" => check(value).map(|b| self.limit_strength = b),
            "uci_elo" => spin(
                value,
                u64::from(Level::MAX.elo()),
                u64::from(Level::MIN.elo()),
            )
            .map(|n| self.elo = n as u32),
            _ => return Set::Unknown,
        };
        result.err().unwrap_or(Set::Done)
    }

    /// Applies the options to a `go`'s limits: the lines to search, the overhead taken off
    /// both clocks, and when strength is limited the level's depth or nodes, lines,
    /// temperature and variety (drawn with `seed`; the `go`'s own limits still apply, and a
    /// `go` without any gets the level's time per move).
    pub fn apply(&self, limits: &mut SearchLimits, seed: u64) {
        limits.multipv = self.multipv;
        if self.limit_strength {
            let level = Level::for_elo(self.elo);
            let l = level.limits_with(level.movetime(), seed);
            let unbounded = limits.depth.is_none()
                && limits.nodes.is_none()
                && limits.movetime.is_none()
                && limits.clock.is_none()
                && !limits.infinite;
            limits.depth = min_some(limits.depth, l.depth);
            limits.nodes = min_some(limits.nodes, l.nodes);
            if unbounded {
                limits.movetime = l.movetime;
            }
            limits.multipv = limits.multipv.max(l.multipv);
            limits.temperature = l.temperature;
            limits.variety = l.variety;
            limits.seed = seed;
            if l.depth.is_some() || l.nodes.is_some() {
                limits.threads = 1;
            }
        }
        if let Some(clock) = &mut limits.clock {
            for t in [&mut clock.time.white, &mut clock.time.black] {
                *t = t.saturating_sub(self.overhead);
            }
        }
    }

    /// The `bestmove` line for `result` (`token` writes a move): with `ponder <move>`, the
    /// expected reply, when pondering is on and the line has one.
    pub fn bestmove(
        &self,
        result: &SearchResult,
        token: impl Fn(&crate::rules::Move) -> String,
    ) -> String {
        let Some(best) = result.best else {
            // UCI's null move: what GUIs expect when there is no legal move.
            return "bestmove 0000".into();
        };
        let mut line = format!("bestmove {}", token(&best));
        if self.ponder && result.pv.first() == Some(&best) {
            if let Some(reply) = result.pv.get(1) {
                let _ = write!(line, " ponder {}", token(reply));
            }
        }
        line
    }
}

/// The smaller of two optional limits (either one when the other is unset).
fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Clock;
    use crate::rules::ByColor;

    #[test]
    fn options_are_set_by_name_in_any_case_and_checked() {
        let mut o = Options::default();
        assert_eq!(o.set("MultiPV", "3"), Set::Done);
        assert_eq!(o.set("uci_showwdl", "TRUE"), Set::Done);
        assert_eq!(o.set("Move Overhead", "100"), Set::Done);
        assert_eq!(o.set("Ponder", "true"), Set::Done);
        assert_eq!(
            o,
            Options {
                multipv: 3,
                show_wdl: true,
                overhead: Duration::from_millis(100),
                ponder: true,
                ..Options::default()
            }
        );
        for (name, value) in [
            ("MultiPV", "0"),
            ("MultiPV", "257"),
            ("MultiPV", "x"),
            ("UCI_ShowWDL", "yes"),
            ("Move Overhead", "-1"),
            ("Move Overhead", "5001"),
            ("Ponder", ""),
        ] {
            assert!(matches!(o.set(name, value), Set::Bad(_)), "{name} {value}");
        }
        assert_eq!(o.multipv, 3, "a bad value changes nothing");
        assert_eq!(o.set("Skill Level", "3"), Set::Unknown);
        assert!(matches!(o.set("UCI_Elo", "100"), Set::Bad(_)));
    }

    #[test]
    fn a_limited_strength_plays_the_nearest_level_within_the_go() {
        let mut o = Options::default();
        assert_eq!(o.set("UCI_LimitStrength", "true"), Set::Done);
        assert_eq!(o.set("UCI_Elo", "1450"), Set::Done);
        let level = Level::for_elo(1450);
        let mut limits = SearchLimits::default();
        o.apply(&mut limits, 5);
        let want = level.limits_with(level.movetime(), 5);
        assert_eq!(
            (limits.depth, limits.nodes, limits.movetime),
            (want.depth, want.nodes, want.movetime)
        );
        assert_eq!(
            (limits.temperature, limits.multipv),
            (want.temperature, want.multipv)
        );
        // The go's own tighter depth stays; its clock is not replaced by the level's time.
        let mut limits = SearchLimits {
            depth: Some(1),
            clock: Some(Clock::default()),
            ..SearchLimits::default()
        };
        o.apply(&mut limits, 5);
        assert_eq!(limits.depth, Some(1));
        assert_eq!(limits.movetime, None);
    }

    #[test]
    fn overhead_comes_off_both_clocks_and_multipv_goes_to_the_search() {
        let o = Options {
            multipv: 4,
            overhead: Duration::from_millis(300),
            ..Options::default()
        };
        let mut limits = SearchLimits {
            clock: Some(Clock {
                time: ByColor {
                    white: Duration::from_millis(1000),
                    black: Duration::from_millis(200),
                },
                ..Clock::default()
            }),
            ..SearchLimits::default()
        };
        o.apply(&mut limits, 0);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.time.white, Duration::from_millis(700));
        assert_eq!(clock.time.black, Duration::ZERO);
        assert_eq!(limits.multipv, 4);
    }
}
