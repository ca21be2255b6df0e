//! The games browser's delete, undo and rename on a real folder: the app with its keeper
//! ([`Keeper`]) and the store's moves ([`DataDir::trash`], [`DataDir::untrash`],
//! [`DataDir::rename_saved`]). A file is always under exactly one name; nothing is ever
//! lost or written over.

mod common;
use common::{palette, OPTIONS};

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rankup::game::Game;
use rankup::save::{
    DataDir, Disk, FaultyDisk, GameMeta, MoveError, Player, RealDisk, SavedGame, SAVES_DIR,
    TRASH_DIR,
};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Screen};
use rankup::ui::browser::Browser;
use rankup::ui::keeper::Keeper;
use rankup::variants::{variant, VariantId};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-browser-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A chess game saved under `name` in `saves/`; returns its file.
fn saved(data: &DataDir, name: &str, started: &str) -> PathBuf {
    let mut g = Game::from_start(variant(VariantId::Chess));
    g.play_text("e4").unwrap();
    let mut game = SavedGame::from_game(&g, &GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS));
    game.name = Some(name.into());
    game.started = started.parse().unwrap();
    data.archive(&game).unwrap()
}

/// The app in the browser over `data`, with its keeper.
struct Session {
    app: App,
    keeper: Keeper,
}

impl Session {
    fn browsing(data: &DataDir) -> Session {
        let mut app = App::new(OPTIONS, palette(), None);
        app.data_dir = Some(data.root().to_path_buf());
        let mut s = Session {
            app,
            keeper: Keeper::new(Some(data.clone())),
        };
        s.keeper.serve(&mut s.app);
        s.act(Action::Browse);
        s
    }

    fn act(&mut self, action: Action) {
        self.app.update(action);
        self.keeper.serve(&mut self.app);
    }

    fn browser(&self) -> &Browser {
        match &self.app.screen {
            Screen::Browser(b) => b,
            _ => panic!("in the browser"),
        }
    }

