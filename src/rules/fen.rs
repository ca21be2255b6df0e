//! Position strings (README, "Position strings"): FEN with `*` holes, multi-digit runs,
//! Upgrade levels `N(4)` and the `kings:`/`swap:`/`moved:` extras.
//!
//! They live in the rules layer, not in `notation`, because the engine itself needs them: a
//! game's start position is written in its spec as a position string. Parsing yields an
//! unvalidated [`Setup`]; [`Position::from_setup`] is the only gate to a [`Position`].

use std::fmt;

use super::geometry::{Shape, Square, SquareSet, Squares};
use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::variant::Variant;

/// A parsed but unchecked position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Occupied squares with their piece and level (1 where the game has no levels).
    pub cells: Vec<(Square, Piece, u16)>,
    /// Side to move.
    pub turn: Color,
    /// Castling rights: bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`.
    pub castling: u8,
    /// The e.p. square, if one was written.
    pub ep: Option<Square>,
    /// Plies counted toward the 50-move rule.
    pub halfmoves: u32,
    /// Move number, from 1.
    pub fullmoves: u32,
    /// `kings:` extra: bit 0 White's King never moved, bit 1 Black's.
    pub unmoved_kings: Option<u8>,
    /// `swap:` extra: bit 0 White's swap unused, bit 1 Black's.
    pub swap_unused: Option<u8>,
    /// `moved:` extra: squares of pieces that have had their first move although they
    /// stand where their kind starts with first-move (`i`) atoms. Empty when not written.
    pub moved: SquareSet,
}

/// Error for a position string that does not parse; each case names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Fewer than four fields.
    Fields(usize),
    /// The placement field is malformed; the text says where and why.
    Placement(String),
    /// The side-to-move field is not `w` or `b`.
    Side(String),
    /// The castling field is malformed.
    Castling(String),
    /// The e.p. field is not `-` or a square.
    EnPassant(String),
    /// A move counter is not a number (or the full-move number is 0).
    Counter(String),
    /// An extra field is unknown, repeated or malformed.
    Extra(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields(n) => write!(
                f,
                "position string has {n} field(s), expected at least 4 (placement side castling e.p.)"
            ),
            FenError::Placement(why) => write!(f, "invalid placement: {why}"),
            FenError::Side(s) => write!(f, "invalid side to move '{s}', expected 'w' or 'b'"),
            FenError::Castling(s) => write!(f, "invalid castling field '{s}'"),
            FenError::EnPassant(s) => write!(f, "invalid e.p. field '{s}'"),
            FenError::Counter(s) => write!(f, "invalid move counter '{s}'"),
            FenError::Extra(s) => write!(f, "invalid extra field '{s}'"),
        }
    }
}

impl std::error::Error for FenError {}

/// Most characters of a field that an error message quotes.
const QUOTE_CHARS: usize = 64;

