//! The game in play: the board, the cursor and typed input, pickers and questions, clocks,
//! and what it takes to hand a move to the game or the AI.

mod draw;
mod mode;
mod premove;
pub(crate) mod view;

pub use mode::{Mode, TypedMove};
pub use premove::Premove;

use std::path::PathBuf;
use std::time::Instant;

use crate::ai::Level;
use crate::game::{Game, Table};
use crate::notation::{self, coord, san};
use crate::rules::{ByColor, Color, Move, Position, Square};
use crate::save::{GameMeta, SavedClock, SavedGame, Timestamp};
use crate::variants::VariantId;

use super::action::{Action, Dir};
use super::app::{IoRequest, Message, Thinking};
use super::netplay::NetPlay;

pub use crate::game::TimeControl;

pub use crate::game::Clocks;

/// Who moves for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this keyboard.
    Human,
    /// The built-in AI at a level.
    Ai(Level),
    /// A person at another terminal (a game on the server); the name is in the game's
    /// [`NetPlay`](super::netplay::NetPlay).
    Remote,
}

impl Player {
    /// `you`-neutral label: `human` or `AI level 4 · about 1550` (the level with its rating
    /// on the chess scale, as the start screen names it).
    pub fn label(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Ai(l) => format!("AI {}", l.label()),
            Player::Remote => "opponent".into(),
        }
    }
}

impl Player {
    /// The saved-game form of this player.
    pub fn to_saved(self) -> crate::save::Player {
        match self {
            Player::Human | Player::Remote => crate::save::Player::ANONYMOUS,
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

/// What a search asked of the AI is for (its id is [`Play::search_id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchFor {
    /// The AI's move.
    Move = 0,
    /// A hint for the person to move.
    Hint = 1,
    /// The AI's answer to a draw offer.
    DrawAnswer = 2,
    /// The top level thinking on the player's time ([`Level::ponders`]): a search of the
    /// player's position whose result is never played, for the hash table it fills.
    Ponder = 3,
}

/// A yes/no question waiting for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Resign the game?
    Resign,
    /// Quit rankup?
    Quit,
    /// The game is not on disk: write it elsewhere, or leave it (quit, or go to the start
    /// screen) and lose it?
    Unsaved(Leave),
    /// The opponent asks to take back their last move: agree?
    Takeback,
}

/// Where the player was going when a question stopped them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Quitting rankup.
    Quit,
    /// To the start screen for a new game.
    Menu,
}

/// Choices a move carries, waiting for the player to pick one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picker {
    /// The candidate moves (same origin and destination).
    pub moves: Vec<Move>,
    /// The highlighted entry.
    pub index: usize,
}

impl Picker {
    /// A picker of `moves` (one piece to one square, with the choices it carries) made in
    /// `pos`: the promotions first, the strongest first (by the game's own evaluation of
    /// the position each leaves), then the moves that do not promote, in the order given.
    /// The first is highlighted, so Enter promotes.
    pub fn new(pos: &Position, mut moves: Vec<Move>) -> Picker {
        moves.sort_by_cached_key(|m| match m.promotion {
            Some(_) => {
                let mut after = pos.clone();
                after.make(*m);
                // The evaluation is the opponent's: the lower, the better for the mover.
                (false, crate::ai::evaluate(&after))
            }
            None => (true, crate::ai::Score::DRAW),
        });
        Picker { moves, index: 0 }
    }
}

/// The game being played, with its view.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game with its clocks and offers.
    pub table: Table,
    /// Moves taken back, most recent last, for redo.
    pub redo: Vec<Move>,
    /// The board cursor.
    pub cursor: Square,
    /// Black at the bottom.
    pub flipped: bool,
    /// What the keys are doing: moving the cursor, carrying a piece, typing.
    pub mode: Mode,
    /// Open question, over any mode.
    pub question: Option<Question>,
    /// A move made in advance while the opponent thinks.
    pub premove: Option<Premove>,
    /// Bottom-line message.
    pub message: Option<Message>,
    /// First move-list row shown; `None` follows the last move.
    pub scroll: Option<usize>,
    /// Who sits at the board: players at this keyboard, or a room on the server.
    pub seat: Seat,
    /// Counts changes to the game, so stale search results are recognised and dropped.
    pub generation: u64,
    /// What the AI (or the hint search) is thinking.
    pub thinking: Option<Thinking>,
    /// The player asked for a hint that has not arrived yet.
    pub hint_wanted: bool,
    /// The last hint, highlighted on the board until the position changes.
    pub hint: Option<Move>,
    /// The state ([`Play::generation`]) whose ponder search ended by itself (it reached its
    /// deepest iteration or found a mate): not started again until the position changes.
    pub pondered: Option<u64>,
    /// Players, times and name, for saving.
    pub meta: GameMeta,
    /// Identifies this game among those played in this run (for save answers).
    pub game_id: u64,
    /// Its file: in `games/` while it is played (from its first write), in the games folder
    /// once it is over.
    pub file: Option<PathBuf>,
    /// The state ([`Play::generation`]) last handed out to be written.
    pub requested: Option<u64>,
    /// The state last confirmed on disk.
    pub on_disk: Option<u64>,
    /// Why the last write failed (what, where), until one succeeds: shown under the
    /// message line, and asked about before the game is left.
    pub save_error: Option<String>,
    /// A copy the player had written to a file of their choice, and of which state.
    pub copy: Option<(PathBuf, u64)>,
    /// When the side to move started thinking (for the think time saved with its move).
    pub turn_started: Option<Instant>,
    /// Moves typed in this game, oldest first (↑↓ in typing mode bring them back).
    pub typed_moves: Vec<String>,
}

