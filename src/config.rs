//! The user's config file: defaults for the app that command-line flags override.
//!
//! `config.ron` in the config directory (`RANKUP_CONFIG_DIR`, or the platform's: on Linux
//! `~/.config/rankup/config.ron`). Every field is optional and a missing file is the same as
//! an empty one (or one of only comments); an unknown field is an error naming the file, line and column, so a typo
//! does not go unnoticed:
//!
//! ```
//! use rankup::config::{Config, GlyphMode};
//! let text = r#"
//! (
//!     theme: "light",     // a built-in, a user theme, or a path to a .ron file
//!     glyphs: Ascii,      // Unicode or Ascii
//!     ai_level: "5",      // the level the app offers first: "1".."8" or a name
//!     mouse: false,
//!     bell: true,         // ring when it is my move after a long think
//!     ponder: false,      // the top AI level thinks only on its own move
//! )
//! "#;
//! let config = Config::parse(text, "config.ron").unwrap();
//! assert_eq!(config.glyphs, Some(GlyphMode::Ascii));
//! assert!(Config::parse("(colour: \"red\")", "config.ron").is_err());
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ai::Level;

/// Environment variable that replaces the config directory.
pub const CONFIG_DIR_ENV: &str = "RANKUP_CONFIG_DIR";

/// File name of the config file in the config directory.
pub const CONFIG_FILE: &str = "config.ron";

/// The largest config or theme file rankup reads, 1 MiB (they are a few hundred bytes).
pub const MAX_FILE_BYTES: u64 = crate::input::MIB;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GlyphMode {
    /// Unicode chess glyphs for the orthodox pieces.
    Unicode,
    /// A letter for every piece.
    Ascii,
}

/// The config file's settings; `None` means "not set" (the built-in default applies).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Default theme: a built-in name, a user theme name, or a path (as `--theme`).
    pub theme: Option<String>,
    /// Glyphs or letters (`--ascii`).
    pub glyphs: Option<GlyphMode>,
    /// Default AI level: text, `"1"`..`"8"` or a level's name; a bare number is a level of
    /// the old six-level scale (configs from before the ladder), mapped onto the ladder.
    #[serde(with = "optional_level")]
    pub ai_level: Option<Level>,
    /// Mouse clicks on or off (`--no-mouse`).
    pub mouse: Option<bool>,
    /// The terminal bell when it becomes your move after the opponent thought a while
    /// (`--bell`); unset: on against a person on the server, off against the AI.
    pub bell: Option<bool>,
    /// The top AI level thinks on your time (`--no-ponder`); unset: on.
    pub ponder: Option<bool>,
}

mod optional_level {
    use super::*;
    use crate::ai::level::stored;

    pub fn serialize<S: Serializer>(level: &Option<Level>, s: S) -> Result<S::Ok, S::Error> {
        match level {
            Some(l) => stored::serialize(l, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
        d.deserialize_option(OptionalLevel)
    }

    struct OptionalLevel;

    impl<'de> serde::de::Visitor<'de> for OptionalLevel {
        type Value = Option<Level>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an AI level")
        }

        fn visit_none<E: serde::de::Error>(self) -> Result<Option<Level>, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<Level>, D::Error> {
            stored::deserialize(d).map(Some)
        }
    }
}

/// Why the config file could not be used.
#[derive(Debug)]
pub enum ConfigError {
    /// The file exists but could not be read.
    Io(PathBuf, io::Error),
    /// The file is not a valid config (bad RON, an unknown field, a wrong value).
    Parse {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Io(path, e) => write!(f, "cannot read config {}: {e}", path.display()),
            ConfigError::Parse {
                file,
                line,
                col,
                message,
            } => write!(f, "config {file}, line {line}, column {col}: {message}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Whether RON text holds nothing but whitespace and comments (`// ...`, `/* ... */`).
pub fn is_blank_ron(text: &str) -> bool {
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            match after.find("*/") {
                Some(i) => rest = &after[i + 2..],
                None => return false,
            }
        } else {
            return false;
        }
        rest = rest.trim_start();
    }
    true
}

/// The config directory: [`CONFIG_DIR_ENV`] when set, otherwise the platform's
/// (`~/.config/rankup` on Linux); `None` without a home directory.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "rankup").map(|d| d.config_dir().to_path_buf())
}

/// Where the config file is looked for.
pub fn config_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join(CONFIG_FILE))
}

impl Config {
    /// Parses config text; `file` names it in errors. A text with nothing but blanks and
    /// comments is the empty config, as a missing file is; a leading UTF-8 byte-order mark
    /// is skipped.
    ///
    /// # Errors
    /// [`ConfigError::Parse`] with the line and column of the problem.
    pub fn parse(text: &str, file: &str) -> Result<Config, ConfigError> {
        let text = crate::text::strip_bom(text);
        if is_blank_ron(text) {
            return Ok(Config::default());
        }
        crate::input::ron_options()
            .from_str(text)
            .map_err(|e| ConfigError::Parse {
                file: file.to_string(),
                line: e.span.start.line,
                col: e.span.start.col,
                message: crate::text::ron_message(e.code),
            })
    }

    /// Reads the config file at `path`; a missing file gives the empty config.
    ///
    /// # Errors
    /// When the file exists but cannot be read or parsed.
    pub fn load_from(path: &Path) -> Result<Config, ConfigError> {
        match crate::input::read_text_file(path, MAX_FILE_BYTES) {
            Ok(text) => Config::parse(&text, &path.display().to_string()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Config::default()),
            Err(e) => Err(ConfigError::Io(path.to_path_buf(), e)),
        }
    }

    /// Reads the user's config file ([`config_path`]); none at all gives the empty config.
    ///
    /// # Errors
    /// As [`Config::load_from`].
    pub fn load() -> Result<Config, ConfigError> {
        match config_path() {
            Some(path) => Config::load_from(&path),
            None => Ok(Config::default()),
        }
    }
}
