//! PromoChess rules (variants/promochess.ron), case by case.
//!
//! Every case is hand-made from the rules text: a position string and either the exact
//! sorted list of legal move tokens, tokens that must or must not be legal, or a move with
//! the position string it must lead to. Board diagrams in the comments read rank 9 first.

mod common;

use rankup::notation::{coord, san};
use rankup::rules::{Color, EndReason, Outcome, Position, PositionError};
use rankup::variants::{variant, VariantId};

fn pos(fen: &str) -> Position {
    common::pos(VariantId::Promochess, fen)
}

use common::tokens;

fn after(fen: &str, token: &str) -> String {
    common::after(VariantId::Promochess, fen, token)
}

fn san_of(fen: &str, token: &str) -> String {
    let p = pos(fen);
    let m = coord::parse(&p, token).unwrap_or_else(|e| panic!("'{token}' in '{fen}': {e}"));
    san::format(&p, &m)
}

use common::{
    Case,
    Expect::{After, HasLacks, Moves},
};

const CASES: &[Case] = &[
    // ---- Silver -> Dragon: every move ending in ranks 7-9 may promote. ----
    Case {
        name: "silver entering the zone: optional promotion on each forward move",
        fen: "4k4/9/9/4S4/9/9/9/9/K8 w - - 0 1",
        expect: Moves(&[
            "a1a2", "a1b1", "a1b2", "e6d5", "e6d7", "e6d7+", "e6e7", "e6e7+", "e6f5", "e6f7",
            "e6f7+",
        ]),
    },
    Case {
        name: "silver promotes to Dragon",
        fen: "4k4/9/9/4S4/9/9/9/9/K8 w - - 0 1",
        expect: After(&["e6e7+"], "4k4/9/4D4/9/9/9/9/9/K8 b - - 1 1"),
    },
    Case {
        name: "silver declines promotion",
        fen: "4k4/9/9/4S4/9/9/9/9/K8 w - - 0 1",
        expect: After(&["e6e7"], "4k4/9/4S4/9/9/9/9/9/K8 b - - 1 1"),
    },
    Case {
        name: "silver zone to zone may promote, leaving the zone may not",
        fen: "k8/9/4S4/9/9/9/9/9/4K4 w - - 0 1",
        expect: Moves(&[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e7d6", "e7d8", "e7d8+", "e7e8", "e7e8+",
            "e7f6", "e7f8", "e7f8+",
        ]),
    },
    // ---- Rook -> Queen. ----
    Case {
        name: "rook on rank 7: along the rank and up may promote, down may not",
        fen: "8k/9/R8/9/9/9/9/9/4K4 w - - 0 1",
        expect: HasLacks(
            &[
                "a7a8", "a7a8+", "a7a9", "a7a9+", "a7b7", "a7b7+", "a7i7", "a7i7+", "a7a6", "a7a1",
            ],
            &["a7a6+", "a7a5+", "a7a1+"],
        ),
    },
    Case {
        name: "rook promotes to Queen on the last rank (and checks)",
        fen: "8k/9/R8/9/9/9/9/9/4K4 w - - 0 1",
        expect: After(&["a7a9+"], "Q7k/9/9/9/9/9/9/9/4K4 b - - 1 1"),
    },
    Case {
        name: "rook capture into the zone may promote",
        fen: "4k4/9/r8/9/R8/9/9/9/4K4 w - - 0 1",
        expect: After(&["a5a7+"], "4k4/9/Q8/9/9/9/9/9/4K4 b - - 0 1"),
    },
    // ---- Horse -> Marshal. ----
    Case {
        name: "horse entering the zone",
        fen: "9/9/9/1H7/8k/9/9/9/K8 w - - 0 1",
        expect: Moves(&[
            "a1a2", "a1b1", "a1b2", "b6a4", "b6a8", "b6a8+", "b6c4", "b6c8", "b6c8+", "b6d5",
            "b6d7", "b6d7+",
        ]),
    },
    Case {
        name: "horse promotes to Marshal",
        fen: "9/9/9/1H7/8k/9/9/9/K8 w - - 0 1",
        expect: After(&["b6c8+"], "9/2M6/9/9/8k/9/9/9/K8 b - - 1 1"),
    },
    Case {
        name: "horse in the zone: zone-to-zone leaps may promote, leaps out may not",
        fen: "9/9/3H5/9/8k/9/9/9/K8 w - - 0 1",
        expect: Moves(&[
            "a1a2", "a1b1", "a1b2", "d7b6", "d7b8", "d7b8+", "d7c5", "d7c9", "d7c9+", "d7e5",
            "d7e9", "d7e9+", "d7f6", "d7f8", "d7f8+",
        ]),
    },
    // ---- Bishop -> Janus. ----
    Case {
        name: "bishop entering the zone",
        fen: "9/9/9/9/2B5k/9/9/9/K8 w - - 0 1",
        expect: HasLacks(
            &[
                "c5a7", "c5a7+", "c5e7", "c5e7+", "c5f8+", "c5g9+", "c5d6", "c5b6", "c5g1", "c5a3",
            ],
            &["c5d6+", "c5b6+", "c5b4+", "c5g1+"],
        ),
    },
    Case {
        name: "bishop promotes to Janus",
        fen: "9/9/9/9/2B5k/9/9/9/K8 w - - 0 1",
        expect: After(&["c5g9+"], "6J2/9/9/9/8k/9/9/9/K8 b - - 1 1"),
    },
    Case {
        name: "bishop in the zone: moves leaving the zone never promote",
        fen: "6B2/9/9/9/8k/9/9/9/K8 w - - 0 1",
        expect: HasLacks(
            &["g9h8", "g9h8+", "g9i7+", "g9f8+", "g9e7+", "g9d6", "g9a3"],
            &["g9d6+", "g9c5+", "g9b4+", "g9a3+"],
        ),
    },
    // ---- Camel -> Wildebeest. ----
    Case {
        name: "camel entering the zone",
        fen: "9/9/9/9/3C4k/9/9/9/K8 w - - 0 1",
        expect: Moves(&[
            "a1a2", "a1b1", "a1b2", "d5a4", "d5a6", "d5c2", "d5c8", "d5c8+", "d5e2", "d5e8",
            "d5e8+", "d5g4", "d5g6",
        ]),
    },
    Case {
        name: "camel promotes to Wildebeest",
        fen: "9/9/9/9/3C4k/9/9/9/K8 w - - 0 1",
        expect: After(&["d5e8+"], "9/4W4/9/9/8k/9/9/9/K8 b - - 1 1"),
    },
    Case {
        name: "camel in the zone: (3,1) leaps inside may promote, leaps out may not",
        fen: "9/9/4C4/9/8k/9/9/9/K8 w - - 0 1",
        expect: Moves(&[
            "a1a2", "a1b1", "a1b2", "e7b6", "e7b8", "e7b8+", "e7d4", "e7f4", "e7h6", "e7h8",
            "e7h8+",
        ]),
    },
    // ---- Pawn -> Gold. ----
    Case {
        name: "pawn on rank 6: single and double step into the zone, both optional",
        fen: "k8/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
        expect: Moves(&[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6e7", "e6e7+", "e6e8", "e6e8+",
        ]),
    },
    Case {
        name: "pawn double step into the zone, promoting",
        fen: "k8/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
        expect: After(&["e6e8+"], "k8/4G4/9/9/9/9/9/9/4K4 b - - 0 1"),
    },
    Case {
        name: "pawn on rank 7: e8 optional, the double step to e9 forced (one move)",
        fen: "k8/9/4P4/9/9/9/9/9/4K4 w - - 0 1",
        expect: HasLacks(&["e7e8", "e7e8+", "e7e9"], &["e7e9+"]),
    },
    Case {
        name: "forced promotion by double step",
        fen: "4k4/9/2P6/9/9/9/9/9/K8 w - - 0 1",
        expect: After(&["c7c9"], "2G1k4/9/9/9/9/9/9/9/K8 b - - 0 1"),
    },
    Case {
        name: "forced promotion by single step",
        fen: "4k4/2P6/9/9/9/9/9/9/K8 w - - 0 1",
        expect: Moves(&["a1a2", "a1b1", "a1b2", "c8c9"]),
    },
    Case {
        name: "forced promotion by single step, result",
        fen: "4k4/2P6/9/9/9/9/9/9/K8 w - - 0 1",
        expect: After(&["c8c9"], "2G1k4/9/9/9/9/9/9/9/K8 b - - 0 1"),
    },
    Case {
        name: "forced promotion by capture",
        fen: "3rk4/2P6/9/9/9/9/9/9/K8 w - - 0 1",
        expect: Moves(&["a1a2", "a1b1", "a1b2", "c8c9", "c8d9"]),
    },
    Case {
        name: "forced promotion by capture, result (the Gold checks)",
        fen: "3rk4/2P6/9/9/9/9/9/9/K8 w - - 0 1",
        expect: After(&["c8d9"], "3Gk4/9/9/9/9/9/9/9/K8 b - - 0 1"),
    },
    Case {
        name: "the mandatory promotion also accepts the `+` suffix",
        fen: "4k4/9/2P6/9/9/9/9/9/K8 w - - 0 1",
        expect: After(&["c7c9+"], "2G1k4/9/9/9/9/9/9/9/K8 b - - 0 1"),
    },
    Case {
        name: "pawn captures into the zone may promote",
        fen: "4k4/9/3r5/4P4/9/9/9/9/K8 w - - 0 1",
        expect: HasLacks(&["e6d7", "e6d7+", "e6e7", "e6e7+", "e6e8", "e6e8+"], &[]),
    },
    // ---- Pawn double step from any rank. ----
    Case {
        name: "pawn double step from rank 4",
        fen: "4k4/9/9/9/9/4P4/9/9/K8 w - - 0 1",
        expect: Moves(&["a1a2", "a1b1", "a1b2", "e4e5", "e4e6"]),
    },
    Case {
        name: "pawn double step from rank 4, result",
        fen: "4k4/9/9/9/9/4P4/9/9/K8 w - - 5 9",
        expect: After(&["e4e6"], "4k4/9/9/4P4/9/9/9/9/K8 b - - 0 9"),
    },
    Case {
        name: "no double step when the first square is occupied (own piece)",
        fen: "4k4/9/9/9/4S4/4P4/9/9/K8 w - - 0 1",
        expect: HasLacks(&["e5e6"], &["e4e5", "e4e6"]),
    },
    Case {
        name: "no double step when the first square is occupied (enemy piece)",
        fen: "4k4/9/9/9/4s4/4P4/9/9/K8 w - - 0 1",
        expect: HasLacks(&[], &["e4e5", "e4e6"]),
    },
    Case {
        name: "no double step when the second square is occupied",
        fen: "4k4/9/9/4s4/9/4P4/9/9/K8 w - - 0 1",
        expect: HasLacks(&["e4e5"], &["e4e6"]),
    },
    Case {
        name: "black pawn double step from rank 6",
        fen: "4k4/9/9/4p4/9/9/9/9/K8 b - - 0 1",
        expect: HasLacks(&["e6e5", "e6e4"], &["e6e5+", "e6e4+"]),
    },
    // ---- Black's zone is ranks 1-3. ----
    Case {
        name: "black silver entering ranks 1-3",
        fen: "4k4/9/9/9/9/4s4/9/9/K8 b - - 0 1",
        expect: HasLacks(
            &[
                "e4d3", "e4d3+", "e4e3", "e4e3+", "e4f3", "e4f3+", "e4d5", "e4f5",
            ],
            &["e4d5+", "e4f5+"],
        ),
    },
    Case {
        name: "black silver promotes to Dragon",
        fen: "4k4/9/9/9/9/4s4/9/9/K8 b - - 0 1",
        expect: After(&["e4e3+"], "4k4/9/9/9/9/9/4d4/9/K8 w - - 1 2"),
    },
    Case {
        name: "black pieces entering ranks 7-9 do not promote",
        fen: "4k4/9/9/9/r8/9/9/9/4K4 b - - 0 1",
        expect: HasLacks(
            &["a5a7", "a5a8", "a5a9", "a5a3", "a5a3+", "a5a1", "a5a1+"],
            &["a5a7+", "a5a8+", "a5a9+", "a5a4+"],
        ),
    },
    Case {
        name: "white pieces entering ranks 1-3 do not promote",
        fen: "4k4/9/9/9/R8/9/9/9/4K4 w - - 0 1",
        expect: HasLacks(&["a5a3", "a5a1", "a5a7+"], &["a5a3+", "a5a2+", "a5a1+"]),
    },
    Case {
        name: "black pawn: forced promotion on rank 1",
        fen: "4k4/9/9/9/9/9/9/3p5/K8 b - - 0 1",
        expect: HasLacks(&["d2d1"], &["d2d1+", "d2d2"]),
    },
    Case {
        name: "black pawn: forced promotion on rank 1, result",
        fen: "4k4/9/9/9/9/9/9/3p5/K8 b - - 0 1",
        expect: After(&["d2d1"], "4k4/9/9/9/9/9/9/9/K2g5 w - - 0 2"),
    },
    Case {
        name: "black pawn: double step to rank 1 forced, to rank 2 optional",
        fen: "4k4/9/9/9/9/9/3p5/9/K8 b - - 0 1",
        expect: Moves(&[
            "d3d1", "d3d2", "d3d2+", "e9d8", "e9d9", "e9e8", "e9f8", "e9f9",
        ]),
    },
    // ---- No e.p., no castling. ----
    Case {
        name: "a double step leaves no e.p. square",
        fen: "4k4/9/9/9/3p5/9/4P4/9/K8 w - - 0 1",
        expect: After(&["e3e5"], "4k4/9/9/9/3pP4/9/9/9/K8 b - - 0 1"),
    },
    Case {
        name: "no e.p. capture after a double step past an enemy pawn",
        fen: "4k4/9/9/9/3pP4/9/9/9/K8 b - - 0 1",
        expect: Moves(&[
            "d5d3", "d5d3+", "d5d4", "e9d8", "e9d9", "e9e8", "e9f8", "e9f9",
        ]),
    },
    Case {
        name: "no castling: the King steps one square only",
        fen: "r3k3r/9/9/9/9/9/9/9/R3K3R w - - 0 1",
        expect: HasLacks(
            &["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"],
            &["e1c1", "e1g1", "e1b1", "e1h1", "e1a1", "e1i1"],
        ),
    },
    Case {
        name: "the King never promotes",
        fen: "k8/9/9/4K4/9/9/9/9/9 w - - 0 1",
        expect: Moves(&[
            "e6d5", "e6d6", "e6d7", "e6e5", "e6e7", "e6f5", "e6f6", "e6f7",
        ]),
    },
    // ---- Promoted pieces never promote again. ----
    Case {
        name: "Gold in the zone",
        fen: "k8/9/9/4G4/9/9/9/9/8K w - - 0 1",
        expect: Moves(&[
            "e6d6", "e6d7", "e6e5", "e6e7", "e6f6", "e6f7", "i1h1", "i1h2", "i1i2",
        ]),
    },
    Case {
        name: "Dragon moving into and within the zone",
        fen: "k8/9/4D4/9/9/9/9/9/8K w - - 0 1",
        expect: HasLacks(
            &["e7e8", "e7f8", "e7d8", "e7g9"],
            &["e7e8+", "e7f8+", "e7g9+"],
        ),
    },
    Case {
        name: "Gold made by the forced promotion does not promote again",
        fen: "k3G4/9/9/9/9/9/9/9/8K w - - 0 1",
        expect: HasLacks(&["e9d9", "e9f9", "e9e8"], &["e9d9+", "e9e8+"]),
    },
];

