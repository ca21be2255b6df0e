//! The board: any shape, holes left as bare terminal, pieces as glyphs or letters with their
//! promotion marker, and the cursor, lifted piece, targets, last move and check.
//!
//! Every mark has a form that survives without colour: brackets for the cursor, a dot or
//! parentheses for targets, `+` or a level digit for promoted pieces, reverse video for dark
//! squares in monochrome.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::rules::{
    Color, Figure, Piece, Position, Square, SquareSet, Squares, Variant, GRID_CELLS,
};
use crate::ui::layout::BoardGeom;
use crate::ui::theme::{Palette, SquareLook};

/// The glyph of a piece: a Unicode chess figure where the variant names one and glyphs are on
/// (outline for White, solid for Black, so the sides differ in shape too), else its letter
/// (upper case for White, lower case for Black).
pub fn piece_glyph(variant: &Variant, piece: Piece, glyphs: bool) -> char {
    let spec = variant.piece(piece.kind());
    let white = piece.color() == Color::White;
    match (glyphs, spec.figure) {
        (true, Some(f)) => match (f, white) {
            (Figure::King, true) => '♔',
            (Figure::Queen, true) => '♕',
            (Figure::Rook, true) => '♖',
            (Figure::Bishop, true) => '♗',
            (Figure::Knight, true) => '♘',
            (Figure::Pawn, true) => '♙',
            (Figure::King, false) => '♚',
            (Figure::Queen, false) => '♛',
            (Figure::Rook, false) => '♜',
            (Figure::Bishop, false) => '♝',
            (Figure::Knight, false) => '♞',
            (Figure::Pawn, false) => '♟',
        },
        _ => variant.piece_char(piece),
    }
}

/// How far along its promotion path a piece is, for the colour ramp: its promotion stage, or
/// its level above 1 in games with levels.
pub fn piece_stage(variant: &Variant, piece: Piece, level: u16) -> u8 {
    if variant.has_levels() {
        level.saturating_sub(1).min(u8::MAX as u16) as u8
    } else {
        variant.promotion_stage(piece.kind())
    }
}

/// The marker drawn beside a piece: its level (games with levels, above 1), or `+` when it is
/// a promoted type.
pub fn piece_marker(variant: &Variant, piece: Piece, level: u16) -> Option<char> {
    if variant.has_levels() {
        match level {
            0 | 1 => None,
            2..=9 => char::from_digit(level as u32, 10),
            _ => Some('*'),
        }
    } else {
        (variant.promotion_stage(piece.kind()) > 0).then_some('+')
    }
}

/// What the board shows, by square.
#[derive(Clone)]
pub struct BoardWidget<'a> {
    /// The game.
    pub variant: &'static Variant,
    /// Piece and level per grid cell.
    pub pieces: [Option<(Piece, u16)>; GRID_CELLS],
    /// Placement on screen.
    pub geom: BoardGeom,
    /// Colours.
    pub palette: &'a Palette,
    /// Unicode glyphs for orthodox figures.
    pub glyphs: bool,
    /// The cursor.
    pub cursor: Option<Square>,
    /// The lifted piece.
    pub selected: Option<Square>,
    /// Where the lifted piece may go.
    pub targets: SquareSet,
    /// The last move.
    pub last_move: SquareSet,
    /// A royal piece in check.
    pub check: Option<Square>,
    /// Squares tinted as promotion squares.
    pub zones: SquareSet,
    /// Citadels, drawn in their own colour (a hatched background without colours).
    pub citadels: SquareSet,
}

impl<'a> BoardWidget<'a> {
    /// An empty board with no marks.
    pub fn new(
        variant: &'static Variant,
        geom: BoardGeom,
        palette: &'a Palette,
        glyphs: bool,
    ) -> Self {
        BoardWidget {
            variant,
            pieces: [None; GRID_CELLS],
            geom,
            palette,
            glyphs,
            cursor: None,
            selected: None,
            targets: 0,
            last_move: 0,
            check: None,
            zones: variant.promotion_squares(),
            citadels: variant.citadels(),
        }
    }
}

impl BoardWidget<'_> {
    /// Shows the pieces of `pos`, and its royal piece marked when it is in check.
    pub fn with_position(mut self, pos: &Position) -> Self {
        for (sq, piece) in pos.pieces() {
            self.pieces[sq.index()] = Some((piece, pos.level_at(sq)));
        }
        self.check = pos.is_check().then(|| pos.royal_square(pos.turn()));
        self
    }
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, c: char, style: Style) {
    if x >= area.x + area.width || y >= area.y + area.height {
        return;
    }
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(c);
        cell.set_style(style);
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let g = self.geom;
        let (cw, ch) = g.cell;
        let p = self.palette;
        for sq in Squares(self.variant.shape().squares()) {
            let (x, y) = g.origin(sq);
            let look = SquareLook {
                dark: (sq.file() + sq.rank()) % 2 == 0,
                zone: self.zones & sq.bit() != 0,
                citadel: self.citadels & sq.bit() != 0,
                last_move: self.last_move & sq.bit() != 0,
                selected: self.selected == Some(sq),
                check: self.check == Some(sq),
            };
            let bg = p.square(look);
            // Without colours a citadel would look like any square: hatch it instead.
            let fill = if look.citadel && p.mono() { '░' } else { ' ' };
            for dy in 0..ch {
                for dx in 0..cw {
                    put(buf, area, x + dx, y + dy, fill, bg);
                }
            }
            let (gx, gy) = (x + cw / 2, y + ch / 2);
            let target = self.targets & sq.bit() != 0;
            match self.pieces[sq.index()] {
                Some((piece, level)) => {
                    let white = piece.color() == Color::White;
                    let stage = piece_stage(self.variant, piece, level);
                    let glyph = piece_glyph(self.variant, piece, self.glyphs);
                    put(buf, area, gx, gy, glyph, bg.patch(p.piece(white, stage)));
                    if let Some(m) = piece_marker(self.variant, piece, level) {
                        let (mx, my) = if ch >= 2 {
                            (x + cw - 1, y)
                        } else {
                            (gx + 1, gy)
                        };
                        put(buf, area, mx, my, m, bg.patch(p.piece(white, stage.max(1))));
                    }
                    if target {
                        put(buf, area, gx - 1, gy, '(', bg.patch(p.target()));
                        put(buf, area, gx + 1, gy, ')', bg.patch(p.target()));
                    }
                }
                None if target => put(buf, area, gx, gy, '•', bg.patch(p.target())),
                None => {}
            }
            if self.cursor == Some(sq) {
                put(buf, area, x, gy, '[', bg.patch(p.cursor()));
                put(buf, area, x + cw - 1, gy, ']', bg.patch(p.cursor()));
            }
        }
        // Labels: rank numbers at the left of each rank, file letters under each file.
        let label = p.dim();
        for r in 0..g.ranks {
            let Some(sq) = Square::new(0, r) else {
                continue;
            };
            let (_, y) = g.origin(sq);
            let text = format!("{:>2}", r + 1);
            for (i, c) in text.chars().enumerate() {
                put(buf, area, g.area.x + i as u16, y + ch / 2, c, label);
            }
        }
        let label_row = g.area.y + g.ranks as u16 * ch;
        for f in 0..g.files {
            let Some(sq) = Square::new(f, 0) else {
                continue;
            };
            let (x, _) = g.origin(sq);
            put(buf, area, x + cw / 2, label_row, (b'a' + f) as char, label);
        }
    }
}
