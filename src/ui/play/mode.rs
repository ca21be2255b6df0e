//! What the keys do on the play screen: move the cursor, carry a lifted piece, type a move
//! or a prompt's text, each with what it holds, in one [`Mode`] so that only the
//! combinations that exist can be built. A question ([`Play::question`]) is asked over any
//! of them and leaves it as it was.

use crate::rules::Square;

use super::{Picker, Play, Prompt};

/// What the keys are doing on the play screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The cursor moves over the board; Enter lifts a piece.
    #[default]
    Normal,
    /// A piece is lifted from `from`; `picker` is open when the square it was dropped on
    /// offers a choice (promote or not, to what). Esc closes the picker and keeps the piece
    /// lifted.
    Lifted {
        /// The lifted piece's square.
        from: Square,
        /// The choices of the move to the square it was dropped on.
        picker: Option<Picker>,
    },
    /// A move being typed.
    Typing(TypedMove),
    /// Text typed for something other than a move (a name, a comment, a file, a chat line).
    Prompt {
        /// What the text is for.
        prompt: Prompt,
        /// The text so far.
        text: String,
    },
}

/// A move being typed, with what goes with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypedMove {
    /// The text so far.
    pub text: String,
    /// The entry of [`Play::typed_moves`] shown, while browsing them with ↑↓.
    pub recall: Option<usize>,
    /// The text was refused: the next character that starts a move replaces it.
    pub stale: bool,
    /// Open when the typed move left a choice to make (promote or not, to what). Esc
    /// closes it and goes back to the text.
    pub picker: Option<Picker>,
}

impl Mode {
    /// Whether the cursor just moves (nothing lifted, nothing typed).
    pub fn is_normal(&self) -> bool {
        matches!(self, Mode::Normal)
    }
}

impl Play {
    /// The lifted piece's square.
    pub fn lifted(&self) -> Option<Square> {
        match self.mode {
            Mode::Lifted { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The open picker, over a lifted piece or a typed move.
    pub fn picker(&self) -> Option<&Picker> {
        match &self.mode {
            Mode::Lifted { picker, .. } => picker.as_ref(),
            Mode::Typing(t) => t.picker.as_ref(),
            _ => None,
        }
    }

    /// The open picker, to move its highlight.
    pub(super) fn picker_mut(&mut self) -> Option<&mut Picker> {
        match &mut self.mode {
            Mode::Lifted { picker, .. } => picker.as_mut(),
            Mode::Typing(t) => t.picker.as_mut(),
            _ => None,
        }
    }

    /// Opens a picker over the current mode (a lifted piece or a typed move).
    pub(super) fn open_picker(&mut self, picker: Picker) {
        let picker = Some(picker);
        match &mut self.mode {
            Mode::Lifted { picker: p, .. } => *p = picker,
            Mode::Typing(t) => t.picker = picker,
            _ => {}
        }
    }

    /// Closes the open picker, back to the lifted piece or the typed text.
    pub(super) fn close_picker(&mut self) {
        match &mut self.mode {
            Mode::Lifted { picker, .. } => *picker = None,
            Mode::Typing(t) => t.picker = None,
            _ => {}
        }
    }

    /// The text being typed: a move or a prompt's.
    pub fn typed_text(&self) -> Option<&str> {
        match &self.mode {
            Mode::Typing(t) => Some(&t.text),
            Mode::Prompt { text, .. } => Some(text),
            _ => None,
        }
    }

    /// What the typed text is for, when it is not a move.
    pub fn prompt(&self) -> Option<Prompt> {
        match self.mode {
            Mode::Prompt { prompt, .. } => Some(prompt),
            _ => None,
        }
    }

    /// Opens typing for `prompt`, starting from `text`.
    pub(crate) fn open_prompt(&mut self, prompt: Prompt, text: String) {
        self.mode = Mode::Prompt { prompt, text };
    }

    /// Closes a prompt, giving what it was for and the text typed.
    pub(crate) fn take_prompt(&mut self) -> Option<(Prompt, String)> {
        match std::mem::take(&mut self.mode) {
            Mode::Prompt { prompt, text } => Some((prompt, text)),
            other => {
                self.mode = other;
                None
            }
        }
    }

    /// The game changed under the player: a lifted piece goes back (it may no longer be
    /// there, or not be theirs to move), and a picker of the old position closes. Typed
    /// text stays.
    pub(crate) fn settle_mode(&mut self) {
        match &mut self.mode {
            Mode::Lifted { .. } => self.mode = Mode::Normal,
            Mode::Typing(t) => t.picker = None,
            Mode::Normal | Mode::Prompt { .. } => {}
        }
    }
}
