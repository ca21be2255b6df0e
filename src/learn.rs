//! Lessons: short courses that teach each game's special rules and pieces, one position at
//! a time.
//!
//! A course is a RON file beside the games (`variants/lessons/<game>.ron`, compiled in for
//! the built-in games; a player's own in the config folder's `variants/lessons/`), read by
//! [`load`] into validated types: every position is legal in its game, every accepted move
//! legal, every scripted line plays, and every state a step asks for is reachable (checked
//! with the rules engine). Every problem is one [`LessonFileError`] naming the file, line,
//! column, lesson and step. [`Attempt`] plays a step: it says whether a move solves it,
//! goes on, or is wrong, and why.
//!
//! This layer reads `rules`, `notation` and `variants`; the UI's lessons screen drives it.

use std::fmt;

use crate::rules::{Move, PieceKind, Position, Square};
use crate::variants::VariantId;

mod check;
mod format;
mod progress;
mod run;

pub use check::{load, load_for, MAX_LESSONS, MAX_REACH_MOVES, MAX_STEPS, MAX_TEXT};
pub use progress::{Progress, MAX_PROGRESS_BYTES, PROGRESS_FILE};
pub use run::{Answer, Attempt};

/// Longest lesson file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 * 1024;

/// One game's course: its lessons in order.
#[derive(Clone, Debug)]
pub struct Course {
    /// The game taught.
    pub game: VariantId,
    /// The course's title.
    pub title: String,
    /// The lessons, in the order they are taken.
    pub lessons: Vec<Lesson>,
}

/// A lesson: one rule or piece, in a few steps.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Its title (also what progress is kept under).
    pub title: String,
    /// The rule or piece it teaches, in a few words.
    pub teaches: String,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// A step: a position, a goal, and what counts as done.
#[derive(Clone, Debug)]
pub struct Step {
    /// The position; the side to move is the player's.
    pub start: Position,
    /// The goal, one sentence.
    pub goal: String,
    /// What counts as done.
    pub done: Done,
    /// The hint `h` shows.
    pub hint: String,
    /// The one line shown on success.
    pub success: String,
}

/// What counts as done in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// Any one of these moves (of the start position).
    Moves(Vec<Move>),
    /// These moves in turn from the start: the player's, the opponent's reply, the
    /// player's, ...; it ends with the player's move.
    Line(Vec<Move>),
    /// A state reached within `moves` of the player's moves, the opponent passing between
    /// them.
    Reach {
        /// The state.
        state: State,
        /// At most this many moves of the player (1 to [`MAX_REACH_MOVES`]).
        moves: u8,
    },
}

/// A state a step may ask the player to reach with their move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The opponent is in check.
    Check,
    /// The opponent is mated.
    Mate,
    /// The move promoted a piece.
    Promotion,
    /// The move promoted a piece to this kind.
    PromotionTo(PieceKind),
    /// A piece of the player's of this kind stands on this square.
    Piece(PieceKind, Square),
    /// A piece of the player's on this square has at least this level (Upgrade Chess).
    Level(Square, u16),
    /// The move ended on a citadel (Tamerspiel's corners).
    Citadel,
    /// The move was the King swap (Tamerspiel: a King in check trades places).
    Swap,
    /// The move was castling.
    Castle,
}

/// What is wrong with a lesson file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonErrorKind {
    /// Not RON, an unknown or missing field, or a value of the wrong type.
    Syntax(String),
    /// The game named is not one rankup has.
    UnknownGame(String),
    /// The file is about another game than the one it was loaded for.
    OtherGame {
        /// The game the file names.
        found: String,
        /// The game it was loaded for.
        expected: String,
    },
    /// The position string is not a legal position of the game.
    Position(String),
    /// The game is already over in the position.
    Over(String),
    /// A move that is not legal where it is played.
    Move {
        /// The move as written.
        text: String,
        /// Why, in the words of the game.
        why: String,
    },
    /// The state asked for cannot be reached within the moves allowed.
    Unreachable(String),
    /// Anything else, in words.
    Invalid(String),
}

