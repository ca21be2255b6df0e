//! How pieces move, as data: atoms, and a parser for the subset of Betza notation the games
//! use.
//!
//! A [`Movement`] is a list of [`Atom`]s, each one concrete vector `(dx, dy)` as seen by White
//! (`dy > 0` is forward). Black's moves are the same vectors with `dy` negated; every piece of
//! the five games is left-right symmetric, so mirroring is the same as rotating.
//!
//! ```
//! use rankup::rules::Movement;
//! // The orthodox pawn: quiet step, diagonal captures, a non-jumping initial double step.
//! let pawn = Movement::betza("fmW fcF ifmnD").unwrap();
//! assert_eq!(pawn.atoms.len(), 4);
//! ```

use std::fmt;

/// Whether an atom may move to an empty square, capture, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Modality {
    /// Moves and captures.
    Both,
    /// Moves only (Betza `m`).
    Quiet,
    /// Captures only (Betza `c`).
    Capture,
}

impl Modality {
    /// Whether the atom may end on an empty square.
    pub fn quiet(self) -> bool {
        self != Modality::Capture
    }

    /// Whether the atom may capture.
    pub fn captures(self) -> bool {
        self != Modality::Quiet
    }
}

/// How an atom gets from its square to its destination.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reach {
    /// Jumps straight to the destination.
    Leap,
    /// Repeats the step: every square before the destination must be empty. The destination
    /// is `min..=max` steps away.
    Ride {
        /// Fewest steps (1 for ordinary riders, 2 for the Picket and Pocket).
        min: u8,
        /// Most steps (`u8::MAX` for an unlimited rider).
        max: u8,
    },
    /// Cannon-style: slides to a screen, jumps it, and reaches the squares beyond up to and
    /// including the next piece (Betza `p`). With [`Modality::Capture`] only that next piece.
    Hop,
    /// A leap that may not jump: at least one of the `paths` (lists of offsets from the start
    /// square) must exist and be empty (Betza `n`, and the bent paths of the Nobleman and the
    /// Supercav).
    Lame {
        /// Alternative routes; each lists the squares that must be empty.
        paths: Vec<Vec<(i8, i8)>>,
    },
}

/// One way a piece moves: a vector, how it is travelled, and what it may do on arrival.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Atom {
    /// File step, as seen by White.
    pub dx: i8,
    /// Rank step, as seen by White (positive is forward).
    pub dy: i8,
    /// Leap, ride, hop or lame leap.
    pub reach: Reach,
    /// Move, capture or both.
    pub modality: Modality,
    /// Only from the squares where this piece type starts the game (Betza `i`).
    pub initial: bool,
}

impl Atom {
    /// A jumping leap that moves and captures.
    pub fn leap(dx: i8, dy: i8) -> Atom {
        Atom {
            dx,
            dy,
            reach: Reach::Leap,
            modality: Modality::Both,
            initial: false,
        }
    }

    /// A rider with `min..=max` steps that moves and captures.
    pub fn ride(dx: i8, dy: i8, min: u8, max: u8) -> Atom {
        Atom {
            dx,
            dy,
            reach: Reach::Ride { min, max },
            modality: Modality::Both,
            initial: false,
        }
    }

    /// A non-jumping leap that moves and captures through any of `paths`.
    pub fn lame(dx: i8, dy: i8, paths: Vec<Vec<(i8, i8)>>) -> Atom {
        Atom {
            dx,
            dy,
            reach: Reach::Lame { paths },
            modality: Modality::Both,
            initial: false,
        }
    }
}

/// A piece's complete movement: the union of its atoms.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Movement {
    /// The atoms, in the order they were written.
    pub atoms: Vec<Atom>,
}

