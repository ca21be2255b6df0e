//! The variant-file loader on any text: never panics; an error names the file, line and
//! column. (`compile` rather than `load`: `load` keeps each game for the life of the
//! program, which a long fuzzing run would report as leaks.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use rankup::variants::file;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = file::compile(text, "fuzz.ron") {
        assert!(e.to_string().starts_with("fuzz.ron:"));
        assert!(e.line >= 1 && e.column >= 1);
    }
});
