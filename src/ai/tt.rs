//! The transposition table: search results keyed by [`Position::hash`](crate::rules::Position::hash).
//!
//! Buckets of two entries; each entry is two `u64`s (the full key, and the packed data), so
//! a fresh table is one zeroed allocation. A store goes to the entry with the same key, else
//! to the one that is older or shallower. Scores near mate are stored relative to the node
//! (distance to mate from here), not to the root, so they stay true in other branches.

use super::ordering::MoveKey;
use super::score::MATE_BOUND;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// One probed entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub mv: MoveKey,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
}

/// A fixed-size table.
#[derive(Debug)]
pub(crate) struct Tt {
    /// Pairs of (key, data); `len / 2` entries, two per bucket.
    slots: Vec<u64>,
    buckets: usize,
    age: u8,
}

const ENTRY_BYTES: usize = 16;

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket; rounded down to a power of two).
    pub(crate) fn new(mb: usize) -> Tt {
        let entries = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(2);
        let buckets = 1usize << (usize::BITS - 1 - (entries / 2).leading_zeros());
        Tt {
            slots: vec![0; buckets * 4],
            buckets,
            age: 0,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.age = 0;
    }

    /// Marks a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.age = (self.age + 1) & 0x3f;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits index the table; the low bits of the hash feed other uses (noise).
        ((key >> 32) as usize ^ (key as usize >> 7)) & (self.buckets - 1)
    }

    /// The entry stored for `key`, with its score adjusted to a node at `ply`.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let b = self.bucket(key) * 4;
        (0..2).find_map(|i| {
            let (k, data) = (self.slots[b + 2 * i], self.slots[b + 2 * i + 1]);
            (k == key && data != 0).then(|| unpack(data, ply))
        })
    }

    /// Stores a result for `key` found at `ply` from the root.
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: MoveKey,
    ) {
        let b = self.bucket(key) * 4;
        let age = self.age;
        let worth = |data: u64| -> i32 {
            if data == 0 {
                return i32::MIN;
            }
            let e = unpack(data, 0);
            let stale = i32::from((age.wrapping_sub(data_age(data))) & 0x3f);
            e.depth - 8 * stale
        };
        let i = if self.slots[b] == key {
            0
        } else if self.slots[b + 2] == key {
            1
        } else if worth(self.slots[b + 1]) <= worth(self.slots[b + 3]) {
            0
        } else {
            1
        };
        let (k, data) = (b + 2 * i, b + 2 * i + 1);
        let mut mv = mv;
        if self.slots[k] == key && self.slots[data] != 0 {
            let old = unpack(self.slots[data], 0);
            // Keep a deeper exact result, and keep the old move when the new result has none.
            if old.bound == Bound::Exact && bound != Bound::Exact && old.depth > depth {
                return;
            }
            if mv.is_none() {
                mv = old.mv;
            }
        }
        self.slots[k] = key;
        self.slots[data] = pack(mv, depth, to_tt(score, ply), bound, age);
    }

    /// Permille of sampled entries written by the current search (UCI `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let n = (self.buckets * 2).min(1000);
        let used = (0..n)
            .filter(|&i| {
                let data = self.slots[2 * i + 1];
                data != 0 && data_age(data) == self.age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// Mate scores count plies from the root during the search; in the table they count from
/// the node.
fn to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

// Data layout: bits 0..32 move key, 32..48 score (i16), 48..56 depth + 1 (so a stored entry
// is never all zero), 56..58 bound, 58..64 age.
fn pack(mv: MoveKey, depth: i32, score: i32, bound: Bound, age: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(mv.0)
        | (u64::from(score.clamp(-32_000, 32_000) as i16 as u16) << 32)
        | (u64::from((depth.clamp(-1, 250) + 1) as u8) << 48)
        | (b << 56)
        | (u64::from(age & 0x3f) << 58)
}

fn data_age(data: u64) -> u8 {
    (data >> 58) as u8
}

fn unpack(data: u64, ply: usize) -> Entry {
    Entry {
        mv: MoveKey(data as u32),
        score: from_tt(i32::from((data >> 32) as u16 as i16), ply),
        depth: i32::from((data >> 48) as u8) - 1,
        bound: match (data >> 56) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::score::MATE;

    #[test]
    fn stores_and_probes_with_mate_adjustment() {
        let mut tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, 3, 5, MATE - 10, Bound::Exact, MoveKey(0x0102_0304));
        let e = tt.probe(key, 3).unwrap();
        assert_eq!((e.depth, e.score, e.bound), (5, MATE - 10, Bound::Exact));
        assert_eq!(e.mv, MoveKey(0x0102_0304));
        // Seen from a node two plies nearer the root, the mate is two plies further away.
        assert_eq!(tt.probe(key, 1).unwrap().score, MATE - 8);
        tt.store(key, 0, 0, -50, Bound::Upper, MoveKey::NONE);
        let e = tt.probe(key, 0).unwrap();
        assert_eq!(e.mv, MoveKey(0x0102_0304), "the old move is kept");
        assert!(tt.probe(key ^ 1, 0).is_none());
        tt.clear();
        assert!(tt.probe(key, 0).is_none());
    }
}
