//! Move generation: pseudo-legal moves from the variant's tables, attack detection, the
//! legality filter and perft.
//!
//! Legality never plays the move. [`Position::attacked`] takes the occupancy and the set of
//! attackers still present as arguments, so "would my King be attacked after this move?" is
//! one call with the move's effect on those two sets. Most moves need not even that: when
//! the side to move is not in check, only King moves, e.p. captures, castling and moves of
//! possibly pinned pieces are tested (pieces on lame attackers' paths count as pinned; in
//! games with hoppers, so does every move from or to a line between the King and an enemy
//! piece). Both paths are cross-checked against make/unmake in tests.

use super::geometry::{first_on_line, Square, SquareSet, Squares, GRID_CELLS};
use super::moves::{Move, MoveKind, PROMO_CHOICE, PROMO_OPTIONAL};
use super::piece::{Color, Piece};
use super::position::Position;
use super::variant::{CAPTURE, EP_CAPTURE, QUIET, SETS_EP};

/// What the legality filter knows about a position before it looks at any move: whether
/// the side to move is in check, and which moves must be tested one by one because they
/// leave or land on a square that matters to the King's safety. From [`Position::pins`];
/// only valid for that position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pins {
    check: bool,
    /// Moves from these squares are tested.
    from: SquareSet,
    /// Moves to these squares are tested.
    to: SquareSet,
}

/// Every piece attacking one square, kept up to date while pieces leave the board one at a
/// time, as in a static exchange: after the first full scan, a removal rescans only the
/// lines through the square it left (and lame paths, which it may have opened).
#[derive(Clone, Debug)]
pub struct AttackScan<'a> {
    pos: &'a Position,
    sq: Square,
    occ: SquareSet,
    leaps: SquareSet,
    lines: SquareSet,
    lames: SquareSet,
}

impl<'a> AttackScan<'a> {
    /// The attackers of `sq` in `pos` if only the squares in `occ` were occupied (see
    /// [`Position::attackers_to`]).
    pub fn new(pos: &'a Position, sq: Square, occ: SquareSet) -> AttackScan<'a> {
        let v = pos.variant;
        let mut lines = 0;
        for &d in &v.any_cap_dirs {
            lines |= pos.line_attackers_to(sq, occ, d as usize);
        }
        AttackScan {
            pos,
            sq,
            occ,
            leaps: pos.leap_attackers_to(sq),
            lines,
            lames: if v.lame_captures {
                pos.lame_attackers_to(sq, occ)
            } else {
                0
            },
        }
    }

    /// The attackers of either side.
    #[inline]
    pub fn all(&self) -> SquareSet {
        (self.leaps | self.lines | self.lames) & self.occ
    }

    /// Takes the piece on `from` off the board (out of the occupied squares).
    pub fn remove(&mut self, from: Square) {
        let pos = self.pos;
        let v = pos.variant;
        self.occ &= !from.bit();
        let ndirs = v.dirs.len();
        let line = |d: u8| v.rev_lines[self.sq.index() * ndirs + d as usize];
        // The lines through `from`, and then every line sharing a square with them (lines
        // of one square overlap where a rider steps (2, 2) and another (1, 1)).
        let mut touched = 0;
        for &d in &v.any_cap_dirs {
            if line(d) & from.bit() != 0 {
                touched |= line(d);
            }
        }
        if touched != 0 {
            self.lines &= !touched;
            for &d in &v.any_cap_dirs {
                if line(d) & touched != 0 {
                    self.lines |= pos.line_attackers_to(self.sq, self.occ, d as usize);
                }
            }
        }
        if v.lame_captures {
            self.lames = pos.lame_attackers_to(self.sq, self.occ);
        }
    }
}

/// Which part of the moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Gen {
    /// Every move.
    All,
    /// Captures and promotions.
    Loud,
    /// Everything else.
    Quiet,
}

impl Position {
    /// Whether `sq` is attacked by `by`'s pieces in `attackers` (a subset of `by`'s pieces)
    /// on a board whose occupied squares are `occ`.
    ///
    /// Passing altered sets asks the question for a board after a move that has not been
    /// made: the mover's origin removed from `occ`, a captured piece removed from
    /// `attackers`.
    pub fn attacked(&self, sq: Square, by: Color, occ: SquareSet, attackers: SquareSet) -> bool {
        let v = self.variant;
        let c = by.index();
        let base = c * v.nprof;
        if v.leap_att_any[c * GRID_CELLS + sq.index()] & attackers != 0 {
            for &p in &v.leap_profiles[c] {
                let p = p as usize;
                if v.leap_att[(base + p) * GRID_CELLS + sq.index()]
                    & self.by_profile[c][p]
                    & attackers
                    != 0
                {
                    return true;
                }
            }
        }
        let ndirs = v.dirs.len();
        let lines = if v.line_att_any[c * GRID_CELLS + sq.index()] & attackers != 0 {
            &v.cap_dirs[c][..]
        } else {
            &[]
        };
        for &d in lines {
            let d = d as usize;
            let idx = sq.index() * ndirs + d;
            let line = v.rev_lines[idx];
            if line & attackers == 0 {
                continue;
            }
            // The first two occupied squares of the line: a rider, or a hopper behind a screen.
            // (Not `line_attackers_to`: `occ` may hold squares of a move not yet made, with
            // no piece on the board to look up; only squares in `attackers` are read here.)
            let blockers = line & occ;
            if blockers == 0 {
                continue;
            }
            let desc = v.rev_desc[d];
            let t = first_on_line(blockers, desc);
            if attackers & t.bit() != 0 {
                let slot = (base + self.profile_on(t)) * ndirs + d;
                let (min, max) = v.ride_cap[slot];
                let dist = self.steps(sq, t, d);
                if max > 0 && dist >= min as usize && dist <= max as usize {
                    return true;
                }
            }
            let rest = blockers & !t.bit();
            if rest != 0 {
                let t = first_on_line(rest, desc);
                if attackers & t.bit() != 0 && v.hop_cap[(base + self.profile_on(t)) * ndirs + d] {
                    return true;
                }
            }
        }
        for la in &v.lame_att[c * GRID_CELLS + sq.index()] {
            if attackers & la.from.bit() == 0 {
                continue;
            }
            let piece = self.board[la.from.index()].expect("BUG: attacker square is occupied");
            if v.profile(piece.kind(), self.levels[la.from.index()]) == la.profile as usize
                && self.any_path_clear(la.path_start, la.path_count, occ)
            {
                return true;
            }
        }
        false
    }

