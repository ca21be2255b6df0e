//! Review's analysis of the whole game (`a`): one search per position, run by the app's
//! search mechanism in the background while the screen stays live; the moves judged by
//! [`crate::game::analysis`] as results come in; `n`/`N` between the marked moves; `r`
//! plays the position before a marked move against the AI.

use std::time::Duration;

use crate::ai::{default_threads, Level};
use crate::game::analysis::{rule_end, Judgement, Mark};
use crate::game::{Eval, Game};
use crate::rules::Color;
use crate::save::{GameMeta, Player, SavedAnalysis};

use super::{Review, ReviewStep};
use crate::ui::app::{IoRequest, SearchRequest};

/// Search ids of the analysis: this plus the position's ply (below the graph's
/// `BACKGROUND`, above the shown position's and games' ids).
pub(super) const ANALYSIS: u64 = 1 << 61;
/// How deep the analysis searches each position, in plies.
pub const ANALYSIS_DEPTH: u32 = 8;
/// The most time it gives one position (a deep variant position stops here, shallower).
const ANALYSIS_TIME: Duration = Duration::from_secs(2);

/// The analysis under way or done.
#[derive(Clone, Debug)]
pub struct ReviewAnalysis {
    /// Still searching (stopped by `a` again, Esc, or leaving).
    pub running: bool,
    /// How deep the positions were searched.
    pub depth: u32,
    /// One per position, White's view (the rules' end where the game ends there).
    pub evals: Vec<Option<Eval>>,
    /// One per position: the engine's best line from it in SAN.
    pub lines: Vec<String>,
    /// The moves judged so far.
    pub judgement: Judgement,
    /// Whether it has results the save does not have yet.
    pub unsaved: bool,
}

impl ReviewAnalysis {
    /// The analysis a save carries, or a new one with only the rules' ends.
    pub(super) fn start(review: &Review) -> ReviewAnalysis {
        let (depth, evals, lines) = match &review.saved.analysis {
            Some(a) => (a.depth, a.evals.clone(), a.lines.clone()),
            None => (
                ANALYSIS_DEPTH,
                review.positions.iter().map(rule_end).collect(),
                vec![String::new(); review.positions.len()],
            ),
        };
        let judgement = crate::game::analysis::judge(&review.movers(), &evals);
        ReviewAnalysis {
            running: false,
            depth,
            evals,
            lines,
            judgement,
            unsaved: false,
        }
    }

    /// The first position not analysed yet.
    fn next_missing(&self) -> Option<usize> {
        self.evals.iter().position(Option::is_none)
    }

    /// Positions analysed and all positions.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.evals.iter().filter(|e| e.is_some()).count();
        (done, self.evals.len())
    }

    /// `accuracy W 92% B 61%` (short enough for the status line at 80 columns), or
    /// nothing before a move of either side is judged.
    pub fn accuracy_text(&self) -> Option<String> {
        let a = self.judgement.accuracy;
        if a.white.is_none() && a.black.is_none() {
            return None;
        }
        let side = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}%"));
        Some(format!("accuracy W {} B {}", side(a.white), side(a.black)))
    }
}

impl Review {
    /// Who played each move.
    pub(super) fn movers(&self) -> Vec<Color> {
        self.positions[..self.moves.len()]
            .iter()
            .map(|p| p.turn())
            .collect()
    }

