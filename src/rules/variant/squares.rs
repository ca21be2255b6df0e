//! The move tables of one square: what a piece of one colour and movement profile can do
//! from there, as leaps, rays and lame leaps.

use super::{flags_of, EP_CAPTURE, SETS_EP};
use super::{orient, Lame, LameAttack, Leap, Ray, SquareMoves, Variant, CAPTURE, QUIET};
use crate::rules::geometry::{descends, Square, SquareSet, GRID_CELLS};
use crate::rules::movement::{Modality, Movement, Reach};
use crate::rules::piece::Color;

/// What [`Variant::build_square`] builds for: which piece, from where, and whether its
/// first-move (`i`) atoms count there.
pub(super) struct SquareJob<'a> {
    pub color: Color,
    pub profile: usize,
    pub movement: &'a Movement,
    pub sq: Square,
    pub pawn: bool,
    /// Whether the `i` atoms count: the square is one where the kind starts, and the table
    /// is the one for a piece that has not moved yet.
    pub first_moves: bool,
    /// Whether the attack tables learn from this table (once per square: the table for a
    /// piece that has moved repeats the other's captures, since `i` atoms never capture).
    pub record_attacks: bool,
}

impl Variant {
    /// Appends one square's leaps, rays and lame leaps to the shared lists and returns
    /// their ranges with the leap masks of [`Variant::reach`].
    pub(super) fn build_square(&mut self, job: &SquareJob<'_>) -> (SquareMoves, [SquareSet; 2]) {
        let SquareJob {
            color,
            profile: p,
            movement,
            sq,
            ..
        } = *job;
        let slot = color.index() * self.nprof + p;
        let shape = self.shape.clone();
        let en_passant = self.spec.en_passant;
        let mut leaps: Vec<Leap> = Vec::new();
        let (ray0, lame0) = (self.rays.len() as u32, self.lames.len() as u32);
        for a in &movement.atoms {
            if a.initial && !job.first_moves {
                continue;
            }
            let (dx, dy) = orient(color, a.dx, a.dy);
            let mut flags = flags_of(a.modality);
            match &a.reach {
                Reach::Leap => {
                    let Some(to) = shape.offset(sq, dx, dy) else {
                        continue;
                    };
                    if job.pawn && en_passant && a.modality == Modality::Capture {
                        flags |= EP_CAPTURE;
                    }
                    match leaps.iter_mut().find(|l| l.to == to) {
                        Some(l) => l.flags |= flags,
                        None => leaps.push(Leap { to, flags }),
                    }
                }
                Reach::Ride { min, max } => {
                    let start = self.ray_squares.len() as u32;
                    let mut t = sq;
                    let mut len = 0u8;
                    while len < *max {
                        match shape.offset(t, dx, dy) {
                            Some(n) => {
                                self.ray_squares.push(n);
                                t = n;
                                len += 1;
                            }
                            None => break,
                        }
                    }
                    if len >= *min {
                        self.rays.push(Ray {
                            start,
                            len,
                            min: *min,
                            flags,
                            hop: false,
                            desc: descends(dx, dy),
                        });
                    } else {
                        self.ray_squares.truncate(start as usize);
                    }
                }
                Reach::Hop => {
                    let start = self.ray_squares.len() as u32;
                    let mut t = sq;
                    let mut len = 0u8;
                    while let Some(n) = shape.offset(t, dx, dy) {
                        self.ray_squares.push(n);
                        t = n;
                        len += 1;
                    }
                    if len >= 2 {
                        self.rays.push(Ray {
                            start,
                            len,
                            min: 1,
                            flags,
                            hop: true,
                            desc: descends(dx, dy),
                        });
                    } else {
                        self.ray_squares.truncate(start as usize);
                    }
                }
                Reach::Lame { paths } => {
                    let Some(to) = shape.offset(sq, dx, dy) else {
                        continue;
                    };
                    let path_start = self.paths.len() as u32;
                    for path in paths {
                        let squares: Option<Vec<Square>> = path
                            .iter()
                            .map(|&(px, py)| {
                                let (px, py) = orient(color, px, py);
                                shape.offset(sq, px, py)
                            })
                            .collect();
                        if let Some(squares) = squares {
                            self.paths
                                .push((self.ray_squares.len() as u32, squares.len() as u8));
                            self.ray_squares.extend(squares);
                        }
                    }
                    let path_count = (self.paths.len() as u32 - path_start) as u8;
                    if path_count == 0 {
                        continue;
                    }
                    if job.pawn
                        && en_passant
                        && a.modality == Modality::Quiet
                        && dx == 0
                        && dy.abs() == 2
                    {
                        flags |= SETS_EP;
                    }
                    self.lames.push(Lame {
                        to,
                        flags,
                        path_start,
                        path_count,
                    });
                    if a.modality.captures() && job.record_attacks {
                        self.lame_att[color.index() * GRID_CELLS + to.index()].push(LameAttack {
                            from: sq,
                            profile: p as u8,
                            path_start,
                            path_count,
                        });
                    }
                }
            }
        }
        let leap0 = self.leaps.len() as u32;
        let mut masks = [0; 2];
        for l in &leaps {
            if l.flags & QUIET != 0 {
                masks[0] |= l.to.bit();
            }
            if l.flags & CAPTURE != 0 {
                masks[1] |= l.to.bit();
                if job.record_attacks {
                    self.leap_att[slot * GRID_CELLS + l.to.index()] |= sq.bit();
                    self.leap_att_any[color.index() * GRID_CELLS + l.to.index()] |= sq.bit();
                }
            }
        }
        self.leaps.extend(leaps);
        let moves = SquareMoves {
            leaps: (leap0, self.leaps.len() as u32),
            rays: (ray0, self.rays.len() as u32),
            lames: (lame0, self.lames.len() as u32),
        };
        (moves, masks)
    }
}