/// A field quoted in an error: at most [`QUOTE_CHARS`] characters, then `...`. (The rules
/// layer imports nothing from the crate, so it has this one-line cousin of
/// `crate::text::short`; printing sanitises the message as a whole.)
fn clip(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// Parses a placement field against a board shape and a letter table.
pub(crate) fn parse_placement(
    shape: &Shape,
    lookup: &dyn Fn(char) -> Option<PieceKind>,
    text: &str,
) -> Result<Vec<(Square, Piece, u16)>, FenError> {
    let bad = |why: String| FenError::Placement(why);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != shape.ranks() as usize {
        return Err(bad(format!(
            "{} ranks, expected {}",
            rows.len(),
            shape.ranks()
        )));
    }
    let files = u32::from(shape.files());
    let mut cells = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = shape.ranks() - 1 - i as u8;
        let too_long = || {
            bad(format!(
                "rank {} ('{}') has more than {files} files",
                rank + 1,
                clip(row)
            ))
        };
        let mut file: u32 = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut k = 0;
        let square_at = |file: u32| {
            (file < files)
                .then(|| Square::new(file as u8, rank))
                .flatten()
        };
        while k < chars.len() {
            let c = chars[k];
            if let Some(digit) = c.to_digit(10) {
                // A run of any length is read without overflow; one past the rank's end is
                // an error whatever its size.
                let mut n = digit;
                k += 1;
                while let Some(d) = chars.get(k).and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d);
                    k += 1;
                }
                if n == 0 {
                    return Err(bad(format!(
                        "rank {} ('{}') has a run of 0",
                        rank + 1,
                        clip(row)
                    )));
                }
                let end = file.saturating_add(n);
                if end > files {
                    return Err(too_long());
                }
                for f in file..end {
                    match square_at(f) {
                        Some(sq) if shape.contains(sq) => {}
                        Some(sq) => {
                            return Err(bad(format!(
                                "rank {} ('{}') counts hole {sq} as a square; write '*'",
                                rank + 1,
                                clip(row)
                            )))
                        }
                        None => break,
                    }
                }
                file = end;
                continue;
            }
            let Some(sq) = square_at(file) else {
                return Err(too_long());
            };
            if c == '*' {
                if shape.contains(sq) {
                    return Err(bad(format!("'*' marks {sq}, which is not a hole")));
                }
                file += 1;
                k += 1;
                continue;
            }
            if !shape.contains(sq) {
                return Err(bad(format!("{sq} is a hole; write '*' there")));
            }
            let kind = if c.is_ascii_alphabetic() {
                lookup(c.to_ascii_uppercase())
            } else {
                None
            };
            let Some(kind) = kind else {
                return Err(bad(format!(
                    "unknown piece letter '{c}' on rank {}",
                    rank + 1
                )));
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            k += 1;
            let mut level = 1u16;
            if chars.get(k) == Some(&'(') {
                let close = chars[k..]
                    .iter()
                    .position(|&c| c == ')')
                    .ok_or_else(|| bad(format!("unclosed level after '{c}' on {sq}")))?;
                let digits: String = chars[k + 1..k + close].iter().collect();
                level = digits
                    .parse()
                    .ok()
                    .filter(|&l| l >= 1)
                    .ok_or_else(|| bad(format!("bad level '({})' on {sq}", clip(&digits))))?;
                k += close + 1;
            }
            cells.push((sq, Piece::new(color, kind), level));
            file += 1;
        }
        if file != files {
            return Err(bad(format!(
                "rank {} ('{}') covers {file} files, expected {files}",
                rank + 1,
                clip(row)
            )));
        }
    }
    Ok(cells)
}

fn parse_sides(text: &str, field: &str) -> Result<u8, FenError> {
    let bad = || FenError::Extra(clip(field));
    if text == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    for c in text.chars() {
        let bit = match c {
            'K' => 1,
            'k' => 2,
            _ => return Err(bad()),
        };
        if bits & bit != 0 {
            return Err(bad());
        }
        bits |= bit;
    }
    if text.is_empty() {
        return Err(bad());
    }
    Ok(bits)
}

