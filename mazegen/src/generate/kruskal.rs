//! Kruskal's algorithm: every inner wall between two open (non-42) cells, in one random order,
//! is opened when its two cells are still in different trees.
//!
//! The walls are listed once as `cell * 2 + (0 east, 1 south)` and shuffled once; a union-find
//! over the cells keeps the trees. One wall is examined per step. The courtyard starts as one
//! tree (its inner walls are already open and not listed), so no wall inside it is touched and
//! at most one door joins it to each other tree. The run stops at the last join, usually a
//! little before the end of the list.
//!
//! Memory: the wall list, packed in the bits the largest wall needs (26 a wall at 5000x5000,
//! so about 6.5 bytes a cell; see [`WallList`]), plus the union-find's 4 bytes a cell and a
//! bit a cell for the cells joined. A replay
//! checkpoint keeps neither: the wall list never changes once shuffled, so checkpoints share it
//! with the live carver, and the union-find holds the trees of the grid's open walls, which a
//! restore rebuilds from the grid in one pass.

mod wall_list;

use std::sync::Arc;

use super::carve::slice_bytes;
use super::carve::{Carve, CarveCheckpoint, OutOfMemory, Shared, first_cells, try_filled};
use super::union_find::UnionFind;
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED};
use crate::rng::MazeRng;
use wall_list::WallList;

#[derive(Clone, Debug)]
pub struct Kruskal {
    trees: UnionFind,
    /// The walls to examine, from `next` on; shared with the replay checkpoints, as it never
    /// changes once shuffled.
    walls: Arc<WallList>,
    next: usize,
    rows: RowMajor,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
    /// One bit per cell: it has an open wall (or is in the courtyard).
    joined: Vec<u64>,
    /// The two cells of the wall examined last.
    last: Option<(usize, usize)>,
    visited: u64,
    open_cells: u64,
    done: bool,
}

impl Kruskal {
    /// Lists and shuffles the walls; `start` only counts as the first cell in the maze.
    pub fn new(grid: &Grid, start: Pos, rng: &mut MazeRng) -> Result<Kruskal, OutOfMemory> {
        let (rows, raw) = (grid.rows(), grid.raw());
        let n = raw.len();
        let free = |i: usize| raw[i] & LOCKED == 0;
        let mut walls = WallList::try_with_capacity(2 * n, 2 * n as u64)?;
        let mut trees = UnionFind::try_new(n)?;
        let mut joined = try_filled(n.div_ceil(64), 0u64)?;
        let mut open_cells = 0;
        for (i, &byte) in raw.iter().enumerate() {
            if byte & LOCKED != 0 {
                continue;
            }
            open_cells += 1;
            for (bit, dir, wall) in [(0, Dir::East, EAST_CLOSED), (1, Dir::South, SOUTH_CLOSED)] {
                let Some(next) = rows.neighbour(i, dir).filter(|&next| free(next)) else {
                    continue;
                };
                if byte & wall != 0 {
                    walls.push(u32::try_from(i * 2 + bit).expect("under 2^31 cells"));
                } else {
                    // Only the courtyard is open before carving.
                    trees.union(i as u32, next as u32);
                }
            }
        }
        walls.shuffle(rng);
        let mut visited = 0;
        for i in first_cells(grid, start) {
            joined[i / 64] |= 1 << (i % 64);
            visited += 1;
        }
        Ok(Kruskal {
            trees,
            walls: Arc::new(walls),
            next: 0,
            rows,
            start: grid.index(start),
            joined,
            last: None,
            visited,
            open_cells,
            done: visited >= open_cells,
        })
    }
}

impl Carve for Kruskal {
    fn heap_bytes(&self) -> usize {
        self.trees.heap_bytes() + self.walls.heap_bytes() + slice_bytes(&self.joined)
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(KruskalCheckpoint {
            walls: Arc::clone(&self.walls),
            next: self.next,
            rows: self.rows,
            start: self.start,
            last: self.last,
            visited: self.visited,
            open_cells: self.open_cells,
            done: self.done,
        })
    }

