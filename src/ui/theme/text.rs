//! The terminal's text abilities: whether the locale is UTF-8, and the ASCII stand-in of
//! every symbol the app draws (for `--ascii` and locales that are not UTF-8).

/// Whether the locale the environment names is UTF-8: `LC_ALL`, else `LC_CTYPE`, else `LANG`
/// (the first that is set and not empty decides; none at all is the C locale, which is not).
pub fn locale_is_utf8(lc_all: Option<&str>, lc_ctype: Option<&str>, lang: Option<&str>) -> bool {
    let name = [lc_all, lc_ctype, lang]
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty())
        .unwrap_or("C")
        .to_ascii_lowercase();
    name.contains("utf-8") || name.contains("utf8")
}

/// The locale's name as the environment gives it, for telling the player (`LANG=C`).
pub fn locale_name(lc_all: Option<&str>, lc_ctype: Option<&str>, lang: Option<&str>) -> String {
    [("LC_ALL", lc_all), ("LC_CTYPE", lc_ctype), ("LANG", lang)]
        .into_iter()
        .find_map(|(k, v)| v.filter(|v| !v.is_empty()).map(|v| format!("{k}={v}")))
        .unwrap_or_else(|| "no locale set".into())
}

/// The ASCII stand-in for a symbol the app draws: box lines, dots, arrows, marks, chess
/// figures; anything else outside ASCII becomes `?`.
pub fn ascii_of(c: char) -> char {
    match c {
        c if c.is_ascii() => c,
        '─' | '━' | '═' | '╌' | '┄' => '-',
        '│' | '┃' | '║' | '╎' | '┆' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╯' | '╰' | '╔' | '╗'
        | '╚' | '╝' => '+',
        '·' | '…' => '.',
        '•' | '●' => '*',
        '■' | '█' => '#',
        '░' | '▒' | '▓' => ':',
        '↑' => '^',
        '↓' => 'v',
        '←' => '<',
        '→' => '>',
        '♔' => 'K',
        '♕' => 'Q',
        '♖' => 'R',
        '♗' => 'B',
        '♘' => 'N',
        '♙' => 'P',
        '♚' => 'k',
        '♛' => 'q',
        '♜' => 'r',
        '♝' => 'b',
        '♞' => 'n',
        '♟' => 'p',
        _ => '?',
    }
}

#[cfg(test)]
mod locale_tests {
    use super::*;

    #[test]
    fn the_first_locale_variable_set_decides() {
        assert!(locale_is_utf8(None, None, Some("en_US.UTF-8")));
        assert!(locale_is_utf8(None, Some("C.utf8"), Some("C")));
        assert!(!locale_is_utf8(Some("C"), None, Some("en_US.UTF-8")));
        assert!(!locale_is_utf8(None, None, Some("C")));
        assert!(!locale_is_utf8(None, None, Some("POSIX")));
        assert!(!locale_is_utf8(None, None, None), "none set: the C locale");
        assert!(
            locale_is_utf8(Some(""), None, Some("de_DE.UTF-8")),
            "empty is unset"
        );
        assert!(!locale_is_utf8(None, None, Some("en_US.ISO-8859-1")));
        assert_eq!(locale_name(None, None, Some("C")), "LANG=C");
        assert_eq!(locale_name(None, None, None), "no locale set");
    }

    #[test]
    fn every_symbol_has_an_ascii_stand_in() {
        for c in "─│┌┐└┘·…•■░↑↓←→♔♚♟".chars() {
            assert!(ascii_of(c).is_ascii() && ascii_of(c) != '?', "{c}");
        }
        assert_eq!(ascii_of('é'), '?');
    }
}
