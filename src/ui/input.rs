//! The key map: which key means which [`Action`] in which context. Pure and table-like, so
//! the help screen and the tests read the same facts.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::{Action, Dir};

/// Where keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// The start screen.
    Menu,
    /// The board, cursor mode.
    Board,
    /// Typing a move.
    Typing,
    /// A picker of the choices a move carries.
    Picker,
    /// A yes/no question.
    Confirm,
    /// The game could not be saved: write it elsewhere, leave without it, or go back.
    Unsaved,
    /// The help screen or the rules card.
    Card,
    /// The games browser.
    Browser,
    /// Reviewing a saved game.
    Review,
    /// The server's lobby.
    Lobby,
    /// The lobby's challenge form.
    LobbyForm,
    /// The lessons screen: its lists, and a step on the board.
    Learn,
    /// Watching a game on the server: the spectator's keys only (no moves, offers or
    /// claims).
    Watching,
    /// The server's archive of finished games: letters type ahead (they filter).
    Archive,
}

/// The action for `key` in `context`, if any.
pub fn action_for(context: Context, key: KeyEvent) -> Option<Action> {
    use Action::*;
    use KeyCode::*;
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, Char('c')) {
        return Some(ForceQuit);
    }
    let arrows = |code: KeyCode| match code {
        Up => Some(Move(Dir::Up)),
        Down => Some(Move(Dir::Down)),
        Left => Some(Move(Dir::Left)),
        Right => Some(Move(Dir::Right)),
        _ => None,
    };
    match context {
        Context::Typing => match key.code {
            Enter => Some(Submit),
            Esc => Some(Cancel),
            KeyCode::Backspace => Some(Action::Backspace),
            Up => Some(Move(Dir::Up)),
            Down => Some(Move(Dir::Down)),
            Char(c) if !ctrl => Some(Type(c)),
            _ => None,
        },
        Context::Confirm => match key.code {
            Char('y') | Char('Y') | Enter => Some(Confirm(true)),
            Char('n') | Char('N') | Esc => Some(Confirm(false)),
            _ => None,
        },
        // Enter must never be the key that loses a game.
        Context::Unsaved => match key.code {
            Char('w') | Char('W') | Enter => Some(WriteElsewhere),
            Char('y') | Char('Y') => Some(Confirm(true)),
            Char('n') | Char('N') | Esc => Some(Confirm(false)),
            _ => None,
        },
        Context::Picker => match key.code {
            Up | Char('k') => Some(Move(Dir::Up)),
            Down | Char('j') => Some(Move(Dir::Down)),
            Enter | Char(' ') => Some(Select),
            Esc => Some(Cancel),
            Char(c @ '1'..='9') => Some(Choose(c as usize - '1' as usize)),
            _ => None,
        },
        // Only the keys that say so close a card: a stray key leaves it open.
        Context::Card => match key.code {
            Up | Char('k') => Some(Scroll(-1)),
            Down | Char('j') => Some(Scroll(1)),
            PageUp => Some(ScrollPage(-1)),
            PageDown => Some(ScrollPage(1)),
            KeyCode::Home | Char('g') => Some(Action::Home),
            KeyCode::End | Char('G') => Some(Action::End),
            Tab => Some(Next),
            BackTab => Some(Previous),
            Left | Char('h') => Some(Move(Dir::Left)),
            Right | Char('l') => Some(Move(Dir::Right)),
            Char('K') => Some(Move(Dir::Up)),
            Char('J') => Some(Move(Dir::Down)),
            Esc | Char('q') | Char('?') => Some(Cancel),
            _ => None,
        },
        Context::Menu => match key.code {
            Up | Char('k') => Some(Move(Dir::Up)),
            Down | Char('j') => Some(Move(Dir::Down)),
            Left | Char('h') => Some(Move(Dir::Left)),
            Right | Char('l') => Some(Move(Dir::Right)),
            Tab => Some(Next),
            BackTab => Some(Previous),
            Enter => Some(Start),
            Esc => Some(Cancel),
            Char('q') => Some(Quit),
            Char('?') => Some(Help),
            Char('r') => Some(Resume),
            Char('b') => Some(Browse),
            Char('L') => Some(Action::Learn),
            Char('P') => Some(Action::Puzzles),
            _ => None,
        },
        Context::Learn => arrows(key.code).or(match key.code {
            Char('k') => Some(Move(Dir::Up)),
            Char('j') => Some(Move(Dir::Down)),
            Enter | Char(' ') => Some(Select),
            Esc => Some(Cancel),
            Char(':') | Char('/') | Char('i') => Some(StartTyping),
            Char('h') => Some(Hint),
            Char('u') => Some(Undo),
            Char('f') => Some(Flip),
            Char('g') => Some(ToggleGlyphs),
            Char('?') => Some(Help),
            Char('q') => Some(Quit),
            _ => None,
        }),
        Context::Lobby => match key.code {
            Up | Char('k') => Some(Move(Dir::Up)),
            Down | Char('j') => Some(Move(Dir::Down)),
            Tab | Right | Char('l') => Some(Next),
            BackTab | Left | Char('h') => Some(Previous),
            Enter => Some(Start),
            Char('c') => Some(Challenge),
            Char('s') => Some(Seek),
            Char('d') => Some(Decline),
            Char('a') => Some(PlayAi),
            Char('b') => Some(Browse),
            Char('L') => Some(Action::Learn),
            Char('P') => Some(Action::Puzzles),
            Char('i') => Some(PlayerCard),
            Char('A') => Some(Action::Archive),
            // Closes a player's card (nothing else in the lobby).
            Esc => Some(Cancel),
            Char('?') => Some(Help),
            Char('q') => Some(Quit),
            _ => None,
        },
        // Letters type ahead (they filter the games by a player's or the game's name).
        Context::Archive => arrows(key.code).or(match key.code {
            PageUp => Some(ScrollPage(-1)),
            PageDown => Some(ScrollPage(1)),
            Enter => Some(Select),
            Tab => Some(ShowPgn),
            Esc => Some(Cancel),
            KeyCode::Backspace => Some(Action::Backspace),
            Char(c) if !ctrl => Some(Type(c)),
            _ => None,
        }),
        // Letters type ahead on the game field (they filter the games).
        Context::LobbyForm => arrows(key.code).or(match key.code {
            Tab => Some(Next),
            BackTab => Some(Previous),
            Enter => Some(Start),
            Esc => Some(Cancel),
            KeyCode::Backspace => Some(Action::Backspace),
            Char(c) if !ctrl => Some(Type(c)),
            _ => None,
        }),
        Context::Watching => match key.code {
            Char('f') => Some(Flip),
            Char('g') => Some(ToggleGlyphs),
            Char('m') => Some(ToggleMouse),
            Char('c') => Some(Rules),
            Char('t') => Some(Chat),
            Char('y') => Some(CopyPosition),
            Char('Y') => Some(CopyGame),
            PageUp => Some(Scroll(-10)),
            PageDown => Some(Scroll(10)),
            Char('[') => Some(Scroll(-1)),
            Char(']') => Some(Scroll(1)),
            Esc | Char('n') => Some(Cancel),
            Char('?') => Some(Help),
            Char('q') => Some(Quit),
            _ => None,
        },
        Context::Browser => match key.code {
            Up | Char('k') => Some(Move(Dir::Up)),
            Down | Char('j') => Some(Move(Dir::Down)),
            KeyCode::Home | Char('g') => Some(Action::Home),
            KeyCode::End | Char('G') => Some(Action::End),
            Enter => Some(Select),
            Char('c') | Char('p') => Some(PlayFromHere),
            Char('s') => Some(Sort),
            Char('d') | KeyCode::Delete => Some(Action::Delete),
            Char('u') => Some(Undo),
            Char('R') => Some(Action::Rename),
            Esc | Char('q') => Some(Cancel),
            Char('?') => Some(Help),
            _ => None,
        },
        Context::Review => arrows(key.code).or(match key.code {
            Char('h') => Some(Move(Dir::Left)),
            Char('l') => Some(Move(Dir::Right)),
            Char('k') => Some(Move(Dir::Up)),
            Char('j') => Some(Move(Dir::Down)),
            KeyCode::Home | Char('g') => Some(Action::Home),
            KeyCode::End | Char('G') => Some(Action::End),
            Char(':') | Char('/') => Some(StartTyping),
            Char('f') => Some(Flip),
            Char('e') | Char('H') => Some(Hint),
            Char('p') => Some(PlayFromHere),
            Char('x') => Some(Export),
            Char('v') => Some(ShowPgn),
            PageUp => Some(ScrollPage(-1)),
            PageDown => Some(ScrollPage(1)),
            Char('a') => Some(Action::Analyse),
            Char('n') => Some(Next),
            Char('N') => Some(Previous),
            Char('r') => Some(Action::Retry),
            Char('y') => Some(CopyPosition),
            Char('Y') => Some(CopyGame),
            Char('?') => Some(Help),
            Esc | Char('q') => Some(Cancel),
            _ => None,
        }),
        Context::Board => arrows(key.code).or(match key.code {
            Char('k') => Some(Move(Dir::Up)),
            Char('j') => Some(Move(Dir::Down)),
            Char('h') => Some(Move(Dir::Left)),
            Char('l') => Some(Move(Dir::Right)),
            Enter | Char(' ') => Some(Select),
            Esc => Some(Cancel),
            Char(':') | Char('/') | Char('i') => Some(StartTyping),
            Char('u') => Some(Undo),
            Char('r') => Some(Redo),
            Char('f') => Some(Flip),
            Char('g') => Some(ToggleGlyphs),
            Char('m') => Some(ToggleMouse),
            Char('?') => Some(Help),
            Char('c') => Some(Rules),
            Char('n') => Some(NewGame),
            Char('R') => Some(Resign),
            Char('D') => Some(OfferDraw),
            Char('H') => Some(Hint),
            Char('S') => Some(SaveAs),
            Char('t') => Some(Chat),
            Char('C') => Some(Claim),
            Char(';') => Some(Comment),
            Char('y') => Some(CopyPosition),
            Char('Y') => Some(CopyGame),
            Char('q') => Some(Quit),
            PageUp => Some(Scroll(-10)),
            PageDown => Some(Scroll(10)),
            Char('[') => Some(Scroll(-1)),
            Char(']') => Some(Scroll(1)),
            _ => None,
        }),
    }
}

