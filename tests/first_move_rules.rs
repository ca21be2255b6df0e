//! First-move (Betza `i`) moves belong to the piece, not to its square: the test game
//! `homecoming` (tests/data/variants/homecoming.ron), case by case.
//!
//! * `MOVES`: a Sentry jumps only as its own first move; one that went away and came back,
//!   or one promoted onto a Sentry square, steps but never jumps; the position string's
//!   `moved:` extra says which.
//! * Position strings with `moved:` read back as written and are refused where they name
//!   no such piece; repetition tells a Sentry that has moved from one that has not.
//!
//! Every expected list was worked out from the rules in the game's file.

mod common;

use std::sync::OnceLock;

use common::{pos, run_cases, tokens, Case, Expect::*};
use rankup::game::Game;
use rankup::notation::coord;
use rankup::rules::{EndReason, FenError, Outcome, Position, PositionError};
use rankup::variants::{register, variant, VariantId};

/// The test game, registered once for the whole test binary.
fn id() -> VariantId {
    static ID: OnceLock<VariantId> = OnceLock::new();
    *ID.get_or_init(|| {
        register(
            include_str!("data/variants/homecoming.ron"),
            "homecoming.ron",
        )
        .unwrap_or_else(|e| panic!("{e}"))
    })
}

const START: &str = "fsksf/5/5/5/FSKSF w - - 0 1";

#[rustfmt::skip]
const MOVES: &[Case] = &[
    Case {
        name: "an unmoved Sentry steps or jumps",
        fen: START,
        expect: From("b1", &["b1b2", "b1b3"]),
    },
    Case {
        name: "away and back: b1b2, b2b1, and the Sentry only steps",
        fen: START,
        expect: After(
            &["b1b2", "d5d4", "b2b1", "d4d5"],
            "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5",
        ),
    },
    Case {
        name: "a Sentry that has moved, back home, steps but does not jump",
        fen: "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5",
        expect: From("b1", &["b1b2"]),
    },
    Case {
        name: "the other Sentry keeps its jump",
        fen: "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5",
        expect: From("d1", &["d1d2", "d1d3"]),
    },
    Case {
        name: "Black's Sentry back home does not jump either",
        fen: "fsksf/5/5/5/FSKSF b - - 4 3 moved:b1,d5",
        expect: HasLacks(&["d5d4", "b5b4", "b5b3"], &["d5d3"]),
    },
    Case {
        name: "leaving the square takes it out of the set",
        fen: "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5",
        expect: After(&["b1b2"], "fsksf/5/5/1S3/F1KSF b - - 5 3 moved:d5"),
    },
    Case {
        name: "a capture on the square takes the captured piece's mark away",
        fen: "f1k1f/5/5/1s3/FSKSF b - - 0 9 moved:b1",
        expect: After(&["b2b1"], "f1k1f/5/5/5/FsKSF w - - 0 10"),
    },
    Case {
        name: "a Sentry arriving on the other side's home squares is not marked",
        fen: "2k2/1S3/5/5/2K2 w - - 0 1",
        expect: After(&["b4b5"], "1Sk2/5/5/5/2K2 b - - 1 1"),
    },
    Case {
        name: "a Trooper promoted on a Sentry square has had its first move",
        fen: "2k2/5/5/1T3/2K2 w - - 0 1",
        expect: After(&["b2b1"], "2k2/5/5/5/1SK2 b - - 1 1 moved:b1"),
    },
    Case {
        name: "... and that Sentry steps but does not jump",
        fen: "2k2/5/5/5/1SK2 w - - 0 1 moved:b1",
        expect: From("b1", &["b1a1", "b1b2"]),
    },
];

#[test]
fn first_moves_belong_to_the_piece() {
    run_cases(id(), MOVES);
}

