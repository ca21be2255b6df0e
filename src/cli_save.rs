//! `rankup export`: a saved game as PGN.

use std::path::Path;

use rankup::notation::pgn;
use rankup::save;

/// `rankup export FILE.ron [-o OUT.pgn]`: loads and checks the save (it is only read), then
/// prints its PGN, or writes it crash-safely to `output`.
pub fn export(file: &Path, output: Option<&Path>) -> Result<(), String> {
    let game = save::load(file).map_err(|e| e.to_string())?;
    let text = pgn::export(&game);
    match output {
        Some(out) => save::write_atomic(out, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", out.display())),
        None => crate::cli::print_lines(text.lines().map(str::to_string)),
    }
}
