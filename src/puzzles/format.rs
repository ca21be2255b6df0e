//! A puzzle file as written: every field the format has, as serde reads and writes it.

use serde::{Deserialize, Serialize};

use super::{PuzzleSet, Theme};
use crate::notation::coord;

/// A puzzle file: one game's set.
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct SetFile {
    /// The game's id (`promochess`).
    pub game: String,
    pub made: MadeFile,
    pub puzzles: Vec<PuzzleFile>,
}

/// How the set was made.
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct MadeFile {
    pub command: String,
    pub seed: u64,
    pub games: u32,
    pub play_nodes: u64,
    pub scan_depth: u32,
    pub confirm_depth: u32,
}

/// One puzzle, as written.
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct PuzzleFile {
    pub id: String,
    /// The position before the opponent's last move.
    pub position: String,
    /// The opponent's last move, a coordinate token.
    pub last: String,
    /// The solution, coordinate tokens.
    pub line: Vec<String>,
    pub themes: Vec<ThemeFile>,
    pub rating: u32,
    /// The self-play game and ply it came from.
    pub game: u32,
    pub ply: u32,
}

/// A theme, as written.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ThemeFile {
    MateIn(u8),
    Promotion,
    CapturePromotion,
    Swap,
    Level,
    Material,
}

impl From<ThemeFile> for Theme {
    fn from(t: ThemeFile) -> Theme {
        match t {
            ThemeFile::MateIn(n) => Theme::MateIn(n),
            ThemeFile::Promotion => Theme::Promotion,
            ThemeFile::CapturePromotion => Theme::CapturePromotion,
            ThemeFile::Swap => Theme::Swap,
            ThemeFile::Level => Theme::Level,
            ThemeFile::Material => Theme::Material,
        }
    }
}

impl From<Theme> for ThemeFile {
    fn from(t: Theme) -> ThemeFile {
        match t {
            Theme::MateIn(n) => ThemeFile::MateIn(n),
            Theme::Promotion => ThemeFile::Promotion,
            Theme::CapturePromotion => ThemeFile::CapturePromotion,
            Theme::Swap => ThemeFile::Swap,
            Theme::Level => ThemeFile::Level,
            Theme::Material => ThemeFile::Material,
        }
    }
}

/// The set as a puzzle file: a comment saying how it was made, then the RON, one puzzle to
/// a line. [`super::load`] reads it back to the same set.
pub fn to_ron(set: &PuzzleSet) -> String {
    let v = crate::variants::variant(set.game);
    let file = SetFile {
        game: set.game.as_str().to_string(),
        made: MadeFile {
            command: set.made.command.clone(),
            seed: set.made.seed,
            games: set.made.games,
            play_nodes: set.made.play_nodes,
            scan_depth: set.made.scan_depth,
            confirm_depth: set.made.confirm_depth,
        },
        puzzles: set
            .puzzles
            .iter()
            .map(|p| {
                let last = coord::format(v, &p.last);
                PuzzleFile {
                    id: p.id.clone(),
                    position: p.before.fen(),
                    last,
                    line: p.line.iter().map(|m| coord::format(v, m)).collect(),
                    themes: p.themes.iter().map(|t| ThemeFile::from(*t)).collect(),
                    rating: p.rating,
                    game: p.origin.game,
                    ply: p.origin.ply,
                }
            })
            .collect(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(2);
    // Serialising plain strings and numbers cannot fail.
    let body = ron::ser::to_string_pretty(&file, config)
        .unwrap_or_else(|e| panic!("BUG: a puzzle set does not serialise: {e}"));
    format!(
        "// {} puzzles of {}, mined by the engine from its own play:\n//   {}\n// \
         (seed {}, {} games at {} nodes a move; candidates at depth {}, every solver's move \
         confirmed at depth {}).\n{body}\n",
        set.puzzles.len(),
        set.game.as_str(),
        set.made.command,
        set.made.seed,
        set.made.games,
        set.made.play_nodes,
        set.made.scan_depth,
        set.made.confirm_depth,
    )
}
