//! The terminal app without a terminal: rendering snapshots (ratatui TestBackend + insta),
//! tiny sizes, theme files, and whole games played through actions.

mod common;
use common::{draw, palette, screen, start_app, OPTIONS};

use std::time::{Duration, Instant};

use rankup::rules::ByColor;
use rankup::rules::Position;
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Options, Player, TimeControl};

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::{variant, VariantId};

fn app_for(id: VariantId, glyphs: bool, mono: bool) -> App {
    let theme = Theme::builtin(if mono { "mono" } else { "dark" }).unwrap();
    let mode = if mono {
        ColorMode::None
    } else {
        ColorMode::TrueColor
    };
    App::playing(
        Options { glyphs, ..OPTIONS },
        Palette::new(theme, mode),
        Position::start(variant(id)),
        None,
        HUMANS,
    )
}

#[test]
fn start_positions_at_two_sizes() {
    for id in VariantId::ALL {
        for (w, h) in [(80, 24), (100, 30), (120, 40)] {
            let mut app = app_for(id, true, false);
            let t = draw(&mut app, w, h);
            insta::assert_snapshot!(format!("start_{id}_{w}x{h}"), t.backend());
        }
    }
}

#[test]
fn start_positions_ascii_monochrome() {
    for id in VariantId::ALL {
        let mut app = app_for(id, false, true);
        let t = draw(&mut app, 80, 24);
        insta::assert_snapshot!(format!("start_{id}_ascii_mono"), t.backend());
    }
}

#[test]
fn start_screen_lists_every_game() {
    let mut app = start_app();
    let text = screen(&mut app, 80, 24);
    // Alternate Promotion Chess subvariants appear under their group's header.
    assert!(text.contains("Alternate Promotion Chess"), "{text}");
    for id in VariantId::ALL {
        let name = variant(id).name().trim_start_matches("APC ");
        assert!(text.contains(name), "{id} missing:\n{text}");
    }
    insta::assert_snapshot!("start_screen", text);
}

#[test]
fn no_panic_at_any_small_size() {
    for id in VariantId::ALL {
        let mut app = app_for(id, true, false);
        for w in 0..=40 {
            for h in 0..=16 {
                draw(&mut app, w, h);
            }
        }
        app.update(Action::Help);
        draw(&mut app, 5, 3);
        app.update(Action::Cancel);
        app.update(Action::Rules);
        for (w, h) in [(0, 0), (1, 1), (10, 5), (40, 12), (80, 24)] {
            draw(&mut app, w, h);
        }
    }
}

#[test]
fn too_small_terminal_says_so() {
    let mut app = app_for(VariantId::Chess, true, false);
    let text = screen(&mut app, 20, 8);
    assert!(text.contains("Terminal too small"), "{text}");
}

#[test]
fn every_theme_file_parses() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("themes");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let text = std::fs::read_to_string(&path).unwrap();
            let theme =
                Theme::parse(&text, &path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
            assert!(!theme.name.is_empty());
            count += 1;
        }
    }
    assert!(count >= 4, "dark, light, high-contrast and mono at least");
}

fn play(app: &App) -> &rankup::ui::app::Play {
    app.play().expect("playing")
}

#[test]
fn cursor_moves_play_a_move() {
    let mut app = app_for(VariantId::Chess, true, false);
    // The cursor starts on the White King (e1): go to e2, lift, go to e4, drop.
    for a in [
        Action::Move(Dir::Up),
        Action::Select,
        Action::Move(Dir::Up),
        Action::Move(Dir::Up),
        Action::Select,
    ] {
        app.update(a);
    }
    let history = play(&app).table.game().history();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].san, "e4");
    // Undo and redo.
    app.update(Action::Undo);
    assert!(play(&app).table.game().history().is_empty());
    app.update(Action::Redo);
    assert_eq!(play(&app).table.game().history()[0].san, "e4");
}

