//! The Texel tuner: fits evaluation [`Weights`] to game results.
//!
//! Given quiet positions and the results of the games they came from, it predicts each
//! result from the static evaluation through a logistic curve, `1 / (1 + 10^(-K e / 400))`,
//! and lowers the mean squared error of the predictions: first `K` is fitted to the
//! starting weights (so the curve matches how the evaluation's centipawns turn into
//! results), then every weight is moved by a step up or down while that lowers the error
//! (Peter Österlund's local search, as used for Texel), and the steps are halved when no
//! single move helps any more. Pawns are the unit and stay fixed.
//!
//! This module only fits; playing the games and choosing the positions is the caller's
//! (`rankup tune`), which also decides whether the result is worth keeping (by a match).

use crate::rules::{Color, Position, Variant};

use super::eval::{self, weights::Weights, Tables};
use super::see::see_ge;

/// One training position: a quiet position and the result of its game for White (1, 0.5
/// or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// White's points in the game it came from.
    pub result: f64,
}

/// Whether `pos` is quiet enough to train on: not in check, and no capture or promotion
/// that wins material by static exchange (so the static evaluation is a fair guess).
pub fn is_quiet_position(pos: &Position) -> bool {
    if pos.is_check() {
        return false;
    }
    let t = eval::tables(pos.variant());
    let mut loud = Vec::new();
    pos.legal_loud_moves_into(&mut loud);
    !loud.iter().any(|m| see_ge(pos, &t, m, 1))
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights (with `provenance.scale_k` and the errors filled in).
    pub weights: Weights,
    /// The logistic scale.
    pub k: f64,
    /// Mean squared error with the starting weights, and with the fitted ones.
    pub error_before: f64,
    /// See `error_before`.
    pub error_after: f64,
}

fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// White's static evaluation of every sample with `t`.
fn white_evals(t: &Tables, samples: &[Sample]) -> Vec<f64> {
    samples
        .iter()
        .map(|s| {
            let e = f64::from(eval::evaluate(&s.position, t));
            if s.position.turn() == Color::White {
                e
            } else {
                -e
            }
        })
        .collect()
}

fn error_of(k: f64, evals: &[f64], samples: &[Sample]) -> f64 {
    let sum: f64 = evals
        .iter()
        .zip(samples)
        .map(|(&e, s)| (s.result - sigmoid(k, e)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The `K` that fits `evals` best (a scan, then a finer one around the best).
fn fit_k(evals: &[f64], samples: &[Sample]) -> f64 {
    let mut best = (f64::MAX, 1.0);
    let mut lo = 0.05;
    let mut step = 0.1;
    for _ in 0..3 {
        let mut k = lo;
        while k <= lo + 30.0 * step {
            let e = error_of(k, evals, samples);
            if e < best.0 {
                best = (e, k);
            }
            k += step;
        }
        lo = (best.1 - step).max(0.01);
        step /= 10.0;
    }
    best.1
}

/// Fits the weights of game `v` to `samples`, starting from `start`; `on_step` hears the
/// error after every pass. Every non-royal, non-pawn piece's value is a parameter, besides
/// the scales of [`Weights`].
pub fn tune(
    v: &'static Variant,
    samples: &[Sample],
    start: &Weights,
    max_passes: u32,
    on_step: &mut dyn FnMut(u32, f64),
) -> Fit {
    let mut w = start.clone();
    let derived = Tables::build_with(v, start);
    for (kind, spec) in v.kinds() {
        if !spec.royal && !spec.pawn {
            w.values
                .entry(spec.letter)
                .or_insert(derived.kind_value[kind.index()]);
        }
    }
    let error = |w: &Weights, k: f64| -> f64 {
        let t = Tables::build_with(v, w);
        error_of(k, &white_evals(&t, samples), samples)
    };
    let k = fit_k(&white_evals(&Tables::build_with(v, &w), samples), samples);
    let before = error(&w, k);
    let mut best = before;
    for (step_value, step_scale, step_tempo) in [(16, 12, 4), (8, 6, 2), (4, 3, 1)] {
        for pass in 0..max_passes {
            let mut improved = false;
            for (name, value) in w.params() {
                let step = if name.starts_with("value ") {
                    step_value
                } else if name == "tempo" {
                    step_tempo
                } else {
                    step_scale
                };
                for candidate in [value + step, value - step] {
                    if candidate < 0 {
                        continue;
                    }
                    let mut trial = w.clone();
                    trial.set_param(&name, candidate);
                    let e = error(&trial, k);
                    if e < best {
                        best = e;
                        w = trial;
                        improved = true;
                        break;
                    }
                }
            }
            on_step(pass, best);
            if !improved {
                break;
            }
        }
    }
    w.provenance.scale_k = k;
    w.provenance.error_before = before;
    w.provenance.error_after = best;
    Fit {
        weights: w,
        k,
        error_before: before,
        error_after: best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    #[test]
    fn quiet_positions() {
        let v = variant(VariantId::Chess);
        let quiet = Position::start(v);
        assert!(is_quiet_position(&quiet));
        // A Queen hangs: not quiet. In check: not quiet.
        let hanging = Position::from_fen(v, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1").unwrap();
        assert!(!is_quiet_position(&hanging));
        let check = Position::from_fen(v, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
        assert!(!is_quiet_position(&check));
    }

    #[test]
    fn the_fit_follows_the_results() {
        // Positions where White has an extra Knight, and White always wins; positions where
        // Black has an extra Knight, and Black always wins; level positions drawn. The fit
        // can only lower the error, and values the Knight at least as high as before.
        let v = variant(VariantId::Chess);
        let fens = [
            ("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1", 1.0),
            ("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1", 1.0),
            ("1n2k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.0),
            ("1n2k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1", 0.0),
            ("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.5),
            ("4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1", 0.5),
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .map(|&(fen, result)| Sample {
                position: Position::from_fen(v, fen).unwrap(),
                result,
            })
            .collect();
        let start = Weights::default();
        let mut passes = 0;
        let fit = tune(v, &samples, &start, 3, &mut |_, _| passes += 1);
        assert!(passes > 0);
        assert!(fit.error_after <= fit.error_before);
        assert!(fit.k > 0.0);
        let derived = eval::tables(v).kind_value[v.kind_by_letter('N').unwrap().index()];
        assert!(fit.weights.values[&'N'] >= derived);
        assert!(!fit.weights.values.contains_key(&'P') && !fit.weights.values.contains_key(&'K'));
        assert_eq!(fit.weights.provenance.error_after, fit.error_after);
    }
}
