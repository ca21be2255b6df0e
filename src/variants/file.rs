//! Variant files: a game's rules written in RON, read into a [`VariantSpec`] and checked.
//!
//! The thirteen built-in games are such files (`variants/*.ron` at the top of the
//! repository, compiled in), read by the same [`load`] a player's own file goes through.
//! A file says everything as data; where a rule is an algorithm (Upgrade Chess's level
//! movement, Tamerspiel's Nobleman and Supercav) it names a built-in behaviour, which lives in
//! the game's module in `src/variants/`.
//!
//! Every problem is one [`VariantFileError`] naming the file, line, column and field; no
//! input makes the loader panic.

use std::fmt;

use serde::Deserialize;

use super::ron_path::{self, Path};
use crate::rules::{
    BetzaError, CastlingSpec, Color, Extras, FiftyMoveRule, Figure, LevelSpec, MaterialDraw,
    Movement, PieceSpec, Position, PositionError, PromotionSpec, Setup, ShapeError, SpecError,
    Square, Variant, VariantSpec, Zone, GRID_FILES, GRID_RANKS, MAX_KINDS, MAX_PROFILES,
};

/// Longest variant file read, in bytes (the longest built-in is a few kilobytes).
pub const MAX_FILE_BYTES: usize = 256 * 1024;

/// A variant file as written.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    id: String,
    name: String,
    #[serde(default)]
    summary: String,
    files: u8,
    ranks: u8,
    #[serde(default)]
    holes: Vec<String>,
    #[serde(default)]
    citadels: Vec<String>,
    pieces: Vec<PieceFile>,
    start: String,
    #[serde(default)]
    castling: Vec<CastlingFile>,
    #[serde(default)]
    en_passant: bool,
    #[serde(default)]
    fifty_move: FiftyMoveFile,
    #[serde(default)]
    material_draw: MaterialDrawFile,
    #[serde(default)]
    extras: ExtrasFile,
    #[serde(default)]
    rules: Vec<String>,
}

/// One piece type as written.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PieceFile {
    name: String,
    letter: char,
    #[serde(default)]
    movement: Option<MovementFile>,
    #[serde(default)]
    figure: Option<FigureFile>,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    pawn: bool,
    #[serde(default)]
    castles: bool,
    #[serde(default)]
    description: String,
    #[serde(default)]
    promotions: Vec<PromotionFile>,
    #[serde(default)]
    capture_promotions: Vec<CapturePromotionFile>,
    #[serde(default)]
    levels: Option<LevelsFile>,
}

/// How a piece moves, as written.
#[derive(Deserialize, Debug)]
enum MovementFile {
    /// Betza notation (RULES.md section 0).
    Betza(String),
    /// A named built-in movement Betza cannot say (`Builtin("nobleman")`).
    Builtin(String),
    /// The movement with every rider needing at least this many steps (the Picket).
    MinRange(u8, Box<MovementFile>),
    /// The union of several movements.
    Union(Vec<MovementFile>),
}

