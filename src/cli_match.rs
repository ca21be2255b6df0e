//! `rankup match`: two UCI engines play a match with rankup as the referee.
//!
//! One line per game, then a summary: W/D/L for engine 1, its score, Elo with a 95%
//! interval (per game, and per pair of games sharing an opening), the SPRT's
//! log-likelihood ratio and verdict when `--elo0`/`--elo1` are given, the largest time
//! overrun of each engine, and on a clock, the share of its time (base and increments) each
//! spent and the least it had left after a move.

use std::time::{Duration, Instant};

use rankup::arena::stats::{elo_estimate, EloEstimate, Sprt, Verdict};
use rankup::arena::{self, Adjudication, ClockUse, MatchConfig, Tally, TimeControl};
use rankup::rules::Color;
use rankup::text::{sanitize, short};
use rankup::variants::VariantId;

/// The arguments of `rankup match`, as typed.
#[derive(Clone, Debug)]
pub struct MatchArgs {
    /// Engine command lines.
    pub engines: [String; 2],
    /// `NAME=VALUE` options for both engines, then for each.
    pub options: Vec<String>,
    /// Options for engine 1 and engine 2.
    pub options_each: [Vec<String>; 2],
    /// Variant id.
    pub variant: String,
    /// Number of games.
    pub games: u32,
    /// Milliseconds per move.
    pub movetime: Option<u64>,
    /// Clock, `BASE+INC` seconds.
    pub tc: Option<String>,
    /// Grace past the time, ms.
    pub margin: u64,
    /// Random opening plies.
    pub plies: u32,
    /// Opening seed.
    pub seed: u64,
    /// Move cap, plies.
    pub max_plies: usize,
    /// `CP:MOVES` resign adjudication.
    pub resign: Option<String>,
    /// `PLY:CP:MOVES` draw adjudication.
    pub draw: Option<String>,
    /// SPRT hypotheses.
    pub elo0: Option<f64>,
    /// SPRT hypotheses.
    pub elo1: Option<f64>,
    /// Games at once.
    pub concurrency: usize,
}

/// `NAME=VALUE` pairs for the engines' `setoption` lines: a control character (a line break
/// would start a command of its own) is refused.
fn parse_options(list: &[String]) -> Result<Vec<(String, String)>, String> {
    list.iter()
        .map(|o| {
            if o.chars().any(char::is_control) {
                return Err(format!("option '{}' holds a control character", short(o)));
            }
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .filter(|(n, _)| !n.is_empty())
                .ok_or_else(|| format!("option '{}' is not NAME=VALUE", short(o)))
        })
        .collect()
}

fn numbers<const N: usize>(text: &str, what: &str) -> Result<[i64; N], String> {
    let parts: Vec<i64> = text
        .split(':')
        .map(|p| p.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            format!(
                "{what} '{}' is not {N} numbers separated by ':'",
                short(text)
            )
        })?;
    parts.try_into().map_err(|_| {
        format!(
            "{what} '{}' is not {N} numbers separated by ':'",
            short(text)
        )
    })
}

impl MatchArgs {
    fn config(&self) -> Result<MatchConfig, String> {
        let variant: VariantId = self.variant.parse().map_err(|e| format!("{e}"))?;
        let time = match (&self.movetime, &self.tc) {
            (Some(_), Some(_)) => return Err("give --movetime or --tc, not both".into()),
            (Some(ms), None) => TimeControl::MoveTime(Duration::from_millis((*ms).max(1))),
            (None, Some(tc)) => TimeControl::parse_clock(tc)?,
            (None, None) => TimeControl::MoveTime(Duration::from_millis(100)),
        };
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        let common = parse_options(&self.options)?;
        let mut options = [common.clone(), common];
        for (own, extra) in options.iter_mut().zip(&self.options_each) {
            own.extend(parse_options(extra)?);
        }
        let resign = match &self.resign {
            Some(t) => {
                let [cp, moves] = numbers::<2>(t, "--resign")?;
                Some((cp.clamp(1, 100_000) as i32, moves.clamp(1, 1000) as u32))
            }
            None => None,
        };
        let draw = match &self.draw {
            Some(t) => {
                let [ply, cp, moves] = numbers::<3>(t, "--draw")?;
                Some((
                    ply.clamp(0, 100_000) as u32,
                    cp.clamp(0, 100_000) as i32,
                    moves.clamp(1, 1000) as u32,
                ))
            }
            None => None,
        };
        let sprt = match (self.elo0, self.elo1) {
            (Some(e0), Some(e1)) if e1 > e0 => Some(Sprt::new(e0, e1)),
            (Some(_), Some(_)) => return Err("--elo1 must be above --elo0".into()),
            (None, None) => None,
            _ => return Err("give both --elo0 and --elo1 for an SPRT".into()),
        };
        Ok(MatchConfig {
            commands: self.engines.clone(),
            options,
            variant,
            games: self.games,
            time,
            margin: Duration::from_millis(self.margin),
            opening_plies: self.plies,
            seed: self.seed,
            max_plies: self.max_plies.max(1),
            adjudication: Adjudication { resign, draw },
            sprt,
            concurrency: self.concurrency,
        })
    }
}

