//! The lessons screen: pick a game (with its progress), a lesson, then play its steps on
//! the board with the cursor or typed moves. Its state and [`Learn::update`] live here; the
//! view is in `learn/view.rs`.

pub(crate) mod view;

use crate::learn::{Answer, Attempt, Course, Progress};
use crate::notation;
use crate::rules::{Move, Position, Square};
use crate::variants::VariantId;

use super::action::{Action, Dir};
use super::app::Message;
use super::input::Context;
use super::play::{step_cursor, Picker};

/// Where the player is in the lessons.
#[derive(Clone, Debug)]
pub enum Stage {
    /// Choosing a game's course.
    Courses {
        /// The highlighted course.
        index: usize,
    },
    /// Choosing a lesson of a course.
    Lessons {
        /// The course.
        course: usize,
        /// The highlighted lesson.
        index: usize,
    },
    /// Playing a step of a lesson.
    Step(Box<StepPlay>),
}

/// A step on the board.
#[derive(Clone, Debug)]
pub struct StepPlay {
    /// The course.
    pub course: usize,
    /// The lesson.
    pub lesson: usize,
    /// The step.
    pub step: usize,
    /// The step being played.
    pub attempt: Attempt,
    /// The board cursor.
    pub cursor: Square,
    /// The lifted piece.
    pub lifted: Option<Square>,
    /// Choices of a move (promotion or not), waiting for the player.
    pub picker: Option<Picker>,
    /// A move being typed.
    pub typing: Option<String>,
    /// Black at the bottom.
    pub flipped: bool,
}

/// The lessons screen.
#[derive(Clone, Debug)]
pub struct Learn {
    /// The courses offered.
    pub courses: Vec<Course>,
    /// Where the player is.
    pub stage: Stage,
    /// The line under the board or list: a wrong move's why, a hint, a success.
    pub message: Option<Message>,
}

/// What the app should do after a lessons action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnStep {
    /// Stay here.
    Stay,
    /// Back to the start screen.
    Leave,
    /// Quit rankup.
    Quit,
    /// A lesson was finished: keep it in the progress (game id, lesson title).
    Finished(VariantId, String),
}

impl Learn {
    /// The screen on its list of courses, `game`'s highlighted (or opened, `open`).
    pub fn new(courses: Vec<Course>, game: Option<VariantId>, progress: &Progress) -> Learn {
        let found = game.and_then(|g| courses.iter().position(|c| c.game == g));
        let stage = match found {
            Some(course) => Stage::Lessons {
                course,
                index: first_open(&courses[course], progress),
            },
            None => Stage::Courses { index: 0 },
        };
        let message = crate::learn::user_problems().first().map(|p| Message {
            text: format!("lessons not loaded: {p}"),
            error: true,
        });
        Learn {
            courses,
            stage,
            message,
        }
    }

    /// Where keys go.
    pub fn context(&self) -> Context {
        match &self.stage {
            Stage::Step(s) if s.typing.is_some() => Context::Typing,
            Stage::Step(s) if s.picker.is_some() => Context::Picker,
            _ => Context::Learn,
        }
    }

    /// The position on the board, when a step is shown.
    pub fn position(&self) -> Option<&Position> {
        match &self.stage {
            Stage::Step(s) => Some(s.attempt.position()),
            _ => None,
        }
    }

    /// Changes the screen by `action`.
    pub fn update(&mut self, action: Action, progress: &Progress) -> LearnStep {
        if action == Action::Quit {
            return LearnStep::Quit;
        }
        match &mut self.stage {
            Stage::Courses { index } => {
                let n = self.courses.len();
                match action {
                    Action::Move(Dir::Up) => *index = index.saturating_sub(1),
                    Action::Move(Dir::Down) => *index = (*index + 1).min(n.saturating_sub(1)),
                    Action::Select | Action::Start if n > 0 => {
                        let course = *index;
                        self.message = None;
                        self.stage = Stage::Lessons {
                            course,
                            index: first_open(&self.courses[course], progress),
                        };
                    }
                    Action::Cancel => return LearnStep::Leave,
                    _ => {}
                }
            }
            Stage::Lessons { course, index } => {
                let (course, n) = (*course, self.courses[*course].lessons.len());
                match action {
                    Action::Move(Dir::Up) => *index = index.saturating_sub(1),
                    Action::Move(Dir::Down) => *index = (*index + 1).min(n - 1),
                    Action::Select | Action::Start => {
                        let lesson = *index;
                        self.open_step(course, lesson, 0);
                    }
                    Action::Cancel => {
                        self.message = None;
                        self.stage = Stage::Courses { index: course };
                    }
                    _ => {}
                }
            }
            Stage::Step(_) => return self.update_step(action),
        }
        LearnStep::Stay
    }