#[derive(Deserialize, Debug, Clone, Copy)]
enum FigureFile {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PromotionFile {
    zone: ZoneFile,
    to: String,
    #[serde(default)]
    mandatory: bool,
}

#[derive(Deserialize, Debug)]
enum ZoneFile {
    Ranks(u8, u8),
    Squares(Vec<String>),
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CapturePromotionFile {
    victims: String,
    to: char,
    #[serde(default)]
    mandatory: bool,
}

/// Level-dependent movement: a named built-in behaviour with its parameters.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
enum LevelsFile {
    /// Upgrade Chess's growth for one piece kind, up to `cap`.
    Upgrade { cap: u16, kind: String },
    /// The piece carries a level but moves the same at every level (Upgrade's Pawn).
    Constant,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CastlingFile {
    color: ColorFile,
    king_side: bool,
    king_from: String,
    king_to: String,
    rook_from: String,
    rook_to: String,
}

#[derive(Deserialize, Debug, Clone, Copy)]
enum ColorFile {
    White,
    Black,
}

#[derive(Deserialize, Debug, Default, Clone, Copy)]
enum FiftyMoveFile {
    #[default]
    CaptureOrPawn,
    CaptureOnly,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
enum MaterialDrawFile {
    #[default]
    BareKings,
    Fide {
        knight: char,
        bishop: char,
    },
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct ExtrasFile {
    #[serde(default)]
    unmoved_kings: bool,
    #[serde(default)]
    king_swap: bool,
}

/// What is wrong with a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFileErrorKind {
    /// Not RON, an unknown or missing field, or a value of the wrong type.
    Syntax(String),
    /// A letter in the start position's placement that no piece has.
    UnknownStartLetter(char),
    /// A Betza string outside the supported subset.
    Betza(BetzaError),
    /// A letter naming a piece (promotion target, capture victim, ...) that no piece has.
    UnknownPiece {
        /// The letter.
        letter: char,
        /// What the letter was for (`promotion target`).
        role: &'static str,
    },
    /// A board larger than the engine's grid, or empty.
    BoardSize {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
    /// The royal pieces break the rules (none, one per side in the start, promotions keep
    /// royalty).
    Royals(String),
    /// A built-in behaviour name the program does not have.
    UnknownBuiltin {
        /// The name written.
        name: String,
        /// The names there are.
        known: &'static [&'static str],
    },
    /// Two pieces with one letter.
    DuplicateLetter(char),
    /// A piece letter that is not an upper-case ASCII letter.
    BadLetter(char),
    /// A square name that is not a square of the board.
    Square(String),
    /// Anything else, in words.
    Invalid(String),
}

impl fmt::Display for VariantFileErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::short;
        match self {
            VariantFileErrorKind::Syntax(m) => f.write_str(m),
            VariantFileErrorKind::UnknownStartLetter(c) => {
                write!(f, "start position uses letter '{c}', which no piece has")
            }
            VariantFileErrorKind::Betza(e) => e.fmt(f),
            VariantFileErrorKind::UnknownPiece { letter, role } => {
                write!(f, "{role} '{letter}' is not the letter of a piece of this game")
            }
            VariantFileErrorKind::BoardSize { files, ranks } => write!(
                f,
                "board of {files} files x {ranks} ranks: the engine plays on 1 to {GRID_FILES} files and 1 to {GRID_RANKS} ranks"
            ),
            VariantFileErrorKind::Royals(m) => f.write_str(m),
            VariantFileErrorKind::UnknownBuiltin { name, known } => write!(
                f,
                "unknown built-in '{}' (known: {})",
                short(name),
                known.join(", ")
            ),
            VariantFileErrorKind::DuplicateLetter(c) => {
                write!(f, "letter '{c}' is used by two pieces")
            }
            VariantFileErrorKind::BadLetter(c) => write!(
                f,
                "piece letter '{}' must be an upper-case letter A-Z",
                c.escape_default()
            ),
            VariantFileErrorKind::Square(s) => f.write_str(s),
            VariantFileErrorKind::Invalid(m) => f.write_str(m),
        }
    }
}

/// Error for a variant file: where (file, line, column, field) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFileError {
    /// The file's name as shown (a path, or `variants/chess.ron` for a built-in).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The field, as a path (`pieces[2].movement`); empty for the file as a whole.
    pub field: String,
    /// What is wrong.
    pub kind: VariantFileErrorKind,
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for VariantFileError {}

/// A problem found after parsing, at a path the scanner then places in the text.
type Found = (Path, VariantFileErrorKind);

/// Reads, checks and compiles a variant file's text. `file` names it in errors.
///
/// The start position is checked as far as it can be without a [`Position`] (which needs a
/// `'static` game): [`load`] checks the rest.
///
/// # Errors
/// The first problem, with its file, line, column and field.
pub fn compile(text: &str, file: &str) -> Result<Variant, VariantFileError> {
    compile_as(text, file, None)
}

/// [`compile`], with the game's `id` replaced by `id` when given (a save's embedded
/// definition registered beside a different game of the same id).
fn compile_as(text: &str, file: &str, id: Option<&str>) -> Result<Variant, VariantFileError> {
    let text = crate::text::strip_bom(text);
    let at = |(path, kind): Found| {
        let (line, column) = ron_path::locate(text, &path);
        VariantFileError {
            file: crate::text::short(file).to_string(),
            line,
            column,
            field: path.to_string(),
            kind,
        }
    };
    if text.len() > MAX_FILE_BYTES {
        return Err(at((
            Path::default(),
            VariantFileErrorKind::Invalid(format!(
                "file of {} bytes is larger than {MAX_FILE_BYTES}",
                text.len()
            )),
        )));
    }
    let mut parsed: VariantFile = crate::input::ron_options().from_str(text).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        let message = crate::text::ron_message(e.code);
        VariantFileError {
            file: crate::text::short(file).to_string(),
            line,
            column,
            field: ron_path::path_at(text, line, column).to_string(),
            kind: VariantFileErrorKind::Syntax(message),
        }
    })?;
    if let Some(id) = id {
        parsed.id = id.to_string();
    }
    let spec = to_spec(&parsed).map_err(at)?;
    check_start(&spec).map_err(at)?;
    let variant = Variant::compile(spec).map_err(|e| at(spec_error(e)))?;
    Setup::parse(&variant, &variant.spec().start).map_err(|e| {
        at((
            Path::default().field("start"),
            VariantFileErrorKind::Invalid(format!("bad start position: {e}")),
        ))
    })?;
    Ok(variant)
}

