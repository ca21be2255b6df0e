//! Reading a lesson file into a validated [`Course`]: the RON text, then every position,
//! move, line and state checked with the rules engine.

use std::str::FromStr;

use super::format::{CourseFile, DoneFile, LessonFile, StateFile, StepFile};
use super::run::reachable;
use super::{Course, Done, Lesson, LessonErrorKind, LessonFileError, State, Step, MAX_FILE_BYTES};
use crate::notation;
use crate::rules::{Move, PieceKind, Position, Square, Variant};
use crate::variants::ron_path::{self, Path};
use crate::variants::{variant, VariantId};

/// At most this many lessons in a course.
pub const MAX_LESSONS: usize = 64;
/// At most this many steps in a lesson.
pub const MAX_STEPS: usize = 32;
/// At most this many characters in a title, goal, hint or explanation.
pub const MAX_TEXT: usize = 200;
/// At most this many moves of the player for a state to be reached (the check searches
/// every line of that length).
pub const MAX_REACH_MOVES: u8 = 3;
/// At most this many moves in a step's list or line.
const MAX_MOVES: usize = 32;

/// A problem found after parsing: where, in which lesson and step, and what.
struct Found {
    path: Path,
    lesson: Option<usize>,
    step: Option<usize>,
    kind: LessonErrorKind,
}

/// Reads and checks a lesson file; `file` names it in errors. The game is the one the file
/// names (`game: "promochess"`).
///
/// # Errors
/// The first problem, with its file, line, column, lesson, step and field.
pub fn load(text: &str, file: &str) -> Result<Course, LessonFileError> {
    load_inner(text, file, None)
}

/// [`load`], for a file that must teach `game`.
///
/// # Errors
/// As [`load`], and when the file names another game.
pub fn load_for(text: &str, file: &str, game: VariantId) -> Result<Course, LessonFileError> {
    load_inner(text, file, Some(game))
}

fn load_inner(
    text: &str,
    file: &str,
    expected: Option<VariantId>,
) -> Result<Course, LessonFileError> {
    let text = crate::text::strip_bom(text);
    let shown = crate::text::short_path(file).to_string();
    let error_at = |line, column, field: String, kind| LessonFileError {
        file: shown.clone(),
        line,
        column,
        lesson: None,
        step: None,
        field,
        kind: Box::new(kind),
    };
    if text.len() > MAX_FILE_BYTES {
        return Err(error_at(
            1,
            1,
            String::new(),
            LessonErrorKind::Invalid(format!(
                "file of {} bytes is larger than {MAX_FILE_BYTES}",
                text.len()
            )),
        ));
    }
    let parsed: CourseFile = crate::input::ron_options().from_str(text).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        error_at(
            line,
            column,
            ron_path::path_at(text, line, column).to_string(),
            LessonErrorKind::Syntax(crate::text::ron_message(e.code)),
        )
    })?;
    course(&parsed, expected).map_err(|found| {
        let (line, column) = ron_path::locate(text, &found.path);
        LessonFileError {
            file: shown.clone(),
            line,
            column,
            lesson: found
                .lesson
                .map(|i| (i + 1, parsed.lessons[i].title.clone())),
            step: found.step.map(|s| s + 1),
            field: found.path.to_string(),
            kind: Box::new(found.kind),
        }
    })
}

