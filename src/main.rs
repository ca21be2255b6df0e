//! The `rankup` command: parses the command line and runs the chosen tool.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;
mod cli_ai;
mod cli_save;

/// Chess variants in which pieces promote, demote and level up.
#[derive(Parser, Debug)]
#[command(name = "rankup", version, about)]
struct Args {
    /// Colour theme: a built-in (dark, light, high-contrast, mono), a user theme in the
    /// config directory's themes/ folder, or a path to a .ron file [default: the config
    /// file's, else dark].
    #[arg(long, global = true)]
    theme: Option<String>,
    /// Letters for every piece instead of Unicode chess glyphs.
    #[arg(long, global = true, conflicts_with = "unicode")]
    ascii: bool,
    /// Unicode chess glyphs (the default, unless the config file says ascii).
    #[arg(long, global = true)]
    unicode: bool,
    /// Leave the mouse to the terminal (for selecting text); `m` toggles it in the app.
    #[arg(long, global = true, conflicts_with = "mouse")]
    no_mouse: bool,
    /// Mouse clicks pick squares (the default, unless the config file turns it off).
    #[arg(long, global = true)]
    mouse: bool,
    /// What to do; without one, the app opens on its start screen.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game at once, skipping the start screen.
    Play {
        /// Variant id (chess, promochess, ...).
        variant: String,
        /// Start from this position string.
        #[arg(long)]
        fen: Option<String>,
        /// Clocks for both players, MINUTES+SECONDS per move (5+3).
        #[arg(long)]
        clock: Option<String>,
        /// Play against the AI at this level (1-6 or its name); without it, two people play
        /// at this keyboard.
        #[arg(long)]
        ai: Option<String>,
        /// The side you play against the AI: white or black.
        #[arg(long, default_value = "white")]
        color: String,
        /// Watch the AI play both sides (at --ai's level, default the config file's, else 4).
        #[arg(long)]
        watch: bool,
    },
    /// Count the leaf nodes of the legal move tree (prints `total: N` last).
    Perft {
        /// Variant id (chess, promochess, ...).
        variant: String,
        /// Depth in plies.
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Coordinate tokens to play first, comma-separated (e2e4,e7e5).
        #[arg(long, value_delimiter = ',')]
        moves: Vec<String>,
        /// Print one `MOVE: COUNT` line per legal move, sorted by token.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves as coordinate tokens, sorted, one per line.
    Moves {
        /// Variant id.
        variant: String,
        /// Start from this position string instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Coordinate tokens to play first, comma-separated.
        #[arg(long, value_delimiter = ',')]
        moves: Vec<String>,
    },
    /// Measure move-generation speed: perft of chess and PromoChess, in nodes per second.
    Bench {
        /// Perft depth.
        #[arg(long, default_value_t = 5)]
        depth: u32,
    },
    /// Speak the UCI engine protocol on stdin and stdout (for GUIs and match tools).
    Uci,
    /// Play two AI settings against each other; report W/D/L and an Elo estimate.
    Selfplay {
        /// Variant id.
        variant: String,
        /// Number of games (colours alternate; each random opening is played twice).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Player A: a level (1..6 or its name), greedy, random, depth=N, nodes=N or
        /// movetime=MS.
        #[arg(long, default_value = "4")]
        a: String,
        /// Player B, as for --a.
        #[arg(long, default_value = "greedy")]
        b: String,
        /// Time per move for level players, in milliseconds (default: the level's own).
        #[arg(long)]
        movetime: Option<u64>,
        /// Seed of the random openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies that open each game.
        #[arg(long, default_value_t = 2)]
        plies: u32,
        /// Games played at once (one thread each).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
    /// Measure search speed: nodes per second and depth reached from each game's start.
    BenchAi {
        /// Time per search, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
    },
    /// Step through a saved game (.ron): the board at each move, stored scores and comments,
    /// the engine's opinion, PGN export, and playing on from any move.
    Review {
        /// The saved game.
        file: std::path::PathBuf,
    },
    /// Write a saved game (.ron) as PGN, to stdout or a file.
    Export {
        /// The saved game.
        file: std::path::PathBuf,
        /// Write the PGN to this file instead of stdout.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return argument_error(&e),
    };
    // Each display flag is a choice only when given; otherwise the config file decides.
    let flag = |on: bool, off: bool| (on || off).then_some(on);
    let ui = cli::UiArgs {
        theme: args.theme,
        glyphs: flag(args.unicode, args.ascii),
        mouse: flag(args.mouse, args.no_mouse),
    };
    let Some(command) = args.command else {
        return finish(cli::play(&ui, None, None, None, &cli::Opponent::default()));
    };
    let result = match command {
        Command::Play {
            variant,
            fen,
            clock,
            ai,
            color,
            watch,
        } => cli::play(
            &ui,
            Some(&variant),
            fen.as_deref(),
            clock.as_deref(),
            &cli::Opponent { ai, color, watch },
        ),
        Command::Export { file, output } => cli_save::export(&file, output.as_deref()),
        Command::Review { file } => cli::review(&ui, &file),
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
        } => cli::perft(&variant, depth, fen.as_deref(), &moves, divide),
        Command::Moves {
            variant,
            fen,
            moves,
        } => cli::moves(&variant, fen.as_deref(), &moves),
        Command::Bench { depth } => cli::bench(depth),
        Command::Uci => cli_ai::uci(),
        Command::Selfplay {
            variant,
            games,
            a,
            b,
            movetime,
            seed,
            plies,
            jobs,
        } => cli_ai::selfplay(&cli_ai::Match {
            variant,
            games,
            a,
            b,
            movetime,
            seed,
            plies,
            jobs,
        }),
        Command::BenchAi { movetime } => cli_ai::bench(movetime),
    };
    finish(result)
}

/// Ends with an error on one line of stderr and exit code 2. Messages quote the input
/// (arguments, file names, file contents), so they are sanitised: nothing in them can move
/// the cursor, recolour the terminal or reorder the text.
fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rankup: {}", rankup::text::sanitize(&e));
            ExitCode::from(2)
        }
    }
}

/// A command-line parsing problem: `--help` and `--version` print as clap writes them; an
/// error is one line (clap's message and tips joined, without its usage block, the bad
/// argument quoted short) and exit code 2.
fn argument_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return match e.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = e.print();
        return ExitCode::from(2);
    }
    let text = e.render().to_string();
    let mut message = String::new();
    for line in text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
    {
        if !message.is_empty() {
            message.push_str(if line.starts_with("tip:") { "; " } else { " " });
        }
        message.push_str(line);
    }
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    eprintln!(
        "rankup: {} (rankup --help lists the options)",
        rankup::text::shorten_message(message)
    );
    ExitCode::from(2)
}
