//! Draw offers at this keyboard. Between two people the side to move offers and the other
//! accepts with the same key on their turn. Against the AI, the AI answers at once: a short
//! search of the position (full strength, no noise, so its answer is an honest opinion at
//! every level) says whether it stands better than a draw; if not, it accepts. A level
//! position counts as a draw only late in the game: early on the AI accepts only when it
//! stands clearly worse, as a level opening is still a game to play. The AI also
//! offers a draw itself when the game has stayed level for many of its moves late in the
//! game. (Dead material balances end the game by themselves, by each game's own rules.)

use std::time::Duration;

use crate::ai::{Level, SearchLimits};
use crate::game::{DrawOffer, Eval, Game};
use crate::rules::Color;

use super::{Play, Player};
use crate::ui::app::Thinking;

/// A score within this many centipawns of 0 counts as a draw (late in the game).
pub const DRAWN_CP: i32 = 15;

/// Before [`LATE_MOVE`] the AI accepts a draw only when it stands this many centipawns
/// worse (or is mated).
pub const WORSE_CP: i32 = 50;

/// How long the AI searches before it answers a draw offer: a fraction of a second.
pub const ANSWER_TIME: Duration = Duration::from_millis(250);

/// The AI offers a draw after this many of its own moves in a row scored as a draw
/// (and again after as many more, if the person plays on)...
pub const LEVEL_MOVES: usize = 10;

/// ...from this full move on; from here on too a level position counts as a draw.
pub const LATE_MOVE: u32 = 30;

/// Whether `eval` (White's point of view) says `side` stands no better than a draw at full
/// move `fullmove`: mated; from [`LATE_MOVE`] on, within [`DRAWN_CP`] of level or worse;
/// before, [`WORSE_CP`] worse.
pub fn no_better_than_draw(eval: Eval, side: Color, fullmove: u32) -> bool {
    let sign = if side == Color::White { 1 } else { -1 };
    let bar = if fullmove >= LATE_MOVE {
        DRAWN_CP
    } else {
        -WORSE_CP
    };
    match eval {
        Eval::Centipawns(cp) => sign * cp <= bar,
        Eval::Mate(n) => sign * n < 0,
    }
}

/// Whether the AI playing `ai` offers a draw now, after its move: from move [`LATE_MOVE`]
/// on, when its last [`LEVEL_MOVES`] moves (a multiple of them, so a refused offer is not
/// repeated every move) were each scored within [`DRAWN_CP`] of level. Levels that play
/// with noise keep no scores, so they never offer.
pub fn ai_offers_draw(game: &Game, ai: Color) -> bool {
    if game.outcome().is_some() || game.position().fullmoves() < LATE_MOVE {
        return false;
    }
    let first = game.start().turn();
    let level = game
        .history()
        .iter()
        .enumerate()
        .rev()
        .filter(|(ply, _)| (if ply % 2 == 0 { first } else { !first }) == ai)
        .take_while(
            |(_, m)| matches!(m.note.eval, Some(Eval::Centipawns(cp)) if cp.abs() <= DRAWN_CP),
        )
        .count();
    level >= LEVEL_MOVES && level % LEVEL_MOVES == 0
}

impl Play {
    /// The AI's side and level when it owes an answer to a person's standing draw offer.
    pub fn draw_answer_owed(&self) -> Option<(Color, Level)> {
        let offerer = self.table.draw_offer()?;
        if self.table.over() {
            return None;
        }
        match (self.players()[offerer], self.players()[!offerer]) {
            (Player::Human, Player::Ai(level)) => Some((!offerer, level)),
            _ => None,
        }
    }

    /// The search that decides the AI's answer to a draw offer.
    pub fn draw_answer_limits() -> SearchLimits {
        crate::ai::analysis_limits(ANSWER_TIME)
    }

    /// `D`: offers a draw, or accepts the opponent's. At one keyboard the side to move
    /// offers; against the AI the person does (on either turn), and the AI answers.
    pub(super) fn offer_draw(&mut self) {
        if self.table.over() {
            self.error("the game is already over".into());
            return;
        }
        let players = self.players();
        let person = match (players.white, players.black) {
            (Player::Human, Player::Human) => self.table.turn(),
            (Player::Human, _) => Color::White,
            (_, Player::Human) => Color::Black,
            _ => {
                self.error("the AI plays both sides here: no one to offer a draw".into());
                return;
            }
        };
        let opponent = !person;
        let against_ai = players[opponent] != Player::Human;
        if against_ai && self.table.draw_offer() == Some(person) {
            let who = self.who(opponent);
            self.info(&format!("{who} is thinking over your draw offer"));
            return;
        }
        match self.table.offer_draw(person) {
            DrawOffer::Accepted(outcome) => {
                self.changed();
                self.settle_mode();
                self.info(&format!("{person} accepts the draw: {outcome}"));
            }
            DrawOffer::Made if against_ai => {
                let who = self.who(opponent);
                self.info(&format!("{person} offers a draw; {who} answers at once"));
            }
            DrawOffer::Made => self.info(&format!(
                "{person} offers a draw; make your move, then {opponent} may press D to accept"
            )),
        }
    }

