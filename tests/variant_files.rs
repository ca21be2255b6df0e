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

/// Chess's file with its first castling line changed.
fn chess_castling(from: &str, to: &str) -> String {
    let (_, text) = VariantId::Chess.source();
    let line = "(color: White, king_side: true, king_from: \"e1\", king_to: \"g1\", rook_from: \"h1\", rook_to: \"f1\")";
    assert!(text.contains(line), "chess.ron's castling line moved");
    let changed = line.replacen(from, to, 1);
    assert_ne!(changed, line, "{from} in the castling line");
    text.replacen(line, &changed, 1)
        .replacen("id: \"chess\"", "id: \"castling-test\"", 1)
}

/// Castling moves whose squares would lose a piece or are no move are refused at the field
/// that is wrong, saying why; one that moves the King onto the partner's square is not.
#[test]
fn castling_entries_that_would_lose_a_piece_are_refused() {
    for (from, to, field, says) in [
        (
            "rook_to: \"f1\"",
            "rook_to: \"g1\"",
            "castling[0].rook_to",
            "rook_to is king_to: the partner would land on the King and the King would vanish",
        ),
        (
            "king_to: \"g1\"",
            "king_to: \"e1\"",
            "castling[0].king_to",
            "king_to is king_from: castling must move the King",
        ),
        (
            "rook_to: \"f1\"",
            "rook_to: \"h1\"",
            "castling[0].rook_to",
            "rook_to is rook_from: castling must move the partner",
        ),
        (
            "rook_from: \"h1\"",
            "rook_from: \"e1\"",
            "castling[0].rook_from",
            "rook_from is king_from",
        ),
        (
            "king_to: \"g1\"",
            "king_to: \"g2\"",
            "castling[0].king_to",
            "must lie on one rank",
        ),
        (
            "rook_to: \"f1\"",
            "rook_to: \"i1\"",
            "castling[0].rook_to",
            "'i1' is not a square of the board",
        ),
        (
            "king_side: true",
            "king_side: false",
            "castling[1]",
            "a second castling move for the same colour and side",
        ),
    ] {
        let text = chess_castling(from, to);
        let err = file::load(&text, "c.ron").expect_err(to);
        assert_eq!(err.field, field, "{to}: {err}");
        assert!(err.to_string().contains(says), "{to}: {err}");
        let line = text.lines().nth(err.line - 1).unwrap_or("");
        let at: String = line.chars().skip(err.column - 1).collect();
        let value = field.rsplit('.').next().unwrap_or("");
        if value.starts_with("rook") || value.starts_with("king") {
            let quoted = to.split(": ").nth(1).unwrap();
            assert!(at.starts_with(quoted), "{to}: points at {at:?}");
        }
    }
    // On a hole: Tamerspiel's a2 is not a square.
    let (_, text) = VariantId::Tamerspiel.source();
    let text = text
        .replacen("id: \"tamerspiel\"", "id: \"t\"", 1)
        .replacen(
            "king_to: \"c1\", rook_from: \"a1\"",
            "king_to: \"c1\", rook_from: \"a2\"",
            1,
        );
    let err = file::load(&text, "t.ron").unwrap_err();
    assert!(err.field.ends_with("rook_from"), "{err}");
    assert!(
        err.to_string().contains("not a square of the board"),
        "{err}"
    );
    // King onto the partner's square and the partner onto the King's: a legal castling.
    let swap = include_str!("data/variants/swapcastle.ron");
    let v = file::load(swap, "swapcastle.ron").unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::from_fen(v, "1rk2r/1p4/6/6/1P4/1RK2R w KQkq - 0 1").unwrap();
    let castle = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.is_castle() && m.to.to_string() == "b1")
        .expect("queen-side castling");
    pos.make(castle);
    assert_eq!(pos.fen(), "1rk2r/1p4/6/6/1P4/1KR2R b kq - 1 1");
}

/// A Rook that holds a castling right but is not marked `castles: true` is named as the
/// cause, at its piece; the old message blamed the King and partner being out of place.
#[test]
fn a_partner_that_does_not_castle_is_named() {
    let (_, text) = VariantId::Chess.source();
    let rook =
        "            castles: true,\n            description: \"slides orthogonally; castles\",";
    assert!(text.contains(rook));
    let text = text
        .replacen(rook, "            description: \"slides orthogonally\",", 1)
        .replacen("id: \"chess\"", "id: \"norook\"", 1);
    let err = file::load(&text, "norook.ron").unwrap_err();
    assert_eq!(err.field, "pieces[3].castles", "{err}");
    let message = err.to_string();
    assert!(
        message.contains("the Rook on h1 holds castling right 'K'")
            && message.contains("not marked castles: true"),
        "{message}"
    );
    assert!(!message.contains("without its King"), "{message}");
    let line = text.lines().nth(err.line - 1).unwrap();
    assert!(
        line.trim_start().starts_with('('),
        "points at the Rook's entry: {line:?}"
    );
}

