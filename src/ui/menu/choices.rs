//! The start screen's choices (game, opponent, side, clock), remembered for the session by
//! the app and across runs in `state.ron` in the data directory (the keeper reads and
//! writes it; the app never touches the disk).
//!
//! The file is rankup's own, rewritten whenever a game starts from the start screen:
//!
//! ```ron
//! (game: "promochess", opponent: "ai-4", side: "black", clock: "5+3")
//! ```
//!
//! Each field is read on its own: one that names nothing rankup knows (a game since
//! removed, a clock no longer offered) keeps its default, the others still apply. A file
//! that is not this shape at all gives the defaults and one line saying so; nothing in it
//! stops rankup.

use serde::{Deserialize, Serialize};

use crate::rules::Color;
use crate::variants::VariantId;

use super::{opponent_choices, Menu, CLOCK_CHOICES};

/// The file's name in the data directory.
pub const STATE_FILE: &str = "state.ron";

/// The largest state file read (it holds one line).
pub const MAX_STATE_BYTES: u64 = 64 * 1024;

/// What the start screen offers first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// The game.
    pub game: VariantId,
    /// Index into [`opponent_choices`].
    pub opponent: usize,
    /// The side at the bottom (the player's, against the AI).
    pub side: Color,
    /// Index into [`CLOCK_CHOICES`].
    pub clock: usize,
}

/// The file as written.
#[derive(Serialize)]
struct Written {
    game: String,
    opponent: String,
    side: &'static str,
    clock: String,
}

/// The file as read: every field a string, each one optional, read leniently.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct StateFile {
    game: Option<String>,
    opponent: Option<String>,
    side: Option<String>,
    clock: Option<String>,
}

/// The stable name of opponent choice `i`: `friend`, `ai-1`..`ai-8`, `watch`.
fn opponent_key(i: usize) -> String {
    let choices = opponent_choices();
    match choices.get(i).map(|c| c.1) {
        Some(levels) if levels.white.is_some() => "watch".into(),
        Some(levels) => match levels.black {
            Some(level) => format!("ai-{}", level.number()),
            None => "friend".into(),
        },
        None => "friend".into(),
    }
}

/// `none` or `5+3`.
fn clock_key(i: usize) -> String {
    match CLOCK_CHOICES.get(i).copied().flatten() {
        Some((m, s)) => format!("{m}+{s}"),
        None => "none".into(),
    }
}

impl Choices {
    /// The choices the start screen shows now.
    pub fn of(menu: &Menu) -> Choices {
        Choices {
            game: menu.game(),
            opponent: menu.opponent,
            side: menu.side,
            clock: menu.clock,
        }
    }

    /// Puts these choices on `menu` (the game only where the menu lists it).
    pub fn apply(&self, menu: &mut Menu, game_too: bool) {
        if game_too {
            menu.select_game(self.game);
        }
        menu.opponent = self.opponent.min(opponent_choices().len() - 1);
        menu.side = self.side;
        menu.clock = self.clock.min(CLOCK_CHOICES.len() - 1);
    }

    /// The file's text.
    pub fn to_ron(&self) -> String {
        let file = Written {
            game: self.game.to_string(),
            opponent: opponent_key(self.opponent),
            side: match self.side {
                Color::White => "white",
                Color::Black => "black",
            },
            clock: clock_key(self.clock),
        };
        let text = ron::to_string(&file).unwrap_or_default();
        format!("// the start screen's last choices, written by rankup\n{text}\n")
    }

    /// Reads the file's text over `defaults`: each field that names something known
    /// replaces its default.
    ///
    /// # Errors
    /// When the text is not the file's shape: the line, column and what is wrong (the
    /// caller uses the defaults).
    pub fn parse(text: &str, defaults: Choices) -> Result<Choices, String> {
        let text = crate::text::strip_bom(text);
        let file: StateFile = if crate::config::is_blank_ron(text) {
            StateFile::default()
        } else {
            crate::input::ron_options().from_str(text).map_err(|e| {
                format!(
                    "line {}, column {}: {}",
                    e.span.start.line,
                    e.span.start.col,
                    crate::text::ron_message(e.code)
                )
            })?
        };
        let mut out = defaults;
        if let Some(game) = file.game.and_then(|g| g.parse::<VariantId>().ok()) {
            out.game = game;
        }
        if let Some(key) = file.opponent {
            if let Some(i) = (0..opponent_choices().len()).find(|&i| opponent_key(i) == key) {
                out.opponent = i;
            }
        }
        match file.side.as_deref() {
            Some("white") => out.side = Color::White,
            Some("black") => out.side = Color::Black,
            _ => {}
        }
        if let Some(key) = file.clock {
            if let Some(i) = (0..CLOCK_CHOICES.len()).find(|&i| clock_key(i) == key) {
                out.clock = i;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> Choices {
        Choices {
            game: VariantId::Chess,
            opponent: 0,
            side: Color::White,
            clock: 0,
        }
    }

    #[test]
    fn every_choice_round_trips() {
        for opponent in 0..opponent_choices().len() {
            for clock in 0..CLOCK_CHOICES.len() {
                for side in [Color::White, Color::Black] {
                    for game in VariantId::ALL {
                        let c = Choices {
                            game,
                            opponent,
                            side,
                            clock,
                        };
                        assert_eq!(Choices::parse(&c.to_ron(), defaults()), Ok(c));
                    }
                }
            }
        }
    }

    #[test]
    fn the_file_is_plain() {
        let c = Choices {
            game: VariantId::Promochess,
            opponent: 4,
            side: Color::Black,
            clock: 2,
        };
        assert_eq!(
            c.to_ron().lines().last(),
            Some(r#"(game:"promochess",opponent:"ai-4",side:"black",clock:"5+3")"#)
        );
    }

    #[test]
    fn unknown_values_keep_their_default_and_the_rest_applies() {
        let text = r#"(game: "nosuchgame", opponent: "ai-9", side: "purple", clock: "5+3")"#;
        let c = Choices::parse(text, defaults()).unwrap();
        assert_eq!(
            c,
            Choices {
                clock: 2,
                ..defaults()
            }
        );
        // Unknown fields (a later version's) are ignored.
        let c = Choices::parse(r#"(side: "black", colour: 3)"#, defaults()).unwrap();
        assert_eq!(c.side, Color::Black);
    }

    #[test]
    fn a_broken_file_says_where() {
        for text in [
            "(game: ",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
            "(game: 3)",
            "\u{0}\u{1}binary",
        ] {
            let e = Choices::parse(text, defaults()).unwrap_err();
            assert!(e.starts_with("line "), "{text:?}: {e}");
        }
        assert_eq!(Choices::parse("// nothing\n", defaults()), Ok(defaults()));
    }
}
