//! The app's state and the one function that changes it, [`App::update`].
//!
//! Nothing here draws or reads the terminal: time arrives as [`Action::Tick`], the terminal
//! size as [`App::resize`], so the whole app can be driven and inspected in tests.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::ai::{Level, SearchLimits};
use crate::game::{Eval, Game};
use crate::notation::{self, coord, san};
use crate::rules::{ByColor, Color, EndReason, Move, Outcome, Position, Square};
use crate::save::{DataDir, GameMeta, SavedClock, SavedGame, Timestamp};
use crate::variants::{variant, VariantId};

use super::action::{Action, Dir};
use super::browser::{Browser, BrowserStep};
use super::input::Context;
use super::layout::play_layout;
use super::review::{Review, ReviewStep};
use super::theme::Palette;

/// Display options the player can toggle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Unicode chess glyphs for orthodox pieces (otherwise letters everywhere).
    pub glyphs: bool,
    /// Mouse clicks pick squares (otherwise the terminal keeps the mouse for selecting text).
    pub mouse: bool,
}

/// A time control: minutes per side plus seconds added per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Initial time per side.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `MINUTES+SECONDS` such as `5+3` (or just `MINUTES`), within
    /// [`MAX_CLOCK_BASE`](crate::game::MAX_CLOCK_BASE) and
    /// [`MAX_CLOCK_INCREMENT`](crate::game::MAX_CLOCK_INCREMENT).
    ///
    /// # Errors
    /// A message quoting the text and naming the allowed ranges.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let max_minutes = crate::game::MAX_CLOCK_BASE.as_secs() / 60;
        let max_seconds = crate::game::MAX_CLOCK_INCREMENT.as_secs();
        let bad = || {
            format!(
                "invalid clock '{}', expected MINUTES+SECONDS like 5+3, with MINUTES above 0 \
                 and at most {max_minutes}, SECONDS from 0 to {max_seconds}",
                crate::text::short(text)
            )
        };
        let (m, s) = text.split_once('+').unwrap_or((text, "0"));
        let minutes: f64 = m.trim().parse().map_err(|_| bad())?;
        let seconds: u64 = s.trim().parse().map_err(|_| bad())?;
        if !(minutes > 0.0 && minutes <= max_minutes as f64) || seconds > max_seconds {
            return Err(bad());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs(seconds),
        })
    }

    /// `5+3`.
    pub fn label(&self) -> String {
        let minutes = self.base.as_secs_f64() / 60.0;
        format!("{}+{}", minutes, self.increment.as_secs())
    }
}

/// Chess clocks for two players at one keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left per side.
    pub left: ByColor<Duration>,
    /// The control they were set from.
    pub control: TimeControl,
    /// When the running clock was last updated.
    last: Option<Instant>,
}

impl Clocks {
    fn new(control: TimeControl) -> Clocks {
        Clocks {
            left: ByColor {
                white: control.base,
                black: control.base,
            },
            control,
            last: None,
        }
    }

    /// Charges the time since the last update to `side`.
    fn run(&mut self, side: Color, now: Instant) {
        if let Some(last) = self.last {
            let spent = now.saturating_duration_since(last);
            self.left[side] = self.left[side].saturating_sub(spent);
        }
        self.last = Some(now);
    }
}

/// Who moves for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this keyboard.
    Human,
    /// The built-in AI at a level.
    Ai(Level),
}

impl Player {
    /// `you`-neutral label: `human` or `AI 4 (club)`.
    pub fn label(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Ai(l) => format!("AI {} ({})", l.number(), l.name()),
        }
    }
}

impl Player {
    /// The saved-game form of this player.
    pub fn to_saved(self) -> crate::save::Player {
        match self {
            Player::Human => crate::save::Player::ANONYMOUS,
            Player::Ai(level) => crate::save::Player::Ai { level },
        }
    }

    /// The player a saved game names.
    pub fn from_saved(saved: &crate::save::Player) -> Player {
        match saved {
            crate::save::Player::Human { .. } => Player::Human,
            crate::save::Player::Ai { level } => Player::Ai(*level),
        }
    }
}

/// A file operation the app wants done; the event loop does it and answers with an action
/// (the app itself never touches the disk, so tests drive it without files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IoRequest {
    /// Rewrite the autosave with the current game.
    Autosave(SavedGame),
    /// Keep a game in the games folder: at `path`, or under a new name from its start time
    /// when `None`. Answered by [`Action::Stored`]. With `drop_autosave`, the autosave is
    /// removed once the game is safely stored (it was the game in the autosave).
    Store {
        /// The game's id within this run.
        game_id: u64,
        /// Where to write it.
        path: Option<PathBuf>,
        /// The game.
        game: SavedGame,
        /// Remove the autosave after a successful write.
        drop_autosave: bool,
    },
    /// List the saved games ([`Action::Listed`]).
    List,
    /// Read a saved game ([`Action::Loaded`]).
    Load {
        /// The file.
        path: PathBuf,
        /// Play on (otherwise review).
        play_on: bool,
    },
    /// Write an exported game ([`Action::Notice`]).
    Export {
        /// The file.
        path: PathBuf,
        /// Its text.
        text: String,
    },
}

/// What a running search has found so far, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Completed depth.
    pub depth: u32,
    /// Score for the side to move (`+0.35`, `#3`).
    pub score: String,
    /// The best line in SAN.
    pub line: String,
    /// Nodes searched.
    pub nodes: u64,
    /// The score from White's point of view, as saved with an AI's move.
    pub eval: Option<Eval>,
}

/// A search the app wants run; the event loop runs it on a thread and answers with
/// [`Action::AiInfo`] and [`Action::AiDone`] carrying the same `id`.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Changes whenever the wanted search changes (any move, undo, new game).
    pub id: u64,
    /// Where to search.
    pub position: Position,
    /// Repetition keys of the game so far.
    pub history: Vec<u64>,
    /// How long and how deep.
    pub limits: SearchLimits,
}

