//! The lobby of the game server: choosing a name on the first visit, then the players
//! online, the games in progress and the challenges; challenging, seeking, accepting,
//! watching, or going off to play the AI.

pub(crate) mod card;
pub(crate) mod view;

use std::time::Duration;

use crate::game::TimeControl;
use crate::net::{ClockSetting, LobbyView, NetRequest, Side, Terms, DAYS_CHOICES, NAME_MAX};
use crate::variants::{variant, VariantId};

use super::action::{Action, Dir};
use super::app::Message;
use super::menu::CLOCK_CHOICES;

/// The lists of the lobby, in Tab order (top to bottom on the screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyList {
    /// My correspondence games (shown only when there are some).
    Mine,
    /// Challenges to me and by me, and open seeks.
    Challenges,
    /// Players online.
    Players,
    /// Games in progress.
    Games,
}

/// The fields of the challenge form, in Tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormField {
    /// The game.
    Game,
    /// The side the challenger takes.
    Side,
    /// The clock.
    Clock,
    /// Whether a disconnected player's clock stops.
    Pause,
    /// Rated or casual.
    Rated,
    /// For a seek: the ratings that may accept it.
    Range,
}

/// The lists in screen order: ↓ past the end of one goes on into the next.
pub(crate) const LISTS: [LobbyList; 4] = [
    LobbyList::Mine,
    LobbyList::Challenges,
    LobbyList::Players,
    LobbyList::Games,
];

const FORM_FIELDS: [FormField; 6] = [
    FormField::Game,
    FormField::Side,
    FormField::Clock,
    FormField::Pause,
    FormField::Rated,
    FormField::Range,
];

/// The rating ranges a seek may ask for: `None` is anyone.
pub const RANGE_CHOICES: [Option<u16>; 5] = [None, Some(100), Some(200), Some(300), Some(500)];

/// How many paces the clock field offers: the clocks of [`CLOCK_CHOICES`], then the days
/// per move of [`DAYS_CHOICES`] (correspondence).
pub const PACES: usize = CLOCK_CHOICES.len() + DAYS_CHOICES.len();

/// A challenge (to a player) or a seek (to anyone) being filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeForm {
    /// The player challenged; `None` for an open seek.
    pub to: Option<String>,
    /// The games offered: the built-in ones, then the server's own.
    pub games: Vec<VariantId>,
    /// Index into `games`.
    pub game: usize,
    /// The side I take.
    pub side: Side,
    /// Index into [`CLOCK_CHOICES`], or past it into [`DAYS_CHOICES`] ([`PACES`] in
    /// all).
    pub clock: usize,
    /// A disconnected player's clock stops.
    pub pause_when_away: bool,
    /// Rated (when timed; untimed games are casual).
    pub rated: bool,
    /// Index into [`RANGE_CHOICES`] (seeks only).
    pub range: usize,
    /// The focused field.
    pub field: FormField,
    /// The letters typed on the game field: the games offered are those whose name has
    /// them (any case); Backspace takes one back, Esc clears them.
    pub filter: String,
}

/// The longest type-ahead filter kept.
const FILTER_MAX: usize = 24;

impl ChallengeForm {
    /// The games the filter lets through, as indices into `games`.
    pub fn matches(&self) -> Vec<usize> {
        let filter = self.filter.to_lowercase();
        (0..self.games.len())
            .filter(|&i| {
                let id = self.games[i];
                variant(id).name().to_lowercase().contains(&filter)
                    || id.as_str().to_lowercase().contains(&filter)
            })
            .collect()
    }

    /// After the filter changed: a game the filter names exactly (`chess` is Chess, not
    /// PromoChess), else one whose name or id starts with it, else the chosen game when it
    /// still matches, else the first game that does.
    fn refilter(&mut self) {
        let matches = self.matches();
        let filter = self.filter.to_lowercase();
        let names = |i: usize| {
            let id = self.games[i];
            [
                variant(id).name().to_lowercase(),
                id.as_str().to_lowercase(),
            ]
        };
        let exact = matches.iter().find(|&&i| names(i).contains(&filter));
        let prefix = || {
            matches
                .iter()
                .find(|&&i| names(i).iter().any(|n| n.starts_with(&filter)))
        };
        let kept = matches.contains(&self.game).then_some(&self.game);
        if let Some(&best) = exact
            .or_else(|| prefix().filter(|&&i| !filter.is_empty() && Some(&i) != kept))
            .or(kept)
            .or(matches.first())
        {
            self.game = best;
        }
    }