#[test]
fn promochess_rule_cases() {
    common::run_cases(VariantId::Promochess, CASES);
}

/// Every promotable type, moving into the zone from outside, is offered its promotion, the
/// promoted letter is the one the rules give, and the promoted piece never offers one again.
#[test]
fn each_type_promotes_to_its_own_promoted_type() {
    // (position, plain token, promoted letter); the piece stands alone with the Kings.
    let table = [
        ("k8/9/9/4S4/9/9/9/9/8K w - - 0 1", "e6e7", 'D'),
        ("k8/9/9/9/4R4/9/9/9/8K w - - 0 1", "e5e8", 'Q'),
        ("k8/9/9/4H4/9/9/9/9/8K w - - 0 1", "e6f8", 'M'),
        ("k8/9/9/9/9/3B5/9/9/8K w - - 0 1", "d4g7", 'J'),
        ("k8/9/9/9/4C4/9/9/9/8K w - - 0 1", "e5f8", 'W'),
        ("k8/9/9/4P4/9/9/9/9/8K w - - 0 1", "e6e7", 'G'),
    ];
    let v = variant(VariantId::Promochess);
    for (fen, plain, promoted) in table {
        let mut p = pos(fen);
        let promo = format!("{plain}+");
        let legal = tokens(&p);
        assert!(
            legal.iter().any(|t| t == plain),
            "{fen}: {plain} missing: {legal:?}"
        );
        assert!(legal.contains(&promo), "{fen}: {promo} missing: {legal:?}");
        let declined = coord::parse(&p, plain).unwrap();
        assert_eq!(declined.promotion, None, "{fen}: {plain} declines");
        let m = coord::parse(&p, &promo).unwrap();
        let kind = m.promotion.expect("the + move promotes");
        assert_eq!(v.piece(kind).letter, promoted, "{fen}: {promo}");
        p.make(m);
        assert_eq!(
            p.piece_at(m.to).map(|pc| v.piece_char(pc)),
            Some(promoted),
            "{fen}: {promo}"
        );
        // Black's King steps aside; then the promoted piece moves within the zone and out
        // of it without any promotion choice.
        let reply = p.legal_moves()[0];
        p.make(reply);
        let own: Vec<_> = p
            .legal_moves()
            .into_iter()
            .filter(|x| x.from == m.to)
            .collect();
        assert!(!own.is_empty(), "{fen}: the {promoted} has moves");
        for x in own {
            assert_eq!(
                x.promotion,
                None,
                "{fen}: the promoted {promoted} offers {}",
                coord::format(v, &x)
            );
        }
    }
}

