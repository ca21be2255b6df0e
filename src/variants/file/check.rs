//! The checks of a variant file that need no compiled game: each problem is reported at
//! its own field, before [`Variant::compile`](crate::rules::Variant::compile) sees the spec.

use super::format::{
    ColorFile, FiftyMoveFile, FigureFile, Game, LevelsFile, MaterialDrawFile, MovementFile,
    ZoneFile,
};
use super::{Found, VariantFileErrorKind};
use crate::rules::{
    CastlingError, CastlingSpec, Color, Extras, FiftyMoveRule, Figure, LevelSpec, MaterialDraw,
    Movement, PieceSpec, PromotionSpec, Shape, Square, VariantSpec, Zone, GRID_FILES, GRID_RANKS,
    MAX_KINDS, MAX_PROFILES,
};
use crate::variants::ron_path::Path;

/// Why a first-move (`i`) atom that captures is refused.
pub(super) const FIRST_MOVE_CAPTURE: &str =
    "a first-move (i) move must not capture: make it move-only, as the Pawn's double step ifmnD";

/// The built-in movements a file may name.
pub const BUILTIN_MOVEMENTS: &[&str] = &["nobleman", "supercav"];

/// The piece kinds Upgrade Chess's level growth knows.
pub const UPGRADE_KINDS: &[&str] = &["Rook", "Bishop", "Queen", "Knight"];

fn builtin_movement(name: &str) -> Option<Movement> {
    match name {
        "nobleman" => Some(crate::variants::tamerspiel::nobleman()),
        "supercav" => Some(crate::variants::tamerspiel::supercav()),
        _ => None,
    }
}

fn movement(m: &MovementFile, path: &Path) -> Result<Movement, Found> {
    match m {
        MovementFile::Betza(text) => {
            let m = Movement::betza(text)
                .map_err(|e| (path.index(0), VariantFileErrorKind::Betza(e)))?;
            if m.atoms.iter().any(|a| a.initial && a.modality.captures()) {
                return Err((
                    path.index(0),
                    VariantFileErrorKind::Invalid(format!(
                        "Betza '{}': {FIRST_MOVE_CAPTURE}",
                        crate::text::short(text)
                    )),
                ));
            }
            Ok(m)
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

/// Outside text (names, descriptions, rules lines) as the program keeps it: through the one
/// sanitiser, so that no later output (the command line, the engine protocol, the screen,
/// PGN tags, logs) can carry a terminal control sequence from a file.
fn clean(text: &str) -> String {
    crate::text::sanitize(text).into_owned()
}

/// The spec a parsed file describes, with everything checked that can be checked before
/// compiling (so that each problem is reported at its own field).
pub(super) fn to_spec(f: &Game) -> Result<VariantSpec, Found> {
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
        name: clean(&f.name),
        summary: clean(&f.summary),
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
        rules: f.rules.iter().map(|line| clean(line)).collect(),
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
        let mut piece = PieceSpec::new(clean(&p.name), p.letter, Movement::default());
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
                let Some(grow) = crate::variants::upgrade::level_movement(kind) else {
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
        piece.description = clean(&p.description);
        piece.figure = p.figure.and_then(|fig| match fig {
            FigureFile::King => Some(Figure::King),
            FigureFile::Queen => Some(Figure::Queen),
            FigureFile::Rook => Some(Figure::Rook),
            FigureFile::Bishop => Some(Figure::Bishop),
            FigureFile::Knight => Some(Figure::Knight),
            FigureFile::Pawn => Some(Figure::Pawn),
            FigureFile::Letter => None,
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

    // Checked again (with the rest) when compiling; here each problem gets its field.
    let shape = Shape::new(spec.files, spec.ranks, &spec.holes).ok();
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
        if let Err(e) = shape.as_ref().map_or(Ok(()), |shape| castling.check(shape)) {
            let field = match e {
                CastlingError::KingOnPartner => "rook_from",
                CastlingError::SameDestination | CastlingError::PartnerStays => "rook_to",
                CastlingError::KingStays => "king_to",
                CastlingError::Ranks => {
                    let rank = castling.king_from.rank();
                    match [castling.king_to, castling.rook_from, castling.rook_to]
                        .iter()
                        .position(|s| s.rank() != rank)
                    {
                        Some(0) => "king_to",
                        Some(1) => "rook_from",
                        _ => "rook_to",
                    }
                }
                CastlingError::OffBoard(_) | CastlingError::Twice => "",
            };
            let at = if field.is_empty() {
                path
            } else {
                path.field(field)
            };
            return invalid(at, e.to_string());
        }
        if seen.contains(&(castling.color, castling.king_side)) {
            return invalid(path, CastlingError::Twice.to_string());
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
pub(super) fn check_start(spec: &VariantSpec) -> Result<(), Found> {
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
