//! The server's SQLite store: the schema made and migrated, one transaction per change
//! (a failed one leaves nothing), clear errors for a database that cannot be used, and an
//! older server's data folder imported once.

use std::path::Path;
use std::time::Duration;

use rankup::game::{Game, TimeControl};
use rankup::net::ClockSetting;
use rankup::notation::coord;
use rankup::rules::{ByColor, Color, EndReason, Outcome, Position};
use rankup::save::{GameMeta, Player, SavedClock, SavedGame, Timestamp};
use rankup::server::store::import::import_once;
use rankup::server::store::sqlite::{schema_version, SqliteStore, DB_FILE, MIGRATIONS};
use rankup::server::store::{FinishedGame, LiveRoom, PlayerRow, RatingRow, Store, StoreErrorKind};
use rankup::variants::{variant, VariantId};

/// A chess game between two named players after `moves`, started at `started`, with a
/// 5+3 clock; finished by resignation when `resigned` says so.
fn game(white: &str, black: &str, moves: &[&str], started: i64, resigned: bool) -> SavedGame {
    let mut g = Game::new(Position::start(variant(VariantId::Chess)));
    for token in moves {
        let mv = coord::parse(g.position(), token).expect("a legal move");
        g.play(mv).expect("legal");
    }
    let mut meta = GameMeta::new(
        Player::Human {
            name: Some(white.into()),
        },
        Player::Human {
            name: Some(black.into()),
        },
    );
    meta.started = Timestamp::from_unix(started);
    let control = TimeControl::parse("5+3").expect("a clock");
    meta.clock = Some(SavedClock::new(
        control,
        ByColor {
            white: Duration::from_millis(281_200),
            black: Duration::from_millis(290_750),
        },
    ));
    if resigned {
        g.declare(Outcome::Decisive {
            winner: rankup::rules::Color::White,
            reason: EndReason::Resignation,
        });
        meta.ended = Some(Timestamp::from_unix(started + 600));
    }
    SavedGame::from_game(&g, &meta)
}

fn live(id: u64, moves: &[&str]) -> LiveRoom {
    LiveRoom {
        id,
        keys: ByColor {
            white: "key-a".into(),
            black: "key-b".into(),
        },
        names: ByColor {
            white: "Ann".into(),
            black: "Bob".into(),
        },
        setting: Some(ClockSetting {
            control: TimeControl::parse("5+3").expect("a clock"),
            pause_when_away: false,
        }),
        rated: true,
        days: None,
        game: game("Ann", "Bob", moves, 1_800_000_000, false),
        chat: Vec::new(),
        draw_offer: None,
        takeback: None,
    }
}

fn rating(key: &str, rating: f64) -> RatingRow {
    RatingRow {
        key: key.into(),
        variant: "chess".into(),
        rating,
        deviation: 200.0,
        volatility: 0.06,
        games: 1,
    }
}

#[test]
fn a_new_database_has_the_latest_schema_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open_in(dir.path()).unwrap();
    assert_eq!(store.version().unwrap(), schema_version());
    assert_eq!(schema_version(), MIGRATIONS.len() as i64);
    let conn = rusqlite::Connection::open(dir.path().join(DB_FILE)).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert!(store.players().unwrap().is_empty());
    assert!(store.live_rooms().unwrap().is_empty());
}

#[test]
fn a_database_one_version_behind_is_migrated_keeping_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DB_FILE);
    let previous = MIGRATIONS.len() - 1;
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        for step in &MIGRATIONS[..previous] {
            conn.execute_batch(step).unwrap();
        }
        conn.pragma_update(None, "user_version", previous as i64)
            .unwrap();
        conn.execute(
            "INSERT INTO players (key, name, created) VALUES ('key-a', 'Ann', 1800000000)",
            [],
        )
        .unwrap();
    }
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    assert_eq!(store.version().unwrap(), schema_version());
    assert_eq!(
        store.players().unwrap(),
        [PlayerRow {
            key: "key-a".into(),
            name: "Ann".into(),
            created: Timestamp::from_unix(1_800_000_000),
        }]
    );
    // What the last step added works.
    store.put_live(&[live(7, &["e2e4"])]).unwrap();
    let done = FinishedGame {
        room: 7,
        keys: live(7, &[]).keys,
        names: live(7, &[]).names,
        rated: true,
        game: game("Ann", "Bob", &["e2e4"], 1_800_000_000, true),
    };
    store
        .game_over(&done, &[rating("key-a", 1662.3), rating("key-b", 1437.7)])
        .unwrap();
    assert_eq!(store.ratings().unwrap().len(), 2);
}

