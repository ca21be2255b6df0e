//! The puzzles screen driven by actions: from the start screen (`P`) to a game's set, a
//! puzzle solved with typed moves (the rating moves and is kept through the keeper), a wrong
//! move answered "not the best: try again" with the board back, and a snapshot at 80x24.

mod common;
use common::{screen, start_app};

use rankup::notation::coord;
use rankup::puzzles::Record;
use rankup::ui::action::Action;
use rankup::ui::app::{App, IoRequest, Screen};
use rankup::ui::input::{action_for, Context};
use rankup::ui::keeper::Keeper;
use rankup::ui::puzzles::{Solving, Stage};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn typed(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn message(app: &App) -> String {
    match &app.screen {
        Screen::Puzzles(s) => s
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default(),
        _ => panic!("not on the puzzles screen"),
    }
}

fn solving(app: &App) -> &Solving {
    match &app.screen {
        Screen::Puzzles(s) => match &s.stage {
            Stage::Solve(s) => s,
            other => panic!("not solving: {other:?}"),
        },
        _ => panic!("not on the puzzles screen"),
    }
}

/// The app on its first chess puzzle, opened from the start screen with `P`.
fn on_a_puzzle() -> App {
    let mut app = start_app();
    let p = KeyEvent::new(KeyCode::Char('P'), KeyModifiers::NONE);
    assert_eq!(action_for(Context::Menu, p), Some(Action::Puzzles));
    app.update(Action::Puzzles);
    assert!(matches!(&app.screen, Screen::Puzzles(s) if matches!(s.stage, Stage::Games { .. })));
    // Chess is the first game; Enter opens its themes, Enter again "any theme".
    app.update(Action::Select);
    app.update(Action::Select);
    app
}

/// The token of the move the line wants now.
fn wanted(app: &App) -> String {
    let s = solving(app);
    let pos = s.attempt.position();
    coord::format(
        pos.variant(),
        &s.attempt.expected().expect("a move to find"),
    )
}

#[test]
fn a_puzzle_solved_moves_the_rating_and_is_kept() {
    let mut app = on_a_puzzle();
    app.data_dir = Some(std::env::temp_dir());
    assert!(message(&app).contains("played"), "{}", message(&app));
    assert!(message(&app).contains("played"), "{}", message(&app));
    let id = {
        let s = solving(&app);
        match &app.screen {
            Screen::Puzzles(p) => p.sets[s.set].puzzles[s.puzzle].id.clone(),
            _ => unreachable!(),
        }
    };
    let before = app.puzzle_record.game("chess").rating;
    while !solving(&app).attempt.solved() {
        let token = wanted(&app);
        typed(&mut app, &token);
        let m = message(&app);
        assert!(m.starts_with("right:") || m.starts_with("solved"), "{m}");
    }
    assert!(
        message(&app).starts_with("solved: rating"),
        "{}",
        message(&app)
    );
    assert!(message(&app).contains("streak 1"), "{}", message(&app));
    let after = app.puzzle_record.game("chess").rating;
    assert!(after.rating > before.rating, "{after:?} {before:?}");
    assert!(app.puzzle_record.solved(&id));
    let io = app.take_io();
    let [IoRequest::RememberPuzzles(text)] = io.as_slice() else {
        panic!("the record is kept: {io:?}");
    };
    assert_eq!(Record::parse(text).unwrap(), app.puzzle_record);
    // Enter: the next puzzle, another one.
    app.update(Action::Select);
    let s = solving(&app);
    assert!(!s.attempt.solved());
    let Screen::Puzzles(p) = &app.screen else {
        unreachable!()
    };
    assert_ne!(p.sets[s.set].puzzles[s.puzzle].id, id);
    // Esc to the themes, the games, the start screen.
    for _ in 0..3 {
        app.update(Action::Cancel);
    }
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn a_wrong_move_is_not_the_best_and_the_board_comes_back() {
    let mut app = on_a_puzzle();
    let start = solving(&app).attempt.position().clone();
    let want = wanted(&app);
    let other = start
        .legal_moves()
        .into_iter()
        .map(|m| coord::format(start.variant(), &m))
        .find(|t| *t != want)
        .expect("another legal move");
    let before = app.puzzle_record.game("chess").rating;
    typed(&mut app, &other);
    assert_eq!(message(&app), "not the best: try again");
    assert_eq!(solving(&app).attempt.position(), &start);
    // Missed: rated a loss at once, the streak ends.
    assert_eq!(solving(&app).result, Some(false));
    assert!(app.puzzle_record.game("chess").rating.rating < before.rating);
    assert_eq!(app.puzzle_record.game("chess").streak, 0);
    // The line can still be played to its end; it does not rate again.
    while !solving(&app).attempt.solved() {
        let token = wanted(&app);
        typed(&mut app, &token);
    }
    assert!(
        message(&app).starts_with("line played: rating"),
        "{}",
        message(&app)
    );
}

#[test]
fn the_solution_key_plays_the_line() {
    let mut app = on_a_puzzle();
    assert_eq!(
        action_for(
            Context::Learn,
            KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE)
        ),
        Some(Action::Undo)
    );
    app.update(Action::Undo);
    assert!(
        message(&app).starts_with("the solution: "),
        "{}",
        message(&app)
    );
    assert!(solving(&app).attempt.solved());
    assert_eq!(solving(&app).result, Some(false));
}

#[test]
fn the_record_file_is_written_and_read_back_by_the_keeper() {
    let root = std::env::temp_dir().join(format!("rankup-puzzles-{}", std::process::id()));
    let data = rankup::save::DataDir::at(&root);
    let mut keeper = Keeper::new(Some(data));
    assert_eq!(keeper.read_puzzles(), None);
    let set = &rankup::puzzles::sets()[0];
    let mut record = Record::default();
    record.result(set.game.as_str(), &set.puzzles[0], true);
    assert_eq!(
        keeper.perform(IoRequest::RememberPuzzles(record.to_ron())),
        None
    );
    assert_eq!(keeper.read_puzzles(), Some(Ok(record)));
    std::fs::write(root.join(rankup::puzzles::RECORD_FILE), "(games: 3)").unwrap();
    let Some(Err(problem)) = keeper.read_puzzles() else {
        panic!("a broken file is reported");
    };
    assert!(problem.contains("puzzles.ron"), "{problem}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_puzzle_at_80x24() {
    let mut app = on_a_puzzle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("to play and win"), "{text}");
    insta::assert_snapshot!("puzzle_80x24", text);
}

#[test]
fn help_on_the_puzzles_lists_their_keys() {
    let mut app = on_a_puzzle();
    app.update(Action::Help);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Puzzles"), "{text}");
    assert!(text.contains("show the solution"), "{text}");
}
