//! Where everything goes on screen, as a pure function of the terminal size, so drawing and
//! click handling agree without sharing state.
//!
//! The board takes the largest square size that leaves the panel a useful size, and the
//! panel takes what remains. Square sizes grow in steps (see [`cell_step`]) with no upper
//! limit: a bigger terminal always gets a bigger board once a whole step fits.

use ratatui::layout::Rect;

use crate::rules::{Square, Variant};

/// Terminal cells per square at size step `n` (1, 2, 3, ...): (2n+1) x n, so 3x1, 5x2, 7x3,
/// 9x4, 11x5, ... The width is odd so a glyph sits in the middle column, and about twice the
/// height, which looks square on terminals whose cells are about twice as tall as wide.
pub const fn cell_step(n: u16) -> (u16, u16) {
    (2 * n + 1, n)
}

/// The three smallest steps, largest first: the sizes small diagrams (the rules card) pick
/// from. The play and review boards are not limited to these (see [`play_layout`]).
pub const CELL_SIZES: [(u16, u16); 3] = [cell_step(3), cell_step(2), cell_step(1)];
/// Columns left of the squares: rank numbers up to two digits and a space.
const RANK_LABELS: u16 = 3;
/// The side panel's smallest useful width: a bordered move list whose longest row,
/// `123. Hbxc7=N+ Hbxc7=N+`, fits, and a legend with one piece a line.
pub const PANEL_MIN: u16 = 26;
/// The panel's smallest useful height when it goes below the board (boards wider than the
/// screen leaves room for beside them): four rows of moves in columns across the screen,
/// with the legend in the column beside the board ([`ASIDE_MIN`]).
pub const PANEL_BELOW_MIN: u16 = 4;
/// A panel below the board with no column beside the board for the legend needs this many
/// rows, for the moves and the legend both.
pub const PANEL_BELOW_ALONE_MIN: u16 = 8;
/// The column right of a board whose panel is below it is used (for the legend, one piece a
/// line) when it is at least this wide: `♕+ Q Queen`, longer names cut.
pub const ASIDE_MIN: u16 = 14;

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
    /// The panel (moves, clocks, captures, legend), if there is room: beside the board, the
    /// whole height, or under it (a board too wide for a panel beside it).
    pub panel: Option<Rect>,
    /// With the panel under the board: the column right of the board, the whole height,
    /// when it is at least [`ASIDE_MIN`] wide (the legend goes there).
    pub aside: Option<Rect>,
    /// The status line.
    pub status: Rect,
    /// The message / typing line, and under it the lines of a message too long for it
    /// (a failed save), as many as fit under the board.
    pub input: Rect,
    /// The smallest terminal that shows this board, when the current one is smaller.
    pub too_small: Option<(u16, u16)>,
}

/// The largest size step whose board fits `width` x `height` cells (0 when none does).
fn largest_step(files: u8, ranks: u8, width: u16, height: u16) -> u16 {
    let (files, ranks) = (u16::from(files.max(1)), u16::from(ranks.max(1)));
    let by_height = height.saturating_sub(1) / ranks;
    // RANK_LABELS + files * (2n + 1) <= width.
    let by_width = (width.saturating_sub(RANK_LABELS) / files).saturating_sub(1) / 2;
    by_height.min(by_width)
}

/// Where the board and panel go in `middle`: the largest square size with a useful panel
/// beside the board (at least [`PANEL_MIN`] wide) or, at the same size, below it (at least
/// [`PANEL_BELOW_MIN`] rows with a column of at least [`ASIDE_MIN`] beside the board, else
/// [`PANEL_BELOW_ALONE_MIN`] rows); else the largest squares without a panel.
fn choose_cell(files: u8, ranks: u8, middle: Rect) -> Option<((u16, u16), Option<Place>)> {
    let top = largest_step(files, ranks, middle.width, middle.height);
    let with_panel = (1..=top).rev().find_map(|n| {
        let cell = cell_step(n);
        let (w, h) = board_size(cell, files, ranks);
        let right = middle.width.saturating_sub(w + 1);
        if right >= PANEL_MIN {
            return Some((cell, Some(Place::Beside)));
        }
        let under = middle.height.saturating_sub(h);
        let below_min = if right >= ASIDE_MIN {
            PANEL_BELOW_MIN
        } else {
            PANEL_BELOW_ALONE_MIN
        };
        (under >= below_min).then_some((cell, Some(Place::Below)))
    });
    with_panel.or_else(|| (top > 0).then(|| (cell_step(top), None)))
}

