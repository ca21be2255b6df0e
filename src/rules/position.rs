//! The position: placement, side to move, rights, counters, extra state and the hash.

use std::fmt;

use super::fen::{FenError, Setup};
use super::geometry::{Square, SquareSet, Squares, GRID_CELLS};
use super::piece::{Color, Piece};
use super::variant::{Variant, MAX_PROFILES};
use super::zobrist;

/// Everything about a position except the placement; copied whole into an undo record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub turn: Color,
    pub castling: u8,
    pub ep: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    /// Bit 0: White's King never moved; bit 1: Black's (APC).
    pub unmoved_kings: u8,
    /// Bit 0: White's swap unused; bit 1: Black's (Tamerspiel).
    pub swap_unused: u8,
    pub hash: u64,
    pub royal: [Square; 2],
    /// Squares holding a piece that has moved and now stands on a square where its kind
    /// (of its colour) starts and has first-move (`i`) atoms there: such a piece has had
    /// its first move. Pieces on their kind's start squares are otherwise unmoved.
    pub moved: SquareSet,
}

/// A legal position of one game. Build it with [`Position::start`], [`Position::from_fen`]
/// or [`Position::from_setup`]; change it with [`Position::make`] and
/// [`Position::unmake`].
///
/// ```
/// use rankup::rules::Position;
/// use rankup::variants::{variant, VariantId};
/// let pos = Position::start(variant(VariantId::Promochess));
/// assert_eq!(pos.legal_moves().len(), 36);
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) variant: &'static Variant,
    pub(crate) board: [Option<Piece>; GRID_CELLS],
    pub(crate) levels: [u16; GRID_CELLS],
    pub(crate) occupied: SquareSet,
    pub(crate) by_color: [SquareSet; 2],
    pub(crate) by_profile: [[SquareSet; MAX_PROFILES]; 2],
    pub(crate) state: State,
}

