//! Esc is "back" in the real binary: `n` then Esc returns to the game; a review opened from
//! the shell goes back to the shell with `q` or Esc.
//!
//! Needs tmux (see `tmux/mod.rs`).

mod tmux;

use std::path::PathBuf;

use tmux::{bin, data_dir, Tmux};

#[test]
fn n_then_esc_returns_to_the_game() {
    let Some(tmux) = Tmux::new("nav-back") else {
        return;
    };
    let data = data_dir("nav-back");
    tmux.start(
        &data,
        &format!(
            "'{}' play chess; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("played e4");
    tmux.keys(&["n"]);
    tmux.wait_for("Esc back to your game");
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("Black to move");
    assert!(screen.contains("1. e4"), "{screen}");
    tmux.type_move("e5");
    tmux.wait_for("1. e4        e5");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_review_from_the_shell_ends_in_the_shell() {
    let Some(tmux) = Tmux::new("nav-review") else {
        return;
    };
    let data = data_dir("nav-review");
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves/v1-chess-annotated.ron");
    for key in ["q", "Escape"] {
        tmux.start(
            &data,
            &format!(
                "'{}' review '{}'; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
                bin(),
                file.display()
            ),
        );
        tmux.wait_for("rankup · review");
        tmux.keys(&[key]);
        let screen = tmux.wait_for("APP-EXITED");
        assert!(!screen.contains("Unfinished games"), "{screen}");
        tmux.kill_session();
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// In a terminal, with only one of standard input and output redirected: one line naming
/// which, the commands that need no terminal, exit code 2, and the terminal left alone.
#[test]
fn without_a_terminal_on_one_side_it_says_so_in_one_line() {
    let Some(tmux) = Tmux::new("nav-notty") else {
        return;
    };
    let data = data_dir("nav-notty");
    let out = data.join("out.txt");
    for (redirect, which) in [
        ("</dev/null".to_string(), "standard input is not one"),
        (
            format!(">'{}'", out.display()),
            "standard output is not one",
        ),
    ] {
        tmux.start(
            &data,
            &format!(
                "'{}' {redirect}; printf '\\r\\nRC=%s APP-EXITED\\r\\n' $?; sleep 30",
                bin()
            ),
        );
        let screen = tmux.wait_for("APP-EXITED");
        assert!(screen.contains("RC=2 APP-EXITED"), "{screen}");
        let line = screen
            .lines()
            .find(|l| l.starts_with("rankup: "))
            .unwrap_or_else(|| panic!("{screen}"));
        assert!(line.contains(which), "{screen}");
        for command in ["moves", "perft", "export", "uci"] {
            assert!(screen.contains(command), "{command}: {screen}");
        }
        assert!(!screen.contains("terminal error"), "{screen}");
        tmux.kill_session();
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// `y` and `Y` in tmux with `set-clipboard on`: the plain OSC 52 escape lands in tmux's
/// paste buffer (and from there on the outer terminal's clipboard).
#[test]
fn y_and_shift_y_reach_the_tmux_clipboard() {
    let Some(tmux) = Tmux::new("nav-copy") else {
        return;
    };
    let data = data_dir("nav-copy");
    tmux.start(
        &data,
        &format!(
            "'{}' play chess; printf '\\r\\nAPP-EXITED\\r\\n'; sleep 30",
            bin()
        ),
    );
    tmux.run(&["set-option", "-g", "set-clipboard", "on"]);
    tmux.wait_for("White to move");
    tmux.type_move("e4");
    tmux.wait_for("played e4");
    tmux.keys(&["y"]);
    tmux.wait_for("position copied to the clipboard (OSC 52)");
    let buffer = tmux.run(&["show-buffer"]);
    assert!(
        buffer.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"),
        "{buffer:?}"
    );
    tmux.keys(&["Y"]);
    tmux.wait_for("game (PGN) copied");
    let buffer = tmux.run(&["show-buffer"]);
    assert!(
        buffer.contains("[Variant") || buffer.contains("[Event"),
        "{buffer:?}"
    );
    assert!(buffer.contains("1. e4"), "{buffer:?}");
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    let _ = std::fs::remove_dir_all(&data);
}
