//! A lesson file as written: every field the format has, as serde reads it.

use serde::Deserialize;

/// A lesson file: one game's course.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct CourseFile {
    /// The game's id (`promochess`).
    pub game: String,
    pub title: String,
    pub lessons: Vec<LessonFile>,
}

/// One lesson: a rule or a piece, taught in a few steps.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct LessonFile {
    pub title: String,
    pub teaches: String,
    pub steps: Vec<StepFile>,
}

/// One step: a position, a goal and what counts as done.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct StepFile {
    pub position: String,
    pub goal: String,
    pub done: DoneFile,
    pub hint: String,
    pub success: String,
}

/// What counts as done, as written.
#[derive(Deserialize, Debug, Clone)]
pub(super) enum DoneFile {
    /// Any one of these moves.
    Moves(Vec<String>),
    /// These moves in turn, the opponent's replies between the player's.
    Line(Vec<String>),
    /// A state reached within `moves` of the player's moves (the opponent passes).
    Reach {
        state: StateFile,
        #[serde(default = "one")]
        moves: u8,
    },
}

fn one() -> u8 {
    1
}

/// A state a step may ask for, as written.
#[derive(Deserialize, Debug, Clone)]
pub(super) enum StateFile {
    Check,
    Mate,
    Promotion,
    PromotionTo(char),
    Piece(char, String),
    Level(String, u16),
    Citadel,
    Swap,
    Castle,
}
