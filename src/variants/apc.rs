//! Alternate Promotion Chess (Charles Gilman), 8x8, eight subvariants; RULES.md section 4.
//!
//! * Setup, castling, the Pawn's double step and e.p. as in FIDE chess.
//! * Each subvariant has one promotion chain c0 = Pawn, c1, c2, ... A piece at chain index i
//!   promotes to index i+1 when a move of its own **ends** on the **far rank** (i even) or on
//!   **its own back rank** (i odd): mandatory, automatic, one step per move, captures
//!   included. The King never promotes; the Queen is final except in the long-haul chains.
//! * A piece created by promotion on its own home-rank corner (a1/h1, a8/h8) whose moves
//!   include a non-capturing orthogonal slide (R, Q, Canvasser, Ace, Saint, Inquion) gains
//!   that corner's castling right while its King has never moved (`kings:Kk` in the position
//!   string), and castles like a Rook; it loses the right when it moves.
//! * Castling's "not crossing an attacked square" is judged in the position before castling
//!   (FIDE's wording, Fairy-Stockfish's reading): an enemy Pocket beside the King does not
//!   attack the square beyond it while the King stands between (RULES.md leaves this open).
//! * New pieces: Camel `L` (C), Prince `I` (K, not royal), Primate `D` (BW), Chatelaine `G`
//!   (RF), Picket `J` and Pocket `O` (Bishop / Rook that must move at least two squares,
//!   sliding), Fagin `F` (both), Arrow `W` / Cannon `X` / Tank `T` (slide without capturing
//!   diagonally / orthogonally / both; capture by hopping exactly one piece and taking the
//!   first beyond), Inquion `Y` (Bishop + Pocket), Infanon `Z` (Rook + Picket), Saint `S`
//!   (Bishop + Cannon), Sparrow `V` (Rook + Arrow), Caliph `E` (BC), Cardinal `A` (BN),
//!   Canvasser `U` (RC), Marshal `M` (RN), Acme `H` (QC), Ace `C` (QN).

use super::betza;
use super::chess::orthodox_castling;
use crate::rules::{
    Extras, FiftyMoveRule, Figure, MaterialDraw, Movement, PieceSpec, PromotionSpec, VariantSpec,
    Zone,
};

/// Every piece any chain uses: (name, letter, movement, castles, description).
fn piece(letter: char) -> PieceSpec {
    let (name, movement, castles, text): (&str, Movement, bool, &str) = match letter {
        'P' => (
            "Pawn",
            betza("fmW fcF ifmnD"),
            false,
            "orthodox Pawn; becomes a Camel on the far rank",
        ),
        'N' => ("Knight", betza("N"), false, "leaps (1,2)"),
        'B' => ("Bishop", betza("B"), false, "slides diagonally"),
        'R' => ("Rook", betza("R"), true, "slides orthogonally; castles"),
        'Q' => ("Queen", betza("Q"), true, "slides in all eight directions"),
        'L' => ("Camel", betza("C"), false, "leaps (1,3)"),
        'I' => (
            "Prince",
            betza("K"),
            false,
            "one step in any direction (not royal)",
        ),
        'D' => (
            "Primate",
            betza("BW"),
            false,
            "Bishop + one orthogonal step",
        ),
        'G' => ("Chatelaine", betza("RF"), false, "Rook + one diagonal step"),
        'J' => (
            "Picket",
            betza("B").min_range(2),
            false,
            "Bishop that must move at least two squares",
        ),
        'O' => (
            "Pocket",
            betza("R").min_range(2),
            false,
            "Rook that must move at least two squares",
        ),
        'F' => ("Fagin", betza("Q").min_range(2), false, "Picket + Pocket"),
        'W' => (
            "Arrow",
            betza("mBcpB"),
            false,
            "slides diagonally; captures by hopping one piece",
        ),
        'X' => (
            "Cannon",
            betza("mRcpR"),
            false,
            "slides orthogonally; captures by hopping one piece",
        ),
        'T' => ("Tank", betza("mQcpQ"), false, "Cannon + Arrow"),
        'Y' => (
            "Inquion",
            betza("B").with(betza("R").min_range(2)),
            true,
            "Bishop + Pocket",
        ),
        'Z' => (
            "Infanon",
            betza("R").with(betza("B").min_range(2)),
            false,
            "Rook + Picket",
        ),
        'S' => ("Saint", betza("B mRcpR"), true, "Bishop + Cannon"),
        'V' => ("Sparrow", betza("R mBcpB"), false, "Rook + Arrow"),
        'E' => ("Caliph", betza("BC"), false, "Bishop + Camel"),
        'A' => ("Cardinal", betza("BN"), false, "Bishop + Knight"),
        'U' => ("Canvasser", betza("RC"), true, "Rook + Camel"),
        'M' => ("Marshal", betza("RN"), false, "Rook + Knight"),
        'H' => ("Acme", betza("QC"), false, "Queen + Camel"),
        'C' => ("Ace", betza("QN"), true, "Queen + Knight"),
        _ => panic!("BUG: no APC piece '{letter}'"),
    };
    let mut spec = PieceSpec::new(name, letter, movement).describe(text);
    spec.castles = castles;
    spec.figure = match letter {
        'P' => Some(Figure::Pawn),
        'N' => Some(Figure::Knight),
        'B' => Some(Figure::Bishop),
        'R' => Some(Figure::Rook),
        'Q' => Some(Figure::Queen),
        _ => None,
    };
    if letter == 'P' {
        spec = spec.pawn();
    }
    spec
}

