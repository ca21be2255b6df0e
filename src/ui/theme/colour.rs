//! Deserializers for the colour fields: a bad value is an error that names the field and the
//! forms a colour may take (ratatui's own says only "Failed to parse Colors").

use std::fmt;

use ratatui::style::Color;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};

use crate::text::short;

/// The forms of a colour, for messages.
pub(super) const FORMS: &str = "\"#rrggbb\", a palette index \"0\"..\"255\", or a name \
    (Black, Red, Green, Yellow, Blue, Magenta, Cyan, Gray, DarkGray, LightRed, LightGreen, \
    LightYellow, LightBlue, LightMagenta, LightCyan, White, Reset)";

/// One colour of the field it names.
struct One(&'static str);

impl<'de> Visitor<'de> for One {
    type Value = Color;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a colour for {}: {FORMS}", self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Color, E> {
        v.parse().map_err(|_| {
            E::custom(format!(
                "{}: '{}' is not a colour; expected {FORMS}",
                self.0,
                short(v)
            ))
        })
    }
}

impl<'de> DeserializeSeed<'de> for One {
    type Value = Color;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Color, D::Error> {
        // `any`, so that a number or a list is also told what a colour may be.
        d.deserialize_any(self)
    }
}

/// The most colours a ramp may list: a piece's promotion stage or level picks one, and no
/// game comes near this many stages.
pub const MAX_RAMP: usize = 64;

/// A list of colours of the field it names.
struct Many(&'static str);

impl<'de> Visitor<'de> for Many {
    type Value = Vec<Color>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of colours for {}: [{FORMS}, ...]", self.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Color>, A::Error> {
        let mut colours = Vec::new();
        while let Some(c) = seq.next_element_seed(One(self.0))? {
            if colours.len() == MAX_RAMP {
                return Err(de::Error::custom(format!(
                    "{}: at most {MAX_RAMP} colours (one per promotion stage or level; the \
                     last repeats)",
                    self.0
                )));
            }
            colours.push(c);
        }
        Ok(colours)
    }
}

/// Fields holding one colour (`NAME`), and optional ones (`opt_NAME`, for the per-depth
/// sections and `background`).
macro_rules! one {
    ($($field:ident / $opt:ident),* $(,)?) => {$(
        #[allow(dead_code)] // some fields exist only in their optional form
        pub(super) fn $field<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
            One(stringify!($field)).deserialize(d)
        }

        pub(super) fn $opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
            One(stringify!($field)).deserialize(d).map(Some)
        }
    )*};
}

/// Fields holding a list of colours, and their optional forms.
macro_rules! many {
    ($($field:ident / $opt:ident),* $(,)?) => {$(
        #[allow(dead_code)] // some fields exist only in their optional form
        pub(super) fn $field<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Color>, D::Error> {
            d.deserialize_any(Many(stringify!($field)))
        }

        pub(super) fn $opt<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Vec<Color>>, D::Error> {
            d.deserialize_any(Many(stringify!($field))).map(Some)
        }
    )*};
}

one!(
    text / opt_text,
    dim / opt_dim,
    accent / opt_accent,
    border / opt_border,
    error / opt_error,
    low_clock / opt_low_clock,
    light_square / opt_light_square,
    dark_square / opt_dark_square,
    light_zone / opt_light_zone,
    dark_zone / opt_dark_zone,
    citadel / opt_citadel,
    white_piece / opt_white_piece,
    black_piece / opt_black_piece,
    cursor / opt_cursor,
    selected / opt_selected,
    target / opt_target,
    capture / opt_capture,
    swap / opt_swap,
    premove / opt_premove,
    last_move / opt_last_move,
    check / opt_check,
    background / opt_background,
    white_tile / opt_white_tile,
    black_tile / opt_black_tile,
);

many!(white_ramp / opt_white_ramp, black_ramp / opt_black_ramp);
