//! A connection's app on the game server, through actions: choosing a name, the lobby and
//! its challenge form, a game whose moves, offers and answers go to the hub, watching.

mod common;

use std::sync::Arc;
use std::time::Instant;

use rankup::ai::Level;
use rankup::game::TimeControl;
use rankup::net::{
    ChallengeView, ClockSetting, ClockView, GameView, LobbyView, MyGameView, NetEvent, NetRequest,
    PlayerView, Presence, RatingChange, RatingView, RoomView, Side, Terms,
};
use rankup::rules::{ByColor, Color};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{
    opponent_choices, App, Choices, LobbyList, Options, Player, Question, Screen,
};
use rankup::ui::input::Context;
use rankup::ui::theme::{ColorMode, Palette, Theme};
use rankup::variants::VariantId;

fn app() -> App {
    let mut app = App::online(
        Options {
            glyphs: true,
            mouse: false,
            ascii: false,
            bell: None,
            ponder: false,
        },
        Palette::new(Theme::builtin("dark").unwrap(), ColorMode::TrueColor),
    );
    app.update(Action::Tick(Instant::now()));
    app
}

fn lobby() -> LobbyView {
    LobbyView {
        me: "Ann".into(),
        key: ANN_KEY.into(),
        players: vec![
            PlayerView {
                name: "Ann".into(),
                presence: Presence::Free,
                ratings: Vec::new(),
            },
            PlayerView {
                name: "Bob".into(),
                presence: Presence::Free,
                ratings: Vec::new(),
            },
        ]
        .into(),
        games: vec![GameView {
            room: 7,
            variant: VariantId::Veteran,
            names: ByColor {
                white: "Cat".into(),
                black: "Dan".into(),
            },
            plies: 4,
            clock: None,
            days: None,
            rated: false,
            ratings: ByColor::default(),
            spectators: 0,
        }]
        .into(),
        challenges: vec![ChallengeView {
            id: 3,
            from: "Bob".into(),
            to: Some("Ann".into()),
            from_key: BOB_KEY.into(),
            to_key: Some(ANN_KEY.into()),
            terms: Terms {
                variant: VariantId::Promochess,
                side: Side::Random,
                clock: None,
                days: None,
                rated: false,
            },
            rating: RatingView::default(),
            range: None,
        }],
        mine: Vec::new(),
        ai_workers: 2,
        server_games: Vec::new().into(),
    }
}

/// Key fingerprints as `ssh-keygen -l` prints them.
const ANN_KEY: &str = "SHA256:AnnKey7xQm2pLrT0vW4yZb9cDe1fGh3iJk5lMn6oPq8";
const BOB_KEY: &str = "SHA256:BobKey3aXy8wV2uT1sR0qP9oN7mL6kJ5iH4gF3eD2c1";

fn room(tokens: &[&str], you: Option<Color>) -> RoomView {
    RoomView {
        room: 9,
        variant: VariantId::Chess,
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        names: ByColor {
            white: "Ann".into(),
            black: "Bob".into(),
        },
        tokens: tokens.iter().map(|t| t.to_string()).collect(),
        outcome: None,
        clock: Some(ClockView {
            setting: ClockSetting {
                control: TimeControl::parse("5+3").unwrap(),
                pause_when_away: false,
            },
            left_ms: ByColor {
                white: 300_000,
                black: 300_000,
            },
            // As the hub says: the side to move's, once both have moved.
            running: (tokens.len() >= 2).then_some(if tokens.len().is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            }),
        }),
        days: None,
        rated: false,
        rating_change: ByColor::default(),
        you,
        away: ByColor::default(),
        draw_offer: None,
        takeback: None,
        chat: Vec::new(),
        spectators: 0,
    }
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
}

#[test]
fn a_first_visit_chooses_a_name() {
    let mut app = app();
    app.update(Action::Net(NetEvent::NeedName { refused: None }));
    assert_eq!(app.context(), Context::Typing);
    typed(&mut app, "Ann");
    app.update(Action::Submit);
    assert_eq!(app.take_net(), [NetRequest::SetName("Ann".into())]);
    app.update(Action::Net(NetEvent::NeedName {
        refused: Some("Ann is taken".into()),
    }));
    match &app.screen {
        Screen::Lobby(l) => {
            assert_eq!(l.naming, Some((String::new(), Some("Ann is taken".into()))))
        }
        _ => panic!(),
    }
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    assert_eq!(app.context(), Context::Lobby);
}

