//! Where everything goes on screen, as a pure function of the terminal size, so drawing and
//! click handling agree without sharing state.

use ratatui::layout::Rect;

use crate::rules::{Square, Variant};

/// Cell sizes a board square can take, largest first: about 7x3, 5x2 and 3x1 terminal cells.
pub const CELL_SIZES: [(u16, u16); 3] = [(7, 3), (5, 2), (3, 1)];
/// Columns left of the squares: rank numbers up to two digits and a space.
const RANK_LABELS: u16 = 3;
/// The side panel's smallest useful width.
pub const PANEL_MIN: u16 = 26;
/// The panel's smallest useful height when it goes below the board.
pub const PANEL_BELOW_MIN: u16 = 4;

/// Where the panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// Right of the board.
    Beside,
    /// Under the board, across the screen (boards wider than they are tall).
    Below,
}

/// A board placed on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeom {
    /// The whole board, labels included.
    pub area: Rect,
    /// Terminal cells per square (width, height).
    pub cell: (u16, u16),
    /// Board files.
    pub files: u8,
    /// Board ranks.
    pub ranks: u8,
    /// Black at the bottom.
    pub flipped: bool,
}

impl BoardGeom {
    /// Places a `files` x `ranks` board with `cell`-sized squares at the top left of `area`.
    pub fn new(area: Rect, cell: (u16, u16), files: u8, ranks: u8, flipped: bool) -> BoardGeom {
        let (w, h) = board_size(cell, files, ranks);
        BoardGeom {
            area: Rect::new(area.x, area.y, w.min(area.width), h.min(area.height)),
            cell,
            files,
            ranks,
            flipped,
        }
    }

    /// The screen column and row of a square's top-left cell.
    pub fn origin(&self, sq: Square) -> (u16, u16) {
        let (col, row) = if self.flipped {
            (self.files - 1 - sq.file(), sq.rank())
        } else {
            (sq.file(), self.ranks - 1 - sq.rank())
        };
        (
            self.area.x + RANK_LABELS + col as u16 * self.cell.0,
            self.area.y + row as u16 * self.cell.1,
        )
    }

    /// The square drawn at a terminal cell, if any (holes included; the caller checks).
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let x = x.checked_sub(self.area.x + RANK_LABELS)?;
        let y = y.checked_sub(self.area.y)?;
        let (col, row) = ((x / self.cell.0) as u8, (y / self.cell.1) as u8);
        if col >= self.files || row >= self.ranks {
            return None;
        }
        let (file, rank) = if self.flipped {
            (self.files - 1 - col, row)
        } else {
            (col, self.ranks - 1 - row)
        };
        Square::new(file, rank)
    }
}

/// Terminal cells a board takes with labels.
pub fn board_size(cell: (u16, u16), files: u8, ranks: u8) -> (u16, u16) {
    (
        RANK_LABELS + files as u16 * cell.0,
        ranks as u16 * cell.1 + 1,
    )
}

/// The play screen's regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayLayout {
    /// The title line.
    pub title: Rect,
    /// The board, if it fits.
    pub board: Option<BoardGeom>,
    /// The side panel (moves, captures, legend), if there is room.
    pub panel: Option<Rect>,
    /// The status line.
    pub status: Rect,
    /// The message / typing line, and under it the lines of a message too long for it
    /// (a failed save), as many as fit under the board.
    pub input: Rect,
    /// The smallest terminal that shows this board, when the current one is smaller.
    pub too_small: Option<(u16, u16)>,
}

/// Lays out the play screen for `variant` in `area`: the largest square size that fits with
/// the panel (beside the board, or below it when only that fits), else the largest without
/// it, else a "too small" note. `message_rows`
/// asks for that many rows at the bottom for messages; rows beyond the first are given only
/// where the board leaves them free (a long message never shrinks the board).
pub fn play_layout(area: Rect, variant: &Variant, flipped: bool, message_rows: u16) -> PlayLayout {
    let shape = variant.shape();
    let (files, ranks) = (shape.files(), shape.ranks());
    let rows = |y: u16| {
        Rect::new(
            area.x,
            area.y + y,
            area.width,
            1.min(area.height.saturating_sub(y)),
        )
    };
    let title = rows(0);
    let status = rows(area.height.saturating_sub(2));
    let input = rows(area.height.saturating_sub(1));
    let middle = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(3),
    );
    let fits = |cell, panel: u16| {
        let (w, h) = board_size(cell, files, ranks);
        w + panel <= middle.width && h <= middle.height
    };
    // The largest squares that leave room for the panel, beside the board or (on a short
    // wide board) below it; else the largest squares without it.
    let fits_below = |cell| {
        let (w, h) = board_size(cell, files, ranks);
        w <= middle.width && h + PANEL_BELOW_MIN <= middle.height
    };
    let with_panel = CELL_SIZES.iter().find_map(|&c| {
        if fits(c, PANEL_MIN + 1) {
            Some((c, Place::Beside))
        } else if fits_below(c) {
            Some((c, Place::Below))
        } else {
            None
        }
    });
    let (cell, panel) = match with_panel {
        Some((c, place)) => (Some(c), Some(place)),
        None => (CELL_SIZES.iter().copied().find(|&c| fits(c, 0)), None),
    };
    let Some(cell) = cell else {
        let (w, h) = board_size(CELL_SIZES[2], files, ranks);
        return PlayLayout {
            title,
            board: None,
            panel: None,
            status,
            input,
            too_small: Some((w, h + 3)),
        };
    };
    let geom = BoardGeom::new(middle, cell, files, ranks, flipped);
    let extra = message_rows
        .saturating_sub(1)
        .min(middle.height.saturating_sub(geom.area.height));
    let middle = Rect {
        height: middle.height - extra,
        ..middle
    };
    let status = Rect {
        y: status.y.saturating_sub(extra),
        ..status
    };
    let input = Rect {
        y: input.y.saturating_sub(extra),
        height: input.height + extra,
        ..input
    };
    let panel = match panel {
        Some(Place::Beside) => {
            let x = geom.area.x + geom.area.width + 1;
            Some(Rect::new(
                x,
                middle.y,
                (middle.x + middle.width).saturating_sub(x),
                middle.height,
            ))
        }
        Some(Place::Below) => {
            let y = geom.area.y + geom.area.height;
            let height = (middle.y + middle.height).saturating_sub(y);
            // Rows a long message took may leave too little for it.
            (height >= PANEL_BELOW_MIN - 1).then(|| Rect::new(middle.x, y, middle.width, height))
        }
        None => None,
    };
    PlayLayout {
        title,
        board: Some(geom),
        panel,
        status,
        input,
        too_small: None,
    }
}

