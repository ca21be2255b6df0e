//! The terminal app: the only module that talks to ratatui and crossterm.
//!
//! Structure (the ratatui "event-driven" template): keys and clicks become
//! [`action::Action`]s through the pure key map in [`input`]; [`app::App::update`] changes
//! state; [`render::render`] draws it, each screen with the view beside its state
//! (`menu/view.rs` beside `menu.rs`, likewise `play`, `browser`, `review`, `lobby` and the
//! help and rules [`card`]) from the shared [`widgets`]. The loop here only moves events
//! between them and keeps the terminal sane: it is restored on quit, Ctrl-C, SIGTERM, SIGHUP
//! and panics.

pub mod action;
pub mod app;
pub mod archive;
pub mod browser;
pub mod card;
pub mod input;
pub mod keeper;
pub mod layout;
pub mod learn;
pub mod lobby;
pub mod menu;
pub mod netplay;
pub mod play;
pub mod puzzles;
pub mod remote;
pub mod render;
pub mod review;
pub mod sgr;
pub mod svg;
pub mod theme;
pub mod tty;
pub mod widgets;

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Instant;

use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};

use std::path::PathBuf;

use crate::notation::san;
use crate::rules::{ByColor, Move, Position};
use crate::save::{self, DataDir, SavedGame};
use crate::variants::VariantId;

use action::Action;
use app::{App, Options, Player, Screen, SearchRequest, Thinking, TimeControl};
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
    /// Who moves for each side in a game started at once.
    pub players: ByColor<Player>,
    /// The game highlighted on the start screen.
    pub preselect: Option<VariantId>,
    /// The AI level the config file names: the start screen offers that opponent.
    pub level: Option<crate::ai::Level>,
    /// Where games are kept (games in play, the games folder); `None` keeps nothing.
    pub data: Option<DataDir>,
    /// Review this saved game (read from this file) instead of playing.
    pub review: Option<(PathBuf, SavedGame)>,
    /// Resume a game instead of showing the start screen.
    pub resume: Option<Resume>,
    /// Something the player should read first (a file left alone when the data directory
    /// was put in order).
    pub notice: Option<String>,
    /// A word for the player at start that is not a problem (plain ASCII chosen for a
    /// locale that is not UTF-8).
    pub info: Option<String>,
    /// Open the lessons at start (`rankup learn [GAME]`), on this game's course if given.
    pub learn: Option<Option<VariantId>>,
    /// Open the puzzles at start (`rankup puzzles [GAME]`), on this game's set if given.
    pub puzzles: Option<Option<VariantId>>,
}

/// A game to go on with at start (`rankup resume`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resume {
    /// A game in play in `games/`: opened (and locked) for play, or shown read-only when
    /// another process has it.
    Game(PathBuf),
    /// Any other saved game: played on from its end as a game of its own (that file is
    /// left as it is).
    Copy(PathBuf),
}

/// The first thing the theme gets wrong at this terminal's colour depth (a piece or text too
/// faint, two squares alike), for the start screen's message; `None` when it has none.
pub fn theme_warning(palette: &Palette) -> Option<String> {
    let problems = theme::problems(palette);
    let first = problems.first()?;
    Some(match problems.len() {
        1 => first.to_string(),
        n => format!("{first} ({} more: rankup theme check)", n - 1),
    })
}

