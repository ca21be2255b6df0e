//! Themes: RON files of colours, built in from `themes/` or read from the user's config
//! directory, adapted to what the terminal can show.

use std::fmt;
use std::path::{Path, PathBuf};

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The themes compiled into the binary, by name.
pub const BUILTIN: [(&str, &str); 4] = [
    ("dark", include_str!("../../themes/dark.ron")),
    ("light", include_str!("../../themes/light.ron")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.ron"),
    ),
    ("mono", include_str!("../../themes/mono.ron")),
];

/// A colour theme. Every field is optional in the file; missing ones take the defaults of
/// the built-in dark theme. Unknown fields are an error, so typos do not pass silently.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Theme {
    /// Display name.
    pub name: String,
    /// No colours at all: the board is drawn with reverse video and markers only.
    pub monochrome: bool,
    /// Ordinary text.
    #[serde(deserialize_with = "colour::text")]
    pub text: Color,
    /// Secondary text (labels, hints).
    #[serde(deserialize_with = "colour::dim")]
    pub dim: Color,
    /// Headings and the selected menu entry.
    #[serde(deserialize_with = "colour::accent")]
    pub accent: Color,
    /// Panel borders.
    #[serde(deserialize_with = "colour::border")]
    pub border: Color,
    /// Error messages.
    #[serde(deserialize_with = "colour::error")]
    pub error: Color,
    /// Light squares.
    #[serde(deserialize_with = "colour::light_square")]
    pub light_square: Color,
    /// Dark squares.
    #[serde(deserialize_with = "colour::dark_square")]
    pub dark_square: Color,
    /// Light squares where a piece may promote (zones, citadels, last ranks).
    #[serde(deserialize_with = "colour::light_zone")]
    pub light_zone: Color,
    /// Dark squares where a piece may promote.
    #[serde(deserialize_with = "colour::dark_zone")]
    pub dark_zone: Color,
    /// Citadels (Tamerspiel's corner squares).
    #[serde(deserialize_with = "colour::citadel")]
    pub citadel: Color,
    /// White's unpromoted pieces.
    #[serde(deserialize_with = "colour::white_piece")]
    pub white_piece: Color,
    /// Black's unpromoted pieces.
    #[serde(deserialize_with = "colour::black_piece")]
    pub black_piece: Color,
    /// White's pieces by promotion stage (or level) 1, 2, 3, ...; the last repeats.
    #[serde(deserialize_with = "colour::white_ramp")]
    pub white_ramp: Vec<Color>,
    /// Black's pieces by promotion stage (or level) 1, 2, 3, ...; the last repeats.
    #[serde(deserialize_with = "colour::black_ramp")]
    pub black_ramp: Vec<Color>,
    /// The cursor square's markers.
    #[serde(deserialize_with = "colour::cursor")]
    pub cursor: Color,
    /// The lifted piece's square.
    #[serde(deserialize_with = "colour::selected")]
    pub selected: Color,
    /// Legal targets of the lifted piece.
    #[serde(deserialize_with = "colour::target")]
    pub target: Color,
    /// The last move's squares.
    #[serde(deserialize_with = "colour::last_move")]
    pub last_move: Color,
    /// A royal piece in check.
    #[serde(deserialize_with = "colour::check")]
    pub check: Color,
}

impl Default for Theme {
    fn default() -> Theme {
        let c = |s: &str| s.parse::<Color>().expect("BUG: default colour parses");
        Theme {
            name: "dark".into(),
            monochrome: false,
            text: c("#d0d0d0"),
            dim: c("#808080"),
            accent: c("#5fafff"),
            border: c("#4e4e4e"),
            error: c("#ff5f5f"),
            light_square: c("#8f9aa8"),
            dark_square: c("#5f6b7a"),
            light_zone: c("#9aa38a"),
            dark_zone: c("#6b7560"),
            citadel: c("#a8865a"),
            white_piece: c("#ffffff"),
            black_piece: c("#000000"),
            white_ramp: ["#ffd75f", "#ffaf00", "#ff8700", "#ff5f5f", "#ff5fd7"]
                .map(c)
                .to_vec(),
            black_ramp: ["#5f005f", "#870000", "#5f3700", "#00005f", "#005f00"]
                .map(c)
                .to_vec(),
            cursor: c("#ffff5f"),
            selected: c("#5fd7ff"),
            target: c("#5fd75f"),
            last_move: c("#af875f"),
            check: c("#ff0000"),
        }
    }
}

