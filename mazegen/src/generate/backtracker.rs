//! The recursive backtracker, as an iterative depth-first search with no stack at all.
//!
//! Each visited cell remembers the direction back to the cell it was carved from (2 bits in a
//! scratch byte), so backtracking follows those links instead of popping an explicit stack. The
//! search can then be as deep as the maze is large (a 10000x10000 maze has paths of tens of
//! millions of cells) on the default call stack and in one byte per cell, where a stack of cell
//! indices would cost up to four.

use super::carve::slice_bytes;
use super::carve::{Carve, OutOfMemory, try_filled};
use super::{CellState, GenEvent};
use crate::geometry::Pos;
use crate::grid::{EAST_CLOSED, Grid, RowMajor, SOUTH_CLOSED};
use crate::rng::MazeRng;

/// Scratch bits. A cell is `BLOCKED` once visited; the padding ring around the grid and the 42
/// cells are blocked from the start, so neighbour tests need no bounds checks.
const BLOCKED: u8 = 0x80;
/// The cell is on the current path from the start to the carving head.
const ACTIVE: u8 = 0x40;
/// The cell has been carved into (unlike the padding and the 42, also blocked).
const VISITED: u8 = 0x20;
/// The low two bits hold the direction (`Dir as u8`) from the cell back to its parent; the
/// opposite of direction `d` is `d ^ 2`.
const PARENT: u8 = 0x03;

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
    /// One byte per cell of the grid padded by a ring of blocked cells.
    scratch: Vec<u8>,
    layout: Layout,
    cursor: Cursor,
}

/// What never changes during a run: index arithmetic for this grid size.
#[derive(Clone, Copy, Debug)]
struct Layout {
    stride: usize,
    root_padded: usize,
    /// Per direction: index offset of the cell that stores the wall, and the wall's bit.
    wall_owner: [(isize, u8); 4],
    /// Per direction: offsets of the grid index, the padded index, the column and the row.
    moves: [(isize, isize, i32, i32); 4],
}

/// The carving head and progress. Kept apart from the scratch so a run can hold it in
/// registers: the optimiser must assume a byte store may change any field it can reach.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    head: usize,
    head_padded: usize,
    pos: Pos,
    visited: u64,
    done: bool,
}

impl Backtracker {
    /// Starts at `start`, which must be inside the grid and not in the 42.
    pub fn new(grid: &Grid, start: Pos) -> Result<Backtracker, OutOfMemory> {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let stride = w + 2;
        let mut scratch = try_filled(stride * (h + 2), BLOCKED)?;
        for row in scratch.chunks_exact_mut(stride).skip(1).take(h) {
            row[1..=w].fill(0);
        }
        for cell in grid.stamp().iter().flat_map(|s| s.cells()) {
            scratch[padded(stride, cell)] = BLOCKED;
        }
        // The courtyard is in the maze from the start: the search leaves it through the start,
        // one of its cells, and never comes back in.
        let mut visited = 1;
        for cell in grid.courtyard().iter().flat_map(|c| c.cells()) {
            if cell != start {
                scratch[padded(stride, cell)] = BLOCKED | VISITED;
                visited += 1;
            }
        }
        let head_padded = padded(stride, start);
        scratch[head_padded] = BLOCKED | VISITED | ACTIVE;
        let [north, east, south, west] = grid.rows().offsets();
        let [p_north, p_east, p_south, p_west] = RowMajor::new(stride, h + 2).offsets();
        Ok(Backtracker {
            scratch,
            layout: Layout {
                stride,
                root_padded: head_padded,
                wall_owner: [
                    (north, SOUTH_CLOSED),
                    (0, EAST_CLOSED),
                    (0, SOUTH_CLOSED),
                    (west, EAST_CLOSED),
                ],
                moves: [
                    (north, p_north, 0, -1),
                    (east, p_east, 1, 0),
                    (south, p_south, 0, 1),
                    (west, p_west, -1, 0),
                ],
            },
            cursor: Cursor {
                head: grid.index(start),
                head_padded,
                pos: start,
                visited,
                done: false,
            },
        })
    }
}

impl Carve for Backtracker {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.scratch)
    }

    /// One unit of work: carve into a random unvisited neighbour of the head, or step back
    /// along the path when it has none.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        step(
            &mut self.cursor,
            &self.layout,
            &mut self.scratch,
            cells,
            rng,
        )
    }

    /// Steps until done: the same `step`, on local copies of the state so they stay in
    /// registers, and inlined so the discarded events cost nothing.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let (mut cursor, layout, mut local_rng) = (self.cursor, self.layout, rng.clone());
        while step(
            &mut cursor,
            &layout,
            &mut self.scratch,
            cells,
            &mut local_rng,
        ) != GenEvent::Done
        {}
        (self.cursor, *rng) = (cursor, local_rng);
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

    fn cell_state(&self, pos: Pos) -> CellState {
        let b = self.scratch[padded(self.layout.stride, pos)];
        if b & ACTIVE != 0 {
            CellState::Active
        } else if b & VISITED != 0 {
            CellState::Finished
        } else {
            CellState::Unvisited
        }
    }
}

#[inline(always)]
fn step(
    cursor: &mut Cursor,
    layout: &Layout,
    scratch: &mut [u8],
    cells: &mut [u8],
    rng: &mut MazeRng,
) -> GenEvent {
    if cursor.done {
        return GenEvent::Done;
    }
    let (p, s, from) = (cursor.head_padded, layout.stride, cursor.pos);
    // Only unvisited cells have an all-zero byte.
    let free = u8::from(scratch[p - s] == 0)
        | u8::from(scratch[p + 1] == 0) << 1
        | u8::from(scratch[p + s] == 0) << 2
        | u8::from(scratch[p - 1] == 0) << 3;
    if free != 0 {
        let order = rng.below(ORDERS as u32) as usize;
        let dir = FIRST_FREE[order][free as usize];
        let (owner, wall) = layout.wall_owner[dir as usize];
        cells[cursor.head.wrapping_add_signed(owner)] &= !wall;
        advance(cursor, layout, dir);
        scratch[cursor.head_padded] = BLOCKED | VISITED | ACTIVE | (dir ^ 2);
        cursor.visited += 1;
        return GenEvent::Carve {
            from,
            to: cursor.pos,
        };
    }
    scratch[p] &= !ACTIVE;
    if p == layout.root_padded {
        cursor.done = true;
        return GenEvent::Done;
    }
    advance(cursor, layout, scratch[p] & PARENT);
    GenEvent::Backtrack {
        from,
        to: cursor.pos,
    }
}

/// Moves the head one cell in direction `dir` (a `Dir as u8`).
#[inline(always)]
fn advance(cursor: &mut Cursor, layout: &Layout, dir: u8) {
    let (di, dp, dx, dy) = layout.moves[dir as usize];
    cursor.head = cursor.head.wrapping_add_signed(di);
    cursor.head_padded = cursor.head_padded.wrapping_add_signed(dp);
    cursor.pos.x = cursor.pos.x.wrapping_add_signed(dx);
    cursor.pos.y = cursor.pos.y.wrapping_add_signed(dy);
}

/// The index of `pos` in the scratch, whose rows are `stride` cells long: the grid's rows
/// inside a one-cell ring.
fn padded(stride: usize, pos: Pos) -> usize {
    (pos.y as usize + 1) * stride + pos.x as usize + 1
}

#[cfg(test)]
mod tests {
    use super::*;

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