impl Movement {
    /// Whether every atom has its mirror image (files reversed) among the atoms: the piece
    /// moves alike to its left and to its right.
    pub fn reads_the_same_mirrored(&self) -> bool {
        let paths = |paths: &[Vec<(i8, i8)>], sign: i8| {
            let mut p: Vec<Vec<(i8, i8)>> = paths
                .iter()
                .map(|path| path.iter().map(|&(x, y)| (sign * x, y)).collect())
                .collect();
            p.sort();
            p
        };
        self.atoms.iter().all(|a| {
            self.atoms.iter().any(|b| {
                b.dx == -a.dx
                    && b.dy == a.dy
                    && b.modality == a.modality
                    && b.initial == a.initial
                    && match (&a.reach, &b.reach) {
                        (Reach::Lame { paths: pa }, Reach::Lame { paths: pb }) => {
                            paths(pa, -1) == paths(pb, 1)
                        }
                        (ra, rb) => ra == rb,
                    }
            })
        })
    }
}

/// Error for Betza text outside the supported subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// The whole text.
    pub text: String,
    /// Byte offset of the offending character.
    pub at: usize,
    /// What is wrong there.
    pub reason: &'static str,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid Betza '{}' at {}: {}",
            self.text, self.at, self.reason
        )
    }
}

impl std::error::Error for BetzaError {}

impl Movement {
    /// Parses the Betza subset of README, "Movement (Betza)".
    ///
    /// Atoms `W F D A N C Z H G` and the compounds `K R B Q`; a doubled atom (`NN`) or a
    /// trailing number (`R3`, `W2`) makes a rider; prefixes `m c` (modality), `f b s v l r`
    /// and the pairs `ff fs bs bb fl fr bl br` (directions relative to the owner), `p`
    /// (cannon hop), `n` (lame) and `i` (initial squares only). Spaces are ignored.
    ///
    /// # Errors
    /// Names the offending position for unknown letters, modifiers without an atom, or a
    /// lame atom whose path is not defined.
    pub fn betza(text: &str) -> Result<Movement, BetzaError> {
        let err = |at, reason| BetzaError {
            text: text.to_string(),
            at,
            reason,
        };
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut atoms = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].1.is_whitespace() {
                i += 1;
                continue;
            }
            let start = chars[i].0;
            let mut mods = String::new();
            while i < chars.len() && chars[i].1.is_ascii_lowercase() {
                mods.push(chars[i].1);
                i += 1;
            }
            let Some(&(at, letter)) = chars.get(i) else {
                return Err(err(start, "modifiers without an atom"));
            };
            if !letter.is_ascii_uppercase() {
                return Err(err(at, "expected an atom letter"));
            }
            i += 1;
            let mut doubled = false;
            if chars.get(i).map(|c| c.1) == Some(letter) {
                doubled = true;
                i += 1;
            }
            let mut digits = String::new();
            while i < chars.len() && chars[i].1.is_ascii_digit() {
                digits.push(chars[i].1);
                i += 1;
            }
            let range: Option<u8> = if digits.is_empty() {
                None
            } else {
                Some(
                    digits
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(err(at, "bad range"))?,
                )
            };
            let bases: &[((i8, i8), bool)] = match letter {
                'W' => &[((1, 0), false)],
                'F' => &[((1, 1), false)],
                'D' => &[((2, 0), false)],
                'A' => &[((2, 2), false)],
                'N' => &[((2, 1), false)],
                'C' => &[((3, 1), false)],
                'Z' => &[((3, 2), false)],
                'H' => &[((3, 0), false)],
                'G' => &[((3, 3), false)],
                'K' => &[((1, 0), false), ((1, 1), false)],
                'R' => &[((1, 0), true)],
                'B' => &[((1, 1), true)],
                'Q' => &[((1, 0), true), ((1, 1), true)],
                _ => return Err(err(at, "unknown atom letter")),
            };
            for &(base, rider) in bases {
                let rider = rider || doubled || range.is_some();
                push_atoms(&mut atoms, base, rider, range, &mods)
                    .map_err(|reason| err(start, reason))?;
            }
        }
        Ok(Movement { atoms })
    }

    /// The union of two movements.
    pub fn with(mut self, other: Movement) -> Movement {
        self.atoms.extend(other.atoms);
        self
    }

    /// Every rider atom given a minimum of `min` steps (the Picket and Pocket).
    pub fn min_range(mut self, min: u8) -> Movement {
        for atom in &mut self.atoms {
            if let Reach::Ride { min: m, .. } = &mut atom.reach {
                *m = min;
            }
        }
        self
    }
}

