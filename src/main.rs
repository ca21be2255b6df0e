//! The `rankup` command: parses the command line and runs the chosen tool.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// Chess variants in which pieces promote, demote and level up.
#[derive(Parser, Debug)]
#[command(name = "rankup", version, about)]
struct Args {
    /// Colour theme: a built-in (dark, light, high-contrast, mono), a user theme in the
    /// config directory's themes/ folder, or a path to a .ron file.
    #[arg(long, global = true, default_value = "dark")]
    theme: String,
    /// Letters for every piece instead of Unicode chess glyphs.
    #[arg(long, global = true)]
    ascii: bool,
    /// Leave the mouse to the terminal (for selecting text); `m` toggles it in the app.
    #[arg(long, global = true)]
    no_mouse: bool,
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
}

fn main() -> ExitCode {
    let args = Args::parse();
    let ui = cli::UiArgs {
        theme: args.theme,
        ascii: args.ascii,
        no_mouse: args.no_mouse,
    };
    let Some(command) = args.command else {
        return finish(cli::play(&ui, None, None, None));
    };
    let result = match command {
        Command::Play {
            variant,
            fen,
            clock,
        } => cli::play(&ui, Some(&variant), fen.as_deref(), clock.as_deref()),
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
    };
    finish(result)
}

fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rankup: {e}");
            ExitCode::from(2)
        }
    }
}
