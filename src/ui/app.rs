//! The app's state and the one function that changes it, [`App::update`].
//!
//! Nothing here draws or reads the terminal: time arrives as [`Action::Tick`], the terminal
//! size as [`App::resize`], so the whole app can be driven and inspected in tests.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::ai::{Level, SearchLimits};
use crate::game::{Eval, Game};
use crate::net::{LobbyView, NetEvent, NetRequest};
use crate::rules::{ByColor, Color, Position};
use crate::save::{GameMeta, OpenError, SavedGame};
use crate::variants::{variant, VariantId};

use super::action::Action;
use super::browser::{Browser, BrowserStep, SaveMove};
use super::card::scroll_step;
use super::card::view::{card_text, CardText};
pub use super::card::Card;
use super::input::Context;
use super::layout::play_layout;
use super::learn::{Learn, LearnStep};
pub use super::lobby::{Lobby, LobbyList, LobbySpot, LobbyStep};
pub use super::menu::choices::Choices;
pub use super::menu::{opponent_choices, Menu, MenuEntry, MenuField, MenuStep, CLOCK_CHOICES};
pub use super::play::{
    captured, last_move_squares, step_cursor, Clocks, Leave, Picker, Play, Player, Prompt,
    Question, SearchFor, TimeControl,
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
    /// Plain ASCII everywhere: letters for pieces, `+-|` lines, no other symbols (terminals
    /// without a UTF-8 locale).
    pub ascii: bool,
    /// Ring the terminal bell when it becomes your move after the opponent thought a
    /// while; `None`: for games against a person on the server, not against the AI.
    pub bell: Option<bool>,
    /// The top level thinks on the player's time ([`Level::ponders`]); off on the server,
    /// whose search threads are shared by every connection.
    pub ponder: bool,
}

/// How long the opponent must have thought for the bell to ring when it is the player's
/// move again.
pub const BELL_AFTER: Duration = Duration::from_secs(5);

/// What the app says when there is nowhere to keep games.
const NO_DATA: &str = "no data directory: games are not saved (set RANKUP_DATA_DIR)";

/// A file operation the app wants done; the event loop's [`Keeper`](super::keeper::Keeper)
/// does it and answers with an action (the app itself never touches the disk, so tests drive
/// it without files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IoRequest {
    /// Write the game in play to its own file in `games/` (made, and locked, at its first
    /// write). Answered by [`Action::Kept`].
    Keep {
        /// The game's id within this run.
        game_id: u64,
        /// The state written.
        generation: u64,
        /// The game.
        game: SavedGame,
    },
    /// The game is over: keep it in the games folder (`saves/`) and remove its file in
    /// play. Answered by [`Action::Kept`] with `finished`.
    Finish {
        /// The game's id within this run.
        game_id: u64,
        /// The state written.
        generation: u64,
        /// The game.
        game: SavedGame,
    },
    /// Keep a copy of the game under its name in the games folder ([`Action::Stored`]).
    SaveAs {
        /// The game's id within this run.
        game_id: u64,
        /// The game, with its name.
        game: SavedGame,
    },
    /// The app is done with this game: unlock its file (an unfinished game stays there,
    /// to be resumed).
    Release {
        /// The game's id within this run.
        game_id: u64,
    },
    /// Open a game in play for resuming; it gets `game_id` ([`Action::Opened`]).
    Resume {
        /// The id the game gets.
        game_id: u64,
        /// Its file in `games/`.
        path: PathBuf,
    },
    /// List the unfinished games ([`Action::InPlayListed`]).
    ListInPlay,
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
        /// The saved game it was made from (never written over).
        source: Option<PathBuf>,
    },
    /// Browser: move a saved game to the trash, back, or to a new name ([`Action::Moved`]).
    MoveSave(SaveMove),
    /// Keep the lessons finished (`lessons.ron` in the data folder); answered only when
    /// that fails ([`Action::Notice`]).
    RememberLessons(crate::learn::Progress),
    /// Keep the puzzle record (`puzzles.ron` in the data folder), its file's text; answered
    /// only when that fails ([`Action::Notice`]).
    RememberPuzzles(String),
    /// Remember the start screen's choices for the next start (`state.ron`); answered
    /// only when that fails ([`Action::Notice`]).
    RememberChoices(Choices),
    /// Add review's analysis to a finished game's save ([`Action::Notice`]).
    KeepAnalysis {
        /// The save.
        path: PathBuf,
        /// The moves analysed (the file must still hold them).
        moves: Vec<crate::save::SavedMove>,
        /// The analysis.
        analysis: crate::save::SavedAnalysis,
    },
    /// Write the game to a file the player named, when it could not be kept in the data
    /// directory ([`Action::Copied`]).
    WriteCopy {
        /// The game's id within this run.
        game_id: u64,
        /// The state written.
        generation: u64,
        /// Where.
        path: PathBuf,
        /// The game.
        game: SavedGame,
    },
}

/// What a running search has found so far, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Completed depth.
    pub depth: u32,
    /// The score from White's point of view with the side it favours (`+0.35 White`,
    /// `#-3 Black`: [`Eval::labelled`]); empty when the search played with deliberate noise
    /// (its score is no opinion of the position).
    pub score: String,
    /// The best line in SAN.
    pub line: String,
    /// Nodes searched.
    pub nodes: u64,
    /// The score from White's point of view, as saved with an AI's move; `None` when the
    /// search played with deliberate noise.
    pub eval: Option<Eval>,
}

impl Thinking {
    /// What a search of `pos` reports: its depth, score, best line (already in SAN) and
    /// nodes. A search that played with deliberate noise (the weak levels) has a score that
    /// is no opinion of the position: it is not shown, and no eval is kept with the move.
    pub fn from_search(
        pos: &Position,
        depth: u32,
        score: crate::ai::Score,
        line: String,
        nodes: u64,
        noisy: bool,
    ) -> Thinking {
        let eval = (!noisy).then(|| Eval::from_search(score, pos.turn()));
        Thinking {
            depth,
            score: eval.map(Eval::labelled).unwrap_or_default(),
            line,
            nodes,
            eval,
        }
    }

    /// `depth 7 +0.35 White e4 e5 Nf3`, without the score when there is none to show.
    pub fn summary(&self) -> String {
        let mut out = format!("depth {}", self.depth);
        for part in [&self.score, &self.line] {
            if !part.is_empty() {
                out.push(' ');
                out.push_str(part);
            }
        }
        out
    }
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
    /// The game it belongs to: searches of one game share what the engine learnt (its
    /// hash table and move-ordering history); a new game starts afresh.
    pub game: u64,
}

