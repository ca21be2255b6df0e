//! Evaluation weights: the knobs the Texel tuner turns.
//!
//! Every game's evaluation is derived from its data ([`super::tables`]); the weights scale
//! or replace parts of it. [`Weights::default`] is the derived evaluation unchanged, and is
//! what every game without a tuned set uses. A tuned set is a RON file in the repository's
//! `data/weights/` folder, one per game (`promochess.ron`), compiled into the program,
//! together with how it was made (games, positions, date, command, the fit's error before
//! and after). `rankup tune` and `rankup spsa` write them.

use std::collections::BTreeMap;
use std::sync::RwLock;

use serde::{Deserialize, Serialize};

/// The tuned sets in `data/weights/`, by game id. A set is added here only after a match
/// showed it stronger than the derived evaluation (its provenance says which).
const BUILTIN: &[(&str, &str)] = &[
    ("chess", include_str!("../../../data/weights/chess.ron")),
    ("veteran", include_str!("../../../data/weights/veteran.ron")),
    ("upgrade", include_str!("../../../data/weights/upgrade.ron")),
    (
        "tamerspiel",
        include_str!("../../../data/weights/tamerspiel.ron"),
    ),
    (
        "promochess",
        include_str!("../../../data/weights/promochess.ron"),
    ),
    (
        "apc-crowned",
        include_str!("../../../data/weights/apc-crowned.ron"),
    ),
    (
        "apc-longhaul-crowned",
        include_str!("../../../data/weights/apc-longhaul-crowned.ron"),
    ),
    (
        "apc-longhaul-timur",
        include_str!("../../../data/weights/apc-longhaul-timur.ron"),
    ),
    (
        "apc-longhaul-eurasian",
        include_str!("../../../data/weights/apc-longhaul-eurasian.ron"),
    ),
    (
        "apc-timur",
        include_str!("../../../data/weights/apc-timur.ron"),
    ),
    (
        "apc-eurasian",
        include_str!("../../../data/weights/apc-eurasian.ron"),
    ),
    (
        "apc-mixed-timur",
        include_str!("../../../data/weights/apc-mixed-timur.ron"),
    ),
    (
        "apc-mixed-eurasian",
        include_str!("../../../data/weights/apc-mixed-eurasian.ron"),
    ),
];

/// Sets installed with [`Weights::play_with`] for the rest of the process, by game id.
static INSTALLED: RwLock<BTreeMap<String, Weights>> = RwLock::new(BTreeMap::new());

/// How one weight set was made.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The command that made it.
    pub command: String,
    /// When (UTC, `YYYY-MM-DD`).
    pub date: String,
    /// Self-play games played (by the Texel tuner, or between the candidates by SPSA).
    pub games: u32,
    /// Quiet positions fitted (0 for a set tuned by games, `rankup spsa`).
    pub positions: u32,
    /// The logistic scale fitted to the derived evaluation (centipawns per 400 "Elo").
    pub scale_k: f64,
    /// Mean squared error of the predicted results with the derived weights, and after.
    pub error_before: f64,
    /// See `error_before`.
    pub error_after: f64,
    /// The match that confirmed the set, as the command's summary line said it.
    pub confirmed_by: String,
}

/// Weights of one game's evaluation. Scales are percentages of the derived term (100 = as
/// derived); values are centipawns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// Piece values at level 1 by letter, replacing the derived ones (levels scale along).
    /// Royal pieces have none.
    pub values: BTreeMap<char, i32>,
    /// Centralisation (square tables of non-pawn pieces).
    pub centre: i32,
    /// Promotion prospects (a piece's worth growing toward its zone).
    pub prospect: i32,
    /// Mobility.
    pub mobility: i32,
    /// Danger from enemy pieces attacking the royal piece's neighbourhood.
    pub king_danger: i32,
    /// The Pawn shield in front of the royal piece.
    pub shield: i32,
    /// The royal piece's square tables (home and wing in the middlegame, centre later).
    pub royal_square: i32,
    /// Passed Pawns.
    pub passed: i32,
    /// Doubled and isolated Pawns.
    pub pawn_structure: i32,
    /// A pair of colour-bound pieces on both colours.
    pub pair: i32,
    /// The side to move's bonus, in centipawns.
    pub tempo: i32,
    /// Threats: enemy pieces attacked where taking them wins (undefended, or attacked by a
    /// lesser piece), weighted by what the capture gains. A percentage of a quarter of the
    /// gain; 0 (the default, and every set made before the term) leaves it out and costs
    /// nothing.
    pub threats: i32,
    /// How the set was made (empty for the derived default).
    pub provenance: Provenance,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            values: BTreeMap::new(),
            centre: 100,
            prospect: 100,
            mobility: 100,
            king_danger: 100,
            shield: 100,
            royal_square: 100,
            passed: 100,
            pawn_structure: 100,
            pair: 100,
            tempo: 12,
            threats: 0,
            provenance: Provenance::default(),
        }
    }
}