#[test]
fn the_lobby_accepts_challenges_and_sends_new_ones() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    // Enter on the challenge accepts it.
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Accept(3)]);
    app.update(Action::Decline);
    assert_eq!(app.take_net(), [NetRequest::Decline(3)]);
    // Tab to the players, Bob, c: the form; change the game and clock; Enter sends.
    app.update(Action::Next);
    app.update(Action::Move(Dir::Down));
    app.update(Action::Challenge);
    assert_eq!(app.context(), Context::LobbyForm);
    app.update(Action::Move(Dir::Right)); // chess -> veteran
    app.update(Action::Next);
    app.update(Action::Move(Dir::Left)); // random -> black
    app.update(Action::Next);
    app.update(Action::Move(Dir::Right)); // 5+3 -> 10+5
    app.update(Action::Start);
    assert_eq!(
        app.take_net(),
        [NetRequest::Challenge {
            to: "Bob".into(),
            terms: Terms {
                variant: VariantId::Veteran,
                side: Side::Black,
                clock: Some(ClockSetting {
                    control: TimeControl::parse("10+5").unwrap(),
                    pause_when_away: false
                }),
                days: None,
                rated: true,
            }
        }]
    );
    // Myself: nothing to challenge.
    app.update(Action::Move(Dir::Up));
    app.update(Action::Challenge);
    assert!(app.take_net().is_empty());
    // Games: Enter watches.
    app.update(Action::Next);
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Watch(7)]);
    // s posts a seek; a goes to the AI's start screen and back.
    app.update(Action::Seek);
    app.update(Action::Start);
    assert!(matches!(&app.take_net()[..], [NetRequest::Seek { .. }]));
    app.update(Action::PlayAi);
    assert!(matches!(app.screen, Screen::Menu(_)));
    app.update(Action::Quit);
    assert!(matches!(app.screen, Screen::Lobby(_)));
    assert!(app.running);
}

#[test]
fn a_game_on_the_server_follows_the_room_and_sends_moves() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Room(room(&[], Some(Color::White)))));
    let play = app.play().expect("the game");
    assert_eq!(play.seat.online().unwrap().room, 9);
    // My move goes to the hub, with the ply it was played at.
    app.update(Action::StartTyping);
    typed(&mut app, "e4");
    app.update(Action::Submit);
    assert_eq!(
        app.take_net(),
        [NetRequest::Move {
            room: 9,
            ply: 0,
            token: "e2e4".into()
        }]
    );
    // Not my move now: an empty square says whose it is (a piece of mine would be lifted
    // for a premove).
    app.update(Action::Move(Dir::Up));
    app.update(Action::Select);
    let message = app.play().unwrap().message.clone().unwrap();
    assert!(
        message.error && message.text.contains("Bob's move"),
        "{message:?}"
    );
    // Bob's reply arrives.
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4", "e7e5"],
        Some(Color::White),
    ))));
    assert_eq!(app.play().unwrap().table.game().history().len(), 2);
    // Undo asks for a takeback; D offers a draw; hints are off.
    app.update(Action::Undo);
    app.update(Action::OfferDraw);
    assert_eq!(
        app.take_net(),
        [NetRequest::Takeback(9), NetRequest::Draw(9)]
    );
    app.update(Action::Hint);
    assert!(app
        .play()
        .unwrap()
        .message
        .as_ref()
        .unwrap()
        .text
        .contains("no hints"));
    // Bob asks for a takeback: a question, answered.
    let mut asked = room(&["e2e4", "e7e5"], Some(Color::White));
    asked.takeback = Some(Color::Black);
    app.update(Action::Net(NetEvent::Room(asked)));
    assert_eq!(app.play().unwrap().question, Some(Question::Takeback));
    app.update(Action::Confirm(true));
    assert_eq!(
        app.take_net(),
        [NetRequest::AnswerTakeback { room: 9, yes: true }]
    );
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4"],
        Some(Color::White),
    ))));
    assert_eq!(
        app.play().unwrap().table.game().history().len(),
        1,
        "taken back"
    );
    // Chat.
    app.update(Action::Chat);
    typed(&mut app, "gg");
    app.update(Action::Submit);
    assert_eq!(
        app.take_net(),
        [NetRequest::Chat {
            room: 9,
            text: "gg".into()
        }]
    );
    // The game is the server's to keep: nothing to write here, and n waits for the end.
    assert!(app.take_io().is_empty());
    app.update(Action::NewGame);
    assert!(app.play().is_some());
}

/// A player who comes back into a room (a dropped connection, a second terminal) is told
/// what the opponent asked while they were away: the draw offer in the message line, the
/// takeback as the question.
#[test]
fn offers_standing_when_a_player_comes_back_are_told() {
    let mut app = app();
    let mut back = room(&["e2e4", "e7e5"], Some(Color::White));
    back.draw_offer = Some(Color::Black);
    app.update(Action::Net(NetEvent::Room(back)));
    let play = app.play().expect("the game");
    let message = play.message.as_ref().expect("a message").text.clone();
    assert_eq!(message, "Bob offers a draw: D accepts, a move declines");
    assert_eq!(play.table.draw_offer(), Some(Color::Black));

    let mut app = self::app();
    let mut back = room(&["e2e4", "e7e5"], Some(Color::White));
    back.takeback = Some(Color::Black);
    app.update(Action::Net(NetEvent::Room(back)));
    assert_eq!(app.play().unwrap().question, Some(Question::Takeback));

    // My own offer is not told back to me, and a new game opens on its greeting.
    let mut app = self::app();
    let mut mine = room(&["e2e4"], Some(Color::White));
    mine.draw_offer = Some(Color::White);
    app.update(Action::Net(NetEvent::Room(mine)));
    let text = &app.play().unwrap().message.as_ref().unwrap().text;
    assert!(text.contains("good game!"), "{text}");
}

