//! `rankup serve`: the game over SSH. Any SSH client connects (`ssh -p 2222 host`) and gets
//! the full app in its own terminal, with a lobby to meet other players.
//!
//! * [`hub`]: the lobby and game rooms, a pure state machine;
//! * `session`: one connection's app, the local app's `App` and event loop on a terminal
//!   that is an SSH channel;
//! * `pool`: the bounded pool of AI search threads all connections share;
//! * [`store`]: the database (players, ratings, seeks, games in progress and finished),
//!   the host key, each player's folder;
//! * `lifecycle`: start (the store opened, the games in progress restored) and stop
//!   (games stored, every player told and given their terminal back);
//! * this file: the SSH side (russh), limits, logging and the wiring between them.
//!
//! A player is their SSH public key: any key is accepted, passwords never; a client with
//! no key is told how to make one. Shells, commands, SFTP and every kind of forwarding are
//! refused.

pub mod archive;
mod fanout;
pub mod hub;
mod lifecycle;
mod limits;
pub mod names;
mod output;
mod pool;
mod refuse;
mod session;
pub mod store;
mod writer;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::keys::HashAlg;
use russh::server::{Auth, Config, Handler, Msg, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodKind, MethodSet, Pty};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

use crate::net::{ConnId, LobbyView, NetEvent, NetRequest};
use crate::save::Timestamp;
use crate::ui::action::Action;
use crate::ui::Incoming;

use crate::ui::remote::{ChannelWriter, InputParser, RemoteTerm, SharedSize};
use hub::{Effect, Hub};
use limits::{AcceptBackoff, Caps, Gate, OutputBudget, Ticket, Watched};
use output::{send_output, Out};
use pool::SearchPool;
use session::AppSession;
use store::{PlayerRow, ServerFiles, Store};
use writer::{Write, Writer};

/// How `rankup serve` runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The server's name, the `Site` of the PGN of its games ([`site_name`] by default).
    pub name: String,
    /// The server's data directory.
    pub data: PathBuf,
    /// Connections at once, in all.
    pub max_clients: usize,
    /// Connections at once from one IP address.
    pub per_ip: usize,
    /// Connections at once that have not logged in yet.
    pub max_pending: usize,
    /// A connection that has not logged in (key accepted, terminal open) by then is closed.
    pub login_timeout: Duration,
    /// Output a client may leave unread before its connection counts as lost.
    pub output_max: usize,
    /// How long a client may leave its output unread before its connection counts as lost.
    pub output_stall: Duration,
    /// The largest terminal served, in columns and rows (a larger one is drawn at this size).
    pub max_size: (u16, u16),
    /// A connection with no input for this long is closed.
    pub idle: Duration,
    /// AI searches run at once (the rest wait).
    pub ai_workers: usize,
    /// New names (players) one address may take per hour; 0 takes no new players.
    pub signups_per_hour: usize,
    /// The folder of the server's own variant files (`*.ron`), offered in the lobby beside
    /// the built-in games; `None` for none.
    pub variants: Option<PathBuf>,
}

impl ServeOptions {
    /// Defaults: port 2222 on all addresses, 64 clients, 4 per address, 16 logging in at
    /// once, 20 seconds to log in, 30 minutes idle, 4 MiB or 30 seconds of unread output,
    /// terminals up to 300x150, one AI search per core, 5 new names per address per hour,
    /// no games of its own.
    pub fn new(data: PathBuf) -> ServeOptions {
        ServeOptions {
            listen: SocketAddr::from(([0, 0, 0, 0], 2222)),
            name: site_name(SocketAddr::from(([0, 0, 0, 0], 2222)), None),
            data,
            max_clients: 64,
            per_ip: 4,
            max_pending: 16,
            login_timeout: Duration::from_secs(20),
            output_max: 4 << 20,
            output_stall: Duration::from_secs(30),
            max_size: (300, 150),
            idle: Duration::from_secs(30 * 60),
            ai_workers: std::thread::available_parallelism().map_or(1, |n| n.get()),
            signups_per_hour: 5,
            variants: None,
        }
    }
}

/// Input a connection may send per second before it is throttled (typing and arrow keys
/// are far below; a paste or a flood is not).
const INPUT_RATE: usize = 2048;
/// Seconds over the rate before the connection is closed.
const INPUT_STRIKES: u32 = 5;