    /// Every piece of either side in `occ` that could capture on `sq` if the squares in
    /// `occ` (and only those) were occupied: leapers, riders within their range, cannons
    /// over exactly one screen, lame leapers with a clear path. Pins are ignored. Static
    /// exchange evaluation asks again after each capture, with the captured-from squares
    /// taken out of `occ`, so pieces behind (and screens that vanish) count right;
    /// [`AttackScan`] answers those follow-up questions without a full scan.
    pub fn attackers_to(&self, sq: Square, occ: SquareSet) -> SquareSet {
        AttackScan::new(self, sq, occ).all()
    }

    /// The leapers of either side on the board that attack `sq` (whatever stands between).
    fn leap_attackers_to(&self, sq: Square) -> SquareSet {
        let v = self.variant;
        let mut found = 0;
        for by in Color::ALL {
            let c = by.index();
            let base = c * v.nprof;
            for &p in &v.leap_profiles[c] {
                let p = p as usize;
                found |= v.leap_att[(base + p) * GRID_CELLS + sq.index()] & self.by_profile[c][p];
            }
        }
        found
    }

    /// The lame leapers of either side in `occ` whose leap to `sq` has a clear path.
    fn lame_attackers_to(&self, sq: Square, occ: SquareSet) -> SquareSet {
        let v = self.variant;
        let mut found = 0;
        for by in Color::ALL {
            let c = by.index();
            for la in &v.lame_att[c * GRID_CELLS + sq.index()] {
                if occ & self.by_color[c] & la.from.bit() == 0 {
                    continue;
                }
                let piece = self.board[la.from.index()].expect("BUG: attacker square is occupied");
                if v.profile(piece.kind(), self.levels[la.from.index()]) == la.profile as usize
                    && self.any_path_clear(la.path_start, la.path_count, occ)
                {
                    found |= la.from.bit();
                }
            }
        }
        found
    }

    /// The riders and hoppers of either side in `occ` that capture on `sq` moving in
    /// direction `d` (an index into the variant's directions).
    fn line_attackers_to(&self, sq: Square, occ: SquareSet, d: usize) -> SquareSet {
        let v = self.variant;
        let ndirs = v.dirs.len();
        let blockers = v.rev_lines[sq.index() * ndirs + d] & occ;
        if blockers == 0 {
            return 0;
        }
        let desc = v.rev_desc[d];
        let slot = |t: Square| {
            let piece = self.board[t.index()].expect("BUG: occupied square has a piece");
            let profile = v.profile(piece.kind(), self.levels[t.index()]);
            (piece.color().index() * v.nprof + profile) * ndirs + d
        };
        let mut found = 0;
        // The first piece: a rider within its range.
        let t = first_on_line(blockers, desc);
        let (min, max) = v.ride_cap[slot(t)];
        let dist = self.steps(sq, t, d);
        if max > 0 && dist >= min as usize && dist <= max as usize {
            found |= t.bit();
        }
        // The second piece: a hopper over the first.
        let rest = blockers & !t.bit();
        if rest != 0 {
            let t = first_on_line(rest, desc);
            if v.hop_cap[slot(t)] {
                found |= t.bit();
            }
        }
        found
    }

    /// The movement profile of the piece on the occupied square `t`.
    #[inline]
    fn profile_on(&self, t: Square) -> usize {
        let piece = self.board[t.index()].expect("BUG: occupied square has a piece");
        self.variant.profile(piece.kind(), self.levels[t.index()])
    }

    /// Steps in direction `d` between two squares of one line.
    #[inline]
    fn steps(&self, a: Square, b: Square, d: usize) -> usize {
        a.index().abs_diff(b.index()) / self.variant.dir_step[d] as usize
    }

    #[inline]
    fn any_path_clear(&self, start: u32, count: u8, occ: SquareSet) -> bool {
        let v = self.variant;
        v.paths[start as usize..start as usize + count as usize]
            .iter()
            .any(|&(s, n)| {
                v.ray_squares[s as usize..s as usize + n as usize]
                    .iter()
                    .all(|t| occ & t.bit() == 0)
            })
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.turn();
        self.attacked(
            self.royal_square(us),
            !us,
            self.occupied,
            self.by_color[(!us).index()],
        )
    }

