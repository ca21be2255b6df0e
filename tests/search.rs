//! The search: it finds forced mates (each position checked to be exactly mate in N by brute
//! force first), always returns a legal move, stops when asked, sees draws by repetition and
//! by the 50-move rule, and is deterministic under depth and node limits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rankup::ai::{self, Engine, Level, Score, SearchLimits, SearchResult};
use rankup::notation::coord;
use rankup::rules::{Move, Position};
use rankup::variants::{variant, VariantId};

fn position(id: VariantId, fen: &str) -> Position {
    Position::from_fen(variant(id), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn run(pos: &Position, history: &[u64], limits: SearchLimits) -> SearchResult {
    let stop = AtomicBool::new(false);
    ai::search(pos, history, &limits, &stop, &mut |_| {})
}

/// Whether the side to move can force mate within `n` of its moves (brute force).
fn mates_within(pos: &mut Position, n: u32) -> bool {
    pos.legal_moves().into_iter().any(|mv| {
        let undo = pos.make(mv);
        let ok = mated_within(pos, n);
        pos.unmake(mv, undo);
        ok
    })
}

/// Whether the side to move is mated now or, whatever it plays, within `n - 1` more moves of
/// the opponent.
fn mated_within(pos: &mut Position, n: u32) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.is_check();
    }
    n > 1
        && moves.into_iter().all(|mv| {
            let undo = pos.make(mv);
            let ok = mates_within(pos, n - 1);
            pos.unmake(mv, undo);
            ok
        })
}

/// Checks that `fen` is mate in exactly `n`, then that the search finds a mating move
/// within a node budget and scores it as mate in `n`.
fn assert_finds_mate(id: VariantId, fen: &str, n: u32, nodes: u64) {
    let mut pos = position(id, fen);
    assert!(mates_within(&mut pos, n), "{fen} is not mate in {n}");
    if n > 1 {
        assert!(
            !mates_within(&mut pos, n - 1),
            "{fen} is mate in fewer than {n}"
        );
    }
    let r = run(&pos, &[], SearchLimits::nodes(nodes));
    let best = r.best.expect("a move");
    let token = coord::format(pos.variant(), &best);
    let undo = pos.make(best);
    assert!(
        mated_within(&mut pos, n),
        "{fen}: {token} does not mate in {n}"
    );
    pos.unmake(best, undo);
    assert_eq!(
        r.score,
        Score::mate_in(2 * n - 1),
        "{fen}: score after {token}"
    );
    assert_eq!(r.score.mate_moves(), Some(n as i32));
}

#[test]
fn chess_mates_in_one() {
    // Back-rank mate.
    assert_finds_mate(
        VariantId::Chess,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
        20_000,
    );
    // Promotion mates (to a Queen or a Rook).
    assert_finds_mate(
        VariantId::Chess,
        "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
        1,
        20_000,
    );
    // Black to move.
    assert_finds_mate(
        VariantId::Chess,
        "2r3k1/8/8/8/8/8/5PPP/6K1 b - - 0 1",
        1,
        20_000,
    );
}

#[test]
fn chess_mates_in_two() {
    // Morphy: 1.Ra6 bxa6 2.b7#.
    assert_finds_mate(
        VariantId::Chess,
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
        2,
        200_000,
    );
    // 1.Qg6+ hxg6 2.Bxg6#.
    assert_finds_mate(
        VariantId::Chess,
        "r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1",
        2,
        300_000,
    );
}

#[test]
fn promochess_mates_in_one() {
    // Two mates, both by promotion: the Pawn's double step lands on the last rank and must
    // become a Gold (the Horse guards a8 and b9), or the Horse becomes a Marshal on d9 (the
    // Pawn guards a8).
    let fen = "k8/9/1PH6/9/9/9/9/9/4K4 w - - 0 1";
    assert_finds_mate(VariantId::Promochess, fen, 1, 20_000);
    let pos = position(VariantId::Promochess, fen);
    let best = run(&pos, &[], SearchLimits::nodes(20_000)).best.unwrap();
    let token = coord::format(pos.variant(), &best);
    assert!(token == "b7b9" || token == "c7d9+", "{token}");
    // Without the promotion, the Horse's move is no mate.
    let declined = coord::parse(&pos, "c7d9").unwrap();
    let mut after = pos.clone();
    after.make(declined);
    assert!(!after.legal_moves().is_empty());
}

