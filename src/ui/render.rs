//! Drawing: a pure function from [`App`] to a frame. No engine search, no I/O.

use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::rules::{Color, MoveKind, Position, Squares};
use crate::text::sanitize;
use crate::variants::variant;

use super::app::{
    captured, last_move_squares, opponent_choices, App, Card, Leave, Menu, MenuEntry, MenuField,
    Play, Player, Prompt, Question, Screen, CLOCK_CHOICES,
};
use super::browser::Browser;
use super::input::{BOARD_KEYS, BROWSER_KEYS, LOBBY_KEYS, REVIEW_KEYS};
use super::layout::{board_size, play_layout, BoardGeom, CELL_SIZES, PANEL_MIN};
use super::lobby::{FormField, Lobby, LobbyList};
use super::play::{message_paragraph, save_error_paragraph};
use super::review::Review;
use super::theme::Palette;
use super::widgets::board::{piece_glyph, piece_marker, piece_stage, BoardWidget};

/// Draws the whole app.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if area.width == 0 || area.height == 0 {
        return;
    }
    match &app.screen {
        Screen::Menu(menu) => render_menu(app, menu, frame, area),
        Screen::Play(play) => render_play(app, play, frame, area),
        Screen::Browser(browser) => render_browser(app, browser, frame, area),
        Screen::Review(review) => render_review(app, review, frame, area),
        Screen::Lobby(lobby) => render_lobby(app, lobby, frame, area),
    }
    draw_card(app, frame, area);
    if app.options.ascii {
        asciify(frame.buffer_mut());
    }
}

/// Replaces every symbol outside ASCII with its stand-in, for terminals without UTF-8.
fn asciify(buf: &mut ratatui::buffer::Buffer) {
    let mut blank_next = false;
    for cell in buf.content.iter_mut() {
        let symbol = cell.symbol();
        if std::mem::take(&mut blank_next) {
            // The second column of a wide character just replaced by one narrow one.
            cell.set_symbol(" ");
        } else if !symbol.is_ascii() {
            blank_next = UnicodeWidthStr::width(symbol) > 1;
            let s: String = symbol.chars().map(super::theme::ascii_of).take(1).collect();
            cell.set_symbol(if s.is_empty() { " " } else { &s });
        }
    }
}

fn draw_card(app: &App, frame: &mut Frame, area: Rect) {
    match app.card {
        Some(Card::Help) => render_help(app, frame, area),
        Some(Card::Rules { piece, square }) => {
            if let Some(play) = app.play() {
                render_rules(app, play, piece, square, frame, area);
            }
        }
        None => {}
    }
}

