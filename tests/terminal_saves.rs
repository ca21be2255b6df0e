//! No game lost: the real binary in real terminals (tmux), two at once on one data
//! directory, killed and hung up on, on a full disk and a folder it may not write, and every
//! way a waiting game used to be overwritten.

mod tmux;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tmux::{bin, data_dir, games_in_play, Tmux};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/saves")
        .join(name)
}

/// A waiting unfinished chess game between two people (1. e4 e5 2. Nf3), put in `games/`
/// as the file of an earlier session.
fn waiting_game(data: &Path) -> PathBuf {
    use rankup::game::Game;
    use rankup::save::{GameMeta, Player, SavedGame};
    let games = data.join("games");
    fs::create_dir_all(&games).unwrap();
    let path = games.join("2025-06-01T183000Z-chess-0001.ron");
    let mut game = Game::from_start(rankup::variants::variant(
        rankup::variants::VariantId::Chess,
    ));
    for m in ["e4", "e5", "Nf3"] {
        game.play_text(m).unwrap();
    }
    let mut meta = GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS);
    meta.started = "2025-06-01T18:30:00Z".parse().unwrap();
    fs::write(&path, SavedGame::from_game(&game, &meta).to_ron()).unwrap();
    path
}

fn tokens(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.split("token: \"").nth(1))
        .map(|t| t.split('"').next().unwrap())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn two_sessions_at_once_both_killed_keep_both_games() {
    let (Some(one), Some(two)) = (Tmux::new("two-a"), Tmux::new("two-b")) else {
        return;
    };
    let data = data_dir("two");
    let script = format!(
        "'{}' play chess; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
        bin()
    );
    one.start(&data, &script);
    two.start(&data, &script);
    one.wait_for("White to move");
    two.wait_for("White to move");
    for m in ["e4", "e5", "Nf3"] {
        one.type_move(m);
    }
    for m in ["d4", "d5", "c4"] {
        two.type_move(m);
    }
    one.wait_for("2. Nf3");
    two.wait_for("2. c4");
    one.signal_app("KILL");
    two.signal_app("KILL");
    one.wait_for("APP-EXITED");
    two.wait_for("APP-EXITED");
    let mut moves: Vec<String> = games_in_play(&data).iter().map(|p| tokens(p)).collect();
    moves.sort();
    assert_eq!(moves, ["d2d4 d7d5 c2c4", "e2e4 e7e5 g1f3"]);
    // Both are offered, and either can be resumed.
    one.kill_session();
    one.start(
        &data,
        &format!("'{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30", bin()),
    );
    let screen = one.wait_for("Unfinished games");
    assert_eq!(screen.matches("Chess  2 moves").count(), 2, "{screen}");
    one.keys(&["BTab", "Down", "Enter"]);
    one.wait_for("resumed");
    one.keys(&["q", "y"]);
    one.wait_for("APP-EXITED");
    let _ = fs::remove_dir_all(&data);
}