/// Reads, checks and compiles a variant file's text, and checks its start position; the
/// game then lives as long as the program, as games do (positions refer to it).
///
/// # Errors
/// The first problem, with its file, line, column and field.
pub fn load(text: &str, file: &str) -> Result<&'static Variant, VariantFileError> {
    load_as(text, file, None)
}

/// [`load`], with the game's `id` replaced by `id` when given; the new id is checked as the
/// file's own would be (1 to 40 characters a-z, 0-9 and '-').
///
/// # Errors
/// As [`load`].
pub fn load_as(
    text: &str,
    file: &str,
    id: Option<&str>,
) -> Result<&'static Variant, VariantFileError> {
    let variant: &'static Variant = Box::leak(Box::new(compile_as(text, file, id)?));
    match Position::from_fen(variant, &variant.spec().start) {
        Ok(_) => Ok(variant),
        Err(e) => {
            let text = crate::text::strip_bom(text);
            let path = Path::default().field("start");
            let (line, column) = ron_path::locate(text, &path);
            let kind = match e {
                PositionError::Royals { .. } => VariantFileErrorKind::Royals(format!(
                    "start position: {e} (each side needs exactly one royal piece)"
                )),
                e => VariantFileErrorKind::Invalid(format!("bad start position: {e}")),
            };
            Err(VariantFileError {
                file: crate::text::short(file).to_string(),
                line,
                column,
                field: path.to_string(),
                kind,
            })
        }
    }
}

/// Places a compile error that the checks before compiling did not catch.
fn spec_error(e: SpecError) -> Found {
    let root = Path::default();
    match e {
        SpecError::Shape(ShapeError::Size { files, ranks }) => (
            root.field("files"),
            VariantFileErrorKind::BoardSize { files, ranks },
        ),
        SpecError::Shape(ShapeError::HoleOutside(sq)) => (
            root.field("holes"),
            VariantFileErrorKind::Square(format!("hole {sq} lies outside the board")),
        ),
        SpecError::Letter(c) => (root.field("pieces"), VariantFileErrorKind::BadLetter(c)),
        SpecError::UnknownTarget(c) => (
            root.field("pieces"),
            VariantFileErrorKind::UnknownPiece {
                letter: c,
                role: "promotion target",
            },
        ),
        SpecError::TooLarge => (
            root.field("pieces"),
            VariantFileErrorKind::Invalid(format!(
                "too many piece types or levels (at most {MAX_KINDS} types and {MAX_PROFILES} movements in all)"
            )),
        ),
        SpecError::Royals(_) => (
            root.field("pieces"),
            VariantFileErrorKind::Royals("no piece is royal".into()),
        ),
        SpecError::Start(m) => (
            root.field("start"),
            VariantFileErrorKind::Invalid(format!("bad start position: {m}")),
        ),
    }
}

/// The built-in movements a file may name.
pub const BUILTIN_MOVEMENTS: &[&str] = &["nobleman", "supercav"];

/// The piece kinds Upgrade Chess's level growth knows.
pub const UPGRADE_KINDS: &[&str] = &["Rook", "Bishop", "Queen", "Knight"];

fn builtin_movement(name: &str) -> Option<Movement> {
    match name {
        "nobleman" => Some(super::tamerspiel::nobleman()),
        "supercav" => Some(super::tamerspiel::supercav()),
        _ => None,
    }
}

