//! Orthodox chess: notation (SAN and coordinate tokens), game end and position-string
//! errors, each case checked by hand against README's "Rules", "Move tokens" and
//! "Position strings".

use rankup::game::{Game, PlayError};
use rankup::notation::{self, coord, san, CoordError, MoveInputError, SanError};
use rankup::rules::{
    CastlingProblem, Color, EndReason, FenError, MoveKind, Outcome, Position, PositionError, Square,
};
use rankup::variants::{variant, VariantId};

fn chess(fen: &str) -> Position {
    Position::from_fen(variant(VariantId::Chess), fen)
        .unwrap_or_else(|e| panic!("test position '{fen}' rejected: {e}"))
}

/// The SAN of the move named by `token`.
fn san_of(fen: &str, token: &str) -> String {
    let p = chess(fen);
    let m = coord::parse(&p, token).unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    san::format(&p, &m)
}

/// The token of the move named by the SAN `text`.
fn token_of(fen: &str, text: &str) -> String {
    let p = chess(fen);
    let m = san::parse(&p, text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
    coord::format(p.variant(), &m)
}

fn after(fen: &str, token: &str) -> String {
    let mut p = chess(fen);
    let m = coord::parse(&p, token).unwrap_or_else(|e| panic!("{token} in {fen}: {e}"));
    p.make(m);
    p.fen()
}

fn game(fen: &str) -> Game {
    Game::new(chess(fen))
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for text in moves {
        let before = g.position().fen();
        if let Err(e) = g.play_text(text) {
            panic!("{text} in '{before}': {e}");
        }
    }
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

// ---------------------------------------------------------------------------------------
// SAN
// ---------------------------------------------------------------------------------------

#[test]
fn san_disambiguation_by_file() {
    // Knights b1 and f3 both reach d2.
    let fen = "rnbqkbnr/pppppppp/8/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(san_of(fen, "b1d2"), "Nbd2");
    assert_eq!(san_of(fen, "f3d2"), "Nfd2");
    assert_eq!(san_of(fen, "b1c3"), "Nc3");
    assert_eq!(token_of(fen, "Nbd2"), "b1d2");
    assert_eq!(token_of(fen, "Nfd2"), "f3d2");
    // The same with a capture on d2.
    let fen = "4k3/8/8/8/8/5N2/3p4/1N2K3 w - - 0 1";
    assert_eq!(san_of(fen, "b1d2"), "Nbxd2");
    assert_eq!(san_of(fen, "f3d2"), "Nfxd2");
}

#[test]
fn san_disambiguation_by_rank() {
    // Rooks a1 and a5 both reach a3.
    let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(fen, "a1a3"), "R1a3");
    assert_eq!(san_of(fen, "a5a3"), "R5a3");
    assert_eq!(san_of(fen, "a5h5"), "Rh5");
    assert_eq!(token_of(fen, "R1a3"), "a1a3");
    assert_eq!(token_of(fen, "R5a3"), "a5a3");
}

#[test]
fn san_disambiguation_by_file_and_rank() {
    // Queens a1, c1 and a3 all reach b2: a1 shares its file with a3 and its rank with c1.
    let fen = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    assert_eq!(san_of(fen, "a1b2"), "Qa1b2");
    assert_eq!(san_of(fen, "c1b2"), "Qcb2");
    assert_eq!(san_of(fen, "a3b2"), "Q3b2");
    assert_eq!(token_of(fen, "Qa1b2"), "a1b2");
    assert_eq!(token_of(fen, "Qcb2"), "c1b2");
    assert_eq!(token_of(fen, "Q3b2"), "a3b2");
    // Without disambiguation the move is ambiguous, and the error lists the candidates.
    let p = chess(fen);
    match san::parse(&p, "Qb2") {
        Err(SanError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "Qb2");
            let mut c = candidates.clone();
            c.sort();
            assert_eq!(c, ["Q3b2", "Qa1b2", "Qcb2"]);
        }
        other => panic!("expected an ambiguity, got {other:?}"),
    }
}

