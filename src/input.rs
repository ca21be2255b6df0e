//! Reading from outside with a bound: every file rankup reads (saved games, the config file,
//! themes) and every line of the UCI protocol goes through here, so no input, however large
//! or endless (`rankup export /dev/zero`, a GUI that writes without newlines), can make the
//! program grow without limit, and nothing found in a folder (a FIFO named like a game, a
//! symbolic link loop, a device) can make it wait: only regular files are opened there.
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

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read};
use std::path::Path;

/// One mebibyte, the unit the limits are given in.
pub const MIB: u64 = 1 << 20;

/// The contents of the regular file at `path`, refused when it holds more than `limit`
/// bytes. Anything else (a FIFO, a directory, a device, a socket), also behind a symbolic
/// link, is refused without waiting: see [`open_regular`].
///
/// # Errors
/// The I/O error of opening or reading; [`open_regular`]'s errors for what is not a regular
/// file; for a file over the limit, an error of kind [`io::ErrorKind::FileTooLarge`] whose
/// message names the limit ("the file is over the 1 MiB limit"). The caller names the file.
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_bounded(open_regular(path)?, limit)
}

/// The contents of the file at `path` as [`read_file`] reads them, except that a FIFO or a
/// device is read too, to its end, as `cat` reads it (`rankup export <(zcat game.ron.gz)`):
/// for a file the player named on the command line, never for one found in a folder. Opening
/// a FIFO waits for its writer. At most `limit + 1` bytes are read, so an endless device
/// (`/dev/zero`) is refused as too large.
///
/// # Errors
/// As [`read_file`]; a directory or a socket is refused.
pub fn read_file_or_stream(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = File::open(path).map_err(|e| explain_open_error(path, e))?;
    let meta = file.metadata()?;
    if meta.is_dir() || is_socket(&meta.file_type()) {
        return Err(not_regular(&meta.file_type()));
    }
    read_bounded(file, limit)
}

fn read_bounded(file: File, limit: u64) -> io::Result<Vec<u8>> {
    let too_large = || {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("the file is over the {} limit", size_text(limit)),
        )
    };
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() > limit)
    {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The regular file at `path` as UTF-8 text, with the limit of [`read_file`].
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

/// Opens the regular file at `path` for reading. Symbolic links are followed.
///
/// The file is opened without waiting (`O_NONBLOCK`: a FIFO with no writer would otherwise
/// block the open for ever, and nothing could stop it) and without becoming the process's
/// terminal (`O_NOCTTY`), then the type of what was opened is checked on the open handle,
/// so a file swapped between a look and the open cannot slip through.
///
/// # Errors
/// The I/O error of opening; for anything but a regular file an error of kind
/// [`io::ErrorKind::InvalidInput`] saying what it is, "not a regular file: a FIFO" (or a
/// directory, a device, a socket); for a symbolic link loop, "a symbolic link loop".
pub fn open_regular(path: &Path) -> io::Result<File> {
    open_regular_with(path, OpenOptions::new().read(true))
}

/// [`open_regular`] with other options (a lock file is opened for writing, and created).
///
/// # Errors
/// As [`open_regular`].
pub fn open_regular_with(path: &Path, options: &OpenOptions) -> io::Result<File> {
    let mut options = options.clone();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options
        .open(path)
        .map_err(|e| explain_open_error(path, e))?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    Ok(file)
}

/// The error for what is not a regular file, saying what it is.
fn not_regular(kind: &fs::FileType) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a regular file: {}", file_kind(kind)),
    )
}

/// What a file is, for messages: "a FIFO", "a directory", "a device", "a socket".
pub fn file_kind(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if is_socket(kind) {
        "a socket"
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

fn is_socket(kind: &fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        kind.is_socket()
    }
    #[cfg(not(unix))]
    {
        let _ = kind;
        false
    }
}

/// The system's open errors that do not say what happened in words a player knows: a
/// symbolic link loop ("Too many levels of symbolic links"), and a socket ("No such device
/// or address").
fn explain_open_error(path: &Path, e: io::Error) -> io::Error {
    #[cfg(unix)]
    {
        match e.raw_os_error() {
            Some(libc::ELOOP) => return io::Error::new(e.kind(), "a symbolic link loop"),
            Some(libc::ENXIO) => {
                if let Ok(meta) = fs::metadata(path) {
                    return not_regular(&meta.file_type());
                }
            }
            _ => {}
        }
    }
    let _ = path;
    e
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

/// The visible `*.ron` entries of `dir`, sorted: whatever each is (a FIFO, a folder or a
/// link loop is the reader's to refuse, with what it is, as it opens regular files only).
///
/// # Errors
/// The folder cannot be listed (`NotFound` when it does not exist).
pub fn ron_files_in(dir: &Path) -> io::Result<Vec<std::path::PathBuf>> {
    let mut paths: Vec<_> = fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ron")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    Ok(paths)
}

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
            // No size in advance, and endless: read on purpose only when named.
            let e = read_file_or_stream(Path::new("/dev/zero"), MIB).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
            let e = read_file(Path::new("/dev/zero"), MIB).unwrap_err();
            assert_eq!(e.to_string(), "not a regular file: a device");
        }
    }

    /// Whatever stands at a path, reading it answers at once: a FIFO with no writer, a
    /// folder, a device, a socket and a symbolic link loop are each one line.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read_and_nothing_waits() {
        use std::os::unix::fs::symlink;
        let dir = std::env::temp_dir().join(format!("rankup-input-kinds-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("folder")).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("fifo"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let _socket = std::os::unix::net::UnixListener::bind(dir.join("socket")).unwrap();
        symlink(dir.join("loop-b"), dir.join("loop-a")).unwrap();
        symlink(dir.join("loop-a"), dir.join("loop-b")).unwrap();
        symlink("/dev/null", dir.join("null")).unwrap();
        std::fs::write(dir.join("plain"), b"text").unwrap();
        symlink(dir.join("plain"), dir.join("link")).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let paths = dir.clone();
        std::thread::spawn(move || {
            for name in [
                "fifo", "folder", "null", "socket", "loop-a", "plain", "link",
            ] {
                let got = read_file(&paths.join(name), MIB).map_err(|e| e.to_string());
                tx.send((name, got)).unwrap();
            }
        });
        let mut got = std::collections::HashMap::new();
        for _ in 0..7 {
            let (name, result) = rx
                .recv_timeout(std::time::Duration::from_secs(10))
                .expect("no read may wait");
            got.insert(name, result);
        }
        let err = |name: &str| got[name].clone().unwrap_err();
        assert_eq!(err("fifo"), "not a regular file: a FIFO");
        assert_eq!(err("folder"), "not a regular file: a directory");
        assert_eq!(err("null"), "not a regular file: a device");
        assert_eq!(err("socket"), "not a regular file: a socket");
        assert!(
            err("loop-a").starts_with("a symbolic link loop"),
            "{}",
            err("loop-a")
        );
        assert_eq!(got["plain"], Ok(b"text".to_vec()));
        assert_eq!(
            got["link"],
            Ok(b"text".to_vec()),
            "links to regular files are followed"
        );
        // Named on purpose, a folder is still refused, and a FIFO is read to its end.
        let e = read_file_or_stream(&dir.join("folder"), MIB).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file: a directory");
        let fifo = dir.join("fifo");
        let writer = std::thread::spawn(move || std::fs::write(fifo, b"piped").unwrap());
        assert_eq!(
            read_file_or_stream(&dir.join("fifo"), MIB).unwrap(),
            b"piped"
        );
        writer.join().unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
