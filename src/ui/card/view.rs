//! How the cards over a screen look: help lists the keys of the screen underneath, how to
//! type a move, what the board's marks mean and how to move about a card; the rules card
//! shows the game's rules, the chosen piece's promotion chain, a diagram of where that piece
//! can go (when there is room beside the text) and every piece with how it moves.
//!
//! Both are one column of text wrapped at word boundaries to the card's width and scrolled
//! by the card's offset ([`ScrollView`]). [`card_text`] is the same text for the view and
//! for the update that moves the offset, so the two agree on where the end is.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear};
use ratatui::Frame;

use crate::rules::{Color, Squares, Variant};

use crate::ui::app::{App, Screen};
use crate::ui::card::Card;
use crate::ui::input::{
    BOARD_KEYS, BROWSER_KEYS, CARD_KEYS, LEARN_KEYS, LOBBY_KEYS, REVIEW_KEYS, WATCH_KEYS,
};
use crate::ui::layout::{board_size, BoardGeom, CELL_SIZES};
use crate::ui::theme::Palette;
use crate::ui::widgets::board::{piece_glyph, piece_marker, piece_stage, BoardWidget};
use crate::ui::widgets::overlay::card_block;
use crate::ui::widgets::scroll::{wrap, ScrollView};

/// The width of the key column of help, with its indent.
const KEY_COLUMN: u16 = 20;

/// A card's text as it is drawn in an area.
pub(crate) struct CardText {
    /// The lines, wrapped to the text column.
    pub lines: Vec<Line<'static>>,
    /// How many of them show at a time.
    pub rows: usize,
    /// The rules card's chosen piece: its first and last line.
    pub chosen: Option<(usize, usize)>,
}

/// `card`'s text as drawn over the whole terminal at the app's size; `None` for a rules
/// card with no game under it.
pub(crate) fn card_text(app: &App, card: &Card) -> Option<CardText> {
    let area = Rect::new(0, 0, app.size.0, app.size.1);
    match *card {
        Card::Help { .. } => Some(help_text(app, area)),
        Card::Rules { piece, .. } => {
            let play = app.play()?;
            let v = play.table.game().position().variant();
            Some(rules_text(app, v, piece, area))
        }
    }
}

/// Draws `card` over `area`.
pub(crate) fn render_card(app: &App, card: &Card, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    match *card {
        Card::Help { scroll } => {
            let text = help_text(app, area);
            frame.render_widget(Clear, area);
            frame.render_widget(
                ScrollView::new(&text.lines, scroll.offset, card_block(p, "rankup keys"))
                    .mark_style(p.accent()),
                area,
            );
        }
        Card::Rules {
            piece,
            square,
            scroll,
        } => {
            let Some(play) = app.play() else {
                return;
            };
            let v = play.table.game().position().variant();
            let text = rules_text(app, v, piece, area);
            frame.render_widget(Clear, area);
            let block = card_block(p, &format!("{} rules", v.name()));
            frame.render_widget(
                ScrollView::new(&text.lines, scroll.offset, block).mark_style(p.accent()),
                area,
            );
            if let Some(geom) = diagram(v, area, play.flipped) {
                render_diagram(app, v, piece, square, geom, frame);
            }
        }
    }
}

/// The inside of a card's frame.
fn inner(area: Rect) -> Rect {
    Block::bordered().inner(area)
}

