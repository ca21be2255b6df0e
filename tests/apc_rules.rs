//! Alternate Promotion Chess rules (variants/apc-crowned.ron), case by case, for the eight
//! subvariants.
//!
//! * Chain links (`*_LINKS`): for every link of every chain and both colours, a piece of the
//!   lower type ends a move on its promotion rank (the far rank for an even chain index, its
//!   own back rank for an odd one) once by a quiet move and once by a capture, and the position
//!   string after it shows the promoted letter. The positions are small (the piece, one victim,
//!   the two Kings, a screen for hoppers) and were generated, with the positions after each
//!   move, by an independent APC move generator written from the rules alone (Python, outside
//!   this repository, sharing no code or tables with the engine).
//! * Hand-made tables per subject: moves that do not promote, the hoppers (Cannon, Arrow,
//!   Tank, Saint, Sparrow), the riders of range two or more (Picket, Pocket, Fagin, Inquion,
//!   Infanon), the leapers and compounds, and castling by promotees. Their exact move lists
//!   and positions after moves were also computed by that generator; the `HasLacks` claims are
//!   hand-written and were checked by it.

mod common;

use common::{
    run_cases, Case,
    Expect::{After, HasLacks, Moves},
};
use rankup::variants::VariantId;

/// One chain-link row: what it checks, the position, the move, the position after it.
type Link = (&'static str, &'static str, &'static str, &'static str);

/// The rows of a link table as `After` cases.
fn link_cases(links: &'static [Link]) -> Vec<Case> {
    links
        .iter()
        .map(|(name, fen, token, after)| Case {
            name,
            fen,
            expect: After(std::slice::from_ref(token), after),
        })
        .collect()
}

/// Runs a link table after checking that it has a quiet and a capturing row for each colour
/// and each of the `links` links of the chain.
fn run_links(id: VariantId, table: &'static [Link], links: usize) {
    assert_eq!(table.len(), 4 * links, "{id}: link rows");
    // The chain length of the rules, against the engine's view of the chain from the Pawn.
    let v = rankup::variants::variant(id);
    let pawn = v.kind_by_letter('P').expect("a Pawn");
    assert_eq!(
        v.promotion_chain(pawn).len(),
        links + 1,
        "{id}: chain length"
    );
    run_cases(id, &link_cases(table));
}

#[test]
fn crowned_chain_links() {
    run_links(VariantId::ApcCrowned, CROWNED_LINKS, 8);
}

#[test]
fn longhaul_crowned_chain_links() {
    run_links(VariantId::ApcLonghaulCrowned, LONGHAUL_CROWNED_LINKS, 14);
}

#[test]
fn timur_chain_links() {
    run_links(VariantId::ApcTimur, TIMUR_LINKS, 8);
}

#[test]
fn mixed_timur_chain_links() {
    run_links(VariantId::ApcMixedTimur, MIXED_TIMUR_LINKS, 10);
}

#[test]
fn longhaul_timur_chain_links() {
    run_links(VariantId::ApcLonghaulTimur, LONGHAUL_TIMUR_LINKS, 14);
}

#[test]
fn eurasian_chain_links() {
    run_links(VariantId::ApcEurasian, EURASIAN_LINKS, 8);
}

#[test]
fn mixed_eurasian_chain_links() {
    run_links(VariantId::ApcMixedEurasian, MIXED_EURASIAN_LINKS, 10);
}

#[test]
fn longhaul_eurasian_chain_links() {
    run_links(VariantId::ApcLonghaulEurasian, LONGHAUL_EURASIAN_LINKS, 14);
}

#[test]
fn promotion_only_where_a_move_ends() {
    run_cases(VariantId::ApcCrowned, NOT_PROMOTING_CROWNED);
    run_cases(VariantId::ApcLonghaulCrowned, NOT_PROMOTING_LONGHAUL);
    run_cases(VariantId::ApcTimur, NOT_PROMOTING_TIMUR);
}

#[test]
fn hoppers() {
    run_cases(VariantId::ApcEurasian, HOPPERS_EURASIAN);
    run_cases(VariantId::ApcMixedEurasian, HOPPERS_MIXED_EURASIAN);
}

#[test]
fn riders_of_range_two_or_more() {
    run_cases(VariantId::ApcTimur, RIDERS_TIMUR);
    run_cases(VariantId::ApcMixedTimur, RIDERS_MIXED_TIMUR);
}

#[test]
fn leapers_and_compounds() {
    run_cases(VariantId::ApcCrowned, COMPOUNDS_CROWNED);
    run_cases(VariantId::ApcLonghaulCrowned, COMPOUNDS_LONGHAUL);
}

#[test]
fn castling_by_promotees() {
    run_cases(VariantId::ApcCrowned, CASTLING_CROWNED);
    run_cases(VariantId::ApcLonghaulCrowned, CASTLING_LONGHAUL_CROWNED);
    run_cases(VariantId::ApcTimur, CASTLING_TIMUR);
    run_cases(VariantId::ApcMixedTimur, CASTLING_MIXED_TIMUR);
    run_cases(VariantId::ApcEurasian, CASTLING_EURASIAN);
    run_cases(VariantId::ApcMixedEurasian, CASTLING_MIXED_EURASIAN);
}

// ---------------------------------------------------------------------------------------------
// Hand-made tables. Board diagrams are not drawn; each name says what the position shows.
// ---------------------------------------------------------------------------------------------

const NOT_PROMOTING_CROWNED: &[Case] = &[
    Case {
        name: "Camel ending on rank 8 stays a Camel (it promotes on its own back rank only)",
        fen: "k7/8/8/4L3/8/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e5d8"], "k2L4/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Rook ending on rank 1 stays a Rook (it promotes on the far rank only)",
        fen: "k7/8/8/8/4R3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e1"], "k7/8/8/8/8/8/8/4R2K b - - 1 40 kings:-"),
    },
    Case {
        name: "Rook stopping short of rank 8 stays a Rook",
        fen: "k7/8/8/8/4R3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e7"], "k7/4R3/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Primate leaving its promotion rank stays a Primate",
        fen: "k7/8/8/8/8/8/8/3D3K w - - 0 40 kings:-",
        expect: After(&["d1d2"], "k7/8/8/8/8/8/3D4/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Primate moving along its promotion rank ends there, so it promotes",
        fen: "k7/8/8/8/8/8/8/3D3K w - - 0 40 kings:-",
        expect: After(&["d1c1"], "k7/8/8/8/8/8/8/2R4K b - - 1 40 kings:-"),
    },
    Case {
        name: "the King never promotes",
        fen: "8/4K3/8/8/8/8/8/k7 w - - 0 40 kings:-",
        expect: After(&["e7e8"], "4K3/8/8/8/8/8/8/k7 b - - 1 40 kings:-"),
    },
    Case {
        name: "the King capturing on rank 8 does not promote either",
        fen: "3n4/4K3/8/8/8/8/8/k7 w - - 0 40 kings:-",
        expect: After(&["e7d8"], "3K4/8/8/8/8/8/8/k7 b - - 0 40 kings:-"),
    },
    Case {
        name: "the Queen is final in Crowned",
        fen: "1k6/8/8/8/4Q3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "1k2Q3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Black Bishop ending on rank 8 stays a Bishop (Black's far rank is rank 1)",
        fen: "7k/8/8/4b3/8/8/8/1K6 b - - 0 40 kings:-",
        expect: After(&["e5b8"], "1b5k/8/8/8/8/8/8/1K6 w - - 1 41 kings:-"),
    },
    Case {
        name: "Black Camel ending on rank 1 stays a Camel",
        fen: "7k/8/8/8/4l3/8/8/K7 b - - 0 40 kings:-",
        expect: After(&["e4d1"], "7k/8/8/8/8/8/8/K2l4 w - - 1 41 kings:-"),
    },
    Case {
        name: "one step per move: a Pawn taking on rank 8 becomes a Camel only",
        fen: "3n3k/4P3/8/8/8/8/8/K7 w - - 0 40 kings:-",
        expect: After(&["e7d8"], "3L3k/8/8/8/8/8/8/K7 b - - 0 40 kings:-"),
    },
    Case {
        name: "one step per move: the new Camel is not promoted again by the same move",
        fen: "7k/4P3/8/8/8/8/8/K7 w - - 0 40 kings:-",
        expect: After(&["e7e8"], "4L2k/8/8/8/8/8/8/K7 b - - 0 40 kings:-"),
    },
    Case {
        name: "e.p. does not promote and removes the passed Pawn",
        fen: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 kings:Kk",
        expect: After(
            &["e5f6"],
            "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 kings:Kk",
        ),
    },
    Case {
        name: "e.p. only onto the square just passed over",
        fen: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 kings:Kk",
        expect: HasLacks(&["e5f6", "e5e6", "e1e2"], &["e5d6"]),
    },
    Case {
        name: "start position: 20 moves as in chess",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 kings:Kk",
        expect: Moves(&[
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
        ]),
    },
];

