//! Tamerspiel rules (variants/tamerspiel.ron), case by case.
//!
//! * `MOVES`: every piece type's moves next to holes and citadels (the exact list from the
//!   piece's square), the Nobleman's and the Supercav's bent paths with each route blocked in
//!   turn, and the Tetrarch's non-jumping second diagonal square.
//! * `PROMOTIONS`: every link of every chain, by quiet move and by capture, Bishops on b8/k8,
//!   Pawns on the last rank, into a citadel by capture and by choice on the b/k 7th rank,
//!   Black's mirror images, and moves that must not promote.
//! * `CASTLING` and `SWAPS`: both castlings of both sides with their conditions, and the King
//!   swap (only in check, only with unattacked pieces, once, never promoting, ending
//!   castling, not resetting the 50-move count, and preventing checkmate).
//!
//! Every expected list was checked by hand against the rules; the position strings after a
//! move were written from the rules, not copied from the engine.

mod common;

use common::{run_cases, Case, Expect::*};
use rankup::game::Game;
use rankup::notation::{coord, san};
use rankup::rules::{EndReason, Outcome};
use rankup::variants::VariantId;

const ID: VariantId = VariantId::Tamerspiel;

#[rustfmt::skip]
const MOVES: &[Case] = &[
    Case {
        name: "Pawn: one step, no double step",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*1P8*/6K5 w - - 0 1 swap:Kk",
        expect: From("c2", &["c2c3"]),
    },
    Case {
        name: "Pawn: diagonal captures only",
        fen: "5k6/*10*/*10*/*10*/*ppn7*/*1P8*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("c3", &["c3b4", "c3d4"]),
    },
    Case {
        name: "Pawn on b6: b7 with or without promotion, capture to c7 without",
        fen: "5k6/*1r8*/*P9*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b6", &["b6b7", "b6b7+", "b6c7"]),
    },
    Case {
        name: "Pawn on j6 capturing onto k7 may promote; j7 may not",
        fen: "5k6/*9r*/*8P1*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("j6", &["j6j7", "j6k7", "j6k7+"]),
    },
    Case {
        name: "Pawn on b7: b8 and the a8 citadel capture both promote",
        fen: "r4k6/*P9*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b7", &["b7a8", "b7b8"]),
    },
    Case {
        name: "Dababbah: W and D leaps, not onto holes",
        fen: "5k6/*10*/*10*/*10*/*D9*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b4", &["b4b2", "b4b3", "b4b5", "b4b6", "b4c4", "b4d4"]),
    },
    Case {
        name: "Firzan: diagonal steps and one back",
        fen: "5k6/*10*/*10*/*10*/*2F7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4c3", "d4c5", "d4d3", "d4e3", "d4e5"]),
    },
    Case {
        name: "Vizier",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/1V4K5 w - - 0 1 swap:Kk",
        expect: From("b1", &["b1a1", "b1b2", "b1c1"]),
    },
    Case {
        name: "Guard",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*9G*/6K5 w - - 0 1 swap:Kk",
        expect: From("k2", &["k2j1", "k2j2", "k2j3", "k2k1", "k2k3", "k2l1"]),
    },
    Case {
        name: "Horse next to the holes",
        fen: "5k6/*10*/*10*/*10*/*10*/*H9*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b3", &["b3a1", "b3c1", "b3c5", "b3d2", "b3d4"]),
    },
    Case {
        name: "Bishop from the citadel a1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*5K4*/B11 w - - 0 1 swap:Kk",
        expect: From("a1", &["a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8"]),
    },
    Case {
        name: "Rook in the corner: the a-file does not exist above a1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*5K4*/R11 w - - 0 1 swap:Kk",
        expect: From("a1", &["a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1", "a1i1", "a1j1", "a1k1", "a1l1"]),
    },
    Case {
        name: "Eagle",
        fen: "5k6/*10*/*10*/*10*/*10*/*1E8*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("c3", &["c3b1", "c3b2", "c3b3", "c3b4", "c3b5", "c3c2", "c3c4", "c3d1", "c3d2", "c3d3", "c3d4", "c3d5", "c3e2", "c3e4"]),
    },
    Case {
        name: "Lion jumps over pieces",
        fen: "5k6/*10*/*10*/*1Ppp6*/*2L7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b4", "d4b6", "d4c3", "d4c4", "d4d2", "d4d3", "d4d5", "d4d6", "d4e3", "d4e4", "d4e5", "d4f2", "d4f4", "d4f6"]),
    },
    Case {
        name: "Champion",
        fen: "5k6/*10*/*10*/*10*/*10*/*1C8*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("c3", &["c3a1", "c3b1", "c3b5", "c3c1", "c3c5", "c3d1", "c3d5", "c3e1", "c3e2", "c3e3", "c3e4", "c3e5"]),
    },
    Case {
        name: "Archbishop",
        fen: "5k6/*9A*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("k7", &["k7e1", "k7f2", "k7g3", "k7h4", "k7i5", "k7i6", "k7i8", "k7j5", "k7j6", "k7j8", "k7l8"]),
    },
    Case {
        name: "Marshall",
        fen: "1M10/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b8", &["b8a8", "b8b1", "b8b2", "b8b3", "b8b4", "b8b5", "b8b6", "b8b7", "b8c6", "b8c8", "b8d7", "b8d8", "b8e8", "b8f8", "b8g8", "b8h8", "b8i8", "b8j8", "b8k8", "b8l8"]),
    },
    Case {
        name: "Queen along the first rank to l1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*5K4*/1Q10 w - - 0 1 swap:Kk",
        expect: From("b1", &["b1a1", "b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1b8", "b1c1", "b1c2", "b1d1", "b1d3", "b1e1", "b1e4", "b1f1", "b1f5", "b1g1", "b1g6", "b1h1", "b1h7", "b1i1", "b1i8", "b1j1", "b1k1", "b1l1"]),
    },
    Case {
        name: "Warlord",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*8W1*/6K5 w - - 0 1 swap:Kk",
        expect: From("j2", &["j2b2", "j2c2", "j2d2", "j2d8", "j2e2", "j2e7", "j2f2", "j2f6", "j2g2", "j2g5", "j2h1", "j2h2", "j2h3", "j2h4", "j2i1", "j2i2", "j2i3", "j2i4", "j2j1", "j2j3", "j2j4", "j2j5", "j2j6", "j2j7", "j2j8", "j2k1", "j2k2", "j2k3", "j2k4", "j2l1"]),
    },
    Case {
        name: "Nobleman on an empty board: the 5x5 box",
        fen: "5k6/*10*/*10*/*10*/*2N7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e3", "d4e4", "d4e5", "d4e6", "d4f2", "d4f3", "d4f4", "d4f5", "d4f6"]),
    },
    Case {
        name: "Nobleman: f4 needs e4, e3 or e5 empty",
        fen: "5k6/*10*/*10*/*3P6*/*2NP6*/*3P6*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e6"]),
    },
    Case {
        name: "Nobleman: f4 through e3 alone",
        fen: "5k6/*10*/*10*/*3P6*/*2NP6*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e3", "d4e6", "d4f2", "d4f3", "d4f4"]),
    },
    Case {
        name: "Nobleman: f6 only through e5; f5 through e4",
        fen: "5k6/*10*/*10*/*3p6*/*2N7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e3", "d4e4", "d4e5", "d4e6", "d4f2", "d4f3", "d4f4", "d4f5"]),
    },
    Case {
        name: "Nobleman: a1 needs b2 empty (a2 does not exist)",
        fen: "5k6/*10*/*10*/*10*/*10*/*N9*/*P9*/6K5 w - - 0 1 swap:Kk",
        expect: From("b3", &["b3b1", "b3b4", "b3b5", "b3c1", "b3c2", "b3c3", "b3c4", "b3c5", "b3d1", "b3d2", "b3d3", "b3d4", "b3d5"]),
    },
    Case {
        name: "Nobleman: captures on the destination only",
        fen: "5k6/*10*/*4p5*/*3p6*/*1PN7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c5", "d4c6", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e3", "d4e4", "d4e5", "d4e6", "d4f2", "d4f3", "d4f4", "d4f5"]),
    },
    Case {
        name: "Supercav on an empty board",
        fen: "5k6/*10*/*10*/*10*/*2S7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b3", "d4b5", "d4c1", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4c7", "d4c8", "d4d3", "d4d5", "d4e1", "d4e2", "d4e3", "d4e4", "d4e5", "d4e6", "d4e7", "d4e8", "d4f3", "d4f5", "d4g3", "d4g5", "d4h3", "d4h5", "d4i3", "d4i5", "d4j3", "d4j5", "d4k3", "d4k5"]),
    },
    Case {
        name: "Supercav: e6-e8 need e5 (path A) or d5 (path B)",
        fen: "5k6/*10*/*10*/*2PP6*/*2S7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b3", "d4b5", "d4c1", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4c7", "d4c8", "d4d3", "d4e1", "d4e2", "d4e3", "d4e4", "d4f3", "d4f5", "d4g3", "d4g5", "d4h3", "d4h5", "d4i3", "d4i5", "d4j3", "d4j5", "d4k3", "d4k5"]),
    },
    Case {
        name: "Supercav: path A only (d5 blocked)",
        fen: "5k6/*10*/*10*/*2P7*/*2S7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b3", "d4b5", "d4c1", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4c7", "d4c8", "d4d3", "d4e1", "d4e2", "d4e3", "d4e4", "d4e5", "d4e6", "d4e7", "d4e8", "d4f3", "d4f5", "d4g3", "d4g5", "d4h3", "d4h5", "d4i3", "d4i5", "d4j3", "d4j5", "d4k3", "d4k5"]),
    },
    Case {
        name: "Supercav: path B only (e5 blocked)",
        fen: "5k6/*10*/*10*/*3P6*/*2S7*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b3", "d4b5", "d4c1", "d4c2", "d4c3", "d4c4", "d4c5", "d4c6", "d4c7", "d4c8", "d4d3", "d4d5", "d4e1", "d4e2", "d4e3", "d4e4", "d4e6", "d4e7", "d4e8", "d4f3", "d4f5", "d4g3", "d4g5", "d4h3", "d4h5", "d4i3", "d4i5", "d4j3", "d4j5", "d4k3", "d4k5"]),
    },
    Case {
        name: "Supercav: a far capture, and a blocked slide",
        fen: "5k6/*10*/*10*/*10*/*10*/*2pP5r*/*1S8*/6K5 w - - 0 1 swap:Kk",
        expect: From("c2", &["c2a1", "c2b1", "c2b2", "c2b3", "c2b4", "c2b5", "c2b6", "c2b7", "c2b8", "c2c1", "c2c3", "c2d1", "c2d2", "c2d3", "c2d4", "c2d5", "c2d6", "c2d7", "c2d8", "c2e1", "c2f1", "c2f3", "c2g3", "c2h1", "c2h3", "c2i1", "c2i3", "c2j1", "c2j3", "c2k1", "c2k3", "c2l1"]),
    },
    Case {
        name: "Supercav: a8 by path B only (path A would cross the missing a5)",
        fen: "5k6/*10*/*10*/*10*/*S9*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: From("b4", &["b4a1", "b4a8", "b4b3", "b4b5", "b4c1", "b4c2", "b4c3", "b4c4", "b4c5", "b4c6", "b4c7", "b4c8", "b4d3", "b4d5", "b4e3", "b4e5", "b4f3", "b4f5", "b4g3", "b4g5", "b4h3", "b4h5", "b4i3", "b4i5", "b4j3", "b4j5", "b4k3", "b4k5"]),
    },
    Case {
        name: "Tetrarch: King steps and unblocked second diagonal squares",
        fen: "5k6/*10*/*10*/*3P6*/*2T7*/*10*/*p9*/12 w - - 0 1 swap:Kk",
        expect: From("d4", &["d4b2", "d4b6", "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4f2"]),
    },
];

