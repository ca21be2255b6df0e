//! Standard algebraic notation for every game (README, "Move tokens"): the game's piece letter
//! (none for Pawns), the least disambiguation that makes the move unique, `x` for captures,
//! the destination, `=X` for a promotion that happens, and `+`/`#`.
//!
//! Castling is `O-O` toward the higher-file corner and `O-O-O` toward the a-file, whatever the
//! distance; the Tamerspiel King swap is `K~e4`.

use std::fmt;

use crate::rules::{Move, MoveKind, Position, Square};
use crate::text::short;

/// The SAN of `mv`, a legal move of `pos`, with its check or mate mark.
pub fn format(pos: &Position, mv: &Move) -> String {
    let mut out = format_without_check(pos, mv);
    let mut after = pos.clone();
    after.make(*mv);
    if after.is_check() {
        out.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    out
}

/// The SAN of `mv` without the check mark (cheaper: the move is not played).
pub fn format_without_check(pos: &Position, mv: &Move) -> String {
    let v = pos.variant();
    let spec = v.piece(mv.piece.kind());
    match mv.kind {
        MoveKind::Castle(i) => {
            return if v.castlings()[i as usize].spec.king_side {
                "O-O".into()
            } else {
                "O-O-O".into()
            }
        }
        MoveKind::Swap => return format!("{}~{}", spec.letter, mv.to),
        _ => {}
    }
    let mut out = String::new();
    let others: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == mv.to
                && m.from != mv.from
                && m.piece == mv.piece
                && !matches!(m.kind, MoveKind::Castle(_) | MoveKind::Swap)
        })
        .map(|m| m.from)
        .collect();
    let file = (b'a' + mv.from.file()) as char;
    let rank = mv.from.rank() + 1;
    if spec.pawn {
        if mv.is_capture() {
            out.push(file);
            if others.iter().any(|o| o.file() == mv.from.file()) {
                out.push_str(&rank.to_string());
            }
        } else if !others.is_empty() {
            out.push_str(&mv.from.to_string());
        }
    } else {
        out.push(spec.letter);
        if !others.is_empty() {
            if others.iter().all(|o| o.file() != mv.from.file()) {
                out.push(file);
            } else if others.iter().all(|o| o.rank() != mv.from.rank()) {
                out.push_str(&rank.to_string());
            } else {
                out.push_str(&mv.from.to_string());
            }
        }
    }
    if mv.is_capture() {
        out.push('x');
    }
    out.push_str(&mv.to.to_string());
    if let Some(kind) = mv.promotion {
        out.push('=');
        out.push(v.piece(kind).letter);
    }
    if let Some(r) = mv.recipient {
        out.push('^');
        out.push_str(&r.to_string());
    }
    out
}

/// What went wrong reading SAN; the message quotes the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN.
    Syntax(String),
    /// No legal move matches.
    Illegal(String),
    /// Several legal moves match; they are listed in SAN.
    Ambiguous {
        /// The input.
        text: String,
        /// The matching moves.
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(t) => write!(
                f,
                "'{}' is not a move (try SAN like Nf3 or a token like g1f3)",
                short(t)
            ),
            SanError::Illegal(t) => write!(f, "illegal move '{}'", short(t)),
            SanError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "ambiguous move '{}': could be {}",
                    short(text),
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for SanError {}

/// The parts of a SAN string.
#[derive(Debug, Default)]
struct Parts {
    piece: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Option<Square>,
    promotion: Option<char>,
    castle: Option<bool>,
    swap: bool,
    recipient: Option<Square>,
}

fn split(text: &str) -> Option<Parts> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let mut p = Parts::default();
    match core {
        "O-O" | "0-0" => {
            p.castle = Some(true);
            return Some(p);
        }
        "O-O-O" | "0-0-0" => {
            p.castle = Some(false);
            return Some(p);
        }
        _ => {}
    }
    let mut rest = core;
    if let Some((head, tail)) = rest.split_once('^') {
        p.recipient = Some(tail.parse().ok()?);
        rest = head;
    }
    if let Some(c) = rest.chars().next().filter(|c| c.is_ascii_uppercase()) {
        p.piece = Some(c);
        rest = &rest[1..];
    }
    if let Some(r) = rest.strip_prefix('~') {
        p.swap = true;
        p.to = Some(r.parse().ok()?);
        return Some(p);
    }
    // Promotion suffix: `=X` or a bare upper-case letter after the destination.
    if let Some((head, tail)) = rest.rsplit_once('=') {
        let mut chars = tail.chars();
        p.promotion = Some(chars.next()?.to_ascii_uppercase());
        if chars.next().is_some() {
            return None;
        }
        rest = head;
    } else if rest.len() > 2 && rest.ends_with(|c: char| c.is_ascii_uppercase()) {
        p.promotion = rest.chars().last();
        rest = &rest[..rest.len() - 1];
    }
    // The destination is the last square: a file letter followed by digits to the end.
    let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || rest.len() < digits + 1 {
        return None;
    }
    let split_at = rest.len() - digits - 1;
    // The file letter before the digits may be any character the user typed.
    if !rest.is_char_boundary(split_at) {
        return None;
    }
    p.to = Some(rest[split_at..].parse().ok()?);
    let mut head = &rest[..split_at];
    if let Some(h) = head.strip_suffix(['x', ':']) {
        p.capture = true;
        head = h;
    }
    let mut chars = head.chars().peekable();
    if let Some(&c) = chars.peek() {
        if c.is_ascii_lowercase() {
            p.from_file = Some(c as u8 - b'a');
            chars.next();
        }
    }
    let rank: String = chars.collect();
    if !rank.is_empty() {
        let r: u8 = rank.parse().ok().filter(|&r| r >= 1)?;
        p.from_rank = Some(r - 1);
    }
    Some(p)
}

