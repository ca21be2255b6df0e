//! How the lessons screen looks: the courses with their progress, a course's lessons, and a
//! step on the board with its goal beside it and the answer under it.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::{Learn, Stage, StepPlay};
use crate::text::sanitize;
use crate::ui::app::App;
use crate::ui::layout::play_layout;
use crate::ui::theme::Role;
use crate::ui::widgets::board::{sample, BoardWidget};
use crate::ui::widgets::overlay::render_too_small;
use crate::ui::widgets::study::{footer, list_lines, render_input, render_panel};
use crate::ui::widgets::text::fit_words;

/// Draws the lessons screen.
pub(crate) fn render_learn(app: &App, learn: &Learn, frame: &mut Frame, area: Rect) {
    match &learn.stage {
        Stage::Courses { index } => render_courses(app, learn, *index, frame, area),
        Stage::Lessons { course, index } => {
            render_lessons(app, learn, *course, *index, frame, area)
        }
        Stage::Step(s) => render_step(app, learn, s, frame, area),
    }
}

fn render_courses(app: &App, learn: &Learn, index: usize, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let (done, all) = app.progress.totals(&learn.courses);
    let mut lines = vec![
        Line::styled(
            fit_words(
                &format!(" rankup · learn the games · {done}/{all} lessons"),
                width,
            ),
            p.accent(),
        ),
        Line::default(),
    ];
    let rows = learn
        .courses
        .iter()
        .map(|c| {
            let n = app.progress.count(c);
            let name = c.game.spec().name.clone();
            // The game is named in its own column: not again in the course's title.
            let title = c
                .title
                .strip_prefix(name.as_str())
                .and_then(|t| t.strip_prefix(": "))
                .unwrap_or(&c.title);
            let row = format!(
                "{:<24} {n}/{} lessons · {}",
                sanitize(&name),
                c.lessons.len(),
                sanitize(title)
            );
            (
                fit_words(&row, width.saturating_sub(4)),
                n == c.lessons.len(),
            )
        })
        .collect();
    let room = (area.height as usize).saturating_sub(4);
    lines.extend(list_lines(&app.palette, rows, index, room));
    if learn.courses.is_empty() {
        lines.push(Line::styled(
            "  no course of lessons is installed",
            p.error(),
        ));
    }
    lines.push(Line::default());
    lines.push(footer(
        &app.palette,
        learn.message.as_ref(),
        " ↑↓ game · Enter its lessons · Esc back · q quit",
        width,
    ));
    frame.render_widget(Paragraph::new(lines), area);
}

fn render_lessons(
    app: &App,
    learn: &Learn,
    course: usize,
    index: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let p = &app.palette;
    let width = area.width as usize;
    let c = &learn.courses[course];
    let mut lines = vec![
        Line::styled(
            fit_words(
                &format!(
                    " rankup · learn · {} · {}/{} lessons",
                    sanitize(&c.title),
                    app.progress.count(c),
                    c.lessons.len()
                ),
                width,
            ),
            p.accent(),
        ),
        Line::default(),
    ];
    let rows = c
        .lessons
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let done = app.progress.is_done(c, &l.title);
            let tick = if done { "done" } else { "    " };
            let steps = l.steps.len();
            (
                format!(
                    "{tick} {:>2}. {} ({steps} step{})",
                    i + 1,
                    sanitize(&l.title),
                    if steps == 1 { "" } else { "s" }
                ),
                done,
            )
        })
        .collect();
    let room = (area.height as usize).saturating_sub(6);
    lines.extend(list_lines(&app.palette, rows, index, room));
    lines.push(Line::default());
    if let Some(l) = c.lessons.get(index) {
        lines.push(Line::styled(
            fit_words(&format!(" teaches: {}", sanitize(&l.teaches)), width),
            p.text(),
        ));
    }
    lines.push(footer(
        &app.palette,
        learn.message.as_ref(),
        " ↑↓ lesson · Enter start it · Esc other games · q quit",
        width,
    ));
    frame.render_widget(Paragraph::new(lines), area);
}

