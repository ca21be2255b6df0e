//! The commands: `play` (the app) and the non-interactive `perft`, `moves` and `bench`.
//!
//! Their stdout is a stable, line-based format for tests and tools (README, "Command line");
//! timings go to stderr.

use std::io::{self, Write};
use std::time::Instant;

use rankup::ai::Level;
use rankup::config::{Config, GlyphMode};
use rankup::notation::coord;
use rankup::rules::{ByColor, Color, Position};
use rankup::text::short;
use rankup::ui::app::{Options, Player, TimeControl};
use rankup::ui::theme::Theme;
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
}

/// The display settings in force: command-line flags over the config file over the
/// built-in defaults.
struct Settings {
    /// Theme name or path.
    theme: String,
    /// Unicode glyphs.
    glyphs: bool,
    /// Mouse on.
    mouse: bool,
    /// The AI level when none is named.
    level: Level,
    /// Whether the config file names a level (then the start screen offers that AI).
    configured_level: Option<Level>,
}

impl Settings {
    fn resolve(ui: &UiArgs, config: &Config) -> Settings {
        Settings {
            theme: ui
                .theme
                .clone()
                .or_else(|| config.theme.clone())
                .unwrap_or_else(|| "dark".into()),
            glyphs: ui
                .glyphs
                .or(config.glyphs.map(|g| g == GlyphMode::Unicode))
                .unwrap_or(true),
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
/// file is only read).
pub fn review(ui: &UiArgs, file: &std::path::Path) -> Result<(), String> {
    let (settings, theme) = prepare(ui)?;
    let saved = rankup::save::load(file).map_err(|e| e.to_string())?;
    let launch = rankup::ui::Launch {
        theme,
        options: Options {
            glyphs: settings.glyphs,
            mouse: settings.mouse,
        },
        start: None,
        clock: None,
        players: ByColor {
            white: Player::Human,
            black: Player::Human,
        },
        preselect: None,
        level: settings.configured_level,
        data: rankup::save::DataDir::from_env().ok(),
        review: Some((file.to_path_buf(), saved)),
    };
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
    let launch = rankup::ui::Launch {
        theme,
        options: Options {
            glyphs: settings.glyphs,
            mouse: settings.mouse,
        },
        start,
        clock,
        players,
        preselect: None,
        level: settings.configured_level,
        // No data directory (no home) means games are not saved; the app says so.
        data: rankup::save::DataDir::from_env().ok(),
        review: None,
    };
    rankup::ui::run(launch).map_err(|e| format!("terminal error: {e}"))
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
