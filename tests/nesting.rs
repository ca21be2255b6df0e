//! Deep nesting in every kind of RON file rankup reads (variant files, saves and the game
//! definitions they carry, the config, themes): refused with one short line naming the place,
//! in time and memory that grow with the file's size, not with the square of its depth.
//!
//! The sizes go up to the largest file each loader accepts; nothing here measures time or
//! memory (the real-binary table in `tests/hostile_files.rs` puts generous ceilings on both):
//! a quadratic loader would not finish these in any reasonable time.

use rankup::config::Config;
use rankup::save::SavedGame;
use rankup::ui::theme::Theme;
use rankup::variants::{content_hash, file};

/// Nests of growing depth, each of one shape: opened and closed, only opened, and closed
/// around a value, in the three kinds of brackets, plus `Union([` nests.
fn nests() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for depth in [33, 1_000, 6_000, 100_000] {
        for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] {
            out.push((
                format!("{open}x{depth} closed"),
                format!("{}{}", open.repeat(depth), close.repeat(depth)),
            ));
            out.push((format!("{open}x{depth} open"), open.repeat(depth)));
        }
        out.push((
            format!("Union x{depth}"),
            format!(
                "{}Betza(\"K\"){}",
                "Union([".repeat(depth),
                "])".repeat(depth)
            ),
        ));
    }
    out
}

/// A one-line message of at most a few hundred characters.
fn short_line(what: &str, message: &str) {
    assert!(!message.contains('\n'), "{what}: {message:?}");
    assert!(
        message.len() < 400,
        "{what}: {} bytes: {message}",
        message.len()
    );
}

/// A variant file with `nest` as the movement of its only piece.
fn variant_text(nest: &str) -> String {
    format!(
        "(id: \"deep\", name: \"Deep\", files: 8, ranks: 8, \
         pieces: [(name: \"King\", letter: 'K', royal: true, movement: {nest})], \
         start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\")"
    )
}

#[test]
fn variant_files_refuse_deep_nesting_in_one_line() {
    for (what, nest) in nests() {
        for text in [nest.clone(), variant_text(&nest)] {
            if text.len() > file::MAX_FILE_BYTES {
                continue;
            }
            let err = file::compile(&text, "deep.ron").expect_err(&what);
            let message = err.to_string();
            short_line(&what, &message);
            assert!(message.starts_with("deep.ron:1:"), "{what}: {message}");
        }
    }
    // Within the limit, nesting is fine: a Union of a Union.
    let ok = variant_text("Union([Union([Betza(\"K\")]), Betza(\"W\")])");
    file::compile(&ok, "ok.ron").expect("two levels of Union load");
}

#[test]
fn a_deeply_nested_variant_is_named_by_the_limit() {
    let text = variant_text(&format!(
        "{}Betza(\"K\"){}",
        "Union([".repeat(40),
        "])".repeat(40)
    ));
    let message = file::compile(&text, "deep.ron").unwrap_err().to_string();
    assert!(
        message.contains("nested more than 32 levels deep"),
        "{message}"
    );
    // The path is cut in the middle, never kilobytes long.
    assert!(message.contains("pieces[0].movement[0]"), "{message}");
    assert!(message.contains("..."), "{message}");
}

/// A save of a player's game whose embedded definition is `definition`, with its true hash.
fn save_carrying(definition: &str) -> String {
    let escaped = definition.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "#![enable(implicit_some)]\n(\n    version: 1,\n    variant: \"deep\",\n    \
         variant_hash: \"{}\",\n    variant_file: \"{escaped}\",\n    \
         start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",\n    \
         players: (white: Human(name: None), black: Human(name: None)),\n    \
         result: \"*\",\n    started: \"2025-06-01T18:30:00Z\",\n    moves: [],\n)\n",
        content_hash(definition)
    )
}

#[test]
fn saves_refuse_deep_nesting_in_one_line() {
    for (what, nest) in nests() {
        // The nest as the save itself, inside a move, and as the game the save carries.
        let in_move = format!(
            "#![enable(implicit_some)]\n(version: 1, variant: \"chess\", \
             start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", \
             players: (white: Human(name: None), black: Human(name: None)), result: \"*\", \
             started: \"2025-06-01T18:30:00Z\", moves: [(token: \"e2e4\", san: \"e4\", \
             eval: {nest})])"
        );
        for text in [nest.clone(), in_move, save_carrying(&variant_text(&nest))] {
            let err = SavedGame::from_ron(&text, "deep.ron").expect_err(&what);
            short_line(&what, &err.to_string());
        }
    }
}

#[test]
fn config_and_themes_refuse_deep_nesting_in_one_line() {
    for (what, nest) in nests() {
        for text in [nest.clone(), format!("(theme: {nest})")] {
            let message = Config::parse(&text, "config.ron").unwrap_err().to_string();
            short_line(&what, &message);
            let message = Theme::parse(&text, "t.ron").unwrap_err().to_string();
            short_line(&what, &message);
        }
    }
}
