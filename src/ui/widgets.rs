//! Widgets that draw parts of the screen from state they are given, shared by the views of
//! the screens.

pub mod board;
pub mod board_input;
pub mod clock;
pub mod graph;
pub mod legend;
pub mod material;
pub mod moves;
pub mod overlay;
pub mod picker;
pub mod scroll;
pub mod study;
pub mod text;