/// The legal move of `pos` that the SAN `text` names.
///
/// Check marks are optional and not verified; a missing `x` is accepted; a promotion that
/// happens anyway (mandatory to a fixed type) may be omitted.
///
/// # Errors
/// A [`SanError`] quoting `text` when it does not parse, matches no legal move, or matches
/// several.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    let text = text.trim();
    let parts = split(text).ok_or_else(|| SanError::Syntax(text.to_string()))?;
    let v = pos.variant();
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            if let Some(king_side) = parts.castle {
                return matches!(m.kind, MoveKind::Castle(i)
                    if v.castlings()[i as usize].spec.king_side == king_side);
            }
            if matches!(m.kind, MoveKind::Castle(_)) || (m.kind == MoveKind::Swap) != parts.swap {
                return false;
            }
            let spec = v.piece(m.piece.kind());
            let piece_ok = match parts.piece {
                Some(c) => spec.letter == c,
                None => spec.pawn,
            };
            piece_ok
                && Some(m.to) == parts.to
                && parts.from_file.is_none_or(|f| m.from.file() == f)
                && parts.from_rank.is_none_or(|r| m.from.rank() == r)
                && (!parts.capture || m.is_capture())
                && m.recipient == parts.recipient
        })
        .collect();
    let chosen: Vec<Move> = match parts.promotion {
        Some(letter) => matches
            .into_iter()
            .filter(|m| m.promotion.is_some_and(|k| v.piece(k).letter == letter))
            .collect(),
        None => {
            let plain: Vec<Move> = matches
                .iter()
                .copied()
                .filter(|m| m.promotion.is_none())
                .collect();
            if plain.is_empty() {
                // Only promoting moves: accept when each origin has exactly one (forced).
                let mut forced = matches.clone();
                forced.dedup_by_key(|m| (m.from, m.to));
                if forced.len() == matches.len() {
                    matches
                } else {
                    return Err(SanError::Ambiguous {
                        text: text.to_string(),
                        candidates: matches.iter().map(|m| format(pos, m)).collect(),
                    });
                }
            } else {
                plain
            }
        }
    };
    match chosen.as_slice() {
        [one] => Ok(*one),
        [] => Err(SanError::Illegal(text.to_string())),
        many => Err(SanError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|m| format(pos, m)).collect(),
        }),
    }
}

