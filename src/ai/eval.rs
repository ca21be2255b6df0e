//! Static evaluation, for any game, from tables derived from the game's data
//! ([`tables`] documents how piece values, promotion prospects and square tables are
//! derived).
//!
//! The terms, each from White's and Black's side and then subtracted:
//!
//! * material, centralisation and promotion prospects (one table lookup per piece);
//! * mobility: the moves the piece has now (the engine's
//!   [`Variant::reach`](crate::rules::Variant::reach)) against its model average, weighted
//!   more for pieces with few moves (a Knight's fifth move matters more than a Queen's
//!   twentieth);
//! * the royal piece: stay home and on the wing while the opponent has material, centralise
//!   when it does not (blended by the game phase);
//! * royal safety: enemy pieces attacking squares around the royal piece (weighted by their
//!   value, growing with the number of attackers), and a shield of own Pawns in front of it;
//! * Pawn structure: doubled, isolated and passed Pawns (a passed Pawn's bonus grows as it
//!   nears its zone and as the board empties, scaled by what it promotes to);
//! * a pair of colour-bound pieces of one kind on both colours (the Bishop pair);
//! * in the endgame, a side far ahead drives the bare royal piece to the edge;
//! * a side with little material, ahead by less than a Rook and with no Pawns left, rarely
//!   wins: its lead is divided;
//! * the side to move gets a tempo bonus;
//! * threats (only with a tuned set that weighs them, [`weights::Weights::threats`]): each
//!   enemy piece a side attacks where taking it wins, for what the capture gains. An
//!   undefended piece gains its value plus what the capturer grows by (its capture
//!   promotion in Veteran Chess, the victim's levels in Upgrade Chess); a defended one
//!   gains its value less the capturer's, when that is positive (a promoted capturer taken
//!   back loses its new worth, which the promotion just added: the two cancel).
//!
//! The phase is the non-pawn material left, relative to the start position.

pub(crate) mod tables;
pub mod weights;

use crate::rules::{Color, Position, Square, SquareSet, Squares, GRID_CELLS, MAX_KINDS};

pub(crate) use tables::{tables, Tables, NO_PROMOTION};

/// Drops every game's built tables (rebuilt with what is installed on their next use).
pub(crate) fn forget_tables() {
    tables::forget_all();
}

/// Full phase (the start position's non-pawn material).
const PHASE_MAX: i32 = 256;
/// Penalty per own Pawn behind another one on the same file.
const DOUBLED: i32 = 12;
/// Penalty for a Pawn with no own Pawn on the adjacent files.
const ISOLATED: i32 = 10;
/// Passed Pawn bonus by moves to the zone, middlegame and endgame.
const PASSED_MG: [i32; 9] = [0, 50, 30, 18, 11, 7, 4, 2, 1];
const PASSED_EG: [i32; 9] = [0, 140, 85, 52, 32, 20, 12, 7, 4];
/// Shield bonus for an own Pawn one and two ranks in front of the royal piece.
const SHIELD_NEAR: i32 = 14;
const SHIELD_FAR: i32 = 7;
/// How royal-zone attack units turn into a penalty, by number of attackers (times 4).
const ATTACKER_SCALE: [i32; 6] = [0, 2, 4, 6, 7, 8];
/// Largest royal-safety penalty.
const MAX_ATTACK_PENALTY: i32 = 600;
/// A material lead below this, with no Pawns to promote, is hard to win.
const DRAWISH_LEAD: i32 = 400;
/// Threats at 100 percent are worth a quarter of what the captures would gain.
const THREAT_DIVISOR: i32 = 400;

/// What each side's captures could win, gathered while the evaluation walks the pieces.
struct Threats {
    /// Per side: the enemy pieces it attacks.
    attacked: [SquareSet; 2],
    /// Per side: its own pieces it defends.
    defended: [SquareSet; 2],
    /// Per square of an attacked piece: the most a capture gains if the piece is
    /// undefended, and if it is defended (each square holds one side's piece, so the
    /// attacker is known).
    free: [i32; GRID_CELLS],
    guarded: [i32; GRID_CELLS],
}

impl Threats {
    fn new() -> Threats {
        Threats {
            attacked: [0; 2],
            defended: [0; 2],
            free: [0; GRID_CELLS],
            guarded: [0; GRID_CELLS],
        }
    }

