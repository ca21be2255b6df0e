//! The players' cards and the archive of finished games, answered by the server from its
//! store, outside the hub.
//!
//! Why not in the hub: the archive is every finished game on the server, far more than
//! the hub should hold in memory, and reading a page or a game waits for the disk. The
//! hub's lock is taken only a moment, to read a name's key and a player's ratings (in
//! memory); the store's lock is then taken alone, so a slow read never holds up moves,
//! clocks or the lobby of other players (they wait on the hub, not on the store, except
//! for the writes that already go to it).

use std::sync::{Mutex, MutexGuard};

use crate::net::{
    ArchiveAsk, ArchiveEntry, ArchivePage, CardRating, CardView, NetEvent, NetRequest, RatingView,
    ARCHIVE_FILTER_MAX, ARCHIVE_PAGE, CARD_RECENT,
};
use crate::variants::{variant, VariantId};

use super::hub::Hub;
use super::store::{ArchiveQuery, ArchiveRow, Store};

fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The answer to an archive request (a card, a page, a game); `Err` gives back any other
/// request, for the hub. Errors of the store are the answer's notice (they name no file:
/// the log has the details, through `log`).
pub fn answer(
    hub: &Mutex<Hub>,
    store: &Mutex<Box<dyn Store>>,
    request: NetRequest,
    log: &dyn Fn(&str),
) -> Result<NetEvent, NetRequest> {
    let failed = |what: &str, e: &dyn std::fmt::Display| {
        log(&format!("archive: cannot read {what}: {e}"));
        NetEvent::Notice(format!("cannot read {what} now; try again later"))
    };
    match request {
        NetRequest::Card(name) => {
            let Some((key, ratings)) = ({
                let hub = lock(hub);
                hub.key_named(&name).map(|k| {
                    let r = hub.ratings_of(&k);
                    (k, r)
                })
            }) else {
                return Ok(NetEvent::Notice(format!("no player named {name}")));
            };
            let name = lock(hub).name_of(&key).unwrap_or(&name).to_string();
            let store = lock(store);
            let record = match store.record(&key) {
                Ok(r) => r,
                Err(e) => return Ok(failed("the games", &e)),
            };
            let query = ArchiveQuery {
                key: Some(key.clone()),
                limit: CARD_RECENT,
                ..ArchiveQuery::default()
            };
            let recent = match store.archive(&query) {
                Ok(rows) => rows.into_iter().map(entry).collect(),
                Err(e) => return Ok(failed("the games", &e)),
            };
            Ok(NetEvent::Card(Box::new(CardView {
                name,
                key,
                ratings: ratings
                    .into_iter()
                    .map(|(game, r)| CardRating {
                        game: variant(game).name().to_string(),
                        rating: RatingView::of(&r),
                        games: r.games,
                    })
                    .collect(),
                record: (record.won, record.drawn, record.lost),
                recent,
            })))
        }
        NetRequest::Archive(ask) => {
            let text: String = ask.text.chars().take(ARCHIVE_FILTER_MAX).collect();
            let key = match &ask.player {
                Some(name) => match lock(hub).key_named(name) {
                    Some(k) => Some(k),
                    None => return Ok(NetEvent::Notice(format!("no player named {name}"))),
                },
                None => None,
            };
            let query = ArchiveQuery {
                key,
                variants: games_matching(&text),
                text,
                offset: ask.offset,
                // One more than a page says whether more follow.
                limit: ARCHIVE_PAGE + 1,
            };
            let rows = match lock(store).archive(&query) {
                Ok(rows) => rows,
                Err(e) => return Ok(failed("the archive", &e)),
            };
            let more = rows.len() > ARCHIVE_PAGE;
            Ok(NetEvent::Archive(ArchivePage {
                ask: ArchiveAsk {
                    text: query.text,
                    ..ask
                },
                entries: rows.into_iter().take(ARCHIVE_PAGE).map(entry).collect(),
                more,
            }))
        }
        NetRequest::ArchiveGame(room) => match lock(store).finished_game(room) {
            Ok(Some(done)) => Ok(NetEvent::ArchiveGame {
                room,
                game: Box::new(done.game),
            }),
            Ok(None) => Ok(NetEvent::Notice(format!("no finished game {room}"))),
            Err(e) => Ok(failed("that game", &e)),
        },
        other => Err(other),
    }
}

/// The ids of the games whose name or id contains `text` (any case).
fn games_matching(text: &str) -> Vec<String> {
    let text = text.to_lowercase();
    if text.is_empty() {
        return Vec::new();
    }
    VariantId::all()
        .into_iter()
        .filter(|v| {
            variant(*v).name().to_lowercase().contains(&text)
                || v.as_str().to_lowercase().contains(&text)
        })
        .map(|v| v.as_str().to_string())
        .collect()
}

/// A row of the store as players see it: the game by its name.
fn entry(row: ArchiveRow) -> ArchiveEntry {
    let game = row
        .variant
        .parse::<VariantId>()
        .map_or_else(|_| row.variant.clone(), |v| variant(v).name().to_string());
    ArchiveEntry {
        room: row.room,
        game,
        names: row.names,
        result: row.result,
        rated: row.rated,
        ended: row.ended,
    }
}
