//! Judging a game's moves from an engine's evaluations of its positions: each move's loss
//! of winning chances, its mark (inaccuracy, mistake, blunder) and an accuracy per side.
//!
//! Pure: evaluations in, marks out. Review runs the searches (one per position, with the
//! app's search threads) and keeps the results; this module only weighs them, so a test
//! can feed it a hand-made game. It lives in `game` (not `ai`) because it reads
//! evaluations as players keep them ([`Eval`], White's view), which `ai` does not know.
//!
//! The numbers are lichess's (lila's `Advice` and `AccuracyPercent`), on rankup's own
//! winning-chances curve, [`Score::winning_chances`].

use serde::{Deserialize, Serialize};

use super::Eval;
use crate::ai::Score;
use crate::rules::{ByColor, Color, Position};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// Lost at least 0.1 of the winning chances (`?!`).
    Inaccuracy,
    /// Lost at least 0.2 (`?`).
    Mistake,
    /// Lost at least 0.3 (`??`).
    Blunder,
}

impl Mark {
    /// The move suffix: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The PGN Numeric Annotation Glyph: `$6` (dubious), `$2` (poor), `$4` (very poor).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// Losses of winning chances (on the -1..1 scale, the mover's view) that make a move a
/// blunder, a mistake, an inaccuracy: lichess's thresholds (lila `Advice.scala`,
/// `winningChanceJudgements`: 0.3, 0.2, 0.1).
const THRESHOLDS: [(f64, Mark); 3] = [
    (0.3, Mark::Blunder),
    (0.2, Mark::Mistake),
    (0.1, Mark::Inaccuracy),
];

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Winning chances the mover lost with it (0 when they kept or gained), -1..1 scale.
    pub loss: f64,
    /// Its mark, if it deserves one.
    pub mark: Option<Mark>,
    /// Its accuracy, 0..=100 (lichess's per-move formula on win percentages).
    pub accuracy: f64,
}

/// A game weighed move by move.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// One per move: `None` where a position before or after it has no evaluation.
    pub moves: Vec<Option<Verdict>>,
    /// Each side's accuracy, 0..=100, over its judged moves (`None` without any).
    pub accuracy: ByColor<Option<f64>>,
}

impl Judgement {
    /// Move `index`'s mark (0-based), if judged and marked.
    pub fn mark(&self, index: usize) -> Option<Mark> {
        self.moves
            .get(index)
            .copied()
            .flatten()
            .and_then(|v| v.mark)
    }
}

/// What the rules make of `pos`, as an evaluation (White's view): `Mate(1)` when White has
/// won, `Mate(-1)` when Black has, `Centipawns(0)` for a draw; `None` while the game goes
/// on. The worth [`judge`] takes for a position with no move to search.
pub fn rule_end(pos: &Position) -> Option<Eval> {
    pos.outcome().map(|o| match o.winner() {
        Some(Color::White) => Eval::Mate(1),
        Some(Color::Black) => Eval::Mate(-1),
        None => Eval::Centipawns(0),
    })
}

/// White's winning chances in `eval`, -1..1 ([`Score::winning_chances`]).
fn white_chances(eval: Eval) -> f64 {
    match eval {
        Eval::Centipawns(cp) => Score::from_centipawns(cp).winning_chances(),
        Eval::Mate(n) => f64::from(n.signum()),
    }
}

/// `eval` as the side `c` sees it: its mate distance (positive when `c` mates), or its
/// centipawns.
fn seen_by(eval: Eval, c: Color) -> Eval {
    let sign = if c == Color::White { 1 } else { -1 };
    match eval {
        Eval::Centipawns(cp) => Eval::Centipawns(sign * cp),
        Eval::Mate(n) => Eval::Mate(sign * n),
    }
}

