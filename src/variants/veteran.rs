//! Veteran Chess (H. G. Muller), 8x8; RULES.md section 2.
//!
//! * Setup: the orthodox array with a **Lady** (`L`, a non-royal King) instead of the Queen.
//! * **Promotion happens only on captures**, on the capturing move, where the piece lands; the
//!   type is fixed, sometimes the mover may decline (`d5c6+` promotes, `d5c6` declines):
//!
//!   | mover \ victim | Pawn | N, B, R | V, M | Lady or Queen |
//!   |---|---|---|---|---|
//!   | Pawn | never (e.p. too) | opt -> V | MUST -> V | MUST -> Q |
//!   | Knight | opt -> M | opt -> M | MUST -> M | MUST -> Q |
//!   | Rook | opt -> V | opt -> V | MUST -> V | MUST -> Q |
//!   | Lady | opt -> Q | opt -> Q | MUST -> Q | MUST -> Q |
//!   | Bishop | never | never | never | MUST -> Q |
//!   | Veteran, Mounted Veteran | never | never | never | MUST -> Q |
//!   | Queen, King | never | never | never | never |
//!
//! * Veteran `V` (`mWcF`): moves one square orthogonally, captures one square diagonally.
//!   Mounted Veteran `M`: Knight + Veteran. The Queen appears only by promotion.
//! * No promotion zone: a Pawn that walks to the last rank stays a Pawn and is stuck.
//! * Castling and e.p. are orthodox.
//! * Draws: stalemate, threefold repetition, bare Kings, and 50 moves (100 plies) **without a
//!   capture**: Pawn moves do not reset the counter in this game.

use super::betza;
use super::chess::orthodox_castling;
use crate::rules::{Extras, FiftyMoveRule, Figure, MaterialDraw, PieceSpec, VariantSpec};

/// The rules of Veteran Chess.
pub fn spec() -> VariantSpec {
    VariantSpec {
        id: "veteran".into(),
        name: "Veteran Chess".into(),
        summary: "captures promote the capturer to Veteran ranks".into(),
        files: 8,
        ranks: 8,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces: vec![
            PieceSpec::new("Pawn", 'P', betza("fmW fcF ifmnD"))
                .figure(Figure::Pawn)
                .describe("orthodox Pawn, but never promotes on the last rank")
                .pawn()
                .promotes_capturing("NBR", 'V', false)
                .promotes_capturing("VM", 'V', true)
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Knight", 'N', betza("N"))
                .figure(Figure::Knight)
                .describe("leaps (1,2); capturing makes it a Mounted Veteran")
                .promotes_capturing("PNBR", 'M', false)
                .promotes_capturing("VM", 'M', true)
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Bishop", 'B', betza("B"))
                .figure(Figure::Bishop)
                .describe("slides diagonally; becomes a Queen only by taking a Lady or Queen")
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Rook", 'R', betza("R"))
                .figure(Figure::Rook)
                .describe("slides orthogonally; castles; capturing makes it a Veteran")
                .castles()
                .promotes_capturing("PNBR", 'V', false)
                .promotes_capturing("VM", 'V', true)
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Lady", 'L', betza("K"))
                .describe("one step in any direction (not royal); capturing makes it a Queen")
                .promotes_capturing("PNBR", 'Q', false)
                .promotes_capturing("VMLQ", 'Q', true),
            PieceSpec::new("King", 'K', betza("K"))
                .figure(Figure::King)
                .describe("one step in any direction; castles")
                .royal(),
            PieceSpec::new("Veteran", 'V', betza("mW cF"))
                .describe("moves one step orthogonally, captures one step diagonally")
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Mounted Veteran", 'M', betza("N mW cF"))
                .describe("Knight + Veteran")
                .promotes_capturing("LQ", 'Q', true),
            PieceSpec::new("Queen", 'Q', betza("Q"))
                .figure(Figure::Queen)
                .describe("slides in all eight directions; appears only by promotion"),
        ],
        start: "rnblkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBLKBNR w KQkq - 0 1".into(),
        castling: orthodox_castling(),
        en_passant: true,
        fifty_move: FiftyMoveRule::CaptureOnly,
        material_draw: MaterialDraw::BareKings,
        extras: Extras::default(),
        rules: [
            "Promotion only by capturing, where the capturer lands:",
            "P: takes N B R -> V (may decline); V M -> V; L Q -> Q. P x P never.",
            "N: takes P N B R -> M (may decline); V M -> M; L Q -> Q.",
            "R: takes P N B R -> V (may decline); V M -> V; L Q -> Q.",
            "L: takes anything -> Q (may decline taking P N B R).",
            "B V M: only taking a Lady or Queen -> Q. Q and K never change.",
            "No last-rank promotion: a Pawn walking there is stuck.",
            "50-move rule counts captures only.",
        ]
        .map(String::from)
        .to_vec(),
    }
}
