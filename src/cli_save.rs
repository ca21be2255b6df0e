//! `rankup export`: a saved game as PGN.

use std::path::Path;

use rankup::notation::pgn;
use rankup::save;

/// `rankup export FILE.ron [-o OUT.pgn]`: loads and checks the save (it is only read), then
/// prints its PGN, or writes it to `output` ([`save::write_output`]: never over a saved game
/// or FILE itself, through symbolic links, straight into devices and FIFOs).
pub fn export(file: &Path, output: Option<&Path>) -> Result<(), String> {
    let game = save::load(file).map_err(|e| e.to_string())?;
    let text = pgn::export(&game);
    match output {
        Some(out) => save::write_output(out, text.as_bytes(), Some(file)).map(|_| ()),
        None => crate::cli::print_lines(text.lines().map(str::to_string)),
    }
}
