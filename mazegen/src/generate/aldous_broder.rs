//! The Aldous-Broder algorithm: a random walk over the maze that carves the wall it came
//! through whenever it enters a cell for the first time. Like Wilson's, it makes every
//! spanning tree equally likely.
//!
//! The walk starts at the start cell and moves to a uniformly random neighbour outside the 42
//! each step, through courtyard cells too (they are in the maze from the start, so entering
//! one carves nothing). It is done when every open cell is in the maze: the walk's cover time,
//! of the order of `n log² n` moves for `n` cells on a square maze, nearly all of them over
//! cells already in the maze, so a move is kept cheap (see [`DirBits`]). On a long
//! corridor-like maze the cover time grows with the square of the length.
//!
//! Memory: none of its own. The high bits of each cell's grid byte (see
//! [`MARKS`](crate::grid::MARKS)) say whether it is in the maze, and whether its moves are not
//! all four directions (on the border or next to the 42), when they are worked out from its
//! neighbours. A replay checkpoint keeps only the walk: a cell is in the maze once it has an
//! open wall (or is the start or in the courtyard), so a restore rebuilds the marks from the
//! grid.

use super::carve::{
    Carve, CarveCheckpoint, DirBits, clear_marks, first_cells, mark_irregular, mark_reached_in,
    moves_of,
};
use super::{CellState, GenEvent};
use crate::bytes::OutOfMemory;
use crate::geometry::Pos;
use crate::grid::{Grid, LOCKED, RowMajor};
use crate::rng::MazeRng;

/// Marks in the grid's bytes.
const IN_MAZE: u8 = 0x10;
/// The cell's moves are not all four directions.
const IRREGULAR: u8 = 0x20;

#[derive(Clone, Debug)]
pub struct AldousBroder {
    rows: RowMajor,
    offsets: [isize; 4],
    walker: Walker,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
}

/// The walk's state, kept apart so a run can hold it in registers.
#[derive(Clone, Copy, Debug)]
struct Walker {
    head: usize,
    dirs: DirBits,
    visited: u64,
    open_cells: u64,
    done: bool,
}

impl AldousBroder {
    /// The walk starts at `start` (not in the 42); the courtyard is in the maze from the start.
    /// Marks the grid's bytes.
    pub fn new(grid: &mut Grid, start: Pos) -> Result<AldousBroder, OutOfMemory> {
        let rows = grid.rows();
        let open_cells = grid.open_cell_count();
        let head = grid.index(start);
        let seeds: Vec<usize> = first_cells(grid, start).collect();
        let cells = grid.raw_mut();
        mark_irregular(rows, cells, IRREGULAR);
        let mut visited = 0;
        for i in seeds {
            cells[i] |= IN_MAZE;
            visited += 1;
        }
        // A start with no way out (impossible with the 42's shape) ends the run.
        let done = visited >= open_cells || moves_of(rows, cells, head) == 0;
        if done {
            clear_marks(cells);
        }
        Ok(AldousBroder {
            rows,
            offsets: rows.offsets(),
            walker: Walker {
                head,
                dirs: DirBits::default(),
                visited,
                open_cells,
                done,
            },
            start: head,
        })
    }
}

/// One move of the walk. Returns the cell left and whether entering the new head carved.
#[inline(always)]
fn walk(
    walker: &mut Walker,
    offsets: &[isize; 4],
    rows: RowMajor,
    cells: &mut [u8],
    rng: &mut MazeRng,
) -> (usize, bool) {
    let from = walker.head;
    let moves = if cells[from] & IRREGULAR == 0 {
        0b1111
    } else {
        moves_of(rows, cells, from)
    };
    let dir = walker.dirs.pick(rng, moves);
    let next = from.wrapping_add_signed(offsets[dir as usize]);
    walker.head = next;
    if cells[next] & IN_MAZE != 0 {
        return (from, false);
    }
    rows.open_wall(cells, from, dir);
    cells[next] |= IN_MAZE;
    walker.visited += 1;
    walker.done = walker.visited >= walker.open_cells;
    if walker.done {
        clear_marks(cells);
    }
    (from, true)
}

impl Carve for AldousBroder {
    fn heap_bytes(&self) -> usize {
        0
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(AldousBroderCheckpoint {
            rows: self.rows,
            walker: self.walker,
            start: self.start,
        })
    }