/// Opponent choices on the start screen: a friend, each AI level, or AI against AI.
pub fn opponent_choices() -> Vec<(String, ByColor<Option<Level>>)> {
    let mut out = vec![("a friend at this keyboard".to_string(), ByColor::default())];
    for level in Level::ALL {
        out.push((
            format!(
                "AI level {} ({}): {}",
                level.number(),
                level.name(),
                level.describe()
            ),
            ByColor {
                white: None,
                black: Some(level),
            },
        ));
    }
    out.push((
        format!("watch AI against AI (level {})", Level::DEFAULT.number()),
        ByColor {
            white: Some(Level::DEFAULT),
            black: Some(Level::DEFAULT),
        },
    ));
    out
}

/// A message on the bottom line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake.
    pub error: bool,
}

/// A yes/no question waiting for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Resign the game?
    Resign,
    /// Quit rankup?
    Quit,
}

/// Choices a move carries, waiting for the player to pick one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picker {
    /// The candidate moves (same origin and destination).
    pub moves: Vec<Move>,
    /// The highlighted entry.
    pub index: usize,
}

/// A full-screen card over the current screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    /// The key list.
    Help,
    /// The current game's rules and pieces.
    Rules {
        /// Index of the piece shown on the diagram.
        piece: usize,
        /// Square the piece stands on in the diagram.
        square: Square,
    },
}

/// The game being played, with its view.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game.
    pub game: Game,
    /// Moves taken back, most recent last, for redo.
    pub redo: Vec<Move>,
    /// The board cursor.
    pub cursor: Square,
    /// The lifted piece's square.
    pub selected: Option<Square>,
    /// Black at the bottom.
    pub flipped: bool,
    /// The move being typed, in typing mode.
    pub typing: Option<String>,
    /// Open choice picker.
    pub picker: Option<Picker>,
    /// Open question.
    pub question: Option<Question>,
    /// Bottom-line message.
    pub message: Option<Message>,
    /// Clocks, if the game is timed.
    pub clocks: Option<Clocks>,
    /// The side that offered a draw, until its opponent moves.
    pub draw_offer: Option<Color>,
    /// First move-list row shown; `None` follows the last move.
    pub scroll: Option<usize>,
    /// Who moves for each side.
    pub players: ByColor<Player>,
    /// Counts changes to the game, so stale search results are recognised and dropped.
    pub generation: u64,
    /// What the AI (or the hint search) is thinking.
    pub thinking: Option<Thinking>,
    /// The player asked for a hint that has not arrived yet.
    pub hint_wanted: bool,
    /// The last hint, highlighted on the board until the position changes.
    pub hint: Option<Move>,
    /// Players, times and name, for saving.
    pub meta: GameMeta,
    /// Identifies this game among those played in this run (for save answers).
    pub game_id: u64,
    /// The file in the games folder that keeps this game, once it has one.
    pub file: Option<PathBuf>,
    /// The generation last written to the autosave.
    pub autosaved: Option<u64>,
    /// The generation last kept in `file` (finished games and "save as").
    pub stored: Option<u64>,
    /// When the side to move started thinking (for the think time saved with its move).
    pub turn_started: Option<Instant>,
    /// What the typed text is, when it is not a move.
    pub prompt: Option<Prompt>,
}

/// Text typed for something other than a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A name for "save as".
    Name,
    /// A comment on the last move (saved with it).
    Comment,
}

/// One entry of the start screen's game list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    /// A group title (not selectable).
    Header(&'static str),
    /// A game.
    Game(VariantId),
}

/// The focused field of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuField {
    /// The game list.
    Game,
    /// Who plays the other side.
    Opponent,
    /// Which side you take (which side is at the bottom).
    Side,
    /// The clock.
    Clock,
}

/// Clock choices on the start screen.
pub const CLOCK_CHOICES: [Option<(u64, u64)>; 5] = [
    None,
    Some((3, 2)),
    Some((5, 3)),
    Some((10, 5)),
    Some((15, 10)),
];

/// The start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The game list, grouped.
    pub entries: Vec<MenuEntry>,
    /// Selected entry of `entries` (always a game).
    pub selected: usize,
    /// Focused field.
    pub field: MenuField,
    /// White at the bottom (`Color::White`) or Black.
    pub side: Color,
    /// Index into [`CLOCK_CHOICES`].
    pub clock: usize,
    /// Index into [`opponent_choices`].
    pub opponent: usize,
    /// The unfinished game found in the autosave, offered for resuming (boxed: a screen
    /// should stay small).
    pub resume: Option<Box<SavedGame>>,
    /// A message on the start screen (a broken autosave, a file error).
    pub notice: Option<Message>,
}

impl Menu {
    /// The start screen with every game, the Alternate Promotion Chess ones grouped.
    pub fn new(preselect: Option<VariantId>) -> Menu {
        let mut entries = Vec::new();
        let mut apc_header = false;
        for id in VariantId::ALL {
            if id.as_str().starts_with("apc-") && !apc_header {
                entries.push(MenuEntry::Header("Alternate Promotion Chess"));
                apc_header = true;
            }
            entries.push(MenuEntry::Game(id));
        }
        let selected = entries
            .iter()
            .position(|e| preselect.is_some_and(|p| *e == MenuEntry::Game(p)))
            .or_else(|| entries.iter().position(|e| matches!(e, MenuEntry::Game(_))))
            .expect("at least one game");
        Menu {
            entries,
            selected,
            field: MenuField::Game,
            side: Color::White,
            clock: 0,
            opponent: 0,
            resume: None,
            notice: None,
        }
    }

    /// The selected game.
    pub fn game(&self) -> VariantId {
        match self.entries[self.selected] {
            MenuEntry::Game(id) => id,
            MenuEntry::Header(_) => unreachable!("BUG: a header is never selected"),
        }
    }

