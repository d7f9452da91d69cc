//! The sidewinder: row by row, cells join a run going east; at random (and always at the east
//! border) the run is closed by opening the north wall of one of its cells, chosen at random,
//! and a new run starts. The top row, with no north, is one long corridor.
//!
//! The 42 and the courtyard are obstacles: a run ends where one begins, and only cells whose
//! north is an ordinary cell may close a run. A run with no such cell goes on east rather than
//! close; one that meets an obstacle or the border first is left as an island, which the
//! generator's linking pass joins to the rest.

use super::carve::{Carve, is_obstacle, landmark_state};
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, Courtyard, EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED, Stamp};
use crate::rng::MazeRng;

/// [`MazeRng::chance`] numerator of one half: how often a run is closed when it may be.
const HALF: u64 = 1 << 31;

#[derive(Clone, Debug)]
pub struct Sidewinder {
    rows: RowMajor,
    cells: usize,
    stamp: Option<Stamp>,
    yard: Option<Courtyard>,
    /// The next cell to work on, row-major; the cell count when done.
    cursor: usize,
    /// Column where the current run starts.
    run_start: usize,
    /// Cells of the current run that may open north, and the one chosen so far among them
    /// (reservoir sampling: the `k`-th replaces it with probability `1/k`).
    northable: u32,
    chosen: usize,
    /// The start's index: it is counted as visited from the beginning.
    start: usize,
    visited: u64,
    islands_possible: bool,
}

impl Sidewinder {
    pub fn new(grid: &Grid, start: Pos) -> Sidewinder {
        let yard = grid.courtyard().map_or(0, |c| c.cells().count() as u64);
        Sidewinder {
            rows: grid.rows(),
            cells: grid.cell_count(),
            stamp: grid.stamp(),
            yard: grid.courtyard(),
            cursor: 0,
            run_start: 0,
            northable: 0,
            chosen: 0,
            start: grid.index(start),
            visited: yard.max(1),
            islands_possible: grid.stamp().is_some() || grid.courtyard().is_some(),
        }
    }

    /// Ends the run at column `x`: the next one starts after it (or at the next row's start).
    fn end_run(&mut self, x: usize) {
        self.run_start = if x + 1 == self.rows.width() { 0 } else { x + 1 };
        self.northable = 0;
    }
}

/// Whether none of `cells` is an obstacle. Branch-free over the whole slice, so that the
/// compiler can do it many bytes at a time.
fn clear(cells: &[u8]) -> bool {
    cells.iter().fold(0, |seen, &c| seen | c) & (LOCKED | COURTYARD) == 0
}

/// A whole row below the top with no obstacle in it or above it (`rows` is the row above,
/// then the row): [`Sidewinder::step`]'s moves for that case, the same draws in the same
/// order, with the two coin-flip outcomes (whether this cell replaces the run's chosen one,
/// whether the run closes here) applied as masks and products rather than branches: they are
/// random, so a branch on them is mispredicted about every other cell.
#[inline(always)]
fn open_row(rows: &mut [u8], w: usize, rng: &mut MazeRng) {
    let (above, row) = rows.split_at_mut(w);
    let mut northable = 0;
    let mut chosen = 0;
    for (x, cell) in row[..w - 1].iter_mut().enumerate() {
        northable += 1;
        // `chosen` is never past `x`: this moves it to `x` or leaves it, by a multiplication.
        let pick = usize::from(rng.below(northable) == 0);
        chosen += (x - chosen) * pick;
        let close = u8::from(rng.chance(HALF));
        // Closing keeps the east wall and opens the chosen cell's north; going on opens east.
        *cell &= !EAST_CLOSED | (close * EAST_CLOSED);
        above[chosen] &= !(close * SOUTH_CLOSED);
        northable *= u32::from(1 - close);
    }
    // The last cell always closes its run: no coin for it.
    northable += 1;
    if rng.below(northable) == 0 {
        chosen = w - 1;
    }
    above[chosen] &= !SOUTH_CLOSED;
}

