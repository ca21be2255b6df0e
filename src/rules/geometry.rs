//! Squares, board shapes with holes, and 128-bit square sets.
//!
//! Every game is laid out on one fixed grid of [`GRID_FILES`] x [`GRID_RANKS`] cells, so a
//! [`Square`] means the same cell in every variant (Fairy-Stockfish's fixed-width trick). A
//! [`Shape`] says which of those cells exist in a given game: a rectangle anchored at `a1`
//! minus its holes. Movement tables are precomputed per shape, so nothing in the hot path ever
//! does edge or hole arithmetic.

use std::fmt;
use std::str::FromStr;

/// Files of the fixed grid (`a`..`l`).
pub const GRID_FILES: u8 = 12;
/// Ranks of the fixed grid (`1`..`10`).
pub const GRID_RANKS: u8 = 10;
/// Number of cells of the fixed grid; every [`Square`] index is below this.
pub const GRID_CELLS: usize = GRID_FILES as usize * GRID_RANKS as usize;

/// Whether a line stepping `(dx, dy)` visits squares in descending index order. On the
/// fixed grid a step adds `dx + GRID_FILES * dy` to the index and never wraps, so every
/// line is monotonic: its first occupied square is the set's lowest or highest member.
#[inline]
pub(crate) const fn descends(dx: i32, dy: i32) -> bool {
    dx + GRID_FILES as i32 * dy < 0
}

/// The grid-index distance of one step `(dx, dy)` (for counting steps along a line).
#[inline]
pub(crate) const fn step_len(dx: i32, dy: i32) -> u8 {
    (dx + GRID_FILES as i32 * dy).unsigned_abs() as u8
}

/// The member of the non-empty `set` (squares of one line) met first along the line.
#[inline]
pub(crate) fn first_on_line(set: SquareSet, descending: bool) -> Square {
    debug_assert!(set != 0);
    let index = if descending {
        127 - set.leading_zeros()
    } else {
        set.trailing_zeros()
    };
    Square(index as u8)
}

/// Every grid cell met before `t` along a line (mask it with the line's squares).
#[inline]
pub(crate) fn before_on_line(t: Square, descending: bool) -> SquareSet {
    if descending {
        !((t.bit() << 1).wrapping_sub(1))
    } else {
        t.bit() - 1
    }
}

/// One cell of the fixed 12 x 10 grid, `a1` = 0, `b1` = 1, ..., `a2` = 12.
///
/// A `Square` names a cell, not necessarily a square of the board in play: whether it exists
/// is a question for the game's [`Shape`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if it lies on the grid.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < GRID_FILES && rank < GRID_RANKS {
            Some(Square(rank * GRID_FILES + file))
        } else {
            None
        }
    }

    /// The square with grid index `index`, if it lies on the grid.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < GRID_CELLS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The grid index, usable for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File number, 0 for `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % GRID_FILES
    }

    /// Rank number, 0 for rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / GRID_FILES
    }

    /// The square `(dx, dy)` away, if it lies on the grid (the caller checks the shape).
    pub fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        let f = self.file() as i32 + dx;
        let r = self.rank() as i32 + dy;
        if (0..GRID_FILES as i32).contains(&f) && (0..GRID_RANKS as i32).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// The set holding only this square.
    #[inline]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Error for text that is not a square name such as `e4` or `l10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid square '{}'", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`..`l10`; upper-case file letters are accepted.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return Err(err());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        // A multi-byte first character is no file letter (and no place to slice).
        let digits = s.get(1..).ok_or_else(err)?;
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(err());
        }
        let rank: u8 = digits.parse().map_err(|_| err())?;
        if rank == 0 {
            return Err(err());
        }
        Square::new(file, rank - 1).ok_or_else(err)
    }
}

/// Parses a square name at the start of `s`, returning it and the rest of the text.
///
/// Reads a file letter and as many rank digits as make a square of the grid, preferring the
/// longer reading (`a10` over `a1`), so `a10b9` splits as `a10` + `b9`.
pub fn split_square(s: &str) -> Option<(Square, &str)> {
    let bytes = s.as_bytes();
    if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() || !bytes[1].is_ascii_digit() {
        return None;
    }
    if bytes.len() >= 3 && bytes[2].is_ascii_digit() {
        if let Ok(sq) = s[..3].parse() {
            return Some((sq, &s[3..]));
        }
    }
    s[..2].parse().ok().map(|sq| (sq, &s[2..]))
}

/// A set of squares as a 128-bit mask; bit `i` is the square with grid index `i`.
pub type SquareSet = u128;

/// Iterates the squares of a set in index order.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub SquareSet);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Square(i as u8))
        }
    }
}

