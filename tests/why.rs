//! Why a move is illegal, in the words of the game: a table of positions, typed moves and
//! what the reason must say. The same reasons reach typed input, the cursor and
//! `rankup moves --why`.

use rankup::notation;
use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

mod common;

/// One row: (game, position string or "" for the start, moves played first, typed move,
/// the words the reason must contain).
type Row = (
    VariantId,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
);

const TABLE: &[Row] = &[
    // Where the piece is, and whose.
    (VariantId::Chess, "", &[], "e3e4", &["no piece on e3"]),
    (
        VariantId::Chess,
        "",
        &[],
        "e7e5",
        &["Pawn on e7 is not yours", "White's move"],
    ),
    (
        VariantId::Chess,
        "",
        &[],
        "Qh5",
        &["Queen on d1", "blocked on e2"],
    ),
    // The piece does not move that way: how it moves and where it can go.
    (
        VariantId::Chess,
        "",
        &[],
        "e5",
        &[
            "Pawn on e2 cannot reach e5",
            "two from its first square",
            "can go to e3 e4",
        ],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1",
        &[],
        "Nd4",
        &["Knight on d2 cannot reach d4", "can go to"],
    ),
    (
        VariantId::Chess,
        "",
        &[],
        "Bb5",
        &["Bishop on f1", "blocked on e2"],
    ),
    // Upgrade Chess: the level decides the reach.
    (
        VariantId::Upgrade,
        "",
        &["e2e4", "e7e5"],
        "Qh5",
        &["Queen (level 1) on d1 cannot reach h5", "can go to e2"],
    ),
    // Tamerspiel: a lame path blocked on a named square.
    (
        VariantId::Tamerspiel,
        "6k5/*10*/*10*/*2ppp5*/*3N6*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        &[],
        "Ne6",
        &["Nobleman on e4 cannot reach e6", "blocked on e5"],
    ),
    // The King's safety: into check, pinned, check not answered.
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/r7/4K3 w - - 0 1",
        &[],
        "Ke2",
        &["King would stand in check from the Rook on a2"],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/r2NK3 w - - 0 1",
        &[],
        "Nf2",
        &["Knight on d1 is pinned", "Rook on a1"],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/r2NK2r w - - 0 1",
        &[],
        "Nc3",
        &["in check", "Rook on h1"],
    ),
    // Castling, each condition.
    (
        VariantId::Chess,
        "",
        &["e2e4", "e7e5", "g1f3", "b8c6"],
        "O-O",
        &["cannot castle: f1 is not empty"],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1",
        &[],
        "O-O",
        &["cross or land on f1", "Rook on f2"],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/1b6/8/8/4K2R w K - 0 1",
        &[],
        "O-O",
        &["out of check"],
    ),
    (
        VariantId::Chess,
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        &[],
        "O-O",
        &["castling that way is gone"],
    ),
    // e.p.: not in this game, or not now.
    (
        VariantId::Promochess,
        "",
        &["e3e5", "d7d5"],
        "exd6",
        &["no capturing en passant in PromoChess"],
    ),
    (
        VariantId::Chess,
        "",
        &["e2e4", "d7d5", "e4e5", "c7c5", "g1f3", "h7h6"],
        "exd6",
        &["just made its double step"],
    ),
    // Promotion: needed, not here, not that piece.
    (
        VariantId::Chess,
        "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
        &[],
        "e8",
        &[
            "must promote on e8",
            "Queen (Q) or Rook (R) or Bishop (B) or Knight (N)",
        ],
    ),
    (
        VariantId::Chess,
        "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1",
        &[],
        "e7e8=k",
        &["cannot become a King on e8"],
    ),
    (
        VariantId::Promochess,
        "",
        &["e3e5", "a7a6"],
        "e6=Q",
        &["does not promote on e6", "promotes on ranks 7-9"],
    ),
    // Tamerspiel's King swap: only in check.
    (
        VariantId::Tamerspiel,
        "6k5/*10*/*10*/*2ppp5*/*3N6*/*10*/*10*/6K5 w - - 0 1 swap:Kk",
        &[],
        "K~e4",
        &["swap is only for a King in check"],
    ),
    (
        VariantId::Chess,
        "",
        &[],
        "Ke2",
        &["e2 holds one of your own pieces"],
    ),
    (VariantId::Chess, "", &[], "Zf3", &["Chess has no piece Z"]),
];

#[test]
fn every_refused_move_says_why() {
    for (id, fen, moves, typed, words) in TABLE {
        let v = variant(*id);
        let mut pos = if fen.is_empty() {
            Position::start(v)
        } else {
            Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
        };
        for m in *moves {
            let mv = notation::coord::parse(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.make(mv);
        }
        assert!(
            notation::parse_move(&pos, typed).is_err(),
            "{id:?} {typed} is legal"
        );
        let why = notation::explain(&pos, typed)
            .unwrap_or_else(|| panic!("{id:?} {fen} {typed}: no reason"));
        for w in *words {
            assert!(why.contains(w), "{id:?} {typed}: {why:?} lacks {w:?}");
        }
    }
}

#[test]
fn legal_moves_have_no_reason() {
    let pos = Position::start(variant(VariantId::Chess));
    for m in pos.legal_moves() {
        assert_eq!(pos.why_illegal(m.from, m.to), None);
    }
    assert_eq!(notation::explain(&pos, "e4"), None);
    assert_eq!(notation::explain(&pos, "g1f3"), None);
}

#[test]
fn the_command_line_says_why_too() {
    let out = common::rankup()
        .args(["moves", "upgrade", "--moves", "e2e4,e7e5", "--why", "Qh5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("illegal: the Queen (level 1) on d1 cannot reach h5"),
        "{text}"
    );
    let out = common::rankup()
        .args(["moves", "chess", "--why", "Nf3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "legal: Nf3 (g1f3)\n");
}
