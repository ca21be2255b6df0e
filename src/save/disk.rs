//! The store's writes behind one seam, so tests can make them fail the way a full disk, a
//! read-only mount or a vanished directory does, without mocking anything above the store.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, Once, PoisonError};

/// Every change the store makes to the file system. Reading needs no seam: a read fails
/// on its own when the disk does, and the store never changes what it only read.
pub trait Disk: Send + Sync + fmt::Debug {
    /// Writes `contents` to `path` so that `path` holds either its old contents or the new
    /// ones, whatever happens ([`write_atomic`] on the real disk).
    fn write(&self, path: &Path, contents: &[u8]) -> io::Result<()>;

    /// Creates a folder and its parents.
    fn create_dir_all(&self, dir: &Path) -> io::Result<()>;

    /// Removes a file.
    fn remove_file(&self, path: &Path) -> io::Result<()>;

    /// Moves `from` to `to` unless `to` exists ([`io::ErrorKind::AlreadyExists`] then):
    /// the file is never copied, so nothing is lost half-way.
    fn move_no_clobber(&self, from: &Path, to: &Path) -> io::Result<()>;

    /// Opens the lock file at `path`, creating it where the folder allows, and takes its
    /// exclusive lock without waiting (on the real disk: a regular file only, opened without
    /// waiting, with an OS advisory lock, `flock` on Unix). The lock lasts as
    /// long as the returned file is open.
    ///
    /// # Errors
    /// [`TryLockError::WouldBlock`] when another process holds the lock;
    /// [`TryLockError::Error`] when the file cannot be opened or locked, its message saying
    /// which (then nobody may write what it guards from here).
    fn lock(&self, path: &Path) -> Result<File, TryLockError>;
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct RealDisk;

impl Disk for RealDisk {
    fn write(&self, path: &Path, contents: &[u8]) -> io::Result<()> {
        write_atomic(path, contents)
    }

    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir).map_err(|e| explain_dir_error(dir, e))
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        fs::remove_file(path)
    }

    fn lock(&self, path: &Path) -> Result<File, TryLockError> {
        lock_file(path)
    }

    fn move_no_clobber(&self, from: &Path, to: &Path) -> io::Result<()> {
        // A hard link fails when `to` exists, so no other file is ever replaced; removing
        // `from` afterwards leaves the one file under its new name.
        match fs::hard_link(from, to) {
            Ok(()) => {
                fs::remove_file(from)?;
                sync_parent(to)
            }
            // Filesystems without hard links: check, then rename (a race with another
            // process creating `to` in between is the only way to lose here).
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists && !to.exists() => {
                fs::rename(from, to)?;
                sync_parent(to)
            }
            Err(e) => Err(e),
        }
    }
}

/// Opens the lock file at `path` (creating it when it can; a read-only one is enough for a
/// lock) and takes its exclusive OS advisory lock without waiting.
///
/// Only a regular file is a lock file: it is opened without waiting and its type checked
/// ([`crate::input::open_regular_with`]), so a FIFO, a folder or a symbolic link loop at the
/// lock's path is an error, never a hang and never "no lock".
///
/// # Errors
/// As [`Disk::lock`]; the message says whether the lock file could not be opened
/// (`lock file: a symbolic link loop`) or not locked (`lock: Operation not supported`),
/// short enough for one line of the screen with the words around it.
pub(super) fn lock_file(path: &Path) -> Result<File, TryLockError> {
    let writable = crate::input::open_regular_with(
        path,
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    );
    // flock works on a descriptor opened for reading only: a lock file the folder lets us
    // read but not write (or create) still serves.
    let file = writable
        .or_else(|first| {
            crate::input::open_regular(path).map_err(|second| {
                if second.kind() == io::ErrorKind::NotFound {
                    first
                } else {
                    second
                }
            })
        })
        .map_err(|e| TryLockError::Error(io::Error::new(e.kind(), format!("lock file: {e}"))))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(TryLockError::WouldBlock),
        Err(TryLockError::Error(e)) => Err(TryLockError::Error(io::Error::new(
            e.kind(),
            format!("lock: {e}"),
        ))),
    }
}