#[test]
fn promochess_mates_in_two() {
    // 1.Rc9+ promoting to a Queen (the Rook alone would not do), then mate.
    assert_finds_mate(
        VariantId::Promochess,
        "k8/9/9/9/P1R5K/9/9/9/9 w - - 0 1",
        2,
        300_000,
    );
    let pos = position(VariantId::Promochess, "k8/9/9/9/P1R5K/9/9/9/9 w - - 0 1");
    let best = run(&pos, &[], SearchLimits::nodes(300_000)).best.unwrap();
    assert_eq!(coord::format(pos.variant(), &best), "c5c9+");
    // 1.Rf8+ promoting on the edge of the zone, then mate.
    assert_finds_mate(
        VariantId::Promochess,
        "7k1/H1K6/9/9/9/5R3/6H2/9/9 w - - 0 1",
        2,
        300_000,
    );
}

/// A small deterministic generator for random playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn assert_line_is_legal(pos: &Position, line: &[Move]) {
    let mut p = pos.clone();
    for mv in line {
        assert!(p.is_legal(mv), "illegal pv move {mv:?} in {}", p.fen());
        p.make(*mv);
    }
}

#[test]
fn best_move_is_always_legal() {
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    for id in VariantId::ALL {
        let v = variant(id);
        for game in 0..6u64 {
            let mut rng = Rng(0x9e37_79b9 ^ ((game + 1) * 7919));
            let mut pos = Position::start(v);
            let mut keys = vec![pos.repetition_key()];
            for ply in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    let r =
                        engine.search(&pos, &keys, &SearchLimits::nodes(500), &stop, &mut |_| {});
                    assert_eq!(r.best, None, "{}", pos.fen());
                    break;
                }
                if ply % 4 == 0 {
                    let limits = SearchLimits::nodes(1_500 + 500 * (ply % 3) as u64);
                    let r = engine.search(&pos, &keys, &limits, &stop, &mut |info| {
                        assert_line_is_legal(&pos, &info.pv);
                    });
                    let best = r.best.expect("a legal move exists");
                    assert!(
                        moves.contains(&best),
                        "{id}: illegal best move in {}",
                        pos.fen()
                    );
                    assert_eq!(r.pv.first(), Some(&best));
                    assert_line_is_legal(&pos, &r.pv);
                }
                let mv = moves[rng.below(moves.len())];
                pos.make(mv);
                keys.push(pos.repetition_key());
            }
        }
    }
}

#[test]
fn stop_ends_an_infinite_search() {
    for id in VariantId::ALL {
        let pos = Position::start(variant(id));
        let stop = Arc::new(AtomicBool::new(false));
        let setter = {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
                Instant::now()
            })
        };
        let r = ai::search(&pos, &[], &SearchLimits::infinite(), &stop, &mut |_| {});
        let returned = Instant::now();
        let stopped_at = setter.join().unwrap();
        assert!(
            returned.duration_since(stopped_at) < Duration::from_secs(2),
            "{id}: took {:?} to stop",
            returned.duration_since(stopped_at)
        );
        assert!(pos.legal_moves().contains(&r.best.unwrap()));
    }
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let pos = Position::start(variant(VariantId::Promochess));
    let stop = AtomicBool::new(true);
    let r = ai::search(&pos, &[], &SearchLimits::infinite(), &stop, &mut |_| {});
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn depth_limited_search_is_deterministic() {
    for id in VariantId::ALL {
        let pos = Position::start(variant(id));
        let a = run(&pos, &[], SearchLimits::depth(5));
        let b = run(&pos, &[], SearchLimits::depth(5));
        assert_eq!(a.depth, 5);
        assert_eq!(
            (a.best, a.score, a.nodes, &a.pv),
            (b.best, b.score, b.nodes, &b.pv)
        );
        let c = run(&pos, &[], SearchLimits::nodes(7_000));
        let d = run(&pos, &[], SearchLimits::nodes(7_000));
        assert_eq!((c.best, c.score, c.nodes), (d.best, d.score, d.nodes));
        assert!(c.nodes <= 7_000);
    }
}

