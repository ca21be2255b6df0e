//! Self-play games with the search's scores, in a form small enough for a repository to
//! keep: `rankup datagen --out FILE.games` writes it and `rankup train` reads it.
//!
//! A file holds games rather than positions: each game is where it starts, its result
//! and, ply by ply, the move played and (for the positions worth learning from) the
//! score the search gave the position before it. A move is written as its index among
//! the position's legal moves ordered by their coordinate tokens ([`coord::format`]), so
//! a file means the same to every version whose rules and tokens agree, whatever order
//! the move generator has; a score as its difference from the game's previous score.
//! Both are LEB128 numbers and the whole is gzip: about 2.5 bytes a position, where a
//! `FEN | score | result` line takes 60 (13 compressed).
//!
//! The stream, once decompressed:
//!
//! ```text
//! "rankup games 1\n" variant-id "\n"
//! games, each:
//!   number  length of the start's FEN (0: the game's usual start position), then its bytes
//!   byte    White's points: 0 (lost), 1 (drawn) or 2 (won)
//!   number  how many entries follow
//!   entries, each a number n: n even, the move with index n / 2 is played;
//!           n odd, the position on the board is scored: the previous score (0 at the
//!           start) plus the zigzag-decoded n / 2, in centipawns for White
//! ```
//!
//! A file may be several gzip members one after another: a writer appends a member per
//! batch of games, so that a run that is stopped keeps every batch it finished.
//!
//! Reading checks everything (lengths, indices, scores) and replays every move through
//! the rules, so a damaged or hostile file ends in an error that names the game, never in
//! a wrong position; the games before it are kept.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;

use crate::notation::coord;
use crate::rules::{Move, Position, Variant};

/// The first line of the stream.
const MAGIC: &[u8] = b"rankup games 1\n";
/// The longest variant id line the header may have.
const MAX_ID: usize = 64;
/// The longest start FEN.
const MAX_FEN: u64 = 4096;
/// The most entries a game may have (moves and scores).
pub const MAX_ENTRIES: u64 = 20_000;
/// Scores are centipawns below this in size.
pub const MAX_SCORE: i64 = 100_000;

/// What is wrong with a games file.
#[derive(Debug)]
pub enum GamesError {
    /// Reading or decompressing failed (a truncated or damaged gzip stream included).
    Io(io::Error),
    /// The stream does not begin with this format's first line.
    NotGames,
    /// The file is for another game.
    OtherGame(String),
    /// Game `game` (counted from 1) is damaged: `what`.
    Game {
        /// Which game, from 1.
        game: u64,
        /// What is wrong with it.
        what: String,
    },
}

impl fmt::Display for GamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesError::Io(e) => write!(f, "{e}"),
            GamesError::NotGames => write!(f, "not a `rankup datagen` games file"),
            GamesError::OtherGame(id) => write!(f, "its games are of '{id}'"),
            GamesError::Game { game, what } => write!(f, "game {game}: {what}"),
        }
    }
}

impl std::error::Error for GamesError {}

impl From<io::Error> for GamesError {
    fn from(e: io::Error) -> GamesError {
        GamesError::Io(e)
    }
}

/// The legal moves of `pos` in the order their index is counted: by coordinate token.
fn ordered_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<(String, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (coord::format(pos.variant(), &m), m))
        .collect();
    moves.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    moves.into_iter().map(|(_, m)| m).collect()
}

