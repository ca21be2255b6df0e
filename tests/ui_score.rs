//! One score convention and one move count on every screen: scores from White's point of
//! view, labelled with the side they favour ("+1.20 White", "#-3 Black"), in the thinking
//! line, the hint, review's stored and engine evaluations and PGN; moves counted in full
//! moves in the play header, review and the browser.

mod common;
use common::{palette, screen, OPTIONS};

use std::path::PathBuf;

use rankup::ai::{Level, Score};
use rankup::game::{Eval, Game};
use rankup::rules::{ByColor, Position};
use rankup::save::{pgn, GameMeta, Listing, Player as Saved, SavedGame, Summary};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Player, Screen, Thinking};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// The old save in the test data: written before this convention was spelt out, its evals
/// are White's point of view (`Cp(-133)` after Black's 1...Na6).
const OLD_SAVE: &str = include_str!("data/saves/v1-chess-annotated.ron");

fn old_save() -> SavedGame {
    SavedGame::from_ron(OLD_SAVE, "v1-chess-annotated.ron").expect("the old save loads")
}

fn review(saved: SavedGame) -> App {
    App::reviewing(OPTIONS, palette(), saved, Some(PathBuf::from("/x/g.ron"))).unwrap()
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn status_row(text: &str, from_bottom: usize) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len() - from_bottom].to_string()
}

/// The thinking line (the AI, Black, to move) and the hint (White to move) of one
/// assessment, "Black is 12.31 ahead", carry the same sign and label: before, the first
/// said `+12.31` and the second `-12.32`.
#[test]
fn thinking_and_hint_share_whites_point_of_view() {
    let mut app = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Ai(Level::DEFAULT),
    });
    type_move(&mut app, "e4");
    let request = app.search_request().expect("the AI thinks");
    let black_to_move = request.position.clone();
    let seen = |pos: &Position, cp| {
        Thinking::from_search(pos, 6, Score::from_centipawns(cp), "e5".into(), 1000, false)
    };
    app.update(Action::AiInfo {
        id: request.id,
        thinking: seen(&black_to_move, 1231),
    });
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("thinking: depth 6 -12.31 Black e5"), "{text}");
    let best = black_to_move
        .legal_moves()
        .into_iter()
        .find(|m| rankup::notation::san::format(&black_to_move, m) == "e5");
    app.update(Action::AiDone {
        id: request.id,
        best,
        thinking: seen(&black_to_move, 1231),
    });
    // The AI's move keeps White's view too.
    let game = app.play().unwrap().table.game();
    assert_eq!(
        game.history().last().unwrap().note.eval,
        Some(Eval::Centipawns(-1231))
    );
    let white_to_move = game.position().clone();
    app.update(Action::Hint);
    let hint = app.search_request().expect("the hint search");
    let best = white_to_move.legal_moves().into_iter().next();
    app.update(Action::AiDone {
        id: hint.id,
        best,
        thinking: seen(&white_to_move, -1232),
    });
    let message = app.play().unwrap().message.clone().unwrap().text;
    assert!(message.contains("(-12.32 Black; line e5)"), "{message}");
}

/// Mates are `#N` from White's side: the side to move being mated in 2 is `#-2 Black`
/// when White is to move, `#2 White` when Black is.
#[test]
fn mates_read_from_whites_side() {
    let pos = Position::start(variant(VariantId::Chess));
    let t = Thinking::from_search(&pos, 9, Score::mated_in(4), String::new(), 1, false);
    assert_eq!(t.summary(), "depth 9 #-2 Black");
    let mut black = Game::from_start(variant(VariantId::Chess));
    black.play_text("e4").unwrap();
    let t = Thinking::from_search(
        black.position(),
        9,
        Score::mated_in(4),
        String::new(),
        1,
        false,
    );
    assert_eq!(t.summary(), "depth 9 #2 White");
    // A noisy level's score is no opinion: nothing is shown.
    let t = Thinking::from_search(&pos, 3, Score::from_centipawns(50), "e4".into(), 1, true);
    assert_eq!(t.summary(), "depth 3 e4");
}

