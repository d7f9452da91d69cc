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
//! One carve or one cell passed by the hunt per step.
//!
//! # Memory
//!
//! The marks are kept in the high four bits of the grid's own bytes (see [`MARKS`]), so a run
//! takes no memory a cell beyond the grid: [`FREE`] on the cells not in the maze yet, cleared
//! as each is carved; [`ON_WALK`] on the current walk's cells, which are also listed (a walk
//! gets stuck after a few dozen cells, so the list stays short) and cleared through the list
//! as the walk ends; [`QUEUED`] on the hunt's cells. The hunt is breadth-first, so a cell it
//! passes only has neighbours in the layer before its own, its own and the one after: the
//! passed cells of the last two layers keep their mark, in a list, and each older layer's are
//! cleared while the next one is passed, a cell or two a step: a layer's cells lie on as many
//! rows as it has cells, each a cache line of its own, and the cell two layers back on a row
//! shares its line with the one passed now. So the queue, that list and the walk's are all the state
//! beyond the grid, and they are what a replay checkpoint keeps; when the carving is done,
//! every mark is clear again.

use std::collections::VecDeque;

use super::carve::{
    COLUMN_STEP, Carve, CarveCheckpoint, Layout, clear_marks, first_cells, mark_unreached,
    random_dir,
};
use super::{CellState, GenEvent};
use crate::bytes::{OutOfMemory, room_for};
use crate::geometry::Pos;
use crate::grid::{Grid, LOCKED, MARKS};
use crate::rng::MazeRng;

/// Marks in the grid's bytes: not in the maze yet.
const FREE: u8 = 0x10;
/// Queued for the hunt (passed already, or waiting in the queue); cleared once no cell left to
/// pass can be its neighbour.
const QUEUED: u8 = 0x20;
/// On the current walk.
const ON_WALK: u8 = 0x40;
const _: () = assert!((FREE | QUEUED | ON_WALK) & !MARKS == 0);

#[derive(Clone, Debug)]
pub struct HuntAndKill {
    /// The hunt's cursor: the cells after it in breadth-first order known so far, each with its
    /// column.
    queue: VecDeque<Queued>,
    /// The cells the hunt passed in the layer before the current one and in the current one,
    /// which keep their `QUEUED` mark.
    passed: VecDeque<u32>,
    /// The current walk's cells, in order.
    walk: Vec<u32>,
    layout: Layout,
    cursor: Cursor,
    /// The start cell's index: in the maze from the start, with no open wall yet.
    start: usize,
}

/// A cell in the hunt's queue: its index and its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Queued {
    index: u32,
    x: u32,
}

/// Where the run is. Kept apart from the per-cell arrays so a run can hold it in registers.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    /// The walk's head while walking, else the cell the hunt passed last.
    head: usize,
    /// The head's column.
    x: usize,
    walking: bool,
    /// The cells of the hunt's current layer still in the queue, and of the next one.
    layer_left: usize,
    next_layer: usize,
    /// The cells at the front of `passed` two layers before the current one, still marked: no
    /// cell of the current layer has them as neighbours, and they are cleared as it is passed.
    stale: usize,
    /// The cells of `passed` after those, in the layer before the current one.
    older: usize,
    visited: u64,
    open_cells: u64,
    done: bool,
    /// The allocator refused the hunt's queue or the walk's list room to grow: the carving
    /// stopped there.
    out_of_memory: bool,
}

impl HuntAndKill {
    /// The first walk starts at `start` (not in the 42); the courtyard is in the maze from the
    /// start, and the hunt's breadth-first order starts at `start`.
    pub fn new(grid: &mut Grid, start: Pos) -> Result<HuntAndKill, OutOfMemory> {
        let rows = grid.rows();
        mark_unreached(grid, start, FREE);
        let open_cells = grid.open_cell_count();
        let visited = first_cells(grid, start).count() as u64;
        let head = grid.index(start);
        let cells = grid.raw_mut();
        cells[head] |= QUEUED | ON_WALK;
        let mut walk = Vec::new();
        walk.try_reserve(64).map_err(|_| OutOfMemory)?;
        walk.push(head as u32);
        let x = start.x as usize;
        let mut carver = HuntAndKill {
            start: head,
            queue: VecDeque::from([Queued {
                index: head as u32,
                x: x as u32,
            }]),
            passed: VecDeque::new(),
            walk,
            layout: Layout::new(rows),
            cursor: Cursor {
                head,
                x,
                walking: true,
                layer_left: 1,
                next_layer: 0,
                stale: 0,
                older: 0,
                visited,
                open_cells,
                done: false,
                out_of_memory: false,
            },
        };
        if visited >= open_cells {
            carver.finish(cells);
        }
        Ok(carver)
    }

