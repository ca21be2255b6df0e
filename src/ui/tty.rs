//! The local terminal: raw mode and the alternate screen, mouse reporting, basic colour
//! codes for terminals of 16 colours, and putting it all back (on quit and on a panic).

use std::fmt;
use std::io::{self, Stdout, Write};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::{execute, terminal, Command};
use ratatui::Terminal;

use super::sgr::BasicColors;
use super::theme::ColorMode;
use super::Control;

/// The app's terminal: crossterm on stdout, through [`BasicColors`].
pub type Tty = Terminal<CrosstermBackend<BasicColors<Stdout>>>;

/// Turns on mouse reporting of button presses and releases (1000) and of drags with a
/// button held (1002), in the SGR encoding (1006) that has no limit on the column. Unlike
/// crossterm's `EnableMouseCapture` it leaves any-motion tracking (1003) off, so moving the
/// pointer over the terminal sends nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseOn;

/// Turns off what [`MouseOn`] turned on, in reverse order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseOff;

/// The bytes of [`MouseOn`].
pub const MOUSE_ON: &str = "\x1b[?1000h\x1b[?1002h\x1b[?1006h";
/// The bytes of [`MouseOff`].
pub const MOUSE_OFF: &str = "\x1b[?1006l\x1b[?1002l\x1b[?1000l";

impl Command for MouseOn {
    fn write_ansi(&self, f: &mut impl fmt::Write) -> fmt::Result {
        f.write_str(MOUSE_ON)
    }

    #[cfg(windows)]
    fn execute_winapi(&self) -> io::Result<()> {
        // The Windows console has one mouse switch, which reports no motion without a button.
        ratatui::crossterm::event::EnableMouseCapture.execute_winapi()
    }
}

impl Command for MouseOff {
    fn write_ansi(&self, f: &mut impl fmt::Write) -> fmt::Result {
        f.write_str(MOUSE_OFF)
    }

    #[cfg(windows)]
    fn execute_winapi(&self) -> io::Result<()> {
        ratatui::crossterm::event::DisableMouseCapture.execute_winapi()
    }
}

/// Puts the terminal in raw mode on the alternate screen, with the mouse on if `mouse`,
/// and colour codes fit for `mode`. A panic from here on puts the terminal back first.
///
/// # Errors
/// Terminal I/O errors.
pub fn init(mode: ColorMode, mouse: bool) -> io::Result<Tty> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let tty = (|| {
        terminal::enable_raw_mode()?;
        execute!(io::stdout(), terminal::EnterAlternateScreen)?;
        if mouse {
            execute!(io::stdout(), MouseOn)?;
        }
        Terminal::new(CrosstermBackend::new(BasicColors::for_mode(
            io::stdout(),
            mode,
        )))
    })();
    if tty.is_err() {
        restore();
    }
    tty
}

/// Puts the terminal back as it was: the mouse off, raw mode off, the player's own screen.
/// Safe to call more than once (and with the mouse never turned on).
pub fn restore() {
    let _ = execute!(io::stdout(), MouseOff);
    if let Err(e) = terminal::disable_raw_mode()
        .and_then(|()| execute!(io::stdout(), terminal::LeaveAlternateScreen))
    {
        eprintln!("rankup: the terminal could not be restored: {e}");
    }
}

/// Does what the loop asks of the terminal on `out`: the mouse on or off, the bell.
///
/// # Errors
/// Terminal I/O errors.
pub fn control(out: &mut impl Write, c: Control) -> io::Result<()> {
    match c {
        Control::Mouse(true) => execute!(out, MouseOn),
        Control::Mouse(false) => execute!(out, MouseOff),
        Control::Bell => {
            out.write_all(b"\x07")?;
            out.flush()
        }
        Control::Copy(text) => {
            out.write_all(&osc52(&text))?;
            out.flush()
        }
    }
}

/// The escape that puts `text` on the terminal's clipboard: OSC 52 (`ESC ] 52 ; c ;
/// BASE64 BEL`). It travels with the screen's output, so it reaches the player's terminal
/// over SSH too. Inside tmux it is sent as it is: tmux takes it when `set-clipboard` is
/// `on` (into its paste buffer, and on to the outer terminal when that one can); wrapping it
/// for tmux's passthrough would need `allow-passthrough` and bypass tmux's own buffer.
pub fn osc52(text: &str) -> Vec<u8> {
    use base64::Engine as _;
    let mut out = b"\x1b]52;c;".to_vec();
    out.extend_from_slice(
        base64::engine::general_purpose::STANDARD
            .encode(text)
            .as_bytes(),
    );
    out.push(0x07);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::sgr::tests::Shared;

    #[test]
    fn the_mouse_reports_buttons_and_drags_never_bare_motion() {
        let mut out = Vec::new();
        control(&mut out, Control::Mouse(true)).unwrap();
        assert_eq!(out, b"\x1b[?1000h\x1b[?1002h\x1b[?1006h");
        let mut off = Vec::new();
        control(&mut off, Control::Mouse(false)).unwrap();
        assert_eq!(off, b"\x1b[?1006l\x1b[?1002l\x1b[?1000l");
        // Through the backend the app draws with, in every colour mode, the bytes are the same.
        for mode in [ColorMode::TrueColor, ColorMode::Ansi16] {
            let shared = Shared::default();
            let mut backend = CrosstermBackend::new(BasicColors::for_mode(shared.clone(), mode));
            control(&mut backend, Control::Mouse(true)).unwrap();
            control(&mut backend, Control::Bell).unwrap();
            assert_eq!(shared.bytes(), b"\x1b[?1000h\x1b[?1002h\x1b[?1006h\x07");
        }
    }
}