/// A message on the bottom line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake.
    pub error: bool,
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
    /// The server's lobby.
    Lobby(Box<Lobby>),
    /// The server's archive of finished games.
    Archive(Box<super::archive::Archive>),
    /// The lessons.
    Learn(Box<Learn>),
    /// The puzzles.
    Puzzles(Box<super::puzzles::PuzzleScreen>),
}

/// The whole app.
#[derive(Clone, Debug)]
pub struct App {
    /// The screen.
    pub screen: Screen,
    /// A card over the screen.
    pub card: Option<Card>,
    /// The game server's name, for the `Site` of the PGN of its games.
    pub site: Option<String>,
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
    /// It was ended at once (a signal, a closed terminal, Ctrl-C), not by the player's
    /// answer to a question.
    pub forced: bool,
    /// The data directory games are kept in (the event loop's
    /// [`Keeper`](super::keeper::Keeper) does the writing); `None` keeps everything in memory (no
    /// home directory).
    pub data_dir: Option<PathBuf>,
    /// The games browser a review was opened from, to go back to.
    pub browser_behind: Option<Browser>,
    /// The server's archive a review was opened from, to go back to.
    pub archive_behind: Option<Box<super::archive::Archive>>,
    /// The last saved game the browser moved to the trash and where it went: `u` in any
    /// browser of this session puts it back.
    pub last_trashed: Option<(crate::save::Listing, PathBuf)>,
    /// The app runs for a connection to the game server: its home is the lobby.
    pub online: bool,
    /// The lobby as the hub last described it.
    pub lobby_view: Option<LobbyView>,
    /// The lobby's chosen list and row when it was last on screen (and the game whose
    /// ratings sort its players): coming back to the lobby (from a game, a watched game,
    /// the AI) chooses them again.
    pub lobby_spot: Option<LobbySpot>,
    /// What the hub was last told: a game against the AI is on.
    told_ai: bool,
    /// Requests for the hub waiting for the event loop ([`App::take_net`]).
    pub net: Vec<NetRequest>,
    /// Ring the bell with the next frame: it became the player's move after a long wait.
    pub bell: bool,
    /// Texts for the terminal's clipboard, written (as OSC 52) with the next frame by the
    /// terminal layer: the app itself writes nothing.
    pub clipboard: Vec<String>,
    /// Since when the opponent (the AI, or a person on the server) has been to move.
    waiting_since: Option<Instant>,
    /// File operations waiting for the event loop ([`App::take_io`]).
    pub io: Vec<IoRequest>,
    /// The id the next game gets.
    next_game_id: u64,
    /// The game left with `n` for the start screen: Esc there (or in the browser and
    /// reviews opened from it, back to the start screen, then Esc) goes back to it as it
    /// was; it is let go only when another game starts.
    pub behind: Option<Box<Play>>,
    /// The review on screen was opened from the shell (`rankup review FILE`): leaving it
    /// ends rankup.
    pub review_exits: bool,
    /// The start screen's last choices in this session (or read at start): a start screen
    /// shown again offers them.
    pub choices: Option<Choices>,
    /// The lessons finished (read from the data folder at start, kept there as they are
    /// finished).
    pub progress: crate::learn::Progress,
    /// The player's puzzle ratings, streaks and puzzles played (read from the data folder
    /// at start, kept there after every rated puzzle).
    pub puzzle_record: crate::puzzles::Record,
}