impl Carve for Sidewinder {
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Adds the next cell to the run and carves east, or closes the run by carving north.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        let cell = self.cursor;
        if cell >= cells.len() {
            return GenEvent::Done;
        }
        self.cursor += 1;
        let rows = self.rows;
        let (x, y) = rows.xy(cell);
        let here = rows.pos(cell);
        if is_obstacle(cells[cell]) {
            self.end_run(x);
            return GenEvent::Visit { cell: here };
        }
        if cell != self.start {
            self.visited += 1;
        }
        let east = x + 1 < rows.width() && !is_obstacle(cells[cell + 1]);
        if y > 0 && !is_obstacle(cells[rows.step(cell, Dir::North)]) {
            self.northable += 1;
            if rng.below(self.northable) == 0 {
                self.chosen = x;
            }
        }
        if east && (self.northable == 0 || !rng.chance(HALF)) {
            cells[cell] &= !EAST_CLOSED;
            return GenEvent::Carve {
                from: here,
                to: Pos::new(here.x + 1, here.y),
            };
        }
        let northable = self.northable;
        let chosen = self.chosen;
        self.end_run(x);
        if northable == 0 {
            // The top row's end, or a run walled in from the north: an island for now.
            return GenEvent::Visit { cell: here };
        }
        cells[rows.of(Pos::new(chosen as u32, y as u32 - 1))] &= !SOUTH_CLOSED;
        GenEvent::Carve {
            from: Pos::new(chosen as u32, here.y),
            to: Pos::new(chosen as u32, here.y - 1),
        }
    }

    /// [`Sidewinder::step`]'s moves a row at a time, with the column counted rather than
    /// divided out of the index a cell, and the run's state in locals.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let w = self.rows.width();
        while self.cursor < cells.len() {
            let row = self.cursor - self.cursor % w;
            let y = row / w;
            let (mut northable, mut chosen, mut visited) =
                (self.northable, self.chosen, self.visited);
            let mut run_start = self.run_start;
            let from = self.cursor - row;
            if from == 0 && y > 0 && clear(&cells[row - w..row + w]) {
                visited += w as u64 - u64::from((row..row + w).contains(&self.start));
                open_row(&mut cells[row - w..row + w], w, rng);
                self.visited = visited;
                self.cursor = row + w;
                continue;
            }
            for x in from..w {
                let cell = row + x;
                if is_obstacle(cells[cell]) {
                    run_start = x + 1;
                    northable = 0;
                    continue;
                }
                visited += u64::from(cell != self.start);
                let east = x + 1 < w && !is_obstacle(cells[cell + 1]);
                if y > 0 && !is_obstacle(cells[cell - w]) {
                    northable += 1;
                    if rng.below(northable) == 0 {
                        chosen = x;
                    }
                }
                if east && (northable == 0 || !rng.chance(HALF)) {
                    cells[cell] &= !EAST_CLOSED;
                    continue;
                }
                if northable != 0 {
                    cells[row - w + chosen] &= !SOUTH_CLOSED;
                }
                run_start = x + 1;
                northable = 0;
            }
            // The row's last cell ends its run: the next starts the next row.
            debug_assert_eq!(run_start, w);
            self.run_start = 0;
            (self.northable, self.chosen, self.visited) = (northable, chosen, visited);
            self.cursor = row + w;
        }
    }

    /// The cell the next step adds to the run.
    fn head(&self) -> Option<Pos> {
        (self.cursor < self.cells).then(|| self.rows.pos(self.cursor))
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The current run and the head are active.
    fn cell_state(&self, pos: Pos) -> CellState {
        if let Some(state) = landmark_state(self.stamp, self.yard, pos) {
            return state;
        }
        let i = self.rows.of(pos);
        let run = self.rows.row_start(self.cursor) + self.run_start;
        if i > self.cursor {
            CellState::Unvisited
        } else if i >= run && self.cursor < self.cells {
            CellState::Active
        } else {
            CellState::Finished
        }
    }

    fn step_cost(&self) -> u64 {
        10
    }

    /// One step per cell.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        open_cells
    }

    fn may_leave_islands(&self) -> bool {
        self.islands_possible
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::testkit;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::geometry::Dir;

    #[test]
    fn makes_valid_mazes() {
        testkit::check_all(Algorithm::Sidewinder);
    }

    #[test]
    fn the_top_row_is_one_corridor() {
        for grid in testkit::sample_mazes(Algorithm::Sidewinder) {
            assert!((0..grid.width() - 1).all(|x| grid.is_open(Pos::new(x, 0), Dir::East)));
        }
    }

    #[test]
    fn each_run_opens_north_once() {
        // Without landmarks (too low for the 42): every row below the top has as many north openings as runs,
        // and every cell of a run opens east but the last.
        let options = MazeOptions::new(30, 6)
            .seed(6)
            .algorithm(Algorithm::Sidewinder);
        let grid = Generator::generate_grid(options).unwrap();
        for y in 1..6 {
            let runs = 1
                + (0..29)
                    .filter(|&x| grid.is_closed(Pos::new(x, y), Dir::East))
                    .count();
            let norths = (0..30)
                .filter(|&x| grid.is_open(Pos::new(x, y), Dir::North))
                .count();
            assert_eq!(runs, norths, "row {y}");
        }
    }

    #[test]
    fn the_run_is_active() {
        let options = MazeOptions::new(8, 6)
            .seed(2)
            .algorithm(Algorithm::Sidewinder);
        let mut generator = Generator::build(options).unwrap();
        for _ in 0..8 + 3 {
            generator.step();
        }
        let head = generator.head().unwrap();
        assert_eq!(head, Pos::new(3, 1));
        assert_eq!(generator.cell_state(head), CellState::Active);
        assert_eq!(generator.cell_state(Pos::new(4, 1)), CellState::Unvisited);
        assert_eq!(generator.cell_state(Pos::new(7, 0)), CellState::Finished);
    }
}
