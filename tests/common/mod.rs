//! Helpers shared by the tests: for the rule tables (`tests/*_rules.rs`) positions from
//! strings, the sorted legal tokens, playing tokens and a table runner that reports every
//! failing case; for the loaders' fuzz tests a byte mutator; for the UI tests the app drawn
//! into a test terminal.

#![allow(dead_code)] // each test file uses its own subset

use ratatui::backend::TestBackend;
use ratatui::Terminal;

use rankup::notation::coord;
use rankup::rules::Position;
use rankup::ui::app::{App, Options};
use rankup::ui::render::render;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// The position `fen` of game `id`; a test position that does not parse is a test bug.
pub fn pos(id: VariantId, fen: &str) -> Position {
    Position::from_fen(variant(id), fen)
        .unwrap_or_else(|e| panic!("test position '{fen}' rejected: {e}"))
}

/// The legal moves of `p` as sorted coordinate tokens.
pub fn tokens(p: &Position) -> Vec<String> {
    let mut out: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| coord::format(p.variant(), m))
        .collect();
    out.sort();
    out
}

/// The position string after playing `token` in `fen`.
pub fn after(id: VariantId, fen: &str, token: &str) -> String {
    let mut p = pos(id, fen);
    let m = coord::parse(&p, token)
        .unwrap_or_else(|e| panic!("'{token}' in '{fen}': {e}; legal: {:?}", tokens(&p)));
    p.make(m);
    p.fen()
}

