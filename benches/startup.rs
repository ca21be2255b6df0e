//! Start-up with a full games folder: 1,000 unfinished games of about 200 KB each (200 MB)
//! in `games/`, as the store writes them, then
//!
//! * the listing a start does, through the library (`DataDir::tidy` and `in_play`), and
//! * the real binary in tmux, from its start until the start screen shows the list,
//!
//! each timed over a few runs (fastest and median). Issue 28's target: the start screen in
//! under 0.3 s on a quiet 2-core machine.
//!
//! ```sh
//! cargo bench --bench startup                 # 1,000 games of ~200 KB
//! cargo bench --bench startup -- --old        # the same, written as older versions did
//!                                             # (no head: lists count the moves)
//! cargo bench --bench startup -- --games 200 --kib 50 --plies 300 --runs 9
//! RANKUP_BASELINE=/path/to/older/rankup cargo bench --bench startup   # compare a build
//! ```
//!
//! The folder is made once per set of options under the temporary folder and kept for the
//! next run (`--fresh` makes it again).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rankup::game::Game;
use rankup::rules::Position;
use rankup::save::{DataDir, GameMeta, Player, SavedGame};
use rankup::variants::{variant, VariantId};

struct Options {
    games: usize,
    kib: usize,
    plies: usize,
    runs: usize,
    old: bool,
    fresh: bool,
}

fn options() -> Options {
    let mut o = Options {
        games: 1000,
        kib: 200,
        plies: 60,
        runs: 5,
        old: false,
        fresh: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match a.as_str() {
            "--games" => o.games = number("--games"),
            "--kib" => o.kib = number("--kib"),
            "--plies" => o.plies = number("--plies"),
            "--runs" => o.runs = number("--runs").max(1),
            "--old" => o.old = true,
            "--fresh" => o.fresh = true,
            // What cargo bench passes along.
            "--bench" => {}
            other => panic!("unknown option {other}"),
        }
    }
    o
}

/// An unfinished chess game of at most `plies` random legal moves, each with a comment,
/// about `bytes` long as a file; `seed` makes each game different.
fn long_game(seed: u64, plies: usize, bytes: usize) -> SavedGame {
    let mut game = Game::new(Position::start(variant(VariantId::Chess)));
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        let mv = moves[next() % moves.len()];
        let before = game.clone();
        game.play(mv).expect("a legal move");
        if game.outcome().is_some() {
            game = before;
            break;
        }
    }
    let plies = game.history().len().max(1);
    let per_move = bytes / plies;
    for i in 0..game.history().len() {
        let note = game.note_mut(i).expect("a played move");
        note.comment = Some("a long think about this move; ".repeat(per_move / 30 + 1));
        note.think_ms = Some(1000 + i as u64);
    }
    let mut meta = GameMeta::new(
        Player::Human {
            name: Some(format!("Player {seed}")),
        },
        Player::Ai {
            level: rankup::ai::Level::DEFAULT,
        },
    );
    meta.started = rankup::save::Timestamp::from_unix(1_760_000_000 + seed as i64 * 60);
    SavedGame::from_game(&game, &meta)
}

