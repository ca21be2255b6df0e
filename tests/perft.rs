//! Perft against the counts in `tests/data/perft/<variant>.perft`.
//!
//! The file format is shakmaty-like, one item per line:
//!
//! ```text
//! # comment
//! id NAME
//! fen POSITION-STRING
//! perft DEPTH NODES
//! ```
//!
//! The variant is the file's stem (`chess.perft` is `chess`): a built-in game, or a test
//! game in `tests/data/variants/<stem>.ron`. The normal tests run every line with at most
//! [`FAST_LIMIT`] nodes; the `#[ignore]`d ones run every line:
//! `cargo test --release --test perft -- --ignored`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rankup::rules::{Position, Variant};
use rankup::variants::{file, variant, VariantId};

/// Lines with more nodes than this only run in the ignored (full) tests.
const FAST_LIMIT: u64 = 5_000_000;

/// One `perft DEPTH NODES` line with the position it belongs to.
#[derive(Debug)]
struct Case {
    line: usize,
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join("perft")
        .join(name)
}

/// The game a perft file is for: the built-in game of that id, or the test game
/// `tests/data/variants/<stem>.ron`.
fn game(stem: &str) -> &'static Variant {
    if let Ok(id) = stem.parse::<VariantId>() {
        return variant(id);
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/variants")
        .join(format!("{stem}.ron"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{stem} is no game and {}: {e}", path.display()));
    file::load(&text, &path.display().to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Reads a perft file; panics with file and line on any malformed line.
fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases = Vec::new();
    let mut id: Option<String> = None;
    let mut fen: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, value) = trimmed
            .split_once(char::is_whitespace)
            .unwrap_or_else(|| panic!("{}:{line}: no value in '{trimmed}'", path.display()));
        let value = value.trim();
        match key {
            "id" => {
                id = Some(value.to_string());
                fen = None;
            }
            "fen" => {
                assert!(
                    id.is_some(),
                    "{}:{line}: 'fen' before any 'id'",
                    path.display()
                );
                assert!(
                    value.split_whitespace().count() >= 6,
                    "{}:{line}: the position string must have all six fields (plus extras)",
                    path.display()
                );
                fen = Some(value.to_string());
            }
            "perft" => {
                let (Some(id), Some(fen)) = (&id, &fen) else {
                    panic!("{}:{line}: 'perft' before 'id' and 'fen'", path.display());
                };
                let mut parts = value.split_whitespace();
                let mut number = |what: &str| -> u64 {
                    parts
                        .next()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or_else(|| panic!("{}:{line}: bad {what}", path.display()))
                };
                let depth = number("depth") as u32;
                let nodes = number("node count");
                assert!(
                    parts.next().is_none(),
                    "{}:{line}: trailing text",
                    path.display()
                );
                cases.push(Case {
                    line,
                    id: id.clone(),
                    fen: fen.clone(),
                    depth,
                    nodes,
                });
            }
            other => panic!("{}:{line}: unknown key '{other}'", path.display()),
        }
    }
    cases
}

/// Runs the cases of `<variant>.perft` with at most `limit` nodes (all when `None`);
/// reports every mismatch at once.
fn run_file(name: &str, limit: Option<u64>) {
    let path = data_file(name);
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("file name");
    let v = game(stem);
    let cases = read_cases(&path);
    assert!(!cases.is_empty(), "{name}: no perft lines");
    let mut failures = String::new();
    let mut ran = 0;
    for case in &cases {
        if limit.is_some_and(|l| case.nodes > l) {
            continue;
        }
        ran += 1;
        let mut pos = match Position::from_fen(v, &case.fen) {
            Ok(p) => p,
            Err(e) => {
                writeln!(
                    failures,
                    "{name}:{} id {}: position '{}' rejected: {e}",
                    case.line, case.id, case.fen
                )
                .unwrap();
                continue;
            }
        };
        let before = pos.clone();
        let actual = pos.perft(case.depth);
        if actual != case.nodes {
            writeln!(
                failures,
                "{name}:{} id {} depth {}: expected {}, actual {} (fen {})",
                case.line, case.id, case.depth, case.nodes, actual, case.fen
            )
            .unwrap();
        }
        assert_eq!(
            pos, before,
            "{name} id {}: perft did not restore the position",
            case.id
        );
    }
    assert!(ran > 0, "{name}: no line under the limit");
    assert!(failures.is_empty(), "perft mismatches:\n{failures}");
}

/// A fast test (lines up to `FAST_LIMIT` nodes) and an ignored full one per perft file with
/// deeper lines; a file whose every line is within the limit gets one test that runs it all
/// (an ignored test would only repeat it). `full_tests_only_where_lines_are_deep` keeps the
/// two lists true to the files.
macro_rules! perft_file_tests {
    ($($fast:ident, $full:ident, $file:literal;)* ; $($all:ident, $small:literal;)*) => {
        /// The files with lines over the limit, which have an ignored full test.
        const DEEP_FILES: &[&str] = &[$($file),*];
        /// The files whose lines are all within the limit.
        const SMALL_FILES: &[&str] = &[$($small),*];
        $(
            #[test]
            fn $fast() {
                run_file($file, Some(FAST_LIMIT));
            }

            #[test]
            #[ignore = "full perft (minutes); run with --ignored"]
            fn $full() {
                run_file($file, None);
            }
        )*
        $(
            #[test]
            fn $all() {
                run_file($small, None);
            }
        )*
    };
}

perft_file_tests! {
    chess_perft_fast, chess_perft_full, "chess.perft";
    apc_crowned_perft_fast, apc_crowned_perft_full, "apc-crowned.perft";
    apc_longhaul_crowned_perft_fast, apc_longhaul_crowned_perft_full, "apc-longhaul-crowned.perft";
    apc_timur_perft_fast, apc_timur_perft_full, "apc-timur.perft";
    apc_mixed_timur_perft_fast, apc_mixed_timur_perft_full, "apc-mixed-timur.perft";
    apc_longhaul_timur_perft_fast, apc_longhaul_timur_perft_full, "apc-longhaul-timur.perft";
    apc_eurasian_perft_fast, apc_eurasian_perft_full, "apc-eurasian.perft";
    apc_mixed_eurasian_perft_fast, apc_mixed_eurasian_perft_full, "apc-mixed-eurasian.perft";
    apc_longhaul_eurasian_perft_fast, apc_longhaul_eurasian_perft_full, "apc-longhaul-eurasian.perft";
    promochess_perft_fast, promochess_perft_full, "promochess.perft";
    tamerspiel_perft_fast, tamerspiel_perft_full, "tamerspiel.perft";
    ;
    veteran_perft, "veteran.perft";
    upgrade_perft, "upgrade.perft";
    // The first-move test game (tests/data/variants/homecoming.ron).
    homecoming_perft, "homecoming.perft";
}

/// Every perft file is in exactly one list, by its deepest line: a full test exists exactly
/// where it runs more than the fast one.
#[test]
fn full_tests_only_where_lines_are_deep() {
    let mut listed: Vec<&str> = DEEP_FILES.iter().chain(SMALL_FILES).copied().collect();
    listed.sort_unstable();
    let mut files: Vec<String> = std::fs::read_dir(data_file(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".perft"))
        .collect();
    files.sort_unstable();
    assert_eq!(listed, files, "every perft file is listed once");
    for name in DEEP_FILES.iter().chain(SMALL_FILES) {
        let deepest = read_cases(&data_file(name)).iter().map(|c| c.nodes).max();
        let deep = deepest.is_some_and(|n| n > FAST_LIMIT);
        assert_eq!(
            deep,
            DEEP_FILES.contains(name),
            "{name}: deepest line {deepest:?}"
        );
    }
}

/// The counts of `homecoming.perft` are those of an independent counter (below), which
/// tracks first moves per piece, not per square.
#[test]
fn homecoming_counts_come_from_an_independent_counter() {
    let cases = read_cases(&data_file("homecoming.perft"));
    assert!(cases.len() >= 10, "homecoming.perft has too few lines");
    for case in cases.iter().filter(|c| c.nodes <= FAST_LIMIT) {
        let counted = homecoming::Board::parse(&case.fen).perft(case.depth);
        assert_eq!(
            counted, case.nodes,
            "homecoming.perft:{} id {} depth {}",
            case.line, case.id, case.depth
        );
    }
}

/// Every built-in game has a `<variant>.perft` file, and its positions parse.
#[test]
fn perft_files_are_well_formed() {
    for id in VariantId::ALL {
        let name = format!("{}.perft", id.as_str());
        let cases = read_cases(&data_file(&name));
        assert!(!cases.is_empty(), "{name} has no perft lines");
        for case in &cases {
            Position::from_fen(variant(id), &case.fen).unwrap_or_else(|e| {
                panic!("{name}:{} id {}: bad position: {e}", case.line, case.id)
            });
        }
    }
}

/// `divide` agrees with `perft` and the depth-1 count is the number of legal moves.
#[test]
fn divide_sums_to_perft() {
    for id in VariantId::ALL {
        let mut pos = Position::start(variant(id));
        let split = pos.divide(3);
        assert_eq!(split.len(), pos.legal_moves().len(), "{id}");
        let sum: u64 = split.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, pos.perft(3), "{id}");
        assert_eq!(pos.perft(0), 1, "{id}");
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64, "{id}");
    }
}

