//! The transposition table: search results keyed by [`Position::hash`](crate::rules::Position::hash),
//! shared by every search thread.
//!
//! Buckets of four 16-byte entries (one cache line). An entry is two words: the packed data
//! (move, score, depth, bound, age), and the upper 48 bits of the key with the node's static
//! evaluation in the low 16, XORed with the data. Threads read and write the words without
//! locks (Hyatt's lockless hashing): a torn entry, half written by one thread and half by
//! another, fails the key check and is simply a miss. Every hint read from the table is
//! checked before use anyway (moves against the generated list).
//!
//! A store goes to the entry with the same key, else to the one that is older or shallower
//! (8 plies of depth per search of age). Scores near mate are stored relative to the node
//! (distance to mate from here), not to the root, so they stay true in other branches.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

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
    /// The node's static evaluation, [`NO_EVAL`] when it was in check.
    pub eval: i32,
}

/// Stored in place of a static evaluation for a node in check.
pub(crate) const NO_EVAL: i32 = i16::MIN as i32;

/// Entries per bucket.
const WAYS: usize = 4;
const ENTRY_BYTES: usize = 16;

/// One bucket: per entry, (key-and-eval ^ data, data). Aligned to a cache line, so a probe
/// touches one line; a plain `Vec<AtomicU64>` from the system allocator starts 16 bytes
/// into a page, and then every bucket straddled two lines.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([AtomicU64; WAYS * 2]);

