//! Match statistics: Elo from a score, confidence intervals, and the sequential probability
//! ratio test (SPRT) that engine developers use to accept or reject a change.
//!
//! Scores are on the logistic Elo scale: a rating difference `d` predicts the score
//! `1 / (1 + 10^(-d/400))`. Intervals and the SPRT use the normal approximation of the
//! mean score, with the variance measured from the games themselves (no draw model), as
//! Fishtest's "generalised SPRT" does:
//!
//! * trinomial: each game is one sample (1, 1/2 or 0);
//! * pentanomial: each *pair* of games that share an opening (one with each colour) is one
//!   sample (its mean score: 0, 1/4, 1/2, 3/4 or 1). Pairs take out most of the noise an
//!   unbalanced opening brings, so this is the figure to trust when games come in pairs.
//!
//! For a sample mean `m` with per-sample variance `v` over `n` samples, the log-likelihood
//! ratio of "true score is `s1`" against "true score is `s0`" is
//! `n (s1 - s0) (2m - s0 - s1) / (2v)`; the test accepts H1 (the change gains `elo1`) when it
//! rises above `ln((1 - beta) / alpha)` and H0 (it gains only `elo0`) when it falls below
//! `ln(beta / (1 - alpha))`.

/// The score a rating difference of `elo` predicts.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The rating difference that predicts `score` (infinite at 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Games won, drawn and lost (by the first engine).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

impl Wdl {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score and the variance of one game's score; `None` without games.
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        self.moments(0.0)
    }

    /// As [`Wdl::mean_var`] with [`REGULARIZATION`] added to every empty class, so a
    /// one-sided record still has a spread (for the SPRT).
    pub fn mean_var_regularized(&self) -> Option<(f64, f64)> {
        self.moments(REGULARIZATION)
    }

    fn moments(&self, prior: f64) -> Option<(f64, f64)> {
        if self.games() == 0 {
            return None;
        }
        let count = |n: u32| if n == 0 { prior } else { f64::from(n) };
        moments(&[
            (count(self.losses), 0.0),
            (count(self.draws), 0.5),
            (count(self.wins), 1.0),
        ])
    }
}

/// Pseudo-count given to an empty class when a variance must not be zero (Fishtest's
/// choice): small enough not to move any estimate, large enough to keep a clean sweep from
/// having no spread at all.
pub const REGULARIZATION: f64 = 1e-3;

/// Mean and variance of values with (possibly fractional) counts.
fn moments(classes: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n: f64 = classes.iter().map(|&(c, _)| c).sum();
    if n <= 0.0 {
        return None;
    }
    let m = classes.iter().map(|&(c, x)| c * x).sum::<f64>() / n;
    let var = classes
        .iter()
        .map(|&(c, x)| c * (x - m).powi(2))
        .sum::<f64>()
        / n;
    Some((m, var))
}

/// Pairs of games from one opening, counted by the first engine's points in the pair:
/// `counts[k]` pairs scored `k / 2` points (0, 1/2, 1, 3/2, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs per total score in half points.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Counts a pair whose two games scored `points` together (0.0 to 2.0 in half points).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// The mean score per game and the variance of a pair's mean score; `None` without
    /// pairs.
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        self.moments(0.0)
    }

    /// As [`Pentanomial::mean_var`] with [`REGULARIZATION`] in every empty class.
    pub fn mean_var_regularized(&self) -> Option<(f64, f64)> {
        self.moments(REGULARIZATION)
    }

    fn moments(&self, prior: f64) -> Option<(f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        let classes: Vec<(f64, f64)> = (0..5)
            .map(|k| {
                let n = self.counts[k];
                (if n == 0 { prior } else { f64::from(n) }, k as f64 / 4.0)
            })
            .collect();
        moments(&classes)
    }
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo and its 95% interval from a mean score, the variance of one sample and the number
/// of samples. Scores of exactly 0 or 1 have no finite Elo; they are nudged half a sample
/// inward so the result stays a number (and says "very large").
pub fn elo_estimate(mean: f64, var: f64, samples: u32) -> EloEstimate {
    let n = f64::from(samples.max(1));
    let margin = Z95 * (var / n).sqrt();
    let clamp = |s: f64| s.clamp(0.5 / n / 2.0, 1.0 - 0.5 / n / 2.0);
    EloEstimate {
        elo: elo_of_score(clamp(mean)),
        low: elo_of_score(clamp(mean - margin)),
        high: elo_of_score(clamp(mean + margin)),
    }
}

