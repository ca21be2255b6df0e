//! The saved-game types and their RON text, format versions 1 to 3.

use std::fmt;
use std::time::Duration;

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ai::Level;
use crate::game::{Eval, MoveNote, TimeControl};
use crate::rules::{ByColor, Color, EndReason, Outcome};
use crate::variants::{content_hash, register_embedded, VariantId};

use super::error::{LoadError, LoadErrorKind};
use super::timestamp::Timestamp;

/// The newest format version, the one a save with a [`SavedGame::seed`] is written in.
///
/// A file is written in the oldest version that holds everything in it
/// ([`SavedGame::format_version`]): a game with neither analysis nor seed stays version 1,
/// which every rankup reads, an analysed one is version 2 and one with a seed (a game
/// against the AI) version 3, which an older rankup refuses by name ("unsupported save
/// format version 3") rather than by the field it does not know. This build reads every
/// version from [`OLDEST_FORMAT_VERSION`] to this one.
pub const FORMAT_VERSION: u32 = 3;

/// The version that added [`SavedGame::analysis`].
const ANALYSIS_VERSION: u32 = 2;

/// The oldest format version this build reads.
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// Whether this build reads files of format version `v`.
pub const fn reads_version(v: u32) -> bool {
    v >= OLDEST_FORMAT_VERSION && v <= FORMAT_VERSION
}

/// The largest save file rankup reads, 8 MiB (a game of thousands of moves with long comments
/// is a few hundred KiB); a larger file is refused with a message naming the limit.
pub const MAX_FILE_BYTES: u64 = 8 * crate::input::MIB;

/// The longest think time or time left a saved game may record, in milliseconds: a year of
/// 365 days (31,536,000,000). Anything longer (such as 2^64 - 1) is a broken file;
/// [`SavedGame::from_game`] never writes more.
pub const MAX_RECORDED_MS: u64 = 365 * 24 * 60 * 60 * 1000;

/// A saved game: what a `.ron` save file holds (see the [module docs](super) for the text).
///
/// A `SavedGame` read by [`SavedGame::from_ron`] or [`super::load`] has been checked by
/// replaying every move; one built by hand may be anything, and [`SavedGame::to_game`]
/// checks it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The format version the file was read in (for a game being saved, the one it will be
    /// written in: [`SavedGame::format_version`] decides, whatever this says).
    pub version: u32,
    /// A name the player gave the game.
    pub name: Option<String>,
    /// The game.
    pub variant: VariantId,
    /// Position string of the start (the game's standard start, or any position).
    pub start: String,
    /// Who played White.
    pub white: Player,
    /// Who played Black.
    pub black: Player,
    /// The result, [`GameResult::Unfinished`] while the game goes on.
    pub result: GameResult,
    /// How the game ended; `None` exactly when it is unfinished.
    pub termination: Option<Termination>,
    /// When the game started.
    pub started: Timestamp,
    /// When it ended (`None` while unfinished).
    pub ended: Option<Timestamp>,
    /// The clocks of a timed game, as they stood when it was saved.
    pub clock: Option<SavedClock>,
    /// The seed of the AI's choices in a game against it (format version 3); `None` for a
    /// game without the AI or a file written before seeds (a resumed one gets a fresh seed).
    pub seed: Option<u64>,
    /// The moves, in order.
    pub moves: Vec<SavedMove>,
    /// The engine's analysis, added in review (never changing the moves).
    pub analysis: Option<super::SavedAnalysis>,
}

/// A timed game's clocks: the time control and what each side had left when the game was
/// saved (`clock: (base_s: 300, increment_s: 3, white_ms: 281200, black_ms: 290750)`).
/// A time control with a part of a second (`--clock 1+0.5`) also carries that part in
/// milliseconds (`increment_s: 0, increment_ms: 500`); the whole seconds stay beside it for
/// people reading the file.
///
/// Loading checks the ranges `--clock` allows: `base_s` at most
/// [`MAX_CLOCK_BASE`](crate::game::MAX_CLOCK_BASE) (36000), `increment_s` at most
/// [`MAX_CLOCK_INCREMENT`](crate::game::MAX_CLOCK_INCREMENT) (600), the same in
/// milliseconds for `base_ms` and `increment_ms`, and each time left at most
/// [`MAX_RECORDED_MS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename = "Clock", deny_unknown_fields)]
pub struct SavedClock {
    /// Initial time per side, in seconds.
    #[serde(deserialize_with = "checked::base_s")]
    pub base_s: u64,
    /// Seconds added after each move.
    #[serde(deserialize_with = "checked::increment_s")]
    pub increment_s: u64,
    /// The initial time in milliseconds, when it is not whole seconds (it wins over
    /// `base_s`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "checked::base_ms"
    )]
    pub base_ms: Option<u64>,
    /// The increment in milliseconds, when it is not whole seconds (it wins over
    /// `increment_s`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "checked::increment_ms"
    )]
    pub increment_ms: Option<u64>,
    /// White's time left, in milliseconds.
    #[serde(deserialize_with = "checked::white_ms")]
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    #[serde(deserialize_with = "checked::black_ms")]
    pub black_ms: u64,
}

