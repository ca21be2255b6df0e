//! Where Esc and q lead on each screen: Esc is "back" (to the game left with `n`, to the
//! browser, to the shell a review was opened from), `q` quits, asking when a game would be
//! lost or is going on. Driven through actions, no terminal.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{palette, start_app, OPTIONS};
use rankup::rules::{ByColor, Position};
use rankup::save::DataDir;
use rankup::save::SavedGame;
use rankup::ui::action::Action;
use rankup::ui::app::{
    App, Choices, IoRequest, Leave, Menu, Player, Question, Screen, TimeControl,
};
use rankup::ui::input::{action_for, Context};
use rankup::ui::keeper::Keeper;
use rankup::variants::{variant, VariantId};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn playing(clock: Option<TimeControl>) -> App {
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Chess)),
        clock,
        ByColor {
            white: Player::Human,
            black: Player::Human,
        },
    );
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    app
}

fn type_move(app: &mut App, text: &str) {
    app.update(Action::StartTyping);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Submit);
}

fn key(context: Context, code: KeyCode) -> Option<Action> {
    action_for(context, KeyEvent::new(code, KeyModifiers::NONE))
}

fn menu(app: &App) -> &rankup::ui::app::Menu {
    match &app.screen {
        Screen::Menu(m) => m,
        _ => panic!("not on the start screen"),
    }
}

fn moves(app: &App) -> Vec<String> {
    let play = app.play().expect("a game on screen");
    play.table
        .game()
        .history()
        .iter()
        .map(|m| m.san.clone())
        .collect()
}

#[test]
fn esc_on_the_start_screen_reached_with_n_returns_to_the_game_unchanged() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    let game_id = app.play().unwrap().game_id;
    app.take_io();
    app.update(Action::NewGame);
    assert!(
        menu(&app).back,
        "the start screen knows a game waits behind it"
    );
    assert_eq!(
        app.take_io(),
        vec![IoRequest::ListInPlay],
        "the game's file is not let go"
    );
    assert_eq!(key(Context::Menu, KeyCode::Esc), Some(Action::Cancel));
    app.update(Action::Cancel);
    assert!(app.running);
    assert_eq!(app.play().unwrap().game_id, game_id);
    assert_eq!(moves(&app), ["e4", "e5"]);
    assert!(app.take_io().is_empty(), "nothing written, nothing let go");
}

#[test]
fn starting_another_game_lets_go_of_the_one_behind() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    let game_id = app.play().unwrap().game_id;
    app.update(Action::NewGame);
    app.take_io();
    app.update(Action::Start);
    assert!(app.play().is_some_and(|p| p.game_id != game_id));
    assert!(app.behind.is_none());
    assert!(
        app.take_io().contains(&IoRequest::Release { game_id }),
        "the old game stays in games/, resumable"
    );
}

#[test]
fn the_time_away_on_the_start_screen_is_not_charged() {
    let control = TimeControl {
        base: Duration::from_secs(300),
        increment: Duration::ZERO,
    };
    let mut app = playing(Some(control));
    let t0 = Instant::now();
    app.update(Action::Tick(t0));
    type_move(&mut app, "e4");
    type_move(&mut app, "e5");
    app.update(Action::Tick(t0 + Duration::from_secs(1)));
    let left = app.play().unwrap().table.clocks().unwrap().left;
    app.update(Action::NewGame);
    app.update(Action::Tick(t0 + Duration::from_secs(61)));
    app.update(Action::Cancel);
    app.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert_eq!(app.play().unwrap().table.clocks().unwrap().left, left);
}

#[test]
fn esc_on_the_first_screen_asks_before_quitting() {
    let mut app = start_app();
    app.update(Action::Cancel);
    assert!(app.running, "a stray Esc never ends rankup");
    assert!(menu(&app).asking_quit);
    assert_eq!(app.context(), Context::Confirm);
    // n (or Esc) stays.
    app.update(Action::Confirm(false));
    assert!(app.running);
    assert!(!menu(&app).asking_quit);
    assert_eq!(app.context(), Context::Menu);
    // y quits.
    app.update(Action::Cancel);
    app.update(Action::Confirm(true));
    assert!(!app.running);
}