    /// The mark of move `ply` (1-based), if analysed and marked.
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        self.analysis.as_ref()?.judgement.mark(ply.checked_sub(1)?)
    }

    /// `a`: starts the analysis (or goes on with one stopped), or stops it.
    pub(super) fn toggle_analysis(&mut self) {
        if self.analysis.as_ref().is_some_and(|a| a.running) {
            self.stop_analysis();
            return;
        }
        let mut analysis = self
            .analysis
            .take()
            .unwrap_or_else(|| ReviewAnalysis::start(self));
        analysis.running = analysis.next_missing().is_some();
        self.analysis = Some(analysis);
        self.generation += 1;
        if self.analysis.as_ref().is_some_and(|a| a.running) {
            self.info(format!(
                "analysing each position (depth {ANALYSIS_DEPTH}), marking moves · a/Esc stops"
            ));
        } else {
            self.analysis_done();
        }
    }

    /// Stops the analysis, keeping what it found.
    pub(super) fn stop_analysis(&mut self) {
        if let Some(a) = &mut self.analysis {
            a.running = false;
            let (done, total) = a.progress();
            self.info(format!(
                "analysis stopped at {done} of {total} positions (a goes on)"
            ));
        }
    }

    /// The analysis's next search, while it runs.
    pub(super) fn analysis_request(&self) -> Option<SearchRequest> {
        let analysis = self.analysis.as_ref().filter(|a| a.running)?;
        let ply = analysis.next_missing()?;
        let mut limits = Level::DEFAULT.limits_with(ANALYSIS_TIME, 0);
        limits.depth = Some(analysis.depth);
        limits.noise = 0;
        limits.threads = default_threads();
        let history = self.positions[..=ply]
            .iter()
            .map(|p| p.repetition_key())
            .collect();
        Some(SearchRequest {
            id: ANALYSIS + ply as u64,
            position: self.positions[ply].clone(),
            history,
            limits,
            game: 0,
        })
    }

    /// A search of the analysis is done: its score and line are kept, the moves judged
    /// again, the graph's point filled in.
    pub(super) fn analysed(&mut self, ply: usize, eval: Option<Eval>, line: String) {
        let movers = self.movers();
        let Some(a) = self.analysis.as_mut().filter(|a| a.running) else {
            return;
        };
        let (Some(slot), Some(eval)) = (a.evals.get_mut(ply), eval) else {
            return;
        };
        *slot = Some(eval);
        a.lines[ply] = line;
        a.unsaved = true;
        a.judgement = crate::game::analysis::judge(&movers, &a.evals);
        if let Some(point) = self.engine_evals.get_mut(ply) {
            point.get_or_insert(eval);
        }
        if a.next_missing().is_none() {
            a.running = false;
            self.analysis_done();
        }
    }

    fn analysis_done(&mut self) {
        let Some(a) = &self.analysis else { return };
        let count = |m: Mark| {
            a.judgement
                .moves
                .iter()
                .filter(|v| v.and_then(|v| v.mark) == Some(m))
                .count()
        };
        let marks = format!(
            "{} ?? · {} ? · {} ?!",
            count(Mark::Blunder),
            count(Mark::Mistake),
            count(Mark::Inaccuracy)
        );
        self.info(format!("analysed: {marks} · n/N next/previous · r retries"));
    }

    /// The analysis to keep in the save, when it has news.
    pub fn analysis_to_keep(&self) -> Option<SavedAnalysis> {
        let a = self.analysis.as_ref().filter(|a| a.unsaved)?;
        Some(SavedAnalysis::new(a.depth, &self.movers(), a.evals.clone(), a.lines.clone()).0)
    }

    /// [`Review::update`], and when the step leaves review (or may), a request to keep
    /// the analysis's news in the game's save: only a finished game's `.ron` file, whose
    /// moves are never rewritten ([`crate::save::keep_analysis`]).
    pub fn update_keeping(
        &mut self,
        action: crate::ui::action::Action,
        io: &mut Vec<IoRequest>,
    ) -> ReviewStep {
        let step = self.update(action);
        if matches!(
            step,
            ReviewStep::Leave | ReviewStep::PlayFromHere | ReviewStep::Retry
        ) {
            io.extend(self.keep_request());
        }
        step
    }

    fn keep_request(&mut self) -> Option<IoRequest> {
        let path = self.path.clone().filter(|_| !self.saved.is_unfinished())?;
        let analysis = self.analysis_to_keep()?;
        if let Some(a) = &mut self.analysis {
            a.unsaved = false;
        }
        Some(IoRequest::KeepAnalysis {
            path,
            moves: self.saved.moves.clone(),
            analysis,
        })
    }

    /// `n` / `N`: the next (or previous) marked move.
    pub(super) fn jump_to_mark(&mut self, forward: bool) {
        let Some(a) = &self.analysis else {
            self.error("no marks yet: a analyses the game".into());
            return;
        };
        let marked = |ply: &usize| a.judgement.mark(ply - 1).is_some();
        let target = if forward {
            (self.ply + 1..=self.moves.len()).find(marked)
        } else {
            (1..self.ply).rev().find(marked)
        };
        match target {
            Some(ply) => {
                self.go(ply);
                self.message = None;
            }
            None => self.info(format!(
                "no marked move {} this one",
                if forward { "after" } else { "before" }
            )),
        }
    }

    /// `r`: the position before the shown move, which is marked, as a new game in which
    /// the player takes the mover's side against the AI (its level as saved, else the
    /// default one).
    ///
    /// # Errors
    /// A message when the shown move is not marked.
    pub fn retry_game(&self) -> Result<(Game, GameMeta, Color), String> {
        if self.mark(self.ply).is_none() {
            return Err("r retries a marked move: n jumps to the next one".into());
        }
        let before = self.ply - 1;
        let (game, mut meta) = self.game_at(before)?;
        let mover = self.positions[before].turn();
        let ai = |p: &Player| match p {
            Player::Ai { .. } => p.clone(),
            Player::Human { .. } => Player::Ai {
                level: Level::DEFAULT,
            },
        };
        let person = |p: &Player| match p {
            Player::Human { .. } => p.clone(),
            Player::Ai { .. } => Player::ANONYMOUS,
        };
        (meta.white, meta.black) = match mover {
            Color::White => (person(&meta.white), ai(&meta.black)),
            Color::Black => (ai(&meta.white), person(&meta.black)),
        };
        Ok((game, meta, mover))
    }
}
