//! Per-game evaluation tables, derived once from the game's data and cached for the life of
//! the program.
//!
//! Nothing here knows any game by name: every number comes from a piece's
//! [`Movement`](crate::rules::Movement) (or its level table), the board's
//! [`Shape`](crate::rules::Shape) and the promotion rules the compiled
//! [`Variant`] answers through [`Variant::promotion_at`].
//!
//! # Piece values
//!
//! A piece is worth roughly what it can do on a typical board. The *model mobility* of a
//! movement profile is the number of moves it has, averaged over every square of the board,
//! on a board where each square is occupied independently with probability
//! [`OCCUPANCY`] (0.3, about a middlegame):
//!
//! * a leap counts 1 if it moves and captures, `1 - p` if it only moves (it needs an empty
//!   square), `p` if it only captures (it needs an occupied one);
//! * the `k`-th square of a slide counts the same, times `(1 - p)^(k-1)`, the chance that the
//!   squares before it are empty (a minimum range skips the first squares but still needs
//!   them empty);
//! * the `j`-th square of a cannon line counts `(j-1) p (1-p)^(j-2)`: exactly one screen
//!   before it;
//! * a non-jumping leap counts the chance that at least one of its paths is empty;
//! * first-move-only atoms (`i`) are ignored: they matter for one move of the game.
//!
//! The value is then `300 * (m / 5.25)^1.117`, anchored so that a Knight (m = 5.25 on any
//! board large enough) is 300; the exponent is fitted so that the Queen comes out at 900. With
//! this, orthodox chess gets B 344, R 487, Q 899, and a Bishop-like piece that reaches at most
//! [`COLOUR_BOUND_SHARE`] of the board (a colour-bound piece, or one that cannot go back)
//! loses [`COLOUR_BOUND_PENALTY`] of it, which brings the Bishop to 320. Compounds come out
//! where the literature puts them within about 10%: Archbishop (BN) 700, Marshal (RN) 850,
//! Silver 220, Gold 290, Camel 230.
//!
//! Pawns are the unit: a piece marked `pawn` is worth [`PAWN_VALUE`] whatever its movement,
//! because its worth lies in its promotion and its share of the pawn structure, which the
//! mobility count does not see. The royal piece has no material value.
//!
//! # Promotion prospects
//!
//! A piece that can promote is worth more the closer it is to its zone: on each square it
//! gets `gain * 0.6 / (1 + d)^2`, where `d` is the number of its own moves needed to end a
//! move on a promoting square of an empty board (at least 1) and `gain` the best target's
//! value minus its own (an optional promotion never counts as a loss; a mandatory one may).
//! For an orthodox Pawn that is 120 on the 7th rank, 53 on the 6th, 30 on the 5th.
//!
//! At run time the evaluation asks the engine where a piece reaches
//! ([`Variant::reach`]); the model above needs each atom's geometry, so it reads the
//! movement itself.
//!
//! # Square tables
//!
//! A non-pawn piece gets [`CENTRE_WEIGHT`] per model move it has on that square above its
//! board average (a Knight in the corner loses about 10, in the centre gains 8); sliders on an
//! empty rank gain little, which is right. The royal piece has a middlegame table (stay home,
//! prefer the wings) and an endgame table (centralise), blended by the game phase.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::weights::Weights;
use crate::ai::nnue::{self, Network};

use crate::rules::{
    Color, Modality, Move, Movement, PieceKind, Position, Reach, Shape, Square, SquareSet, Squares,
    Variant, GRID_CELLS,
};

/// Probability that a square is occupied in the mobility model.
pub(crate) const OCCUPANCY: f64 = 0.3;
/// Value of a piece marked `pawn`: the unit of the scale.
pub(crate) const PAWN_VALUE: i32 = 100;
/// A piece whose empty-board reach covers at most this share of the board is colour-bound.
const COLOUR_BOUND_SHARE: f64 = 0.6;
/// Share of its value a colour-bound piece loses (the Bishop pair term gives it back).
const COLOUR_BOUND_PENALTY: f64 = 0.07;
/// Centipawns per model move above the piece's average on a square.
const CENTRE_WEIGHT: f64 = 2.5;
/// Moves to the promotion zone beyond which the prospect is worth nothing.
const MAX_PROMO_DISTANCE: u8 = 8;
/// `promo_dist` entry for "cannot promote".
pub(crate) const NO_PROMOTION: u8 = u8::MAX;

