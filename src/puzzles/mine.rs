//! Mining puzzles from self-play: fast games between two copies of the engine (a few random
//! opening moves, a small node budget and a little evaluation noise, so that mistakes
//! happen), and after each move that looks like a mistake, a search for the one reply that
//! punishes it.
//!
//! A position is kept when, at the scan depth, the best move's winning chances are at least
//! [`WIN`] and beat the second best's (a search of every other legal move,
//! `searchmoves`) by at least [`MARGIN`]; the confirm depth must find the same move first.
//! The line goes on while the solver's next move is again unique in the same way (the
//! opponent replying with the engine's best move at the scan depth), at most
//! [`MAX_SOLVER_MOVES`] moves of the solver. Every analysis search starts from a cleared
//! engine with one thread and a depth limit, so a puzzle depends only on its position and
//! the depths, and the whole run only on its settings and seed.

use std::sync::atomic::{AtomicBool, Ordering};

use super::load::themes_of;
use super::{Made, Origin, Puzzle, Theme};
use crate::ai::{Engine, Score, SearchLimits};
use crate::rules::{Move, Position};
use crate::variants::{variant, VariantId};

/// The winning chances the best move must reach.
pub const WIN: f64 = 0.55;
/// How far the second best move's winning chances must stay below the best's.
pub const MARGIN: f64 = 0.5;
/// The most moves of the solver in a line.
pub const MAX_SOLVER_MOVES: usize = 5;
/// How much the opponent's last move must have lost, in winning chances by the self-play
/// searches, for the position to be looked at.
const SWING: f64 = 0.3;
/// Fewest plies between two puzzles of one game (a won game offers the same idea again).
const SPACING: u32 = 6;
/// Evaluation noise of the self-play moves, in centipawns either way.
const PLAY_NOISE: i32 = 40;
/// Hash table of the searches, in megabytes.
const HASH_MB: usize = 8;

/// The settings of a mining run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineConfig {
    /// The game.
    pub game: VariantId,
    /// Self-play games to play.
    pub games: u32,
    /// The seed of the openings and the noise.
    pub seed: u64,
    /// Nodes per self-play move.
    pub play_nodes: u64,
    /// Depth of the searches that find a candidate, its second best move and the
    /// opponent's replies.
    pub scan_depth: u32,
    /// Depth of the search that confirms every solver's move.
    pub confirm_depth: u32,
    /// Random plies at the start of a game: between 2 and this many.
    pub opening_plies: u32,
    /// The longest game, in plies.
    pub max_plies: u32,
}

impl MineConfig {
    /// The default settings for `game`: 7-ply scans confirmed at 9, 300 nodes a move.
    pub fn new(game: VariantId, games: u32, seed: u64) -> MineConfig {
        MineConfig {
            game,
            games,
            seed,
            play_nodes: 300,
            scan_depth: 7,
            confirm_depth: 9,
            opening_plies: 8,
            max_plies: 200,
        }
    }

    /// How a set made with these settings says it was made.
    pub fn made(&self, command: String) -> Made {
        Made {
            command,
            seed: self.seed,
            games: self.games,
            play_nodes: self.play_nodes,
            scan_depth: self.scan_depth,
            confirm_depth: self.confirm_depth,
        }
    }
}

/// What the miner reports as it goes.
#[derive(Clone, Debug)]
pub enum Progress<'a> {
    /// A puzzle was found.
    Found(&'a Puzzle),
    /// A self-play game ended: its number (from 0) and plies.
    GameDone {
        /// The game's number.
        game: u32,
        /// Its length in plies.
        plies: u32,
    },
}

