//! The hub and the server's store together, as `rankup serve` wires them: a rated game's
//! new ratings are written in the same transaction as the finished game and are known
//! again after a restart; a correspondence game is stored with its days and the time left
//! to the side to move, and comes back waiting in the lobbies (not held like a real-time
//! game), its deadline what was left when the server stopped.

mod hub_support;

use std::time::{Duration, Instant};

use hub_support::*;
use rankup::net::NetRequest;
use rankup::rules::{Color, EndReason, Outcome};
use rankup::server::hub::{Effect, Hub};
use rankup::server::store::sqlite::SqliteStore;
use rankup::server::store::Store;
use rankup::variants::VariantId;

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// Carries out the hub's store effects on `store`, as the server does.
fn apply(store: &mut SqliteStore, effects: &[Effect]) {
    for e in effects {
        match e {
            Effect::Live(live) => store.put_live(std::slice::from_ref(&**live)).unwrap(),
            Effect::GameOver { game, ratings, .. } => store.game_over(game, ratings).unwrap(),
            _ => {}
        }
    }
}

#[test]
fn a_rated_games_ratings_are_stored_with_it_and_known_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let now = Instant::now();
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, rated_blitz(), now);
    apply(&mut store, &e);
    let id = room(&e, ANN).room;
    apply(&mut store, &play(&mut hub, ANN, id, 0, "e2e4", now));
    apply(&mut store, &play(&mut hub, BOB, id, 1, "e7e5", now));
    assert_eq!(store.live_rooms().unwrap().len(), 1);
    let e = hub.request(BOB, NetRequest::Resign(id), now);
    apply(&mut store, &e);
    let (ann, bob) = (
        hub.rating("key-a", VariantId::Chess),
        hub.rating("key-b", VariantId::Chess),
    );
    assert!(ann.rating > 1500.0 && bob.rating < 1500.0);
    // In the store: no game in progress, the finished game rated, both ratings.
    assert!(store.live_rooms().unwrap().is_empty());
    let done = store.finished_games("key-a", 5).unwrap();
    assert_eq!(done.len(), 1);
    assert!(done[0].rated);
    store.close().unwrap();
    drop(store);

    // The next server knows them.
    let store = SqliteStore::open_in(dir.path()).unwrap();
    let (again, problems) = Hub::new(
        [("key-a", "Ann"), ("key-b", "Bob")]
            .into_iter()
            .map(|(k, n)| (k.to_string(), n.to_string()))
            .collect(),
        2,
    )
    .with_rating_rows(store.ratings().unwrap());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(again.rating("key-a", VariantId::Chess), ann);
    assert_eq!(again.rating("key-b", VariantId::Chess), bob);
}

#[test]
fn stored_ratings_of_unknown_games_or_out_of_range_are_left_out_by_name() {
    let row = |variant: &str, rating: f64| rankup::server::hub::RatingRow {
        key: "key-a".into(),
        variant: variant.into(),
        rating,
        deviation: 80.0,
        volatility: 0.06,
        games: 12,
    };
    let (hub, problems) = Hub::new(Default::default(), 1).with_rating_rows(vec![
        row("chess", 1720.0),
        row("no-such-game", 1600.0),
        row("promochess", f64::NAN),
    ]);
    assert_eq!(hub.rating("key-a", VariantId::Chess).rating, 1720.0);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].contains("no-such-game"), "{problems:?}");
    assert!(problems[1].contains("promochess"), "{problems:?}");
}

#[test]
fn a_correspondence_game_comes_back_waiting_with_the_time_that_was_left() {
    let dir = tempfile::tempdir().unwrap();
    let t0 = Instant::now();
    let mut store = SqliteStore::open_in(dir.path()).unwrap();
    let mut hub = hub(t0);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(3), t0);
    apply(&mut store, &e);
    let id = room(&e, BOB).room;
    hub.request(ANN, NetRequest::Watch(id), t0);
    apply(&mut store, &play(&mut hub, ANN, id, 0, "e2e4", t0));
    // The server stops a day later: Bob had two days left.
    let stop = t0 + DAY;
    apply(&mut store, &hub.shutdown(stop));
    let stored = store.live_rooms().unwrap();
    assert_eq!(stored.len(), 1);
    assert!(stored[0].rated);
    assert_eq!(stored[0].days, Some((3, 2 * DAY)));
    store.close().unwrap();
    drop(store);

    // It starts again much later: the time it was down is nobody's.
    let store = SqliteStore::open_in(dir.path()).unwrap();
    let back = stop + 5 * DAY;
    let mut hub = restarted(store.live_rooms().unwrap(), back);
    // Not held like a real-time game: Bob may start a real-time game meanwhile, and his
    // correspondence game shows two days left.
    let e = challenge_accepted(&mut hub, CAT, "Bob", BOB, rated_blitz(), back);
    assert!(try_room(&e, BOB).is_some(), "{e:?}");
    let mine = lobby(&e, BOB).mine;
    assert_eq!(mine.len(), 1, "{mine:?}");
    // Nothing happens until the two days are over, then Bob (to move) loses on time.
    assert!(!hub
        .tick(back + 2 * DAY - Duration::from_secs(1))
        .iter()
        .any(|x| matches!(x, Effect::GameOver { .. })));
    let e = hub.tick(back + 2 * DAY);
    let over = e
        .iter()
        .find_map(|x| match x {
            Effect::GameOver { game, .. } if game.room == id => Some(game.game.clone()),
            _ => None,
        })
        .expect("the correspondence game ends on time");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Time
        })
    );
}

/// A server started at `now` with `rooms` restored, then the four players of [`hub`]
/// connecting.
fn restarted(rooms: Vec<rankup::server::hub::LiveRoom>, now: Instant) -> Hub {
    let mut hub = Hub::new(
        [
            ("key-a", "Ann"),
            ("key-b", "Bob"),
            ("key-c", "Cat"),
            ("key-d", "Dan"),
        ]
        .into_iter()
        .map(|(k, n)| (k.to_string(), n.to_string()))
        .collect(),
        2,
    );
    assert!(hub.restore(rooms, now).is_empty());
    for (conn, key) in [
        (ANN, "key-a"),
        (BOB, "key-b"),
        (CAT, "key-c"),
        (DAN, "key-d"),
    ] {
        hub.connect(conn, key, now);
    }
    hub
}
