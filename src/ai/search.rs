//! Iterative deepening over a principal variation search (alpha-beta with null windows for
//! all but the first move), with:
//!
//! * a transposition table keyed by [`Position::hash`] (cutoffs at non-PV nodes, and the
//!   stored move searched first);
//! * quiescence over captures and promotions (the games here are promotion-heavy, so a
//!   pending promotion is as loud as a capture), with every evasion when in check;
//! * null-move pruning, skipped when the side to move has nothing but its royal piece and
//!   Pawns (zugzwang is common there);
//! * late-move reductions for quiet moves, reverse futility and late-move pruning near the
//!   leaves, check extensions;
//! * mate scores by distance, repetitions against the game's earlier positions and the
//!   search path, the 50-move rule and dead material;
//! * aspiration windows around the previous iteration's score.
//!
//! The search is single-threaded and pure: it reads the clock and the stop flag, nothing
//! else.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::rules::{Color, MaterialDraw, Move, Position, Setup, Squares};

use super::eval::{self, Tables};
use super::limits::SearchLimits;
use super::ordering::{
    losing_capture, pick, promotion_gain, score_moves, victim_value, History, MoveKey,
};
use super::score::{Score, INFINITY, MATE, MATE_BOUND};
use super::tt::{Bound, Tt};

/// Deepest ply the search reaches (iterations, extensions and quiescence together).
pub(crate) const MAX_PLY: usize = 128;
/// Deepest iteration.
const MAX_DEPTH: i32 = 100;
/// Check extensions stop this far beyond the iteration depth, so checks cannot chain
/// forever.
const EXTENSION_PLIES: usize = 16;
/// Late-move pruning: quiet moves searched at depth 1, 2, 3 before the rest are skipped.
const LATE_MOVES: [usize; 4] = [0, 6, 10, 16];
/// Futility margin per ply of depth.
const FUTILITY: i32 = 110;
/// Reverse futility margin per ply of depth.
const REVERSE_FUTILITY: i32 = 90;
/// Quiescence delta: a capture that cannot lift the score to alpha even with this much to
/// spare is not searched.
const DELTA: i32 = 200;
/// First aspiration half-window.
const ASPIRATION: i32 = 30;

/// What the search reports after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached (extensions and quiescence included).
    pub seldepth: u32,
    /// The score of the best line, for the side to move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The best line, first move first.
    pub pv: Vec<Move>,
    /// Permille of the hash table used by this search.
    pub hashfull: u32,
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
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// Time taken.
    pub time: Duration,
}

/// A search engine that keeps its transposition table and history between moves of a game.
///
/// Run it on a thread of your own (it does none of its own) and stop it through the flag:
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
    history: History,
    /// Static evaluations by hash: the upper half of the key, then the score.
    evals: Vec<u64>,
    /// The game searched last (its address), since the hash keys of two games can agree.
    last_variant: usize,
}

/// Entries of the evaluation cache (512 KB).
const EVAL_CACHE: usize = 1 << 16;

impl Engine {
    /// An engine with a hash table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(hash_mb),
            history: History::new(),
            evals: vec![0; EVAL_CACHE],
            last_variant: 0,
        }
    }

    /// Replaces the hash table with one of about `hash_mb` megabytes.
    pub fn set_hash_size(&mut self, hash_mb: usize) {
        self.tt = Tt::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = History::new();
        self.evals.iter_mut().for_each(|e| *e = 0);
    }

    /// Searches `pos` and returns the move to play.
    ///
    /// `history` holds the [`Position::repetition_key`]s of the game's earlier positions,
    /// oldest first (the current position's own key at the end is allowed and ignored), so
    /// the search sees draws by repetition; pass `&[]` for none. `on_info` hears about every
    /// completed iteration. The search ends at the first limit reached, or soon after `stop`
    /// becomes true (it checks about every thousand nodes, a millisecond or two).
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let tables = eval::tables(pos.variant());
        let game = pos.variant() as *const _ as usize;
        if self.last_variant != 0 && game != self.last_variant {
            // Positions of different games can share a hash key: forget the other game.
            self.clear();
        }
        self.last_variant = game;
        self.tt.new_search();
        self.history.age();
        let (soft, hard) = limits.budget(pos.turn());
        let mut keys: Vec<u64> = history.to_vec();
        let root_key = pos.repetition_key();
        if keys.last() == Some(&root_key) {
            keys.pop();
        }
        let root_index = keys.len();
        keys.push(root_key);
        let mut searcher = Searcher {
            t: &tables,
            tt: &mut self.tt,
            history: &mut self.history,
            evals: &mut self.evals,
            stop,
            start,
            hard,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            keys,
            root_index,
            killers: vec![[MoveKey::NONE; 2]; MAX_PLY + 2],
            frames: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            noise: limits.noise.max(0),
            seed: limits.seed,
            lmr: reduction_table(),
        };
        let mut root = pos.clone();
        searcher.iterate(&mut root, limits, soft, on_info)
    }
}

