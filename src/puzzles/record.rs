//! A player's puzzle record: a Glicko-2 rating and streaks per game, the puzzles played,
//! and the puzzles' own ratings as they moved here. Kept in the data folder
//! ([`RECORD_FILE`]) by the app's keeper.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{Puzzle, PuzzleSet, Theme};
use crate::rating::{self, Rating, Score};

/// The record's file in the data folder.
pub const RECORD_FILE: &str = "puzzles.ron";

/// The largest record file read, in bytes.
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// The deviation a puzzle's rating starts with (its first rating is an estimate).
const PUZZLE_DEVIATION: f64 = 200.0;

/// One game's rating and streaks.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct GameRecord {
    /// The player's puzzle rating in this game.
    pub rating: Rating,
    /// Puzzles solved in a row, now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// A player's puzzle record.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Record {
    games: BTreeMap<String, GameRecord>,
    played: BTreeSet<String>,
    solved: BTreeSet<String>,
    puzzles: BTreeMap<String, Rating>,
}

/// The outcome of one rated puzzle: the ratings before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// The player's rating before and after.
    pub player: (Rating, Rating),
    /// The puzzle's rating before and after.
    pub puzzle: (Rating, Rating),
}

impl Record {
    /// The player's record in `game` (a fresh rating if none yet).
    pub fn game(&self, game: &str) -> GameRecord {
        self.games.get(game).copied().unwrap_or_default()
    }

    /// Whether the puzzle `id` was played (rated) already.
    pub fn played(&self, id: &str) -> bool {
        self.played.contains(id)
    }

    /// Whether the puzzle `id` was solved at the first try.
    pub fn solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    /// Puzzles of `set` played and solved.
    pub fn counts(&self, set: &PuzzleSet) -> (usize, usize) {
        let played = set.puzzles.iter().filter(|p| self.played(&p.id)).count();
        let solved = set.puzzles.iter().filter(|p| self.solved(&p.id)).count();
        (played, solved)
    }

    /// The puzzle's rating: as it moved here, else its first one.
    pub fn puzzle_rating(&self, puzzle: &Puzzle) -> Rating {
        self.puzzles.get(&puzzle.id).copied().unwrap_or(Rating {
            rating: f64::from(puzzle.rating),
            deviation: PUZZLE_DEVIATION,
            ..Rating::default()
        })
    }

    /// Records a puzzle of `game` as solved at the first try (`won`) or not. The first time
    /// a puzzle is played both ratings move (one Glicko-2 period each) and the streak
    /// goes on or ends; a puzzle played again changes nothing and gives `None`.
    pub fn result(&mut self, game: &str, puzzle: &Puzzle, won: bool) -> Option<Rated> {
        if !self.played.insert(puzzle.id.clone()) {
            return None;
        }
        if won {
            self.solved.insert(puzzle.id.clone());
        }
        let entry = self.games.entry(game.to_string()).or_default();
        let theirs = self.puzzles.get(&puzzle.id).copied().unwrap_or(Rating {
            rating: f64::from(puzzle.rating),
            deviation: PUZZLE_DEVIATION,
            ..Rating::default()
        });
        let score = if won { Score::Win } else { Score::Loss };
        let (me, them) = entry.rating.after_game(&theirs, score);
        let before = entry.rating;
        entry.rating = me;
        if won {
            entry.streak += 1;
            entry.best_streak = entry.best_streak.max(entry.streak);
        } else {
            entry.streak = 0;
        }
        self.puzzles.insert(puzzle.id.clone(), them);
        Some(Rated {
            player: (before, me),
            puzzle: (theirs, them),
        })
    }

