//! Making a move on a board with keys: a cursor, a lifted piece, a picker when the move has
//! choices (a promotion), or a typed move. The state and its update, shared by the screens
//! that let the player move on a position they do not own as a game (lessons, puzzles); each
//! screen draws it with [`BoardInput::decorate`] on its [`BoardWidget`].

use crate::notation;
use crate::rules::{Move, Position, Square};
use crate::ui::action::{Action, Dir};
use crate::ui::play::{step_cursor, typed_choice, Picker};
use crate::ui::widgets::board::BoardWidget;

/// Where a move being made stands.
#[derive(Clone, Debug)]
pub struct BoardInput {
    /// The board cursor.
    pub cursor: Square,
    /// The lifted piece.
    pub lifted: Option<Square>,
    /// Choices of a move (promotion or not), waiting for the player.
    pub picker: Option<Picker>,
    /// A move being typed.
    pub typing: Option<String>,
    /// Black at the bottom.
    pub flipped: bool,
}

/// What an action did to the move being made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Nothing to tell (the cursor moved, a piece was lifted, ...).
    Busy,
    /// The player made this legal move.
    Move(Move),
    /// Why that is not a move, for the message line.
    Refused(String),
    /// Not an action of the board: the screen's own.
    Other,
}

/// The longest move typed, in characters.
const MAX_TYPED: usize = 32;

impl BoardInput {
    /// Input on `pos`, the cursor on the first piece that can move, the side to move at the
    /// bottom.
    pub fn new(pos: &Position) -> BoardInput {
        let cursor = pos
            .legal_moves()
            .first()
            .map_or(pos.royal_square(pos.turn()), |m| m.from);
        BoardInput {
            cursor,
            lifted: None,
            picker: None,
            typing: None,
            flipped: pos.turn() == crate::rules::Color::Black,
        }
    }

    /// Whether keys go to a typed move.
    pub fn typing(&self) -> bool {
        self.typing.is_some()
    }

    /// Whether keys go to the picker.
    pub fn picking(&self) -> bool {
        self.picker.is_some()
    }

    /// Drops what is lifted, picked or typed.
    pub fn reset(&mut self) {
        self.lifted = None;
        self.picker = None;
        self.typing = None;
    }

    /// Changes the input by `action` on `pos`.
    pub fn update(&mut self, pos: &Position, action: Action) -> Input {
        if let Some(text) = &mut self.typing {
            match action {
                Action::Type(c) if text.chars().count() < MAX_TYPED => text.push(c),
                Action::Backspace => {
                    text.pop();
                }
                Action::Cancel => self.typing = None,
                Action::Submit => {
                    let text = self.typing.take().unwrap_or_default();
                    return match typed(pos, text.trim()) {
                        Typed::Move(mv) => Input::Move(mv),
                        Typed::Choose(moves) => {
                            self.picker = Some(Picker::new(pos, moves));
                            Input::Busy
                        }
                        Typed::Wrong(why) => Input::Refused(why),
                    };
                }
                _ => {}
            }
            return Input::Busy;
        }
        if let Some(picker) = &mut self.picker {
            let n = picker.moves.len();
            match action {
                Action::Move(Dir::Up) => picker.index = picker.index.saturating_sub(1),
                Action::Move(Dir::Down) => picker.index = (picker.index + 1).min(n - 1),
                Action::Choose(i) if i < n => picker.index = i,
                _ => {}
            }
            let mv = picker.moves[picker.index.min(n - 1)];
            match action {
                Action::Cancel => self.picker = None,
                Action::Select | Action::Choose(_) => {
                    self.picker = None;
                    return Input::Move(mv);
                }
                _ => {}
            }
            return Input::Busy;
        }
        match action {
            Action::Move(dir) => {
                let shape = pos.variant().shape();
                self.cursor = step_cursor(shape, self.cursor, dir, self.flipped);
            }
            Action::Flip => self.flipped = !self.flipped,
            Action::StartTyping => self.typing = Some(String::new()),
            Action::Cancel if self.lifted.is_some() => self.lifted = None,
            Action::Select => return self.select(pos),
            _ => return Input::Other,
        }
        Input::Busy
    }

    /// Enter on the cursor square: lift a piece, drop it, or say why not.
    fn select(&mut self, pos: &Position) -> Input {
        let here = pos.piece_at(self.cursor);
        let mine = here.is_some_and(|p| p.color() == pos.turn());
        let moves = pos.legal_moves();
        match self.lifted {
            Some(from) if from == self.cursor => self.lifted = None,
            Some(from) => {
                let to_here: Vec<Move> = moves
                    .into_iter()
                    .filter(|m| m.from == from && m.to == self.cursor)
                    .collect();
                match to_here.len() {
                    0 if mine => {
                        self.lifted = None;
                        return self.select(pos);
                    }
                    0 => {
                        return Input::Refused(pos.why_illegal(from, self.cursor).map_or_else(
                            || format!("{from} cannot go to {}", self.cursor),
                            |w| w.to_string(),
                        ));
                    }
                    1 => {
                        self.lifted = None;
                        return Input::Move(to_here[0]);
                    }
                    _ => {
                        self.lifted = None;
                        self.picker = Some(Picker::new(pos, to_here));
                    }
                }
            }
            None if mine && moves.iter().any(|m| m.from == self.cursor) => {
                self.lifted = Some(self.cursor);
            }
            None if mine => return Input::Refused(format!("no legal move from {}", self.cursor)),
            None => return Input::Refused(format!("lift one of {}'s pieces", pos.turn())),
        }
        Input::Busy
    }

