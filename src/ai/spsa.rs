//! SPSA: tunes evaluation [`Weights`], or the search's own numbers ([`SearchParams`]), by
//! the games they win.
//!
//! Where the Texel tuner ([`super::tune`]) fits the static evaluation to the results of
//! the positions it saw, SPSA (simultaneous perturbation stochastic approximation, as
//! Stockfish's fishtest tunes its parameters) measures what players care about: every
//! step perturbs *all* weights at once by a random sign times a perturbation size, plays a
//! pair of games (one opening, each side once) between the set pushed one way and the set
//! pushed the other, and moves every weight toward the side that scored more, by the score
//! difference times its perturbation times the step's rate. Over many pairs the other
//! weights' pushes cancel and each weight walks up its own gradient of playing strength.
//!
//! The schedule is Spall's: the perturbation shrinks as `c / (k + 1)^0.101` and the rate as
//! `r ((A + 1) / (A + k + 1))^0.602`, with `A` a tenth of the pairs. The rate is in units
//! of a weight's perturbation per point of score difference: at rate `r` a weight whose
//! push is worth 10 Elo drifts about `0.06 r` perturbations a pair, against a random walk
//! of about `0.9 r` per pair's square root, so a few thousand pairs separate a real
//! gradient from noise.
//!
//! This module only decides the weights; playing the pairs is the caller's (`rankup spsa`),
//! which also decides whether the result is worth keeping (by a match).

use super::eval::weights::Weights;
use super::params::{SearchParams, SPECS};
use super::tune::SCALE_FLOOR;

/// A set of named integer values SPSA can tune: evaluation [`Weights`] or
/// [`SearchParams`].
pub trait Tunable: Clone + Send + Sync {
    /// Every value by name, in a fixed order.
    fn params(&self) -> Vec<(String, i32)>;
    /// Sets the value called `name`.
    fn set_param(&mut self, name: &str, value: i32);
    /// The perturbation of the value `name` that starts at `start`, at the first step.
    fn perturbation(name: &str, start: i32) -> f64;
    /// The lowest and highest the value `name` that starts at `start` may go.
    fn range(name: &str, start: i32) -> (f64, f64);
}

impl Tunable for Weights {
    fn params(&self) -> Vec<(String, i32)> {
        Weights::params(self)
    }
    fn set_param(&mut self, name: &str, value: i32) {
        Weights::set_param(self, name, value);
    }
    fn perturbation(name: &str, start: i32) -> f64 {
        perturbation(name, start)
    }
    fn range(name: &str, start: i32) -> (f64, f64) {
        (floor(name, start), f64::INFINITY)
    }
}

impl Tunable for SearchParams {
    fn params(&self) -> Vec<(String, i32)> {
        SearchParams::params(self)
    }
    fn set_param(&mut self, name: &str, value: i32) {
        SearchParams::set_param(self, name, value);
    }
    fn perturbation(name: &str, _start: i32) -> f64 {
        SPECS
            .iter()
            .find(|s| s.name == name)
            .map_or(1.0, |s| f64::from(s.step))
    }
    fn range(name: &str, start: i32) -> (f64, f64) {
        SPECS
            .iter()
            .find(|s| s.name == name)
            .map_or((f64::from(start), f64::from(start)), |s| {
                (f64::from(s.low), f64::from(s.high))
            })
    }
}

/// How a run goes.
#[derive(Clone, Debug)]
pub struct SpsaOptions {
    /// Game pairs to play.
    pub pairs: u32,
    /// The rate `r` (see the module's notes).
    pub rate: f64,
    /// Piece values held where they start, by letter.
    pub hold: Vec<char>,
    /// Seed of the perturbations' signs.
    pub seed: u64,
    /// Pairs played at once on one set of weights (their updates are applied together).
    pub batch: u32,
}

/// [`SpsaOptions::rate`] unless told otherwise.
pub const DEFAULT_RATE: f64 = 0.01;

/// One weight under tuning.
#[derive(Clone, Debug)]
struct Param {
    name: String,
    /// Where it is, unrounded.
    theta: f64,
    /// Its perturbation at the first step.
    c: f64,
    /// The lowest it goes.
    floor: f64,
    /// The highest it goes.
    ceiling: f64,
}

