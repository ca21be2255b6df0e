//! Review mode: stepping through a saved game, with the stored notes, the engine's opinion
//! on request, PGN export and "play from here".
//!
//! Pure state like the rest of the app: [`Review::update`] answers what the app should do
//! next ([`ReviewStep`]); files are read and written by the event loop.

pub(crate) mod analysis;
pub(crate) mod view;

use std::path::PathBuf;

use crate::game::{Eval, Game, MoveNumber};
use crate::notation::coord;
use crate::rules::{Color, Move, Position};
use crate::save::{pgn, GameMeta, SavedGame};

use super::action::{Action, Dir};
use super::app::{Message, SearchRequest, Thinking};

/// A saved game being looked at.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game as saved.
    pub saved: SavedGame,
    /// Where it was loaded from (`None` for a game not yet on disk).
    pub path: Option<PathBuf>,
    /// Where a game not on disk is exported (a server game: the player's own `saves/`);
    /// `None`: the current folder.
    pub export_dir: Option<PathBuf>,
    /// The file name it is exported as there (`None`: `VARIANT.pgn`).
    pub export_name: Option<String>,
    /// The game's PGN shown as plain text, and the first line shown (`v`).
    pub pgn: Option<(Vec<String>, usize)>,
    /// Where the game was played, for the PGN's `Site` (a game server's name).
    pub site: Option<String>,
    /// The position before each move and after the last.
    pub positions: Vec<Position>,
    /// The moves, parsed (for highlighting).
    pub moves: Vec<Move>,
    /// How many moves have been played in the shown position (0 = the start).
    pub ply: usize,
    /// Black at the bottom.
    pub flipped: bool,
    /// A move number being typed (`:` jumps to a move).
    pub typing: Option<String>,
    /// Bottom-line message.
    pub message: Option<Message>,
    /// The player asked for the engine's opinion of the shown position.
    pub eval_wanted: bool,
    /// What the engine thinks of the shown position (when asked).
    pub thinking: Option<Thinking>,
    /// Counts changes of the shown position, so stale search results are dropped.
    pub generation: u64,
    /// Whether the engine has finished with the shown position (it then fills in the
    /// graph's missing evaluations, one position at a time).
    pub shown_done: bool,
    /// What the engine found for each position (index: plies played, 0 the start), White's
    /// point of view: the graph's points where the save has none.
    pub engine_evals: Vec<Option<Eval>>,
    /// The end the rules give each position (index: plies played), as a graph point: a win
    /// at the edge, a draw level; worked out once, as the graph is drawn every frame.
    rule_ends: Vec<Option<Eval>>,
    /// The analysis of the whole game (`a`), under way or done, or read from the save.
    pub analysis: Option<analysis::ReviewAnalysis>,
}

/// Search ids of the graph's background evaluations: this plus the ply (the shown
/// position's searches use small odd ids, twice the generation plus one; a game's are
/// even, [`Play::search_id`](super::play::Play::search_id)).
const BACKGROUND: u64 = 1 << 62;
/// How long the engine looks at each position it evaluates for the graph.
const BACKGROUND_TIME: std::time::Duration = std::time::Duration::from_millis(300);
/// How deep, at most.
const BACKGROUND_DEPTH: u32 = 10;

/// What the app should do after a review action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    /// Keep reviewing.
    Stay,
    /// Leave review mode.
    Leave,
    /// Start playing from the shown position, keeping the moves up to it.
    PlayFromHere,
    /// Write this PGN text to this file.
    Export(PathBuf, String),
    /// Play the position before the shown (marked) move against the AI, as a new game.
    Retry,
}