#[test]
fn a_spectator_watches_and_leaves() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    // No cursor: it has nothing to do here.
    let text = common::screen(&mut app, 80, 24).replace("[ ] cursor", "");
    assert!(!text.contains('['), "{text}");
    // The next move says who played it.
    app.update(Action::Net(NetEvent::Room(room(&["e2e4", "e7e5"], None))));
    let play = app.play().unwrap();
    assert_eq!(play.message.as_ref().unwrap().text, "Bob played e5");
    app.update(Action::StartTyping);
    typed(&mut app, "Nf3");
    app.update(Action::Submit);
    assert!(app.take_net().is_empty(), "a spectator moves nothing");
    app.update(Action::Cancel);
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
    assert!(matches!(app.screen, Screen::Lobby(_)));
}

#[test]
fn an_opponent_away_counts_down_and_can_be_claimed() {
    let mut app = app();
    let mut view = room(&["e2e4"], Some(Color::White));
    view.away.black = Some(0);
    app.update(Action::Net(NetEvent::Room(view)));
    let status = app.play().unwrap().room_status(app.now);
    assert!(
        status.iter().any(|l| l.contains("Bob left: C claims")),
        "{status:?}"
    );
    app.update(Action::Claim);
    assert_eq!(app.take_net(), [NetRequest::Claim(9)]);
    let mut view = room(&["e2e4"], Some(Color::White));
    view.away.black = Some(42);
    app.update(Action::Net(NetEvent::Room(view)));
    let status = app.play().unwrap().room_status(app.now);
    assert!(
        status.iter().any(|l| l.contains("Bob away: 4")),
        "{status:?}"
    );
    assert!(app.wake_after().is_some(), "the countdown redraws");
}

#[test]
fn the_bell_rings_when_the_move_comes_back_after_a_long_think() {
    let t0 = Instant::now();
    let mut app = app();
    app.update(Action::Tick(t0));
    app.update(Action::Net(NetEvent::Room(room(&[], Some(Color::White)))));
    app.update(Action::StartTyping);
    typed(&mut app, "e4");
    app.update(Action::Submit);
    // Bob answers at once: no bell.
    app.update(Action::Tick(t0 + std::time::Duration::from_secs(1)));
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4", "e7e5"],
        Some(Color::White),
    ))));
    assert!(!app.bell);
    app.update(Action::StartTyping);
    typed(&mut app, "Nf3");
    app.update(Action::Submit);
    // Bob thinks for a minute: the bell.
    app.update(Action::Tick(t0 + std::time::Duration::from_secs(61)));
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4", "e7e5", "g1f3", "b8c6"],
        Some(Color::White),
    ))));
    assert!(app.bell, "a person on the server: the bell by default");
}

#[test]
fn a_room_clock_redraws_by_tenths_when_low_and_not_at_all_when_stopped() {
    let mut app = app();
    let mut view = room(&["e2e4", "e7e5", "g1f3"], Some(Color::White));
    if let Some(clock) = view.clock.as_mut() {
        clock.left_ms.black = 9_450;
    }
    app.update(Action::Net(NetEvent::Room(view.clone())));
    assert_eq!(
        app.wake_after(),
        Some(std::time::Duration::from_millis(51)),
        "Black's clock runs with 9.45 s left: the next tenth"
    );
    let text = common::screen(&mut app, 80, 24);
    assert!(
        text.contains("Black 0:09.4"),
        "the room shows tenths too:\n{text}"
    );
    // The hub stopped the clock (a paused game): nothing changes by itself.
    if let Some(clock) = view.clock.as_mut() {
        clock.running = None;
        clock.left_ms.black = 300_000;
    }
    app.update(Action::Net(NetEvent::Room(view)));
    assert_eq!(app.wake_after(), None);
}

#[test]
fn a_spectators_esc_in_the_chat_prompt_cancels_the_chat_not_the_game() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    app.update(Action::Chat);
    assert_eq!(app.context(), Context::Typing);
    typed(&mut app, "hi");
    app.update(Action::Cancel);
    assert!(app.play().is_some(), "still watching");
    assert_eq!(app.context(), Context::Watching);
    assert!(app.take_net().is_empty(), "nothing sent, no Leave");
    // A second Esc, with nothing typed, goes back to the lobby as before.
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
}

/// The lobby's chosen list and row.
fn spot(app: &App) -> (LobbyList, usize) {
    match &app.screen {
        Screen::Lobby(l) => (l.list, l.selected),
        _ => panic!("not in the lobby"),
    }
}

#[test]
fn arrows_move_within_and_across_the_lobby_lists() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    assert_eq!(spot(&app), (LobbyList::Challenges, 0));
    // ↓ past the last challenge goes on into the players, then into the games.
    let down = [
        (LobbyList::Players, 0),
        (LobbyList::Players, 1),
        (LobbyList::Games, 0),
        (LobbyList::Games, 0), // the bottom: it stays
    ];
    for want in down {
        app.update(Action::Move(Dir::Down));
        assert_eq!(spot(&app), want);
    }
    // Enter acts on what is chosen: the game is watched.
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Watch(7)]);
    // ↑ comes back to the last row of the list above.
    app.update(Action::Move(Dir::Up));
    assert_eq!(spot(&app), (LobbyList::Players, 1));
    app.update(Action::Start);
    assert_eq!(app.context(), Context::LobbyForm, "Enter on Bob challenges");
    app.update(Action::Cancel);
    // ← → jump between lists (as Tab does); an empty list is passed over by ↓.
    app.update(Action::Previous);
    assert_eq!(spot(&app), (LobbyList::Challenges, 0));
    let mut view = lobby();
    let mut players = view.players.to_vec();
    players.truncate(1);
    players[0].name = "Ann".into();
    view.players = players.into();
    view.challenges.clear();
    app.update(Action::Net(NetEvent::Lobby(view.clone())));
    assert_eq!(
        spot(&app),
        (LobbyList::Players, 0),
        "an emptied list hands the highlight to the nearest list with rows"
    );
    app.update(Action::Move(Dir::Down));
    assert_eq!(spot(&app), (LobbyList::Games, 0));
    view.players = Vec::new().into();
    app.update(Action::Net(NetEvent::Lobby(view)));
    app.update(Action::Move(Dir::Up));
    assert_eq!(spot(&app), (LobbyList::Games, 0), "nothing above has rows");
}

