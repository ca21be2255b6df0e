//! Engine matches (`rankup::arena`, `rankup match`): rankup against itself through the real
//! binary, and against scripted engines that cheat, hang or crash. No assertion depends on
//! timing: only on how games end.

use std::time::Duration;

use rankup::arena::stats::Sprt;
use rankup::arena::{self, Adjudication, Ending, GameResult, MatchConfig, TimeControl};
use rankup::variants::VariantId;

mod common;

const RANKUP: &str = env!("CARGO_BIN_EXE_rankup");

/// `rankup uci` as an engine command line, with config and data folders of its own (as
/// [`common::rankup`] gives), so the developer's own games never join the match.
fn rankup_uci() -> String {
    let home = std::env::temp_dir().join(format!("rankup-test-{}-arena", std::process::id()));
    format!(
        "env RANKUP_CONFIG_DIR={} RANKUP_DATA_DIR={} {RANKUP} uci",
        home.join("config").display(),
        home.join("data").display()
    )
}

/// A UCI engine in a shell script: the handshake, then `on_go` (shell code) for every `go`.
fn script(on_go: &str) -> String {
    let body = format!(
        "while read -r line; do case \"$line\" in \
         uci) echo 'id name scripted'; \
         echo 'option name UCI_Variant type combo default chess var chess var promochess'; \
         echo uciok;; \
         isready) echo readyok;; \
         go*) {on_go};; \
         quit) exit 0;; \
         esac; done"
    );
    format!("sh -c \"{body}\"")
}

fn config(engine1: String, engine2: String, games: u32) -> MatchConfig {
    MatchConfig {
        commands: [engine1, engine2],
        options: [Vec::new(), Vec::new()],
        variant: VariantId::Promochess,
        games,
        time: TimeControl::MoveTime(Duration::from_millis(5)),
        margin: Duration::from_secs(5),
        opening_plies: 2,
        seed: 7,
        max_plies: 30,
        adjudication: Adjudication::default(),
        sprt: None,
        concurrency: 1,
    }
}

fn play(cfg: &MatchConfig) -> Vec<GameResult> {
    let mut games = Vec::new();
    let tally = arena::run(cfg, &mut |g, _| games.push(g.clone())).expect("the match runs");
    assert_eq!(tally.wdl.games() as usize, games.len());
    games
}

#[test]
fn rankup_plays_itself_with_paired_openings() {
    let rankup = rankup_uci();
    let mut cfg = config(rankup.clone(), rankup, 3);
    cfg.options[0].push(("Hash".into(), "4".into()));
    let games = play(&cfg);
    // Rounded up to whole pairs; each opening is played once with each colour.
    assert_eq!(games.len(), 4);
    for pair in games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_ne!(pair[0].first_white, pair[1].first_white);
        assert_eq!(pair[0].opening.len(), 2);
    }
    assert_ne!(games[0].opening, games[2].opening);
    for g in &games {
        assert!(
            matches!(g.ending, Ending::Rules(_) | Ending::MoveCap),
            "game {}: {}",
            g.index,
            g.ending
        );
        assert!(g.plies <= 30);
        if g.ending == Ending::MoveCap {
            assert_eq!((g.plies, g.winner), (30, None));
        }
    }
}

#[test]
fn a_clock_match_counts_what_each_engine_had_and_spent() {
    let rankup = rankup_uci();
    let mut cfg = config(rankup.clone(), rankup, 2);
    cfg.variant = VariantId::Chess;
    cfg.time = TimeControl::parse_clock("0.1+0.1").unwrap();
    cfg.max_plies = 12;
    let games = play(&cfg);
    let (base, increment) = (Duration::from_secs(6), Duration::from_millis(100));
    for g in &games {
        // After the two opening plies White moves first; the engine that plays White in
        // this game is engine 1 when `first_white`.
        let moves = g.plies - 2;
        let white = u32::try_from(moves.div_ceil(2)).unwrap();
        let black = u32::try_from(moves / 2).unwrap();
        let [one, two] = if g.first_white {
            [white, black]
        } else {
            [black, white]
        };
        for (e, made) in [(0, one), (1, two)] {
            let c = g.clock[e];
            assert_eq!(
                c.had,
                base + increment * made,
                "game {} engine {e}",
                g.index
            );
            assert!(c.used > Duration::ZERO && c.used <= c.had, "{c:?}");
            let least = c.least_left.expect("every engine moved");
            assert!(least < base, "{c:?}");
            assert!(c.percent_used() > 0.0 && c.percent_used() <= 100.0);
        }
    }
}

