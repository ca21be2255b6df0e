//! The data directory of an older server, imported once into the database: the names in
//! `server/players.ron`, and the games its rooms kept in both players' folders (in play in
//! `players/KEY/games/`, finished in `players/KEY/saves/`).
//!
//! A room's game was kept twice, once per player: the copies are matched by their players
//! and start time, and the longer one is taken. A game in progress becomes a game in
//! progress on the server again (its files leave the players' `games/`, where they would
//! open as a game at one keyboard); a finished one joins the finished games and its copies
//! stay in the players' `saves/`. Games against the AI and files that do not load are left
//! as they are. The import is recorded in the database (`meta.legacy_import`) and never
//! runs again.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use crate::net::ClockSetting;
use crate::rules::ByColor;
use crate::save::{Player, SavedGame, Timestamp, GAMES_DIR, SAVES_DIR};

use super::files::player_folder;
use super::sqlite::{put_finished, put_live_room, put_player_row, SqliteStore};
use super::{FinishedGame, LiveRoom, PlayerRow, StoreError, StoreErrorKind};

/// The old registry of names, `DATA/server/players.ron`.
pub const LEGACY_REGISTRY: &str = "players.ron";

/// What an import brought in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Players (names by key).
    pub players: usize,
    /// Games in progress.
    pub live: usize,
    /// Finished games.
    pub finished: usize,
    /// Files left as they were, with why (did not load, a player in two games).
    pub skipped: Vec<String>,
}

/// One room's game as found in a player's folder.
struct Found {
    game: SavedGame,
    names: ByColor<String>,
    /// The files holding a copy of it in `games/` (removed once imported as in progress).
    in_play: Vec<PathBuf>,
}

/// Imports the older data directory `data` into `store`, unless it was done before (or
/// the database was made by a server that never had one). `None` when nothing was done.
///
/// # Errors
/// A registry that exists but does not read (nothing is imported, and the server does not
/// start until it is mended or moved away), or a database error (nothing is written).
pub fn import_once(store: &mut SqliteStore, data: &Path) -> Result<Option<Imported>, StoreError> {
    if store.meta("legacy_import")?.is_some() {
        return Ok(None);
    }
    let registry = read_registry(&data.join("server").join(LEGACY_REGISTRY))?;
    let mut report = Imported::default();
    let now = Timestamp::now();
    let players: Vec<PlayerRow> = registry
        .iter()
        .map(|(key, name)| PlayerRow {
            key: key.clone(),
            name: name.clone(),
            created: now,
        })
        .collect();
    let key_of: HashMap<&str, &str> = registry
        .iter()
        .map(|(k, n)| (n.as_str(), k.as_str()))
        .collect();
    let found = find_games(data, &registry, &key_of, &mut report.skipped);
    let (live, finished) = split(found, &key_of, &mut report.skipped);
    report.players = players.len();
    report.live = live.len();
    report.finished = finished.len();
    let summary = format!(
        "{now}: {} players, {} games in progress, {} finished",
        report.players, report.live, report.finished
    );
    store.write("import the older data folder", |tx| {
        for p in &players {
            put_player_row(tx, p)?;
        }
        for (room, _) in &live {
            put_live_room(tx, room)?;
        }
        for game in &finished {
            put_finished(tx, game)?;
        }
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('legacy_import', ?1)",
            [&summary],
        )?;
        Ok(())
    })?;
    // In the database now: the copies in `games/` would open as games at one keyboard.
    for path in live.iter().flat_map(|(_, files)| files) {
        if let Err(e) = fs::remove_file(path) {
            report
                .skipped
                .push(format!("{}: imported but not removed: {e}", path.display()));
        }
    }
    Ok(Some(report))
}