    /// Notes what the piece of profile `prof` of side `ci` on `sq` reaches (`reach`).
    #[allow(clippy::too_many_arguments)]
    fn note(
        &mut self,
        pos: &Position,
        t: &Tables,
        own: &[SquareSet; 2],
        ci: usize,
        prof: usize,
        sq: Square,
        reach: SquareSet,
    ) {
        self.defended[ci] |= reach & own[ci];
        let targets = reach & own[1 - ci];
        if targets == 0 {
            return;
        }
        let royal = t.royal[t.profile_kind[prof]];
        let level = pos.level_at(sq);
        for s in Squares(targets) {
            let Some(victim) = pos.piece_at(s) else {
                continue;
            };
            let vk = victim.kind();
            if t.royal[vk.index()] {
                continue;
            }
            let victim_level = pos.level_at(s);
            let worth = t.value[t.profile(vk, victim_level)];
            let free = worth + t.capture_growth(prof, level, vk, victim_level);
            let guarded = if royal {
                0
            } else {
                (worth - t.value[prof]).max(0)
            };
            let i = s.index();
            if self.attacked[ci] & s.bit() == 0 {
                self.attacked[ci] |= s.bit();
                self.free[i] = free;
                self.guarded[i] = guarded;
            } else {
                self.free[i] = self.free[i].max(free);
                self.guarded[i] = self.guarded[i].max(guarded);
            }
        }
    }

    /// Side `ci`'s threats, in centipawns before the weight.
    fn gain(&self, ci: usize) -> i32 {
        Squares(self.attacked[ci])
            .map(|s| {
                if self.defended[1 - ci] & s.bit() == 0 {
                    self.free[s.index()]
                } else {
                    self.guarded[s.index()]
                }
            })
            .sum()
    }
}

