//! A player's card over the lobby and the server's archive of finished games, through
//! actions: `i` asks for a card, `A` opens the archive (from a card: that player's games),
//! typing filters it, pages come one at a time, Enter reviews a game on the review screen
//! and Esc comes back, Tab and `v` show the PGN as plain text, `x` writes it into the
//! player's own folder only.

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use rankup::game::Game;
use rankup::net::{
    ArchiveAsk, ArchiveEntry, ArchivePage, CardRating, CardView, LobbyView, NetEvent, NetRequest,
    PlayerView, Presence, RatingView,
};
use rankup::rules::{ByColor, Color, EndReason, Outcome, Position};
use rankup::save::{GameMeta, Player, SavedGame, Timestamp};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, IoRequest, LobbyList, Screen};
use rankup::ui::archive::{own_path, shown_path};
use rankup::ui::input::{action_for, Context};
use rankup::variants::{variant, VariantId};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const ANN_KEY: &str = "SHA256:AnnKey7xQm2pLrT0vW4yZb9cDe1fGh3iJk5lMn6oPq8";
const BOB_KEY: &str = "SHA256:BobKey3aXy8wV2uT1sR0qP9oN7mL6kJ5iH4gF3eD2c1";
const T0: i64 = 1_795_000_000;

fn app() -> App {
    let mut app = App::online(common::OPTIONS, common::palette());
    app.data_dir = Some(PathBuf::from("SHA256_AnnKey"));
    app.update(Action::Tick(Instant::now()));
    let player = |name: &str| PlayerView {
        name: name.into(),
        presence: Presence::Free,
        ratings: Vec::new(),
    };
    app.update(Action::Net(NetEvent::Lobby(LobbyView {
        me: "Ann".into(),
        key: ANN_KEY.into(),
        players: vec![player("Ann"), player("Bob")].into(),
        ai_workers: 2,
        ..LobbyView::default()
    })));
    app
}

fn entry(room: u64, white: &str, black: &str, result: &str, days: i64) -> ArchiveEntry {
    ArchiveEntry {
        room,
        game: if room.is_multiple_of(3) {
            "PromoChess"
        } else {
            "Chess"
        }
        .into(),
        names: ByColor {
            white: white.into(),
            black: black.into(),
        },
        result: result.into(),
        rated: room.is_multiple_of(2),
        ended: Timestamp::from_unix(T0 + days * 86_400),
    }
}

fn card() -> CardView {
    CardView {
        name: "Bob".into(),
        key: BOB_KEY.into(),
        ratings: vec![
            CardRating {
                game: "Chess".into(),
                rating: RatingView {
                    rating: 1712,
                    provisional: false,
                },
                games: 14,
            },
            CardRating {
                game: "PromoChess".into(),
                rating: RatingView {
                    rating: 1489,
                    provisional: true,
                },
                games: 1,
            },
        ],
        record: (9, 2, 4),
        recent: vec![
            entry(12, "Bob", "Ann", "1-0", 3),
            entry(9, "Cat", "Bob", "1/2-1/2", 2),
            entry(8, "Bob", "Dan", "0-1", 1),
        ],
    }
}

fn page(ask: ArchiveAsk, rooms: std::ops::Range<u64>, more: bool) -> ArchivePage {
    ArchivePage {
        ask,
        entries: rooms
            .rev()
            .map(|r| {
                entry(
                    r,
                    ["Ann", "Bob", "Cat"][r as usize % 3],
                    "Eve",
                    "1-0",
                    r as i64,
                )
            })
            .collect(),
        more,
    }
}

