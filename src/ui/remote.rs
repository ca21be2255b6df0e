//! The app on a remote terminal (a connection to the game server): a crossterm backend that
//! writes into a byte sink instead of this process's terminal, sized by what the client
//! says, and a parser (terminput, the crossterm parser as a library) for the bytes the
//! client's terminal sends. The loop and every widget are the local app's.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::Event;
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::{Position, Size};
use ratatui::Terminal;

use super::app::{App, Options};
use super::sgr::BasicColors;
use super::theme::{ColorMode, Palette, Theme};
use super::{drive, Control, Host, Incoming, LoopStats};

/// Where a remote terminal's bytes go: a function taking each flushed frame (it fails once
/// the connection is gone).
pub type Sink = Box<dyn FnMut(Vec<u8>) -> io::Result<()> + Send>;

/// Bytes for a remote terminal: collected while a frame is drawn, handed on at flush.
pub struct ChannelWriter {
    buffer: Vec<u8>,
    out: Sink,
}

impl ChannelWriter {
    /// A writer whose flushed bytes go to `out`.
    pub fn new(out: Sink) -> ChannelWriter {
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
        (self.out)(std::mem::take(&mut self.buffer))
    }
}

/// The size of a remote terminal, as its client last said (pty request, window change).
pub type SharedSize = Arc<Mutex<(u16, u16)>>;

/// A crossterm backend for a remote terminal: everything is written into the channel (in
/// basic colour codes when the client's terminal has 16 colours); the size is the client's,
/// not this process's terminal's.
pub struct SshBackend {
    inner: CrosstermBackend<BasicColors<ChannelWriter>>,
    size: SharedSize,
    cursor: Position,
}

impl SshBackend {
    /// A backend writing to `writer`, `size` big, with colour codes for `mode`.
    pub fn new(writer: ChannelWriter, size: SharedSize, mode: ColorMode) -> SshBackend {
        SshBackend {
            inner: CrosstermBackend::new(BasicColors::for_mode(writer, mode)),
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
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
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

/// The event a window change becomes.
pub fn resize(cols: u16, rows: u16) -> Incoming {
    Incoming::Term(Event::Resize(cols, rows))
}

/// Colours for a remote terminal of type `term` (`xterm-256color`...).
pub fn palette_for(term: &str) -> Palette {
    Palette::new(
        Theme::builtin("dark").expect("BUG: the dark theme is built in"),
        ColorMode::detect(None, None, Some(term)),
    )
}

/// A connection's app on the server: online, glyphs on, no mouse.
pub fn online_app(term: &str) -> App {
    App::online(
        Options {
            glyphs: true,
            mouse: false,
            ascii: false,
            bell: None,
            ponder: false,
        },
        palette_for(term),
    )
}

/// Runs `app` on a remote terminal until it quits: the alternate screen for the game, the
/// client's own screen back at the end.
///
/// # Errors
/// When the connection is gone mid-frame.
pub fn run_remote(
    app: &mut App,
    host: &mut impl Host,
    channel: (Sender<Incoming>, Receiver<Incoming>),
    mut writer: ChannelWriter,
    size: SharedSize,
) -> io::Result<LoopStats> {
    execute!(writer, terminal::EnterAlternateScreen, cursor::Hide)?;
    let mut terminal = Terminal::new(SshBackend::new(writer, size, app.palette.mode))?;
    // The first frame is drawn on a cleared screen: a terminal that was left in the
    // alternate screen (a dropped connection, then a new one in the same window) still
    // shows the old text there, and ratatui draws only what differs from blank.
    terminal.clear()?;
    let stats = drive(&mut terminal, app, host, channel, |backend, c| match c {
        Control::Bell => {
            backend.inner.write_all(b"\x07")?;
            Backend::flush(&mut backend.inner)
        }
        Control::Copy(text) => {
            backend.inner.write_all(&super::tty::osc52(&text))?;
            Backend::flush(&mut backend.inner)
        }
        Control::Mouse(_) => Ok(()),
    });
    let w = terminal.backend_mut();
    let _ = execute!(w.inner, terminal::LeaveAlternateScreen, cursor::Show);
    let _ = Backend::flush(w);
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::keeper::Keeper;
    use crate::ui::sgr::{is_basic, sgr_codes};

    /// Everything a connection from a terminal of type `term` is sent for its first frame.
    fn first_frame(term: &str) -> String {
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&bytes);
        let writer = ChannelWriter::new(Box::new(move |b| {
            sink.lock().unwrap().extend(b);
            Ok(())
        }));
        let mut app = online_app(term);
        let (tx, rx) = std::sync::mpsc::channel();
        // The connection goes as soon as the frame is drawn.
        tx.send(Incoming::Closed).unwrap();
        let size = Arc::new(Mutex::new((80, 24)));
        run_remote(&mut app, &mut Keeper::new(None), (tx, rx), writer, size).unwrap();
        let out = bytes.lock().unwrap();
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A connection's first frame clears the screen (after entering the alternate screen,
    /// before drawing), so no old text stays on the board.
    #[test]
    fn the_first_frame_clears_the_screen() {
        let out = first_frame("xterm");
        let alt = out.find("\x1b[?1049h").expect("the alternate screen");
        let clear = out.find("\x1b[2J").expect("a full clear");
        assert!(alt < clear, "{out:?}");
        let drawn = out.find("rankup").expect("the lobby is drawn");
        assert!(clear < drawn, "{out:?}");
    }

    /// `y` on the server: the clipboard escape goes to that connection's output.
    #[test]
    fn a_copy_goes_to_the_connection() {
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&bytes);
        let writer = ChannelWriter::new(Box::new(move |b| {
            sink.lock().unwrap().extend(b);
            Ok(())
        }));
        let v = crate::variants::variant(crate::variants::VariantId::Chess);
        let mut app = App::playing(
            online_app("xterm").options,
            palette_for("xterm"),
            crate::rules::Position::start(v),
            None,
            crate::rules::ByColor {
                white: crate::ui::app::Player::Human,
                black: crate::ui::app::Player::Human,
            },
        );
        let (tx, rx) = std::sync::mpsc::channel();
        tx.send(Incoming::App(Box::new(
            crate::ui::action::Action::CopyPosition,
        )))
        .unwrap();
        tx.send(Incoming::Closed).unwrap();
        let size = Arc::new(Mutex::new((80, 24)));
        run_remote(&mut app, &mut Keeper::new(None), (tx, rx), writer, size).unwrap();
        let out = bytes.lock().unwrap();
        let want = crate::ui::tty::osc52(&crate::rules::Position::start(v).fen());
        assert!(out.windows(want.len()).any(|w| w == want), "{out:?}");
    }

    #[test]
    fn a_client_of_16_colours_gets_only_basic_colour_codes() {
        let out = first_frame("xterm");
        let codes = sgr_codes(&out);
        assert!(
            codes
                .iter()
                .any(|c| (30..=37).contains(c) || (90..=97).contains(c)),
            "{out:?}"
        );
        for code in codes {
            assert!(is_basic(code), "{code} in {out:?}");
        }
        // A client of 256 colours still gets its palette.
        assert!(first_frame("xterm-256color").contains("38;5;"));
    }
}
