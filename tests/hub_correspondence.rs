//! Correspondence games (pure hub): days per move, the game waiting in both players'
//! lobbies, several at once beside a real-time game, no claim for absence, and a loss on
//! time only past the deadline, checked by the tick even with both players away.

mod hub_support;

use std::time::{Duration, Instant};

use hub_support::*;
use rankup::net::{NetEvent, NetRequest};
use rankup::rules::{Color, EndReason, Outcome};
use rankup::server::hub::Effect;

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

#[test]
fn the_side_to_move_loses_only_past_the_deadline_even_with_both_away() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(3), now);
    let view = room(&e, BOB);
    let id = view.room;
    assert_eq!(view.days, Some((3, 3 * DAY.as_secs())));
    assert!(notices(&e, ANN)[0].contains("correspondence game, in your lobby"));
    assert!(
        try_room(&e, ANN).is_none(),
        "the challenger is not pulled into it"
    );
    // Ann moves a day later: Bob has three days from then.
    hub.request(ANN, NetRequest::Watch(id), now);
    let moved = now + DAY;
    let e = play(&mut hub, ANN, id, 0, "e2e4", moved);
    assert_eq!(room(&e, ANN).days, Some((3, 3 * DAY.as_secs())));
    // Both go away; nobody may claim, nothing happens before the deadline.
    hub.disconnect(ANN, moved);
    let e = hub.disconnect(BOB, moved);
    assert!(!e
        .iter()
        .any(|x| matches!(x, Effect::Live(_) | Effect::GameOver { .. })));
    let just_before = moved + 3 * DAY - Duration::from_secs(1);
    let e = hub.tick(just_before);
    assert!(e.is_empty(), "{e:?}");
    // Past it, Bob (to move, not connected) loses on time; the game is saved and rated.
    let e = hub.tick(moved + 3 * DAY);
    let saved = e
        .iter()
        .find_map(|x| match x {
            Effect::GameOver { game, .. } => Some(game.game.clone()),
            _ => None,
        })
        .expect("saved");
    assert_eq!(
        saved.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Time
        })
    );
    // Too short to be rated (one move), as a real-time game would be.
    assert!(!e
        .iter()
        .any(|x| matches!(x, Effect::GameOver { ratings, .. } if !ratings.is_empty())));
    // Ann, back, finds it over and no longer in her lobby.
    let e = hub.connect(ANN, "key-a", moved + 4 * DAY);
    assert!(lobby(&e, ANN).mine.is_empty());
}

#[test]
fn an_absent_player_is_never_claimed_and_hears_of_a_loss_on_time() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(1), now);
    let id = room(&e, BOB).room;
    hub.request(ANN, NetRequest::Watch(id), now);
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    // Bob leaves the game for the lobby, then disconnects: Ann cannot claim.
    let e = hub.request(BOB, NetRequest::Leave, now);
    assert_eq!(lobby(&e, BOB).mine.len(), 1);
    let e = hub.disconnect(BOB, now);
    assert!(notices(&e, ANN).is_empty(), "no grace period: {e:?}");
    let e = hub.request(ANN, NetRequest::Claim(id), now + DAY / 2);
    assert!(notices(&e, ANN)[0].contains("nothing to claim"));
    // Ann moves, goes to the lobby; Bob, back, does not move in time.
    play(&mut hub, ANN, id, 2, "g1f3", now + DAY / 2);
    hub.request(ANN, NetRequest::Leave, now + DAY / 2);
    hub.connect(BOB, "key-b", now + DAY / 2);
    let e = hub.tick(now + DAY / 2 + DAY);
    // Both hear of it in the lobby, with the rating change.
    for conn in [ANN, BOB] {
        let n = notices(&e, conn);
        assert!(n[0].starts_with("your game with"), "{n:?}");
        assert!(
            n[0].contains("White wins by time · rating 1500? → "),
            "{n:?}"
        );
    }
    assert!(
        hub.rating("key-a", rankup::variants::VariantId::Chess)
            .rating
            > 1500.0
    );
}

