//! The commands: `play` (the app) and the non-interactive `perft`, `moves` and `bench`.
//!
//! Their stdout is a stable, line-based format for tests and tools (README, "Command line");
//! timings go to stderr.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use rankup::ai::Level;
use rankup::config::{Config, GlyphMode};
use rankup::notation::coord;
use rankup::rules::{ByColor, Color, Position};
use rankup::save::DataDir;
use rankup::text::short;
use rankup::ui::app::{Options, Player, TimeControl};
use rankup::ui::theme::{locale_is_utf8, locale_name, Theme};
use rankup::ui::{Launch, Resume};
use rankup::variants::{variant, VariantId};

/// Display options given on the command line; `None` leaves the choice to the config file
/// (and then the built-in default).
pub struct UiArgs {
    /// Theme name or path (`--theme`).
    pub theme: Option<String>,
    /// Glyphs (`--unicode`) or letters (`--ascii`).
    pub glyphs: Option<bool>,
    /// Mouse on (`--mouse`) or off (`--no-mouse`).
    pub mouse: Option<bool>,
    /// Bell on (`--bell`) or off (`--no-bell`).
    pub bell: Option<bool>,
    /// The top level thinking on the player's time on (`--ponder`) or off (`--no-ponder`).
    pub ponder: Option<bool>,
}

impl UiArgs {
    /// These choices, each falling back to `other`'s where this one makes none (the flags
    /// after a command over those before it).
    pub fn or(self, other: &UiArgs) -> UiArgs {
        UiArgs {
            theme: self.theme.or_else(|| other.theme.clone()),
            glyphs: self.glyphs.or(other.glyphs),
            mouse: self.mouse.or(other.mouse),
            bell: self.bell.or(other.bell),
            ponder: self.ponder.or(other.ponder),
        }
    }
}

/// The display settings in force: command-line flags over the config file over the
/// built-in defaults.
struct Settings {
    /// Theme name or path.
    theme: String,
    /// Unicode glyphs.
    glyphs: bool,
    /// Plain ASCII everywhere.
    ascii: bool,
    /// Why ASCII was chosen without being asked for (a locale that is not UTF-8).
    locale_note: Option<String>,
    /// The bell.
    bell: Option<bool>,
    /// The top level thinks on the player's time.
    ponder: bool,
    /// Mouse on.
    mouse: bool,
    /// The AI level when none is named.
    level: Level,
    /// Whether the config file names a level (then the start screen offers that AI).
    configured_level: Option<Level>,
}

impl Settings {
    fn resolve(ui: &UiArgs, config: &Config) -> Settings {
        // --ascii / --unicode, else the config file, else the locale.
        let var = |k: &str| std::env::var(k).ok();
        let (lc_all, lc_ctype, lang) = (var("LC_ALL"), var("LC_CTYPE"), var("LANG"));
        let chosen = ui
            .glyphs
            .or(config.glyphs.map(|g| g == GlyphMode::Unicode))
            .map(|unicode| !unicode);
        let utf8 = locale_is_utf8(lc_all.as_deref(), lc_ctype.as_deref(), lang.as_deref());
        let ascii = chosen.unwrap_or(!utf8);
        let locale_note = (chosen.is_none() && !utf8).then(|| {
            format!(
                "{} is not a UTF-8 locale: plain ASCII is used (--unicode draws glyphs anyway)",
                locale_name(lc_all.as_deref(), lc_ctype.as_deref(), lang.as_deref())
            )
        });
        Settings {
            theme: ui
                .theme
                .clone()
                .or_else(|| config.theme.clone())
                .unwrap_or_else(|| "dark".into()),
            glyphs: !ascii,
            ascii,
            locale_note,
            bell: ui.bell.or(config.bell),
            ponder: ui.ponder.or(config.ponder).unwrap_or(true),
            mouse: ui.mouse.or(config.mouse).unwrap_or(true),
            level: config.ai_level.unwrap_or(Level::DEFAULT),
            configured_level: config.ai_level,
        }
    }
}