/// Lays out the play screen for `variant` in `area` (see [`choose_cell`] for the board's
/// size), else a "too small" note. `message_rows` asks for that many rows at the bottom for
/// messages; rows beyond the first are given only where the board leaves them free (a long
/// message never shrinks the board).
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
    let Some((cell, place)) = choose_cell(files, ranks, middle) else {
        let (w, h) = minimum_size(files, ranks);
        return PlayLayout {
            title,
            board: None,
            panel: None,
            aside: None,
            status,
            input,
            too_small: Some((w, h)),
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
    let right_x = geom.area.x + geom.area.width + 1;
    let right = Rect::new(
        right_x,
        middle.y,
        (middle.x + middle.width).saturating_sub(right_x),
        middle.height,
    );
    let (panel, aside) = match place {
        Some(Place::Beside) => (Some(right), None),
        Some(Place::Below) => {
            let y = geom.area.y + geom.area.height;
            let height = (middle.y + middle.height).saturating_sub(y);
            let aside = (right.width >= ASIDE_MIN).then_some(right);
            // Under the board only, when the column beside it is used.
            let width = match aside {
                Some(_) => geom.area.width,
                None => middle.width,
            };
            // Rows a long message took may leave too little for it.
            let panel =
                (height >= PANEL_BELOW_MIN - 1).then(|| Rect::new(middle.x, y, width, height));
            (panel, aside)
        }
        None => (None, None),
    };
    PlayLayout {
        title,
        board: Some(geom),
        panel,
        aside,
        status,
        input,
        too_small: None,
    }
}

/// Where the parts of the panel go: the move list, the lines about the game (clocks, room,
/// chat, captures; review's notes) and the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelRegions {
    /// The move list.
    pub moves: Rect,
    /// The lines about the game.
    pub info: Rect,
    /// The legend.
    pub legend: Rect,
}

/// The fewest rows the move list keeps in a panel beside the board: six moves in a box.
pub const MOVES_MIN: u16 = 8;
/// The narrowest the info lines are made beside the moves (a clock per line).
const INFO_MIN: u16 = 14;

/// Splits `panel` (and `aside`, the column beside a board whose panel is under it) between
/// the move list, the info lines (`info_rows(width)` rows at a width, `info_width` wide at
/// most) and the legend (`legend_rows(width, height)` rows in an area, at most `height`).
/// Beside the board: the moves on top, at least [`MOVES_MIN`] rows, then the lines, then
/// the legend in the rows left. Under the board with a column beside it: the legend in the
/// column, the lines above it when both fit there (the legend in its roomiest form), else
/// right of the moves, as narrow as they fit the panel's rows. Under the board alone: the
/// moves on the left half, the lines and the legend on the right.
pub fn panel_regions(
    panel: Rect,
    aside: Option<Rect>,
    info_rows: impl Fn(u16) -> u16,
    info_width: u16,
    legend_rows: impl Fn(u16, u16) -> u16,
) -> PanelRegions {
    let stack = |r: Rect, top: u16| {
        let top = top.min(r.height);
        (
            Rect { height: top, ..r },
            Rect::new(r.x, r.y + top, r.width, r.height - top),
        )
    };
    // The right part of `r`, `width` wide (at most half) with a column's gap before it, and
    // the rest.
    let beside = |r: Rect, width: u16| {
        let width = width.min(r.width.saturating_sub(1) / 2);
        let left = r.width - width - u16::from(width > 0);
        (
            Rect { width: left, ..r },
            Rect::new(r.x + r.width - width, r.y, width, r.height),
        )
    };
    if let Some(aside) = aside {
        let rows = info_rows(aside.width);
        if rows + legend_rows(aside.width, u16::MAX) <= aside.height {
            let (info, legend) = stack(aside, rows);
            return PanelRegions {
                moves: panel,
                info,
                legend,
            };
        }
        // As narrow as the lines allow (wrapped into the panel's rows), so the moves keep
        // their columns.
        let narrow = (INFO_MIN..info_width)
            .find(|&w| info_rows(w) <= panel.height)
            .unwrap_or(info_width);
        let (moves, info) = beside(panel, narrow);
        return PanelRegions {
            moves,
            info,
            legend: aside,
        };
    }
    if panel.width >= 2 * PANEL_MIN && panel.height < 12 {
        let (moves, rest) = beside(panel, panel.width / 2);
        let (info, legend) = stack(rest, info_rows(rest.width));
        return PanelRegions {
            moves,
            info,
            legend,
        };
    }
    let info = info_rows(panel.width);
    let room = panel.height.saturating_sub(info + MOVES_MIN);
    let legend = legend_rows(panel.width, room);
    let moves_rows = panel.height.saturating_sub(info + legend).max(3);
    let (moves, rest) = stack(panel, moves_rows);
    let (info, legend) = stack(rest, info);
    PanelRegions {
        moves,
        info,
        legend,
    }
}