/// Runs the app until the player quits.
///
/// # Errors
/// Terminal I/O errors.
pub fn run(launch: Launch) -> io::Result<()> {
    let palette = Palette::new(launch.theme, ColorMode::from_env());
    let theme_warning = theme_warning(&palette);
    let mut app = match (launch.review, launch.start) {
        (Some((path, saved)), _) => App::reviewing(launch.options, palette, saved, Some(path))
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?,
        (None, Some(pos)) => {
            App::playing(launch.options, palette, pos, launch.clock, launch.players)
        }
        (None, None) => App::new(launch.options, palette, launch.preselect),
    };
    app.data_dir = launch.data.as_ref().map(|d| d.root().to_path_buf());
    if let (Some(level), Screen::Menu(menu)) = (launch.level, &mut app.screen) {
        menu.opponent = app::opponent_choices()
            .iter()
            .position(|(_, levels)| levels.black == Some(level) && levels.white.is_none())
            .unwrap_or(0);
    }
    let mut keeper = keeper::Keeper::new(launch.data);
    let defaults = match &app.screen {
        Screen::Menu(menu) => app::Choices::of(menu),
        _ => app::Choices::of(&menu::Menu::new(launch.preselect)),
    };
    match keeper.read_choices(defaults) {
        Some(Ok(choices)) => app.remember(choices, launch.preselect.is_some()),
        Some(Err(problem)) => app.tell(problem, true),
        None => {}
    }
    match keeper.read_progress() {
        Some(Ok(progress)) => app.progress = progress,
        Some(Err(problem)) => app.tell(problem, true),
        None => {}
    }
    match keeper.read_puzzles() {
        Some(Ok(record)) => app.puzzle_record = record,
        Some(Err(problem)) => app.tell(problem, true),
        None => {}
    }
    if let Some(game) = launch.learn {
        app.open_learn(game);
    }
    if let Some(game) = launch.puzzles {
        app.open_puzzles(game);
    }
    if let Some(info) = &launch.info {
        app.tell(info.clone(), false);
    }
    if let Some(warning) = theme_warning {
        app.tell(warning, false);
    }
    if let Some(problem) = &launch.notice {
        app.tell(problem.clone(), true);
    }
    match launch.resume {
        Some(Resume::Game(path)) => app.resume(path),
        Some(Resume::Copy(path)) => app.play_on(path),
        None => {}
    }
    // The start screen's list, or the resumed game, is there before the first frame.
    keeper.serve(&mut app);
    let (tx, rx) = mpsc::channel();
    // A dropped SSH connection sends SIGHUP; kill sends SIGTERM. Both end the loop cleanly
    // so the terminal is restored (and, with saves, the game is kept). They arrive on the
    // loop's channel, so the loop can sleep until something happens.
    let mut signals = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ])?;
    let signal_handle = signals.handle();
    {
        let tx = tx.clone();
        std::thread::spawn(move || {
            if signals.forever().next().is_some() {
                let _ = tx.send(Incoming::Closed);
            }
        });
    }
    // Raw mode, the alternate screen, the mouse (buttons and drags only) and basic colour
    // codes at 16 colours; a panic puts the terminal back before it reports.
    let mut terminal = tty::init(app.palette.mode, app.options.mouse)?;
    spawn_reader(tx.clone());
    let result = drive(&mut terminal, &mut app, &mut keeper, (tx, rx), tty::control);
    signal_handle.close();
    tty::restore();
    drop(keeper);
    rescue(&app);
    result.map(|_| ())
}

/// The last resort when rankup is ended at once (a signal, a closed terminal, Ctrl-C) with
/// a game it could not keep: the game goes to a file in the temporary folder, or, failing
/// that, onto stderr; either way stderr says where.
fn rescue(app: &App) {
    use std::io::Write;
    let Some(play) = app.game_in_play() else {
        return;
    };
    if !app.forced || !play.unsaved(app.data_dir.is_some()) {
        return;
    }
    // The reason names folders (from the environment), and the temporary folder comes from
    // it too: both are printed sanitised. The game's RON text escapes its own strings.
    let why = crate::text::sanitize(
        play.save_error
            .as_deref()
            .unwrap_or("there is no data directory"),
    )
    .into_owned();
    let game = play.saved();
    let (y, mo, d) = game.started.date();
    let (h, mi, s) = game.started.time_of_day();
    let path = std::env::temp_dir().join(format!(
        "rankup-unsaved-{}-{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}-{}.ron",
        game.variant,
        std::process::id()
    ));
    let text = game.to_ron();
    let shown = crate::text::sanitize(&path.to_string_lossy()).into_owned();
    let mut err = io::stderr().lock();
    // Writing to stderr may fail too (the terminal is gone); nothing more can be done then.
    let _ = match save::write_atomic(&path, text.as_bytes()) {
        Ok(()) => writeln!(
            err,
            "rankup: the game could not be saved ({why}); it was written to {shown} \
             (rankup resume {shown} plays on)"
        ),
        Err(e) => writeln!(
            err,
            "rankup: the game could not be saved ({why}), nor written to {shown} ({e}); \
             here it is, to keep by hand:\n{text}"
        ),
    };
}

/// What the loop waits for: terminal input (from the reader thread), AI progress, or the
/// end (a signal, the terminal gone).
pub enum Incoming {
    /// A key, click or resize.
    Term(Event),
    /// The terminal is gone (end of input or a read error), or a signal asks to stop.
    Closed,
    /// An action from a search thread (boxed: actions can be large, keys are small).
    App(Box<Action>),
}

