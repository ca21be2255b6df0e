//! `rankup learn`: checking a lesson file.

use std::path::Path;

use rankup::learn::{self, Done, MAX_FILE_BYTES};

use crate::cli::print_lines;

/// `rankup learn --check FILE`: reads and checks a lesson file (every position legal, every
/// accepted move and scripted line legal, every state reachable), and lists its lessons.
pub fn check(path: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let text = rankup::input::read_text_file(path, MAX_FILE_BYTES as u64)
        .map_err(|e| format!("{}: {e}", rankup::text::short_path(&name)))?;
    let course = learn::load(&text, &name).map_err(|e| e.to_string())?;
    let steps: usize = course.lessons.iter().map(|l| l.steps.len()).sum();
    let mut lines = vec![format!(
        "ok: {} ({}), {} lessons, {steps} steps",
        rankup::text::sanitize(&course.title),
        course.game.as_str(),
        course.lessons.len()
    )];
    for (i, lesson) in course.lessons.iter().enumerate() {
        let kinds: Vec<&str> = lesson
            .steps
            .iter()
            .map(|s| match s.done {
                Done::Moves(_) => "move",
                Done::Line(_) => "line",
                Done::Reach { .. } => "reach",
            })
            .collect();
        lines.push(format!(
            "{:>2}. {}: {} ({})",
            i + 1,
            rankup::text::sanitize(&lesson.title),
            rankup::text::sanitize(&lesson.teaches),
            kinds.join(", ")
        ));
    }
    print_lines(lines)
}