impl App {
    /// The app on its start screen.
    pub fn new(options: Options, palette: Palette, preselect: Option<VariantId>) -> App {
        App {
            screen: Screen::Menu(Menu::new(preselect)),
            card: None,
            site: None,
            options,
            palette,
            size: (80, 24),
            now: None,
            running: true,
            forced: false,
            data_dir: None,
            browser_behind: None,
            archive_behind: None,
            last_trashed: None,
            online: false,
            lobby_view: None,
            lobby_spot: None,
            told_ai: false,
            net: Vec::new(),
            bell: false,
            clipboard: Vec::new(),
            waiting_since: None,
            io: Vec::new(),
            next_game_id: 1,
            behind: None,
            review_exits: false,
            choices: None,
            progress: crate::learn::Progress::default(),
            puzzle_record: crate::puzzles::Record::default(),
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
        app.review_exits = true;
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
        let id = self.next_id();
        let meta = meta
            .unwrap_or_else(|| GameMeta::new(players.white.to_saved(), players.black.to_saved()));
        // A saved timed game goes on with the time each side had left.
        let saved_clock = meta.clock;
        let clock = clock.or(saved_clock.map(|c| c.control()));
        let mut play = new_play(game, clock, flipped, players, meta, id);
        if let (Some(c), Some(clocks)) = (saved_clock, play.table.clocks_mut()) {
            clocks.left = c.left();
        }
        play
    }

    /// The file operations wanted since the last call, oldest first: the game in play
    /// after every change (or, once it is over, kept in the games folder), the list of
    /// unfinished games for the start screen, and whatever the player asked for. Without a
    /// data directory only the player's reading and exporting remain.
    pub fn take_io(&mut self) -> Vec<IoRequest> {
        if self.data_dir.is_some() {
            match &mut self.screen {
                Screen::Play(p) => {
                    if let Some(request) = p.save_request() {
                        self.io.push(request);
                    }
                }
                Screen::Menu(m) if !m.list_asked => {
                    m.list_asked = true;
                    self.io.push(IoRequest::ListInPlay);
                }
                _ => {}
            }
        } else {
            self.io.retain(|r| {
                matches!(
                    r,
                    IoRequest::Load { .. }
                        | IoRequest::Export { .. }
                        | IoRequest::WriteCopy { .. }
                        | IoRequest::Resume { .. }
                )
            });
        }
        std::mem::take(&mut self.io)
    }

    /// Resumes the game in `games/` at `path` (for `rankup resume`): asks for it to be
    /// opened; the answer starts the game.
    pub fn resume(&mut self, path: PathBuf) {
        let game_id = self.next_id();
        self.io.push(IoRequest::Resume { game_id, path });
    }

    /// Plays on from the end of the saved game at `path` as a game of its own (for `rankup
    /// resume` of a file outside `games/`, which is left as it is).
    pub fn play_on(&mut self, path: PathBuf) {
        self.io.push(IoRequest::Load {
            path,
            play_on: true,
        });
    }

    fn next_id(&mut self) -> u64 {
        let id = self.next_game_id;
        self.next_game_id += 1;
        id
    }

    /// Opens the games browser (its list is asked for), where `u` can still undo this
    /// session's last delete.
    fn open_browser(&mut self) {
        let mut browser = Browser::new();
        browser.trashed = self.last_trashed.clone();
        self.screen = Screen::Browser(browser);
        self.io.push(IoRequest::List);
    }

    /// Leaves whatever screen is up for the start screen (its list of unfinished games is
    /// read again), letting go of the game in play.
    fn show_menu(&mut self, preselect: Option<VariantId>) {
        self.leave_play_screen();
        self.browser_behind = None;
        self.review_exits = false;
        let mut menu = Menu::new(preselect);
        if let Some(choices) = self.choices {
            choices.apply(&mut menu, preselect.is_none());
        }
        if self.online {
            menu.only_ai(Level::DEFAULT);
        }
        menu.back = self.behind.is_some();
        menu.behind_file = self.behind.as_ref().and_then(|p| p.file.clone());
        self.screen = Screen::Menu(menu);
    }

    /// `n` in a game: the start screen, with the game kept behind it (its file stays
    /// open) so that Esc comes back to it.
    fn menu_over_game(&mut self) {
        let old = std::mem::replace(&mut self.screen, Screen::Menu(Menu::new(None)));
        let Screen::Play(mut play) = old else {
            self.screen = old;
            return;
        };
        // A move made in the same instant is written before the game goes behind.
        if self.data_dir.is_some() {
            if let Some(request) = play.save_request() {
                self.io.push(request);
            }
        }
        let id = play_variant_id(&play);
        let players = play.players();
        let level = |p: Player| match p {
            Player::Ai(level) => Some(level),
            Player::Human | Player::Remote => None,
        };
        let levels = ByColor {
            white: level(players.white),
            black: level(players.black),
        };
        let clock = play
            .table
            .clocks()
            .map(|c| (c.control.base, c.control.increment));
        let flipped = play.flipped;
        self.drop_behind();
        self.behind = Some(play);
        self.show_menu(id);
        // The screen shows the settings of the game behind it, wherever it came from.
        if let Screen::Menu(menu) = &mut self.screen {
            menu.follow_game(levels, flipped, clock);
        }
    }

    /// Esc on the start screen (or `r` on its own file): the game left with `n` comes back
    /// as it was; its clock counts again from now (the time away is not charged).
    fn back_to_game(&mut self) {
        let Some(mut play) = self.behind.take() else {
            return;
        };
        if let Some(clocks) = play.table.clocks_mut() {
            clocks.restart();
        }
        play.turn_started = None;
        self.browser_behind = None;
        self.screen = Screen::Play(play);
    }

    /// Another game starts: the one left behind is let go (its file stays in `games/`,
    /// to be resumed).
    fn drop_behind(&mut self) {
        if let Some(play) = self.behind.take() {
            self.io.push(IoRequest::Release {
                game_id: play.game_id,
            });
        }
    }

    /// The game in play: on screen, or left behind the start screen with `n`.
    pub fn game_in_play(&self) -> Option<&Play> {
        self.play().or(self.behind.as_deref())
    }

    /// `q` on the start screen: at once when nothing is in play; with a game behind, as
    /// `q` in that game (its question when it is not saved, "Quit rankup?" while it goes
    /// on).
    fn quit_from_menu(&mut self) {
        let saving = self.data_dir.is_some();
        let Some(play) = self.behind.as_deref() else {
            self.running = false;
            return;
        };
        if play.unsaved(saving) {
            self.back_to_game();
            if let Screen::Play(p) = &mut self.screen {
                p.ask_unsaved(Leave::Quit);
            }
        } else if play.table.game().outcome().is_none() && !play.table.game().history().is_empty() {
            if let Screen::Menu(m) = &mut self.screen {
                m.asking_quit = true;
            }
        } else {
            self.running = false;
        }
    }

    /// Before the play screen is replaced: its file is let go, its requests for the hub
    /// are kept.
    fn leave_play_screen(&mut self) {
        if let Screen::Play(p) = &mut self.screen {
            self.io.push(IoRequest::Release { game_id: p.game_id });
            if let Some(net) = p.seat.online_mut() {
                self.net.append(&mut net.outbox);
            }
        }
    }

    /// Where leaving a screen goes: the lobby on the server, else the start screen.
    pub(super) fn go_home(&mut self, preselect: Option<VariantId>) {
        if self.online {
            self.leave_play_screen();
            self.drop_behind();
            self.browser_behind = None;
            self.archive_behind = None;
            let view = self.lobby_view.clone();
            let lobby = match self.lobby_spot {
                Some(spot) => Lobby::back_at(view, spot),
                None => Lobby::new(view),
            };
            self.screen = Screen::Lobby(Box::new(lobby));
        } else {
            self.show_menu(preselect);
        }
    }

    /// The app for a connection to the game server, waiting for the hub's first word (a
    /// name to choose, or the lobby).
    pub fn online(options: Options, palette: Palette) -> App {
        let mut app = App::new(options, palette, None);
        app.online = true;
        app.screen = Screen::Lobby(Box::new(Lobby::new(None)));
        app
    }

    /// The requests for the hub since the last call, oldest first.
    pub fn take_net(&mut self) -> Vec<NetRequest> {
        if let Screen::Play(p) = &mut self.screen {
            if let Some(net) = p.seat.online_mut() {
                self.net.append(&mut net.outbox);
            }
        }
        std::mem::take(&mut self.net)
    }

    /// What the hub said.
    fn net_event(&mut self, event: NetEvent) {
        match event {
            NetEvent::NeedName { refused } => {
                let mut lobby = Lobby::new(None);
                lobby.naming = Some((String::new(), refused));
                self.screen = Screen::Lobby(Box::new(lobby));
            }
            NetEvent::Lobby(view) => {
                // A correspondence game became my move: the bell, wherever I am.
                if Lobby::newly_my_move(self.lobby_view.as_ref(), &view)
                    && self.options.bell.unwrap_or(true)
                {
                    self.bell = true;
                }
                self.lobby_view = Some(view.clone());
                if let Screen::Lobby(l) = &mut self.screen {
                    l.listed(view);
                    self.lobby_spot = Some(l.spot());
                }
            }
            NetEvent::Room(view) => match &mut self.screen {
                Screen::Play(p) if p.seat.online().is_some_and(|n| n.room == view.room) => {
                    p.sync_room(view, self.now.unwrap_or_else(Instant::now))
                }
                _ => {
                    let id = self.next_id();
                    match Play::from_room(view, id, self.now.unwrap_or_else(Instant::now)) {
                        Ok(play) => {
                            self.leave_play_screen();
                            self.drop_behind();
                            self.card = None;
                            self.screen = Screen::Play(Box::new(play));
                        }
                        Err(e) => self.notice(e, true),
                    }
                }
            },
            NetEvent::Notice(text) => self.notice(text, false),
            NetEvent::Card(card) => {
                if let Screen::Lobby(l) = &mut self.screen {
                    l.card = Some(*card);
                }
            }
            NetEvent::Archive(page) => self.archive_paged(page),
            NetEvent::ArchiveGame { room, game } => self.archive_game(room, *game),
        }
    }

    /// The search the app wants run now, if any: the AI's move when an AI is to move, or a
    /// hint the player asked for. Pure: asking twice gives the same `id`.
    pub fn search_request(&self) -> Option<SearchRequest> {
        let p = match &self.screen {
            Screen::Play(p) => p,
            Screen::Review(r) => return r.search_request(),
            _ => return None,
        };
        if p.table.game().outcome().is_some() || p.question.is_some() {
            return None;
        }
        let pos = p.table.game().position();
        let turn = pos.turn();
        // A draw offer to the AI is answered first, from a short search.
        let (limits, kind) = if p.draw_answer_owed().is_some() {
            (Play::draw_answer_limits(), SearchFor::DrawAnswer)
        } else {
            match p.players()[turn] {
                Player::Ai(level) => {
                    let mut limits = p.ai_limits(level);
                    if let Some(clocks) = p.table.clocks() {
                        // The engine budgets the clock itself (more time when the position is
                        // unsettled, less for an obvious move, never past the flag); the
                        // level's time per move stays an upper bound.
                        limits.clock = Some(crate::ai::Clock {
                            time: clocks.left,
                            inc: ByColor {
                                white: clocks.control.increment,
                                black: clocks.control.increment,
                            },
                            moves_to_go: None,
                        });
                    }
                    (limits, SearchFor::Move)
                }
                Player::Human if p.hint_wanted => (
                    crate::ai::analysis_limits(Duration::from_millis(700)),
                    SearchFor::Hint,
                ),
                Player::Human => match p.players()[!turn] {
                    Player::Ai(level)
                        if level.ponders()
                            && self.options.ponder
                            && p.pondered != Some(p.generation) =>
                    {
                        (level.ponder_limits(), SearchFor::Ponder)
                    }
                    _ => return None,
                },
                Player::Remote => return None,
            }
        };
        Some(SearchRequest {
            id: p.search_id(kind),
            position: pos.clone(),
            history: p.table.game().repetition_keys().to_vec(),
            limits,
            game: p.game_id,
        })
    }

    /// How long the app can sleep before what it shows changes by itself: until the running
    /// clock's display ticks over to the next second (the next tenth under ten seconds).
    /// `None` when nothing changes without an event (no clock running), so an idle app does
    /// not wake at all.
    pub fn wake_after(&self) -> Option<Duration> {
        let p = self.play()?;
        // A grace period counting down on the screen.
        if p.seat
            .online()
            .as_ref()
            .is_some_and(|n| n.away_until.white.is_some() || n.away_until.black.is_some())
        {
            return Some(Duration::from_secs(1));
        }
        let clocks = p.table.clocks()?;
        // A clock that does not run (not started, the game over, paused) shows no change.
        let turn = p.running_clock()?;
        Some(super::widgets::clock::next_change(clocks.left[turn]))
    }

    /// Whether the screen shows "Terminal too small" instead of itself (the board of the
    /// game or review does not fit).
    pub fn too_small(&self) -> bool {
        let area = ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1);
        match &self.screen {
            Screen::Play(p) => play_layout(
                area,
                p.table.game().position().variant(),
                p.flipped,
                p.message_rows(self.size.0),
            )
            .too_small
            .is_some(),
            // The PGN as text needs no board: it shows at any size.
            Screen::Review(r) => {
                r.pgn.is_none()
                    && play_layout(area, r.position().variant(), r.flipped, 1)
                        .too_small
                        .is_some()
            }
            _ => false,
        }
    }

