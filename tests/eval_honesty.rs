//! A move's stored evaluation is the engine's opinion: every level's score is one (the weak
//! levels choose lesser moves, they do not falsify the evaluation), shown, kept and exported.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

use rankup::ai::{Engine, Level};
use rankup::game::Eval;
use rankup::notation::coord;
use rankup::rules::ByColor;
use rankup::save::pgn;
use rankup::save::SavedGame;
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player};
use rankup::ui::{run_search, Incoming};

mod common;

fn typed(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

/// Runs the search the app asks for, as the event loop does (with `depth` in place of the
/// level's time, so the test is quick and repeatable), and hands the app every report.
/// Returns the scores the app showed while the AI thought.
fn ai_moves(app: &mut App, engine: &mut Engine, depth: Option<u32>) -> Vec<String> {
    let mut request = app.search_request().expect("the AI is to move");
    if let Some(d) = depth {
        request.limits.depth = Some(d);
        request.limits.movetime = None;
    }
    request.limits.threads = 1;
    let (tx, rx) = mpsc::channel();
    run_search(engine, &request, &AtomicBool::new(false), &tx);
    drop(tx);
    let mut shown = Vec::new();
    for incoming in rx {
        let Incoming::App(action) = incoming else {
            continue;
        };
        app.update(*action);
        if let Some(t) = app.play().and_then(|p| p.thinking.as_ref()) {
            shown.push(t.score.clone());
        }
    }
    shown
}

/// A person (White) against the AI at `level`, three moves each; the saved game and the
/// scores shown while the AI thought.
fn game_against(level: Level, depth: Option<u32>) -> (SavedGame, Vec<String>) {
    let mut app = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Ai(level),
    });
    let mut engine = Engine::new(16);
    let mut shown = Vec::new();
    for _ in 0..3 {
        // The person's move is one that is legal whatever the AI played (its noise is
        // random): the first in token order.
        let pos = app.play().unwrap().table.game().position().clone();
        let mut legal: Vec<_> = pos
            .legal_moves()
            .iter()
            .map(|m| (coord::format(pos.variant(), m), *m))
            .collect();
        legal.sort_by(|a, b| a.0.cmp(&b.0));
        typed(&mut app, &legal[0].0);
        shown.extend(ai_moves(&mut app, &mut engine, depth));
    }
    let play = app.play().unwrap();
    assert_eq!(
        play.table.game().history().len(),
        6,
        "the AI answered every move"
    );
    (play.saved(), shown)
}

/// Every level keeps the engine's opinion: the weak levels play a lesser move by choice
/// (a temperature over the best lines), never by falsifying the evaluation, so the score of
/// the line they play is honest, shown while they think, kept with the move and exported.
#[test]
fn every_level_stores_its_evaluation() {
    for (level, depth) in [(Level::MIN, None), (Level::DEFAULT, Some(3))] {
        let (saved, shown) = game_against(level, depth);
        let ai: Vec<Option<Eval>> = saved
            .moves
            .iter()
            .skip(1)
            .step_by(2)
            .map(|m| m.eval)
            .collect();
        assert!(ai.iter().all(Option::is_some), "{level}: {saved:?}");
        assert!(
            !shown.is_empty() && shown.iter().all(|s| !s.is_empty()),
            "{level}: {shown:?}"
        );
        assert!(pgn::export(&saved).contains("[%eval "), "{level}");
    }
}