#[test]
fn the_selection_is_kept_after_a_watched_game_and_a_game_of_ones_own() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    for _ in 0..3 {
        app.update(Action::Move(Dir::Down));
    }
    assert_eq!(spot(&app), (LobbyList::Games, 0));
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Watch(7)]);
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    assert!(app.play().is_some());
    app.update(Action::Cancel);
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
    assert_eq!(
        spot(&app),
        (LobbyList::Games, 0),
        "the watched game is chosen"
    );
    // After the AI's start screen too.
    app.update(Action::Move(Dir::Up));
    app.update(Action::PlayAi);
    app.update(Action::Cancel);
    assert_eq!(spot(&app), (LobbyList::Players, 1));
}

#[test]
fn a_in_the_lobby_plays_the_ai_never_a_friend_at_this_keyboard() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    // Even when the friend was the remembered choice.
    app.choices = Some(Choices {
        game: VariantId::Chess,
        opponent: 0,
        side: Color::White,
        clock: 0,
    });
    app.update(Action::PlayAi);
    let Screen::Menu(menu) = &app.screen else {
        panic!("the start screen")
    };
    let levels = opponent_choices()[menu.opponent].1;
    assert_eq!(levels.black, Some(Level::DEFAULT));
    assert_eq!(levels.white, None);
    // The opponent field cycles through the AI choices only.
    app.update(Action::Next);
    for _ in 0..2 * opponent_choices().len() {
        app.update(Action::Move(Dir::Left));
        let Screen::Menu(menu) = &app.screen else {
            panic!()
        };
        assert_ne!(menu.opponent, 0, "a friend at this keyboard is offered");
    }
    // A remembered AI level is kept.
    app.update(Action::Cancel);
    app.choices = Some(Choices {
        game: VariantId::Chess,
        opponent: 2,
        side: Color::Black,
        clock: 0,
    });
    app.update(Action::PlayAi);
    let Screen::Menu(menu) = &app.screen else {
        panic!()
    };
    assert_eq!(menu.opponent, 2);
    app.update(Action::Start);
    let play = app.play().expect("a game against the AI");
    let players = play.players();
    assert!(
        [players.white, players.black]
            .iter()
            .any(|p| matches!(p, Player::Ai(_))),
        "{players:?}"
    );
    // The hub hears of it, for the lobby's presence, and hears again when it is over.
    assert_eq!(app.take_net(), [NetRequest::PlayingAi(true)]);
    app.update(Action::NewGame);
    assert!(matches!(app.screen, Screen::Menu(_)));
    assert!(
        app.take_net().is_empty(),
        "the game behind the start screen is on"
    );
    app.update(Action::Quit);
    assert!(matches!(app.screen, Screen::Lobby(_)), "back in the lobby");
    assert_eq!(app.take_net(), [NetRequest::PlayingAi(false)]);
}

#[test]
fn a_spectator_gets_only_the_spectator_keys() {
    use rankup::ui::input::action_for;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    assert_eq!(app.context(), Context::Watching);
    // The keys of a player's moves, offers and answers do nothing for a spectator: no
    // "wait for your opponent's move", no draw offer that goes nowhere.
    for ch in ['D', 'R', 'C', 'u', ':', 'H'] {
        assert_eq!(
            action_for(app.context(), key(KeyCode::Char(ch))),
            None,
            "{ch}"
        );
    }
    for code in [KeyCode::Enter, KeyCode::Char(' '), KeyCode::Up] {
        assert_eq!(action_for(app.context(), key(code)), None, "{code:?}");
    }
    // t chats to the room.
    let chat = action_for(app.context(), key(KeyCode::Char('t'))).unwrap();
    app.update(chat);
    assert_eq!(app.context(), Context::Typing);
    typed(&mut app, "nice");
    app.update(Action::Submit);
    assert_eq!(
        app.take_net(),
        [NetRequest::Chat {
            room: 9,
            text: "nice".into()
        }]
    );
    assert_eq!(app.context(), Context::Watching);
    // n goes back to the lobby.
    let back = action_for(app.context(), key(KeyCode::Char('n'))).unwrap();
    app.update(back);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
    assert!(matches!(app.screen, Screen::Lobby(_)));
    // A player's board keeps the player's keys.
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4"],
        Some(Color::Black),
    ))));
    assert_eq!(app.context(), Context::Board);
}

