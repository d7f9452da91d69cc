//! Depth-first search: follows one corridor as deep as it goes, backs out of dead ends.
//!
//! The stack is kept in the cells themselves, so the search needs one byte a cell and no
//! recursion or stack memory however deep the maze: each cell on the stack records the
//! direction back to the cell below it and the next direction it has to try. Directions are
//! tried in the fixed order north, east, south, west ([`Dir::ALL`]).

use super::{Search, SearchState, Solution, SolveEvent, Solver, try_path_back};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor, SizeError};

/// Per-cell byte: the direction back to the cell below it on the stack (bits 0-1), the index
/// in [`Dir::ALL`] of the next direction to try (bits 2-4, 4 when all are tried), and marks.
const BACK: u8 = 3;
const NEXT_SHIFT: u8 = 2;
const NEXT: u8 = 7 << NEXT_SHIFT;
/// Pushed on the stack at some point.
const SEEN: u8 = 32;
/// Popped off the stack: every way on from it was searched.
const POPPED: u8 = 64;

/// A depth-first search. Its path is the stack when the goal is reached.
#[derive(Clone, Debug)]
pub struct Dfs {
    rows: RowMajor,
    from: usize,
    to: usize,
    cells: Vec<u8>,
    /// The top of the stack; `None` once the start has been popped.
    head: Option<usize>,
    depth: usize,
    visited: u64,
    found: bool,
    done: bool,
}

impl Dfs {
    #[cfg(test)]
    /// A search of `grid` from `from` to `to`, both inside it.
    pub fn new(grid: &Grid, from: Pos, to: Pos) -> Dfs {
        super::or_abort(Dfs::try_new(grid, from, to), grid)
    }

    /// [`Dfs::new`], or [`SizeError::NotEnoughMemory`] when the allocator refuses the search
    /// its byte a cell.
    pub fn try_new(grid: &Grid, from: Pos, to: Pos) -> Result<Dfs, SizeError> {
        let (from_i, to_i) = (grid.index(from), grid.index(to));
        let mut cells = super::try_cells(grid, 0)?;
        cells[from_i] = SEEN;
        Ok(Dfs {
            rows: grid.rows(),
            from: from_i,
            to: to_i,
            cells,
            head: Some(from_i),
            depth: 1,
            visited: 1,
            found: from == to,
            done: false,
        })
    }
}

impl Search for Dfs {
    fn solver(&self) -> Solver {
        Solver::Dfs
    }

    /// Goes one cell deeper through the next open wall of the top cell, or pops it when it has
    /// none left. At most four walls are looked at.
    fn step(&mut self, grid: &Grid) -> SolveEvent {
        debug_assert_eq!(grid.cell_count(), self.cells.len(), "not the search's grid");
        let head = match self.head {
            Some(head) if !self.done && !self.found => head,
            _ => {
                self.done = true;
                return SolveEvent::Done { found: self.found };
            }
        };
        let raw = grid.raw();
        let first = (self.cells[head] & NEXT) >> NEXT_SHIFT;
        for k in first..4 {
            let dir = Dir::from_index(k);
            let Some(next) = self.rows.open_neighbour(raw, head, dir) else {
                continue;
            };
            if self.cells[next] & SEEN != 0 {
                continue;
            }
            self.cells[head] = (self.cells[head] & !NEXT) | (k + 1) << NEXT_SHIFT;
            self.cells[next] = SEEN | dir.opposite() as u8;
            self.head = Some(next);
            self.depth += 1;
            self.visited += 1;
            self.found = next == self.to;
            return SolveEvent::Visit {
                cell: self.rows.pos(next),
            };
        }
        self.cells[head] = (self.cells[head] & !NEXT) | 4 << NEXT_SHIFT | POPPED;
        self.depth -= 1;
        if head == self.from {
            self.head = None;
            self.done = true;
            return SolveEvent::Done { found: false };
        }
        let below = self
            .rows
            .step(head, Dir::from_index(self.cells[head] & BACK));
        self.head = Some(below);
        SolveEvent::Retreat {
            from: self.rows.pos(head),
            to: self.rows.pos(below),
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// Cells pushed on the stack, the start included.
    fn visited(&self) -> u64 {
        self.visited
    }

    /// The stack from the start to the goal.
    fn solution(&self) -> Option<Solution> {
        super::or_abort_path(self.try_solution())
    }

    /// The stack is kept in the cells, so only its trace, the path, may be refused.
    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        if !self.found {
            return Ok(None);
        }
        let back = |i| Dir::from_index(self.cells[i] & BACK);
        try_path_back(self.rows, self.from, self.to, back).map(Some)
    }

    /// On the stack: frontier; popped: discarded.
    fn cell_state(&self, pos: Pos) -> SearchState {
        let cell = self.cells[self.rows.of(pos)];
        if cell & POPPED != 0 {
            SearchState::Discarded
        } else if cell & SEEN != 0 {
            SearchState::Frontier
        } else {
            SearchState::Unseen
        }
    }

    /// The top of the stack.
    fn head(&self) -> Option<Pos> {
        self.head.map(|i| self.rows.pos(i))
    }

    /// The depth of the stack.
    fn frontier_len(&self) -> usize {
        self.depth
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::testing;

    #[test]
    fn finds_a_path_and_the_only_one_in_a_perfect_maze() {
        for maze in testing::mazes() {
            let mut search = Dfs::new(&maze.grid, maze.from, maze.to);
            let found = testing::run_checked(&mut search, &maze);
            let bfs = crate::shortest_path(&maze.grid, maze.from, maze.to);
            assert_eq!(found, bfs.is_some(), "{maze}");
            if maze.perfect {
                assert_eq!(search.solution(), bfs, "{maze}");
            }
        }
    }

    #[test]
    fn the_head_moves_one_cell_a_step_and_the_stack_is_the_path() {
        let grid = testing::generate(12, 9, 3, false);
        let (from, to) = (Pos::new(0, 0), Pos::new(11, 8));
        let mut search = Dfs::new(&grid, from, to);
        let mut stack = vec![from];
        loop {
            match search.step(&grid) {
                SolveEvent::Visit { cell } => stack.push(cell),
                SolveEvent::Retreat { from, to } => {
                    assert_eq!(stack.pop(), Some(from));
                    assert_eq!(stack.last(), Some(&to));
                }
                SolveEvent::Done { found } => {
                    assert!(found);
                    break;
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(search.head(), stack.last().copied());
            assert_eq!(search.frontier_len(), stack.len());
        }
        let path: Vec<Pos> = search.solution().unwrap().cells(&grid).collect();
        assert_eq!(path, stack);
    }

    #[test]
    fn tries_north_east_south_west_in_turn() {
        let grid = testing::open_room(3, 3);
        let mut search = Dfs::new(&grid, Pos::new(1, 1), Pos::new(0, 2));
        let cells: Vec<SolveEvent> = (0..3).map(|_| search.step(&grid)).collect();
        let visit = |x, y| SolveEvent::Visit {
            cell: Pos::new(x, y),
        };
        assert_eq!(cells, [visit(1, 0), visit(2, 0), visit(2, 1)]);
    }
}
