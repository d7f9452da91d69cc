//! Solving a maze, as a step machine like generation (so the dashboard can animate it).
//!
//! Every solver implements [`Search`]: it is started on a grid between two cells (see
//! [`Solver::start`]) and then does one unit of work per [`Search::step`], reported as a
//! [`SolveEvent`], until it returns [`SolveEvent::Done`]. [`Solver::Bfs`] is the default and
//! the one whose path the maze file records.
//!
//! Every solver:
//!
//! - does a bounded amount of work per step (no step runs the whole search; A* may also drop
//!   outdated heap entries, pushed by earlier steps), and O(cells) work overall, O(cells log
//!   cells) for A*;
//! - keeps a few bytes a cell at most, and never recurses;
//! - never enters a cell through a closed wall, so never enters the 42's cells;
//! - is deterministic: the same grid and ends give the same events and the same path;
//! - reports `Done { found: true }` at once when `from == to` (the path is then empty), and
//!   `Done { found: false }` when the goal cannot be reached (or, for the wall followers, when
//!   they would walk in circles).

mod astar;
mod bfs;
mod dead_end_filling;
mod dfs;
mod solver;
#[cfg(test)]
mod testing;
mod wall_follower;

pub use astar::AStar;
pub use bfs::Bfs;
pub use dead_end_filling::DeadEndFilling;
pub use dfs::Dfs;
pub use solver::{Solver, UnknownSolver};
pub use wall_follower::{Hand, WallFollower};

use std::fmt;

use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor};

/// What one solver step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// Reached or expanded a cell: the cell BFS and A* expand, the cell DFS goes deeper into,
    /// the cell a wall follower steps into, the cell dead-end filling's final search expands.
    Visit { cell: Pos },
    /// Filled a dead end: `cell` cannot be on any path between the two ends (dead-end filling).
    Fill { cell: Pos },
    /// `from` left the current path, which now ends at `to`, its neighbour: DFS backing out
    /// of a branch, a wall follower walking back out of a dead end, or erasing a loop it
    /// closed one cell a step.
    Retreat { from: Pos, to: Pos },
    /// The search is over: the goal was reached, or every reachable cell was searched without
    /// finding it (or a wall follower found itself walking in circles). Every further step
    /// returns `Done` again.
    Done { found: bool },
}

/// How a cell looks to a search, for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchState {
    /// Not reached yet.
    #[default]
    Unseen,
    /// In the search's working set: queued (BFS, A*, dead ends waiting to be filled), or on
    /// the current stack or path (DFS, wall followers).
    Frontier,
    /// Reached and done with (expanded).
    Visited,
    /// Ruled out: a filled dead end, a branch DFS backed out of, a dead end or loop a wall
    /// follower walked off its path.
    Discarded,
}

/// A maze solver as a step machine over a grid.
///
/// The `grid` passed to [`step`](Search::step) and [`run`](Search::run) must be the one the
/// search was started on, unchanged; solvers that keep their own copy of the walls ignore it.
pub trait Search: fmt::Debug + Send {
    /// Which solver this is.
    fn solver(&self) -> Solver;

    /// One bounded unit of work, reported as one event. Once the search is over it returns
    /// `Done` with the same `found` every time.
    fn step(&mut self, grid: &Grid) -> SolveEvent;

    /// Steps until done; returns whether the goal was reached.
    fn run(&mut self, grid: &Grid) -> bool {
        loop {
            if let SolveEvent::Done { found } = self.step(grid) {
                return found;
            }
        }
    }

    fn is_done(&self) -> bool;

    /// Cells the search has visited so far, what is compared between solvers: cells reached
    /// for BFS and A*, cells entered for DFS, distinct cells walked for the wall followers (for
    /// these, the start counts from the outset), cells filled plus cells reached by the final
    /// search (the start among them) for dead-end filling. Never decreases.
    fn visited(&self) -> u64;

