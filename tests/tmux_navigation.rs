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