#[test]
fn a_database_from_a_newer_rankup_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DB_FILE);
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let e = SqliteStore::open_in(dir.path()).unwrap_err();
    assert!(
        matches!(e.kind, StoreErrorKind::Newer { found: 99, .. }),
        "{e:?}"
    );
    let line = e.to_string();
    assert!(line.contains(&path.display().to_string()), "{line}");
    assert!(!line.contains('\n'), "one line: {line}");
}

#[test]
fn a_file_that_is_not_a_database_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DB_FILE);
    std::fs::write(&path, vec![b'x'; 8192]).unwrap();
    let e = SqliteStore::open_in(dir.path()).unwrap_err();
    assert!(matches!(e.kind, StoreErrorKind::Corrupt(_)), "{e:?}");
    let line = e.to_string();
    assert!(line.starts_with(&path.display().to_string()), "{line}");
    assert!(line.contains("backup"), "{line}");
    assert!(!line.contains('\n'), "{line}");
}

#[test]
fn a_second_server_on_the_same_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _first = SqliteStore::open_in(dir.path()).unwrap();
    let e = SqliteStore::open_in(dir.path()).unwrap_err();
    assert!(matches!(e.kind, StoreErrorKind::InUse), "{e:?}");
    assert!(
        e.to_string().contains("in use by another rankup serve"),
        "{e}"
    );
}

#[test]
fn games_in_progress_and_finished_games_last_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut store = SqliteStore::open_in(dir.path()).unwrap();
        store
            .put_player(&PlayerRow {
                key: "key-a".into(),
                name: "Ann".into(),
                created: Timestamp::from_unix(1_800_000_000),
            })
            .unwrap();
        store.put_live(&[live(3, &["e2e4"])]).unwrap();
        // The same room written again after a move: replaced, not added.
        store.put_live(&[live(3, &["e2e4", "e7e5"])]).unwrap();
        store.put_live(&[live(4, &["d2d4"])]).unwrap();
        store.close().unwrap();
    }
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    let rooms = store.live_rooms().unwrap();
    assert_eq!(rooms, [live(3, &["e2e4", "e7e5"]), live(4, &["d2d4"])]);
    let done = FinishedGame {
        room: 3,
        keys: rooms[0].keys.clone(),
        names: rooms[0].names.clone(),
        rated: false,
        game: game("Ann", "Bob", &["e2e4", "e7e5"], 1_800_000_000, true),
    };
    store.game_over(&done, &[]).unwrap();
    assert_eq!(store.live_rooms().unwrap(), [live(4, &["d2d4"])]);
    assert_eq!(store.last_id().unwrap(), 4);
    store
        .game_over(
            &FinishedGame {
                room: 9,
                ..done.clone()
            },
            &[],
        )
        .unwrap();
    assert_eq!(
        store.last_id().unwrap(),
        9,
        "a finished room's id counts too"
    );
    assert_eq!(store.finished_games("key-b", 10).unwrap()[1], done);
    assert!(store.finished_games("key-c", 10).unwrap().is_empty());
    // Exportable as RON and PGN from what the store keeps.
    let kept = &store.finished_games("key-a", 1).unwrap()[0].game;
    assert_eq!(SavedGame::from_ron(&kept.to_ron(), "kept").unwrap(), *kept);
    assert!(rankup::save::pgn::export(kept).contains("1-0"));
}

#[test]
fn a_failed_game_over_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    store.put_live(&[live(5, &["e2e4"])]).unwrap();
    let done = FinishedGame {
        room: 5,
        keys: live(5, &[]).keys,
        names: live(5, &[]).names,
        rated: true,
        game: game("Ann", "Bob", &["e2e4"], 1_800_000_000, true),
    };
    // The second rating cannot be written (not a number): the whole change fails.
    let e = store
        .game_over(&done, &[rating("key-a", 1510.0), rating("key-b", f64::NAN)])
        .unwrap_err();
    assert!(e.to_string().contains(DB_FILE), "{e}");
    assert_eq!(
        store.live_rooms().unwrap(),
        [live(5, &["e2e4"])],
        "still in play"
    );
    assert!(store.finished_games("key-a", 10).unwrap().is_empty());
    assert!(
        store.ratings().unwrap().is_empty(),
        "no rating half written"
    );
    // Done right, it is all there.
    store
        .game_over(&done, &[rating("key-a", 1510.0), rating("key-b", 1490.0)])
        .unwrap();
    assert!(store.live_rooms().unwrap().is_empty());
    assert_eq!(store.ratings().unwrap().len(), 2);
}