fn render_too_small(p: &Palette, frame: &mut Frame, area: Rect, need: (u16, u16)) {
    let text = vec![
        Line::styled("Terminal too small", p.error()),
        Line::styled(
            format!(
                "need {}x{}, have {}x{}: enlarge the window (q quits)",
                need.0, need.1, area.width, area.height
            ),
            p.text(),
        ),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

fn render_play(app: &App, play: &Play, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = play.game.position();
    let v = pos.variant();
    let layout = play_layout(area, v, play.flipped, play.message_rows(area.width));
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        return;
    }
    let moves_played = play.game.history().len();
    let (white, black) = match &play.net {
        Some(net) => (net.view.names.white.clone(), net.view.names.black.clone()),
        None => (play.players.white.label(), play.players.black.label()),
    };
    let title = Line::from(vec![
        Span::styled(" rankup ", p.accent()),
        Span::styled(format!("· {} ", v.name()), p.text()),
        Span::styled(
            format!(
                "· {white} v {black} · move {} · {} ",
                pos.fullmoves(),
                p.theme.name
            ),
            p.dim(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);

    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        board.cursor = (play.typing.is_none()).then_some(play.cursor);
        board.selected = play.selected;
        board.targets = play.targets().iter().fold(0, |a, m| a | m.to.bit());
        if let (Some(hint), None) = (play.hint, play.selected) {
            board.selected = Some(hint.from);
            board.targets = hint.to.bit();
        }
        board.last_move = last_move_squares(play);
        frame.render_widget(board, geom.area);
        if let Some(picker) = &play.picker {
            render_picker(p, pos, picker, geom, frame);
        }
    }
    if let Some(panel) = layout.panel {
        render_panel(app, play, frame, panel);
    }
    // Questions go over everything else, centred on the board.
    if let (Some(geom), Some(q)) = (layout.board, play.question) {
        let text = question_text(play, q);
        // As wide as the text (at most 60 columns or the screen), as tall as the text
        // wrapped to that width; over the board, as far as the screen allows.
        let w = (UnicodeWidthStr::width(text.as_str()) as u16 + 4)
            .min(60)
            .min(area.width);
        let dialog = Paragraph::new(Line::styled(text, p.accent()))
            .wrap(Wrap { trim: true })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(p.border()),
            );
        let h = (dialog.line_count(w) as u16).min(area.height);
        let around = Rect {
            x: geom
                .area
                .x
                .saturating_sub(w.saturating_sub(geom.area.width) / 2),
            width: geom.area.width.max(w),
            ..geom.area
        };
        let r = centered(around, w, h).intersection(area);
        frame.render_widget(Clear, r);
        frame.render_widget(dialog, r);
    }

    // Status line: whose move, check, result.
    let status = match play.game.outcome() {
        Some(o) => Line::styled(format!(" {}  {o}", o.result_text()), p.accent()),
        None => {
            let mover = play.players[pos.turn()];
            let who = match mover {
                Player::Human if play.net.is_some() => format!(" {} (you) to move", pos.turn()),
                Player::Human => format!(" {} to move", pos.turn()),
                Player::Remote => format!(
                    " {} ({}) to move",
                    pos.turn(),
                    play.net
                        .as_ref()
                        .map_or(String::new(), |n| n.view.names[pos.turn()].clone())
                ),
                Player::Ai(_) => format!(" {} ({}) to move", pos.turn(), mover.label()),
            };
            let mut spans = vec![Span::styled(who, p.text())];
            if let Some(t) = &play.thinking {
                let what = if play.hint_wanted { "hint" } else { "thinking" };
                spans.push(Span::styled(format!("  {what}: {}", t.summary()), p.dim()));
            } else if matches!(mover, Player::Ai(_)) || play.hint_wanted {
                spans.push(Span::styled("  thinking...", p.dim()));
            }
            if pos.is_check() {
                spans.push(Span::styled("  check!", p.error()));
                // Tamerspiel: say that the once-per-game swap is there, since a swap looks
                // like the King moving onto its own piece, which no other game allows.
                // Cheap test first: only Tamerspiel tracks swaps, so no other game
                // generates moves here on every frame.
                if play.human_to_move()
                    && pos.swap_unused(pos.turn())
                    && pos.legal_moves().iter().any(|m| m.kind == MoveKind::Swap)
                {
                    spans.push(Span::styled(
                        "  King swap possible: lift the King, pick a piece (K~sq)",
                        p.accent(),
                    ));
                }
            }
            if play.game.repetitions() >= 2 {
                spans.push(Span::styled(
                    format!("  position seen {} times", play.game.repetitions()),
                    p.dim(),
                ));
            }
            if moves_played == 0 && play.thinking.is_none() {
                spans.push(Span::styled("   ? help · c rules card", p.dim()));
            }
            Line::from(spans)
        }
    };
    frame.render_widget(Paragraph::new(status), layout.status);

    render_bottom(app, play, frame, layout.input);
}

/// Under the board: the move being typed with its candidates (when typing), the last
/// message (a refusal with its reason, wrapped over as many lines as it needs), and a
/// failed save's message in the longest wording that fits.
fn render_bottom(app: &App, play: &Play, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let mut y = area.y;
    let end = area.y + area.height;
    // Messages sit one column in from the edge, as the typed line's label does.
    let inner = area.width.saturating_sub(1).max(1);
    let put = |widget: Paragraph, rows: u16, frame: &mut Frame, y: &mut u16, margin: u16| {
        let rows = rows.min(end.saturating_sub(*y));
        if rows > 0 && area.width > margin {
            frame.render_widget(
                widget,
                Rect::new(area.x + margin, *y, area.width - margin, rows),
            );
            *y += rows;
        }
    };
    if let Some(text) = &play.typing {
        let line = match play.prompt {
            Some(prompt) => {
                let label = match prompt {
                    Prompt::Name => " name: ".to_string(),
                    Prompt::Comment => format!(
                        " comment on {}: ",
                        play.game.history().last().map_or("", |m| m.san.as_str())
                    ),
                    Prompt::CopyPath(_) => " write the game to: ".to_string(),
                    Prompt::Chat => " say: ".to_string(),
                };
                Line::from(vec![
                    Span::styled(label, p.accent()),
                    // A name or comment being edited may come from a saved file.
                    Span::styled(format!("{}_", sanitize(text)), p.text()),
                ])
            }
            None => {
                let candidates = play.candidates();
                let shown: Vec<String> =
                    candidates.iter().take(12).map(|(s, _)| s.clone()).collect();
                let more = candidates.len().saturating_sub(shown.len());
                let list = if candidates.is_empty() {
                    "no legal move starts like that".to_string()
                } else if more > 0 {
                    format!("{} (+{more})", shown.join(" "))
                } else {
                    shown.join(" ")
                };
                Line::from(vec![
                    Span::styled(" move: ", p.accent()),
                    Span::styled(format!("{text}_"), p.text()),
                    Span::styled(format!("  {list}"), p.dim()),
                ])
            }
        };
        put(Paragraph::new(line), 1, frame, &mut y, 0);
    }
    if let Some(m) = play.shown_message() {
        let para =
            message_paragraph(&sanitize(&m.text)).style(if m.error { p.error() } else { p.dim() });
        let rows = para.line_count(inner) as u16;
        // A passing word ("played e4") gives way to a failed save that needs its rows.
        let save_rows = play.save_error.as_deref().map_or(0, |e| {
            save_error_paragraph(e, inner, 1).line_count(inner) as u16
        });
        if m.error || end.saturating_sub(y) >= rows + save_rows {
            put(para, rows, frame, &mut y, 1);
        }
    }
    if let Some(e) = play.save_error.as_deref() {
        let left = end.saturating_sub(y).max(1);
        let para = save_error_paragraph(e, inner, left).style(p.error());
        // With no row left, the failed save takes the last one (it matters most).
        if y >= end && end > area.y {
            y = end - 1;
        }
        put(para, left, frame, &mut y, 1);
    }
}

/// What a question asks, in full.
fn question_text(play: &Play, q: Question) -> String {
    match q {
        Question::Resign => format!("{} resigns? y/n", play.game.position().turn()),
        Question::Quit if play.net.is_some() => "Disconnect? The game goes on: connect again \
                                                  within a minute to carry on. y/n"
            .to_string(),
        Question::Takeback => format!(
            "{} asks to take back the last move: y agrees, n refuses",
            play.net
                .as_ref()
                .map_or("Your opponent".into(), |n| n.view.names
                    [!play.game.position().turn()]
                .clone())
        ),
        Question::Quit => match &play.file {
            Some(_) => "Quit rankup? The game is kept: r on the start screen (or rankup resume) \
                        brings it back. y/n"
                .to_string(),
            None => "Quit rankup? y/n".to_string(),
        },
        Question::Unsaved(then) => {
            let why = play
                .save_error
                .as_deref()
                .unwrap_or("there is no data directory");
            let leave = match then {
                Leave::Quit => "y quits without it",
                Leave::Menu => "y leaves it for a new game",
            };
            format!(
                "The game is NOT saved ({why}). w or Enter writes it to a file you name \
                 · {leave} · n goes back"
            )
        }
    }
}

/// The move list as rows `12. Nf3      Nc6`, the move after ply `current` (1-based ply
/// count: the move that led to the shown position) highlighted.
fn move_lines(
    p: &Palette,
    start: &Position,
    sans: &[&str],
    current: Option<usize>,
) -> Vec<Line<'static>> {
    let mut rows = Vec::new();
    let mut number = start.fullmoves();
    let mut i = 0;
    let style = |ply: usize| {
        if current == Some(ply) {
            p.highlight()
        } else {
            p.text()
        }
    };
    let black_first = start.turn() == Color::Black && !sans.is_empty();
    if black_first {
        rows.push(Line::from(vec![
            Span::styled(format!("{number:>3}. {:<9} ", "..."), p.text()),
            Span::styled(sans[0].to_string(), style(1)),
        ]));
        number = number.saturating_add(1);
        i = 1;
    }
    while i < sans.len() {
        let mut spans = vec![
            Span::styled(format!("{number:>3}. "), p.dim()),
            Span::styled(format!("{:<9}", sans[i]), style(i + 1)),
        ];
        if let Some(black) = sans.get(i + 1) {
            spans.push(Span::styled(" ", p.text()));
            spans.push(Span::styled(black.to_string(), style(i + 2)));
        }
        rows.push(Line::from(spans));
        number = number.saturating_add(1);
        i += 2;
    }
    rows
}

fn centered(around: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(around.width);
    let h = h.min(around.height);
    Rect::new(
        around.x + (around.width - w) / 2,
        around.y + (around.height - h) / 2,
        w,
        h,
    )
}

fn render_picker(
    p: &Palette,
    pos: &crate::rules::Position,
    picker: &super::app::Picker,
    geom: BoardGeom,
    frame: &mut Frame,
) {
    let v = pos.variant();
    let lines: Vec<Line> = picker
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let what = match (m.promotion, m.recipient) {
                (_, Some(r)) => {
                    let name = pos
                        .piece_at(r)
                        .map_or("piece", |p| v.piece(p.kind()).name.as_str());
                    format!("give the level to the {name} on {r}")
                }
                (Some(k), None) => format!("promote to {}", v.piece(k).name),
                (None, None) => format!("stay a {}", v.piece(m.piece.kind()).name),
            };
            let style = if i == picker.index {
                p.highlight()
            } else {
                p.text()
            };
            Line::styled(format!("{} {what}", i + 1), style)
        })
        .collect();
    let w = lines.iter().map(|l| l.width() as u16).max().unwrap_or(10) + 4;
    let r = centered(geom.area, w.max(26), lines.len() as u16 + 2);
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(p.border())
                .title(Span::styled(" choose: Enter/1-9, Esc ", p.accent())),
        ),
        r,
    );
}

