//! Move ordering: what the search learns about moves (histories, killers, counter moves)
//! and the staged move picker that hands moves out best first.
//!
//! The picker works in stages, so a node that is refuted early never generates or scores
//! the moves it does not need (Stockfish's `movepick.cpp` is the model):
//!
//! 1. the hash move;
//! 2. loud moves (captures and promotions) whose static exchange does not lose, most
//!    valuable victim first, corrected by the capture history;
//! 3. the two killer moves and the counter move (quiet moves that refuted siblings or the
//!    opponent's last move);
//! 4. the other quiet moves, by main history plus continuation history (the move's record
//!    after the previous move and after our own move before it); a declined promotion that
//!    the promotion dominates comes last;
//! 5. the loud moves that lose material by SEE, and under-promotions.
//!
//! Every move comes from the legal generators; hash, killer and counter moves are only keys
//! matched against them, never trusted as moves. A key is matched against the moves of the
//! piece on its origin alone, so a node refuted by its hash move or a killer never generates
//! the rest; the full lists, generated later, lose what was handed out in the same order,
//! so they hold what they would hold had they been generated up front.

use crate::rules::{Move, Pins, Position, Square};

use super::eval::Tables;
use super::see::see_ge;

/// A compact, comparable name of a move for the hash table and the killer slots: origin,
/// destination, promotion type and level recipient. Moves of one position that agree on
/// these are the same move; the key is only ever a hint for ordering, matched against the
/// generated moves, never trusted as a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct MoveKey(pub u32);

impl MoveKey {
    /// No move.
    pub(crate) const NONE: MoveKey = MoveKey(0);

    /// The key of `mv`.
    #[inline]
    pub(crate) fn of(mv: &Move) -> MoveKey {
        // Square indices are below 120 and kinds below 63, so every part fits its field.
        let promo = mv.promotion.map_or(0, |k| u32::from(k.0) + 1);
        let recipient = mv.recipient.map_or(0, |sq| sq.index() as u32 + 1);
        MoveKey(
            mv.from.index() as u32
                | (mv.to.index() as u32) << 8
                | promo << 16
                | (recipient & 0x7f) << 24
                | 1 << 31,
        )
    }

    /// Whether this is no move.
    #[inline]
    pub(crate) fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The origin square (`None` for no move).
    #[inline]
    pub(crate) fn from(self) -> Option<Square> {
        if self.is_none() {
            return None;
        }
        Square::from_index((self.0 & 0xff) as usize)
    }
}

