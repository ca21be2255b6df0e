//! Review's analysis (issue 32 item 5): `a` asks for one search per position through the
//! app's search requests, with a progress bar; the moves are marked as results come in
//! (the Queen left en prise is the blunder), `n`/`N` jump between marks, Esc stops, `r`
//! plays the position before the blunder against the AI, and the analysis is what the
//! save keeps.

mod common;
use common::{screen, OPTIONS};

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use rankup::ai::Engine;
use rankup::game::analysis::Mark;
use rankup::game::Game;
use rankup::notation::san;
use rankup::save::{GameMeta, Player as Saved, SavedGame};
use rankup::ui::action::Action;
use rankup::ui::app::{App, IoRequest, Player, Screen, Thinking};
use rankup::ui::review::Review;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// A person as White, the AI as Black, and Black's Queen left en prise on g5.
fn blunder_game() -> SavedGame {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["e4", "e5", "Nf3", "Qg5", "Nxg5", "Nc6"] {
        game.play_text(m).unwrap();
    }
    let meta = GameMeta::new(
        Saved::Human {
            name: Some("Ann".into()),
        },
        Saved::Ai {
            level: rankup::ai::Level::new(2).unwrap(),
        },
    );
    SavedGame::from_game(&game, &meta)
}

fn reviewing(app: &App) -> &Review {
    match &app.screen {
        Screen::Review(r) => r,
        _ => panic!("not reviewing"),
    }
}

/// Runs the app's searches as the event loop would, but on one thread at a fixed depth
/// (deterministic), until it wants none or `limit` have run; returns how many ran.
fn run_searches(app: &mut App, engine: &mut Engine, limit: usize) -> usize {
    let stop = AtomicBool::new(false);
    for n in 0..limit {
        let Some(mut request) = app.search_request() else {
            return n;
        };
        request.limits.threads = 1;
        request.limits.movetime = None;
        request.limits.depth = Some(6);
        let pos = &request.position;
        let result = engine.search(pos, &request.history, &request.limits, &stop, &mut |_| {});
        let mut p = pos.clone();
        let mut line = Vec::new();
        for m in &result.pv {
            line.push(san::format(&p, m));
            p.make(*m);
        }
        let thinking = Thinking::from_search(
            pos,
            result.depth,
            result.score,
            line.join(" "),
            result.nodes,
            false,
        );
        app.update(Action::AiDone {
            id: request.id,
            best: result.best,
            thinking,
        });
    }
    limit
}

fn analysing_app() -> App {
    App::reviewing(
        OPTIONS,
        Palette::new(Theme::default(), ColorMode::None),
        blunder_game(),
        Some(PathBuf::from("/x/g.ron")),
    )
    .unwrap()
}

#[test]
fn analysis_marks_the_queen_left_en_prise_and_snapshots_at_80x24() {
    let mut app = analysing_app();
    assert!(app.search_request().is_none(), "no search before a");
    app.update(Action::Analyse);
    let mut engine = Engine::new(16);
    assert_eq!(run_searches(&mut app, &mut engine, 3), 3);
    let partway = screen(&mut app, 80, 24);
    assert!(partway.contains("analysing 3/7"), "{partway}");
    assert!(
        partway.contains("engine 3/7"),
        "the progress bar: {partway}"
    );
    assert!(run_searches(&mut app, &mut engine, 100) < 100);
    let review = reviewing(&app);
    let marks: Vec<Option<Mark>> = (1..=6).map(|ply| review.mark(ply)).collect();
    assert_eq!(marks[3], Some(Mark::Blunder), "{marks:?}");
    assert!(marks[..3].iter().all(Option::is_none), "{marks:?}");
    // From the end, N goes back to the blunder: its mark, the better move and line.
    app.update(Action::Previous);
    assert_eq!(reviewing(&app).ply, 4);
    let shown = screen(&mut app, 80, 24);
    assert!(shown.contains("Qg5??"), "{shown}");
    assert!(shown.contains("?? blunder:"), "{shown}");
    assert!(shown.contains("was best"), "{shown}");
    assert!(shown.contains("accuracy W 100% B 26%"), "{shown}");
    insta::assert_snapshot!("review_analysed_80x24", shown);
    let saved = reviewing(&app).analysis_to_keep().expect("news to keep");
    assert_eq!(saved.marks[3], Some(Mark::Blunder));
    assert_eq!(saved.evals.len(), 7);
}

#[test]
fn esc_stops_the_analysis_and_a_goes_on() {
    let mut app = analysing_app();
    app.update(Action::Analyse);
    let mut engine = Engine::new(16);
    run_searches(&mut app, &mut engine, 2);
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Review(_)), "Esc stops first");
    assert!(app.search_request().is_none());
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("analysis stopped at 2 of 7"), "{text}");
    app.update(Action::Analyse);
    assert!(
        run_searches(&mut app, &mut engine, 100) == 5,
        "goes on where it stopped"
    );
    app.update(Action::Cancel);
    assert!(
        !app.running,
        "then Esc leaves (back to the shell it was opened from)"
    );
    // An unfinished game's file may be in play elsewhere: its save is left alone.
    assert!(!app
        .io
        .iter()
        .any(|r| matches!(r, IoRequest::KeepAnalysis { .. })));
}

#[test]
fn leaving_a_finished_games_analysis_asks_the_keeper_to_keep_it() {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    let saved = SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
    let path = PathBuf::from("/x/fools.ron");
    let mut app = App::reviewing(
        OPTIONS,
        Palette::new(Theme::default(), ColorMode::None),
        saved,
        Some(path.clone()),
    )
    .unwrap();
    app.update(Action::Analyse);
    run_searches(&mut app, &mut Engine::new(16), 100);
    assert_eq!(reviewing(&app).mark(3), Some(Mark::Blunder));
    app.update(Action::Cancel);
    // (Taken before take_io, which drops file writes when saving is off, as in OPTIONS.)
    let kept: Vec<IoRequest> = std::mem::take(&mut app.io)
        .into_iter()
        .filter(|r| matches!(r, IoRequest::KeepAnalysis { .. }))
        .collect();
    let [IoRequest::KeepAnalysis {
        path: to, analysis, ..
    }] = kept.as_slice()
    else {
        panic!("one request to keep the analysis: {kept:?}");
    };
    assert_eq!(to, &path);
    assert_eq!(analysis.marks[2], Some(Mark::Blunder));
}

#[test]
fn n_jumps_to_marks_and_r_retries_the_blunder_against_the_ai() {
    let mut app = analysing_app();
    app.update(Action::Next);
    assert!(screen(&mut app, 80, 24).contains("a analyses the game"));
    app.update(Action::Analyse);
    run_searches(&mut app, &mut Engine::new(16), 100);
    app.update(Action::Home);
    app.update(Action::Retry);
    assert!(
        matches!(app.screen, Screen::Review(_)),
        "the start is no marked move"
    );
    app.update(Action::Next);
    assert_eq!(reviewing(&app).ply, 4);
    app.update(Action::Retry);
    let Screen::Play(play) = &app.screen else {
        panic!("retry plays");
    };
    // Black's move is retried: the player takes Black, the AI White.
    assert_eq!(play.table.game().history().len(), 3);
    assert_eq!(play.players().black, Player::Human);
    assert!(matches!(play.players().white, Player::Ai(_)));
}
