//! Breadth-first search: finds a shortest path, which is the one the maze file records.

use super::{Search, SearchState, Solution, SolveEvent, Solver};
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, RowMajor, SOUTH_CLOSED, SizeError};

/// The search keeps one byte per cell: the cell's own east and south walls (copied from the
/// grid, same bits), `REACHED`, the direction back to the cell it was reached from, and
/// `EXPANDED` once it has left the queue. Walls and marks in one array halve the cache misses
/// of a large search, whose frontier is spread all over the maze: everything a step reads
/// about a neighbour sits in one byte.
const WALLS: u8 = EAST_CLOSED | SOUTH_CLOSED;
const REACHED: u8 = 4;
const BACK_SHIFT: u8 = 3;
const EXPANDED: u8 = 32;

#[derive(Clone, Debug)]
/// Breadth-first search: expands cells in order of distance, so its path is a shortest one.
pub struct Bfs {
    rows: RowMajor,
    from: usize,
    /// The goal; `None` searches every reachable cell.
    to: Option<usize>,
    cells: Vec<u8>,
    queue: Frontier,
    progress: Progress,
}

/// Counters a step updates. Kept apart so a run can hold them (and the queue's ends) in
/// registers: the optimiser must assume a byte store may change any field it can reach.
#[derive(Clone, Copy, Debug)]
struct Progress {
    visited: u64,
    found: bool,
    done: bool,
    /// The frontier could not grow: the search stopped there, unfinished.
    out_of_memory: bool,
}

impl Bfs {
    /// A search of `grid` from `from` to `to`, both inside it. The search works on its own
    /// copy of the walls.
    pub fn new(grid: &Grid, from: Pos, to: Pos) -> Bfs {
        Bfs::search(grid, from, Some(to))
    }

    #[cfg(test)]
    /// A search from `from` that reaches every cell it can (a flood fill), after which
    /// [`Bfs::path_to`] gives a shortest path to any reached cell.
    pub fn flood(grid: &Grid, from: Pos) -> Bfs {
        Bfs::search(grid, from, None)
    }

    /// [`Bfs::flood`], or [`SizeError::OutOfMemory`] when the allocator refuses the search
    /// its byte a cell; run it with [`Bfs::try_run`] for the frontier's growth to be fallible
    /// too.
    pub fn try_flood(grid: &Grid, from: Pos) -> Result<Bfs, SizeError> {
        Bfs::try_search(grid, from, None)
    }

    /// [`Bfs::new`], or [`SizeError::OutOfMemory`] when the allocator refuses the search its
    /// byte a cell; run it with [`Bfs::try_run`] for the frontier's growth to be fallible too.
    pub fn try_new(grid: &Grid, from: Pos, to: Pos) -> Result<Bfs, SizeError> {
        Bfs::try_search(grid, from, Some(to))
    }