/// History scores stay within this magnitude (the update is self-limiting).
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// Rewards (`bonus > 0`) or penalises an entry; large values decay toward the bound.
#[inline]
fn gravity(h: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = i32::from(*h);
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// A (piece, destination) pair in the dense numbering of the continuation history; also
/// what each ply of the search remembers about the move made there.
pub(crate) type PieceTo = u32;

/// No move (the root, or a null move): continuation lookups through it read zeros.
pub(crate) const NO_PIECE_TO: PieceTo = u32::MAX;

/// What the search learns about moves, per game (the tables are sized by its piece kinds
/// and board).
#[derive(Debug)]
pub(crate) struct Heuristics {
    /// Board width, for dense square numbers.
    files: usize,
    /// Dense squares on the board (files x ranks).
    cells: usize,
    /// Piece kinds of the game.
    kinds: usize,
    /// Per (colour, from, to).
    main: Vec<i16>,
    /// Per (piece, to, victim kind).
    capture: Vec<i16>,
    /// Per (previous piece-to, piece-to).
    cont: Vec<i16>,
    /// Per previous piece-to: the quiet move that refuted it.
    counter: Vec<MoveKey>,
}

impl Heuristics {
    /// Empty tables for a game with `kinds` piece kinds on a `files` x `ranks` board.
    pub(crate) fn new(kinds: usize, files: usize, ranks: usize) -> Heuristics {
        let cells = files * ranks;
        let pieces = 2 * kinds;
        Heuristics {
            files,
            cells,
            kinds,
            main: vec![0; 2 * cells * cells],
            capture: vec![0; pieces * cells * kinds],
            cont: vec![0; (pieces * cells) * (pieces * cells)],
            counter: vec![MoveKey::NONE; pieces * cells],
        }
    }

    /// Whether the tables fit a game of this shape.
    pub(crate) fn fits(&self, kinds: usize, files: usize, ranks: usize) -> bool {
        self.kinds == kinds && self.files == files && self.cells == files * ranks
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.main.fill(0);
        self.capture.fill(0);
        self.cont.fill(0);
        self.counter.fill(MoveKey::NONE);
    }

    /// Halves the main and capture histories, so a new search keeps their shape but can
    /// relearn. The continuation history (megabytes in the larger games: halving it would
    /// cost milliseconds of every move) keeps its gravity-bounded values until a new game.
    pub(crate) fn age(&mut self) {
        for h in self.main.iter_mut().chain(self.capture.iter_mut()) {
            *h /= 2;
        }
    }

    #[inline]
    fn dense(&self, sq: Square) -> usize {
        usize::from(sq.rank()) * self.files + usize::from(sq.file())
    }

    #[inline]
    fn piece_index(&self, mv: &Move) -> usize {
        mv.piece.color().index() * self.kinds + mv.piece.kind().index()
    }

    /// The continuation key of `mv` (the moving piece before any promotion, and where it
    /// lands).
    #[inline]
    pub(crate) fn piece_to(&self, mv: &Move) -> PieceTo {
        (self.piece_index(mv) * self.cells + self.dense(mv.to)) as PieceTo
    }

    #[inline]
    fn main_index(&self, mv: &Move) -> usize {
        (mv.piece.color().index() * self.cells + self.dense(mv.from)) * self.cells
            + self.dense(mv.to)
    }

    #[inline]
    fn cont_index(&self, prev: PieceTo, pt: PieceTo) -> Option<usize> {
        (prev != NO_PIECE_TO).then(|| prev as usize * 2 * self.kinds * self.cells + pt as usize)
    }

    #[inline]
    fn capture_index(&self, mv: &Move) -> usize {
        let victim = mv.capture.map_or(0, |c| c.kind().index());
        (self.piece_index(mv) * self.cells + self.dense(mv.to)) * self.kinds + victim
    }

    /// Main history of a quiet move.
    #[inline]
    pub(crate) fn main_score(&self, mv: &Move) -> i32 {
        i32::from(self.main[self.main_index(mv)])
    }

    /// Continuation history of `mv` after a move with key `prev`.
    #[inline]
    pub(crate) fn cont_score(&self, prev: PieceTo, mv: &Move) -> i32 {
        self.cont_index(prev, self.piece_to(mv))
            .map_or(0, |i| i32::from(self.cont[i]))
    }

    /// The history score of a quiet move: main history and the continuation histories after
    /// the last two moves (`prev[0]` the opponent's, `prev[1]` our own before it).
    #[inline]
    pub(crate) fn quiet_score(&self, mv: &Move, prev: [PieceTo; 2]) -> i32 {
        self.main_score(mv) + self.cont_score(prev[0], mv) + self.cont_score(prev[1], mv)
    }

    /// Capture history of a loud move.
    #[inline]
    pub(crate) fn capture_score(&self, mv: &Move) -> i32 {
        i32::from(self.capture[self.capture_index(mv)])
    }

    /// The counter move to the previous move.
    #[inline]
    pub(crate) fn counter(&self, prev: PieceTo) -> MoveKey {
        if prev == NO_PIECE_TO {
            MoveKey::NONE
        } else {
            self.counter[prev as usize]
        }
    }

    /// Rewards or penalises a quiet move.
    pub(crate) fn update_quiet(&mut self, mv: &Move, prev: [PieceTo; 2], bonus: i32) {
        let i = self.main_index(mv);
        gravity(&mut self.main[i], bonus);
        let pt = self.piece_to(mv);
        for p in prev {
            if let Some(i) = self.cont_index(p, pt) {
                gravity(&mut self.cont[i], bonus);
            }
        }
    }

    /// Rewards or penalises a loud move.
    pub(crate) fn update_capture(&mut self, mv: &Move, bonus: i32) {
        let i = self.capture_index(mv);
        gravity(&mut self.capture[i], bonus);
    }

    /// Records `mv` as the refutation of the move `prev`.
    pub(crate) fn set_counter(&mut self, prev: PieceTo, mv: &Move) {
        if prev != NO_PIECE_TO {
            self.counter[prev as usize] = MoveKey::of(mv);
        }
    }
}

/// Value of the piece a move captures, at its level where levels matter.
#[inline]
pub(crate) fn victim_value(pos: &Position, t: &Tables, mv: &Move) -> i32 {
    mv.capture
        .map_or(0, |c| t.value[t.profile(c.kind(), pos.level_at(mv.to))])
}

/// Value gained by the promotion a move makes (0 when none).
#[inline]
pub(crate) fn promotion_gain(t: &Tables, mv: &Move) -> i32 {
    mv.promotion.map_or(0, |k| {
        t.kind_value[k.index()] - t.kind_value[mv.piece.kind().index()]
    })
}

/// Whether `mv` promotes to less than the best type its rule offers (an under-promotion).
pub(crate) fn under_promotion(pos: &Position, t: &Tables, mv: &Move) -> bool {
    let Some(kind) = mv.promotion else {
        return false;
    };
    let v = pos.variant();
    let rule = mv
        .capture
        .and_then(|c| v.capture_promotion(mv.piece.kind(), c.kind()))
        .or_else(|| v.promotion_at(mv.piece.color(), mv.piece.kind(), mv.to));
    rule.is_some_and(|r| {
        r.targets
            .iter()
            .any(|k| t.kind_value[k.index()] > t.kind_value[kind.index()])
    })
}

/// Whether the search should treat `mv` as quiet (no capture, no promotion).
#[inline]
pub(crate) fn is_quiet(mv: &Move) -> bool {
    mv.capture.is_none() && mv.promotion.is_none()
}

/// The order of a loud move among loud moves.
#[inline]
pub(crate) fn loud_score(pos: &Position, t: &Tables, h: &Heuristics, mv: &Move) -> i32 {
    8 * (victim_value(pos, t, mv) + promotion_gain(t, mv)) + h.capture_score(mv) / 16
}

/// Where the picker is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Hash,
    GenerateLoud,
    GoodLoud,
    Refutations,
    Quiets,
    BadLoud,
    Done,
}