    /// What still acts while the screen is too small to show: the AI's search (its move
    /// is the game's, not a key), `q`, Esc (back: it closes a prompt or puts a piece back,
    /// never changes the game; in review it leaves), and the answer to the question `q`
    /// asked (shown under the note). Any other key would act unseen.
    fn acts_when_too_small(&self, action: &Action) -> bool {
        match action {
            Action::AiInfo { .. } | Action::AiDone { .. } | Action::Quit | Action::Cancel => true,
            Action::Confirm(_) => matches!(
                self.play().and_then(|p| p.question),
                Some(Question::Quit | Question::Unsaved(Leave::Quit))
            ),
            _ => false,
        }
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
            Screen::Menu(m) if m.asking_quit => Context::Confirm,
            Screen::Menu(_) => Context::Menu,
            Screen::Browser(b) if b.renaming.is_some() => Context::Typing,
            Screen::Browser(b) if b.deleting.is_some() => Context::Confirm,
            Screen::Browser(_) => Context::Browser,
            Screen::Review(r) if r.typing.is_some() => Context::Typing,
            Screen::Review(_) => Context::Review,
            Screen::Lobby(l) if l.naming.is_some() => Context::Typing,
            Screen::Lobby(l) if l.form.is_some() => Context::LobbyForm,
            Screen::Lobby(_) => Context::Lobby,
            Screen::Archive(_) => Context::Archive,
            Screen::Learn(l) => l.context(),
            Screen::Puzzles(s) => s.context(),
            Screen::Play(p) => {
                if let Some(Question::Unsaved(_)) = p.question {
                    Context::Unsaved
                } else if p.question.is_some() {
                    Context::Confirm
                } else if p.picker().is_some() {
                    Context::Picker
                } else if p.typed_text().is_some() {
                    Context::Typing
                } else if p.seat.online().is_some_and(|n| n.me().is_none()) {
                    Context::Watching
                } else {
                    Context::Board
                }
            }
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        self.apply(action);
        self.watch_turn();
        self.tell_presence();
    }

    /// On the server, tells the hub when a game against the AI starts or ends, for the
    /// lobby's presence ("playing the AI").
    fn tell_presence(&mut self) {
        if !self.online {
            return;
        }
        // A game left with `n` for the start screen is still on; a finished one is not.
        let game = self.play().or(self.behind.as_deref());
        let with_ai = game.is_some_and(|p| {
            let players = p.players();
            p.seat.online().is_none()
                && p.table.game().outcome().is_none()
                && [players.white, players.black]
                    .iter()
                    .any(|p| matches!(p, Player::Ai(_)))
        });
        if with_ai != self.told_ai {
            self.told_ai = with_ai;
            self.net.push(NetRequest::PlayingAi(with_ai));
        }
    }

