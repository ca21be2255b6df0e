//! How the server's lobby looks: the name form on a first visit; then the challenges and
//! seeks, the players online and the games in progress, the chosen list's heading lit and
//! its chosen row highlighted, a footer with the keys or the last message, and the
//! challenge form centred over the lists when it is open.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

use crate::net::{days_label, name_with_key, ChallengeView, Presence, Side};
use crate::variants::variant;

use crate::ui::app::App;
use crate::ui::lobby::{ChallengeForm, FormField, Lobby, LobbyList};
use crate::ui::netplay::time_left;
use crate::ui::widgets::overlay::centered;
use crate::ui::widgets::text::fit;

/// The server's lobby: a name to choose on the first visit; then challenges, players online
/// and games in progress, and the challenge form when open.
pub(crate) fn render_lobby(app: &App, lobby: &Lobby, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let mut lines = vec![Line::styled(
        " rankup · chess variants over SSH",
        p.accent(),
    )];
    if let Some((name, refused)) = &lobby.naming {
        lines.extend([
            Line::default(),
            Line::styled(
                " Welcome! Choose the name others will see you by:",
                p.text(),
            ),
            Line::styled(
                format!(" 1 to {} letters, digits, - or _", crate::net::NAME_MAX),
                p.dim(),
            ),
            Line::default(),
            Line::from(vec![
                Span::styled(" name: ", p.accent()),
                Span::styled(format!("{name}_"), p.text()),
            ]),
            Line::default(),
        ]);
        if let Some(why) = refused {
            lines.push(Line::styled(fit(&format!(" {why}"), width), p.error()));
        }
        lines.push(Line::styled(
            " Enter takes it; your SSH key is you from now on. Esc leaves.",
            p.dim(),
        ));
        frame.render_widget(Paragraph::new(lines), area);
        return;
    }
    let Some(view) = &lobby.view else {
        lines.push(Line::styled(" connecting...", p.dim()));
        frame.render_widget(Paragraph::new(lines), area);
        return;
    };
    // Who I am first: at 80 columns a long name leaves the rest cut short (…), never that.
    let title = " rankup · lobby ";
    let my_moves = match Lobby::my_moves(view) {
        0 => String::new(),
        1 => "· your move in 1 game ".into(),
        n => format!("· your move in {n} games "),
    };
    let parts = [
        (
            format!("· you are {} ", name_with_key(&view.me, &view.key)),
            p.dim(),
        ),
        (my_moves, p.accent()),
        (
            format!(
                "· {} online · AI: {} at once",
                view.players.len(),
                view.ai_workers
            ),
            p.dim(),
        ),
    ];
    let mut room = width.saturating_sub(title.width());
    let mut header = vec![Span::styled(title, p.accent())];
    for (text, style) in parts {
        if room == 0 || text.is_empty() {
            continue;
        }
        let part = fit(&text, room);
        room = room.saturating_sub(part.width());
        header.push(Span::styled(part, style));
    }
    lines[0] = Line::from(header);
    let heading = |list: LobbyList, title: &str, hint: &str| {
        let style = if lobby.list == list {
            p.accent()
        } else {
            p.dim()
        };
        Line::from(vec![
            Span::styled(format!(" {title}"), style),
            Span::styled(format!("  {hint}"), p.dim()),
        ])
    };
    let row = |list: LobbyList, i: usize, text: String| {
        let chosen = lobby.list == list && lobby.selected == i;
        let mark = if chosen { "> " } else { "  " };
        Line::styled(
            fit(&format!("   {mark}{text}"), width),
            if chosen { p.highlight() } else { p.text() },
        )
    };
    if !view.mine.is_empty() {
        lines.push(Line::default());
        lines.push(heading(
            LobbyList::Mine,
            "Your correspondence games",
            "Enter opens",
        ));
        for (i, g) in view.mine.iter().enumerate() {
            let whose = if g.my_move { "your move" } else { "their move" };
            lines.push(row(
                LobbyList::Mine,
                i,
                format!(
                    "v {} · {} · {whose}, {} left · {}",
                    g.opponent,
                    variant(g.variant).name(),
                    time_left(g.left_secs),
                    days_label(g.days)
                ),
            ));
        }
    }
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Challenges,
        "Challenges and seeks",
        "Enter accepts · d declines · s posts a seek",
    ));
    if view.challenges.is_empty() {
        lines.push(Line::styled("     none", p.dim()));
    }
    for (i, ch) in view.challenges.iter().enumerate() {
        // Who, with the challenger's rating and key first (what decides an answer), then
        // the terms; a seek's range last. At 80 columns the tail may be cut (…).
        let range = match (&ch.to, ch.range) {
            (None, Some(r)) => format!(", ±{r}"),
            _ => String::new(),
        };
        lines.push(row(
            LobbyList::Challenges,
            i,
            format!(
                "{}: {}, {}, {}, {}{range}",
                who(ch, &view.me),
                variant(ch.terms.variant).name(),
                ch.terms.pace(),
                if ch.terms.rated { "rated" } else { "casual" },
                match ch.terms.side {
                    Side::Random => "random sides".to_string(),
                    side => format!("{} plays {}", ch.from, side.label()),
                },
            ),
        ));
    }
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Players,
        "Players online",
        &format!(
            "by {} rating · Enter or c challenges",
            variant(lobby.rating_game).name()
        ),
    ));
    for (i, pl) in view.players.iter().enumerate() {
        let status = match pl.presence {
            Presence::Free if pl.name == view.me => "you",
            presence => presence.label(),
        };
        lines.push(row(
            LobbyList::Players,
            i,
            format!(
                "{:<17} {status:<14} {:>5}",
                pl.name,
                pl.rating(lobby.rating_game).label()
            ),
        ));
    }
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Games,
        "Games in progress",
        "Enter watches",
    ));
    if view.games.is_empty() {
        lines.push(Line::styled("     none", p.dim()));
    }
    for (i, g) in view.games.iter().enumerate() {
        lines.push(row(
            LobbyList::Games,
            i,
            format!(
                "{}{} v {} · {} · {} v {} · move {} · {}{}{}",
                your_game(&view.me, &g.names),
                g.names.white,
                g.names.black,
                variant(g.variant).name(),
                g.ratings.white.label(),
                g.ratings.black.label(),
                g.plies / 2 + 1,
                match (g.days, g.clock) {
                    (Some(d), _) => days_label(d),
                    (None, Some(c)) => c.label(),
                    (None, None) => "no clock".into(),
                },
                if g.rated { " · rated" } else { "" },
                if g.spectators > 0 {
                    format!(" · {} watching", g.spectators)
                } else {
                    String::new()
                }
            ),
        ));
    }
    // The footer is the last line, whatever the lists' length.
    let footer = match &lobby.message {
        Some(m) => Line::styled(
            fit(&format!(" {}", m.text), width),
            if m.error { p.error() } else { p.dim() },
        ),
        None => Line::styled(
            fit(
                " ↑↓ choose · ←→ list · Enter act · c challenge · s seek · a play the AI · b saved games · ? help · q quit",
                width,
            ),
            p.dim(),
        ),
    };
    let body = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    frame.render_widget(Paragraph::new(lines), body);
    if area.height > 0 {
        let last = Rect {
            y: area.y + area.height - 1,
            height: 1,
            ..area
        };
        frame.render_widget(Paragraph::new(footer), last);
    }
    if let Some(form) = &lobby.form {
        let focus = |f: FormField| {
            if form.field == f {
                p.highlight()
            } else {
                p.text()
            }
        };
        let terms = form.terms();
        let text = vec![
            Line::styled(
                match &form.to {
                    Some(to) => format!("Challenge {to}"),
                    None => "Open seek: anyone may accept".to_string(),
                },
                p.accent(),
            ),
            Line::default(),
            Line::from(vec![
                Span::styled("game   ", p.dim()),
                Span::styled(
                    variant(terms.variant).name().to_string(),
                    focus(FormField::Game),
                ),
                Span::styled(game_filter(form), p.dim()),
            ]),
            Line::from(vec![
                Span::styled("you    ", p.dim()),
                Span::styled(terms.side.label(), focus(FormField::Side)),
            ]),
            Line::from(vec![
                Span::styled("clock  ", p.dim()),
                Span::styled(
                    match (terms.clock, terms.days) {
                        (_, Some(d)) => format!("{} (correspondence)", days_label(d)),
                        (Some(c), None) => c.control.label(),
                        (None, None) => "none".into(),
                    },
                    focus(FormField::Clock),
                ),
            ]),
            Line::from(vec![
                Span::styled("away   ", p.dim()),
                match (terms.days, form.pause_when_away) {
                    (Some(_), _) => Span::styled("never claimed: days per move instead", p.dim()),
                    (None, true) => Span::styled(
                        "clock stops while a player is disconnected",
                        focus(FormField::Pause),
                    ),
                    (None, false) => Span::styled(
                        "clock runs on while a player is disconnected",
                        focus(FormField::Pause),
                    ),
                },
            ]),
            Line::from(vec![
                Span::styled("rated  ", p.dim()),
                Span::styled(
                    match (terms.rated, terms.clock.is_none() && terms.days.is_none()) {
                        (true, _) => "rated",
                        (false, true) => "casual (untimed games are not rated)",
                        (false, false) => "casual",
                    },
                    focus(FormField::Rated),
                ),
            ]),
        ];
        let mut text = text;
        if form.to.is_none() {
            text.push(Line::from(vec![
                Span::styled("range  ", p.dim()),
                Span::styled(
                    form.range().map_or("any rating".into(), |r| {
                        format!("ratings within ±{r} of mine")
                    }),
                    focus(FormField::Range),
                ),
            ]));
        }
        text.extend([
            Line::default(),
            Line::styled("type a game's name to filter · ←→ change", p.dim()),
            Line::styled("Tab field · Enter send · Esc cancel", p.dim()),
        ]);
        let w = 56.min(area.width);
        let r = centered(area, w, text.len() as u16 + 2);
        frame.render_widget(Clear, r);
        frame.render_widget(
            Paragraph::new(text).block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(p.border()),
            ),
            r,
        );
    }
}