/// Refused connections told why at once; more are only closed.
const REFUSING_AT_ONCE: usize = 16;
/// Resizes reach a connection's app at most this often (the last size of a storm).
const RESIZE_EVERY: Duration = Duration::from_millis(200);
/// How long a refused connection has to read why.
const REFUSAL_TIME: Duration = Duration::from_secs(10);

/// A live connection's links, for delivering the hub's events.
struct Link {
    tx: mpsc::Sender<Incoming>,
    out: tokio::sync::mpsc::UnboundedSender<Out>,
    /// Why the server closes the connection, to tell the player last.
    notice: Option<&'static str>,
    /// Its views of the lobby, at most one every [`fanout::LOBBY_EVERY`].
    lobby: fanout::Throttle<LobbyView>,
}

/// What every connection shares.
pub struct Shared {
    hub: Mutex<Hub>,
    links: Mutex<HashMap<ConnId, Link>>,
    store: Mutex<Box<dyn Store>>,
    /// Where the store's writes go (a thread of their own).
    writer: Writer,
    files: ServerFiles,
    pool: SearchPool,
    gate: Arc<Gate>,
    refusing: AtomicUsize,
    options: ServeOptions,
}

impl Shared {
    /// One line on stderr: the time and what happened. The text quotes what clients sent
    /// (names, commands, errors naming files): it is [sanitised](crate::text::sanitize),
    /// so nothing in it can break the line, recolour the terminal or reorder the text.
    pub fn log(&self, text: &str) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", log_line(Timestamp::now(), text));
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Box<dyn Store>> {
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn hub(&self) -> std::sync::MutexGuard<'_, Hub> {
        self.hub.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A request from a connection's app.
    fn request(&self, conn: ConnId, request: NetRequest) {
        let effects = self.hub().request(conn, request, Instant::now());
        self.apply(effects);
    }

    /// The app of `conn` has ended: the player has left.
    fn app_ended(&self, conn: ConnId) {
        let effects = self.hub().disconnect(conn, Instant::now());
        self.apply(effects);
        let link = self
            .links
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&conn);
        if let Some(link) = link {
            // After the app's last frames: the notice, then closing the channel ends the
            // client's `ssh`.
            let _ = link.out.send(Out::End(link.notice));
        }
    }

    /// Carries out what the hub asked: what players are shown first, then the store's
    /// writes (which wait for the disk), so that a move reaches the opponent without
    /// waiting for it.
    fn apply(&self, effects: Vec<Effect>) {
        let (shown, stored): (Vec<Effect>, Vec<Effect>) = effects
            .into_iter()
            .partition(|e| matches!(e, Effect::Send(..) | Effect::Close(..)));
        for effect in shown.into_iter().chain(stored) {
            match effect {
                Effect::Send(conn, event) => {
                    let mut links = self.links.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(link) = links.get_mut(&conn) {
                        let event = match event {
                            NetEvent::Lobby(view) => match link.lobby.offer(view, Instant::now()) {
                                Some(view) => NetEvent::Lobby(view),
                                None => continue,
                            },
                            event => event,
                        };
                        let _ = link.tx.send(Incoming::App(Box::new(Action::Net(event))));
                    }
                }
                Effect::Close(conn, why) => {
                    // The notice is set before the app is told to end, under one lock: the
                    // app's end takes the notice out of the link.
                    let mut links = self.links.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(link) = links.get_mut(&conn) {
                        link.notice = Some(why);
                        let _ = link.tx.send(Incoming::Closed);
                    }
                }
                Effect::Live(live) => self.writer.send(Write::Live(live)),
                Effect::GameOver {
                    room,
                    game,
                    ratings,
                } => self.writer.send(Write::GameOver {
                    room,
                    game,
                    ratings,
                }),
                Effect::Registered { key, name } => {
                    self.log(&format!("new player {name} ({key})"));
                    self.writer.send(Write::Player(PlayerRow {
                        key,
                        name,
                        created: Timestamp::now(),
                    }));
                }
            }
        }
    }

    /// Stores games in progress (on the writer's thread), in one transaction.
    fn store_lives(&self, rooms: &[store::LiveRoom]) {
        if let Err(e) = self.store().put_live(rooms) {
            let ids: Vec<String> = rooms.iter().map(|r| r.id.to_string()).collect();
            self.log(&format!("rooms {}: not stored: {e}", ids.join(", ")));
        }
    }

