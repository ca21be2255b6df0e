//! A connection the server will not hold (full, too many from one address) is not reset: it
//! goes through the SSH handshake far enough to be told why, in one line, and is closed.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use russh::server::{Auth, Config, Handler, Msg, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId};
use tokio::net::TcpStream;
use tokio::sync::Notify;

use super::limits::{self, Refusal, Watched};
use super::{Shared, REFUSAL_TIME, REFUSING_AT_ONCE};

/// Tells a refused connection why, over SSH, or (when many are being refused at once)
/// only closes it.
pub fn refuse_connection(
    shared: &Arc<Shared>,
    config: &Arc<Config>,
    stream: TcpStream,
    addr: SocketAddr,
    refusal: Refusal,
) {
    let (held, pending) = shared.gate.held();
    let why = match refusal {
        Refusal::Full(_) => "server full",
        Refusal::PerAddress(_) => "too many connections from this address",
        Refusal::Busy => "too many connections logging in",
    };
    shared.log(&format!(
        "{addr} refused: {why} ({held} connections, {pending} logging in)"
    ));
    if shared.refusing.fetch_add(1, Ordering::Relaxed) >= REFUSING_AT_ONCE {
        shared.refusing.fetch_sub(1, Ordering::Relaxed);
        drop(stream);
        return;
    }
    let handler = Refuser {
        reason: refusal.to_string(),
    };
    let never = Arc::new(AtomicBool::new(false));
    let end = limits::connection_end(
        REFUSAL_TIME,
        never,
        Arc::new(limits::Eviction::default()),
        Arc::new(Notify::new()),
    );
    let stream = Watched::new(stream, end);
    let config = Arc::clone(config);
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        if let Ok(session) = russh::server::run_stream(config, stream, handler).await {
            let _ = session.await;
        }
        shared.refusing.fetch_sub(1, Ordering::Relaxed);
    });
}

/// The handler of a refused connection: every login is let in, only to read the reason.
pub struct Refuser {
    /// The line the client is shown.
    pub reason: String,
}

impl Refuser {
    fn say(&self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        session.channel_success(channel)?;
        let line = format!("rankup: {}\r\n", self.reason);
        session.data(channel, line.into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)?;
        Ok(())
    }
}

impl Handler for Refuser {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Accept)
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        _key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        _channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        _col_width: u32,
        _row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.say(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.say(channel, session)
    }
}
