//! The start screen: the games, the opponent, side and clock, and the unfinished games.

pub mod choices;
pub(crate) mod view;

use std::path::PathBuf;
use std::time::Duration;

use crate::ai::Level;
use crate::rules::{ByColor, Color};
use crate::save::{InPlay, Timestamp};
use crate::variants::{user_files_broken, BrokenFile, VariantId};

use super::action::{Action, Dir};
use super::app::Message;

/// Opponent choices on the start screen: a friend, each AI level, or AI against AI.
pub fn opponent_choices() -> Vec<(String, ByColor<Option<Level>>)> {
    let mut out = vec![("a friend at this keyboard".to_string(), ByColor::default())];
    for level in Level::ALL {
        out.push((
            format!(
                "AI {} ({}): {}",
                level.label(),
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
    /// A player's variant file that could not be used: an index into [`Menu::broken`]
    /// (shown with its error, not selectable).
    Broken(usize),
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
    /// The list of unfinished games (only when there are some).
    Unfinished,
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
    /// The player's variant files that could not be used, with their errors.
    pub broken: Vec<BrokenFile>,
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
    /// The unfinished games (last played first), once read from disk; `None` until then.
    pub unfinished: Option<Vec<InPlay>>,
    /// When that list was read (for "played 3 h ago").
    pub listed_at: Option<Timestamp>,
    /// The highlighted unfinished game.
    pub pick: usize,
    /// The list has been asked for.
    pub(super) list_asked: bool,
    /// A message on the start screen (a broken file, a file error).
    pub notice: Option<Message>,
    /// A game waits behind this screen (it came here with `n`): Esc goes back to it.
    pub back: bool,
    /// That game's file, when it has one (listed among the unfinished games as open,
    /// by this session).
    pub behind_file: Option<PathBuf>,
    /// "Quit rankup?" is asked (Esc on the first screen): y quits, anything else stays.
    pub asking_quit: bool,
    /// Only the AI is offered as the opponent, never "a friend at this keyboard" (on the
    /// server a keyboard is one remote player; people play each other from the lobby).
    pub ai_only: bool,
}

/// What the app should do after a start-screen action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuStep {
    /// Stay on the start screen.
    Stay,
    /// Quit rankup (`q`): at once, unless a game waits behind.
    Quit,
    /// Back (Esc): to the game behind, else the question whether to quit.
    Back,
    /// The player answered yes to "Quit rankup?".
    Exit,
    /// Show the key list.
    Help,
    /// Open the games browser.
    Browse,
    /// Open the lessons.
    Learn,
    /// Open the puzzles.
    Puzzles,
    /// Start a new game with the chosen game, opponent, side and clock.
    Start,
    /// Resume this unfinished game.
    Resume(PathBuf),
}

impl Menu {
    /// The start screen with every game, the Alternate Promotion Chess ones grouped, then
    /// the player's own games under "Your games" with the files that could not be used.
    pub fn new(preselect: Option<VariantId>) -> Menu {
        Menu::with_games(preselect, &VariantId::all(), user_files_broken())
    }

    /// The start screen listing `games` (built-in ones first) and the `broken` files.
    pub fn with_games(
        preselect: Option<VariantId>,
        games: &[VariantId],
        broken: Vec<BrokenFile>,
    ) -> Menu {
        let mut entries = Vec::new();
        let mut apc_header = false;
        for &id in games.iter().filter(|id| id.is_builtin()) {
            if id.as_str().starts_with("apc-") && !apc_header {
                entries.push(MenuEntry::Header("Alternate Promotion Chess"));
                apc_header = true;
            }
            entries.push(MenuEntry::Game(id));
        }
        let user: Vec<VariantId> = games
            .iter()
            .copied()
            .filter(|id| !id.is_builtin())
            .collect();
        if !user.is_empty() || !broken.is_empty() {
            entries.push(MenuEntry::Header("Your games"));
        }
        entries.extend(user.into_iter().map(MenuEntry::Game));
        entries.extend((0..broken.len()).map(MenuEntry::Broken));
        let selected = entries
            .iter()
            .position(|e| preselect.is_some_and(|p| *e == MenuEntry::Game(p)))
            .or_else(|| entries.iter().position(|e| matches!(e, MenuEntry::Game(_))))
            .expect("at least one game");
        Menu {
            entries,
            broken,
            selected,
            field: MenuField::Game,
            side: Color::White,
            clock: 0,
            opponent: 0,
            unfinished: None,
            listed_at: None,
            pick: 0,
            list_asked: false,
            notice: None,
            back: false,
            behind_file: None,
            asking_quit: false,
            ai_only: false,
        }
    }

    /// Offers only the AI as the opponent; a friend chosen before becomes the AI at
    /// `level`.
    pub fn only_ai(&mut self, level: Level) {
        self.ai_only = true;
        if !self.offered(self.opponent) {
            self.opponent = opponent_choices()
                .iter()
                .position(|(_, levels)| levels.black == Some(level) && levels.white.is_none())
                .unwrap_or(1);
        }
    }

    /// Shows the settings of a game left for this screen (with `n`): who played each side
    /// (`levels`: the AI's level per side, `None` for a person), which side was at the
    /// bottom, and its clock. A setting the screen has no choice for (a clock of `1+0.5`)
    /// leaves that field as it was.
    pub fn follow_game(
        &mut self,
        levels: ByColor<Option<Level>>,
        flipped: bool,
        clock: Option<(Duration, Duration)>,
    ) {
        // The player's side: the one the AI does not play, else the one at the bottom.
        self.side = match (levels.white, levels.black) {
            (Some(_), None) => Color::Black,
            (None, Some(_)) => Color::White,
            _ if flipped => Color::Black,
            _ => Color::White,
        };
        // The choices list the AI as Black with the player as White; Black's side turns it.
        let relative = match self.side {
            Color::White => levels,
            Color::Black => ByColor {
                white: levels.black,
                black: levels.white,
            },
        };
        if let Some(i) = opponent_choices()
            .iter()
            .position(|(_, l)| *l == relative)
            .filter(|&i| self.offered(i))
        {
            self.opponent = i;
        }
        let wanted = clock.and_then(|(base, increment)| {
            let whole = base.subsec_nanos() == 0 && increment.subsec_nanos() == 0;
            let minutes = base.as_secs() / 60;
            (whole && base.as_secs() % 60 == 0).then_some((minutes, increment.as_secs()))
        });
        if let Some(i) = CLOCK_CHOICES
            .iter()
            .position(|c| *c == wanted && (clock.is_some() == c.is_some()))
        {
            self.clock = i;
        }
    }

    /// Whether opponent choice `i` is offered.
    fn offered(&self, i: usize) -> bool {
        let levels = opponent_choices().get(i).map(|c| c.1).unwrap_or_default();
        !self.ai_only || levels.white.is_some() || levels.black.is_some()
    }

    /// Takes the list of unfinished games read from disk at `at`.
    pub fn listed(&mut self, at: Timestamp, result: Result<Vec<InPlay>, String>) {
        match result {
            Ok(list) => {
                self.pick = self.pick.min(list.len().saturating_sub(1));
                if list.is_empty() && self.field == MenuField::Unfinished {
                    self.field = MenuField::Game;
                }
                self.unfinished = Some(list);
                self.listed_at = Some(at);
            }
            Err(e) => {
                self.unfinished = Some(Vec::new());
                self.notice = Some(Message {
                    text: e,
                    error: true,
                });
            }
        }
    }

    /// The fields Tab visits, top of the screen first.
    fn fields(&self) -> Vec<MenuField> {
        let mut fields = Vec::with_capacity(5);
        if self.unfinished.as_ref().is_some_and(|l| !l.is_empty()) {
            fields.push(MenuField::Unfinished);
        }
        fields.extend([
            MenuField::Game,
            MenuField::Opponent,
            MenuField::Side,
            MenuField::Clock,
        ]);
        fields
    }

    /// The unfinished game `r` resumes: the last played that no other process has open (the
    /// game left with `n` is open here, not elsewhere), else the last played (which then opens read-only, with a word why).
    fn newest(&self) -> Option<&InPlay> {
        let list = self.unfinished.as_deref()?;
        list.iter()
            .find(|g| {
                g.entry.is_ok() && (!g.open_elsewhere || self.behind_file.as_ref() == Some(&g.path))
            })
            .or_else(|| list.iter().find(|g| g.entry.is_ok()))
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> MenuStep {
        let fields = self.fields();
        let pos = fields.iter().position(|f| *f == self.field).unwrap_or(0);
        let n = fields.len();
        if std::mem::take(&mut self.asking_quit) {
            return match action {
                Action::Confirm(true) | Action::Quit => MenuStep::Exit,
                _ => MenuStep::Stay,
            };
        }
        match action {
            Action::Quit => return MenuStep::Quit,
            Action::Cancel => return MenuStep::Back,
            Action::Help => return MenuStep::Help,
            Action::Browse => return MenuStep::Browse,
            Action::Learn => return MenuStep::Learn,
            Action::Puzzles => return MenuStep::Puzzles,
            Action::Next => self.field = fields[(pos + 1) % n],
            Action::Previous => self.field = fields[(pos + n - 1) % n],
            Action::Resume => match self.newest() {
                Some(game) => return MenuStep::Resume(game.path.clone()),
                None => self.say("no unfinished game to resume", true),
            },
            Action::Start if self.field == MenuField::Unfinished => {
                let chosen = self.unfinished.as_deref().and_then(|l| l.get(self.pick));
                match chosen.map(|g| (&g.entry, &g.path)) {
                    Some((Ok(_), path)) => return MenuStep::Resume(path.clone()),
                    Some((Err(e), _)) => {
                        let text = format!("cannot resume it (the file is left as it is): {e}");
                        self.say(&text, true);
                    }
                    None => {}
                }
            }
            Action::Start => return MenuStep::Start,
            Action::Move(dir) => {
                let delta: isize = match dir {
                    Dir::Up | Dir::Left => -1,
                    Dir::Down | Dir::Right => 1,
                };
                match self.field {
                    MenuField::Game => self.step_game(delta),
                    MenuField::Opponent => {
                        let n = opponent_choices().len() as isize;
                        let mut i = self.opponent as isize;
                        for _ in 0..n {
                            i = (i + delta).rem_euclid(n);
                            if self.offered(i as usize) {
                                break;
                            }
                        }
                        self.opponent = i as usize;
                    }
                    MenuField::Side => self.side = !self.side,
                    MenuField::Clock => {
                        let n = CLOCK_CHOICES.len() as isize;
                        self.clock = (self.clock as isize + delta).rem_euclid(n) as usize;
                    }
                    MenuField::Unfinished => {
                        let n = self.unfinished.as_ref().map_or(0, Vec::len) as isize;
                        if n > 0 {
                            self.pick = (self.pick as isize + delta).rem_euclid(n) as usize;
                        }
                    }
                }
            }
            _ => {}
        }
        MenuStep::Stay
    }

    fn say(&mut self, text: &str, error: bool) {
        self.notice = Some(Message {
            text: text.to_string(),
            error,
        });
    }

    /// The selected game.
    pub fn game(&self) -> VariantId {
        match self.entries[self.selected] {
            MenuEntry::Game(id) => id,
            MenuEntry::Header(_) | MenuEntry::Broken(_) => {
                unreachable!("BUG: only a game is ever selected")
            }
        }
    }

    /// Selects `id` when the list has it.
    pub fn select_game(&mut self, id: VariantId) {
        if let Some(i) = self.entries.iter().position(|e| *e == MenuEntry::Game(id)) {
            self.selected = i;
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