fn elo_text(e: &EloEstimate) -> String {
    // Adding 0.0 turns -0.0 into 0.0 for printing.
    format!(
        "{:+.1} +/- {:.1} (95%: {:+.1} .. {:+.1})",
        e.elo + 0.0,
        (e.high - e.low) / 2.0,
        e.low + 0.0,
        e.high + 0.0
    )
}

/// An engine's clock use, in a game line and the summary: `used 91% of its base and
/// increments, least left after a move 0.6 s`.
fn clock_text(c: &ClockUse) -> String {
    format!(
        "used {:.0}% of its base and increments, least left after a move {:.1} s",
        c.percent_used(),
        c.least_left.unwrap_or_default().as_secs_f64()
    )
}

/// The summary lines for the totals so far.
fn summary(t: &Tally, sprt: Option<&Sprt>) -> Vec<String> {
    let w = &t.wdl;
    let mut lines = Vec::new();
    let Some((m, v)) = w.mean_var() else {
        return vec!["no games played".into()];
    };
    lines.push(format!(
        "games {}: engine1 +{} ={} -{}, score {:.1}%",
        w.games(),
        w.wins,
        w.draws,
        w.losses,
        100.0 * m
    ));
    lines.push(format!(
        "elo (games): {}",
        elo_text(&elo_estimate(m, v, w.games()))
    ));
    // Until the pairs differ there is no spread to measure an interval from.
    if let Some((pm, pv)) = t.pairs.mean_var().filter(|&(_, pv)| pv > 0.0) {
        let c = t.pairs.counts;
        lines.push(format!(
            "elo (pairs): {}  pentanomial [{} {} {} {} {}]",
            elo_text(&elo_estimate(pm, pv, t.pairs.pairs())),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4]
        ));
    }
    if let Some(s) = sprt {
        let llr = t.llr(s);
        let (lo, hi) = s.bounds();
        let verdict = match s.verdict(llr) {
            Verdict::H1 => "H1 accepted (engine1 is stronger)",
            Verdict::H0 => "H0 accepted (engine1 is not stronger by elo1)",
            Verdict::Continue => "no verdict yet",
        };
        lines.push(format!(
            "sprt elo0 {} elo1 {}: llr {llr:.2} ({lo:.2} .. {hi:.2}), {verdict}",
            s.elo0, s.elo1
        ));
    }
    lines.push(format!(
        "largest overrun: engine1 {} ms, engine2 {} ms",
        t.overrun[0].as_millis(),
        t.overrun[1].as_millis()
    ));
    if t.clock.iter().any(|c| !c.had.is_zero()) {
        lines.push(format!(
            "clock: engine1 {}; engine2 {}",
            clock_text(&t.clock[0]),
            clock_text(&t.clock[1])
        ));
    }
    lines
}

/// `rankup match`.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let cfg = args.config()?;
    let started = Instant::now();
    crate::cli::print_lines([
        format!("engine1: {}", sanitize(&cfg.commands[0])),
        format!("engine2: {}", sanitize(&cfg.commands[1])),
        format!(
            "{}: {} games, {}, openings of {} random plies (seed {}), move cap {} plies",
            cfg.variant,
            cfg.games.div_ceil(2) * 2,
            cfg.time,
            cfg.opening_plies,
            cfg.seed,
            cfg.max_plies
        ),
    ])?;
    let sprt = cfg.sprt;
    let mut failed = None;
    let tally = arena::run(&cfg, &mut |g, t| {
        let who = if g.first_white {
            "engine1 white"
        } else {
            "engine1 black"
        };
        let result = match g.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        let mut line = format!(
            "game {:>4}: {who} | {} | {result} {} after {} plies | +{} ={} -{}",
            g.index + 1,
            g.opening.join(" "),
            g.ending,
            g.plies,
            t.wdl.wins,
            t.wdl.draws,
            t.wdl.losses
        );
        if g.clock.iter().any(|c| !c.had.is_zero()) {
            // Each game's own clock use, so a match stopped early still shows it.
            line.push_str(&format!(
                " | clock: engine1 {}; engine2 {}",
                clock_text(&g.clock[0]),
                clock_text(&g.clock[1])
            ));
        }
        if failed.is_none() {
            failed = crate::cli::print_lines([line]).err();
        }
    })
    .map_err(|e| e.to_string())?;
    if let Some(e) = failed {
        return Err(e);
    }
    let mut lines = summary(&tally, sprt.as_ref());
    lines.push(format!("time: {:.0} s", started.elapsed().as_secs_f64()));
    crate::cli::print_lines(lines)
}
