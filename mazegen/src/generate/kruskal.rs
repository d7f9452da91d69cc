//! Kruskal's algorithm: every inner wall between two open (non-42) cells, in one random order,
//! is opened when its two cells are still in different trees.
//!
//! The walls are listed once as `cell * 2 + (0 east, 1 south)` and shuffled once; a union-find
//! over the cells keeps the trees. One wall is examined per step. The courtyard starts as one
//! tree (its inner walls are already open and not listed), so no wall inside it is touched and
//! at most one door joins it to each other tree. The run stops at the last join, usually a
//! little before the end of the list.
//!
//! Speed: nearly all the time goes to cache misses, the shuffle's on the far end of each swap
//! and the run's on the union-find (a random cell's parent, then its root) and the grid byte
//! of each wall opened. One waits for the other for hundreds of nanoseconds; many in flight
//! at once take a few tens each. So [`Carve::run`] loads what the next [`RUN_BATCH`] walls'
//! steps will read before it takes them, and the shuffle draws a batch ahead of its swaps.
//!
//! Memory: the wall list, packed in the bits the largest wall needs (26 a wall at 5000x5000,
//! so about 6.5 bytes a cell; see [`WallList`]), plus the union-find's 4 bytes a cell. Which
//! cells have joined is read from the grid (a cell with an open wall, the start or the
//! courtyard), not kept beside it. A replay checkpoint keeps neither: the wall list never
//! changes once shuffled, so checkpoints share it with the live carver, and the union-find
//! holds the trees of the grid's open walls, which a restore rebuilds from the grid in one
//! pass.

mod wall_list;

use std::sync::Arc;

use super::carve::{Carve, CarveCheckpoint, Shared, first_cells};
use super::union_find::UnionFind;
use super::{CellState, GenEvent};
use crate::bytes::OutOfMemory;
use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED};
use crate::rng::MazeRng;
use wall_list::WallList;

/// How many walls [`Carve::run`] loads ahead of its steps: enough cache misses at once to keep
/// the memory busy, few enough that what they load is still in cache at the steps.
const RUN_BATCH: usize = 64;

/// How many links of each cell's path to its root [`Kruskal::warm`] loads. The unions link
/// random roots and the finds halve the paths, so the paths are short: at 2000x2000, a find
/// loads 1 parent in 33% of the finds, 2 in 31%, 3 in 25%, 4 in 9%, 5 in 2.4%, more in 0.6%.
/// A level more costs a pass over the batch that mostly hits the cache; at 5, 0.6% of the
/// finds are left a miss of their own (at 3, 11%: 5 measured faster).
const WARM_LEVELS: usize = 5;

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
        let visited = first_cells(grid, start).count() as u64;
        Ok(Kruskal {
            trees,
            walls: Arc::new(walls),
            next: 0,
            rows,
            start: grid.index(start),
            last: None,
            visited,
            open_cells,
            done: visited >= open_cells,
        })
    }
}

impl Kruskal {
    /// The two cells of `wall` and the bit of the first's byte that is the wall between them.
    #[inline(always)]
    fn ends(&self, wall: u32) -> (usize, usize, u8) {
        let a = (wall / 2) as usize;
        let (b, bit) = if wall.is_multiple_of(2) {
            (a + 1, EAST_CLOSED)
        } else {
            (self.rows.step(a, Dir::South), SOUTH_CLOSED)
        };
        (a, b, bit)
    }

    /// Reads what the steps of the next [`RUN_BATCH`] walls will read (each cell's path to its
    /// root a few links deep, the first cell's grid byte) and changes nothing: the loads are
    /// independent, so their cache misses overlap, where the steps would take them one after
    /// the other.
    #[inline(always)]
    fn warm(&self, cells: &[u8]) {
        let end = (self.next + RUN_BATCH).min(self.walls.len());
        let mut ends = [0u32; 2 * RUN_BATCH];
        let ends = &mut ends[..2 * (end - self.next)];
        for (k, pair) in (self.next..end).zip(ends.chunks_exact_mut(2)) {
            let wall = self.walls.get(k).expect("a wall before the end");
            let (a, b, _) = self.ends(wall);
            pair.copy_from_slice(&[a as u32, b as u32]);
        }
        // The loads in loops of their own, a few instructions each: the core keeps only so
        // many instructions in flight, so a loop as long as the decoding above would have few
        // misses outstanding at once.
        let bytes = ends
            .iter()
            .step_by(2)
            .fold(0, |acc, &a| acc ^ cells[a as usize]);
        for _ in 0..WARM_LEVELS {
            for cell in ends.iter_mut() {
                *cell = self.trees.parent_of(*cell);
            }
        }
        std::hint::black_box((bytes, ends));
    }
}