#[rustfmt::skip]
const PROMOTIONS: &[Case] = &[
    Case {
        name: "Firzan -> Eagle on a8 (quiet)",
        fen: "5k6/*F9*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b7a8"], "E4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Firzan -> Eagle on a8 (capture)",
        fen: "r4k6/*F9*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b7a8"], "E4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 0 1 swap:Kk"),
    },
    Case {
        name: "Eagle -> Queen on l8 by a Knight leap",
        fen: "5k6/*8E1*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["j7l8"], "5k5Q/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Eagle made on a8 promotes again only on a later move into a citadel",
        fen: "E4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["a8b8", "f8e8", "b8a8"], "Q3k7/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 3 2 swap:Kk"),
    },
    Case {
        name: "Vizier -> Lion on a8",
        fen: "1V10/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b8a8"], "L11/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Lion -> Warlord on a8 by a Dababbah jump",
        fen: "1gL9/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["c8a8"], "Wg10/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Guard -> Champion on l8",
        fen: "5k6/*9G*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["k7l8"], "5k5C/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Champion -> Supercav on l8 by an Alfil jump",
        fen: "5k6/*9p*/*8C1*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["j6l8"], "5k5S/*9p*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Horse -> Nobleman on a8",
        fen: "5k6/*1H8*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["c7a8"], "N4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Bishop -> Archbishop on b8",
        fen: "12/*10*/*2B3k3*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["d6b8"], "1A10/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Bishop -> Archbishop on k8",
        fen: "5k6/*10*/*10*/*10*/*10*/*4B5*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["f3k8"], "5k4A1/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Bishop -> Archbishop on the l8 citadel",
        fen: "5k6/*10*/*10*/*10*/*10*/*5B4*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["g3l8"], "5k5A/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Bishop on c8 does not promote",
        fen: "5k6/*10*/*3B6*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["e6c8"], "2B2k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Rook -> Marshall on l8",
        fen: "4R7/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["e8l8"], "11M/*10*/*6k3*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "King -> Tetrarch on a8",
        fen: "12/*K9*/*6k3*/*10*/*10*/*10*/*10*/12 w - - 0 1 swap:Kk",
        expect: After(&["b7a8"], "T11/*10*/*6k3*/*10*/*10*/*10*/*10*/12 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Queen, Nobleman and Dababbah are final",
        fen: "5k6/*10*/*1Q8*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["c6a8"], "Q4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Pieces do not promote in their own citadel",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*F9*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b2a1"], "5k6/*10*/*10*/*10*/*10*/*10*/*10*/F5K5 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Pawn -> Dababbah on the last rank",
        fen: "5k6/*1P8*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["c7c8"], "2D2k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 0 1 swap:Kk"),
    },
    Case {
        name: "Pawn capturing into the a8 citadel becomes a Dababbah",
        fen: "r4k6/*P9*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b7a8"], "D4k6/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 0 1 swap:Kk"),
    },
    Case {
        name: "Pawn on b7 by choice (+)",
        fen: "5k6/*10*/*P9*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b6b7+"], "5k6/*D9*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 0 1 swap:Kk"),
    },
    Case {
        name: "Pawn on b7 declining",
        fen: "5k6/*10*/*P9*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        expect: After(&["b6b7"], "5k6/*P9*/*10*/*10*/*10*/*10*/*10*/6K5 b - - 0 1 swap:Kk"),
    },
    Case {
        name: "Black Firzan -> Eagle on a1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*f9*/6K5 b - - 0 1 swap:Kk",
        expect: After(&["b2a1"], "5k6/*10*/*10*/*10*/*10*/*10*/*10*/e5K5 w - - 1 2 swap:Kk"),
    },
    Case {
        name: "Black Bishop -> Archbishop on k1",
        fen: "5k6/*10*/*10*/*5b4*/*10*/*10*/*5K4*/12 b - - 0 1 swap:Kk",
        expect: After(&["g5k1"], "5k6/*10*/*10*/*10*/*10*/*10*/*5K4*/10a1 w - - 1 2 swap:Kk"),
    },
    Case {
        name: "Black Pawn on k2 by choice",
        fen: "5k6/*10*/*10*/*10*/*10*/*9p*/*10*/6K5 b - - 0 1 swap:Kk",
        expect: After(&["k3k2+"], "5k6/*10*/*10*/*10*/*10*/*10*/*9d*/6K5 w - - 0 2 swap:Kk"),
    },
    Case {
        name: "Black King -> Tetrarch on l1",
        fen: "12/*10*/*1K8*/*10*/*10*/*10*/*9k*/12 b - - 0 1 swap:Kk",
        expect: After(&["k2l1"], "12/*10*/*1K8*/*10*/*10*/*10*/*10*/11t w - - 1 2 swap:Kk"),
    },
];

