//! Iterative deepening over a principal variation search (alpha-beta with null windows for
//! all but the first move), modelled on what the strongest open-source engines do
//! (Stockfish's `search.cpp` above all), written for any game the engine plays:
//!
//! * a shared transposition table ([`Tt`]: buckets, aging, the static evaluation stored),
//!   its move searched first and its bounds cutting non-PV nodes;
//! * staged move picking ([`Picker`]) with main, capture and continuation histories,
//!   killers and counter moves, and static exchange evaluation ([`see`](super::see)) for
//!   every piece kind;
//! * a correction history ([`Correction`]): the static evaluation plus what searches found
//!   about positions with the same Pawns, learnt within the game;
//! * an "improving" signal (the static evaluation against two plies before) that loosens or
//!   tightens the pruning below;
//! * reverse futility pruning, null-move pruning (a real [`Position::make_null`]),
//!   internal iterative reductions, singular extensions (with multi-cut and negative
//!   extensions), check extensions within a budget;
//! * late-move reductions driven by history, late-move pruning, futility pruning and SEE
//!   pruning of quiet moves and of losing captures;
//! * quiescence over captures that do not lose by SEE and, at its first ply only, safe
//!   promotions to the best type (the promotion-heavy games here would otherwise chain
//!   promotions through the whole quiescence search), with every evasion when in check;
//! * mate scores by distance, repetitions against the game's earlier positions and the
//!   search path, the 50-move rule and dead material;
//! * aspiration windows around the previous iteration's score;
//! * time management that spends more when the best move keeps changing or the score falls,
//!   and less when one move takes all the effort;
//! * Lazy SMP: helper threads search the same tree through the shared table, the main
//!   thread decides (one thread, the default, is deterministic under node and depth limits).
//!
//! The search is pure: it reads the clock and the stop flag, nothing else.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::rules::{Color, MaterialDraw, Move, Position, Squares, Variant};

use super::choice::{self, OPENING_MOVES};
use super::correction::Correction;
use super::eval::{self, weights::Weights, Tables};
use super::limits::{Ponder, SearchLimits};
use super::nnue::Frames;
use super::ordering::{
    is_quiet, loud_score, promotion_gain, under_promotion, victim_value, Heuristics, MoveKey,
    MoveLists, Picker, PieceTo, NO_PIECE_TO,
};
use super::params::SearchParams;
use super::score::{Score, INFINITY, MATE, MATE_BOUND};
use super::see::see_ge;
use super::tt::{Bound, Entry as TtEntry, Tt, NO_EVAL};

/// Deepest ply the search reaches (iterations, extensions and quiescence together).
pub(crate) const MAX_PLY: usize = 128;
/// Deepest iteration.
const MAX_DEPTH: i32 = 100;
/// Lines searched in the opening when [`SearchLimits::variety`] is set.
const VARIETY_LINES: usize = 4;
/// How often progress reports go out during an iteration.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// What the search reports: after each completed iteration, and about once a second in
/// between (then `current` is set and the other fields describe the last completed
/// iteration, with the node count and time of now).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The completed iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached (extensions and quiescence included).
    pub seldepth: u32,
    /// The score of the best line, for the side to move.
    pub score: Score,
    /// Nodes visited so far (all threads).
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The best line, first move first.
    pub pv: Vec<Move>,
    /// Permille of the hash table used by this search.
    pub hashfull: u32,
    /// For a progress report during an iteration: the iteration being searched, the root
    /// move being searched and its number (from 1). `None` after a completed iteration.
    pub current: Option<(u32, Move, u32)>,
    /// Which of the best lines this is, from 1 (always 1 unless [`SearchLimits::multipv`]
    /// asks for more; after an iteration each line is reported, best first).
    pub multipv: u32,
}

/// One of the best lines at the root (see [`SearchLimits::multipv`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The line's score, for the side to move.
    pub score: Score,
    /// The line, its root move first (never empty).
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always one of [`Position::legal_moves`], `None` only when there is
    /// none (the game is over).
    pub best: Option<Move>,
    /// Its score, for the side to move.
    pub score: Score,
    /// The last completed iteration (0 if the search was stopped before one finished).
    pub depth: u32,
    /// Nodes visited (all threads).
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// Time taken.
    pub time: Duration,
    /// The best [`SearchLimits::multipv`] lines of the last completed iteration, best first
    /// (the first is `best`'s unless a temperature chose another move); at least `best`'s
    /// line when there is a move.
    pub lines: Vec<PvLine>,
}

/// What one search thread keeps between searches.
#[derive(Debug)]
struct Worker {
    heur: Heuristics,
    /// Static evaluations by hash: the upper half of the key, then the score.
    evals: Vec<u64>,
    corr: Correction,
    /// The learned evaluation's sums along the current line (sized for the network when
    /// the game has one).
    frames: Frames,
}

impl Worker {
    fn new(pos: &Position) -> Worker {
        let (kinds, files, ranks) = shape_of(pos);
        Worker {
            heur: Heuristics::new(kinds, files, ranks),
            evals: vec![0; EVAL_CACHE],
            corr: Correction::new(),
            frames: Frames::new(0, 0),
        }
    }
}

fn shape_of(pos: &Position) -> (usize, usize, usize) {
    let v = pos.variant();
    (
        v.kinds().len(),
        usize::from(v.shape().files()),
        usize::from(v.shape().ranks()),
    )
}

