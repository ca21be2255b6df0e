//! A scripted player: an SSH client (russh) with its own ed25519 key and loopback source
//! address, a pty, and a model of its screen to wait for words on it; it types keys,
//! resizes its terminal, and can stop reading its connection.

use std::net::{Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use russh::client::{self, Handle, Msg};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;

use crate::screen::Screen;

/// The largest terminal the server draws (its default `--max-size`): a client's screen
/// model is no larger.
pub const SERVED: (u16, u16) = (300, 150);

/// A new loopback source address for each connection (127.1.0.1, 127.1.0.2, ...): the
/// whole of 127/8 is this machine, and the server counts connections per address.
pub fn next_address(block: u8) -> Ipv4Addr {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    Ipv4Addr::new(127, block, (n / 250) as u8, (n % 250 + 1) as u8)
}

/// A TCP connection from `from` to the server on `port`.
pub async fn tcp(from: Ipv4Addr, port: u16) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.set_nodelay(true)?;
    socket
        .connect(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        .await
}

/// A stream whose reading can be stopped: a client that stops reading its connection (its
/// TCP window fills, its SSH window is not renewed), while it still writes.
struct Pausable {
    inner: TcpStream,
    paused: Arc<AtomicBool>,
    waker: Arc<Mutex<Option<Waker>>>,
}

impl AsyncRead for Pausable {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if self.paused.load(Ordering::Relaxed) {
            *self.waker.lock().unwrap() = Some(cx.waker().clone());
            return Poll::Pending;
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Pausable {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Accepts the server's host key (a fresh server on loopback).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What a player's reader shares with the player.
struct Seen {
    screen: Mutex<Screen>,
    /// Whether output is put on the screen (idle players only drain it).
    parse: AtomicBool,
    bytes: AtomicU64,
    closed: AtomicBool,
}

/// One scripted player.
pub struct Player {
    pub name: String,
    /// The client's address, as the server logs it.
    pub local: SocketAddr,
    _handle: Handle<Trusting>,
    writer: ChannelWriteHalf<Msg>,
    seen: Arc<Seen>,
    changed: watch::Receiver<u64>,
    paused: Arc<AtomicBool>,
    waker: Arc<Mutex<Option<Waker>>>,
}

impl Player {
    /// Connects from a new address in `block` with a new key and a `cols` x `rows` pty, and
    /// opens the shell (the name prompt or the lobby comes next).
    pub async fn connect(
        port: u16,
        block: u8,
        user: &str,
        size: (u32, u32),
    ) -> Result<Player, String> {
        let stream = tcp(next_address(block), port)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let local = stream.local_addr().map_err(|e| e.to_string())?;
        let paused = Arc::new(AtomicBool::new(false));
        let waker = Arc::new(Mutex::new(None));
        let stream = Pausable {
            inner: stream,
            paused: Arc::clone(&paused),
            waker: Arc::clone(&waker),
        };
        let config = Arc::new(client::Config {
            nodelay: true,
            ..Default::default()
        });
        let mut handle = client::connect_stream(config, stream, Trusting)
            .await
            .map_err(|e| format!("handshake: {e}"))?;
        let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
            .map_err(|e| format!("key: {e}"))?;
        let auth = handle
            .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key), None))
            .await
            .map_err(|e| format!("auth: {e}"))?;
        if !auth.success() {
            return Err("the key was refused".into());
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| format!("channel: {e}"))?;
        channel
            .request_pty(true, "xterm-256color", size.0, size.1, 0, 0, &[])
            .await
            .map_err(|e| format!("pty: {e}"))?;
        channel
            .request_shell(true)
            .await
            .map_err(|e| format!("shell: {e}"))?;
        let (mut read, writer) = channel.split();
        let cols = size.0.min(u32::from(SERVED.0)) as u16;
        let rows = size.1.min(u32::from(SERVED.1)) as u16;
        let seen = Arc::new(Seen {
            screen: Mutex::new(Screen::new(cols, rows)),
            parse: AtomicBool::new(true),
            bytes: AtomicU64::new(0),
            closed: AtomicBool::new(false),
        });
        let (tx, changed) = watch::channel(0u64);
        {
            let seen = Arc::clone(&seen);
            tokio::spawn(async move {
                while let Some(msg) = read.wait().await {
                    match msg {
                        ChannelMsg::Data { data } => {
                            seen.bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
                            if seen.parse.load(Ordering::Relaxed) {
                                seen.screen.lock().unwrap().feed(&data);
                                tx.send_modify(|n| *n += 1);
                            }
                        }
                        ChannelMsg::Eof | ChannelMsg::Close => break,
                        _ => {}
                    }
                }
                seen.closed.store(true, Ordering::Relaxed);
                tx.send_modify(|n| *n += 1);
            });
        }
        Ok(Player {
            name: user.to_string(),
            local,
            _handle: handle,
            writer,
            seen,
            changed,
            paused,
            waker,
        })
    }

    /// Connects and chooses `name` on the first screen; back when the lobby greets it.
    pub async fn login(
        port: u16,
        block: u8,
        name: &str,
        size: (u32, u32),
    ) -> Result<Player, String> {
        let mut p = Player::connect(port, block, name, size).await?;
        let limit = Duration::from_secs(60);
        p.wait_for("Choose the name", limit).await?;
        p.send(format!("{name}\r").as_bytes()).await?;
        p.wait_for(&format!("you are {name}"), limit).await?;
        Ok(p)
    }

    /// Types `bytes` (keys as a terminal sends them).
    pub async fn send(&self, bytes: &[u8]) -> Result<(), String> {
        self.writer
            .data_bytes(bytes.to_vec())
            .await
            .map_err(|e| format!("{}: send: {e}", self.name))
    }

    /// The terminal is now `cols` x `rows`.
    pub async fn resize(&self, cols: u32, rows: u32) -> Result<(), String> {
        self.writer
            .window_change(cols, rows, 0, 0)
            .await
            .map_err(|e| format!("{}: resize: {e}", self.name))
    }

    /// Waits until the screen shows `text` (or not, with `present` false); when it did.
    async fn wait_until(
        &mut self,
        text: &str,
        present: bool,
        limit: Duration,
    ) -> Result<Instant, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if self.seen.screen.lock().unwrap().contains(text) == present {
                return Ok(Instant::now());
            }
            if self.seen.closed.load(Ordering::Relaxed) {
                return Err(format!(
                    "{}: connection closed waiting for {text:?}",
                    self.name
                ));
            }
            if tokio::time::timeout_at(deadline, self.changed.changed())
                .await
                .is_err()
            {
                let screen = self.seen.screen.lock().unwrap().text();
                return Err(format!(
                    "{}: timed out waiting for {text:?} (present: {present}); screen:\n{screen}",
                    self.name
                ));
            }
        }
    }

    /// Waits until the screen shows `text`; when it did.
    pub async fn wait_for(&mut self, text: &str, limit: Duration) -> Result<Instant, String> {
        self.wait_until(text, true, limit).await
    }

    /// Waits until `text` is gone from the screen.
    pub async fn wait_gone(&mut self, text: &str, limit: Duration) -> Result<Instant, String> {
        self.wait_until(text, false, limit).await
    }

    /// Whether the screen shows `text` now.
    pub fn shows(&self, text: &str) -> bool {
        self.seen.screen.lock().unwrap().contains(text)
    }

    /// From now on output is only counted, not drawn (an idle player).
    pub fn drain_only(&self) {
        self.seen.parse.store(false, Ordering::Relaxed);
    }

    /// Stops reading the connection (writing goes on).
    pub fn stop_reading(&self) {
        self.paused.store(true, Ordering::Relaxed);
    }

    /// Reads again.
    pub fn read_again(&self) {
        self.paused.store(false, Ordering::Relaxed);
        if let Some(w) = self.waker.lock().unwrap().take() {
            w.wake();
        }
    }

    /// Bytes received so far.
    pub fn received(&self) -> u64 {
        self.seen.bytes.load(Ordering::Relaxed)
    }

    /// Whether the server closed the channel.
    pub fn closed(&self) -> bool {
        self.seen.closed.load(Ordering::Relaxed)
    }
}
