//! Colours at every depth: contrast of every built-in theme (true colour, 256 and 16 colours,
//! in xterm's and the VGA palette), squares that meet kept apart, every board state visible
//! on the board at every colour depth and cell size (NO_COLOR and ASCII included), what 16-
//! and 256-colour output may contain, the legend's samples, the clock, and the warnings for
//! a theme that falls short (at start and from `rankup theme check`).

mod common;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use rankup::rules::{sq, Piece, PieceKind, Square};
use rankup::ui::layout::{board_size, BoardGeom};
use rankup::ui::theme::contrast::{
    delta_e, ratio, rgb, AnsiPalette, ANSI_PALETTES, MIN_DELTA_E, PIECE_CONTRAST, TEXT_CONTRAST,
    XTERM,
};
use rankup::ui::theme::{ascii_of, problems, ColorMode, Palette, Role, SquareLook, Theme};
use rankup::ui::widgets::board::{sample, BoardWidget};
use rankup::variants::{variant, VariantId};

const COLOUR_THEMES: [&str; 3] = ["dark", "light", "high-contrast"];
const DEPTHS: [ColorMode; 3] = ColorMode::COLOURED;
const CELLS: [(u16, u16); 5] = [(3, 1), (5, 2), (7, 3), (9, 4), (11, 5)];

/// Every palette the game can show: each colour theme at each depth, and no colour.
fn palettes() -> Vec<Palette> {
    let mut out = Vec::new();
    for name in COLOUR_THEMES {
        for mode in DEPTHS {
            out.push(Palette::new(Theme::builtin(name).unwrap(), mode));
        }
        out.push(Palette::new(Theme::builtin(name).unwrap(), ColorMode::None));
    }
    out.push(Palette::new(
        Theme::builtin("mono").unwrap(),
        ColorMode::TrueColor,
    ));
    out
}

fn name(p: &Palette) -> String {
    format!("{} {:?}", p.theme.name, p.mode)
}

fn contrast(style: Style, background: (u8, u8, u8), ansi: &AnsiPalette) -> Option<f64> {
    let fg = rgb(style.fg?, ansi)?;
    let bg = style.bg.and_then(|c| rgb(c, ansi)).unwrap_or(background);
    Some(ratio(fg, bg))
}