fn render_panel(app: &App, play: &Play, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = play.game.position();
    let v = pos.variant();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(clocks) = &play.clocks {
        let fmt = |c: Color| {
            let s = clocks.left[c].as_secs();
            let running = play.game.outcome().is_none() && pos.turn() == c;
            let style = if running { p.accent() } else { p.text() };
            Span::styled(format!("{} {:>2}:{:02}  ", c, s / 60, s % 60), style)
        };
        lines.push(Line::from(vec![fmt(Color::White), fmt(Color::Black)]));
    }
    for line in play.room_status(app.now) {
        lines.push(Line::styled(line, p.accent()));
    }
    for (name, text) in play.chat_lines(3) {
        lines.push(Line::from(vec![
            Span::styled(format!("{name}: "), p.accent()),
            Span::styled(text, p.text()),
        ]));
    }
    let taken = captured(play);
    for side in Color::ALL {
        let glyphs: String = taken[side]
            .iter()
            .map(|&pc| piece_glyph(v, pc, app.options.glyphs))
            .collect();
        if !glyphs.is_empty() {
            lines.push(Line::from(vec![
                Span::styled(format!("{} took ", side), p.dim()),
                Span::styled(glyphs, p.text()),
            ]));
        }
    }
    // Legend: what the colours and markers mean in this game.
    let mut stages: Vec<(u8, Vec<String>)> = Vec::new();
    for (kind, spec) in v.kinds() {
        let stage = v.promotion_stage(kind);
        if stage > 0 {
            match stages.iter_mut().find(|(s, _)| *s == stage) {
                Some((_, names)) => names.push(format!("{} {}", spec.letter, spec.name)),
                None => stages.push((stage, vec![format!("{} {}", spec.letter, spec.name)])),
            }
        }
    }
    if !stages.is_empty() {
        lines.push(Line::styled("promoted (+):", p.dim()));
        stages.sort();
        for (stage, names) in stages {
            lines.push(Line::from(vec![
                Span::styled(" ■", p.piece(true, stage)),
                Span::styled("■ ", p.piece(false, stage)),
                Span::styled(names.join(", "), p.text()),
            ]));
        }
    }
    // A tall panel (beside the board) stacks the moves over the rest; a wide one (under
    // the board) puts them side by side.
    let (move_area, info_area) = if area.width >= 2 * PANEL_MIN && area.height < 12 {
        let half = area.width / 2;
        (
            Rect::new(area.x, area.y, half, area.height),
            Rect::new(
                area.x + half + 1,
                area.y,
                area.width - half - 1,
                area.height,
            ),
        )
    } else {
        let chrome = lines.len() as u16 + 2;
        let moves_height = area.height.saturating_sub(chrome).max(3);
        let move_area = Rect::new(area.x, area.y, area.width, moves_height.min(area.height));
        let info_area = Rect::new(
            area.x,
            area.y + move_area.height,
            area.width,
            area.height - move_area.height,
        );
        (move_area, info_area)
    };
    let sans: Vec<&str> = play.game.history().iter().map(|m| m.san.as_str()).collect();
    let rows = move_lines(p, play.game.start(), &sans, None);
    let visible = move_area.height.saturating_sub(2) as usize;
    let first = match play.scroll {
        Some(s) => s.min(rows.len().saturating_sub(1)),
        None => rows.len().saturating_sub(visible),
    };
    let shown: Vec<Line> = rows.into_iter().skip(first).take(visible).collect();
    let title = if play.scroll.is_some() {
        " moves ([ ] scroll) "
    } else {
        " moves "
    };
    frame.render_widget(
        Paragraph::new(shown).block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(p.border())
                .title(Span::styled(title, p.accent())),
        ),
        move_area,
    );
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), info_area);
}

