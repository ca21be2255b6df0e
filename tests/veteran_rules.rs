//! Veteran Chess rules (variants/veteran.ron), case by case.
//!
//! * `CELLS`: every cell of the capture-promotion table (each mover against each victim type),
//!   as a position string and the exact set of legal tokens from the mover's square to the
//!   victim's square with the position string each one leads to. An "opt" cell offers two
//!   moves (`d4e5` declines, `d4e5+` promotes), a "MUST" cell one (no suffix, the promotion
//!   happens), a "never" cell one that keeps the mover's type. White movers stand on d4 with
//!   the White King on h1 (the King itself for the King row) and the Black King on a8; the
//!   victim stands on the square the mover captures. The rows were generated from the rules'
//!   table and cross-checked by an independent Python move generator (outside this
//!   repository) before being pasted here.
//! * `CASES`: e.p., the last rank, castling after a Rook's capture, Black movers, piece
//!   movement and the start position, in the style of `promochess_rules.rs`.
//! * Separate tests for SAN, the 50-move counter (captures only) and position strings.

mod common;

use rankup::game::Game;
use rankup::notation::{coord, san};
use rankup::rules::{Color, EndReason, Outcome, Position};
use rankup::variants::{variant, VariantId};

fn pos(fen: &str) -> Position {
    common::pos(VariantId::Veteran, fen)
}

use common::tokens;

fn after(fen: &str, token: &str) -> String {
    common::after(VariantId::Veteran, fen, token)
}

fn san_of(fen: &str, token: &str) -> String {
    let p = pos(fen);
    let m = coord::parse(&p, token).unwrap_or_else(|e| panic!("'{token}' in '{fen}': {e}"));
    san::format(&p, &m)
}

fn token_of(fen: &str, text: &str) -> String {
    let p = pos(fen);
    let m = san::parse(&p, text).unwrap_or_else(|e| panic!("'{text}' in '{fen}': {e}"));
    coord::format(p.variant(), &m)
}

/// One cell of the capture-promotion table (variants/veteran.ron).
struct Cell {
    mover: char,
    victim: char,
    fen: &'static str,
    /// Every legal token from the mover's square to the victim's, with the position after it.
    moves: &'static [(&'static str, &'static str)],
}

