//! A compiled game: the [`VariantSpec`] checked once and turned into per-square tables.
//!
//! Compilation resolves everything that does not depend on the position: which squares each
//! piece (per colour, per movement profile) can leap to, the rays it slides along (already
//! cut at the board edge and at holes, and at its maximum range), the reversed tables that
//! answer "is this square attacked?", promotion zones per square and castling masks. Move
//! generation then only reads tables and occupancy.

use std::fmt;

mod castling;
mod squares;

pub use castling::CastlingError;

use super::fen;
use super::geometry::{
    before_on_line, descends, first_on_line, step_len, Shape, ShapeError, Square, SquareSet,
    Squares, GRID_CELLS,
};
use super::movement::{Modality, Movement, Reach};
use super::piece::{Color, Piece, PieceKind, MAX_KINDS};
use super::spec::{
    CastlingSpec, Extras, FiftyMoveRule, MaterialDraw, PieceSpec, VariantSpec, Zone,
};
use squares::SquareJob;

/// Largest number of movement profiles (piece kinds, times levels where movement grows with
/// the level) one variant may have.
pub const MAX_PROFILES: usize = 48;

/// Leap flag: may end on an empty square.
pub(crate) const QUIET: u8 = 1;
/// Leap flag: may capture.
pub(crate) const CAPTURE: u8 = 2;
/// Leap flag: may capture e.p. (a Pawn's capturing step).
pub(crate) const EP_CAPTURE: u8 = 4;
/// Lame-leap flag: this is a double step that leaves an e.p. square behind.
pub(crate) const SETS_EP: u8 = 8;

/// A leap from one square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leap {
    pub to: Square,
    pub flags: u8,
}

/// A slide or cannon line from one square: `len` squares in `ray_squares` from `start`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub start: u32,
    pub len: u8,
    /// First step at which the rider may stop (1 for ordinary riders).
    pub min: u8,
    pub flags: u8,
    pub hop: bool,
    /// Whether the line runs toward lower square indices (see [`descends`]).
    pub desc: bool,
}

/// A non-jumping leap: `to` is reachable if one of its paths is empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lame {
    pub to: Square,
    pub flags: u8,
    /// Paths are `path_count` entries of `paths` from `path_start`.
    pub path_start: u32,
    pub path_count: u8,
}

/// A lame leap seen from its target, for attack detection.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LameAttack {
    pub from: Square,
    pub profile: u8,
    pub path_start: u32,
    pub path_count: u8,
}

/// Index ranges of one square's moves for one (colour, profile).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SquareMoves {
    pub leaps: (u32, u32),
    pub rays: (u32, u32),
    pub lames: (u32, u32),
}

/// A compiled promotion rule.
#[derive(Clone, Debug)]
pub struct PromotionRule {
    /// The types the piece may become.
    pub targets: Vec<PieceKind>,
    /// Whether the promotion is forced.
    pub mandatory: bool,
}

/// A compiled castling move.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The spec it came from.
    pub spec: CastlingSpec,
    /// Its bit in the castling-rights mask.
    pub right: u8,
    /// Squares that must be empty (between King and partner and their destinations).
    pub must_be_empty: SquareSet,
    /// Squares the King stands on, passes or lands on; none may be attacked.
    pub king_path: SquareSet,
}

/// What one piece type is, after compilation.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// The spec it came from.
    pub spec: PieceSpec,
    /// First movement profile.
    pub(crate) profile_base: u8,
    /// Number of profiles (1 unless movement depends on the level).
    pub(crate) level_cap: u16,
}

/// Error for a variant spec that cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The board does not fit.
    Shape(ShapeError),
    /// Two pieces share a letter, or a letter is not an upper-case ASCII letter.
    Letter(char),
    /// A promotion names a letter no piece has.
    UnknownTarget(char),
    /// Too many piece types or movement profiles.
    TooLarge,
    /// No royal piece type.
    Royals(usize),
    /// The start position does not parse.
    Start(String),
    /// A piece's first-move (`i`) atom may capture (its letter).
    FirstMoveCapture(char),
    /// A castling move (its index in the spec) that cannot be played as written.
    Castling(usize, CastlingError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Shape(e) => e.fmt(f),
            SpecError::Letter(c) => write!(f, "piece letter '{c}' is invalid or used twice"),
            SpecError::UnknownTarget(c) => write!(f, "promotion to unknown piece letter '{c}'"),
            SpecError::TooLarge => write!(f, "too many piece types or movement profiles"),
            SpecError::Royals(n) => write!(f, "expected a royal piece type, found {n}"),
            SpecError::Start(e) => write!(f, "bad start position: {e}"),
            SpecError::FirstMoveCapture(c) => write!(
                f,
                "piece '{c}': a first-move (i) move must not capture; write it move-only (im...)"
            ),
            SpecError::Castling(i, e) => write!(f, "castling move {}: {e}", i + 1),
        }
    }
}