/// The model mobility of `movement` on `sq` as White sees it (see the module
/// documentation): its expected number of moves on a board occupied with probability `p`.
fn model_mobility(movement: &Movement, shape: &Shape, sq: Square, p: f64) -> f64 {
    let q = 1.0 - p;
    let weight = |m: Modality| match m {
        Modality::Both => 1.0,
        Modality::Quiet => q,
        Modality::Capture => p,
    };
    let step = |at: Square, dx: i8, dy: i8| shape.offset(at, i32::from(dx), i32::from(dy));
    // Leaps of several atoms to one square are one move: keep the best modality per square.
    let mut leaps: Vec<(Square, f64)> = Vec::new();
    let mut m = 0.0;
    for a in movement.atoms.iter().filter(|a| !a.initial) {
        let w = weight(a.modality);
        match &a.reach {
            Reach::Leap => {
                if let Some(to) = step(sq, a.dx, a.dy) {
                    match leaps.iter_mut().find(|(t, _)| *t == to) {
                        Some((_, x)) => *x = x.max(w),
                        None => leaps.push((to, w)),
                    }
                }
            }
            Reach::Ride { min, max } => {
                let mut at = sq;
                for k in 1..=i32::from(*max) {
                    let Some(n) = step(at, a.dx, a.dy) else {
                        break;
                    };
                    if k >= i32::from(*min) {
                        m += w * q.powi(k - 1);
                    }
                    at = n;
                }
            }
            Reach::Hop => {
                let mut at = sq;
                let mut j = 0;
                while let Some(n) = step(at, a.dx, a.dy) {
                    j += 1;
                    if j >= 2 {
                        m += w * f64::from(j - 1) * p * q.powi(j - 2);
                    }
                    at = n;
                }
            }
            Reach::Lame { paths } => {
                if step(sq, a.dx, a.dy).is_none() {
                    continue;
                }
                let blocked: f64 = paths
                    .iter()
                    .filter(|path| path.iter().all(|&(px, py)| step(sq, px, py).is_some()))
                    .map(|path| 1.0 - q.powi(path.len() as i32))
                    .product();
                m += w * (1.0 - blocked);
            }
        }
    }
    m + leaps.iter().map(|(_, w)| w).sum::<f64>()
}

/// Everything the evaluation needs about one game.
#[derive(Debug)]
pub(crate) struct Tables {
    /// First movement profile of each kind.
    profile_base: Vec<u16>,
    /// Number of profiles of each kind (its level cap, or 1).
    level_cap: Vec<u16>,
    /// Whether each kind is the royal piece.
    pub royal: Vec<bool>,
    /// Whether each kind is a Pawn.
    pub pawn: Vec<bool>,
    /// The kind (its index) of each movement profile.
    pub profile_kind: Vec<usize>,
    /// The profiles of the kinds marked `pawn` (every level of them).
    pub pawn_profiles: Vec<usize>,
    /// Whether each kind (at level 1) is colour-bound.
    pub colour_bound: Vec<bool>,
    /// The colour-bound kinds.
    pub bound_kinds: Vec<usize>,
    /// Material value of each kind at level 1, for move ordering.
    pub kind_value: Vec<i32>,
    /// Material value of each profile.
    pub value: Vec<i32>,
    /// Per (colour, profile, square): value, centralisation and promotion prospects.
    psq: Vec<i32>,
    /// Per (colour, profile, square): own moves to the promotion zone, or [`NO_PROMOTION`].
    promo_dist: Vec<u8>,
    /// Per (colour, profile): value gained by promoting (0 when it cannot).
    pub promo_gain: Vec<i32>,
    /// Per (profile, victim kind): value the capturer gains by the promotion its capture
    /// makes (Veteran Chess; the best type on offer, never a loss when it may decline).
    capture_gain: Vec<i32>,
    /// Per profile: model mobility times 16.
    pub expected_mobility: Vec<i32>,
    /// Per profile: centipawns per move of mobility, times 16.
    pub mobility_weight: Vec<i32>,
    /// Per profile: weight of one attacked square next to the enemy royal piece.
    pub attack_weight: Vec<i32>,
    /// Per (colour, square): the royal piece's middlegame and endgame terms.
    royal_mg: Vec<i32>,
    royal_eg: Vec<i32>,
    /// Per square: the royal piece's neighbourhood (and the square itself).
    pub king_zone: Vec<SquareSet>,
    /// Per (colour, square): the squares one and two ranks in front, files +-1.
    pub shield_near: Vec<SquareSet>,
    pub shield_far: Vec<SquareSet>,
    /// Per (colour, square): every square ahead on the same and the adjacent files.
    pub front_span: Vec<SquareSet>,
    /// Per file: its squares; per file: the squares of the two adjacent files.
    pub file_mask: Vec<SquareSet>,
    pub adjacent_files: Vec<SquareSet>,
    /// Per square: Manhattan distance to the board's centre, times 2.
    pub centre_distance: Vec<i32>,
    /// Non-pawn, non-royal material of both sides in the start position.
    pub start_material: i32,
    /// Per kind: whether declining its promotion is dominated (see
    /// [`Tables::declining_dominated`]).
    decline_dominated: Vec<bool>,
    /// The weights the tables were built with (the evaluation reads its scales here).
    pub w: Weights,
    /// The learned evaluation the search uses instead of the hand-made one, when the game
    /// has one ([`nnue::in_use`]).
    pub net: Option<Arc<Network>>,
}

