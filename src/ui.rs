//! The terminal app: the only module that talks to ratatui and crossterm.
//!
//! Structure (the ratatui "event-driven" template): keys and clicks become
//! [`action::Action`]s through the pure key map in [`input`]; [`app::App::update`] changes
//! state; [`render::render`] draws it. The loop here only moves events between them and keeps
//! the terminal sane: it is restored on quit, Ctrl-C, SIGTERM, SIGHUP and panics.

pub mod action;
pub mod app;
pub mod input;
pub mod layout;
pub mod render;
pub mod theme;
pub mod widgets;

use std::io::{self, stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::DefaultTerminal;

use crate::rules::Position;
use crate::variants::VariantId;

use action::Action;
use app::{App, Options, TimeControl};
use theme::{ColorMode, Palette, Theme};

/// How the app starts.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Colours.
    pub theme: Theme,
    /// Display options.
    pub options: Options,
    /// Play this position at once, skipping the start screen.
    pub start: Option<Position>,
    /// The clock for a game started at once.
    pub clock: Option<TimeControl>,
    /// The game highlighted on the start screen.
    pub preselect: Option<VariantId>,
}

/// Runs the app until the player quits.
///
/// # Errors
/// Terminal I/O errors.
pub fn run(launch: Launch) -> io::Result<()> {
    let palette = Palette::new(launch.theme, ColorMode::from_env());
    let mut app = match launch.start {
        Some(pos) => App::playing(launch.options, palette, pos, launch.clock, false),
        None => App::new(launch.options, palette, launch.preselect),
    };
    // A dropped SSH connection sends SIGHUP; kill sends SIGTERM. Both end the loop cleanly
    // so the terminal is restored (and, with saves, the game is kept).
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let mut terminal = ratatui::try_init()?;
    // ratatui's hook restores raw mode and the screen; mouse capture is ours to undo.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        previous(info);
    }));
    if app.options.mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    let result = event_loop(&mut terminal, &mut app, &stop);
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, stop: &AtomicBool) -> io::Result<()> {
    let mut mouse_on = app.options.mouse;
    while app.running {
        let size = terminal.size()?;
        app.resize(size.width, size.height);
        terminal.draw(|frame| render::render(app, frame))?;
        if event::poll(Duration::from_millis(100))? {
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    if let Some(action) = input::action_for(app.context(), key) {
                        app.update(action);
                    }
                }
                Event::Mouse(m) if app.options.mouse => {
                    if let MouseEventKind::Down(MouseButton::Left) = m.kind {
                        app.update(Action::Click {
                            col: m.column,
                            row: m.row,
                        });
                    }
                }
                Event::Resize(w, h) => app.resize(w, h),
                _ => {}
            }
        }
        app.update(Action::Tick(Instant::now()));
        if stop.load(Ordering::Relaxed) {
            app.update(Action::ForceQuit);
        }
        if app.options.mouse != mouse_on {
            mouse_on = app.options.mouse;
            if mouse_on {
                execute!(stdout(), EnableMouseCapture)?;
            } else {
                execute!(stdout(), DisableMouseCapture)?;
            }
        }
    }
    Ok(())
}
