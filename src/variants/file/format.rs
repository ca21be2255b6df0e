//! A variant file as written: every field the format has, as serde reads it.
//!
//! Fields a file may leave out are `Option`s, so that a file that starts from another game
//! (`base: "chess"`) can tell a field it gives from one it leaves to the base; [`Game`] is
//! the file after its base is merged in and every default applied.

use serde::Deserialize;

/// A variant file as written.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct VariantFile {
    /// The game this one starts from (a built-in game's id).
    #[serde(default)]
    pub base: Option<String>,
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub files: Option<u8>,
    #[serde(default)]
    pub ranks: Option<u8>,
    #[serde(default)]
    pub holes: Option<Vec<String>>,
    #[serde(default)]
    pub citadels: Option<Vec<String>>,
    #[serde(default)]
    pub pieces: Option<Vec<PieceFile>>,
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub castling: Option<Vec<CastlingFile>>,
    #[serde(default)]
    pub en_passant: Option<bool>,
    #[serde(default)]
    pub fifty_move: Option<FiftyMoveFile>,
    #[serde(default)]
    pub material_draw: Option<MaterialDrawFile>,
    #[serde(default)]
    pub extras: Option<ExtrasFile>,
    #[serde(default)]
    pub rules: Option<Vec<String>>,
}

/// One piece type as written. In a file with a `base`, an entry whose letter the base has
/// changes that piece: the fields it gives replace the base piece's.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct PieceFile {
    #[serde(default)]
    pub name: Option<String>,
    pub letter: char,
    #[serde(default)]
    pub movement: Option<MovementFile>,
    #[serde(default)]
    pub figure: Option<FigureFile>,
    #[serde(default)]
    pub royal: Option<bool>,
    #[serde(default)]
    pub pawn: Option<bool>,
    #[serde(default)]
    pub castles: Option<bool>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub promotions: Option<Vec<PromotionFile>>,
    #[serde(default)]
    pub capture_promotions: Option<Vec<CapturePromotionFile>>,
    #[serde(default)]
    pub levels: Option<LevelsFile>,
    /// Drops the base's piece of this letter (only with a `base`).
    #[serde(default)]
    pub remove: bool,
}

impl PieceFile {
    /// The fields the entry gives, by name (`letter` always).
    pub fn given(&self) -> Vec<&'static str> {
        let mut out = vec!["letter"];
        for (name, given) in [
            ("name", self.name.is_some()),
            ("movement", self.movement.is_some()),
            ("figure", self.figure.is_some()),
            ("royal", self.royal.is_some()),
            ("pawn", self.pawn.is_some()),
            ("castles", self.castles.is_some()),
            ("description", self.description.is_some()),
            ("promotions", self.promotions.is_some()),
            ("capture_promotions", self.capture_promotions.is_some()),
            ("levels", self.levels.is_some()),
        ] {
            if given {
                out.push(name);
            }
        }
        out
    }

    /// This entry laid over `base` (a piece of the same letter): the fields it gives
    /// replace the base's. `movement` and `levels` go together (a piece moves by one or
    /// the other), so giving either replaces both.
    pub fn over(self, base: PieceFile) -> PieceFile {
        let moves = self.movement.is_some() || self.levels.is_some();
        PieceFile {
            name: self.name.or(base.name),
            letter: self.letter,
            movement: if moves { self.movement } else { base.movement },
            figure: self.figure.or(base.figure),
            royal: self.royal.or(base.royal),
            pawn: self.pawn.or(base.pawn),
            castles: self.castles.or(base.castles),
            description: self.description.or(base.description),
            promotions: self.promotions.or(base.promotions),
            capture_promotions: self.capture_promotions.or(base.capture_promotions),
            levels: if moves { self.levels } else { base.levels },
            remove: false,
        }
    }
}

/// How a piece moves, as written.
#[derive(Deserialize, Debug, Clone)]
pub(super) enum MovementFile {
    /// Betza notation (README, "Movement (Betza)").
    Betza(String),
    /// A named built-in movement Betza cannot say (`Builtin("nobleman")`).
    Builtin(String),
    /// The movement with every rider needing at least this many steps (the Picket).
    MinRange(u8, Box<MovementFile>),
    /// The union of several movements.
    Union(Vec<MovementFile>),
}

#[derive(Deserialize, Debug, Clone, Copy)]
pub(super) enum FigureFile {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Drawn by its letter (what a piece without `figure` is): lets a file based on
    /// another game take a base piece's glyph away.
    Letter,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct PromotionFile {
    pub zone: ZoneFile,
    pub to: String,
    #[serde(default)]
    pub mandatory: bool,
}

#[derive(Deserialize, Debug, Clone)]
pub(super) enum ZoneFile {
    Ranks(u8, u8),
    Squares(Vec<String>),
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct CapturePromotionFile {
    pub victims: String,
    pub to: char,
    #[serde(default)]
    pub mandatory: bool,
}

/// Level-dependent movement: a named built-in behaviour with its parameters.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) enum LevelsFile {
    /// Upgrade Chess's growth for one piece kind, up to `cap`.
    Upgrade { cap: u16, kind: String },
    /// The piece carries a level but moves the same at every level (Upgrade's Pawn).
    Constant,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct CastlingFile {
    pub color: ColorFile,
    pub king_side: bool,
    pub king_from: String,
    pub king_to: String,
    pub rook_from: String,
    pub rook_to: String,
}

#[derive(Deserialize, Debug, Clone, Copy)]
pub(super) enum ColorFile {
    White,
    Black,
}

#[derive(Deserialize, Debug, Default, Clone, Copy)]
pub(super) enum FiftyMoveFile {
    #[default]
    CaptureOrPawn,
    CaptureOnly,
}

#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub(super) enum MaterialDrawFile {
    #[default]
    BareKings,
    Fide {
        knight: char,
        bishop: char,
    },
}

#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub(super) struct ExtrasFile {
    #[serde(default)]
    pub unmoved_kings: bool,
    #[serde(default)]
    pub king_swap: bool,
}

/// A game as its file (merged with its base) describes it, every default applied.
#[derive(Debug)]
pub(super) struct Game {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub files: u8,
    pub ranks: u8,
    pub holes: Vec<String>,
    pub citadels: Vec<String>,
    pub pieces: Vec<PieceDef>,
    pub start: String,
    pub castling: Vec<CastlingFile>,
    pub en_passant: bool,
    pub fifty_move: FiftyMoveFile,
    pub material_draw: MaterialDrawFile,
    pub extras: ExtrasFile,
    pub rules: Vec<String>,
}

/// One piece type, every default applied.
#[derive(Debug)]
pub(super) struct PieceDef {
    pub name: String,
    pub letter: char,
    pub movement: Option<MovementFile>,
    pub figure: Option<FigureFile>,
    pub royal: bool,
    pub pawn: bool,
    pub castles: bool,
    pub description: String,
    pub promotions: Vec<PromotionFile>,
    pub capture_promotions: Vec<CapturePromotionFile>,
    pub levels: Option<LevelsFile>,
}