impl Tables {
    /// The movement profile of `kind` at `level` (levels past the cap move like the cap).
    #[inline]
    pub(crate) fn profile(&self, kind: PieceKind, level: u16) -> usize {
        let k = kind.index();
        usize::from(self.profile_base[k]) + usize::from(level.clamp(1, self.level_cap[k]) - 1)
    }

    #[inline]
    fn nprof(&self) -> usize {
        self.value.len()
    }

    /// What the piece of profile `prof` at `level` grows by when it captures a `victim` at
    /// `victim_level`: its capture promotion, or in games with levels the worth of the
    /// victim's levels added to its own (a royal capturer passes them on, counted as 0).
    #[inline]
    pub(crate) fn capture_growth(
        &self,
        prof: usize,
        level: u16,
        victim: PieceKind,
        victim_level: u16,
    ) -> i32 {
        let k = self.profile_kind[prof];
        let mut gain = self.capture_gain[prof * self.royal.len() + victim.index()];
        if self.level_cap[k] > 1 && !self.royal[k] {
            let grown = usize::from(self.profile_base[k])
                + usize::from(
                    level
                        .saturating_add(victim_level)
                        .clamp(1, self.level_cap[k])
                        - 1,
                );
            gain += self.value[grown] - self.value[prof];
        }
        gain
    }

    /// Value, centralisation and promotion prospects of a piece on `sq`.
    #[inline]
    pub(crate) fn psq(&self, color: Color, prof: usize, sq: Square) -> i32 {
        self.psq[(color.index() * self.nprof() + prof) * GRID_CELLS + sq.index()]
    }

    /// Own moves from `sq` to the promotion zone, or [`NO_PROMOTION`].
    #[inline]
    pub(crate) fn promo_dist(&self, color: Color, prof: usize, sq: Square) -> u8 {
        self.promo_dist[(color.index() * self.nprof() + prof) * GRID_CELLS + sq.index()]
    }

    /// The royal piece's middlegame and endgame square terms.
    #[inline]
    pub(crate) fn royal_terms(&self, color: Color, sq: Square) -> (i32, i32) {
        let i = color.index() * GRID_CELLS + sq.index();
        (self.royal_mg[i], self.royal_eg[i])
    }

