//! Seeks (pure hub): shown to and accepted by those whose rating fits the seeker's range,
//! never by the seeker; at most three per player; gone when the seeker starts a game or
//! leaves.

mod hub_support;

use std::time::Instant;

use hub_support::*;
use rankup::net::{NetRequest, Side, Terms};
use rankup::rules::Color;
use rankup::server::hub::SEEKS_MAX;
use rankup::variants::VariantId;

fn seek(terms: Terms, range: Option<u16>) -> NetRequest {
    NetRequest::Seek { terms, range }
}

#[test]
fn a_seek_is_shown_to_and_accepted_by_those_whose_rating_fits() {
    let now = Instant::now();
    // Ann 1800, Cat 1700 (within 200), Bob 1500? (not), Dan 1900 in Chess but 1500? in
    // PromoChess.
    let mut hub = hub_rated(
        now,
        &[
            ("key-a", VariantId::Chess, settled(1800.0)),
            ("key-c", VariantId::Chess, settled(1700.0)),
            ("key-d", VariantId::Chess, settled(1900.0)),
        ],
    );
    let black = Terms {
        side: Side::Black,
        ..rated_blitz()
    };
    let e = hub.request(ANN, seek(black, Some(200)), now);
    let mine = lobby(&e, ANN).challenges;
    assert_eq!(mine.len(), 1, "the seeker sees her own seek");
    assert_eq!(
        (mine[0].range, mine[0].rating.label()),
        (Some(200), "1800".into())
    );
    assert!(lobby(&e, BOB).challenges.is_empty(), "1500? is 300 away");
    assert_eq!(lobby(&e, CAT).challenges.len(), 1);
    assert_eq!(lobby(&e, DAN).challenges.len(), 1);
    let id = mine[0].id;
    // Bob cannot take it even knowing its id; Ann cannot take her own.
    let e = hub.request(BOB, NetRequest::Accept(id), now);
    assert!(notices(&e, BOB)[0].contains("outside"), "{e:?}");
    let e = hub.request(ANN, NetRequest::Accept(id), now);
    assert!(notices(&e, ANN)[0].contains("not for you"), "{e:?}");
    // Cat takes it: Ann plays Black as she asked, and the seek is gone.
    let e = hub.request(CAT, NetRequest::Accept(id), now);
    let view = room(&e, CAT);
    assert_eq!(view.you, Some(Color::White));
    assert_eq!(view.names.black, "Ann");
    assert!(view.rated);
    assert!(lobby(&e, DAN).challenges.is_empty());
    // A seek for any rating is shown to everyone, in its own game: Dan's PromoChess seek
    // with ±100 fits Bob (both 1500? there).
    let promo = Terms {
        variant: VariantId::Promochess,
        ..rated_blitz()
    };
    let e = hub.request(DAN, seek(promo, Some(100)), now);
    assert_eq!(lobby(&e, BOB).challenges.len(), 1);
    let e = hub.request(DAN, seek(rated_blitz(), None), now);
    assert_eq!(lobby(&e, BOB).challenges.len(), 2);
}

#[test]
fn three_seeks_at_most_and_they_vanish_when_the_seeker_plays_or_leaves() {
    let now = Instant::now();
    let mut hub = hub(now);
    for _ in 0..SEEKS_MAX {
        hub.request(ANN, seek(rated_blitz(), None), now);
    }
    let e = hub.request(ANN, seek(rated_blitz(), None), now);
    assert!(notices(&e, ANN)[0].contains("3 seeks at most"), "{e:?}");
    let seeks = lobby(&hub.request(BOB, NetRequest::Leave, now), BOB).challenges;
    assert_eq!(seeks.len(), SEEKS_MAX);
    // Withdrawing one makes room for another.
    hub.request(ANN, NetRequest::Withdraw(seeks[0].id), now);
    let e = hub.request(ANN, seek(rated_blitz(), None), now);
    assert_eq!(lobby(&e, BOB).challenges.len(), SEEKS_MAX);
    // Ann accepts Bob's challenge: a real-time game, and all her seeks are gone.
    let e = challenge_accepted(&mut hub, BOB, "Ann", ANN, rated_blitz(), now);
    assert!(lobby(&e, CAT).challenges.is_empty(), "{:?}", lobby(&e, CAT));
    // While she plays she cannot seek another real-time game.
    let e = hub.request(ANN, seek(rated_blitz(), None), now);
    assert!(notices(&e, ANN)[0].contains("finish your game first"));
    // Cat's seeks go when Cat leaves.
    hub.request(CAT, seek(rated_blitz(), None), now);
    hub.request(CAT, seek(correspondence(3), None), now);
    let e = hub.request(DAN, NetRequest::Leave, now);
    assert_eq!(lobby(&e, DAN).challenges.len(), 2);
    let e = hub.disconnect(CAT, now);
    assert!(lobby(&e, DAN).challenges.is_empty());
}