impl fmt::Display for LessonErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::short;
        match self {
            LessonErrorKind::Syntax(m) | LessonErrorKind::Invalid(m) => f.write_str(m),
            LessonErrorKind::UnknownGame(g) => write!(f, "unknown game '{}'", short(g)),
            LessonErrorKind::OtherGame { found, expected } => write!(
                f,
                "the file teaches '{}', not '{}'",
                short(found),
                short(expected)
            ),
            LessonErrorKind::Position(m) => write!(f, "bad position: {m}"),
            LessonErrorKind::Over(m) => write!(f, "the game is over in this position ({m})"),
            LessonErrorKind::Move { text, why } => {
                write!(f, "move '{}' is not legal here: {why}", short(text))
            }
            LessonErrorKind::Unreachable(m) => f.write_str(m),
        }
    }
}

/// Error for a lesson file: where (file, line, column, lesson, step, field) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonFileError {
    /// The file's name as shown.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The lesson (1-based number and title), when the problem is inside one.
    pub lesson: Option<(usize, String)>,
    /// The step (1-based), when the problem is inside one.
    pub step: Option<usize>,
    /// The field, as a path (`lessons[1].steps[0].done`); empty for the file as a whole.
    pub field: String,
    /// What is wrong (boxed: the error stays small).
    pub kind: Box<LessonErrorKind>,
}

impl fmt::Display for LessonFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if let Some((n, title)) = &self.lesson {
            write!(f, "lesson {n} '{}'", crate::text::short(title))?;
            if let Some(s) = self.step {
                write!(f, ", step {s}")?;
            }
            f.write_str(": ")?;
        }
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for LessonFileError {}

/// The built-in courses: the game's id and the file's text.
const BUILTIN: [(&str, &str); 13] = crate::variants::per_game_files!("../variants/lessons/");

/// The built-in course of `game`, if it has one, as a file name and its text.
pub fn builtin_source(game: VariantId) -> Option<(String, &'static str)> {
    crate::variants::per_game_file(&BUILTIN, game)
        .map(|text| (format!("variants/lessons/{}.ron", game.as_str()), text))
}

/// The games that have a built-in course, in the order of [`VariantId::ALL`].
pub fn builtin_games() -> Vec<VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|g| builtin_source(*g).is_some())
        .collect()
}

/// The built-in course of `game`, loaded (the tests check that each one loads).
///
/// # Errors
/// When the game has no built-in course, or its file does not load.
pub fn builtin(game: VariantId) -> Option<Result<Course, LessonFileError>> {
    builtin_source(game).map(|(file, text)| load_for(text, &file, game))
}

/// Every course there is: the built-in ones, in the order of the games, then those of the
/// player's files ([`register`]). The built-in ones are loaded once.
pub fn courses() -> Vec<Course> {
    let user = USER
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    static BUILT_IN: std::sync::OnceLock<Vec<Course>> = std::sync::OnceLock::new();
    let mut all: Vec<Course> = BUILT_IN
        .get_or_init(|| {
            builtin_games()
                .into_iter()
                .filter_map(|g| builtin(g).and_then(Result::ok))
                .collect()
        })
        .iter()
        .filter(|c| !user.iter().any(|u| u.game == c.game))
        .cloned()
        .collect();
    all.extend(user);
    all
}

static USER: std::sync::RwLock<Vec<Course>> = std::sync::RwLock::new(Vec::new());

/// Reads the player's lesson files (`*.ron` in `dir`, the config folder's
/// `variants/lessons/`) and registers those that load, for [`courses`]; the problems, one
/// line each (a file that does not load is left out, nothing stops rankup). A course for a
/// game that has a built-in one replaces it.
pub fn load_user_dir(dir: &std::path::Path) -> Vec<String> {
    // No folder (or none that lists): no courses of the player's.
    let paths = crate::input::ron_files_in(dir).unwrap_or_default();
    let mut problems = Vec::new();
    let mut loaded: Vec<Course> = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        let result = crate::input::read_text_file(&path, MAX_FILE_BYTES as u64)
            .map_err(|e| format!("{}: {e}", crate::text::short_path(&shown)))
            .and_then(|text| load(&text, &shown).map_err(|e| e.to_string()));
        match result {
            Ok(course) => {
                loaded.retain(|c| c.game != course.game);
                loaded.push(course);
            }
            Err(e) => problems.push(e),
        }
    }
    *USER
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = loaded;
    PROBLEMS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone_from(&problems);
    problems
}

static PROBLEMS: std::sync::RwLock<Vec<String>> = std::sync::RwLock::new(Vec::new());

/// The problems of the player's lesson files found by the last [`load_user_dir`], one line
/// each (the lessons screen shows the first).
pub fn user_problems() -> Vec<String> {
    PROBLEMS
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone()
}
