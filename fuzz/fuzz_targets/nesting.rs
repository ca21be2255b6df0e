//! A custom libFuzzer mutator for the RON loaders: besides libFuzzer's own byte mutations, it
//! opens deep nests of brackets and wraps stretches of the input in them. Byte mutations
//! almost never build a nest hundreds of levels deep, and deep nesting is where a parser's
//! time and memory can grow faster than its input (a file of 6,000 `(` once took 893 MB).

/// Brackets RON nests with.
const PAIRS: [(u8, u8); 3] = [(b'(', b')'), (b'[', b']'), (b'{', b'}')];

/// A SplitMix64 step: the mutator's randomness from libFuzzer's seed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Mutates `data[..size]` in place (at most `max_size` bytes) and returns the new size: one
/// time in four a nest (up to 4,096 deep, or as deep as fits), otherwise libFuzzer's own
/// mutation.
pub fn mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let mut state = u64::from(seed);
    if next(&mut state) % 4 != 0 || max_size <= size {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    let (open, close) = PAIRS[(next(&mut state) % 3) as usize];
    let room = max_size - size;
    let wrap = next(&mut state) % 2 == 0;
    let depth = ((next(&mut state) % 4096) as usize + 1).min(if wrap { room / 2 } else { room });
    if depth == 0 {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    let at = (next(&mut state) % (size as u64 + 1)) as usize;
    let mut out = Vec::with_capacity(size + 2 * depth);
    out.extend_from_slice(&data[..at]);
    out.extend(std::iter::repeat_n(open, depth));
    if wrap {
        let end = at + (next(&mut state) % ((size - at) as u64 + 1)) as usize;
        out.extend_from_slice(&data[at..end]);
        out.extend(std::iter::repeat_n(close, depth));
        out.extend_from_slice(&data[end..size]);
    } else {
        out.extend_from_slice(&data[at..size]);
    }
    data[..out.len()].copy_from_slice(&out);
    out.len()
}