#[test]
fn q_on_the_first_screen_quits_at_once() {
    let mut app = start_app();
    app.update(Action::Quit);
    assert!(!app.running, "nothing in play: nothing to lose");
}

#[test]
fn q_on_the_start_screen_with_a_game_going_on_asks() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    app.update(Action::NewGame);
    app.update(Action::Quit);
    assert!(app.running);
    assert!(menu(&app).asking_quit);
    app.update(Action::Confirm(true));
    assert!(!app.running);
}

#[test]
fn q_on_the_start_screen_with_an_unsaved_game_asks_over_the_game() {
    let mut app = playing(None);
    app.data_dir = None;
    type_move(&mut app, "e4");
    // Leaving for the start screen asks first, as before; the game then waits behind.
    app.update(Action::NewGame);
    assert_eq!(
        app.play().unwrap().question,
        Some(Question::Unsaved(Leave::Menu))
    );
    app.update(Action::Confirm(true));
    assert!(menu(&app).back);
    app.update(Action::Quit);
    assert!(app.running);
    assert_eq!(
        app.play().unwrap().question,
        Some(Question::Unsaved(Leave::Quit)),
        "the game comes back with the question (w writes it elsewhere)"
    );
}

#[test]
fn a_finished_or_empty_game_behind_does_not_hold_q() {
    let mut app = playing(None);
    app.update(Action::NewGame);
    app.update(Action::Quit);
    assert!(!app.running);
}

fn saved_game() -> SavedGame {
    let mut app = playing(None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        type_move(&mut app, m);
    }
    app.play().unwrap().saved()
}

#[test]
fn a_review_opened_from_the_shell_goes_back_to_it() {
    for leave in [Action::Cancel, Action::Quit] {
        let mut app = App::reviewing(
            OPTIONS,
            palette(),
            saved_game(),
            Some(PathBuf::from("/x/g.ron")),
        )
        .unwrap();
        assert_eq!(
            key(Context::Review, KeyCode::Char('q')),
            Some(Action::Cancel)
        );
        app.update(leave.clone());
        assert!(!app.running, "{leave:?} ends rankup, not the start screen");
    }
}

#[test]
fn playing_on_from_a_shell_review_then_n_esc_stays_in_rankup() {
    let mut app = App::reviewing(
        OPTIONS,
        palette(),
        saved_game(),
        Some(PathBuf::from("/x/g.ron")),
    )
    .unwrap();
    app.update(Action::Move(rankup::ui::action::Dir::Left));
    app.update(Action::PlayFromHere);
    assert!(app.play().is_some());
    app.update(Action::NewGame);
    app.update(Action::Cancel);
    assert!(app.running);
    assert!(app.play().is_some());
}

#[test]
fn on_the_server_esc_and_q_on_the_start_screen_go_to_the_lobby() {
    for leave in [Action::Cancel, Action::Quit] {
        let mut app = App::online(OPTIONS, palette());
        app.update(Action::PlayAi);
        assert!(matches!(app.screen, Screen::Menu(_)));
        app.update(leave);
        assert!(matches!(app.screen, Screen::Lobby(_)));
        assert!(app.running);
    }
}

#[test]
fn cards_close_with_esc_and_q() {
    let mut app = playing(None);
    for close in [KeyCode::Esc, KeyCode::Char('q')] {
        app.update(Action::Help);
        assert!(app.card.is_some());
        app.update(key(Context::Card, close).unwrap());
        assert!(app.card.is_none());
        assert!(app.play().is_some());
    }
}