/// A subvariant from its chain (letters, Pawn first): index i promotes to i+1 on the far
/// rank when i is even, on its own back rank when i is odd.
fn subvariant(
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    chain: &str,
) -> VariantSpec {
    let links: Vec<char> = chain.chars().collect();
    let mut pieces: Vec<PieceSpec> = links
        .iter()
        .enumerate()
        .map(|(i, &letter)| {
            let spec = piece(letter);
            match links.get(i + 1) {
                Some(&next) => spec.promotes(PromotionSpec {
                    zone: if i % 2 == 0 {
                        Zone::Ranks(8, 8)
                    } else {
                        Zone::Ranks(1, 1)
                    },
                    to: vec![next],
                    mandatory: true,
                }),
                None => spec,
            }
        })
        .collect();
    pieces.push(
        PieceSpec::new("King", 'K', betza("K"))
            .figure(Figure::King)
            .describe("one step in any direction; castles; never promotes")
            .royal(),
    );
    VariantSpec {
        id: id.into(),
        name: name.into(),
        summary: summary.into(),
        files: 8,
        ranks: 8,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces,
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 kings:Kk".into(),
        castling: orthodox_castling(),
        en_passant: true,
        fifty_move: FiftyMoveRule::CaptureOrPawn,
        material_draw: MaterialDraw::BareKings,
        extras: Extras {
            unmoved_kings: true,
            king_swap: false,
        },
        // The rules card draws the chosen piece's chain itself (marked, coloured by stage).
        rules: COMMON.map(String::from).to_vec(),
    }
}

const COMMON: [&str; 3] = [
    "Promotion is forced, one chain step per move, on any move that ends on",
    "the far rank (even chain index) or your own back rank (odd index).",
    "A promoted R Q U C S Y on its own corner gains castling while the King is unmoved.",
];

/// Crowned: P Camel N Prince B Primate R Chatelaine Q.
pub fn crowned() -> VariantSpec {
    subvariant(
        "apc-crowned",
        "APC Crowned",
        "chain through Camel, Prince, Primate, Chatelaine",
        "PLNIBDRGQ",
    )
}

/// Long-haul crowned: ... Primate Caliph Cardinal R Chatelaine Canvasser Marshal Q Acme Ace.
pub fn longhaul_crowned() -> VariantSpec {
    subvariant(
        "apc-longhaul-crowned",
        "APC Long-haul Crowned",
        "the crowned chain, long: up to Acme and Ace",
        "PLNIBDEARGUMQHC",
    )
}

/// Timur: P Camel N Picket B Pocket R Fagin Q.
pub fn timur() -> VariantSpec {
    subvariant(
        "apc-timur",
        "APC Timur",
        "chain through Picket, Pocket, Fagin (min. range)",
        "PLNJBORFQ",
    )
}

/// Mixed-compound Timur: ... R Fagin Inquion Infanon Q.
pub fn mixed_timur() -> VariantSpec {
    subvariant(
        "apc-mixed-timur",
        "APC Mixed Timur",
        "Timur chain plus Inquion and Infanon",
        "PLNJBORFYZQ",
    )
}

/// Long-haul Timur: ... Pocket Caliph Cardinal R Fagin Canvasser Marshal Q Acme Ace.
pub fn longhaul_timur() -> VariantSpec {
    subvariant(
        "apc-longhaul-timur",
        "APC Long-haul Timur",
        "the Timur chain, long: up to Acme and Ace",
        "PLNJBOEARFUMQHC",
    )
}

/// Eurasian: P Camel N Arrow B Cannon R Tank Q.
pub fn eurasian() -> VariantSpec {
    subvariant(
        "apc-eurasian",
        "APC Eurasian",
        "chain through Arrow, Cannon, Tank (hoppers)",
        "PLNWBXRTQ",
    )
}

/// Mixed-compound Eurasian: ... R Tank Saint Sparrow Q.
pub fn mixed_eurasian() -> VariantSpec {
    subvariant(
        "apc-mixed-eurasian",
        "APC Mixed Eurasian",
        "Eurasian chain plus Saint and Sparrow",
        "PLNWBXRTSVQ",
    )
}

/// Long-haul Eurasian: ... Cannon Caliph Cardinal R Tank Canvasser Marshal Q Acme Ace.
pub fn longhaul_eurasian() -> VariantSpec {
    subvariant(
        "apc-longhaul-eurasian",
        "APC Long-haul Eurasian",
        "the Eurasian chain, long: up to Acme and Ace",
        "PLNWBXEARTUMQHC",
    )
}
