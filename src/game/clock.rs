//! Time controls: the one clock syntax of every command (`5+3`: minutes per side plus
//! seconds added per move), and the chess clocks of a sitting.

use std::fmt;
use std::time::Duration;

use super::{MAX_CLOCK_BASE, MAX_CLOCK_INCREMENT};

/// A time control: time per side plus time added per move.
///
/// ```
/// use std::time::Duration;
/// use rankup::game::TimeControl;
/// let tc = TimeControl::parse("5+3").unwrap();
/// assert_eq!(tc.base, Duration::from_secs(300));
/// assert_eq!(tc.increment, Duration::from_secs(3));
/// assert_eq!(TimeControl::parse("0.5+0.1").unwrap().label(), "0.5+0.1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Initial time per side.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `MINUTES+SECONDS` such as `5+3`, `0.5+0` or `1+0.5` (or just `MINUTES`):
    /// fractions allowed, the minutes above 0 and at most
    /// [`MAX_CLOCK_BASE`](crate::game::MAX_CLOCK_BASE), the seconds from 0 to
    /// [`MAX_CLOCK_INCREMENT`](crate::game::MAX_CLOCK_INCREMENT). Times are kept to the
    /// millisecond.
    ///
    /// # Errors
    /// A message quoting the text and naming the allowed ranges.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let max_minutes = MAX_CLOCK_BASE.as_secs() / 60;
        let max_seconds = MAX_CLOCK_INCREMENT.as_secs();
        let bad = || {
            format!(
                "invalid clock '{}', expected MINUTES+SECONDS like 5+3 or 0.5+0, with MINUTES \
                 above 0 and at most {max_minutes}, SECONDS from 0 to {max_seconds}",
                crate::text::short(text)
            )
        };
        let (m, s) = text.split_once('+').unwrap_or((text, "0"));
        let number = |t: &str| -> Result<f64, String> {
            let t = t.trim();
            // Plain decimals only: no signs, exponents, `inf` or `NaN`.
            if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        let (minutes, seconds) = (number(m)?, number(s)?);
        let millis = |secs: f64| Duration::from_millis((secs * 1000.0).round() as u64);
        let base = millis(minutes * 60.0);
        let increment = millis(seconds);
        if base.is_zero() || minutes > max_minutes as f64 || seconds > max_seconds as f64 {
            return Err(bad());
        }
        Ok(TimeControl { base, increment })
    }

    /// `5+3`, `0.5+0`, `1+0.5`: what [`TimeControl::parse`] reads back.
    pub fn label(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        write!(f, "{}+{}", minutes, self.increment.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_minutes_and_seconds_with_fractions() {
        let tc = |t| TimeControl::parse(t).map(|c| (c.base.as_millis(), c.increment.as_millis()));
        assert_eq!(tc("5+3"), Ok((300_000, 3_000)));
        assert_eq!(tc("5"), Ok((300_000, 0)));
        assert_eq!(tc(" 1 + 2 "), Ok((60_000, 2_000)));
        assert_eq!(tc("0.5+0"), Ok((30_000, 0)));
        assert_eq!(tc("0.25+0.1"), Ok((15_000, 100)));
        assert_eq!(tc("600+600"), Ok((36_000_000, 600_000)));
    }

    #[test]
    fn refuses_what_is_not_a_clock() {
        for bad in [
            "", "x", "0", "0+5", "601", "5+601", "-1+0", "5+-1", "inf", "NaN+0", "1e3", "5+3+1",
            "+3", "5+",
        ] {
            let err = TimeControl::parse(bad).expect_err(bad);
            assert!(err.contains("MINUTES+SECONDS"), "{bad}: {err}");
        }
    }

    #[test]
    fn label_reads_back() {
        for text in ["5+3", "0.5+0", "1+0.5", "600+600", "0.1+0"] {
            let tc = TimeControl::parse(text).unwrap();
            assert_eq!(TimeControl::parse(&tc.label()), Ok(tc), "{text}");
            assert_eq!(tc.label(), text);
        }
    }
}
