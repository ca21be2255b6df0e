//! The search's own numbers (its margins, reductions and limits), named, so that a tuner can
//! move them and a file can hold a tuned set: `rankup spsa GAME --search` tunes them by
//! games as it tunes evaluation weights, and `rankup uci --search-params FILE` plays with a
//! set, so that `rankup match` can say whether it is stronger before it becomes the default.
//!
//! The defaults are the values the search was written and measured with; a set read from a
//! file names only the values it changes (the rest keep their defaults), and a value outside
//! its range is refused, so no file can make the search reduce below zero or prune
//! everything.

use serde::{Deserialize, Serialize};

/// Declares [`SearchParams`] with, for each value, its default, its range and its first
/// SPSA perturbation, in one place.
macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $name:ident: $default:literal in $lo:literal ..= $hi:literal, step $c:literal;)*) => {
        /// The search's tunable numbers (see the module's notes). Read with
        /// [`SearchParams::from_ron`], which fills what a file leaves out with the defaults.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($name: $default,)* }
            }
        }

        /// Each value's name, range and first perturbation, in declaration order.
        pub const SPECS: &[ParamSpec] = &[
            $(ParamSpec { name: stringify!($name), low: $lo, high: $hi, step: $c },)*
        ];

        impl SearchParams {
            /// Every value by name, in declaration order.
            pub fn params(&self) -> Vec<(String, i32)> {
                vec![$((stringify!($name).to_string(), self.$name),)*]
            }

            /// Sets the value called `name` (held to its range); false if there is none.
            pub fn set_param(&mut self, name: &str, value: i32) -> bool {
                match name {
                    $(stringify!($name) => self.$name = value.clamp($lo, $hi),)*
                    _ => return false,
                }
                true
            }

            /// The first value outside its range: its name, the value and the range.
            fn out_of_range(&self) -> Option<(&'static str, i32, i32, i32)> {
                $(if !($lo..=$hi).contains(&self.$name) {
                    return Some((stringify!($name), self.$name, $lo, $hi));
                })*
                None
            }
        }
    };
}

/// One tunable value: its name, its range and the size of its first SPSA perturbation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The field's name.
    pub name: &'static str,
    /// The lowest it may be.
    pub low: i32,
    /// The highest it may be.
    pub high: i32,
    /// SPSA's perturbation at the first step.
    pub step: i32,
}

search_params! {
    /// Reverse futility: the margin per ply of depth (centipawns).
    rfp_margin: 85 in 20 ..= 300, step 8;
    /// Reverse futility: the deepest node it applies to.
    rfp_depth: 7 in 1 ..= 14, step 1;
    /// Null move: the least reduction.
    nmp_base: 3 in 1 ..= 6, step 1;
    /// Null move: one more ply of reduction per this many plies of depth.
    nmp_depth_div: 3 in 1 ..= 10, step 1;
    /// Null move: one more ply of reduction per this many centipawns above beta (at most 3).
    nmp_eval_div: 200 in 50 ..= 800, step 20;
    /// Null move: the least material (centipawns, Pawns and the royal piece aside) the side to
    /// move must have; with less, zugzwang is too likely for passing to prove anything.
    nmp_material: 400 in 0 ..= 1500, step 50;
    /// Internal iterative reduction: the shallowest node it applies to.
    iir_depth: 4 in 2 ..= 12, step 1;
    /// Late-move reductions: the table's constant (1/100 ply).
    lmr_base: 77 in 0 ..= 200, step 8;
    /// Late-move reductions: the divisor of ln(depth) ln(moves) (1/100).
    lmr_div: 236 in 100 ..= 500, step 15;
    /// Late-move reductions: less at PV nodes (1/1024 ply).
    lmr_pv: 1024 in 0 ..= 3072, step 128;
    /// Late-move reductions: more when the evaluation is not improving (1/1024 ply).
    lmr_not_improving: 1024 in 0 ..= 3072, step 128;
    /// Late-move reductions: more at expected cut nodes (1/1024 ply).
    lmr_cut: 1024 in 0 ..= 3072, step 128;
    /// Late-move reductions: less for a move that gives check (1/1024 ply).
    lmr_check: 1024 in 0 ..= 3072, step 128;
    /// Late-move reductions: more for a declined (dominated) promotion (1/1024 ply).
    lmr_declined: 1024 in 0 ..= 3072, step 128;
    /// Late-move reductions: a quiet move's history over this, in plies, comes off.
    lmr_history_div: 8192 in 1024 ..= 32768, step 800;
    /// Late-move reductions: less for a capture (1/1024 ply).
    lmr_capture: 512 in 0 ..= 3072, step 128;
    /// Late-move pruning: quiet moves tried at depth d before the rest are skipped, this
    /// plus d squared (halved when not improving).
    lmp_base: 3 in 0 ..= 12, step 1;
    /// Futility pruning of quiet moves: the margin's constant (centipawns).
    futility_base: 90 in 0 ..= 400, step 10;
    /// Futility pruning of quiet moves: the margin per ply of reduced depth.
    futility_depth: 110 in 20 ..= 400, step 10;
    /// Futility pruning of quiet moves: the history over this adds to the margin.
    futility_history_div: 128 in 16 ..= 1024, step 12;
    /// SEE pruning of quiet moves: the loss allowed per reduced depth squared.
    see_quiet: 28 in 0 ..= 150, step 3;
    /// SEE pruning of late captures: the loss allowed per ply of depth.
    see_capture: 110 in 0 ..= 400, step 10;
    /// Singular extensions: the shallowest node tested.
    se_depth: 7 in 4 ..= 14, step 1;
    /// Singular extensions: the margin below the stored score per ply of depth (1/8
    /// centipawn).
    se_margin: 16 in 2 ..= 80, step 2;
    /// History bonus per ply of depth.
    history_mult: 170 in 40 ..= 500, step 15;
    /// History bonus: taken off the product.
    history_sub: 100 in 0 ..= 500, step 15;
    /// History bonus: the most one update adds.
    history_max: 1600 in 300 ..= 5000, step 120;
    /// The first aspiration half-window (centipawns).
    aspiration: 20 in 5 ..= 100, step 3;
    /// Quiescence futility: the margin above a capture's gain (centipawns).
    qs_futility: 150 in 0 ..= 600, step 15;
}

