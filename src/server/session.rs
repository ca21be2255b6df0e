//! One connection's app: the local app's `App` and event loop on the connection's terminal
//! (`ui::remote`), with a host that talks to the hub and shares the server's AI pool.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

use crate::net::ConnId;
use crate::ui::app::{App, SearchRequest};
use crate::ui::keeper::Keeper;
use crate::ui::remote::{online_app, run_remote, ChannelWriter, RemoteTerm, SharedSize};
use crate::ui::{Host, Incoming};

use super::Shared;

/// The host of a connection's app: its keeper on the player's own data directory, the
/// hub for network requests, and the server's shared search pool.
struct ConnHost {
    keeper: Keeper,
    shared: Arc<Shared>,
    conn: ConnId,
}

impl Host for ConnHost {
    fn serve(&mut self, app: &mut App) {
        loop {
            self.keeper.serve(app);
            let requests = app.take_net();
            if requests.is_empty() {
                return;
            }
            for request in requests {
                // Cards and the archive come from the store, without the hub's lock held.
                let shared = &self.shared;
                let log = |text: &str| shared.log(&format!("conn {}: {text}", self.conn));
                match super::archive::answer(&shared.hub, &shared.store, request, &log) {
                    Ok(event) => app.update(crate::ui::action::Action::Net(event)),
                    Err(request) => shared.request(self.conn, request),
                }
            }
        }
    }

    fn start_search(
        &mut self,
        mut request: SearchRequest,
        tx: Sender<Incoming>,
    ) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        // One thread per search on the server: the pool is what bounds the CPU.
        request.limits.threads = 1;
        let engine = Arc::clone(self.keeper.engine());
        self.shared.pool.submit(move || {
            if !flag.load(std::sync::atomic::Ordering::Relaxed) {
                engine.run(&request, &flag, &tx);
            }
        });
        stop
    }
}

/// Everything a connection's app thread needs.
pub struct AppSession {
    /// The connection.
    pub conn: ConnId,
    /// The player's key fingerprint.
    pub key: String,
    /// The terminal the client named and the variables its ssh sent (colours, locale).
    pub term: RemoteTerm,
    /// Its size.
    pub size: SharedSize,
    /// Where frames go.
    pub writer: ChannelWriter,
    /// The loop's channel (keys, hub events, searches).
    pub channel: (Sender<Incoming>, Receiver<Incoming>),
}

/// Runs a connection's app until the player quits or the connection goes; then tells the
/// hub the player left.
pub fn run_app(shared: Arc<Shared>, session: AppSession) {
    let AppSession {
        conn,
        key,
        term,
        size,
        writer,
        channel,
    } = session;
    let mut app: App = online_app(&term);
    let data = super::store::ServerFiles::session_dir(&key);
    app.data_dir = Some(data.root().to_path_buf());
    app.site = Some(shared.options.name.clone());
    let mut host = ConnHost {
        keeper: Keeper::new(Some(data)),
        shared: Arc::clone(&shared),
        conn,
    };
    // The lessons finished, from the player's own folder (`L` in the lobby).
    match host.keeper.read_progress() {
        Some(Ok(progress)) => app.progress = progress,
        Some(Err(problem)) => app.tell(problem, true),
        None => {}
    }
    // The puzzle rating and record, from the same folder (`P` in the lobby).
    match host.keeper.read_puzzles() {
        Some(Ok(record)) => app.puzzle_record = record,
        Some(Err(problem)) => app.tell(problem, true),
        None => {}
    }
    if let Err(e) = run_remote(&mut app, &mut host, channel, writer, size) {
        shared.log(&format!("conn {conn}: terminal error: {e}"));
    }
    shared.app_ended(conn);
}
