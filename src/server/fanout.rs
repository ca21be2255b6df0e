//! The lobby reaches each connection at most every [`LOBBY_EVERY`]. The hub sends every
//! named connection a new view of the lobby (a list of every player) at each arrival,
//! name, challenge and game; with hundreds online these came faster than the connections'
//! apps could draw them, and each waited in its connection's queue. Now a view that comes
//! within `LOBBY_EVERY` of the last one delivered replaces the one held, and the newest is
//! delivered at a later tick: a connection draws the lobby at most twice a second, however
//! busy the server.

use std::time::{Duration, Instant};

/// The shortest time between two views of the lobby delivered to one connection.
pub const LOBBY_EVERY: Duration = Duration::from_millis(500);

/// One connection's views of the lobby: when one was last delivered, and the newest held.
#[derive(Debug)]
pub struct Throttle<T> {
    last: Option<Instant>,
    held: Option<T>,
}

impl<T> Default for Throttle<T> {
    fn default() -> Self {
        Throttle {
            last: None,
            held: None,
        }
    }
}

impl<T> Throttle<T> {
    /// A new view at `now`: itself, to deliver now, or `None` when it is held (replacing
    /// any view held before it) until [`due`](Throttle::due) hands it on.
    pub fn offer(&mut self, view: T, now: Instant) -> Option<T> {
        if self.held.is_none() && self.last.is_none_or(|t| now >= t + LOBBY_EVERY) {
            self.last = Some(now);
            return Some(view);
        }
        self.held = Some(view);
        None
    }

    /// At a tick: the view held, once `LOBBY_EVERY` has passed since the last delivered.
    pub fn due(&mut self, now: Instant) -> Option<T> {
        if self.held.is_some() && self.last.is_none_or(|t| now >= t + LOBBY_EVERY) {
            self.last = Some(now);
            return self.held.take();
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_views_is_the_first_now_and_the_newest_at_a_later_tick() {
        let t0 = Instant::now();
        let ms = |n: u64| t0 + Duration::from_millis(n);
        let mut lobby = Throttle::default();
        assert_eq!(lobby.offer(1, ms(0)), Some(1));
        assert_eq!(lobby.offer(2, ms(10)), None);
        assert_eq!(lobby.offer(3, ms(20)), None);
        assert_eq!(lobby.due(ms(250)), None, "not before LOBBY_EVERY");
        assert_eq!(
            lobby.due(ms(500)),
            Some(3),
            "the newest, the others dropped"
        );
        assert_eq!(lobby.due(ms(1200)), None, "nothing held");
        // A view long after the last goes at once.
        assert_eq!(lobby.offer(4, ms(1200)), Some(4));
        // One held is never overtaken by a later one delivered at once.
        assert_eq!(lobby.offer(5, ms(1300)), None);
        assert_eq!(lobby.offer(6, ms(1800)), None);
        assert_eq!(lobby.due(ms(1650)), None);
        assert_eq!(lobby.due(ms(1750)), Some(6));
    }
}