/// A finished chess game, Ann v Bob, after 1. e4 e5 2. Nf3, Black resigned.
fn game() -> SavedGame {
    let mut g = Game::new(Position::start(variant(VariantId::Chess)));
    for token in ["e2e4", "e7e5", "g1f3"] {
        let mv = rankup::notation::coord::parse(g.position(), token).unwrap();
        g.play(mv).unwrap();
    }
    g.declare(Outcome::Decisive {
        winner: Color::White,
        reason: EndReason::Resignation,
    });
    let human = |n: &str| Player::Human {
        name: Some(n.into()),
    };
    let mut meta = GameMeta::new(human("Ann"), human("Bob"));
    meta.started = Timestamp::from_unix(T0);
    meta.ended = Some(Timestamp::from_unix(T0 + 300));
    SavedGame::from_game(&g, &meta)
}

#[test]
fn i_shows_the_chosen_players_card_and_a_opens_their_games() {
    let mut app = app();
    // Not on the players' list: my own card.
    app.update(Action::PlayerCard);
    assert_eq!(app.take_net(), [NetRequest::Card("Ann".into())]);
    app.update(Action::Move(Dir::Down));
    app.update(Action::Move(Dir::Down));
    let Screen::Lobby(lobby) = &app.screen else {
        panic!("the lobby")
    };
    assert_eq!((lobby.list, lobby.selected), (LobbyList::Players, 1));
    app.update(Action::PlayerCard);
    assert_eq!(app.take_net(), [NetRequest::Card("Bob".into())]);
    app.update(Action::Net(NetEvent::Card(Box::new(card()))));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("Bob · SHA256:BobKey3a"), "{text}");
    assert!(text.contains("Games: 9 won · 2 drawn · 4 lost"), "{text}");
    assert!(text.contains("PromoChess"), "{text}");
    assert!(text.contains("1489?"), "{text}");
    assert!(text.contains("v Ann"), "{text}");
    insta::assert_snapshot!("lobby_card_80x24", text);
    // While the card is open, keys do not reach the lists; Esc or q closes it, not the app.
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    assert_eq!(
        action_for(Context::Lobby, key(KeyCode::Esc)),
        Some(Action::Cancel)
    );
    assert_eq!(
        action_for(Context::Lobby, key(KeyCode::Char('i'))),
        Some(Action::PlayerCard)
    );
    assert_eq!(
        action_for(Context::Lobby, key(KeyCode::Char('A'))),
        Some(Action::Archive)
    );
    app.update(Action::Challenge);
    app.update(Action::Cancel);
    assert!(app.running);
    let Screen::Lobby(lobby) = &app.screen else {
        panic!("the lobby")
    };
    assert!(lobby.card.is_none() && lobby.form.is_none());
    // A on a card: that player's games.
    app.update(Action::Net(NetEvent::Card(Box::new(card()))));
    app.update(Action::Archive);
    let bob = ArchiveAsk {
        player: Some("Bob".into()),
        ..ArchiveAsk::default()
    };
    assert_eq!(app.take_net(), [NetRequest::Archive(bob.clone())]);
    assert_eq!(app.context(), Context::Archive);
    app.update(Action::Net(NetEvent::Archive(page(bob, 1..4, false))));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("Bob's finished games"), "{text}");
    assert!(text.contains("games 1-3 ·"), "{text}");
}

