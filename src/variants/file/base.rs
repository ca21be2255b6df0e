//! `base:`: a variant file that starts from another game, as Fairy-Stockfish's
//! `[wildebeest:chess]` sections do.
//!
//! The merge is shallow except for pieces: a top-level field the file gives replaces the
//! base's, and a field it leaves out is the base's. Pieces merge by letter: an entry whose
//! letter the base has changes that piece (the fields it gives replace the base piece's,
//! `movement` and `levels` as one), `remove: true` drops it, and an entry with a new
//! letter adds a piece right after the piece named by the entry before it (after the
//! base's last piece when no entry before it names one). A base may itself have a base.
//!
//! Errors keep pointing into the derived file: a problem in a field the file gives is
//! reported there; one in a field taken from the base is reported at the file's entry for
//! that piece, or at `base`, saying what came from the base.

use super::format::{Game, PieceDef, PieceFile, VariantFile};
use super::{Found, VariantFileErrorKind};
use crate::variants::ron_path::{Path, Step};

/// Most files one chain of bases may hold (the file's base, its base, ...).
pub const MAX_BASE_DEPTH: usize = 8;

/// Where the fields of a merged file came from.
#[derive(Debug, Default)]
pub(crate) struct Origin {
    /// The base's id, when the file has one.
    base: Option<String>,
    /// The top-level fields the file itself gives.
    own: Vec<&'static str>,
    /// Per piece of the merged list.
    pieces: Vec<PieceOrigin>,
}

#[derive(Debug)]
struct PieceOrigin {
    letter: char,
    /// Whether the file adds the piece (the base has no piece of its letter): then every
    /// field of it is the file's, given or left at its default.
    new: bool,
    /// The file's own entry for this piece (its index in the file's `pieces`).
    entry: Option<usize>,
    /// The fields that entry gives.
    given: Vec<&'static str>,
}

/// The top-level fields `f` gives.
fn given(f: &VariantFile) -> Vec<&'static str> {
    let mut out = vec!["id"];
    for (name, given) in [
        ("base", f.base.is_some()),
        ("name", f.name.is_some()),
        ("summary", f.summary.is_some()),
        ("files", f.files.is_some()),
        ("ranks", f.ranks.is_some()),
        ("holes", f.holes.is_some()),
        ("citadels", f.citadels.is_some()),
        ("pieces", f.pieces.is_some()),
        ("start", f.start.is_some()),
        ("castling", f.castling.is_some()),
        ("en_passant", f.en_passant.is_some()),
        ("fifty_move", f.fifty_move.is_some()),
        ("material_draw", f.material_draw.is_some()),
        ("extras", f.extras.is_some()),
        ("rules", f.rules.is_some()),
    ] {
        if given {
            out.push(name);
        }
    }
    out
}

fn base_path() -> Path {
    Path::default().field("base")
}

fn invalid(path: Path, message: String) -> Found {
    (path, VariantFileErrorKind::Invalid(message))
}

/// Looks a base up by id: its file, parsed, or `None` when no game has that id.
pub(crate) type Lookup<'a> = &'a dyn Fn(&str) -> Option<VariantFile>;

/// `file` with its base (and the base's bases) merged in, and where each field came from.
///
/// # Errors
/// An unknown base, a chain of bases that loops or is longer than [`MAX_BASE_DEPTH`], a
/// base that does not merge, or a `remove` the base does not allow.
pub(super) fn resolve(
    file: VariantFile,
    lookup: Lookup<'_>,
) -> Result<(VariantFile, Origin), Found> {
    let own = given(&file);
    let Some(base_id) = file.base.clone() else {
        if let Some(j) = file.pieces.iter().flatten().position(|p| p.remove) {
            return Err(invalid(
                Path::default().field("pieces").index(j).field("remove"),
                "remove drops a piece of the base game: this file has no base".into(),
            ));
        }
        let pieces = file
            .pieces
            .iter()
            .flatten()
            .enumerate()
            .map(|(j, p)| PieceOrigin {
                letter: p.letter,
                new: true,
                entry: Some(j),
                given: p.given(),
            })
            .collect();
        return Ok((
            file,
            Origin {
                base: None,
                own,
                pieces,
            },
        ));
    };
    let base = base_file(&base_id, lookup, &mut Vec::new())?;
    let (merged, pieces) = merge(file, base)?;
    Ok((
        merged,
        Origin {
            base: Some(base_id),
            own,
            pieces,
        },
    ))
}

