//! The games browser's delete (to the trash, with undo) and rename, and its players column,
//! without a terminal or files: the keys, what the app asks the keeper to do
//! ([`App::take_io`]), and what it does with the keeper's answers ([`Action::Moved`]).

mod common;
use common::{palette, screen, OPTIONS};

use std::path::{Path, PathBuf};

use rankup::game::Game;
use rankup::save::{GameMeta, Listing, Player as Saved, SavedGame, Summary};
use rankup::ui::action::Action;
use rankup::ui::app::{App, IoRequest, Screen};
use rankup::ui::browser::{Browser, SaveMove};
use rankup::ui::input::Context;
use rankup::variants::{variant, VariantId};

/// A finished chess game between Ann and the AI at its default level, started `started`.
fn game(started: &str) -> SavedGame {
    let mut g = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    let mut saved = SavedGame::from_game(&g, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
    saved.started = started.parse().unwrap();
    saved.white = Saved::Human {
        name: Some("Ann".into()),
    };
    saved.black = Saved::Ai {
        level: rankup::ai::Level::DEFAULT,
    };
    saved
}

const A: &str = "/data/saves/club_final.ron";
const B: &str = "/data/saves/2026-01-01_120000_chess.ron";

/// The browser with two games: `club_final` (newest, so first) and an unnamed one.
fn browsing() -> App {
    let mut app = App::new(OPTIONS, palette(), None);
    app.data_dir = Some(PathBuf::from("/data"));
    app.update(Action::Browse);
    assert_eq!(app.take_io(), vec![IoRequest::List]);
    let mut named = game("2026-01-02T03:04:05Z");
    named.name = Some("club final".into());
    app.update(Action::Listed(Ok(vec![
        Listing {
            path: PathBuf::from(B),
            entry: Ok(Summary::of(&game("2026-01-01T12:00:00Z"))),
        },
        Listing {
            path: PathBuf::from(A),
            entry: Ok(Summary::of(&named)),
        },
    ])));
    app
}

fn browser(app: &App) -> &Browser {
    match &app.screen {
        Screen::Browser(b) => b,
        _ => panic!("in the browser"),
    }
}

fn paths(app: &App) -> Vec<PathBuf> {
    let list = browser(app).listings.as_ref().expect("listed");
    list.iter().map(|l| l.path.clone()).collect()
}

fn message(app: &App) -> (String, bool) {
    let m = browser(app).message.as_ref().expect("a message");
    (m.text.clone(), m.error)
}

fn selected(app: &App) -> PathBuf {
    paths(app)[browser(app).selected].clone()
}

#[test]
fn delete_asks_moves_to_the_trash_and_u_brings_it_back() {
    let mut app = browsing();
    assert_eq!(selected(&app), Path::new(A));
    app.update(Action::Delete);
    assert_eq!(message(&app), ("delete club_final? y/n".into(), false));
    assert_eq!(app.context(), Context::Confirm);
    assert!(app.take_io().is_empty(), "nothing moves before the answer");
    // No: nothing happens.
    app.update(Action::Confirm(false));
    assert!(app.take_io().is_empty());
    assert_eq!(paths(&app).len(), 2);
    assert_eq!(app.context(), Context::Browser);
    // Yes: the keeper is asked to move it to the trash.
    app.update(Action::Delete);
    app.update(Action::Confirm(true));
    let request = SaveMove::Trash(PathBuf::from(A));
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    let trashed = PathBuf::from("/data/trash/club_final.ron");
    app.update(Action::Moved {
        request,
        result: Ok(trashed.clone()),
    });
    assert_eq!(paths(&app), vec![PathBuf::from(B)]);
    assert_eq!(
        message(&app),
        ("deleted club_final: u undoes".into(), false)
    );
    // u puts it back under its old name, highlighted.
    app.update(Action::Undo);
    let request = SaveMove::Untrash {
        trashed,
        to: PathBuf::from(A),
    };
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    app.update(Action::Moved {
        request,
        result: Ok(PathBuf::from(A)),
    });
    assert_eq!(paths(&app), vec![PathBuf::from(A), PathBuf::from(B)]);
    assert_eq!(selected(&app), Path::new(A));
    assert_eq!(message(&app), ("club_final is back".into(), false));
    // Only the last delete is undone, once.
    app.update(Action::Undo);
    assert!(app.take_io().is_empty());
    assert_eq!(message(&app), ("nothing deleted to undo".into(), false));
}

#[test]
fn undo_works_in_a_later_browser_of_the_same_session() {
    let mut app = browsing();
    app.update(Action::Delete);
    app.update(Action::Confirm(true));
    let request = SaveMove::Trash(PathBuf::from(A));
    app.take_io();
    let trashed = PathBuf::from("/data/trash/club_final.ron");
    app.update(Action::Moved {
        request,
        result: Ok(trashed.clone()),
    });
    // Out to the start screen and back: the list is read again, without the game.
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Menu(_)));
    app.update(Action::Browse);
    assert!(app.take_io().contains(&IoRequest::List));
    app.update(Action::Listed(Ok(vec![Listing {
        path: PathBuf::from(B),
        entry: Ok(Summary::of(&game("2026-01-01T12:00:00Z"))),
    }])));
    app.update(Action::Undo);
    let request = SaveMove::Untrash {
        trashed,
        to: PathBuf::from(A),
    };
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    app.update(Action::Moved {
        request,
        result: Ok(PathBuf::from(A)),
    });
    assert_eq!(paths(&app), vec![PathBuf::from(A), PathBuf::from(B)]);
    assert!(app.last_trashed.is_none(), "undone once");
    app.update(Action::Cancel);
    app.update(Action::Browse);
    app.update(Action::Undo);
    assert!(!app
        .take_io()
        .iter()
        .any(|r| matches!(r, IoRequest::MoveSave(_))));
}

