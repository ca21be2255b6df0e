//! The `rankup` command: parses the command line and runs the chosen tool.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;
mod cli_ai;
mod cli_learn;
mod cli_match;
mod cli_nnue;
mod cli_puzzles;
mod cli_save;
mod cli_theme;
mod cli_tune;
mod cli_variant;

/// Chess variants in which pieces promote, demote and level up.
#[derive(Parser, Debug)]
#[command(name = "rankup", version, about)]
struct Args {
    #[command(flatten)]
    display: Display,
    /// What to do; without one, the app opens on its start screen.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The display flags of the commands that open the app (the app itself, `play`, `learn`,
/// `puzzles`, `review`, `resume`); given before the command or after it. The other commands
/// print text and take none of them.
#[derive(clap::Args, Debug)]
struct Display {
    /// Colour theme: a built-in (dark, light, high-contrast, mono), a user theme in the
    /// config directory's themes/ folder, or a path to a .ron file [default: the config
    /// file's, else dark].
    #[arg(long)]
    theme: Option<String>,
    /// Plain ASCII: letters for every piece, +-| lines (the default where the locale is
    /// not UTF-8, e.g. LANG=C).
    #[arg(long, conflicts_with = "unicode")]
    ascii: bool,
    /// Unicode chess glyphs and box lines, whatever the locale says (the default with a
    /// UTF-8 locale, unless the config file says ascii).
    #[arg(long)]
    unicode: bool,
    /// Ring the terminal bell when it becomes your move after the opponent thought a while
    /// (the default against a person on the server; off against the AI).
    #[arg(long, conflicts_with = "no_bell")]
    bell: bool,
    /// Never ring the bell.
    #[arg(long)]
    no_bell: bool,
    /// The top AI level thinks while you do, on every core but one (the default, unless
    /// the config file turns it off).
    #[arg(long, conflicts_with = "no_ponder")]
    ponder: bool,
    /// The AI thinks only on its own move.
    #[arg(long)]
    no_ponder: bool,
    /// Leave the mouse to the terminal (for selecting text); `m` toggles it in the app.
    #[arg(long, conflicts_with = "mouse")]
    no_mouse: bool,
    /// Mouse clicks pick squares (the default, unless the config file turns it off).
    #[arg(long)]
    mouse: bool,
}

impl Display {
    /// The choices these flags make (`None` where a flag pair is not given).
    fn choices(&self) -> cli::UiArgs {
        let flag = |on: bool, off: bool| (on || off).then_some(on);
        cli::UiArgs {
            theme: self.theme.clone(),
            glyphs: flag(self.unicode, self.ascii),
            mouse: flag(self.mouse, self.no_mouse),
            bell: flag(self.bell, self.no_bell),
            ponder: flag(self.ponder, self.no_ponder),
        }
    }
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
        /// Play against the AI at this level (1-8 or its name); without it, two people play
        /// at this keyboard.
        #[arg(long)]
        ai: Option<String>,
        /// The side you play against the AI: white or black.
        #[arg(long, default_value = "white")]
        color: String,
        /// Watch the AI play both sides (at --ai's level, default the config file's, else 4).
        #[arg(long)]
        watch: bool,
        #[command(flatten)]
        display: Display,
    },
    /// Lessons: a short course per game, one lesson per special rule and new piece, played
    /// on the board; with `--check FILE`, validate a lesson file instead.
    Learn {
        /// The game to learn (chess, promochess, ...) [default: choose on the screen].
        game: Option<String>,
        /// Check this lesson file instead: every position legal, every accepted move and
        /// scripted line legal, every state reachable; prints what it holds, or the first
        /// problem.
        #[arg(long, value_name = "FILE", conflicts_with = "game")]
        check: Option<std::path::PathBuf>,
        #[command(flatten)]
        display: Display,
    },
    /// Puzzles mined by the engine from its own play: solve them (a rating per game), or
    /// `mine` a set, or `check` one.
    #[command(args_conflicts_with_subcommands = true)]
    Puzzles {
        /// The game whose puzzles to solve (chess, promochess, ...) [default: choose on the
        /// screen].
        game: Option<String>,
        /// Make or check a set instead.
        #[command(subcommand)]
        action: Option<PuzzlesAction>,
        #[command(flatten)]
        display: Display,
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
        /// Instead of listing the moves, say whether this move (SAN or a token) is legal,
        /// and if not, why.
        #[arg(long, value_name = "MOVE")]
        why: Option<String>,
    },
    /// Measure move-generation speed: perft of chess, PromoChess and Tamerspiel, in nodes per
    /// second.
    Bench {
        /// Perft depth.
        #[arg(long, default_value_t = 5)]
        depth: u32,
    },
    /// Speak the UCI engine protocol on stdin and stdout (for GUIs and match tools).
    Uci {
        /// Play GAME with the weight set in FILE (as `rankup tune` writes it) instead of its
        /// built-in one, or with the derived evaluation for `GAME=derived`: a candidate set
        /// matched against the build's own. Repeatable.
        #[arg(long, value_name = "GAME=FILE")]
        weights: Vec<String>,
        /// Search with the numbers in FILE (as `rankup spsa GAME --search` writes them)
        /// instead of the built-in ones: a candidate set matched against the build's own.
        #[arg(long, value_name = "FILE")]
        search_params: Option<std::path::PathBuf>,
        /// Evaluate GAME with the learned network in FILE (as `rankup train` writes it)
        /// instead of its built-in one, or with the hand-made evaluation for `GAME=none`
        /// (which `--weights GAME=...` implies unless a `--net` names GAME). Repeatable.
        #[arg(long, value_name = "GAME=FILE")]
        net: Vec<String>,
    },
    /// Play two AI settings against each other; report W/D/L and an Elo estimate.
    Selfplay {
        /// Variant id.
        variant: String,
        /// Number of games (colours alternate; each random opening is played twice).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Player A: a level (1..8 or its name), greedy, random, or limits: depth=N, nodes=N
        /// or movetime=MS, with ,multipv=N ,temp=CP ,variety=CP after them (a candidate level).
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
    /// Play two UCI engines against each other with rankup's rules as referee; report W/D/L,
    /// Elo with a 95% interval and an SPRT verdict.
    Match {
        /// Engine 1's command line (the result is about it), e.g. "./target/release/rankup uci".
        #[arg(long)]
        engine1: String,
        /// Engine 2's command line.
        #[arg(long)]
        engine2: String,
        /// Variant id.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Number of games (rounded up to even: each opening is played with both colours).
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Milliseconds per move (the default, 100, when neither this nor --tc is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// A game clock instead: MINUTES+SECONDS, as play --clock (1+0.1, 0.5+0).
        #[arg(long)]
        tc: Option<String>,
        /// Milliseconds an engine may answer late before it loses on time.
        #[arg(long, default_value_t = 500)]
        margin: u64,
        /// Random plies that open each pair of games.
        #[arg(long, default_value_t = 4)]
        plies: u32,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Longest game in plies; a game reaching it is adjudicated a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Adjudicate a win when both engines score one side CP ahead for MOVES moves each
        /// (CP:MOVES, e.g. 1000:3).
        #[arg(long)]
        resign: Option<String>,
        /// Adjudicate a draw from ply PLY on when both engines score within CP of level for
        /// MOVES moves each (PLY:CP:MOVES, e.g. 80:10:8).
        #[arg(long)]
        draw: Option<String>,
        /// SPRT null hypothesis: engine 1 is this many Elo stronger (with --elo1; the match
        /// stops at a verdict).
        #[arg(long, allow_negative_numbers = true)]
        elo0: Option<f64>,
        /// SPRT alternative hypothesis, in Elo.
        #[arg(long, allow_negative_numbers = true)]
        elo1: Option<f64>,
        /// A UCI option for both engines, NAME=VALUE (repeatable).
        #[arg(long = "option")]
        options: Vec<String>,
        /// A UCI option for engine 1 only, NAME=VALUE (repeatable).
        #[arg(long = "option1")]
        options1: Vec<String>,
        /// A UCI option for engine 2 only, NAME=VALUE (repeatable).
        #[arg(long = "option2")]
        options2: Vec<String>,
        /// Games played at once (each engine thinks on one core; keep it at most cores / 2).
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
    },
    /// Texel-tune a game's evaluation from fast self-play: writes a RON weights file with how
    /// it was made (confirm it by `rankup match` before adding it to data/weights/).
    Tune {
        /// Variant id.
        variant: String,
        /// Self-play games.
        #[arg(long, default_value_t = 400)]
        games: u32,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 2000)]
        nodes: u64,
        /// Random plies that open each game.
        #[arg(long, default_value_t = 8)]
        plies: u32,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Local-search passes per step size.
        #[arg(long, default_value_t = 8)]
        passes: u32,
        /// Strength of the L2 pull toward the untuned weights (0 fits freely).
        #[arg(long, default_value_t = rankup::ai::tune::DEFAULT_PULL)]
        pull: f64,
        /// Fit a weight only when at least this many positions hold its feature (else it
        /// keeps its untuned value).
        #[arg(long, default_value_t = rankup::ai::tune::DEFAULT_MIN_COUNT)]
        min_count: u32,
        /// The game's result's share of what each position is fitted to, from 0 to 1; the
        /// rest is the self-play search's score of the position (1: results alone).
        #[arg(long, default_value_t = rankup::ai::tune::DEFAULT_LAMBDA)]
        lambda: f64,
        /// Pieces whose values are held where they start, by letter (`--hold QMV`): for
        /// pieces that only arise by promotion, whose presence says who was winning.
        #[arg(long, default_value = "")]
        hold: String,
        /// Write the weights here instead of stdout.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Self-play positions for a learned evaluation: appends the games, with the search's
    /// score of each quiet position, to a file: compactly to a `*.games` file, otherwise as
    /// `FEN | score | result` lines (the score in centipawns for White, White's points).
    Datagen {
        /// Variant id.
        variant: String,
        /// Self-play games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Random plies that open each game.
        #[arg(long, default_value_t = 8)]
        plies: u32,
        /// Seed of the openings (runs with other seeds play other games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file the games are appended to (`*.games`: compact; otherwise lines).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Search with the learned network in FILE (as `rankup train` writes it): positions
        /// scored by a network, to train the next one on.
        #[arg(long, value_name = "GAME=FILE")]
        net: Option<String>,
        /// Which positions are kept: `exchange` (not in check, no capture that wins material
        /// by exchange) or `best-move` (not in check, the search's best move neither
        /// captures nor promotes: for games where a promotion is nearly always on offer).
        #[arg(long, value_enum, default_value_t = cli_nnue::Keep::Exchange)]
        keep: cli_nnue::Keep,
    },
    /// Train a learned evaluation (a small network) for a game on `rankup datagen`
    /// positions; writes a network file for `rankup uci --net GAME=FILE` (confirm it by
    /// `rankup match` before using it).
    Train {
        /// Variant id.
        variant: String,
        /// `rankup datagen` files (games or lines), or directories of `*.games` files
        /// (repeatable).
        #[arg(long, required = true)]
        data: Vec<std::path::PathBuf>,
        /// Where to write the network.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Hidden layer width.
        #[arg(long, default_value_t = 128)]
        hidden: usize,
        /// Passes over the positions.
        #[arg(long, default_value_t = 30)]
        epochs: u32,
        /// Positions per step.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// Starting learning rate (falls along a cosine to a hundredth of it).
        #[arg(long, default_value_t = 0.001)]
        lr: f32,
        /// The game's result's share of each position's target, from 0 to 1 (the rest is
        /// the search's score).
        #[arg(long, default_value_t = 0.3)]
        lambda: f32,
        /// Seed of the starting weights and the order of the positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads computing each step.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Centipawns per unit of the network's logit (default: the scale with which the
        /// positions' scores best predict their games' results).
        #[arg(long)]
        scale: Option<i32>,
        /// Train without the square-less input of each piece (by default each piece also
        /// has one, folded into its square inputs when the network is written).
        #[arg(long)]
        no_factorise: bool,
        /// Output buckets: the game's stages by the pieces left, each with its own output
        /// weights (1 to 16).
        #[arg(long, default_value_t = 8)]
        buckets: usize,
        /// Learn each position from its mirror image too (files reversed; one or the other in
        /// each epoch), for a game that reads the same in a mirror.
        #[arg(long)]
        mirror: bool,
    },
    /// Tune a game's evaluation weights by games (SPSA): pairs of fast games between the
    /// weights pushed one way and the other, each weight walking toward the side that won;
    /// writes a RON weights file (confirm it by `rankup match` before adding it).
    Spsa {
        /// Variant id.
        variant: String,
        /// Games to play (in pairs: each opening with both colours).
        #[arg(long, default_value_t = 4000)]
        games: u32,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Random plies that open each pair's games.
        #[arg(long, default_value_t = 8)]
        plies: u32,
        /// Seed of the openings and of the perturbations.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Step rate, in perturbations per point of score difference.
        #[arg(long, default_value_t = rankup::ai::spsa::DEFAULT_RATE)]
        rate: f64,
        /// Pieces whose values are held where they start, by letter.
        #[arg(long, default_value = "")]
        hold: String,
        /// Game pairs played at once (one core each).
        #[arg(long, default_value_t = 1)]
        threads: u32,
        /// Tune the search's own numbers (margins, reductions) instead of the evaluation's
        /// weights; writes a search parameters file for `rankup uci --search-params`.
        #[arg(long)]
        search: bool,
        /// Write the weights here instead of stdout.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Measure search speed: nodes per second and depth reached from each game's start;
    /// with `--depth`, the search's node signature over fixed positions of every game.
    BenchAi {
        /// Time per search, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Search each game's start and three fixed openings to this depth with one thread
        /// and a fresh hash, and print the node counts: the same total means the same search
        /// (a change meant to be only faster must keep it).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), conflicts_with_all = ["movetime", "threads"])]
        depth: Option<u32>,
    },
    /// Step through a saved game (.ron) or a game of a PGN file (.pgn): the board at each
    /// move, stored scores and comments, the engine's opinion, PGN export, and playing on
    /// from any move.
    Review {
        /// The saved game, or a PGN file.
        file: std::path::PathBuf,
        /// Which game of a PGN file, from 1 [default: the first].
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        #[command(flatten)]
        display: Display,
    },
    /// Run a game server any SSH client can join (`ssh -p 2222 HOST`): a lobby, games
    /// between players, AI games, spectators.
    Serve {
        /// Address and port to listen on.
        #[arg(long, default_value = "0.0.0.0:2222")]
        listen: std::net::SocketAddr,
        /// Where the server keeps its host key, the players' names and their games
        /// (default: the data directory).
        #[arg(long)]
        data: Option<std::path::PathBuf>,
        /// The server's own games: the variant files (*.ron) of this folder, offered in
        /// the lobby beside the built-in ones (default: the config folder's variants/).
        #[arg(long, value_name = "DIR")]
        variants: Option<std::path::PathBuf>,
        #[command(flatten)]
        limits: cli::ServeLimits,
        /// AI searches at once; the others wait their turn (default: one per core).
        #[arg(long)]
        ai_workers: Option<usize>,
    },
    /// Go on with an unfinished game: the last played one, or FILE. A game of another
    /// rankup session is shown read-only; a saved game outside the games-in-play folder is
    /// played on as a new game, leaving FILE as it is.
    Resume {
        /// The game (default: the last played of the games in play).
        file: Option<std::path::PathBuf>,
        #[command(flatten)]
        display: Display,
    },
    /// Variant files: games written as RON data.
    Variant {
        /// What to do with a variant file.
        #[command(subcommand)]
        action: VariantAction,
    },
    /// Colour themes.
    Theme {
        /// What to do with a theme.
        #[command(subcommand)]
        action: ThemeAction,
    },
    /// Write a saved game (.ron) as PGN, to stdout or a file.
    Export {
        /// The saved game.
        file: std::path::PathBuf,
        /// Write the PGN to this file instead of stdout. A saved game (.ron) or FILE itself
        /// is never written over; a symbolic link is written through; a device or FIFO is
        /// written to directly.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        /// Print the position string of the game's last position (as `y` copies it in the
        /// app) instead of the PGN.
        #[arg(long, conflicts_with = "output")]
        fen: bool,
    },
    /// Import the games of a PGN file into the saves folder, one save per game; prints the
    /// file of each game imported and, for each game refused, the move that is not legal.
    Import {
        /// The PGN file (one or many games).
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand, Debug)]
enum VariantAction {
    /// Validate a variant file: print its board, each piece's moves from a central square,
    /// the promotion chains and perft 1-3 (`total: N` last); a broken file is one error line
    /// naming file, line, column and field.
    Check {
        /// The variant file (.ron).
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand, Debug)]
enum PuzzlesAction {
    /// Play fast self-play games and keep the positions where one move wins clearly (its
    /// winning chances beat the second best's by a wide margin, confirmed deeper), with the
    /// whole forced line; deterministic for a seed. Progress on stderr; Ctrl-C stops and
    /// keeps what was found.
    Mine {
        /// The game (chess, promochess, ...).
        game: String,
        /// Self-play games to play.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Seed of the openings and the self-play noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the set [default: GAME.ron]; rewritten after every game.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Stop after the game in which this many puzzles are found (the set's header then
        /// says `--games` with the games played, which makes the same set again).
        #[arg(long)]
        until: Option<usize>,
        /// Depth of the candidate searches [default: 7].
        #[arg(long)]
        scan_depth: Option<u32>,
        /// Depth of the search that confirms every solver's move [default: 9].
        #[arg(long)]
        confirm_depth: Option<u32>,
        /// Nodes per self-play move [default: 300].
        #[arg(long)]
        play_nodes: Option<u64>,
    },
    /// Validate a puzzle set: every position legal, every move legal in turn, every theme
    /// true; with --depth, every solver's move searched again (slow).
    Check {
        /// The puzzle file (.ron).
        file: std::path::PathBuf,
        /// Search every solver's move again at this depth (0: the set's confirm depth).
        #[arg(long)]
        depth: Option<u32>,
    },
}

#[derive(Subcommand, Debug)]
enum ThemeAction {
    /// Check a theme (a built-in, a user theme or a .ron file) at true colour, 256 and 16
    /// colours: one line per piece, mark or text below its contrast and per pair of squares
    /// that look alike; `ok: ...` when there is none.
    Check {
        /// The theme's name or file.
        theme: String,
    },
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return argument_error(&e),
    };
    // Each display flag is a choice only when given (after the command, else before it);
    // otherwise the config file decides.
    let top = args.display.choices();
    let ui = |display: &Display| display.choices().or(&top);
    // A player's own games (`variants/` in the config folder) join the built-in ones before
    // any command runs; a broken file is left out, listed on the start screen, never fatal.
    // The server loads its own (`--variants`, by default the same folder) and logs them.
    let serving = matches!(args.command, Some(Command::Serve { .. }));
    if let Some(dir) = rankup::config::config_dir().filter(|_| !serving) {
        rankup::variants::load_user_dir(&dir.join("variants"));
        rankup::learn::load_user_dir(&dir.join("variants").join("lessons"));
    }
    let Some(command) = args.command else {
        return finish(cli::play(&top, None, None, None, &cli::Opponent::default()));
    };
    let result = match command {
        Command::Play {
            variant,
            fen,
            clock,
            ai,
            color,
            watch,
            display,
        } => cli::play(
            &ui(&display),
            Some(&variant),
            fen.as_deref(),
            clock.as_deref(),
            &cli::Opponent { ai, color, watch },
        ),
        Command::Variant {
            action: VariantAction::Check { file },
        } => cli_variant::check(&file),
        Command::Theme {
            action: ThemeAction::Check { theme },
        } => cli_theme::check(&theme),
        Command::Learn {
            check: Some(file), ..
        } => cli_learn::check(&file),
        Command::Learn {
            game,
            check: None,
            display,
        } => cli::learn(&ui(&display), game.as_deref()),
        Command::Puzzles {
            game,
            action: None,
            display,
        } => cli::puzzles(&ui(&display), game.as_deref()),
        Command::Puzzles {
            action:
                Some(PuzzlesAction::Mine {
                    game,
                    games,
                    seed,
                    out,
                    until,
                    scan_depth,
                    confirm_depth,
                    play_nodes,
                }),
            ..
        } => cli_puzzles::mine(&cli_puzzles::MineArgs {
            game,
            games,
            seed,
            out,
            until,
            scan_depth,
            confirm_depth,
            play_nodes,
        }),
        Command::Puzzles {
            action: Some(PuzzlesAction::Check { file, depth }),
            ..
        } => cli_puzzles::check(&file, depth),
        Command::Export { file, output, fen } => cli_save::export(&file, output.as_deref(), fen),
        Command::Import { file } => cli_save::import(&file),
        Command::Review {
            file,
            game,
            display,
        } => cli::review(&ui(&display), &file, game),
        Command::Resume { file, display } => cli::resume(&ui(&display), file.as_deref()),
        Command::Serve {
            listen,
            data,
            variants,
            limits,
            ai_workers,
        } => cli::serve(listen, data, variants, &limits, ai_workers),
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
            why: None,
        } => cli::moves(&variant, fen.as_deref(), &moves),
        Command::Moves {
            variant,
            fen,
            moves,
            why: Some(text),
        } => cli::why(&variant, fen.as_deref(), &moves, &text),
        Command::Bench { depth } => cli::bench(depth),
        Command::Uci {
            weights,
            search_params,
            net,
        } => cli_ai::uci(&weights, &net, search_params.as_deref()),
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
        Command::BenchAi {
            movetime,
            threads,
            depth,
        } => match depth {
            Some(depth) => cli_ai::bench_signature(depth),
            None => cli_ai::bench(movetime, threads),
        },
        Command::Tune {
            variant,
            games,
            nodes,
            plies,
            seed,
            passes,
            pull,
            min_count,
            lambda,
            hold,
            out,
        } => cli_tune::run(&cli_tune::TuneArgs {
            variant,
            games,
            nodes,
            plies,
            seed,
            passes,
            pull,
            min_count,
            lambda,
            hold,
            out,
        }),
        Command::Datagen {
            variant,
            games,
            nodes,
            plies,
            seed,
            out,
            net,
            keep,
        } => net
            .as_deref()
            .map_or(Ok(()), cli_nnue::install_net)
            .and_then(|()| {
                cli_nnue::datagen(&cli_nnue::DatagenArgs {
                    variant,
                    games,
                    nodes,
                    plies,
                    seed,
                    out,
                    keep,
                })
            }),
        Command::Train {
            variant,
            data,
            out,
            hidden,
            epochs,
            batch,
            lr,
            lambda,
            seed,
            threads,
            scale,
            no_factorise,
            buckets,
            mirror,
        } => {
            if !(0.0..=1.0).contains(&lambda) {
                Err(format!("--lambda must be from 0 to 1, not {lambda}"))
            } else if !(lr > 0.0 && lr.is_finite()) {
                Err(format!("--lr must be more than 0, not {lr}"))
            } else {
                cli_nnue::train(&cli_nnue::TrainArgs {
                    variant,
                    data,
                    out,
                    opts: rankup::ai::nnue::train::TrainOptions {
                        hidden,
                        epochs,
                        batch,
                        lr,
                        lambda,
                        seed,
                        threads,
                        factorise: !no_factorise,
                        scale,
                        buckets,
                        mirror,
                        ..Default::default()
                    },
                })
            }
        }
        Command::Spsa {
            variant,
            games,
            nodes,
            plies,
            seed,
            rate,
            hold,
            threads,
            search,
            out,
        } => cli_tune::run_spsa(&cli_tune::SpsaArgs {
            variant,
            games,
            nodes,
            plies,
            seed,
            rate,
            hold,
            threads,
            search,
            out,
        }),
        Command::Match {
            engine1,
            engine2,
            variant,
            games,
            movetime,
            tc,
            margin,
            plies,
            seed,
            max_plies,
            resign,
            draw,
            elo0,
            elo1,
            options,
            options1,
            options2,
            concurrency,
        } => cli_match::run(&cli_match::MatchArgs {
            engines: [engine1, engine2],
            options,
            options_each: [options1, options2],
            variant,
            games,
            movetime,
            tc,
            margin,
            plies,
            seed,
            max_plies,
            resign,
            draw,
            elo0,
            elo1,
            concurrency,
        }),
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
