//! The archive of finished games and the players' cards, from the server's store: pages
//! newest first (by player, by a name or game typed), a player's record and last games,
//! one game for review; the answers the server gives a connection's app.

use std::collections::HashMap;
use std::sync::Mutex;

use rankup::game::Game;
use rankup::net::{ArchiveAsk, NetEvent, NetRequest, ARCHIVE_PAGE};
use rankup::rules::{ByColor, Color, EndReason, Outcome, Position};
use rankup::save::{GameMeta, Player, SavedGame, Timestamp};
use rankup::server::archive::answer;
use rankup::server::hub::Hub;
use rankup::server::store::{ArchiveQuery, FinishedGame, RatingRow, Record, SqliteStore, Store};
use rankup::variants::{variant, VariantId};

const T0: i64 = 1_800_000_000;

/// A game of `id` between `white` and `black` after `plies` moves (each side's first
/// legal one), ended at `ended` with `winner` (a draw by agreement for `None`).
fn saved(
    id: VariantId,
    names: [&str; 2],
    plies: usize,
    ended: i64,
    winner: Option<Color>,
) -> SavedGame {
    let mut g = Game::new(Position::start(variant(id)));
    for _ in 0..plies {
        let mv = g.position().legal_moves()[0];
        g.play(mv).expect("legal");
    }
    g.declare(match winner {
        Some(winner) => Outcome::Decisive {
            winner,
            reason: EndReason::Resignation,
        },
        None => Outcome::Draw {
            reason: EndReason::Agreement,
        },
    });
    let human = |n: &str| Player::Human {
        name: Some(n.into()),
    };
    let mut meta = GameMeta::new(human(names[0]), human(names[1]));
    meta.started = Timestamp::from_unix(ended - 600);
    meta.ended = Some(Timestamp::from_unix(ended));
    SavedGame::from_game(&g, &meta)
}

fn key(name: &str) -> String {
    format!("SHA256:{name}Key0123456789")
}

fn finished(
    room: u64,
    id: VariantId,
    names: [&str; 2],
    ended: i64,
    winner: Option<Color>,
) -> FinishedGame {
    FinishedGame {
        room,
        keys: ByColor {
            white: key(names[0]),
            black: key(names[1]),
        },
        names: ByColor {
            white: names[0].into(),
            black: names[1].into(),
        },
        rated: room.is_multiple_of(2),
        game: saved(id, names, 2, ended, winner),
    }
}

/// A store with six games: Ann's four, Bob's four, Cat's two, chess and PromoChess.
fn store(dir: &std::path::Path) -> SqliteStore {
    let mut store = SqliteStore::open_in(dir).unwrap();
    let games = [
        finished(1, VariantId::Chess, ["Ann", "Bob"], T0, Some(Color::White)),
        finished(
            2,
            VariantId::Chess,
            ["Bob", "Ann"],
            T0 + 100,
            Some(Color::White),
        ),
        finished(3, VariantId::Promochess, ["Ann", "Cat"], T0 + 200, None),
        finished(
            4,
            VariantId::Chess,
            ["Cat", "Bob"],
            T0 + 300,
            Some(Color::Black),
        ),
        finished(
            5,
            VariantId::Promochess,
            ["Bob", "Ann"],
            T0 + 400,
            Some(Color::Black),
        ),
        finished(
            6,
            VariantId::Chess,
            ["Dan", "Eve"],
            T0 + 500,
            Some(Color::White),
        ),
    ];
    for g in &games {
        store.game_over(g, &[]).unwrap();
    }
    store
}

fn rooms(store: &SqliteStore, query: &ArchiveQuery) -> Vec<u64> {
    store
        .archive(query)
        .unwrap()
        .iter()
        .map(|r| r.room)
        .collect()
}