const NOT_PROMOTING_LONGHAUL: &[Case] = &[
    Case {
        name: "the Queen is not final in the long-haul chains: on rank 8 it becomes an Acme",
        fen: "1k6/8/8/8/4Q3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "1k2H3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Queen ending on rank 1 stays a Queen",
        fen: "1k6/8/8/8/4Q3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e1"], "1k6/8/8/8/8/8/8/4Q2K b - - 1 40 kings:-"),
    },
    Case {
        name: "Acme ending on rank 8 stays an Acme (home rank only)",
        fen: "1k6/8/8/8/4H3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "1k2H3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "the Ace is final (rank 8)",
        fen: "1k6/8/8/8/4C3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "1k2C3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "the Ace is final (rank 1)",
        fen: "1k6/8/8/8/4C3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e1"], "1k6/8/8/8/8/8/8/4C2K b - - 1 40 kings:-"),
    },
];

const NOT_PROMOTING_TIMUR: &[Case] = &[
    Case {
        name: "Pocket ending on rank 8 stays a Pocket (home rank only)",
        fen: "k7/8/8/8/4O3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "k3O3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
    Case {
        name: "Fagin ending on rank 8 stays a Fagin",
        fen: "1k6/8/8/8/4F3/8/8/7K w - - 0 40 kings:-",
        expect: After(&["e4e8"], "1k2F3/8/8/8/8/8/8/7K b - - 1 40 kings:-"),
    },
];

const HOPPERS_EURASIAN: &[Case] = &[
    Case {
        name: "Cannon: slides stop before the first piece; it hops one screen of either colour",
        fen: "k2r4/8/8/3p4/8/3X1P1n/8/3N3K w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d3d4", "d3c3", "d3b3", "d3a3", "d3e3", "d3d2", "d3d8", "d3h3",
            ],
            &["d3d5", "d3d6", "d3d7", "d3g3", "d3f3", "d3d1"],
        ),
    },
    Case {
        name: "Cannon hops its own Pawn to take the Knight",
        fen: "k2r4/8/8/3p4/8/3X1P1n/8/3N3K w - - 0 40 kings:-",
        expect: After(&["d3h3"], "k2r4/8/8/3p4/8/5P1X/8/3N3K b - - 0 40 kings:-"),
    },
    Case {
        name: "Cannon hops an enemy Pawn to take the Rook on rank 8 (no promotion: home rank only)",
        fen: "k2r4/8/8/3p4/8/3X1P1n/8/3N3K w - - 0 40 kings:-",
        expect: After(&["d3d8"], "k2X4/8/8/3p4/8/5P1n/8/3N3K b - - 0 40 kings:-"),
    },
    Case {
        name: "Cannon boxed in by adjacent pieces: no capture without a screen, slides only down",
        fen: "k7/8/8/3p4/2pXn3/8/8/7K w - - 0 40 kings:-",
        expect: Moves(&["d4d1", "d4d2", "d4d3", "h1g1", "h1g2", "h1h2"]),
    },
    Case {
        name: "Cannon takes the first piece beyond the screen only, never past a second piece",
        fen: "4k3/p7/8/r7/8/P7/8/X3K3 w - - 0 40 kings:-",
        expect: HasLacks(
            &["a1a5", "a1a2", "a1b1", "a1d1"],
            &["a1a7", "a1a4", "a1a6", "a1a3", "a1f1", "a1h1"],
        ),
    },
    Case {
        name: "Cannon does not take its own piece beyond the screen",
        fen: "4k3/8/8/P7/8/p7/8/X3K3 w - - 0 40 kings:-",
        expect: HasLacks(&["a1a2"], &["a1a5", "a1a3", "a1a4"]),
    },
    Case {
        name: "Arrow: diagonal slides, hops over its own Pawn or an enemy Knight to capture",
        fen: "k6b/8/5n2/8/3W4/2P5/1p6/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4e5", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4b2", "d4h8",
            ],
            &["d4f6", "d4g7", "d4c3", "d4a1", "d4g1", "d4d5", "d4e4"],
        ),
    },
    Case {
        name: "Arrow capturing on rank 8 stays an Arrow (home rank only)",
        fen: "k6b/8/5n2/8/3W4/2P5/1p6/6K1 w - - 0 40 kings:-",
        expect: After(&["d4h8"], "k6W/8/5n2/8/8/2P5/1p6/6K1 b - - 0 40 kings:-"),
    },
    Case {
        name: "Tank: Cannon and Arrow together",
        fen: "k2r4/8/1p1n4/8/pN1T1p2/8/8/3b2K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4d8", "d4a4", "d4d5", "d4c4", "d4e4", "d4d3", "d4d2", "d4c5", "d4e5", "d4f6",
                "d4g7", "d4h8", "d4c3", "d4b2", "d4a1", "d4e3", "d4f2",
            ],
            &[
                "d4d6", "d4d7", "d4d1", "d4f4", "d4g4", "d4h4", "d4b4", "d4b6", "d4a7", "d4g1",
            ],
        ),
    },
    Case {
        name:
            "Cannon check through a screen: only a second screen or a King step off the line helps",
        fen: "4k3/8/2n5/8/4p3/8/8/4X2K b - - 0 40 kings:-",
        expect: Moves(&["c6e5", "c6e7", "e8d7", "e8d8", "e8f7", "e8f8"]),
    },
    Case {
        name: "a Cannon without a screen gives no check",
        fen: "4k3/8/8/8/8/8/8/4X2K b - - 0 40 kings:-",
        expect: Moves(&["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]),
    },
    Case {
        name: "the King may not step behind the screen onto the Cannon's line",
        fen: "8/8/8/8/4k3/8/4P3/4X2K b - - 0 40 kings:-",
        expect: Moves(&["e4d4", "e4d5", "e4f4", "e4f5"]),
    },
];

const HOPPERS_MIXED_EURASIAN: &[Case] = &[
    Case {
        name: "Saint: Bishop moves and Cannon moves (no plain orthogonal capture)",
        fen: "k7/8/3r4/4b3/1pPS1n1r/8/8/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4e5", "d4c5", "d4a7", "d4c3", "d4a1", "d4e3", "d4f2", "d4d5", "d4e4", "d4d3",
                "d4d1", "d4h4", "d4b4",
            ],
            &["d4d6", "d4d7", "d4f4", "d4g4", "d4c4", "d4f6", "d4g1"],
        ),
    },
    Case {
        name: "Saint ending on rank 8 becomes a Sparrow",
        fen: "k7/8/8/8/3S4/8/8/6K1 w - - 0 40 kings:-",
        expect: After(&["d4h8"], "k6V/8/8/8/8/8/8/6K1 b - - 1 40 kings:-"),
    },
    Case {
        name: "Sparrow: Rook moves and Arrow moves (no plain diagonal capture)",
        fen: "k6r/8/5b2/2n5/3V1p2/2P5/1q6/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4h8", "d4b2", "d4e5", "d4e3", "d4f2", "d4f4", "d4e4", "d4d8", "d4a4", "d4d1",
            ],
            &[
                "d4c5", "d4b6", "d4a7", "d4f6", "d4g7", "d4c3", "d4a1", "d4g1",
            ],
        ),
    },
    Case {
        name: "Sparrow ending on rank 1 becomes a Queen",
        fen: "k6r/8/5b2/2n5/3V1p2/2P5/1q6/6K1 w - - 0 40 kings:-",
        expect: After(
            &["d4d1"],
            "k6r/8/5b2/2n5/5p2/2P5/1q6/3Q2K1 b - - 1 40 kings:-",
        ),
    },
];