impl SavedClock {
    /// The clocks of a game under `control` with `left` on each side, to the millisecond.
    pub fn new(control: TimeControl, left: ByColor<Duration>) -> SavedClock {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let part = |d: Duration| Some(ms(d)).filter(|_| d.subsec_millis() != 0);
        SavedClock {
            base_s: control.base.as_secs(),
            increment_s: control.increment.as_secs(),
            base_ms: part(control.base),
            increment_ms: part(control.increment),
            white_ms: ms(left.white),
            black_ms: ms(left.black),
        }
        .clamped()
    }

    /// The time control, to the millisecond.
    pub fn control(&self) -> TimeControl {
        TimeControl {
            base: self
                .base_ms
                .map_or(Duration::from_secs(self.base_s), Duration::from_millis),
            increment: self
                .increment_ms
                .map_or(Duration::from_secs(self.increment_s), Duration::from_millis),
        }
    }

    /// What each side had left.
    pub fn left(&self) -> ByColor<Duration> {
        ByColor {
            white: Duration::from_millis(self.white_ms),
            black: Duration::from_millis(self.black_ms),
        }
    }

    /// The same clock with every value brought into the range loading accepts.
    pub(super) fn clamped(self) -> SavedClock {
        let max_base = crate::game::MAX_CLOCK_BASE;
        let max_increment = crate::game::MAX_CLOCK_INCREMENT;
        let ms = |d: Duration| d.as_millis() as u64;
        SavedClock {
            base_s: self.base_s.min(max_base.as_secs()),
            increment_s: self.increment_s.min(max_increment.as_secs()),
            base_ms: self.base_ms.map(|b| b.min(ms(max_base))),
            increment_ms: self.increment_ms.map(|i| i.min(ms(max_increment))),
            white_ms: self.white_ms.min(MAX_RECORDED_MS),
            black_ms: self.black_ms.min(MAX_RECORDED_MS),
        }
    }
}

/// Deserializers that check a value's range, so that an implausible value is an error with
/// its line and column, as a wrong AI level is.
mod checked {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer};

    use crate::game::{Eval, MAX_CLOCK_BASE, MAX_CLOCK_INCREMENT};

    use super::MAX_RECORDED_MS;

    /// A `u64` field of at most `max`; `why` says where the bound comes from.
    fn at_most<'de, D: Deserializer<'de>>(
        d: D,
        field: &str,
        max: u64,
        why: &str,
    ) -> Result<u64, D::Error> {
        let n = u64::deserialize(d)?;
        if n > max {
            return Err(D::Error::custom(format!(
                "{field} {n} is out of range 0..={max} ({why})"
            )));
        }
        Ok(n)
    }

    const CLOCK: &str = "as --clock allows";
    const YEAR: &str = "milliseconds: at most a year of 365 days";

    pub fn base_s<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        at_most(d, "base_s", MAX_CLOCK_BASE.as_secs(), CLOCK)
    }

    pub fn increment_s<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        at_most(d, "increment_s", MAX_CLOCK_INCREMENT.as_secs(), CLOCK)
    }

    /// An optional `u64` field of at most `max`.
    fn optional_at_most<'de, D: Deserializer<'de>>(
        d: D,
        field: &str,
        max: u64,
        why: &str,
    ) -> Result<Option<u64>, D::Error> {
        match Option::<u64>::deserialize(d)? {
            Some(n) if n > max => Err(D::Error::custom(format!(
                "{field} {n} is out of range 0..={max} ({why})"
            ))),
            n => Ok(n),
        }
    }

    pub fn base_ms<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let max = MAX_CLOCK_BASE.as_millis() as u64;
        optional_at_most(d, "base_ms", max, CLOCK)
    }

    pub fn increment_ms<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let max = MAX_CLOCK_INCREMENT.as_millis() as u64;
        optional_at_most(d, "increment_ms", max, CLOCK)
    }

    pub fn white_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        at_most(d, "white_ms", MAX_RECORDED_MS, YEAR)
    }

    pub fn black_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        at_most(d, "black_ms", MAX_RECORDED_MS, YEAR)
    }

    pub fn think_ms<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        Option::<u64>::deserialize(d)?
            .map(|ms| {
                if ms > MAX_RECORDED_MS {
                    return Err(D::Error::custom(format!(
                        "think_ms {ms} is out of range 0..={MAX_RECORDED_MS} ({YEAR})"
                    )));
                }
                Ok(ms)
            })
            .transpose()
    }

    pub fn eval<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Eval>, D::Error> {
        let eval = Option::<Eval>::deserialize(d)?;
        if eval == Some(Eval::Mate(0)) {
            return Err(D::Error::custom(
                "eval Mate(0) cannot go with a move (the side to move would be mated already)",
            ));
        }
        Ok(eval)
    }
}