    /// Notices the turn coming back to the player after the opponent (the AI, or a person
    /// on the server) thought for at least [`BELL_AFTER`], and asks for the bell where the
    /// options want it (by default only in games against a person on the server).
    fn watch_turn(&mut self) {
        let now = self.now;
        let Screen::Play(p) = &self.screen else {
            self.waiting_since = None;
            return;
        };
        if p.table.game().outcome().is_some() {
            self.waiting_since = None;
            return;
        }
        let opponent_thinks = !p.human_to_move()
            && (p.players().white == Player::Human || p.players().black == Player::Human);
        if opponent_thinks {
            if self.waiting_since.is_none() {
                self.waiting_since = now;
            }
        } else if let (Some(since), Some(now)) = (self.waiting_since.take(), now) {
            let wanted = self.options.bell.unwrap_or(p.seat.is_online());
            if wanted && now.saturating_duration_since(since) >= BELL_AFTER {
                self.bell = true;
            }
        }
    }

    /// Applies one action (without watching the turn).
    fn apply(&mut self, action: Action) {
        if let Action::Tick(now) = action {
            self.now = Some(now);
            if let Screen::Play(p) = &mut self.screen {
                p.tick(now);
            }
            return;
        }
        if action == Action::ForceQuit {
            self.running = false;
            self.forced = true;
            return;
        }
        if self.file_answer(&action) {
            return;
        }
        if let Action::Net(event) = action {
            self.net_event(event);
            return;
        }
        let action = if self.card.is_none() && self.too_small() {
            // Nothing can be seen: no key acts blind. The note says q quits, so it does,
            // also in a prompt (where it would be typed).
            let action = match action {
                Action::Type('q') => Action::Quit,
                other => other,
            };
            if !self.acts_when_too_small(&action) {
                return;
            }
            action
        } else {
            action
        };
        if let Some(card) = self.card {
            self.update_card(card, action);
            return;
        }
        if action == Action::Help && !matches!(self.screen, Screen::Play(_)) {
            self.card = Some(Card::help());
            return;
        }
        match &mut self.screen {
            Screen::Browser(browser) => match browser.update(action) {
                BrowserStep::Stay => {}
                BrowserStep::Leave => self.go_home(None),
                BrowserStep::Review(path) => self.io.push(IoRequest::Load {
                    path,
                    play_on: false,
                }),
                BrowserStep::Continue(path) => self.io.push(IoRequest::Load {
                    path,
                    play_on: true,
                }),
                BrowserStep::Move(request) => self.io.push(IoRequest::MoveSave(request)),
            },
            Screen::Review(review) if matches!(action, Action::CopyPosition | Action::CopyGame) => {
                let (text, what) = if action == Action::CopyPosition {
                    (review.position().fen(), "position")
                } else {
                    (review.pgn_text(), "game (PGN)")
                };
                self.clipboard.push(text);
                review.message = Some(Message {
                    text: copied(what),
                    error: false,
                });
            }
            Screen::Review(review) => match review.update_keeping(action, &mut self.io) {
                ReviewStep::Stay => {}
                ReviewStep::Leave if self.archive_behind.is_some() => {
                    if let Some(archive) = self.archive_behind.take() {
                        self.screen = Screen::Archive(archive);
                    }
                }
                ReviewStep::Leave => match self.browser_behind.take() {
                    // Opened from the games browser: back to it, where the player was.
                    Some(browser) => self.screen = Screen::Browser(browser),
                    // Opened from the shell: back to it.
                    None if self.review_exits => self.running = false,
                    None => {
                        let id = review.saved.variant;
                        self.go_home(Some(id));
                    }
                },
                ReviewStep::Export(path, text) => {
                    match super::archive::own_path(self.online, self.data_dir.as_deref(), &path) {
                        Ok(()) => {
                            let source = review.path.clone();
                            self.io.push(IoRequest::Export { path, text, source });
                        }
                        Err(e) => {
                            review.message = Some(Message {
                                text: e,
                                error: true,
                            })
                        }
                    }
                }
                step @ (ReviewStep::PlayFromHere | ReviewStep::Retry) => match match step {
                    ReviewStep::Retry => review.retry_game(),
                    _ => review
                        .game_here()
                        .map(|(g, m)| (g, m, crate::rules::Color::White)),
                } {
                    Ok((game, meta, side)) => {
                        let retry = step == ReviewStep::Retry;
                        let flipped = if retry {
                            side == crate::rules::Color::Black
                        } else {
                            review.flipped
                        };
                        let mut play = self.resumed_play(game, meta, Some(flipped));
                        play.info(if retry {
                            "retry: find a better move than the one marked (a new game against the AI)"
                        } else {
                            "playing on from the reviewed position (a new game)"
                        });
                        self.browser_behind = None;
                        self.review_exits = false;
                        self.drop_behind();
                        self.screen = Screen::Play(Box::new(play));
                    }
                    Err(e) => {
                        review.message = Some(Message {
                            text: e,
                            error: true,
                        })
                    }
                },
            },
            Screen::Archive(archive) => {
                let step = archive.update(action);
                self.archive_step(step);
            }
            Screen::Lobby(lobby) => {
                let step = lobby.update(action);
                self.lobby_spot = Some(lobby.spot());
                self.lobby_step(step);
            }
            Screen::Menu(menu) => {
                let step = menu.update(action);
                self.choices = Some(Choices::of(menu));
                self.menu_step(step);
            }
            Screen::Play(_) => self.update_play(action),
            Screen::Learn(learn) => {
                let step = learn.update(action, &self.progress);
                self.learn_step(step);
            }
            Screen::Puzzles(s) => match s.update(action, &mut self.puzzle_record) {
                super::puzzles::PuzzleStep::Stay => {}
                super::puzzles::PuzzleStep::Remember => self.remember_puzzles(),
                super::puzzles::PuzzleStep::Leave => self.go_home(None),
                super::puzzles::PuzzleStep::Quit => {
                    self.go_home(None);
                    self.quit_from_menu();
                }
            },
        }
    }

    /// Opens the puzzles, on `game`'s set when it has one.
    pub fn open_puzzles(&mut self, game: Option<VariantId>) {
        let screen = super::puzzles::PuzzleScreen::new(crate::puzzles::sets(), game);
        self.screen = Screen::Puzzles(Box::new(screen));
    }

    /// Asks the keeper to keep the puzzle record.
    fn remember_puzzles(&mut self) {
        if self.data_dir.is_some() {
            self.io
                .push(IoRequest::RememberPuzzles(self.puzzle_record.to_ron()));
        }
    }

    /// Opens the lessons, on `game`'s course when it has one.
    pub fn open_learn(&mut self, game: Option<VariantId>) {
        let learn = Learn::new(crate::learn::courses(), game, &self.progress);
        self.screen = Screen::Learn(Box::new(learn));
    }