    /// The AI's answer to a draw offer, from what the answer search saw of the position.
    pub(super) fn answer_draw(&mut self, thinking: &Thinking) {
        let Some((ai, _)) = self.draw_answer_owed() else {
            return;
        };
        let who = self.who(ai);
        let fullmove = self.table.game().position().fullmoves();
        if thinking
            .eval
            .is_some_and(|e| no_better_than_draw(e, ai, fullmove))
        {
            if let DrawOffer::Accepted(outcome) = self.table.offer_draw(ai) {
                self.changed();
                self.settle_mode();
                self.info(&format!("{who} accepts the draw: {outcome}"));
            }
        } else {
            self.table.decline_draw(ai);
            self.info(&format!("{who} declines the draw"));
        }
    }

    /// After the AI's move as `ai`: offers a draw when [`ai_offers_draw`] says so. True
    /// when it did.
    pub(super) fn ai_may_offer_draw(&mut self, ai: Color) -> bool {
        if self.players()[!ai] != Player::Human
            || self.table.draw_offer().is_some()
            || !ai_offers_draw(self.table.game(), ai)
        {
            return false;
        }
        self.table.offer_draw(ai) == DrawOffer::Made
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use crate::variants::{variant, VariantId};

    #[test]
    fn no_better_than_draw_rule_table() {
        use Color::{Black, White};
        use Eval::{Centipawns as Cp, Mate};
        // Late in the game: level or worse.
        for (eval, side, expected) in [
            (Cp(0), White, true),
            (Cp(15), White, true),
            (Cp(16), White, false),
            (Cp(-300), White, true),
            (Cp(-15), Black, true),
            (Cp(-16), Black, false),
            (Cp(300), Black, true),
            (Mate(3), White, false),
            (Mate(-3), White, true),
            (Mate(3), Black, true),
            (Mate(-3), Black, false),
        ] {
            assert_eq!(
                no_better_than_draw(eval, side, 30),
                expected,
                "{eval} {side}"
            );
        }
        // Early: a level position is still a game; clearly worse accepts.
        for (eval, side, expected) in [
            (Cp(0), White, false),
            (Cp(-20), White, false),
            (Cp(20), Black, false),
            (Cp(-49), White, false),
            (Cp(-50), White, true),
            (Cp(50), Black, true),
            (Mate(-3), White, true),
            (Mate(3), White, false),
        ] {
            assert_eq!(
                no_better_than_draw(eval, side, 29),
                expected,
                "{eval} {side}"
            );
        }
    }

    /// A game from `fen` (blocked Pawns, Kings at a1 and h8) where Black's moves carry
    /// `evals`: the Kings walk without repeating a position.
    fn game_with(fen: &str, evals: &[Option<Eval>]) -> Game {
        let v = variant(VariantId::Chess);
        let mut game = Game::new(Position::from_fen(v, fen).unwrap());
        let white = "a2 a3 a4 a5 a6 a7 b7 b6 b5 b4 b3 b2 b1 c1 c2 c3 d3 e3 e2 d2";
        let black = "h7 h6 h5 h4 h3 h2 h1 g1 g2 g3 g4 g5 g6 g7 g8 f8 f7 f6 f5 f4";
        let moves = white.split(' ').zip(black.split(' '));
        for (eval, (w, b)) in evals.iter().zip(moves) {
            game.play_text(&format!("K{w}")).unwrap();
            game.play_text(&format!("K{b}")).unwrap();
            game.last_note_mut().unwrap().eval = *eval;
        }
        game
    }

    #[test]
    fn the_ai_offers_after_ten_level_moves_late_in_the_game() {
        let late = "7k/8/8/3p4/3P4/8/8/K7 w - - 0 60";
        let level = Some(Eval::Centipawns(-4));
        // Nine level moves are not enough; ten are; eleven not again (until twenty).
        assert!(!ai_offers_draw(&game_with(late, &[level; 9]), Color::Black));
        assert!(ai_offers_draw(&game_with(late, &[level; 10]), Color::Black));
        assert!(!ai_offers_draw(
            &game_with(late, &[level; 11]),
            Color::Black
        ));
        assert!(ai_offers_draw(&game_with(late, &[level; 20]), Color::Black));
        // Not White: those were Black's scores.
        assert!(!ai_offers_draw(
            &game_with(late, &[level; 10]),
            Color::White
        ));
        // One score out of the band, or none (a noisy level), breaks the run.
        let mut evals = [level; 10];
        evals[3] = Some(Eval::Centipawns(40));
        assert!(!ai_offers_draw(&game_with(late, &evals), Color::Black));
        evals[3] = None;
        assert!(!ai_offers_draw(&game_with(late, &evals), Color::Black));
        // Too early in the game (move 29 after the ten moves).
        let early = "7k/8/8/3p4/3P4/8/8/K7 w - - 0 19";
        assert!(!ai_offers_draw(
            &game_with(early, &[level; 10]),
            Color::Black
        ));
    }
}
