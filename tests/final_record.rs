//! A finished game's record is final: once a game is over, nothing the player presses takes a
//! move back, replays one or makes the AI think again, and nothing rewrites its file. Driven
//! through the app's actions with its keeper on a scratch data folder; the server's rooms
//! through the hub.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rankup::ai::Level;
use rankup::game::Game;
use rankup::net::{ClockSetting, NetEvent, NetRequest, RoomView, Side, Terms};
use rankup::rules::{ByColor, Color, EndReason, Outcome, Position};
use rankup::save::{DataDir, GameMeta, Player as Saved, SavedGame, GAMES_DIR, SAVES_DIR};
use rankup::server::hub::{Effect, Hub};
use rankup::ui::action::{Action, Dir};
use rankup::ui::app::{App, Player, Screen, TimeControl};
use rankup::ui::keeper::Keeper;
use rankup::variants::{variant, VariantId};

mod common;
use common::{palette, OPTIONS};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-final-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `*.ron` files of a folder, with their bytes.
fn files_in(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "ron")
                        && !p.file_name().unwrap().to_string_lossy().starts_with('.')
                })
                .map(|p| {
                    let bytes = fs::read(&p).unwrap();
                    (p, bytes)
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// An app and its keeper on a data folder, with a clock of its own.
struct Session {
    app: App,
    keeper: Keeper,
    root: PathBuf,
    now: Instant,
}

impl Session {
    fn playing(name: &str, players: ByColor<Player>, clock: Option<TimeControl>) -> Session {
        let root = temp_dir(name);
        let data = DataDir::at(&root);
        let mut app = App::playing(
            OPTIONS,
            palette(),
            Position::start(variant(VariantId::Chess)),
            clock,
            players,
        );
        app.data_dir = Some(data.root().to_path_buf());
        let now = Instant::now();
        let mut s = Session {
            app,
            keeper: Keeper::new(Some(data)),
            root,
            now,
        };
        s.tick(Duration::ZERO);
        s
    }

    fn menu(root: &Path) -> Session {
        let data = DataDir::at(root);
        let mut app = App::new(OPTIONS, palette(), None);
        app.data_dir = Some(data.root().to_path_buf());
        let mut s = Session {
            app,
            keeper: Keeper::new(Some(data)),
            root: root.to_path_buf(),
            now: Instant::now(),
        };
        s.serve();
        s
    }

    fn serve(&mut self) {
        self.keeper.serve(&mut self.app);
    }

    fn act(&mut self, action: Action) {
        self.app.update(action);
        self.serve();
    }

    /// Time passes by `by`.
    fn tick(&mut self, by: Duration) {
        self.now += by;
        self.act(Action::Tick(self.now));
    }

    /// A person types a move.
    fn typed(&mut self, text: &str) {
        self.app.update(Action::StartTyping);
        for c in text.chars() {
            self.app.update(Action::Type(c));
        }
        self.act(Action::Submit);
    }

    /// The AI, asked for its move, answers `san` after `think`.
    fn ai_answers(&mut self, san: &str, think: Duration) {
        let request = self.app.search_request().expect("the AI is asked to move");
        let mv = rankup::notation::san::parse(&request.position, san).unwrap();
        self.tick(think);
        self.act(Action::AiDone {
            id: request.id,
            best: Some(mv),
            thinking: rankup::ui::app::Thinking {
                depth: 3,
                score: "+0.10".into(),
                line: san.into(),
                nodes: 1000,
                eval: None,
            },
        });
    }

    fn saves(&self) -> Vec<(PathBuf, Vec<u8>)> {
        files_in(&self.root.join(SAVES_DIR))
    }

    fn in_play(&self) -> Vec<(PathBuf, Vec<u8>)> {
        files_in(&self.root.join(GAMES_DIR))
    }

    fn message(&self) -> String {
        let play = self.app.play().expect("the game is shown");
        play.message
            .as_ref()
            .map_or(String::new(), |m| m.text.clone())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

const HUMANS: ByColor<Player> = ByColor {
    white: Player::Human,
    black: Player::Human,
};

/// The game is over, kept in `saves/` and nowhere else; everything that could change the
/// record is pressed in turn, and the files stay byte for byte as they were, no search is
/// asked for, and the board stays at the end.
fn nothing_rewrites(s: &mut Session, plies: usize) {
    assert!(
        s.app.play().unwrap().table.game().outcome().is_some(),
        "over"
    );
    let saved = s.saves();
    assert_eq!(saved.len(), 1, "kept in saves/");
    assert!(s.in_play().is_empty(), "no game in play");
    for action in [
        Action::Undo,
        Action::Redo,
        Action::Undo,
        Action::Resign,
        Action::OfferDraw,
        Action::Hint,
        Action::Select,
    ] {
        s.act(action.clone());
        s.tick(Duration::from_secs(30));
        assert!(s.app.search_request().is_none(), "{action:?}: no search");
        let play = s.app.play().unwrap();
        assert_eq!(play.table.game().history().len(), plies, "{action:?}");
        assert!(play.table.game().outcome().is_some(), "{action:?}");
        assert_eq!(s.saves(), saved, "{action:?}: the record is as it was");
        assert!(s.in_play().is_empty(), "{action:?}: no game back in play");
    }
    s.act(Action::Undo);
    let message = s.message();
    assert!(
        message.contains("kept as played") && message.contains("plays on from any move"),
        "{message}"
    );
    assert!(s.app.play().unwrap().message.as_ref().unwrap().error);
}

#[test]
fn undo_after_checkmate_between_two_people_rewrites_nothing() {
    let mut s = Session::playing("people", HUMANS, None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        s.typed(m);
    }
    nothing_rewrites(&mut s, 4);
    // The refusal names the real way to try other moves: the browser and review.
    assert!(s.message().contains("n, b, Enter"), "{}", s.message());
}

#[test]
fn undo_after_beating_the_ai_rewrites_nothing_and_the_ai_does_not_think_again() {
    let players = ByColor {
        white: Player::Ai(Level::DEFAULT),
        black: Player::Human,
    };
    let mut s = Session::playing("beat-ai", players, None);
    s.ai_answers("f3", Duration::from_millis(12));
    s.typed("e5");
    s.ai_answers("g4", Duration::from_millis(12));
    s.typed("Qh4#");
    nothing_rewrites(&mut s, 4);
}

#[test]
fn a_watched_game_is_never_replayed_into_its_file() {
    let ai = Player::Ai(Level::DEFAULT);
    let mut s = Session::playing(
        "watched",
        ByColor {
            white: ai,
            black: ai,
        },
        None,
    );
    for m in ["f3", "e5", "g4", "Qh4#"] {
        s.ai_answers(m, Duration::from_millis(12));
    }
    let saved =
        SavedGame::from_ron(&String::from_utf8(s.saves()[0].1.clone()).unwrap(), "kept").unwrap();
    assert_eq!(saved.moves[3].think_ms, Some(12));
    nothing_rewrites(&mut s, 4);
}

#[test]
fn a_game_lost_on_time_stays_lost_on_time() {
    let clock = TimeControl {
        base: Duration::from_secs(60),
        increment: Duration::ZERO,
    };
    let mut s = Session::playing("flag", HUMANS, Some(clock));
    // The clocks start once both sides have moved: Black's runs after White's second.
    for m in ["e4", "e5", "Nf3"] {
        s.typed(m);
    }
    s.tick(Duration::from_secs(61));
    assert_eq!(
        s.app.play().unwrap().table.game().outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Time
        })
    );
    nothing_rewrites(&mut s, 3);
}

#[test]
fn a_resigned_game_stays_resigned() {
    let mut s = Session::playing("resigned", HUMANS, None);
    s.typed("e4");
    s.act(Action::Resign);
    s.act(Action::Confirm(true));
    nothing_rewrites(&mut s, 1);
}

#[test]
fn a_draw_by_agreement_stays_agreed() {
    let mut s = Session::playing("agreed", HUMANS, None);
    s.act(Action::OfferDraw);
    s.typed("e4");
    s.act(Action::OfferDraw);
    assert_eq!(
        s.app.play().unwrap().table.game().outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Agreement
        })
    );
    nothing_rewrites(&mut s, 1);
}

