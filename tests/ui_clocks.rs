//! When the clocks start, through the app: as on lichess, neither clock runs before each
//! side has made its first move, at one keyboard and against the AI; then the side to move's
//! clock runs. (The server's rooms: tests/hub.rs; a resumed game: tests/ui_saves.rs.)

mod common;
use common::{palette, screen, OPTIONS};

use std::time::{Duration, Instant};

use rankup::ai::Level;
use rankup::rules::{ByColor, Color, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, Thinking, TimeControl};
use rankup::variants::{variant, VariantId};

fn timed(players: ByColor<Player>) -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("5+3").unwrap()),
        players,
    )
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    text.chars().for_each(|c| app.update(Action::Type(c)));
    app.update(Action::Submit);
}

/// The time each side has left, as the app keeps it.
fn left(app: &App) -> ByColor<Duration> {
    app.play().unwrap().table.clocks().unwrap().left
}

const S: fn(u64) -> Duration = Duration::from_secs;

fn full() -> ByColor<Duration> {
    ByColor {
        white: S(300),
        black: S(300),
    }
}

#[test]
fn at_one_keyboard_each_side_starts_with_its_full_time() {
    let mut app = timed(ByColor {
        white: Player::Human,
        black: Player::Human,
    });
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    // Time passes before White's first move: the clock shows the full time, still.
    app.update(Action::Tick(t0 + S(30)));
    assert_eq!(left(&app), full());
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("White  5:00") && text.contains("Black  5:00"),
        "{text}"
    );
    assert_eq!(app.play().unwrap().running_clock(), None);
    assert_eq!(app.wake_after(), None, "nothing to redraw");
    // White moves; Black thinks a minute over the first move: no clock runs, and the first
    // moves get no increment.
    type_move(&mut app, "e4");
    app.update(Action::Tick(t0 + S(90)));
    assert_eq!(left(&app), full());
    type_move(&mut app, "e5");
    // Both have moved: White's clock runs from Black's move on.
    assert_eq!(app.play().unwrap().running_clock(), Some(Color::White));
    app.update(Action::Tick(t0 + S(100)));
    assert_eq!(left(&app).white, S(290));
    assert!(screen(&mut app, 80, 24).contains("White  4:50"));
    type_move(&mut app, "Nf3");
    app.update(Action::Tick(t0 + S(105)));
    assert_eq!(
        left(&app),
        ByColor {
            white: S(293),
            black: S(295)
        }
    );
}

#[test]
fn against_the_ai_neither_clock_runs_before_both_first_moves() {
    let mut app = timed(ByColor {
        white: Player::Ai(Level::DEFAULT),
        black: Player::Human,
    });
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    let request = app
        .search_request()
        .expect("the AI thinks over its first move");
    app.update(Action::Tick(t0 + S(10)));
    let e4 = rankup::notation::coord::parse(&request.position, "e2e4").unwrap();
    app.update(Action::AiDone {
        id: request.id,
        best: Some(e4),
        thinking: Thinking {
            depth: 1,
            score: "0".into(),
            line: String::new(),
            nodes: 1,
            eval: None,
        },
    });
    assert_eq!(app.play().unwrap().table.game().history().len(), 1);
    // The person thinks 40 s over Black's first move: Black's clock does not run.
    app.update(Action::Tick(t0 + S(50)));
    assert_eq!(left(&app), full());
    assert!(screen(&mut app, 80, 24).contains("Black  5:00"));
    type_move(&mut app, "e5");
    // Now the AI's clock runs.
    app.update(Action::Tick(t0 + S(55)));
    assert_eq!(left(&app).white, S(295));
    assert_eq!(left(&app).black, S(300));
}

/// The AI plays on the player's clock: its search gets the time each side has left and the
/// control's increment (it budgets them itself: `SearchLimits::budget`), and its level's
/// limits besides.
#[test]
fn the_ai_searches_on_the_games_clock() {
    let mut app = timed(ByColor {
        white: Player::Human,
        black: Player::Ai(Level::DEFAULT),
    });
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    type_move(&mut app, "e4");
    app.update(Action::Tick(t0 + S(2)));
    let request = app.search_request().expect("the AI is to move");
    let clock = request.limits.clock.expect("the search is on the clock");
    assert_eq!(clock.time, left(&app));
    assert_eq!(
        clock.inc,
        ByColor {
            white: S(3),
            black: S(3)
        }
    );
    assert_eq!(clock.moves_to_go, None, "sudden death after the increment");
    assert_eq!(request.limits.depth, Level::DEFAULT.limits().depth);
}
