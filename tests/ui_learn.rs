//! The lessons screen driven by actions: from the start screen to a course, a lesson played
//! to its end with typed moves and the cursor, a wrong move answered with why, the progress
//! kept through the keeper and shown on the start screen; and a snapshot of a step at 80x24.

mod common;
use common::{screen, start_app};

use rankup::learn::Progress;
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, IoRequest, Screen};
use rankup::ui::input::{action_for, Context};
use rankup::ui::keeper::Keeper;
use rankup::ui::learn::Stage;
use rankup::variants::VariantId;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn typed(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn message(app: &App) -> String {
    match &app.screen {
        Screen::Learn(l) => l
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default(),
        _ => panic!("not on the lessons screen"),
    }
}

fn stage(app: &App) -> &Stage {
    match &app.screen {
        Screen::Learn(l) => &l.stage,
        _ => panic!("not on the lessons screen"),
    }
}

/// The app on the lessons of `game`, opened from the start screen with `L`.
fn learning(game: VariantId) -> App {
    let mut app = start_app();
    assert_eq!(action_for(Context::Menu, key('L')), Some(Action::Learn));
    app.update(Action::Learn);
    let courses = match &app.screen {
        Screen::Learn(l) => l.courses.clone(),
        _ => panic!("L opens the lessons"),
    };
    let index = courses
        .iter()
        .position(|c| c.game == game)
        .expect("a course");
    for _ in 0..index {
        app.update(Action::Move(Dir::Down));
    }
    app.update(Action::Select);
    app
}

#[test]
fn a_promochess_lesson_is_played_to_its_end_and_kept() {
    let mut app = learning(VariantId::Promochess);
    app.data_dir = Some(std::env::temp_dir());
    assert!(matches!(stage(&app), Stage::Lessons { index: 0, .. }));
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.lesson == 0 && s.step == 0));
    // h shows the hint.
    assert_eq!(action_for(Context::Learn, key('h')), Some(Action::Hint));
    app.update(Action::Hint);
    assert!(
        message(&app).starts_with("hint: The zone starts at rank 7"),
        "{}",
        message(&app)
    );
    // A legal move that does not lead to the goal.
    typed(&mut app, "Kd1");
    assert_eq!(
        message(&app),
        "not this one: Walk the Silver into the zone (two steps) and promote it to a Dragon."
    );
    // An illegal move typed: the rules say why.
    typed(&mut app, "e5e7");
    assert!(message(&app).contains("cannot"), "{}", message(&app));
    typed(&mut app, "e5e6");
    assert_eq!(message(&app), "good: go on");
    // The promotion by the cursor: e6 to e7 opens the picker; the first choice promotes.
    let Stage::Step(s) = stage(&app) else {
        panic!()
    };
    assert_eq!(s.input.cursor.to_string(), "e1");
    for _ in 0..5 {
        app.update(Action::Move(Dir::Up));
    }
    app.update(Action::Select);
    app.update(Action::Move(Dir::Up));
    app.update(Action::Select);
    assert_eq!(app.context(), Context::Picker);
    app.update(Action::Choose(0));
    assert!(message(&app).starts_with("A move that ends in the zone may promote"));
    assert!(app.take_io().is_empty(), "the lesson is not over yet");
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.step == 1));
    typed(&mut app, "e7e8+");
    assert!(message(&app).starts_with("Declining is not for ever"));
    let io = app.take_io();
    let [IoRequest::RememberLessons(progress)] = io.as_slice() else {
        panic!("the finished lesson is kept: {io:?}");
    };
    assert_eq!(progress, &app.progress);
    assert!(progress.done["promochess"].contains("The promotion zone"));
    // Enter goes on to the next lesson.
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.lesson == 1 && s.step == 0));
    // Esc to the lessons, to the courses, to the start screen, which counts the lesson.
    for _ in 0..3 {
        app.update(Action::Cancel);
    }
    assert!(matches!(app.screen, Screen::Menu(_)));
    let text = screen(&mut app, 80, 24);
    assert!(
        text.lines().next().unwrap().contains("L learn 1/"),
        "{text}"
    );
}