impl SavedGame {
    /// Both players.
    pub fn players(&self) -> ByColor<Player> {
        ByColor {
            white: self.white.clone(),
            black: self.black.clone(),
        }
    }

    /// Whether the game is still going on (an autosave worth resuming).
    pub fn is_unfinished(&self) -> bool {
        self.result == GameResult::Unfinished
    }

    /// The outcome recorded in the file, `None` while unfinished (or if the result and
    /// termination disagree, which a loaded file never does).
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.termination?.into();
        match self.result {
            GameResult::WhiteWins => Some(Outcome::Decisive {
                winner: Color::White,
                reason,
            }),
            GameResult::BlackWins => Some(Outcome::Decisive {
                winner: Color::Black,
                reason,
            }),
            GameResult::Draw => Some(Outcome::Draw { reason }),
            GameResult::Unfinished => None,
        }
    }

    /// The file's text: pretty RON, one move per line. [`SavedGame::from_ron`] reads it back
    /// to an equal `SavedGame`.
    pub fn to_ron(&self) -> String {
        Self::pretty(&RawSave::from(self))
    }

    /// The file's text as the store writes it into `games/` and `saves/`: [`to_ron`]'s
    /// text with the head a games list reads near the top, `updated` (when this write
    /// happens, never before the start) and `plies` (the number of moves).
    ///
    /// [`to_ron`]: SavedGame::to_ron
    pub fn to_ron_at(&self, updated: Timestamp) -> String {
        let mut raw = RawSave::from(self);
        // A clock set back must not make a file that loading refuses.
        raw.updated = Some(updated.max(self.started));
        raw.plies = Some(self.moves.len());
        Self::pretty(&raw)
    }

    fn pretty(raw: &RawSave) -> String {
        let config = PrettyConfig::new()
            .depth_limit(2)
            .indentor("    ")
            .new_line("\n")
            .struct_names(false)
            .extensions(Extensions::IMPLICIT_SOME);
        let mut text =
            ron::ser::to_string_pretty(raw, config).expect("BUG: a SavedGame always serializes");
        text.push('\n');
        text
    }
}

/// One move of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMove {
    /// Coordinate token, as [`crate::notation::coord::format`] writes it (`e7e8=q`).
    pub token: String,
    /// SAN with check marks, as [`crate::notation::san::format`] writes it; loading checks
    /// that it names the same move.
    pub san: String,
    /// How long the player thought, in milliseconds (at most [`MAX_RECORDED_MS`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "checked::think_ms"
    )]
    pub think_ms: Option<u64>,
    /// The AI's evaluation when it chose the move, from White's point of view (never
    /// `Mate(0)`: a side that is mated has no move).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "checked::eval"
    )]
    pub eval: Option<Eval>,
    /// A comment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

impl SavedMove {
    /// The move's think time, evaluation and comment.
    pub fn note(&self) -> MoveNote {
        MoveNote {
            think_ms: self.think_ms,
            eval: self.eval,
            comment: self.comment.clone(),
        }
    }
}

