//! Hostile files in every place rankup reads, through the real binary: deep nesting at
//! growing sizes (up to each loader's size limit, and as the game definition a save
//! carries), non-UTF-8 bytes and escape codes, in the config's `variants/` and `themes/`, as
//! `config.ron`, and in the data folder's `games/` and `saves/`. Each gets its exit code and
//! one clear line, and stays within generous ceilings of time and peak memory (the exact
//! figures are in `benches/hostile_files.sh`; before the nesting limit, 200 KB of `(` took
//! gigabytes). FIFOs, folders, link loops and devices in the same places are
//! `tests/terminal_saves.rs`'s `special_files_anywhere_never_hang_rankup`.
//! PGN files for `rankup import` get the same treatment.

#![cfg(unix)]

mod tmux;

use std::fs;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tmux::{bin, data_dir, Tmux};

/// No command may take longer than this (they take milliseconds).
const TIME_CEILING: Duration = Duration::from_secs(10);
/// Nor use more memory than this at its peak, in KiB (they use about 5-15 MiB).
const MEMORY_CEILING_KIB: i64 = 200 * 1024;

/// What one run of the binary did.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    took: Duration,
    peak_kib: i64,
}

/// Runs the binary with `home`'s config and data folders and no terminal; its exit code,
/// output, time and peak memory (from `wait4`, this child's own). A run past twice the time
/// ceiling is killed, and fails the ceiling check.
fn run(home: &Path, args: &[&str]) -> Run {
    let started = Instant::now();
    let mut child = Command::new(bin())
        .args(args)
        .env("RANKUP_CONFIG_DIR", home.join("config"))
        .env("RANKUP_DATA_DIR", home.join("data"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let pid = child.id() as libc::pid_t;
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(2 * TIME_CEILING);
        // SAFETY: kill(2) with a pid and a signal number; at worst the pid is gone.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    });
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in; the pid is our own child, waited
    // for here only (std's Child is dropped without waiting).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let took = started.elapsed();
    drop(watchdog);
    drop(child);
    Run {
        code: std::process::ExitStatus::from_raw(status).code(),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        took,
        peak_kib: usage.ru_maxrss,
    }
}

/// The hostile contents: a name and the file's bytes.
fn contents() -> Vec<(&'static str, Vec<u8>)> {
    let nest = |open: &str, close: &str, n: usize| format!("{}{}", open.repeat(n), close.repeat(n));
    let union = |n: usize| {
        format!(
            "(id: \"deep\", name: \"Deep\", files: 8, ranks: 8, pieces: [(name: \"King\", \
             letter: 'K', royal: true, movement: {})], start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\")",
            nest("Union([", "])", n).replacen("])", "Betza(\"K\")])", 1)
        )
    };
    vec![
        ("nest-12k", nest("(", ")", 6_000).into_bytes()),
        ("nest-200k", nest("(", ")", 100_000).into_bytes()),
        ("open-250k", "[".repeat(250_000).into_bytes()),
        ("union-90k", union(8_000).into_bytes()),
        ("binary", (0..=255u8).cycle().take(5_000).collect()),
        (
            "escapes",
            "(id: \"x\u{1b}[2J\", name: \"\u{202e}evil\u{1b}]0;title\u{7}\", \r\n\0 files: 8"
                .as_bytes()
                .to_vec(),
        ),
    ]
}

/// A save of a player's game carrying `definition` as its game, with its true hash.
fn save_carrying(definition: &str) -> Vec<u8> {
    let escaped = definition.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "#![enable(implicit_some)]\n(version: 1, variant: \"deep\", variant_hash: \"{}\", \
         variant_file: \"{escaped}\", start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\", \
         players: (white: Human(name: None), black: Human(name: None)), result: \"*\", \
         started: \"2025-06-01T18:30:00Z\", moves: [])\n",
        rankup::variants::content_hash(definition)
    )
    .into_bytes()
}

/// One line on stderr, nothing a terminal acts on, within the ceilings; `what` names the
/// case in failures.
fn one_clean_line(what: &str, run: &Run) {
    let lines = run.stderr.lines().count();
    assert_eq!(lines, 1, "{what}: {:?}", run.stderr);
    for text in [&run.stderr, &run.stdout] {
        assert!(
            !text.contains(['\u{1b}', '\r', '\0', '\u{7}', '\u{202e}']),
            "{what}: {text:?}"
        );
    }
    assert!(run.stderr.len() < 600, "{what}: {:?}", run.stderr);
    within_ceilings(what, run);
}

fn within_ceilings(what: &str, run: &Run) {
    assert!(run.took < TIME_CEILING, "{what}: took {:?}", run.took);
    assert!(
        run.peak_kib < MEMORY_CEILING_KIB,
        "{what}: peak memory {} KiB",
        run.peak_kib
    );
}

/// A fresh home (config and data folders) for one case.
fn home(root: &Path, case: &str) -> PathBuf {
    let home = root.join(case);
    fs::create_dir_all(home.join("config/variants")).unwrap();
    fs::create_dir_all(home.join("config/themes")).unwrap();
    fs::create_dir_all(home.join("data/games")).unwrap();
    fs::create_dir_all(home.join("data/saves")).unwrap();
    home
}

const GAME_NAME: &str = "2026-01-01T000000Z-chess-abcd.ron";

#[test]
fn hostile_contents_in_every_place_get_one_line_fast() {
    let root = data_dir("hostile-cli");
    let mut cases = contents();
    // The largest files each place accepts, nested all the way.
    cases.push((
        "nest-1m",
        format!("{}{}", "{".repeat(500_000), "}".repeat(500_000)).into_bytes(),
    ));
    cases.push((
        "nest-8m",
        format!("{}{}", "(".repeat(4_000_000), ")".repeat(4_000_000)).into_bytes(),
    ));
    for (kind, bytes) in &cases {
        let size = bytes.len();
        // The config's variants/: every command reads it, and leaves a broken file out.
        if size <= 256 * 1024 {
            let home = home(&root, &format!("{kind}-variants"));
            let file = home.join("config/variants/x.ron");
            fs::write(&file, bytes).unwrap();
            let moves = run(&home, &["moves", "chess"]);
            assert_eq!(moves.code, Some(0), "variants/{kind}: {}", moves.stderr);
            assert_eq!(moves.stdout.lines().count(), 20, "variants/{kind}");
            within_ceilings(&format!("variants/{kind}: moves"), &moves);
            let check = run(&home, &["variant", "check", file.to_str().unwrap()]);
            assert_eq!(check.code, Some(2), "variants/{kind}: {}", check.stderr);
            // The path is named (a long one by its end, where the file's name is).
            assert!(
                check.stderr.starts_with("rankup: ")
                    && check.stderr.contains("/config/variants/x.ron:"),
                "variants/{kind}: {}",
                check.stderr
            );
            one_clean_line(&format!("variant check {kind}"), &check);
        }
        // config.ron and a theme of themes/, up to their 1 MiB limit.
        if size <= 1024 * 1024 {
            let home = home(&root, &format!("{kind}-config"));
            fs::write(home.join("config/config.ron"), bytes).unwrap();
            let play = run(&home, &["play", "chess"]);
            assert_eq!(play.code, Some(2), "config.ron {kind}");
            assert!(play.stderr.contains("config.ron"), "{}", play.stderr);
            one_clean_line(&format!("config.ron {kind}"), &play);
            let home = self::home(&root, &format!("{kind}-theme"));
            fs::write(home.join("config/themes/x.ron"), bytes).unwrap();
            let play = run(&home, &["--theme", "x", "play", "chess"]);
            assert_eq!(play.code, Some(2), "themes/{kind}");
            assert!(play.stderr.contains("themes/x.ron"), "{}", play.stderr);
            one_clean_line(&format!("themes/{kind}"), &play);
        }
        // A save, in saves/ and as a game in play, and the same as the game it carries.
        let home = home(&root, &format!("{kind}-saves"));
        let carried = std::str::from_utf8(bytes)
            .ok()
            .filter(|_| size <= 256 * 1024)
            .map(save_carrying);
        for (place, text) in [
            ("saves/x.ron", Some(bytes.clone())),
            (&*format!("games/{GAME_NAME}"), Some(bytes.clone())),
            ("saves/carried.ron", carried.clone()),
            ("games/2026-01-01T000000Z-deep-abcd.ron", carried),
        ] {
            let Some(text) = text else { continue };
            let file = home.join("data").join(place);
            fs::write(&file, text).unwrap();
            let export = run(&home, &["export", file.to_str().unwrap()]);
            assert_eq!(export.code, Some(2), "{place} {kind}: {}", export.stderr);
            assert!(export.stdout.is_empty(), "{place} {kind}");
            one_clean_line(&format!("export {place} {kind}"), &export);
        }
    }
    let _ = fs::remove_dir_all(&root);
}

/// The same contents as PGN files for `rankup import`, with PGN's own nestings (comments,
/// variations, tags) and the 8 MB nest: each is refused with a line for each game it seems
/// to hold and one summary line (or, for variations nested 100 000 deep, which PGN readers skip, imported),
/// nothing a terminal acts on, within the ceilings; nothing is left half-written in saves/.
#[test]
fn hostile_pgn_files_are_refused_in_a_line_or_two() {
    let root = data_dir("hostile-pgn");
    let mut cases = contents();
    cases.push((
        "nest-8m",
        format!("{}{}", "(".repeat(4_000_000), ")".repeat(4_000_000)).into_bytes(),
    ));
    cases.push((
        "comments-1m",
        format!("1. e4 {}{} *", "{".repeat(500_000), "}".repeat(500_000)).into_bytes(),
    ));
    cases.push(("tags-250k", "[Event \"".repeat(50_000).into_bytes()));
    for (kind, bytes) in &cases {
        let home = home(&root, &format!("{kind}-pgn"));
        let file = home.join(format!("{kind}.pgn"));
        fs::write(&file, bytes).unwrap();
        let import = run(&home, &["import", file.to_str().unwrap()]);
        let what = format!("import {kind}");
        assert_eq!(import.code, Some(2), "{what}: {}", import.stderr);
        // One line for each game the file seems to hold (a few at most), one summary line.
        assert_eq!(
            import.stderr.lines().count(),
            1,
            "{what}: {}",
            import.stderr
        );
        assert!(
            import.stderr.starts_with("rankup: "),
            "{what}: {}",
            import.stderr
        );
        assert!(
            import.stdout.lines().count() <= 3,
            "{what}: {}",
            import.stdout
        );
        assert!(
            import.stdout.lines().all(|l| l.starts_with("game ")),
            "{what}: {}",
            import.stdout
        );
        for text in [&import.stderr, &import.stdout] {
            assert!(
                !text.contains(['\u{1b}', '\r', '\0', '\u{7}', '\u{202e}']),
                "{what}: {text:?}"
            );
            assert!(text.len() < 600, "{what}: {text:?}");
        }
        within_ceilings(&what, &import);
        let saved = fs::read_dir(home.join("data/saves")).unwrap().count();
        assert_eq!(saved, 0, "{what}: nothing is saved from a refused game");
    }
    // Variations nested 100 000 deep are skipped as PGN readers do: the main line is saved.
    let home = home(&root, "variations-pgn");
    let file = home.join("variations.pgn");
    let nested = format!(
        "1. e4 {}e5{} e5 *",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    fs::write(&file, nested).unwrap();
    let import = run(&home, &["import", file.to_str().unwrap()]);
    assert_eq!(import.code, Some(0), "{}", import.stderr);
    within_ceilings("import variations", &import);
    assert_eq!(fs::read_dir(home.join("data/saves")).unwrap().count(), 1);
    let _ = fs::remove_dir_all(&root);
}

/// All of them at once, in the app: the start screen comes up listing every broken game
/// and player's game file with its reason, the browser lists every broken save, and the app
/// stays within the ceilings.
#[test]
fn the_app_lists_every_hostile_file_and_goes_on() {
    let Some(tmux) = Tmux::new("hostile-app") else {
        return;
    };
    let data = data_dir("hostile-app");
    let config = tmux::config_dir_of(&data);
    fs::create_dir_all(config.join("variants")).unwrap();
    fs::create_dir_all(data.join("games")).unwrap();
    fs::create_dir_all(data.join("saves")).unwrap();
    let cases = contents();
    for (kind, bytes) in &cases {
        fs::write(config.join("variants").join(format!("{kind}.ron")), bytes).unwrap();
        fs::write(data.join("saves").join(format!("{kind}.ron")), bytes).unwrap();
        if let Ok(text) = std::str::from_utf8(bytes) {
            let carried = data.join("saves").join(format!("carried-{kind}.ron"));
            fs::write(carried, save_carrying(text)).unwrap();
        }
    }
    // The start screen shows four unfinished games at a time (broken ones are not
    // selectable, so the list does not scroll to them): four in games/, among them the
    // 200 KB nest as the game a save carries.
    let games = [
        ("nest-200k", cases[1].1.clone()),
        (
            "carried",
            save_carrying(std::str::from_utf8(&cases[1].1).unwrap()),
        ),
        ("binary", cases[4].1.clone()),
        ("escapes", cases[5].1.clone()),
    ];
    for (i, (kind, bytes)) in games.iter().enumerate() {
        let game = format!("2026-01-0{}T000000Z-chess-{kind}.ron", i + 1);
        fs::write(data.join("games").join(game), bytes).unwrap();
    }
    let started = Instant::now();
    let script = format!("'{}'; echo; echo APP-EXITED; sleep 30", bin());
    tmux.start_sized(&data, &script, 160, 60);
    tmux.wait_for("Your games");
    assert!(started.elapsed() < TIME_CEILING, "{:?}", started.elapsed());
    let screen = tmux.wait_for("escapes.ron:");
    for (kind, _) in &games {
        assert!(
            screen.contains(&format!("chess-{kind}.ron: ")),
            "games/ {kind}:\n{screen}"
        );
    }
    for (kind, _) in &cases {
        assert!(
            screen.contains(&format!("variants/{kind}.ron")),
            "variants/ {kind}:\n{screen}"
        );
    }
    let peak = peak_kib(&tmux.app_pid());
    assert!(peak < MEMORY_CEILING_KIB, "the app's peak: {peak} KiB");
    tmux.keys(&["b"]);
    let screen = tmux.wait_for("saved games");
    for (kind, _) in &cases {
        assert!(
            screen.contains(&format!("broken: {kind}.ron")),
            "saves/ {kind}:\n{screen}"
        );
    }
    // Still a working app: back, and start a game.
    tmux.keys(&["Escape"]);
    tmux.wait_for("Your games");
    tmux.keys(&["Enter"]);
    tmux.wait_for("White to move");
    let peak = peak_kib(&tmux.app_pid());
    assert!(peak < MEMORY_CEILING_KIB, "the app's peak: {peak} KiB");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    let _ = fs::remove_dir_all(&data);
    let _ = fs::remove_dir_all(&config);
}

/// The peak resident memory of a running process, in KiB (`VmHWM`).
fn peak_kib(pid: &str) -> i64 {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).expect("the app runs");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM")
}