    /// Ends the run: clears the marks left (the last walk's and the hunt's last layers').
    fn finish(&mut self, cells: &mut [u8]) {
        finish(
            &mut self.cursor,
            cells,
            &mut self.walk,
            &mut self.passed,
            &mut self.queue,
        );
    }
}

/// Ends the run: the marks left cleared, so the grid's bytes are the maze's alone.
#[cold]
#[inline(never)]
fn finish(
    cursor: &mut Cursor,
    cells: &mut [u8],
    walk: &mut Vec<u32>,
    passed: &mut VecDeque<u32>,
    queue: &mut VecDeque<Queued>,
) {
    cursor.done = true;
    for &cell in walk.iter().chain(passed.iter()) {
        cells[cell as usize] &= !MARKS;
    }
    for q in queue.iter() {
        cells[q.index as usize] &= !MARKS;
    }
    walk.clear();
    passed.clear();
    queue.clear();
}

/// The allocator refused a list room to grow: the run stops, every mark cleared.
#[cold]
#[inline(never)]
fn out_of_memory(cursor: &mut Cursor, cells: &mut [u8]) -> GenEvent {
    (cursor.done, cursor.out_of_memory) = (true, true);
    clear_marks(cells);
    GenEvent::Done
}

/// The moves of `cell` (in column `x`) into neighbours whose byte, masked with `mask`, is
/// `want`: not in the maze (`FREE`, `FREE`), in it and not in the 42 (`FREE | LOCKED`, 0),
/// not queued (`QUEUED | LOCKED`, 0).
#[inline(always)]
fn moves_where(layout: &Layout, cells: &[u8], cell: usize, x: usize, mask: u8, want: u8) -> u8 {
    let moves = layout.inside(cell, x);
    let mut found = 0;
    for dir in 0..4 {
        if moves & (1 << dir) != 0 {
            let next = cell.wrapping_add_signed(layout.offsets[dir]);
            if cells[next] & mask == want {
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
    walk: &mut Vec<u32>,
    passed: &mut VecDeque<u32>,
    queue: &mut VecDeque<Queued>,
    cells: &mut [u8],
    rng: &mut MazeRng,
) -> GenEvent {
    let pos = |index: usize| layout.rows.pos(index);
    if cursor.walking {
        let head = cursor.head;
        let free = moves_where(layout, cells, head, cursor.x, FREE, FREE);
        if free != 0 {
            if !room_for(walk, 1) {
                return out_of_memory(cursor, cells);
            }
            let dir = random_dir(rng, free);
            let next = head.wrapping_add_signed(layout.offsets[dir as usize]);
            layout.rows.open_wall(cells, head, dir);
            cells[next] = cells[next] & !FREE | ON_WALK;
            walk.push(next as u32);
            cursor.head = next;
            cursor.x = cursor.x.wrapping_add_signed(COLUMN_STEP[dir as usize]);
            cursor.visited += 1;
            if cursor.visited >= cursor.open_cells {
                finish(cursor, cells, walk, passed, queue);
            }
            return GenEvent::Carve {
                from: pos(head),
                to: pos(next),
            };
        }
        // Stuck: the walk ends, and the hunt starts in this same step.
        for &cell in walk.iter() {
            cells[cell as usize] &= !ON_WALK;
        }
        walk.clear();
        cursor.walking = false;
    }
    // The queue grows by the four cells a hunting step may add, the passed cells by one.
    if !room_for_queue(queue, 4) || !room_for_queue(passed, 1) {
        return out_of_memory(cursor, cells);
    }
    if cursor.layer_left == 0 {
        // A new layer: the one before the last can no longer be a neighbour of a cell to pass,
        // and is cleared as this one is passed (what is left of the one before that, now).
        for _ in 0..cursor.stale {
            clear_passed(passed, cells);
        }
        cursor.stale = cursor.older;
        cursor.older = passed.len() - cursor.stale;
        cursor.layer_left = cursor.next_layer;
        cursor.next_layer = 0;
    }
    // A cell of the stale layer a step, and more if it is longer than what is left of this
    // one: the two are passed side by side, row by row.
    if cursor.stale > 0 {
        clear_passed(passed, cells);
        cursor.stale -= 1;
        if cursor.stale >= cursor.layer_left && cursor.stale > 0 {
            clear_passed(passed, cells);
            cursor.stale -= 1;
        }
    }
    let Some(Queued { index, x }) = queue.pop_front() else {
        // Only reached if some cell could not be reached at all.
        finish(cursor, cells, walk, passed, queue);
        return GenEvent::Done;
    };
    cursor.layer_left -= 1;
    let (cell, x) = (index as usize, x as usize);
    passed.push_back(index);
    cursor.head = cell;
    cursor.x = x;
    let fresh = moves_where(layout, cells, cell, x, QUEUED | LOCKED, 0);
    for (dir, (&offset, &dx)) in layout.offsets.iter().zip(&COLUMN_STEP).enumerate() {
        if fresh & (1 << dir) != 0 {
            let next = cell.wrapping_add_signed(offset);
            cells[next] |= QUEUED;
            queue.push_back(Queued {
                index: next as u32,
                x: x.wrapping_add_signed(dx) as u32,
            });
            cursor.next_layer += 1;
        }
    }
    if cells[cell] & FREE == 0 {
        return GenEvent::Visit { cell: pos(cell) };
    }
    // The cell that queued this one was passed before it, so it is in the maze.
    let dir = random_dir(rng, moves_where(layout, cells, cell, x, FREE | LOCKED, 0));
    let from = cell.wrapping_add_signed(layout.offsets[dir as usize]);
    layout.rows.open_wall(cells, cell, dir);
    cells[cell] = cells[cell] & !FREE | ON_WALK;
    walk.push(index);
    cursor.walking = true;
    cursor.visited += 1;
    if cursor.visited >= cursor.open_cells {
        finish(cursor, cells, walk, passed, queue);
    }
    GenEvent::Carve {
        from: pos(from),
        to: pos(cell),
    }
}

/// Clears the mark of the first cell the hunt passed and still keeps.
#[inline(always)]
fn clear_passed(passed: &mut VecDeque<u32>, cells: &mut [u8]) {
    let cell = passed.pop_front().expect("a stale layer's cells") as usize;
    cells[cell] &= !QUEUED;
}

/// [`room_for`] for a queue.
#[inline(always)]
fn room_for_queue<T>(queue: &mut VecDeque<T>, more: usize) -> bool {
    queue.capacity() - queue.len() >= more || queue.try_reserve(more).is_ok()
}

impl Carve for HuntAndKill {
    fn heap_bytes(&self) -> usize {
        self.queue.len() * std::mem::size_of::<Queued>()
            + (self.passed.len() + self.walk.len()) * std::mem::size_of::<u32>()
    }

    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(HuntAndKillCheckpoint(self.clone()))
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
            &mut self.walk,
            &mut self.passed,
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
                &mut self.walk,
                &mut self.passed,
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

    /// Without the grid's marks, only the head is known: see [`Carve::cell_state_in`].
    fn cell_state(&self, pos: Pos) -> CellState {
        let i = self.layout.rows.of(pos);
        if !self.cursor.done && i == self.cursor.head {
            CellState::Active
        } else {
            CellState::Unvisited
        }
    }

    /// The current walk (or the hunt's cell) is active.
    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let i = self.layout.rows.of(pos);
        let byte = cells[i];
        let current = self.cursor.walking && byte & ON_WALK != 0;
        if byte & (FREE | LOCKED) != 0 {
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

/// A checkpoint of hunt-and-kill: the carver itself, which holds no memory a cell (the hunt's
/// queue and last two layers, the current walk); the marks are rebuilt from the grid and those
/// lists.
#[derive(Debug)]
struct HuntAndKillCheckpoint(HuntAndKill);

impl CarveCheckpoint for HuntAndKillCheckpoint {
    fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        Box::new(self.0.clone())
    }

    fn restore_marks(&self, grid: &mut Grid) {
        let carver = &self.0;
        if !carver.cursor.done {
            mark_unreached(grid, grid.pos(carver.start), FREE);
            let cells = grid.raw_mut();
            for &cell in carver.passed.iter() {
                cells[cell as usize] |= QUEUED;
            }
            for q in carver.queue.iter() {
                cells[q.index as usize] |= QUEUED;
            }
            for &cell in carver.walk.iter() {
                cells[cell as usize] |= ON_WALK;
            }
        }
    }
}

#[cfg(test)]
mod tests;