    /// The tables of `v` with `w` (the tuner builds many; the program uses [`tables`]).
    pub(crate) fn build_with(v: &'static Variant, w: &Weights) -> Tables {
        let shape = v.shape();
        let nkinds = v.kinds().len();
        let mut profile_base = Vec::with_capacity(nkinds);
        let mut level_cap = Vec::with_capacity(nkinds);
        let mut movements = Vec::new();
        let mut profile_kind = Vec::new();
        let mut profile_level = Vec::new();
        for (kind, spec) in v.kinds() {
            profile_base.push(movements.len() as u16);
            match &spec.levels {
                Some(levels) => {
                    let cap = levels.cap();
                    for level in 1..=cap {
                        movements.push(levels.movement(level));
                        profile_kind.push(kind);
                        profile_level.push(level);
                    }
                    level_cap.push(cap);
                }
                None => {
                    movements.push(spec.movement.clone());
                    profile_kind.push(kind);
                    profile_level.push(1);
                    level_cap.push(1);
                }
            }
        }
        let nprof = movements.len();
        let board: Vec<Square> = Squares(shape.squares()).collect();
        let nsq = board.len().max(1) as f64;
        let royal: Vec<bool> = v.kinds().map(|(_, s)| s.royal).collect();
        let pawn: Vec<bool> = v.kinds().map(|(_, s)| s.pawn).collect();

        // Model mobility per profile and square (as White; the pieces are symmetric).
        let mut model = vec![0.0f64; nprof * GRID_CELLS];
        let mut average = vec![0.0f64; nprof];
        for p in 0..nprof {
            for &sq in &board {
                let m = model_mobility(&movements[p], shape, sq, OCCUPANCY);
                model[p * GRID_CELLS + sq.index()] = m;
                average[p] += m / nsq;
            }
        }

        // Colour-boundness: how much of the board the piece can ever reach from the square
        // nearest the centre.
        let (cf, cr) = (
            f64::from(shape.files() - 1) / 2.0,
            f64::from(shape.ranks() - 1) / 2.0,
        );
        let centre = board
            .iter()
            .copied()
            .min_by(|a, b| {
                let d = |s: &Square| {
                    (f64::from(s.file()) - cf).abs() + (f64::from(s.rank()) - cr).abs()
                };
                d(a).total_cmp(&d(b))
            })
            .expect("BUG: a board has squares");
        let bound: Vec<bool> = (0..nprof)
            .map(|p| {
                let mut seen = centre.bit();
                let mut frontier = seen;
                while frontier != 0 {
                    let mut next = 0;
                    for sq in Squares(frontier) {
                        next |= v.reach_on_empty_board(
                            profile_kind[p],
                            Color::White,
                            profile_level[p],
                            sq,
                        );
                    }
                    frontier = next & !seen;
                    seen |= next;
                }
                f64::from(seen.count_ones()) <= COLOUR_BOUND_SHARE * nsq
            })
            .collect();

        let value: Vec<i32> = (0..nprof)
            .map(|p| {
                let k = profile_kind[p].index();
                if royal[k] {
                    0
                } else if pawn[k] {
                    PAWN_VALUE
                } else {
                    let mut x = 300.0 * (average[p] / 5.25).powf(1.117);
                    if bound[p] {
                        x *= 1.0 - COLOUR_BOUND_PENALTY;
                    }
                    (x.round() as i32).max(10)
                }
            })
            .collect();
        let profile_of = |kind: PieceKind, level: u16| {
            usize::from(profile_base[kind.index()])
                + usize::from(level.clamp(1, level_cap[kind.index()]) - 1)
        };
        let mut value = capture_prospects(v, value, &profile_kind, &profile_of);
        // Tuned values replace the derived ones; a kind's other levels scale along.
        for (k, (_, spec)) in v.kinds().enumerate() {
            let Some(&tuned) = w.values.get(&spec.letter) else {
                continue;
            };
            if royal[k] {
                continue;
            }
            let base = usize::from(profile_base[k]);
            let derived = value[base].max(1);
            for x in &mut value[base..base + usize::from(level_cap[k])] {
                *x = (i64::from(*x) * i64::from(tuned) / i64::from(derived)) as i32;
            }
        }

        // What profile `p` gains by the best promotion `rule` offers (never a loss when it
        // may decline).
        let promotion_gain = |rule: &crate::rules::PromotionRule, p: usize| {
            let best = rule
                .targets
                .iter()
                .map(|&t| value[profile_of(t, profile_level[p])])
                .max()
                .unwrap_or(value[p]);
            let gain = best - value[p];
            if rule.mandatory {
                gain
            } else {
                gain.max(0)
            }
        };
        let mut psq = vec![0; 2 * nprof * GRID_CELLS];
        let mut promo_dist = vec![NO_PROMOTION; 2 * nprof * GRID_CELLS];
        let mut promo_gain = vec![0; 2 * nprof];
        for color in Color::ALL {
            for p in 0..nprof {
                let kind = profile_kind[p];
                let k = kind.index();
                let slot = (color.index() * nprof + p) * GRID_CELLS;
                for &sq in &board {
                    let centre_term = if royal[k] || pawn[k] {
                        0.0
                    } else {
                        // Black's square tables are White's rotated (the pieces are
                        // left-right symmetric), so the model is read on the mirrored rank.
                        let wsq = white_view(color, sq, shape.ranks());
                        CENTRE_WEIGHT * f64::from(w.centre) / 100.0
                            * (model[p * GRID_CELLS + wsq.index()] - average[p])
                    };
                    psq[slot + sq.index()] = value[p] + centre_term.round() as i32;
                }
                if royal[k] || v.piece(kind).promotions.is_empty() {
                    continue;
                }
                // Distances to the zone by breadth-first search over the piece's own moves.
                for &sq in &board {
                    let mut seen = sq.bit();
                    let mut frontier = sq.bit();
                    let mut found = None;
                    for d in 1..=MAX_PROMO_DISTANCE {
                        let mut next = 0;
                        for s in Squares(frontier) {
                            next |= v.reach_on_empty_board(kind, color, profile_level[p], s);
                        }
                        if let Some(z) =
                            Squares(next).find(|&z| v.promotion_at(color, kind, z).is_some())
                        {
                            found = Some((d, z));
                            break;
                        }
                        frontier = next & !seen;
                        seen |= next;
                        if frontier == 0 {
                            break;
                        }
                    }
                    let Some((d, z)) = found else {
                        continue;
                    };
                    let rule = v
                        .promotion_at(color, kind, z)
                        .expect("BUG: found on a promoting square");
                    let gain = promotion_gain(rule, p);
                    promo_dist[slot + sq.index()] = d;
                    promo_gain[color.index() * nprof + p] =
                        promo_gain[color.index() * nprof + p].max(gain);
                    let prospect = f64::from(gain) * 0.6 * f64::from(w.prospect)
                        / 100.0
                        / f64::from(1 + u32::from(d)).powi(2);
                    psq[slot + sq.index()] += prospect.round() as i32;
                }
            }
        }

        let mut capture_gain = vec![0; nprof * nkinds];
        for p in 0..nprof {
            for (victim, _) in v.kinds() {
                let Some(rule) = v.capture_promotion(profile_kind[p], victim) else {
                    continue;
                };
                capture_gain[p * nkinds + victim.index()] = promotion_gain(rule, p);
            }
        }

        let expected_mobility = average.iter().map(|m| (m * 16.0).round() as i32).collect();
        let mobility_weight = (0..nprof)
            .map(|p| {
                let empty: f64 = board
                    .iter()
                    .map(|&sq| model_mobility(&movements[p], shape, sq, 0.0))
                    .sum::<f64>()
                    / nsq;
                (16.0 * 10.0 / empty.max(1.0).sqrt()).round() as i32
            })
            .collect();
        let attack_weight = value.iter().map(|&x| (x / 100).clamp(1, 12)).collect();

        let mut royal_mg = vec![0; 2 * GRID_CELLS];
        let mut royal_eg = vec![0; 2 * GRID_CELLS];
        let mut centre_distance = vec![0; GRID_CELLS];
        let mut king_zone = vec![0; GRID_CELLS];
        let mut shield_near = vec![0; 2 * GRID_CELLS];
        let mut shield_far = vec![0; 2 * GRID_CELLS];
        let mut front_span = vec![0; 2 * GRID_CELLS];
        let mut file_mask = vec![0; usize::from(shape.files())];
        let mut adjacent_files = vec![0; usize::from(shape.files())];
        for &sq in &board {
            file_mask[usize::from(sq.file())] |= sq.bit();
        }
        for f in 0..usize::from(shape.files()) {
            let left = if f > 0 { file_mask[f - 1] } else { 0 };
            let right = file_mask.get(f + 1).copied().unwrap_or(0);
            adjacent_files[f] = left | right;
        }
        let files_mid = f64::from(shape.files() - 1) / 2.0;
        for &sq in &board {
            let df = (f64::from(sq.file()) - cf).abs();
            let dr = (f64::from(sq.rank()) - cr).abs();
            centre_distance[sq.index()] = ((df + dr) * 2.0).round() as i32;
            let mut zone = sq.bit();
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(t) = shape.offset(sq, dx, dy) {
                        zone |= t.bit();
                    }
                }
            }
            king_zone[sq.index()] = zone;
            for color in Color::ALL {
                let i = color.index() * GRID_CELLS + sq.index();
                let fwd = color.forward();
                let home_rank = match color {
                    Color::White => i32::from(sq.rank()),
                    Color::Black => i32::from(shape.ranks() - 1 - sq.rank()),
                };
                let wing = ((f64::from(sq.file()) - files_mid).abs()).min(3.0);
                royal_mg[i] =
                    (-15 * home_rank.min(4) + (4.0 * wing).round() as i32) * w.royal_square / 100;
                royal_eg[i] = -3 * centre_distance[sq.index()] * w.royal_square / 100;
                for dx in -1..=1 {
                    for (dy, mask) in [(1, &mut shield_near), (2, &mut shield_far)] {
                        if let Some(t) = shape.offset(sq, dx, dy * fwd) {
                            mask[i] |= t.bit();
                        }
                    }
                }
                for t in Squares(shape.squares()) {
                    let ahead = (i32::from(t.rank()) - i32::from(sq.rank())) * fwd > 0;
                    if ahead && (i32::from(t.file()) - i32::from(sq.file())).abs() <= 1 {
                        front_span[i] |= t.bit();
                    }
                }
            }
        }

        let start = Position::start(v);
        let start_material = start
            .pieces()
            .filter(|(_, pc)| !royal[pc.kind().index()] && !pawn[pc.kind().index()])
            .map(|(sq, pc)| value[profile_of(pc.kind(), start.level_at(sq))])
            .sum::<i32>()
            .max(1);
        let kind_value = (0..nkinds)
            .map(|k| value[usize::from(profile_base[k])])
            .collect();
        let colour_bound: Vec<bool> = (0..nkinds)
            .map(|k| bound[usize::from(profile_base[k])])
            .collect();
        let bound_kinds = (0..nkinds).filter(|&k| colour_bound[k]).collect();

        let profile_kind: Vec<usize> = profile_kind.iter().map(|k| k.index()).collect();
        Tables {
            profile_base,
            level_cap,
            pawn_profiles: (0..profile_kind.len())
                .filter(|&p| pawn[profile_kind[p]])
                .collect(),
            royal,
            pawn,
            profile_kind,
            colour_bound,
            bound_kinds,
            kind_value,
            value,
            psq,
            promo_dist,
            promo_gain,
            capture_gain,
            expected_mobility,
            mobility_weight,
            attack_weight,
            royal_mg,
            royal_eg,
            king_zone,
            shield_near,
            shield_far,
            front_span,
            file_mask,
            adjacent_files,
            centre_distance,
            start_material,
            decline_dominated: (0..nkinds)
                .map(|k| decline_dominated(v, PieceKind(k as u8)))
                .collect(),
            w: w.clone(),
            net: nnue::in_use(v),
        }
    }

    /// Whether `mv` declines a promotion it could have made (a zone promotion, or a capture
    /// promotion) and the promotion dominates: some type on offer moves and captures
    /// wherever the piece itself does. Such a move is almost never better than its
    /// promoting twin, so the search tries it last and reduced, but never drops it (it can
    /// matter for stalemate or repetition).
    #[inline]
    pub(crate) fn declining_dominated(&self, pos: &Position, mv: &Move) -> bool {
        if mv.promotion.is_some() || !self.decline_dominated[mv.piece.kind().index()] {
            return false;
        }
        let v = pos.variant();
        let kind = mv.piece.kind();
        let rule = mv
            .capture
            .and_then(|c| v.capture_promotion(kind, c.kind()))
            .or_else(|| v.promotion_at(mv.piece.color(), kind, mv.to));
        rule.is_some_and(|r| !r.mandatory)
    }
}