#[test]
fn the_challenge_form_filters_the_games_as_you_type() {
    use rankup::ui::input::action_for;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    app.update(Action::Seek);
    assert_eq!(app.context(), Context::LobbyForm);
    // Letters reach the form as typing, not as commands.
    let key = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(action_for(Context::LobbyForm, key), Some(Action::Type('q')));
    let form = |app: &App| match &app.screen {
        Screen::Lobby(l) => l.form.clone().expect("the form is open"),
        _ => panic!("not in the lobby"),
    };
    typed(&mut app, "TIMUR");
    let f = form(&app);
    assert_eq!(f.filter, "TIMUR");
    let names: Vec<VariantId> = f.matches().iter().map(|&i| VariantId::ALL[i]).collect();
    assert_eq!(
        names,
        [
            VariantId::ApcTimur,
            VariantId::ApcMixedTimur,
            VariantId::ApcLonghaulTimur
        ]
    );
    assert_eq!(f.terms().variant, VariantId::ApcTimur);
    // ← → cycle among the matches only.
    app.update(Action::Move(Dir::Left));
    assert_eq!(form(&app).terms().variant, VariantId::ApcLonghaulTimur);
    app.update(Action::Move(Dir::Right));
    assert_eq!(form(&app).terms().variant, VariantId::ApcTimur);
    // Backspace widens; a filter nothing matches keeps the game and refuses to send.
    typed(&mut app, "xyz");
    assert!(form(&app).matches().is_empty());
    app.update(Action::Start);
    assert!(app.take_net().is_empty());
    for _ in 0..8 {
        app.update(Action::Backspace);
    }
    assert_eq!(form(&app).filter, "");
    typed(&mut app, "promo");
    assert_eq!(form(&app).terms().variant, VariantId::Promochess);
    // Esc clears the filter first (the game stays), then closes the form.
    app.update(Action::Cancel);
    let f = form(&app);
    assert_eq!(
        (f.filter.as_str(), f.terms().variant),
        ("", VariantId::Promochess)
    );
    assert_eq!(f.matches().len(), VariantId::ALL.len());
    // A name typed whole is that game, though the chosen one (PromoChess) matches too.
    typed(&mut app, "chess");
    assert_eq!(form(&app).terms().variant, VariantId::Chess);
    app.update(Action::Cancel);
    typed(&mut app, "promo");
    app.update(Action::Cancel);
    app.update(Action::Start);
    match &app.take_net()[..] {
        [NetRequest::Seek { terms, .. }] => assert_eq!(terms.variant, VariantId::Promochess),
        other => panic!("{other:?}"),
    }
    app.update(Action::Seek);
    app.update(Action::Cancel);
    assert_eq!(app.context(), Context::Lobby);
}

#[test]
fn the_lobby_shows_my_key_and_the_challengers_key_beside_the_names() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    let text = common::screen(&mut app, 80, 24);
    assert!(
        text.contains("you are Ann · SHA256:AnnKey7x · 2 online"),
        "{text}"
    );
    assert!(
        text.contains("Bob 1500? · SHA256:BobKey3a → you: PromoChess"),
        "{text}"
    );
    assert!(
        !text.contains("BobKey3aX"),
        "only the short fingerprint: {text}"
    );
    // The longest name keeps its key in view at 80 columns; the rest is cut short.
    app.update(Action::Net(NetEvent::Lobby(LobbyView {
        me: "Abcdefghijklmnop".into(),
        ..lobby()
    })));
    let text = common::screen(&mut app, 80, 24);
    let header = text.lines().next().unwrap();
    assert!(
        header.contains("you are Abcdefghijklmnop · SHA256:AnnKey7x · 2 online")
            && header.trim_end().ends_with('…'),
        "{header}"
    );
}

#[test]
fn the_servers_own_games_are_offered_in_the_challenge_form_after_the_built_in_ones() {
    // A game of the server's variants folder, as `rankup serve` registers it.
    let text = include_str!("../variants/promochess.ron")
        .replacen("id: \"promochess\"", "id: \"house-promo\"", 1)
        .replacen("name: \"PromoChess\"", "name: \"House PromoChess\"", 1);
    let house = rankup::variants::register(&text, "variants/house-promo.ron").unwrap();
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(LobbyView {
        server_games: vec![house].into(),
        ..lobby()
    })));
    app.update(Action::Seek);
    let form = |app: &App| match &app.screen {
        Screen::Lobby(l) => l.form.clone().expect("the form is open"),
        _ => panic!("not in the lobby"),
    };
    let f = form(&app);
    assert_eq!(f.games.len(), VariantId::ALL.len() + 1);
    assert_eq!(f.games.last(), Some(&house));
    // Found by typing, like any game, and sent as the seek's game.
    typed(&mut app, "house");
    assert_eq!(form(&app).terms().variant, house);
    let screen = common::screen(&mut app, 100, 24);
    assert!(screen.contains("game   House PromoChess"), "{screen}");
    assert!(screen.contains("\"house\": 1 of 14"), "{screen}");
    app.update(Action::Start);
    match &app.take_net()[..] {
        [NetRequest::Seek { terms, .. }] => assert_eq!(terms.variant, house),
        other => panic!("{other:?}"),
    }
    // A lobby without games of its own offers the built-in ones only.
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    app.update(Action::Seek);
    assert_eq!(form(&app).games, VariantId::ALL);
}