/// The set [`SearchParams::play_with`] installed.
static INSTALLED: std::sync::RwLock<Option<SearchParams>> = std::sync::RwLock::new(None);

/// A search parameters file that cannot be used.
#[derive(Debug)]
pub struct SearchParamsError(String);

impl std::fmt::Display for SearchParamsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SearchParamsError {}

impl SearchParams {
    /// Reads a set from RON text (`(rfp_margin: 90, lmr_div: 220)`): values not named keep
    /// their defaults; an unknown name or a value outside its range is an error that names
    /// it.
    pub fn from_ron(text: &str) -> Result<SearchParams, SearchParamsError> {
        let p = ron::from_str::<SearchParams>(text)
            .map_err(|e| SearchParamsError(format!("search parameters: {e}")))?;
        match p.out_of_range() {
            Some((name, x, lo, hi)) => Err(SearchParamsError(format!(
                "search parameters: {name} is {x}, outside {lo}..={hi}"
            ))),
            None => Ok(p),
        }
    }

    /// The set engines made from now on search with: the defaults, unless
    /// [`SearchParams::play_with`] installed another.
    pub fn current() -> SearchParams {
        INSTALLED
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or_default()
    }

    /// Makes engines made from now on, in this process, search with `params` (a candidate
    /// set under test: `rankup uci --search-params FILE`, so that one build can play a match
    /// against itself with and without it).
    pub fn play_with(params: SearchParams) {
        *INSTALLED.write().unwrap_or_else(|e| e.into_inner()) = Some(params);
    }

    /// The set as RON, every value named.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("BUG: search parameters always serialise")
    }

    /// The late-move reduction table this set makes: `[depth][moves]` in 1/1024 ply.
    pub(crate) fn reduction_table(&self) -> Vec<[i32; 64]> {
        let (base, div) = (
            f64::from(self.lmr_base) / 100.0,
            f64::from(self.lmr_div) / 100.0,
        );
        let mut t = vec![[0i32; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (1024.0 * (base + (d as f64).ln() * (m as f64).ln() / div)) as i32;
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_inside_their_ranges_and_named_once() {
        let d = SearchParams::default();
        let params = d.params();
        assert_eq!(params.len(), SPECS.len());
        for ((name, x), spec) in params.iter().zip(SPECS) {
            assert_eq!(name, spec.name);
            assert!((spec.low..=spec.high).contains(x), "{name} {x}");
            assert!(spec.step >= 1, "{name}");
        }
    }

    #[test]
    fn a_file_names_what_it_changes_and_the_rest_stay() {
        let p = SearchParams::from_ron("(rfp_margin: 90, lmr_div: 300)").unwrap();
        assert_eq!((p.rfp_margin, p.lmr_div), (90, 300));
        assert_eq!(p.see_quiet, SearchParams::default().see_quiet);
        let e = SearchParams::from_ron("(lmr_div: 9999)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "search parameters: lmr_div is 9999, outside 100..=500"
        );
        let e = SearchParams::from_ron("(rfp_margn: 90)").unwrap_err();
        assert!(e.to_string().contains("rfp_margn"), "{e}");
        let round = SearchParams::from_ron(&p.to_ron()).unwrap();
        assert_eq!(round, p);
    }

    #[test]
    fn set_param_holds_to_the_range() {
        let mut p = SearchParams::default();
        assert!(p.set_param("aspiration", -4));
        assert_eq!(p.aspiration, 5);
        assert!(!p.set_param("nothing", 1));
    }

    #[test]
    fn the_default_table_is_the_one_the_search_was_measured_with() {
        let t = SearchParams::default().reduction_table();
        assert_eq!(t[1][1], (1024.0 * 0.77) as i32);
        let want = (1024.0 * (0.77 + 10f64.ln() * 20f64.ln() / 2.36)) as i32;
        assert_eq!(t[10][20], want);
    }
}