/// The eight (or four) images of a base vector under reflection and rotation.
fn images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Whether `(dx, dy)` matches one direction spec (`f`, `bs`, `fl`, ...).
fn matches_dir(spec: &str, (dx, dy): (i8, i8)) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    match spec {
        "f" => dy > 0,
        "b" => dy < 0,
        "l" => dx < 0,
        "r" => dx > 0,
        "s" => ax > ay,
        "v" => ay > ax,
        "ff" => dy > 0 && ay > ax,
        "bb" => dy < 0 && ay > ax,
        "fs" => dy > 0 && ax > ay,
        "bs" => dy < 0 && ax > ay,
        "fl" => dy > 0 && dx < 0,
        "fr" => dy > 0 && dx > 0,
        "bl" => dy < 0 && dx < 0,
        "br" => dy < 0 && dx > 0,
        _ => false,
    }
}

fn push_atoms(
    atoms: &mut Vec<Atom>,
    base: (i8, i8),
    rider: bool,
    range: Option<u8>,
    mods: &str,
) -> Result<(), &'static str> {
    let mut modality = Modality::Both;
    let (mut hop, mut lame, mut initial) = (false, false, false);
    let mut dir_letters = String::new();
    for c in mods.chars() {
        match c {
            'm' => modality = Modality::Quiet,
            'c' => modality = Modality::Capture,
            'p' => hop = true,
            'n' => lame = true,
            'i' => initial = true,
            'f' | 'b' | 's' | 'v' | 'l' | 'r' => dir_letters.push(c),
            _ => return Err("unknown modifier"),
        }
    }
    // Oblique and diagonal atoms read `f`/`b` followed by another direction as one pair.
    let pairs_allowed = base.1 != 0;
    let mut specs = Vec::new();
    let d: Vec<char> = dir_letters.chars().collect();
    let mut k = 0;
    while k < d.len() {
        if pairs_allowed
            && matches!(d[k], 'f' | 'b')
            && k + 1 < d.len()
            && matches!(d[k + 1], 'f' | 'b' | 's' | 'l' | 'r')
            && !(d[k + 1] == 'b' && d[k] == 'f' || d[k + 1] == 'f' && d[k] == 'b')
        {
            specs.push(d[k..k + 2].iter().collect::<String>());
            k += 2;
        } else {
            specs.push(d[k].to_string());
            k += 1;
        }
    }
    for (dx, dy) in images(base) {
        if !specs.is_empty() && !specs.iter().any(|s| matches_dir(s, (dx, dy))) {
            continue;
        }
        let reach = if hop {
            Reach::Hop
        } else if rider {
            Reach::Ride {
                min: 1,
                max: range.unwrap_or(u8::MAX),
            }
        } else if lame {
            Reach::Lame {
                paths: vec![lame_path(dx, dy)?],
            }
        } else {
            Reach::Leap
        };
        atoms.push(Atom {
            dx,
            dy,
            reach,
            modality,
            initial,
        });
    }
    Ok(())
}

