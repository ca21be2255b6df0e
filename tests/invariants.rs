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
use rankup::rules::{MoveKind, Position, Variant};
use rankup::variants::{file, variant, VariantId};

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

#[test]
fn veteran_start_depth3() {
    let s = run(VariantId::Veteran, None, 3);
    assert_eq!(s.edges, 20 + 400 + 8688);
}

#[test]
fn upgrade_start_depth3() {
    let s = run(VariantId::Upgrade, None, 3);
    assert_eq!(s.edges, 20 + 400 + 7926);
}

/// The mid-game positions of `tests/data/perft/veteran.perft`, swept at depth 2 (edges =
/// perft 1 + perft 2 there).
const VETERAN_MIDGAME: [(&str, u64); 4] = [
    ("k6r/p7/1l6/2PN4/8/8/8/4K2R w K - 0 1", 26 + 571),
    (
        "r3k2r/pp1l2pp/2n1v3/2pPppP1/1M3V2/2Q2N2/PPP4P/R3K2R w KQkq f6 0 15",
        49 + 1773,
    ),
    ("2q1k3/1v3m2/2p5/3Q4/8/2M2l2/4V3/4K3 b - - 0 1", 35 + 1266),
    (
        "r3k2r/p1p2ppp/1pn5/8/1b1pP3/2N2N2/PPPL1PPP/R1B1K2R b KQkq e3 0 9",
        36 + 1112,
    ),
];

/// The mid-game positions of `tests/data/perft/upgrade.perft`, swept at depth 2.
const UPGRADE_MIDGAME: [(&str, u64); 6] = [
    (
        "r1bqkbnr/pp2pppp/2n(4)5/8/8/7P/PPPP1PP1/RNBQKBNR b KQkq - 0 4",
        26 + 511,
    ),
    (
        "r3k2r/p(3)7/8/8/3B(5)4/8/3q(2)4/RN2K1NR w KQkq - 0 1",
        7 + 100,
    ),
    (
        "4k3/1n(6)6/8/3Q(9)4/8/2R(3)5/1b(4)6/4K3 w - - 0 1",
        10 + 135,
    ),
    ("3r(3)2k1/4P(2)3/8/3pP(3)3/8/8/8/4K3 w - d6 0 1", 15 + 138),
    (
        "r(3)3k2r/pp1B(3)1ppp/2p2b(4)2/4p3/4P3/2N(5)2Q(6)2/PPP2PPP/R3K1NR b KQkq - 0 9",
        12 + 420,
    ),
    (
        "r3k2r/1p(2)4p1/2n(5)5/b(3)2Q(4)4/8/5N(3)2/4b3/R3K2R(2) w KQkq - 0 12",
        31 + 899,
    ),
];

#[test]
fn veteran_midgame_positions() {
    for (fen, edges) in VETERAN_MIDGAME {
        let s = run(VariantId::Veteran, Some(fen), 2);
        assert_eq!(s.edges, edges, "{fen}");
    }
}

#[test]
fn upgrade_midgame_positions() {
    for (fen, edges) in UPGRADE_MIDGAME {
        let s = run(VariantId::Upgrade, Some(fen), 2);
        assert_eq!(s.edges, edges, "{fen}");
    }
}

