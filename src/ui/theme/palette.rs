//! A theme adapted to the terminal: the style of everything drawn, by meaning.
//!
//! Every board state has a form that survives without colour (NO_COLOR, the `mono` theme):
//! dark squares in reverse video, zones as a dot in each square's corner, citadels hatched, the
//! last move underlined, check as `!` beside the royal piece, the lifted piece in reverse
//! against its square, brackets for the cursor, a dot for a quiet target, `( )` around a
//! capture, `< >` around a swap partner, `+` or a level digit beside promoted pieces. At 16
//! colours each piece stands on a tile of its side's colour and check is shown on the royal
//! piece's tile and by the `!` marks.

use ratatui::style::{Color, Modifier, Style};

use super::contrast::{luminance, ratio, rgb, Rgb, XTERM};
use super::depth::{derive_16, derive_256, ink_16};
use super::roles::{Role, Roles};
use super::{ColorMode, Theme};

/// A theme adapted to the terminal: every style the widgets use, by meaning.
#[derive(Clone, Debug)]
pub struct Palette {
    /// The theme it was made from.
    pub theme: Theme,
    /// The terminal's colour depth.
    pub mode: ColorMode,
    /// The colour of each role at this depth.
    roles: Roles,
    /// The terminal background the theme is meant for.
    background: Rgb,
}

/// What a board square shows, for [`Palette::square`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SquareLook {
    /// A dark square.
    pub dark: bool,
    /// A square where pieces promote.
    pub zone: bool,
    /// A citadel.
    pub citadel: bool,
    /// One of the last move's squares.
    pub last_move: bool,
    /// The lifted piece.
    pub selected: bool,
    /// A royal piece in check stands here.
    pub check: bool,
}

impl SquareLook {
    /// The look of a square whose background is `role` (a light square for the marks and
    /// the states that lie over a square).
    pub fn of(role: Role) -> SquareLook {
        let plain = SquareLook::default();
        match role {
            Role::DarkSquare => SquareLook {
                dark: true,
                ..plain
            },
            Role::LightZone => SquareLook {
                zone: true,
                ..plain
            },
            Role::DarkZone => SquareLook {
                zone: true,
                dark: true,
                ..plain
            },
            Role::Citadel => SquareLook {
                citadel: true,
                ..plain
            },
            Role::LastMove => SquareLook {
                last_move: true,
                ..plain
            },
            Role::Check => SquareLook {
                check: true,
                ..plain
            },
            Role::Lifted => SquareLook {
                selected: true,
                ..plain
            },
            _ => plain,
        }
    }
}

/// The marks a square shows besides its colours (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Decor {
    /// Every free cell of the square (a citadel's hatching).
    pub fill: Option<char>,
    /// The square's top left corner, where free (a zone's dot).
    pub corner: Option<char>,
    /// Either side of the piece (check).
    pub sides: Option<char>,
    /// The square's bottom row underlined (the last move).
    pub underline: bool,
}

impl Palette {
    /// Adapts `theme` to `mode`; a monochrome theme forces [`ColorMode::None`].
    pub fn new(theme: Theme, mode: ColorMode) -> Palette {
        let mode = if theme.monochrome {
            ColorMode::None
        } else {
            mode
        };
        let background = theme.background_rgb();
        let roles = match mode {
            ColorMode::TrueColor | ColorMode::None => theme.roles(),
            ColorMode::Ansi256 => {
                let mut roles = theme.roles();
                let fixed = theme.ansi256.apply(&mut roles);
                derive_256(roles, &fixed, background)
            }
            ColorMode::Ansi16 => derive_16(&theme.ansi16, luminance(background) < 0.5),
        };
        Palette {
            theme,
            mode,
            roles,
            background,
        }
    }

    /// Whether colours are off.
    pub fn mono(&self) -> bool {
        self.mode == ColorMode::None
    }

    /// The colour of every role at this depth.
    pub fn roles(&self) -> &Roles {
        &self.roles
    }

    /// The terminal background the theme is meant for.
    pub fn background(&self) -> Rgb {
        self.background
    }

