//! The rules of a sitting: a game with its clocks, draw offers, takeback requests,
//! resignation and flag fall. Local play (`ui::play`) and the server's rooms
//! (`server::hub`) both hold a [`Table`], so these rules exist once. No I/O and no clock
//! of its own: the time is passed in.

use std::time::{Duration, Instant};

use super::{Game, PlayError, PlayedMove, TimeControl};
use crate::rules::{ByColor, Color, EndReason, Move, Outcome};

/// Chess clocks: the time each side has left, charged up to the last update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left per side.
    pub left: ByColor<Duration>,
    /// The control they were set from.
    pub control: TimeControl,
    /// When the running clock was last charged; `None` until the first charge (or after a
    /// correction from outside, such as the server's view of a room).
    since: Option<Instant>,
}

impl Clocks {
    /// Both sides with the control's full time, not started.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            left: ByColor {
                white: control.base,
                black: control.base,
            },
            control,
            since: None,
        }
    }

    /// Charges the time since the last update to `side` when `runs`, and counts from `now`
    /// on. True when `side` has no time left.
    pub fn charge(&mut self, side: Color, now: Instant, runs: bool) -> bool {
        if let (Some(since), true) = (self.since, runs) {
            let spent = now.saturating_duration_since(since);
            self.left[side] = self.left[side].saturating_sub(spent);
        }
        self.since = Some(now);
        self.left[side].is_zero()
    }

    /// Forgets when the clock was last charged: the next charge starts counting (after
    /// `left` was set from outside).
    pub fn restart(&mut self) {
        self.since = None;
    }
}

/// What a draw offer led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The offer stands until the opponent accepts it or the offerer's opponent moves.
    Made,
    /// The opponent had offered already: the game is drawn.
    Accepted(Outcome),
}

/// A game and the rules around it: clocks, draw offers, a takeback request.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    clocks: Option<Clocks>,
    draw_offer: Option<Color>,
    takeback: Option<Color>,
}

