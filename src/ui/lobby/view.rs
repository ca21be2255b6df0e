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
use crate::ui::lobby::{ChallengeForm, FormField, Lobby, LobbyList, LISTS};
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
    let mine_row = |i: usize| {
        let g = &view.mine[i];
        let whose = if g.my_move { "your move" } else { "their move" };
        format!(
            "v {} · {} · {whose}, {} left · {}",
            g.opponent,
            variant(g.variant).name(),
            time_left(g.left_secs),
            days_label(g.days)
        )
    };
    let challenge_row = |i: usize| {
        // Who, with the challenger's rating and key first (what decides an answer), then
        // the terms; a seek's range last. At 80 columns the tail may be cut (…).
        let ch = &view.challenges[i];
        let range = match (&ch.to, ch.range) {
            (None, Some(r)) => format!(", ±{r}"),
            _ => String::new(),
        };
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
        )
    };
    let player_row = |i: usize| {
        let Some(pl) = lobby.player(i) else {
            return String::new();
        };
        let status = match pl.presence {
            Presence::Free if pl.name == view.me => "you",
            presence => presence.label(),
        };
        format!(
            "{:<17} {status:<14} {:>5}",
            pl.name,
            pl.rating(lobby.rating_game).label()
        )
    };
    let game_row = |i: usize| {
        let g = &view.games[i];
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
        )
    };
    let players_hint = format!(
        "by {} rating · Enter or c challenges",
        variant(lobby.rating_game).name()
    );
    let sections: [Section; 4] = [
        Section {
            list: LobbyList::Mine,
            title: "Your correspondence games",
            hint: "Enter opens",
            len: view.mine.len(),
            // Shown only when there are some.
            hidden: view.mine.is_empty(),
            row: &mine_row,
        },
        Section {
            list: LobbyList::Challenges,
            title: "Challenges and seeks",
            hint: "Enter accepts · d declines · s posts a seek",
            len: view.challenges.len(),
            hidden: false,
            row: &challenge_row,
        },
        Section {
            list: LobbyList::Players,
            title: "Players online",
            hint: &players_hint,
            len: view.players.len(),
            hidden: false,
            row: &player_row,
        },
        Section {
            list: LobbyList::Games,
            title: "Games in progress",
            hint: "Enter watches",
            len: view.games.len(),
            hidden: false,
            row: &game_row,
        },
    ];
    // The lists share the lines between the header and the footer: only the rows that
    // fit are drawn (a server with 500 players online draws a screenful, not 500 lines).
    let lens = sections.each_ref().map(|s| (!s.hidden).then_some(s.len));
    let focused = LISTS.iter().position(|l| *l == lobby.list).unwrap_or(0);
    let room = usize::from(area.height).saturating_sub(lines.len() + 1);
    let windows = windows(lens, focused, lobby.selected, room);
    for (section, window) in sections.iter().zip(windows) {
        let Some(window) = window else { continue };
        lines.push(Line::default());
        lines.push(heading(section.list, section.title, section.hint));
        if section.len == 0 {
            lines.push(Line::styled("     none", p.dim()));
        }
        for i in window.start..window.start + window.shown {
            lines.push(row(section.list, i, (section.row)(i)));
        }
        if let Some(more) = window.more_line() {
            lines.push(Line::styled(fit(&format!("     {more}"), width), p.dim()));
        }
    }
    // The footer is the last line, whatever the lists' length.
    let footer = match &lobby.message {
        Some(m) => Line::styled(
            fit(&format!(" {}", m.text), width),
            if m.error { p.error() } else { p.dim() },
        ),
        None => Line::styled(
            fit(
                " ↑↓ choose · ←→ list · Enter act · c challenge · s seek · L learn · P puzzles · a play the AI · i card · A archive · b saved games · ? help · q quit",
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
    if let Some(card) = &lobby.card {
        super::card::render_card(app, card, frame, area);
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

/// One list of the lobby, as drawn.
struct Section<'a> {
    list: LobbyList,
    title: &'a str,
    hint: &'a str,
    len: usize,
    /// Left out altogether (my correspondence games when there are none).
    hidden: bool,
    /// The text of row `i`.
    row: &'a dyn Fn(usize) -> String,
}

/// The rows of a list that are drawn: `shown` rows from `start`, of `len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub start: usize,
    pub shown: usize,
    pub len: usize,
}

impl Window {
    /// The line under a list cut short: how many rows are not drawn, above and below.
    fn more_line(self) -> Option<String> {
        let (above, below) = (self.start, self.len - self.start - self.shown);
        match (above, below) {
            (0, 0) => None,
            (0, b) => Some(format!("… {b} more")),
            (a, 0) => Some(format!("… {a} more above")),
            (a, b) => Some(format!("… {a} more above, {b} below")),
        }
    }
}

/// Which rows of each list fit in `room` lines (`None` for a list not shown at all; each
/// shown list takes a blank line and its heading, an empty one a "none" line). When they
/// do not all fit, the lists not focused show two rows each and the focused one the rest,
/// scrolled so that its `selected` row is drawn; a list cut short takes one more line to
/// say how many rows are not drawn.
pub(crate) fn windows(
    lens: [Option<usize>; 4],
    focused: usize,
    selected: usize,
    room: usize,
) -> [Option<Window>; 4] {
    const OTHERS: usize = 2;
    let all = |len: usize| Window {
        start: 0,
        shown: len,
        len,
    };
    let cost = |len: usize| 2 + len.max(1);
    let total: usize = lens.iter().flatten().map(|&l| cost(l)).sum();
    if total <= room {
        return lens.map(|l| l.map(all));
    }
    let mut out = lens.map(|l| {
        l.map(|len| {
            let shown = len.min(OTHERS);
            Window {
                start: 0,
                shown,
                len,
            }
        })
    });
    let used: usize = out
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != focused)
        .filter_map(|(_, w)| *w)
        .map(|w| 2 + w.shown.max(1) + usize::from(w.shown < w.len))
        .sum();
    if let Some(Some(len)) = lens.get(focused).copied() {
        // The heading and blank line, then the rows, with one line for "… more" when
        // they do not all fit.
        let left = room.saturating_sub(used + 2);
        let shown = if len <= left {
            len
        } else {
            left.saturating_sub(1).max(1).min(len)
        };
        let selected = selected.min(len.saturating_sub(1));
        let start = selected
            .saturating_sub(shown / 2)
            .min(len.saturating_sub(shown));
        out[focused] = Some(Window { start, shown, len });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{windows, Window};

    #[test]
    fn lists_that_fit_are_drawn_whole() {
        let w = windows([None, Some(1), Some(3), Some(0)], 2, 0, 20);
        assert_eq!(w[0], None);
        assert_eq!(
            w[2],
            Some(Window {
                start: 0,
                shown: 3,
                len: 3
            })
        );
        assert_eq!(
            w[3],
            Some(Window {
                start: 0,
                shown: 0,
                len: 0
            })
        );
    }

    #[test]
    fn a_long_focused_list_scrolls_to_its_selected_row_and_the_others_shrink() {
        // 500 players in 20 lines, the 300th chosen.
        let w = windows([None, Some(5), Some(500), Some(40)], 2, 300, 20);
        let (challenges, players, games) = (w[1].unwrap(), w[2].unwrap(), w[3].unwrap());
        assert_eq!((challenges.shown, games.shown), (2, 2));
        assert!(players.start <= 300 && 300 < players.start + players.shown);
        // Two lists of 2 rows with their "more" lines and headings, the players' heading,
        // rows and "more" line: all within the room.
        let lines = (2 + 2 + 1) * 2 + 2 + players.shown + 1;
        assert_eq!(lines, 20);
        assert_eq!(
            players.more_line().unwrap(),
            format!(
                "… {} more above, {} below",
                players.start,
                500 - players.start - players.shown
            )
        );
        // The last player: the window ends at the list's end.
        let last = windows([None, Some(5), Some(500), Some(40)], 2, 499, 20)[2].unwrap();
        assert_eq!(last.start + last.shown, 500);
    }

    #[test]
    fn a_tiny_room_still_draws_the_chosen_row() {
        let w = windows([Some(3), Some(5), Some(500), Some(40)], 2, 42, 3)[2].unwrap();
        assert_eq!(w.shown, 1);
        assert_eq!(w.start, 42);
    }
}
