//! Dead-end filling: fills the maze's dead ends until only the ways between the ends are left.
//!
//! A dead end (a cell with at most one open wall into an unfilled cell), other than the two
//! ends, cannot be on any simple path between them, so it is filled; filling it may make its
//! neighbour a dead end in turn. The search starts with every dead end in a queue (one pass
//! over the grid when it is created) and fills one cell a step, queueing the neighbour a fill
//! turns into a dead end: O(cells) in all.
//!
//! Once no dead end is left, the unfilled cells hold every simple path between the ends: in a
//! perfect maze exactly the one path, in a maze with loops the loops between them as well.
//! The path is then read by a breadth-first search from the start through unfilled cells
//! only, one cell a step like the filling. It gives a shortest path, since filling never
//! removes a cell of a simple path. Cells of the 42 and any other cell without an open wall
//! never join the maze's corridors, so they are never queued nor filled.

use std::collections::VecDeque;

use super::{Search, SearchState, Solution, SolveEvent, Solver, try_path_back};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor, SizeError};

/// Per-cell byte: open walls into unfilled cells (bits 0-2, 0 to 4), marks, and the direction
/// back to the cell the final search reached it from (bits 5-6).
const DEGREE: u8 = 7;
const FILLED: u8 = 8;
/// Queued to be filled, while filling; reached by the final search, after (a queued cell is
/// always filled before the search, so the two never meet).
const QUEUED: u8 = 16;
const REACHED: u8 = QUEUED;
const BACK_SHIFT: u8 = 5;
const BACK: u8 = 3 << BACK_SHIFT;
const EXPANDED: u8 = 128;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Filling the dead ends in the queue.
    Filling,
    /// Searching the unfilled cells for the path; the queue is the search's.
    Tracing,
}

/// Dead-end filling. Needs one byte a cell and a queue of the dead ends.
#[derive(Clone, Debug)]
pub struct DeadEndFilling {
    rows: RowMajor,
    from: usize,
    to: usize,
    cells: Vec<u8>,
    queue: VecDeque<u32>,
    phase: Phase,
    filled: u64,
    /// Cells the final search has reached, the start included.
    traced: u64,
    found: bool,
    done: bool,
    /// The queue could not grow: the search stopped there, unfinished.
    out_of_memory: bool,
}

/// Makes room in `queue` for the four pushes a step can make (amortised: doubling, as
/// `push_back` grows it); `false` when the allocator refuses.
#[inline(always)]
fn room_for_step(queue: &mut VecDeque<u32>) -> bool {
    queue.capacity() - queue.len() >= 4 || grow(queue)
}

#[cold]
#[inline(never)]
fn grow(queue: &mut VecDeque<u32>) -> bool {
    queue.try_reserve(queue.len().max(16)).is_ok()
}

impl DeadEndFilling {
    #[cfg(test)]
    /// A fill of `grid` between `from` and `to`, both inside it: counts every cell's open
    /// walls and queues the dead ends.
    pub fn new(grid: &Grid, from: Pos, to: Pos) -> DeadEndFilling {
        super::or_abort(DeadEndFilling::try_new(grid, from, to), grid)
    }

    /// [`DeadEndFilling::new`], or [`SizeError::NotEnoughMemory`] when the allocator refuses
    /// the fill its byte a cell or its first queue of dead ends.
    pub fn try_new(grid: &Grid, from: Pos, to: Pos) -> Result<DeadEndFilling, SizeError> {
        let rows = grid.rows();
        let (from_i, to_i) = (grid.index(from), grid.index(to));
        let raw = grid.raw();
        let mut cells = super::try_cells(grid, 0u8)?;
        let mut queue = VecDeque::new();
        for (i, cell) in cells.iter_mut().enumerate() {
            let degree = Dir::ALL
                .into_iter()
                .filter(|&d| rows.open_neighbour(raw, i, d).is_some())
                .count() as u8;
            *cell = degree;
            // From a cell to itself there is nothing to fill.
            if degree == 1 && i != from_i && i != to_i && from_i != to_i {
                *cell |= QUEUED;
                // The dead ends can be a third of the cells: the queue's growth is fallible.
                if queue.len() == queue.capacity() {
                    queue
                        .try_reserve(queue.len().max(16))
                        .map_err(|_| super::search_refused(grid))?;
                }
                queue.push_back(i as u32);
            }
        }
        let mut search = DeadEndFilling {
            rows,
            from: from_i,
            to: to_i,
            cells,
            queue,
            phase: Phase::Filling,
            filled: 0,
            traced: 0,
            found: false,
            done: false,
            out_of_memory: false,
        };
        if from == to {
            search.start_tracing();
            search.found = true;
        }
        Ok(search)
    }

