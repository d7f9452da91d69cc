//! The growing tree: a list of active cells, each step taking one of them and carving into a
//! random unvisited neighbour (which joins the list), or retiring it when it has none.
//!
//! Which cell a step takes is the whole character of the maze: always the newest gives the
//! backtracker's long winding corridors, a random one gives Prim's short branches and many
//! dead ends, and a mix of the two lands in between.
//!
//! Memory: the active list, and marks in the high bits of each cell's grid byte (see
//! [`MARKS`](crate::grid::MARKS)): whether it is in the maze, and in the list. Taking always the
//! newest cell, the list is a path from the cells in the maze at the start (the start and the
//! courtyard) to the newest cell, each cell next to the one before: the list keeps only those
//! first cells, and each cell of the path the direction back to the one before it, in its
//! byte, as the backtracker does. A replay checkpoint keeps the list, and for the newest its
//! marks too (half a byte a cell); otherwise a cell is in the maze once it has an open wall (or
//! is the start or in the courtyard), and active when it is in the list.

use super::carve::{
    COLUMN_STEP, Carve, CarveCheckpoint, LINK_SHIFT, PackedMarks, clear_marks, first_cells,
    free_around, mark_reached_in, path_by_links, random_dir, slice_bytes,
};
use super::{CellState, GenEvent};
use crate::bytes::{OutOfMemory, room_for};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, LOCKED, MARKS, RowMajor};
use crate::rng::MazeRng;

/// Marks in the grid's bytes. Joined the maze.
const IN_MAZE: u8 = 0x10;
/// In the active list.
const ACTIVE: u8 = 0x20;
/// `Newest` only: the top two bits of a cell on the path hold the direction (`Dir as u8`) back
/// to the cell before it.
const PARENT_SHIFT: u32 = LINK_SHIFT;
/// A cell the tree may not grow into: in the maze, or in the 42.
const TAKEN: u8 = IN_MAZE | LOCKED;

const _: () = assert!((IN_MAZE | ACTIVE | 3 << PARENT_SHIFT) == MARKS);

/// A slot of the active list whose cell has been retired (`Mixed` only).
const RETIRED: u32 = u32::MAX;

/// [`MazeRng::chance`] numerator of one half.
const HALF: u64 = 1 << 31;

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
    /// Indices of the active cells, oldest first (see [`GrowingTree::retire`]); for `Mixed`,
    /// some may be [`RETIRED`]; for `Newest`, only those of the first cells still active, the
    /// rest being the path to `tip`.
    active: Vec<u32>,
    /// `Newest` only: the newest active cell when it is not in `active`, the end of a path
    /// whose cells lead back, by the directions in their bytes, to the last cell in `active`.
    tip: Option<u32>,
    /// Number of [`RETIRED`] slots in `active`.
    retired: usize,
    /// The cell worked on last, as an index: drawn as the head.
    head: Option<u32>,
    visited: u64,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
    /// The allocator refused the active list room to grow: the carving stopped there.
    out_of_memory: bool,
    /// Done, and the marks cleared from the grid.
    done: bool,
    /// `Newest` from the start alone (no courtyard): every cell in the maze but the start
    /// links back to the cell it was carved from, so the path to a cell can be read from
    /// the links (see [`Carve::aim`]).
    all_linked: bool,
    /// The cell whose path from the start is read when the carving ends.
    aim: Option<usize>,
    /// That path, once read.
    path: Option<Vec<Dir>>,
    /// `Newest` only: the column of the newest cell, followed as it moves so that a step
    /// needs no division (nor its multiplications) to find the grid's sides.
    newest_x: usize,
}

impl GrowingTree {
    /// Starts from the courtyard, if any, and `start`, which must not be in the 42; marks the
    /// grid's bytes.
    pub fn new(grid: &mut Grid, start: Pos, mode: Mode) -> Result<GrowingTree, OutOfMemory> {
        let mut active = Vec::new();
        let mut seeds: Vec<usize> = first_cells(grid, start).collect();
        // The start last, so that the newest cell is the start.
        seeds.rotate_left(1);
        let rows = grid.rows();
        let cells = grid.raw_mut();
        let all_linked = mode == Mode::Newest && seeds.len() == 1;
        for i in seeds {
            cells[i] |= IN_MAZE | ACTIVE;
            active.push(i as u32);
        }
        Ok(GrowingTree {
            mode,
            rows,
            visited: active.len() as u64,
            active,
            tip: None,
            retired: 0,
            head: Some(rows.of(start) as u32),
            start: rows.of(start),
            out_of_memory: false,
            done: false,
            all_linked,
            aim: None,
            path: None,
            newest_x: start.x as usize,
        })
    }

