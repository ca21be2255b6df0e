//! Seeks: open challenges to anyone whose rating in the game is within the seeker's range.
//! A player has at most [`SEEKS_MAX`] open at once; they vanish when the seeker starts a
//! game (a real-time one: all of them) or leaves.

use crate::net::{ConnId, NetEvent, Terms};

use super::{Challenge, Effect, Hub};

/// The most seeks one player has open at once.
pub const SEEKS_MAX: usize = 3;

/// The widest rating range a seek may ask for (wider is "anyone").
pub const RANGE_MAX: u16 = 1000;

impl Hub {
    /// `me` posts a seek: refused when the terms cannot be played, when `me` is in a
    /// real-time game and the seek is for another, or beyond [`SEEKS_MAX`].
    pub(super) fn post_seek(
        &mut self,
        conn: ConnId,
        me: &str,
        terms: Terms,
        range: Option<u16>,
        out: &mut Vec<Effect>,
    ) {
        let refuse = |out: &mut Vec<Effect>, why: String| {
            out.push(Effect::Send(conn, NetEvent::Notice(why)));
        };
        if let Err(why) = terms.check() {
            return refuse(out, why);
        }
        if terms.days.is_none() && self.playing.contains_key(me) {
            return refuse(out, "finish your game first".into());
        }
        let open = self
            .challenges
            .values()
            .filter(|c| c.from == me && c.to.is_none())
            .count();
        if open >= SEEKS_MAX {
            return refuse(
                out,
                format!("{SEEKS_MAX} seeks at most: d withdraws one of yours"),
            );
        }
        let id = self.id();
        self.challenges.insert(
            id,
            Challenge {
                from: me.to_string(),
                to: None,
                terms,
                range: range.filter(|r| *r <= RANGE_MAX),
            },
        );
        self.push_lobby(out);
    }

    /// Whether `name` may accept `ch`: any challenge made to them, a seek whose range
    /// their rating in its game fits (never their own).
    pub(super) fn seek_fits(&self, ch: &Challenge, name: &str) -> bool {
        let game = ch.terms.variant;
        fits(
            ch,
            name,
            self.rating_by_name(name, game).rating,
            self.rating_by_name(&ch.from, game).rating,
        )
    }
}

/// Whether `name`, rated `mine` in the game of `ch`, may accept it from its challenger,
/// rated `theirs` there.
pub(super) fn fits(ch: &Challenge, name: &str, mine: f64, theirs: f64) -> bool {
    if ch.from == name {
        return false;
    }
    match (&ch.to, ch.range) {
        (Some(to), _) => to == name,
        (None, None) => true,
        (None, Some(range)) => (mine - theirs).abs() <= f64::from(range),
    }
}