impl Table {
    /// A sitting at `game`, timed by `clock` if given.
    pub fn new(game: Game, clock: Option<TimeControl>) -> Table {
        Table {
            game,
            clocks: clock.map(Clocks::new),
            draw_offer: None,
            takeback: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to note a move's think time or evaluation or to declare a result.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Puts another game on the table (a mirror of a game kept elsewhere, which changed
    /// otherwise than by one move); clocks and offers stay.
    pub fn replace_game(&mut self, game: Game) {
        self.game = game;
    }

    /// The clocks, if the game is timed.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The clocks, to set the time left (a resumed game, a server's view).
    pub fn clocks_mut(&mut self) -> Option<&mut Clocks> {
        self.clocks.as_mut()
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The side that asked to take back its last move.
    pub fn takeback(&self) -> Option<Color> {
        self.takeback
    }

    /// Sets the offers as a table kept elsewhere has them (the server's, for its players).
    pub fn mirror_offers(&mut self, draw_offer: Option<Color>, takeback: Option<Color>) {
        self.draw_offer = draw_offer;
        self.takeback = takeback;
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.game.position().turn()
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Whether the clocks have started: as on lichess, once each side has made its first
    /// move (two moves from the game's start). Until then neither clock runs and the first
    /// moves get no increment, so each side starts its own thinking with the full time.
    /// A takeback to before that stops them again.
    pub fn clocks_started(&self) -> bool {
        self.game.history().len() >= 2
    }

    /// The side whose clock counts down now: the side to move once the clocks have
    /// started, while the game goes on (`runs` says whether time runs at all, false while
    /// the server pauses for an absent player). `None` for an untimed game.
    pub fn running_clock(&self, runs: bool) -> Option<Color> {
        (runs && self.clocks.is_some() && self.clocks_started() && !self.over())
            .then(|| self.turn())
    }

    /// Plays `mv` for the side to move. With `now`, the mover's clock is charged up to
    /// then and gets the increment (once the clocks have started, see
    /// [`Table::clocks_started`]). A move declines the opponent's draw offer and ends any
    /// takeback request.
    ///
    /// # Errors
    /// When the game is over or the move is illegal (nothing changes).
    pub fn play(&mut self, mv: Move, now: Option<Instant>) -> Result<&PlayedMove, PlayError> {
        let mover = self.turn();
        let timed = self.clocks_started();
        self.game.play(mv)?;
        if let (Some(clocks), Some(now)) = (&mut self.clocks, now) {
            clocks.charge(mover, now, timed);
            if timed {
                clocks.left[mover] = clocks.left[mover].saturating_add(clocks.control.increment);
            }
        }
        if self.draw_offer == Some(!mover) {
            self.draw_offer = None;
        }
        self.takeback = None;
        Ok(self.game.history().last().expect("just played"))
    }

    /// Charges the side to move's clock up to `now` when it `runs` (not while the game is
    /// over, nor before the clocks have started). True when its flag has fallen;
    /// [`Table::flag`] also ends the game.
    pub fn run_clock(&mut self, now: Instant, runs: bool) -> bool {
        let turn = self.turn();
        let runs = self.running_clock(runs).is_some();
        match &mut self.clocks {
            Some(clocks) => clocks.charge(turn, now, runs) && runs,
            None => false,
        }
    }

    /// Charges the running clock up to `now` (when it `runs`); when the flag has fallen,
    /// ends the game on time, a draw if the opponent has only royal pieces left, and
    /// returns the result.
    pub fn flag(&mut self, now: Instant, runs: bool) -> Option<Outcome> {
        if !self.run_clock(now, runs) {
            return None;
        }
        let turn = self.turn();
        let pos = self.game.position();
        let bare = (pos.pieces_of(!turn) & !pos.royal_square(!turn).bit()) == 0;
        let outcome = if bare {
            Outcome::Draw {
                reason: EndReason::Time,
            }
        } else {
            Outcome::Decisive {
                winner: !turn,
                reason: EndReason::Time,
            }
        };
        self.end(outcome);
        Some(outcome)
    }

    /// `side` offers a draw, or accepts the opponent's standing offer (the game is then
    /// drawn by agreement).
    pub fn offer_draw(&mut self, side: Color) -> DrawOffer {
        if self.draw_offer == Some(!side) {
            let outcome = Outcome::Draw {
                reason: EndReason::Agreement,
            };
            self.end(outcome);
            DrawOffer::Accepted(outcome)
        } else {
            self.draw_offer = Some(side);
            DrawOffer::Made
        }
    }

    /// `side` declines the opponent's standing draw offer (without moving: an AI's answer).
    /// False when no offer of the opponent's stands.
    pub fn decline_draw(&mut self, side: Color) -> bool {
        let standing = self.draw_offer == Some(!side);
        if standing {
            self.draw_offer = None;
        }
        standing
    }

    /// `loser` resigns: the opponent wins.
    pub fn resign(&mut self, loser: Color) -> Outcome {
        let outcome = Outcome::Decisive {
            winner: !loser,
            reason: EndReason::Resignation,
        };
        self.end(outcome);
        outcome
    }

    /// Ends the game with `outcome` (unless the board decided it already) and drops the
    /// standing offers.
    pub fn end(&mut self, outcome: Outcome) {
        if self.game.outcome().is_none() {
            self.game.declare(outcome);
        }
        self.draw_offer = None;
        self.takeback = None;
    }

    /// Whether `side` has a move of its own to take back.
    pub fn has_move_to_take_back(&self, side: Color) -> bool {
        self.game.history().len() >= if self.turn() == side { 2 } else { 1 }
    }

    /// `side` asks to take back its last move. False (nothing asked) when it has none.
    pub fn ask_takeback(&mut self, side: Color) -> bool {
        let mine = self.has_move_to_take_back(side);
        if mine {
            self.takeback = Some(side);
        }
        mine
    }

    /// `side` answers the opponent's takeback request: yes takes the game back to the
    /// asker's turn (one move, or two if `side` replied) and drops a draw offer. False when
    /// no request of the opponent's stands.
    pub fn answer_takeback(&mut self, side: Color, yes: bool) -> bool {
        if self.takeback != Some(!side) {
            return false;
        }
        self.takeback = None;
        if yes {
            self.game.undo();
            if self.turn() != !side {
                self.game.undo();
            }
            self.draw_offer = None;
        }
        true
    }

    /// Takes back the last move, whoever played it (a game at one keyboard); its clocks
    /// and offers stay.
    pub fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::variants::{variant, VariantId};

    fn chess(clock: Option<&str>) -> Table {
        let game = Game::from_start(variant(VariantId::Chess));
        Table::new(game, clock.map(|c| TimeControl::parse(c).unwrap()))
    }

    fn mv(table: &Table, text: &str) -> Move {
        parse_move(table.game().position(), text).unwrap()
    }

    fn play(table: &mut Table, text: &str, now: Option<Instant>) {
        let m = mv(table, text);
        table.play(m, now).unwrap();
    }

    const S: fn(u64) -> Duration = Duration::from_secs;

    /// Both first moves, played at `t0`: the clocks start then.
    fn opened(clock: &str, t0: Instant) -> Table {
        let mut t = chess(Some(clock));
        t.run_clock(t0, true);
        play(&mut t, "e4", Some(t0));
        play(&mut t, "e5", Some(t0));
        t
    }

    #[test]
    fn no_clock_runs_before_each_side_has_moved() {
        let mut t = chess(Some("1+2"));
        let t0 = Instant::now();
        assert!(!t.clocks_started());
        assert_eq!(t.running_clock(true), None);
        assert!(!t.run_clock(t0, true));
        // White thinks 100 s over its first move, longer than its whole time: nothing
        // runs, nothing falls, and no increment is added.
        assert!(!t.run_clock(t0 + S(100), true));
        assert_eq!(t.flag(t0 + S(100), true), None);
        play(&mut t, "e4", Some(t0 + S(100)));
        assert_eq!(t.clocks().unwrap().left.white, S(60));
        // Nor Black's, over its first move.
        assert_eq!(t.running_clock(true), None);
        assert!(!t.run_clock(t0 + S(200), true));
        assert_eq!(t.clocks().unwrap().left.black, S(60));
        play(&mut t, "e5", Some(t0 + S(200)));
        assert_eq!(
            t.clocks().unwrap().left,
            ByColor {
                white: S(60),
                black: S(60)
            }
        );
        // Now White's runs, from Black's move on.
        assert!(t.clocks_started());
        assert_eq!(t.running_clock(true), Some(Color::White));
        assert_eq!(t.running_clock(false), None);
        t.run_clock(t0 + S(210), true);
        assert_eq!(t.clocks().unwrap().left.white, S(50));
    }

    #[test]
    fn the_clocks_start_two_moves_after_any_start() {
        // A game from a position with Black to move: Black's move, then White's.
        let start = crate::rules::Position::from_fen(
            variant(VariantId::Chess),
            "4k3/8/8/8/8/8/8/4K2Q b - - 0 1",
        )
        .unwrap();
        let mut t = Table::new(Game::new(start), Some(TimeControl::parse("1").unwrap()));
        let t0 = Instant::now();
        t.run_clock(t0, true);
        play(&mut t, "Kd7", Some(t0 + S(30)));
        assert_eq!(t.running_clock(true), None);
        play(&mut t, "Kd2", Some(t0 + S(40)));
        assert_eq!(t.running_clock(true), Some(Color::Black));
        t.run_clock(t0 + S(45), true);
        assert_eq!(
            t.clocks().unwrap().left,
            ByColor {
                white: S(60),
                black: S(55)
            }
        );
        // A takeback to before the second move stops them again.
        t.undo();
        assert_eq!(t.running_clock(true), None);
    }

    #[test]
    fn clock_runs_for_the_side_to_move_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut t = opened("1+2", t0);
        assert!(!t.run_clock(t0 + S(10), true));
        assert_eq!(t.clocks().unwrap().left.white, S(50));
        play(&mut t, "Nf3", Some(t0 + S(15)));
        // 60 - 15 + 2.
        assert_eq!(t.clocks().unwrap().left.white, S(47));
        t.run_clock(t0 + S(20), true);
        assert_eq!(t.clocks().unwrap().left.black, S(55));
        assert_eq!(t.clocks().unwrap().left.white, S(47));
    }

    #[test]
    fn a_paused_clock_does_not_run() {
        let t0 = Instant::now();
        let mut t = opened("1+0", t0);
        t.run_clock(t0 + S(30), false);
        t.run_clock(t0 + S(40), true);
        assert_eq!(t.clocks().unwrap().left.white, S(50));
    }

    #[test]
    fn flag_falls_and_ends_the_game() {
        let t0 = Instant::now();
        let mut t = opened("1+0", t0);
        assert_eq!(t.flag(t0, true), None);
        assert_eq!(t.flag(t0 + S(59), true), None);
        let outcome = t.flag(t0 + S(61), true);
        assert_eq!(
            outcome,
            Some(Outcome::Decisive {
                winner: Color::Black,
                reason: EndReason::Time
            })
        );
        assert_eq!(t.game().outcome(), outcome);
        // Over: the clocks stop and nothing falls twice.
        assert_eq!(t.running_clock(true), None);
        assert_eq!(t.flag(t0 + S(90), true), None);
    }

    #[test]
    fn flag_against_a_bare_king_is_a_draw() {
        let start = crate::rules::Position::from_fen(
            variant(VariantId::Chess),
            "4k3/8/8/8/8/8/8/4K2Q w - - 0 1",
        )
        .unwrap();
        let mut t = Table::new(Game::new(start), Some(TimeControl::parse("1").unwrap()));
        let t0 = Instant::now();
        t.flag(t0, true);
        play(&mut t, "Kd2", Some(t0));
        play(&mut t, "Kd7", Some(t0));
        assert_eq!(
            t.flag(t0 + S(60), true),
            Some(Outcome::Draw {
                reason: EndReason::Time
            })
        );
    }

    #[test]
    fn a_draw_offer_is_accepted_or_declined_by_a_move_or_by_word() {
        let mut t = chess(None);
        assert_eq!(t.offer_draw(Color::White), DrawOffer::Made);
        play(&mut t, "e4", None);
        // White's own move keeps White's offer; Black's move declines it.
        assert_eq!(t.draw_offer(), Some(Color::White));
        play(&mut t, "e5", None);
        assert_eq!(t.draw_offer(), None);
        // Declined without a move (an AI's answer).
        assert_eq!(t.offer_draw(Color::White), DrawOffer::Made);
        assert!(!t.decline_draw(Color::White), "not one's own offer");
        assert!(t.decline_draw(Color::Black));
        assert_eq!((t.draw_offer(), t.over()), (None, false));
        assert!(!t.decline_draw(Color::Black), "declined once");
        assert_eq!(t.offer_draw(Color::White), DrawOffer::Made);
        let drawn = Outcome::Draw {
            reason: EndReason::Agreement,
        };
        assert_eq!(t.offer_draw(Color::Black), DrawOffer::Accepted(drawn));
        assert_eq!(t.game().outcome(), Some(drawn));
        assert_eq!(t.draw_offer(), None);
    }

    #[test]
    fn resignation_ends_the_game() {
        let mut t = chess(None);
        t.offer_draw(Color::White);
        let outcome = t.resign(Color::White);
        assert_eq!(
            outcome,
            Outcome::Decisive {
                winner: Color::Black,
                reason: EndReason::Resignation
            }
        );
        assert_eq!(t.game().outcome(), Some(outcome));
        assert_eq!(t.draw_offer(), None);
        assert!(t.play(mv(&t, "e4"), None).is_err());
    }

    #[test]
    fn takeback_goes_back_to_the_askers_turn() {
        let mut t = chess(None);
        assert!(!t.ask_takeback(Color::White), "no move yet");
        play(&mut t, "e4", None);
        play(&mut t, "e5", None);
        // White asks after Black replied: both moves go.
        assert!(t.ask_takeback(Color::White));
        assert!(
            !t.answer_takeback(Color::White, true),
            "not one's own request"
        );
        t.offer_draw(Color::Black);
        assert!(t.answer_takeback(Color::Black, true));
        assert_eq!(t.game().history().len(), 0);
        assert_eq!((t.takeback(), t.draw_offer()), (None, None));
        // Black asks on White's turn: one move goes. Declined, nothing does.
        play(&mut t, "d4", None);
        play(&mut t, "d5", None);
        assert!(t.ask_takeback(Color::Black));
        assert!(t.answer_takeback(Color::White, false));
        assert_eq!(t.game().history().len(), 2);
        assert!(t.ask_takeback(Color::Black));
        assert!(t.answer_takeback(Color::White, true));
        assert_eq!(t.game().history().len(), 1);
        // A move ends a standing request.
        assert!(t.ask_takeback(Color::White));
        play(&mut t, "d5", None);
        assert_eq!(t.takeback(), None);
    }
}