fn movement(m: &MovementFile, path: &Path) -> Result<Movement, Found> {
    match m {
        MovementFile::Betza(text) => {
            Movement::betza(text).map_err(|e| (path.index(0), VariantFileErrorKind::Betza(e)))
        }
        MovementFile::Builtin(name) => builtin_movement(name).ok_or_else(|| {
            (
                path.index(0),
                VariantFileErrorKind::UnknownBuiltin {
                    name: name.clone(),
                    known: BUILTIN_MOVEMENTS,
                },
            )
        }),
        MovementFile::MinRange(min, inner) => {
            if *min == 0 {
                return Err((
                    path.index(0),
                    VariantFileErrorKind::Invalid("the minimum range must be at least 1".into()),
                ));
            }
            Ok(movement(inner, &path.index(1))?.min_range(*min))
        }
        MovementFile::Union(parts) => {
            let mut out = Movement::default();
            for (i, part) in parts.iter().enumerate() {
                out = out.with(movement(part, &path.index(0).index(i))?);
            }
            Ok(out)
        }
    }
}

/// A square of the board (inside the rectangle, not a hole).
fn square(name: &str, spec: &VariantSpec, path: &Path) -> Result<Square, Found> {
    let bad = |why: &str| {
        Err((
            path.clone(),
            VariantFileErrorKind::Square(format!(
                "'{}' {why}",
                crate::text::short(name).to_string().escape_default()
            )),
        ))
    };
    let Ok(sq) = name.parse::<Square>() else {
        return bad("is not a square name");
    };
    if sq.file() >= spec.files || sq.rank() >= spec.ranks || spec.holes.contains(&sq) {
        return bad("is not a square of the board");
    }
    Ok(sq)
}

fn check_letter(c: char, path: Path) -> Result<(), Found> {
    if c.is_ascii_uppercase() {
        Ok(())
    } else {
        Err((path, VariantFileErrorKind::BadLetter(c)))
    }
}

