//! `rankup datagen`, `rankup train`: a learned evaluation ([`rankup::ai::nnue`]) from the
//! engine's own games. `datagen` writes self-play positions with the search's score and
//! the game's result; `train` fits a network to them.
//!
//! Each game opens with random legal plies (seeded by `--seed` and the game's number, so
//! a run can be repeated and runs with other seeds add new games), then both sides search
//! a fixed number of nodes per move. Every quiet position (not in check, no capture that
//! wins material by exchange) is written with the score the search gave it; when the game
//! ends, each of its positions gets the result. A game whose score stays beyond
//! [`ADJUDICATE`] for [`ADJUDICATE_PLIES`] plies is scored as won (its remaining moves
//! teach little and cost most of the time).
//!
//! The output is one line per position, appended game by game (a run that is stopped
//! keeps every finished game): `FEN | score | result`, the score in centipawns for White
//! and the result White's points (1, 0.5 or 0).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use rankup::ai::nnue::{self, train::Dataset, train::TrainOptions, Network};
use rankup::ai::tune;
use rankup::ai::{Engine, SearchLimits};
use rankup::rules::{Color, Position, Variant};
use rankup::variants::{variant, VariantId};

use crate::cli_tune::opening;

/// The arguments of `rankup datagen`.
#[derive(Clone, Debug)]
pub struct DatagenArgs {
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
    /// The file the positions are appended to.
    pub out: PathBuf,
}

/// Longest game; a game reaching it counts as a draw.
const MAX_PLIES: usize = 300;
/// A score (centipawns, for either side) past which a game is as good as won...
const ADJUDICATE: i32 = 1500;
/// ...when it stays there this many plies in a row.
const ADJUDICATE_PLIES: u32 = 6;

/// One game's positions (FEN, score for White) and White's points.
fn play(id: VariantId, args: &DatagenArgs, game_no: u32) -> (Vec<(String, i32)>, f64) {
    let mut game = opening(id, args.plies, args.seed, game_no);
    let mut engines = [Engine::new(4), Engine::new(4)];
    let stop = AtomicBool::new(false);
    let mut positions = Vec::new();
    let mut decided = 0u32;
    let mut adjudged = None;
    while game.outcome().is_none() && game.history().len() < MAX_PLIES {
        let pos = game.position().clone();
        let limits = SearchLimits::nodes(args.nodes);
        let keys = game.repetition_keys().to_vec();
        let found = engines[pos.turn().index()].search(&pos, &keys, &limits, &stop, &mut |_| {});
        let white = |cp: i32| match pos.turn() {
            Color::White => cp,
            Color::Black => -cp,
        };
        match found.score.centipawns() {
            Some(cp) => {
                if tune::is_quiet_position(&pos) {
                    positions.push((pos.fen(), white(cp)));
                }
                decided = if cp.abs() >= ADJUDICATE {
                    decided + 1
                } else {
                    0
                };
                if decided >= ADJUDICATE_PLIES {
                    adjudged = Some(if white(cp) > 0 { 1.0 } else { 0.0 });
                    break;
                }
            }
            // A mate found: the game is decided; its score says nothing about centipawns.
            None => decided += 1,
        }
        let Some(mv) = found.best else { break };
        game.play(mv).expect("BUG: the search plays legal moves");
    }
    let result = adjudged.unwrap_or(match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    });
    (positions, result)
}

/// `rankup datagen`.
pub fn datagen(args: &DatagenArgs) -> Result<(), String> {
    let id: VariantId = args.variant.parse().map_err(|e| format!("{e}"))?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    let _ = variant(id);
    // Not waiting on a FIFO with no reader, and refusing anything but a regular file.
    let mut file = rankup::input::open_regular_with(
        &args.out,
        std::fs::OpenOptions::new().create(true).append(true),
    )
    .map_err(|e| format!("cannot open '{}': {e}", args.out.display()))?;
    let started = std::time::Instant::now();
    let mut written = 0usize;
    for g in 0..args.games {
        let (positions, result) = play(id, args, g);
        let mut text = String::new();
        for (fen, score) in &positions {
            text += &format!("{fen} | {score} | {result}\n");
        }
        file.write_all(text.as_bytes())
            .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))?;
        written += positions.len();
        if (g + 1) % 10 == 0 || g + 1 == args.games {
            eprintln!(
                "datagen: {} games, {written} positions, {:.0} positions/s",
                g + 1,
                written as f64 / started.elapsed().as_secs_f64().max(1e-3)
            );
        }
    }
    Ok(())
}

/// The arguments of `rankup train`.
#[derive(Clone, Debug)]
pub struct TrainArgs {
    /// Variant id.
    pub variant: String,
    /// `rankup datagen` files.
    pub data: Vec<PathBuf>,
    /// Where the network is written.
    pub out: PathBuf,
    /// How it is trained.
    pub opts: TrainOptions,
}

