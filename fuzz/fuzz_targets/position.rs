//! Position strings of every game: never panic; an accepted one writes a string that reads
//! back to the same position, and its moves, outcome and notation work, and so does the
//! string written after each move (counters at their limits included).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rankup::notation::{coord, san};
use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let v = variant(VariantId::ALL[pick as usize % VariantId::ALL.len()]);
    let Ok(pos) = Position::from_fen(v, text) else {
        return;
    };
    let fen = pos.fen();
    let again = Position::from_fen(v, &fen).expect("a written position string reads back");
    assert_eq!(again.fen(), fen);
    let _ = pos.outcome();
    for mv in pos.legal_moves() {
        let token = coord::format(v, &mv);
        assert_eq!(coord::parse(&pos, &token), Ok(mv), "{fen}: {token}");
        let _ = san::format(&pos, &mv);
        let mut after = pos.clone();
        after.make(mv);
        let next = after.fen();
        let read = Position::from_fen(v, &next)
            .unwrap_or_else(|e| panic!("{fen}: after {token}, '{next}' does not read back: {e}"));
        assert_eq!(read.fen(), next);
    }
});
