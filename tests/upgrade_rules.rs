//! Upgrade Chess rules (variants/upgrade.ron), case by case.
//!
//! * `LEVELS`: the exact destinations of one piece on an otherwise empty board (Kings aside)
//!   at every level threshold: Rook and Bishop at 1..=7 and above the cap, Queen at 1..=14
//!   (diagonal ceil(L/2), orthogonal floor(L/2)) and above, Knight at 1..=6 (Crab directions
//!   ffN/bsN ride ceil(L/2) steps, fsN/bbN floor(L/2)) and above, White and Black. The lists
//!   were written from the formulas of the rules and cross-checked by an independent Python move
//!   generator (outside this repository).
//! * `CASES`: captures adding levels, e.p., castling, promotion, King captures, blocked
//!   Nightrider steps and attacks limited by range, in the style of `promochess_rules.rs`.
//! * Separate tests for the test line of variants/upgrade.ron, SAN and tokens of King captures,
//!   position strings, the hash and repetition.

mod common;

use rankup::game::Game;
use rankup::notation::{coord, san, CoordError};
use rankup::rules::{EndReason, Outcome, Position, PositionError, Square};
use rankup::variants::{variant, VariantId};

fn pos(fen: &str) -> Position {
    common::pos(VariantId::Upgrade, fen)
}

use common::tokens;

fn after(fen: &str, token: &str) -> String {
    common::after(VariantId::Upgrade, fen, token)
}

fn san_of(fen: &str, token: &str) -> String {
    let p = pos(fen);
    let m = coord::parse(&p, token).unwrap_or_else(|e| panic!("'{token}' in '{fen}': {e}"));
    san::format(&p, &m)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The sorted destinations of the legal moves from `from`.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    out.sort();
    out
}

