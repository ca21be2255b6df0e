//! Orthodox chess (FIDE), the reference every other game's engine code is checked against.
//!
//! * Pawn `fmW fcF ifmnD`: double step from its first square, e.p.; promotes on the last rank
//!   to Queen, Rook, Bishop or Knight (the mover chooses; `e7e8=q`).
//! * Knight `N`, Bishop `B`, Rook `R`, Queen `Q`, King `K` with castling both ways.
//! * Draws: stalemate, threefold repetition, 50 moves, and FIDE's insufficient material
//!   (K v K, a lone minor piece, Bishops all on one square colour).

use super::betza;
use crate::rules::{
    sq, CastlingSpec, Color, Extras, FiftyMoveRule, Figure, MaterialDraw, PieceSpec, PromotionSpec,
    VariantSpec, Zone,
};

/// Castling on an 8x8 board with the King on e and Rooks on a and h.
pub(crate) fn orthodox_castling() -> Vec<CastlingSpec> {
    let mut out = Vec::new();
    for (color, rank) in [(Color::White, 1), (Color::Black, 8)] {
        let at = |file: char| sq(&format!("{file}{rank}"));
        out.push(CastlingSpec {
            color,
            king_side: true,
            king_from: at('e'),
            king_to: at('g'),
            rook_from: at('h'),
            rook_to: at('f'),
        });
        out.push(CastlingSpec {
            color,
            king_side: false,
            king_from: at('e'),
            king_to: at('c'),
            rook_from: at('a'),
            rook_to: at('d'),
        });
    }
    out
}

/// The rules of orthodox chess.
pub fn spec() -> VariantSpec {
    VariantSpec {
        id: "chess".into(),
        name: "Chess".into(),
        summary: "Orthodox chess, the reference game".into(),
        files: 8,
        ranks: 8,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces: vec![
            PieceSpec::new("Pawn", 'P', betza("fmW fcF ifmnD"))
                .figure(Figure::Pawn)
                .describe(
                    "steps forward, two from its first square; captures diagonally forward; e.p.",
                )
                .pawn()
                .promotes(PromotionSpec {
                    zone: Zone::Ranks(8, 8),
                    to: vec!['Q', 'R', 'B', 'N'],
                    mandatory: true,
                }),
            PieceSpec::new("Knight", 'N', betza("N"))
                .figure(Figure::Knight)
                .describe("leaps (1,2) in any direction"),
            PieceSpec::new("Bishop", 'B', betza("B"))
                .figure(Figure::Bishop)
                .describe("slides diagonally"),
            PieceSpec::new("Rook", 'R', betza("R"))
                .figure(Figure::Rook)
                .describe("slides orthogonally; castles")
                .castles(),
            PieceSpec::new("Queen", 'Q', betza("Q"))
                .figure(Figure::Queen)
                .describe("slides in all eight directions"),
            PieceSpec::new("King", 'K', betza("K"))
                .figure(Figure::King)
                .describe("one step in any direction; castles")
                .royal(),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        castling: orthodox_castling(),
        en_passant: true,
        fifty_move: FiftyMoveRule::CaptureOrPawn,
        material_draw: MaterialDraw::Fide {
            knight: 'N',
            bishop: 'B',
        },
        extras: Extras::default(),
        rules: [
            "Orthodox FIDE chess.",
            "A Pawn reaching the last rank becomes a Queen, Rook, Bishop or Knight.",
            "Castling both ways; e.p. captures.",
            "Draws: stalemate, threefold repetition, 50 moves, insufficient material.",
        ]
        .map(String::from)
        .to_vec(),
    }
}
