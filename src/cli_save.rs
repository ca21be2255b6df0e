//! `rankup export`: a saved game as PGN.

use std::path::Path;

use rankup::save;
use rankup::save::pgn;

/// `rankup export FILE.ron [-o OUT.pgn]`: loads and checks the save (it is only read), then
/// prints its PGN, or writes it to `output` ([`save::write_output`]: never over a saved game
/// or FILE itself, through symbolic links, straight into devices and FIFOs).
///
/// FILE is read as `cat` reads what it is given ([`save::load_named`]): a FIFO or a device
/// too (`rankup export <(zcat game.ron.gz)`), up to the size limit. The player named it and
/// the command only prints, so waiting for a FIFO's writer is what was asked for (Ctrl-C
/// ends it); files rankup finds in its folders are never read that way.
pub fn export(file: &Path, output: Option<&Path>) -> Result<(), String> {
    let game = save::load_named(file).map_err(|e| e.to_string())?;
    let text = pgn::export(&game);
    match output {
        Some(out) => save::write_output(out, text.as_bytes(), Some(file)).map(|_| ()),
        None => crate::cli::print_lines(text.lines().map(str::to_string)),
    }
}