#[test]
fn san_of_promotions() {
    // Taken: `=` and the promoted letter; declined: nothing.
    let fen = "9/9/9/1H7/8k/9/9/9/K8 w - - 0 1";
    assert_eq!(san_of(fen, "b6c8+"), "Hc8=M");
    assert_eq!(san_of(fen, "b6c8"), "Hc8");
    assert_eq!(san_of(fen, "b6a4"), "Ha4");
    let fen = "4k4/9/9/4S4/9/9/9/9/K8 w - - 0 1";
    assert_eq!(san_of(fen, "e6e7+"), "Se7=D");
    assert_eq!(san_of(fen, "e6e7"), "Se7");
    // A Rook promoting with check.
    let fen = "8k/9/R8/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(san_of(fen, "a7a9+"), "Ra9=Q+");
    assert_eq!(san_of(fen, "a7a8+"), "Ra8=Q");
    // Pawns: optional and forced promotions.
    let fen = "k8/9/9/4P4/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(san_of(fen, "e6e8+"), "e8=G");
    assert_eq!(san_of(fen, "e6e8"), "e8");
    assert_eq!(san_of("4k4/2P6/9/9/9/9/9/9/K8 w - - 0 1", "c8c9"), "c9=G");
    assert_eq!(
        san_of("3rk4/2P6/9/9/9/9/9/9/K8 w - - 0 1", "c8d9"),
        "cxd9=G+"
    );
    // Black.
    assert_eq!(san_of("4k4/9/9/9/9/4s4/9/9/K8 b - - 0 1", "e4e3+"), "Se3=D");
    assert_eq!(san_of("4k4/9/9/9/9/9/9/3p5/K8 b - - 0 1", "d2d1"), "d1=G");
}