    /// The square of the Pawn an e.p. capture to `to` by `us` removes.
    #[inline]
    fn ep_victim(to: Square, us: Color) -> Square {
        to.offset(0, -us.forward())
            .expect("BUG: an e.p. square has a square behind it")
    }

    /// Pushes `mv` expanded by `rule` into its promotion choices.
    #[inline]
    fn push_rule(out: &mut Vec<Move>, mv: Move, rule: &super::variant::PromotionRule) {
        let flags = if rule.targets.len() > 1 {
            PROMO_CHOICE
        } else {
            0
        } | if rule.mandatory { 0 } else { PROMO_OPTIONAL };
        if !rule.mandatory {
            out.push(mv);
        }
        for &t in &rule.targets {
            out.push(Move {
                promotion: Some(t),
                flags,
                ..mv
            });
        }
    }

    /// Pushes `mv` with every choice it carries: capture promotions (which take precedence),
    /// zone promotions where `in_zone`, and the recipient of the level a King captures in
    /// games with levels.
    #[inline]
    fn push_choices(&self, out: &mut Vec<Move>, mv: Move, in_zone: bool) {
        let v = self.variant;
        if let Some(victim) = mv.capture {
            if v.has_capture_promotions {
                if let Some(rule) = v.capture_promotion(mv.piece.kind(), victim.kind()) {
                    return Self::push_rule(out, mv, rule);
                }
            }
            if v.levels && v.kinds[mv.piece.kind().index()].spec.royal {
                let us = mv.piece.color();
                let royal = self.state.royal[us.index()];
                let mut any = false;
                for r in Squares(self.by_color[us.index()] & !royal.bit()) {
                    any = true;
                    out.push(Move {
                        recipient: Some(r),
                        ..mv
                    });
                }
                if !any {
                    out.push(mv);
                }
                return;
            }
        }
        if in_zone {
            if let Some(rule) = v.promotion_at(mv.piece.color(), mv.piece.kind(), mv.to) {
                return Self::push_rule(out, mv, rule);
            }
        }
        out.push(mv);
    }

