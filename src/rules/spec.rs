//! A game's rules as plain data, read from a variant file (`variants/*.ron`) and checked once
//! by [`Variant::compile`](super::Variant::compile).
//!
//! Everything here is owned, so a spec can come from a file read at run time as well as from
//! the files compiled into the program.

use super::geometry::Square;
use super::movement::Movement;
use super::piece::Color;

/// Everything that defines one game.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// Stable identifier for the command line, saves and the engine protocol (`promochess`).
    pub id: String,
    /// Display name (`PromoChess`).
    pub name: String,
    /// One-line description for menus.
    pub summary: String,
    /// Files of the bounding rectangle.
    pub files: u8,
    /// Ranks of the bounding rectangle.
    pub ranks: u8,
    /// Squares inside the rectangle that do not exist.
    pub holes: Vec<Square>,
    /// Squares drawn as citadels, both sides' (Tamerspiel's corners). Only for display: what
    /// happens there is in the promotion zones.
    pub citadels: Vec<Square>,
    /// The piece table; a piece's index is its [`PieceKind`](super::PieceKind).
    pub pieces: Vec<PieceSpec>,
    /// The start position as a position string (README, "Position strings").
    pub start: String,
    /// Every castling move, for both colours.
    pub castling: Vec<CastlingSpec>,
    /// Whether a Pawn's double step can be answered by an e.p. capture.
    pub en_passant: bool,
    /// What resets the 50-move counter.
    pub fifty_move: FiftyMoveRule,
    /// Which material balances are drawn at once.
    pub material_draw: MaterialDraw,
    /// Extra position state this game tracks.
    pub extras: Extras,
    /// The game's special rules in a few short lines, for the in-app rules card.
    pub rules: Vec<String>,
}

/// One piece type.
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Name for menus and legends (`Wildebeest`).
    pub name: String,
    /// Upper-case letter in position strings and SAN; unique within the game.
    pub letter: char,
    /// How it moves (at level 1 where [`PieceSpec::levels`] is set).
    pub movement: Movement,
    /// Whether it is the royal piece (exactly one per side).
    pub royal: bool,
    /// Whether it can be the King's castling partner (the Rook).
    pub castles: bool,
    /// Whether it is a Pawn: SAN omits its letter, its moves reset the 50-move counter where
    /// the game says so, and its double step makes an e.p. square.
    pub pawn: bool,
    /// Promotion rules, tried in order; the first whose zone holds the destination applies.
    pub promotions: Vec<PromotionSpec>,
    /// Promotions triggered by what the piece captures (Veteran Chess); they take precedence
    /// over zone promotions.
    pub capture_promotions: Vec<CapturePromotionSpec>,
    /// Level-dependent movement (Upgrade Chess).
    pub levels: Option<LevelSpec>,
    /// The orthodox chess figure whose Unicode glyph shows this piece, if it moves like one;
    /// other pieces are shown by their letter.
    pub figure: Option<Figure>,
    /// How it moves, in words, for the rules card.
    pub description: String,
}

/// The six orthodox chess figures, which have Unicode glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    /// King.
    King,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Pawn.
    Pawn,
}

impl PieceSpec {
    /// A plain piece: not royal, not a pawn, no promotion.
    pub fn new(name: impl Into<String>, letter: char, movement: Movement) -> PieceSpec {
        PieceSpec {
            name: name.into(),
            letter,
            movement,
            royal: false,
            castles: false,
            pawn: false,
            promotions: Vec::new(),
            capture_promotions: Vec::new(),
            levels: None,
            figure: None,
            description: String::new(),
        }
    }

    /// Adds a capture promotion: capturing any of `victims` (letters) turns the piece into
    /// `to`, forced or at the mover's choice.
    pub fn promotes_capturing(
        mut self,
        victims: impl Into<String>,
        to: char,
        mandatory: bool,
    ) -> PieceSpec {
        self.capture_promotions.push(CapturePromotionSpec {
            victims: victims.into(),
            to,
            mandatory,
        });
        self
    }

    /// Gives the piece a level whose movement is `movement(level)` up to `cap`.
    pub fn levels(mut self, cap: u16, movement: fn(u16) -> Movement) -> PieceSpec {
        self.levels = Some(LevelSpec {
            movements: (1..=cap).map(movement).collect(),
        });
        self
    }