/// Error for a position string or setup that is not a legal position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text does not parse.
    Fen(FenError),
    /// A side has no royal piece, or more than one.
    Royals {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
    },
    /// The side that is not to move is in check.
    OppositeCheck(Color),
    /// A Pawn stands where it would have had to promote.
    MustHavePromoted(Square),
    /// A royal piece carries a level.
    RoyalLevel(Square),
    /// A castling right (`K`, `Q`, `k`, `q`) the placement does not back, and why.
    Castling(char, CastlingProblem),
    /// A square of the `moved:` extra that holds no piece standing where its kind starts
    /// with first-move (`i`) atoms.
    Moved(Square),
    /// An e.p. square that no double step could have left.
    EnPassant(Square),
    /// A King marked unmoved that is not on a castling square.
    UnmovedKing(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => e.fmt(f),
            PositionError::Royals { color, count } => {
                write!(f, "{color} has {count} royal pieces, expected 1")
            }
            PositionError::OppositeCheck(c) => {
                write!(f, "{c} is in check but it is not {c}'s move")
            }
            PositionError::MustHavePromoted(sq) => {
                write!(
                    f,
                    "the piece on {sq} stands in its mandatory promotion zone"
                )
            }
            PositionError::RoyalLevel(sq) => write!(f, "the royal piece on {sq} has a level"),
            PositionError::Castling(c, problem) => {
                write!(f, "castling right '{c}': ")?;
                match problem {
                    CastlingProblem::NoMove => write!(f, "the game has no such castling move"),
                    CastlingProblem::NoKing { color, at } => {
                        write!(f, "{color}'s King must stand on {at}")
                    }
                    CastlingProblem::NoPartner { color, at } => {
                        write!(f, "no {color} piece on {at} to castle with")
                    }
                    CastlingProblem::NotPartner { at, name } => write!(
                        f,
                        "the {} on {at} is of a type that does not castle",
                        name.chars().take(40).collect::<String>()
                    ),
                }
            }
            PositionError::Moved(sq) => write!(
                f,
                "moved:{sq} names no piece standing where its kind starts with a first move"
            ),
            PositionError::EnPassant(sq) => {
                write!(f, "e.p. square {sq} does not follow a double step")
            }
            PositionError::UnmovedKing(c) => {
                write!(
                    f,
                    "{c}'s King is marked unmoved but is not on its start square"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a castling right of a position string does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingProblem {
    /// The game has no castling move for this right.
    NoMove,
    /// The side's royal piece is not on the square the move starts from.
    NoKing {
        /// The side.
        color: Color,
        /// Where the King must stand.
        at: Square,
    },
    /// No piece of the side stands on the partner's square.
    NoPartner {
        /// The side.
        color: Color,
        /// The partner's square.
        at: Square,
    },
    /// The piece on the partner's square is of a type that does not castle (in a variant
    /// file: not marked `castles: true`).
    NotPartner {
        /// The partner's square.
        at: Square,
        /// The piece type's name.
        name: String,
    },
}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> Self {
        PositionError::Fen(e)
    }
}

impl Position {
    fn empty(variant: &'static Variant, turn: Color) -> Position {
        let sq0 = Square::new(0, 0).expect("a1 exists");
        Position {
            variant,
            board: [None; GRID_CELLS],
            levels: [0; GRID_CELLS],
            occupied: 0,
            by_color: [0; 2],
            by_profile: [[0; MAX_PROFILES]; 2],
            state: State {
                turn,
                castling: 0,
                ep: None,
                halfmoves: 0,
                fullmoves: 1,
                unmoved_kings: 0,
                swap_unused: 0,
                hash: 0,
                royal: [sq0; 2],
                moved: 0,
            },
        }
    }

    /// The game's start position.
    pub fn start(variant: &'static Variant) -> Position {
        Position::from_fen(variant, &variant.spec().start)
            .expect("BUG: a variant's start position is valid (checked by tests)")
    }

    /// Parses and validates a position string.
    ///
    /// # Errors
    /// When the text does not parse or does not describe a legal position.
    pub fn from_fen(variant: &'static Variant, text: &str) -> Result<Position, PositionError> {
        Position::from_setup(variant, Setup::parse(variant, text)?)
    }

    /// Validates a setup: one royal piece per side, the side not to move not in check, no
    /// piece left in its mandatory promotion zone, castling rights and the e.p. square backed
    /// by the placement.
    ///
    /// # Errors
    /// The first rule the setup breaks.
    pub fn from_setup(variant: &'static Variant, setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position::empty(variant, setup.turn);
        let mut royals = [0usize; 2];
        for &(sq, piece, level) in &setup.cells {
            let spec = variant.piece(piece.kind());
            if spec.royal {
                if level > 1 {
                    return Err(PositionError::RoyalLevel(sq));
                }
                royals[piece.color().index()] += 1;
                pos.state.royal[piece.color().index()] = sq;
            }
            // Only a Pawn can never stand in its mandatory zone: other pieces may have just
            // been promoted there (a Tamerspiel Eagle created on an enemy citadel promotes
            // again only on a later move ending on one). Where Kings swap, even a Pawn may
            // stand on its last rank: a swap moves it there and never promotes.
            if spec.pawn
                && !variant.extras().king_swap
                && variant
                    .promotion_at(piece.color(), piece.kind(), sq)
                    .is_some_and(|r| r.mandatory)
            {
                return Err(PositionError::MustHavePromoted(sq));
            }
            let level = if variant.has_levels() && !spec.royal {
                level
            } else {
                0
            };
            pos.place(sq, Some(piece), level);
        }
        for color in Color::ALL {
            if royals[color.index()] != 1 {
                return Err(PositionError::Royals {
                    color,
                    count: royals[color.index()],
                });
            }
        }
        for (bit, c) in [(1u8, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
            if setup.castling & bit != 0 {
                pos.castling_backed(bit)
                    .map_err(|problem| PositionError::Castling(c, problem))?;
            }
        }
        pos.state.castling = setup.castling;
        for sq in Squares(setup.moved) {
            let first = pos
                .piece_at(sq)
                .map_or(0, |p| variant.first_move_squares(p));
            if first & sq.bit() == 0 {
                return Err(PositionError::Moved(sq));
            }
        }
        pos.state.moved = setup.moved;
        if let Some(ep) = setup.ep {
            let them = !setup.turn;
            let pawn_sq = ep.offset(0, them.forward());
            let origin = ep.offset(0, -them.forward());
            let ok = variant.spec().en_passant
                && pos.piece_at(ep).is_none()
                && origin.is_some_and(|o| variant.shape().contains(o) && pos.piece_at(o).is_none())
                && pawn_sq
                    .and_then(|s| pos.piece_at(s))
                    .is_some_and(|p| p.color() == them && variant.piece(p.kind()).pawn);
            if !ok {
                return Err(PositionError::EnPassant(ep));
            }
            pos.state.ep = Some(ep);
        }
        pos.state.halfmoves = setup.halfmoves;
        pos.state.fullmoves = setup.fullmoves;
        if variant.extras().unmoved_kings {
            let on_start = |c: Color| {
                variant
                    .castlings()
                    .iter()
                    .any(|cs| cs.spec.color == c && pos.state.royal[c.index()] == cs.spec.king_from)
            };
            let mut bits = 0;
            for c in Color::ALL {
                let bit = 1 << c.index();
                let marked = match setup.unmoved_kings {
                    Some(b) => b & bit != 0,
                    None => on_start(c),
                };
                if marked {
                    if !on_start(c) {
                        return Err(PositionError::UnmovedKing(c));
                    }
                    bits |= bit;
                }
            }
            pos.state.unmoved_kings = bits;
        }
        if variant.extras().king_swap {
            pos.state.swap_unused = setup.swap_unused.unwrap_or(3);
        }
        pos.state.hash = pos.compute_hash();
        let them = !pos.turn();
        if pos.attacked(
            pos.royal_square(them),
            pos.turn(),
            pos.occupied,
            pos.by_color[pos.turn().index()],
        ) {
            return Err(PositionError::OppositeCheck(them));
        }
        Ok(pos)
    }

    /// Whether the placement backs castling right `bit`: the game's castling move for it
    /// has its King and a partner of a castling type in place.
    fn castling_backed(&self, bit: u8) -> Result<(), CastlingProblem> {
        let v = self.variant;
        let Some(s) = v
            .castlings()
            .iter()
            .find(|c| c.right == bit)
            .map(|c| c.spec)
        else {
            return Err(CastlingProblem::NoMove);
        };
        if !self
            .piece_at(s.king_from)
            .is_some_and(|p| p.color() == s.color && v.piece(p.kind()).royal)
        {
            return Err(CastlingProblem::NoKing {
                color: s.color,
                at: s.king_from,
            });
        }
        match self.piece_at(s.rook_from) {
            Some(p) if p.color() == s.color => {
                let spec = v.piece(p.kind());
                if spec.castles {
                    Ok(())
                } else {
                    Err(CastlingProblem::NotPartner {
                        at: s.rook_from,
                        name: spec.name.clone(),
                    })
                }
            }
            _ => Err(CastlingProblem::NoPartner {
                color: s.color,
                at: s.rook_from,
            }),
        }
    }

    /// The squares of pieces that have had their first move although they stand where
    /// their kind starts with first-move (`i`) atoms (the `moved:` extra of position
    /// strings). Empty in every built-in game.
    #[inline]
    pub fn moved_on_start(&self) -> SquareSet {
        self.state.moved
    }

    /// The game this position belongs to.
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The level of the piece on `sq`: its Upgrade Chess level, 0 for royal pieces and in
    /// games without levels, 0 for an empty square.
    #[inline]
    pub fn level_at(&self, sq: Square) -> u16 {
        self.levels[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.state.turn
    }

    /// Castling rights: bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`.
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.state.castling
    }

    /// The square passed over by the double step just made, if any.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.state.ep
    }

    /// Plies counted toward the 50-move rule.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.state.halfmoves
    }

    /// The move number.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.state.fullmoves
    }

    /// Whether `color`'s King has never moved (tracked in APC only).
    pub fn king_unmoved(&self, color: Color) -> bool {
        self.state.unmoved_kings & (1 << color.index()) != 0
    }

    /// Whether `color` may still swap its King (tracked in Tamerspiel only).
    pub fn swap_unused(&self, color: Color) -> bool {
        self.state.swap_unused & (1 << color.index()) != 0
    }

    /// The Zobrist hash of everything in the position.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// Where `color`'s royal piece stands.
    #[inline]
    pub fn royal_square(&self, color: Color) -> Square {
        self.state.royal[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces that move by movement profile `profile`: a kind at
    /// one level, numbered kind by kind and level by level within a kind.
    #[inline]
    pub(crate) fn pieces_of_profile(&self, color: Color, profile: usize) -> SquareSet {
        self.by_profile[color.index()][profile]
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Squares(self.occupied).map(|sq| (sq, self.board[sq.index()].expect("occupied")))
    }

    /// The key for repetition: the hash, with the e.p. square counted only when an e.p.
    /// capture is actually legal (README, "Rules").
    pub fn repetition_key(&self) -> u64 {
        match self.state.ep {
            Some(ep) if !self.has_legal_ep() => self.state.hash ^ zobrist::ep(ep.index()),
            _ => self.state.hash,
        }
    }

    /// Puts `piece` (or nothing) on `sq`, keeping bitboards and hash in step.
    #[inline]
    pub(crate) fn place(&mut self, sq: Square, piece: Option<Piece>, level: u16) {
        let i = sq.index();
        if let Some(old) = self.board[i] {
            let c = old.color().index();
            let prof = self.variant.profile(old.kind(), self.levels[i]);
            self.by_profile[c][prof] &= !sq.bit();
            self.by_color[c] &= !sq.bit();
            self.state.hash ^= zobrist::piece(old.code(), i) ^ zobrist::level(self.levels[i], i);
        }
        self.board[i] = piece;
        self.levels[i] = level;
        match piece {
            Some(p) => {
                let c = p.color().index();
                let prof = self.variant.profile(p.kind(), level);
                self.by_profile[c][prof] |= sq.bit();
                self.by_color[c] |= sq.bit();
                self.occupied |= sq.bit();
                self.state.hash ^= zobrist::piece(p.code(), i) ^ zobrist::level(level, i);
            }
            None => self.occupied &= !sq.bit(),
        }
    }

    /// The hash computed from scratch; equals [`Position::hash`], which is kept up to date
    /// incrementally (tests compare the two).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.pieces() {
            h ^= zobrist::piece(p.code(), sq.index())
                ^ zobrist::level(self.level_at(sq), sq.index());
        }
        if self.state.turn == Color::Black {
            h ^= zobrist::side();
        }
        h ^= zobrist::castling(self.state.castling);
        if let Some(ep) = self.state.ep {
            h ^= zobrist::ep(ep.index());
        }
        for sq in Squares(self.state.moved) {
            h ^= zobrist::moved(sq.index());
        }
        h ^ zobrist::extras(self.extra_bits())
    }

    #[inline]
    pub(crate) fn extra_bits(&self) -> u8 {
        self.state.unmoved_kings | (self.state.swap_unused << 2)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant.id(), self.fen())
    }
}

impl PartialEq for Position {
    /// Same game, placement, levels and state (hash included).
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.variant, other.variant)
            && self.board == other.board
            && self.levels == other.levels
            && self.state == other.state
    }
}

impl Eq for Position {}
