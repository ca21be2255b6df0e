//! Lessons (`variants/lessons/*.ron`): every built-in course passes the checks of
//! `rankup learn --check`; bad files are refused with the file, line, lesson and step; and a
//! step played move by move is solved, goes on, or answers a wrong move with why.

use rankup::learn::{self, Answer, Attempt, Done, LessonErrorKind};
use rankup::notation::parse_move;
use rankup::variants::VariantId;

mod common;

/// Every built-in lesson file loads (every position legal, every move and line legal, every
/// state reachable), and `rankup learn --check` says so with exit code 0.
#[test]
fn every_builtin_course_passes_the_check() {
    let games = learn::builtin_games();
    assert!(games.contains(&VariantId::Chess) && games.contains(&VariantId::Promochess));
    for game in games {
        let course = learn::builtin(game)
            .expect("a course")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(course.game, game);
        assert!(!course.lessons.is_empty());
        let (file, _) = learn::builtin_source(game).expect("a file");
        let out = common::rankup()
            .args(["learn", "--check", &file])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("the binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{file}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.starts_with("ok: "), "{stdout}");
        assert_eq!(stdout.lines().count(), course.lessons.len() + 1);
    }
}

/// A small course around one step, written as a lesson file.
fn course_with(position: &str, done: &str) -> String {
    format!(
        r#"(
    game: "chess",
    title: "Test",
    lessons: [
        (
            title: "First",
            teaches: "something",
            steps: [
                (
                    position: "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1",
                    goal: "Move the Rook to a8.",
                    done: Reach(state: Piece('R', "a8")),
                    hint: "Up the file.",
                    success: "Done.",
                ),
            ],
        ),
        (
            title: "Second",
            teaches: "something else",
            steps: [
                (
                    position: "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1",
                    goal: "Move the Rook to a8.",
                    done: Reach(state: Piece('R', "a8")),
                    hint: "Up the file.",
                    success: "Done.",
                ),
                (
                    position: "{position}",
                    goal: "The goal.",
                    done: {done},
                    hint: "A hint.",
                    success: "Well done.",
                ),
            ],
        ),
    ],
)"#
    )
}

const ROOK: &str = "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1";

fn refused(text: &str) -> learn::LessonFileError {
    learn::load(text, "mine.ron").expect_err("the file is refused")
}