    /// ← → on the game field: the previous or next game among the matches.
    fn step_game(&mut self, delta: isize) {
        let matches = self.matches();
        if matches.is_empty() {
            return;
        }
        let at = matches.iter().position(|&i| i == self.game).unwrap_or(0);
        let n = matches.len() as isize;
        self.game = matches[(at as isize + delta).rem_euclid(n) as usize];
    }

    /// What the form proposes.
    pub fn terms(&self) -> Terms {
        let clock = CLOCK_CHOICES
            .get(self.clock)
            .copied()
            .flatten()
            .map(|(minutes, seconds)| ClockSetting {
                control: TimeControl {
                    base: Duration::from_secs(minutes * 60),
                    increment: Duration::from_secs(seconds),
                },
                pause_when_away: self.pause_when_away,
            });
        let days = self
            .clock
            .checked_sub(CLOCK_CHOICES.len())
            .and_then(|i| DAYS_CHOICES.get(i).copied());
        Terms {
            variant: self
                .games
                .get(self.game)
                .copied()
                .unwrap_or(VariantId::Chess),
            side: self.side,
            clock,
            days,
            rated: self.rated && (clock.is_some() || days.is_some()),
        }
    }

    /// The rating range asked for (seeks only).
    pub fn range(&self) -> Option<u16> {
        RANGE_CHOICES.get(self.range).copied().flatten()
    }

    /// The fields this form has: a challenge has no range, a correspondence game no
    /// choice of the clock when away.
    fn fields(&self) -> Vec<FormField> {
        let days = self.terms().days.is_some();
        FORM_FIELDS
            .into_iter()
            .filter(|f| self.to.is_none() || *f != FormField::Range)
            .filter(|f| !days || *f != FormField::Pause)
            .collect()
    }
}

/// Where the lobby was left, to come back to: the chosen list and row, and the game whose
/// ratings sort the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbySpot {
    /// The chosen list.
    pub list: LobbyList,
    /// Its chosen row.
    pub row: usize,
    /// The game whose ratings sort the players.
    pub rating_game: VariantId,
}

/// The lobby screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    /// What the hub last said the lobby is; `None` until it has.
    pub view: Option<LobbyView>,
    /// The name being typed, on a first visit (and why the last one was refused).
    pub naming: Option<(String, Option<String>)>,
    /// The focused list.
    pub list: LobbyList,
    /// The highlighted row of the focused list.
    pub selected: usize,
    /// An open challenge form.
    pub form: Option<ChallengeForm>,
    /// Bottom-line message.
    pub message: Option<Message>,
    /// The game whose ratings the players are sorted by: the one last chosen in the form.
    pub rating_game: VariantId,
    /// The players of the view in the order shown (indexes into its shared list): me
    /// first, then by rating in [`Lobby::rating_game`].
    order: Vec<usize>,
    /// A player's card over the lists (`i`), as the server sent it.
    pub card: Option<crate::net::CardView>,
}

/// What the app should do after a lobby action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyStep {
    /// Stay in the lobby.
    Stay,
    /// Send this to the hub.
    Send(NetRequest),
    /// Play the AI (the start screen).
    PlayAi,
    /// The player's saved games.
    Browse,
    /// The lessons (progress kept in the player's folder on the server).
    Learn,
    /// The puzzles (the rating and record kept in the player's folder on the server).
    Puzzles,
    /// The server's archive (of this player's games when given).
    Archive(Option<String>),
    /// Disconnect.
    Quit,
}

impl Lobby {
    /// The lobby waiting for the hub's first word.
    pub fn new(view: Option<LobbyView>) -> Lobby {
        let mut lobby = Lobby {
            view,
            naming: None,
            list: LobbyList::Challenges,
            selected: 0,
            form: None,
            message: None,
            rating_game: VariantId::ALL[0],
            order: Vec::new(),
            card: None,
        };
        lobby.sort_players();
        lobby.settle();
        lobby
    }