/// "Play on" from the browser opens a finished game for review (its end has nothing to play
/// on from), where `p` plays on from an earlier move as a new game, and nothing is written
/// to the finished game's file.
#[test]
fn playing_on_from_a_finished_game_starts_a_new_game_and_leaves_the_record() {
    let mut s = Session::playing("play-on", HUMANS, None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        s.typed(m);
    }
    let saved = s.saves();
    let root = s.root.clone();
    let mut b = Session::menu(&root);
    b.act(Action::Browse);
    b.act(Action::PlayFromHere);
    let Screen::Review(review) = &b.app.screen else {
        panic!("a finished game opens for review");
    };
    let text = review.message.as_ref().unwrap().text.clone();
    assert!(text.contains("p plays on"), "{text}");
    // At the mate there is nothing to play on from.
    b.act(Action::PlayFromHere);
    let Screen::Review(review) = &b.app.screen else {
        panic!("still reviewing");
    };
    let text = review.message.as_ref().unwrap().text.clone();
    assert!(text.contains("over in this position"), "{text}");
    // Two moves back, it is a new game, in a file of its own.
    b.act(Action::Move(Dir::Left));
    b.act(Action::Move(Dir::Left));
    b.act(Action::PlayFromHere);
    let play = b.app.play().expect("playing on");
    assert_eq!(play.table.game().history().len(), 2);
    assert!(play.table.game().outcome().is_none());
    b.typed("d4");
    assert_eq!(b.in_play().len(), 1, "the new game is in play");
    assert_eq!(b.saves(), saved, "the old record is untouched");
}

