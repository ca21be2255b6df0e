//! The `perft` and `moves` commands of the `rankup` binary: stdout format, exit codes and
//! one-line error messages.

use std::process::{Command, Output};

fn rankup(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankup"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the rankup binary runs")
}

/// Runs a command that must succeed; returns its stdout lines.
fn ok_lines(args: &[&str]) -> Vec<String> {
    let out = rankup(args);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 stdout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "rankup {args:?} failed ({:?}): {stderr}",
        out.status
    );
    stdout.lines().map(str::to_string).collect()
}

/// Runs a command that must fail with exit code 2, nothing on stdout and one line on stderr
/// mentioning `needle`.
fn fails_naming(args: &[&str], needle: &str) {
    let out = rankup(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "rankup {args:?}: exit status {:?}, stderr {stderr}",
        out.status
    );
    assert!(stdout.is_empty(), "rankup {args:?}: stdout {stdout:?}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "rankup {args:?}: stderr must be one line: {stderr:?}"
    );
    assert!(
        lines[0].contains(needle),
        "rankup {args:?}: stderr {:?} does not name {needle:?}",
        lines[0]
    );
}

/// Splits `MOVE: COUNT` lines.
fn divide_lines(lines: &[String]) -> Vec<(String, u64)> {
    lines
        .iter()
        .map(|l| {
            let (token, n) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("not a divide line: {l:?}"));
            (
                token.to_string(),
                n.parse().unwrap_or_else(|_| panic!("bad count: {l:?}")),
            )
        })
        .collect()
}

const CHESS_START_MOVES: [&str; 20] = [
    "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
    "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
];

/// The 36 moves of the PromoChess start, checked by hand (see promochess.perft).
const PROMOCHESS_START_MOVES: [&str; 36] = [
    "a1a2", "a3a4", "a3b2", "a3b4", "b1d2", "b3b4", "b3b5", "c1b2", "c1d2", "c3c4", "c3c5", "d1a2",
    "d1c4", "d1e4", "d3d4", "d3d5", "e1d2", "e1e2", "e1f2", "e3e4", "e3e5", "f1e2", "f3f4", "f3f5",
    "g1d2", "g1f4", "g1h4", "g3g4", "g3g5", "h1f2", "h3h4", "h3h5", "i1i2", "i3h2", "i3h4", "i3i4",
];

#[test]
fn perft_prints_only_the_total() {
    assert_eq!(ok_lines(&["perft", "chess", "3"]), ["total: 8902"]);
    assert_eq!(ok_lines(&["perft", "chess", "0"]), ["total: 1"]);
    assert_eq!(ok_lines(&["perft", "promochess", "2"]), ["total: 1289"]);
}

#[test]
fn perft_divide_promochess() {
    let lines = ok_lines(&["perft", "promochess", "2", "--divide"]);
    assert_eq!(lines.len(), 37, "{lines:?}");
    assert_eq!(lines[36], "total: 1289");
    let split = divide_lines(&lines[..36]);
    let tokens: Vec<&str> = split.iter().map(|(t, _)| t.as_str()).collect();
    let mut sorted = tokens.clone();
    sorted.sort();
    assert_eq!(tokens, sorted, "divide lines are sorted by token");
    assert_eq!(tokens, PROMOCHESS_START_MOVES);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 1289);
    assert!(split.iter().all(|(_, n)| *n > 0));
}

#[test]
fn perft_divide_hand_checked_position() {
    // The per-move counts of tests/data/perft/promochess.perft, id zone-pawn-silver,
    // derived by hand there.
    let fen = "4k4/9/2P6/5S3/9/9/9/9/K8 w - - 0 1";
    let lines = ok_lines(&["perft", "promochess", "2", "--divide", "--fen", fen]);
    let want = [
        "a1a2: 4",
        "a1b1: 4",
        "a1b2: 4",
        "c7c8: 4",
        "c7c8+: 3",
        "c7c9: 4",
        "f6e5: 4",
        "f6e7: 2",
        "f6e7+: 2",
        "f6f7: 2",
        "f6f7+: 1",
        "f6g5: 4",
        "f6g7: 3",
        "f6g7+: 3",
        "total: 44",
    ];
    assert_eq!(lines, want);
}

