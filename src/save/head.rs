//! What a games list shows of a saved game, read from the top of its file: a list never
//! replays a game, and of a file the store wrote it reads only the first few KiB.
//!
//! Listing a thousand games must not take longer because the games are long. The store
//! writes every small field first, with two head fields, `updated` and `plies`, before the
//! embedded `variant_file` and the `moves` ([`SavedGame::to_ron_at`]), so the reader parses
//! fields until it meets `moves` and stops there. A file of an older version (no `plies`) is
//! parsed to its end and its moves counted, not replayed. A file whose head does not read is
//! loaded in full for its error, so a list names the same problem the loader names; the
//! moves themselves are checked when the game is opened.
//!
//! [`SavedGame::to_ron_at`]: super::SavedGame::to_ron_at

use std::fmt;
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::error::{LoadError, LoadErrorKind};
use super::format::{self, GameResult, RawPlayers, SavedClock, Termination, MAX_FILE_BYTES};
use super::store::{load, Summary};
use super::timestamp::Timestamp;

/// How much of a file is read first: far more than any head the store writes (a name, two
/// players, a few times), far less than a long game.
const PREFIX_BYTES: u64 = 16 * 1024;

/// The top of a saved game's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Head {
    /// What a list shows.
    pub(super) summary: Summary,
    /// When the store last wrote the file (`updated`), if it says.
    pub(super) updated: Option<Timestamp>,
    /// The file's modification time, for files of older versions without `updated`.
    pub(super) modified: Option<Timestamp>,
}

/// Reads the head of the save at `path` (a regular file only: see
/// [`crate::input::open_regular`]).
///
/// # Errors
/// The [`LoadError`] loading the file gives, when its head does not read.
pub(super) fn read_head(path: &Path) -> Result<Head, LoadError> {
    let shown = path.display().to_string();
    let io_error = |e: io::Error| LoadError {
        file: shown.clone(),
        kind: LoadErrorKind::Io {
            kind: e.kind(),
            message: e.to_string(),
        },
    };
    let mut file = crate::input::open_regular(path).map_err(io_error)?;
    let meta = file.metadata().map_err(io_error)?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
        .map(|d| Timestamp::from_unix(i64::try_from(d.as_secs()).unwrap_or(i64::MAX)));
    let head = |summary, updated| Head {
        summary,
        updated,
        modified,
    };
    if meta.len() <= MAX_FILE_BYTES {
        let mut bytes = Vec::new();
        (&mut file)
            .take(PREFIX_BYTES)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        let mut whole = (bytes.len() as u64) < PREFIX_BYTES;
        if !whole {
            if let Some((summary, updated)) = parse(&bytes, false, &shown) {
                return Ok(head(summary, updated));
            }
            // A long head, a player's own game (its definition comes before the moves) or a
            // file of an older version: the rest is needed.
            (&mut file)
                .take(MAX_FILE_BYTES + 1 - PREFIX_BYTES)
                .read_to_end(&mut bytes)
                .map_err(io_error)?;
            whole = bytes.len() as u64 <= MAX_FILE_BYTES;
        }
        if whole {
            if let Some((summary, updated)) = parse(&bytes, true, &shown) {
                return Ok(head(summary, updated));
            }
        }
    }
    // Too large, not UTF-8, broken, or a field the head reader does not take: the loader
    // says what is wrong (or, for what it accepts after all, gives the summary).
    drop(file);
    load(path).map(|game| head(Summary::of(&game), None))
}

/// The summary and `updated` time in `bytes`, the start of a file (or all of it when
/// `whole`); `None` when they cannot be read from these bytes alone.
fn parse(bytes: &[u8], whole: bool, file: &str) -> Option<(Summary, Option<Timestamp>)> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        // Cut inside a character: the part before it.
        Err(e) if !whole && e.error_len().is_none() => {
            std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?
        }
        Err(_) => return None,
    };
    let text = crate::text::strip_bom(text);
    let mut fields = Fields::default();
    let parsed = crate::input::ron_options().from_str_seed(text, HeadSeed(&mut fields));
    // Stopping at `moves` leaves the struct open, which RON then reports; that is expected.
    if parsed.is_err() && !fields.stopped {
        return None;
    }
    fields.summary(file)
}

