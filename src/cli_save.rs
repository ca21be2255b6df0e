//! `rankup export`: a saved game as PGN; `rankup import`: PGN games into saves.

use std::path::Path;

use rankup::save::{self, DataDir, SavedGame};
use rankup::text::{short_path, shorten_message};

/// Largest PGN file read: many games, yet bounded.
const MAX_PGN_BYTES: u64 = 16 * rankup::input::MIB;
use rankup::save::pgn;

/// `rankup export FILE.ron [-o OUT.pgn] [--fen]`: loads and checks the save (it is only
/// read), then prints its PGN (with `fen`, the position string of its last position), or
/// writes the PGN to `output` ([`save::write_output`]: never over a saved game
/// or FILE itself, through symbolic links, straight into devices and FIFOs).
///
/// FILE is read as `cat` reads what it is given ([`save::load_named`]): a FIFO or a device
/// too (`rankup export <(zcat game.ron.gz)`), up to the size limit. The player named it and
/// the command only prints, so waiting for a FIFO's writer is what was asked for (Ctrl-C
/// ends it); files rankup finds in its folders are never read that way.
pub fn export(file: &Path, output: Option<&Path>, fen: bool) -> Result<(), String> {
    let game = save::load_named(file).map_err(|e| e.to_string())?;
    if fen {
        // The position after the last move, replayed (a file whose moves do not replay is
        // refused, naming the move).
        let played = game.to_game().map_err(|e| e.to_string())?;
        return crate::cli::print_lines([played.position().fen()]);
    }
    let text = pgn::export(&game);
    match output {
        Some(out) => save::write_output(out, text.as_bytes(), Some(file)).map(|_| ()),
        None => crate::cli::print_lines(text.lines().map(str::to_string)),
    }
}

/// The text of a PGN file the player named (read as [`export`] reads FILE: a FIFO too, at
/// most [`MAX_PGN_BYTES`]); bytes that are not UTF-8 become U+FFFD.
fn read_pgn(file: &Path) -> Result<String, String> {
    let bytes = rankup::input::read_file_or_stream(file, MAX_PGN_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", short_path(&file.to_string_lossy())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `rankup import FILE.pgn`: each game of FILE into the saves folder ([`DataDir::archive`],
/// written as every save is written), one line per game: `game 1: saved to PATH` or why it
/// was refused (`game 3: move 17... Nf6 is not legal: ...`). An error when any game was
/// refused or the file has none.
pub fn import(file: &Path) -> Result<(), String> {
    let text = read_pgn(file)?;
    let games = pgn::import(&text);
    if games.is_empty() {
        return Err(format!(
            "no game in {}",
            short_path(&file.to_string_lossy())
        ));
    }
    let data = DataDir::from_env().map_err(|e| e.to_string())?;
    let mut lines = Vec::with_capacity(games.len());
    let mut refused = 0;
    for (i, game) in games.iter().enumerate() {
        let line = match game {
            Ok(saved) => match data.archive(saved) {
                Ok(path) => format!(
                    "game {}: saved to {}",
                    i + 1,
                    short_path(&path.to_string_lossy())
                ),
                Err(e) => {
                    refused += 1;
                    format!("game {}: {}", i + 1, shorten_message(&e.to_string()))
                }
            },
            Err(e) => {
                refused += 1;
                rankup::text::sanitize(&e.to_string()).into_owned()
            }
        };
        lines.push(line);
    }
    crate::cli::print_lines(lines)?;
    match refused {
        0 => Ok(()),
        n => Err(format!("{n} of {} games not imported", games.len())),
    }
}

/// Game `n` (from 1) of a PGN file, as a saved game in memory, for `rankup review`.
pub fn pgn_game(file: &Path, n: usize) -> Result<SavedGame, String> {
    let text = read_pgn(file)?;
    let mut games = pgn::import(&text);
    let count = games.len();
    if n == 0 || n > count {
        return Err(format!(
            "{} has {count} game{}: no game {n}",
            short_path(&file.to_string_lossy()),
            if count == 1 { "" } else { "s" }
        ));
    }
    games.swap_remove(n - 1).map_err(|e| e.to_string())
}