/// The perturbation of a weight that starts at `start`: a tenth of a piece's value (at
/// least 10 centipawns), 10 points of a scale's percentage, 4 centipawns of tempo.
fn perturbation(name: &str, start: i32) -> f64 {
    if name.starts_with("value ") {
        f64::from((start / 10).max(10))
    } else if name == "tempo" {
        4.0
    } else {
        10.0
    }
}

/// The lowest a weight goes: as in the Texel tuner, a quarter of a piece's start, the
/// scales' floor (or 0 for a term that starts off), the tempo 0.
fn floor(name: &str, start: i32) -> f64 {
    let f = if name.starts_with("value ") {
        (start / 4).max(1)
    } else if name == "tempo" {
        0
    } else {
        SCALE_FLOOR
    };
    f64::from(f.min(start))
}

/// A deterministic 64-bit mixer (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `params` (those not held) set into a copy of `base`, rounded and kept at their floors,
/// each moved by `sign * shift` of its own.
fn with<T: Tunable>(base: &T, params: &[Param], shift: &[f64]) -> T {
    let mut w = base.clone();
    for (p, d) in params.iter().zip(shift) {
        let x = (p.theta + d).clamp(p.floor, p.ceiling).round() as i32;
        w.set_param(&p.name, x);
    }
    w
}