/// `text` cut to `room` columns, with an ellipsis when something was cut.
fn fit(text: &str, room: usize) -> String {
    if UnicodeWidthStr::width(text) <= room {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > room {
            break;
        }
        used += w;
        out.push(c);
    }
    if room > 0 {
        out.push('…');
    }
    out
}

fn render_menu(app: &App, menu: &Menu, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let focus = |f: MenuField| {
        if menu.field == f {
            p.accent()
        } else {
            p.dim()
        }
    };
    let unfinished = menu.unfinished.as_deref().unwrap_or(&[]);
    // Rows: title, blank, [unfinished title, its rows, blank], game label, game rows,
    // blank, three settings, blank, the footer.
    let fixed = 9 + if unfinished.is_empty() { 0 } else { 2 };
    let room = (area.height as usize).saturating_sub(fixed);
    let unfinished_rows = unfinished
        .len()
        .min(4)
        .min(room.saturating_sub(3))
        .max(usize::from(!unfinished.is_empty()));
    let game_rows = room.saturating_sub(unfinished_rows).max(3);

    let mut lines = vec![
        Line::styled(
            " rankup: chess variants where pieces promote and level up",
            p.accent(),
        ),
        Line::default(),
    ];
    if !unfinished.is_empty() {
        let (from, to) = window(unfinished.len(), menu.pick, unfinished_rows);
        let more = if to - from < unfinished.len() {
            format!(" ({}-{} of {})", from + 1, to, unfinished.len())
        } else {
            String::new()
        };
        lines.push(Line::styled(
            fit(
                &format!(
                    " Unfinished games{more} · r resumes the last played · Tab ↑↓ Enter: pick one"
                ),
                width,
            ),
            focus(MenuField::Unfinished),
        ));
        let name_width = unfinished
            .iter()
            .filter_map(|g| g.entry.as_ref().ok())
            .map(|s| variant(s.variant).name().chars().count())
            .max()
            .unwrap_or(10)
            .min(24);
        for (i, game) in unfinished.iter().enumerate().take(to).skip(from) {
            let chosen = menu.field == MenuField::Unfinished && i == menu.pick;
            let mark = if chosen { "> " } else { "  " };
            let line = match &game.entry {
                Ok(s) => {
                    let ago = match (menu.listed_at, game.modified) {
                        (Some(now), Some(then)) => ago(now, then),
                        _ => String::new(),
                    };
                    let elsewhere = if game.open_elsewhere {
                        " · open in another session"
                    } else {
                        ""
                    };
                    let moves = s.plies.div_ceil(2);
                    let text = format!(
                        "   {mark}{:<name_width$}  {moves} move{} · {} v {} · {ago}{elsewhere}",
                        variant(s.variant).name(),
                        if moves == 1 { "" } else { "s" },
                        who(&s.white),
                        who(&s.black),
                    );
                    let style = if chosen {
                        p.highlight()
                    } else if game.open_elsewhere {
                        p.dim()
                    } else {
                        p.text()
                    };
                    Line::styled(fit(&text, width), style)
                }
                Err(e) => Line::styled(
                    fit(
                        &format!("   {mark}{} (left as it is)", sanitize(&e.to_string())),
                        width,
                    ),
                    if chosen { p.highlight() } else { p.error() },
                ),
            };
            lines.push(line);
        }
        lines.push(Line::default());
    }

    // Games under a group header drop the group's prefix; names line up in one column.
    let shown_name = |id: crate::variants::VariantId| {
        let name = variant(id).name();
        if !id.is_builtin() {
            format!("  {name}")
        } else if id.as_str().starts_with("apc-") {
            format!("  {}", name.trim_start_matches("APC "))
        } else {
            name.to_string()
        }
    };
    let name_width = menu
        .entries
        .iter()
        .filter_map(|e| match e {
            MenuEntry::Game(id) => Some(shown_name(*id).chars().count()),
            MenuEntry::Header(_) | MenuEntry::Broken(_) => None,
        })
        .max()
        .unwrap_or(12);
    let (from, to) = window(menu.entries.len(), menu.selected, game_rows);
    let more = if to - from < menu.entries.len() {
        " (↑↓ for more)"
    } else {
        ""
    };
    lines.push(Line::styled(format!(" Game{more}"), focus(MenuField::Game)));
    for (i, entry) in menu.entries.iter().enumerate().take(to).skip(from) {
        match entry {
            MenuEntry::Header(title) => lines.push(Line::styled(format!("     {title}"), p.dim())),
            MenuEntry::Broken(b) => {
                if let Some(file) = menu.broken.get(*b) {
                    let text = format!("       x {}", file.error);
                    lines.push(Line::styled(fit(&text, width), p.error()));
                }
            }
            MenuEntry::Game(id) => {
                let v = variant(*id);
                let name = shown_name(*id);
                let mark = if i == menu.selected { "> " } else { "  " };
                let style = if i == menu.selected {
                    p.highlight()
                } else {
                    p.text()
                };
                let room = width.saturating_sub(name_width + 7);
                lines.push(Line::from(vec![
                    Span::styled(format!("   {mark}{name:<name_width$}"), style),
                    Span::styled(format!("  {}", fit(&v.spec().summary, room)), p.dim()),
                ]));
            }
        }
    }
    let clock = match CLOCK_CHOICES[menu.clock] {
        None => "no clock".to_string(),
        Some((m, s)) => format!("{m} min + {s} s per move"),
    };
    lines.extend([
        Line::default(),
        Line::from(vec![
            Span::styled(" Opponent  ", focus(MenuField::Opponent)),
            Span::styled(opponent_choices()[menu.opponent].0.clone(), p.text()),
        ]),
        Line::from(vec![
            Span::styled(" Side      ", focus(MenuField::Side)),
            Span::styled(
                if menu.opponent == 0 {
                    format!("{} at the bottom", menu.side)
                } else {
                    format!("you play {}", menu.side)
                },
                p.text(),
            ),
        ]),
        Line::from(vec![
            Span::styled(" Clock     ", focus(MenuField::Clock)),
            Span::styled(clock, p.text()),
        ]),
        Line::default(),
        match &menu.notice {
            Some(m) => Line::styled(
                fit(&format!(" {}", m.text), width),
                if m.error { p.error() } else { p.dim() },
            ),
            None => Line::styled(
                fit(
                    " ↑↓ game · Tab field · ←→ change · Enter start · b saved games · ? help · q quit",
                    width,
                ),
                p.dim(),
            ),
        },
    ]);
    frame.render_widget(Paragraph::new(lines), area);
}

