//! `rankup puzzles mine` and `rankup puzzles check`: making a puzzle set from self-play, and
//! checking one.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rankup::puzzles::mine::{self, MineConfig, Progress};
use rankup::puzzles::{self, PuzzleSet, MAX_FILE_BYTES};
use rankup::variants::VariantId;

use crate::cli::print_lines;

/// The settings of `rankup puzzles mine`.
#[derive(Debug)]
pub struct MineArgs {
    /// The game.
    pub game: String,
    /// Self-play games.
    pub games: u32,
    /// The seed.
    pub seed: u64,
    /// Where the set goes (default `GAME.ron`).
    pub out: Option<PathBuf>,
    /// Stop after the game in which this many puzzles are found.
    pub until: Option<usize>,
    /// Candidate search depth.
    pub scan_depth: Option<u32>,
    /// Confirming search depth.
    pub confirm_depth: Option<u32>,
    /// Nodes per self-play move.
    pub play_nodes: Option<u64>,
}

/// `rankup puzzles mine GAME --games N`: plays the games, writes the set after every game
/// (so an interrupted run keeps what it found), and reports progress on stderr. Ctrl-C stops
/// it after the search in progress, keeping the puzzles found.
pub fn mine(args: &MineArgs) -> Result<(), String> {
    let game: VariantId = args.game.parse().map_err(|e| format!("{e}"))?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let mut config = MineConfig::new(game, args.games, args.seed);
    if let Some(d) = args.scan_depth {
        config.scan_depth = d.clamp(1, 30);
    }
    if let Some(d) = args.confirm_depth {
        config.confirm_depth = d.clamp(1, 30);
    }
    config.confirm_depth = config.confirm_depth.max(config.scan_depth);
    if let Some(n) = args.play_nodes {
        config.play_nodes = n.clamp(1, 100_000_000);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.ron", game.as_str())));
    let explicit =
        args.scan_depth.is_some() || args.confirm_depth.is_some() || args.play_nodes.is_some();
    // The command that makes the same set again: the games actually played.
    let made = |games: u32| {
        let mut command = format!(
            "rankup puzzles mine {} --games {games} --seed {}",
            game.as_str(),
            config.seed
        );
        if explicit {
            command += &format!(
                " --scan-depth {} --confirm-depth {} --play-nodes {}",
                config.scan_depth, config.confirm_depth, config.play_nodes
            );
        }
        let mut made = config.made(command);
        made.games = games;
        made
    };
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| format!("cannot catch signals: {e}"))?;
    }
    let mut set = PuzzleSet {
        game,
        made: made(0),
        puzzles: Vec::new(),
    };
    let mut played = 0;
    let started = Instant::now();
    let mut write_error = None;
    eprintln!(
        "mining {} puzzles: {} games, seed {}, {} nodes a move, depth {} confirmed at {} -> {}",
        game.as_str(),
        config.games,
        config.seed,
        config.play_nodes,
        config.scan_depth,
        config.confirm_depth,
        out.display()
    );
    let found = mine::mine(&config, &stop, &mut |progress| match progress {
        Progress::Found(p) => {
            set.puzzles.push(p.clone());
            let themes: Vec<String> = p.themes.iter().map(|t| t.label()).collect();
            eprintln!(
                "  {}: {} moves, rating {}, {}",
                p.id,
                p.line.len(),
                p.rating,
                themes.join(", ")
            );
        }
        Progress::GameDone { game: g, plies } => {
            let minutes = started.elapsed().as_secs_f64() / 60.0;
            eprintln!(
                "game {}/{}: {plies} plies; {} puzzles in {minutes:.1} min ({:.2} a minute)",
                g + 1,
                config.games,
                set.puzzles.len(),
                set.puzzles.len() as f64 / minutes.max(1e-9)
            );
            played = g + 1;
            set.made = made(played);
            if let Err(e) = write(&out, &set) {
                write_error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
            if args.until.is_some_and(|n| set.puzzles.len() >= n) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    // Only the puzzles of whole games: an interrupted game's are left out, so that the
    // header's command makes the same set again.
    set.puzzles = found
        .into_iter()
        .filter(|p| p.origin.game < played)
        .collect();
    set.made = made(played);
    write(&out, &set)?;
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    eprintln!(
        "{} puzzles from {played} games in {minutes:.1} min ({:.2} a minute), written to {}",
        set.puzzles.len(),
        set.puzzles.len() as f64 / minutes.max(1e-9),
        out.display()
    );
    Ok(())
}

/// Writes the set, checking first that it reads back.
fn write(path: &Path, set: &PuzzleSet) -> Result<(), String> {
    let text = puzzles::to_ron(set);
    puzzles::load(&text, &path.display().to_string())
        .map_err(|e| format!("BUG: the mined set does not read back: {e}"))?;
    rankup::save::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `rankup puzzles check FILE`: reads a puzzle set (every position legal, every move legal
/// in turn, every theme true) and, with `--depth`, searches every solver's move again at
/// that depth (the set's confirm depth when 0).
pub fn check(path: &Path, depth: Option<u32>) -> Result<(), String> {
    let name = path.display().to_string();
    let text = rankup::input::read_text_file(path, MAX_FILE_BYTES as u64)
        .map_err(|e| format!("{}: {e}", rankup::text::short_path(&name)))?;
    let set = puzzles::load(&text, &name).map_err(|e| e.to_string())?;
    let mut lines = vec![format!(
        "ok: {} puzzles of {} ({})",
        set.puzzles.len(),
        set.game.as_str(),
        rankup::text::sanitize(&set.made.command)
    )];
    if let Some(depth) = depth {
        let depth = if depth == 0 {
            set.made.confirm_depth
        } else {
            depth
        };
        let mut bad = 0;
        for p in &set.puzzles {
            if let Err((k, found)) = mine::verify(p, depth) {
                bad += 1;
                lines.push(format!(
                    "{}: move {} of the line is not found first at depth {depth} (found {})",
                    p.id,
                    k + 1,
                    found.map_or("nothing".into(), |m| rankup::notation::coord::format(
                        rankup::variants::variant(set.game),
                        &m
                    ))
                ));
            }
        }
        lines.push(format!(
            "{} of {} solutions found first at depth {depth}",
            set.puzzles.len() - bad,
            set.puzzles.len()
        ));
        print_lines(lines)?;
        return if bad == 0 {
            Ok(())
        } else {
            Err(format!("{bad} puzzles fail the search check"))
        };
    }
    print_lines(lines)
}
