//! The game server's lobby and rooms as a pure state machine: names, challenges, moves,
//! clocks, offers, chat, spectators, disconnection and return, without a socket.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rankup::game::TimeControl;
use rankup::net::{ClockSetting, NetEvent, NetRequest, Presence, RoomView, Side, Terms};
use rankup::rules::{Color, EndReason, Outcome};
use rankup::server::hub::{Effect, Hub, SIGNED_IN_ELSEWHERE};
use rankup::variants::VariantId;

const ANN: u64 = 1;
const BOB: u64 = 2;
const CAT: u64 = 3;

/// A hub where Ann (key-a) and Bob (key-b) are registered and connected, and Cat (key-c)
/// too.
fn hub(now: Instant) -> Hub {
    let registry: HashMap<String, String> = [("key-a", "Ann"), ("key-b", "Bob"), ("key-c", "Cat")]
        .into_iter()
        .map(|(k, n)| (k.to_string(), n.to_string()))
        .collect();
    let mut hub = Hub::new(registry, 2).with_grace(Duration::from_secs(60));
    hub.connect(ANN, "key-a", now);
    hub.connect(BOB, "key-b", now);
    hub.connect(CAT, "key-c", now);
    hub
}

/// The events sent to `conn`.
fn to(effects: &[Effect], conn: u64) -> Vec<NetEvent> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Send(c, ev) if *c == conn => Some(ev.clone()),
            _ => None,
        })
        .collect()
}

/// The last room view sent to `conn`.
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

fn notices(effects: &[Effect], conn: u64) -> Vec<String> {
    to(effects, conn)
        .into_iter()
        .filter_map(|e| match e {
            NetEvent::Notice(t) => Some(t),
            _ => None,
        })
        .collect()
}

const CHESS_WHITE: Terms = Terms {
    variant: VariantId::Chess,
    side: Side::White,
    clock: None,
    days: None,
    rated: false,
};