/// The rows `from..to` of a list of `len` to show in `room` rows so that `selected` is
/// among them, as near the middle as the ends allow.
fn window(len: usize, selected: usize, room: usize) -> (usize, usize) {
    if len <= room {
        return (0, len);
    }
    let from = selected.saturating_sub(room / 2).min(len - room);
    (from, from + room)
}

/// How long before `now` a game was last played: `just now`, `5 min ago`, `3 h ago`,
/// `2 days ago`, or its date when longer ago than a month.
fn ago(now: crate::save::Timestamp, then: crate::save::Timestamp) -> String {
    let secs = now.unix().saturating_sub(then.unix()).max(0);
    match secs {
        0..60 => "just now".into(),
        60..3_600 => format!("{} min ago", secs / 60),
        3_600..86_400 => format!("{} h ago", secs / 3_600),
        86_400..172_800 => "yesterday".into(),
        172_800..2_592_000 => format!("{} days ago", secs / 86_400),
        _ => {
            let (y, m, d) = then.date();
            format!("{y:04}-{m:02}-{d:02}")
        }
    }
}

fn card_block(p: &Palette, title: &str) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(p.border())
        .title(Span::styled(format!(" {title} "), p.accent()))
        .title_alignment(Alignment::Center)
}

fn render_help(app: &App, frame: &mut Frame, area: Rect) {
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

fn render_rules(
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

/// The games browser: one row per saved game, newest first (or by the chosen key).
fn render_browser(app: &App, browser: &Browser, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let [title, list, bottom] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(2),
        ratatui::layout::Constraint::Min(1),
        ratatui::layout::Constraint::Length(1),
    ])
    .areas(area);
    let dir = app
        .data_dir
        .as_ref()
        .map(|d| sanitize(&d.join(crate::save::SAVES_DIR).display().to_string()).into_owned())
        .unwrap_or_default();
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(vec![
                Span::styled(" rankup · saved games ", p.accent()),
                Span::styled(
                    format!("· sorted by {} · {dir}", browser.sort.label()),
                    p.dim(),
                ),
            ]),
            Line::styled(
                format!(
                    "   {:<16} {:<22} {:<7} {:>5}  {}",
                    "started", "game", "result", "moves", "players"
                ),
                p.dim(),
            ),
        ]),
        title,
    );
    let rows: Vec<Line> = match &browser.listings {
        None => vec![Line::styled("   reading the games folder...", p.dim())],
        Some(list) if list.is_empty() => vec![Line::styled(
            "   no saved games yet: finished games and games saved with S appear here",
            p.dim(),
        )],
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, listing)| {
                let mark = if i == browser.selected { "> " } else { "  " };
                let text = match &listing.entry {
                    Ok(s) => {
                        let (y, mo, d) = s.started.date();
                        let (h, mi, _) = s.started.time_of_day();
                        let name = variant(s.variant).name();
                        let players = format!("{} v {}", who(&s.white), who(&s.black));
                        let players = match &s.name {
                            Some(n) => format!("{}: {players}", sanitize(n)),
                            None => players,
                        };
                        format!(
                            " {mark}{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} {:<22} {:<7} {:>5}  {players}",
                            fit(name, 22),
                            s.result.as_str(),
                            s.plies.div_ceil(2),
                        )
                    }
                    // The error names the file.
                    Err(e) => format!(" {mark}broken: {}", sanitize(&e.to_string())),
                };
                let style = if i == browser.selected {
                    p.highlight()
                } else if listing.entry.is_err() {
                    p.error()
                } else {
                    p.text()
                };
                Line::styled(fit(&text, area.width as usize), style)
            })
            .collect(),
    };
    let visible = list.height as usize;
    let first = browser.selected.saturating_sub(visible.saturating_sub(1));
    let rows: Vec<Line> = rows.into_iter().skip(first).take(visible).collect();
    frame.render_widget(Paragraph::new(rows), list);
    let message = match &browser.message {
        Some(m) if m.error => Line::styled(format!(" {}", sanitize(&m.text)), p.error()),
        Some(m) => Line::styled(format!(" {}", sanitize(&m.text)), p.dim()),
        None => Line::default(),
    };
    frame.render_widget(Paragraph::new(message), bottom);
}

