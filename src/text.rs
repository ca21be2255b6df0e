//! Text from outside (names, comments, file names, move text, whole input lines) made safe to
//! print or draw, and short enough to quote in a message.
//!
//! Anything a file, the command line, a GUI or a player typed can carry bytes a terminal acts
//! on: ESC sequences that recolour or retitle it, NUL, carriage returns that overwrite a line,
//! bidi overrides that show text in another order than it is stored (the "Trojan Source"
//! trick). [`sanitize`] is the one filter for all of them; [`short`] quotes a prefix of
//! untrusted text in an error message, sanitised; [`shorten_message`] does the same for a
//! message another library built around untrusted text (RON, clap).
//!
//! ```
//! use rankup::text::{sanitize, short};
//! assert_eq!(sanitize("Ann\u{1b}[31m"), "Ann\u{fffd}[31m");
//! assert_eq!(sanitize("abc\u{202e}fed"), "abcfed");
//! assert_eq!(short(&"x".repeat(100)).to_string(), format!("{}...", "x".repeat(64)));
//! ```

use std::borrow::Cow;
use std::fmt;

/// Most characters of untrusted text [`short`] quotes.
pub const SHORT_CHARS: usize = 64;

/// Most characters [`shorten_message`] keeps of a whole message.
pub const MESSAGE_CHARS: usize = 400;

/// The character shown in place of a control character.
pub const REPLACEMENT: char = '\u{fffd}';

/// What [`sanitize`] does with one character.
enum Fix {
    Keep,
    /// Line and paragraph breaks and tabs: a space, so the text stays on its line.
    Space,
    /// Other control characters (C0, DEL, C1: ESC, NUL, BEL, ...): a visible `\u{fffd}`.
    Replace,
    /// Invisible direction marks and overrides: dropped.
    Drop,
}

fn fix(c: char) -> Fix {
    match c {
        '\t' | '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}' => Fix::Space,
        // Bidi embeddings, overrides and isolates; the marks LRM, RLM and ALM.
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}' => {
            Fix::Drop
        }
        c if c.is_control() => Fix::Replace,
        _ => Fix::Keep,
    }
}

/// `text` with every character a terminal would act on made harmless: tabs and line breaks
/// become spaces, other control characters (ESC, NUL, BEL, DEL, C1) become `\u{fffd}`, and
/// bidi overrides, embeddings, isolates and marks are dropped. Text without any of them is
/// returned as it is.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| matches!(fix(c), Fix::Keep)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match fix(c) {
            Fix::Keep => out.push(c),
            Fix::Space => out.push(' '),
            Fix::Replace => out.push(REPLACEMENT),
            Fix::Drop => {}
        }
    }
    Cow::Owned(out)
}

/// Untrusted text quoted in a message: at most [`SHORT_CHARS`] characters of it, sanitised,
/// then `...` if there was more. Made by [`short`].
#[derive(Clone, Copy, Debug)]
pub struct Short<'a>(&'a str);

/// Quotes at most a short prefix of `text` (see [`Short`]); a 10 MB token makes a message of
/// one short line, not of 10 MB.
pub fn short(text: &str) -> Short<'_> {
    Short(text)
}

impl fmt::Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (head, cut) = prefix(self.0, SHORT_CHARS);
        f.write_str(&sanitize(head))?;
        if cut {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// A file name quoted in a message: like [`Short`], but a long one keeps its end (`...` and
/// the last [`SHORT_CHARS`] characters), where the file's own name is. Made by
/// [`short_path`].
#[derive(Clone, Copy, Debug)]
pub struct ShortPath<'a>(&'a str);

/// Quotes a file name or path short, keeping its end (see [`ShortPath`]).
pub fn short_path(text: &str) -> ShortPath<'_> {
    ShortPath(text)
}

impl fmt::Display for ShortPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.chars().count();
        if count <= SHORT_CHARS {
            return f.write_str(&sanitize(self.0));
        }
        let (at, _) = self
            .0
            .char_indices()
            .nth(count - SHORT_CHARS)
            .expect("BUG: fewer characters than counted");
        f.write_str("...")?;
        f.write_str(&sanitize(&self.0[at..]))
    }
}

/// The first `n` characters of `text`, and whether anything was left out.
fn prefix(text: &str, n: usize) -> (&str, bool) {
    match text.char_indices().nth(n) {
        Some((at, _)) => (&text[..at], true),
        None => (text, false),
    }
}