    /// Carries out a write (on the writer's thread): the finished game and its ratings in
    /// one transaction, a copy in each player's folder; a new player.
    fn store_now(&self, write: Write) {
        match write {
            Write::Live(live) => self.store_lives(std::slice::from_ref(&*live)),
            Write::GameOver {
                room,
                game,
                ratings,
            } => {
                if let Err(e) = self.store().game_over(&game, &ratings) {
                    self.log(&format!("room {room}: finished game not stored: {e}"));
                }
                for r in &ratings {
                    let label =
                        crate::rating::Rating::new(r.rating, r.deviation, r.volatility, r.games)
                            .map_or_else(|e| e.to_string(), |r| r.label());
                    self.log(&format!(
                        "room {room}: {} rated {label} in {}",
                        r.key, r.variant
                    ));
                }
                // A copy in each player's folder, for `b` in the lobby.
                let keys = [game.keys.white.as_str(), game.keys.black.as_str()];
                if let Err(e) = self.files.copy_finished(&keys, &game.game) {
                    self.log(&format!("room {room}: no copy for the players: {e}"));
                }
            }
            Write::Player(row) => {
                if let Err(e) = self.store().put_player(&row) {
                    self.log(&format!("player {} not stored: {e}", row.name));
                }
            }
        }
    }
}

impl Shared {
    /// Delivers the views of the lobby held back (see [`fanout`]) whose time has come.
    fn flush_lobbies(&self, now: Instant) {
        let mut links = self.links.lock().unwrap_or_else(|e| e.into_inner());
        for link in links.values_mut() {
            if let Some(view) = link.lobby.due(now) {
                let event = Action::Net(NetEvent::Lobby(view));
                let _ = link.tx.send(Incoming::App(Box::new(event)));
            }
        }
    }
}

/// Runs the server until it is stopped (Ctrl-C, SIGTERM).
///
/// # Errors
/// When the data directory, the host key or the address cannot be used.
pub fn serve(options: ServeOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(run(options))
}

