//! The AI commands: `uci` (the engine protocol on stdin/stdout), `selfplay` (two settings
//! play a match, with an Elo estimate) and `bench-ai` (search speed per game, or the
//! search's node signature).
//!
//! Results go to stdout, one line per game and a summary; problems with the arguments are
//! one-line errors for `main` to print.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rankup::ai::{self, Engine, Level, SearchLimits, Weights};
use rankup::game::Game;
use rankup::notation::coord;
use rankup::rules::{Color, Move, Outcome, Position};
use rankup::variants::{variant, VariantId};

/// `println!` for results: when stdout is closed (`rankup selfplay | head -3`) the program
/// ends quietly instead of panicking; another write error ends it with a message.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(out, $($arg)*).and_then(|()| out.flush()) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("rankup: cannot write output: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

/// Longest game, in plies, before `selfplay` calls it a draw.
const MAX_PLIES: usize = 400;

/// `rankup uci`. Stdin is read on its own thread (a locked stdin cannot move there, hence
/// the buffered handle). A game given `--weights` plays them with the hand-made evaluation,
/// which is what they weigh, unless a `--net` names that game too (installed after, so it
/// wins).
pub fn uci(
    weights: &[String],
    nets: &[String],
    search_params: Option<&Path>,
) -> Result<(), String> {
    for spec in weights {
        let (id, w) = weights_spec(spec)?;
        Weights::play_with(id.as_str(), w);
        rankup::ai::nnue::play_with(id.as_str(), None);
    }
    for spec in nets {
        crate::cli_nnue::install_net(spec)?;
    }
    if let Some(path) = search_params {
        let what = |e: &dyn std::fmt::Display| format!("--search-params: {}: {e}", path.display());
        let text = rankup::input::read_text_file(path, rankup::input::MIB).map_err(|e| what(&e))?;
        let params = rankup::ai::SearchParams::from_ron(&text).map_err(|e| what(&e))?;
        rankup::ai::SearchParams::play_with(params);
    }
    rankup::uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
    Ok(())
}

/// A `--weights GAME=FILE` (or `GAME=derived`): the game and the set it is to play with.
fn weights_spec(spec: &str) -> Result<(VariantId, Weights), String> {
    let Some((game, file)) = spec.split_once('=') else {
        return Err(format!("--weights: expected GAME=FILE, got '{spec}'"));
    };
    let id: VariantId = game.parse().map_err(|e| format!("--weights: {e}"))?;
    if file == "derived" {
        return Ok((id, Weights::default()));
    }
    let path = Path::new(file);
    let text = rankup::input::read_text_file(path, rankup::input::MIB)
        .map_err(|e| format!("--weights: {}: {e}", path.display()))?;
    let w = Weights::from_ron(&text).map_err(|e| format!("--weights: {}: {e}", path.display()))?;
    Ok((id, w))
}

/// One side of a `selfplay` match.
#[derive(Clone, Debug)]
enum Setting {
    /// The one-ply player.
    Greedy,
    /// Uniformly random legal moves.
    Random,
    /// A difficulty level (its time per move may be overridden by `--movetime`).
    Level(Level),
    /// Explicit limits (`depth=N`, `nodes=N`, `movetime=MS`, joined by commas with
    /// `multipv=N`, `temp=CP`, `variety=CP`: a candidate level).
    Limits(SearchLimits),
}

