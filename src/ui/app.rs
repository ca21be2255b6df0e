//! The app's state and the one function that changes it, [`App::update`].
//!
//! Nothing here draws or reads the terminal: time arrives as [`Action::Tick`], the terminal
//! size as [`App::resize`], so the whole app can be driven and inspected in tests.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::ai::{Level, SearchLimits};
use crate::game::{Eval, Game};
use crate::rules::{ByColor, Color, Position, Square};
use crate::save::{DataDir, GameMeta, SavedGame, Timestamp};
use crate::variants::{variant, VariantId};

use super::action::Action;
use super::browser::{Browser, BrowserStep};
use super::input::Context;
use super::layout::play_layout;
use super::menu::menu_update;
pub use super::menu::{opponent_choices, Menu, MenuEntry, MenuField, CLOCK_CHOICES};
pub use super::play::{
    captured, last_move_squares, step_cursor, Clocks, Picker, Play, Player, Prompt, Question,
    TimeControl,
};
use super::play::{new_play, play_variant_id};
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

/// A message on the bottom line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake.
    pub error: bool,
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
