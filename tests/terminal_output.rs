//! What the real binary sends a real terminal (tmux): colour codes a terminal of 16 colours
//! understands, and a mouse mode that reports buttons and drags but not bare motion.
//!
//! Needs tmux (see `tmux/mod.rs`).

mod tmux;

use rankup::ui::sgr::{is_basic, sgr_codes};
use tmux::{bin, data_dir, Tmux};

/// PromoChess after two moves (a last move, a promotion zone), shown at `term` (`COLORTERM`
/// and `NO_COLOR` unset), as `capture-pane -e` gives it.
fn promochess_at(tmux: &Tmux, name: &str, term: &str) -> String {
    let data = data_dir(name);
    tmux.start_sized(
        &data,
        &format!(
            "unset COLORTERM NO_COLOR; TERM={term} '{}' play promochess; echo APP-EXITED; \
             sleep 30",
            bin()
        ),
        100,
        30,
    );
    tmux.wait_for("White to move");
    tmux.type_move("e5");
    tmux.wait_for("Black to move");
    let screen = tmux.run(&["capture-pane", "-p", "-e", "-t", "t"]);
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    tmux.kill_session();
    let _ = std::fs::remove_dir_all(&data);
    screen
}

#[test]
fn at_16_colours_the_terminal_gets_only_basic_colour_codes() {
    let Some(tmux) = Tmux::new("basic16") else {
        return;
    };
    let screen = promochess_at(&tmux, "basic16", "xterm");
    let codes = sgr_codes(&screen);
    let bad: Vec<u32> = codes.iter().copied().filter(|&c| !is_basic(c)).collect();
    assert!(
        bad.is_empty(),
        "codes {bad:?} at TERM=xterm:\n{}",
        screen.replace('\x1b', "\\e")
    );
    // The board is in colour all the same: foregrounds and backgrounds from the basic set.
    assert!(codes
        .iter()
        .any(|c| (30..=37).contains(c) || (90..=97).contains(c)));
    assert!(codes
        .iter()
        .any(|c| (40..=47).contains(c) || (100..=107).contains(c)));
    // The same screen at 256 colours keeps the palette's codes (tmux passes them on as they
    // came), so the check above would see 256-colour codes if the app sent them.
    let screen = promochess_at(&tmux, "basic256", "xterm-256color");
    assert!(
        screen.contains("38;5;") || screen.contains("48;5;"),
        "{}",
        screen.replace('\x1b', "\\e")
    );
}

/// tmux's view of the pane's mouse modes: any-motion (1003), button-and-drag (1002), press
/// and release (1000), SGR encoding (1006).
fn mouse_flags(tmux: &Tmux) -> String {
    tmux.run(&[
        "display",
        "-p",
        "-t",
        "t",
        "#{mouse_all_flag} #{mouse_button_flag} #{mouse_standard_flag} #{mouse_sgr_flag}",
    ])
    .trim()
    .to_string()
}

/// The columns of the board on a chess screen: up to just right of the `h` of its file
/// letters (the legend beside the board draws pieces too).
fn board_columns(screen: &str) -> usize {
    screen
        .lines()
        .find_map(|line| {
            let letters: Vec<(usize, char)> = line
                .chars()
                .enumerate()
                .filter(|(_, c)| *c != ' ')
                .take(8)
                .collect();
            let files = letters.iter().map(|&(_, c)| c).eq('a'..='h');
            files.then(|| letters[7].0 + 2)
        })
        .unwrap_or_else(|| panic!("no file letters:\n{screen}"))
}

/// The row and column (0-based) of the `nth` (0-based) `glyph` on the board row that has
/// `count` of them: where a piece stands, whatever the layout.
fn find(screen: &str, glyph: char, count: usize, nth: usize) -> (usize, usize) {
    let width = board_columns(screen);
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| {
            let cols: Vec<usize> = line
                .chars()
                .take(width)
                .enumerate()
                .filter(|&(_, c)| c == glyph)
                .map(|(col, _)| col)
                .collect();
            (cols.len() == count).then(|| (row, cols[nth]))
        })
        .unwrap_or_else(|| panic!("no line with {count} {glyph}:\n{screen}"))
}

/// Types a left click at `(row, col)` (0-based) as a terminal in SGR mouse mode sends it:
/// a press and a release.
fn click(tmux: &Tmux, (row, col): (usize, usize)) {
    for end in ['M', 'm'] {
        let seq = format!("\x1b[<0;{};{}{end}", col + 1, row + 1);
        let hex: Vec<String> = seq.bytes().map(|b| format!("{b:02x}")).collect();
        let mut args = vec!["send-keys", "-t", "t", "-H"];
        args.extend(hex.iter().map(String::as_str));
        tmux.run(&args);
    }
}

#[test]
fn the_mouse_reports_buttons_and_drags_not_motion_and_is_off_after() {
    let Some(tmux) = Tmux::new("mouse") else {
        return;
    };
    let data = data_dir("mouse");
    tmux.start(
        &data,
        &format!("'{}' play chess; echo APP-EXITED; sleep 30", bin()),
    );
    let screen = tmux.wait_for("White to move");
    // Button and drag reporting in SGR encoding; no any-motion tracking.
    assert_eq!(mouse_flags(&tmux), "0 1 0 1");

    // Clicks still play: the e-pawn, then two squares up.
    let (pawn_row, pawn_col) = find(&screen, '♙', 8, 4);
    let (king_row, _) = find(&screen, '♔', 1, 0);
    let step = king_row - pawn_row;
    click(&tmux, (pawn_row, pawn_col));
    click(&tmux, (pawn_row - 2 * step, pawn_col));
    tmux.wait_for("1. e4");

    // `m` turns the mouse off (every mode), and on again as before.
    tmux.keys(&["m"]);
    tmux.wait_for("mouse off");
    assert_eq!(mouse_flags(&tmux), "0 0 0 0");
    tmux.keys(&["m"]);
    tmux.wait_for("mouse on");
    assert_eq!(mouse_flags(&tmux), "0 1 0 1");

    // Quitting leaves the terminal with no mouse mode on.
    tmux.keys(&["q", "y"]);
    tmux.wait_for("APP-EXITED");
    assert_eq!(mouse_flags(&tmux), "0 0 0 0");
    let _ = std::fs::remove_dir_all(&data);
}
