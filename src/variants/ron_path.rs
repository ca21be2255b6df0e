//! Where a value sits in a RON text: the line and column of `pieces[3].movement`, and which
//! field a line and column belong to.
//!
//! Serde hands the loader values without positions, and RON reports positions only for its
//! own errors. A variant file's semantic errors (an unknown promotion target, a bad Betza
//! string) are found after parsing, so this small scanner walks the text again and records
//! where each value and each field name starts. It never fails and never panics: it also
//! runs on text that RON rejected, to name the field of a syntax error.

use std::fmt;

/// One step of a path into a RON document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A named struct field.
    Field(String),
    /// An element of a list or tuple, from 0.
    Index(usize),
}

/// A path from the top-level value, e.g. `pieces[3].movement`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Path(pub Vec<Step>);

impl Path {
    /// The path with a field appended.
    pub fn field(&self, name: &str) -> Path {
        let mut steps = self.0.clone();
        steps.push(Step::Field(name.to_string()));
        Path(steps)
    }

    /// The path with an index appended.
    pub fn index(&self, i: usize) -> Path {
        let mut steps = self.0.clone();
        steps.push(Step::Index(i));
        Path(steps)
    }
}

/// Most steps a path shows: deeper ones show their first and last steps around `...`, so an
/// error in a deeply nested value is one short line.
const SHOWN_STEPS: usize = 8;

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = &self.0;
        let (head, tail) = if steps.len() > SHOWN_STEPS {
            (SHOWN_STEPS / 2, SHOWN_STEPS / 2)
        } else {
            (steps.len(), 0)
        };
        let write = |f: &mut fmt::Formatter<'_>, i: usize, step: &Step| match step {
            // Field names come from the file: quoted short and sanitised.
            Step::Field(name) if i == 0 => write!(f, "{}", crate::text::short(name)),
            Step::Field(name) => write!(f, ".{}", crate::text::short(name)),
            Step::Index(n) => write!(f, "[{n}]"),
        };
        for (i, step) in steps.iter().enumerate().take(head) {
            write(f, i, step)?;
        }
        if tail > 0 {
            f.write_str("...")?;
            let from = steps.len() - tail;
            for (i, step) in steps.iter().enumerate().skip(from) {
                // After `...` a field reads `...name`, not `....name`.
                match step {
                    Step::Field(name) if i == from => write!(f, "{}", crate::text::short(name))?,
                    _ => write(f, i, step)?,
                }
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Open(char),
    Close,
    Comma,
    Colon,
    Ident,
    Literal,
}

/// Splits RON text into tokens with their byte offsets, skipping blanks and comments. Text
/// that is not RON still yields tokens (unknown characters become literals).
fn tokens(text: &str) -> Vec<(Token, usize, usize)> {
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| bytes.get(i).map(|&(_, c)| c);
    // Tokens end at byte offsets; `i` counts characters.
    let end = |i: usize| bytes.get(i).map_or(text.len(), |&(o, _)| o);
    while let Some(&(offset, c)) = bytes.get(i) {
        match c {
            c if c.is_whitespace() => i += 1,
            '/' if at(i + 1) == Some('/') => {
                while at(i).is_some_and(|c| c != '\n') {
                    i += 1;
                }
            }
            '/' if at(i + 1) == Some('*') => {
                // Block comments nest in RON.
                let mut depth = 0usize;
                while let Some(c) = at(i) {
                    if c == '/' && at(i + 1) == Some('*') {
                        depth += 1;
                        i += 2;
                    } else if c == '*' && at(i + 1) == Some('/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            '"' | '\'' => {
                i += 1;
                while let Some(d) = at(i) {
                    i += 1;
                    if d == '\\' {
                        i += 1;
                    } else if d == c {
                        break;
                    }
                }
                out.push((Token::Literal, offset, end(i)));
            }
            'r' if matches!(at(i + 1), Some('"' | '#')) => {
                // Raw string r#"..."#: ends at a quote followed by as many hashes.
                let mut j = i + 1;
                let mut hashes = 0;
                while at(j) == Some('#') {
                    hashes += 1;
                    j += 1;
                }
                if at(j) == Some('"') {
                    j += 1;
                    while let Some(d) = at(j) {
                        j += 1;
                        if d == '"' && (0..hashes).all(|k| at(j + k) == Some('#')) {
                            j += hashes;
                            break;
                        }
                    }
                }
                out.push((Token::Literal, offset, end(j)));
                i = j;
            }
            '(' | '[' | '{' => {
                out.push((Token::Open(c), offset, end(i + 1)));
                i += 1;
            }
            ')' | ']' | '}' => {
                out.push((Token::Close, offset, end(i + 1)));
                i += 1;
            }
            ',' => {
                out.push((Token::Comma, offset, end(i + 1)));
                i += 1;
            }
            ':' => {
                out.push((Token::Colon, offset, end(i + 1)));
                i += 1;
            }
            c if c.is_alphabetic() || c == '_' => {
                while at(i).is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    i += 1;
                }
                out.push((Token::Ident, offset, end(i)));
            }
            _ => {
                // Numbers, signs and anything else: one literal.
                i += 1;
                while at(i).is_some_and(|c| c.is_alphanumeric() || "._+-".contains(c)) {
                    i += 1;
                }
                out.push((Token::Literal, offset, end(i)));
            }
        }
    }
    out
}

/// A path as a chain of steps: node `n` is its parent's path plus one step. Every token adds
/// at most one node, so the scan of a text is linear in its length however deep it nests (a
/// path per value, copied out, would be quadratic: 200 KB of `(` would take gigabytes).
#[derive(Default)]
struct Tree {
    /// Parent (`None`: the top-level value) and step of each node.
    nodes: Vec<(Option<usize>, Step)>,
}

impl Tree {
    fn add(&mut self, parent: Option<usize>, step: Step) -> Option<usize> {
        self.nodes.push((parent, step));
        Some(self.nodes.len() - 1)
    }

    /// The path of `node`, from the top.
    fn path(&self, mut node: Option<usize>) -> Path {
        let mut steps = Vec::new();
        while let Some(n) = node {
            let (parent, step) = &self.nodes[n];
            steps.push(step.clone());
            node = *parent;
        }
        steps.reverse();
        Path(steps)
    }
}

/// One open bracket: `above` is the path of the value it opens, `here` the path of what is
/// written inside it now (a struct's current field, a list's current element).
struct Frame {
    is_struct: bool,
    above: Option<usize>,
    here: Option<usize>,
    index: usize,
}

/// Every value start and every field name of `text`, as a node of the returned tree, in text
/// order; the flag marks closing brackets (the path they return to), which only [`path_at`]
/// uses.
fn marks(text: &str) -> (Tree, Vec<(Option<usize>, usize, bool)>) {
    let toks = tokens(text);
    let mut tree = Tree::default();
    let mut out = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut value_here = true;
    let kind = |i: usize| toks.get(i).map(|t| t.0);
    let mut i = 0;
    while let Some(&(token, offset, _)) = toks.get(i) {
        let here = frames.last().and_then(|f| f.here);
        let in_struct = frames.last().is_some_and(|f| f.is_struct);
        match token {
            Token::Ident if in_struct && !value_here && kind(i + 1) == Some(Token::Colon) => {
                let name = text[offset..toks[i].2].to_string();
                if let Some(f) = frames.last_mut() {
                    f.here = tree.add(f.above, Step::Field(name));
                    out.push((f.here, offset, false));
                }
                value_here = true;
                i += 2;
                continue;
            }
            Token::Open(c) => {
                if value_here {
                    out.push((here, offset, false));
                }
                let is_struct = c == '('
                    && kind(i + 1) == Some(Token::Ident)
                    && kind(i + 2) == Some(Token::Colon);
                frames.push(Frame {
                    is_struct,
                    above: here,
                    here: if is_struct {
                        here
                    } else {
                        tree.add(here, Step::Index(0))
                    },
                    index: 0,
                });
                value_here = !is_struct;
            }
            Token::Close => {
                frames.pop();
                // What follows a closing bracket belongs to the value it closed (a missing
                // field is reported there).
                out.push((frames.last().and_then(|f| f.here), offset, true));
                value_here = false;
            }
            Token::Comma => {
                if let Some(f) = frames.last_mut() {
                    if f.is_struct {
                        f.here = f.above;
                        value_here = false;
                    } else {
                        f.index += 1;
                        f.here = tree.add(f.above, Step::Index(f.index));
                        value_here = true;
                    }
                }
            }
            Token::Colon => value_here = true,
            Token::Ident | Token::Literal => {
                if value_here {
                    out.push((here, offset, false));
                }
                // A named struct or enum variant (`Ranks(8, 8)`) goes on into its brackets,
                // which belong to the same value.
                value_here = false;
            }
        }
        i += 1;
    }
    (tree, out)
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Line and column where the value at `path` starts; where the file leaves it out, where
/// its nearest written ancestor starts (1:1 for the whole file).
pub fn locate(text: &str, path: &Path) -> (usize, usize) {
    let (tree, marks) = marks(text);
    // Per node: its depth, if its path is a prefix of `path` (parents come before children).
    let mut prefix: Vec<Option<usize>> = Vec::with_capacity(tree.nodes.len());
    for (parent, step) in &tree.nodes {
        let depth = match parent {
            None => Some(0),
            Some(p) => prefix[*p],
        }
        .filter(|&d| path.0.get(d) == Some(step))
        .map(|d| d + 1);
        prefix.push(depth);
    }
    let mut best: Option<(usize, usize)> = None;
    for &(node, offset, _) in marks.iter().filter(|m| !m.2) {
        let Some(depth) = node.map_or(Some(0), |n| prefix[n]) else {
            continue;
        };
        // The deepest match wins; among equals the last one is the value, not the name.
        if best.is_none_or(|(len, _)| depth >= len) {
            best = Some((depth, offset));
        }
    }
    best.map_or((1, 1), |(_, offset)| line_col(text, offset))
}

/// The path of the field or value being written at `line`:`col` (1-based), for naming the
/// field of a RON syntax error; empty before the first value.
pub fn path_at(text: &str, line: usize, col: usize) -> Path {
    // Byte offset of the position; past the end of the text counts as the end.
    let mut offset = text.len();
    let mut start = 0;
    for (l, line_text) in text.split('\n').enumerate() {
        if l + 1 == line {
            offset = start
                + line_text
                    .char_indices()
                    .nth(col.saturating_sub(1))
                    .map_or(line_text.len(), |(b, _)| b);
            break;
        }
        start += line_text.len() + 1;
    }
    // Only what comes before the position matters (and the next few characters, which say
    // whether a name there is a field's): an error early in a long file costs little.
    let mut end = offset.saturating_add(256).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let (tree, marks) = marks(&text[..end]);
    marks
        .into_iter()
        .rfind(|(_, o, _)| *o <= offset)
        .map(|(node, _, _)| tree.path(node))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "// a comment (with brackets\n(\n    id: \"x\",\n    pieces: [\n        (name: \"Pawn\", zone: Ranks(8, 8)),\n        /* (nested /* */) */ (name: 'a', list: [1, 2]),\n    ],\n)\n";

    fn path(s: &[Step]) -> Path {
        Path(s.to_vec())
    }

    #[test]
    fn locates_fields_and_elements() {
        let f = |s: &str| Step::Field(s.to_string());
        assert_eq!(locate(TEXT, &path(&[f("id")])), (3, 9));
        assert_eq!(
            locate(TEXT, &path(&[f("pieces"), Step::Index(0), f("name")])),
            (5, 16)
        );
        assert_eq!(
            locate(
                TEXT,
                &path(&[f("pieces"), Step::Index(0), f("zone"), Step::Index(1)])
            ),
            (5, 39)
        );
        assert_eq!(
            locate(
                TEXT,
                &path(&[f("pieces"), Step::Index(1), f("list"), Step::Index(1)])
            ),
            (6, 52)
        );
        // A field the file leaves out is placed at its nearest ancestor.
        assert_eq!(
            locate(TEXT, &path(&[f("pieces"), Step::Index(1), f("royal")])),
            (6, 30)
        );
        assert_eq!(locate(TEXT, &path(&[f("missing")])), (2, 1));
    }

    #[test]
    fn names_the_field_at_a_position() {
        assert_eq!(path_at(TEXT, 5, 20).to_string(), "pieces[0].name");
        assert_eq!(path_at(TEXT, 3, 5).to_string(), "id");
        assert_eq!(path_at(TEXT, 1, 1).to_string(), "");
        // Past the end is after the last bracket: the whole document.
        assert_eq!(path_at(TEXT, 99, 1).to_string(), "");
    }

    #[test]
    fn counts_characters_not_bytes() {
        let text = "(\n    naïve: \"é\", ŝ: [1, 2],\n)";
        assert_eq!(path_at(text, 2, 20).to_string(), "ŝ");
        let f = |s: &str| Step::Field(s.to_string());
        assert_eq!(locate(text, &path(&[f("ŝ"), Step::Index(1)])), (2, 24));
    }

    #[test]
    fn deep_nesting_is_linear_and_its_path_short() {
        // 100,000 levels: a quadratic scan would need tens of gigabytes here.
        let depth = 100_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let at = path_at(&text, 1, depth);
        assert_eq!(at.0.len(), depth - 1);
        let shown = at.to_string();
        assert_eq!(shown, "[0][0][0][0]...[0][0][0][0]");
        let union = format!(
            "{}Betza(\"K\"){}",
            "Union([".repeat(depth),
            "])".repeat(depth)
        );
        let deep = Path(vec![Step::Index(0); 2 * depth]);
        assert_eq!(locate(&union, &deep).0, 1);
    }

    #[test]
    fn long_and_hostile_field_names_are_shown_short_and_clean() {
        let name = format!("a\u{1b}[31m{}", "x".repeat(500));
        let path = Path(vec![Step::Field(name), Step::Index(3)]);
        let shown = path.to_string();
        assert!(shown.len() < 100, "{shown}");
        assert!(!shown.contains('\u{1b}'));
        assert!(shown.ends_with("...[3]"), "{shown}");
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in [
            "",
            "(",
            ")))",
            "\"open",
            "'",
            "r#\"x",
            "/* open",
            "(a: [b: (",
            "é:ü,",
        ] {
            let _ = marks(text);
            let _ = path_at(text, 1, 3);
            let _ = locate(text, &path(&[Step::Index(0)]));
        }
    }
}
