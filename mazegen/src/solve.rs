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
//!   they would walk in circles);
//! - never aborts when its working set (a queue, a heap, a path) may not grow: it stops there,
//!   `Done { found: false }`, and [`Search::failure`] says why.

mod astar;
mod bfs;
mod dead_end_filling;
mod dfs;
mod searching;
mod solver;
#[cfg(test)]
mod testing;
mod tree;
mod wall_follower;

pub use astar::AStar;
pub use bfs::Bfs;
pub use dead_end_filling::DeadEndFilling;
pub use dfs::Dfs;
pub use searching::Searching;
pub use solver::Solver;
pub use wall_follower::{Hand, WallFollower};

use std::fmt;
use std::sync::Arc;

use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor, SizeError};

/// What one solver step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveEvent {
    /// Reached or expanded a cell: the cell BFS and A* expand, the cell DFS goes deeper into,
    /// the cell a wall follower steps into, the cell dead-end filling's final search expands.
    Visit {
        /// The cell.
        cell: Pos,
    },
    /// Filled a dead end: `cell` cannot be on any path between the two ends (dead-end filling).
    Fill {
        /// The dead end filled.
        cell: Pos,
    },
    /// `from` left the current path, which now ends at `to`, its neighbour: DFS backing out
    /// of a branch, a wall follower walking back out of a dead end, or erasing a loop it
    /// closed one cell a step.
    Retreat {
        /// The cell left.
        from: Pos,
        /// The cell the path now ends at.
        to: Pos,
    },
    /// The search is over: the goal was reached, or every reachable cell was searched without
    /// finding it (or a wall follower found itself walking in circles). Every further step
    /// returns `Done` again.
    Done {
        /// Whether the goal was reached.
        found: bool,
    },
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
/// A search is `Sync`, so that a finished one can be read on another thread (its path traced)
/// while it is still shown.
pub(crate) trait Search: fmt::Debug + Send + Sync {
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

    /// Whether the search is over.
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

    /// Why the search stopped unfinished: the allocator refused its working set (a queue, a
    /// heap, a path) room to grow, [`SizeError::NotEnoughMemory`] ("not enough memory for the
    /// search of the WxH maze"). The search is then done, reporting `Done { found: false }`,
    /// and has no solution. `None` for a search that ran (or runs) its course.
    fn failure(&self) -> Option<SizeError> {
        None
    }

    /// [`Search::solution`], or [`SizeError::NotEnoughMemory`] ("not enough memory for the
    /// path of the WxH maze") when the allocator refuses the path its memory.
    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        Ok(self.solution())
    }
}

/// The memory a search of `grid` was refused: its per-cell state or its first working set.
fn search_refused(grid: &Grid) -> SizeError {
    refused(grid.rows(), "the search")
}

/// The memory `task` on the grid of `rows` was refused.
fn refused(rows: RowMajor, task: &'static str) -> SizeError {
    SizeError::NotEnoughMemory {
        task,
        width: rows.width() as u32,
        height: rows.height() as u32,
    }
}

/// A search's per-cell state, `value` in every cell of `grid`, or the memory refused.
fn try_cells<T: Clone>(grid: &Grid, value: T) -> Result<Vec<T>, SizeError> {
    crate::bytes::try_filled(grid.cell_count(), value).map_err(|_| search_refused(grid))
}

/// The infallible constructors' way out when memory is refused: the allocator's abort, as an
/// infallible allocation's, for a byte a cell of `grid` (the fallible twins return the refusal).
fn or_abort<T>(started: Result<T, SizeError>, grid: &Grid) -> T {
    started.unwrap_or_else(|_| {
        std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u8>(grid.cell_count()).expect("a grid's size"),
        )
    })
}

/// The path from `from` to `to` read backwards from per-cell "way back" directions: `back(i)`
/// is the direction from cell `i` to the cell it was reached from. The path is as long as the
/// maze is big: the allocator refusing it is [`SizeError::NotEnoughMemory`] for "the path".
fn try_path_back(
    rows: RowMajor,
    from: usize,
    to: usize,
    back: impl Fn(usize) -> Dir,
) -> Result<Solution, SizeError> {
    let mut dirs = Vec::new();
    let mut at = to;
    while at != from {
        let dir = back(at);
        if !crate::bytes::room_for(&mut dirs, 1) {
            return Err(path_refused(rows));
        }
        dirs.push(dir.opposite());
        at = rows.step(at, dir);
    }
    dirs.reverse();
    Ok(Solution::new(rows.pos(from), dirs))
}