/// A sequential probability ratio test of `elo0` against `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first engine is stronger by about `elo1` or more.
    H1,
    /// H0 accepted: it is not stronger by `elo1` (at most about `elo0`).
    H0,
    /// Not decided yet.
    Continue,
}

impl Sprt {
    /// The usual test: alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `samples` samples of mean `mean` and
    /// per-sample variance `var` (0 when the variance is 0: nothing can be concluded yet).
    pub fn llr(&self, mean: f64, var: f64, samples: u32) -> f64 {
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(samples) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::H1
        } else if llr <= low {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_and_score_are_inverse() {
        // 75% is the classic +190.85; 64% is about +100.
        assert!(close(elo_of_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(score_of_elo(100.0), 0.640_064_999_8, 1e-9));
        for elo in [-400.0, -35.5, 0.0, 12.0, 250.0] {
            assert!(close(elo_of_score(score_of_elo(elo)), elo, 1e-9));
        }
    }

    #[test]
    fn trinomial_interval() {
        // 60 wins, 20 draws, 20 losses: score 0.7, per-game variance 0.16, so the mean has
        // a standard error of 0.04 and the interval is 0.7 -/+ 0.0784.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (m, v) = wdl.mean_var().unwrap();
        assert!(close(m, 0.7, 1e-12) && close(v, 0.16, 1e-12));
        let e = elo_estimate(m, v, wdl.games());
        assert!(close(e.elo, 147.190_714_1, 1e-6), "{e:?}");
        assert!(close(e.low, elo_of_score(0.7 - 0.078_398_559_4), 1e-6));
        assert!(close(e.high, elo_of_score(0.7 + 0.078_398_559_4), 1e-6));
        assert!(
            close(e.low, 86.225, 1e-3) && close(e.high, 218.252, 1e-3),
            "{e:?}"
        );
    }

    #[test]
    fn pentanomial_mean_and_variance() {
        // Pairs scoring 0, 1/2, 1, 3/2 and 2 points: 1, 2, 4, 2, 1 of them.
        let p = Pentanomial {
            counts: [1, 2, 4, 2, 1],
        };
        let (m, v) = p.mean_var().unwrap();
        assert!(close(m, 0.5, 1e-12));
        // (1*0.25 + 2*0.0625 + 0 + 2*0.0625 + 1*0.25) / 10 = 0.075.
        assert!(close(v, 0.075, 1e-12));
        let mut q = Pentanomial::default();
        for pts in [0.0, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.5, 1.5, 2.0] {
            q.add(pts);
        }
        assert_eq!(p, q);
    }

    #[test]
    fn sprt_llr_and_bounds() {
        let t = Sprt::new(0.0, 10.0);
        let (low, high) = t.bounds();
        assert!(close(low, -2.944_438_979, 1e-8) && close(high, 2.944_438_979, 1e-8));
        // The same 60/20/20 as above: s0 = 0.5, s1 = 0.514387..., so
        // LLR = 100 * 0.0143871 * (1.4 - 1.0143871) / 0.32 = 1.73375...
        let llr = t.llr(0.7, 0.16, 100);
        let s1 = score_of_elo(10.0);
        let expect = 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32;
        assert!(close(llr, expect, 1e-12));
        assert!(close(llr, 1.733_7, 1e-3), "{llr}");
        assert_eq!(t.verdict(llr), Verdict::Continue);
        assert_eq!(t.verdict(3.0), Verdict::H1);
        assert_eq!(t.verdict(-3.0), Verdict::H0);
        // A score below the null hypothesis pushes the ratio down.
        assert!(t.llr(0.45, 0.2, 1000) < low);
        assert_eq!(t.llr(0.5, 0.0, 10), 0.0);
        // Ten straight losses: no spread, but the regularised record still says H0.
        let losses = Wdl {
            losses: 10,
            ..Wdl::default()
        };
        assert_eq!(losses.mean_var(), Some((0.0, 0.0)));
        let (m, v) = losses.mean_var_regularized().unwrap();
        assert!(m > 0.0 && v > 0.0);
        assert_eq!(t.verdict(t.llr(m, v, 10)), Verdict::H0);
    }
}
