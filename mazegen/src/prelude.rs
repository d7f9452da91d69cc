//! The core in one import: the maze and its builder, the grid, generating, solving, stamps
//! and the two formats every build has (the hex file and SVG):
//!
//! ```
//! use mazegen::prelude::*;
//!
//! let maze = Maze::builder(12, 9).seed(3).stamp(StampChoice::None).build()?;
//! let path = maze.search(Solver::AStar).run().expect("connected");
//! assert_eq!(Some(&path), maze.solution());
//! let hex = Output::file(Hex, std::env::temp_dir().join("mazegen-prelude.txt"));
//! maze.write_to(&[hex.clone()])?;
//! # std::fs::remove_file(hex.path().unwrap())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::format::{Format, Hex, Output, Svg, SvgOptions};
pub use crate::{
    Algorithm, Dir, Error, GenEvent, Generator, Grid, Maze, MazeBuilder, MazeOptions, Pattern, Pos,
    Searching, Solution, SolveEvent, Solver, Stamp, StampChoice, Walls,
};
