//! Splitting PGN text into games: tag pairs, the main line's SAN words with their comments,
//! and the result. Nothing here knows the rules; [`super::import`] plays the words.
//!
//! Read as PGN readers read what other programs write: move numbers (`12.`, `12...`,
//! `12.e4`), NAGs (`$1`) and move suffixes (`!?`), variations `( ... )` at any depth, `;`
//! comments and `%` escape lines are skipped; `{ ... }` comments after a main-line move are
//! kept for that move. A `[` tag after movetext begins the next game even when the result
//! is missing. The reader is a loop over characters with a depth counter (no recursion), so
//! no text makes it overflow the stack or hang.

/// One game as written.
#[derive(Debug, Default)]
pub(super) struct RawGame {
    /// The tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<RawMove>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// The first thing wrong with the text of this game.
    pub error: Option<String>,
}

impl RawGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
            && self.error.is_none()
    }

    fn fail(&mut self, message: String) {
        self.error.get_or_insert(message);
    }
}

/// One move of the main line as written.
#[derive(Debug)]
pub(super) struct RawMove {
    /// The SAN word, without move number or suffix (`Cxb7=W+`).
    pub san: String,
    /// The comments after it, in order.
    pub comments: Vec<String>,
}

/// Characters that end a SAN word.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

/// The games of `text`, in order.
pub(super) fn games(text: &str) -> Vec<RawGame> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut game = RawGame::default();
    let mut depth: usize = 0;
    let mut in_movetext = false;
    let mut chars = text.char_indices().peekable();
    let mut line_start = true;
    while let Some((i, c)) = chars.next() {
        let at_line_start = line_start;
        line_start = c == '\n';
        match c {
            c if c.is_whitespace() => {}
            '%' if at_line_start => {
                skip_line(&mut chars);
                line_start = true;
            }
            ';' => {
                skip_line(&mut chars);
                line_start = true;
            }
            '[' => {
                if in_movetext {
                    if depth > 0 {
                        game.fail("a variation '(' is never closed".into());
                    }
                    out.push(std::mem::take(&mut game));
                    depth = 0;
                    in_movetext = false;
                }
                match tag(&mut chars) {
                    Ok(pair) => game.tags.push(pair),
                    Err(e) => {
                        game.fail(e);
                        skip_line(&mut chars);
                    }
                }
                line_start = true;
            }
            '{' => {
                in_movetext = true;
                let mut comment = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    comment.push(c);
                }
                if !closed {
                    game.fail("a comment '{' is never closed".into());
                }
                if depth == 0 {
                    if let Some(m) = game.moves.last_mut() {
                        m.comments.push(comment);
                    }
                }
            }
            '(' => {
                in_movetext = true;
                depth = depth.saturating_add(1);
            }
            ')' => {
                if depth == 0 {
                    game.fail(after_move(&game, "a ')' closes no variation"));
                }
                depth = depth.saturating_sub(1);
            }
            '$' => while chars.next_if(|(_, c)| c.is_ascii_digit()).is_some() {},
            _ => {
                in_movetext = true;
                let mut end = i + c.len_utf8();
                while let Some((j, d)) = chars.next_if(|&(_, d)| !ends_word(d)) {
                    end = j + d.len_utf8();
                }
                if depth > 0 {
                    continue;
                }
                match &text[i..end] {
                    r @ ("1-0" | "0-1" | "1/2-1/2" | "*") => {
                        game.result = Some(r.to_string());
                        out.push(std::mem::take(&mut game));
                        in_movetext = false;
                    }
                    "]" | "}" => game.fail(after_move(&game, "a stray bracket")),
                    word => {
                        let san = move_word(word);
                        if !san.is_empty() {
                            game.moves.push(RawMove {
                                san: san.to_string(),
                                comments: Vec::new(),
                            });
                        }
                    }
                }
            }
        }
    }
    if depth > 0 {
        game.fail("a variation '(' is never closed".into());
    }
    if !game.is_empty() {
        out.push(game);
    }
    out
}