#[test]
fn typed_moves_and_errors() {
    let mut app = app_for(VariantId::Chess, true, false);
    let type_move = |app: &mut App, text: &str| {
        app.update(Action::StartTyping);
        for c in text.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Submit);
    };
    type_move(&mut app, "e4");
    type_move(&mut app, "e7e5");
    type_move(&mut app, "Nf");
    // "Nf" completes uniquely to Nf3.
    assert_eq!(play(&app).table.game().history().len(), 3);
    assert_eq!(play(&app).table.game().history()[2].san, "Nf3");
    type_move(&mut app, "Ke3");
    let p = play(&app);
    assert_eq!(p.table.game().history().len(), 3, "illegal move not played");
    let message = p.message.as_ref().unwrap();
    assert!(message.error && message.text.contains("Ke3"), "{message:?}");
    assert!(
        p.typed_text().is_some(),
        "typing mode stays open after an error"
    );
    app.update(Action::Cancel);
    assert!(play(&app).typed_text().is_none());
}

#[test]
fn promotion_choice_opens_a_picker() {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::from_fen(
            variant(VariantId::Promochess),
            "4k4/9/9/9/1H7/9/9/9/4K4 w - - 0 1",
        )
        .unwrap(),
        None,
        HUMANS,
    );
    // Cursor on e1 -> b5 is 3 left, 4 up.
    for a in [
        Action::Move(Dir::Left),
        Action::Move(Dir::Left),
        Action::Move(Dir::Left),
        Action::Move(Dir::Up),
        Action::Move(Dir::Up),
        Action::Move(Dir::Up),
        Action::Move(Dir::Up),
        Action::Select,
        Action::Move(Dir::Right),
        Action::Move(Dir::Up),
        Action::Move(Dir::Up),
        Action::Select,
    ] {
        app.update(a);
    }
    let picker = play(&app)
        .picker()
        .cloned()
        .expect("a picker for promote or not");
    assert_eq!(picker.moves.len(), 2);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("promote to Marshal") && text.contains("stay a Horse"),
        "{text}"
    );
    // Promoting comes first (Enter promotes); staying a Horse last.
    assert!(picker.moves[0].promotion.is_some() && picker.moves[1].promotion.is_none());
    app.update(Action::Choose(1));
    assert_eq!(play(&app).table.game().history()[0].san, "Hc7");
}

#[test]
fn clocks_run_and_flag() {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        Some(TimeControl::parse("1+2").unwrap()),
        HUMANS,
    );
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    // The clocks start once both sides have moved.
    for m in ["e4", "e5"] {
        app.update(Action::StartTyping);
        m.chars().for_each(|c| app.update(Action::Type(c)));
        app.update(Action::Submit);
    }
    app.update(Action::Tick(t0 + Duration::from_secs(30)));
    let left = play(&app).table.clocks().unwrap().left.white;
    assert_eq!(left, Duration::from_secs(30));
    app.update(Action::Tick(t0 + Duration::from_secs(61)));
    let outcome = play(&app).table.game().outcome().expect("White flagged");
    assert_eq!(outcome.to_string(), "Black wins by time");
    assert!(TimeControl::parse("x").is_err());
}

#[test]
fn resign_and_draw_by_agreement() {
    let mut app = app_for(VariantId::Chess, true, false);
    app.update(Action::Resign);
    app.update(Action::Confirm(true));
    assert_eq!(
        play(&app).table.game().outcome().unwrap().to_string(),
        "Black wins by resignation"
    );
    let mut app = app_for(VariantId::Chess, true, false);
    app.update(Action::OfferDraw);
    app.update(Action::StartTyping);
    app.update(Action::Type('e'));
    app.update(Action::Type('4'));
    app.update(Action::Submit);
    app.update(Action::OfferDraw);
    assert_eq!(
        play(&app).table.game().outcome().unwrap().to_string(),
        "draw by agreement"
    );
}

