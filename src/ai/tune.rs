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
//! Three guards keep a fit from chasing noise, each learned from fits that lost their match:
//! - a weight is fitted only when enough positions hold its feature (its value or scale
//!   changes their evaluation; [`TuneOptions::min_count`]); the others keep their starting
//!   value and are reported as held (a rare piece's value fitted from a handful of
//!   positions drifted by hundreds of centipawns);
//! - the error carries an L2 pull toward the starting weights ([`TuneOptions::pull`]), so a
//!   weight moves only as far as the data pays for;
//! - scales stay at or above [`SCALE_FLOOR`] percent of the derived term (a term the data
//!   cannot see is held, not switched off), piece values at or above a quarter of where they
//!   started, the tempo at or above zero. A term that starts switched off (threats, at 0)
//!   may be switched on by the fit, and off again.
//!
//! This module only fits; playing the games and choosing the positions is the caller's
//! (`rankup tune`), which also decides whether the result is worth keeping (by a match).

use std::collections::BTreeMap;

use crate::rules::{Color, Move, Position, Variant};

use super::eval::{self, weights::Weights, Tables};
use super::ordering::is_quiet;
use super::see::see_ge;

/// One training position: a quiet position and the result of its game for White (1, 0.5
/// or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// White's points in the game it came from.
    pub result: f64,
    /// The score the self-play's search gave the position, in centipawns for White; `None`
    /// for a mate score or a position not searched. Blended into the target with
    /// [`TuneOptions::lambda`].
    pub searched: Option<i32>,
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

/// Whether `pos` is quiet by its search's `best` move: not in check, and the best move
/// neither captures nor promotes (what a search treats as quiet). Keeps more positions than
/// [`is_quiet_position`] where a promotion is nearly always on offer (PromoChess).
pub fn is_quiet_by_best_move(pos: &Position, best: Option<Move>) -> bool {
    !pos.is_check() && best.is_some_and(|m| is_quiet(&m))
}

/// How a fit is guarded (see the module's notes).
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Local-search passes per step size.
    pub passes: u32,
    /// Strength of the L2 pull toward the starting weights: the error grows by
    /// `pull * d * d` for each weight, `d` its distance from where it started in units of
    /// its width (a piece's starting value, at least a Pawn; 100 percent for a scale; the
    /// starting tempo, at least 10 centipawns). 0 fits freely.
    pub pull: f64,
    /// Positions whose evaluation a weight must change before it is fitted.
    pub min_count: u32,
    /// The share of the game's result in what a position's evaluation is fitted to; the
    /// rest is the self-play search's score of it ([`Sample::searched`]) through the same
    /// logistic curve. 1 fits to results alone; lower values trade the result's noise (one
    /// number for a whole game, decided by the later mistakes) for the search's bias.
    pub lambda: f64,
    /// Piece values held at their start whatever the data, by letter. A piece that only
    /// arises by promotion (Veteran Chess's Queen, Mounted Veteran and Veteran) is on the
    /// board mostly for the side that was already winning, so a fit to results credits it
    /// with the win: holding it keeps that bias out.
    pub hold: Vec<char>,
}

impl Default for TuneOptions {
    /// The guards `rankup tune` uses unless told otherwise: the pull is about the error a
    /// weight can win from noise alone in a few hundred games (the positions of a game are
    /// far from independent: its result is one number), so moving a weight by a third of
    /// itself costs about what fitting noise gains.
    fn default() -> TuneOptions {
        TuneOptions {
            passes: 8,
            pull: DEFAULT_PULL,
            min_count: DEFAULT_MIN_COUNT,
            lambda: DEFAULT_LAMBDA,
            hold: Vec::new(),
        }
    }
}

/// [`TuneOptions::pull`] unless told otherwise.
pub const DEFAULT_PULL: f64 = 0.002;
/// [`TuneOptions::lambda`] unless told otherwise: results alone.
pub const DEFAULT_LAMBDA: f64 = 1.0;
/// [`TuneOptions::min_count`] unless told otherwise.
pub const DEFAULT_MIN_COUNT: u32 = 1000;
/// The lowest a scale (a percentage of the derived term) is fitted to.
pub const SCALE_FLOOR: i32 = 25;

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights (with `provenance.scale_k` and the errors filled in).
    pub weights: Weights,
    /// The logistic scale.
    pub k: f64,
    /// Mean squared error with the starting weights, and with the fitted ones (the error
    /// alone, without the pull).
    pub error_before: f64,
    /// See `error_before`.
    pub error_after: f64,
    /// Each weight with how many positions its feature changed the evaluation of.
    pub counts: Vec<(String, u32)>,
    /// The weights held at their starting value because too few positions hold their
    /// feature.
    pub held: Vec<String>,
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

