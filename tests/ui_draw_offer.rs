//! Draw offers through the app: against the AI the AI answers at once (accepting when its
//! search says it stands no better than a draw, declining in its own voice otherwise) and
//! offers a draw itself late in a long level game; at one keyboard the wording is for two
//! people.

mod common;
use common::{palette, OPTIONS};

use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rankup::ai::{Engine, Level};
use rankup::game::Eval;
use rankup::notation::{coord, san};
use rankup::rules::{ByColor, Color, EndReason, Outcome, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, SearchFor, SearchRequest, Thinking};
use rankup::ui::{run_search, Incoming};
use rankup::variants::{variant, VariantId};

const AI: Player = Player::Ai(Level::DEFAULT);

fn chess(fen: &str, players: ByColor<Player>) -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::from_fen(variant(VariantId::Chess), fen).unwrap(),
        None,
        players,
    )
}

/// The person plays White against the AI.
fn against_ai(fen: &str) -> App {
    chess(
        fen,
        ByColor {
            white: Player::Human,
            black: AI,
        },
    )
}

fn message(app: &App) -> String {
    let play = app.play().unwrap();
    play.message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn outcome(app: &App) -> Option<Outcome> {
    app.play().unwrap().table.game().outcome()
}

fn draw_offer(app: &App) -> Option<Color> {
    app.play().unwrap().table.draw_offer()
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    text.chars().for_each(|c| app.update(Action::Type(c)));
    app.update(Action::Submit);
}

/// Runs the search the app asks for with the real engine, as the event loop would, and
/// hands its result back; the request it ran.
fn run_wanted_search(app: &mut App) -> SearchRequest {
    let request = app.search_request().expect("a search is wanted");
    let (tx, rx) = mpsc::channel();
    let mut engine = Engine::new(16);
    run_search(&mut engine, &request, &AtomicBool::new(false), &tx);
    drop(tx);
    let done = rx
        .into_iter()
        .filter_map(|i| match i {
            Incoming::App(a) if matches!(*a, Action::AiDone { .. }) => Some(*a),
            _ => None,
        })
        .last()
        .expect("the search answers");
    app.update(done);
    request
}

/// The id the app gives a search for `kind` now.
fn wanted(app: &App, kind: SearchFor) -> u64 {
    app.play().unwrap().search_id(kind)
}

const DRAWN: Outcome = Outcome::Draw {
    reason: EndReason::Agreement,
};

#[test]
fn the_ai_accepts_a_draw_when_it_stands_worse() {
    // The AI (Black) has a bare King against two Queens.
    let mut app = against_ai("k7/8/8/8/8/8/8/2QQ2K1 w - - 0 1");
    app.update(Action::OfferDraw);
    assert_eq!(draw_offer(&app), Some(Color::White));
    assert_eq!(
        message(&app),
        "White offers a draw; AI (level 4) answers at once"
    );
    let request = app.search_request().expect("the AI thinks about it");
    assert_eq!(request.id, wanted(&app, SearchFor::DrawAnswer));
    // A fraction of a second, at full strength whatever the level.
    assert!(request.limits.movetime.unwrap() <= Duration::from_millis(300));
    assert_eq!(request.limits.noise, 0);
    let started = Instant::now();
    run_wanted_search(&mut app);
    eprintln!("answered in {:?}", started.elapsed());
    assert_eq!(outcome(&app), Some(DRAWN));
    assert_eq!(
        message(&app),
        "AI (level 4) accepts the draw: draw by agreement"
    );
    assert!(app.search_request().is_none(), "the game is over");
}

#[test]
fn the_ai_declines_a_draw_when_it_stands_better_and_plays_on() {
    // The AI (Black) has two Queens against a bare King; a weak level answers as honestly.
    let mut app = chess(
        "2qq2k1/8/8/8/8/8/8/K7 w - - 0 1",
        ByColor {
            white: Player::Human,
            black: Player::Ai(Level::new(1).unwrap()),
        },
    );
    app.update(Action::OfferDraw);
    assert_eq!(
        message(&app),
        "White offers a draw; AI (level 1) answers at once"
    );
    let request = run_wanted_search(&mut app);
    assert_eq!(request.limits.noise, 0, "the answer is no guess");
    assert_eq!(outcome(&app), None);
    assert_eq!(draw_offer(&app), None, "declined: the offer is gone");
    assert_eq!(message(&app), "AI (level 1) declines the draw");
    assert!(
        app.search_request().is_none(),
        "White to move: nothing to search"
    );
    // The game goes on: White moves, the AI is asked for its move.
    type_move(&mut app, "Ka2");
    let request = app.search_request().expect("the AI's move");
    assert_eq!(request.id, wanted(&app, SearchFor::Move));
}

/// The answer search reports `eval` (White's point of view).
fn answer_with(app: &mut App, eval: Eval) {
    let request = app.search_request().expect("the answer");
    assert_eq!(request.id, wanted(app, SearchFor::DrawAnswer));
    app.update(Action::AiDone {
        id: request.id,
        best: None,
        thinking: Thinking {
            depth: 10,
            score: String::new(),
            line: String::new(),
            nodes: 1,
            eval: Some(eval),
        },
    });
}

/// A level position is a draw only late in the game: on move 1 the AI (Black, a little
/// worse as Black is) declines; on move 30 it accepts the same score.
#[test]
fn a_level_position_is_a_draw_only_late_in_the_game() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut app = against_ai(start);
    app.update(Action::OfferDraw);
    answer_with(&mut app, Eval::Centipawns(25));
    assert_eq!(outcome(&app), None);
    assert_eq!(message(&app), "AI (level 4) declines the draw");
    // Clearly worse on move 1: it accepts.
    app.update(Action::OfferDraw);
    answer_with(&mut app, Eval::Centipawns(60));
    assert_eq!(outcome(&app), Some(DRAWN));
    let mut app = against_ai("7k/8/8/3p4/3P4/8/8/K7 w - - 0 30");
    app.update(Action::OfferDraw);
    answer_with(&mut app, Eval::Centipawns(10));
    assert_eq!(outcome(&app), Some(DRAWN));
}