/// The settings and theme in force. Everything that can be wrong with the arguments or the
/// config file is reported before the terminal is taken over, so the message stays readable.
fn prepare(ui: &UiArgs) -> Result<(Settings, Theme), String> {
    let config = Config::load().map_err(|e| e.to_string())?;
    let settings = Settings::resolve(ui, &config);
    let mut theme = Theme::load(&settings.theme).map_err(|e| e.to_string())?;
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) && settings.theme == "dark" {
        theme = Theme::builtin("mono").expect("BUG: mono is built in");
    }
    Ok((settings, theme))
}

/// `rankup review FILE.ron`: the app in review mode on a saved game (checked first; the
/// file is only read). A `.pgn` FILE is read as PGN and its game `game` (from 1, the first
/// by default) reviewed from memory ([`crate::cli_save::pgn_game`]).
pub fn review(ui: &UiArgs, file: &std::path::Path, game: Option<usize>) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    let is_pgn = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let saved = if is_pgn {
        crate::cli_save::pgn_game(file, game.unwrap_or(1))?
    } else if game.is_some() {
        return Err("--game picks a game of a PGN file (FILE.pgn)".into());
    } else {
        rankup::save::load(file).map_err(|e| e.to_string())?
    };
    need_terminal()?;
    let (data, notice) = data_dir();
    run(Launch {
        review: Some((file.to_path_buf(), saved)),
        ..launch(&settings, theme, data, notice)
    })
}

/// The app on its start screen with the settings in force; callers change what differs.
fn launch(
    settings: &Settings,
    theme: Theme,
    data: Option<DataDir>,
    notice: Option<String>,
) -> Launch {
    Launch {
        theme,
        options: Options {
            glyphs: settings.glyphs,
            mouse: settings.mouse,
            ascii: settings.ascii,
            bell: settings.bell,
            ponder: settings.ponder,
        },
        start: None,
        clock: None,
        players: ByColor {
            white: Player::Human,
            black: Player::Human,
        },
        preselect: None,
        level: settings.configured_level,
        data,
        review: None,
        resume: None,
        notice,
        info: settings.locale_note.clone(),
        learn: None,
        puzzles: None,
    }
}

/// The app draws on a terminal and reads its keys from it. Without one (input from a pipe
/// or `/dev/null`, output into a file) it would fail only once it takes the terminal over,
/// after the data directory was put in order and a game copied into it: every command that
/// opens the app asks first, after checking its arguments and before anything on disk
/// changes, and says so in one line.
fn need_terminal() -> Result<(), String> {
    use std::io::IsTerminal;
    let missing = match (io::stdin().is_terminal(), io::stdout().is_terminal()) {
        (true, true) => return Ok(()),
        (false, true) => "standard input is not one",
        (true, false) => "standard output is not one",
        (false, false) => "neither standard input nor standard output is one",
    };
    Err(format!(
        "the app needs a terminal: {missing} (run it in a terminal; perft, moves, export, \
         variant check, uci and serve need none)"
    ))
}

/// Runs the app; a terminal error is one line.
fn run(launch: Launch) -> Result<(), String> {
    rankup::ui::run(launch).map_err(|e| format!("terminal error: {e}"))
}

/// Who plays against whom, from `rankup play`'s options.
#[derive(Default)]
pub struct Opponent {
    /// AI level for the other side.
    pub ai: Option<String>,
    /// The person's side.
    pub color: String,
    /// AI on both sides.
    pub watch: bool,
}

impl Opponent {
    /// The players; `default_level` is the AI's level for `--watch` without `--ai`.
    fn players(&self, default_level: Level) -> Result<ByColor<Player>, String> {
        let level = match &self.ai {
            Some(text) => Some(text.parse::<Level>().map_err(|e| e.to_string())?),
            None => None,
        };
        if self.watch {
            let ai = Player::Ai(level.unwrap_or(default_level));
            return Ok(ByColor {
                white: ai,
                black: ai,
            });
        }
        let human = match self.color.to_ascii_lowercase().as_str() {
            "" | "white" | "w" => Color::White,
            "black" | "b" => Color::Black,
            other => {
                return Err(format!(
                    "invalid --color '{}', expected white or black",
                    short(other)
                ))
            }
        };
        let mut players = ByColor {
            white: Player::Human,
            black: Player::Human,
        };
        if let Some(level) = level {
            players[!human] = Player::Ai(level);
        }
        Ok(players)
    }
}