    fn step_game(&mut self, delta: isize) {
        let n = self.entries.len() as isize;
        let mut i = self.selected as isize;
        for _ in 0..n {
            i = (i + delta).rem_euclid(n);
            if matches!(self.entries[i as usize], MenuEntry::Game(_)) {
                self.selected = i as usize;
                return;
            }
        }
    }
}

/// Which screen is showing.
#[derive(Clone, Debug)]
pub enum Screen {
    /// Choosing a game.
    Menu(Menu),
    /// Playing.
    Play(Box<Play>),
    /// The saved games.
    Browser(Browser),
    /// Looking through a saved game.
    Review(Box<Review>),
}

/// The whole app.
#[derive(Clone, Debug)]
pub struct App {
    /// The screen.
    pub screen: Screen,
    /// A card over the screen.
    pub card: Option<Card>,
    /// Display options.
    pub options: Options,
    /// Colours, adapted to the terminal.
    pub palette: Palette,
    /// Terminal size (columns, rows), for mapping clicks.
    pub size: (u16, u16),
    /// The time of the last tick.
    pub now: Option<Instant>,
    /// False once the app should exit.
    pub running: bool,
    /// Where games are saved; `None` keeps everything in memory (tests, or no home).
    pub data: Option<DataDir>,
    /// File operations waiting for the event loop ([`App::take_io`]).
    pub io: Vec<IoRequest>,
    /// The id the next game gets.
    next_game_id: u64,
}

impl App {
    /// The app on its start screen.
    pub fn new(options: Options, palette: Palette, preselect: Option<VariantId>) -> App {
        App {
            screen: Screen::Menu(Menu::new(preselect)),
            card: None,
            options,
            palette,
            size: (80, 24),
            now: None,
            running: true,
            data: None,
            io: Vec::new(),
            next_game_id: 1,
        }
    }

    /// The app playing a game from `start`, skipping the start screen; `players` says who
    /// moves for each side. The board shows Black at the bottom when only Black is human.
    pub fn playing(
        options: Options,
        palette: Palette,
        start: Position,
        clock: Option<TimeControl>,
        players: ByColor<Player>,
    ) -> App {
        let mut app = App::new(options, palette, None);
        let flipped = players.white != Player::Human && players.black == Player::Human;
        let play = app.new_play(Game::new(start), clock, flipped, players, None);
        app.screen = Screen::Play(Box::new(play));
        app
    }

    /// The app reviewing `saved` (read from `path`).
    ///
    /// # Errors
    /// A message when the game does not replay.
    pub fn reviewing(
        options: Options,
        palette: Palette,
        saved: SavedGame,
        path: Option<PathBuf>,
    ) -> Result<App, String> {
        let mut app = App::new(options, palette, None);
        app.screen = Screen::Review(Box::new(Review::new(saved, path)?));
        Ok(app)
    }

    /// A new game with the next id; `meta` defaults to the players starting now.
    fn new_play(
        &mut self,
        game: Game,
        clock: Option<TimeControl>,
        flipped: bool,
        players: ByColor<Player>,
        meta: Option<GameMeta>,
    ) -> Play {
        let id = self.next_game_id;
        self.next_game_id += 1;
        let meta = meta
            .unwrap_or_else(|| GameMeta::new(players.white.to_saved(), players.black.to_saved()));
        // A saved timed game goes on with the time each side had left.
        let saved_clock = meta.clock;
        let clock = clock.or(saved_clock.map(|c| TimeControl {
            base: Duration::from_secs(c.base_s),
            increment: Duration::from_secs(c.increment_s),
        }));
        let mut play = new_play(game, clock, flipped, players, meta, id);
        if let (Some(c), Some(clocks)) = (saved_clock, &mut play.clocks) {
            clocks.left = ByColor {
                white: Duration::from_millis(c.white_ms),
                black: Duration::from_millis(c.black_ms),
            };
        }
        play
    }

    /// The file operations wanted since the last call, oldest first: an autosave after
    /// every change to the game, the finished game kept in the games folder, and whatever
    /// the player asked for. Without a data directory only the player's requests remain
    /// (and those that need the folder are dropped).
    pub fn take_io(&mut self) -> Vec<IoRequest> {
        if let (Screen::Play(p), Some(_)) = (&mut self.screen, &self.data) {
            let finished = p.game.outcome().is_some();
            if finished && p.meta.ended.is_none() {
                p.meta.ended = Some(Timestamp::now());
            }
            if !finished {
                p.meta.ended = None;
            }
            let worth = !p.game.history().is_empty() || finished;
            if worth && p.autosaved != Some(p.generation) {
                p.autosaved = Some(p.generation);
                self.io.push(IoRequest::Autosave(p.saved()));
            }
            if finished && p.stored != Some(p.generation) {
                p.stored = Some(p.generation);
                self.io.push(IoRequest::Store {
                    game_id: p.game_id,
                    path: p.file.clone(),
                    game: p.saved(),
                    drop_autosave: false,
                });
            }
        }
        if self.data.is_none() {
            self.io
                .retain(|r| matches!(r, IoRequest::Load { .. } | IoRequest::Export { .. }));
        }
        std::mem::take(&mut self.io)
    }

    /// The search the app wants run now, if any: the AI's move when an AI is to move, or a
    /// hint the player asked for. Pure: asking twice gives the same `id`.
    pub fn search_request(&self) -> Option<SearchRequest> {
        let p = match &self.screen {
            Screen::Play(p) => p,
            Screen::Review(r) => return r.search_request(),
            _ => return None,
        };
        if p.game.outcome().is_some() || p.question.is_some() {
            return None;
        }
        let pos = p.game.position();
        let turn = pos.turn();
        let (limits, hint) = match p.players[turn] {
            Player::Ai(level) => {
                let mut limits = level.limits();
                if let Some(clocks) = &p.clocks {
                    // Never spend more than a small share of what is left on the clock.
                    let budget = clocks.left[turn] / 30 + clocks.control.increment / 2;
                    limits.movetime = limits.movetime.map(|t| t.min(budget));
                }
                (limits, false)
            }
            Player::Human if p.hint_wanted => (
                Level::DEFAULT.limits_with(Duration::from_millis(700), 0),
                true,
            ),
            Player::Human => return None,
        };
        Some(SearchRequest {
            id: p.generation * 2 + u64::from(hint),
            position: pos.clone(),
            history: p.game.repetition_keys().to_vec(),
            limits,
        })
    }