    fn search(grid: &Grid, from: Pos, to: Option<Pos>) -> Bfs {
        Bfs::try_search(grid, from, to).unwrap_or_else(|_| {
            std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<u8>(grid.raw().len()).expect("a grid's size"),
            )
        })
    }

    fn try_search(grid: &Grid, from: Pos, to: Option<Pos>) -> Result<Bfs, SizeError> {
        let to = to.map(|p| grid.index(p));
        let from = grid.index(from);
        let refused = SizeError::OutOfMemory {
            width: grid.width(),
            height: grid.height(),
        };
        let mut cells: Vec<u8> = Vec::new();
        cells
            .try_reserve_exact(grid.raw().len())
            .map_err(|_| refused)?;
        cells.extend(grid.raw().iter().map(|&b| b & WALLS));
        cells[from] |= REACHED;
        Ok(Bfs {
            rows: grid.rows(),
            from,
            to,
            cells,
            queue: Frontier::starting_at(from as u32),
            progress: Progress {
                visited: 1,
                found: to == Some(from),
                done: false,
                out_of_memory: false,
            },
        })
    }

    /// Expands the oldest cell of the frontier: reaches its open, unreached neighbours. When
    /// the allocator refuses the frontier room to grow, the search is over, unfinished:
    /// `Done { found: false }`, and [`Search::failure`] says why.
    pub fn step(&mut self) -> SolveEvent {
        let event = expand(
            &mut self.cells,
            &mut self.queue,
            &mut self.progress,
            self.rows.width(),
            self.to,
        );
        match event {
            Some(i) => SolveEvent::Visit { cell: self.pos(i) },
            None => SolveEvent::Done {
                found: self.progress.found,
            },
        }
    }

    /// Steps until done; returns whether the goal was reached. The same expansion as `step`,
    /// on local copies of the queue and counters so they stay in registers.
    pub fn run(&mut self) -> bool {
        self.try_run().unwrap_or_else(|_| {
            self.abort_if_out_of_memory();
            unreachable!("an error only when the frontier could not grow")
        })
    }

    /// [`Bfs::run`], or [`SizeError::OutOfMemory`] when the allocator refuses the frontier
    /// room to grow (the search is then over, unfinished).
    pub fn try_run(&mut self) -> Result<bool, SizeError> {
        let (mut queue, mut progress) = (std::mem::take(&mut self.queue), self.progress);
        while expand(
            &mut self.cells,
            &mut queue,
            &mut progress,
            self.rows.width(),
            self.to,
        )
        .is_some()
        {}
        (self.queue, self.progress) = (queue, progress);
        if progress.out_of_memory {
            return Err(SizeError::OutOfMemory {
                width: self.rows.width() as u32,
                height: self.rows.height() as u32,
            });
        }
        Ok(progress.found)
    }

    /// The infallible methods' way out, as before the frontier's growth was fallible: the
    /// allocator's abort.
    fn abort_if_out_of_memory(&self) {
        if self.progress.out_of_memory {
            let layout = std::alloc::Layout::array::<u32>(self.queue.buf.len() * 2);
            std::alloc::handle_alloc_error(layout.expect("a frontier under the grid's size"));
        }
    }

    /// Whether the search is over.
    pub fn is_done(&self) -> bool {
        self.progress.done
    }

    /// Cells reached so far.
    pub fn visited(&self) -> u64 {
        self.progress.visited
    }

    /// Whether the search has reached `pos`.
    pub fn reached(&self, pos: Pos) -> bool {
        self.cells[self.index(pos)] & REACHED != 0
    }

    /// The shortest path, once the goal has been reached.
    pub fn solution(&self) -> Option<Solution> {
        let to = self.to.filter(|_| self.progress.found)?;
        self.path_to(self.pos(to))
    }

    /// [`Bfs::solution`], or [`SizeError::NotEnoughMemory`] when the allocator refuses the
    /// path its memory.
    pub fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        let Some(to) = self.to.filter(|_| self.progress.found) else {
            return Ok(None);
        };
        self.try_path_to(self.pos(to))
            .ok_or(SizeError::NotEnoughMemory {
                task: "the path",
                width: self.rows.width() as u32,
                height: self.rows.height() as u32,
            })
    }

    /// A shortest path to `pos` if the search has reached it.
    pub fn path_to(&self, pos: Pos) -> Option<Solution> {
        self.try_path_to(pos).unwrap_or_else(|| {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<[Dir; 4096]>())
        })
    }

    /// [`Bfs::path_to`], or `None` when the allocator refuses the path room to grow.
    pub(crate) fn try_path_to(&self, pos: Pos) -> Option<Option<Solution>> {
        let mut at = self.index(pos);
        if self.cells[at] & REACHED == 0 {
            return Some(None);
        }
        let mut dirs = Vec::new();
        while at != self.from {
            let back = Dir::from_index(self.cells[at] >> BACK_SHIFT);
            if !crate::bytes::room_for(&mut dirs, 1) {
                return None;
            }
            dirs.push(back.opposite());
            at = self.rows.step(at, back);
        }
        dirs.reverse();
        Some(Some(Solution::new(self.pos(self.from), dirs)))
    }

    fn index(&self, pos: Pos) -> usize {
        self.rows.of(pos)
    }

    fn pos(&self, index: usize) -> Pos {
        self.rows.pos(index)
    }
}

/// The common interface, over the inherent methods (the grid is not needed: the search has its
/// own copy of the walls).
impl Search for Bfs {
    fn solver(&self) -> Solver {
        Solver::Bfs
    }

    fn step(&mut self, _grid: &Grid) -> SolveEvent {
        Bfs::step(self)
    }

    /// Refused its memory, the search stops there: see [`Search::failure`].
    fn run(&mut self, _grid: &Grid) -> bool {
        self.try_run().unwrap_or(false)
    }

    fn is_done(&self) -> bool {
        Bfs::is_done(self)
    }

    fn visited(&self) -> u64 {
        Bfs::visited(self)
    }