/// Upgrade Chess keeps the sum of all levels: a capture moves the victim's level to the
/// capturer (or to the King's chosen recipient), promotion keeps it; only a King capture
/// with no other piece to receive it loses it. Kings never carry a level, every other piece
/// has at least level 1, empty squares have none. Checked on every edge of the tree.
fn level_walk(pos: &mut Position, depth: u32, path: &mut Vec<String>) {
    let v = pos.variant();
    let total = |p: &Position| -> u64 { p.pieces().map(|(sq, _)| u64::from(p.level_at(sq))).sum() };
    let fen = pos.fen();
    for (sq, piece) in pos.pieces() {
        let royal = v.piece(piece.kind()).royal;
        let level = pos.level_at(sq);
        assert!(
            if royal { level == 0 } else { level >= 1 },
            "level {level} on {sq}; {}",
            at(&fen, path)
        );
    }
    if depth == 0 {
        return;
    }
    let before = total(pos);
    for m in pos.legal_moves() {
        let victim_level = match m.kind {
            MoveKind::EnPassant => {
                let sq = m.to.offset(0, -pos.turn().forward()).expect("e.p. victim");
                pos.level_at(sq)
            }
            _ if m.capture.is_some() => pos.level_at(m.to),
            _ => 0,
        };
        let king = v.piece(m.piece.kind()).royal;
        let lost = if king && m.capture.is_some() && m.recipient.is_none() {
            victim_level
        } else {
            0
        };
        let token = coord::format(v, &m);
        if king && m.capture.is_some() && m.recipient.is_none() {
            // Only when the King is the mover's last piece.
            assert_eq!(
                pos.pieces_of(pos.turn()).count_ones(),
                1,
                "{token} without a recipient; {}",
                at(&fen, path)
            );
        }
        let undo = pos.make(m);
        assert_eq!(
            total(pos) + u64::from(lost),
            before,
            "{token} changed the level sum; {}",
            at(&fen, path)
        );
        if let Some(r) = m.recipient {
            assert_eq!(pos.level_at(m.to), 0, "{token}: the King has no level");
            assert!(pos.level_at(r) > victim_level, "{token}: recipient level");
        }
        path.push(token);
        level_walk(pos, depth - 1, path);
        path.pop();
        pos.unmake(m, undo);
    }
}

#[test]
fn upgrade_levels_are_conserved() {
    let v = variant(VariantId::Upgrade);
    let mut start = Position::start(v);
    level_walk(&mut start, 3, &mut Vec::new());
    for (fen, _) in UPGRADE_MIDGAME {
        let mut p = Position::from_fen(v, fen).unwrap();
        level_walk(&mut p, 2, &mut Vec::new());
    }
    // A King capture with no other piece loses the level.
    let mut lone = Position::from_fen(v, "4k3/8/8/8/8/8/3r(3)4/4K3 w - - 0 1").unwrap();
    level_walk(&mut lone, 2, &mut Vec::new());
}

/// A long capture-happy game of each of the two games, swept at depth 2 every 8th ply: the
/// line reaches promoted pieces (Veteran) and high levels and King captures (Upgrade).
fn long_line(id: VariantId, seed: u64) -> (u32, u16, u32, u32) {
    let v = variant(id);
    let mut pos = Position::start(v);
    let mut seed = seed;
    let (mut promotions, mut king_captures, mut swaps) = (0, 0, 0);
    let mut max_level = 0;
    for ply in 0..160 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if ply % 8 == 0 {
            let mut p = pos.clone();
            sweep(&mut p, 2, &mut Vec::new(), &mut Stats::default());
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Promotions and King swaps whenever there are any, else mostly captures.
        let special: Vec<_> = moves
            .iter()
            .filter(|m| m.promotion.is_some() || m.kind == MoveKind::Swap)
            .collect();
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !special.is_empty() {
            swaps += u32::from(special.iter().any(|m| m.kind == MoveKind::Swap));
            *special[(seed / 3) as usize % special.len()]
        } else if !captures.is_empty() && !seed.is_multiple_of(3) {
            *captures[(seed / 3) as usize % captures.len()]
        } else {
            moves[(seed / 3) as usize % moves.len()]
        };
        promotions += u32::from(m.promotion.is_some());
        king_captures += u32::from(m.recipient.is_some());
        pos.make(m);
        for (sq, _) in pos.pieces() {
            max_level = max_level.max(pos.level_at(sq));
        }
    }
    eprintln!("{id}: {promotions} promotions, {swaps} swaps, level {max_level}, {king_captures} King captures");
    (promotions, max_level, king_captures, swaps)
}

#[test]
fn veteran_long_line() {
    let (promotions, _, _, _) = long_line(VariantId::Veteran, 0x2545_f491_4f6c_dd1d);
    assert!(
        promotions >= 5,
        "the line made only {promotions} promotions"
    );
}