#[test]
fn an_illegal_move_loses() {
    let cheat = script("echo 'info depth 1 score cp 900'; echo 'bestmove a1a1'");
    let games = play(&config(cheat, rankup_uci(), 2));
    for g in &games {
        assert_eq!(g.ending, Ending::Illegal("a1a1".into()));
        assert_eq!(g.points(), 0.0);
    }
}

#[test]
fn a_hung_engine_loses_on_time_and_is_replaced() {
    let mut cfg = config(script("true"), rankup_uci(), 2);
    cfg.margin = Duration::from_millis(100);
    let games = play(&cfg);
    // Both games are lost on time, the second by a fresh process (the first was killed).
    for g in &games {
        assert_eq!(g.ending, Ending::Time, "game {}", g.index);
        assert_eq!(g.points(), 0.0);
    }
}

#[test]
fn a_crashing_engine_loses() {
    let games = play(&config(script("exit 3"), rankup_uci(), 2));
    for g in &games {
        assert!(matches!(g.ending, Ending::Failure(_)), "{}", g.ending);
        assert_eq!(g.points(), 0.0);
    }
}

#[test]
fn a_missing_engine_is_an_error_before_any_game() {
    let cfg = config("/nonexistent/engine".into(), rankup_uci(), 2);
    let err = arena::run(&cfg, &mut |_, _| panic!("no game is played")).unwrap_err();
    assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
}

#[test]
fn sprt_stops_a_one_sided_match() {
    // The cheat loses every game, so H0 (not stronger) is accepted long before 200 games.
    let cheat = script("echo 'bestmove a1a1'");
    let mut cfg = config(cheat, rankup_uci(), 200);
    cfg.sprt = Some(Sprt::new(0.0, 10.0));
    let games = play(&cfg);
    assert!(
        games.len() < 200 && games.len().is_multiple_of(2),
        "{}",
        games.len()
    );
}

/// `rankup match` between two rankup engines, two games of chess, with `extra` options:
/// its standard output, after checking that it succeeded.
fn rankup_match(extra: &[&str]) -> String {
    let (one, two) = (rankup_uci(), rankup_uci());
    let mut args = vec![
        "match",
        "--engine1",
        &one,
        "--engine2",
        &two,
        "--variant",
        "chess",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    let out = common::rankup().args(&args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    text
}

#[test]
fn match_command_reports_a_summary() {
    let text = rankup_match(&[
        "--movetime",
        "5",
        "--max-plies",
        "20",
        "--elo0",
        "0",
        "--elo1",
        "10",
    ]);
    assert!(text.contains("games 2: engine1 +"), "{text}");
    assert!(text.contains("elo (games):"), "{text}");
    assert!(text.contains("sprt elo0 0 elo1 10: llr"), "{text}");
    assert!(!text.contains("clock:"), "no clock, no clock use: {text}");
    // On a clock, every game line and the summary say how each engine used its time.
    let text = rankup_match(&["--tc", "0.1+0.1", "--max-plies", "10"]);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{text}");
    for line in games {
        assert!(line.contains("| clock: engine1 "), "{line}");
        assert!(
            line.contains("% of its base and increments, least left after a move "),
            "{line}"
        );
    }
    assert!(
        text.contains("clock: engine1 used ") && text.contains("of its base and increments"),
        "{text}"
    );
    let bad = common::rankup()
        .args(["match", "--engine1", "x", "--engine2", "y", "--tc", "fast"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'fast'"));
}

#[test]
fn match_clock_is_minutes_plus_seconds_as_play_clock() {
    let clock = |text| match TimeControl::parse_clock(text) {
        Ok(TimeControl::Clock(tc)) => Ok((tc.base, tc.increment)),
        Ok(other) => panic!("{text}: {other}"),
        Err(e) => Err(e),
    };
    assert_eq!(
        clock("1+0.5"),
        Ok((Duration::from_secs(60), Duration::from_millis(500)))
    );
    assert_eq!(
        clock("0.5+0"),
        Ok((Duration::from_secs(30), Duration::ZERO))
    );
    // The same limits as `play --clock`: some time to start with, at most 600 minutes.
    assert!(clock("0+1").is_err());
    assert!(clock("601+0").is_err());
    assert_eq!(
        TimeControl::parse_clock("1+0.5").unwrap().to_string(),
        rankup::game::TimeControl::parse("1+0.5").unwrap().label()
    );
}