/// Who sits at the board.
#[derive(Clone, Debug)]
pub enum Seat {
    /// A game at this keyboard: people here, or the AI, for each side.
    Local {
        /// Who moves for each side.
        players: ByColor<Player>,
    },
    /// A game on the server (against a person, or watched): the room.
    Online(Box<NetPlay>),
}

impl Seat {
    /// The room, when this is a game on the server.
    pub fn online(&self) -> Option<&NetPlay> {
        match self {
            Seat::Online(net) => Some(net),
            Seat::Local { .. } => None,
        }
    }

    /// The room, to queue requests to it or follow its views.
    pub fn online_mut(&mut self) -> Option<&mut NetPlay> {
        match self {
            Seat::Online(net) => Some(net),
            Seat::Local { .. } => None,
        }
    }

    /// Whether this is a game on the server.
    pub fn is_online(&self) -> bool {
        matches!(self, Seat::Online(_))
    }

    /// Who moves for each side: on the server, the person here for their own side and
    /// the remote player for the other (both remote for a spectator).
    pub fn players(&self) -> ByColor<Player> {
        match self {
            Seat::Local { players } => *players,
            Seat::Online(net) => {
                let of = |c| {
                    if net.me() == Some(c) {
                        Player::Human
                    } else {
                        Player::Remote
                    }
                };
                ByColor {
                    white: of(Color::White),
                    black: of(Color::Black),
                }
            }
        }
    }
}

/// Text typed for something other than a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A name for "save as".
    Name,
    /// A comment on the last move (saved with it).
    Comment,
    /// A chat line to the room (a game on the server).
    Chat,
    /// A file to write the game to, since it could not be kept in the data directory; then
    /// leave as the player meant to.
    CopyPath(Leave),
}

pub(super) fn play_variant_id(play: &Play) -> Option<VariantId> {
    play.table.game().position().variant().id().parse().ok()
}

