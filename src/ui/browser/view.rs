//! How the games browser looks: a title with the sort key and the games folder, column
//! headings, one row per saved game (start time, game, result, moves, players; a broken
//! file says what is wrong with it), scrolled to keep the selected row in view, and the
//! last message at the bottom. A game's name (its file name) has a column where the width
//! allows ([`NAME_COLUMN_FROM`]); narrower, the highlighted game's name has a line of its
//! own above the message. The bottom line is the delete question or the rename editor
//! while they are open.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::text::sanitize;
use crate::variants::variant;

use crate::ui::app::App;
use crate::ui::browser::{game_name, Browser};
use crate::ui::widgets::text::{fit, who};

/// The narrowest screen whose rows have a name column.
pub const NAME_COLUMN_FROM: u16 = 100;

/// The width of the name column.
const NAME_WIDTH: usize = 20;

/// The games browser: one row per saved game, newest first (or by the chosen key).
pub(crate) fn render_browser(app: &App, browser: &Browser, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let wide = area.width >= NAME_COLUMN_FROM;
    let [title, list, name_line, bottom] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(2),
        ratatui::layout::Constraint::Min(1),
        ratatui::layout::Constraint::Length(u16::from(!wide)),
        ratatui::layout::Constraint::Length(1),
    ])
    .areas(area);
    let name_heading = if wide {
        format!("{:<NAME_WIDTH$}  ", "name")
    } else {
        String::new()
    };
    // Where they are: at home the folder in full, on the server only "saves" (no server
    // path reaches a remote user).
    let dir = app
        .data_dir
        .as_ref()
        .map(|d| {
            let saves = d.join(crate::save::SAVES_DIR);
            crate::ui::archive::shown_path(app.online, Some(d), &saves)
        })
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
                    "   {:<16} {:<22} {:<7} {:>5}  {name_heading}{}",
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
                        let file = if wide {
                            let file = sanitize(&game_name(&listing.path)).into_owned();
                            format!("{:<NAME_WIDTH$}  ", fit(&file, NAME_WIDTH))
                        } else {
                            String::new()
                        };
                        format!(
                            " {mark}{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} {:<22} {:<7} {:>5}  {file}{players}",
                            fit(name, 22),
                            s.result.as_str(),
                            s.moves,
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
    let selected = browser
        .listings
        .as_ref()
        .and_then(|l| l.get(browser.selected));
    if let (false, Some(listing)) = (wide, selected) {
        let text = format!(" name: {}", sanitize(&game_name(&listing.path)));
        frame.render_widget(
            Paragraph::new(Line::styled(fit(&text, area.width as usize), p.dim())),
            name_line,
        );
    }
    let message = if let Some((_, name)) = &browser.renaming {
        let head = " rename to: ";
        let tail = "▏ Enter renames · Esc cancels";
        // The end of a long name stays in view, where the typing is.
        let room = (area.width as usize).saturating_sub(head.len() + tail.chars().count());
        let shown: String = {
            let clean = sanitize(name);
            let n = clean.chars().count();
            clean.chars().skip(n.saturating_sub(room)).collect()
        };
        Line::from(vec![
            Span::styled(head, p.dim()),
            Span::styled(shown, p.accent()),
            Span::styled(tail, p.dim()),
        ])
    } else {
        match &browser.message {
            Some(m) if m.error => Line::styled(format!(" {}", sanitize(&m.text)), p.error()),
            // The delete question waits for an answer: not dimmed.
            Some(m) if browser.deleting.is_some() => {
                Line::styled(format!(" {}", sanitize(&m.text)), p.accent())
            }
            Some(m) => Line::styled(format!(" {}", sanitize(&m.text)), p.dim()),
            None => Line::default(),
        }
    };
    frame.render_widget(Paragraph::new(message), bottom);
}
