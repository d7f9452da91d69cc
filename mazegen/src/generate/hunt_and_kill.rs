//! Hunt-and-kill: a random walk carves into unvisited neighbours until it is stuck; then the
//! hunt finds an unvisited cell next to the maze, joins it to the maze and walks again from it.
//!
//! # The hunt, in linear time
//!
//! The textbook hunt rescans the rows from the top for an unvisited cell next to the maze,
//! which is quadratic on a large maze. Here the hunt is a cursor that only moves forward over
//! the cells in **breadth-first order from the start** (over the non-42 cells, built lazily: a
//! cell's neighbours are queued when the cursor passes it). Every cell the cursor has passed
//! is in the maze, so the first unvisited cell it meets has one in-maze neighbour at least:
//! the cell that queued it, which the cursor passed earlier. The hunt therefore never fails
//! and never looks back, whatever the start, the 42 or the courtyard; there are no islands for
//! a linking pass to join, and each cell is passed once.
//!
//! A row-major cursor would not have that guarantee: its first unvisited cell may have no
//! in-maze neighbour (the top-left corner when the walk started elsewhere, or a cell whose
//! north and west neighbours are in the 42), and would need a fallback. Hunting in
//! breadth-first order keeps hunt-and-kill's texture (long walks, hunts that sweep the maze in
//! one direction, here outwards from the start) without one.
//!
//! One carve or one cell passed by the hunt per step. Memory: a scratch byte per cell, the
//! hunt's queue (about the width of a breadth-first front, so O(width + height)), and 4 bytes
//! per cell recording which walk carved it, only to draw the current walk. A replay checkpoint
//! keeps a bit a cell for the hunt's queued cells and one for the current walk's, and the
//! queue: the moves and the cells in the maze are the grid's, and which walk carved a cell
//! before the current one changes nothing.

use std::collections::VecDeque;

use super::carve::slice_bytes;
use super::carve::{
    Carve, CarveCheckpoint, OutOfMemory, first_cells, mark_reached, move_masks, random_dir,
    set_bits, try_filled, try_move_masks,
};
use super::{CellState, GenEvent};
use crate::geometry::Pos;
use crate::grid::{Grid, RowMajor};
use crate::rng::MazeRng;

/// Scratch bits: the low four are the cell's moves.
const MOVES: u8 = 0x0F;
const IN_MAZE: u8 = 0x10;
/// Queued for the hunt (passed already, or waiting in the queue).
const QUEUED: u8 = 0x20;

#[derive(Clone, Debug)]
pub struct HuntAndKill {
    scratch: Vec<u8>,
    /// Per cell, the number of the walk that carved it.
    walk_of: Vec<u32>,
    /// The hunt's cursor: the cells after it in breadth-first order known so far.
    queue: VecDeque<u32>,
    layout: Layout,
    cursor: Cursor,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
}

/// Index arithmetic for this grid size.
#[derive(Clone, Copy, Debug)]
struct Layout {
    rows: RowMajor,
    offsets: [isize; 4],
}

/// Where the run is. Kept apart from the per-cell arrays so a run can hold it in registers.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    /// The walk's head while walking, else the cell the hunt passed last.
    head: usize,
    walking: bool,
    /// The number of the current walk (the first is 1).
    walk: u32,
    visited: u64,
    open_cells: u64,
    done: bool,
    /// The allocator refused the hunt's queue room to grow: the carving stopped there.
    out_of_memory: bool,
}

impl HuntAndKill {
    /// The first walk starts at `start` (not in the 42); the courtyard is in the maze from the
    /// start, and the hunt's breadth-first order starts at `start`.
    pub fn new(grid: &Grid, start: Pos) -> Result<HuntAndKill, OutOfMemory> {
        let rows = grid.rows();
        let mut scratch = try_move_masks(grid)?;
        let mut visited = 0;
        for i in first_cells(grid, start) {
            scratch[i] |= IN_MAZE;
            visited += 1;
        }
        let head = grid.index(start);
        scratch[head] |= QUEUED;
        let mut walk_of = try_filled(scratch.len(), 0)?;
        walk_of[head] = 1;
        let open_cells = grid.open_cell_count();
        Ok(HuntAndKill {
            start: head,
            walk_of,
            queue: VecDeque::from([head as u32]),
            layout: Layout {
                rows,
                offsets: rows.offsets(),
            },
            cursor: Cursor {
                head,
                walking: true,
                walk: 1,
                visited,
                open_cells,
                done: visited >= open_cells,
                out_of_memory: false,
            },
            scratch,
        })
    }
}

