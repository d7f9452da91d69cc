//! [`Searching`]: a search that holds the grid it searches, so that stepping it takes no
//! arguments. The [`Search`] step machines take the grid at every step (a session keeps the
//! grid and the search apart, to hand a finished search to another thread); this borrows it
//! once, for code that just wants to watch or finish a search.

use super::{Search, SearchState, Solution, SolveEvent, Solver};
use crate::error::Error;
use crate::geometry::Pos;
use crate::grid::Grid;

/// A search of one grid by one solver, from one cell to another, stepped or run to the end.
///
/// ```
/// use mazegen::{Maze, SolveEvent, Solver};
///
/// let maze = Maze::builder(20, 15).seed(2).build()?;
/// let mut search = maze.search(Solver::LeftHand); // entry to exit
/// let mut visits = 0;
/// for event in search.by_ref() {
///     if let SolveEvent::Visit { cell } = event {
///         visits += 1; // draw `cell` as visited
///     }
/// }
/// assert!(search.is_done() && visits > 0);
/// println!("{} cells visited, path of {} steps", search.visited(), search.solution().unwrap().len());
///
/// // Or all at once, on any grid between any two cells:
/// let path = Solver::AStar.search(maze.grid(), maze.entry(), maze.exit()).run();
/// assert_eq!(path.as_ref(), maze.solution()); // A* finds a shortest path, as BFS does
/// # Ok::<(), mazegen::Error>(())
/// ```
#[derive(Debug)]
pub struct Searching<'g> {
    grid: &'g Grid,
    search: Box<dyn Search>,
}

impl Solver {
    /// A search of `grid` from `from` to `to` by this solver, holding the grid: step it with
    /// [`Searching::step`] (or iterate over its events), or finish it with [`Searching::run`].
    ///
    /// # Panics
    ///
    /// If `from` or `to` is outside `grid`.
    pub fn search(self, grid: &Grid, from: Pos, to: Pos) -> Searching<'_> {
        assert!(
            grid.contains(from) && grid.contains(to),
            "search from {from} to {to} outside the {}x{} grid",
            grid.width(),
            grid.height()
        );
        Searching {
            grid,
            search: self.start(grid, from, to),
        }
    }

    /// [`Solver::search`], or [`Error::NotEnoughMemory`] ("not enough memory for the
    /// search of the WxH maze") when the allocator refuses the search its per-cell state (a
    /// byte a cell, five for A*) or the dead ends dead-end filling queues at the outset. A
    /// working set that grows as the search steps and is refused ends the search there,
    /// unfinished: see [`Searching::failure`] and [`Searching::try_run`].
    ///
    /// # Panics
    ///
    /// If `from` or `to` is outside `grid`.
    pub fn try_search(self, grid: &Grid, from: Pos, to: Pos) -> Result<Searching<'_>, Error> {
        assert!(
            grid.contains(from) && grid.contains(to),
            "search from {from} to {to} outside the {}x{} grid",
            grid.width(),
            grid.height()
        );
        Ok(Searching {
            grid,
            search: self.try_start(grid, from, to)?,
        })
    }
}

impl<'g> Searching<'g> {
    /// One bounded unit of work, reported as one event; [`SolveEvent::Done`] once over, and
    /// every time after.
    pub fn step(&mut self) -> SolveEvent {
        self.search.step(self.grid)
    }

    /// Steps until done; returns the path found, if the goal was reached.
    pub fn run(&mut self) -> Option<Solution> {
        self.search.run(self.grid);
        self.search.solution()
    }

    /// Which solver this is.
    pub fn solver(&self) -> Solver {
        self.search.solver()
    }

    /// The grid searched.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// Cells the search has visited so far, what is compared between solvers: cells reached
    /// for BFS and A*, cells entered for DFS, distinct cells walked for the wall followers (for
    /// these, the start counts from the outset), cells filled plus cells reached by the final
    /// search (the start among them) for dead-end filling. Never decreases.
    pub fn visited(&self) -> u64 {
        self.search.visited()
    }

    /// The path found, once the search is done and has reached the goal.
    pub fn solution(&self) -> Option<Solution> {
        self.search.solution()
    }

    /// Runs the search to its end and returns the path found, or the memory it was refused:
    /// a working set that could not grow ([`Searching::failure`]) or the path itself.
    pub fn try_run(&mut self) -> Result<Option<Solution>, Error> {
        self.search.run(self.grid);
        match self.search.failure() {
            Some(error) => Err(error.into()),
            None => self.try_solution(),
        }
    }

    /// The path found, or [`Error::NotEnoughMemory`] ("not enough memory for the path of
    /// the WxH maze") when the allocator refuses it.
    pub fn try_solution(&self) -> Result<Option<Solution>, Error> {
        self.search.try_solution().map_err(Error::from)
    }

    /// Why the search stopped unfinished: the allocator refused its working set room to grow
    /// (`step` then returned `Done { found: false }`).
    pub fn failure(&self) -> Option<Error> {
        self.search.failure().map(Error::from)
    }

    /// How `pos` looks to the search now, for drawing it.
    pub fn cell_state(&self, pos: Pos) -> SearchState {
        self.search.cell_state(pos)
    }

    /// The cell the search stands on, for the solvers that walk (DFS, wall followers).
    pub fn head(&self) -> Option<Pos> {
        self.search.head()
    }

    /// Size of the working set (queue, heap, stack or path).
    pub fn frontier_len(&self) -> usize {
        self.search.frontier_len()
    }
}

impl Iterator for Searching<'_> {
    type Item = SolveEvent;

    /// The next step's event; `None` once the search is over (the final
    /// [`SolveEvent::Done`] is not yielded: [`Searching::solution`] says how it ended).
    fn next(&mut self) -> Option<SolveEvent> {
        match self.step() {
            SolveEvent::Done { .. } => None,
            event => Some(event),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Maze, shortest_path};

    #[test]
    fn a_search_holding_its_grid_does_what_the_step_machine_does() {
        let maze = Maze::builder(18, 13).seed(11).build().unwrap();
        let (grid, from, to) = (maze.grid(), maze.entry(), maze.exit());
        for &solver in Solver::ALL {
            let mut machine = solver.start(grid, from, to);
            let mut events = Vec::new();
            loop {
                let event = machine.step(grid);
                if let SolveEvent::Done { .. } = event {
                    break;
                }
                events.push(event);
            }
            let mut held = maze.search(solver);
            assert_eq!(held.solver(), solver);
            assert!(std::ptr::eq(held.grid(), grid));
            let seen: Vec<SolveEvent> = held.by_ref().collect();
            assert_eq!(seen, events, "{solver}");
            assert!(held.is_done());
            // A wall follower may walk in circles on a board with loops: found or not, alike.
            assert_eq!(held.step(), machine.step(grid), "{solver}");
            assert_eq!(held.solution(), machine.solution(), "{solver}");
            assert_eq!(held.visited(), machine.visited());
            let path = solver.search(grid, from, to).run();
            assert_eq!(path, machine.solution(), "{solver}");
        }
        let bfs = Solver::Bfs.search(grid, from, to).run();
        assert_eq!(bfs, shortest_path(grid, from, to));
    }

    #[test]
    #[should_panic(expected = "outside the 5x4 grid")]
    fn ends_outside_the_grid_are_a_programming_error() {
        let grid = Grid::new(5, 4).unwrap();
        Solver::Bfs.search(&grid, Pos::new(0, 0), Pos::new(5, 0));
    }
}
