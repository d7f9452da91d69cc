//! Wilson's algorithm: loop-erased random walks, which make every spanning tree equally
//! likely (a uniform spanning tree, with no bias in its texture).
//!
//! The tree starts as the start cell and the courtyard. A walk starts from a cell not yet in
//! the tree and wanders at random until it hits the tree; each cell it leaves remembers the
//! direction it left by (two bits), so a loop is erased simply by leaving a cell again in
//! another direction. The walk is then carved by following those directions from its start,
//! which traces the loop-erased path to the tree. One walk move or one carve per step.
//!
//! Walks start from the first cell not yet in the tree in row-major order: cells only ever
//! join the tree, so a cursor that never moves back finds every start in one pass overall
//! (passing a cell in the tree or the 42 is a step of its own, a `Visit`).
//!
//! The walks take most of the time: on a square maze about `log2(cells)` moves per cell, but
//! on a long corridor-like maze (2 x 100000, say) each walk strays a distance that grows with
//! the length before it hits the tree, so the run grows with the square of the length, as it
//! does for every implementation of Wilson's algorithm.
//!
//! Memory: a scratch byte per cell, plus 4 bytes per cell recording which walk last passed
//! through it, only to draw the current walk. A replay checkpoint keeps only the current walk
//! (its cells and the directions they were last left by): the rest of the scratch is the
//! grid's, and which walk passed a cell before the current one changes nothing.

use super::carve::slice_bytes;
use super::carve::{
    Carve, CarveCheckpoint, DirBits, OutOfMemory, first_cells, mark_reached, move_masks, set_bits,
    try_filled, try_move_masks,
};
use super::{CellState, GenEvent};
use crate::geometry::Pos;
use crate::grid::{Grid, RowMajor};
use crate::rng::MazeRng;

/// Scratch bits: the low four are the cell's moves.
const MOVES: u8 = 0x0F;
const IN_TREE: u8 = 0x10;
/// The direction the current walk last left the cell by.
const EXIT_SHIFT: u8 = 5;
const EXIT: u8 = 0x3 << EXIT_SHIFT;
/// A 42 cell; it is also marked `IN_TREE` so that walks never start there.
const LOCKED: u8 = 0x80;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Looking at cell `scan` for the next walk's start.
    Scanning,
    /// Walking from `start`, now at `head`.
    Walking { start: usize, head: usize },
    /// Carving the loop-erased walk, now from `at`.
    Carving { at: usize },
}

#[derive(Clone, Debug)]
pub struct Wilson {
    scratch: Vec<u8>,
    /// Per cell, the number of the last walk that passed through it.
    walk_of: Vec<u32>,
    layout: Layout,
    cursor: Cursor,
    /// The start cell's index: in the tree from the start, with no open wall yet.
    start: usize,
}

/// Index arithmetic for this grid size.
#[derive(Clone, Copy, Debug)]
struct Layout {
    rows: RowMajor,
    offsets: [isize; 4],
}

/// Where the run is. Kept apart from the per-cell arrays so a run can hold it in registers:
/// the optimiser must assume a byte store may change any field it can reach.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    phase: Phase,
    /// The number of the current walk (the first is 1).
    walk: u32,
    dirs: DirBits,
    /// Every cell before it is in the tree or the 42.
    scan: usize,
    visited: u64,
    open_cells: u64,
    done: bool,
}

impl Wilson {
    /// The tree starts as `start` (not in the 42) and the courtyard.
    pub fn new(grid: &Grid, start: Pos) -> Result<Wilson, OutOfMemory> {
        let rows = grid.rows();
        let mut scratch = try_move_masks(grid)?;
        for cell in grid.stamp().iter().flat_map(|s| s.cells()) {
            scratch[grid.index(cell)] = LOCKED | IN_TREE;
        }
        let mut visited = 0;
        for i in first_cells(grid, start) {
            scratch[i] |= IN_TREE;
            visited += 1;
        }
        let open_cells = grid.open_cell_count();
        Ok(Wilson {
            start: grid.index(start),
            walk_of: try_filled(scratch.len(), 0)?,
            scratch,
            layout: Layout {
                rows,
                offsets: rows.offsets(),
            },
            cursor: Cursor {
                phase: Phase::Scanning,
                walk: 0,
                dirs: DirBits::default(),
                scan: 0,
                visited,
                open_cells,
                done: visited >= open_cells,
            },
        })
    }
}

