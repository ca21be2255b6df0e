//! The app's saved-game flows without a terminal: what it asks the event loop to write
//! ([`App::take_io`]), resuming, the games browser and review mode.

mod common;
use common::{screen, OPTIONS};

use std::path::PathBuf;

use rankup::game::Game;
use rankup::rules::{ByColor, Position};
use rankup::save::{
    GameMeta, InPlay, Listing, OpenError, Player as Saved, SavedGame, Summary, Timestamp,
};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, IoRequest, Leave, MenuField, Player, Screen};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

fn palette() -> Palette {
    Palette::new(Theme::builtin("dark").unwrap(), ColorMode::TrueColor)
}

fn playing(id: VariantId) -> App {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(id)),
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    app
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

/// The games handed out to be written to their file in play.
fn autosaved(requests: &[IoRequest]) -> Vec<&SavedGame> {
    requests
        .iter()
        .filter_map(|r| match r {
            IoRequest::Keep { game, .. } => Some(game),
            _ => None,
        })
        .collect()
}

/// An unfinished game as a resume answer gives it.
fn opened(app: &mut App, saved: SavedGame) {
    let game_id = match app.take_io().as_slice() {
        [IoRequest::Resume { game_id, .. }] => *game_id,
        other => panic!("{other:?}"),
    };
    app.update(Action::Opened {
        game_id,
        path: PathBuf::from("/data/games/g.ron"),
        result: Ok(saved),
    });
}

/// The start screen with these unfinished games listed.
fn menu_with(games: &[(&str, &SavedGame, bool)]) -> App {
    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/data"));
    assert_eq!(app.take_io(), vec![IoRequest::ListInPlay]);
    let list = games
        .iter()
        .map(|(path, g, elsewhere)| InPlay {
            path: PathBuf::from(path),
            modified: Some(g.started),
            open_elsewhere: *elsewhere,
            entry: Ok(Summary::of(g)),
        })
        .collect();
    app.update(Action::InPlayListed {
        at: Timestamp::from_unix(1_800_000_000),
        result: Ok(list),
    });
    app
}

/// A finished chess game (Fool's mate) as saved.
fn fools_mate() -> SavedGame {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS))
}

#[test]
fn every_move_is_autosaved_once() {
    let mut app = playing(VariantId::Chess);
    assert!(app.take_io().is_empty(), "nothing to save before a move");
    type_move(&mut app, "e4");
    let io = app.take_io();
    let saves = autosaved(&io);
    assert_eq!(saves.len(), 1);
    assert_eq!(saves[0].moves[0].token, "e2e4");
    assert!(app.take_io().is_empty(), "saved once per change");
    type_move(&mut app, "e5");
    app.update(Action::Undo);
    let io = app.take_io();
    assert_eq!(autosaved(&io)[0].moves.len(), 1, "the undo is saved too");
}

#[test]
fn a_finished_game_is_kept_in_the_games_folder() {
    let mut app = playing(VariantId::Chess);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        type_move(&mut app, m);
    }
    let io = app.take_io();
    let (game_id, generation, game) = match &io[..] {
        [IoRequest::Finish {
            game_id,
            generation,
            game,
        }] => (*game_id, *generation, game),
        other => panic!("{other:?}"),
    };
    assert_eq!(game.result.as_str(), "0-1");
    assert!(game.ended.is_some());
    app.update(Action::Kept {
        game_id,
        generation,
        finished: true,
        result: Ok(PathBuf::from("/x/fools.ron")),
    });
    let play = app.play().unwrap();
    assert_eq!(play.file, Some(PathBuf::from("/x/fools.ron")));
    assert!(play.message.as_ref().unwrap().text.contains("/x/fools.ron"));
    assert!(!play.unsaved(true));
    assert!(app.take_io().is_empty(), "kept once");
}

#[test]
fn leaving_a_game_lets_go_of_its_file_and_lists_the_unfinished_again() {
    let mut app = playing(VariantId::Veteran);
    type_move(&mut app, "e4");
    let game_id = app.play().unwrap().game_id;
    app.take_io();
    app.update(Action::NewGame);
    assert!(matches!(app.screen, Screen::Menu(_)));
    assert_eq!(
        app.take_io(),
        vec![IoRequest::ListInPlay],
        "the game waits behind the start screen (Esc goes back to it)"
    );
    app.update(Action::Start);
    assert!(
        matches!(
            &app.take_io()[..],
            [IoRequest::RememberChoices(_), IoRequest::Release { game_id: g }] if *g == game_id
        ),
        "nothing is written or moved: the game stays in games/, resumable"
    );
}