#[rustfmt::skip]
const CELLS: &[Cell] = &[
    Cell {
        mover: 'P',
        victim: 'P',
        fen: "k7/8/8/4p3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4P3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'N',
        fen: "k7/8/8/4n3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4P3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'B',
        fen: "k7/8/8/4b3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4P3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'R',
        fen: "k7/8/8/4r3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4P3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'V',
        fen: "k7/8/8/4v3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'M',
        fen: "k7/8/8/4m3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'L',
        fen: "k7/8/8/4l3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'P',
        victim: 'Q',
        fen: "k7/8/8/4q3/3P4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'P',
        fen: "k7/8/4p3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4N3/8/8/8/8/7K b - - 0 1"), ("d4e6+", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'N',
        fen: "k7/8/4n3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4N3/8/8/8/8/7K b - - 0 1"), ("d4e6+", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'B',
        fen: "k7/8/4b3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4N3/8/8/8/8/7K b - - 0 1"), ("d4e6+", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'R',
        fen: "k7/8/4r3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4N3/8/8/8/8/7K b - - 0 1"), ("d4e6+", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'V',
        fen: "k7/8/4v3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'M',
        fen: "k7/8/4m3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'L',
        fen: "k7/8/4l3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4Q3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'N',
        victim: 'Q',
        fen: "k7/8/4q3/8/3N4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4Q3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'P',
        fen: "k7/3p4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3R4/8/8/8/8/8/7K b - - 0 1"), ("d4d7+", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'N',
        fen: "k7/3n4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3R4/8/8/8/8/8/7K b - - 0 1"), ("d4d7+", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'B',
        fen: "k7/3b4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3R4/8/8/8/8/8/7K b - - 0 1"), ("d4d7+", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'R',
        fen: "k7/3r4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3R4/8/8/8/8/8/7K b - - 0 1"), ("d4d7+", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'V',
        fen: "k7/3v4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'M',
        fen: "k7/3m4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3V4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'L',
        fen: "k7/3l4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'R',
        victim: 'Q',
        fen: "k7/3q4/8/8/3R4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'P',
        fen: "k7/8/8/4p3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4L3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'N',
        fen: "k7/8/8/4n3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4L3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'B',
        fen: "k7/8/8/4b3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4L3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'R',
        fen: "k7/8/8/4r3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4L3/8/8/8/7K b - - 0 1"), ("d4e5+", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'V',
        fen: "k7/8/8/4v3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'M',
        fen: "k7/8/8/4m3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'L',
        fen: "k7/8/8/4l3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'L',
        victim: 'Q',
        fen: "k7/8/8/4q3/3L4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'P',
        fen: "k7/6p1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'N',
        fen: "k7/6n1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'B',
        fen: "k7/6b1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'R',
        fen: "k7/6r1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'V',
        fen: "k7/6v1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'M',
        fen: "k7/6m1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6B1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'L',
        fen: "k7/6l1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6Q1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'B',
        victim: 'Q',
        fen: "k7/6q1/8/8/3B4/8/8/7K w - - 0 1",
        moves: &[("d4g7", "k7/6Q1/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'P',
        fen: "k7/8/8/4p3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'N',
        fen: "k7/8/8/4n3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'B',
        fen: "k7/8/8/4b3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'R',
        fen: "k7/8/8/4r3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'V',
        fen: "k7/8/8/4v3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'M',
        fen: "k7/8/8/4m3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4V3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'L',
        fen: "k7/8/8/4l3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'V',
        victim: 'Q',
        fen: "k7/8/8/4q3/3V4/8/8/7K w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4Q3/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'P',
        fen: "k7/8/4p3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'N',
        fen: "k7/8/4n3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'B',
        fen: "k7/8/4b3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'R',
        fen: "k7/8/4r3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'V',
        fen: "k7/8/4v3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'M',
        fen: "k7/8/4m3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4M3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'L',
        fen: "k7/8/4l3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4Q3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'M',
        victim: 'Q',
        fen: "k7/8/4q3/8/3M4/8/8/7K w - - 0 1",
        moves: &[("d4e6", "k7/8/4Q3/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'P',
        fen: "k7/3p4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'N',
        fen: "k7/3n4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'B',
        fen: "k7/3b4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'R',
        fen: "k7/3r4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'V',
        fen: "k7/3v4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'M',
        fen: "k7/3m4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'L',
        fen: "k7/3l4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'Q',
        victim: 'Q',
        fen: "k7/3q4/8/8/3Q4/8/8/7K w - - 0 1",
        moves: &[("d4d7", "k7/3Q4/8/8/8/8/8/7K b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'P',
        fen: "k7/8/8/4p3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'N',
        fen: "k7/8/8/4n3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'B',
        fen: "k7/8/8/4b3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'R',
        fen: "k7/8/8/4r3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'V',
        fen: "k7/8/8/4v3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'M',
        fen: "k7/8/8/4m3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'L',
        fen: "k7/8/8/4l3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
    Cell {
        mover: 'K',
        victim: 'Q',
        fen: "k7/8/8/4q3/3K4/8/8/8 w - - 0 1",
        moves: &[("d4e5", "k7/8/8/4K3/8/8/8/8 b - - 0 1")],
    },
];

/// The table as variants/veteran.ron writes it: for each mover, the result of capturing each
/// victim.
fn rules_table(mover: char, victim: char) -> Option<(bool, char)> {
    // (mandatory, resulting type); None = never promotes.
    let class = match victim {
        'P' => 0,
        'N' | 'B' | 'R' => 1,
        'V' | 'M' => 2,
        'L' | 'Q' => 3,
        _ => unreachable!(),
    };
    let row: [Option<(bool, char)>; 4] = match mover {
        'P' => [
            None,
            Some((false, 'V')),
            Some((true, 'V')),
            Some((true, 'Q')),
        ],
        'N' => [
            Some((false, 'M')),
            Some((false, 'M')),
            Some((true, 'M')),
            Some((true, 'Q')),
        ],
        'R' => [
            Some((false, 'V')),
            Some((false, 'V')),
            Some((true, 'V')),
            Some((true, 'Q')),
        ],
        'L' => [
            Some((false, 'Q')),
            Some((false, 'Q')),
            Some((true, 'Q')),
            Some((true, 'Q')),
        ],
        'B' | 'V' | 'M' => [None, None, None, Some((true, 'Q'))],
        'Q' | 'K' => [None, None, None, None],
        _ => unreachable!(),
    };
    row[class]
}

/// Every mover against every victim type: 9 movers x 8 victim types, each exactly once.
#[test]
fn table_covers_every_cell() {
    for mover in "PNRLBVMQK".chars() {
        for victim in "PNBRVMLQ".chars() {
            let n = CELLS
                .iter()
                .filter(|c| c.mover == mover && c.victim == victim)
                .count();
            assert_eq!(n, 1, "cell {mover} x {victim} appears {n} times");
        }
    }
    assert_eq!(CELLS.len(), 72);
}

#[test]
fn capture_promotion_cells() {
    let v = variant(VariantId::Veteran);
    let mut failures = Vec::new();
    for cell in CELLS {
        let p = pos(cell.fen);
        let route = &cell.moves[0].0[..4];
        let legal: Vec<String> = tokens(&p)
            .into_iter()
            .filter(|t| t.starts_with(route))
            .collect();
        let want: Vec<String> = cell.moves.iter().map(|m| m.0.to_string()).collect();
        if legal != want {
            failures.push(format!(
                "{} x {}: '{}'\n  expected tokens {want:?}\n  actual          {legal:?}",
                cell.mover, cell.victim, cell.fen
            ));
            continue;
        }
        // The expected count and suffix follow from the table itself.
        let rule = rules_table(cell.mover, cell.victim);
        let expected_count = if matches!(rule, Some((false, _))) {
            2
        } else {
            1
        };
        assert_eq!(
            want.len(),
            expected_count,
            "{} x {}",
            cell.mover,
            cell.victim
        );
        for &(token, fen_after) in cell.moves {
            let got = after(cell.fen, token);
            if got != fen_after {
                failures.push(format!(
                    "{} x {}: '{}' + {token}\n  expected {fen_after}\n  actual   {got}",
                    cell.mover, cell.victim, cell.fen
                ));
            }
            let m = coord::parse(&p, token).unwrap();
            let promoted = m.promotion.map(|k| v.piece(k).letter);
            let expect_promotion = match rule {
                Some((true, to)) => Some(to),
                Some((false, to)) if token.ends_with('+') => Some(to),
                _ => None,
            };
            if promoted != expect_promotion {
                failures.push(format!(
                    "{} x {}: '{}' + {token}: promotion {promoted:?}, expected {expect_promotion:?}",
                    cell.mover, cell.victim, cell.fen
                ));
            }
            // SAN shows the promotion that happens, and nothing otherwise.
            let text = san::format(&p, &m);
            let suffix = expect_promotion.map(|c| format!("={c}"));
            if text.contains('=') != suffix.is_some()
                || suffix.as_ref().is_some_and(|x| !text.contains(x.as_str()))
            {
                failures.push(format!(
                    "{} x {}: '{}' + {token}: SAN {text}, expected suffix {suffix:?}",
                    cell.mover, cell.victim, cell.fen
                ));
            }
            // A mandatory promotion also accepts the `+` suffix, as the same move.
            if let Some((true, _)) = rule {
                let plus = format!("{token}+");
                assert_eq!(coord::parse(&p, &plus), Ok(m), "{} + {plus}", cell.fen);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} Veteran capture cell(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

use common::{
    Case,
    Expect::{After, HasLacks, Moves},
};

const CASES: &[Case] = &[
    // ---- Start position. ----
    Case {
        name: "start position: 20 moves",
        fen: "rnblkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBLKBNR w KQkq - 0 1",
        expect: Moves(&[
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
        ]),
    },
    // ---- e.p.: P x P never promotes, e.p. included. ----
    Case {
        name: "white e.p. capture: one move, no promotion",
        fen: "k7/8/8/3Pp3/8/8/8/7K w - e6 0 1",
        expect: Moves(&["d5d6", "d5e6", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "white e.p. capture result: still a Pawn, victim removed",
        fen: "k7/8/8/3Pp3/8/8/8/7K w - e6 0 1",
        expect: After(&["d5e6"], "k7/8/4P3/8/8/8/8/7K b - - 0 1"),
    },
    Case {
        name: "e.p. capture with `+` is not a move",
        fen: "k7/8/8/3Pp3/8/8/8/7K w - e6 0 1",
        expect: HasLacks(&["d5e6"], &["d5e6+"]),
    },
    Case {
        name: "the double step leaves the e.p. square; black captures e.p.",
        fen: "k7/8/8/8/3p4/8/4P3/7K w - - 0 1",
        expect: After(&["e2e4", "d4e3"], "k7/8/8/8/8/4p3/8/7K w - - 0 2"),
    },
    // ---- No promotion zone. ----
    Case {
        name: "a Pawn walking to the last rank stays a Pawn",
        fen: "k7/3P4/8/8/8/8/8/7K w - - 0 1",
        expect: After(&["d7d8"], "k2P4/8/8/8/8/8/8/7K b - - 1 1"),
    },
    Case {
        name: "the walk to the last rank is one move, no `+` form",
        fen: "k7/3P4/8/8/8/8/8/7K w - - 0 1",
        expect: Moves(&["d7d8", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "a Pawn on the last rank is stuck",
        fen: "k2P4/8/8/8/8/8/8/7K w - - 0 1",
        expect: Moves(&["h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "a Pawn on the last rank is stuck even beside enemy pieces",
        fen: "k1nPn3/8/8/8/8/8/8/7K w - - 0 1",
        expect: Moves(&["h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "a black Pawn walking to rank 1 stays a Pawn and is stuck",
        fen: "k7/8/8/8/8/8/4p3/K7 b - - 0 1",
        expect: After(&["e2e1", "a1b1"], "k7/8/8/8/8/8/8/1K2p3 b - - 2 2"),
    },
    Case {
        name: "a black Pawn on rank 1 has no move",
        fen: "k7/8/8/8/8/8/8/1K2p3 b - - 1 2",
        expect: Moves(&["a8a7", "a8b7", "a8b8"]),
    },
    Case {
        name: "a Pawn capturing onto the last rank follows the table: Rook, optional Veteran",
        fen: "k2r4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: Moves(&["e7d8", "e7d8+", "e7e8", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "Pawn x Rook onto the last rank, promoting",
        fen: "k2r4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: After(&["e7d8+"], "k2V4/8/8/8/8/8/8/7K b - - 0 1"),
    },
    Case {
        name: "Pawn x Rook onto the last rank, declining: a Pawn on rank 8",
        fen: "k2r4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: After(&["e7d8"], "k2P4/8/8/8/8/8/8/7K b - - 0 1"),
    },
    Case {
        name: "Pawn x Lady onto the last rank: forced Queen (one move)",
        fen: "k2l4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: HasLacks(&["e7d8", "e7e8"], &["e7d8+"]),
    },
    Case {
        name: "Pawn x Lady onto the last rank, result",
        fen: "k2l4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: After(&["e7d8"], "k2Q4/8/8/8/8/8/8/7K b - - 0 1"),
    },
    Case {
        name: "Pawn x Pawn onto the last rank: no promotion",
        fen: "k2p4/4P3/8/8/8/8/8/7K w - - 0 1",
        expect: HasLacks(&["e7d8", "e7e8"], &["e7d8+"]),
    },
    Case {
        name: "black Pawn x Mounted Veteran onto rank 1: forced Veteran",
        fen: "k7/8/8/8/8/8/4p3/3M3K b - - 0 1",
        expect: After(&["e2d1"], "k7/8/8/8/8/8/8/3v3K w - - 0 2"),
    },
    // ---- Black movers (the table is the same for both sides). ----
    Case {
        name: "black Pawn x Knight: optional Veteran",
        fen: "k7/8/8/4p3/3N4/8/8/7K b - - 0 1",
        expect: Moves(&["a8a7", "a8b7", "a8b8", "e5d4", "e5d4+", "e5e4"]),
    },
    Case {
        name: "black Pawn x Knight, promoting",
        fen: "k7/8/8/4p3/3N4/8/8/7K b - - 0 1",
        expect: After(&["e5d4+"], "k7/8/8/8/3v4/8/8/7K w - - 0 2"),
    },
    Case {
        name: "black Knight x Veteran: forced Mounted Veteran",
        fen: "k7/8/8/4n3/8/3V4/8/7K b - - 0 1",
        expect: After(&["e5d3"], "k7/8/8/8/8/3m4/8/7K w - - 0 2"),
    },
    Case {
        name: "black Rook x Lady: forced Queen",
        fen: "k7/8/8/8/3r4/8/3L4/7K b - - 0 1",
        expect: After(&["d4d2"], "k7/8/8/8/8/8/3q4/7K w - - 0 2"),
    },
    Case {
        name: "black Lady x Pawn: optional Queen",
        fen: "k7/8/8/8/3l4/4P3/8/7K b - - 0 1",
        expect: HasLacks(&["d4e3", "d4e3+"], &[]),
    },
    Case {
        name: "black Bishop x Rook: never",
        fen: "k7/8/8/8/3b4/8/8/R6K b - - 0 1",
        expect: HasLacks(&["d4a1"], &["d4a1+"]),
    },
    Case {
        name: "black Mounted Veteran x Lady by its diagonal capture: forced Queen",
        fen: "k7/8/8/8/3m4/4L3/8/7K b - - 0 1",
        expect: After(&["d4e3"], "k7/8/8/8/8/4q3/8/7K w - - 0 2"),
    },
    Case {
        name: "black Queen x Lady: never",
        fen: "k7/8/8/8/3q4/8/8/3L3K b - - 0 1",
        expect: After(&["d4d1"], "k7/8/8/8/8/8/8/3q3K w - - 0 2"),
    },
    // ---- Promoted pieces keep promoting only on Lady or Queen captures. ----
    Case {
        name: "a Mounted Veteran made by a capture takes a Lady by a Knight leap: Queen",
        fen: "k7/8/8/3l4/8/2M5/8/7K w - - 0 1",
        expect: After(&["c3d5"], "k7/8/8/3Q4/8/8/8/7K b - - 0 1"),
    },
    Case {
        name: "the Mounted Veteran's diagonal capture of a Knight: no promotion",
        fen: "k7/8/8/8/3n4/2M5/8/7K w - - 0 1",
        expect: HasLacks(&["c3d4"], &["c3d4+"]),
    },
    // ---- Castling after Rook captures. ----
    Case {
        name: "castling both ways before anything happens",
        fen: "4k3/7p/8/8/8/8/8/R3K2R w KQ - 0 1",
        expect: HasLacks(&["e1g1", "e1c1", "h1h7", "h1h7+"], &[]),
    },
    Case {
        name: "a Rook capture declined: still a Rook, the h-side right is gone",
        fen: "4k3/7p/8/8/8/8/8/R3K2R w KQ - 0 1",
        expect: After(&["h1h7"], "4k3/7R/8/8/8/8/8/R3K3 b Q - 0 1"),
    },
    Case {
        name: "a Rook capture promoting: a Veteran, the h-side right is gone",
        fen: "4k3/7p/8/8/8/8/8/R3K2R w KQ - 0 1",
        expect: After(&["h1h7+"], "4k3/7V/8/8/8/8/8/R3K3 b Q - 0 1"),
    },
    Case {
        name: "the Rook that captured and came back cannot castle; the other one can",
        fen: "4k3/7p/8/8/8/8/8/R3K2R w KQ - 0 1",
        expect: After(
            &["h1h7", "e8d8", "h7h1", "d8e8"],
            "4k3/8/8/8/8/8/8/R3K2R w Q - 3 3",
        ),
    },
    Case {
        name: "after the returned Rook: e1g1 illegal, e1c1 legal",
        fen: "4k3/8/8/8/8/8/8/R3K2R w Q - 3 3",
        expect: HasLacks(&["e1c1", "e1f1"], &["e1g1"]),
    },
    Case {
        name: "castling result (the Lady-less orthodox castling)",
        fen: "4k3/8/8/8/8/8/8/R3K2R w Q - 3 3",
        expect: After(&["e1c1"], "4k3/8/8/8/8/8/8/2KR3R b - - 4 3"),
    },
    Case {
        name: "a Rook captured on its corner removes that right (by a promoting Rook)",
        fen: "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1",
        expect: After(&["a1a8+"], "V3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    },
    Case {
        name: "the Lady never castles and blocks the long castling like a Queen",
        fen: "r2lk2r/8/8/8/8/8/8/R2LK2R w KQkq - 0 1",
        expect: HasLacks(&["e1g1", "d1c1", "d1d2"], &["e1c1", "d1b1"]),
    },
    // ---- Movement of the promoted pieces. ----
    Case {
        name: "Veteran on d4: steps orthogonally, never diagonally to an empty square",
        fen: "k7/8/8/8/3V4/8/8/7K w - - 0 1",
        expect: Moves(&["d4c4", "d4d3", "d4d5", "d4e4", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "Veteran on d4 among enemies: captures only diagonally, never orthogonally",
        fen: "k7/8/8/2pnp3/3V4/2r1b3/8/7K w - - 0 1",
        expect: Moves(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5", "h1g2", "h1h2",
        ]),
    },
    Case {
        name: "Veteran on e2 has no double step",
        fen: "k7/8/8/8/8/8/4V3/7K w - - 0 1",
        expect: Moves(&["e2d2", "e2e1", "e2e3", "e2f2", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "black Veteran: the same in every direction",
        fen: "k7/8/8/3v4/2P1P3/8/8/7K b - - 0 1",
        expect: Moves(&[
            "a8a7", "a8b7", "a8b8", "d5c4", "d5c5", "d5d4", "d5d6", "d5e4", "d5e5",
        ]),
    },
    Case {
        name: "a Veteran has no e.p. capture",
        fen: "k7/8/8/3Vp3/8/8/8/7K w - e6 0 1",
        expect: Moves(&["d5c5", "d5d4", "d5d6", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "a Veteran attacks only diagonally: d1 and f1 are guarded, d2 and f2 are not",
        fen: "4k3/8/8/8/8/8/4v3/4K3 w - - 0 1",
        expect: Moves(&["e1d2", "e1e2", "e1f2"]),
    },
    Case {
        name: "Mounted Veteran on d4: Knight leaps plus the Veteran's steps",
        fen: "k7/8/8/8/3M4/8/8/7K w - - 0 1",
        expect: Moves(&[
            "d4b3", "d4b5", "d4c2", "d4c4", "d4c6", "d4d3", "d4d5", "d4e2", "d4e4", "d4e6", "d4f3",
            "d4f5", "h1g1", "h1g2", "h1h2",
        ]),
    },
    Case {
        name: "Mounted Veteran on a1: two leaps, two steps, no diagonal move",
        fen: "k7/8/8/8/8/8/8/M6K w - - 0 1",
        expect: Moves(&["a1a2", "a1b1", "a1b3", "a1c2", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "Mounted Veteran among enemies: captures by leap and diagonal, not orthogonally",
        fen: "k7/8/4n3/2rrb3/3M4/8/8/7K w - - 0 1",
        // d5 holds a Rook the Mounted Veteran cannot take; the Bishop on e5 keeps the
        // King off h2.
        expect: Moves(&[
            "d4b3", "d4b5", "d4c2", "d4c4", "d4c5", "d4c6", "d4d3", "d4e2", "d4e4", "d4e5", "d4e6",
            "d4f3", "d4f5", "h1g1", "h1g2",
        ]),
    },
    Case {
        name: "Lady on d4: one step in any direction",
        fen: "k7/8/8/8/3L4/8/8/7K w - - 0 1",
        expect: Moves(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5", "h1g1", "h1g2", "h1h2",
        ]),
    },
    Case {
        name: "the Lady is not royal: it may stay attacked, the King may not",
        fen: "k2r2r1/8/8/8/3L4/8/8/7K w - - 0 1",
        expect: Moves(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5", "h1h2",
        ]),
    },
];

#[test]
fn veteran_rule_cases() {
    common::run_cases(VariantId::Veteran, CASES);
}

#[test]
fn san_shows_the_promotion_that_happens() {
    // Knight x Pawn, optional: `=M` when taken, nothing when declined.
    let fen = "k7/8/8/3p4/8/4N3/8/7K w - - 0 1";
    assert_eq!(san_of(fen, "e3d5+"), "Nxd5=M");
    assert_eq!(san_of(fen, "e3d5"), "Nxd5");
    assert_eq!(token_of(fen, "Nxd5=M"), "e3d5+");
    assert_eq!(token_of(fen, "Nxd5"), "e3d5");
    assert!(san::parse(&pos(fen), "Nxd5=Q").is_err());
    // Rook x Bishop, optional.
    let fen = "k7/4b3/8/8/8/8/8/4R2K w - - 0 1";
    assert_eq!(san_of(fen, "e1e7+"), "Rxe7=V");
    assert_eq!(san_of(fen, "e1e7"), "Rxe7");
    assert_eq!(token_of(fen, "Rxe7=V"), "e1e7+");
    assert_eq!(token_of(fen, "Rxe7"), "e1e7");
    // Forced: the suffix is shown, and may be omitted when typing.
    let fen = "k7/8/8/3v4/8/4N3/8/7K w - - 0 1";
    assert_eq!(san_of(fen, "e3d5"), "Nxd5=M");
    assert_eq!(token_of(fen, "Nxd5"), "e3d5");
    assert_eq!(token_of(fen, "Nxd5=M"), "e3d5");
    // Pawns, the Lady, a Bishop taking a Lady; with check where the new piece gives it.
    assert_eq!(san_of("k7/8/8/4n3/3P4/8/8/7K w - - 0 1", "d4e5+"), "dxe5=V");
    assert_eq!(san_of("k7/8/8/4n3/3P4/8/8/7K w - - 0 1", "d4e5"), "dxe5");
    assert_eq!(san_of("k7/8/8/4l3/3P4/8/8/7K w - - 0 1", "d4e5"), "dxe5=Q");
    assert_eq!(san_of("k7/1l6/2P5/8/8/8/8/7K w - - 0 1", "c6b7"), "cxb7=Q+");
    assert_eq!(san_of("k7/8/8/4p3/3L4/8/8/7K w - - 0 1", "d4e5+"), "Lxe5=Q");
    assert_eq!(san_of("k7/8/8/4p3/3L4/8/8/7K w - - 0 1", "d4e5"), "Lxe5");
    assert_eq!(san_of("k7/6l1/8/8/3B4/8/8/7K w - - 0 1", "d4g7"), "Bxg7=Q");
    // A capture that never promotes, and e.p.
    assert_eq!(san_of("k7/6r1/8/8/3B4/8/8/7K w - - 0 1", "d4g7"), "Bxg7");
    assert_eq!(san_of("k7/8/8/3Pp3/8/8/8/7K w - e6 0 1", "d5e6"), "dxe6");
    // Black.
    assert_eq!(san_of("k7/8/8/4p3/3N4/8/8/7K b - - 0 1", "e5d4+"), "exd4=V");
    assert_eq!(san_of("k7/8/8/4n3/8/3V4/8/7K b - - 0 1", "e5d3"), "Nxd3=M");
}

#[test]
fn promoting_and_declining_are_distinct_moves() {
    let v = variant(VariantId::Veteran);
    let p = pos("k7/8/8/3p4/8/4N3/8/7K w - - 0 1");
    let declined = coord::parse(&p, "e3d5").unwrap();
    let taken = coord::parse(&p, "e3d5+").unwrap();
    assert_ne!(declined, taken);
    assert_eq!(declined.promotion, None);
    assert_eq!(taken.promotion.map(|k| v.piece(k).letter), Some('M'));
    assert_eq!(coord::format(v, &declined), "e3d5");
    assert_eq!(coord::format(v, &taken), "e3d5+");
    // `+` on a capture that cannot promote is an error, not the plain move.
    let p = pos("k7/6r1/8/8/3B4/8/8/7K w - - 0 1");
    assert!(coord::parse(&p, "d4g7+").is_err());
    assert!(coord::parse(&p, "d4g7").is_ok());
}

/// The counter counts plies without a capture: Pawn moves (single, double, to the last
/// rank) do not reset it, captures (e.p. included) do.
#[test]
fn fifty_move_counter_counts_captures_only() {
    assert_eq!(
        after("4k3/4p3/8/8/8/8/4P3/4K3 w - - 10 5", "e2e4"),
        "4k3/4p3/8/8/4P3/8/8/4K3 b - e3 11 5"
    );
    assert_eq!(
        after("4k3/4p3/8/8/8/8/4P3/4K3 w - - 10 5", "e2e3"),
        "4k3/4p3/8/8/8/4P3/8/4K3 b - - 11 5"
    );
    assert_eq!(
        after("4k3/4p3/8/8/8/8/4P3/4K3 b - - 10 5", "e7e5"),
        "4k3/8/8/4p3/8/8/4P3/4K3 w - e6 11 6"
    );
    assert_eq!(
        after("k7/3P4/8/8/8/8/8/7K w - - 42 30", "d7d8"),
        "k2P4/8/8/8/8/8/8/7K b - - 43 30"
    );
    // Captures reset it: Pawn x Pawn (no promotion), e.p., a promoting capture.
    assert_eq!(
        after("k7/8/8/4p3/3P4/8/8/7K w - - 42 30", "d4e5"),
        "k7/8/8/4P3/8/8/8/7K b - - 0 30"
    );
    assert_eq!(
        after("k7/8/8/3Pp3/8/8/8/7K w - e6 42 30", "d5e6"),
        "k7/8/4P3/8/8/8/8/7K b - - 0 30"
    );
    assert_eq!(
        after("k7/8/8/4n3/3P4/8/8/7K w - - 42 30", "d4e5+"),
        "k7/8/8/4V3/8/8/8/7K b - - 0 30"
    );
    // At 100 the position is drawn, Pawns or not.
    assert_eq!(
        pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 100 60").outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
    assert_eq!(pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 99 60").outcome(), None);
}

/// Pawn moves on the board's last plies: the 100th ply without a capture draws even though
/// the last four plies were Pawn moves.
#[test]
fn fifty_move_draw_with_pawn_moves() {
    let mut g = Game::new(pos("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 96 60"));
    for (i, text) in ["a3", "a6", "b3"].into_iter().enumerate() {
        g.play_text(text).unwrap();
        assert_eq!(g.position().halfmoves(), 97 + i as u32);
        assert_eq!(g.outcome(), None, "after {text}");
    }
    g.play_text("b6").unwrap();
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
    assert!(g.play_text("c3").is_err());
}

/// A whole game of 100 plies without a capture from the start position, with as many Pawn
/// moves as the moves allow (and no position three times): drawn exactly at ply 100.
#[test]
fn fifty_move_draw_from_the_start_despite_pawn_moves() {
    let v = variant(VariantId::Veteran);
    let mut g = Game::from_start(v);
    let mut pawn_moves = 0;
    for ply in 1..=100u32 {
        let p = g.position().clone();
        let mut candidates: Vec<_> = p
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture())
            .collect();
        // Pawn moves first, then the rest, each in token order.
        candidates.sort_by_key(|m| (!v.piece(m.piece.kind()).pawn, coord::format(v, m)));
        let mut played = false;
        for m in candidates {
            // Never give a check: it could end the game early.
            let mut next = p.clone();
            next.make(m);
            if next.is_check() {
                continue;
            }
            g.play(m).unwrap();
            if g.repetitions() == 1 {
                pawn_moves += u32::from(v.piece(m.piece.kind()).pawn);
                played = true;
                break;
            }
            g.undo();
        }
        assert!(played, "no fresh quiet move at ply {ply}: {}", p.fen());
        assert_eq!(g.position().halfmoves(), ply, "{}", g.position().fen());
        if ply < 100 {
            assert_eq!(g.outcome(), None, "ply {ply}: {}", g.position().fen());
        }
    }
    assert!(pawn_moves >= 20, "only {pawn_moves} pawn moves");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoves
        })
    );
}

#[test]
fn game_end() {
    let draw = |reason| Some(Outcome::Draw { reason });
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome(),
        draw(EndReason::BareKings)
    );
    // No FIDE minor-piece rule: a lone Knight, Bishop, Lady or Veteran plays on.
    for fen in [
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3LK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3VK3 w - - 0 1",
    ] {
        assert_eq!(pos(fen).outcome(), None, "{fen}");
    }
    // Mate by a Veteran made by a capture: the V on b7 takes a8 diagonally and is guarded
    // by the King on c6.
    assert_eq!(
        after("kb6/pn6/2K5/8/8/8/8/1R6 w - - 0 1", "b1b7+"),
        "kb6/pV6/2K5/8/8/8/8/8 b - - 0 1"
    );
    assert_eq!(
        pos("kb6/pV6/2K5/8/8/8/8/8 b - - 0 1").outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
    // Declining leaves a Rook on b7, which checks nothing: no mate.
    assert_eq!(pos("kb6/pR6/2K5/8/8/8/8/8 b - - 0 1").outcome(), None);
}

#[test]
fn position_strings() {
    let v = variant(VariantId::Veteran);
    // Every piece letter of the game, both colours, round-trips.
    let fen = "l1v1k1m1/q7/8/8/8/8/Q7/L1V1K1M1 w - - 3 9";
    assert_eq!(pos(fen).fen(), fen);
    // Veteran Chess has no levels.
    assert!(Position::from_fen(v, "k7/8/8/8/3N(2)4/8/8/7K w - - 0 1").is_err());
    // Pawns on the last rank are legal (no promotion zone).
    assert_eq!(
        pos("k2P4/8/8/8/8/8/8/4p2K w - - 0 1").fen(),
        "k2P4/8/8/8/8/8/8/4p2K w - - 0 1"
    );
}

#[test]
fn tokens_accept_upper_case_and_perft_ignores_draws() {
    let v = variant(VariantId::Veteran);
    let p = pos("k7/8/8/3p4/8/4N3/8/7K w - - 0 1");
    assert_eq!(
        coord::format(v, &coord::parse(&p, "E3D5+").unwrap()),
        "e3d5+"
    );
    assert_eq!(coord::format(v, &coord::parse(&p, "E3D5").unwrap()), "e3d5");
    // A position drawn by the 50-move rule still lists its moves (README, "Rules").
    let mut drawn = pos("k7/8/8/3p4/8/4N3/8/7K w - - 100 80");
    assert!(drawn.outcome().is_some());
    // Ne3: c2 c4 d1 f1 f5 g2 g4, xd5 and xd5+; Kh1: g1 g2 h2.
    assert_eq!(drawn.perft(1), 12);
}

/// Only Rooks castle, never the Lady (variants/veteran.ron). A position string may
/// put another piece on a corner with a castling right; the King must not castle with it
/// (rejecting the position string would do as well).
#[test]
fn only_rooks_castle() {
    let v = variant(VariantId::Veteran);
    for fen in [
        "4k3/8/8/8/8/8/8/4K2L w K - 0 1",
        "4k3/8/8/8/8/8/8/L3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/4K2V w K - 0 1",
        "4k3/8/8/8/8/8/8/4K2M w K - 0 1",
        "4k2l/8/8/8/8/8/8/4K3 b k - 0 1",
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
