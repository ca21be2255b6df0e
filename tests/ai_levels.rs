//! The ladder of levels: each answers with a legal move within its depth or node limit, the
//! weak levels' choices follow their temperature, mates in one are found from level 3 up,
//! the openings vary with the seed and repeat with it, and old saves' levels land on the
//! ladder.

use std::sync::atomic::AtomicBool;

use rankup::ai::{self, Engine, Level, SearchLimits, SearchResult};
use rankup::rules::{Move, Position};
use rankup::save::{Player, SavedGame};
use rankup::variants::{variant, VariantId};

fn chess(fen: &str) -> Position {
    Position::from_fen(variant(VariantId::Chess), fen).unwrap()
}

fn at_level(pos: &Position, level: Level, seed: u64) -> SearchResult {
    let limits = SearchLimits {
        threads: 1,
        ..level.limits_with(level.movetime(), seed)
    };
    ai::search(pos, &[], &limits, &AtomicBool::new(false), &mut |_| {})
}

/// A middlegame with tactics about: every level below the top answers a legal move within
/// its depth or node budget (its time is a ceiling only; the top level is timed, and
/// measured by `rankup match`).
#[test]
fn each_level_answers_within_its_limits() {
    let pos = chess("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8");
    for level in &Level::ALL[..6] {
        let limits = level.limits_with(level.movetime(), 3);
        let r = at_level(&pos, *level, 3);
        let best = r.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{level}");
        if let Some(d) = limits.depth {
            assert!(r.depth <= d, "{level}: depth {}", r.depth);
        }
        if let Some(n) = limits.nodes {
            // Stops at the limit (checked at every node).
            assert!(r.nodes <= n, "{level}: {} nodes", r.nodes);
        }
        assert!(r.lines.len() >= limits.multipv.min(pos.legal_moves().len()).min(2));
        assert!(
            r.lines.iter().any(|l| l.pv[0] == best),
            "{level}: plays one of its lines"
        );
    }
}

/// Mates in one (a back rank, the scholar's mate): found by every level from 3 up, whatever the
/// seed (a mate's weight beats every other line's).
#[test]
fn mates_in_one_are_found_from_level_3_up() {
    let cases = [
        (VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
        (
            VariantId::Chess,
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        ),
    ];
    for (id, fen) in cases {
        let pos = Position::from_fen(variant(id), fen).unwrap();
        for level in Level::ALL.into_iter().skip(2).take(4) {
            for seed in 0..6 {
                let r = at_level(&pos, level, seed);
                assert_eq!(r.score.mate_moves(), Some(1), "{level} seed {seed}: {fen}");
                let mut after = pos.clone();
                after.make(r.best.unwrap());
                assert!(
                    after.is_check() && after.legal_moves().is_empty(),
                    "{level}: {fen}"
                );
            }
        }
    }
}

/// Level 2 over one position and 300 seeds: its moves are drawn among its lines with weights
/// `exp(-loss / T)`, so the share of each line's move is close to its weight (the lines and
/// their scores are the same for every seed: one thread, a depth limit).
#[test]
fn weak_levels_choices_follow_their_temperature() {
    let pos = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 10");
    let level = Level::new(2).unwrap();
    let t = f64::from(level.limits().temperature);
    let first = at_level(&pos, level, 0);
    let lines = first.lines.clone();
    assert!(lines.len() >= 4, "{lines:?}");
    let best = f64::from(lines[0].score.0);
    let weights: Vec<f64> = lines
        .iter()
        .map(|l| ((f64::from(l.score.0) - best) / t).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let n = 300;
    let mut counts = vec![0u32; lines.len()];
    for seed in 0..n {
        let r = at_level(&pos, level, seed);
        assert_eq!(r.lines, lines, "the same lines for every seed");
        let i = lines.iter().position(|l| Some(l.pv[0]) == r.best).unwrap();
        counts[i] += 1;
    }
    for (c, w) in counts.iter().zip(&weights) {
        let p = w / total;
        let sd = (p * (1.0 - p) / n as f64).sqrt();
        let share = f64::from(*c) / n as f64;
        assert!(
            (share - p).abs() <= 5.0 * sd + 0.01,
            "{counts:?} vs {weights:?}"
        );
    }
    // Not the best move every time, and not a uniform draw either.
    assert!(counts[0] < n as u32 && counts[0] > counts[counts.len() - 1]);
    // At temperature 0 (the top level's) no line is drawn past the opening: the best is played.
    assert_eq!(Level::MAX.limits().temperature, 0);
    let cold = SearchLimits {
        temperature: 0,
        threads: 1,
        ..Level::new(6).unwrap().limits_with(Level::MAX.movetime(), 1)
    };
    let r = ai::search(&pos, &[], &cold, &AtomicBool::new(false), &mut |_| {});
    assert!(r.lines.len() >= 2);
    assert_eq!(r.best, Some(r.lines[0].pv[0]));
}

/// Eight plies between two level-3 players from the start, every move drawn with the
/// game's seed: another seed, another game; the same seed, the same game.
fn opening(seed: u64) -> Vec<Move> {
    let level = Level::new(3).unwrap();
    let mut pos = Position::start(variant(VariantId::Chess));
    let mut engine = Engine::new(4);
    let mut moves = Vec::new();
    for _ in 0..8 {
        let limits = SearchLimits {
            threads: 1,
            ..level.limits_with(level.movetime(), seed)
        };
        let keys = ai::repetition_keys(&Position::start(pos.variant()), moves.clone());
        let mv = engine
            .search(&pos, &keys, &limits, &AtomicBool::new(false), &mut |_| {})
            .best
            .unwrap();
        pos.make(mv);
        moves.push(mv);
    }
    moves
}

#[test]
fn openings_vary_with_the_seed_and_repeat_with_it() {
    let games: Vec<Vec<Move>> = (1..=4).map(opening).collect();
    assert_eq!(opening(2), games[1], "the same seed replays the game");
    let mut distinct = games.clone();
    distinct.sort_by_key(|g| format!("{g:?}"));
    distinct.dedup();
    assert!(
        distinct.len() >= 3,
        "four seeds, {} openings",
        distinct.len()
    );
}

/// The full strength level plays its best line: no temperature, and opening variety only in
/// the first moves.
#[test]
fn analysis_limits_never_draw_a_move() {
    let limits = ai::analysis_limits(std::time::Duration::from_millis(50));
    assert_eq!(
        (limits.temperature, limits.variety, limits.multipv),
        (0, 0, 0)
    );
}

/// A save written before the ladder (`Ai(level: 4)`, the old one-second "club") loads as
/// the ladder's level 8 (the full search) and is written back in the new form, which reads back the same.
#[test]
fn old_saves_levels_map_onto_the_ladder() {
    let text = std::fs::read_to_string("tests/data/saves/v1-chess.ron").unwrap();
    assert!(text.contains("white: Ai(level: 1)"));
    let old = text.replace("white: Ai(level: 1)", "white: Ai(level: 4)");
    let saved = SavedGame::from_ron(&old, "old.ron").unwrap();
    assert_eq!(
        saved.white,
        Player::Ai {
            level: Level::new(8).unwrap()
        }
    );
    let written = saved.to_ron();
    assert!(written.contains("Ai(level: \"8\")"), "{written}");
    assert_eq!(SavedGame::from_ron(&written, "new.ron").unwrap(), saved);
    for bad in ["Ai(level: 7)", "Ai(level: \"9\")", "Ai(level: -1)"] {
        let text = text.replace("Ai(level: 1)", bad);
        assert!(SavedGame::from_ron(&text, "bad.ron").is_err(), "{bad}");
    }
}
