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
//! Memory: the marks are kept in the high four bits of the grid's own bytes (see [`MARKS`]):
//! [`FREE`] on the cells not in the tree yet, the [`EXIT`] a walk last left a cell by, and
//! [`ON_WALK`] on the cells the current walk has passed through (drawn as the walk). A cell
//! joining the tree has its marks cleared; when a walk ends, so are those of the cells it
//! passed and erased, found in the rectangle the walk stayed in (four numbers; a random walk's
//! rectangle has about as many cells as it made moves, so clearing it costs about what the
//! walk did), so nothing is left when the carving is done. A replay checkpoint
//! keeps only the current walk (its cells and the directions they were last left by): the
//! rest of the marks are the grid's.

use super::carve::{
    COLUMN_STEP, Carve, CarveCheckpoint, DirBits, Layout, mark_unreached, random_dir, set_bits,
    slice_bytes,
};
use super::{CellState, GenEvent};
use crate::bytes::OutOfMemory;
use crate::geometry::Pos;
use crate::grid::{Grid, LOCKED, MARKS};
use crate::rng::MazeRng;

/// Marks in the grid's bytes: not in the tree yet (nor in the 42).
const FREE: u8 = 0x10;
/// The direction the current walk last left the cell by.
const EXIT_SHIFT: u8 = 5;
const EXIT: u8 = 0x3 << EXIT_SHIFT;
/// Passed through by the current walk.
const ON_WALK: u8 = 0x80;
const _: () = assert!((FREE | EXIT | ON_WALK) & !MARKS == 0);

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
    layout: Layout,
    cursor: Cursor,
    /// The start cell's index: in the tree from the start, with no open wall yet.
    start: usize,
}

/// Where the run is. Kept apart from the per-cell arrays so a run can hold it in registers:
/// the optimiser must assume a byte store may change any field it can reach.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    phase: Phase,
    dirs: DirBits,
    /// Every cell before it is in the tree or the 42.
    scan: usize,
    /// The column of `scan`.
    scan_x: usize,
    /// The column of the walk's head.
    x: usize,
    /// The rectangle the current walk has stayed in.
    bounds: Bounds,
    visited: u64,
    open_cells: u64,
    done: bool,
}

/// A rectangle of cells: its first and last cell by index (so its first and last rows), and its
/// first and last columns, kept as `[!first, last, !first column, last column]` so that growing
/// it is one lane-wise maximum, which the compiler makes a single vector instruction (four
/// separate minimums and maximums would take registers the walk needs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Bounds([u32; 4]);

impl Bounds {
    /// The one cell `cell`, in column `x`.
    fn of(cell: usize, x: usize) -> Bounds {
        Bounds::lanes(cell, x)
    }

    #[inline(always)]
    fn lanes(cell: usize, x: usize) -> Bounds {
        let (cell, x) = (cell as u32, x as u32);
        Bounds([!cell, cell, !x, x])
    }

    /// Grown to hold `cell`, in column `x`: without a branch.
    #[inline(always)]
    fn with(self, cell: usize, x: usize) -> Bounds {
        let (a, b) = (self.0, Bounds::lanes(cell, x).0);
        Bounds([
            a[0].max(b[0]),
            a[1].max(b[1]),
            a[2].max(b[2]),
            a[3].max(b[3]),
        ])
    }

    /// Each row's cells inside, as a range of indices.
    fn rows(self, width: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
        let [low, high, left, right] = self.0.map(|lane| lane as usize);
        let (low, left) = (!low as u32 as usize, !left as u32 as usize);
        (low / width..=high / width).map(move |y| y * width + left..y * width + right + 1)
    }
}

impl Wilson {
    /// The tree starts as `start` (not in the 42) and the courtyard.
    pub fn new(grid: &mut Grid, start: Pos) -> Result<Wilson, OutOfMemory> {
        let rows = grid.rows();
        mark_unreached(grid, start, FREE);
        let visited = super::carve::first_cells(grid, start).count() as u64;
        let open_cells = grid.open_cell_count();
        Ok(Wilson {
            start: grid.index(start),
            layout: Layout::new(rows),
            cursor: Cursor {
                phase: Phase::Scanning,
                dirs: DirBits::default(),
                scan: 0,
                scan_x: 0,
                x: 0,
                bounds: Bounds::default(),
                visited,
                open_cells,
                done: visited >= open_cells,
            },
        })
    }
}