/// Evaluates `pos` from the side to move's point of view, in centipawns.
pub(crate) fn evaluate(pos: &Position, t: &Tables) -> i32 {
    let v = pos.variant();
    let occ = pos.occupied();
    let own = [pos.pieces_of(Color::White), pos.pieces_of(Color::Black)];
    let royal_sq = [
        pos.royal_square(Color::White),
        pos.royal_square(Color::Black),
    ];
    let zone = [
        t.king_zone[royal_sq[0].index()],
        t.king_zone[royal_sq[1].index()],
    ];

    let mut score = [0i32; 2];
    let mut material = [0i32; 2];
    let mut pawns: [SquareSet; 2] = [0; 2];
    let mut attack_units = [0i32; 2];
    let mut attackers = [0usize; 2];
    // Per side and kind: bit 0 a colour-bound piece on a light square, bit 1 on a dark one.
    let mut bound = [[0u8; MAX_KINDS]; 2];
    let mut mobility = [0i32; 2];
    let mut threats = (t.w.threats != 0).then(Threats::new);

    // Profile by profile (a kind at one level), so that what depends on the profile is
    // looked up once for all its pieces.
    for c in Color::ALL {
        let ci = c.index();
        for (prof, &k) in t.profile_kind.iter().enumerate() {
            let set = pos.pieces_of_profile(c, prof);
            if set == 0 {
                continue;
            }
            if t.royal[k] || t.pawn[k] {
                if let Some(threats) = threats.as_mut() {
                    for sq in Squares(set) {
                        let reach = v.reach_by_profile(c, prof, sq, occ) & occ;
                        threats.note(pos, t, &own, ci, prof, sq, reach);
                    }
                }
            }
            if t.royal[k] {
                continue;
            }
            if t.pawn[k] {
                pawns[ci] |= set;
                for sq in Squares(set) {
                    score[ci] += t.psq(c, prof, sq);
                }
                continue;
            }
            let expected = t.expected_mobility[prof];
            let weight = t.mobility_weight[prof];
            for sq in Squares(set) {
                score[ci] += t.psq(c, prof, sq);
                material[ci] += t.value[prof];
                let reach = v.reach_by_profile(c, prof, sq, occ);
                if let Some(threats) = threats.as_mut() {
                    threats.note(pos, t, &own, ci, prof, sq, reach & occ);
                }
                let moves = (reach & !own[ci]).count_ones() as i32;
                let hits = (reach & zone[1 - ci]).count_ones() as i32;
                mobility[ci] += (moves * 16 - expected) * weight;
                if hits > 0 {
                    attackers[ci] += 1;
                    attack_units[ci] += hits * t.attack_weight[prof];
                }
                if t.colour_bound[k] {
                    bound[ci][k] |= 1 << ((sq.file() + sq.rank()) % 2);
                }
            }
        }
    }

    let phase = ((material[0] + material[1]) * PHASE_MAX / t.start_material).min(PHASE_MAX);
    for c in Color::ALL {
        let ci = c.index();
        let them = 1 - ci;
        score[ci] += mobility[ci] * t.w.mobility / 25_600;

        let (mg, eg) = t.royal_terms(c, royal_sq[ci]);
        score[ci] += (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;

        // Royal safety: what the opponent throws at our royal piece, and our Pawn shield.
        let n = attackers[them].min(ATTACKER_SCALE.len() - 1);
        let danger = (attack_units[them] * ATTACKER_SCALE[n] / 2).min(MAX_ATTACK_PENALTY)
            * t.w.king_danger
            / 100;
        let sq = royal_sq[ci].index();
        let shield = (pawns[ci] & t.shield_near[ci * GRID_CELLS + sq]).count_ones() as i32
            * SHIELD_NEAR
            + (pawns[ci] & t.shield_far[ci * GRID_CELLS + sq]).count_ones() as i32 * SHIELD_FAR;
        let shield = shield * t.w.shield / 100;
        score[ci] += (shield - danger) * phase / PHASE_MAX;

        score[ci] += pawn_structure(pos, t, c, pawns, phase);

        if let Some(threats) = &threats {
            score[ci] += threats.gain(ci) * t.w.threats / THREAT_DIVISOR;
        }

        for &k in &t.bound_kinds {
            if bound[ci][k] == 3 {
                score[ci] += t.kind_value[k] * t.w.pair / 1_000;
            }
        }
    }

    // Mop-up: a side far ahead against no Pawns drives the royal piece to the edge.
    let total = [
        material[0] + pawns[0].count_ones() as i32 * 100,
        material[1] + pawns[1].count_ones() as i32 * 100,
    ];
    for ci in 0..2 {
        let them = 1 - ci;
        if total[ci] - total[them] >= 300 && pawns[them] == 0 && phase < PHASE_MAX / 2 {
            let edge = t.centre_distance[royal_sq[them].index()];
            let dist = chebyshev(royal_sq[ci], royal_sq[them]);
            score[ci] += (edge * 5 + (14 - dist) * 4) * (PHASE_MAX - phase) / PHASE_MAX;
        }
    }

    let us = pos.turn().index();
    let mut s = score[us] - score[1 - us];
    let strong = if s > 0 { us } else { 1 - us };
    if pawns[strong] == 0
        && material[strong] - material[1 - strong] < DRAWISH_LEAD
        && material[strong] < 2 * DRAWISH_LEAD
    {
        s /= 4;
    }
    s + t.w.tempo
}

fn chebyshev(a: Square, b: Square) -> i32 {
    i32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// Doubled, isolated and passed Pawns of `c`.
fn pawn_structure(pos: &Position, t: &Tables, c: Color, pawns: [SquareSet; 2], phase: i32) -> i32 {
    let ci = c.index();
    let mine = pawns[ci];
    let theirs = pawns[1 - ci];
    let mut s = 0;
    for sq in Squares(mine) {
        let f = usize::from(sq.file());
        let ahead = t.front_span[ci * GRID_CELLS + sq.index()];
        if mine & t.file_mask[f] & ahead != 0 {
            s -= DOUBLED * t.w.pawn_structure / 100;
        }
        if mine & t.adjacent_files[f] == 0 {
            s -= ISOLATED * t.w.pawn_structure / 100;
        }
        if theirs & ahead != 0 {
            continue;
        }
        let piece = pos.piece_at(sq).expect("BUG: a Pawn square is occupied");
        let prof = t.profile(piece.kind(), pos.level_at(sq));
        let d = t.promo_dist(c, prof, sq);
        if d == NO_PROMOTION {
            continue;
        }
        let d = usize::from(d).min(PASSED_MG.len() - 1);
        let mut bonus = (PASSED_MG[d] * phase + PASSED_EG[d] * (PHASE_MAX - phase)) / PHASE_MAX;
        // Scaled by what it promotes to: a Pawn that becomes a Queen is a bigger threat than
        // one that becomes a Gold.
        let gain = t.promo_gain[ci * t.value.len() + prof].clamp(200, 800);
        bonus = bonus * gain / 800;
        let blocked = sq
            .offset(0, c.forward())
            .is_some_and(|front| pos.occupied() & front.bit() != 0);
        if blocked {
            bonus /= 2;
        }
        s += bonus * t.w.passed / 100;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    fn eval(id: VariantId, fen: &str) -> i32 {
        let v = variant(id);
        let pos = Position::from_fen(v, fen).unwrap();
        evaluate(&pos, &tables(v))
    }

    #[test]
    fn start_positions_are_balanced() {
        for id in VariantId::ALL {
            let v = variant(id);
            let pos = Position::start(v);
            let t = tables(v);
            let s = evaluate(&pos, &t);
            assert_eq!(s, t.w.tempo, "{id}");
        }
    }

    #[test]
    fn evaluation_is_symmetric() {
        let white = eval(
            VariantId::Chess,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        );
        let black = eval(
            VariantId::Chess,
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        );
        assert_eq!(white, black);
    }

    #[test]
    fn extra_material_shows() {
        let up_a_knight = eval(
            VariantId::Chess,
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        assert!(up_a_knight > 200, "{up_a_knight}");
        let passed = eval(VariantId::Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval(VariantId::Chess, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(passed > home + 100, "{passed} vs {home}");
    }

    /// What turning threats on (at 100 percent: a quarter of the gain) from off changes in the
    /// evaluation of `fen`, from the side to move's view; and the tables it used.
    fn threat_delta(id: VariantId, fen: &str) -> (i32, Tables) {
        let v = variant(id);
        let pos = Position::from_fen(v, fen).unwrap();
        let mut w = weights::Weights::in_use(v.id());
        w.threats = 0;
        let off = evaluate(&pos, &Tables::build_with(v, &w));
        w.threats = 100;
        let t = Tables::build_with(v, &w);
        (evaluate(&pos, &t) - off, t)
    }

    fn value_of(t: &Tables, id: VariantId, letter: char, level: u16) -> i32 {
        let kind = variant(id).kind_by_letter(letter).unwrap();
        t.value[t.profile(kind, level)]
    }

    #[test]
    fn a_hanging_piece_is_a_threat_worth_its_value() {
        let id = VariantId::Chess;
        let (delta, t) = threat_delta(id, "4k3/7p/3p4/4N3/8/8/7P/4K3 w - - 0 1");
        assert_eq!(delta, -value_of(&t, id, 'N', 1) / 4);
        // Defended by a Pawn, it is still attacked by a lesser piece: the Knight less the
        // Pawn.
        let (delta, t) = threat_delta(id, "4k3/7p/3p4/4N3/3P4/8/7P/4K3 w - - 0 1");
        assert_eq!(delta, -(value_of(&t, id, 'N', 1) - 100) / 4);
        // Attacked by a greater piece and defended: no threat.
        let (delta, _) = threat_delta(id, "4k3/7p/8/q3N3/3P4/8/7P/6K1 w - - 0 1");
        assert_eq!(delta, 0);
    }

    #[test]
    fn a_threat_counts_what_the_capture_promotes_to_and_the_levels_it_adds() {
        // Veteran Chess: a Pawn taking the Lady must become a Queen (the Lady's own threat,
        // on the Pawn, is defended and gains nothing). Both sides keep Pawns in these
        // positions, so that no drawish scaling hides the term.
        let id = VariantId::Veteran;
        let (delta, t) = threat_delta(id, "4k3/4p2p/3p4/4L3/8/8/7P/4K3 w - - 0 1");
        let lady = value_of(&t, id, 'L', 1);
        // (A Veteran Pawn is worth more than 100: it may promote by capturing.)
        let pawn = value_of(&t, id, 'P', 1);
        assert!(pawn > 100);
        assert_eq!(delta, -(lady + value_of(&t, id, 'Q', 1) - pawn) / 4);
        // Upgrade Chess: a level-1 Rook taking a level-2 Knight becomes a level-3 Rook.
        let id = VariantId::Upgrade;
        let (delta, t) = threat_delta(id, "4k3/7p/4r3/4N(2)3/8/8/7P/4K3 w - - 0 1");
        let grown = value_of(&t, id, 'R', 3) - value_of(&t, id, 'R', 1);
        assert_eq!(delta, -(value_of(&t, id, 'N', 2) + grown) / 4);
        assert!(grown > 0);
    }
}