    fn start_tracing(&mut self) {
        self.phase = Phase::Tracing;
        self.queue.clear();
        self.cells[self.from] |= REACHED;
        self.queue.push_back(self.from as u32);
        self.traced = 1;
    }

    /// Fills the next dead end; `None` when none is left.
    fn fill(&mut self, raw: &[u8]) -> Option<usize> {
        let i = self.queue.pop_front()? as usize;
        self.cells[i] = (self.cells[i] & !QUEUED) | FILLED;
        self.filled += 1;
        for dir in Dir::ALL {
            let Some(next) = self.rows.open_neighbour(raw, i, dir) else {
                continue;
            };
            let cell = self.cells[next];
            if cell & FILLED != 0 {
                continue;
            }
            // At most one such neighbour: `i` was a dead end.
            let mut cell = cell - 1;
            let dead_end = (cell & DEGREE) <= 1 && cell & QUEUED == 0;
            if dead_end && next != self.from && next != self.to {
                cell |= QUEUED;
                self.queue.push_back(next as u32);
            }
            self.cells[next] = cell;
        }
        Some(i)
    }

    /// Expands the oldest cell of the final search; `None` when it has run out.
    fn trace(&mut self, raw: &[u8]) -> Option<usize> {
        let i = self.queue.pop_front()? as usize;
        self.cells[i] |= EXPANDED;
        for dir in Dir::ALL {
            let Some(next) = self.rows.open_neighbour(raw, i, dir) else {
                continue;
            };
            if self.cells[next] & (FILLED | REACHED) != 0 {
                continue;
            }
            self.cells[next] |= REACHED | (dir.opposite() as u8) << BACK_SHIFT;
            self.queue.push_back(next as u32);
            self.traced += 1;
            if next == self.to {
                self.found = true;
                break;
            }
        }
        Some(i)
    }
}

impl Search for DeadEndFilling {
    fn solver(&self) -> Solver {
        Solver::DeadEndFilling
    }

