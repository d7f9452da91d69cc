//! `mazegen`: generate, solve, validate and write mazes in the 42 "A-Maze-ing" hex format.
//! Every maze gets the 42 subject's "42" stamp by default, in the middle ([`Stamp::centred`]);
//! `Maze::builder(w, h).stamp(StampChoice::None)` leaves it out.
//! Its failures are the variants of one error type, [`Error`].
//!
//! The core (the maze and its builder, the grid, generators, solvers, stamps, statistics) is at
//! the crate root, the part most programs need in [`prelude`], and the ways of writing a maze
//! down (and the file helpers they share) in [`format`](mod@format). The 42 subject's own parts
//! have modules of their own: [`config`] (its config file), [`validate`] (its rules, checked: a
//! report, or any maze file, valid or not, inspected with every broken rule located), [`session`] (a
//! maze's life, animated) and [`play`] (a game on a finished maze). Everything public is
//! documented here. The README below is the guide; its examples run as doc tests.
#![warn(missing_docs)]
#![warn(unnameable_types)]
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
mod maze;
mod parse;
pub mod play;
pub mod prelude;
mod quote;
mod registry;
mod replay;
mod rng;
mod rules;
pub mod session;
mod solve;
mod spelling;
mod stats;
pub mod validate;
mod write;

pub use builder::MazeBuilder;
pub use error::Error;
pub use generate::{Algorithm, CellState, GenEvent, Generator, MazeOptions};
pub use geometry::{Dir, Pos};
pub use grid::{Grid, Pattern, Stamp, StampChoice, Walls};
pub use maze::Maze;
pub use quote::escaped;
pub use replay::Timeline;
pub use solve::{SearchState, Searching, Solution, SolveEvent, Solver};
pub use stats::{Difficulty, Level, MazeStats};
pub use write::{write_atomically, write_new_atomically, write_outputs};

pub(crate) use solve::shortest_path;