impl std::error::Error for SpecError {}

/// A game ready to play: its spec plus precomputed tables. Build one with
/// [`Variant::compile`]; `crate::variants::variant` holds the compiled games.
pub struct Variant {
    pub(crate) spec: VariantSpec,
    pub(crate) shape: Shape,
    pub(crate) kinds: Vec<KindInfo>,
    pub(crate) kind_by_letter: [Option<PieceKind>; 128],
    pub(crate) nprof: usize,
    pub(crate) profile_kind: Vec<PieceKind>,
    pub(crate) sq_moves: Vec<SquareMoves>,
    /// Per `sq_moves` entry: the squares its leaps reach when empty, and when occupied (so
    /// [`Variant::reach`] does a piece's leaps in two mask operations).
    pub(crate) leap_masks: Vec<[SquareSet; 2]>,
    pub(crate) leaps: Vec<Leap>,
    pub(crate) rays: Vec<Ray>,
    /// Per `rays` entry: its squares as a set.
    pub(crate) ray_masks: Vec<SquareSet>,
    pub(crate) ray_squares: Vec<Square>,
    pub(crate) lames: Vec<Lame>,
    /// Lame paths as (start, len) into `ray_squares`.
    pub(crate) paths: Vec<(u32, u8)>,
    pub(crate) leap_att: Vec<SquareSet>,
    pub(crate) leap_profiles: [Vec<u8>; 2],
    /// Per (colour, square): the union of `leap_att` over the colour's profiles, so that
    /// asking whether any leaper attacks a square can usually stop at one test.
    pub(crate) leap_att_any: Vec<SquareSet>,
    /// Per (colour, square): the union of `rev_lines` over the colour's `cap_dirs`: where a
    /// rider or hopper of that colour would have to stand to attack the square.
    pub(crate) line_att_any: Vec<SquareSet>,
    pub(crate) dirs: Vec<(i8, i8)>,
    /// Per direction: whether its reversed lines (`rev_lines`) run toward lower square
    /// indices, and the index distance of one step.
    pub(crate) rev_desc: Vec<bool>,
    pub(crate) dir_step: Vec<u8>,
    /// Per (square, direction): the squares from the square back against the direction,
    /// where a piece capturing along it onto the square would stand.
    pub(crate) rev_lines: Vec<SquareSet>,
    pub(crate) ride_cap: Vec<(u8, u8)>,
    pub(crate) hop_cap: Vec<bool>,
    pub(crate) cap_dirs: [Vec<u8>; 2],
    /// Directions along which some piece of either side captures (the union of
    /// `cap_dirs`).
    pub(crate) any_cap_dirs: Vec<u8>,
    pub(crate) lame_att: Vec<Vec<LameAttack>>,
    pub(crate) promo: Vec<u8>,
    /// Per (mover kind, victim kind): capture promotion rule index + 1, or 0.
    pub(crate) capture_promo: Vec<u8>,
    /// Whether any piece promotes by capturing.
    pub(crate) has_capture_promotions: bool,
    /// Whether pieces carry levels (Upgrade Chess).
    pub(crate) levels: bool,
    /// Per (colour, kind): every square where some promotion rule applies.
    pub(crate) promo_zone: Vec<SquareSet>,
    pub(crate) promo_rules: Vec<PromotionRule>,
    pub(crate) castlings: Vec<Castling>,
    pub(crate) castle_mask: [u8; GRID_CELLS],
    /// Whether no piece captures by hopping: then legality may be decided from pins alone;
    /// with hoppers, moves onto or off the King's lines are tested too (screens are pins
    /// of a different kind).
    pub(crate) simple_legality: bool,
    /// Whether some piece captures with a lame leap (its path squares are extra pins).
    pub(crate) lame_captures: bool,
    /// Promotion stage per kind (see [`Variant::promotion_stage`]).
    pub(crate) stages: Vec<u8>,
    /// Per (colour, kind): the squares where the kind starts, if it has first-move (`i`)
    /// atoms; empty otherwise. A piece that has moved and stands on one of these again is
    /// in the position's `moved` set and moves by [`Variant::moved_moves`].
    pub(crate) first_moves: Vec<SquareSet>,
    /// The union of `first_moves`.
    pub(crate) first_moves_any: SquareSet,
    /// Per `sq_moves` entry (empty when no piece has first moves): the moves and leap masks
    /// of a piece that has moved, without its `i` atoms.
    pub(crate) moved_moves: Vec<(SquareMoves, [SquareSet; 2])>,
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({})", self.spec.id)
    }
}