/// `create_dir_all` says "File exists" or "Not a directory" when a part of the path is a
/// file; say which part.
fn explain_dir_error(dir: &Path, e: io::Error) -> io::Error {
    if !matches!(
        e.kind(),
        io::ErrorKind::AlreadyExists | io::ErrorKind::NotADirectory
    ) {
        return e;
    }
    let file = dir
        .ancestors()
        .find(|p| p.metadata().is_ok_and(|m| !m.is_dir()));
    match file {
        Some(f) => io::Error::new(e.kind(), format!("{} is a file, not a folder", f.display())),
        None => e,
    }
}

/// A disk that fails on demand: every write, folder and removal fails with the chosen
/// error while it is switched on, and goes to the real disk otherwise; taking a lock fails
/// on its own switch ([`FaultyDisk::set_lock_failing`]: a lock file owned by another user,
/// a filesystem without locks). For tests and fault drills.
#[derive(Debug)]
pub struct FaultyDisk {
    failing: AtomicBool,
    kind: io::ErrorKind,
    lock_failure: Mutex<Option<io::ErrorKind>>,
}

impl FaultyDisk {
    /// A disk whose changes fail with `kind` (for example [`io::ErrorKind::StorageFull`])
    /// from the start; locks work.
    pub fn failing(kind: io::ErrorKind) -> FaultyDisk {
        FaultyDisk {
            failing: AtomicBool::new(true),
            kind,
            lock_failure: Mutex::new(None),
        }
    }

    /// Switches the failures on or off.
    pub fn set_failing(&self, on: bool) {
        self.failing.store(on, Ordering::SeqCst);
    }

    /// Makes every lock fail with `kind` (for example [`io::ErrorKind::PermissionDenied`],
    /// as opening a mode-000 lock file of another user does, or
    /// [`io::ErrorKind::Unsupported`], as a filesystem without locks does), or work again
    /// with `None`.
    pub fn set_lock_failing(&self, kind: Option<io::ErrorKind>) {
        *self
            .lock_failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = kind;
    }

    fn check(&self) -> io::Result<()> {
        if self.failing.load(Ordering::SeqCst) {
            Err(io::Error::new(self.kind, "injected failure"))
        } else {
            Ok(())
        }
    }
}

impl Disk for FaultyDisk {
    fn write(&self, path: &Path, contents: &[u8]) -> io::Result<()> {
        self.check()?;
        RealDisk.write(path, contents)
    }

    fn create_dir_all(&self, dir: &Path) -> io::Result<()> {
        self.check()?;
        RealDisk.create_dir_all(dir)
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        self.check()?;
        RealDisk.remove_file(path)
    }

    fn move_no_clobber(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.check()?;
        RealDisk.move_no_clobber(from, to)
    }

    fn lock(&self, path: &Path) -> Result<File, TryLockError> {
        let failure = *self
            .lock_failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match failure {
            Some(kind) => Err(TryLockError::Error(io::Error::new(
                kind,
                format!("lock file ({}): injected failure", path.display()),
            ))),
            None => RealDisk.lock(path),
        }
    }
}

/// Writes `contents` to `path` so that, whatever happens (a crash, a kill, a full disk, a
/// power cut after the call returned), `path` holds either its old contents or the new ones,
/// never a mix or nothing.
///
/// The data goes to a temporary file in the same directory (`.NAME.PID.N.tmp`), which is
/// flushed to disk, renamed over `path` (atomic on one filesystem), and then the directory is
/// flushed so the rename itself is durable (on Unix). A temporary file left by a process
/// killed mid-write is never read as a save (its name does not end in `.ron`).
///
/// A file-size limit (`ulimit -f`) makes the write fail with an error like a full disk does,
/// rather than killing the process with SIGXFSZ: the signal is ignored from the first call.
///
/// # Errors
/// I/O errors; the temporary file is removed and `path` untouched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    ignore_file_size_signal();
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let tmp = dir.join(tmp_name);
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        let result = file.write_all(contents).and_then(|()| file.sync_all());
        drop(file);
        // The temporary file may exist even when opening it was the last thing that
        // worked; remove it on any failure below.
        result?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir)
}