/// Reads terminal events on a thread of its own. crossterm's `poll` spins without returning
/// when the terminal goes away (end of input after an SSH drop), so the loop must never
/// block in it: it waits on the channel instead, with a timeout, and notices hang-ups.
fn spawn_reader(tx: Sender<Incoming>) {
    std::thread::spawn(move || loop {
        match event::read() {
            Ok(ev) => {
                if tx.send(Incoming::Term(ev)).is_err() {
                    return;
                }
            }
            Err(_) => {
                let _ = tx.send(Incoming::Closed);
                return;
            }
        }
    });
}

/// A search running on its own thread for the request with `id`.
struct Job {
    id: u64,
    stop: Arc<AtomicBool>,
}

/// The best line of `pv` in SAN, played out from `pos`.
fn line_san(pos: &Position, pv: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &mv in pv.iter().take(8) {
        if !p.is_legal(&mv) {
            break;
        }
        out.push(san::format(&p, &mv));
        p.make(mv);
    }
    out.join(" ")
}

/// Runs `request` on a new thread; progress and the result come back on `tx` as actions.
/// An engine kept for a run of the app (or a connection): searches of one game reuse what
/// it learnt on the earlier moves (hash table, histories); it starts afresh for a new game.
#[derive(Debug, Default)]
pub struct SharedEngine {
    slot: std::sync::Mutex<Option<(u64, crate::ai::Engine)>>,
    hash_mb: usize,
}

impl SharedEngine {
    /// An engine whose hash table takes about `hash_mb` megabytes (made at the first search).
    pub fn new(hash_mb: usize) -> SharedEngine {
        SharedEngine {
            slot: std::sync::Mutex::new(None),
            hash_mb,
        }
    }

    /// Runs `request` with the engine (waiting for a search still stopping to let go of
    /// it); see [`run_search`].
    pub fn run(&self, request: &SearchRequest, stop: &AtomicBool, tx: &Sender<Incoming>) {
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        let (game, engine) =
            slot.get_or_insert_with(|| (request.game, crate::ai::Engine::new(self.hash_mb)));
        if *game != request.game {
            engine.clear();
            *game = request.game;
        }
        run_search(engine, request, stop, tx);
    }
}

/// Runs `request` on `engine` here and now (on whatever thread calls it): its progress and
/// result go to `tx` as actions; `stop` ends it early.
pub fn run_search(
    engine: &mut crate::ai::Engine,
    request: &SearchRequest,
    stop: &AtomicBool,
    tx: &Sender<Incoming>,
) {
    let id = request.id;
    let pos = &request.position;
    let noisy = request.limits.noise > 0;
    let thinking = |depth, score, pv: &[Move], nodes| {
        Thinking::from_search(pos, depth, score, line_san(pos, pv), nodes, noisy)
    };
    let result = engine.search(pos, &request.history, &request.limits, stop, &mut |info| {
        // The levels that draw among several lines report each: the best is the thinking.
        if info.multipv != 1 {
            return;
        }
        let _ = tx.send(Incoming::App(Box::new(Action::AiInfo {
            id,
            thinking: thinking(info.depth, info.score, &info.pv, info.nodes),
        })));
    });
    let _ = tx.send(Incoming::App(Box::new(Action::AiDone {
        id,
        best: result.best,
        thinking: thinking(result.depth, result.score, &result.pv, result.nodes),
    })));
}

/// Where the loop runs: who does the app's requests and who runs its searches. The local
/// app's [`Keeper`](keeper::Keeper) does files and gives each search a thread; on the
/// server a connection also talks to the hub and shares a bounded pool of search threads.
pub trait Host {
    /// Does the requests the app has made (files; on the server, the hub's too).
    fn serve(&mut self, app: &mut App);

    /// Starts `request`; progress and result come back on `tx` as actions. Setting the
    /// returned flag stops it.
    fn start_search(&mut self, request: SearchRequest, tx: Sender<Incoming>) -> Arc<AtomicBool>;
}

impl Host for keeper::Keeper {
    fn serve(&mut self, app: &mut App) {
        keeper::Keeper::serve(self, app);
    }

    fn start_search(&mut self, request: SearchRequest, tx: Sender<Incoming>) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let engine = Arc::clone(self.engine());
        std::thread::spawn(move || engine.run(&request, &flag, &tx));
        stop
    }
}

/// Starts, keeps or stops the search thread so it matches what the app wants now.
fn steer_search(app: &App, host: &mut impl Host, job: &mut Option<Job>, tx: &Sender<Incoming>) {
    let wanted = app.search_request();
    if let Some(j) = job {
        if wanted.as_ref().map(|r| r.id) != Some(j.id) {
            j.stop.store(true, Ordering::Relaxed);
            *job = None;
        }
    }
    if job.is_none() {
        if let Some(request) = wanted {
            let id = request.id;
            let stop = host.start_search(request, tx.clone());
            *job = Some(Job { id, stop });
        }
    }
}

