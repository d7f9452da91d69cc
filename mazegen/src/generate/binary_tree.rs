//! The binary tree: every cell, row by row, opens its north or its east wall, at random among
//! the two it has. The top row (no north) becomes one corridor, and so does the east column
//! (no east): the maze's telltale diagonal bias.
//!
//! The 42 and the courtyard are obstacles: nothing carves into or out of them, so a cell whose
//! north and east are both an obstacle or the border opens nothing and roots an island of its
//! own, which the generator's linking pass joins to the rest.

use super::carve::{Carve, is_obstacle, landmark_state};
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, Courtyard, EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED, Stamp};
use crate::rng::MazeRng;

/// [`MazeRng::chance`] numerator of one half.
const HALF: u64 = 1 << 31;

#[derive(Clone, Debug)]
pub struct BinaryTree {
    rows: RowMajor,
    cells: usize,
    stamp: Option<Stamp>,
    yard: Option<Courtyard>,
    /// The next cell to work on, row-major; the cell count when done.
    cursor: usize,
    /// The start's index: it is counted as visited from the beginning.
    start: usize,
    visited: u64,
    islands_possible: bool,
}

impl BinaryTree {
    pub fn new(grid: &Grid, start: Pos) -> BinaryTree {
        let yard = grid.courtyard().map_or(0, |c| c.cells().count() as u64);
        BinaryTree {
            rows: grid.rows(),
            cells: grid.cell_count(),
            stamp: grid.stamp(),
            yard: grid.courtyard(),
            cursor: 0,
            start: grid.index(start),
            visited: yard.max(1),
            islands_possible: grid.stamp().is_some() || grid.courtyard().is_some(),
        }
    }
}

/// Whether none of `cells` is an obstacle. Branch-free over the whole slice, so that the
/// compiler can do it many bytes at a time.
fn clear(cells: &[u8]) -> bool {
    cells.iter().fold(0, |seen, &c| seen | c) & (LOCKED | COURTYARD) == 0
}

/// A whole row below the top with no obstacle in it or above it (`rows` is the row above,
/// then the row): [`BinaryTree::step`]'s moves for that case, the same draws, with the coin
/// applied as masks rather than a branch (it is random, so a branch on it is mispredicted
/// about every other cell).
#[inline(always)]
fn open_row(rows: &mut [u8], w: usize, rng: &mut MazeRng) {
    let (above, row) = rows.split_at_mut(w);
    for (up, cell) in above[..w - 1].iter_mut().zip(&mut row[..w - 1]) {
        let north = u8::from(rng.chance(HALF));
        *up &= !(north * SOUTH_CLOSED);
        *cell &= !((1 - north) * EAST_CLOSED);
    }
    // The last column has no east: north, with no coin.
    above[w - 1] &= !SOUTH_CLOSED;
}

impl Carve for BinaryTree {
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Opens the next cell's north or east wall.
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
            return GenEvent::Visit { cell: here };
        }
        if cell != self.start {
            self.visited += 1;
        }
        let north = y > 0 && !is_obstacle(cells[rows.step(cell, Dir::North)]);
        let east = x + 1 < rows.width() && !is_obstacle(cells[cell + 1]);
        let go_north = match (north, east) {
            (false, false) => return GenEvent::Visit { cell: here },
            (true, true) => rng.chance(HALF),
            (north, _) => north,
        };
        if go_north {
            cells[rows.step(cell, Dir::North)] &= !SOUTH_CLOSED;
            GenEvent::Carve {
                from: here,
                to: Pos::new(here.x, here.y - 1),
            }
        } else {
            cells[cell] &= !EAST_CLOSED;
            GenEvent::Carve {
                from: here,
                to: Pos::new(here.x + 1, here.y),
            }
        }
    }

    /// [`BinaryTree::step`]'s moves a row at a time, with the column counted rather than
    /// divided out of the index a cell.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let w = self.rows.width();
        let mut visited = self.visited;
        while self.cursor < cells.len() {
            let row = self.cursor - self.cursor % w;
            let y = row / w;
            if self.cursor == row && y > 0 && clear(&cells[row - w..row + w]) {
                visited += w as u64 - u64::from((row..row + w).contains(&self.start));
                open_row(&mut cells[row - w..row + w], w, rng);
                self.cursor = row + w;
                continue;
            }
            for x in self.cursor - row..w {
                let cell = row + x;
                if is_obstacle(cells[cell]) {
                    continue;
                }
                visited += u64::from(cell != self.start);
                let north = y > 0 && !is_obstacle(cells[cell - w]);
                let east = x + 1 < w && !is_obstacle(cells[cell + 1]);
                let go_north = match (north, east) {
                    (false, false) => continue,
                    (true, true) => rng.chance(HALF),
                    (north, _) => north,
                };
                if go_north {
                    cells[cell - w] &= !SOUTH_CLOSED;
                } else {
                    cells[cell] &= !EAST_CLOSED;
                }
            }
            self.cursor = row + w;
        }
        self.visited = visited;
    }

    /// The cell the next step works on.
    fn head(&self) -> Option<Pos> {
        (self.cursor < self.cells).then(|| self.rows.pos(self.cursor))
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn cell_state(&self, pos: Pos) -> CellState {
        if let Some(state) = landmark_state(self.stamp, self.yard, pos) {
            return state;
        }
        let i = self.rows.of(pos);
        match i.cmp(&self.cursor) {
            std::cmp::Ordering::Less => CellState::Finished,
            std::cmp::Ordering::Equal => CellState::Active,
            std::cmp::Ordering::Greater => CellState::Unvisited,
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
        testkit::check_all(Algorithm::BinaryTree);
    }

    #[test]
    fn the_top_row_and_the_east_column_are_corridors() {
        for grid in testkit::sample_mazes(Algorithm::BinaryTree) {
            let (w, h) = (grid.width(), grid.height());
            assert!((0..w - 1).all(|x| grid.is_open(Pos::new(x, 0), Dir::East)));
            assert!((1..h).all(|y| grid.is_open(Pos::new(w - 1, y), Dir::North)));
        }
    }

    #[test]
    fn without_landmarks_every_cell_but_the_corner_opens_one_wall() {
        let options = MazeOptions::new(8, 6)
            .seed(4)
            .algorithm(Algorithm::BinaryTree);
        let mut generator = Generator::build(options).unwrap();
        let mut carves = 0;
        for i in 0..48u32 {
            let cell = Pos::new(i % 8, i / 8);
            assert_eq!(generator.head(), Some(cell));
            assert_eq!(generator.cell_state(cell), CellState::Active);
            match generator.step() {
                GenEvent::Carve { from, to } => {
                    assert_eq!(from, cell);
                    assert!(to == Pos::new(cell.x + 1, cell.y) || to.y + 1 == cell.y);
                    carves += 1;
                }
                event => assert_eq!(
                    event,
                    GenEvent::Visit {
                        cell: Pos::new(7, 0)
                    }
                ),
            }
            assert_eq!(generator.cell_state(cell), CellState::Finished);
        }
        assert_eq!(carves, 47);
        assert_eq!(generator.step(), GenEvent::Done);
    }
}