/// One step; `inline(always)` so that [`Carve::run`] drops the unused events.
#[inline(always)]
fn advance(
    cursor: &mut Cursor,
    layout: &Layout,
    scratch: &mut [u8],
    walk_of: &mut [u32],
    cells: &mut [u8],
    rng: &mut MazeRng,
) -> GenEvent {
    let pos = |index: usize| layout.rows.pos(index);
    match cursor.phase {
        Phase::Scanning => {
            let Some(&b) = scratch.get(cursor.scan) else {
                // Only reached if some cell could not be reached at all.
                cursor.done = true;
                return GenEvent::Done;
            };
            let cell = cursor.scan;
            if b & IN_TREE != 0 {
                cursor.scan += 1;
            } else {
                cursor.walk += 1;
                walk_of[cell] = cursor.walk;
                cursor.phase = Phase::Walking {
                    start: cell,
                    head: cell,
                };
            }
            GenEvent::Visit { cell: pos(cell) }
        }
        Phase::Walking { start, head } => {
            let (next, hit) = walk_move(&mut cursor.dirs, layout, scratch, head, rng);
            cursor.phase = if hit {
                Phase::Carving { at: start }
            } else {
                walk_of[next] = cursor.walk;
                Phase::Walking { start, head: next }
            };
            GenEvent::Visit { cell: pos(next) }
        }
        Phase::Carving { at } => {
            let b = scratch[at];
            let dir = (b & EXIT) >> EXIT_SHIFT;
            let next = at.wrapping_add_signed(layout.offsets[dir as usize]);
            layout.rows.open_wall(cells, at, dir);
            scratch[at] = b | IN_TREE;
            cursor.visited += 1;
            if scratch[next] & IN_TREE != 0 {
                cursor.phase = Phase::Scanning;
                cursor.done = cursor.visited >= cursor.open_cells;
            } else {
                cursor.phase = Phase::Carving { at: next };
            }
            GenEvent::Carve {
                from: pos(at),
                to: pos(next),
            }
        }
    }
}

/// One move of a walk from `head`: the direction is remembered as the cell's exit. Returns the
/// cell moved to and whether it is in the tree.
#[inline(always)]
fn walk_move(
    dirs: &mut DirBits,
    layout: &Layout,
    scratch: &mut [u8],
    head: usize,
    rng: &mut MazeRng,
) -> (usize, bool) {
    let b = scratch[head];
    let dir = dirs.pick(rng, b & MOVES);
    scratch[head] = (b & !EXIT) | dir << EXIT_SHIFT;
    let next = head.wrapping_add_signed(layout.offsets[dir as usize]);
    (next, scratch[next] & IN_TREE != 0)
}

/// The walking steps of [`advance`] in one loop, up to the move that hits the tree: the same
/// moves and draws, but with the head in a register and a branch (which the processor
/// predicts, running ahead of the memory reads) where the step machine would select.
#[inline(always)]
fn walk_to_tree(
    cursor: &mut Cursor,
    layout: &Layout,
    scratch: &mut [u8],
    walk_of: &mut [u32],
    (start, mut head): (usize, usize),
    rng: &mut MazeRng,
) {
    let mut dirs = cursor.dirs;
    loop {
        let (next, hit) = walk_move(&mut dirs, layout, scratch, head, rng);
        if hit {
            break;
        }
        walk_of[next] = cursor.walk;
        head = next;
    }
    cursor.dirs = dirs;
    cursor.phase = Phase::Carving { at: start };
}