/// Who a challenge is from and for: the other player's rating in its game and key beside
/// their name (the key is what tells a look-alike name from the player it mimics).
fn who(ch: &ChallengeView, me: &str) -> String {
    let from = || name_with_key(&format!("{} {}", ch.from, ch.rating.label()), &ch.from_key);
    match (&ch.to, ch.from == me) {
        (Some(to), true) => format!(
            "you → {}",
            name_with_key(to, ch.to_key.as_deref().unwrap_or_default())
        ),
        (None, true) => "you → anyone".to_string(),
        (Some(_), false) => format!("{} → you", from()),
        (None, false) => format!("{} → anyone", from()),
    }
}

/// `your game with X · ` before a game the viewer plays in (after a restart the lobby
/// lists it until both players are back), nothing otherwise.
fn your_game(me: &str, names: &crate::rules::ByColor<String>) -> String {
    if names.white == me {
        format!("your game with {} · ", names.black)
    } else if names.black == me {
        format!("your game with {} · ", names.white)
    } else {
        String::new()
    }
}

/// The type-ahead filter after the game's name: what was typed and how many games match.
fn game_filter(form: &ChallengeForm) -> String {
    if form.filter.is_empty() {
        return String::new();
    }
    match form.matches().len() {
        0 => format!("  \"{}\": no game matches", form.filter),
        n => format!("  \"{}\": {n} of {}", form.filter, form.games.len()),
    }
}
