//! Variant files: a game's rules written in RON, read into a [`VariantSpec`] and checked.
//!
//! The thirteen built-in games are such files (`variants/*.ron` at the top of the
//! repository, compiled in), read by the same [`load`] a player's own file goes through.
//! A file says everything as data; where a rule is an algorithm (Upgrade Chess's level
//! movement, Tamerspiel's Nobleman and Supercav) it names a built-in behaviour, which lives in
//! the game's module in `src/variants/`.
//!
//! Every problem is one [`VariantFileError`] naming the file, line, column and field; no
//! input makes the loader panic.

use std::fmt;

use super::ron_path::{self, Path};
use crate::rules::{
    BetzaError, CastlingError, CastlingProblem, Position, PositionError, Setup, ShapeError,
    SpecError, Variant, GRID_FILES, GRID_RANKS, MAX_KINDS, MAX_PROFILES,
};
use base::Origin;
use format::VariantFile;

mod base;
mod check;
mod format;

pub use base::MAX_BASE_DEPTH;
pub use check::{BUILTIN_MOVEMENTS, UPGRADE_KINDS};

/// Longest variant file read, in bytes (the longest built-in is a few kilobytes).
pub const MAX_FILE_BYTES: usize = 256 * 1024;

/// What is wrong with a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFileErrorKind {
    /// Not RON, an unknown or missing field, or a value of the wrong type.
    Syntax(String),
    /// A letter in the start position's placement that no piece has.
    UnknownStartLetter(char),
    /// A Betza string outside the supported subset.
    Betza(BetzaError),
    /// A letter naming a piece (promotion target, capture victim, ...) that no piece has.
    UnknownPiece {
        /// The letter.
        letter: char,
        /// What the letter was for (`promotion target`).
        role: &'static str,
    },
    /// A board larger than the engine's grid, or empty.
    BoardSize {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
    /// The royal pieces break the rules (none, one per side in the start, promotions keep
    /// royalty).
    Royals(String),
    /// A built-in behaviour name the program does not have.
    UnknownBuiltin {
        /// The name written.
        name: String,
        /// The names there are.
        known: &'static [&'static str],
    },
    /// Two pieces with one letter.
    DuplicateLetter(char),
    /// A piece letter that is not an upper-case ASCII letter.
    BadLetter(char),
    /// A square name that is not a square of the board.
    Square(String),
    /// Anything else, in words.
    Invalid(String),
    /// A problem in what a file based on another game (`base:`) takes from it.
    FromBase {
        /// The base's id.
        base: String,
        /// What was taken from it (`start`, `piece 'N' promotions[0].to`).
        what: String,
        /// The problem.
        error: Box<VariantFileErrorKind>,
    },
}

impl fmt::Display for VariantFileErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::short;
        match self {
            VariantFileErrorKind::Syntax(m) => f.write_str(m),
            VariantFileErrorKind::UnknownStartLetter(c) => {
                write!(f, "start position uses letter '{c}', which no piece has")
            }
            VariantFileErrorKind::Betza(e) => e.fmt(f),
            VariantFileErrorKind::UnknownPiece { letter, role } => {
                write!(f, "{role} '{letter}' is not the letter of a piece of this game")
            }
            VariantFileErrorKind::BoardSize { files, ranks } => write!(
                f,
                "board of {files} files x {ranks} ranks: the engine plays on 1 to {GRID_FILES} files and 1 to {GRID_RANKS} ranks"
            ),
            VariantFileErrorKind::Royals(m) => f.write_str(m),
            VariantFileErrorKind::UnknownBuiltin { name, known } => write!(
                f,
                "unknown built-in '{}' (known: {})",
                short(name),
                known.join(", ")
            ),
            VariantFileErrorKind::DuplicateLetter(c) => {
                write!(f, "letter '{c}' is used by two pieces")
            }
            VariantFileErrorKind::BadLetter(c) => write!(
                f,
                "piece letter '{}' must be an upper-case letter A-Z",
                c.escape_default()
            ),
            VariantFileErrorKind::Square(s) => f.write_str(s),
            VariantFileErrorKind::Invalid(m) => f.write_str(m),
            VariantFileErrorKind::FromBase { base, what, error } => {
                write!(f, "{what} as taken from base '{base}': {error}")
            }
        }
    }
}

