//! The server's start and stop around its store: at start the database is opened (an
//! older data folder imported once) and the hub rebuilt from it, the games in progress
//! restored; at SIGTERM or SIGINT every game in progress is stored with its clocks, every
//! player is told and given their terminal back, and the database is checkpointed.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::save::Timestamp;
use crate::ui::Incoming;

use super::hub::Hub;
use super::store::{self, ServerFiles, SqliteStore, Store};
use super::{log_line, ServeOptions, Shared};

/// What every player is told when the server stops.
const STOP_NOTICE: &str = "server restarting, your game is kept";
/// How long the players' terminals have to be given back before the server exits anyway.
const STOP_TIME: Duration = Duration::from_secs(5);

/// Opens the database (importing an older data folder once) and builds the hub from it:
/// the players' names and the games in progress.
pub(super) fn open_store(
    files: &ServerFiles,
    options: &ServeOptions,
    setup: impl FnOnce(Hub) -> Hub,
) -> Result<(Box<dyn Store>, Hub), String> {
    let mut store = SqliteStore::open_in(&files.server_dir()).map_err(|e| e.to_string())?;
    let log = |text: &str| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", log_line(Timestamp::now(), text));
    };
    match store::import::import_once(&mut store, &options.data).map_err(|e| e.to_string())? {
        Some(done) => {
            log(&format!(
                "store: {}; older data folder imported: {} players, {} games in progress, {} finished games",
                store.path().display(),
                done.players,
                done.live,
                done.finished
            ));
            for line in done.skipped {
                log(&format!("import: left as it was: {line}"));
            }
        }
        None => log(&format!("store: {}", store.path().display())),
    }
    let registry = store
        .players()
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|p| (p.key, p.name))
        .collect();
    let live = store.live_rooms().map_err(|e| e.to_string())?;
    let ratings = store.ratings().map_err(|e| e.to_string())?;
    let (mut hub, problems) =
        setup(Hub::new(registry, options.ai_workers.max(1))).with_rating_rows(ratings);
    for problem in problems {
        log(&problem);
    }
    hub.number_after(store.last_id().map_err(|e| e.to_string())?);
    let count = live.len();
    for problem in hub.restore(live, Instant::now()) {
        log(&format!("not restored: {problem}"));
    }
    if count > 0 {
        log(&format!(
            "games in progress restored: {count}, held until their players are back"
        ));
    }
    Ok((Box::new(store), hub))
}

/// Stops the server: every game in progress stored with its clocks, then every player
/// told and their terminal given back (the app's normal end: main screen, cursor shown),
/// then the database checkpointed.
pub(super) async fn stop(shared: &Arc<Shared>, why: &str) {
    let effects = shared.hub().shutdown(Instant::now());
    shared.apply(effects);
    // Every game stored before anyone is told it is kept.
    let flushing = Arc::clone(shared);
    let _ = tokio::task::spawn_blocking(move || flushing.writer.flush()).await;
    let players = {
        let mut links = shared.links.lock().unwrap_or_else(|e| e.into_inner());
        for link in links.values_mut() {
            link.notice = Some(STOP_NOTICE);
            let _ = link.tx.send(Incoming::Closed);
        }
        links.len()
    };
    shared.log(&format!(
        "stopping ({why}): games stored, {players} players told"
    ));
    // Until the apps have ended and their connections closed (their last output sent).
    let deadline = Instant::now() + STOP_TIME;
    while Instant::now() < deadline {
        let (total, pending) = shared.gate.held();
        let apps = shared.links.lock().unwrap_or_else(|e| e.into_inner()).len();
        if apps == 0 && total <= pending {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    match shared.store().close() {
        Ok(()) => shared.log("stopped"),
        Err(e) => shared.log(&format!("stopped; {e}")),
    }
}
