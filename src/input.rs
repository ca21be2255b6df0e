//! Reading from outside with a bound: every file rankup reads (saved games, the config file,
//! themes) and every line of the UCI protocol goes through here, so no input, however large
//! or endless (`rankup export /dev/zero`, a GUI that writes without newlines), can make the
//! program grow without limit.
//!
//! ```
//! use std::io::BufRead;
//! use rankup::input::{read_line, Line};
//!
//! let mut input = "go depth 3\r\nxxxxxxxxxxxxxxxx\nquit".as_bytes();
//! assert_eq!(read_line(&mut input, 12).unwrap(), Some(Line::Text(b"go depth 3".to_vec())));
//! assert_eq!(read_line(&mut input, 12).unwrap(), Some(Line::TooLong));
//! assert_eq!(read_line(&mut input, 12).unwrap(), Some(Line::Text(b"quit".to_vec())));
//! assert_eq!(read_line(&mut input, 12).unwrap(), None);
//! ```

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// One mebibyte, the unit the limits are given in.
pub const MIB: u64 = 1 << 20;

/// The contents of the file at `path`, refused when it holds more than `limit` bytes.
///
/// The limit holds for files whose size is not known in advance too (devices, pipes): at
/// most `limit + 1` bytes are read.
///
/// # Errors
/// The I/O error of opening or reading; for a file over the limit, an error of kind
/// [`io::ErrorKind::FileTooLarge`] whose message names the limit ("the file is over the
/// 1 MiB limit"). The caller names the file.
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    let too_large = || {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("the file is over the {} limit", size_text(limit)),
        )
    };
    if file.metadata().is_ok_and(|m| m.len() > limit) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The file at `path` as UTF-8 text, with the limit of [`read_file`].
///
/// # Errors
/// As [`read_file`], and [`io::ErrorKind::InvalidData`] for text that is not UTF-8.
pub fn read_text_file(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_file(path, limit)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// `limit` bytes for people: `8 MiB`, `64 KiB`, `100 bytes`.
pub fn size_text(limit: u64) -> String {
    if limit >= MIB && limit.is_multiple_of(MIB) {
        format!("{} MiB", limit / MIB)
    } else if limit >= 1024 && limit.is_multiple_of(1024) {
        format!("{} KiB", limit / 1024)
    } else {
        format!("{limit} bytes")
    }
}

/// The deepest nesting of brackets any RON file rankup reads may have. The deepest real file
/// (a variant's `Union` of `MinRange` movements inside a piece inside the list of pieces)
/// nests about eight levels; a limit of 32 keeps parsing, and naming the place of an error,
/// linear in the file's size whatever the file holds.
pub const MAX_NESTING: usize = 32;

/// The RON options for every file rankup reads (saves, variant files, the config, themes,
/// the server's files): nesting limited to [`MAX_NESTING`] and `implicit_some` on (files
/// carry `#![enable(implicit_some)]`, but hand-written ones may leave it out). A file nested
/// deeper is refused with an error naming the line and column where it went too deep.
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_recursion_limit(MAX_NESTING)
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// One line read by [`read_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes, without the `\n` or `\r\n` that ended it.
    Text(Vec<u8>),
    /// The line was longer than the limit; it was read to its end and dropped.
    TooLong,
}

/// Reads one line of at most `limit` bytes (not counting its `\n` or `\r\n`); `None` at the
/// end of the input. A longer line is consumed to its end without being kept, so memory stays
/// within `limit` whatever comes in.
///
/// # Errors
/// I/O errors of `reader` (interrupted reads are retried).
pub fn read_line<R: BufRead + ?Sized>(reader: &mut R, limit: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let part = &available[..newline.unwrap_or(available.len())];
        // One byte over the limit is allowed for a `\r` that the `\n` will show to be part of
        // the line end.
        if !too_long && line.len() + part.len() <= limit.saturating_add(1) {
            line.extend_from_slice(part);
        } else {
            too_long = true;
            line = Vec::new();
        }
        let used = newline.map_or(available.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > limit {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(Line::Text(line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Option<Line>> {
        let mut reader = io::BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, limit).unwrap();
            let end = line.is_none();
            out.push(line);
            if end {
                return out;
            }
        }
    }

    fn text(s: &str) -> Option<Line> {
        Some(Line::Text(s.as_bytes().to_vec()))
    }

    #[test]
    fn line_rule_table() {
        for (input, limit, want) in [
            (&b""[..], 5, vec![None]),
            (b"abc", 5, vec![text("abc"), None]),
            (b"abc\n", 5, vec![text("abc"), None]),
            (b"abc\r\n\n", 5, vec![text("abc"), text(""), None]),
            (b"abcde\r\n", 5, vec![text("abcde"), None]),
            (
                b"abcdef\nab",
                5,
                vec![Some(Line::TooLong), text("ab"), None],
            ),
            (b"abcde\r", 5, vec![text("abcde"), None]),
            (b"abcdef\r", 5, vec![Some(Line::TooLong), None]),
            (b"a\rb\n", 5, vec![text("a\rb"), None]),
        ] {
            assert_eq!(lines(input, limit), want, "{input:?}");
        }
    }

    #[test]
    fn sizes_for_people() {
        assert_eq!(size_text(8 * MIB), "8 MiB");
        assert_eq!(size_text(64 * 1024), "64 KiB");
        assert_eq!(size_text(100), "100 bytes");
    }

    #[test]
    fn files_over_the_limit_are_refused() {
        let dir = std::env::temp_dir().join(format!("rankup-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.txt");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_file(&path, 5).unwrap(), b"12345");
        let e = read_file(&path, 4).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(e.to_string(), "the file is over the 4 bytes limit");
        std::fs::write(&path, b"\xff").unwrap();
        let e = read_text_file(&path, 5).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        std::fs::remove_dir_all(&dir).unwrap();
        #[cfg(unix)]
        {
            // No size in advance, and endless.
            let e = read_file(Path::new("/dev/zero"), MIB).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        }
    }
}