/// Error for a variant file: where (file, line, column, field) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFileError {
    /// The file's name as shown (a path, or `variants/chess.ron` for a built-in).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The field, as a path (`pieces[2].movement`); empty for the file as a whole.
    pub field: String,
    /// What is wrong.
    pub kind: VariantFileErrorKind,
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for VariantFileError {}

/// A problem found after parsing, at a path the scanner then places in the text.
type Found = (Path, VariantFileErrorKind);

/// Reads, checks and compiles a variant file's text. `file` names it in errors.
///
/// The start position is checked as far as it can be without a [`Position`] (which needs a
/// `'static` game): [`load`] checks the rest.
///
/// # Errors
/// The first problem, with its file, line, column and field.
pub fn compile(text: &str, file: &str) -> Result<Variant, VariantFileError> {
    compile_as(text, file, None).map(|(variant, _)| variant)
}

/// A problem placed in the text: its line, column and field.
fn place_in(text: &str, file: &str, (path, kind): Found) -> VariantFileError {
    let (line, column) = ron_path::locate(text, &path);
    VariantFileError {
        file: crate::text::short_path(file).to_string(),
        line,
        column,
        field: path.to_string(),
        kind,
    }
}

/// The file of the built-in game `id`, parsed: what a `base:` names.
fn builtin_base(id: &str) -> Option<VariantFile> {
    let game = super::VariantId::ALL
        .into_iter()
        .find(|g| g.as_str().eq_ignore_ascii_case(id))?;
    let (_, text) = game.source();
    // The built-in files parse (the tests load each one).
    crate::input::ron_options().from_str(text).ok()
}

/// [`compile`], with the game's `id` replaced by `id` when given (a save's embedded
/// definition registered beside a different game of the same id); also says where the
/// fields of a file with a `base` came from.
fn compile_as(
    text: &str,
    file: &str,
    id: Option<&str>,
) -> Result<(Variant, Origin), VariantFileError> {
    let text = crate::text::strip_bom(text);
    let at = |found: Found| place_in(text, file, found);
    if text.len() > MAX_FILE_BYTES {
        return Err(at((
            Path::default(),
            VariantFileErrorKind::Invalid(format!(
                "file of {} bytes is larger than {MAX_FILE_BYTES}",
                text.len()
            )),
        )));
    }
    let mut parsed: VariantFile = crate::input::ron_options().from_str(text).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        let message = crate::text::ron_message(e.code);
        VariantFileError {
            file: crate::text::short_path(file).to_string(),
            line,
            column,
            field: ron_path::path_at(text, line, column).to_string(),
            kind: VariantFileErrorKind::Syntax(message),
        }
    })?;
    if let Some(id) = id {
        parsed.id = id.to_string();
    }
    let (merged, origin) = base::resolve(parsed, &builtin_base).map_err(at)?;
    let place = |found: Found| at(origin.place(found));
    let game = base::complete(merged).map_err(place)?;
    let spec = check::to_spec(&game).map_err(place)?;
    check::check_start(&spec).map_err(place)?;
    let letters: Vec<char> = spec.pieces.iter().map(|p| p.letter).collect();
    let variant = Variant::compile(spec).map_err(|e| place(spec_error(e, &letters)))?;
    Setup::parse(&variant, &variant.spec().start).map_err(|e| {
        place((
            Path::default().field("start"),
            VariantFileErrorKind::Invalid(format!("bad start position: {e}")),
        ))
    })?;
    Ok((variant, origin))
}

/// Reads, checks and compiles a variant file's text, and checks its start position; the
/// game then lives as long as the program, as games do (positions refer to it).
///
/// # Errors
/// The first problem, with its file, line, column and field.
pub fn load(text: &str, file: &str) -> Result<&'static Variant, VariantFileError> {
    load_as(text, file, None)
}

