//! A learned evaluation: a small efficiently-updatable network (NNUE) per game, trained
//! from the engine's own self-play ([`train`]).
//!
//! The network is the simple shape the strongest small engines start from: every piece is
//! an input (its side relative to the viewer, its movement profile — a kind at one level —
//! and its square, seen from the viewer's side), the inputs sum into one hidden layer per
//! viewer (the side to move's first), each squared-and-clipped ("SCReLU"), and one output
//! neuron of the position's output bucket weighs both halves (a bucket per stage of the
//! game, by the number of pieces left: what a hidden feature is worth in the middlegame
//! is not what it is worth in an ending). Weights are integers (the hidden layer scaled by [`QA`], the
//! output by [`QB`]), so evaluation is integer additions and one dot product; the output is
//! in the search's centipawns (the network's scale per unit of the trained logit: the
//! centipawns the training data's scores were divided by, fitted to how they predicted
//! their games' results).
//!
//! A network file ([`Network::from_bytes`]) names its game and shape, and is refused, with
//! what is wrong, when it does not fit the game or its length does not match its shape: a
//! file can never make the evaluation read out of bounds or allocate without limit.

pub mod games;
pub mod train;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use crate::rules::{
    Color, Position, Setup, Square, SquareSet, Squares, Variant, GRID_CELLS, GRID_FILES,
    MAX_PROFILES,
};

/// Hidden layer scale: a float weight of 1.0 is `QA` (and the activation clips at it).
pub const QA: i32 = 255;
/// Output layer scale.
pub const QB: i32 = 64;
/// The largest scale (centipawns per unit of the logit) a file may declare.
pub const MAX_SCALE: i32 = 10_000;
/// The widest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 1024;
/// Hidden layers come in multiples of this (the sums are taken this many at a time).
pub const LANES: usize = 16;