#[rustfmt::skip]
const CASTLING: &[Case] = &[
    Case {
        name: "White castles to c1: King to the Horse's square, Rook to the Bishop's",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: After(&["g1c1"], "5k6/*10*/*10*/*10*/*10*/*10*/*10*/2KR7R b - - 1 1 swap:Kk"),
    },
    Case {
        name: "White castles to j1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: After(&["g1j1"], "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R7RK2 b - - 1 1 swap:Kk"),
    },
    Case {
        name: "Black castles to c8",
        fen: "r4k5r/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b kq - 0 1 swap:Kk",
        expect: After(&["f8c8"], "2kr7r/*10*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 1 2 swap:Kk"),
    },
    Case {
        name: "Black castles to j8",
        fen: "r4k5r/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b kq - 0 1 swap:Kk",
        expect: After(&["f8j8"], "r7rk2/*10*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 1 2 swap:Kk"),
    },
    Case {
        name: "A Rook move loses only its own right",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: After(&["a1b1"], "5k6/*10*/*10*/*10*/*10*/*10*/*10*/1R4K4R b K - 1 1 swap:Kk"),
    },
    Case {
        name: "Both castlings, King to c1/j1",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: From("g1", &["g1c1", "g1f1", "g1f2", "g1g2", "g1h1", "g1h2", "g1j1"]),
    },
    Case {
        name: "Black: both castlings, King to c8/j8",
        fen: "r4k5r/*10*/*10*/*10*/*10*/*10*/*10*/6K5 b kq - 0 1 swap:Kk",
        expect: From("f8", &["f8c8", "f8e7", "f8e8", "f8f7", "f8g7", "f8g8", "f8j8"]),
    },
    Case {
        name: "A piece between King and Rook (b1) stops the long castling only",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/RG4K4R w KQ - 0 1 swap:Kk",
        expect: HasLacks(&["g1j1"], &["g1c1"]),
    },
    Case {
        name: "A piece on k1, next to the Rook, stops the short castling",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K3GR w KQ - 0 1 swap:Kk",
        expect: HasLacks(&["g1c1"], &["g1j1"]),
    },
    Case {
        name: "No castling out of check",
        fen: "5k6/*5r4*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: HasLacks(&["g1f1"], &["g1c1", "g1j1"]),
    },
    Case {
        name: "No castling across an attacked square (e1, h1)",
        fen: "5k6/*3r2r3*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: HasLacks(&[], &["g1c1", "g1j1"]),
    },
    Case {
        name: "An attacked square the Rook crosses (b1) does not matter",
        fen: "5k6/*r9*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: HasLacks(&["g1c1", "g1j1"], &[]),
    },
    Case {
        name: "Without the right there is no castling",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w Q - 0 1 swap:Kk",
        expect: HasLacks(&["g1c1"], &["g1j1"]),
    },
    Case {
        name: "A King move ends both rights",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQ - 0 1 swap:Kk",
        expect: After(&["g1h1", "f8e8", "h1g1"], "4k7/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R b - - 3 2 swap:Kk"),
    },
];