/// Ignores SIGXFSZ once per process, so a write past `ulimit -f` returns `EFBIG` (an error
/// the caller reports) instead of killing the process with the game unsaved.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // A caught signal makes the kernel fail the write with EFBIG; the flag that
            // records it is never read.
            let caught = std::sync::Arc::new(AtomicBool::new(false));
            let _ = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, caught);
        });
    }
}

/// Flushes the folder that holds `path`.
fn sync_parent(path: &Path) -> io::Result<()> {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => sync_dir(p),
        _ => sync_dir(Path::new(".")),
    }
}

/// Flushes a directory's entries (the rename) to disk.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        // Some filesystems cannot sync a directory; the rename is done all the same.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
            ) =>
        {
            Ok(())
        }
        other => other,
    }
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// How [`write_output`] wrote a file the player named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A new or replaced regular file (written crash-safely).
    File,
    /// Through a symbolic link, to the file it points at (the link stays).
    Through(std::path::PathBuf),
    /// Straight into a device, FIFO or socket (nothing renamed over it).
    Stream,
}

/// Writes an export (PGN, a copy of a game) to a path the player named, without ever
/// destroying something that is not an older export:
///
/// * a regular file is replaced crash-safely ([`write_atomic`]), unless it is a saved game
///   (a `.ron` file) or the file being exported (`source`): those are refused;
/// * a symbolic link is written through: its target gets the text by the same rules, the
///   link stays;
/// * a device, FIFO or socket (`/dev/stdout`, `/dev/full`, a pipe made with `mkfifo`) is
///   written to directly, never renamed over;
/// * a folder is refused.
///
/// # Errors
/// A message naming the path and what is wrong.
pub fn write_output(
    path: &Path,
    contents: &[u8],
    source: Option<&Path>,
) -> Result<Written, String> {
    let shown = path.display();
    let fail = |e: io::Error| format!("cannot write {shown}: {e}");
    // A device, FIFO or socket, also behind a link: `/dev/stdout` is a link to whatever
    // standard output is, a pipe or socket with no path to resolve, yet it opens.
    if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return write_stream(path, contents).map_err(fail);
    }
    let link_target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Some(fs::canonicalize(path).map_err(|e| {
            format!("cannot write {shown}: it is a symbolic link to a missing file ({e})")
        })?),
        _ => None,
    };
    let real = link_target.as_deref().unwrap_or(path);
    match fs::metadata(real) {
        Ok(m) if m.is_dir() => Err(format!("cannot write {shown}: it is a folder")),
        Ok(m) if !m.is_file() => write_stream(real, contents).map_err(fail),
        existing => {
            if existing.is_ok() {
                let same = |a: &Path| matches!((fs::canonicalize(a), fs::canonicalize(real)), (Ok(x), Ok(y)) if x == y);
                if source.is_some_and(same) {
                    return Err(format!(
                        "refusing to write over {shown}: it is the file being exported"
                    ));
                }
                if real
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
                {
                    return Err(format!(
                        "refusing to write over {shown}: it is a saved game (.ron); choose another name"
                    ));
                }
            }
            write_atomic(real, contents).map_err(fail)?;
            Ok(match link_target {
                Some(t) => Written::Through(t),
                None => Written::File,
            })
        }
    }
}

/// Writes straight into a device, FIFO or socket (never renamed over).
fn write_stream(path: &Path, contents: &[u8]) -> io::Result<Written> {
    let mut f = OpenOptions::new().write(true).open(path)?;
    f.write_all(contents)?;
    f.flush()?;
    Ok(Written::Stream)
}