/// Deserializers for the colour fields: a bad value is an error that names the field and the
/// forms a colour may take (ratatui's own says only "Failed to parse Colors").
mod colour {
    use std::fmt;

    use ratatui::style::Color;
    use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};

    use crate::text::short;

    /// The forms of a colour, for messages.
    pub(super) const FORMS: &str = "\"#rrggbb\", a palette index \"0\"..\"255\", or a name \
        (Black, Red, Green, Yellow, Blue, Magenta, Cyan, Gray, DarkGray, LightRed, LightGreen, \
        LightYellow, LightBlue, LightMagenta, LightCyan, White, Reset)";

    /// One colour of the field it names.
    struct One(&'static str);

    impl<'de> Visitor<'de> for One {
        type Value = Color;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a colour for {}: {FORMS}", self.0)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Color, E> {
            v.parse().map_err(|_| {
                E::custom(format!(
                    "{}: '{}' is not a colour; expected {FORMS}",
                    self.0,
                    short(v)
                ))
            })
        }
    }

    impl<'de> DeserializeSeed<'de> for One {
        type Value = Color;

        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Color, D::Error> {
            // `any`, so that a number or a list is also told what a colour may be.
            d.deserialize_any(self)
        }
    }

    /// A list of colours of the field it names.
    struct Many(&'static str);

    impl<'de> Visitor<'de> for Many {
        type Value = Vec<Color>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of colours for {}: [{FORMS}, ...]", self.0)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Color>, A::Error> {
            let mut colours = Vec::new();
            while let Some(c) = seq.next_element_seed(One(self.0))? {
                colours.push(c);
            }
            Ok(colours)
        }
    }

    macro_rules! one {
        ($($field:ident),* $(,)?) => {$(
            pub(super) fn $field<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
                One(stringify!($field)).deserialize(d)
            }
        )*};
    }

    one!(
        text,
        dim,
        accent,
        border,
        error,
        light_square,
        dark_square,
        light_zone,
        dark_zone,
        citadel,
        white_piece,
        black_piece,
        cursor,
        selected,
        target,
        last_move,
        check,
    );

    pub(super) fn white_ramp<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Color>, D::Error> {
        d.deserialize_any(Many("white_ramp"))
    }

    pub(super) fn black_ramp<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Color>, D::Error> {
        d.deserialize_any(Many("black_ramp"))
    }
}

/// Error for a theme that cannot be loaded; names the file (or built-in) and the line.
#[derive(Debug)]
pub enum ThemeError {
    /// Neither a file, a user theme nor a built-in of that name exists.
    Unknown {
        /// The name given.
        name: String,
        /// Where user themes are looked for.
        user_dir: Option<PathBuf>,
    },
    /// The file could not be read.
    Io(PathBuf, std::io::Error),
    /// The file is not a valid theme.
    Parse {
        /// The file, or `built-in NAME`.
        source: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThemeError::Unknown { name, user_dir } => {
                let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
                write!(
                    f,
                    "unknown theme '{}' (built-in: {}",
                    crate::text::short(name),
                    names.join(", ")
                )?;
                if let Some(dir) = user_dir {
                    write!(f, "; user themes: {}/NAME.ron", dir.display())?;
                }
                write!(f, ")")
            }
            ThemeError::Io(path, e) => write!(f, "cannot read theme {}: {e}", path.display()),
            ThemeError::Parse {
                source,
                line,
                col,
                message,
            } => write!(f, "theme {source}, line {line}, column {col}: {message}"),
        }
    }
}

