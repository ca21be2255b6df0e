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

/// Applies `edits` (position, kind, byte) to `text`: delete, insert or replace a byte, cut,
/// or put in one of `special`, characters that matter to the format under test.
pub fn mutate(text: &str, edits: &[(usize, u8, u8)], special: &[u8]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, kind, byte) in edits {
        let at = at % (bytes.len() + 1);
        match kind % 5 {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => bytes[at] = byte,
            3 => bytes.truncate(at),
            _ => {
                if at < bytes.len() {
                    bytes[at] = special[byte as usize % special.len()];
                }
            }
        }
    }
    bytes
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
};

/// The default theme in true colour.
pub fn palette() -> Palette {
    Palette::new(Theme::default(), ColorMode::TrueColor)
}

/// The app on its start screen with [`OPTIONS`] and [`palette`], no data directory.
pub fn start_app() -> App {
    App::new(OPTIONS, palette(), None)
}