/// Paragraphs (each with the indent its continuation lines take) wrapped to `width`.
fn wrap_paragraphs(paragraphs: &[(Line<'static>, u16)], width: u16) -> Vec<Line<'static>> {
    paragraphs
        .iter()
        .flat_map(|(line, hang)| wrap(line, width, *hang))
        .collect()
}

/// A table of keys and what they do, the descriptions in one column.
fn key_rows(p: &Palette, keys: &[(&str, &'static str)]) -> Vec<(Line<'static>, u16)> {
    let width = usize::from(KEY_COLUMN) - 3;
    keys.iter()
        .map(|(keys, what)| {
            let line = Line::from(vec![
                Span::styled(format!("  {keys:<width$} "), p.text()),
                Span::styled(*what, p.dim()),
            ]);
            (line, KEY_COLUMN)
        })
        .collect()
}

fn help_text(app: &App, area: Rect) -> CardText {
    let p = &app.palette;
    let (title, keys) = match &app.screen {
        Screen::Review(_) => ("Review", REVIEW_KEYS),
        Screen::Browser(_) => ("Saved games", BROWSER_KEYS),
        Screen::Lobby(_) => ("Lobby", LOBBY_KEYS),
        Screen::Archive(_) => ("Archive", crate::ui::archive::ARCHIVE_KEYS),
        Screen::Learn(_) => ("Lessons", LEARN_KEYS),
        Screen::Puzzles(_) => ("Puzzles", crate::ui::puzzles::PUZZLE_KEYS),
        Screen::Play(p) if p.seat.online().is_some_and(|n| n.me().is_none()) => {
            ("Watching", WATCH_KEYS)
        }
        _ => ("Board", BOARD_KEYS),
    };
    let heading = |text: &'static str| (Line::styled(text, p.accent()), 0);
    let note = |text: &'static str| (Line::styled(text, p.dim()), 2);
    let blank = || (Line::default(), 0);
    let mut paragraphs = vec![heading(title)];
    paragraphs.extend(key_rows(p, keys));
    paragraphs.extend([
        blank(),
        heading("Typing a move"),
        note("  SAN: Nf3 exd5 O-O e8=Q Hc8=M · tokens: e2e4 e7e8=q b6b7+ (promote)"),
        note("  candidates narrow as you type; Enter plays, Esc leaves"),
        blank(),
        heading("Board marks"),
        note("  [ ] cursor · • a square the lifted piece may go to · ( ) a piece it may take · < > a piece it may swap with · + or a digit: a promoted piece or its level"),
        note("  tinted squares promote (a dot in the corner without colour) · citadels have their own colour (hatched without colour) · the last move's squares are tinted (underlined without colour) · a king in check on red (!K! without colour) · the lifted piece's square lit (its glyph reversed without colour)"),
        blank(),
        heading("This help and the rules card"),
    ]);
    paragraphs.extend(key_rows(p, CARD_KEYS));
    paragraphs.extend([blank(), note("Esc, q or ? closes this help")]);
    let inner = inner(area);
    CardText {
        lines: wrap_paragraphs(&paragraphs, inner.width),
        rows: usize::from(inner.height),
        chosen: None,
    }
}

/// Where the rules card's diagram goes in `area`, if there is room for it beside at least
/// 30 columns of text.
fn diagram(v: &Variant, area: Rect, flipped: bool) -> Option<BoardGeom> {
    let inner = inner(area);
    let shape = v.shape();
    let cell = CELL_SIZES
        .iter()
        .rev()
        .copied()
        .find(|&c| board_size(c, shape.files(), shape.ranks()).1 <= inner.height)
        .filter(|&c| board_size(c, shape.files(), shape.ranks()).0 + 30 <= inner.width)?;
    let (w, h) = board_size(cell, shape.files(), shape.ranks());
    let board_area = Rect::new(inner.x + inner.width - w, inner.y, w, h);
    Some(BoardGeom::new(
        board_area,
        cell,
        shape.files(),
        shape.ranks(),
        flipped,
    ))
}

/// The chosen piece on `square` of the diagram, with the squares it reaches.
fn render_diagram(
    app: &App,
    v: &'static Variant,
    piece_index: usize,
    square: crate::rules::Square,
    geom: BoardGeom,
    frame: &mut Frame,
) {
    let kinds: Vec<_> = v.kinds().collect();
    let (kind, _) = kinds[piece_index.min(kinds.len() - 1)];
    let mut board = BoardWidget::new(v, geom, &app.palette, app.options.glyphs);
    let white = crate::rules::Piece::new(Color::White, kind);
    let level = if v.has_levels() { 1 } else { 0 };
    board.pieces[square.index()] = Some((white, level));
    board.targets = v.reach_on_empty_board(kind, Color::White, level, square);
    board.cursor = Some(square);
    frame.render_widget(board, geom.area);
}

fn rules_text(app: &App, v: &Variant, piece_index: usize, area: Rect) -> CardText {
    let p = &app.palette;
    let inner = inner(area);
    let width = match diagram(v, area, false) {
        Some(geom) => inner.width.saturating_sub(geom.area.width + 1),
        None => inner.width,
    };
    let kinds: Vec<_> = v.kinds().collect();
    let (kind, _) = kinds[piece_index.min(kinds.len() - 1)];
    let mut paragraphs: Vec<(Line<'static>, u16)> = v
        .spec()
        .rules
        .iter()
        .map(|l| (Line::styled(l.clone(), p.text()), 0))
        .collect();
    // The chosen piece's promotion chain, each link in its stage colour, the piece marked.
    let chain = v.promotion_chain(kind);
    if chain.len() > 1 {
        let mut spans = vec![Span::styled("Chain: ", p.text())];
        for (i, &k) in chain.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" > ", p.dim()));
            }
            let piece = crate::rules::Piece::new(Color::White, k);
            let style = p.piece(true, piece_stage(v, piece, 1));
            let letter = v.piece(k).letter;
            if k == kind {
                spans.push(Span::styled(
                    format!("[{letter} {}]", v.piece(k).name),
                    style.patch(p.highlight()),
                ));
            } else {
                spans.push(Span::styled(letter.to_string(), style));
            }
        }
        paragraphs.push((Line::from(spans), 7));
    }
    if Squares(v.promotion_squares()).count() > 0 {
        paragraphs.push((
            Line::styled(
                "Tinted squares (dotted without colour): where pieces promote.",
                p.dim(),
            ),
            0,
        ));
    }
    paragraphs.push((Line::default(), 0));
    paragraphs.push((
        Line::styled("Pieces: Tab next · h l K J move it", p.accent()),
        0,
    ));
    let mut lines = wrap_paragraphs(&paragraphs, width);
    let mut chosen = None;
    for (i, (k, spec)) in kinds.iter().enumerate() {
        let piece = crate::rules::Piece::new(Color::White, *k);
        let glyph = piece_glyph(v, piece, app.options.glyphs);
        let stage = piece_stage(v, piece, 1);
        let marker = piece_marker(v, piece, 1).unwrap_or(' ');
        let style = if i == piece_index {
            p.highlight()
        } else {
            p.text()
        };
        let line = Line::from(vec![
            Span::styled(format!("{glyph}{marker}"), p.piece(true, stage)),
            Span::styled(format!(" {} {}", spec.letter, spec.name), style),
            Span::styled(format!(": {}", spec.description), p.dim()),
        ]);
        let first = lines.len();
        lines.extend(wrap(&line, width, 3));
        if i == piece_index {
            chosen = Some((first, lines.len().saturating_sub(1).max(first)));
        }
    }
    lines.push(Line::default());
    lines.extend(wrap(
        &Line::styled("↑↓ PgUp PgDn scroll · Esc closes", p.dim()),
        width,
        0,
    ));
    CardText {
        lines,
        rows: usize::from(inner.height),
        chosen,
    }
}
