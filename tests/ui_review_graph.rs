//! Review's evaluation graph: drawn from the evals stored in the save, White's point of
//! view, the current move marked; with the engine on, the missing points are computed one
//! position at a time through the app's search requests, with a progress bar; readable
//! without colours and at 16 colours.

mod common;
use common::{draw, screen, OPTIONS};

use std::path::PathBuf;

use rankup::ai::Score;
use rankup::game::{Eval, Game};
use rankup::save::{GameMeta, Player as Saved, SavedGame};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Screen, SearchRequest, Thinking};
use rankup::ui::review::Review;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// Ten moves each, evals stored with Black's moves only (White's point of view).
const OLD_SAVE: &str = include_str!("data/saves/v1-chess-annotated.ron");

fn review_in(mode: ColorMode, saved: SavedGame) -> App {
    App::reviewing(
        OPTIONS,
        Palette::new(Theme::default(), mode),
        saved,
        Some(PathBuf::from("/x/g.ron")),
    )
    .unwrap()
}

fn old_save() -> SavedGame {
    SavedGame::from_ron(OLD_SAVE, "v1-chess-annotated.ron").unwrap()
}

fn reviewing(app: &App) -> &Review {
    match &app.screen {
        Screen::Review(r) => r,
        _ => panic!("not reviewing"),
    }
}

/// Braille cells (the curve's ink) in `text`.
fn ink(text: &str) -> usize {
    text.chars()
        .filter(|c| ('\u{2801}'..='\u{28ff}').contains(c))
        .count()
}

/// Answers `request` as the engine would, with `cp` for the side to move.
fn answer(app: &mut App, request: &SearchRequest, cp: i32) {
    let thinking = Thinking::from_search(
        &request.position,
        5,
        Score::from_centipawns(cp),
        String::new(),
        100,
        false,
    );
    app.update(Action::AiDone {
        id: request.id,
        best: None,
        thinking,
    });
}

#[test]
fn review_graph_snapshots() {
    let mut app = review_in(ColorMode::TrueColor, old_save());
    for _ in 0..6 {
        app.update(Action::Move(Dir::Left));
    }
    let small = screen(&mut app, 80, 24);
    assert!(ink(&small) > 0, "{small}");
    assert!(small.contains('▲'), "{small}");
    insta::assert_snapshot!("review_graph_80x24", small);
    let large = screen(&mut app, 160, 50);
    assert!(ink(&large) > 0, "{large}");
    insta::assert_snapshot!("review_graph_160x50", large);
}

/// Points come from the stored evals (White's view), the rules' end of a final position,
/// and nothing else until the engine is on.
#[test]
fn points_from_stored_evals_and_the_final_position() {
    let app = review_in(ColorMode::TrueColor, old_save());
    let r = reviewing(&app);
    let values = r.graph_values(500);
    assert_eq!(values.len(), 20);
    assert_eq!(values[1], Some(-133), "1...Na6 stored Cp(-133)");
    assert_eq!(values[19], Some(500), "a mate for White at the top edge");
    assert_eq!(values[0], None, "White's moves have no stored eval");
    assert_eq!(r.graph_progress(), None, "the engine is off");
    assert!(app.search_request().is_none());

    // Fool's mate: the checkmate at the end is Black's win, at the bottom edge.
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    let saved = SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
    let mut app = review_in(ColorMode::TrueColor, saved);
    assert_eq!(reviewing(&app).graph_values(500)[3], Some(-500));
    // The engine's "mated now" for the final position does not move it to White's edge.
    app.update(Action::Hint);
    let shown = app.search_request().expect("the shown position");
    app.update(Action::AiDone {
        id: shown.id,
        best: None,
        thinking: Thinking::from_search(
            &shown.position,
            1,
            Score::mated_in(0),
            String::new(),
            1,
            false,
        ),
    });
    assert_eq!(reviewing(&app).graph_values(500)[3], Some(-500));
}

/// With the engine on: the shown position first, then each position without a point, in
/// order, a short search each; the progress counts up; when every point is known nothing
/// more is asked (the engine no longer searches the shown position over and over).
#[test]
fn the_engine_fills_in_the_missing_points_in_the_background() {
    let mut app = review_in(ColorMode::TrueColor, old_save());
    app.update(Action::Hint);
    let shown = app.search_request().expect("the shown position first");
    assert_eq!(shown.position, reviewing(&app).positions[20]);
    assert_eq!(
        app.search_request().unwrap().id,
        shown.id,
        "pure: the same id"
    );
    answer(&mut app, &shown, 40);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("engine 10/20"), "{text}");
    let mut asked = Vec::new();
    while let Some(request) = app.search_request() {
        assert_ne!(request.id, shown.id);
        let ply = reviewing(&app)
            .positions
            .iter()
            .position(|p| *p == request.position)
            .expect("a position of the game");
        assert!(
            request.limits.depth.is_some_and(|d| d <= 10),
            "a short search"
        );
        assert!(request.limits.movetime.is_some());
        asked.push(ply);
        // White to move after Black's moves? No: after White's (odd plies) Black is to
        // move and thinks it is 0.50 behind, which is White +0.50.
        answer(&mut app, &request, -50);
        assert!(asked.len() <= 20, "no end to the requests: {asked:?}");
    }
    assert_eq!(asked, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    let r = reviewing(&app);
    assert_eq!(r.graph_values(500)[0], Some(50));
    assert_eq!(r.graph_progress(), None);
    assert_eq!(r.engine_evals[1], Some(Eval::Centipawns(50)));
    let text = screen(&mut app, 80, 24);
    assert!(!text.contains("engine 20/20"), "{text}");

    // Stepping asks for the new shown position again, then nothing more.
    app.update(Action::Move(Dir::Left));
    let again = app.search_request().expect("the new shown position");
    answer(&mut app, &again, 0);
    assert!(app.search_request().is_none());
    // Turning the engine off stops everything.
    app.update(Action::Hint);
    assert!(app.search_request().is_none());
}

