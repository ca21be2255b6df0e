//! Who is who on the game server, without a socket: names that look too much like another
//! are refused ([`skeleton`]), keys are shown short beside names in challenges, one
//! address takes only so many new names an hour, and the server's own variant files are
//! offered and played, their definition saved with each game so that it reviews anywhere.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use rankup::net::{name_with_key, short_key, NetEvent, NetRequest, Side, Terms};
use rankup::server::hub::{Effect, Hub};
use rankup::server::names::{look_alike, skeleton, SignupLimit};
use rankup::variants::VariantId;

const ALICE_KEY: &str = "SHA256:AliceKey1x2y3z4w5v6u7t8s9r0q1p2o3n4m5l6k7j";
const BOB_KEY: &str = "SHA256:BobKey9z8y7x6w5v4u3t2s1r0q9p8o7n6m5l4k3j2i";

/// A hub where alice and bob are registered and connected (as 1 and 2).
fn hub(now: Instant) -> Hub {
    let registry: HashMap<String, String> = [(ALICE_KEY, "alice"), (BOB_KEY, "bob")]
        .into_iter()
        .map(|(k, n)| (k.to_string(), n.to_string()))
        .collect();
    let mut hub = Hub::new(registry, 1);
    hub.connect(1, ALICE_KEY, now);
    hub.connect(2, BOB_KEY, now);
    hub
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

/// Why the name form refused, as last said to `conn` (`None`: it did not).
fn refusal(effects: &[Effect], conn: u64) -> Option<String> {
    to(effects, conn).into_iter().find_map(|e| match e {
        NetEvent::NeedName { refused } => refused,
        _ => None,
    })
}

fn registered(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Registered { .. }))
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

#[test]
fn the_skeleton_folds_case_and_the_look_alike_letters() {
    for (a, b) in [
        ("aIice", "alice"),
        ("ALICE", "alice"),
        ("a1ice", "alice"),
        ("rnary", "mary"),
        ("B0B", "bob"),
        ("b0b", "BOB"),
        ("vvill", "will"),
        ("dark-knight", "dark_knight"),
        ("I0l1", "lOIl"),
    ] {
        assert_eq!(skeleton(a), skeleton(b), "{a} and {b} look alike");
    }
    for (a, b) in [
        ("alice", "alicia"),
        ("alice", "bob"),
        ("anna", "anne"),
        ("mary", "marry"),
        ("rn", "n"),
        ("w", "v"),
        ("o", "q"),
    ] {
        assert_ne!(skeleton(a), skeleton(b), "{a} and {b} are told apart");
    }
    assert_eq!(
        look_alike("aIice", ["bob", "alice", "carol"]),
        Some("alice")
    );
    assert_eq!(look_alike("alicia", ["bob", "alice"]), None);
}

#[test]
fn a_name_too_much_like_another_is_refused_saying_whose() {
    let now = Instant::now();
    let mut hub = hub(now);
    hub.connect(9, "SHA256:NewKey", now);
    for (name, why) in [
        ("aIice", "aIice is too much like alice"),
        ("ALlCE", "ALlCE is too much like alice"),
        ("b0b", "b0b is too much like bob"),
        ("Alice", "Alice is taken"),
    ] {
        let e = hub.request(9, NetRequest::SetName(name.into()), now);
        let refused = refusal(&e, 9).unwrap_or_else(|| panic!("{name} accepted: {e:?}"));
        assert!(refused.contains(why), "{name}: {refused}");
        assert!(!registered(&e));
    }
    // A name of its own is taken.
    let e = hub.request(9, NetRequest::SetName("alicia".into()), now);
    assert!(registered(&e), "{e:?}");
    assert_eq!(hub.name_of("SHA256:NewKey"), Some("alicia"));
}

#[test]
fn challenges_show_the_challengers_key_short_beside_the_name() {
    assert_eq!(short_key(ALICE_KEY), "SHA256:AliceKey");
    assert_eq!(name_with_key("alice", ALICE_KEY), "alice · SHA256:AliceKey");
    assert_eq!(name_with_key("alice", ""), "alice");
    let now = Instant::now();
    let mut hub = hub(now);
    let terms = Terms {
        variant: VariantId::Chess,
        side: Side::White,
        clock: None,
        days: None,
        rated: false,
    };
    let e = hub.request(
        1,
        NetRequest::Challenge {
            to: "bob".into(),
            terms,
        },
        now,
    );
    let notice = to(&e, 2)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Notice(t) => Some(t),
            _ => None,
        })
        .expect("bob is told");
    assert!(
        notice.starts_with("alice · SHA256:AliceKey challenges you"),
        "{notice}"
    );
    let lobby = to(&e, 2)
        .into_iter()
        .rev()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => Some(l),
            _ => None,
        })
        .expect("bob's lobby");
    assert_eq!(lobby.key, BOB_KEY);
    let ch = &lobby.challenges[0];
    assert_eq!(
        (ch.from_key.as_str(), ch.to_key.as_deref()),
        (ALICE_KEY, Some(BOB_KEY))
    );
}