    /// A uniformly random live slot of the active list, for `Mixed`, whose list may hold
    /// retired slots: at most half of them are, so each draw hits a live one with probability
    /// at least 1/2 (and after 64 misses, which never happens in practice, the list is
    /// compacted so that the next draw must).
    ///
    /// The draws are made four at a time, on a copy of the rng, and their slots read together:
    /// a long list's slots are cache misses, which then overlap instead of waiting on each
    /// other. The rng then takes the draws up to the first live slot, and only those.
    #[inline(always)]
    fn draw_live(&mut self, rng: &mut MazeRng) -> usize {
        let len = self.active.len() as u32;
        for _ in 0..64 / 4 {
            let mut ahead = rng.clone();
            let slots: [usize; 4] = std::array::from_fn(|_| ahead.below(len) as usize);
            let live = slots.map(|at| self.active[at] != RETIRED);
            if let Some(k) = live.iter().position(|&live| live) {
                for _ in 0..=k {
                    rng.below(len);
                }
                return slots[k];
            }
            *rng = ahead;
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

    /// Opens the wall from `cell` into a random one of its `free` directions; returns the
    /// cell carved into (its index) and the direction.
    #[inline(always)]
    fn carve(&mut self, cells: &mut [u8], rng: &mut MazeRng, cell: usize, free: u8) -> (usize, u8) {
        let rows = self.rows;
        let dir = random_dir(rng, free);
        let next = cell.wrapping_add_signed(rows.offsets()[dir as usize]);
        rows.open_wall(cells, cell, dir);
        self.visited += 1;
        self.head = Some(next as u32);
        (next, dir)
    }

    /// The event of a carve from `cell` to `next`.
    #[inline(always)]
    fn carved(&self, cell: usize, next: usize) -> GenEvent {
        GenEvent::Carve {
            from: self.rows.pos(cell),
            to: self.rows.pos(next),
        }
    }

    /// [`Carve::step`] always from the newest cell: the end of the path, or the last of the
    /// first cells once the path is all retired.
    #[inline(always)]
    fn step_newest(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        let Some(cell) = self.tip.or_else(|| self.active.last().copied()) else {
            return self.finish(cells);
        };
        let cell = cell as usize;
        let rows = self.rows;
        let x = self.newest_x;
        let free = free_around(cells, cell, x, rows.width(), TAKEN);
        if free == 0 {
            let byte = cells[cell];
            cells[cell] = byte & !ACTIVE;
            if self.tip.is_some() {
                let back = usize::from(byte >> PARENT_SHIFT);
                let before = cell.wrapping_add_signed(rows.offsets()[back]) as u32;
                self.newest_x = x.wrapping_add_signed(COLUMN_STEP[back]);
                self.tip = (self.active.last() != Some(&before)).then_some(before);
            } else {
                self.active.pop();
                if let Some(&first) = self.active.last() {
                    self.newest_x = rows.column(first as usize);
                }
            }
            self.head = Some(cell as u32);
            return GenEvent::Visit {
                cell: rows.pos(cell),
            };
        }
        let (next, dir) = self.carve(cells, rng, cell, free);
        cells[next] |= IN_MAZE | ACTIVE | (dir ^ 2) << PARENT_SHIFT;
        self.newest_x = x.wrapping_add_signed(COLUMN_STEP[usize::from(dir)]);
        self.tip = Some(next as u32);
        self.carved(cell, next)
    }

    /// Done: the marks cleared from the grid.
    fn finish(&mut self, cells: &mut [u8]) -> GenEvent {
        if !self.done {
            if let Some(to) = self.aim.take().filter(|&to| cells[to] & IN_MAZE != 0) {
                let longest = self.visited as usize;
                self.path = path_by_links(self.rows, cells, (self.start, to), longest);
            }
            clear_marks(cells);
        }
        self.done = true;
        self.head = None;
        GenEvent::Done
    }

    fn compact(&mut self) {
        self.active.retain(|&slot| slot != RETIRED);
        self.retired = 0;
    }
}

impl Carve for GrowingTree {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.active)
    }

