//! Prim's algorithm, simplified: the maze grows from its start by joining one random cell of
//! its frontier (the cells next to the maze) at a time, through a wall to a random neighbour
//! already in the maze.
//!
//! Every step carves one cell, so the run is linear. The frontier is a list of cell indices
//! with swap-removal (a random cell is taken in O(1)); the high bits of each cell's grid byte
//! (see [`MARKS`](crate::grid::MARKS)) say whether it is in the maze or on the frontier, and
//! whether it is on the border, whose cells lack a neighbour. A replay checkpoint keeps only
//! the frontier list: a cell is in the maze once it has an open wall (or is the start or in the
//! courtyard), and on the frontier when it is in the list.
//!
//! Speed: the frontier runs round the whole maze, so a step's cell is anywhere on it and its
//! rows are a cache miss more often than not. [`Carve::run`] reads the rows of the cell the
//! next step will likely take before it takes this one, so that the two steps' misses overlap
//! (about a fifth faster at 4000x4000, for the same draws and the same maze).

use super::carve::slice_bytes;
use super::carve::{
    Carve, CarveCheckpoint, clear_marks, first_cells, mark_border, mark_reached_in, random_dir,
};
use super::{CellState, GenEvent};
use crate::bytes::{OutOfMemory, room_for};
use crate::geometry::Pos;
use crate::grid::{Grid, LOCKED, RowMajor};
use crate::rng::MazeRng;

/// Marks in the grid's bytes.
const IN_MAZE: u8 = 0x10;
const FRONTIER: u8 = 0x20;
/// The cell is on the border: its moves are the neighbours inside the grid.
const BORDER: u8 = 0x40;

#[derive(Clone, Debug)]
pub struct Prim {
    rows: RowMajor,
    offsets: [isize; 4],
    /// Cells next to the maze, each once, in no particular order.
    frontier: Vec<u32>,
    /// The cell joined last: drawn as the head.
    last: usize,
    visited: u64,
    done: bool,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
    /// The allocator refused the frontier room to grow: the carving stopped there.
    out_of_memory: bool,
}

impl Prim {
    /// Starts from `start` (and the courtyard, when there is one), which must not be in the 42;
    /// marks the grid's bytes.
    pub fn new(grid: &mut Grid, start: Pos) -> Result<Prim, OutOfMemory> {
        let rows = grid.rows();
        let seeds: Vec<usize> = first_cells(grid, start).collect();
        let cells = grid.raw_mut();
        mark_border(rows, cells, BORDER);
        let mut prim = Prim {
            rows,
            offsets: rows.offsets(),
            frontier: Vec::new(),
            last: rows.of(start),
            visited: 0,
            done: false,
            start: rows.of(start),
            out_of_memory: false,
        };
        for &i in &seeds {
            cells[i] |= IN_MAZE;
            prim.visited += 1;
        }
        for &i in &seeds {
            prim.add_neighbours(cells, i);
        }
        Ok(prim)
    }

    /// The directions in which `cell`, whose grid byte is `byte`, has a neighbour inside the
    /// grid (in the 42 or not).
    #[inline(always)]
    fn inside(&self, cell: usize, byte: u8) -> u8 {
        if byte & BORDER == 0 {
            0b1111
        } else {
            self.rows.neighbour_mask(cell, |_| true)
        }
    }

    /// Puts the neighbours of `cell` that are neither in the maze nor on the frontier (nor in
    /// the 42) yet on the frontier.
    #[inline(always)]
    fn add_neighbours(&mut self, cells: &mut [u8], cell: usize) {
        if cells[cell] & BORDER == 0 {
            // Inside the border, without a branch on the neighbours, which would mispredict
            // often: each is written to the list, which keeps it only if it is new (the room
            // for the four writes is made before the step).
            for offset in self.offsets {
                let next = cell.wrapping_add_signed(offset);
                let new = cells[next] & (IN_MAZE | FRONTIER | LOCKED) == 0;
                cells[next] |= FRONTIER * u8::from(new);
                self.frontier.push(next as u32);
                self.frontier
                    .truncate(self.frontier.len() - usize::from(!new));
            }
            return;
        }
        let inside = self.inside(cell, cells[cell]);
        for dir in 0..4 {
            if inside & (1 << dir) != 0 {
                let next = cell.wrapping_add_signed(self.offsets[dir]);
                if cells[next] & (IN_MAZE | FRONTIER | LOCKED) == 0 {
                    cells[next] |= FRONTIER;
                    self.frontier.push(next as u32);
                }
            }
        }
    }

    /// Called before a step: reads the rows round the cell that the step after it will likely
    /// join, and changes nothing. A step takes two draws (its pick and its direction), so the
    /// following step's pick is the third draw from here. Which cell that draw picks depends
    /// on the frontier's length after this step, which is a guess (the length now: a step
    /// takes a cell off and adds one on average), and this step may move the cell at that
    /// place; at 4000x4000 the guess is right for about 62% of the steps. A right guess has the
    /// next step's cache misses under way during this one's.
    #[inline(always)]
    fn warm_next(&self, cells: &[u8], rng: &MazeRng) -> u8 {
        let len = u32::try_from(self.frontier.len()).expect("under 2^32 cells");
        let guess = rng.peek_below(2, len) as usize;
        let Some(&cell) = self.frontier.get(guess) else {
            return 0;
        };
        let (cell, w) = (cell as usize, self.rows.width());
        let byte_at = |at: usize| cells.get(at).copied().unwrap_or(0);
        byte_at(cell.wrapping_sub(w)) ^ byte_at(cell) ^ byte_at(cell + w)
    }

    /// Done: the marks cleared from the grid.
    fn finish(&mut self, cells: &mut [u8]) -> GenEvent {
        if !self.done {
            clear_marks(cells);
        }
        self.done = true;
        GenEvent::Done
    }
}