fn course(parsed: &CourseFile, expected: Option<VariantId>) -> Result<Course, Found> {
    let top = |path: Path, kind| Found {
        path,
        lesson: None,
        step: None,
        kind,
    };
    let root = Path::default();
    let game = VariantId::from_str(&parsed.game).map_err(|_| {
        top(
            root.field("game"),
            LessonErrorKind::UnknownGame(parsed.game.clone()),
        )
    })?;
    if let Some(expected) = expected.filter(|e| *e != game) {
        return Err(top(
            root.field("game"),
            LessonErrorKind::OtherGame {
                found: parsed.game.clone(),
                expected: expected.as_str().to_string(),
            },
        ));
    }
    one_line(&parsed.title, "title").map_err(|k| top(root.field("title"), k))?;
    count(parsed.lessons.len(), MAX_LESSONS, "lessons")
        .map_err(|k| top(root.field("lessons"), k))?;
    let mut lessons = Vec::with_capacity(parsed.lessons.len());
    for (i, l) in parsed.lessons.iter().enumerate() {
        let path = root.field("lessons").index(i);
        lessons.push(
            lesson(variant(game), l, &path).map_err(|(path, step, kind)| Found {
                path,
                lesson: Some(i),
                step,
                kind,
            })?,
        );
        if parsed.lessons[..i].iter().any(|o| o.title == l.title) {
            return Err(Found {
                path: path.field("title"),
                lesson: Some(i),
                step: None,
                kind: LessonErrorKind::Invalid("two lessons have this title".into()),
            });
        }
    }
    Ok(Course {
        game,
        title: parsed.title.clone(),
        lessons,
    })
}

/// A problem inside a lesson: the field, the step (0-based) and what.
type InLesson = (Path, Option<usize>, LessonErrorKind);

fn lesson(v: &'static Variant, l: &LessonFile, path: &Path) -> Result<Lesson, InLesson> {
    for (field, text) in [("title", &l.title), ("teaches", &l.teaches)] {
        one_line(text, field).map_err(|k| (path.field(field), None, k))?;
    }
    count(l.steps.len(), MAX_STEPS, "steps").map_err(|k| (path.field("steps"), None, k))?;
    let mut steps = Vec::with_capacity(l.steps.len());
    for (j, s) in l.steps.iter().enumerate() {
        let at = path.field("steps").index(j);
        steps.push(step(v, s, &at).map_err(|(p, k)| (p, Some(j), k))?);
    }
    Ok(Lesson {
        title: l.title.clone(),
        teaches: l.teaches.clone(),
        steps,
    })
}

fn step(v: &'static Variant, s: &StepFile, path: &Path) -> Result<Step, (Path, LessonErrorKind)> {
    for (field, text) in [
        ("goal", &s.goal),
        ("hint", &s.hint),
        ("success", &s.success),
    ] {
        one_line(text, field).map_err(|k| (path.field(field), k))?;
    }
    let at_position = |k| (path.field("position"), k);
    let start = Position::from_fen(v, &s.position)
        .map_err(|e| at_position(LessonErrorKind::Position(e.to_string())))?;
    if let Some(o) = start.outcome() {
        return Err(at_position(LessonErrorKind::Over(o.to_string())));
    }
    let done = done(&start, &s.done).map_err(|k| (path.field("done"), k))?;
    Ok(Step {
        start,
        goal: s.goal.clone(),
        done,
        hint: s.hint.clone(),
        success: s.success.clone(),
    })
}

fn done(start: &Position, d: &DoneFile) -> Result<Done, LessonErrorKind> {
    match d {
        DoneFile::Moves(texts) => {
            count(texts.len(), MAX_MOVES, "accepted moves")?;
            let mut moves: Vec<Move> = Vec::with_capacity(texts.len());
            for t in texts {
                let mv = parse(start, t)?;
                if moves.contains(&mv) {
                    return Err(LessonErrorKind::Invalid(format!(
                        "move '{}' is listed twice",
                        crate::text::short(t)
                    )));
                }
                moves.push(mv);
            }
            Ok(Done::Moves(moves))
        }
        DoneFile::Line(texts) => {
            count(texts.len(), MAX_MOVES, "moves of the line")?;
            if texts.len() % 2 == 0 {
                return Err(LessonErrorKind::Invalid(
                    "a line ends with the player's move: it has an odd number of moves".into(),
                ));
            }
            let mut pos = start.clone();
            let mut moves = Vec::with_capacity(texts.len());
            for (i, t) in texts.iter().enumerate() {
                if let Some(o) = pos.outcome() {
                    return Err(LessonErrorKind::Invalid(format!(
                        "the game is over ({o}) before move {} of the line",
                        i + 1
                    )));
                }
                let mv = parse(&pos, t)?;
                pos.make(mv);
                moves.push(mv);
            }
            Ok(Done::Line(moves))
        }
        DoneFile::Reach { state, moves } => {
            if !(1..=MAX_REACH_MOVES).contains(moves) {
                return Err(LessonErrorKind::Invalid(format!(
                    "moves: {moves}: a state is reached in 1 to {MAX_REACH_MOVES} moves"
                )));
            }
            let state = state_of(start, state)?;
            if !reachable(start, state, start.turn(), *moves) {
                return Err(LessonErrorKind::Unreachable(format!(
                    "no line of {moves} move{} reaches the state asked for",
                    if *moves == 1 { "" } else { "s" }
                )));
            }
            Ok(Done::Reach {
                state,
                moves: *moves,
            })
        }
    }
}

