//! Trains a [`Network`] from self-play positions.
//!
//! Each position is fitted to a blend of its game's result and the score the self-play
//! search gave it, both as the side to move's winning chances: `lambda * result + (1 -
//! lambda) * sigmoid(score / scale)`; the network's prediction is the sigmoid of its
//! output, and the loss the mean squared difference. The scale (centipawns per unit of
//! the logit) is the one with which the scores best predict their games' results
//! ([`Dataset::fit_scale`]), so that scores and results agree on what a centipawn is worth,
//! and the network's output times it is in the search's centipawns. Training is in floats, by mini-batches
//! with Adam, the learning rate falling along a cosine from `lr` to a hundredth of it; the
//! weights are then rounded to the integers [`Network::evaluate`] uses. Weights stay
//! within what those integers hold (the hidden layer's within ±[`CLIP`]).
//!
//! A share of the positions ([`TrainOptions::validation`], taken at random before
//! training) is kept out of the fit and its loss reported after every epoch: a fit that
//! only learns its own positions shows there first.
//!
//! This is written here rather than taken from a general framework: the network is one
//! sparse layer and one dot product, whose gradient is a few lines, and the frameworks
//! that would do it bring hundreds of crates into a terminal game (the one small NNUE
//! crate measured, `noru` 2.2, lost the sign of its own evaluation on 8% of positions
//! when quantized).

use std::fmt;

use crate::ai::nnue::{
    bucket, for_each_input, inputs, start_pieces, Network, MAX_BUCKETS, MAX_OUTPUT_WEIGHT,
    MAX_SCALE, QA, QB,
};
use crate::ai::search::mix;
use crate::rules::{Color, Position, Variant, GRID_CELLS, GRID_FILES};

/// The largest hidden-layer weight (so that 64 inputs at most still fit an `i16` sum).
pub const CLIP: f32 = 1.98;
/// The largest output weight (its integer, times `QB`, within [`MAX_OUTPUT_WEIGHT`]).
const CLIP_OUT: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// Positions to train on, with what each is fitted to.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    profiles: usize,
    /// Every position's inputs as (side to move's, other side's) pairs, one after another.
    inputs: Vec<(u16, u16)>,
    /// Where each position's inputs end in `inputs`.
    ends: Vec<u32>,
    /// The search's score, in centipawns for the side to move.
    score: Vec<f32>,
    /// The side to move's points in its game (1, 0.5 or 0).
    result: Vec<f32>,
}

impl Dataset {
    /// An empty set for game `v`.
    pub fn new(v: &Variant) -> Dataset {
        Dataset {
            profiles: v.nprof,
            ..Dataset::default()
        }
    }

    /// Adds `pos` with the search's score (centipawns for White) and White's points.
    pub fn push(&mut self, pos: &Position, white_score: i32, white_result: f64) {
        debug_assert_eq!(pos.variant().nprof, self.profiles, "BUG: another game");
        for_each_input(pos, self.profiles, |mine, theirs| {
            self.inputs.push((mine as u16, theirs as u16));
        });
        self.ends.push(self.inputs.len() as u32);
        let (score, result) = match pos.turn() {
            Color::White => (white_score, white_result),
            Color::Black => (-white_score, 1.0 - white_result),
        };
        self.score.push(score as f32);
        self.result.push(result as f32);
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    fn inputs_of(&self, i: usize) -> &[(u16, u16)] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.inputs[start..self.ends[i] as usize]
    }

    fn target(&self, i: usize, lambda: f32, scale: f32) -> f32 {
        lambda * self.result[i] + (1.0 - lambda) * sigmoid(self.score[i] / scale)
    }

    /// The scale (centipawns per unit of the logit, a whole number from 20 to 2000) with
    /// which `sigmoid(score / scale)` best predicts the results: the mean squared error is
    /// searched over a grid, then around its best point.
    pub fn fit_scale(&self) -> i32 {
        let error = |s: i32| -> f64 {
            self.score
                .iter()
                .zip(&self.result)
                .map(|(&score, &result)| {
                    let d = f64::from(sigmoid(score / s as f32) - result);
                    d * d
                })
                .sum()
        };
        let coarse = (20..=2000)
            .step_by(20)
            .min_by(|&a, &b| error(a).total_cmp(&error(b)))
            .unwrap_or(400);
        (coarse.saturating_sub(19).max(1)..=(coarse + 19).min(MAX_SCALE))
            .min_by(|&a, &b| error(a).total_cmp(&error(b)))
            .unwrap_or(coarse)
    }
}

