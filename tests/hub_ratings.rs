//! Ratings on the server (pure hub): Glicko-2 as in Glickman's worked example, a rated
//! game updating both players at once in its own game, casual and too-short games changing
//! nothing, ratings loaded from the store and shown with the provisional marker.

mod hub_support;

use std::time::Instant;

use hub_support::*;
use rankup::net::{NetRequest, RatingChange, RatingView, Terms};
use rankup::rating::{Rating, Score, TAU};
use rankup::rules::{Color, EndReason, Outcome};
use rankup::server::hub::{Effect, RatingRow};
use rankup::variants::VariantId;

#[test]
fn glicko2_gives_the_papers_worked_example() {
    // "Example of the Glicko-2 system", section "Example calculation".
    let player = Rating::new(1500.0, 200.0, 0.06, 0).unwrap();
    let opponent = |r, rd| Rating::new(r, rd, 0.06, 0).unwrap();
    let after = player.update(
        &[
            (opponent(1400.0, 30.0), Score::Win),
            (opponent(1550.0, 100.0), Score::Loss),
            (opponent(1700.0, 300.0), Score::Loss),
        ],
        TAU,
    );
    assert_eq!(TAU, 0.5, "the paper's τ");
    // The paper: 1464.06, 151.52, 0.05999 (it rounds its intermediate values).
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
}

/// Ann (White) and Bob play a game on `terms`, two moves, and Bob resigns: the effects of
/// the resignation and the room.
fn bob_resigns(
    hub: &mut rankup::server::hub::Hub,
    terms: Terms,
    now: Instant,
) -> (Vec<Effect>, u64) {
    let e = challenge_accepted(hub, ANN, "Bob", BOB, terms, now);
    let id = room(&e, ANN).room;
    play(hub, ANN, id, 0, "e2e4", now);
    play(hub, BOB, id, 1, "e7e5", now);
    (hub.request(BOB, NetRequest::Resign(id), now), id)
}

#[test]
fn a_rated_game_updates_both_players_at_once_with_its_game() {
    let now = Instant::now();
    let mut hub = hub_rated(now, &[("key-b", VariantId::Chess, settled(1600.0))]);
    let (e, id) = bob_resigns(&mut hub, rated_blitz(), now);
    let (ann_before, bob_before) = (Rating::default(), settled(1600.0));
    let (ann_after, bob_after) = ann_before.after_game(&bob_before, Score::Win);
    // One effect for the store: the finished game with both new ratings, written in one
    // transaction.
    let over: Vec<&Effect> = e
        .iter()
        .filter(|x| matches!(x, Effect::GameOver { .. }))
        .collect();
    assert_eq!(over.len(), 1, "{e:?}");
    let Effect::GameOver {
        room: over_room,
        game,
        ratings,
    } = over[0]
    else {
        unreachable!()
    };
    assert_eq!(*over_room, id);
    assert!(game.rated && game.game.outcome().is_some());
    let row = |key: &str, r: Rating| RatingRow {
        key: key.into(),
        variant: "chess".into(),
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: r.games,
    };
    assert_eq!(
        *ratings,
        vec![row("key-a", ann_after), row("key-b", bob_after)]
    );
    assert!(ann_after.rating > 1500.0 && bob_after.rating < 1600.0);
    assert_eq!(hub.rating("key-a", VariantId::Chess), ann_after);
    assert_eq!(hub.rating("key-b", VariantId::Chess), bob_after);
    // Each game is rated apart: Ann's PromoChess rating has not moved.
    assert_eq!(
        hub.rating("key-a", VariantId::Promochess),
        Rating::default()
    );
    // The room tells both how their rating moved.
    let view = room(&e, ANN);
    let change = view.rating_change.white.expect("Ann's change");
    assert_eq!(
        change,
        RatingChange {
            before: RatingView::of(&ann_before),
            after: RatingView::of(&ann_after),
        }
    );
    let gain = ann_after.rating.round() as i64 - 1500;
    assert_eq!(
        change.label(),
        format!(
            "rating 1500? → {} (+{gain})",
            RatingView::of(&ann_after).label()
        )
    );
    assert!(room(&e, BOB)
        .rating_change
        .black
        .unwrap()
        .label()
        .contains("(-"));
    // The lobby shows the new ratings.
    let l = lobby(&e, CAT);
    let ann = l.players.iter().find(|p| p.name == "Ann").unwrap();
    assert_eq!(ann.rating(VariantId::Chess), RatingView::of(&ann_after));
    assert_eq!(ann.rating(VariantId::Veteran), RatingView::default());
}

