//! The recursive backtracker, as an iterative depth-first search with no stack at all.
//!
//! Each visited cell remembers the direction back to the cell it was carved from (2 bits), so
//! backtracking follows those links instead of popping an explicit stack. The search can then
//! be as deep as the maze is large (a 10000x10000 maze has paths of tens of millions of cells)
//! on the default call stack, and in no memory of its own: the links and the visited and active
//! marks are the high four bits of the grid's own bytes (see [`MARKS`]), cleared once the
//! search is done, where a stack of cell indices would cost up to four bytes a cell.
//!
//! The same links, read from a cell back to the start before they are cleared, are the path
//! from the start to that cell in the tree carved (see [`Carve::aim`]): for a maze carved from
//! its entry, the solution in as many steps as it is long, with no search afterwards.

use super::carve::{
    Carve, CarveCheckpoint, LINK_SHIFT, PackedMarks, clear_marks, free_around, path_by_links,
};
use super::{CellState, GenEvent};
use crate::bytes::OutOfMemory;
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, LOCKED, MARKS, RowMajor, SOUTH_CLOSED};
use crate::rng::MazeRng;

/// The cell has been carved into, or is in the courtyard (in the maze from the start).
const VISITED: u8 = 0x10;
/// The cell is on the current path from the start to the carving head.
const ACTIVE: u8 = 0x20;
/// The top two bits hold the direction (`Dir as u8`) from the cell back to its parent; the
/// opposite of direction `d` is `d ^ 2`.
const PARENT_SHIFT: u32 = LINK_SHIFT;
/// A cell the search may not enter: visited, or in the 42.
const BLOCKED: u8 = VISITED | LOCKED;

const _: () = assert!((VISITED | ACTIVE | 3 << PARENT_SHIFT) == MARKS);

/// The 24 orders of the four directions.
const ORDERS: usize = 24;