#[test]
fn a_refused_delete_or_undo_keeps_the_list_and_says_why_in_one_line() {
    let mut app = browsing();
    app.update(Action::Delete);
    app.update(Action::Confirm(true));
    let request = SaveMove::Trash(PathBuf::from(A));
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    let why = "club_final.ron is being played in another session: it stays as it is";
    app.update(Action::Moved {
        request,
        result: Err(why.into()),
    });
    assert_eq!(paths(&app).len(), 2, "still listed");
    assert_eq!(message(&app), (why.into(), true));
    assert!(browser(&app).trashed.is_none(), "nothing to undo");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains(why), "{text}");

    // An undo whose name was taken meanwhile: the game stays in the trash, and u may try
    // again once the name is free.
    app.update(Action::Delete);
    app.update(Action::Confirm(true));
    let request = SaveMove::Trash(PathBuf::from(A));
    app.take_io();
    let trashed = PathBuf::from("/data/trash/club_final.ron");
    app.update(Action::Moved {
        request,
        result: Ok(trashed.clone()),
    });
    app.update(Action::Undo);
    let request = SaveMove::Untrash {
        trashed: trashed.clone(),
        to: PathBuf::from(A),
    };
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    app.update(Action::Moved {
        request: request.clone(),
        result: Err("taken".into()),
    });
    assert_eq!(paths(&app), vec![PathBuf::from(B)]);
    assert_eq!(message(&app), ("taken".into(), true));
    app.update(Action::Undo);
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request)]);
}

/// Types `text` into whatever editor is open.
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
}

