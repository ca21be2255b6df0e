//! The start screen with a player's own games: listed under "Your games", a broken file shown
//! with its error and never selectable, and a game started from there. A test binary of its
//! own, because the games registered are process-wide.

mod common;
use common::{screen, start_app};

use rankup::ui::action::{Action, Dir};
use rankup::ui::app::Screen;
use rankup::variants::{self, VariantId};

#[test]
fn your_games_are_listed_and_playable_and_broken_files_named() {
    let dir = std::env::temp_dir().join(format!("rankup-ui-user-variants-{}", std::process::id()));
    let games = dir.join("variants");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&games).unwrap();
    let duchy = include_str!("data/variants/duchy.ron");
    std::fs::write(games.join("duchy.ron"), duchy).unwrap();
    std::fs::write(
        games.join("typo.ron"),
        duchy.replacen("Betza(\"FD\")", "Betza(\"FDq\")", 1),
    )
    .unwrap();
    let (loaded, broken) = variants::load_user_dir(&games);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(loaded.len(), 1);
    assert_eq!(broken.len(), 1);

    let mut app = start_app();
    // Up from the first game wraps to the last selectable one: the player's game, not the
    // broken file below it.
    app.update(Action::Move(Dir::Up));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Your games"), "{text}");
    assert!(text.contains(">   Little Duchy"), "{text}");
    assert!(text.contains("x variants/typo.ron:"), "{text}");
    insta::assert_snapshot!("start_screen_your_games", text);
    // Down wraps past the broken file to the first game.
    app.update(Action::Move(Dir::Down));
    let Screen::Menu(menu) = &app.screen else {
        panic!("not on the start screen")
    };
    assert_eq!(menu.game(), VariantId::Chess);
    app.update(Action::Move(Dir::Up));
    app.update(Action::Start);
    let play = app.play().expect("a game started");
    assert_eq!(play.table.game().position().variant().id(), "duchy");
}
