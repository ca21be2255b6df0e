//! Drawing: a pure function from [`App`] to a frame. No engine search, no I/O.
//!
//! Each screen draws itself: its view sits beside its state (`menu/view.rs` beside
//! `menu.rs`, and so on for play, browser, review and lobby; help and the rules card in
//! `card/view.rs`), and the parts several screens share are widgets (`widgets/`). This file
//! only picks the screen's view, puts the open card over it and, for terminals without
//! UTF-8, turns the frame into plain ASCII.

use ratatui::layout::Rect;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

use super::app::{App, Screen};
use super::browser::view::render_browser;
use super::card::view::render_card;
use super::learn::view::render_learn;
use super::lobby::view::render_lobby;
use super::menu::view::render_menu;
use super::play::view::render_play;
use super::review::view::render_review;

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
        Screen::Archive(archive) => {
            crate::ui::archive::view::render_archive(app, archive, frame, area)
        }
        Screen::Learn(learn) => render_learn(app, learn, frame, area),
        Screen::Puzzles(s) => super::puzzles::view::render_puzzles(app, s, frame, area),
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
    if let Some(card) = &app.card {
        render_card(app, card, frame, area);
    }
}