#[test]
fn san_parse_of_promotions() {
    let p = pos("9/9/9/1H7/8k/9/9/9/K8 w - - 0 1");
    let v = p.variant();
    let taken = san::parse(&p, "Hc8=M").unwrap();
    assert_eq!(coord::format(v, &taken), "b6c8+");
    let declined = san::parse(&p, "Hc8").unwrap();
    assert_eq!(coord::format(v, &declined), "b6c8");
    // A promotion to a type this piece does not promote to.
    assert!(san::parse(&p, "Hc8=Q").is_err());
    // A forced promotion may omit its suffix.
    let p = pos("4k4/2P6/9/9/9/9/9/9/K8 w - - 0 1");
    assert_eq!(coord::format(v, &san::parse(&p, "c9").unwrap()), "c8c9");
    assert_eq!(coord::format(v, &san::parse(&p, "c9=G").unwrap()), "c8c9");
}

#[test]
fn coordinate_promotion_errors() {
    // `+` on a move that cannot promote (leaving the zone, or a promoted piece).
    let p = pos("8k/9/R8/9/9/9/9/9/4K4 w - - 0 1");
    let err = coord::parse(&p, "a7a6+").unwrap_err();
    assert!(err.to_string().contains("a7a6+"), "{err}");
    let p = pos("k8/9/9/4G4/9/9/9/9/8K w - - 0 1");
    let err = coord::parse(&p, "e6e7+").unwrap_err();
    assert!(err.to_string().contains("e6e7+"), "{err}");
    // A choice letter that is not the fixed promotion.
    let p = pos("4k4/9/9/4S4/9/9/9/9/K8 w - - 0 1");
    assert!(coord::parse(&p, "e6e7=q").is_err());
}