#[test]
fn the_archive_is_read_a_page_at_a_time_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let page = |offset, limit| ArchiveQuery {
        offset,
        limit,
        ..ArchiveQuery::default()
    };
    assert_eq!(rooms(&store, &page(0, 4)), [6, 5, 4, 3]);
    assert_eq!(rooms(&store, &page(4, 4)), [2, 1]);
    assert!(rooms(&store, &page(8, 4)).is_empty());
    // A page is bounded by the store whatever is asked.
    assert_eq!(rooms(&store, &page(0, usize::MAX)).len(), 6);
    let row = &store.archive(&page(0, 1)).unwrap()[0];
    assert_eq!(
        (
            row.names.white.as_str(),
            row.variant.as_str(),
            row.result.as_str(),
            row.rated
        ),
        ("Dan", "chess", "1-0", true)
    );
    assert_eq!(row.ended, Timestamp::from_unix(T0 + 500));
}

#[test]
fn the_archive_filters_by_player_by_name_and_by_game() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let by_key = ArchiveQuery {
        key: Some(key("Ann")),
        limit: 10,
        ..ArchiveQuery::default()
    };
    assert_eq!(rooms(&store, &by_key), [5, 3, 2, 1]);
    // A name's part, any case.
    let text = |t: &str, variants: &[&str]| ArchiveQuery {
        text: t.into(),
        variants: variants.iter().map(|v| v.to_string()).collect(),
        limit: 10,
        ..ArchiveQuery::default()
    };
    assert_eq!(rooms(&store, &text("ca", &[])), [4, 3]);
    assert_eq!(rooms(&store, &text("EVE", &[])), [6]);
    // A game: the text matches no name, the variants it names match.
    assert_eq!(rooms(&store, &text("promo", &["promochess"])), [5, 3]);
    // LIKE's own characters are taken literally.
    assert!(rooms(&store, &text("%", &[])).is_empty());
    assert!(rooms(&store, &text("_", &[])).is_empty());
    // Both: Ann's games in PromoChess.
    let both = ArchiveQuery {
        key: Some(key("Ann")),
        ..text("promo", &["promochess"])
    };
    assert_eq!(rooms(&store, &both), [5, 3]);
}

#[test]
fn a_players_record_and_one_game_come_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    assert_eq!(
        store.record(&key("Ann")).unwrap(),
        Record {
            won: 2,
            drawn: 1,
            lost: 1
        }
    );
    assert_eq!(
        store.record(&key("Bob")).unwrap(),
        Record {
            won: 2,
            drawn: 0,
            lost: 2
        }
    );
    assert_eq!(store.record("nobody").unwrap(), Record::default());
    let game = store.finished_game(3).unwrap().expect("room 3 finished");
    assert_eq!(
        game,
        finished(3, VariantId::Promochess, ["Ann", "Cat"], T0 + 200, None)
    );
    assert_eq!(store.finished_game(99).unwrap(), None);
}

fn shared(store: SqliteStore) -> (Mutex<Hub>, Mutex<Box<dyn Store>>) {
    let registry: HashMap<String, String> = ["Ann", "Bob", "Cat", "Dan", "Eve"]
        .iter()
        .map(|n| (key(n), n.to_string()))
        .collect();
    let rating = |variant: &str, rating: f64, games: u32| RatingRow {
        key: key("Ann"),
        variant: variant.into(),
        rating,
        deviation: if games > 10 { 60.0 } else { 200.0 },
        volatility: 0.06,
        games,
    };
    let (hub, problems) = Hub::new(registry, 1).with_rating_rows(vec![
        rating("chess", 1712.4, 14),
        rating("promochess", 1488.6, 2),
    ]);
    assert!(problems.is_empty(), "{problems:?}");
    (Mutex::new(hub), Mutex::new(Box::new(store)))
}