#[test]
fn perft_after_moves() {
    // After 1.e4 e5 White has 29 moves.
    assert_eq!(
        ok_lines(&["perft", "chess", "1", "--moves", "e2e4,e7e5"]),
        ["total: 29"]
    );
    let lines = ok_lines(&["perft", "chess", "1", "--moves", "e2e4,e7e5", "--divide"]);
    assert_eq!(lines.len(), 30);
    assert!(lines.iter().any(|l| l == "e1e2: 1"), "{lines:?}");
    assert_eq!(lines[29], "total: 29");
    // Moves on top of a position string.
    let fen = "4k4/9/2P6/5S3/9/9/9/9/K8 w - - 0 1";
    assert_eq!(
        ok_lines(&["perft", "promochess", "1", "--fen", fen, "--moves", "f6f7+"]),
        ["total: 1"]
    );
}

#[test]
fn moves_lists_sorted_tokens() {
    assert_eq!(ok_lines(&["moves", "chess"]), CHESS_START_MOVES);
    assert_eq!(ok_lines(&["moves", "promochess"]), PROMOCHESS_START_MOVES);
    let fen = "4k4/9/2P6/5S3/9/9/9/9/K8 w - - 0 1";
    assert_eq!(
        ok_lines(&["moves", "promochess", "--fen", fen]),
        [
            "a1a2", "a1b1", "a1b2", "c7c8", "c7c8+", "c7c9", "f6e5", "f6e7", "f6e7+", "f6f7",
            "f6f7+", "f6g5", "f6g7", "f6g7+"
        ]
    );
    // Promotions with a choice use `=x`.
    let lines = ok_lines(&["moves", "chess", "--fen", "8/4P3/8/8/k7/8/8/4K3 w - - 0 1"]);
    for t in ["e7e8=b", "e7e8=n", "e7e8=q", "e7e8=r"] {
        assert!(lines.iter().any(|l| l == t), "{t} missing: {lines:?}");
    }
    // Checkmate: no moves, no output.
    let mate = ok_lines(&["moves", "chess", "--moves", "f2f3,e7e5,g2g4,d8h4"]);
    assert!(mate.is_empty(), "{mate:?}");
}

#[test]
fn illegal_move_in_moves_option() {
    fails_naming(&["perft", "chess", "1", "--moves", "e2e4,e7e4"], "e7e4");
    fails_naming(&["perft", "chess", "1", "--moves", "e2e5"], "e2e5");
    fails_naming(&["moves", "chess", "--moves", "e2e4,nonsense"], "nonsense");
    fails_naming(&["perft", "chess", "1", "--moves", "e7e5"], "e7e5");
}

#[test]
fn bad_position_string() {
    let seven_ranks = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    fails_naming(&["perft", "chess", "1", "--fen", seven_ranks], "7 ranks");
    fails_naming(&["moves", "chess", "--fen", seven_ranks], seven_ranks);
    let bad_letter = "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    fails_naming(&["perft", "chess", "1", "--fen", bad_letter], "'x'");
    let bad_side = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR z KQkq - 0 1";
    fails_naming(&["perft", "chess", "1", "--fen", bad_side], "'z'");
    // A chess position string is not a PromoChess one.
    fails_naming(
        &[
            "moves",
            "promochess",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "rnbqkbnr",
    );
}

#[test]
fn unknown_variant() {
    fails_naming(&["perft", "xiangqi", "1"], "xiangqi");
    fails_naming(&["moves", "shogi"], "shogi");
}

/// Output commands piped into a reader that stops early (`| head -1`) end quietly: no panic
/// message, a success status.
#[test]
fn closed_stdout_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    for args in [
        &[
            "selfplay", "chess", "--games", "2", "--a", "depth=1", "--b", "random",
        ][..],
        &["moves", "chess"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rankup"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the rankup binary runs");
        // Read one byte, then close the pipe.
        let mut first = [0u8; 1];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "rankup {args:?}: {stderr}");
        assert!(
            out.status.success(),
            "rankup {args:?}: {:?} {stderr}",
            out.status
        );
    }
}