async fn run(options: ServeOptions) -> Result<(), String> {
    let options = ServeOptions {
        data: std::path::absolute(&options.data)
            .map_err(|e| format!("{}: {e}", options.data.display()))?,
        ..options
    };
    let files = ServerFiles::open(&options.data)?;
    let host_key = files.host_key()?;
    // The server's own games are registered before the games in progress are restored
    // (some may be played in them).
    let games = server_games(options.variants.as_deref());
    let (store, hub) = lifecycle::open_store(&files, &options, |hub| {
        hub.with_signups_per_hour(options.signups_per_hour)
            .with_server_games(games.registered.clone())
    })?;
    // Connections' apps name their players' folders relative to here, so that no path on
    // the server is ever shown to a remote player.
    std::env::set_current_dir(files.players_root())
        .map_err(|e| format!("cannot work in {}: {e}", files.players_root().display()))?;
    let listener = TcpListener::bind(options.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let pool = SearchPool::new(options.ai_workers);
    let shared = Arc::new_cyclic(|me| Shared {
        hub: Mutex::new(hub),
        links: Mutex::new(HashMap::new()),
        store: Mutex::new(store),
        writer: Writer::spawn(me.clone()),
        files,
        pool,
        gate: Gate::new(Caps {
            total: options.max_clients,
            per_ip: options.per_ip,
            pending: options.max_pending,
        }),
        refusing: AtomicUsize::new(0),
        options: options.clone(),
    });
    match limits::raise_file_limit() {
        Ok((before, after)) if before != after => {
            shared.log(&format!(
                "open files: limit raised from {before} to {after}"
            ));
        }
        Ok(_) => {}
        Err(e) => shared.log(&format!("open files: limit not raised: {e}")),
    }
    let config = Arc::new(Config {
        methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::from_millis(0)),
        keys: vec![host_key],
        inactivity_timeout: Some(options.idle),
        keepalive_interval: Some(Duration::from_secs(30)),
        nodelay: true,
        ..Default::default()
    });
    let refusal_config = Arc::new(Config {
        methods: MethodSet::from(
            &[
                MethodKind::None,
                MethodKind::PublicKey,
                MethodKind::KeyboardInteractive,
            ][..],
        ),
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::from_millis(0)),
        keys: config.keys.clone(),
        inactivity_timeout: Some(REFUSAL_TIME),
        nodelay: true,
        ..Default::default()
    });
    // Watched before the server says it listens: a stop from then on stores the games.
    let watch = |kind, name| {
        tokio::signal::unix::signal(kind).map_err(|e| format!("cannot watch for {name}: {e}"))
    };
    let mut terminate = watch(tokio::signal::unix::SignalKind::terminate(), "SIGTERM")?;
    let mut interrupt = watch(tokio::signal::unix::SignalKind::interrupt(), "SIGINT")?;
    shared.log(&format!(
        "rankup serve: listening on {local}; data in {}; at most {} clients ({} per address); {} AI searches at once",
        options.data.display(),
        options.max_clients,
        options.per_ip,
        shared.pool.workers()
    ));
    for line in games.log {
        shared.log(&line);
    }
    // Clocks fall and grace periods end without anyone typing.
    {
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            loop {
                tick.tick().await;
                let effects = shared.hub().tick(Instant::now());
                shared.apply(effects);
                shared.flush_lobbies(Instant::now());
            }
        });
    }
    let mut backoff = AcceptBackoff::default();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = interrupt.recv() => {
                lifecycle::stop(&shared, "interrupted").await;
                return Ok(());
            }
            _ = terminate.recv() => {
                lifecycle::stop(&shared, "SIGTERM").await;
                return Ok(());
            }
        };
        let (stream, addr) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors, mostly: wait for connections to end rather
                // than spin, and say so once.
                let (pause, first) = backoff.failed();
                if first {
                    shared.log(&format!(
                        "accept failed: {e} (waiting, new connections queue)"
                    ));
                }
                tokio::time::sleep(pause).await;
                continue;
            }
        };
        if let Some(failures) = backoff.succeeded() {
            shared.log(&format!("accepting again after {failures} failed accepts"));
        }
        match shared.gate.admit(addr.ip(), Instant::now()) {
            Ok(ticket) => start_connection(&shared, &config, stream, addr, ticket),
            Err(refusal) => {
                refuse::refuse_connection(&shared, &refusal_config, stream, addr, refusal)
            }
        }
    }
}

/// Serves an admitted connection until it ends (or does not log in in time, or is lost).
fn start_connection(
    shared: &Arc<Shared>,
    config: &Arc<Config>,
    stream: TcpStream,
    addr: SocketAddr,
    ticket: Ticket,
) {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let conn = NEXT.fetch_add(1, Ordering::Relaxed);
    shared.log(&format!("conn {conn}: {addr} connected"));
    let logged_in = Arc::new(AtomicBool::new(false));
    let lost = Arc::new(Notify::new());
    let end = limits::connection_end(
        shared.options.login_timeout,
        Arc::clone(&logged_in),
        ticket.eviction(),
        Arc::clone(&lost),
    );
    let stream = Watched::new(stream, end);
    let client = Client::new(Arc::clone(shared), conn, addr, (ticket, logged_in, lost));
    let config = Arc::clone(config);
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        let result = match russh::server::run_stream(config, stream, client).await {
            Ok(session) => session.await.map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = result {
            shared.log(&format!("conn {conn}: {addr}: {e}"));
        }
        shared.log(&format!("conn {conn}: {addr} closed"));
    });
}

/// One SSH connection.
struct Client {
    shared: Arc<Shared>,
    conn: ConnId,
    addr: SocketAddr,
    /// The key fingerprint, once authenticated with a key.
    key: Option<String>,
    /// The session channel (only one per connection): its id, and its writing half until
    /// the app takes it.
    channel: Option<ChannelId>,
    writer: Option<ChannelWriteHalf<Msg>>,
    /// Its place in the connection counts, whether it has logged in, and the signal that
    /// it is lost.
    ticket: Ticket,
    logged_in: Arc<AtomicBool>,
    lost: Arc<Notify>,
    /// The size of the terminal the client asked for (none asked: no terminal).
    pty: Option<SharedSize>,
    /// Its type, and the variables its ssh sent that decide how it is drawn.
    remote: RemoteTerm,
    /// The app's loop, once started.
    tx: Option<mpsc::Sender<Incoming>>,
    parser: InputParser,
    /// A resize is waiting to reach the app.
    resizing: Arc<AtomicBool>,
    /// Input bytes in the current second, when it began, and seconds over the rate.
    rate: (usize, Instant, u32),
}

