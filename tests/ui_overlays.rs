//! Overlays and the clock through the app at 80x24: the help and the rules card scroll to
//! their ends without cutting a word and close only with Esc, q or ?; the start screen's
//! descriptions fit the width; the clock shows tenths and warns when time runs low.

mod common;
use common::{palette, OPTIONS};

use std::time::{Duration, Instant};

use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, TimeControl};
use rankup::variants::{variant, VariantId};

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

/// A chess game between two people with a `clock` (like `1+0`).
fn timed(clock: &str) -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse(clock).unwrap()),
        HUMANS,
    )
}

#[test]
fn the_app_wakes_every_tenth_under_ten_seconds() {
    let mut app = timed("1+0");
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    app.update(Action::Tick(t0 + Duration::from_millis(30_550)));
    // 29.45 s left: the display turns at the next second.
    assert_eq!(app.wake_after(), Some(Duration::from_millis(451)));
    app.update(Action::Tick(t0 + Duration::from_millis(50_550)));
    // 9.45 s left: it turns at the next tenth.
    assert_eq!(app.wake_after(), Some(Duration::from_millis(51)));
}
