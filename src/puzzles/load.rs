//! Reading a puzzle file into a validated [`PuzzleSet`]: the RON text, then every position,
//! move and theme checked with the rules engine.

use std::collections::HashSet;
use std::str::FromStr;

use super::format::{PuzzleFile, SetFile};
use super::{
    Made, Origin, Puzzle, PuzzleErrorKind, PuzzleFileError, PuzzleSet, Theme, MAX_FILE_BYTES,
};
use crate::notation::coord;
use crate::rules::{EndReason, Move, Outcome, Position};
use crate::variants::ron_path::Path;
use crate::variants::{ron_path, variant, VariantId};

/// At most this many puzzles in a set.
pub const MAX_PUZZLES: usize = 10_000;
/// At most this many moves in a solution (solver's and opponent's).
pub const MAX_LINE: usize = 15;
/// At most this many characters in an id or a position string.
const MAX_TEXT: usize = 200;
/// Ratings a puzzle may start from.
const RATINGS: std::ops::RangeInclusive<u32> = 100..=4000;

/// A problem found after parsing: where, in which puzzle, and what.
struct Found {
    path: Path,
    puzzle: Option<usize>,
    kind: PuzzleErrorKind,
}

/// Reads and checks a puzzle file; `file` names it in errors. The game is the one the file
/// names (`game: "chess"`).
///
/// # Errors
/// The first problem, with its file, line, column, puzzle and field.
pub fn load(text: &str, file: &str) -> Result<PuzzleSet, PuzzleFileError> {
    load_inner(text, file, None)
}

/// [`load`], for a file that must be about `game`.
///
/// # Errors
/// As [`load`], and when the file names another game.
pub fn load_for(text: &str, file: &str, game: VariantId) -> Result<PuzzleSet, PuzzleFileError> {
    load_inner(text, file, Some(game))
}

fn load_inner(
    text: &str,
    file: &str,
    expected: Option<VariantId>,
) -> Result<PuzzleSet, PuzzleFileError> {
    let text = crate::text::strip_bom(text);
    let shown = crate::text::short_path(file).to_string();
    let error_at = |line, column, field: String, kind| PuzzleFileError {
        file: shown.clone(),
        line,
        column,
        puzzle: None,
        field,
        kind: Box::new(kind),
    };
    if text.len() > MAX_FILE_BYTES {
        return Err(error_at(
            1,
            1,
            String::new(),
            PuzzleErrorKind::Invalid(format!(
                "file of {} bytes is larger than {MAX_FILE_BYTES}",
                text.len()
            )),
        ));
    }
    let parsed: SetFile = crate::input::ron_options().from_str(text).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        error_at(
            line,
            column,
            ron_path::path_at(text, line, column).to_string(),
            PuzzleErrorKind::Syntax(crate::text::ron_message(e.code)),
        )
    })?;
    set(&parsed, expected).map_err(|found| {
        let (line, column) = ron_path::locate(text, &found.path);
        PuzzleFileError {
            file: shown.clone(),
            line,
            column,
            puzzle: found.puzzle.map(|i| (i + 1, parsed.puzzles[i].id.clone())),
            field: found.path.to_string(),
            kind: Box::new(found.kind),
        }
    })
}

fn set(parsed: &SetFile, expected: Option<VariantId>) -> Result<PuzzleSet, Found> {
    let top = |path: Path, kind| Found {
        path,
        puzzle: None,
        kind,
    };
    let root = Path::default();
    let game = VariantId::from_str(&parsed.game).map_err(|_| {
        top(
            root.field("game"),
            PuzzleErrorKind::UnknownGame(parsed.game.clone()),
        )
    })?;
    if let Some(expected) = expected.filter(|e| *e != game) {
        return Err(top(
            root.field("game"),
            PuzzleErrorKind::OtherGame {
                found: parsed.game.clone(),
                expected: expected.as_str().to_string(),
            },
        ));
    }
    if parsed.puzzles.len() > MAX_PUZZLES {
        return Err(top(
            root.field("puzzles"),
            PuzzleErrorKind::Invalid(format!(
                "{} puzzles, more than {MAX_PUZZLES}",
                parsed.puzzles.len()
            )),
        ));
    }
    let m = &parsed.made;
    let made = Made {
        command: crate::text::sanitize(&m.command).into_owned(),
        seed: m.seed,
        games: m.games,
        play_nodes: m.play_nodes,
        scan_depth: m.scan_depth,
        confirm_depth: m.confirm_depth,
    };
    let mut ids = HashSet::new();
    let mut puzzles = Vec::with_capacity(parsed.puzzles.len());
    for (i, p) in parsed.puzzles.iter().enumerate() {
        let path = root.field("puzzles").index(i);
        let puzzle = puzzle(game, p, &path).map_err(|(path, kind)| Found {
            path,
            puzzle: Some(i),
            kind,
        })?;
        if !ids.insert(puzzle.id.clone()) {
            return Err(Found {
                path: path.field("id"),
                puzzle: Some(i),
                kind: PuzzleErrorKind::Duplicate(puzzle.id),
            });
        }
        puzzles.push(puzzle);
    }
    Ok(PuzzleSet {
        game,
        made,
        puzzles,
    })
}