impl Setting {
    /// Reads `greedy`, `random`, a level (`4`, `club`), or limits: `depth=N` / `nodes=N` /
    /// `movetime=MS`, with `,multipv=N`, `,temp=CP` and `,variety=CP` after them
    /// (`nodes=20000,multipv=3,temp=20`).
    fn parse(text: &str) -> Result<Setting, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "greedy" {
            return Ok(Setting::Greedy);
        }
        if t == "random" {
            return Ok(Setting::Random);
        }
        if let Ok(level) = t.parse::<Level>() {
            return Ok(Setting::Level(level));
        }
        let bad = || {
            format!(
                "unknown player '{}' (expected greedy, random, a level {}..={}, or limits such as depth=N, nodes=N, movetime=MS, with ,multipv=N ,temp=CP ,variety=CP)",
                rankup::text::short(text),
                Level::MIN.number(),
                Level::MAX.number()
            )
        };
        let mut limits = SearchLimits::default();
        for part in t.split(',') {
            let (key, value) = part.trim().split_once('=').ok_or_else(bad)?;
            let n: u64 = value.trim().parse().map_err(|_| bad())?;
            let small = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            match key.trim() {
                "depth" => limits.depth = Some(small(n).clamp(1, 100)),
                "nodes" => limits.nodes = Some(n.max(1)),
                "movetime" => limits.movetime = Some(Duration::from_millis(n.max(1))),
                "multipv" => limits.multipv = n.clamp(1, 64) as usize,
                "temp" => limits.temperature = small(n),
                "variety" => limits.variety = small(n),
                _ => return Err(bad()),
            }
        }
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            return Err(bad());
        }
        Ok(Setting::Limits(limits))
    }

    fn describe(&self) -> String {
        match self {
            Setting::Greedy => "greedy".into(),
            Setting::Random => "random".into(),
            Setting::Level(l) => format!("level {l}"),
            Setting::Limits(l) => {
                let mut parts = Vec::new();
                if let Some(d) = l.depth {
                    parts.push(format!("depth {d}"));
                }
                if let Some(n) = l.nodes {
                    parts.push(format!("{n} nodes"));
                }
                if let Some(t) = l.movetime {
                    parts.push(format!("{} ms", t.as_millis()));
                }
                if l.multipv > 1 {
                    parts.push(format!("multipv {}", l.multipv));
                }
                if l.temperature > 0 {
                    parts.push(format!("temperature {}", l.temperature));
                }
                if l.variety > 0 {
                    parts.push(format!("variety {}", l.variety));
                }
                parts.join(", ")
            }
        }
    }
}

/// A player during one game: its setting and, for searching players, an engine that keeps
/// its hash table from move to move.
struct Player {
    setting: Setting,
    engine: Option<Engine>,
}

impl Player {
    fn new(setting: &Setting) -> Player {
        let engine = matches!(setting, Setting::Level(_) | Setting::Limits(_))
            .then(|| Engine::new(ai::DEFAULT_HASH_MB));
        Player {
            setting: setting.clone(),
            engine,
        }
    }

    fn choose(
        &mut self,
        pos: &Position,
        keys: &[u64],
        movetime: Option<Duration>,
        seed: u64,
    ) -> Option<Move> {
        let limits = match &self.setting {
            Setting::Greedy => return ai::greedy(pos, seed),
            Setting::Random => {
                let moves = pos.legal_moves();
                return (!moves.is_empty())
                    .then(|| moves[(mix(seed) % moves.len() as u64) as usize]);
            }
            Setting::Level(level) => SearchLimits {
                // One thread each: games may run side by side (--jobs).
                threads: 1,
                ..level.limits_with(movetime.unwrap_or(level.movetime()), seed)
            },
            Setting::Limits(l) => SearchLimits { seed, ..l.clone() },
        };
        let stop = AtomicBool::new(false);
        let engine = self
            .engine
            .as_mut()
            .expect("BUG: searching players have an engine");
        engine.search(pos, keys, &limits, &stop, &mut |_| {}).best
    }
}

/// SplitMix64, for openings and tie breaks.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// How one game ended, for player A.
struct GameRecord {
    a_white: bool,
    outcome: Option<Outcome>,
    plies: usize,
    opening: String,
}

impl GameRecord {
    /// A's points: 1, 0.5 or 0.
    fn points(&self) -> f64 {
        match self.outcome.and_then(Outcome::winner) {
            Some(Color::White) if self.a_white => 1.0,
            Some(Color::Black) if !self.a_white => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Plays one game; the opening is `plies` random moves from `seed`.
fn play_game(
    id: VariantId,
    white: &Setting,
    black: &Setting,
    movetime: Option<Duration>,
    plies: u32,
    seed: u64,
) -> (Option<Outcome>, usize, String) {
    let v = variant(id);
    let mut game = Game::from_start(v);
    let mut keys = vec![game.position().repetition_key()];
    let mut opening = Vec::new();
    for i in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(mix(seed ^ (u64::from(i) << 32)) % moves.len() as u64) as usize];
        opening.push(coord::format(v, &mv));
        if game.play(mv).is_err() {
            break;
        }
        keys.push(game.position().repetition_key());
    }
    let mut players = [Player::new(white), Player::new(black)];
    let mut ply = 0;
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let pos = game.position().clone();
        let player = &mut players[pos.turn().index()];
        let move_seed = mix(seed.wrapping_add(ply as u64 + 1));
        let Some(mv) = player.choose(&pos, &keys, movetime, move_seed) else {
            break;
        };
        if game.play(mv).is_err() {
            // The AI only returns legal moves; an error here is a bug worth a loud report.
            eprintln!(
                "rankup: {} played an illegal move {} in {}",
                player.setting.describe(),
                coord::format(v, &mv),
                pos.fen()
            );
            break;
        }
        keys.push(game.position().repetition_key());
        ply += 1;
    }
    (game.outcome(), game.history().len(), opening.join(" "))
}