    /// Records a new terminal size.
    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.size = (cols, rows);
    }

    /// The game being played, if any.
    pub fn play(&self) -> Option<&Play> {
        match &self.screen {
            Screen::Play(p) => Some(p),
            _ => None,
        }
    }

    /// Where keys go now.
    pub fn context(&self) -> Context {
        if self.card.is_some() {
            return Context::Card;
        }
        match &self.screen {
            Screen::Menu(_) => Context::Menu,
            Screen::Browser(_) => Context::Browser,
            Screen::Review(r) if r.typing.is_some() => Context::Typing,
            Screen::Review(_) => Context::Review,
            Screen::Play(p) => {
                if p.question.is_some() {
                    Context::Confirm
                } else if p.picker.is_some() {
                    Context::Picker
                } else if p.typing.is_some() {
                    Context::Typing
                } else {
                    Context::Board
                }
            }
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if let Action::Tick(now) = action {
            self.now = Some(now);
            if let Screen::Play(p) = &mut self.screen {
                p.tick(now);
            }
            return;
        }
        if action == Action::ForceQuit {
            self.running = false;
            return;
        }
        if self.file_answer(&action) {
            return;
        }
        if let Some(card) = self.card {
            self.update_card(card, action);
            return;
        }
        let now = self.now;
        let size = self.size;
        match &mut self.screen {
            Screen::Browser(_) if action == Action::Help => self.card = Some(Card::Help),
            Screen::Browser(browser) => match browser.update(action) {
                BrowserStep::Stay => {}
                BrowserStep::Leave => self.screen = Screen::Menu(Menu::new(None)),
                BrowserStep::Review(path) => self.io.push(IoRequest::Load {
                    path,
                    play_on: false,
                }),
                BrowserStep::Continue(path) => self.io.push(IoRequest::Load {
                    path,
                    play_on: true,
                }),
            },
            Screen::Review(review) => {
                if action == Action::Help {
                    self.card = Some(Card::Help);
                    return;
                }
                match review.update(action) {
                    ReviewStep::Stay => {}
                    ReviewStep::Leave => {
                        let id = review.saved.variant;
                        self.screen = Screen::Menu(Menu::new(Some(id)));
                    }
                    ReviewStep::Export(path, text) => {
                        self.io.push(IoRequest::Export { path, text });
                    }
                    ReviewStep::PlayFromHere => match review.game_here() {
                        Ok((game, meta)) => {
                            let players = ByColor {
                                white: Player::from_saved(&meta.white),
                                black: Player::from_saved(&meta.black),
                            };
                            let flipped = review.flipped;
                            let mut play = self.new_play(game, None, flipped, players, Some(meta));
                            play.info("playing on from the reviewed position");
                            self.screen = Screen::Play(Box::new(play));
                        }
                        Err(e) => {
                            review.message = Some(Message {
                                text: e,
                                error: true,
                            })
                        }
                    },
                }
            }
            Screen::Menu(menu) => match action {
                Action::Quit => self.running = false,
                Action::Help => self.card = Some(Card::Help),
                Action::Browse => {
                    if self.data.is_some() {
                        self.screen = Screen::Browser(Browser::new());
                        self.io.push(IoRequest::List);
                    } else {
                        menu.notice = Some(Message {
                            text: "no data directory: games are not saved (set RANKUP_DATA_DIR)"
                                .into(),
                            error: true,
                        });
                    }
                }
                Action::Resume => match menu.resume.take() {
                    Some(saved) => match saved.to_game() {
                        Ok(game) => {
                            let meta = saved.meta();
                            let players = ByColor {
                                white: Player::from_saved(&meta.white),
                                black: Player::from_saved(&meta.black),
                            };
                            let flipped =
                                players.white != Player::Human && players.black == Player::Human;
                            let mut play = self.new_play(game, None, flipped, players, Some(meta));
                            play.autosaved = Some(play.generation);
                            play.info("resumed the unfinished game");
                            self.screen = Screen::Play(Box::new(play));
                        }
                        Err(e) => {
                            menu.notice = Some(Message {
                                text: e.to_string(),
                                error: true,
                            })
                        }
                    },
                    None => {
                        menu.notice = Some(Message {
                            text: "no unfinished game to resume".into(),
                            error: true,
                        })
                    }
                },
                Action::Start => {
                    // The unfinished game offered for resuming is kept in the games folder
                    // before the new game's autosave replaces it.
                    if let Some(old) = menu.resume.take() {
                        self.io.push(IoRequest::Store {
                            game_id: 0,
                            path: None,
                            game: *old,
                            drop_autosave: true,
                        });
                    }
                    let id = menu.game();
                    let clock = CLOCK_CHOICES[menu.clock].map(|(m, s)| TimeControl {
                        base: Duration::from_secs(m * 60),
                        increment: Duration::from_secs(s),
                    });
                    let flipped = menu.side == Color::Black;
                    let levels = opponent_choices()[menu.opponent].1;
                    // The AI takes the side the player did not choose.
                    let ai = |c: Color| {
                        let level = if menu.side == Color::White {
                            levels[c]
                        } else {
                            levels[!c]
                        };
                        level.map_or(Player::Human, Player::Ai)
                    };
                    let players = ByColor {
                        white: ai(Color::White),
                        black: ai(Color::Black),
                    };
                    let play = self.new_play(
                        Game::new(Position::start(variant(id))),
                        clock,
                        flipped,
                        players,
                        None,
                    );
                    self.screen = Screen::Play(Box::new(play));
                }
                other => menu_update(menu, other),
            },
            Screen::Play(play) => {
                let glyph_toggle = matches!(action, Action::ToggleGlyphs);
                let mouse_toggle = matches!(action, Action::ToggleMouse);
                match action {
                    Action::Help => self.card = Some(Card::Help),
                    Action::Rules => {
                        self.card = Some(Card::Rules {
                            piece: 0,
                            square: play.cursor,
                        })
                    }
                    Action::NewGame => {
                        // An unfinished game is kept in the games folder (it can be played
                        // on from the browser) and leaves the autosave.
                        if play.game.outcome().is_none() && !play.game.history().is_empty() {
                            self.io.push(IoRequest::Store {
                                game_id: play.game_id,
                                path: play.file.clone(),
                                game: play.saved(),
                                drop_autosave: true,
                            });
                        }
                        let id = play_variant_id(play);
                        self.screen = Screen::Menu(Menu::new(id));
                    }
                    Action::SaveAs => {
                        if self.data.is_none() {
                            play.error(
                                "no data directory: games are not saved (set RANKUP_DATA_DIR)"
                                    .into(),
                            );
                        } else {
                            play.selected = None;
                            play.prompt = Some(Prompt::Name);
                            play.typing = Some(play.meta.name.clone().unwrap_or_default());
                            play.info("name for this game (Enter saves it in the games folder, Esc cancels)");
                        }
                    }
                    Action::Comment => match play.game.history().last() {
                        Some(last) => {
                            play.selected = None;
                            play.prompt = Some(Prompt::Comment);
                            play.typing = Some(last.note.comment.clone().unwrap_or_default());
                            play.info("comment on the last move (Enter keeps it, empty removes it, Esc cancels)");
                        }
                        None => play.error("no move to comment on yet".into()),
                    },
                    Action::Submit if play.prompt == Some(Prompt::Comment) => {
                        let text = play.typing.take().unwrap_or_default().trim().to_string();
                        play.prompt = None;
                        let san = play.game.history().last().map(|m| m.san.clone());
                        if let Some(note) = play.game.last_note_mut() {
                            note.comment = (!text.is_empty()).then_some(text);
                            // Written with the next save request, like a move.
                            play.autosaved = None;
                            if play.game.outcome().is_some() {
                                // A finished game's file gets the comment too.
                                play.stored = None;
                            }
                            play.info(&format!("comment saved on {}", san.unwrap_or_default()));
                        }
                    }
                    Action::Submit if play.prompt == Some(Prompt::Name) => {
                        let name = play.typing.take().unwrap_or_default().trim().to_string();
                        play.prompt = None;
                        match &self.data {
                            Some(data) if !name.is_empty() => {
                                let path = data.named_path(&name);
                                play.meta.name = Some(name);
                                play.file = Some(path.clone());
                                play.stored = Some(play.generation);
                                self.io.push(IoRequest::Store {
                                    game_id: play.game_id,
                                    path: Some(path),
                                    game: play.saved(),
                                    drop_autosave: false,
                                });
                            }
                            _ => play.info("not saved"),
                        }
                    }
                    Action::Cancel if play.prompt.is_some() => {
                        play.prompt = None;
                        play.typing = None;
                        play.info("cancelled");
                    }
                    Action::Quit if play.question.is_none() => {
                        if play.game.outcome().is_none() && !play.game.history().is_empty() {
                            play.question = Some(Question::Quit);
                        } else {
                            self.running = false;
                        }
                    }
                    Action::Confirm(yes) => {
                        if play.question.take() == Some(Question::Quit) && yes {
                            self.running = false;
                        } else if yes {
                            play.resign();
                        }
                    }
                    Action::Click { col, row } => {
                        if let Some(geom) = play_layout(
                            ratatui::layout::Rect::new(0, 0, size.0, size.1),
                            play.game.position().variant(),
                            play.flipped,
                        )
                        .board
                        {
                            if let Some(sq) = geom.square_at(col, row) {
                                play.cursor = sq;
                                play.select(now);
                            }
                        }
                    }
                    other if !glyph_toggle && !mouse_toggle => play.update(other, now),
                    _ => {}
                }
                if glyph_toggle {
                    self.options.glyphs = !self.options.glyphs;
                }
                if mouse_toggle {
                    self.options.mouse = !self.options.mouse;
                    if let Screen::Play(p) = &mut self.screen {
                        p.info(if self.options.mouse {
                            "mouse on: click a piece, then a target"
                        } else {
                            "mouse off: the terminal can select text"
                        });
                    }
                }
            }
        }
    }

    /// Handles the answers to file operations; true when `action` was one.
    fn file_answer(&mut self, action: &Action) -> bool {
        match action {
            Action::Listed(result) => {
                if let Screen::Browser(b) = &mut self.screen {
                    b.listed(result.clone());
                }
            }
            Action::Loaded {
                path,
                play_on,
                result,
            } => match result {
                Err(e) => self.notice(e.clone(), true),
                Ok(saved) if *play_on => match saved.to_game() {
                    Ok(game) => {
                        let meta = saved.meta();
                        let players = ByColor {
                            white: Player::from_saved(&meta.white),
                            black: Player::from_saved(&meta.black),
                        };
                        let flipped =
                            players.white != Player::Human && players.black == Player::Human;
                        let mut play = self.new_play(game, None, flipped, players, Some(meta));
                        play.file = Some(path.clone());
                        play.info(&format!("playing on: {}", path.display()));
                        self.screen = Screen::Play(Box::new(play));
                    }
                    Err(e) => self.notice(e.to_string(), true),
                },
                Ok(saved) => match Review::new(saved.clone(), Some(path.clone())) {
                    Ok(review) => self.screen = Screen::Review(Box::new(review)),
                    Err(e) => self.notice(e, true),
                },
            },
            Action::Stored { game_id, result } => match result {
                Ok(path) => {
                    if let Screen::Play(p) = &mut self.screen {
                        if p.game_id == *game_id {
                            p.file = Some(path.clone());
                            p.info(&format!("game saved: {}", path.display()));
                        }
                    }
                }
                Err(e) => self.notice(e.clone(), true),
            },
            Action::Notice { text, error } => self.notice(text.clone(), *error),
            _ => return false,
        }
        true
    }

    /// Shows a message on whatever screen is up.
    fn notice(&mut self, text: String, error: bool) {
        let message = Some(Message { text, error });
        match &mut self.screen {
            Screen::Menu(m) => m.notice = message,
            Screen::Play(p) => p.message = message,
            Screen::Browser(b) => b.message = message,
            Screen::Review(r) => r.message = message,
        }
    }

    fn update_card(&mut self, card: Card, action: Action) {
        let shape_variant = self.play().map(|p| p.game.position().variant());
        match (card, action) {
            (_, Action::Quit) => self.running = false,
            (Card::Rules { piece, square }, a @ (Action::Next | Action::Previous)) => {
                let n = shape_variant.map_or(1, |v| v.kinds().len());
                let piece = if a == Action::Next {
                    (piece + 1) % n
                } else {
                    (piece + n - 1) % n
                };
                self.card = Some(Card::Rules { piece, square });
            }
            (Card::Rules { piece, square }, Action::Move(dir)) => {
                if let Some(v) = shape_variant {
                    let flipped = self.play().is_some_and(|p| p.flipped);
                    let square = step_cursor(v.shape(), square, dir, flipped);
                    self.card = Some(Card::Rules { piece, square });
                }
            }
            _ => self.card = None,
        }
    }
}

