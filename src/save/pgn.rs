//! PGN of saved games: [`export`] writes one, [`import`] reads a file's games back
//! (`pgn/read.rs` splits the text into games, `pgn/import.rs` plays and checks them).
//!
//! It lives with the saves, not in `notation` (which reads positions, not games). Export
//! formats a [`SavedGame`], whose moves already carry their SAN:
//!
//! * The Seven Tag Roster: `Event` (the game's name, or `?`), `Site` `?`, `Date` (the UTC
//!   start date, `2025.06.01`), `Round` `-`, `White` and `Black` (a person's name or `?`,
//!   `rankup AI level 4 (club)`), `Result`.
//! * Then, in ASCII order: `FEN` with `SetUp "1"` when the start is not the variant's
//!   standard start (the rankup position string, which for `chess` is standard FEN);
//!   `RankupVariant` (the rankup variant id) and `Variant` (see [`variant_name`]) for every
//!   game but orthodox chess, which has neither; `Termination` (the PGN standard's values:
//!   `normal`, `time forfeit`, `unterminated`).
//! * Movetext: SAN with move numbers (`12...` after a comment or at a start with Black to
//!   move), each move's note as a comment (`{[%eval 0.35] [%emt 0:00:04.2] text}`, the
//!   evaluation from White's point of view as in lichess's exports), a last comment saying
//!   how the game ended, and the result; lines are at most 79 characters (PGN's export
//!   limit).

use super::{GameResult, SavedAnalysis, SavedGame, SavedMove, Termination};
mod import;
mod read;

pub use import::{import, ImportError};

use crate::game::analysis::Mark;
use crate::game::Eval;
use crate::rules::Position;
use crate::text::sanitize;
use crate::variants::{variant, VariantId};

/// Longest line PGN export format allows.
const LINE: usize = 79;

/// The `Variant` tag value of a game; `None` for orthodox chess, which has no `Variant`
/// tag; a player's own game's is the name in its file.
pub fn variant_name(id: VariantId) -> Option<&'static str> {
    Some(match id {
        VariantId::Chess => return None,
        VariantId::Veteran => "Veteran Chess",
        VariantId::Upgrade => "Upgrade Chess",
        VariantId::ApcCrowned => "Alternate Promotion Chess (Crowned)",
        VariantId::ApcLonghaulCrowned => "Alternate Promotion Chess (Long-haul Crowned)",
        VariantId::ApcTimur => "Alternate Promotion Chess (Timur)",
        VariantId::ApcMixedTimur => "Alternate Promotion Chess (Mixed Timur)",
        VariantId::ApcLonghaulTimur => "Alternate Promotion Chess (Long-haul Timur)",
        VariantId::ApcEurasian => "Alternate Promotion Chess (Eurasian)",
        VariantId::ApcMixedEurasian => "Alternate Promotion Chess (Mixed Eurasian)",
        VariantId::ApcLonghaulEurasian => "Alternate Promotion Chess (Long-haul Eurasian)",
        VariantId::Promochess => "PromoChess",
        VariantId::Tamerspiel => "Tamerspiel",
        // A player's own game goes by the name its file gives.
        _ => &variant(id).spec().name,
    })
}

/// The game as PGN text, ending with a newline.
///
/// ```
/// use rankup::game::Game;
/// use rankup::save::pgn;
/// use rankup::save::{GameMeta, Player, SavedGame};
/// use rankup::variants::{variant, VariantId};
///
/// let mut game = Game::from_start(variant(VariantId::Chess));
/// for m in ["f3", "e5", "g4", "Qh4#"] {
///     game.play_text(m).unwrap();
/// }
/// let meta = GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS);
/// let text = pgn::export(&SavedGame::from_game(&game, &meta));
/// assert!(text.contains("[Result \"0-1\"]"));
/// assert!(text.ends_with("1. f3 e5 2. g4 Qh4# {Black wins by checkmate} 0-1\n"));
/// ```
pub fn export(game: &SavedGame) -> String {
    export_at(game, None)
}

