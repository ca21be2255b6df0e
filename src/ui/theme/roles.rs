//! The colour model: every colour rankup draws, by meaning ([`Role`]), and the colours of all
//! roles at one colour depth ([`Roles`]).
//!
//! A theme file gives the roles in true colour; [`super::depth`] derives them for 256 and 16
//! colours, taking the theme's optional per-depth [`Overrides`] as given.

use ratatui::style::Color;
use serde::Deserialize;

/// What a colour is for. Squares are backgrounds, pieces and marks are drawn on them, the
/// interface roles on the terminal's own background.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Ordinary text.
    Text,
    /// Secondary text: labels, hints, coordinates.
    Dim,
    /// Headings, the selected entry, the running clock.
    Accent,
    /// Panel borders.
    Border,
    /// Error messages.
    Error,
    /// A clock low on time.
    LowClock,
    /// Light squares.
    LightSquare,
    /// Dark squares.
    DarkSquare,
    /// Light squares where pieces promote.
    LightZone,
    /// Dark squares where pieces promote.
    DarkZone,
    /// Citadels (Tamerspiel's corner squares).
    Citadel,
    /// The last move's squares.
    LastMove,
    /// The square of a royal piece in check.
    Check,
    /// The lifted piece's square.
    Lifted,
    /// The cursor's brackets.
    Cursor,
    /// A square the lifted piece may move to.
    Target,
    /// An enemy piece the lifted piece may take.
    Capture,
    /// One's own piece the lifted piece may swap places with.
    Swap,
    /// The two squares of a move made in advance, while the opponent thinks.
    Premove,
    /// A piece of one side: stage 0 is unpromoted, stage N its Nth promotion (or level N+1 in
    /// games with levels).
    Piece {
        /// White's (else Black's).
        white: bool,
        /// Promotion stage or level above 1.
        stage: u8,
    },
}

impl Role {
    /// The square backgrounds, in the order rankup derives them.
    pub const SQUARES: [Role; 8] = [
        Role::LightSquare,
        Role::DarkSquare,
        Role::LightZone,
        Role::DarkZone,
        Role::Citadel,
        Role::LastMove,
        Role::Check,
        Role::Lifted,
    ];

    /// The marks drawn on squares around or instead of a piece.
    pub const MARKS: [Role; 5] = [
        Role::Cursor,
        Role::Target,
        Role::Capture,
        Role::Swap,
        Role::Premove,
    ];

    /// The interface roles, drawn on the terminal's background.
    pub const INTERFACE: [Role; 6] = [
        Role::Text,
        Role::Dim,
        Role::Accent,
        Role::Border,
        Role::Error,
        Role::LowClock,
    ];

    /// What it is, for messages and legends: "the dark square", "Black's promoted piece".
    pub fn label(self) -> String {
        match self {
            Role::Text => "text".into(),
            Role::Dim => "dim text".into(),
            Role::Accent => "accent text".into(),
            Role::Border => "the border".into(),
            Role::Error => "error text".into(),
            Role::LowClock => "the low clock".into(),
            Role::LightSquare => "the light square".into(),
            Role::DarkSquare => "the dark square".into(),
            Role::LightZone => "the light zone square".into(),
            Role::DarkZone => "the dark zone square".into(),
            Role::Citadel => "the citadel".into(),
            Role::LastMove => "the last move's square".into(),
            Role::Check => "the square in check".into(),
            Role::Lifted => "the lifted piece's square".into(),
            Role::Cursor => "the cursor mark".into(),
            Role::Target => "the target mark".into(),
            Role::Capture => "the capture mark".into(),
            Role::Swap => "the swap mark".into(),
            Role::Premove => "the premove mark".into(),
            Role::Piece { white, stage } => {
                let side = if white { "White" } else { "Black" };
                match stage {
                    0 => format!("{side}'s piece"),
                    1 => format!("{side}'s promoted piece"),
                    n => format!("{side}'s promoted piece (stage {n})"),
                }
            }
        }
    }