/// `what`, placed after the last move read.
fn after_move(game: &RawGame, what: &str) -> String {
    match game.moves.last() {
        Some(m) => format!(
            "{what} after move {} ({})",
            game.moves.len(),
            crate::text::short(&m.san)
        ),
        None => format!("{what} before the first move"),
    }
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn skip_line(chars: &mut Chars<'_>) {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            break;
        }
    }
}

/// A tag pair after its `[`: `Name "value"]`, with `\"` and `\\` escapes, on one line.
fn tag(chars: &mut Chars<'_>) -> Result<(String, String), String> {
    while chars.next_if(|&(_, c)| c == ' ' || c == '\t').is_some() {}
    let mut name = String::new();
    while let Some((_, c)) = chars.next_if(|&(_, c)| c.is_alphanumeric() || c == '_') {
        name.push(c);
    }
    let named = |what: &str| {
        if name.is_empty() {
            format!("a tag without a name: {what}")
        } else {
            format!("the tag {}: {what}", crate::text::short(&name))
        }
    };
    while chars.next_if(|&(_, c)| c == ' ' || c == '\t').is_some() {}
    if chars.next_if(|&(_, c)| c == '"').is_none() {
        return Err(named("its value is not in quotes"));
    }
    let mut value = String::new();
    // The end of the line is left for the caller, which skips the rest of a broken tag.
    let mut escaped = false;
    loop {
        match chars.next_if(|&(_, c)| c != '\n') {
            None => return Err(named("its value is not closed")),
            Some((_, c)) if escaped => {
                value.push(c);
                escaped = false;
            }
            Some((_, '"')) => break,
            Some((_, '\\')) => escaped = true,
            Some((_, c)) => value.push(c),
        }
    }
    while chars.next_if(|&(_, c)| c == ' ' || c == '\t').is_some() {}
    if chars.next_if(|&(_, c)| c == ']').is_none() {
        return Err(named("no ']' after its value"));
    }
    if name.is_empty() {
        return Err(named("[\"...\"]"));
    }
    Ok((name, value))
}

/// The SAN of a movetext word: without a leading move number (`12.`, `12...`) and without
/// trailing suffixes (`!`, `?`, `!?`); empty for a bare move number.
fn move_word(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let san = if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else if digits == word.len() {
        ""
    } else {
        word.trim_start_matches('.')
    };
    san.trim_end_matches(['!', '?'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(g: &RawGame) -> Vec<&str> {
        g.moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn numbers_suffixes_nags_and_variations_are_skipped() {
        let text = "[Event \"a \\\"b\\\"\"]\n\n1.e4 e5!? 2. Nf3 $1 (2. f4 {gambit} exf4 (2...d5)) \
                    2... Nc6 {good} {really} ; rest\n% escape\n3.Bb5 1-0\n";
        let g = games(text);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].tag("event"), Some("a \"b\""));
        assert_eq!(sans(&g[0]), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(g[0].moves[3].comments, ["good", "really"]);
        assert_eq!(g[0].result.as_deref(), Some("1-0"));
        assert!(g[0].error.is_none());
    }

    #[test]
    fn games_split_at_results_and_at_tags() {
        let g = games("1. e4 *\n[White \"x\"]\n1. d4\n[White \"y\"]\n1. c4 0-1");
        let lines: Vec<Vec<&str>> = g.iter().map(sans).collect();
        assert_eq!(lines, [vec!["e4"], vec!["d4"], vec!["c4"]]);
        assert_eq!(g[1].result, None);
        assert_eq!(g[2].tag("White"), Some("y"));
    }

    #[test]
    fn broken_text_is_an_error_of_its_game() {
        for (text, want) in [
            ("1. e4 {open", "never closed"),
            ("1. e4 (1. d4", "never closed"),
            ("1. e4 ) e5", "closes no variation after move 1 (e4)"),
            ("[White x]\n1. e4", "not in quotes"),
            ("[White \"x\n1. e4", "not closed"),
            ("[White \"x\" 1. e4", "no ']'"),
        ] {
            let g = games(text);
            let error = g[0].error.as_deref().unwrap_or_default();
            assert!(error.contains(want), "{text:?}: {error:?}");
        }
    }
}