#[test]
fn threaded_search_plays_legal_moves() {
    // Lazy SMP: helpers share the hash table; the main thread's move is always legal.
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    for id in [
        VariantId::Chess,
        VariantId::Promochess,
        VariantId::Tamerspiel,
    ] {
        let pos = Position::start(variant(id));
        let limits = SearchLimits {
            threads: 3,
            ..SearchLimits::depth(6)
        };
        let r = engine.search(&pos, &[], &limits, &stop, &mut |info| {
            assert_line_is_legal(&pos, &info.pv);
        });
        assert!(pos.legal_moves().contains(&r.best.unwrap()), "{id}");
        assert_eq!(r.depth, 6);
        assert_line_is_legal(&pos, &r.pv);
    }
    // A mate is still found with helpers running.
    let pos = position(VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let limits = SearchLimits {
        threads: 2,
        ..SearchLimits::depth(4)
    };
    let r = engine.search(&pos, &[], &limits, &stop, &mut |_| {});
    assert_eq!(r.score, Score::mate_in(1));
}

#[test]
fn app_levels_use_all_but_one_core() {
    let full = Level::MAX.limits();
    assert_eq!(full.threads, ai::default_threads());
    assert!(ai::default_threads() >= 1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(ai::default_threads() < cores || cores == 1);
    // The levels below the top are limited by depth or nodes: one thread, deterministic.
    assert_eq!(Level::MIN.limits().threads, 1);
    assert_eq!(Level::DEFAULT.limits().threads, 1);
}

#[test]
fn info_reports_every_iteration() {
    let pos = Position::start(variant(VariantId::Chess));
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let r = ai::search(&pos, &[], &SearchLimits::depth(4), &stop, &mut |info| {
        assert!(!info.pv.is_empty());
        assert_eq!(info.current, None);
        seen.push((info.depth, info.nodes));
    });
    // A depth-4 search ends long before the first progress report (one a second).
    assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1));
    assert_eq!(seen.last().unwrap().1, r.nodes);
}