/// The board of one game: a rectangle anchored at `a1`, minus its holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    files: u8,
    ranks: u8,
    squares: SquareSet,
}

/// Error for a board shape that does not fit the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The rectangle is empty or larger than the grid.
    Size {
        /// Requested files.
        files: u8,
        /// Requested ranks.
        ranks: u8,
    },
    /// A hole lies outside the rectangle.
    HoleOutside(Square),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Size { files, ranks } => write!(
                f,
                "board of {files} files x {ranks} ranks does not fit the {GRID_FILES} x {GRID_RANKS} grid"
            ),
            ShapeError::HoleOutside(sq) => write!(f, "hole {sq} lies outside the board"),
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// A `files` x `ranks` rectangle without the squares in `holes`.
    ///
    /// # Errors
    /// When the rectangle does not fit the grid or a hole lies outside it.
    pub fn new(files: u8, ranks: u8, holes: &[Square]) -> Result<Shape, ShapeError> {
        if files == 0 || ranks == 0 || files > GRID_FILES || ranks > GRID_RANKS {
            return Err(ShapeError::Size { files, ranks });
        }
        let mut squares: SquareSet = 0;
        for r in 0..ranks {
            for f in 0..files {
                squares |= Square::new(f, r).expect("inside the grid").bit();
            }
        }
        for &hole in holes {
            if squares & hole.bit() == 0 {
                return Err(ShapeError::HoleOutside(hole));
            }
            squares &= !hole.bit();
        }
        Ok(Shape {
            files,
            ranks,
            squares,
        })
    }

    /// Number of files of the bounding rectangle.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks of the bounding rectangle.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The squares that exist.
    pub fn squares(&self) -> SquareSet {
        self.squares
    }

    /// Whether `sq` is a square of this board (inside the rectangle and not a hole).
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.squares & sq.bit() != 0
    }

    /// The square `(dx, dy)` from `sq`, if it exists on this board.
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        sq.offset(dx, dy).filter(|&t| self.contains(t))
    }

    /// The square seen in a mirror (files reversed, `a1` <-> `h1` on eight files), if it
    /// is a square of this board.
    pub fn mirror(&self, sq: Square) -> Option<Square> {
        let file = (self.files - 1).checked_sub(sq.file())?;
        Square::new(file, sq.rank()).filter(|&t| self.contains(t))
    }

    /// Whether the board is its own mirror image (every square's mirror is a square).
    pub fn is_mirror_symmetric(&self) -> bool {
        Squares(self.squares).all(|sq| self.mirror(sq).is_some())
    }

    /// Whether the cell at `file`, `rank` is a hole inside the rectangle.
    pub fn is_hole(&self, file: u8, rank: u8) -> bool {
        file < self.files
            && rank < self.ranks
            && Square::new(file, rank).is_some_and(|sq| !self.contains(sq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for i in 0..GRID_CELLS {
            let sq = Square::from_index(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("E4".parse::<Square>().unwrap().to_string(), "e4");
        for bad in ["", "e", "e0", "m1", "a11", "a01", "4e", "e4x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn mirror_images_of_squares() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let nine = Shape::new(9, 9, &[]).unwrap();
        assert_eq!(nine.mirror(sq("a1")), Some(sq("i1")));
        assert_eq!(nine.mirror(sq("e5")), Some(sq("e5")));
        assert_eq!(nine.mirror(sq("j1")), None, "off the board");
        assert!(nine.is_mirror_symmetric());
        let corners = Shape::new(8, 8, &[sq("a1"), sq("h1")]).unwrap();
        assert!(corners.is_mirror_symmetric());
        let one = Shape::new(8, 8, &[sq("a1")]).unwrap();
        assert_eq!(one.mirror(sq("h1")), None);
        assert!(!one.is_mirror_symmetric());
    }

    #[test]
    fn split_square_prefers_two_digit_ranks() {
        let (a, rest) = split_square("a10b9").unwrap();
        assert_eq!((a.to_string().as_str(), rest), ("a10", "b9"));
        let (b, rest) = split_square("e2e4").unwrap();
        assert_eq!((b.to_string().as_str(), rest), ("e2", "e4"));
    }

    #[test]
    fn holes_are_not_squares() {
        let a2 = "a2".parse().unwrap();
        let shape = Shape::new(12, 8, &[a2]).unwrap();
        assert!(!shape.contains(a2));
        assert!(shape.contains("a1".parse().unwrap()));
        assert!(!shape.contains("a9".parse().unwrap()));
        assert_eq!(shape.offset("a1".parse().unwrap(), 0, 1), None);
        assert!(shape.is_hole(0, 1));
        assert_eq!(
            Shape::new(13, 8, &[]),
            Err(ShapeError::Size {
                files: 13,
                ranks: 8
            })
        );
    }
}