/// A move written in the file (SAN or a token), legal in `pos`.
fn parse(pos: &Position, text: &str) -> Result<Move, LessonErrorKind> {
    notation::parse_move(pos, text).map_err(|e| LessonErrorKind::Move {
        text: text.to_string(),
        why: notation::explain(pos, text).unwrap_or_else(|| e.to_string()),
    })
}

fn state_of(pos: &Position, s: &StateFile) -> Result<State, LessonErrorKind> {
    let v = pos.variant();
    let kind = |c: char| -> Result<PieceKind, LessonErrorKind> {
        v.kind_by_letter(c.to_ascii_uppercase()).ok_or_else(|| {
            LessonErrorKind::Invalid(format!("'{c}' is not the letter of a piece of this game"))
        })
    };
    let square = |t: &str| -> Result<Square, LessonErrorKind> {
        Square::from_str(t)
            .ok()
            .filter(|sq| v.shape().contains(*sq))
            .ok_or_else(|| {
                LessonErrorKind::Invalid(format!(
                    "'{}' is not a square of this board",
                    crate::text::short(t)
                ))
            })
    };
    Ok(match s {
        StateFile::Check => State::Check,
        StateFile::Mate => State::Mate,
        StateFile::Promotion => State::Promotion,
        StateFile::PromotionTo(c) => State::PromotionTo(kind(*c)?),
        StateFile::Piece(c, sq) => {
            let (k, sq) = (kind(*c)?, square(sq)?);
            if pos
                .piece_at(sq)
                .is_some_and(|p| p.kind() == k && p.color() == pos.turn())
            {
                return Err(LessonErrorKind::Invalid(format!(
                    "the piece already stands on {sq}"
                )));
            }
            State::Piece(k, sq)
        }
        StateFile::Level(sq, n) => State::Level(square(sq)?, *n),
        StateFile::Citadel if v.citadels() == 0 => {
            return Err(LessonErrorKind::Invalid(
                "Citadel: this game has no citadels".into(),
            ))
        }
        StateFile::Citadel => State::Citadel,
        StateFile::Swap if !v.extras().king_swap => {
            return Err(LessonErrorKind::Invalid(
                "Swap: this game has no King swap".into(),
            ))
        }
        StateFile::Swap => State::Swap,
        StateFile::Castle if v.castlings().is_empty() => {
            return Err(LessonErrorKind::Invalid(
                "Castle: this game has no castling".into(),
            ))
        }
        StateFile::Castle => State::Castle,
    })
}

/// One line of 1 to [`MAX_TEXT`] characters.
fn one_line(text: &str, what: &str) -> Result<(), LessonErrorKind> {
    let n = text.chars().count();
    if text.trim().is_empty() || n > MAX_TEXT || text.chars().any(char::is_control) {
        return Err(LessonErrorKind::Invalid(format!(
            "the {what} is one line of 1 to {MAX_TEXT} characters"
        )));
    }
    Ok(())
}

fn count(n: usize, max: usize, what: &str) -> Result<(), LessonErrorKind> {
    if n == 0 || n > max {
        return Err(LessonErrorKind::Invalid(format!(
            "{n} {what}: 1 to {max} are allowed"
        )));
    }
    Ok(())
}
