//! Drives the real binary in a real terminal (tmux): start it, play by cursor and by typing,
//! undo, quit, and check the terminal is usable again.
//!
//! Needs tmux (see `tmux/mod.rs`).

mod tmux;

use tmux::{bin, data_dir, games_in_play, Tmux};

/// The process behind a crash or a dropped connection: a game killed with SIGKILL between
/// moves is resumed on the next start with every move played.
#[test]
fn a_killed_game_resumes_with_no_move_lost() {
    let Some(tmux) = Tmux::new("kill") else {
        return;
    };
    let bin = bin();
    let data = data_dir("kill");
    tmux.start(
        &data,
        &format!("'{bin}' play chess; echo APP-EXITED; sleep 30"),
    );
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("1. e4");
    tmux.type_move("e5");
    tmux.wait_for("1. e4        e5");
    tmux.type_move("Nf3");
    tmux.wait_for("2. Nf3");
    // Kill the app itself (the shell's child) with no chance to clean up.
    tmux.signal_app("KILL");
    tmux.wait_for("APP-EXITED");
    let games = games_in_play(&data);
    assert_eq!(games.len(), 1, "{games:?}");
    let saved = std::fs::read_to_string(&games[0]).expect("the game's file");
    assert!(saved.contains("g1f3"), "{saved}");
    tmux.kill_session();

    tmux.start(&data, &format!("'{bin}'; echo APP-EXITED; sleep 30"));
    tmux.wait_for("Unfinished games");
    tmux.wait_for("Chess  2 moves · human v human");
    tmux.keys(&["r"]);
    let screen = tmux.wait_for("Black to move");
    assert!(
        screen.contains("1. e4        e5") && screen.contains("2. Nf3"),
        "{screen}"
    );
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn play_undo_and_quit_in_a_real_terminal() {
    let Some(tmux) = Tmux::new("play") else {
        return;
    };
    let bin = bin();
    let data = data_dir("play");
    // After the app exits, print the terminal mode so we can see raw mode was undone.
    let script = format!("'{bin}' --theme dark play chess; stty -a | tr ' ' '\\n' | grep -x -- '-*icanon'; echo APP-EXITED; sleep 30");
    tmux.start(&data, &script);
    tmux.wait_for("White to move");

    // Cursor: the cursor starts on e1; e2 up one, lift, up two, drop.
    tmux.keys(&["k", "Enter", "k", "k", "Enter"]);
    tmux.wait_for("1. e4");
    tmux.wait_for("Black to move");

    // Typing mode: candidates narrow as we type.
    tmux.keys(&[":", "e"]);
    let screen = tmux.wait_for("move: e_");
    assert!(screen.contains("e5") && screen.contains("e6"), "{screen}");
    tmux.keys(&["5", "Enter"]);
    tmux.wait_for("1. e4        e5");

    // An illegal typed move is refused with a message naming it and saying why; its text
    // stays, and `:` (pressed as one does for the next move) starts afresh.
    tmux.keys(&[":", "K", "e", "3", "Enter"]);
    tmux.wait_for("illegal move 'Ke3'");
    let screen = tmux.wait_for("King on e1 cannot reach e3");
    assert!(screen.contains("move: Ke3_"), "{screen}");
    tmux.keys(&[":"]);
    let screen = tmux.wait_for("move: _");
    assert!(!screen.contains("Ke3:"), "{screen}");
    tmux.keys(&["Escape"]);

    // Undo takes e5 back.
    tmux.keys(&["u"]);
    let screen = tmux.wait_for("Black to move");
    assert!(!screen.contains("e4        e5"), "{screen}");

    // Help opens and closes.
    tmux.keys(&["?"]);
    tmux.wait_for("rankup keys");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Black to move");

    // Quit asks first during a game.
    tmux.keys(&["q"]);
    tmux.wait_for("Quit rankup? The game is kept");
    tmux.keys(&["y"]);
    let screen = tmux.wait_for("APP-EXITED");
    assert!(
        screen.lines().any(|l| l.trim() == "icanon"),
        "terminal left in raw mode:\n{screen}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Without a UTF-8 locale (LANG=C, as on minimal servers) the app draws plain ASCII and
/// says so; `--unicode` turns the Unicode back on.
#[test]
fn a_c_locale_gets_plain_ascii() {
    let Some(tmux) = Tmux::new("locale") else {
        return;
    };
    let bin = bin();
    let data = data_dir("locale");
    tmux.start(
        &data,
        &format!("env LC_ALL= LC_CTYPE= LANG=C '{bin}' play promochess; echo APP-EXITED; sleep 30"),
    );
    let screen = tmux.wait_for("is not a UTF-8 locale");
    assert!(screen.contains("LANG=C"), "{screen}");
    assert!(screen.contains("+ moves ---"), "ASCII box lines: {screen}");
    assert!(screen.is_ascii(), "{screen}");
    tmux.type_move("e4");
    tmux.wait_for("1. e4");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    tmux.start(
        &data,
        &format!(
            "env LC_ALL= LC_CTYPE= LANG=C '{bin}' --unicode play chess; echo APP-EXITED; sleep 30"
        ),
    );
    let screen = tmux.wait_for("White to move");
    assert!(screen.contains("┌ moves"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("APP-EXITED");
    let _ = std::fs::remove_dir_all(&data);
}

/// The last resort: a game that could not be kept (its data path is a file) when a signal
/// ends rankup is written to the temporary folder, stderr says where and how to play on,
/// and that file is the whole game.
#[test]
fn a_game_that_could_not_be_saved_is_rescued_on_a_signal() {
    let Some(tmux) = Tmux::new("rescue") else {
        return;
    };
    let dir = data_dir("rescue");
    let data = dir.join("data");
    std::fs::write(&data, "a file").unwrap();
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    for (signal, game) in [("TERM", "chess"), ("HUP", "promochess")] {
        tmux.start(
            &data,
            &format!(
                "TMPDIR='{}' '{}' play {game}; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
                tmp.display(),
                bin()
            ),
        );
        tmux.wait_for("White to move");
        tmux.type_move("e4");
        tmux.wait_for("NOT SAVED");
        tmux.signal_app(signal);
        let screen = tmux.wait_for("APP-EXITED");
        // The message wraps at 80 columns: join the lines back.
        let joined: String = screen.lines().collect();
        assert!(joined.contains("the game could not be saved"), "{screen}");
        assert!(joined.contains("plays on"), "{screen}");
        let rescued: Vec<_> = std::fs::read_dir(&tmp)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with(&format!("rankup-unsaved-{game}-"))
            })
            .collect();
        assert_eq!(rescued.len(), 1, "{signal}: {rescued:?}");
        let resume = format!("rankup resume {} plays on", rescued[0].display());
        assert!(joined.contains(&resume), "{screen}");
        let text = std::fs::read_to_string(&rescued[0]).unwrap();
        let saved = rankup::save::SavedGame::from_ron(&text, "rescued.ron").expect("it loads");
        assert_eq!(saved.moves.len(), 1, "{text}");
        assert!(saved.is_unfinished());
        tmux.kill_session();
    }
    assert_eq!(std::fs::read_to_string(&data).unwrap(), "a file");
    let _ = std::fs::remove_dir_all(&dir);
}
