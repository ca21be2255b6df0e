//! `rankup variant check FILE.ron`: validates a variant file and shows what it defines.
//!
//! The output is line-based and stable for tests and tools: a summary line, the start
//! position as a diagram, each piece's moves from a central square of an empty board, the
//! rules card's lines and piece descriptions, the promotion rules and chains, then `perft N: COUNT` for depths 1 to 3 and `total: N` (the
//! deepest count) last. A broken file is one error line naming file, line, column and field
//! (exit code 2), and nothing on stdout; so is a file whose id is a built-in game's (it
//! would be shadowed by that game), worded as the start screen words it.

use std::path::Path;

use rankup::rules::{Color, Position, Square, Squares, Variant, Zone};
use rankup::variants::file::{self, MAX_FILE_BYTES};
use rankup::variants::{RegisterError, VariantId};

use crate::cli::print_lines;

/// Deepest perft the check runs.
const CHECK_DEPTH: u32 = 3;

/// `rankup variant check FILE`.
pub fn check(path: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let text = rankup::input::read_text_file(path, MAX_FILE_BYTES as u64)
        .map_err(|e| format!("{}: {e}", rankup::text::short_path(&name)))?;
    let v = file::load(&text, &name).map_err(|e| e.to_string())?;
    // A file whose id is a built-in game's would be shadowed by it: say so as the start
    // screen does for a player's file. The built-in game's own file (the text compiled in)
    // is the game itself, not a copy.
    let builtin_text = VariantId::ALL
        .iter()
        .any(|b| b.as_str() == v.id() && b.source().1 == text);
    if let Some(clash) = RegisterError::builtin_clash(&name, v.id()).filter(|_| !builtin_text) {
        return Err(clash.to_string());
    }
    let mut lines = vec![format!(
        "ok: {} ({}), {}x{}, {} piece types",
        v.name(),
        v.id(),
        v.shape().files(),
        v.shape().ranks(),
        v.kinds().len()
    )];
    let mut pos = Position::start(v);
    lines.extend(diagram(&pos));
    lines.extend(piece_moves(v));
    lines.extend(rules_card(v));
    lines.extend(promotions(v));
    let mut last = 0;
    for depth in 1..=CHECK_DEPTH {
        last = pos.perft(depth);
        lines.push(format!("perft {depth}: {last}"));
    }
    lines.push(format!("total: {last}"));
    print_lines(lines)
}

fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

/// The position as text: ranks from the top, `.` for an empty square, a blank for a hole.
fn diagram(pos: &Position) -> Vec<String> {
    let v = pos.variant();
    let shape = v.shape();
    let files: String = (0..shape.files())
        .map(|f| format!(" {}", file_letter(f)))
        .collect();
    let mut out = vec![format!("  {files}")];
    for rank in (0..shape.ranks()).rev() {
        let mut line = format!("{:>2}", rank + 1);
        for f in 0..shape.files() {
            let cell = match Square::new(f, rank) {
                Some(sq) if shape.contains(sq) => pos.piece_at(sq).map_or('.', |p| v.piece_char(p)),
                _ => ' ',
            };
            line.push(' ');
            line.push(cell);
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// The board's central square (the nearest existing one to the middle).
fn centre(v: &Variant) -> Option<Square> {
    let shape = v.shape();
    let (cf, cr) = (i32::from(shape.files() / 2), i32::from(shape.ranks() / 2));
    Squares(shape.squares()).min_by_key(|sq| {
        let (df, dr) = (i32::from(sq.file()) - cf, i32::from(sq.rank()) - cr);
        (df * df + dr * dr, sq.index())
    })
}

/// Each piece's moves from the central square of an empty board, as White.
fn piece_moves(v: &'static Variant) -> Vec<String> {
    let Some(from) = centre(v) else {
        return Vec::new();
    };
    let level = u16::from(v.has_levels());
    let mut out = vec![format!("moves from {from} on an empty board:")];
    for (kind, spec) in v.kinds() {
        let targets: Vec<String> = Squares(v.reach_on_empty_board(kind, Color::White, level, from))
            .map(|sq| sq.to_string())
            .collect();
        out.push(format!(
            "  {} {}: {}",
            spec.letter,
            spec.name,
            if targets.is_empty() {
                "-".to_string()
            } else {
                targets.join(" ")
            }
        ));
    }
    out
}

/// What the rules card says: the game's lines, then each piece's description (all as
/// loaded, which is through the text sanitiser).
fn rules_card(v: &'static Variant) -> Vec<String> {
    let mut out = vec!["rules card:".to_string()];
    out.extend(v.spec().rules.iter().map(|line| format!("  {line}")));
    for (_, spec) in v.kinds() {
        if !spec.description.is_empty() {
            out.push(format!(
                "  {} {} - {}",
                spec.letter, spec.name, spec.description
            ));
        }
    }
    if out.len() == 1 {
        out.push("  none".to_string());
    }
    out
}

/// The promotion rules per piece, then every promotion chain.
fn promotions(v: &'static Variant) -> Vec<String> {
    let mut out = vec!["promotions (zones as White sees them):".to_string()];
    let choice = |mandatory: bool| if mandatory { "forced" } else { "optional" };
    for (_, spec) in v.kinds() {
        let mut rules: Vec<String> = spec
            .promotions
            .iter()
            .map(|r| {
                let zone = match &r.zone {
                    Zone::Ranks(lo, hi) if lo == hi => format!("rank {lo}"),
                    Zone::Ranks(lo, hi) => format!("ranks {lo}-{hi}"),
                    Zone::Squares(list) => list
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                let to: String = r.to.iter().collect();
                format!("on {zone} -> {to} ({})", choice(r.mandatory))
            })
            .collect();
        rules.extend(
            spec.capture_promotions
                .iter()
                .map(|r| format!("taking {} -> {} ({})", r.victims, r.to, choice(r.mandatory))),
        );
        if !rules.is_empty() {
            out.push(format!(
                "  {} {}: {}",
                spec.letter,
                spec.name,
                rules.join("; ")
            ));
        }
    }
    if out.len() == 1 {
        out.push("  none".to_string());
    }
    let mut chains: Vec<Vec<char>> = Vec::new();
    for (kind, _) in v.kinds() {
        let chain: Vec<char> = v
            .promotion_chain(kind)
            .into_iter()
            .map(|k| v.piece(k).letter)
            .collect();
        if chain.len() > 1 && !chains.contains(&chain) {
            chains.push(chain);
        }
    }
    for chain in chains {
        let links: Vec<String> = chain.iter().map(char::to_string).collect();
        out.push(format!("chain: {}", links.join(" > ")));
    }
    out
}