/// The keys of the board screen, for the help screen: (keys, what they do).
pub const BOARD_KEYS: &[(&str, &str)] = &[
    ("arrows / h j k l", "move the cursor"),
    ("Enter / Space", "pick up a piece / drop it on a target"),
    (
        "Esc",
        "put the piece back, close a dialog, cancel a premove",
    ),
    (
        ": or / or i",
        "type a move (SAN like Nf3, or e2e4, e7e8=q, b6b7+)",
    ),
    (
        "u / r",
        "undo / redo a move (a finished game stays as played)",
    ),
    ("f", "flip the board"),
    ("g", "Unicode glyphs or letters"),
    ("m", "mouse clicks on/off (off lets you select text)"),
    ("c", "rules card: special rules and how each piece moves"),
    ("[ ] PgUp PgDn", "scroll the move list"),
    ("H", "hint: what the AI would play"),
    ("S", "save under a name (games are also saved every move)"),
    (";", "comment on the last move (saved, shown in review)"),
    (
        "y / Y",
        "copy the position string / the game as PGN to the clipboard (OSC 52)",
    ),
    ("D", "offer a draw / accept the opponent's offer"),
    ("R", "resign"),
    (
        "n",
        "new game (start screen; Esc there comes back); on the server, back to the lobby",
    ),
    (
        "t / C",
        "on the server: chat / claim a game your opponent left",
    ),
    ("?", "this help"),
    ("q / Ctrl-C", "quit (q asks first during a game)"),
];

