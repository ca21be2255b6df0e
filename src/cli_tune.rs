//! `rankup tune`: Texel tuning of one game's evaluation from self-play.
//!
//! Plays fast self-play games (a node budget per move, openings of random legal plies),
//! keeps the quiet positions with their game's result, fits the evaluation weights
//! ([`rankup::ai::tune`]) and writes them as a RON weights file with how they were made.
//! A set goes into `data/weights/` (and the program) only after `rankup match` shows the
//! build with it stronger than the build without.

use std::sync::atomic::AtomicBool;

use rankup::ai::spsa::{spsa, SpsaOptions, Tunable};
use rankup::ai::tune::{self, Sample};
use rankup::ai::{Engine, SearchLimits, SearchParams, Weights};
use rankup::game::Game;
use rankup::rules::Color;
use rankup::save::Timestamp;
use rankup::variants::{variant, VariantId};

/// The arguments of `rankup tune`.
#[derive(Clone, Debug)]
pub struct TuneArgs {
    /// Variant id.
    pub variant: String,
    /// Self-play games.
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Random opening plies.
    pub plies: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// Local-search passes per step size.
    pub passes: u32,
    /// Strength of the pull toward the starting weights.
    pub pull: f64,
    /// Positions a weight's feature must be in before the weight is fitted.
    pub min_count: u32,
    /// The share of the game's result in each position's target (the rest: its search
    /// score).
    pub lambda: f64,
    /// Letters of the pieces whose values are held at the start (empty: none).
    pub hold: String,
    /// Where to write the weights (stdout if unset).
    pub out: Option<std::path::PathBuf>,
}

/// Longest self-play game; a game reaching it counts as a draw.
const MAX_PLIES: usize = 300;

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A game of `id` opened by `plies` random legal moves (none ending the game), chosen by
/// `seed` and the game's number.
pub(crate) fn opening(id: VariantId, plies: u32, seed: u64, game_no: u32) -> Game {
    let mut game = Game::from_start(variant(id));
    let mut rng = mix(seed ^ u64::from(game_no).wrapping_mul(0x2545_f491_4f6c_dd1d));
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        let open: Vec<_> = moves
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
    }
    game
}

/// Plays one self-play game and returns its quiet positions with White's points and the
/// score the search gave each (for White).
fn play(id: VariantId, args: &TuneArgs, game_no: u32) -> Vec<Sample> {
    let mut game = opening(id, args.plies, args.seed, game_no);
    let mut engines = [Engine::new(4), Engine::new(4)];
    let stop = AtomicBool::new(false);
    let mut positions = Vec::new();
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let pos = game.position().clone();
        let limits = SearchLimits::nodes(args.nodes);
        let keys = game.repetition_keys().to_vec();
        let found = engines[pos.turn().index()].search(&pos, &keys, &limits, &stop, &mut |_| {});
        if tune::is_quiet_position(&pos) {
            let searched = found.score.centipawns().map(|cp| match pos.turn() {
                Color::White => cp,
                Color::Black => -cp,
            });
            positions.push((pos, searched));
        }
        let Some(mv) = found.best else { break };
        game.play(mv).expect("BUG: the search plays legal moves");
    }
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    positions
        .into_iter()
        .map(|(position, searched)| Sample {
            position,
            result,
            searched,
        })
        .collect()
}