/// Longest line of a data file (a FEN of the largest board, a score and a result).
const MAX_LINE: usize = 4096;

/// Reads a `rankup datagen` file into `data`; returns the number of lines. A line it cannot
/// read is skipped and said in `skipped`.
fn read_data(
    v: &'static Variant,
    path: &Path,
    data: &mut Dataset,
    skipped: &mut Vec<String>,
) -> Result<usize, String> {
    let file = rankup::input::open_regular(path)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let mut reader = std::io::BufReader::new(file);
    let mut lines = 0usize;
    loop {
        let line = match rankup::input::read_line(&mut reader, MAX_LINE) {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => return Err(format!("cannot read '{}': {e}", path.display())),
        };
        lines += 1;
        let text = match &line {
            rankup::input::Line::Text(t) => String::from_utf8_lossy(t),
            rankup::input::Line::TooLong => {
                skipped.push(format!(
                    "{}:{lines}: longer than {MAX_LINE} bytes",
                    path.display()
                ));
                continue;
            }
        };
        match parse_line(v, &text) {
            Ok((pos, score, result)) => data.push(&pos, score, result),
            Err(e) => skipped.push(format!("{}:{lines}: {e}", path.display())),
        }
    }
    Ok(lines)
}

/// One `FEN | score | result` line.
fn parse_line(v: &'static Variant, text: &str) -> Result<(Position, i32, f64), String> {
    let mut fields = text.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("expected 'FEN | score | result'".into());
    };
    let pos = Position::from_fen(v, fen).map_err(|e| format!("bad position: {e}"))?;
    let score: i32 = score
        .parse()
        .ok()
        .filter(|s: &i32| s.abs() < 100_000)
        .ok_or_else(|| format!("bad score '{score}'"))?;
    let result = match result {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        _ => return Err(format!("bad result '{result}' (1, 0.5 or 0)")),
    };
    Ok((pos, score, result))
}

/// `rankup train`.
pub fn train(args: &TrainArgs) -> Result<(), String> {
    let id: VariantId = args.variant.parse().map_err(|e| format!("{e}"))?;
    let v = variant(id);
    if args.data.is_empty() {
        return Err("--data: give at least one file of `rankup datagen` positions".into());
    }
    let mut data = Dataset::new(v);
    let mut skipped = Vec::new();
    for path in &args.data {
        let lines = read_data(v, path, &mut data, &mut skipped)?;
        eprintln!("train: {}: {lines} lines", path.display());
    }
    if let Some(first) = skipped.first() {
        eprintln!("train: {} lines skipped; the first: {first}", skipped.len());
    }
    eprintln!(
        "train: {} positions{}, hidden {}, {} output buckets, {} epochs of batches of {}, lr {}, lambda {}",
        data.len(),
        if args.opts.mirror { " and their mirror images" } else { "" },
        args.opts.hidden,
        args.opts.buckets,
        args.opts.epochs,
        args.opts.batch,
        args.opts.lr,
        args.opts.lambda
    );
    let started = std::time::Instant::now();
    let mut said_scale = false;
    let net = nnue::train::train(v, &data, &args.opts, &mut |e| {
        if !said_scale {
            eprintln!("train: scale {} centipawns per unit", e.scale);
            said_scale = true;
        }
        eprintln!(
            "train: epoch {}: loss {:.6}, held-out {:.6} ({:.0} s)",
            e.number,
            e.train_loss,
            e.validation_loss,
            started.elapsed().as_secs_f64()
        );
    })
    .map_err(|e| e.to_string())?;
    rankup::save::write_atomic(&args.out, &net.to_bytes())
        .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))?;
    eprintln!("train: wrote {}", args.out.display());
    Ok(())
}

/// A `--net GAME=FILE` (or `GAME=none`, the hand-made evaluation): installs it for this
/// process.
pub fn install_net(spec: &str) -> Result<(), String> {
    let Some((game, file)) = spec.split_once('=') else {
        return Err(format!("--net: expected GAME=FILE, got '{spec}'"));
    };
    let id: VariantId = game.parse().map_err(|e| format!("--net: {e}"))?;
    let v = variant(id);
    if file == "none" {
        nnue::play_with(v.id(), None);
        return Ok(());
    }
    let path = Path::new(file);
    let bytes = rankup::input::read_file(path, 64 * rankup::input::MIB)
        .map_err(|e| format!("--net: {}: {e}", path.display()))?;
    let net =
        Network::from_bytes(&bytes, v).map_err(|e| format!("--net: {}: {e}", path.display()))?;
    nnue::play_with(v.id(), Some(net));
    Ok(())
}