    /// The theme file's field for it (`selected` is the lifted piece's square; pieces are
    /// `white_piece`/`white_ramp` and the same for Black).
    pub fn field(self) -> &'static str {
        match self {
            Role::Text => "text",
            Role::Dim => "dim",
            Role::Accent => "accent",
            Role::Border => "border",
            Role::Error => "error",
            Role::LowClock => "low_clock",
            Role::LightSquare => "light_square",
            Role::DarkSquare => "dark_square",
            Role::LightZone => "light_zone",
            Role::DarkZone => "dark_zone",
            Role::Citadel => "citadel",
            Role::LastMove => "last_move",
            Role::Check => "check",
            Role::Lifted => "selected",
            Role::Cursor => "cursor",
            Role::Target => "target",
            Role::Capture => "capture",
            Role::Swap => "swap",
            Role::Premove => "premove",
            Role::Piece {
                white: true,
                stage: 0,
            } => "white_piece",
            Role::Piece {
                white: false,
                stage: 0,
            } => "black_piece",
            Role::Piece { white: true, .. } => "white_ramp",
            Role::Piece { white: false, .. } => "black_ramp",
        }
    }
}

/// The colour of every role at one colour depth. Mark colours may be `Reset`: black or grey,
/// whichever is readable on the square under the mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Roles {
    /// [`Role::Text`].
    pub text: Color,
    /// [`Role::Dim`].
    pub dim: Color,
    /// [`Role::Accent`].
    pub accent: Color,
    /// [`Role::Border`].
    pub border: Color,
    /// [`Role::Error`].
    pub error: Color,
    /// [`Role::LowClock`].
    pub low_clock: Color,
    /// [`Role::LightSquare`].
    pub light_square: Color,
    /// [`Role::DarkSquare`].
    pub dark_square: Color,
    /// [`Role::LightZone`].
    pub light_zone: Color,
    /// [`Role::DarkZone`].
    pub dark_zone: Color,
    /// [`Role::Citadel`].
    pub citadel: Color,
    /// [`Role::LastMove`].
    pub last_move: Color,
    /// [`Role::Check`]: the square, or the royal piece's tile when pieces have tiles.
    pub check: Color,
    /// [`Role::Lifted`].
    pub lifted: Color,
    /// [`Role::Cursor`].
    pub cursor: Color,
    /// [`Role::Target`].
    pub target: Color,
    /// [`Role::Capture`].
    pub capture: Color,
    /// [`Role::Swap`].
    pub swap: Color,
    /// [`Role::Premove`].
    pub premove: Color,
    /// White's unpromoted pieces.
    pub white_piece: Color,
    /// Black's unpromoted pieces.
    pub black_piece: Color,
    /// White's pieces by promotion stage 1, 2, ...; the last repeats.
    pub white_ramp: Vec<Color>,
    /// Black's pieces by promotion stage 1, 2, ...; the last repeats.
    pub black_ramp: Vec<Color>,
    /// A background of its own under each White piece (a one-cell tile), so the piece is
    /// readable whatever the square; `None` draws it on the square.
    pub white_tile: Option<Color>,
    /// The same for Black's pieces.
    pub black_tile: Option<Color>,
}

impl Roles {
    /// The colour of a role (a piece's stage past the ramp's end takes its last colour).
    pub fn get(&self, role: Role) -> Color {
        match role {
            Role::Text => self.text,
            Role::Dim => self.dim,
            Role::Accent => self.accent,
            Role::Border => self.border,
            Role::Error => self.error,
            Role::LowClock => self.low_clock,
            Role::LightSquare => self.light_square,
            Role::DarkSquare => self.dark_square,
            Role::LightZone => self.light_zone,
            Role::DarkZone => self.dark_zone,
            Role::Citadel => self.citadel,
            Role::LastMove => self.last_move,
            Role::Check => self.check,
            Role::Lifted => self.lifted,
            Role::Cursor => self.cursor,
            Role::Target => self.target,
            Role::Capture => self.capture,
            Role::Swap => self.swap,
            Role::Premove => self.premove,
            Role::Piece { white, stage } => self.piece(white, stage),
        }
    }