/// A 12x8 board whose a- and l-files have only their corner squares (Tamerspiel's shape):
/// holes stay bare terminal, never drawn as squares, and the cursor skips them.
#[test]
fn boards_with_holes_leave_them_bare() {
    use rankup::rules::{
        sq, Extras, FiftyMoveRule, MaterialDraw, Movement, PieceSpec, Variant, VariantSpec,
    };
    use rankup::ui::app::step_cursor;
    use rankup::ui::layout::BoardGeom;
    use rankup::ui::widgets::board::BoardWidget;

    let mut holes = Vec::new();
    for rank in 2..=7 {
        holes.push(sq(&format!("a{rank}")));
        holes.push(sq(&format!("l{rank}")));
    }
    let spec = VariantSpec {
        id: "holes".into(),
        name: "Holes".into(),
        summary: "test board".into(),
        files: 12,
        ranks: 8,
        holes,
        citadels: Vec::new(),
        pieces: vec![
            PieceSpec::new("King", 'K', Movement::betza("K").unwrap()).royal(),
            PieceSpec::new("Rook", 'R', Movement::betza("R").unwrap()),
        ],
        start: "r10k/*10*/*10*/*10*/*10*/*10*/*10*/K10R w - - 0 1".into(),
        castling: Vec::new(),
        en_passant: false,
        fifty_move: FiftyMoveRule::CaptureOrPawn,
        material_draw: MaterialDraw::BareKings,
        extras: Extras::default(),
        rules: Vec::new(),
    };
    let v: &'static Variant = Box::leak(Box::new(Variant::compile(spec).unwrap()));
    let pos = Position::start(v);
    assert_eq!(
        pos.fen(),
        "r10k/*10*/*10*/*10*/*10*/*10*/*10*/K10R w - - 0 1"
    );
    // The Rook on l1 cannot slide up the l-file: l2 does not exist.
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| rankup::notation::coord::format(v, m))
        .collect();
    assert!(moves.iter().all(|m| !m.starts_with("l1l")), "{moves:?}");

    let palette = Palette::new(Theme::default(), ColorMode::TrueColor);
    let geom = BoardGeom::new(
        ratatui::layout::Rect::new(0, 0, 39, 9),
        (3, 1),
        12,
        8,
        false,
    );
    let mut board = BoardWidget::new(v, geom, &palette, false);
    for (s, p) in pos.pieces() {
        board.pieces[s.index()] = Some((p, 0));
    }
    let mut buf = ratatui::buffer::Buffer::empty(geom.area);
    ratatui::widgets::Widget::render(board, geom.area, &mut buf);
    let text: Vec<String> = (0..9)
        .map(|y| {
            (0..39)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect();
    insta::assert_snapshot!("board_with_holes", text.join("\n"));
    // A hole's cells keep the terminal's own background.
    let (hx, hy) = geom.origin(sq("a4"));
    assert_eq!(buf[(hx + 1, hy)].bg, ratatui::style::Color::Reset);
    let (sx, sy) = geom.origin(sq("b4"));
    assert_ne!(buf[(sx + 1, sy)].bg, ratatui::style::Color::Reset);

    // The cursor skips holes: from b4 left there is nowhere to go, from b1 left is a1.
    let shape = v.shape();
    assert_eq!(step_cursor(shape, sq("b4"), Dir::Left, false), sq("b4"));
    assert_eq!(step_cursor(shape, sq("b1"), Dir::Left, false), sq("a1"));
    assert_eq!(step_cursor(shape, sq("a1"), Dir::Up, false), sq("a8"));
}

/// The rules card shows the chosen piece's whole promotion chain with the piece marked.
#[test]
fn rules_card_shows_the_promotion_chain() {
    let mut app = app_for(VariantId::ApcEurasian, true, false);
    app.update(Action::Rules);
    for _ in 0..3 {
        app.update(Action::Next);
    }
    let text = screen(&mut app, 100, 30);
    assert!(
        text.contains("Chain: P > L > N > [W Arrow] > B > X > R > T > Q"),
        "{text}"
    );
    insta::assert_snapshot!("rules_card_apc_eurasian_arrow", text);
    // Tamerspiel: the Guard's chain, and none for the Dababbah's successor-less Pawn link.
    let mut app = app_for(VariantId::Tamerspiel, true, false);
    app.update(Action::Rules);
    for _ in 0..4 {
        app.update(Action::Next);
    }
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Chain: [G Guard] > C > S"), "{text}");
}

#[test]
fn the_header_names_the_ai_level_with_its_rating() {
    let level = rankup::ai::Level::new(3).unwrap();
    let mut app = common::chess_between(ByColor {
        white: Player::Human,
        black: Player::Ai(level),
    });
    for (w, h) in [(80, 24), (160, 50)] {
        let text = screen(&mut app, w, h);
        let header = text
            .lines()
            .next()
            .unwrap_or_default()
            .trim_end()
            .to_string();
        assert!(header.contains(&level.label()), "{header}");
        insta::assert_snapshot!(format!("header_ai_level_{w}x{h}"), header);
    }
}