#[test]
fn seeks_are_posted_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    let seek = rankup::server::store::SeekRow {
        id: 12,
        key: "key-a".into(),
        terms: "(variant: chess, clock: None)".into(),
        created: Timestamp::from_unix(1_800_000_000),
    };
    store.put_seek(&seek).unwrap();
    assert_eq!(store.seeks().unwrap(), [seek]);
    store.remove_seek(12).unwrap();
    assert!(store.seeks().unwrap().is_empty());
}

/// Writes `game` as an older server did, into `players/FOLDER/SUB/NAME.ron`.
fn put_file(data: &Path, folder: &str, sub: &str, name: &str, game: &SavedGame) {
    let dir = data.join("players").join(folder).join(sub);
    std::fs::create_dir_all(&dir).unwrap();
    rankup::save::save(&dir.join(format!("{name}.ron")), game).unwrap();
}

#[test]
fn an_older_data_folder_is_imported_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    std::fs::create_dir_all(data.join("server")).unwrap();
    std::fs::write(
        data.join("server/players.ron"),
        "{\"SHA256:aa/1+x\": \"Ann\", \"SHA256:bb/2+y\": \"Bob\"}",
    )
    .unwrap();
    let (ann, bob) = ("SHA256_aa_1_x", "SHA256_bb_2_y");
    // The game in progress, once per player (Bob's copy one move behind).
    let started = 1_800_000_000;
    let longer = game("Ann", "Bob", &["e2e4", "e7e5", "g1f3"], started, false);
    put_file(data, ann, "games", "room", &longer);
    put_file(
        data,
        bob,
        "games",
        "room",
        &game("Ann", "Bob", &["e2e4", "e7e5"], started, false),
    );
    // A finished game in both players' saves; a game against the AI in Ann's games.
    let done = game("Bob", "Ann", &["d2d4"], started - 86_400, true);
    put_file(data, ann, "saves", "done", &done);
    put_file(data, bob, "saves", "done", &done);
    let mut ai = game("Ann", "Bob", &["c2c4"], started + 5, false);
    ai.black = Player::Ai {
        level: rankup::ai::Level::new(3).unwrap(),
    };
    put_file(data, ann, "games", "ai", &ai);

    let mut store = SqliteStore::open_in(&data.join("server")).unwrap();
    let done_report = import_once(&mut store, data).unwrap().expect("imported");
    assert_eq!(
        (done_report.players, done_report.live, done_report.finished),
        (2, 1, 1)
    );
    let names: Vec<String> = store
        .players()
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ann", "Bob"]);
    let rooms = store.live_rooms().unwrap();
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].game, longer, "the longer copy");
    assert_eq!(rooms[0].keys.white, "SHA256:aa/1+x");
    assert_eq!(rooms[0].keys.black, "SHA256:bb/2+y");
    assert_eq!(
        rooms[0].setting.map(|s| s.control),
        Some(TimeControl::parse("5+3").unwrap())
    );
    assert_eq!(store.finished_games("SHA256:aa/1+x", 10).unwrap().len(), 1);
    // The room's copies left `games/` (they would open as a game at one keyboard); the AI
    // game and the players' saved games stay.
    assert!(!data
        .join("players")
        .join(ann)
        .join("games/room.ron")
        .exists());
    assert!(!data
        .join("players")
        .join(bob)
        .join("games/room.ron")
        .exists());
    assert!(data.join("players").join(ann).join("games/ai.ron").exists());
    assert!(data
        .join("players")
        .join(bob)
        .join("saves/done.ron")
        .exists());

    // Once only: a second start imports nothing, even with a game back in a folder.
    put_file(data, bob, "games", "room", &longer);
    drop(store);
    let mut store = SqliteStore::open_in(&data.join("server")).unwrap();
    assert_eq!(import_once(&mut store, data).unwrap(), None);
    assert_eq!(store.live_rooms().unwrap().len(), 1);
    assert_eq!(store.finished_games("SHA256:bb/2+y", 10).unwrap().len(), 1);
}

