//! Which lessons a player has finished: kept in the data folder's `lessons.ron` (the UI's
//! keeper reads and writes it; this type only says what it holds).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Course;

/// The file in the data folder that keeps the progress.
pub const PROGRESS_FILE: &str = "lessons.ron";

/// The largest progress file read.
pub const MAX_PROGRESS_BYTES: u64 = 256 * 1024;

/// The lessons finished, by game id, by lesson title.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Game id -> titles of the lessons finished.
    pub done: BTreeMap<String, BTreeSet<String>>,
}

impl Progress {
    /// Whether the lesson titled `lesson` of `course` is finished.
    pub fn is_done(&self, course: &Course, lesson: &str) -> bool {
        self.done
            .get(course.game.as_str())
            .is_some_and(|s| s.contains(lesson))
    }

    /// How many of `course`'s lessons are finished.
    pub fn count(&self, course: &Course) -> usize {
        course
            .lessons
            .iter()
            .filter(|l| self.is_done(course, &l.title))
            .count()
    }

    /// Lessons finished and lessons there are, over `courses`.
    pub fn totals(&self, courses: &[Course]) -> (usize, usize) {
        courses
            .iter()
            .fold((0, 0), |(d, n), c| (d + self.count(c), n + c.lessons.len()))
    }

    /// Marks a lesson finished; whether that changed anything.
    pub fn mark(&mut self, course: &Course, lesson: &str) -> bool {
        self.done
            .entry(course.game.as_str().to_string())
            .or_default()
            .insert(lesson.to_string())
    }

    /// The file's text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new();
        ron::ser::to_string_pretty(self, config).unwrap_or_default() + "\n"
    }

    /// Reads the file's text.
    ///
    /// # Errors
    /// The RON error, in the words every file rankup reads uses.
    pub fn parse(text: &str) -> Result<Progress, String> {
        crate::input::ron_options()
            .from_str(crate::text::strip_bom(text))
            .map_err(|e| {
                format!(
                    "{}:{}: {}",
                    e.span.start.line,
                    e.span.start.col,
                    crate::text::ron_message(e.code)
                )
            })
    }
}
