//! A game against the AI has one seed, drawn when it starts and kept in its save: each AI
//! move's search seed comes from it and the ply, so the same seed and the same moves give
//! the same AI replies (at the levels limited by depth or nodes, which search on one
//! thread), and a resumed game plays on with the seed it had.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;

use rankup::ai::{Engine, Level};
use rankup::rules::ByColor;
use rankup::save::{SavedGame, FORMAT_VERSION, OLDEST_FORMAT_VERSION};
use rankup::ui::action::Action;
use rankup::ui::app::{App, IoRequest, Player, Screen};
use rankup::ui::{run_search, Incoming};

mod common;

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

/// Chess between two AIs at `level`, the game's seed set to `seed`.
fn ai_game(level: Level, seed: u64) -> App {
    let mut app = common::chess_between(ByColor {
        white: Player::Ai(level),
        black: Player::Ai(level),
    });
    set_seed(&mut app, seed);
    app
}

fn set_seed(app: &mut App, seed: u64) {
    match &mut app.screen {
        Screen::Play(p) => p.meta.seed = Some(seed),
        _ => panic!("not playing"),
    }
}

fn seed_of(app: &App) -> Option<u64> {
    app.play().expect("playing").meta.seed
}

/// Runs the search the app asks for, as the event loop does, and hands the app every
/// report; returns the request's search seed. `engine` is the one the app keeps for the
/// game (its table and histories carry over from move to move), or a fresh one per move
/// when `None`.
fn ai_moves(app: &mut App, engine: Option<&mut Engine>) -> u64 {
    let request = app.search_request().expect("the AI is to move");
    assert_eq!(
        request.limits.threads, 1,
        "a limited level is deterministic"
    );
    let (tx, rx) = mpsc::channel();
    let mut fresh = Engine::new(16);
    run_search(
        engine.unwrap_or(&mut fresh),
        &request,
        &AtomicBool::new(false),
        &tx,
    );
    drop(tx);
    for incoming in rx {
        if let Incoming::App(action) = incoming {
            app.update(*action);
        }
    }
    request.limits.seed
}

/// The moves of the game so far, as tokens.
fn moves(app: &App) -> Vec<String> {
    let play = app.play().expect("playing");
    play.table
        .game()
        .history()
        .iter()
        .map(|m| m.token.clone())
        .collect()
}

/// `plies` AI moves from the app's game with one engine kept throughout (as the app
/// does); the moves and each move's search seed.
fn play_on(app: &mut App, plies: usize) -> (Vec<String>, Vec<u64>) {
    let mut engine = Engine::new(16);
    let seeds = (0..plies)
        .map(|_| ai_moves(app, Some(&mut engine)))
        .collect();
    (moves(app), seeds)
}

#[test]
fn the_same_seed_and_moves_give_the_same_ai_replies() {
    for n in [2, 5] {
        let (first, seeds) = play_on(&mut ai_game(level(n), 7), 10);
        let (again, seeds_again) = play_on(&mut ai_game(level(n), 7), 10);
        assert_eq!(first.len(), 10, "level {n}: {first:?}");
        assert_eq!(first, again, "level {n}: one seed, one game");
        assert_eq!(seeds, seeds_again);
        // Each move has a seed of its own, drawn from the game's.
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "level {n}: {seeds:?}");
    }
    // Other seeds give other games (level 2 draws among its best six moves, and every level
    // varies its opening).
    let games: std::collections::BTreeSet<Vec<String>> = (1..=6)
        .map(|seed| play_on(&mut ai_game(level(2), seed), 6).0)
        .collect();
    assert!(games.len() > 1, "six seeds, one game: {games:?}");
}

#[test]
fn a_new_game_draws_a_seed_and_a_game_between_people_has_none() {
    let ai = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Ai(level(3)),
    });
    assert!(seed_of(&ai).is_some(), "a game against the AI is seeded");
    let people = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Human,
    });
    assert_eq!(seed_of(&people), None);
    let saved = people.play().unwrap().saved();
    assert_eq!(saved.seed, None);
    assert_eq!(saved.format_version(), OLDEST_FORMAT_VERSION);
}

/// The app resuming `saved` from its file, as the start screen does.
fn resumed(saved: SavedGame) -> App {
    let mut app = common::start_app();
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-seed-test"));
    app.take_io();
    let path = PathBuf::from("/nonexistent/rankup-seed-test/games/g.ron");
    app.resume(path.clone());
    let game_id = app
        .take_io()
        .iter()
        .find_map(|r| match r {
            IoRequest::Resume { game_id, .. } => Some(*game_id),
            _ => None,
        })
        .expect("a resume request");
    app.update(Action::Opened {
        game_id,
        path,
        result: Ok(saved),
    });
    app
}

#[test]
fn a_save_keeps_the_seed_and_a_resumed_game_plays_on_as_it_would_have() {
    for n in [2, 5] {
        // The whole game, each move searched from a fresh table (a resumed game's engine
        // starts empty, so this is what the two can share).
        let mut whole = ai_game(level(n), 99);
        for _ in 0..10 {
            ai_moves(&mut whole, None);
        }
        let mut first = ai_game(level(n), 99);
        for _ in 0..4 {
            ai_moves(&mut first, None);
        }
        let saved = first.play().unwrap().saved();
        assert_eq!(saved.seed, Some(99));
        let text = saved.to_ron();
        assert!(text.contains("seed: 99,"), "{text}");
        assert_eq!(saved.format_version(), FORMAT_VERSION, "{text}");
        let loaded = SavedGame::from_ron(&text, "g.ron").unwrap();
        assert_eq!(loaded, saved, "the seed round-trips");
        let mut app = resumed(loaded);
        assert_eq!(seed_of(&app), Some(99), "the resumed game keeps its seed");
        for _ in 4..10 {
            ai_moves(&mut app, None);
        }
        assert_eq!(moves(&app), moves(&whole), "level {n}");
    }
}

#[test]
fn an_old_save_without_a_seed_loads_and_gets_one() {
    let mut app = ai_game(level(2), 5);
    ai_moves(&mut app, None);
    let text = app.play().unwrap().saved().to_ron();
    // The same game as a rankup before seeds wrote it.
    let old: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("seed:"))
        .map(|l| l.replace("version: 3,", "version: 1,") + "\n")
        .collect();
    assert!(
        old.contains("version: 1,") && !old.contains("seed"),
        "{old}"
    );
    let loaded = SavedGame::from_ron(&old, "old.ron").expect("an old save loads");
    assert_eq!(loaded.seed, None);
    let app = resumed(loaded);
    assert_eq!(app.play().unwrap().table.game().history().len(), 1);
    assert!(seed_of(&app).is_some(), "resumed with a fresh seed");
    assert!(app.search_request().is_some(), "and the AI plays on");
}