    /// Appends the pseudo-legal moves: every move by the pieces' movement, castling whose
    /// King does not start in, pass or land on an attacked square, but no test of whether
    /// the mover's King is left attacked.
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.pseudo_moves_of(out, Gen::All, !0);
    }

    /// [`Position::pseudo_moves`], or only its loud or quiet part (see [`Gen`]), of the
    /// pieces on `from` (castling and King swaps when the royal square is in it).
    fn pseudo_moves_of(&self, out: &mut Vec<Move>, gen: Gen, from: SquareSet) {
        // Positions without pieces that had their first move on a first-move square (all
        // positions of most games) pay nothing for the test below.
        if self.state.moved == 0 {
            self.pseudo_moves_in::<false>(out, gen, from);
        } else {
            self.pseudo_moves_in::<true>(out, gen, from);
        }
    }

    /// [`Position::pseudo_moves_of`]; `MOVED` says whether the `moved` set may hold a piece.
    fn pseudo_moves_in<const MOVED: bool>(&self, out: &mut Vec<Move>, gen: Gen, from: SquareSet) {
        let start = out.len();
        let v = self.variant;
        let us = self.turn();
        let occ = self.occupied;
        let promo_squares = |piece: Piece| {
            v.promo_zone[piece.color().index() * v.kinds.len() + piece.kind().index()]
        };
        for from in Squares(self.by_color[us.index()] & from) {
            let piece = self.board[from.index()].expect("BUG: own square is occupied");
            let zone = promo_squares(piece);
            let profile = v.profile(piece.kind(), self.levels[from.index()]);
            let sm = if MOVED && self.state.moved & from.bit() != 0 {
                v.moved_moves_from(us, profile, from)
            } else {
                v.moves_from(us, profile, from)
            };
            let base = Move {
                from,
                to: from,
                piece,
                capture: None,
                promotion: None,
                kind: MoveKind::Normal,
                flags: 0,
                recipient: None,
            };
            // A capture of `victim` on `to` by this piece.
            let capture = |to: Square, victim: Piece| Move {
                to,
                capture: Some(victim),
                ..base
            };
            let special = v.has_capture_promotions || v.levels;
            let push = |out: &mut Vec<Move>, mv: Move| {
                let in_zone = zone != 0 && zone & mv.to.bit() != 0;
                if in_zone || (special && mv.capture.is_some()) {
                    self.push_choices(out, mv, in_zone);
                } else {
                    out.push(mv);
                }
            };
            // Whether a quiet move counts only when it is loud (a promotion), and whether
            // captures are wanted. Squares are tested on the board (one byte) rather than
            // in the 128-bit sets, which the hot loops below would shift for every square.
            let loud_only = gen == Gen::Loud;
            let quiet_ok = |to: Square| !loud_only || zone & to.bit() != 0;
            let captures = gen != Gen::Quiet;
            for leap in &v.leaps[sm.leaps.0 as usize..sm.leaps.1 as usize] {
                let to = leap.to;
                match self.board[to.index()] {
                    None => {
                        if leap.flags & QUIET != 0 {
                            if quiet_ok(to) {
                                push(out, Move { to, ..base });
                            }
                        } else if captures
                            && leap.flags & EP_CAPTURE != 0
                            && self.state.ep == Some(to)
                        {
                            let victim = Self::ep_victim(to, us);
                            push(
                                out,
                                Move {
                                    to,
                                    capture: self.board[victim.index()],
                                    kind: MoveKind::EnPassant,
                                    ..base
                                },
                            );
                        }
                    }
                    Some(victim) => {
                        if captures && victim.color() != us && leap.flags & CAPTURE != 0 {
                            push(out, capture(to, victim));
                        }
                    }
                }
            }
            for ray in &v.rays[sm.rays.0 as usize..sm.rays.1 as usize] {
                let squares =
                    &v.ray_squares[ray.start as usize..ray.start as usize + ray.len as usize];
                if ray.hop {
                    let mut screened = false;
                    for &to in squares {
                        let Some(victim) = self.board[to.index()] else {
                            if screened && ray.flags & QUIET != 0 && quiet_ok(to) {
                                push(out, Move { to, ..base });
                            }
                            continue;
                        };
                        if !screened {
                            screened = true;
                            continue;
                        }
                        if captures && victim.color() != us && ray.flags & CAPTURE != 0 {
                            push(out, capture(to, victim));
                        }
                        break;
                    }
                } else {
                    for (k, &to) in squares.iter().enumerate() {
                        let reached = k + 1 >= ray.min as usize;
                        let Some(victim) = self.board[to.index()] else {
                            if reached && ray.flags & QUIET != 0 && quiet_ok(to) {
                                push(out, Move { to, ..base });
                            }
                            continue;
                        };
                        if captures && reached && victim.color() != us && ray.flags & CAPTURE != 0 {
                            push(out, capture(to, victim));
                        }
                        break;
                    }
                }
            }
            for lame in &v.lames[sm.lames.0 as usize..sm.lames.1 as usize] {
                let to = lame.to;
                let capture = match self.board[to.index()] {
                    None if lame.flags & QUIET != 0 && quiet_ok(to) => None,
                    Some(victim)
                        if captures && victim.color() != us && lame.flags & CAPTURE != 0 =>
                    {
                        Some(victim)
                    }
                    _ => continue,
                };
                if self.any_path_clear(lame.path_start, lame.path_count, occ) {
                    let kind = if lame.flags & SETS_EP != 0 {
                        MoveKind::DoubleStep
                    } else {
                        MoveKind::Normal
                    };
                    push(
                        out,
                        Move {
                            to,
                            capture,
                            kind,
                            ..base
                        },
                    );
                }
            }
        }
        let royal = from & self.royal_square(us).bit() != 0;
        match gen {
            Gen::All => {
                if royal {
                    self.castling_moves(out);
                    self.swap_moves(out);
                }
            }
            Gen::Quiet => {
                if royal {
                    self.castling_moves(out);
                    self.swap_moves(out);
                }
                // A zone move's promoting choices were pushed with the declining one.
                let mut i = start;
                while i < out.len() {
                    if out[i].promotion.is_some() || out[i].capture.is_some() {
                        out.swap_remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
            Gen::Loud => {
                let mut i = start;
                while i < out.len() {
                    if out[i].promotion.is_none() && out[i].capture.is_none() {
                        out.swap_remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
        }
    }

    /// Tamerspiel's King swap: once per game, only in check, the royal piece exchanges places
    /// with any friendly piece that no enemy piece attacks (pins do not matter). The swap
    /// never promotes; the King then stands where no enemy attacks, so it is always legal.
    fn swap_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn();
        if !self.variant.spec.extras.king_swap || !self.swap_unused(us) || !self.is_check() {
            return;
        }
        let them = !us;
        let king = self.royal_square(us);
        let enemy = self.by_color[them.index()];
        let piece = self.board[king.index()].expect("BUG: royal piece on its square");
        for to in Squares(self.by_color[us.index()] & !king.bit()) {
            if !self.attacked(to, them, self.occupied, enemy) {
                out.push(Move {
                    from: king,
                    to,
                    piece,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Swap,
                    flags: 0,
                    recipient: None,
                });
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let v = self.variant;
        let us = self.turn();
        if self.state.castling == 0 {
            return;
        }
        let them = !us;
        let mut in_check = None;
        for (i, c) in v.castlings.iter().enumerate() {
            let s = c.spec;
            if s.color != us
                || self.state.castling & c.right == 0
                || self.occupied & c.must_be_empty != 0
                || self.state.royal[us.index()] != s.king_from
                || self.board[s.rook_from.index()]
                    .is_none_or(|p| p.color() != us || !v.kinds[p.kind().index()].spec.castles)
            {
                continue;
            }
            let check = *in_check.get_or_insert_with(|| self.is_check());
            if check {
                return;
            }
            let attackers = self.by_color[them.index()];
            if Squares(c.king_path)
                .any(|sq| sq != s.king_from && self.attacked(sq, them, self.occupied, attackers))
            {
                continue;
            }
            out.push(Move {
                from: s.king_from,
                to: s.king_to,
                piece: self.board[s.king_from.index()].expect("BUG: King on its square"),
                capture: None,
                promotion: None,
                kind: MoveKind::Castle(i as u8),
                flags: 0,
                recipient: None,
            });
        }
    }

    /// Whether the mover's royal piece is safe after `mv` (a pseudo-legal move).
    pub(crate) fn is_safe_after(&self, mv: &Move) -> bool {
        let us = self.turn();
        let them = !us;
        let mut occ = (self.occupied & !mv.from.bit()) | mv.to.bit();
        let mut attackers = self.by_color[them.index()] & !mv.to.bit();
        let mut king = self.royal_square(us);
        match mv.kind {
            MoveKind::EnPassant => {
                let victim = Self::ep_victim(mv.to, us);
                occ &= !victim.bit();
                attackers &= !victim.bit();
            }
            MoveKind::Castle(i) => {
                let s = self.variant.castlings[i as usize].spec;
                occ = (self.occupied & !s.king_from.bit() & !s.rook_from.bit())
                    | s.king_to.bit()
                    | s.rook_to.bit();
                king = s.king_to;
            }
            MoveKind::Swap => {
                occ = self.occupied;
                king = mv.to;
            }
            MoveKind::Normal | MoveKind::DoubleStep => {
                if mv.from == king {
                    king = mv.to;
                }
            }
        }
        !self.attacked(king, them, occ, attackers)
    }

    /// Own pieces that may be pinned to the royal piece: each is the only piece between it
    /// and an enemy that slides along that line. A superset is fine (such moves are tested
    /// one by one); ranges are ignored for that reason.
    fn pinned(&self) -> SquareSet {
        let v = self.variant;
        let us = self.turn();
        let them = !us;
        let king = self.royal_square(us);
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let ndirs = v.dirs.len();
        let mut pinned = 0;
        for &d in &v.cap_dirs[them.index()] {
            let d = d as usize;
            let line = v.rev_lines[king.index() * ndirs + d];
            if line & enemy == 0 {
                continue;
            }
            // An own piece first, then an enemy rider.
            let blockers = line & self.occupied;
            let desc = v.rev_desc[d];
            let c = first_on_line(blockers, desc);
            let rest = blockers & !c.bit();
            if own & c.bit() == 0 || rest == 0 {
                continue;
            }
            let t = first_on_line(rest, desc);
            if enemy & t.bit() != 0
                && v.ride_cap[(them.index() * v.nprof + self.profile_on(t)) * ndirs + d].1 > 0
            {
                pinned |= c.bit();
            }
        }
        pinned
    }

    /// In games with hoppers: every square on a line from the mover's royal piece along
    /// which an enemy piece stands and some enemy piece captures by riding or hopping. Only
    /// a move from or to such a square can open an attack on a King not in check: it
    /// unblocks a rider, or adds, removes or captures a hopper's screen. Everything else
    /// (leaps, lame paths, e.p., the King's own moves) is tested as in games without hoppers.
    fn hop_lines(&self) -> SquareSet {
        let v = self.variant;
        let them = !self.turn();
        let king = self.royal_square(self.turn());
        let enemy = self.by_color[them.index()];
        let ndirs = v.dirs.len();
        let mut out = 0;
        for &d in &v.cap_dirs[them.index()] {
            let line = v.rev_lines[king.index() * ndirs + d as usize];
            if line & enemy != 0 {
                out |= line;
            }
        }
        out
    }

    /// Squares on the paths of enemy lame leaps that would capture the mover's royal piece
    /// if those paths were clear: moving away from one may expose it, so such moves are
    /// tested one by one, like moves of pinned pieces.
    fn lame_blockers(&self) -> SquareSet {
        let v = self.variant;
        let them = !self.turn();
        let king = self.royal_square(self.turn());
        let enemy = self.by_color[them.index()];
        let mut out = 0;
        for la in &v.lame_att[them.index() * GRID_CELLS + king.index()] {
            if enemy & la.from.bit() == 0 {
                continue;
            }
            let piece = self.board[la.from.index()].expect("BUG: attacker square is occupied");
            if v.profile(piece.kind(), self.levels[la.from.index()]) != la.profile as usize {
                continue;
            }
            let paths = &v.paths[la.path_start as usize..][..la.path_count as usize];
            for &(s, n) in paths {
                for t in &v.ray_squares[s as usize..][..n as usize] {
                    out |= t.bit();
                }
            }
        }
        out
    }

    /// Replaces the contents of `out` with the legal moves.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
        self.retain_legal(&self.pins(), out);
    }

    /// Replaces the contents of `out` with the legal *loud* moves: those that capture or
    /// promote (a zone move's declining twin is not loud). Quiescence searches these; with
    /// [`Position::legal_quiet_moves_into`] they make up [`Position::legal_moves`].
    pub fn legal_loud_moves_into(&self, out: &mut Vec<Move>) {
        self.legal_loud_moves_with(&self.pins(), !0, out);
    }

    /// Replaces the contents of `out` with the legal moves that neither capture nor
    /// promote (castling, King swaps and declined promotions included).
    pub fn legal_quiet_moves_into(&self, out: &mut Vec<Move>) {
        self.legal_quiet_moves_with(&self.pins(), !0, out);
    }

    /// [`Position::legal_loud_moves_into`] for the pieces on `from` only, in the same order,
    /// with this position's [`Pins`]. A search checks a remembered move with it without
    /// generating every move.
    pub fn legal_loud_moves_with(&self, pins: &Pins, from: SquareSet, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves_of(out, Gen::Loud, from);
        self.retain_legal(pins, out);
    }

    /// [`Position::legal_quiet_moves_into`] for the pieces on `from` only (castling and
    /// King swaps with the royal piece's square), in the same order, with this position's
    /// [`Pins`].
    pub fn legal_quiet_moves_with(&self, pins: &Pins, from: SquareSet, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves_of(out, Gen::Quiet, from);
        self.retain_legal(pins, out);
    }

    /// What the legality filter needs to know about this position before looking at any
    /// move. A search computes it once per node and passes it to every generator call of
    /// that node ([`Position::legal_loud_moves_with`], [`Position::legal_quiet_moves_with`]).
    pub fn pins(&self) -> Pins {
        self.pins_knowing_check(self.is_check())
    }

    /// [`Position::pins`] for a caller that already knows whether the side to move is in
    /// check (`check` must be what [`Position::is_check`] says): a search knows it at every
    /// node, and asking again was 2% of its work.
    pub fn pins_knowing_check(&self, check: bool) -> Pins {
        debug_assert_eq!(check, self.is_check());
        let v = self.variant;
        if check {
            return Pins {
                check: true,
                from: !0,
                to: !0,
            };
        }
        // Moves from these squares may expose the King.
        let mut from = if v.simple_legality {
            self.pinned()
        } else {
            self.hop_lines()
        };
        // Moves to these squares may too: a piece landing between a hopper and the King
        // becomes its screen.
        let to = if v.simple_legality { 0 } else { from };
        if v.lame_captures {
            from |= self.lame_blockers();
        }
        Pins {
            check: false,
            from,
            to,
        }
    }

    /// Keeps the pseudo-legal moves in `out` that do not leave the mover's royal piece
    /// attacked; `pins` are this position's.
    fn retain_legal(&self, pins: &Pins, out: &mut Vec<Move>) {
        if pins.check {
            out.retain(|m| self.is_safe_after(m));
            return;
        }
        let us = self.turn();
        let king = self.royal_square(us);
        let them = !us;
        let enemy = self.by_color[them.index()];
        out.retain(|m| {
            if m.from == king {
                match m.kind {
                    MoveKind::Normal => {
                        !self.attacked(m.to, them, self.occupied & !king.bit(), enemy & !m.to.bit())
                    }
                    _ => self.is_safe_after(m),
                }
            } else if pins.from & m.from.bit() == 0
                && pins.to & m.to.bit() == 0
                && m.kind != MoveKind::EnPassant
            {
                true
            } else {
                self.is_safe_after(m)
            }
        });
    }

    /// The legal moves. Moves that offer a choice (promote or not, which type) are listed
    /// once per choice.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The side to move's moves before the legality filter (those that leave its royal
    /// piece attacked included), less any that would take a royal piece: what a premove may
    /// be, made in [`Position::passed_to`] while the opponent thinks, since the opponent's
    /// move decides whether it is legal.
    pub fn pseudo_legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.pseudo_moves(&mut out);
        out.retain(|m| {
            m.capture
                .is_none_or(|p| !self.variant.piece(p.kind()).royal)
        });
        out
    }

    /// The moves `me` may make in advance (premove) while the other side is to move, as
    /// lichess judges them: what `me`'s pieces could do were it their turn
    /// ([`Position::passed_to`], King safety aside), and also a capture onto a square where
    /// one of `me`'s own pieces stands now (the recapture after a trade) or onto an empty
    /// square (a Pawn's diagonal), since the opponent's move may put a piece there. Moves
    /// onto such squares carry a stand-in capture: what counts is the squares and the
    /// choice made; the move is looked up among the legal ones when the turn comes.
    pub fn premove_moves(&self, me: Color) -> Vec<Move> {
        let own = self.passed_to(me);
        let mut out = own.pseudo_legal_moves();
        let known: Vec<(Square, Square)> = out.iter().map(|m| (m.from, m.to)).collect();
        let royal = |p: Piece| self.variant.piece(p.kind()).royal;
        // A stand-in for a piece that is not there: the opponent's first piece that is
        // not royal (at level 1 where pieces have levels).
        let Some((stand_in, _)) = self.variant.kinds().find(|(_, spec)| !spec.royal) else {
            return out;
        };
        let stand_in = Piece::new(!me, stand_in);
        let stand_in_level = u16::from(self.variant.has_levels());
        for from in Squares(self.pieces_of(me)) {
            let mut board = own.clone();
            // Every other piece of `me` (royal ones aside) and every empty square becomes
            // the opponent's: captures onto them are what the piece could do.
            for (sq, other) in self.pieces() {
                if other.color() == me && sq != from && !royal(other) {
                    let level = self.level_at(sq);
                    board.place(sq, Some(Piece::new(!me, other.kind())), level);
                }
            }
            let empty = self.variant.shape().squares() & !self.occupied();
            for sq in Squares(empty) {
                board.place(sq, Some(stand_in), stand_in_level);
            }
            for mv in board.pseudo_legal_moves() {
                let new = mv.from == from
                    && mv.capture.is_some()
                    && !known.contains(&(mv.from, mv.to))
                    && !out.contains(&mv);
                if new {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Whether an e.p. capture is legal now (for repetition; README, "Rules").
    pub(crate) fn has_legal_ep(&self) -> bool {
        let Some(ep) = self.state.ep else {
            return false;
        };
        // An e.p. capture is a Pawn's capturing leap to the e.p. square, so only the mover's
        // leapers that attack that square can make one: the search asks after every double
        // step, and generating every legal move for it showed in its profile.
        let from = self.leap_attackers_to(ep) & self.by_color[self.turn().index()];
        if from == 0 {
            return false;
        }
        let mut moves = Vec::new();
        self.pseudo_moves_of(&mut moves, Gen::Loud, from);
        moves
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant && self.is_safe_after(m))
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (1 at depth 0).
    /// Draws by rule are ignored (README, "Rules": perft lists the moves of any position).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(128); depth as usize + 1];
        perft_inner(self, depth, &mut buffers)
    }

    /// Perft split by first move: each legal move with the leaf count below it.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut buffers = vec![Vec::with_capacity(128); depth as usize];
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|m| {
                let undo = self.make(m);
                let n = perft_inner(self, depth - 1, &mut buffers);
                self.unmake(m, undo);
                (m, n)
            })
            .collect()
    }
}

fn perft_inner(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("BUG: one buffer per ply");
    pos.legal_moves_into(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &m in buf.iter() {
        let undo = pos.make(m);
        nodes += perft_inner(pos, depth - 1, rest);
        pos.unmake(m, undo);
    }
    nodes
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    /// Legal moves by brute force: make each pseudo-legal move and test the King.
    fn brute_legal(pos: &mut Position) -> Vec<Move> {
        let mut pseudo = Vec::new();
        pos.pseudo_moves(&mut pseudo);
        pseudo
            .into_iter()
            .filter(|&m| {
                let undo = pos.make(m);
                let mover = !pos.turn();
                let ok = !pos.attacked(
                    pos.royal_square(mover),
                    pos.turn(),
                    pos.occupied,
                    pos.by_color[pos.turn().index()],
                );
                pos.unmake(m, undo);
                ok
            })
            .collect()
    }

    fn sweep(pos: &mut Position, depth: u32) {
        let mut fast = pos.legal_moves();
        let mut slow = brute_legal(pos);
        let key = |m: &Move| (m.from, m.to, m.promotion, m.flags);
        fast.sort_by_key(key);
        slow.sort_by_key(key);
        assert_eq!(
            fast,
            slow,
            "legal filter disagrees with make/unmake in {}",
            pos.fen()
        );
        if depth > 0 {
            for m in fast {
                let undo = pos.make(m);
                sweep(pos, depth - 1);
                pos.unmake(m, undo);
            }
        }
    }

    /// `Variant::reach` lists exactly the destinations of the pseudo-legal moves, in
    /// positions along playouts of every game (riders stopped by pieces and holes at every
    /// distance, in every direction).
    #[test]
    fn reach_agrees_with_move_generation() {
        for pos in playout_positions(40) {
            let mut pseudo = Vec::new();
            pos.pseudo_moves(&mut pseudo);
            for (sq, piece) in pos.pieces() {
                if piece.color() != pos.turn() {
                    continue;
                }
                let reach = pos.variant().reach(
                    piece.kind(),
                    piece.color(),
                    pos.level_at(sq),
                    sq,
                    pos.occupied(),
                ) & !pos.pieces_of(pos.turn());
                let moves = pseudo
                    .iter()
                    .filter(|m| {
                        m.from == sq
                            && !m.is_castle()
                            && !matches!(m.kind, MoveKind::EnPassant | MoveKind::Swap)
                    })
                    .fold(0, |a, m| a | m.to.bit());
                assert_eq!(reach, moves, "{sq} in {}", pos.fen());
            }
        }
    }

    #[test]
    fn legal_ep_is_found_where_the_move_list_has_it() {
        let mut seen = 0;
        for mut pos in playout_positions(40) {
            for mv in pos.legal_moves() {
                if mv.kind != MoveKind::DoubleStep {
                    continue;
                }
                let undo = pos.make(mv);
                let listed = pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.kind == MoveKind::EnPassant);
                assert_eq!(pos.has_legal_ep(), listed, "{}", pos.fen());
                seen += usize::from(listed);
                pos.unmake(mv, undo);
            }
        }
        assert!(seen > 0, "no position with a legal e.p. capture was tried");
    }

    /// Positions along pseudo-random playouts of every game (three each), `plies` deep.
    pub(crate) fn playout_positions(plies: usize) -> Vec<Position> {
        let mut out = Vec::new();
        for id in VariantId::ALL {
            for game in 0..3u64 {
                let mut pos = Position::start(variant(id));
                let mut x = 0x2545_f491_4f6c_dd1d ^ (game + 1).wrapping_mul(0x9e37_79b9);
                for _ in 0..plies {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    pos.make(moves[(x % moves.len() as u64) as usize]);
                    out.push(pos.clone());
                }
            }
        }
        out
    }

    #[test]
    fn loud_and_quiet_moves_split_the_legal_moves() {
        let key = |m: &Move| (m.from, m.to, m.promotion, m.recipient, m.flags);
        let (mut loud, mut quiet) = (Vec::new(), Vec::new());
        for pos in playout_positions(60) {
            pos.legal_loud_moves_into(&mut loud);
            pos.legal_quiet_moves_into(&mut quiet);
            let all = pos.legal_moves();
            let mut expect_loud: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| m.capture.is_some() || m.promotion.is_some())
                .collect();
            let mut expect_quiet: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| m.capture.is_none() && m.promotion.is_none())
                .collect();
            for list in [&mut loud, &mut quiet, &mut expect_loud, &mut expect_quiet] {
                list.sort_by_key(key);
            }
            assert_eq!(loud, expect_loud, "loud moves of {}", pos.fen());
            assert_eq!(quiet, expect_quiet, "quiet moves of {}", pos.fen());
        }
    }

    #[test]
    fn attackers_to_agrees_with_attacked() {
        for pos in playout_positions(40) {
            // The full board, and the board with every third piece lifted off.
            let lifted = Squares(pos.occupied)
                .enumerate()
                .filter(|(i, _)| i % 3 == 1)
                .fold(0, |a, (_, sq)| a | sq.bit());
            for occ in [pos.occupied, pos.occupied & !lifted] {
                for sq in Squares(pos.variant.shape().squares()) {
                    let set = pos.attackers_to(sq, occ);
                    assert_eq!(set & !occ, 0);
                    for by in Color::ALL {
                        let attackers = pos.by_color[by.index()] & occ;
                        assert_eq!(
                            set & attackers != 0,
                            pos.attacked(sq, by, occ, attackers),
                            "{by} on {sq} in {}",
                            pos.fen()
                        );
                        // Each piece found attacks the square on its own.
                        for a in Squares(set & attackers) {
                            assert!(pos.attacked(sq, by, occ, a.bit()), "{a} -> {sq}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn attack_scan_follows_removals() {
        for pos in playout_positions(40) {
            for sq in Squares(pos.variant.shape().squares()) {
                let mut scan = AttackScan::new(&pos, sq, pos.occupied);
                let mut occ = pos.occupied;
                // Lift every piece off, one by one.
                for from in Squares(pos.occupied & !sq.bit()) {
                    scan.remove(from);
                    occ &= !from.bit();
                    assert_eq!(
                        scan.all(),
                        pos.attackers_to(sq, occ),
                        "{sq} after lifting {from} in {}",
                        pos.fen()
                    );
                }
            }
        }
    }

    #[test]
    fn null_move_passes_the_turn() {
        for mut pos in playout_positions(30) {
            if pos.is_check() {
                continue;
            }
            let before = pos.clone();
            let undo = pos.make_null();
            assert_eq!(pos.turn(), !before.turn());
            assert_eq!(pos.ep_square(), None);
            assert_eq!(pos.hash(), pos.compute_hash(), "{}", before.fen());
            assert_eq!(pos.halfmoves(), before.halfmoves() + 1);
            // The same position built from its text has the same moves.
            let rebuilt = Position::from_fen(pos.variant, &pos.fen()).unwrap();
            assert_eq!(rebuilt.hash(), pos.hash());
            assert_eq!(rebuilt.legal_moves(), pos.legal_moves());
            pos.unmake_null(undo);
            assert_eq!(pos, before);
        }
    }

    #[test]
    fn fast_legality_matches_make_unmake() {
        let chess = variant(VariantId::Chess);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPP1/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            sweep(&mut Position::from_fen(chess, fen).unwrap(), 2);
        }
        // Lame attackers: a Nobleman, a Supercav and a Tetrarch whose paths pass by pieces.
        let tamer = variant(VariantId::Tamerspiel);
        for fen in [
            "1c2hk2b1gr/*1p2vpp3*/*A1p5l1*/*2T2S1N2*/*1E4C3*/*2PL4M1*/*1P4PP1W*/RG3Q6 w k - 0 30 swap:Kk",
            "b1h2k4r1/*1P1p2p1N1*/*SP2p2p2*/*9P*/*1P6pS*/*N7Pn*/*PP5PP1*/Rs4K4R w - - 0 30 swap:Kk",
            "5k6/*3n6*/*4s5*/*10*/*5n4*/*10*/*4PP4*/5QT5 w - - 0 1 swap:Kk",
        ] {
            sweep(&mut Position::from_fen(tamer, fen).unwrap(), 2);
        }
        // Hoppers: a Cannon, an Arrow and a Tank (both) aimed at the King with no screen,
        // one screen (check) and two; pieces that could land on, leave or capture a screen.
        let eurasian = variant(VariantId::ApcMixedEurasian);
        for fen in [
            "4k3/8/4x3/8/8/8/8/2N1K3 w - - 0 1",
            "k7/4x3/8/4p3/8/4N3/8/4K3 w - - 0 1",
            "k7/4x3/8/4p3/4P3/8/2B5/4K2R w - - 0 1",
            "4k3/8/8/w7/1P6/8/8/2B1K3 w - - 0 1",
            "1k6/8/8/w3t3/1p6/8/3R4/R3K3 w Q - 0 1",
            "3qk3/3pp3/4v3/3N4/8/4s3/3P1P2/3XK1W1 b - - 0 1",
            "r3k2r/pppx1ppp/2n2w2/3tp3/4P3/2NT1W2/PPPX1PPP/R3K2R w KQkq - 0 9",
        ] {
            sweep(&mut Position::from_fen(eurasian, fen).unwrap(), 2);
        }
    }

    #[test]
    fn fast_legality_matches_make_unmake_along_playouts() {
        for mut pos in playout_positions(50) {
            sweep(&mut pos, 0);
        }
    }
}