#[test]
fn the_archive_filters_as_one_types_and_pages_on() {
    let mut app = app();
    app.update(Action::Archive);
    assert_eq!(app.take_net(), [NetRequest::Archive(ArchiveAsk::default())]);
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("reading..."), "{text}");
    app.update(Action::Net(NetEvent::Archive(page(
        ArchiveAsk::default(),
        10..60,
        true,
    ))));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("games 1-50, more ↓"), "{text}");
    insta::assert_snapshot!("archive_80x24", text);
    // Typing asks again from the first row; an answer to an older request is dropped.
    for c in "bo".chars() {
        app.update(Action::Type(c));
    }
    let ask = |text: &str, offset| ArchiveAsk {
        player: None,
        text: text.into(),
        offset,
    };
    assert_eq!(
        app.take_net(),
        [
            NetRequest::Archive(ask("b", 0)),
            NetRequest::Archive(ask("bo", 0))
        ]
    );
    app.update(Action::Net(NetEvent::Archive(page(
        ask("b", 0),
        1..3,
        false,
    ))));
    let Screen::Archive(archive) = &app.screen else {
        panic!("the archive")
    };
    assert!(archive.page.entries.len() == 50 && !archive.current());
    app.update(Action::Net(NetEvent::Archive(page(
        ask("bo", 0),
        100..150,
        true,
    ))));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("filter: bo_"), "{text}");
    // ↓ past the page's last row asks for the next page; ↑ from its top, the one before.
    for _ in 0..49 {
        app.update(Action::Move(Dir::Down));
    }
    assert!(app.take_net().is_empty());
    app.update(Action::Move(Dir::Down));
    assert_eq!(app.take_net(), [NetRequest::Archive(ask("bo", 50))]);
    app.update(Action::Net(NetEvent::Archive(page(
        ask("bo", 50),
        95..100,
        false,
    ))));
    let Screen::Archive(archive) = &app.screen else {
        panic!("the archive")
    };
    assert_eq!(
        (archive.selected, archive.chosen().map(|e| e.room)),
        (0, Some(99))
    );
    app.update(Action::Move(Dir::Down));
    app.update(Action::ScrollPage(1));
    assert!(app.take_net().is_empty(), "no more pages");
    app.update(Action::ScrollPage(-1));
    assert_eq!(app.take_net(), [NetRequest::Archive(ask("bo", 0))]);
    // Esc clears the filter first, then leaves for the lobby.
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Archive(ask("", 0))]);
    app.update(Action::Cancel);
    assert_eq!(app.context(), Context::Lobby);
}

#[test]
fn enter_reviews_a_game_of_the_archive_and_esc_comes_back() {
    let mut app = app();
    app.update(Action::Archive);
    app.take_net();
    app.update(Action::Net(NetEvent::Archive(page(
        ArchiveAsk::default(),
        1..8,
        false,
    ))));
    app.update(Action::Move(Dir::Down));
    app.update(Action::Select);
    assert_eq!(app.take_net(), [NetRequest::ArchiveGame(6)]);
    // Another game's answer (a stale one) opens nothing.
    app.update(Action::Net(NetEvent::ArchiveGame {
        room: 5,
        game: Box::new(game()),
    }));
    assert_eq!(app.context(), Context::Archive);
    app.update(Action::Net(NetEvent::ArchiveGame {
        room: 6,
        game: Box::new(game()),
    }));
    let Screen::Review(review) = &app.screen else {
        panic!("the review")
    };
    assert_eq!((review.ply, review.moves.len()), (3, 3));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("rankup · review"), "{text}");
    assert!(text.contains("Nf3"), "{text}");
    app.update(Action::Move(Dir::Left));
    let Screen::Review(review) = &app.screen else {
        panic!("the review")
    };
    assert_eq!(review.ply, 2);
    app.update(Action::Cancel);
    let Screen::Archive(archive) = &app.screen else {
        panic!("back in the archive")
    };
    assert_eq!(archive.selected, 1, "on the same row");
    assert_eq!(archive.page.entries.len(), 7);
}

#[test]
fn the_pgn_shows_as_plain_text_and_is_exported_into_the_players_folder() {
    let mut app = app();
    app.update(Action::Archive);
    app.take_net();
    app.update(Action::Net(NetEvent::Archive(page(
        ArchiveAsk::default(),
        4..5,
        false,
    ))));
    app.update(Action::ShowPgn);
    assert_eq!(app.take_net(), [NetRequest::ArchiveGame(4)]);
    app.update(Action::Net(NetEvent::ArchiveGame {
        room: 4,
        game: Box::new(game()),
    }));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.starts_with("[Event \"?\"]\n"), "{text}");
    assert!(text.contains("[White \"Ann\"]"), "{text}");
    assert!(
        text.contains("1. e4 e5 2. Nf3 {White wins by resignation} 1-0"),
        "{text}"
    );
    for border in ['│', '─', '┌', '╭'] {
        assert!(!text.contains(border), "no border: {text}");
    }
    insta::assert_snapshot!("archive_pgn_80x24", text);
    // x writes it into the player's own saves folder.
    app.update(Action::Export);
    let io = app.take_io();
    let [IoRequest::Export { path, text, source }] = io.as_slice() else {
        panic!("an export: {io:?}")
    };
    assert_eq!(path, &Path::new("SHA256_AnnKey/saves/game-4-Ann-Bob.pgn"));
    assert!(text.contains("[Black \"Bob\"]") && source.is_none());
    // Esc: the board; v: the text again; Esc, Esc: the archive.
    app.update(Action::Cancel);
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("rankup · review"), "{text}");
    app.update(Action::ShowPgn);
    assert!(common::screen(&mut app, 80, 24).contains("[Result \"1-0\"]"));
    app.update(Action::Cancel);
    app.update(Action::Cancel);
    assert_eq!(app.context(), Context::Archive);
}

