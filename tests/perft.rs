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
//! The variant is the file's stem (`chess.perft` is `chess`). The normal tests run every line
//! with at most [`FAST_LIMIT`] nodes; the `#[ignore]`d ones run every line:
//! `cargo test --release --test perft -- --ignored`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

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
    let id: VariantId = stem
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v = variant(id);
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

/// A fast test (lines up to `FAST_LIMIT` nodes) and an ignored full one per perft file.
macro_rules! perft_file_tests {
    ($($fast:ident, $full:ident, $file:literal;)*) => {$(
        #[test]
        fn $fast() {
            run_file($file, Some(FAST_LIMIT));
        }

        #[test]
        #[ignore = "full perft (minutes); run with --ignored"]
        fn $full() {
            run_file($file, None);
        }
    )*};
}

perft_file_tests! {
    chess_perft_fast, chess_perft_full, "chess.perft";
    veteran_perft_fast, veteran_perft_full, "veteran.perft";
    upgrade_perft_fast, upgrade_perft_full, "upgrade.perft";
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
}

/// Every `<variant>.perft` file names a known game and parses, and every game has a file.
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