/// The issue's contrast rule, checked directly from the styles the board draws with: every
/// piece colour (plain and every stage, both sides) on every square it can stand on at least
/// 3:1, every mark too, text at least 4.5:1 on the theme's background; squares that can meet
/// at least ΔE 10 apart. Prints the worst pair of each kind per theme and depth.
#[test]
fn every_builtin_theme_is_readable_at_every_depth() {
    let mut failures = Vec::new();
    println!("theme          depth      palette  piece  mark   text   squares ΔE");
    for name in COLOUR_THEMES {
        for mode in DEPTHS {
            let p = Palette::new(Theme::builtin(name).unwrap(), mode);
            let ansis: &[AnsiPalette] = if mode == ColorMode::Ansi16 {
                &ANSI_PALETTES
            } else {
                &ANSI_PALETTES[..1]
            };
            for ansi in ansis {
                let mut worst: [(f64, String); 4] =
                    std::array::from_fn(|_| (f64::INFINITY, String::new()));
                let mut note = |i: usize, v: f64, what: String| {
                    if v < worst[i].0 {
                        worst[i] = (v, what);
                    }
                };
                for square in Role::SQUARES {
                    let look = SquareLook::of(square);
                    for piece in p.roles().pieces() {
                        let Role::Piece { white, stage } = piece else {
                            unreachable!()
                        };
                        let style = p.piece_on(look, white, stage);
                        let r = contrast(style, p.background(), ansi).unwrap();
                        note(0, r, format!("{} on {}", piece.label(), square.label()));
                    }
                    for mark in Role::MARKS {
                        let r = contrast(p.mark_on(look, mark), p.background(), ansi).unwrap();
                        note(1, r, format!("{} on {}", mark.label(), square.label()));
                    }
                }
                for (role, style) in [
                    (Role::Text, p.text()),
                    (Role::Dim, p.dim()),
                    (Role::Accent, p.accent()),
                    (Role::Error, p.error()),
                    (Role::LowClock, p.clock(true, true)),
                ] {
                    let r = contrast(style, p.background(), ansi).unwrap();
                    note(2, r, role.label());
                }
                let squares = p.square_roles();
                for (i, &a) in squares.iter().enumerate() {
                    for &b in &squares[i + 1..] {
                        let colour = |r| rgb(p.square_colour(SquareLook::of(r)), ansi).unwrap();
                        let d = delta_e(colour(a), colour(b));
                        note(3, d, format!("{} / {}", a.label(), b.label()));
                    }
                }
                println!(
                    "{name:<14} {:<10} {:<8} {:<6.2} {:<6.2} {:<6.2} {:.1}   [{}; {}; {}; {}]",
                    format!("{mode:?}"),
                    ansi.name,
                    worst[0].0,
                    worst[1].0,
                    worst[2].0,
                    worst[3].0,
                    worst[0].1,
                    worst[1].1,
                    worst[2].1,
                    worst[3].1
                );
                let needs = [PIECE_CONTRAST, PIECE_CONTRAST, TEXT_CONTRAST, MIN_DELTA_E];
                for (i, need) in needs.into_iter().enumerate() {
                    if worst[i].0 < need {
                        failures.push(format!(
                            "{name} {mode:?} ({}): {} is {:.2}, needs {need}",
                            ansi.name, worst[i].1, worst[i].0
                        ));
                    }
                }
            }
            // The library's own check agrees.
            for problem in problems(&p) {
                failures.push(problem.to_string());
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// 16 colours: only the basic ANSI colours, backgrounds only from the normal eight (the Linux
/// console has no bright ones), never bright black; 256 colours: only entries 16-255, whose
/// RGB every terminal agrees on. Checked over whole screens of every game.
#[test]
fn output_colours_fit_the_depth() {
    for name in COLOUR_THEMES {
        for mode in [ColorMode::Ansi16, ColorMode::Ansi256] {
            for id in [
                VariantId::Promochess,
                VariantId::Tamerspiel,
                VariantId::Upgrade,
            ] {
                let mut app = rankup::ui::app::App::playing(
                    common::OPTIONS,
                    Palette::new(Theme::builtin(name).unwrap(), mode),
                    rankup::rules::Position::start(variant(id)),
                    None,
                    rankup::rules::ByColor {
                        white: rankup::ui::app::Player::Human,
                        black: rankup::ui::app::Player::Human,
                    },
                );
                let t = common::draw(&mut app, 100, 30);
                for cell in t.backend().buffer().content.iter() {
                    for (c, is_bg) in [(cell.fg, false), (cell.bg, true)] {
                        let index = rankup::ui::theme::contrast::ansi_index(c);
                        match mode {
                            ColorMode::Ansi16 => {
                                assert!(
                                    c == Color::Reset || index.is_some(),
                                    "{name} {id}: {c:?} at 16 colours"
                                );
                                assert_ne!(c, Color::DarkGray, "{name} {id}: bright black");
                                if is_bg {
                                    assert!(
                                        index.is_none_or(|i| i < 8),
                                        "{name} {id}: bright background {c:?}"
                                    );
                                }
                            }
                            _ => assert!(
                                c == Color::Reset || matches!(c, Color::Indexed(16..)),
                                "{name} {id}: {c:?} at 256 colours"
                            ),
                        }
                    }
                }
            }
        }
    }
}

/// A board's squares with the states the board can show, each beside a plain square of the
/// same shade holding the same kind of piece (or none).
struct Scene {
    /// (what, marked square, plain square)
    pairs: Vec<(&'static str, Square, Square)>,
}

fn piece(id: VariantId, letter: char) -> Piece {
    let v = variant(id);
    let kind: PieceKind = v.kind_by_letter(letter).unwrap();
    let color = if letter.is_ascii_uppercase() {
        rankup::rules::Color::White
    } else {
        rankup::rules::Color::Black
    };
    Piece::new(color, kind)
}

/// Chess (zones are the first and last ranks) with a lifted Knight on d3 and its targets, the
/// last move e2-e4, Black's King in check on g5 and the cursor on d5, a premove f2-f3; or Tamerspiel's
/// citadels. Returns the board drawn at `cell` and the pairs to compare.
fn scene(p: &Palette, cell: (u16, u16), citadels: bool) -> (Buffer, BoardGeom, Scene) {
    let id = if citadels {
        VariantId::Tamerspiel
    } else {
        VariantId::Chess
    };
    let v = variant(id);
    let (files, ranks) = (v.shape().files(), v.shape().ranks());
    let (w, h) = board_size(cell, files, ranks);
    let geom = BoardGeom::new(Rect::new(0, 0, w, h), cell, files, ranks, false);
    let mut board = BoardWidget::new(v, geom, p, true);
    let mut put = |s: &str, letter: char| {
        board.pieces[sq(s).index()] = Some((piece(id, letter), 1));
    };
    let pairs = if citadels {
        vec![
            ("citadel", sq("a1"), sq("c3")),
            ("citadel", sq("l8"), sq("j6")),
        ]
    } else {
        for (s, l) in [
            ("e4", 'P'),
            ("c4", 'P'),
            ("g5", 'k'),
            ("a5", 'k'),
            ("d5", 'p'),
            ("f5", 'p'),
            ("d3", 'N'),
            ("b3", 'N'),
            ("h6", 'r'),
            ("h4", 'r'),
            ("a3", 'B'),
            ("c5", 'B'),
            ("f2", 'P'),
            ("b2", 'P'),
        ] {
            put(s, l);
        }
        board.last_move = sq("e2").bit() | sq("e4").bit();
        board.check = Some(sq("g5"));
        board.cursor = Some(sq("d5"));
        board.selected = Some(sq("d3"));
        board.targets = sq("d6").bit() | sq("h6").bit() | sq("a3").bit();
        board.premove = sq("f2").bit() | sq("f3").bit();
        vec![
            ("light zone", sq("c8"), sq("c6")),
            ("dark zone", sq("b8"), sq("b6")),
            ("last move (from)", sq("e2"), sq("c2")),
            ("last move (to)", sq("e4"), sq("c4")),
            ("check", sq("g5"), sq("a5")),
            ("cursor", sq("d5"), sq("f5")),
            ("lifted", sq("d3"), sq("b3")),
            ("quiet target", sq("d6"), sq("b6")),
            ("capture", sq("h6"), sq("h4")),
            ("swap", sq("a3"), sq("c5")),
            ("premove (from)", sq("f2"), sq("b2")),
            ("premove (to)", sq("f3"), sq("h3")),
        ]
    };
    let mut buf = Buffer::empty(geom.area);
    board.render(geom.area, &mut buf);
    (buf, geom, Scene { pairs })
}

/// What a square looks like: each cell's symbol (or its ASCII stand-in) and style.
fn look_of(buf: &Buffer, geom: &BoardGeom, s: Square, ascii: bool) -> Vec<(String, Style)> {
    let (x, y) = geom.origin(s);
    let (cw, ch) = geom.cell;
    let mut out = Vec::new();
    for dy in 0..ch {
        for dx in 0..cw {
            let cell = &buf[(x + dx, y + dy)];
            let symbol = if ascii {
                cell.symbol().chars().map(ascii_of).collect()
            } else {
                cell.symbol().to_string()
            };
            out.push((symbol, cell.style()));
        }
    }
    out
}

/// The issue's test: zone, citadel, last move, check, cursor and lifted squares (and quiet,
/// capture and swap targets) differ from their plain neighbours at every depth, without
/// colour too, at every cell size, also once ASCII stand-ins replace the symbols.
#[test]
fn every_state_differs_from_its_plain_neighbour() {
    for p in palettes() {
        for cell in CELLS {
            for citadels in [false, true] {
                let (buf, geom, scene) = scene(&p, cell, citadels);
                for (what, marked, plain) in &scene.pairs {
                    for ascii in [false, true] {
                        assert_ne!(
                            look_of(&buf, &geom, *marked, ascii),
                            look_of(&buf, &geom, *plain, ascii),
                            "{}: {what} on {marked} looks like {plain} at {cell:?} (ascii {ascii})",
                            name(&p)
                        );
                    }
                }
            }
        }
    }
}

/// Without colour the states differ from each other too, not only from plain squares: each
/// empty state square (zone, last move) and each piece state (check, cursor, lifted, capture,
/// swap) has its own mark.
#[test]
fn without_colour_each_state_has_its_own_mark() {
    let p = Palette::new(Theme::builtin("mono").unwrap(), ColorMode::TrueColor);
    for cell in CELLS {
        let (buf, geom, scene) = scene(&p, cell, false);
        let looks: Vec<(&str, Vec<(String, Style)>)> = scene
            .pairs
            .iter()
            .map(|(what, s, _)| (*what, look_of(&buf, &geom, *s, true)))
            .collect();
        for (i, (a, la)) in looks.iter().enumerate() {
            for (b, lb) in &looks[i + 1..] {
                // The two zone squares differ by shade only, and so do the last move's two
                // ends (one empty, one with a piece); everything else must differ in marks.
                let kind = |w: &str| {
                    let w = w.trim_start_matches("light ").trim_start_matches("dark ");
                    w.split(" (").next().unwrap_or(w).to_string()
                };
                let same_kind = kind(a) == kind(b);
                if !same_kind {
                    let marks = |l: &Vec<(String, Style)>| -> Vec<(String, Modifier)> {
                        l.iter()
                            .map(|(s, st)| {
                                let m = st.add_modifier - Modifier::REVERSED - Modifier::BOLD;
                                (s.clone(), m)
                            })
                            .filter(|(s, m)| s != " " || !m.is_empty())
                            .filter(|(s, _)| !s.chars().all(|c| c.is_ascii_alphabetic()))
                            .collect()
                    };
                    assert_ne!(marks(la), marks(lb), "{a} and {b} at {cell:?}");
                }
            }
        }
    }
}

/// Glyphs sit at the centre of their square (`cw / 2`, `ch / 2`) at every size, and no mark
/// leaves its square.
#[test]
fn glyphs_are_centred_and_marks_stay_inside_at_every_size() {
    let p = Palette::new(Theme::builtin("mono").unwrap(), ColorMode::TrueColor);
    for cell in CELLS {
        let (buf, geom, _) = scene(&p, cell, false);
        let (x, y) = geom.origin(sq("e4"));
        assert_eq!(
            buf[(x + cell.0 / 2, y + cell.1 / 2)].symbol(),
            "♙",
            "{cell:?}"
        );
        // The board's squares tile its area: a square's marks never reach a neighbour, so the
        // plain square c4 (a Pawn, nothing else) shows only its glyph.
        let plain = look_of(&buf, &geom, sq("c4"), false);
        let glyphs: Vec<&str> = plain
            .iter()
            .map(|(s, _)| s.as_str())
            .filter(|s| *s != " ")
            .collect();
        assert_eq!(glyphs, ["♙"], "{cell:?}");
    }
}

fn text(spans: &[ratatui::text::Span<'_>]) -> String {
    spans.iter().map(|s| s.content.as_ref()).collect()
}

/// The legend's samples are the board's own squares: without colour each state's sample
/// shows its mark (no bare swatch), with colour its background.
#[test]
fn samples_show_the_marks_and_colours_of_the_board() {
    let mono = Palette::new(Theme::builtin("mono").unwrap(), ColorMode::TrueColor);
    let expect = [
        (Role::LightZone, "·  "),
        (Role::Citadel, "░░░"),
        (Role::Check, "!K!"),
        (Role::Cursor, "[ ]"),
        (Role::Target, " • "),
        (Role::Capture, "(K)"),
        (Role::Swap, "<K>"),
        (Role::Premove, "{ }"),
    ];
    for (role, want) in expect {
        assert_eq!(text(&sample(&mono, role, 'K')), want, "{role:?}");
    }
    let underlined = sample(&mono, Role::LastMove, 'K');
    assert!(underlined
        .iter()
        .all(|s| s.style.add_modifier.contains(Modifier::UNDERLINED)));
    let lifted = sample(&mono, Role::Lifted, 'K');
    assert!(lifted
        .iter()
        .any(|s| s.content.contains('K') && s.style.add_modifier.contains(Modifier::REVERSED)));
    let dark = sample(&mono, Role::DarkSquare, 'K');
    assert!(dark[0].style.add_modifier.contains(Modifier::REVERSED));
    for p in palettes().into_iter().filter(|p| !p.mono()) {
        for role in Role::SQUARES {
            let bg = sample(&p, role, 'K')[0].style.bg;
            assert_eq!(
                bg,
                Some(p.square_colour(SquareLook::of(role))),
                "{}: {role:?}",
                name(&p)
            );
        }
    }
}

/// The clock low on time looks different from the clock with time, at every depth and
/// without colour, running or not.
#[test]
fn a_low_clock_stands_out_at_every_depth() {
    for p in palettes() {
        for running in [false, true] {
            assert_ne!(
                p.clock(true, running),
                p.clock(false, running),
                "{} running {running}",
                name(&p)
            );
        }
        assert_ne!(p.clock(false, true), p.clock(false, false), "{}", name(&p));
        if !p.mono() {
            let low = p.clock(true, false);
            let r = contrast(low, p.background(), &XTERM).unwrap();
            assert!(r >= TEXT_CONTRAST, "{}: {r:.2}", name(&p));
        }
    }
}

/// The issue's findings in the old themes, as a player's theme file: each pair is named, with
/// its colours and ratio, at start and by `rankup theme check`.
const OLD_HIGH_CONTRAST: &str = r##"(
    name: "mytheme",
    text: "#ffffff",
    light_square: "#c0c0c0",
    dark_square: "#606060",
    light_zone: "#c0c080",
    dark_zone: "#606020",
    white_piece: "#ffffff",
    black_piece: "#000000",
    white_ramp: ["#ffff00"],
    black_ramp: ["#0000ff"],
)"##;

#[test]
fn a_theme_that_falls_short_is_told_pair_by_pair() {
    let theme = Theme::parse(OLD_HIGH_CONTRAST, "mytheme.ron").unwrap();
    let p = Palette::new(theme.clone(), ColorMode::TrueColor);
    let all: Vec<String> = problems(&p).iter().map(|x| x.to_string()).collect();
    let want = "theme mytheme: Black's promoted piece #0000ff on the dark square #606060 has \
                contrast 1.4:1 (needs 3:1)";
    assert!(all.iter().any(|l| l == want), "{all:#?}");
    assert!(all
        .iter()
        .any(|l| l.contains("White's piece #ffffff on the light square #c0c0c0")));
    // The app's message at start is the worst of them, with a pointer to the rest.
    let warning = rankup::ui::theme_warning(&p).unwrap();
    assert!(warning.starts_with("theme mytheme: "), "{warning}");
    assert!(warning.contains("more: rankup theme check"), "{warning}");
    // The built-in themes give none.
    for name in COLOUR_THEMES.into_iter().chain(["mono"]) {
        for mode in DEPTHS {
            let p = Palette::new(Theme::builtin(name).unwrap(), mode);
            assert_eq!(rankup::ui::theme_warning(&p), None, "{name} {mode:?}");
        }
    }
}

#[test]
fn theme_check_lists_every_problem_at_every_depth() {
    let dir = std::env::temp_dir().join(format!("rankup-colours-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mytheme.ron");
    std::fs::write(&file, OLD_HIGH_CONTRAST).unwrap();
    let out = common::rankup()
        .args(["theme", "check"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("has contrast 1.4:1 (needs 3:1)"),
        "{stdout}"
    );
    // At 256 and 16 colours rankup picks entries that keep every pair readable.
    assert!(!stdout.contains(" at 256 colours"), "{stdout}");
    assert!(!stdout.contains(" at 16 colours"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("problem(s) in theme"));
    for name in COLOUR_THEMES {
        let out = common::rankup()
            .args(["theme", "check", name])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {stdout}");
        assert!(
            stdout.starts_with(&format!("ok: theme {name}:")),
            "{stdout}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The issue's two 256-colour findings: PromoChess zones were the same entries as the plain
/// squares, Tamerspiel's citadels the same as the last move.
#[test]
fn zones_and_citadels_keep_their_own_entries_at_256_colours() {
    for name in COLOUR_THEMES {
        let p = Palette::new(Theme::builtin(name).unwrap(), ColorMode::Ansi256);
        let r = p.roles();
        for (a, b) in [
            (r.light_zone, r.light_square),
            (r.dark_zone, r.dark_square),
            (r.light_zone, r.dark_square),
            (r.dark_zone, r.light_square),
            (r.citadel, r.last_move),
        ] {
            assert!(matches!(a, Color::Indexed(16..)), "{name}: {a:?}");
            assert_ne!(a, b, "{name}");
        }
    }
}

#[path = "tmux/mod.rs"]
mod tmux;

/// The colour of each cell of a `capture-pane -e` line, as the SGR codes set it: `None` for
/// the terminal's own, else the code's text (`5;65` for entry 65, `2;r;g;b`, `n` for ANSI n).
#[derive(Clone, Debug, Default, PartialEq)]
struct Pen {
    fg: Option<String>,
    bg: Option<String>,
}

fn cells_of(line: &str) -> Vec<(char, Pen)> {
    let mut out = Vec::new();
    let mut pen = Pen::default();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push((c, pen.clone()));
            continue;
        }
        let mut code = String::new();
        for d in chars.by_ref() {
            if d == 'm' {
                break;
            }
            code.push(d);
        }
        let params: Vec<&str> = code.trim_start_matches('[').split(';').collect();
        let mut i = 0;
        while i < params.len() {
            let n: u32 = params[i].parse().unwrap_or(0);
            match n {
                0 => pen = Pen::default(),
                30..=37 => pen.fg = Some((n - 30).to_string()),
                90..=97 => pen.fg = Some((n - 90 + 8).to_string()),
                40..=47 => pen.bg = Some((n - 40).to_string()),
                100..=107 => pen.bg = Some((n - 100 + 8).to_string()),
                39 => pen.fg = None,
                49 => pen.bg = None,
                38 | 48 => {
                    let take = if params.get(i + 1) == Some(&"5") {
                        2
                    } else {
                        4
                    };
                    let value = params[i + 1..(i + 1 + take).min(params.len())].join(";");
                    if n == 38 {
                        pen.fg = Some(value);
                    } else {
                        pen.bg = Some(value);
                    }
                    i += take;
                }
                _ => {}
            }
            i += 1;
        }
    }
    out
}

/// The screen of `rankup play promochess` in tmux with `env` (shell assignments) set, plain
/// and with its escape codes.
fn promochess_in_tmux(name: &str, env: &str) -> Option<(String, String)> {
    let t = tmux::Tmux::new(name)?;
    let data = tmux::data_dir(name);
    let script = format!(
        "unset COLORTERM NO_COLOR; {env} exec {} play promochess",
        tmux::bin()
    );
    t.start_sized(&data, &script, 80, 24);
    let plain = t.wait_for("White to move");
    let styled = t.run(&["capture-pane", "-p", "-e", "-t", "t"]);
    let _ = std::fs::remove_dir_all(&data);
    Some((plain, styled))
}

/// The styled cells of the board row labelled `rank`.
fn board_row(styled: &str, rank: &str) -> Vec<(char, Pen)> {
    styled
        .lines()
        .map(cells_of)
        .find(|cells| {
            let text: String = cells.iter().map(|(c, _)| c).collect();
            text.starts_with(&format!("{rank:>2} "))
        })
        .unwrap_or_else(|| panic!("no row {rank}:\n{styled}"))
}

/// The issue's tmux finding: at TERM=xterm-256color a PromoChess zone square (a9) and a
/// middle square of the same shade (a5) have different backgrounds, both palette entries.
#[test]
fn tmux_256_colours_show_the_zone() {
    let Some((_, styled)) = promochess_in_tmux("colours-256", "TERM=xterm-256color") else {
        return;
    };
    let zone = board_row(&styled, "9")[3].1.bg.clone();
    let middle = board_row(&styled, "5")[3].1.bg.clone();
    for bg in [&zone, &middle] {
        let bg = bg.as_deref().unwrap_or("none");
        assert!(bg.starts_with("5;"), "a palette entry, not {bg}");
    }
    assert_ne!(zone, middle, "zone and middle square share a background");
}

/// At TERM=xterm only the 16 basic colours go out (backgrounds only the normal eight), and
/// never bright black.
#[test]
fn tmux_16_colours_use_the_basic_colours_only() {
    let Some((_, styled)) = promochess_in_tmux("colours-16", "TERM=xterm") else {
        return;
    };
    let index = |v: &str| -> u32 {
        let n = v.strip_prefix("5;").unwrap_or(v);
        n.parse()
            .unwrap_or_else(|_| panic!("not a basic colour: {v}"))
    };
    for line in styled.lines() {
        for (_, pen) in cells_of(line) {
            if let Some(fg) = &pen.fg {
                assert!(index(fg) < 16 && index(fg) != 8, "foreground {fg}");
            }
            if let Some(bg) = &pen.bg {
                assert!(index(bg) < 8, "background {bg}");
            }
        }
    }
}

/// With NO_COLOR no colour goes out at all, and the zone shows its dots.
#[test]
fn tmux_no_color_marks_the_zone() {
    let Some((plain, styled)) = promochess_in_tmux("colours-none", "NO_COLOR=1") else {
        return;
    };
    for line in styled.lines() {
        for (_, pen) in cells_of(line) {
            assert_eq!(pen, Pen::default(), "a colour without colours: {line}");
        }
    }
    let above_9 = plain.lines().nth(1).unwrap();
    assert_eq!(above_9.matches('·').count(), 9, "{plain}");
}