/// The moves of `cell` into neighbours that are (`IN_MAZE`) or are not (0) in the maze.
#[inline(always)]
fn moves_where(layout: &Layout, scratch: &[u8], cell: usize, in_maze: u8) -> u8 {
    let moves = scratch[cell] & MOVES;
    let mut found = 0;
    for dir in 0..4 {
        if moves & (1 << dir) != 0 {
            let next = cell.wrapping_add_signed(layout.offsets[dir]);
            if scratch[next] & IN_MAZE == in_maze {
                found |= 1 << dir;
            }
        }
    }
    found
}

/// One step; `inline(always)` so that [`Carve::run`] drops the unused events.
#[inline(always)]
fn advance(
    cursor: &mut Cursor,
    layout: &Layout,
    scratch: &mut [u8],
    walk_of: &mut [u32],
    queue: &mut VecDeque<u32>,
    cells: &mut [u8],
    rng: &mut MazeRng,
) -> GenEvent {
    let pos = |index: usize| layout.rows.pos(index);
    if cursor.walking {
        let head = cursor.head;
        let free = moves_where(layout, scratch, head, 0);
        if free != 0 {
            let dir = random_dir(rng, free);
            let next = head.wrapping_add_signed(layout.offsets[dir as usize]);
            layout.rows.open_wall(cells, head, dir);
            scratch[next] |= IN_MAZE;
            walk_of[next] = cursor.walk;
            cursor.head = next;
            cursor.visited += 1;
            cursor.done = cursor.visited >= cursor.open_cells;
            return GenEvent::Carve {
                from: pos(head),
                to: pos(next),
            };
        }
        // Stuck: the hunt starts in this same step.
        cursor.walking = false;
    }
    // The queue grows by the four cells a hunting step may add.
    if queue.capacity() - queue.len() < 4 && queue.try_reserve(4).is_err() {
        (cursor.done, cursor.out_of_memory) = (true, true);
        return GenEvent::Done;
    }
    let Some(cell) = queue.pop_front() else {
        // Only reached if some cell could not be reached at all.
        cursor.done = true;
        return GenEvent::Done;
    };
    let cell = cell as usize;
    cursor.head = cell;
    let moves = scratch[cell] & MOVES;
    for dir in 0..4 {
        if moves & (1 << dir) != 0 {
            let next = cell.wrapping_add_signed(layout.offsets[dir]);
            if scratch[next] & QUEUED == 0 {
                scratch[next] |= QUEUED;
                queue.push_back(next as u32);
            }
        }
    }
    if scratch[cell] & IN_MAZE != 0 {
        return GenEvent::Visit { cell: pos(cell) };
    }
    // The cell that queued this one was passed before it, so it is in the maze.
    let dir = random_dir(rng, moves_where(layout, scratch, cell, IN_MAZE));
    let from = cell.wrapping_add_signed(layout.offsets[dir as usize]);
    layout.rows.open_wall(cells, cell, dir);
    scratch[cell] |= IN_MAZE;
    cursor.walk += 1;
    walk_of[cell] = cursor.walk;
    cursor.walking = true;
    cursor.visited += 1;
    cursor.done = cursor.visited >= cursor.open_cells;
    GenEvent::Carve {
        from: pos(from),
        to: pos(cell),
    }
}

