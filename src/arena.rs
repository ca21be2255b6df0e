//! Engine matches: two UCI engines play a series of games of one variant, with rankup's own
//! rules as the referee, and the result comes with an Elo estimate and an SPRT verdict
//! ([`stats`]).
//!
//! * The referee is [`Game`]: a move the engine sends must be one of the legal moves of the
//!   position (else the engine loses), and checkmate, stalemate, repetition, the 50-move
//!   rule and dead material end the game exactly as in the app.
//! * Engines are child processes ([`engine::UciEngine`]); every wait has a deadline, so an
//!   engine that hangs or crashes loses the game and is restarted for the next one, and the
//!   runner never hangs with it.
//! * Openings: each pair of games starts from the same few random legal plies (from the
//!   match seed), once with each engine as White, so an unbalanced opening favours nobody.
//! * A game that reaches the move cap is a draw by adjudication; optional score
//!   adjudication ends games both engines agree are decided (or dead drawn).
//!
//! `rankup match` is the command-line front end.

pub mod engine;
pub mod stats;

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::rules::{Color, Move, Position};
use crate::uci::token;
use crate::variants::{variant, VariantId};

use engine::{EngineError, UciEngine};
use stats::{Pentanomial, Sprt, Verdict, Wdl};

/// How long each engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move (`go movetime`).
    MoveTime(Duration),
    /// A game clock per side: a base time and an increment per move (`go wtime ...`), in
    /// the clock syntax of every command (`5+3`: minutes plus seconds).
    Clock(crate::game::TimeControl),
}

impl TimeControl {
    /// Reads a game clock as `rankup play --clock` does: `MINUTES+SECONDS` (`1+0.1`,
    /// `0.5+0`), see [`crate::game::TimeControl::parse`].
    ///
    /// # Errors
    /// A message naming the text when it is not that form.
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        crate::game::TimeControl::parse(text).map(TimeControl::Clock)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "{} ms per move", t.as_millis()),
            TimeControl::Clock(tc) => write!(f, "{tc}"),
        }
    }
}

/// Ending games early on the engines' own scores. Both engines must agree, move after move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// `(cp, moves)`: a win when, for `moves` moves of each side in a row, both engines
    /// score the same side at least `cp` ahead.
    pub resign: Option<(i32, u32)>,
    /// `(after_ply, cp, moves)`: a draw when, from ply `after_ply` on, both engines score the
    /// game within `cp` of level for `moves` moves of each side in a row.
    pub draw: Option<(u32, i32, u32)>,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engine command lines (engine 1 is the one the result is about).
    pub commands: [String; 2],
    /// `setoption` pairs for each engine.
    pub options: [Vec<(String, String)>; 2],
    /// The game.
    pub variant: VariantId,
    /// Games to play (rounded up to an even number, so every opening is played twice).
    pub games: u32,
    /// Thinking time.
    pub time: TimeControl,
    /// How far past its time an engine may answer before it loses (and, if it still says
    /// nothing, is stopped and restarted).
    pub margin: Duration,
    /// Random plies at the start of each opening.
    pub opening_plies: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// Longest game in plies; reaching it is a draw.
    pub max_plies: usize,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// Stop as soon as this test reaches a verdict.
    pub sprt: Option<Sprt>,
    /// Games played at once (each with its own pair of engine processes).
    pub concurrency: usize,
}

/// Games before an SPRT may stop a match.
pub const MIN_SPRT_GAMES: u32 = 32;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (mate, stalemate, repetition, 50 moves, dead material).
    Rules(String),
    /// An engine sent a move that is not legal.
    Illegal(String),
    /// An engine used more than its time.
    Time,
    /// An engine crashed, hung or could not be talked to.
    Failure(String),
    /// Both engines agreed the game was won.
    ScoreWin,
    /// Both engines agreed the game was drawn.
    ScoreDraw,
    /// The move cap.
    MoveCap,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(r) => f.write_str(r),
            // The engine's own text: quoted short and clean.
            Ending::Illegal(t) => write!(f, "illegal move {}", crate::text::short(t)),
            Ending::Time => f.write_str("loss on time"),
            Ending::Failure(e) => write!(f, "engine failure: {}", crate::text::sanitize(e)),
            Ending::ScoreWin => f.write_str("adjudicated win by score"),
            Ending::ScoreDraw => f.write_str("adjudicated draw by score"),
            Ending::MoveCap => f.write_str("adjudicated draw at the move cap"),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Its number, from 0; games `2k` and `2k + 1` share an opening.
    pub index: u32,
    /// Whether engine 1 had White.
    pub first_white: bool,
    /// The opening's coordinate tokens.
    pub opening: Vec<String>,
    /// Plies played in all.
    pub plies: usize,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// How it ended.
    pub ending: Ending,
    /// For each engine (1, 2): the largest amount by which an answer came later than the
    /// time it was given (zero if never).
    pub overrun: [Duration; 2],
    /// For each engine, how it used its clock (all zero without one).
    pub clock: [ClockUse; 2],
}

