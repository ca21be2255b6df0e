//! The variant-file loader on any text: never panics; an error names the file, line and
//! column. (`compile` rather than `load`: `load` keeps each game for the life of the
//! program, which a long fuzzing run would report as leaks.)
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use rankup::variants::file;

mod nesting;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = file::compile(text, "fuzz.ron") {
        assert!(e.to_string().starts_with("fuzz.ron:"));
        assert!(e.line >= 1 && e.column >= 1);
    }
});

// Deep nests of brackets besides libFuzzer's byte mutations (see `nesting.rs`).
fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    nesting::mutate(data, size, max_size, seed)
});
