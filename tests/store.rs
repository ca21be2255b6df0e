//! The data directory on a real disk: one locked file per game in play, finished games
//! moved to the games folder, the older single autosave moved in, failures injected through
//! the store's disk seam, and exports that never destroy a saved game or a special file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use rankup::game::Game;
use rankup::save::{
    self, DataDir, FaultyDisk, GameMeta, OpenError, Player, SavedGame, Written, GAMES_DIR,
};
use rankup::variants::{variant, VariantId};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-store-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Names in a folder, sorted (hidden ones too).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// A game of `id` with these SAN moves, started at `started`.
fn game(id: VariantId, moves: &[&str], started: &str) -> SavedGame {
    let mut g = Game::from_start(variant(id));
    for m in moves {
        g.play_text(m).unwrap();
    }
    let mut meta = GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS);
    meta.started = started.parse().unwrap();
    if g.outcome().is_some() {
        meta.ended = Some(meta.started);
    }
    SavedGame::from_game(&g, &meta)
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/saves")
        .join(name)
}

#[test]
fn every_game_gets_its_own_locked_file() {
    let root = temp_dir("own");
    let data = DataDir::at(&root);
    let a = game(
        VariantId::Chess,
        &["e4", "e5", "Nf3"],
        "2026-11-21T18:30:00Z",
    );
    let b = game(
        VariantId::Chess,
        &["d4", "d5", "c4"],
        "2026-11-21T18:30:00Z",
    );
    let mut fa = data.new_game_file(&a).unwrap();
    let mut fb = data.new_game_file(&b).unwrap();
    assert_ne!(fa.path(), fb.path(), "two games started the same second");
    let name = fa
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("2026-11-21T183000Z-chess-") && name.ends_with(".ron"),
        "{name}"
    );
    assert_eq!(
        name.len(),
        "2026-11-21T183000Z-chess-ab12.ron".len(),
        "{name}"
    );
    assert!(fa.path().starts_with(root.join(GAMES_DIR)));
    fa.write(&a).unwrap();
    fb.write(&b).unwrap();
    assert_eq!(save::load(fa.path()).unwrap(), a);
    assert_eq!(save::load(fb.path()).unwrap(), b);

    // Both are listed, both open here, so "elsewhere" for any other opener.
    let listed = data.in_play().unwrap();
    assert_eq!(listed.len(), 2);
    assert!(listed.iter().all(|g| g.open_elsewhere && g.entry.is_ok()));
    assert!(listed.iter().all(|g| g.modified.is_some()));
    match data.open_game(fa.path()) {
        Err(OpenError::Elsewhere(Some(seen))) => assert_eq!(*seen, a, "readable for review"),
        other => panic!("{other:?}"),
    }
    // Released when the game is left (or the process ends): resumable.
    let path = fa.path().to_path_buf();
    drop(fa);
    assert!(!data.is_open_elsewhere(&path));
    let (again, saved) = data.open_game(&path).unwrap();
    assert_eq!(saved, a);
    assert!(data.is_open_elsewhere(&path), "locked again by the resume");
    drop(again);
    drop(fb);
    assert!(data.in_play().unwrap().iter().all(|g| !g.open_elsewhere));
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_name_reserved_but_never_written_leaves_nothing() {
    let root = temp_dir("reserved");
    let data = DataDir::at(&root);
    let g = game(VariantId::Veteran, &["e4"], "2026-11-21T18:30:00Z");
    drop(data.new_game_file(&g).unwrap());
    assert_eq!(names(&root.join(GAMES_DIR)), Vec::<String>::new());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_finished_game_moves_to_the_games_folder() {
    let root = temp_dir("finish");
    let data = DataDir::at(&root);
    let playing = game(
        VariantId::Chess,
        &["f3", "e5", "g4"],
        "2026-11-21T18:30:00Z",
    );
    let over = game(
        VariantId::Chess,
        &["f3", "e5", "g4", "Qh4#"],
        "2026-11-21T18:30:00Z",
    );
    let mut file = data.new_game_file(&playing).unwrap();
    file.write(&playing).unwrap();
    file.write(&over).unwrap();
    let kept = data.archive(&over).unwrap();
    file.remove().unwrap();
    assert_eq!(save::load(&kept).unwrap(), over);
    assert_eq!(
        names(&root.join(GAMES_DIR)),
        Vec::<String>::new(),
        "lock file too"
    );
    assert!(data.in_play().unwrap().is_empty());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn open_game_refuses_finished_and_broken_files_and_changes_nothing() {
    let root = temp_dir("open");
    let data = DataDir::at(&root);
    let games = root.join(GAMES_DIR);
    fs::create_dir_all(&games).unwrap();
    let broken = games.join("2026-01-01T000000Z-chess-0001.ron");
    fs::write(&broken, "(version: 1, variant: \"chess\"").unwrap();
    let over = games.join("2026-01-01T000000Z-chess-0002.ron");
    fs::copy(fixture("v1-chess.ron"), &over).unwrap();
    assert!(matches!(data.open_game(&broken), Err(OpenError::Load(_))));
    assert!(matches!(data.open_game(&over), Err(OpenError::Finished)));
    assert_eq!(
        fs::read_to_string(&broken).unwrap(),
        "(version: 1, variant: \"chess\""
    );
    // The list shows the broken file (with its error), not the finished one.
    let listed = data.in_play().unwrap();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].entry.is_err());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn tidy_moves_the_old_autosave_in_once_and_never_copies_it() {
    let root = temp_dir("migrate");
    let data = DataDir::at(&root);
    let old = root.join("autosave.ron");
    fs::copy(fixture("v1-promochess-unfinished.ron"), &old).unwrap();
    let before = fs::read(&old).unwrap();
    let tidied = data.tidy();
    assert!(tidied.problems.is_empty(), "{tidied:?}");
    let moved = tidied.migrated.expect("moved into games/");
    assert!(!old.exists(), "moved, not copied");
    assert_eq!(fs::read(&moved).unwrap(), before, "the same bytes");
    let listed = data.in_play().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].path, moved);
    assert!(!listed[0].open_elsewhere);
    // A second start finds nothing to move.
    assert_eq!(data.tidy(), Default::default());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn tidy_leaves_a_broken_autosave_as_it_is_and_says_so() {
    let root = temp_dir("broken-autosave");
    let data = DataDir::at(&root);
    let old = root.join("autosave.ron");
    fs::write(&old, "(version: 1, variant: \"chess\", start: ").unwrap();
    let tidied = data.tidy();
    assert_eq!(tidied.migrated, None);
    assert_eq!(tidied.problems.len(), 1);
    assert!(
        tidied.problems[0].contains("left as it is") && tidied.problems[0].contains("autosave"),
        "{tidied:?}"
    );
    assert_eq!(
        fs::read_to_string(&old).unwrap(),
        "(version: 1, variant: \"chess\", start: "
    );
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn tidy_moves_finished_games_out_of_games_in_play() {
    let root = temp_dir("tidy-finished");
    let data = DataDir::at(&root);
    // An older autosave of a finished game, and a finished game left in games/ by a
    // process that ended between writing it and moving it.
    fs::copy(fixture("v1-veteran.ron"), root.join("autosave.ron")).unwrap();
    let games = root.join(GAMES_DIR);
    fs::create_dir_all(&games).unwrap();
    fs::copy(
        fixture("v1-chess.ron"),
        games.join("2026-01-01T000000Z-chess-0002.ron"),
    )
    .unwrap();
    let tidied = data.tidy();
    assert!(tidied.problems.is_empty(), "{tidied:?}");
    assert!(!root.join("autosave.ron").exists());
    assert!(
        names(&games).iter().all(|n| n.starts_with('.')),
        "{:?}",
        names(&games)
    );
    let saved = data.list().unwrap();
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert!(saved.iter().all(|l| l.entry.is_ok()));
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn injected_write_failures_change_nothing_and_name_the_file() {
    let root = temp_dir("faulty");
    let disk = Arc::new(FaultyDisk::failing(io::ErrorKind::StorageFull));
    let data = DataDir::with_disk(&root, disk.clone());
    let g1 = game(VariantId::Upgrade, &["e4"], "2026-11-21T18:30:00Z");
    let g2 = game(VariantId::Upgrade, &["e4", "e5"], "2026-11-21T18:30:00Z");
    // No games/ folder can be made: the error names it.
    let e = data.new_game_file(&g1).unwrap_err();
    assert!(e.to_string().contains(GAMES_DIR), "{e}");
    // Once it exists, a game is written; then writes fail and leave it as it was.
    disk.set_failing(false);
    let mut file = data.new_game_file(&g1).unwrap();
    file.write(&g1).unwrap();
    disk.set_failing(true);
    let e = file.write(&g2).unwrap_err();
    assert!(
        e.to_string().contains(&*file.path().to_string_lossy()),
        "{e}"
    );
    assert_eq!(save::load(file.path()).unwrap(), g1);
    assert!(data.archive(&g2).is_err());
    disk.set_failing(false);
    file.write(&g2).unwrap();
    assert_eq!(save::load(file.path()).unwrap(), g2, "the retry works");
    assert!(names(&root.join(GAMES_DIR))
        .iter()
        .all(|n| !n.ends_with(".tmp")));
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_data_path_that_is_a_file_is_named_as_such() {
    let root = temp_dir("is-a-file");
    let file = root.join("data");
    fs::write(&file, "not a folder").unwrap();
    let data = DataDir::at(&file);
    let e = data
        .new_game_file(&game(VariantId::Chess, &["e4"], "2026-11-21T18:30:00Z"))
        .unwrap_err();
    assert!(e.to_string().contains("is a file, not a folder"), "{e}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "not a folder");
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn exports_never_replace_a_saved_game_or_a_special_file() {
    let root = temp_dir("output");
    let source = root.join("game.ron");
    fs::copy(fixture("v1-chess.ron"), &source).unwrap();
    let original = fs::read(&source).unwrap();
    // Onto the game itself, or any saved game: refused, unchanged.
    let e = save::write_output(&source, b"[Event]", Some(&source)).unwrap_err();
    assert!(e.contains("refusing"), "{e}");
    let other = root.join("other.ron");
    fs::copy(fixture("v1-veteran.ron"), &other).unwrap();
    let e = save::write_output(&other, b"[Event]", Some(&source)).unwrap_err();
    assert!(e.contains("saved game"), "{e}");
    assert_eq!(fs::read(&source).unwrap(), original);
    // A new file, then replaced.
    let pgn = root.join("game.pgn");
    assert_eq!(save::write_output(&pgn, b"one", None), Ok(Written::File));
    assert_eq!(save::write_output(&pgn, b"two", None), Ok(Written::File));
    assert_eq!(fs::read_to_string(&pgn).unwrap(), "two");
    // Through a symbolic link: the target gets the text, the link stays a link.
    #[cfg(unix)]
    {
        let link = root.join("link.pgn");
        std::os::unix::fs::symlink(&pgn, &link).unwrap();
        let written = save::write_output(&link, b"three", None).unwrap();
        assert!(matches!(written, Written::Through(ref t) if t.ends_with("game.pgn")));
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&pgn).unwrap(), "three");
        // A link to a saved game is refused like the game.
        let to_game = root.join("to-game.pgn");
        std::os::unix::fs::symlink(&source, &to_game).unwrap();
        assert!(save::write_output(&to_game, b"x", Some(&source)).is_err());
        assert_eq!(fs::read(&source).unwrap(), original);
    }
    // A folder: refused.
    assert!(save::write_output(&root, b"x", None)
        .unwrap_err()
        .contains("folder"));
    // A device: written straight into, and its error reported.
    #[cfg(target_os = "linux")]
    {
        assert_eq!(
            save::write_output(Path::new("/dev/null"), b"x", None),
            Ok(Written::Stream)
        );
        let e = save::write_output(Path::new("/dev/full"), b"x", None).unwrap_err();
        assert!(e.contains("/dev/full") && e.contains("space"), "{e}");
        assert!(!fs::metadata("/dev/full").unwrap().file_type().is_file());
    }
    fs::remove_dir_all(&root).unwrap();
}

#[cfg(unix)]
#[test]
fn exports_write_into_a_fifo_without_replacing_it() {
    use std::io::Read;
    let root = temp_dir("fifo");
    let fifo = root.join("pipe.pgn");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(&fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    assert_eq!(
        save::write_output(&fifo, b"[Event \"x\"]\n", None),
        Ok(Written::Stream)
    );
    assert_eq!(reader.join().unwrap(), "[Event \"x\"]\n");
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_vanished_folder_is_made_again_at_the_next_write() {
    let root = temp_dir("vanished");
    let data = DataDir::at(&root);
    let g1 = game(VariantId::Chess, &["e4"], "2026-11-21T18:30:00Z");
    let g2 = game(VariantId::Chess, &["e4", "e5"], "2026-11-21T18:30:00Z");
    let mut file = data.new_game_file(&g1).unwrap();
    file.write(&g1).unwrap();
    fs::remove_dir_all(&root).unwrap();
    file.write(&g2).unwrap();
    assert_eq!(save::load(file.path()).unwrap(), g2);
    assert!(data.is_open_elsewhere(file.path()), "locked again");
    drop(file);
    fs::remove_dir_all(&root).unwrap();
}

// ---------------------------------------------------------------------------------------
// Locks that cannot be taken, looks that never take a game, lists that read only heads.

/// Runs `f` on a thread of its own and fails the test, rather than hanging it, when it
/// does not answer within ten seconds.
fn within_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .expect("answered without waiting")
}

/// `.NAME.lock` beside `games/NAME.ron`.
fn lock_of(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap().to_string_lossy();
    path.with_file_name(format!(".{stem}.lock"))
}

/// A waiting game written by the store (head and all), its lock released.
fn waiting(data: &DataDir, moves: &[&str], started: &str) -> (PathBuf, SavedGame) {
    let g = game(VariantId::Chess, moves, started);
    let mut file = data.new_game_file(&g).unwrap();
    file.write(&g).unwrap();
    (file.path().to_path_buf(), g)
}

/// Every way a lock can be unusable: the game opens read-only, saying why in words, with
/// the game for review; it is never handed out for writing.
#[cfg(unix)]
#[test]
fn a_lock_that_cannot_be_opened_or_taken_means_read_only() {
    let root = temp_dir("nolock");
    let data = DataDir::at(&root);
    let (path, g) = waiting(&data, &["e4", "e5"], "2026-11-21T18:30:00Z");
    let lock = lock_of(&path);
    let read_only = |data: &DataDir| {
        let data = data.clone();
        let path = path.clone();
        within_seconds(move || data.open_game(&path).map(|_| ()))
    };
    let expect_no_lock = |result: Result<(), OpenError>, why: &str| match result {
        Err(e @ OpenError::NoLock { .. }) => {
            let (shown, text) = e.read_only().unwrap();
            assert_eq!(shown, g, "{why}: the game, for review");
            assert!(
                text.starts_with("read-only: cannot lock this game") && text.contains(why),
                "{text}"
            );
        }
        other => panic!("{why}: {other:?}"),
    };
    // A symbolic link loop at the lock's path.
    fs::remove_file(&lock).unwrap();
    std::os::unix::fs::symlink(&lock, &lock).unwrap();
    expect_no_lock(read_only(&data), "a symbolic link loop");
    // A FIFO (which would block an ordinary open for ever) and a folder.
    fs::remove_file(&lock).unwrap();
    assert!(Command::new("mkfifo")
        .arg(&lock)
        .status()
        .unwrap()
        .success());
    expect_no_lock(read_only(&data), "not a regular file: a FIFO");
    fs::remove_file(&lock).unwrap();
    fs::create_dir(&lock).unwrap();
    expect_no_lock(read_only(&data), "not a regular file: a directory");
    fs::remove_dir(&lock).unwrap();
    // A lock file of another user that may not be opened, and a filesystem without locks,
    // through the disk seam (root opens any file).
    let disk = Arc::new(FaultyDisk::failing(io::ErrorKind::StorageFull));
    disk.set_failing(false);
    let faulty = DataDir::with_disk(&root, disk.clone());
    for kind in [io::ErrorKind::PermissionDenied, io::ErrorKind::Unsupported] {
        disk.set_lock_failing(Some(kind));
        expect_no_lock(read_only(&faulty), "injected failure");
        // No new game is written without its lock either.
        let e = faulty.new_game_file(&g).unwrap_err();
        assert!(e.to_string().contains("lock"), "{e}");
    }
    disk.set_lock_failing(None);
    // Nothing was written to it all along; with a usable lock it opens for play.
    assert_eq!(save::load(&path).unwrap(), g);
    let (file, saved) = data.open_game(&path).unwrap();
    assert_eq!(saved, g);
    drop(file);
    fs::remove_dir_all(&root).unwrap();
}

/// A folder that may not be written, with no lock file in it: read-only, said so (as root
/// the permission does not stop anything, so only a user who is not root sees it).
#[cfg(unix)]
#[test]
fn a_read_only_folder_without_a_lock_file_means_read_only() {
    use std::os::unix::fs::PermissionsExt;
    let root = temp_dir("ro-nolock");
    let data = DataDir::at(&root);
    let (path, _) = waiting(&data, &["e4"], "2026-11-21T18:30:00Z");
    fs::remove_file(lock_of(&path)).unwrap();
    let games = root.join(GAMES_DIR);
    fs::set_permissions(&games, fs::Permissions::from_mode(0o555)).unwrap();
    let creatable = fs::File::create(games.join(".probe")).is_ok();
    let result = data.open_game(&path);
    fs::set_permissions(&games, fs::Permissions::from_mode(0o755)).unwrap();
    if creatable {
        // Root: the lock file is made and taken as anywhere else.
        assert!(result.is_ok(), "{result:?}");
    } else {
        match result {
            Err(OpenError::NoLock { reason, game }) => {
                assert!(reason.contains("Permission denied"), "{reason}");
                assert!(game.is_some());
            }
            other => panic!("{other:?}"),
        }
    }
    fs::remove_dir_all(&root).unwrap();
}

/// Two sessions never both write one game: whoever holds the lock writes, the other gets
/// the game read-only, and a look at the list by a third never takes it from either.
#[test]
fn two_sessions_never_both_hold_one_game() {
    let root = temp_dir("one-writer");
    let data = DataDir::at(&root);
    let (path, _) = waiting(&data, &["e4"], "2026-11-21T18:30:00Z");
    let other = DataDir::at(&root);
    let (mut mine, saved) = data.open_game(&path).unwrap();
    assert!(matches!(
        other.open_game(&path),
        Err(OpenError::Elsewhere(Some(_)))
    ));
    assert!(other.is_open_elsewhere(&path));
    assert!(other.in_play().unwrap()[0].open_elsewhere);
    assert_eq!(other.claim_latest().unwrap(), None, "nothing free to claim");
    let mut g = saved.to_game().unwrap();
    g.play_text("e5").unwrap();
    mine.write(&SavedGame::from_game(&g, &saved.meta()))
        .unwrap();
    assert_eq!(save::load(&path).unwrap().moves.len(), 2);
    drop(mine);
    assert!(other.open_game(&path).is_ok(), "free once its player left");
    fs::remove_dir_all(&root).unwrap();
}

/// Looking is not taking: while other threads list the games (as another starting rankup
/// does), tidy the folder and probe the game over and over, opening the free game for play
/// always succeeds. (Before, the start-up tidy locked every game for a whole replay and a
/// probe took the lock itself, so an opener often found a free game taken.)
#[test]
fn no_look_ever_makes_a_free_game_look_taken() {
    let root = temp_dir("looks");
    let data = DataDir::at(&root);
    let (path, _) = waiting(&data, &["e4", "e5", "Nf3"], "2026-11-21T18:30:00Z");
    for i in 0..3 {
        waiting(&data, &["d4"], &format!("2026-11-2{}T18:30:00Z", i + 2));
    }
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let stop = Arc::new(AtomicBool::new(false));
    let looks = Arc::new(AtomicUsize::new(0));
    let lookers: Vec<_> = (0..2)
        .map(|_| {
            let (data, path) = (DataDir::at(&root), path.clone());
            let (stop, looks) = (stop.clone(), looks.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    assert!(data.tidy().problems.is_empty());
                    assert_eq!(data.in_play().unwrap().len(), 4);
                    data.is_open_elsewhere(&path);
                    looks.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    // At least 200 openings, and on until the lookers have looked a while alongside them (on a
    // loaded machine the threads may not even have started by the 200th).
    let mut round = 0;
    while round < 200 || looks.load(Ordering::Relaxed) < 20 {
        match data.open_game(&path) {
            Ok((file, _)) => drop(file),
            Err(e) => panic!("round {round}: a free game opened as {e:?}"),
        }
        round += 1;
    }
    stop.store(true, Ordering::Relaxed);
    for t in lookers {
        t.join().unwrap();
    }
    assert!(looks.load(Ordering::Relaxed) >= 20);
    fs::remove_dir_all(&root).unwrap();
}

/// `rankup resume` of several sessions at once: each claims a different free game.
#[test]
fn sessions_claiming_at_once_each_get_their_own_game() {
    let root = temp_dir("claim");
    let data = DataDir::at(&root);
    let mut paths: Vec<PathBuf> = (0..3)
        .map(|i| waiting(&data, &["e4"], &format!("2026-11-2{}T18:30:00Z", i + 1)).0)
        .collect();
    let barrier = Arc::new(std::sync::Barrier::new(3));
    let sessions: Vec<_> = (0..3)
        .map(|_| {
            let (root, barrier) = (root.clone(), barrier.clone());
            std::thread::spawn(move || {
                let data = DataDir::at(&root);
                barrier.wait();
                let path = data.claim_latest().unwrap().expect("a free game");
                let (file, _) = data.open_game(&path).expect("handed over");
                (path, file)
            })
        })
        .collect();
    let mut claimed: Vec<(PathBuf, save::GameFile)> =
        sessions.into_iter().map(|t| t.join().unwrap()).collect();
    claimed.sort_by(|a, b| a.0.cmp(&b.0));
    paths.sort();
    assert_eq!(
        claimed.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
        paths
    );
    assert_eq!(data.claim_latest().unwrap(), None, "all three are taken");
    drop(claimed);
    assert!(data.claim_latest().unwrap().is_some());
    fs::remove_dir_all(&root).unwrap();
}

/// Lists read the head the store writes at the top of a file, not the moves: a file
/// broken after its head is listed by its head and refused when opened; a file of an older
/// version (no head) is listed with its moves counted; `plies` that disagree with the moves
/// are refused on loading, with what to do.
#[test]
fn lists_read_the_head_and_opening_checks_the_rest() {
    let root = temp_dir("heads");
    let data = DataDir::at(&root);
    let (path, g) = waiting(&data, &["e4", "e5", "Nf3", "Nc6"], "2026-11-21T18:30:00Z");
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("    plies: 4,\n") && text.contains("    updated: \""),
        "{text}"
    );
    let head_end = text.find("    moves: [").unwrap();
    assert!(head_end < 600, "the head comes first");
    // A move broken after the head: listed, refused when opened.
    fs::write(&path, text.replace("\"g1f3\"", "\"g1g3\"")).unwrap();
    let listed = data.in_play().unwrap();
    let summary = listed[0].entry.as_ref().unwrap();
    assert_eq!((summary.variant, summary.plies), (VariantId::Chess, 4));
    assert!(matches!(data.open_game(&path), Err(OpenError::Load(_))));
    // An older file without a head: moves counted.
    fs::write(&path, g.to_ron()).unwrap();
    assert_eq!(data.in_play().unwrap()[0].entry.as_ref().unwrap().plies, 4);
    // plies that lie: listed as written, refused on loading with the way out.
    fs::write(&path, text.replace("plies: 4", "plies: 9")).unwrap();
    assert_eq!(data.in_play().unwrap()[0].entry.as_ref().unwrap().plies, 9);
    let e = save::load(&path).unwrap_err().to_string();
    assert!(
        e.contains("plies 9 is not the number of moves in the file (4)"),
        "{e}"
    );
    // A file whose head does not read is listed with the loader's own error.
    fs::write(&path, "(version: 1, variant: \"chess\"").unwrap();
    let listed = data.in_play().unwrap();
    let e = listed[0].entry.as_ref().unwrap_err();
    assert_eq!(e, &{
        let mut e = save::load(&path).unwrap_err();
        e.file = path.file_name().unwrap().to_string_lossy().into_owned();
        e
    });
    fs::remove_dir_all(&root).unwrap();
}

/// "Last played" comes from the game's own record (`updated`), never from a file time in
/// the future; older files without it fall back to their file time, or their start when
/// that is in the future too.
#[test]
fn last_played_comes_from_the_record_and_the_future_is_not_believed() {
    let root = temp_dir("last-played");
    let data = DataDir::at(&root);
    let (recent, _) = waiting(&data, &["e4"], "2026-01-02T10:00:00Z");
    let (future, g) = waiting(&data, &["d4"], "2026-01-01T10:00:00Z");
    let in_2099 = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(4_070_908_800);
    let set_mtime = |p: &Path| {
        fs::File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(in_2099)
            .unwrap();
    };
    // A file dated in 2099 that records its own last write: the record wins.
    let text = fs::read_to_string(&future).unwrap();
    let line = text.lines().find(|l| l.contains("updated:")).unwrap();
    let recorded = |when: &str| text.replace(line, &format!("    updated: \"{when}\","));
    fs::write(&future, recorded("2026-01-01T12:00:00Z")).unwrap();
    set_mtime(&future);
    let listed = data.in_play().unwrap();
    assert_eq!(listed[0].path, recent, "{listed:?}");
    assert_eq!(
        listed[1].modified,
        Some("2026-01-01T12:00:00Z".parse().unwrap())
    );
    // A record that says 2099 is not believed either: the file's time, then the start.
    fs::write(&future, recorded("2099-01-01T00:00:00Z")).unwrap();
    set_mtime(&future);
    let listed = data.in_play().unwrap();
    assert_eq!(listed[1].path, future);
    assert_eq!(listed[1].modified, Some(g.started));
    // An older file (no record) dated in 2099: its start.
    fs::write(&future, g.to_ron()).unwrap();
    set_mtime(&future);
    let listed = data.in_play().unwrap();
    assert_eq!(listed[1].path, future);
    assert_eq!(listed[1].modified, Some(g.started));
    fs::remove_dir_all(&root).unwrap();
}

/// A FIFO, a folder, a symbolic link loop, a device and a socket named like games, in
/// `games/` and in `saves/`: listed at once, each with what it is; none is tidied, opened
/// or waited for.
#[cfg(unix)]
#[test]
fn special_files_in_the_game_folders_are_listed_as_such_and_never_waited_for() {
    let root = temp_dir("specials");
    let data = DataDir::at(&root);
    let (game_path, _) = waiting(&data, &["e4"], "2026-11-21T18:30:00Z");
    let saves = root.join(save::SAVES_DIR);
    fs::create_dir_all(&saves).unwrap();
    let mut _sockets = Vec::new();
    for dir in [root.join(GAMES_DIR), saves.clone()] {
        assert!(Command::new("mkfifo")
            .arg(dir.join("fifo.ron"))
            .status()
            .unwrap()
            .success());
        fs::create_dir(dir.join("folder.ron")).unwrap();
        std::os::unix::fs::symlink(dir.join("loop.ron"), dir.join("loop.ron")).unwrap();
        std::os::unix::fs::symlink("/dev/null", dir.join("null.ron")).unwrap();
        _sockets.push(std::os::unix::net::UnixListener::bind(dir.join("socket.ron")).unwrap());
    }
    let want = [
        ("fifo.ron", "not a regular file: a FIFO"),
        ("folder.ron", "not a regular file: a directory"),
        ("loop.ron", "a symbolic link loop"),
        ("null.ron", "not a regular file: a device"),
        ("socket.ron", "not a regular file: a socket"),
    ];
    let check = |listed: Vec<(PathBuf, Result<(), String>)>| {
        for (name, why) in want {
            let (_, entry) = listed
                .iter()
                .find(|(p, _)| p.ends_with(name))
                .unwrap_or_else(|| panic!("{name} listed: {listed:?}"));
            let e = entry.clone().unwrap_err();
            assert_eq!(e, format!("{name}: cannot read: {why}"));
        }
    };
    let looking = data.clone();
    let (tidied, in_play, listed) =
        within_seconds(move || (looking.tidy(), looking.in_play(), looking.list()));
    assert!(tidied.problems.is_empty(), "{tidied:?}");
    let in_play = in_play.unwrap();
    assert_eq!(in_play.len(), 6);
    assert_eq!(in_play[0].path, game_path, "the game first");
    check(
        in_play
            .into_iter()
            .skip(1)
            .map(|g| (g.path, g.entry.map(|_| ()).map_err(|e| e.to_string())))
            .collect(),
    );
    check(
        listed
            .unwrap()
            .into_iter()
            .map(|l| (l.path, l.entry.map(|_| ()).map_err(|e| e.to_string())))
            .collect(),
    );
    // Opened by name they are refused at once too.
    let opener = data.clone();
    let fifo = root.join(GAMES_DIR).join("fifo.ron");
    let opened = within_seconds(move || opener.open_game(&fifo).map(|_| ()));
    assert!(
        matches!(&opened, Err(OpenError::Load(e)) if e.to_string().contains("a FIFO")),
        "{opened:?}"
    );
    fs::remove_dir_all(&root).unwrap();
}

/// Times a file cannot hold are refused with their line and column, as README says: a
/// think time or a time left over a year (365 days), a last write before the start.
#[test]
fn implausible_times_are_refused_with_their_place() {
    let text = fs::read_to_string(fixture("v1-chess.ron")).unwrap();
    let year = save::MAX_RECORDED_MS;
    assert_eq!(year, 365 * 24 * 3600 * 1000);
    let with_think = |ms: u64| {
        text.replace(
            "(token: \"g1f3\", san: \"Nf3\")",
            &format!("(token: \"g1f3\", san: \"Nf3\", think_ms: {ms})"),
        )
    };
    assert!(SavedGame::from_ron(&with_think(year), "y.ron").is_ok());
    let e = SavedGame::from_ron(&with_think(year + 1), "y.ron")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "y.ron: line 15, column 47: think_ms {} is out of range 0..={year} \
             (milliseconds: at most a year of 365 days)",
            year + 1
        )
    );
    let late = text.replace(
        "    started: \"2025-06-01T18:30:00Z\",",
        "    started: \"2025-06-01T18:30:00Z\",\n    updated: \"2025-06-01T18:29:59Z\",",
    );
    let e = SavedGame::from_ron(&late, "u.ron").unwrap_err().to_string();
    assert!(
        e.contains("last written (updated: 2025-06-01T18:29:59Z) before"),
        "{e}"
    );
}