    fn open_step(&mut self, course: usize, lesson: usize, step: usize) {
        let s = &self.courses[course].lessons[lesson].steps[step];
        let attempt = Attempt::new(s);
        let pos = attempt.position();
        let flipped = pos.turn() == crate::rules::Color::Black;
        let cursor = pos
            .legal_moves()
            .first()
            .map_or(pos.royal_square(pos.turn()), |m| m.from);
        self.message = None;
        self.stage = Stage::Step(Box::new(StepPlay {
            course,
            lesson,
            step,
            attempt,
            cursor,
            lifted: None,
            picker: None,
            typing: None,
            flipped,
        }));
    }

    fn say(&mut self, text: String, error: bool) {
        self.message = Some(Message { text, error });
    }

    fn update_step(&mut self, action: Action) -> LearnStep {
        let Stage::Step(s) = &mut self.stage else {
            return LearnStep::Stay;
        };
        let (course, lesson, step) = (s.course, s.lesson, s.step);
        if s.attempt.solved() {
            return match action {
                Action::Select | Action::Start | Action::Submit => self.next_step(),
                Action::Cancel => {
                    self.back_to_lessons(course, lesson);
                    LearnStep::Stay
                }
                _ => LearnStep::Stay,
            };
        }
        if let Some(text) = &mut s.typing {
            match action {
                Action::Type(c) if text.chars().count() < 32 => text.push(c),
                Action::Backspace => {
                    text.pop();
                }
                Action::Cancel => s.typing = None,
                Action::Submit => {
                    let text = s.typing.take().unwrap_or_default();
                    let pos = s.attempt.position().clone();
                    return match typed(&pos, text.trim()) {
                        Typed::Move(mv) => self.try_move(mv),
                        Typed::Choose(moves) => {
                            s.picker = Some(Picker::new(&pos, moves));
                            LearnStep::Stay
                        }
                        Typed::Wrong(why) => {
                            self.say(why, true);
                            LearnStep::Stay
                        }
                    };
                }
                _ => {}
            }
            return LearnStep::Stay;
        }
        if let Some(picker) = &mut s.picker {
            let n = picker.moves.len();
            match action {
                Action::Move(Dir::Up) => picker.index = picker.index.saturating_sub(1),
                Action::Move(Dir::Down) => picker.index = (picker.index + 1).min(n - 1),
                Action::Choose(i) if i < n => picker.index = i,
                _ => {}
            }
            let mv = picker.moves[picker.index.min(n - 1)];
            match action {
                Action::Cancel => s.picker = None,
                Action::Select | Action::Choose(_) => {
                    s.picker = None;
                    return self.try_move(mv);
                }
                _ => {}
            }
            return LearnStep::Stay;
        }
        let shape = s.attempt.position().variant().shape();
        match action {
            Action::Move(dir) => s.cursor = step_cursor(shape, s.cursor, dir, s.flipped),
            Action::Flip => s.flipped = !s.flipped,
            Action::StartTyping => s.typing = Some(String::new()),
            Action::Cancel if s.lifted.is_some() => s.lifted = None,
            Action::Cancel => self.back_to_lessons(course, lesson),
            Action::Hint => {
                let hint = self.courses[course].lessons[lesson].steps[step]
                    .hint
                    .clone();
                self.say(format!("hint: {hint}"), false);
            }
            Action::Undo => self.open_step(course, lesson, step),
            Action::Select => return self.select(),
            _ => {}
        }
        LearnStep::Stay
    }

    /// Enter on the cursor square: lift a piece, drop it, or say why not.
    fn select(&mut self) -> LearnStep {
        let Stage::Step(s) = &mut self.stage else {
            return LearnStep::Stay;
        };
        let pos = s.attempt.position().clone();
        let here = pos.piece_at(s.cursor);
        let mine = here.is_some_and(|p| p.color() == pos.turn());
        let moves = pos.legal_moves();
        match s.lifted {
            Some(from) if from == s.cursor => s.lifted = None,
            Some(from) => {
                let to_here: Vec<Move> = moves
                    .into_iter()
                    .filter(|m| m.from == from && m.to == s.cursor)
                    .collect();
                match to_here.len() {
                    0 if mine => {
                        s.lifted = None;
                        return self.select();
                    }
                    0 => {
                        let why = pos.why_illegal(from, s.cursor).map_or_else(
                            || format!("{from} cannot go to {}", s.cursor),
                            |w| w.to_string(),
                        );
                        self.say(why, true);
                    }
                    1 => return self.try_move(to_here[0]),
                    _ => s.picker = Some(Picker::new(&pos, to_here)),
                }
            }
            None if mine && moves.iter().any(|m| m.from == s.cursor) => {
                s.lifted = Some(s.cursor);
            }
            None if mine => {
                let text = format!("no legal move from {}", s.cursor);
                self.say(text, true);
            }
            None => self.say(format!("lift one of {}'s pieces", pos.turn()), true),
        }
        LearnStep::Stay
    }