/// Opens the app: on the start screen, or straight into a game of `variant_id`.
pub fn play(
    ui: &UiArgs,
    variant_id: Option<&str>,
    fen: Option<&str>,
    clock: Option<&str>,
    opponent: &Opponent,
) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    let clock = clock.map(TimeControl::parse).transpose()?;
    let players = opponent.players(settings.level)?;
    let start = match variant_id {
        Some(id) => Some(setup(id, fen, &[])?),
        None if fen.is_some() => {
            return Err("--fen needs a variant: rankup play VARIANT --fen ...".into())
        }
        None => None,
    };
    need_terminal()?;
    let (data, notice) = data_dir();
    run(Launch {
        start,
        clock,
        players,
        ..launch(&settings, theme, data, notice)
    })
}

/// `rankup learn [GAME]`: the app on its lessons, on GAME's course when given.
pub fn learn(ui: &UiArgs, game: Option<&str>) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    let game = game
        .map(|g| g.parse::<VariantId>().map_err(|e| e.to_string()))
        .transpose()?;
    need_terminal()?;
    let (data, notice) = data_dir();
    run(Launch {
        learn: Some(game),
        ..launch(&settings, theme, data, notice)
    })
}

/// `rankup puzzles [GAME]`: the app on its puzzles, on GAME's set when given.
pub fn puzzles(ui: &UiArgs, game: Option<&str>) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    let game = game
        .map(|g| g.parse::<VariantId>().map_err(|e| e.to_string()))
        .transpose()?;
    need_terminal()?;
    let (data, notice) = data_dir();
    run(Launch {
        puzzles: Some(game),
        ..launch(&settings, theme, data, notice)
    })
}

/// The data directory, put in order ([`DataDir::tidy`]: an older version's autosave moved
/// into `games/`), and the first problem met doing so. No data directory (no home) means
/// games are not saved; the app says so.
fn data_dir() -> (Option<DataDir>, Option<String>) {
    let data = DataDir::from_env().ok();
    let notice = data
        .as_ref()
        .and_then(|d| d.tidy().problems.into_iter().next());
    (data, notice)
}

/// `rankup resume [FILE]`: goes on with an unfinished game. Without FILE, the last played
/// of the games in play that no other rankup has open (locked at once, so two sessions
/// resuming together each get their own); a FILE in the games-in-play folder is resumed in
/// place (read-only when another rankup has it open); any other unfinished saved game is
/// played on as a game of its own, leaving FILE as it is.
pub fn resume(ui: &UiArgs, file: Option<&Path>) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    if let Some(file) = file {
        let saved = rankup::save::load(file).map_err(|e| e.to_string())?;
        if !saved.is_unfinished() {
            return Err(format!(
                "{}: this game is over ({}); `rankup review {}` shows it",
                file.display(),
                saved.result.as_str(),
                file.display()
            ));
        }
    }
    need_terminal()?;
    let (data, notice) = data_dir();
    let resume = match file {
        Some(file) => {
            let canonical = |p: &Path| std::fs::canonicalize(p).ok();
            let in_play = data.as_ref().is_some_and(|d| {
                canonical(&d.games_dir()).is_some()
                    && file.parent().and_then(canonical) == canonical(&d.games_dir())
            });
            if in_play {
                Resume::Game(file.to_path_buf())
            } else {
                Resume::Copy(file.to_path_buf())
            }
        }
        None => {
            let data = data.as_ref().ok_or(
                "no data directory, so no unfinished games (set RANKUP_DATA_DIR)".to_string(),
            )?;
            let unreadable =
                |e: io::Error| format!("cannot read {}: {e}", data.games_dir().display());
            match data.claim_latest().map_err(unreadable)? {
                Some(path) => Resume::Game(path),
                // Every one is open elsewhere (or cannot be locked): the last played,
                // read-only, with a word why.
                None => {
                    let games = data.in_play().map_err(unreadable)?;
                    let newest = games.iter().find(|g| g.entry.is_ok()).ok_or_else(|| {
                        format!(
                            "no unfinished game to resume in {}",
                            data.games_dir().display()
                        )
                    })?;
                    Resume::Game(newest.path.clone())
                }
            }
        }
    };
    run(Launch {
        resume: Some(resume),
        ..launch(&settings, theme, data, notice)
    })
}