impl Review {
    /// Review of `saved` (loaded from `path`), showing the final position.
    ///
    /// # Errors
    /// A message when the game does not replay (only for a game not checked on loading).
    pub fn new(saved: SavedGame, path: Option<PathBuf>) -> Result<Review, String> {
        let positions = saved.positions().map_err(|e| e.to_string())?;
        let moves = saved
            .moves
            .iter()
            .zip(&positions)
            .map(|(m, pos)| coord::parse(pos, &m.token).map_err(|e| e.to_string()))
            .collect::<Result<Vec<Move>, String>>()?;
        let flipped = matches!(saved.white, crate::save::Player::Ai { .. })
            && matches!(saved.black, crate::save::Player::Human { .. });
        let ply = moves.len();
        let positions_len = positions.len();
        let rule_ends = positions
            .iter()
            .map(crate::game::analysis::rule_end)
            .collect();
        let mut review = Review {
            saved,
            path,
            export_dir: None,
            export_name: None,
            pgn: None,
            site: None,
            positions,
            moves,
            ply,
            flipped,
            typing: None,
            message: Some(Message {
                text:
                    "←→ ↑↓ step · Home/End · : move no. · e engine · p play on · x PGN · Esc back"
                        .into(),
                error: false,
            }),
            eval_wanted: false,
            thinking: None,
            generation: 0,
            shown_done: false,
            engine_evals: vec![None; positions_len],
            rule_ends,
            analysis: None,
        };
        if let Some(saved) = &review.saved.analysis {
            // The graph's points where the save has none of its own.
            review.engine_evals.clone_from(&saved.evals);
            review.analysis = Some(analysis::ReviewAnalysis::start(&review));
        }
        Ok(review)
    }

    /// The shown position.
    pub fn position(&self) -> &Position {
        &self.positions[self.ply]
    }

    /// The evaluation stored with move `ply` (1-based), if any.
    pub fn stored_eval(&self, ply: usize) -> Option<Eval> {
        self.saved.moves.get(ply.checked_sub(1)?)?.eval
    }

