//! PGN games into saved games: the game from the `RankupVariant` or `Variant` tag, the
//! start from `FEN`, each SAN word played through the engine, `[%eval]`, `[%emt]` and
//! `[%clk]` kept, the result checked against the final position.

use std::fmt;
use std::time::Duration;

use super::read::{self, RawGame, RawMove};
use super::variant_name;
use crate::ai::Level;
use crate::game::{Eval, Game, PlayError, TimeControl};
use crate::notation::{self, san};
use crate::rules::{ByColor, Color, EndReason, Outcome, Position};
use crate::save::{GameMeta, Player, SavedClock, SavedGame, Timestamp};
use crate::text::short;
use crate::variants::{variant, VariantId};

/// Why a game of a PGN file was not imported: `game 3: move 17... Nf6 is not legal: ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// What is wrong, naming the move where a move is wrong.
    pub reason: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.reason)
    }
}

impl std::error::Error for ImportError {}

/// Every game of a PGN text, in order: the saved game, or why it was refused. A game that
/// imports also loads as a save (it is checked the way loading checks a file).
///
/// ```
/// use rankup::save::pgn;
///
/// let games = pgn::import("[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
///                          1. e4 e5 2. Ke3 *\n");
/// assert_eq!(games[0].as_ref().unwrap().moves.len(), 7);
/// let refused = games[1].as_ref().unwrap_err().to_string();
/// assert!(refused.starts_with("game 2: move 2. Ke3 is not legal: "), "{refused}");
/// ```
pub fn import(text: &str) -> Vec<Result<SavedGame, ImportError>> {
    read::games(text)
        .into_iter()
        .enumerate()
        .map(|(i, raw)| {
            to_saved(&raw).map_err(|reason| ImportError {
                game: i + 1,
                reason,
            })
        })
        .collect()
}

/// One game; the error is the reason alone.
fn to_saved(raw: &RawGame) -> Result<SavedGame, String> {
    if let Some(e) = &raw.error {
        return Err(e.clone());
    }
    let id = game_of(raw)?;
    let v = variant(id);
    let start = match raw.tag("FEN") {
        Some(fen) => Position::from_fen(v, fen.trim())
            .map_err(|e| format!("bad FEN '{}': {e}", short(fen)))?,
        None => Position::start(v),
    };
    let mut game = Game::new(start.clone());
    let mut clocks: [Option<u64>; 2] = [None, None];
    for (ply, m) in raw.moves.iter().enumerate() {
        let mover = game.position().turn();
        let place = move_place(&start, ply, &m.san);
        let pos = game.position();
        let mv = san::parse(pos, &m.san).map_err(|e| {
            let why = notation::explain(pos, &m.san).unwrap_or_else(|| e.to_string());
            format!("{place} is not legal: {why}")
        })?;
        game.play(mv).map_err(|e| match e {
            PlayError::GameOver(o) => format!("{place} comes after the end of the game ({o})"),
            e => format!("{place} is not legal: {e}"),
        })?;
        let note = Note::of(m);
        if note.clock.is_some() {
            clocks[usize::from(mover == Color::Black)] = note.clock;
        }
        let last = game.last_note_mut().expect("a move was just played");
        last.eval = note.eval.filter(|&e| e != Eval::Mate(0));
        last.think_ms = note.think_ms;
        last.comment = note.comment;
    }
    let outcome = settle(raw, &mut game)?;
    if let (Some(o), Some(last)) = (outcome, game.last_note_mut()) {
        // Export's last comment says how the game ended: not a comment of the move.
        if let Some(c) = &mut last.comment {
            let ending = o.to_string();
            if let Some(rest) = c.strip_suffix(&ending) {
                *c = rest.trim_end().to_string();
            }
        }
        if last.comment.as_deref() == Some("") {
            last.comment = None;
        }
    }
    let started = started(raw);
    let meta = GameMeta {
        name: raw
            .tag("Event")
            .map(str::trim)
            .filter(|e| !e.is_empty() && *e != "?")
            .map(str::to_string),
        white: player(raw.tag("White")),
        black: player(raw.tag("Black")),
        started,
        ended: outcome.map(|_| started),
        clock: clock(raw.tag("TimeControl"), clocks),
        seed: None,
    };
    let saved = SavedGame::from_game(&game, &meta);
    // What loading would refuse is refused here, with the loader's reason.
    SavedGame::from_ron(&saved.to_ron(), "the imported game").map_err(|e| e.to_string())
}

/// `17... Nf6`: the move's number and SAN as PGN writes them.
fn move_place(start: &Position, ply: usize, text: &str) -> String {
    let place = crate::game::MoveNumber::of_ply(start, ply + 1).san_prefix();
    format!("move {place} {}", short(text))
}

