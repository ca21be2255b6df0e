//! Styled snapshots: every game's board at 80x24 and 160x50 in true colour, 256 colours,
//! 16 colours and without colour, with each cell's colours and attributes written out, so a
//! change of colour or mark shows in review like a change of text.

mod common;
use common::OPTIONS;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

const DEPTHS: [(&str, ColorMode); 4] = [
    ("truecolor", ColorMode::TrueColor),
    ("256", ColorMode::Ansi256),
    ("16", ColorMode::Ansi16),
    ("nocolor", ColorMode::None),
];

fn colour(c: Color) -> String {
    match c {
        Color::Reset => "-".into(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(i) => format!("i{i}"),
        named => format!("{named:?}"),
    }
}

fn modifiers(m: Modifier) -> String {
    [
        (Modifier::BOLD, 'b'),
        (Modifier::DIM, 'd'),
        (Modifier::ITALIC, 'i'),
        (Modifier::UNDERLINED, 'u'),
        (Modifier::REVERSED, 'r'),
        (Modifier::CROSSED_OUT, 'x'),
        (Modifier::SLOW_BLINK, 'k'),
    ]
    .iter()
    .filter(|(f, _)| m.contains(*f))
    .map(|(_, c)| *c)
    .collect()
}

/// Each row as its text with a `{fg bg mods}` mark wherever the style changes.
fn styled(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut last: Option<(Color, Color, Modifier)> = None;
        let mut line = String::new();
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            let key = (cell.fg, cell.bg, cell.modifier);
            if last != Some(key) {
                line.push_str(&format!(
                    "{{{} {} {}}}",
                    colour(key.0),
                    colour(key.1),
                    modifiers(key.2)
                ));
                last = Some(key);
            }
            line.push_str(cell.symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `id`'s start position with two moves played (so the last move shows) and a piece lifted
/// (so the lifted piece and its targets show).
fn app_for(id: VariantId, mode: ColorMode) -> App {
    let theme = Theme::builtin("dark").expect("built-in theme");
    let mut app = App::playing(
        OPTIONS,
        Palette::new(theme, mode),
        Position::start(variant(id)),
        None,
        HUMANS,
    );
    for _ in 0..2 {
        let pos = app.play().expect("playing").table.game().position().clone();
        let mv = pos.legal_moves().into_iter().next().expect("a legal move");
        let text = rankup::notation::san::format(&pos, &mv);
        app.update(Action::StartTyping);
        for c in text.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    }
    assert_eq!(
        app.play().unwrap().table.game().history().len(),
        2,
        "{id}: moves played"
    );
    app
}

#[test]
fn every_game_at_every_colour_depth() {
    for id in VariantId::ALL {
        for (w, h) in [(80, 24), (160, 50)] {
            for (depth, mode) in DEPTHS {
                let mut app = app_for(id, mode);
                let t = common::draw(&mut app, w, h);
                insta::assert_snapshot!(
                    format!("styled_{id}_{w}x{h}_{depth}"),
                    styled(t.backend().buffer())
                );
            }
        }
    }
}
