//! The engine's analysis of a saved game, kept in its file beside the moves (never in
//! place of them): an evaluation and a best line per position, and the marks review
//! gave each move ([`crate::game::analysis`]).

use serde::{Deserialize, Serialize};

use crate::game::analysis::{judge, Judgement, Mark};
use crate::game::Eval;
use crate::rules::Color;

/// A game's analysis as saved (`analysis: (depth: 8, evals: [...], lines: [...],
/// marks: [...])`, after the moves). Files without one load as before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Analysis", deny_unknown_fields)]
pub struct SavedAnalysis {
    /// How deep each position was searched, in plies.
    pub depth: u32,
    /// One per position, the start first (one more than the moves), White's view: the
    /// engine's evaluation, the result for a position the rules end
    /// ([`crate::game::analysis::rule_end`]), `None` where it was not analysed.
    pub evals: Vec<Option<Eval>>,
    /// One per position: the engine's best line from it in SAN, space-separated (empty
    /// at an end or where not analysed).
    pub lines: Vec<String>,
    /// One per move: its mark.
    pub marks: Vec<Option<Mark>>,
}

impl SavedAnalysis {
    /// The analysis of a game whose moves were played by `movers`, from `evals` and
    /// `lines` (one per position): the marks are [`judge`]'s.
    pub fn new(
        depth: u32,
        movers: &[Color],
        evals: Vec<Option<Eval>>,
        lines: Vec<String>,
    ) -> (SavedAnalysis, Judgement) {
        let judgement = judge(movers, &evals);
        let marks = (0..movers.len()).map(|i| judgement.mark(i)).collect();
        let analysis = SavedAnalysis {
            depth,
            evals,
            lines,
            marks,
        };
        (analysis, judgement)
    }

    /// Whether its lists fit a game of `moves` moves; otherwise which list does not
    /// and its length.
    pub(super) fn misfit(&self, moves: usize) -> Option<(&'static str, usize, usize)> {
        [
            ("evals", self.evals.len(), moves + 1),
            ("lines", self.lines.len(), moves + 1),
            ("marks", self.marks.len(), moves),
        ]
        .into_iter()
        .find(|(_, len, want)| len != want)
    }

    /// The best line from the position before move `index` (0-based), if one was found.
    pub fn better_line(&self, index: usize) -> Option<&str> {
        self.lines
            .get(index)
            .map(String::as_str)
            .filter(|l| !l.is_empty())
    }
}

/// Why an analysis was not added to a save file.
#[derive(Debug)]
pub enum KeepAnalysisError {
    /// The file is not a rankup save (a PGN file is reviewed too, and never rewritten).
    NotASave,
    /// It no longer loads.
    Load(super::LoadError),
    /// Its moves are not the ones analysed (it changed since review read it).
    OtherMoves,
    /// The write failed.
    Write(std::io::Error),
}

impl std::fmt::Display for KeepAnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeepAnalysisError::NotASave => write!(f, "not a .ron save"),
            KeepAnalysisError::Load(e) => write!(f, "{e}"),
            KeepAnalysisError::OtherMoves => {
                write!(f, "its moves changed since it was reviewed")
            }
            KeepAnalysisError::Write(e) => write!(f, "{e}"),
        }
    }
}

/// Adds `analysis` of the game whose moves are `moves` to the save at `path`, and
/// nothing else: the file is read again and written (atomically, its `updated` time kept)
/// only when it is a `.ron` save holding those very moves.
///
/// # Errors
/// A [`KeepAnalysisError`] saying why the file was left as it was.
pub fn keep_analysis(
    path: &std::path::Path,
    moves: &[super::SavedMove],
    analysis: &SavedAnalysis,
) -> Result<(), KeepAnalysisError> {
    if path.extension().and_then(|e| e.to_str()) != Some("ron") {
        return Err(KeepAnalysisError::NotASave);
    }
    let mut saved = super::load(path).map_err(KeepAnalysisError::Load)?;
    let same = saved.moves.len() == moves.len()
        && saved
            .moves
            .iter()
            .zip(moves)
            .all(|(a, b)| a.token == b.token);
    if !same || analysis.misfit(moves.len()).is_some() {
        return Err(KeepAnalysisError::OtherMoves);
    }
    saved.analysis = Some(analysis.clone());
    let text = match super::head::read_head(path).ok().and_then(|h| h.updated) {
        Some(updated) => saved.to_ron_at(updated),
        None => saved.to_ron(),
    };
    super::write_atomic(path, text.as_bytes()).map_err(KeepAnalysisError::Write)
}
