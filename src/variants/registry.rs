//! The games registered while the program runs: a player's own variant files, and the
//! definitions saved games carry. Each is compiled once and lives as long as the program
//! (positions refer to their game), like the built-in ones.

use std::fmt;
use std::path::Path;
use std::sync::{Mutex, PoisonError, RwLock};

use super::file::{self, VariantFileError, MAX_FILE_BYTES};
use super::{VariantId, BUILTIN};
use crate::rules::Variant;

/// At most this many games are registered in one run (ids are 16-bit handles).
pub const MAX_USER_GAMES: usize = 4096;

/// A game registered while the program runs.
#[derive(Debug)]
pub struct UserGame {
    /// Its id, the same as the compiled game's [`Variant::id`].
    pub id: &'static str,
    /// The compiled game.
    pub variant: &'static Variant,
    /// Where it came from, as shown: the file's path, or `SAVE (embedded)` for a save's copy.
    pub file: String,
    /// The definition's text, as read.
    pub text: String,
    /// [`content_hash`] of `text`.
    pub hash: String,
}

/// A player's variant file that could not be used, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenFile {
    /// The file's path, as shown.
    pub file: String,
    /// One line: the loader's error (`file:line:col: field: ...`) or why it was not read.
    pub error: String,
}

/// Why a definition was not registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegisterError {
    /// The file does not load.
    File(VariantFileError),
    /// Its id is already a game's: a built-in one or another file's.
    Taken {
        /// The file's name, as shown.
        file: String,
        /// The id.
        id: String,
        /// Whose it is: `a built-in game` or the other file's name.
        by: String,
    },
    /// [`MAX_USER_GAMES`] games are registered already.
    TooMany {
        /// The file's name, as shown.
        file: String,
    },
}

impl fmt::Display for RegisterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::{short, short_path};
        match self {
            RegisterError::File(e) => e.fmt(f),
            RegisterError::Taken { file, id, by } => write!(
                f,
                "{}: id '{}' is already taken by {}",
                short_path(file),
                short(id),
                short_path(by)
            ),
            RegisterError::TooMany { file } => write!(
                f,
                "{}: not loaded, {MAX_USER_GAMES} games are loaded already",
                short_path(file)
            ),
        }
    }
}

impl std::error::Error for RegisterError {}

impl RegisterError {
    /// The error for a definition whose `id` is a built-in game's, if it is one: such a
    /// game would be shadowed by the built-in one. `rankup variant check` and the start-up
    /// loading of a player's files both say it in these words.
    pub fn builtin_clash(file: &str, id: &str) -> Option<RegisterError> {
        BUILTIN
            .iter()
            .any(|(_, b, _)| b.eq_ignore_ascii_case(id))
            .then(|| RegisterError::Taken {
                file: file.to_string(),
                id: id.to_string(),
                by: "a built-in game".into(),
            })
    }
}

static USER: RwLock<Vec<&'static UserGame>> = RwLock::new(Vec::new());
static BROKEN: Mutex<Vec<BrokenFile>> = Mutex::new(Vec::new());

/// The content hash a save records for a definition: FNV-1a (64-bit) of its UTF-8 bytes, as
/// 16 lower-case hex digits. It only tells versions of a file apart; it is no security
/// measure.
pub fn content_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

pub(super) fn count() -> usize {
    USER.read().unwrap_or_else(PoisonError::into_inner).len()
}

pub(super) fn get(i: usize) -> Option<&'static UserGame> {
    USER.read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(i)
        .copied()
}

pub(super) fn find(id: &str) -> Option<usize> {
    USER.read()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .position(|g| g.id.eq_ignore_ascii_case(id))
}

fn handle(i: usize) -> VariantId {
    VariantId((BUILTIN.len() + i) as u16)
}