/// An independent move counter for the `homecoming` test game
/// (tests/data/variants/homecoming.ron), sharing nothing with the engine: a 5x5 array of
/// pieces, each carrying its own "has moved" flag, and the rules written out by hand. Its
/// counts are the ones in tests/data/perft/homecoming.perft.
///
/// The engine keeps first moves by square (a set of start squares whose piece has moved);
/// this counter keeps them per piece, as the rule says, so the two agreeing checks that the
/// engine's bookkeeping is the rule.
mod homecoming {
    const N: i32 = 5;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Kind {
        Sentry,
        Ferz,
        Trooper,
        King,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Piece {
        white: bool,
        kind: Kind,
        /// Whether this piece has made a move (a Sentry then never jumps).
        moved: bool,
    }

    #[derive(Clone)]
    pub struct Board {
        cells: [Option<Piece>; 25],
        white: bool,
    }

    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..N).contains(&file) && (0..N).contains(&rank)).then_some((rank * N + file) as usize)
    }

    /// Where a side's Sentries start: b1 d1 for White, b5 d5 for Black.
    fn sentry_home(white: bool, sq: usize) -> bool {
        let rank = if white { 0 } else { N - 1 };
        sq == (rank * N + 1) as usize || sq == (rank * N + 3) as usize
    }

    /// Offsets of the steps a piece moves and captures with; forward is up for White.
    fn steps(p: Piece) -> Vec<(i32, i32)> {
        let back = if p.white { -1 } else { 1 };
        let orthogonal = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diagonal = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match p.kind {
            Kind::Sentry => orthogonal,
            Kind::Ferz => diagonal,
            Kind::Trooper => vec![(0, back)],
            Kind::King => [orthogonal, diagonal].concat(),
        }
    }

    impl Board {
        /// Reads `PLACEMENT SIDE ...` with an optional `moved:SQ,SQ` field; a Sentry off
        /// its start square, or listed there, has moved.
        pub fn parse(fen: &str) -> Board {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let mut cells = [None; 25];
            for (i, row) in fields[0].split('/').enumerate() {
                let rank = N - 1 - i as i32;
                let mut file = 0;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        file += d as i32;
                        continue;
                    }
                    let kind = match c.to_ascii_uppercase() {
                        'S' => Kind::Sentry,
                        'F' => Kind::Ferz,
                        'T' => Kind::Trooper,
                        'K' => Kind::King,
                        other => panic!("homecoming has no piece '{other}'"),
                    };
                    let white = c.is_ascii_uppercase();
                    let sq = at(file, rank).expect("on the board");
                    let moved = kind == Kind::Sentry && !sentry_home(white, sq);
                    cells[sq] = Some(Piece { white, kind, moved });
                    file += 1;
                }
            }
            for field in &fields[2..] {
                if let Some(list) = field.strip_prefix("moved:") {
                    for name in list.split(',') {
                        let b = name.as_bytes();
                        let sq =
                            at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1')).expect("square");
                        cells[sq].as_mut().expect("a piece there").moved = true;
                    }
                }
            }
            Board {
                cells,
                white: fields[1] == "w",
            }
        }

        fn attacked(&self, sq: usize, by_white: bool) -> bool {
            self.cells.iter().enumerate().any(|(from, p)| {
                p.is_some_and(|p| {
                    p.white == by_white
                        && steps(p).iter().any(|&(dx, dy)| {
                            at(from as i32 % N + dx, from as i32 / N + dy) == Some(sq)
                        })
                })
            })
        }

        fn king(&self, white: bool) -> usize {
            self.cells
                .iter()
                .position(|p| p.is_some_and(|p| p.white == white && p.kind == Kind::King))
                .expect("each side has its King")
        }

        /// The positions after each legal move.
        pub fn children(&self) -> Vec<Board> {
            let mut out = Vec::new();
            for from in 0..25 {
                let Some(p) = self.cells[from] else { continue };
                if p.white != self.white {
                    continue;
                }
                let (file, rank) = (from as i32 % N, from as i32 / N);
                let mut targets: Vec<usize> = steps(p)
                    .iter()
                    .filter_map(|&(dx, dy)| at(file + dx, rank + dy))
                    .filter(|&to| self.cells[to].is_none_or(|q| q.white != p.white))
                    .collect();
                // The Sentry's own first move: a jump two squares forward to an empty one.
                if p.kind == Kind::Sentry && !p.moved {
                    let forward = if p.white { 2 } else { -2 };
                    if let Some(to) = at(file, rank + forward) {
                        if self.cells[to].is_none() {
                            targets.push(to);
                        }
                    }
                }
                for to in targets {
                    let mut next = self.clone();
                    next.cells[from] = None;
                    let mut moving = Piece { moved: true, ..p };
                    if p.kind == Kind::Trooper && sentry_home(p.white, to) {
                        moving.kind = Kind::Sentry;
                    }
                    next.cells[to] = Some(moving);
                    next.white = !self.white;
                    if !next.attacked(next.king(self.white), !self.white) {
                        out.push(next);
                    }
                }
            }
            out
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.children().iter().map(|b| b.perft(depth - 1)).sum()
        }
    }
}