impl Client {
    fn new(
        shared: Arc<Shared>,
        conn: ConnId,
        addr: SocketAddr,
        (ticket, logged_in, lost): (Ticket, Arc<AtomicBool>, Arc<Notify>),
    ) -> Client {
        Client {
            shared,
            conn,
            addr,
            key: None,
            channel: None,
            writer: None,
            ticket,
            logged_in,
            lost,
            pty: None,
            remote: RemoteTerm::default(),
            tx: None,
            parser: InputParser::default(),
            resizing: Arc::new(AtomicBool::new(false)),
            rate: (0, Instant::now(), 0),
        }
    }

    fn log(&self, text: &str) {
        self.shared
            .log(&format!("conn {}: {} {text}", self.conn, self.addr));
    }

    /// Says `text` on the channel and closes it (for what the server does not do).
    fn refuse(&self, channel: ChannelId, session: &mut Session, text: &str) {
        let _ = session.data(channel, format!("rankup: {text}\r\n").into_bytes());
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
    }
}

impl Handler for Client {
    type Error = russh::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(Some(
            "rankup: chess variants over SSH. Your SSH key is your identity here.\r\n".into(),
        ))
    }

    async fn auth_password(&mut self, _user: &str, _password: &str) -> Result<Auth, Self::Error> {
        self.log("password login refused");
        Ok(Auth::reject())
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let fingerprint = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        self.log(&format!("key {fingerprint}"));
        self.key = Some(fingerprint);
        Ok(Auth::Accept)
    }

    /// A client without a key ends up here: let it in only to be told how to make one.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.log("no key offered");
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        // Client input comes through `data`; only the writing half is kept.
        let (_read, write) = channel.split();
        self.writer = Some(write);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let size = clamp_size(self.shared.options.max_size, col_width, row_height);
        self.remote.set_term(term);
        self.pty = Some(Arc::new(Mutex::new(size)));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (w, h) = clamp_size(self.shared.options.max_size, col_width, row_height);
        let Some(size) = &self.pty else {
            return Ok(());
        };
        *size.lock().unwrap_or_else(|e| e.into_inner()) = (w, h);
        // A storm of resizes is one redraw per RESIZE_EVERY, at the last size.
        if let Some(tx) = &self.tx {
            if !self.resizing.swap(true, Ordering::Relaxed) {
                let (tx, size, resizing) =
                    (tx.clone(), Arc::clone(size), Arc::clone(&self.resizing));
                tokio::spawn(async move {
                    tokio::time::sleep(RESIZE_EVERY).await;
                    resizing.store(false, Ordering::Relaxed);
                    let (w, h) = *size.lock().unwrap_or_else(|e| e.into_inner());
                    let _ = tx.send(crate::ui::remote::resize(w, h));
                });
            }
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(key) = self.key.clone() else {
            session.channel_success(channel)?;
            let port = self.shared.options.listen.port();
            self.refuse(
                channel,
                session,
                &format!(
                    "players here are known by their SSH key, and your ssh offered none.\r\n\
                     Make one with:  ssh-keygen -t ed25519\r\n\
                     then connect again:  ssh -p {port} HOST"
                ),
            );
            return Ok(());
        };
        let Some(size) = self.pty.clone() else {
            session.channel_success(channel)?;
            self.refuse(
                channel,
                session,
                "rankup needs a terminal: connect with ssh -t (or without -T)",
            );
            return Ok(());
        };
        let Some(writer) = self.writer.take().filter(|_| self.tx.is_none()) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        self.logged_in.store(true, Ordering::Relaxed);
        self.ticket.logged_in();
        let (tx, rx) = mpsc::channel();
        let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel::<Out>();
        let budget = OutputBudget::new(self.shared.options.output_max);
        tokio::spawn(send_output(
            out_rx,
            writer,
            session.handle(),
            Arc::clone(&budget),
            self.shared.options.output_stall,
            Arc::clone(&self.lost),
        ));
        self.shared
            .links
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(
                self.conn,
                Link {
                    tx: tx.clone(),
                    out: out_tx.clone(),
                    notice: None,
                    lobby: fanout::Throttle::default(),
                },
            );
        self.tx = Some(tx.clone());
        let effects =
            self.shared
                .hub()
                .connect_from(self.conn, &key, self.addr.ip(), Instant::now());
        self.shared.apply(effects);
        let shared = Arc::clone(&self.shared);
        let lost = Arc::clone(&self.lost);
        let app = AppSession {
            conn: self.conn,
            key,
            term: std::mem::take(&mut self.remote),
            size,
            writer: ChannelWriter::new(Box::new(move |bytes| {
                if !budget.queue(bytes.len()) {
                    lost.notify_one();
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::BrokenPipe,
                        "the client stopped reading its output",
                    ));
                }
                out_tx.send(Out::Data(bytes)).map_err(|_| {
                    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the connection is closed")
                })
            })),
            channel: (tx, rx),
        };
        std::thread::Builder::new()
            .name(format!("conn-{}", self.conn))
            .spawn(move || session::run_app(shared, app))
            .map_err(|_| russh::Error::Disconnect)?;
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let command: String = String::from_utf8_lossy(data).chars().take(40).collect();
        self.log(&format!("command refused: {command:?}"));
        session.channel_success(channel)?;
        self.refuse(
            channel,
            session,
            "commands are not run here; connect without one to play",
        );
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.log(&format!(
            "subsystem refused: {:?}",
            name.chars().take(20).collect::<String>()
        ));
        session.channel_failure(channel)?;
        Ok(())
    }

    /// `NO_COLOR`, `COLORTERM` and the locale are taken (they decide the colours and the
    /// glyphs, as locally); every other variable is refused.
    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.remote.set(name, value) {
            session.channel_success(channel)?;
        } else {
            session.channel_failure(channel)?;
        }
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.log("X11 forwarding refused");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.log("agent forwarding refused");
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.log("remote port forwarding refused");
        Ok(false)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.log("local port forwarding refused");
        reply
            .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let now = Instant::now();
        let (bytes, since, strikes) = &mut self.rate;
        if now.duration_since(*since) >= Duration::from_secs(1) {
            if *bytes > INPUT_RATE {
                *strikes += 1;
            } else {
                *strikes = 0;
            }
            *bytes = 0;
            *since = now;
        }
        *bytes += data.len();
        if *strikes >= INPUT_STRIKES {
            self.log("closed: input flood");
            self.end_app();
            session.disconnect(russh::Disconnect::ByApplication, "input flood", "")?;
            return Ok(());
        }
        if *bytes > INPUT_RATE {
            // Over the rate: dropped, the player sees no effect of the flood.
            return Ok(());
        }
        if let Some(tx) = &self.tx {
            for event in self.parser.feed(data) {
                let _ = tx.send(Incoming::Term(event));
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.end_app();
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.end_app();
        Ok(())
    }
}