/// Applies one incoming event; returns false when the terminal is gone.
fn handle(app: &mut App, job: &mut Option<Job>, incoming: Incoming) -> bool {
    match incoming {
        Incoming::App(action) => {
            if let Action::AiDone { id, .. } = &*action {
                if job.as_ref().is_some_and(|j| j.id == *id) {
                    *job = None;
                }
            }
            app.update(*action);
        }
        Incoming::Term(Event::Key(key)) if key.kind != KeyEventKind::Release => {
            if let Some(action) = input::action_for(app.context(), key) {
                app.update(action);
            }
        }
        Incoming::Term(Event::Mouse(m)) if app.options.mouse => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => app.update(Action::Click {
                col: m.column,
                row: m.row,
            }),
            MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
                let down = m.kind == MouseEventKind::ScrollDown;
                if let Some(action) = input::wheel_action(app.context(), down) {
                    app.update(action);
                }
            }
            _ => {}
        },
        Incoming::Term(Event::Resize(w, h)) => app.resize(w, h),
        Incoming::Term(_) => {}
        Incoming::Closed => return false,
    }
    true
}

/// What the loop asks of the terminal besides drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// Mouse capture on or off.
    Mouse(bool),
    /// Ring the bell.
    Bell,
    /// Put this text on the clipboard of the player's terminal ([`tty::osc52`]).
    Copy(String),
}

/// What one run of the loop did, for tests and measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoopStats {
    /// Frames drawn.
    pub frames: u64,
    /// Times the loop woke up (an event, or a clock's display changing).
    pub wakeups: u64,
}

/// Runs the app on `terminal` until it quits: draws, sleeps until an event arrives on
/// `channel` (or a running clock's display changes), applies it, has the keeper write what
/// changed, steers the AI's search thread. The screen is drawn only when something may have
/// changed: an idle app neither wakes nor draws. `control` does what only the terminal
/// can: mouse capture on or off when the player toggles it, the bell when it is their move
/// after a long wait.
///
/// # Errors
/// Terminal I/O errors.
pub fn drive<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    app: &mut App,
    host: &mut impl Host,
    (tx, rx): (Sender<Incoming>, Receiver<Incoming>),
    mut control: impl FnMut(&mut B, Control) -> io::Result<()>,
) -> io::Result<LoopStats>
where
    B::Error: Send + Sync + 'static,
{
    let mut job: Option<Job> = None;
    let mut stats = LoopStats::default();
    let mut mouse_on = app.options.mouse;
    let mut dirty = true;
    let result = (|| {
        while app.running {
            steer_search(app, host, &mut job, &tx);
            if dirty {
                let size = terminal.size().map_err(io::Error::other)?;
                app.resize(size.width, size.height);
                terminal
                    .draw(|frame| render::render(app, frame))
                    .map_err(io::Error::other)?;
                stats.frames += 1;
                dirty = false;
                if std::mem::take(&mut app.bell) {
                    control(terminal.backend_mut(), Control::Bell)?;
                }
            }
            let first = match app.wake_after() {
                Some(after) => rx.recv_timeout(after),
                None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            stats.wakeups += 1;
            // Time first: clocks and think times are charged up to now, before any key.
            app.update(Action::Tick(Instant::now()));
            dirty = true;
            let mut open = match first {
                Ok(incoming) => handle(app, &mut job, incoming),
                Err(RecvTimeoutError::Timeout) => true,
                Err(RecvTimeoutError::Disconnected) => false,
            };
            while open {
                match rx.try_recv() {
                    Ok(incoming) => open = handle(app, &mut job, incoming),
                    Err(_) => break,
                }
            }
            // A copy goes out with the keys that asked for it (even the last ones).
            for text in std::mem::take(&mut app.clipboard) {
                control(terminal.backend_mut(), Control::Copy(text))?;
            }
            // Saved before anything else can go wrong: a move is on disk before the loop
            // sleeps again, and a hang-up still writes the last state.
            host.serve(app);
            if !open {
                app.update(Action::ForceQuit);
                // Whatever the quit changed is written before the loop ends.
                host.serve(app);
            }
            if app.options.mouse != mouse_on {
                mouse_on = app.options.mouse;
                control(terminal.backend_mut(), Control::Mouse(mouse_on))?;
            }
        }
        Ok(stats)
    })();
    if let Some(j) = job {
        j.stop.store(true, Ordering::Relaxed);
    }
    result
}
