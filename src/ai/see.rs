//! Static exchange evaluation (SEE): what a capture wins or loses once every piece that can
//! take part in the fight for its square has, least valuable first, and either side may
//! stop when going on would lose.
//!
//! It works for every piece kind the engine knows, because it never walks a movement
//! itself: after each capture it asks the engine for *all* pieces that attack the square on
//! the board as it now is (an [`AttackScan`] with the captured-from squares taken out,
//! which rescans only the lines through the square just emptied). So a rider behind another (an x-ray), a cannon whose screen just left or just
//! arrived, a lame leaper whose path opened, and riders with a minimum range all come and go
//! as the exchange unfolds. What each capture is worth follows the game too:
//!
//! * a capture that promotes (in a zone, or by capturing in Veteran) gains the best
//!   promotion on offer and leaves the promoted piece on the square to be taken back;
//! * in games with levels the capturer gains the victim's level, and is worth that;
//! * a royal piece captures only when nothing can take it back (it is never captured).
//!
//! Pins are ignored, as in every engine's SEE.

use crate::rules::{AttackScan, Color, MoveKind, PieceKind, Position, Square, Squares};

use super::eval::Tables;
use crate::rules::Move;

/// Longest exchange followed (a square rarely has more than a dozen attackers).
const MAX_EXCHANGE: usize = 32;

/// The piece standing on the contested square: its value, kind and level.
#[derive(Clone, Copy)]
struct Occupant {
    value: i32,
    kind: PieceKind,
    level: u16,
}

/// Value of `kind` at `level`.
#[inline]
fn value(t: &Tables, kind: PieceKind, level: u16) -> i32 {
    t.value[t.profile(kind, level)]
}

/// What `kind` of `color` at `level` becomes by capturing a `victim` of `victim_level` on
/// `sq` (promoting to the best type on offer if `promote`), and the value it gains by
/// promoting.
#[allow(clippy::too_many_arguments)]
fn after_capture(
    pos: &Position,
    t: &Tables,
    color: Color,
    kind: PieceKind,
    level: u16,
    victim: PieceKind,
    victim_level: u16,
    sq: Square,
    promote: bool,
) -> (Occupant, i32) {
    let v = pos.variant();
    let level = if v.has_levels() && !t.royal[kind.index()] && level > 0 {
        level.saturating_add(victim_level)
    } else {
        level
    };
    let base = value(t, kind, level);
    let rule = v
        .capture_promotion(kind, victim)
        .or_else(|| v.promotion_at(color, kind, sq))
        .filter(|_| promote);
    let best = rule.and_then(|r| {
        r.targets
            .iter()
            .map(|&k| (t.kind_value[k.index()], k))
            .max()
            .filter(|&(val, _)| val > base || r.mandatory)
    });
    match best {
        Some((val, k)) => (
            Occupant {
                value: val,
                kind: k,
                level,
            },
            val - base,
        ),
        None => (
            Occupant {
                value: base,
                kind,
                level,
            },
            0,
        ),
    }
}

