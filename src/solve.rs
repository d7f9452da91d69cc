//! Solving a maze, as a step machine like generation (so the dashboard can animate it).

mod bfs;

pub use bfs::Bfs;

use std::fmt;

use crate::geometry::{Dir, Pos};
use crate::grid::Grid;

/// What one solver step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// Reached a cell for the first time.
    Visit { cell: Pos },
    /// The search is over: the goal was reached, or every reachable cell was searched without
    /// finding it. Every further step returns `Done` again.
    Done { found: bool },
}

/// A path through the maze: a start cell and the steps taken from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    start: Pos,
    dirs: Vec<Dir>,
}

impl Solution {
    pub fn new(start: Pos, dirs: Vec<Dir>) -> Solution {
        Solution { start, dirs }
    }

    pub fn start(&self) -> Pos {
        self.start
    }

    pub fn dirs(&self) -> &[Dir] {
        &self.dirs
    }

    /// Number of steps (one less than the number of cells on the path).
    pub fn len(&self) -> usize {
        self.dirs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dirs.is_empty()
    }

    /// The cells on the path, start and end included. Steps that would leave the grid (which a
    /// solver never makes) end the walk early.
    pub fn cells<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Pos> + 'a {
        let mut at = Some(self.start);
        let mut dirs = self.dirs.iter();
        std::iter::from_fn(move || {
            let here = at?;
            at = dirs.next().and_then(|&d| grid.neighbor(here, d));
            Some(here)
        })
    }
}

impl fmt::Display for Solution {
    /// The path as the letters of the maze file, e.g. `SSEEN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = self.dirs.iter().map(|d| d.letter()).collect();
        f.write_str(&letters)
    }
}

/// The shortest path from `from` to `to` (breadth-first search), or `None` if `to` cannot be
/// reached.
pub fn shortest_path(grid: &Grid, from: Pos, to: Pos) -> Option<Solution> {
    let mut bfs = Bfs::new(grid, from, to);
    bfs.run(grid);
    bfs.solution(grid)
}