const RIDERS_TIMUR: &[Case] = &[
    Case {
        name: "Picket: at least two squares; an adjacent piece of either colour blocks the line",
        fen: "k7/8/5p2/2n5/3J4/4P3/8/6K1 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4b2", "d4f6", "e3e4", "g1f1", "g1f2", "g1g2", "g1h1", "g1h2",
        ]),
    },
    Case {
        name: "Picket takes at distance two but not next to it",
        fen: "k7/8/5p2/2n5/3J4/4P3/8/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4f6", "d4b2", "d4a1",
            ],
            &[
                "d4c5", "d4e5", "d4b6", "d4a7", "d4c3", "d4e3", "d4f2", "d4g1",
            ],
        ),
    },
    Case {
        name: "Pocket: at least two squares; the same on orthogonals",
        fen: "k7/8/3p4/8/1b1On3/8/3P4/6K1 w - - 0 40 kings:-",
        expect: Moves(&[
            "d2d3", "d4b4", "d4d6", "g1f1", "g1g2", "g1h1", "g1h2",
        ]),
    },
    Case {
        name: "Pocket takes at distance two but not next to it",
        fen: "k7/8/3p4/8/1b1On3/8/3P4/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4d6", "d4b4",
            ],
            &[
                "d4d5", "d4e4", "d4f4", "d4c4", "d4a4", "d4d3", "d4d7",
            ],
        ),
    },
    Case {
        name: "Fagin: Picket and Pocket together",
        fen: "k7/8/1p3p2/2n5/3F1n2/8/1P3P2/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4d6", "d4d7", "d4d8", "d4f4", "d4b4", "d4a4", "d4d2", "d4d1", "d4f6",
            ],
            &[
                "d4d5", "d4c4", "d4e4", "d4g4", "d4d3", "d4c5", "d4e5", "d4c3", "d4e3", "d4b2",
                "d4f2", "d4b6",
            ],
        ),
    },
    Case {
        name: "Fagin ending on rank 1 becomes a Queen",
        fen: "k7/8/1p3p2/2n5/3F1n2/8/1P3P2/6K1 w - - 0 40 kings:-",
        expect: After(
            &["d4d1"],
            "k7/8/1p3p2/2n5/5n2/8/1P3P2/3Q2K1 b - - 1 40 kings:-",
        ),
    },
    Case {
        name: "a Pocket next to the King gives no check; the King may take it, not step along its line",
        fen: "8/8/8/8/8/3k4/3O4/K7 b - - 0 40 kings:-",
        expect: Moves(&[
            "d3c2", "d3c3", "d3c4", "d3d2", "d3e2", "d3e3", "d3e4",
        ]),
    },
    Case {
        name: "a Picket next to the King gives no check",
        fen: "8/8/8/8/8/3k4/4J3/K7 b - - 0 40 kings:-",
        expect: Moves(&[
            "d3c2", "d3c3", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4",
        ]),
    },
    Case {
        name: "a Fagin two squares away gives check",
        fen: "8/8/8/8/3k4/8/3F4/K7 b - - 0 40 kings:-",
        expect: Moves(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5",
        ]),
    },
];

const RIDERS_MIXED_TIMUR: &[Case] = &[
    Case {
        name: "Inquion: Bishop moves and Pocket moves (orthogonal moves need two squares)",
        fen: "k7/8/3p4/8/1b1Yn3/2P5/8/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4d6", "d4b4", "d4d2", "d4d1", "d4c5", "d4e5", "d4h8", "d4e3", "d4f2",
            ],
            &[
                "d4d5", "d4c4", "d4e4", "d4f4", "d4d3", "d4c3", "d4a4", "d4d7",
            ],
        ),
    },
    Case {
        name: "Inquion ending on rank 8 becomes an Infanon",
        fen: "k7/8/3p4/8/1b1Yn3/2P5/8/6K1 w - - 0 40 kings:-",
        expect: After(&["d4h8"], "k6Z/8/3p4/8/1b2n3/2P5/8/6K1 b - - 1 40 kings:-"),
    },
    Case {
        name: "Infanon: Rook moves and Picket moves (diagonal moves need two squares)",
        fen: "k7/8/5p2/2n5/3Z4/4P3/8/6K1 w - - 0 40 kings:-",
        expect: HasLacks(
            &[
                "d4f6", "d4b2", "d4d5", "d4d8", "d4e4", "d4h4", "d4c4", "d4d3", "d4d1",
            ],
            &["d4e5", "d4c5", "d4c3", "d4e3", "d4b6", "d4g7"],
        ),
    },
    Case {
        name: "Infanon ending on rank 1 becomes a Queen",
        fen: "k7/8/5p2/2n5/3Z4/4P3/8/6K1 w - - 0 40 kings:-",
        expect: After(&["d4d1"], "k7/8/5p2/2n5/8/4P3/8/3Q2K1 b - - 1 40 kings:-"),
    },
];