/// A fixed-size table.
#[derive(Debug)]
pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket; rounded down to a power of two).
    pub(crate) fn new(mb: usize) -> Tt {
        let entries = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(WAYS);
        let buckets = 1usize << (usize::BITS - 1 - (entries / WAYS).leading_zeros());
        Tt {
            buckets: (0..buckets).map(|_| Bucket::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for b in &mut self.buckets {
            b.0.iter_mut().for_each(|s| *s.get_mut() = 0);
        }
        *self.age.get_mut() = 0;
    }

    /// Marks a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & 0x3f;
        self.age.store(age, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The low bits index the table; the upper 48 are checked in the entry.
        &self.buckets[(key ^ (key >> 29)) as usize & (self.buckets.len() - 1)]
    }

    /// Asks the processor to start loading `key`'s bucket, for a probe a little later (the
    /// search calls it right after making a move). Only a hint: it changes no result.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: a prefetch is a hint that never faults and reads no memory into the
            // program's state; `p` points into the live bucket vector anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, with its score adjusted to a node at `ply`.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let b = self.bucket(key);
        (0..WAYS).find_map(|w| {
            let (check, data) = read(b, w);
            let word = check ^ data;
            (data != 0 && word >> 16 == key >> 16).then(|| unpack(data, word, ply))
        })
    }

    /// Stores a result for `key` found at `ply` from the root, with the node's static
    /// evaluation (or [`NO_EVAL`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: MoveKey,
        eval: i32,
    ) {
        let b = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed);
        let mut target = 0;
        let mut worst = i32::MAX;
        for w in 0..WAYS {
            let (check, data) = read(b, w);
            if data == 0 || (check ^ data) >> 16 == key >> 16 {
                target = w;
                break;
            }
            let stale = i32::from(age.wrapping_sub(data_age(data)) & 0x3f);
            let worth = unpack(data, 0, 0).depth - 8 * stale;
            if worth < worst {
                worst = worth;
                target = w;
            }
        }
        let (check, old) = read(b, target);
        let mut mv = mv;
        if old != 0 && (check ^ old) >> 16 == key >> 16 {
            let e = unpack(old, check ^ old, 0);
            // Keep a deeper exact result, and keep the old move when the new result has none.
            if e.bound == Bound::Exact && bound != Bound::Exact && e.depth > depth {
                return;
            }
            if mv.is_none() {
                mv = e.mv;
            }
        }
        let data = pack(mv, depth, to_tt(score, ply), bound, age);
        let word = (key & !0xffff) | u64::from(eval.clamp(NO_EVAL, i16::MAX as i32) as i16 as u16);
        b.0[2 * target].store(word ^ data, Ordering::Relaxed);
        b.0[2 * target + 1].store(data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written by the current search (UCI `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let n = (self.buckets.len() * WAYS).min(1000);
        let used = (0..n)
            .filter(|&i| {
                let data = self.buckets[i / WAYS].0[2 * (i % WAYS) + 1].load(Ordering::Relaxed);
                data != 0 && data_age(data) == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// Entry `w` of bucket `b`: (key-and-eval ^ data, data).
#[inline]
fn read(b: &Bucket, w: usize) -> (u64, u64) {
    (
        b.0[2 * w].load(Ordering::Relaxed),
        b.0[2 * w + 1].load(Ordering::Relaxed),
    )
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

// Data layout: bits 0..32 move key, 32..48 score (i16), 48..56 depth + 2 (so a stored entry
// is never all zero), 56..58 bound, 58..64 age.
fn pack(mv: MoveKey, depth: i32, score: i32, bound: Bound, age: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(mv.0)
        | (u64::from(score.clamp(-32_000, 32_000) as i16 as u16) << 32)
        | (u64::from((depth.clamp(-1, 250) + 2) as u8) << 48)
        | (b << 56)
        | (u64::from(age & 0x3f) << 58)
}

fn data_age(data: u64) -> u8 {
    (data >> 58) as u8
}

fn unpack(data: u64, word: u64, ply: usize) -> Entry {
    Entry {
        mv: MoveKey(data as u32),
        score: from_tt(i32::from((data >> 32) as u16 as i16), ply),
        depth: i32::from((data >> 48) as u8) - 2,
        bound: match (data >> 56) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        eval: i32::from(word as u16 as i16),
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
        tt.store(
            key,
            3,
            5,
            MATE - 10,
            Bound::Exact,
            MoveKey(0x0102_0304),
            -77,
        );
        let e = tt.probe(key, 3).unwrap();
        assert_eq!((e.depth, e.score, e.bound), (5, MATE - 10, Bound::Exact));
        assert_eq!((e.mv, e.eval), (MoveKey(0x0102_0304), -77));
        // Seen from a node two plies nearer the root, the mate is two plies further away.
        assert_eq!(tt.probe(key, 1).unwrap().score, MATE - 8);
        // A shallower bound does not replace a deeper exact score.
        tt.store(key, 0, 2, -50, Bound::Upper, MoveKey::NONE, NO_EVAL);
        assert_eq!(tt.probe(key, 0).unwrap().score, MATE - 7);
        tt.store(key, 0, 6, -50, Bound::Upper, MoveKey::NONE, NO_EVAL);
        let e = tt.probe(key, 0).unwrap();
        assert_eq!((e.score, e.depth), (-50, 6));
        assert_eq!(e.mv, MoveKey(0x0102_0304), "the old move is kept");
        assert_eq!(e.eval, NO_EVAL);
        assert!(tt.probe(key ^ (1 << 40), 0).is_none());
        tt.clear();
        assert!(tt.probe(key, 0).is_none());
    }

    #[test]
    fn a_bucket_keeps_four_positions_then_replaces_the_shallowest() {
        let tt = Tt::new(1);
        // Keys with equal low bits share a bucket.
        let keys: Vec<u64> = (1..=5u64).map(|i| i << 50).collect();
        for (d, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, 0, d as i32 + 3, 10, Bound::Lower, MoveKey::NONE, 0);
        }
        assert!(keys[..4].iter().all(|&k| tt.probe(k, 0).is_some()));
        tt.store(keys[4], 0, 9, 10, Bound::Lower, MoveKey::NONE, 0);
        assert!(tt.probe(keys[0], 0).is_none(), "the shallowest goes");
        assert!(keys[1..].iter().all(|&k| tt.probe(k, 0).is_some()));
        // After a few searches an old deep entry gives way to a fresh shallow one.
        for _ in 0..3 {
            tt.new_search();
        }
        tt.store(6 << 50, 0, 1, 10, Bound::Lower, MoveKey::NONE, 0);
        assert!(tt.probe(6 << 50, 0).is_some());
    }
}
