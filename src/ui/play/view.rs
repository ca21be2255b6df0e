//! How the game in play looks: the title line, the board with the cursor, lifted piece,
//! targets, hint and last move, the promotion picker, the panel beside or under the board
//! (clocks, room and chat lines, captured pieces, the move list, and the legend of every
//! piece, in the column beside the board when the panel is under it), questions centred over the board, the status line, and under it the move or
//! prompt being typed, the last message and a failed save's message.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

use crate::rules::MoveKind;
use crate::text::sanitize;

use crate::ui::app::{captured, last_move_squares, App, Leave, Play, Player, Prompt, Question};
use crate::ui::layout::{panel_regions, play_layout};
use crate::ui::play::{message_paragraph, save_error_paragraph};
use crate::ui::widgets::board::BoardWidget;
use crate::ui::widgets::clock::clocks_line;
use crate::ui::widgets::legend::Legend;
use crate::ui::widgets::material::material_lines;
use crate::ui::widgets::moves::{move_lines, MoveColumns};
use crate::ui::widgets::overlay::{centered, render_too_small};
use crate::ui::widgets::picker::render_picker;

pub(crate) fn render_play(app: &App, play: &Play, frame: &mut Frame, area: Rect) {
    let p = &app.palette;
    let pos = play.table.game().position();
    let v = pos.variant();
    let layout = play_layout(area, v, play.flipped, play.message_rows(area.width));
    if let Some(need) = layout.too_small {
        render_too_small(p, frame, area, need);
        // The question q asked is answered here too (no other key acts).
        if let Some(q) = play.question {
            let below = Rect::new(
                area.x,
                area.y + 4,
                area.width,
                area.height.saturating_sub(4),
            );
            let text = Paragraph::new(Line::styled(question_text(play, q), p.accent()))
                .wrap(Wrap { trim: true });
            frame.render_widget(text, below.intersection(area));
        }
        return;
    }
    let moves_played = play.table.game().history().len();
    let (white, black) = match play.seat.online() {
        Some(net) => (net.view.names.white.clone(), net.view.names.black.clone()),
        None => (play.players().white.label(), play.players().black.label()),
    };
    let title = Line::from(vec![
        Span::styled(" rankup ", p.accent()),
        Span::styled(format!("· {} ", v.name()), p.text()),
        Span::styled(
            format!(
                "· {white} v {black} · move {} · {} ",
                header_move_number(play),
                p.theme.name
            ),
            p.dim(),
        ),
    ]);
    frame.render_widget(Paragraph::new(title), layout.title);

    if let Some(geom) = layout.board {
        let mut board = BoardWidget::new(v, geom, p, app.options.glyphs).with_position(pos);
        // A watched game has nothing for the cursor to do.
        board.cursor = (play.typed_text().is_none() && !play.watched()).then_some(play.cursor);
        board.selected = play.lifted();
        board.targets = play.targets().iter().fold(0, |a, m| a | m.to.bit());
        if let (Some(hint), None) = (play.hint, play.lifted()) {
            board.selected = Some(hint.from);
            board.targets = hint.to.bit();
        }
        board.last_move = last_move_squares(play);
        if let Some(pre) = play.shown_premove() {
            board.premove = pre.mv.from.bit() | pre.mv.to.bit();
        }
        frame.render_widget(board, geom.area);
    }
    if let Some(panel) = layout.panel {
        render_panel(app, play, frame, panel, layout.aside);
    }
    // The picker goes beside the target square, over the panel where it reaches it.
    if let (Some(geom), Some(picker)) = (layout.board, play.picker()) {
        render_picker(p, pos, picker, geom, frame);
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
    let status = match play.table.game().outcome() {
        Some(o) => Line::styled(format!(" {}  {o}", o.result_text()), p.accent()),
        None => {
            let mover = play.players()[pos.turn()];
            let who = match mover {
                Player::Human if play.seat.is_online() => format!(" {} (you) to move", pos.turn()),
                Player::Human => format!(" {} to move", pos.turn()),
                Player::Remote => format!(
                    " {} ({}) to move",
                    pos.turn(),
                    play.seat
                        .online()
                        .as_ref()
                        .map_or(String::new(), |n| n.view.names[pos.turn()].clone())
                ),
                Player::Ai(_) => format!(" {} to move · {}", pos.turn(), mover.label()),
            };
            let mut spans = vec![Span::styled(who, p.text())];
            // Before the thinking line, which may fill the rest of the row.
            if let Some(pre) = play.shown_premove() {
                spans.push(Span::styled(
                    format!("  premove {}, Esc cancels", pre.text),
                    p.accent(),
                ));
            }
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
            if play.table.game().repetitions() >= 2 {
                spans.push(Span::styled(
                    format!("  position seen {} times", play.table.game().repetitions()),
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
    if let Some(text) = play.typed_text() {
        let line = match play.prompt() {
            Some(prompt) => {
                let label = match prompt {
                    Prompt::Name => " name: ".to_string(),
                    Prompt::Comment => format!(
                        " comment on {}: ",
                        play.table
                            .game()
                            .history()
                            .last()
                            .map_or("", |m| m.san.as_str())
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
        Question::Resign => format!("{} resigns? y/n", play.table.game().position().turn()),
        Question::Quit if play.seat.is_online() => "Disconnect? The game goes on: connect again \
                                                  within a minute to carry on. y/n"
            .to_string(),
        Question::Takeback => format!(
            "{} asks to take back the last move: y agrees, n refuses",
            play.seat
                .online()
                .as_ref()
                .map_or("Your opponent".into(), |n| n.view.names
                    [!play.table.game().position().turn()]
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
                "The game is NOT saved: {why}. w or Enter writes it to a file you name \
                 · {leave} · n goes back"
            )
        }
    }
}

/// The move number the header shows: the move being played while the game is on, the last
/// move's once it is over (as a game's record ends on it).
fn header_move_number(play: &Play) -> u32 {
    let game = play.table.game();
    let plies = game.history().len();
    let ply = if game.outcome().is_some() {
        plies
    } else {
        plies + 1
    };
    crate::game::MoveNumber::of_ply(game.start(), ply).number
}

/// The panel: clocks, room and chat lines and captures ("info"), the move list and the
/// legend, in the regions [`panel_regions`] gives them.
fn render_panel(app: &App, play: &Play, frame: &mut Frame, area: Rect, aside: Option<Rect>) {
    let p = &app.palette;
    let pos = play.table.game().position();
    let v = pos.variant();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(clocks) = play.table.clocks() {
        lines.push(clocks_line(clocks, play.running_clock(), p));
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
    lines.extend(material_lines(p, pos, &captured(play), app.options.glyphs));
    let sans: Vec<&str> = play
        .table
        .game()
        .history()
        .iter()
        .map(|m| m.san.as_str())
        .collect();
    let rows = move_lines(p, play.table.game().start(), &sans, None);
    let legend =
        Legend::new(v, p, app.options.glyphs).moving(!play.watched(), play.premoves_possible());
    let info_width = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
    let para = info_paragraph(lines.clone());
    let info_rows = |width: u16| match lines.len() {
        0 => 0,
        _ => para.line_count(width.max(1)) as u16,
    };
    let regions = panel_regions(area, aside, info_rows, info_width, |w, h| {
        legend.height(w, h)
    });
    let list = MoveColumns::new(regions.moves, &rows);
    let first = match play.scroll {
        Some(s) => s.min(rows.len().saturating_sub(1)),
        None => rows.len().saturating_sub(list.capacity()),
    };
    let title = if play.scroll.is_some() {
        " moves ([ ] scroll) "
    } else {
        " moves "
    };
    let buf = frame.buffer_mut();
    list.draw(p, regions.moves, rows, first, title, buf);
    info_paragraph(lines).render(regions.info, buf);
    legend.draw(regions.legend, buf);
}

/// The panel's lines other than the moves and legend, long ones (chat) wrapped.
fn info_paragraph(lines: Vec<Line>) -> Paragraph {
    Paragraph::new(lines).wrap(Wrap { trim: true })
}