/// One step; `inline(always)` so that [`Carve::run`] drops the unused events.
#[inline(always)]
fn advance(cursor: &mut Cursor, layout: &Layout, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
    let pos = |index: usize| layout.rows.pos(index);
    match cursor.phase {
        Phase::Scanning => {
            let Some(&b) = cells.get(cursor.scan) else {
                // Only reached if some cell could not be reached at all.
                cursor.done = true;
                return GenEvent::Done;
            };
            let cell = cursor.scan;
            if b & FREE == 0 {
                cursor.scan += 1;
                cursor.scan_x += 1;
                if cursor.scan_x == layout.rows.width() {
                    cursor.scan_x = 0;
                }
            } else {
                cells[cell] = b | ON_WALK;
                cursor.x = cursor.scan_x;
                cursor.bounds = Bounds::of(cell, cursor.x);
                cursor.phase = Phase::Walking {
                    start: cell,
                    head: cell,
                };
            }
            GenEvent::Visit { cell: pos(cell) }
        }
        Phase::Walking { start, head } => {
            let (mut x, mut bounds) = (cursor.x, cursor.bounds);
            let hb = cells[head];
            let (next, _, hit) =
                walk_move(&mut cursor.dirs, layout, cells, (head, hb, &mut x), rng);
            if !hit {
                bounds = bounds.with(next, x);
            }
            (cursor.x, cursor.bounds) = (x, bounds);
            cursor.phase = if hit {
                Phase::Carving { at: start }
            } else {
                Phase::Walking { start, head: next }
            };
            GenEvent::Visit { cell: pos(next) }
        }
        Phase::Carving { at } => {
            let dir = (cells[at] & EXIT) >> EXIT_SHIFT;
            let next = at.wrapping_add_signed(layout.offsets[dir as usize]);
            layout.rows.open_wall(cells, at, dir);
            cells[at] &= !MARKS;
            cursor.visited += 1;
            if cells[next] & FREE == 0 {
                // The walk is over: the marks of the cells it passed and erased go.
                for row in cursor.bounds.rows(layout.rows.width()) {
                    for byte in &mut cells[row] {
                        *byte &= !(ON_WALK | EXIT);
                    }
                }
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

/// One move of a walk from `head` (in column `x`, moved with it), whose byte is `hb`: the
/// direction is remembered as the cell's exit, and the cell moved to is marked as passed
/// through unless it is in the tree. Returns that cell, its byte and whether it is in the tree.
#[inline(always)]
fn walk_move(
    dirs: &mut DirBits,
    layout: &Layout,
    cells: &mut [u8],
    (head, hb, x): (usize, u8, &mut usize),
    rng: &mut MazeRng,
) -> (usize, u8, bool) {
    // Away from the border (most moves), every neighbour is inside: one test instead of four.
    let w = layout.rows.width();
    let interior = x.wrapping_sub(1) < w.wrapping_sub(2)
        && head.wrapping_sub(w) < layout.len.wrapping_sub(2 * w);
    let inside = if interior {
        0b1111
    } else {
        layout.inside(head, *x)
    };
    let neighbour = |dir: u8| head.wrapping_add_signed(layout.offsets[dir as usize]);
    // `DirBits::pick` over the free moves (inside the grid, not into the 42), with the 42
    // looked at only in the neighbour the drawn move goes to, unless that one is not free:
    // the byte read to check it is the one the move needs.
    let drawn = dirs.draw(rng);
    let (dir, next, nb) = match inside & (1 << drawn) != 0 {
        true if cells[neighbour(drawn)] & LOCKED == 0 => {
            (drawn, neighbour(drawn), cells[neighbour(drawn)])
        }
        _ => {
            let dir = random_dir(rng, free_moves(cells, inside, neighbour));
            (dir, neighbour(dir), cells[neighbour(dir)])
        }
    };
    cells[head] = (hb & !EXIT) | dir << EXIT_SHIFT;
    *x = x.wrapping_add_signed(COLUMN_STEP[dir as usize]);
    if nb & FREE == 0 {
        return (next, nb, true);
    }
    let nb = nb | ON_WALK;
    cells[next] = nb;
    (next, nb, false)
}

/// The moves among `inside` whose neighbour is not in the 42.
#[cold]
#[inline(never)]
fn free_moves(cells: &[u8], inside: u8, neighbour: impl Fn(u8) -> usize) -> u8 {
    (0..4)
        .filter(|&d| inside & (1 << d) != 0 && cells[neighbour(d)] & LOCKED == 0)
        .fold(0, |mask, d| mask | 1 << d)
}

/// The walking steps of [`advance`] in one loop, up to the move that hits the tree: the same
/// moves and draws, but with the head in a register and a branch (which the processor
/// predicts, running ahead of the memory reads) where the step machine would select.
#[inline(always)]
fn walk_to_tree(
    cursor: &mut Cursor,
    layout: &Layout,
    cells: &mut [u8],
    (start, mut head): (usize, usize),
    rng: &mut MazeRng,
) {
    let (mut dirs, mut x, mut bounds) = (cursor.dirs, cursor.x, cursor.bounds);
    let mut hb = cells[head];
    loop {
        let (next, nb, hit) = walk_move(&mut dirs, layout, cells, (head, hb, &mut x), rng);
        if hit {
            break;
        }
        bounds = bounds.with(next, x);
        (head, hb) = (next, nb);
    }
    (cursor.dirs, cursor.x, cursor.bounds) = (dirs, x, bounds);
    cursor.phase = Phase::Carving { at: start };
}

impl Carve for Wilson {
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Without the grid's marks, the current walk is not known: see [`Carve::checkpoint_in`].
    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(WilsonCheckpoint {
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
            walk: WalkCheckpoint::None,
        })
    }

    fn checkpoint_in(&self, cells: &[u8]) -> Box<dyn CarveCheckpoint> {
        Box::new(WilsonCheckpoint {
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
            walk: WalkCheckpoint::of(self, cells),
        })
    }

    /// One walk move, one carve, or one cell passed looking for the next walk's start.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.cursor.done {
            return GenEvent::Done;
        }
        advance(&mut self.cursor, &self.layout, cells, rng)
    }

    /// The same steps, on local copies of the state so they stay in registers.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let (mut cursor, layout, mut local_rng) = (self.cursor, self.layout, rng.clone());
        while !cursor.done {
            if let Phase::Walking { start, head } = cursor.phase {
                walk_to_tree(&mut cursor, &layout, cells, (start, head), &mut local_rng);
            } else {
                advance(&mut cursor, &layout, cells, &mut local_rng);
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

    /// Without the grid's marks, only the head is known: see [`Carve::cell_state_in`].
    fn cell_state(&self, pos: Pos) -> CellState {
        if self.head() == Some(pos) {
            CellState::Active
        } else {
            CellState::Unvisited
        }
    }

    /// Cells the current walk has passed through (loops not yet erased from view) are active.
    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let b = cells[self.layout.rows.of(pos)];
        let walking = self.cursor.phase != Phase::Scanning && !self.cursor.done;
        if b & LOCKED != 0 {
            CellState::Unvisited
        } else if b & FREE == 0 {
            CellState::Finished
        } else if walking && b & ON_WALK != 0 {
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
    /// The walk's cells, read from the grid's marks in the rectangle it stayed in.
    fn of(wilson: &Wilson, cells: &[u8]) -> WalkCheckpoint {
        let cursor = &wilson.cursor;
        if cursor.done || cursor.phase == Phase::Scanning {
            return WalkCheckpoint::None;
        }
        let on = |i: usize| cells[i] & (ON_WALK | FREE) == ON_WALK | FREE;
        let walk = || {
            let rows = cursor.bounds.rows(wilson.layout.rows.width());
            rows.flat_map(move |row| row.filter(move |&i| on(i)))
        };
        let exit = |i: usize| (cells[i] & EXIT) >> EXIT_SHIFT;
        let count = walk().count();
        let n = cells.len();
        if count * 4 <= n.div_ceil(64) * 8 + count.div_ceil(32) * 8 {
            let cells = walk()
                .map(|i| i as u32 | u32::from(exit(i)) << 30)
                .collect();
            return WalkCheckpoint::Cells(cells);
        }
        let mut on_walk = vec![0u64; n.div_ceil(64)];
        let mut exits = vec![0u64; count.div_ceil(32)];
        for (k, i) in walk().enumerate() {
            on_walk[i / 64] |= 1 << (i % 64);
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

    /// Puts the walk's cells back: their exits and `ON_WALK` in `cells`.
    fn restore(&self, cells: &mut [u8]) {
        let mut put = |i: usize, exit: u8| {
            cells[i] = (cells[i] & !EXIT) | exit << EXIT_SHIFT | ON_WALK;
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

    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let _ = grid;
        Box::new(Wilson {
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
        })
    }

    /// The tree is the cells with an open wall, the start and the courtyard, less the cell
    /// being carved from (the carving opened the wall into it, and it joins the tree as the
    /// carving leaves it).
    fn restore_marks(&self, grid: &mut Grid) {
        if !self.cursor.done {
            mark_unreached(grid, grid.pos(self.start), FREE);
            let cells = grid.raw_mut();
            if let Phase::Carving { at } = self.cursor.phase {
                cells[at] |= FREE;
            }
            self.walk.restore(cells);
        }
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
        let grid = Generator::generate_grid(
            MazeOptions::new(200, 150)
                .seed(2)
                .algorithm(Algorithm::Wilson),
        )
        .unwrap();
        assert_eq!(crate::stats::open_walls(&grid), 200 * 150 - 18 - 1);
    }

    /// The marks kept in the grid's bytes: between two walks only the cells not in the tree
    /// yet are marked, and once done none is.
    #[test]
    fn each_walk_clears_its_marks_and_none_are_left_when_done() {
        for courtyard in [false, true] {
            let options = MazeOptions::new(40, 30)
                .seed(6)
                .courtyard(courtyard)
                .algorithm(Algorithm::Wilson);
            let mut generator = Generator::build(options).unwrap();
            let mut between = 0;
            while generator.step() != GenEvent::Done {
                if generator.head().is_none() {
                    between += 1;
                    let cells = generator.grid().raw();
                    assert!(cells.iter().all(|&b| b & (ON_WALK | EXIT) == 0));
                }
            }
            assert!(between > 10);
            assert!(generator.grid().raw().iter().all(|&b| b & MARKS == 0));
            let expected = Generator::generate_grid(generator.options().clone()).unwrap();
            assert_eq!(generator.grid(), &expected);
        }
    }

    #[test]
    fn walks_are_carved_cell_by_cell_into_the_tree() {
        let options = MazeOptions::new(12, 9).seed(8).algorithm(Algorithm::Wilson);
        let mut generator = Generator::build(options).unwrap();
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
