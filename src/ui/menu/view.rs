//! How the start screen looks: the title, the unfinished games (when there are any), the
//! games grouped under their headers with a one-line summary each, the opponent, side and
//! clock settings, and a footer with the keys or the latest notice. Lists longer than the
//! screen show a window around the selected row.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use crate::text::sanitize;
use crate::variants::variant;

use crate::ui::app::{opponent_choices, App, Menu, MenuEntry, MenuField, CLOCK_CHOICES};
use crate::ui::widgets::scroll::wrap;
use crate::ui::widgets::text::{fit_words, who, window};

pub(crate) fn render_menu(app: &App, menu: &Menu, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let focus = |f: MenuField| {
        if menu.field == f {
            p.accent()
        } else {
            p.dim()
        }
    };
    let unfinished = menu.unfinished.as_deref().unwrap_or(&[]);
    // The opponent's description wraps under itself rather than running off the screen.
    let opponent = wrap(
        &Line::from(vec![
            Span::styled(" Opponent  ", focus(MenuField::Opponent)),
            Span::styled(opponent_choices()[menu.opponent].0.clone(), p.text()),
        ]),
        area.width,
        11,
    );
    // Rows: title, blank, [unfinished title, its rows, blank], game label, game rows,
    // blank, the opponent's rows, side, clock, blank, the footer.
    let fixed = 8 + opponent.len() + if unfinished.is_empty() { 0 } else { 2 };
    let room = (area.height as usize).saturating_sub(fixed);
    let unfinished_rows = unfinished
        .len()
        .min(4)
        .min(room.saturating_sub(3))
        .max(usize::from(!unfinished.is_empty()));
    let game_rows = room.saturating_sub(unfinished_rows).max(3);

    let (learned, lessons) = app.progress.totals(&crate::learn::courses());
    let keys = format!(" · L learn {learned}/{lessons} · P puzzles");
    // The tagline gives way to the keys on a narrow screen.
    let tagline = " rankup: chess variants where pieces promote and level up";
    let fits = tagline.chars().count() + keys.chars().count() <= area.width as usize;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(if fits { tagline } else { " rankup" }, p.accent()),
            Span::styled(keys, p.dim()),
        ]),
        Line::default(),
    ];
    if !unfinished.is_empty() {
        let (from, to) = window(unfinished.len(), menu.pick, unfinished_rows);
        let more = if to - from < unfinished.len() {
            format!(" ({}-{} of {})", from + 1, to, unfinished.len())
        } else {
            String::new()
        };
        lines.push(Line::styled(
            fit_words(
                &format!(
                    " Unfinished games{more} · r resumes the last played · Tab ↑↓ Enter: pick one"
                ),
                width,
            ),
            focus(MenuField::Unfinished),
        ));
        let name_width = unfinished
            .iter()
            .filter_map(|g| g.entry.as_ref().ok())
            .map(|s| variant(s.variant).name().chars().count())
            .max()
            .unwrap_or(10)
            .min(24);
        for (i, game) in unfinished.iter().enumerate().take(to).skip(from) {
            let chosen = menu.field == MenuField::Unfinished && i == menu.pick;
            let mark = if chosen { "> " } else { "  " };
            let line = match &game.entry {
                Ok(s) => {
                    let ago = match (menu.listed_at, game.modified) {
                        (Some(now), Some(then)) => ago(now, then),
                        _ => String::new(),
                    };
                    // The game left with `n` is open here, not in another session.
                    let ours = menu.behind_file.as_ref() == Some(&game.path);
                    let elsewhere = if ours {
                        " · your game (Esc)"
                    } else if game.open_elsewhere {
                        " · open in another session"
                    } else {
                        ""
                    };
                    let moves = s.plies.div_ceil(2);
                    let text = format!(
                        "   {mark}{:<name_width$}  {moves} move{} · {} v {} · {ago}{elsewhere}",
                        variant(s.variant).name(),
                        if moves == 1 { "" } else { "s" },
                        who(&s.white),
                        who(&s.black),
                    );
                    let style = if chosen {
                        p.highlight()
                    } else if game.open_elsewhere && !ours {
                        p.dim()
                    } else {
                        p.text()
                    };
                    Line::styled(fit_words(&text, width), style)
                }
                Err(e) => Line::styled(
                    fit_words(
                        &format!("   {mark}{} (left as it is)", sanitize(&e.to_string())),
                        width,
                    ),
                    if chosen { p.highlight() } else { p.error() },
                ),
            };
            lines.push(line);
        }
        lines.push(Line::default());
    }

    // Games under a group header drop the group's prefix; names line up in one column.
    let shown_name = |id: crate::variants::VariantId| {
        let name = variant(id).name();
        if !id.is_builtin() {
            format!("  {name}")
        } else if id.as_str().starts_with("apc-") {
            format!("  {}", name.trim_start_matches("APC "))
        } else {
            name.to_string()
        }
    };
    let name_width = menu
        .entries
        .iter()
        .filter_map(|e| match e {
            MenuEntry::Game(id) => Some(shown_name(*id).chars().count()),
            MenuEntry::Header(_) | MenuEntry::Broken(_) => None,
        })
        .max()
        .unwrap_or(12);
    let (from, to) = window(menu.entries.len(), menu.selected, game_rows);
    let more = if to - from < menu.entries.len() {
        " (↑↓ for more)"
    } else {
        ""
    };
    lines.push(Line::styled(format!(" Game{more}"), focus(MenuField::Game)));
    for (i, entry) in menu.entries.iter().enumerate().take(to).skip(from) {
        match entry {
            MenuEntry::Header(title) => lines.push(Line::styled(format!("     {title}"), p.dim())),
            MenuEntry::Broken(b) => {
                if let Some(file) = menu.broken.get(*b) {
                    let text = format!("       x {}", file.error);
                    lines.push(Line::styled(fit_words(&text, width), p.error()));
                }
            }
            MenuEntry::Game(id) => {
                let v = variant(*id);
                let name = shown_name(*id);
                let mark = if i == menu.selected { "> " } else { "  " };
                let style = if i == menu.selected {
                    p.highlight()
                } else {
                    p.text()
                };
                let room = width.saturating_sub(name_width + 7);
                lines.push(Line::from(vec![
                    Span::styled(format!("   {mark}{name:<name_width$}"), style),
                    Span::styled(format!("  {}", fit_words(&v.spec().summary, room)), p.dim()),
                ]));
            }
        }
    }
    let clock = match CLOCK_CHOICES[menu.clock] {
        None => "no clock".to_string(),
        Some((m, s)) => format!("{m} min + {s} s per move"),
    };
    lines.push(Line::default());
    lines.extend(opponent);
    lines.extend([
        Line::from(vec![
            Span::styled(" Side      ", focus(MenuField::Side)),
            Span::styled(
                if menu.opponent == 0 {
                    format!("{} at the bottom", menu.side)
                } else {
                    format!("you play {}", menu.side)
                },
                p.text(),
            ),
        ]),
        Line::from(vec![
            Span::styled(" Clock     ", focus(MenuField::Clock)),
            Span::styled(clock, p.text()),
        ]),
        Line::default(),
        match &menu.notice {
            _ if menu.asking_quit => Line::styled(
                fit_words(" Quit rankup? y quits · n or Esc stays", width),
                p.accent(),
            ),
            Some(m) => Line::styled(
                fit_words(&format!(" {}", m.text), width),
                if m.error { p.error() } else { p.dim() },
            ),
            None if menu.back => Line::styled(
                fit_words(
                    " Esc back to your game · Enter new game · Tab ←→ choose · b saved games · q quit",
                    width,
                ),
                p.dim(),
            ),
            None => Line::styled(
                fit_words(
                    " ↑↓ game · Tab field · ←→ change · Enter start · b saved games · ? help · q quit",
                    width,
                ),
                p.dim(),
            ),
        },
    ]);
    frame.render_widget(Paragraph::new(lines), area);
}

/// How long before `now` a game was last played: `just now`, `5 min ago`, `3 h ago`,
/// `2 days ago`, or its date when longer ago than a month.
fn ago(now: crate::save::Timestamp, then: crate::save::Timestamp) -> String {
    let secs = now.unix().saturating_sub(then.unix()).max(0);
    match secs {
        0..60 => "just now".into(),
        60..3_600 => format!("{} min ago", secs / 60),
        3_600..86_400 => format!("{} h ago", secs / 3_600),
        86_400..172_800 => "yesterday".into(),
        172_800..2_592_000 => format!("{} days ago", secs / 86_400),
        _ => {
            let (y, m, d) = then.date();
            format!("{y:04}-{m:02}-{d:02}")
        }
    }
}