#[test]
fn a_broken_old_registry_stops_the_import_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    std::fs::create_dir_all(data.join("server")).unwrap();
    std::fs::write(data.join("server/players.ron"), "{\"key\": ").unwrap();
    let mut store = SqliteStore::open_in(&data.join("server")).unwrap();
    let e = import_once(&mut store, data).unwrap_err();
    assert!(e.to_string().contains("players.ron"), "{e}");
    assert!(store.players().unwrap().is_empty());
    assert_eq!(
        store.meta("legacy_import").unwrap(),
        None,
        "tried again next start"
    );
}

/// Runs `rankup serve` on `data` until it listens, then stops it with SIGTERM: its log,
/// and whether it exited cleanly.
fn serve_once(data: &Path) -> (String, bool) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rankup"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(data)
        .env("RANKUP_CONFIG_DIR", data.join("no-config"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut log = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        log.push_str(&line);
        log.push('\n');
        if line.contains("listening on") {
            break;
        }
    }
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    for line in lines {
        log.push_str(&line.unwrap());
        log.push('\n');
    }
    (log, child.wait().unwrap().success())
}

#[test]
fn a_server_started_on_an_older_data_folder_imports_it_once_and_restores_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    std::fs::create_dir_all(data.join("server")).unwrap();
    std::fs::write(
        data.join("server/players.ron"),
        "{\"SHA256:aa\": \"Ann\", \"SHA256:bb\": \"Bob\"}",
    )
    .unwrap();
    let in_play = game("Ann", "Bob", &["e2e4", "e7e5"], 1_800_000_000, false);
    put_file(data, "SHA256_aa", "games", "room", &in_play);
    put_file(data, "SHA256_bb", "games", "room", &in_play);

    let (log, clean) = serve_once(data);
    assert!(clean, "{log}");
    assert!(
        log.contains("older data folder imported: 2 players, 1 games in progress"),
        "{log}"
    );
    assert!(log.contains("games in progress restored: 1,"), "{log}");
    assert!(log.contains("stopped"), "{log}");
    // The second start finds it all in the database, and imports nothing.
    let (log, clean) = serve_once(data);
    assert!(clean, "{log}");
    assert!(!log.contains("imported"), "{log}");
    assert!(log.contains("games in progress restored: 1,"), "{log}");
    let store = SqliteStore::open_in(&data.join("server")).unwrap();
    assert_eq!(store.live_rooms().unwrap()[0].game, in_play);
}

#[test]
fn a_game_in_progress_keeps_its_chat_and_standing_offers_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let mut room = live(5, &["e2e4", "e7e5"]);
    room.chat = vec![
        ("Ann".into(), "good luck".into()),
        (
            "Bob".into(),
            "\"quoted\", (parens), ünïcödé, \\ back".into(),
        ),
    ];
    room.draw_offer = Some(Color::Black);
    room.takeback = Some(Color::White);
    {
        let mut store = SqliteStore::open_in(dir.path()).unwrap();
        store.put_live(&[room.clone(), live(6, &["d2d4"])]).unwrap();
        store.close().unwrap();
    }
    let store = SqliteStore::open_in(dir.path()).unwrap();
    assert_eq!(store.live_rooms().unwrap(), [room, live(6, &["d2d4"])]);
    drop(store);
    // A row without them (written before schema step 5) or with a damaged chat column
    // still brings its game back, without chat or offers.
    let conn = rusqlite::Connection::open(dir.path().join(DB_FILE)).unwrap();
    conn.execute(
        "UPDATE live_rooms SET chat = NULL, draw_offer = NULL, takeback = NULL WHERE id = 5",
        [],
    )
    .unwrap();
    conn.execute(
        "UPDATE live_rooms SET chat = 'not ron [', draw_offer = 'purple' WHERE id = 6",
        [],
    )
    .unwrap();
    drop(conn);
    let store = SqliteStore::open_in(dir.path()).unwrap();
    assert_eq!(
        store.live_rooms().unwrap(),
        [live(5, &["e2e4", "e7e5"]), live(6, &["d2d4"])]
    );
}