#[test]
fn the_lobby_lists_ones_own_game_as_your_game_with_the_opponent() {
    let mut app = app();
    let mut view = lobby();
    view.games = with(
        &view.games,
        GameView {
            room: 8,
            variant: VariantId::Chess,
            names: ByColor {
                white: "Bob".into(),
                black: "Ann".into(),
            },
            plies: 6,
            clock: None,
            days: None,
            rated: false,
            ratings: ByColor::default(),
            spectators: 0,
        },
    );
    app.update(Action::Net(NetEvent::Lobby(view)));
    let text = common::screen(&mut app, 100, 24);
    assert!(text.contains("your game with Bob · Bob v Ann"), "{text}");
    assert!(!text.contains("your game with Dan"), "{text}");
}

/// The lobby of [`lobby`] with ratings: Bob rated 1812 and Cat 1500? in PromoChess, Bob's
/// open seek, and a correspondence game of mine where it is my move.
fn rated_lobby() -> LobbyView {
    let mut view = lobby();
    let promo = |rating, provisional| {
        vec![(
            VariantId::Promochess,
            RatingView {
                rating,
                provisional,
            },
        )]
    };
    let mut players = view.players.to_vec();
    players[1].ratings = promo(1812, false);
    view.players = with(
        &players,
        PlayerView {
            name: "Cat".into(),
            presence: Presence::InGame(7),
            ratings: promo(1650, true),
        },
    );
    view.challenges.push(ChallengeView {
        id: 4,
        from: "Cat".into(),
        to: None,
        from_key: "SHA256:CatKey00".into(),
        to_key: None,
        terms: Terms {
            variant: VariantId::Chess,
            side: Side::White,
            clock: Some(ClockSetting {
                control: TimeControl::parse("3+2").unwrap(),
                pause_when_away: false,
            }),
            days: None,
            rated: true,
        },
        rating: RatingView {
            rating: 1650,
            provisional: true,
        },
        range: Some(200),
    });
    let mut games = view.games.to_vec();
    games[0].rated = true;
    games[0].days = Some(3);
    games[0].ratings.white.rating = 1650;
    view.games = games.into();
    view.mine.push(MyGameView {
        room: 11,
        variant: VariantId::Chess,
        opponent: "Dan".into(),
        me: Color::White,
        my_move: true,
        left_secs: 2 * 86_400 + 5 * 3600,
        days: 3,
    });
    view
}

#[test]
fn a_seek_is_posted_with_a_clock_rated_or_casual_and_a_rating_range() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    app.update(Action::Seek);
    typed(&mut app, "promo");
    app.update(Action::Next); // side
    app.update(Action::Move(Dir::Left)); // random -> black
    app.update(Action::Next); // clock: 5+3 -> 15+10 -> 1 day -> 2 days -> 3 days
    for _ in 0..5 {
        app.update(Action::Move(Dir::Right));
    }
    app.update(Action::Next); // rated (no "away" field: correspondence)
    app.update(Action::Next); // range: any -> ±100 -> ±200
    app.update(Action::Move(Dir::Right));
    app.update(Action::Move(Dir::Right));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("3 days/move (correspondence)"), "{text}");
    assert!(text.contains("ratings within ±200 of mine"), "{text}");
    assert!(
        text.contains("never claimed: days per move instead"),
        "{text}"
    );
    insta::assert_snapshot!("lobby_seek_form_80x24", text);
    app.update(Action::Start);
    let promo_black_3_days = Terms {
        variant: VariantId::Promochess,
        side: Side::Black,
        clock: None,
        days: Some(3),
        rated: true,
    };
    assert_eq!(
        app.take_net(),
        [NetRequest::Seek {
            terms: promo_black_3_days,
            range: Some(200),
        }]
    );
    // Casual: the rated field toggled; a challenge has no range field (Tab wraps from
    // rated to the game).
    app.update(Action::Next);
    app.update(Action::Move(Dir::Down));
    app.update(Action::Challenge);
    for _ in 0..4 {
        app.update(Action::Next);
    }
    app.update(Action::Move(Dir::Right));
    app.update(Action::Next);
    typed(&mut app, "vet");
    app.update(Action::Start);
    match &app.take_net()[..] {
        [NetRequest::Challenge { to, terms }] => {
            assert_eq!(to, "Bob");
            assert_eq!((terms.variant, terms.rated), (VariantId::Veteran, false));
        }
        other => panic!("{other:?}"),
    }
    // An untimed game is never rated, whatever the field says.
    app.update(Action::Seek);
    app.update(Action::Next);
    app.update(Action::Next);
    app.update(Action::Move(Dir::Left));
    app.update(Action::Move(Dir::Left));
    let text = common::screen(&mut app, 80, 24);
    assert!(
        text.contains("casual (untimed games are not rated)"),
        "{text}"
    );
    app.update(Action::Start);
    assert!(matches!(
        &app.take_net()[..],
        [NetRequest::Seek { terms, range: None }] if !terms.rated && terms.clock.is_none()
    ));
}

