//! PromoChess (Glenn Overby II, 2003), 9x9; RULES.md section 5.
//!
//! * Setup: White Rooks a1 i1, Horses b1 h1, Bishops c1 f1, Camels d1 g1, King e1, Silvers
//!   a3 c2 g2 i3, Pawns b3-h3; Black is White rotated by 180 degrees.
//! * Promotion zone: ranks 7-9 for White, 1-3 for Black. A move that **ends** in the zone may
//!   promote (also from one zone square to another; a move leaving the zone never does),
//!   written `b6b7+`; the same move without `+` declines. A Pawn ending on its last rank must
//!   promote (single or double step). Promoted pieces never promote again.
//! * Pawns step one forward, capture one diagonally forward, and may double-step from **any**
//!   rank when both squares are empty; there is no e.p. There is no castling.
//! * Draws: FIDE defaults (stalemate, threefold repetition, 50 moves, bare Kings).

use super::betza;
use crate::rules::{
    Extras, FiftyMoveRule, Figure, MaterialDraw, PieceSpec, PromotionSpec, VariantSpec, Zone,
};

/// An optional promotion to `to` anywhere in the three-rank zone.
fn zone(to: char) -> PromotionSpec {
    PromotionSpec {
        zone: Zone::Ranks(7, 9),
        to: vec![to],
        mandatory: false,
    }
}

/// The rules of PromoChess.
pub fn spec() -> VariantSpec {
    VariantSpec {
        id: "promochess".into(),
        name: "PromoChess".into(),
        summary: "9x9: most pieces may promote in the far three ranks".into(),
        files: 9,
        ranks: 9,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces: vec![
            PieceSpec::new("Pawn", 'P', betza("fmW fcF fmnD"))
                .figure(Figure::Pawn)
                .describe("steps forward, two if both squares are empty (any rank); captures diagonally forward")
                .pawn()
                .promotes(PromotionSpec {
                    zone: Zone::Ranks(9, 9),
                    to: vec!['G'],
                    mandatory: true,
                })
                .promotes(zone('G')),
            PieceSpec::new("Silver", 'S', betza("FfW"))
                .describe("one step diagonally or straight forward")
                .promotes(zone('D')),
            PieceSpec::new("Rook", 'R', betza("R"))
                .figure(Figure::Rook)
                .describe("slides orthogonally (no castling)")
                .promotes(zone('Q')),
            PieceSpec::new("Horse", 'H', betza("N"))
                .figure(Figure::Knight)
                .describe("leaps (1,2) like a Knight")
                .promotes(zone('M')),
            PieceSpec::new("Bishop", 'B', betza("B"))
                .figure(Figure::Bishop)
                .describe("slides diagonally")
                .promotes(zone('J')),
            PieceSpec::new("Camel", 'C', betza("C"))
                .describe("leaps (1,3)")
                .promotes(zone('W')),
            PieceSpec::new("King", 'K', betza("K"))
                .figure(Figure::King)
                .describe("one step in any direction; never castles")
                .royal(),
            PieceSpec::new("Gold", 'G', betza("WfF"))
                .describe("one step in any direction but diagonally backward"),
            PieceSpec::new("Dragon", 'D', betza("BW"))
                .describe("slides diagonally, or one step orthogonally"),
            PieceSpec::new("Queen", 'Q', betza("Q"))
                .figure(Figure::Queen)
                .describe("slides in all eight directions"),
            PieceSpec::new("Marshal", 'M', betza("RN"))
                .describe("Rook + Knight"),
            PieceSpec::new("Janus", 'J', betza("BN"))
                .describe("Bishop + Knight"),
            PieceSpec::new("Wildebeest", 'W', betza("NC"))
                .describe("leaps like a Knight or a Camel"),
        ],
        start: "rhcbkcbhr/2s3s2/sppppppps/9/9/9/SPPPPPPPS/2S3S2/RHBCKBCHR w - - 0 1".into(),
        castling: Vec::new(),
        en_passant: false,
        fifty_move: FiftyMoveRule::CaptureOrPawn,
        material_draw: MaterialDraw::BareKings,
        extras: Extras::default(),
        rules: [
            "Zone: the far three ranks (White 7-9, Black 1-3).",
            "A move ending in the zone may promote (+); leaving it never does.",
            "P>Gold  S>Dragon  R>Queen  H>Marshal  B>Janus  C>Wildebeest.",
            "A Pawn reaching the last rank must promote.",
            "Pawns may double-step from any rank; no e.p., no castling.",
        ]
        .map(String::from)
        .to_vec(),
    }
}
