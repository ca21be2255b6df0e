//! What the hub tests of ratings, seeks and correspondence share: a hub with four players,
//! and readers of the effects it answers with.

#![allow(dead_code)]

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rankup::game::TimeControl;
use rankup::net::{
    ClockSetting, LobbyView, NetEvent, NetRequest, RoomView, Side, Terms, DAYS_CHOICES,
};
use rankup::rating::Rating;
use rankup::server::hub::{Effect, Hub};
use rankup::variants::VariantId;

pub const ANN: u64 = 1;
pub const BOB: u64 = 2;
pub const CAT: u64 = 3;
pub const DAN: u64 = 4;

/// Ann, Bob, Cat and Dan (keys key-a .. key-d), registered and connected, rated as given
/// (by key and game).
pub fn hub_rated(now: Instant, ratings: &[(&str, VariantId, Rating)]) -> Hub {
    let registry: HashMap<String, String> = [
        ("key-a", "Ann"),
        ("key-b", "Bob"),
        ("key-c", "Cat"),
        ("key-d", "Dan"),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n.to_string()))
    .collect();
    let ratings = ratings
        .iter()
        .map(|(k, v, r)| ((k.to_string(), *v), *r))
        .collect();
    let mut hub = Hub::new(registry, 2)
        .with_grace(Duration::from_secs(60))
        .with_ratings(ratings);
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

/// The four players, none rated yet.
pub fn hub(now: Instant) -> Hub {
    hub_rated(now, &[])
}

/// A settled rating (not provisional).
pub fn settled(rating: f64) -> Rating {
    Rating::new(rating, 60.0, 0.06, 40).unwrap()
}

/// The events sent to `conn`.
pub fn to(effects: &[Effect], conn: u64) -> Vec<NetEvent> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send(c, ev) if *c == conn => Some(ev.clone()),
            _ => None,
        })
        .collect()
}

/// The last room view sent to `conn`.
pub fn room(effects: &[Effect], conn: u64) -> RoomView {
    try_room(effects, conn).unwrap_or_else(|| panic!("no room view for {conn} in {effects:?}"))
}

/// The last room view sent to `conn`, if any.
pub fn try_room(effects: &[Effect], conn: u64) -> Option<RoomView> {
    to(effects, conn).into_iter().rev().find_map(|e| match e {
        NetEvent::Room(v) => Some(v),
        _ => None,
    })
}

/// The last lobby view sent to `conn`.
pub fn lobby(effects: &[Effect], conn: u64) -> LobbyView {
    to(effects, conn)
        .into_iter()
        .rev()
        .find_map(|e| match e {
            NetEvent::Lobby(v) => Some(v),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no lobby view for {conn} in {effects:?}"))
}

pub fn notices(effects: &[Effect], conn: u64) -> Vec<String> {
    to(effects, conn)
        .into_iter()
        .filter_map(|e| match e {
            NetEvent::Notice(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// Chess, the challenger White, 5+0, rated.
pub fn rated_blitz() -> Terms {
    Terms {
        variant: VariantId::Chess,
        side: Side::White,
        clock: Some(ClockSetting {
            control: TimeControl::parse("5+0").unwrap(),
            pause_when_away: false,
        }),
        days: None,
        rated: true,
    }
}

/// Chess by correspondence, `days` per move, the challenger White, rated.
pub fn correspondence(days: u8) -> Terms {
    assert!(DAYS_CHOICES.contains(&days));
    Terms {
        clock: None,
        days: Some(days),
        ..rated_blitz()
    }
}

/// `from` challenges the player named `to` (connection `to_conn`), who accepts: the
/// effects of the acceptance.
pub fn challenge_accepted(
    hub: &mut Hub,
    from: u64,
    to_name: &str,
    to_conn: u64,
    terms: Terms,
    now: Instant,
) -> Vec<Effect> {
    let e = hub.request(
        from,
        NetRequest::Challenge {
            to: to_name.into(),
            terms,
        },
        now,
    );
    let id = lobby(&e, to_conn)
        .challenges
        .iter()
        .rev()
        .find(|c| c.to.as_deref() == Some(to_name))
        .unwrap_or_else(|| panic!("the challenge is listed: {e:?}"))
        .id;
    hub.request(to_conn, NetRequest::Accept(id), now)
}

pub fn play(
    hub: &mut Hub,
    conn: u64,
    room: u64,
    ply: usize,
    token: &str,
    now: Instant,
) -> Vec<Effect> {
    hub.request(
        conn,
        NetRequest::Move {
            room,
            ply,
            token: token.into(),
        },
        now,
    )
}