/// The base `id`, its own bases merged in; `chain` holds the bases looked up so far.
fn base_file(id: &str, lookup: Lookup<'_>, chain: &mut Vec<String>) -> Result<VariantFile, Found> {
    let text = crate::text::short(id);
    if chain.iter().any(|c| c.eq_ignore_ascii_case(id)) {
        chain.push(id.to_string());
        let trail: Vec<String> = chain
            .iter()
            .map(|c| crate::text::short(c).to_string())
            .collect();
        return Err(invalid(
            base_path(),
            format!(
                "base '{text}' leads back to itself ({})",
                trail.join(" -> ")
            ),
        ));
    }
    if chain.len() >= MAX_BASE_DEPTH {
        return Err(invalid(
            base_path(),
            format!("more than {MAX_BASE_DEPTH} bases in a chain"),
        ));
    }
    let Some(file) = lookup(id) else {
        return Err(invalid(
            base_path(),
            format!("base '{text}' is not a built-in game"),
        ));
    };
    chain.push(id.to_string());
    let Some(next) = file.base.clone() else {
        return Ok(file);
    };
    let below = base_file(&next, lookup, chain)?;
    merge(file, below)
        .map(|(merged, _)| merged)
        .map_err(|(path, kind)| {
            invalid(
                base_path(),
                format!("base '{text}' does not load: {path}: {kind}"),
            )
        })
}

/// `file` laid over `base` (already merged with its own bases).
fn merge(file: VariantFile, base: VariantFile) -> Result<(VariantFile, Vec<PieceOrigin>), Found> {
    let (pieces, origin) = merge_pieces(file.pieces, base.pieces.unwrap_or_default())?;
    let merged = VariantFile {
        base: None,
        id: file.id,
        name: file.name.or(base.name),
        summary: file.summary.or(base.summary),
        files: file.files.or(base.files),
        ranks: file.ranks.or(base.ranks),
        holes: file.holes.or(base.holes),
        citadels: file.citadels.or(base.citadels),
        pieces: Some(pieces),
        start: file.start.or(base.start),
        castling: file.castling.or(base.castling),
        en_passant: file.en_passant.or(base.en_passant),
        fifty_move: file.fifty_move.or(base.fifty_move),
        material_draw: file.material_draw.or(base.material_draw),
        extras: file.extras.or(base.extras),
        rules: file.rules.or(base.rules),
    };
    Ok((merged, origin))
}

/// The base's pieces with the file's entries applied, in order (see the module's text).
fn merge_pieces(
    entries: Option<Vec<PieceFile>>,
    base: Vec<PieceFile>,
) -> Result<(Vec<PieceFile>, Vec<PieceOrigin>), Found> {
    let mut out: Vec<(PieceFile, PieceOrigin)> = base
        .into_iter()
        .map(|p| {
            let origin = PieceOrigin {
                letter: p.letter,
                new: false,
                entry: None,
                given: Vec::new(),
            };
            (p, origin)
        })
        .collect();
    let mut cursor: Option<usize> = None;
    let mut seen: Vec<char> = Vec::new();
    for (j, entry) in entries.into_iter().flatten().enumerate() {
        let path = Path::default().field("pieces").index(j);
        if seen.contains(&entry.letter) {
            return Err((
                path.field("letter"),
                VariantFileErrorKind::DuplicateLetter(entry.letter),
            ));
        }
        seen.push(entry.letter);
        let given = entry.given();
        let found = out.iter().position(|(p, _)| p.letter == entry.letter);
        match (found, entry.remove) {
            (Some(k), true) => {
                if given.len() > 1 {
                    return Err(invalid(
                        path,
                        "a removed piece takes no other fields than letter and remove".into(),
                    ));
                }
                out.remove(k);
                cursor = Some(k);
            }
            (None, true) => {
                return Err(invalid(
                    path.field("remove"),
                    format!(
                        "the base has no piece '{}' to remove",
                        entry.letter.escape_default()
                    ),
                ));
            }
            (Some(k), false) => {
                let (old, _) = out.remove(k);
                let origin = PieceOrigin {
                    letter: entry.letter,
                    new: false,
                    entry: Some(j),
                    given,
                };
                out.insert(k, (entry.over(old), origin));
                cursor = Some(k + 1);
            }
            (None, false) => {
                let at = cursor.unwrap_or(out.len()).min(out.len());
                let origin = PieceOrigin {
                    letter: entry.letter,
                    new: true,
                    entry: Some(j),
                    given,
                };
                out.insert(at, (entry, origin));
                cursor = Some(at + 1);
            }
        }
    }
    Ok(out.into_iter().unzip())
}