    /// The colour slot of a role, to change it (a piece's stage past the ramp's end is the
    /// ramp's last entry; an empty ramp's stages are the plain colour).
    pub fn slot(&mut self, role: Role) -> &mut Color {
        match role {
            Role::Text => &mut self.text,
            Role::Dim => &mut self.dim,
            Role::Accent => &mut self.accent,
            Role::Border => &mut self.border,
            Role::Error => &mut self.error,
            Role::LowClock => &mut self.low_clock,
            Role::LightSquare => &mut self.light_square,
            Role::DarkSquare => &mut self.dark_square,
            Role::LightZone => &mut self.light_zone,
            Role::DarkZone => &mut self.dark_zone,
            Role::Citadel => &mut self.citadel,
            Role::LastMove => &mut self.last_move,
            Role::Check => &mut self.check,
            Role::Lifted => &mut self.lifted,
            Role::Cursor => &mut self.cursor,
            Role::Target => &mut self.target,
            Role::Capture => &mut self.capture,
            Role::Swap => &mut self.swap,
            Role::Premove => &mut self.premove,
            Role::Piece { white, stage } => {
                let (base, ramp) = if white {
                    (&mut self.white_piece, &mut self.white_ramp)
                } else {
                    (&mut self.black_piece, &mut self.black_ramp)
                };
                if stage == 0 || ramp.is_empty() {
                    base
                } else {
                    let last = ramp.len() - 1;
                    &mut ramp[(stage as usize - 1).min(last)]
                }
            }
        }
    }

    /// The colour of a piece of `white` side at promotion `stage` (0 = unpromoted).
    pub fn piece(&self, white: bool, stage: u8) -> Color {
        let (base, ramp) = if white {
            (self.white_piece, &self.white_ramp)
        } else {
            (self.black_piece, &self.black_ramp)
        };
        if stage == 0 || ramp.is_empty() {
            base
        } else {
            ramp[(stage as usize - 1).min(ramp.len() - 1)]
        }
    }

    /// Every piece role that has a colour of its own: both sides, unpromoted and each ramp
    /// stage.
    pub fn pieces(&self) -> Vec<Role> {
        let mut out = Vec::new();
        for (white, ramp) in [(true, &self.white_ramp), (false, &self.black_ramp)] {
            for stage in 0..=ramp.len() {
                out.push(Role::Piece {
                    white,
                    stage: stage.min(u8::MAX as usize) as u8,
                });
            }
        }
        out
    }

    /// Every role with its own colour: interface, squares, marks and pieces.
    pub fn all(&self) -> Vec<Role> {
        let mut out: Vec<Role> = Role::INTERFACE.to_vec();
        out.extend(Role::SQUARES);
        out.extend(Role::MARKS);
        out.extend(self.pieces());
        out
    }
}

/// A theme's colours for one colour depth (the `ansi256: (...)` and `ansi16: (...)`
/// sections): any role named here is used as given at that depth instead of being derived.
/// Pieces may also get tiles there (`white_tile`, `black_tile`; `Reset` is no tile).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Overrides {
    /// [`Role::Text`].
    #[serde(deserialize_with = "super::colour::opt_text")]
    pub text: Option<Color>,
    /// [`Role::Dim`].
    #[serde(deserialize_with = "super::colour::opt_dim")]
    pub dim: Option<Color>,
    /// [`Role::Accent`].
    #[serde(deserialize_with = "super::colour::opt_accent")]
    pub accent: Option<Color>,
    /// [`Role::Border`].
    #[serde(deserialize_with = "super::colour::opt_border")]
    pub border: Option<Color>,
    /// [`Role::Error`].
    #[serde(deserialize_with = "super::colour::opt_error")]
    pub error: Option<Color>,
    /// [`Role::LowClock`].
    #[serde(deserialize_with = "super::colour::opt_low_clock")]
    pub low_clock: Option<Color>,
    /// [`Role::LightSquare`].
    #[serde(deserialize_with = "super::colour::opt_light_square")]
    pub light_square: Option<Color>,
    /// [`Role::DarkSquare`].
    #[serde(deserialize_with = "super::colour::opt_dark_square")]
    pub dark_square: Option<Color>,
    /// [`Role::LightZone`].
    #[serde(deserialize_with = "super::colour::opt_light_zone")]
    pub light_zone: Option<Color>,
    /// [`Role::DarkZone`].
    #[serde(deserialize_with = "super::colour::opt_dark_zone")]
    pub dark_zone: Option<Color>,
    /// [`Role::Citadel`].
    #[serde(deserialize_with = "super::colour::opt_citadel")]
    pub citadel: Option<Color>,
    /// [`Role::LastMove`].
    #[serde(deserialize_with = "super::colour::opt_last_move")]
    pub last_move: Option<Color>,
    /// [`Role::Check`].
    #[serde(deserialize_with = "super::colour::opt_check")]
    pub check: Option<Color>,
    /// [`Role::Lifted`].
    #[serde(deserialize_with = "super::colour::opt_selected")]
    pub selected: Option<Color>,
    /// [`Role::Cursor`].
    #[serde(deserialize_with = "super::colour::opt_cursor")]
    pub cursor: Option<Color>,
    /// [`Role::Target`].
    #[serde(deserialize_with = "super::colour::opt_target")]
    pub target: Option<Color>,
    /// [`Role::Capture`].
    #[serde(deserialize_with = "super::colour::opt_capture")]
    pub capture: Option<Color>,
    /// [`Role::Swap`].
    #[serde(deserialize_with = "super::colour::opt_swap")]
    pub swap: Option<Color>,
    /// [`Role::Premove`].
    #[serde(deserialize_with = "super::colour::opt_premove")]
    pub premove: Option<Color>,
    /// White's unpromoted pieces.
    #[serde(deserialize_with = "super::colour::opt_white_piece")]
    pub white_piece: Option<Color>,
    /// Black's unpromoted pieces.
    #[serde(deserialize_with = "super::colour::opt_black_piece")]
    pub black_piece: Option<Color>,
    /// White's promoted pieces by stage.
    #[serde(deserialize_with = "super::colour::opt_white_ramp")]
    pub white_ramp: Option<Vec<Color>>,
    /// Black's promoted pieces by stage.
    #[serde(deserialize_with = "super::colour::opt_black_ramp")]
    pub black_ramp: Option<Vec<Color>>,
    /// A tile under each White piece.
    #[serde(deserialize_with = "super::colour::opt_white_tile")]
    pub white_tile: Option<Color>,
    /// A tile under each Black piece.
    #[serde(deserialize_with = "super::colour::opt_black_tile")]
    pub black_tile: Option<Color>,
}