#[test]
fn finished_games_have_no_move() {
    // Checkmated, and stalemated.
    let mated = position(VariantId::Chess, "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    let r = run(&mated, &[], SearchLimits::depth(3));
    assert_eq!((r.best, r.score), (None, Score::mated_in(0)));
    let stalemate = position(VariantId::Chess, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    let r = run(&stalemate, &[], SearchLimits::depth(3));
    assert_eq!((r.best, r.score), (None, Score::DRAW));
}

#[test]
fn repetition_in_the_game_history_is_a_draw() {
    // White is a Queen down; Kh1-g1 returns to a position that has occurred twice before,
    // so it is a draw by threefold repetition, and the search takes it.
    let fen = "6k1/8/8/8/8/8/P2q4/7K w - - 10 40";
    let pos = position(VariantId::Chess, fen);
    let without = run(&pos, &[], SearchLimits::depth(4));
    assert!(without.score.0 < -500, "{:?}", without.score);
    let kg1 = coord::parse(&pos, "h1g1").unwrap();
    let mut after = pos.clone();
    after.make(kg1);
    let repeated = after.repetition_key();
    let other = pos.repetition_key();
    let history = [repeated, other, repeated, other];
    let with = run(&pos, &history, SearchLimits::depth(4));
    assert_eq!(with.best, Some(kg1));
    assert_eq!(with.score, Score::DRAW);
}

#[test]
fn fifty_move_rule_is_a_draw() {
    // Black is a Queen down, but any quiet move reaches the hundredth ply.
    let pos = position(VariantId::Chess, "6k1/8/8/8/8/8/3Q4/7K b - - 99 80");
    let r = run(&pos, &[], SearchLimits::depth(4));
    assert_eq!(r.score, Score::DRAW);
    let fresh = position(VariantId::Chess, "6k1/8/8/8/8/8/3Q4/7K b - - 0 80");
    assert!(run(&fresh, &[], SearchLimits::depth(4)).score.0 < -500);
}

#[test]
fn levels_play_legal_moves_quickly() {
    let pos = Position::start(variant(VariantId::Chess));
    for level in [Level::MIN, Level::new(2).unwrap(), Level::new(3).unwrap()] {
        let mut limits = level.limits();
        limits.seed = 7;
        let started = Instant::now();
        let r = run(&pos, &[], limits);
        assert!(
            pos.legal_moves().contains(&r.best.unwrap()),
            "level {level}"
        );
        assert!(started.elapsed() < Duration::from_secs(2), "level {level}");
    }
    // The default level is bounded by depth, not time: it answers at once.
    assert!(Level::DEFAULT.limits().depth.is_some());
}

#[test]
fn greedy_takes_a_free_queen() {
    let pos = position(VariantId::Chess, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    let best = ai::greedy(&pos, 1).unwrap();
    assert_eq!(coord::format(pos.variant(), &best), "d1d5");
}

/// Plays `games` games of `id` from the start, the search (at `nodes` per move) against the
/// greedy one-ply player, colours alternating; returns the search's points.
fn match_against_greedy(id: VariantId, games: u32, nodes: u64) -> f64 {
    let mut points = 0.0;
    for g in 0..games {
        let search_white = g & 1 == 0;
        let mut game = rankup::game::Game::from_start(variant(id));
        let mut keys = vec![game.position().repetition_key()];
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        while game.outcome().is_none() && game.history().len() < 300 {
            let pos = game.position().clone();
            let searching = (pos.turn() == rankup::rules::Color::White) == search_white;
            let mv = if searching {
                engine
                    .search(&pos, &keys, &SearchLimits::nodes(nodes), &stop, &mut |_| {})
                    .best
            } else {
                ai::greedy(&pos, u64::from(g))
            };
            game.play(mv.unwrap()).unwrap();
            keys.push(game.position().repetition_key());
        }
        points += match game.outcome().and_then(|o| o.winner()) {
            Some(rankup::rules::Color::White) if search_white => 1.0,
            Some(rankup::rules::Color::Black) if !search_white => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    points
}

#[test]
#[ignore = "plays whole games; run with --ignored"]
fn search_beats_the_greedy_player_in_every_game() {
    for id in VariantId::ALL {
        let points = match_against_greedy(id, 4, 20_000);
        assert!(points >= 3.0, "{id}: only {points} of 4");
    }
}

#[test]
#[ignore = "deep searches; run with --ignored"]
fn deeper_searches_agree_on_forced_mates() {
    for (id, fen, n) in [
        (VariantId::Chess, "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2),
        (VariantId::Promochess, "k8/9/9/9/P1R5K/9/9/9/9 w - - 0 1", 2),
    ] {
        let pos = position(id, fen);
        let r = run(&pos, &[], SearchLimits::depth(8));
        assert_eq!(r.score, Score::mate_in(2 * n - 1), "{fen}");
    }
}

/// The token the search picks in `fen` within `nodes`.
fn best_token(id: VariantId, fen: &str, nodes: u64) -> String {
    let pos = position(id, fen);
    let best = run(&pos, &[], SearchLimits::nodes(nodes))
        .best
        .expect("a move");
    coord::format(pos.variant(), &best)
}

/// Whether playing `token` in `fen` leaves the opponent mated within `n` more moves.
fn token_mates_within(id: VariantId, fen: &str, token: &str, n: u32) -> bool {
    let mut pos = position(id, fen);
    let mv = coord::parse(&pos, token).unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    pos.make(mv);
    mated_within(&mut pos, n)
}

#[test]
fn veteran_mates_in_one() {
    // 1.Rxb7 promoting to a Veteran: it takes diagonally, so it checks a8, and the King on
    // c6 guards it. The same capture declined leaves a Rook that checks nothing.
    let fen = "kb6/pn6/2K5/8/8/8/8/1R6 w - - 0 1";
    assert_finds_mate(VariantId::Veteran, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::Veteran, fen, 20_000), "b1b7+");
    assert!(!token_mates_within(VariantId::Veteran, fen, "b1b7", 1));
}

#[test]
fn veteran_mates_in_two() {
    // 1.Nxg3 promoting to a Mounted Veteran (optional, taken) checks by the Knight leap;
    // 1...Kg1 is forced and 2.Re1 mates: the Mounted Veteran's leaps cover f1 and h1, its
    // diagonal captures f2 and h2. Declined, a plain Knight leaves f2 and h2 free.
    let fen = "8/8/4R2P/1K6/4N3/6n1/1l4p1/7k w - - 0 1";
    assert_finds_mate(VariantId::Veteran, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::Veteran, fen, 300_000), "e4g3+");
    assert!(!token_mates_within(VariantId::Veteran, fen, "e4g3", 2));
    // 1.bxc6 takes the Lady and must become a Queen, which mates next move (Qa6 or Qa4).
    let fen = "1R6/8/p1l1nN2/1P3K2/8/8/1k6/8 w - - 0 1";
    assert_finds_mate(VariantId::Veteran, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::Veteran, fen, 300_000), "b5c6");
}

#[test]
fn upgrade_mates_in_one() {
    // A level-7 Rook reaches a8 from a1: back-rank mate. At level 6 it stops on a7.
    let fen = "6k1/5ppp/8/8/8/8/8/R(7)5K1 w - - 0 1";
    assert_finds_mate(VariantId::Upgrade, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::Upgrade, fen, 20_000), "a1a8");
    let mut weaker = position(VariantId::Upgrade, "6k1/5ppp/8/8/8/8/8/R(6)5K1 w - - 0 1");
    assert!(!mates_within(&mut weaker, 1));
}

#[test]
fn upgrade_mates_in_two() {
    // 1.Rxa3: the level-1 Rook takes a level-6 Pawn and becomes level 7, so 2.Ra8 mates
    // whatever Black does (only the c-Pawn can move). Taking a level-1 Pawn instead (a
    // level-2 Rook) would not mate in two.
    let fen = "7k/2p2K1p/7P/8/8/p(6)7/R7/8 w - - 0 1";
    assert_finds_mate(VariantId::Upgrade, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::Upgrade, fen, 300_000), "a2a3");
    let mut weaker = position(VariantId::Upgrade, "7k/2p2K1p/7P/8/8/p7/R7/8 w - - 0 1");
    assert!(!mates_within(&mut weaker, 2));
    // 1.Kxg3 must give the Knight's level to another White piece: to the Rook on d1
    // (level 3, it now reaches g1 with check) or the Knight on d3, mate follows; given to
    // the Pawn on f6 it does not mate in two.
    let fen = "8/6p(5)1/4pP2/8/8/3N(2)2nK/8/3R(2)2k1 w - - 0 1";
    assert_finds_mate(VariantId::Upgrade, fen, 2, 300_000);
    let best = best_token(VariantId::Upgrade, fen, 300_000);
    assert!(best == "h3g3^d1" || best == "h3g3^d3", "{best}");
    assert!(!token_mates_within(VariantId::Upgrade, fen, "h3g3^f6", 2));
}

// Alternate Promotion Chess (variants/apc-crowned.ron): mates that need its rules. Each
// position was also solved by brute force with an independent APC move generator (outside
// this repository).

#[test]
fn apc_mates_in_one() {
    // Crowned: 1.Ng8 ends on the far rank and must become a Prince, which checks h8 from g8;
    // the Pawn f7 guards it and the King g6 takes g7 and h7. In Eurasian the same move makes
    // an Arrow, which checks nothing.
    let fen = "7k/4NP2/6K1/8/8/8/8/8 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcCrowned, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::ApcCrowned, fen, 20_000), "e7g8");
    assert!(!token_mates_within(VariantId::ApcEurasian, fen, "e7g8", 1));
    // Crowned, Black to move: the Primate ends on Black's own back rank and becomes a Rook
    // that checks along rank 8 (Kf6 guards g7); as a Primate on e8 or a8 it would not check.
    let fen = "7K/7P/2d2k2/8/8/8/8/8 b - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcCrowned, fen, 1, 20_000);
    let best = best_token(VariantId::ApcCrowned, fen, 20_000);
    assert!(best == "c6e8" || best == "c6a8", "{best}");
    // Eurasian: 1.Xg3 checks g8 by hopping the Pawn g7; Rook f8 and Bishop h8 box the King in
    // and nothing can put a second screen on g4-g6. A Rook on g3 would check nothing.
    let fen = "5rkb/5ppp/8/8/8/2X5/8/K7 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcEurasian, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::ApcEurasian, fen, 20_000), "c3g3");
    assert!(!token_mates_within(
        VariantId::ApcEurasian,
        "5rkb/5ppp/8/8/8/2R5/8/K7 w - - 0 1 kings:-",
        "c3g3",
        1
    ));
    // Timur: 1.Qxg7 mates because the Picket f8 may not take next to it (a Picket moves at
    // least two squares); in Crowned a Bishop on f8 takes the Queen.
    let fen = "5j1k/6pp/5P2/8/6Q1/8/8/K7 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcTimur, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::ApcTimur, fen, 20_000), "g4g7");
    assert!(!token_mates_within(
        VariantId::ApcCrowned,
        "5b1k/6pp/5P2/8/6Q1/8/8/K7 w - - 0 1 kings:-",
        "g4g7",
        1
    ));
}

#[test]
fn apc_mates_in_two() {
    // Eurasian: 1.Ng6+ hxg6 2.Xh1#: the Cannon ends on White's own back rank and must become a
    // Rook, which checks up the open h-file (a Cannon there would check nothing: no screen).
    let fen = "6rk/6pp/8/8/7N/2K5/8/X7 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcEurasian, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::ApcEurasian, fen, 300_000), "h4g6");
    // Eurasian: 1.Kf7 and 2.Th2# or 2.Th3#: the Tank checks along the h-file by hopping Black's
    // own h-Pawn, and it also attacks the square behind the King (1...Kh8 2.Th2#).
    let fen = "8/7k/4K2p/8/8/8/6T1/8 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcEurasian, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::ApcEurasian, fen, 300_000), "e6f7");
    // Timur, a Fagin and a Picket only: 1.Fd4 pins the g-Pawn (the Fagin reaches h8 over e5-g7)
    // and the Picket d5 covers g8 from three squares, so 1...Kh7 is forced; 2.Fh4# checks from
    // three squares away and covers h6 and h8, both at least two squares from h4.
    let fen = "7k/6p1/8/3J1K2/6F1/8/8/8 w - - 0 1 kings:-";
    assert_finds_mate(VariantId::ApcTimur, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::ApcTimur, fen, 300_000), "g4d4");
}