/// The mark follows the current move.
#[test]
fn the_current_move_is_marked() {
    let mut app = review_in(ColorMode::TrueColor, old_save());
    let mark_column = |app: &mut App| {
        let text = screen(app, 80, 24);
        text.lines()
            .find_map(|l| l.chars().position(|c| c == '▲'))
            .expect("a mark")
    };
    let at_end = mark_column(&mut app);
    for _ in 0..10 {
        app.update(Action::Move(Dir::Left));
    }
    let half_way = mark_column(&mut app);
    assert!(half_way + 10 < at_end, "{half_way} vs {at_end}");
    app.update(Action::Home);
    let text = screen(&mut app, 80, 24);
    assert!(!text.contains('▲'), "no move at the start: {text}");
}

/// Without colours the shape alone reads (ink above and below the middle, the mark); at 16
/// colours White's and Black's sides differ in style.
#[test]
fn readable_without_colours_and_at_16() {
    for mode in [ColorMode::None, ColorMode::Ansi16] {
        let mut app = review_in(mode, old_save());
        for _ in 0..6 {
            app.update(Action::Move(Dir::Left));
        }
        let t = draw(&mut app, 80, 24);
        let buf = t.backend().buffer();
        let braille = |y: u16| {
            (0..80u16)
                .filter(|&x| {
                    buf[(x, y)]
                        .symbol()
                        .chars()
                        .any(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
                })
                .collect::<Vec<_>>()
        };
        let rows: Vec<u16> = (0..24).filter(|&y| !braille(y).is_empty()).collect();
        assert!(rows.len() >= 2, "{mode:?}: ink on both sides of the middle");
        let (top, bottom) = (rows[0], rows[rows.len() - 1]);
        let up = buf[(braille(top)[0], top)].style();
        let down = buf[(braille(bottom)[0], bottom)].style();
        if mode == ColorMode::Ansi16 {
            assert_ne!(up.fg, down.fg, "White's side and Black's differ");
        }
        let text = screen(&mut app, 80, 24);
        assert!(text.contains('▲'), "{mode:?}: {text}");
    }
}

/// ASCII mode draws the curve with `#` and the mark with `^`.
#[test]
fn ascii_graph() {
    let mut options = OPTIONS;
    options.ascii = true;
    let mut app = App::reviewing(
        options,
        Palette::new(Theme::default(), ColorMode::None),
        old_save(),
        None,
    )
    .unwrap();
    app.update(Action::Move(Dir::Left));
    let text = screen(&mut app, 80, 24);
    assert_eq!(ink(&text), 0, "{text}");
    let rows: Vec<&str> = text.lines().collect();
    // The graph sits on the status line: its foot, then its curve above.
    assert!(rows[rows.len() - 3].contains('^'), "{text}");
    assert!(
        rows[rows.len() - 5..rows.len() - 3]
            .iter()
            .any(|r| r.contains('#')),
        "{text}"
    );
}

/// Every built-in game, reviewed at sizes from small to large, draws its graph (under the
/// board or atop the panel) without panicking, and shows it where the screen has room.
#[test]
fn graph_draws_in_every_game_at_every_size() {
    for id in VariantId::all() {
        let mut game = Game::from_start(variant(id));
        for i in 0..12 {
            let Some(mv) = game.position().legal_moves().into_iter().next() else {
                break;
            };
            game.play(mv).unwrap();
            if let Some(note) = game.last_note_mut() {
                note.eval = Some(Eval::Centipawns(if i % 2 == 0 { 80 } else { -120 }));
            }
        }
        let saved = SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
        let mut app = review_in(ColorMode::Ansi16, saved);
        app.update(Action::Move(Dir::Left));
        for w in (10..=170).step_by(8) {
            for h in (6..=56).step_by(5) {
                screen(&mut app, w, h);
            }
        }
        let text = screen(&mut app, 160, 50);
        assert!(ink(&text) > 0, "{id:?}\n{text}");
        assert!(text.contains('▲'), "{id:?}\n{text}");
    }
}

/// The event loop keeps a search running while the wanted id stays the same: a game's
/// searches (even ids: the AI's move, the hint, a draw answer) and review's (odd ids, or the
/// background range) never share one, so switching screens never hands one screen the
/// other's result (a hint's id was odd like review's).
#[test]
fn review_and_game_searches_never_share_an_id() {
    use rankup::rules::{ByColor, Position};
    use rankup::ui::app::Player;
    let mut review = review_in(ColorMode::TrueColor, old_save());
    review.update(Action::Hint);
    let mut game = App::playing(
        OPTIONS,
        Palette::new(Theme::default(), ColorMode::TrueColor),
        Position::start(variant(VariantId::Chess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    for token in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"] {
        let r = review.search_request().expect("review's engine asks");
        assert_eq!(r.id % 2, 1, "review: odd");
        game.update(Action::Hint);
        let g = game.search_request().expect("the hint is asked for");
        assert_eq!(g.id % 2, 0, "a game: even");
        // Both step on: the review to the previous move, the game by a move.
        review.update(Action::Move(Dir::Left));
        game.update(Action::StartTyping);
        for c in token.chars() {
            game.update(Action::Type(c));
        }
        game.update(Action::Submit);
    }
    assert_eq!(game.play().unwrap().table.game().history().len(), 5);
}
