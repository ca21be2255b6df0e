//! The data directory on a real disk: one locked file per game in play, finished games
//! moved to the games folder, the older single autosave moved in, failures injected through
//! the store's disk seam, and exports that never destroy a saved game or a special file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
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
