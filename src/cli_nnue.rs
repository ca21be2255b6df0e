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
//! The output is appended game by game, so that a run that is stopped keeps what it
//! finished. A file named `*.games` gets the games themselves, compactly
//! ([`rankup::ai::nnue::games`]: some 2.5 bytes a position, small enough for `data/nnue/`
//! to keep the positions of many runs), in batches of [`GAMES_PER_MEMBER`]; any other
//! file one line per position: `FEN | score | result`, the score in centipawns for White
//! and the result White's points (1, 0.5 or 0). `train` reads both, and directories of
//! `*.games` files.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use rankup::ai::nnue::games::{self, GameRecord, GamesReader};
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
    /// The file the games are appended to (`*.games`: compact; otherwise lines).
    pub out: PathBuf,
    /// Which positions are kept.
    pub keep: Keep,
}

/// Which self-play positions `datagen` keeps (a network learns the quiet ones: a position
/// with a capture or promotion pending is worth what the exchange gives, which the search
/// sees and the network need not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Keep {
    /// Not in check and no capture or promotion that wins material by exchange.
    Exchange,
    /// Not in check and the search's best move neither captures nor promotes (fewer
    /// positions thrown away where a promotion is nearly always on offer, as in PromoChess).
    BestMove,
}

/// Longest game; a game reaching it counts as a draw.
const MAX_PLIES: usize = 300;
/// A score (centipawns, for either side) past which a game is as good as won...
const ADJUDICATE: i32 = 1500;
/// ...when it stays there this many plies in a row.
const ADJUDICATE_PLIES: u32 = 6;

/// Games per gzip member of a `*.games` file: what a stopped run can lose.
const GAMES_PER_MEMBER: usize = 50;

/// One game: its record (every move, the quiet positions scored), the quiet positions
/// (FEN, score for White) and White's points.
fn play(id: VariantId, args: &DatagenArgs, game_no: u32) -> (GameRecord, Vec<(String, i32)>, f64) {
    let mut game = opening(id, args.plies, args.seed, game_no);
    let mut record = GameRecord::new(game.start());
    for played in game.history() {
        let recorded = record.play(played.mv);
        debug_assert!(recorded, "BUG: the opening plays legal moves");
    }
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
        let keep = match args.keep {
            Keep::Exchange => tune::is_quiet_position(&pos),
            Keep::BestMove => tune::is_quiet_by_best_move(&pos, found.best),
        };
        match found.score.centipawns() {
            Some(cp) => {
                if keep {
                    positions.push((pos.fen(), white(cp)));
                    record.score(white(cp));
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
        let recorded = record.play(mv);
        debug_assert!(recorded, "BUG: the search plays legal moves");
    }
    let result = adjudged.unwrap_or(match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    });
    (record, positions, result)
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
    let as_games = args.out.extension().is_some_and(|e| e == "games");
    let v = variant(id);
    let write = |file: &mut std::fs::File, bytes: &[u8]| {
        file.write_all(bytes)
            .map_err(|e| format!("cannot write '{}': {e}", args.out.display()))
    };
    let mut header = as_games
        && file
            .metadata()
            .map_err(|e| format!("cannot read '{}': {e}", args.out.display()))?
            .len()
            == 0;
    let mut batch = Vec::new();
    let started = std::time::Instant::now();
    let mut written = 0usize;
    for g in 0..args.games {
        let (record, positions, result) = play(id, args, g);
        written += positions.len();
        if as_games {
            batch.push((record, result));
            if batch.len() == GAMES_PER_MEMBER || g + 1 == args.games {
                write(&mut file, &games::member(v, header, &batch))?;
                header = false;
                batch.clear();
            }
        } else {
            let mut text = String::new();
            for (fen, score) in &positions {
                text += &format!("{fen} | {score} | {result}\n");
            }
            write(&mut file, text.as_bytes())?;
        }
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

/// Reads a `rankup datagen` file (games or lines) into `data`, or each `*.games` file of a
/// directory; returns what was read. A line or game it cannot read is skipped and said in
/// `skipped` (a damaged games file keeps the games before the damage).
fn read_data(
    v: &'static Variant,
    path: &Path,
    data: &mut Dataset,
    skipped: &mut Vec<String>,
) -> Result<String, String> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read '{}': {e}", path.display()))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "games"))
            // Files only: a directory (or a link to one) named `*.games` is not read into.
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("'{}': no *.games files in it", path.display()));
        }
        let mut said = Vec::new();
        for file in &files {
            let read = read_data(v, file, data, skipped)?;
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            said.push(format!("{name}: {read}"));
        }
        return Ok(format!("{} files ({})", files.len(), said.join(", ")));
    }
    let file = rankup::input::open_regular(path)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let mut input = BufReader::new(file);
    // The first bytes tell the two forms apart; peeked, not consumed.
    let is_games = input
        .fill_buf()
        .map(games::looks_like_games)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    if is_games {
        read_games(v, path, input, data, skipped)
    } else {
        read_lines(v, path, input, data, skipped).map(|lines| format!("{lines} lines"))
    }
}

/// Reads a games file.
fn read_games(
    v: &'static Variant,
    path: &Path,
    input: BufReader<std::fs::File>,
    data: &mut Dataset,
    skipped: &mut Vec<String>,
) -> Result<String, String> {
    let mut reader =
        GamesReader::new(input, v).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    let mut positions = 0usize;
    loop {
        match reader.next_game() {
            Ok(Some(game)) => {
                positions += game.positions.len();
                for (pos, score) in &game.positions {
                    data.push(pos, *score, game.white_points);
                }
            }
            Ok(None) => break,
            Err(e) => {
                skipped.push(format!(
                    "{}: {e} (the games after it are not read)",
                    path.display()
                ));
                break;
            }
        }
    }
    Ok(format!("{} games, {positions} positions", reader.games()))
}

/// Reads a file of `FEN | score | result` lines; returns the number of lines.
fn read_lines(
    v: &'static Variant,
    path: &Path,
    mut reader: BufReader<std::fs::File>,
    data: &mut Dataset,
    skipped: &mut Vec<String>,
) -> Result<usize, String> {
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
        let read = read_data(v, path, &mut data, &mut skipped)?;
        eprintln!("train: {}: {read}", path.display());
    }
    if let Some(first) = skipped.first() {
        eprintln!("train: {} skipped; the first: {first}", skipped.len());
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