    /// What a lessons action leads to.
    fn learn_step(&mut self, step: LearnStep) {
        match step {
            LearnStep::Stay => {}
            LearnStep::Leave => self.go_home(None),
            LearnStep::Quit => {
                self.go_home(None);
                self.quit_from_menu();
            }
            LearnStep::Finished(game, lesson) => {
                let Screen::Learn(learn) = &self.screen else {
                    return;
                };
                let Some(course) = learn.courses.iter().find(|c| c.game == game) else {
                    return;
                };
                if self.progress.mark(course, &lesson) && self.data_dir.is_some() {
                    self.io
                        .push(IoRequest::RememberLessons(self.progress.clone()));
                }
            }
        }
    }

    /// What a lobby action leads to.
    fn lobby_step(&mut self, step: LobbyStep) {
        match step {
            LobbyStep::Stay => {}
            LobbyStep::Send(request) => self.net.push(request),
            LobbyStep::Quit => self.running = false,
            LobbyStep::PlayAi => self.show_menu(None),
            LobbyStep::Browse => self.open_browser(),
            LobbyStep::Learn => self.open_learn(None),
            LobbyStep::Puzzles => self.open_puzzles(None),
            LobbyStep::Archive(player) => self.open_archive(player),
        }
    }

    /// Remembers `choices` (read from the state file at start) and puts them on the start
    /// screen, the game too unless `keep_game` (a game named on the command line).
    pub fn remember(&mut self, choices: Choices, keep_game: bool) {
        self.choices = Some(choices);
        if let Screen::Menu(menu) = &mut self.screen {
            choices.apply(menu, !keep_game);
        }
    }

    /// Does what the start screen asked for.
    fn menu_step(&mut self, step: MenuStep) {
        let Screen::Menu(menu) = &mut self.screen else {
            return;
        };
        match step {
            MenuStep::Stay => {}
            MenuStep::Back if self.behind.is_some() => self.back_to_game(),
            MenuStep::Quit | MenuStep::Back if self.online => self.go_home(None),
            MenuStep::Back => menu.asking_quit = true,
            MenuStep::Quit => self.quit_from_menu(),
            MenuStep::Exit => self.running = false,
            MenuStep::Help => self.card = Some(Card::help()),
            MenuStep::Learn => self.open_learn(None),
            MenuStep::Puzzles => self.open_puzzles(None),
            MenuStep::Browse => {
                if self.data_dir.is_some() {
                    self.open_browser();
                } else {
                    menu.notice = Some(Message {
                        text: NO_DATA.into(),
                        error: true,
                    });
                }
            }
            MenuStep::Resume(path)
                if self.behind.as_ref().and_then(|p| p.file.as_ref()) == Some(&path) =>
            {
                self.back_to_game()
            }
            MenuStep::Resume(path) => self.resume(path),
            MenuStep::Start => {
                let (game, clock, flipped, players) = new_game_settings(menu);
                self.io.push(IoRequest::RememberChoices(Choices::of(menu)));
                self.drop_behind();
                let play = self.new_play(game, clock, flipped, players, None);
                self.screen = Screen::Play(Box::new(play));
            }
        }
    }

    /// The play screen's actions that reach beyond the board: leaving, saving, cards and
    /// display toggles. The rest goes to [`Play`].
    fn update_play(&mut self, action: Action) {
        let (now, size, saving) = (self.now, self.size, self.data_dir.is_some());
        let Screen::Play(play) = &mut self.screen else {
            return;
        };
        match action {
            Action::Help => self.card = Some(Card::help()),
            Action::Rules => self.card = Some(Card::rules(play.cursor)),
            Action::ToggleGlyphs => self.options.glyphs = !self.options.glyphs,
            Action::CopyPosition => {
                self.clipboard.push(play.table.game().position().fen());
                play.info(&copied("position"));
            }
            Action::CopyGame => {
                self.clipboard.push(crate::save::pgn::export(&play.saved()));
                play.info(&copied("game (PGN)"));
            }
            Action::ToggleMouse => {
                self.options.mouse = !self.options.mouse;
                play.info(if self.options.mouse {
                    "mouse on: click a piece, then a target"
                } else {
                    "mouse off: the terminal can select text"
                });
            }
            // A game on the server: moves, offers and answers go to the hub.
            _ if play.seat.is_online() && Self::net_play_action(play, &action) => {}
            Action::NewGame | Action::Cancel
                if play.seat.is_online()
                    && play.mode.is_normal()
                    && (play.table.game().outcome().is_some()
                        || play
                            .seat
                            .online()
                            .is_some_and(|n| n.me().is_none() || n.view.days.is_some())) =>
            {
                self.net.push(NetRequest::Leave);
                self.go_home(None);
            }
            Action::NewGame if play.seat.is_online() => play.error(
                "the game goes on: R resigns, D offers a draw; q disconnects (you may come back)"
                    .into(),
            ),
            Action::NewGame if play.unsaved(saving) => play.ask_unsaved(Leave::Menu),
            Action::NewGame => self.menu_over_game(),
            Action::Quit if play.question.is_none() => {
                if play.unsaved(saving) {
                    play.ask_unsaved(Leave::Quit);
                } else if play.table.game().outcome().is_none()
                    && !play.table.game().history().is_empty()
                {
                    play.question = Some(Question::Quit);
                } else {
                    self.running = false;
                }
            }
            Action::Confirm(yes) => match play.question.take() {
                Some(Question::Quit) if yes => self.running = false,
                Some(Question::Resign) if yes && play.seat.is_online() => {
                    play.tell_server(NetRequest::Resign)
                }
                Some(Question::Resign) if yes => play.resign(),
                Some(Question::Takeback) => {
                    play.tell_server(|room| NetRequest::AnswerTakeback { room, yes })
                }
                Some(Question::Unsaved(then)) if yes => self.leave(then),
                _ => {}
            },
            Action::WriteElsewhere => {
                if let Some(Question::Unsaved(then)) = play.question {
                    play.ask_copy_path(then);
                }
            }
            Action::SaveAs if !saving => play.error(NO_DATA.into()),
            Action::SaveAs => {
                play.open_prompt(Prompt::Name, play.meta.name.clone().unwrap_or_default());
                play.info("name for this game (Enter saves it in the games folder, Esc cancels)");
            }
            Action::Comment => match play.table.game().history().last() {
                Some(last) => {
                    let text = last.note.comment.clone().unwrap_or_default();
                    play.open_prompt(Prompt::Comment, text);
                    play.info(
                        "comment on the last move (Enter keeps it, empty removes it, Esc cancels)",
                    );
                }
                None => play.error("no move to comment on yet".into()),
            },
            Action::Submit if play.prompt().is_some() => {
                let (prompt, text) = play.take_prompt().map_or((None, String::new()), |(p, t)| {
                    (Some(p), t.trim().to_string())
                });
                match prompt {
                    Some(Prompt::Comment) => {
                        let san = play.table.game().history().last().map(|m| m.san.clone());
                        if let Some(note) = play.table.game_mut().last_note_mut() {
                            note.comment = (!text.is_empty()).then_some(text);
                            // Written with the next save request, like a move.
                            play.write_again();
                            play.info(&format!("comment saved on {}", san.unwrap_or_default()));
                        }
                    }
                    Some(Prompt::Name) if !text.is_empty() => {
                        play.meta.name = Some(text);
                        play.write_again();
                        self.io.push(IoRequest::SaveAs {
                            game_id: play.game_id,
                            game: play.saved(),
                        });
                    }
                    Some(Prompt::Name) => play.info("not saved"),
                    Some(Prompt::CopyPath(then)) if !text.is_empty() => {
                        play.open_prompt(Prompt::CopyPath(then), text.clone());
                        self.io.push(IoRequest::WriteCopy {
                            game_id: play.game_id,
                            generation: play.generation,
                            path: PathBuf::from(text),
                            game: play.saved(),
                        });
                    }
                    Some(Prompt::CopyPath(then)) => play.ask_unsaved(then),
                    Some(Prompt::Chat) if !text.is_empty() => {
                        play.tell_server(|room| NetRequest::Chat { room, text });
                    }
                    Some(Prompt::Chat) => {}
                    None => {}
                }
            }
            Action::Cancel if play.prompt().is_some() => {
                if let Some((Prompt::CopyPath(then), _)) = play.take_prompt() {
                    play.ask_unsaved(then);
                } else {
                    play.info("cancelled");
                }
            }
            Action::Click { col, row } => {
                let area = ratatui::layout::Rect::new(0, 0, size.0, size.1);
                let layout = play_layout(
                    area,
                    play.table.game().position().variant(),
                    play.flipped,
                    play.message_rows(size.0),
                );
                if let Some(sq) = layout.board.and_then(|g| g.square_at(col, row)) {
                    play.cursor = sq;
                    play.select(now);
                }
            }
            other => play.update(other, now),
        }
    }