#[test]
fn save_as_names_the_game() {
    let mut app = playing(VariantId::Chess);
    type_move(&mut app, "d4");
    app.take_io();
    app.update(Action::SaveAs);
    for c in "my game!".chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
    let io = app.take_io();
    match &io[..] {
        [IoRequest::SaveAs { game, .. }, IoRequest::Keep { game: kept, .. }] => {
            assert_eq!(game.name.as_deref(), Some("my game!"));
            assert_eq!(
                kept.name.as_deref(),
                Some("my game!"),
                "the file in play too"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_data_directory_saves_nothing_and_asks_before_losing_the_game() {
    let mut app = playing(VariantId::Chess);
    app.data_dir = None;
    type_move(&mut app, "e4");
    assert!(app.take_io().is_empty());
    app.update(Action::Quit);
    assert!(app.running);
    assert_eq!(
        app.play().unwrap().question,
        Some(rankup::ui::app::Question::Unsaved(Leave::Quit))
    );
    assert_eq!(app.context(), rankup::ui::input::Context::Unsaved);
    app.update(Action::Confirm(true));
    assert!(!app.running, "y quits without it, as asked");
}

#[test]
fn resume_from_the_start_screen() {
    let mut game = Game::from_start(variant(VariantId::Promochess));
    game.play_text("e4").unwrap();
    let meta = GameMeta::new(
        Saved::ANONYMOUS,
        Saved::Ai {
            level: rankup::ai::Level::DEFAULT,
        },
    );
    let saved = SavedGame::from_game(&game, &meta);
    let mut app = menu_with(&[("/data/games/g.ron", &saved, false)]);
    app.update(Action::Resume);
    opened(&mut app, saved);
    let play = app.play().expect("playing");
    assert_eq!(play.table.game().history().len(), 1);
    assert_eq!(play.players().black, Player::Ai(rankup::ai::Level::DEFAULT));
    assert_eq!(play.file, Some(PathBuf::from("/data/games/g.ron")));
    assert!(
        app.take_io().is_empty(),
        "a resumed game is on disk already"
    );
}

#[test]
fn the_start_screen_lists_every_unfinished_game_and_resumes_any() {
    let chess = |moves: &[&str], started: &str| {
        let mut g = Game::from_start(variant(VariantId::Chess));
        for m in moves {
            g.play_text(m).unwrap();
        }
        let mut meta = GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS);
        meta.started = started.parse().unwrap();
        SavedGame::from_game(&g, &meta)
    };
    let newest = chess(&["e4", "e5", "Nf3"], "2026-11-21T18:30:00Z");
    let older = chess(&["d4"], "2026-11-20T08:00:00Z");
    let oldest = chess(&["c4"], "2026-11-19T08:00:00Z");
    // The newest is open in another session: r takes the newest free one.
    let mut app = menu_with(&[
        ("/data/games/a.ron", &newest, true),
        ("/data/games/b.ron", &older, false),
        ("/data/games/c.ron", &oldest, false),
    ]);
    app.update(Action::Resume);
    assert!(matches!(
        &app.take_io()[..],
        [IoRequest::Resume { path, .. }] if path == &PathBuf::from("/data/games/b.ron")
    ));
    // The list is a field: Tab reaches it (it is first), arrows pick, Enter resumes.
    let mut app = menu_with(&[
        ("/data/games/a.ron", &newest, true),
        ("/data/games/b.ron", &older, false),
        ("/data/games/c.ron", &oldest, false),
    ]);
    app.update(Action::Previous);
    match &app.screen {
        Screen::Menu(m) => assert_eq!(m.field, MenuField::Unfinished),
        _ => panic!(),
    }
    app.update(Action::Move(Dir::Down));
    app.update(Action::Move(Dir::Down));
    app.update(Action::Start);
    assert!(matches!(
        &app.take_io()[..],
        [IoRequest::Resume { path, .. }] if path == &PathBuf::from("/data/games/c.ron")
    ));
    // A game open elsewhere opens read-only, saying why.
    let game_id = 99;
    app.update(Action::Opened {
        game_id,
        path: PathBuf::from("/data/games/a.ron"),
        result: Err(OpenError::Elsewhere(Some(Box::new(newest.clone())))),
    });
    match &app.screen {
        Screen::Review(r) => {
            assert_eq!(r.saved, newest);
            let m = r.message.as_ref().unwrap();
            assert!(m.text.contains("open in another rankup"), "{}", m.text);
        }
        _ => panic!("read-only review"),
    }
    assert!(app.take_io().is_empty(), "review writes nothing");
}

#[test]
fn starting_a_new_game_touches_no_unfinished_one() {
    let mut game = Game::from_start(variant(VariantId::Chess));
    game.play_text("e4").unwrap();
    let saved = SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
    let mut app = menu_with(&[("/data/games/g.ron", &saved, false)]);
    app.update(Action::Start);
    assert!(app.play().is_some());
    assert!(
        matches!(&app.take_io()[..], [IoRequest::RememberChoices(_)]),
        "no game file until the new game's first move (only the start screen's choices)"
    );
    type_move(&mut app, "d4");
    let io = app.take_io();
    assert!(
        matches!(&io[..], [IoRequest::Keep { game, .. }] if game.moves[0].token == "d2d4"),
        "a file of its own: {io:?}"
    );
}

/// A failed write is shown, kept in memory, retried at the next change, and asked about
/// before leaving; a copy written elsewhere ends the question.
#[test]
fn a_failed_write_is_shown_retried_and_never_lost_silently() {
    let mut app = playing(VariantId::Chess);
    type_move(&mut app, "e4");
    let (game_id, generation) = match &app.take_io()[..] {
        [IoRequest::Keep {
            game_id,
            generation,
            ..
        }] => (*game_id, *generation),
        other => panic!("{other:?}"),
    };
    let failure = "cannot write /data/games/g.ron: No space left on device (os error 28)";
    app.update(Action::Kept {
        game_id,
        generation,
        finished: false,
        result: Err(failure.into()),
    });
    let play = app.play().unwrap();
    assert!(play.save_error.as_ref().unwrap().contains(failure));
    assert!(play.unsaved(true));
    assert!(
        play.message_rows(80) > 2,
        "the message wraps over lines of its own"
    );
    // The next move retries.
    type_move(&mut app, "e5");
    let generation = match &app.take_io()[..] {
        [IoRequest::Keep { generation, .. }] => *generation,
        other => panic!("{other:?}"),
    };
    app.update(Action::Kept {
        game_id,
        generation,
        finished: false,
        result: Err(failure.into()),
    });
    // Quitting asks, retries once more, and offers another file.
    app.update(Action::Quit);
    assert!(app.running);
    assert!(
        matches!(&app.take_io()[..], [IoRequest::Keep { .. }]),
        "a retry"
    );
    app.update(Action::Kept {
        game_id,
        generation,
        finished: false,
        result: Err(failure.into()),
    });
    assert_eq!(app.context(), rankup::ui::input::Context::Unsaved);
    app.update(Action::WriteElsewhere);
    let suggested = app.play().unwrap().typed_text().unwrap().to_string();
    assert!(suggested.starts_with("rankup-chess-") && suggested.ends_with(".ron"));
    for _ in 0..suggested.len() {
        app.update(Action::Backspace);
    }
    for c in "/tmp/mine.ron".chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
    let io = app.take_io();
    match &io[..] {
        [IoRequest::WriteCopy { path, game, .. }] => {
            assert_eq!(path, &PathBuf::from("/tmp/mine.ron"));
            assert_eq!(game.moves.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    // That fails too: the player is told and may try again.
    app.update(Action::Copied {
        game_id,
        generation,
        result: Err("cannot write /tmp/mine.ron: Read-only file system".into()),
    });
    assert!(app.running);
    let play = app.play().unwrap();
    assert!(play.message.as_ref().unwrap().text.contains("Read-only"));
    assert!(play.typed_text().is_some(), "the path stays for editing");
    app.update(Action::Submit);
    app.take_io();
    app.update(Action::Copied {
        game_id,
        generation,
        result: Ok(PathBuf::from("/tmp/mine.ron")),
    });
    assert!(!app.running, "written: the quit goes on");
}

/// A write that works again clears the message and the question.
#[test]
fn a_write_that_works_again_says_so() {
    let mut app = playing(VariantId::Chess);
    type_move(&mut app, "e4");
    let game_id = app.play().unwrap().game_id;
    app.take_io();
    app.update(Action::Kept {
        game_id,
        generation: 1,
        finished: false,
        result: Err("cannot write x: disk full".into()),
    });
    app.update(Action::NewGame);
    assert_eq!(
        app.play().unwrap().question,
        Some(rankup::ui::app::Question::Unsaved(Leave::Menu))
    );
    assert!(matches!(&app.take_io()[..], [IoRequest::Keep { .. }]));
    app.update(Action::Kept {
        game_id,
        generation: 1,
        finished: false,
        result: Ok(PathBuf::from("/data/games/g.ron")),
    });
    let play = app.play().unwrap();
    assert_eq!(play.question, None);
    assert_eq!(play.save_error, None);
    assert!(play.message.as_ref().unwrap().text.contains("saved again"));
}

fn review(saved: SavedGame) -> App {
    let mut app =
        App::reviewing(OPTIONS, palette(), saved, Some(PathBuf::from("/x/g.ron"))).unwrap();
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    app
}

fn ply(app: &App) -> usize {
    match &app.screen {
        Screen::Review(r) => r.ply,
        _ => panic!("not reviewing"),
    }
}

#[test]
fn review_steps_jumps_and_types_a_move_number() {
    let mut app = review(fools_mate());
    assert_eq!(ply(&app), 4, "opens at the end");
    app.update(Action::Move(Dir::Left));
    assert_eq!(ply(&app), 3);
    app.update(Action::Move(Dir::Up));
    assert_eq!(ply(&app), 1);
    app.update(Action::Move(Dir::Up));
    assert_eq!(ply(&app), 0);
    app.update(Action::Move(Dir::Left));
    assert_eq!(ply(&app), 0, "stops at the start");
    app.update(Action::End);
    assert_eq!(ply(&app), 4);
    app.update(Action::Move(Dir::Right));
    assert_eq!(ply(&app), 4, "stops at the end");
    app.update(Action::Home);
    assert_eq!(ply(&app), 0);
    app.update(Action::StartTyping);
    app.update(Action::Type('2'));
    app.update(Action::Submit);
    assert_eq!(ply(&app), 3, "move 2: after White's second move");
    match &app.screen {
        Screen::Review(r) => assert_eq!(r.position().fen(), {
            let mut g = Game::from_start(variant(VariantId::Chess));
            for m in ["f3", "e5", "g4"] {
                g.play_text(m).unwrap();
            }
            g.position().fen()
        }),
        _ => unreachable!(),
    }
}

#[test]
fn review_asks_the_engine_only_when_told() {
    let mut app = review(fools_mate());
    app.update(Action::Home);
    assert!(app.search_request().is_none());
    app.update(Action::Hint);
    let request = app.search_request().expect("the engine looks");
    assert_eq!(request.position, Position::start(variant(VariantId::Chess)));
    app.update(Action::Move(Dir::Right));
    let next = app.search_request().expect("and keeps looking");
    assert_ne!(next.id, request.id, "a new position is a new search");
}

#[test]
fn review_exports_pgn_next_to_the_file_and_plays_on() {
    let mut app = review(fools_mate());
    app.update(Action::Export);
    match &app.take_io()[..] {
        [IoRequest::Export { path, text, source }] => {
            assert_eq!(source.as_deref(), Some(std::path::Path::new("/x/g.ron")));
            assert_eq!(path, &PathBuf::from("/x/g.pgn"));
            assert!(text.contains("2. g4 Qh4#"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    app.update(Action::Home);
    app.update(Action::Move(Dir::Right));
    app.update(Action::Move(Dir::Right));
    app.update(Action::PlayFromHere);
    let play = app.play().expect("playing on");
    assert_eq!(play.table.game().history().len(), 2);
    assert!(play.table.game().outcome().is_none());
}

#[test]
fn browser_sorts_and_opens() {
    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    app.take_io();
    app.update(Action::Browse);
    assert_eq!(app.take_io(), vec![IoRequest::List]);
    let short = fools_mate();
    let mut g = Game::from_start(variant(VariantId::Veteran));
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        g.play_text(m).unwrap();
    }
    let long = SavedGame {
        started: short.started,
        ..SavedGame::from_game(&g, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS))
    };
    let listing = |name: &str, game: &SavedGame| Listing {
        path: PathBuf::from(name),
        entry: Ok(Summary::of(game)),
    };
    app.update(Action::Listed(Ok(vec![
        listing("/x/a.ron", &short),
        listing("/x/b.ron", &long),
    ])));
    // Sort by date, then game, result, length: longest first.
    for _ in 0..3 {
        app.update(Action::Sort);
    }
    app.update(Action::Select);
    assert_eq!(
        app.take_io(),
        vec![IoRequest::Load {
            path: PathBuf::from("/x/b.ron"),
            play_on: false
        }]
    );
    app.update(Action::Loaded {
        path: PathBuf::from("/x/b.ron"),
        play_on: false,
        result: Ok(long.clone()),
    });
    assert_eq!(ply(&app), 5);
    // Esc goes back to the browser, as it was.
    app.update(Action::Cancel);
    match &app.screen {
        Screen::Browser(b) => assert_eq!(b.listings.as_ref().map(Vec::len), Some(2)),
        _ => panic!("back in the browser"),
    }
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Menu(_)));
    // A load error is shown, not fatal.
    app.update(Action::Loaded {
        path: PathBuf::from("/x/c.ron"),
        play_on: true,
        result: Err("c.ron: line 3, column 5: bad".into()),
    });
    match &app.screen {
        Screen::Menu(m) => assert!(m.notice.as_ref().unwrap().text.contains("line 3")),
        _ => panic!("back on the start screen"),
    }
}

/// Every frozen save file (one per game and more) opens in review mode, steps from start to
/// end, and exports.
#[test]
fn every_fixture_can_be_reviewed_and_exported() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves");
    let mut seen = std::collections::HashSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let saved = rankup::save::load(&path).unwrap_or_else(|e| panic!("{e}"));
        seen.insert(saved.variant);
        let n = saved.moves.len();
        let mut app = review(saved);
        app.update(Action::Home);
        assert_eq!(ply(&app), 0);
        for i in 1..=n {
            app.update(Action::Move(Dir::Right));
            assert_eq!(ply(&app), i, "{}", path.display());
        }
        app.update(Action::Export);
        assert!(
            matches!(&app.take_io()[..], [IoRequest::Export { text, .. }] if text.contains("[Result")),
            "{}",
            path.display()
        );
    }
    for id in VariantId::ALL {
        assert!(seen.contains(&id), "no fixture for {id}");
    }
}

/// A timed game saves its clocks, and resuming it goes on with the time each side had.
#[test]
fn clocks_are_saved_and_resumed() {
    use rankup::ui::app::TimeControl;
    use std::time::{Duration, Instant};
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("5+3").unwrap()),
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    app.take_io();
    app.update(Action::Tick(t0 + Duration::from_secs(20)));
    type_move(&mut app, "Nf3");
    let io = app.take_io();
    let saved = autosaved(&io)[0].clone();
    let clock = saved.clock.expect("the clocks are saved");
    assert_eq!((clock.base_s, clock.increment_s), (300, 3));
    assert_eq!(clock.white_ms, 283_000, "300 s - 20 s + 3 s");
    assert_eq!(clock.black_ms, 300_000);
    let text = saved.to_ron();
    assert_eq!(SavedGame::from_ron(&text, "t.ron").unwrap(), saved);
    let mut app = menu_with(&[("/data/games/g.ron", &saved, false)]);
    app.update(Action::Resume);
    opened(&mut app, saved);
    let clocks = app
        .play()
        .unwrap()
        .table
        .clocks()
        .cloned()
        .expect("clocks again");
    assert_eq!(clocks.left.white, Duration::from_millis(283_000));
    assert_eq!(clocks.control.increment, Duration::from_secs(3));
}

/// A timed game saved after White's first move resumes with the same rule: Black's clock
/// waits for Black's first move, whatever time passes.
#[test]
fn a_game_resumed_before_the_first_moves_keeps_its_clocks_still() {
    use rankup::ui::app::TimeControl;
    use std::time::{Duration, Instant};
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("5+3").unwrap()),
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    app.update(Action::Tick(t0 + Duration::from_secs(20)));
    type_move(&mut app, "e4");
    let io = app.take_io();
    let saved = autosaved(&io)[0].clone();
    let clock = saved.clock.expect("the clocks are saved");
    assert_eq!((clock.white_ms, clock.black_ms), (300_000, 300_000));
    let mut app = menu_with(&[("/data/games/g.ron", &saved, false)]);
    app.update(Action::Resume);
    opened(&mut app, saved);
    let t1 = Instant::now();
    app.update(Action::Tick(t1));
    app.update(Action::Tick(t1 + Duration::from_secs(45)));
    let play = app.play().unwrap();
    assert_eq!(play.running_clock(), None);
    assert_eq!(
        play.table.clocks().unwrap().left.black,
        Duration::from_secs(300)
    );
    type_move(&mut app, "e5");
    app.update(Action::Tick(t1 + Duration::from_secs(50)));
    let clocks = app.play().unwrap().table.clocks().cloned().unwrap();
    assert_eq!(clocks.left.white, Duration::from_secs(295));
}

/// `;` writes a comment on the last move; it goes into the next save.
#[test]
fn comments_are_saved_with_the_move() {
    let mut app = playing(VariantId::Chess);
    app.update(Action::Comment);
    assert!(
        app.play().unwrap().message.as_ref().unwrap().error,
        "no move yet"
    );
    type_move(&mut app, "e4");
    app.take_io();
    app.update(Action::Comment);
    for c in "best by test".chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
    let io = app.take_io();
    assert_eq!(
        autosaved(&io)[0].moves[0].comment.as_deref(),
        Some("best by test")
    );
    assert_eq!(
        app.play().unwrap().table.game().history().len(),
        1,
        "no move was typed"
    );
}

/// A game with fixed times and notes, for snapshots.
fn annotated() -> SavedGame {
    let mut saved = fools_mate();
    saved.started = "2026-01-02T03:04:05Z".parse().unwrap();
    saved.ended = Some("2026-01-02T03:05:00Z".parse().unwrap());
    saved.white = Saved::Human {
        name: Some("Ann".into()),
    };
    saved.black = Saved::Ai {
        level: rankup::ai::Level::DEFAULT,
    };
    saved.moves[1].think_ms = Some(1500);
    saved.moves[1].eval = Some(rankup::game::Eval::Centipawns(-20));
    saved.moves[1].comment = Some("the trap is set".into());
    saved
}

#[test]
fn review_and_browser_screens_at_80x24() {
    let mut app = review(annotated());
    app.update(Action::Home);
    app.update(Action::Move(Dir::Right));
    app.update(Action::Move(Dir::Right));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("1... e5 · 1.5 s\n"), "{text}");
    assert!(text.contains("AI eval -0.20 Black"), "{text}");
    assert!(text.contains("{the trap is set}"), "{text}");
    insta::assert_snapshot!("review_80x24", text);

    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/data"));
    app.update(Action::Browse);
    let game = annotated();
    app.update(Action::Listed(Ok(vec![
        Listing {
            path: PathBuf::from("/data/saves/a.ron"),
            entry: Ok(Summary::of(&game)),
        },
        Listing {
            path: PathBuf::from("/data/saves/broken.ron"),
            entry: rankup::save::SavedGame::from_ron("(version: 1,", "broken.ron")
                .map(|g| Summary::of(&g)),
        },
    ])));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("broken: broken.ron"), "{text}");
    insta::assert_snapshot!("browser_80x24", text);
}