    /// Shows the piece with an orthodox figure's glyph.
    pub fn figure(mut self, figure: Figure) -> PieceSpec {
        self.figure = Some(figure);
        self
    }

    /// Describes the move in words.
    pub fn describe(mut self, text: impl Into<String>) -> PieceSpec {
        self.description = text.into();
        self
    }

    /// Marks the piece royal.
    pub fn royal(mut self) -> PieceSpec {
        self.royal = true;
        self
    }

    /// Lets the piece be the King's castling partner.
    pub fn castles(mut self) -> PieceSpec {
        self.castles = true;
        self
    }

    /// Marks the piece a Pawn.
    pub fn pawn(mut self) -> PieceSpec {
        self.pawn = true;
        self
    }

    /// Adds a promotion rule.
    pub fn promotes(mut self, rule: PromotionSpec) -> PieceSpec {
        self.promotions.push(rule);
        self
    }
}

/// Movement that grows with the piece's level.
///
/// Held as one movement per level rather than as a function, so that a spec stays plain data
/// (comparable, printable) whether the levels were written by hand or produced by a named
/// built-in behaviour of a variant file.
#[derive(Clone, Debug)]
pub struct LevelSpec {
    /// Movement at levels `1..=cap`, level 1 first; higher levels move like the last.
    pub movements: Vec<Movement>,
}

impl LevelSpec {
    /// The level from which movement stops growing (at least 1).
    pub fn cap(&self) -> u16 {
        (self.movements.len() as u16).max(1)
    }

    /// Movement at `level`, clamped to `1..=cap`.
    pub fn movement(&self, level: u16) -> Movement {
        let i = usize::from(level.clamp(1, self.cap())) - 1;
        self.movements.get(i).cloned().unwrap_or_default()
    }
}

/// A promotion caused by capturing certain pieces, wherever it happens.
#[derive(Clone, Debug)]
pub struct CapturePromotionSpec {
    /// Letters of the victims that trigger it.
    pub victims: String,
    /// Letter of the type the capturer becomes.
    pub to: char,
    /// Whether it is forced (otherwise the capture may decline it).
    pub mandatory: bool,
}

/// Where and into what a piece promotes.
#[derive(Clone, Debug)]
pub struct PromotionSpec {
    /// The squares on which a move must end to promote.
    pub zone: Zone,
    /// Letters of the types it may become; several means the mover picks one.
    pub to: Vec<char>,
    /// Whether promotion is forced (otherwise the mover may decline).
    pub mandatory: bool,
}

/// A set of squares described from White's side; Black's is the same set rotated by 180
/// degrees, which is how every game here sets up Black.
#[derive(Clone, Debug)]
pub enum Zone {
    /// Ranks counted from the owner's side, 1-based (`7..=9` is PromoChess's zone).
    Ranks(u8, u8),
    /// Explicit squares for White.
    Squares(Vec<Square>),
}

/// One castling move.
#[derive(Clone, Copy, Debug)]
pub struct CastlingSpec {
    /// Who castles.
    pub color: Color,
    /// `true` for the right on the higher-file corner (`K`/`k`), `false` for the a-file
    /// corner (`Q`/`q`).
    pub king_side: bool,
    /// The King's square before.
    pub king_from: Square,
    /// The King's square after.
    pub king_to: Square,
    /// The partner's square before.
    pub rook_from: Square,
    /// The partner's square after.
    pub rook_to: Square,
}

/// What resets the 50-move counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiftyMoveRule {
    /// Captures and Pawn moves (FIDE).
    CaptureOrPawn,
    /// Captures only (Veteran Chess).
    CaptureOnly,
}

/// Material balances that end the game as a draw at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaterialDraw {
    /// Only the two royal pieces left.
    BareKings,
    /// FIDE's cases: bare Kings, a lone minor piece, and Bishops all on one square colour.
    Fide {
        /// The Knight's letter.
        knight: char,
        /// The Bishop's letter.
        bishop: char,
    },
}

/// Optional position state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Extras {
    /// Track which Kings never moved (`kings:Kk`, APC).
    pub unmoved_kings: bool,
    /// Track the once-per-game King swap (`swap:Kk`, Tamerspiel).
    pub king_swap: bool,
}

/// Parses a square name in a variant file, where a typo is a programming error.
///
/// # Panics
/// When `name` is not a square name.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("BUG: bad square '{name}' in a variant spec"))
}