/// The head fields met so far.
#[derive(Default)]
struct Fields {
    version: Option<u32>,
    name: Option<String>,
    variant: Option<String>,
    variant_hash: Option<String>,
    variant_file: Option<String>,
    players: Option<RawPlayers>,
    result: Option<GameResult>,
    termination: Option<Termination>,
    started: Option<Timestamp>,
    ended: Option<Timestamp>,
    updated: Option<Timestamp>,
    plies: Option<usize>,
    /// The start's move number and side to move (read from its text).
    counters: Option<(u32, crate::rules::Color)>,
    /// The reader stopped at `moves`, everything else being known.
    stopped: bool,
}

impl Fields {
    fn summary(self, file: &str) -> Option<(Summary, Option<Timestamp>)> {
        if !self.version.is_some_and(format::reads_version) {
            return None;
        }
        let id = self.variant?;
        let variant = format::variant_of(
            &id,
            self.variant_hash.as_deref(),
            self.variant_file.as_deref(),
            file,
        )
        .ok()?;
        let players = self.players?;
        let summary = Summary {
            name: self.name,
            variant,
            white: players.white,
            black: players.black,
            result: self.result?,
            termination: self.termination,
            started: self.started?,
            ended: self.ended,
            plies: self.plies?,
            moves: 0,
        }
        .counted_from(self.counters.unwrap_or((1, crate::rules::Color::White)));
        Some((summary, self.updated))
    }

    /// Whether the moves can be left unread: their number is known, and so is the game
    /// (a player's own game needs its embedded definition).
    fn complete(&self) -> bool {
        self.plies.is_some() && (self.variant_hash.is_none() || self.variant_file.is_some())
    }
}

struct HeadSeed<'a>(&'a mut Fields);

impl<'de> DeserializeSeed<'de> for HeadSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct("SavedGame", &[], self)
    }
}

impl<'de> Visitor<'de> for HeadSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a saved game")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let f = self.0;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "version" => f.version = Some(map.next_value()?),
                "name" => f.name = map.next_value()?,
                "variant" => f.variant = Some(map.next_value()?),
                "variant_hash" => f.variant_hash = map.next_value()?,
                "variant_file" => f.variant_file = map.next_value()?,
                "start" => {
                    let start: String = map.next_value()?;
                    f.counters = Some(crate::game::MoveNumber::counters_of_fen(&start));
                }
                "players" => f.players = Some(map.next_value()?),
                "result" => f.result = Some(map.next_value()?),
                "termination" => f.termination = map.next_value()?,
                "started" => f.started = Some(map.next_value()?),
                "ended" => f.ended = map.next_value()?,
                "updated" => f.updated = map.next_value()?,
                "plies" => f.plies = map.next_value()?,
                "clock" => {
                    map.next_value::<Option<SavedClock>>()?;
                }
                "seed" => {
                    map.next_value::<Option<u64>>()?;
                }
                "moves" if f.complete() => {
                    f.stopped = true;
                    return Ok(());
                }
                "moves" => {
                    let counted = map.next_value_seed(CountMoves)?;
                    f.plies = Some(f.plies.unwrap_or(counted));
                }
                other => {
                    return Err(de::Error::custom(format!("unknown field '{other}'")));
                }
            }
        }
        Ok(())
    }
}

/// The number of moves, each skipped unread.
struct CountMoves;

impl<'de> DeserializeSeed<'de> for CountMoves {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for CountMoves {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of moves")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut n = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            n += 1;
        }
        Ok(n)
    }
}