/// Builds the position named by a variant id, an optional position string and moves played
/// from it. Errors are one line naming the bad input.
fn setup(variant_id: &str, fen: Option<&str>, moves: &[String]) -> Result<Position, String> {
    let id: VariantId = variant_id.parse().map_err(|e| format!("{e}"))?;
    let v = variant(id);
    let mut pos = match fen {
        Some(text) => Position::from_fen(v, text)
            .map_err(|e| format!("bad position '{}': {e}", short(text)))?,
        None => Position::start(v),
    };
    for (i, token) in moves.iter().enumerate() {
        let mv =
            coord::parse(&pos, token).map_err(|e| format!("{e} (move {} of --moves)", i + 1))?;
        pos.make(mv);
    }
    Ok(pos)
}

/// Writes lines to stdout; a reader that went away (`rankup moves ... | head`) ends the
/// output quietly instead of panicking as `println!` would.
pub fn print_lines(lines: impl IntoIterator<Item = String>) -> Result<(), String> {
    let mut out = io::stdout().lock();
    for line in lines {
        match writeln!(out, "{line}") {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(format!("cannot write output: {e}")),
        }
    }
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("cannot write output: {e}")),
        _ => Ok(()),
    }
}

fn rate(nodes: u64, seconds: f64) -> String {
    format!("{:.1} M nodes/s", nodes as f64 / seconds.max(1e-9) / 1e6)
}

/// `rankup perft`.
pub fn perft(
    variant_id: &str,
    depth: u32,
    fen: Option<&str>,
    moves: &[String],
    divide: bool,
) -> Result<(), String> {
    let mut pos = setup(variant_id, fen, moves)?;
    let started = Instant::now();
    let total = if divide && depth > 0 {
        let v = pos.variant();
        let mut lines: Vec<(String, u64)> = pos
            .divide(depth)
            .into_iter()
            .map(|(m, n)| (coord::format(v, &m), n))
            .collect();
        lines.sort();
        print_lines(lines.iter().map(|(token, n)| format!("{token}: {n}")))?;
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    print_lines([format!("total: {total}")])?;
    eprintln!(
        "perft {depth}: {total} nodes in {seconds:.3} s ({})",
        rate(total, seconds)
    );
    Ok(())
}

/// `rankup moves`.
pub fn moves(variant_id: &str, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
    let pos = setup(variant_id, fen, moves)?;
    let mut tokens: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| coord::format(pos.variant(), m))
        .collect();
    tokens.sort();
    print_lines(tokens)
}

/// `rankup moves --why MOVE`: `legal: SAN (token)`, or `illegal: why` (exit code 1, so
/// scripts can tell).
pub fn why(
    variant_id: &str,
    fen: Option<&str>,
    moves: &[String],
    text: &str,
) -> Result<(), String> {
    let pos = setup(variant_id, fen, moves)?;
    match rankup::notation::parse_move(&pos, text) {
        Ok(mv) => print_lines([format!(
            "legal: {} ({})",
            rankup::notation::san::format(&pos, &mv),
            coord::format(pos.variant(), &mv)
        )]),
        Err(e) => {
            // The explanation names pieces as a player's own game file names them.
            let why = rankup::notation::explain(&pos, text).unwrap_or_else(|| e.to_string());
            print_lines([format!("illegal: {}", rankup::text::sanitize(&why))])?;
            std::process::exit(1)
        }
    }
}

/// `rankup bench`: perft from the start of chess, PromoChess and Tamerspiel (the three board
/// shapes: 8x8, 9x9, 12x8 with holes), single-threaded.
pub fn bench(depth: u32) -> Result<(), String> {
    for id in [
        VariantId::Chess,
        VariantId::Promochess,
        VariantId::Tamerspiel,
    ] {
        let mut pos = Position::start(variant(id));
        let started = Instant::now();
        let nodes = pos.perft(depth);
        let seconds = started.elapsed().as_secs_f64();
        print_lines([format!(
            "{:<12} perft {depth}: {nodes:>12} nodes {seconds:>8.3} s {:>18}",
            id.as_str(),
            rate(nodes, seconds)
        )])?;
    }
    Ok(())
}