/// How a network is trained.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Hidden layer width.
    pub hidden: usize,
    /// Passes over the positions.
    pub epochs: u32,
    /// Positions per step.
    pub batch: usize,
    /// Starting learning rate.
    pub lr: f32,
    /// The result's share of the target (the rest is the search's score).
    pub lambda: f32,
    /// Share of the positions kept out of the fit to measure it.
    pub validation: f64,
    /// Seed of the starting weights and of the order of the positions.
    pub seed: u64,
    /// Threads computing each batch's gradient.
    pub threads: usize,
    /// Centipawns per unit of the logit; `None` fits it to the positions
    /// ([`Dataset::fit_scale`]).
    pub scale: Option<i32>,
    /// Whether each piece also has a square-less input while training (folded into its
    /// square inputs after): what a piece is worth anywhere is learnt from every square's
    /// positions, which matters most when positions are few.
    pub factorise: bool,
    /// Output buckets (stages of the game by the pieces left; 1 to [`MAX_BUCKETS`]).
    pub buckets: usize,
    /// Whether each position is also learnt from its mirror image (files reversed; one or
    /// the other, drawn afresh in every epoch): twice the positions for a game that reads
    /// the same in a mirror ([`Variant::reads_the_same_mirrored`]).
    pub mirror: bool,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            hidden: 128,
            epochs: 30,
            batch: 16384,
            lr: 0.001,
            lambda: 0.3,
            validation: 0.02,
            seed: 1,
            threads: 1,
            scale: None,
            factorise: true,
            buckets: 8,
            mirror: false,
        }
    }
}

/// Why training could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainError {
    /// Fewer positions than one batch and a validation set need.
    TooFew(usize),
    /// A hidden width that is not a multiple of [`super::LANES`] up to [`super::MAX_HIDDEN`].
    Hidden(usize),
    /// A batch of no positions, or no epochs.
    Empty,
    /// A scale of no centipawns or beyond [`MAX_SCALE`].
    Scale(i32),
    /// No output bucket, or more than [`MAX_BUCKETS`].
    Buckets(usize),
    /// Mirror images asked of a game that does not read the same in a mirror.
    NotMirrored(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::TooFew(n) => write!(f, "{n} positions are too few to train on"),
            TrainError::Hidden(h) => write!(
                f,
                "a hidden layer of {h} neurons (a multiple of {} up to {} is allowed)",
                super::LANES,
                super::MAX_HIDDEN
            ),
            TrainError::Empty => write!(f, "the batch size and the epochs must be at least 1"),
            TrainError::Scale(s) => write!(f, "a scale of {s} (1 to {MAX_SCALE} are allowed)"),
            TrainError::Buckets(b) => {
                write!(f, "{b} output buckets (1 to {MAX_BUCKETS} are allowed)")
            }
            TrainError::NotMirrored(game) => write!(
                f,
                "{game} does not read the same in a mirror (its board or a piece's moves are \
                 not left-right symmetric): train it without --mirror"
            ),
        }
    }
}

impl std::error::Error for TrainError {}

/// What one epoch measured.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    /// Its number, from 1.
    pub number: u32,
    /// The scale trained with (centipawns per unit of the logit).
    pub scale: i32,
    /// Mean loss over the training positions (as they were fitted, during the epoch).
    pub train_loss: f64,
    /// Mean loss over the held-out positions after it.
    pub validation_loss: f64,
}

/// Each input's mirror image (files reversed) on a board of `files` files.
fn mirror_inputs(n_inputs: usize, files: u8) -> Vec<u16> {
    (0..n_inputs)
        .map(|i| {
            let (block, cell) = (i / GRID_CELLS, i % GRID_CELLS);
            let (rank, file) = (cell / GRID_FILES as usize, cell % GRID_FILES as usize);
            let file = (usize::from(files).saturating_sub(1))
                .checked_sub(file)
                .unwrap_or(file);
            (block * GRID_CELLS + rank * GRID_FILES as usize + file) as u16
        })
        .collect()
}