/// The keys of a spectator on the server, for the help screen.
pub const WATCH_KEYS: &[(&str, &str)] = &[
    ("t", "chat to the players and spectators"),
    ("f", "flip the board"),
    ("g", "Unicode glyphs or letters"),
    ("m", "mouse clicks on/off (off lets you select text)"),
    ("c", "rules card: special rules and how each piece moves"),
    ("[ ] PgUp PgDn", "scroll the move list"),
    (
        "y / Y",
        "copy the position string / the game as PGN to the clipboard (OSC 52)",
    ),
    ("Esc / n", "back to the lobby"),
    ("?", "this help"),
    ("q / Ctrl-C", "disconnect"),
];

/// The keys of the help and the rules card, for the help screen.
pub const CARD_KEYS: &[(&str, &str)] = &[
    ("↑ ↓ / k j", "scroll a line"),
    ("PgUp PgDn", "scroll a page"),
    ("Home End / g G", "the top / the end"),
    ("Tab Shift-Tab", "rules card: the next / previous piece"),
    ("h l K J", "rules card: move the piece on the diagram"),
    ("Esc / q / ?", "close"),
];

/// The action for a mouse wheel turn in `context` (`down`: toward the end), if any: it
/// scrolls the help and the rules card.
pub fn wheel_action(context: Context, down: bool) -> Option<Action> {
    match context {
        Context::Card => Some(Action::Scroll(if down { 3 } else { -3 })),
        _ => None,
    }
}