    /// Fills one dead end, or, once none is left, expands one cell of the search for the path.
    fn step(&mut self, grid: &Grid) -> SolveEvent {
        debug_assert_eq!(grid.cell_count(), self.cells.len(), "not the search's grid");
        if self.done || self.found {
            self.done = true;
            return SolveEvent::Done { found: self.found };
        }
        let raw = grid.raw();
        if !room_for_step(&mut self.queue) {
            self.out_of_memory = true;
            self.done = true;
            return SolveEvent::Done { found: false };
        }
        if self.phase == Phase::Filling {
            if let Some(i) = self.fill(raw) {
                return SolveEvent::Fill {
                    cell: self.rows.pos(i),
                };
            }
            self.start_tracing();
        }
        match self.trace(raw) {
            Some(i) => SolveEvent::Visit {
                cell: self.rows.pos(i),
            },
            None => {
                self.done = true;
                SolveEvent::Done { found: false }
            }
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// Cells filled, plus the cells the final search has reached (the start included).
    fn visited(&self) -> u64 {
        self.filled + self.traced
    }

    fn solution(&self) -> Option<Solution> {
        super::or_abort_path(self.try_solution())
    }

    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        if !self.found {
            return Ok(None);
        }
        let back = |i| Dir::from_index((self.cells[i] & BACK) >> BACK_SHIFT);
        try_path_back(self.rows, self.from, self.to, back).map(Some)
    }

    fn failure(&self) -> Option<SizeError> {
        let refused = self.out_of_memory;
        refused.then(|| super::refused(self.rows, "the search"))
    }

    /// Filled: discarded. While filling, queued dead ends are the frontier; while tracing, the
    /// search's queue is, and the cells it expanded are visited.
    fn cell_state(&self, pos: Pos) -> SearchState {
        let cell = self.cells[self.rows.of(pos)];
        if cell & FILLED != 0 {
            SearchState::Discarded
        } else if cell & EXPANDED != 0 {
            SearchState::Visited
        } else if cell & QUEUED != 0 {
            SearchState::Frontier
        } else {
            SearchState::Unseen
        }
    }

    fn frontier_len(&self) -> usize {
        self.queue.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::testing::{self, open_room};

    #[test]
    fn leaves_the_path_and_finds_a_shortest_one() {
        testing::assert_finds_shortest_paths(Solver::DeadEndFilling);
    }

    #[test]
    fn in_a_perfect_maze_only_the_path_is_left_unfilled() {
        let grid = testing::generate(20, 15, 4, true);
        let (from, to) = (Pos::new(0, 0), Pos::new(19, 14));
        let mut search = DeadEndFilling::new(&grid, from, to);
        let mut fills = 0;
        let mut visits = Vec::new();
        loop {
            match search.step(&grid) {
                SolveEvent::Fill { .. } => {
                    assert!(visits.is_empty(), "every fill comes first");
                    fills += 1;
                }
                SolveEvent::Visit { cell } => visits.push(cell),
                SolveEvent::Done { found } => break assert!(found),
                other => panic!("{other:?}"),
            }
        }
        let path: Vec<Pos> = search.solution().unwrap().cells(&grid).collect();
        let open = grid.open_cell_count() as usize;
        assert_eq!(fills, open - path.len());
        // The search walks the path, expanding all of it but the goal.
        assert_eq!(visits, path[..path.len() - 1]);
        assert_eq!(search.visited(), open as u64);
        for p in grid.positions() {
            let expected = if grid.is_locked(p) {
                SearchState::Unseen
            } else if path.contains(&p) {
                if p == to {
                    SearchState::Frontier
                } else {
                    SearchState::Visited
                }
            } else {
                SearchState::Discarded
            };
            assert_eq!(search.cell_state(p), expected, "{p}");
        }
    }

    #[test]
    fn an_open_room_has_nothing_to_fill() {
        let grid = open_room(5, 4);
        let mut search = DeadEndFilling::new(&grid, Pos::new(0, 0), Pos::new(4, 3));
        assert!(matches!(search.step(&grid), SolveEvent::Visit { .. }));
        assert!(search.run(&grid));
        assert_eq!(search.solution().unwrap().len(), 7);
    }

    #[test]
    fn a_walled_off_goal_is_filled_round_and_not_found() {
        // Cut a perfect maze in two: what is left of it is trees, all filled but the two ends
        // (and cells the cut walled in), then the goal is not found.
        let mut grid = testing::generate(6, 5, 8, true);
        for y in 0..5 {
            grid.set_wall(Pos::new(2, y), Dir::East, true);
        }
        let maze = testing::Maze {
            grid,
            from: Pos::new(0, 0),
            to: Pos::new(5, 4),
            perfect: false,
            seed: 8,
        };
        let mut search = DeadEndFilling::new(&maze.grid, maze.from, maze.to);
        assert!(!testing::run_checked(&mut search, &maze));
        let grid = &maze.grid;
        let mut kept = 0;
        for p in grid.positions() {
            let walled_in = grid.walls(p).open_count() == 0;
            if p == maze.from || p == maze.to || walled_in {
                assert_ne!(search.cell_state(p), SearchState::Discarded, "{p}");
                kept += 1;
            } else {
                assert_eq!(search.cell_state(p), SearchState::Discarded, "{p}");
            }
        }
        assert_eq!(search.visited(), 30 - kept + 1, "the fills and the start");
    }
}
