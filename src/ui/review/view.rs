//! How review looks: the title with the players and result, the board at the chosen move
//! with that move marked, the move list with the move highlighted and kept in view, the
//! move's saved notes (think time, stored evaluation, comment) and the engine's opinion when
//! asked, the legend of every piece, the status line, and the move number being typed or the last message.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use ratatui::Frame;

use crate::text::sanitize;

use crate::ui::app::App;
use crate::ui::layout::{panel_regions, play_layout, PlayLayout};
use crate::ui::review::Review;
use crate::ui::widgets::board::BoardWidget;
use crate::ui::widgets::graph::{EvalGraph, GRAPH_CAP};
use crate::ui::widgets::legend::Legend;
use crate::ui::widgets::material::{captured, material_lines};
use crate::ui::widgets::moves::{move_lines, MoveColumns};
use crate::ui::widgets::overlay::render_too_small;
use crate::ui::widgets::text::{fit, who};

/// Rows the move's notes take: the move, its stored evaluation, its comment, the captures with the material balance (two), the engine's line.
const NOTES_ROWS: u16 = 6;
/// Rows more when the game is analysed: the mark and the better line.
const ANALYSIS_ROWS: u16 = 2;
/// Columns the notes take beside the move list, when they go there.
const NOTES_WIDTH: u16 = 30;

/// Rows the evaluation graph takes at most (its curve and the row under it).
const GRAPH_MAX_ROWS: u16 = 7;
/// The fewest rows worth a graph: two of curve and the row under it.
const GRAPH_MIN_ROWS: u16 = 3;
/// The fewest columns for the graph beside the moves in a panel under the board.
const GRAPH_SIDE_MIN: u16 = 50;
/// The most rows of the panel given to the graph when there is no room under the board.
const GRAPH_PANEL_ROWS: u16 = 4;

/// Where the evaluation graph goes, and the panel that is left: under the board when the
/// rows there allow (a row kept free under the file letters), else beside the moves in a
/// wide panel under the board, else the panel's top rows when it is tall enough to spare
/// them, else nowhere.
fn graph_area(layout: &PlayLayout) -> (Option<Rect>, Option<Rect>) {
    let Some(geom) = &layout.board else {
        return (None, layout.panel);
    };
    let top = geom.area.bottom() + 1;
    let free = layout.status.y.saturating_sub(top);
    let panel_under = layout.panel.is_some_and(|p| p.y >= geom.area.bottom());
    if free >= GRAPH_MIN_ROWS && !panel_under {
        let rows = free.min(GRAPH_MAX_ROWS);
        // Against the status line, so the rows between stay with the board.
        let area = Rect::new(
            geom.area.x + 1,
            layout.status.y - rows,
            geom.area.width.saturating_sub(1),
            rows,
        );
        return (Some(area), layout.panel);
    }
    match layout.panel {
        // A panel under the board (a wide board): the graph takes its right half.
        Some(panel)
            if panel_under
                && panel.width >= 2 * GRAPH_SIDE_MIN
                && panel.height >= GRAPH_MIN_ROWS =>
        {
            let half = panel.width / 2;
            let rows = panel.height.min(GRAPH_MAX_ROWS);
            let graph = Rect::new(
                panel.x + panel.width - half + 1,
                panel.y + panel.height - rows,
                half - 1,
                rows,
            );
            let rest = Rect {
                width: panel.width - half,
                ..panel
            };
            (Some(graph), Some(rest))
        }
        Some(panel) if panel.height >= 4 * GRAPH_PANEL_ROWS => {
            let graph = Rect {
                height: GRAPH_PANEL_ROWS,
                ..panel
            };
            let rest = Rect {
                y: panel.y + GRAPH_PANEL_ROWS,
                height: panel.height - GRAPH_PANEL_ROWS,
                ..panel
            };
            (Some(graph), Some(rest))
        }
        panel => (None, panel),
    }
}