/// The review and browser screens draw at every small size without panicking.
#[test]
fn saved_game_screens_survive_tiny_terminals() {
    let mut review_app = review(annotated());
    let mut browser_app = App::new(OPTIONS, palette(), None);
    browser_app.data_dir = Some(PathBuf::from("/data"));
    browser_app.update(Action::Browse);
    browser_app.update(Action::Listed(Ok(vec![Listing {
        path: PathBuf::from("/data/saves/a.ron"),
        entry: Ok(Summary::of(&annotated())),
    }])));
    for w in 0..40 {
        for h in 0..16 {
            screen(&mut review_app, w, h);
            screen(&mut browser_app, w, h);
        }
    }
}

/// A failed save's message is drawn whole, wrapped under the message line (or over it
/// when the board leaves no room), at 80x24 for a small and a large board.
#[test]
fn a_failed_save_is_shown_whole_at_80x24() {
    for id in [VariantId::Chess, VariantId::Promochess] {
        let mut app = playing(id);
        type_move(&mut app, "e4");
        let game_id = app.play().unwrap().game_id;
        app.take_io();
        let error = "cannot write /home/player/.local/share/rankup/games/\
                     2026-11-24T075151Z-promochess-a1bb.ron: File too large (os error 27)";
        app.update(Action::Kept {
            game_id,
            generation: 1,
            finished: false,
            result: Err(error.into()),
        });
        let text = screen(&mut app, 80, 24);
        let bottom: String = text.lines().skip(20).collect::<Vec<_>>().join(" ");
        let words: String = bottom.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("NOT SAVED: cannot write"), "{id:?}\n{text}");
        assert!(
            words.contains("q asks where to write it."),
            "{id:?}\n{text}"
        );
        assert!(
            words.contains("File too large (os error 27)"),
            "{id:?}\n{text}"
        );
    }
}