    /// One move of the walk.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.walker.done {
            return GenEvent::Done;
        }
        let (from, carved) = walk(&mut self.walker, &self.offsets, self.rows, cells, rng);
        let to = self.rows.pos(self.walker.head);
        if carved {
            GenEvent::Carve {
                from: self.rows.pos(from),
                to,
            }
        } else {
            GenEvent::Visit { cell: to }
        }
    }

    /// The same moves, on local copies of the state so they stay in registers.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let (mut walker, offsets, mut local_rng) = (self.walker, self.offsets, rng.clone());
        while !walker.done {
            walk(&mut walker, &offsets, self.rows, cells, &mut local_rng);
        }
        (self.walker, *rng) = (walker, local_rng);
    }

    fn head(&self) -> Option<Pos> {
        (!self.walker.done).then(|| self.rows.pos(self.walker.head))
    }

    fn visited(&self) -> u64 {
        self.walker.visited
    }

    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let i = self.rows.of(pos);
        if i == self.walker.head && !self.walker.done {
            CellState::Active
        } else if cells[i] & IN_MAZE != 0 || self.walker.done && cells[i] & LOCKED == 0 {
            // Done, the marks are cleared: every cell outside the 42 is in.
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }

    /// A walk move over cells mostly in the maze already.
    fn step_cost(&self) -> u64 {
        5
    }

    /// The cover time: measured at roughly `log2(cells)² / 5` moves per cell on square mazes
    /// (about 50 at 100x100, 80 at 2000x2000).
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        let log2 = u64::from(open_cells.max(2).ilog2());
        open_cells * (log2 * log2 / 5).max(4)
    }
}

/// A checkpoint of the walk; the marks are the grid's.
#[derive(Debug)]
struct AldousBroderCheckpoint {
    rows: RowMajor,
    walker: Walker,
    start: usize,
}

impl CarveCheckpoint for AldousBroderCheckpoint {
    fn heap_bytes(&self) -> usize {
        0
    }

    fn restore_marks(&self, grid: &mut Grid) {
        let cells = grid.raw_mut();
        if !self.walker.done {
            mark_irregular(self.rows, cells, IRREGULAR);
            mark_reached_in(self.rows, cells, self.start, IN_MAZE);
        }
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        Box::new(AldousBroder {
            rows: self.rows,
            offsets: self.rows.offsets(),
            walker: self.walker,
            start: self.start,
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
        testkit::check_perfect_and_boards(Algorithm::AldousBroder);
    }

    #[test]
    fn the_courtyard_is_kept() {
        testkit::check_courtyard(Algorithm::AldousBroder);
    }

    #[test]
    fn stepping_matches_running() {
        testkit::check_stepping(Algorithm::AldousBroder);
    }

    #[test]
    fn the_seed_decides_the_maze() {
        testkit::check_deterministic(Algorithm::AldousBroder);
    }

    #[test]
    fn a_long_walk_needs_no_stack() {
        // A corridor is the walk's slowest shape: its cover time grows with the length squared.
        testkit::check_thin(Algorithm::AldousBroder, 2000);
    }

    #[test]
    fn the_head_moves_one_cell_per_step_and_carves_only_new_cells() {
        let options = MazeOptions::new(12, 9)
            .seed(4)
            .algorithm(Algorithm::AldousBroder);
        let mut generator = Generator::build(options).unwrap();
        let mut at = Pos::new(0, 0);
        let mut carves = 0;
        loop {
            let event = generator.step();
            let to = match event {
                GenEvent::Carve { from, to } => {
                    assert_eq!(from, at);
                    carves += 1;
                    to
                }
                GenEvent::Visit { cell } => cell,
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("Aldous-Broder only carves and walks")
                }
                GenEvent::Done => break,
            };
            let (dx, dy) = (at.x.abs_diff(to.x), at.y.abs_diff(to.y));
            assert_eq!(dx + dy, 1, "{at} to {to}");
            if generator.head().is_some() {
                assert_eq!(generator.head(), Some(to));
                assert_eq!(generator.cell_state(to), CellState::Active);
            }
            at = to;
        }
        assert_eq!(carves, 12 * 9 - 18 - 1);
    }
}