/// Review mode: the board at the chosen move, the move list with that move highlighted, the
/// move's saved notes and, when asked, the engine's opinion.
pub(crate) fn render_review(app: &App, review: &Review, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    if let Some((lines, top)) = &review.pgn {
        render_pgn(app, review, lines, *top, frame, area);
        return;
    }
    let pos = review.position();
    let v = pos.variant();
    let layout = play_layout(area, v, review.flipped, 1);
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        return;
    }
    let saved = &review.saved;
    let result = match saved.termination {
        Some(t) => format!("{} ({})", saved.result.as_str(), t.describe()),
        None => "unfinished".to_string(),
    };
    let title = Line::from(vec![
        Span::styled(" rankup · review ", p.accent()),
        Span::styled(format!("· {} ", v.name()), p.text()),
        Span::styled(
            format!("· {} v {} · {result}", who(&saved.white), who(&saved.black)),
            p.dim(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);
    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        board.last_move = review.last_move().map_or(0, |m| m.from.bit() | m.to.bit());
        frame.render_widget(board, geom.area);
    }
    let (graph, panel) = graph_area(&layout);
    if let Some(area) = graph {
        let values = review.graph_values(GRAPH_CAP);
        EvalGraph {
            values: &values,
            current: review.ply.checked_sub(1),
            progress: review.graph_progress(),
            ascii: app.options.ascii,
        }
        .draw(p, area, frame.buffer_mut());
    }
    if let Some(panel) = panel {
        // The marks read without colour: `Qg5??`.
        let marked: Vec<String> = saved
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| match review.mark(i + 1) {
                Some(mark) => format!("{}{}", m.san, mark.symbol()),
                None => m.san.clone(),
            })
            .collect();
        let sans: Vec<&str> = marked.iter().map(String::as_str).collect();
        let rows = move_lines(p, &review.positions[0], &sans, Some(review.ply));
        let mut notes: Vec<Line> = Vec::new();
        match review.ply.checked_sub(1).map(|i| &saved.moves[i]) {
            Some(m) => {
                let mut text = format!("{} {}", review.move_label(review.ply), m.san);
                if let Some(ms) = m.think_ms {
                    text.push_str(&format!(" · {:.1} s", ms as f64 / 1000.0));
                }
                notes.push(Line::styled(text, p.text()));
                // On a line of its own, so the score and its side never wrap apart.
                if let Some(eval) = review.stored_eval(review.ply) {
                    notes.push(Line::styled(
                        format!("AI eval {}", eval.labelled()),
                        p.text(),
                    ));
                }
                notes.extend(analysis_lines(review, p));
                if let Some(c) = &m.comment {
                    notes.push(Line::styled(format!("{{{}}}", sanitize(c)), p.dim()));
                }
            }
            None => notes.push(Line::styled("start position", p.text())),
        }
        notes.extend(material_lines(
            p,
            pos,
            &captured(&review.moves[..review.ply]),
            app.options.glyphs,
        ));
        if let Some(t) = &review.thinking {
            notes.push(Line::styled(format!("engine: {}", t.summary()), p.accent()));
        } else if review.eval_wanted {
            notes.push(Line::styled("engine: thinking...", p.dim()));
        }
        // The notes keep their rows as the moves are stepped through, so the list stays put.
        let wanted = NOTES_ROWS + review.analysis.as_ref().map_or(0, |_| ANALYSIS_ROWS);
        let notes_rows = match layout.aside {
            Some(_) => wanted,
            None => wanted.min(panel.height / 3),
        };
        // The rules card is the play screen's: review only says there is more.
        let legend = Legend::new(v, p, app.options.glyphs)
            .more("… more pieces")
            .moving(false, false);
        let regions = panel_regions(
            panel,
            layout.aside,
            |_| notes_rows,
            NOTES_WIDTH,
            |w, h| legend.height(w, h),
        );
        let list = MoveColumns::new(regions.moves, &rows);
        // Keep the highlighted row in view, a little above the end.
        let row = review.ply.saturating_sub(1) / 2;
        let first = (row + 2)
            .saturating_sub(list.capacity())
            .min(rows.len().saturating_sub(1));
        let buf = frame.buffer_mut();
        list.draw(p, regions.moves, rows, first, " moves ", buf);
        Paragraph::new(notes)
            .wrap(Wrap { trim: true })
            .render(regions.info, buf);
        legend.draw(regions.legend, buf);
    }
    let mut status = format!(" {} · {} to move", review.place(), pos.turn());
    if let Some(a) = &review.analysis {
        if a.running {
            let (done, total) = a.progress();
            status.push_str(&format!(" · analysing {done}/{total}"));
        } else if let Some(text) = a.accuracy_text() {
            status.push_str(&format!(" · {text}"));
        }
    }
    let status = Line::styled(status, p.text());
    frame.render_widget(Paragraph::new(status), layout.status);
    let input = if let Some(text) = &review.typing {
        Line::from(vec![
            Span::styled(" go to move: ", p.accent()),
            Span::styled(format!("{text}_"), p.text()),
        ])
    } else {
        match &review.message {
            Some(m) if m.error => Line::styled(format!(" {}", sanitize(&m.text)), p.error()),
            Some(m) => Line::styled(format!(" {}", sanitize(&m.text)), p.dim()),
            None => Line::default(),
        }
    };
    frame.render_widget(Paragraph::new(input), layout.input);
}