impl Carve for Wilson {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.scratch) + slice_bytes(&self.walk_of)
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(WilsonCheckpoint {
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
            walk: WalkCheckpoint::of(self),
        })
    }

    /// One walk move, one carve, or one cell passed looking for the next walk's start.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.cursor.done {
            return GenEvent::Done;
        }
        advance(
            &mut self.cursor,
            &self.layout,
            &mut self.scratch,
            &mut self.walk_of,
            cells,
            rng,
        )
    }

    /// The same steps, on local copies of the state so they stay in registers.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let (mut cursor, layout, mut local_rng) = (self.cursor, self.layout, rng.clone());
        while !cursor.done {
            if let Phase::Walking { start, head } = cursor.phase {
                walk_to_tree(
                    &mut cursor,
                    &layout,
                    &mut self.scratch,
                    &mut self.walk_of,
                    (start, head),
                    &mut local_rng,
                );
            } else {
                advance(
                    &mut cursor,
                    &layout,
                    &mut self.scratch,
                    &mut self.walk_of,
                    cells,
                    &mut local_rng,
                );
            }
        }
        (self.cursor, *rng) = (cursor, local_rng);
    }

    /// The walk's head, or the cell being carved.
    fn head(&self) -> Option<Pos> {
        match self.cursor.phase {
            _ if self.cursor.done => None,
            Phase::Scanning => None,
            Phase::Walking { head, .. } => Some(self.layout.rows.pos(head)),
            Phase::Carving { at } => Some(self.layout.rows.pos(at)),
        }
    }

    fn visited(&self) -> u64 {
        self.cursor.visited
    }

    /// Cells the current walk has passed through (loops not yet erased from view) are active.
    fn cell_state(&self, pos: Pos) -> CellState {
        let i = self.layout.rows.of(pos);
        let b = self.scratch[i];
        let walking = self.cursor.phase != Phase::Scanning && !self.cursor.done;
        if b & LOCKED != 0 {
            CellState::Unvisited
        } else if b & IN_TREE != 0 {
            CellState::Finished
        } else if walking && self.walk_of[i] == self.cursor.walk {
            CellState::Active
        } else {
            CellState::Unvisited
        }
    }

    /// A walk move, most of the steps.
    fn step_cost(&self) -> u64 {
        7
    }

    /// Mostly walk moves: measured at 8 to 30 steps per cell on square mazes (8 at 100x100,
    /// 13 to 38 at 2000x2000, 30 for a 25x20 whose first walk had to find a single cell),
    /// varying a lot between seeds; `log2(cells)` per cell is within a factor of four.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        let log2 = u64::from(open_cells.max(2).ilog2());
        open_cells * log2.max(4)
    }
}

/// A checkpoint of Wilson's carving: where it is and the current walk's cells; the tree is the
/// grid's.
#[derive(Debug)]
struct WilsonCheckpoint {
    layout: Layout,
    cursor: Cursor,
    start: usize,
    walk: WalkCheckpoint,
}

/// The cells of the current walk not yet in the tree, with the direction each was last left
/// by: all a walk or the carving of its loop-erased path reads of the cells it passed. Kept as
/// a list when that is smaller, else as bits over the whole grid.
#[derive(Debug)]
enum WalkCheckpoint {
    /// Scanning for the next walk's start: no walk.
    None,
    /// Each cell as `index | exit << 30` (fewer than 2^30 cells, see `grid::MAX_CELLS`).
    Cells(Vec<u32>),
    /// A bit a cell for whether it is on the walk, and the walk's exits, two bits each, in
    /// the order of its cells.
    Bits { on_walk: Vec<u64>, exits: Vec<u64> },
}

impl WalkCheckpoint {
    fn of(wilson: &Wilson) -> WalkCheckpoint {
        let cursor = &wilson.cursor;
        if cursor.done || cursor.phase == Phase::Scanning {
            return WalkCheckpoint::None;
        }
        // A bit a cell, 64 cells a word, in a loop the compiler vectorises: the checkpoint is
        // taken while the live carving waits.
        let on_walk: Vec<u64> = wilson
            .walk_of
            .chunks(64)
            .zip(wilson.scratch.chunks(64))
            .map(|(walks, scratch)| {
                let cells = walks.iter().zip(scratch).enumerate();
                cells.fold(0u64, |word, (bit, (&walk, &byte))| {
                    let on = (walk == cursor.walk) & (byte & IN_TREE == 0);
                    word | u64::from(on) << bit
                })
            })
            .collect();
        let exit = |i: usize| (wilson.scratch[i] & EXIT) >> EXIT_SHIFT;
        let count: usize = on_walk.iter().map(|w| w.count_ones() as usize).sum();
        let n = wilson.scratch.len();
        if count * 4 <= n.div_ceil(64) * 8 + count.div_ceil(32) * 8 {
            let cells = set_bits(&on_walk)
                .map(|i| i as u32 | u32::from(exit(i)) << 30)
                .collect();
            return WalkCheckpoint::Cells(cells);
        }
        let mut exits = vec![0u64; count.div_ceil(32)];
        for (k, i) in set_bits(&on_walk).enumerate() {
            exits[k / 32] |= u64::from(exit(i)) << (2 * (k % 32));
        }
        WalkCheckpoint::Bits { on_walk, exits }
    }

    fn heap_bytes(&self) -> usize {
        match self {
            WalkCheckpoint::None => 0,
            WalkCheckpoint::Cells(cells) => slice_bytes(cells),
            WalkCheckpoint::Bits { on_walk, exits } => slice_bytes(on_walk) + slice_bytes(exits),
        }
    }