/// The merged file with every default applied.
///
/// # Errors
/// A field no file in the chain gives: `name`, `files`, `ranks`, `pieces`, `start`, or a
/// piece's `name`.
pub(super) fn complete(f: VariantFile) -> Result<Game, Found> {
    let root = Path::default();
    let missing = |field: &str| {
        invalid(
            root.clone(),
            format!("missing field '{field}' (give it, or a base that has it)"),
        )
    };
    let mut pieces = Vec::new();
    for (i, p) in f
        .pieces
        .ok_or_else(|| missing("pieces"))?
        .into_iter()
        .enumerate()
    {
        let Some(name) = p.name else {
            return Err(invalid(
                root.field("pieces").index(i),
                format!("piece '{}' has no name", p.letter.escape_default()),
            ));
        };
        pieces.push(PieceDef {
            name,
            letter: p.letter,
            movement: p.movement,
            figure: p.figure,
            royal: p.royal.unwrap_or(false),
            pawn: p.pawn.unwrap_or(false),
            castles: p.castles.unwrap_or(false),
            description: p.description.unwrap_or_default(),
            promotions: p.promotions.unwrap_or_default(),
            capture_promotions: p.capture_promotions.unwrap_or_default(),
            levels: p.levels,
        });
    }
    Ok(Game {
        id: f.id,
        name: f.name.ok_or_else(|| missing("name"))?,
        summary: f.summary.unwrap_or_default(),
        files: f.files.ok_or_else(|| missing("files"))?,
        ranks: f.ranks.ok_or_else(|| missing("ranks"))?,
        holes: f.holes.unwrap_or_default(),
        citadels: f.citadels.unwrap_or_default(),
        pieces,
        start: f.start.ok_or_else(|| missing("start"))?,
        castling: f.castling.unwrap_or_default(),
        en_passant: f.en_passant.unwrap_or(false),
        fifty_move: f.fifty_move.unwrap_or_default(),
        material_draw: f.material_draw.unwrap_or_default(),
        extras: f.extras.unwrap_or_default(),
        rules: f.rules.unwrap_or_default(),
    })
}