/// (piece, level, position, square, exact destinations).
#[rustfmt::skip]
const LEVELS: &[(&str, u16, &str, &str, &str)] = &[
        ("rook", 1, "8/7k/8/8/8/8/7K/R7 w - - 0 1", "a1", "a2 b1"),
        ("rook", 2, "8/7k/8/8/8/8/7K/R(2)7 w - - 0 1", "a1", "a2 a3 b1 c1"),
        ("rook", 3, "8/7k/8/8/8/8/7K/R(3)7 w - - 0 1", "a1", "a2 a3 a4 b1 c1 d1"),
        ("rook", 4, "8/7k/8/8/8/8/7K/R(4)7 w - - 0 1", "a1", "a2 a3 a4 a5 b1 c1 d1 e1"),
        ("rook", 5, "8/7k/8/8/8/8/7K/R(5)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 b1 c1 d1 e1 f1"),
        ("rook", 6, "8/7k/8/8/8/8/7K/R(6)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f1 g1"),
        ("rook", 7, "8/7k/8/8/8/8/7K/R(7)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1"),
        ("rook", 8, "8/7k/8/8/8/8/7K/R(8)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1"),
        ("rook", 100, "8/7k/8/8/8/8/7K/R(100)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1"),
        ("bishop", 1, "8/7k/8/8/8/8/7K/B7 w - - 0 1", "a1", "b2"),
        ("bishop", 2, "8/7k/8/8/8/8/7K/B(2)7 w - - 0 1", "a1", "b2 c3"),
        ("bishop", 3, "8/7k/8/8/8/8/7K/B(3)7 w - - 0 1", "a1", "b2 c3 d4"),
        ("bishop", 4, "8/7k/8/8/8/8/7K/B(4)7 w - - 0 1", "a1", "b2 c3 d4 e5"),
        ("bishop", 5, "8/7k/8/8/8/8/7K/B(5)7 w - - 0 1", "a1", "b2 c3 d4 e5 f6"),
        ("bishop", 6, "8/7k/8/8/8/8/7K/B(6)7 w - - 0 1", "a1", "b2 c3 d4 e5 f6 g7"),
        ("bishop", 7, "8/7k/8/8/8/8/7K/B(7)7 w - - 0 1", "a1", "b2 c3 d4 e5 f6 g7 h8"),
        ("bishop", 8, "8/7k/8/8/8/8/7K/B(8)7 w - - 0 1", "a1", "b2 c3 d4 e5 f6 g7 h8"),
        ("bishop", 100, "8/7k/8/8/8/8/7K/B(100)7 w - - 0 1", "a1", "b2 c3 d4 e5 f6 g7 h8"),
        ("queen_corner", 1, "8/7k/8/8/8/8/7K/Q7 w - - 0 1", "a1", "b2"),
        ("queen_corner", 2, "8/7k/8/8/8/8/7K/Q(2)7 w - - 0 1", "a1", "a2 b1 b2"),
        ("queen_corner", 3, "8/7k/8/8/8/8/7K/Q(3)7 w - - 0 1", "a1", "a2 b1 b2 c3"),
        ("queen_corner", 4, "8/7k/8/8/8/8/7K/Q(4)7 w - - 0 1", "a1", "a2 a3 b1 b2 c1 c3"),
        ("queen_corner", 5, "8/7k/8/8/8/8/7K/Q(5)7 w - - 0 1", "a1", "a2 a3 b1 b2 c1 c3 d4"),
        ("queen_corner", 6, "8/7k/8/8/8/8/7K/Q(6)7 w - - 0 1", "a1", "a2 a3 a4 b1 b2 c1 c3 d1 d4"),
        ("queen_corner", 7, "8/7k/8/8/8/8/7K/Q(7)7 w - - 0 1", "a1", "a2 a3 a4 b1 b2 c1 c3 d1 d4 e5"),
        ("queen_corner", 8, "8/7k/8/8/8/8/7K/Q(8)7 w - - 0 1", "a1", "a2 a3 a4 a5 b1 b2 c1 c3 d1 d4 e1 e5"),
        ("queen_corner", 9, "8/7k/8/8/8/8/7K/Q(9)7 w - - 0 1", "a1", "a2 a3 a4 a5 b1 b2 c1 c3 d1 d4 e1 e5 f6"),
        ("queen_corner", 10, "8/7k/8/8/8/8/7K/Q(10)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6"),
        ("queen_corner", 11, "8/7k/8/8/8/8/7K/Q(11)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g7"),
        ("queen_corner", 12, "8/7k/8/8/8/8/7K/Q(12)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7"),
        ("queen_corner", 13, "8/7k/8/8/8/8/7K/Q(13)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7 h8"),
        ("queen_corner", 14, "8/7k/8/8/8/8/7K/Q(14)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7 h1 h8"),
        ("queen_corner", 15, "8/7k/8/8/8/8/7K/Q(15)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7 h1 h8"),
        ("queen_corner", 100, "8/7k/8/8/8/8/7K/Q(100)7 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 b2 c1 c3 d1 d4 e1 e5 f1 f6 g1 g7 h1 h8"),
        ("queen_centre", 1, "8/7k/8/8/3Q4/8/8/7K w - - 0 1", "d4", "c3 c5 e3 e5"),
        ("queen_centre", 2, "8/7k/8/8/3Q(2)4/8/8/7K w - - 0 1", "d4", "c3 c4 c5 d3 d5 e3 e4 e5"),
        ("queen_centre", 3, "8/7k/8/8/3Q(3)4/8/8/7K w - - 0 1", "d4", "b2 b6 c3 c4 c5 d3 d5 e3 e4 e5 f2 f6"),
        ("queen_centre", 4, "8/7k/8/8/3Q(4)4/8/8/7K w - - 0 1", "d4", "b2 b4 b6 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6"),
        ("queen_centre", 5, "8/7k/8/8/3Q(5)4/8/8/7K w - - 0 1", "d4", "a1 a7 b2 b4 b6 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6 g1 g7"),
        ("queen_centre", 6, "8/7k/8/8/3Q(6)4/8/8/7K w - - 0 1", "d4", "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7"),
        ("queen_centre", 7, "8/7k/8/8/3Q(7)4/8/8/7K w - - 0 1", "d4", "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f2 f4 f6 g1 g4 g7 h8"),
        ("queen_centre", 8, "8/7k/8/8/3Q(8)4/8/8/7K w - - 0 1", "d4", "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f2 f4 f6 g1 g4 g7 h4 h8"),
        ("knight_corner", 1, "8/7k/8/8/8/8/7K/N7 w - - 0 1", "a1", "b3"),
        ("knight_corner", 2, "8/7k/8/8/8/8/7K/N(2)7 w - - 0 1", "a1", "b3 c2"),
        ("knight_corner", 3, "8/7k/8/8/8/8/7K/N(3)7 w - - 0 1", "a1", "b3 c2 c5"),
        ("knight_corner", 4, "8/7k/8/8/8/8/7K/N(4)7 w - - 0 1", "a1", "b3 c2 c5 e3"),
        ("knight_corner", 5, "8/7k/8/8/8/8/7K/N(5)7 w - - 0 1", "a1", "b3 c2 c5 d7 e3"),
        ("knight_corner", 6, "8/7k/8/8/8/8/7K/N(6)7 w - - 0 1", "a1", "b3 c2 c5 d7 e3 g4"),
        ("knight_corner", 7, "8/7k/8/8/8/8/7K/N(7)7 w - - 0 1", "a1", "b3 c2 c5 d7 e3 g4"),
        ("knight_corner", 20, "8/7k/8/8/8/8/7K/N(20)7 w - - 0 1", "a1", "b3 c2 c5 d7 e3 g4"),
        ("knight_centre", 1, "8/7k/8/8/3N4/8/8/7K w - - 0 1", "d4", "b3 c6 e6 f3"),
        ("knight_centre", 2, "8/7k/8/8/3N(2)4/8/8/7K w - - 0 1", "d4", "b3 b5 c2 c6 e2 e6 f3 f5"),
        ("knight_centre", 3, "8/7k/8/8/3N(3)4/8/8/7K w - - 0 1", "d4", "b3 b5 b8 c2 c6 e2 e6 f3 f5 f8 h2"),
        ("knight_centre", 4, "8/7k/8/8/3N(4)4/8/8/7K w - - 0 1", "d4", "b3 b5 b8 c2 c6 e2 e6 f3 f5 f8 h2 h6"),
        ("black_knight", 1, "k6n/8/8/8/8/8/8/K7 b - - 0 1", "h8", "g6"),
        ("black_knight", 2, "k6n(2)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "f7 g6"),
        ("black_knight", 3, "k6n(3)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "f4 f7 g6"),
        ("black_knight", 4, "k6n(4)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "d6 f4 f7 g6"),
        ("black_knight", 5, "k6n(5)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "d6 e2 f4 f7 g6"),
        ("black_knight", 6, "k6n(6)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "b5 d6 e2 f4 f7 g6"),
        ("black_knight", 9, "k6n(9)/8/8/8/8/8/8/K7 b - - 0 1", "h8", "b5 d6 e2 f4 f7 g6"),
];

#[test]
fn movement_at_every_level() {
    let mut failures = Vec::new();
    let mut seen: Vec<(&str, u16)> = Vec::new();
    for &(piece, level, fen, from, want) in LEVELS {
        let p = pos(fen);
        assert_eq!(p.level_at(sq(from)), level, "{fen}: level on {from}");
        let got = targets(&p, from).join(" ");
        if got != want {
            failures.push(format!(
                "{piece} level {level}: '{fen}' from {from}\n  expected {want}\n  actual   {got}"
            ));
        }
        seen.push((piece, level));
    }
    // Every threshold is in the table.
    for (piece, levels) in [
        ("rook", 1..=8),
        ("bishop", 1..=8),
        ("queen_corner", 1..=15),
        ("knight_corner", 1..=7),
        ("black_knight", 1..=6),
    ] {
        for l in levels {
            assert!(seen.contains(&(piece, l)), "{piece} level {l} missing");
        }
    }
    assert!(
        failures.is_empty(),
        "{} level case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Rook and Bishop: range L; Queen: ceil(L/2) diagonally and floor(L/2) orthogonally; the
/// counts of the table rows above follow the formulas.
#[test]
fn level_counts_follow_the_formulas() {
    for &(piece, level, _, _, want) in LEVELS {
        let n = want.split(' ').count() as u16;
        let l = level.min(7);
        match piece {
            "rook" => assert_eq!(n, 2 * l, "rook {level}"),
            "bishop" => assert_eq!(n, l, "bishop {level}"),
            "queen_corner" => {
                let (c, o) = (level.div_ceil(2).min(7), (level / 2).min(7));
                assert_eq!(n, c + 2 * o, "queen {level}");
            }
            _ => {}
        }
    }
}

use common::{
    Case,
    Expect::{After, HasLacks, Moves},
};

const CASES: &[Case] = &[
    Case {
        name: "start position: 20 moves, each Crab has 2",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        expect: Moves(&[
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
        ]),
    },
    // ---- Captures add levels. ----
    Case {
        name: "1 x 1 -> 2",
        fen: "4k3/8/8/3p4/3R4/8/8/4K3 w - - 0 1",
        expect: After(&["d4d5"], "4k3/8/8/3R(2)4/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "1 x 2 -> 3",
        fen: "4k3/8/8/3p(2)4/3R4/8/8/4K3 w - - 0 1",
        expect: After(&["d4d5"], "4k3/8/8/3R(3)4/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "2 x 2 -> 4",
        fen: "4k3/8/8/3p(2)4/3R(2)4/8/8/4K3 w - - 0 1",
        expect: After(&["d4d5"], "4k3/8/8/3R(4)4/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "a Crab capture: 1 x 1 -> 2, and the Knight now moves as a Knight",
        fen: "4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1",
        expect: After(&["b1c3"], "4k3/8/8/8/8/2N(2)5/8/4K3 b - - 0 1"),
    },
    Case {
        name: "a Pawn capture: 1 x 3 -> 4",
        fen: "4k3/8/8/8/3n(3)4/4P3/8/4K3 w - - 0 1",
        expect: After(&["e3d4"], "4k3/8/8/8/3P(4)4/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "high levels add: 10 x 7 -> 17",
        fen: "4k3/8/8/8/8/8/1r(7)6/Q(10)3K3 w - - 0 1",
        expect: After(&["a1b2"], "4k3/8/8/8/8/8/1Q(17)6/4K3 b - - 0 1"),
    },
    Case {
        name: "black capturer: 3 x 2 -> 5",
        fen: "4k3/8/8/2b(3)5/8/4N(2)3/8/4K3 b - - 0 1",
        expect: After(&["c5e3"], "4k3/8/8/8/8/4b(5)3/8/4K3 w - - 0 2"),
    },
    Case {
        name: "a capture leaves the other pieces' levels alone",
        fen: "4k3/8/8/3p(2)4/3R4/8/N(3)7/4K3 w - - 0 1",
        expect: After(&["d4d5"], "4k3/8/8/3R(3)4/8/8/N(3)7/4K3 b - - 0 1"),
    },
    // ---- Pawns: orthodox at any level; e.p. adds the captured Pawn's level. ----
    Case {
        name: "a level-5 Pawn moves like any Pawn",
        fen: "4k3/8/8/8/8/8/3P(5)4/4K3 w - - 0 1",
        expect: HasLacks(&["d2d3", "d2d4"], &["d2d5", "d2c3", "d2e3"]),
    },
    Case {
        name: "e.p. adds the captured Pawn's level: 2 + 3 -> 5",
        fen: "4k3/8/8/3p(3)P(2)3/8/8/8/4K3 w - d6 0 1",
        expect: After(&["e5d6"], "4k3/8/3P(5)4/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "e.p. after the double step in play (Black captures, 1 + 4 -> 5)",
        fen: "4k3/8/8/8/3p4/8/4P(4)3/4K3 w - - 0 1",
        expect: After(&["e2e4", "d4e3"], "4k3/8/8/8/8/4p(5)3/8/4K3 w - - 0 2"),
    },
    // ---- Castling is orthodox whatever the Rook's level. ----
    Case {
        name: "castling with level-1 Rooks (the a-Rook travels three squares)",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        expect: HasLacks(&["e1g1", "e1c1", "a1a2", "a1b1"], &["a1c1", "a1d1", "h1f1"]),
    },
    Case {
        name: "queenside castling with a level-1 Rook, result",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        expect: After(&["e1c1"], "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"),
    },
    Case {
        name: "castling with a high-level Rook keeps its level",
        fen: "r(5)3k2r/8/8/8/8/8/8/R3K2R(9) w KQkq - 0 1",
        expect: After(&["e1g1", "e8c8"], "2kr(5)3r/8/8/8/8/8/8/R4R(9)K1 w - - 2 2"),
    },
    Case {
        name: "a level-6 Rook on f8 does not reach f1: castling through f1 is legal",
        fen: "4kr(6)2/8/8/8/8/8/8/4K2R w K - 0 1",
        expect: HasLacks(&["e1g1"], &[]),
    },
    Case {
        name: "a level-7 Rook on f8 reaches f1: no castling through it",
        fen: "4kr(7)2/8/8/8/8/8/8/4K2R w K - 0 1",
        expect: HasLacks(&["e1d1", "e1d2"], &["e1g1", "e1f1", "e1f2"]),
    },
    // ---- Promotion keeps the level (after the capture's addition). ----
    Case {
        name: "promotion choices: Q, R, B, N, quiet and capturing",
        fen: "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1",
        expect: HasLacks(
            &[
                "e7d8=q", "e7d8=r", "e7d8=b", "e7d8=n", "e7e8=q", "e7e8=r", "e7e8=b", "e7e8=n",
            ],
            &["e7d8", "e7e8", "e7d8=k", "e7d8=p"],
        ),
    },
    Case {
        name: "a level-2 Pawn takes a level-3 Rook on d8 and becomes Q(5)",
        fen: "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1",
        expect: After(&["e7d8=q"], "3Q(5)3k/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "the same capture promoting to a Knight: N(5)",
        fen: "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1",
        expect: After(&["e7d8=n"], "3N(5)3k/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "a quiet promotion keeps the Pawn's level: R(2)",
        fen: "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1",
        expect: After(&["e7e8=r"], "3r(3)R(2)2k/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "the UCI form e7d8q is the same move",
        fen: "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1",
        expect: After(&["e7d8q"], "3Q(5)3k/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "a level-1 Pawn promotes to level-1 pieces",
        fen: "7k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        expect: After(&["e7e8=q"], "4Q2k/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "black promotion by capture: 4 + 1 -> b(5)",
        fen: "4k3/8/8/8/8/8/3p(4)4/2N3K1 b - - 0 1",
        expect: After(&["d2c1=b"], "4k3/8/8/8/8/8/8/2b(5)3K1 w - - 0 2"),
    },
    // ---- King captures: the level goes to a chosen friendly piece. ----
    Case {
        name: "a King capture: one move per friendly non-King piece",
        fen: "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1",
        expect: HasLacks(
            &["e1d2^b1", "e1d2^c1", "e1d2^h2"],
            &["e1d2", "e1d2^e1", "e1d2^d2"],
        ),
    },
    Case {
        name: "the Knight receives the Rook's level 3: N(4), the King has none",
        fen: "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1",
        expect: After(&["e1d2^b1"], "4k3/8/8/8/8/8/3K3P/1N(4)B(2)5 b - - 0 1"),
    },
    Case {
        name: "the Bishop receives it: B(5)",
        fen: "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1",
        expect: After(&["e1d2^c1"], "4k3/8/8/8/8/8/3K3P/1NB(5)5 b - - 0 1"),
    },
    Case {
        name: "a Pawn receives it: P(4)",
        fen: "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1",
        expect: After(&["e1d2^h2"], "4k3/8/8/8/8/8/3K3P(4)/1NB(2)5 b - - 0 1"),
    },
    Case {
        name: "a King capture with no other piece: no recipient, the level is lost",
        fen: "4k3/8/8/8/8/8/3r(3)4/4K3 w - - 0 1",
        expect: Moves(&["e1d2", "e1f1"]),
    },
    Case {
        name: "a King capture with no other piece, result",
        fen: "4k3/8/8/8/8/8/3r(3)4/4K3 w - - 0 1",
        expect: After(&["e1d2"], "4k3/8/8/8/8/8/3K4/8 b - - 0 1"),
    },
    Case {
        name: "a black King capture with one recipient still names it",
        fen: "4k3/3R(5)4/8/8/8/8/p7/4K3 b - - 0 1",
        expect: After(&["e8d7^a2"], "8/3k4/8/8/8/8/p(6)7/4K3 w - - 0 2"),
    },
    Case {
        name: "a black King capture with one recipient: the token without `^` is not a move",
        fen: "4k3/3R(5)4/8/8/8/8/p7/4K3 b - - 0 1",
        expect: HasLacks(&["e8d7^a2"], &["e8d7"]),
    },
    // ---- Nightrider steps need the landing points empty, nothing else. ----
    Case {
        name: "N(6) on a1 with pieces on squares it passes over (a2, b2, b4, c4): not blocked",
        fen: "8/7k/8/8/1PP5/8/PP5K/N(6)7 w - - 0 1",
        expect: HasLacks(&["a1b3", "a1c5", "a1d7", "a1c2", "a1e3", "a1g4"], &[]),
    },
    Case {
        name: "N(6) on a1, own piece on the landing point c5: c5 and d7 unreachable",
        fen: "8/7k/8/2P5/8/8/7K/N(6)7 w - - 0 1",
        expect: HasLacks(&["a1b3", "a1c2", "a1e3", "a1g4"], &["a1c5", "a1d7"]),
    },
    Case {
        name: "N(6) on a1, enemy on the landing point c5: captures it, not beyond",
        fen: "8/7k/8/2p5/8/8/7K/N(6)7 w - - 0 1",
        expect: HasLacks(&["a1b3", "a1c5"], &["a1d7"]),
    },
    Case {
        name: "N(6) on a1, enemy on the first fsN landing point c2: e3 and g4 cut off",
        fen: "8/7k/8/8/8/8/2p4K/N(6)7 w - - 0 1",
        expect: HasLacks(&["a1c2", "a1b3", "a1c5", "a1d7"], &["a1e3", "a1g4"]),
    },
    // ---- Attacks follow the level: checks and King moves. ----
    Case {
        name: "a level-2 Rook on a5 attacks a3 but not a2",
        fen: "4k3/8/8/r(2)7/8/8/1K6/8 w - - 0 1",
        expect: Moves(&["b2a1", "b2a2", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3"]),
    },
    Case {
        name: "a level-4 Knight on f5 checks d1 over e3: only King moves",
        fen: "4k3/8/8/5n(4)2/8/8/P7/3K4 w - - 0 1",
        expect: Moves(&["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]),
    },
    Case {
        name: "the same Knight with e3 occupied gives no check",
        fen: "4k3/8/8/5n(4)2/8/4p3/P7/3K4 w - - 0 1",
        expect: Moves(&["a2a3", "a2a4", "d1c1", "d1c2", "d1e1", "d1e2"]),
    },
    Case {
        name: "a level-1 Queen (Ferz) does not attack orthogonally",
        fen: "4k3/8/8/8/8/3q4/8/3K4 w - - 0 1",
        expect: Moves(&["d1c1", "d1d2", "d1e1"]),
    },
];

#[test]
fn upgrade_rule_cases() {
    common::run_cases(VariantId::Upgrade, CASES);
}

/// The test line of variants/upgrade.ron: 1.e4 d5 2.exd5 c6 3.dxc6 Nxc6 makes the Black
/// Knight level 4 (the Pawn it took was level 3), a two-step Nightrider in all eight
/// directions.
#[test]
fn test_line_knight_becomes_a_two_step_nightrider() {
    let mut g = Game::from_start(variant(VariantId::Upgrade));
    let fens = [
        (
            "e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ),
        (
            "d5",
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        ),
        (
            "exd5",
            "rnbqkbnr/ppp1pppp/8/3P(2)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        ),
        (
            "c6",
            "rnbqkbnr/pp2pppp/2p5/3P(2)4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
        ),
        (
            "dxc6",
            "rnbqkbnr/pp2pppp/2P(3)5/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
        ),
        (
            "Nxc6",
            "r1bqkbnr/pp2pppp/2n(4)5/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4",
        ),
    ];
    for (text, fen) in fens {
        g.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.position().fen(), fen, "after {text}");
    }
    assert_eq!(g.position().level_at(sq("c6")), 4);
    // A White waiting move, then the Knight's moves: (+-1,+-2) and (+-2,+-1), up to two
    // steps each, the second only over an empty first landing point.
    //   (+1,+2) d8 own Queen: none       (-1,+2) b8, then off the board
    //   (+1,-2) d4, e2                   (-1,-2) b4, a2 (captures the Pawn)
    //   (+2,+1) e7 own Pawn: none        (-2,+1) a7 own Pawn: none
    //   (+2,-1) e5, g4                   (-2,-1) a5, then off the board
    g.play_text("h3").unwrap();
    let want = ["a2", "a5", "b4", "b8", "d4", "e2", "e5", "g4"];
    assert_eq!(targets(g.position(), "c6"), want);
    // The same from the position string.
    let p = pos("r1bqkbnr/pp2pppp/2n(4)5/8/8/7P/PPPP1PP1/RNBQKBNR b KQkq - 0 4");
    assert_eq!(&p, g.position());
    assert_eq!(targets(&p, "c6"), want);
    // The capture on a2 adds the Pawn's level: n(5).
    assert_eq!(
        after(
            "r1bqkbnr/pp2pppp/2n(4)5/8/8/7P/PPPP1PP1/RNBQKBNR b KQkq - 0 4",
            "c6a2"
        ),
        "r1bqkbnr/pp2pppp/8/8/8/7P/n(5)PPP1PP1/RNBQKBNR w KQkq - 0 5"
    );
    // By contrast the level-1 Knight on g8 is still a Crab: f6 and h6 only.
    assert_eq!(targets(&p, "g8"), ["f6", "h6"]);
}

#[test]
fn king_capture_notation() {
    let fen = "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1";
    let p = pos(fen);
    let v = p.variant();
    // One move per friendly non-King piece, each with its recipient.
    let captures: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == sq("d2") && m.from == sq("e1"))
        .collect();
    let mut recipients: Vec<String> = captures
        .iter()
        .map(|m| m.recipient.expect("a recipient").to_string())
        .collect();
    recipients.sort();
    assert_eq!(recipients, ["b1", "c1", "h2"]);
    // Tokens and SAN name the recipient and parse back.
    assert_eq!(san_of(fen, "e1d2^b1"), "Kxd2^b1");
    assert_eq!(san_of(fen, "e1d2^h2"), "Kxd2^h2");
    let m = san::parse(&p, "Kxd2^c1").unwrap();
    assert_eq!(coord::format(v, &m), "e1d2^c1");
    assert_eq!(m.recipient, Some(sq("c1")));
    // Without a recipient, or naming one that cannot receive the level: an error.
    assert!(matches!(
        coord::parse(&p, "e1d2"),
        Err(CoordError::NeedsRecipient { .. })
    ));
    // The example names a piece that can take the level, not the text twice.
    let e = coord::parse(&p, "e1d2^a1").unwrap_err();
    let example = coord::format(v, &captures[0]);
    assert_eq!(
        e,
        CoordError::NeedsRecipient {
            text: "e1d2^a1".into(),
            example: example.clone()
        }
    );
    assert!(e.to_string().ends_with(&format!("e.g. {example}")), "{e}");
    assert!(coord::parse(&p, "e1d2^a1").is_err());
    assert!(coord::parse(&p, "e1d2^e1").is_err());
    assert!(coord::parse(&p, "e1d2^d2").is_err());
    assert!(san::parse(&p, "Kxd2").is_err());
    assert!(san::parse(&p, "Kxd2^a1").is_err());
    // The recipient's level grows, the King has none.
    let mut q = p.clone();
    q.make(coord::parse(&p, "e1d2^b1").unwrap());
    assert_eq!(q.level_at(sq("b1")), 4);
    assert_eq!(q.level_at(sq("c1")), 2);
    assert_eq!(q.level_at(sq("d2")), 0);
    // Other pieces' captures never carry a recipient.
    let bishop = coord::parse(&p, "c1d2").unwrap();
    assert_eq!(bishop.recipient, None);
    assert_eq!(san_of(fen, "c1d2"), "Bxd2");
    assert_eq!(after(fen, "c1d2"), "4k3/8/8/8/8/8/3B(5)3P/1N2K3 b - - 0 1");
    // No other piece: no `^`, in the token and in SAN.
    let lone = "4k3/8/8/8/8/8/3r(3)4/4K3 w - - 0 1";
    assert_eq!(san_of(lone, "e1d2"), "Kxd2");
    let m = coord::parse(&pos(lone), "e1d2").unwrap();
    assert_eq!(m.recipient, None);
    assert_eq!(coord::format(v, &m), "e1d2");
    // A King's quiet move never carries a recipient.
    let quiet = coord::parse(&p, "e1f1").unwrap();
    assert_eq!(
        (quiet.recipient, coord::format(v, &quiet)),
        (None, "e1f1".into())
    );
}

#[test]
fn promotion_notation() {
    let fen = "3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(fen, "e7d8=q"), "exd8=Q");
    assert_eq!(san_of(fen, "e7e8=n"), "e8=N");
    let p = pos(fen);
    assert_eq!(
        coord::format(p.variant(), &san::parse(&p, "exd8=R").unwrap()),
        "e7d8=r"
    );
    // A promotion must name its type.
    assert!(coord::parse(&p, "e7d8").is_err());
    assert!(coord::parse(&p, "e7d8+").is_err());
}

#[test]
fn levels_in_position_strings() {
    let v = variant(VariantId::Upgrade);
    // Levels above 1 are written, level 1 is not, Kings have none; round trip.
    let fen = "r(2)n(4)b(7)q(14)k1n(100)r/p(3)7/8/8/8/8/P(65535)7/RNBQKBNR w - - 0 1";
    let p = pos(fen);
    assert_eq!(p.fen(), fen);
    assert_eq!(p.level_at(sq("a8")), 2);
    assert_eq!(p.level_at(sq("g8")), 100);
    assert_eq!(p.level_at(sq("a2")), 65535);
    assert_eq!(p.level_at(sq("b1")), 1);
    assert_eq!(p.level_at(sq("e1")), 0);
    assert_eq!(p.level_at(sq("e4")), 0);
    // `(1)` is accepted and not written back.
    assert_eq!(
        pos("4k3/8/8/8/3N(1)4/8/8/4K3 w - - 0 1").fen(),
        "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"
    );
    // A King with a level, level 0, bad or unclosed levels: rejected.
    assert!(matches!(
        Position::from_fen(v, "4k3/8/8/8/8/8/8/4K(2)3 w - - 0 1"),
        Err(PositionError::RoyalLevel(_))
    ));
    for bad in [
        "4k3/8/8/8/3N(0)4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3N(x)4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3N(4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/3N()4/8/8/4K3 w - - 0 1",
    ] {
        assert!(Position::from_fen(v, bad).is_err(), "{bad}");
    }
    // A White Pawn on rank 8 would have had to promote.
    assert!(matches!(
        Position::from_fen(v, "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Err(PositionError::MustHavePromoted(_))
    ));
}

#[test]
fn hash_includes_levels() {
    let a = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let b = pos("4k3/8/8/8/3N(2)4/8/8/4K3 w - - 0 1");
    let c = pos("4k3/8/8/8/3N(3)4/8/8/4K3 w - - 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(b.hash(), c.hash());
    assert_ne!(a.hash(), c.hash());
    assert_ne!(a.repetition_key(), b.repetition_key());
    for p in [&a, &b, &c] {
        assert_eq!(p.hash(), p.compute_hash());
    }
    assert_ne!(a, b);
    // Reached by play, the level is hashed the same as when read.
    let mut p = pos("4k3/8/8/3p4/3R4/8/8/4K3 w - - 0 1");
    p.make(coord::parse(&p, "d4d5").unwrap());
    let q = pos("4k3/8/8/3R(2)4/8/8/8/4K3 b - - 0 1");
    assert_eq!(p, q);
    assert_eq!(p.hash(), q.hash());
    // A King capture's recipient level is hashed too.
    let fen = "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1";
    let base = pos(fen);
    let mut x = base.clone();
    x.make(coord::parse(&base, "e1d2^b1").unwrap());
    let mut y = base.clone();
    y.make(coord::parse(&base, "e1d2^h2").unwrap());
    assert_ne!(x.hash(), y.hash());
    assert_eq!(x.hash(), x.compute_hash());
    assert_eq!(y.hash(), y.compute_hash());
}

/// Two Rooks of different levels swap places: the placement repeats, the levels do not,
/// so the position does not count as a repetition until the levels are back too.
#[test]
fn repetition_compares_levels() {
    let cycle = [
        "a1a2", "e8d8", "h1a1", "d8e8", "a2h2", "e8d8", "h2h1", "d8e8",
    ];
    let play = |g: &mut Game| {
        for t in cycle {
            let m = coord::parse(g.position(), t).unwrap();
            g.play(m).unwrap();
        }
    };
    let mut g = Game::new(pos("4k3/8/8/8/4K3/8/8/R(7)6R(8) w - - 0 1"));
    play(&mut g);
    assert_eq!(g.position().fen(), "4k3/8/8/8/4K3/8/8/R(8)6R(7) w - - 8 5");
    assert_eq!(g.repetitions(), 1, "same placement, levels swapped");
    play(&mut g);
    assert_eq!(g.position().fen(), "4k3/8/8/8/4K3/8/8/R(7)6R(8) w - - 16 9");
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play(&mut g);
    assert_eq!(
        g.repetitions(),
        2,
        "the swapped position for the second time"
    );
    play(&mut g);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    // With equal levels the same cycle repeats the position at once.
    let mut g = Game::new(pos("4k3/8/8/8/4K3/8/8/R(7)6R(7) w - - 0 1"));
    play(&mut g);
    assert_eq!(g.repetitions(), 2);
}

/// The 50-move rule is FIDE's here: Pawn moves reset the counter, as do captures.
#[test]
fn fifty_move_counter_is_fide() {
    assert_eq!(
        after("4k3/4p3/8/8/8/8/4P3/4K3 w - - 10 5", "e2e4"),
        "4k3/4p3/8/8/4P3/8/8/4K3 b - e3 0 5"
    );
    assert_eq!(
        after("4k3/4p3/8/8/8/8/4P3/R3K3 w - - 10 5", "a1a2"),
        "4k3/4p3/8/8/8/8/R3P3/4K3 b - - 11 5"
    );
    assert_eq!(
        pos("4k3/4p3/8/8/8/8/4P3/R3K3 w - - 100 60").outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
}

#[test]
fn tokens_accept_upper_case() {
    let fen = "4k3/8/8/8/8/8/3r(3)3P/1NB(2)1K3 w - - 0 1";
    let p = pos(fen);
    let v = p.variant();
    assert_eq!(
        coord::format(v, &coord::parse(&p, "E1D2^B1").unwrap()),
        "e1d2^b1"
    );
    let p = pos("3r(3)3k/4P(2)3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        coord::format(v, &coord::parse(&p, "E7D8=Q").unwrap()),
        "e7d8=q"
    );
}

/// Castling is orthodox: the King castles with a Rook (of any level). A position string may
/// put another piece on a corner with a castling right; the King must not castle with it
/// (rejecting the position string would do as well).
#[test]
fn only_rooks_castle() {
    let v = variant(VariantId::Upgrade);
    for fen in [
        "4k3/8/8/8/8/8/8/4K2N w K - 0 1",
        "4k3/8/8/8/8/8/8/B(7)3K3 w Q - 0 1",
        "4k2q/8/8/8/8/8/8/4K3 b k - 0 1",
    ] {
        if let Ok(p) = Position::from_fen(v, fen) {
            let legal = tokens(&p);
            assert!(
                !legal
                    .iter()
                    .any(|t| t == "e1g1" || t == "e1c1" || t == "e8g8"),
                "'{fen}' castles with a non-Rook: {legal:?}"
            );
        }
    }
}