    /// Shows the cursor, the lifted piece and where it may go on `board` (of `pos`).
    pub fn decorate(&self, board: &mut BoardWidget<'_>, pos: &Position) {
        board.cursor = self.typing.is_none().then_some(self.cursor);
        board.selected = self.lifted;
        if let Some(from) = self.lifted {
            board.targets = pos
                .legal_moves()
                .iter()
                .filter(|m| m.from == from)
                .fold(0, |a, m| a | m.to.bit());
        }
    }
}

/// What a typed move comes to.
#[derive(Debug)]
enum Typed {
    /// This move.
    Move(Move),
    /// One of these (promote or not, to what), asked with the picker.
    Choose(Vec<Move>),
    /// Not a move here: why, and what to add when the text is the start of some.
    Wrong(String),
}

/// Reads a typed move as a game does: a move that leaves a choice open (promote or not, to
/// what) asks with the picker; text that completes to exactly one legal move is that move
/// (`Kxd2` when only one piece can receive the level); text that completes to several of
/// one piece to one square says what to add (`Kxd2^a1` or `Kxd2^h1`).
fn typed(pos: &Position, text: &str) -> Typed {
    if let Some(moves) = typed_choice(pos, text) {
        return Typed::Choose(moves);
    }
    let e = match notation::parse_move(pos, text) {
        Ok(mv) => return Typed::Move(mv),
        Err(e) => e,
    };
    let completions: Vec<(Move, String)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, notation::san::format(pos, &m)))
        .filter(|(m, san)| {
            !text.is_empty()
                && (san.trim_end_matches(['+', '#']).starts_with(text)
                    || notation::coord::format(pos.variant(), m)
                        .starts_with(&text.to_ascii_lowercase()))
        })
        .collect();
    match completions.as_slice() {
        [(mv, _)] => Typed::Move(*mv),
        [(first, _), ..]
            if completions.iter().all(|(m, _)| {
                m.from == first.from && m.to == first.to && m.recipient.is_some()
            }) =>
        {
            let names: Vec<&str> = completions.iter().map(|(_, san)| san.as_str()).collect();
            Typed::Wrong(format!(
                "say which piece receives the level: {}",
                names.join(" or ")
            ))
        }
        _ => Typed::Wrong(
            notation::explain(pos, text)
                .or_else(|| why_not_san(pos, text))
                .unwrap_or_else(|| e.to_string()),
        ),
    }
}

/// Why SAN naming a piece and a square (`Nxc6`) is not a move here, in the rules' words,
/// when exactly one piece of that kind is the player's: what blocks it and where it can go.
fn why_not_san(pos: &Position, text: &str) -> Option<String> {
    let letter = text.chars().next().filter(char::is_ascii_uppercase)?;
    let kind = pos.variant().kind_by_letter(letter)?;
    let body = text.trim_end_matches(['+', '#']);
    let to = (0..body.len())
        .rev()
        .filter(|&i| body.is_char_boundary(i))
        .find_map(|i| body[i..].parse::<Square>().ok())?;
    let mut mine = crate::rules::Squares(pos.variant().shape().squares())
        .filter(|sq| pos.piece_at(*sq) == Some(crate::rules::Piece::new(pos.turn(), kind)));
    let from = mine.next()?;
    if mine.next().is_some() {
        return None;
    }
    pos.why_illegal(from, to).map(|why| why.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    fn type_move(input: &mut BoardInput, pos: &Position, text: &str) -> Input {
        input.update(pos, Action::StartTyping);
        for c in text.chars() {
            input.update(pos, Action::Type(c));
        }
        input.update(pos, Action::Submit)
    }

    #[test]
    fn typed_text_that_completes_to_one_move_is_that_move() {
        let pos = Position::start(variant(VariantId::Chess));
        let mut input = BoardInput::new(&pos);
        let Input::Move(mv) = type_move(&mut input, &pos, "Nf") else {
            panic!("Nf is Nf3");
        };
        assert_eq!(notation::san::format(&pos, &mv), "Nf3");
        // Several completions: not a move, and the message says why.
        assert!(matches!(
            type_move(&mut input, &pos, "N"),
            Input::Refused(_)
        ));
    }

    #[test]
    fn a_typed_move_with_a_choice_opens_the_picker() {
        let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        let pos = Position::from_fen(variant(VariantId::Chess), fen).unwrap();
        let mut input = BoardInput::new(&pos);
        assert_eq!(type_move(&mut input, &pos, "e7e8"), Input::Busy);
        assert!(input.picking());
        assert!(matches!(
            input.update(&pos, Action::Select),
            Input::Move(mv) if mv.to.to_string() == "e8"
        ));
    }
}