/// The limits of `rankup serve`, each a flag.
#[derive(clap::Args, Debug)]
pub struct ServeLimits {
    /// Connections at once, in all (logged in or not).
    #[arg(long, default_value_t = 64)]
    max_clients: usize,
    /// Connections at once from one address (logged in or not).
    #[arg(long, default_value_t = 4)]
    per_ip: usize,
    /// Connections at once that have not logged in yet.
    #[arg(long, default_value_t = 16)]
    max_pending: usize,
    /// Seconds a connection has to log in (key accepted, terminal open) before it is closed.
    #[arg(long, default_value_t = 20)]
    login_timeout: u64,
    /// Minutes without input before a connection is closed.
    #[arg(long, default_value_t = 30)]
    idle_minutes: u64,
    /// KiB of output a client may leave unread before its connection counts as lost.
    #[arg(long, default_value_t = 4096)]
    output_max_kib: usize,
    /// Seconds a client may leave its output unread before its connection counts as lost.
    #[arg(long, default_value_t = 30)]
    output_stall: u64,
    /// The largest terminal served, COLSxROWS (a larger one is drawn at this size).
    #[arg(long, default_value = "300x150", value_parser = parse_size)]
    max_size: (u16, u16),
    /// New players (names) one address may sign up per hour; 0 takes no new players.
    #[arg(long, default_value_t = 5)]
    signups_per_hour: usize,
    /// The server's name, the Site of its games' PGN (default: the --listen host and port,
    /// or the machine's name when it listens on every address).
    #[arg(long)]
    name: Option<String>,
}

/// `COLSxROWS`, each from 20 to 1000.
fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let bad = || format!("{text:?} is not COLSxROWS with each from 20 to 1000 (as 300x150)");
    let (cols, rows) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let parse = |n: &str| {
        n.trim()
            .parse::<u16>()
            .ok()
            .filter(|n| (20..=1000).contains(n))
            .ok_or_else(bad)
    };
    Ok((parse(cols)?, parse(rows)?))
}

/// `rankup serve`: the SSH game server, until it is stopped. Its own games are the
/// variant files of `variants` (default: the config folder's `variants/`, where the app
/// reads a player's own games).
pub fn serve(
    listen: std::net::SocketAddr,
    data: Option<std::path::PathBuf>,
    variants: Option<std::path::PathBuf>,
    limits: &ServeLimits,
    ai_workers: Option<usize>,
) -> Result<(), String> {
    use std::time::Duration;
    let variants = match variants {
        // A folder named on the command line must be there: a typo should not start a
        // server without its games.
        Some(dir) if !dir.is_dir() => {
            return Err(format!("--variants {}: not a folder", dir.display()));
        }
        Some(dir) => Some(dir),
        None => rankup::config::config_dir().map(|d| d.join("variants")),
    };
    let data = match data {
        Some(d) => d,
        None => DataDir::from_env()
            .map_err(|e| e.to_string())?
            .root()
            .to_path_buf(),
    };
    let mut options = rankup::server::ServeOptions::new(data);
    options.listen = listen;
    options.name = match &limits.name {
        Some(name) => rankup::server::check_site_name(name)?,
        None => rankup::server::site_name(listen, rankup::server::machine_name().as_deref()),
    };
    options.max_clients = limits.max_clients.max(1);
    options.per_ip = limits.per_ip.max(1);
    options.max_pending = limits.max_pending.max(1);
    options.login_timeout = Duration::from_secs(limits.login_timeout.clamp(1, 600));
    options.idle = Duration::from_secs(limits.idle_minutes.clamp(1, 24 * 60) * 60);
    options.output_max = limits.output_max_kib.clamp(64, 1 << 20) << 10;
    options.output_stall = Duration::from_secs(limits.output_stall.clamp(1, 3600));
    options.max_size = limits.max_size;
    options.signups_per_hour = limits.signups_per_hour;
    options.variants = variants;
    if let Some(n) = ai_workers {
        options.ai_workers = n.max(1);
    }
    rankup::server::serve(options)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn the_largest_terminal_is_read_as_cols_x_rows_within_bounds() {
        assert_eq!(parse_size("300x150"), Ok((300, 150)));
        assert_eq!(parse_size("80X24"), Ok((80, 24)));
        for bad in ["300", "x150", "10x10", "2000x100", "axb", ""] {
            let err = parse_size(bad).unwrap_err();
            assert!(err.contains("COLSxROWS"), "{bad}: {err}");
        }
    }
}