/// How an engine used its clock: what it spent, what it had in all (the base and every
/// increment it received), and the least it had left after a move (before that move's
/// increment), which says how near it came to losing on time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockUse {
    /// Thinking time spent.
    pub used: Duration,
    /// The base time and the increments received.
    pub had: Duration,
    /// The least time left after a move, before its increment (`None` before any move).
    pub least_left: Option<Duration>,
}

impl ClockUse {
    /// Adds another game's (or engine's) use: sums, and the lesser least.
    pub fn merge(&mut self, other: &ClockUse) {
        self.used += other.used;
        self.had += other.had;
        self.least_left = match (self.least_left, other.least_left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }

    /// The share of its time spent, in percent (0 without a clock).
    pub fn percent_used(&self) -> f64 {
        if self.had.is_zero() {
            0.0
        } else {
            100.0 * self.used.as_secs_f64() / self.had.as_secs_f64()
        }
    }
}

impl GameResult {
    /// Engine 1's points: 1, 0.5 or 0.
    pub fn points(&self) -> f64 {
        match self.winner {
            None => 0.5,
            Some(c) => {
                if (c == Color::White) == self.first_white {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The running totals of a match.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Engine 1's wins, draws and losses.
    pub wdl: Wdl,
    /// Completed pairs (both games of an opening).
    pub pairs: Pentanomial,
    /// Points of pairs with one game played: (pair index, points).
    half_pairs: Vec<(u32, f64)>,
    /// Largest overrun seen per engine.
    pub overrun: [Duration; 2],
    /// Each engine's clock use over all games.
    pub clock: [ClockUse; 2],
}

impl Tally {
    /// Adds a finished game.
    pub fn add(&mut self, g: &GameResult) {
        let p = g.points();
        if p > 0.75 {
            self.wdl.wins += 1;
        } else if p < 0.25 {
            self.wdl.losses += 1;
        } else {
            self.wdl.draws += 1;
        }
        let pair = g.index / 2;
        match self.half_pairs.iter().position(|&(i, _)| i == pair) {
            Some(i) => {
                let (_, other) = self.half_pairs.swap_remove(i);
                self.pairs.add(other + p);
            }
            None => self.half_pairs.push((pair, p)),
        }
        for e in 0..2 {
            self.overrun[e] = self.overrun[e].max(g.overrun[e]);
            self.clock[e].merge(&g.clock[e]);
        }
    }

    /// The SPRT log-likelihood ratio, on pairs when there are any, else on games (with
    /// regularised counts, so a clean sweep has a spread).
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        match (
            self.pairs.mean_var_regularized(),
            self.wdl.mean_var_regularized(),
        ) {
            (Some((m, v)), _) if self.pairs.pairs() >= 2 => sprt.llr(m, v, self.pairs.pairs()),
            (_, Some((m, v))) => sprt.llr(m, v, self.wdl.games()),
            _ => 0.0,
        }
    }
}

/// The opening of pair `pair`: `plies` random legal moves from the start, drawn from
/// `seed`, stopping early rather than ending the game.
pub fn opening(id: VariantId, plies: u32, seed: u64, pair: u32) -> Vec<Move> {
    let mut game = Game::from_start(variant(id));
    let mut rng = seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        // Moves that would end the game at once are not an opening.
        let open: Vec<Move> = moves
            .into_iter()
            .filter(|&m| {
                let mut g = game.clone();
                g.play(m).is_ok() && g.outcome().is_none()
            })
            .collect();
        if open.is_empty() {
            break;
        }
        rng = mix(rng);
        let mv = open[(rng % open.len() as u64) as usize];
        game.play(mv).expect("BUG: chosen among the legal moves");
        line.push(mv);
    }
    line
}

/// SplitMix64's step: the openings' random numbers.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The engines of one worker, kept from game to game and restarted after a failure.
struct Seats {
    engines: [Option<UciEngine>; 2],
}

impl Seats {
    /// Engine `e`, started (and configured) if it is not running.
    fn get(&mut self, cfg: &MatchConfig, e: usize) -> Result<&mut UciEngine, EngineError> {
        if self.engines[e].is_none() {
            let mut engine = UciEngine::start(&cfg.commands[e])?;
            let id = cfg.variant.as_str();
            if engine.has_option("UCI_Variant") {
                engine.set_option("UCI_Variant", id)?;
            } else if cfg.variant != VariantId::Chess {
                return Err(EngineError::Unsupported(format!(
                    "the variant '{id}' (no UCI_Variant option)"
                )));
            }
            for (name, value) in &cfg.options[e] {
                engine.set_option(name, value)?;
            }
            engine.sync()?;
            self.engines[e] = Some(engine);
        }
        Ok(self.engines[e].as_mut().expect("BUG: just started"))
    }
}

/// Plays game `index` with the engines in `seats` (engine 1 is White in even games).
fn play_game(cfg: &MatchConfig, seats: &mut Seats, index: u32) -> GameResult {
    let first_white = index.is_multiple_of(2);
    let engine_of = |c: Color| usize::from((c == Color::White) != first_white);
    let v = variant(cfg.variant);
    let opening = opening(cfg.variant, cfg.opening_plies, cfg.seed, index / 2);
    let mut game = Game::from_start(v);
    let mut tokens = Vec::new();
    for &mv in &opening {
        tokens.push(token(v, &mv));
        game.play(mv).expect("BUG: openings are legal");
    }
    let mut result = GameResult {
        index,
        first_white,
        opening: tokens.clone(),
        plies: 0,
        winner: None,
        ending: Ending::MoveCap,
        overrun: [Duration::ZERO; 2],
        clock: [ClockUse::default(); 2],
    };
    if let TimeControl::Clock(tc) = cfg.time {
        for c in &mut result.clock {
            c.had = tc.base;
        }
    }
    for e in 0..2 {
        let ready = seats.get(cfg, e).and_then(|engine| {
            engine.send("ucinewgame")?;
            engine.sync()
        });
        if let Err(err) = ready {
            seats.engines[e] = None;
            let loser = if engine_of(Color::White) == e {
                Color::White
            } else {
                Color::Black
            };
            result.winner = Some(!loser);
            result.ending = Ending::Failure(err.to_string());
            return result;
        }
    }
    let mut clock = match cfg.time {
        TimeControl::Clock(tc) => [tc.base, tc.base],
        TimeControl::MoveTime(_) => [Duration::ZERO; 2],
    };
    // Last score of each engine, from White's side, and how long the agreement has lasted.
    let mut white_scores: [Option<i32>; 2] = [None; 2];
    let (mut win_streak, mut draw_streak) = (0u32, 0u32);
    let end = |result: &mut GameResult, winner: Option<Color>, ending: Ending, plies| {
        result.winner = winner;
        result.ending = ending;
        result.plies = plies;
    };
    loop {
        let plies = game.history().len();
        if let Some(outcome) = game.outcome() {
            end(
                &mut result,
                outcome.winner(),
                Ending::Rules(outcome.reason().describe().to_string()),
                plies,
            );
            return result;
        }
        if plies >= cfg.max_plies {
            end(&mut result, None, Ending::MoveCap, plies);
            return result;
        }
        let pos: &Position = game.position();
        let mover = pos.turn();
        let e = engine_of(mover);
        let mut position_cmd = String::from("position startpos");
        if !tokens.is_empty() {
            position_cmd.push_str(" moves ");
            position_cmd.push_str(&tokens.join(" "));
        }
        let (go, allowed) = match cfg.time {
            TimeControl::MoveTime(t) => (format!("go movetime {}", t.as_millis()), t),
            TimeControl::Clock(tc) => (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clock[0].as_millis(),
                    clock[1].as_millis(),
                    tc.increment.as_millis(),
                    tc.increment.as_millis()
                ),
                clock[mover.index()],
            ),
        };
        let started = Instant::now();
        let deadline = started + allowed + cfg.margin;
        let answer = match seats.engines[e].as_mut() {
            Some(engine) => engine.think(&position_cmd, &go, deadline),
            None => Err(EngineError::Exited("starting".into())),
        };
        let used = started.elapsed();
        let answer = match answer {
            Ok(a) => a,
            Err(err) => {
                // A hung engine is stopped; a fresh one plays the next game.
                seats.engines[e] = None;
                let ending = match err {
                    EngineError::Timeout(_) => Ending::Time,
                    other => Ending::Failure(other.to_string()),
                };
                end(&mut result, Some(!mover), ending, plies);
                return result;
            }
        };
        result.overrun[e] = result.overrun[e].max(used.saturating_sub(allowed));
        if used > allowed + cfg.margin {
            end(&mut result, Some(!mover), Ending::Time, plies);
            return result;
        }
        if let TimeControl::Clock(tc) = cfg.time {
            let left = clock[mover.index()].saturating_sub(used);
            let spent = &mut result.clock[e];
            spent.used += used.min(clock[mover.index()]);
            spent.had += tc.increment;
            spent.least_left = Some(spent.least_left.map_or(left, |l| l.min(left)));
            clock[mover.index()] = left + tc.increment;
        }
        let Ok(mv) = crate::notation::coord::parse(game.position(), &answer.bestmove) else {
            let shown = if answer.bestmove.is_empty() {
                "(none)".to_string()
            } else {
                answer.bestmove.clone()
            };
            end(&mut result, Some(!mover), Ending::Illegal(shown), plies);
            return result;
        };
        tokens.push(token(v, &mv));
        game.play(mv).expect("BUG: parsed moves are legal");
        // Score adjudication: both engines' latest opinions, from White's side.
        white_scores[e] = answer
            .score
            .map(|s| if mover == Color::White { s } else { -s });
        if let [Some(a), Some(b)] = white_scores {
            if let Some((cp, moves)) = cfg.adjudication.resign {
                let agreed = (a >= cp && b >= cp) || (a <= -cp && b <= -cp);
                win_streak = if agreed { win_streak + 1 } else { 0 };
                if win_streak >= 2 * moves {
                    let winner = if a > 0 { Color::White } else { Color::Black };
                    end(&mut result, Some(winner), Ending::ScoreWin, plies + 1);
                    return result;
                }
            }
            if let Some((after, cp, moves)) = cfg.adjudication.draw {
                let level = a.abs() <= cp && b.abs() <= cp && plies + 1 >= after as usize;
                draw_streak = if level { draw_streak + 1 } else { 0 };
                if draw_streak >= 2 * moves {
                    end(&mut result, None, Ending::ScoreDraw, plies + 1);
                    return result;
                }
            }
        }
    }
}

/// Plays the match, calling `on_game` after every game (in the order they finish) with the
/// totals so far. Returns the totals, or the error that kept an engine from playing at all.
///
/// # Errors
/// When an engine cannot be started or set up before the first game (a later failure loses
/// the game it happened in).
pub fn run(
    cfg: &MatchConfig,
    on_game: &mut (dyn FnMut(&GameResult, &Tally) + Send),
) -> Result<Tally, EngineError> {
    // Both engines must start before anything is played: a wrong path is an error, not a
    // hundred lost games.
    let mut first = Seats {
        engines: [None, None],
    };
    for e in 0..2 {
        first.get(cfg, e)?;
    }
    let games = cfg.games.div_ceil(2) * 2;
    let next = AtomicU32::new(0);
    let done = AtomicBool::new(false);
    let shared = Mutex::new((Tally::default(), on_game));
    let spare = Mutex::new(Some(first));
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.clamp(1, 64) {
            scope.spawn(|| {
                let mut seats = spare
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .unwrap_or(Seats {
                        engines: [None, None],
                    });
                loop {
                    if done.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let g = play_game(cfg, &mut seats, i);
                    let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                    let (tally, report) = &mut *guard;
                    tally.add(&g);
                    report(&g, tally);
                    if let Some(sprt) = &cfg.sprt {
                        // Decide only on whole pairs, so both colours of an opening count,
                        // and not on a handful of games (a variance from two games is noise).
                        if tally.wdl.games().is_multiple_of(2)
                            && tally.wdl.games() >= MIN_SPRT_GAMES
                            && sprt.verdict(tally.llr(sprt)) != Verdict::Continue
                        {
                            done.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let (tally, _) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(tally)
}