/// The squares a lame leap passes: the straight line for orthogonal and diagonal vectors,
/// the orthogonal first step for oblique ones (the Xiangqi horse).
fn lame_path(dx: i8, dy: i8) -> Result<Vec<(i8, i8)>, &'static str> {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        if n < 2 {
            return Err("a one-step atom cannot be lame");
        }
        Ok((1..n).map(|k| (dx / n * k, dy / n * k)).collect())
    } else if ax.min(ay) == 1 && ax.max(ay) == 2 {
        Ok(if ax > ay {
            vec![(dx.signum(), 0)]
        } else {
            vec![(0, dy.signum())]
        })
    } else {
        Err("lame path not defined for this atom")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<_> = Movement::betza(text)
            .unwrap()
            .atoms
            .iter()
            .map(|a| (a.dx, a.dy))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn mirror_symmetry_of_movements() {
        for text in ["K", "N", "fmW fcF ifmnD", "nN", "fR bW", "pR", "WnA"] {
            let m = Movement::betza(text).unwrap();
            assert!(m.reads_the_same_mirrored(), "{text}");
        }
        for text in ["lW", "frF", "fW lF", "rN"] {
            let m = Movement::betza(text).unwrap();
            assert!(!m.reads_the_same_mirrored(), "{text}");
        }
        // A lame leap whose only path runs up the left side has no image on the right.
        let lopsided = Movement {
            atoms: vec![
                Atom {
                    dx: 1,
                    dy: 2,
                    reach: Reach::Lame {
                        paths: vec![vec![(0, 1), (0, 2)]],
                    },
                    modality: Modality::Both,
                    initial: false,
                },
                Atom {
                    dx: -1,
                    dy: 2,
                    reach: Reach::Lame {
                        paths: vec![vec![(-1, 1)]],
                    },
                    modality: Modality::Both,
                    initial: false,
                },
            ],
        };
        assert!(!lopsided.reads_the_same_mirrored());
    }

    #[test]
    fn compounds_and_riders() {
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("C").len(), 8);
        let q = Movement::betza("Q").unwrap();
        assert_eq!(q.atoms.len(), 8);
        assert!(q.atoms.iter().all(|a| a.reach
            == Reach::Ride {
                min: 1,
                max: u8::MAX
            }));
        let nn = Movement::betza("NN").unwrap();
        assert!(nn
            .atoms
            .iter()
            .all(|a| matches!(a.reach, Reach::Ride { .. })));
        let r3 = Movement::betza("R3").unwrap();
        assert!(r3
            .atoms
            .iter()
            .all(|a| a.reach == Reach::Ride { min: 1, max: 3 }));
    }

    #[test]
    fn directions_relative_to_owner() {
        assert_eq!(vectors("fW"), vec![(0, 1)]);
        assert_eq!(
            vectors("FfW"),
            vec![(-1, -1), (-1, 1), (0, 1), (1, -1), (1, 1)]
        );
        assert_eq!(
            vectors("WfF"),
            vec![(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)]
        );
        assert_eq!(vectors("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("bsN"), vec![(-2, -1), (2, -1)]);
        assert_eq!(vectors("ffNbsN").len(), 4);
        assert_eq!(
            vectors("F bW"),
            vec![(-1, -1), (-1, 1), (0, -1), (1, -1), (1, 1)]
        );
    }

    #[test]
    fn modality_hop_lame_initial() {
        let pawn = Movement::betza("fmW fcF ifmnD").unwrap();
        assert_eq!(pawn.atoms[0].modality, Modality::Quiet);
        assert_eq!(pawn.atoms[1].modality, Modality::Capture);
        let double = &pawn.atoms[3];
        assert!(double.initial);
        assert_eq!((double.dx, double.dy), (0, 2));
        assert_eq!(
            double.reach,
            Reach::Lame {
                paths: vec![vec![(0, 1)]]
            }
        );
        let cannon = Movement::betza("mRcpR").unwrap();
        assert_eq!(cannon.atoms.len(), 8);
        assert!(cannon.atoms[4..]
            .iter()
            .all(|a| a.reach == Reach::Hop && a.modality == Modality::Capture));
    }

    #[test]
    fn errors_name_the_position() {
        let e = Movement::betza("fmW xK").unwrap_err();
        assert_eq!(e.at, 4);
        assert!(Movement::betza("fm").is_err());
        assert!(Movement::betza("Y").is_err());
        assert!(Movement::betza("nW").is_err());
    }
}