    /// The next puzzle of `set` for this player: among those not played yet and of the
    /// theme group `theme` (any, if `None`), the one whose rating is nearest the player's;
    /// ties go to the earlier one. `None` when every such puzzle is played.
    pub fn next<'a>(&self, set: &'a PuzzleSet, theme: Option<&str>) -> Option<&'a Puzzle> {
        let mine = self.game(set.game.as_str()).rating.rating;
        set.puzzles
            .iter()
            .filter(|p| !self.played(&p.id))
            .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x.group() == t)))
            .min_by(|a, b| {
                let da = (self.puzzle_rating(a).rating - mine).abs();
                let db = (self.puzzle_rating(b).rating - mine).abs();
                da.total_cmp(&db)
            })
    }

    /// The record as its file's text.
    pub fn to_ron(&self) -> String {
        let file = RecordFile {
            games: self
                .games
                .iter()
                .map(|(g, r)| {
                    (
                        g.clone(),
                        GameFile {
                            rating: RatingFile::from(r.rating),
                            streak: r.streak,
                            best_streak: r.best_streak,
                        },
                    )
                })
                .collect(),
            played: self.played.iter().cloned().collect(),
            solved: self.solved.iter().cloned().collect(),
            puzzles: self
                .puzzles
                .iter()
                .map(|(id, r)| (id.clone(), RatingFile::from(*r)))
                .collect(),
        };
        // Strings, numbers and maps of them always serialise.
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::new().depth_limit(2))
            .unwrap_or_else(|e| panic!("BUG: a puzzle record does not serialise: {e}"))
    }

    /// Reads a record file.
    ///
    /// # Errors
    /// A message naming what is wrong (not RON, a bad rating, too large).
    pub fn parse(text: &str) -> Result<Record, String> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(format!("larger than {MAX_RECORD_BYTES} bytes"));
        }
        let file: RecordFile = crate::input::ron_options()
            .from_str(crate::text::strip_bom(text))
            .map_err(|e| {
                format!(
                    "{}:{}: {}",
                    e.span.start.line,
                    e.span.start.col,
                    crate::text::ron_message(e.code)
                )
            })?;
        let mut games = BTreeMap::new();
        for (g, r) in file.games {
            let rating = r.rating.check().map_err(|e| format!("games '{g}': {e}"))?;
            games.insert(
                g,
                GameRecord {
                    rating,
                    streak: r.streak,
                    best_streak: r.best_streak.max(r.streak),
                },
            );
        }
        let mut puzzles = BTreeMap::new();
        for (id, r) in file.puzzles {
            let rating = r.check().map_err(|e| format!("puzzle '{id}': {e}"))?;
            puzzles.insert(id, rating);
        }
        Ok(Record {
            games,
            played: file.played.into_iter().collect(),
            solved: file.solved.into_iter().collect(),
            puzzles,
        })
    }
}

/// The themes of a set that puzzles have, by group, in a fixed order (for choosing).
pub fn theme_groups(set: &PuzzleSet) -> Vec<&'static str> {
    const ORDER: [Theme; 6] = [
        Theme::MateIn(1),
        Theme::Promotion,
        Theme::CapturePromotion,
        Theme::Swap,
        Theme::Level,
        Theme::Material,
    ];
    ORDER
        .iter()
        .map(|t| t.group())
        .filter(|g| {
            set.puzzles
                .iter()
                .any(|p| p.themes.iter().any(|t| t.group() == *g))
        })
        .collect()
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RecordFile {
    #[serde(default)]
    games: BTreeMap<String, GameFile>,
    #[serde(default)]
    played: Vec<String>,
    #[serde(default)]
    solved: Vec<String>,
    #[serde(default)]
    puzzles: BTreeMap<String, RatingFile>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFile {
    rating: RatingFile,
    streak: u32,
    best_streak: u32,
}

/// A rating as stored: rating, deviation, volatility, games.
#[derive(Serialize, Deserialize, Clone, Copy)]
struct RatingFile(f64, f64, f64, u32);

impl From<Rating> for RatingFile {
    fn from(r: Rating) -> RatingFile {
        RatingFile(r.rating, r.deviation, r.volatility, r.games)
    }
}

impl RatingFile {
    fn check(self) -> Result<Rating, rating::BadRating> {
        Rating::new(self.0, self.1, self.2, self.3)
    }
}
