//! Ratings by the Glicko-2 system (Mark Glickman, "Example of the Glicko-2 system",
//! <http://www.glicko.net/glicko/glicko2.pdf>): a rating, its deviation (how unsure it is)
//! and its volatility (how erratic the player's results are), updated once per rating
//! period from the results of that period.
//!
//! Pure arithmetic with no notion of players, games or servers, so that the game server's
//! players and, later, puzzles are rated by the same code. As lichess does, one game makes
//! one rating period.
//!
//! ```
//! use rankup::rating::{Rating, Score, TAU};
//! let me = Rating::new(1500.0, 200.0, 0.06, 0).unwrap();
//! let results = [
//!     (Rating::new(1400.0, 30.0, 0.06, 0).unwrap(), Score::Win),
//!     (Rating::new(1550.0, 100.0, 0.06, 0).unwrap(), Score::Loss),
//!     (Rating::new(1700.0, 300.0, 0.06, 0).unwrap(), Score::Loss),
//! ];
//! let after = me.update(&results, TAU);
//! assert_eq!(format!("{:.2}", after.rating), "1464.05");
//! ```

use std::fmt;

/// The Glicko-2 scale factor between the Glicko scale (1500 ± 350) and the internal one.
const SCALE: f64 = 173.7178;

/// The system constant τ, which bounds how fast volatility changes: the paper's example
/// uses 0.5 (lichess uses 0.75).
pub const TAU: f64 = 0.5;

/// The rating of a player never rated.
pub const START: f64 = 1500.0;

/// The deviation of a player never rated, and the most it ever grows to.
pub const MAX_DEVIATION: f64 = 350.0;

/// The least deviation kept (as lichess: very settled ratings still move a little).
pub const MIN_DEVIATION: f64 = 45.0;

/// The volatility of a player never rated.
pub const START_VOLATILITY: f64 = 0.06;

/// The highest volatility kept (guards the arithmetic against absurd inputs).
pub const MAX_VOLATILITY: f64 = 0.1;

/// A rating whose deviation is above this is provisional, shown with a `?` (as on lichess).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How close the volatility iteration must come (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// The most iterations the volatility search takes (it converges in a handful).
const MAX_STEPS: usize = 100;

/// The result of one game, from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Score {
    fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The same game from the opponent's side.
    pub fn flip(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// Why numbers are not a rating.
#[derive(Clone, Debug, PartialEq)]
pub struct BadRating(pub String);

impl fmt::Display for BadRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid rating: {}", self.0)
    }
}

impl std::error::Error for BadRating {}

/// A Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// The rating deviation (350 to start, between [`MIN_DEVIATION`] and
    /// [`MAX_DEVIATION`]).
    pub deviation: f64,
    /// The volatility (0.06 to start).
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START,
            deviation: MAX_DEVIATION,
            volatility: START_VOLATILITY,
            games: 0,
        }
    }
}

impl Rating {
    /// A rating from stored numbers, checked: finite, the rating within 0..=5000, the
    /// deviation within 0..=[`MAX_DEVIATION`] and the volatility within
    /// 0..=[`MAX_VOLATILITY`] (above zero for both).
    ///
    /// # Errors
    /// Names the number out of range.
    pub fn new(
        rating: f64,
        deviation: f64,
        volatility: f64,
        games: u32,
    ) -> Result<Rating, BadRating> {
        let check = |what: &str, x: f64, low: f64, high: f64| {
            if x.is_finite() && x > low && x <= high {
                Ok(())
            } else {
                Err(BadRating(format!(
                    "{what} {x} is not above {low} and at most {high}"
                )))
            }
        };
        check("rating", rating, 0.0, 5000.0)?;
        check("deviation", deviation, 0.0, MAX_DEVIATION)?;
        check("volatility", volatility, 0.0, MAX_VOLATILITY)?;
        Ok(Rating {
            rating,
            deviation,
            volatility,
            games,
        })
    }

    /// Whether the rating is still provisional (deviation above
    /// [`PROVISIONAL_DEVIATION`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating rounded, with `?` when provisional: `1500?`, `1712`.
    pub fn label(&self) -> String {
        format!(
            "{}{}",
            self.rating.round() as i64,
            if self.provisional() { "?" } else { "" }
        )
    }

