//! `mazegen`: generate, solve, validate and write mazes in the 42 "A-Maze-ing" hex format.
//!
//! The README below is the guide; its examples run as this crate's doc tests. Nothing here
//! depends on a terminal or a UI: the `a-maze-ing` dashboard is one user of it.
#![warn(missing_docs)]
#![doc = include_str!("../README.md")]

mod bytes;
pub mod config;
mod cores;
pub mod display;
mod error;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod inspect;
pub mod maze;
pub mod play;
pub mod prelude;
pub mod quote;
mod registry;
pub mod replay;
mod rng;
pub mod rules;
pub mod session;
pub mod solve;
pub mod spelling;
pub mod stats;
pub mod validate;

pub use error::Error;
pub use format::{Format, Hex, Output, Svg, write_outputs};
pub use generate::{Algorithm, CellState, GenError, GenEvent, Generator, MazeOptions};
pub use geometry::{Dir, Pos};
pub use grid::{Grid, Pattern, Stamp, StampChoice, Walls};
pub use maze::{Maze, MazeBuilder};
pub use replay::Timeline;
pub use session::{Phase, Session, SessionError};
pub use solve::{
    Search, SearchState, Searching, Solution, SolveEvent, Solver, shortest_path, try_shortest_path,
};