    /// Players sorted by their rating in [`Lobby::rating_game`], best first (then by
    /// name), me first of all.
    fn sort_players(&mut self) {
        let game = self.rating_game;
        self.order.clear();
        if let Some(v) = &self.view {
            let players = &v.players;
            self.order.extend(0..players.len());
            self.order.sort_by(|&a, &b| {
                let (a, b) = (&players[a], &players[b]);
                (b.name == v.me)
                    .cmp(&(a.name == v.me))
                    .then(b.rating(game).rating.cmp(&a.rating(game).rating))
                    .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            });
        }
    }

    /// The players online in the order shown: me first, then by rating.
    pub fn players(&self) -> impl Iterator<Item = &crate::net::PlayerView> {
        let players = self.view.as_ref().map_or(&[][..], |v| &v.players[..]);
        self.order.iter().filter_map(|&i| players.get(i))
    }

    /// The `row`th player shown.
    pub(crate) fn player(&self, row: usize) -> Option<&crate::net::PlayerView> {
        self.view.as_ref()?.players.get(*self.order.get(row)?)
    }

    /// How many of my correspondence games wait for my move.
    pub fn my_moves(view: &LobbyView) -> usize {
        view.mine.iter().filter(|g| g.my_move).count()
    }

    /// Whether a new lobby view makes it my move in a correspondence game where it was not
    /// in the old one (the bell rings); the first view, on connecting, rings nothing.
    pub fn newly_my_move(old: Option<&LobbyView>, new: &LobbyView) -> bool {
        let Some(old) = old else { return false };
        new.mine
            .iter()
            .any(|g| g.my_move && !old.mine.iter().any(|h| h.room == g.room && h.my_move))
    }

    /// The lobby again (back from a game, a watched game, the AI or the saved games), with
    /// the list and row that were chosen when it was left (`spot`), kept in range, and the
    /// players sorted by the same game's ratings.
    pub fn back_at(view: Option<LobbyView>, spot: LobbySpot) -> Lobby {
        let mut lobby = Lobby::new(None);
        (lobby.list, lobby.selected, lobby.rating_game) = (spot.list, spot.row, spot.rating_game);
        lobby.view = view;
        lobby.sort_players();
        lobby.settle();
        lobby
    }

    /// The chosen list and row, to come back to.
    pub fn spot(&self) -> LobbySpot {
        LobbySpot {
            list: self.list,
            row: self.selected,
            rating_game: self.rating_game,
        }
    }

    /// How many rows `list` has.
    fn rows_of(&self, list: LobbyList) -> usize {
        let Some(v) = &self.view else { return 0 };
        match list {
            LobbyList::Mine => v.mine.len(),
            LobbyList::Challenges => v.challenges.len(),
            LobbyList::Players => v.players.len(),
            LobbyList::Games => v.games.len(),
        }
    }

    /// How many rows the focused list has.
    fn rows(&self) -> usize {
        self.rows_of(self.list)
    }

    /// Keeps the highlight on a row: in range, and on the nearest list that has rows when
    /// the chosen one has none left (the watched game ended, the challenge was taken).
    fn settle(&mut self) {
        if self.rows() == 0 {
            let at = LISTS.iter().position(|l| *l == self.list).unwrap_or(0);
            let nearest = (1..LISTS.len())
                .flat_map(|d| [at.checked_sub(d), Some(at + d)])
                .flatten()
                .filter_map(|i| LISTS.get(i).copied())
                .find(|l| self.rows_of(*l) > 0);
            if let Some(list) = nearest {
                let last = at > LISTS.iter().position(|l| *l == list).unwrap_or(0);
                self.list = list;
                self.selected = if last { self.rows() - 1 } else { 0 };
            }
        }
        self.selected = self.selected.min(self.rows().saturating_sub(1));
    }

    /// ↑ or ↓: the row above or below, and past either end of a list on into the list
    /// above or below (lists without rows are passed over); at the very top or bottom it
    /// stays.
    fn step(&mut self, down: bool) {
        let n = self.rows();
        if down && self.selected + 1 < n {
            self.selected += 1;
            return;
        }
        if !down && self.selected > 0 && n > 0 {
            self.selected -= 1;
            return;
        }
        let at = LISTS.iter().position(|l| *l == self.list).unwrap_or(0);
        let next = if down {
            LISTS[at + 1..].iter().find(|l| self.rows_of(**l) > 0)
        } else {
            LISTS[..at].iter().rev().find(|l| self.rows_of(**l) > 0)
        };
        if let Some(&list) = next {
            self.list = list;
            self.selected = if down { 0 } else { self.rows() - 1 };
        }
    }

