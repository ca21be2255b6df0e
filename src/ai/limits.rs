//! What bounds a search: depth, nodes, time per move, a game clock, or nothing (infinite).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::rules::{ByColor, Color, Move};

/// The players' clocks, as a UCI `go wtime btime winc binc movestogo` gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left for each side.
    pub time: ByColor<Duration>,
    /// Increment per move for each side.
    pub inc: ByColor<Duration>,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search. Every limit that is set applies (the first reached ends the
/// search); with none set the search runs until stopped or until it cannot go deeper.
///
/// Node and depth limits make a search deterministic: the same position, history and limits
/// give the same result, which is what tests use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes to visit.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The game clock; the search budgets its share of it.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set (UCI `go infinite`).
    pub infinite: bool,
    /// Consider only these root moves (UCI `go searchmoves`); empty, or naming no legal
    /// move, for all.
    pub searchmoves: Vec<Move>,
    /// Random noise added to every evaluation, up to this many centipawns either way (weaker
    /// play for the low levels); 0 for none.
    pub noise: i32,
    /// Seed of the noise: the same seed gives the same noise.
    pub seed: u64,
    /// Search threads (Lazy SMP); 0 and 1 both mean one. Only a single-threaded search is
    /// deterministic under node and depth limits.
    pub threads: usize,
    /// Root moves to search exactly, each with its own score and line (UCI `MultiPV`;
    /// [`SearchResult::lines`](super::SearchResult::lines)); 0 and 1 both mean one.
    pub multipv: usize,
    /// Plays a move drawn from the best [`multipv`](Self::multipv) lines instead of always
    /// the best, each with weight `exp(-loss / temperature)` (its loss against the best line
    /// in centipawns), drawn with [`seed`](Self::seed); 0 always plays the best. How the
    /// weak levels play.
    pub temperature: u32,
    /// Opening variety: in the first [`OPENING_MOVES`](crate::ai::OPENING_MOVES) moves
    /// of the game, a move drawn evenly (with [`seed`](Self::seed)) from the lines within
    /// this many centipawns of the best; 0 for none.
    pub variety: u32,
}

/// The search seed of the AI's move at `ply` (moves played since the game's start) of a
/// game seeded with `game_seed`: a SplitMix64 mix of the two, so that every move has a seed
/// of its own and the same game seed and moves give the same seeds.
///
/// ```
/// use rankup::ai::move_seed;
/// assert_eq!(move_seed(7, 3), move_seed(7, 3));
/// assert_ne!(move_seed(7, 3), move_seed(7, 4));
/// assert_ne!(move_seed(7, 3), move_seed(8, 3));
/// ```
pub fn move_seed(game_seed: u64, ply: usize) -> u64 {
    super::search::mix(game_seed ^ super::search::mix(ply as u64))
}

/// A fresh game seed, different on every call (from the operating system's random source,
/// through [`rand`]).
pub fn fresh_seed() -> u64 {
    rand::random()
}

/// The switch of a search that ponders, thinking on the opponent's time (UCI `go ponder`):
/// until [`Ponder::hit`] the search ignores its time limits; from then on it obeys them,
/// counted from the hit (UCI `ponderhit`), going on with the iteration, table and histories
/// it has. Shared between the search ([`Engine::ponder`](super::Engine::ponder)) and whoever
/// hears the opponent's move.
#[derive(Debug, Default)]
pub struct Ponder {
    hit: OnceLock<Instant>,
}

impl Ponder {
    /// A search pondering until [`Ponder::hit`].
    pub fn new() -> Ponder {
        Ponder::default()
    }

    /// The opponent played the expected move: the search's time limits count from now. A
    /// second call changes nothing.
    pub fn hit(&self) {
        let _ = self.hit.set(Instant::now());
    }

    /// Whether the search still thinks on the opponent's time (not hit yet).
    pub fn is_pondering(&self) -> bool {
        self.hit.get().is_none()
    }

    /// How long after `start` (the search's start) the time limits began to count: `None`
    /// while pondering, zero for a hit before the start.
    pub(crate) fn hit_after(&self, start: Instant) -> Option<Duration> {
        self.hit.get().map(|t| t.saturating_duration_since(start))
    }
}

/// Time kept back from the clock for the move's transmission.
const CLOCK_OVERHEAD: Duration = Duration::from_millis(20);
/// Moves the remaining time is spread over when the control does not say.
const DEFAULT_MOVES_TO_GO: u32 = 30;

impl SearchLimits {
    /// Search `depth` plies deep.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Search at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }

    /// Search for `time`.
    pub fn movetime(time: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            ..SearchLimits::default()
        }
    }

    /// Search until stopped.
    pub fn infinite() -> SearchLimits {
        SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        }
    }

    /// Whether the limits are in time (so a forced move can be played at once).
    pub(crate) fn is_timed(&self) -> bool {
        !self.infinite && (self.movetime.is_some() || self.clock.is_some())
    }

    /// The time budget for `turn`: a soft limit (do not start another iteration after it) and
    /// a hard limit (abort the search at it).
    ///
    /// With a clock: `share` is the time left (less 20 ms for the move's transmission) spread
    /// over the moves to go (30 when the control does not say) plus three quarters of the
    /// increment, never above 80% of the time left; the soft limit is the share, the hard one
    /// four shares, never above 90% of the time left. A `movetime` caps both. So a search never
    /// spends the whole clock, and an increment is spent as it comes.
    ///
    /// ```
    /// use std::time::Duration;
    /// use rankup::ai::{Clock, SearchLimits};
    /// use rankup::rules::{ByColor, Color};
    /// let s = Duration::from_secs;
    /// let limits = SearchLimits {
    ///     clock: Some(Clock { time: ByColor { white: s(60), black: s(60) }, inc: ByColor { white: s(2), black: s(0) }, moves_to_go: None }),
    ///     ..SearchLimits::default()
    /// };
    /// let (white, _) = limits.budget(Color::White);
    /// let (black, _) = limits.budget(Color::Black);
    /// assert!(white.unwrap() > black.unwrap() + Duration::from_millis(1400)); // the increment
    /// ```
    pub fn budget(&self, turn: Color) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        let mut soft = self.movetime;
        let mut hard = self.movetime;
        if let Some(clock) = &self.clock {
            let left = clock.time[turn].saturating_sub(CLOCK_OVERHEAD);
            let inc = clock.inc[turn];
            let mtg = clock
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, 60);
            let share = (left / mtg + inc * 3 / 4).min(left * 8 / 10);
            let limit = (share * 4).min(left * 9 / 10);
            soft = Some(soft.map_or(share, |s| s.min(share)));
            hard = Some(hard.map_or(limit, |h| h.min(limit)));
        }
        (soft, hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_share_of_the_time_left() {
        let limits = SearchLimits {
            clock: Some(Clock {
                time: ByColor {
                    white: Duration::from_secs(60),
                    black: Duration::from_secs(1),
                },
                inc: ByColor::default(),
                moves_to_go: None,
            }),
            ..SearchLimits::default()
        };
        let (soft, hard) = limits.budget(Color::White);
        let (soft, hard) = (soft.unwrap(), hard.unwrap());
        assert!(soft > Duration::from_secs(1) && soft < Duration::from_secs(3));
        assert!(hard >= soft && hard < Duration::from_secs(30));
        let (_, hard) = limits.budget(Color::Black);
        assert!(hard.unwrap() < Duration::from_secs(1));
        assert_eq!(SearchLimits::infinite().budget(Color::White), (None, None));
    }

    fn clocked(
        left: [u64; 2],
        inc: [u64; 2],
        mtg: Option<u32>,
        movetime: Option<u64>,
    ) -> SearchLimits {
        let ms = Duration::from_millis;
        SearchLimits {
            movetime: movetime.map(ms),
            clock: Some(Clock {
                time: ByColor {
                    white: ms(left[0]),
                    black: ms(left[1]),
                },
                inc: ByColor {
                    white: ms(inc[0]),
                    black: ms(inc[1]),
                },
                moves_to_go: mtg,
            }),
            ..SearchLimits::default()
        }
    }

    #[test]
    fn an_increment_and_fewer_moves_to_go_give_more_time() {
        let (plain, _) = clocked([60_000; 2], [0; 2], None, None).budget(Color::White);
        let (inc, _) = clocked([60_000; 2], [2_000; 2], None, None).budget(Color::White);
        let (few, _) = clocked([60_000; 2], [0; 2], Some(5), None).budget(Color::White);
        let (plain, inc, few) = (plain.unwrap(), inc.unwrap(), few.unwrap());
        assert_eq!(
            inc - plain,
            Duration::from_millis(1_500),
            "3/4 of the increment"
        );
        assert!(few > plain * 5, "{few:?} against {plain:?}");
        // The side to move's own clock counts, not the opponent's.
        let (black, _) = clocked([60_000, 1_000], [0; 2], None, None).budget(Color::Black);
        assert!(black.unwrap() < Duration::from_millis(100));
        // A movetime caps the clock's budget.
        let (soft, hard) = clocked([60_000; 2], [0; 2], None, Some(50)).budget(Color::White);
        assert_eq!(
            (soft, hard),
            (
                Some(Duration::from_millis(50)),
                Some(Duration::from_millis(50))
            )
        );
    }

    proptest::proptest! {
        /// Whatever the clocks say, the search never plans to spend the time it has not got:
        /// the hard limit stays within 90% of the time left, the soft one within the hard one.
        #[test]
        fn the_budget_never_spends_the_clock(
            left in proptest::array::uniform2(0u64..10_000_000),
            inc in proptest::array::uniform2(0u64..100_000),
            mtg in proptest::option::of(0u32..2_000),
            movetime in proptest::option::of(1u64..1_000_000),
        ) {
            let limits = clocked(left, inc, mtg, movetime);
            for (turn, left) in [(Color::White, left[0]), (Color::Black, left[1])] {
                let (soft, hard) = limits.budget(turn);
                let (soft, hard) = (soft.unwrap(), hard.unwrap());
                let left = Duration::from_millis(left);
                proptest::prop_assert!(soft <= hard);
                proptest::prop_assert!(hard <= left.saturating_sub(CLOCK_OVERHEAD) * 9 / 10);
                if let Some(mt) = movetime {
                    proptest::prop_assert!(hard <= Duration::from_millis(mt));
                }
            }
        }
    }
}