fn put_number(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

/// One game being written: started with [`GameRecord::new`], then its scores and moves in
/// the order they happened, then [`GameRecord::encode`]d with its result.
#[derive(Clone, Debug)]
pub struct GameRecord {
    fen: String,
    pos: Position,
    entries: Vec<u64>,
    last_score: i64,
}

impl GameRecord {
    /// A game from `start`.
    pub fn new(start: &Position) -> GameRecord {
        let fen = start.fen();
        GameRecord {
            fen: if fen == Position::start(start.variant()).fen() {
                String::new()
            } else {
                fen
            },
            pos: start.clone(),
            entries: Vec::new(),
            last_score: 0,
        }
    }

    /// Scores the position on the board (centipawns for White, below [`MAX_SCORE`] in
    /// size; beyond it is clamped).
    pub fn score(&mut self, white_cp: i32) {
        let cp = i64::from(white_cp).clamp(1 - MAX_SCORE, MAX_SCORE - 1);
        self.entries.push(zigzag(cp - self.last_score) * 2 + 1);
        self.last_score = cp;
    }

    /// Plays `mv`, a legal move of the position on the board; `false` (and nothing
    /// recorded) if it is not one.
    pub fn play(&mut self, mv: Move) -> bool {
        let Some(index) = ordered_moves(&self.pos).iter().position(|&m| m == mv) else {
            return false;
        };
        self.pos.make(mv);
        self.entries.push(index as u64 * 2);
        true
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Appends the game with White's points (1, 0.5 or 0) to `out`, an uncompressed
    /// stream after its header.
    pub fn encode(&self, white_points: f64, out: &mut Vec<u8>) {
        put_number(out, self.fen.len() as u64);
        out.extend_from_slice(self.fen.as_bytes());
        out.push(if white_points > 0.75 {
            2
        } else if white_points > 0.25 {
            1
        } else {
            0
        });
        put_number(out, self.entries.len() as u64);
        for &e in &self.entries {
            put_number(out, e);
        }
    }
}

/// One gzip member holding `games` (each with White's points), after the header when
/// `with_header` (the first member of a file). Appending members to a file adds games.
pub fn member(v: &Variant, with_header: bool, games: &[(GameRecord, f64)]) -> Vec<u8> {
    let mut raw = Vec::new();
    if with_header {
        raw.extend_from_slice(MAGIC);
        raw.extend_from_slice(v.id().as_bytes());
        raw.push(b'\n');
    }
    for (game, points) in games {
        game.encode(*points, &mut raw);
    }
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    gz.write_all(&raw)
        .and_then(|()| gz.finish())
        .expect("BUG: writing to memory does not fail")
}

/// A game read back: White's points and its scored positions with their scores (for
/// White).
#[derive(Clone, Debug)]
pub struct ScoredGame {
    /// White's points: 1, 0.5 or 0.
    pub white_points: f64,
    /// The scored positions in the order they were played, each with its score.
    pub positions: Vec<(Position, i32)>,
}

/// Reads the games of a file, one at a time.
pub struct GamesReader<R: Read> {
    input: BufReader<MultiGzDecoder<R>>,
    variant: &'static Variant,
    start_fen: String,
    games: u64,
}

impl<R: Read> GamesReader<R> {
    /// Reads the header of `input`; refuses a file that is not one or is of another game
    /// than `variant`.
    pub fn new(input: R, variant: &'static Variant) -> Result<GamesReader<R>, GamesError> {
        let mut input = BufReader::new(MultiGzDecoder::new(input));
        let mut magic = [0u8; MAGIC.len()];
        match input.read_exact(&mut magic) {
            Ok(()) if magic == MAGIC => {}
            Ok(()) => return Err(GamesError::NotGames),
            // Too short, or not gzip at all.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::UnexpectedEof | io::ErrorKind::InvalidInput
                ) =>
            {
                return Err(GamesError::NotGames)
            }
            Err(e) => return Err(e.into()),
        }
        let mut id = Vec::new();
        (&mut input)
            .take(MAX_ID as u64 + 1)
            .read_until(b'\n', &mut id)?;
        if id.pop() != Some(b'\n') {
            return Err(GamesError::NotGames);
        }
        let id = String::from_utf8_lossy(&id).into_owned();
        if id != variant.id() {
            return Err(GamesError::OtherGame(id));
        }
        Ok(GamesReader {
            input,
            variant,
            start_fen: Position::start(variant).fen(),
            games: 0,
        })
    }

    /// The games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    fn bad(&self, what: impl Into<String>) -> GamesError {
        GamesError::Game {
            game: self.games + 1,
            what: what.into(),
        }
    }

    /// A byte; `None` at the end of the stream.
    fn byte(&mut self) -> Result<Option<u8>, GamesError> {
        let mut b = [0u8];
        loop {
            match self.input.read(&mut b) {
                Ok(0) => return Ok(None),
                Ok(_) => return Ok(Some(b[0])),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    fn number(&mut self) -> Result<u64, GamesError> {
        match self.byte()? {
            Some(first) => self.number_after(first),
            None => Err(self.bad("the file ends inside it")),
        }
    }

    /// A number whose first byte is `first`.
    fn number_after(&mut self, first: u8) -> Result<u64, GamesError> {
        let mut b = first;
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let low = u64::from(b & 0x7f);
            if shift == 63 && low > 1 {
                break;
            }
            n |= low << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
            b = match self.byte()? {
                Some(b) => b,
                None => return Err(self.bad("the file ends inside it")),
            };
        }
        Err(self.bad("a number longer than 64 bits"))
    }

    /// The next game; `None` after the last.
    pub fn next_game(&mut self) -> Result<Option<ScoredGame>, GamesError> {
        // The FEN length's first byte tells the end of the stream from a game.
        let Some(first) = self.byte()? else {
            return Ok(None);
        };
        let fen_len = self.number_after(first)?;
        if fen_len > MAX_FEN {
            return Err(self.bad(format!("a start position longer than {MAX_FEN} bytes")));
        }
        let mut fen = vec![0u8; fen_len as usize];
        if self.input.read_exact(&mut fen).is_err() {
            return Err(self.bad("the file ends inside it"));
        }
        let fen = if fen.is_empty() {
            self.start_fen.clone()
        } else {
            String::from_utf8(fen).map_err(|_| self.bad("a start position that is not text"))?
        };
        let mut pos = Position::from_fen(self.variant, &fen)
            .map_err(|e| self.bad(format!("bad start position: {e}")))?;
        let white_points = match self.byte()? {
            Some(0) => 0.0,
            Some(1) => 0.5,
            Some(2) => 1.0,
            Some(b) => return Err(self.bad(format!("result {b} (0, 1 or 2)"))),
            None => return Err(self.bad("the file ends inside it")),
        };
        let entries = self.number()?;
        if entries > MAX_ENTRIES {
            return Err(self.bad(format!("{entries} entries (at most {MAX_ENTRIES})")));
        }
        let mut positions = Vec::new();
        let mut score = 0i64;
        for _ in 0..entries {
            let n = self.number()?;
            if n & 1 == 1 {
                score = score.saturating_add(unzigzag(n >> 1));
                if score.abs() >= MAX_SCORE {
                    return Err(self.bad(format!("score {score} (below {MAX_SCORE} in size)")));
                }
                positions.push((pos.clone(), score as i32));
            } else {
                let moves = ordered_moves(&pos);
                let index = n >> 1;
                let Some(&mv) = usize::try_from(index).ok().and_then(|i| moves.get(i)) else {
                    return Err(self.bad(format!(
                        "move {index} of a position with {} legal moves ({})",
                        moves.len(),
                        pos.fen()
                    )));
                };
                pos.make(mv);
            }
        }
        self.games += 1;
        Ok(Some(ScoredGame {
            white_points,
            positions,
        }))
    }
}

/// Whether `start` (a file's first bytes) looks like a games file (a gzip stream) rather
/// than `FEN | score | result` lines.
pub fn looks_like_games(start: &[u8]) -> bool {
    start.starts_with(&[0x1f, 0x8b])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{variant, VariantId};

    fn all_variants() -> impl Iterator<Item = &'static Variant> {
        VariantId::ALL.into_iter().map(variant)
    }

    fn chess() -> &'static Variant {
        variant(VariantId::Chess)
    }

    /// A game of `v` from its start: the first legal move (by token) for `plies` plies,
    /// every other position scored.
    fn sample_game(v: &'static Variant, plies: usize) -> (GameRecord, Vec<(String, i32)>) {
        let mut rec = GameRecord::new(&Position::start(v));
        let mut scored = Vec::new();
        for ply in 0..plies {
            if ply % 2 == 0 {
                let cp = (ply as i32 * 37) % 900 - 450;
                rec.score(cp);
                scored.push((rec.position().fen(), cp));
            }
            let moves = ordered_moves(rec.position());
            let Some(&mv) = moves.get(ply % moves.len().max(1)) else {
                break;
            };
            assert!(rec.play(mv));
        }
        (rec, scored)
    }

    fn read_all(bytes: &[u8], v: &'static Variant) -> Result<Vec<ScoredGame>, GamesError> {
        let mut r = GamesReader::new(bytes, v)?;
        let mut games = Vec::new();
        while let Some(g) = r.next_game()? {
            games.push(g);
        }
        Ok(games)
    }

    #[test]
    fn numbers_round_trip() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_number(&mut out, n);
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(b"chess\n");
            let gz = {
                let mut e = GzEncoder::new(Vec::new(), Compression::fast());
                e.write_all(&bytes).unwrap();
                e.write_all(&out).unwrap();
                e.finish().unwrap()
            };
            let mut r = GamesReader::new(&gz[..], chess()).unwrap();
            assert_eq!(r.number().unwrap(), n);
        }
        for n in [0, 1, -1, 99_999, -99_999, i64::MAX, i64::MIN] {
            assert_eq!(unzigzag(zigzag(n)), n);
        }
    }

    #[test]
    fn every_game_round_trips_with_its_scores() {
        for v in all_variants() {
            let (rec, scored) = sample_game(v, 40);
            let mut bytes = member(v, true, &[(rec.clone(), 1.0)]);
            bytes.extend(member(v, false, &[(rec, 0.5)]));
            let games = read_all(&bytes, v).unwrap();
            assert_eq!(games.len(), 2, "{}", v.id());
            assert_eq!(games[0].white_points, 1.0);
            assert_eq!(games[1].white_points, 0.5);
            for g in &games {
                let got: Vec<(String, i32)> =
                    g.positions.iter().map(|(p, s)| (p.fen(), *s)).collect();
                assert_eq!(got, scored, "{}", v.id());
            }
        }
    }

    #[test]
    fn a_game_from_another_position_keeps_its_start() {
        let v = chess();
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let start = Position::from_fen(v, fen).unwrap();
        let mut rec = GameRecord::new(&start);
        rec.score(250);
        let e2e4 = coord::parse(&start, "e2e4").unwrap();
        assert!(rec.play(e2e4));
        rec.score(-30);
        let games = read_all(&member(v, true, &[(rec, 0.0)]), v).unwrap();
        assert_eq!(games[0].white_points, 0.0);
        assert_eq!(games[0].positions[0].0.fen(), fen);
        assert_eq!(games[0].positions[0].1, 250);
        assert_eq!(
            games[0].positions[1].0.fen(),
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
        );
        assert_eq!(games[0].positions[1].1, -30);
    }

    #[test]
    fn an_illegal_move_is_not_recorded() {
        let v = chess();
        let start = Position::start(v);
        let other = Position::from_fen(v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let king_walk = coord::parse(&other, "e1d1").unwrap();
        let mut rec = GameRecord::new(&start);
        assert!(!rec.play(king_walk));
        assert!(rec.entries.is_empty());
    }

    #[test]
    fn the_compact_form_is_small() {
        let v = chess();
        let games: Vec<_> = (0..50).map(|_| (sample_game(v, 120).0, 0.5)).collect();
        let bytes = member(v, true, &games);
        // 50 games of 60 scored positions each.
        assert!(bytes.len() < 50 * 60 * 3, "{} bytes", bytes.len());
    }

    #[test]
    fn damaged_files_name_the_game_and_keep_the_ones_before() {
        let v = chess();
        let (rec, _) = sample_game(v, 20);
        let good = member(v, true, &[(rec.clone(), 1.0)]);

        // Not gzip, gzip of something else, another game's file.
        assert!(matches!(
            GamesReader::new(
                &b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n"[..],
                v
            ),
            Err(GamesError::NotGames | GamesError::Io(_))
        ));
        let mut e = GzEncoder::new(Vec::new(), Compression::fast());
        e.write_all(b"hello\n").unwrap();
        assert!(matches!(
            GamesReader::new(&e.finish().unwrap()[..], v),
            Err(GamesError::NotGames)
        ));
        let other = variant(VariantId::Promochess);
        assert!(matches!(
            GamesReader::new(&good[..], other),
            Err(GamesError::OtherGame(id)) if id == "chess"
        ));

        // A second game with a move index past the legal moves.
        let mut raw = Vec::new();
        put_number(&mut raw, 0);
        raw.push(1);
        put_number(&mut raw, 2);
        put_number(&mut raw, 1); // score 0
        put_number(&mut raw, 2 * 20); // move 20 of 20
        let mut e = GzEncoder::new(Vec::new(), Compression::fast());
        e.write_all(&raw).unwrap();
        let mut bytes = good.clone();
        bytes.extend(e.finish().unwrap());
        let mut r = GamesReader::new(&bytes[..], v).unwrap();
        assert!(r.next_game().unwrap().is_some());
        let err = r.next_game().unwrap_err().to_string();
        assert!(
            err.starts_with("game 2: move 20 of a position with 20 legal moves"),
            "{err}"
        );

        // Truncated: the first game is still read, the end is an error, not a hang.
        let mut bytes = good.clone();
        bytes.extend(member(v, false, &[(rec, 0.0)]));
        bytes.truncate(bytes.len() - 10);
        let mut r = GamesReader::new(&bytes[..], v).unwrap();
        assert!(r.next_game().unwrap().is_some());
        assert!(r.next_game().is_err());

        // Results, scores and counts out of range; numbers too long.
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (vec![0, 3, 0], "result 3"),
            (
                {
                    let mut b = vec![0, 1];
                    put_number(&mut b, MAX_ENTRIES + 1);
                    b
                },
                "entries",
            ),
            (
                {
                    let mut b = vec![0, 1, 1];
                    put_number(&mut b, zigzag(MAX_SCORE) * 2 + 1);
                    b
                },
                "score",
            ),
            (
                {
                    let mut b = vec![0, 1, 1];
                    b.extend([0xff; 11]);
                    b
                },
                "64 bits",
            ),
            (
                {
                    let mut b = Vec::new();
                    put_number(&mut b, MAX_FEN + 1);
                    b
                },
                "longer than",
            ),
            (vec![3, b'x', b'y', b'z', 1, 0], "bad start position"),
            (vec![0, 1, 2, 1], "ends inside"),
        ];
        for (raw, what) in cases {
            let mut stream = MAGIC.to_vec();
            stream.extend_from_slice(b"chess\n");
            stream.extend(raw);
            let mut e = GzEncoder::new(Vec::new(), Compression::fast());
            e.write_all(&stream).unwrap();
            let err = read_all(&e.finish().unwrap(), v).unwrap_err().to_string();
            assert!(
                err.starts_with("game 1: ") && err.contains(what),
                "{what}: {err}"
            );
        }
    }

    #[test]
    fn tokens_are_unique_so_indices_are() {
        for v in all_variants() {
            let (rec, _) = sample_game(v, 30);
            let pos = rec.position();
            let mut tokens: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| coord::format(v, m))
                .collect();
            let n = tokens.len();
            tokens.sort();
            tokens.dedup();
            assert_eq!(tokens.len(), n, "{}: {}", v.id(), pos.fen());
        }
    }
}