/// The game's PGN as plain text: no border, no margin, nothing beside it, so that a
/// terminal's mouse selection copies it as it is; the keys on the last line.
fn render_pgn(
    app: &App,
    review: &Review,
    lines: &[String],
    top: usize,
    frame: &mut Frame,
    area: Rect,
) {
    let p = &app.palette;
    let rows = usize::from(area.height.saturating_sub(1));
    let text: Vec<Line> = lines
        .iter()
        .skip(top)
        .take(rows)
        .map(|l| Line::raw(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(text),
        Rect {
            height: area.height.saturating_sub(1),
            ..area
        },
    );
    let shown = (top + rows).min(lines.len());
    let footer = match &review.message {
        Some(m) => Line::styled(fit(&m.text, area.width as usize), if m.error { p.error() } else { p.dim() }),
        None => Line::styled(
            fit(
                &format!(
                    "PGN, lines {}-{shown} of {} · ↑↓ PgUp PgDn scroll · x write to a file · Esc back",
                    (top + 1).min(shown),
                    lines.len()
                ),
                area.width as usize,
            ),
            p.dim(),
        ),
    };
    if area.height > 0 {
        frame.render_widget(
            Paragraph::new(footer),
            Rect {
                y: area.y + area.height - 1,
                height: 1,
                ..area
            },
        );
    }
}

/// What the analysis says of the shown move: `?? blunder: Nf6 was best (-0.30)` and the
/// engine's line from the position before it; nothing for a move not analysed.
fn analysis_lines(review: &Review, p: &crate::ui::theme::Palette) -> Vec<Line<'static>> {
    let Some(a) = &review.analysis else {
        return Vec::new();
    };
    let index = review.ply - 1;
    let Some(verdict) = a.judgement.moves.get(index).copied().flatten() else {
        return Vec::new();
    };
    let line = a.lines.get(index).map_or("", String::as_str);
    let best = line.split_whitespace().next();
    let played = review.saved.moves[index].san.as_str();
    let Some(mark) = verdict.mark else {
        let text = match (a.evals.get(index + 1).copied().flatten(), best) {
            (Some(e), Some(b)) if b != played => format!("ok ({e}), engine: {b}"),
            (Some(e), _) => format!("ok ({e})"),
            (None, _) => "ok".into(),
        };
        return vec![Line::styled(text, p.dim())];
    };
    let mut text = format!("{} {}", mark.symbol(), mark.name());
    if let Some(b) = best {
        text.push_str(&format!(": {b} was best"));
        if let Some(e) = a.evals.get(index).copied().flatten() {
            text.push_str(&format!(" ({e})"));
        }
    }
    let mut lines = vec![Line::styled(text, p.error())];
    if !line.is_empty() {
        lines.push(Line::styled(format!("line {}", sanitize(line)), p.dim()));
    }
    lines
}
