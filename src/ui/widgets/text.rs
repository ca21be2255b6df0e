//! Short text for lists: cutting to a width (anywhere, or at a word boundary), the part of a long list to show, a saved
//! player's short name.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::text::sanitize;

/// The start of `text` that fits in `room` columns with one column left for an ellipsis.
fn head(text: &str, room: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > room {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// `text` cut to `room` columns, with an ellipsis when something was cut.
pub fn fit(text: &str, room: usize) -> String {
    if UnicodeWidthStr::width(text) <= room {
        return text.to_string();
    }
    let mut out = head(text, room);
    if room > 0 {
        out.push('…');
    }
    out
}

/// `text` in at most `room` columns as one line: whole if it fits, else the words that fit
/// followed by `…` (a word is cut only when even the first one does not fit).
pub fn fit_words(text: &str, room: usize) -> String {
    if UnicodeWidthStr::width(text) <= room {
        return text.to_string();
    }
    if room == 0 {
        return String::new();
    }
    let mut out = head(text, room);
    // Back to the end of the last whole word, unless that leaves nothing to read.
    let mut end = out.len();
    if !text[end..].starts_with(' ') {
        if let Some(space) = out.rfind(' ') {
            if !out[..space].trim().is_empty() {
                end = space;
            }
        }
    }
    let kept = out[..end].trim_end_matches([' ', ',', ';', ':', '·']);
    if !kept.trim().is_empty() {
        end = kept.len();
    }
    out.truncate(end);
    out.push('…');
    out
}

/// The rows `from..to` of a list of `len` to show in `room` rows so that `selected` is
/// among them, as near the middle as the ends allow.
pub fn window(len: usize, selected: usize, room: usize) -> (usize, usize) {
    if len <= room {
        return (0, len);
    }
    let from = selected.saturating_sub(room / 2).min(len - room);
    (from, from + room)
}

/// A saved player, short: the name, `human`, or `AI 4`.
pub fn who(player: &crate::save::Player) -> String {
    match player {
        crate::save::Player::Human { name: Some(n) } => sanitize(n).into_owned(),
        crate::save::Player::Human { name: None } => "human".into(),
        crate::save::Player::Ai { level } => format!("AI {}", level.number()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_words_shortens_at_a_word_boundary() {
        let text = "four plies deep with a little noise, a fraction of a second per move";
        assert_eq!(fit_words(text, 80), text);
        assert_eq!(
            fit_words(text, 40),
            "four plies deep with a little noise, a…"
        );
        assert_eq!(fit_words(text, 38), "four plies deep with a little noise…");
        assert_eq!(fit_words(text, 22), "four plies deep with…");
        assert_eq!(fit_words("Tamerspiel", 6), "Tamer…", "one long word is cut");
        assert_eq!(fit_words("abc", 0), "");
        assert_eq!(
            fit_words(" Unfinished games", 6),
            " Unfi…",
            "an indent is no word"
        );
        for room in 1..text.len() {
            let out = fit_words(text, room);
            assert!(
                UnicodeWidthStr::width(out.as_str()) <= room,
                "{room}: {out}"
            );
        }
    }
}