/// Registers a definition under `id` (the file's own when `None`). `file` names it.
fn add(text: &str, file: &str, id: Option<&str>) -> Result<VariantId, RegisterError> {
    let variant = file::load_as(text, file, id).map_err(RegisterError::File)?;
    let id = variant.id();
    if let Some(clash) = RegisterError::builtin_clash(file, id) {
        return Err(clash);
    }
    let taken = |by: String| RegisterError::Taken {
        file: file.to_string(),
        id: id.to_string(),
        by,
    };
    let mut user = USER.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(other) = user.iter().find(|g| g.id.eq_ignore_ascii_case(id)) {
        return Err(taken(other.file.clone()));
    }
    if user.len() >= MAX_USER_GAMES {
        return Err(RegisterError::TooMany {
            file: file.to_string(),
        });
    }
    user.push(Box::leak(Box::new(UserGame {
        id: variant.id(),
        variant,
        file: file.to_string(),
        text: text.to_string(),
        hash: content_hash(text),
    })));
    Ok(handle(user.len() - 1))
}

/// Checks a variant file's text and registers its game under the file's id; `file` names
/// it in errors and is shown as its origin.
///
/// # Errors
/// The file's first problem, or its id already being a game's.
pub fn register(text: &str, file: &str) -> Result<VariantId, RegisterError> {
    add(text, file, None)
}

/// The game a save's embedded definition stands for, registered if need be: a registered
/// game with the same text (same [`content_hash`]) is reused; otherwise the definition is
/// registered under `id` (the id the save names) when that is free, and when `id` is taken
/// by a different game, under `id` with the hash's first 8 digits appended
/// (`mygame-1a2b3c4d`), so an edited or deleted file never stops an old save from loading.
///
/// # Errors
/// The definition's first problem (a save's copy is checked like any file), or the derived
/// id being taken too.
pub fn register_embedded(text: &str, id: &str, file: &str) -> Result<VariantId, RegisterError> {
    let hash = content_hash(text);
    if let Some(i) = USER
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .position(|g| g.hash == hash && g.id.eq_ignore_ascii_case(id))
    {
        return Ok(handle(i));
    }
    let free = id.parse::<VariantId>().is_err();
    if free {
        return add(text, file, Some(id));
    }
    // Keep the derived id within the 40 characters an id may have.
    let base: String = id.chars().take(31).collect();
    let derived = format!("{}-{}", base.trim_end_matches('-'), &hash[..8]);
    match derived.parse::<VariantId>() {
        Ok(known) if known.user_game().is_some_and(|g| g.hash == hash) => Ok(known),
        _ => add(text, file, Some(&derived)),
    }
}

/// Loads every visible `*.ron` file in `dir` (a player's `variants/` folder) in name order
/// and registers its game. A file that does not load, or whose id is taken, is recorded as a
/// [`BrokenFile`] (see [`user_files_broken`]) and skipped; a missing folder has no games.
///
/// Returns the games registered and the files that were not.
pub fn load_user_dir(dir: &Path) -> (Vec<VariantId>, Vec<BrokenFile>) {
    let paths = match crate::input::ron_files_in(dir) {
        Ok(paths) => paths,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            let broken = vec![BrokenFile {
                file: dir.display().to_string(),
                error: format!("cannot read the folder: {e}"),
            }];
            record(&broken);
            return (Vec::new(), broken);
        }
    };
    let mut games = Vec::new();
    let mut broken = Vec::new();
    for path in paths {
        // Named from the folder on (`variants/mygame.ron`): short enough for one line of the
        // start screen, and the README says where that folder is.
        let shown = match (dir.file_name(), path.file_name()) {
            (Some(folder), Some(name)) => Path::new(folder).join(name).display().to_string(),
            _ => path.display().to_string(),
        };
        let result = crate::input::read_text_file(&path, MAX_FILE_BYTES as u64)
            .map_err(|e| format!("{}: {e}", crate::text::short_path(&shown)))
            .and_then(|text| register(&text, &shown).map_err(|e| e.to_string()));
        match result {
            Ok(id) => games.push(id),
            Err(error) => broken.push(BrokenFile {
                file: shown,
                error: crate::text::shorten_message(&error),
            }),
        }
    }
    record(&broken);
    (games, broken)
}

fn record(broken: &[BrokenFile]) {
    BROKEN
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .extend_from_slice(broken);
}

/// Every player's file [`load_user_dir`] could not use in this run, with its error.
pub fn user_files_broken() -> Vec<BrokenFile> {
    BROKEN
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}