/// For each order of the four directions and each 4-bit mask of free directions (bit =
/// `Dir as u8`), the first free direction in that order. Taking the first free direction of a
/// uniformly random order is a uniform choice among the free ones, and the order can be drawn
/// before the neighbours are even read, which keeps the random draw off the step's critical
/// path (each step's reads depend on the previous step's move).
const FIRST_FREE: [[u8; 16]; ORDERS] = {
    let mut table = [[0u8; 16]; ORDERS];
    let mut order = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c {
                    let dirs = [a as u8, b as u8, c as u8, d as u8];
                    let mut mask = 1;
                    while mask < 16 {
                        let mut i = 0;
                        while mask & (1 << dirs[i]) == 0 {
                            i += 1;
                        }
                        table[order][mask] = dirs[i];
                        mask += 1;
                    }
                    order += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

#[derive(Clone, Debug)]
pub struct Backtracker {
    rows: RowMajor,
    layout: Layout,
    cursor: Cursor,
    /// The cell whose path from the start is read when the carving ends (see [`Carve::aim`]);
    /// `None` with a courtyard, whose cells have no links.
    aim: Option<usize>,
    /// That path, once read.
    path: Option<Vec<Dir>>,
    /// Every visited cell but the start links back to its parent: there is no courtyard,
    /// whose cells are visited from the outset.
    all_linked: bool,
}

/// What never changes during a run: index arithmetic for this grid size.
#[derive(Clone, Copy, Debug)]
struct Layout {
    width: u32,
    root: usize,
    /// Per direction: index offset of the cell that stores the wall, and the wall's bit.
    wall_owner: [(isize, u8); 4],
    /// Per direction: offsets of the index, the column and the row.
    moves: [(isize, i32, i32); 4],
}

/// The carving head and progress. Kept apart from the layout so a run can hold it in
/// registers: the optimiser must assume a byte store may change any field it can reach.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    head: usize,
    pos: Pos,
    visited: u64,
    done: bool,
    /// The bytes two rows up and down from the head, folded together: read only so that they
    /// are in the cache when a step north or south needs them (see [`step`]).
    ahead: u8,
}

impl Backtracker {
    /// Starts at `start`, which must be inside the grid and not in the 42; marks the grid's
    /// bytes.
    pub fn new(grid: &mut Grid, start: Pos) -> Result<Backtracker, OutOfMemory> {
        let rows = grid.rows();
        let head = grid.index(start);
        let courtyard = grid.courtyard();
        let cells = grid.raw_mut();
        // The courtyard is in the maze from the start: the search leaves it through the start,
        // one of its cells, and never comes back in.
        let mut visited = 1;
        for cell in courtyard.iter().flat_map(|c| c.cells()) {
            if cell != start {
                cells[rows.of(cell)] |= VISITED;
                visited += 1;
            }
        }
        cells[head] |= VISITED | ACTIVE;
        let [north, east, south, west] = rows.offsets();
        Ok(Backtracker {
            rows,
            layout: Layout {
                width: rows.width() as u32,
                root: head,
                wall_owner: [
                    (north, SOUTH_CLOSED),
                    (0, EAST_CLOSED),
                    (0, SOUTH_CLOSED),
                    (west, EAST_CLOSED),
                ],
                moves: [(north, 0, -1), (east, 1, 0), (south, 0, 1), (west, -1, 0)],
            },
            cursor: Cursor {
                head,
                pos: start,
                visited,
                done: false,
                ahead: 0,
            },
            aim: None,
            path: None,
            all_linked: courtyard.is_none(),
        })
    }

    /// Once the search is back at the start: reads the path asked for, then clears the marks.
    #[cold]
    fn finish(&mut self, cells: &mut [u8]) {
        if let Some(to) = self.aim.take().filter(|&to| cells[to] & VISITED != 0) {
            let longest = self.cursor.visited as usize;
            self.path = path_by_links(self.rows, cells, (self.layout.root, to), longest);
        }
        clear_marks(cells);
    }
}

impl Carve for Backtracker {
    fn heap_bytes(&self) -> usize {
        0
    }

    fn checkpoint_in(&self, cells: &[u8]) -> Box<dyn CarveCheckpoint> {
        Box::new(BacktrackerCheckpoint {
            carver: self.clone(),
            marks: PackedMarks::of(cells),
        })
    }

    /// One unit of work: carve into a random unvisited neighbour of the head, or step back
    /// along the path when it has none.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.cursor.done {
            return GenEvent::Done;
        }
        let event = step(&mut self.cursor, &self.layout, cells, rng);
        if event == GenEvent::Done {
            self.finish(cells);
        }
        event
    }

    /// Steps until done: the same `step`, on local copies of the state so they stay in
    /// registers, and inlined so the discarded events cost nothing.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        if self.cursor.done {
            return;
        }
        let (mut cursor, layout, mut local_rng) = (self.cursor, self.layout, rng.clone());
        while step(&mut cursor, &layout, cells, &mut local_rng) != GenEvent::Done {}
        (self.cursor, *rng) = (cursor, local_rng);
        self.finish(cells);
    }

    /// Reads the path only from the start, in a maze without a courtyard: the courtyard's
    /// cells have no links.
    fn aim(&mut self, from: Pos, to: Pos) {
        if !self.cursor.done && self.all_linked && self.rows.of(from) == self.layout.root {
            self.aim = Some(self.rows.of(to));
        }
    }

    fn take_path(&mut self) -> Option<Vec<Dir>> {
        self.path.take()
    }

    fn head(&self) -> Option<Pos> {
        (!self.cursor.done).then_some(self.cursor.pos)
    }

    fn visited(&self) -> u64 {
        self.cursor.visited
    }

    fn step_cost(&self) -> u64 {
        10
    }

    /// Each cell is stepped into once and backed out of once.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
    }

    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let b = cells[pos.y as usize * self.layout.width as usize + pos.x as usize];
        if b & ACTIVE != 0 {
            CellState::Active
        } else if b & VISITED != 0 {
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }
}

/// A checkpoint of the backtracker: the carver and the marks it keeps in the grid, half a byte
/// a cell.
#[derive(Debug)]
struct BacktrackerCheckpoint {
    carver: Backtracker,
    marks: PackedMarks,
}

impl CarveCheckpoint for BacktrackerCheckpoint {
    fn heap_bytes(&self) -> usize {
        self.marks.heap_bytes()
    }

    fn restore_marks(&self, grid: &mut Grid) {
        let cells = grid.raw_mut();
        self.marks.restore(cells);
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        Box::new(self.carver.clone())
    }
}