/// Review mode: the board at the chosen move, the move list with that move highlighted, the
/// move's saved notes and, when asked, the engine's opinion.
fn render_review(app: &App, review: &Review, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = review.position();
    let v = pos.variant();
    let layout = play_layout(area, v, review.flipped, 1);
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        return;
    }
    let saved = &review.saved;
    let result = match saved.termination {
        Some(t) => format!("{} ({})", saved.result.as_str(), t.describe()),
        None => "unfinished".to_string(),
    };
    let title = Line::from(vec![
        Span::styled(" rankup · review ", p.accent()),
        Span::styled(format!("· {} ", v.name()), p.text()),
        Span::styled(
            format!("· {} v {} · {result}", who(&saved.white), who(&saved.black)),
            p.dim(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);
    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        board.last_move = review.last_move().map_or(0, |m| m.from.bit() | m.to.bit());
        frame.render_widget(board, geom.area);
    }
    if let Some(panel) = layout.panel {
        let sans: Vec<&str> = saved.moves.iter().map(|m| m.san.as_str()).collect();
        let rows = move_lines(p, &review.positions[0], &sans, Some(review.ply));
        let notes_height = 4u16.min(panel.height / 3);
        let list_height = panel.height - notes_height;
        let visible = list_height.saturating_sub(2) as usize;
        // Keep the highlighted row in view, a little above the bottom.
        let row = review.ply.saturating_sub(1) / 2;
        let first = (row + 2)
            .saturating_sub(visible)
            .min(rows.len().saturating_sub(1));
        let shown: Vec<Line> = rows.into_iter().skip(first).take(visible).collect();
        frame.render_widget(
            Paragraph::new(shown).block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(p.border())
                    .title(Span::styled(" moves ", p.accent())),
            ),
            Rect::new(panel.x, panel.y, panel.width, list_height),
        );
        let mut notes: Vec<Line> = Vec::new();
        match review.ply.checked_sub(1).map(|i| &saved.moves[i]) {
            Some(m) => {
                let mut text = format!("{} {}", review.move_label(review.ply), m.san);
                if let Some(ms) = m.think_ms {
                    text.push_str(&format!(" · {:.1} s", ms as f64 / 1000.0));
                }
                if let Some(eval) = review.stored_eval(review.ply) {
                    text.push_str(&format!(" · AI eval {eval}"));
                }
                notes.push(Line::styled(text, p.text()));
                if let Some(c) = &m.comment {
                    notes.push(Line::styled(format!("{{{}}}", sanitize(c)), p.dim()));
                }
            }
            None => notes.push(Line::styled("start position", p.text())),
        }
        if let Some(t) = &review.thinking {
            notes.push(Line::styled(format!("engine: {}", t.summary()), p.accent()));
        } else if review.eval_wanted {
            notes.push(Line::styled("engine: thinking...", p.dim()));
        }
        frame.render_widget(
            Paragraph::new(notes).wrap(Wrap { trim: true }),
            Rect::new(panel.x, panel.y + list_height, panel.width, notes_height),
        );
    }
    let status = Line::styled(
        format!(
            " move {} of {} · {} to move",
            review.ply,
            review.moves.len(),
            pos.turn()
        ),
        p.text(),
    );
    frame.render_widget(Paragraph::new(status), layout.status);
    let input = if let Some(text) = &review.typing {
        Line::from(vec![
            Span::styled(" go to move: ", p.accent()),
            Span::styled(format!("{text}_"), p.text()),
        ])
    } else {
        match &review.message {
            Some(m) if m.error => Line::styled(format!(" {}", sanitize(&m.text)), p.error()),
            Some(m) => Line::styled(format!(" {}", sanitize(&m.text)), p.dim()),
            None => Line::default(),
        }
    };
    frame.render_widget(Paragraph::new(input), layout.input);
}