fn orient(color: Color, dx: i8, dy: i8) -> (i32, i32) {
    (dx as i32, dy as i32 * color.forward())
}

fn flags_of(m: Modality) -> u8 {
    (if m.quiet() { QUIET } else { 0 }) | (if m.captures() { CAPTURE } else { 0 })
}

impl Variant {
    /// Checks a spec and builds its tables.
    ///
    /// # Errors
    /// When the board does not fit the grid, letters clash, a promotion names an unknown
    /// piece, there is no royal type, or the start position does not parse.
    pub fn compile(spec: VariantSpec) -> Result<Variant, SpecError> {
        let shape = Shape::new(spec.files, spec.ranks, &spec.holes).map_err(SpecError::Shape)?;
        if spec.pieces.len() > MAX_KINDS {
            return Err(SpecError::TooLarge);
        }
        let mut kind_by_letter = [None; 128];
        for (i, p) in spec.pieces.iter().enumerate() {
            let c = p.letter;
            if !c.is_ascii_uppercase() || kind_by_letter[c as usize].is_some() {
                return Err(SpecError::Letter(c));
            }
            kind_by_letter[c as usize] = Some(PieceKind(i as u8));
        }
        // Several royal types are fine (Tamerspiel's King promotes to the royal Tetrarch);
        // positions still hold exactly one royal piece per side.
        let royals = spec.pieces.iter().filter(|p| p.royal).count();
        if royals == 0 {
            return Err(SpecError::Royals(royals));
        }

        // Movement profiles: one per kind, or one per level up to the cap.
        let mut kinds = Vec::new();
        let mut profile_movement = Vec::new();
        let mut profile_kind = Vec::new();
        for (i, p) in spec.pieces.iter().enumerate() {
            let base = profile_movement.len() as u8;
            let cap = match &p.levels {
                Some(levels) => {
                    // Checked before building anything: a file may ask for a huge cap.
                    if usize::from(levels.cap()) > MAX_PROFILES {
                        return Err(SpecError::TooLarge);
                    }
                    for level in 1..=levels.cap() {
                        profile_movement.push(levels.movement(level));
                        profile_kind.push(PieceKind(i as u8));
                    }
                    levels.cap()
                }
                None => {
                    profile_movement.push(p.movement.clone());
                    profile_kind.push(PieceKind(i as u8));
                    1
                }
            };
            kinds.push(KindInfo {
                spec: p.clone(),
                profile_base: base,
                level_cap: cap,
            });
        }
        let nprof = profile_movement.len();
        if nprof > MAX_PROFILES {
            return Err(SpecError::TooLarge);
        }

        // First-move (`i`) atoms: they never capture (the attack tables hold a piece's
        // captures whether or not it has moved), and they count on the squares where the
        // kind starts, for a piece that has not moved yet.
        for (p, movement) in profile_movement.iter().enumerate() {
            if movement
                .atoms
                .iter()
                .any(|a| a.initial && a.modality.captures())
            {
                let kind = profile_kind[p];
                return Err(SpecError::FirstMoveCapture(
                    spec.pieces[kind.index()].letter,
                ));
            }
        }
        let lookup = |c: char| kind_by_letter.get(c as usize).copied().flatten();
        let placement = spec.start.split(' ').next().unwrap_or("");
        let start_cells = fen::parse_placement(&shape, &lookup, placement)
            .map_err(|e| SpecError::Start(e.to_string()))?;
        let nkinds = spec.pieces.len();
        let mut initial = vec![0 as SquareSet; 2 * nkinds];
        for (sq, piece, _) in &start_cells {
            initial[piece.color().index() * nkinds + piece.kind().index()] |= sq.bit();
        }
        // Per (colour, kind): the start squares, for kinds that have first moves.
        let first_moves: Vec<SquareSet> = (0..2 * nkinds)
            .map(|i| {
                let kind = i % nkinds;
                let has_first = profile_movement
                    .iter()
                    .zip(&profile_kind)
                    .any(|(m, k)| k.index() == kind && m.atoms.iter().any(|a| a.initial));
                if has_first {
                    initial[i]
                } else {
                    0
                }
            })
            .collect();
        let first_moves_any = first_moves.iter().fold(0, |a, &s| a | s);

        // Distinct ride and hop directions, oriented per colour.
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        for m in &profile_movement {
            for a in &m.atoms {
                if matches!(a.reach, Reach::Ride { .. } | Reach::Hop) {
                    for c in Color::ALL {
                        let (dx, dy) = orient(c, a.dx, a.dy);
                        let d = (dx as i8, dy as i8);
                        if !dirs.contains(&d) {
                            dirs.push(d);
                        }
                    }
                }
            }
        }
        let ndirs = dirs.len();
        let dir_index = |d: (i32, i32)| {
            dirs.iter()
                .position(|&x| x == (d.0 as i8, d.1 as i8))
                .expect("BUG: direction collected above")
        };

        let mut v = Variant {
            shape: shape.clone(),
            kinds,
            kind_by_letter,
            nprof,
            profile_kind,
            sq_moves: vec![SquareMoves::default(); 2 * nprof * GRID_CELLS],
            leap_masks: vec![[0; 2]; 2 * nprof * GRID_CELLS],
            leaps: Vec::new(),
            rays: Vec::new(),
            ray_masks: Vec::new(),
            ray_squares: Vec::new(),
            lames: Vec::new(),
            paths: Vec::new(),
            leap_att: vec![0; 2 * nprof * GRID_CELLS],
            leap_profiles: [Vec::new(), Vec::new()],
            leap_att_any: vec![0; 2 * GRID_CELLS],
            line_att_any: vec![0; 2 * GRID_CELLS],
            dirs: dirs.clone(),
            rev_desc: dirs
                .iter()
                .map(|&(dx, dy)| descends(-i32::from(dx), -i32::from(dy)))
                .collect(),
            dir_step: dirs
                .iter()
                .map(|&(dx, dy)| step_len(i32::from(dx), i32::from(dy)))
                .collect(),
            rev_lines: vec![0; GRID_CELLS * ndirs],
            ride_cap: vec![(0, 0); 2 * nprof * ndirs],
            hop_cap: vec![false; 2 * nprof * ndirs],
            cap_dirs: [Vec::new(), Vec::new()],
            any_cap_dirs: Vec::new(),
            lame_att: vec![Vec::new(); 2 * GRID_CELLS],
            promo: vec![0; 2 * spec.pieces.len() * GRID_CELLS],
            promo_zone: vec![0; 2 * spec.pieces.len()],
            capture_promo: vec![0; spec.pieces.len() * spec.pieces.len()],
            has_capture_promotions: false,
            levels: spec.pieces.iter().any(|p| p.levels.is_some()),
            promo_rules: Vec::new(),
            castlings: Vec::new(),
            castle_mask: [0xff; GRID_CELLS],
            simple_legality: true,
            lame_captures: false,
            stages: vec![0; spec.pieces.len()],
            first_moves,
            first_moves_any,
            moved_moves: if first_moves_any == 0 {
                Vec::new()
            } else {
                vec![(SquareMoves::default(), [0; 2]); 2 * nprof * GRID_CELLS]
            },
            spec: spec.clone(),
        };

        for color in Color::ALL {
            for (p, movement) in profile_movement.iter().enumerate() {
                let kind = v.profile_kind[p];
                let is_pawn = spec.pieces[kind.index()].pawn;
                let slot = color.index() * nprof + p;
                for a in &movement.atoms {
                    let (dx, dy) = orient(color, a.dx, a.dy);
                    match a.reach {
                        Reach::Ride { min, max } if a.modality.captures() => {
                            v.ride_cap[slot * ndirs + dir_index((dx, dy))] = (min, max);
                        }
                        Reach::Hop if a.modality.captures() => {
                            v.hop_cap[slot * ndirs + dir_index((dx, dy))] = true;
                            v.simple_legality = false;
                        }
                        Reach::Lame { .. } if a.modality.captures() => {
                            v.lame_captures = true;
                        }
                        _ => {}
                    }
                }
                let has_first = movement.atoms.iter().any(|a| a.initial);
                for sq in Squares(shape.squares()) {
                    let first_here =
                        has_first && initial[color.index() * nkinds + kind.index()] & sq.bit() != 0;
                    let mut job = SquareJob {
                        color,
                        profile: p,
                        movement,
                        sq,
                        pawn: is_pawn,
                        first_moves: first_here,
                        record_attacks: true,
                    };
                    let at = slot * GRID_CELLS + sq.index();
                    let (moves, masks) = v.build_square(&job);
                    v.sq_moves[at] = moves;
                    v.leap_masks[at] = masks;
                    if v.first_moves_any != 0 {
                        // The table for a piece that has moved and stands here again.
                        if first_here {
                            job.first_moves = false;
                            job.record_attacks = false;
                            let (moves, masks) = v.build_square(&job);
                            v.moved_moves[at] = (moves, masks);
                        } else {
                            v.moved_moves[at] = (moves, masks);
                        }
                    }
                }
                if v.leap_att[slot * GRID_CELLS..(slot + 1) * GRID_CELLS]
                    .iter()
                    .any(|&m| m != 0)
                {
                    v.leap_profiles[color.index()].push(p as u8);
                }
            }
            for d in 0..ndirs {
                let any = (0..nprof).any(|p| {
                    let i = (color.index() * nprof + p) * ndirs + d;
                    v.ride_cap[i].1 > 0 || v.hop_cap[i]
                });
                if any {
                    v.cap_dirs[color.index()].push(d as u8);
                }
            }
        }

        v.any_cap_dirs = (0..ndirs as u8)
            .filter(|d| v.cap_dirs[0].contains(d) || v.cap_dirs[1].contains(d))
            .collect();

        v.ray_masks = v
            .rays
            .iter()
            .map(|r| {
                v.ray_squares[r.start as usize..][..r.len as usize]
                    .iter()
                    .fold(0, |set, t| set | t.bit())
            })
            .collect();

        // Reversed rays: from a target square back toward where an attacker would stand.
        for sq in Squares(shape.squares()) {
            for (d, &(dx, dy)) in dirs.iter().enumerate() {
                let mut line = 0;
                let mut t = sq;
                while let Some(n) = shape.offset(t, -(dx as i32), -(dy as i32)) {
                    line |= n.bit();
                    t = n;
                }
                v.rev_lines[sq.index() * ndirs + d] = line;
            }
            for c in 0..2 {
                v.line_att_any[c * GRID_CELLS + sq.index()] =
                    v.cap_dirs[c].iter().fold(0, |set, &d| {
                        set | v.rev_lines[sq.index() * ndirs + d as usize]
                    });
            }
        }

        // Promotion zones.
        for (k, p) in spec.pieces.iter().enumerate() {
            for rule in &p.promotions {
                let targets = rule
                    .to
                    .iter()
                    .map(|&c| lookup(c).ok_or(SpecError::UnknownTarget(c)))
                    .collect::<Result<Vec<_>, _>>()?;
                v.promo_rules.push(PromotionRule {
                    targets,
                    mandatory: rule.mandatory,
                });
                let id = promo_rule_id(&v.promo_rules)?;
                for color in Color::ALL {
                    for sq in Squares(shape.squares()) {
                        let slot = (color.index() * spec.pieces.len() + k) * GRID_CELLS;
                        if v.promo[slot + sq.index()] == 0
                            && zone_contains(&shape, &rule.zone, color, sq)
                        {
                            v.promo[slot + sq.index()] = id;
                            v.promo_zone[color.index() * spec.pieces.len() + k] |= sq.bit();
                        }
                    }
                }
            }
        }

        // Capture promotions.
        let n = spec.pieces.len();
        for (k, p) in spec.pieces.iter().enumerate() {
            for rule in &p.capture_promotions {
                let to = lookup(rule.to).ok_or(SpecError::UnknownTarget(rule.to))?;
                v.promo_rules.push(PromotionRule {
                    targets: vec![to],
                    mandatory: rule.mandatory,
                });
                let id = promo_rule_id(&v.promo_rules)?;
                for c in rule.victims.chars() {
                    let victim = lookup(c).ok_or(SpecError::UnknownTarget(c))?;
                    v.capture_promo[k * n + victim.index()] = id;
                }
                v.has_capture_promotions = true;
            }
        }

        // Promotion stages: breadth-first from the kinds in the start position.
        let mut stage: Vec<Option<u8>> = vec![None; spec.pieces.len()];
        for (_, piece, _) in &start_cells {
            stage[piece.kind().index()] = Some(0);
        }
        for s in 0..spec.pieces.len() as u8 {
            for k in 0..spec.pieces.len() {
                if stage[k] != Some(s) {
                    continue;
                }
                let capture_targets = spec.pieces[k].capture_promotions.iter().map(|r| r.to);
                let zone_targets = spec.pieces[k]
                    .promotions
                    .iter()
                    .flat_map(|r| r.to.iter().copied());
                for c in zone_targets.chain(capture_targets) {
                    let t = lookup(c).ok_or(SpecError::UnknownTarget(c))?.index();
                    if stage[t].is_none() {
                        stage[t] = Some(s + 1);
                    }
                }
            }
        }
        v.stages = stage.into_iter().map(|s| s.unwrap_or(0)).collect();

        // Castling.
        for (i, c) in spec.castling.iter().enumerate() {
            c.check(&shape).map_err(|e| SpecError::Castling(i, e))?;
            if spec.castling[..i]
                .iter()
                .any(|o| o.color == c.color && o.king_side == c.king_side)
            {
                return Err(SpecError::Castling(i, CastlingError::Twice));
            }
            let right = 1u8 << (c.color.index() * 2 + usize::from(!c.king_side));
            let rank = c.king_from.rank();
            let files = [c.king_from, c.king_to, c.rook_from, c.rook_to].map(|s| s.file());
            let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
            let mut span = 0;
            for f in lo..=hi {
                span |= Square::new(f, rank)
                    .expect("castling squares are on the grid")
                    .bit();
            }
            let (klo, khi) = (
                c.king_from.file().min(c.king_to.file()),
                c.king_from.file().max(c.king_to.file()),
            );
            let mut king_path = 0;
            for f in klo..=khi {
                king_path |= Square::new(f, rank)
                    .expect("castling squares are on the grid")
                    .bit();
            }
            v.castlings.push(Castling {
                spec: *c,
                right,
                must_be_empty: span & !c.king_from.bit() & !c.rook_from.bit(),
                king_path,
            });
            v.castle_mask[c.king_from.index()] &= !right;
            v.castle_mask[c.rook_from.index()] &= !right;
        }
        Ok(v)
    }