fn play_variant_id(play: &Play) -> Option<VariantId> {
    play.game.position().variant().id().parse().ok()
}

fn new_play(
    game: Game,
    clock: Option<TimeControl>,
    flipped: bool,
    players: ByColor<Player>,
    meta: GameMeta,
    game_id: u64,
) -> Play {
    // Start the cursor on the King of the side at the bottom: a piece the player knows.
    let cursor = game
        .position()
        .royal_square(if flipped { Color::Black } else { Color::White });
    Play {
        game,
        redo: Vec::new(),
        cursor,
        selected: None,
        flipped,
        typing: None,
        picker: None,
        question: None,
        message: Some(Message {
            text: "arrows/hjkl move, Enter picks up and drops, : types a move, ? help".into(),
            error: false,
        }),
        clocks: clock.map(Clocks::new),
        draw_offer: None,
        scroll: None,
        players,
        generation: 0,
        thinking: None,
        hint_wanted: false,
        hint: None,
        meta,
        game_id,
        file: None,
        autosaved: None,
        stored: None,
        turn_started: None,
        prompt: None,
    }
}

fn menu_update(menu: &mut Menu, action: Action) {
    const FIELDS: [MenuField; 4] = [
        MenuField::Game,
        MenuField::Opponent,
        MenuField::Side,
        MenuField::Clock,
    ];
    let pos = FIELDS.iter().position(|f| *f == menu.field).unwrap_or(0);
    match action {
        Action::Next => menu.field = FIELDS[(pos + 1) % FIELDS.len()],
        Action::Previous => menu.field = FIELDS[(pos + FIELDS.len() - 1) % FIELDS.len()],
        Action::Move(dir) => {
            let delta: isize = match dir {
                Dir::Up | Dir::Left => -1,
                Dir::Down | Dir::Right => 1,
            };
            match menu.field {
                MenuField::Game => menu.step_game(delta),
                MenuField::Opponent => {
                    let n = opponent_choices().len() as isize;
                    menu.opponent = (menu.opponent as isize + delta).rem_euclid(n) as usize;
                }
                MenuField::Side => menu.side = !menu.side,
                MenuField::Clock => {
                    let n = CLOCK_CHOICES.len() as isize;
                    menu.clock = (menu.clock as isize + delta).rem_euclid(n) as usize;
                }
            }
        }
        _ => {}
    }
}

