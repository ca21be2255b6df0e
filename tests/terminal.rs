//! Drives the real binary in a real terminal (tmux): start it, play by cursor and by typing,
//! undo, quit, and check the terminal is usable again.
//!
//! Needs tmux. Without it the test reports itself skipped, unless `RANKUP_REQUIRE_TMUX` is set
//! (CI sets it, and installs tmux).

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", "t", k]);
            sleep(Duration::from_millis(60));
        }
    }

    /// Waits until the screen contains `text`, or fails with the screen.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {text:?}; screen:\n{screen}");
            }
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// Whether tmux is there; without it a test skips (unless CI requires tmux).
fn have_tmux() -> bool {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("RANKUP_REQUIRE_TMUX").is_none(),
            "tmux is required here but not installed"
        );
        eprintln!("skipped: tmux is not installed");
        return false;
    }
    true
}

/// A fresh data directory for one test, so no test touches the player's saved games.
fn data_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Tmux {
    /// Starts session `t` at 80x24 running `script` with `data` as the data directory.
    fn start(&self, data: &std::path::Path, script: &str) {
        let data = format!("RANKUP_DATA_DIR={}", data.display());
        self.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "80",
            "-y",
            "24",
            "env",
            "TERM=xterm-256color",
            &data,
            "sh",
            "-c",
            script,
        ]);
    }
}

/// The process behind a crash or a dropped connection: a game killed with SIGKILL between
/// moves is resumed on the next start with every move played.
#[test]
fn a_killed_game_resumes_with_no_move_lost() {
    if !have_tmux() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_rankup");
    let tmux = Tmux {
        socket: format!("rankup-kill-{}", std::process::id()),
    };
    let data = data_dir("kill");
    tmux.start(
        &data,
        &format!("'{bin}' play chess; echo APP-EXITED; sleep 30"),
    );
    tmux.wait_for("White to move");
    tmux.keys(&[":", "e4", "Enter"]);
    tmux.wait_for("1. e4");
    tmux.keys(&[":", "e5", "Enter"]);
    tmux.wait_for("1. e4        e5");
    tmux.keys(&[":", "Nf3", "Enter"]);
    tmux.wait_for("2. Nf3");
    // Kill the app itself (the shell's child) with no chance to clean up.
    let shell = tmux.run(&["display", "-p", "-t", "t", "#{pane_pid}"]);
    let killed = Command::new("pkill")
        .args(["-KILL", "-P", shell.trim()])
        .status()
        .expect("pkill runs");
    assert!(killed.success(), "no app process to kill");
    tmux.wait_for("APP-EXITED");
    let autosave = std::fs::read_to_string(data.join("autosave.ron")).expect("an autosave");
    assert!(autosave.contains("g1f3"), "{autosave}");
    tmux.run(&["kill-session", "-t", "t"]);

    tmux.start(&data, &format!("'{bin}'; echo APP-EXITED; sleep 30"));
    tmux.wait_for("Unfinished: Chess, 2 moves");
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
    if !have_tmux() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_rankup");
    let tmux = Tmux {
        socket: format!("rankup-test-{}", std::process::id()),
    };
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

    // An illegal typed move is refused with a message naming it.
    tmux.keys(&[":", "K", "e", "3", "Enter"]);
    tmux.wait_for("illegal move 'Ke3'");
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