/// The smallest terminal (columns, rows) that can show any board of this many files/ranks.
pub fn minimum_size(files: u8, ranks: u8) -> (u16, u16) {
    let (w, h) = board_size(CELL_SIZES[2], files, ranks);
    (w, h + 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    #[test]
    fn squares_and_cells_agree_both_ways_round() {
        let v = variant(VariantId::Promochess);
        for flipped in [false, true] {
            let l = play_layout(Rect::new(0, 0, 80, 24), v, flipped, 1);
            let g = l.board.unwrap();
            for sq in crate::rules::Squares(v.shape().squares()) {
                let (x, y) = g.origin(sq);
                assert_eq!(g.square_at(x, y), Some(sq));
                assert_eq!(g.square_at(x + g.cell.0 - 1, y + g.cell.1 - 1), Some(sq));
            }
        }
    }

    #[test]
    fn bigger_terminals_get_bigger_squares() {
        let v = variant(VariantId::Chess);
        let cell = |w, h| {
            play_layout(Rect::new(0, 0, w, h), v, false, 1)
                .board
                .map(|b| b.cell)
        };
        assert_eq!(cell(80, 24), Some((5, 2)));
        assert_eq!(cell(120, 40), Some((7, 3)));
        assert_eq!(cell(60, 16), Some((3, 1)));
        assert_eq!(cell(20, 8), None);
        assert!(play_layout(Rect::new(0, 0, 0, 0), v, false, 1)
            .too_small
            .is_some());
    }

    #[test]
    fn at_80x24_every_game_gets_5x2_squares_and_a_panel() {
        for id in VariantId::ALL {
            let l = play_layout(Rect::new(0, 0, 80, 24), variant(id), false, 1);
            assert_eq!(l.board.map(|b| b.cell), Some((5, 2)), "{id:?}");
            let panel = l.panel.unwrap_or_else(|| panic!("{id:?}: no panel"));
            let board = l.board.unwrap().area;
            assert!(!panel.intersects(board), "{id:?}");
        }
        // Tamerspiel's 12 files: the panel goes under the board.
        let l = play_layout(
            Rect::new(0, 0, 80, 24),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        let (board, panel) = (l.board.unwrap().area, l.panel.unwrap());
        assert!(panel.y >= board.y + board.height && panel.width == 80);
        // At 100x30 it fits beside at 5x2, not at 7x3.
        let l = play_layout(
            Rect::new(0, 0, 100, 30),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        assert_eq!(l.board.unwrap().cell, (5, 2));
        assert!(l.panel.unwrap().x > l.board.unwrap().area.x);
    }

    #[test]
    fn long_messages_take_rows_the_board_leaves_free() {
        let area = Rect::new(0, 0, 80, 24);
        for (id, free) in [(VariantId::Chess, 4), (VariantId::Promochess, 2)] {
            let v = variant(id);
            let one = play_layout(area, v, false, 1);
            for rows in [1, 2, 3, 9] {
                let l = play_layout(area, v, false, rows);
                assert_eq!(l.board, one.board, "the board keeps its size");
                let extra = (rows - 1).min(free);
                assert_eq!(l.input.height, 1 + extra, "{id:?} {rows}");
                assert_eq!(l.input.y + l.input.height, 24);
                assert_eq!(l.status.y + 1, l.input.y);
                let board = l.board.unwrap().area;
                assert!(board.y + board.height <= l.status.y);
                let panel = l.panel.unwrap();
                assert!(panel.y + panel.height <= l.status.y);
            }
        }
    }
}