/// The material `mv` wins (negative: loses) when both sides then capture on its square as
/// long as it pays. Quiet moves are scored as the exchange on their destination: 0 if the
/// piece is safe there, minus its value (roughly) if it hangs.
pub(crate) fn see(pos: &Position, t: &Tables, mv: &Move) -> i32 {
    if matches!(mv.kind, MoveKind::Castle(_) | MoveKind::Swap) {
        return 0;
    }
    let us = mv.piece.color();
    let to = mv.to;
    let mut occ = pos.occupied() & !mv.from.bit();
    let mut captured = match mv.kind {
        MoveKind::EnPassant => {
            let victim = to
                .offset(0, -us.forward())
                .expect("BUG: an e.p. square has a square behind it");
            occ &= !victim.bit();
            value(
                t,
                mv.capture.expect("e.p. captures").kind(),
                pos.level_at(victim),
            )
        }
        _ => mv
            .capture
            .map_or(0, |c| value(t, c.kind(), pos.level_at(to))),
    };
    occ |= to.bit();
    // The mover after its own capture (and promotion).
    let mover_level = pos.level_at(mv.from);
    let mut on = match (mv.promotion, mv.capture) {
        (Some(k), _) => Occupant {
            value: t.kind_value[k.index()],
            kind: k,
            level: mover_level,
        },
        (None, Some(c)) => {
            after_capture(
                pos,
                t,
                us,
                mv.piece.kind(),
                mover_level,
                c.kind(),
                pos.level_at(to),
                to,
                // The move itself says whether it promotes.
                false,
            )
            .0
        }
        (None, None) => Occupant {
            value: value(t, mv.piece.kind(), mover_level),
            kind: mv.piece.kind(),
            level: mover_level,
        },
    };
    if let Some(k) = mv.promotion {
        captured += t.kind_value[k.index()] - value(t, mv.piece.kind(), mover_level);
    }
    if t.royal[mv.piece.kind().index()] {
        // A legal royal move is never taken back.
        return captured;
    }
    // Most squares are not attacked at all: one early-exit test settles them.
    let them = !us;
    if !pos.attacked(to, them, occ, pos.pieces_of(them) & occ & !to.bit()) {
        return captured;
    }
    let mut gain = [0i32; MAX_EXCHANGE];
    gain[0] = captured;
    let mut d = 0;
    let mut side = !us;
    let mut scan = AttackScan::new(pos, to, occ);
    while d + 1 < MAX_EXCHANGE {
        let attackers = scan.all() & pos.pieces_of(side) & !to.bit();
        if attackers == 0 {
            break;
        }
        // The least valuable attacker; a royal one only if nothing can take back.
        let mut best: Option<(i32, Square)> = None;
        for sq in Squares(attackers) {
            let p = pos.piece_at(sq).expect("BUG: attacker square is occupied");
            let k = p.kind().index();
            let val = if t.royal[k] {
                i32::MAX
            } else {
                value(t, p.kind(), pos.level_at(sq))
            };
            if best.is_none_or(|(b, _)| val < b) {
                best = Some((val, sq));
            }
        }
        let (val, from) = best.expect("BUG: some attacker");
        if val == i32::MAX {
            let mut after = scan.clone();
            after.remove(from);
            if after.all() & pos.pieces_of(!side) & !to.bit() != 0 {
                break;
            }
        }
        let piece = pos
            .piece_at(from)
            .expect("BUG: attacker square is occupied");
        let (next, promo) = after_capture(
            pos,
            t,
            side,
            piece.kind(),
            pos.level_at(from),
            on.kind,
            on.level,
            to,
            true,
        );
        d += 1;
        gain[d] = on.value + promo - gain[d - 1];
        // Neither side can do better by going on: stop early.
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        on = next;
        scan.remove(from);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether [`see`] of `mv` is at least `threshold`, with the cheap cases first: a capture
/// whose victim (plus promotion) is worth at least the capturer cannot lose.
pub(crate) fn see_ge(pos: &Position, t: &Tables, mv: &Move, threshold: i32) -> bool {
    if threshold <= 0 && mv.capture.is_some() && mv.kind != MoveKind::EnPassant {
        let victim = mv
            .capture
            .map_or(0, |c| value(t, c.kind(), pos.level_at(mv.to)));
        let promo = mv.promotion.map_or(0, |k| {
            t.kind_value[k.index()] - value(t, mv.piece.kind(), pos.level_at(mv.from))
        });
        let mover = value(t, mv.piece.kind(), pos.level_at(mv.from));
        if t.royal[mv.piece.kind().index()] || victim + promo - mover >= threshold {
            return true;
        }
    }
    see(pos, t, mv) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::tables;
    use crate::notation::coord;
    use crate::variants::{variant, VariantId};

    fn see_of(id: VariantId, fen: &str, token: &str) -> i32 {
        let v = variant(id);
        let pos = Position::from_fen(v, fen).unwrap();
        let mv = coord::parse(&pos, token).unwrap();
        let t = tables(v);
        see(&pos, &t, &mv)
    }

    fn values(id: VariantId, letters: &str) -> Vec<i32> {
        let v = variant(id);
        let t = tables(v);
        letters
            .chars()
            .map(|c| t.kind_value[v.kind_by_letter(c).unwrap().index()])
            .collect()
    }

    #[test]
    fn orthodox_exchanges() {
        let id = VariantId::Chess;
        let [p, n, b, r, q] = values(id, "PNBRQ")[..] else {
            unreachable!()
        };
        // A free Pawn.
        assert_eq!(see_of(id, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), p);
        // A defended Pawn taken by a Rook: the Rook is lost.
        assert_eq!(
            see_of(id, "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            p - r
        );
        // Knight takes a Pawn defended by a Pawn, backed by a Rook: NxP PxN RxP = P - N + P.
        assert_eq!(
            see_of(id, "4k3/8/2p5/3p4/8/4N3/8/3RK3 w - - 0 1", "e3d5"),
            p - n + p
        );
        // X-ray: two Rooks on the file against a Rook and a Queen behind it.
        // RxP RxR RxR QxR: White's second Rook comes through the first one's square, and
        // the Queen through Black's Rook's; White is a Rook down for the Pawn.
        assert_eq!(
            see_of(id, "3qk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            p - r
        );
        // Bishop takes a Queen defended by a Pawn: still wins.
        assert_eq!(
            see_of(id, "4k3/8/2p5/3q4/8/8/6B1/4K3 w - - 0 1", "g2d5"),
            q - b
        );
        // A quiet move onto a square a Pawn attacks loses the piece.
        assert_eq!(see_of(id, "4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3b5"), -n);
        assert_eq!(see_of(id, "4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3e4"), 0);
        // The King takes only what is undefended.
        assert_eq!(see_of(id, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"), p);
    }

    #[test]
    fn promotions_count() {
        let id = VariantId::Chess;
        let [p, q] = values(id, "PQ")[..] else {
            unreachable!()
        };
        // e8=Q on a square the Rook guards: the Queen is lost, a Pawn for nothing.
        assert_eq!(see_of(id, "r5k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8=q"), -p);
        // Undefended: the promotion gains Q - P.
        assert_eq!(
            see_of(id, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8=q"),
            q - p
        );
    }

    #[test]
    fn cannons_need_their_screen() {
        // Eurasian APC: a Cannon (X) captures over exactly one screen. Black's Cannon on d8
        // guards d5 over its own Pawn on d7, so RxP loses the Rook.
        let id = VariantId::ApcEurasian;
        let [p, r] = values(id, "PR")[..] else {
            unreachable!()
        };
        let fen = "3xk3/3p4/8/3p4/8/8/8/3RK3 w - - 0 1 kings:-";
        assert_eq!(see_of(id, fen, "d1d5"), p - r);
        // Without the screen the Cannon attacks nothing on the file.
        let fen = "3xk3/8/8/3p4/8/8/8/3RK3 w - - 0 1 kings:-";
        assert_eq!(see_of(id, fen, "d1d5"), p);
    }

    #[test]
    fn capture_promotions_count_in_veteran() {
        // Veteran: 1.Rxb7 takes the Knight and becomes a Veteran; the King on a8 cannot take
        // it back (the King on c6 guards b7), so White wins the Knight and the promotion.
        let id = VariantId::Veteran;
        let v = variant(id);
        let t = tables(v);
        let pos = Position::from_fen(v, "kb6/pn6/2K5/8/8/8/8/1R6 w - - 0 1").unwrap();
        let mv = coord::parse(&pos, "b1b7+").unwrap();
        let promoted = t.kind_value[mv.promotion.unwrap().index()];
        let n = t.kind_value[v.kind_by_letter('N').unwrap().index()];
        let r = t.kind_value[v.kind_by_letter('R').unwrap().index()];
        assert_eq!(see(&pos, &t, &mv), n + promoted - r);
    }
}
