//! The start screen: the games, the opponent, side and clock, and the unfinished games.

use crate::ai::Level;
use crate::rules::{ByColor, Color};
use crate::save::SavedGame;
use crate::variants::VariantId;

use super::action::{Action, Dir};
use super::app::Message;

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

pub(super) fn menu_update(menu: &mut Menu, action: Action) {
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