/// The memory the path of a search on the grid of `rows` was refused.
fn path_refused(rows: RowMajor) -> SizeError {
    refused(rows, "the path")
}

/// The infallible [`Search::solution`] of a fallible one: the allocator's abort when the path
/// is refused, as an infallible allocation's.
fn or_abort_path(solution: Result<Option<Solution>, SizeError>) -> Option<Solution> {
    solution.unwrap_or_else(|_| {
        std::alloc::handle_alloc_error(std::alloc::Layout::new::<[Dir; 4096]>())
    })
}

/// A path through the maze: a start cell and the steps taken from it.
///
/// The steps are shared: a copy costs nothing, however long the path (a hundred million steps
/// on a 1e9-cell maze), so the dashboard can hand one from a worker to the maze and the screen
/// without a pass over it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    start: Pos,
    /// A `Vec` behind the `Arc`, not a slice: making the `Arc` then copies nothing (a copy
    /// would be an allocation as big as the path that could not be refused cleanly).
    dirs: Arc<Vec<Dir>>,
}

impl Solution {
    /// The path from `start` taking the steps `dirs`.
    pub fn new(start: Pos, dirs: Vec<Dir>) -> Solution {
        Solution {
            start,
            dirs: Arc::new(dirs),
        }
    }

    /// The cell the path starts at.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The steps, in order.
    pub fn dirs(&self) -> &[Dir] {
        &self.dirs
    }

    /// Number of steps (one less than the number of cells on the path).
    pub fn len(&self) -> usize {
        self.dirs.len()
    }

    /// Whether the path takes no step (its start is its end).
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

impl Grid {
    /// The shortest path from `from` to `to` (breadth-first search), or `None` if `to` cannot
    /// be reached.
    ///
    /// ```
    /// use mazegen::{Generator, MazeOptions, Pos};
    ///
    /// let grid = Generator::generate(MazeOptions::new(12, 9).seed(3))?;
    /// let path = grid.shortest_path(Pos::new(0, 0), Pos::new(11, 8)).expect("connected");
    /// assert_eq!(path.cells(&grid).last(), Some(Pos::new(11, 8)));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn shortest_path(&self, from: Pos, to: Pos) -> Option<Solution> {
        shortest_path(self, from, to)
    }
}

/// See [`Grid::shortest_path`].
pub(crate) fn shortest_path(grid: &Grid, from: Pos, to: Pos) -> Option<Solution> {
    let mut bfs = Bfs::new(grid, from, to);
    bfs.run();
    bfs.solution()
}

/// [`Grid::shortest_path`], or [`SizeError::OutOfMemory`] when the allocator refuses the search its
/// memory (a byte a cell, and the frontier as it grows).
pub fn try_shortest_path(grid: &Grid, from: Pos, to: Pos) -> Result<Option<Solution>, SizeError> {
    let mut bfs = Bfs::try_new(grid, from, to)?;
    bfs.try_run()?;
    bfs.try_solution()
}

/// The same path as [`shortest_path`] for a grid known to be a tree (a perfect maze without
/// a courtyard): found by a walk that keeps only the path (see [`tree::tree_path`]), and by
/// the search if the grid turns out not to be one after all. [`SizeError::NotEnoughMemory`]
/// when the allocator refuses the path (or the search) its memory.
pub(crate) fn try_tree_shortest_path(
    grid: &Grid,
    from: Pos,
    to: Pos,
) -> Result<Option<Solution>, SizeError> {
    match tree::tree_path(grid, from, to) {
        Ok(path) => Ok(path),
        Err(tree::Walk::NotATree) => try_shortest_path(grid, from, to),
        Err(tree::Walk::OutOfMemory) => Err(SizeError::NotEnoughMemory {
            task: "the path",
            width: grid.width(),
            height: grid.height(),
        }),
    }
}

#[cfg(test)]
mod tests;
