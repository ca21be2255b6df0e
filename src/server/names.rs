//! Players' names on the server: which names look too much alike to stand side by side,
//! and how many new names one address may take per hour. Pure: no clock but the one passed
//! in, no socket, no file.
//!
//! # Look-alike names
//!
//! Two names are confusable when their [`skeleton`]s are equal. This is the idea of
//! Unicode's UTS #39 ("Unicode Security Mechanisms", section 4, *confusable detection*):
//! map every character to a prototype of the glyphs it is mistaken for, compare the
//! results. Names here are ASCII letters, digits, `-` and `_` only (see
//! [`crate::net::NAME_MAX`] and the hub's `set_name`), so the table is small and written
//! here: the look-alikes of this alphabet in a terminal font (those of `confusables.txt`
//! among them: `1` `I` `|` as `l`, `0` as `O`, `rn` as `m`), plus case, as a player reads
//! `ALICE` and `alice` as one person:
//!
//! * case: `A` and `a` are one letter;
//! * `I`, `l`, `1` and `|` are one stroke (and so, through case, `i` too);
//! * `O` and `0` are one ring;
//! * `-` and `_` are one dash;
//! * `rn` reads as `m`, `vv` as `w`.
//!
//! Should names ever allow Unicode, the skeleton to use is UTS #39's own, as the
//! `unicode-security` crate computes it (`skeleton()`), applied after case folding; the
//! rest of this module stays as it is.
//!
//! # Sign-up limit
//!
//! [`SignupLimit`] counts the new names taken from each address over the last hour, so
//! that one machine cannot fill the lobby with names (the report saw 66 in minutes).
//! IPv6 addresses count by their /64 network, the block one subscriber usually holds.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The window the sign-up limit counts over.
pub const SIGNUP_WINDOW: Duration = Duration::from_secs(60 * 60);

/// The form two look-alike names share: case folded, then each confusable character
/// mapped to its prototype (`I l 1 |` → `l`, `O 0` → `o`, `-` → `_`), then `rn` → `m` and
/// `vv` → `w`. Equal skeletons mean names a reader may take for one another.
pub fn skeleton(name: &str) -> String {
    let folded: String = name
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'i' | 'l' | '1' | '|' => 'l',
            '0' => 'o',
            '-' => '_',
            c => c,
        })
        .collect();
    folded.replace("rn", "m").replace("vv", "w")
}

/// The first of `existing` that `name` looks too much like (same [`skeleton`]), if any.
pub fn look_alike<'a>(name: &str, existing: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mine = skeleton(name);
    existing.into_iter().find(|other| skeleton(other) == mine)
}

/// How many new names each address took in the last hour, and how many it may.
#[derive(Clone, Debug)]
pub struct SignupLimit {
    per_hour: usize,
    /// When each address (IPv6: its /64) took its names, oldest first, within the window.
    taken: HashMap<IpAddr, VecDeque<Instant>>,
}

impl SignupLimit {
    /// At most `per_hour` new names per address in any hour; 0 takes no new players.
    pub fn new(per_hour: usize) -> SignupLimit {
        SignupLimit {
            per_hour,
            taken: HashMap::new(),
        }
    }

    /// No limit (a hub that does not know addresses: tests, a local hub).
    pub fn unlimited() -> SignupLimit {
        SignupLimit::new(usize::MAX)
    }

    /// Whether `addr` may take a new name at `now`; when not, one line saying why and
    /// when it may.
    ///
    /// # Errors
    /// The line to show the player.
    pub fn check(&mut self, addr: IpAddr, now: Instant) -> Result<(), String> {
        if self.per_hour == 0 {
            return Err("this server takes no new players at the moment".into());
        }
        self.forget_before(now);
        let Some(times) = self.taken.get(&network(addr)) else {
            return Ok(());
        };
        if times.len() < self.per_hour {
            return Ok(());
        }
        // The oldest name of the window leaves it first.
        let free_at = times[times.len() - self.per_hour] + SIGNUP_WINDOW;
        let minutes = free_at
            .saturating_duration_since(now)
            .as_secs()
            .div_ceil(60);
        Err(format!(
            // One line that keeps its end (when to try again) at 80 columns.
            "{} new names from your address this hour, the most here: try again in {} minute{}",
            times.len(),
            minutes.max(1),
            if minutes > 1 { "s" } else { "" }
        ))
    }

    /// `addr` took a new name at `now`.
    pub fn record(&mut self, addr: IpAddr, now: Instant) {
        self.forget_before(now);
        let times = self.taken.entry(network(addr)).or_default();
        times.push_back(now);
        // More than the limit never matters (only a lower limit could count them).
        while times.len() > self.per_hour {
            times.pop_front();
        }
    }

    /// Drops what left the window: memory stays within the names of the last hour.
    fn forget_before(&mut self, now: Instant) {
        self.taken.retain(|_, times| {
            while times
                .front()
                .is_some_and(|&t| now.saturating_duration_since(t) >= SIGNUP_WINDOW)
            {
                times.pop_front();
            }
            !times.is_empty()
        });
    }
}

/// The address sign-ups count by: an IPv4 address (also when written as IPv6), or an IPv6
/// address's /64 network.
fn network(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_counts_by_its_64_network_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(network(a), network(b));
        assert_ne!(network(a), network(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(network(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn the_window_forgets_old_sign_ups() {
        let t0 = Instant::now();
        let addr: IpAddr = "192.0.2.1".parse().unwrap();
        let mut limit = SignupLimit::new(1);
        limit.record(addr, t0);
        assert!(limit
            .check(addr, t0 + Duration::from_secs(59 * 60))
            .is_err());
        assert!(limit.check(addr, t0 + SIGNUP_WINDOW).is_ok());
        assert!(limit.taken.is_empty(), "nothing kept past the window");
    }
}
