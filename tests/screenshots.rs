//! The README's pictures: every game drawn by the real app (its own buffer, through
//! `rankup::ui::svg`) at 100x30, in true colour and in 256 colours, kept in
//! `docs/screenshots/`. This test fails when a picture no longer matches what the app
//! draws; `RANKUP_UPDATE_SCREENSHOTS=1 cargo test --test screenshots` writes them anew.

mod common;
use common::{draw, tokens, OPTIONS};

use std::path::{Path, PathBuf};

use rankup::rules::{ByColor, Position};
use rankup::ui::action::Action;
use rankup::ui::app::{App, Player};
use rankup::ui::svg::{to_svg, Look};
use rankup::ui::theme::contrast::xterm_rgb;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

/// The size of the pictures, in terminal cells.
const SIZE: (u16, u16) = (100, 30);

/// The environment variable that rewrites the pictures.
const UPDATE: &str = "RANKUP_UPDATE_SCREENSHOTS";

/// The moves played before each picture (SAN or tokens, as a player types them): a last
/// move to see, and a promoted piece where a few moves make one.
fn moves(id: VariantId) -> &'static [&'static str] {
    // APC: the Knight climbs its chain on the far rank (Nxc8 becomes the next piece).
    const APC: &[&str] = &["Nc3", "e6", "Nb5", "Nf6", "Nxa7", "Be7", "Nxc8", "O-O"];
    match id {
        VariantId::Chess => &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"],
        // A Knight that takes a Pawn may become a Mounted Veteran.
        VariantId::Veteran => &["Nc3", "d5", "c3d5+", "Nf6"],
        // Captures add the victim's level to the capturer's.
        VariantId::Upgrade => &["e4", "d5", "exd5", "c6", "dxc6", "Nxc6"],
        // The Camel takes on b7, in the zone, and becomes a Wildebeest.
        VariantId::Promochess => &["e5", "d5", "Cc4", "Hf8", "Cxb7=W", "Hg6"],
        VariantId::Tamerspiel => &["e3", "h6", "Be2", "Hi6"],
        _ => APC,
    }
}

/// The app after [`moves`] of game `id`, in colour `mode`.
fn app_for(id: VariantId, mode: ColorMode) -> App {
    let theme = Theme::builtin("dark").expect("the dark theme is built in");
    let humans = ByColor {
        white: Player::Human,
        black: Player::Human,
    };
    let mut app = App::playing(
        OPTIONS,
        Palette::new(theme, mode),
        Position::start(variant(id)),
        None,
        humans,
    );
    for (played, text) in moves(id).iter().enumerate() {
        app.update(Action::StartTyping);
        for c in text.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
        let play = app.play().expect("playing");
        assert_eq!(
            play.table.game().history().len(),
            played + 1,
            "{id}: '{text}' was not played ({:?}); legal: {:?}",
            play.message,
            tokens(play.table.game().position())
        );
    }
    app
}

/// The folder of the pictures.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots")
}

/// Every picture: its file name and what the app draws now.
fn pictures() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for id in VariantId::ALL {
        for (mode, suffix) in [(ColorMode::TrueColor, ""), (ColorMode::Ansi256, "-256")] {
            let mut app = app_for(id, mode);
            let terminal = draw(&mut app, SIZE.0, SIZE.1);
            let svg = to_svg(terminal.backend().buffer(), &Look::DARK);
            out.push((format!("{}{suffix}.svg", id.as_str()), svg));
        }
    }
    out
}

#[test]
fn readme_pictures_match_the_app() {
    let dir = folder();
    let update = std::env::var_os(UPDATE).is_some_and(|v| v == "1");
    let pictures = pictures();
    if update {
        std::fs::create_dir_all(&dir).expect("docs/screenshots can be made");
        for (name, svg) in &pictures {
            std::fs::write(dir.join(name), svg).expect("a picture can be written");
        }
    }
    let stale: Vec<&str> = pictures
        .iter()
        .filter(|(name, svg)| std::fs::read_to_string(dir.join(name)).ok().as_ref() != Some(svg))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "the screenshots in docs/screenshots/ no longer show what the app draws: {}.\n\
         Look at the app, then write them anew with\n    \
         {UPDATE}=1 cargo test --test screenshots",
        stale.join(", ")
    );
    // The README links every picture, and shows only pictures the test makes.
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    for (name, _) in &pictures {
        let link = format!("(docs/screenshots/{name})");
        assert!(readme.contains(&link), "README does not link {link}");
    }
    let shown = readme
        .split("docs/screenshots/")
        .skip(1)
        .filter_map(|rest| rest.split_once(".svg").map(|(name, _)| name));
    for name in shown {
        assert!(
            pictures.iter().any(|(n, _)| *n == format!("{name}.svg")),
            "README shows docs/screenshots/{name}.svg, which the test does not make"
        );
    }
    // No picture is left over from a game or a name that is gone.
    let known: Vec<&str> = pictures.iter().map(|(n, _)| n.as_str()).collect();
    for entry in std::fs::read_dir(&dir).expect("docs/screenshots exists") {
        let name = entry.expect("a folder entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            !name.ends_with(".svg") || known.contains(&name.as_ref()),
            "docs/screenshots/{name} is no screenshot the test makes: remove it"
        );
    }
}

/// The pictures are small and whole, and those in 256 colours use only the xterm palette
/// (and the terminal's own two colours): what a terminal of 256 colours can show.
#[test]
fn pictures_are_small_and_in_their_colour_depth() {
    let palette: Vec<String> = (0..=255u8)
        .map(xterm_rgb)
        .chain([Look::DARK.foreground, Look::DARK.background])
        .map(|(r, g, b)| format!("#{r:02x}{g:02x}{b:02x}"))
        .collect();
    for (name, svg) in pictures() {
        assert!(svg.len() < 64 * 1024, "{name}: {} bytes", svg.len());
        assert_eq!(
            svg.matches("<tspan").count(),
            svg.matches("</tspan>").count()
        );
        assert!(svg.contains("to move"), "{name}: no status line");
        let colours: Vec<&str> = svg.split("{fill:").skip(1).map(|rest| &rest[..7]).collect();
        assert!(colours.len() > 4, "{name}: {colours:?}");
        if name.ends_with("-256.svg") {
            for c in colours {
                assert!(
                    palette.iter().any(|p| p == c),
                    "{name}: {c} is no palette colour"
                );
            }
        }
    }
}
