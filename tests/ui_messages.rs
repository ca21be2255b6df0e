//! What the play screen says: who played a move, whose move it is without nested
//! parentheses, each refusal's reason said once, and no cursor in a game only watched.
//! (A spectator on the server: tests/ui_lobby.rs.)

mod common;
use common::{chess_between as chess, screen};

use rankup::ai::Level;
use rankup::rules::ByColor;
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Player, Thinking};

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

fn message(app: &App) -> String {
    let play = app.play().unwrap();
    play.message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    text.chars().for_each(|c| app.update(Action::Type(c)));
    app.update(Action::Submit);
}

/// The AI's search finds `token`.
fn ai_plays(app: &mut App, token: &str) {
    let request = app.search_request().expect("the AI thinks");
    let mv = rankup::notation::coord::parse(&request.position, token).unwrap();
    app.update(Action::AiDone {
        id: request.id,
        best: Some(mv),
        thinking: Thinking {
            depth: 1,
            score: String::new(),
            line: String::new(),
            nodes: 1,
            eval: None,
        },
    });
}

#[test]
fn a_move_says_who_played_it() {
    let mut app = chess(HUMANS);
    type_move(&mut app, "e4");
    assert_eq!(message(&app), "White played e4");
    type_move(&mut app, "e5");
    assert_eq!(message(&app), "Black played e5");
    // The end too.
    for m in ["Qh5", "Nc6", "Bc4", "Nf6"] {
        type_move(&mut app, m);
    }
    type_move(&mut app, "Qxf7#");
    assert_eq!(message(&app), "White played Qxf7#: White wins by checkmate");
    let mut app = chess(ByColor {
        white: Player::Human,
        black: Player::Ai(Level::DEFAULT),
    });
    type_move(&mut app, "e4");
    ai_plays(&mut app, "e7e6");
    assert_eq!(message(&app), "AI (level 4) played e6");
}

#[test]
fn whose_move_it_is_nests_no_parentheses() {
    let mut app = chess(ByColor {
        white: Player::Human,
        black: Player::Ai(Level::DEFAULT),
    });
    type_move(&mut app, "e4");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("Black to move · AI level 4 · about 1550"),
        "{text}"
    );
    assert!(text.contains("human v AI level 4 · about 1550"), "{text}");
    for line in text.lines() {
        let mut depth = 0;
        for c in line.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            assert!(depth <= 1, "nested parentheses: {line}");
        }
    }
}

/// Lifts the piece on `from` with the cursor (which starts on e1) and drops it on `to`:
/// steps given as (files right, ranks up) from e1 and then from `from`.
fn cursor_move(app: &mut App, to_from: (i32, i32), to_to: (i32, i32)) {
    for (dx, dy) in [to_from, to_to] {
        let (h, v) = (
            if dx < 0 { Dir::Left } else { Dir::Right },
            if dy < 0 { Dir::Down } else { Dir::Up },
        );
        for _ in 0..dx.abs() {
            app.update(Action::Move(h));
        }
        for _ in 0..dy.abs() {
            app.update(Action::Move(v));
        }
        app.update(Action::Select);
    }
}

#[test]
fn a_refusal_says_its_reason_once() {
    // The Queen on d1 (free to move after e4 e5) to d3, through its own Pawn.
    let mut app = chess(HUMANS);
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    cursor_move(&mut app, (-1, 0), (0, 2));
    assert_eq!(
        message(&app),
        "the Queen on d1 cannot go to d3: the way is blocked on d2. Pick a marked square, or Esc"
    );
    // The Pawn on e2 to e5: where it can go and how it moves, once, without nesting.
    let mut app = chess(HUMANS);
    cursor_move(&mut app, (0, 1), (0, 3));
    assert_eq!(
        message(&app),
        "the Pawn on e2 cannot go to e5: it can go to e3 e4. How it moves: steps forward, two \
         from its first square; captures diagonally forward; e.p. Pick a marked square, or Esc"
    );
    // Typed: the text quoted, then the reason.
    let mut app = chess(HUMANS);
    type_move(&mut app, "Qd3");
    assert_eq!(
        message(&app),
        "illegal move 'Qd3': the Queen on d1 cannot reach d3: the way is blocked on d2"
    );
    // Two Knights that do not move that way: how a Knight moves, said once.
    app.update(Action::Cancel);
    type_move(&mut app, "Nd4");
    let text = message(&app);
    assert_eq!(
        text,
        "illegal move 'Nd4': no Knight of yours can reach d4: the Knight on b1 can go to c3 \
         a3, the Knight on g1 can go to h3 f3. How it moves: leaps (1,2) in any direction"
    );
}

#[test]
fn a_watched_game_shows_no_cursor() {
    let both = ByColor {
        white: Player::Ai(Level::DEFAULT),
        black: Player::Ai(Level::DEFAULT),
    };
    let mut app = chess(both);
    assert!(app.play().unwrap().watched());
    // Neither on the board nor in the legend, nor in the first words under the board.
    let text = screen(&mut app, 80, 24);
    assert!(!text.contains('['), "{text}");
    assert!(
        !text.contains("cursor") && !text.contains("arrows"),
        "{text}"
    );
    assert!(
        message(&app).starts_with("watching the AI play"),
        "{}",
        message(&app)
    );
    // A game played here has one.
    let mut app = chess(HUMANS);
    assert!(!app.play().unwrap().watched());
    assert!(screen(&mut app, 80, 24)
        .replace("[ ] cursor", "")
        .contains('['));
}