impl Client {
    /// Ends the connection's app (which then tells the hub the player left).
    fn end_app(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Incoming::Closed);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // However the connection ended, its app ends too.
        self.end_app();
    }
}

/// The server's own games, loaded from its variant folder, and what to log about them.
struct ServerGames {
    registered: Vec<crate::variants::VariantId>,
    /// One line for the games offered, one per file left out.
    log: Vec<String>,
}

/// Registers the games of `dir` (each `*.ron` file, in name order): a file that does not
/// load, or whose id is taken, is left out with one log line; nothing here stops the server.
fn server_games(dir: Option<&std::path::Path>) -> ServerGames {
    let Some(dir) = dir else {
        return ServerGames {
            registered: Vec::new(),
            log: Vec::new(),
        };
    };
    let (registered, broken) = crate::variants::load_user_dir(dir);
    let names: Vec<String> = registered.iter().map(|v| v.to_string()).collect();
    let mut log = vec![format!(
        "games of {}: {}",
        dir.display(),
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    )];
    log.extend(
        broken
            .into_iter()
            .map(|b| format!("variant file left out: {}", b.error)),
    );
    ServerGames { registered, log }
}

/// A log line: the time, then `text` [sanitised](crate::text::sanitize).
/// The server's name for the `Site` of its games' PGN when the operator gives none
/// (`--name`): the host of the listen address as configured, with its port unless it is
/// SSH's 22 (`127.0.0.1:2299`); for an address that listens everywhere (`0.0.0.0`, `::`),
/// the machine's name `host` in its place (`?` without one). Never a file path.
pub fn site_name(listen: SocketAddr, host: Option<&str>) -> String {
    let ip = listen.ip();
    let name = if ip.is_unspecified() {
        match host.map(str::trim).filter(|h| !h.is_empty()) {
            Some(h) => h.to_string(),
            None => return "?".into(),
        }
    } else if ip.is_ipv6() {
        format!("[{ip}]")
    } else {
        ip.to_string()
    };
    match listen.port() {
        22 => name,
        port => format!("{name}:{port}"),
    }
}