fn set_choices(app: &mut App) {
    // Opponent: AI level 2; side: Black; clock: the third choice.
    app.update(Action::Next);
    app.update(Action::Move(rankup::ui::action::Dir::Right));
    app.update(Action::Move(rankup::ui::action::Dir::Right));
    app.update(Action::Next);
    app.update(Action::Move(rankup::ui::action::Dir::Right));
    app.update(Action::Next);
    app.update(Action::Move(rankup::ui::action::Dir::Right));
    app.update(Action::Move(rankup::ui::action::Dir::Right));
    app.update(Action::Previous);
    app.update(Action::Previous);
    app.update(Action::Previous);
    app.update(Action::Move(rankup::ui::action::Dir::Down));
}

#[test]
fn the_start_screen_keeps_its_choices_for_the_session() {
    let mut app = start_app();
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    set_choices(&mut app);
    let chosen = Choices::of(menu(&app));
    assert_ne!(
        chosen,
        Choices::of(&Menu::new(None)),
        "the test changes them all"
    );
    app.update(Action::Start);
    assert!(app.play().is_some());
    assert!(
        app.take_io().contains(&IoRequest::RememberChoices(chosen)),
        "written for the next start"
    );
    // After n, as the player left them.
    app.update(Action::NewGame);
    assert_eq!(Choices::of(menu(&app)), chosen);
    // And after the browser and back.
    app.update(Action::Browse);
    app.update(Action::Cancel);
    assert_eq!(Choices::of(menu(&app)), chosen);
}

#[test]
fn choices_read_at_start_are_offered_and_a_named_game_wins() {
    let mut app = start_app();
    let mut other = Menu::new(Some(VariantId::Tamerspiel));
    other.opponent = 3;
    other.side = rankup::rules::Color::Black;
    other.clock = 4;
    let choices = Choices::of(&other);
    app.remember(choices, false);
    assert_eq!(Choices::of(menu(&app)), choices);
    let mut app = App::new(OPTIONS, palette(), Some(VariantId::Veteran));
    app.remember(choices, true);
    let shown = Choices::of(menu(&app));
    assert_eq!(shown.game, VariantId::Veteran);
    assert_eq!(
        (shown.opponent, shown.side, shown.clock),
        (3, other.side, 4)
    );
}