#[test]
fn rename_edits_the_name_in_one_line_and_the_list_follows() {
    let mut app = browsing();
    app.update(Action::Rename);
    assert_eq!(app.context(), Context::Typing);
    let editor = browser(&app).renaming.clone().expect("the editor is open");
    assert_eq!(editor, (PathBuf::from(A), "club_final".into()));
    for _ in 0.."final".len() {
        app.update(Action::Backspace);
    }
    type_text(&mut app, "cup");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("rename to: club_cup▏ Enter renames · Esc cancels"),
        "{text}"
    );
    app.update(Action::Submit);
    let request = SaveMove::Rename {
        from: PathBuf::from(A),
        name: "club_cup".into(),
    };
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    assert_eq!(app.context(), Context::Browser);
    let to = PathBuf::from("/data/saves/club_cup.ron");
    app.update(Action::Moved {
        request,
        result: Ok(to.clone()),
    });
    assert_eq!(paths(&app), vec![to.clone(), PathBuf::from(B)]);
    assert_eq!(selected(&app), to);
    assert_eq!(
        message(&app),
        ("renamed club_final to club_cup".into(), false)
    );
}

#[test]
fn a_rename_onto_another_game_is_refused_naming_it() {
    let mut app = browsing();
    app.update(Action::Rename);
    // Select all is not a thing: clear, then type the other game's name.
    for _ in 0..20 {
        app.update(Action::Backspace);
    }
    // An empty name is not sent.
    app.update(Action::Submit);
    assert!(app.take_io().is_empty());
    assert_eq!(message(&app), ("a name cannot be empty".into(), true));
    assert_eq!(app.context(), Context::Typing, "still editing");
    type_text(&mut app, "2026-01-01_120000_chess");
    app.update(Action::Submit);
    let request = SaveMove::Rename {
        from: PathBuf::from(A),
        name: "2026-01-01_120000_chess".into(),
    };
    assert_eq!(app.take_io(), vec![IoRequest::MoveSave(request.clone())]);
    let why = "there is already a game named 2026-01-01_120000_chess.ron: choose another name";
    app.update(Action::Moved {
        request,
        result: Err(why.into()),
    });
    assert_eq!(message(&app), (why.into(), true));
    assert_eq!(paths(&app), vec![PathBuf::from(A), PathBuf::from(B)]);
}

#[test]
fn esc_cancels_a_rename_and_a_delete() {
    let mut app = browsing();
    app.update(Action::Rename);
    type_text(&mut app, "xyz");
    app.update(Action::Cancel);
    assert!(app.take_io().is_empty());
    assert!(browser(&app).renaming.is_none());
    assert_eq!(app.context(), Context::Browser);
    assert_eq!(message(&app), ("club_final keeps its name".into(), false));
    assert_eq!(paths(&app), vec![PathBuf::from(A), PathBuf::from(B)]);
    // Esc answers the delete question with no.
    app.update(Action::Delete);
    app.update(Action::Cancel);
    assert!(app.take_io().is_empty());
    assert_eq!(message(&app), ("kept club_final".into(), false));
    // And Esc once more leaves the browser.
    app.update(Action::Cancel);
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn the_players_column_shows_players_and_the_name_has_a_place_of_its_own() {
    let mut app = browsing();
    let narrow = screen(&mut app, 80, 24);
    assert!(
        narrow.contains("> 2026-01-02 03:04 Chess                  0-1         2  Ann v AI 4"),
        "{narrow}"
    );
    assert!(!narrow.contains("club final:"), "{narrow}");
    // At 80 columns the highlighted game's name has a line above the message.
    assert!(narrow.contains(" name: club_final\n"), "{narrow}");
    app.update(Action::Move(rankup::ui::action::Dir::Down));
    let narrow = screen(&mut app, 80, 24);
    assert!(
        narrow.contains(" name: 2026-01-01_120000_chess\n"),
        "{narrow}"
    );
    // Wide enough, a column of its own.
    let wide = screen(&mut app, 120, 30);
    assert!(
        wide.contains("moves  name                  players"),
        "{wide}"
    );
    assert!(
        wide.contains("0-1         2  club_final            Ann v AI 4"),
        "{wide}"
    );
    assert!(!wide.contains(" name: "), "{wide}");
}