/// Buffers of one ply.
#[derive(Default)]
struct Frame {
    moves: Vec<Move>,
    scores: Vec<i32>,
    /// Quiet moves tried before a cutoff (their history is lowered).
    quiets: Vec<Move>,
}

struct Searcher<'a> {
    t: &'a Arc<Tables>,
    tt: &'a mut Tt,
    history: &'a mut History,
    evals: &'a mut [u64],
    stop: &'a AtomicBool,
    start: Instant,
    hard: Option<Duration>,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    /// Repetition keys: the game's earlier positions, then the root, then the search path.
    keys: Vec<u64>,
    root_index: usize,
    killers: Vec<[MoveKey; 2]>,
    frames: Vec<Frame>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from that ply.
    pv: Vec<Vec<Move>>,
    noise: i32,
    seed: u64,
    lmr: [[u8; 64]; 64],
}

fn reduction_table() -> [[u8; 64]; 64] {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.8 + (d as f64).ln() * (m as f64).ln() / 2.4) as u8;
        }
    }
    t
}

/// A 64-bit mix (SplitMix64's finaliser), for noise and the greedy player's tie breaks.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Searcher<'_> {
    fn iterate(
        &mut self,
        pos: &mut Position,
        limits: &SearchLimits,
        soft: Option<Duration>,
        on_info: &mut dyn FnMut(&SearchInfo),
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
        // First ordering: the stored move, promotions, captures; the iterations refine it.
        let hash_move = self.tt.probe(pos.hash(), 0).map_or(MoveKey::NONE, |e| e.mv);
        let mut scores = Vec::new();
        score_moves(
            pos,
            self.t,
            &root_moves,
            hash_move,
            [MoveKey::NONE; 2],
            self.history,
            &mut scores,
        );
        let mut order: Vec<(i32, Move)> = scores.into_iter().zip(root_moves).collect();
        order.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        root_moves = order.into_iter().map(|(_, m)| m).collect();

        let mut best = root_moves[0];
        let mut best_score = -INFINITY;
        let mut best_pv = vec![best];
        let mut completed = 0;
        // Any depth is accepted; deeper than MAX_DEPTH (or 0) is clamped, never wrapped.
        let max_depth = limits.depth.map_or(MAX_DEPTH, |d| {
            i32::try_from(d).unwrap_or(i32::MAX).clamp(1, MAX_DEPTH)
        });
        for depth in 1..=max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            let mut delta = ASPIRATION;
            let (mut alpha, mut beta) = if depth >= 4 && best_score.abs() < MATE_BOUND {
                (best_score - delta, best_score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut partial: Option<(Move, i32, Vec<Move>)> = None;
            let score = loop {
                let s = self.root(pos, &mut root_moves, depth, alpha, beta, &mut partial);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (s - delta).max(-INFINITY);
                } else if s >= beta {
                    beta = (s + delta).min(INFINITY);
                } else {
                    break s;
                }
                delta *= 2;
                if delta > 600 {
                    (alpha, beta) = (-INFINITY, INFINITY);
                }
            };
            if self.stopped {
                // The iteration was cut short. A move that beat the window was searched to
                // the end, so it is at least as trustworthy as the last iteration's choice.
                if let Some((mv, s, line)) = partial {
                    best = mv;
                    best_score = s;
                    best_pv = line;
                }
                break;
            }
            best = root_moves[0];
            best_score = score;
            best_pv = self.pv[0].clone();
            if best_pv.first() != Some(&best) {
                best_pv = vec![best];
            }
            completed = depth as u32;
            let elapsed = self.start.elapsed();
            on_info(&SearchInfo {
                depth: completed,
                seldepth: self.seldepth as u32,
                score: Score(best_score),
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                time: elapsed,
                pv: best_pv.clone(),
                hashfull: self.tt.hashfull(),
            });
            if limits.is_timed() {
                if root_moves.len() == 1 {
                    break;
                }
                if soft.is_some_and(|s| elapsed >= s) {
                    break;
                }
                let mate_plies = MATE - best_score.abs();
                if best_score.abs() >= MATE_BOUND && depth > mate_plies + 1 {
                    break;
                }
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if best_score == -INFINITY {
            // Stopped before the first move of the first iteration was searched.
            best_score = 0;
        }
        self.result(Some(best), Score(best_score), completed, best_pv)
    }

    fn result(&self, best: Option<Move>, score: Score, depth: u32, pv: Vec<Move>) -> SearchResult {
        SearchResult {
            best,
            score,
            depth,
            nodes: self.nodes,
            pv,
            time: self.start.elapsed(),
        }
    }

    /// Searches every root move; the best goes to the front of `moves`.
    fn root(
        &mut self,
        pos: &mut Position,
        moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        partial: &mut Option<(Move, i32, Vec<Move>)>,
    ) -> i32 {
        let mut best = -INFINITY;
        self.pv[0].clear();
        for i in 0..moves.len() {
            let mv = moves[i];
            let undo = pos.make(mv);
            let gives_check = pos.is_check();
            self.keys.push(pos.repetition_key());
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, 1, gives_check, true)
            } else {
                let s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, 1, gives_check, true);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, -beta, -alpha, 1, gives_check, true)
                } else {
                    s
                }
            };
            self.keys.pop();
            pos.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    moves[..=i].rotate_right(1);
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
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        // The flag and the clock are read every 1024 nodes (about a millisecond): often
        // enough to stop promptly, rarely enough to cost nothing.
        let polled = self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.hard.is_some_and(|h| self.start.elapsed() >= h));
        if polled || self.nodes >= self.node_limit {
            self.stopped = true;
        }
        self.stopped
    }

    fn eval(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
        let mut e = if *slot >> 32 == key >> 32 {
            *slot as u32 as i32
        } else {
            let e = eval::evaluate(pos, self.t);
            *slot = (key & !0xffff_ffff) | u64::from(e as u32);
            e
        };
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            e += (mix(pos.hash() ^ self.seed) % span) as i32 - self.noise;
        }
        e.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
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
        let lowest = n.saturating_sub(pos.halfmoves() as usize);
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

    /// Whether the side to move has a piece that is neither royal nor a Pawn (else null
    /// moves are unsafe: zugzwang).
    fn has_pieces(&self, pos: &Position) -> bool {
        Squares(pos.pieces_of(pos.turn())).any(|sq| {
            pos.piece_at(sq).is_some_and(|p| {
                let k = p.kind().index();
                !self.t.royal[k] && !self.t.pawn[k]
            })
        })
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
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if in_check && ply < self.root_depth as usize + EXTENSION_PLIES {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, in_check);
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
            return self.eval(pos);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
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
        let static_eval = if in_check { -INFINITY } else { self.eval(pos) };

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            if depth <= 4 && static_eval - REVERSE_FUTILITY * depth >= beta {
                return static_eval;
            }
            if null_ok && depth >= 3 && static_eval >= beta && self.has_pieces(pos) {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
                if let Some(mut passed) = null_position(pos) {
                    self.keys.push(passed.repetition_key());
                    let s = -self.negamax(
                        &mut passed,
                        depth - 1 - r,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        false,
                        false,
                    );
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        // An unproven mate from a null move is not trusted.
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
        }

        let mut frame = std::mem::take(&mut self.frames[ply]);
        pos.legal_moves_into(&mut frame.moves);
        if frame.moves.is_empty() {
            self.frames[ply] = frame;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        score_moves(
            pos,
            self.t,
            &frame.moves,
            hash_move,
            self.killers[ply],
            self.history,
            &mut frame.scores,
        );
        frame.quiets.clear();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_key = MoveKey::NONE;
        let mut searched = 0usize;
        for i in 0..frame.moves.len() {
            let mv = pick(&mut frame.moves, &mut frame.scores, i);
            let mv_key = MoveKey::of(&mv);
            let quiet = mv.capture.is_none() && mv.promotion.is_none();
            let killer = mv_key == self.killers[ply][0] || mv_key == self.killers[ply][1];
            let undo = pos.make(mv);
            let gives_check = pos.is_check();
            if !pv_node && !in_check && quiet && !gives_check && searched > 0 && best > -MATE_BOUND
            {
                let late = depth <= 3 && searched >= LATE_MOVES[depth as usize];
                let futile = depth <= 2 && static_eval + FUTILITY * depth <= alpha;
                if late || futile {
                    pos.unmake(mv, undo);
                    continue;
                }
            }
            self.keys.push(pos.repetition_key());
            let new_depth = depth - 1;
            let score = if searched == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, gives_check, true)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && quiet && !in_check && !gives_check && !killer {
                    r = i32::from(self.lmr[(depth as usize).min(63)][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if self.history.score(&mv) > 4_000 {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
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
                        true,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, gives_check, true);
                }
                s
            };
            self.keys.pop();
            pos.unmake(mv, undo);
            if self.stopped {
                self.frames[ply] = frame;
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_key = mv_key;
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(ply, depth, mv, &frame.quiets);
                        }
                        break;
                    }
                }
            }
            if quiet {
                frame.quiets.push(mv);
            }
        }
        self.frames[ply] = frame;
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best, bound, best_key);
        best
    }

    /// A quiet move caused a cutoff: it becomes a killer and gains history; the quiet moves
    /// tried before it lose some.
    fn reward_quiet(&mut self, ply: usize, depth: i32, mv: Move, tried: &[Move]) {
        let key = MoveKey::of(&mv);
        let k = &mut self.killers[ply];
        if k[0] != key {
            k[1] = k[0];
            k[0] = key;
        }
        let bonus = (depth * depth).min(400) * 16;
        self.history.update(&mv, bonus);
        for m in tried {
            self.history.update(m, -bonus);
        }
    }

    fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos);
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
        let stand = if in_check { -INFINITY } else { self.eval(pos) };
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut frame = std::mem::take(&mut self.frames[ply]);
        pos.legal_moves_into(&mut frame.moves);
        if frame.moves.is_empty() {
            self.frames[ply] = frame;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if in_check {
            let hash_move = entry.map_or(MoveKey::NONE, |e| e.mv);
            score_moves(
                pos,
                self.t,
                &frame.moves,
                hash_move,
                self.killers[ply],
                self.history,
                &mut frame.scores,
            );
        } else {
            let t = self.t;
            frame.moves.retain(|m| is_loud(pos, t, m, stand, alpha));
            frame.scores.clear();
            frame.scores.extend(frame.moves.iter().map(|m| {
                promotion_gain(t, m) * 8 + victim_value(pos, t, m) * 8
                    - t.kind_value[m.piece.kind().index()] / 8
            }));
        }
        let mut best_key = MoveKey::NONE;
        for i in 0..frame.moves.len() {
            let mv = pick(&mut frame.moves, &mut frame.scores, i);
            let undo = pos.make(mv);
            let gives_check = pos.is_check();
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1, gives_check);
            pos.unmake(mv, undo);
            if self.stopped {
                self.frames[ply] = frame;
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
        self.frames[ply] = frame;
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, 0, best, bound, best_key);
        best
    }
}

