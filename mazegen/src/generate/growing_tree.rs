//! The growing tree: a list of active cells, each step taking one of them and carving into a
//! random unvisited neighbour (which joins the list), or retiring it when it has none.
//!
//! Which cell a step takes is the whole character of the maze: always the newest gives the
//! backtracker's long winding corridors, a random one gives Prim's short branches and many
//! dead ends, and a mix of the two lands in between.
//!
//! Memory: a mark byte per cell and the active list. A replay checkpoint keeps only the list:
//! a cell is in the maze once it has an open wall (or is the start or in the courtyard), and
//! active when it is in the list.

use super::carve::slice_bytes;
use super::carve::{
    Carve, CarveCheckpoint, OutOfMemory, first_cells, mark_reached, room_for, try_filled,
};
use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor};
use crate::rng::MazeRng;

/// Marks, one byte per cell. A cell is free to carve into only when its byte is zero.
const LOCKED: u8 = 1;
/// Joined the maze.
const IN_MAZE: u8 = 2;
/// In the active list.
const ACTIVE: u8 = 4;

/// A slot of the active list whose cell has been retired (`Mixed` only).
const RETIRED: u32 = u32::MAX;

/// [`MazeRng::chance`] numerator of one half.
const HALF: u64 = 1 << 31;

/// For each 4-bit mask of free directions (bit = `Dir as u8`) and each `k` below its number
/// of set bits, the `k`-th set bit.
const NTH_FREE: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut dir, mut k) = (0, 0);
        while dir < 4 {
            if mask & (1 << dir) != 0 {
                table[mask][k] = dir as u8;
                k += 1;
            }
            dir += 1;
        }
        mask += 1;
    }
    table
};

/// Which active cell a step works from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The most recently added: a depth-first search, like the backtracker.
    Newest,
    /// A uniformly random one: like Prim's algorithm.
    Random,
    /// The newest with probability 1/2, else a random one.
    Mixed,
}

#[derive(Clone, Debug)]
pub struct GrowingTree {
    mode: Mode,
    rows: RowMajor,
    marks: Vec<u8>,
    /// Indices of the active cells, oldest first (see [`GrowingTree::retire`]); for `Mixed`,
    /// some may be [`RETIRED`].
    active: Vec<u32>,
    /// Number of [`RETIRED`] slots in `active`.
    retired: usize,
    head: Option<Pos>,
    visited: u64,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
    /// The allocator refused the active list room to grow: the carving stopped there.
    out_of_memory: bool,
}

impl GrowingTree {
    /// Starts from the courtyard, if any, and `start`, which must not be in the 42.
    pub fn new(grid: &Grid, start: Pos, mode: Mode) -> Result<GrowingTree, OutOfMemory> {
        let mut marks = try_filled(grid.cell_count(), 0)?;
        for cell in grid.stamp().iter().flat_map(|s| s.cells()) {
            marks[grid.index(cell)] = LOCKED;
        }
        let mut active = Vec::new();
        let mut seeds: Vec<usize> = first_cells(grid, start).collect();
        // The start last, so that the newest cell is the start.
        seeds.rotate_left(1);
        for i in seeds {
            marks[i] = IN_MAZE | ACTIVE;
            active.push(i as u32);
        }
        Ok(GrowingTree {
            mode,
            rows: grid.rows(),
            marks,
            visited: active.len() as u64,
            active,
            retired: 0,
            head: Some(start),
            start: grid.index(start),
            out_of_memory: false,
        })
    }

    /// A uniformly random live slot of the active list, for `Mixed`, whose list may hold
    /// retired slots: at most half of them are, so each draw hits a live one with probability
    /// at least 1/2 (and after 64 misses, which never happens in practice, the list is
    /// compacted so that the next draw must).
    fn draw_live(&mut self, rng: &mut MazeRng) -> usize {
        for _ in 0..64 {
            let at = rng.below(self.active.len() as u32) as usize;
            if self.active[at] != RETIRED {
                return at;
            }
        }
        self.compact();
        rng.below(self.active.len() as u32) as usize
    }

    /// Takes slot `at` out of the active list. `Newest` only ever takes the last slot and
    /// `Random` does not care about order, so both swap the last slot in. `Mixed` needs the
    /// order (which slot is newest) and marks the slot retired instead, dropping retired slots
    /// from the end so that the last slot is always live, and compacting the list once half of
    /// it is retired: O(1) amortised either way.
    fn retire(&mut self, at: usize) {
        if self.mode != Mode::Mixed {
            self.active.swap_remove(at);
            return;
        }
        self.active[at] = RETIRED;
        self.retired += 1;
        while self.active.last() == Some(&RETIRED) {
            self.active.pop();
            self.retired -= 1;
        }
        if 2 * self.retired > self.active.len() {
            self.compact();
        }
    }

    fn compact(&mut self) {
        self.active.retain(|&slot| slot != RETIRED);
        self.retired = 0;
    }
}

