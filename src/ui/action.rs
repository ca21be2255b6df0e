//! Everything a player can ask the app to do. Keys and mouse clicks become actions
//! ([`super::input`]); [`super::app::App::update`] is the only place state changes.

use std::path::PathBuf;
use std::time::Instant;

use crate::net::NetEvent;
use crate::rules::Move;
use crate::save::{InPlay, Listing, OpenError, SavedGame, Timestamp};

use super::app::Thinking;
use super::browser::SaveMove;

/// A direction on the board or in a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Toward higher ranks as seen on screen.
    Up,
    /// Toward lower ranks as seen on screen.
    Down,
    /// Toward the left of the screen.
    Left,
    /// Toward the right of the screen.
    Right,
}

/// A request to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the board cursor (or the highlight of a list).
    Move(Dir),
    /// Pick up the piece under the cursor, or drop the lifted one there; choose the
    /// highlighted entry of a list.
    Select,
    /// Put the lifted piece back; close a dialog; leave typing mode.
    Cancel,
    /// Open typing mode.
    StartTyping,
    /// A character typed in typing mode.
    Type(char),
    /// Delete the last typed character.
    Backspace,
    /// Play the typed move.
    Submit,
    /// Choose entry `n` (0-based) of the open picker.
    Choose(usize),
    /// Take back the last move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board around.
    Flip,
    /// Switch between Unicode glyphs and letters.
    ToggleGlyphs,
    /// Switch mouse clicks on or off (off lets the terminal select text).
    ToggleMouse,
    /// Show the key list.
    Help,
    /// Show the rules card of the current game.
    Rules,
    /// Next entry (rules card: next piece; menu: next field).
    Next,
    /// Previous entry.
    Previous,
    /// Scroll by lines: the move list (positive = later moves), or the help or rules card
    /// (positive = further down).
    Scroll(i32),
    /// Scroll the help or rules card by pages (positive = further down).
    ScrollPage(i32),
    /// Leave the game for the start screen.
    NewGame,
    /// Resign (asks first).
    Resign,
    /// Offer a draw, or accept the opponent's offer.
    OfferDraw,
    /// Answer a yes/no question.
    Confirm(bool),
    /// Quit (asks first while a game is in progress).
    Quit,
    /// Quit at once (Ctrl-C, a signal).
    ForceQuit,
    /// A mouse click at a terminal cell.
    Click {
        /// Column.
        col: u16,
        /// Row.
        row: u16,
    },
    /// Time passes (for clocks).
    Tick(Instant),
    /// Start the game chosen on the start screen.
    Start,
    /// Ask the AI what it would play here.
    Hint,
    /// Progress of the search with this request id.
    AiInfo {
        /// The request it answers.
        id: u64,
        /// Depth, score and line so far.
        thinking: Thinking,
    },
    /// The search with this request id finished.
    AiDone {
        /// The request it answers.
        id: u64,
        /// The move found (`None` if there was none).
        best: Option<Move>,
        /// What the search saw.
        thinking: Thinking,
    },
    /// Jump to the first entry (review: the start position).
    Home,
    /// Jump to the last entry (review: the final position).
    End,
    /// Change the order of a list.
    Sort,
    /// Review: play on from the shown position; browser: play on from the saved game's end.
    PlayFromHere,
    /// Review: export the game as PGN.
    Export,
    /// Review: analyse the whole game (again to stop).
    Analyse,
    /// Review: play the position before the shown marked move against the AI.
    Retry,
    /// Start screen: resume the most recently played unfinished game (or, on the list of
    /// unfinished games, the highlighted one).
    Resume,
    /// Start screen: open the games browser.
    Browse,
    /// Start screen: open the lessons.
    Learn,
    /// Start screen: open the puzzles.
    Puzzles,
    /// Write a comment on the last move (saved with the game).
    Comment,
    /// Give the game a name and save it in the games folder (asks for the name).
    SaveAs,
    /// Copy the shown position's string to the clipboard (OSC 52).
    CopyPosition,
    /// Copy the game as PGN to the clipboard (OSC 52).
    CopyGame,
    /// The games list, read from disk.
    Listed(Result<Vec<Listing>, String>),
    /// A saved game read from disk, for review or to play on.
    Loaded {
        /// The file.
        path: PathBuf,
        /// Play on (otherwise review).
        play_on: bool,
        /// The game, or why it could not be loaded.
        result: Result<SavedGame, String>,
    },
    /// A game was written to the games folder.
    Stored {
        /// The game's id within this run of the app.
        game_id: u64,
        /// Where it went, or why it could not be written.
        result: Result<PathBuf, String>,
    },
    /// The game in play was written (or, `finished`, kept in the games folder).
    Kept {
        /// The game's id within this run of the app.
        game_id: u64,
        /// The state of the game that was written.
        generation: u64,
        /// The game was over and has been kept in the games folder.
        finished: bool,
        /// Its file, or what went wrong.
        result: Result<PathBuf, String>,
    },
    /// A copy of the game was written where the player asked.
    Copied {
        /// The game's id within this run of the app.
        game_id: u64,
        /// The state of the game that was written.
        generation: u64,
        /// The file, or what went wrong.
        result: Result<PathBuf, String>,
    },
    /// A game in play opened for resuming (locked for this app), or why it was not.
    Opened {
        /// The id the resumed game gets.
        game_id: u64,
        /// Its file.
        path: PathBuf,
        /// The game, or why it cannot be played here.
        result: Result<SavedGame, OpenError>,
    },
    /// The unfinished games, read from disk at `at`.
    InPlayListed {
        /// When the list was read (for "3 h ago").
        at: Timestamp,
        /// The games, last played first, or why they could not be listed.
        result: Result<Vec<InPlay>, String>,
    },
    /// Browser: delete the highlighted game (asks first; it goes to the trash).
    Delete,
    /// Browser: rename the highlighted game (opens a one-line editor).
    Rename,
    /// A saved game was moved as the browser asked (to the trash, back, or renamed).
    Moved {
        /// The move asked for.
        request: SaveMove,
        /// Where the file is now, or why it was not moved (one line).
        result: Result<PathBuf, String>,
    },
    /// Write the game to a file the player names (when it could not be saved).
    WriteElsewhere,
    /// Lobby: challenge the highlighted player.
    Challenge,
    /// Lobby: post an open seek anyone may accept.
    Seek,
    /// Lobby: decline the highlighted challenge (or withdraw my own).
    Decline,
    /// Lobby: play the AI (the start screen).
    PlayAi,
    /// Lobby: the card of the chosen player (or mine).
    PlayerCard,
    /// Lobby: the server's archive of finished games (from a card: that player's).
    Archive,
    /// Review, archive: the game's PGN as plain text on the screen.
    ShowPgn,
    /// Game on the server: write a chat line.
    Chat,
    /// Game on the server: claim the game of an opponent who left and did not come back.
    Claim,
    /// What the game server's hub says (lobby, room, notices).
    Net(NetEvent),
    /// A file operation's outcome worth telling the player.
    Notice {
        /// The text.
        text: String,
        /// Whether it went wrong.
        error: bool,
    },
}
