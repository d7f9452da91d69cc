//! Everything a program making, solving and writing mazes usually needs, in one import:
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

pub use crate::Error;
pub use crate::format::{Format, Hex, Output, Svg, write_outputs};
pub use crate::generate::{Algorithm, GenEvent, Generator, MazeOptions};
pub use crate::geometry::{Dir, Pos};
pub use crate::grid::{Grid, Pattern, Stamp, StampChoice, Walls};
pub use crate::maze::{Maze, MazeBuilder};
pub use crate::session::{Phase, Session};
pub use crate::solve::{Searching, Solution, SolveEvent, Solver};
