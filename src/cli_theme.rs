//! `rankup theme check NAME|FILE`: how a theme fares at each colour depth.
//!
//! One line per problem (a piece, mark or text below its contrast, or two squares that can
//! meet looking alike), at true colour, 256 colours and 16 colours, worst first; then
//! `ok: ...` when there is none. A theme with problems exits with code 2 after listing them;
//! a theme that does not load is one error line, as for every command.

use rankup::ui::theme::{problems, ColorMode, Palette, Theme};

use crate::cli::print_lines;

/// `rankup theme check NAME|FILE`.
pub fn check(name: &str) -> Result<(), String> {
    let theme = Theme::load(name).map_err(|e| e.to_string())?;
    if theme.monochrome {
        return print_lines([format!(
            "ok: theme {} has no colours (marks only)",
            rankup::text::sanitize(&theme.name)
        )]);
    }
    let mut lines = Vec::new();
    for mode in ColorMode::COLOURED {
        let palette = Palette::new(theme.clone(), mode);
        lines.extend(problems(&palette).iter().map(|p| p.to_string()));
    }
    let count = lines.len();
    if count == 0 {
        lines.push(format!(
            "ok: theme {}: every piece, mark and text readable and every square distinct at \
             true colour, 256 and 16 colours",
            rankup::text::sanitize(&theme.name)
        ));
    }
    print_lines(lines)?;
    match count {
        0 => Ok(()),
        n => Err(format!(
            "{n} problem(s) in theme {}",
            rankup::text::short(name)
        )),
    }
}