/// Whether some promotion target of `kind` (zone or capture promotion) reaches, from every
/// square, every square `kind` reaches, both on an empty board (moves and rides) and on a
/// full one (captures next door, and cannon captures over a screen).
fn decline_dominated(v: &'static Variant, kind: PieceKind) -> bool {
    let spec = v.piece(kind);
    if spec.levels.is_some() {
        return false;
    }
    let targets: Vec<PieceKind> = spec
        .promotions
        .iter()
        .flat_map(|r| r.to.iter().copied())
        .chain(spec.capture_promotions.iter().map(|r| r.to))
        .filter_map(|c| v.kind_by_letter(c))
        .collect();
    let squares = v.shape().squares();
    targets.into_iter().any(|target| {
        Color::ALL.iter().all(|&c| {
            Squares(squares).all(|sq| {
                let full = squares;
                let empty = sq.bit();
                [empty, full].iter().all(|&occ| {
                    let own = v.reach(kind, c, 1, sq, occ);
                    let promoted = v.reach(target, c, 1, sq, occ);
                    own & !promoted == 0
                })
            })
        })
    })
}

/// The square as White sees it: Black's pieces are White's rotated by 180 degrees, and every
/// piece is left-right symmetric, so flipping the rank is enough.
fn white_view(color: Color, sq: Square, ranks: u8) -> Square {
    match color {
        Color::White => sq,
        Color::Black => Square::new(sq.file(), ranks - 1 - sq.rank())
            .expect("BUG: a mirrored square stays on the grid"),
    }
}