/// The spec a parsed file describes, with everything checked that can be checked before
/// compiling (so that each problem is reported at its own field).
fn to_spec(f: &VariantFile) -> Result<VariantSpec, Found> {
    let root = Path::default();
    let invalid = |path: Path, m: String| Err((path, VariantFileErrorKind::Invalid(m)));
    if f.id.is_empty()
        || f.id.len() > 40
        || !f
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return invalid(
            root.field("id"),
            "id must be 1 to 40 characters a-z, 0-9 and '-'".into(),
        );
    }
    if f.name.trim().is_empty() {
        return invalid(root.field("name"), "name must not be empty".into());
    }
    if f.files == 0 || f.ranks == 0 || f.files > GRID_FILES || f.ranks > GRID_RANKS {
        let field = if f.files == 0 || f.files > GRID_FILES {
            "files"
        } else {
            "ranks"
        };
        return Err((
            root.field(field),
            VariantFileErrorKind::BoardSize {
                files: f.files,
                ranks: f.ranks,
            },
        ));
    }
    let mut spec = VariantSpec {
        id: f.id.clone(),
        name: f.name.clone(),
        summary: f.summary.clone(),
        files: f.files,
        ranks: f.ranks,
        holes: Vec::new(),
        citadels: Vec::new(),
        pieces: Vec::new(),
        start: f.start.clone(),
        castling: Vec::new(),
        en_passant: f.en_passant,
        fifty_move: match f.fifty_move {
            FiftyMoveFile::CaptureOrPawn => FiftyMoveRule::CaptureOrPawn,
            FiftyMoveFile::CaptureOnly => FiftyMoveRule::CaptureOnly,
        },
        material_draw: MaterialDraw::BareKings,
        extras: Extras {
            unmoved_kings: f.extras.unmoved_kings,
            king_swap: f.extras.king_swap,
        },
        rules: f.rules.clone(),
    };
    for (i, name) in f.holes.iter().enumerate() {
        let hole = square(name, &spec, &root.field("holes").index(i))?;
        spec.holes.push(hole);
    }
    for (i, name) in f.citadels.iter().enumerate() {
        let citadel = square(name, &spec, &root.field("citadels").index(i))?;
        spec.citadels.push(citadel);
    }

    // Letters first: promotions and the start position refer to them.
    let pieces_path = root.field("pieces");
    if f.pieces.is_empty() || f.pieces.len() > MAX_KINDS {
        return invalid(
            pieces_path,
            format!("a game has 1 to {MAX_KINDS} piece types"),
        );
    }
    let mut letters: Vec<char> = Vec::new();
    for (i, p) in f.pieces.iter().enumerate() {
        let path = pieces_path.index(i).field("letter");
        check_letter(p.letter, path.clone())?;
        if letters.contains(&p.letter) {
            return Err((path, VariantFileErrorKind::DuplicateLetter(p.letter)));
        }
        letters.push(p.letter);
    }
    let royal_of = |c: char| {
        f.pieces
            .iter()
            .find(|p| p.letter == c)
            .map(|p| p.royal)
            .unwrap_or(false)
    };
    let known = |c: char, role: &'static str, path: Path| {
        if letters.contains(&c) {
            Ok(())
        } else {
            Err((path, VariantFileErrorKind::UnknownPiece { letter: c, role }))
        }
    };
    for (i, p) in f.pieces.iter().enumerate() {
        let path = pieces_path.index(i);
        if p.name.trim().is_empty() {
            return invalid(path.field("name"), "a piece needs a name".into());
        }
        // Royalty may not be gained or lost by promoting: each side keeps exactly one royal
        // piece, which the engine's check detection relies on.
        let keeps_royalty = |to: char, path: Path| {
            if royal_of(to) == p.royal {
                Ok(())
            } else {
                Err((
                    path,
                    VariantFileErrorKind::Royals(format!(
                        "{} {} promotes to {}, which {} royal: a promotion must keep royalty",
                        if p.royal { "royal" } else { "non-royal" },
                        p.letter,
                        to,
                        if p.royal { "is not" } else { "is" }
                    )),
                ))
            }
        };
        let mut promotions = Vec::new();
        for (j, rule) in p.promotions.iter().enumerate() {
            let rpath = path.field("promotions").index(j);
            let zone = match &rule.zone {
                ZoneFile::Ranks(lo, hi) => {
                    if *lo == 0 || lo > hi || *hi > f.ranks {
                        return invalid(
                            rpath.field("zone"),
                            format!(
                                "ranks {lo} to {hi}: a zone spans ranks 1 to {} counted from the owner's side",
                                f.ranks
                            ),
                        );
                    }
                    Zone::Ranks(*lo, *hi)
                }
                ZoneFile::Squares(names) => {
                    let mut squares = Vec::new();
                    for (k, name) in names.iter().enumerate() {
                        let zpath = rpath.field("zone").index(0).index(k);
                        squares.push(square(name, &spec, &zpath)?);
                    }
                    Zone::Squares(squares)
                }
            };
            if rule.to.is_empty() {
                return invalid(rpath.field("to"), "no promotion target".into());
            }
            let mut to = Vec::new();
            for c in rule.to.chars() {
                known(c, "promotion target", rpath.field("to"))?;
                keeps_royalty(c, rpath.field("to"))?;
                to.push(c);
            }
            promotions.push(PromotionSpec {
                zone,
                to,
                mandatory: rule.mandatory,
            });
        }
        let mut piece = PieceSpec::new(p.name.clone(), p.letter, Movement::default());
        for (j, rule) in p.capture_promotions.iter().enumerate() {
            let rpath = path.field("capture_promotions").index(j);
            for c in rule.victims.chars() {
                known(c, "capture-promotion victim", rpath.field("victims"))?;
            }
            known(rule.to, "capture-promotion target", rpath.field("to"))?;
            keeps_royalty(rule.to, rpath.field("to"))?;
            piece = piece.promotes_capturing(rule.victims.clone(), rule.to, rule.mandatory);
        }
        let written = match &p.movement {
            Some(m) => Some(movement(m, &path.field("movement"))?),
            None => None,
        };
        match (&p.levels, written) {
            (Some(LevelsFile::Upgrade { cap, kind }), None) => {
                let lpath = path.field("levels");
                if *cap == 0 || usize::from(*cap) > MAX_PROFILES {
                    return invalid(
                        lpath.field("cap"),
                        format!("level cap {cap}: it must be 1 to {MAX_PROFILES}"),
                    );
                }
                let Some(grow) = super::upgrade::level_movement(kind) else {
                    return Err((
                        lpath.field("kind"),
                        VariantFileErrorKind::UnknownBuiltin {
                            name: kind.clone(),
                            known: UPGRADE_KINDS,
                        },
                    ));
                };
                let levels = LevelSpec {
                    movements: (1..=*cap).map(grow).collect(),
                };
                piece.movement = levels.movement(1);
                piece.levels = Some(levels);
            }
            (Some(LevelsFile::Upgrade { .. }), Some(_)) => {
                return invalid(
                    path.field("movement"),
                    "a piece with Upgrade levels moves as its levels say: leave movement out"
                        .into(),
                );
            }
            (_, None) => {
                return invalid(path.field("movement"), "the piece has no movement".into());
            }
            (levels, Some(m)) => {
                if matches!(levels, Some(LevelsFile::Constant)) {
                    piece.levels = Some(LevelSpec {
                        movements: vec![m.clone()],
                    });
                }
                piece.movement = m;
            }
        }
        if p.royal && piece.levels.is_some() {
            return invalid(
                path.field("levels"),
                "a royal piece cannot have levels".into(),
            );
        }
        piece.royal = p.royal;
        piece.pawn = p.pawn;
        piece.castles = p.castles;
        piece.promotions = promotions;
        piece.description = p.description.clone();
        piece.figure = p.figure.map(|fig| match fig {
            FigureFile::King => Figure::King,
            FigureFile::Queen => Figure::Queen,
            FigureFile::Rook => Figure::Rook,
            FigureFile::Bishop => Figure::Bishop,
            FigureFile::Knight => Figure::Knight,
            FigureFile::Pawn => Figure::Pawn,
        });
        spec.pieces.push(piece);
    }
    if !spec.pieces.iter().any(|p| p.royal) {
        return Err((
            pieces_path,
            VariantFileErrorKind::Royals(
                "no piece is royal: mark the King (or the game's royal piece) royal: true".into(),
            ),
        ));
    }
    let promotion_rules: usize = spec
        .pieces
        .iter()
        .map(|p| p.promotions.len() + p.capture_promotions.len())
        .sum();
    // The engine's tables number the rules in a byte.
    if promotion_rules > usize::from(u8::MAX) {
        return invalid(
            pieces_path,
            format!(
                "{promotion_rules} promotion rules: at most {} in all",
                u8::MAX
            ),
        );
    }

    let mut seen: Vec<(Color, bool)> = Vec::new();
    for (i, c) in f.castling.iter().enumerate() {
        let path = root.field("castling").index(i);
        let sq = |name: &str, field: &str| square(name, &spec, &path.field(field));
        let castling = CastlingSpec {
            color: match c.color {
                ColorFile::White => Color::White,
                ColorFile::Black => Color::Black,
            },
            king_side: c.king_side,
            king_from: sq(&c.king_from, "king_from")?,
            king_to: sq(&c.king_to, "king_to")?,
            rook_from: sq(&c.rook_from, "rook_from")?,
            rook_to: sq(&c.rook_to, "rook_to")?,
        };
        let rank = castling.king_from.rank();
        if [castling.king_to, castling.rook_from, castling.rook_to]
            .iter()
            .any(|s| s.rank() != rank)
            || castling.king_from == castling.rook_from
        {
            return invalid(
                path,
                "a castling move's four squares lie on one rank, the King's and the partner's apart"
                    .into(),
            );
        }
        if seen.contains(&(castling.color, castling.king_side)) {
            return invalid(path, "two castling moves for one side and colour".into());
        }
        seen.push((castling.color, castling.king_side));
        spec.castling.push(castling);
    }
    spec.material_draw = match f.material_draw {
        MaterialDrawFile::BareKings => MaterialDraw::BareKings,
        MaterialDrawFile::Fide { knight, bishop } => {
            let path = root.field("material_draw");
            known(knight, "material-draw knight", path.field("knight"))?;
            known(bishop, "material-draw bishop", path.field("bishop"))?;
            MaterialDraw::Fide { knight, bishop }
        }
    };
    Ok(spec)
}

/// The start position's letters all name pieces (checked here to report the letter, where
/// compiling would only say the placement is bad).
fn check_start(spec: &VariantSpec) -> Result<(), Found> {
    let placement = spec.start.split_whitespace().next().unwrap_or("");
    for c in placement.chars().filter(|c| c.is_ascii_alphabetic()) {
        if !spec
            .pieces
            .iter()
            .any(|p| p.letter == c.to_ascii_uppercase())
        {
            return Err((
                Path::default().field("start"),
                VariantFileErrorKind::UnknownStartLetter(c),
            ));
        }
    }
    Ok(())
}