/// The square next to `sq` in screen direction `dir`, skipping holes; `sq` itself at the edge.
pub fn step_cursor(shape: &crate::rules::Shape, sq: Square, dir: Dir, flipped: bool) -> Square {
    let (mut dx, mut dy) = match dir {
        Dir::Up => (0, 1),
        Dir::Down => (0, -1),
        Dir::Left => (-1, 0),
        Dir::Right => (1, 0),
    };
    if flipped {
        dx = -dx;
        dy = -dy;
    }
    let mut t = sq;
    loop {
        match t.offset(dx, dy) {
            Some(n) if n.file() < shape.files() && n.rank() < shape.ranks() => {
                t = n;
                if shape.contains(t) {
                    return t;
                }
            }
            _ => return sq,
        }
    }
}

impl Play {
    /// The game as saved now: moves, notes, players, times and the clocks.
    pub fn saved(&self) -> SavedGame {
        let mut meta = self.meta.clone();
        meta.clock = self.clocks.as_ref().map(|c| SavedClock {
            base_s: c.control.base.as_secs(),
            increment_s: c.control.increment.as_secs(),
            white_ms: u64::try_from(c.left.white.as_millis()).unwrap_or(u64::MAX),
            black_ms: u64::try_from(c.left.black.as_millis()).unwrap_or(u64::MAX),
        });
        SavedGame::from_game(&self.game, &meta)
    }

    /// The game changed: searches for the old position are stale.
    fn changed(&mut self) {
        self.generation += 1;
        self.thinking = None;
        self.hint = None;
        self.hint_wanted = false;
    }

    /// Whether a person moves for the side to move.
    pub fn human_to_move(&self) -> bool {
        self.players[self.game.position().turn()] == Player::Human
    }