    /// Examines one wall: opens it if it joins two trees.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], _rng: &mut MazeRng) -> GenEvent {
        if self.done {
            return GenEvent::Done;
        }
        let Some(wall) = self.walls.get(self.next) else {
            self.done = true;
            return GenEvent::Done;
        };
        self.next += 1;
        let a = (wall / 2) as usize;
        let (b, bit) = if wall % 2 == 0 {
            (a + 1, EAST_CLOSED)
        } else {
            (self.rows.step(a, Dir::South), SOUTH_CLOSED)
        };
        self.last = Some((a, b));
        if !self.trees.union(a as u32, b as u32) {
            return GenEvent::Visit {
                cell: self.rows.pos(a),
            };
        }
        cells[a] &= !bit;
        for c in [a, b] {
            self.joined[c / 64] |= 1 << (c % 64);
        }
        // Each join adds one cell's worth of tree: the courtyard and the start count already.
        self.visited += 1;
        self.done = self.visited >= self.open_cells;
        GenEvent::Carve {
            from: self.rows.pos(a),
            to: self.rows.pos(b),
        }
    }

    /// The first cell of the wall examined last.
    fn head(&self) -> Option<Pos> {
        self.last
            .filter(|_| !self.done)
            .map(|(a, _)| self.rows.pos(a))
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The two cells of the wall examined last are active; cells with an open wall are done.
    fn cell_state(&self, pos: Pos) -> CellState {
        let i = self.rows.of(pos);
        if self.last.is_some_and(|(a, b)| i == a || i == b) && !self.done {
            CellState::Active
        } else if self.joined[i / 64] & (1 << (i % 64)) != 0 {
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }

    /// A find through the union-find, a cache miss or two.
    fn step_cost(&self) -> u64 {
        40
    }

    /// About two walls per cell, nearly all examined before the last join.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
    }
}

/// A checkpoint of Kruskal's carving: the shared wall list and where it is in it; the trees
/// and the cells joined are the grid's.
#[derive(Debug)]
struct KruskalCheckpoint {
    walls: Arc<WallList>,
    next: usize,
    rows: RowMajor,
    start: usize,
    last: Option<(usize, usize)>,
    visited: u64,
    open_cells: u64,
    done: bool,
}

impl CarveCheckpoint for KruskalCheckpoint {
    fn heap_bytes(&self) -> usize {
        0
    }

    fn shared(&self) -> Option<Shared> {
        Some(Shared {
            address: Arc::as_ptr(&self.walls) as usize,
            bytes: self.walls.heap_bytes(),
        })
    }

    /// The trees are those of the open walls (the courtyard's and the ones opened), and a cell
    /// is joined once it has an open wall, or from the start for the courtyard and the start.
    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let (cells, n) = (grid.raw(), grid.cell_count());
        let mut reached = vec![0u8; n];
        self.rows.mark_open_cells(cells, &mut reached, 1);
        for i in first_cells(grid, grid.pos(self.start)) {
            reached[i] = 1;
        }
        let joined = reached
            .chunks(64)
            .map(|flags| {
                let bits = flags.iter().enumerate();
                bits.fold(0u64, |word, (bit, &flag)| word | u64::from(flag) << bit)
            })
            .collect();
        Box::new(Kruskal {
            trees: UnionFind::joined_along_open_walls(cells, self.rows, n, n),
            walls: Arc::clone(&self.walls),
            next: self.next,
            rows: self.rows,
            start: self.start,
            joined,
            last: self.last,
            visited: self.visited,
            open_cells: self.open_cells,
            done: self.done,
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
        testkit::check_perfect_and_boards(Algorithm::Kruskal);
    }

    #[test]
    fn the_courtyard_is_kept() {
        testkit::check_courtyard(Algorithm::Kruskal);
    }

    #[test]
    fn stepping_matches_running() {
        testkit::check_stepping(Algorithm::Kruskal);
    }

    #[test]
    fn the_seed_decides_the_maze() {
        testkit::check_deterministic(Algorithm::Kruskal);
    }

    #[test]
    fn a_deep_maze_needs_no_stack() {
        testkit::check_thin(Algorithm::Kruskal, 100_000);
    }

    #[test]
    fn each_wall_is_examined_once_and_the_run_stops_at_the_last_join() {
        let options = MazeOptions::new(12, 9)
            .seed(5)
            .algorithm(Algorithm::Kruskal);
        let mut generator = Generator::new(options).unwrap();
        let grid = generator.grid().clone();
        let open = |p: Pos| !grid.is_locked(p);
        let inner_walls = grid
            .positions()
            .filter(|&p| open(p))
            .map(|p| {
                let east = grid.neighbour(p, crate::Dir::East).is_some_and(open);
                let south = grid.neighbour(p, crate::Dir::South).is_some_and(open);
                u64::from(east) + u64::from(south)
            })
            .sum::<u64>();
        let (mut carves, mut visits, mut last) = (0u64, 0u64, GenEvent::Done);
        loop {
            let event = generator.step();
            match event {
                GenEvent::Carve { .. } => carves += 1,
                GenEvent::Visit { .. } => visits += 1,
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("Kruskal only carves and visits")
                }
                GenEvent::Done => break,
            }
            last = event;
        }
        assert_eq!(carves, 12 * 9 - 18 - 1);
        assert!(carves + visits <= inner_walls);
        assert!(matches!(last, GenEvent::Carve { .. }), "{last:?}");
    }
}