const COMPOUNDS_CROWNED: &[Case] = &[
    Case {
        name: "Camel: (1,3) leaper, jumping",
        fen: "k7/8/8/3P4/3L4/3p4/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a3", "d4a5", "d4c1", "d4c7", "d4e1", "d4e7", "d4g3", "d4g5", "d5d6", "h2g1", "h2g2",
            "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Prince: one step in any direction, not royal",
        fen: "k7/8/8/4p3/3I4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5", "h2g1", "h2g2", "h2g3",
            "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Primate: Bishop plus one orthogonal step",
        fen: "k7/8/5p2/8/3D4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4a7", "d4b2", "d4b6", "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4",
            "d4e5", "d4f2", "d4f6", "d4g1", "h2g1", "h2g2", "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Chatelaine: Rook plus one diagonal step",
        fen: "k7/8/3p4/8/3G4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a4", "d4b4", "d4c3", "d4c4", "d4c5", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4e3",
            "d4e4", "d4e5", "d4f4", "d4g4", "d4h4", "h2g1", "h2g2", "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "a Prince next to the King is no royal piece: it may be taken",
        fen: "k7/8/8/8/8/8/6iK/8 w - - 0 40 kings:-",
        expect: Moves(&["h2g2"]),
    },
];

const COMPOUNDS_LONGHAUL: &[Case] = &[
    Case {
        name: "Caliph: Bishop plus Camel",
        fen: "k7/8/5p2/8/3E4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4a3", "d4a5", "d4a7", "d4b2", "d4b6", "d4c1", "d4c3", "d4c5", "d4c7", "d4e1",
            "d4e3", "d4e5", "d4e7", "d4f2", "d4f6", "d4g1", "d4g3", "d4g5", "h2g1", "h2g2", "h2g3",
            "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Cardinal: Bishop plus Knight",
        fen: "k7/8/5p2/8/3A4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4a7", "d4b2", "d4b3", "d4b5", "d4b6", "d4c2", "d4c3", "d4c5", "d4c6", "d4e2",
            "d4e3", "d4e5", "d4e6", "d4f2", "d4f3", "d4f5", "d4f6", "d4g1", "h2g1", "h2g2", "h2g3",
            "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Canvasser: Rook plus Camel",
        fen: "k7/8/3p4/8/3U4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a3", "d4a4", "d4a5", "d4b4", "d4c1", "d4c4", "d4c7", "d4d1", "d4d2", "d4d3", "d4d5",
            "d4d6", "d4e1", "d4e4", "d4e7", "d4f4", "d4g3", "d4g4", "d4g5", "d4h4", "h2g1", "h2g2",
            "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Marshal: Rook plus Knight",
        fen: "k7/8/3p4/8/3M4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a4", "d4b3", "d4b4", "d4b5", "d4c2", "d4c4", "d4c6", "d4d1", "d4d2", "d4d3", "d4d5",
            "d4d6", "d4e2", "d4e4", "d4e6", "d4f3", "d4f4", "d4f5", "d4g4", "d4h4", "h2g1", "h2g2",
            "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Acme: Queen plus Camel",
        fen: "k7/8/3p1p2/8/3H4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4a3", "d4a4", "d4a5", "d4a7", "d4b2", "d4b4", "d4b6", "d4c1", "d4c3", "d4c4",
            "d4c5", "d4c7", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4e1", "d4e3", "d4e4", "d4e5",
            "d4e7", "d4f2", "d4f4", "d4f6", "d4g1", "d4g3", "d4g4", "d4g5", "d4h4", "h2g1", "h2g2",
            "h2g3", "h2h1", "h2h3",
        ]),
    },
    Case {
        name: "Ace: Queen plus Knight",
        fen: "k7/8/3p1p2/8/3C4/8/7K/8 w - - 0 40 kings:-",
        expect: Moves(&[
            "d4a1", "d4a4", "d4a7", "d4b2", "d4b3", "d4b4", "d4b5", "d4b6", "d4c2", "d4c3", "d4c4",
            "d4c5", "d4c6", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4e2", "d4e3", "d4e4", "d4e5",
            "d4e6", "d4f2", "d4f3", "d4f4", "d4f5", "d4f6", "d4g1", "d4g4", "d4h4", "h2g1", "h2g2",
            "h2g3", "h2h1", "h2h3",
        ]),
    },
];