/// Review: the stored eval of an old save and the engine's opinion of the same position
/// side by side read the same way (the old save's evals were White's view already: it
/// loads unchanged).
#[test]
fn review_stored_and_engine_evals_agree_in_sign() {
    let mut app = review(old_save());
    app.update(Action::Home);
    app.update(Action::Move(Dir::Right));
    app.update(Action::Move(Dir::Right));
    app.update(Action::Hint);
    let request = app.search_request().expect("the engine is on");
    // White to move after 1. Nf3 Na6; the engine thinks White is 1.10 behind.
    let thinking = Thinking::from_search(
        &request.position,
        8,
        Score::from_centipawns(-110),
        "Nc3".into(),
        1,
        false,
    );
    app.update(Action::AiDone {
        id: request.id,
        best: None,
        thinking,
    });
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("1... Na6 · 1.8 s\n"), "{text}");
    assert!(text.contains("AI eval -1.33 Black"), "{text}");
    assert!(text.contains("engine: depth 8 -1.10 Black Nc3"), "{text}");
    // The last move's mate is White's.
    app.update(Action::End);
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("AI eval #4 White"), "{text}");
}

/// PGN writes the stored evals as they are (White's view, lichess's `[%eval]`), and reads
/// them back the same.
#[test]
fn pgn_evals_keep_whites_view_both_ways() {
    let saved = old_save();
    let text = pgn::export(&saved);
    assert!(text.contains("Na6 {[%eval -1.33]"), "{text}");
    assert!(text.contains("h5 {[%eval #4]"), "{text}");
    let games = pgn::import(&text);
    let back = games[0].as_ref().expect("imports");
    let evals: Vec<Option<Eval>> = back.moves.iter().map(|m| m.eval).collect();
    let before: Vec<Option<Eval>> = saved.moves.iter().map(|m| m.eval).collect();
    assert_eq!(evals, before);
}

fn fools_mate() -> SavedGame {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS))
}

/// The play header says the move being played, and once the game is over the last move's
/// number (Fool's mate ends on move 2, not "move 3").
#[test]
fn play_header_counts_full_moves() {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    let header = |app: &mut App| screen(app, 100, 30).lines().next().unwrap().to_string();
    assert!(
        header(&mut app).contains("· move 1 ·"),
        "{}",
        header(&mut app)
    );
    for m in ["f3", "e5", "g4"] {
        type_move(&mut app, m);
    }
    assert!(
        header(&mut app).contains("· move 2 ·"),
        "{}",
        header(&mut app)
    );
    type_move(&mut app, "Qh4#");
    assert!(app.play().unwrap().table.game().outcome().is_some());
    assert!(
        header(&mut app).contains("· move 2 ·"),
        "{}",
        header(&mut app)
    );
}

/// Review counts full moves, with the side and the ply.
#[test]
fn review_counts_full_moves_with_the_side_and_ply() {
    let mut app = review(old_save());
    let text = screen(&mut app, 100, 30);
    let status = status_row(&text, 2);
    assert!(
        status.contains("move 10 of 10, Black (ply 20 of 20) · White to move"),
        "{text}"
    );
    app.update(Action::Move(Dir::Left));
    let status = status_row(&screen(&mut app, 100, 30), 2);
    assert!(
        status.contains("move 10 of 10, White (ply 19 of 20)"),
        "{status}"
    );
    app.update(Action::Home);
    let status = status_row(&screen(&mut app, 100, 30), 2);
    assert!(status.contains("start (ply 0 of 20)"), "{status}");
    // `:7` goes to White's 7th move.
    app.update(Action::StartTyping);
    app.update(Action::Type('7'));
    app.update(Action::Submit);
    match &app.screen {
        Screen::Review(r) => assert_eq!(r.ply, 13),
        _ => panic!("not reviewing"),
    }
}