/// Whether quiescence (not in check) searches `mv`: captures that may gain enough and do
/// not hand material to a defended square, and zone promotions to the best type on offer
/// that land on a safe square. A zone promotion the mover declines is quiet; a promotion
/// by capture (no zone) counts as a capture worth the victim plus the gain.
fn is_loud(pos: &Position, t: &Tables, mv: &Move, stand: i32, alpha: i32) -> bool {
    let v = pos.variant();
    let rule = v.promotion_at(mv.piece.color(), mv.piece.kind(), mv.to);
    match (mv.promotion, rule) {
        (None, Some(_)) => false,
        (Some(_), None) => {
            mv.capture.is_some()
                && stand + victim_value(pos, t, mv) + promotion_gain(t, mv) + DELTA > alpha
        }
        (Some(kind), Some(rule)) => {
            let top = rule
                .targets
                .iter()
                .map(|k| t.kind_value[k.index()])
                .max()
                .unwrap_or(0);
            if t.kind_value[kind.index()] < top || promotion_gain(t, mv) <= 0 {
                return mv.capture.is_some() && !losing_capture(pos, t, mv);
            }
            if mv.capture.is_some() {
                return true;
            }
            let them = !pos.turn();
            let occ = (pos.occupied() & !mv.from.bit()) | mv.to.bit();
            !pos.attacked(mv.to, them, occ, pos.pieces_of(them))
        }
        (None, None) => {
            mv.capture.is_some()
                && stand + victim_value(pos, t, mv) + DELTA > alpha
                && !losing_capture(pos, t, mv)
        }
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

/// The position with the other side to move and no e.p. square (a null move), or `None`
/// if the engine would not accept it. The engine has no null move of its own, so this goes
/// through its validating constructor: slower than a real null move, but null moves are
/// tried only at nodes at least three plies from the horizon. The 50-move counter restarts,
/// which also keeps repetition checks from looking across the null move.
fn null_position(pos: &Position) -> Option<Position> {
    let v = pos.variant();
    let sides = |f: &dyn Fn(Color) -> bool| {
        Color::ALL
            .iter()
            .filter(|&&c| f(c))
            .fold(0u8, |bits, c| bits | 1 << c.index())
    };
    let setup = Setup {
        cells: pos
            .pieces()
            .map(|(sq, p)| (sq, p, pos.level_at(sq).max(1)))
            .collect(),
        turn: !pos.turn(),
        castling: pos.castling_rights(),
        ep: None,
        halfmoves: 0,
        fullmoves: pos.fullmoves(),
        unmoved_kings: v
            .extras()
            .unmoved_kings
            .then(|| sides(&|c| pos.king_unmoved(c))),
        swap_unused: v.extras().king_swap.then(|| sides(&|c| pos.swap_unused(c))),
    };
    Position::from_setup(v, setup).ok()
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
