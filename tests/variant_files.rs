//! Variant files read by the loader: a copy of a built-in plays exactly like it, each kind of
//! broken file gives its own error at its own line, column and field, and no input panics.

use proptest::prelude::*;
use rankup::rules::Position;
use rankup::variants::file::{self, VariantFileError, VariantFileErrorKind as Kind};
use rankup::variants::{variant, VariantId};

mod common;

/// A small valid game; the table below breaks it one field at a time.
const TINY: &str = include_str!("data/variants/tiny.ron");

#[test]
fn the_fixture_is_valid() {
    let v = file::load(TINY, "tiny.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.id(), "tiny");
    assert_eq!(Position::start(v).perft(1), 8);
}

/// The README's example game, a new 5x5 game (tests/data/variants/duchy.ron).
///
/// Depth 1 by hand (8): five Pawn steps; Knight b1-a3, b1-c3; Duchess e1-e3 (jumping e2).
/// Rook, Bishop and King are boxed in. Depth 2 by hand (56): Black alone also has 8 moves
/// (five Pawn steps, Knight d5-c3/e3, Duchess a5-a3); after a2a3 a4 is blocked but b4xa3
/// appears (8); after b2b3, c2c3, d2d3 one step is blocked and two captures appear (9 each);
/// after e2e3 one blocked, d4xe3 (8); after e1e3 one blocked, d4xe3 (8); Nb1-a3 checks the
/// boxed King on b5 and only b4xa3 and Da5xa3 answer (2); Nb1-c3 checks it and b4xc3,
/// d4xc3, Nd5xc3 answer (3). Depth 3 is the engine's count.
#[test]
fn the_example_game_has_hand_checked_perft() {
    let text = include_str!("data/variants/duchy.ron");
    let v = file::load(text, "duchy.ron").unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::start(v);
    assert_eq!(pos.perft(1), 8);
    assert_eq!(pos.perft(2), 56);
    assert_eq!(pos.perft(3), 463);
}

/// PromoChess saved under another id is the same game: the same perft, depth 1 to 4, as the
/// built-in and as tests/data/perft/promochess.perft.
#[test]
fn a_copy_of_promochess_with_another_id_plays_the_same() {
    let (_, text) = VariantId::Promochess.source();
    let copy = text
        .replacen("id: \"promochess\"", "id: \"my-promochess\"", 1)
        .replacen("name: \"PromoChess\"", "name: \"My PromoChess\"", 1);
    assert_ne!(copy, text, "the id was replaced");
    let mine = file::load(&copy, "my-promochess.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mine.id(), "my-promochess");
    let mut theirs = Position::start(variant(VariantId::Promochess));
    let mut ours = Position::start(mine);
    for (depth, expected) in [(1, 36), (2, 1289), (3, 47820), (4, 1760034)] {
        assert_eq!(theirs.perft(depth), expected, "built-in, depth {depth}");
        assert_eq!(ours.perft(depth), expected, "copy, depth {depth}");
    }
}

/// Every built-in file loads through the public loader and describes its game.
#[test]
fn every_built_in_file_loads() {
    for id in VariantId::ALL {
        let (name, text) = id.source();
        let v = file::load(text, name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.id(), id.as_str());
        assert_eq!(
            Position::start(v).perft(2),
            Position::start(variant(id)).perft(2),
            "{id}"
        );
    }
}

/// One broken file: `from` replaced by `to` in [`TINY`].
struct Broken {
    from: &'static str,
    to: &'static str,
    /// The field the error names.
    field: &'static str,
    /// Where the error points: the text of the mutated file at that line and column starts
    /// with this.
    points_at: &'static str,
    kind: fn(&Kind) -> bool,
    /// Part of the message.
    says: &'static str,
}

fn break_tiny(b: &Broken) -> (String, VariantFileError) {
    assert!(TINY.contains(b.from), "fixture holds {:?}", b.from);
    let text = TINY.replacen(b.from, b.to, 1);
    let err = file::load(&text, "tiny.ron").expect_err(b.to);
    (text, err)
}

/// The broken-file table, shared with the command-line test (tests/cli.rs holds a copy of
/// the cases it needs; this one checks the error fields).
const BROKEN: &[Broken] = &[
    Broken {
        from: "files: 6,",
        to: "files: 6",
        field: "ranks",
        points_at: "ranks",
        kind: |k| matches!(k, Kind::Syntax(_)),
        says: "comma",
    },
    Broken {
        from: "royal: true",
        to: "royall: true",
        field: "pieces[2].royall",
        points_at: "royall",
        kind: |k| matches!(k, Kind::Syntax(m) if m.contains("unknown field 'royall'")),
        says: "expected one of",
    },
    Broken {
        from: "2kg2/",
        to: "2kx2/",
        field: "start",
        points_at: "\"2kx2/",
        kind: |k| matches!(k, Kind::UnknownStartLetter('x')),
        says: "letter 'x'",
    },
    Broken {
        from: "Betza(\"fmW fcF\")",
        to: "Betza(\"fmW fcX\")",
        field: "pieces[0].movement[0]",
        points_at: "\"fmW fcX\"",
        kind: |k| matches!(k, Kind::Betza(_)),
        says: "unknown atom letter",
    },
    Broken {
        from: "to: \"G\"",
        to: "to: \"Z\"",
        field: "pieces[0].promotions[0].to",
        points_at: "\"Z\"",
        kind: |k| {
            matches!(
                k,
                Kind::UnknownPiece {
                    letter: 'Z',
                    role: "promotion target"
                }
            )
        },
        says: "not the letter of a piece",
    },
    Broken {
        from: "to: 'G'",
        to: "to: 'Z'",
        field: "pieces[1].capture_promotions[0].to",
        points_at: "'Z'",
        kind: |k| {
            matches!(
                k,
                Kind::UnknownPiece {
                    letter: 'Z',
                    role: "capture-promotion target"
                }
            )
        },
        says: "capture-promotion target 'Z'",
    },
    Broken {
        from: "victims: \"G\"",
        to: "victims: \"GY\"",
        field: "pieces[1].capture_promotions[0].victims",
        points_at: "\"GY\"",
        kind: |k| matches!(k, Kind::UnknownPiece { letter: 'Y', .. }),
        says: "victim 'Y'",
    },
    Broken {
        from: "files: 6",
        to: "files: 13",
        field: "files",
        points_at: "13",
        kind: |k| {
            matches!(
                k,
                Kind::BoardSize {
                    files: 13,
                    ranks: 6
                }
            )
        },
        says: "1 to 12 files and 1 to 10 ranks",
    },
    Broken {
        from: "ranks: 6",
        to: "ranks: 11",
        field: "ranks",
        points_at: "11",
        kind: |k| matches!(k, Kind::BoardSize { ranks: 11, .. }),
        says: "11 ranks",
    },
    Broken {
        from: "royal: true,",
        to: "",
        field: "pieces",
        points_at: "[",
        kind: |k| matches!(k, Kind::Royals(_)),
        says: "no piece is royal",
    },
    Broken {
        from: "2GK2 w",
        to: "2KK2 w",
        field: "start",
        points_at: "\"2kg2",
        kind: |k| matches!(k, Kind::Royals(m) if m.contains("2 royal pieces")),
        says: "exactly one royal piece",
    },
    Broken {
        from: "to: \"G\"",
        to: "to: \"K\"",
        field: "pieces[0].promotions[0].to",
        points_at: "\"K\"",
        kind: |k| matches!(k, Kind::Royals(_)),
        says: "must keep royalty",
    },
    Broken {
        from: "movement: Betza(\"K\"),\n            royal",
        to: "movement: Builtin(\"dragon\"),\n            royal",
        field: "pieces[2].movement[0]",
        points_at: "\"dragon\"",
        kind: |k| matches!(k, Kind::UnknownBuiltin { name, .. } if name == "dragon"),
        says: "known: nobleman, supercav",
    },
    Broken {
        from: "movement: Betza(\"K\"),\n            capture",
        to: "levels: Upgrade(cap: 3, kind: \"Wizard\"),\n            capture",
        field: "pieces[1].levels.kind",
        points_at: "\"Wizard\"",
        kind: |k| matches!(k, Kind::UnknownBuiltin { name, .. } if name == "Wizard"),
        says: "known: Rook, Bishop, Queen, Knight",
    },
    Broken {
        from: "movement: Betza(\"K\"),\n            capture",
        to: "levels: Upgrade(cap: 3, kind: \"Rook\", range: 2),\n            capture",
        field: "pieces[1].levels.range",
        points_at: "range",
        kind: |k| matches!(k, Kind::Syntax(m) if m.contains("unknown field 'range'")),
        says: "expected one of: cap, kind",
    },
    Broken {
        from: "letter: 'G'",
        to: "letter: 'P'",
        field: "pieces[1].letter",
        points_at: "'P'",
        kind: |k| matches!(k, Kind::DuplicateLetter('P')),
        says: "used by two pieces",
    },
    Broken {
        from: "letter: 'G'",
        to: "letter: 'g'",
        field: "pieces[1].letter",
        points_at: "'g'",
        kind: |k| matches!(k, Kind::BadLetter('g')),
        says: "upper-case",
    },
    Broken {
        from: "zone: Ranks(6, 6)",
        to: "zone: Squares([\"a6\", \"z9\"])",
        field: "pieces[0].promotions[0].zone[0][1]",
        points_at: "\"z9\"",
        kind: |k| matches!(k, Kind::Square(_)),
        says: "'z9' is not a square name",
    },
];

#[test]
fn each_broken_file_names_its_problem_where_it_is() {
    for b in BROKEN {
        let (text, err) = break_tiny(b);
        assert!((b.kind)(&err.kind), "{}: kind {:?}", b.to, err.kind);
        assert_eq!(err.field, b.field, "{}: {err}", b.to);
        assert_eq!(err.file, "tiny.ron");
        let line = text.lines().nth(err.line - 1).unwrap_or("");
        let from_col: String = line.chars().skip(err.column - 1).collect();
        assert!(
            from_col.starts_with(b.points_at),
            "{}: points at {}:{} {from_col:?}, expected {:?}",
            b.to,
            err.line,
            err.column,
            b.points_at
        );
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("tiny.ron:{}:{}: ", err.line, err.column)),
            "{message}"
        );
        assert!(message.contains(b.says), "{message} lacks {:?}", b.says);
        assert!(!message.contains('\n'), "one line: {message:?}");
    }
}