#[test]
fn a_seek_is_accepted_with_enter_and_the_players_sort_by_rating() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(rated_lobby())));
    // My correspondence game is on top; then Bob's challenge and Cat's seek.
    assert_eq!(spot(&app), (LobbyList::Challenges, 0));
    app.update(Action::Move(Dir::Down));
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Accept(4)]);
    // The players sort by their rating in the game last chosen in the form: PromoChess
    // (Bob 1812, Cat 1650?) after a PromoChess seek; me first always.
    let order = |app: &App| match &app.screen {
        Screen::Lobby(l) => l.players().map(|p| p.name.clone()).collect::<Vec<_>>(),
        _ => panic!(),
    };
    assert_eq!(
        order(&app),
        ["Ann", "Bob", "Cat"],
        "by name: all 1500? in Chess"
    );
    app.update(Action::Seek);
    typed(&mut app, "promo");
    app.update(Action::Start);
    app.take_net();
    assert_eq!(order(&app), ["Ann", "Bob", "Cat"]);
    let mut view = rated_lobby();
    let mut players = view.players.to_vec();
    players[1].ratings[0].1.rating = 1600;
    view.players = players.into();
    app.update(Action::Net(NetEvent::Lobby(view)));
    assert_eq!(
        order(&app),
        ["Ann", "Cat", "Bob"],
        "Cat 1650? above Bob 1600"
    );
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("by PromoChess rating"), "{text}");
    // Enter on my correspondence game opens it.
    app.update(Action::Move(Dir::Up));
    app.update(Action::Move(Dir::Up));
    app.update(Action::Move(Dir::Up));
    assert_eq!(spot(&app), (LobbyList::Mine, 0));
    app.update(Action::Start);
    assert_eq!(app.take_net(), [NetRequest::Watch(11)]);
}

#[test]
fn the_lobby_with_ratings_seeks_and_correspondence_at_80x24() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(rated_lobby())));
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("your move in 1 game"), "{text}");
    // The challenger's rating and key first, then the terms (the range last, cut at 80).
    assert!(
        text.contains("Cat 1650? · SHA256:CatKey00 → anyone: Chess, 3+2, rated"),
        "{text}"
    );
    insta::assert_snapshot!("lobby_ratings_80x24", text);
}

#[test]
fn the_bell_rings_when_a_correspondence_game_becomes_my_move() {
    let mut app = app();
    // On connecting, games already waiting for my move ring nothing.
    app.update(Action::Net(NetEvent::Lobby(rated_lobby())));
    assert!(!app.bell);
    let mut view = rated_lobby();
    view.mine[0].my_move = false;
    app.update(Action::Net(NetEvent::Lobby(view.clone())));
    assert!(!app.bell);
    // Another lobby change, still not my move: no bell.
    app.update(Action::Net(NetEvent::Lobby(view.clone())));
    assert!(!app.bell);
    view.mine[0].my_move = true;
    app.update(Action::Net(NetEvent::Lobby(view.clone())));
    assert!(app.bell, "my move now");
    app.bell = false;
    app.update(Action::Net(NetEvent::Lobby(view)));
    assert!(!app.bell, "once");
}

#[test]
fn a_correspondence_game_is_left_with_esc_and_shows_its_deadline() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(rated_lobby())));
    let mut view = room(&["e2e4"], Some(Color::White));
    view.clock = None;
    view.days = Some((3, 86_400 + 7200));
    view.rated = true;
    app.update(Action::Net(NetEvent::Room(view)));
    let status = app.play().unwrap().room_status(app.now);
    assert!(
        status.contains(&"3 days/move: Bob has 1 d 2 h to move".to_string()),
        "{status:?}"
    );
    // It counts down by the app's clock between views.
    let later = app.now.unwrap() + std::time::Duration::from_secs(3 * 3600);
    app.update(Action::Tick(later));
    let status = app.play().unwrap().room_status(app.now);
    assert!(
        status.contains(&"3 days/move: Bob has 23 h 0 min to move".to_string()),
        "{status:?}"
    );
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
    assert!(matches!(app.screen, Screen::Lobby(_)));
}

#[test]
fn a_rated_games_end_shows_the_rating_change() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Room(room(
        &["e2e4"],
        Some(Color::White),
    ))));
    let mut view = room(&["e2e4"], Some(Color::White));
    view.outcome = Some(rankup::rules::Outcome::Decisive {
        winner: Color::White,
        reason: rankup::rules::EndReason::Resignation,
    });
    view.rated = true;
    view.rating_change.white = Some(RatingChange {
        before: RatingView {
            rating: 1500,
            provisional: true,
        },
        after: RatingView {
            rating: 1512,
            provisional: true,
        },
    });
    app.update(Action::Net(NetEvent::Room(view)));
    let message = app.play().unwrap().message.clone().unwrap().text;
    assert!(message.contains("rating 1500? → 1512? (+12)"), "{message}");
}

#[test]
fn the_game_sorting_the_players_is_kept_after_a_watched_game() {
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(rated_lobby())));
    app.update(Action::Seek);
    typed(&mut app, "promo");
    app.update(Action::Start);
    app.take_net();
    app.update(Action::Net(NetEvent::Room(room(&["e2e4"], None))));
    assert!(app.play().is_some());
    app.update(Action::Cancel);
    assert_eq!(app.take_net(), [NetRequest::Leave]);
    match &app.screen {
        Screen::Lobby(l) => assert_eq!(l.rating_game, VariantId::Promochess),
        _ => panic!("not in the lobby"),
    }
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("by PromoChess rating"), "{text}");
}

/// `list` with `item` added at the end (the lobby's lists are shared, not changed).
fn with<T: Clone>(list: &[T], item: T) -> Arc<[T]> {
    list.iter().cloned().chain([item]).collect()
}