/// What a rule case expects.
pub enum Expect {
    /// The exact sorted list of legal tokens.
    Moves(&'static [&'static str]),
    /// Tokens that must all be legal and tokens that must all be absent.
    HasLacks(&'static [&'static str], &'static [&'static str]),
    /// Playing the tokens in turn leads to the position string.
    After(&'static [&'static str], &'static str),
    /// The exact sorted list of legal tokens of the piece on a square (given by name).
    From(&'static str, &'static [&'static str]),
}

/// One row of a rule table.
pub struct Case {
    /// What the row checks.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The expected result.
    pub expect: Expect,
}

/// Runs every case of a table for game `id` and fails once, listing every failing row.
pub fn run_cases(id: VariantId, cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let p = pos(id, case.fen);
        let legal = tokens(&p);
        match &case.expect {
            Expect::Moves(list) => {
                let mut want: Vec<String> = list.iter().map(|s| s.to_string()).collect();
                want.sort();
                if legal != want {
                    failures.push(format!(
                        "{}: '{}'\n  expected {:?}\n  actual   {:?}",
                        case.name, case.fen, want, legal
                    ));
                }
            }
            Expect::HasLacks(has, lacks) => {
                let missing: Vec<&&str> = has
                    .iter()
                    .filter(|t| !legal.iter().any(|l| l == *t))
                    .collect();
                let extra: Vec<&&str> = lacks
                    .iter()
                    .filter(|t| legal.iter().any(|l| l == *t))
                    .collect();
                if !missing.is_empty() || !extra.is_empty() {
                    failures.push(format!(
                        "{}: '{}'\n  missing {:?}, unexpectedly legal {:?}\n  legal {:?}",
                        case.name, case.fen, missing, extra, legal
                    ));
                }
            }
            Expect::From(square, list) => {
                let mut want: Vec<String> = list.iter().map(|s| s.to_string()).collect();
                want.sort();
                let got: Vec<String> = legal
                    .iter()
                    .filter(|t| t.starts_with(square))
                    .cloned()
                    .collect();
                if got != want {
                    failures.push(format!(
                        "{}: '{}' from {square}\n  expected {:?}\n  actual   {:?}",
                        case.name, case.fen, want, got
                    ));
                }
            }
            Expect::After(line, want) => {
                let mut fen = case.fen.to_string();
                for token in *line {
                    fen = after(id, &fen, token);
                }
                if fen != *want {
                    failures.push(format!(
                        "{}: '{}' + {}\n  expected {want}\n  actual   {fen}",
                        case.name,
                        case.fen,
                        line.join(" ")
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} {id} rule case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `rankup` binary as a command that sees none of the developer's own files: its config
/// and data folders (`RANKUP_CONFIG_DIR`, `RANKUP_DATA_DIR`) are folders of its own under
/// the temporary folder, which do not exist until the command makes them (most never do).
/// Tests that need a config or data folder of their own set the variables again after this.
pub fn rankup() -> std::process::Command {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let home = std::env::temp_dir().join(format!(
        "rankup-test-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_rankup"));
    command
        .env("RANKUP_CONFIG_DIR", home.join("config"))
        .env("RANKUP_DATA_DIR", home.join("data"));
    command
}

/// Runs `rankup` with `args`, which it must refuse: its stderr.
pub fn refused(args: &[&str]) -> String {
    let run = rankup().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(!run.status.success(), "{args:?} ran: {stderr}");
    stderr
}

/// Characters the mutator puts in for a byte past ASCII: two-, three- and four-byte ones, a
/// byte-order mark and a bidi override.
const WIDE: &[char] = &['é', '♞', '漢', '\u{feff}', '\u{202e}', '😀'];

/// Applies `edits` (position, kind, byte) to `text`: delete, insert or replace a character,
/// cut, put in one of `special` (characters that matter to the format under test), open a
/// deep nest of brackets, or wrap a stretch of the text in one. The result is always UTF-8
/// (positions fall on character boundaries, a byte past ASCII becomes a whole character),
/// so every mutation reaches the parser instead of stopping at the UTF-8 check; nests are
/// up to 2,040 deep, far past any nesting limit.
pub fn mutate(text: &str, edits: &[(usize, u8, u8)], special: &[u8]) -> Vec<u8> {
    let mut text = text.to_string();
    for &(at, kind, byte) in edits {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let next = text[at..].chars().next().map_or(0, char::len_utf8);
        let one = if byte.is_ascii() {
            byte as char
        } else {
            WIDE[byte as usize % WIDE.len()]
        };
        let (open, close) = [('(', ')'), ('[', ']'), ('{', '}')][byte as usize % 3];
        let depth = 8 * (byte as usize).max(1);
        match kind % 7 {
            0 if next > 0 => {
                text.remove(at);
            }
            1 => text.insert(at, one),
            2 if next > 0 => text.replace_range(at..at + next, one.encode_utf8(&mut [0; 4])),
            3 => text.truncate(at),
            4 if next > 0 => {
                let c = special[byte as usize % special.len()] as char;
                text.replace_range(at..at + next, c.encode_utf8(&mut [0; 4]));
            }
            5 => text.insert_str(at, &open.to_string().repeat(depth)),
            6 => {
                // Close the nest a stretch later, on a character boundary.
                let mut end = at + (byte as usize * 37) % (text.len() - at + 1);
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.insert_str(end, &close.to_string().repeat(depth));
                text.insert_str(at, &open.to_string().repeat(depth));
            }
            _ => {}
        }
    }
    text.into_bytes()
}

/// `app` drawn at `w` x `h` into a test terminal (for snapshots of its buffer).
pub fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    app.resize(w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(app, f)).unwrap();
    terminal
}

/// `app` drawn at `w` x `h`, as text: one line per row, trailing spaces trimmed.
pub fn screen(app: &mut App, w: u16, h: u16) -> String {
    let t = draw(app, w, h);
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The UI tests' display options: Unicode glyphs, no mouse, no bell.
pub const OPTIONS: Options = Options {
    glyphs: true,
    mouse: false,
    ascii: false,
    bell: None,
    ponder: false,
};

/// The default theme in true colour.
pub fn palette() -> Palette {
    Palette::new(Theme::default(), ColorMode::TrueColor)
}

/// A chess game from the start between `players`, no clock, with [`OPTIONS`] and
/// [`palette`].
pub fn chess_between(players: rankup::rules::ByColor<rankup::ui::app::Player>) -> App {
    App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        None,
        players,
    )
}

/// The app on its start screen with [`OPTIONS`] and [`palette`], no data directory.
pub fn start_app() -> App {
    App::new(OPTIONS, palette(), None)
}