/// `-400 log10(1/s - 1)`: the rating difference that predicts the score `s`.
fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The arguments of `rankup selfplay`.
#[derive(Clone, Debug)]
pub struct Match {
    /// Variant id.
    pub variant: String,
    /// Number of games.
    pub games: u32,
    /// Player A's setting.
    pub a: String,
    /// Player B's setting.
    pub b: String,
    /// Time per move for level players, in milliseconds (their own time if unset).
    pub movetime: Option<u64>,
    /// Seed of the random openings.
    pub seed: u64,
    /// Random plies that open each game.
    pub plies: u32,
    /// Games played at once.
    pub jobs: usize,
}

/// `rankup selfplay`: A against B, colours alternating, each random opening played twice.
pub fn selfplay(m: &Match) -> Result<(), String> {
    let id: VariantId = m.variant.parse().map_err(|e| format!("{e}"))?;
    let (a, b) = (Setting::parse(&m.a)?, Setting::parse(&m.b)?);
    let (games, seed, plies, jobs) = (m.games, m.seed, m.plies, m.jobs);
    let movetime = m.movetime;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let movetime = movetime.map(Duration::from_millis);
    say!(
        "{id}: A = {} vs B = {}, {games} games{}",
        a.describe(),
        b.describe(),
        movetime.map_or(String::new(), |t| format!(
            ", {} ms per move",
            t.as_millis()
        ))
    );
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, GameRecord)>> = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, 64) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games as usize {
                    break;
                }
                let a_white = i & 1 == 0;
                let (white, black) = if a_white { (&a, &b) } else { (&b, &a) };
                let opening_seed = mix(seed ^ (i / 2) as u64);
                let (outcome, plies, opening) =
                    play_game(id, white, black, movetime, plies, opening_seed);
                let record = GameRecord {
                    a_white,
                    outcome,
                    plies,
                    opening,
                };
                let result = outcome.map_or("1/2-1/2 (move limit)".to_string(), |o| {
                    format!("{} ({})", o.result_text(), o.reason().describe())
                });
                say!(
                    "game {:>3}: A {} | {} | {result} after {} plies | A scores {}",
                    i + 1,
                    if a_white { "white" } else { "black" },
                    record.opening,
                    record.plies,
                    record.points()
                );
                records
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, record));
            });
        }
    });
    let records = records.into_inner().unwrap_or_else(|e| e.into_inner());
    let n = records.len() as f64;
    let (mut w, mut d, mut l) = (0, 0, 0);
    for (_, r) in &records {
        match r.points() {
            p if p > 0.75 => w += 1,
            p if p < 0.25 => l += 1,
            _ => d += 1,
        }
    }
    let s = (f64::from(w) + f64::from(d) / 2.0) / n;
    let var = (f64::from(w) * (1.0 - s).powi(2)
        + f64::from(d) * (0.5 - s).powi(2)
        + f64::from(l) * s.powi(2))
        / n;
    say!(
        "result: A +{w} ={d} -{l} of {} games, score {:.1}%, {:.0} s",
        records.len(),
        100.0 * s,
        started.elapsed().as_secs_f64()
    );
    if d == 0 && (l == 0 || w == 0) {
        // A perfect score has no finite estimate; the exact binomial bound still says how
        // far apart the two must be: the score at which such a sweep has 5% probability.
        let bound = elo(0.05f64.powf(1.0 / n));
        let (sign, who) = if l == 0 { ('>', "won") } else { ('<', "lost") };
        let bound = if l == 0 { bound } else { -bound };
        say!("elo: A - B {sign} {bound:+.0} (95% bound; A {who} every game)");
    } else {
        let margin = 1.96 * (var / n).sqrt();
        let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
        let (low, high) = (elo(clamp(s - margin)), elo(clamp(s + margin)));
        say!(
            "elo: A - B = {:+.0} +/- {:.0} (95%: {low:+.0} .. {high:+.0})",
            elo(clamp(s)),
            (high - low) / 2.0
        );
    }
    Ok(())
}