/// Every variant's tables built so far, by the variant's address.
static TABLES: OnceLock<Mutex<HashMap<usize, Arc<Tables>>>> = OnceLock::new();

/// Drops every table built so far (the weights in use changed); searches holding one keep
/// theirs.
pub(crate) fn forget_all() {
    if let Some(cache) = TABLES.get() {
        cache.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// The tables of `v`, built on first use. Keyed by the variant's address: every compiled
/// variant is `'static`, so the address names it uniquely (even a test's own variant that
/// reuses an id).
pub(crate) fn tables(v: &'static Variant) -> Arc<Tables> {
    let key = v as *const Variant as usize;
    let cache = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(t) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(t);
    }
    // Built outside the lock: two threads may both build the first time, which is harmless.
    let built = Arc::new(Tables::build_with(v, &Weights::in_use(v.id())));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(guard.entry(key).or_insert(built))
}

/// Share of a capture promotion's gain credited to the piece that can make it, when every
/// enemy piece would trigger it (scaled down by the share that does).
const CAPTURE_PROSPECT: f64 = 0.25;

/// Adds capture-promotion prospects (Veteran Chess) to piece values: a piece that becomes a
/// better one by capturing is worth part of the difference. The part is
/// [`CAPTURE_PROSPECT`] times the share of the opponent's starting pieces whose capture
/// triggers the promotion, so a Knight (which promotes taking almost anything) gains about a
/// quarter of the step to a Mounted Veteran while a Bishop (only by taking the Lady) gains
/// almost nothing. Kept small on purpose: the search sees the promotions themselves.
fn capture_prospects(
    v: &'static Variant,
    mut value: Vec<i32>,
    profile_kind: &[PieceKind],
    profile_of: &dyn Fn(PieceKind, u16) -> usize,
) -> Vec<i32> {
    let start = crate::rules::Position::start(v);
    let enemies: Vec<PieceKind> = start
        .pieces()
        .filter(|(_, p)| p.color() == Color::Black && !v.piece(p.kind()).royal)
        .map(|(_, p)| p.kind())
        .collect();
    if enemies.is_empty() {
        return value;
    }
    let base = value.clone();
    for (p, &kind) in profile_kind.iter().enumerate() {
        let mut best = 0.0f64;
        for (victim, _) in v.kinds() {
            let Some(rule) = v.capture_promotion(kind, victim) else {
                continue;
            };
            let share = enemies
                .iter()
                .filter(|&&e| {
                    v.capture_promotion(kind, e)
                        .is_some_and(|r| std::ptr::eq(r, rule))
                })
                .count() as f64
                / enemies.len() as f64;
            for &t in &rule.targets {
                let gain = f64::from(base[profile_of(t, 1)] - base[p]);
                best = best.max(CAPTURE_PROSPECT * share * gain);
            }
        }
        value[p] += best.round() as i32;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    /// A piece's value as the game's data derives it (not a built-in tuned set's: these
    /// tests are about the derivation).
    fn value_of(id: VariantId, letter: char) -> i32 {
        let v = variant(id);
        let t = Tables::build_with(v, &Weights::default());
        t.kind_value[v.kind_by_letter(letter).unwrap().index()]
    }

    /// The evaluation walks the position's pieces by the engine's movement profiles and reads
    /// these tables by the same numbers: the two numberings must agree.
    #[test]
    fn profiles_are_numbered_as_the_engine_numbers_them() {
        for id in VariantId::ALL {
            let v = variant(id);
            let t = tables(v);
            for (kind, spec) in v.kinds() {
                let cap = spec.levels.as_ref().map_or(1, |l| l.cap());
                for level in 0..=cap + 1 {
                    let p = t.profile(kind, level);
                    assert_eq!(p, v.profile(kind, level), "{id} {kind:?} level {level}");
                    assert_eq!(t.profile_kind[p], kind.index(), "{id} {kind:?}");
                }
            }
            assert_eq!(t.profile_kind.len(), t.value.len(), "{id}");
        }
    }

    /// Veteran Chess: pieces that promote by capturing carry part of the gain, in
    /// proportion to how many enemy pieces trigger it.
    #[test]
    fn declining_is_dominated_where_the_promoted_piece_does_everything() {
        let v = variant(VariantId::Promochess);
        let t = tables(v);
        let kind = |c| v.kind_by_letter(c).unwrap().index();
        // S>Dragon, R>Queen, H>Marshal, B>Janus, C>Wildebeest all keep every move; a Pawn's
        // double step is lost as a Gold.
        for c in ['S', 'R', 'H', 'B', 'C'] {
            assert!(t.decline_dominated[kind(c)], "{c}");
        }
        for c in ['P', 'K', 'G', 'Q'] {
            assert!(!t.decline_dominated[kind(c)], "{c}");
        }
        // The Rook on a7 may go to a8 promoting or not; declining is the dominated twin.
        let pos = Position::from_fen(v, "4k4/9/R8/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        let moves = pos.legal_moves();
        let into_zone = |promoted: bool| {
            moves
                .iter()
                .find(|m| m.to.to_string() == "a8" && m.promotion.is_some() == promoted)
                .copied()
                .unwrap()
        };
        assert!(t.declining_dominated(&pos, &into_zone(false)));
        assert!(!t.declining_dominated(&pos, &into_zone(true)));
        let outside = moves.iter().find(|m| m.to.to_string() == "a5").unwrap();
        assert!(!t.declining_dominated(&pos, outside));
    }

    #[test]
    fn veteran_values_include_capture_prospects() {
        let (n, b, l) = (
            value_of(VariantId::Veteran, 'N'),
            value_of(VariantId::Veteran, 'B'),
            value_of(VariantId::Veteran, 'L'),
        );
        let (chess_n, chess_b) = (
            value_of(VariantId::Chess, 'N'),
            value_of(VariantId::Chess, 'B'),
        );
        // The Knight promotes taking almost anything, to a Mounted Veteran.
        assert!(n > chess_n + 40, "N {n} vs chess {chess_n}");
        // The Bishop only by taking the Lady: a few points at most.
        assert!((b - chess_b).abs() <= 20, "B {b} vs chess {chess_b}");
        // The Lady (a non-royal King) is lifted toward the Queen it may become: well above
        // PromoChess's Gold, a six-step King-like piece without prospects.
        let gold = value_of(VariantId::Promochess, 'G');
        assert!(l > gold + 100, "L {l} vs Gold {gold}");
    }

    #[test]
    fn chess_values_come_out_near_the_classical_ones() {
        let near = |letter, want: i32| {
            let got = value_of(VariantId::Chess, letter);
            assert!((got - want).abs() <= want / 10, "{letter}: {got} vs {want}");
        };
        near('P', 100);
        near('N', 300);
        near('B', 320);
        near('R', 500);
        near('Q', 900);
        assert_eq!(value_of(VariantId::Chess, 'K'), 0);
    }

    #[test]
    fn promoted_pieces_are_worth_more() {
        for (from, to) in [
            ('P', 'G'),
            ('S', 'D'),
            ('R', 'Q'),
            ('H', 'M'),
            ('B', 'J'),
            ('C', 'W'),
        ] {
            assert!(
                value_of(VariantId::Promochess, to) > value_of(VariantId::Promochess, from),
                "{from} -> {to}"
            );
        }
    }

    #[test]
    fn pawn_prospects_grow_toward_the_last_rank() {
        let v = variant(VariantId::Chess);
        let t = tables(v);
        let p = t.profile(v.kind_by_letter('P').unwrap(), 1);
        let at = |name: &str, c| t.psq(c, p, name.parse().unwrap());
        assert!(at("e7", Color::White) > at("e5", Color::White));
        assert!(at("e5", Color::White) > at("e3", Color::White));
        assert_eq!(at("e7", Color::White), at("e2", Color::Black));
        assert_eq!(t.promo_dist(Color::White, p, "e7".parse().unwrap()), 1);
    }

    /// Tamerspiel: pieces are valued by where their chains lead, and a piece near an enemy
    /// citadel carries part of its next step's gain.
    #[test]
    fn tamerspiel_values_citadels_and_chains() {
        let v = variant(VariantId::Tamerspiel);
        for (from, to) in [
            ('F', 'E'),
            ('E', 'Q'),
            ('V', 'L'),
            ('L', 'W'),
            ('G', 'C'),
            ('C', 'S'),
        ] {
            assert!(
                value_of(VariantId::Tamerspiel, to) > value_of(VariantId::Tamerspiel, from),
                "{from} -> {to}"
            );
        }
        let t = tables(v);
        let eagle = t.profile(v.kind_by_letter('E').unwrap(), 1);
        let at = |name: &str| t.psq(Color::White, eagle, name.parse().unwrap());
        // One Eagle move from the a8 citadel (b6 leaps there) against the middle of the board.
        assert_eq!(t.promo_dist(Color::White, eagle, "b6".parse().unwrap()), 1);
        assert!(at("b6") > at("f4"), "b6 {} vs f4 {}", at("b6"), at("f4"));
        // Black's citadels are White's own: no prospect there.
        assert!(t.promo_dist(Color::White, eagle, "b3".parse().unwrap()) > 1);
    }

    /// Alternate Promotion Chess: a piece is valued by where its chain leads, and one move
    /// from its promotion rank (the home rank, for a Camel) it carries part of the gain.
    #[test]
    fn apc_values_follow_the_chain() {
        for id in [
            VariantId::ApcCrowned,
            VariantId::ApcEurasian,
            VariantId::ApcTimur,
        ] {
            let v = variant(id);
            let t = tables(v);
            let camel = t.profile(v.kind_by_letter('L').unwrap(), 1);
            let at = |name: &str| t.psq(Color::White, camel, name.parse().unwrap());
            // c4 leaps to b1/d1 and becomes a Knight; c5 cannot reach rank 1 in one move.
            assert_eq!(t.promo_dist(Color::White, camel, "c4".parse().unwrap()), 1);
            assert!(t.promo_dist(Color::White, camel, "c5".parse().unwrap()) > 1);
            assert!(
                at("c4") > at("c5"),
                "{id}: c4 {} vs c5 {}",
                at("c4"),
                at("c5")
            );
        }
        // The long-haul Queen still promotes (to an Acme): its value includes that.
        assert!(
            value_of(VariantId::ApcLonghaulCrowned, 'C')
                > value_of(VariantId::ApcLonghaulCrowned, 'Q'),
            "Ace above Queen"
        );
    }

    #[test]
    fn knight_prefers_the_centre() {
        let v = variant(VariantId::Chess);
        let t = tables(v);
        let n = t.profile(v.kind_by_letter('N').unwrap(), 1);
        let (a1, e4): (Square, Square) = ("a1".parse().unwrap(), "e4".parse().unwrap());
        assert!(t.psq(Color::White, n, e4) > t.psq(Color::White, n, a1));
    }

    #[test]
    fn model_mobility_counts_expected_moves() {
        let shape = Shape::new(8, 8, &[]).unwrap();
        let e4: Square = "e4".parse().unwrap();
        let m = |text: &str, p| model_mobility(&Movement::betza(text).unwrap(), &shape, e4, p);
        assert_eq!(m("N", 0.3), 8.0);
        assert_eq!(m("R", 0.0), 14.0);
        assert!(m("R", 0.3) < 14.0 && m("R", 0.3) > 6.0);
        // A cannon needs a screen: nothing on an empty board.
        assert_eq!(m("cpR", 0.0), 0.0);
        // Move-only and capture-only steps count by the chance of an empty or full square.
        assert!((m("fmW fcF", 0.3) - (0.7 + 2.0 * 0.3)).abs() < 1e-9);
    }
}