#[test]
fn san_en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(san_of(fen, "e5d6"), "exd6");
    let p = chess(fen);
    let m = san::parse(&p, "exd6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert!(m.is_capture());
    assert_eq!(after(fen, "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    // The same reached by play.
    let mut g = Game::from_start(variant(VariantId::Chess));
    play_all(&mut g, &["e4", "a6", "e5", "d5"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let played = g.play_text("exd6").unwrap();
    assert_eq!(played.san, "exd6");
    assert_eq!(played.token, "e5d6");
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
}

#[test]
fn san_castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(fen, "e1g1"), "O-O");
    assert_eq!(san_of(fen, "e1c1"), "O-O-O");
    assert_eq!(token_of(fen, "O-O"), "e1g1");
    assert_eq!(token_of(fen, "O-O-O"), "e1c1");
    assert_eq!(token_of(fen, "0-0"), "e1g1");
    assert_eq!(token_of(fen, "0-0-0"), "e1c1");
    assert_eq!(after(fen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_eq!(after(fen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(san_of(black, "e8g8"), "O-O");
    assert_eq!(san_of(black, "e8c8"), "O-O-O");
    assert_eq!(after(black, "e8c8"), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
}

#[test]
fn san_promotion_with_check() {
    // The new piece on e8 checks the King on a4 along the diagonal.
    let fen = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(fen, "e7e8=q"), "e8=Q+");
    assert_eq!(san_of(fen, "e7e8=r"), "e8=R");
    assert_eq!(san_of(fen, "e7e8=b"), "e8=B+");
    assert_eq!(san_of(fen, "e7e8=n"), "e8=N");
    assert_eq!(token_of(fen, "e8=Q+"), "e7e8=q");
    assert_eq!(token_of(fen, "e8=Q"), "e7e8=q");
    assert_eq!(token_of(fen, "e8=N"), "e7e8=n");
    // Without a choice the SAN is ambiguous.
    assert!(matches!(
        san::parse(&chess(fen), "e8"),
        Err(SanError::Ambiguous { .. })
    ));
    assert_eq!(after(fen, "e7e8=q"), "4Q3/8/8/8/k7/8/8/4K3 b - - 0 1");
}

#[test]
fn san_checkmate_mark() {
    let mut g = Game::from_start(variant(VariantId::Chess));
    play_all(&mut g, &["f3", "e5", "g4"]);
    let played = g.play_text("Qh4").unwrap();
    assert_eq!(played.san, "Qh4#");
    assert_eq!(played.token, "d8h4");
    // Back-rank mate.
    assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
    // A check that is not mate.
    assert_eq!(san_of("6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
}

#[test]
fn san_errors_quote_the_input() {
    let p = Position::start(variant(VariantId::Chess));
    let e = san::parse(&p, "Nf5").unwrap_err();
    assert!(matches!(e, SanError::Illegal(_)), "{e:?}");
    assert!(e.to_string().contains("Nf5"), "{e}");
    let e = san::parse(&p, "Zz").unwrap_err();
    assert!(e.to_string().contains("Zz"), "{e}");
}

// ---------------------------------------------------------------------------------------
// Coordinate tokens
// ---------------------------------------------------------------------------------------

#[test]
fn coordinate_promotion_forms() {
    let fen = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    let p = chess(fen);
    let v = p.variant();
    let queen = coord::parse(&p, "e7e8=q").unwrap();
    assert_eq!(v.piece(queen.promotion.unwrap()).letter, 'Q');
    assert_eq!(coord::format(v, &queen), "e7e8=q");
    // The UCI form and upper case name the same move.
    for text in ["e7e8q", "e7e8=Q", "E7E8=Q", "e7e8Q", " e7e8=q "] {
        assert_eq!(coord::parse(&p, text), Ok(queen), "{text}");
    }
    let knight = coord::parse(&p, "e7e8n").unwrap();
    assert_eq!(coord::format(v, &knight), "e7e8=n");
    // Four distinct promotion moves, no plain one.
    let tokens: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == queen.from)
        .map(|m| coord::format(v, m))
        .collect();
    let mut sorted = tokens.clone();
    sorted.sort();
    assert_eq!(sorted, ["e7e8=b", "e7e8=n", "e7e8=q", "e7e8=r"]);
    // Typed input: a token, so parse_move reads it as one.
    assert_eq!(notation::parse_move(&p, "e7e8=q"), Ok(queen));
    assert_eq!(notation::parse_move(&p, "e8=Q+"), Ok(queen));
}

#[test]
fn coordinate_errors() {
    let fen = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    let p = chess(fen);
    // No promotion choice.
    let e = coord::parse(&p, "e7e8").unwrap_err();
    assert_eq!(e, CoordError::NeedsChoice("e7e8".into()));
    assert!(e.to_string().contains("e7e8"), "{e}");
    // Not a promotion type.
    let e = coord::parse(&p, "e7e8=k").unwrap_err();
    assert!(matches!(e, CoordError::BadPromotion(_)), "{e:?}");
    assert!(e.to_string().contains("e7e8=k"), "{e}");
    // Illegal moves name the token.
    let start = Position::start(variant(VariantId::Chess));
    for token in ["e2e5", "e1e2", "a7a6", "g1g3"] {
        let e = coord::parse(&start, token).unwrap_err();
        assert_eq!(e, CoordError::Illegal(token.into()));
        assert!(e.to_string().contains(token), "{e}");
    }
    // Not a token at all.
    let e = coord::parse(&start, "e2-e4").unwrap_err();
    assert!(matches!(e, CoordError::Syntax(_)), "{e:?}");
    assert!(e.to_string().contains("e2-e4"), "{e}");
    // Through the dispatcher: a token error stays a token error.
    assert!(matches!(
        notation::parse_move(&start, "e2e5"),
        Err(MoveInputError::Coord(CoordError::Illegal(_)))
    ));
    // A promotion letter on a move that is no promotion.
    assert!(coord::parse(&start, "e2e4=q").is_err());
    // The `^` of an Upgrade King capture on a chess move: said so, with no `^b1^b1`
    // suggestion.
    for token in ["e2e4^b1", "g1f3^e1"] {
        let e = coord::parse(&start, token).unwrap_err();
        assert_eq!(e, CoordError::NoRecipient(token.into()));
        let msg = e.to_string();
        assert!(
            msg.contains("passes no level") && !msg.contains("^b1^"),
            "{msg}"
        );
    }
    // A long token is quoted short.
    let long = format!("e2e4{}", "q".repeat(10_000));
    let msg = coord::parse(&start, &long).unwrap_err().to_string();
    assert!(msg.len() < 160 && msg.contains("..."), "{msg}");
    let msg = notation::parse_move(&start, &"Q".repeat(10_000))
        .unwrap_err()
        .to_string();
    assert!(msg.len() < 160 && msg.contains("..."), "{msg}");
}

#[test]
fn coordinate_tokens_of_special_moves() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let p = chess(fen);
    let m = coord::parse(&p, "e1g1").unwrap();
    assert!(m.is_castle());
    assert_eq!(coord::format(p.variant(), &m), "e1g1");
    let p = chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = coord::parse(&p, "e5d6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
}

// ---------------------------------------------------------------------------------------
// The end of the game
// ---------------------------------------------------------------------------------------

#[test]
fn fools_mate_black_wins() {
    let mut g = Game::from_start(variant(VariantId::Chess));
    play_all(&mut g, &["f3", "e5", "g4"]);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &["Qh4#"]);
    let o = g.outcome().expect("the game is over");
    assert_eq!(
        o,
        Outcome::Decisive {
            winner: Color::Black,
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(o.winner(), Some(Color::Black));
    assert_eq!(o.result_text(), "0-1");
    assert_eq!(g.position().outcome(), Some(o));
    assert!(g.position().is_check());
    assert!(g.position().legal_moves().is_empty());
    assert!(matches!(g.play_text("a3"), Err(PlayError::GameOver(_))));
    // Taking the mate back reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
    assert!(!g.position().is_check());
    // Reached by a move.
    let mut g = game("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    let played = g.play_text("Qf7").unwrap();
    assert_eq!(played.san, "Qf7");
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
    assert_eq!(g.outcome().unwrap().result_text(), "1/2-1/2");
}

#[test]
fn threefold_repetition_by_knight_shuffles() {
    let mut g = Game::from_start(variant(VariantId::Chess));
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut g, &shuffle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &shuffle[..3]);
    assert_eq!(
        g.outcome(),
        None,
        "seven plies: the start has occurred twice"
    );
    play_all(&mut g, &shuffle[3..]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    assert!(matches!(g.play_text("e4"), Err(PlayError::GameOver(_))));
}

#[test]
fn repetition_compares_side_to_move_and_only_a_usable_ep_right() {
    // Same placement, other side to move: a different position.
    let w = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let b = chess("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_ne!(w.repetition_key(), b.repetition_key());
    // An e.p. square nobody can use does not count ...
    let ep = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let no_ep = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(ep.hash(), no_ep.hash());
    assert_eq!(ep.repetition_key(), no_ep.repetition_key());
    // ... one that a legal e.p. capture can use does.
    let ep = chess("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let no_ep = chess("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(ep.repetition_key(), no_ep.repetition_key());

    // In a game: 1.e4 leaves an unusable e.p. square, so the position after 1.e4 recurs
    // after 3.Ng1 and 5.Ng1.
    let mut g = Game::from_start(variant(VariantId::Chess));
    play_all(&mut g, &["e4", "Nf6", "Nf3", "Ng8", "Ng1"]);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &["Nf6", "Nf3", "Ng8"]);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &["Ng1"]);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));

    // With a usable e.p. capture the first occurrence is a different position.
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play_all(&mut g, &["e4", "Kd7", "Kd1", "Ke8", "Ke1"]);
    assert_eq!(g.repetitions(), 1, "after 1.e4 Black could capture e.p.");
    play_all(&mut g, &["Kd7", "Kd1", "Ke8", "Ke1"]);
    assert_eq!(
        g.repetitions(),
        2,
        "the third occurrence of the placement is the second"
    );
    assert_eq!(g.outcome(), None);
    // The position after 1...Kd7 (no e.p. square) occurs for the third time.
    play_all(&mut g, &["Kd7"]);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
}

#[test]
fn fifty_move_rule() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
    assert_eq!(chess(fen).outcome(), draw(EndReason::FiftyMoves));
    assert_eq!(game(fen).outcome(), draw(EndReason::FiftyMoves));
    // The 100th quiet ply ends the game.
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.outcome(), None);
    g.play_text("Ra2").unwrap();
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(g.outcome(), draw(EndReason::FiftyMoves));
    // A Pawn move resets the count.
    let mut g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    g.play_text("e3").unwrap();
    assert_eq!(g.position().halfmoves(), 0);
    assert_eq!(g.outcome(), None);
    // So does a capture.
    let mut g = game("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    g.play_text("Rxa2").unwrap();
    assert_eq!(g.position().halfmoves(), 0);
    // Checkmate on the 100th ply counts as checkmate.
    let mut g = game("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
    g.play_text("Ra8#").unwrap();
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn insufficient_material() {
    let dead = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", EndReason::BareKings),
        (
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
            EndReason::InsufficientMaterial,
        ),
        (
            "4k3/8/8/8/8/8/8/4KB2 b - - 0 1",
            EndReason::InsufficientMaterial,
        ),
        (
            "4k1n1/8/8/8/8/8/8/4K3 w - - 0 1",
            EndReason::InsufficientMaterial,
        ),
        // Bishops c1 and f8: both on dark squares.
        (
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            EndReason::InsufficientMaterial,
        ),
        // Bishops b1 and g8: both on light squares.
        (
            "4k1b1/8/8/8/8/8/8/1B2K3 w - - 0 1",
            EndReason::InsufficientMaterial,
        ),
    ];
    for (fen, reason) in dead {
        assert_eq!(chess(fen).outcome(), draw(reason), "{fen}");
        assert_eq!(game(fen).outcome(), draw(reason), "{fen}");
    }
    let alive = [
        // Bishops c1 (dark) and c8 (light).
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k1n1/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4k1n1/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
    ];
    for fen in alive {
        assert_eq!(chess(fen).outcome(), None, "{fen}");
    }
    // Reached by a capture.
    let mut g = game("4k3/8/8/3n4/8/8/6B1/4K3 w - - 0 1");
    let played = g.play_text("Bxd5").unwrap();
    assert_eq!(played.san, "Bxd5");
    assert_eq!(g.outcome(), draw(EndReason::InsufficientMaterial));
}

// ---------------------------------------------------------------------------------------
// Position-string errors
// ---------------------------------------------------------------------------------------

fn fen_error(fen: &str) -> PositionError {
    match Position::from_fen(variant(VariantId::Chess), fen) {
        Ok(p) => panic!("'{fen}' was accepted as {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn position_string_errors_name_the_bad_part() {
    // Seven ranks.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(
        matches!(e, PositionError::Fen(FenError::Placement(_))),
        "{e:?}"
    );
    let msg = e.to_string();
    assert!(
        msg.contains("7 ranks") && msg.contains("expected 8"),
        "{msg}"
    );
    // Unknown piece letter.
    let e = fen_error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(
        matches!(e, PositionError::Fen(FenError::Placement(_))),
        "{e:?}"
    );
    assert!(e.to_string().contains("'x'"), "{e}");
    // A rank that is too long.
    let e = fen_error("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(e.to_string().contains("ppppppppp"), "{e}");
    // Bad castling field.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1");
    assert_eq!(e, PositionError::Fen(FenError::Castling("KQkx".into())));
    assert!(e.to_string().contains("KQkx"), "{e}");
    // Bad side to move.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
    assert_eq!(e, PositionError::Fen(FenError::Side("x".into())));
    assert!(e.to_string().contains("'x'"), "{e}");
    // Bad e.p. field and counters.
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1");
    assert!(e.to_string().contains("e9"), "{e}");
    let e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1");
    assert!(e.to_string().contains("'x'"), "{e}");
    // Too few fields.
    assert!(matches!(
        fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        PositionError::Fen(FenError::Fields(2))
    ));
}

#[test]
fn position_string_rule_errors() {
    // A castling right that the placement does not back names its real cause.
    let sq = |s: &str| s.parse::<Square>().unwrap();
    for (fen, right, problem, says) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            'K',
            CastlingProblem::NoPartner {
                color: Color::White,
                at: sq("h1"),
            },
            "no White piece on h1 to castle with",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2r w K - 0 1",
            'K',
            CastlingProblem::NoPartner {
                color: Color::White,
                at: sq("h1"),
            },
            "no White piece on h1",
        ),
        (
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            'K',
            CastlingProblem::NoKing {
                color: Color::White,
                at: sq("e1"),
            },
            "White's King must stand on e1",
        ),
        (
            "1r2k3/8/8/8/8/8/8/4K3 w q - 0 1",
            'q',
            CastlingProblem::NoPartner {
                color: Color::Black,
                at: sq("a8"),
            },
            "castling right 'q'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2N w K - 0 1",
            'K',
            CastlingProblem::NotPartner {
                at: sq("h1"),
                name: "Knight".into(),
            },
            "the Knight on h1 is of a type that does not castle",
        ),
    ] {
        let e = fen_error(fen);
        assert_eq!(e, PositionError::Castling(right, problem), "{fen}");
        assert!(e.to_string().contains(says), "{fen}: {e}");
        assert!(
            !e.to_string().contains("without its King and partner"),
            "{e}"
        );
    }
    // Two White Kings.
    assert!(matches!(
        fen_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        PositionError::Royals {
            color: Color::White,
            count: 2
        }
    ));
    // The side not to move is in check.
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        PositionError::OppositeCheck(Color::Black)
    );
    // An e.p. square that no double step left.
    assert!(matches!(
        fen_error("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"),
        PositionError::EnPassant(_)
    ));
}

/// Digit runs of any length are read without overflow (a long run panicked with overflow
/// checks on and was read as another number without them; found by the `position` fuzz
/// target).
#[test]
fn position_string_digit_runs_table() {
    let rest = "/8/8/8/8/8/8/4K3 w - - 0 1";
    for (rank8, ok, needle) in [
        ("4k3", true, ""),
        ("k7", true, ""),
        ("k07", true, ""),
        ("k9", false, "more than 8 files"),
        ("k10", false, "more than 8 files"),
        ("4294967296k", false, "more than 8 files"),
        ("4294967295k", false, "more than 8 files"),
        (
            "99999999999999999999999999999999k",
            false,
            "more than 8 files",
        ),
        ("k4294967295", false, "more than 8 files"),
        (
            "00000000000000000000000000000008k",
            false,
            "more than 8 files",
        ),
        ("0k7", false, "run of 0"),
        ("4k2", false, "covers 7 files"),
    ] {
        let fen = format!("{rank8}{rest}");
        match Position::from_fen(variant(VariantId::Chess), &fen) {
            Ok(_) => assert!(ok, "{fen} was accepted"),
            Err(e) => {
                assert!(!ok, "{fen}: {e}");
                assert!(e.to_string().contains(needle), "{fen}: {e}");
            }
        }
    }
}

/// The move counters stop at their largest value instead of overflowing (a panic with
/// overflow checks; without them a wrapped full-move number 0 that the parser refuses), so
/// what `fen` writes always reads back.
#[test]
fn move_counters_at_their_limit() {
    let v = variant(VariantId::Chess);
    let max = u32::MAX;
    let mut pos = Position::from_fen(
        v,
        &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 {max}"),
    )
    .unwrap();
    for token in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        pos.make(coord::parse(&pos, token).unwrap());
        let fen = pos.fen();
        assert_eq!(Position::from_fen(v, &fen).unwrap().fen(), fen);
    }
    assert_eq!(pos.fullmoves(), max);
    assert_eq!(pos.halfmoves(), 103);
    let mut pos = Position::from_fen(
        v,
        &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {max} 1"),
    )
    .unwrap();
    pos.make(coord::parse(&pos, "g1f3").unwrap());
    assert_eq!(pos.halfmoves(), max);
    assert_eq!(Position::from_fen(v, &pos.fen()).unwrap().halfmoves(), max);
    // One past the largest is refused, named.
    let e = fen_error(&format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {}",
        u64::from(max) + 1
    ));
    assert_eq!(
        e,
        PositionError::Fen(FenError::Counter("4294967296".into()))
    );
}

/// Errors quote a short prefix of a bad field, and the placement is not quoted whole in
/// the reason (callers quote the position string).
#[test]
fn position_string_errors_are_short() {
    let long = "x".repeat(100_000);
    for fen in [
        format!("{long}/8/8/8/8/8/8/8 w - - 0 1"),
        format!("8/8/8/8/8/8/8/8 {long} - - 0 1"),
        format!("8/8/8/8/8/8/8/8 w {long} - 0 1"),
        format!("8/8/8/8/8/8/8/8 w - {long} 0 1"),
        format!("8/8/8/8/8/8/8/8 w - - {long} 1"),
        format!("8/8/8/8/8/8/8/8 w - - 0 1 {long}"),
        format!("8/8/8/8/8/8/8/8/{long} w - - 0 1"),
    ] {
        let msg = fen_error(&fen).to_string();
        assert!(msg.len() < 200, "{}", &msg[..300]);
    }
    let msg = fen_error("8/8/8/8/8/8/8 w - - 0 1").to_string();
    assert_eq!(msg, "invalid placement: 7 ranks, expected 8");
}