/// Who played one side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Player {
    /// A person (`Human(name: "Ann")`, `Human(name: None)`).
    Human {
        /// Their name, if they gave one.
        name: Option<String>,
    },
    /// The built-in AI (`Ai(level: "4")`; a bare number, `Ai(level: 4)`, is a level of the
    /// old six-level scale, mapped onto the ladder).
    Ai {
        /// Its level, 1..=8.
        #[serde(with = "crate::ai::level::stored")]
        level: Level,
    },
}

impl Player {
    /// A person without a name.
    pub const ANONYMOUS: Player = Player::Human { name: None };

    /// Who this is, for lists and PGN: the name, `?` for an unnamed person, or
    /// `rankup AI level 4 (club)`.
    pub fn label(&self) -> String {
        match self {
            Player::Human { name: Some(n) } => n.clone(),
            Player::Human { name: None } => "?".into(),
            Player::Ai { level } => {
                format!("rankup AI level {} ({})", level.number(), level.name())
            }
        }
    }
}

impl From<Level> for Player {
    fn from(level: Level) -> Player {
        Player::Ai { level }
    }
}

/// The result, written as in PGN: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game
/// goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won (`1-0`).
    WhiteWins,
    /// Black won (`0-1`).
    BlackWins,
    /// A draw (`1/2-1/2`).
    Draw,
    /// Not over yet (`*`).
    Unfinished,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The result of an outcome, [`GameResult::Unfinished`] for `None`.
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome.map(Outcome::winner) {
            None => GameResult::Unfinished,
            Some(Some(Color::White)) => GameResult::WhiteWins,
            Some(Some(Color::Black)) => GameResult::BlackWins,
            Some(None) => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let text = String::deserialize(d)?;
        GameResult::ALL
            .into_iter()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown result '{text}' (expected \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\")"
                ))
            })
    }
}

/// Why a game ended (the engine's [`EndReason`], as saved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Termination {
    /// Checkmate.
    Checkmate,
    /// Stalemate.
    Stalemate,
    /// Threefold repetition.
    Repetition,
    /// The 50-move rule.
    FiftyMoves,
    /// Only the Kings were left.
    BareKings,
    /// Neither side could mate (orthodox chess).
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out.
    Time,
    /// A player left a network game and did not come back in time.
    Abandoned,
}

impl Termination {
    /// Whether the position on the board decides this ending (a loaded game's final
    /// position must show it), as opposed to resignation, agreement and time.
    pub fn is_on_board(self) -> bool {
        !matches!(
            self,
            Termination::Resignation
                | Termination::Agreement
                | Termination::Time
                | Termination::Abandoned
        )
    }

    /// Lower-case description (`checkmate`, `threefold repetition`).
    pub fn describe(self) -> &'static str {
        EndReason::from(self).describe()
    }
}

impl From<EndReason> for Termination {
    fn from(r: EndReason) -> Termination {
        match r {
            EndReason::Checkmate => Termination::Checkmate,
            EndReason::Stalemate => Termination::Stalemate,
            EndReason::Repetition => Termination::Repetition,
            EndReason::FiftyMoves => Termination::FiftyMoves,
            EndReason::BareKings => Termination::BareKings,
            EndReason::InsufficientMaterial => Termination::InsufficientMaterial,
            EndReason::Resignation => Termination::Resignation,
            EndReason::Agreement => Termination::Agreement,
            EndReason::Time => Termination::Time,
            EndReason::Abandoned => Termination::Abandoned,
        }
    }
}

impl From<Termination> for EndReason {
    fn from(t: Termination) -> EndReason {
        match t {
            Termination::Checkmate => EndReason::Checkmate,
            Termination::Stalemate => EndReason::Stalemate,
            Termination::Repetition => EndReason::Repetition,
            Termination::FiftyMoves => EndReason::FiftyMoves,
            Termination::BareKings => EndReason::BareKings,
            Termination::InsufficientMaterial => EndReason::InsufficientMaterial,
            Termination::Resignation => EndReason::Resignation,
            Termination::Agreement => EndReason::Agreement,
            Termination::Time => EndReason::Time,
            Termination::Abandoned => EndReason::Abandoned,
        }
    }
}