    fn checkpoint_in(&self, cells: &[u8]) -> Box<dyn CarveCheckpoint> {
        Box::new(GrowingTreeCheckpoint {
            carver: self.clone(),
            // The newest's paths are in the marks; the others' marks follow from the grid.
            marks: (self.mode == Mode::Newest && !self.done).then(|| PackedMarks::of(cells)),
        })
    }

    /// Takes an active cell and carves from it, or retires it (a `Visit`).
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.mode == Mode::Newest {
            return self.step_newest(cells, rng);
        }
        let len = self.active.len();
        // The active list, up to a cell a cell, grows by the one cell a step may add.
        if len == 0 || self.out_of_memory || !room_for(&mut self.active, 1) {
            self.out_of_memory = len != 0;
            return self.finish(cells);
        }
        let at = match self.mode {
            Mode::Newest => len - 1,
            Mode::Random => rng.below(len as u32) as usize,
            Mode::Mixed if rng.chance(HALF) => len - 1,
            Mode::Mixed => self.draw_live(rng),
        };
        let cell = self.active[at] as usize;
        let rows = self.rows;
        let free = rows.neighbour_mask(cell, |next| cells[next] & TAKEN == 0);
        if free == 0 {
            self.retire(at);
            cells[cell] &= !ACTIVE;
            self.head = Some(cell as u32);
            return GenEvent::Visit {
                cell: rows.pos(cell),
            };
        }
        let (next, _) = self.carve(cells, rng, cell, free);
        cells[next] |= IN_MAZE | ACTIVE;
        self.active.push(next as u32);
        self.carved(cell, next)
    }

    /// The same steps, on local copies of the state and the rng so that they stay in registers.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let mut tree = GrowingTree {
            active: std::mem::take(&mut self.active),
            path: self.path.take(),
            ..*self
        };
        let mut local_rng = rng.clone();
        while tree.step(cells, &mut local_rng) != GenEvent::Done {}
        (*self, *rng) = (tree, local_rng);
    }

    /// Reads the path only from the start alone, newest first: the other modes keep no links,
    /// and with a courtyard the carving starts from it, whose cells have none.
    fn aim(&mut self, from: Pos, to: Pos) {
        if !self.done && self.all_linked && self.rows.of(from) == self.start {
            self.aim = Some(self.rows.of(to));
        }
    }

    fn take_path(&mut self) -> Option<Vec<Dir>> {
        self.path.take()
    }

    fn head(&self) -> Option<Pos> {
        self.head.map(|cell| self.rows.pos(cell as usize))
    }

    fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let mark = cells[self.rows.of(pos)];
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

/// A checkpoint of the growing tree: the carver, and for the newest the marks in the grid;
/// the others' marks are the grid's and the list's.
#[derive(Debug)]
struct GrowingTreeCheckpoint {
    carver: GrowingTree,
    marks: Option<PackedMarks>,
}

impl CarveCheckpoint for GrowingTreeCheckpoint {
    fn heap_bytes(&self) -> usize {
        self.carver.heap_bytes() + self.marks.as_ref().map_or(0, PackedMarks::heap_bytes)
    }

    fn restore_marks(&self, grid: &mut Grid) {
        let cells = grid.raw_mut();
        if self.carver.done {
            return;
        }
        if let Some(marks) = &self.marks {
            marks.restore(cells);
            return;
        }
        mark_reached_in(self.carver.rows, cells, self.carver.start, IN_MAZE);
        let active = self.carver.active.iter().filter(|&&cell| cell != RETIRED);
        for &cell in active {
            cells[cell as usize] |= ACTIVE;
        }
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        Box::new(self.carver.clone())
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
    fn the_mode_sets_the_texture() {
        let dead_ends = |algorithm| {
            let options = MazeOptions::new(60, 60).seed(3).algorithm(algorithm);
            stats::dead_ends(&Generator::generate_grid(options).unwrap())
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
        let generator = Generator::build(options).unwrap();
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
