//! How the archive looks: a title with the filter being typed, one row per finished game
//! (date, players, game, result, rated), the chosen row highlighted, and a footer with the
//! keys, the page's place or the last message.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::ui::app::App;
use crate::ui::archive::Archive;
use crate::ui::widgets::text::fit;

/// The archive screen.
pub(crate) fn render_archive(app: &App, archive: &Archive, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let whose = match &archive.player {
        Some(name) => format!("{name}'s finished games"),
        None => "every finished game on this server".into(),
    };
    let mut lines = vec![
        Line::from(vec![
            Span::styled(" rankup · archive ", p.accent()),
            Span::styled(
                fit(&format!("· {whose}"), width.saturating_sub(18)),
                p.dim(),
            ),
        ]),
        Line::from(vec![
            Span::styled(" filter: ", p.accent()),
            Span::styled(format!("{}_", archive.filter), p.text()),
            Span::styled("  (type a player's name or a game)", p.dim()),
        ]),
        Line::default(),
    ];
    let page = &archive.page;
    let rows = usize::from(area.height).saturating_sub(lines.len() + 1);
    // The chosen row stays in sight on a short terminal.
    let skip = (archive.selected + 1).saturating_sub(rows);
    if page.entries.is_empty() {
        let text = if !archive.current() {
            "     reading..."
        } else if archive.filter.is_empty() {
            "     no finished games yet"
        } else {
            "     no game matches (Backspace, Esc clears)"
        };
        lines.push(Line::styled(text, p.dim()));
    }
    for (i, e) in page.entries.iter().enumerate().skip(skip).take(rows) {
        let chosen = i == archive.selected;
        let mark = if chosen { "> " } else { "  " };
        let text = format!(
            " {mark}{}  {:<16} {:<16} {:<7} {:<12} {}",
            e.date(),
            e.names.white,
            e.names.black,
            e.result,
            e.game,
            if e.rated { "rated" } else { "casual" }
        );
        lines.push(Line::styled(
            fit(&text, width),
            if chosen { p.highlight() } else { p.text() },
        ));
    }
    let footer = match &archive.message {
        Some(m) => Line::styled(
            fit(&format!(" {}", m.text), width),
            if m.error { p.error() } else { p.dim() },
        ),
        None => {
            let first = page.ask.offset + 1;
            let last = page.ask.offset + page.entries.len();
            let place = match (page.entries.is_empty(), page.more) {
                (true, _) => String::new(),
                (false, true) => format!("games {first}-{last}, more ↓ · "),
                (false, false) => format!("games {first}-{last} · "),
            };
            Line::styled(
                fit(
                    &format!(" {place}↑↓ PgUp PgDn · Enter review · Tab PGN · ? help · Esc back"),
                    width,
                ),
                p.dim(),
            )
        }
    };
    frame.render_widget(
        Paragraph::new(lines),
        Rect {
            height: area.height.saturating_sub(1),
            ..area
        },
    );
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