#[test]
fn the_progress_file_is_written_and_read_back_by_the_keeper() {
    let root = std::env::temp_dir().join(format!("rankup-learn-{}", std::process::id()));
    let data = rankup::save::DataDir::at(&root);
    let mut keeper = Keeper::new(Some(data));
    assert_eq!(keeper.read_progress(), None);
    let mut progress = Progress::default();
    progress
        .done
        .entry("veteran".into())
        .or_default()
        .insert("Chains".into());
    assert_eq!(
        keeper.perform(IoRequest::RememberLessons(progress.clone())),
        None
    );
    assert_eq!(keeper.read_progress(), Some(Ok(progress)));
    std::fs::write(root.join(rankup::learn::PROGRESS_FILE), "(done: 3)").unwrap();
    let Some(Err(problem)) = keeper.read_progress() else {
        panic!("a broken file is reported");
    };
    assert!(problem.contains("lessons.ron"), "{problem}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_chess_line_answers_the_opponent_and_a_step_at_80x24() {
    let mut app = learning(VariantId::Chess);
    // The last lesson, its last step: the line with Black's scripted reply.
    for _ in 0..5 {
        app.update(Action::Move(Dir::Down));
    }
    app.update(Action::Select);
    typed(&mut app, "Rh8+");
    app.update(Action::Select);
    typed(&mut app, "Ra8#");
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.step == 2));
    typed(&mut app, "Rb7+");
    assert_eq!(message(&app), "Black answers Ke8: go on");
    let text = screen(&mut app, 80, 24);
    insta::assert_snapshot!("learn_step_80x24", text);
}

#[test]
fn help_on_the_lessons_lists_their_keys() {
    let mut app = learning(VariantId::Veteran);
    app.update(Action::Help);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Lessons"), "{text}");
    assert!(text.contains("the step's hint"), "{text}");
}

/// Upgrade: `Kxd2` without the level's square is that move when only one piece can receive
/// the level, and says what to add when two can.
#[test]
fn a_king_capture_typed_without_its_recipient_is_taken_or_completed() {
    let mut app = learning(VariantId::Upgrade);
    app.update(Action::Move(Dir::Down));
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.lesson == 1 && s.step == 0));
    typed(&mut app, "Kxd2");
    assert!(
        message(&app).starts_with("The Rook had level 1"),
        "{}",
        message(&app)
    );
    app.update(Action::Select);
    assert!(matches!(stage(&app), Stage::Step(s) if s.step == 1));
    typed(&mut app, "Kxd2");
    assert_eq!(
        message(&app),
        "say which piece receives the level: Kxd2^a1 or Kxd2^h1"
    );
    typed(&mut app, "Kxd2^h1");
    assert!(
        message(&app).starts_with("^h1 names the piece"),
        "{}",
        message(&app)
    );
}

/// Tamerspiel: the swap lesson, a swap onto an attacked piece answered with the rules'
/// reason on the status line (the wide board leaves the panel three rows at 80x24), the
/// swap typed as SAN, and the step drawn at 80x24.
#[test]
fn a_tamerspiel_swap_step_at_80x24() {
    let mut app = learning(VariantId::Tamerspiel);
    let Screen::Learn(learn) = &app.screen else {
        panic!()
    };
    let Stage::Lessons { course, .. } = learn.stage else {
        panic!("the lessons of the course")
    };
    let swap = learn.courses[course]
        .lessons
        .iter()
        .position(|l| l.title == "The King swap")
        .expect("a swap lesson");
    for _ in 0..swap {
        app.update(Action::Move(Dir::Down));
    }
    app.update(Action::Select);
    typed(&mut app, "K~c3");
    assert!(
        message(&app).starts_with("The King stands on c3"),
        "{}",
        message(&app)
    );
    app.update(Action::Select);
    typed(&mut app, "g1d4");
    assert!(message(&app).contains("attacked"), "{}", message(&app));
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("attacked"),
        "the reason is on the screen: {text}"
    );
    insta::assert_snapshot!("learn_tamerspiel_swap_80x24", text);
    typed(&mut app, "K~j3");
    assert!(
        message(&app).starts_with("A swap needs"),
        "{}",
        message(&app)
    );
}

/// The promotion zone and the citadels are named beside the board, drawn as the board draws
/// them, so they read without colours.
#[test]
fn the_zone_is_named_beside_the_board() {
    let mut app = learning(VariantId::Promochess);
    app.update(Action::Select);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("promotion zone"), "{text}");
}

/// A typed SAN move the piece cannot make is answered with the rules' reason (the Nobleman
/// never jumps), not just "illegal move".
#[test]
fn a_blocked_nobleman_typed_is_told_why() {
    let mut app = learning(VariantId::Tamerspiel);
    let Screen::Learn(learn) = &app.screen else {
        panic!()
    };
    let Stage::Lessons { course, .. } = learn.stage else {
        panic!("the lessons of the course")
    };
    let noble = learn.courses[course]
        .lessons
        .iter()
        .position(|l| l.title == "The Nobleman")
        .expect("a Nobleman lesson");
    for _ in 0..noble {
        app.update(Action::Move(Dir::Down));
    }
    app.update(Action::Select);
    typed(&mut app, "Nxe6");
    app.update(Action::Select);
    typed(&mut app, "Nxc6");
    let why = message(&app);
    assert!(
        why.contains("e4") && !why.starts_with("illegal move"),
        "{why}"
    );
}