/// A first-move atom that may capture is refused: its captures would be in the attack
/// tables after the piece had moved.
#[test]
fn a_first_move_that_captures_is_refused() {
    for betza in ["fmW fcF icD", "fmW fcF iD", "fmW fcF icpR"] {
        let text = TINY.replacen("Betza(\"fmW fcF\")", &format!("Betza(\"{betza}\")"), 1);
        let err = file::load(&text, "tiny.ron").expect_err(betza);
        assert_eq!(err.field, "pieces[0].movement[0]", "{betza}: {err}");
        assert!(err.to_string().contains("must not capture"), "{err}");
    }
    let text = TINY.replacen("Betza(\"fmW fcF\")", "Betza(\"fmW fcF ifmnD\")", 1);
    file::load(&text, "tiny.ron").unwrap_or_else(|e| panic!("{e}"));
}

/// Names, descriptions and rules lines are kept as the sanitiser leaves them: no escape
/// sequence, line break or bidi override reaches any output.
#[test]
fn outside_text_is_sanitised_when_loaded() {
    let text = hostile_tiny();
    let v = file::load(&text, "hostile.ron").unwrap_or_else(|e| panic!("{e}"));
    let mut texts = vec![v.name().to_string(), v.spec().summary.clone()];
    texts.extend(v.spec().rules.iter().cloned());
    for (_, p) in v.kinds() {
        texts.push(p.name.clone());
        texts.push(p.description.clone());
    }
    for t in &texts {
        assert!(
            !t.chars()
                .any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{t:?}"
        );
    }
    assert_eq!(v.name(), "Tiny\u{fffd}[31mRed Linedesrever");
}

/// [`TINY`] with escape sequences, line breaks and a right-to-left override in the game's
/// name, summary, rules, a piece's name and a description.
pub fn hostile_tiny() -> String {
    TINY.replacen(
        "name: \"Tiny\",",
        "name: \"Tiny\\u{1b}[31mRed\\nLine\\u{202e}desrever\",",
        1,
    )
    .replacen(
        "summary: \"6x6 test game\"",
        "summary: \"x\\u{1b}]0;t\\u{7}y\"",
        1,
    )
    .replacen(
        "name: \"General\",",
        "name: \"Gen\\u{1b}[2Jeral\\u{202e}\",",
        1,
    )
    .replacen(
        "            royal: true,\n",
        "            royal: true,\n            description: \"steps\\r\\nclear\\u{9b}31m\",\n",
        1,
    )
    .replacen(
        "start: ",
        "rules: [\"one\\u{1b}[31m\\nline two\\u{202e}\"],\n    start: ",
        1,
    )
}

/// `base:` a built-in game: the file gives only what differs.
#[test]
fn a_file_based_on_chess_plays_like_chess() {
    let text = "(base: \"chess\", id: \"mychess\", name: \"My Chess\")";
    let mine = file::load(text, "mychess.ron").unwrap_or_else(|e| panic!("{e}"));
    let chess = variant(VariantId::Chess);
    assert_eq!((mine.id(), mine.name()), ("mychess", "My Chess"));
    assert_eq!(
        mine.spec().summary,
        chess.spec().summary,
        "taken from the base"
    );
    assert_eq!(mine.kinds().len(), 6);
    let (mut a, mut b) = (Position::start(mine), Position::start(chess));
    for depth in 1..=3 {
        assert_eq!(a.perft(depth), b.perft(depth), "depth {depth}");
    }
    // A Queen changed into an Amazon (the other fields kept), an Archbishop added after the
    // Bishop, Black's moves unchanged.
    let text = r#"(
        base: "chess",
        id: "amazons",
        name: "Amazons",
        start: "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
        pieces: [
            (letter: 'B'),
            (name: "Archbishop", letter: 'A', movement: Betza("BN")),
            (letter: 'Q', name: "Amazon", movement: Betza("QN"), figure: Letter),
        ],
    )"#;
    let v = file::load(text, "amazons.ron").unwrap_or_else(|e| panic!("{e}"));
    let letters: String = v.kinds().map(|(_, p)| p.letter).collect();
    assert_eq!(letters, "PNBARQK");
    let amazon = v.piece(v.kind_by_letter('Q').unwrap());
    assert_eq!(amazon.name, "Amazon");
    assert_eq!(amazon.figure, None);
    assert_eq!(amazon.description, "slides in all eight directions", "kept");
    // The Archbishop on d1 leaps to c3 and e3 besides the Knights' moves.
    assert_eq!(Position::start(v).perft(1), 22);
}