/// The staged move picker of one node. Its buffers belong to the node's frame, so nothing
/// is allocated per node.
pub(crate) struct Picker {
    stage: Stage,
    hash: MoveKey,
    /// Killers, then the counter move.
    refutations: [MoveKey; 3],
    prev: [PieceTo; 2],
    /// Whether the hash move was handed out, and from which list.
    hash_was_loud: bool,
    hash_was_quiet: bool,
    /// The refutations handed out before the quiet moves were generated.
    handed: [MoveKey; 3],
    /// The legality filter's view of the node, once a generator needed it.
    pins: Option<Pins>,
    /// Whether the side to move is in check (the search knows; the pins need it).
    in_check: bool,
    next: usize,
    /// Skip the remaining quiet moves (late-move pruning).
    pub skip_quiets: bool,
    /// Loud moves only (quiescence), or all moves.
    loud_only: bool,
}

/// The move lists a picker fills (kept in the node's frame between nodes).
#[derive(Default)]
pub(crate) struct MoveLists {
    pub loud: Vec<Move>,
    pub loud_scores: Vec<i32>,
    pub quiet: Vec<Move>,
    pub quiet_scores: Vec<i32>,
    pub bad: Vec<Move>,
}

impl Picker {
    /// A picker for all moves of a node.
    pub(crate) fn new(
        hash: MoveKey,
        killers: [MoveKey; 2],
        counter: MoveKey,
        prev: [PieceTo; 2],
        in_check: bool,
    ) -> Picker {
        Picker {
            stage: Stage::Hash,
            hash,
            refutations: [killers[0], killers[1], counter],
            prev,
            hash_was_loud: false,
            hash_was_quiet: false,
            handed: [MoveKey::NONE; 3],
            pins: None,
            in_check,
            next: 0,
            skip_quiets: false,
            loud_only: false,
        }
    }

    /// A picker for quiescence: the hash move if loud, then the loud moves that do not
    /// lose by SEE and are not under-promotions, best first. Only for a side not in check
    /// (quiescence searches every evasion, with [`Picker::new`]).
    pub(crate) fn quiescence(hash: MoveKey) -> Picker {
        let mut p = Picker::new(
            hash,
            [MoveKey::NONE; 2],
            MoveKey::NONE,
            [NO_PIECE_TO; 2],
            false,
        );
        p.loud_only = true;
        p
    }