#[test]
fn a_game_open_elsewhere_is_read_only_until_its_player_is_gone() {
    let (Some(one), Some(two)) = (Tmux::new("lock-a"), Tmux::new("lock-b")) else {
        return;
    };
    let data = data_dir("lock");
    let file = waiting_game(&data);
    let before = fs::read(&file).unwrap();
    one.start(
        &data,
        &format!(
            "'{}' resume; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    one.wait_for("resumed");
    two.start(
        &data,
        &format!(
            "'{}' resume '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin(),
            file.display()
        ),
    );
    two.wait_for("open in another rankup session: shown here read-only");
    two.keys(&["Left", "Left", "p"]);
    // Looking around, even playing on from an earlier move, never writes to it.
    two.wait_for("playing on from the reviewed position");
    two.type_move("d5");
    two.wait_for("played d5");
    assert_eq!(fs::read(&file).unwrap(), before);
    two.keys(&["q", "y"]);
    two.wait_for("APP-EXITED");
    two.kill_session();
    // Its player's process dies without a word: the lock goes with it.
    one.signal_app("KILL");
    one.wait_for("APP-EXITED");
    two.start(
        &data,
        &format!(
            "'{}' resume '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin(),
            file.display()
        ),
    );
    two.wait_for("resumed");
    two.type_move("Nc6");
    two.wait_for("played Nc6");
    assert!(tokens(&file).ends_with("b8c6"), "{}", tokens(&file));
    two.keys(&["q", "y"]);
    two.wait_for("APP-EXITED");
    let _ = fs::remove_dir_all(&data);
}

#[test]
fn hangup_and_terminate_right_after_a_move_keep_it() {
    for (signal, name) in [("HUP", "hup"), ("TERM", "term"), ("CLOSE", "close")] {
        let Some(tmux) = Tmux::new(name) else {
            return;
        };
        let data = data_dir(name);
        tmux.start(
            &data,
            &format!(
                "'{}' play veteran; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
                bin()
            ),
        );
        tmux.wait_for("White to move");
        tmux.type_move("e4");
        tmux.type_move("e5");
        // No waiting for the screen: the signal follows the key at once.
        if signal == "CLOSE" {
            // The terminal goes away, as when an SSH connection drops.
            tmux.kill_session();
            std::thread::sleep(std::time::Duration::from_millis(800));
        } else {
            tmux.signal_app(signal);
            tmux.wait_for("APP-EXITED");
        }
        let games = games_in_play(&data);
        assert_eq!(games.len(), 1, "{signal}");
        assert_eq!(tokens(&games[0]), "e2e4 e7e5", "{signal}");
        let _ = fs::remove_dir_all(&data);
    }
}

#[test]
fn new_games_reviews_playing_on_and_the_browser_leave_a_waiting_game_alone() {
    let Some(tmux) = Tmux::new("alone") else {
        return;
    };
    let data = data_dir("alone");
    let file = waiting_game(&data);
    let before = fs::read(&file).unwrap();
    // `rankup play` with a game waiting.
    tmux.start(
        &data,
        &format!(
            "'{}' play chess; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    tmux.wait_for("White to move");
    tmux.type_move("d4");
    tmux.wait_for("played d4");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    // `rankup review` of it, then play on.
    tmux.start(
        &data,
        &format!(
            "'{}' review '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin(),
            file.display()
        ),
    );
    tmux.wait_for("move 2 of 2, White (ply 3 of 3)");
    tmux.keys(&["p"]);
    tmux.wait_for("playing on");
    tmux.type_move("Nc6");
    tmux.wait_for("played Nc6");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    // The start screen, the browser and back: the list is still there.
    tmux.start(
        &data,
        &format!("'{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30", bin()),
    );
    tmux.wait_for("Unfinished games");
    tmux.keys(&["b"]);
    tmux.wait_for("saved games");
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("Unfinished games");
    assert_eq!(screen.matches("· human v human ·").count(), 3, "{screen}");
    tmux.keys(&["Enter"]);
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("played e4");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    assert_eq!(
        fs::read(&file).unwrap(),
        before,
        "the waiting game is as it was"
    );
    assert_eq!(games_in_play(&data).len(), 4);
    let _ = fs::remove_dir_all(&data);
}

#[test]
fn an_old_autosave_is_moved_in_and_a_broken_one_left_alone() {
    let Some(tmux) = Tmux::new("migrate") else {
        return;
    };
    let data = data_dir("migrate");
    fs::copy(
        fixture("v1-promochess-unfinished.ron"),
        data.join("autosave.ron"),
    )
    .unwrap();
    tmux.start(
        &data,
        &format!("'{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30", bin()),
    );
    tmux.wait_for("PromoChess  8 moves · human v AI 2");
    tmux.keys(&["r"]);
    // Resumed: the AI (Black) is to move and answers.
    tmux.wait_for("rankup · PromoChess · human v AI level 2");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    assert!(!data.join("autosave.ron").exists());
    assert_eq!(games_in_play(&data).len(), 1);

    let broken = "(version: 1, variant: \"chess\", start: ";
    fs::write(data.join("autosave.ron"), broken).unwrap();
    tmux.start(
        &data,
        &format!("'{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30", bin()),
    );
    tmux.wait_for("cannot be resumed and is left as it is");
    tmux.keys(&["Enter"]);
    tmux.type_move("e4");
    tmux.wait_for("played e4");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    assert_eq!(
        fs::read_to_string(data.join("autosave.ron")).unwrap(),
        broken
    );
    let _ = fs::remove_dir_all(&data);
}

/// `ulimit -f 0`: every write fails as on a full disk (EFBIG; SIGXFSZ must not kill the
/// app). The player is told, the game stays, quitting says so, nothing half-written stays.
#[test]
fn a_full_disk_is_shown_and_asked_about() {
    let Some(tmux) = Tmux::new("full") else {
        return;
    };
    let data = data_dir("full");
    fs::create_dir_all(data.join("games")).unwrap();
    tmux.start(
        &data,
        &format!(
            "ulimit -f 0; '{}' play chess; rc=$?; echo; echo APP-EXITED-$rc; sleep 30",
            bin()
        ),
    );
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    let screen = tmux.wait_for("NOT SAVED");
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("File too large"), "{screen}");
    assert!(
        words.contains("q asks where to write it."),
        "wrapped, not cut: {screen}"
    );
    tmux.type_move("e5");
    tmux.wait_for("1. e4        e5");
    tmux.keys(&["q"]);
    tmux.wait_for("The game is NOT saved");
    tmux.keys(&["n"]);
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED-0");
    let left: Vec<String> = fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.ends_with(".ron"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = fs::remove_dir_all(&data);
}

/// A data path that is a file: the message says so, and the game can be written to a file
/// the player names before quitting.
#[test]
fn a_data_path_that_is_a_file_offers_another_place() {
    let Some(tmux) = Tmux::new("isfile") else {
        return;
    };
    let dir = data_dir("isfile");
    let data = dir.join("data");
    fs::write(&data, "a file").unwrap();
    let rescued = dir.join("rescued.ron");
    tmux.start(
        &data,
        &format!(
            "'{}' play upgrade; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("is a file, not a folder");
    tmux.keys(&["q"]);
    tmux.wait_for("The game is NOT saved");
    tmux.keys(&["w"]);
    tmux.wait_for("write the game to:");
    tmux.keys(&["C-u"]);
    // Clear the suggested name, then type ours.
    for _ in 0..60 {
        tmux.keys(&["BSpace"]);
    }
    tmux.keys(&[&rescued.display().to_string(), "Enter"]);
    tmux.wait_for("APP-EXITED");
    assert_eq!(tokens(&rescued), "e2e4");
    assert_eq!(fs::read_to_string(&data).unwrap(), "a file");
    let _ = fs::remove_dir_all(&dir);
}

/// A folder the player may not write (as root, the app runs as nobody for this).
#[cfg(unix)]
#[test]
fn a_read_only_data_directory_loses_nothing_silently() {
    let Some(tmux) = Tmux::new("readonly") else {
        return;
    };
    let data = data_dir("readonly");
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let prefix = if root {
        // Root writes anywhere; a user who may not is what this is about.
        "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent".to_string()
    } else {
        String::new()
    };
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&data, fs::Permissions::from_mode(0o555)).unwrap();
    tmux.start(
        &data,
        &format!(
            "{prefix} '{}' play chess; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("Permission denied");
    tmux.wait_for("NOT SAVED");
    tmux.keys(&["q"]);
    tmux.wait_for("The game is NOT saved");
    tmux.keys(&["y"]);
    tmux.wait_for("APP-EXITED");
    assert!(
        fs::read_dir(&data).unwrap().next().is_none(),
        "nothing written"
    );
    fs::set_permissions(&data, fs::Permissions::from_mode(0o755)).unwrap();
    let _ = fs::remove_dir_all(&data);
}

/// Runs the binary without a terminal (stdin from `/dev/null`, output captured) on `data`,
/// with a config folder of its own.
fn rankup(args: &[&str], data: &Path) -> (i32, String) {
    let out = Command::new("timeout")
        .arg("20")
        .arg(bin())
        .args(args)
        .env("RANKUP_DATA_DIR", data)
        .env("RANKUP_CONFIG_DIR", data.join("config"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn export_never_replaces_a_game_and_writes_special_files_in_place() {
    let dir = data_dir("export");
    let game = dir.join("game.ron");
    fs::copy(fixture("v1-chess.ron"), &game).unwrap();
    let before = fs::read(&game).unwrap();
    let g = game.to_str().unwrap();
    let (code, err) = rankup(&["export", g, "-o", g], &dir);
    assert_eq!(code, 2);
    assert!(err.contains("refusing to write over"), "{err}");
    assert_eq!(fs::read(&game).unwrap(), before);
    let (code, err) = rankup(&["export", g, "-o", "/dev/full"], &dir);
    assert_eq!(code, 2);
    assert!(err.contains("/dev/full") && err.contains("space"), "{err}");
    assert!(!Path::new("/dev/full").is_file());
    // `/dev/stdout` when standard output is a pipe (a link to no file): written into it.
    let out = Command::new(bin())
        .args(["export", g, "-o", "/dev/stdout"])
        .env("RANKUP_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("[Result"));
    // Through a link: the link stays.
    let target = dir.join("target.pgn");
    let link = dir.join("link.pgn");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&target, &link).unwrap();
    fs::write(&target, "old").unwrap();
    let (code, err) = rankup(&["export", g, "-o", link.to_str().unwrap()], &dir);
    assert_eq!(code, 0, "{err}");
    assert!(fs::read_to_string(&target).unwrap().contains("[Result"));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // A size limit fails the write like a full disk: a message, no temporary file.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 0; '{}' export '{g}' -o '{}'",
            bin(),
            dir.join("big.pgn").display()
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("File too large"), "{err}");
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.ends_with(".tmp") && n != "big.pgn"),
        "{names:?}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn resume_from_the_command_line_says_what_it_cannot_do() {
    let dir = data_dir("resume-cli");
    if let Some(tmux) = Tmux::new("resume-none") {
        tmux.start(
            &dir,
            &format!(
                "RANKUP_CONFIG_DIR='{}' '{}' resume; echo EXIT-$?; sleep 30",
                dir.join("config").display(),
                bin()
            ),
        );
        let screen = tmux.wait_for("EXIT-2");
        assert!(screen.contains("no unfinished game to resume"), "{screen}");
    }
    let finished = fixture("v1-chess.ron");
    let (code, err) = rankup(&["resume", finished.to_str().unwrap()], &dir);
    assert_eq!(code, 2);
    assert!(
        err.contains("this game is over") && err.contains("rankup review"),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Every command that opens the app checks for a terminal after its arguments and before
/// anything on disk changes: without one it says so in one line, exits with code 2, and
/// leaves the data directory as it was (no copy of a saved game in `games/`, no older
/// autosave moved, no finished game tidied away).
#[test]
fn commands_that_open_the_app_need_a_terminal_and_change_nothing_without_one() {
    let dir = data_dir("no-tty");
    let data = dir.join("data");
    fs::create_dir_all(data.join("saves")).unwrap();
    let saved = data.join("saves/x.ron");
    fs::copy(fixture("v1-promochess-unfinished.ron"), &saved).unwrap();
    fs::copy(fixture("v1-veteran.ron"), data.join("autosave.ron")).unwrap();
    fs::create_dir_all(data.join("games")).unwrap();
    fs::copy(
        fixture("v1-chess.ron"),
        data.join("games/2025-06-01T183000Z-chess-0001.ron"),
    )
    .unwrap();
    let snapshot = |dir: &Path| {
        let mut all = Vec::new();
        for sub in ["", "games", "saves"] {
            if let Ok(entries) = fs::read_dir(dir.join(sub)) {
                for e in entries {
                    let p = e.unwrap().path();
                    let bytes = fs::read(&p).unwrap_or_default();
                    all.push((p, bytes));
                }
            }
        }
        all.sort();
        all
    };
    let before = snapshot(&data);
    let s = saved.to_str().unwrap();
    for args in [
        &["resume", s][..],
        &["resume"],
        &[],
        &["play", "chess"],
        &["review", s],
    ] {
        for _ in 0..2 {
            let (code, err) = rankup(args, &data);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.starts_with("rankup: the app needs a terminal: neither standard input"),
                "{args:?}: {err}"
            );
        }
    }
    assert_eq!(snapshot(&data), before, "nothing changed on disk");
    // Errors in the arguments still come first, as before.
    let (code, err) = rankup(&["play", "chess", "--fen", "8/8 w"], &data);
    assert_eq!(code, 2);
    assert!(err.contains("bad position"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Three `rankup resume` started at the same moment on a folder of free games (with a
/// fourth process listing them on its start screen): each resumes a game of its own, none
/// is shown read-only, and each one's move lands in its own file only.
#[test]
fn three_resumes_at_once_each_get_a_free_game() {
    let sessions: Vec<Tmux> = (0..4)
        .filter_map(|i| Tmux::new(&format!("three-{i}")))
        .collect();
    if sessions.len() < 4 {
        return;
    }
    for round in 0..3 {
        let data = data_dir(&format!("three-{round}"));
        let first = waiting_game(&data);
        for i in 2..=3 {
            // The same waiting game (1. e4 e5 2. Nf3), started on other days.
            let text = fs::read_to_string(&first).unwrap();
            fs::write(
                data.join(format!("games/2025-06-0{i}T183000Z-chess-000{i}.ron")),
                text.replace("2025-06-01T18:30:00Z", &format!("2025-06-0{i}T18:30:00Z")),
            )
            .unwrap();
        }
        let config = data.join("config");
        for (i, tmux) in sessions.iter().enumerate() {
            let command = if i < 3 { "resume" } else { "" };
            tmux.start(
                &data,
                &format!(
                    "RANKUP_CONFIG_DIR='{}' '{}' {command}; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
                    config.display(),
                    bin()
                ),
            );
        }
        let mut resumed = Vec::new();
        for tmux in &sessions[..3] {
            let screen = tmux.wait_for("resumed ");
            assert!(!screen.contains("read-only"), "round {round}: {screen}");
            let line = screen.lines().find(|l| l.contains("resumed ")).unwrap();
            resumed.push(line.split("resumed ").nth(1).unwrap().trim().to_string());
        }
        let mut distinct = resumed.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 3, "round {round}: {resumed:?}");
        sessions[3].wait_for("Unfinished games");
        for tmux in &sessions[..3] {
            tmux.type_move("a6");
            tmux.wait_for("played a6");
        }
        // Each game got exactly the one move of the one session that had it.
        let games = games_in_play(&data);
        assert_eq!(games.len(), 3);
        for path in games {
            assert_eq!(tokens(&path), "e2e4 e7e5 g1f3 a7a6", "round {round}");
        }
        for tmux in &sessions {
            tmux.kill_session();
        }
        let _ = fs::remove_dir_all(&data);
    }
}

/// A game whose lock cannot be opened is shown read-only in plain words and never written:
/// a symbolic link loop at `games/.NAME.lock`, (run as another user when the test runs as
/// root, as the owner otherwise) a mode-000 lock file, and a games folder that may not be
/// written with no lock file in it. A session that can take the lock plays the game
/// meanwhile: only its moves land.
#[cfg(unix)]
#[test]
fn a_game_that_cannot_be_locked_is_read_only_in_plain_words() {
    use std::os::unix::fs::PermissionsExt;
    let (Some(one), Some(two)) = (Tmux::new("nolock-a"), Tmux::new("nolock-b")) else {
        return;
    };
    let data = data_dir("nolock");
    let file = waiting_game(&data);
    let lock = data.join("games/.2025-06-01T183000Z-chess-0001.lock");
    std::os::unix::fs::symlink(&lock, &lock).unwrap();
    let before = fs::read(&file).unwrap();
    let resume = |prefix: &str| {
        format!(
            "{prefix} env RANKUP_CONFIG_DIR='{}' '{}' resume '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            data.join("config").display(),
            bin(),
            file.display()
        )
    };
    one.start(&data, &resume(""));
    let screen = one.wait_for("read-only: cannot lock this game");
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("(lock file: a symbolic link loop)"),
        "{screen}"
    );
    one.keys(&["q"]);
    one.wait_for("Unfinished games");
    one.keys(&["q"]);
    one.wait_for("APP-EXITED");
    one.kill_session();
    assert_eq!(fs::read(&file).unwrap(), before);

    // A lock file nobody but root may open.
    fs::remove_file(&lock).unwrap();
    fs::write(&lock, "").unwrap();
    fs::set_permissions(&lock, fs::Permissions::from_mode(0o000)).unwrap();
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let prefix = if root {
        fs::set_permissions(data.join("games"), fs::Permissions::from_mode(0o777)).unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o666)).unwrap();
        fs::set_permissions(&data, fs::Permissions::from_mode(0o755)).unwrap();
        "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent"
    } else {
        ""
    };
    one.start(&data, &resume(prefix));
    one.wait_for("read-only: cannot lock this game");
    if root {
        // Root opens the lock file whatever its mode: it plays the game, alone.
        two.start(&data, &resume(""));
        two.wait_for("resumed");
        two.type_move("Nc6");
        two.wait_for("played Nc6");
        // The read-only session looks on and plays on from there as a game of its own.
        one.keys(&["p"]);
        one.wait_for("playing on");
        one.type_move("Nf6");
        one.wait_for("played Nf6");
        assert!(tokens(&file).ends_with("g1f3 b8c6"), "{}", tokens(&file));
        two.keys(&["q", "y"]);
        two.wait_for("APP-EXITED");
    }
    one.keys(&["q", "y"]);
    one.wait_for("APP-EXITED");
    one.kill_session();
    if !root {
        assert_eq!(fs::read(&file).unwrap(), before);
    }
    // A games folder that may not be written, with no lock file in it.
    let written = fs::read(&file).unwrap();
    fs::remove_file(&lock).unwrap();
    fs::set_permissions(data.join("games"), fs::Permissions::from_mode(0o555)).unwrap();
    one.start(&data, &resume(prefix));
    let screen = one.wait_for("read-only: cannot lock this game");
    assert!(screen.contains("Permission denied"), "{screen}");
    one.keys(&["q"]);
    one.wait_for("Unfinished games");
    one.keys(&["q"]);
    one.wait_for("APP-EXITED");
    assert_eq!(fs::read(&file).unwrap(), written);
    fs::set_permissions(data.join("games"), fs::Permissions::from_mode(0o755)).unwrap();
    let _ = fs::remove_dir_all(&data);
}

/// A FIFO, a folder, a symbolic link loop and a device (a link to `/dev/null`) in every
/// folder rankup reads, and as the config file: each is listed or refused with one line,
/// and nothing waits. (`timeout` ends a command that would hang; the screens are read in
/// tmux.)
#[cfg(unix)]
#[test]
fn special_files_anywhere_never_hang_rankup() {
    let Some(tmux) = Tmux::new("specials") else {
        return;
    };
    let dir = data_dir("specials");
    let (data, config) = (dir.join("data"), dir.join("config"));
    let plant = |folder: &Path, name: &str, kind: &str| {
        fs::create_dir_all(folder).unwrap();
        let path = folder.join(name);
        match kind {
            "fifo" => assert!(Command::new("mkfifo")
                .arg(&path)
                .status()
                .unwrap()
                .success()),
            "folder" => fs::create_dir(&path).unwrap(),
            "loop" => std::os::unix::fs::symlink(&path, &path).unwrap(),
            "device" => std::os::unix::fs::symlink("/dev/null", &path).unwrap(),
            _ => unreachable!(),
        }
        path
    };
    let kinds = [
        ("fifo", "not a regular file: a FIFO"),
        ("folder", "not a regular file: a directory"),
        ("loop", "a symbolic link loop"),
        ("device", "not a regular file: a device"),
    ];
    for (kind, _) in kinds {
        plant(&data.join("games"), &format!("{kind}.ron"), kind);
        plant(&data.join("saves"), &format!("{kind}.ron"), kind);
        plant(&config.join("themes"), &format!("{kind}.ron"), kind);
        plant(&config.join("variants"), &format!("{kind}.ron"), kind);
    }
    let run = |args: &[&str], config: &Path| {
        let out = Command::new("timeout")
            .arg("20")
            .arg(bin())
            .args(args)
            .env("RANKUP_DATA_DIR", &data)
            .env("RANKUP_CONFIG_DIR", config)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The start screen lists each game-like entry with what it is; the browser too.
    tmux.start(
        &data,
        &format!(
            "RANKUP_CONFIG_DIR='{}' '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            config.display(),
            bin()
        ),
    );
    let screen = tmux.wait_for("Unfinished games");
    for (kind, why) in kinds {
        let line = format!("{kind}.ron: cannot read: {why}");
        assert!(screen.contains(&line), "{line}\n{screen}");
    }
    tmux.keys(&["r"]);
    tmux.wait_for("no unfinished game to resume");
    tmux.keys(&["b"]);
    let screen = tmux.wait_for("saved games");
    for (kind, why) in kinds {
        let line = format!("broken: {kind}.ron: cannot read: {why}");
        assert!(screen.contains(&line), "{line}\n{screen}");
    }
    tmux.keys(&["Escape", "q"]);
    tmux.wait_for("APP-EXITED");
    // The variants folder is read by every command: the special files there are left out
    // at once.
    let (code, err) = run(&["moves", "chess"], &config);
    assert_eq!(code, 0, "{err}");
    for (kind, why) in kinds {
        // A theme by name in themes/ (refused as what it is, not as an unknown name) and
        // by path.
        let theme = config.join("themes").join(format!("{kind}.ron"));
        let (code, err) = run(&["--theme", kind, "play", "chess"], &config);
        assert_eq!((code, err.lines().count()), (2, 1), "{kind}: {err}");
        assert!(
            err.contains(&format!("cannot read theme {}", theme.display())) && err.contains(why),
            "{kind}: {err}"
        );
        let (code, err) = run(
            &["--theme", theme.to_str().unwrap(), "play", "chess"],
            &config,
        );
        assert_eq!((code, err.lines().count()), (2, 1), "{kind}: {err}");
        assert!(err.contains(why), "{kind}: {err}");
        // As the config file itself.
        let own = dir.join(format!("config-{kind}"));
        plant(&own, "config.ron", kind);
        let (code, err) = run(&["play", "chess"], &own);
        assert_eq!((code, err.lines().count()), (2, 1), "{kind}: {err}");
        assert!(
            err.contains("config.ron") && err.contains(why),
            "{kind}: {err}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