/// The mark of a move by `mover` from a position worth `before` to one worth `after`
/// (White's view), with `loss` the winning chances it lost. Mates are judged as lichess
/// does (lila `Advice.scala`, `MateAdvice`): a mate missed, or one walked into, is
/// marked by how good the position still is; a mate delayed is not marked.
fn mark_of(mover: Color, before: Eval, after: Eval, loss: f64) -> Option<Mark> {
    // Centipawns from the mover's view, capped as the curve caps them.
    let cp = |e| match seen_by(e, mover) {
        Eval::Centipawns(cp) => cp.clamp(-1000, 1000),
        Eval::Mate(n) => 1000 * n.signum(),
    };
    match (seen_by(before, mover), seen_by(after, mover)) {
        // Walked into a forced mate against them.
        (Eval::Centipawns(_), Eval::Mate(n)) if n < 0 => Some(match cp(before) {
            c if c < -999 => Mark::Inaccuracy,
            c if c < -700 => Mark::Mistake,
            _ => Mark::Blunder,
        }),
        // Had a forced mate and let it go.
        (Eval::Mate(n), Eval::Centipawns(_)) if n > 0 => Some(match cp(after) {
            c if c > 999 => Mark::Inaccuracy,
            c if c > 700 => Mark::Mistake,
            _ => Mark::Blunder,
        }),
        // A forced mate for them turned into one against them.
        (Eval::Mate(b), Eval::Mate(a)) if b > 0 && a < 0 => Some(Mark::Blunder),
        // Mate to mate otherwise (delayed, or hastened against them): no mark.
        (Eval::Mate(_), Eval::Mate(_)) => None,
        _ => THRESHOLDS
            .iter()
            .find(|(threshold, _)| loss >= *threshold)
            .map(|&(_, mark)| mark),
    }
}

/// Win percentage (0..=100) of White in `eval`: `50 + 50 · chances`, as lichess's
/// `WinPercent`.
fn win_percent(eval: Eval) -> f64 {
    50.0 + 50.0 * white_chances(eval)
}

/// Accuracy of a move that took its mover's win percentage from `before` to `after`:
/// lichess's fit (lila `AccuracyPercent.scala`), `103.1668 · e^(-0.04354 · drop) - 3.1669`,
/// plus its one point for the engine's uncertainty, within 0..=100.
fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Weighs a game: `movers[i]` played move `i`, from the position worth `evals[i]` to the
/// one worth `evals[i + 1]` (White's view; a position the rules end is worth its result:
/// `Mate(1)` for White's win, `Mate(-1)` for Black's, `Centipawns(0)` for a draw). A
/// move with either evaluation missing is not judged; extra entries are ignored.
///
/// Each side's accuracy is lichess's game accuracy: the mean of a volatility-weighted mean
/// and the harmonic mean of its moves' accuracies, the weights being the standard
/// deviation of the win percentages in a window around each move (so that moves in
/// sharp positions count more), clamped to 0.5..=12.
pub fn judge(movers: &[Color], evals: &[Option<Eval>]) -> Judgement {
    let moves: Vec<Option<Verdict>> = movers
        .iter()
        .enumerate()
        .map(|(i, &mover)| {
            let (before, after) = (evals.get(i).copied()??, evals.get(i + 1).copied()??);
            let sign = if mover == Color::White { 1.0 } else { -1.0 };
            let loss = (sign * (white_chances(before) - white_chances(after))).max(0.0);
            let (wb, wa) = (win_percent(before), win_percent(after));
            let (wb, wa) = if mover == Color::White {
                (wb, wa)
            } else {
                (100.0 - wb, 100.0 - wa)
            };
            Some(Verdict {
                loss,
                mark: mark_of(mover, before, after, loss),
                accuracy: move_accuracy(wb, wa),
            })
        })
        .collect();
    let weights = volatility_weights(movers.len(), evals);
    let accuracy = ByColor::new_with(|side| {
        let judged: Vec<(f64, f64)> = moves
            .iter()
            .zip(movers)
            .zip(&weights)
            .filter(|((_, &m), _)| m == side)
            .filter_map(|((v, _), &w)| v.map(|v| (v.accuracy, w)))
            .collect();
        game_accuracy(&judged)
    });
    Judgement { moves, accuracy }
}