/// A saved clock with an absurd increment (which the loader refuses, but a game handed to
/// the app may still carry) no longer panics the app on the next move ("overflow when
/// adding durations"), and the move is kept.
#[test]
fn an_absurd_saved_clock_does_not_panic_on_a_move() {
    use std::time::{Duration, Instant};
    let mut game = Game::from_start(variant(VariantId::Chess));
    // Past both first moves, so that the clocks run and the move gets the increment.
    for m in ["e4", "e5", "Nf3"] {
        game.play_text(m).unwrap();
    }
    let mut meta = GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS);
    meta.clock = Some(rankup::save::SavedClock {
        base_s: 300,
        increment_s: 3,
        base_ms: None,
        increment_ms: None,
        white_ms: 281_200,
        black_ms: 290_750,
    });
    let mut saved = SavedGame::from_game(&game, &meta);
    saved.clock.as_mut().unwrap().increment_s = u64::MAX;
    saved.clock.as_mut().unwrap().black_ms = u64::MAX;
    let mut app = menu_with(&[("/data/games/g.ron", &saved, false)]);
    app.update(Action::Resume);
    opened(&mut app, saved);
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    app.update(Action::Tick(t0 + Duration::from_secs(1)));
    type_move(&mut app, "Nc6");
    let play = app.play().unwrap();
    assert_eq!(play.table.game().history().len(), 4, "the move is played");
    assert_eq!(play.table.clocks().unwrap().left.black, Duration::MAX);
}