    /// Whether the picker has reached its quiet stage (everything handed out before it was
    /// the hash move, a good loud move or a refutation).
    pub(crate) fn in_late_stages(&self) -> bool {
        matches!(self.stage, Stage::Quiets | Stage::BadLoud | Stage::Done)
    }

    /// The quiet moves, into the quiet list, without those handed out already (taken out in
    /// the order they were, so the list is what it would be had it been generated first).
    fn generate_quiets(&mut self, pos: &Position, lists: &mut MoveLists) {
        let pins = self.pins(pos);
        pos.legal_quiet_moves_with(&pins, !0, &mut lists.quiet);
        if self.hash_was_quiet {
            Self::take(&mut lists.quiet, self.hash);
        }
        for key in self.handed {
            Self::take(&mut lists.quiet, key);
        }
    }

    /// The position's [`Pins`], computed at the first generator call of the node.
    fn pins(&mut self, pos: &Position) -> Pins {
        let check = self.in_check;
        *self
            .pins
            .get_or_insert_with(|| pos.pins_knowing_check(check))
    }

    /// The move named `key`, if it is a legal loud (or quiet) move here: only the moves of
    /// the piece on the key's origin are generated into `list` (a node refuted by it needs
    /// no other), in the order of the full lists, so the move found is the one those give.
    fn find(
        &mut self,
        pos: &Position,
        key: MoveKey,
        loud: bool,
        list: &mut Vec<Move>,
    ) -> Option<Move> {
        let from = key.from()?.bit();
        let pins = self.pins(pos);
        if loud {
            pos.legal_loud_moves_with(&pins, from, list);
        } else {
            pos.legal_quiet_moves_with(&pins, from, list);
        }
        Self::take(list, key)
    }

    /// The hash move, if it is a legal move here: loud ones first, as in the full lists.
    fn hash_move(&mut self, pos: &Position, lists: &mut MoveLists) -> Option<Move> {
        if let Some(mv) = self.find(pos, self.hash, true, &mut lists.loud) {
            self.hash_was_loud = true;
            return Some(mv);
        }
        if self.loud_only {
            return None;
        }
        let mv = self.find(pos, self.hash, false, &mut lists.quiet);
        self.hash_was_quiet = mv.is_some();
        mv
    }

    /// Removes and returns the move with key `key` from `list`, if it is there.
    fn take(list: &mut Vec<Move>, key: MoveKey) -> Option<Move> {
        if key.is_none() {
            return None;
        }
        let i = list.iter().position(|m| MoveKey::of(m) == key)?;
        Some(list.swap_remove(i))
    }

