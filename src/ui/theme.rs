//! Themes: RON files of colours, built in from `themes/` or read from the user's config
//! directory, adapted to what the terminal can show.
//!
//! A theme gives every [`Role`] a true colour (any it leaves out comes from the built-in
//! `dark`); [`Palette`] adapts it to the terminal's depth ([`ColorMode`]): 24-bit as given,
//! 256 colours derived under constraints and 16 colours from a fixed choice per role
//! ([`depth`]), and no colour at all with marks in its place ([`palette`]). [`check`] says
//! which pairs a theme leaves unreadable or alike.

pub mod check;
mod colour;
pub mod contrast;
pub mod depth;
pub mod palette;
pub mod roles;
mod text;

use std::fmt;
use std::path::{Path, PathBuf};

use ratatui::style::Color;
use serde::Deserialize;

pub use check::{problems, Problem, ProblemKind};
pub use palette::{Decor, Palette, SquareLook};
pub use roles::{Overrides, Role, Roles};
pub use text::{ascii_of, locale_is_utf8, locale_name};

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
    /// No colours at all: the board is drawn with reverse video and marks only.
    pub monochrome: bool,
    /// The terminal background the theme is made for (contrast of text is judged against
    /// it); without it, black when the text is light and white when it is dark.
    #[serde(deserialize_with = "colour::opt_background")]
    pub background: Option<Color>,
    /// Ordinary text.
    #[serde(deserialize_with = "colour::text")]
    pub text: Color,
    /// Secondary text (labels, hints, coordinates).
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
    /// A clock low on time.
    #[serde(deserialize_with = "colour::low_clock")]
    pub low_clock: Color,
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
    /// The cursor's brackets.
    #[serde(deserialize_with = "colour::cursor")]
    pub cursor: Color,
    /// The lifted piece's square.
    #[serde(deserialize_with = "colour::selected")]
    pub selected: Color,
    /// The dots on the lifted piece's empty targets.
    #[serde(deserialize_with = "colour::target")]
    pub target: Color,
    /// The brackets around an enemy piece the lifted piece may take.
    #[serde(deserialize_with = "colour::capture")]
    pub capture: Color,
    /// The brackets around one's own piece the lifted piece may swap with.
    #[serde(deserialize_with = "colour::swap")]
    pub swap: Color,
    /// The brackets on the two squares of a move made in advance (a premove).
    #[serde(deserialize_with = "colour::premove")]
    pub premove: Color,
    /// The last move's squares.
    #[serde(deserialize_with = "colour::last_move")]
    pub last_move: Color,
    /// A royal piece in check.
    #[serde(deserialize_with = "colour::check")]
    pub check: Color,
    /// Palette entries to use at 256 colours instead of derived ones.
    pub ansi256: Overrides,
    /// ANSI colours to use at 16 colours instead of rankup's choice.
    pub ansi16: Overrides,
}

