//! The board: any shape, holes left as bare terminal, pieces as glyphs or letters with their
//! promotion marker, and the cursor, lifted piece, targets, last move and check.
//!
//! Every state has a form that survives without colour ([`crate::ui::theme::palette`]):
//! brackets for the cursor, a dot for a quiet target, `( )` around a capture and `< >`
//! around a swap partner, `{ }` on the two squares of a premove, `+` or a level digit for promoted pieces; without colours also
//! reverse video for dark squares, a dot in the corner of zone squares, hatched citadels, the last move
//! underlined, `!` beside a royal piece in check and the lifted piece in reverse. Each square
//! is drawn by [`draw_cell`] at any cell size, the glyph at its centre; [`sample`] draws one
//! at 3x1 for a legend, so the legend shows exactly what the board does.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::Widget;

use crate::rules::{
    Color, Figure, Piece, Position, Square, SquareSet, Squares, Variant, GRID_CELLS,
};
use crate::ui::layout::BoardGeom;
use crate::ui::theme::{Palette, Role, SquareLook};

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
    /// The squares of the move made in advance (a premove).
    pub premove: SquareSet,
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
            premove: 0,
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

fn put(buf: &mut Buffer, clip: Rect, x: u16, y: u16, c: char, style: Style) {
    if !clip.contains(ratatui::layout::Position { x, y }) {
        return;
    }
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(c);
        cell.set_style(style);
    }
}

/// What the lifted piece may do on a square it can move to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// Move there (an empty square): a dot.
    Quiet,
    /// Take the enemy piece there: `( )`.
    Capture,
    /// Swap places with one's own piece there: `< >`.
    Swap,
}

/// A piece as one square shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its glyph or letter.
    pub glyph: char,
    /// White's (else Black's).
    pub white: bool,
    /// Promotion stage or level above 1, for its colour.
    pub stage: u8,
    /// Its promotion marker (`+` or a level digit).
    pub marker: Option<char>,
}

/// Everything one square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CellView {
    /// Its background states.
    pub look: SquareLook,
    /// The piece on it.
    pub piece: Option<PieceView>,
    /// Whether (and how) the lifted piece may go there.
    pub target: Option<TargetKind>,
    /// The cursor is on it.
    pub cursor: bool,
    /// It is one of a premove's squares.
    pub premove: bool,
}

/// Draws one square of `cell` (width, height) cells with its top left at `origin`, clipped
/// to `clip`. The glyph sits at the centre (`cw / 2`, `ch / 2`); the promotion marker in the
/// top right corner (beside the glyph on one-row squares); check marks and a capture's or
/// swap's brackets either side of the glyph; the cursor's brackets at the square's edges;
/// a zone's dot in the top left corner.
pub fn draw_cell(
    buf: &mut Buffer,
    clip: Rect,
    origin: (u16, u16),
    cell: (u16, u16),
    view: &CellView,
    p: &Palette,
) {
    let ((x, y), (cw, ch)) = (origin, cell);
    if cw == 0 || ch == 0 {
        return;
    }
    let look = view.look;
    let bg = p.square(look);
    let decor = p.decor(look);
    let ink = p.decor_on(look);
    let (fill, fill_style) = match decor.fill {
        Some(c) => (c, ink),
        None => (' ', bg),
    };
    for dy in 0..ch {
        for dx in 0..cw {
            put(buf, clip, x + dx, y + dy, fill, fill_style);
        }
    }
    let (right, bottom) = (x + cw - 1, y + ch - 1);
    if let Some(c) = decor.corner {
        put(buf, clip, x, y, c, ink);
    }
    let (gx, gy) = (x + cw / 2, y + ch / 2);
    // Either side of the glyph, where the square has room.
    let beside = |buf: &mut Buffer, (l, r): (char, char), style: Style| {
        if gx > x {
            put(buf, clip, gx - 1, gy, l, style);
        }
        if gx < right {
            put(buf, clip, gx + 1, gy, r, style);
        }
    };
    if let Some(c) = decor.sides {
        beside(buf, (c, c), ink);
    }
    if let Some(piece) = view.piece {
        let style = p.piece_on(look, piece.white, piece.stage);
        put(buf, clip, gx, gy, piece.glyph, style);
        if let Some(m) = piece.marker {
            let (mx, my) = if ch >= 2 { (right, y) } else { (gx + 1, gy) };
            let style = p.piece_on(look, piece.white, piece.stage.max(1));
            put(buf, clip, mx, my, m, style);
        }
    }
    match view.target {
        Some(TargetKind::Quiet) if view.piece.is_none() => {
            put(buf, clip, gx, gy, '•', p.mark_on(look, Role::Target));
        }
        Some(TargetKind::Swap) => beside(buf, ('<', '>'), p.mark_on(look, Role::Swap)),
        Some(_) => beside(buf, ('(', ')'), p.mark_on(look, Role::Capture)),
        None => {}
    }
    if view.premove && !view.cursor {
        let style = p.mark_on(look, Role::Premove);
        put(buf, clip, x, gy, '{', style);
        put(buf, clip, right, gy, '}', style);
    }
    if view.cursor {
        let style = p.mark_on(look, Role::Cursor);
        put(buf, clip, x, gy, '[', style);
        put(buf, clip, right, gy, ']', style);
    }
    if decor.underline {
        for dx in 0..cw {
            if clip.contains(ratatui::layout::Position {
                x: x + dx,
                y: bottom,
            }) {
                if let Some(c) = buf.cell_mut((x + dx, bottom)) {
                    c.set_style(Style::new().add_modifier(Modifier::UNDERLINED));
                }
            }
        }
    }
}

