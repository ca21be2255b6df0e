//! A small terminal model for the load client: the characters of each cell, from the bytes
//! the server sends (cursor moves, clears, printed text; colours and modes are skipped), so
//! that a client can wait for words on its screen as a player would read them.

use unicode_width::UnicodeWidthChar;

/// Where the parser is in an escape sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Text,
    Escape,
    Csi,
    /// An operating-system command (title, clipboard): skipped to BEL or ESC \.
    Osc,
    OscEscape,
}

/// The characters on a terminal of a fixed size.
pub struct Screen {
    cols: usize,
    rows: usize,
    cells: Vec<char>,
    row: usize,
    col: usize,
    state: State,
    params: Vec<u8>,
    /// The first bytes of a character split across two packets.
    partial: Vec<u8>,
}

impl Screen {
    /// A blank screen of `cols` x `rows`.
    pub fn new(cols: u16, rows: u16) -> Screen {
        let (cols, rows) = (usize::from(cols.max(1)), usize::from(rows.max(1)));
        Screen {
            cols,
            rows,
            cells: vec![' '; cols * rows],
            row: 0,
            col: 0,
            state: State::Text,
            params: Vec::new(),
            partial: Vec::new(),
        }
    }

    /// Whether some row holds `text`.
    pub fn contains(&self, text: &str) -> bool {
        self.cells
            .chunks(self.cols)
            .any(|row| row.iter().collect::<String>().contains(text))
    }

    /// The screen as lines (for error messages).
    pub fn text(&self) -> String {
        let lines: Vec<String> = self
            .cells
            .chunks(self.cols)
            .map(|row| row.iter().collect::<String>().trim_end().to_string())
            .collect();
        lines.join("\n")
    }

    /// Applies bytes from the server.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn byte(&mut self, b: u8) {
        match self.state {
            State::Text => self.text_byte(b),
            State::Escape => {
                self.state = match b {
                    b'[' => {
                        self.params.clear();
                        State::Csi
                    }
                    b']' => State::Osc,
                    _ => State::Text,
                }
            }
            State::Csi => {
                if (0x40..=0x7e).contains(&b) {
                    self.csi(b);
                    self.state = State::Text;
                } else {
                    self.params.push(b);
                }
            }
            State::Osc => match b {
                0x07 => self.state = State::Text,
                0x1b => self.state = State::OscEscape,
                _ => {}
            },
            State::OscEscape => self.state = State::Text,
        }
    }

    fn text_byte(&mut self, b: u8) {
        match b {
            0x1b => {
                self.partial.clear();
                self.state = State::Escape;
            }
            b'\r' => self.col = 0,
            b'\n' => self.row = (self.row + 1).min(self.rows - 1),
            0x08 => self.col = self.col.saturating_sub(1),
            0x00..=0x1f | 0x7f => {}
            _ => {
                self.partial.push(b);
                match std::str::from_utf8(&self.partial) {
                    Ok(s) => {
                        let ch = s.chars().next().unwrap_or(' ');
                        self.partial.clear();
                        self.print(ch);
                    }
                    Err(e) if e.error_len().is_some() || self.partial.len() >= 4 => {
                        self.partial.clear();
                    }
                    Err(_) => {}
                }
            }
        }
    }

    fn print(&mut self, ch: char) {
        let width = ch.width().unwrap_or(0);
        if width == 0 {
            return;
        }
        if self.col >= self.cols {
            self.col = 0;
            self.row = (self.row + 1).min(self.rows - 1);
        }
        self.cells[self.row * self.cols + self.col] = ch;
        if width == 2 && self.col + 1 < self.cols {
            self.cells[self.row * self.cols + self.col + 1] = ' ';
        }
        self.col += width;
    }

    /// The numbers of a CSI sequence (a leading `?` or other private marker dropped).
    fn numbers(&self) -> Vec<usize> {
        String::from_utf8_lossy(&self.params)
            .trim_start_matches(['?', '>', '='])
            .split(';')
            .map(|n| n.parse().unwrap_or(0))
            .collect()
    }

    fn csi(&mut self, last: u8) {
        let n = self.numbers();
        let first = n.first().copied().unwrap_or(0);
        let count = first.max(1);
        match last {
            b'H' | b'f' => {
                let row = first.max(1) - 1;
                let col = n.get(1).copied().unwrap_or(1).max(1) - 1;
                self.row = row.min(self.rows - 1);
                self.col = col.min(self.cols - 1);
            }
            b'A' => self.row = self.row.saturating_sub(count),
            b'B' => self.row = (self.row + count).min(self.rows - 1),
            b'C' => self.col = (self.col + count).min(self.cols - 1),
            b'D' => self.col = self.col.saturating_sub(count),
            b'G' => self.col = (count - 1).min(self.cols - 1),
            b'J' if first == 2 || first == 3 => self.cells.fill(' '),
            b'J' => {
                let at = self.row * self.cols + self.col.min(self.cols);
                self.cells[at..].fill(' ');
            }
            b'K' => {
                let start = self.row * self.cols;
                let (from, to) = match first {
                    1 => (start, start + self.col.min(self.cols - 1) + 1),
                    2 => (start, start + self.cols),
                    _ => (start + self.col.min(self.cols), start + self.cols),
                };
                self.cells[from..to].fill(' ');
            }
            b'X' => {
                let start = self.row * self.cols + self.col.min(self.cols);
                let end = (start + count).min((self.row + 1) * self.cols);
                self.cells[start..end].fill(' ');
            }
            _ => {}
        }
    }
}
