//! Basic colour codes on the wire for terminals of 16 or 8 colours.
//!
//! crossterm writes every colour, its named ANSI colours included, as a 256-colour code
//! (`38;5;n`, `48;5;n`), which a terminal of 16 colours (`TERM=xterm`, the Linux console)
//! may not understand. [`BasicColors`] sits between the backend and the terminal and rewrites
//! the palette entries 0-15 of every SGR sequence into the basic codes: foreground 30-37 and
//! 90-97, background 40-47 and 100-107 (39 and 49, the resets, are already basic). Every
//! other byte passes through unchanged; a sequence split across writes is held (never more
//! than [`MAX_SEQUENCE`] bytes) until its end.

use std::io::{self, Write};

use super::theme::ColorMode;

const ESC: u8 = 0x1b;

/// The longest control sequence held back for rewriting; a longer one (no SGR sequence the
/// backend writes is near this) passes through as it is.
pub const MAX_SEQUENCE: usize = 128;

/// A writer that rewrites 256-colour codes of the first 16 colours into basic ones (when
/// on), passing everything else to `inner` unchanged.
#[derive(Debug)]
pub struct BasicColors<W> {
    inner: W,
    on: bool,
    /// The escape sequence begun and not finished yet: empty, `ESC`, or `ESC [` and its
    /// parameters so far.
    held: Vec<u8>,
}

/// Whether a terminal in `mode` needs the basic codes: one of 16 colours or fewer (with no
/// colour the only codes are the resets, which stay as they are).
pub fn needs_basic_codes(mode: ColorMode) -> bool {
    !matches!(mode, ColorMode::TrueColor | ColorMode::Ansi256)
}

impl<W: Write> BasicColors<W> {
    /// A writer to `inner` that rewrites colours when `on`.
    pub fn new(inner: W, on: bool) -> BasicColors<W> {
        BasicColors {
            inner,
            on,
            held: Vec::new(),
        }
    }

    /// A writer to `inner` for a terminal in `mode`: on where it [needs basic
    /// codes](needs_basic_codes).
    pub fn for_mode(inner: W, mode: ColorMode) -> BasicColors<W> {
        BasicColors::new(inner, needs_basic_codes(mode))
    }

    /// The writer the bytes go to.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// Passes on what is held as it is, and holds nothing.
    fn release(&mut self) -> io::Result<()> {
        let held = std::mem::take(&mut self.held);
        self.inner.write_all(&held)
    }

    /// Ends the held sequence with its final byte `last`, rewriting it if it sets colours.
    fn finish(&mut self, last: u8) -> io::Result<()> {
        self.held.push(last);
        let held = std::mem::take(&mut self.held);
        match rewrite_sgr(&held) {
            Some(basic) => self.inner.write_all(&basic),
            None => self.inner.write_all(&held),
        }
    }
}

impl<W: Write> Write for BasicColors<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.on {
            return self.inner.write(buf);
        }
        // The start of the run of plain bytes not written yet.
        let mut plain = 0;
        let mut i = 0;
        while i < buf.len() {
            if self.held.is_empty() {
                // Plain bytes up to the next ESC: the run goes on.
                match buf[i..].iter().position(|&c| c == ESC) {
                    Some(at) => {
                        i += at;
                        self.inner.write_all(&buf[plain..i])?;
                        self.held.push(ESC);
                        i += 1;
                    }
                    None => i = buf.len(),
                }
                continue;
            }
            let b = buf[i];
            if self.held == [ESC] {
                if b == b'[' {
                    self.held.push(b);
                    i += 1;
                } else {
                    // Not a control sequence: passed on; `b` is looked at afresh.
                    self.release()?;
                }
                plain = i;
                continue;
            }
            match b {
                // Parameter and intermediate bytes.
                0x20..=0x3f if self.held.len() < MAX_SEQUENCE => {
                    self.held.push(b);
                    i += 1;
                }
                0x40..=0x7e => {
                    self.finish(b)?;
                    i += 1;
                }
                // A sequence too long to hold, or broken off by a control character (or a
                // new ESC): passed on as it is; `b` is looked at afresh.
                _ => self.release()?,
            }
            plain = i;
        }
        if self.held.is_empty() {
            self.inner.write_all(&buf[plain..])?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // A sequence not finished yet stays held: it cannot be rewritten before its end.
        self.inner.flush()
    }
}