    /// The stable identifier (`promochess`).
    pub fn id(&self) -> &str {
        &self.spec.id
    }

    /// The display name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The spec this game was compiled from.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// The squares drawn as citadels (both sides'; empty in most games).
    pub fn citadels(&self) -> SquareSet {
        self.spec.citadels.iter().fold(0, |a, s| a | s.bit())
    }

    /// The board.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Whether the game reads the same in a mirror, files reversed: its board and citadels,
    /// where pieces promote, where they have first moves, and how each moves at every level.
    /// Castling is left aside (the King and Rooks start where they start): this says that
    /// what a position is worth may be learnt from its mirror image too (`rankup train
    /// --mirror`), not that the image is a position of the game.
    pub fn reads_the_same_mirrored(&self) -> bool {
        let shape = &self.shape;
        let same = |set: SquareSet| {
            Squares(set).try_fold(0, |image, sq| shape.mirror(sq).map(|m| image | m.bit()))
                == Some(set)
        };
        shape.is_mirror_symmetric()
            && same(self.citadels())
            && self.promo_zone.iter().all(|&z| same(z))
            && self.first_moves.iter().all(|&z| same(z))
            && self.kinds.iter().all(|k| {
                std::iter::once(&k.spec.movement)
                    .chain(k.spec.levels.iter().flat_map(|l| &l.movements))
                    .all(Movement::reads_the_same_mirrored)
            })
    }