    fn ai_update(&mut self, action: Action, now: Option<Instant>) {
        let wanted_id = |p: &Play, hint: bool| p.generation * 2 + u64::from(hint);
        match action {
            Action::AiInfo { id, thinking }
                if id == wanted_id(self, false) || id == wanted_id(self, true) =>
            {
                self.thinking = Some(thinking);
            }
            Action::AiDone { id, best, thinking } => {
                if self.game.outcome().is_some() {
                    return;
                }
                if id == wanted_id(self, true) && self.hint_wanted && self.human_to_move() {
                    self.hint_wanted = false;
                    self.thinking = None;
                    self.hint = best;
                    let pos = self.game.position();
                    if let Some(mv) = best {
                        let text = san::format(pos, &mv);
                        self.info(&format!(
                            "hint: {text} ({}; line {})",
                            thinking.score, thinking.line
                        ));
                    }
                } else if id == wanted_id(self, false) && !self.human_to_move() {
                    if let Some(mv) = best {
                        self.play_move(mv, now);
                        if let Some(note) = self.game.last_note_mut() {
                            note.eval = thinking.eval;
                        }
                    }
                }
            }
            Action::Hint => {
                if self.game.outcome().is_some() {
                    self.error("the game is over".into());
                } else if !self.human_to_move() {
                    self.error("the AI is to move".into());
                } else {
                    self.hint_wanted = true;
                    self.info("thinking about a hint...");
                }
            }
            _ => {}
        }
    }

    fn info(&mut self, text: &str) {
        self.message = Some(Message {
            text: text.to_string(),
            error: false,
        });
    }

    fn error(&mut self, text: String) {
        self.message = Some(Message { text, error: true });
    }