/// A search engine that keeps its transposition table and history between moves of a game.
///
/// Run it on a thread of your own (it starts only the helper threads that
/// [`SearchLimits::threads`] asks for) and stop it through the flag:
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::{Arc, Mutex};
/// use rankup::ai::{Engine, SearchLimits};
/// use rankup::rules::Position;
/// use rankup::variants::{variant, VariantId};
///
/// let engine = Arc::new(Mutex::new(Engine::new(16)));
/// let stop = Arc::new(AtomicBool::new(false));
/// let pos = Position::start(variant(VariantId::Promochess));
/// let worker = {
///     let (engine, stop) = (Arc::clone(&engine), Arc::clone(&stop));
///     std::thread::spawn(move || {
///         let mut engine = engine.lock().unwrap();
///         engine.search(&pos, &[], &SearchLimits::depth(3), &stop, &mut |info| {
///             // Send `info` to the UI here.
///             let _ = info.depth;
///         })
///     })
/// };
/// let result = worker.join().unwrap();
/// assert!(result.best.is_some());
/// ```
#[derive(Debug)]
pub struct Engine {
    tt: Tt,
    workers: Vec<Worker>,
    /// The game searched last (its address), since the hash keys of two games can agree.
    last_variant: usize,
    /// Evaluation tables this engine plays with instead of the game's own (a tuner's
    /// candidate weights), for the game they were built for.
    own_tables: Option<(usize, Arc<Tables>)>,
    /// The search's numbers (margins, reductions).
    params: SearchParams,
}

/// Entries of the evaluation cache (512 KB).
const EVAL_CACHE: usize = 1 << 16;

impl Engine {
    /// An engine with a hash table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(hash_mb),
            workers: Vec::new(),
            last_variant: 0,
            own_tables: None,
            params: SearchParams::current(),
        }
    }

    /// Makes this engine search with `params` (a tuner's candidate) instead of the set it
    /// started with ([`SearchParams::current`]).
    pub fn set_search_params(&mut self, params: SearchParams) {
        self.params = params;
    }

    /// Makes this engine evaluate `variant` with `weights` instead of the set the game plays
    /// with (other games keep theirs), so that two engines in one process can play a game
    /// with different weights: a tuner's candidates against each other. The weights are the
    /// hand-made evaluation's, so the engine plays that, not a network the game may have.
    pub fn set_weights(&mut self, variant: &'static Variant, weights: &Weights) {
        let game = variant as *const Variant as usize;
        let mut tables = Tables::build_with(variant, weights);
        tables.net = None;
        self.own_tables = Some((game, Arc::new(tables)));
        self.clear();
    }

    /// Replaces the hash table with one of about `hash_mb` megabytes.
    pub fn set_hash_size(&mut self, hash_mb: usize) {
        self.tt = Tt::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.heur.clear();
            w.evals.fill(0);
            w.corr.clear();
        }
    }

    /// Searches `pos` and returns the move to play.
    ///
    /// `history` holds the [`Position::repetition_key`]s of the game's earlier positions,
    /// oldest first (the current position's own key at the end is allowed and ignored), so
    /// the search sees draws by repetition; pass `&[]` for none. `on_info` hears about every
    /// completed iteration, and about once a second in between. The search ends at the
    /// first limit reached, or soon after `stop` becomes true (it checks about every
    /// thousand nodes, a millisecond or two).
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.run(pos, history, limits, stop, None, on_info)
    }

    /// Searches `pos` as [`Engine::search`] does, pondering: until `ponder` is
    /// [hit](Ponder::hit) the time limits of `limits` (its clock or `movetime`) do not count
    /// and the search goes deeper; from the hit it goes on, with the iteration, table and
    /// histories it has, under those limits counted from the hit (a soft limit already past
    /// ends it at the end of its iteration). Depth and node limits, `stop` and a forced
    /// move or found mate end it as always: the caller waits for the hit (or its own stop)
    /// before it plays the result.
    pub fn ponder(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &AtomicBool,
        ponder: &Ponder,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.run(pos, history, limits, stop, Some(ponder), on_info)
    }

    fn run(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &AtomicBool,
        ponder: Option<&Ponder>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let tables = match &self.own_tables {
            Some((game, t)) if *game == pos.variant() as *const Variant as usize => Arc::clone(t),
            _ => eval::tables(pos.variant()),
        };
        let game = pos.variant() as *const _ as usize;
        if self.last_variant != 0 && game != self.last_variant {
            // Positions of different games can share a hash key: forget the other game.
            self.tt.clear();
            self.workers.clear();
        }
        self.last_variant = game;
        let threads = limits.threads.clamp(1, 256);
        let (kinds, files, ranks) = shape_of(pos);
        self.workers.retain(|w| w.heur.fits(kinds, files, ranks));
        while self.workers.len() < threads {
            self.workers.push(Worker::new(pos));
        }
        self.tt.new_search();
        let (soft, hard) = limits.budget(pos.turn());
        let mut keys: Vec<u64> = history.to_vec();
        let root_key = pos.repetition_key();
        if keys.last() == Some(&root_key) {
            keys.pop();
        }
        let root_index = keys.len();
        keys.push(root_key);
        let abort = AtomicBool::new(false);
        let total = AtomicU64::new(0);
        let shared = Shared {
            t: &tables,
            tt: &self.tt,
            stop,
            abort: &abort,
            total: &total,
            start,
            hard,
            ponder,
            params: &self.params,
        };
        let (main, helpers) = self
            .workers
            .split_first_mut()
            .expect("BUG: at least one worker");
        std::thread::scope(|scope| {
            for (i, w) in helpers.iter_mut().take(threads - 1).enumerate() {
                w.heur.age();
                let (shared, keys, limits) = (&shared, keys.clone(), limits.clone());
                let mut root = pos.clone();
                scope.spawn(move || {
                    let mut s = Searcher::new(shared, w, keys, root_index, &limits, None);
                    s.helper = i + 1;
                    s.iterate(&mut root, &limits, None);
                });
            }
            main.heur.age();
            let mut s = Searcher::new(&shared, main, keys, root_index, limits, Some(on_info));
            let mut root = pos.clone();
            let mut result = s.iterate(&mut root, limits, soft);
            abort.store(true, Ordering::Relaxed);
            choice::apply(&mut result, limits, pos.hash(), pos.fullmoves());
            result
        })
    }
}