// Tamerspiel (variants/tamerspiel.ron): mates that need the citadels and the King swap.

#[test]
fn tamerspiel_mates_in_one() {
    // 1.Ea8: the Eagle ends on Black's a8 citadel and becomes a Queen, which checks along the
    // empty eighth rank; e8 is covered and g8 and the seventh rank are Black's own. Black's
    // swap is used up (`swap:K`).
    let fen = "5kh5/*3ppp4*/*E9*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 swap:K";
    assert_finds_mate(VariantId::Tamerspiel, fen, 1, 20_000);
    assert_eq!(best_token(VariantId::Tamerspiel, fen, 20_000), "b6a8");
    // With the swap unused the same check is answered by one (the King exchanges places with
    // the f7 Pawn, which nothing attacks), so it is not mate.
    let unused = fen.replace("swap:K", "swap:Kk");
    assert!(!token_mates_within(
        VariantId::Tamerspiel,
        &unused,
        "b6a8",
        1
    ));
}

#[test]
fn tamerspiel_mates_in_two() {
    // 1.Rb8 pins the Guard k8 to the King in its own citadel l8 (the Bishop h4 pins the k7
    // Pawn), so 1...Gj8 is forced; 2.Rxj8#: k8 is covered, l7 does not exist, and the swap
    // with the k7 Pawn is barred because the Bishop attacks it, though Black's swap is unused.
    let fen = "10gk/*9p*/*10*/*10*/*6BH2*/*10*/*10*/1R4K5 w - - 0 1 swap:Kk";
    assert_finds_mate(VariantId::Tamerspiel, fen, 2, 300_000);
    assert_eq!(best_token(VariantId::Tamerspiel, fen, 300_000), "b1b8");
}

