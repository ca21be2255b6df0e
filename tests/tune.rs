//! `rankup tune` through the real binary: its guards are options, recorded in the file it
//! writes, and a weight whose feature is too rare is held and said to be.

use rankup::ai::Weights;

mod common;

/// Runs `rankup ARGS --out FILE` (FILE a fresh temporary name), which must succeed, and
/// returns its stderr and what it wrote (the file is removed).
fn run_writing(args: &[&str]) -> (String, String) {
    let out = std::env::temp_dir().join(format!(
        "rankup-tune-test-{}-{}.ron",
        args.join("-").replace(['/', ' '], "_"),
        std::process::id()
    ));
    let run = common::rankup()
        .args(args)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{args:?}: {stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    (stderr, text)
}

#[test]
fn tune_holds_rare_weights_and_records_its_guards() {
    let (stderr, text) = run_writing(&[
        "tune",
        "chess",
        "--games",
        "2",
        "--nodes",
        "200",
        "--plies",
        "4",
        "--passes",
        "1",
        "--pull",
        "0.5",
        "--min-count",
        "100000",
    ]);
    // Two games hold far fewer than 100,000 positions: every weight is held.
    assert!(
        stderr.contains("held at the start (in fewer than 100000 positions): value B"),
        "{stderr}"
    );
    assert!(
        stderr.contains("positions holding each feature: value B "),
        "{stderr}"
    );
    let w = Weights::from_ron(&text).unwrap();
    assert!(w
        .provenance
        .command
        .ends_with("--passes 1 --pull 0.5 --min-count 100000 --lambda 1"));
    // Every weight held: the set the tune started from, the game's built-in one.
    let start = Weights::builtin("chess");
    assert_eq!(
        (w.centre, w.mobility, w.tempo, &w.values),
        (start.centre, start.mobility, start.tempo, &start.values)
    );
    assert_eq!(w.provenance.error_after, w.provenance.error_before);
}

#[test]
fn tune_refuses_a_negative_pull() {
    let run = common::rankup()
        .args([
            "tune",
            "chess",
            "--games",
            "1",
            "--nodes",
            "50",
            "--pull=-1",
        ])
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("--pull must be 0 or more"));
}

#[test]
fn tune_refuses_a_lambda_outside_0_to_1() {
    for lambda in ["--lambda=1.5", "--lambda=-0.1", "--lambda=NaN"] {
        let run = common::rankup()
            .args(["tune", "chess", "--games", "1", "--nodes", "50", lambda])
            .output()
            .unwrap();
        assert!(!run.status.success(), "{lambda}");
        assert!(
            String::from_utf8_lossy(&run.stderr).contains("--lambda must be from 0 to 1"),
            "{lambda}"
        );
    }
}

#[test]
fn tune_holds_the_pieces_it_is_told_to_and_refuses_others() {
    let stderr = common::refused(&[
        "tune", "veteran", "--games", "1", "--nodes", "50", "--hold", "QX",
    ]);
    assert!(
        stderr.contains("--hold: 'X' is not a piece with a value in veteran (its pieces: NBRLVMQ)"),
        "{stderr}"
    );
    let (stderr, text) = run_writing(&[
        "tune", "veteran", "--games", "2", "--nodes", "100", "--plies", "4", "--passes", "1",
        "--hold", "QMV",
    ]);
    assert!(stderr.contains("or by --hold): "), "{stderr}");
    for piece in ["value V", "value M", "value Q"] {
        let held = stderr
            .lines()
            .find(|l| l.contains("held at the start"))
            .unwrap();
        assert!(held.contains(piece), "{piece}: {held}");
    }
    let w = Weights::from_ron(&text).unwrap();
    assert!(
        w.provenance.command.ends_with("--lambda 1 --hold QMV"),
        "{}",
        w.provenance.command
    );
}

#[test]
fn spsa_plays_its_pairs_and_writes_a_set_that_says_how() {
    let (stderr, text) = run_writing(&[
        "spsa",
        "veteran",
        "--games",
        "4",
        "--nodes",
        "100",
        "--plies",
        "2",
        "--hold",
        "Q",
        "--threads",
        "2",
    ]);
    assert!(stderr.contains("spsa: 2 pairs: value B "), "{stderr}");
    let w = Weights::from_ron(&text).unwrap();
    assert_eq!(
        w.provenance.command,
        "rankup spsa veteran --games 4 --nodes 100 --plies 2 --seed 1 --rate 0.01 --hold Q"
    );
    assert_eq!(w.provenance.games, 4);
    // Every piece with a value is in the set, the held one as it was in the set the game
    // plays with.
    let letters: String = w.values.keys().collect();
    assert_eq!(letters, "BLMNQRV");
    assert_eq!(w.values[&'Q'], Weights::builtin("veteran").values[&'Q']);
}

#[test]
fn spsa_search_tunes_the_search_numbers_and_writes_a_file_uci_reads() {
    let (stderr, text) = run_writing(&[
        "spsa", "chess", "--search", "--games", "4", "--nodes", "100", "--plies", "2",
    ]);
    assert!(stderr.contains("spsa: 2 pairs: rfp_margin "), "{stderr}");
    assert!(
        text.starts_with(
            "// rankup spsa chess --games 4 --nodes 100 --plies 2 --seed 1 --rate 0.01 --search\n"
        ),
        "{text}"
    );
    let p = rankup::ai::SearchParams::from_ron(&text).unwrap();
    let names: Vec<String> = p.params().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names.len(), rankup::ai::params::SPECS.len());
    let held = common::rankup()
        .args(["spsa", "chess", "--search", "--hold", "Q"])
        .output()
        .unwrap();
    assert!(!held.status.success());
    assert!(String::from_utf8_lossy(&held.stderr).contains("does not go with --search"));
}

#[test]
fn spsa_refuses_what_it_cannot_run() {
    for (args, said) in [
        (&["--games", "1"][..], "--games must be at least 2"),
        (&["--rate=0"][..], "--rate must be more than 0"),
        (&["--threads", "0"][..], "--threads must be at least 1"),
        (
            &["--hold", "K"][..],
            "--hold: 'K' is not a piece with a value",
        ),
    ] {
        let run = common::rankup()
            .args(["spsa", "chess", "--nodes", "50"])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{args:?}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}