    /// The move that led to the shown position, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.ply.checked_sub(1).map(|i| self.moves[i])
    }

    /// The game up to the shown position, to play on from there, with the saved notes.
    ///
    /// # Errors
    /// A message when the game does not replay.
    pub fn game_here(&self) -> Result<(Game, GameMeta), String> {
        self.game_at(self.ply)
    }

    /// The game up to `ply` moves, to play on from there, with the saved notes.
    fn game_at(&self, ply: usize) -> Result<(Game, GameMeta), String> {
        let mut game = self.saved.to_game().map_err(|e| e.to_string())?;
        while game.history().len() > ply {
            game.undo();
        }
        // A resignation, agreement or flag ended the record, not the position: a new game
        // may go on from it. A position the rules end has nothing to play on from (and a
        // game that starts over would be kept as a second copy of this one).
        game.clear_declared();
        if let Some(o) = game.outcome() {
            return Err(format!(
                "the game is over in this position ({o}); ← steps back to a move to play on from"
            ));
        }
        let mut meta = self.saved.meta();
        meta.name = None;
        meta.started = crate::save::Timestamp::now();
        meta.ended = None;
        // The clocks as saved belong to the game's last position, not this one.
        meta.clock = None;
        Ok((game, meta))
    }

    /// The search the review wants while the engine is on: the engine's opinion of the
    /// shown position; once it has that, an evaluation of the first position the graph has
    /// none for (a short search each: 0.3 s, depth 10 at most).
    pub fn search_request(&self) -> Option<SearchRequest> {
        if let Some(request) = self.analysis_request() {
            return Some(request);
        }
        if !self.eval_wanted {
            return None;
        }
        let (id, ply, limits) = if !self.shown_done {
            let limits = crate::ai::analysis_limits(std::time::Duration::from_secs(2));
            (self.generation * 2 + 1, self.ply, limits)
        } else {
            let ply = self.missing().next()?;
            let mut limits = crate::ai::analysis_limits(BACKGROUND_TIME);
            limits.depth = Some(
                limits
                    .depth
                    .map_or(BACKGROUND_DEPTH, |d| d.min(BACKGROUND_DEPTH)),
            );
            (BACKGROUND + ply as u64, ply, limits)
        };
        let history = self.positions[..=ply]
            .iter()
            .map(|p| p.repetition_key())
            .collect();
        Some(SearchRequest {
            id,
            position: self.positions[ply].clone(),
            history,
            limits,
            // Reviews share no search state with games in play.
            game: 0,
        })
    }

    /// The graph's point for the position after move `ply` (1-based), White's view: the
    /// end the rules give that position (a win at the edge, a draw level), else the
    /// evaluation stored with the move, else the engine's.
    pub fn point(&self, ply: usize) -> Option<Eval> {
        (*self.rule_ends.get(ply)?)
            .or_else(|| self.stored_eval(ply))
            .or(*self.engine_evals.get(ply)?)
    }

    /// The plies (1-based) whose positions the graph has no point for yet, in order.
    fn missing(&self) -> impl Iterator<Item = usize> + '_ {
        (1..=self.moves.len()).filter(|&ply| self.point(ply).is_none())
    }

    /// The graph: one value per move, White's view in centipawns clamped to `cap`.
    pub fn graph_values(&self, cap: i32) -> Vec<Option<i32>> {
        (1..=self.moves.len())
            .map(|ply| self.point(ply).map(|e| e.clamped(cap)))
            .collect()
    }

    /// Moves with a point and all moves, while the engine is on and points are missing.
    pub fn graph_progress(&self) -> Option<(usize, usize)> {
        if let Some(a) = self.analysis.as_ref().filter(|a| a.running) {
            return Some(a.progress());
        }
        let missing = self.missing().count();
        (self.eval_wanted && missing > 0).then(|| {
            let total = self.moves.len();
            (total - missing, total)
        })
    }

    fn go(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        if ply != self.ply {
            self.ply = ply;
            self.generation += 1;
            self.thinking = None;
            self.shown_done = false;
        }
    }

    fn info(&mut self, text: String) {
        self.message = Some(Message { text, error: false });
    }

    fn error(&mut self, text: String) {
        self.message = Some(Message { text, error: true });
    }

    /// The full-move number and side of move `ply` (1-based) as `12.` or `12...`.
    pub fn move_label(&self, ply: usize) -> String {
        MoveNumber::of_ply(&self.positions[0], ply).san_prefix()
    }

    /// Where the review stands, in full moves with the side and the ply:
    /// `move 25 of 25, Black (ply 50 of 50)`, or `start (0 of 50 plies)`.
    pub fn place(&self) -> String {
        let start = &self.positions[0];
        let plies = self.moves.len();
        if self.ply == 0 {
            return format!("start (ply 0 of {plies})");
        }
        let here = MoveNumber::of_ply(start, self.ply);
        let last = MoveNumber::of_ply(start, plies);
        format!(
            "move {} of {}, {} (ply {} of {plies})",
            here.number, last.number, here.side, self.ply
        )
    }

    /// The game as PGN, with its site when known.
    pub fn pgn_text(&self) -> String {
        pgn::export_at(&self.saved, self.site.as_deref())
    }

    /// Shows the game's PGN as plain text, from its top.
    pub fn show_pgn(&mut self) {
        let text = self.pgn_text();
        self.pgn = Some((text.lines().map(str::to_string).collect(), 0));
        // The footer says the text's keys (a later notice, such as an export's, replaces them).
        self.message = None;
    }

    /// Where `x` writes the PGN: beside the game's file; for a game not on disk, in its
    /// export folder (the current one when it has none).
    pub fn export_path(&self) -> PathBuf {
        match &self.path {
            Some(p) => p.with_extension("pgn"),
            None => {
                let name = self
                    .export_name
                    .clone()
                    .unwrap_or_else(|| format!("{}.pgn", self.saved.variant));
                match &self.export_dir {
                    Some(dir) => dir.join(name),
                    None => PathBuf::from(name),
                }
            }
        }
    }

    /// An action while the PGN text is shown: ↑↓ PgUp PgDn scroll, Esc (or v, q) goes
    /// back to the board, `x` still exports.
    fn pgn_update(&mut self, action: Action) -> ReviewStep {
        let Some((lines, top)) = &mut self.pgn else {
            return ReviewStep::Stay;
        };
        let last = lines.len().saturating_sub(1);
        match action {
            Action::Move(Dir::Up) => *top = top.saturating_sub(1),
            Action::Move(Dir::Down) => *top = (*top + 1).min(last),
            Action::ScrollPage(d) if d < 0 => *top = top.saturating_sub(10),
            Action::ScrollPage(_) => *top = (*top + 10).min(last),
            Action::Home => *top = 0,
            Action::End => *top = last,
            Action::ShowPgn | Action::Cancel | Action::Quit => self.pgn = None,
            Action::Export => return ReviewStep::Export(self.export_path(), self.pgn_text()),
            _ => {}
        }
        ReviewStep::Stay
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> ReviewStep {
        if self.pgn.is_some() {
            return self.pgn_update(action);
        }
        if let Some(text) = &mut self.typing {
            match action {
                Action::Type(c) if c.is_ascii_digit() => text.push(c),
                Action::Type(_) => self.error("type a move number, Enter jumps to it".into()),
                Action::Backspace => {
                    text.pop();
                }
                Action::Cancel => self.typing = None,
                Action::Submit => {
                    let text = self.typing.take().unwrap_or_default();
                    match text.parse::<usize>() {
                        Ok(n) if n >= 1 => {
                            // Move n: the position after White's move n (or Black's, when
                            // the game starts with Black's move n).
                            let start = &self.positions[0];
                            let n = u32::try_from(n).unwrap_or(u32::MAX);
                            let ply = MoveNumber::ply(start, n, Color::White)
                                .or_else(|| MoveNumber::ply(start, n, Color::Black))
                                .unwrap_or(0);
                            self.go(ply);
                        }
                        _ => self.error(format!("'{text}' is not a move number")),
                    }
                }
                _ => {}
            }
            return ReviewStep::Stay;
        }
        match action {
            Action::Move(Dir::Left) => self.go(self.ply.saturating_sub(1)),
            Action::Move(Dir::Right) => self.go(self.ply + 1),
            Action::Move(Dir::Up) => self.go(self.ply.saturating_sub(2)),
            Action::Move(Dir::Down) => self.go(self.ply + 2),
            Action::Home => self.go(0),
            Action::End => self.go(self.moves.len()),
            Action::StartTyping => self.typing = Some(String::new()),
            Action::Flip => self.flipped = !self.flipped,
            Action::Hint => {
                self.eval_wanted = !self.eval_wanted;
                self.thinking = None;
                self.generation += 1;
                self.shown_done = false;
                if self.eval_wanted {
                    self.info(
                        "engine on: it looks at every position shown and fills in the graph \
                         (e stops it)"
                            .into(),
                    );
                } else {
                    self.info("engine off".into());
                }
            }
            Action::PlayFromHere => return ReviewStep::PlayFromHere,
            Action::Export => return ReviewStep::Export(self.export_path(), self.pgn_text()),
            Action::ShowPgn => self.show_pgn(),
            Action::Analyse => self.toggle_analysis(),
            Action::Next => self.jump_to_mark(true),
            Action::Previous => self.jump_to_mark(false),
            Action::Retry => return ReviewStep::Retry,
            // Esc stops the analysis first; leaving stops it too (no search is wanted).
            Action::Cancel if self.analysis.as_ref().is_some_and(|a| a.running) => {
                self.stop_analysis();
            }
            Action::Cancel | Action::Quit | Action::NewGame => return ReviewStep::Leave,
            Action::AiInfo { id, thinking } if id == self.generation * 2 + 1 => {
                self.thinking = Some(thinking);
            }
            Action::AiDone { id, thinking, .. } if id == self.generation * 2 + 1 => {
                self.shown_done = true;
                self.engine_evals[self.ply] = thinking.eval;
                self.thinking = Some(thinking);
            }
            Action::AiDone { id, thinking, .. }
                if (analysis::ANALYSIS..BACKGROUND).contains(&id) =>
            {
                let ply = usize::try_from(id - analysis::ANALYSIS).unwrap_or(usize::MAX);
                self.analysed(ply, thinking.eval, thinking.line);
            }
            Action::AiDone { id, thinking, .. } if id > BACKGROUND => {
                let ply = usize::try_from(id - BACKGROUND).unwrap_or(usize::MAX);
                if let (Some(slot), Some(eval)) = (self.engine_evals.get_mut(ply), thinking.eval) {
                    *slot = Some(eval);
                }
            }
            _ => {}
        }
        ReviewStep::Stay
    }
}
