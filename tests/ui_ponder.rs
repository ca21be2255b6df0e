//! Pondering in the app: the top level thinks on the player's time (a search of the
//! player's position, never played, that fills the engine's hash table for its own move);
//! the other levels, a game without the option, and the server's apps do not.

mod common;
use common::{palette, OPTIONS};

use rankup::ai::Level;
use rankup::notation::coord;
use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Options, Player, SearchRequest, Thinking};
use rankup::ui::play::SearchFor;
use rankup::variants::{variant, VariantId};

/// A chess game, the person White against the AI at `level` Black.
fn against(level: u8, ponder: bool) -> App {
    App::playing(
        Options { ponder, ..OPTIONS },
        palette(),
        Position::start(variant(VariantId::Chess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Ai(Level::new(level).unwrap()),
        },
    )
}

fn search_id(app: &App, kind: SearchFor) -> u64 {
    app.play().unwrap().search_id(kind)
}

fn done(request: &SearchRequest, token: &str) -> Action {
    Action::AiDone {
        id: request.id,
        best: Some(coord::parse(&request.position, token).unwrap()),
        thinking: Thinking {
            depth: 20,
            score: "+0.30 White".into(),
            line: String::new(),
            nodes: 1_000_000,
            eval: None,
        },
    }
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    text.chars().for_each(|c| app.update(Action::Type(c)));
    app.update(Action::Submit);
}

fn moves_played(app: &App) -> usize {
    app.play().unwrap().table.game().history().len()
}

#[test]
fn the_top_level_thinks_on_the_players_time() {
    let mut app = against(8, true);
    let ponder = app
        .search_request()
        .expect("the AI ponders the person's position");
    assert_eq!(ponder.id, search_id(&app, SearchFor::Ponder));
    assert!(ponder.limits.infinite, "until the person moves");
    assert_eq!(ponder.limits.threads, Level::MAX.limits().threads);
    assert_eq!(
        ponder.position,
        *app.play().unwrap().table.game().position()
    );
    // Asking again is the same search (the loop keeps it running).
    assert_eq!(app.search_request().unwrap().id, ponder.id);

    // The person moves: the ponder search gives way to the AI's own, on its level's limits.
    type_move(&mut app, "e4");
    let own = app.search_request().expect("the AI's move");
    assert_eq!(own.id, search_id(&app, SearchFor::Move));
    assert!(!own.limits.infinite);
    assert_eq!(own.game, ponder.game, "the same engine and hash table");

    // The AI moves: it ponders again, in the new position.
    app.update(done(&own, "e7e5"));
    assert_eq!(moves_played(&app), 2);
    let again = app.search_request().expect("pondering again");
    assert_eq!(again.id, search_id(&app, SearchFor::Ponder));
    assert_ne!(again.id, ponder.id);
}

#[test]
fn a_ponder_result_is_never_played_and_never_restarted() {
    let mut app = against(8, true);
    let ponder = app.search_request().unwrap();
    // What it thinks is not shown: it is no move of the AI's.
    if let Action::AiDone { thinking, .. } = done(&ponder, "e2e4") {
        app.update(Action::AiInfo {
            id: ponder.id,
            thinking,
        });
    }
    assert!(app.play().unwrap().thinking.is_none());
    // The search ends by itself (its deepest iteration, a mate found): its move is not the
    // person's, and the same search is not started over.
    app.update(done(&ponder, "e2e4"));
    assert_eq!(moves_played(&app), 0);
    assert!(app.play().unwrap().thinking.is_none());
    assert!(app.search_request().is_none());
    // A late result of a ponder search stopped by the person's move changes nothing.
    type_move(&mut app, "d4");
    app.update(done(&ponder, "e2e4"));
    assert_eq!(moves_played(&app), 1);
    assert_eq!(
        app.search_request().unwrap().id,
        search_id(&app, SearchFor::Move)
    );
}

#[test]
fn a_hint_comes_before_pondering() {
    let mut app = against(8, true);
    app.update(Action::Hint);
    let hint = app.search_request().unwrap();
    assert_eq!(hint.id, search_id(&app, SearchFor::Hint));
    app.update(done(&hint, "g1f3"));
    assert_eq!(moves_played(&app), 0);
    assert_eq!(
        app.search_request().unwrap().id,
        search_id(&app, SearchFor::Ponder),
        "the hint given, the AI ponders again"
    );
}

#[test]
fn levels_below_the_top_and_the_option_off_do_not_ponder() {
    for level in 1..8 {
        assert!(
            against(level, true).search_request().is_none(),
            "level {level} answers at once on depth or nodes"
        );
    }
    assert!(against(8, false).search_request().is_none());
    assert!(Level::MAX.ponders() && !Level::new(7).unwrap().ponders());
    // Two people at one keyboard: nobody ponders.
    let mut app = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Human,
    });
    app.options.ponder = true;
    assert!(app.search_request().is_none());
}

/// The server's apps never ponder: its search threads are shared by every connection.
#[test]
fn the_servers_apps_do_not_ponder() {
    assert!(
        !rankup::ui::remote::online_app(&rankup::ui::remote::RemoteTerm::new("xterm-256color"))
            .options
            .ponder
    );
}