/// An engine given its own weights plays by them (SPSA's candidates play each other in one
/// process), in that game only, and the game's own set is untouched for everyone else.
#[test]
fn an_engine_with_its_own_weights_evaluates_by_them() {
    let pos = position(VariantId::Chess, "4k3/p7/8/8/8/8/P7/1N2K3 w - - 0 1");
    let stop = AtomicBool::new(false);
    let score = |engine: &mut Engine, pos: &Position| {
        engine
            .search(pos, &[], &SearchLimits::depth(1), &stop, &mut |_| {})
            .score
            .centipawns()
            .unwrap()
    };
    // The game's own evaluation (its built-in network, if it has one).
    let own = score(&mut Engine::new(1), &pos);
    // Weights are the hand-made evaluation's: an engine given the built-in set plays it.
    let mut plain = Engine::new(1);
    plain.set_weights(variant(VariantId::Chess), &ai::Weights::builtin("chess"));
    let before = score(&mut plain, &pos);
    let mut heavy = Engine::new(1);
    let mut w = ai::Weights::builtin("chess");
    let knight = w.values.get(&'N').copied().unwrap_or(300);
    w.values.insert('N', knight + 500);
    heavy.set_weights(variant(VariantId::Chess), &w);
    let after = score(&mut heavy, &pos);
    assert!(after >= before + 400, "{before} -> {after}");
    // Other games, and other engines, keep their own evaluation.
    assert_eq!(score(&mut Engine::new(1), &pos), own);
    let other = position(VariantId::Veteran, "4k3/p7/8/8/8/8/P7/1N2K3 w - - 0 1");
    assert_eq!(
        score(&mut heavy, &other),
        score(&mut Engine::new(1), &other)
    );
}
