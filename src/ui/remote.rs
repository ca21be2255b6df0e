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

/// What a remote terminal says about itself: its type (the pty request) and the variables
/// its ssh sent that decide how it is drawn (`ssh -o SetEnv=NO_COLOR=1`; OpenSSH sends `LANG`
/// and `LC_*` by default). Each value is kept to [`RemoteTerm::MAX_VALUE`] characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemoteTerm {
    /// The terminal type (`xterm-256color`...).
    pub term: String,
    no_color: Option<String>,
    colorterm: Option<String>,
    lc_all: Option<String>,
    lc_ctype: Option<String>,
    lang: Option<String>,
}

impl RemoteTerm {
    /// The longest value kept of a variable or of the terminal type.
    pub const MAX_VALUE: usize = 64;

    /// A terminal of type `term` that sent no variables.
    pub fn new(term: &str) -> RemoteTerm {
        let mut remote = RemoteTerm::default();
        remote.set_term(term);
        remote
    }

    /// The terminal type the client's pty request named.
    pub fn set_term(&mut self, term: &str) {
        self.term = term.chars().take(Self::MAX_VALUE).collect();
    }

    /// Takes the variable `name` if it is one the drawing depends on (`NO_COLOR`,
    /// `COLORTERM`, `LC_ALL`, `LC_CTYPE`, `LANG`); whether it was taken.
    pub fn set(&mut self, name: &str, value: &str) -> bool {
        let slot = match name {
            "NO_COLOR" => &mut self.no_color,
            "COLORTERM" => &mut self.colorterm,
            "LC_ALL" => &mut self.lc_all,
            "LC_CTYPE" => &mut self.lc_ctype,
            "LANG" => &mut self.lang,
            _ => return false,
        };
        *slot = Some(value.chars().take(Self::MAX_VALUE).collect());
        true
    }

    /// The colours the terminal gets, as a local one with the same variables would.
    pub fn color_mode(&self) -> ColorMode {
        ColorMode::detect(
            self.no_color.as_deref(),
            self.colorterm.as_deref(),
            Some(&self.term),
        )
    }

    /// Whether the player's locale is known not to be UTF-8 (then the board is drawn in
    /// ASCII, as locally). A client that sent no locale gets glyphs: most terminals that
    /// reach a server today are UTF-8, and `g` switches to letters in the app.
    pub fn wants_ascii(&self) -> bool {
        let (all, ctype, lang) = (
            self.lc_all.as_deref(),
            self.lc_ctype.as_deref(),
            self.lang.as_deref(),
        );
        [all, ctype, lang]
            .iter()
            .any(|v| v.is_some_and(|v| !v.is_empty()))
            && !super::theme::locale_is_utf8(all, ctype, lang)
    }
}

/// Colours for a remote terminal.
pub fn palette_for(remote: &RemoteTerm) -> Palette {
    Palette::new(
        Theme::builtin("dark").expect("BUG: the dark theme is built in"),
        remote.color_mode(),
    )
}

/// A connection's app on the server: online, no mouse; glyphs unless the player's locale is
/// not UTF-8.
pub fn online_app(remote: &RemoteTerm) -> App {
    let ascii = remote.wants_ascii();
    App::online(
        Options {
            glyphs: !ascii,
            mouse: false,
            ascii,
            bell: None,
            ponder: false,
        },
        palette_for(remote),
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

    /// Everything a connection from `term` is sent for its first frame.
    fn first_frame(term: &RemoteTerm) -> String {
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
        let out = first_frame(&RemoteTerm::new("xterm"));
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
            online_app(&RemoteTerm::new("xterm")).options,
            palette_for(&RemoteTerm::new("xterm")),
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
        let out = first_frame(&RemoteTerm::new("xterm"));
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
        assert!(first_frame(&RemoteTerm::new("xterm-256color")).contains("38;5;"));
    }

    /// A terminal of type `term` whose ssh sent `vars`.
    fn sent(term: &str, vars: &[(&str, &str)]) -> RemoteTerm {
        let mut remote = RemoteTerm::new(term);
        for (k, v) in vars {
            assert!(remote.set(k, v), "{k}");
        }
        remote
    }

    /// `ssh -o SetEnv=NO_COLOR=1`: no colour at all, even on a terminal of 256 colours.
    #[test]
    fn no_color_from_the_client_draws_without_colours() {
        let remote = sent("xterm-256color", &[("NO_COLOR", "1")]);
        assert_eq!(remote.color_mode(), ColorMode::None);
        let out = first_frame(&remote);
        assert!(out.contains("rankup"), "{out:?}");
        for code in sgr_codes(&out) {
            let colour = matches!(code, 30..=38 | 40..=48 | 90..=97 | 100..=107);
            assert!(!colour, "colour code {code} in {out:?}");
        }
        // An empty NO_COLOR means nothing, as locally.
        assert_eq!(
            sent("xterm-256color", &[("NO_COLOR", "")]).color_mode(),
            ColorMode::Ansi256
        );
        assert_eq!(
            sent("xterm", &[("COLORTERM", "truecolor")]).color_mode(),
            ColorMode::TrueColor
        );
    }

    /// A client whose locale is not UTF-8 (`LANG=C`, sent by OpenSSH by default) gets the
    /// board and every line in ASCII; a UTF-8 locale, or none sent, gets glyphs.
    #[test]
    fn a_client_locale_that_is_not_utf8_gets_ascii() {
        for vars in [
            &[("LANG", "C")][..],
            &[("LANG", "en_GB.UTF-8"), ("LC_ALL", "POSIX")],
            &[("LC_CTYPE", "en_US.ISO-8859-1")],
        ] {
            let remote = sent("xterm-256color", vars);
            assert!(remote.wants_ascii(), "{vars:?}");
            let app = online_app(&remote);
            assert!(app.options.ascii && !app.options.glyphs, "{vars:?}");
            let out = first_frame(&remote);
            assert!(out.contains("rankup"), "{out:?}");
            assert!(out.is_ascii(), "{vars:?}: {out:?}");
        }
        for vars in [&[][..], &[("LANG", "en_US.UTF-8")], &[("LC_ALL", "C.utf8")]] {
            let remote = sent("xterm-256color", vars);
            assert!(!remote.wants_ascii(), "{vars:?}");
            let app = online_app(&remote);
            assert!(app.options.glyphs && !app.options.ascii, "{vars:?}");
        }
    }

    /// Only the variables that decide the drawing are taken, each at most 64 characters.
    #[test]
    fn other_variables_are_refused_and_values_are_bounded() {
        let mut remote = RemoteTerm::new(&"x".repeat(1000));
        assert_eq!(remote.term.chars().count(), RemoteTerm::MAX_VALUE);
        for name in ["PATH", "LD_PRELOAD", "TERM", "no_color", ""] {
            assert!(!remote.set(name, "1"), "{name}");
        }
        assert_eq!(remote, RemoteTerm::new(&"x".repeat(1000)));
        assert!(remote.set("LANG", &"é".repeat(10_000)));
        assert_eq!(
            remote.lang.as_deref().map(|v| v.chars().count()),
            Some(RemoteTerm::MAX_VALUE)
        );
    }
}