/// The sequence `ESC [ params m` with its 256-colour codes of colours 0-15 (`38;5;n`,
/// `48;5;n`) made basic, or `None` when `seq` is no SGR sequence or has nothing to change.
/// Parameters other than numbers and `;` (sub-parameters with `:`, private markers) leave
/// the sequence alone.
pub fn rewrite_sgr(seq: &[u8]) -> Option<Vec<u8>> {
    let params = seq.strip_prefix(b"\x1b[")?.strip_suffix(b"m")?;
    if !params.iter().all(|&b| b.is_ascii_digit() || b == b';') {
        return None;
    }
    let parts: Vec<&[u8]> = params.split(|&b| b == b';').collect();
    let number = |i: usize| -> Option<u32> {
        let part: &[u8] = parts.get(i)?;
        // An empty parameter means 0; a very long one is no colour of ours.
        if part.len() > 9 {
            return None;
        }
        Some(part.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')))
    };
    let mut out: Vec<Vec<u8>> = Vec::with_capacity(parts.len());
    let mut changed = false;
    let mut i = 0;
    while i < parts.len() {
        let code = number(i);
        // Extended colours: 38 foreground, 48 background, 58 underline; `5;n` or `2;r;g;b`.
        let extended = matches!(code, Some(38 | 48 | 58));
        let len = match (extended, number(i + 1)) {
            (true, Some(5)) => 3,
            (true, Some(2)) => 5,
            _ => 1,
        };
        if len == 3 {
            if let (Some(n @ 0..=15), Some(which @ (38 | 48))) = (number(i + 2), code) {
                out.push(basic_code(which == 38, n as u8).to_string().into_bytes());
                changed = true;
                i += 3;
                continue;
            }
        }
        let end = (i + len).min(parts.len());
        out.extend(parts[i..end].iter().map(|p| p.to_vec()));
        i = end;
    }
    if !changed {
        return None;
    }
    let mut seq = b"\x1b[".to_vec();
    seq.extend_from_slice(&out.join(&b';'));
    seq.push(b'm');
    Some(seq)
}

/// The basic SGR code for palette colour `n` (0-15) as foreground or background.
pub fn basic_code(foreground: bool, n: u8) -> u8 {
    let n = n & 15;
    match (foreground, n < 8) {
        (true, true) => 30 + n,
        (true, false) => 90 + n - 8,
        (false, true) => 40 + n,
        (false, false) => 100 + n - 8,
    }
}

/// Whether SGR parameter `code` is an attribute, a basic colour, or a reset (39, 49, and
/// 59 for the underline colour, which ratatui resets after every frame and which a
/// terminal without underline colours ignores).
pub fn is_basic(code: u32) -> bool {
    matches!(code, 0..=29 | 30..=37 | 39..=47 | 49 | 59 | 90..=97 | 100..=107)
}

/// Every parameter of every SGR sequence in `s`.
pub fn sgr_codes(s: &str) -> Vec<u32> {
    s.split('\x1b')
        .filter_map(|part| part.strip_prefix('['))
        .filter_map(|part| part.split_once('m'))
        .filter(|(params, _)| params.bytes().all(|b| b.is_ascii_digit() || b == b';'))
        .flat_map(|(params, _)| {
            params
                .split(';')
                .map(|p| p.parse().unwrap_or(0))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A writer whose bytes a test can still read once a backend owns it.
    #[derive(Clone, Default)]
    pub(crate) struct Shared(pub Arc<Mutex<Vec<u8>>>);

    impl Shared {
        pub(crate) fn bytes(&self) -> Vec<u8> {
            self.0.lock().unwrap().clone()
        }
    }

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// What `chunks`, written one after another, become.
    fn through(chunks: &[&[u8]]) -> Vec<u8> {
        let mut w = BasicColors::new(Vec::new(), true);
        for c in chunks {
            assert_eq!(w.write(c).unwrap(), c.len());
        }
        w.flush().unwrap();
        w.inner
    }

    fn text(bytes: &[u8]) -> String {
        String::from_utf8_lossy(bytes).into_owned()
    }

    #[test]
    fn named_colours_become_basic_codes() {
        assert_eq!(text(&through(&[b"\x1b[38;5;1m"])), "\x1b[31m");
        assert_eq!(text(&through(&[b"\x1b[38;5;9m"])), "\x1b[91m");
        assert_eq!(text(&through(&[b"\x1b[48;5;0m"])), "\x1b[40m");
        assert_eq!(text(&through(&[b"\x1b[48;5;15m"])), "\x1b[107m");
        for n in 0..16u8 {
            let fg = basic_code(true, n);
            let bg = basic_code(false, n);
            assert!(
                (30..=37).contains(&fg) || (90..=97).contains(&fg),
                "{n}: {fg}"
            );
            assert!(
                (40..=47).contains(&bg) || (100..=107).contains(&bg),
                "{n}: {bg}"
            );
            assert_eq!(bg, fg + 10);
        }
    }

    #[test]
    fn combined_lists_keep_their_other_parameters() {
        assert_eq!(text(&through(&[b"\x1b[1;38;5;9;48;5;0m"])), "\x1b[1;91;40m");
        // crossterm's SetColors: foreground and background in one sequence.
        assert_eq!(text(&through(&[b"\x1b[38;5;7;48;5;8m"])), "\x1b[37;100m");
        // Resets, attributes and true colours stay as they are.
        assert_eq!(
            text(&through(&[b"\x1b[39;49;0m\x1b[38;2;1;5;9;48;5;4m"])),
            "\x1b[39;49;0m\x1b[38;2;1;5;9;44m"
        );
    }

    #[test]
    fn other_colours_and_sub_parameters_pass_unchanged() {
        for seq in [
            &b"\x1b[38;5;16m"[..],
            b"\x1b[48;5;255m",
            b"\x1b[38;2;0;5;1m",
            b"\x1b[58;5;1m",
            b"\x1b[38:5:1m",
            b"\x1b[m",
            b"\x1b[0m",
            b"\x1b[?1000h",
            b"\x1b[2J",
            b"\x1b[12;40H",
            b"\x1b7",
            b"\x1b[38;5;99999999999m",
        ] {
            assert_eq!(through(&[seq]), seq, "{}", text(seq));
        }
        // The underline colour's index is not read as a colour code of its own.
        assert_eq!(text(&through(&[b"\x1b[58;5;38;5;1m"])), "\x1b[58;5;38;5;1m");
    }

    #[test]
    fn sequences_split_across_writes_are_rewritten() {
        let whole = b"ab\x1b[1;38;5;9;48;5;0mcd\x1b[38;5;12mef";
        let want = "ab\x1b[1;91;40mcd\x1b[94mef";
        // Every way of cutting it in two, and one byte at a time.
        for cut in 0..=whole.len() {
            let (a, b) = whole.split_at(cut);
            assert_eq!(text(&through(&[a, b])), want, "cut at {cut}");
        }
        let bytes: Vec<&[u8]> = whole.chunks(1).collect();
        assert_eq!(text(&through(&bytes)), want);
    }

    #[test]
    fn plain_text_and_other_escapes_pass_through() {
        let bytes = "plain ♞ text\x1b[5;10H\x1bMmore\x1b\x1b[31mx".as_bytes();
        assert_eq!(through(&[bytes]), bytes);
        // A sequence broken off by a control character is passed on as it was.
        assert_eq!(through(&[b"\x1b[38\n;5;1m"]), b"\x1b[38\n;5;1m");
    }

    #[test]
    fn held_bytes_are_bounded() {
        let mut w = BasicColors::new(Vec::new(), true);
        let long = [b'1'; 10_000];
        w.write_all(b"\x1b[").unwrap();
        w.write_all(&long).unwrap();
        assert!(w.held.len() <= MAX_SEQUENCE);
        w.write_all(b"m").unwrap();
        assert!(w.held.is_empty());
        let mut want = b"\x1b[".to_vec();
        want.extend_from_slice(&long);
        want.push(b'm');
        assert_eq!(w.inner, want);
    }

    #[test]
    fn off_passes_everything() {
        let mut w = BasicColors::for_mode(Vec::new(), ColorMode::Ansi256);
        w.write_all(b"\x1b[38;5;9m").unwrap();
        assert_eq!(w.inner, b"\x1b[38;5;9m");
        assert!(needs_basic_codes(ColorMode::Ansi16));
        assert!(needs_basic_codes(ColorMode::None));
        assert!(!needs_basic_codes(ColorMode::TrueColor));
    }

    /// What the real backend writes for a frame, in 16-colour mode, has only basic codes.
    #[test]
    fn a_crossterm_frame_has_only_basic_codes() {
        use ratatui::backend::{Backend, CrosstermBackend};
        use ratatui::buffer::Cell;
        use ratatui::style::{Color, Modifier, Style};

        let colours = [
            Color::Black,
            Color::Red,
            Color::Gray,
            Color::DarkGray,
            Color::LightBlue,
            Color::White,
            Color::Indexed(3),
            Color::Indexed(13),
            Color::Reset,
        ];
        let cells: Vec<Cell> = colours
            .iter()
            .zip(colours.iter().rev())
            .map(|(&fg, &bg)| {
                let mut c = Cell::new("x");
                c.set_style(Style::new().fg(fg).bg(bg).add_modifier(Modifier::BOLD));
                c
            })
            .collect();
        let shared = Shared::default();
        let mut backend = CrosstermBackend::new(BasicColors::new(shared.clone(), true));
        backend
            .draw(cells.iter().enumerate().map(|(x, c)| (x as u16, 0, c)))
            .unwrap();
        Backend::flush(&mut backend).unwrap();
        let out = text(&shared.bytes());
        assert!(!out.contains("38;5") && !out.contains("48;5"), "{out:?}");
        for code in sgr_codes(&out) {
            assert!(is_basic(code), "{code} in {out:?}");
        }
        // Red on bright magenta, bright white on bright black.
        assert!(out.contains("\x1b[31;105mx"), "{out:?}");
        assert!(out.contains("\x1b[97;100mx"), "{out:?}");
    }
}
