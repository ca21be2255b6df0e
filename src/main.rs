//! The `rankup` command: parses the command line and runs the chosen tool.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// Chess variants in which pieces promote, demote and level up.
#[derive(Parser, Debug)]
#[command(name = "rankup", version, about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
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
    let result = match args.command {
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
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rankup: {e}");
            ExitCode::from(2)
        }
    }
}
