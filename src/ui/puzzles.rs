//! The puzzles screen: pick a game (with the player's puzzle rating there), a theme, then
//! solve puzzles one after another: the opponent's last move is on the board, the player
//! finds the line, a wrong move is answered "not the best: try again" with the board back,
//! and the end of each puzzle moves the player's rating and the puzzle's (Glicko-2), kept
//! by the keeper in the data folder. Its state and [`PuzzleScreen::update`] live here; the
//! view is in `puzzles/view.rs`; the board input is the shared
//! [`BoardInput`](crate::ui::widgets::board_input::BoardInput).

pub(crate) mod view;

use crate::notation::san;
use crate::puzzles::{theme_groups, Attempt, PuzzleSet, Rated, Record, Reply};
use crate::rules::Move;
use crate::variants::VariantId;

use super::action::{Action, Dir};
use super::app::Message;
use super::input::Context;
use super::widgets::board_input::{BoardInput, Input};

/// The keys of the puzzles screen, for the help screen.
pub const PUZZLE_KEYS: &[(&str, &str)] = &[
    (
        "↑ ↓ / k j",
        "choose a game or a theme; on the board, move the cursor",
    ),
    (
        "Enter / Space",
        "open it; on the board, lift a piece / drop it; after a puzzle, the next one",
    ),
    (": or / or i", "type a move (SAN or a token)"),
    ("h", "hint: the piece to move (the puzzle counts as missed)"),
    ("u", "show the solution (the puzzle counts as missed)"),
    ("f", "flip the board"),
    ("Esc", "back: to the themes, the games, the start screen"),
    ("q", "quit"),
];

/// Where the player is in the puzzles.
#[derive(Clone, Debug)]
pub enum Stage {
    /// Choosing a game's set.
    Games {
        /// The highlighted set.
        index: usize,
    },
    /// Choosing a theme (the first entry is every theme).
    Themes {
        /// The set.
        set: usize,
        /// The highlighted entry.
        index: usize,
    },
    /// Solving a puzzle.
    Solve(Box<Solving>),
}

/// A puzzle on the board.
#[derive(Clone, Debug)]
pub struct Solving {
    /// The set.
    pub set: usize,
    /// The puzzle's index in the set.
    pub puzzle: usize,
    /// The theme group chosen (`None`: any).
    pub theme: Option<&'static str>,
    /// The line being played.
    pub attempt: Attempt,
    /// The move being made.
    pub input: BoardInput,
    /// Whether the result is in: a wrong move, a hint or the solution shown (lost), or
    /// the line found (won).
    pub result: Option<bool>,
    /// The ratings moved by this puzzle (`None` when it was played before).
    pub rated: Option<Rated>,
}

/// The puzzles screen.
#[derive(Clone, Debug)]
pub struct PuzzleScreen {
    /// The sets offered.
    pub sets: &'static [PuzzleSet],
    /// Where the player is.
    pub stage: Stage,
    /// The line under the board or list.
    pub message: Option<Message>,
}

/// What the app should do after a puzzles action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// Stay here.
    Stay,
    /// Back to where the puzzles were opened from.
    Leave,
    /// Quit rankup.
    Quit,
    /// The record changed: keep it.
    Remember,
}

impl PuzzleScreen {
    /// The screen on its list of games, `game`'s set opened if given and there is one.
    pub fn new(sets: &'static [PuzzleSet], game: Option<VariantId>) -> PuzzleScreen {
        let stage = match game.and_then(|g| sets.iter().position(|s| s.game == g)) {
            Some(set) => Stage::Themes { set, index: 0 },
            None => Stage::Games { index: 0 },
        };
        let message = (game.is_some() && matches!(stage, Stage::Games { .. })).then(|| Message {
            text: "no puzzles for that game yet".into(),
            error: true,
        });
        PuzzleScreen {
            sets,
            stage,
            message,
        }
    }

    /// Where keys go.
    pub fn context(&self) -> Context {
        match &self.stage {
            Stage::Solve(s) if s.input.typing() => Context::Typing,
            Stage::Solve(s) if s.input.picking() => Context::Picker,
            _ => Context::Learn,
        }
    }