    /// Takes a new view of the lobby, keeping the highlight on a row.
    pub fn listed(&mut self, view: LobbyView) {
        self.naming = None;
        self.view = Some(view);
        self.sort_players();
        self.settle();
    }

    fn say(&mut self, text: &str, error: bool) {
        self.message = Some(Message {
            text: text.to_string(),
            error,
        });
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) -> LobbyStep {
        if let Some((text, _)) = &mut self.naming {
            match action {
                Action::Type(c) if text.chars().count() < NAME_MAX => text.push(c),
                Action::Backspace => {
                    text.pop();
                }
                Action::Submit => return LobbyStep::Send(NetRequest::SetName(text.clone())),
                Action::Cancel | Action::Quit => return LobbyStep::Quit,
                _ => {}
            }
            return LobbyStep::Stay;
        }
        if let Some(form) = &mut self.form {
            let fields = form.fields();
            let at = fields.iter().position(|f| *f == form.field).unwrap_or(0);
            match action {
                Action::Next => form.field = fields[(at + 1) % fields.len()],
                Action::Previous => form.field = fields[(at + fields.len() - 1) % fields.len()],
                Action::Move(dir) => {
                    let delta: isize = match dir {
                        Dir::Up | Dir::Left => -1,
                        Dir::Down | Dir::Right => 1,
                    };
                    let step =
                        |i: usize, n: usize| (i as isize + delta).rem_euclid(n as isize) as usize;
                    match form.field {
                        FormField::Game => form.step_game(delta),
                        FormField::Side => {
                            const SIDES: [Side; 3] = [Side::White, Side::Black, Side::Random];
                            let i = SIDES.iter().position(|s| *s == form.side).unwrap_or(0);
                            form.side = SIDES[step(i, 3)];
                        }
                        FormField::Clock => form.clock = step(form.clock, PACES),
                        FormField::Pause => form.pause_when_away = !form.pause_when_away,
                        FormField::Rated => form.rated = !form.rated,
                        FormField::Range => form.range = step(form.range, RANGE_CHOICES.len()),
                    }
                }
                Action::Type(c)
                    if form.field == FormField::Game
                        && form.filter.chars().count() < FILTER_MAX
                        && !c.is_control() =>
                {
                    form.filter.push(c);
                    form.refilter();
                }
                Action::Backspace if form.field == FormField::Game => {
                    form.filter.pop();
                    form.refilter();
                }
                Action::Cancel if !form.filter.is_empty() => {
                    form.filter.clear();
                    form.refilter();
                }
                Action::Start | Action::Select | Action::Submit if form.matches().is_empty() => {
                    let text = format!("no game matches \"{}\" (Backspace, Esc)", form.filter);
                    self.say(&text, true);
                }
                Action::Start | Action::Select | Action::Submit => {
                    let terms = form.terms();
                    let request = match form.to.clone() {
                        Some(to) => NetRequest::Challenge { to, terms },
                        None => NetRequest::Seek {
                            terms,
                            range: form.range(),
                        },
                    };
                    self.form = None;
                    self.rating_game = terms.variant;
                    self.sort_players();
                    self.say("sent; waiting for an answer", false);
                    return LobbyStep::Send(request);
                }
                Action::Cancel | Action::Quit => self.form = None,
                _ => {}
            }
            return LobbyStep::Stay;
        }
        if let Some(step) = self.card_update(&action) {
            return step;
        }
        match action {
            Action::Quit => return LobbyStep::Quit,
            Action::Browse => return LobbyStep::Browse,
            Action::Learn => return LobbyStep::Learn,
            Action::Puzzles => return LobbyStep::Puzzles,
            Action::PlayAi => return LobbyStep::PlayAi,
            Action::Move(Dir::Up) => self.step(false),
            Action::Move(Dir::Down) => self.step(true),
            Action::Next | Action::Previous => {
                // Tab goes round the lists shown (mine only when I have some).
                let shown: Vec<LobbyList> = LISTS
                    .into_iter()
                    .filter(|l| *l != LobbyList::Mine || self.rows_of(*l) > 0)
                    .collect();
                let at = shown.iter().position(|l| *l == self.list).unwrap_or(0);
                let delta = if action == Action::Next {
                    1
                } else {
                    shown.len() - 1
                };
                self.list = shown[(at + delta) % shown.len()];
                self.selected = 0;
            }
            Action::Seek => self.open_form(None),
            Action::Challenge => match self.selected_player() {
                Some(name) => self.open_form(Some(name)),
                None => self.say("choose a player first (↓ or Tab to the players)", true),
            },
            Action::Start | Action::Select => match self.list {
                LobbyList::Mine => {
                    let room = self
                        .view
                        .as_ref()
                        .and_then(|v| v.mine.get(self.selected))
                        .map(|g| g.room);
                    if let Some(room) = room {
                        return LobbyStep::Send(NetRequest::Watch(room));
                    }
                }
                LobbyList::Challenges => {
                    if let Some(ch) = self.selected_challenge() {
                        let me = self.view.as_ref().map(|v| v.me.clone()).unwrap_or_default();
                        if ch.from == me {
                            self.say("your own: d withdraws it", true);
                        } else {
                            return LobbyStep::Send(NetRequest::Accept(ch.id));
                        }
                    }
                }
                LobbyList::Players => {
                    if let Some(name) = self.selected_player() {
                        self.open_form(Some(name));
                    }
                }
                LobbyList::Games => {
                    let room = self
                        .view
                        .as_ref()
                        .and_then(|v| v.games.get(self.selected))
                        .map(|g| g.room);
                    if let Some(room) = room {
                        return LobbyStep::Send(NetRequest::Watch(room));
                    }
                }
            },
            Action::Decline => {
                if let Some(ch) = self.selected_challenge() {
                    let me = self.view.as_ref().map(|v| v.me.clone()).unwrap_or_default();
                    return LobbyStep::Send(if ch.from == me {
                        NetRequest::Withdraw(ch.id)
                    } else {
                        NetRequest::Decline(ch.id)
                    });
                }
            }
            _ => {}
        }
        LobbyStep::Stay
    }