impl std::error::Error for ThemeError {}

/// Where user themes live: `<config dir>/themes/`.
pub fn user_theme_dir() -> Option<PathBuf> {
    crate::config::config_dir().map(|d| d.join("themes"))
}

impl Theme {
    /// Parses theme text; `source` names it in errors. A leading UTF-8 byte-order mark is
    /// skipped, and a text of only blanks and comments is the default theme.
    ///
    /// # Errors
    /// [`ThemeError::Parse`] with the line and column of the problem; a bad colour names
    /// its field and the forms a colour may take.
    pub fn parse(text: &str, source: &str) -> Result<Theme, ThemeError> {
        let text = crate::text::strip_bom(text);
        if crate::config::is_blank_ron(text) {
            return Ok(Theme::default());
        }
        crate::input::ron_options()
            .from_str(text)
            .map_err(|e| ThemeError::Parse {
                source: source.to_string(),
                line: e.span.start.line,
                col: e.span.start.col,
                message: crate::text::ron_message(e.code),
            })
    }

    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Option<Theme> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(n, text)| {
            Theme::parse(text, &format!("built-in {n}"))
                .expect("BUG: built-in themes parse (checked by tests)")
        })
    }

    /// Loads a theme given as a path to a `.ron` file, the name of a user theme in
    /// [`user_theme_dir`], or a built-in name, in that order.
    ///
    /// # Errors
    /// When nothing of that name exists or the file is not a valid theme.
    pub fn load(name: &str) -> Result<Theme, ThemeError> {
        let as_path = Path::new(name);
        if name.ends_with(".ron") || as_path.components().count() > 1 {
            return Theme::load_file(as_path);
        }
        let user_dir = user_theme_dir();
        if let Some(dir) = &user_dir {
            let path = dir.join(format!("{name}.ron"));
            // Whatever stands there is the player's theme: a FIFO, a folder or a link loop
            // is refused as such, not reported as an unknown name.
            if path.symlink_metadata().is_ok() {
                return Theme::load_file(&path);
            }
        }
        Theme::builtin(name).ok_or(ThemeError::Unknown {
            name: name.to_string(),
            user_dir,
        })
    }

    fn load_file(path: &Path) -> Result<Theme, ThemeError> {
        let text = crate::input::read_text_file(path, crate::config::MAX_FILE_BYTES)
            .map_err(|e| ThemeError::Io(path.to_path_buf(), e))?;
        Theme::parse(&text, &path.display().to_string())
    }

    /// The colour of a piece of `white` side at promotion `stage` (0 = unpromoted).
    pub fn piece_color(&self, white: bool, stage: u8) -> Color {
        let (base, ramp) = if white {
            (self.white_piece, &self.white_ramp)
        } else {
            (self.black_piece, &self.black_ramp)
        };
        if stage == 0 || ramp.is_empty() {
            base
        } else {
            ramp[(stage as usize - 1).min(ramp.len() - 1)]
        }
    }
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorMode {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    TrueColor,
    /// The xterm 256-colour palette (`TERM` ends in `256color`).
    Ansi256,
    /// The 16 ANSI colours.
    Ansi16,
    /// No colour (`NO_COLOR` set, or a monochrome theme).
    None,
}

