//! Short text for lists: cutting to a width, the part of a long list to show, a saved
//! player's short name.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::text::sanitize;

/// `text` cut to `room` columns, with an ellipsis when something was cut.
pub fn fit(text: &str, room: usize) -> String {
    if UnicodeWidthStr::width(text) <= room {
        return text.to_string();
    }
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
    if room > 0 {
        out.push('…');
    }
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