/// What every thread of one search shares.
struct Shared<'a> {
    t: &'a Tables,
    tt: &'a Tt,
    /// The caller's stop flag.
    stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to end the helpers.
    abort: &'a AtomicBool,
    /// Nodes of every thread, updated at each poll.
    total: &'a AtomicU64,
    start: Instant,
    hard: Option<Duration>,
    /// The switch of a ponder search.
    ponder: Option<&'a Ponder>,
    /// The search's numbers.
    params: &'a SearchParams,
}

impl Shared<'_> {
    /// The part of `elapsed` (since the start) that counts against the time limits: all of
    /// it, or for a ponder search the time since the hit, `None` before it.
    fn counted(&self, elapsed: Duration) -> Option<Duration> {
        match self.ponder {
            None => Some(elapsed),
            Some(p) => p
                .hit_after(self.start)
                .map(|hit| elapsed.saturating_sub(hit)),
        }
    }
}

/// What each ply of the current line remembers (read by the plies below it).
#[derive(Clone, Copy)]
struct Ply {
    static_eval: i32,
    killers: [MoveKey; 2],
    /// The move made at this ply, for the continuation history and counter moves.
    piece_to: PieceTo,
    /// A move the node must not search (the singular-extension test).
    excluded: MoveKey,
    /// Whether the move made at this ply was a null move.
    null: bool,
}

impl Default for Ply {
    fn default() -> Ply {
        Ply {
            static_eval: NO_EVAL,
            killers: [MoveKey::NONE; 2],
            piece_to: NO_PIECE_TO,
            excluded: MoveKey::NONE,
            null: false,
        }
    }
}

/// The move buffers of one ply (taken out while the node runs, so its children can borrow
/// the searcher).
#[derive(Default)]
struct Buffers {
    lists: MoveLists,
    quiets_tried: Vec<Move>,
    loud_tried: Vec<Move>,
}

struct Searcher<'a> {
    shared: &'a Shared<'a>,
    t: &'a Tables,
    tt: &'a Tt,
    heur: &'a mut Heuristics,
    evals: &'a mut [u64],
    corr: &'a mut Correction,
    frames: &'a mut Frames,
    on_info: Option<&'a mut dyn FnMut(&SearchInfo)>,
    /// 0 for the main thread.
    helper: usize,
    node_limit: u64,
    nodes: u64,
    /// Nodes not yet added to the shared total.
    unreported: u64,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    /// Repetition keys: the game's earlier positions, then the root, then the search path.
    keys: Vec<u64>,
    root_index: usize,
    /// Repetitions are not looked for before this index (the last null move).
    null_barrier: usize,
    stack: Vec<Ply>,
    buffers: Vec<Buffers>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from that ply.
    pv: Vec<Vec<Move>>,
    noise: i32,
    seed: u64,
    lmr: Vec<[i32; 64]>,
    /// The search's numbers (margins, reductions).
    p: SearchParams,
    /// Progress reporting: when the last report went out, and what to say.
    last_report: Duration,
    current: Option<(u32, Move, u32)>,
    last_info: Option<SearchInfo>,
}

/// A 64-bit mix (SplitMix64's finaliser), for noise and the greedy player's tie breaks.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Late-move pruning: quiet moves searched at `depth` before the rest are skipped.
#[inline]
fn late_move_limit(p: &SearchParams, depth: i32, improving: bool) -> usize {
    let base = (p.lmp_base + depth * depth) as usize;
    if improving {
        base
    } else {
        base / 2
    }
}

/// Bonus (and malus) for the history of a move at `depth`.
#[inline]
fn history_bonus(p: &SearchParams, depth: i32) -> i32 {
    (p.history_mult * depth - p.history_sub).clamp(0, p.history_max)
}