pub(super) fn new_play(
    game: Game,
    clock: Option<TimeControl>,
    flipped: bool,
    players: ByColor<Player>,
    mut meta: GameMeta,
    game_id: u64,
) -> Play {
    // A game against the AI has one seed for all its choices, drawn when it starts (a
    // resumed game keeps the one in its save; one saved before seeds gets a fresh one).
    let ai = [players.white, players.black]
        .iter()
        .any(|p| matches!(p, Player::Ai(_)));
    if ai && meta.seed.is_none() {
        meta.seed = Some(crate::ai::fresh_seed());
    }
    // Start the cursor on the King of the side at the bottom: a piece the player knows.
    let cursor = game
        .position()
        .royal_square(if flipped { Color::Black } else { Color::White });
    Play {
        table: Table::new(game, clock),
        redo: Vec::new(),
        cursor,
        flipped,
        mode: Mode::Normal,
        question: None,
        premove: None,
        message: Some(Message {
            // Nobody moves pieces in a game the AI plays against itself: no cursor keys.
            text: if players.white == Player::Human || players.black == Player::Human {
                "arrows/hjkl move, Enter picks up and drops, : types a move, ? help"
            } else {
                "watching the AI play: f flips the board, Esc back, ? help"
            }
            .into(),
            error: false,
        }),
        scroll: None,
        seat: Seat::Local { players },
        generation: 0,
        thinking: None,
        hint_wanted: false,
        hint: None,
        pondered: None,
        meta,
        game_id,
        file: None,
        requested: None,
        on_disk: None,
        save_error: None,
        copy: None,
        turn_started: None,
        typed_moves: Vec::new(),
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
    /// Search limits for the AI's move at `level` now: the level's, with the search seed
    /// drawn from the game's seed and the ply ([`crate::ai::move_seed`]), so that the same
    /// seed and moves give the same replies; a fresh seed only for a game without one.
    pub fn ai_limits(&self, level: Level) -> crate::ai::SearchLimits {
        match self.meta.seed {
            Some(seed) => {
                let ply = self.table.game().history().len();
                level.limits_with(level.movetime(), crate::ai::move_seed(seed, ply))
            }
            None => level.limits(),
        }
    }

    /// The game as saved now: moves, notes, players, times and the clocks.
    pub fn saved(&self) -> SavedGame {
        let mut meta = self.meta.clone();
        meta.clock = self
            .table
            .clocks()
            .map(|c| SavedClock::new(c.control, c.left));
        SavedGame::from_game(self.table.game(), &meta)
    }

    /// The game changed: searches for the old position are stale.
    pub(super) fn changed(&mut self) {
        self.generation += 1;
        self.thinking = None;
        self.hint = None;
        self.hint_wanted = false;
    }

    /// Who moves for each side.
    pub fn players(&self) -> ByColor<Player> {
        self.seat.players()
    }

    /// Who plays `side`, as messages name them: the colour of a person at this keyboard,
    /// `AI (level 4)`, or a player's name on the server.
    pub fn who(&self, side: Color) -> String {
        match (&self.seat, self.players()[side]) {
            (Seat::Online(net), _) => crate::text::sanitize(&net.view.names[side]).into_owned(),
            (Seat::Local { .. }, Player::Ai(level)) => format!("AI (level {})", level.number()),
            (Seat::Local { .. }, Player::Human | Player::Remote) => side.to_string(),
        }
    }

    /// The id of the search for `kind` in the current state of the game (see
    /// [`SearchFor`]). Always even: review's searches have odd ids, so that a search of
    /// one screen is never taken for the other's when the player switches between them
    /// (the event loop keeps a search running while the wanted id stays the same).
    pub fn search_id(&self, kind: SearchFor) -> u64 {
        (self.generation * 4 + kind as u64) * 2
    }

    /// Whether the game is only watched from here: no side is played at this keyboard
    /// (a spectator on the server, or the AI against itself). The board shows no cursor.
    pub fn watched(&self) -> bool {
        let players = self.players();
        players.white != Player::Human && players.black != Player::Human
    }

    /// Whether a person moves for the side to move.
    pub fn human_to_move(&self) -> bool {
        self.players()[self.table.game().position().turn()] == Player::Human
    }

    fn ai_update(&mut self, action: Action, now: Option<Instant>) {
        let wanted_id = |p: &Play, hint: bool| {
            p.search_id(if hint {
                SearchFor::Hint
            } else {
                SearchFor::Move
            })
        };
        match action {
            Action::AiInfo { id, thinking }
                if id == wanted_id(self, false) || id == wanted_id(self, true) =>
            {
                self.thinking = Some(thinking);
            }
            Action::AiDone { id, .. } if id == self.search_id(SearchFor::Ponder) => {
                self.pondered = Some(self.generation);
            }
            Action::AiDone { id, best, thinking } => {
                if self.table.game().outcome().is_some() {
                    return;
                }
                if id == self.search_id(SearchFor::DrawAnswer) {
                    self.answer_draw(&thinking);
                } else if self.draw_answer_owed().is_some() {
                    // The AI answers the draw offer before it moves or hints.
                } else if id == wanted_id(self, true) && self.hint_wanted && self.human_to_move() {
                    self.hint_wanted = false;
                    self.thinking = None;
                    self.hint = best;
                    let pos = self.table.game().position();
                    if let Some(mv) = best {
                        let text = san::format(pos, &mv);
                        let line = match thinking.score.as_str() {
                            "" => format!("line {}", thinking.line),
                            score => format!("{score}; line {}", thinking.line),
                        };
                        self.info(&format!("hint: {text} ({line})"));
                    }
                } else if id == wanted_id(self, false) && !self.human_to_move() {
                    if let Some(mv) = best {
                        let before = self.table.game().history().len();
                        let ai = self.table.turn();
                        self.play_move(mv, now);
                        if self.table.game().history().len() > before {
                            if let Some(note) = self.table.game_mut().last_note_mut() {
                                note.eval = thinking.eval;
                            }
                            if self.ai_may_offer_draw(ai) {
                                let san = self.table.game().history().last().map(|m| m.san.clone());
                                let who = self.who(ai);
                                self.info(&format!(
                                    "{who} played {} and offers a draw: D accepts, a move declines",
                                    san.unwrap_or_default()
                                ));
                            }
                            self.play_premove(now);
                        }
                    }
                }
            }
            Action::Hint => {
                if self.table.game().outcome().is_some() {
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

    /// What to do instead of taking back a move of a finished game: review it and play on
    /// from any move as a new game, with the keys that get there.
    pub fn finished_hint(&self) -> &'static str {
        match self.seat.online() {
            Some(net) if net.me().is_some() => {
                "game over, kept as played: n, b (your games), Enter review it, and p there \
                 plays on from any move"
            }
            Some(_) => "game over, kept as played",
            None if self.file.is_some() => {
                "game over, kept as played: n, b, Enter review it, and p there plays on from \
                 any move"
            }
            None => "game over, kept as played: n starts a new game",
        }
    }

    pub(super) fn info(&mut self, text: &str) {
        self.message = Some(Message {
            text: text.to_string(),
            error: false,
        });
    }

    pub(super) fn error(&mut self, text: String) {
        self.message = Some(Message { text, error: true });
    }

    /// The legal moves of the lifted piece.
    pub fn targets(&self) -> Vec<Move> {
        match self.lifted() {
            Some(from) => self
                .move_choices()
                .into_iter()
                .filter(|m| m.from == from)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Candidate moves matching the typed text: (SAN, token) pairs whose SAN or token starts
    /// with it.
    pub fn candidates(&self) -> Vec<(String, String)> {
        let Mode::Typing(TypedMove { text, .. }) = &self.mode else {
            return Vec::new();
        };
        let pos = &self.input_position();
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

    /// The side whose clock counts down now: the side to move once both sides have made
    /// their first move, until the game ends (on the server, while the hub runs it).
    pub fn running_clock(&self) -> Option<Color> {
        let turn = self.table.turn();
        let runs = self.seat.online().is_none_or(|n| n.clock_runs(turn));
        self.table.running_clock(runs)
    }

    pub(super) fn tick(&mut self, now: Instant) {
        if self.table.game().outcome().is_some() {
            return;
        }
        self.turn_started.get_or_insert(now);
        let turn = self.table.game().position().turn();
        // On the server the hub keeps time: here the clock only counts down for the eye,
        // while the hub says it runs, and a flag is the hub's to call.
        let net_running = self.seat.online().map(|n| n.clock_runs(turn));
        if let Some(runs) = net_running {
            self.table.run_clock(now, runs);
            return;
        }
        if let Some(outcome) = self.table.flag(now, true) {
            self.changed();
            self.settle_mode();
            self.info(&format!("{outcome}"));
        }
    }

    pub(super) fn resign(&mut self) {
        // Against the AI it is always the person who resigns.
        let turn = self.table.game().position().turn();
        let loser =
            if self.players()[turn] != Player::Human && self.players()[!turn] == Player::Human {
                !turn
            } else {
                turn
            };
        let outcome = self.table.resign(loser);
        self.changed();
        self.settle_mode();
        self.info(&format!("{loser} resigns: {outcome}"));
    }

    fn play_move(&mut self, mv: Move, now: Option<Instant>) {
        let mover = self.table.game().position().turn();
        match self.table.play(mv, now) {
            Ok(played) => {
                let san = played.san.clone();
                if let (Some(started), Some(now)) = (self.turn_started, now) {
                    let ms = now.saturating_duration_since(started).as_millis();
                    if let Some(note) = self.table.game_mut().last_note_mut() {
                        note.think_ms = Some(ms.min(u128::from(u64::MAX)) as u64);
                    }
                }
                self.turn_started = now;
                self.changed();
                self.settle_mode();
                self.scroll = None;
                self.redo.clear();
                self.moved_on_server(mover);
                let who = self.who(mover);
                let text = match self.table.game().outcome() {
                    Some(o) => format!("{who} played {san}: {o}"),
                    None if self.table.draw_offer() == Some(mover) => {
                        format!("{who} played {san} and offers a draw: D accepts, a move declines")
                    }
                    None => format!("{who} played {san}"),
                };
                self.info(&text);
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Enter/Space/click on the cursor square.
    pub(super) fn select(&mut self, now: Option<Instant>) {
        let pos = self.table.game().position().clone();
        if let Some(o) = self.table.game().outcome() {
            let next = if self.seat.is_online() {
                "n goes back to the lobby"
            } else {
                "n starts a new game"
            };
            self.error(format!("the game is over ({o}); {next}"));
            return;
        }
        let premoving = self.premove_side();
        if let (Some(net), false, None) = (self.seat.online(), self.human_to_move(), premoving) {
            let text = match net.me() {
                Some(_) => format!("it is {}'s move", net.view.names[pos.turn()]),
                None => "you are watching this game".to_string(),
            };
            self.error(text);
            return;
        }
        // While premoving, the player's side moves in the position passed to them, among
        // the moves their pieces could make at their turn.
        let me = premoving.unwrap_or(pos.turn());
        let pos = self.input_position();
        let moves = self.move_choices();
        let here = pos.piece_at(self.cursor);
        match self.lifted() {
            Some(from) if from == self.cursor => {
                self.mode = Mode::Normal;
                self.message = None;
            }
            Some(from) => {
                let to_here: Vec<Move> = moves
                    .into_iter()
                    .filter(|m| m.from == from && m.to == self.cursor)
                    .collect();
                match to_here.len() {
                    0 if here.is_some_and(|p| p.color() == me) => {
                        self.mode = Mode::Normal;
                        self.select(now);
                    }
                    0 => {
                        // The piece and the square are named here: the reason alone (a
                        // premove has none: the position will change).
                        let why = pos
                            .why_illegal(from, self.cursor)
                            .filter(|_| premoving.is_none())
                            .map_or_else(String::new, |w| format!(": {}", w.reason()));
                        let stop = if why.ends_with('.') { "" } else { "." };
                        self.error(format!(
                            "{} cannot go to {}{why}{stop} Pick a marked square, or Esc",
                            piece_name(&pos, from),
                            self.cursor
                        ))
                    }
                    1 => self.play_or_premove(to_here[0], now),
                    _ => self.open_picker(Picker::new(&pos, to_here)),
                }
            }
            None => match here {
                Some(p) if p.color() == me => {
                    if moves.iter().any(|m| m.from == self.cursor) {
                        self.mode = Mode::Lifted {
                            from: self.cursor,
                            picker: None,
                        };
                        self.message = None;
                        if premoving.is_some() && self.premove.take().is_some() {
                            self.info("premove cancelled: drop the piece for a new one");
                        }
                    } else {
                        let what = if premoving.is_some() {
                            "move to premove"
                        } else {
                            "legal move"
                        };
                        self.error(format!("{} has no {what}", piece_name(&pos, self.cursor)));
                    }
                }
                _ if premoving.is_some() => {
                    let who = match self.seat.online() {
                        Some(net) => net.view.names[!me].clone(),
                        None => (!me).to_string(),
                    };
                    self.error(format!(
                        "it is {who}'s move: lift one of your pieces to premove"
                    ))
                }
                Some(_) => self.error(format!("it is {me}'s move")),
                None => self.error(format!("no piece on {}; it is {me}'s move", self.cursor)),
            },
        }
    }

    pub(super) fn update(&mut self, action: Action, now: Option<Instant>) {
        if matches!(
            action,
            Action::AiInfo { .. } | Action::AiDone { .. } | Action::Hint
        ) {
            return self.ai_update(action, now);
        }
        if let Some(picker) = self.picker_mut() {
            let n = picker.moves.len();
            match action {
                Action::Move(Dir::Up) => picker.index = (picker.index + n - 1) % n,
                Action::Move(Dir::Down) => picker.index = (picker.index + 1) % n,
                Action::Select => {
                    let mv = picker.moves[picker.index];
                    self.play_picked(mv, now);
                }
                Action::Choose(i) if i < n => {
                    let mv = picker.moves[i];
                    self.play_picked(mv, now);
                }
                Action::Cancel => self.close_picker(),
                _ => {}
            }
            return;
        }
        match self.mode {
            Mode::Typing(_) => return self.update_typing(action, now),
            Mode::Prompt { .. } => return self.update_prompt(action),
            Mode::Normal | Mode::Lifted { .. } => {}
        }
        let shape = self.table.game().position().variant().shape().clone();
        match action {
            Action::Move(dir) => self.cursor = step_cursor(&shape, self.cursor, dir, self.flipped),
            // A finished game's record is final: nothing takes a move back or replays one
            // (the AI would think again and the file would change).
            Action::Undo | Action::Redo if self.table.game().outcome().is_some() => {
                self.mode = Mode::Normal;
                self.error(self.finished_hint().into());
            }
            Action::Select => self.select(now),
            Action::Cancel if self.mode.is_normal() && self.cancel_premove() => {}
            Action::Cancel => {
                self.mode = Mode::Normal;
                self.message = None;
            }
            Action::StartTyping => {
                self.mode = Mode::Typing(TypedMove::default());
                self.message = None;
            }
            Action::Undo => match self.table.undo() {
                Some(mv) => {
                    self.premove = None;
                    self.redo.push(mv);
                    // Against the AI, go back to the player's own turn.
                    let someone_human = self.players().white == Player::Human
                        || self.players().black == Player::Human;
                    while someone_human && !self.human_to_move() {
                        match self.table.undo() {
                            Some(mv) => self.redo.push(mv),
                            None => break,
                        }
                    }
                    self.changed();
                    self.settle_mode();
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
                let rows = self.table.game().history().len().div_ceil(2);
                let current = self.scroll.unwrap_or(rows) as i64;
                let next = (current + delta as i64).clamp(0, rows as i64) as usize;
                self.scroll = if next >= rows { None } else { Some(next) };
            }
            Action::Resign => {
                if self.table.game().outcome().is_some() {
                    self.error("the game is already over".into());
                } else {
                    self.question = Some(Question::Resign);
                }
            }
            Action::OfferDraw => self.offer_draw(),
            _ => {}
        }
    }

    /// Typing a move. After a refused move its text stays, marked: the next character
    /// that starts a move replaces it, Backspace edits it, and the refusal stays shown.
    /// The keys that open typing (`:` `/`, and `i` in games without an i-file) start
    /// afresh; ↑↓ bring back moves typed earlier in this game.
    fn update_typing(&mut self, action: Action, now: Option<Instant>) {
        let files = self.table.game().position().variant().shape().files();
        let opener = |c: char| c == ':' || c == '/' || (c == 'i' && files < 9);
        let error_shown = self.message.as_ref().is_some_and(|m| m.error);
        let Mode::Typing(t) = &mut self.mode else {
            return;
        };
        match action {
            Action::Type(c) if opener(c) => *t = TypedMove::default(),
            Action::Type(c) => {
                if std::mem::take(&mut t.stale) {
                    t.text.clear();
                }
                t.text.push(c);
                t.recall = None;
                if !error_shown {
                    self.message = None;
                }
            }
            Action::Backspace => {
                t.stale = false;
                t.text.pop();
            }
            Action::Move(dir @ (Dir::Up | Dir::Down)) => {
                let n = self.typed_moves.len();
                let next = match (dir, t.recall) {
                    (Dir::Up, None) if n > 0 => Some(n - 1),
                    (Dir::Up, Some(i)) => Some(i.saturating_sub(1)),
                    (Dir::Down, Some(i)) if i + 1 < n => Some(i + 1),
                    _ => None,
                };
                t.recall = next;
                t.text = next.map_or_else(String::new, |i| self.typed_moves[i].clone());
                t.stale = false;
            }
            Action::Cancel => {
                self.mode = Mode::Normal;
                self.message = None;
            }
            Action::Submit => self.submit_typed(now),
            _ => {}
        }
    }

    /// Typing a prompt's text (Enter and Esc are the app's: what they do depends on the
    /// prompt).
    fn update_prompt(&mut self, action: Action) {
        let error_shown = self.message.as_ref().is_some_and(|m| m.error);
        let Mode::Prompt { text, .. } = &mut self.mode else {
            return;
        };
        match action {
            Action::Type(c) => {
                text.push(c);
                if !error_shown {
                    self.message = None;
                }
            }
            Action::Backspace => {
                text.pop();
            }
            Action::Cancel => {
                self.mode = Mode::Normal;
                self.message = None;
            }
            _ => {}
        }
    }

    /// Plays the move chosen in a picker: over a typed move, the text is done with (and
    /// kept for ↑ like any typed move).
    fn play_picked(&mut self, mv: Move, now: Option<Instant>) {
        if let Mode::Typing(t) = std::mem::take(&mut self.mode) {
            self.typed_moves.push(t.text.trim().to_string());
        }
        self.play_or_premove(mv, now);
    }

    fn submit_typed(&mut self, now: Option<Instant>) {
        if !self.human_to_move() && self.premove_side().is_none() {
            let text = if self.seat.is_online() {
                "wait for your opponent's move"
            } else {
                "wait for the AI's move"
            };
            self.error(text.into());
            return;
        }
        let text = self.typed_text().unwrap_or_default().to_string();
        let text = text.trim();
        if text.is_empty() {
            self.mode = Mode::Normal;
            return;
        }
        let pos = self.input_position();
        let typed = text.to_string();
        if let Some(moves) = typed_choice(&pos, text) {
            // Promote or not, to what: asked as when the piece is dropped by hand.
            self.open_picker(Picker::new(&pos, moves));
            return;
        }
        match notation::parse_move(&pos, text) {
            Ok(mv) => {
                self.mode = Mode::Normal;
                self.typed_moves.push(typed);
                self.play_or_premove(mv, now);
            }
            Err(e) => {
                // A premove need not be legal now, only a move the piece could make.
                if let Some(mv) = self.typed_premove(&pos, text) {
                    self.mode = Mode::Normal;
                    self.typed_moves.push(typed);
                    self.play_or_premove(mv, now);
                    return;
                }
                // A unique completion of what was typed counts as that move.
                let candidates = self.candidates();
                if let [(san_text, _)] = candidates.as_slice() {
                    if let Ok(mv) = san::parse(&pos, san_text) {
                        self.mode = Mode::Normal;
                        self.typed_moves.push(typed);
                        self.play_or_premove(mv, now);
                        return;
                    }
                }
                let why = notation::explain(&pos, &typed);
                self.error(match why {
                    Some(why) => format!("{e}: {why}"),
                    None => e.to_string(),
                });
                if let Mode::Typing(t) = &mut self.mode {
                    t.stale = true;
                }
            }
        }
    }
}

/// The moves a typed move leaves a choice between (the same piece to the same square,
/// promoting or not, or to what) when the text does not say which. SAN names a promotion
/// with `=X` and has no way to say "not", so a SAN move where promoting is optional asks;
/// a token says either (`b6b7+` promotes, `b6b7` does not), so only a token that leaves
/// the piece open (`e7e8` in chess) asks.
pub(crate) fn typed_choice(pos: &Position, text: &str) -> Option<Vec<Move>> {
    let legal = pos.legal_moves();
    let piece_letter = text
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() && pos.variant().kind_by_letter(c).is_some());
    let choices: Vec<Move> = if coord::looks_like_token(text) && !piece_letter {
        match coord::parse(pos, text) {
            Err(coord::CoordError::NeedsChoice(_)) => {
                let typed = text.to_ascii_lowercase();
                legal
                    .into_iter()
                    .filter(|m| coord::format(pos.variant(), m).starts_with(&typed))
                    .collect()
            }
            _ => return None,
        }
    } else {
        match san::parse(pos, text) {
            Ok(mv) if mv.promotion.is_none() => legal
                .into_iter()
                .filter(|m| m.from == mv.from && m.to == mv.to && m.recipient == mv.recipient)
                .collect(),
            Err(san::SanError::Ambiguous { candidates, .. }) => candidates
                .iter()
                .filter_map(|c| san::parse(pos, c).ok())
                .collect(),
            _ => return None,
        }
    };
    let first = *choices.first()?;
    let one_move = choices
        .iter()
        .all(|m| m.from == first.from && m.to == first.to);
    (choices.len() > 1 && one_move && choices.iter().any(|m| m.promotion.is_some()))
        .then_some(choices)
}

fn piece_name(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => format!("the {} on {sq}", pos.variant().piece(p.kind()).name),
        None => format!("{sq}"),
    }
}

/// Squares of the last move (castling: the King's), for highlighting.
pub fn last_move_squares(play: &Play) -> crate::rules::SquareSet {
    play.table
        .game()
        .history()
        .last()
        .map_or(0, |m| m.mv.from.bit() | m.mv.to.bit())
}

/// Material captured so far: (captured by White, captured by Black), in capture order.
pub fn captured(play: &Play) -> ByColor<Vec<crate::rules::Piece>> {
    super::widgets::material::captured(play.table.game().history().iter().map(|m| &m.mv))
}

/// Keeping the game on disk: what to write when, and what the answers mean.
impl Play {
    /// Whether the game has anything worth keeping: a move, or an end.
    fn worth_keeping(&self) -> bool {
        !self.table.game().history().is_empty() || self.table.game().outcome().is_some()
    }

    /// Whether leaving now would lose the game: there is something worth keeping, it
    /// cannot be kept in the data directory (there is none, or the last write failed) and
    /// no copy of it was written elsewhere. (A write asked for but not yet done is not a
    /// loss: the event loop does it before it ends.)
    pub fn unsaved(&self, saving: bool) -> bool {
        self.worth_keeping()
            && self.copy.as_ref().map(|c| c.1) != Some(self.generation)
            && (!saving || self.save_error.is_some())
    }

    /// The write this state of the game needs, if not asked for yet: the game in play
    /// after every change, or, once it is over, keeping it in the games folder.
    pub(super) fn save_request(&mut self) -> Option<IoRequest> {
        let finished = self.table.game().outcome().is_some();
        if finished && self.meta.ended.is_none() {
            self.meta.ended = Some(Timestamp::now());
        }
        if !finished {
            self.meta.ended = None;
        }
        // A game on the server is kept by the server, in each player's store.
        if self.seat.is_online() || !self.worth_keeping() || self.requested == Some(self.generation)
        {
            return None;
        }
        self.requested = Some(self.generation);
        let (game_id, generation, game) = (self.game_id, self.generation, self.saved());
        Some(if finished {
            IoRequest::Finish {
                game_id,
                generation,
                game,
            }
        } else {
            IoRequest::Keep {
                game_id,
                generation,
                game,
            }
        })
    }

    /// Rows the message area wants at `width` columns: the message line, and the lines of a
    /// failed save's message wrapped under it.
    pub fn message_rows(&self, width: u16) -> u16 {
        // Messages are drawn one column in from the edge.
        let width = width.saturating_sub(1).max(1);
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let typing = u16::from(self.typed_text().is_some());
        let message = self
            .shown_message()
            .map_or(0, |m| count(message_paragraph(&m.text).line_count(width)));
        let save = self.save_error.as_ref().map_or(0, |e| {
            count(save_error_paragraph(e, width, u16::MAX).line_count(width))
        });
        (typing + message + save).max(1)
    }

    /// The message to show under the board: while typing only a refusal (the typed text
    /// and its candidates take the first line), otherwise the last message.
    pub fn shown_message(&self) -> Option<&Message> {
        self.message
            .as_ref()
            .filter(|m| self.typed_text().is_none() || m.error)
    }

    /// Asks for the current state to be written again (a comment, a name, a retry).
    pub(super) fn write_again(&mut self) {
        self.requested = None;
    }

    /// The answer to a write of state `generation`.
    pub(super) fn kept(
        &mut self,
        generation: u64,
        finished: bool,
        result: &Result<PathBuf, String>,
        shown: &dyn Fn(&std::path::Path) -> String,
    ) {
        match result {
            Ok(path) => {
                self.file = Some(path.clone());
                self.on_disk = Some(self.on_disk.map_or(generation, |g| g.max(generation)));
                if let Some(Question::Unsaved(_)) = self.question {
                    // The retry asked for on leaving worked: nothing is lost now.
                    self.question = None;
                }
                if self.save_error.take().is_some() {
                    self.info(&format!("saved again: {}", shown(path)));
                } else if finished {
                    self.info(&format!("game over; kept in {}", shown(path)));
                }
            }
            Err(e) => {
                self.save_error = Some(e.clone());
            }
        }
    }

    /// The answer to writing a copy of state `generation` where the player asked.
    /// True when the copy is written (the player may leave as meant).
    pub(super) fn copied(&mut self, generation: u64, result: &Result<PathBuf, String>) -> bool {
        match result {
            Ok(path) => {
                self.copy = Some((path.clone(), generation));
                self.info(&format!("game written to {}", path.display()));
                true
            }
            Err(e) => {
                self.error(format!("{e}; try another file (Esc cancels)"));
                false
            }
        }
    }

    /// Asks what to do with a game that is not on disk before leaving it.
    pub(super) fn ask_unsaved(&mut self, then: Leave) {
        if self.lifted().is_some() {
            self.mode = Mode::Normal;
        }
        self.question = Some(Question::Unsaved(then));
        // Perhaps the disk has room again: try once more before the player answers.
        self.write_again();
    }

    /// Opens the prompt for a file to write the game to, with a name in the current folder
    /// suggested.
    pub(super) fn ask_copy_path(&mut self, then: Leave) {
        let (y, mo, d) = self.meta.started.date();
        let (h, mi, s) = self.meta.started.time_of_day();
        let id = self.table.game().position().variant().id().to_string();
        self.question = None;
        self.open_prompt(
            Prompt::CopyPath(then),
            format!("rankup-{id}-{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}.ron"),
        );
        self.info("file to write the game to (Enter writes it, Esc goes back)");
    }
}

/// A message under the board, wrapped at words (drawn one column in from the edge, so
/// it wraps at `width - 1`).
pub fn message_paragraph(text: &str) -> ratatui::widgets::Paragraph<'static> {
    ratatui::widgets::Paragraph::new(text.to_string()).wrap(ratatui::widgets::Wrap { trim: true })
}

/// A failed save's message (`error` says what failed, where), wrapped at words into at
/// most `rows` rows of `width` columns: the longest wording that fits (what happens next is
/// the first thing dropped, what failed and where the last).
pub fn save_error_paragraph(
    error: &str,
    width: u16,
    rows: u16,
) -> ratatui::widgets::Paragraph<'static> {
    let error = crate::text::sanitize(error);
    let wordings = [
        format!(
            "NOT SAVED: {error}. Kept in memory, tried again after each move; \
             q asks where to write it."
        ),
        format!("NOT SAVED: {error}; q asks where to write it."),
        format!("NOT SAVED: {error}"),
    ];
    let paragraph = |text: &String| {
        ratatui::widgets::Paragraph::new(text.clone()).wrap(ratatui::widgets::Wrap { trim: true })
    };
    wordings
        .iter()
        .map(paragraph)
        .find(|p| p.line_count(width.max(1)) <= usize::from(rows))
        .unwrap_or_else(|| paragraph(&wordings[2]))
}