fn read_registry(path: &Path) -> Result<BTreeMap<String, String>, StoreError> {
    match crate::input::read_text_file(path, crate::input::MIB) {
        Ok(text) => crate::input::ron_options()
            .from_str::<BTreeMap<String, String>>(crate::text::strip_bom(&text))
            .map_err(|e| StoreError {
                file: path.to_path_buf(),
                kind: StoreErrorKind::BadRow(format!("the old registry of names: {e}")),
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
        Err(e) => Err(StoreError {
            file: path.to_path_buf(),
            kind: StoreErrorKind::Failed {
                doing: "read the old registry of names",
                message: e.to_string(),
            },
        }),
    }
}

/// The rooms' games in the registered players' folders, one per room (the copy with the
/// most moves), by (White, Black, start).
fn find_games(
    data: &Path,
    registry: &BTreeMap<String, String>,
    key_of: &HashMap<&str, &str>,
    skipped: &mut Vec<String>,
) -> BTreeMap<(String, String, i64), Found> {
    let mut found: BTreeMap<(String, String, i64), Found> = BTreeMap::new();
    for key in registry.keys() {
        let folder = data.join("players").join(player_folder(key));
        for sub in [GAMES_DIR, SAVES_DIR] {
            let Ok(entries) = fs::read_dir(folder.join(sub)) else {
                continue;
            };
            for path in entries.flatten().map(|e| e.path()) {
                if path.extension().is_none_or(|x| x != "ron") {
                    continue;
                }
                let game = match crate::save::load(&path) {
                    Ok(game) => game,
                    Err(e) => {
                        skipped.push(e.to_string());
                        continue;
                    }
                };
                let human = |p: &Player| match p {
                    Player::Human { name: Some(n) } if key_of.contains_key(n.as_str()) => {
                        Some(n.clone())
                    }
                    _ => None,
                };
                let (Some(white), Some(black)) = (human(&game.white), human(&game.black)) else {
                    continue;
                };
                let id = (white.clone(), black.clone(), game.started.unix());
                let entry = found.entry(id).or_insert_with(|| Found {
                    game: game.clone(),
                    names: ByColor { white, black },
                    in_play: Vec::new(),
                });
                // The longer copy, or the finished one.
                if game.moves.len() > entry.game.moves.len()
                    || (!game.is_unfinished() && entry.game.is_unfinished())
                {
                    entry.game = game.clone();
                }
                if sub == GAMES_DIR && game.is_unfinished() {
                    entry.in_play.push(path);
                }
            }
        }
    }
    found
}

/// Games in progress (with their files in `games/`) and finished games; a player in two
/// games in progress keeps the latest.
fn split(
    found: BTreeMap<(String, String, i64), Found>,
    key_of: &HashMap<&str, &str>,
    skipped: &mut Vec<String>,
) -> (Vec<(LiveRoom, Vec<PathBuf>)>, Vec<FinishedGame>) {
    let key = |name: &str| key_of.get(name).map_or(String::new(), |k| k.to_string());
    let mut live: Vec<(LiveRoom, Vec<PathBuf>)> = Vec::new();
    let mut finished = Vec::new();
    let mut by_start: Vec<Found> = found.into_values().collect();
    by_start.sort_by_key(|f| std::cmp::Reverse(f.game.started));
    for f in by_start {
        let keys = ByColor {
            white: key(&f.names.white),
            black: key(&f.names.black),
        };
        if !f.game.is_unfinished() {
            finished.push(FinishedGame {
                room: 0,
                keys,
                names: f.names,
                rated: false,
                game: f.game,
            });
            continue;
        }
        let busy = live.iter().any(|(r, _)| {
            [&r.names.white, &r.names.black]
                .iter()
                .any(|n| **n == f.names.white || **n == f.names.black)
        });
        if busy {
            skipped.push(format!(
                "{} - {} of {}: a player has a later game in progress",
                f.names.white, f.names.black, f.game.started
            ));
            continue;
        }
        let room = LiveRoom {
            id: live.len() as u64 + 1,
            keys,
            names: f.names,
            // The old files did not say: an absent player's clock stops.
            setting: f.game.clock.map(|c| ClockSetting {
                control: c.control(),
                pause_when_away: true,
            }),
            rated: false,
            // Older servers had no correspondence games.
            days: None,
            game: f.game,
            // Nor did they keep chat or offers.
            chat: Vec::new(),
            draw_offer: None,
            takeback: None,
        };
        live.push((room, f.in_play));
    }
    (live, finished)
}