/// A resigned game played on from its last move: the resignation ended the record, not the
/// position.
#[test]
fn a_resigned_game_plays_on_from_its_last_move() {
    let mut game = Game::from_start(variant(VariantId::Chess));
    game.play_text("e4").unwrap();
    game.declare(Outcome::Decisive {
        winner: Color::White,
        reason: EndReason::Resignation,
    });
    let saved = SavedGame::from_game(&game, &GameMeta::new(Saved::ANONYMOUS, Saved::ANONYMOUS));
    let mut app =
        App::reviewing(OPTIONS, palette(), saved, Some(PathBuf::from("/x/r.ron"))).unwrap();
    app.update(Action::PlayFromHere);
    let play = app.play().expect("playing on");
    assert_eq!(play.table.game().history().len(), 1);
    assert_eq!(play.table.game().outcome(), None);
}

fn room_view(outcome: Option<Outcome>) -> RoomView {
    RoomView {
        room: 9,
        variant: VariantId::Chess,
        start: Position::start(variant(VariantId::Chess)).fen(),
        names: ByColor {
            white: "Ann".into(),
            black: "Bob".into(),
        },
        tokens: ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec(),
        outcome,
        clock: None,
        days: None,
        rated: false,
        rating_change: ByColor::default(),
        you: Some(Color::White),
        away: ByColor::default(),
        draw_offer: None,
        takeback: None,
        chat: Vec::new(),
        spectators: 0,
    }
}

#[test]
fn a_finished_game_on_the_server_asks_for_no_takeback() {
    let mut app = App::online(OPTIONS, palette());
    app.update(Action::Tick(Instant::now()));
    let mate = Outcome::Decisive {
        winner: Color::Black,
        reason: EndReason::Checkmate,
    };
    app.update(Action::Net(NetEvent::Room(room_view(Some(mate)))));
    app.take_net();
    for action in [Action::Undo, Action::Redo] {
        app.update(action);
        assert!(app.take_net().is_empty(), "nothing goes to the hub");
        let message = app.play().unwrap().message.clone().unwrap();
        assert!(
            message.error && message.text.contains("b (your games)"),
            "{message:?}"
        );
    }
}

