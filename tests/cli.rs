//! The `perft` and `moves` commands of the `rankup` binary: stdout format, exit codes and
//! one-line error messages.

use std::process::Output;

mod common;

fn rankup(args: &[&str]) -> Output {
    common::rankup()
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
        let mut child = common::rankup()
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

/// Argument errors from the parser are one line with exit code 2, as every other error
/// (clap printed 4-6 lines with a usage block).
#[test]
fn argument_errors_are_one_line() {
    fails_naming(&["perft", "chess", "x"], "invalid value 'x' for '<DEPTH>'");
    fails_naming(&["perft"], "<VARIANT>");
    fails_naming(&["--frobnicate"], "unexpected argument '--frobnicate'");
    fails_naming(
        &["perft", "chess", "1", "--fenn", "x"],
        "tip: a similar argument exists: '--fen'",
    );
    fails_naming(
        &["play", "chess", "--ai"],
        "a value is required for '--ai <AI>'",
    );
    fails_naming(&["frob"], "unrecognized subcommand 'frob'");
    // A huge bad value is quoted short.
    let long = "9".repeat(100_000);
    fails_naming(&["perft", "chess", &long], "'999999999");
    let out = rankup(&["perft", "chess", &long]);
    assert!(out.stderr.len() < 400, "{} bytes", out.stderr.len());
    // Help and version are not errors.
    for flag in ["--help", "--version"] {
        let out = rankup(&[flag]);
        assert!(out.status.success(), "{flag}");
        assert!(!out.stdout.is_empty(), "{flag}");
    }
}

/// The display flags belong to the commands that open the app, before or after the command
/// (the flags after it win); the text commands neither list nor take them.
#[test]
fn display_flags_belong_to_the_app_commands() {
    for command in ["perft", "moves", "uci", "match", "tune", "export", "serve"] {
        let help = ok_lines(&[command, "--help"]).join("\n");
        assert!(!help.contains("--theme"), "{command} --help:\n{help}");
        assert!(!help.contains("--no-mouse"), "{command} --help:\n{help}");
    }
    for command in [
        &["play", "chess"][..],
        &["review", "x.ron"],
        &["resume"],
        &["learn"],
    ] {
        let help = ok_lines(&[command, &["--help"]].concat()).join("\n");
        assert!(help.contains("--theme"), "{command:?} --help:\n{help}");
        assert!(help.contains("--no-ponder"), "{command:?} --help:\n{help}");
    }
    fails_naming(
        &["perft", "chess", "1", "--ascii"],
        "unexpected argument '--ascii'",
    );
    // Before or after the command; the two of one pair after it still conflict. Without a
    // terminal the app stops at that, after the flags were taken.
    for args in [
        &["--ascii", "play", "chess"][..],
        &["play", "chess", "--ascii", "--no-mouse"],
        &["--unicode", "play", "chess", "--ascii"],
    ] {
        fails_naming(args, "the app needs a terminal");
    }
    fails_naming(
        &["play", "chess", "--ascii", "--unicode"],
        "'--ascii' cannot be used with '--unicode'",
    );
    // A bad theme after the command is reported as one given before it.
    fails_naming(
        &["play", "chess", "--theme", "no-such-theme"],
        "no-such-theme",
    );
}

/// `--clock` errors say what is allowed.
#[test]
fn clock_errors_name_the_range() {
    for bad in ["900+3", "5+601", "0", "--clock=-1+2", "x", "inf+0", "NaN"] {
        let args = match bad.strip_prefix("--clock=") {
            Some(_) => vec!["play", "chess", bad],
            None => vec!["play", "chess", "--clock", bad],
        };
        fails_naming(&args, "at most 600, SECONDS from 0 to 600");
    }
}

/// Bad input of any size gives a short line, its text quoted as a prefix with `...`, and
/// nothing in it reaches the terminal raw.
#[test]
fn errors_quote_a_short_clean_prefix() {
    let long = format!("rnbqkbnr/{}", "p".repeat(100_000));
    let out = rankup(&["perft", "chess", "1", "--fen", &long]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.len() < 400 && stderr.contains("ppp..."), "{stderr}");
    let out = rankup(&["moves", "chess", "--moves", &"e2e4".repeat(10_000)]);
    assert!(
        out.stderr.len() < 300,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for nasty in [
        "\u{1b}[31mred",
        "a\u{202e}b",
        "x\ry",
        "\u{7}bell",
        "\u{9b}2J",
    ] {
        let out = rankup(&["moves", "chess", "--moves", nasty]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
        assert!(
            !stderr.contains(['\u{1b}', '\u{202e}', '\r', '\u{7}', '\u{9b}']),
            "{stderr:?}"
        );
    }
}

/// The `^square` of an Upgrade Chess King capture on a chess move is named as such (the
/// message suggested `e2e4^b1^b1`).
#[test]
fn a_recipient_on_a_chess_move() {
    fails_naming(
        &["moves", "chess", "--moves", "e2e4^b1"],
        "passes no level on",
    );
    let out = rankup(&["moves", "chess", "--moves", "e2e4^b1"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("^b1^b1"));
}

/// `rankup variant check` on a built-in's file: summary, board, moves from the centre,
/// promotions and chains, perft 1-3 with `total` last.
#[test]
fn variant_check_shows_the_game() {
    let lines = ok_lines(&["variant", "check", "variants/promochess.ron"]);
    assert_eq!(lines[0], "ok: PromoChess (promochess), 9x9, 13 piece types");
    assert_eq!(lines[1], "   a b c d e f g h i");
    assert_eq!(lines[2], " 9 r h c b k c b h r");
    assert_eq!(lines[10], " 1 R H B C K B C H R");
    for expected in [
        "moves from e5 on an empty board:",
        "  P Pawn: e6 e7",
        "  C Camel: d2 f2 b4 h4 b6 h6 d8 f8",
        "  P Pawn: on rank 9 -> G (forced); on ranks 7-9 -> G (optional)",
        "chain: S > D",
    ] {
        assert!(
            lines.iter().any(|l| l == expected),
            "{expected:?} in {lines:#?}"
        );
    }
    let n = lines.len();
    assert_eq!(
        lines[n - 4..],
        [
            "perft 1: 36",
            "perft 2: 1289",
            "perft 3: 47820",
            "total: 47820"
        ]
    );
}

/// Tamerspiel's file: holes are blanks in the diagram; the built-in lame movements and the
/// citadel promotions are listed.
#[test]
fn variant_check_tamerspiel() {
    let lines = ok_lines(&["variant", "check", "variants/tamerspiel.ron"]);
    assert_eq!(
        lines[0],
        "ok: Tamerspiel (tamerspiel), 12x8, 19 piece types"
    );
    assert_eq!(lines[3], " 7   p p p p v f p p p p");
    assert!(lines
        .iter()
        .any(|l| l == "  F Firzan: on a8 l8 -> E (forced)"));
    assert!(lines.iter().any(|l| l == "chain: F > E > Q"));
    assert_eq!(lines.last().map(String::as_str), Some("total: 10773"));
}

/// The broken-file table on the command line: each kind of problem is one line naming the
/// file, line, column and field, and exit code 2 (tests/variant_files.rs checks the
/// positions in detail).
#[test]
fn variant_check_broken_files() {
    const TINY: &str = include_str!("data/variants/tiny.ron");
    let dir = std::env::temp_dir().join(format!("rankup-variant-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cases: &[(&str, &str, &str)] = &[
        ("files: 6,", "files: 6", ":7:5: ranks: "),
        (
            "royal: true",
            "royall: true",
            "pieces[2].royall: unknown field 'royall'",
        ),
        (
            "2kg2/",
            "2kx2/",
            ":29:12: start: start position uses letter 'x'",
        ),
        (
            "Betza(\"fmW fcF\")",
            "Betza(\"fmW fcX\")",
            "pieces[0].movement[0]: invalid Betza 'fmW fcX' at 6: unknown atom letter",
        ),
        (
            "to: \"G\"",
            "to: \"Z\"",
            "pieces[0].promotions[0].to: promotion target 'Z' is not the letter of a piece",
        ),
        (
            "to: 'G'",
            "to: 'Z'",
            "pieces[1].capture_promotions[0].to: capture-promotion target 'Z'",
        ),
        (
            "files: 6",
            "files: 13",
            ":6:12: files: board of 13 files x 6 ranks: the engine plays on 1 to 12 files",
        ),
        ("royal: true,", "", "pieces: no piece is royal"),
        (
            "2GK2 w",
            "2KK2 w",
            "start: start position: White has 2 royal pieces",
        ),
        ("to: \"G\"", "to: \"K\"", "must keep royalty"),
        (
            "movement: Betza(\"K\"),\n            royal",
            "movement: Builtin(\"dragon\"),\n            royal",
            "pieces[2].movement[0]: unknown built-in 'dragon' (known: nobleman, supercav)",
        ),
        (
            "letter: 'G'",
            "letter: 'P'",
            "pieces[1].letter: letter 'P' is used by two pieces",
        ),
    ];
    for (i, (from, to, needle)) in cases.iter().enumerate() {
        assert!(TINY.contains(from), "{from:?}");
        let path = dir.join(format!("tiny{i}.ron"));
        std::fs::write(&path, TINY.replacen(from, to, 1)).expect("write the broken file");
        let path = path.to_str().expect("UTF-8 temp path");
        fails_naming(&["variant", "check", path], &format!("{path}:"));
        fails_naming(&["variant", "check", path], needle);
    }
    fails_naming(
        &[
            "variant",
            "check",
            &dir.join("missing.ron").to_string_lossy(),
        ],
        "missing.ron",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The node count of one `bench-ai --depth` line (per game or the signature).
fn bench_nodes(line: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|&w| w == "nodes")
        .and_then(|at| words.get(at + 1)?.parse().ok())
        .unwrap_or_else(|| panic!("no node count in {line:?}"))
}

#[test]
fn bench_ai_depth_prints_a_signature_that_repeats() {
    let run = || ok_lines(&["bench-ai", "--depth", "4"]);
    let first = run();
    // One line per built-in game, then the signature.
    assert_eq!(first.len(), 14, "{first:#?}");
    let (games, signature) = first.split_at(13);
    assert!(games[0].starts_with("chess ") && games[0].contains("positions 4"));
    assert!(
        signature[0].starts_with("signature ") && signature[0].contains("positions 52"),
        "{signature:?}"
    );
    let per_game: Vec<u64> = games.iter().map(|l| bench_nodes(l)).collect();
    assert!(per_game.iter().all(|&n| n > 0), "{games:#?}");
    assert_eq!(per_game.iter().sum::<u64>(), bench_nodes(&signature[0]));
    // A single-threaded depth-limited search is deterministic: the same counts again.
    let second = run();
    let counts = |lines: &[String]| lines.iter().map(|l| bench_nodes(l)).collect::<Vec<_>>();
    assert_eq!(counts(&first), counts(&second));
}

#[test]
fn bench_ai_depth_refuses_threads_and_depth_zero() {
    fails_naming(&["bench-ai", "--depth", "4", "--threads", "2"], "--threads");
    fails_naming(&["bench-ai", "--depth", "0"], "--depth");
}

/// `uci --weights GAME=FILE` names what is wrong with a spec in one line, before speaking UCI.
#[test]
fn uci_weights_errors_are_one_line() {
    fails_naming(&["uci", "--weights", "chess"], "expected GAME=FILE");
    fails_naming(
        &["uci", "--weights", "frob=derived"],
        "unknown variant 'frob'",
    );
    let dir = std::env::temp_dir().join(format!("rankup-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.ron");
    fails_naming(
        &["uci", "--weights", &format!("chess={}", missing.display())],
        "missing.ron",
    );
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(tempi: 3)").unwrap();
    fails_naming(
        &["uci", "--weights", &format!("chess={}", bad.display())],
        "Unexpected field named `tempi`",
    );
    fails_naming(
        &["uci", "--search-params", &missing.display().to_string()],
        "--search-params",
    );
    std::fs::write(&bad, "(rfp_margn: 3)").unwrap();
    fails_naming(
        &["uci", "--search-params", &bad.display().to_string()],
        "Unexpected field named `rfp_margn`",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
