//! Move text (tokens and SAN) against the start position and a few plies into each game:
//! never panics, and whatever is accepted is a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rankup::notation::{self, coord, san};
use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut pos = Position::start(variant(
        VariantId::ALL[pick as usize % VariantId::ALL.len()],
    ));
    // Each line is a move; accepted ones are played, so later lines meet new positions.
    for line in text.lines() {
        let parsed = [
            coord::parse(&pos, line).ok(),
            san::parse(&pos, line).ok(),
            notation::parse_move(&pos, line).ok(),
        ];
        for mv in parsed.iter().flatten() {
            assert!(pos.is_legal(mv), "{line}");
        }
        if let Some(mv) = parsed.into_iter().flatten().next() {
            pos.make(mv);
        }
    }
});
