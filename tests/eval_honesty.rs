//! A move's stored evaluation is the engine's opinion or nothing: the weak levels' deliberate
//! noise is neither shown as a score nor kept with the move, nor exported as `%eval`.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

use rankup::ai::{Engine, Level};
use rankup::game::{Eval, Game};
use rankup::notation::coord;
use rankup::rules::{ByColor, Position};
use rankup::save::pgn;
use rankup::save::{GameMeta, Player as Saved, SavedGame};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player, Screen};
use rankup::ui::{run_search, Incoming};
use rankup::variants::{variant, VariantId};

mod common;
use common::{palette, OPTIONS};

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
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Ai(level),
        },
    );
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

#[test]
fn a_game_against_level_1_stores_no_made_up_eval() {
    let level = Level::new(1).unwrap();
    assert!(level.plays_with_noise());
    let (saved, shown) = game_against(level, None);
    assert!(saved.moves.iter().all(|m| m.eval.is_none()), "{saved:?}");
    assert!(!shown.is_empty(), "the AI's thinking was shown");
    assert!(
        shown.iter().all(String::is_empty),
        "scores shown: {shown:?}"
    );
    let text = pgn::export(&saved);
    assert!(!text.contains("%eval"), "{text}");
}

/// The same path without noise keeps the engine's opinion: the test above is not passing
/// for want of evals.
#[test]
fn a_noise_free_level_stores_its_evaluation() {
    let level = Level::DEFAULT;
    assert!(!level.plays_with_noise());
    let (saved, shown) = game_against(level, Some(3));
    let ai: Vec<Option<Eval>> = saved
        .moves
        .iter()
        .skip(1)
        .step_by(2)
        .map(|m| m.eval)
        .collect();
    assert!(ai.iter().all(Option::is_some), "{saved:?}");
    assert!(
        !shown.is_empty() && shown.iter().all(|s| !s.is_empty()),
        "{shown:?}"
    );
    assert!(pgn::export(&saved).contains("[%eval "));
}

/// Files written before kept level 1's noise as evals: review and PGN leave them out, and keep
/// a full-strength level's.
#[test]
fn older_files_with_a_noisy_levels_evals_show_none() {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for (m, cp) in [("e4", 30), ("e5", 209), ("Nf3", 25), ("Nc6", -180)] {
        game.play_text(m).unwrap();
        game.last_note_mut().unwrap().eval = Some(Eval::Centipawns(cp));
    }
    let noisy = GameMeta::new(
        Saved::Ai {
            level: Level::DEFAULT,
        },
        Saved::Ai {
            level: Level::new(1).unwrap(),
        },
    );
    let saved = SavedGame::from_game(&game, &noisy);
    let text = pgn::export(&saved);
    assert!(text.contains("e4 {[%eval 0.30]}"), "{text}");
    assert!(text.contains("Nf3 {[%eval 0.25]}"), "{text}");
    assert!(!text.contains("2.09") && !text.contains("-1.80"), "{text}");
    let app = App::reviewing(OPTIONS, palette(), saved, Some(PathBuf::from("/x/g.ron"))).unwrap();
    let Screen::Review(review) = &app.screen else {
        panic!("reviewing");
    };
    assert_eq!(review.stored_eval(1), Some(Eval::Centipawns(30)));
    assert_eq!(review.stored_eval(2), None);
    assert_eq!(review.stored_eval(3), Some(Eval::Centipawns(25)));
    assert_eq!(review.stored_eval(4), None);
    assert_eq!(review.stored_eval(0), None);
}