#[test]
fn several_correspondence_games_beside_one_real_time_game() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(3), now);
    let with_bob = room(&e, BOB).room;
    let e = challenge_accepted(&mut hub, CAT, "Ann", ANN, correspondence(7), now);
    let with_cat = room(&e, ANN).room;
    // Ann goes back to the lobby and plays a real-time game with Dan meanwhile.
    hub.request(ANN, NetRequest::Leave, now);
    let e = challenge_accepted(&mut hub, DAN, "Ann", ANN, rated_blitz(), now);
    let blitz = room(&e, ANN).room;
    assert!(blitz != with_bob && blitz != with_cat);
    // Bob moves in his game with Ann (he is Black there: Ann moves first); Cat plays
    // White against Ann and moves.
    let e = play(&mut hub, CAT, with_cat, 0, "d2d4", now);
    let mine = lobby(&e, ANN).mine;
    assert_eq!(mine.len(), 2);
    let game = |room| mine.iter().find(|g| g.room == room).unwrap().clone();
    assert!(game(with_bob).my_move && game(with_cat).my_move);
    assert_eq!(game(with_cat).opponent, "Cat");
    assert_eq!(game(with_cat).me, Color::Black);
    assert_eq!(game(with_cat).days, 7);
    // The lobby lists all three games in progress.
    assert_eq!(lobby(&e, BOB).games.len(), 3);
    // Ann cannot open a correspondence game while her real-time game goes on.
    let e = hub.request(ANN, NetRequest::Watch(with_bob), now);
    assert!(notices(&e, ANN)[0].contains("finish your game first"));
    // After it (she resigns), she opens the game with Bob and moves: Bob's turn there.
    hub.request(ANN, NetRequest::Resign(blitz), now);
    hub.request(ANN, NetRequest::Leave, now);
    let e = hub.request(ANN, NetRequest::Watch(with_bob), now);
    let view = room(&e, ANN);
    assert_eq!((view.you, view.spectators), (Some(Color::White), 0));
    let e = play(&mut hub, ANN, with_bob, 0, "e2e4", now);
    let bob_games = lobby(&e, BOB).mine;
    assert!(bob_games[0].my_move);
    // Ann, watching the game with Bob, counts as in a game.
    let players = lobby(&e, CAT).players;
    let ann = players.iter().find(|p| p.name == "Ann").unwrap();
    assert_eq!(ann.presence.label(), "in a game");
}

#[test]
fn a_player_reconnecting_lands_in_the_lobby_with_the_games_waiting() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(2), now);
    let id = room(&e, BOB).room;
    hub.disconnect(BOB, now);
    let e = hub.connect(BOB, "key-b", now + DAY);
    assert!(try_room(&e, BOB).is_none());
    let l = lobby(&e, BOB);
    assert_eq!(l.mine.len(), 1);
    assert!(!l.mine[0].my_move);
    assert_eq!(
        l.mine[0].left_secs,
        DAY.as_secs(),
        "two days from the start, one gone"
    );
    assert!(matches!(to(&e, BOB)[..], [NetEvent::Lobby(_), ..]));
    // A takeback gives the side to move a fresh deadline as a move does.
    hub.request(ANN, NetRequest::Watch(id), now + DAY);
    hub.request(BOB, NetRequest::Watch(id), now + DAY);
    play(&mut hub, ANN, id, 0, "e2e4", now + DAY);
    hub.request(ANN, NetRequest::Takeback(id), now + DAY);
    let e = hub.request(
        BOB,
        NetRequest::AnswerTakeback {
            room: id,
            yes: true,
        },
        now + 2 * DAY,
    );
    assert_eq!(room(&e, ANN).days, Some((2, 2 * DAY.as_secs())));
}

#[test]
fn a_player_has_at_most_twenty_correspondence_games() {
    use rankup::server::hub::CORRESPONDENCE_MAX;
    let now = Instant::now();
    let mut hub = hub(now);
    for _ in 0..CORRESPONDENCE_MAX {
        let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, correspondence(7), now);
        hub.request(BOB, NetRequest::Leave, now);
        assert!(try_room(&e, BOB).is_some());
    }
    let e = challenge_accepted(&mut hub, CAT, "Bob", BOB, correspondence(7), now);
    assert!(
        notices(&e, BOB)[0].contains("Bob has 20 correspondence games going on already"),
        "{e:?}"
    );
    let e = hub.request(BOB, NetRequest::Leave, now);
    assert_eq!(lobby(&e, BOB).mine.len(), CORRESPONDENCE_MAX);
}