/// Whether position `i` is learnt from its mirror image in `epoch` (a fair coin, seeded).
fn flips(seed: u64, epoch: u32, i: usize) -> bool {
    mix(seed ^ (u64::from(epoch) << 40) ^ i as u64) & 1 == 1
}

/// Float weights, laid out as [`Network`]'s.
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Params {
    fn zeros(n_inputs: usize, f: Factors) -> Params {
        Params {
            w1: vec![0.0; n_inputs * f.h],
            b1: vec![0.0; f.h],
            w2: vec![0.0; f.buckets * 2 * f.h],
            b2: vec![0.0; f.buckets],
        }
    }

    fn clear(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
    }

    fn add(&mut self, other: &Params) {
        for (a, b) in self.w1.iter_mut().zip(&other.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&other.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&other.w2) {
            *a += b;
        }
        for (a, b) in self.b2.iter_mut().zip(&other.b2) {
            *a += b;
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A small seeded generator (splitmix64, the search's `mix` over a counter) for the
/// starting weights and the shuffles.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        mix(self.0)
    }

    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// The rows of weights an input pair adds (each view's square input and, when factorised,
/// its square-less one: the row shared by a piece on every square), as offsets.
#[inline]
fn rows(f: Factors, (mine, theirs): (u16, u16)) -> impl Iterator<Item = (usize, usize)> {
    let (mine, theirs) = (usize::from(mine), usize::from(theirs));
    let shared = f.base.map(|base| {
        (
            (base + mine / GRID_CELLS) * f.h,
            (base + theirs / GRID_CELLS) * f.h,
        )
    });
    std::iter::once((mine * f.h, theirs * f.h)).chain(shared)
}

/// Where the square-less rows start (none when not factorised), the hidden width, and the
/// output buckets with the pieces they share out.
#[derive(Clone, Copy)]
struct Factors {
    base: Option<usize>,
    h: usize,
    buckets: usize,
    start_pieces: u32,
}

impl Factors {
    /// The output bucket of a position with these inputs (one per piece).
    fn bucket(&self, ins: &[(u16, u16)]) -> usize {
        bucket(ins.len() as u32, self.start_pieces, self.buckets)
    }
}

/// The forward pass of one position: the hidden layers before activation and the output.
fn forward(p: &Params, f: Factors, ins: &[(u16, u16)], acc: &mut [f32]) -> f32 {
    let h = f.h;
    let (us, them) = acc.split_at_mut(h);
    us.copy_from_slice(&p.b1);
    them.copy_from_slice(&p.b1);
    for &pair in ins {
        for (mine, theirs) in rows(f, pair) {
            for (a, w) in us.iter_mut().zip(&p.w1[mine..mine + h]) {
                *a += w;
            }
            for (a, w) in them.iter_mut().zip(&p.w1[theirs..theirs + h]) {
                *a += w;
            }
        }
    }
    let b = f.bucket(ins);
    let mut out = p.b2[b];
    for (a, w) in acc.iter().zip(&p.w2[b * 2 * h..(b + 1) * 2 * h]) {
        let c = a.clamp(0.0, 1.0);
        out += c * c * w;
    }
    out
}

/// Adds the gradient of one position's loss to `g`; returns the loss.
fn backward(
    p: &Params,
    f: Factors,
    ins: &[(u16, u16)],
    target: f32,
    acc: &mut [f32],
    g: &mut Params,
) -> f32 {
    let h = f.h;
    let out = forward(p, f, ins, acc);
    let pred = sigmoid(out);
    let diff = pred - target;
    let d_out = 2.0 * diff * pred * (1.0 - pred);
    let b = f.bucket(ins);
    g.b2[b] += d_out;
    let out_weights = b * 2 * h..(b + 1) * 2 * h;
    for ((a, gw), w) in acc
        .iter_mut()
        .zip(&mut g.w2[out_weights.clone()])
        .zip(&p.w2[out_weights])
    {
        let c = a.clamp(0.0, 1.0);
        *gw += d_out * c * c;
        // The hidden neuron's gradient, kept in `acc` for the inputs below.
        *a = if *a > 0.0 && *a < 1.0 {
            d_out * w * 2.0 * *a
        } else {
            0.0
        };
    }
    let (d_us, d_them) = acc.split_at(h);
    for i in 0..h {
        g.b1[i] += d_us[i] + d_them[i];
    }
    for &pair in ins {
        for (mine, theirs) in rows(f, pair) {
            for (gw, d) in g.w1[mine..mine + h].iter_mut().zip(d_us) {
                *gw += d;
            }
            for (gw, d) in g.w1[theirs..theirs + h].iter_mut().zip(d_them) {
                *gw += d;
            }
        }
    }
    diff * diff
}

/// One Adam step of `p` by the summed gradient `g` of `n` positions.
fn adam(p: &mut Params, g: &Params, m: &mut Params, v: &mut Params, step: i32, lr: f32, n: usize) {
    let scale = 1.0 / n as f32;
    let bc1 = 1.0 - BETA1.powi(step);
    let bc2 = 1.0 - BETA2.powi(step);
    let update = |x: &mut f32, g: f32, m: &mut f32, v: &mut f32, clip: f32| {
        let g = g * scale;
        *m = BETA1 * *m + (1.0 - BETA1) * g;
        *v = BETA2 * *v + (1.0 - BETA2) * g * g;
        *x -= lr * (*m / bc1) / ((*v / bc2).sqrt() + EPSILON);
        *x = x.clamp(-clip, clip);
    };
    for (((x, g), m), v) in p.w1.iter_mut().zip(&g.w1).zip(&mut m.w1).zip(&mut v.w1) {
        update(x, *g, m, v, CLIP);
    }
    for (((x, g), m), v) in p.b1.iter_mut().zip(&g.b1).zip(&mut m.b1).zip(&mut v.b1) {
        update(x, *g, m, v, CLIP);
    }
    for (((x, g), m), v) in p.w2.iter_mut().zip(&g.w2).zip(&mut m.w2).zip(&mut v.w2) {
        update(x, *g, m, v, CLIP_OUT);
    }
    for (((x, g), m), v) in p.b2.iter_mut().zip(&g.b2).zip(&mut m.b2).zip(&mut v.b2) {
        update(x, *g, m, v, f32::MAX);
    }
}

/// Trains a network for game `v` on `data`, calling `progress` after every epoch.
pub fn train(
    v: &Variant,
    data: &Dataset,
    opts: &TrainOptions,
    progress: &mut dyn FnMut(&Epoch),
) -> Result<Network, TrainError> {
    let h = opts.hidden;
    if h == 0 || h > super::MAX_HIDDEN || !h.is_multiple_of(super::LANES) {
        return Err(TrainError::Hidden(h));
    }
    if opts.batch == 0 || opts.epochs == 0 {
        return Err(TrainError::Empty);
    }
    if !(1..=MAX_BUCKETS).contains(&opts.buckets) {
        return Err(TrainError::Buckets(opts.buckets));
    }
    if opts.mirror && !v.reads_the_same_mirrored() {
        return Err(TrainError::NotMirrored(v.spec().id.clone()));
    }
    let mut rng = Rng(opts.seed);
    let mut order: Vec<usize> = (0..data.len()).collect();
    rng.shuffle(&mut order);
    let held = ((data.len() as f64 * opts.validation.clamp(0.0, 0.5)).ceil() as usize).max(1);
    if data.len() < held + 1 {
        return Err(TrainError::TooFew(data.len()));
    }
    let scale = match opts.scale {
        Some(s) if (1..=MAX_SCALE).contains(&s) => s,
        Some(s) => return Err(TrainError::Scale(s)),
        None => data.fit_scale(),
    };
    let (valid, fit) = order.split_at_mut(held);
    let valid = valid.to_vec();

    let n_inputs = inputs(data.profiles);
    let image = mirror_inputs(n_inputs, v.shape().files());
    let f = Factors {
        base: opts.factorise.then_some(n_inputs),
        h,
        buckets: opts.buckets,
        start_pieces: start_pieces(v),
    };
    let rows_total = n_inputs + if opts.factorise { 2 * data.profiles } else { 0 };
    let mut p = Params::zeros(rows_total, f);
    for w in &mut p.w1 {
        *w = rng.unit() * 0.2;
    }
    for w in &mut p.w2 {
        *w = rng.unit() / (2.0 * h as f32).sqrt();
    }
    if opts.factorise {
        // The shared rows start at nothing: the square rows carry the start's noise.
        p.w1[n_inputs * h..].fill(0.0);
    }
    let mut m = Params::zeros(rows_total, f);
    let mut vv = Params::zeros(rows_total, f);
    let threads = opts.threads.clamp(1, 64);
    let mut grads: Vec<Params> = (0..threads).map(|_| Params::zeros(rows_total, f)).collect();
    let batches_per_epoch = fit.len().div_ceil(opts.batch);
    let total = batches_per_epoch * opts.epochs as usize;
    let mut step = 0i32;
    for epoch in 1..=opts.epochs {
        rng.shuffle(fit);
        let mut loss_sum = 0.0f64;
        for batch in fit.chunks(opts.batch) {
            let t = step as f32 / total as f32;
            let lr = opts.lr * (0.01 + 0.99 * 0.5 * (1.0 + (std::f32::consts::PI * t).cos()));
            step += 1;
            let part = batch.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(part))
                    .map(|(g, chunk)| {
                        let (p, image) = (&p, &image);
                        s.spawn(move || {
                            g.clear();
                            let mut acc = vec![0.0f32; 2 * h];
                            let mut mirrored = Vec::new();
                            let mut loss = 0.0f64;
                            for &i in chunk {
                                let target = data.target(i, opts.lambda, scale as f32);
                                let mut ins = data.inputs_of(i);
                                if opts.mirror && flips(opts.seed, epoch, i) {
                                    mirrored.clear();
                                    mirrored.extend(ins.iter().map(|&(mine, theirs)| {
                                        (image[usize::from(mine)], image[usize::from(theirs)])
                                    }));
                                    ins = &mirrored;
                                }
                                loss += f64::from(backward(p, f, ins, target, &mut acc, g));
                            }
                            loss
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|j| j.join().expect("BUG: a training thread panicked"))
                    .collect()
            });
            loss_sum += losses.iter().sum::<f64>();
            let used = batch.chunks(part).count();
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                first[0].add(g);
            }
            adam(&mut p, &first[0], &mut m, &mut vv, step, lr, batch.len());
        }
        let mut acc = vec![0.0f32; 2 * h];
        let validation_loss = valid
            .iter()
            .map(|&i| {
                let pred = sigmoid(forward(&p, f, data.inputs_of(i), &mut acc));
                let d = f64::from(pred - data.target(i, opts.lambda, scale as f32));
                d * d
            })
            .sum::<f64>()
            / valid.len() as f64;
        progress(&Epoch {
            number: epoch,
            scale,
            train_loss: loss_sum / fit.len() as f64,
            validation_loss,
        });
    }
    Ok(quantize(v, f, n_inputs, scale, &p))
}

/// The loss of `net` on `data` (its integer evaluation against the targets): what the
/// rounding to integers cost shows against the float fit's.
pub fn loss(net: &Network, data: &Dataset, lambda: f32, positions: &[Position]) -> f64 {
    positions
        .iter()
        .enumerate()
        .map(|(i, pos)| {
            let scale = net.scale() as f32;
            let pred = sigmoid(net.evaluate(pos) as f32 / scale);
            let d = f64::from(pred - data.target(i, lambda, scale));
            d * d
        })
        .sum::<f64>()
        / positions.len().max(1) as f64
}

/// The integer network of float weights `p`, each square row with its shared row folded in.
fn quantize(v: &Variant, f: Factors, n_inputs: usize, scale: i32, p: &Params) -> Network {
    let h = f.h;
    let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
    let w1 = (0..n_inputs * h)
        .map(|i| {
            let shared = f
                .base
                .map_or(0.0, |base| p.w1[(base + i / h / GRID_CELLS) * h + i % h]);
            q(p.w1[i] + shared, QA)
        })
        .collect();
    Network::from_parts(
        v,
        h,
        f.buckets,
        scale,
        w1,
        p.b1.iter().map(|&x| q(x, QA)).collect(),
        p.w2.iter()
            .map(|&x| q(x, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT))
            .collect(),
        p.b2.iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    fn chess(fen: &str) -> Position {
        Position::from_fen(variant(VariantId::Chess), fen).expect("fen")
    }

    /// A set where a side with an extra Queen wins: the network must learn to see it from
    /// both sides, and its integer evaluation must agree with its float one.
    #[test]
    fn learns_a_material_lead_and_keeps_it_when_rounded() {
        let v = variant(VariantId::Chess);
        let fens = [
            ("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", 900, 1.0),
            ("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1", 900, 1.0),
            ("4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", -900, 0.0),
            ("4k3/3q4/8/8/8/8/8/4K3 b - - 0 1", -900, 0.0),
            ("4k3/8/8/3q4/8/8/8/4K3 w - - 0 1", -900, 0.0),
            ("4k3/8/8/8/3Q4/8/8/4K3 b - - 0 1", 900, 1.0),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0.5),
            ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", 0, 0.5),
            ("3k4/8/8/8/8/8/8/3K4 w - - 0 1", 0, 0.5),
        ];
        let mut data = Dataset::new(v);
        let mut positions = Vec::new();
        for _ in 0..50 {
            for (fen, score, result) in fens {
                let pos = chess(fen);
                data.push(&pos, score, result);
                positions.push(pos);
            }
        }
        let opts = TrainOptions {
            hidden: 16,
            epochs: 60,
            batch: 64,
            lr: 0.01,
            lambda: 0.5,
            validation: 0.05,
            seed: 3,
            threads: 2,
            scale: Some(400),
            factorise: true,
            buckets: 8,
            mirror: false,
        };
        let mut last = None;
        let net = train(v, &data, &opts, &mut |e| last = Some(*e)).expect("trains");
        let last = last.expect("epochs reported");
        assert_eq!(last.number, 60);
        assert!(last.validation_loss < 0.01, "{last:?}");
        // White a Queen up, White to move: good for the side to move; Black to move: bad.
        let up = net.evaluate(&chess("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"));
        let down = net.evaluate(&chess("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"));
        assert!(up > 300 && down < -300, "{up} {down}");
        let even = net.evaluate(&chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(even.abs() < 100, "{even}");
        // The integer network's loss is the float one's, give or take the rounding.
        assert!(loss(&net, &data, opts.lambda, &positions) < 0.01);
    }

    /// A position string's placement read in a mirror: each rank's text reversed.
    fn mirrored_fen(fen: &str) -> String {
        let (placement, rest) = fen.split_once(' ').expect("fields");
        let ranks: Vec<String> = placement
            .split('/')
            .map(|r| r.chars().rev().collect())
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    #[test]
    fn a_mirror_image_has_the_mirrored_positions_inputs() {
        let v = variant(VariantId::Chess);
        let image = mirror_inputs(inputs(v.nprof), v.shape().files());
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w - - 0 1",
            "8/5k2/1p6/8/2P5/6K1/8/8 b - - 0 1",
        ] {
            let (mut here, mut there) = (Dataset::new(v), Dataset::new(v));
            here.push(&chess(fen), 10, 1.0);
            there.push(&chess(&mirrored_fen(fen)), 10, 1.0);
            let mut seen: Vec<_> = here
                .inputs_of(0)
                .iter()
                .map(|&(a, b)| (image[usize::from(a)], image[usize::from(b)]))
                .collect();
            let mut expected = there.inputs_of(0).to_vec();
            seen.sort();
            expected.sort();
            assert_eq!(seen, expected, "{fen}");
        }
        // Every game's image of an image is the input itself.
        for id in VariantId::ALL {
            let v = variant(id);
            let image = mirror_inputs(inputs(v.nprof), v.shape().files());
            for (i, &m) in image.iter().enumerate() {
                assert_eq!(usize::from(image[usize::from(m)]), i, "{id:?}");
            }
        }
    }

    #[test]
    fn only_games_that_read_the_same_in_a_mirror_are_trained_on_their_images() {
        for id in VariantId::ALL {
            assert!(variant(id).reads_the_same_mirrored(), "{id:?}");
        }
        let chess = variant(VariantId::Chess);
        let lopsided = |edit: &dyn Fn(&mut crate::rules::VariantSpec)| {
            let mut spec = chess.spec().clone();
            edit(&mut spec);
            // Positions hold their game for the program's life, as the built-in ones.
            let v: &'static Variant =
                Box::leak(Box::new(Variant::compile(spec).expect("compiles")));
            v
        };
        let leftish = lopsided(&|s| {
            let n = s
                .pieces
                .iter()
                .position(|p| p.letter == 'N')
                .expect("a Knight");
            s.pieces[n].movement = crate::rules::Movement::betza("N lW").expect("betza");
        });
        let holed = lopsided(&|s| {
            s.holes.push(crate::rules::Square::new(0, 3).expect("a4"));
            s.start = s.start.replacen("/8/8/8/8/", "/8/8/*7/8/", 1);
        });
        for v in [leftish, holed] {
            assert!(!v.reads_the_same_mirrored());
            let mut data = Dataset::new(v);
            for _ in 0..10 {
                data.push(&Position::start(v), 0, 0.5);
            }
            let opts = TrainOptions {
                mirror: true,
                batch: 4,
                ..TrainOptions::default()
            };
            assert_eq!(
                train(v, &data, &opts, &mut |_| {}).unwrap_err(),
                TrainError::NotMirrored("chess".into())
            );
        }
    }

    /// Trained on positions of White's Queen on the left half only, with their images the
    /// network knows the Queen on the right half too.
    #[test]
    fn mirror_images_teach_the_other_half_of_the_board() {
        let v = variant(VariantId::Chess);
        let mut data = Dataset::new(v);
        for file in 0..4u8 {
            for rank in 1..6u8 {
                let rank_text = format!("{file}Q{}", 7 - file).replace('0', "");
                let mut rows = vec!["8".to_string(); 8];
                rows[0] = "4k3".into();
                rows[7] = "4K3".into();
                rows[usize::from(7 - rank)] = rank_text;
                // The other side to move (its King may stand in the Queen's line).
                let fen = format!("{} b - - 0 1", rows.join("/"));
                data.push(&chess(&fen), 900, 1.0);
                let fen = format!("{} w - - 0 1", rows.join("/").replace('Q', "q"));
                data.push(&chess(&fen), -900, 0.0);
                // Even: the Kings alone.
                data.push(&chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0, 0.5);
                data.push(&chess("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), 0, 0.5);
            }
        }
        let train_with = |mirror: bool| {
            let opts = TrainOptions {
                hidden: 16,
                epochs: 80,
                batch: 16,
                lr: 0.01,
                lambda: 0.0,
                validation: 0.02,
                seed: 5,
                threads: 1,
                scale: Some(400),
                factorise: false,
                buckets: 1,
                mirror,
            };
            train(v, &data, &opts, &mut |_| {}).expect("trains")
        };
        let right = chess("4k3/8/8/8/6Q1/8/8/4K3 b - - 0 1");
        let with = train_with(true).evaluate(&right);
        let without = train_with(false).evaluate(&right);
        // Black to move, a Queen down.
        assert!(with < -400, "with images: {with}");
        assert!(with < without - 200, "with {with}, without {without}");
    }

    #[test]
    fn the_scale_is_the_one_the_results_follow() {
        let v = variant(VariantId::Chess);
        let pos = Position::start(v);
        let mut data = Dataset::new(v);
        for score in (-1000..=1000).step_by(10) {
            let result = 1.0 / (1.0 + (-f64::from(score) / 250.0).exp());
            data.push(&pos, score, result);
        }
        assert_eq!(data.fit_scale(), 250);
    }

    #[test]
    fn refuses_what_it_cannot_train() {
        let v = variant(VariantId::Chess);
        let mut data = Dataset::new(v);
        let opts = TrainOptions::default();
        assert_eq!(
            train(v, &data, &opts, &mut |_| {}).unwrap_err(),
            TrainError::TooFew(0)
        );
        data.push(&Position::start(v), 0, 0.5);
        data.push(&Position::start(v), 0, 0.5);
        let wide = TrainOptions {
            hidden: 5000,
            ..TrainOptions::default()
        };
        assert_eq!(
            train(v, &data, &wide, &mut |_| {}).unwrap_err(),
            TrainError::Hidden(5000)
        );
        let bucketless = TrainOptions {
            buckets: 0,
            ..TrainOptions::default()
        };
        assert_eq!(
            train(v, &data, &bucketless, &mut |_| {}).unwrap_err(),
            TrainError::Buckets(0)
        );
    }
}