/// Why the move typed as SAN is not legal here, in the game's words: which piece cannot
/// get there and why (its moves and where it can go, what blocks it, the pin or check,
/// the castling condition, no e.p. in this game, the promotion rules, the King swap).
/// `None` when the text is not SAN or names a legal move.
pub fn explain(pos: &Position, text: &str) -> Option<String> {
    let text = text.trim();
    let parts = split(text)?;
    if let Some(king_side) = parts.castle {
        return Some(crate::rules::Illegal::Castling(pos.why_no_castling(king_side)).to_string());
    }
    let to = parts.to?;
    let v = pos.variant();
    let us = pos.turn();
    if parts.swap {
        return pos
            .why_no_swap(to)
            .map(|b| crate::rules::Illegal::Swap(b).to_string());
    }
    let kinds: Vec<crate::rules::PieceKind> = match parts.piece {
        Some(letter) => match v.kind_by_letter(letter) {
            Some(k) => vec![k],
            None => {
                let letters: Vec<String> = v.kinds().map(|(_, s)| s.letter.to_string()).collect();
                return Some(format!(
                    "{} has no piece {letter} (its letters: {})",
                    v.name(),
                    letters.join(" ")
                ));
            }
        },
        None => v.kinds().filter(|(_, s)| s.pawn).map(|(k, _)| k).collect(),
    };
    let mine: Vec<Square> = pos
        .pieces()
        .filter(|(sq, p)| {
            p.color() == us
                && kinds.contains(&p.kind())
                && parts.from_file.is_none_or(|f| sq.file() == f)
                && parts.from_rank.is_none_or(|r| sq.rank() == r)
        })
        .map(|(sq, _)| sq)
        .collect();
    let what = match parts.piece.and_then(|l| v.kind_by_letter(l)) {
        Some(k) => v.piece(k).name.to_string(),
        None => "Pawn".to_string(),
    };
    // A Pawn move names its file: the Pawn meant is the nearest one behind the target.
    let mine = if parts.piece.is_none() && !mine.is_empty() {
        let file = parts.from_file.unwrap_or(to.file());
        let forward = |sq: &Square| match us {
            crate::rules::Color::White => i32::from(to.rank()) - i32::from(sq.rank()),
            crate::rules::Color::Black => i32::from(sq.rank()) - i32::from(to.rank()),
        };
        let mut on_file: Vec<Square> = mine.into_iter().filter(|s| s.file() == file).collect();
        on_file.sort_by_key(|s| {
            let d = forward(s);
            if d > 0 {
                d
            } else {
                100 - d
            }
        });
        on_file.into_iter().take(1).collect()
    } else {
        mine
    };
    if mine.is_empty() {
        return Some(format!("you have no {what} that could mean that"));
    }
    let wanted = parts.promotion.and_then(|l| v.kind_by_letter(l));
    // (reason, whether it is only "does not move that way")
    let mut found: Vec<(String, bool)> = Vec::new();
    // The pieces that do not move that way: each with where it can go, and how they move.
    let mut unreached: Vec<String> = Vec::new();
    let mut how = String::new();
    for from in &mine {
        let why = pos.why_illegal(*from, to);
        if let Some(crate::rules::Illegal::CannotReach {
            piece,
            moves,
            targets,
            ..
        }) = &why
        {
            let list: Vec<String> = targets.iter().map(|s| s.to_string()).collect();
            unreached.push(match list.is_empty() {
                true => format!("{piece} has no legal move now"),
                false => format!("{piece} can go to {}", list.join(" ")),
            });
            how.clone_from(moves);
        }
        let reason = match why {
            Some(why) => Some((why.to_string(), why.is_cannot_reach())),
            None => pos.why_promotion(*from, to, wanted).map(|r| (r, false)),
        };
        if let Some(r) = reason {
            if !found.contains(&r) {
                found.push(r);
            }
        }
    }
    // When some piece could have gone there but for something in the way, that is the
    // piece meant: the others, which do not move that way, are left out.
    if found.iter().any(|(_, weak)| !weak) {
        found.retain(|(_, weak)| !weak);
    }
    let mut reasons: Vec<String> = found.iter().map(|(r, _)| r.clone()).collect();
    match reasons.len() {
        0 => None,
        1 => reasons.pop(),
        // Several pieces of one kind that do not move that way: how they move, once.
        _ if found.iter().all(|(_, weak)| *weak) => {
            let mut text = format!(
                "no {what} of yours can reach {to}: {}",
                unreached.join(", ")
            );
            if !how.is_empty() {
                text.push_str(&format!(". How it moves: {how}"));
            }
            Some(text)
        }
        _ => Some(format!(
            "no {what} of yours can play that: {}",
            reasons.join("; ")
        )),
    }
}
