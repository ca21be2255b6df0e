//! How the games browser looks: a title with the sort key and the games folder, column
//! headings, one row per saved game (start time, game, result, moves, players; a broken
//! file says what is wrong with it), scrolled to keep the selected row in view, and the
//! last message at the bottom.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::text::sanitize;
use crate::variants::variant;

use crate::ui::app::App;
use crate::ui::browser::Browser;
use crate::ui::widgets::text::{fit, who};

/// The games browser: one row per saved game, newest first (or by the chosen key).
pub(crate) fn render_browser(app: &App, browser: &Browser, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let [title, list, bottom] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(2),
        ratatui::layout::Constraint::Min(1),
        ratatui::layout::Constraint::Length(1),
    ])
    .areas(area);
    let dir = app
        .data_dir
        .as_ref()
        .map(|d| sanitize(&d.join(crate::save::SAVES_DIR).display().to_string()).into_owned())
        .unwrap_or_default();
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(vec![
                Span::styled(" rankup · saved games ", p.accent()),
                Span::styled(
                    format!("· sorted by {} · {dir}", browser.sort.label()),
                    p.dim(),
                ),
            ]),
            Line::styled(
                format!(
                    "   {:<16} {:<22} {:<7} {:>5}  {}",
                    "started", "game", "result", "moves", "players"
                ),
                p.dim(),
            ),
        ]),
        title,
    );
    let rows: Vec<Line> = match &browser.listings {
        None => vec![Line::styled("   reading the games folder...", p.dim())],
        Some(list) if list.is_empty() => vec![Line::styled(
            "   no saved games yet: finished games and games saved with S appear here",
            p.dim(),
        )],
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, listing)| {
                let mark = if i == browser.selected { "> " } else { "  " };
                let text = match &listing.entry {
                    Ok(s) => {
                        let (y, mo, d) = s.started.date();
                        let (h, mi, _) = s.started.time_of_day();
                        let name = variant(s.variant).name();
                        let players = format!("{} v {}", who(&s.white), who(&s.black));
                        let players = match &s.name {
                            Some(n) => format!("{}: {players}", sanitize(n)),
                            None => players,
                        };
                        format!(
                            " {mark}{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} {:<22} {:<7} {:>5}  {players}",
                            fit(name, 22),
                            s.result.as_str(),
                            s.plies.div_ceil(2),
                        )
                    }
                    // The error names the file.
                    Err(e) => format!(" {mark}broken: {}", sanitize(&e.to_string())),
                };
                let style = if i == browser.selected {
                    p.highlight()
                } else if listing.entry.is_err() {
                    p.error()
                } else {
                    p.text()
                };
                Line::styled(fit(&text, area.width as usize), style)
            })
            .collect(),
    };
    let visible = list.height as usize;
    let first = browser.selected.saturating_sub(visible.saturating_sub(1));
    let rows: Vec<Line> = rows.into_iter().skip(first).take(visible).collect();
    frame.render_widget(Paragraph::new(rows), list);
    let message = match &browser.message {
        Some(m) if m.error => Line::styled(format!(" {}", sanitize(&m.text)), p.error()),
        Some(m) => Line::styled(format!(" {}", sanitize(&m.text)), p.dim()),
        None => Line::default(),
    };
    frame.render_widget(Paragraph::new(message), bottom);
}