#[test]
fn upgrade_long_line() {
    let (_, max_level, king_captures, _) = long_line(VariantId::Upgrade, 0x2545_f491_4f6c_dd1d);
    assert!(max_level >= 14, "the line reached only level {max_level}");
    assert!(king_captures >= 1, "the line made no King capture");
}

#[test]
fn tamerspiel_start_depth3() {
    let s = run(VariantId::Tamerspiel, None, 3);
    assert_eq!(s.edges, 21 + 441 + 10773);
}

/// Tamerspiel positions with swaps, castling and promoted pieces among the holes.
#[test]
fn tamerspiel_midgame_positions() {
    for fen in [
        // In check with the swap available (and castling rights on both wings).
        "r4k5r/*5r4*/*10*/*10*/*6h3*/*1H8*/*4F2B2*/R5K4R w KQkq - 0 1 swap:Kk",
        // Promoted pieces: Nobleman, Supercav, Warlord, Tetrarch, Archbishop.
        "1A3t6/*2pN6*/*3p1S4*/*10*/*2W7*/*10*/*4PPP3*/c5K5 b - - 0 30 swap:k",
    ] {
        run(VariantId::Tamerspiel, Some(fen), 3);
    }
}

#[test]
fn tamerspiel_long_line() {
    let (promotions, _, _, swaps) = long_line(VariantId::Tamerspiel, 0x2545_f491_4f6c_dd1d);
    assert!(
        promotions >= 1 && swaps >= 1,
        "the line made {promotions} promotions and {swaps} swaps"
    );
}

/// Every Alternate Promotion Chess subvariant: a long capture-happy game swept along the way.
#[test]
fn apc_long_lines() {
    let mut total = 0;
    for id in VariantId::ALL
        .into_iter()
        .filter(|id| id.as_str().starts_with("apc-"))
    {
        let (promotions, _, _, _) = long_line(id, 0x9e37_79b9_7f4a_7c15);
        assert!(promotions >= 3, "{id}: only {promotions} promotions");
        total += promotions;
    }
    assert!(total >= 8, "the lines made only {total} promotions");
}

/// Deeper sweeps of both games: depth 4 from the start, depth 3 from the mid-game
/// positions (`cargo test --release --test invariants -- --ignored`).
#[test]
#[ignore = "deep invariant sweeps (several seconds); run with --ignored"]
fn veteran_and_upgrade_deep_sweeps() {
    let s = run(VariantId::Veteran, None, 4);
    assert_eq!(s.edges, 20 + 400 + 8688 + 188_509);
    let s = run(VariantId::Upgrade, None, 4);
    assert_eq!(s.edges, 20 + 400 + 7926 + 156_902);
    for (fen, _) in VETERAN_MIDGAME {
        run(VariantId::Veteran, Some(fen), 3);
    }
    for (fen, _) in UPGRADE_MIDGAME {
        run(VariantId::Upgrade, Some(fen), 3);
    }
}

/// The test games of `tests/data/variants/`, loaded once (positions refer to them).
fn fixture(name: &str) -> &'static Variant {
    let path = format!(
        "{}/tests/data/variants/{name}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    file::load(&text, &path).unwrap_or_else(|e| panic!("{e}"))
}

/// Walks the legal move tree and checks on every edge that neither side's number of royal
/// pieces changes (a move that put two pieces on one square, or a piece off the board,
/// would make a King vanish: castling with `rook_to == king_to` did). Returns the number
/// of castling moves made.
fn royals_walk(pos: &mut Position, depth: u32, path: &mut Vec<String>) -> u64 {
    let v = pos.variant();
    let royals = |p: &Position| {
        let mut n = [0usize; 2];
        for (_, piece) in p.pieces() {
            if v.piece(piece.kind()).royal {
                n[piece.color().index()] += 1;
            }
        }
        n
    };
    let before = royals(pos);
    let fen = pos.fen();
    assert_eq!(before, [1, 1], "one royal piece each; {}", at(&fen, path));
    if depth == 0 {
        return 0;
    }
    let mut castles = 0;
    for m in pos.legal_moves() {
        let token = coord::format(v, &m);
        castles += u64::from(m.is_castle());
        let undo = pos.make(m);
        assert_eq!(
            royals(pos),
            before,
            "{token} changed the royal pieces; {}",
            at(&fen, path)
        );
        assert!(
            pos.pieces().all(|(sq, _)| v.shape().contains(sq)),
            "{token} put a piece off the board; {}",
            at(&fen, path)
        );
        path.push(token);
        castles += royals_walk(pos, depth - 1, path);
        path.pop();
        pos.unmake(m, undo);
    }
    castles
}