/// A message that another library built and that may quote untrusted text at any length
/// (RON's "unexpected `...`", clap's "invalid value '...'"): sanitised, on one line, every
/// run of more than [`SHORT_CHARS`] non-blank characters cut to that many plus `...`, and the
/// whole cut to [`MESSAGE_CHARS`] plus `...`.
pub fn shorten_message(message: &str) -> String {
    let clean = sanitize(message);
    let mut out = String::new();
    for (i, word) in clean.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let (head, cut) = prefix(word, SHORT_CHARS);
        out.push_str(head);
        if cut {
            out.push_str("...");
        }
    }
    let (head, cut) = prefix(&out, MESSAGE_CHARS);
    if cut {
        format!("{head}...")
    } else {
        out
    }
}

/// The message of a RON parse error in the user's terms: an unknown field is named (short)
/// with the fields allowed there, a missing one named, too deep a nesting said with the
/// limit; anything else is RON's own words, shortened. One wording
/// for every RON file rankup reads (config, themes, variant files).
pub fn ron_message(code: ron::Error) -> String {
    match code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown field '{}' (expected one of: {})",
            short(&found),
            expected.join(", ")
        ),
        ron::Error::MissingStructField { field, .. } => format!("missing field '{field}'"),
        ron::Error::ExceededRecursionLimit => {
            format!("nested more than {} levels deep", crate::input::MAX_NESTING)
        }
        code => shorten_message(&code.to_string()),
    }
}

/// `text` without a leading UTF-8 byte-order mark (which some editors on Windows write at the
/// start of every file).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_rule_table() {
        for (input, want) in [
            ("plain text, ünïcödé, 漢字 ♞", "plain text, ünïcödé, 漢字 ♞"),
            (
                "a\u{1b}[2J\u{1b}]0;title\u{7}b",
                "a\u{fffd}[2J\u{fffd}]0;title\u{fffd}b",
            ),
            ("nul\0byte", "nul\u{fffd}byte"),
            ("del\u{7f} c1\u{9b}", "del\u{fffd} c1\u{fffd}"),
            ("two\nlines\r\tx", "two lines  x"),
            ("line\u{2028}sep\u{85}", "line sep "),
            ("\u{202e}evil\u{202c} \u{2066}iso\u{2069}", "evil iso"),
            ("mark\u{200e}\u{200f}\u{61c}s", "marks"),
        ] {
            assert_eq!(sanitize(input), want, "{input:?}");
        }
        assert!(matches!(sanitize("clean"), Cow::Borrowed(_)));
    }

    #[test]
    fn short_path_keeps_the_file_name() {
        assert_eq!(short_path("saves/a.ron").to_string(), "saves/a.ron");
        let long = format!("/tmp/{}/variants/x.ron", "d".repeat(200));
        let shown = short_path(&long).to_string();
        assert!(
            shown.starts_with("...") && shown.ends_with("/variants/x.ron"),
            "{shown}"
        );
        assert_eq!(shown.chars().count(), SHORT_CHARS + 3);
        assert_eq!(short_path("a\u{1b}b.ron").to_string(), "a\u{fffd}b.ron");
    }

    #[test]
    fn short_quotes_a_prefix() {
        assert_eq!(short("e2e4").to_string(), "e2e4");
        let exact = "y".repeat(SHORT_CHARS);
        assert_eq!(short(&exact).to_string(), exact);
        let long = "é".repeat(10_000);
        assert_eq!(
            short(&long).to_string(),
            format!("{}...", "é".repeat(SHORT_CHARS))
        );
        assert_eq!(short("a\u{1b}b").to_string(), "a\u{fffd}b");
    }

    #[test]
    fn shorten_message_cuts_long_words_and_long_messages() {
        let word = "z".repeat(1_000);
        let msg = shorten_message(&format!("invalid value '{word}' for '<DEPTH>'"));
        assert_eq!(
            msg,
            format!(
                "invalid value '{}... for '<DEPTH>'",
                "z".repeat(SHORT_CHARS - 1)
            )
        );
        let many = "ab ".repeat(1_000);
        let msg = shorten_message(&many);
        assert_eq!(msg.chars().count(), MESSAGE_CHARS + 3);
        assert!(msg.ends_with("..."));
        assert_eq!(shorten_message("two\nlines"), "two lines");
    }

    #[test]
    fn byte_order_mark() {
        assert_eq!(strip_bom("\u{feff}(a: 1)"), "(a: 1)");
        assert_eq!(strip_bom("(a: 1)"), "(a: 1)");
    }
}