/// `rankup bench-ai`: a search of `movetime` with `threads` threads from each game's start
/// position.
pub fn bench(movetime: u64, threads: usize) -> Result<(), String> {
    let limits = SearchLimits {
        threads: threads.max(1),
        ..SearchLimits::movetime(Duration::from_millis(movetime.max(1)))
    };
    for id in VariantId::ALL {
        let v = variant(id);
        let pos = Position::start(v);
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new(ai::DEFAULT_HASH_MB);
        let mut seldepth = 0;
        let r = engine.search(&pos, &[], &limits, &stop, &mut |info| {
            seldepth = info.seldepth
        });
        let secs = r.time.as_secs_f64().max(1e-9);
        say!(
            "{:<24} depth {:>2} (sel {:>2})  nodes {:>10}  {:>6.0} k nodes/s  {:.2} s  best {} {}",
            id.as_str(),
            r.depth,
            seldepth,
            r.nodes,
            r.nodes as f64 / secs / 1e3,
            secs,
            r.best
                .map_or("(none)".to_string(), |m| coord::format(v, &m)),
            r.score
        );
    }
    Ok(())
}

/// Random plies of the openings `bench-ai --depth` searches besides each start position
/// (drawn as `rankup match` draws its openings, from a fixed seed), so that the signature
/// covers early middlegames with captures and promotions about, not only the first move.
const SIGNATURE_OPENINGS: [u32; 3] = [8, 16, 24];

/// `rankup bench-ai --depth N`: searches each game's start position and
/// [`SIGNATURE_OPENINGS`] to `depth` with one thread and a fresh hash table, and prints the
/// nodes per game and their total. A single-threaded depth-limited search is deterministic,
/// so the total is a signature of the search: a change meant only to make it faster must
/// leave it unchanged, and a change to pruning or ordering shows how much it grows or
/// shrinks the trees.
pub fn bench_signature(depth: u32) -> Result<(), String> {
    let limits = SearchLimits::depth(depth);
    let (mut total_nodes, mut total_time, mut total_positions) = (0u64, Duration::ZERO, 0);
    for id in VariantId::ALL {
        let v = variant(id);
        let (mut nodes, mut time, mut positions) = (0u64, Duration::ZERO, 0usize);
        let lines = std::iter::once(Vec::new()).chain(
            SIGNATURE_OPENINGS
                .iter()
                .enumerate()
                .map(|(i, &plies)| rankup::arena::opening(id, plies, 1, i as u32)),
        );
        for line in lines {
            let mut game = Game::from_start(v);
            for mv in line {
                game.play(mv)
                    .map_err(|e| format!("BUG: an opening move was refused: {e}"))?;
            }
            let stop = AtomicBool::new(false);
            let mut engine = Engine::new(ai::DEFAULT_HASH_MB);
            let r = engine.search(
                game.position(),
                game.repetition_keys(),
                &limits,
                &stop,
                &mut |_| {},
            );
            nodes += r.nodes;
            time += r.time;
            positions += 1;
        }
        signature_line(id.as_str(), depth, positions, nodes, time);
        total_nodes += nodes;
        total_time += time;
        total_positions += positions;
    }
    signature_line("signature", depth, total_positions, total_nodes, total_time);
    Ok(())
}

/// One line of `bench-ai --depth`: a game's counts, or (`signature`) their totals.
fn signature_line(name: &str, depth: u32, positions: usize, nodes: u64, time: Duration) {
    let secs = time.as_secs_f64().max(1e-9);
    say!(
        "{name:<24} depth {depth:>2}  positions {positions}  nodes {nodes:>10}  {:>6.0} k nodes/s  {secs:.2} s",
        nodes as f64 / secs / 1e3
    );
}
