//! How the cards over a screen look: help lists the keys of the screen underneath, how to
//! type a move and what the board's marks mean; the rules card shows the game's rules, the
//! chosen piece's promotion chain, a diagram of where that piece can go (when there is
//! room beside the text) and one line per piece.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::rules::{Color, Squares};

use crate::ui::app::{App, Play, Screen};
use crate::ui::input::{BOARD_KEYS, BROWSER_KEYS, LOBBY_KEYS, REVIEW_KEYS};
use crate::ui::layout::{board_size, BoardGeom, CELL_SIZES};
use crate::ui::widgets::board::{piece_glyph, piece_marker, piece_stage, BoardWidget};
use crate::ui::widgets::overlay::card_block;

pub(crate) fn render_help(app: &App, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let (title, keys) = match &app.screen {
        Screen::Review(_) => ("Review", REVIEW_KEYS),
        Screen::Browser(_) => ("Saved games", BROWSER_KEYS),
        Screen::Lobby(_) => ("Lobby", LOBBY_KEYS),
        _ => ("Board", BOARD_KEYS),
    };
    let mut lines = vec![Line::styled(title, p.accent())];
    for (keys, what) in keys {
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<18}"), p.text()),
            Span::styled(*what, p.dim()),
        ]));
    }
    lines.extend([
        Line::default(),
        Line::styled("Typing a move", p.accent()),
        Line::styled(
            "  SAN: Nf3 exd5 O-O e8=Q Hc8=M · tokens: e2e4 e7e8=q b6b7+ (promote)",
            p.dim(),
        ),
        Line::styled(
            "  candidates narrow as you type; Enter plays, Esc leaves",
            p.dim(),
        ),
        Line::default(),
        Line::styled("Board marks", p.accent()),
        Line::styled(
            "  [ ] cursor · • target · ( ) capture · + promoted piece · tinted squares promote",
            p.dim(),
        ),
        Line::default(),
        Line::styled("any key closes this help", p.dim()),
    ]);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .block(card_block(p, "rankup keys"))
            .wrap(Wrap { trim: false }),
        area,
    );
}

pub(crate) fn render_rules(
    app: &App,
    play: &Play,
    piece_index: usize,
    square: crate::rules::Square,
    frame: &mut Frame,
    area: Rect,
) {
    let p = &app.palette;
    let v = play.game.position().variant();
    frame.render_widget(Clear, area);
    let block = card_block(p, &format!("{} rules", v.name()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let kinds: Vec<_> = v.kinds().collect();
    let (kind, _) = kinds[piece_index.min(kinds.len() - 1)];
    // Diagram on the right if it fits, with the chosen piece on `square`.
    let shape = v.shape();
    let cell = CELL_SIZES
        .iter()
        .rev()
        .copied()
        .find(|&c| board_size(c, shape.files(), shape.ranks()).1 <= inner.height)
        .filter(|&c| board_size(c, shape.files(), shape.ranks()).0 + 30 <= inner.width);
    let mut text_area = inner;
    if let Some(cell) = cell {
        let (w, h) = board_size(cell, shape.files(), shape.ranks());
        let board_area = Rect::new(inner.x + inner.width - w, inner.y, w, h);
        text_area.width = inner.width - w - 1;
        let geom = BoardGeom::new(board_area, cell, shape.files(), shape.ranks(), play.flipped);
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs);
        let white = crate::rules::Piece::new(Color::White, kind);
        let level = if v.has_levels() { 1 } else { 0 };
        board.pieces[square.index()] = Some((white, level));
        board.targets = v.reach_on_empty_board(kind, Color::White, level, square);
        board.cursor = Some(square);
        frame.render_widget(board, geom.area);
    }
    let mut lines: Vec<Line> = v
        .spec()
        .rules
        .iter()
        .map(|l| Line::styled(l.as_str(), p.text()))
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
        lines.push(Line::from(spans));
    }
    let zones = Squares(v.promotion_squares()).count() > 0;
    if zones {
        lines.push(Line::styled(
            "Tinted squares: where pieces promote.",
            p.dim(),
        ));
    }
    let width = text_area.width.max(1) as usize;
    // Word wrapping can only add lines, so this estimate errs on the tall side by at most
    // one line per paragraph line.
    let wrapped: usize = lines
        .iter()
        .map(|l| l.width().div_ceil(width).max(1) + usize::from(l.width() > width))
        .sum();
    let rules = Paragraph::new(lines).wrap(Wrap { trim: true });
    let rules_height = (wrapped as u16).min(text_area.height / 2);
    frame.render_widget(
        rules,
        Rect::new(text_area.x, text_area.y, text_area.width, rules_height),
    );
    // One line per piece; the list scrolls to keep the chosen one visible.
    let list_area = Rect::new(
        text_area.x,
        text_area.y + rules_height + 1,
        text_area.width,
        text_area.height.saturating_sub(rules_height + 1),
    );
    let mut items: Vec<Line> = vec![Line::styled(
        "Pieces: ↑↓ choose · h l J K move it",
        p.accent(),
    )];
    let visible = list_area.height.saturating_sub(1) as usize;
    let first = piece_index.saturating_sub(visible.saturating_sub(1));
    for (i, (k, spec)) in kinds.iter().enumerate().skip(first).take(visible) {
        let piece = crate::rules::Piece::new(Color::White, *k);
        let glyph = piece_glyph(v, piece, app.options.glyphs);
        let stage = piece_stage(v, piece, 1);
        let marker = piece_marker(v, piece, 1).unwrap_or(' ');
        let style = if i == piece_index {
            p.highlight()
        } else {
            p.text()
        };
        items.push(Line::from(vec![
            Span::styled(format!("{glyph}{marker}"), p.piece(true, stage)),
            Span::styled(format!(" {} {}", spec.letter, spec.name), style),
            Span::styled(format!(": {}", spec.description), p.dim()),
        ]));
    }
    frame.render_widget(Paragraph::new(items), list_area);
}