impl Carve for Kruskal {
    fn heap_bytes(&self) -> usize {
        self.trees.heap_bytes() + self.walls.heap_bytes()
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
        let (a, b, bit) = self.ends(wall);
        self.last = Some((a, b));
        if !self.trees.union(a as u32, b as u32) {
            return GenEvent::Visit {
                cell: self.rows.pos(a),
            };
        }
        cells[a] &= !bit;
        // Each join adds one cell's worth of tree: the courtyard and the start count already.
        self.visited += 1;
        self.done = self.visited >= self.open_cells;
        GenEvent::Carve {
            from: self.rows.pos(a),
            to: self.rows.pos(b),
        }
    }

    /// The steps, [`RUN_BATCH`] at a time, each batch's memory loaded before its steps (see
    /// [`Kruskal::warm`], which changes nothing): the moves of `step`, one after the other.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        loop {
            self.warm(cells);
            for _ in 0..RUN_BATCH {
                if self.step(cells, rng) == GenEvent::Done {
                    return;
                }
            }
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

    /// The two cells of the wall examined last are active; the cells joined (an open wall,
    /// the courtyard or the start) are done.
    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let i = self.rows.of(pos);
        if self.last.is_some_and(|(a, b)| i == a || i == b) && !self.done {
            CellState::Active
        } else if i == self.start || cells[i] & COURTYARD != 0 || has_open_wall(self.rows, cells, i)
        {
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

/// Whether the cell at `index` has an open wall, to any side, in the grid's bytes `cells`.
fn has_open_wall(rows: RowMajor, cells: &[u8], index: usize) -> bool {
    let closed = EAST_CLOSED | SOUTH_CLOSED;
    let west = !index.is_multiple_of(rows.width()) && cells[index - 1] & EAST_CLOSED == 0;
    let north = index >= rows.width() && cells[index - rows.width()] & SOUTH_CLOSED == 0;
    cells[index] & closed != closed || west || north
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

    /// The trees are those of the open walls (the courtyard's and the ones opened).
    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let (cells, n) = (grid.raw(), grid.cell_count());
        Box::new(Kruskal {
            trees: UnionFind::joined_along_open_walls(cells, self.rows, n, n),
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
}

#[cfg(test)]
mod tests {
    use super::super::testkit;
    use super::*;
    use crate::generate::{Algorithm, CellState, Generator, MazeOptions};

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

    /// `run` takes the walls a batch at a time after loading their memory: the same moves as
    /// `step`, so the same maze, over batch boundaries, sizes, seeds, the 42 and the courtyard.
    /// Stepping, the cells joined are the ones an open wall, the start or the courtyard joined.
    #[test]
    fn running_in_batches_is_stepping() {
        for (w, h) in [(2, 2), (9, 7), (25, 20), (64, 64), (100, 37), (13, 200)] {
            for seed in [0, 1, 7, 12_345] {
                for courtyard in [false, true] {
                    let options = MazeOptions::new(w, h)
                        .seed(seed)
                        .courtyard(courtyard)
                        .algorithm(Algorithm::Kruskal);
                    let what = format!("{w}x{h} seed {seed} courtyard {courtyard}");
                    let mut generator = Generator::build(options.clone()).unwrap();
                    let grid = generator.grid().clone();
                    // The start is (0, 0), or in the courtyard if there is one.
                    let first = |p: Pos| match grid.courtyard() {
                        Some(_) => grid.in_courtyard(p),
                        None => p == Pos::new(0, 0),
                    };
                    let mut joined: Vec<bool> = grid.positions().map(first).collect();
                    // The states are checked every few steps, as a check reads every cell.
                    for steps in 0u64.. {
                        let event = generator.step();
                        if let GenEvent::Carve { from, to } = event {
                            joined[grid.index(from)] = true;
                            joined[grid.index(to)] = true;
                        }
                        if event == GenEvent::Done || generator.is_braiding() {
                            break;
                        }
                        if steps % 23 != 0 {
                            continue;
                        }
                        for p in grid.positions().filter(|&p| !grid.is_locked(p)) {
                            let state = generator.cell_state(p);
                            if state != CellState::Active {
                                let finished = state == CellState::Finished;
                                assert_eq!(finished, joined[grid.index(p)], "{what} {p}");
                            }
                        }
                    }
                    while generator.step() != GenEvent::Done {}
                    let stepped = generator.into_grid();
                    assert_eq!(
                        stepped,
                        Generator::generate_grid(options).unwrap(),
                        "{what}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_wall_is_examined_once_and_the_run_stops_at_the_last_join() {
        let options = MazeOptions::new(12, 9)
            .seed(5)
            .algorithm(Algorithm::Kruskal);
        let mut generator = Generator::build(options).unwrap();
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
