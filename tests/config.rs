//! The config file: parsing, errors naming the line, a missing file, the README example,
//! and the binary reading it (with command-line flags winning).

use std::fs;
use std::path::{Path, PathBuf};

use rankup::ai::Level;
use rankup::config::{Config, ConfigError, GlyphMode};
use rankup::ui::theme::{Theme, ThemeError};

mod common;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rankup-config-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_field_is_optional() {
    assert_eq!(Config::parse("()", "c.ron").unwrap(), Config::default());
    let full = Config::parse(
        "(theme: \"light\", glyphs: Unicode, ai_level: 6, mouse: true, bell: false, ponder: false)",
        "c.ron",
    )
    .unwrap();
    assert_eq!(
        full,
        Config {
            theme: Some("light".into()),
            glyphs: Some(GlyphMode::Unicode),
            // A bare number is the old six-level scale: its 6 is the ladder's top.
            ai_level: Level::new(8),
            mouse: Some(true),
            bell: Some(false),
            ponder: Some(false),
        }
    );
    // A level of the ladder is text: a number or a name.
    for (text, level) in [
        ("\"6\"", 6),
        ("\"strong\"", 5),
        ("Some(\"2\")", 2),
        ("1", 1),
        ("4", 8),
    ] {
        let config = Config::parse(&format!("(ai_level: {text})"), "c.ron").unwrap();
        assert_eq!(config.ai_level, Level::new(level), "{text}");
    }
    // `Some(...)` is accepted as well as the bare value.
    let explicit = Config::parse("(theme: Some(\"light\"), mouse: None)", "c.ron").unwrap();
    assert_eq!(explicit.theme.as_deref(), Some("light"));
    assert_eq!(explicit.mouse, None);
}

#[test]
fn unknown_fields_and_bad_values_name_the_file_and_line() {
    for (text, line, needle) in [
        (
            "(\n    theme: \"light\",\n    colour: \"red\",\n)",
            3,
            "unknown field 'colour'",
        ),
        ("(\n    ai_level: 9,\n)", 2, "AI level 9"),
        ("(\n    glyphs: Emoji,\n)", 2, "Emoji"),
        ("(\n    mouse: yes,\n)", 2, ""),
    ] {
        let err = Config::parse(text, "my/config.ron").unwrap_err();
        let ConfigError::Parse { line: l, .. } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(*l, line, "{text}: {err}");
        let msg = err.to_string();
        assert!(msg.starts_with("config my/config.ron, line"), "{msg}");
        assert!(msg.contains(needle), "{msg}");
    }
}