#[test]
fn position_strings_reject_what_promochess_forbids() {
    let v = variant(VariantId::Promochess);
    // A White Pawn on rank 9 / a Black Pawn on rank 1 would have had to promote.
    for fen in [
        "4P4/9/9/9/9/9/9/9/k3K4 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/K3p4 w - - 0 1",
    ] {
        match Position::from_fen(v, fen) {
            Err(PositionError::MustHavePromoted(sq)) => {
                assert!(sq.rank() == 8 || sq.rank() == 0, "{fen}: {sq}")
            }
            other => panic!("{fen}: expected MustHavePromoted, got {other:?}"),
        }
    }
    // Pawns on ranks 7 and 8 are fine (promotion there is optional).
    pos("4k4/4P4/4P4/9/9/9/9/9/4K4 w - - 0 1");
    // No castling rights exist.
    assert!(Position::from_fen(v, "r3k3r/9/9/9/9/9/9/9/R3K3R w K - 0 1").is_err());
    // No e.p. square exists, even right after a double step.
    assert!(Position::from_fen(v, "4k4/9/9/9/3pP4/9/9/9/K8 b - e4 0 1").is_err());
}

/// No node of a few plies from the start has an e.p. square or a castling right, and
/// every double step and promotion keeps it that way.
#[test]
fn no_ep_square_is_ever_set() {
    fn walk(p: &mut Position, depth: u32) {
        assert_eq!(p.ep_square(), None, "{}", p.fen());
        assert_eq!(p.castling_rights(), 0, "{}", p.fen());
        assert!(p.fen().contains(" - - "), "{}", p.fen());
        if depth == 0 {
            return;
        }
        for m in p.legal_moves() {
            let u = p.make(m);
            walk(p, depth - 1);
            p.unmake(m, u);
        }
    }
    walk(&mut Position::start(variant(VariantId::Promochess)), 3);
}