/// `rankup tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    let id: VariantId = args.variant.parse().map_err(|e| format!("{e}"))?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !(args.pull >= 0.0 && args.pull.is_finite()) {
        return Err(format!("--pull must be 0 or more, not {}", args.pull));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!(
            "--lambda must be from 0 to 1 (the result's share of the target), not {}",
            args.lambda
        ));
    }
    let v = variant(id);
    let hold = held(id, &args.hold)?;
    let mut samples = Vec::new();
    let (mut white, mut draws, mut black) = (0, 0, 0);
    for g in 0..args.games {
        let s = play(id, args, g);
        match s.first().map(|x| x.result) {
            Some(r) if r > 0.75 => white += 1,
            Some(r) if r < 0.25 => black += 1,
            _ => draws += 1,
        }
        samples.extend(s);
        if (g + 1) % 20 == 0 || g + 1 == args.games {
            eprintln!(
                "tune: {} games (+{white} ={draws} -{black} for White), {} positions",
                g + 1,
                samples.len()
            );
        }
    }
    if samples.is_empty() {
        return Err("the games gave no quiet positions to fit".into());
    }
    let start = Weights::builtin(id.as_str());
    let opts = tune::TuneOptions {
        passes: args.passes,
        pull: args.pull,
        min_count: args.min_count,
        lambda: args.lambda,
        hold,
    };
    let fit = tune::tune(v, &samples, &start, &opts, &mut |pass, error| {
        eprintln!("tune: pass {pass}: error {error:.6}");
    });
    let counts: Vec<String> = fit.counts.iter().map(|(n, c)| format!("{n} {c}")).collect();
    eprintln!(
        "tune: positions holding each feature: {}",
        counts.join(", ")
    );
    if !fit.held.is_empty() {
        eprintln!(
            "tune: held at the start (in fewer than {} positions{}): {}",
            args.min_count,
            if args.hold.is_empty() {
                ""
            } else {
                ", or by --hold"
            },
            fit.held.join(", ")
        );
    }
    let (y, m, d) = Timestamp::now().date();
    let mut w = fit.weights;
    w.provenance.command = format!(
        "rankup tune {} --games {} --nodes {} --plies {} --seed {} --passes {} --pull {} --min-count {} --lambda {}",
        id, args.games, args.nodes, args.plies, args.seed, args.passes, args.pull, args.min_count, args.lambda
    );
    if !args.hold.is_empty() {
        w.provenance.command += &format!(" --hold {}", args.hold);
    }
    w.provenance.date = format!("{y:04}-{m:02}-{d:02}");
    w.provenance.games = args.games;
    w.provenance.positions = samples.len() as u32;
    eprintln!(
        "tune: K {:.3}, error {:.6} -> {:.6}",
        fit.k, fit.error_before, fit.error_after
    );
    let text = w.to_ron();
    match &args.out {
        Some(path) => std::fs::write(path, text + "\n")
            .map_err(|e| format!("cannot write '{}': {e}", path.display())),
        None => crate::cli::print_lines([text]),
    }
}

/// The letters of `--hold`, each a piece with a value in `id`.
fn held(id: VariantId, hold: &str) -> Result<Vec<char>, String> {
    let valued: String = variant(id)
        .kinds()
        .filter(|(_, spec)| tune::has_value(spec))
        .map(|(_, spec)| spec.letter)
        .collect();
    let hold: Vec<char> = hold.chars().collect();
    match hold.iter().find(|c| !valued.contains(**c)) {
        Some(bad) => Err(format!(
            "--hold: {bad:?} is not a piece with a value in {id} (its pieces: {valued})"
        )),
        None => Ok(hold),
    }
}

/// The arguments of `rankup spsa`.
#[derive(Clone, Debug)]
pub struct SpsaArgs {
    /// Variant id.
    pub variant: String,
    /// Games (played in pairs).
    pub games: u32,
    /// Nodes per move.
    pub nodes: u64,
    /// Random opening plies.
    pub plies: u32,
    /// Seed of the openings and the perturbations.
    pub seed: u64,
    /// Step rate.
    pub rate: f64,
    /// Letters of the pieces whose values are held.
    pub hold: String,
    /// Pairs played at once.
    pub threads: u32,
    /// Tune the search's numbers instead of the evaluation's weights.
    pub search: bool,
    /// Where to write the weights (stdout if unset).
    pub out: Option<std::path::PathBuf>,
}

/// One game from `game`'s opening between `white` and `black`: White's points.
fn play_out(mut game: Game, engines: &mut [Engine; 2], nodes: u64) -> f64 {
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let pos = game.position().clone();
        let keys = game.repetition_keys().to_vec();
        let limits = SearchLimits::nodes(nodes);
        let found = engines[pos.turn().index()].search(&pos, &keys, &limits, &stop, &mut |_| {});
        let Some(mv) = found.best else { break };
        game.play(mv).expect("BUG: the search plays legal moves");
    }
    match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    }
}