/// Mean squared error of the predictions `sigmoid(k, eval)` against `targets`.
fn error_of(k: f64, evals: &[f64], targets: &[f64]) -> f64 {
    let sum: f64 = evals
        .iter()
        .zip(targets)
        .map(|(&e, &t)| (t - sigmoid(k, e)).powi(2))
        .sum();
    sum / targets.len().max(1) as f64
}

/// What each sample's evaluation is fitted to: `lambda` of its game's result, the rest its
/// search score through the curve (the result alone when it has none).
fn targets(k: f64, samples: &[Sample], lambda: f64) -> Vec<f64> {
    let lambda = lambda.clamp(0.0, 1.0);
    samples
        .iter()
        .map(|s| match s.searched {
            Some(cp) => lambda * s.result + (1.0 - lambda) * sigmoid(k, f64::from(cp)),
            None => s.result,
        })
        .collect()
}

/// The `K` that fits `evals` to the games' results best (a scan, then a finer one around
/// the best).
fn fit_k(evals: &[f64], samples: &[Sample]) -> f64 {
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let mut best = (f64::MAX, 1.0);
    let mut lo = 0.05;
    let mut step = 0.1;
    for _ in 0..3 {
        let mut k = lo;
        while k <= lo + 30.0 * step {
            let e = error_of(k, evals, &results);
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

/// What kind of weight a parameter is (by its name in [`Weights::params`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParamKind {
    /// A piece's value, in centipawns.
    Value,
    /// A percentage of a derived term.
    Scale,
    /// The side to move's bonus, in centipawns.
    Tempo,
}

impl ParamKind {
    fn of(name: &str) -> ParamKind {
        if name.starts_with("value ") {
            ParamKind::Value
        } else if name == "tempo" {
            ParamKind::Tempo
        } else {
            ParamKind::Scale
        }
    }

    /// The unit the pull measures a weight's distance from its start in.
    fn width(self, start: i32) -> f64 {
        f64::from(match self {
            ParamKind::Value => start.max(100),
            ParamKind::Scale => 100,
            ParamKind::Tempo => start.max(10),
        })
    }

    /// The lowest the weight is fitted to (never above where it started).
    fn floor(self, start: i32) -> i32 {
        let floor = match self {
            ParamKind::Value => (start / 4).max(1),
            ParamKind::Scale => SCALE_FLOOR,
            ParamKind::Tempo => 0,
        };
        floor.min(start)
    }
}

/// For every weight of `w`, how many samples its feature is in: the positions whose
/// evaluation changes when the weight is doubled (a piece's value counts where the piece is
/// on the board and its value reaches the score, by the material balance or the game's
/// phase; a scale where its term is not zero).
fn feature_counts(
    v: &'static Variant,
    w: &Weights,
    samples: &[Sample],
    base: &[f64],
) -> Vec<(String, u32)> {
    w.params()
        .into_iter()
        .map(|(name, value)| {
            let mut probe = w.clone();
            probe.set_param(&name, value + value.abs().max(100));
            let evals = white_evals(&Tables::build_with(v, &probe), samples);
            let count = evals.iter().zip(base).filter(|(a, b)| a != b).count();
            (name, u32::try_from(count).unwrap_or(u32::MAX))
        })
        .collect()
}

/// Fits the weights of game `v` to `samples`, starting from `start`; `on_step` hears the
/// error after every pass. Every non-royal, non-pawn piece's value is a parameter, besides
/// the scales of [`Weights`]; the guards of `opts` decide which move and how far.
pub fn tune(
    v: &'static Variant,
    samples: &[Sample],
    start: &Weights,
    opts: &TuneOptions,
    on_step: &mut dyn FnMut(u32, f64),
) -> Fit {
    let mut w = with_every_value(v, start);
    let origin: BTreeMap<String, i32> = w.params().into_iter().collect();
    let penalty = |w: &Weights| -> f64 {
        let sum: f64 = w
            .params()
            .iter()
            .map(|(name, x)| {
                let s = origin.get(name).copied().unwrap_or(*x);
                let d = f64::from(x - s) / ParamKind::of(name).width(s);
                d * d
            })
            .sum();
        opts.pull * sum
    };
    // K is fitted once, to the starting weights, and kept (as Texel's and Ethereal's tuners
    // do). Refitting it every pass lets K and the weights trade scale: with the Pawn fixed,
    // shrinking every other value while K grows costs the error almost nothing. A fixed K
    // pins what a centipawn means, so the weights can only move relative to it.
    let base = white_evals(&Tables::build_with(v, &w), samples);
    let k = fit_k(&base, samples);
    let goal = targets(k, samples, opts.lambda);
    let error = |w: &Weights, k: f64| -> f64 {
        let t = Tables::build_with(v, w);
        error_of(k, &white_evals(&t, samples), &goal)
    };
    let counts = feature_counts(v, &w, samples, &base);
    let held: Vec<String> = counts
        .iter()
        .filter(|(name, c)| *c < opts.min_count || held_by_letter(name, &opts.hold))
        .map(|(name, _)| name.clone())
        .collect();
    let before = error_of(k, &base, &goal);
    let (mut best, mut best_error) = (before, before);
    for (step_value, step_scale, step_tempo) in [(16, 12, 4), (8, 6, 2), (4, 3, 1)] {
        for pass in 0..opts.passes {
            let mut improved = false;
            for (name, value) in w.params() {
                if held.contains(&name) {
                    continue;
                }
                let kind = ParamKind::of(&name);
                let step = match kind {
                    ParamKind::Value => step_value,
                    ParamKind::Scale => step_scale,
                    ParamKind::Tempo => step_tempo,
                };
                let floor = kind.floor(origin.get(&name).copied().unwrap_or(value));
                for candidate in [value + step, value - step] {
                    if candidate < floor {
                        continue;
                    }
                    let mut trial = w.clone();
                    trial.set_param(&name, candidate);
                    let e = error(&trial, k);
                    let total = e + penalty(&trial);
                    if total < best {
                        (best, best_error) = (total, e);
                        w = trial;
                        improved = true;
                        break;
                    }
                }
            }
            on_step(pass, best_error);
            if !improved {
                break;
            }
        }
    }
    w.provenance.scale_k = k;
    w.provenance.error_before = before;
    w.provenance.error_after = best_error;
    Fit {
        weights: w,
        k,
        error_before: before,
        error_after: best_error,
        counts,
        held,
    }
}

/// `start` with a value for every piece that has one (a tuner's parameters): the ones it
/// names, and the others as `start` evaluates them.
pub fn with_every_value(v: &'static Variant, start: &Weights) -> Weights {
    let mut w = start.clone();
    let derived = Tables::build_with(v, start);
    for (kind, spec) in v.kinds().filter(|(_, spec)| has_value(spec)) {
        w.values
            .entry(spec.letter)
            .or_insert(derived.kind_value[kind.index()]);
    }
    w
}

/// Whether a piece's value is a parameter of the fit: every piece but the royal ones and
/// the Pawns (the unit).
pub fn has_value(spec: &crate::rules::PieceSpec) -> bool {
    !spec.royal && !spec.pawn
}

/// Whether `name` is the value of a piece `hold` names (`value Q` for `Q`).
fn held_by_letter(name: &str, hold: &[char]) -> bool {
    let mut letter = name.strip_prefix("value ").into_iter().flat_map(str::chars);
    matches!((letter.next(), letter.next()), (Some(c), None) if hold.contains(&c))
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

    fn samples(v: &'static Variant, fens: &[(&str, f64)]) -> Vec<Sample> {
        fens.iter()
            .map(|&(fen, result)| Sample {
                position: Position::from_fen(v, fen).unwrap(),
                result,
                searched: None,
            })
            .collect()
    }

    /// White a Knight up and winning, Black a Knight up and winning, level and drawn,
    /// each with both sides to move.
    const KNIGHT_UP: [(&str, f64); 6] = [
        ("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1", 1.0),
        ("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1", 1.0),
        ("1n2k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.0),
        ("1n2k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1", 0.0),
        ("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", 0.5),
        ("4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1", 0.5),
    ];

    fn free(passes: u32) -> TuneOptions {
        TuneOptions {
            passes,
            pull: 0.0,
            min_count: 0,
            lambda: 1.0,
            hold: Vec::new(),
        }
    }

    /// A piece's value as the game's data derives it (not a built-in tuned set's).
    fn derived_value(v: &'static Variant, letter: char) -> i32 {
        Tables::build_with(v, &Weights::default()).kind_value
            [v.kind_by_letter(letter).unwrap().index()]
    }

    #[test]
    fn the_fit_follows_the_results() {
        // The fit can only lower the error, and values the Knight at least as high as
        // before.
        let v = variant(VariantId::Chess);
        let samples = samples(v, &KNIGHT_UP);
        let start = Weights::default();
        let mut passes = 0;
        let fit = tune(v, &samples, &start, &free(3), &mut |_, _| passes += 1);
        assert!(passes > 0);
        assert!(fit.error_after < fit.error_before);
        assert!(fit.k > 0.0);
        assert!(fit.weights.values[&'N'] > derived_value(v, 'N'));
        assert!(!fit.weights.values.contains_key(&'P') && !fit.weights.values.contains_key(&'K'));
        assert_eq!(fit.weights.provenance.error_after, fit.error_after);
        assert!(fit.held.is_empty());
    }

    #[test]
    fn a_fit_switches_threats_on_when_they_decide_games() {
        // Material level, the side to move's Knight attacked by a Pawn: the attacker won.
        // (The side to move lost, so the tempo cannot explain the results.)
        let v = variant(VariantId::Chess);
        let mut fens = KNIGHT_UP.to_vec();
        fens.extend([
            ("4k3/7p/3n4/4P3/8/8/6N1/4K3 b - - 0 1", 1.0),
            ("4k3/6n1/8/8/4p3/3N4/7P/4K3 w - - 0 1", 0.0),
        ]);
        let samples = samples(v, &fens);
        let start = Weights::default();
        assert_eq!(start.threats, 0);
        let fit = tune(v, &samples, &start, &free(4), &mut |_, _| {});
        assert!(fit.weights.threats > 0, "{:?}", fit.weights);
    }

    #[test]
    fn lambda_blends_the_searches_scores_into_the_target() {
        let v = variant(VariantId::Chess);
        let plain = samples(v, &KNIGHT_UP);
        // Each position's search agreed exactly with the starting evaluation.
        let start = Weights::default();
        let evals = white_evals(&Tables::build_with(v, &start), &plain);
        let searched: Vec<Sample> = plain
            .iter()
            .zip(&evals)
            .map(|(s, &e)| Sample {
                searched: Some(e.round() as i32),
                ..s.clone()
            })
            .collect();
        // Lambda 1: the results alone, as without scores.
        let by_results = tune(v, &plain, &start, &free(3), &mut |_, _| {});
        let also = tune(v, &searched, &start, &free(3), &mut |_, _| {});
        assert_eq!(also.weights.params(), by_results.weights.params());
        assert_eq!(also.error_before, by_results.error_before);
        // Lambda 0: the targets are the starting evaluation's own predictions, so the start
        // is the best fit there is and nothing moves.
        let scores_only = TuneOptions {
            lambda: 0.0,
            ..free(3)
        };
        let fit = tune(v, &searched, &start, &scores_only, &mut |_, _| {});
        assert!(fit.error_before < 1e-6, "{}", fit.error_before);
        assert_eq!(fit.weights.values[&'N'], derived_value(v, 'N'));
        assert_eq!(fit.k, by_results.k, "K is fitted to the results either way");
        // Half and half: the Knight moves, but less far than on results alone.
        let half = TuneOptions {
            lambda: 0.5,
            ..free(3)
        };
        let blended = tune(v, &searched, &start, &half, &mut |_, _| {});
        let n = derived_value(v, 'N');
        assert!(blended.weights.values[&'N'] >= n);
        assert!(blended.weights.values[&'N'] < by_results.weights.values[&'N']);
    }

    /// `--hold N`: the Knight keeps its start however much the data pulls it; the rest fit.
    #[test]
    fn a_held_piece_keeps_its_value() {
        let v = variant(VariantId::Chess);
        let samples = samples(v, &KNIGHT_UP);
        let start = Weights::default();
        let holding = TuneOptions {
            hold: vec!['N'],
            ..free(3)
        };
        let fit = tune(v, &samples, &start, &holding, &mut |_, _| {});
        assert_eq!(fit.held, ["value N"]);
        assert_eq!(fit.weights.values[&'N'], derived_value(v, 'N'));
        let free = tune(v, &samples, &start, &free(3), &mut |_, _| {});
        assert!(free.weights.values[&'N'] > derived_value(v, 'N'));
        assert!(held_by_letter("value Q", &['Q', 'M']));
        assert!(!held_by_letter("value Q", &['N']));
        assert!(!held_by_letter("centre", &['c']));
    }

    #[test]
    fn a_rare_feature_stays_put() {
        // Forty level, drawn positions and four where one side is a Knight up and wins: the
        // Knight's value is in four positions only, too few for a minimum of ten, so it
        // keeps its derived value and is reported as held; with no minimum the same data
        // moves it.
        let v = variant(VariantId::Chess);
        let mut fens: Vec<(&str, f64)> = KNIGHT_UP[..4].to_vec();
        for _ in 0..20 {
            fens.extend_from_slice(&KNIGHT_UP[4..]);
        }
        let samples = samples(v, &fens);
        let start = Weights::default();
        let count = |fit: &Fit, name: &str| fit.counts.iter().find(|(n, _)| n == name).unwrap().1;
        let guarded = TuneOptions {
            min_count: 10,
            ..free(3)
        };
        let fit = tune(v, &samples, &start, &guarded, &mut |_, _| {});
        assert_eq!(count(&fit, "value N"), 4);
        assert_eq!(count(&fit, "tempo"), 44, "the tempo is in every position");
        assert!(fit.held.contains(&"value N".to_string()));
        assert!(!fit.held.contains(&"tempo".to_string()));
        assert_eq!(fit.weights.values[&'N'], derived_value(v, 'N'));
        let unguarded = tune(v, &samples, &start, &free(3), &mut |_, _| {});
        assert!(unguarded.held.is_empty());
        assert_ne!(unguarded.weights.values[&'N'], derived_value(v, 'N'));
    }

    #[test]
    fn a_strong_pull_keeps_the_start_and_a_weak_one_lets_go() {
        let v = variant(VariantId::Chess);
        let samples = samples(v, &KNIGHT_UP);
        let start = Weights::default();
        let strong = TuneOptions {
            pull: 1e6,
            ..free(3)
        };
        let kept = tune(v, &samples, &start, &strong, &mut |_, _| {});
        let mut expected = start.clone();
        for (_, spec) in v.kinds() {
            if !spec.royal && !spec.pawn {
                expected
                    .values
                    .insert(spec.letter, derived_value(v, spec.letter));
            }
        }
        assert_eq!(kept.weights.params(), expected.params());
        assert_eq!(kept.error_after, kept.error_before);
        // A weak pull: the Knight moves, but less far than with none.
        let weak = TuneOptions {
            pull: 0.001,
            ..free(8)
        };
        let pulled = tune(v, &samples, &start, &weak, &mut |_, _| {});
        let loose = tune(v, &samples, &start, &free(8), &mut |_, _| {});
        let n = derived_value(v, 'N');
        assert!(pulled.weights.values[&'N'] > n);
        assert!(pulled.weights.values[&'N'] < loose.weights.values[&'N']);
        // K is fitted once, to the starting weights, whatever the pull.
        assert_eq!(kept.k, loose.k);
        assert_eq!(pulled.k, loose.k);
    }

    #[test]
    fn scales_stop_at_their_floor() {
        // Drawn games with material level but White's pieces better placed: the data says
        // placement is worth nothing, and a free fit would switch the terms off; they stop
        // at the floor instead.
        let v = variant(VariantId::Chess);
        let fens = [
            ("n3k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1", 0.5),
            ("n3k3/pppp4/8/8/3N4/8/PPPP4/4K3 b - - 0 1", 0.5),
            ("4k2b/pppp4/8/8/3B4/8/PPPP4/4K3 w - - 0 1", 0.5),
            ("4k2b/pppp4/8/8/3B4/8/PPPP4/4K3 b - - 0 1", 0.5),
        ];
        let samples = samples(v, &fens);
        let fit = tune(v, &samples, &Weights::default(), &free(10), &mut |_, _| {});
        // Threats start switched off (0), below the floor: a fit may switch them on.
        let scales: Vec<(String, i32)> = fit
            .weights
            .params()
            .into_iter()
            .filter(|(name, _)| ParamKind::of(name) == ParamKind::Scale && name != "threats")
            .collect();
        assert!(scales.iter().all(|(_, x)| *x >= SCALE_FLOOR), "{scales:?}");
        assert!(scales.iter().any(|(_, x)| *x == SCALE_FLOOR), "{scales:?}");
        assert!(fit.weights.tempo >= 0);
    }
}