    /// The actions that mean something else in a game on the server; true when `action`
    /// was one of them (and was handled).
    fn net_play_action(play: &mut Play, action: &Action) -> bool {
        let playing = play.seat.online().is_some_and(|n| n.me().is_some());
        let over = play.table.game().outcome().is_some();
        match action {
            Action::Undo if playing && !over => {
                play.tell_server(NetRequest::Takeback);
                play.info("takeback asked for; waiting for the answer");
            }
            // After the end, Play refuses them as in any game (its record is final).
            Action::Undo | Action::Redo if !over => {
                play.error("moves are taken back only when the opponent agrees (u asks)".into())
            }
            Action::OfferDraw if playing && !over => {
                let accepting = play
                    .table
                    .draw_offer()
                    .is_some_and(|c| Some(c) != play.seat.online().and_then(|n| n.me()));
                play.tell_server(NetRequest::Draw);
                if !accepting {
                    play.info("draw offered; a move of the opponent's declines it");
                }
            }
            Action::Hint => play.error("no hints in a game against a person".into()),
            Action::Claim if playing => play.tell_server(NetRequest::Claim),
            Action::Chat => {
                play.open_prompt(Prompt::Chat, String::new());
                play.info("chat (Enter sends to the players and spectators, Esc cancels)");
            }
            Action::SaveAs | Action::Comment => {
                play.error("this game is kept on the server, in both players' saved games".into())
            }
            _ => return false,
        }
        true
    }

    /// Leaves the game in play as the player meant to (after a question).
    fn leave(&mut self, then: Leave) {
        match then {
            Leave::Quit => self.running = false,
            Leave::Menu => self.menu_over_game(),
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
            Action::InPlayListed { at, result } => {
                if let Screen::Menu(m) = &mut self.screen {
                    m.listed(*at, result.clone());
                }
            }
            Action::Loaded {
                path,
                play_on,
                result,
            } => match result {
                Err(e) => self.notice(e.clone(), true),
                Ok(saved) if *play_on && saved.is_unfinished() => match saved.to_game() {
                    Ok(game) => {
                        // A game of its own: its file in games/ is made at its first write;
                        // the file it came from is left as it is.
                        let mut play = self.resumed_play(game, saved.meta(), None);
                        play.info(&format!(
                            "playing on from {} (a new file; that one is left as it is)",
                            path.display()
                        ));
                        self.browser_behind = None;
                        self.drop_behind();
                        self.screen = Screen::Play(Box::new(play));
                    }
                    Err(e) => self.notice(e.to_string(), true),
                },
                // A finished game has no end to play on from, and its record stays as it
                // is: it opens for review, where p plays on from any move as a new game.
                Ok(saved) => match Review::new(saved.clone(), Some(path.clone())) {
                    Ok(mut review) => {
                        if *play_on {
                            review.message = Some(Message {
                                text: format!(
                                    "this game is over ({}): choose a move with ← →, p plays \
                                     on from there as a new game",
                                    saved.result.as_str()
                                ),
                                error: false,
                            });
                        }
                        if let Screen::Browser(b) = &self.screen {
                            self.browser_behind = Some(b.clone());
                        }
                        self.screen = Screen::Review(Box::new(review));
                    }
                    Err(e) => self.notice(e, true),
                },
            },
            Action::Opened {
                game_id,
                path,
                result,
            } => self.opened(*game_id, path, result.clone()),
            Action::Kept {
                game_id,
                generation,
                finished,
                result,
            } => {
                let (online, home) = (self.online, self.data_dir.clone());
                let shown = |path: &std::path::Path| {
                    super::archive::shown_path(online, home.as_deref(), path)
                };
                match &mut self.screen {
                    Screen::Play(p) if p.game_id == *game_id => {
                        p.kept(*generation, *finished, result, &shown);
                    }
                    // The game behind the start screen, written just before it went there.
                    _ if self.behind.as_ref().is_some_and(|p| p.game_id == *game_id) => {
                        if let Some(p) = self.behind.as_mut() {
                            p.kept(*generation, *finished, result, &shown);
                        }
                    }
                    // A game already left: only a failure is worth a word.
                    _ => {
                        if let Err(e) = result {
                            self.notice(format!("NOT SAVED: {e}"), true);
                        }
                    }
                }
            }
            Action::Copied {
                game_id,
                generation,
                result,
            } => {
                let Screen::Play(p) = &mut self.screen else {
                    return true;
                };
                if p.game_id == *game_id && p.copied(*generation, result) {
                    if let Some((Prompt::CopyPath(then), _)) = p.take_prompt() {
                        self.leave(then);
                    }
                }
            }
            Action::Stored { game_id, result } => match result {
                Ok(path) => {
                    if let Screen::Play(p) = &mut self.screen {
                        if p.game_id == *game_id {
                            p.info(&format!("game saved: {}", path.display()));
                        }
                    }
                }
                Err(e) => self.notice(e.clone(), true),
            },
            Action::Notice { text, error } => self.notice(text.clone(), *error),
            Action::Moved { request, result } => {
                let browser = match &mut self.screen {
                    Screen::Browser(b) => Some(b),
                    _ => self.browser_behind.as_mut(),
                };
                if let Some(b) = browser {
                    b.moved(request, result);
                    self.last_trashed = b.trashed.clone();
                }
            }
            _ => return false,
        }
        true
    }

