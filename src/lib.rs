//! `mazegen`: generate, solve, validate and write mazes in the 42 "A-Maze-ing" hex format.

pub mod config;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod rng;
pub mod rules;
pub mod solve;
pub mod stats;

pub use generate::{Algorithm, GenError, GenEvent, Generator, MazeOptions};
pub use geometry::{Dir, Pos};
pub use grid::{Grid, Stamp, Walls};
pub use solve::{Solution, SolveEvent, shortest_path};
pub mod validate;