#[test]
fn a_good_file_loads_into_its_lessons_and_steps() {
    let course =
        learn::load(&course_with(ROOK, r#"Moves(["Ra8+", "Ra7"])"#), "mine.ron").expect("loads");
    assert_eq!(course.lessons.len(), 2);
    assert_eq!(course.lessons[1].steps.len(), 2);
    let Done::Moves(moves) = &course.lessons[1].steps[1].done else {
        panic!("a list of moves");
    };
    assert_eq!(moves.len(), 2);
}

#[test]
fn a_bad_position_names_the_file_line_lesson_and_step() {
    let e = refused(&course_with(
        "4k3/8/9/8/8/8/8/R3K3 w - - 0 1",
        r#"Moves(["Ra8+"])"#,
    ));
    assert_eq!((e.line, e.step), (30, Some(2)));
    assert_eq!(e.lesson, Some((2, "Second".to_string())));
    let text = e.to_string();
    assert!(
        text.starts_with(
            "mine.ron:30:31: lesson 2 'Second', step 2: lessons[1].steps[1].position: bad position"
        ),
        "{text}"
    );
    // A position where the game is over is no lesson.
    let e = refused(&course_with(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        r#"Moves(["Kd1"])"#,
    ));
    assert!(matches!(*e.kind, LessonErrorKind::Over(_)), "{e}");
}

#[test]
fn an_illegal_accepted_move_is_refused_with_why() {
    let e = refused(&course_with(ROOK, r#"Moves(["Rb2"])"#));
    assert_eq!(e.field, "lessons[1].steps[1].done");
    assert!(
        matches!(&*e.kind, LessonErrorKind::Move { text, .. } if text == "Rb2"),
        "{e}"
    );
    assert!(
        e.to_string().contains("move 'Rb2' is not legal here"),
        "{e}"
    );
}

#[test]
fn a_scripted_line_must_play_and_end_with_the_players_move() {
    let e = refused(&course_with(ROOK, r#"Line(["Ra7", "Kd8"])"#));
    assert!(e.to_string().contains("odd number of moves"), "{e}");
    // Black's reply is checked in the position after White's move.
    let e = refused(&course_with(ROOK, r#"Line(["Ra7", "Ke1", "Ra8"])"#));
    assert!(
        matches!(&*e.kind, LessonErrorKind::Move { text, .. } if text == "Ke1"),
        "{e}"
    );
    assert!(learn::load(&course_with(ROOK, r#"Line(["Ra7", "Kd8", "Ra8+"])"#), "f").is_ok());
}

#[test]
fn a_state_out_of_reach_is_refused() {
    // The Rook cannot reach b8 in one move, but it can in two.
    let e = refused(&course_with(ROOK, r#"Reach(state: Piece('R', "b8"))"#));
    assert!(matches!(*e.kind, LessonErrorKind::Unreachable(_)), "{e}");
    assert!(e.to_string().contains("no line of 1 move reaches"), "{e}");
    assert!(learn::load(
        &course_with(ROOK, r#"Reach(state: Piece('R', "b8"), moves: 2)"#),
        "f"
    )
    .is_ok());
    // No mate with a lone Rook in one move here.
    let e = refused(&course_with(ROOK, "Reach(state: Mate)"));
    assert!(matches!(*e.kind, LessonErrorKind::Unreachable(_)), "{e}");
    // Too long a search is refused before it starts.
    let e = refused(&course_with(ROOK, "Reach(state: Mate, moves: 9)"));
    assert!(e.to_string().contains("1 to 3 moves"), "{e}");
}

#[test]
fn syntax_errors_and_other_games_are_placed() {
    let text =
        course_with(ROOK, r#"Moves(["Ra8+"])"#).replace("hint: \"A hint.\"", "hnt: \"A hint.\"");
    let e = refused(&text);
    assert!(matches!(*e.kind, LessonErrorKind::Syntax(_)), "{e}");
    assert_eq!(e.line, 33);
    assert!(e.to_string().contains("unknown field 'hnt'"), "{e}");
    let e = learn::load_for(
        &course_with(ROOK, r#"Moves(["Ra8+"])"#),
        "f",
        VariantId::Veteran,
    )
    .expect_err("a chess course is no Veteran course");
    assert!(
        e.to_string().contains("teaches 'chess', not 'veteran'"),
        "{e}"
    );
    let e = refused(&course_with(ROOK, r#"Moves(["Ra8+"])"#).replace("\"chess\"", "\"nochess\""));
    assert!(e.to_string().contains("unknown game 'nochess'"), "{e}");
}

/// `learn --check` of a bad file: the first problem on stderr, exit code non-zero.
#[test]
fn the_check_command_fails_on_a_bad_file() {
    let dir = std::env::temp_dir().join(format!("rankup-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.ron");
    std::fs::write(&path, course_with(ROOK, r#"Moves(["Rb2"])"#)).expect("written");
    let out = common::rankup()
        .args(["learn", "--check"])
        .arg(&path)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(stderr.contains("lesson 2 'Second', step 2"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

fn mv(attempt: &Attempt, text: &str) -> rankup::rules::Move {
    parse_move(attempt.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_line_is_played_with_the_opponents_replies() {
    let course = learn::builtin(VariantId::Chess)
        .expect("chess")
        .expect("loads");
    let mate = course
        .lessons
        .iter()
        .find(|l| l.title == "Check and mate")
        .expect("lesson");
    let step = mate.steps.last().expect("a step");
    let mut attempt = Attempt::new(step);
    // A legal move off the line is answered with the goal.
    let off = mv(&attempt, "Kg2");
    assert_eq!(
        attempt.play(off),
        Answer::Wrong(format!("not this one: {}", step.goal))
    );
    let first = mv(&attempt, "Rb7+");
    let Answer::Played { reply: Some(reply) } = attempt.play(first) else {
        panic!("the line goes on with Black's reply");
    };
    assert_eq!(attempt.last_move(), Some(reply));
    let last = mv(&attempt, "Ra8#");
    assert_eq!(attempt.play(last), Answer::Solved);
    assert!(attempt.solved());
}

#[test]
fn a_state_within_two_moves_lets_the_opponent_pass_and_refuses_dead_ends() {
    let course = learn::builtin(VariantId::Chess)
        .expect("chess")
        .expect("loads");
    let knight = course
        .lessons
        .iter()
        .find(|l| l.title == "The Knight")
        .expect("lesson");
    let step = &knight.steps[0];
    let mut attempt = Attempt::new(step);
    // The King's move leaves the Knight too far from e5: wrong at once.
    let king = mv(&attempt, "Kd2");
    assert!(matches!(attempt.play(king), Answer::Wrong(m) if m.starts_with("not this one")));
    // An illegal move is explained by the rules.
    let illegal = rankup::rules::Move {
        to: "g3".parse().expect("square"),
        ..mv(&attempt, "Nf3")
    };
    let Answer::Wrong(why) = attempt.play(illegal) else {
        panic!("an illegal move is wrong");
    };
    assert!(!why.starts_with("not this one"), "{why}");
    let first = mv(&attempt, "Nf3");
    assert_eq!(attempt.play(first), Answer::Played { reply: None });
    assert_eq!(attempt.position().turn(), step.start.turn());
    let second = mv(&attempt, "Ne5");
    assert_eq!(attempt.play(second), Answer::Solved);
}

/// Each built-in course can be taken from start to end: every step has a solution the
/// attempt accepts (the first accepted move, the line, or a move found by search).
#[test]
fn every_builtin_step_is_solved_by_its_own_answer() {
    for game in learn::builtin_games() {
        let course = learn::builtin(game).expect("course").expect("loads");
        for lesson in &course.lessons {
            for (i, step) in lesson.steps.iter().enumerate() {
                let mut attempt = Attempt::new(step);
                let solved = solve(&mut attempt, &step.done);
                assert!(solved, "{game:?} '{}' step {}", lesson.title, i + 1);
            }
        }
    }
}

fn solve(attempt: &mut Attempt, done: &Done) -> bool {
    match done {
        Done::Moves(moves) => attempt.play(moves[0]) == Answer::Solved,
        Done::Line(line) => {
            line.iter()
                .step_by(2)
                .all(|m| !matches!(attempt.play(*m), Answer::Wrong(_)))
                && attempt.solved()
        }
        Done::Reach { moves, .. } => {
            for _ in 0..*moves {
                let found = attempt
                    .position()
                    .legal_moves()
                    .into_iter()
                    .find(|m| !matches!(attempt.clone().play(*m), Answer::Wrong(_)));
                let Some(m) = found else { return false };
                if attempt.play(m) == Answer::Solved {
                    return true;
                }
            }
            false
        }
    }
}

/// A player's lesson files: those that load are offered (replacing the built-in course of
/// their game), the others named with their first problem.
#[test]
fn a_players_lesson_files_are_loaded_beside_the_builtin_ones() {
    let dir = std::env::temp_dir().join(format!("rankup-user-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mine = course_with(ROOK, r#"Moves(["Ra8+"])"#).replace("\"Test\"", "\"My chess\"");
    std::fs::write(dir.join("chess.ron"), mine).expect("written");
    std::fs::write(
        dir.join("broken.ron"),
        course_with(ROOK, r#"Moves(["Rb2"])"#),
    )
    .expect("written");
    std::fs::write(dir.join("notes.txt"), "not a lesson file").expect("written");
    let problems = learn::load_user_dir(&dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("broken.ron") && problems[0].contains("lesson 2"));
    assert_eq!(learn::user_problems(), problems);
    let courses = learn::courses();
    let chess: Vec<_> = courses
        .iter()
        .filter(|c| c.game == VariantId::Chess)
        .collect();
    assert_eq!(
        chess.len(),
        1,
        "the player's course replaces the built-in one"
    );
    assert_eq!(chess[0].title, "My chess");
    assert!(courses.iter().any(|c| c.game == VariantId::Promochess));
    learn::load_user_dir(&dir.join("none"));
    assert!(learn::courses()
        .iter()
        .any(|c| c.title == "Chess: the basics"));
    std::fs::remove_dir_all(&dir).ok();
}

/// All 13 games have a course; in each, the first lesson is driven to its end move by move,
/// and a legal move that is not the goal's is answered with the goal.
#[test]
fn every_game_has_a_course_taken_to_its_end_with_a_wrong_move_answered() {
    assert_eq!(learn::builtin_games(), VariantId::ALL.to_vec());
    for game in VariantId::ALL {
        let course = learn::builtin(game).expect("a course").expect("loads");
        let lesson = &course.lessons[0];
        let mut wrong_answered = false;
        for step in &lesson.steps {
            let mut attempt = Attempt::new(step);
            // A legal move the step does not take leaves the board as it was.
            let wrong = step
                .start
                .legal_moves()
                .into_iter()
                .find(|m| matches!(attempt.clone().play(*m), Answer::Wrong(_)));
            if let Some(m) = wrong {
                let before = attempt.position().fen();
                assert_eq!(
                    attempt.play(m),
                    Answer::Wrong(format!("not this one: {}", step.goal)),
                    "{game:?}"
                );
                assert_eq!(attempt.position().fen(), before);
                wrong_answered = true;
            }
            assert!(
                solve(&mut attempt, &step.done),
                "{game:?} '{}'",
                lesson.title
            );
        }
        assert!(
            wrong_answered,
            "{game:?}: no step of the first lesson refuses a move"
        );
    }
}

/// A Tamerspiel course around one step: `Citadel`, `Swap` and `Castle` goals.
fn tamerspiel_step(position: &str, done: &str) -> String {
    format!(
        r#"(game: "tamerspiel", title: "T", lessons: [(title: "L", teaches: "t", steps: [
            (position: "{position}", goal: "The goal.", done: {done}, hint: "h", success: "s"),
        ])])"#
    )
}

/// White's King on g1 in check from the Rook on g8; a Bishop on d4 and a Horse on j3.
const SWAP: &str = "2k3r5/*10*/*10*/*10*/*2B7*/*8H1*/*10*/R5K4R w KQ - 0 1 swap:Kk";

#[test]
fn swap_citadel_and_castle_goals_are_checked_by_the_rules() {
    let course = learn::load(&tamerspiel_step(SWAP, "Reach(state: Swap)"), "t.ron").expect("loads");
    let step = &course.lessons[0].steps[0];
    let mut attempt = Attempt::new(step);
    // A King step out of check is legal, but not the swap asked for.
    let step_aside = mv(&attempt, "Kf1");
    assert!(matches!(attempt.play(step_aside), Answer::Wrong(m) if m.starts_with("not this one")));
    let swap = mv(&attempt, "K~j3");
    assert_eq!(attempt.play(swap), Answer::Solved);
    // The same goal in a game without the swap is refused by name.
    let e = refused(&course_with(ROOK, "Reach(state: Swap)"));
    assert!(e.to_string().contains("this game has no King swap"), "{e}");
    let e = refused(&course_with(ROOK, "Reach(state: Citadel)"));
    assert!(e.to_string().contains("this game has no citadels"), "{e}");
    // A citadel entered: the Rook on d1 reaches a1 along rank 1, not by d5.
    let quiet = "4k7/*10*/*10*/*10*/*10*/*10*/*5K4*/3R8 w - - 0 1 swap:Kk";
    let course =
        learn::load(&tamerspiel_step(quiet, "Reach(state: Citadel)"), "t.ron").expect("loads");
    let mut attempt = Attempt::new(&course.lessons[0].steps[0]);
    let aside = mv(&attempt, "Rd5");
    assert!(matches!(attempt.play(aside), Answer::Wrong(_)));
    let corner = mv(&attempt, "Ra1");
    assert_eq!(attempt.play(corner), Answer::Solved);
    // Castling as a goal: Tamerspiel's long castling puts the King on c1.
    let castle = "4k7/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk";
    let course =
        learn::load(&tamerspiel_step(castle, "Reach(state: Castle)"), "t.ron").expect("loads");
    let mut attempt = Attempt::new(&course.lessons[0].steps[0]);
    let long = mv(&attempt, "O-O-O");
    assert_eq!(attempt.play(long), Answer::Solved);
    assert_eq!(
        attempt
            .position()
            .piece_at("c1".parse().expect("square"))
            .map(|p| p.kind()),
        attempt.position().variant().kind_by_letter('K')
    );
    // A castling goal where castling is out of reach is refused.
    let e = learn::load(
        &tamerspiel_step(&castle.replace(" KQ ", " - "), "Reach(state: Castle)"),
        "t.ron",
    )
    .expect_err("no castling rights");
    assert!(matches!(*e.kind, LessonErrorKind::Unreachable(_)), "{e}");
}

/// The swap is refused with the rules' reason when the piece is attacked.
#[test]
fn a_swap_onto_an_attacked_piece_is_answered_with_why() {
    let course = learn::builtin(VariantId::Tamerspiel)
        .expect("course")
        .expect("loads");
    let lesson = course
        .lessons
        .iter()
        .find(|l| l.title == "The King swap")
        .expect("lesson");
    let step = &lesson.steps[1];
    let mut attempt = Attempt::new(step);
    let onto_bishop = rankup::rules::Move {
        to: "d4".parse().expect("square"),
        ..mv(&attempt, "K~j3")
    };
    let Answer::Wrong(why) = attempt.play(onto_bishop) else {
        panic!("the Bishop is attacked");
    };
    assert!(why.contains("attacked"), "{why}");
    let good = mv(&attempt, "K~j3");
    assert_eq!(attempt.play(good), Answer::Solved);
}
