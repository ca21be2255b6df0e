//! Points in time as saved games write them: RFC 3339 in UTC, whole seconds
//! (`2025-06-01T18:30:00Z`).
//!
//! The conversion between days and calendar dates is Howard Hinnant's `days_from_civil` /
//! `civil_from_days` (proleptic Gregorian calendar); a date crate would bring far more than
//! the two dozen lines needed here.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Seconds since 1970-01-01T00:00:00Z of 0000-01-01T00:00:00Z, the earliest time written.
const MIN_SECS: i64 = -62_167_219_200;
/// Seconds since the epoch of 9999-12-31T23:59:59Z, the latest time written.
const MAX_SECS: i64 = 253_402_300_799;

/// A UTC time with one-second resolution, between the years 0000 and 9999.
///
/// Written as RFC 3339 (`2025-06-01T18:30:00Z`). Reading accepts any RFC 3339 date-time
/// (fractional seconds are dropped, offsets such as `+02:00` converted to UTC), so a
/// hand-edited file may use local time.
///
/// ```
/// use rankup::save::Timestamp;
/// let t: Timestamp = "2025-06-01T20:30:00.25+02:00".parse().unwrap();
/// assert_eq!(t.to_string(), "2025-06-01T18:30:00Z");
/// assert_eq!(t.date(), (2025, 6, 1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Timestamp {
    secs: i64,
}

impl Timestamp {
    /// The current time (the Unix epoch if the system clock is before it).
    pub fn now() -> Timestamp {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(MAX_SECS));
        Timestamp::from_unix(secs)
    }

    /// The time `secs` seconds after 1970-01-01T00:00:00Z, clamped to the years 0000..=9999.
    pub fn from_unix(secs: i64) -> Timestamp {
        Timestamp {
            secs: secs.clamp(MIN_SECS, MAX_SECS),
        }
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    pub fn unix(self) -> i64 {
        self.secs
    }

    /// The UTC calendar date: (year, month 1..=12, day 1..=31).
    pub fn date(self) -> (i32, u32, u32) {
        civil_from_days(self.secs.div_euclid(86_400))
    }

    /// The UTC time of day: (hour, minute, second).
    pub fn time_of_day(self) -> (u32, u32, u32) {
        let s = self.secs.rem_euclid(86_400) as u32;
        (s / 3600, s / 60 % 60, s % 60)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d) = self.date();
        let (h, mi, s) = self.time_of_day();
        write!(f, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
    }
}

/// Error for text that is not an RFC 3339 date-time; the message quotes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimestampError(pub String);

impl fmt::Display for ParseTimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an RFC 3339 time like 2025-06-01T18:30:00Z",
            crate::text::short(&self.0)
        )
    }
}

impl std::error::Error for ParseTimestampError {}

impl FromStr for Timestamp {
    type Err = ParseTimestampError;

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)` (`t`, `z` and a space for
    /// the `T` are accepted, as RFC 3339 allows).
    fn from_str(s: &str) -> Result<Timestamp, ParseTimestampError> {
        parse(s.as_bytes()).ok_or_else(|| ParseTimestampError(s.to_string()))
    }
}

/// Reads `n` ASCII digits at `*at`, advancing it.
fn digits(b: &[u8], at: &mut usize, n: usize) -> Option<u32> {
    let part = b.get(*at..*at + n)?;
    let mut v = 0;
    for &c in part {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u32::from(c - b'0');
    }
    *at += n;
    Some(v)
}

fn expect(b: &[u8], at: &mut usize, options: &[u8]) -> Option<()> {
    let c = *b.get(*at)?;
    options.contains(&c).then(|| *at += 1)
}

fn parse(b: &[u8]) -> Option<Timestamp> {
    let mut at = 0;
    let year = digits(b, &mut at, 4)?;
    expect(b, &mut at, b"-")?;
    let month = digits(b, &mut at, 2)?;
    expect(b, &mut at, b"-")?;
    let day = digits(b, &mut at, 2)?;
    expect(b, &mut at, b"Tt ")?;
    let hour = digits(b, &mut at, 2)?;
    expect(b, &mut at, b":")?;
    let minute = digits(b, &mut at, 2)?;
    expect(b, &mut at, b":")?;
    let second = digits(b, &mut at, 2)?;
    if b.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while b.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        if at == start {
            return None;
        }
    }
    let offset = match *b.get(at)? {
        b'Z' | b'z' => {
            at += 1;
            0
        }
        sign @ (b'+' | b'-') => {
            at += 1;
            let h = digits(b, &mut at, 2)?;
            expect(b, &mut at, b":")?;
            let m = digits(b, &mut at, 2)?;
            if h > 23 || m > 59 {
                return None;
            }
            let o = i64::from(h * 3600 + m * 60);
            if sign == b'+' {
                o
            } else {
                -o
            }
        }
        _ => return None,
    };
    let valid = at == b.len()
        && (1..=12).contains(&month)
        && day >= 1
        && day <= days_in_month(year as i32, month)
        && hour < 24
        && minute < 60
        // 60 is a leap second; it is counted as the first second of the next minute.
        && second <= 60;
    if !valid {
        return None;
    }
    let days = days_from_civil(year as i32, month, day);
    let secs = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second) - offset;
    Some(Timestamp::from_unix(secs))
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(month) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a day counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as i32, month, day)
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_convert_both_ways() {
        for (text, secs) in [
            ("1970-01-01T00:00:00Z", 0),
            ("2000-02-29T12:00:00Z", 951_825_600),
            ("2025-06-01T18:30:00Z", 1_748_802_600),
            ("1969-12-31T23:59:59Z", -1),
            ("0000-01-01T00:00:00Z", MIN_SECS),
            ("9999-12-31T23:59:59Z", MAX_SECS),
        ] {
            let t: Timestamp = text.parse().unwrap();
            assert_eq!(t.unix(), secs, "{text}");
            assert_eq!(t.to_string(), text);
        }
    }

    #[test]
    fn every_day_of_four_centuries_round_trips() {
        for days in -800 * 365..800 * 365 {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
            assert!(d <= days_in_month(y, m));
        }
    }

    #[test]
    fn offsets_fractions_and_bad_text() {
        let t: Timestamp = "2025-01-01t00:30:00.999-01:00".parse().unwrap();
        assert_eq!(t.to_string(), "2025-01-01T01:30:00Z");
        for bad in [
            "",
            "2025-02-29T00:00:00Z",
            "2025-13-01T00:00:00Z",
            "2025-01-01T24:00:00Z",
            "2025-01-01T00:00:00",
            "2025-01-01T00:00:00.Z",
            "2025-01-01T00:00:00+2:00",
            "2025-01-01T00:00:00Zjunk",
            "２０２５-01-01T00:00:00Z",
        ] {
            assert!(bad.parse::<Timestamp>().is_err(), "{bad}");
        }
    }
}
