//! Zobrist keys, generated at compile time from a fixed seed so hashes are stable across runs
//! (the AI's transposition table and repetition detection both rely on them).

use super::geometry::GRID_CELLS;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = splitmix(seed ^ ((i as u64) << 20) ^ 0x5eed);
        i += 1;
    }
    t
}

/// Keys for (piece code, square); piece codes are below 128. Code 0 never names a piece, so
/// its row serves as the e.p. square keys.
static PIECE_SQUARE: [u64; 128 * GRID_CELLS] = table(1);
static CASTLING: [u64; 16] = table(2);
static EXTRAS: [u64; 256] = table(3);
const SIDE: u64 = splitmix(4);
static MOVED: [u64; GRID_CELLS] = table(5);

/// Key of a piece (by its code) on a square.
#[inline]
pub fn piece(code: usize, sq: usize) -> u64 {
    PIECE_SQUARE[code * GRID_CELLS + sq]
}

/// Key of a level above 1 carried by the piece on `sq` (Upgrade Chess).
#[inline]
pub fn level(level: u16, sq: usize) -> u64 {
    if level <= 1 {
        0
    } else {
        splitmix(0x1e7e1 ^ ((level as u64) << 8) ^ sq as u64)
    }
}

/// Key of an e.p. square.
#[inline]
pub fn ep(sq: usize) -> u64 {
    PIECE_SQUARE[sq]
}

/// Key of a castling-rights mask.
#[inline]
pub fn castling(rights: u8) -> u64 {
    CASTLING[(rights & 15) as usize]
}

/// Key of the variant-specific state bits (unmoved Kings, unused swaps).
#[inline]
pub fn extras(bits: u8) -> u64 {
    if bits == 0 {
        0
    } else {
        EXTRAS[bits as usize]
    }
}

/// Key of a square in the position's `moved` set: a piece with first-move (`i`) atoms that
/// has moved and stands on a square where its kind starts. The set is empty in every
/// built-in game, so their hashes have no such key.
#[inline]
pub fn moved(sq: usize) -> u64 {
    MOVED[sq]
}

/// Key XORed in when Black is to move.
#[inline]
pub const fn side() -> u64 {
    SIDE
}