const MAGIC: &[u8; 4] = b"RKNN";
/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 16;
const VERSION: u32 = 2;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// It does not start with the network file's mark.
    NotANetwork,
    /// A version this program does not read.
    Version(u32),
    /// Made for another game.
    OtherGame {
        /// The game the file names.
        file: String,
        /// The game it was loaded for.
        game: String,
    },
    /// Its inputs do not match the game's pieces (made for another version of its rules).
    Inputs {
        /// Profiles in the file.
        file: usize,
        /// Profiles of the game.
        game: usize,
    },
    /// A hidden layer of no width, wider than [`MAX_HIDDEN`] or not a multiple of [`LANES`].
    Hidden(usize),
    /// A scale of no centipawns or beyond [`MAX_SCALE`].
    Scale(u32),
    /// No output bucket, or more than [`MAX_BUCKETS`].
    Buckets(u32),
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`].
    OutputWeight(i16),
    /// Its length is not what its shape says.
    Length {
        /// Bytes its shape needs.
        expected: usize,
        /// Bytes it has.
        found: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::NotANetwork => write!(f, "not a rankup network file"),
            NetError::Version(v) => write!(f, "network file version {v} is not one this program reads (it reads {VERSION})"),
            NetError::OtherGame { file, game } => {
                write!(f, "the network is for '{file}', not '{game}'")
            }
            NetError::Inputs { file, game } => write!(
                f,
                "the network has {file} piece profiles and the game {game}: it was made for other rules"
            ),
            NetError::Hidden(h) => write!(
                f,
                "hidden layer of {h} neurons (a multiple of {LANES} up to {MAX_HIDDEN} is allowed)"
            ),
            NetError::Scale(s) => write!(
                f,
                "scale of {s} centipawns per unit (1 to {MAX_SCALE} are allowed)"
            ),
            NetError::Buckets(b) => {
                write!(f, "{b} output buckets (1 to {MAX_BUCKETS} are allowed)")
            }
            NetError::OutputWeight(w) => write!(
                f,
                "output weight {w} is beyond ±{MAX_OUTPUT_WEIGHT}: not a network rankup made"
            ),
            NetError::Length { expected, found } => write!(
                f,
                "the network file has {found} bytes where its shape needs {expected}"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// A trained network for one game.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    game: String,
    /// Movement profiles of the game.
    profiles: usize,
    /// Ranks of the game's board (for seeing it from Black's side).
    ranks: u8,
    hidden: usize,
    /// Centipawns per unit of the output's logit.
    scale: i32,
    /// Output buckets, and the pieces they share out ([`bucket`]).
    buckets: usize,
    start_pieces: u32,
    /// Input weights, input by input (`hidden` each).
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// Output weights, bucket by bucket: the side to move's half, then the other side's.
    w2: Vec<i16>,
    /// Output biases, one per bucket.
    b2: Vec<i32>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("game", &self.game)
            .field("profiles", &self.profiles)
            .field("hidden", &self.hidden)
            .field("buckets", &self.buckets)
            .finish_non_exhaustive()
    }
}

/// Networks installed for this process, by game id (`rankup uci --net GAME=FILE`).
static INSTALLED: RwLock<BTreeMap<String, Option<Arc<Network>>>> = RwLock::new(BTreeMap::new());

/// Networks built into the binary, by game id (the `nets` feature, on by default; a build
/// with `--no-default-features` plays every game with the hand-made evaluation). Each was
/// kept only when a match said it beats the hand-made evaluation (README, "Learned
/// evaluation").
#[cfg(feature = "nets")]
pub const BUILT_IN: &[(&str, &[u8])] = &[("chess", include_bytes!("../../data/nnue/chess.nnue"))];
/// Networks built into the binary: none in a build without the `nets` feature.
#[cfg(not(feature = "nets"))]
pub const BUILT_IN: &[(&str, &[u8])] = &[];

/// The network game `v` is evaluated with: one installed by [`play_with`] (or the hand-made
/// evaluation, if that is what was installed), else the built-in one ([`BUILT_IN`]), else
/// none: the hand-made evaluation.
pub fn in_use(v: &'static Variant) -> Option<Arc<Network>> {
    let installed = INSTALLED.read().unwrap_or_else(|e| e.into_inner());
    match installed.get(v.id()) {
        Some(choice) => choice.clone(),
        None => built_in(v),
    }
}

/// The built-in networks parsed so far, keyed by the variant's address (as the evaluation
/// tables are: a test's own variant may reuse a game's id).
static PARSED: OnceLock<Mutex<BTreeMap<usize, Option<Arc<Network>>>>> = OnceLock::new();

/// The built-in network of game `v`, if the binary has one that fits it. A game of the same
/// id but other pieces or board (a test's own variant) does not fit and gets none. Parsed
/// once per variant, so that rebuilding tables (a tuner's candidates) does not parse again.
pub fn built_in(v: &'static Variant) -> Option<Arc<Network>> {
    let key = v as *const Variant as usize;
    let parsed = PARSED.get_or_init(|| Mutex::new(BTreeMap::new()));
    let mut parsed = parsed.lock().unwrap_or_else(|e| e.into_inner());
    parsed
        .entry(key)
        .or_insert_with(|| {
            BUILT_IN
                .iter()
                .find(|(id, _)| *id == v.id())
                .and_then(|(_, bytes)| Network::from_bytes(bytes, v).ok())
                .map(Arc::new)
        })
        .clone()
}

/// Makes game `id` evaluate with `net` (or the hand-made evaluation, for `None`) from now
/// on, in this process: a candidate under test, so one build can play a match with and
/// without it. Evaluation tables already built are dropped and rebuilt on their next use.
pub fn play_with(id: &str, net: Option<Network>) {
    INSTALLED
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(id.to_string(), net.map(Arc::new));
    crate::ai::eval::forget_tables();
}

/// The number of inputs of a game with `profiles` movement profiles.
pub fn inputs(profiles: usize) -> usize {
    2 * profiles * GRID_CELLS
}

/// The input of a piece of `color` and `profile` on `sq`, seen by `viewer` on a board of
/// `ranks` ranks (Black sees the board turned over, so both sides learn the same things).
#[inline]
pub fn input(
    profiles: usize,
    ranks: u8,
    viewer: Color,
    color: Color,
    profile: usize,
    sq: Square,
) -> usize {
    let theirs = usize::from(color != viewer);
    let sq = match viewer {
        Color::White => sq.index(),
        Color::Black => {
            (usize::from(ranks) - 1 - usize::from(sq.rank())) * usize::from(GRID_FILES)
                + usize::from(sq.file())
        }
    };
    (theirs * profiles + profile) * GRID_CELLS + sq
}

/// Calls `f` with each piece's input as the side to move sees it and as the other side
/// does.
#[inline]
pub fn for_each_input(pos: &Position, profiles: usize, mut f: impl FnMut(usize, usize)) {
    let ranks = pos.variant().shape().ranks();
    let us = pos.turn();
    for c in Color::ALL {
        for prof in 0..profiles {
            for sq in Squares(pos.pieces_of_profile(c, prof)) {
                f(
                    input(profiles, ranks, us, c, prof, sq),
                    input(profiles, ranks, !us, c, prof, sq),
                );
            }
        }
    }
}

/// The number of movement profiles of `v` (what a network's inputs are made of).
pub fn profiles_of(v: &Variant) -> usize {
    v.nprof
}

/// The pieces on game `v`'s board at the start: what output buckets share out ([`bucket`]).
pub fn start_pieces(v: &Variant) -> u32 {
    Setup::parse(v, &v.spec().start)
        .map_or(32, |s| s.cells.len() as u32)
        .max(1)
}

/// The output bucket of a position with `pieces` on the board, of `buckets` sharing out the
/// `start` pieces of its game evenly: the first holds the barest endings, the last the
/// start.
#[inline]
pub fn bucket(pieces: u32, start: u32, buckets: usize) -> usize {
    ((pieces.saturating_sub(1) as usize * buckets) / start as usize).min(buckets - 1)
}

impl Network {
    /// The game this network is for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The width of its hidden layer.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Centipawns per unit of its output's logit.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// Its number of output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Builds a network from integer weights (the trainer's output, or a file's once
    /// checked).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        v: &Variant,
        hidden: usize,
        buckets: usize,
        scale: i32,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Network {
        let profiles = profiles_of(v);
        assert_eq!(w1.len(), inputs(profiles) * hidden, "BUG: input weights");
        assert_eq!(b1.len(), hidden, "BUG: hidden biases");
        assert!((1..=MAX_SCALE).contains(&scale), "BUG: scale {scale}");
        assert!(hidden.is_multiple_of(LANES), "BUG: hidden width");
        assert!((1..=MAX_BUCKETS).contains(&buckets), "BUG: buckets");
        assert_eq!(w2.len(), buckets * 2 * hidden, "BUG: output weights");
        assert_eq!(b2.len(), buckets, "BUG: output biases");
        assert!(
            w2.iter().all(|w| w.abs() <= MAX_OUTPUT_WEIGHT),
            "BUG: output weights beyond the limit"
        );
        Network {
            game: v.id().to_string(),
            profiles,
            ranks: v.shape().ranks(),
            hidden,
            scale,
            buckets,
            start_pieces: start_pieces(v),
            w1,
            b1,
            w2,
            b2,
        }
    }

    /// Reads a network file for game `v`.
    pub fn from_bytes(bytes: &[u8], v: &Variant) -> Result<Network, NetError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4) != Some(&MAGIC[..]) {
            return Err(NetError::NotANetwork);
        }
        let version = r.u32().ok_or(NetError::NotANetwork)?;
        if version != VERSION {
            return Err(NetError::Version(version));
        }
        let name_len = r.u32().ok_or(NetError::NotANetwork)? as usize;
        if name_len > 64 {
            return Err(NetError::NotANetwork);
        }
        let name = r.take(name_len).ok_or(NetError::NotANetwork)?;
        let game = String::from_utf8_lossy(name).into_owned();
        if game != v.id() {
            return Err(NetError::OtherGame {
                file: game,
                game: v.id().to_string(),
            });
        }
        let profiles = r.u32().ok_or(NetError::NotANetwork)? as usize;
        if profiles != profiles_of(v) {
            return Err(NetError::Inputs {
                file: profiles,
                game: profiles_of(v),
            });
        }
        let hidden = r.u32().ok_or(NetError::NotANetwork)? as usize;
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(LANES) {
            return Err(NetError::Hidden(hidden));
        }
        let scale = r.u32().ok_or(NetError::NotANetwork)?;
        let scale = match i32::try_from(scale) {
            Ok(s) if (1..=MAX_SCALE).contains(&s) => s,
            _ => return Err(NetError::Scale(scale)),
        };
        let buckets = r.u32().ok_or(NetError::NotANetwork)?;
        if buckets == 0 || buckets as usize > MAX_BUCKETS {
            return Err(NetError::Buckets(buckets));
        }
        let buckets = buckets as usize;
        let n1 = inputs(profiles) * hidden;
        let expected = r.at + 2 * (n1 + hidden + buckets * 2 * hidden) + 4 * buckets;
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let w1 = r.i16s(n1).expect("length checked");
        let b1 = r.i16s(hidden).expect("length checked");
        let w2 = r.i16s(buckets * 2 * hidden).expect("length checked");
        if let Some(&w) = w2.iter().find(|w| w.abs() > MAX_OUTPUT_WEIGHT) {
            return Err(NetError::OutputWeight(w));
        }
        let b2 = (0..buckets)
            .map(|_| r.u32().expect("length checked") as i32)
            .collect();
        // Every check `from_parts` makes has been made above.
        Ok(Network::from_parts(
            v, hidden, buckets, scale, w1, b1, w2, b2,
        ))
    }

    /// The network as a file ([`Network::from_bytes`] reads it back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            36 + self.game.len()
                + 2 * (self.w1.len() + self.b1.len() + self.w2.len())
                + 4 * self.buckets,
        );
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        out.extend_from_slice(self.game.as_bytes());
        out.extend_from_slice(&(self.profiles as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.scale as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Evaluates `pos` (of this network's game) for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let h = self.hidden;
        let mut acc = [0i16; 2 * MAX_HIDDEN];
        self.refresh(pos, &mut acc[..2 * h]);
        self.output(&acc[..2 * h], pos.turn(), pos.occupied().count_ones())
    }

    /// The row of input weights of `input`.
    #[inline]
    fn row(&self, input: usize) -> &[i16] {
        &self.w1[input * self.hidden..(input + 1) * self.hidden]
    }

    /// Sums `pos`'s inputs into `acc`: White's view, then Black's.
    fn refresh(&self, pos: &Position, acc: &mut [i16]) {
        let h = self.hidden;
        let (white, black) = acc.split_at_mut(h);
        white.copy_from_slice(&self.b1);
        black.copy_from_slice(&self.b1);
        for c in Color::ALL {
            for prof in 0..self.profiles {
                for sq in Squares(pos.pieces_of_profile(c, prof)) {
                    add(
                        white,
                        self.row(input(self.profiles, self.ranks, Color::White, c, prof, sq)),
                    );
                    add(
                        black,
                        self.row(input(self.profiles, self.ranks, Color::Black, c, prof, sq)),
                    );
                }
            }
        }
    }

    /// The output for `stm` to move, with `pieces` on the board, from both views' sums.
    #[inline]
    fn output(&self, acc: &[i16], stm: Color, pieces: u32) -> i32 {
        let h = self.hidden;
        let (white, black) = acc.split_at(h);
        let (us, them) = match stm {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let b = bucket(pieces, self.start_pieces, self.buckets);
        let w2 = &self.w2[b * 2 * h..(b + 1) * 2 * h];
        let sum = screlu_dot(us, &w2[..h]) + screlu_dot(them, &w2[h..]);
        let out = sum / i64::from(QA) + i64::from(self.b2[b]);
        (out * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }
}

/// The largest number of pieces that may differ between two positions for one's sums to be
/// updated into the other's (past it, summing afresh is as quick).
const MAX_CHANGES: u32 = 16;

/// One ply's sums and the pieces they were summed for.
#[derive(Clone)]
struct Frame {
    valid: bool,
    pieces: [[SquareSet; MAX_PROFILES]; 2],
    acc: Vec<i16>,
}

/// The sums of the positions along a search's current line, so that a position's
/// evaluation adds and takes away only the inputs of the pieces that moved since the
/// nearest position above it that was evaluated (efficient updating: the "EU" of NNUE).
///
/// Each frame keeps the pieces its sums are of, so any frame is a correct start whichever
/// line it came from; the search marks a ply's frame stale when it enters a node there
/// ([`Frames::enter`]), so the frames above a node are its own line's, the nearest starts.
/// A new search starts with none ([`Frames::clear`]): the network may have changed.
#[derive(Clone)]
pub(crate) struct Frames {
    hidden: usize,
    frames: Vec<Frame>,
}

impl fmt::Debug for Frames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Frames")
            .field("hidden", &self.hidden)
            .field("plies", &self.frames.len())
            .finish()
    }
}

impl Frames {
    /// Frames for `plies` plies of a network with `hidden` neurons.
    pub(crate) fn new(plies: usize, hidden: usize) -> Frames {
        Frames {
            hidden,
            frames: vec![
                Frame {
                    valid: false,
                    pieces: [[0; MAX_PROFILES]; 2],
                    acc: vec![0; 2 * hidden],
                };
                plies
            ],
        }
    }

    /// Whether these frames serve `net` for `plies` plies.
    pub(crate) fn fits(&self, net: &Network, plies: usize) -> bool {
        self.hidden == net.hidden && self.frames.len() >= plies
    }

    /// Forgets every frame (a new search; the network may not be the last one's).
    pub(crate) fn clear(&mut self) {
        for f in &mut self.frames {
            f.valid = false;
        }
    }

    /// The search entered a node at `ply`: what was summed there belongs to another line.
    #[inline]
    pub(crate) fn enter(&mut self, ply: usize) {
        if let Some(f) = self.frames.get_mut(ply) {
            f.valid = false;
        }
    }

    /// Evaluates `pos`, reached at `ply`, with `net`, for the side to move.
    pub(crate) fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        if net.hidden != self.hidden || ply >= self.frames.len() {
            return net.evaluate(pos);
        }
        let profiles = net.profiles;
        let mut now = [[0 as SquareSet; MAX_PROFILES]; 2];
        for c in Color::ALL {
            for (prof, set) in now[c.index()][..profiles].iter_mut().enumerate() {
                *set = pos.pieces_of_profile(c, prof);
            }
        }
        // The nearest evaluated position above on this line, if few pieces differ.
        let base = (0..ply).rev().find(|&p| {
            let f = &self.frames[p];
            f.valid && {
                let changes: u32 = (0..2)
                    .flat_map(|c| (0..profiles).map(move |prof| (c, prof)))
                    .map(|(c, prof)| (f.pieces[c][prof] ^ now[c][prof]).count_ones())
                    .sum();
                changes <= MAX_CHANGES
            }
        });
        let (above, here) = self.frames.split_at_mut(ply);
        let frame = &mut here[0];
        match base {
            Some(p) => {
                let from = &above[p];
                frame.acc.copy_from_slice(&from.acc);
                let h = self.hidden;
                let (white, black) = frame.acc.split_at_mut(h);
                for c in Color::ALL {
                    let pairs = from.pieces[c.index()].iter().zip(&now[c.index()]);
                    for (prof, (&old, &new)) in pairs.take(profiles).enumerate() {
                        for sq in Squares(old & !new) {
                            sub(
                                white,
                                net.row(input(profiles, net.ranks, Color::White, c, prof, sq)),
                            );
                            sub(
                                black,
                                net.row(input(profiles, net.ranks, Color::Black, c, prof, sq)),
                            );
                        }
                        for sq in Squares(new & !old) {
                            add(
                                white,
                                net.row(input(profiles, net.ranks, Color::White, c, prof, sq)),
                            );
                            add(
                                black,
                                net.row(input(profiles, net.ranks, Color::Black, c, prof, sq)),
                            );
                        }
                    }
                }
            }
            None => net.refresh(pos, &mut frame.acc),
        }
        frame.pieces = now;
        frame.valid = true;
        net.output(&frame.acc, pos.turn(), pos.occupied().count_ones())
    }
}

#[inline]
fn add(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline]
fn sub(acc: &mut [i16], row: &[i16]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// The largest output weight (so that `clamp(a, 0, QA) * w` fits an `i16`).
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// The sum of `clamp(a, 0, QA)^2 * w` over the hidden layer, `w` within
/// ±[`MAX_OUTPUT_WEIGHT`]: `v * w` fits an `i16`, and `(v * w) * v` an `i32` product of two
/// `i16`s (one instruction for eight or sixteen of them). Summed in [`LANES`] lanes of
/// `i32` (each at most 1024 / 16 terms of 255 * 32385), then added up.
#[inline]
fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
    let mut lanes = [0i32; LANES];
    for (a, w) in acc.chunks_exact(LANES).zip(w.chunks_exact(LANES)) {
        for ((sum, &a), &w) in lanes.iter_mut().zip(a).zip(w) {
            let v = a.clamp(0, QA as i16);
            *sum += i32::from(v.wrapping_mul(w)) * i32::from(v);
        }
    }
    lanes.iter().map(|&s| i64::from(s)).sum()
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn i16s(&mut self, n: usize) -> Option<Vec<i16>> {
        let s = self.take(n.checked_mul(2)?)?;
        Some(
            s.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    /// Every built-in network loads for its game (a retrained file of the wrong shape
    /// would otherwise quietly leave the game on the hand-made evaluation), and a game
    /// without one has none.
    #[test]
    fn built_in_networks_load_for_their_games() {
        for (id, bytes) in BUILT_IN {
            let v = variant(id.parse::<VariantId>().unwrap());
            Network::from_bytes(bytes, v).unwrap();
            assert!(built_in(v).is_some(), "{id}");
        }
        assert_eq!(BUILT_IN.len(), if cfg!(feature = "nets") { 1 } else { 0 });
        assert!(built_in(variant(VariantId::Promochess)).is_none());
    }

    fn small(v: &Variant, hidden: usize, buckets: usize) -> Network {
        let n = inputs(v.nprof) * hidden;
        Network::from_parts(
            v,
            hidden,
            buckets,
            400,
            (0..n).map(|i| (i % 7) as i16 - 3).collect(),
            vec![5; hidden],
            (0..buckets * 2 * hidden)
                .map(|i| (i % 5) as i16 - 2)
                .collect(),
            (0..buckets as i32).map(|b| b * 100 - 17).collect(),
        )
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let v = variant(VariantId::Chess);
        for buckets in [1, 8, MAX_BUCKETS] {
            let net = small(v, 16, buckets);
            let bytes = net.to_bytes();
            assert_eq!(Network::from_bytes(&bytes, v), Ok(net));
        }
    }

    #[test]
    fn files_that_do_not_fit_are_refused_by_what_is_wrong() {
        let v = variant(VariantId::Chess);
        let bytes = small(v, 16, 2).to_bytes();
        assert_eq!(Network::from_bytes(b"", v), Err(NetError::NotANetwork));
        assert_eq!(Network::from_bytes(b"RKNN", v), Err(NetError::NotANetwork));
        let other = variant(VariantId::Promochess);
        assert!(matches!(
            Network::from_bytes(&bytes, other),
            Err(NetError::OtherGame { .. })
        ));
        let short = &bytes[..bytes.len() - 1];
        assert!(matches!(
            Network::from_bytes(short, v),
            Err(NetError::Length { .. })
        ));
        let mut version = bytes.clone();
        version[4] = 9;
        assert_eq!(Network::from_bytes(&version, v), Err(NetError::Version(9)));
        // A huge hidden layer is refused before anything is allocated.
        let mut huge = bytes.clone();
        let at = 4 + 4 + 4 + "chess".len() + 4;
        huge[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&huge, v),
            Err(NetError::Hidden(u32::MAX as usize))
        );
        // An output weight no trainer writes (it could overflow the sums).
        let mut heavy = bytes.clone();
        let w2_at = at + 12 + 2 * (inputs(v.nprof) * 16 + 16);
        heavy[w2_at..w2_at + 2].copy_from_slice(&1000i16.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&heavy, v),
            Err(NetError::OutputWeight(1000))
        );
        let mut scale = bytes.clone();
        scale[at + 4..at + 8].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&scale, v), Err(NetError::Scale(0)));
        for buckets in [0, MAX_BUCKETS as u32 + 1, u32::MAX] {
            let mut many = bytes.clone();
            many[at + 8..at + 12].copy_from_slice(&buckets.to_le_bytes());
            assert_eq!(
                Network::from_bytes(&many, v),
                Err(NetError::Buckets(buckets))
            );
        }
        // A file of fewer buckets than it says is refused by its length.
        let mut more = bytes.clone();
        more[at + 8..at + 12].copy_from_slice(&3u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&more, v),
            Err(NetError::Length { .. })
        ));
        let mut profiles = bytes;
        profiles[at - 4] += 1;
        assert!(matches!(
            Network::from_bytes(&profiles, v),
            Err(NetError::Inputs { .. })
        ));
    }

    #[test]
    fn both_sides_see_a_mirrored_position_alike() {
        let v = variant(VariantId::Chess);
        let net = small(v, 16, 4);
        let white = Position::from_fen(v, "4k3/8/8/8/8/2N5/PP6/4K3 w - - 0 1").expect("fen");
        let black = Position::from_fen(v, "4k3/pp6/2n5/8/8/8/8/4K3 b - - 0 1").expect("fen");
        assert_eq!(net.evaluate(&white), net.evaluate(&black));
    }

    /// Each game's buckets run from its barest endings to its start position, the start in
    /// the last, and a piece fewer never moves a position to a later bucket.
    #[test]
    fn buckets_follow_the_pieces_left() {
        for id in VariantId::all() {
            let v = variant(id);
            let start = Position::start(v).occupied().count_ones();
            for buckets in 1..=MAX_BUCKETS {
                assert_eq!(bucket(start, start, buckets), buckets - 1, "{id} {buckets}");
                assert_eq!(bucket(2, start, buckets), 0, "{id} {buckets}");
                for n in 1..start {
                    assert!(bucket(n, start, buckets) <= bucket(n + 1, start, buckets));
                }
            }
            assert_eq!(start_pieces(v), start, "{id}");
        }
        // Chess in eight: four pieces a bucket.
        assert_eq!(bucket(4, 32, 8), 0);
        assert_eq!(bucket(5, 32, 8), 1);
        assert_eq!(bucket(28, 32, 8), 6);
        assert_eq!(bucket(29, 32, 8), 7);
    }

    /// Along random games of every kind of game (captures, promotions, levels, castling),
    /// sums updated from the positions above equal sums made afresh, whichever plies
    /// were evaluated and however far back.
    #[test]
    fn updated_sums_equal_fresh_ones() {
        for id in VariantId::all() {
            let v = variant(id);
            let hidden = 32;
            let n = inputs(v.nprof) * hidden;
            let mut seed = 0x1234_5678_u64 ^ id.as_str().len() as u64;
            let mut next = move || {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                seed >> 33
            };
            let w1 = (0..n).map(|_| (next() % 61) as i16 - 30).collect();
            let buckets = 1 + next() as usize % MAX_BUCKETS;
            let w2 = (0..buckets * 2 * hidden)
                .map(|_| (next() % 41) as i16 - 20)
                .collect();
            let b2 = (0..buckets).map(|_| (next() % 201) as i32 - 100).collect();
            let net = Network::from_parts(v, hidden, buckets, 300, w1, vec![40; hidden], w2, b2);
            let mut frames = Frames::new(64, hidden);
            for game in 0..4 {
                let mut pos = Position::start(v);
                let mut line = vec![pos.clone()];
                frames.enter(0);
                for ply in 1..60 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Prefer captures and promotions, which change the most inputs.
                    let loud: Vec<_> = moves
                        .iter()
                        .filter(|m| !crate::ai::ordering::is_quiet(m))
                        .collect();
                    let mv = if !loud.is_empty() && next() % 2 == 0 {
                        *loud[next() as usize % loud.len()]
                    } else {
                        moves[next() as usize % moves.len()]
                    };
                    pos.make(mv);
                    line.push(pos.clone());
                    frames.enter(ply);
                    // Some plies are not evaluated, as in a search.
                    if next() % 3 != 0 {
                        assert_eq!(
                            frames.evaluate(&net, &pos, ply),
                            net.evaluate(&pos),
                            "{id} game {game} ply {ply}: {}",
                            pos.fen()
                        );
                    }
                    // Now and then the line goes back up and another branch is taken.
                    if ply > 4 && next() % 7 == 0 {
                        let back = 1 + next() as usize % 3;
                        for p in ply + 1 - back..=ply {
                            frames.enter(p);
                        }
                        line.truncate(line.len() - back);
                        pos = line.last().expect("the start stays").clone();
                        let at = line.len() - 1;
                        assert_eq!(frames.evaluate(&net, &pos, at), net.evaluate(&pos));
                        break;
                    }
                }
            }
        }
    }
}