/// Error for a weights file that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad weights file: {}", self.0)
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// Reads a weights file's text.
    ///
    /// # Errors
    /// When the text is not a RON `Weights` (unknown fields are errors, missing ones keep
    /// their defaults).
    pub fn from_ron(text: &str) -> Result<Weights, WeightsError> {
        ron::from_str(text).map_err(|e| WeightsError(e.to_string()))
    }

    /// The text of a weights file.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(3);
        ron::ser::to_string_pretty(self, config).expect("BUG: weights always serialise")
    }

    /// The tuned set compiled in for the game `id`, else the derived default.
    pub fn builtin(id: &str) -> Weights {
        BUILTIN
            .iter()
            .find(|(game, _)| *game == id)
            .map(|(_, text)| Weights::from_ron(text).expect("BUG: built-in weights parse (tested)"))
            .unwrap_or_default()
    }

    /// The set the game `id` plays with: one installed with [`Weights::play_with`], else
    /// [`Weights::builtin`].
    pub fn in_use(id: &str) -> Weights {
        let installed = INSTALLED.read().unwrap_or_else(|e| e.into_inner());
        installed
            .get(id)
            .cloned()
            .unwrap_or_else(|| Weights::builtin(id))
    }

    /// Makes the game `id` play with `weights` instead of its built-in set from now on, in
    /// this process (a candidate set under test: `rankup uci --weights GAME=FILE`, so one
    /// build can play a match against itself with and without a set). Evaluation tables
    /// already built are dropped and rebuilt on their next use.
    pub fn play_with(id: &str, weights: Weights) {
        INSTALLED
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.to_string(), weights);
        super::tables::forget_all();
    }

    /// The tuner's parameters: (name, value) pairs, in a fixed order.
    pub fn params(&self) -> Vec<(String, i32)> {
        let mut out: Vec<(String, i32)> = self
            .values
            .iter()
            .map(|(c, v)| (format!("value {c}"), *v))
            .collect();
        for (name, v) in [
            ("centre", self.centre),
            ("prospect", self.prospect),
            ("mobility", self.mobility),
            ("king_danger", self.king_danger),
            ("shield", self.shield),
            ("royal_square", self.royal_square),
            ("passed", self.passed),
            ("pawn_structure", self.pawn_structure),
            ("pair", self.pair),
            ("tempo", self.tempo),
            ("threats", self.threats),
        ] {
            out.push((name.to_string(), v));
        }
        out
    }

    /// Sets the parameter `name` (as [`Weights::params`] names it); false if there is none.
    pub fn set_param(&mut self, name: &str, value: i32) -> bool {
        if let Some(letter) = name.strip_prefix("value ") {
            let Some(c) = letter.chars().next() else {
                return false;
            };
            return match self.values.get_mut(&c) {
                Some(v) => {
                    *v = value;
                    true
                }
                None => false,
            };
        }
        let slot = match name {
            "centre" => &mut self.centre,
            "prospect" => &mut self.prospect,
            "mobility" => &mut self.mobility,
            "king_danger" => &mut self.king_danger,
            "shield" => &mut self.shield,
            "royal_square" => &mut self.royal_square,
            "passed" => &mut self.passed,
            "pawn_structure" => &mut self.pawn_structure,
            "pair" => &mut self.pair,
            "tempo" => &mut self.tempo,
            "threats" => &mut self.threats,
            _ => return false,
        };
        *slot = value;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_and_params() {
        let mut w = Weights::default();
        w.values.insert('R', 480);
        w.provenance.games = 12;
        let text = w.to_ron();
        assert_eq!(Weights::from_ron(&text).unwrap(), w);
        assert!(w.set_param("value R", 500));
        assert!(w.set_param("mobility", 90));
        assert!(!w.set_param("value Q", 900), "only values the set has");
        assert!(!w.set_param("nonsense", 1));
        let params = w.params();
        assert_eq!(params[0], ("value R".to_string(), 500));
        assert!(params.contains(&("mobility".to_string(), 90)));
        // Missing fields keep their defaults; unknown ones are errors.
        assert_eq!(Weights::from_ron("(tempo: 20)").unwrap().mobility, 100);
        assert!(Weights::from_ron("(tempi: 20)").is_err());
    }

    #[test]
    fn builtin_sets_parse_and_say_how_they_were_made() {
        for (id, text) in BUILTIN {
            let w = Weights::from_ron(text).unwrap_or_else(|e| panic!("{id}: {e}"));
            // A Texel fit says how many positions it fitted; SPSA plays games, no positions.
            let spsa = w.provenance.command.starts_with("rankup spsa ");
            assert!(
                w.provenance.games > 0 && (spsa || w.provenance.positions > 0),
                "{id}"
            );
            assert!(!w.provenance.command.is_empty(), "{id}");
            // Kept only after a match said it is stronger than the derived evaluation.
            let match_said = &w.provenance.confirmed_by;
            assert!(
                match_said.contains("SPRT H1 accepted"),
                "{id}: {match_said}"
            );
            assert!(match_said.contains(&format!("--variant {id} ")), "{id}");
            assert_eq!(Weights::builtin(id), w);
        }
        assert_eq!(Weights::builtin("no-such-game"), Weights::default());
    }
}