impl Default for Theme {
    /// The built-in `dark` theme (a test keeps the two equal).
    fn default() -> Theme {
        let c = |s: &str| s.parse::<Color>().expect("BUG: default colour parses");
        Theme {
            name: "dark".into(),
            monochrome: false,
            background: None,
            text: c("#d0d0d0"),
            dim: c("#a0a0a0"),
            accent: c("#5fafff"),
            border: c("#6c6c6c"),
            error: c("#ff5f5f"),
            low_clock: c("#ff5f5f"),
            light_square: c("#7b858b"),
            dark_square: c("#4f6c7f"),
            light_zone: c("#7e885f"),
            dark_zone: c("#5d6e47"),
            citadel: c("#a36948"),
            white_piece: c("#ffffff"),
            black_piece: c("#000000"),
            white_ramp: ["#fff08f", "#99fbfe", "#bdfbb6", "#ffdcfe", "#ffe6cd"]
                .map(c)
                .to_vec(),
            black_ramp: ["#2c0e36", "#3e0500", "#001749", "#05210d", "#271905"]
                .map(c)
                .to_vec(),
            cursor: c("#fff75b"),
            selected: c("#008a96"),
            target: c("#b9fcb2"),
            capture: c("#ffe1df"),
            swap: c("#aaf7ff"),
            premove: c("#ffe8b0"),
            last_move: c("#948432"),
            check: c("#c43c3c"),
            ansi256: Overrides::default(),
            ansi16: Overrides::default(),
        }
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

    /// The roles in true colour, as the theme gives them (no tiles).
    pub fn roles(&self) -> Roles {
        Roles {
            text: self.text,
            dim: self.dim,
            accent: self.accent,
            border: self.border,
            error: self.error,
            low_clock: self.low_clock,
            light_square: self.light_square,
            dark_square: self.dark_square,
            light_zone: self.light_zone,
            dark_zone: self.dark_zone,
            citadel: self.citadel,
            last_move: self.last_move,
            check: self.check,
            lifted: self.selected,
            cursor: self.cursor,
            target: self.target,
            capture: self.capture,
            swap: self.swap,
            premove: self.premove,
            white_piece: self.white_piece,
            black_piece: self.black_piece,
            white_ramp: self.white_ramp.clone(),
            black_ramp: self.black_ramp.clone(),
            white_tile: None,
            black_tile: None,
        }
    }

    /// The terminal background the theme is meant for: its `background`, else black when
    /// its text is light and white when it is dark.
    pub fn background_rgb(&self) -> contrast::Rgb {
        let xterm = |c| contrast::rgb(c, &contrast::XTERM);
        if let Some(bg) = self.background.and_then(xterm) {
            return bg;
        }
        match xterm(self.text) {
            Some(text) if contrast::luminance(text) < 0.4 => (255, 255, 255),
            _ => (0, 0, 0),
        }
    }

    /// The colour of a piece of `white` side at promotion `stage` (0 = unpromoted).
    pub fn piece_color(&self, white: bool, stage: u8) -> Color {
        self.roles().piece(white, stage)
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
    /// Every depth, deepest first.
    pub const ALL: [ColorMode; 4] = [
        ColorMode::TrueColor,
        ColorMode::Ansi256,
        ColorMode::Ansi16,
        ColorMode::None,
    ];
    /// The depths with colour, deepest first.
    pub const COLOURED: [ColorMode; 3] =
        [ColorMode::TrueColor, ColorMode::Ansi256, ColorMode::Ansi16];

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
    fn the_default_is_the_dark_theme() {
        assert_eq!(Theme::default(), Theme::builtin("dark").unwrap());
    }

    #[test]
    fn unknown_field_names_the_line() {
        let err =
            Theme::parse("(\n  name: \"x\",\n  colour: \"#ffffff\",\n)", "t.ron").unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("t.ron") && msg.contains("line 3"), "{msg}");
        let err = Theme::parse("(ansi16: (light_sqare: \"Red\"))", "t.ron").unwrap_err();
        assert!(err.to_string().contains("light_sqare"), "{err}");
    }

    /// Files written for the old format (no background, capture, swap, low clock or
    /// per-depth sections) still load, the new fields taking the dark theme's colours.
    #[test]
    fn old_theme_files_still_load() {
        let old = "(name: \"old\", light_square: \"#d7b98e\", dark_square: \"#a8845a\", \
                   white_ramp: [\"#ffff87\", \"#ffd700\"], selected: \"81\", check: \"Red\")";
        let t = Theme::parse(old, "old.ron").unwrap();
        assert_eq!(t.light_square, Color::Rgb(0xd7, 0xb9, 0x8e));
        assert_eq!(t.selected, Color::Indexed(81));
        assert_eq!(t.check, Color::Red);
        assert_eq!(t.capture, Theme::default().capture);
        assert_eq!(t.ansi16, Overrides::default());
    }

    #[test]
    fn a_ramp_is_at_most_64_colours() {
        let ramp = |n: usize| format!("(black_ramp: [{}])", vec!["\"#000000\""; n].join(","));
        assert_eq!(Theme::parse(&ramp(64), "t").unwrap().black_ramp.len(), 64);
        let err = Theme::parse(&ramp(65), "t").unwrap_err().to_string();
        assert!(err.contains("black_ramp: at most 64 colours"), "{err}");
    }

    #[test]
    fn per_depth_sections_name_their_colours() {
        let text = "(ansi256: (light_zone: \"144\"), ansi16: (light_square: \"Yellow\", \
                    white_tile: \"Reset\", black_ramp: [\"Red\"]))";
        let t = Theme::parse(text, "t.ron").unwrap();
        assert_eq!(t.ansi256.light_zone, Some(Color::Indexed(144)));
        let p = Palette::new(t.clone(), ColorMode::Ansi256);
        assert_eq!(p.roles().light_zone, Color::Indexed(144));
        let p = Palette::new(t, ColorMode::Ansi16);
        assert_eq!(p.roles().light_square, Color::Yellow);
        assert_eq!(p.roles().black_ramp, vec![Color::Red]);
        assert!(!p.tiles(true), "a Reset tile is no tile");
        assert!(p.tiles(false));
    }

    #[test]
    fn colour_mode_detection() {
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
        assert_eq!(detect(None, None, Some("dumb")), ColorMode::None);
    }

    #[test]
    fn the_background_follows_the_text_when_not_given() {
        let mut t = Theme::default();
        assert_eq!(t.background, None, "the dark theme leaves it out");
        assert_eq!(t.background_rgb(), (0, 0, 0));
        t.text = Color::Rgb(0x1c, 0x1c, 0x1c);
        assert_eq!(t.background_rgb(), (255, 255, 255));
        t.background = Some(Color::Rgb(1, 2, 3));
        assert_eq!(t.background_rgb(), (1, 2, 3));
    }
}