#[test]
fn on_the_server_a_game_is_written_only_into_the_players_own_folder() {
    let home = Some(Path::new("SHA256_AnnKey"));
    assert!(own_path(true, home, Path::new("SHA256_AnnKey/saves/a.pgn")).is_ok());
    for outside in [
        "chess.pgn",
        "SHA256_BobKey/saves/a.pgn",
        "SHA256_AnnKey/../SHA256_BobKey/a.pgn",
        "/tmp/a.pgn",
        "../server/rankup.db",
    ] {
        assert!(
            own_path(true, home, Path::new(outside)).is_err(),
            "{outside}"
        );
    }
    assert!(own_path(true, None, Path::new("chess.pgn")).is_err());
    // The local app writes where its player says.
    assert!(own_path(false, None, Path::new("/tmp/a.pgn")).is_ok());
}

/// An export into the saves folder of a player who has none yet makes it (inside the
/// player's own folder only).
#[test]
fn an_export_makes_the_players_saves_folder() {
    use rankup::ui::app::IoRequest;
    use rankup::ui::keeper::Keeper;
    let root = std::env::temp_dir().join(format!("rankup-export-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let mut keeper = Keeper::new(Some(rankup::save::DataDir::at(&root)));
    let path = root.join("saves").join("game-4-Ann-Bob.pgn");
    let told = keeper.perform(IoRequest::Export {
        path: path.clone(),
        text: "[Event \"?\"]\n\n*\n".into(),
        source: None,
    });
    assert!(
        matches!(&told, Some(Action::Notice { error: false, .. })),
        "{told:?}"
    );
    assert!(std::fs::read_to_string(&path).unwrap().contains("Event"));
    // Outside the data folder nothing is made.
    let outside = std::env::temp_dir()
        .join(format!("rankup-export-outside-{}", std::process::id()))
        .join("x.pgn");
    let told = keeper.perform(IoRequest::Export {
        path: outside.clone(),
        text: "*\n".into(),
        source: None,
    });
    assert!(
        matches!(&told, Some(Action::Notice { error: true, .. })),
        "{told:?}"
    );
    assert!(!outside.parent().unwrap().exists());
    let _ = std::fs::remove_dir_all(&root);
}

/// The PGN of the archive's only game, shown as text.
fn pgn_shown() -> App {
    pgn_shown_in(app())
}

/// The PGN of the archive's only game, shown as text in `app`.
fn pgn_shown_in(mut app: App) -> App {
    app.update(Action::Archive);
    app.take_net();
    app.update(Action::Net(NetEvent::Archive(page(
        ArchiveAsk::default(),
        4..5,
        false,
    ))));
    app.update(Action::ShowPgn);
    app.update(Action::Net(NetEvent::ArchiveGame {
        room: 4,
        game: Box::new(game()),
    }));
    app
}

fn pgn_top(app: &App) -> usize {
    let Screen::Review(review) = &app.screen else {
        panic!("the review")
    };
    review
        .pgn
        .as_ref()
        .map(|(_, top)| *top)
        .expect("the PGN shown")
}

#[test]
fn question_mark_in_the_archive_opens_its_help_and_the_footer_names_it() {
    let mut app = app();
    app.update(Action::Archive);
    app.take_net();
    app.update(Action::Net(NetEvent::Archive(page(
        ArchiveAsk::default(),
        1..4,
        false,
    ))));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("? help · Esc back"), "{text}");
    // The key as a terminal sends it: `?` is help, never part of the filter.
    let key = KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE);
    let action = action_for(app.context(), key).expect("a key of the archive");
    app.update(action);
    assert!(app.take_net().is_empty(), "no filter asked");
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("Archive"), "{text}");
    assert!(text.contains("PgUp PgDn"), "{text}");
    assert!(text.contains("clear the filter"), "{text}");
    insta::assert_snapshot!("archive_help_80x24", text);
    // Esc closes the help, not the archive; the filter is as it was.
    app.update(Action::Cancel);
    assert_eq!(app.context(), Context::Archive);
    let Screen::Archive(archive) = &app.screen else {
        panic!("the archive")
    };
    assert_eq!(archive.filter, "");
    // With a filter typed, `?` is still help.
    app.update(Action::Type('b'));
    app.take_net();
    app.update(Action::Type('?'));
    assert!(app.card.is_some());
    assert!(app.take_net().is_empty());
}

