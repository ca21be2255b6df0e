//! One connection's app: the same [`App`], widgets and event loop as the local game, on a
//! terminal that is an SSH channel. Keys arrive as bytes and are parsed by `terminput`;
//! frames leave as bytes through a crossterm backend writing into the channel.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::{Position, Size};
use ratatui::Terminal;

use crate::net::ConnId;
use crate::ui::app::{App, Options, SearchRequest};
use crate::ui::keeper::Keeper;
use crate::ui::theme::{ColorMode, Palette, Theme};
use crate::ui::{drive, run_search, Host, Incoming};

use super::Shared;

/// Bytes for the SSH channel: collected while a frame is drawn, sent on flush.
pub struct ChannelWriter {
    buffer: Vec<u8>,
    out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
}

impl ChannelWriter {
    /// A writer whose flushed bytes go to `out`.
    pub fn new(out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>) -> ChannelWriter {
        ChannelWriter {
            buffer: Vec::new(),
            out,
        }
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        self.out
            .send(std::mem::take(&mut self.buffer))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the connection is closed"))
    }
}

/// The size of a remote terminal, as its client last said (pty request, window change).
pub type SharedSize = Arc<Mutex<(u16, u16)>>;

/// A crossterm backend for a remote terminal: everything is written into the channel; the
/// size is the client's, not this process's terminal's.
pub struct SshBackend {
    inner: CrosstermBackend<ChannelWriter>,
    size: SharedSize,
    cursor: Position,
}

impl SshBackend {
    /// A backend writing to `writer`, `size` big.
    pub fn new(writer: ChannelWriter, size: SharedSize) -> SshBackend {
        SshBackend {
            inner: CrosstermBackend::new(writer),
            size,
            cursor: Position::ORIGIN,
        }
    }

    fn cells(&self) -> (u16, u16) {
        *self.size.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Backend for SshBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        // Asking the remote terminal would need its answer on the input stream; the last
        // position set is what ratatui needs.
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = self.cells();
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// Turns the bytes a remote terminal sends into key events (with a well-kept parser, as
/// crossterm does for a local terminal), keeping an escape sequence split across packets.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

impl InputParser {
    /// The events in `bytes`, in order; an unfinished sequence waits for more bytes.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<ratatui::crossterm::event::Event> {
        let mut out = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            // A lone ESC followed by more bytes in the same packet starts a sequence.
            if self.pending == [0x1b] && i + 1 < bytes.len() {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(event)) => {
                    if let Ok(ev) = terminput_crossterm::to_crossterm(event) {
                        out.push(ev);
                    }
                    self.pending.clear();
                }
                Ok(None) if self.pending.len() < 64 => {}
                // Garbage, or a sequence that never ends: drop it.
                _ => self.pending.clear(),
            }
        }
        out
    }
}

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
                self.shared.request(self.conn, request);
            }
        }
    }

    fn start_search(&mut self, request: SearchRequest, tx: Sender<Incoming>) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        self.shared.pool.submit(move || {
            if !flag.load(std::sync::atomic::Ordering::Relaxed) {
                run_search(&request, &flag, &tx);
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
    /// The terminal type the client named (for its colours).
    pub term: String,
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
        mut writer,
        channel,
    } = session;
    let mode = ColorMode::detect(None, None, Some(&term));
    let palette = Palette::new(
        Theme::builtin("dark").expect("BUG: the dark theme is built in"),
        mode,
    );
    let mut app = App::online(
        Options {
            glyphs: true,
            mouse: false,
        },
        palette,
    );
    let data = shared.player_dir(&key);
    app.data_dir = Some(data.root().to_path_buf());
    let _ = execute!(writer, terminal::EnterAlternateScreen, cursor::Hide);
    let result = Terminal::new(SshBackend::new(writer, size)).and_then(|mut terminal| {
        let mut host = ConnHost {
            keeper: Keeper::new(Some(data)),
            shared: Arc::clone(&shared),
            conn,
        };
        let stats = drive(&mut terminal, &mut app, &mut host, channel, |_| Ok(()));
        let w = terminal.backend_mut();
        let _ = execute!(w.inner, terminal::LeaveAlternateScreen, cursor::Show);
        let _ = Backend::flush(w);
        stats
    });
    if let Err(e) = result {
        shared.log(&format!("conn {conn}: terminal error: {e}"));
    }
    shared.app_ended(conn);
}
