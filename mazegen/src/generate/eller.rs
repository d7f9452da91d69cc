//! Eller's algorithm: the maze is made one row at a time, remembering only which cells of the
//! current row are already connected (their set), so it needs memory for one row, not one
//! maze.
//!
//! Each row is worked in two passes. Across: neighbours in different sets are joined at random
//! (always, on the last row), opening the wall between them. Down: each set opens at least one
//! south wall, at a cell chosen at random, and others at random; the cells below join those
//! sets and the rest of the next row start sets of their own. Joining only different sets
//! never makes a loop, and carrying every set down leaves none behind, so the last row's joins
//! connect the whole maze.
//!
//! The 42 and the courtyard are obstacles, never carved into or out of: a set whose cells all
//! sit above one cannot be carried down and is left as an island, which the generator's
//! linking pass joins to the rest.
//!
//! Sets are labels below the width, merged with a union-find that is reset every row; a label
//! that no cell carries down is free for the next row's new sets.

use super::carve::slice_bytes;
use super::carve::{Carve, OutOfMemory, is_obstacle, landmark_state, try_filled};
use super::union_find::UnionFind;
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{Courtyard, EAST_CLOSED, Grid, RowMajor, SOUTH_CLOSED, Stamp};
use crate::rng::MazeRng;

/// [`MazeRng::chance`] numerator of one half: how often neighbours in different sets are
/// joined, and how often a cell opens south beyond the one its set must.
const HALF: u64 = 1 << 31;

/// No set: an obstacle cell, or (in `below`) a cell not carved into from above.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    Across,
    Down,
}

#[derive(Clone, Debug)]
pub struct Eller {
    rows: RowMajor,
    stamp: Option<Stamp>,
    yard: Option<Courtyard>,
    /// The row being worked, and the pass over it.
    row: usize,
    pass: Pass,
    /// The column the next step works on; `width` at the end of a pass.
    x: usize,
    done: bool,
    /// The set label of each cell of the row (`NONE` for an obstacle).
    sets: Vec<u32>,
    /// Which labels the across pass has joined into one set.
    labels: UnionFind,
    /// Per set (root label), for the down pass: the cell that must open south, chosen by
    /// reservoir sampling over the set's cells that can, counted in `candidates`.
    must: Vec<u32>,
    candidates: Vec<u32>,
    /// The next row's labels: the set of the cell above for cells carved into, else `NONE`.
    below: Vec<u32>,
    /// Scratch for handing out labels: which are taken, and the free ones.
    taken: Vec<bool>,
    free: Vec<u32>,
    /// The start's index: it is counted as visited from the beginning.
    start: usize,
    visited: u64,
    islands_possible: bool,
}

impl Eller {
    /// Starts on the first row, or [`OutOfMemory`] when the allocator refuses its rows (a
    /// few bytes a column: megabytes for the widest mazes).
    pub fn new(grid: &Grid, start: Pos) -> Result<Eller, OutOfMemory> {
        let width = grid.width() as usize;
        let yard = grid.courtyard().map_or(0, |c| c.cells().count() as u64);
        let mut eller = Eller {
            rows: grid.rows(),
            stamp: grid.stamp(),
            yard: grid.courtyard(),
            row: 0,
            pass: Pass::Across,
            x: 0,
            done: false,
            sets: try_filled(width, NONE)?,
            labels: UnionFind::try_new(width)?,
            must: try_filled(width, 0)?,
            candidates: try_filled(width, 0)?,
            below: try_filled(width, NONE)?,
            taken: try_filled(width, false)?,
            free: {
                let mut free = try_filled(width, 0)?;
                free.clear();
                free
            },
            start: grid.index(start),
            visited: yard.max(1),
            islands_possible: grid.stamp().is_some() || grid.courtyard().is_some(),
        };
        eller.start_row(grid.raw());
        Ok(eller)
    }

    /// Labels the cells of `self.row`: those carved into from above keep their set, the others
    /// take a free label each.
    fn start_row(&mut self, cells: &[u8]) {
        let w = self.rows.width();
        self.taken.fill(false);
        for &set in self.below.iter().filter(|&&s| s != NONE) {
            self.taken[set as usize] = true;
        }
        self.free.clear();
        self.free
            .extend((0..w as u32).rev().filter(|&l| !self.taken[l as usize]));
        let row = &cells[self.rows.row(self.row)];
        for ((set, &byte), &above) in self.sets.iter_mut().zip(row).zip(&self.below) {
            *set = if is_obstacle(byte) {
                NONE
            } else if above != NONE {
                above
            } else {
                self.free
                    .pop()
                    .expect("a row never has more sets than cells")
            };
        }
        self.labels.reset();
        self.below.fill(NONE);
    }