#[rustfmt::skip]
const SWAPS: &[Case] = &[
    Case {
        name: "No swap when not in check",
        fen: "5k6/*10*/*10*/*10*/*10*/*1H8*/*4F5*/R5K5 w - - 0 1 swap:Kk",
        expect: From("g1", &["g1f1", "g1g2", "g1h1", "g1h2"]),
    },
    Case {
        name: "In check: swaps with the unattacked pieces (a1, c3, f2), not with i2 (the Horse on h4 hits it)",
        fen: "5k6/*5r4*/*10*/*10*/*6h3*/*1H8*/*4F2B2*/R5K5 w - - 0 1 swap:Kk",
        expect: From("g1", &["g1a1", "g1c3", "g1f1", "g1f2", "g1h1", "g1h2"]),
    },
    Case {
        name: "Only once: White's swap is used",
        fen: "5k6/*5r4*/*10*/*10*/*6h3*/*1H8*/*4F2B2*/R5K5 w - - 0 1 swap:k",
        expect: From("g1", &["g1f1", "g1h1", "g1h2"]),
    },
    Case {
        name: "Pins do not matter: the pinned Bishop on d4 still attacks f2",
        fen: "12/*5r4*/*k9*/*10*/*2b7*/*8H1*/*4B5*/6K5 w - - 0 1 swap:Kk",
        expect: Moves(&["g1f1", "g1h1", "g1h2", "g1j3"]),
    },
    Case {
        name: "Black swaps with the Guard on c6, not the Horse on d7 (the Bishop on h3 hits it)",
        fen: "5k6/*2h7*/*1g8*/*10*/*10*/*6B3*/*4R5*/6K5 b - - 0 1 swap:Kk",
        expect: From("f8", &["f8c6", "f8e7", "f8e8", "f8g7", "f8g8"]),
    },
    Case {
        name: "Back-rank check: the swaps are the only moves",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*4PPP3*/1r4K5 w - - 0 1 swap:Kk",
        expect: Moves(&["g1f2", "g1g2", "g1h2"]),
    },
    Case {
        name: "The same with the swap used: checkmate",
        fen: "5k6/*10*/*10*/*10*/*10*/*10*/*4PPP3*/1r4K5 w - - 0 1 swap:k",
        expect: Moves(&[]),
    },
    Case {
        name: "The swap: King and piece exchange squares, castling and the swap are used up, the 50-move count runs on",
        fen: "4k7/*5r4*/*10*/*10*/*10*/*1H8*/*4P5*/R5K5 w Q - 7 1 swap:Kk",
        expect: After(&["g1c3"], "4k7/*5r4*/*10*/*10*/*10*/*1K8*/*4P5*/R5H5 b - - 8 1 swap:k"),
    },
    Case {
        name: "A swap with a Pawn is still a King move (no 50-move reset)",
        fen: "4k7/*5r4*/*10*/*10*/*10*/*10*/*1P8*/6K5 w - - 12 1 swap:Kk",
        expect: After(&["g1c2"], "4k7/*5r4*/*10*/*10*/*10*/*10*/*1K8*/6P5 b - - 13 1 swap:k"),
    },
    Case {
        name: "A swap onto an enemy citadel never promotes",
        fen: "EK2r7/*10*/*6k3*/*10*/*10*/*10*/*10*/12 w - - 0 1 swap:Kk",
        expect: After(&["b8a8"], "KE2r7/*10*/*6k3*/*10*/*10*/*10*/*10*/12 b - - 1 1 swap:k"),
    },
];

