//! Invariants checked at every node of perft trees.
//!
//! At every node of the tree: (a) the position string round-trips through
//! `Position::from_fen`; (b) the incremental hash equals `compute_hash`. For every edge (each
//! legal move of a node above the leaves): (c) `make` then `unmake` restores the position and
//! its hash exactly; (d) the coordinate token formats and parses back to the same move; (e)
//! the SAN formats and parses back to the same move;
//! (f) the SAN strings of a position are pairwise distinct and so are its tokens; (g) no move
//! starts or ends off the board. PromoChess nodes also never carry an e.p. square or a
//! castling right and never list castling or e.p. moves.

use std::collections::HashSet;

use rankup::notation::{coord, san};
use rankup::rules::{MoveKind, Position};
use rankup::variants::{variant, VariantId};

#[derive(Default)]
struct Stats {
    nodes: u64,
    edges: u64,
}

/// Where a failure happened: the node's position string and the moves from the root.
fn at(fen: &str, path: &[String]) -> String {
    let trail = if path.is_empty() {
        "(root)".to_string()
    } else {
        path.join(" ")
    };
    format!("at '{fen}' after {trail}")
}

fn sweep(pos: &mut Position, depth: u32, path: &mut Vec<String>, stats: &mut Stats) {
    let v = pos.variant();
    stats.nodes += 1;
    let fen = pos.fen();

    // (a) position string round trip.
    let back = Position::from_fen(v, &fen)
        .unwrap_or_else(|e| panic!("(a) own position string rejected: {e}; {}", at(&fen, path)));
    assert_eq!(
        back,
        *pos,
        "(a) from_fen(fen()) differs; {}",
        at(&fen, path)
    );
    assert_eq!(back.fen(), fen, "(a) fen() not stable; {}", at(&fen, path));

    // (b) incremental hash.
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "(b) hash drifted; {}",
        at(&fen, path)
    );

    let moves = pos.legal_moves();
    if v.id() == "promochess" {
        assert_eq!(
            pos.ep_square(),
            None,
            "PromoChess has no e.p.; {}",
            at(&fen, path)
        );
        assert_eq!(
            pos.castling_rights(),
            0,
            "PromoChess has no castling; {}",
            at(&fen, path)
        );
        for m in &moves {
            assert!(
                !matches!(m.kind, MoveKind::Castle(_) | MoveKind::EnPassant),
                "PromoChess listed {m:?}; {}",
                at(&fen, path)
            );
        }
    }
    if depth == 0 {
        return;
    }

    let mut sans = HashSet::new();
    let mut tokens = HashSet::new();
    for &m in &moves {
        stats.edges += 1;
        // (g) on the board.
        assert!(
            v.shape().contains(m.from) && v.shape().contains(m.to),
            "(g) {m:?} leaves the board; {}",
            at(&fen, path)
        );

        // (d) coordinate token round trip.
        let token = coord::format(v, &m);
        assert_eq!(
            coord::parse(pos, &token),
            Ok(m),
            "(d) token '{token}' does not parse back; {}",
            at(&fen, path)
        );
        assert!(
            coord::looks_like_token(&token),
            "(d) typed input would not read '{token}' as a token; {}",
            at(&fen, path)
        );

        // (e) SAN round trip.
        let text = san::format(pos, &m);
        assert_eq!(
            san::parse(pos, &text),
            Ok(m),
            "(e) SAN '{text}' (token {token}) does not parse back; {}",
            at(&fen, path)
        );

        // (f) distinct.
        assert!(
            sans.insert(text.clone()),
            "(f) SAN '{text}' names two moves; {}",
            at(&fen, path)
        );
        assert!(
            tokens.insert(token.clone()),
            "(f) token '{token}' names two moves; {}",
            at(&fen, path)
        );

        // (c) make/unmake, recursing in between.
        let before = pos.clone();
        let undo = pos.make(m);
        path.push(token);
        sweep(pos, depth - 1, path, stats);
        let token = path.pop().expect("pushed above");
        pos.unmake(m, undo);
        assert_eq!(
            *pos,
            before,
            "(c) make/unmake of {token} did not restore; {}",
            at(&fen, path)
        );
        assert_eq!(
            pos.hash(),
            before.hash(),
            "(c) hash after unmake of {token}"
        );
    }
}