    /// `i` (the chosen player's card, mine on another list), `A` (the archive), and
    /// every key while a card is open: Esc (or q, i) closes it, `A` opens the archive of
    /// its player.
    fn card_update(&mut self, action: &Action) -> Option<LobbyStep> {
        if let Some(card) = &self.card {
            return Some(match action {
                Action::Archive => LobbyStep::Archive(Some(card.name.clone())),
                Action::Cancel | Action::Quit | Action::PlayerCard => {
                    self.card = None;
                    LobbyStep::Stay
                }
                _ => LobbyStep::Stay,
            });
        }
        match action {
            Action::Archive => Some(LobbyStep::Archive(None)),
            Action::PlayerCard => {
                let v = self.view.as_ref()?;
                let name = (self.list == LobbyList::Players)
                    .then(|| self.player(self.selected))
                    .flatten()
                    .map_or_else(|| v.me.clone(), |p| p.name.clone());
                Some(LobbyStep::Send(NetRequest::Card(name)))
            }
            _ => None,
        }
    }

    fn selected_challenge(&self) -> Option<crate::net::ChallengeView> {
        (self.list == LobbyList::Challenges)
            .then(|| self.view.as_ref()?.challenges.get(self.selected).cloned())
            .flatten()
    }

    /// The highlighted player, other than me.
    fn selected_player(&self) -> Option<String> {
        let v = self.view.as_ref()?;
        (self.list == LobbyList::Players)
            .then(|| self.player(self.selected))
            .flatten()
            .filter(|p| p.name != v.me)
            .map(|p| p.name.clone())
    }

    fn open_form(&mut self, to: Option<String>) {
        let server = self
            .view
            .iter()
            .flat_map(|v| v.server_games.iter().copied());
        let games: Vec<VariantId> = VariantId::ALL.into_iter().chain(server).collect();
        let game = games
            .iter()
            .position(|v| *v == self.rating_game)
            .unwrap_or(0);
        self.form = Some(ChallengeForm {
            to,
            games,
            game,
            side: Side::Random,
            clock: 2,
            pause_when_away: false,
            rated: true,
            range: 0,
            field: FormField::Game,
            filter: String::new(),
        });
    }
}