/// Tunes `start` by SPSA. `play_pair(plus, minus, pair)` plays pair number `pair` (its
/// opening and colours are the caller's) and returns `plus`'s points minus `minus`'s (from
/// -2 to 2); it is called `batch` times on one set of weights, from as many threads.
/// `on_step` hears the pair count and the weights after every batch. Every non-royal,
/// non-pawn piece's value (but the held ones) and every scale is tuned; the start's
/// provenance is kept (the caller says how the new set was made).
pub fn spsa<T: Tunable>(
    start: &T,
    opts: &SpsaOptions,
    play_pair: &(dyn Fn(&T, &T, u32) -> f64 + Sync),
    on_step: &mut dyn FnMut(u32, &T),
) -> T {
    let mut params: Vec<Param> = start
        .params()
        .into_iter()
        .filter(|(name, _)| {
            !name
                .strip_prefix("value ")
                .and_then(|l| l.chars().next())
                .is_some_and(|c| opts.hold.contains(&c))
        })
        .map(|(name, x)| {
            let (floor, ceiling) = T::range(&name, x);
            Param {
                c: T::perturbation(&name, x),
                floor,
                ceiling,
                theta: f64::from(x),
                name,
            }
        })
        .collect();
    let a = f64::from(opts.pairs) / 10.0;
    let batch = opts.batch.max(1);
    let mut rng = mix(opts.seed);
    let mut k = 0u32;
    while k < opts.pairs {
        let n = batch.min(opts.pairs - k);
        // Each pair of the batch: its signs and the two sets it plays.
        let mut trials = Vec::with_capacity(n as usize);
        for j in 0..n {
            let step = f64::from(k + j);
            let ck = 1.0 / (step + 1.0).powf(0.101);
            let signs: Vec<f64> = params
                .iter()
                .map(|_| {
                    rng = mix(rng);
                    if rng & 1 == 0 {
                        1.0
                    } else {
                        -1.0
                    }
                })
                .collect();
            let up: Vec<f64> = params
                .iter()
                .zip(&signs)
                .map(|(p, s)| p.c * ck * s)
                .collect();
            let down: Vec<f64> = up.iter().map(|d| -d).collect();
            let plus = with(start, &params, &up);
            let minus = with(start, &params, &down);
            trials.push((k + j, signs, plus, minus));
        }
        let results: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = trials
                .iter()
                .map(|(pair, _, plus, minus)| scope.spawn(move || play_pair(plus, minus, *pair)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("BUG: a game pair panicked"))
                .collect()
        });
        for ((pair, signs, _, _), r) in trials.iter().zip(&results) {
            let rate = opts.rate * ((a + 1.0) / (a + f64::from(*pair) + 1.0)).powf(0.602);
            for (p, s) in params.iter_mut().zip(signs) {
                p.theta = (p.theta + rate * p.c * r.clamp(-2.0, 2.0) * s).clamp(p.floor, p.ceiling);
            }
        }
        k += n;
        on_step(k, &with(start, &params, &vec![0.0; params.len()]));
    }
    with(start, &params, &vec![0.0; params.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pairs: u32) -> SpsaOptions {
        SpsaOptions {
            pairs,
            rate: 0.05,
            hold: Vec::new(),
            seed: 7,
            batch: 2,
        }
    }

    /// A stand-in for games: the set nearer a target mobility of 140 and tempo of 20 scores
    /// more (by how much nearer, scaled into -2..2), with nothing else mattering.
    fn nearer(plus: &Weights, minus: &Weights) -> f64 {
        let miss = |w: &Weights| {
            f64::from((w.mobility - 140).abs()) / 10.0 + f64::from((w.tempo - 20).abs()) / 4.0
        };
        ((miss(minus) - miss(plus)) / 2.0).clamp(-2.0, 2.0)
    }

    #[test]
    fn weights_climb_toward_what_wins() {
        let start = Weights::default();
        let mut steps = 0;
        let w = spsa(&start, &opts(2000), &|p, m, _| nearer(p, m), &mut |_, _| {
            steps += 1
        });
        assert_eq!(steps, 1000, "one report per batch of two");
        assert!((w.mobility - 140).abs() <= 10, "{w:?}");
        assert!((w.tempo - 20).abs() <= 4, "{w:?}");
        // What does not matter stays about where it was.
        assert!((w.centre - 100).abs() <= 30, "{w:?}");
    }

    #[test]
    fn held_values_and_floors_hold() {
        let mut start = Weights::default();
        start.values.insert('N', 300);
        start.values.insert('B', 300);
        let mut o = opts(400);
        o.hold = vec!['N'];
        // Everything lower wins: the weights fall to their floors, the held Knight stays.
        let lower = |p: &Weights, m: &Weights, _: u32| {
            let sum = |w: &Weights| w.params().iter().map(|(_, x)| f64::from(*x)).sum::<f64>();
            (sum(m) - sum(p)).signum()
        };
        let w = spsa(&start, &o, &lower, &mut |_, _| {});
        assert_eq!(w.values[&'N'], 300);
        assert!(w.values[&'B'] >= 75 && w.values[&'B'] < 300, "{w:?}");
        assert!(w.mobility >= SCALE_FLOOR && w.mobility < 100, "{w:?}");
        assert!(w.threats == 0 && w.tempo >= 0, "{w:?}");
    }

    #[test]
    fn search_params_climb_within_their_ranges() {
        // The set with the wider aspiration window and the smaller reverse-futility margin
        // wins; the margin is pushed against its floor, the window toward 40.
        let start = SearchParams::default();
        let score = |p: &SearchParams, m: &SearchParams, _: u32| {
            let miss = |s: &SearchParams| {
                f64::from((s.aspiration - 40).abs()) / 3.0 + f64::from(s.rfp_margin) / 8.0
            };
            ((miss(m) - miss(p)) / 2.0).clamp(-2.0, 2.0)
        };
        let p = spsa(&start, &opts(2000), &score, &mut |_, _| {});
        assert!((p.aspiration - 40).abs() <= 4, "{p:?}");
        assert!(p.rfp_margin >= 20 && p.rfp_margin < 40, "{p:?}");
        // What does not matter stays about where it was.
        assert!((p.lmr_div - start.lmr_div).abs() <= 60, "{p:?}");
    }

    #[test]
    fn a_run_is_reproducible_from_its_seed() {
        let start = Weights::default();
        let coin = |p: &Weights, m: &Weights, pair: u32| {
            let _ = (p, m);
            if mix(u64::from(pair)) & 1 == 0 {
                1.0
            } else {
                -1.0
            }
        };
        let a = spsa(&start, &opts(50), &coin, &mut |_, _| {});
        let b = spsa(&start, &opts(50), &coin, &mut |_, _| {});
        assert_eq!(a, b);
    }
}