/// Ann (White) and Bob (Black) in a room with a one-minute clock; its id.
fn timed_room(hub: &mut Hub, now: Instant) -> u64 {
    let terms = Terms {
        variant: VariantId::Chess,
        side: Side::White,
        clock: Some(ClockSetting {
            control: rankup::game::TimeControl::parse("1+0").unwrap(),
            pause_when_away: false,
        }),
        days: None,
        rated: true,
    };
    let e = hub.request(
        1,
        NetRequest::Challenge {
            to: "Bob".into(),
            terms,
        },
        now,
    );
    let challenge = e
        .iter()
        .find_map(|e| match e {
            Effect::Send(2, NetEvent::Lobby(l)) => l.challenges.first().map(|c| c.id),
            _ => None,
        })
        .expect("the challenge is listed");
    hub.request(2, NetRequest::Accept(challenge), now)
        .iter()
        .find_map(|e| match e {
            Effect::Send(1, NetEvent::Room(v)) => Some(v.room),
            _ => None,
        })
        .expect("the game starts")
}

fn last_room(effects: &[Effect], conn: u64) -> Option<RoomView> {
    effects.iter().rev().find_map(|e| match e {
        Effect::Send(c, NetEvent::Room(v)) if *c == conn => Some(v.clone()),
        _ => None,
    })
}

/// A takeback agreed after the flag fell (before the hub's tick saw it) does not take the
/// move back: the game ended on time, and is saved so.
#[test]
fn a_takeback_answered_after_the_flag_fell_ends_the_game_on_time() {
    let now = Instant::now();
    let registry = [("key-a", "Ann"), ("key-b", "Bob")]
        .into_iter()
        .map(|(k, n)| (k.to_string(), n.to_string()))
        .collect();
    let mut hub = Hub::new(registry, 2);
    hub.connect(1, "key-a", now);
    hub.connect(2, "key-b", now);
    let room = timed_room(&mut hub, now);
    // The clocks start once both have moved: Black's runs after White's second move.
    for (ply, token) in ["e2e4", "e7e5", "g1f3"].into_iter().enumerate() {
        hub.request(
            1 + (ply as u64 % 2),
            NetRequest::Move {
                room,
                ply,
                token: token.into(),
            },
            now,
        );
    }
    hub.request(1, NetRequest::Takeback(room), now);
    // Black thinks past the flag; then agrees to the takeback.
    let late = now + Duration::from_secs(90);
    let e = hub.request(2, NetRequest::AnswerTakeback { room, yes: true }, late);
    let view = last_room(&e, 1).expect("the room is told");
    assert_eq!(view.tokens, ["e2e4", "e7e5", "g1f3"], "nothing taken back");
    assert_eq!(
        view.outcome,
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Time
        })
    );
    let saved: Vec<&SavedGame> = e
        .iter()
        .filter_map(|e| match e {
            Effect::GameOver { game, .. } => Some(&game.game),
            Effect::Live(live) => Some(&live.game),
            _ => None,
        })
        .collect();
    assert!(!saved.is_empty());
    assert!(saved
        .iter()
        .all(|g| g.moves.len() == 3 && g.result.as_str() == "1-0"));
    // After the end, a takeback asked for or answered changes nothing.
    let e = hub.request(1, NetRequest::Takeback(room), late);
    assert!(
        e.iter()
            .all(|e| !matches!(e, Effect::Live(_) | Effect::GameOver { .. })),
        "{e:?}"
    );
    let e = hub.request(2, NetRequest::AnswerTakeback { room, yes: true }, late);
    assert!(
        e.iter()
            .all(|e| !matches!(e, Effect::Live(_) | Effect::GameOver { .. })),
        "{e:?}"
    );
}
