//! A game's analysis in its save and its PGN (issue 32 item 5): kept after the moves,
//! round-tripped, refused when it does not fit the moves, absent from older files; the
//! marks exported as NAGs with the better move and its score, and skipped on import.

use rankup::game::analysis::{rule_end, Mark};
use rankup::game::{Eval, Game};
use rankup::rules::Color;
use rankup::save::{
    keep_analysis, pgn, GameMeta, KeepAnalysisError, LoadErrorKind, Player, SavedAnalysis,
    SavedGame,
};
use rankup::variants::{variant, VariantId};

/// Fool's mate, analysed by hand: g4 walks into mate in one.
fn analysed_fools_mate() -> SavedGame {
    let mut game = Game::from_start(variant(VariantId::Chess));
    for m in ["f3", "e5", "g4", "Qh4#"] {
        game.play_text(m).unwrap();
    }
    let mut saved =
        SavedGame::from_game(&game, &GameMeta::new(Player::ANONYMOUS, Player::ANONYMOUS));
    let cp = |n| Some(Eval::Centipawns(n));
    let evals = vec![
        cp(20),
        cp(-20),
        cp(-10),
        Some(Eval::Mate(-1)),
        rule_end(game.position()),
    ];
    let lines = ["e4 e5", "e5 Nc3", "e4 d5", "Qh4#", ""]
        .map(String::from)
        .to_vec();
    let movers = [Color::White, Color::Black, Color::White, Color::Black];
    let (analysis, _) = SavedAnalysis::new(8, &movers, evals, lines);
    saved.analysis = Some(analysis);
    saved
}

#[test]
fn the_marks_are_the_judgement_of_the_evaluations() {
    let saved = analysed_fools_mate();
    let marks = &saved.analysis.as_ref().unwrap().marks;
    assert_eq!(marks, &[None, None, Some(Mark::Blunder), None]);
}

#[test]
fn an_analysed_save_round_trips_with_the_analysis_after_the_moves() {
    let saved = analysed_fools_mate();
    let text = saved.to_ron();
    assert!(
        text.find("analysis:").unwrap() > text.find("moves:").unwrap(),
        "{text}"
    );
    assert!(text.contains("Blunder"), "{text}");
    let back = SavedGame::from_ron(&text, "fools.ron").unwrap();
    assert_eq!(back.version, 2);
    assert_eq!(
        back,
        SavedGame {
            version: 2,
            ..saved
        }
    );
}

/// An analysed save is format version 2, so that an older rankup (which reads only 1) says
/// "unsupported save format version 2" instead of "unknown field analysis"; a save without
/// analysis stays version 1 for every rankup; and the version-1 files with an analysis that
/// the first analysing build wrote still load.
#[test]
fn only_an_analysed_save_needs_format_version_2() {
    let saved = analysed_fools_mate();
    assert!(saved.to_ron().contains("version: 2,"));
    let mut plain = saved.clone();
    plain.analysis = None;
    let text = plain.to_ron();
    assert!(text.contains("version: 1,"), "{text}");
    assert_eq!(SavedGame::from_ron(&text, "plain.ron").unwrap().version, 1);
    let first_build = saved.to_ron().replace("version: 2,", "version: 1,");
    let back = SavedGame::from_ron(&first_build, "first.ron").unwrap();
    assert_eq!(back.analysis, saved.analysis);
    assert!(back.to_ron().contains("version: 2,"));
}

#[test]
fn a_save_without_analysis_loads_and_writes_none() {
    let mut saved = analysed_fools_mate();
    saved.analysis = None;
    let text = saved.to_ron();
    assert!(!text.contains("analysis"), "{text}");
    assert_eq!(
        SavedGame::from_ron(&text, "old.ron").unwrap().analysis,
        None
    );
}

#[test]
fn an_analysis_that_does_not_fit_the_moves_is_refused_by_name() {
    let mut saved = analysed_fools_mate();
    saved.analysis.as_mut().unwrap().marks.pop();
    let err = SavedGame::from_ron(&saved.to_ron(), "short.ron").unwrap_err();
    assert_eq!(
        err.kind,
        LoadErrorKind::AnalysisMismatch {
            list: "marks",
            len: 3,
            want: 4
        }
    );
    assert!(
        err.to_string().contains("analysis marks has 3 entries"),
        "{err}"
    );
}

#[test]
fn pgn_export_carries_nags_and_the_better_move_and_import_skips_them() {
    let saved = analysed_fools_mate();
    let text = pgn::export(&saved).replace('\n', " ");
    assert!(
        text.contains("2. g4 $4 {Blunder. e4 was best (-0.10): e4 d5} 2... Qh4#"),
        "{text}"
    );
    // Unmarked moves carry neither.
    assert!(text.contains("1. f3 e5 2."), "{text}");
    let back = pgn::import(&text).remove(0).unwrap();
    let sans: Vec<&str> = back.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
}

#[test]
fn every_mark_has_its_nag_in_the_pgn() {
    let mut saved = analysed_fools_mate();
    let analysis = saved.analysis.as_mut().unwrap();
    analysis.marks = vec![Some(Mark::Inaccuracy), Some(Mark::Mistake), None, None];
    let text = pgn::export(&saved).replace('\n', " ");
    assert!(
        text.contains("1. f3 $6 {Inaccuracy. e4 was best (+0.20): e4 e5}"),
        "{text}"
    );
    assert!(
        text.contains("1... e5 $2 {Mistake. e5 was best (-0.20): e5 Nc3}"),
        "{text}"
    );
}

#[test]
fn keeping_an_analysis_adds_it_to_the_save_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let analysed = analysed_fools_mate();
    let mut plain = analysed.clone();
    plain.analysis = None;
    let path = dir.path().join("fools.ron");
    let updated = plain.started;
    std::fs::write(&path, plain.to_ron_at(updated)).unwrap();
    let analysis = analysed.analysis.clone().unwrap();
    keep_analysis(&path, &plain.moves, &analysis).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("updated:"), "the head is kept: {text}");
    assert!(text.contains("version: 2,"), "{text}");
    assert_eq!(
        rankup::save::load(&path).unwrap(),
        SavedGame {
            version: 2,
            ..analysed
        }
    );

    // Other moves in the file (changed since review read it): left as it is.
    let err = keep_analysis(&path, &plain.moves[..3], &analysis).unwrap_err();
    assert!(matches!(err, KeepAnalysisError::OtherMoves), "{err}");
    // A PGN file reviewed is never rewritten.
    let pgn_path = dir.path().join("fools.pgn");
    std::fs::write(&pgn_path, pgn::export(&plain)).unwrap();
    let err = keep_analysis(&pgn_path, &plain.moves, &analysis).unwrap_err();
    assert!(matches!(err, KeepAnalysisError::NotASave), "{err}");
    assert_eq!(
        std::fs::read_to_string(&pgn_path).unwrap(),
        pgn::export(&plain)
    );
}
