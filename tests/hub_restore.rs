//! Games in progress across a restart, in the pure hub: stored with their clocks when the
//! server stops, restored held (clocks stopped, nobody may claim at once), resumed when
//! both players are back, then played on as the same game.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rankup::game::TimeControl;
use rankup::net::{ClockSetting, NetEvent, NetRequest, RoomView, Side, Terms};
use rankup::rules::{Color, EndReason, Outcome};
use rankup::server::hub::{Effect, Hub, LiveRoom};
use rankup::variants::VariantId;

const ANN: u64 = 1;
const BOB: u64 = 2;
const CAT: u64 = 3;
const GRACE: Duration = Duration::from_secs(60);

fn registry() -> HashMap<String, String> {
    [("key-a", "Ann"), ("key-b", "Bob"), ("key-c", "Cat")]
        .into_iter()
        .map(|(k, n)| (k.to_string(), n.to_string()))
        .collect()
}

fn to(effects: &[Effect], conn: u64) -> Vec<NetEvent> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send(c, ev) if *c == conn => Some(ev.clone()),
            _ => None,
        })
        .collect()
}

fn room(effects: &[Effect], conn: u64) -> RoomView {
    to(effects, conn)
        .into_iter()
        .rev()
        .find_map(|e| match e {
            NetEvent::Room(v) => Some(v),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no room view for {conn} in {effects:?}"))
}

fn notices(effects: &[Effect], conn: u64) -> String {
    to(effects, conn)
        .into_iter()
        .filter_map(|e| match e {
            NetEvent::Notice(t) => Some(t),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn play(hub: &mut Hub, conn: u64, room: u64, ply: usize, token: &str, now: Instant) -> Vec<Effect> {
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

/// A 5+3 game whose clock runs on for an absent player, three moves in, stored at
/// shutdown: the room as the store got it, and the time it was stopped.
fn stored_game(t0: Instant) -> (LiveRoom, Instant) {
    let (live, stop, _) = stopped_hub(t0);
    (live, stop)
}

/// The same, with the hub that stopped.
fn stopped_hub(t0: Instant) -> (LiveRoom, Instant, Hub) {
    stopped_hub_after(t0, |_, _, _| {})
}

/// The same, `before` done in the room just before the stop.
fn stopped_hub_after(
    t0: Instant,
    before: impl FnOnce(&mut Hub, u64, Instant),
) -> (LiveRoom, Instant, Hub) {
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    hub.connect(ANN, "key-a", t0);
    hub.connect(BOB, "key-b", t0);
    let terms = Terms {
        variant: VariantId::Chess,
        side: Side::White,
        clock: Some(ClockSetting {
            control: TimeControl::parse("5+3").expect("a clock"),
            pause_when_away: false,
        }),
        days: None,
        rated: true,
    };
    let e = hub.request(
        ANN,
        NetRequest::Challenge {
            to: "Bob".into(),
            terms,
        },
        t0,
    );
    let id = to(&e, BOB)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("the challenge is listed");
    let e = hub.request(BOB, NetRequest::Accept(id), t0);
    let room_id = room(&e, ANN).room;
    let s = Duration::from_secs;
    play(&mut hub, ANN, room_id, 0, "e2e4", t0 + s(1));
    play(&mut hub, BOB, room_id, 1, "e7e5", t0 + s(2));
    let e = play(&mut hub, ANN, room_id, 2, "g1f3", t0 + s(12));
    assert_eq!(room(&e, BOB).tokens.len(), 3);
    // Black thinks 20 s, then the server stops.
    let stop = t0 + s(32);
    before(&mut hub, room_id, stop);
    let stored: Vec<LiveRoom> = hub
        .shutdown(stop)
        .into_iter()
        .filter_map(|e| match e {
            Effect::Live(live) => Some(*live),
            _ => None,
        })
        .collect();
    assert_eq!(stored.len(), 1, "one game in progress");
    (stored[0].clone(), stop, hub)
}

#[test]
fn while_the_server_stops_no_flag_falls_and_no_grace_ends() {
    let (live, stop, mut hub) = stopped_hub(Instant::now());
    // Both players are disconnected as the server stops; long after, nothing happened.
    hub.disconnect(ANN, stop);
    hub.disconnect(BOB, stop);
    let later = stop + Duration::from_secs(3600);
    assert!(hub
        .tick(later)
        .iter()
        .all(|e| !matches!(e, Effect::GameOver { .. })));
    let e = hub.shutdown(later);
    let again = e
        .iter()
        .find_map(|e| match e {
            Effect::Live(l) => Some(l.game.clone()),
            _ => None,
        })
        .expect("still in progress");
    assert_eq!(
        again.clock, live.game.clock,
        "no time charged while stopping"
    );
}

#[test]
fn shutdown_stores_the_clocks_charged_up_to_the_stop() {
    let (live, _) = stored_game(Instant::now());
    let clock = live.game.clock.expect("timed");
    // The clocks start once each side has moved: White spent 10 s on g1f3 (+3 s), Black
    // had thought 20 s on the fourth move when the server stopped.
    assert_eq!(clock.white_ms, 300_000 - 10_000 + 3_000);
    assert_eq!(clock.black_ms, 300_000 - 20_000);
    assert_eq!(
        (live.names.white.as_str(), live.names.black.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(
        (live.keys.white.as_str(), live.keys.black.as_str()),
        ("key-a", "key-b")
    );
}

#[test]
fn a_restored_game_is_held_until_both_are_back_then_goes_on() {
    let t0 = Instant::now();
    let (live, stop) = stored_game(t0);
    let room_id = live.id;
    let stored = live.game.clock.expect("timed");
    // The server comes back an hour later.
    let start = stop + Duration::from_secs(3600);
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    assert!(hub.restore(vec![live], start).is_empty());
    // A spectator sees the game listed and may watch it, its clocks as stored, stopped.
    let e = hub.connect(CAT, "key-c", start);
    let lobby = to(&e, CAT)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => Some(l),
            _ => None,
        })
        .expect("a lobby");
    assert_eq!(lobby.games.len(), 1);
    assert_eq!(lobby.games[0].names.white, "Ann");
    let e = hub.request(CAT, NetRequest::Watch(room_id), start);
    let cat = room(&e, CAT);
    assert_eq!(cat.tokens, ["e2e4", "e7e5", "g1f3"]);
    let clock = cat.clock.expect("timed");
    assert_eq!(clock.left_ms.white, stored.white_ms);
    assert_eq!(clock.left_ms.black, stored.black_ms);
    assert_eq!(clock.running, None, "held: no clock runs");
    // Ann comes back ten minutes later: into her game, as White, Bob's grace from now.
    let ann_back = start + Duration::from_secs(600);
    let e = hub.connect(ANN, "key-a", ann_back);
    let ann = room(&e, ANN);
    assert_eq!((ann.room, ann.you), (room_id, Some(Color::White)));
    assert!(
        notices(&e, ANN).contains("your game with Bob is kept"),
        "{e:?}"
    );
    assert_eq!(ann.away.black, Some(GRACE.as_secs()));
    assert_eq!(ann.away.white, None);
    // Enter on her game in the lobby takes her back into it as a player.
    let e = hub.request(ANN, NetRequest::Watch(room_id), ann_back);
    assert_eq!(room(&e, ANN).you, Some(Color::White));
    // She cannot claim at once, nor half-way through Bob's grace; no flag falls meanwhile.
    let half = ann_back + GRACE / 2;
    let e = hub.request(ANN, NetRequest::Claim(room_id), half);
    assert!(notices(&e, ANN).contains("nothing to claim"), "{e:?}");
    assert!(hub
        .tick(half)
        .iter()
        .all(|e| !matches!(e, Effect::GameOver { .. })));
    // Bob is back within his grace: the game goes on, nobody's clock charged for the
    // hour down nor the wait.
    let bob_back = half + Duration::from_secs(5);
    let e = hub.connect(BOB, "key-b", bob_back);
    let bob = room(&e, BOB);
    assert_eq!(bob.you, Some(Color::Black));
    assert!(notices(&e, ANN).contains("Bob is back"), "{e:?}");
    let clock = bob.clock.expect("timed");
    assert_eq!(clock.left_ms.black, stored.black_ms);
    assert_eq!(clock.running, Some(Color::Black));
    assert_eq!(bob.away.white, None);
    assert_eq!(bob.away.black, None);
    // Bob thinks 4 s and plays; Ann answers: the same network game goes on.
    let e = play(
        &mut hub,
        BOB,
        room_id,
        3,
        "b8c6",
        bob_back + Duration::from_secs(4),
    );
    let v = room(&e, ANN);
    assert_eq!(v.tokens.len(), 4);
    let clock = v.clock.expect("timed");
    assert_eq!(clock.left_ms.black, stored.black_ms - 4_000 + 3_000);
    assert!(e.iter().any(|e| matches!(e,
        Effect::Live(l) if l.id == room_id && l.game.moves.len() == 4)));
    let e = play(
        &mut hub,
        ANN,
        room_id,
        4,
        "f1b5",
        bob_back + Duration::from_secs(6),
    );
    assert_eq!(room(&e, CAT).tokens.len(), 5, "the spectator follows");
    // A new game gets a room id of its own.
    let e = hub.request(
        ANN,
        NetRequest::Resign(room_id),
        bob_back + Duration::from_secs(7),
    );
    let over = e
        .iter()
        .find_map(|e| match e {
            Effect::GameOver { room, game, .. } => Some((*room, game.game.result.as_str())),
            _ => None,
        })
        .expect("stored as finished");
    assert_eq!(over, (room_id, "0-1"));
}

#[test]
fn the_first_back_may_claim_only_after_the_whole_grace_from_their_return() {
    let t0 = Instant::now();
    let (live, stop) = stored_game(t0);
    let room_id = live.id;
    let start = stop + Duration::from_secs(10);
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    hub.restore(vec![live], start);
    // Ann comes back long after the restart: Bob's grace starts when she does.
    let back = start + GRACE * 5;
    hub.connect(ANN, "key-a", back);
    let e = hub.request(
        ANN,
        NetRequest::Claim(room_id),
        back + Duration::from_secs(1),
    );
    assert!(notices(&e, ANN).contains("nothing to claim"), "{e:?}");
    let e = hub.request(ANN, NetRequest::Claim(room_id), back + GRACE);
    let v = room(&e, ANN);
    assert_eq!(
        v.outcome,
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Abandoned
        })
    );
}

#[test]
fn a_restored_room_keeps_its_id_and_new_rooms_do_not_reuse_it() {
    let t0 = Instant::now();
    let (live, stop) = stored_game(t0);
    let room_id = live.id;
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    // The same game twice (a damaged store): the second is refused, not merged.
    let problems = hub.restore(vec![live.clone(), live], stop);
    assert_eq!(problems.len(), 1, "{problems:?}");
    hub.connect(CAT, "key-c", stop);
    let e = hub.connect(BOB, "key-b", stop);
    assert_eq!(room(&e, BOB).room, room_id);
    // Cat seeks; Bob is in a game, so Cat challenges nobody: the seek's id is new.
    let e = hub.request(
        CAT,
        NetRequest::Seek {
            terms: Terms {
                variant: VariantId::Chess,
                side: Side::Random,
                clock: None,
                days: None,
                rated: false,
            },
            range: None,
        },
        stop,
    );
    let seek = to(&e, CAT)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("listed");
    assert!(seek > room_id);
    // Ids the store used for finished rooms are not used again either.
    let mut hub = Hub::new(registry(), 2);
    hub.number_after(40);
    hub.connect(CAT, "key-c", stop);
    let e = hub.request(
        CAT,
        NetRequest::Seek {
            terms: Terms {
                variant: VariantId::Chess,
                side: Side::Random,
                clock: None,
                days: None,
                rated: false,
            },
            range: None,
        },
        stop,
    );
    let seek = to(&e, CAT)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("listed");
    assert_eq!(seek, 41);
}

/// The chat lines of a view, as "name: line".
fn chat(view: &RoomView) -> Vec<String> {
    view.chat.iter().map(|(n, l)| format!("{n}: {l}")).collect()
}

#[test]
fn a_restart_keeps_the_chat_and_a_standing_draw_offer() {
    let t0 = Instant::now();
    let (live, stop, _) = stopped_hub_after(t0, |hub, room_id, at| {
        for (conn, text) in [(ANN, "good luck"), (BOB, "you too")] {
            let e = hub.request(
                conn,
                NetRequest::Chat {
                    room: room_id,
                    text: text.into(),
                },
                at,
            );
            // Each line is stored with the game at once (a crash keeps it too).
            assert!(
                e.iter().any(
                    |e| matches!(e, Effect::Live(l) if l.chat.len() <= 2 && !l.chat.is_empty())
                ),
                "{e:?}"
            );
        }
        let e = hub.request(BOB, NetRequest::Draw(room_id), at);
        assert!(
            e.iter()
                .any(|e| matches!(e, Effect::Live(l) if l.draw_offer == Some(Color::Black))),
            "the offer is stored: {e:?}"
        );
    });
    let room_id = live.id;
    assert_eq!(live.chat.len(), 2);
    assert_eq!(live.draw_offer, Some(Color::Black));
    assert_eq!(live.takeback, None);
    let start = stop + Duration::from_secs(30);
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    assert!(hub.restore(vec![live], start).is_empty());
    let e = hub.connect(ANN, "key-a", start);
    let ann = room(&e, ANN);
    assert_eq!(chat(&ann), ["Ann: good luck", "Bob: you too"]);
    assert_eq!(
        ann.draw_offer,
        Some(Color::Black),
        "Bob's offer still stands"
    );
    assert!(
        notices(&e, ANN).contains("Bob's draw offer stands: D accepts"),
        "and she is told: {e:?}"
    );
    let e = hub.connect(BOB, "key-b", start + Duration::from_secs(1));
    assert_eq!(room(&e, BOB).draw_offer, Some(Color::Black));
    // Ann accepts it after the restart: the game is drawn.
    let e = hub.request(
        ANN,
        NetRequest::Draw(room_id),
        start + Duration::from_secs(2),
    );
    assert!(
        matches!(room(&e, BOB).outcome, Some(Outcome::Draw { .. })),
        "{e:?}"
    );
}

#[test]
fn a_restart_keeps_a_standing_takeback_request_and_the_last_chat_lines_only() {
    let t0 = Instant::now();
    let (mut live, stop, _) = stopped_hub_after(t0, |hub, room_id, at| {
        // Ann (White, who just played g1f3) asks to take it back.
        let e = hub.request(ANN, NetRequest::Takeback(room_id), at);
        assert!(
            e.iter()
                .any(|e| matches!(e, Effect::Live(l) if l.takeback == Some(Color::White))),
            "the request is stored: {e:?}"
        );
    });
    let room_id = live.id;
    assert_eq!(live.takeback, Some(Color::White));
    // A store that holds more lines than a room keeps (written by a build that kept
    // more): only the last ones come back.
    live.chat = (0..100)
        .map(|i| ("Ann".to_string(), format!("line {i}")))
        .collect();
    let start = stop + Duration::from_secs(30);
    let mut hub = Hub::new(registry(), 2).with_grace(GRACE);
    assert!(hub.restore(vec![live], start).is_empty());
    hub.connect(ANN, "key-a", start);
    let e = hub.connect(BOB, "key-b", start);
    let bob = room(&e, BOB);
    assert_eq!(bob.takeback, Some(Color::White));
    assert!(
        notices(&e, BOB).contains("Ann asks to take a move back: y or n"),
        "{e:?}"
    );
    assert!(bob.chat.len() < 100);
    assert_eq!(bob.chat.last().map(|(_, l)| l.as_str()), Some("line 99"));
    // Bob grants it: the game is back before g1f3.
    let e = hub.request(
        BOB,
        NetRequest::AnswerTakeback {
            room: room_id,
            yes: true,
        },
        start + Duration::from_secs(1),
    );
    assert_eq!(room(&e, ANN).tokens, ["e2e4", "e7e5"]);
}