/// [`load`], with the game's `id` replaced by `id` when given; the new id is checked as the
/// file's own would be (1 to 40 characters a-z, 0-9 and '-').
///
/// # Errors
/// As [`load`].
pub fn load_as(
    text: &str,
    file: &str,
    id: Option<&str>,
) -> Result<&'static Variant, VariantFileError> {
    let (variant, origin) = compile_as(text, file, id)?;
    let variant: &'static Variant = Box::leak(Box::new(variant));
    match Position::from_fen(variant, &variant.spec().start) {
        Ok(_) => Ok(variant),
        Err(e) => {
            let found = start_error(variant, e);
            Err(place_in(
                crate::text::strip_bom(text),
                file,
                origin.place(found),
            ))
        }
    }
}

/// Places a problem of the start position: at `start`, or at the piece whose type is the
/// cause (a castling right held by a piece whose type does not castle).
fn start_error(variant: &Variant, e: PositionError) -> Found {
    let start = Path::default().field("start");
    match e {
        PositionError::Royals { .. } => (
            start,
            VariantFileErrorKind::Royals(format!(
                "start position: {e} (each side needs exactly one royal piece)"
            )),
        ),
        PositionError::Castling(right, CastlingProblem::NotPartner { at, ref name }) => {
            let kind = Setup::parse(variant, &variant.spec().start)
                .ok()
                .and_then(|s| s.cells.iter().find(|c| c.0 == at).map(|c| c.1.kind()));
            let message = format!(
                "the {} on {at} holds castling right '{right}' in the start position, but its type is not marked castles: true",
                crate::text::short(name)
            );
            match kind {
                Some(k) => (
                    Path::default()
                        .field("pieces")
                        .index(k.index())
                        .field("castles"),
                    VariantFileErrorKind::Invalid(message),
                ),
                None => (start, VariantFileErrorKind::Invalid(message)),
            }
        }
        e => (
            start,
            VariantFileErrorKind::Invalid(format!("bad start position: {e}")),
        ),
    }
}

/// Places a compile error that the checks before compiling did not catch; `letters` are
/// the pieces' letters in order.
fn spec_error(e: SpecError, letters: &[char]) -> Found {
    let root = Path::default();
    match e {
        SpecError::FirstMoveCapture(c) => (
            match letters.iter().position(|&l| l == c) {
                Some(i) => root.field("pieces").index(i).field("movement"),
                None => root.field("pieces"),
            },
            VariantFileErrorKind::Invalid(format!(
                "piece '{c}': {}",
                check::FIRST_MOVE_CAPTURE
            )),
        ),
        SpecError::Castling(i, e) => (
            castling_path(i, e),
            VariantFileErrorKind::Invalid(e.to_string()),
        ),
        SpecError::Shape(ShapeError::Size { files, ranks }) => (
            root.field("files"),
            VariantFileErrorKind::BoardSize { files, ranks },
        ),
        SpecError::Shape(ShapeError::HoleOutside(sq)) => (
            root.field("holes"),
            VariantFileErrorKind::Square(format!("hole {sq} lies outside the board")),
        ),
        SpecError::Letter(c) => (root.field("pieces"), VariantFileErrorKind::BadLetter(c)),
        SpecError::UnknownTarget(c) => (
            root.field("pieces"),
            VariantFileErrorKind::UnknownPiece {
                letter: c,
                role: "promotion target",
            },
        ),
        SpecError::TooLarge => (
            root.field("pieces"),
            VariantFileErrorKind::Invalid(format!(
                "too many piece types or levels (at most {MAX_KINDS} types and {MAX_PROFILES} movements in all)"
            )),
        ),
        SpecError::Royals(_) => (
            root.field("pieces"),
            VariantFileErrorKind::Royals("no piece is royal".into()),
        ),
        SpecError::Start(m) => (
            root.field("start"),
            VariantFileErrorKind::Invalid(format!("bad start position: {m}")),
        ),
    }
}

/// The field of castling move `i` that `e` is about.
fn castling_path(i: usize, e: CastlingError) -> Path {
    let path = Path::default().field("castling").index(i);
    match e {
        CastlingError::KingOnPartner => path.field("rook_from"),
        CastlingError::SameDestination | CastlingError::PartnerStays => path.field("rook_to"),
        CastlingError::KingStays => path.field("king_to"),
        CastlingError::OffBoard(_) | CastlingError::Ranks | CastlingError::Twice => path,
    }
}