#[test]
fn an_offer_on_the_ais_turn_is_answered_before_it_moves() {
    let mut app = against_ai("k7/8/8/8/8/8/8/2QQ2K1 w - - 0 1");
    type_move(&mut app, "Kh2");
    let thinking = app.search_request().expect("the AI's move");
    assert_eq!(thinking.id, wanted(&app, SearchFor::Move));
    // The person offers while the AI thinks: the answer comes first, and a move found
    // meanwhile waits for it.
    app.update(Action::OfferDraw);
    assert_eq!(draw_offer(&app), Some(Color::White));
    let answer = app.search_request().expect("the answer");
    assert_eq!(answer.id, wanted(&app, SearchFor::DrawAnswer));
    let mv = coord::parse(&thinking.position, "a8b8").unwrap();
    app.update(Action::AiDone {
        id: thinking.id,
        best: Some(mv),
        thinking: Thinking {
            depth: 1,
            score: String::new(),
            line: String::new(),
            nodes: 1,
            eval: None,
        },
    });
    assert_eq!(app.play().unwrap().table.game().history().len(), 1);
    // D again while it thinks says so, and asks nothing twice.
    app.update(Action::OfferDraw);
    assert_eq!(
        message(&app),
        "AI (level 4) is thinking over your draw offer"
    );
    run_wanted_search(&mut app);
    assert_eq!(outcome(&app), Some(DRAWN));
}

/// A blocked, level endgame late in the game: the AI (Black) reports about 0.00 after each
/// of its moves; after ten of them it offers a draw, which the person accepts with D.
#[test]
fn the_ai_offers_a_draw_in_a_long_level_endgame_and_the_person_accepts() {
    let mut app = against_ai("7k/8/8/3p4/3P4/8/8/K7 w - - 0 60");
    // The Kings walk without repeating a position.
    let white = "a2 a3 a4 a5 a6 a7 b7 b6 b5 b4";
    let black = "h7 h6 h5 h4 h3 h2 h1 g1 g2 g3";
    for (n, (w, b)) in white.split(' ').zip(black.split(' ')).enumerate() {
        assert_eq!(draw_offer(&app), None, "no offer after {n} level moves");
        type_move(&mut app, &format!("K{w}"));
        let request = app.search_request().expect("the AI's move");
        let reply = san::parse(&request.position, &format!("K{b}")).unwrap();
        app.update(Action::AiDone {
            id: request.id,
            best: Some(reply),
            thinking: Thinking {
                depth: 12,
                score: "0.00".into(),
                line: String::new(),
                nodes: 100_000,
                eval: Some(Eval::Centipawns(if n % 2 == 0 { 3 } else { -2 })),
            },
        });
        assert_eq!(outcome(&app), None);
    }
    assert_eq!(draw_offer(&app), Some(Color::Black));
    assert_eq!(
        message(&app),
        "AI (level 4) played Kg3 and offers a draw: D accepts, a move declines"
    );
    app.update(Action::OfferDraw);
    assert_eq!(outcome(&app), Some(DRAWN));
    assert_eq!(message(&app), "White accepts the draw: draw by agreement");
}

#[test]
fn at_one_keyboard_the_offer_is_worded_for_two_people() {
    let mut app = chess(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    app.update(Action::OfferDraw);
    assert_eq!(
        message(&app),
        "White offers a draw; make your move, then Black may press D to accept"
    );
    assert!(app.search_request().is_none(), "no AI to ask");
    type_move(&mut app, "e4");
    app.update(Action::OfferDraw);
    assert_eq!(outcome(&app), Some(DRAWN));
    assert_eq!(message(&app), "Black accepts the draw: draw by agreement");
}

#[test]
fn no_offer_between_two_ais() {
    let mut app = chess(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ByColor {
            white: AI,
            black: AI,
        },
    );
    app.update(Action::OfferDraw);
    assert_eq!(draw_offer(&app), None);
    assert!(message(&app).contains("the AI plays both sides"));
}