    /// The next move, or `None` when all have been handed out.
    pub(crate) fn next(
        &mut self,
        pos: &Position,
        t: &Tables,
        h: &Heuristics,
        lists: &mut MoveLists,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::Hash => {
                    self.stage = Stage::GenerateLoud;
                    if !self.hash.is_none() {
                        if let Some(mv) = self.hash_move(pos, lists) {
                            return Some(mv);
                        }
                    }
                }
                Stage::GenerateLoud => {
                    let pins = self.pins(pos);
                    pos.legal_loud_moves_with(&pins, !0, &mut lists.loud);
                    if self.hash_was_loud {
                        // Handed out already.
                        Self::take(&mut lists.loud, self.hash);
                    }
                    lists.bad.clear();
                    lists.loud_scores.clear();
                    lists
                        .loud_scores
                        .extend(lists.loud.iter().map(|m| loud_score(pos, t, h, m)));
                    self.stage = Stage::GoodLoud;
                }
                Stage::GoodLoud => {
                    let Some(mv) = pick(&mut lists.loud, &mut lists.loud_scores) else {
                        // Quiescence never searches the losing ones.
                        self.stage = if self.loud_only {
                            Stage::Done
                        } else {
                            Stage::Refutations
                        };
                        self.next = 0;
                        continue;
                    };
                    if under_promotion(pos, t, &mv)
                        || t.declining_dominated(pos, &mv)
                        || !see_ge(pos, t, &mv, 0)
                    {
                        lists.bad.push(mv);
                        continue;
                    }
                    return Some(mv);
                }
                Stage::Refutations => {
                    if self.next >= self.refutations.len() {
                        self.stage = Stage::Quiets;
                        if !self.skip_quiets {
                            self.generate_quiets(pos, lists);
                            let prev = self.prev;
                            lists.quiet_scores.clear();
                            lists.quiet_scores.extend(
                                lists
                                    .quiet
                                    .iter()
                                    .map(|m| h.quiet_score(m, prev) - declined_penalty(pos, t, m)),
                            );
                        }
                        continue;
                    }
                    let key = self.refutations[self.next];
                    self.next += 1;
                    if key.is_none()
                        || key == self.hash
                        || self.refutations[..self.next - 1].contains(&key)
                    {
                        continue;
                    }
                    // The full quiet list comes only with the quiet stage.
                    if let Some(mv) = self.find(pos, key, false, &mut lists.quiet) {
                        self.handed[self.next - 1] = key;
                        return Some(mv);
                    }
                }
                Stage::Quiets => {
                    if !self.skip_quiets {
                        // Generated and scored on entering this stage.
                        if let Some(mv) = pick(&mut lists.quiet, &mut lists.quiet_scores) {
                            return Some(mv);
                        }
                    }
                    self.stage = Stage::BadLoud;
                    self.next = 0;
                }
                Stage::BadLoud => {
                    if self.next < lists.bad.len() {
                        self.next += 1;
                        return Some(lists.bad[self.next - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Ordering penalty of a declined promotion that the promotion dominates (see
/// [`Tables::declining_dominated`]): it goes after every other quiet move.
#[inline]
fn declined_penalty(pos: &Position, t: &Tables, mv: &Move) -> i32 {
    if t.declining_dominated(pos, mv) {
        1 << 20
    } else {
        0
    }
}

/// Removes and returns the best-scored move (selection: a cutoff usually comes early, so
/// sorting everything is waste).
#[inline]
fn pick(moves: &mut Vec<Move>, scores: &mut Vec<i32>) -> Option<Move> {
    if moves.is_empty() {
        return None;
    }
    let mut best = 0;
    for i in 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    scores.swap_remove(best);
    Some(moves.swap_remove(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::tables;
    use crate::rules::playout_positions;

    /// Every move the picker hands out, in order.
    fn drain(pos: &Position, t: &Tables, h: &Heuristics, mut picker: Picker) -> Vec<Move> {
        let mut lists = MoveLists::default();
        let mut out = Vec::new();
        while let Some(mv) = picker.next(pos, t, h, &mut lists) {
            out.push(mv);
        }
        out
    }

    fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
        moves.sort_by_key(|m| (MoveKey::of(m).0, m.flags, m.capture.is_some()));
        moves
    }

    #[test]
    fn the_picker_hands_out_every_legal_move_once() {
        for (i, pos) in playout_positions(40).into_iter().enumerate().step_by(2) {
            let v = pos.variant();
            let t = tables(v);
            let h = Heuristics::new(v.kinds().len(), 12, 10);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue;
            }
            let pick = |k: usize| legal[(i * 7 + k * 13) % legal.len()];
            let loud = |m: &Move| m.capture.is_some() || m.promotion.is_some();
            // Hints: a legal move, a move of another position (not legal here), none.
            let stranger = MoveKey(MoveKey::of(&pick(1)).0 ^ 0x0300);
            for hash in [MoveKey::of(&pick(2)), stranger, MoveKey::NONE] {
                let killers = [MoveKey::of(&pick(3)), MoveKey::of(&pick(4))];
                let counter = MoveKey::of(&pick(5));
                let picker = Picker::new(hash, killers, counter, [NO_PIECE_TO; 2], pos.is_check());
                let all = drain(&pos, &t, &h, picker);
                assert_eq!(sorted(all.clone()), sorted(legal.clone()), "{}", pos.fen());
                if let Some(first) = legal.iter().find(|m| MoveKey::of(m) == hash) {
                    assert_eq!(all[0], *first, "the hash move first in {}", pos.fen());
                }
                // Quiescence: loud moves only, each at most once, the hash move first when
                // it is loud.
                if pos.is_check() {
                    continue;
                }
                let qs = drain(&pos, &t, &h, Picker::quiescence(hash));
                assert!(qs.iter().all(loud), "{}", pos.fen());
                let mut once = sorted(qs.clone());
                once.dedup();
                assert_eq!(once.len(), qs.len(), "{}", pos.fen());
                if let Some(first) = legal.iter().find(|m| MoveKey::of(m) == hash && loud(m)) {
                    assert_eq!(qs[0], *first, "{}", pos.fen());
                }
            }
        }
    }
}
