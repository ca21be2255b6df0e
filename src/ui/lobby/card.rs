//! A player's card over the lobby (`i`): their name and key's short fingerprint (as
//! `ssh-keygen -l` prints it), their rating in each game they played rated (`?` while
//! provisional), their record and their last finished games.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;

use crate::net::{short_key, CardView};
use crate::ui::app::App;
use crate::ui::widgets::overlay::{card_block, centered};
use crate::ui::widgets::text::fit;

/// The card's lines, at `width` columns inside its border.
pub(crate) fn card_lines(app: &App, card: &CardView, width: usize) -> Vec<Line<'static>> {
    let p = &app.palette;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{} ", card.name), p.accent()),
            Span::styled(format!("· {}", short_key(&card.key)), p.text()),
        ]),
        Line::default(),
    ];
    let (won, drawn, lost) = card.record;
    lines.push(Line::styled(
        format!("Games: {won} won · {drawn} drawn · {lost} lost"),
        p.text(),
    ));
    lines.push(Line::default());
    lines.push(Line::styled("Ratings", p.accent()));
    if card.ratings.is_empty() {
        lines.push(Line::styled(
            "  no rated game yet (1500? in every game)",
            p.dim(),
        ));
    }
    for r in &card.ratings {
        lines.push(Line::styled(
            fit(
                &format!(
                    "  {:<20} {:>6}  {} rated game{}",
                    r.game,
                    r.rating.label(),
                    r.games,
                    if r.games == 1 { "" } else { "s" }
                ),
                width,
            ),
            p.text(),
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled("Recent games", p.accent()));
    if card.recent.is_empty() {
        lines.push(Line::styled("  none yet", p.dim()));
    }
    for e in &card.recent {
        let opponent = if e.names.white == card.name {
            &e.names.black
        } else {
            &e.names.white
        };
        lines.push(Line::styled(
            fit(
                &format!(
                    "  {}  v {:<16} {:<12} {:<5} {}",
                    e.date(),
                    opponent,
                    e.game,
                    e.result_for(&card.name),
                    if e.rated { "rated" } else { "casual" }
                ),
                width,
            ),
            p.text(),
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        fit("A these games in the archive · Esc close", width),
        p.dim(),
    ));
    lines
}

/// The card, centred over the lobby.
pub(crate) fn render_card(app: &App, card: &CardView, frame: &mut Frame, area: Rect) {
    let width = area.width.min(76);
    let inner = usize::from(width.saturating_sub(4));
    let lines = card_lines(app, card, inner);
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let rect = centered(area, width, height);
    frame.render_widget(Clear, rect);
    let block = card_block(&app.palette, "Player card");
    let text = block.inner(rect);
    frame.render_widget(block, rect);
    let text = Rect {
        x: text.x + 1,
        width: text.width.saturating_sub(2),
        ..text
    };
    frame.render_widget(Paragraph::new(lines), text);
}
