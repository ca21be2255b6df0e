//! Overlays and the clock through the app at 80x24: the help and the rules card scroll to
//! their ends without cutting a word and close only with Esc, q or ?; the start screen's
//! descriptions fit the width; the clock shows tenths and warns when time runs low.

mod common;
use common::{draw, palette, screen, start_app, OPTIONS};

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{opponent_choices, App, Player, TimeControl};
use rankup::ui::input::{action_for, BOARD_KEYS, CARD_KEYS};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

fn game(id: VariantId, clock: Option<&str>, palette: Palette) -> App {
    App::playing(
        OPTIONS,
        palette,
        Position::start(variant(id)),
        clock.map(|c| TimeControl::parse(c).unwrap()),
        HUMANS,
    )
}

/// A chess game timed by `clock` where both sides have made their first move at `t0`:
/// White's clock runs from then.
fn opened(clock: &str, palette: Palette, t0: Instant) -> App {
    let mut app = game(VariantId::Chess, Some(clock), palette);
    app.update(Action::Tick(t0));
    for m in ["e4", "e5"] {
        app.update(Action::StartTyping);
        m.chars().for_each(|c| app.update(Action::Type(c)));
        app.update(Action::Submit);
    }
    app
}

/// A key as the terminal sends it, through the key map to the app.
fn press(app: &mut App, code: KeyCode) {
    if let Some(action) = action_for(app.context(), KeyEvent::new(code, KeyModifiers::NONE)) {
        app.update(action);
    }
}

/// Words separated by single spaces.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every line of the open card at 80x24, from its top to its end, read by scrolling one
/// line at a time (the card's frame left off); and whether the marks showed where they
/// should (`↓` on every page but the last, `↑` on every page but the first).
fn card_lines(app: &mut App) -> Vec<String> {
    press(app, KeyCode::Home);
    let rows: Vec<String> = screen(app, 80, 24).lines().map(str::to_string).collect();
    let inside = |row: &str| -> String {
        let cells: Vec<char> = row.chars().collect();
        cells[1..cells.len().saturating_sub(1)]
            .iter()
            .collect::<String>()
    };
    let mut lines: Vec<String> = rows[1..23].iter().map(|r| inside(r)).collect();
    assert!(!rows[0].contains('↑'), "nothing above the top: {}", rows[0]);
    let mut bottom = rows[23].clone();
    let mut steps = 0;
    while bottom.contains("↓ more (PgDn)") {
        press(app, KeyCode::Down);
        let rows: Vec<String> = screen(app, 80, 24).lines().map(str::to_string).collect();
        assert!(rows[0].contains("↑ more (PgUp)"), "{}", rows[0]);
        lines.push(inside(&rows[22]));
        bottom = rows[23].clone();
        steps += 1;
        assert!(steps < 500, "the card never ends");
    }
    lines
}

#[test]
fn help_at_80x24_scrolls_to_its_end_and_cuts_no_word() {
    let mut app = game(VariantId::Tamerspiel, None, palette());
    press(&mut app, KeyCode::Char('?'));
    let first = screen(&mut app, 80, 24);
    assert!(first.contains("↓ more (PgDn)"), "{first}");
    let lines = card_lines(&mut app);
    let text = words(&lines.join("\n"));
    // Each key's line is whole: wrapping broke lines only where there were spaces.
    for (keys, what) in BOARD_KEYS.iter().chain(CARD_KEYS) {
        assert!(
            text.contains(&words(&format!("{keys} {what}"))),
            "{keys}: {text}"
        );
    }
    for part in [
        "Typing a move",
        "Board marks",
        "tokens: e2e4 e7e8=q b6b7+ (promote)",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert_eq!(
        lines.last().map(|l| l.trim()),
        Some("Esc, q or ? closes this help")
    );
    // PgUp and PgDn move by pages; End and Home reach the ends.
    press(&mut app, KeyCode::End);
    assert!(screen(&mut app, 80, 24).contains("closes this help"));
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::PageDown);
    let first_row = |app: &mut App| screen(app, 80, 24).lines().nth(1).map(str::to_string);
    let page = screen(&mut app, 80, 24);
    assert!(page.contains("↑ more (PgUp)"), "{page}");
    // A page is the 22 rows less one (the last row of the first page comes to the top), or
    // what is left to the end.
    let top = 21.min(lines.len() - 22);
    let row = first_row(&mut app).unwrap_or_default();
    assert_eq!(row.trim_matches('│'), lines[top], "{page}");
    press(&mut app, KeyCode::PageUp);
    let row = first_row(&mut app).unwrap_or_default();
    assert_eq!(row.trim_matches('│').trim(), "Board");
}

#[test]
fn only_esc_q_and_question_mark_close_a_card() {
    let mut app = game(VariantId::Chess, None, palette());
    for close in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('?')] {
        press(&mut app, KeyCode::Char('?'));
        for stray in [
            KeyCode::Char('x'),
            KeyCode::Char('n'),
            KeyCode::Char('R'),
            KeyCode::Enter,
            KeyCode::Char(' '),
        ] {
            press(&mut app, stray);
            assert!(app.card.is_some(), "{stray:?} closed the help");
        }
        press(&mut app, close);
        assert!(app.card.is_none(), "{close:?} left the help open");
        assert!(app.running, "{close:?} closes the card, not the app");
    }
    press(&mut app, KeyCode::Char('c'));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.card.is_some(), "u leaves the rules card open");
    press(&mut app, KeyCode::Esc);
    assert!(app.card.is_none());
    assert!(app.play().unwrap().table.game().history().is_empty());
}

