//! Coordinate tokens (README, "Move tokens"): `e2e4`, `e7e8=q`, `e7e8q`, `b4b7+`, `e1d2^b1`.
//!
//! Formatting needs only the move and its game, so saved tokens mean the same thing in any
//! context. Parsing splits the text into its parts and then matches them against the legal
//! moves of the position; nothing the user types becomes a move any other way.

use std::fmt;

use crate::text::short;

use crate::rules::{split_square, Move, Position, Square, Variant, PROMO_CHOICE, PROMO_OPTIONAL};

/// The canonical token of `mv` in `variant`.
pub fn format(variant: &Variant, mv: &Move) -> String {
    let mut out = format!("{}{}", mv.from, mv.to);
    if let Some(kind) = mv.promotion {
        if mv.flags & PROMO_CHOICE != 0 {
            out.push('=');
            out.push(variant.piece(kind).letter.to_ascii_lowercase());
        } else if mv.flags & PROMO_OPTIONAL != 0 {
            out.push('+');
        }
    }
    if let Some(r) = mv.recipient {
        out.push('^');
        out.push_str(&r.to_string());
    }
    out
}

/// What went wrong reading a coordinate token; the message quotes (a short prefix of) the
/// input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordError {
    /// The text is not of the form `from to [=x | x | +] [^sq]`.
    Syntax(String),
    /// No legal move goes from the first square to the second.
    Illegal(String),
    /// The move needs a promotion choice that the text does not give.
    NeedsChoice(String),
    /// The text names a promotion that this move cannot make.
    BadPromotion(String),
    /// An Upgrade Chess King capture that does not name a piece that can receive the level
    /// (`^b1`).
    NeedsRecipient {
        /// The input.
        text: String,
        /// A token that names a piece that can receive it.
        example: String,
    },
    /// A `^square` on a move that passes no level (only an Upgrade Chess King's capture
    /// does).
    NoRecipient(String),
}

/// The squares part of a token (`e7e8` of `e7e8+` or `e1d2^b1`), for examples.
fn squares_part(text: &str) -> &str {
    text.find(['=', '+', '^']).map_or(text, |i| &text[..i])
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::Syntax(t) => write!(
                f,
                "'{}' is not a move token like e2e4 or e7e8=q",
                short(t)
            ),
            CoordError::Illegal(t) => write!(f, "illegal move '{}'", short(t)),
            CoordError::NeedsChoice(t) => write!(
                f,
                "'{}' needs a promotion choice, e.g. {}=q",
                short(t),
                short(squares_part(t))
            ),
            CoordError::BadPromotion(t) => {
                write!(f, "'{}': no such promotion for this move", short(t))
            }
            CoordError::NeedsRecipient { text, example } => write!(
                f,
                "'{}' must name the friendly piece that receives the level, e.g. {example}",
                short(text)
            ),
            CoordError::NoRecipient(t) => write!(
                f,
                "'{}': this move passes no level on (the ^ form is for an Upgrade Chess King's capture)",
                short(t)
            ),
        }
    }
}

impl std::error::Error for CoordError {}

/// The parts of a token before matching.
struct Token {
    from: Square,
    to: Square,
    letter: Option<char>,
    plus: bool,
    recipient: Option<Square>,
}

fn split(text: &str) -> Option<Token> {
    let (from, rest) = split_square(text)?;
    let (to, mut rest) = split_square(rest)?;
    let mut letter = None;
    let mut plus = false;
    if let Some(r) = rest.strip_prefix('=') {
        let mut chars = r.chars();
        letter = Some(chars.next()?.to_ascii_uppercase());
        rest = chars.as_str();
    } else if let Some(c) = rest.chars().next().filter(|c| c.is_ascii_alphabetic()) {
        letter = Some(c.to_ascii_uppercase());
        rest = &rest[1..];
    }
    if let Some(r) = rest.strip_prefix('+') {
        plus = true;
        rest = r;
    }
    let mut recipient = None;
    if let Some(r) = rest.strip_prefix('^') {
        let (sq, r) = split_square(r)?;
        recipient = Some(sq);
        rest = r;
    }
    rest.is_empty().then_some(Token {
        from,
        to,
        letter,
        plus,
        recipient,
    })
}

/// Whether `text` starts like a coordinate token (two squares), which is how typed input
/// tells tokens from SAN.
pub fn looks_like_token(text: &str) -> bool {
    split_square(text.trim())
        .and_then(|(_, rest)| split_square(rest))
        .is_some()
}

/// The legal move of `pos` that `text` names.
///
/// # Errors
/// A [`CoordError`] quoting `text` when it does not parse, names no legal move, or leaves a
/// promotion choice open.
pub fn parse(pos: &Position, text: &str) -> Result<Move, CoordError> {
    let text = text.trim();
    let token = split(text).ok_or_else(|| CoordError::Syntax(text.to_string()))?;
    let v = pos.variant();
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == token.from && m.to == token.to)
        .collect();
    if candidates.is_empty() {
        return Err(CoordError::Illegal(text.to_string()));
    }
    if let Some(first) = candidates.iter().find(|m| m.recipient.is_some()) {
        return candidates
            .iter()
            .find(|m| m.recipient.is_some() && m.recipient == token.recipient)
            .copied()
            .ok_or_else(|| CoordError::NeedsRecipient {
                text: text.to_string(),
                example: format(v, first),
            });
    }
    if token.recipient.is_some() {
        return Err(CoordError::NoRecipient(text.to_string()));
    }
    if let Some(letter) = token.letter {
        return candidates
            .into_iter()
            .find(|m| m.promotion.is_some_and(|k| v.piece(k).letter == letter))
            .ok_or_else(|| CoordError::BadPromotion(text.to_string()));
    }
    let promoting: Vec<&Move> = candidates
        .iter()
        .filter(|m| m.promotion.is_some())
        .collect();
    let plain = candidates.iter().find(|m| m.promotion.is_none());
    match (token.plus, plain, promoting.as_slice()) {
        (true, _, [one]) => Ok(**one),
        (false, Some(m), _) => Ok(*m),
        (false, None, [one]) => Ok(**one),
        (true, _, []) => Err(CoordError::BadPromotion(text.to_string())),
        _ => Err(CoordError::NeedsChoice(text.to_string())),
    }
}

/// Why the move a token names is not legal here, in the game's words (`None` for a legal
/// move or text that is not a token).
pub fn explain(pos: &Position, text: &str) -> Option<String> {
    let token = split(text.trim())?;
    if let Some(why) = pos.why_illegal(token.from, token.to) {
        return Some(why.to_string());
    }
    let v = pos.variant();
    let wanted = match token.letter {
        Some(letter) => Some(v.kind_by_letter(letter.to_ascii_uppercase())?),
        None if token.plus => {
            // `+`: the one promotion there is.
            return None;
        }
        None => None,
    };
    pos.why_promotion(token.from, token.to, wanted)
}
