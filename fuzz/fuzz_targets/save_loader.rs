//! The save loader on any text: never panics, and whatever loads writes back to itself and
//! exports as PGN.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use rankup::notation::pgn;
use rankup::save::SavedGame;

mod nesting;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(saved) = SavedGame::from_ron(text, "fuzz.ron") {
        let again = SavedGame::from_ron(&saved.to_ron(), "again.ron").expect("written text loads");
        assert_eq!(again, saved);
        let _ = pgn::export(&saved);
        let _ = saved.positions().expect("a loaded game replays");
    }
});

// Deep nests of brackets besides libFuzzer's byte mutations (see `nesting.rs`).
fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    nesting::mutate(data, size, max_size, seed)
});