#[test]
fn a_card_has_the_key_ratings_record_and_last_games() {
    let dir = tempfile::tempdir().unwrap();
    let (hub, store) = shared(store(dir.path()));
    let log = |_: &str| {};
    // Any case finds the player; the card has the name as chosen.
    let event = answer(&hub, &store, NetRequest::Card("ann".into()), &log).unwrap();
    let NetEvent::Card(card) = event else {
        panic!("a card: {event:?}")
    };
    assert_eq!(
        (card.name.as_str(), card.key.as_str()),
        ("Ann", key("Ann").as_str())
    );
    let ratings: Vec<(String, String, u32)> = card
        .ratings
        .iter()
        .map(|r| (r.game.clone(), r.rating.label(), r.games))
        .collect();
    assert_eq!(
        ratings,
        [
            ("Chess".to_string(), "1712".to_string(), 14),
            ("PromoChess".to_string(), "1489?".to_string(), 2)
        ]
    );
    assert_eq!(card.record, (2, 1, 1));
    let recent: Vec<(u64, String)> = card
        .recent
        .iter()
        .map(|e| (e.room, e.result_for("Ann")))
        .collect();
    assert_eq!(
        recent,
        [
            (5, "won".to_string()),
            (3, "drew".to_string()),
            (2, "lost".to_string()),
            (1, "won".to_string())
        ]
    );
    assert_eq!(card.recent[0].game, "PromoChess");
    let event = answer(&hub, &store, NetRequest::Card("Zed".into()), &log).unwrap();
    assert_eq!(event, NetEvent::Notice("no player named Zed".into()));
    // Other requests are the hub's.
    assert_eq!(
        answer(&hub, &store, NetRequest::Draw(3), &log),
        Err(NetRequest::Draw(3))
    );
}

#[test]
fn the_archive_answers_pages_with_more_and_a_game_to_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = store(dir.path());
    // More games than a page.
    for room in 10..(10 + ARCHIVE_PAGE as u64) {
        let g = finished(
            room,
            VariantId::Chess,
            ["Dan", "Eve"],
            T0 + 1000 + room as i64,
            None,
        );
        s.game_over(&g, &[]).unwrap();
    }
    let (hub, store) = shared(s);
    let log = |_: &str| {};
    let ask = |text: &str, player: Option<&str>, offset| {
        NetRequest::Archive(ArchiveAsk {
            player: player.map(str::to_string),
            text: text.into(),
            offset,
        })
    };
    let NetEvent::Archive(first) = answer(&hub, &store, ask("", None, 0), &log).unwrap() else {
        panic!("a page")
    };
    assert_eq!(first.entries.len(), ARCHIVE_PAGE);
    assert!(first.more);
    assert_eq!(
        first.entries[0].room,
        9 + ARCHIVE_PAGE as u64,
        "newest first"
    );
    let NetEvent::Archive(second) =
        answer(&hub, &store, ask("", None, ARCHIVE_PAGE), &log).unwrap()
    else {
        panic!("a page")
    };
    let rooms: Vec<u64> = second.entries.iter().map(|e| e.room).collect();
    assert_eq!(rooms, [6, 5, 4, 3, 2, 1]);
    assert!(!second.more);
    assert_eq!(second.ask.offset, ARCHIVE_PAGE);
    // Typed: a game's name, or a player's games.
    let NetEvent::Archive(promo) = answer(&hub, &store, ask("Promo", None, 0), &log).unwrap()
    else {
        panic!("a page")
    };
    let rooms: Vec<u64> = promo.entries.iter().map(|e| e.room).collect();
    assert_eq!(rooms, [5, 3]);
    let NetEvent::Archive(cat) = answer(&hub, &store, ask("", Some("Cat"), 0), &log).unwrap()
    else {
        panic!("a page")
    };
    let rooms: Vec<u64> = cat.entries.iter().map(|e| e.room).collect();
    assert_eq!(rooms, [4, 3]);
    // A game, for review.
    let event = answer(&hub, &store, NetRequest::ArchiveGame(4), &log).unwrap();
    let NetEvent::ArchiveGame { room: 4, game } = event else {
        panic!("the game: {event:?}")
    };
    assert_eq!(game.moves.len(), 2);
    assert_eq!(
        answer(&hub, &store, NetRequest::ArchiveGame(999), &log).unwrap(),
        NetEvent::Notice("no finished game 999".into())
    );
}