#[test]
fn a_missing_file_is_the_empty_config() {
    let dir = temp_dir("missing");
    assert_eq!(
        Config::load_from(&dir.join("config.ron")).unwrap(),
        Config::default()
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_example_parses() {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme
        .split("### Config file")
        .nth(1)
        .expect("README has a Config file section");
    let example = section
        .split("```ron\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("with a RON example");
    let config = Config::parse(example, "README").unwrap();
    assert_eq!(config.glyphs, Some(GlyphMode::Ascii));
    assert_eq!(config.ai_level, Level::new(3));
    assert_eq!(config.ai_level.map(|l| l.elo()), Some(1250));
}

/// Runs `rankup play chess` (no terminal here, so the app itself cannot start) with the
/// config directory at `dir`; returns the one-line error.
fn play_error(dir: &Path, extra: &[&str]) -> String {
    let out = common::rankup()
        .args(extra)
        .args(["play", "chess"])
        .env("RANKUP_CONFIG_DIR", dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn the_binary_reads_the_config_and_flags_override_it() {
    let dir = temp_dir("binary");
    fs::write(
        dir.join("config.ron"),
        "(\n    theme: \"light\",\n    mouse: flase,\n)\n",
    )
    .unwrap();
    let err = play_error(&dir, &[]);
    assert!(err.contains("config.ron, line 3"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    // The config's theme is used...
    fs::write(dir.join("config.ron"), "(theme: \"no-such-theme\")").unwrap();
    let err = play_error(&dir, &[]);
    assert!(err.contains("unknown theme 'no-such-theme'"), "{err}");
    // ...unless --theme names another (then only the missing terminal stops the app).
    let err = play_error(&dir, &["--theme", "light"]);
    assert!(!err.contains("theme"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A byte-order mark (Windows editors write one) and a file of nothing but blanks or
/// comments are accepted, in the config file and in themes.
#[test]
fn byte_order_marks_and_empty_files() {
    for text in [
        "",
        "  \n\t\n",
        "// nothing set yet\n",
        "/* none */ // at all",
        "\u{feff}",
    ] {
        assert_eq!(
            Config::parse(text, "c.ron").unwrap(),
            Config::default(),
            "{text:?}"
        );
        assert_eq!(
            Theme::parse(text, "t.ron").unwrap(),
            Theme::default(),
            "{text:?}"
        );
    }
    let config = Config::parse("\u{feff}(theme: \"light\")", "c.ron").unwrap();
    assert_eq!(config.theme.as_deref(), Some("light"));
    let theme = Theme::parse("\u{feff}(name: \"mine\")", "t.ron").unwrap();
    assert_eq!(theme.name, "mine");
    // An unclosed comment is still an error, as is text that is not a config.
    assert!(Config::parse("/* open", "c.ron").is_err());
    assert!(Config::parse("x", "c.ron").is_err());
}

/// A bad colour names its field and the forms a colour takes (ratatui's own message said
/// only "Failed to parse Colors").
#[test]
fn bad_theme_colours_name_the_field() {
    for (text, line, field, value) in [
        ("(\n  text: \"#12345\",\n)", 2, "text", "'#12345'"),
        (
            "(\n  name: \"x\",\n  dark_square: \"purplish\",\n)",
            3,
            "dark_square",
            "'purplish'",
        ),
        (
            "(\n  white_ramp: [\"#ffffff\", \"nope\"],\n)",
            2,
            "white_ramp",
            "'nope'",
        ),
        ("(\n  check: 5,\n)", 2, "check", ""),
    ] {
        let err = Theme::parse(text, "t.ron").unwrap_err();
        let ThemeError::Parse { line: l, .. } = &err else {
            panic!("{err:?}")
        };
        let msg = err.to_string();
        assert_eq!(*l, line, "{msg}");
        assert!(msg.contains(field) && msg.contains(value), "{msg}");
        assert!(
            msg.contains("#rrggbb") && msg.contains("LightMagenta"),
            "{msg}"
        );
        assert!(msg.len() < 500, "{msg}");
    }
    // Every form the message names parses.
    let t = Theme::parse(
        "(text: \"#a0b0c0\", dim: \"245\", accent: \"LightMagenta\", border: \"dark-gray\")",
        "t.ron",
    )
    .unwrap();
    assert_eq!(t.dim, ratatui::style::Color::Indexed(245));
    // A long bad value is quoted short.
    let long = format!("(text: \"{}\")", "z".repeat(100_000));
    let msg = Theme::parse(&long, "t.ron").unwrap_err().to_string();
    assert!(msg.len() < 600 && msg.contains("zzz..."), "{msg}");
}

/// Config and theme files are read with a size bound: an endless or huge file is an error
/// naming the file and the limit, not a program that grows without end.
#[test]
fn config_and_theme_files_have_a_size_limit() {
    let dir = temp_dir("large");
    let big = dir.join("config.ron");
    let mut text = String::from("(theme: \"light\")\n");
    text.push_str(&"// padding\n".repeat(200_000));
    fs::write(&big, &text).unwrap();
    let err = Config::load_from(&big).unwrap_err().to_string();
    assert!(err.contains("config.ron") && err.contains("1 MiB"), "{err}");
    let err = Theme::load(big.to_str().unwrap()).unwrap_err().to_string();
    assert!(err.contains("config.ron") && err.contains("1 MiB"), "{err}");
    // Through the binary, a device that never ends is not a theme or a config file at all:
    // one line saying what it is, exit code 2.
    #[cfg(unix)]
    {
        let err = play_error(&temp_dir("zero"), &["--theme", "/dev/zero"]);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("/dev/zero") && err.contains("not a regular file: a device"),
            "{err}"
        );
        let cfg = temp_dir("zero-config");
        std::os::unix::fs::symlink("/dev/zero", cfg.join("config.ron")).unwrap();
        let err = play_error(&cfg, &[]);
        assert!(
            err.contains("config.ron") && err.contains("not a regular file: a device"),
            "{err}"
        );
        fs::remove_dir_all(&cfg).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}