/// The keys of review mode, for the help screen.
pub const REVIEW_KEYS: &[(&str, &str)] = &[
    ("← → / h l", "one move back / forward"),
    ("↑ ↓ / k j", "one full move back / forward"),
    ("Home End / g G", "the start / the end"),
    (": or /", "type a move number, Enter jumps there"),
    ("f", "flip the board"),
    (
        "e",
        "engine on/off: its score and line for each position shown; it fills in the graph",
    ),
    ("p", "play on from the shown position (a new game)"),
    (
        "x",
        "export the game as PGN next to its file (a server game: in your saves folder)",
    ),
    (
        "v",
        "the game's PGN as plain text, to select and copy (↑↓ PgUp PgDn scroll, Esc back)",
    ),
    (
        "a",
        "analyse the whole game: marks ?! ? ?? with the better move, accuracy (a or Esc stops)",
    ),
    ("n / N", "the next / previous marked move"),
    (
        "r",
        "retry: play the position before the marked move against the AI",
    ),
    (
        "y / Y",
        "copy the shown position's string / the game as PGN (OSC 52)",
    ),
    (
        "Esc / q",
        "back: to the browser or start screen, or to the shell (rankup review FILE)",
    ),
];

/// The keys of the server's lobby, for the help screen.
pub const LOBBY_KEYS: &[(&str, &str)] = &[
    (
        "↑ ↓ / k j",
        "choose a row; past a list's end into the next list",
    ),
    (
        "← → / Tab",
        "the next / previous list: challenges, players, games",
    ),
    (
        "Enter",
        "accept a challenge / challenge a player / watch a game",
    ),
    (
        "c",
        "challenge the chosen player (game: type to filter; side, clock)",
    ),
    ("s", "post an open seek anyone may accept"),
    ("d", "decline a challenge (or withdraw your own)"),
    ("a", "play the AI (at the level you last chose)"),
    ("b", "your saved games on this server"),
    (
        "L",
        "lessons: a course per game, your progress kept on this server",
    ),
    (
        "P",
        "puzzles: find the winning line, your puzzle rating kept on this server",
    ),
    (
        "i",
        "the chosen player's card (or yours): key, ratings, record, last games",
    ),
    (
        "A",
        "the archive: every finished game on the server (on a card: that player's)",
    ),
    ("q", "disconnect"),
];