#[test]
fn one_address_signs_up_only_so_many_new_names_an_hour() {
    let t0 = Instant::now();
    let mut hub = hub(t0).with_signups_per_hour(2);
    let home = ip("192.0.2.10");
    // Two new names from one address; a refused name does not count.
    for (conn, name) in [(10, "carol"), (11, "dave")] {
        hub.connect_from(conn, &format!("key-{name}"), home, t0);
        let e = hub.request(conn, NetRequest::SetName("bad name".into()), t0);
        assert!(!registered(&e));
        let e = hub.request(conn, NetRequest::SetName(name.into()), t0);
        assert!(registered(&e), "{name}: {e:?}");
    }
    // A third is told at once, on the name form, in one line, and refused if it tries.
    let later = t0 + Duration::from_secs(20 * 60);
    let e = hub.connect_from(12, "key-erin", home, later);
    let why = refusal(&e, 12).expect("told before typing");
    assert!(
        why.contains("new names from your address") && why.contains("try again in 40 minutes"),
        "{why}"
    );
    assert!(!why.contains('\n'));
    // It fits an 80-column name form whole (a space before it), the time to wait included.
    assert!(why.chars().count() <= 79, "{why}");
    let e = hub.request(12, NetRequest::SetName("erin".into()), later);
    assert!(!registered(&e));
    assert_eq!(refusal(&e, 12), Some(why));
    // Another address is not held back, nor is a known player from the same one.
    let e = hub.connect_from(13, "key-fay", ip("198.51.100.7"), later);
    assert_eq!(refusal(&e, 13), None);
    assert!(registered(&hub.request(
        13,
        NetRequest::SetName("fay".into()),
        later
    )));
    let e = hub.connect_from(14, "key-carol", home, later);
    assert!(to(&e, 14)
        .iter()
        .any(|ev| matches!(ev, NetEvent::Lobby(l) if l.me == "carol")));
    // An hour after the first names, the address may again.
    let e = hub.request(
        12,
        NetRequest::SetName("erin".into()),
        t0 + Duration::from_secs(3600),
    );
    assert!(registered(&e), "{e:?}");
}

#[test]
fn a_server_taking_no_new_players_says_so_and_lets_known_ones_in() {
    let now = Instant::now();
    let mut hub = hub(now).with_signups_per_hour(0);
    let e = hub.connect_from(5, "key-new", ip("::1"), now);
    assert_eq!(
        refusal(&e, 5).as_deref(),
        Some("this server takes no new players at the moment")
    );
    let e = hub.connect_from(6, ALICE_KEY, ip("::1"), now);
    assert!(to(&e, 6)
        .iter()
        .any(|ev| matches!(ev, NetEvent::Lobby(l) if l.me == "alice")));
    let mut limit = SignupLimit::new(0);
    assert!(limit.check(ip("192.0.2.1"), now).is_err());
}

/// PromoChess's file as the server's own game `id` named `name`.
fn promo_as(id: &str, name: &str) -> String {
    let text = include_str!("../variants/promochess.ron");
    let renamed = text
        .replacen("id: \"promochess\"", &format!("id: \"{id}\""), 1)
        .replacen("name: \"PromoChess\"", &format!("name: \"{name}\""), 1);
    assert_ne!(renamed, text, "the id line of promochess.ron moved");
    renamed
}