#[test]
fn a_lobby_of_three_hundred_players_draws_a_screenful_around_the_chosen_one() {
    let mut app = app();
    let mut view = lobby();
    let mut players = view.players.to_vec();
    players.extend((0..300).map(|i| PlayerView {
        name: format!("p{i:03}"),
        presence: Presence::Free,
        ratings: Vec::new(),
    }));
    view.players = players.into();
    app.update(Action::Net(NetEvent::Lobby(view)));
    // To the players' list (→ is Next there), then 150 rows down.
    app.update(Action::Next);
    assert_eq!(spot(&app).0, LobbyList::Players);
    for _ in 0..150 {
        app.update(Action::Move(Dir::Down));
    }
    let chosen = match &app.screen {
        Screen::Lobby(l) => l.players().nth(spot(&app).1).unwrap().name.clone(),
        _ => panic!("not the lobby"),
    };
    let text = common::screen(&mut app, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 24, "{text}");
    // The chosen player is drawn, highlighted; rows above and below are counted, not
    // drawn; the other lists keep their heading and a row; the footer stays.
    assert!(
        lines.iter().any(|l| l.contains(&format!("> {chosen}"))),
        "{text}"
    );
    assert!(text.contains("more above,"), "{text}");
    assert!(text.contains("Games in progress"), "{text}");
    assert!(text.contains("Cat v Dan"), "{text}");
    assert!(lines[23].contains("↑↓ choose"), "{text}");
}

/// `L` in the lobby opens the lessons; a finished lesson is kept through the keeper in the
/// player's own folder (the session's data folder on the server) and read back from it, and
/// Esc goes back to the lobby, not to the start screen.
#[test]
fn l_in_the_lobby_opens_the_lessons_kept_in_the_players_folder() {
    use rankup::ui::app::IoRequest;
    use rankup::ui::input::action_for;
    use rankup::ui::keeper::Keeper;
    use rankup::ui::learn::Stage;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    let root = std::env::temp_dir().join(format!("rankup-lobby-learn-{}", std::process::id()));
    let mut app = app();
    // As the server's session does: the player's own folder.
    app.data_dir = Some(root.clone());
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    let text = common::screen(&mut app, 80, 24);
    assert!(
        text.lines().last().unwrap_or_default().contains("L learn"),
        "{text}"
    );
    let key = KeyEvent::new(KeyCode::Char('L'), KeyModifiers::NONE);
    assert_eq!(action_for(Context::Lobby, key), Some(Action::Learn));
    app.update(Action::Learn);
    let Screen::Learn(learn) = &app.screen else {
        panic!("L opens the lessons");
    };
    assert_eq!(learn.courses.len(), VariantId::ALL.len());
    // The chess course (the first), its first lesson, played to its end.
    app.update(Action::Select);
    app.update(Action::Select);
    for answer in ["Ra8", "Rxd5"] {
        app.update(Action::StartTyping);
        typed(&mut app, answer);
        app.update(Action::Submit);
        let Screen::Learn(learn) = &app.screen else {
            panic!("still the lessons");
        };
        assert!(
            matches!(&learn.stage, Stage::Step(s) if s.attempt.solved()),
            "{:?}",
            learn.message
        );
        app.update(Action::Select);
    }
    let io = app.take_io();
    let [IoRequest::RememberLessons(progress)] = io.as_slice() else {
        panic!("the finished lesson is kept: {io:?}");
    };
    // The keeper of the session writes it in the player's folder, and the next session's
    // keeper reads it back.
    let mut keeper = Keeper::new(Some(rankup::save::DataDir::at(&root)));
    assert_eq!(
        keeper.perform(IoRequest::RememberLessons(progress.clone())),
        None
    );
    let next = Keeper::new(Some(rankup::save::DataDir::at(&root)));
    assert_eq!(next.read_progress(), Some(Ok(progress.clone())));
    assert!(progress.done["chess"].contains("The Rook"));
    // Esc back to the lessons, to the games, and to the lobby.
    for _ in 0..3 {
        app.update(Action::Cancel);
    }
    assert!(matches!(app.screen, Screen::Lobby(_)), "back in the lobby");
    std::fs::remove_dir_all(&root).ok();
}

/// `P` in the lobby opens the puzzles (the same screen as on the start screen; the record
/// is read from the player's folder when the session starts), and Esc comes back to the
/// lobby.
#[test]
fn p_in_the_lobby_opens_the_puzzles_and_esc_comes_back() {
    use rankup::ui::input::action_for;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = app();
    app.update(Action::Net(NetEvent::Lobby(lobby())));
    let text = common::screen(&mut app, 80, 24);
    assert!(
        text.lines()
            .last()
            .unwrap_or_default()
            .contains("P puzzles"),
        "{text}"
    );
    let key = KeyEvent::new(KeyCode::Char('P'), KeyModifiers::SHIFT);
    assert_eq!(action_for(Context::Lobby, key), Some(Action::Puzzles));
    app.update(Action::Puzzles);
    assert!(matches!(app.screen, Screen::Puzzles(_)), "the puzzles");
    let text = common::screen(&mut app, 80, 24);
    assert!(text.contains("Chess"), "{text}");
    for _ in 0..4 {
        if matches!(app.screen, Screen::Lobby(_)) {
            break;
        }
        app.update(Action::Cancel);
    }
    assert!(matches!(app.screen, Screen::Lobby(_)), "back in the lobby");
}
