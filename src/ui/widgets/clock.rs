//! The chess clocks as the play screen shows them, for local games and server rooms alike:
//! minutes and seconds, tenths under ten seconds (`0:09.4`), and a warning style once a
//! side's time runs low.
//!
//! Low time follows lichess (its clock controller's `emergMs`): an eighth of the starting
//! time, but at least 10 and at most 60 seconds. So a 3-minute game warns from 22.5 s, a
//! 5-minute game from 37.5 s and anything from 8 minutes up from one minute, while a bullet
//! game does not warn for most of its length. The palette styles it
//! ([`Palette::clock`]): the theme's low-clock colour, reverse video without colours.

use std::time::Duration;

use ratatui::text::{Line, Span};

use crate::rules::Color;
use crate::ui::play::Clocks;
use crate::ui::theme::Palette;

/// Below this the clock shows tenths of a second.
pub const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// The shortest and longest low-time warning.
const LOW_MIN: Duration = Duration::from_secs(10);
const LOW_MAX: Duration = Duration::from_secs(60);

/// `left` as the clock shows it: `m:ss`, `h:mm:ss` from an hour, `m:ss.t` under ten seconds.
/// Every part is rounded down, so the display never shows more time than is left and
/// `0:00.0` means the flag is about to fall.
pub fn format(left: Duration) -> String {
    let secs = left.as_secs();
    if left < TENTHS_BELOW {
        let tenths = left.subsec_millis() / 100;
        format!("0:{secs:02}.{tenths}")
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// The time left below which a clock that started with `base` warns.
pub fn low_threshold(base: Duration) -> Duration {
    (base / 8).clamp(LOW_MIN, LOW_MAX)
}

/// Whether `left` is low for a clock that started with `base`.
pub fn is_low(left: Duration, base: Duration) -> bool {
    left < low_threshold(base)
}

/// How long until a running clock with `left` shows something else: the next whole second,
/// or the next tenth under ten seconds (a millisecond past it, so the display has turned).
pub fn next_change(left: Duration) -> Duration {
    let nanos = u64::from(left.subsec_nanos());
    let unit = if left <= TENTHS_BELOW {
        100_000_000
    } else {
        1_000_000_000
    };
    Duration::from_nanos(nanos % unit) + Duration::from_millis(1)
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFace {
    /// Whose clock.
    pub side: Color,
    /// Time left.
    pub left: Duration,
    /// Below the low-time threshold.
    pub low: bool,
    /// Counting down now.
    pub running: bool,
}

impl ClockFace {
    /// `side`'s clock of `clocks`; `running` when it counts down now.
    pub fn of(clocks: &Clocks, side: Color, running: bool) -> ClockFace {
        let left = clocks.left[side];
        ClockFace {
            side,
            left,
            low: is_low(left, clocks.control.base),
            running,
        }
    }

    /// `White  5:00`, in its style.
    pub fn span(&self, p: &Palette) -> Span<'static> {
        Span::styled(
            format!("{} {:>5}", self.side, format(self.left)),
            p.clock(self.low, self.running),
        )
    }
}

/// Both clocks on one line, `running` the side whose clock counts down (none once the game
/// is over).
pub fn clocks_line(clocks: &Clocks, running: Option<Color>, p: &Palette) -> Line<'static> {
    let mut spans = Vec::new();
    for side in Color::ALL {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(ClockFace::of(clocks, side, running == Some(side)).span(p));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::{ColorMode, Theme};

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn minutes_and_seconds_then_tenths_under_ten_seconds() {
        assert_eq!(format(ms(300_000)), "5:00");
        assert_eq!(format(ms(61_999)), "1:01");
        assert_eq!(format(ms(10_000)), "0:10");
        assert_eq!(format(ms(9_999)), "0:09.9");
        assert_eq!(format(ms(9_450)), "0:09.4");
        assert_eq!(format(ms(400)), "0:00.4");
        assert_eq!(format(ms(99)), "0:00.0");
        assert_eq!(format(Duration::ZERO), "0:00.0");
        assert_eq!(format(ms(3_600_000)), "1:00:00");
        assert_eq!(format(ms(36_061_000)), "10:01:01");
    }

    #[test]
    fn low_time_is_an_eighth_of_the_start_between_ten_and_sixty_seconds() {
        let min = |m: u64| Duration::from_secs(m * 60);
        assert_eq!(low_threshold(min(1)), Duration::from_secs(10));
        assert_eq!(low_threshold(min(3)), ms(22_500));
        assert_eq!(low_threshold(min(5)), ms(37_500));
        assert_eq!(low_threshold(min(8)), Duration::from_secs(60));
        assert_eq!(low_threshold(min(600)), Duration::from_secs(60));
        assert!(is_low(ms(22_499), min(3)));
        assert!(!is_low(ms(22_500), min(3)));
        assert!(!is_low(ms(11_000), min(1)) && is_low(ms(9_999), min(1)));
    }

    #[test]
    fn the_display_changes_at_the_next_second_or_tenth() {
        assert_eq!(next_change(ms(12_345)), ms(346));
        assert_eq!(next_change(ms(12_000)), ms(1));
        assert_eq!(next_change(ms(10_000)), ms(1), "10.0 turns to 9.9 at once");
        assert_eq!(next_change(ms(9_450)), ms(51));
        assert_eq!(next_change(ms(9_400)), ms(1));
        assert_eq!(next_change(Duration::ZERO), ms(1));
    }

    #[test]
    fn every_state_differs_at_every_depth() {
        use ratatui::style::Modifier;
        for mode in ColorMode::ALL {
            let p = Palette::new(Theme::default(), mode);
            let face = |low, running| {
                ClockFace {
                    side: Color::White,
                    left: ms(9_400),
                    low,
                    running,
                }
                .span(&p)
                .style
            };
            let styles = [
                face(false, false),
                face(false, true),
                face(true, false),
                face(true, true),
            ];
            for (i, a) in styles.iter().enumerate() {
                for b in &styles[i + 1..] {
                    assert_ne!(a, b, "{mode:?}");
                }
            }
            if mode == ColorMode::None {
                assert!(styles[2].add_modifier.contains(Modifier::REVERSED));
                assert!(styles[3].add_modifier.contains(Modifier::REVERSED));
            }
        }
    }

    #[test]
    fn a_face_shows_the_side_the_time_and_its_state() {
        let p = Palette::new(Theme::default(), ColorMode::None);
        let face = ClockFace {
            side: Color::Black,
            left: ms(9_400),
            low: true,
            running: true,
        };
        let span = face.span(&p);
        assert_eq!(span.content, "Black 0:09.4");
        assert_eq!(span.style, p.clock(true, true));
        let calm = ClockFace {
            left: ms(300_000),
            low: false,
            ..face
        };
        assert_eq!(calm.span(&p).content, "Black  5:00");
    }
}
