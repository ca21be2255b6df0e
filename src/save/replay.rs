//! Between saved games and played ones: [`SavedGame::from_game`] records a [`Game`],
//! [`SavedGame::to_game`] replays a saved one through the engine.

use crate::game::Game;
use crate::notation::{coord, CoordError};
use crate::rules::Position;
use crate::variants::{variant, VariantId};

use super::error::{LoadError, LoadErrorKind, MovePlace};
use super::format::{
    GameResult, Player, SavedClock, SavedGame, SavedMove, Termination, MAX_RECORDED_MS,
    OLDEST_FORMAT_VERSION,
};
use super::timestamp::Timestamp;
use crate::game::Eval;

/// What a saved game records that the board does not: the players, the times and a name.
/// The app keeps one per game and passes it to [`SavedGame::from_game`] with every save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMeta {
    /// A name for the game.
    pub name: Option<String>,
    /// Who plays White.
    pub white: Player,
    /// Who plays Black.
    pub black: Player,
    /// When the game started.
    pub started: Timestamp,
    /// When it ended; set it when the game ends (it is written only while
    /// [`Game::outcome`] says the game is over, so an undo past the end drops it).
    pub ended: Option<Timestamp>,
    /// The clocks of a timed game; the app updates them before each save.
    pub clock: Option<SavedClock>,
    /// The seed of the AI's choices in this game (each AI move's search seed comes from it
    /// and the ply: [`crate::ai::move_seed`]); `None` for a game without the AI. The app
    /// draws it when a game against the AI starts.
    pub seed: Option<u64>,
}

impl GameMeta {
    /// A game starting now between `white` and `black`, without a name.
    pub fn new(white: Player, black: Player) -> GameMeta {
        GameMeta {
            name: None,
            white,
            black,
            started: Timestamp::now(),
            ended: None,
            clock: None,
            seed: None,
        }
    }
}

impl SavedGame {
    /// Records `game` with `meta`: the start position, every move with its token, SAN and
    /// note, and the result and termination from [`Game::outcome`].
    ///
    /// What it writes always loads again: values loading would refuse are brought into range
    /// (think times and clock times beyond [`MAX_RECORDED_MS`], an end time before the start,
    /// after the system clock was set back, and a `Mate(0)` evaluation are not written as
    /// such).
    ///
    /// # Panics
    /// If the game's variant is not a registered game (a built-in one or one registered
    /// through [`crate::variants`]; only a test could build such a game).
    pub fn from_game(game: &Game, meta: &GameMeta) -> SavedGame {
        let start = game.start();
        let variant: VariantId = start
            .variant()
            .id()
            .parse()
            .expect("BUG: every game played is a registered one");
        let outcome = game.outcome();
        let mut saved = SavedGame {
            // Set below to the version `SavedGame::format_version` gives.
            version: OLDEST_FORMAT_VERSION,
            name: meta.name.clone(),
            variant,
            start: start.fen(),
            white: meta.white.clone(),
            black: meta.black.clone(),
            result: GameResult::of(outcome),
            termination: outcome.map(|o| o.reason().into()),
            started: meta.started,
            ended: meta
                .ended
                .filter(|_| outcome.is_some())
                .map(|t| t.max(meta.started)),
            clock: meta.clock.map(SavedClock::clamped),
            seed: meta.seed,
            moves: game
                .history()
                .iter()
                .map(|m| SavedMove {
                    token: m.token.clone(),
                    san: m.san.clone(),
                    think_ms: m.note.think_ms.map(|ms| ms.min(MAX_RECORDED_MS)),
                    eval: m.note.eval.filter(|&e| e != Eval::Mate(0)),
                    comment: m.note.comment.clone(),
                })
                .collect(),
            analysis: None,
        };
        saved.version = saved.format_version();
        saved
    }

    /// The players, times and name, to keep playing a loaded game (pass it back to
    /// [`SavedGame::from_game`]).
    pub fn meta(&self) -> GameMeta {
        GameMeta {
            name: self.name.clone(),
            white: self.white.clone(),
            black: self.black.clone(),
            started: self.started,
            ended: self.ended,
            clock: self.clock,
            seed: self.seed,
        }
    }

    /// The game, rebuilt by replaying every move from the start: its history carries the
    /// saved notes, and a result decided off the board (resignation, agreement, time) is
    /// declared again. Continue it with [`Game::play`], or step through it for review with
    /// [`Game::undo`] / [`SavedGame::positions`].
    ///
    /// # Errors
    /// As [`SavedGame::from_ron`] for the checks after parsing (the file is named `saved
    /// game`); a `SavedGame` that was loaded from a file passes them.
    pub fn to_game(&self) -> Result<Game, LoadError> {
        self.replay("saved game")
    }