/// `rankup spsa`.
pub fn run_spsa(args: &SpsaArgs) -> Result<(), String> {
    let id: VariantId = args.variant.parse().map_err(|e| format!("{e}"))?;
    if args.games < 2 {
        return Err("--games must be at least 2 (the games are played in pairs)".into());
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err(format!("--rate must be more than 0, not {}", args.rate));
    }
    if args.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if args.search && !args.hold.is_empty() {
        return Err("--hold holds piece values: it does not go with --search".into());
    }
    let v = variant(id);
    if !args.search {
        // The weights tuned are the hand-made evaluation's: play it, not a built-in network
        // the weights would not touch.
        rankup::ai::nnue::play_with(v.id(), None);
    }
    let opts = SpsaOptions {
        pairs: args.games / 2,
        rate: args.rate,
        hold: held(id, &args.hold)?,
        seed: args.seed,
        batch: args.threads,
    };
    let command = format!(
        "rankup spsa {} --games {} --nodes {} --plies {} --seed {} --rate {}{}{}",
        id,
        args.games,
        args.nodes,
        args.plies,
        args.seed,
        args.rate,
        if args.hold.is_empty() {
            String::new()
        } else {
            format!(" --hold {}", args.hold)
        },
        if args.search { " --search" } else { "" }
    );
    let (y, m, d) = Timestamp::now().date();
    let date = format!("{y:04}-{m:02}-{d:02}");
    let text = if args.search {
        let start = SearchParams::current();
        let engine = |p: &SearchParams| {
            let mut e = Engine::new(4);
            e.set_search_params(*p);
            e
        };
        let p = tune_by_pairs(id, args, &opts, &start, &engine);
        format!(
            "// {command}\n// {date}, {} games; confirm it by `rankup match` before using it\n{}",
            opts.pairs * 2,
            p.to_ron()
        )
    } else {
        let start = tune::with_every_value(v, &Weights::builtin(id.as_str()));
        let engine = |w: &Weights| {
            let mut e = Engine::new(4);
            e.set_weights(v, w);
            e
        };
        let mut w = tune_by_pairs(id, args, &opts, &start, &engine);
        w.provenance = rankup::ai::Provenance {
            command,
            date,
            games: opts.pairs * 2,
            ..Default::default()
        };
        w.to_ron()
    };
    match &args.out {
        Some(path) => std::fs::write(path, text + "\n")
            .map_err(|e| format!("cannot write '{}': {e}", path.display())),
        None => crate::cli::print_lines([text]),
    }
}

/// Runs SPSA from `start`, each pair's two games played by engines `engine` makes, and
/// reports the values about twenty times on stderr.
fn tune_by_pairs<T: Tunable>(
    id: VariantId,
    args: &SpsaArgs,
    opts: &SpsaOptions,
    start: &T,
    engine: &(dyn Fn(&T) -> Engine + Sync),
) -> T {
    let play_pair = |plus: &T, minus: &T, pair: u32| -> f64 {
        let game = opening(id, args.plies, args.seed, pair);
        // Plus as White, then as Black, from the same opening.
        let first = play_out(game.clone(), &mut [engine(plus), engine(minus)], args.nodes);
        let second = play_out(game, &mut [engine(minus), engine(plus)], args.nodes);
        let plus_points = first + (1.0 - second);
        plus_points - (2.0 - plus_points)
    };
    let report = (opts.pairs / 20).max(1);
    spsa(start, opts, &play_pair, &mut |pairs, w| {
        if pairs % report < opts.batch || pairs == opts.pairs {
            let now: Vec<String> = w.params().iter().map(|(n, x)| format!("{n} {x}")).collect();
            eprintln!("spsa: {pairs} pairs: {}", now.join(", "));
        }
    })
}