    /// The legal moves of the lifted piece.
    pub fn targets(&self) -> Vec<Move> {
        match self.selected {
            Some(from) => self
                .game
                .position()
                .legal_moves()
                .into_iter()
                .filter(|m| m.from == from)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Candidate moves matching the typed text: (SAN, token) pairs whose SAN or token starts
    /// with it.
    pub fn candidates(&self) -> Vec<(String, String)> {
        let Some(text) = &self.typing else {
            return Vec::new();
        };
        let pos = self.game.position();
        let typed = text.trim();
        let mut out: Vec<(String, String)> = pos
            .legal_moves()
            .iter()
            .map(|m| (san::format(pos, m), coord::format(pos.variant(), m)))
            .filter(|(s, t)| {
                typed.is_empty()
                    || s.trim_end_matches(['+', '#']).starts_with(typed)
                    || t.starts_with(&typed.to_ascii_lowercase())
            })
            .collect();
        out.sort();
        out
    }

    fn tick(&mut self, now: Instant) {
        if self.game.outcome().is_some() {
            return;
        }
        self.turn_started.get_or_insert(now);
        let turn = self.game.position().turn();
        let Some(clocks) = &mut self.clocks else {
            return;
        };
        clocks.run(turn, now);
        if clocks.left[turn].is_zero() {
            let opponent = !turn;
            let pos = self.game.position();
            let opponent_bare = (pos.pieces_of(opponent) & !pos.royal_square(opponent).bit()) == 0;
            let outcome = if opponent_bare {
                Outcome::Draw {
                    reason: EndReason::Time,
                }
            } else {
                Outcome::Decisive {
                    winner: opponent,
                    reason: EndReason::Time,
                }
            };
            self.game.declare(outcome);
            self.changed();
            self.selected = None;
            self.info(&format!("{outcome}"));
        }
    }

    fn resign(&mut self) {
        // Against the AI it is always the person who resigns.
        let turn = self.game.position().turn();
        let loser = if self.players[turn] != Player::Human && self.players[!turn] == Player::Human {
            !turn
        } else {
            turn
        };
        let outcome = Outcome::Decisive {
            winner: !loser,
            reason: EndReason::Resignation,
        };
        self.game.declare(outcome);
        self.changed();
        self.selected = None;
        self.info(&format!("{loser} resigns: {outcome}"));
    }

    fn play_move(&mut self, mv: Move, now: Option<Instant>) {
        let mover = self.game.position().turn();
        match self.game.play(mv) {
            Ok(played) => {
                let san = played.san.clone();
                if let (Some(started), Some(now)) = (self.turn_started, now) {
                    let ms = now.saturating_duration_since(started).as_millis();
                    if let Some(note) = self.game.last_note_mut() {
                        note.think_ms = Some(ms.min(u128::from(u64::MAX)) as u64);
                    }
                }
                self.turn_started = now;
                self.changed();
                self.selected = None;
                self.picker = None;
                self.scroll = None;
                self.redo.clear();
                if self.draw_offer.is_some_and(|c| c != mover) {
                    self.draw_offer = None;
                }
                if let (Some(clocks), Some(now)) = (&mut self.clocks, now) {
                    clocks.run(mover, now);
                    clocks.left[mover] =
                        clocks.left[mover].saturating_add(clocks.control.increment);
                }
                let text = match self.game.outcome() {
                    Some(o) => format!("{san}: {o}"),
                    None if self.draw_offer == Some(mover) => {
                        format!("{san}. {mover} offers a draw: D accepts, a move declines")
                    }
                    None => format!("played {san}"),
                };
                self.info(&text);
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Enter/Space/click on the cursor square.
    fn select(&mut self, now: Option<Instant>) {
        let pos = self.game.position().clone();
        if let Some(o) = self.game.outcome() {
            self.error(format!(
                "the game is over ({o}); u takes a move back, n starts a new game"
            ));
            return;
        }
        let turn = pos.turn();
        let here = pos.piece_at(self.cursor);
        match self.selected {
            Some(from) if from == self.cursor => {
                self.selected = None;
                self.message = None;
            }
            Some(from) => {
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from == from && m.to == self.cursor)
                    .collect();
                match moves.len() {
                    0 if here.is_some_and(|p| p.color() == turn) => {
                        self.selected = None;
                        self.select(now);
                    }
                    0 => self.error(format!(
                        "{} cannot go to {}: pick a highlighted square, Esc to put it back",
                        piece_name(&pos, from),
                        self.cursor
                    )),
                    1 => self.play_move(moves[0], now),
                    _ => {
                        self.picker = Some(Picker { moves, index: 0 });
                    }
                }
            }
            None => match here {
                Some(p) if p.color() == turn => {
                    if pos.legal_moves().iter().any(|m| m.from == self.cursor) {
                        self.selected = Some(self.cursor);
                        self.message = None;
                    } else {
                        self.error(format!(
                            "{} has no legal move",
                            piece_name(&pos, self.cursor)
                        ));
                    }
                }
                Some(_) => self.error(format!("it is {turn}'s move")),
                None => self.error(format!("no piece on {}; it is {turn}'s move", self.cursor)),
            },
        }
    }

    fn update(&mut self, action: Action, now: Option<Instant>) {
        if matches!(
            action,
            Action::AiInfo { .. } | Action::AiDone { .. } | Action::Hint
        ) {
            return self.ai_update(action, now);
        }
        if let Some(picker) = &mut self.picker {
            match action {
                Action::Move(Dir::Up) => {
                    picker.index = (picker.index + picker.moves.len() - 1) % picker.moves.len()
                }
                Action::Move(Dir::Down) => picker.index = (picker.index + 1) % picker.moves.len(),
                Action::Select => {
                    let mv = picker.moves[picker.index];
                    self.play_move(mv, now);
                }
                Action::Choose(i) if i < picker.moves.len() => {
                    let mv = picker.moves[i];
                    self.play_move(mv, now);
                }
                Action::Cancel => self.picker = None,
                _ => {}
            }
            return;
        }
        if let Some(text) = &mut self.typing {
            match action {
                Action::Type(c) => {
                    text.push(c);
                    self.message = None;
                }
                Action::Backspace => {
                    text.pop();
                    self.message = None;
                }
                Action::Cancel => {
                    self.typing = None;
                    self.message = None;
                }
                Action::Submit => self.submit_typed(now),
                _ => {}
            }
            return;
        }
        let shape = self.game.position().variant().shape().clone();
        match action {
            Action::Move(dir) => self.cursor = step_cursor(&shape, self.cursor, dir, self.flipped),
            Action::Select => self.select(now),
            Action::Cancel => {
                self.selected = None;
                self.message = None;
            }
            Action::StartTyping => {
                self.selected = None;
                self.typing = Some(String::new());
                self.message = None;
            }
            Action::Undo => match self.game.undo() {
                Some(mv) => {
                    self.redo.push(mv);
                    // Against the AI, go back to the player's own turn.
                    let someone_human =
                        self.players.white == Player::Human || self.players.black == Player::Human;
                    while someone_human && !self.human_to_move() {
                        match self.game.undo() {
                            Some(mv) => self.redo.push(mv),
                            None => break,
                        }
                    }
                    self.changed();
                    self.selected = None;
                    self.scroll = None;
                    self.info("took a move back (r redoes it)");
                }
                None => self.error("no move to take back".into()),
            },
            Action::Redo => match self.redo.pop() {
                Some(mv) => {
                    let keep = std::mem::take(&mut self.redo);
                    self.play_move(mv, now);
                    self.redo = keep;
                }
                None => self.error("no move to redo".into()),
            },
            Action::Flip => self.flipped = !self.flipped,
            Action::Scroll(delta) => {
                let rows = self.game.history().len().div_ceil(2);
                let current = self.scroll.unwrap_or(rows) as i64;
                let next = (current + delta as i64).clamp(0, rows as i64) as usize;
                self.scroll = if next >= rows { None } else { Some(next) };
            }
            Action::Resign => {
                if self.game.outcome().is_some() {
                    self.error("the game is already over".into());
                } else {
                    self.question = Some(Question::Resign);
                }
            }
            Action::OfferDraw => {
                let turn = self.game.position().turn();
                if self.game.outcome().is_some() {
                    self.error("the game is already over".into());
                } else if self.draw_offer == Some(!turn) {
                    let outcome = Outcome::Draw {
                        reason: EndReason::Agreement,
                    };
                    self.game.declare(outcome);
                    self.changed();
                    self.draw_offer = None;
                    self.info(&format!("{turn} accepts: {outcome}"));
                } else {
                    self.draw_offer = Some(turn);
                    self.info(&format!(
                        "{turn} offers a draw; make your move, then {} may press D to accept",
                        !turn
                    ));
                }
            }
            _ => {}
        }
    }

    fn submit_typed(&mut self, now: Option<Instant>) {
        if !self.human_to_move() {
            self.error("wait for the AI's move".into());
            return;
        }
        let text = self.typing.clone().unwrap_or_default();
        let text = text.trim();
        if text.is_empty() {
            self.typing = None;
            return;
        }
        let pos = self.game.position().clone();
        match notation::parse_move(&pos, text) {
            Ok(mv) => {
                self.typing = None;
                self.play_move(mv, now);
            }
            Err(e) => {
                // A unique completion of what was typed counts as that move.
                let candidates = self.candidates();
                if let [(san_text, _)] = candidates.as_slice() {
                    if let Ok(mv) = san::parse(&pos, san_text) {
                        self.typing = None;
                        self.play_move(mv, now);
                        return;
                    }
                }
                self.error(e.to_string());
            }
        }
    }
}

fn piece_name(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => format!("the {} on {sq}", pos.variant().piece(p.kind()).name),
        None => format!("{sq}"),
    }
}

/// Squares of the last move (castling: the King's), for highlighting.
pub fn last_move_squares(play: &Play) -> crate::rules::SquareSet {
    play.game
        .history()
        .last()
        .map_or(0, |m| m.mv.from.bit() | m.mv.to.bit())
}

/// Material captured so far: (captured by White, captured by Black), in capture order.
pub fn captured(play: &Play) -> ByColor<Vec<crate::rules::Piece>> {
    let mut out = ByColor::<Vec<_>>::default();
    for m in play.game.history() {
        if let Some(p) = m.mv.capture {
            out[!p.color()].push(p);
        }
    }
    out
}