impl Carve for GrowingTree {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.marks) + slice_bytes(&self.active)
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(GrowingTreeCheckpoint {
            mode: self.mode,
            rows: self.rows,
            active: self.active.clone(),
            retired: self.retired,
            head: self.head,
            visited: self.visited,
            start: self.start,
        })
    }

    /// Takes an active cell and carves from it, or retires it (a `Visit`).
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        let len = self.active.len();
        // The active list, up to a cell a cell, grows by the one cell a step may add.
        if len == 0 || self.out_of_memory || !room_for(&mut self.active, 1) {
            self.out_of_memory = len != 0;
            self.head = None;
            return GenEvent::Done;
        }
        let at = match self.mode {
            Mode::Newest => len - 1,
            Mode::Random => rng.below(len as u32) as usize,
            Mode::Mixed if rng.chance(HALF) => len - 1,
            Mode::Mixed => self.draw_live(rng),
        };
        let cell = self.active[at] as usize;
        let rows = self.rows;
        let from = rows.pos(cell);
        let marks = &self.marks;
        let free = rows.neighbour_mask(cell, |next| marks[next] == 0);
        if free == 0 {
            self.retire(at);
            self.marks[cell] &= !ACTIVE;
            self.head = Some(from);
            return GenEvent::Visit { cell: from };
        }
        let k = rng.below(free.count_ones()) as usize;
        let dir = NTH_FREE[free as usize][k];
        let next = cell.wrapping_add_signed(rows.offsets()[dir as usize]);
        let (dx, dy) = Dir::from_index(dir).delta();
        let to = Pos::new(
            from.x.wrapping_add_signed(dx as i32),
            from.y.wrapping_add_signed(dy as i32),
        );
        rows.open_wall(cells, cell, dir);
        self.marks[next] = IN_MAZE | ACTIVE;
        self.active.push(next as u32);
        self.visited += 1;
        self.head = Some(to);
        GenEvent::Carve { from, to }
    }

    fn head(&self) -> Option<Pos> {
        self.head
    }

    fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn cell_state(&self, pos: Pos) -> CellState {
        let mark = self.marks[self.rows.of(pos)];
        if mark & ACTIVE != 0 {
            CellState::Active
        } else if mark & IN_MAZE != 0 {
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }

    /// Taking the newest cell follows the last carve, in the cache; a random one does not.
    fn step_cost(&self) -> u64 {
        match self.mode {
            Mode::Newest => 15,
            Mode::Random => 30,
            Mode::Mixed => 35,
        }
    }

    /// Each cell is carved into once and retired once.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
    }
}

/// A checkpoint of the growing tree: the active list; the marks are the grid's and the list's.
#[derive(Debug)]
struct GrowingTreeCheckpoint {
    mode: Mode,
    rows: RowMajor,
    active: Vec<u32>,
    retired: usize,
    head: Option<Pos>,
    visited: u64,
    start: usize,
}

impl CarveCheckpoint for GrowingTreeCheckpoint {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.active)
    }

    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let mut marks = vec![0; grid.cell_count()];
        mark_reached(grid, grid.pos(self.start), &mut marks, IN_MAZE);
        for cell in grid.stamp().iter().flat_map(|s| s.cells()) {
            marks[grid.index(cell)] = LOCKED;
        }
        for &cell in self.active.iter().filter(|&&cell| cell != RETIRED) {
            marks[cell as usize] |= ACTIVE;
        }
        Box::new(GrowingTree {
            mode: self.mode,
            rows: self.rows,
            marks,
            active: self.active.clone(),
            retired: self.retired,
            head: self.head,
            visited: self.visited,
            start: self.start,
            out_of_memory: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::testkit;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::stats;

    const MODES: [Algorithm; 3] = [
        Algorithm::GrowingTreeNewest,
        Algorithm::GrowingTreeRandom,
        Algorithm::GrowingTreeMixed,
    ];

    #[test]
    fn every_mode_makes_valid_mazes() {
        for algorithm in MODES {
            testkit::check_all(algorithm);
        }
    }

    #[test]
    fn each_free_direction_is_listed_once_in_order() {
        for (mask, nth) in NTH_FREE.iter().enumerate() {
            let dirs: Vec<u8> = (0..4).filter(|d| mask & (1 << d) != 0).collect();
            assert_eq!(&nth[..dirs.len()], &dirs[..]);
        }
    }

    #[test]
    fn the_mode_sets_the_texture() {
        let dead_ends = |algorithm| {
            let options = MazeOptions::new(60, 60).seed(3).algorithm(algorithm);
            stats::dead_ends(&Generator::generate(options).unwrap())
        };
        let [newest, random, mixed] = MODES.map(dead_ends);
        assert!(
            newest < mixed && mixed < random,
            "{newest} {mixed} {random}"
        );
    }

    #[test]
    fn the_courtyard_and_the_start_begin_active() {
        let options = MazeOptions::new(25, 20)
            .courtyard(true)
            .algorithm(Algorithm::GrowingTreeNewest);
        let generator = Generator::new(options).unwrap();
        let yard = generator.grid().courtyard().unwrap();
        assert!(
            yard.cells()
                .all(|c| generator.cell_state(c) == CellState::Active)
        );
        assert!(yard.contains(generator.head().unwrap()));
        assert_eq!(generator.visited(), 9);
        assert_eq!(
            generator.cell_state(Pos::new(0, 0)),
            CellState::Unvisited,
            "ordinary cells start unvisited"
        );
    }
}
