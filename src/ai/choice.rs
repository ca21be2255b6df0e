//! Which of the best lines to play: the best, or for the weak levels a move drawn with a
//! temperature, and in the first moves of a game a move drawn among the near-best ones
//! (opening variety). Everything is drawn from [`SearchLimits::seed`] and the position, so
//! a game played again with the same seed repeats move for move.

use super::limits::SearchLimits;
use super::search::{mix, PvLine, SearchResult};

/// Moves of the game (full moves, counted as the position counts them) in which
/// [`SearchLimits::variety`] applies.
pub const OPENING_MOVES: u32 = 4;

/// A number in `[0, 1)` from a seed and a position.
fn uniform(seed: u64, hash: u64) -> f64 {
    (mix(seed ^ mix(hash)) >> 11) as f64 / (1u64 << 53) as f64
}

/// The index of the line to play among `lines` (best first), in a position with hash
/// `hash` and full-move number `fullmoves`.
pub(crate) fn choose(lines: &[PvLine], limits: &SearchLimits, hash: u64, fullmoves: u32) -> usize {
    let Some(best) = lines.first().map(|l| i64::from(l.score.0)) else {
        return 0;
    };
    let loss = |l: &PvLine| best - i64::from(l.score.0);
    let r = uniform(limits.seed, hash);
    if limits.variety > 0 && fullmoves <= OPENING_MOVES {
        let near = lines
            .iter()
            .take_while(|l| loss(l) <= i64::from(limits.variety))
            .count();
        if near > 1 {
            return ((r * near as f64) as usize).min(near - 1);
        }
    }
    if limits.temperature == 0 {
        return 0;
    }
    let t = f64::from(limits.temperature);
    let weights: Vec<f64> = lines
        .iter()
        .map(|l| (-(loss(l) as f64) / t).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = r * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    0
}

/// Makes `result` play the line [`choose`] picks (its `lines` stay best first).
pub(crate) fn apply(result: &mut SearchResult, limits: &SearchLimits, hash: u64, fullmoves: u32) {
    if result.lines.len() < 2 {
        return;
    }
    let i = choose(&result.lines, limits, hash, fullmoves);
    if i > 0 {
        let line = &result.lines[i];
        result.best = Some(line.pv[0]);
        result.score = line.score;
        result.pv = line.pv.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Score;
    use crate::rules::Position;
    use crate::variants::{variant, VariantId};

    fn lines(scores: &[i32]) -> Vec<PvLine> {
        let pos = Position::start(variant(VariantId::Chess));
        pos.legal_moves()
            .into_iter()
            .zip(scores)
            .map(|(mv, &s)| PvLine {
                score: Score(s),
                pv: vec![mv],
            })
            .collect()
    }

    fn counts(lines: &[PvLine], limits: &SearchLimits, fullmoves: u32, n: u64) -> Vec<u64> {
        let mut counts = vec![0u64; lines.len()];
        for i in 0..n {
            let limits = SearchLimits {
                seed: i,
                ..limits.clone()
            };
            counts[choose(lines, &limits, 0x1234_5678, fullmoves)] += 1;
        }
        counts
    }

    /// The draws follow `exp(-loss / T)`: with losses 0, 50, 100 and 300 at T = 100 the
    /// shares are about 0.50, 0.30, 0.18 and 0.02.
    #[test]
    fn temperature_draws_follow_their_weights() {
        let l = lines(&[40, -10, -60, -260]);
        let limits = SearchLimits {
            temperature: 100,
            ..SearchLimits::default()
        };
        let n = 20_000;
        let got = counts(&l, &limits, 20, n);
        let w: Vec<f64> = [0.0f64, 50.0, 100.0, 300.0]
            .iter()
            .map(|x| (-x / 100.0).exp())
            .collect();
        let total: f64 = w.iter().sum();
        for (c, w) in got.iter().zip(&w) {
            let expected = w / total;
            let share = *c as f64 / n as f64;
            // Five standard deviations of a binomial share.
            let sd = (expected * (1.0 - expected) / n as f64).sqrt();
            assert!((share - expected).abs() < 5.0 * sd + 1e-3, "{got:?}");
        }
        // Colder plays the best more often; zero always.
        let cold = counts(
            &l,
            &SearchLimits {
                temperature: 20,
                ..limits.clone()
            },
            20,
            2000,
        );
        assert!(cold[0] > got[0] * 2000 / n);
        assert_eq!(counts(&l, &SearchLimits::default(), 20, 500)[0], 500);
    }

    #[test]
    fn a_mate_is_never_thrown_away_for_a_quiet_move() {
        let l = lines(&[Score::mate_in(3).0, 200, 150]);
        let limits = SearchLimits {
            temperature: 300,
            ..SearchLimits::default()
        };
        assert_eq!(counts(&l, &limits, 20, 1000)[0], 1000);
    }

    #[test]
    fn opening_variety_draws_evenly_among_the_near_best() {
        let l = lines(&[30, 25, 18, -40]);
        let limits = SearchLimits {
            variety: 15,
            ..SearchLimits::default()
        };
        let got = counts(&l, &limits, 1, 3000);
        assert_eq!(got[3], 0, "{got:?}");
        assert!(
            got[..3].iter().all(|&c| (800..1200).contains(&c)),
            "{got:?}"
        );
        // After the opening it is the best again.
        assert_eq!(counts(&l, &limits, OPENING_MOVES + 1, 300)[0], 300);
    }

    #[test]
    fn the_same_seed_draws_the_same() {
        let l = lines(&[0, -20, -40]);
        let limits = SearchLimits {
            temperature: 200,
            seed: 99,
            ..SearchLimits::default()
        };
        let first = choose(&l, &limits, 7, 10);
        assert!((0..50).all(|_| choose(&l, &limits, 7, 10) == first));
    }
}