/// One weight per move: the standard deviation of White's win percentages over a window
/// of positions ending after it (lila's windows: `clamp(moves / 10, 2, 8)` positions, the
/// first window repeated for the opening moves), within 0.5..=12. Unknown positions are
/// left out of their window.
fn volatility_weights(moves: usize, evals: &[Option<Eval>]) -> Vec<f64> {
    let size = (moves / 10).clamp(2, 8);
    let percents: Vec<Option<f64>> = evals
        .iter()
        .take(moves + 1)
        .map(|e| e.map(win_percent))
        .collect();
    (0..moves)
        .map(|i| {
            // Move i's window: the positions up to the one after it, `size` long.
            let end = (i + 2).max(size).min(percents.len());
            let start = end.saturating_sub(size);
            let known: Vec<f64> = percents[start..end].iter().flatten().copied().collect();
            std_dev(&known).clamp(0.5, 12.0)
        })
        .collect()
}

/// Population standard deviation (0 for fewer than two values).
fn std_dev(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The mean of the weighted mean and the harmonic mean of `(accuracy, weight)` pairs.
fn game_accuracy(judged: &[(f64, f64)]) -> Option<f64> {
    if judged.is_empty() {
        return None;
    }
    let total: f64 = judged.iter().map(|(_, w)| w).sum();
    let weighted = judged.iter().map(|(a, w)| a * w).sum::<f64>() / total;
    // A move of accuracy 0 would make the harmonic mean 0 (lichess floors it the same way).
    let harmonic = judged.len() as f64 / judged.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::ai::{Engine, SearchLimits};
    use crate::game::Game;
    use crate::variants::{variant, VariantId};

    const W: Color = Color::White;
    const B: Color = Color::Black;

    fn cp(n: i32) -> Option<Eval> {
        Some(Eval::Centipawns(n))
    }

    /// Each position of the chess game `sans` judged from a fixed-depth search (one thread,
    /// so the same every run), or the rules' end.
    fn analysed(sans: &[&str], depth: u32) -> (Vec<Color>, Judgement) {
        let mut game = Game::from_start(variant(VariantId::Chess));
        let mut positions = vec![game.position().clone()];
        for san in sans {
            game.play_text(san).expect("a legal move");
            positions.push(game.position().clone());
        }
        let mut engine = Engine::new(16);
        let stop = AtomicBool::new(false);
        let evals: Vec<Option<Eval>> = positions
            .iter()
            .enumerate()
            .map(|(i, pos)| {
                rule_end(pos).or_else(|| {
                    let history: Vec<u64> = positions[..=i]
                        .iter()
                        .map(Position::repetition_key)
                        .collect();
                    let limits = SearchLimits::depth(depth);
                    let result = engine.search(pos, &history, &limits, &stop, &mut |_| {});
                    Some(Eval::from_search(result.score, pos.turn()))
                })
            })
            .collect();
        let movers: Vec<Color> = positions[..sans.len()].iter().map(Position::turn).collect();
        (movers.clone(), judge(&movers, &evals))
    }

    fn marks(j: &Judgement) -> Vec<Option<Mark>> {
        (0..j.moves.len()).map(|i| j.mark(i)).collect()
    }

    #[test]
    fn a_queen_left_en_prise_is_a_blunder_and_only_it() {
        let (_, j) = analysed(&["e4", "e5", "Nf3", "Qg5", "Nxg5"], 6);
        assert_eq!(
            marks(&j),
            [None, None, None, Some(Mark::Blunder), None],
            "{j:?}"
        );
        let black = j.accuracy.black.expect("Black moved");
        let white = j.accuracy.white.expect("White moved");
        assert!(white > black, "{j:?}");
        assert!(j.moves[3].expect("judged").loss >= 0.3, "{j:?}");
    }

    #[test]
    fn walking_into_mate_is_a_blunder_and_the_mate_itself_is_not_marked() {
        // Fool's mate: g4 allows Qh4#, which ends the game (the rules' end, not a search).
        let (_, j) = analysed(&["f3", "e5", "g4", "Qh4#"], 5);
        assert_eq!(j.mark(2), Some(Mark::Blunder), "{j:?}");
        assert_eq!(j.mark(3), None, "{j:?}");
        assert!(j.moves.iter().all(Option::is_some));
    }

    #[test]
    fn thresholds_are_lichess_s_on_the_movers_winning_chances() {
        // From even to -0.5, -1, -1.5, -2 Pawns for White: losses of about 0.09, 0.18,
        // 0.27, 0.35 of the -1..1 scale.
        let cases = [
            (-50, None),
            (-100, Some(Mark::Inaccuracy)),
            (-150, Some(Mark::Mistake)),
            (-200, Some(Mark::Blunder)),
        ];
        for (after, want) in cases {
            let j = judge(&[W], &[cp(0), cp(after)]);
            assert_eq!(j.mark(0), want, "0 -> {after}: {j:?}");
        }
        // Black's view is the other way round.
        assert_eq!(judge(&[B], &[cp(0), cp(500)]).mark(0), Some(Mark::Blunder));
        assert_eq!(judge(&[B], &[cp(0), cp(-500)]).mark(0), None);
        // Three Pawns given back when ten up is not even an inaccuracy: the curve is flat
        // there (the same three from even would be a blunder).
        assert_eq!(judge(&[W], &[cp(1000), cp(700)]).mark(0), None);
    }

    #[test]
    fn mates_missed_walked_into_or_delayed() {
        let mate = |n| Some(Eval::Mate(n));
        // A mate missed, with a won position kept: inaccuracy; with it thrown: blunder.
        assert_eq!(
            judge(&[W], &[mate(2), cp(1200)]).mark(0),
            Some(Mark::Inaccuracy)
        );
        assert_eq!(
            judge(&[W], &[mate(2), cp(800)]).mark(0),
            Some(Mark::Mistake)
        );
        assert_eq!(judge(&[W], &[mate(2), cp(0)]).mark(0), Some(Mark::Blunder));
        // A mate walked into from a lost position is only an inaccuracy.
        assert_eq!(
            judge(&[B], &[cp(1500), mate(3)]).mark(0),
            Some(Mark::Inaccuracy)
        );
        assert_eq!(judge(&[B], &[cp(0), mate(3)]).mark(0), Some(Mark::Blunder));
        // A mate delayed is not marked; one turned against the mover is.
        assert_eq!(judge(&[W], &[mate(1), mate(3)]).mark(0), None);
        assert_eq!(
            judge(&[W], &[mate(1), mate(-2)]).mark(0),
            Some(Mark::Blunder)
        );
    }

    #[test]
    fn accuracy_is_full_for_moves_that_lose_nothing_and_falls_with_losses() {
        let j = judge(&[W, B, W, B], &[cp(20), cp(30), cp(25), cp(30), cp(30)]);
        assert_eq!(j.accuracy.white, Some(100.0));
        assert_eq!(j.accuracy.black, Some(100.0));
        let j = judge(&[W, B, W, B], &[cp(20), cp(30), cp(25), cp(-600), cp(-600)]);
        let white = j.accuracy.white.expect("judged");
        assert!(white < 70.0, "{j:?}");
        assert_eq!(j.accuracy.black, Some(100.0));
        assert!((move_accuracy(50.0, 50.0) - 100.0).abs() < 1e-9);
        assert!(move_accuracy(80.0, 20.0) < 10.0);
    }

    #[test]
    fn moves_without_both_evaluations_are_not_judged() {
        let j = judge(&[W, B, W], &[cp(0), None, cp(0)]);
        assert_eq!(j.moves, [None, None, None]);
        assert_eq!(j.accuracy, ByColor::default());
        // Fewer evaluations than moves: the rest are not judged, nothing panics.
        let j = judge(&[W, B], &[cp(0)]);
        assert_eq!(j.moves, [None, None]);
    }

    #[test]
    fn marks_read_without_colour_and_as_nags() {
        let all = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];
        assert_eq!(all.map(Mark::symbol), ["?!", "?", "??"]);
        assert_eq!(all.map(Mark::nag), [6, 2, 4]);
    }
}