const CASTLING_CROWNED: &[Case] = &[
    Case {
        name: "a promoted Queen on h1 with the K right castles short like a Rook",
        fen: "4k3/8/8/8/8/8/8/4K2Q w K - 0 40 kings:K",
        expect: After(&["e1g1"], "4k3/8/8/8/8/8/8/5QK1 b - - 1 40 kings:-"),
    },
    Case {
        name: "a promoted Queen on a1 with the Q right castles long like a Rook",
        fen: "4k3/8/8/8/8/8/8/Q3K3 w Q - 0 40 kings:K",
        expect: After(&["e1c1"], "4k3/8/8/8/8/8/8/2KQ4 b - - 1 40 kings:-"),
    },
    Case {
        name: "Black castles with promoted Queens on both wings",
        fen: "q3k2q/8/8/8/8/8/8/4K3 b kq - 0 40 kings:k",
        expect: HasLacks(&["e8g8", "e8c8"], &[]),
    },
    Case {
        name: "Black castles short with a promoted Queen",
        fen: "q3k2q/8/8/8/8/8/8/4K3 b kq - 0 40 kings:k",
        expect: After(&["e8g8"], "q4qk1/8/8/8/8/8/8/4K3 w - - 1 41 kings:-"),
    },
    Case {
        name: "Black castles long with a promoted Queen",
        fen: "q3k2q/8/8/8/8/8/8/4K3 b kq - 0 40 kings:k",
        expect: After(&["e8c8"], "2kq3q/8/8/8/8/8/8/4K3 w - - 1 41 kings:-"),
    },
    Case {
        name: "a Chatelaine promoted to Queen on h1 gains the K right (King unmoved)",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:Kk",
        expect: After(&["g2h1"], "4k3/8/8/8/8/8/8/4K2Q b K - 1 40 kings:Kk"),
    },
    Case {
        name: "... and castles with it",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["g2h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5QK1 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "a Primate promoted to Rook on a1 by a capture gains the Q right and castles",
        fen: "4k3/8/8/8/8/8/1D6/l3K3 w - - 0 40 kings:Kk",
        expect: After(
            &["b2a1", "e8d8", "e1c1"],
            "3k4/8/8/8/8/8/8/2KR4 b - - 2 41 kings:-",
        ),
    },
    Case {
        name: "Black: a Chatelaine promoted to Queen on h8 gains the k right and castles",
        fen: "4k3/6g1/8/8/8/8/8/4K3 b - - 0 40 kings:Kk",
        expect: After(
            &["g7h8", "e1d1", "e8g8"],
            "5qk1/8/8/8/8/8/8/3K4 w - - 3 42 kings:-",
        ),
    },
    Case {
        name: "Black: a Primate promoted to Rook on a8 by a capture gains the q right and castles",
        fen: "L3k3/1d6/8/8/8/8/8/4K3 b - - 0 40 kings:Kk",
        expect: After(
            &["b7a8", "e1d1", "e8c8"],
            "2kr4/8/8/8/8/8/8/3K4 w - - 2 42 kings:-",
        ),
    },
    Case {
        name: "the right is lost when the promotee moves",
        fen: "4k3/8/8/8/8/8/8/4K2Q w K - 0 40 kings:K",
        expect: After(&["h1h2"], "4k3/8/8/8/8/8/7Q/4K3 b - - 1 40 kings:K"),
    },
    Case {
        name: "... and not regained by coming back",
        fen: "4k3/8/8/8/8/8/8/4K2Q w K - 0 40 kings:K",
        expect: After(
            &["h1h2", "e8d8", "h2h1"],
            "3k4/8/8/8/8/8/8/4K2Q b - - 3 41 kings:K",
        ),
    },
    Case {
        name: "no right, no castling, though King and Queen stand on e1 and h1",
        fen: "4k3/8/8/8/8/8/8/4K2Q w - - 0 40 kings:K",
        expect: HasLacks(&["e1f1"], &["e1g1"]),
    },
    Case {
        name: "the right is lost when the promotee is captured on its corner",
        fen: "4k3/8/8/8/8/6n1/8/4K2Q b K - 0 40 kings:Kk",
        expect: After(&["g3h1"], "4k3/8/8/8/8/8/8/4K2i w - - 0 41 kings:Kk"),
    },
    Case {
        name: "no right when the King has moved (kings:k)",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:k",
        expect: After(&["g2h1"], "4k3/8/8/8/8/8/8/4K2Q b - - 1 40 kings:k"),
    },
    Case {
        name: "... so no castling",
        fen: "4k3/8/8/8/8/8/8/4K2Q w - - 0 40 kings:k",
        expect: HasLacks(&["e1f1"], &["e1g1"]),
    },
    Case {
        name: "a King that went away and came back has moved: no right",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["e1d1", "e8d8", "d1e1", "d8e8", "g2h1"],
            "4k3/8/8/8/8/8/8/4K2Q b - - 5 42 kings:-",
        ),
    },
    Case {
        name: "a promotee without an orthogonal slide gains nothing: Camel to Knight on h1",
        fen: "4k3/8/8/8/6L1/8/8/4K3 w - - 0 40 kings:Kk",
        expect: After(&["g4h1"], "4k3/8/8/8/8/8/8/4K2N b - - 1 40 kings:Kk"),
    },
    Case {
        name: "a promotee without an orthogonal slide gains nothing: Prince to Bishop on a1",
        fen: "4k3/8/8/8/8/8/1I6/4K3 w - - 0 40 kings:Kk",
        expect: After(&["b2a1"], "4k3/8/8/8/8/8/8/B3K3 b - - 1 40 kings:Kk"),
    },
    Case {
        name: "a promotee created off the corner gains nothing: Chatelaine to Queen on g1",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:Kk",
        expect: After(&["g2g1"], "4k3/8/8/8/8/8/8/4K1Q1 b - - 1 40 kings:Kk"),
    },
    Case {
        name: "King conditions: no castling out of check",
        fen: "4k3/8/8/4r3/8/8/8/Q3K2Q w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1d2", "e1f2"], &["e1g1", "e1c1"]),
    },
    Case {
        name: "King conditions: no castling through an attacked square (f1)",
        fen: "4k3/8/8/5r2/8/8/8/Q3K2Q w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1c1"], &["e1g1"]),
    },
    Case {
        name: "King conditions: no castling onto an attacked square (g1)",
        fen: "4k3/8/8/6r1/8/8/8/Q3K2Q w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1c1"], &["e1g1"]),
    },
    Case {
        name: "King conditions: the a-side promotee may cross an attacked b1",
        fen: "4k3/8/8/1r6/8/8/8/Q3K2Q w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1c1", "e1g1"], &[]),
    },
    Case {
        name: "King conditions: the squares between must be empty",
        fen: "4k3/8/8/8/8/8/8/QN2K2Q w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1g1"], &["e1c1"]),
    },
];

const CASTLING_LONGHAUL_CROWNED: &[Case] = &[
    Case {
        name: "a Chatelaine (long-haul) promoted to Canvasser on h1 gains the K right and castles",
        fen: "4k3/8/8/8/8/8/6G1/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["g2h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5UK1 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "an Acme promoted to Ace on a1 gains the Q right and castles",
        fen: "4k3/8/8/8/1H6/8/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["b4a1", "e8d8", "e1c1"],
            "3k4/8/8/8/8/8/8/2KC4 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "a Marshal promoted to Queen on h1 gains the K right and castles",
        fen: "4k3/8/8/8/8/6M1/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["g3h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5QK1 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "a Primate promoted to Caliph on h1 gains nothing (no orthogonal slide)",
        fen: "4k3/8/8/8/8/8/6D1/4K3 w - - 0 40 kings:Kk",
        expect: After(&["g2h1"], "4k3/8/8/8/8/8/8/4K2E b - - 1 40 kings:Kk"),
    },
    Case {
        name: "a Cardinal promoted to Rook on a1 gains the Q right",
        fen: "4k3/8/8/8/8/8/2A5/4K3 w - - 0 40 kings:Kk",
        expect: After(&["c2a1"], "4k3/8/8/8/8/8/8/R3K3 b Q - 1 40 kings:Kk"),
    },
];

const CASTLING_TIMUR: &[Case] = &[
    Case {
        name: "a Pocket promoted to Rook on h1 gains the K right and castles",
        fen: "4k3/8/8/8/8/7O/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["h3h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5RK1 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "a Picket next to the King does not stop castling (no check, no attack on the path)",
        fen: "4k3/8/8/8/8/8/3j4/R3K2R w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1g1", "e1c1", "e1d2"], &[]),
    },
    Case {
        name: "a Pocket two squares from f1 stops castling short",
        fen: "4k3/8/8/8/8/5o2/8/R3K2R w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1c1"], &["e1g1"]),
    },
    // The original rules do not say whether the King on e1 still blocks a line to the square it
    // crosses. The engine reads "attacked" in the position before castling (the literal FIDE
    // reading; Fairy-Stockfish does the same): a Pocket on d1 does not attack e1, and the King
    // blocks its way to f1. Only an enemy Pocket, Fagin or Inquion next to the King can tell the
    // two readings apart.
    Case {
        name:
            "a Pocket next to the King on d1: f1 counts as not attacked (the King still screens it)",
        fen: "4k3/8/8/8/8/8/8/R2oK2R w KQ - 0 40 kings:K",
        expect: HasLacks(&["e1g1"], &["e1c1"]),
    },
];

const CASTLING_MIXED_TIMUR: &[Case] = &[
    Case {
        name: "a Fagin promoted to Inquion on h1 gains the K right and castles",
        fen: "4k3/8/8/8/8/7F/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["h3h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5YK1 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "an Infanon promoted to Queen on a1 gains the Q right and castles",
        fen: "4k3/8/8/8/8/Z7/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["a3a1", "e8d8", "e1c1"],
            "3k4/8/8/8/8/8/8/2KQ4 b - - 3 41 kings:-",
        ),
    },
];

