//! The lessons screen: pick a game (with its progress), a lesson, then play its steps on
//! the board with the cursor or typed moves. Its state and [`Learn::update`] live here; the
//! view is in `learn/view.rs`.

pub(crate) mod view;

use crate::learn::{Answer, Attempt, Course, Progress};
use crate::notation;
use crate::rules::{Move, Position};
use crate::variants::VariantId;

use super::action::{Action, Dir};
use super::app::Message;
use super::input::Context;
use super::widgets::board_input::{BoardInput, Input};

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
    /// The move being made on the board.
    pub input: BoardInput,
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
            Stage::Step(s) if s.input.typing() => Context::Typing,
            Stage::Step(s) if s.input.picking() => Context::Picker,
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
        let input = BoardInput::new(attempt.position());
        self.message = None;
        self.stage = Stage::Step(Box::new(StepPlay {
            course,
            lesson,
            step,
            attempt,
            input,
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
        let pos = s.attempt.position().clone();
        match s.input.update(&pos, action.clone()) {
            Input::Busy => {}
            Input::Refused(why) => self.say(why, true),
            Input::Move(mv) => return self.try_move(mv),
            Input::Other => match action {
                Action::Cancel => self.back_to_lessons(course, lesson),
                Action::Hint => {
                    let hint = self.courses[course].lessons[lesson].steps[step]
                        .hint
                        .clone();
                    self.say(format!("hint: {hint}"), false);
                }
                Action::Undo => self.open_step(course, lesson, step),
                _ => {}
            },
        }
        LearnStep::Stay
    }

    /// Plays `mv` in the step: solved, played on, or wrong with why.
    fn try_move(&mut self, mv: Move) -> LearnStep {
        let Stage::Step(s) = &mut self.stage else {
            return LearnStep::Stay;
        };
        s.input.reset();
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

/// The first lesson of `course` not finished yet (the first when all are).
fn first_open(course: &Course, progress: &Progress) -> usize {
    course
        .lessons
        .iter()
        .position(|l| !progress.is_done(course, &l.title))
        .unwrap_or(0)
}