    /// The answer to a resume: the game in play (its file locked for us), a read-only
    /// review when another process plays it, or why it cannot be resumed.
    fn opened(
        &mut self,
        game_id: u64,
        path: &std::path::Path,
        result: Result<SavedGame, OpenError>,
    ) {
        let saved = match result.map_err(OpenError::read_only) {
            Ok(saved) => saved,
            // Open elsewhere, or not lockable: shown read-only, saying why.
            Err(Ok((saved, why))) => {
                match Review::new(saved, Some(path.to_path_buf())) {
                    Ok(mut review) => {
                        review.message = Some(Message {
                            text: why,
                            error: true,
                        });
                        self.screen = Screen::Review(Box::new(review));
                    }
                    Err(e) => self.notice(e, true),
                }
                return;
            }
            Err(Err(e)) => {
                self.notice(format!("cannot resume {}: {e}", path.display()), true);
                return;
            }
        };
        match saved.to_game() {
            Ok(game) => {
                let mut play = self.resumed_play(game, saved.meta(), None);
                // The same game goes on in its own file, under the id the keeper knows.
                play.game_id = game_id;
                play.file = Some(path.to_path_buf());
                play.requested = Some(play.generation);
                play.on_disk = Some(play.generation);
                play.info(&format!("resumed {}", path.display()));
                self.browser_behind = None;
                self.drop_behind();
                if let Screen::Play(old) = &self.screen {
                    self.io.push(IoRequest::Release {
                        game_id: old.game_id,
                    });
                }
                self.screen = Screen::Play(Box::new(play));
            }
            Err(e) => {
                self.io.push(IoRequest::Release { game_id });
                self.notice(e.to_string(), true);
            }
        }
    }

    /// A game going on from a saved one (resumed, or played on): players and clocks as
    /// saved; the board turned to the person's side unless `flipped` says otherwise.
    fn resumed_play(&mut self, game: Game, meta: GameMeta, flipped: Option<bool>) -> Play {
        let players = ByColor {
            white: Player::from_saved(&meta.white),
            black: Player::from_saved(&meta.black),
        };
        let flipped =
            flipped.unwrap_or(players.white != Player::Human && players.black == Player::Human);
        self.new_play(game, None, flipped, players, Some(meta))
    }

    /// Shows a message on whatever screen is up (for the event loop's own news).
    pub fn tell(&mut self, text: String, error: bool) {
        self.notice(text, error);
    }

    /// Shows a message on whatever screen is up.
    fn notice(&mut self, text: String, error: bool) {
        let message = Some(Message { text, error });
        match &mut self.screen {
            Screen::Lobby(l) => l.message = message,
            Screen::Menu(m) => m.notice = message,
            Screen::Learn(l) => l.message = message,
            Screen::Puzzles(s) => s.message = message,
            Screen::Play(p) => p.message = message,
            Screen::Browser(b) => b.message = message,
            Screen::Review(r) => r.message = message,
            Screen::Archive(a) => a.message = message,
        }
    }

    /// A card takes every key while it is open: it scrolls, the rules card changes its
    /// piece or moves it on the diagram, and only [`Action::Cancel`] (Esc, q, ?) closes it.
    fn update_card(&mut self, card: Card, action: Action) {
        if action == Action::Cancel {
            self.card = None;
            return;
        }
        if let Some(step) = scroll_step(&action) {
            if let Some(text) = card_text(self, &card) {
                let scroll = card.scroll().step(step, text.lines.len(), text.rows);
                self.card = Some(card.with_scroll(scroll));
            }
            return;
        }
        let Some(play) = self.play() else {
            return;
        };
        let v = play.table.game().position().variant();
        match (card, action) {
            (
                Card::Rules {
                    piece,
                    square,
                    scroll,
                },
                a @ (Action::Next | Action::Previous),
            ) => {
                let n = v.kinds().len();
                let piece = if a == Action::Next {
                    (piece + 1) % n
                } else {
                    (piece + n - 1) % n
                };
                let card = Card::Rules {
                    piece,
                    square,
                    scroll,
                };
                // The chosen piece's line comes into view.
                let scroll = match card_text(self, &card) {
                    Some(CardText {
                        chosen: Some((first, last)),
                        rows,
                        ..
                    }) => scroll.reveal(first, last, rows),
                    _ => scroll,
                };
                self.card = Some(card.with_scroll(scroll));
            }
            (
                Card::Rules {
                    piece,
                    square,
                    scroll,
                },
                Action::Move(dir),
            ) => {
                let square = step_cursor(v.shape(), square, dir, play.flipped);
                self.card = Some(Card::Rules {
                    piece,
                    square,
                    scroll,
                });
            }
            _ => {}
        }
    }
}

/// The message after a copy: what went to the clipboard, and how (a terminal without OSC
/// 52 ignores it, so the player knows what to look for).
fn copied(what: &str) -> String {
    format!("{what} copied to the clipboard (OSC 52)")
}

/// A new game as the start screen sets it up: the game from its start, the clock, whether
/// Black is at the bottom, and who plays each side (the AI takes the side the player did
/// not choose).
fn new_game_settings(menu: &Menu) -> (Game, Option<TimeControl>, bool, ByColor<Player>) {
    let clock = CLOCK_CHOICES[menu.clock].map(|(m, s)| TimeControl {
        base: Duration::from_secs(m * 60),
        increment: Duration::from_secs(s),
    });
    let levels = opponent_choices()[menu.opponent].1;
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
    (
        Game::new(Position::start(variant(menu.game()))),
        clock,
        menu.side == Color::Black,
        players,
    )
}