#[test]
fn piece_moves_next_to_holes_and_citadels() {
    run_cases(ID, MOVES);
}

#[test]
fn every_promotion() {
    run_cases(ID, PROMOTIONS);
}

#[test]
fn castling_and_its_conditions() {
    run_cases(ID, CASTLING);
}

#[test]
fn the_king_swap() {
    run_cases(ID, SWAPS);
}

#[test]
fn start_position_and_counts() {
    let p = rankup::rules::Position::start(rankup::variants::variant(ID));
    assert_eq!(
        p.fen(),
        "rghblkcebhgr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGHBECKLBHGR w KQkq - 0 1 swap:Kk"
    );
    assert_eq!(common::tokens(&p).len(), 21);
}

/// A swap is written as the King moving onto its own piece: `K~c3` in SAN, `g1c3` as a token.
#[test]
fn swap_notation() {
    let fen = "5k6/*5r4*/*10*/*10*/*6h3*/*1H8*/*4F2B2*/R5K5 w - - 0 1 swap:Kk";
    let p = common::pos(ID, fen);
    let m = coord::parse(&p, "g1c3").unwrap();
    assert_eq!(san::format(&p, &m), "K~c3");
    assert_eq!(san::parse(&p, "K~c3").unwrap(), m);
    assert_eq!(coord::format(p.variant(), &m), "g1c3");
}

/// A check the swap answers is not mate; with the swap used it is.
#[test]
fn swap_prevents_checkmate() {
    let fen = "5k6/*10*/*10*/*10*/*10*/*10*/*4PPP3*/1r4K5 w - - 0 1 swap:Kk";
    let game = Game::new(common::pos(ID, fen));
    assert_eq!(game.outcome(), None);
    let used = fen.replace("swap:Kk", "swap:k");
    let game = Game::new(common::pos(ID, &used));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: rankup::rules::Color::Black,
            reason: EndReason::Checkmate
        })
    );
}
