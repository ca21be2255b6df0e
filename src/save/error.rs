//! Errors of reading and writing saved games.

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::rules::Color;
use crate::text::{short, shorten_message};

use super::timestamp::Timestamp;

/// Why a saved game could not be loaded, and which file it was.
///
/// The message names the file, then the place (line and column for RON errors, the move
/// number and token for move errors), then the reason:
/// `games/a.ron: move 12 (Black) 'g8f6': illegal move 'g8f6'`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file as given (a path, or a name such as `autosave`).
    pub file: String,
    /// What is wrong.
    pub kind: LoadErrorKind,
}

/// Where a move stands in a game, for messages: the move number as a chess player counts
/// it, the side, and the index in the file's `moves` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlace {
    /// 1-based index in the file's `moves` list.
    pub ply: usize,
    /// Full-move number (`12` for `12. e4` and `12... e5`).
    pub number: u32,
    /// Who made the move.
    pub color: Color,
}

impl fmt::Display for MovePlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({})", self.number, self.color)
    }
}

/// The kinds of [`LoadError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadErrorKind {
    /// The file could not be read.
    Io {
        /// What kind of I/O error.
        kind: io::ErrorKind,
        /// The system's message.
        message: String,
    },
    /// Not valid RON, or RON that does not fit the save format (a missing field, a wrong
    /// type, an AI level out of range, a bad timestamp).
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What RON or the schema says.
        message: String,
    },
    /// A field the format does not have (often a typo).
    UnknownField {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// The field found.
        field: String,
        /// The fields allowed there.
        expected: Vec<String>,
    },
    /// The text ends before the game does (a file cut short).
    Truncated {
        /// 1-based line where the text ends.
        line: usize,
        /// 1-based column.
        col: usize,
    },
    /// A format version this build cannot read.
    UnsupportedVersion(u32),
    /// A variant id rankup does not know.
    UnknownVariant(String),
    /// The game's definition embedded in the save (`variant_file`) is broken, does not match
    /// its `variant_hash`, or cannot be registered; the text says which.
    VariantDefinition(String),
    /// The start position string is not valid for the game.
    BadStart {
        /// The position string.
        start: String,
        /// Why.
        reason: String,
    },
    /// A move token that is not of the form `e2e4` / `e7e8=q` / `b6b7+` / `e1d2^b1`.
    UnparsableMove {
        /// Which move.
        at: MovePlace,
        /// The token.
        token: String,
    },
    /// A move that is not legal where it stands (or comes after the game ended).
    IllegalMove {
        /// Which move.
        at: MovePlace,
        /// The token.
        token: String,
        /// Why.
        reason: String,
    },
    /// The SAN written with a move is not the SAN of the move its token names.
    SanMismatch {
        /// Which move.
        at: MovePlace,
        /// The token.
        token: String,
        /// The SAN in the file.
        found: String,
        /// The SAN of the token's move.
        expected: String,
    },
    /// The result and termination contradict each other or the final position.
    BadResult(String),
    /// The game's end time is before its start.
    EndedBeforeStarted {
        /// The `started` time.
        started: Timestamp,
        /// The `ended` time.
        ended: Timestamp,
    },
    /// The time the file was last written (`updated`) is before the game's start.
    UpdatedBeforeStarted {
        /// The `started` time.
        started: Timestamp,
        /// The `updated` time.
        updated: Timestamp,
    },
    /// The `plies` a games list shows is not the number of moves the file holds.
    PliesMismatch {
        /// The `plies` field.
        plies: usize,
        /// The moves in the file.
        moves: usize,
    },
    /// A list of the game's analysis does not have one entry per position (or per move).
    AnalysisMismatch {
        /// Which list: `evals`, `lines` or `marks`.
        list: &'static str,
        /// Its entries.
        len: usize,
        /// The entries the moves call for.
        want: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.kind)
    }
}

/// What is wrong, without the file's name (a list that shows the name already).
impl fmt::Display for LoadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadErrorKind::Io { message, .. } => write!(f, "cannot read: {message}"),
            LoadErrorKind::Syntax { line, col, message } => {
                // RON's messages may quote the file's text at any length.
                write!(f, "line {line}, column {col}: {}", shorten_message(message))
            }
            LoadErrorKind::UnknownField {
                line,
                col,
                field,
                expected,
            } => write!(
                f,
                "line {line}, column {col}: unknown field '{}' (expected one of: {})",
                short(field),
                expected.join(", ")
            ),
            LoadErrorKind::Truncated { line, col } => write!(
                f,
                "line {line}, column {col}: the file ends too early (truncated?)"
            ),
            LoadErrorKind::UnsupportedVersion(v) => {
                write!(
                    f,
                    "unsupported save format version {v} (this rankup reads versions {} to {}",
                    super::OLDEST_FORMAT_VERSION,
                    super::FORMAT_VERSION
                )?;
                if *v > super::FORMAT_VERSION {
                    f.write_str("; a newer rankup wrote it")?;
                }
                f.write_str(")")
            }
            LoadErrorKind::UnknownVariant(id) => {
                let known: Vec<&str> = crate::variants::VariantId::all()
                    .iter()
                    .map(|v| v.as_str())
                    .collect();
                write!(
                    f,
                    "unknown variant '{}' (known: {})",
                    short(id),
                    known.join(", ")
                )
            }
            LoadErrorKind::VariantDefinition(m) => {
                write!(f, "the embedded game definition: {m}")
            }
            LoadErrorKind::BadStart { start, reason } => {
                write!(f, "bad start position '{}': {reason}", short(start))
            }
            LoadErrorKind::UnparsableMove { at, token } => {
                write!(
                    f,
                    "{at} '{}': not a move token like e2e4 or e7e8=q",
                    short(token)
                )
            }
            LoadErrorKind::IllegalMove { at, token, reason } => {
                write!(f, "{at} '{}': {reason}", short(token))
            }
            LoadErrorKind::SanMismatch {
                at,
                token,
                found,
                expected,
            } => write!(
                f,
                "{at} '{}': SAN '{}' does not match the token, which is '{expected}'",
                short(token),
                short(found)
            ),
            LoadErrorKind::BadResult(why) => write!(f, "{why}"),
            LoadErrorKind::EndedBeforeStarted { started, ended } => {
                write!(f, "the game ended ({ended}) before it started ({started})")
            }
            LoadErrorKind::UpdatedBeforeStarted { started, updated } => write!(
                f,
                "the file was last written (updated: {updated}) before the game started \
                 ({started})"
            ),
            LoadErrorKind::PliesMismatch { plies, moves } => write!(
                f,
                "plies {plies} is not the number of moves in the file ({moves}): correct it, \
                 or remove the plies line"
            ),
            LoadErrorKind::AnalysisMismatch { list, len, want } => write!(
                f,
                "analysis {list} has {len} entries where the moves call for {want}: remove \
                 the analysis (review's a analyses the game again)"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Why a game could not be written.
#[derive(Debug)]
pub struct SaveError {
    /// The file (or directory) being written.
    pub path: PathBuf,
    /// The I/O error.
    pub source: io::Error,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}