/// Plays `config.games` self-play games and returns the puzzles found, in order. Stops
/// early, keeping what it found, soon after `stop` becomes true (the search in progress is
/// dropped).
pub fn mine(
    config: &MineConfig,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Vec<Puzzle> {
    let mut miner = Miner {
        config,
        stop,
        analysis: Engine::new(HASH_MB),
        play: Engine::new(HASH_MB),
    };
    let mut found = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for game in 0..config.games {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let plies = miner.game(game, &mut |p| {
            if seen.insert(p.start().hash()) {
                on_progress(Progress::Found(&p));
                found.push(p);
            }
        });
        if stop.load(Ordering::Relaxed) {
            break;
        }
        on_progress(Progress::GameDone { game, plies });
    }
    found
}

/// Checks a puzzle as the miner made it: from a cleared engine at `depth`, every solver's
/// move of the line is the move found first. The sampled and full checks of the shipped
/// sets use it.
///
/// # Errors
/// The first solver's move (0-based index into the line) the search does not find, with
/// the move it found.
pub fn verify(puzzle: &Puzzle, depth: u32) -> Result<(), (usize, Option<Move>)> {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(HASH_MB);
    let mut pos = puzzle.start();
    for (k, mv) in puzzle.line.iter().enumerate() {
        if k % 2 == 0 {
            let best = best(&mut engine, &pos, depth, Vec::new(), &stop).0;
            if best != Some(*mv) {
                return Err((k, best));
            }
        }
        pos.make(*mv);
    }
    Ok(())
}

/// A fresh single-threaded depth-limited search: the best move and its score.
fn best(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    searchmoves: Vec<Move>,
    stop: &AtomicBool,
) -> (Option<Move>, Score) {
    engine.clear();
    let limits = SearchLimits {
        depth: Some(depth),
        searchmoves,
        threads: 1,
        ..SearchLimits::default()
    };
    let r = engine.search(pos, &[], &limits, stop, &mut |_| {});
    (r.best, r.score)
}

struct Miner<'a> {
    config: &'a MineConfig,
    stop: &'a AtomicBool,
    analysis: Engine,
    play: Engine,
}