    /// Plays `mv` in the step: solved, played on, or wrong with why.
    fn try_move(&mut self, mv: Move) -> LearnStep {
        let Stage::Step(s) = &mut self.stage else {
            return LearnStep::Stay;
        };
        s.lifted = None;
        let before = s.attempt.position().clone();
        let (course, lesson, step) = (s.course, s.lesson, s.step);
        match s.attempt.play(mv) {
            Answer::Wrong(why) => self.say(why, true),
            Answer::Played { reply } => {
                let text = match reply {
                    Some(r) => {
                        let mut after = before.clone();
                        after.make(mv);
                        format!(
                            "{} answers {}: go on",
                            after.turn(),
                            notation::san::format(&after, &r)
                        )
                    }
                    None => "good: go on".to_string(),
                };
                self.say(text, false);
            }
            Answer::Solved => {
                let l = &self.courses[course].lessons[lesson];
                let last = step + 1 == l.steps.len();
                let text = l.steps[step].success.clone();
                let finished = LearnStep::Finished(self.courses[course].game, l.title.clone());
                self.say(text, false);
                if last {
                    return finished;
                }
            }
        }
        LearnStep::Stay
    }

    fn next_step(&mut self) -> LearnStep {
        let Stage::Step(s) = &self.stage else {
            return LearnStep::Stay;
        };
        let (course, lesson, step) = (s.course, s.lesson, s.step);
        let lessons = &self.courses[course].lessons;
        if step + 1 < lessons[lesson].steps.len() {
            self.open_step(course, lesson, step + 1);
        } else if lesson + 1 < lessons.len() {
            self.open_step(course, lesson + 1, 0);
        } else {
            self.back_to_lessons(course, lesson);
            self.say("the course is done: every lesson finished".into(), false);
        }
        LearnStep::Stay
    }

    fn back_to_lessons(&mut self, course: usize, lesson: usize) {
        self.message = None;
        self.stage = Stage::Lessons {
            course,
            index: lesson,
        };
    }
}

/// What a typed move comes to.
#[derive(Debug)]
enum Typed {
    /// This move.
    Move(Move),
    /// One of these (promote or not, to what), asked with the picker.
    Choose(Vec<Move>),
    /// Not a move here: why, and what to add when the text is the start of some.
    Wrong(String),
}

/// Reads a typed move as a game does: a move that leaves a choice open (promote or not, to
/// what) asks with the picker; text that completes to exactly one legal move is that move
/// (`Kxd2` when only one piece can receive the level); text that completes to several of
/// one piece to one square says what to add (`Kxd2^a1` or `Kxd2^h1`).
fn typed(pos: &Position, text: &str) -> Typed {
    if let Some(moves) = super::play::typed_choice(pos, text) {
        return Typed::Choose(moves);
    }
    let e = match notation::parse_move(pos, text) {
        Ok(mv) => return Typed::Move(mv),
        Err(e) => e,
    };
    let completions: Vec<(Move, String)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, notation::san::format(pos, &m)))
        .filter(|(m, san)| {
            !text.is_empty()
                && (san.trim_end_matches(['+', '#']).starts_with(text)
                    || notation::coord::format(pos.variant(), m)
                        .starts_with(&text.to_ascii_lowercase()))
        })
        .collect();
    match completions.as_slice() {
        [(mv, _)] => Typed::Move(*mv),
        [(first, _), ..]
            if completions.iter().all(|(m, _)| {
                m.from == first.from && m.to == first.to && m.recipient.is_some()
            }) =>
        {
            let names: Vec<&str> = completions.iter().map(|(_, san)| san.as_str()).collect();
            Typed::Wrong(format!(
                "say which piece receives the level: {}",
                names.join(" or ")
            ))
        }
        _ => Typed::Wrong(
            notation::explain(pos, text)
                .or_else(|| why_not_san(pos, text))
                .unwrap_or_else(|| e.to_string()),
        ),
    }
}

/// Why SAN naming a piece and a square (`Nxc6`) is not a move here, in the rules' words,
/// when exactly one piece of that kind is the player's: what blocks it and where it can go.
fn why_not_san(pos: &Position, text: &str) -> Option<String> {
    let letter = text.chars().next().filter(char::is_ascii_uppercase)?;
    let kind = pos.variant().kind_by_letter(letter)?;
    let body = text.trim_end_matches(['+', '#']);
    let to = (0..body.len())
        .rev()
        .filter(|&i| body.is_char_boundary(i))
        .find_map(|i| body[i..].parse::<Square>().ok())?;
    let mut mine = crate::rules::Squares(pos.variant().shape().squares())
        .filter(|sq| pos.piece_at(*sq) == Some(crate::rules::Piece::new(pos.turn(), kind)));
    let from = mine.next()?;
    if mine.next().is_some() {
        return None;
    }
    pos.why_illegal(from, to).map(|why| why.to_string())
}

/// The first lesson of `course` not finished yet (the first when all are).
fn first_open(course: &Course, progress: &Progress) -> usize {
    course
        .lessons
        .iter()
        .position(|l| !progress.is_done(course, &l.title))
        .unwrap_or(0)
}