    fn solution(&self) -> Option<Solution> {
        Bfs::solution(self)
    }

    fn cell_state(&self, pos: Pos) -> SearchState {
        let cell = self.cells[self.index(pos)];
        if cell & EXPANDED != 0 {
            SearchState::Visited
        } else if cell & REACHED != 0 {
            SearchState::Frontier
        } else {
            SearchState::Unseen
        }
    }

    fn frontier_len(&self) -> usize {
        self.queue.len
    }

    fn failure(&self) -> Option<SizeError> {
        let refused = self.progress.out_of_memory;
        refused.then(|| super::refused(self.rows, "the search"))
    }

    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        Bfs::try_solution(self)
    }
}

/// One step of the search: expands the oldest cell of the frontier and returns it, or returns
/// `None` once the search is over.
#[inline(always)]
fn expand(
    cells: &mut [u8],
    queue: &mut Frontier,
    progress: &mut Progress,
    w: usize,
    to: Option<usize>,
) -> Option<usize> {
    if progress.done || progress.found {
        progress.done = true;
        return None;
    }
    // Room for the four pushes a step can make, the cell it pops already gone.
    if !queue.reserve_for_step() {
        progress.out_of_memory = true;
        progress.done = true;
        return None;
    }
    let Some(i) = queue.pop_front() else {
        progress.done = true;
        return None;
    };
    let i = i as usize;
    cells[i] |= EXPANDED;
    // Border walls need no bounds checks: the last column's east wall and the last row's south
    // wall are always closed, and so are the walls of row -1 and column -1, which `i >= w` and
    // `i >= 1` stand for.
    let neighbours = [
        (
            i >= w && cells[i - w] & SOUTH_CLOSED == 0,
            i.wrapping_sub(w),
        ),
        (cells[i] & EAST_CLOSED == 0, i + 1),
        (cells[i] & SOUTH_CLOSED == 0, i + w),
        (i >= 1 && cells[i - 1] & EAST_CLOSED == 0, i.wrapping_sub(1)),
    ];
    // Branch-free, as whether a wall is open is a coin toss to the branch predictor: a closed
    // side works on the expanded cell itself, which is reached, so nothing is marked or kept.
    for (dir, (open, next)) in neighbours.into_iter().enumerate() {
        let next = if open { next } else { i };
        let take = open & (cells[next] & REACHED == 0);
        // The way back is the opposite direction: `d ^ 2` in N, E, S, W order.
        cells[next] |= u8::from(take) * (REACHED | (dir as u8 ^ 2) << BACK_SHIFT);
        queue.push_if(next as u32, take);
        progress.visited += u64::from(take);
        progress.found |= take & (Some(next) == to);
    }
    Some(i)
}

/// The BFS queue: a ring buffer whose pushes are branch-free (see [`Frontier::push_if`]).
#[derive(Clone, Debug, Default)]
struct Frontier {
    /// Power-of-two capacity, so positions wrap with a mask.
    buf: Vec<u32>,
    head: usize,
    len: usize,
}

impl Frontier {
    fn starting_at(cell: u32) -> Frontier {
        let mut buf = vec![0; 64];
        buf[0] = cell;
        Frontier {
            buf,
            head: 0,
            len: 1,
        }
    }

    #[inline(always)]
    fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let cell = self.buf[self.head];
        self.head = (self.head + 1) & (self.buf.len() - 1);
        self.len -= 1;
        Some(cell)
    }

    /// Makes room for the four pushes of the step that pops the front cell; `false` when the
    /// allocator refuses it.
    #[inline(always)]
    fn reserve_for_step(&mut self) -> bool {
        self.len + 3 <= self.buf.len() || self.grow()
    }

    #[cold]
    fn grow(&mut self) -> bool {
        let mut buf = Vec::new();
        if buf.try_reserve_exact(self.buf.len() * 2).is_err() {
            return false;
        }
        buf.extend(self.iter());
        buf.resize(self.buf.len() * 2, 0);
        (self.buf, self.head) = (buf, 0);
        true
    }

    /// Writes `cell` at the back either way, but only keeps it when `keep`.
    #[inline(always)]
    fn push_if(&mut self, cell: u32, keep: bool) {
        let mask = self.buf.len() - 1;
        self.buf[(self.head + self.len) & mask] = cell;
        self.len += usize::from(keep);
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let mask = self.buf.len() - 1;
        (0..self.len).map(move |k| self.buf[(self.head + k) & mask])
    }
}