impl Overrides {
    /// The single-colour roles it names, with their colours.
    pub fn named(&self) -> Vec<(Role, Color)> {
        let pairs = [
            (Role::Text, self.text),
            (Role::Dim, self.dim),
            (Role::Accent, self.accent),
            (Role::Border, self.border),
            (Role::Error, self.error),
            (Role::LowClock, self.low_clock),
            (Role::LightSquare, self.light_square),
            (Role::DarkSquare, self.dark_square),
            (Role::LightZone, self.light_zone),
            (Role::DarkZone, self.dark_zone),
            (Role::Citadel, self.citadel),
            (Role::LastMove, self.last_move),
            (Role::Check, self.check),
            (Role::Lifted, self.selected),
            (Role::Cursor, self.cursor),
            (Role::Target, self.target),
            (Role::Capture, self.capture),
            (Role::Swap, self.swap),
            (Role::Premove, self.premove),
            (
                Role::Piece {
                    white: true,
                    stage: 0,
                },
                self.white_piece,
            ),
            (
                Role::Piece {
                    white: false,
                    stage: 0,
                },
                self.black_piece,
            ),
        ];
        pairs
            .into_iter()
            .filter_map(|(role, c)| c.map(|c| (role, c)))
            .collect()
    }

    /// `roles` with everything named here put in; returns which roles were named (ramps
    /// named here count for every stage).
    pub fn apply(&self, roles: &mut Roles) -> Vec<Role> {
        let mut fixed = Vec::new();
        for (role, colour) in self.named() {
            *roles.slot(role) = colour;
            fixed.push(role);
        }
        if let Some(ramp) = &self.white_ramp {
            roles.white_ramp = ramp.clone();
        }
        if let Some(ramp) = &self.black_ramp {
            roles.black_ramp = ramp.clone();
        }
        for (white, named) in [
            (true, self.white_ramp.is_some()),
            (false, self.black_ramp.is_some()),
        ] {
            if named {
                let len = if white {
                    roles.white_ramp.len()
                } else {
                    roles.black_ramp.len()
                };
                fixed.extend((1..=len).map(|s| Role::Piece {
                    white,
                    stage: s.min(u8::MAX as usize) as u8,
                }));
            }
        }
        // A tile named `Reset` is no tile: the pieces stand on the squares.
        let tile = |t: Color| (t != Color::Reset).then_some(t);
        if let Some(t) = self.white_tile {
            roles.white_tile = tile(t);
        }
        if let Some(t) = self.black_tile {
            roles.black_tile = tile(t);
        }
        fixed
    }
}