/// A folder of its own for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-hub-names-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_game_of_the_servers_own_file_is_offered_played_and_saved_with_its_definition() {
    // The server's variants folder, loaded as `rankup serve` loads it: one good file, one
    // broken one that is left out.
    let dir = temp_dir("server-variants");
    let variants = dir.join("variants");
    std::fs::create_dir_all(&variants).unwrap();
    std::fs::write(
        variants.join("house.ron"),
        promo_as("house-game", "House PromoChess"),
    )
    .unwrap();
    std::fs::write(variants.join("broken.ron"), "(id: \"broken\", oops").unwrap();
    let (games, broken) = rankup::variants::load_user_dir(&variants);
    assert_eq!(games.len(), 1);
    assert_eq!(broken.len(), 1, "{broken:?}");
    let house = games[0];

    let now = Instant::now();
    let mut hub = hub(now).with_server_games(games);
    // The lobby lists it.
    let e = hub.request(1, NetRequest::Leave, now);
    assert!(to(&e, 1)
        .iter()
        .any(|ev| matches!(ev, NetEvent::Lobby(l) if l.server_games[..] == [house])));
    let terms = Terms {
        variant: house,
        side: Side::White,
        clock: None,
        days: None,
        rated: false,
    };
    let e = hub.request(
        1,
        NetRequest::Challenge {
            to: "bob".into(),
            terms,
        },
        now,
    );
    let id = to(&e, 2)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Lobby(l) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("the challenge is listed");
    let e = hub.request(2, NetRequest::Accept(id), now);
    let room = to(&e, 1)
        .into_iter()
        .find_map(|ev| match ev {
            NetEvent::Room(r) => Some(r),
            _ => None,
        })
        .expect("alice is in the room");
    assert_eq!(room.variant, house);
    // Moves of its rules (a ninth file), played by both.
    let mv = |hub: &mut Hub, conn, ply, token: &str| {
        hub.request(
            conn,
            NetRequest::Move {
                room: room.room,
                ply,
                token: token.into(),
            },
            now,
        )
    };
    mv(&mut hub, 1, 0, "i3i4");
    let e = mv(&mut hub, 2, 1, "i7i6");
    let saved = e
        .iter()
        .find_map(|e| match e {
            Effect::Live(live) if live.keys.white == ALICE_KEY => Some(live.game.clone()),
            _ => None,
        })
        .expect("the game is kept for alice");
    assert_eq!(saved.variant, house);
    assert_eq!(saved.moves.len(), 2);
    let text = saved.to_ron();
    assert!(
        text.contains("variant_file:") && text.contains("House PromoChess"),
        "the definition travels with the game: {text}"
    );

    // Reviewed on a machine without the server's file, and on one whose own file has the
    // same id and name but other rules (chess): both replay the server's game.
    let file = dir.join("game.ron");
    std::fs::write(&file, &text).unwrap();
    let export = |config: &PathBuf| {
        let out = Command::new(env!("CARGO_BIN_EXE_rankup"))
            .arg("export")
            .arg(&file)
            .env("RANKUP_CONFIG_DIR", config)
            .env("RANKUP_DATA_DIR", config.join("data"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let without = temp_dir("no-file");
    let pgn = export(&without);
    assert!(pgn.contains("[RankupVariant \"house-game\"]"), "{pgn}");
    assert!(pgn.contains("[Variant \"House PromoChess\"]"), "{pgn}");
    assert!(pgn.contains("1. Si4 {[%emt 0:00:00]} 1... Si6"), "{pgn}");
    let clash = temp_dir("same-id");
    std::fs::create_dir_all(clash.join("variants")).unwrap();
    let chess = include_str!("../variants/chess.ron")
        .replacen("id: \"chess\"", "id: \"house-game\"", 1)
        .replacen("name: \"Chess\"", "name: \"House PromoChess\"", 1);
    assert!(chess.contains("house-game"));
    std::fs::write(clash.join("variants/house.ron"), chess).unwrap();
    let pgn = export(&clash);
    assert!(
        pgn.contains("[RankupVariant \"house-game-"),
        "a derived id: {pgn}"
    );
    assert!(pgn.contains("1. Si4 {[%emt 0:00:00]} 1... Si6"), "{pgn}");

    // A registered game the server does not offer is not played here.
    let other = rankup::variants::register(&promo_as("not-offered", "Elsewhere"), "x.ron").unwrap();
    let e = hub.request(
        1,
        NetRequest::Seek {
            terms: Terms {
                variant: other,
                ..terms
            },
            range: None,
        },
        now,
    );
    assert!(
        to(&e, 1)
            .iter()
            .any(|ev| matches!(ev, NetEvent::Notice(t) if t == "not-offered is not played here")),
        "{e:?}"
    );
    for d in [dir, without, clash] {
        let _ = std::fs::remove_dir_all(d);
    }
}