/// A position string may start the move counter at its largest value; the move list counts
/// on without overflowing.
#[test]
fn the_largest_move_number_draws() {
    let start = Position::from_fen(
        variant(VariantId::Chess),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 4294967295",
    )
    .unwrap();
    let mut app = App::playing(
        OPTIONS,
        palette(),
        start,
        None,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    for m in ["e5", "e4", "Nc6", "Nf3"] {
        type_move(&mut app, m);
    }
    assert_eq!(app.play().unwrap().table.game().history().len(), 4);
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("4294967295."), "{text}");
}

/// Names and comments from a file are drawn sanitised: a control character shows as
/// `\u{fffd}` (the terminal layer used to drop just the character and draw the rest of an
/// ESC sequence as if it were text), and bidi overrides are gone.
#[test]
fn names_and_comments_are_drawn_sanitised() {
    let mut saved = annotated();
    saved.moves[1].comment = Some("trap\u{1b}[31m\u{202e}set".into());
    saved.white = Saved::Human {
        name: Some("Ann\u{7}\u{202e}nnA".into()),
    };
    let mut app = review(saved.clone());
    app.update(Action::Home);
    app.update(Action::Move(Dir::Right));
    app.update(Action::Move(Dir::Right));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("{trap\u{fffd}[31mset}"), "{text}");
    assert!(!text.contains('\u{202e}'), "{text}");

    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/data"));
    app.take_io();
    app.update(Action::Browse);
    app.update(Action::Listed(Ok(vec![Listing {
        path: PathBuf::from("/data/saves/a.ron"),
        entry: Ok(Summary::of(&saved)),
    }])));
    let text = screen(&mut app, 100, 24);
    assert!(text.contains("Ann\u{fffd}nnA v AI 4"), "{text}");
}