/// The file's schema. It differs from [`SavedGame`] in keeping the variant as text, so
/// that an unknown variant is reported as such rather than as a generic RON error, and in
/// the head fields the store writes for games lists (`updated`, `plies`), which loading
/// checks and drops.
///
/// Fields are written in this order, every small one first, so that a games list finds all
/// it shows in the first few KiB of a file (`head.rs`); a file may have them in any order.
#[derive(Serialize, Deserialize)]
#[serde(rename = "SavedGame", deny_unknown_fields)]
struct RawSave {
    version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    variant: String,
    /// For a player's own game: [`content_hash`] of `variant_file`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    variant_hash: Option<String>,
    start: String,
    players: RawPlayers,
    result: GameResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    termination: Option<Termination>,
    started: Timestamp,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<Timestamp>,
    /// When the store last wrote the file (a move, an undo, a comment, the end): what "last
    /// played" means in the lists. Absent in files of older versions and in `to_ron`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    updated: Option<Timestamp>,
    /// The number of moves, so that a list need not read them; checked against `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plies: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<SavedClock>,
    /// The seed of the AI's choices (format version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// For a player's own game: the text of its variant file when the game was saved, so the
    /// save loads and replays when that file changes or is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    variant_file: Option<String>,
    moves: Vec<SavedMove>,
    /// Last, as the longest part a games list never reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    analysis: Option<super::SavedAnalysis>,
}

/// The players, one level down so that each fits on one line of the file.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Players", deny_unknown_fields)]
pub(super) struct RawPlayers {
    pub(super) white: Player,
    pub(super) black: Player,
}

impl From<&SavedGame> for RawSave {
    fn from(g: &SavedGame) -> RawSave {
        RawSave {
            version: g.format_version(),
            name: g.name.clone(),
            variant: g.variant.as_str().to_string(),
            variant_hash: g.variant.user_game().map(|u| u.hash.clone()),
            start: g.start.clone(),
            players: RawPlayers {
                white: g.white.clone(),
                black: g.black.clone(),
            },
            result: g.result,
            termination: g.termination,
            started: g.started,
            ended: g.ended,
            updated: None,
            plies: None,
            clock: g.clock,
            seed: g.seed,
            variant_file: g.variant.user_game().map(|u| u.text.clone()),
            moves: g.moves.clone(),
            analysis: g.analysis.clone(),
        }
    }
}

/// Only the version, read first so that a file from a newer rankup is reported as such and
/// not by whatever new field it has.
#[derive(Deserialize)]
#[serde(rename = "SavedGame")]
struct VersionProbe {
    version: Option<u32>,
}

/// Maps a RON error to the load error kinds, with its line and column.
pub(super) fn ron_error(text: &str, err: ron::error::SpannedError) -> LoadErrorKind {
    let (line, col) = (err.span.start.line, err.span.start.col);
    let (end_line, end_col) = end_of(text);
    let at_end = line > end_line || (line == end_line && col + 1 >= end_col);
    // These errors are about a value or struct that was read whole: at the end of a text
    // whose brackets are closed they do not mean a cut.
    let complete = matches!(
        err.code,
        ron::Error::MissingStructField { .. }
            | ron::Error::DuplicateStructField { .. }
            | ron::Error::TrailingCharacters
            | ron::Error::Message(_)
            | ron::Error::InvalidValueForType { .. }
            | ron::Error::ExpectedDifferentLength { .. }
    );
    if matches!(err.code, ron::Error::Eof) || cut_short(text, line) || (at_end && !complete) {
        let (line, col) = end_of(text);
        return LoadErrorKind::Truncated { line, col };
    }
    match err.code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => LoadErrorKind::UnknownField {
            line,
            col,
            field: found,
            expected: expected.iter().map(|s| s.to_string()).collect(),
        },
        code => LoadErrorKind::Syntax {
            line,
            col,
            message: crate::text::ron_message(code),
        },
    }
}

/// Whether `text` looks cut off rather than mistyped: it ends inside a string, a comment or
/// an open bracket, and the parse error is on its last line. (RON reports a cut in many
/// ways, "expected comma" or an unknown field `ver` among them.)
fn cut_short(text: &str, error_line: usize) -> bool {
    let last_line = text.trim_end().lines().count();
    if error_line < last_line {
        return false;
    }
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            '"' => loop {
                match chars.next() {
                    None => return true,
                    Some('\\') => {
                        chars.next();
                    }
                    Some('"') => break,
                    Some(_) => {}
                }
            },
            '/' if chars.peek() == Some(&'/') => {
                // A line comment runs to the end of its line (or of the text).
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                loop {
                    match chars.next() {
                        None => return true,
                        Some('/') if prev == '*' => break,
                        Some(c) => prev = c,
                    }
                }
            }
            _ => {}
        }
    }
    depth > 0
}