/// Screen text with the rules card's diagram left out: file letters, rank numbers and the
/// diagram's marks.
fn without_diagram(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| {
            let file = w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase());
            let rank = w.chars().all(|c| c.is_ascii_digit());
            let mark = *w == "•" || (w.starts_with('[') && w.ends_with(']'));
            !(file || rank || mark)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_tamerspiel_rules_card_at_80x24_reaches_the_king_swap_without_cutting_a_word() {
    let v = variant(VariantId::Tamerspiel);
    let mut app = game(VariantId::Tamerspiel, None, palette());
    press(&mut app, KeyCode::Char('c'));
    let lines = card_lines(&mut app);
    let text = without_diagram(&lines.join("\n"));
    // Every rule and every piece's line is there whole, the King swap among them.
    for rule in &v.spec().rules {
        assert!(text.contains(&without_diagram(rule)), "{rule}\n{text}");
    }
    for (_, spec) in v.kinds() {
        let line = format!("{} {}: {}", spec.letter, spec.name, spec.description);
        assert!(text.contains(&without_diagram(&line)), "{line}\n{text}");
    }
    assert!(
        text.contains("in check, may swap with an unattacked piece"),
        "{text}"
    );
    // Tab picks the next piece and scrolls it into view: the last piece from the top.
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::BackTab);
    let last = v.kinds().last().map(|(_, s)| s.name.clone()).unwrap();
    let shown = screen(&mut app, 80, 24);
    assert!(
        shown.contains(&last) && shown.contains("↑ more"),
        "{last}\n{shown}"
    );
}

#[test]
fn the_mouse_wheel_scrolls_a_card() {
    let mut app = game(VariantId::Tamerspiel, None, palette());
    press(&mut app, KeyCode::Char('c'));
    let top = screen(&mut app, 80, 24);
    if let Some(action) = rankup::ui::input::wheel_action(app.context(), true) {
        app.update(action);
    }
    let scrolled = screen(&mut app, 80, 24);
    assert_ne!(top, scrolled);
    assert!(scrolled.contains("↑ more (PgUp)"), "{scrolled}");
}

#[test]
fn the_start_screen_at_80_columns_cuts_no_description() {
    let mut app = start_app();
    // Every opponent: its whole description on screen.
    press(&mut app, KeyCode::Tab);
    for (label, _) in opponent_choices() {
        let text = screen(&mut app, 80, 24);
        assert!(words(&text).contains(&label), "{label}\n{text}");
        press(&mut app, KeyCode::Right);
    }
    // Every game's summary, whole.
    let text = screen(&mut app, 80, 24);
    for id in VariantId::ALL {
        let summary = &variant(id).spec().summary;
        assert!(text.contains(summary.as_str()), "{summary}\n{text}");
    }
    // Narrower, a summary is shortened at a word boundary.
    let narrow = screen(&mut app, 60, 24);
    let row = narrow
        .lines()
        .find(|l| l.contains("PromoChess"))
        .expect("PromoChess listed");
    let shown = row
        .split("PromoChess")
        .nth(1)
        .and_then(|r| r.trim().strip_suffix('…'))
        .expect("shortened with an ellipsis");
    let summary = &variant(VariantId::Promochess).spec().summary;
    assert!(
        summary.starts_with(shown) && summary[shown.len()..].starts_with(' '),
        "cut mid-word: {row}"
    );
}

#[test]
fn the_app_wakes_every_tenth_under_ten_seconds() {
    let t0 = Instant::now();
    let mut app = opened("1+0", palette(), t0);
    app.update(Action::Tick(t0 + Duration::from_millis(30_550)));
    // 29.45 s left: the display turns at the next second.
    assert_eq!(app.wake_after(), Some(Duration::from_millis(451)));
    app.update(Action::Tick(t0 + Duration::from_millis(50_550)));
    // 9.45 s left: it turns at the next tenth.
    assert_eq!(app.wake_after(), Some(Duration::from_millis(51)));
}

/// The style of the first cell of `text` on the screen.
fn style_of(app: &mut App, text: &str) -> ratatui::style::Style {
    let t = draw(app, 80, 24);
    let buf = t.backend().buffer();
    for y in 0..24 {
        let row: String = (0..80).map(|x| buf[(x, y)].symbol().to_string()).collect();
        if let Some(at) = row.find(text) {
            let x = row[..at].chars().count() as u16;
            return buf[(x, y)].style();
        }
    }
    panic!("{text} not on screen");
}

#[test]
fn the_clock_shows_tenths_and_warns_when_time_runs_low() {
    for mode in ColorMode::ALL {
        let p = Palette::new(Theme::default(), mode);
        let t0 = Instant::now();
        let mut app = opened("3+2", p.clone(), t0);
        let calm = style_of(&mut app, "White  3:00");
        // 3 minutes warn from 22.5 s: 30 s left is calm, 20 s is low, 9.45 s shows tenths.
        app.update(Action::Tick(t0 + Duration::from_secs(150)));
        assert_eq!(style_of(&mut app, "White  0:30"), calm, "{mode:?}");
        app.update(Action::Tick(t0 + Duration::from_secs(160)));
        let low = style_of(&mut app, "White  0:20");
        assert_ne!(low, calm, "{mode:?}");
        if mode == ColorMode::None {
            assert!(
                low.add_modifier.contains(Modifier::REVERSED),
                "without colour the low clock is reversed"
            );
        } else {
            assert_ne!(low.fg, calm.fg, "{mode:?}: the low clock has its colour");
        }
        app.update(Action::Tick(t0 + Duration::from_millis(170_550)));
        assert_eq!(style_of(&mut app, "White 0:09.4"), low, "{mode:?}");
        // Black's clock waits: not low, not running.
        let waiting = style_of(&mut app, "Black  3:00");
        assert_ne!(
            waiting, calm,
            "the running clock differs from the waiting one"
        );
    }
}