impl<'a> Searcher<'a> {
    fn new(
        shared: &'a Shared<'a>,
        worker: &'a mut Worker,
        keys: Vec<u64>,
        root_index: usize,
        limits: &SearchLimits,
        on_info: Option<&'a mut dyn FnMut(&SearchInfo)>,
    ) -> Searcher<'a> {
        Searcher {
            shared,
            t: shared.t,
            tt: shared.tt,
            heur: &mut worker.heur,
            evals: &mut worker.evals,
            corr: &mut worker.corr,
            frames: {
                if let Some(net) = &shared.t.net {
                    if !worker.frames.fits(net, MAX_PLY + 4) {
                        worker.frames = Frames::new(MAX_PLY + 4, net.hidden());
                    }
                }
                worker.frames.clear();
                &mut worker.frames
            },
            on_info,
            helper: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            keys,
            root_index,
            null_barrier: 0,
            stack: vec![Ply::default(); MAX_PLY + 4],
            buffers: (0..MAX_PLY + 2).map(|_| Buffers::default()).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            noise: limits.noise.max(0),
            seed: limits.seed,
            lmr: shared.params.reduction_table(),
            p: *shared.params,
            last_report: Duration::ZERO,
            current: None,
            last_info: None,
        }
    }

    fn is_main(&self) -> bool {
        self.helper == 0
    }

    fn total_nodes(&self) -> u64 {
        self.shared.total.load(Ordering::Relaxed) + self.unreported
    }

    fn iterate(
        &mut self,
        pos: &mut Position,
        limits: &SearchLimits,
        soft: Option<Duration>,
    ) -> SearchResult {
        let mut root_moves = pos.legal_moves();
        if root_moves.is_empty() {
            let score = if pos.is_check() {
                Score::mated_in(0)
            } else {
                Score::DRAW
            };
            return self.result(None, score, 0, Vec::new());
        }
        // UCI `go searchmoves`: only these (a list naming none of the legal moves is ignored).
        if root_moves.iter().any(|m| limits.searchmoves.contains(m)) {
            root_moves.retain(|m| limits.searchmoves.contains(m));
        }
        // First ordering: the stored move, then loud moves by value, then quiet moves by
        // history; the iterations refine it.
        let hash_move = self.tt.probe(pos.hash(), 0).map_or(MoveKey::NONE, |e| e.mv);
        let mut order: Vec<(i32, Move)> = root_moves
            .iter()
            .map(|m| {
                let s = if MoveKey::of(m) == hash_move {
                    1 << 30
                } else if is_quiet(m) {
                    self.heur.main_score(m)
                } else {
                    (1 << 20) + loud_score(pos, self.t, self.heur, m)
                };
                (s, *m)
            })
            .collect();
        order.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        root_moves = order.into_iter().map(|(_, m)| m).collect();
        // Nodes spent under each root move in the current iteration (time management).
        let mut effort = vec![0u64; root_moves.len()];

        let mut best = root_moves[0];
        let mut best_score = -INFINITY;
        let mut best_pv = vec![best];
        let mut completed = 0;
        let mut changes = 0.0f64;
        let mut previous_scores: Vec<i32> = Vec::new();
        // MultiPV: the best `multipv` root moves each get an exact score and line.
        // Opening variety draws among the near-best moves: it needs several exact lines.
        let lines_wanted = if limits.variety > 0 && pos.fullmoves() <= OPENING_MOVES {
            limits.multipv.max(VARIETY_LINES)
        } else {
            limits.multipv
        };
        let multipv = lines_wanted.clamp(1, root_moves.len());
        let mut lines: Vec<PvLine> = Vec::new();
        // Any depth is accepted; deeper than MAX_DEPTH (or 0) is clamped, never wrapped.
        let max_depth = limits.depth.map_or(MAX_DEPTH, |d| {
            i32::try_from(d).unwrap_or(i32::MAX).clamp(1, MAX_DEPTH)
        });
        // Helpers start at staggered depths so the threads spread over the tree.
        let first = 1 + (self.helper % 2) as i32;
        for depth in first..=max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            let mut partial: Option<(Move, i32, Vec<Move>)> = None;
            effort.iter_mut().for_each(|e| *e = 0);
            // Line `k` is the best of the root moves the lines before it did not take: each
            // search puts its best move first in `root_moves[k..]`.
            let mut fresh: Vec<PvLine> = Vec::with_capacity(multipv);
            for k in 0..multipv {
                let previous = if k == 0 {
                    best_score
                } else {
                    lines.get(k).map_or(-INFINITY, |l| l.score.0)
                };
                let score = self.aspirate(
                    pos,
                    &mut root_moves[k..],
                    &mut effort[k..],
                    depth,
                    previous,
                    if k == 0 { Some(&mut partial) } else { None },
                );
                if self.stopped {
                    break;
                }
                let mut pv = self.pv[0].clone();
                if pv.first() != Some(&root_moves[k]) {
                    pv = vec![root_moves[k]];
                }
                fresh.push(PvLine {
                    score: Score(score),
                    pv,
                });
            }
            if self.stopped {
                // The iteration was cut short. A move that beat the window was searched to
                // the end, so it is at least as trustworthy as the last iteration's choice.
                if fresh.is_empty() {
                    if let Some((mv, s, line)) = partial {
                        best = mv;
                        best_score = s;
                        best_pv = line;
                    }
                } else {
                    // The first lines of this iteration are complete: keep them, and the
                    // last iteration's for the moves they did not reach.
                    best = fresh[0].pv[0];
                    best_score = fresh[0].score.0;
                    best_pv = fresh[0].pv.clone();
                }
                lines = merge_lines(fresh, &lines, multipv);
                break;
            }
            if multipv > 1 {
                // Best first (a later line can come out above an earlier one).
                fresh.sort_by_key(|l| std::cmp::Reverse(l.score));
                for (k, line) in fresh.iter().enumerate() {
                    root_moves[k] = line.pv[0];
                }
            }
            let score = fresh[0].score.0;
            if root_moves[0] != best {
                changes += 1.0;
            }
            best = root_moves[0];
            best_score = score;
            best_pv = fresh[0].pv.clone();
            lines = fresh;
            completed = depth as u32;
            if !self.is_main() {
                continue;
            }
            let elapsed = self.shared.start.elapsed();
            let info = SearchInfo {
                depth: completed,
                seldepth: self.seldepth as u32,
                score: Score(best_score),
                nodes: self.total_nodes(),
                nps: nps(self.total_nodes(), elapsed),
                time: elapsed,
                pv: best_pv.clone(),
                hashfull: self.tt.hashfull(),
                current: None,
                multipv: 1,
            };
            if let Some(report) = self.on_info.as_mut() {
                for (k, line) in lines.iter().enumerate() {
                    report(&SearchInfo {
                        score: line.score,
                        pv: line.pv.clone(),
                        multipv: k as u32 + 1,
                        ..info.clone()
                    });
                }
            }
            self.last_info = Some(info);
            self.last_report = elapsed;
            if limits.is_timed() {
                if root_moves.len() == 1 {
                    break;
                }
                let mate_plies = MATE - best_score.abs();
                if best_score.abs() >= MATE_BOUND && depth > mate_plies + 1 {
                    break;
                }
                if let Some(soft) = soft {
                    // Spend more when the best move keeps changing or the score falls, less
                    // when one move has taken nearly all the effort.
                    changes *= 0.5;
                    let instability = 1.0 + 1.5 * changes;
                    let falling = previous_scores
                        .iter()
                        .rev()
                        .nth(1)
                        .map_or(1.0, |&old: &i32| {
                            (1.0 + f64::from(old - best_score) / 200.0).clamp(0.8, 1.6)
                        });
                    let total: u64 = effort.iter().sum();
                    let share = effort[0] as f64 / total.max(1) as f64;
                    let obvious = if share > 0.9 { 0.6 } else { 1.0 };
                    let scale = if limits.clock.is_some() {
                        (instability * falling * obvious).clamp(0.4, 3.0)
                    } else {
                        // A fixed time per move is used whole.
                        1.0
                    };
                    let budget = soft.mul_f64(scale);
                    let budget = self.shared.hard.map_or(budget, |h| budget.min(h));
                    // An iteration takes about twice the last one: do not start one that
                    // cannot finish (when the clock, not a fixed time, is the limit).
                    let limit = if limits.clock.is_some() {
                        budget.mul_f64(0.6)
                    } else {
                        budget
                    };
                    if self.shared.counted(elapsed).is_some_and(|e| e >= limit) {
                        break;
                    }
                }
            }
            previous_scores.push(best_score);
            if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if best_score == -INFINITY {
            // Stopped before the first move of the first iteration was searched.
            best_score = 0;
        }
        self.flush_nodes();
        let mut result = self.result(Some(best), Score(best_score), completed, best_pv);
        result.lines = lines_with_best(lines, &result, multipv);
        result
    }

    /// One root search of `moves` at `depth` in aspiration windows around `previous` (the
    /// last iteration's score of this line; a full window when there is none), widened until
    /// the score falls inside. `partial` (for the first line) hears of every move that beat
    /// the window, for a search cut short.
    fn aspirate(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        effort: &mut [u64],
        depth: i32,
        previous: i32,
        mut partial: Option<&mut Option<(Move, i32, Vec<Move>)>>,
    ) -> i32 {
        let mut delta = self.p.aspiration + previous.abs().min(2_000) / 64;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let mut unused = None;
        loop {
            let slot = partial.as_deref_mut().unwrap_or(&mut unused);
            let s = self.root(pos, moves, effort, depth, alpha, beta, slot);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITY);
            } else if s >= beta {
                beta = (s + delta).min(INFINITY);
            } else {
                return s;
            }
            delta += delta / 2;
            if delta > 1_000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    fn flush_nodes(&mut self) {
        self.shared
            .total
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    fn result(&self, best: Option<Move>, score: Score, depth: u32, pv: Vec<Move>) -> SearchResult {
        SearchResult {
            best,
            score,
            depth,
            nodes: self.total_nodes(),
            pv,
            time: self.shared.start.elapsed(),
            lines: Vec::new(),
        }
    }

    /// Searches every root move; the best goes to the front of `moves`.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        effort: &mut [u64],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        partial: &mut Option<(Move, i32, Vec<Move>)>,
    ) -> i32 {
        let mut best = -INFINITY;
        self.pv[0].clear();
        self.stack[0] = Ply::default();
        self.stack[0].static_eval = if pos.is_check() {
            NO_EVAL
        } else {
            self.frames.enter(0);
            self.static_eval(pos, None, 0).1
        };
        for i in 0..moves.len() {
            let mv = moves[i];
            if self.is_main() {
                self.current = Some((depth as u32, mv, i as u32 + 1));
            }
            let before = self.nodes;
            let undo = pos.make(mv);
            let gives_check = pos.is_check();
            self.keys.push(pos.repetition_key());
            self.stack[0].piece_to = self.heur.piece_to(&mv);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1, gives_check, false)
            } else {
                // Late quiet root moves are searched a ply shallower first.
                let r = i32::from(
                    depth >= 3
                        && i >= 3
                        && is_quiet(&mv)
                        && !gives_check
                        && !self.t.declining_dominated(pos, &mv),
                );
                let mut s =
                    -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, 1, gives_check, true);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1, gives_check, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1, gives_check, false)
                } else {
                    s
                }
            };
            self.keys.pop();
            pos.unmake(mv, undo);
            effort[i] += self.nodes - before;
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    moves[..=i].rotate_right(1);
                    effort[..=i].rotate_right(1);
                    self.update_pv(0, mv);
                    *partial = Some((mv, score, self.pv[0].clone()));
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        best
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Counts a node and reports whether the search must stop.
    #[inline]
    fn tick(&mut self, ply: usize) -> bool {
        // What the network summed at this ply belongs to another line now.
        self.frames.enter(ply);
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply);
        // The flag and the clock are read every 1024 nodes (about a millisecond): often
        // enough to stop promptly, rarely enough to cost nothing.
        if self.nodes & 1023 == 0 {
            self.poll();
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        self.stopped
    }

    #[cold]
    fn poll(&mut self) {
        self.flush_nodes();
        let sh = self.shared;
        let elapsed = sh.start.elapsed();
        if sh.stop.load(Ordering::Relaxed)
            || sh.abort.load(Ordering::Relaxed)
            || sh
                .hard
                .is_some_and(|h| sh.counted(elapsed).is_some_and(|e| e >= h))
        {
            self.stopped = true;
        }
        if self.is_main() && elapsed >= self.last_report + PROGRESS_EVERY {
            self.last_report = elapsed;
            if let (Some(report), Some(last), Some(current)) =
                (self.on_info.as_mut(), self.last_info.as_ref(), self.current)
            {
                let nodes = sh.total.load(Ordering::Relaxed);
                report(&SearchInfo {
                    nodes,
                    nps: nps(nodes, elapsed),
                    time: elapsed,
                    hashfull: self.tt.hashfull(),
                    current: Some(current),
                    ..last.clone()
                });
            }
        }
    }

    fn eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let key = pos.hash();
        let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
        let mut e = if *slot >> 32 == key >> 32 {
            *slot as u32 as i32
        } else {
            let e = match &self.t.net {
                Some(net) => self.frames.evaluate(net, pos, ply),
                None => eval::evaluate(pos, self.t),
            };
            *slot = (key & !0xffff_ffff) | u64::from(e as u32);
            e
        };
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            e += (mix(pos.hash() ^ self.seed) % span) as i32 - self.noise;
        }
        e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation of `pos` (not in check): as the hash table keeps it (`entry`'s,
    /// or computed), then corrected by what searches found about its Pawns, and the
    /// correction's index (to update it with what this node's search finds).
    fn static_eval(
        &mut self,
        pos: &Position,
        entry: Option<TtEntry>,
        ply: usize,
    ) -> (i32, i32, usize) {
        let raw = match entry {
            Some(e) if e.eval != NO_EVAL && self.noise == 0 => e.eval,
            _ => self.eval(pos, ply),
        };
        let index = Correction::index(pos, self.t);
        let corrected = (raw + self.corr.get(index)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        (raw, corrected, index)
    }

    /// The score of a node that is drawn (or lost) by rule, if it is.
    fn rule_score(&self, pos: &Position, ply: usize, in_check: bool) -> Option<i32> {
        if pos.halfmoves() >= 100 {
            // Mate on the hundredth ply still counts.
            let mated = in_check && pos.legal_moves().is_empty();
            return Some(if mated { -MATE + ply as i32 } else { 0 });
        }
        if self.is_repetition(pos) || dead_material(pos) {
            return Some(0);
        }
        None
    }

    /// Whether the current position (the last key) repeats: once within the search, or for
    /// the third time counting the game's earlier positions.
    fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        // Positions before the last capture or Pawn move cannot recur.
        let lowest = n
            .saturating_sub(pos.halfmoves() as usize)
            .max(self.null_barrier);
        let mut seen = 0;
        let mut i = n;
        while i >= lowest + 2 {
            i -= 2;
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The kinds of the side to move's pieces that are neither royal nor Pawns.
    fn piece_kinds<'p>(&self, pos: &'p Position) -> impl Iterator<Item = usize> + use<'p, '_> {
        Squares(pos.pieces_of(pos.turn()))
            .filter_map(|sq| pos.piece_at(sq))
            .map(|p| p.kind().index())
            .filter(|&k| !self.t.royal[k] && !self.t.pawn[k])
    }

    /// Whether the side to move has a piece besides Pawns and its royal piece (else the
    /// ending is a Pawn ending, where shallow pruning is unsafe).
    fn has_pieces(&self, pos: &Position) -> bool {
        self.piece_kinds(pos).next().is_some()
    }

    /// The material of the side to move at level one, Pawns and the royal piece aside (with
    /// too little, null moves are unsafe: zugzwang).
    fn piece_material(&self, pos: &Position) -> i32 {
        self.piece_kinds(pos).map(|k| self.t.kind_value[k]).sum()
    }

    /// The continuation keys of the last two moves before `ply` (the opponent's, then ours).
    #[inline]
    fn prev_moves(&self, ply: usize) -> [PieceTo; 2] {
        let back = |k: usize| {
            if ply >= k {
                self.stack[ply - k].piece_to
            } else {
                NO_PIECE_TO
            }
        };
        [back(1), back(2)]
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, in_check, 0);
        }
        if self.tick(ply) {
            return 0;
        }
        if let Some(s) = self.rule_score(pos, ply, in_check) {
            return s;
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos, ply);
        }
        let pv_node = beta - alpha > 1;
        let excluded = self.stack[ply].excluded;
        let key = pos.hash();
        let entry = if excluded.is_none() {
            self.tt.probe(key, ply)
        } else {
            None
        };
        let hash_move = entry.map_or(MoveKey::NONE, |e| e.mv);
        if let Some(e) = entry {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if !pv_node && e.depth >= depth && usable {
                return e.score;
            }
        }

        // The static evaluation (as stored: `raw`; corrected by what searches found about
        // this Pawn structure: `static_eval`), refined by a stored bound that says more.
        let mut raw = NO_EVAL;
        let mut corr_index = 0;
        let (static_eval, eval) = if in_check {
            (NO_EVAL, NO_EVAL)
        } else if !excluded.is_none() {
            let s = self.stack[ply].static_eval;
            (s, s)
        } else {
            let s;
            (raw, s, corr_index) = self.static_eval(pos, entry, ply);
            let refined = match entry {
                Some(e)
                    if e.score.abs() < MATE_BOUND
                        && match e.bound {
                            Bound::Exact => true,
                            Bound::Lower => e.score > s,
                            Bound::Upper => e.score < s,
                        } =>
                {
                    e.score
                }
                _ => s,
            };
            (s, refined)
        };
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && {
            let back = |k: usize| {
                (ply >= k)
                    .then(|| self.stack[ply - k].static_eval)
                    .filter(|&e| e != NO_EVAL)
            };
            match back(2).or_else(|| back(4)) {
                Some(old) => static_eval > old,
                None => true,
            }
        };
        self.stack[ply + 2].killers = [MoveKey::NONE; 2];

        if !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves, assume it holds.
            let margin = self.p.rfp_margin * (depth - i32::from(improving));
            if depth <= self.p.rfp_depth && eval - margin >= beta && eval < MATE_BOUND {
                return (eval + beta) / 2;
            }
            // Null move: if passing still beats beta, a real move will too.
            let after_null = ply >= 1 && self.stack[ply - 1].null;
            if !after_null
                && depth >= 3
                && eval >= beta
                && static_eval >= beta
                && self.piece_material(pos) >= self.p.nmp_material
            {
                let r = self.p.nmp_base
                    + depth / self.p.nmp_depth_div
                    + ((eval - beta) / self.p.nmp_eval_div).min(3);
                let undo = pos.make_null();
                self.keys.push(pos.repetition_key());
                let barrier = std::mem::replace(&mut self.null_barrier, self.keys.len() - 1);
                self.stack[ply].piece_to = NO_PIECE_TO;
                self.stack[ply].null = true;
                let s = -self.negamax(
                    pos,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    !cut_node,
                );
                self.stack[ply].null = false;
                self.null_barrier = barrier;
                self.keys.pop();
                pos.unmake_null(undo);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    // An unproven mate from a null move is not trusted.
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: without a stored move this node was not searched
        // before (or not usefully); search it shallower and let the next iteration do better.
        if hash_move.is_none() && depth >= self.p.iir_depth && (pv_node || cut_node) {
            depth -= 1;
        }

        let prev = self.prev_moves(ply);
        let counter = self.heur.counter(prev[0]);
        let mut picker = Picker::new(hash_move, self.stack[ply].killers, counter, prev, in_check);
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        buf.quiets_tried.clear();
        buf.loud_tried.clear();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_key = MoveKey::NONE;
        let mut best_move: Option<Move> = None;
        let mut moves = 0usize;
        let pawn_endgame = !self.has_pieces(pos);
        while let Some(mv) = picker.next(pos, self.t, self.heur, &mut buf.lists) {
            let mv_key = MoveKey::of(&mv);
            if mv_key == excluded {
                continue;
            }
            moves += 1;
            let quiet = is_quiet(&mv);
            let declined = self.t.declining_dominated(pos, &mv);
            let hist = if quiet {
                self.heur.quiet_score(&mv, prev)
            } else {
                self.heur.capture_score(&mv)
            };
            let base_r = self.lmr[(depth as usize).min(63)][moves.min(63)];
            let lmr_depth = (depth - 1 - base_r / 1024).max(0);

            // Shallow-depth pruning, once a move that does not lose is in hand.
            if best > -MATE_BOUND && !pawn_endgame {
                if quiet {
                    if moves >= late_move_limit(&self.p, depth, improving) {
                        picker.skip_quiets = true;
                    }
                    if !in_check
                        && lmr_depth <= 8
                        && eval
                            + self.p.futility_base
                            + self.p.futility_depth * lmr_depth
                            + hist / self.p.futility_history_div
                            <= alpha
                        && !self.gives_check(pos, &mv)
                    {
                        continue;
                    }
                    if lmr_depth <= 8
                        && !see_ge(pos, self.t, &mv, -self.p.see_quiet * lmr_depth * lmr_depth)
                    {
                        continue;
                    }
                } else if depth <= 8
                    && picker.in_late_stages()
                    && !see_ge(pos, self.t, &mv, -self.p.see_capture * depth)
                {
                    continue;
                }
            }

            // Extensions.
            let mut extension = 0;
            if let Some(e) = entry {
                if mv_key == hash_move
                    && depth >= self.p.se_depth
                    && excluded.is_none()
                    && ply < 2 * self.root_depth as usize
                    && e.bound != Bound::Upper
                    && e.depth >= depth - 3
                    && e.score.abs() < MATE_BOUND
                {
                    let singular_beta = e.score - self.p.se_margin * depth / 8;
                    self.stack[ply].excluded = mv_key;
                    let s = self.negamax(
                        pos,
                        (depth - 1) / 2,
                        singular_beta - 1,
                        singular_beta,
                        ply,
                        in_check,
                        cut_node,
                    );
                    self.stack[ply].excluded = MoveKey::NONE;
                    if self.stopped {
                        self.buffers[ply] = buf;
                        return 0;
                    }
                    if s < singular_beta {
                        extension = 1;
                    } else if singular_beta >= beta {
                        // Multi-cut: another move beats beta too.
                        self.buffers[ply] = buf;
                        return singular_beta;
                    } else if e.score >= beta {
                        extension = -1;
                    }
                }
            }

            let undo = pos.make(mv);
            self.tt.prefetch(pos.hash());
            let gives_check = pos.is_check();
            if gives_check && extension == 0 && ply < 2 * self.root_depth as usize {
                extension = 1;
            }
            self.keys.push(pos.repetition_key());
            self.stack[ply].piece_to = self.heur.piece_to(&mv);
            let new_depth = depth - 1 + extension;
            let score = if moves == 1 {
                -self.negamax(
                    pos,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    gives_check,
                    !pv_node && !cut_node,
                )
            } else {
                let mut r = 0;
                if depth >= 2 && (quiet || declined || picker.in_late_stages()) {
                    r = base_r;
                    let p = &self.p;
                    r -= p.lmr_pv * i32::from(pv_node);
                    r += p.lmr_not_improving * i32::from(!improving);
                    r += p.lmr_cut * i32::from(cut_node);
                    r -= p.lmr_check * i32::from(gives_check);
                    r += p.lmr_declined * i32::from(declined);
                    if quiet {
                        r -= hist * 1024 / p.lmr_history_div;
                    } else {
                        r -= p.lmr_capture;
                    }
                    r = (r / 1024).clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(
                    pos,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                );
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(
                        pos,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        gives_check,
                        !cut_node,
                    );
                }
                if pv_node && s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, gives_check, false);
                }
                s
            };
            self.keys.pop();
            pos.unmake(mv, undo);
            if self.stopped {
                self.buffers[ply] = buf;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_key = mv_key;
                    best_move = Some(mv);
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
            if Some(mv) != best_move {
                if quiet {
                    buf.quiets_tried.push(mv);
                } else {
                    buf.loud_tried.push(mv);
                }
            }
        }
        if moves == 0 {
            self.buffers[ply] = buf;
            return if !excluded.is_none() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if let Some(mv) = best_move.filter(|_| best >= beta) {
            self.reward(ply, depth, &mv, prev, &buf);
        }
        self.buffers[ply] = buf;
        if excluded.is_none() {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, ply, depth, best, bound, best_key, raw);
            // What the search found corrects the evaluation of this Pawn structure, when
            // its score says something about the static evaluation: the best move quiet
            // (a capture's gain is no fault of the evaluation) and the bound on the side
            // that tells.
            if raw != NO_EVAL
                && best.abs() < MATE_BOUND
                && best_move.is_none_or(|m| is_quiet(&m))
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.corr.update(corr_index, best - raw, depth);
            }
        }
        best
    }

    /// Whether `mv` gives check (made and taken back).
    fn gives_check(&self, pos: &mut Position, mv: &Move) -> bool {
        let undo = pos.make(*mv);
        let check = pos.is_check();
        pos.unmake(*mv, undo);
        check
    }

    /// A move caused a cutoff: it gains history (a quiet one becomes a killer and the counter
    /// move); the moves tried before it lose some.
    fn reward(&mut self, ply: usize, depth: i32, mv: &Move, prev: [PieceTo; 2], buf: &Buffers) {
        let bonus = history_bonus(&self.p, depth);
        if is_quiet(mv) {
            let key = MoveKey::of(mv);
            let k = &mut self.stack[ply].killers;
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
            self.heur.set_counter(prev[0], mv);
            self.heur.update_quiet(mv, prev, bonus);
            for m in &buf.quiets_tried {
                self.heur.update_quiet(m, prev, -bonus);
            }
        } else {
            self.heur.update_capture(mv, bonus);
        }
        for m in &buf.loud_tried {
            self.heur.update_capture(m, -bonus);
        }
    }

    /// Quiescence: stand pat or improve by loud moves. `qply` counts plies into quiescence
    /// (0 at its first): quiet promotions are searched only there.
    fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.eval(pos, ply) };
        }
        if dead_material(pos) {
            return 0;
        }
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if usable {
                return e.score;
            }
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let (raw, static_eval) = if in_check {
            (NO_EVAL, NO_EVAL)
        } else {
            let (raw, corrected, _) = self.static_eval(pos, entry, ply);
            (raw, corrected)
        };
        if !in_check {
            let mut stand = static_eval;
            if let Some(e) = entry {
                let better = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score > stand,
                    Bound::Upper => e.score < stand,
                };
                if better && e.score.abs() < MATE_BOUND {
                    stand = e.score;
                }
            }
            if stand >= beta {
                if entry.is_none() {
                    self.tt
                        .store(key, ply, -1, stand, Bound::Lower, MoveKey::NONE, raw);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let hash_move = entry.map_or(MoveKey::NONE, |e| e.mv);
        let prev = self.prev_moves(ply);
        let mut picker = if in_check {
            Picker::new(
                hash_move,
                self.stack[ply].killers,
                MoveKey::NONE,
                prev,
                true,
            )
        } else {
            Picker::quiescence(hash_move)
        };
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        let futility_base = best + self.p.qs_futility;
        let mut best_key = MoveKey::NONE;
        let mut moves = 0;
        while let Some(mv) = picker.next(pos, self.t, self.heur, &mut buf.lists) {
            moves += 1;
            if !in_check {
                // The picker hands out only loud moves that do not lose by SEE and are not
                // under-promotions (the hash move aside).
                if mv.capture.is_none() {
                    // A quiet promotion: only at the first ply of quiescence.
                    if qply > 0 || (mv_is_hash(&mv, hash_move) && !see_ge(pos, self.t, &mv, 0)) {
                        continue;
                    }
                } else {
                    let gain = victim_value(pos, self.t, &mv) + promotion_gain(self.t, &mv);
                    if futility_base + gain <= alpha {
                        best = best.max(futility_base + gain);
                        continue;
                    }
                    if mv_is_hash(&mv, hash_move)
                        && (under_promotion(pos, self.t, &mv) || !see_ge(pos, self.t, &mv, 0))
                    {
                        continue;
                    }
                }
            } else if best > -MATE_BOUND && is_quiet(&mv) && picker.in_late_stages() && moves > 2 {
                // In check with a defence in hand: late quiet evasions are not searched.
                continue;
            }
            let undo = pos.make(mv);
            self.tt.prefetch(pos.hash());
            let gives_check = pos.is_check();
            self.stack[ply].piece_to = self.heur.piece_to(&mv);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, gives_check, qply + 1);
            pos.unmake(mv, undo);
            if self.stopped {
                self.buffers[ply] = buf;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_key = MoveKey::of(&mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = buf;
        if in_check && best == -INFINITY {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, -1, best, bound, best_key, raw);
        best
    }
}

/// Whether neither side can ever mate: bare royal pieces, or (where the game says so) FIDE's
/// lone minor piece and same-coloured Bishops, checked for up to two extra pieces.
fn dead_material(pos: &Position) -> bool {
    let occ = pos.occupied();
    let n = occ.count_ones();
    if n <= 2 {
        return true;
    }
    if n > 4 {
        return false;
    }
    let v = pos.variant();
    let MaterialDraw::Fide { knight, bishop } = *v.material_draw() else {
        return false;
    };
    let royals = pos.royal_square(Color::White).bit() | pos.royal_square(Color::Black).bit();
    let others: Vec<(char, u8)> = Squares(occ & !royals)
        .filter_map(|sq| {
            let p = pos.piece_at(sq)?;
            Some((v.piece(p.kind()).letter, (sq.file() + sq.rank()) % 2))
        })
        .collect();
    let lone_minor = others.len() == 1 && (others[0].0 == knight || others[0].0 == bishop);
    let same_bishops =
        others.iter().all(|&(c, _)| c == bishop) && others.iter().all(|&(_, s)| s == others[0].1);
    lone_minor || same_bishops
}

#[inline]
/// The lines of an iteration cut short: its complete lines `fresh`, then the last complete
/// iteration's lines of the other moves, `multipv` at most.
fn merge_lines(mut fresh: Vec<PvLine>, old: &[PvLine], multipv: usize) -> Vec<PvLine> {
    for line in old {
        if fresh.len() >= multipv {
            break;
        }
        if fresh.iter().all(|l| l.pv[0] != line.pv[0]) {
            fresh.push(line.clone());
        }
    }
    fresh
}

/// A result's lines with its best move's line first (a search stopped inside its first
/// iteration has no other).
fn lines_with_best(lines: Vec<PvLine>, result: &SearchResult, multipv: usize) -> Vec<PvLine> {
    let Some(best) = result.best else {
        return Vec::new();
    };
    let first = PvLine {
        score: result.score,
        pv: if result.pv.first() == Some(&best) {
            result.pv.clone()
        } else {
            vec![best]
        },
    };
    merge_lines(vec![first], &lines, multipv)
}

fn mv_is_hash(mv: &Move, hash: MoveKey) -> bool {
    !hash.is_none() && MoveKey::of(mv) == hash
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
