//! How the puzzles screen looks: the games with the player's rating in each, a set's
//! themes, and a puzzle on the board with what to do beside it and the answer under it.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::{PuzzleScreen, Solving, Stage};
use crate::text::sanitize;
use crate::ui::app::App;
use crate::ui::layout::play_layout;
use crate::ui::widgets::board::BoardWidget;
use crate::ui::widgets::overlay::render_too_small;
use crate::ui::widgets::study::{footer, list_lines, render_input, render_panel};
use crate::ui::widgets::text::fit_words;

/// Draws the puzzles screen.
pub(crate) fn render_puzzles(app: &App, screen: &PuzzleScreen, frame: &mut Frame, area: Rect) {
    match &screen.stage {
        Stage::Games { index } => render_games(app, screen, *index, frame, area),
        Stage::Themes { set, index } => render_themes(app, screen, *set, *index, frame, area),
        Stage::Solve(s) => render_solve(app, screen, s, frame, area),
    }
}

fn render_games(app: &App, screen: &PuzzleScreen, index: usize, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let mut lines = vec![
        Line::styled(fit_words(" rankup · puzzles", width), p.accent()),
        Line::default(),
    ];
    let rows = screen
        .sets
        .iter()
        .map(|set| {
            let mine = app.puzzle_record.game(set.game.as_str());
            let (played, solved) = app.puzzle_record.counts(set);
            let row = format!(
                "{:<26} rating {:<6} {solved}/{played} solved of {} · streak {}",
                sanitize(&set.game.spec().name),
                mine.rating.label(),
                set.puzzles.len(),
                mine.streak
            );
            (row, false)
        })
        .collect();
    let room = (area.height as usize).saturating_sub(4);
    lines.extend(list_lines(&app.palette, rows, index, room));
    if screen.sets.is_empty() {
        lines.push(Line::styled("  no puzzle set is installed", p.error()));
    }
    lines.push(Line::default());
    lines.push(footer(
        &app.palette,
        screen.message.as_ref(),
        " ↑↓ game · Enter its puzzles · Esc back · q quit",
        width,
    ));
    frame.render_widget(Paragraph::new(lines), area);
}

fn render_themes(
    app: &App,
    screen: &PuzzleScreen,
    set: usize,
    index: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let p = &app.palette;
    let width = area.width as usize;
    let s = &screen.sets[set];
    let mine = app.puzzle_record.game(s.game.as_str());
    let mut lines = vec![
        Line::styled(
            fit_words(
                &format!(
                    " rankup · puzzles · {} · rating {} · best streak {}",
                    sanitize(&s.game.spec().name),
                    mine.rating.label(),
                    mine.best_streak
                ),
                width,
            ),
            p.accent(),
        ),
        Line::default(),
    ];
    let rows = screen
        .themes(set)
        .into_iter()
        .map(|theme| {
            let n = s
                .puzzles
                .iter()
                .filter(|pz| theme.is_none_or(|t| pz.themes.iter().any(|x| x.group() == t)))
                .count();
            let left = s
                .puzzles
                .iter()
                .filter(|pz| theme.is_none_or(|t| pz.themes.iter().any(|x| x.group() == t)))
                .filter(|pz| !app.puzzle_record.played(&pz.id))
                .count();
            let row = format!(
                "{:<20} {left} of {n} not played",
                theme.unwrap_or("any theme")
            );
            (row, false)
        })
        .collect();
    let room = (area.height as usize).saturating_sub(5);
    lines.extend(list_lines(&app.palette, rows, index, room));
    lines.push(Line::default());
    lines.push(Line::styled(
        fit_words(
            &format!(" mined by the engine: {}", sanitize(&s.made.command)),
            width,
        ),
        p.dim(),
    ));
    lines.push(footer(
        &app.palette,
        screen.message.as_ref(),
        " ↑↓ theme · Enter solve · Esc other games · q quit",
        width,
    ));
    frame.render_widget(Paragraph::new(lines), area);
}

fn render_solve(app: &App, screen: &PuzzleScreen, s: &Solving, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = s.attempt.position();
    let v = pos.variant();
    let layout = play_layout(area, v, s.input.flipped, 1);
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        return;
    }
    let set = &screen.sets[s.set];
    let puzzle = &set.puzzles[s.puzzle];
    let (done, all) = s.attempt.progress();
    let title = Line::from(vec![
        Span::styled(" rankup · puzzle ", p.accent()),
        Span::styled(
            format!(
                "· {} · {} · move {}/{all}",
                v.name(),
                sanitize(&puzzle.id),
                (done + 1).min(all)
            ),
            p.text(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);
    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        s.input.decorate(&mut board, pos);
        let last = s.attempt.last_move();
        board.last_move = last.from.bit() | last.to.bit();
        frame.render_widget(board, geom.area);
    }
    if let Some(panel) = layout.panel.or(layout.aside) {
        let mine = app.puzzle_record.game(set.game.as_str());
        let mut lines = vec![
            Line::styled("Puzzle", p.accent()),
            Line::styled(format!("{} to play and win", pos.turn()), p.text()),
            Line::styled(
                format!(
                    "rated {} · you {} · streak {}",
                    app.puzzle_record.puzzle_rating(puzzle).label(),
                    mine.rating.label(),
                    mine.streak
                ),
                p.dim(),
            ),
            Line::default(),
        ];
        if let Some(m) = &screen.message {
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
        if s.result.is_some() {
            let themes: Vec<String> = puzzle.themes.iter().map(|t| t.label()).collect();
            lines.push(Line::styled(
                format!("Themes: {}", themes.join(", ")),
                p.dim(),
            ));
            lines.push(Line::default());
        }
        lines.extend([
            Line::styled("Enter/Space lift and drop", p.dim()),
            Line::styled(": or / type a move", p.dim()),
            Line::styled("h hint · u solution · f flip", p.dim()),
            Line::styled("Esc themes · ? help", p.dim()),
        ]);
        render_panel(frame, panel, &lines);
    }
    let width = area.width as usize;
    let status = if s.attempt.solved() {
        Line::styled(
            fit_words(" done · Enter: next puzzle · Esc: themes", width),
            p.accent(),
        )
    } else {
        Line::styled(
            fit_words(&format!(" find the best move for {}", pos.turn()), width),
            p.text(),
        )
    };
    frame.render_widget(Paragraph::new(status), layout.status);
    render_input(
        frame,
        p,
        &layout,
        (&s.input, pos),
        screen.message.as_ref(),
        " h hint · u solution · Esc themes",
    );
}