#[test]
fn casual_and_too_short_games_change_no_rating() {
    let now = Instant::now();
    let mut hub = hub(now);
    let casual = Terms {
        rated: false,
        ..rated_blitz()
    };
    let (e, _) = bob_resigns(&mut hub, casual, now);
    assert!(
        !e.iter()
            .any(|x| matches!(x, Effect::GameOver { ratings, .. } if !ratings.is_empty())),
        "{e:?}"
    );
    assert_eq!(room(&e, ANN).rating_change.white, None);
    assert!(hub.ratings().is_empty());
    // Rated, but resigned before each side moved: not rated either.
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, rated_blitz(), now);
    let id = room(&e, ANN).room;
    play(&mut hub, ANN, id, 0, "e2e4", now);
    let e = hub.request(BOB, NetRequest::Resign(id), now);
    assert!(room(&e, ANN).outcome.is_some());
    assert!(
        !e.iter()
            .any(|x| matches!(x, Effect::GameOver { ratings, .. } if !ratings.is_empty())),
        "{e:?}"
    );
    assert!(hub.ratings().is_empty());
}

#[test]
fn a_draw_and_a_loss_on_time_are_rated_too() {
    let now = Instant::now();
    let mut hub = hub(now);
    let e = challenge_accepted(&mut hub, ANN, "Bob", BOB, rated_blitz(), now);
    let id = room(&e, ANN).room;
    play(&mut hub, ANN, id, 0, "e2e4", now);
    play(&mut hub, BOB, id, 1, "e7e5", now);
    hub.request(ANN, NetRequest::Draw(id), now);
    let e = hub.request(BOB, NetRequest::Draw(id), now);
    assert!(matches!(room(&e, ANN).outcome, Some(Outcome::Draw { .. })));
    // Equal players drawing: ratings stay, deviations shrink.
    let a = hub.rating("key-a", VariantId::Chess);
    assert!((a.rating - 1500.0).abs() < 1e-9 && a.deviation < 350.0 && a.games == 1);
    // A rated game lost on time.
    let e = challenge_accepted(&mut hub, CAT, "Dan", DAN, rated_blitz(), now);
    let id = room(&e, CAT).room;
    play(&mut hub, CAT, id, 0, "e2e4", now);
    play(&mut hub, DAN, id, 1, "e7e5", now);
    let e = hub.tick(now + std::time::Duration::from_secs(301));
    assert_eq!(
        room(&e, CAT).outcome,
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Time
        })
    );
    assert!(hub.rating("key-d", VariantId::Chess).rating > 1500.0);
}

#[test]
fn ratings_from_the_store_are_shown_with_the_provisional_marker() {
    let now = Instant::now();
    let provisional = Rating::new(1720.0, 150.0, 0.06, 3).unwrap();
    let mut hub = hub_rated(
        now,
        &[
            ("key-a", VariantId::Chess, settled(1812.4)),
            ("key-b", VariantId::Chess, provisional),
        ],
    );
    let e = hub.request(
        ANN,
        NetRequest::Seek {
            terms: rated_blitz(),
            range: None,
        },
        now,
    );
    let l = lobby(&e, CAT);
    let label = |name: &str| {
        l.players
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .rating(VariantId::Chess)
            .label()
    };
    assert_eq!(label("Ann"), "1812");
    assert_eq!(label("Bob"), "1720?");
    assert_eq!(label("Cat"), "1500?");
    assert_eq!(
        l.challenges[0].rating.label(),
        "1812",
        "the seeker's rating"
    );
    // A game in progress shows both players' ratings in its game.
    let e = challenge_accepted(&mut hub, BOB, "Cat", CAT, rated_blitz(), now);
    let games = lobby(&e, DAN).games;
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ratings.white.label(), "1720?");
    assert_eq!(games[0].ratings.black.label(), "1500?");
    assert!(games[0].rated);
}

#[test]
fn untimed_games_cannot_be_rated_and_odd_days_are_refused() {
    let now = Instant::now();
    let mut hub = hub(now);
    for (terms, why) in [
        (
            Terms {
                clock: None,
                ..rated_blitz()
            },
            "only timed games are rated",
        ),
        (
            Terms {
                days: Some(4),
                clock: None,
                ..rated_blitz()
            },
            "4 days per move is not offered",
        ),
        (
            Terms {
                days: Some(3),
                ..rated_blitz()
            },
            "not both",
        ),
    ] {
        let e = hub.request(
            ANN,
            NetRequest::Challenge {
                to: "Bob".into(),
                terms,
            },
            now,
        );
        assert!(notices(&e, ANN)[0].contains(why), "{e:?}");
        let e = hub.request(ANN, NetRequest::Seek { terms, range: None }, now);
        assert!(notices(&e, ANN)[0].contains(why), "{e:?}");
    }
}