/// A saved player, short: the name, `human`, or `AI 4`.
fn who(player: &crate::save::Player) -> String {
    match player {
        crate::save::Player::Human { name: Some(n) } => sanitize(n).into_owned(),
        crate::save::Player::Human { name: None } => "human".into(),
        crate::save::Player::Ai { level } => format!("AI {}", level.number()),
    }
}

/// The server's lobby: a name to choose on the first visit; then challenges, players online
/// and games in progress, and the challenge form when open.
fn render_lobby(app: &App, lobby: &Lobby, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let width = area.width as usize;
    let mut lines = vec![Line::styled(
        " rankup · chess variants over SSH",
        p.accent(),
    )];
    if let Some((name, refused)) = &lobby.naming {
        lines.extend([
            Line::default(),
            Line::styled(
                " Welcome! Choose the name others will see you by:",
                p.text(),
            ),
            Line::styled(
                format!(" 1 to {} letters, digits, - or _", crate::net::NAME_MAX),
                p.dim(),
            ),
            Line::default(),
            Line::from(vec![
                Span::styled(" name: ", p.accent()),
                Span::styled(format!("{name}_"), p.text()),
            ]),
            Line::default(),
        ]);
        if let Some(why) = refused {
            lines.push(Line::styled(fit(&format!(" {why}"), width), p.error()));
        }
        lines.push(Line::styled(
            " Enter takes it; your SSH key is you from now on. Esc leaves.",
            p.dim(),
        ));
        frame.render_widget(Paragraph::new(lines), area);
        return;
    }
    let Some(view) = &lobby.view else {
        lines.push(Line::styled(" connecting...", p.dim()));
        frame.render_widget(Paragraph::new(lines), area);
        return;
    };
    lines[0] = Line::from(vec![
        Span::styled(" rankup · lobby ", p.accent()),
        Span::styled(
            format!(
                "· you are {} · {} online · AI games: {} at a time",
                view.me,
                view.players.len(),
                view.ai_workers
            ),
            p.dim(),
        ),
    ]);
    let heading = |list: LobbyList, title: &str, hint: &str| {
        let style = if lobby.list == list {
            p.accent()
        } else {
            p.dim()
        };
        Line::from(vec![
            Span::styled(format!(" {title}"), style),
            Span::styled(format!("  {hint}"), p.dim()),
        ])
    };
    let row = |list: LobbyList, i: usize, text: String| {
        let chosen = lobby.list == list && lobby.selected == i;
        let mark = if chosen { "> " } else { "  " };
        Line::styled(
            fit(&format!("   {mark}{text}"), width),
            if chosen { p.highlight() } else { p.text() },
        )
    };
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Challenges,
        "Challenges and seeks",
        "Enter accepts · d declines · s posts a seek",
    ));
    if view.challenges.is_empty() {
        lines.push(Line::styled("     none", p.dim()));
    }
    for (i, ch) in view.challenges.iter().enumerate() {
        let who = match (&ch.to, ch.from == view.me) {
            (_, true) => format!("you → {}", ch.to.clone().unwrap_or_else(|| "anyone".into())),
            (Some(_), false) => format!("{} → you", ch.from),
            (None, false) => format!("{} → anyone", ch.from),
        };
        lines.push(row(
            LobbyList::Challenges,
            i,
            format!("{who}: {}", ch.terms.describe()),
        ));
    }
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Players,
        "Players online",
        "Enter or c challenges",
    ));
    for (i, pl) in view.players.iter().enumerate() {
        let status = match pl.playing {
            Some(_) => "playing",
            None if pl.name == view.me => "you",
            None => "free",
        };
        lines.push(row(
            LobbyList::Players,
            i,
            format!("{:<17} {status}", pl.name),
        ));
    }
    lines.push(Line::default());
    lines.push(heading(
        LobbyList::Games,
        "Games in progress",
        "Enter watches",
    ));
    if view.games.is_empty() {
        lines.push(Line::styled("     none", p.dim()));
    }
    for (i, g) in view.games.iter().enumerate() {
        lines.push(row(
            LobbyList::Games,
            i,
            format!(
                "{} v {} · {} · move {}{}{}",
                g.names.white,
                g.names.black,
                variant(g.variant).name(),
                g.plies / 2 + 1,
                g.clock
                    .map_or(String::new(), |c| format!(" · {}", c.label())),
                if g.spectators > 0 {
                    format!(" · {} watching", g.spectators)
                } else {
                    String::new()
                }
            ),
        ));
    }
    // The footer is the last line, whatever the lists' length.
    let footer = match &lobby.message {
        Some(m) => Line::styled(
            fit(&format!(" {}", m.text), width),
            if m.error { p.error() } else { p.dim() },
        ),
        None => Line::styled(
            fit(
                " ↑↓ choose · Tab list · c challenge · s seek · a play the AI · b saved games · ? help · q quit",
                width,
            ),
            p.dim(),
        ),
    };
    let body = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    frame.render_widget(Paragraph::new(lines), body);
    if area.height > 0 {
        let last = Rect {
            y: area.y + area.height - 1,
            height: 1,
            ..area
        };
        frame.render_widget(Paragraph::new(footer), last);
    }
    if let Some(form) = &lobby.form {
        let focus = |f: FormField| {
            if form.field == f {
                p.highlight()
            } else {
                p.text()
            }
        };
        let terms = form.terms();
        let text = vec![
            Line::styled(
                match &form.to {
                    Some(to) => format!("Challenge {to}"),
                    None => "Open seek: anyone may accept".to_string(),
                },
                p.accent(),
            ),
            Line::default(),
            Line::from(vec![
                Span::styled("game   ", p.dim()),
                Span::styled(
                    variant(terms.variant).name().to_string(),
                    focus(FormField::Game),
                ),
            ]),
            Line::from(vec![
                Span::styled("you    ", p.dim()),
                Span::styled(terms.side.label(), focus(FormField::Side)),
            ]),
            Line::from(vec![
                Span::styled("clock  ", p.dim()),
                Span::styled(
                    terms.clock.map_or("none".into(), |c| {
                        format!("{}+{}", c.minutes, c.increment_s)
                    }),
                    focus(FormField::Clock),
                ),
            ]),
            Line::from(vec![
                Span::styled("away   ", p.dim()),
                Span::styled(
                    if form.pause_when_away {
                        "clock stops while a player is disconnected"
                    } else {
                        "clock runs on while a player is disconnected"
                    },
                    focus(FormField::Pause),
                ),
            ]),
            Line::default(),
            Line::styled("Tab field · ←→ change · Enter send · Esc cancel", p.dim()),
        ];
        let w = 56.min(area.width);
        let r = centered(area, w, 10);
        frame.render_widget(Clear, r);
        frame.render_widget(
            Paragraph::new(text).block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(p.border()),
            ),
            r,
        );
    }
}