/// Line and column (1-based) just after the last non-blank character.
fn end_of(text: &str) -> (usize, usize) {
    let trimmed = text.trim_end();
    let line = trimmed.lines().count().max(1);
    let col = trimmed.lines().last().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

impl SavedGame {
    /// The format version this game is written in: the oldest that holds everything in it
    /// (3 with a seed, else 2 with an analysis, else 1), so that a file stays readable by as
    /// many rankup versions as can read it.
    pub fn format_version(&self) -> u32 {
        if self.seed.is_some() {
            FORMAT_VERSION
        } else if self.analysis.is_some() {
            ANALYSIS_VERSION
        } else {
            OLDEST_FORMAT_VERSION
        }
    }
}

impl SavedGame {
    /// Reads a save file's text and checks it by replaying every move; `file` names it in
    /// errors. The text is only read; a leading UTF-8 byte-order mark is skipped.
    ///
    /// # Errors
    /// A [`LoadError`] naming `file` and saying what is wrong: RON that does not parse or
    /// does not fit the schema (with line and column), an unknown field, a truncated file,
    /// an unsupported version, an unknown variant, a bad start position, or a move that is
    /// unparsable, illegal or whose SAN does not match (with its move number and token), or
    /// a result the final position contradicts.
    pub fn from_ron(text: &str, file: &str) -> Result<SavedGame, LoadError> {
        // A byte-order mark (some Windows editors write one) is not part of the RON.
        let text = crate::text::strip_bom(text);
        let fail = |kind| LoadError {
            file: file.to_string(),
            kind,
        };
        let options = crate::input::ron_options();
        if let Ok(VersionProbe { version: Some(v) }) = options.from_str::<VersionProbe>(text) {
            if !reads_version(v) {
                return Err(fail(LoadErrorKind::UnsupportedVersion(v)));
            }
        }
        let raw: RawSave = options
            .from_str(text)
            .map_err(|e| fail(ron_error(text, e)))?;
        if !reads_version(raw.version) {
            return Err(fail(LoadErrorKind::UnsupportedVersion(raw.version)));
        }
        if let Some(plies) = raw.plies.filter(|&p| p != raw.moves.len()) {
            return Err(fail(LoadErrorKind::PliesMismatch {
                plies,
                moves: raw.moves.len(),
            }));
        }
        if let Some(updated) = raw.updated.filter(|&u| u < raw.started) {
            return Err(fail(LoadErrorKind::UpdatedBeforeStarted {
                started: raw.started,
                updated,
            }));
        }
        let variant = variant_of(
            &raw.variant,
            raw.variant_hash.as_deref(),
            raw.variant_file.as_deref(),
            file,
        )
        .map_err(fail)?;
        let game = SavedGame {
            version: raw.version,
            name: raw.name,
            variant,
            start: raw.start,
            white: raw.players.white,
            black: raw.players.black,
            result: raw.result,
            termination: raw.termination,
            started: raw.started,
            ended: raw.ended,
            clock: raw.clock,
            seed: raw.seed,
            moves: raw.moves,
            analysis: raw.analysis,
        };
        if let Some((list, len, want)) = game
            .analysis
            .as_ref()
            .and_then(|a| a.misfit(game.moves.len()))
        {
            return Err(fail(LoadErrorKind::AnalysisMismatch { list, len, want }));
        }
        game.replay(file)?;
        Ok(game)
    }
}

/// The game a save names: a built-in or registered id, or, for a player's own game, the
/// definition embedded in the save (registered once per run; under a derived id when the
/// player's file has changed since), checked against its hash.
pub(super) fn variant_of(
    id: &str,
    hash: Option<&str>,
    definition: Option<&str>,
    file: &str,
) -> Result<VariantId, LoadErrorKind> {
    let Some(definition) = definition else {
        return id
            .parse()
            .map_err(|_| LoadErrorKind::UnknownVariant(id.to_string()));
    };
    let actual = content_hash(definition);
    if hash.is_some_and(|h| h != actual) {
        return Err(LoadErrorKind::VariantDefinition(format!(
            "variant_hash '{}' is not the hash of variant_file ({actual})",
            crate::text::short(hash.unwrap_or_default())
        )));
    }
    register_embedded(definition, id, &format!("{file} (variant_file)"))
        .map_err(|e| LoadErrorKind::VariantDefinition(e.to_string()))
}
