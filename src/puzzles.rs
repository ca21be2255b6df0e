//! Puzzles mined from the engine's own play: a position, the opponent's last move, and the
//! one line that wins.
//!
//! * [`mine`] plays fast self-play games and keeps the positions where one move wins clearly
//!   (measured in [`Score::winning_chances`](crate::ai::Score::winning_chances)), with the
//!   whole forced line, its themes and a first rating; deterministic for a seed.
//! * A set is a RON file per game (`data/puzzles/<game>.ron`, compiled in), read by [`load`]
//!   into validated types: every position legal, every move legal in turn, every theme true.
//!   Every problem is one [`PuzzleFileError`] naming the file, line, column and puzzle.
//! * [`Attempt`] plays a puzzle: the player's moves are checked against the line, the
//!   opponent's replies played.
//! * [`Record`] keeps a player's puzzle ratings per game (Glicko-2, [`crate::rating`]), the
//!   puzzles' own ratings, streaks and solved ids.
//!
//! This layer reads `rules`, `notation`, `variants` and `ai`; the UI's puzzle screen drives it.

use std::fmt;

use crate::rules::{Move, Position};
use crate::variants::VariantId;

mod attempt;
mod format;
mod load;
pub mod mine;
mod record;

pub use attempt::{Attempt, Reply};
pub use format::to_ron;
pub use load::{load, load_for, themes_of, MAX_LINE, MAX_PUZZLES};
pub use record::{theme_groups, GameRecord, Rated, Record, MAX_RECORD_BYTES, RECORD_FILE};

/// Longest puzzle file read, in bytes.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends in checkmate after this many of the solver's moves.
    MateIn(u8),
    /// A solver's move promotes a piece.
    Promotion,
    /// A solver's move promotes by capturing (Veteran Chess).
    CapturePromotion,
    /// A solver's move is the King swap (Tamerspiel).
    Swap,
    /// A solver's move raises a piece's level (Upgrade Chess).
    Level,
    /// The line wins material or a decisive advantage short of mate.
    Material,
}

impl Theme {
    /// The theme's name as the puzzle screen shows it (`mate in 2`, `promotion`).
    pub fn label(self) -> String {
        match self {
            Theme::MateIn(n) => format!("mate in {n}"),
            Theme::Promotion => "promotion".into(),
            Theme::CapturePromotion => "capture promotion".into(),
            Theme::Swap => "swap".into(),
            Theme::Level => "level".into(),
            Theme::Material => "material".into(),
        }
    }

    /// The theme's group for choosing (every mate in N is "mate").
    pub fn group(self) -> &'static str {
        match self {
            Theme::MateIn(_) => "mate",
            Theme::Promotion => "promotion",
            Theme::CapturePromotion => "capture promotion",
            Theme::Swap => "swap",
            Theme::Level => "level",
            Theme::Material => "material",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Where a puzzle came from: the self-play game (from 0) and the ply of the opponent's
/// last move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The game's number in the mining run.
    pub game: u32,
    /// The ply of the opponent's last move in that game.
    pub ply: u32,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Unique within its set (`chess-1-12-40`: game, seed, self-play game, ply).
    pub id: String,
    /// The position before the opponent's last move.
    pub before: Position,
    /// The opponent's last move (the mistake the solver punishes).
    pub last: Move,
    /// The solution: the solver's move, the opponent's reply, ..., ending with the solver's.
    pub line: Vec<Move>,
    /// What it is about, sorted.
    pub themes: Vec<Theme>,
    /// Its first rating (the Glicko-2 rating it starts from).
    pub rating: u32,
    /// Where it came from.
    pub origin: Origin,
}

impl Puzzle {
    /// The position the solver moves in: [`Puzzle::before`] with the last move played.
    pub fn start(&self) -> Position {
        let mut p = self.before.clone();
        p.make(self.last);
        p
    }

    /// The solver's moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// How a set was made: enough to make it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The command line that made it.
    pub command: String,
    /// The mining seed.
    pub seed: u64,
    /// Self-play games played.
    pub games: u32,
    /// Nodes per self-play move.
    pub play_nodes: u64,
    /// Depth of the search that finds a candidate and its second best move.
    pub scan_depth: u32,
    /// Depth of the search that confirms every solver's move.
    pub confirm_depth: u32,
}

/// One game's puzzles.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleSet {
    /// The game.
    pub game: VariantId,
    /// How the set was made.
    pub made: Made,
    /// The puzzles, in the order they were found.
    pub puzzles: Vec<Puzzle>,
}

/// What is wrong with a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleErrorKind {
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
    /// A move is not legal where it is played.
    Move(String),
    /// Two puzzles share an id.
    Duplicate(String),
    /// A theme is not true of the line.
    Theme(String),
    /// A number or size is out of range.
    Invalid(String),
}

impl fmt::Display for PuzzleErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::short;
        match self {
            PuzzleErrorKind::Syntax(m) => f.write_str(m),
            PuzzleErrorKind::UnknownGame(g) => write!(f, "unknown game '{}'", short(g)),
            PuzzleErrorKind::OtherGame { found, expected } => {
                write!(f, "the file is about '{}', not '{expected}'", short(found))
            }
            PuzzleErrorKind::Position(m) => write!(f, "bad position: {m}"),
            PuzzleErrorKind::Over(m) => write!(f, "the game is already over ({m})"),
            PuzzleErrorKind::Move(m) => write!(f, "bad move: {m}"),
            PuzzleErrorKind::Duplicate(id) => write!(f, "the id '{}' is used twice", short(id)),
            PuzzleErrorKind::Theme(m) => write!(f, "bad theme: {m}"),
            PuzzleErrorKind::Invalid(m) => f.write_str(m),
        }
    }
}

/// Error for a puzzle file: where (file, line, column, puzzle, field) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// The file's name as shown.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The puzzle (1-based number and id), when the problem is inside one.
    pub puzzle: Option<(usize, String)>,
    /// The field, as a path (`puzzles[3].line[1]`); empty for the file as a whole.
    pub field: String,
    /// What is wrong (boxed: the error stays small).
    pub kind: Box<PuzzleErrorKind>,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if let Some((n, id)) = &self.puzzle {
            write!(f, "puzzle {n} '{}': ", crate::text::short(id))?;
        }
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for PuzzleFileError {}

/// The built-in sets: the game's id and the file's text.
const BUILTIN: [(&str, &str); 13] = crate::variants::per_game_files!("../data/puzzles/");

/// The built-in set of `game`, if it has one, as a file name and its text.
pub fn builtin_source(game: VariantId) -> Option<(String, &'static str)> {
    crate::variants::per_game_file(&BUILTIN, game)
        .map(|text| (format!("data/puzzles/{}.ron", game.as_str()), text))
}

/// The games that have a built-in set, in the order of [`VariantId::ALL`].
pub fn builtin_games() -> Vec<VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|g| builtin_source(*g).is_some())
        .collect()
}

/// The built-in set of `game`, loaded (the tests check that each one loads).
///
/// # Errors
/// When its file does not load; `None` when the game has no built-in set.
pub fn builtin(game: VariantId) -> Option<Result<PuzzleSet, PuzzleFileError>> {
    builtin_source(game).map(|(file, text)| load_for(text, &file, game))
}

/// Every built-in set that loads, in the order of the games; loaded once.
pub fn sets() -> &'static [PuzzleSet] {
    static SETS: std::sync::OnceLock<Vec<PuzzleSet>> = std::sync::OnceLock::new();
    SETS.get_or_init(|| {
        builtin_games()
            .into_iter()
            .filter_map(|g| builtin(g).and_then(Result::ok))
            .collect()
    })
}