const CASTLING_EURASIAN: &[Case] = &[
    Case {
        name: "a Cannon taking on h1 over a screen becomes a Rook, gains the K right and castles",
        fen: "4k3/8/8/8/7X/8/7P/4K2l w - - 0 40 kings:Kk",
        expect: After(
            &["h4h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/7P/5RK1 b - - 2 41 kings:-",
        ),
    },
    Case {
        name: "a Cannon with a screen attacks f1: no castling short",
        fen: "4k3/5x2/8/8/5p2/8/8/R3K2R w KQ - 0 40 kings:K",
        expect: HasLacks(
            &[
                "e1c1",
            ],
            &[
                "e1g1",
            ],
        ),
    },
    Case {
        name: "a Cannon without a screen attacks nothing on its file: castling short is fine",
        fen: "4k3/5x2/8/8/8/8/8/R3K2R w KQ - 0 40 kings:K",
        expect: HasLacks(
            &[
                "e1c1", "e1g1",
            ],
            &[

            ],
        ),
    },
    Case {
        name: "a Cannon on the King's rank gives no check (the King is its screen) but stops castling long",
        fen: "4k3/8/8/8/8/8/8/R3K2x w Q - 0 40 kings:K",
        expect: HasLacks(
            &[
                "e1d1", "e1f1",
            ],
            &[
                "e1c1",
            ],
        ),
    },
];

const CASTLING_MIXED_EURASIAN: &[Case] = &[
    Case {
        name: "a Tank promoted to Saint on a1 gains the Q right and castles",
        fen: "4k3/8/8/8/8/2T5/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["c3a1", "e8d8", "e1c1"],
            "3k4/8/8/8/8/8/8/2KS4 b - - 3 41 kings:-",
        ),
    },
    Case {
        name: "a Sparrow promoted to Queen on h1 gains the K right and castles",
        fen: "4k3/8/8/8/7V/8/8/4K3 w - - 0 40 kings:Kk",
        expect: After(
            &["h4h1", "e8d8", "e1g1"],
            "3k4/8/8/8/8/8/8/5QK1 b - - 3 41 kings:-",
        ),
    },
];

// ---------------------------------------------------------------------------------------------
// Chain links (generated).
// ---------------------------------------------------------------------------------------------