/// The screen cells of `sq` on the board `geom`.
pub fn square_rect(geom: BoardGeom, sq: Square) -> Rect {
    let (x, y) = geom.origin(sq);
    Rect::new(x, y, geom.cell.0, geom.cell.1)
}

/// Where a `w` x `h` picker goes on `screen` for a move to `target` on the board `geom`:
/// beside the target square (right, else left), else below or above it, centred on it
/// along the other axis as far as the screen allows, and never over it. Where no side
/// has room for the whole picker (a tiny terminal), the side that shows most of it, cut
/// to fit there.
pub fn picker_rect(screen: Rect, geom: BoardGeom, target: Square, w: u16, h: u16) -> Rect {
    let t = square_rect(geom, target).intersection(screen);
    // Start of a run of `len` cells centred on `mid`, kept inside `lo..hi`.
    let centre = |mid: u16, len: u16, lo: u16, hi: u16| {
        mid.saturating_sub(len / 2)
            .min(hi.saturating_sub(len))
            .max(lo)
    };
    let (sx, sy) = (screen.x, screen.y);
    let (sr, sb) = (screen.right(), screen.bottom());
    let mid_x = t.x + t.width / 2;
    let mid_y = t.y + t.height / 2;
    // The free band on each side of the target, and the picker placed in it.
    let sides = [
        Rect::new(t.right(), sy, sr.saturating_sub(t.right()), screen.height),
        Rect::new(sx, sy, t.x.saturating_sub(sx), screen.height),
        Rect::new(sx, t.bottom(), screen.width, sb.saturating_sub(t.bottom())),
        Rect::new(sx, sy, screen.width, t.y.saturating_sub(sy)),
    ];
    let placed = sides.map(|band| {
        let (pw, ph) = (w.min(band.width), h.min(band.height));
        let horizontal = band.height == screen.height;
        let x = if horizontal && band.x == t.right() {
            band.x
        } else if horizontal {
            band.right().saturating_sub(pw)
        } else {
            centre(mid_x, pw, band.x, band.right())
        };
        let y = if horizontal {
            centre(mid_y, ph, band.y, band.bottom())
        } else if band.y == t.bottom() {
            band.y
        } else {
            band.bottom().saturating_sub(ph)
        };
        Rect::new(x, y, pw, ph)
    });
    let area = |r: &Rect| u32::from(r.width) * u32::from(r.height);
    placed
        .iter()
        .find(|r| r.width == w && r.height == h)
        .or_else(|| placed.iter().max_by_key(|r| area(r)))
        .copied()
        .unwrap_or_default()
}