/// The browser's moves column counts full moves, as review does.
#[test]
fn browser_counts_full_moves() {
    let saved = old_save();
    assert_eq!(Summary::of(&saved).moves, 10);
    let mut odd = fools_mate();
    odd.moves.pop();
    assert_eq!(Summary::of(&odd).moves, 2, "3 plies are two moves");
    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/data"));
    app.update(Action::Browse);
    app.update(Action::Listed(Ok(vec![Listing {
        path: PathBuf::from("/data/saves/a.ron"),
        entry: Ok(Summary::of(&saved)),
    }])));
    let text = screen(&mut app, 100, 30);
    let row = text
        .lines()
        .find(|l| l.contains("2025-06-01"))
        .expect("the game's row");
    assert!(row.contains("1-0        10  "), "{row}");
}

fn playing_from(id: VariantId, fen: Option<&str>, mode: ColorMode) -> App {
    let v = variant(id);
    let start = match fen {
        Some(f) => Position::from_fen(v, f).expect("position"),
        None => Position::start(v),
    };
    App::playing(
        OPTIONS,
        Palette::new(Theme::default(), mode),
        start,
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    )
}

/// The material balance sits beside the captured pieces, on the side ahead's line, in play
/// and in review, at the smallest and a large size, in every colour depth.
#[test]
fn material_balance_beside_the_captures() {
    for mode in ColorMode::ALL {
        let mut app = playing_from(VariantId::Chess, None, mode);
        for m in ["e4", "d5", "exd5"] {
            type_move(&mut app, m);
        }
        for (w, h) in [(80, 24), (160, 50)] {
            let text = screen(&mut app, w, h);
            assert!(text.contains("White took ♟ +1"), "{mode:?} {w}x{h}\n{text}");
            assert!(!text.contains("Black took"), "{text}");
        }
        type_move(&mut app, "Qxd5");
        let text = screen(&mut app, 80, 24);
        assert!(
            text.contains("White took ♟\n"),
            "level again: no balance\n{text}"
        );
        assert!(text.contains("Black took ♙\n"), "{text}");
    }
    let mut app = review(old_save());
    for _ in 0..4 {
        app.update(Action::Move(Dir::Left));
    }
    for (w, h) in [(80, 24), (160, 50)] {
        let text = screen(&mut app, w, h);
        // Counted with the values the AI plays chess with (data/weights/chess.ron: Queen
        // 947, Bishop 304, Knight 300, a Pawn 100): 10.51 Pawns.
        assert!(text.contains("White took ♟♛♝ +11"), "{w}x{h}\n{text}");
        assert!(text.contains("Black took ♘\n"), "{text}");
    }
}

/// A side ahead without captures (a promotion, odds) still shows its lead.
#[test]
fn material_lead_without_captures_is_shown() {
    let mut app = playing_from(
        VariantId::Chess,
        Some("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ColorMode::TrueColor,
    );
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("White +9"), "{text}");
}

/// Upgrade: a levelled piece counts at its level's worth. After 1.e4 d5 2.exd5 c6 3.dxc6
/// Nxc6 Black has lost two Pawns to White's one, yet its level-4 Knight makes it the side
/// ahead.
#[test]
fn material_counts_levels() {
    let mut game = Game::from_start(variant(VariantId::Upgrade));
    let start = rankup::ai::material(game.position());
    for m in ["e4", "d5", "exd5", "c6", "dxc6", "Nxc6"] {
        game.play_text(m).unwrap();
    }
    let now = rankup::ai::material(game.position());
    assert_eq!(now.white, start.white - 100, "White lost a Pawn");
    assert!(
        now.black > start.black - 200 + 100,
        "the level-4 Knight is worth more than a level-1 one: {} vs {}",
        now.black,
        start.black
    );
    assert!(matches!(
        rankup::ui::widgets::material::balance(game.position()),
        Some((rankup::rules::Color::Black, _))
    ));
}