/// Problems in a file with a base are reported in that file: at the field it gives, or,
/// for what came from the base, at its entry for the piece or at `base`, saying so.
#[test]
fn base_errors_point_into_the_derived_file() {
    for (text, field, says) in [
        (
            "(base: \"xiangqi\", id: \"x\")",
            "base",
            "base 'xiangqi' is not a built-in game",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'Q', remove: true)])",
            "base",
            "piece 'P' promotions[0].to as taken from base 'chess': promotion target 'Q' is not the letter of a piece of this game",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'P', promotions: []), (letter: 'Q', remove: true)])",
            "base",
            "start as taken from base 'chess': start position uses letter 'q', which no piece has",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'Z', remove: true)])",
            "pieces[0].remove",
            "the base has no piece 'Z' to remove",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'N', movement: Betza(\"Nx\"))])",
            "pieces[0].movement[0]",
            "invalid Betza",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'A', movement: Betza(\"N\"))])",
            "pieces[0]",
            "piece 'A' has no name",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'A', name: \"A\", movement: Betza(\"N\")), (letter: 'A')])",
            "pieces[1].letter",
            "letter 'A' is used by two pieces",
        ),
        (
            "(base: \"chess\", id: \"x\", pieces: [(letter: 'R', remove: true, name: \"R\")])",
            "pieces[0]",
            "a removed piece takes no other fields",
        ),
        (
            "(base: \"chess\", id: \"x\", files: 6)",
            "base",
            "castling[0].king_to as taken from base 'chess': 'g1' is not a square of the board",
        ),
        (
            "(id: \"x\", name: \"X\", files: 4, ranks: 4, start: \"4/4/4/4 w - - 0 1\", pieces: [(letter: 'K', name: \"K\", remove: true)])",
            "pieces[0].remove",
            "this file has no base",
        ),
        (
            "(id: \"x\", files: 4, ranks: 4, start: \"k3/4/4/3K w - - 0 1\", pieces: [(letter: 'K', name: \"K\", movement: Betza(\"K\"), royal: true)])",
            "",
            "missing field 'name'",
        ),
    ] {
        let err = file::load(text, "x.ron").expect_err(text);
        assert_eq!(err.field, field, "{text}: {err}");
        assert!(err.to_string().contains(says), "{text}: {err}");
        assert!(err.to_string().starts_with("x.ron:1:"), "{err}");
        let at: String = text.chars().skip(err.column - 1).collect();
        if field == "base" {
            assert!(at.starts_with('"'), "{text}: points at {at:?}");
        }
    }
}

/// The eight Alternate Promotion Chess files share one frame through `base:` (1,178 lines
/// before; each game compiles to exactly the game it was, as the perft files and
/// tests/apc_rules.rs check).
#[test]
fn the_apc_files_share_their_frame() {
    let mut total = 0;
    for id in VariantId::ALL
        .into_iter()
        .filter(|id| id.as_str().starts_with("apc-"))
    {
        let (_, text) = id.source();
        total += text.lines().count();
        if id != VariantId::ApcCrowned {
            assert!(text.contains("base: \"apc-"), "{id}");
            assert!(!text.contains("castling:"), "{id} repeats the frame");
        }
    }
    assert!(total < 450, "{total} lines");
}

/// Rule references point at what the repository holds: no file cites the rule book kept
/// outside it, and the README sections the code cites exist.
#[test]
fn rule_references_point_into_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outside = format!("{}.md", "RULES");
    let mut stack = vec![
        root.join("src"),
        root.join("tests"),
        root.join("variants"),
        root.join("README.md"),
    ];
    let mut citing = Vec::new();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).unwrap() {
                stack.push(entry.unwrap().path());
            }
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            if text.contains(&outside) {
                citing.push(path.display().to_string());
            }
        }
    }
    assert!(citing.is_empty(), "cite {outside}: {citing:?}");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for heading in [
        "### Move tokens",
        "### Position strings",
        "## Write your own game",
        "### Starting from another game (`base:`)",
        "### Movement (Betza)",
        "## Rules",
        "### Conventions",
    ] {
        assert!(
            readme.lines().any(|l| l == heading),
            "README lacks {heading:?}"
        );
    }
}