/// Characters that matter to RON and to position strings, for [`common::mutate`].
const SPECIAL: &[u8] = b"()[]{},:\"'\\/*#!0123456789-+ \nKQRBNPkqrbnp";

/// `text` with `edits` applied (see [`common::mutate`]).
fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    common::mutate(text, edits, SPECIAL)
}

/// Loads `bytes` as a variant file; whatever loads must start and generate moves.
fn load_never_panics(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    match file::load(text, "fuzz.ron") {
        Ok(v) => {
            let mut pos = Position::start(v);
            let _ = pos.perft(1);
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("fuzz.ron:"), "{message}");
            assert!(e.line >= 1 && e.column >= 1, "{message}");
        }
    }
}

/// The texts the fuzzing starts from: the fixture and every built-in game.
fn seeds() -> Vec<&'static str> {
    let mut out = vec![TINY];
    out.extend(VariantId::ALL.iter().map(|id| id.source().1));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mutated_files_never_panic(
        seed in 0usize..14,
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        let seeds = seeds();
        load_never_panics(&mutate(seeds[seed % seeds.len()], &edits));
    }

    /// Numbers and letters of a valid file swapped for others: files that parse, with
    /// values the checks must catch (boards, zones, caps, letters, squares).
    #[test]
    fn valid_files_with_other_values_never_panic(
        seed in 0usize..14,
        swaps in prop::collection::vec((any::<usize>(), 0u8..=255), 1..4),
    ) {
        let seeds = seeds();
        let text = seeds[seed % seeds.len()];
        let mut bytes = text.as_bytes().to_vec();
        let spots: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_alphanumeric())
            .map(|(i, _)| i)
            .collect();
        for (at, value) in swaps {
            let i = spots[at % spots.len()];
            bytes[i] = if bytes[i].is_ascii_digit() {
                b'0' + value % 10
            } else if bytes[i].is_ascii_uppercase() {
                b'A' + value % 26
            } else {
                b'a' + value % 26
            };
        }
        load_never_panics(&bytes);
    }

    #[test]
    fn any_text_never_panics(text in "\\PC{0,200}") {
        load_never_panics(text.as_bytes());
    }
}
