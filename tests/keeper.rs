//! The app and its keeper on a real data directory: what reaches the disk as a player plays,
//! leaves, resumes, reviews and plays on, with two sessions on one directory, and with writes
//! failing through the store's disk seam.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rankup::rules::{ByColor, Position};
use rankup::save::{self, DataDir, FaultyDisk, GAMES_DIR, SAVES_DIR};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, MenuField, Player, Question, Screen};
use rankup::ui::keeper::Keeper;
use rankup::variants::{variant, VariantId};

mod common;
use common::{palette, OPTIONS};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-keeper-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A session: an app and its keeper on `data`.
struct Session {
    app: App,
    keeper: Keeper,
}

impl Session {
    fn menu(data: &DataDir) -> Session {
        let mut app = App::new(OPTIONS, palette(), None);
        app.data_dir = Some(data.root().to_path_buf());
        let mut s = Session {
            app,
            keeper: Keeper::new(Some(data.clone())),
        };
        s.serve();
        s
    }

    fn playing(data: &DataDir, id: VariantId) -> Session {
        let mut app = App::playing(
            OPTIONS,
            palette(),
            Position::start(variant(id)),
            None,
            ByColor {
                white: Player::Human,
                black: Player::Human,
            },
        );
        app.data_dir = Some(data.root().to_path_buf());
        Session {
            app,
            keeper: Keeper::new(Some(data.clone())),
        }
    }

    fn serve(&mut self) {
        self.keeper.serve(&mut self.app);
    }

    fn act(&mut self, action: Action) {
        self.app.update(action);
        self.serve();
    }

    fn play(&mut self, moves: &[&str]) {
        for m in moves {
            self.app.update(Action::StartTyping);
            for c in m.chars() {
                self.app.update(Action::Type(c));
            }
            self.act(Action::Submit);
        }
    }

    fn file(&self) -> PathBuf {
        self.app.play().unwrap().file.clone().expect("a file")
    }
}

/// The `*.ron` files of a folder.
fn games_in(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "ron")
                        && !p.file_name().unwrap().to_string_lossy().starts_with('.')
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn tokens(path: &Path) -> Vec<String> {
    save::load(path)
        .unwrap()
        .moves
        .into_iter()
        .map(|m| m.token)
        .collect()
}