/// The smallest terminal (columns, rows) that can show any board of this many files/ranks.
pub fn minimum_size(files: u8, ranks: u8) -> (u16, u16) {
    let (w, h) = board_size(cell_step(1), files, ranks);
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
        assert_eq!(cell(100, 30), Some((7, 3)));
        assert_eq!(cell(120, 40), Some((9, 4)));
        assert_eq!(cell(160, 50), Some((11, 5)));
        assert_eq!(cell(200, 60), Some((15, 7)));
        assert_eq!(cell(250, 75), Some((17, 8)), "no upper limit");
        assert_eq!(cell(60, 16), Some((3, 1)));
        assert_eq!(cell(20, 8), None);
        assert!(play_layout(Rect::new(0, 0, 0, 0), v, false, 1)
            .too_small
            .is_some());
        // One more row or column never shrinks the squares.
        for id in VariantId::ALL {
            let v = variant(id);
            let step = |w, h| {
                play_layout(Rect::new(0, 0, w, h), v, false, 1)
                    .board
                    .map_or(0, |b| b.cell.1)
            };
            for (w, h) in [(80, 24), (100, 30), (160, 50), (200, 60)] {
                let here = step(w, h);
                assert!(step(w, h + 1) >= here, "{id:?} {w}x{h} taller");
                assert!(
                    step(w + PANEL_MIN + 40, h) >= here,
                    "{id:?} {w}x{h} much wider"
                );
            }
        }
    }

    /// The terminal sizes the layout is checked at.
    const SIZES: [(u16, u16); 6] = [
        (80, 24),
        (100, 30),
        (120, 40),
        (160, 50),
        (200, 60),
        (250, 75),
    ];

    #[test]
    fn at_every_size_every_game_gets_a_board_and_a_useful_panel() {
        for id in VariantId::ALL {
            let v = variant(id);
            for (w, h) in SIZES {
                let area = Rect::new(0, 0, w, h);
                let l = play_layout(area, v, false, 1);
                let what = format!("{id:?} at {w}x{h}");
                let board = l.board.unwrap_or_else(|| panic!("{what}: no board")).area;
                let panel = l.panel.unwrap_or_else(|| panic!("{what}: no panel"));
                assert!(area.contains(board.as_position()) && board.union(area) == area);
                assert_eq!(panel.union(area), area, "{what}: panel off screen");
                assert!(!panel.intersects(board), "{what}");
                assert!(panel.y + panel.height <= l.status.y, "{what}");
                if panel.y >= board.y + board.height {
                    // Below: four rows and the legend beside the board, or eight.
                    match l.aside {
                        Some(aside) => {
                            assert!(panel.height >= PANEL_BELOW_MIN, "{what}");
                            assert!(aside.width >= ASIDE_MIN, "{what}");
                            assert!(!aside.intersects(board) && !aside.intersects(panel));
                            assert_eq!(aside.union(area), area, "{what}: aside off screen");
                        }
                        None => assert!(panel.height >= PANEL_BELOW_ALONE_MIN, "{what}"),
                    }
                } else {
                    assert!(panel.x > board.x + board.width - 1, "{what}");
                    assert!(panel.width >= PANEL_MIN, "{what}");
                    assert_eq!(l.aside, None, "{what}");
                }
                // A whole step more would leave no useful panel.
                let (cw, ch) = l.board.unwrap().cell;
                let (bw, bh) = board_size(cell_step(ch + 1), v.shape().files(), v.shape().ranks());
                let (rw, rh) = (w, h - 3);
                let right = rw.saturating_sub(bw + 1);
                let under = rh.saturating_sub(bh);
                let fits = bw <= rw && bh <= rh;
                let beside = fits && right >= PANEL_MIN;
                let below = fits
                    && (under >= PANEL_BELOW_ALONE_MIN
                        || under >= PANEL_BELOW_MIN && right >= ASIDE_MIN);
                assert!(
                    !beside && !below,
                    "{what}: {cw}x{ch} leaves room for a bigger board"
                );
            }
        }
    }

    #[test]
    fn big_boards_at_big_terminals() {
        let cell = |id, w, h| {
            play_layout(Rect::new(0, 0, w, h), variant(id), false, 1)
                .board
                .unwrap()
                .cell
        };
        // The finding: 7x3 at 160x50 and beyond, 20 rows left empty.
        assert!(cell(VariantId::Promochess, 160, 50) >= (9, 4));
        assert_eq!(cell(VariantId::Promochess, 160, 50), (11, 5));
        assert_eq!(cell(VariantId::Promochess, 250, 75), (15, 7));
        // Tamerspiel, 12 files: the board takes all but a legend column's width at 160x50,
        // with the panel under it.
        let l = play_layout(
            Rect::new(0, 0, 160, 50),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        assert_eq!(l.board.unwrap().cell, (11, 5));
        assert!(l.aside.is_some() && l.panel.unwrap().y > l.board.unwrap().area.y);
        // At 200x60 a step smaller leaves it a panel beside.
        assert_eq!(cell(VariantId::Tamerspiel, 200, 60), (13, 6));
        for id in VariantId::ALL {
            for (w, h) in [(160, 50), (200, 60), (250, 75)] {
                assert!(cell(id, w, h) >= (9, 4), "{id:?} at {w}x{h}");
            }
        }
    }

    #[test]
    fn clicks_find_their_square_at_every_size() {
        for id in VariantId::ALL {
            let v = variant(id);
            for (w, h) in SIZES {
                for flipped in [false, true] {
                    let l = play_layout(Rect::new(0, 0, w, h), v, flipped, 1);
                    let g = l.board.unwrap();
                    for sq in crate::rules::Squares(v.shape().squares()) {
                        let (x, y) = g.origin(sq);
                        for (dx, dy) in [(0, 0), (g.cell.0 - 1, g.cell.1 - 1), (g.cell.0 / 2, 0)] {
                            assert_eq!(g.square_at(x + dx, y + dy), Some(sq), "{id:?} {w}x{h}");
                        }
                    }
                    // Left of the squares (the rank labels), under them (the file labels)
                    // and right of them: no square.
                    let right = g.area.x + g.area.width;
                    let bottom = g.area.y + g.area.height - 1;
                    assert_eq!(g.square_at(g.area.x + 2, g.area.y), None);
                    assert_eq!(g.square_at(g.area.x + 3, bottom), None);
                    assert_eq!(g.square_at(right, g.area.y), None);
                }
            }
        }
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
        // Tamerspiel's 12 files: the panel goes under the board, the legend beside it.
        let l = play_layout(
            Rect::new(0, 0, 80, 24),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        let (board, panel, aside) = (l.board.unwrap().area, l.panel.unwrap(), l.aside.unwrap());
        assert!(panel.y >= board.y + board.height && panel.width == board.width);
        assert_eq!(panel.height, 4);
        assert_eq!(
            (aside.x, aside.y, aside.width, aside.height),
            (64, 1, 16, 21)
        );
        // At 100x30 it fits beside at 5x2, not at 7x3.
        let l = play_layout(
            Rect::new(0, 0, 100, 30),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        assert_eq!(l.board.unwrap().cell, (5, 2));
        assert!(l.panel.unwrap().x > l.board.unwrap().area.x);
        assert_eq!(l.aside, None);
        // Too narrow for a legend column: 3x1 squares with the panel beside rather than
        // 5x2 with four rows for everything.
        let l = play_layout(
            Rect::new(0, 0, 70, 24),
            variant(VariantId::Tamerspiel),
            false,
            1,
        );
        assert_eq!(l.board.unwrap().cell, (3, 1));
        assert!(l.panel.unwrap().width >= PANEL_MIN);
    }

    #[test]
    fn the_panel_keeps_six_moves_and_gives_the_legend_the_rest() {
        let panel = Rect::new(44, 1, 36, 21);
        // Beside the board: the moves first, then three info lines, then the legend, which
        // gets at most what leaves the moves their eight rows.
        let asked = std::cell::Cell::new(0);
        let r = panel_regions(
            panel,
            None,
            |_| 3,
            20,
            |_, h| {
                asked.set(h);
                h.min(6)
            },
        );
        assert_eq!(asked.get(), 21 - 3 - MOVES_MIN);
        assert_eq!((r.moves.y, r.moves.height), (1, 12));
        assert_eq!((r.info.y, r.info.height), (13, 3));
        assert_eq!((r.legend.y, r.legend.height), (16, 6));
        // A legend that wants everything still leaves the moves their rows.
        let r = panel_regions(panel, None, |_| 3, 20, |_, h| h);
        assert_eq!(r.moves.height, MOVES_MIN);
        // Under the board with a column beside it: the legend in the column, the info over
        // it when both fit, else right of the moves.
        let under = Rect::new(0, 18, 63, 4);
        let aside = Rect::new(64, 1, 16, 21);
        let r = panel_regions(under, Some(aside), |_| 2, 20, |_, _| 19);
        assert_eq!(r.moves, under);
        assert_eq!((r.info.x, r.info.y, r.info.height), (64, 1, 2));
        assert_eq!((r.legend.y, r.legend.height), (3, 19));
        let r = panel_regions(under, Some(aside), |_| 3, 20, |_, _| 19);
        assert_eq!(r.legend, aside);
        assert_eq!((r.moves.width, r.info.x, r.info.width), (48, 49, INFO_MIN));
        // Lines that wrap when narrow take the narrowest width that keeps them in the rows.
        let wrapping = |w: u16| match w {
            20.. => 3,
            16..=19 => 4,
            _ => 6,
        };
        let r = panel_regions(under, Some(aside), wrapping, 20, |_, _| 19);
        assert_eq!((r.moves.width, r.info.x, r.info.width), (46, 47, 16));
        // Under the board alone, wide and low: moves left, the rest right.
        let r = panel_regions(Rect::new(0, 12, 80, 8), None, |_| 1, 20, |_, h| h);
        assert_eq!((r.moves.width, r.info.x, r.legend.y), (40, 41, 13));
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
