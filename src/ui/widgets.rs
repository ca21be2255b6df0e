//! Widgets that draw parts of the screen from state they are given.

pub mod board;