/// Ann (White) and Bob (Black) start a game; its room id.
fn start_game(hub: &mut Hub, terms: Terms, now: Instant) -> u64 {
    let e = hub.request(
        ANN,
        NetRequest::Challenge {
            to: "Bob".into(),
            terms,
        },
        now,
    );
    assert!(
        notices(&e, BOB)[0].contains("Ann · key-a challenges you"),
        "{e:?}"
    );
    let id = to(&e, BOB)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("the challenge is listed");
    let e = hub.request(BOB, NetRequest::Accept(id), now);
    let ann = room(&e, ANN);
    let bob = room(&e, BOB);
    assert_eq!(ann.you, Some(Color::White));
    assert_eq!(bob.you, Some(Color::Black));
    assert_eq!(ann.names.white, "Ann");
    ann.room
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

#[test]
fn a_new_key_chooses_a_unique_name() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = hub.connect(9, "key-new", now);
    assert_eq!(to(&e, 9), [NetEvent::NeedName { refused: None }]);
    for (bad, why) in [
        ("", "1 to 16"),
        ("a-very-long-name-indeed", "1 to 16"),
        ("bad name", "letters, digits"),
        ("\u{1b}[31mred", "letters, digits"),
        ("ann", "taken"),
    ] {
        let e = hub.request(9, NetRequest::SetName(bad.into()), now);
        match &to(&e, 9)[..] {
            [NetEvent::NeedName { refused: Some(r) }] => assert!(r.contains(why), "{bad}: {r}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    let e = hub.request(9, NetRequest::SetName("Dora".into()), now);
    assert!(e.contains(&Effect::Registered {
        key: "key-new".into(),
        name: "Dora".into()
    }));
    match to(&e, 9).last() {
        Some(NetEvent::Lobby(l)) => {
            assert_eq!(l.me, "Dora");
            // By name (the lobby screen puts me first and sorts by rating itself).
            let names: Vec<&str> = l.players.iter().map(|p| p.name.as_str()).collect();
            let mut sorted = names.clone();
            sorted.sort_by_key(|n| n.to_lowercase());
            assert_eq!(names, sorted);
            assert!(names.contains(&"Dora"));
            assert_eq!(l.players.len(), 4);
            assert_eq!(l.ai_workers, 2);
        }
        other => panic!("{other:?}"),
    }
    // One list of players for every connection's view, not a copy each.
    let lists: Vec<_> = e
        .iter()
        .filter_map(|ef| match ef {
            Effect::Send(_, NetEvent::Lobby(l)) => Some(l.players.clone()),
            _ => None,
        })
        .collect();
    assert!(lists.len() >= 2, "{e:?}");
    assert!(lists
        .windows(2)
        .all(|w| std::sync::Arc::ptr_eq(&w[0], &w[1])));
    // Others see Dora arrive.
    assert!(to(&e, ANN)
        .iter()
        .any(|ev| matches!(ev, NetEvent::Lobby(l) if l.players.iter().any(|p| p.name == "Dora"))));
}

#[test]
fn a_challenge_accepted_starts_a_game_both_see_move_by_move() {
    let now = Instant::now();
    let mut hub = hub(now);
    let id = start_game(&mut hub, CHESS_WHITE, now);
    // Cat watches.
    let e = hub.request(CAT, NetRequest::Watch(id), now);
    let cat = room(&e, CAT);
    assert_eq!((cat.you, cat.spectators), (None, 1));
    // Only the side to move moves, and only at the ply it sees.
    let e = play(&mut hub, BOB, id, 0, "e7e5", now);
    assert!(notices(&e, BOB)[0].contains("not your move"));
    let e = play(&mut hub, ANN, id, 0, "e2e4", now);
    for conn in [ANN, BOB, CAT] {
        assert_eq!(room(&e, conn).tokens, ["e2e4"], "{conn}");
    }
    let saves: Vec<[&String; 2]> = e
        .iter()
        .filter_map(|x| match x {
            Effect::Live(live) if live.game.moves.len() == 1 && live.id == id => {
                Some([&live.keys.white, &live.keys.black])
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        saves,
        [["key-a", "key-b"]],
        "stored once, with both players"
    );
    let e = play(&mut hub, ANN, id, 1, "d2d4", now);
    assert!(!notices(&e, ANN).is_empty(), "not Ann's move any more");
    let e = play(&mut hub, BOB, id, 0, "e7e5", now);
    assert!(notices(&e, BOB)[0].contains("not your move"), "a stale ply");
    let e = play(&mut hub, BOB, id, 1, "e7e4", now);
    assert!(!notices(&e, BOB).is_empty(), "illegal");
    let e = play(&mut hub, BOB, id, 1, "e7e5", now);
    assert_eq!(room(&e, CAT).tokens, ["e2e4", "e7e5"]);
    // Fool's mate ends it; the players are free again.
    let mut hub = self::hub(now);
    let id = start_game(&mut hub, CHESS_WHITE, now);
    for (i, (conn, t)) in [(ANN, "f2f3"), (BOB, "e7e5"), (ANN, "g2g4"), (BOB, "d8h4")]
        .into_iter()
        .enumerate()
    {
        let e = play(&mut hub, conn, id, i, t, now);
        if i == 3 {
            let v = room(&e, ANN);
            assert_eq!(v.outcome, decisive(Color::Black, EndReason::Checkmate));
            assert!(e.iter().any(
                |x| matches!(x, Effect::GameOver { game, .. } if game.game.result.as_str() == "0-1")
            ));
        }
    }
}

#[test]
fn draws_takebacks_resignation_and_chat() {
    let now = Instant::now();
    let mut hub = hub(now);
    let id = start_game(&mut hub, CHESS_WHITE, now);
    play(&mut hub, ANN, id, 0, "e2e4", now);
    // A takeback Bob agrees to.
    let e = hub.request(ANN, NetRequest::Takeback(id), now);
    assert_eq!(room(&e, BOB).takeback, Some(Color::White));
    let e = hub.request(
        BOB,
        NetRequest::AnswerTakeback {
            room: id,
            yes: true,
        },
        now,
    );
    assert!(room(&e, ANN).tokens.is_empty());
    // A draw offer declined by moving, then accepted.
    play(&mut hub, ANN, id, 0, "d2d4", now);
    let e = hub.request(ANN, NetRequest::Draw(id), now);
    assert_eq!(room(&e, BOB).draw_offer, Some(Color::White));
    let e = play(&mut hub, BOB, id, 1, "d7d5", now);
    assert_eq!(room(&e, ANN).draw_offer, None, "declined by moving");
    hub.request(BOB, NetRequest::Draw(id), now);
    // Chat is cleaned of control characters and reaches players and spectators.
    hub.request(CAT, NetRequest::Watch(id), now);
    let e = hub.request(
        ANN,
        NetRequest::Chat {
            room: id,
            text: "hi \u{1b}[2J\u{202e}there".into(),
        },
        now,
    );
    assert_eq!(
        room(&e, CAT).chat.last(),
        Some(&("Ann".to_string(), "hi \u{fffd}[2Jthere".to_string()))
    );
    let e = hub.request(ANN, NetRequest::Draw(id), now);
    assert_eq!(
        room(&e, BOB).outcome,
        Some(Outcome::Draw {
            reason: EndReason::Agreement
        })
    );
    // Resignation in a new game.
    hub.request(ANN, NetRequest::Leave, now);
    hub.request(BOB, NetRequest::Leave, now);
    let id = start_game(&mut hub, CHESS_WHITE, now);
    let e = hub.request(BOB, NetRequest::Resign(id), now);
    assert_eq!(
        room(&e, ANN).outcome.and_then(Outcome::winner),
        Some(Color::White)
    );
}

#[test]
fn a_lost_connection_gets_a_grace_period_and_comes_back_to_the_game() {
    let now = Instant::now();
    let mut hub = hub(now);
    let clock = ClockSetting {
        control: TimeControl::parse("5+0").unwrap(),
        pause_when_away: false,
    };
    let id = start_game(
        &mut hub,
        Terms {
            clock: Some(clock),
            ..CHESS_WHITE
        },
        now,
    );
    // The clocks run once both have moved.
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    play(&mut hub, ANN, id, 2, "g1f3", now);
    let e = hub.disconnect(BOB, now);
    assert!(notices(&e, ANN)[0].contains("Bob lost the connection: 60 s"));
    assert_eq!(room(&e, ANN).away.black, Some(60));
    // Too early to claim.
    let later = now + Duration::from_secs(10);
    let e = hub.request(ANN, NetRequest::Claim(id), later);
    assert!(notices(&e, ANN)[0].contains("nothing to claim"));
    // Bob comes back with the same key: straight into the game, his clock having run.
    let e = hub.connect(7, "key-b", later);
    let back = room(&e, 7);
    assert_eq!((back.you, back.tokens.len()), (Some(Color::Black), 3));
    assert_eq!(back.away.black, None);
    let left = back.clock.unwrap().left_ms.black;
    assert!((289_000..=291_000).contains(&left), "{left}");
    // He goes again, for good: after the grace period Ann claims the game.
    hub.disconnect(7, later);
    let much_later = later + Duration::from_secs(60);
    let e = hub.tick(much_later);
    // Ann is told the time to come back is over (that line would otherwise stay).
    assert!(
        e.iter()
            .any(|x| matches!(x, Effect::Send(ANN, NetEvent::Notice(t))
            if t == "Bob did not come back in time: C claims the game")),
        "{e:?}"
    );
    let e = hub.request(ANN, NetRequest::Claim(id), much_later);
    assert_eq!(
        room(&e, ANN).outcome,
        decisive(Color::White, EndReason::Abandoned)
    );
}

#[test]
fn a_paused_clock_stops_while_its_player_is_away_and_a_running_one_falls() {
    let now = Instant::now();
    let mut hub = hub(now);
    let clock = ClockSetting {
        control: TimeControl::parse("1+0").unwrap(),
        pause_when_away: true,
    };
    let id = start_game(
        &mut hub,
        Terms {
            clock: Some(clock),
            ..CHESS_WHITE
        },
        now,
    );
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    play(&mut hub, ANN, id, 2, "g1f3", now);
    hub.disconnect(BOB, now);
    let e = hub.tick(now + Duration::from_secs(120));
    // (The lobby's view of the game's length may come with this tick.)
    assert!(
        to(&e, ANN)
            .iter()
            .all(|ev| !matches!(ev, NetEvent::Room(v) if v.outcome.is_some())),
        "{e:?}"
    );
    let e = hub.connect(8, "key-b", now + Duration::from_secs(120));
    assert_eq!(room(&e, 8).clock.unwrap().left_ms.black, 60_000, "paused");
    // Now it runs: a minute later Bob's flag falls.
    let e = hub.tick(now + Duration::from_secs(181));
    assert_eq!(
        room(&e, ANN).outcome,
        decisive(Color::White, EndReason::Time)
    );
}

#[test]
fn seeks_declines_and_a_second_login() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = hub.request(
        ANN,
        NetRequest::Seek {
            terms: CHESS_WHITE,
            range: None,
        },
        now,
    );
    let seek = to(&e, CAT)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().cloned(),
            _ => None,
        })
        .expect("everyone sees an open seek");
    assert_eq!((seek.from.as_str(), seek.to.clone()), ("Ann", None));
    let e = hub.request(CAT, NetRequest::Accept(seek.id), now);
    assert_eq!(room(&e, CAT).you, Some(Color::Black));
    // Bob challenges Cat, who is busy.
    let e = hub.request(
        BOB,
        NetRequest::Challenge {
            to: "Cat".into(),
            terms: CHESS_WHITE,
        },
        now,
    );
    assert!(notices(&e, BOB)[0].contains("playing"));
    // A second login with Bob's key closes the first connection.
    let e = hub.connect(20, "key-b", now);
    // Closed with why, and nothing else is sent to it: an app that ended on its own
    // before the notice was set would end without it.
    assert!(e.contains(&Effect::Close(BOB, SIGNED_IN_ELSEWHERE)));
    assert!(to(&e, BOB).is_empty());
}

#[test]
fn a_move_charges_the_movers_clock_and_adds_the_increment() {
    let now = Instant::now();
    let mut hub = hub(now);
    let terms = clocked("1+3", false);
    let id = start_game(&mut hub, terms, now);
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    let e = play(&mut hub, ANN, id, 2, "g1f3", now + Duration::from_secs(10));
    let left = room(&e, BOB).clock.unwrap().left_ms;
    // 60 s - 10 s + 3 s for White; Black's clock has not run yet.
    assert_eq!((left.white, left.black), (53_000, 60_000));
    let e = play(&mut hub, BOB, id, 3, "b8c6", now + Duration::from_secs(30));
    let left = room(&e, ANN).clock.unwrap().left_ms;
    assert_eq!((left.white, left.black), (53_000, 43_000));
}

#[test]
fn the_clocks_start_once_both_players_have_moved() {
    let now = Instant::now();
    let mut hub = hub(now);
    let terms = clocked("1+3", false);
    let id = start_game(&mut hub, terms, now);
    let s = Duration::from_secs;
    // Ann thinks two minutes over her first move, longer than her whole time: no clock
    // runs, none falls, no increment.
    let e = hub.tick(now + s(120));
    assert!(to(&e, ANN).is_empty(), "{e:?}");
    let e = play(&mut hub, ANN, id, 0, "e2e4", now + s(120));
    let view = room(&e, BOB).clock.unwrap();
    assert_eq!((view.left_ms.white, view.left_ms.black), (60_000, 60_000));
    assert_eq!(view.running, None);
    // Nor Bob's, over his.
    hub.tick(now + s(240));
    let e = play(&mut hub, BOB, id, 1, "e7e5", now + s(240));
    let view = room(&e, ANN).clock.unwrap();
    assert_eq!((view.left_ms.white, view.left_ms.black), (60_000, 60_000));
    // Now Ann's runs, from Bob's move on.
    assert_eq!(view.running, Some(Color::White));
    let e = play(&mut hub, ANN, id, 2, "g1f3", now + s(250));
    let left = room(&e, BOB).clock.unwrap().left_ms;
    assert_eq!((left.white, left.black), (53_000, 60_000));
}

/// How the last lobby view sent to `conn` shows each player: (name, presence).
fn presence(effects: &[Effect], conn: u64) -> Vec<(String, Presence)> {
    to(effects, conn)
        .into_iter()
        .rev()
        .find_map(|e| match e {
            NetEvent::Lobby(l) => Some(l.players),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no lobby view for {conn} in {effects:?}"))
        .iter()
        .map(|p| (p.name.clone(), p.presence))
        .collect()
}

#[test]
fn presence_shows_in_a_game_watching_and_playing_the_ai() {
    let now = Instant::now();
    let mut hub = hub(now);
    let dan = 4;
    let registry_key = "key-d";
    // Dan has no name yet: he picks one, then plays the AI.
    hub.connect(dan, registry_key, now);
    hub.request(dan, NetRequest::SetName("Dan".into()), now);
    let e = hub.request(dan, NetRequest::PlayingAi(true), now);
    let seen = presence(&e, CAT);
    assert!(
        seen.contains(&("Dan".into(), Presence::PlayingAi)),
        "{seen:?}"
    );
    assert!(seen.contains(&("Ann".into(), Presence::Free)), "{seen:?}");
    // Ann and Bob play; Cat watches.
    let room_id = start_game(&mut hub, CHESS_WHITE, now);
    let e = hub.request(CAT, NetRequest::Watch(room_id), now);
    let seen = presence(&e, dan);
    for (name, want) in [
        ("Ann", Presence::InGame(room_id)),
        ("Bob", Presence::InGame(room_id)),
        ("Cat", Presence::Watching(room_id)),
        ("Dan", Presence::PlayingAi),
    ] {
        assert!(seen.contains(&(name.into(), want)), "{name}: {seen:?}");
    }
    // Back to the lobby: free again.
    let e = hub.request(CAT, NetRequest::Leave, now);
    assert!(presence(&e, dan).contains(&("Cat".into(), Presence::Free)));
    let e = hub.request(dan, NetRequest::PlayingAi(false), now);
    assert!(presence(&e, CAT).contains(&("Dan".into(), Presence::Free)));
    assert_eq!(Presence::PlayingAi.label(), "playing the AI");
    assert_eq!(Presence::Watching(room_id).label(), "watching");
    assert_eq!(Presence::InGame(room_id).label(), "in a game");
}

/// A move does not send every connection the lobby (each view lists every player: with
/// hundreds online, a hundred games moving once a second were most of the server's work);
/// the game's new length reaches the lobby at a tick, at most once a second, once for any
/// number of moves.
#[test]
fn moves_reach_the_lobby_at_the_next_tick_not_at_each_move() {
    let now = Instant::now();
    let mut hub = hub(now);
    let id = start_game(&mut hub, CHESS_WHITE, now);
    let lobby = |e: &[Effect], conn| {
        to(e, conn)
            .into_iter()
            .filter_map(|ev| match ev {
                NetEvent::Lobby(l) => Some(l),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let e = play(&mut hub, ANN, id, 0, "e2e4", now);
    assert_eq!(room(&e, BOB).tokens, ["e2e4"]);
    assert!(lobby(&e, CAT).is_empty(), "{e:?}");
    let e = play(&mut hub, BOB, id, 1, "e7e5", now);
    assert!(lobby(&e, CAT).is_empty(), "{e:?}");
    let e = hub.tick(now);
    let views = lobby(&e, CAT);
    assert_eq!(views.len(), 1, "{e:?}");
    assert_eq!(views[0].games[0].plies, 2);
    assert!(lobby(&hub.tick(now), CAT).is_empty(), "sent once");
    // Moves within a second of that wait for the second to pass.
    play(&mut hub, ANN, id, 2, "g1f3", now);
    assert!(lobby(&hub.tick(now + Duration::from_millis(500)), CAT).is_empty());
    let e = hub.tick(now + Duration::from_secs(1));
    assert_eq!(lobby(&e, CAT)[0].games[0].plies, 3);
    // A game that ends updates the lobby at once.
    let e = hub.request(BOB, NetRequest::Resign(id), now);
    assert!(lobby(&e, CAT).iter().all(|l| l.games.is_empty()), "{e:?}");
    assert!(!lobby(&e, CAT).is_empty(), "{e:?}");
}

#[test]
fn a_flag_that_falls_after_the_opponent_left_and_their_grace_ended_wins_by_abandonment() {
    let now = Instant::now();
    let mut hub = hub(now);
    let terms = clocked("1+0", false);
    let id = start_game(&mut hub, terms, now);
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    // Ann to move; Bob drops. Within his grace Ann's clock runs as usual.
    hub.disconnect(BOB, now);
    let s = Duration::from_secs;
    let e = hub.tick(now + s(30));
    assert!(
        to(&e, ANN)
            .iter()
            .all(|ev| !matches!(ev, NetEvent::Room(v) if v.outcome.is_some())),
        "{e:?}"
    );
    // His grace is over, Ann does not claim, her minute runs out: not a loss on time.
    let e = hub.tick(now + s(61));
    assert_eq!(
        room(&e, ANN).outcome,
        decisive(Color::White, EndReason::Abandoned)
    );
}

#[test]
fn a_flag_that_falls_within_the_opponents_grace_still_loses_on_time() {
    let now = Instant::now();
    let mut hub = hub(now);
    let terms = clocked("1+0", false);
    let id = start_game(&mut hub, terms, now);
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    // Ann thinks 30 s, then Bob drops: her flag falls 30 s into his 60 s grace.
    let s = Duration::from_secs;
    hub.disconnect(BOB, now + s(30));
    let e = hub.tick(now + s(61));
    assert_eq!(
        room(&e, ANN).outcome,
        decisive(Color::Black, EndReason::Time)
    );
}

/// A decisive result, as a room view shows it.
fn decisive(winner: Color, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Decisive { winner, reason })
}

/// Chess, Ann White, with this clock.
fn clocked(control: &str, pause_when_away: bool) -> Terms {
    Terms {
        clock: Some(ClockSetting {
            control: TimeControl::parse(control).unwrap(),
            pause_when_away,
        }),
        ..CHESS_WHITE
    }
}