/// The game named by `RankupVariant` (a rankup id), else `Variant` (the name export writes,
/// or the id); no `Variant`, `Standard` or `From Position` is chess.
fn game_of(raw: &RawGame) -> Result<VariantId, String> {
    if let Some(id) = raw.tag("RankupVariant") {
        return id
            .trim()
            .parse()
            .map_err(|_| format!("unknown RankupVariant '{}'", short(id)));
    }
    let name = raw.tag("Variant").map_or("", str::trim);
    if ["", "standard", "chess", "from position"]
        .iter()
        .any(|s| name.eq_ignore_ascii_case(s))
    {
        return Ok(VariantId::Chess);
    }
    VariantId::all()
        .into_iter()
        .find(|&id| {
            variant_name(id).is_some_and(|n| n.eq_ignore_ascii_case(name))
                || id.as_str().eq_ignore_ascii_case(name)
        })
        .ok_or_else(|| format!("unknown Variant '{}'", short(name)))
}

/// The outcome the game is saved with: the board's, which the `Result` must agree with,
/// or the result as written for an ending off the board (resignation or, with a
/// `Termination` saying so, time or abandonment; a draw by agreement).
fn settle(raw: &RawGame, game: &mut Game) -> Result<Option<Outcome>, String> {
    let written = raw
        .result
        .as_deref()
        .or(raw.tag("Result"))
        .map_or("*", str::trim);
    let winner = match written {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        "*" => None,
        other => return Err(format!("the result '{}' is not a PGN result", short(other))),
    };
    let on_board = game.outcome();
    match (on_board, winner) {
        (Some(o), None) => Ok(Some(o)),
        (Some(o), Some(w)) if o.winner() == w => Ok(Some(o)),
        (Some(o), Some(_)) => Err(format!(
            "the result {written} does not agree with the final position ({o})"
        )),
        (None, None) => Ok(None),
        (None, Some(w)) => {
            let termination = raw.tag("Termination").unwrap_or("").to_ascii_lowercase();
            let reason = match w {
                None => EndReason::Agreement,
                Some(_) if termination.contains("time") => EndReason::Time,
                Some(_) if termination.contains("abandon") => EndReason::Abandoned,
                Some(_) => EndReason::Resignation,
            };
            let o = match w {
                Some(winner) => Outcome::Decisive { winner, reason },
                None => Outcome::Draw { reason },
            };
            game.declare(o);
            Ok(Some(o))
        }
    }
}

/// A player from a `White`/`Black` tag: `?` or nothing is an unnamed person, export's
/// `rankup AI level 4 (club)` the AI, anything else a person's name.
fn player(tag: Option<&str>) -> Player {
    let name = tag.map_or("", str::trim);
    if name.is_empty() || name == "?" {
        return Player::ANONYMOUS;
    }
    let level = name
        .strip_prefix("rankup AI level ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .and_then(Level::new);
    match level {
        Some(level) => Player::Ai { level },
        None => Player::Human {
            name: Some(name.to_string()),
        },
    }
}

/// The start time from `UTCDate`/`UTCTime` or `Date` (`2025.06.01`, unknown parts `??`
/// read as the 1st); now when there is none.
fn started(raw: &RawGame) -> Timestamp {
    let date = raw.tag("UTCDate").or(raw.tag("Date")).unwrap_or("");
    let parts: Vec<&str> = date.trim().split('.').collect();
    let Some(year) = parts.first().and_then(|y| y.parse::<u32>().ok()) else {
        return Timestamp::now();
    };
    let part = |i: usize| {
        parts
            .get(i)
            .and_then(|p| p.parse::<u32>().ok())
            .unwrap_or(1)
    };
    let time = raw
        .tag("UTCTime")
        .map(str::trim)
        .filter(|t| t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit() || b == b':'))
        .unwrap_or("00:00:00");
    format!("{year:04}-{:02}-{:02}T{time}Z", part(1), part(2))
        .parse()
        .unwrap_or_else(|_| Timestamp::now())
}

/// The clocks from `TimeControl` (`300+3` seconds, lichess's and export's form, or `60+0.5`)
/// and the last `[%clk]` of each side, in milliseconds; none for an untimed game.
fn clock(tag: Option<&str>, left: [Option<u64>; 2]) -> Option<SavedClock> {
    let (base, inc) = tag?.trim().split_once('+')?;
    let control = TimeControl {
        base: seconds(base)?,
        increment: seconds(inc)?,
    };
    let left_of = |ms: Option<u64>| ms.map_or(control.base, Duration::from_millis);
    let left = ByColor {
        white: left_of(left[0]),
        black: left_of(left[1]),
    };
    Some(SavedClock::new(control, left))
}