    fn listed(&self) -> Vec<String> {
        let list = self.browser().listings.as_ref().expect("listed");
        list.iter()
            .map(|l| l.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect()
    }

    fn message(&self) -> (String, bool) {
        let m = self.browser().message.as_ref().expect("a message");
        (m.text.clone(), m.error)
    }
}

/// The visible files of a folder, by name.
fn files_in(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn delete_moves_the_file_to_the_trash_and_undo_moves_it_back() {
    let root = temp_dir("delete");
    let data = DataDir::at(&root);
    let a = saved(&data, "alpha", "2026-01-02T00:00:00Z");
    saved(&data, "beta", "2026-01-01T00:00:00Z");
    let before = fs::read(&a).unwrap();
    let mut s = Session::browsing(&data);
    assert_eq!(s.listed(), ["alpha.ron", "beta.ron"]);
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    assert_eq!(s.message(), ("deleted alpha: u undoes".into(), false));
    assert_eq!(s.listed(), ["beta.ron"]);
    assert_eq!(files_in(&data.saves_dir()), ["beta.ron"]);
    let trash = root.join(TRASH_DIR);
    assert_eq!(files_in(&trash), ["alpha.ron"]);
    assert_eq!(fs::read(trash.join("alpha.ron")).unwrap(), before);
    // The trash is not listed as games, even when the browser reads the folder again.
    s.act(Action::Cancel);
    s.act(Action::Browse);
    assert_eq!(s.listed(), ["beta.ron"]);

    // Undo works in the browser it was deleted in.
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    assert_eq!(files_in(&trash), ["alpha.ron", "beta.ron"]);
    s.act(Action::Undo);
    assert_eq!(s.message(), ("beta is back".into(), false));
    assert_eq!(files_in(&data.saves_dir()), ["beta.ron"]);
    assert_eq!(files_in(&trash), ["alpha.ron"]);
    assert_eq!(s.listed(), ["beta.ron"]);
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn a_second_game_of_one_name_in_the_trash_gets_a_number() {
    let root = temp_dir("twice");
    let data = DataDir::at(&root);
    let first = saved(&data, "gamma", "2026-01-02T00:00:00Z");
    assert_eq!(data.trash(&first).unwrap(), root.join("trash/gamma.ron"));
    let second = saved(&data, "gamma", "2026-01-03T00:00:00Z");
    assert_eq!(second, first, "the name is free again in saves/");
    assert_eq!(data.trash(&second).unwrap(), root.join("trash/gamma-2.ron"));
    assert_eq!(files_in(&data.trash_dir()), ["gamma-2.ron", "gamma.ron"]);
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn undo_onto_a_name_taken_meanwhile_keeps_the_game_in_the_trash() {
    let root = temp_dir("taken");
    let data = DataDir::at(&root);
    let a = saved(&data, "delta", "2026-01-02T00:00:00Z");
    let mut s = Session::browsing(&data);
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    // Another game takes the name before u.
    fs::write(&a, "another game").unwrap();
    s.act(Action::Undo);
    let (text, error) = s.message();
    assert!(error);
    assert_eq!(
        text,
        format!(
            "delta.ron is another game's name now: the deleted game stays in {}",
            root.join("trash/delta.ron").display()
        )
    );
    assert_eq!(fs::read_to_string(&a).unwrap(), "another game");
    assert_eq!(files_in(&data.trash_dir()), ["delta.ron"]);
    // Once the name is free, u tries again and works.
    fs::remove_file(&a).unwrap();
    s.act(Action::Undo);
    assert_eq!(s.message(), ("delta is back".into(), false));
    assert_eq!(s.listed(), ["delta.ron"]);
    assert!(files_in(&data.trash_dir()).is_empty());
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn a_game_in_play_in_another_session_is_neither_deleted_nor_renamed() {
    let root = temp_dir("in-play");
    let data = DataDir::at(&root);
    let a = saved(&data, "epsilon", "2026-01-02T00:00:00Z");
    // Another session holds the game's lock, as one playing it does.
    let lock = RealDisk
        .lock(&data.saves_dir().join(".epsilon.lock"))
        .expect("locked");
    let mut s = Session::browsing(&data);
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    let want = (
        "epsilon.ron is being played in another session: it stays as it is".to_string(),
        true,
    );
    assert_eq!(s.message(), want);
    assert_eq!(s.listed(), ["epsilon.ron"]);
    assert!(a.exists());
    assert!(files_in(&data.trash_dir()).is_empty());
    s.act(Action::Rename);
    s.act(Action::Type('2'));
    s.act(Action::Submit);
    assert_eq!(s.message(), want);
    assert!(a.exists());
    // Once that session lets go, it can be deleted.
    drop(lock);
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    assert_eq!(s.message(), ("deleted epsilon: u undoes".into(), false));
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn a_trash_that_cannot_be_made_says_so_in_one_line_and_nothing_is_lost() {
    let root = temp_dir("no-trash");
    let data = DataDir::at(&root);
    let a = saved(&data, "zeta", "2026-01-02T00:00:00Z");
    let before = fs::read(&a).unwrap();
    // A file where the trash folder should be.
    fs::write(root.join(TRASH_DIR), "not a folder").unwrap();
    let mut s = Session::browsing(&data);
    s.act(Action::Delete);
    s.act(Action::Confirm(true));
    let (text, error) = s.message();
    assert!(error);
    assert!(!text.contains('\n'), "{text}");
    assert!(
        text.starts_with(&format!(
            "cannot make the trash folder {}",
            root.join(TRASH_DIR).display()
        )),
        "{text}"
    );
    assert!(text.ends_with("; nothing was deleted"), "{text}");
    assert_eq!(s.listed(), ["zeta.ron"]);
    assert_eq!(fs::read(&a).unwrap(), before);

    // A disk that refuses every change: the same, through the seam.
    let faulty = DataDir::with_disk(
        &root,
        Arc::new(FaultyDisk::failing(io::ErrorKind::StorageFull)),
    );
    fs::remove_file(root.join(TRASH_DIR)).unwrap();
    assert!(matches!(faulty.trash(&a), Err(MoveError::NoTrash { .. })));
    assert!(matches!(
        faulty.rename_saved(&a, "eta"),
        Err(MoveError::Io { .. })
    ));
    assert_eq!(fs::read(&a).unwrap(), before);
    assert_eq!(files_in(&root.join(SAVES_DIR)), ["zeta.ron"]);
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn rename_moves_the_file_to_a_safe_name_and_never_over_another() {
    let root = temp_dir("rename");
    let data = DataDir::at(&root);
    let a = saved(&data, "theta", "2026-01-02T00:00:00Z");
    let b = saved(&data, "iota", "2026-01-01T00:00:00Z");
    let (a_bytes, b_bytes) = (fs::read(&a).unwrap(), fs::read(&b).unwrap());
    let mut s = Session::browsing(&data);
    assert_eq!(s.listed(), ["theta.ron", "iota.ron"]);
    // Onto the other game's name: refused, naming it; both files as they were.
    s.act(Action::Rename);
    for _ in 0..5 {
        s.act(Action::Backspace);
    }
    for c in "iota".chars() {
        s.act(Action::Type(c));
    }
    s.act(Action::Submit);
    assert_eq!(
        s.message(),
        (
            "there is already a game named iota.ron: choose another name".into(),
            true
        )
    );
    assert_eq!(fs::read(&a).unwrap(), a_bytes);
    assert_eq!(fs::read(&b).unwrap(), b_bytes);
    // A name with a slash and dots is made safe, as S makes a name safe: it stays in saves/.
    s.act(Action::Rename);
    for _ in 0..5 {
        s.act(Action::Backspace);
    }
    for c in "../cup final/2".chars() {
        s.act(Action::Type(c));
    }
    s.act(Action::Submit);
    assert_eq!(
        s.message(),
        ("renamed theta to ___cup_final_2".into(), false)
    );
    assert_eq!(
        files_in(&data.saves_dir()),
        ["___cup_final_2.ron", "iota.ron"]
    );
    assert_eq!(
        fs::read(data.saves_dir().join("___cup_final_2.ron")).unwrap(),
        a_bytes
    );
    assert_eq!(s.listed(), ["___cup_final_2.ron", "iota.ron"]);
    // The same name again: said so, nothing moves.
    assert!(matches!(
        data.rename_saved(&data.saves_dir().join("iota.ron"), " iota "),
        Err(MoveError::Unchanged(_))
    ));
    let _ = fs::remove_dir_all(&root);
}
