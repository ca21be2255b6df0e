//! Making and unmaking moves.
//!
//! Every board write in [`Position::make`] goes through one logging writer that records the
//! square's previous contents, so [`Position::unmake`] is generic: restore the logged cells in
//! reverse and copy the saved [`State`] back (Rustic's "restore all at once"). Rules that
//! change extra squares (contagion, level transfers) will write through the same log and need
//! no undo code of their own.

use super::geometry::{Square, Squares};
use super::moves::{Move, MoveKind};
use super::piece::{Color, Piece};
use super::position::{Position, State};
use super::spec::FiftyMoveRule;
use super::zobrist;

/// Most board writes one move makes.
const MAX_CHANGES: usize = 8;

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    state: State,
    changes: [(Square, Option<Piece>, u16); MAX_CHANGES],
    len: u8,
}

impl Position {
    #[inline]
    fn write(&mut self, undo: &mut Undo, sq: Square, piece: Option<Piece>, level: u16) {
        undo.changes[undo.len as usize] = (sq, self.board[sq.index()], self.levels[sq.index()]);
        undo.len += 1;
        self.place(sq, piece, level);
    }

    /// Plays a legal move of this position and returns what [`Position::unmake`] needs.
    ///
    /// The move must come from [`Position::legal_moves`] of this very position; anything else
    /// corrupts the position (match user input against the legal list first).
    pub fn make(&mut self, mv: Move) -> Undo {
        let v = self.variant;
        let us = self.turn();
        let mut undo = Undo {
            state: self.state,
            changes: [(mv.from, None, 0); MAX_CHANGES],
            len: 0,
        };
        // Take the old state's keys out; the new ones go in at the end.
        self.state.hash ^= zobrist::castling(self.state.castling)
            ^ zobrist::extras(self.extra_bits())
            ^ self.state.ep.map_or(0, |ep| zobrist::ep(ep.index()));
        let mut level = self.levels[mv.from.index()];
        let landed = mv.promotion.map_or(mv.piece, |k| Piece::new(us, k));
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                // Upgrade Chess: the capturer gains the victim's level, unless it is royal
                // (then `recipient` gains it). Levels are 0 in other games.
                let gained = self.levels[mv.to.index()];
                self.write(&mut undo, mv.from, None, 0);
                match mv.recipient {
                    Some(r) => {
                        let l = self.levels[r.index()].saturating_add(gained);
                        self.write(&mut undo, r, self.board[r.index()], l);
                    }
                    None if level > 0 => level = level.saturating_add(gained),
                    None => {}
                }
                self.write(&mut undo, mv.to, Some(landed), level);
            }
            MoveKind::EnPassant => {
                let victim = mv
                    .to
                    .offset(0, -us.forward())
                    .expect("BUG: an e.p. square has a square behind it");
                if level > 0 {
                    level = level.saturating_add(self.levels[victim.index()]);
                }
                self.write(&mut undo, victim, None, 0);
                self.write(&mut undo, mv.from, None, 0);
                self.write(&mut undo, mv.to, Some(landed), level);
            }
            MoveKind::Castle(i) => {
                let s = v.castlings[i as usize].spec;
                let partner = self.board[s.rook_from.index()];
                let partner_level = self.levels[s.rook_from.index()];
                self.write(&mut undo, s.king_from, None, 0);
                self.write(&mut undo, s.rook_from, None, 0);
                self.write(&mut undo, s.king_to, Some(mv.piece), level);
                self.write(&mut undo, s.rook_to, partner, partner_level);
                self.state.castling &= v.castle_mask[s.rook_from.index()];
            }
            MoveKind::Swap => {
                let other = self.board[mv.to.index()];
                let other_level = self.levels[mv.to.index()];
                self.write(&mut undo, mv.from, other, other_level);
                self.write(&mut undo, mv.to, Some(mv.piece), level);
                self.state.swap_unused &= !(1 << us.index());
                self.state.castling &= if us == Color::White { !3 } else { !12 };
            }
        }
        // Only a set that is not empty, or a piece arriving on a square where its type has
        // first moves, can change the set: most moves pay just this test.
        if self.state.moved != 0
            || matches!(mv.kind, MoveKind::Castle(_) | MoveKind::Swap)
            || v.first_move_squares(landed) & mv.to.bit() != 0
        {
            self.update_moved(&mv, &undo);
        }
        self.state.castling &= v.castle_mask[mv.from.index()] & v.castle_mask[mv.to.index()];
        // APC: a castling partner created by promotion on its own corner, with its King never
        // moved, gains that corner's right (the `kings:` extra exists for this rule).
        if let Some(kind) = mv.promotion {
            if v.spec.extras.unmoved_kings
                && self.state.unmoved_kings & (1 << us.index()) != 0
                && v.kinds[kind.index()].spec.castles
            {
                for c in &v.castlings {
                    if c.spec.color == us && c.spec.rook_from == mv.to {
                        self.state.castling |= c.right;
                    }
                }
            }
        }
        self.state.ep = match mv.kind {
            MoveKind::DoubleStep => Square::from_index((mv.from.index() + mv.to.index()) / 2),
            _ => None,
        };
        let pawn = v.piece(mv.piece.kind()).pawn && mv.kind != MoveKind::Swap;
        let resets =
            mv.capture.is_some() || (pawn && v.fifty_move() == FiftyMoveRule::CaptureOrPawn);
        // The counters stop at their largest value rather than wrap: a position string can
        // start them anywhere up to it, and what `fen` writes must read back.
        self.state.halfmoves = if resets {
            0
        } else {
            self.state.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.state.fullmoves = self.state.fullmoves.saturating_add(1);
        }
        if mv.from == self.state.royal[us.index()] {
            self.state.royal[us.index()] = match mv.kind {
                MoveKind::Castle(i) => v.castlings[i as usize].spec.king_to,
                _ => mv.to,
            };
            self.state.unmoved_kings &= !(1 << us.index());
        }
        self.state.turn = !us;
        self.state.hash ^= zobrist::side()
            ^ zobrist::castling(self.state.castling)
            ^ zobrist::extras(self.extra_bits())
            ^ self.state.ep.map_or(0, |ep| zobrist::ep(ep.index()));
        undo
    }

    /// Keeps the `moved` set true after the board writes of `mv`, logged in `undo`: every
    /// square written lost its piece or received one that moved there (the Upgrade
    /// recipient, which only gains a level, excepted), so it is in the set exactly when
    /// its new piece has first-move atoms on it.
    fn update_moved(&mut self, mv: &Move, undo: &Undo) {
        let v = self.variant;
        let old = self.state.moved;
        let mut moved = old;
        for &(sq, _, _) in &undo.changes[..undo.len as usize] {
            if mv.recipient == Some(sq) {
                continue;
            }
            moved &= !sq.bit();
            if v.first_moves_any & sq.bit() != 0 {
                if let Some(p) = self.board[sq.index()] {
                    if v.first_move_squares(p) & sq.bit() != 0 {
                        moved |= sq.bit();
                    }
                }
            }
        }
        for sq in Squares(old ^ moved) {
            self.state.hash ^= zobrist::moved(sq.index());
        }
        self.state.moved = moved;
    }

    /// Passes the move to the opponent (a null move, for the search's null-move pruning):
    /// the side to move changes, the e.p. square is cleared and the 50-move counter counts
    /// the ply; nothing moves. The side to move must not be in check (a null move would
    /// leave its royal piece capturable). Take it back with [`Position::unmake_null`].
    pub fn make_null(&mut self) -> Undo {
        debug_assert!(!self.is_check(), "a null move while in check");
        let undo = Undo {
            state: self.state,
            changes: [(self.state.royal[0], None, 0); MAX_CHANGES],
            len: 0,
        };
        let us = self.turn();
        self.state.hash ^= zobrist::side() ^ self.state.ep.map_or(0, |ep| zobrist::ep(ep.index()));
        self.state.ep = None;
        self.state.halfmoves += 1;
        if us == Color::Black {
            self.state.fullmoves += 1;
        }
        self.state.turn = !us;
        undo
    }

    /// This position with `color` to move: when it is the other side's turn, passed over as
    /// by [`Position::make_null`] (no e.p. square), also when that side is in check. Where
    /// a move made in advance (a premove) is looked for while the opponent thinks.
    pub fn passed_to(&self, color: Color) -> Position {
        let mut pos = self.clone();
        if pos.turn() != color {
            pos.state.hash ^=
                zobrist::side() ^ pos.state.ep.map_or(0, |ep| zobrist::ep(ep.index()));
            pos.state.ep = None;
            pos.state.turn = color;
        }
        pos
    }

    /// Takes back a null move made by [`Position::make_null`].
    pub fn unmake_null(&mut self, undo: Undo) {
        debug_assert_eq!(undo.len, 0, "not a null move's undo");
        self.state = undo.state;
    }

    /// Takes back `mv`, which must be the last move made, with its [`Undo`].
    pub fn unmake(&mut self, _mv: Move, undo: Undo) {
        for &(sq, piece, level) in undo.changes[..undo.len as usize].iter().rev() {
            self.place(sq, piece, level);
        }
        self.state = undo.state;
    }
}