/// No legal move of any built-in game or test game changes either side's royal pieces:
/// from the start, and from positions where castling (ordinary, through the partner's
/// square, beside holes) and Tamerspiel's King swap are on.
#[test]
fn no_move_changes_the_royal_pieces() {
    let mut castles = 0;
    let mut walk = |v: &'static Variant, fen: Option<&str>, depth: u32| {
        let mut pos = match fen {
            Some(f) => Position::from_fen(v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
            None => Position::start(v),
        };
        castles += royals_walk(&mut pos, depth, &mut Vec::new());
    };
    for id in VariantId::ALL {
        let depth = if id == VariantId::Promochess { 2 } else { 3 };
        walk(variant(id), None, depth);
    }
    let castling: &[(VariantId, &str, u32)] = &[
        (
            VariantId::Chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        (VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3),
        (
            VariantId::Veteran,
            "r3k2r/pp1l2pp/2n1v3/2pPppP1/1M3V2/2Q2N2/PPP4P/R3K2R w KQkq f6 0 15",
            2,
        ),
        (
            VariantId::Upgrade,
            "r3k2r/p(3)7/8/8/3B(5)4/8/3q(2)4/RN2K1NR w KQkq - 0 1",
            2,
        ),
        (
            VariantId::Tamerspiel,
            "r4k5r/*10*/*10*/*10*/*10*/*10*/*10*/R5K4R w KQkq - 0 1 swap:Kk",
            3,
        ),
        (
            VariantId::Tamerspiel,
            "r4k5r/*5r4*/*10*/*10*/*6h3*/*1H8*/*4F2B2*/R5K4R w KQkq - 0 1 swap:Kk",
            2,
        ),
    ];
    for &(id, fen, depth) in castling {
        walk(variant(id), Some(fen), depth);
    }
    for id in VariantId::ALL
        .into_iter()
        .filter(|id| id.as_str().starts_with("apc-"))
    {
        walk(
            variant(id),
            Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 kings:Kk"),
            3,
        );
    }
    for name in ["tiny", "duchy", "homecoming", "swapcastle"] {
        walk(fixture(name), None, 3);
    }
    walk(
        fixture("swapcastle"),
        Some("1rk2r/1p4/6/6/1P4/1RK2R w KQkq - 0 1"),
        3,
    );
    assert!(castles > 1000, "only {castles} castling moves were made");
}

/// The test games pass the same node checks as the built-in ones (position strings with
/// `moved:`, hashes, make/unmake, tokens and SAN, castling through the partner's square).
#[test]
fn test_games_sweep() {
    for (name, fen, depth) in [
        ("homecoming", None, 4),
        ("homecoming", Some("f1k1f/1s3/3s1/1S1S1/F1K1F w - - 0 5"), 3),
        ("homecoming", Some("2k2/1t1t1/5/1T1T1/2K2 w - - 0 1"), 4),
        ("swapcastle", None, 3),
        (
            "swapcastle",
            Some("1rk2r/1p4/6/6/1P4/1RK2R w KQkq - 0 1"),
            3,
        ),
    ] {
        let v = fixture(name);
        let mut pos = match fen {
            Some(f) => Position::from_fen(v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
            None => Position::start(v),
        };
        let mut stats = Stats::default();
        sweep(&mut pos, depth, &mut Vec::new(), &mut stats);
        assert_eq!(stats.nodes, stats.edges + 1, "{name}");
    }
}