#[test]
fn the_pgn_text_answers_its_keys_on_a_terminal_too_small_for_the_board() {
    let mut app = pgn_shown();
    let small = common::screen(&mut app, 24, 6);
    assert!(!small.contains("too small"), "{small}");
    assert!(small.starts_with("[Event \"?\"]"), "{small}");
    insta::assert_snapshot!("archive_pgn_24x6", small);
    // ↓ scrolls the text, as at 80x24.
    app.update(Action::Move(Dir::Down));
    assert_eq!(pgn_top(&app), 1);
    let text = common::screen(&mut app, 24, 6);
    assert!(!text.starts_with("[Event"), "scrolled: {text}");
    app.update(Action::Move(Dir::Up));
    assert_eq!(pgn_top(&app), 0);
    // x exports it.
    app.update(Action::Export);
    assert_eq!(app.take_io().len(), 1, "the export asked");
    // Esc: the board, too small to show here; Esc again: the archive.
    app.update(Action::Cancel);
    assert!(common::screen(&mut app, 24, 6).contains("too small"));
    app.update(Action::Cancel);
    assert_eq!(app.context(), Context::Archive);
}

#[test]
fn a_server_games_pgn_names_the_server_as_its_site() {
    let mut app = app();
    app.site = Some("play.example.org:2222".into());
    let mut app = pgn_shown_in(app);
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("[Site \"play.example.org:2222\"]"), "{text}");
    // The export and the copy (Y) say it too.
    app.update(Action::Export);
    let io = app.take_io();
    let [IoRequest::Export { text, .. }] = io.as_slice() else {
        panic!("an export: {io:?}")
    };
    assert!(text.contains("[Site \"play.example.org:2222\"]"), "{text}");
    app.update(Action::Cancel);
    app.update(Action::CopyGame);
    let copied = std::mem::take(&mut app.clipboard);
    assert!(
        copied
            .iter()
            .any(|c| c.contains("[Site \"play.example.org:2222\"]")),
        "{copied:?}"
    );
}

/// On the server a player's file is named inside their own folder, never by the server's path;
/// at home in full.
#[test]
fn a_players_file_is_named_without_the_servers_path() {
    let home = Some(Path::new("/srv/rankup/players/SHA256_AnnKey"));
    let file = Path::new("/srv/rankup/players/SHA256_AnnKey/saves/2026-11-28_chess.ron");
    assert_eq!(shown_path(true, home, file), "saves/2026-11-28_chess.ron");
    assert_eq!(
        shown_path(true, home, Path::new("/elsewhere/x.ron")),
        "x.ron"
    );
    assert_eq!(shown_path(false, home, file), file.display().to_string());
}