#[inline(always)]
fn step(cursor: &mut Cursor, layout: &Layout, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
    if cursor.done {
        return GenEvent::Done;
    }
    let (i, from) = (cursor.head, cursor.pos);
    let w = layout.width as usize;
    // Each step reads the rows above and below the head, which in a wide maze have often
    // left the cache since the search last passed; a step north or south makes the row two
    // away one of them. Reading those two now, on no step's critical path, overlaps their
    // misses with this step's work.
    let byte_at = |at: usize| cells.get(at).copied().unwrap_or(0);
    cursor.ahead ^= byte_at(i.wrapping_sub(2 * w)) ^ byte_at(i.wrapping_add(2 * w));
    let free = free_around(cells, i, from.x as usize, w, BLOCKED);
    if free != 0 {
        let order = rng.below(ORDERS as u32) as usize;
        let dir = FIRST_FREE[order][free as usize];
        let (owner, wall) = layout.wall_owner[dir as usize];
        cells[i.wrapping_add_signed(owner)] &= !wall;
        advance(cursor, layout, dir);
        cells[cursor.head] |= VISITED | ACTIVE | (dir ^ 2) << PARENT_SHIFT;
        cursor.visited += 1;
        return GenEvent::Carve {
            from,
            to: cursor.pos,
        };
    }
    let byte = cells[i];
    cells[i] = byte & !ACTIVE;
    if i == layout.root {
        // The marks are cleared by the caller, `Backtracker::finish`, once it has read them.
        cursor.done = true;
        return GenEvent::Done;
    }
    advance(cursor, layout, byte >> PARENT_SHIFT);
    GenEvent::Backtrack {
        from,
        to: cursor.pos,
    }
}

/// Moves the head one cell in direction `dir` (a `Dir as u8`).
#[inline(always)]
fn advance(cursor: &mut Cursor, layout: &Layout, dir: u8) {
    let (di, dx, dy) = layout.moves[dir as usize & 3];
    cursor.head = cursor.head.wrapping_add_signed(di);
    cursor.pos.x = cursor.pos.x.wrapping_add_signed(dx);
    cursor.pos.y = cursor.pos.y.wrapping_add_signed(dy);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_read_from_the_links_goes_from_the_start_to_the_aim_through_open_walls() {
        for (w, h, seed, to) in [(2, 2, 1, (1, 1)), (9, 7, 3, (8, 6)), (40, 30, 5, (17, 29))] {
            let mut grid = Grid::with_stamp(w, h, None).unwrap();
            let (start, to) = (Pos::new(0, 0), Pos::new(to.0, to.1));
            let mut carver = Backtracker::new(&mut grid, start).unwrap();
            carver.aim(start, to);
            carver.run(grid.raw_mut(), &mut MazeRng::from_seed(seed));
            let path = carver.take_path().expect("the path, read from the links");
            // Every cell once: in a tree, the one path between the two.
            let (mut at, mut seen) = (start, std::collections::HashSet::from([start]));
            for &dir in &path {
                assert!(grid.is_open(at, dir), "{w}x{h}: {at} {dir:?}");
                at = grid.neighbour(at, dir).unwrap();
                assert!(seen.insert(at), "{w}x{h}: {at} twice");
            }
            assert_eq!(at, to, "{w}x{h}");
        }
    }

    #[test]
    fn the_path_to_the_start_itself_is_empty() {
        let mut grid = Grid::with_stamp(5, 4, None).unwrap();
        let mut carver = Backtracker::new(&mut grid, Pos::new(2, 1)).unwrap();
        carver.aim(Pos::new(2, 1), Pos::new(2, 1));
        carver.run(grid.raw_mut(), &mut MazeRng::from_seed(7));
        assert_eq!(carver.take_path(), Some(Vec::new()));
    }

    #[test]
    fn each_free_direction_is_first_in_equally_many_orders() {
        for mask in 1..16u8 {
            let mut firsts = [0; 4];
            for order in &FIRST_FREE {
                let dir = order[mask as usize];
                assert!(
                    mask & (1 << dir) != 0,
                    "mask {mask:04b} picked blocked {dir}"
                );
                firsts[dir as usize] += 1;
            }
            let free = mask.count_ones() as usize;
            for (dir, &count) in firsts.iter().enumerate() {
                let expected = if mask & (1 << dir) != 0 {
                    ORDERS / free
                } else {
                    0
                };
                assert_eq!(count, expected, "mask {mask:04b} dir {dir}");
            }
        }
    }
}
