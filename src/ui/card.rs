//! The cards that cover a screen until they are closed: help (the keys of the screen under
//! it) and the rules card of the game in play. Both scroll: the offset is part of the card,
//! and only Esc, q or ? close it.

pub(crate) mod view;

use crate::rules::Square;
use crate::ui::action::Action;
use crate::ui::widgets::scroll::{Scroll, ScrollStep};

/// A full-screen card over the current screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    /// The key list.
    Help {
        /// How far it is scrolled.
        scroll: Scroll,
    },
    /// The current game's rules and pieces.
    Rules {
        /// Index of the piece shown on the diagram.
        piece: usize,
        /// Square the piece stands on in the diagram.
        square: Square,
        /// How far the text is scrolled.
        scroll: Scroll,
    },
}

impl Card {
    /// The help card, from its top.
    pub fn help() -> Card {
        Card::Help {
            scroll: Scroll::default(),
        }
    }

    /// The rules card from its top, the first piece on `square` of the diagram.
    pub fn rules(square: Square) -> Card {
        Card::Rules {
            piece: 0,
            square,
            scroll: Scroll::default(),
        }
    }

    /// How far the card is scrolled.
    pub fn scroll(&self) -> Scroll {
        match self {
            Card::Help { scroll } | Card::Rules { scroll, .. } => *scroll,
        }
    }

    /// The card scrolled to `to`.
    pub fn with_scroll(mut self, to: Scroll) -> Card {
        match &mut self {
            Card::Help { scroll } | Card::Rules { scroll, .. } => *scroll = to,
        }
        self
    }
}

/// The scroll an action asks of a card, if it asks for one.
pub fn scroll_step(action: &Action) -> Option<ScrollStep> {
    match action {
        Action::Scroll(n) => Some(ScrollStep::Lines(*n)),
        Action::ScrollPage(n) => Some(ScrollStep::Pages(*n)),
        Action::Home => Some(ScrollStep::Top),
        Action::End => Some(ScrollStep::Bottom),
        _ => None,
    }
}