/// [`export`], the `Site` tag naming where the game was played (a game server's name)
/// instead of `?`.
pub fn export_at(game: &SavedGame, site: Option<&str>) -> String {
    let v = variant(game.variant);
    let start = Position::from_fen(v, &game.start).ok();
    let standard_fen = Position::start(v).fen();
    let start_fen = start.as_ref().map_or(game.start.clone(), Position::fen);
    let (y, m, d) = game.started.date();

    let mut tags: Vec<(&str, String)> = vec![
        ("Event", game.name.clone().unwrap_or_else(|| "?".into())),
        ("Site", site.unwrap_or("?").into()),
        ("Date", format!("{y:04}.{m:02}.{d:02}")),
        ("Round", "-".into()),
        ("White", game.white.label()),
        ("Black", game.black.label()),
        ("Result", game.result.as_str().into()),
    ];
    if start_fen != standard_fen {
        tags.push(("FEN", start_fen.clone()));
        tags.push(("SetUp", "1".into()));
    }
    if let Some(c) = game.clock {
        let control = c.control();
        let (base, increment) = (seconds(control.base), seconds(control.increment));
        tags.push(("TimeControl", format!("{base}+{increment}")));
    }
    if let Some(name) = variant_name(game.variant) {
        tags.push(("RankupVariant", game.variant.as_str().into()));
        tags.push(("Variant", name.into()));
    }
    tags.push((
        "Termination",
        match (game.result, game.termination) {
            (GameResult::Unfinished, _) => "unterminated",
            (_, Some(Termination::Time)) => "time forfeit",
            (_, Some(Termination::Abandoned)) => "abandoned",
            _ => "normal",
        }
        .into(),
    ));
    // The roster keeps its order; the other tags follow in ASCII order.
    tags[7..].sort_by_key(|(k, _)| *k);

    let mut out = String::new();
    for (k, v) in &tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape_tag(v)));
    }
    out.push('\n');

    let (mut number, mut black) = match &start {
        Some(p) => (p.fullmoves(), p.turn() == crate::rules::Color::Black),
        None => {
            let (number, side) = crate::game::MoveNumber::counters_of_fen(&game.start);
            (number, side == crate::rules::Color::Black)
        }
    };
    let mut words: Vec<String> = Vec::new();
    let mut number_needed = true;
    for (i, m) in game.moves.iter().enumerate() {
        if !black {
            words.push(format!("{number}."));
        } else if number_needed {
            words.push(format!("{number}..."));
        }
        words.push(sanitize(&m.san).into_owned());
        let mark = game
            .analysis
            .as_ref()
            .and_then(|a| Some((a, (*a.marks.get(i)?)?)));
        if let Some((_, mark)) = mark {
            words.push(format!("${}", mark.nag()));
        }
        let mut text = note_text(m, m.eval);
        if let Some((analysis, mark)) = mark {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&mark_text(analysis, i, mark));
        }
        number_needed = push_comment(&mut words, &text);
        if black {
            number = number.saturating_add(1);
        }
        black = !black;
    }
    if let Some(o) = game.outcome() {
        push_comment(&mut words, &o.to_string());
    }
    words.push(game.result.as_str().into());
    wrap(&mut out, &words);
    out
}

/// A tag value with PGN's escapes, on one line, [sanitised](crate::text::sanitize).
fn escape_tag(v: &str) -> String {
    let mut s = String::new();
    for c in sanitize(v).chars() {
        match c {
            '\\' => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            c => s.push(c),
        }
    }
    s
}

/// The comment of a move: `[%eval ..]` (of `eval`), `[%emt ..]` and the text.
fn note_text(m: &SavedMove, eval: Option<Eval>) -> String {
    let mut parts = Vec::new();
    if let Some(e) = eval {
        parts.push(match e {
            Eval::Mate(n) => format!("[%eval #{n}]"),
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let a = cp.unsigned_abs();
                format!("[%eval {sign}{}.{:02}]", a / 100, a % 100)
            }
        });
    }
    if let Some(ms) = m.think_ms {
        let s = ms / 1000;
        let mut t = format!("[%emt {}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
        let frac = ms % 1000;
        if frac != 0 {
            let digits = format!("{frac:03}");
            t.push('.');
            t.push_str(digits.trim_end_matches('0'));
        }
        t.push(']');
        parts.push(t);
    }
    if let Some(c) = &m.comment {
        parts.push(c.clone());
    }
    parts.join(" ")
}

/// What the analysis says of move `index`, marked `mark`: `Blunder. Nf6 was best (-0.30):
/// Nf6 Nc3 Bb4` (the engine's score of the position before it, White's view, and its line).
fn mark_text(analysis: &SavedAnalysis, index: usize, mark: Mark) -> String {
    let name = mark.name();
    let mut text = format!("{}{}.", name[..1].to_uppercase(), &name[1..]);
    if let Some(line) = analysis.better_line(index) {
        let best = line.split_whitespace().next().unwrap_or(line);
        text.push_str(&format!(" {best} was best"));
        if let Some(Some(eval)) = analysis.evals.get(index) {
            text.push_str(&format!(" ({eval})"));
        }
        text.push_str(&format!(": {line}"));
    }
    text
}

/// Adds `{text}` as words (a comment may not contain `}`, and control characters, ESC
/// sequences and bidi overrides are [sanitised](crate::text::sanitize) away); returns whether
/// one was added.
fn push_comment(words: &mut Vec<String>, text: &str) -> bool {
    let cleaned = sanitize(text).replace('}', ")");
    let mut parts: Vec<String> = cleaned.split_whitespace().map(str::to_string).collect();
    let Some(first) = parts.first_mut() else {
        return false;
    };
    first.insert(0, '{');
    parts.last_mut().expect("non-empty").push('}');
    words.extend(parts);
    true
}

/// Fills lines of at most [`LINE`] characters with `words` (a longer word stands alone).
fn wrap(out: &mut String, words: &[String]) {
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out.push('\n');
}

/// Seconds as PGN's `TimeControl` writes them: whole (`300`), or with the milliseconds a
/// fractional clock has (`0.5`).
fn seconds(d: std::time::Duration) -> String {
    if d.subsec_millis() == 0 {
        d.as_secs().to_string()
    } else {
        let text = format!("{}.{:03}", d.as_secs(), d.subsec_millis());
        text.trim_end_matches('0').to_string()
    }
}
