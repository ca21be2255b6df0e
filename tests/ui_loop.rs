//! The app's event loop on a test terminal: it draws only when something may have changed,
//! and sleeps (no wake-ups, no frames) while nothing happens.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, TimeControl};
use rankup::ui::keeper::Keeper;
use rankup::ui::{drive, Incoming, LoopStats};
use rankup::variants::{variant, VariantId};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

mod common;
use common::{palette, OPTIONS};

/// Runs `app` in the loop, sending `events` at `gap` intervals and then closing.
fn run(mut app: App, events: Vec<Incoming>, gap: Duration, then: Duration) -> LoopStats {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let (tx, rx) = mpsc::channel();
    let sender = tx.clone();
    thread::spawn(move || {
        for e in events {
            thread::sleep(gap);
            let _ = sender.send(e);
        }
        thread::sleep(then);
        let _ = sender.send(Incoming::Closed);
    });
    let mut keeper = Keeper::new(None);
    drive(
        &mut terminal,
        &mut app,
        &mut keeper,
        (tx, rx),
        |_, _| Ok(()),
    )
    .unwrap()
}

fn key(c: char) -> Incoming {
    Incoming::Term(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

#[test]
fn an_idle_app_draws_once_and_sleeps() {
    let app = App::new(OPTIONS, palette(), None);
    let stats = run(app, Vec::new(), Duration::ZERO, Duration::from_millis(600));
    assert_eq!(
        stats,
        LoopStats {
            frames: 1,
            wakeups: 1
        },
        "one frame, and one wake-up for the end"
    );
    // The same on the board without a clock.
    let app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Promochess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    let stats = run(app, Vec::new(), Duration::ZERO, Duration::from_millis(600));
    assert_eq!(stats.frames, 1);
    // And with a clock before the first move: no clock runs yet, nothing to redraw.
    let app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("5+3").unwrap()),
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    assert_eq!(app.wake_after(), None);
    let stats = run(app, Vec::new(), Duration::ZERO, Duration::from_millis(600));
    assert_eq!(stats.frames, 1);
}

#[test]
fn each_key_is_one_wake_up_and_one_frame() {
    let app = App::new(OPTIONS, palette(), None);
    let keys = vec![key('j'), key('j'), key('k')];
    let stats = run(
        app,
        keys,
        Duration::from_millis(100),
        Duration::from_millis(100),
    );
    assert_eq!(stats.wakeups, 4);
    assert_eq!(stats.frames, 4);
}

#[test]
fn a_running_clock_redraws_about_once_a_second() {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("5+3").unwrap()),
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    // The clocks run once both sides have moved.
    for m in ["e4", "e5"] {
        app.update(Action::StartTyping);
        m.chars().for_each(|c| app.update(Action::Type(c)));
        app.update(Action::Submit);
    }
    assert!(app.wake_after().is_some());
    let stats = run(app, Vec::new(), Duration::ZERO, Duration::from_millis(2300));
    // The first frames start the clock; then one per second shown.
    assert!(
        (3..=8).contains(&stats.frames),
        "{stats:?}: a 50 ms poll would have drawn ~46"
    );
}