/// The data folder for these options, made when missing (or when `fresh`).
fn data_folder(o: &Options) -> PathBuf {
    let root = std::env::temp_dir().join(format!(
        "rankup-bench-startup-{}x{}k{}p{}",
        o.games,
        o.kib,
        o.plies,
        if o.old { "-old" } else { "" }
    ));
    let done = root.join("complete");
    if done.exists() && !o.fresh {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    let data = DataDir::at(&root);
    let started = Instant::now();
    for i in 0..o.games {
        let game = long_game(i as u64, o.plies, o.kib * 1024);
        if o.old {
            // As an older rankup wrote it: no head.
            std::fs::create_dir_all(data.games_dir()).unwrap();
            let path = data.games_dir().join(format!("old-{i:04}.ron"));
            std::fs::write(path, game.to_ron()).unwrap();
        } else {
            let mut file = data.new_game_file(&game).expect("a game file");
            file.write(&game).expect("written");
        }
    }
    std::fs::write(&done, "").unwrap();
    let bytes: u64 = std::fs::read_dir(data.games_dir())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    eprintln!(
        "made {} games, {:.0} MB, in {:.1} s",
        o.games,
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    root
}

/// Fastest and median of `runs` timings of `f`.
fn time(runs: usize, mut f: impl FnMut() -> Duration) -> (Duration, Duration) {
    let mut all: Vec<Duration> = (0..runs).map(|_| f()).collect();
    all.sort();
    (all[0], all[all.len() / 2])
}

fn report(what: &str, (fastest, median): (Duration, Duration)) {
    println!(
        "{what:<44} fastest {:>7.1} ms   median {:>7.1} ms",
        fastest.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3
    );
}

/// The time from starting `bin` in a fresh tmux session until its start screen shows the
/// unfinished games.
fn screen_time(bin: &Path, root: &Path) -> Option<Duration> {
    // A server of its own per run: one that is still shutting down may refuse a session.
    static RUN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let run = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let socket = format!("rankup-bench-{}-{run}", std::process::id());
    let tmux = |args: &[&str]| {
        Command::new("tmux")
            .arg("-L")
            .arg(&socket)
            .args(args)
            .output()
    };
    let config = root.join("config");
    let script = format!(
        "RANKUP_DATA_DIR='{}' RANKUP_CONFIG_DIR='{}' '{}'; sleep 30",
        root.display(),
        config.display(),
        bin.display()
    );
    let started = Instant::now();
    let made = tmux(&[
        "new-session",
        "-d",
        "-s",
        "b",
        "-x",
        "100",
        "-y",
        "30",
        &script,
    ])
    .ok()?;
    if !made.status.success() {
        return None;
    }
    let mut shown = None;
    while started.elapsed() < Duration::from_secs(120) {
        let screen = tmux(&["capture-pane", "-p", "-t", "b"]).ok()?;
        let text = String::from_utf8_lossy(&screen.stdout);
        // The list's title, or (no games) the game list under it.
        if text.contains("Unfinished games") || text.contains("> Chess") {
            shown = Some(started.elapsed());
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let _ = tmux(&["kill-server"]);
    shown
}

fn main() {
    let o = options();
    let root = data_folder(&o);
    let data = DataDir::at(&root);
    println!(
        "{} games of ~{} KiB (at most {} plies) in games/{}; {} runs each",
        o.games,
        o.kib,
        o.plies,
        if o.old {
            " (older format, no head)"
        } else {
            ""
        },
        o.runs
    );
    report(
        "library: tidy + in_play (what a start reads)",
        time(o.runs, || {
            let t = Instant::now();
            let tidied = data.tidy();
            let listed = data.in_play().unwrap();
            assert!(tidied.problems.is_empty(), "{tidied:?}");
            assert_eq!(listed.len(), o.games);
            assert!(listed.iter().all(|g| g.entry.is_ok()));
            t.elapsed()
        }),
    );
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("binary: skipped (no tmux)");
        return;
    }
    let mut bins = vec![(
        "binary: start screen shown".to_string(),
        PathBuf::from(env!("CARGO_BIN_EXE_rankup")),
    )];
    if let Some(base) = std::env::var_os("RANKUP_BASELINE") {
        bins.push(("baseline: start screen shown".into(), PathBuf::from(base)));
    }
    // The same with no games at all: what starting the program and tmux cost anyway.
    let empty = std::env::temp_dir().join(format!("rankup-bench-empty-{}", std::process::id()));
    std::fs::create_dir_all(empty.join("games")).unwrap();
    let mut runs = vec![];
    for (what, bin) in bins {
        runs.push((what.clone(), bin.clone(), root.clone()));
        runs.push((format!("{what} (no games)"), bin, empty.clone()));
    }
    for (what, bin, root) in runs {
        let times: Vec<Duration> = (0..o.runs)
            .filter_map(|_| screen_time(&bin, &root))
            .collect();
        if times.len() < o.runs {
            println!("{what}: the start screen did not appear within 120 s");
            continue;
        }
        let mut i = times.into_iter();
        report(&what, time(o.runs, || i.next().expect("one per run")));
    }
    let _ = std::fs::remove_dir_all(&empty);
}