    /// The theme groups offered for `set`: `None` (every theme) first.
    pub fn themes(&self, set: usize) -> Vec<Option<&'static str>> {
        themes(self.sets, set)
    }

    /// Changes the screen by `action`; `record` is the player's puzzle record.
    pub fn update(&mut self, action: Action, record: &mut Record) -> PuzzleStep {
        if action == Action::Quit {
            return PuzzleStep::Quit;
        }
        match &mut self.stage {
            Stage::Games { index } => {
                let n = self.sets.len();
                match action {
                    Action::Move(Dir::Up) => *index = index.saturating_sub(1),
                    Action::Move(Dir::Down) => *index = (*index + 1).min(n.saturating_sub(1)),
                    Action::Select | Action::Start if n > 0 => {
                        let set = *index;
                        self.message = None;
                        self.stage = Stage::Themes { set, index: 0 };
                    }
                    Action::Cancel => return PuzzleStep::Leave,
                    _ => {}
                }
            }
            Stage::Themes { set, index } => {
                let (set, i) = (*set, *index);
                let themes = themes(self.sets, set);
                let n = themes.len();
                match action {
                    Action::Move(Dir::Up) => *index = i.saturating_sub(1),
                    Action::Move(Dir::Down) => *index = (i + 1).min(n - 1),
                    Action::Select | Action::Start => self.open_next(set, themes[i], record),
                    Action::Cancel => {
                        self.message = None;
                        self.stage = Stage::Games { index: set };
                    }
                    _ => {}
                }
            }
            Stage::Solve(_) => return self.update_solve(action, record),
        }
        PuzzleStep::Stay
    }

    /// Opens the next puzzle of `set` for the player (of `theme`), or says there is none.
    fn open_next(&mut self, set: usize, theme: Option<&'static str>, record: &Record) {
        let s = &self.sets[set];
        let Some(next) = record.next(s, theme) else {
            self.say(
                "every puzzle of this choice is played: pick another theme",
                false,
            );
            self.stage = Stage::Themes { set, index: 0 };
            return;
        };
        let puzzle = s.puzzles.iter().position(|p| p.id == next.id).unwrap_or(0);
        let attempt = Attempt::new(next);
        let input = BoardInput::new(attempt.position());
        let before = &next.before;
        // The task itself is the status line's; the message says what just happened.
        let text = format!(
            "{} played {} (marked on the board)",
            before.turn(),
            san::format(before, &next.last),
        );
        self.stage = Stage::Solve(Box::new(Solving {
            set,
            puzzle,
            theme,
            attempt,
            input,
            result: None,
            rated: None,
        }));
        self.say(&text, false);
    }

    fn say(&mut self, text: &str, error: bool) {
        self.message = Some(Message {
            text: text.to_string(),
            error,
        });
    }

    fn update_solve(&mut self, action: Action, record: &mut Record) -> PuzzleStep {
        let Stage::Solve(s) = &mut self.stage else {
            return PuzzleStep::Stay;
        };
        let (set, theme) = (s.set, s.theme);
        if s.attempt.solved() {
            match action {
                Action::Select | Action::Start | Action::Submit => {
                    self.open_next(set, theme, record);
                }
                Action::Cancel => self.back_to_themes(set, theme),
                _ => {}
            }
            return PuzzleStep::Stay;
        }
        let pos = s.attempt.position().clone();
        match s.input.update(&pos, action.clone()) {
            Input::Busy => PuzzleStep::Stay,
            Input::Refused(why) => {
                self.say(&why, true);
                PuzzleStep::Stay
            }
            Input::Move(mv) => self.try_move(mv, record),
            Input::Other if action == Action::Cancel => {
                self.back_to_themes(set, theme);
                PuzzleStep::Stay
            }
            Input::Other if action == Action::Hint => {
                let Some(want) = s.attempt.expected() else {
                    return PuzzleStep::Stay;
                };
                let text = format!(
                    "hint: move the piece on {} (the puzzle counts as missed)",
                    want.from
                );
                let step = self.lose(record);
                self.say(&text, false);
                step
            }
            Input::Other if action == Action::Undo => {
                // Show the solution: play the line to its end.
                let step = self.lose(record);
                let Stage::Solve(s) = &mut self.stage else {
                    return step;
                };
                let mut shown = Vec::new();
                while let Some(want) = s.attempt.expected() {
                    let before = s.attempt.position().clone();
                    shown.push(san::format(&before, &want));
                    if let Reply::Right(reply) = s.attempt.play(want) {
                        let mut after = before.clone();
                        after.make(want);
                        shown.push(san::format(&after, &reply));
                    }
                }
                s.input.reset();
                self.say(&format!("the solution: {}", shown.join(" ")), false);
                step
            }
            Input::Other => PuzzleStep::Stay,
        }
    }

    /// Plays the player's move in the line.
    fn try_move(&mut self, mv: Move, record: &mut Record) -> PuzzleStep {
        let Stage::Solve(s) = &mut self.stage else {
            return PuzzleStep::Stay;
        };
        let before = s.attempt.position().clone();
        match s.attempt.play(mv) {
            Reply::Wrong => {
                let step = self.lose(record);
                self.say("not the best: try again", true);
                step
            }
            Reply::Right(reply) => {
                let mut after = before.clone();
                after.make(mv);
                let text = format!(
                    "right: {} answers {}: go on",
                    after.turn(),
                    san::format(&after, &reply)
                );
                self.say(&text, false);
                PuzzleStep::Stay
            }
            Reply::Solved => {
                let won = s.result.is_none();
                let step = if won {
                    self.rate(record, true)
                } else {
                    PuzzleStep::Stay
                };
                let text = self.summary(record, won);
                self.say(&text, false);
                step
            }
        }
    }

    /// The puzzle is missed (a wrong move, a hint, the solution shown): rated a loss the
    /// first time.
    fn lose(&mut self, record: &mut Record) -> PuzzleStep {
        match &self.stage {
            Stage::Solve(s) if s.result.is_none() => self.rate(record, false),
            _ => PuzzleStep::Stay,
        }
    }

    fn rate(&mut self, record: &mut Record, won: bool) -> PuzzleStep {
        let sets = self.sets;
        let Stage::Solve(s) = &mut self.stage else {
            return PuzzleStep::Stay;
        };
        s.result = Some(won);
        let set = &sets[s.set];
        s.rated = record.result(set.game.as_str(), &set.puzzles[s.puzzle], won);
        if s.rated.is_some() {
            PuzzleStep::Remember
        } else {
            PuzzleStep::Stay
        }
    }

    /// The line shown when a puzzle is over: the result, the ratings, the streak.
    fn summary(&self, record: &Record, won: bool) -> String {
        let Stage::Solve(s) = &self.stage else {
            return String::new();
        };
        let game = self.sets[s.set].game.as_str();
        let head = if won { "solved" } else { "line played" };
        let streak = record.game(game).streak;
        match s.rated {
            Some(r) => {
                let change = (r.player.1.rating - r.player.0.rating).round() as i64;
                format!(
                    "{head}: rating {} ({change:+}) · streak {streak} · Enter next",
                    r.player.1.label()
                )
            }
            None => format!("{head} (played before: not rated) · Enter next"),
        }
    }

    fn back_to_themes(&mut self, set: usize, theme: Option<&'static str>) {
        let index = self
            .themes(set)
            .iter()
            .position(|t| *t == theme)
            .unwrap_or(0);
        self.message = None;
        self.stage = Stage::Themes { set, index };
    }
}

/// The theme groups offered for set `set` of `sets`: `None` (every theme) first.
fn themes(sets: &[PuzzleSet], set: usize) -> Vec<Option<&'static str>> {
    std::iter::once(None)
        .chain(theme_groups(&sets[set]).into_iter().map(Some))
        .collect()
}