impl ColorMode {
    /// Reads `NO_COLOR`, `COLORTERM` and `TERM` the way terminals advertise themselves. SSH
    /// usually forwards `TERM` but not `COLORTERM`, so a remote session lands on 256 colours.
    pub fn detect(
        no_color: Option<&str>,
        colorterm: Option<&str>,
        term: Option<&str>,
    ) -> ColorMode {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return ColorMode::None;
        }
        if matches!(colorterm, Some("truecolor" | "24bit")) {
            return ColorMode::TrueColor;
        }
        match term {
            Some(t) if t.contains("256color") || t.contains("direct") => ColorMode::Ansi256,
            Some("dumb") => ColorMode::None,
            _ => ColorMode::Ansi16,
        }
    }

    /// Detects from the process environment.
    pub fn from_env() -> ColorMode {
        let var = |k: &str| std::env::var(k).ok();
        ColorMode::detect(
            var("NO_COLOR").as_deref(),
            var("COLORTERM").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// `color` as this mode can show it.
    pub fn adapt(self, color: Color) -> Color {
        match (self, color) {
            (ColorMode::None, _) => Color::Reset,
            (ColorMode::TrueColor, c) => c,
            (ColorMode::Ansi256, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
            (ColorMode::Ansi16, Color::Rgb(r, g, b)) => nearest_16(r, g, b),
            (ColorMode::Ansi16, Color::Indexed(i)) => {
                let (r, g, b) = indexed_rgb(i);
                nearest_16(r, g, b)
            }
            (_, c) => c,
        }
    }
}

const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

fn indexed_rgb(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => ANSI16[i as usize].1,
        16..=231 => {
            let i = i - 16;
            (
                CUBE[(i / 36) as usize],
                CUBE[(i / 6 % 6) as usize],
                CUBE[(i % 6) as usize],
            )
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
    }
}

fn dist((r1, g1, b1): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2) as u32;
    d(r1, r2) * 3 + d(g1, g2) * 4 + d(b1, b2) * 2
}

/// The closest entry of the 6x6x6 cube or the grey ramp.
fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    (16..=255u8)
        .min_by_key(|&i| dist(indexed_rgb(i), (r, g, b)))
        .expect("non-empty range")
}