#[test]
fn promochess_game_end() {
    let draw = |reason| Some(Outcome::Draw { reason });
    // Bare Kings draw; any other piece keeps the game going (no FIDE minor-piece rule).
    assert_eq!(
        pos("4k4/9/9/9/9/9/9/9/4K4 w - - 0 1").outcome(),
        draw(EndReason::BareKings)
    );
    assert_eq!(pos("4k4/9/9/9/9/9/9/9/3HK4 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k4/9/9/9/9/9/9/9/3BK4 w - - 0 1").outcome(), None);
    // Checkmate: the Queen on b8 is guarded by the King on c7.
    assert_eq!(
        pos("k8/1Q7/2K6/9/9/9/9/9/9 b - - 0 1").outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
    // Stalemate.
    assert_eq!(
        pos("k8/2Q6/9/9/9/9/9/9/4K4 b - - 0 1").outcome(),
        draw(EndReason::Stalemate)
    );
    // 50-move rule; a Pawn move resets the count.
    assert_eq!(
        pos("4k4/9/9/9/9/9/9/9/R3K4 w - - 100 60").outcome(),
        draw(EndReason::FiftyMoves)
    );
    assert_eq!(
        after("4k4/9/9/9/9/9/4P4/9/R3K4 w - - 99 60", "e3e5"),
        "4k4/9/9/9/4P4/9/9/9/R3K4 b - - 0 60"
    );
}

/// SAN whose rank disambiguation makes it look like a coordinate token (`H5f4` vs `h5f4`)
/// is read as SAN when typed: the move shown on screen is the move played.
#[test]
fn typed_san_that_looks_like_a_token_is_san() {
    use rankup::notation::parse_move;
    let v = variant(VariantId::Promochess);
    let pos = Position::from_fen(v, "4k4/9/9/9/3H3M1/9/3H5/9/4K4 w - - 0 1").unwrap();
    let mv = parse_move(&pos, "H5f4").unwrap();
    assert_eq!(
        (mv.from.to_string(), mv.to.to_string()),
        ("d5".to_string(), "f4".to_string())
    );
    // The lower-case token still names the Marshal's move.
    let mv = parse_move(&pos, "h5f4").unwrap();
    assert_eq!(mv.from.to_string(), "h5");
    let chess = variant(VariantId::Chess);
    let pos = Position::from_fen(
        chess,
        "rnBq1k1r/pp2bppp/2p5/8/2B5/8/PPP1N1PP/RNBQK2n w Q - 0 9",
    )
    .unwrap();
    let mv = parse_move(&pos, "B4e6").unwrap();
    assert_eq!(mv.from.to_string(), "c4");
}
