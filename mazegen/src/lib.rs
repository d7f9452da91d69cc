//! `mazegen`: generate, solve, validate and write mazes in the 42 "A-Maze-ing" hex format.
//!
//! The README below is the guide; its examples run as this crate's doc tests. Nothing here
//! depends on a terminal or a UI: the `a-maze-ing` dashboard is one user of it.
//!
//! The core (the maze and its builder, the grid, generators, solvers, stamps, statistics) is at
//! the crate root, and the part of it most programs need in [`prelude`]; the ways of writing a
//! maze down are in [`format`](mod@format). The parts that carry out the 42 subject's rules and the
//! dashboard's needs have modules of their own: [`config`] (the subject's config file),
//! [`validate`] and [`inspect`] (its maze rules, checked), [`session`] (animating a maze's life)
//! and [`play`] (a game on a finished maze). Items hidden from these docs are shared with the
//! `a-maze-ing` application only: they are not part of the API and may change in any release.
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc = include_str!("../README.md")]

mod builder;
mod bytes;
pub mod config;
mod cores;
mod display;
mod error;
pub mod format;
mod generate;
mod geometry;
mod grid;
#[doc(hidden)]
pub mod inspect;
mod maze;
mod parse;
pub mod play;
pub mod prelude;
#[doc(hidden)]
pub mod quote;
mod registry;
mod replay;
mod rng;
#[doc(hidden)]
pub mod rules;
pub mod session;
mod solve;
#[doc(hidden)]
pub mod spelling;
mod stats;
pub mod validate;

pub use builder::MazeBuilder;
pub use error::Error;
pub use generate::{Algorithm, CellState, GenError, GenEvent, Generator, MazeOptions};
pub use geometry::{Dir, Pos};
pub use grid::{Grid, Pattern, SizeError, Stamp, StampChoice, StampError, Walls};
pub use maze::Maze;
pub use parse::ParseError;
pub use replay::Timeline;
pub use solve::{SearchState, Searching, Solution, SolveEvent, Solver, shortest_path};
pub use stats::MazeStats;

// Shared with the a-maze-ing application only; not part of the API.
#[doc(hidden)]
pub use generate::{Garbage, StepKind};
#[doc(hidden)]
pub use grid::LandmarkNote;
#[doc(hidden)]
pub use stats::{Difficulty, Level};
