//! The archive's reads of the SQLite store: a page of the finished games (by player, by
//! name or game, newest first), one finished game, and a player's record. A page is one
//! query with `LIMIT` and `OFFSET` on the `(ended, id)` index: a big server never has
//! more than a page of rows in memory, and the games' moves are not read for a listing.

use rusqlite::{params_from_iter, types::Value, OptionalExtension};

use crate::net::RoomId;
use crate::save::Timestamp;

use super::sqlite::{sql_error, RawRoom, SqliteStore};
use super::{ArchiveQuery, ArchiveRow, FinishedGame, Record, StoreError};

/// The longest page the store reads at once, whatever a query asks.
pub const PAGE_MAX: usize = 200;

/// `text` as a `LIKE` pattern matching it anywhere, its own `%`, `_` and `\` taken
/// literally.
fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

impl SqliteStore {
    pub(super) fn archive_page(&self, query: &ArchiveQuery) -> rusqlite::Result<Vec<ArchiveRow>> {
        let mut wheres = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        if let Some(key) = &query.key {
            values.push(Value::Text(key.clone()));
            let n = values.len();
            wheres.push(format!("(white_key = ?{n} OR black_key = ?{n})"));
        }
        if !query.text.is_empty() {
            values.push(Value::Text(contains_pattern(&query.text)));
            let n = values.len();
            let mut any = vec![
                format!("white_name LIKE ?{n} ESCAPE '\\'"),
                format!("black_name LIKE ?{n} ESCAPE '\\'"),
            ];
            for v in &query.variants {
                values.push(Value::Text(v.clone()));
                any.push(format!("variant = ?{}", values.len()));
            }
            wheres.push(format!("({})", any.join(" OR ")));
        }
        let filter = if wheres.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", wheres.join(" AND "))
        };
        values.push(Value::Integer(
            i64::try_from(query.limit.min(PAGE_MAX)).unwrap_or(0),
        ));
        let limit = values.len();
        values.push(Value::Integer(
            i64::try_from(query.offset).unwrap_or(i64::MAX),
        ));
        let offset = values.len();
        let sql = format!(
            "SELECT room, white_key, black_key, white_name, black_name, variant, result,
                 rated, ended
             FROM finished_games {filter}
             ORDER BY ended DESC, id DESC LIMIT ?{limit} OFFSET ?{offset}"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(values), |r| {
            Ok(ArchiveRow {
                room: r.get::<_, i64>(0)? as RoomId,
                keys: crate::rules::ByColor {
                    white: r.get(1)?,
                    black: r.get(2)?,
                },
                names: crate::rules::ByColor {
                    white: r.get(3)?,
                    black: r.get(4)?,
                },
                variant: r.get(5)?,
                result: r.get(6)?,
                rated: r.get(7)?,
                ended: Timestamp::from_unix(r.get(8)?),
            })
        })?;
        rows.collect()
    }

    pub(super) fn finished_in(&self, room: RoomId) -> Result<Option<FinishedGame>, StoreError> {
        let raw = self
            .conn
            .query_row(
                "SELECT room, white_key, black_key, white_name, black_name, rated, game
                 FROM finished_games WHERE room = ?1 ORDER BY id DESC LIMIT 1",
                [i64::try_from(room).unwrap_or(i64::MAX)],
                |r| RawRoom::from_row(r, 5),
            )
            .optional()
            .map_err(|e| sql_error(&self.path, "read a finished game", e))?;
        let Some(raw) = raw else { return Ok(None) };
        let game = self.read_game(&format!("finished game of room {}", raw.id), &raw.game)?;
        Ok(Some(FinishedGame {
            room: raw.id as RoomId,
            keys: raw.keys,
            names: raw.names,
            rated: raw.rated,
            game,
        }))
    }

    pub(super) fn record_of(&self, key: &str) -> rusqlite::Result<Record> {
        self.conn.query_row(
            "SELECT
                 COUNT(CASE WHEN (white_key = ?1 AND result = '1-0')
                              OR (black_key = ?1 AND result = '0-1') THEN 1 END),
                 COUNT(CASE WHEN result = '1/2-1/2' THEN 1 END),
                 COUNT(CASE WHEN (white_key = ?1 AND result = '0-1')
                              OR (black_key = ?1 AND result = '1-0') THEN 1 END)
             FROM finished_games WHERE white_key = ?1 OR black_key = ?1",
            [key],
            |r| {
                Ok(Record {
                    won: r.get(0)?,
                    drawn: r.get(1)?,
                    lost: r.get(2)?,
                })
            },
        )
    }
}
