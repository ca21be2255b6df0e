//! Puzzle sets: the loader's errors name the file, line, puzzle and field; a set written by
//! the miner reads back; the miner is deterministic for a seed; the shipped sets load and a
//! sample of each (20 per game) is solved first by the confirming search; playing a puzzle
//! and rating it.

use std::sync::atomic::AtomicBool;

use rankup::notation::coord;
use rankup::puzzles::mine::{self, MineConfig};
use rankup::puzzles::{self, Attempt, PuzzleErrorKind, Record, Reply, Theme};
use rankup::variants::{variant, VariantId};

/// A set of one chess puzzle: Black's Qh4 after White's f3 and g4 is mate.
fn one(line: &str, themes: &str, extra: &str) -> String {
    format!(
        r#"// hand-made
(
    game: "chess",
    made: (command: "by hand", seed: 0, games: 0, play_nodes: 0, scan_depth: 0, confirm_depth: 0),
    puzzles: [
        (id: "fool", position: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", last: "g2g4", line: [{line}], themes: [{themes}], rating: 600, game: 0, ply: 3),{extra}
    ],
)
"#
    )
}

#[test]
fn a_hand_made_set_loads_with_its_puzzle() {
    let set = puzzles::load(&one(r#""d8h4""#, "MateIn(1)", ""), "fool.ron").unwrap();
    assert_eq!(set.game, VariantId::Chess);
    let p = &set.puzzles[0];
    assert_eq!(p.themes, [Theme::MateIn(1)]);
    assert_eq!(coord::format(variant(VariantId::Chess), &p.last), "g2g4");
    assert_eq!(p.solver_moves(), 1);
    // Written and read back: the same set.
    let text = puzzles::to_ron(&set);
    assert!(text.starts_with("// 1 puzzles of chess"), "{text}");
    assert_eq!(puzzles::load(&text, "again.ron").unwrap(), set);
}

/// A broken file, the field its error names, and what the error must be.
type Case = (String, &'static str, fn(&PuzzleErrorKind) -> bool);

#[test]
fn loader_errors_name_the_puzzle_and_the_field() {
    let cases: [Case; 6] = [
        (one(r#""d8h5""#, "", ""), "puzzles[0].line[0]", |k| {
            matches!(k, PuzzleErrorKind::Move(_))
        }),
        (one(r#""d8h4""#, "Promotion", ""), "puzzles[0].themes", |k| {
            matches!(k, PuzzleErrorKind::Theme(_))
        }),
        (one(r#""d8h4", "e1e2""#, "", ""), "puzzles[0].line", |k| {
            matches!(k, PuzzleErrorKind::Invalid(_))
        }),
        (
            one(r#""d8h4""#, "", "\n        (id: \"fool\", position: \"8/8/8/8/8/8/8/8 w - - 0 1\", last: \"a1a2\", line: [\"a2a3\"], themes: [], rating: 600, game: 0, ply: 1),"),
            "puzzles[1].position",
            |k| matches!(k, PuzzleErrorKind::Position(_)),
        ),
        (
            one(r#""d8h4""#, "", "").replace("rating: 600", "rating: 9000"),
            "puzzles[0].rating",
            |k| matches!(k, PuzzleErrorKind::Invalid(_)),
        ),
        (
            one(r#""d8h4""#, "", "").replace("\"chess\"", "\"checkers\""),
            "game",
            |k| matches!(k, PuzzleErrorKind::UnknownGame(_)),
        ),
    ];
    for (text, field, kind) in cases {
        let e = puzzles::load(&text, "bad.ron").unwrap_err();
        assert_eq!(e.field, field, "{e}");
        assert!(kind(&e.kind), "{e}");
        assert!(e.to_string().starts_with("bad.ron:"), "{e}");
        assert!(e.line > 1, "{e}");
        if field.starts_with("puzzles[0]") {
            assert_eq!(e.puzzle, Some((1, "fool".to_string())), "{e}");
        }
    }
    // Two puzzles with one id.
    let twice = one(
        r#""d8h4""#,
        "",
        "\n        (id: \"fool\", position: \"rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2\", last: \"g2g4\", line: [\"d8h4\"], themes: [], rating: 600, game: 0, ply: 3),",
    );
    let e = puzzles::load(&twice, "twice.ron").unwrap_err();
    assert!(matches!(*e.kind, PuzzleErrorKind::Duplicate(_)), "{e}");
    assert_eq!(e.puzzle, Some((2, "fool".to_string())));
    // Not RON at all, and a set of another game.
    let e = puzzles::load("(game: ", "cut.ron").unwrap_err();
    assert!(matches!(*e.kind, PuzzleErrorKind::Syntax(_)), "{e}");
    let text = one(r#""d8h4""#, "", "");
    let e = puzzles::load_for(&text, "other.ron", VariantId::Veteran).unwrap_err();
    assert!(matches!(*e.kind, PuzzleErrorKind::OtherGame { .. }), "{e}");
}

#[test]
fn the_miner_is_deterministic_for_a_seed_and_its_lines_check() {
    // Seed 2: nine games that give puzzles with the built-in network (seed 1's give none).
    let config = MineConfig::new(VariantId::Chess, 9, 2);
    let stop = AtomicBool::new(false);
    let mut told = 0;
    let first = mine::mine(&config, &stop, &mut |p| {
        if let mine::Progress::Found(_) = p {
            told += 1;
        }
    });
    let second = mine::mine(&config, &stop, &mut |_| {});
    assert!(!first.is_empty(), "nine games give at least one puzzle");
    assert_eq!(told, first.len());
    assert_eq!(first, second);
    for p in &first {
        assert_eq!(mine::verify(p, config.confirm_depth), Ok(()), "{}", p.id);
        assert!(p.line.len() % 2 == 1 && !p.themes.is_empty(), "{}", p.id);
        assert!(p.id.starts_with("chess-2-"), "{}", p.id);
    }
    // Another seed, other games.
    let other = mine::mine(&MineConfig::new(VariantId::Chess, 9, 3), &stop, &mut |_| {});
    assert_ne!(first, other);
    // Stopped before it starts: nothing, at once.
    let stopped = AtomicBool::new(true);
    assert!(mine::mine(&config, &stopped, &mut |_| {}).is_empty());
}

/// Up to `n` puzzles of each shipped set, spread evenly, checked by the confirming search.
fn check_shipped(n: usize) {
    let games = puzzles::builtin_games();
    assert!(!games.is_empty());
    for game in games {
        let set = puzzles::builtin(game)
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!set.puzzles.is_empty(), "{game}");
        assert!(set.made.confirm_depth > set.made.scan_depth, "{game}");
        let step = (set.puzzles.len() / n.max(1)).max(1);
        for p in set.puzzles.iter().step_by(step).take(n) {
            assert!(p.start().outcome().is_none(), "{}", p.id);
            assert_eq!(
                mine::verify(p, set.made.confirm_depth),
                Ok(()),
                "{}: the line is not what depth {} finds first",
                p.id,
                set.made.confirm_depth
            );
        }
    }
}

#[test]
fn shipped_sets_load_and_a_sample_is_solved_first_by_a_deeper_search() {
    check_shipped(20);
}

#[test]
#[ignore = "slow: searches every puzzle of every shipped set (`cargo test -- --ignored`)"]
fn every_shipped_puzzle_is_solved_first_by_a_deeper_search() {
    check_shipped(usize::MAX);
}

#[test]
fn every_file_in_data_puzzles_is_shipped() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let id = name.strip_suffix(".ron").expect("only .ron files");
        let game: VariantId = id.parse().unwrap();
        assert!(
            puzzles::builtin_source(game).is_some(),
            "{name} is not compiled in"
        );
    }
}

#[test]
fn an_attempt_takes_the_line_and_refuses_other_moves() {
    let text = one(r#""d8h4""#, "MateIn(1)", "");
    let set = puzzles::load(&text, "fool.ron").unwrap();
    let p = &set.puzzles[0];
    let mut a = Attempt::new(p);
    assert_eq!(a.last_move(), p.last);
    let wrong = coord::parse(a.position(), "d8g5").unwrap();
    assert_eq!(a.play(wrong), Reply::Wrong);
    assert_eq!(a.mistakes(), 1);
    assert_eq!(a.position(), &p.start(), "the board is back");
    assert_eq!(a.play(p.line[0]), Reply::Solved);
    assert!(a.solved());
}

#[test]
fn a_longer_line_plays_the_opponent_s_reply() {
    // Back-rank: Rd8+ Rxd8 Rxd8#.
    let text = r#"(
    game: "chess",
    made: (command: "by hand", seed: 0, games: 0, play_nodes: 0, scan_depth: 0, confirm_depth: 0),
    puzzles: [
        (id: "back-rank", position: "2r3k1/p4ppp/8/8/8/8/3R1PPP/3R2K1 b - - 0 1", last: "a7a6", line: ["d2d8", "c8d8", "d1d8"], themes: [MateIn(2)], rating: 1000, game: 0, ply: 0),
    ],
)"#;
    let set = puzzles::load(text, "back.ron").unwrap();
    let p = &set.puzzles[0];
    let mut a = Attempt::new(p);
    assert_eq!(a.play(p.line[0]), Reply::Right(p.line[1]));
    assert_eq!(a.progress(), (1, 2));
    assert_eq!(a.play(p.line[2]), Reply::Solved);
}

#[test]
fn the_record_rates_player_and_puzzle_and_keeps_streaks() {
    let text = one(r#""d8h4""#, "MateIn(1)", "");
    let set = puzzles::load(&text, "fool.ron").unwrap();
    let p = &set.puzzles[0];
    let mut record = Record::default();
    assert_eq!(record.next(&set, None).map(|x| &x.id), Some(&p.id));
    assert!(record.next(&set, Some("promotion")).is_none());
    let rated = record
        .result("chess", p, true)
        .expect("rated the first time");
    assert!(rated.player.1.rating > rated.player.0.rating);
    assert!(rated.puzzle.1.rating < rated.puzzle.0.rating);
    assert_eq!(record.game("chess").streak, 1);
    assert!(record.played(&p.id) && record.solved(&p.id));
    assert_eq!(record.result("chess", p, false), None, "played before");
    assert!(record.next(&set, None).is_none());
    // Kept and read back.
    let again = Record::parse(&record.to_ron()).unwrap();
    assert_eq!(again, record);
    assert!(Record::parse("(games: 3)").is_err());
    let bad =
        r#"(games: {"chess": (rating: (1500.0, 900.0, 0.06, 0), streak: 0, best_streak: 0)})"#;
    let e = Record::parse(bad).unwrap_err();
    assert!(e.contains("chess") && e.contains("deviation"), "{e}");
}