#[rustfmt::skip]
const CROWNED_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Prince I on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3I1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Prince I on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2I5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Prince I -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/8/4I3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lB2 b - - 1 40 kings:-"),
    ("White Prince I -> Bishop B on its back rank, capture", "8/8/8/k7/7K/8/4I3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4B3 b - - 0 40 kings:-"),
    ("White Bishop B -> Primate D on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1D2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Primate D on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3D4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Primate D -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4D3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lR2 b - - 1 40 kings:-"),
    ("White Primate D -> Rook R on its back rank, capture", "8/8/8/k7/7K/8/4D3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4R3 b - - 0 40 kings:-"),
    ("White Rook R -> Chatelaine G on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4G3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Chatelaine G on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4G3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Chatelaine G -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/8/4G3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lQ2 b - - 1 40 kings:-"),
    ("White Chatelaine G -> Queen Q on its back rank, capture", "8/8/8/k7/7K/8/4G3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Prince i on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3i1 w - - 1 41 kings:-"),
    ("Black Knight n -> Prince i on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2i5 w - - 0 41 kings:-"),
    ("Black Prince i -> Bishop b on its back rank, quiet", "4L3/4i3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lb2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Prince i -> Bishop b on its back rank, capture", "4L3/4i3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4b3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Primate d on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1d2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Primate d on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3d4 w - - 0 41 kings:-"),
    ("Black Primate d -> Rook r on its back rank, quiet", "4L3/4d3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lr2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Primate d -> Rook r on its back rank, capture", "4L3/4d3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4r3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Chatelaine g on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4g3 w - - 1 41 kings:-"),
    ("Black Rook r -> Chatelaine g on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4g3 w - - 0 41 kings:-"),
    ("Black Chatelaine g -> Queen q on its back rank, quiet", "4L3/4g3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lq2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Chatelaine g -> Queen q on its back rank, capture", "4L3/4g3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const LONGHAUL_CROWNED_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Prince I on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3I1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Prince I on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2I5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Prince I -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/8/4I3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lB2 b - - 1 40 kings:-"),
    ("White Prince I -> Bishop B on its back rank, capture", "8/8/8/k7/7K/8/4I3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4B3 b - - 0 40 kings:-"),
    ("White Bishop B -> Primate D on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1D2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Primate D on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3D4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Primate D -> Caliph E on its back rank, quiet", "8/8/8/k7/7K/8/4D3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lE2 b - - 1 40 kings:-"),
    ("White Primate D -> Caliph E on its back rank, capture", "8/8/8/k7/7K/8/4D3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4E3 b - - 0 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, quiet", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "3n3A/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, capture", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3A4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/3l2R1 b - - 1 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, capture", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2d1", "8/8/8/k7/7K/8/8/3R4 b - - 0 40 kings:-"),
    ("White Rook R -> Chatelaine G on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4G3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Chatelaine G on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4G3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Chatelaine G -> Canvasser U on its back rank, quiet", "8/8/8/k7/7K/8/4G3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lU2 b - - 1 40 kings:-"),
    ("White Chatelaine G -> Canvasser U on its back rank, capture", "8/8/8/k7/7K/8/4G3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4U3 b - - 0 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, quiet", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "4n2M/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, capture", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4M3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/4l1Q1 b - - 1 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, capture", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, quiet", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "4nH2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, capture", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4H3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, quiet", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/4l2C b - - 1 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, capture", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4C3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Prince i on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3i1 w - - 1 41 kings:-"),
    ("Black Knight n -> Prince i on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2i5 w - - 0 41 kings:-"),
    ("Black Prince i -> Bishop b on its back rank, quiet", "4L3/4i3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lb2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Prince i -> Bishop b on its back rank, capture", "4L3/4i3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4b3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Primate d on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1d2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Primate d on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3d4 w - - 0 41 kings:-"),
    ("Black Primate d -> Caliph e on its back rank, quiet", "4L3/4d3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Le2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Primate d -> Caliph e on its back rank, capture", "4L3/4d3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4e3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, quiet", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/3N3a w - - 1 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, capture", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3a4 w - - 0 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, quiet", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "3L2r1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, capture", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7d8", "3r4/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Chatelaine g on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4g3 w - - 1 41 kings:-"),
    ("Black Rook r -> Chatelaine g on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4g3 w - - 0 41 kings:-"),
    ("Black Chatelaine g -> Canvasser u on its back rank, quiet", "4L3/4g3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lu2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Chatelaine g -> Canvasser u on its back rank, capture", "4L3/4g3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4u3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, quiet", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/4N2m w - - 1 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, capture", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4m3 w - - 0 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, quiet", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "4L1q1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, capture", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, quiet", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/4Nh2 w - - 1 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, capture", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4h3 w - - 0 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, quiet", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "4L2c/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, capture", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4c3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const TIMUR_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3J1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2J5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/2l3B1 b - - 1 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/8/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1O2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3O4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pocket O -> Rook R on its back rank, quiet", "8/8/8/k7/7K/4O3/8/8 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4R3 b - - 1 40 kings:-"),
    ("White Pocket O -> Rook R on its back rank, capture", "8/8/8/k7/7K/4O3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4R3 b - - 0 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Fagin F -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/4l1Q1 b - - 1 40 kings:-"),
    ("White Fagin F -> Queen Q on its back rank, capture", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3j1 w - - 1 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2j5 w - - 0 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, quiet", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, capture", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1o2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3o4 w - - 0 41 kings:-"),
    ("Black Pocket o -> Rook r on its back rank, quiet", "8/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Pocket o -> Rook r on its back rank, capture", "4L3/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 1 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 0 41 kings:-"),
    ("Black Fagin f -> Queen q on its back rank, quiet", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1q1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Fagin f -> Queen q on its back rank, capture", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const MIXED_TIMUR_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3J1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2J5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/2l3B1 b - - 1 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/8/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1O2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3O4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pocket O -> Rook R on its back rank, quiet", "8/8/8/k7/7K/4O3/8/8 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4R3 b - - 1 40 kings:-"),
    ("White Pocket O -> Rook R on its back rank, capture", "8/8/8/k7/7K/4O3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4R3 b - - 0 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Fagin F -> Inquion Y on its back rank, quiet", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/4l1Y1 b - - 1 40 kings:-"),
    ("White Fagin F -> Inquion Y on its back rank, capture", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4Y3 b - - 0 40 kings:-"),
    ("White Inquion Y -> Infanon Z on the far rank, quiet", "3n4/4Y3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1Z2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Inquion Y -> Infanon Z on the far rank, capture", "3n4/4Y3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3Z4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Infanon Z -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/4Z3/8/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/4l1Q1 b - - 1 40 kings:-"),
    ("White Infanon Z -> Queen Q on its back rank, capture", "8/8/8/k7/7K/4Z3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3j1 w - - 1 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2j5 w - - 0 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, quiet", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, capture", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1o2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3o4 w - - 0 41 kings:-"),
    ("Black Pocket o -> Rook r on its back rank, quiet", "8/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Pocket o -> Rook r on its back rank, capture", "4L3/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 1 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 0 41 kings:-"),
    ("Black Fagin f -> Inquion y on its back rank, quiet", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1y1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Fagin f -> Inquion y on its back rank, capture", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4y3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Inquion y -> Infanon z on the far rank, quiet", "8/8/8/7k/K7/8/4y3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1z2 w - - 1 41 kings:-"),
    ("Black Inquion y -> Infanon z on the far rank, capture", "8/8/8/7k/K7/8/4y3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3z4 w - - 0 41 kings:-"),
    ("Black Infanon z -> Queen q on its back rank, quiet", "4L3/8/4z3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1q1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Infanon z -> Queen q on its back rank, capture", "4L3/8/4z3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const LONGHAUL_TIMUR_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3J1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Picket J on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2J5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/2l3B1 b - - 1 40 kings:-"),
    ("White Picket J -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4J3/8/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/8/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1O2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Pocket O on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3O4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pocket O -> Caliph E on its back rank, quiet", "8/8/8/k7/7K/4O3/8/8 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4E3 b - - 1 40 kings:-"),
    ("White Pocket O -> Caliph E on its back rank, capture", "8/8/8/k7/7K/4O3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4E3 b - - 0 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, quiet", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "3n3A/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, capture", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3A4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/3l2R1 b - - 1 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, capture", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2d1", "8/8/8/k7/7K/8/8/3R4 b - - 0 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Fagin F on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4F3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Fagin F -> Canvasser U on its back rank, quiet", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/8/4l1U1 b - - 1 40 kings:-"),
    ("White Fagin F -> Canvasser U on its back rank, capture", "8/8/8/k7/7K/4F3/8/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/8/4U3 b - - 0 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, quiet", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "4n2M/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, capture", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4M3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/4l1Q1 b - - 1 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, capture", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, quiet", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "4nH2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, capture", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4H3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, quiet", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/4l2C b - - 1 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, capture", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4C3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3j1 w - - 1 41 kings:-"),
    ("Black Knight n -> Picket j on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2j5 w - - 0 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, quiet", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Picket j -> Bishop b on its back rank, capture", "2L5/8/4j3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1o2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Pocket o on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3o4 w - - 0 41 kings:-"),
    ("Black Pocket o -> Caliph e on its back rank, quiet", "8/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4e3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Pocket o -> Caliph e on its back rank, capture", "4L3/8/4o3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4e3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, quiet", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/3N3a w - - 1 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, capture", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3a4 w - - 0 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, quiet", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "3L2r1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, capture", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7d8", "3r4/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 1 41 kings:-"),
    ("Black Rook r -> Fagin f on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4f3 w - - 0 41 kings:-"),
    ("Black Fagin f -> Canvasser u on its back rank, quiet", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1u1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Fagin f -> Canvasser u on its back rank, capture", "4L3/8/4f3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4u3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, quiet", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/4N2m w - - 1 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, capture", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4m3 w - - 0 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, quiet", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "4L1q1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, capture", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, quiet", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/4Nh2 w - - 1 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, capture", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4h3 w - - 0 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, quiet", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "4L2c/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, capture", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4c3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const EURASIAN_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3W1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2W5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/3P4/2l3B1 b - - 1 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/3P4/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1X2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3X4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cannon X -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4X3/8 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4R3 b - - 1 40 kings:-"),
    ("White Cannon X -> Rook R on its back rank, capture", "8/8/8/k7/7K/4X3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4R3 b - - 0 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Tank T -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/4P3/4l1Q1 b - - 1 40 kings:-"),
    ("White Tank T -> Queen Q on its back rank, capture", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4Q3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3w1 w - - 1 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2w5 w - - 0 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, quiet", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/3p4/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, capture", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/3p4/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1x2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3x4 w - - 0 41 kings:-"),
    ("Black Cannon x -> Rook r on its back rank, quiet", "8/4x3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4r3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cannon x -> Rook r on its back rank, capture", "4L3/4p3/4x3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 1 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 0 41 kings:-"),
    ("Black Tank t -> Queen q on its back rank, quiet", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1q1/4p3/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Tank t -> Queen q on its back rank, capture", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4q3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const MIXED_EURASIAN_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3W1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2W5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/3P4/2l3B1 b - - 1 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/3P4/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1X2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3X4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cannon X -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4X3/8 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4R3 b - - 1 40 kings:-"),
    ("White Cannon X -> Rook R on its back rank, capture", "8/8/8/k7/7K/4X3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4R3 b - - 0 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Tank T -> Saint S on its back rank, quiet", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/4P3/4l1S1 b - - 1 40 kings:-"),
    ("White Tank T -> Saint S on its back rank, capture", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4S3 b - - 0 40 kings:-"),
    ("White Saint S -> Sparrow V on the far rank, quiet", "3n4/4S3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nV3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Saint S -> Sparrow V on the far rank, capture", "3n4/4S3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3V4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Sparrow V -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/8/4V3/4l3 w - - 0 40 kings:-", "e2f1", "8/8/8/k7/7K/8/8/4lQ2 b - - 1 40 kings:-"),
    ("White Sparrow V -> Queen Q on its back rank, capture", "8/8/8/k7/7K/8/4V3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3w1 w - - 1 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2w5 w - - 0 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, quiet", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/3p4/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, capture", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/3p4/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1x2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3x4 w - - 0 41 kings:-"),
    ("Black Cannon x -> Rook r on its back rank, quiet", "8/4x3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4r3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cannon x -> Rook r on its back rank, capture", "4L3/4p3/4x3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4r3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 1 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 0 41 kings:-"),
    ("Black Tank t -> Saint s on its back rank, quiet", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1s1/4p3/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Tank t -> Saint s on its back rank, capture", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4s3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Saint s -> Sparrow v on the far rank, quiet", "8/8/8/7k/K7/8/4s3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nv3 w - - 1 41 kings:-"),
    ("Black Saint s -> Sparrow v on the far rank, capture", "8/8/8/7k/K7/8/4s3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3v4 w - - 0 41 kings:-"),
    ("Black Sparrow v -> Queen q on its back rank, quiet", "4L3/4v3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7f8", "4Lq2/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Sparrow v -> Queen q on its back rank, capture", "4L3/4v3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];

#[rustfmt::skip]
const LONGHAUL_EURASIAN_LINKS: &[Link] = &[
    ("White Pawn P -> Camel L on the far rank, quiet", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "3nL3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Pawn P -> Camel L on the far rank, capture", "3n4/4P3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3L4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, quiet", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/1l5N b - - 1 40 kings:-"),
    ("White Camel L -> Knight N on its back rank, capture", "8/8/8/k7/7K/8/4L3/1l6 w - - 0 40 kings:-", "e2b1", "8/8/8/k7/7K/8/8/1N6 b - - 0 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, quiet", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7g8", "2n3W1/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Knight N -> Arrow W on the far rank, capture", "2n5/4N3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7c8", "2W5/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, quiet", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/3P4/2l3B1 b - - 1 40 kings:-"),
    ("White Arrow W -> Bishop B on its back rank, capture", "8/8/8/k7/7K/4W3/3P4/2l5 w - - 0 40 kings:-", "e3c1", "8/8/8/k7/7K/8/3P4/2B5 b - - 0 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, quiet", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "3n1X2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Bishop B -> Cannon X on the far rank, capture", "3n4/4B3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3X4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cannon X -> Caliph E on its back rank, quiet", "8/8/8/k7/7K/8/4X3/8 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4E3 b - - 1 40 kings:-"),
    ("White Cannon X -> Caliph E on its back rank, capture", "8/8/8/k7/7K/4X3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4E3 b - - 0 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, quiet", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "3n3A/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Caliph E -> Cardinal A on the far rank, capture", "3n4/4E3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7d8", "3A4/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, quiet", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/3l2R1 b - - 1 40 kings:-"),
    ("White Cardinal A -> Rook R on its back rank, capture", "8/8/8/k7/7K/8/4A3/3l4 w - - 0 40 kings:-", "e2d1", "8/8/8/k7/7K/8/8/3R4 b - - 0 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, quiet", "8/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Rook R -> Tank T on the far rank, capture", "4n3/4R3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4T3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Tank T -> Canvasser U on its back rank, quiet", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3g1", "8/8/8/k7/7K/8/4P3/4l1U1 b - - 1 40 kings:-"),
    ("White Tank T -> Canvasser U on its back rank, capture", "8/8/8/k7/7K/4T3/4P3/4l3 w - - 0 40 kings:-", "e3e1", "8/8/8/k7/7K/8/4P3/4U3 b - - 0 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, quiet", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7h8", "4n2M/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Canvasser U -> Marshal M on the far rank, capture", "4n3/4U3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4M3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, quiet", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2g1", "8/8/8/k7/7K/8/8/4l1Q1 b - - 1 40 kings:-"),
    ("White Marshal M -> Queen Q on its back rank, capture", "8/8/8/k7/7K/8/4M3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4Q3 b - - 0 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, quiet", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7f8", "4nH2/8/8/k7/7K/8/8/8 b - - 1 40 kings:-"),
    ("White Queen Q -> Acme H on the far rank, capture", "4n3/4Q3/8/k7/7K/8/8/8 w - - 0 40 kings:-", "e7e8", "4H3/8/8/k7/7K/8/8/8 b - - 0 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, quiet", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2h1", "8/8/8/k7/7K/8/8/4l2C b - - 1 40 kings:-"),
    ("White Acme H -> Ace C on its back rank, capture", "8/8/8/k7/7K/8/4H3/4l3 w - - 0 40 kings:-", "e2e1", "8/8/8/k7/7K/8/8/4C3 b - - 0 40 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, quiet", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/3Nl3 w - - 0 41 kings:-"),
    ("Black Pawn p -> Camel l on the far rank, capture", "8/8/8/7k/K7/8/4p3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3l4 w - - 0 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, quiet", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "1L5n/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Camel l -> Knight n on its back rank, capture", "1L6/4l3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7b8", "1n6/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, quiet", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2g1", "8/8/8/7k/K7/8/8/2N3w1 w - - 1 41 kings:-"),
    ("Black Knight n -> Arrow w on the far rank, capture", "8/8/8/7k/K7/8/4n3/2N5 b - - 0 40 kings:-", "e2c1", "8/8/8/7k/K7/8/8/2w5 w - - 0 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, quiet", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "2L3b1/3p4/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Arrow w -> Bishop b on its back rank, capture", "2L5/3p4/4w3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6c8", "2b5/3p4/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, quiet", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/3N1x2 w - - 1 41 kings:-"),
    ("Black Bishop b -> Cannon x on the far rank, capture", "8/8/8/7k/K7/8/4b3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3x4 w - - 0 41 kings:-"),
    ("Black Cannon x -> Caliph e on its back rank, quiet", "8/4x3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4e3/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cannon x -> Caliph e on its back rank, capture", "4L3/4p3/4x3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4e3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, quiet", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/3N3a w - - 1 41 kings:-"),
    ("Black Caliph e -> Cardinal a on the far rank, capture", "8/8/8/7k/K7/8/4e3/3N4 b - - 0 40 kings:-", "e2d1", "8/8/8/7k/K7/8/8/3a4 w - - 0 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, quiet", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "3L2r1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Cardinal a -> Rook r on its back rank, capture", "3L4/4a3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7d8", "3r4/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, quiet", "8/8/8/7k/K7/8/4r3/8 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 1 41 kings:-"),
    ("Black Rook r -> Tank t on the far rank, capture", "8/8/8/7k/K7/8/4r3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4t3 w - - 0 41 kings:-"),
    ("Black Tank t -> Canvasser u on its back rank, quiet", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6g8", "4L1u1/4p3/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Tank t -> Canvasser u on its back rank, capture", "4L3/4p3/4t3/7k/K7/8/8/8 b - - 0 40 kings:-", "e6e8", "4u3/4p3/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, quiet", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2h1", "8/8/8/7k/K7/8/8/4N2m w - - 1 41 kings:-"),
    ("Black Canvasser u -> Marshal m on the far rank, capture", "8/8/8/7k/K7/8/4u3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4m3 w - - 0 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, quiet", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7g8", "4L1q1/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Marshal m -> Queen q on its back rank, capture", "4L3/4m3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4q3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, quiet", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2f1", "8/8/8/7k/K7/8/8/4Nh2 w - - 1 41 kings:-"),
    ("Black Queen q -> Acme h on the far rank, capture", "8/8/8/7k/K7/8/4q3/4N3 b - - 0 40 kings:-", "e2e1", "8/8/8/7k/K7/8/8/4h3 w - - 0 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, quiet", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7h8", "4L2c/8/8/7k/K7/8/8/8 w - - 1 41 kings:-"),
    ("Black Acme h -> Ace c on its back rank, capture", "4L3/4h3/8/7k/K7/8/8/8 b - - 0 40 kings:-", "e7e8", "4c3/8/8/7k/K7/8/8/8 w - - 0 41 kings:-"),
];