#[test]
fn the_state_file_round_trips_and_a_broken_one_is_one_line() {
    let dir = std::env::temp_dir().join(format!("rankup-nav-state-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // A fresh machine: the data folder does not exist yet (the first game's file would
    // create it); remembering the choices creates it, with no message.
    let mut keeper = Keeper::new(Some(DataDir::at(&dir)));
    let defaults = Choices::of(&Menu::new(None));
    assert_eq!(keeper.read_choices(defaults), None, "no file yet");
    let mut menu = Menu::new(Some(VariantId::Promochess));
    menu.opponent = 5;
    menu.clock = 2;
    let chosen = Choices::of(&menu);
    assert_eq!(keeper.perform(IoRequest::RememberChoices(chosen)), None);
    assert_eq!(keeper.read_choices(defaults), Some(Ok(chosen)));
    let state = dir.join("state.ron");
    let hostile: [&[u8]; 5] = [
        b"(game: \"chess\", opponent: ",
        b"\xff\xfe not text",
        b"((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
        b"[1, 2, 3]",
        &[b'('; 100_000],
    ];
    for bytes in hostile {
        std::fs::write(&state, bytes).unwrap();
        match keeper.read_choices(defaults) {
            Some(Err(line)) => {
                assert!(!line.contains('\n'), "{line}");
                assert!(line.contains("state.ron"), "{line}");
                assert!(line.ends_with("(start screen defaults used)"), "{line}");
            }
            other => panic!("{other:?}"),
        }
    }
    // A directory in its place: read says so; writing says so too, nothing panics.
    std::fs::remove_file(&state).unwrap();
    std::fs::create_dir(&state).unwrap();
    assert!(matches!(keeper.read_choices(defaults), Some(Err(_))));
    assert!(matches!(
        keeper.perform(IoRequest::RememberChoices(chosen)),
        Some(Action::Notice { error: true, .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_key_acts_while_the_terminal_is_too_small() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    app.resize(20, 10);
    assert!(app.too_small());
    let shown = common::screen(&mut app, 20, 10);
    assert!(shown.contains("Terminal too small"), "{shown}");
    // `:e5` Enter, a resign, an undo, a new game: nothing happens unseen.
    type_move(&mut app, "e5");
    for action in [
        Action::Undo,
        Action::Resign,
        Action::NewGame,
        Action::Select,
        Action::Move(rankup::ui::action::Dir::Up),
        Action::Help,
    ] {
        app.update(action);
    }
    app.update(Action::Confirm(true));
    assert!(app.card.is_none());
    assert_eq!(moves(&app), ["e4"], "no move played blind");
    let play = app.play().unwrap();
    assert_eq!(play.typed_text(), None);
    assert_eq!(play.question, None);
    assert_eq!(play.table.game().outcome(), None);
    // q asks its question, shown under the note, and y answers it.
    app.update(Action::Quit);
    assert_eq!(app.play().unwrap().question, Some(Question::Quit));
    let shown = common::screen(&mut app, 20, 10);
    assert!(shown.contains("Quit rankup?"), "{shown}");
    app.update(Action::Confirm(true));
    assert!(!app.running);
}

#[test]
fn keys_act_again_once_the_terminal_is_large_enough() {
    let mut app = playing(None);
    app.resize(20, 10);
    type_move(&mut app, "e4");
    assert!(moves(&app).is_empty());
    app.resize(80, 24);
    assert!(!app.too_small());
    type_move(&mut app, "e4");
    assert_eq!(moves(&app), ["e4"]);
}

#[test]
fn a_review_too_small_to_show_only_leaves() {
    let mut app = App::reviewing(
        OPTIONS,
        palette(),
        saved_game(),
        Some(PathBuf::from("/x/g.ron")),
    )
    .unwrap();
    app.resize(20, 8);
    let ply = |app: &App| match &app.screen {
        Screen::Review(r) => r.ply,
        _ => panic!("not reviewing"),
    };
    let before = ply(&app);
    app.update(Action::Move(rankup::ui::action::Dir::Left));
    assert_eq!(ply(&app), before);
    app.update(Action::Cancel);
    assert!(!app.running);
}

#[test]
fn too_small_q_quits_from_a_prompt_and_esc_closes_it() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    // A refused move leaves its prompt open.
    type_move(&mut app, "e4");
    assert!(app.play().unwrap().typed_text().is_some());
    app.resize(20, 10);
    app.update(Action::Type('x'));
    assert_eq!(
        app.play().unwrap().typed_text(),
        Some("e4"),
        "nothing typed blind"
    );
    app.update(Action::Cancel);
    assert_eq!(
        app.play().unwrap().typed_text(),
        None,
        "Esc closes the prompt"
    );
    app.update(Action::StartTyping);
    assert_eq!(
        app.play().unwrap().typed_text(),
        None,
        "no prompt opens unseen"
    );
    let mut app = playing(None);
    type_move(&mut app, "e4");
    app.update(Action::StartTyping);
    app.resize(20, 10);
    app.update(Action::Type('q'));
    assert_eq!(
        app.play().unwrap().question,
        Some(Question::Quit),
        "q is the quit the note offers, not a letter typed"
    );
    app.update(Action::Confirm(true));
    assert!(!app.running);
}

#[test]
fn the_start_screen_says_where_esc_goes() {
    let mut app = playing(None);
    type_move(&mut app, "e4");
    app.update(Action::NewGame);
    let shown = common::screen(&mut app, 80, 24);
    assert!(
        shown.contains(
            "Esc back to your game · Enter new game · Tab ←→ choose · b saved games · q quit"
        ),
        "whole at 80 columns:\n{shown}"
    );
    let mut app = start_app();
    app.update(Action::Cancel);
    let shown = common::screen(&mut app, 80, 24);
    assert!(
        shown.contains("Quit rankup? y quits · n or Esc stays"),
        "{shown}"
    );
}

/// The game behind the start screen is in its list of unfinished games (its file is ours,
/// so it shows as open): picking it there comes back to it, not a read-only copy.
#[test]
fn resuming_the_game_behind_from_the_list_comes_back_to_it() {
    use rankup::save::{InPlay, Summary, Timestamp};
    let mut app = playing(None);
    type_move(&mut app, "e4");
    let (game_id, generation) = {
        let p = app.play().unwrap();
        (p.game_id, p.generation)
    };
    let file = PathBuf::from("/nonexistent/rankup-test/games/g.ron");
    app.update(Action::Kept {
        game_id,
        generation,
        finished: false,
        result: Ok(file.clone()),
    });
    app.update(Action::NewGame);
    let saved = app.behind.as_ref().unwrap().saved();
    app.update(Action::InPlayListed {
        at: Timestamp::from_unix(1_800_000_000),
        result: Ok(vec![InPlay {
            path: file,
            modified: Some(saved.started),
            open_elsewhere: true,
            entry: Ok(Summary::of(&saved)),
        }]),
    });
    app.take_io();
    let shown = common::screen(&mut app, 80, 24);
    assert!(shown.contains("· your game (Esc)"), "{shown}");
    assert!(!shown.contains("another session"), "{shown}");
    // Tab to the list (it comes first), Enter.
    app.update(Action::Previous);
    app.update(Action::Start);
    assert_eq!(app.play().unwrap().game_id, game_id);
    assert_eq!(moves(&app), ["e4"]);
    assert!(
        app.take_io().is_empty(),
        "nothing opened again, nothing let go"
    );
    // And `r`, which resumes the last played.
    app.update(Action::NewGame);
    app.update(Action::InPlayListed {
        at: Timestamp::from_unix(1_800_000_000),
        result: Ok(vec![InPlay {
            path: PathBuf::from("/nonexistent/rankup-test/games/g.ron"),
            modified: Some(saved.started),
            open_elsewhere: true,
            entry: Ok(Summary::of(&saved)),
        }]),
    });
    app.update(Action::Resume);
    assert_eq!(app.play().unwrap().game_id, game_id);
}

/// `n` from a game started anywhere (here as `play chess --ai 5 --clock 5+3`, the player
/// Black): the start screen shows that game's settings, not the defaults.
#[test]
fn the_start_screen_reached_with_n_shows_the_games_settings() {
    use rankup::ai::Level;
    use rankup::rules::Color;
    use rankup::ui::app::{opponent_choices, CLOCK_CHOICES};
    let level = Level::ALL[4];
    let mut app = App::playing(
        OPTIONS,
        palette(),
        Position::start(variant(VariantId::Promochess)),
        Some(TimeControl::parse("5+3").unwrap()),
        ByColor {
            white: Player::Ai(level),
            black: Player::Human,
        },
    );
    app.data_dir = Some(PathBuf::from("/nonexistent/rankup-test"));
    app.update(Action::NewGame);
    let shown = menu(&app);
    assert_eq!(shown.game(), VariantId::Promochess);
    assert_eq!(shown.side, Color::Black);
    assert_eq!(
        opponent_choices()[shown.opponent].1,
        ByColor {
            white: None,
            black: Some(level)
        }
    );
    assert_eq!(CLOCK_CHOICES[shown.clock], Some((5, 3)));
    // A clock the screen has no choice for leaves the field as it was; no clock is "no
    // clock"; a game between two people is "a friend at this keyboard".
    let mut app = playing(Some(TimeControl::parse("1+0.5").unwrap()));
    app.update(Action::NewGame);
    assert_eq!(menu(&app).clock, Menu::new(None).clock);
    assert_eq!(menu(&app).opponent, 0);
    let mut app = playing(None);
    app.update(Action::NewGame);
    assert_eq!(CLOCK_CHOICES[menu(&app).clock], None);
}