    /// The position before each move and after the last (`moves.len() + 1` positions): what
    /// a review screen steps through.
    ///
    /// # Errors
    /// As [`SavedGame::to_game`].
    pub fn positions(&self) -> Result<Vec<Position>, LoadError> {
        let game = self.replay("saved game")?;
        let mut positions = vec![game.start().clone()];
        let mut pos = game.start().clone();
        for m in game.history() {
            pos.make(m.mv);
            positions.push(pos.clone());
        }
        Ok(positions)
    }

    /// Replays the moves, checking each, then checks the result; errors name `file`.
    pub(super) fn replay(&self, file: &str) -> Result<Game, LoadError> {
        let fail = |kind| LoadError {
            file: file.to_string(),
            kind,
        };
        if let Some(ended) = self.ended.filter(|&e| e < self.started) {
            return Err(fail(LoadErrorKind::EndedBeforeStarted {
                started: self.started,
                ended,
            }));
        }
        let v = variant(self.variant);
        // Position strings are ASCII (README, "Position strings"); refusing anything else here also
        // keeps odd text away from the engine's square parser.
        if !self.start.is_ascii() {
            return Err(fail(LoadErrorKind::BadStart {
                start: self.start.clone(),
                reason: "a position string is ASCII text".into(),
            }));
        }
        let start = Position::from_fen(v, &self.start).map_err(|e| {
            fail(LoadErrorKind::BadStart {
                start: self.start.clone(),
                reason: e.to_string(),
            })
        })?;
        let mut game = Game::new(start);
        for (i, saved) in self.moves.iter().enumerate() {
            let pos = game.position();
            let at = MovePlace {
                ply: i + 1,
                number: pos.fullmoves(),
                color: pos.turn(),
            };
            let token = saved.token.clone();
            if let Some(o) = game.outcome() {
                return Err(fail(LoadErrorKind::IllegalMove {
                    at,
                    token,
                    reason: format!("the game was already over ({o})"),
                }));
            }
            let mv = match coord::parse(pos, &saved.token) {
                Ok(mv) => mv,
                Err(CoordError::Syntax(_)) => {
                    return Err(fail(LoadErrorKind::UnparsableMove { at, token }))
                }
                Err(e) => {
                    return Err(fail(LoadErrorKind::IllegalMove {
                        at,
                        token,
                        reason: e.to_string(),
                    }))
                }
            };
            let played = game
                .play(mv)
                .expect("BUG: coord::parse returns legal moves and the game is not over");
            if played.san != saved.san {
                let expected = played.san.clone();
                return Err(fail(LoadErrorKind::SanMismatch {
                    at,
                    token,
                    found: saved.san.clone(),
                    expected,
                }));
            }
            *game.last_note_mut().expect("BUG: a move was just played") = saved.note();
        }
        check_result(self, &mut game).map_err(|why| fail(LoadErrorKind::BadResult(why)))?;
        Ok(game)
    }
}

/// Checks the recorded result against the replayed game and declares an off-board result.
fn check_result(saved: &SavedGame, game: &mut Game) -> Result<(), String> {
    let board = game.outcome();
    let Some(termination) = saved.termination else {
        return match (saved.result, board) {
            (GameResult::Unfinished, None) => Ok(()),
            (GameResult::Unfinished, Some(o)) => Err(format!(
                "the result is '*' (unfinished), but the final position ends the game: {o}"
            )),
            (r, _) => Err(format!("result '{r}' needs a termination")),
        };
    };
    let Some(recorded) = saved.outcome() else {
        return Err(format!(
            "result '*' (unfinished) cannot have a termination ({termination:?})"
        ));
    };
    if termination.is_on_board() {
        return match board {
            Some(o) if o == recorded => Ok(()),
            Some(o) => Err(format!(
                "the file says {} ({recorded}), but the final position gives {} ({o})",
                saved.result,
                o.result_text()
            )),
            None => Err(format!(
                "the file says {} ({recorded}), but the final position does not end the game",
                saved.result
            )),
        };
    }
    if let Some(o) = board {
        return Err(format!(
            "the file says {recorded}, but the game had already ended: {o}"
        ));
    }
    let fits = match termination {
        Termination::Resignation => recorded.winner().is_some(),
        Termination::Agreement => recorded.winner().is_none(),
        _ => true,
    };
    if !fits {
        return Err(format!(
            "'{}' cannot end by {}",
            saved.result,
            termination.describe()
        ));
    }
    game.declare(recorded);
    Ok(())
}