/// The longest server name (`--name`).
pub const SITE_NAME_MAX: usize = 80;

/// `--name` checked: one line of 1 to [`SITE_NAME_MAX`] characters, trimmed.
///
/// # Errors
/// A line naming the flag and what is wrong.
pub fn check_site_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() || name.chars().count() > SITE_NAME_MAX {
        return Err(format!(
            "--name {text:?}: 1 to {SITE_NAME_MAX} characters, as play.example.org"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "--name {text:?}: one line without control characters"
        ));
    }
    Ok(name.to_string())
}

/// The machine's host name, if it has one.
pub fn machine_name() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most `buf.len()` bytes into the buffer we own.
    if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } != 0 {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let name = std::str::from_utf8(&buf[..end]).ok()?;
    check_site_name(name).ok()
}

fn log_line(at: Timestamp, text: &str) -> String {
    format!("{at} {}", crate::text::sanitize(text))
}

/// A terminal size from the client, within `max` (columns, rows): the app's screen
/// buffers are as large as the terminal, so a huge one is drawn at the largest size served.
fn clamp_size(max: (u16, u16), cols: u32, rows: u32) -> (u16, u16) {
    let clamp = |n: u32, max: u16| n.clamp(1, u32::from(max.max(1))) as u16;
    (clamp(cols, max.0), clamp(rows, max.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_terminal_is_served_at_the_largest_size() {
        assert_eq!(clamp_size((300, 150), 10_000, 10_000), (300, 150));
        assert_eq!(clamp_size((300, 150), 80, 24), (80, 24));
        assert_eq!(clamp_size((300, 150), 0, u32::MAX), (1, 150));
        assert_eq!(clamp_size((0, 0), 80, 24), (1, 1));
    }

    #[test]
    fn the_servers_name_is_its_listen_host_as_configured_never_a_path() {
        let at = |text: &str| text.parse::<SocketAddr>().unwrap();
        assert_eq!(
            site_name(at("127.0.0.1:2299"), Some("box")),
            "127.0.0.1:2299"
        );
        assert_eq!(site_name(at("192.0.2.7:22"), Some("box")), "192.0.2.7");
        assert_eq!(
            site_name(at("[2001:db8::1]:2222"), None),
            "[2001:db8::1]:2222"
        );
        // Listening everywhere: the machine's name.
        assert_eq!(site_name(at("0.0.0.0:2222"), Some("play")), "play:2222");
        assert_eq!(site_name(at("[::]:22"), Some("play")), "play");
        assert_eq!(site_name(at("0.0.0.0:2222"), None), "?");
        assert_eq!(site_name(at("0.0.0.0:2222"), Some(" ")), "?");
        assert_eq!(
            check_site_name(" play.example.org ").as_deref(),
            Ok("play.example.org")
        );
        for bad in ["", "  ", "a\nb", "x\u{1b}[2J", &"n".repeat(81)] {
            let e = check_site_name(bad).unwrap_err();
            assert!(e.starts_with("--name"), "{e}");
        }
        assert!(machine_name().is_none_or(|n| check_site_name(&n) == Ok(n.clone())));
    }

    #[test]
    fn log_lines_carry_no_control_characters_from_clients() {
        let at = Timestamp::from_unix(1_800_000_000);
        for text in [
            "new player A\u{1b}[31mB (key)",
            "command refused: \"x\ny\"",
            "conn 1: a\rb\u{202e}c\0d",
        ] {
            let line = log_line(at, text);
            assert!(
                !line.contains(['\u{1b}', '\n', '\r', '\u{202e}', '\0']),
                "{line:?}"
            );
            assert!(line.starts_with(&at.to_string()), "{line:?}");
        }
    }
}