fn run(id: VariantId, fen: Option<&str>, depth: u32) -> Stats {
    let v = variant(id);
    let mut pos = match fen {
        Some(f) => Position::from_fen(v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::start(v),
    };
    let mut stats = Stats::default();
    sweep(&mut pos, depth, &mut Vec::new(), &mut stats);
    assert_eq!(
        stats.nodes,
        stats.edges + 1,
        "every node but the root is an edge's end"
    );
    stats
}

#[test]
fn chess_start_depth3() {
    let s = run(VariantId::Chess, None, 3);
    assert_eq!(s.edges, 20 + 400 + 8902);
}

#[test]
fn chess_kiwipete_depth3() {
    let s = run(
        VariantId::Chess,
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        3,
    );
    assert_eq!(s.edges, 48 + 2039 + 97862);
}

#[test]
fn chess_position4_depth3() {
    let s = run(
        VariantId::Chess,
        Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        3,
    );
    assert_eq!(s.edges, 6 + 264 + 9467);
}

#[test]
fn chess_position5_depth3() {
    let s = run(
        VariantId::Chess,
        Some("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
        3,
    );
    assert_eq!(s.edges, 44 + 1486 + 62379);
}

#[test]
fn chess_position3_depth4() {
    // Small tree with e.p. captures that uncover checks along the fifth rank.
    let s = run(
        VariantId::Chess,
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        4,
    );
    assert_eq!(s.edges, 14 + 191 + 2812 + 43238);
}

#[test]
fn promochess_start_depth3() {
    let s = run(VariantId::Promochess, None, 3);
    assert_eq!(s.edges, 36 + 1289 + 47820);
}

/// The hand-checked mid-game positions of `tests/data/perft/promochess.perft`, with the
/// depth swept and the number of edges that tree has (the sum of perft 1..=depth there).
const PROMO_MIDGAME: [(&str, u32, u64); 6] = [
    ("4k4/9/2P6/5S3/9/9/9/9/K8 w - - 0 1", 3, 14 + 44 + 674),
    ("K8/9/9/9/8k/2h6/3p5/4Sb3/9 b - - 0 1", 3, 35 + 248 + 7849),
    ("4k4/9/2G6/9/3D5/9/6W2/9/4K4 w - - 0 1", 3, 41 + 152 + 5887),
    (
        "9/7J1/6b2/2H6/4k4/3h5/4r4/9/K3M4 b - - 0 1",
        3,
        8 + 276 + 10042,
    ),
    (
        "9/7J1/6b2/9/4k4/3h5/4r4/9/K3M4 b - - 0 1",
        3,
        26 + 478 + 14780,
    ),
    (
        "rh1bk2h1/6sbr/s2ppp2s/1s4c2/Rpp1P1Wp1/6P2/1PPP1P1P1/2S2HRS1/1HBCKB1S1 w - - 0 16",
        2,
        48 + 1912,
    ),
];

#[test]
fn promochess_midgame_positions() {
    for (fen, depth, edges) in PROMO_MIDGAME {
        let s = run(VariantId::Promochess, Some(fen), depth);
        assert_eq!(s.edges, edges, "{fen}");
    }
}

/// A PromoChess game deep into promotions: random-looking but fixed play, swept at depth 2
/// along the way (every 8th ply).
#[test]
fn promochess_long_line() {
    let v = variant(VariantId::Promochess);
    let mut pos = Position::start(v);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut promoted = 0;
    for ply in 0..160 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if ply % 8 == 0 {
            let mut p = pos.clone();
            sweep(&mut p, 2, &mut Vec::new(), &mut Stats::default());
        }
        // Prefer promotions so promoted pieces appear early.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let promos: Vec<_> = moves.iter().filter(|m| m.promotion.is_some()).collect();
        let m = if !promos.is_empty() && !seed.is_multiple_of(3) {
            *promos[(seed / 3) as usize % promos.len()]
        } else {
            moves[(seed / 3) as usize % moves.len()]
        };
        promoted += u32::from(m.promotion.is_some());
        pos.make(m);
    }
    assert!(promoted >= 5, "the line made only {promoted} promotions");
}