    /// Bold where it cannot change a colour: at 16 colours many terminals draw bold text in
    /// the bright variant (bold black turns grey).
    fn bold(&self) -> Modifier {
        if self.mode == ColorMode::Ansi16 {
            Modifier::empty()
        } else {
            Modifier::BOLD
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.mono() {
            Style::new()
        } else {
            Style::new().fg(c)
        }
    }

    /// Plain text.
    pub fn text(&self) -> Style {
        self.fg(self.roles.text)
    }

    /// Secondary text.
    pub fn dim(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::DIM)
        } else {
            self.fg(self.roles.dim)
        }
    }

    /// Headings, highlighted entries.
    pub fn accent(&self) -> Style {
        self.fg(self.roles.accent).add_modifier(Modifier::BOLD)
    }

    /// Borders.
    pub fn border(&self) -> Style {
        self.fg(self.roles.border)
    }

    /// Error messages.
    pub fn error(&self) -> Style {
        self.fg(self.roles.error).add_modifier(Modifier::BOLD)
    }

    /// A highlighted list entry.
    pub fn highlight(&self) -> Style {
        if self.mono() {
            return Style::new().add_modifier(Modifier::REVERSED);
        }
        let bg = match self.mode {
            // A normal colour: the Linux console has no bright backgrounds.
            ColorMode::Ansi16 if luminance(self.background) < 0.5 => Color::Cyan,
            ColorMode::Ansi16 => Color::Blue,
            _ => self.roles.accent,
        };
        Style::new().fg(self.ink_on(bg)).bg(bg)
    }

    /// A clock: `low` when its time runs short (a warning colour, or reverse video without
    /// colours), `running` while it counts down (bold).
    pub fn clock(&self, low: bool, running: bool) -> Style {
        let mut style = if low {
            self.fg(self.roles.low_clock)
        } else if running {
            self.fg(self.roles.accent)
        } else {
            self.text()
        };
        if running {
            style = style.add_modifier(Modifier::BOLD);
        }
        if low && self.mono() {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    }

    /// The square roles whose colours must tell them apart where they meet: every square
    /// role, less check where pieces stand on tiles (check is then shown on the royal
    /// piece's tile and by marks, not by its square).
    pub fn square_roles(&self) -> Vec<Role> {
        let tiles = self.tiles(true) || self.tiles(false);
        Role::SQUARES
            .into_iter()
            .filter(|&r| !(tiles && r == Role::Check))
            .collect()
    }

    /// Whether the pieces of `white` side stand on tiles of their own.
    pub fn tiles(&self, white: bool) -> bool {
        !self.mono()
            && if white {
                self.roles.white_tile.is_some()
            } else {
                self.roles.black_tile.is_some()
            }
    }

    /// The background colour of a square (`Reset` without colours).
    pub fn square_colour(&self, look: SquareLook) -> Color {
        if self.mono() {
            return Color::Reset;
        }
        let r = &self.roles;
        // With tiles, check colours the royal piece's tile, not its square.
        let check_square = !(self.tiles(true) || self.tiles(false));
        if look.check && check_square {
            r.check
        } else if look.selected {
            r.lifted
        } else if look.last_move {
            r.last_move
        } else if look.citadel {
            r.citadel
        } else {
            match (look.zone, look.dark) {
                (false, false) => r.light_square,
                (false, true) => r.dark_square,
                (true, false) => r.light_zone,
                (true, true) => r.dark_zone,
            }
        }
    }

    /// The background style of a board square (reverse video for dark squares without
    /// colours).
    pub fn square(&self, look: SquareLook) -> Style {
        if self.mono() {
            let mut s = Style::new();
            if look.dark {
                s = s.add_modifier(Modifier::REVERSED);
            }
            return s;
        }
        Style::new().bg(self.square_colour(look))
    }

    /// Black or white (grey at 16 colours), whichever is readable on `bg`.
    pub fn ink_on(&self, bg: Color) -> Color {
        match self.mode {
            ColorMode::None => Color::Reset,
            ColorMode::Ansi16 => ink_16(bg),
            mode => {
                let (black, white) = if mode == ColorMode::Ansi256 {
                    (Color::Indexed(16), Color::Indexed(231))
                } else {
                    (Color::Rgb(0, 0, 0), Color::Rgb(255, 255, 255))
                };
                let seen = rgb(bg, &XTERM).unwrap_or(self.background);
                if ratio(seen, (0, 0, 0)) >= ratio(seen, (255, 255, 255)) {
                    black
                } else {
                    white
                }
            }
        }
    }

    /// A piece's glyph (and its promotion marker) on a square: its side's colour or its ramp
    /// colour when promoted, on its tile where pieces have tiles.
    pub fn piece_on(&self, look: SquareLook, white: bool, stage: u8) -> Style {
        let square = self.square(look);
        if self.mono() {
            let mut s = square.add_modifier(Modifier::BOLD);
            if look.selected {
                // The lifted piece in reverse against its square.
                s = if look.dark {
                    s.remove_modifier(Modifier::REVERSED)
                } else {
                    s.add_modifier(Modifier::REVERSED)
                };
            }
            return s;
        }
        let colour = self.roles.piece(white, stage);
        let tile = if white {
            self.roles.white_tile
        } else {
            self.roles.black_tile
        };
        match tile {
            Some(_) if look.check => {
                let bg = self.roles.check;
                Style::new().fg(self.ink_on(bg)).bg(bg)
            }
            Some(tile) => Style::new().fg(colour).bg(tile),
            None => square.fg(colour).add_modifier(self.bold()),
        }
    }

    /// A piece off the board (legend, rules card): as it looks on a light square, so it is
    /// readable whatever the terminal's background.
    pub fn piece(&self, white: bool, stage: u8) -> Style {
        self.piece_on(SquareLook::default(), white, stage)
    }

    /// A mark on a square: the cursor's brackets, a target's dot, the brackets of a capture
    /// or a swap (`role` is one of [`Role::MARKS`]; any other role draws as [`Self::decor_on`]).
    pub fn mark_on(&self, look: SquareLook, role: Role) -> Style {
        if !Role::MARKS.contains(&role) {
            return self.decor_on(look);
        }
        let square = self.square(look);
        if self.mono() {
            return square.add_modifier(Modifier::BOLD);
        }
        let colour = match self.roles.get(role) {
            Color::Reset => self.ink_on(self.square_colour(look)),
            c => c,
        };
        square.fg(colour).add_modifier(self.bold())
    }

    /// The style of a square's [`Decor`] marks: black or white ink on the square.
    pub fn decor_on(&self, look: SquareLook) -> Style {
        let square = self.square(look);
        if self.mono() {
            square
        } else {
            square.fg(self.ink_on(self.square_colour(look)))
        }
    }

    /// The marks a square shows besides its colours, at this depth.
    pub fn decor(&self, look: SquareLook) -> Decor {
        if self.mono() {
            return Decor {
                fill: look.citadel.then_some('░'),
                corner: (look.zone && !look.citadel).then_some('·'),
                sides: look.check.then_some('!'),
                underline: look.last_move,
            };
        }
        let tiles = self.tiles(true) || self.tiles(false);
        Decor {
            sides: (look.check && tiles).then_some('!'),
            ..Decor::default()
        }
    }
}