impl Miner<'_> {
    /// Plays self-play game `index`, handing every puzzle found to `keep`; its length.
    fn game(&mut self, index: u32, keep: &mut dyn FnMut(Puzzle)) -> u32 {
        let cfg = self.config;
        let v = variant(cfg.game);
        let seed = mix(cfg.seed ^ mix(u64::from(index) + 1));
        let mut pos = Position::start(v);
        let mut keys = vec![pos.repetition_key()];
        let opening = 2 + (seed % u64::from(cfg.opening_plies.max(2) - 1)) as u32;
        let mut ply = 0;
        while ply < opening {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return ply;
            }
            let mv = moves[(mix(seed ^ (u64::from(ply) << 32)) % moves.len() as u64) as usize];
            pos.make(mv);
            keys.push(pos.repetition_key());
            ply += 1;
        }
        self.play.clear();
        // The previous position, the move played in it and its mover's winning chances.
        let mut previous: Option<(Position, Move, f64)> = None;
        let mut last_found: Option<u32> = None;
        while ply < cfg.max_plies && pos.outcome().is_none() && !repeated(&keys) {
            if self.stop.load(Ordering::Relaxed) {
                return ply;
            }
            let limits = SearchLimits {
                nodes: Some(cfg.play_nodes),
                noise: PLAY_NOISE,
                seed: mix(seed.wrapping_add(u64::from(ply))),
                threads: 1,
                ..SearchLimits::default()
            };
            let r = self
                .play
                .search(&pos, &keys, &limits, self.stop, &mut |_| {});
            let Some(mv) = r.best else {
                return ply;
            };
            let chances = r.score.winning_chances();
            if let Some((before, last, theirs)) = previous.take() {
                let spaced = last_found.is_none_or(|f| ply >= f + SPACING);
                if spaced && chances + theirs >= SWING {
                    if let Some(p) = self.puzzle(&before, last, index, ply) {
                        last_found = Some(ply);
                        keep(p);
                    }
                }
            }
            previous = Some((pos.clone(), mv, chances));
            pos.make(mv);
            keys.push(pos.repetition_key());
            ply += 1;
        }
        ply
    }

    /// The puzzle of the opponent's move `last` in `before` (played at ply `ply - 1`), if
    /// its punishment is one clear line.
    fn puzzle(&mut self, before: &Position, last: Move, game: u32, ply: u32) -> Option<Puzzle> {
        let cfg = self.config;
        let mut pos = before.clone();
        pos.make(last);
        let start = pos.clone();
        let mut line = Vec::new();
        let mut hardest = 0;
        let mut step = self.unique(&pos)?;
        loop {
            let (mv, found_at) = step;
            hardest = hardest.max(found_at);
            line.push(mv);
            pos.make(mv);
            if pos.outcome().is_some() || line.len().div_ceil(2) >= MAX_SOLVER_MOVES {
                break;
            }
            let (reply, _) = best(
                &mut self.analysis,
                &pos,
                cfg.scan_depth,
                Vec::new(),
                self.stop,
            );
            let Some(reply) = reply else {
                break;
            };
            let mut next = pos.clone();
            next.make(reply);
            if next.outcome().is_some() {
                break;
            }
            // The reply stays only if the solver's next move is unique too.
            match self.unique(&next) {
                Some(s) => {
                    line.push(reply);
                    pos = next;
                    step = s;
                }
                None => break,
            }
        }
        if line.is_empty() || self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let themes = themes_of(&start, &line);
        let rating = rating(&themes, line.len().div_ceil(2), hardest, &start, line[0]);
        Some(Puzzle {
            id: format!("{}-{}-{game}-{ply}", cfg.game.as_str(), cfg.seed),
            before: before.clone(),
            last,
            line,
            themes,
            rating,
            origin: Origin { game, ply: ply - 1 },
        })
    }

    /// The one move that wins clearly in `pos`, with the shallowest depth from which the
    /// confirming search keeps it first; `None` if there is none.
    fn unique(&mut self, pos: &Position) -> Option<(Move, u32)> {
        let cfg = self.config;
        let moves = pos.legal_moves();
        if moves.len() < 2 {
            return None;
        }
        let (mv, score) = best(
            &mut self.analysis,
            pos,
            cfg.scan_depth,
            Vec::new(),
            self.stop,
        );
        let mv = mv?;
        let chances = score.winning_chances();
        if chances < WIN {
            return None;
        }
        let others: Vec<Move> = moves.into_iter().filter(|m| *m != mv).collect();
        let (_, second) = best(&mut self.analysis, pos, cfg.scan_depth, others, self.stop);
        if chances - second.winning_chances() < MARGIN {
            return None;
        }
        // The confirming search: the same move first, still winning.
        self.analysis.clear();
        let limits = SearchLimits {
            depth: Some(cfg.confirm_depth),
            threads: 1,
            ..SearchLimits::default()
        };
        let mut found_at = 1;
        let r = self
            .analysis
            .search(pos, &[], &limits, self.stop, &mut |info| {
                if info.pv.first() != Some(&mv) {
                    found_at = info.depth + 1;
                }
            });
        (r.best == Some(mv) && r.score.winning_chances() >= WIN).then_some((mv, found_at))
    }
}

/// A puzzle's first rating: harder with more moves to find, a deeper first move, and a
/// quiet first move (no capture, no promotion); a short mate or a capture is easier.
fn rating(
    themes: &[Theme],
    solver_moves: usize,
    found_at: u32,
    start: &Position,
    first: Move,
) -> u32 {
    let mut r = 900 + 200 * (solver_moves as i64 - 1) + 60 * i64::from(found_at.min(12));
    let mut after = start.clone();
    after.make(first);
    let loud = first.is_capture() || first.promotion.is_some() || after.is_check();
    if !loud {
        r += 250;
    }
    if themes.contains(&Theme::MateIn(1)) {
        r -= 150;
    }
    r.clamp(400, 3000) as u32
}

/// Whether the last position has stood three times.
fn repeated(keys: &[u64]) -> bool {
    let last = keys.last().copied();
    keys.iter().filter(|k| Some(**k) == last).count() >= 3
}

/// SplitMix64's finaliser: the openings' and noise's random numbers.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
