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

/// The input up to its first `quit` line, and how many `go` commands come before it (lines
/// as the protocol reads them).
fn before_quit(data: &[u8]) -> (&[u8], usize) {
    let mut input = data;
    let mut count = 0;
    loop {
        let start = data.len() - input.len();
        let Some(line) = read_line(&mut input, MAX_LINE_BYTES).unwrap() else {
            return (data, count);
        };
        let Line::Text(bytes) = line else { continue };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        match text.split_whitespace().next() {
            Some("go") => count += 1,
            Some("quit") => return (&data[..start], count),
            _ => {}
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // `setoption name Hash value 4096` is legal and allocates 4 GiB, beyond the fuzzer's
    // memory limit; the option's parsing has its own tests.
    if data.windows(4).any(|w| w.eq_ignore_ascii_case(b"hash")) {
        return;
    }
    // The input ends where `quit` would be: the same stop and quit (tested on their own),
    // but the session's input thread has ended when `run` returns. After `quit` it is left
    // running, as it may be blocked reading stdin, and LeakSanitizer would count its
    // thread-local registrations as leaks if it had not ended yet.
    let (input, gos) = before_quit(data);
    let out = Shared::default();
    uci::run(Cursor::new(input.to_vec()), out.clone());
    let bytes = out.0.lock().unwrap().clone();
    let text = String::from_utf8(bytes).expect("the output is UTF-8");
    let answered = text.lines().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(answered, gos, "{text}");
    assert!(
        !text.chars().any(|c| (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')),
        "{text:?}"
    );
});