impl Carve for Prim {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.frontier)
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(PrimCheckpoint {
            rows: self.rows,
            frontier: self.frontier.clone(),
            last: self.last,
            visited: self.visited,
            done: self.done,
            start: self.start,
        })
    }

    /// Joins one random frontier cell to the maze.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        // The frontier, up to a cell in three, grows by the three cells a step may add, and
        // takes four writes (see `add_neighbours`).
        if self.frontier.is_empty() || self.out_of_memory || !room_for(&mut self.frontier, 4) {
            self.out_of_memory = !self.frontier.is_empty();
            return self.finish(cells);
        }
        let len = u32::try_from(self.frontier.len()).expect("under 2^32 cells");
        let cell = self.frontier.swap_remove(rng.below(len) as usize) as usize;
        let byte = cells[cell];
        let in_maze = if byte & BORDER == 0 {
            self.offsets
                .iter()
                .enumerate()
                .fold(0, |found, (dir, &offset)| {
                    let next = cell.wrapping_add_signed(offset);
                    found | (cells[next] & IN_MAZE) >> 4 << dir
                })
        } else {
            let inside = self.inside(cell, byte);
            let mut in_maze = 0;
            for dir in 0..4 {
                let next = cell.wrapping_add_signed(self.offsets[dir]);
                // A cell in the 42 is never in the maze.
                if inside & (1 << dir) != 0 && cells[next] & IN_MAZE != 0 {
                    in_maze |= 1 << dir;
                }
            }
            in_maze
        };
        // A frontier cell was put there by a neighbour in the maze.
        let dir = random_dir(rng, in_maze);
        self.rows.open_wall(cells, cell, dir);
        cells[cell] = (cells[cell] & !FRONTIER) | IN_MAZE;
        self.visited += 1;
        self.last = cell;
        self.add_neighbours(cells, cell);
        let from = cell.wrapping_add_signed(self.offsets[dir as usize]);
        GenEvent::Carve {
            from: self.rows.pos(from),
            to: self.rows.pos(cell),
        }
    }

    /// The same steps, on local copies of the state and the rng so that they stay in registers,
    /// each with the next one's memory read ahead (see [`Prim::warm_next`]).
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let mut prim = Prim {
            frontier: std::mem::take(&mut self.frontier),
            ..*self
        };
        let mut local_rng = rng.clone();
        let mut ahead = 0u8;
        loop {
            ahead ^= prim.warm_next(cells, &local_rng);
            if prim.step(cells, &mut local_rng) == GenEvent::Done {
                break;
            }
        }
        std::hint::black_box(ahead);
        (*self, *rng) = (prim, local_rng);
    }

    fn head(&self) -> Option<Pos> {
        (!self.done).then(|| self.rows.pos(self.last))
    }

    fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let b = cells[self.rows.of(pos)];
        if b & FRONTIER != 0 {
            CellState::Active
        } else if b & IN_MAZE != 0 {
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }

    fn step_cost(&self) -> u64 {
        45
    }

    /// One cell joins per step.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        open_cells
    }
}

/// A checkpoint of Prim's carving: the frontier list; the marks are the grid's and the list's.
#[derive(Debug)]
struct PrimCheckpoint {
    rows: RowMajor,
    frontier: Vec<u32>,
    last: usize,
    visited: u64,
    done: bool,
    start: usize,
}

impl CarveCheckpoint for PrimCheckpoint {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.frontier)
    }

    fn restore_marks(&self, grid: &mut Grid) {
        let cells = grid.raw_mut();
        if self.done {
            return;
        }
        mark_border(self.rows, cells, BORDER);
        mark_reached_in(self.rows, cells, self.start, IN_MAZE);
        for &cell in &self.frontier {
            cells[cell as usize] |= FRONTIER;
        }
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        Box::new(Prim {
            rows: self.rows,
            offsets: self.rows.offsets(),
            frontier: self.frontier.clone(),
            last: self.last,
            visited: self.visited,
            done: self.done,
            start: self.start,
            out_of_memory: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit;
    use super::*;
    use crate::generate::{Algorithm, Generator, MazeOptions};

    #[test]
    fn mazes_validate() {
        testkit::check_perfect_and_boards(Algorithm::Prim);
    }

    #[test]
    fn the_courtyard_is_kept() {
        testkit::check_courtyard(Algorithm::Prim);
    }

    #[test]
    fn stepping_matches_running() {
        testkit::check_stepping(Algorithm::Prim);
    }

    #[test]
    fn its_run_matches_its_steps() {
        testkit::check_run_matches_steps(Algorithm::Prim);
    }

    #[test]
    fn the_seed_decides_the_maze() {
        testkit::check_deterministic(Algorithm::Prim);
    }

    #[test]
    fn a_deep_maze_needs_no_stack() {
        testkit::check_thin(Algorithm::Prim, 100_000);
    }

    #[test]
    fn every_step_carves_and_the_frontier_is_active() {
        let mut generator =
            Generator::build(MazeOptions::new(12, 9).seed(3).algorithm(Algorithm::Prim)).unwrap();
        let mut steps = 0;
        while let GenEvent::Carve { to, .. } = generator.step() {
            steps += 1;
            assert_eq!(generator.head(), Some(to));
            assert_eq!(generator.cell_state(to), CellState::Finished);
            let active = generator
                .grid()
                .positions()
                .filter(|&p| generator.cell_state(p) == CellState::Active);
            for p in active {
                assert!(generator.grid().walls(p) == crate::Walls::CLOSED);
            }
        }
        assert_eq!(steps, 12 * 9 - 18 - 1);
        assert!(generator.is_done());
    }
}