/// A 3x1 square drawn as the board draws it, as spans: how `role` looks in this palette,
/// for a legend. Squares that show a state of a piece (check, the lifted piece, a capture, a
/// swap) show `glyph` on them; the others are empty.
pub fn sample(p: &Palette, role: Role, glyph: char) -> Vec<Span<'static>> {
    let piece = |white| {
        Some(PieceView {
            glyph,
            white,
            stage: 0,
            marker: None,
        })
    };
    let mut view = CellView {
        look: SquareLook::of(role),
        ..CellView::default()
    };
    match role {
        Role::Check | Role::Lifted => view.piece = piece(true),
        Role::Cursor => view.cursor = true,
        Role::Premove => view.premove = true,
        Role::Target => view.target = Some(TargetKind::Quiet),
        Role::Capture => {
            view.target = Some(TargetKind::Capture);
            view.piece = piece(false);
        }
        Role::Swap => {
            view.target = Some(TargetKind::Swap);
            view.piece = piece(true);
        }
        Role::Piece { white, stage } => {
            view.piece = Some(PieceView {
                glyph,
                white,
                stage,
                marker: None,
            })
        }
        _ => {}
    }
    cell_spans(p, &view)
}

/// A piece with its marker on a light 3x1 square, as spans (for a legend of pieces).
pub fn sample_piece(p: &Palette, piece: PieceView) -> Vec<Span<'static>> {
    cell_spans(
        p,
        &CellView {
            piece: Some(piece),
            ..CellView::default()
        },
    )
}

fn cell_spans(p: &Palette, view: &CellView) -> Vec<Span<'static>> {
    let area = Rect::new(0, 0, 3, 1);
    let mut buf = Buffer::empty(area);
    draw_cell(&mut buf, area, (0, 0), (3, 1), view, p);
    let mut spans: Vec<Span<'static>> = Vec::new();
    for x in 0..3 {
        let cell = &buf[(x, 0)];
        let style = cell.style();
        match spans.last_mut() {
            Some(last) if last.style == style => last.content.to_mut().push_str(cell.symbol()),
            _ => spans.push(Span::styled(cell.symbol().to_string(), style)),
        }
    }
    spans
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let g = self.geom;
        let p = self.palette;
        // The side of the lifted piece: a target holding one of its pieces is a swap.
        let mover = self
            .selected
            .and_then(|s| self.pieces[s.index()])
            .map(|(piece, _)| piece.color());
        for sq in Squares(self.variant.shape().squares()) {
            let on = |set: SquareSet| set & sq.bit() != 0;
            let look = SquareLook {
                dark: (sq.file() + sq.rank()) % 2 == 0,
                zone: on(self.zones),
                citadel: on(self.citadels),
                last_move: on(self.last_move),
                selected: self.selected == Some(sq),
                check: self.check == Some(sq),
            };
            let here = self.pieces[sq.index()];
            let piece = here.map(|(piece, level)| PieceView {
                glyph: piece_glyph(self.variant, piece, self.glyphs),
                white: piece.color() == Color::White,
                stage: piece_stage(self.variant, piece, level),
                marker: piece_marker(self.variant, piece, level),
            });
            let target = on(self.targets).then(|| match here {
                None => TargetKind::Quiet,
                Some((piece, _)) if Some(piece.color()) == mover => TargetKind::Swap,
                Some(_) => TargetKind::Capture,
            });
            let view = CellView {
                look,
                piece,
                target,
                cursor: self.cursor == Some(sq),
                premove: on(self.premove),
            };
            draw_cell(buf, area, g.origin(sq), g.cell, &view, p);
        }
        // Labels: rank numbers at the left of each rank, file letters under each file.
        let (cw, ch) = g.cell;
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