/// The board's marks of the game's special squares (promotion zone, citadels), drawn as the
/// board draws them (a corner dot, hatching) and named, so they read without colours.
fn marks_line(app: &App, v: &crate::rules::Variant) -> Option<Line<'static>> {
    let p = &app.palette;
    let mut marks = Vec::new();
    if v.promotion_squares() != 0 {
        marks.push((Role::LightZone, "promotion zone"));
    }
    if v.citadels() != 0 {
        marks.push((Role::Citadel, "citadel"));
    }
    if marks.is_empty() {
        return None;
    }
    let mut spans = Vec::new();
    for (i, (role, name)) in marks.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.extend(sample(p, role, ' '));
        spans.push(Span::styled(format!(" {name}"), p.dim()));
    }
    Some(Line::from(spans))
}

fn render_step(app: &App, learn: &Learn, s: &StepPlay, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = s.attempt.position();
    let v = pos.variant();
    let layout = play_layout(area, v, s.input.flipped, 1);
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        return;
    }
    let course = &learn.courses[s.course];
    let lesson = &course.lessons[s.lesson];
    let step = &lesson.steps[s.step];
    let title = Line::from(vec![
        Span::styled(" rankup · learn ", p.accent()),
        Span::styled(
            format!(
                "· {} · {} · step {}/{}",
                v.name(),
                sanitize(&lesson.title),
                s.step + 1,
                lesson.steps.len()
            ),
            p.text(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);
    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        s.input.decorate(&mut board, pos);
        board.last_move = s
            .attempt
            .last_move()
            .map_or(0, |m| m.from.bit() | m.to.bit());
        frame.render_widget(board, geom.area);
    }
    let panel = layout.panel.or(layout.aside);
    if let Some(panel) = panel {
        // Once solved, the side to move is the opponent's: say nothing of it.
        let side = if s.attempt.solved() {
            "solved".to_string()
        } else {
            format!("{} to play", pos.turn())
        };
        // The answer first, whole: where the board leaves the panel only a few rows
        // (Tamerspiel at 80x24) it is what the player must read; the goal is on the status
        // line too.
        let mut lines = Vec::new();
        if let Some(m) = &learn.message {
            let style = if m.error {
                p.error()
            } else if s.attempt.solved() {
                p.accent()
            } else {
                p.text()
            };
            lines.push(Line::styled(sanitize(&m.text).into_owned(), style));
            lines.push(Line::default());
        }
        lines.extend([
            Line::styled("Goal", p.accent()),
            Line::styled(sanitize(&step.goal).into_owned(), p.text()),
            Line::styled(side, p.dim()),
            Line::default(),
        ]);
        lines.push(Line::styled(
            format!("Lesson: {}", sanitize(&lesson.teaches)),
            p.dim(),
        ));
        lines.extend(marks_line(app, v));
        lines.extend([
            Line::default(),
            Line::styled("Enter/Space lift and drop", p.dim()),
            Line::styled(": or / type a move", p.dim()),
            Line::styled("h hint · u again · f flip", p.dim()),
            Line::styled("Esc lessons · ? help", p.dim()),
        ]);
        render_panel(frame, panel, &lines);
    }
    let width = area.width as usize;
    let status = if s.attempt.solved() {
        let last = s.step + 1 == lesson.steps.len();
        let next = match (last, s.lesson + 1 == course.lessons.len()) {
            (false, _) => "Enter: next step",
            (true, false) => "lesson done · Enter: next lesson",
            (true, true) => "course done · Enter: back to the lessons",
        };
        Line::styled(fit_words(&format!(" solved · {next}"), width), p.accent())
    } else {
        Line::styled(
            fit_words(&format!(" goal: {}", sanitize(&step.goal)), width),
            p.text(),
        )
    };
    frame.render_widget(Paragraph::new(status), layout.status);
    render_input(
        frame,
        p,
        &layout,
        (&s.input, pos),
        learn.message.as_ref(),
        " h hint · Esc lessons",
    );
}