    /// The rating after one rating period in which the player played `results` (each
    /// against an opponent rated as at the start of the period), with system constant
    /// `tau`: the paper's steps 2 to 8. A period without games only widens the deviation.
    /// The deviation stays within [`MIN_DEVIATION`]..=[`MAX_DEVIATION`].
    pub fn update(&self, results: &[(Rating, Score)], tau: f64) -> Rating {
        let mu = (self.rating - START) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if results.is_empty() {
            let widened = (phi * phi + sigma * sigma).sqrt() * SCALE;
            return Rating {
                deviation: widened.clamp(MIN_DEVIATION, MAX_DEVIATION),
                ..*self
            };
        }
        // Step 3 and 4: the estimated variance v and improvement delta.
        let mut inv_v = 0.0;
        let mut gain = 0.0;
        for (opp, score) in results {
            let mu_j = (opp.rating - START) / SCALE;
            let g = g(opp.deviation / SCALE);
            let e = expected(mu, mu_j, g);
            inv_v += g * g * e * (1.0 - e);
            gain += g * (score.value() - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * gain;
        // Step 5: the new volatility.
        let sigma = new_volatility(phi, sigma, v, delta, tau).clamp(EPSILON, MAX_VOLATILITY);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * gain;
        // Step 8: back to the Glicko scale.
        let rating = (SCALE * mu_new + START).clamp(1.0, 5000.0);
        let deviation = (SCALE * phi_new).clamp(MIN_DEVIATION, MAX_DEVIATION);
        let rating = if rating.is_finite() {
            rating
        } else {
            self.rating
        };
        Rating {
            rating,
            deviation,
            volatility: sigma,
            games: self.games.saturating_add(results.len() as u32),
        }
    }

    /// Both players' ratings after one game between them (`score` from `self`'s side),
    /// each a rating period of one game against the other as they stood before it.
    pub fn after_game(&self, opponent: &Rating, score: Score) -> (Rating, Rating) {
        (
            self.update(&[(*opponent, score)], TAU),
            opponent.update(&[(*self, score.flip())], TAU),
        )
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// The paper's g(φ): how much a game against an opponent whose deviation is φ counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent at `mu_j` weighted by `g`.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// Step 5 of the paper: the volatility σ' by the Illinois algorithm on f(x), bounded to
/// [`MAX_STEPS`] iterations for each loop.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < MAX_STEPS as f64 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..MAX_STEPS {
        if (big_b - big_a).abs() <= EPSILON || f_b == f_a {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    if sigma_new.is_finite() {
        sigma_new
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating::new(rating, deviation, 0.06, 0).unwrap()
    }

    #[test]
    fn the_papers_example() {
        let after = r(1500.0, 200.0).update(
            &[
                (r(1400.0, 30.0), Score::Win),
                (r(1550.0, 100.0), Score::Loss),
                (r(1700.0, 300.0), Score::Loss),
            ],
            0.5,
        );
        // The paper rounds its intermediate values and gets 1464.06 and 151.52; exact
        // arithmetic gives 1464.05 and 151.52.
        assert!((after.rating - 1464.06).abs() < 0.02, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert_eq!(after.games, 3);
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let before = r(1600.0, 100.0);
        let after = before.update(&[], TAU);
        assert_eq!(after.rating, 1600.0);
        let expected = ((100.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        assert_eq!(Rating::default().update(&[], TAU).deviation, MAX_DEVIATION);
    }

    #[test]
    fn a_game_moves_both_ratings_in_opposite_directions() {
        let (a, b) = Rating::default().after_game(&Rating::default(), Score::Win);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!((a.rating - 1500.0 + b.rating - 1500.0).abs() < 1e-6);
        assert!(a.deviation < MAX_DEVIATION);
        assert_eq!((a.games, b.games), (1, 1));
        let (a, b) = Rating::default().after_game(&Rating::default(), Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn provisional_until_the_deviation_falls_to_110() {
        assert_eq!(Rating::default().label(), "1500?");
        assert!(Rating::default().provisional());
        assert_eq!(r(1712.4, 110.0).label(), "1712");
        assert_eq!(r(1712.6, 110.1).label(), "1713?");
    }

    #[test]
    fn absurd_numbers_are_refused_and_extreme_ones_stay_finite() {
        for (x, d, s) in [
            (f64::NAN, 100.0, 0.06),
            (1500.0, f64::INFINITY, 0.06),
            (1500.0, 100.0, 0.0),
            (-5.0, 100.0, 0.06),
            (1500.0, 351.0, 0.06),
        ] {
            assert!(Rating::new(x, d, s, 0).is_err(), "{x} {d} {s}");
        }
        let top = Rating::new(5000.0, MIN_DEVIATION, MAX_VOLATILITY, 9).unwrap();
        let low = Rating::new(1.0, MAX_DEVIATION, MAX_VOLATILITY, 0).unwrap();
        for score in [Score::Win, Score::Draw, Score::Loss] {
            let (a, b) = top.after_game(&low, score);
            for x in [a, b] {
                assert!(x.rating.is_finite() && x.deviation.is_finite());
                assert!(
                    Rating::new(x.rating, x.deviation, x.volatility, 0).is_ok(),
                    "{x:?}"
                );
            }
        }
    }
}