impl Carve for HuntAndKill {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.scratch)
            + slice_bytes(&self.walk_of)
            + self.queue.len() * std::mem::size_of::<u32>()
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        // A bit a cell, 64 cells a word, in loops the compiler vectorises.
        let queued = self
            .scratch
            .chunks(64)
            .map(|bytes| bits_of(bytes.iter().map(|&byte| byte & QUEUED != 0)))
            .collect();
        let walk = self.cursor.walk;
        let on_walk = if self.cursor.walking {
            let words = self.walk_of.chunks(64);
            words
                .map(|walks| bits_of(walks.iter().map(|&w| w == walk)))
                .collect()
        } else {
            Vec::new()
        };
        Box::new(HuntAndKillCheckpoint {
            queued,
            on_walk,
            queue: self.queue.clone(),
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
        })
    }

    /// One carve of the walk, or one cell passed by the hunt (joined to the maze if it is not
    /// in it yet).
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.cursor.done {
            return GenEvent::Done;
        }
        advance(
            &mut self.cursor,
            &self.layout,
            &mut self.scratch,
            &mut self.walk_of,
            &mut self.queue,
            cells,
            rng,
        )
    }

    /// The same steps, on local copies of the state so they stay in registers.
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let (mut cursor, layout, mut local_rng) = (self.cursor, self.layout, rng.clone());
        while !cursor.done {
            advance(
                &mut cursor,
                &layout,
                &mut self.scratch,
                &mut self.walk_of,
                &mut self.queue,
                cells,
                &mut local_rng,
            );
        }
        (self.cursor, *rng) = (cursor, local_rng);
    }

    fn out_of_memory(&self) -> bool {
        self.cursor.out_of_memory
    }

    /// The walk's head, or the cell the hunt passed last.
    fn head(&self) -> Option<Pos> {
        (!self.cursor.done).then(|| self.layout.rows.pos(self.cursor.head))
    }

    fn visited(&self) -> u64 {
        self.cursor.visited
    }

    /// The current walk (or the hunt's cell) is active.
    fn cell_state(&self, pos: Pos) -> CellState {
        let i = self.layout.rows.of(pos);
        let current = self.cursor.walking && self.walk_of[i] == self.cursor.walk;
        if self.scratch[i] & IN_MAZE == 0 {
            CellState::Unvisited
        } else if !self.cursor.done && (current || i == self.cursor.head) {
            CellState::Active
        } else {
            CellState::Finished
        }
    }

    fn step_cost(&self) -> u64 {
        20
    }

    /// Each cell is carved once and passed by the hunt at most once.
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
    }
}

/// Up to 64 flags as the bits of a word, the first the lowest.
#[inline(always)]
fn bits_of(flags: impl Iterator<Item = bool>) -> u64 {
    flags
        .enumerate()
        .fold(0, |word, (bit, flag)| word | u64::from(flag) << bit)
}

/// A checkpoint of hunt-and-kill: the hunt's queue and queued cells, and the current walk's
/// cells (none while hunting); the moves and the maze are the grid's.
#[derive(Debug)]
struct HuntAndKillCheckpoint {
    queued: Vec<u64>,
    on_walk: Vec<u64>,
    queue: VecDeque<u32>,
    layout: Layout,
    cursor: Cursor,
    start: usize,
}

impl CarveCheckpoint for HuntAndKillCheckpoint {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.queued)
            + slice_bytes(&self.on_walk)
            + self.queue.len() * std::mem::size_of::<u32>()
    }

    fn restore(&self, grid: &Grid) -> Box<dyn Carve> {
        let mut scratch = move_masks(grid);
        mark_reached(grid, grid.pos(self.start), &mut scratch, IN_MAZE);
        for i in set_bits(&self.queued) {
            scratch[i] |= QUEUED;
        }
        let mut walk_of = vec![0; scratch.len()];
        for i in set_bits(&self.on_walk) {
            walk_of[i] = self.cursor.walk;
        }
        Box::new(HuntAndKill {
            scratch,
            walk_of,
            queue: self.queue.clone(),
            layout: self.layout,
            cursor: self.cursor,
            start: self.start,
        })
    }
}

#[cfg(test)]
mod tests;