/// Seconds as `TimeControl` writes them, whole or with a fraction (`0.5`), to the
/// millisecond; `None` for anything else or for more than a day.
fn seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    let secs: u64 = whole.parse().ok().filter(|&s| s <= 24 * 60 * 60)?;
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    Some(Duration::from_secs(secs) + Duration::from_millis(millis))
}

/// What a move's comments say: `[%eval]`, `[%emt]`, `[%clk]` and the text around them.
struct Note {
    eval: Option<Eval>,
    think_ms: Option<u64>,
    clock: Option<u64>,
    comment: Option<String>,
}

impl Note {
    fn of(m: &RawMove) -> Note {
        let mut note = Note {
            eval: None,
            think_ms: None,
            clock: None,
            comment: None,
        };
        let mut text: Vec<String> = Vec::new();
        for c in &m.comments {
            let mut rest = c.as_str();
            let mut plain = String::new();
            while let Some(open) = rest.find("[%") {
                plain.push_str(&rest[..open]);
                let Some(close) = rest[open..].find(']') else {
                    break;
                };
                let command = &rest[open + 2..open + close];
                rest = &rest[open + close + 1..];
                // Export wraps lines inside a command too (`[%emt` at a line's end).
                let command = command.trim();
                let (name, value) = command
                    .split_once(char::is_whitespace)
                    .unwrap_or((command, ""));
                let value = value.trim();
                match name {
                    "eval" => note.eval = eval(value.split(',').next().unwrap_or("")),
                    "emt" => note.think_ms = duration_ms(value),
                    "clk" => note.clock = duration_ms(value),
                    _ => {}
                }
            }
            plain.push_str(rest);
            let words: Vec<&str> = plain.split_whitespace().collect();
            if !words.is_empty() {
                text.push(words.join(" "));
            }
        }
        note.comment = (!text.is_empty()).then(|| text.join(" "));
        note
    }
}

/// `0.35`, `-1.2`, `+3`, `#3`, `#-2` (White's point of view, as lichess and export write).
fn eval(text: &str) -> Option<Eval> {
    if let Some(n) = text.strip_prefix('#') {
        return n.parse().ok().map(Eval::Mate);
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut hundredths = 0;
    for (i, b) in frac.bytes().take(2).enumerate() {
        hundredths += i32::from(b - b'0') * if i == 0 { 10 } else { 1 };
    }
    let cp = whole.checked_mul(100)?.checked_add(hundredths)?;
    Some(Eval::Centipawns(if negative { -cp } else { cp }))
}

/// `H:MM:SS[.fff]` (or `M:SS`, `SS`) in milliseconds, at most a year.
fn duration_ms(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let mut seconds: u64 = 0;
    for part in whole.split(':') {
        if part.is_empty() || part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(part.parse().ok()?)?;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut ms: u64 = 0;
    for (i, b) in frac.bytes().take(3).enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    let total = seconds.checked_mul(1000)?.checked_add(ms)?;
    (total <= crate::save::MAX_RECORDED_MS).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_and_durations() {
        assert_eq!(eval("0.35"), Some(Eval::Centipawns(35)));
        assert_eq!(eval("-1.2"), Some(Eval::Centipawns(-120)));
        assert_eq!(eval("+3"), Some(Eval::Centipawns(300)));
        assert_eq!(eval("#-2"), Some(Eval::Mate(-2)));
        assert_eq!(eval("x"), None);
        assert_eq!(eval("99999999999"), None);
        assert_eq!(duration_ms("0:04:58"), Some(298_000));
        assert_eq!(duration_ms("0:00:04.2"), Some(4_200));
        assert_eq!(duration_ms("1:2:3:4:5:6:7:8:9"), None);
        assert_eq!(duration_ms("a"), None);
    }

    #[test]
    fn players_and_games_by_tag() {
        assert_eq!(player(Some("?")), Player::ANONYMOUS);
        assert_eq!(
            player(Some("rankup AI level 4 (club)")),
            Player::Ai {
                level: Level::new(4).unwrap()
            }
        );
        let mut raw = RawGame::default();
        raw.tags.push(("Variant".into(), "Standard".into()));
        assert_eq!(game_of(&raw), Ok(VariantId::Chess));
        raw.tags[0].1 = "Alternate Promotion Chess (Timur)".into();
        assert_eq!(game_of(&raw), Ok(VariantId::ApcTimur));
        raw.tags[0].1 = "Crazyhouse".into();
        assert_eq!(game_of(&raw), Err("unknown Variant 'Crazyhouse'".into()));
    }
}