/// `moved:` is written only when some piece has it, in square order, and reads back.
#[test]
fn position_strings_carry_the_moved_extra() {
    let v = variant(id());
    for fen in [
        START,
        "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5",
        "fsksf/5/5/5/FSKSF b - - 4 3 moved:d5",
        "2k2/5/5/5/1SK2 w - - 0 1 moved:b1",
    ] {
        assert_eq!(pos(id(), fen).fen(), fen);
    }
    // Written in any order, read as a set.
    assert_eq!(
        pos(id(), "fsksf/5/5/5/FSKSF w - - 4 3 moved:d5,b1").fen(),
        "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5"
    );
    let refused = |fen: &str| Position::from_fen(v, fen).expect_err(fen);
    // A square without a piece that has first moves there.
    for (fen, sq) in [
        ("fsksf/5/5/5/FSKSF w - - 0 1 moved:c1", "c1"),
        ("fsksf/5/5/5/FSKSF w - - 0 1 moved:c3", "c3"),
        ("fsksf/5/5/1S3/F1KSF w - - 0 1 moved:b2", "b2"),
        ("1Sk2/5/5/5/2K2 w - - 0 1 moved:b5", "b5"),
    ] {
        let e = refused(fen);
        assert!(
            matches!(e, PositionError::Moved(s) if s.to_string() == sq),
            "{fen}: {e:?}"
        );
        assert!(e.to_string().contains(&format!("moved:{sq}")), "{e}");
    }
    // Malformed lists.
    for fen in [
        "fsksf/5/5/5/FSKSF w - - 0 1 moved:",
        "fsksf/5/5/5/FSKSF w - - 0 1 moved:b1,b1",
        "fsksf/5/5/5/FSKSF w - - 0 1 moved:f1",
        "fsksf/5/5/5/FSKSF w - - 0 1 moved:b1 moved:d5",
    ] {
        assert!(
            matches!(refused(fen), PositionError::Fen(FenError::Extra(_))),
            "{fen}"
        );
    }
    // A game without first moves has no such extra.
    let tamerspiel = variant(VariantId::Tamerspiel);
    let fen = format!("{} moved:c2", tamerspiel.spec().start);
    assert!(matches!(
        Position::from_fen(tamerspiel, &fen),
        Err(PositionError::Fen(FenError::Extra(_)))
    ));
}

/// A Sentry that has been away and back is not the Sentry that never moved: the shuffle
/// b1b2 d5d4 b2b1 d4d5 does not repeat the start, so the second shuffle is no threefold
/// repetition (it would be if the start counted).
#[test]
fn repetition_tells_moved_pieces_apart() {
    let start = pos(id(), START);
    let mut game = Game::new(start.clone());
    let shuffle = ["b1b2", "d5d4", "b2b1", "d4d5"];
    let play = |game: &mut Game, token: &str| {
        let m = coord::parse(game.position(), token)
            .unwrap_or_else(|e| panic!("{token}: {e}; legal {:?}", tokens(game.position())));
        game.play(m).unwrap_or_else(|e| panic!("{token}: {e:?}"));
    };
    for token in shuffle {
        play(&mut game, token);
    }
    let home_again = game.position().clone();
    assert_eq!(home_again.fen(), "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5");
    assert_ne!(home_again.repetition_key(), start.repetition_key());
    assert_ne!(home_again, start);
    assert_eq!(game.repetitions(), 1, "the start does not count");
    // Had the start counted, the second arrival would be the third occurrence.
    for token in shuffle {
        play(&mut game, token);
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    // The third time round, the positions between (Sentries on b2 and d4, which have moved
    // whichever way they came) reach three first.
    play(&mut game, "b1b2");
    play(&mut game, "d5d4");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    // The hash kept up move by move is the one computed from scratch.
    assert_eq!(home_again.hash(), home_again.compute_hash());
}

/// Asked why a Sentry back home may not jump, the answer is that it cannot go there (its
/// moves, as described), not that something blocks the way (nothing does: b2 is empty).
#[test]
fn why_a_moved_sentry_does_not_jump() {
    let sq = |s: &str| s.parse().unwrap();
    let home = pos(id(), "fsksf/5/5/5/FSKSF w - - 4 3 moved:b1,d5");
    let why = home.why_illegal(sq("b1"), sq("b3")).expect("illegal");
    assert!(why.is_cannot_reach(), "{why:?}");
    // The unmoved one jumps, over a piece too.
    let fresh = pos(id(), "fsksf/5/5/1F3/FSKS1 w - - 0 1");
    assert_eq!(fresh.why_illegal(sq("b1"), sq("b3")), None);
}