    /// The path found, once the search is done and has reached the goal.
    fn solution(&self) -> Option<Solution>;

    /// How `pos` looks to the search now (O(1)).
    fn cell_state(&self, pos: Pos) -> SearchState;

    /// The cell the search stands on, for solvers that walk (DFS, wall followers).
    fn head(&self) -> Option<Pos> {
        None
    }

    /// Size of the working set: the queue or heap, the stack or path, for stats.
    fn frontier_len(&self) -> usize;
}

/// The path from `from` to `to` read backwards from per-cell "way back" directions: `back(i)`
/// is the direction from cell `i` to the cell it was reached from.
fn path_back(rows: RowMajor, from: usize, to: usize, back: impl Fn(usize) -> Dir) -> Vec<Dir> {
    let mut dirs = Vec::new();
    let mut at = to;
    while at != from {
        let dir = back(at);
        dirs.push(dir.opposite());
        at = rows.step(at, dir);
    }
    dirs.reverse();
    dirs
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
            at = dirs.next().and_then(|&d| grid.neighbour(here, d));
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
    use crate::{Generator, MazeOptions};

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
                other => panic!("BFS only visits: {other:?}"),
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

    /// Every solver on every test maze.
    fn every_run() -> impl Iterator<Item = (Solver, testing::Maze)> {
        testing::mazes()
            .into_iter()
            .flat_map(|maze| Solver::ALL.iter().map(move |&s| (s, maze.clone())))
    }

    #[test]
    fn every_solver_walks_open_walls_to_the_goal_and_agrees_on_perfect_mazes() {
        for (solver, maze) in every_run() {
            let mut search = solver.start(&maze.grid, maze.from, maze.to);
            let found = testing::run_checked(search.as_mut(), &maze);
            let bfs = shortest_path(&maze.grid, maze.from, maze.to);
            let (solution, bfs_len) = (search.solution(), bfs.as_ref().map(Solution::len));
            if maze.perfect {
                assert!(found, "{solver} on {maze}");
                assert_eq!(solution, bfs, "{solver} on {maze}: the one path");
            } else if found {
                assert!(solution.as_ref().map(Solution::len) >= bfs_len);
            } else {
                assert!(
                    matches!(solver, Solver::LeftHand | Solver::RightHand),
                    "{solver} on {maze}"
                );
            }
            if matches!(solver, Solver::Bfs | Solver::AStar | Solver::DeadEndFilling) {
                let len = solution.as_ref().map(Solution::len);
                assert_eq!(len, bfs_len, "{solver} on {maze}: shortest");
            }
        }
    }

    #[test]
    fn stepping_equals_running() {
        for (solver, maze) in every_run().step_by(3) {
            let mut stepped = solver.start(&maze.grid, maze.from, maze.to);
            let events = testing::trace(stepped.as_mut(), &maze.grid);
            let Some(&(SolveEvent::Done { found }, _)) = events.last() else {
                unreachable!()
            };
            let mut ran = solver.start(&maze.grid, maze.from, maze.to);
            assert_eq!(ran.run(&maze.grid), found, "{solver} on {maze}");
            // Half stepped, half run.
            let mut mixed = solver.start(&maze.grid, maze.from, maze.to);
            for _ in 0..events.len() / 2 {
                mixed.step(&maze.grid);
            }
            assert_eq!(mixed.run(&maze.grid), found);
            for other in [&ran, &mixed] {
                assert!(other.is_done());
                assert_eq!(other.solution(), stepped.solution(), "{solver} on {maze}");
                assert_eq!(other.visited(), stepped.visited());
                assert_eq!(other.head(), stepped.head());
                assert_eq!(other.frontier_len(), stepped.frontier_len());
                for p in maze.grid.positions() {
                    assert_eq!(other.cell_state(p), stepped.cell_state(p));
                }
            }
            // And a second start gives the same events: deterministic.
            let mut again = solver.start(&maze.grid, maze.from, maze.to);
            assert_eq!(testing::trace(again.as_mut(), &maze.grid), events);
        }
    }

    #[test]
    fn an_unreachable_goal_is_not_found_by_any_solver() {
        let mut grid = testing::generate(12, 9, 5, false);
        // Wall in the goal's corner cell.
        let goal = Pos::new(11, 8);
        grid.set_wall(goal, Dir::North, true);
        grid.set_wall(goal, Dir::West, true);
        let closed = Grid::new(4, 4).unwrap();
        let on_42 = testing::generate(9, 7, 2, true);
        let stamp_cell = on_42.stamp().unwrap().cells().next().unwrap();
        let cases = [
            (grid, Pos::new(0, 0), goal),
            (closed, Pos::new(0, 0), Pos::new(3, 3)),
            (on_42, Pos::new(0, 0), stamp_cell),
        ];
        for (grid, from, to) in cases {
            let maze = testing::Maze {
                grid,
                from,
                to,
                perfect: false,
                seed: 0,
            };
            for &solver in Solver::ALL {
                let mut search = solver.start(&maze.grid, from, to);
                assert!(!testing::run_checked(search.as_mut(), &maze), "{solver}");
                assert_eq!(search.solution(), None);
            }
        }
    }

    #[test]
    fn a_cell_is_its_own_path() {
        let grid = testing::generate(9, 7, 3, true);
        let at = Pos::new(4, 6);
        for &solver in Solver::ALL {
            let mut search = solver.start(&grid, at, at);
            assert_eq!(search.step(&grid), SolveEvent::Done { found: true });
            assert_eq!(search.solution(), Some(Solution::new(at, Vec::new())));
            assert_eq!(search.visited(), 1, "{solver}");
            let seen = grid
                .positions()
                .filter(|&p| search.cell_state(p) != SearchState::Unseen);
            assert!(seen.eq([at]), "{solver}: only the cell itself is seen");
        }
    }

    #[test]
    fn a_two_wide_corridor_of_200_000_cells_needs_no_stack() {
        let grid = Generator::generate(MazeOptions::new(2, 100_000).seed(1)).unwrap();
        let (from, to) = (Pos::new(0, 0), Pos::new(1, 99_999));
        let path = shortest_path(&grid, from, to).unwrap();
        for &solver in Solver::ALL {
            let mut search = solver.start(&grid, from, to);
            assert!(search.run(&grid), "{solver}");
            assert_eq!(search.solution().as_ref(), Some(&path), "{solver}");
        }
    }

    #[test]
    fn a_star_searches_no_more_than_bfs_on_open_ground() {
        let grid = testing::open_room(30, 20);
        let (from, to) = (Pos::new(2, 3), Pos::new(25, 17));
        let mut bfs = Solver::Bfs.start(&grid, from, to);
        let mut a_star = Solver::AStar.start(&grid, from, to);
        assert!(bfs.run(&grid) && a_star.run(&grid));
        assert!(a_star.visited() * 4 < bfs.visited());
    }

    #[test]
    fn bfs_cells_go_from_frontier_to_visited() {
        let grid = u_shape();
        let mut bfs = Bfs::new(&grid, Pos::new(0, 0), Pos::new(2, 0));
        let search: &mut dyn Search = &mut bfs;
        assert_eq!(search.cell_state(Pos::new(0, 0)), SearchState::Frontier);
        assert_eq!(search.frontier_len(), 1);
        search.step(&grid);
        assert_eq!(search.cell_state(Pos::new(0, 0)), SearchState::Visited);
        assert_eq!(search.cell_state(Pos::new(0, 1)), SearchState::Frontier);
        assert_eq!(search.cell_state(Pos::new(1, 1)), SearchState::Unseen);
        assert_eq!(search.cell_state(Pos::new(1, 0)), SearchState::Unseen);
        assert_eq!(search.head(), None);
        assert_eq!(search.solver(), Solver::Bfs);
    }
}
