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
    bfs.run();
    bfs.solution()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x2 grid with a U-shaped corridor from (0,0) down, right twice and up to (2,0); (1,0)
    /// is walled off.
    fn u_shape() -> Grid {
        let mut grid = Grid::new(3, 2).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::South, false);
        grid.set_wall(Pos::new(0, 1), Dir::East, false);
        grid.set_wall(Pos::new(1, 1), Dir::East, false);
        grid.set_wall(Pos::new(2, 1), Dir::North, false);
        grid
    }

    #[test]
    fn finds_the_only_way_round() {
        let grid = u_shape();
        let path = shortest_path(&grid, Pos::new(0, 0), Pos::new(2, 0)).unwrap();
        assert_eq!(path.to_string(), "SEEN");
        let cells: Vec<Pos> = path.cells(&grid).collect();
        assert_eq!(cells.first(), Some(&Pos::new(0, 0)));
        assert_eq!(cells.last(), Some(&Pos::new(2, 0)));
        assert_eq!(cells.len(), 5);
    }

    #[test]
    fn prefers_the_shorter_of_two_ways() {
        let mut grid = u_shape();
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        grid.set_wall(Pos::new(1, 0), Dir::East, false);
        assert_eq!(
            shortest_path(&grid, Pos::new(0, 0), Pos::new(2, 0))
                .unwrap()
                .to_string(),
            "EE"
        );
    }

    #[test]
    fn an_unreachable_goal_has_no_path() {
        let grid = u_shape();
        let walled = Grid::new(3, 2).unwrap();
        assert_eq!(shortest_path(&walled, Pos::new(0, 0), Pos::new(2, 0)), None);
        assert!(shortest_path(&grid, Pos::new(1, 0), Pos::new(0, 0)).is_none());
    }

    #[test]
    fn steps_visit_each_reached_cell_once_then_finish() {
        let grid = u_shape();
        let mut bfs = Bfs::new(&grid, Pos::new(0, 0), Pos::new(2, 0));
        let mut expanded = Vec::new();
        let found = loop {
            match bfs.step() {
                SolveEvent::Visit { cell } => expanded.push(cell),
                SolveEvent::Done { found } => break found,
            }
        };
        assert!(found);
        assert_eq!(
            expanded,
            [
                Pos::new(0, 0),
                Pos::new(0, 1),
                Pos::new(1, 1),
                Pos::new(2, 1)
            ]
        );
        assert_eq!(bfs.visited(), 5);
        assert!(bfs.is_done());
        assert_eq!(bfs.step(), SolveEvent::Done { found: true });
    }

    #[test]
    fn a_flood_reaches_everything_and_paths_to_any_cell() {
        let grid = u_shape();
        let mut bfs = Bfs::flood(&grid, Pos::new(2, 0));
        assert!(!bfs.run(), "a flood has no goal to find");
        assert_eq!(bfs.visited(), 5);
        assert!(!bfs.reached(Pos::new(1, 0)));
        assert_eq!(bfs.path_to(Pos::new(0, 0)).unwrap().to_string(), "SWWN");
        assert_eq!(bfs.path_to(Pos::new(1, 0)), None);
        assert_eq!(bfs.solution(), None);
    }
}
