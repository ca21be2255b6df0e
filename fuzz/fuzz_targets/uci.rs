//! The UCI loop on any bytes as its input, in process: never panics, every `go` it reads is
//! answered by exactly one `bestmove` (the end of the input stops a running search), and no
//! control character of the input reaches the output.
#![no_main]

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use libfuzzer_sys::fuzz_target;
use rankup::input::{read_line, Line};
use rankup::uci::{self, MAX_LINE_BYTES};

/// The session's output, shared with the check.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How many `go` commands the session reads: lines as the protocol reads them, up to the
/// first `quit`.
fn gos(data: &[u8]) -> usize {
    let mut input = data;
    let mut count = 0;
    while let Some(line) = read_line(&mut input, MAX_LINE_BYTES).unwrap() {
        let Line::Text(bytes) = line else { continue };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        match text.split_whitespace().next() {
            Some("go") => count += 1,
            Some("quit") => break,
            _ => {}
        }
    }
    count
}

fuzz_target!(|data: &[u8]| {
    // `setoption name Hash value 4096` is legal and allocates 4 GiB, beyond the fuzzer's
    // memory limit; the option's parsing has its own tests.
    if data.windows(4).any(|w| w.eq_ignore_ascii_case(b"hash")) {
        return;
    }
    let out = Shared::default();
    uci::run(Cursor::new(data.to_vec()), out.clone());
    let bytes = out.0.lock().unwrap().clone();
    let text = String::from_utf8(bytes).expect("the output is UTF-8");
    let answered = text.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answered, gos(data), "{text}");
    assert!(
        !text.chars().any(|c| (c.is_control() && c != '\n') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')),
        "{text:?}"
    );
});