    /// Puts the walk's cells back: their exits in `scratch`, the walk's number in `walk_of`.
    fn restore(&self, walk: u32, scratch: &mut [u8], walk_of: &mut [u32]) {
        let mut put = |i: usize, exit: u8| {
            scratch[i] = (scratch[i] & !EXIT) | exit << EXIT_SHIFT;
            walk_of[i] = walk;
        };
        match self {
            WalkCheckpoint::None => {}
            WalkCheckpoint::Cells(cells) => {
                for &cell in cells {
                    put((cell & !(3 << 30)) as usize, (cell >> 30) as u8);
                }
            }
            WalkCheckpoint::Bits { on_walk, exits } => {
                for (k, i) in set_bits(on_walk).enumerate() {
                    put(i, ((exits[k / 32] >> (2 * (k % 32))) & 3) as u8);
                }
            }
        }
    }
}

impl CarveCheckpoint for WilsonCheckpoint {
    fn heap_bytes(&self) -> usize {
        self.walk.heap_bytes()
    }

    /// The tree is the cells with an open wall, the start and the courtyard, less the cell
    /// being carved from (the carving opened the wall into it, and it joins the tree as the
    /// carving leaves it).
    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let mut scratch = move_masks(grid);
        mark_reached(grid, grid.pos(self.start), &mut scratch, IN_TREE);
        for cell in grid.stamp().iter().flat_map(|s| s.cells()) {
            scratch[grid.index(cell)] = LOCKED | IN_TREE;
        }
        if let (Phase::Carving { at }, false) = (self.cursor.phase, self.cursor.done) {
            scratch[at] &= !IN_TREE;
        }
        let mut walk_of = vec![0; scratch.len()];
        self.walk
            .restore(self.cursor.walk, &mut scratch, &mut walk_of);
        Box::new(Wilson {
            scratch,
            walk_of,
            layout: self.layout,
            cursor: self.cursor,
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
        testkit::check_perfect_and_boards(Algorithm::Wilson);
    }

    #[test]
    fn the_courtyard_is_kept() {
        testkit::check_courtyard(Algorithm::Wilson);
    }

    #[test]
    fn stepping_matches_running() {
        testkit::check_stepping(Algorithm::Wilson);
    }

    #[test]
    fn the_seed_decides_the_maze() {
        testkit::check_deterministic(Algorithm::Wilson);
    }

    #[test]
    fn long_walks_need_no_stack() {
        // A corridor is Wilson's slowest shape (walks as long as the square of its length);
        // 2 x 3000 has walks and carved paths thousands of cells long.
        testkit::check_thin(Algorithm::Wilson, 3000);
        let grid = Generator::generate(
            MazeOptions::new(200, 150)
                .seed(2)
                .algorithm(Algorithm::Wilson),
        )
        .unwrap();
        assert_eq!(crate::stats::open_walls(&grid), 200 * 150 - 18 - 1);
    }

    #[test]
    fn walks_are_carved_cell_by_cell_into_the_tree() {
        let options = MazeOptions::new(12, 9).seed(8).algorithm(Algorithm::Wilson);
        let mut generator = Generator::new(options).unwrap();
        let (mut moves, mut carves) = (0, 0);
        loop {
            let event = generator.step();
            let grid = generator.grid();
            match event {
                GenEvent::Visit { cell } => {
                    if generator.head() == Some(cell) {
                        moves += 1;
                        assert_eq!(generator.cell_state(cell), CellState::Active);
                    }
                }
                GenEvent::Carve { from, to } => {
                    carves += 1;
                    assert_eq!(generator.cell_state(from), CellState::Finished);
                    match generator.cell_state(to) {
                        // The path goes on: the next cell to carve is the head.
                        CellState::Active => assert_eq!(generator.head(), Some(to)),
                        // The path reached the tree: the walk is over.
                        state => {
                            assert_eq!(state, CellState::Finished);
                            assert_eq!(generator.head(), None);
                        }
                    }
                }
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("Wilson only walks and carves")
                }
                GenEvent::Done => break,
            }
            // Cells of the walk are not carved yet.
            for p in grid.positions() {
                if generator.cell_state(p) == CellState::Active && generator.head() != Some(p) {
                    assert_eq!(grid.walls(p), crate::Walls::CLOSED, "{p}");
                }
            }
        }
        assert_eq!(carves, 12 * 9 - 18 - 1);
        assert!(moves >= carves);
        assert_eq!(crate::stats::loops(generator.grid()), 0);
    }
}