impl Origin {
    /// A problem found in the merged file, placed in the derived file's text: at the field
    /// the file gives, or (for what came from the base) at the file's entry for the piece
    /// or at `base`, saying so.
    pub(super) fn place(&self, (path, kind): Found) -> Found {
        let Some(base) = &self.base else {
            return (path, kind);
        };
        let from_base = |at: Path, what: String, kind| {
            (
                at,
                VariantFileErrorKind::FromBase {
                    base: crate::text::short(base).to_string(),
                    what,
                    error: Box::new(kind),
                },
            )
        };
        let steps = &path.0;
        match (steps.first(), steps.get(1)) {
            (Some(Step::Field(f)), Some(Step::Index(i))) if f == "pieces" => {
                let Some(p) = self.pieces.get(*i) else {
                    return (path, kind);
                };
                let field = match steps.get(2) {
                    Some(Step::Field(name)) => Some(name.as_str()),
                    _ => None,
                };
                let rest = Path(steps[2..].to_vec()).to_string();
                let what = if rest.is_empty() {
                    format!("piece '{}'", p.letter)
                } else {
                    format!("piece '{}' {rest}", p.letter)
                };
                match p.entry {
                    Some(j) if p.new || field.is_none_or(|n| p.given.contains(&n)) => {
                        let mut own = vec![Step::Field("pieces".into()), Step::Index(j)];
                        own.extend_from_slice(&steps[2..]);
                        (Path(own), kind)
                    }
                    Some(j) => from_base(Path::default().field("pieces").index(j), what, kind),
                    None => from_base(base_path(), what, kind),
                }
            }
            (Some(Step::Field(f)), _) if !self.own.contains(&f.as_str()) => {
                from_base(base_path(), path.to_string(), kind)
            }
            _ => (path, kind),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> VariantFile {
        crate::input::ron_options()
            .from_str(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Bases `a` -> `b` -> `a`, `self` -> `self`, and a chain `c0` -> `c1` -> ... -> `c19`.
    fn lookup(id: &str) -> Option<VariantFile> {
        let text = match id {
            "a" => "(id: \"a\", base: \"b\")".to_string(),
            "b" => "(id: \"b\", base: \"a\")".to_string(),
            "self" => "(id: \"self\", base: \"self\")".to_string(),
            "plain" => "(id: \"plain\", name: \"Plain\", pieces: [(letter: 'K', name: \"King\")])"
                .to_string(),
            _ => {
                let n: usize = id.strip_prefix('c')?.parse().ok()?;
                if n < 19 {
                    format!("(id: \"{id}\", base: \"c{}\")", n + 1)
                } else {
                    format!("(id: \"{id}\", base: \"plain\")")
                }
            }
        };
        Some(parse(&text))
    }

    fn error(text: &str) -> String {
        let (path, kind) = resolve(parse(text), &lookup).expect_err(text);
        format!("{path}: {kind}")
    }

    #[test]
    fn a_chain_of_bases_that_loops_is_an_error() {
        assert_eq!(
            error("(id: \"mine\", base: \"a\")"),
            "base: base 'a' leads back to itself (a -> b -> a)"
        );
        assert_eq!(
            error("(id: \"mine\", base: \"self\")"),
            "base: base 'self' leads back to itself (self -> self)"
        );
        assert_eq!(
            error("(id: \"mine\", base: \"c0\")"),
            format!("base: more than {MAX_BASE_DEPTH} bases in a chain")
        );
        assert_eq!(
            error("(id: \"mine\", base: \"nosuch\")"),
            "base: base 'nosuch' is not a built-in game"
        );
        // A short chain resolves.
        let (merged, _) = resolve(parse("(id: \"mine\", base: \"c15\")"), &lookup).unwrap();
        assert_eq!(merged.name.as_deref(), Some("Plain"));
        assert_eq!(merged.id, "mine");
    }

    /// New pieces go after the entry before them; removing keeps the place; changing keeps
    /// what the entry leaves out.
    #[test]
    fn pieces_merge_by_letter_in_place() {
        let base = parse(
            "(id: \"b\", pieces: [(letter: 'P', name: \"Pawn\", royal: false), \
             (letter: 'N', name: \"Knight\"), (letter: 'K', name: \"King\", royal: true)])",
        );
        let lookup = |_: &str| Some(base.clone());
        let file = parse(
            "(id: \"d\", base: \"b\", pieces: [(letter: 'A', name: \"Archer\"), \
             (letter: 'P', name: \"Peasant\"), (letter: 'X', name: \"Xebec\"), \
             (letter: 'N', remove: true), (letter: 'Y', name: \"Yak\")])",
        );
        let (merged, origin) = resolve(file, &lookup).unwrap();
        let pieces = merged.pieces.unwrap();
        let letters: String = pieces.iter().map(|p| p.letter).collect();
        assert_eq!(letters, "PXYKA");
        assert_eq!(pieces[0].name.as_deref(), Some("Peasant"));
        assert_eq!(pieces[0].royal, Some(false), "kept from the base");
        assert_eq!(pieces[3].royal, Some(true));
        let new: Vec<bool> = origin.pieces.iter().map(|p| p.new).collect();
        assert_eq!(new, [false, true, true, false, true]);
    }
}