    /// The piece table.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = (PieceKind, &PieceSpec)> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (PieceKind(i as u8), &k.spec))
    }

    /// The spec of one piece type.
    pub fn piece(&self, kind: PieceKind) -> &PieceSpec {
        &self.kinds[kind.index()].spec
    }

    /// The type with this letter (either case), if any.
    pub fn kind_by_letter(&self, letter: char) -> Option<PieceKind> {
        self.kind_by_letter
            .get(letter.to_ascii_uppercase() as usize)
            .copied()
            .flatten()
    }

    /// A piece's letter as in position strings: upper case for White.
    pub fn piece_char(&self, piece: Piece) -> char {
        let c = self.piece(piece.kind()).letter;
        match piece.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The castling moves of the game.
    pub fn castlings(&self) -> &[Castling] {
        &self.castlings
    }

    /// The promotion rule applying to `kind` of `color` ending a move on `sq`, if any.
    pub fn promotion_at(
        &self,
        color: Color,
        kind: PieceKind,
        sq: Square,
    ) -> Option<&PromotionRule> {
        let id =
            self.promo[(color.index() * self.kinds.len() + kind.index()) * GRID_CELLS + sq.index()];
        (id != 0).then(|| &self.promo_rules[id as usize - 1])
    }

    /// The promotion a capture of `victim` by `mover` triggers, if any.
    pub fn capture_promotion(&self, mover: PieceKind, victim: PieceKind) -> Option<&PromotionRule> {
        let id = self.capture_promo[mover.index() * self.kinds.len() + victim.index()];
        (id != 0).then(|| &self.promo_rules[id as usize - 1])
    }

    /// What resets the 50-move counter.
    pub fn fifty_move(&self) -> FiftyMoveRule {
        self.spec.fifty_move
    }

    /// Material draws.
    pub fn material_draw(&self) -> &MaterialDraw {
        &self.spec.material_draw
    }

    /// Optional state the game tracks.
    pub fn extras(&self) -> Extras {
        self.spec.extras
    }

    /// Whether a piece's level changes its movement or is recorded (Upgrade Chess).
    #[inline]
    pub fn has_levels(&self) -> bool {
        self.levels
    }

    /// The squares a piece of `kind` and `color` at `level` on `sq` reaches when the squares
    /// in `occupied` hold pieces: empty squares it may move to, and occupied squares it could
    /// capture on (of either colour; mask out the piece's own side for mobility). Legality
    /// (the King left in check) is not considered. The evaluation's mobility and attack
    /// terms use it.
    pub fn reach(
        &self,
        kind: PieceKind,
        color: Color,
        level: u16,
        sq: Square,
        occupied: SquareSet,
    ) -> SquareSet {
        if !self.shape.contains(sq) {
            return 0;
        }
        self.reach_by_profile(color, self.profile(kind, level), sq, occupied)
    }

    /// [`Variant::reach`] for the piece of movement profile `profile` (a kind at one level)
    /// on `sq`, a square of the board: the evaluation walks pieces profile by profile.
    #[inline]
    pub(crate) fn reach_by_profile(
        &self,
        color: Color,
        profile: usize,
        sq: Square,
        occupied: SquareSet,
    ) -> SquareSet {
        self.reach_in(color, profile, sq, occupied, false)
    }

    /// [`Variant::reach_by_profile`], for a piece that has had its first move when `moved`
    /// (one in the position's `moved` set).
    #[inline]
    pub(crate) fn reach_in(
        &self,
        color: Color,
        profile: usize,
        sq: Square,
        occupied: SquareSet,
        moved: bool,
    ) -> SquareSet {
        let ok = |t: Square, flags: u8| {
            if occupied & t.bit() == 0 {
                flags & QUIET != 0
            } else {
                flags & CAPTURE != 0
            }
        };
        let slot = (color.index() * self.nprof + profile) * GRID_CELLS + sq.index();
        let (sm, [quiet, capture]) = match self.moved_moves.get(slot) {
            Some((sm, masks)) if moved => (sm, *masks),
            _ => (&self.sq_moves[slot], self.leap_masks[slot]),
        };
        let mut set = (quiet & !occupied) | (capture & occupied);
        let (r0, r1) = (sm.rays.0 as usize, sm.rays.1 as usize);
        for (r, &line) in self.rays[r0..r1].iter().zip(&self.ray_masks[r0..r1]) {
            if !r.hop && r.min <= 1 {
                // A plain rider: the squares before the first occupied one, then that one.
                let blockers = line & occupied;
                let (empty, hit) = if blockers == 0 {
                    (line, 0)
                } else {
                    let t = first_on_line(blockers, r.desc);
                    (line & before_on_line(t, r.desc), t.bit())
                };
                if r.flags & QUIET != 0 {
                    set |= empty;
                }
                if r.flags & CAPTURE != 0 {
                    set |= hit;
                }
                continue;
            }
            let squares = &self.ray_squares[r.start as usize..(r.start + r.len as u32) as usize];
            let mut screened = !r.hop;
            for (k, &t) in squares.iter().enumerate() {
                let blocked = occupied & t.bit() != 0;
                if screened && k + 1 >= r.min as usize && ok(t, r.flags) {
                    set |= t.bit();
                }
                if blocked {
                    if screened {
                        break;
                    }
                    screened = true;
                }
            }
        }
        for l in &self.lames[sm.lames.0 as usize..sm.lames.1 as usize] {
            let clear = self.paths
                [l.path_start as usize..(l.path_start + l.path_count as u32) as usize]
                .iter()
                .any(|&(s, n)| {
                    self.ray_squares[s as usize..(s + n as u32) as usize]
                        .iter()
                        .all(|t| occupied & t.bit() == 0)
                });
            if clear && ok(l.to, l.flags) {
                set |= l.to.bit();
            }
        }
        set
    }

    /// For a lame leap of `kind` from `from` to `to` whose every path is blocked in
    /// `occupied`: the first occupied square of its first path (for telling the player
    /// where the way is blocked). `None` when no lame leap goes there or a path is clear.
    pub fn lame_blocker(
        &self,
        kind: PieceKind,
        color: Color,
        level: u16,
        from: Square,
        to: Square,
        occupied: SquareSet,
    ) -> Option<Square> {
        let sm = self.moves_from(color, self.profile(kind, level), from);
        let mut first = None;
        for l in &self.lames[sm.lames.0 as usize..sm.lames.1 as usize] {
            if l.to != to {
                continue;
            }
            for &(s, n) in &self.paths[l.path_start as usize..][..l.path_count as usize] {
                let blocked = self.ray_squares[s as usize..(s + n as u32) as usize]
                    .iter()
                    .find(|t| occupied & t.bit() != 0);
                match blocked {
                    None => return None,
                    Some(&t) => {
                        first.get_or_insert(t);
                    }
                }
            }
        }
        first
    }

    /// The squares a piece could move to from `sq` on an otherwise empty board (for the
    /// rules card). Cannons, which need a screen, reach only by their quiet slides.
    pub fn reach_on_empty_board(
        &self,
        kind: PieceKind,
        color: Color,
        level: u16,
        sq: Square,
    ) -> SquareSet {
        self.reach(kind, color, level, sq, sq.bit()) & !sq.bit()
    }

    /// How many promotions it takes to become `kind` from a piece of the start position: 0
    /// for the start position's types, 1 for what they promote to, and so on. The app
    /// colours pieces by it.
    pub fn promotion_stage(&self, kind: PieceKind) -> u8 {
        self.stages[kind.index()]
    }

    /// The single type `kind` promotes into by reaching a zone, if there is exactly one
    /// (several zone rules naming the same type count once).
    fn only_promotion(&self, kind: PieceKind) -> Option<PieceKind> {
        let mut targets = self.piece(kind).promotions.iter().flat_map(|r| r.to.iter());
        let first = *targets.next()?;
        targets
            .all(|&t| t == first)
            .then(|| self.kind_by_letter(first))
            .flatten()
    }

    /// The straight promotion chain through `kind` (Alternate Promotion Chess's chains,
    /// Tamerspiel's Firzan -> Eagle -> Queen): every type that leads into it and every type
    /// it leads to, each link a zone promotion with a single target. Just `[kind]` when the
    /// piece is in no chain.
    pub fn promotion_chain(&self, kind: PieceKind) -> Vec<PieceKind> {
        let mut chain = vec![kind];
        // Back: the one type whose only promotion is the current first link.
        while let Some(prev) = self
            .kinds()
            .map(|(k, _)| k)
            .filter(|&k| !chain.contains(&k) && self.only_promotion(k) == Some(chain[0]))
            .fold(None, |found: Option<Option<PieceKind>>, k| match found {
                None => Some(Some(k)),
                Some(_) => Some(None),
            })
            .flatten()
        {
            chain.insert(0, prev);
        }
        while let Some(next) = self
            .only_promotion(*chain.last().expect("never empty"))
            .filter(|n| !chain.contains(n))
        {
            chain.push(next);
        }
        chain
    }

    /// Every square on which some piece of either side may promote.
    pub fn promotion_squares(&self) -> SquareSet {
        self.promo_zone.iter().fold(0, |a, &z| a | z)
    }

    /// Movement profile of `kind` at `level`.
    #[inline]
    pub(crate) fn profile(&self, kind: PieceKind, level: u16) -> usize {
        let k = &self.kinds[kind.index()];
        k.profile_base as usize + (level.clamp(1, k.level_cap) as usize - 1)
    }

    #[inline]
    pub(crate) fn moves_from(&self, color: Color, profile: usize, sq: Square) -> &SquareMoves {
        &self.sq_moves[(color.index() * self.nprof + profile) * GRID_CELLS + sq.index()]
    }

    /// [`Variant::moves_from`] for a piece that has had its first move (one in the
    /// position's `moved` set): the same without first-move (`i`) atoms.
    #[cold]
    pub(crate) fn moved_moves_from(
        &self,
        color: Color,
        profile: usize,
        sq: Square,
    ) -> &SquareMoves {
        let at = (color.index() * self.nprof + profile) * GRID_CELLS + sq.index();
        self.moved_moves
            .get(at)
            .map_or(&self.sq_moves[at], |(m, _)| m)
    }

    /// The squares where a piece like `piece` has its first-move (`i`) atoms: where its
    /// kind starts, if it has any; empty otherwise.
    #[inline]
    pub fn first_move_squares(&self, piece: Piece) -> SquareSet {
        self.first_moves[piece.color().index() * self.kinds.len() + piece.kind().index()]
    }

    /// Whether some piece type has first-move (`i`) atoms.
    #[inline]
    pub fn has_first_moves(&self) -> bool {
        self.first_moves_any != 0
    }
}

/// The table id of the rule just added (its index + 1; 0 means none): the tables hold a
/// byte, so a spec read from a file with more rules than that is too large.
fn promo_rule_id(rules: &[PromotionRule]) -> Result<u8, SpecError> {
    u8::try_from(rules.len()).map_err(|_| SpecError::TooLarge)
}

fn zone_contains(shape: &Shape, zone: &Zone, color: Color, sq: Square) -> bool {
    let rotated = || {
        Square::new(shape.files() - 1 - sq.file(), shape.ranks() - 1 - sq.rank())
            .expect("rotation stays on the board")
    };
    match zone {
        Zone::Ranks(lo, hi) => {
            let r = match color {
                Color::White => sq.rank() + 1,
                Color::Black => shape.ranks() - sq.rank(),
            };
            (*lo..=*hi).contains(&r)
        }
        Zone::Squares(list) => match color {
            Color::White => list.contains(&sq),
            Color::Black => list.contains(&rotated()),
        },
    }
}