impl Setup {
    /// Parses a position string for `variant`.
    ///
    /// Four fields are enough (the counters default to `0 1`); extras must be ones the game
    /// uses. Levels `(n)` are accepted only in games with levels.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and the text that is wrong.
    pub fn parse(variant: &Variant, text: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(FenError::Fields(fields.len()));
        }
        let lookup = |c: char| variant.kind_by_letter(c);
        let cells = parse_placement(variant.shape(), &lookup, fields[0])?;
        if !variant.has_levels() {
            if let Some((sq, _, _)) = cells.iter().find(|c| c.2 != 1) {
                return Err(FenError::Placement(format!(
                    "{sq} has a level, but {} has no levels",
                    variant.id()
                )));
            }
        }
        let turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            s => return Err(FenError::Side(clip(s))),
        };
        let mut castling = 0u8;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let bit = match c {
                    'K' => 1,
                    'Q' => 2,
                    'k' => 4,
                    'q' => 8,
                    _ => return Err(FenError::Castling(clip(fields[2]))),
                };
                if castling & bit != 0 {
                    return Err(FenError::Castling(clip(fields[2])));
                }
                castling |= bit;
            }
        }
        let ep = match fields[3] {
            "-" => None,
            s => Some(
                s.parse::<Square>()
                    .ok()
                    .filter(|&sq| variant.shape().contains(sq))
                    .ok_or_else(|| FenError::EnPassant(clip(s)))?,
            ),
        };
        let mut rest = &fields[4..];
        let mut counter = |min: u32, default: u32| -> Result<u32, FenError> {
            match rest.first() {
                Some(s) if s.bytes().all(|b| b.is_ascii_digit()) => {
                    let n: u32 = s.parse().map_err(|_| FenError::Counter(clip(s)))?;
                    if n < min {
                        return Err(FenError::Counter(clip(s)));
                    }
                    rest = &rest[1..];
                    Ok(n)
                }
                Some(s) if !s.contains(':') => Err(FenError::Counter(clip(s))),
                _ => Ok(default),
            }
        };
        let halfmoves = counter(0, 0)?;
        let fullmoves = counter(1, 1)?;
        let mut unmoved_kings = None;
        let mut swap_unused = None;
        let mut moved = None;
        for field in rest {
            let extras = variant.extras();
            match field.split_once(':') {
                Some(("moved", v)) if variant.has_first_moves() && moved.is_none() => {
                    moved = Some(parse_squares(variant.shape(), v, field)?)
                }
                Some(("kings", v)) if extras.unmoved_kings && unmoved_kings.is_none() => {
                    unmoved_kings = Some(parse_sides(v, field)?)
                }
                Some(("swap", v)) if extras.king_swap && swap_unused.is_none() => {
                    swap_unused = Some(parse_sides(v, field)?)
                }
                _ => return Err(FenError::Extra(clip(field))),
            }
        }
        Ok(Setup {
            cells,
            turn,
            castling,
            ep,
            halfmoves,
            fullmoves,
            unmoved_kings,
            swap_unused,
            moved: moved.unwrap_or(0),
        })
    }
}

/// A `moved:` list: squares of the board, comma-separated, each once, at least one.
fn parse_squares(shape: &Shape, text: &str, field: &str) -> Result<SquareSet, FenError> {
    let bad = || FenError::Extra(clip(field));
    let mut set: SquareSet = 0;
    for name in text.split(',') {
        let sq: Square = name.parse().map_err(|_| bad())?;
        if !shape.contains(sq) || set & sq.bit() != 0 {
            return Err(bad());
        }
        set |= sq.bit();
    }
    Ok(set)
}

fn sides_text(bits: u8) -> String {
    match bits & 3 {
        0 => "-".into(),
        1 => "K".into(),
        2 => "k".into(),
        _ => "Kk".into(),
    }
}

impl Position {
    /// The position string (README, "Position strings"); for `chess` this is standard FEN.
    pub fn fen(&self) -> String {
        let v = self.variant();
        let shape = v.shape();
        let mut out = String::new();
        for rank in (0..shape.ranks()).rev() {
            let mut empty = 0;
            for file in 0..shape.files() {
                let sq = Square::new(file, rank).expect("board fits the grid");
                let cell = if shape.contains(sq) {
                    self.piece_at(sq).map(Some)
                } else {
                    Some(None)
                };
                match cell {
                    None => empty += 1,
                    Some(content) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        match content {
                            None => out.push('*'),
                            Some(p) => {
                                out.push(v.piece_char(p));
                                let level = self.level_at(sq);
                                if level > 1 {
                                    out.push_str(&format!("({level})"));
                                }
                            }
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn().char());
        out.push(' ');
        let rights = self.castling_rights();
        if rights == 0 {
            out.push('-');
        } else {
            for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
                if rights & bit != 0 {
                    out.push(c);
                }
            }
        }
        out.push(' ');
        match self.ep_square() {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves(), self.fullmoves()));
        if v.extras().unmoved_kings {
            out.push_str(&format!(" kings:{}", sides_text(self.state.unmoved_kings)));
        }
        if v.extras().king_swap {
            out.push_str(&format!(" swap:{}", sides_text(self.state.swap_unused)));
        }
        if self.state.moved != 0 {
            let squares: Vec<String> = Squares(self.state.moved).map(|s| s.to_string()).collect();
            out.push_str(&format!(" moved:{}", squares.join(",")));
        }
        out
    }
}
