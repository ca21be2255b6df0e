//! Search scores: centipawns, with mates encoded near the ends of the range.

use std::fmt;

/// Score of a mate on the board (the side to move is mated: `-MATE`).
pub(crate) const MATE: i32 = 30_000;
/// Scores at least this far from zero are mates (within `MATE - MATE_BOUND` plies).
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub(crate) const INFINITY: i32 = 31_000;

/// A search result from the side to move's point of view: centipawns (100 = one Pawn), or a
/// forced mate.
///
/// ```
/// use rankup::ai::Score;
/// assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
/// assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
/// assert_eq!(Score::from_centipawns(-35).to_string(), "-0.35");
/// assert_eq!(Score::mate_in(1).to_string(), "#1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(0);

    /// A plain evaluation, clamped below the mate range.
    pub fn from_centipawns(cp: i32) -> Score {
        Score(cp.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// The side to move mates in `plies` half-moves (1 = mate with this move).
    pub fn mate_in(plies: u32) -> Score {
        Score(MATE - plies.min(999) as i32)
    }

    /// The side to move is mated in `plies` half-moves (0 = mated now).
    pub fn mated_in(plies: u32) -> Score {
        Score(-MATE + plies.min(999) as i32)
    }

    /// Whether the score is a forced mate for either side.
    pub fn is_mate(self) -> bool {
        self.0.abs() >= MATE_BOUND
    }

    /// Full moves to mate as UCI counts them: positive when the side to move mates, negative
    /// when it is mated (`-0`-style "mated now" is reported as 0); `None` for a centipawn
    /// score.
    pub fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            return None;
        }
        let plies = MATE - self.0.abs();
        Some(if self.0 > 0 {
            (plies + 1) / 2
        } else {
            -(plies / 2)
        })
    }

    /// The score in centipawns, `None` for a mate.
    pub fn centipawns(self) -> Option<i32> {
        (!self.is_mate()).then_some(self.0)
    }

    /// The side to move's winning chances, from -1 (lost) through 0 (even) to 1 (won):
    /// a logistic curve of the centipawns (lichess's, `2 / (1 + e^(-k·cp)) - 1` with
    /// `k = 0.00368208`, centipawns clamped to ±1000), ±1 for a mate. What review marks
    /// and puzzle mining measure a move's loss in, so that dropping 200 centipawns
    /// matters when the game is even and not when it is long won.
    ///
    /// ```
    /// use rankup::ai::Score;
    /// assert_eq!(Score::DRAW.winning_chances(), 0.0);
    /// assert_eq!(Score::mate_in(5).winning_chances(), 1.0);
    /// assert_eq!(Score::mated_in(2).winning_chances(), -1.0);
    /// let pawn = Score::from_centipawns(100).winning_chances();
    /// assert!((pawn - 0.182).abs() < 0.001, "{pawn}");
    /// assert_eq!(Score::from_centipawns(-100).winning_chances(), -pawn);
    /// ```
    pub fn winning_chances(self) -> f64 {
        const K: f64 = 0.003_682_08;
        match self.centipawns() {
            None => f64::from(self.0.signum()),
            Some(cp) => {
                // The same curve as tanh(k·cp / 2), odd to the last bit.
                let cp = f64::from(cp.clamp(-1000, 1000));
                (K * cp / 2.0).tanh()
            }
        }
    }
}

/// Share of draws at an even score in [`Score::wdl`], per mille.
const EVEN_DRAWS: f64 = 500.0;

impl Score {
    /// Win, draw and loss chances for the side to move, per mille (summing to 1000), from
    /// [`winning_chances`](Score::winning_chances) `c`: the expected score `(1 + c) / 2` is
    /// kept, and the draws are half of what is still open, `500 · (1 - |c|)`. So an even
    /// score is 250/500/250, a Pawn up 387/409/204, and a mate 1000/0/0.
    ///
    /// ```
    /// use rankup::ai::Score;
    /// assert_eq!(Score::DRAW.wdl(), (250, 500, 250));
    /// assert_eq!(Score::mate_in(3).wdl(), (1000, 0, 0));
    /// assert_eq!(Score::mated_in(2).wdl(), (0, 0, 1000));
    /// let (w, d, l) = Score::from_centipawns(150).wdl();
    /// assert_eq!(w + d + l, 1000);
    /// assert!(w > l && l < 250);
    /// ```
    pub fn wdl(self) -> (u32, u32, u32) {
        let c = self.winning_chances();
        let draw = EVEN_DRAWS * (1.0 - c.abs());
        let expected = 1000.0 * (1.0 + c) / 2.0;
        let win = (expected - draw / 2.0).round().clamp(0.0, 1000.0) as u32;
        let draw = (draw.round() as u32).min(1000 - win);
        (win, draw, 1000 - win - draw)
    }
}

impl fmt::Display for Score {
    /// `+1.25` / `-0.40` in Pawns, `#3` for a mate in 3, `#-2` when mated in 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(n) => write!(f, "#{n}"),
            None => {
                let sign = if self.0 < 0 { '-' } else { '+' };
                let a = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}