    /// Settles each cell's set to its root, and picks for each set the cell that must open
    /// south, among its cells above an ordinary cell.
    fn start_down(&mut self, cells: &[u8], rng: &mut MazeRng) {
        let next_row = &cells[self.rows.row(self.row + 1)];
        self.candidates.fill(0);
        for (x, (set, &byte)) in self.sets.iter_mut().zip(next_row).enumerate() {
            if *set == NONE {
                continue;
            }
            let root = self.labels.find(*set);
            *set = root;
            if !is_obstacle(byte) {
                let seen = &mut self.candidates[root as usize];
                *seen += 1;
                if rng.below(*seen) == 0 {
                    self.must[root as usize] = x as u32;
                }
            }
        }
    }
}

impl Carve for Eller {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.sets)
            + self.labels.heap_bytes()
            + slice_bytes(&self.must)
            + slice_bytes(&self.candidates)
            + slice_bytes(&self.below)
            + slice_bytes(&self.taken)
            + slice_bytes(&self.free)
    }

    /// Looks at one wall: east of the next cell across, or south of it on the way down.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.done {
            return GenEvent::Done;
        }
        if self.x == self.rows.width() {
            match self.pass {
                Pass::Across if self.row + 1 == self.rows.height() => {
                    self.done = true;
                    return GenEvent::Done;
                }
                Pass::Across => {
                    self.start_down(cells, rng);
                    self.pass = Pass::Down;
                }
                Pass::Down => {
                    self.row += 1;
                    self.start_row(cells);
                    self.pass = Pass::Across;
                }
            }
            self.x = 0;
        }
        let (x, w) = (self.x, self.rows.width());
        self.x += 1;
        let last_row = self.row + 1 == self.rows.height();
        let here = Pos::new(x as u32, self.row as u32);
        let cell = self.rows.of(here);
        let set = self.sets[x];
        match self.pass {
            Pass::Across => {
                if set != NONE && cell != self.start {
                    self.visited += 1;
                }
                let next = if x + 1 < w { self.sets[x + 1] } else { NONE };
                if set == NONE || next == NONE {
                    return GenEvent::Visit { cell: here };
                }
                if self.labels.equiv(set, next) || !(last_row || rng.chance(HALF)) {
                    return GenEvent::Visit { cell: here };
                }
                self.labels.union(set, next);
                cells[cell] &= !EAST_CLOSED;
                GenEvent::Carve {
                    from: here,
                    to: Pos::new(here.x + 1, here.y),
                }
            }
            Pass::Down => {
                let open = set != NONE
                    && !is_obstacle(cells[self.rows.step(cell, Dir::South)])
                    && (self.must[set as usize] == x as u32 || rng.chance(HALF));
                if !open {
                    return GenEvent::Visit { cell: here };
                }
                self.below[x] = set;
                cells[cell] &= !SOUTH_CLOSED;
                GenEvent::Carve {
                    from: here,
                    to: Pos::new(here.x, here.y + 1),
                }
            }
        }
    }

    /// The cell the last step worked on.
    fn head(&self) -> Option<Pos> {
        let x = self.x.saturating_sub(1);
        (!self.done).then(|| Pos::new(x as u32, self.row as u32))
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The row being worked is active, and so are the cells below it carved into already.
    fn cell_state(&self, pos: Pos) -> CellState {
        if let Some(state) = landmark_state(self.stamp, self.yard, pos) {
            return state;
        }
        if self.done {
            return CellState::Finished;
        }
        let (x, y) = (pos.x as usize, pos.y as usize);
        if y < self.row {
            CellState::Finished
        } else if y == self.row || (y == self.row + 1 && self.below[x] != NONE) {
            CellState::Active
        } else {
            CellState::Unvisited
        }
    }

    fn step_cost(&self) -> u64 {
        30
    }

    /// Two steps per cell, across and down (one on the last row).
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
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
        testkit::check_all(Algorithm::Eller);
    }

    #[test]
    fn without_landmarks_no_island_is_left() {
        for seed in 0..20 {
            let options = MazeOptions::new(40, 6)
                .seed(seed)
                .algorithm(Algorithm::Eller);
            let mut generator = Generator::new(options).unwrap();
            while generator.step() != GenEvent::Done {
                assert!(!generator.is_linking() && !generator.is_braiding());
            }
            assert_eq!(crate::stats::open_walls(generator.grid()), 40 * 6 - 1);
        }
    }

    #[test]
    fn the_last_row_joins_every_set() {
        // A 2-high maze: the last row must join whatever the first row left apart, so every
        // column is reached along the bottom or through the top.
        for seed in 0..20 {
            let options = MazeOptions::new(30, 2)
                .seed(seed)
                .algorithm(Algorithm::Eller);
            let grid = Generator::generate(options).unwrap();
            for x in 0..29 {
                let top = Pos::new(x, 0);
                assert!(
                    grid.is_open(Pos::new(x, 1), Dir::East) || grid.is_open(top, Dir::East),
                    "seed {seed}: columns {x} and {} apart",
                    x + 1
                );
            }
        }
    }
}