/// The keys of the lessons screen, for the help screen.
pub const LEARN_KEYS: &[(&str, &str)] = &[
    (
        "↑ ↓ / k j",
        "choose a game or a lesson; on the board, move the cursor",
    ),
    (
        "Enter / Space",
        "open it; on the board, lift a piece / drop it",
    ),
    (": or / or i", "type a move (SAN or a token)"),
    ("h", "the step's hint"),
    ("u", "start the step again"),
    ("f", "flip the board"),
    ("Esc", "back: to the lessons, the games, the start screen"),
    ("q", "quit"),
];

/// The keys of the games browser, for the help screen.
pub const BROWSER_KEYS: &[(&str, &str)] = &[
    ("↑ ↓ / k j", "choose a game"),
    ("Enter", "review it"),
    ("c", "play on from its last move"),
    ("s", "sort by date, game, result or length"),
    (
        "d / Delete",
        "delete it (asks; it goes to the trash folder)",
    ),
    ("u", "undo the last delete"),
    ("R", "rename it (Enter renames, Esc cancels)"),
    ("Esc / q", "back to the start screen"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEventKind;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn board_keys_map_as_documented() {
        use Action::*;
        let c = Context::Board;
        assert_eq!(action_for(c, key(KeyCode::Left)), Some(Move(Dir::Left)));
        assert_eq!(action_for(c, key(KeyCode::Char('k'))), Some(Move(Dir::Up)));
        assert_eq!(action_for(c, key(KeyCode::Enter)), Some(Select));
        assert_eq!(action_for(c, key(KeyCode::Char(' '))), Some(Select));
        assert_eq!(action_for(c, key(KeyCode::Esc)), Some(Cancel));
        assert_eq!(action_for(c, key(KeyCode::Char(':'))), Some(StartTyping));
        assert_eq!(action_for(c, key(KeyCode::Char('u'))), Some(Undo));
        assert_eq!(action_for(c, key(KeyCode::Char('r'))), Some(Redo));
        assert_eq!(action_for(c, key(KeyCode::Char('f'))), Some(Flip));
        assert_eq!(action_for(c, key(KeyCode::Char('?'))), Some(Help));
        assert_eq!(action_for(c, key(KeyCode::Char('R'))), Some(Resign));
        assert_eq!(action_for(c, key(KeyCode::Char('q'))), Some(Quit));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for(c, ctrl_c), Some(ForceQuit));
        assert_eq!(action_for(Context::Typing, ctrl_c), Some(ForceQuit));
    }

    #[test]
    fn typing_takes_letters_that_are_commands_elsewhere() {
        for ch in ['u', 'r', 'f', 'q', 'N', 'x', '=', '+'] {
            assert_eq!(
                action_for(Context::Typing, key(KeyCode::Char(ch))),
                Some(Action::Type(ch))
            );
        }
        assert_eq!(
            action_for(Context::Typing, key(KeyCode::Enter)),
            Some(Action::Submit)
        );
        let mut release = key(KeyCode::Char('a'));
        release.kind = KeyEventKind::Release;
        // The event loop drops releases; the map itself is kind-agnostic.
        assert_eq!(
            action_for(Context::Typing, release),
            Some(Action::Type('a'))
        );
    }

    #[test]
    fn review_and_browser_keys_map_as_documented() {
        use Action::*;
        for (ch, want) in [
            ('h', Move(Dir::Left)),
            ('l', Move(Dir::Right)),
            ('k', Move(Dir::Up)),
            ('j', Move(Dir::Down)),
            ('g', Home),
            ('G', End),
            (':', StartTyping),
            ('f', Flip),
            ('e', Hint),
            ('p', PlayFromHere),
            ('x', Export),
            ('a', Analyse),
            ('n', Next),
            ('N', Previous),
            ('r', Retry),
            ('q', Cancel),
        ] {
            assert_eq!(
                action_for(Context::Review, key(KeyCode::Char(ch))),
                Some(want)
            );
            assert!(
                REVIEW_KEYS.iter().any(|(k, _)| k.contains(ch)),
                "{ch} documented"
            );
        }
        for (ch, want) in [
            ('c', PlayFromHere),
            ('s', Sort),
            ('q', Cancel),
            ('j', Move(Dir::Down)),
            ('d', Delete),
            ('u', Undo),
            ('R', Rename),
        ] {
            assert_eq!(
                action_for(Context::Browser, key(KeyCode::Char(ch))),
                Some(want)
            );
            assert!(
                BROWSER_KEYS.iter().any(|(k, _)| k.contains(ch)),
                "{ch} documented"
            );
        }
        assert_eq!(
            action_for(Context::Browser, key(KeyCode::Enter)),
            Some(Select)
        );
        assert_eq!(
            action_for(Context::Menu, key(KeyCode::Char('r'))),
            Some(Resume)
        );
        assert_eq!(
            action_for(Context::Menu, key(KeyCode::Char('b'))),
            Some(Browse)
        );
        assert_eq!(
            action_for(Context::Board, key(KeyCode::Char(';'))),
            Some(Comment)
        );
    }

    #[test]
    fn card_keys_scroll_and_only_esc_q_and_question_mark_close() {
        use Action::*;
        let c = Context::Card;
        for (code, want) in [
            (KeyCode::Up, Scroll(-1)),
            (KeyCode::Char('j'), Scroll(1)),
            (KeyCode::PageDown, ScrollPage(1)),
            (KeyCode::PageUp, ScrollPage(-1)),
            (KeyCode::Home, Home),
            (KeyCode::Char('G'), End),
            (KeyCode::Tab, Next),
            (KeyCode::BackTab, Previous),
            (KeyCode::Char('J'), Move(Dir::Down)),
            (KeyCode::Esc, Cancel),
            (KeyCode::Char('q'), Cancel),
            (KeyCode::Char('?'), Cancel),
        ] {
            assert_eq!(action_for(c, key(code)), Some(want), "{code:?}");
        }
        for code in [KeyCode::Char('x'), KeyCode::Char('n'), KeyCode::Enter] {
            assert_eq!(
                action_for(c, key(code)),
                None,
                "{code:?} leaves the card open"
            );
        }
        for k in ["k j", "PgUp PgDn", "g G", "Tab", "Esc / q / ?"] {
            assert!(CARD_KEYS.iter().any(|(keys, _)| keys.contains(k)), "{k}");
        }
        assert_eq!(wheel_action(c, true), Some(Scroll(3)));
        assert_eq!(wheel_action(Context::Board, true), None);
    }

    #[test]
    fn a_spectator_has_only_the_spectator_keys() {
        use Action::*;
        let c = Context::Watching;
        for (ch, want) in [
            ('t', Chat),
            ('f', Flip),
            ('n', Cancel),
            ('q', Quit),
            ('?', Help),
            ('Y', CopyGame),
        ] {
            assert_eq!(action_for(c, key(KeyCode::Char(ch))), Some(want), "{ch}");
            assert!(WATCH_KEYS.iter().any(|(k, _)| k.contains(ch)), "{ch}");
        }
        // Nothing that moves, offers, resigns, claims, takes back or asks the engine.
        for ch in [':', 'i', 'u', 'r', 'D', 'R', 'C', 'H', 'S', ';'] {
            assert_eq!(action_for(c, key(KeyCode::Char(ch))), None, "{ch}");
        }
        for code in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Left] {
            assert_eq!(action_for(c, key(code)), None, "{code:?}");
        }
    }

    #[test]
    fn every_documented_board_key_is_mapped() {
        for ch in [
            'u', 'r', 'f', 'g', 'm', 'c', 'D', 'R', 'n', '?', 'q', ':', '[', ']',
        ] {
            assert!(
                action_for(Context::Board, key(KeyCode::Char(ch))).is_some(),
                "{ch}"
            );
            assert!(
                BOARD_KEYS.iter().any(|(k, _)| k.contains(ch)),
                "{ch} documented"
            );
        }
    }
}