const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (128, 0, 0)),
    (Color::Green, (0, 128, 0)),
    (Color::Yellow, (128, 128, 0)),
    (Color::Blue, (0, 0, 128)),
    (Color::Magenta, (128, 0, 128)),
    (Color::Cyan, (0, 128, 128)),
    (Color::Gray, (192, 192, 192)),
    (Color::DarkGray, (128, 128, 128)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (0, 0, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

fn nearest_16(r: u8, g: u8, b: u8) -> Color {
    ANSI16
        .iter()
        .min_by_key(|(_, rgb)| dist(*rgb, (r, g, b)))
        .expect("non-empty table")
        .0
}

/// A theme adapted to the terminal: every style the widgets use, by meaning.
#[derive(Clone, Debug)]
pub struct Palette {
    /// The theme it was made from.
    pub theme: Theme,
    /// The terminal's colour depth.
    pub mode: ColorMode,
}

/// What a board square shows, for [`Palette::square`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SquareLook {
    /// A dark square.
    pub dark: bool,
    /// A square where pieces promote.
    pub zone: bool,
    /// A citadel.
    pub citadel: bool,
    /// One of the last move's squares.
    pub last_move: bool,
    /// The lifted piece.
    pub selected: bool,
    /// A royal piece in check stands here.
    pub check: bool,
}

impl Palette {
    /// Adapts `theme` to `mode`; a monochrome theme forces [`ColorMode::None`].
    pub fn new(theme: Theme, mode: ColorMode) -> Palette {
        let mode = if theme.monochrome {
            ColorMode::None
        } else {
            mode
        };
        Palette { theme, mode }
    }

    /// Whether colours are off.
    pub fn mono(&self) -> bool {
        self.mode == ColorMode::None
    }

    fn fg(&self, c: Color) -> Style {
        Style::new().fg(self.mode.adapt(c))
    }

    /// Plain text.
    pub fn text(&self) -> Style {
        self.fg(self.theme.text)
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::DIM)
        } else {
            self.fg(self.theme.dim)
        }
    }

    /// Headings, highlighted entries.
    pub fn accent(&self) -> Style {
        self.fg(self.theme.accent).add_modifier(Modifier::BOLD)
    }

    /// Borders.
    pub fn border(&self) -> Style {
        if self.mono() {
            Style::new()
        } else {
            self.fg(self.theme.border)
        }
    }

    /// Error messages.
    pub fn error(&self) -> Style {
        self.fg(self.theme.error).add_modifier(Modifier::BOLD)
    }

    /// A highlighted list entry.
    pub fn highlight(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
                .fg(self.mode.adapt(Color::Black))
                .bg(self.mode.adapt(self.theme.accent))
        }
    }

    /// The background style of a board square.
    pub fn square(&self, look: SquareLook) -> Style {
        if self.mono() {
            let mut s = Style::new();
            if look.dark {
                s = s.add_modifier(Modifier::REVERSED);
            }
            if look.selected || look.check {
                s = s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            return s;
        }
        let t = &self.theme;
        if self.mode == ColorMode::Ansi16 {
            // Nearest-colour mapping folds most themes' two square shades into one grey, so
            // 16-colour terminals get a fixed pair that always differs (zones go untinted).
            let bg = if look.check {
                Color::Red
            } else if look.selected {
                Color::Cyan
            } else if look.last_move {
                Color::Yellow
            } else if look.citadel {
                Color::Magenta
            } else if look.dark {
                Color::DarkGray
            } else {
                Color::Gray
            };
            return Style::new().bg(bg);
        }
        let bg = if look.check {
            t.check
        } else if look.selected {
            t.selected
        } else if look.last_move {
            t.last_move
        } else if look.citadel {
            t.citadel
        } else {
            match (look.zone, look.dark) {
                (false, false) => t.light_square,
                (false, true) => t.dark_square,
                (true, false) => t.light_zone,
                (true, true) => t.dark_zone,
            }
        };
        Style::new().bg(self.mode.adapt(bg))
    }

    /// A piece's glyph: side colour, or its ramp colour when promoted.
    pub fn piece(&self, white: bool, stage: u8) -> Style {
        if self.mono() {
            return Style::new().add_modifier(Modifier::BOLD);
        }
        self.fg(self.theme.piece_color(white, stage))
            .add_modifier(Modifier::BOLD)
    }

    /// Cursor brackets.
    pub fn cursor(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            self.fg(self.theme.cursor).add_modifier(Modifier::BOLD)
        }
    }

    /// Legal-target markers.
    pub fn target(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            self.fg(self.theme.target).add_modifier(Modifier::BOLD)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_theme_parses() {
        for (name, _) in BUILTIN {
            let t = Theme::builtin(name).unwrap();
            assert_eq!(t.name, name);
        }
        assert!(Theme::builtin("mono").unwrap().monochrome);
    }

    #[test]
    fn unknown_field_names_the_line() {
        let err =
            Theme::parse("(\n  name: \"x\",\n  colour: \"#ffffff\",\n)", "t.ron").unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("t.ron") && msg.contains("line 3"), "{msg}");
    }

    #[test]
    fn colour_mode_detection_and_fallback() {
        let detect = ColorMode::detect;
        assert_eq!(detect(Some("1"), Some("truecolor"), None), ColorMode::None);
        assert_eq!(
            detect(Some(""), Some("truecolor"), None),
            ColorMode::TrueColor
        );
        assert_eq!(
            detect(None, None, Some("xterm-256color")),
            ColorMode::Ansi256
        );
        assert_eq!(detect(None, None, Some("xterm")), ColorMode::Ansi16);
        let c256 = ColorMode::Ansi256;
        assert_eq!(c256.adapt(Color::Rgb(255, 255, 255)), Color::Indexed(231));
        assert_eq!(
            c256.adapt(Color::Rgb(0x87, 0x87, 0x87)),
            Color::Indexed(102)
        );
        assert_eq!(
            ColorMode::Ansi16.adapt(Color::Rgb(250, 10, 10)),
            Color::LightRed
        );
        assert_eq!(ColorMode::None.adapt(Color::Red), Color::Reset);
        let p16 = Palette::new(Theme::default(), ColorMode::Ansi16);
        let light = p16.square(SquareLook::default());
        let dark = p16.square(SquareLook {
            dark: true,
            ..SquareLook::default()
        });
        assert_ne!(light, dark, "16-colour squares stay distinct");
    }
}

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