type Bad = (Path, PuzzleErrorKind);

fn puzzle(game: VariantId, p: &PuzzleFile, path: &Path) -> Result<Puzzle, Bad> {
    let v = variant(game);
    let invalid = |field: &str, m: String| (path.field(field), PuzzleErrorKind::Invalid(m));
    if p.id.is_empty() || p.id.chars().count() > MAX_TEXT || p.id.chars().any(char::is_control) {
        return Err(invalid(
            "id",
            format!("an id is 1 to {MAX_TEXT} printable characters"),
        ));
    }
    if !RATINGS.contains(&p.rating) {
        return Err(invalid(
            "rating",
            format!(
                "rating {} is outside {}..={}",
                p.rating,
                RATINGS.start(),
                RATINGS.end()
            ),
        ));
    }
    if p.line.is_empty() || p.line.len() > MAX_LINE || p.line.len().is_multiple_of(2) {
        return Err(invalid(
            "line",
            format!(
                "a solution has an odd number of moves (it ends with the solver's), 1 to \
                 {MAX_LINE}; this one has {}",
                p.line.len()
            ),
        ));
    }
    if p.position.len() > MAX_TEXT {
        return Err(invalid(
            "position",
            format!("a position string is at most {MAX_TEXT} characters"),
        ));
    }
    let before = Position::from_fen(v, &p.position).map_err(|e| {
        (
            path.field("position"),
            PuzzleErrorKind::Position(e.to_string()),
        )
    })?;
    let mut pos = before.clone();
    let not_over = |pos: &Position, field: Path| match pos.outcome() {
        Some(o) => Err((field, PuzzleErrorKind::Over(o.to_string()))),
        None => Ok(()),
    };
    not_over(&pos, path.field("position"))?;
    let last = play(&mut pos, &p.last, path.field("last"))?;
    not_over(&pos, path.field("last"))?;
    let solver = pos.clone();
    let mut line = Vec::with_capacity(p.line.len());
    for (k, token) in p.line.iter().enumerate() {
        if k > 0 {
            not_over(&pos, path.field("line").index(k))?;
        }
        line.push(play(&mut pos, token, path.field("line").index(k))?);
    }
    let mut themes: Vec<Theme> = p.themes.iter().map(|t| Theme::from(*t)).collect();
    themes.sort();
    themes.dedup();
    let found = themes_of(&solver, &line);
    if let Some(bad) = themes.iter().find(|t| !found.contains(t)) {
        return Err((
            path.field("themes"),
            PuzzleErrorKind::Theme(format!("the line is not about '{bad}'")),
        ));
    }
    Ok(Puzzle {
        id: p.id.clone(),
        before,
        last,
        line,
        themes,
        rating: p.rating,
        origin: Origin {
            game: p.game,
            ply: p.ply,
        },
    })
}

/// Plays the move `token` names in `pos`.
fn play(pos: &mut Position, token: &str, field: Path) -> Result<Move, Bad> {
    let mv = coord::parse(pos, token).map_err(|e| (field, PuzzleErrorKind::Move(e.to_string())))?;
    pos.make(mv);
    Ok(mv)
}

/// The themes true of `line` played from `start` (the solver to move), sorted: what the
/// miner writes and the loader checks.
pub fn themes_of(start: &Position, line: &[Move]) -> Vec<Theme> {
    let v = start.variant();
    let solver = start.turn();
    let mut themes = Vec::new();
    let mut pos = start.clone();
    for (k, mv) in line.iter().enumerate() {
        if k % 2 == 0 {
            let capture_promotes = match (mv.capture, mv.promotion) {
                (Some(victim), Some(_)) => v
                    .capture_promotion(mv.piece.kind(), victim.kind())
                    .is_some(),
                _ => false,
            };
            if capture_promotes {
                themes.push(Theme::CapturePromotion);
            } else if mv.promotion.is_some() {
                themes.push(Theme::Promotion);
            }
            if mv.kind == crate::rules::MoveKind::Swap {
                themes.push(Theme::Swap);
            }
            let from_level = pos.level_at(mv.from);
            let mut after = pos.clone();
            after.make(*mv);
            let raised = after.level_at(mv.to) > from_level
                || mv
                    .recipient
                    .is_some_and(|r| after.level_at(r) > pos.level_at(r));
            if v.has_levels() && raised {
                themes.push(Theme::Level);
            }
        }
        pos.make(*mv);
    }
    match pos.outcome() {
        Some(Outcome::Decisive {
            winner,
            reason: EndReason::Checkmate,
        }) if winner == solver => {
            themes.push(Theme::MateIn(line.len().div_ceil(2).min(255) as u8));
        }
        // Not a mate: the engine's win is in what the line gains.
        _ => themes.push(Theme::Material),
    }
    themes.sort();
    themes.dedup();
    themes
}