#[test]
fn two_sessions_on_one_directory_keep_both_games() {
    let root = temp_dir("two");
    let data = DataDir::at(&root);
    let mut one = Session::playing(&data, VariantId::Chess);
    let mut two = Session::playing(&data, VariantId::Chess);
    one.play(&["e4", "e5", "Nf3"]);
    two.play(&["d4", "d5", "c4"]);
    assert_ne!(one.file(), two.file());
    assert_eq!(tokens(&one.file()), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(tokens(&two.file()), ["d2d4", "d7d5", "c2c4"]);
    // A third session lists both, open elsewhere, and may only look at them.
    let mut three = Session::menu(&data);
    match &three.app.screen {
        Screen::Menu(m) => {
            let list = m.unfinished.as_ref().unwrap();
            assert_eq!(list.len(), 2);
            assert!(list.iter().all(|g| g.open_elsewhere));
        }
        _ => panic!(),
    }
    three.act(Action::Resume);
    assert!(matches!(three.app.screen, Screen::Review(_)), "read-only");
    let before = fs::read(one.file()).unwrap();
    // Session one ends (the OS drops its lock); now the game can be resumed for play.
    let path = one.file();
    drop(one);
    three.act(Action::Cancel);
    three.act(Action::Resume);
    let play = three.app.play().expect("resumed for play");
    assert_eq!(play.file.as_deref(), Some(path.as_path()));
    assert_eq!(play.table.game().history().len(), 3);
    assert_eq!(fs::read(&path).unwrap(), before, "resuming writes nothing");
    three.play(&["Nc6"]);
    assert_eq!(tokens(&path), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(tokens(&two.file()), ["d2d4", "d7d5", "c2c4"]);
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn new_games_reviews_and_playing_on_never_touch_a_waiting_game() {
    let root = temp_dir("untouched");
    let data = DataDir::at(&root);
    let mut first = Session::playing(&data, VariantId::Promochess);
    first.play(&["e4"]);
    let waiting = first.file();
    drop(first);
    let bytes = fs::read(&waiting).unwrap();

    // A new game from the start screen, and one started at once.
    let mut s = Session::menu(&data);
    s.act(Action::Start);
    s.play(&["d4"]);
    let mut t = Session::playing(&data, VariantId::Promochess);
    t.play(&["c4"]);
    // The browser and back: the list is there again.
    s.act(Action::NewGame);
    s.act(Action::Browse);
    s.act(Action::Cancel);
    match &s.app.screen {
        Screen::Menu(m) => assert_eq!(m.unfinished.as_ref().map(Vec::len), Some(3)),
        _ => panic!("start screen"),
    }
    // Reviewing the waiting game and playing on from it makes a game of its own.
    s.app.play_on(waiting.clone());
    s.serve();
    s.play(&["e6"]);
    assert_ne!(s.file(), waiting);
    assert_eq!(tokens(&s.file()), ["e3e4", "e7e6"]);
    assert_eq!(
        fs::read(&waiting).unwrap(),
        bytes,
        "the waiting game is as it was"
    );
    assert_eq!(games_in(&root.join(GAMES_DIR)).len(), 4);
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_finished_game_goes_to_the_games_folder() {
    let root = temp_dir("finished");
    let data = DataDir::at(&root);
    let mut s = Session::playing(&data, VariantId::Chess);
    s.play(&["f3", "e5", "g4"]);
    let in_play = s.file();
    s.play(&["Qh4#"]);
    let kept = s.file();
    assert!(kept.starts_with(root.join(SAVES_DIR)), "{}", kept.display());
    assert!(!in_play.exists());
    assert_eq!(save::load(&kept).unwrap().result.as_str(), "0-1");
    assert!(games_in(&root.join(GAMES_DIR)).is_empty());
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn failing_writes_keep_the_game_in_memory_and_say_so_until_they_work() {
    let root = temp_dir("failing");
    let disk = Arc::new(FaultyDisk::failing(io::ErrorKind::StorageFull));
    let data = DataDir::with_disk(&root, disk.clone());
    let mut s = Session::playing(&data, VariantId::Chess);
    s.play(&["e4", "e5"]);
    let error = s.app.play().unwrap().save_error.clone().expect("a message");
    assert!(error.starts_with("cannot write"), "{error}");
    assert!(error.contains(GAMES_DIR), "names where: {error}");
    assert!(games_in(&root.join(GAMES_DIR)).is_empty());
    // Quitting does not pretend: it asks, offering another file.
    s.act(Action::Quit);
    assert!(s.app.running);
    assert!(matches!(
        s.app.play().unwrap().question,
        Some(Question::Unsaved(_))
    ));
    s.act(Action::Confirm(false));
    // The disk has room again: the next move writes everything.
    disk.set_failing(false);
    s.play(&["Nf3"]);
    let play = s.app.play().unwrap();
    assert_eq!(play.save_error, None);
    assert!(play.message.as_ref().unwrap().text.contains("saved again"));
    assert_eq!(tokens(&s.file()), ["e2e4", "e7e5", "g1f3"]);
    s.act(Action::Quit);
    assert_eq!(s.app.play().unwrap().question, Some(Question::Quit));
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_game_not_kept_can_be_written_elsewhere_before_quitting() {
    let root = temp_dir("elsewhere");
    let disk = Arc::new(FaultyDisk::failing(io::ErrorKind::PermissionDenied));
    let data = DataDir::with_disk(root.join("data"), disk);
    let mut s = Session::playing(&data, VariantId::Veteran);
    s.play(&["e4"]);
    s.act(Action::Quit);
    s.act(Action::WriteElsewhere);
    let target = root.join("rescued.ron");
    s.app.update(Action::StartTyping);
    let typed = s.app.play().unwrap().typed_text().unwrap().to_string();
    for _ in 0..typed.len() {
        s.app.update(Action::Backspace);
    }
    for c in target.to_string_lossy().chars() {
        s.app.update(Action::Type(c));
    }
    s.act(Action::Submit);
    assert!(!s.app.running, "written, so the quit went on");
    assert_eq!(tokens(&target), ["e2e4"]);
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_unfinished_list_picks_any_game() {
    let root = temp_dir("pick");
    let data = DataDir::at(&root);
    let mut paths = Vec::new();
    for (i, m) in ["a4", "b4", "c4"].iter().enumerate() {
        let mut s = Session::playing(&data, VariantId::Chess);
        s.play(&[m]);
        paths.push((s.file(), i));
    }
    let mut s = Session::menu(&data);
    match &mut s.app.screen {
        Screen::Menu(m) => {
            assert_eq!(m.unfinished.as_ref().unwrap().len(), 3);
            m.field = MenuField::Unfinished;
        }
        _ => panic!(),
    }
    s.act(Action::Move(Dir::Down));
    s.act(Action::Start);
    let play = s.app.play().expect("resumed");
    let listed = data.in_play().unwrap();
    assert_eq!(play.file.as_ref(), Some(&listed[1].path));
    fs::remove_dir_all(&root).unwrap();
}

/// A game whose lock cannot be taken (here a symbolic link loop where its lock file should
/// be) is shown read-only with the reason in words, from the list and from `r` alike, and
/// nothing is ever written to it; a new game played meanwhile gets its own file.
#[cfg(unix)]
#[test]
fn a_game_that_cannot_be_locked_is_shown_read_only_and_never_written() {
    let root = temp_dir("nolock");
    let data = DataDir::at(&root);
    let mut first = Session::playing(&data, VariantId::Chess);
    first.play(&["e4", "e5"]);
    let path = first.file();
    drop(first);
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let lock = path.with_file_name(format!(".{stem}.lock"));
    fs::remove_file(&lock).unwrap();
    std::os::unix::fs::symlink(&lock, &lock).unwrap();
    let before = fs::read(&path).unwrap();
    let mut s = Session::menu(&data);
    s.act(Action::Resume);
    match &s.app.screen {
        Screen::Review(r) => {
            let text = &r.message.as_ref().expect("a word why").text;
            assert!(
                text.starts_with("read-only: cannot lock this game")
                    && text.contains("a symbolic link loop"),
                "{text}"
            );
        }
        _ => panic!("read-only review expected"),
    }
    // Playing on from it is a game of its own.
    s.act(Action::PlayFromHere);
    s.play(&["Nf3"]);
    assert_ne!(s.file(), path);
    assert_eq!(fs::read(&path).unwrap(), before, "never written");
    fs::remove_dir_all(&root).unwrap();
}
