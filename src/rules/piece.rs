//! Colours, piece kinds and pieces.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::{Index, IndexMut, Not};

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// Moves first; upper-case letters in position strings.
    White = 0,
    /// Lower-case letters in position strings.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `+1` for White (up the board), `-1` for Black.
    #[inline]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The side's name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `w` or `b`, as in position strings.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    /// `White` or `Black`, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// Index of a piece type in its variant's piece table.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PieceKind(pub u8);

/// Largest number of piece types one variant may define.
pub const MAX_KINDS: usize = 63;

impl PieceKind {
    /// The index into the variant's piece table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece: a colour and a kind, packed in one non-zero byte so `Option<Piece>` is one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        assert!((kind.0 as usize) < MAX_KINDS);
        match NonZeroU8::new((kind.0 + 1) | ((color as u8) << 6)) {
            Some(code) => Piece(code),
            None => unreachable!(),
        }
    }

    /// The owner.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0.get() & 64 != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The type.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind((self.0.get() & 63) - 1)
    }

    /// A dense code below 128, for hash keys and tables.
    #[inline]
    pub const fn code(self) -> usize {
        self.0.get() as usize
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({:?}, {})", self.color(), self.kind().0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packs_colour_and_kind() {
        for color in Color::ALL {
            for k in 0..MAX_KINDS as u8 {
                let p = Piece::new(color, PieceKind(k));
                assert_eq!(p.color(), color);
                assert_eq!(p.kind(), PieceKind(k));
                assert!(p.code() < 128);
            }
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
