//! The one interface every generation algorithm implements.

use std::fmt;

use super::{CellState, GenEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{
    COURTYARD, Courtyard, EAST_CLOSED, Grid, LOCKED, MARKS, RowMajor, SOUTH_CLOSED, Stamp,
};
use crate::rng::MazeRng;

/// A generation algorithm as a step machine over a grid.
///
/// It is built on a fully closed grid (the 42 locked, the courtyard hollowed) from a start
/// cell, and then opens walls one [`step`](Carve::step) at a time until it returns
/// [`GenEvent::Done`]. It works on the grid's cell bytes ([`Grid::raw_mut`]), which the
/// generator hands to every step. The rules every algorithm keeps:
///
/// - locked (42) cells are never carved into or out of;
/// - courtyard cells are part of the maze from the start, with the start among them; walls
///   between them and other cells may be opened ("doors"), walls inside it are never touched;
/// - the result is a spanning tree of the cells it reached: no loops, so no 3x3 open area (or,
///   for [`Carve::may_leave_islands`], a forest the generator's linking pass then joins);
/// - no recursion and no per-step allocation that grows with the maze beyond O(cells).
pub(crate) trait Carve: fmt::Debug + Send + CarveClone {
    /// One unit of work on the grid's cell bytes, reported as one event; `Done` once finished,
    /// and again on every later call.
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent;

    /// Steps until done: the one loop every algorithm shares, compiled for each with its
    /// `step` inlined, so the discarded events cost nothing. An algorithm overrides it only
    /// with a measurably faster loop over the same moves (its hot state copied into locals,
    /// which stay in registers where fields behind `&mut self` cannot); its
    /// `stepping_matches_running` test keeps the two the same.
    #[inline]
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        while self.step(cells, rng) != GenEvent::Done {}
    }

    /// Takes up to `budget` steps and returns how many it took, fewer only when done: the
    /// same `step`, compiled for each algorithm with it inlined, so that a replay or a frame of
    /// animation pays no dynamic call a step.
    #[inline]
    fn run_steps(&mut self, cells: &mut [u8], rng: &mut MazeRng, budget: u64) -> u64 {
        for taken in 0..budget {
            if self.step(cells, rng) == GenEvent::Done {
                return taken;
            }
        }
        budget
    }

    /// The bytes its own state holds on the heap (the grid not counted), as a clone would
    /// allocate them: what a replay checkpoint of it costs.
    fn heap_bytes(&self) -> usize;

    /// A copy for a replay checkpoint, from which [`CarveCheckpoint::restore`] makes a carver
    /// that goes on exactly as this one would. An algorithm whose state is mostly derivable
    /// from the grid leaves that out (see [`CarveCheckpoint`]); the default is a whole clone.
    fn checkpoint(&self) -> Box<dyn CarveCheckpoint> {
        Box::new(WholeCarver(self.boxed_clone()))
    }

    /// The cell being worked on, if the algorithm has one (it is drawn as the carving head).
    fn head(&self) -> Option<Pos> {
        None
    }

    /// Cells that have joined the maze so far, the start and the courtyard included; monotone,
    /// and equal to the open (non-42) cell count when carving is done, unless islands are left
    /// for the linking pass.
    fn visited(&self) -> u64;

    /// How a cell looks while carving: not reached, in the algorithm's working set (stack,
    /// frontier, current walk or chamber), or settled for good. A carver that keeps its marks
    /// in the grid's bytes answers [`Carve::cell_state_in`] instead.
    fn cell_state(&self, _pos: Pos) -> CellState {
        CellState::Unvisited
    }

    /// [`Carve::cell_state`], for a carver that keeps its marks in the spare bits of the grid's
    /// bytes `cells` (see [`MARKS`]); the default asks `cell_state`.
    fn cell_state_in(&self, cells: &[u8], pos: Pos) -> CellState {
        let _ = cells;
        self.cell_state(pos)
    }

    /// [`Carve::checkpoint`], for a carver that keeps state in the spare bits of the grid's
    /// bytes `cells`, which the checkpoint's walls leave out; the default asks `checkpoint`.
    fn checkpoint_in(&self, cells: &[u8]) -> Box<dyn CarveCheckpoint> {
        let _ = cells;
        self.checkpoint()
    }

    /// Roughly how many steps the whole run takes for `open_cells` cells, to pace the
    /// dashboard's animation; it need not be exact.
    fn estimated_steps(&self, open_cells: u64) -> u64;

    /// Roughly how long a step takes, in nanoseconds on the project's 2-core machine (measured
    /// at 2000x2000): the replay timeline spaces its checkpoints by it, so that every gap
    /// between two takes about as long to replay, whatever the algorithm and the phase.
    fn step_cost(&self) -> u64 {
        30
    }

    /// Whether the carved cells may form several trees (cut apart by the 42 or the courtyard,
    /// for the row-by-row algorithms), which a linking pass then joins into one.
    fn may_leave_islands(&self) -> bool {
        false
    }

    /// Whether the allocator refused its working set room to grow: the carving stopped there,
    /// unfinished (its `step` returns `Done`), and the generator reports the error.
    fn out_of_memory(&self) -> bool {
        false
    }

    /// Asks the carver to keep, when it finishes, the path from `from` to `to` (two cells
    /// inside the grid of a perfect maze) if it can find it at no search's cost; see
    /// [`Carve::take_path`]. Each says where it can: the carvers that link each cell to its
    /// parent, and recursive division, only from the cell they started from, with no
    /// courtyard.
    fn aim(&mut self, _from: Pos, _to: Pos) {}

    /// The path kept for [`Carve::aim`], once done: `None` if the carver keeps none, `to` was
    /// not reached, or the allocator refused the path its memory.
    fn take_path(&mut self) -> Option<Vec<Dir>> {
        None
    }
}

/// A carver as a replay checkpoint keeps it: its state less what can be rebuilt from the grid
/// it had then (which the checkpoint keeps beside it), and less state that never changes after
/// the start, shared with the live carver instead of copied.
pub(crate) trait CarveCheckpoint: fmt::Debug + Send {
    /// The bytes this checkpoint alone holds on the heap.
    fn heap_bytes(&self) -> usize;

    /// State shared with the carver it was taken from and every other checkpoint of it: its
    /// address (the same for all of them, and held alive by each) and its bytes.
    fn shared(&self) -> Option<Shared> {
        None
    }

    /// The carver the checkpoint was taken from, on `grid`, the grid it had then.
    fn restore(&self, grid: &Grid) -> Box<dyn Carve>;

    /// Puts back the marks the carver kept in the spare bits of the grid's bytes (see
    /// [`MARKS`]), which the checkpoint's walls leave out; called on the unpacked `grid` before
    /// [`restore`]. Nothing by default.
    ///
    /// [`restore`]: CarveCheckpoint::restore
    fn restore_marks(&self, grid: &mut Grid) {
        let _ = grid;
    }
}

/// Bytes several checkpoints share (see [`CarveCheckpoint::shared`]), to be counted once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shared {
    pub address: usize,
    pub bytes: usize,
}

/// The default checkpoint: the whole carver.
#[derive(Debug)]
struct WholeCarver(Box<dyn Carve>);

impl CarveCheckpoint for WholeCarver {
    fn heap_bytes(&self) -> usize {
        self.0.heap_bytes()
    }

    fn restore(&self, _grid: &Grid) -> Box<dyn Carve> {
        self.0.clone()
    }
}

/// A copy of a boxed carver, so a whole [`super::Generator`] can be cloned: the replay
/// timeline keeps generators as checkpoints. Every carver gets it from its `Clone`.
pub(crate) trait CarveClone {
    fn boxed_clone(&self) -> Box<dyn Carve>;
}

impl<T: Carve + Clone + 'static> CarveClone for T {
    fn boxed_clone(&self) -> Box<dyn Carve> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Carve> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// Sets `flag` (a bit of [`MARKS`]) on every cell outside the 42 that a carving of `grid` from
/// `start` has not reached: those with no open wall, but for the cells in the maze before the
/// first step (see [`first_cells`]). The "not in the maze yet" mark of an algorithm that keeps
/// it in the grid, as it starts and as a checkpoint's restore rebuilds it.
///
/// Row by row in two passes, each of which the compiler vectorises: the marks from the row's
/// bytes (each with its west neighbour's) and the row above's, then or-ed in. One pass in
/// place would read each byte's west neighbour just after writing it, which keeps it a
/// byte at a time.
pub(super) fn mark_unreached(grid: &mut Grid, start: Pos, flag: u8) {
    let w = grid.width() as usize;
    let cells = grid.raw_mut();
    // Above the first row and west of the first column: the border, closed.
    let border = vec![SOUTH_CLOSED; w];
    let mut marks = vec![0u8; w];
    for y in 0..cells.len() / w {
        let (done, rest) = cells.split_at_mut(y * w);
        let row = &mut rest[..w];
        let above = if y == 0 {
            &border[..]
        } else {
            &done[(y - 1) * w..]
        };
        marks[0] = unreached_mark(row[0], EAST_CLOSED, above[0], flag);
        for ((mark, pair), &up) in marks[1..].iter_mut().zip(row.windows(2)).zip(&above[1..]) {
            *mark = unreached_mark(pair[1], pair[0], up, flag);
        }
        for (byte, &mark) in row.iter_mut().zip(&marks) {
            *byte |= mark;
        }
    }
    let first: Vec<usize> = first_cells(grid, start).collect();
    for i in first {
        grid.raw_mut()[i] &= !flag;
    }
}

/// [`mark_unreached`]'s `flag` for a cell of byte `own`, whose west neighbour's byte is
/// `west` and north neighbour's `up`, or 0: set when the cell is outside the 42 and no wall
/// of its four is open.
#[inline(always)]
fn unreached_mark(own: u8, west: u8, up: u8, flag: u8) -> u8 {
    const WALLS: u8 = EAST_CLOSED | SOUTH_CLOSED;
    let reached = (own & WALLS != WALLS) | (west & EAST_CLOSED == 0) | (up & SOUTH_CLOSED == 0);
    flag * u8::from(own & LOCKED == 0 && !reached)
}

/// The bytes a clone of `items` allocates.
pub(crate) fn slice_bytes<T>(items: &[T]) -> usize {
    std::mem::size_of_val(items)
}

/// The indices of the set bits of `words`, 64 a word, in order: the cells of a set kept a bit
/// a cell in a replay checkpoint.
pub(super) fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(word, &bits)| {
        std::iter::successors((bits != 0).then_some(bits), |&b| {
            let rest = b & (b - 1);
            (rest != 0).then_some(rest)
        })
        .map(move |b| word * 64 + b.trailing_zeros() as usize)
    })
}

// Cell arithmetic shared by the algorithms that move from cell to cell by row-major index (see
// `grid::RowMajor`). A direction is a `Dir as u8` (north 0, east 1, south 2, west 3); the
// opposite of `d` is `d ^ 2`.

/// For each 4-bit mask, its set bits in increasing order (unused entries 0).
const SET_BITS: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut bit, mut n) = (0, 0);
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                table[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// A uniformly random direction among the set bits of `mask`, which must not be 0: the
/// `k`-th set bit for `k` = [`MazeRng::below`] of their number, and the same draws.
///
/// The draw is taken before the mask is looked at, and turned at once into the choice for
/// every mask ([`choices`]): a carver's mask is the end of its step's chain of memory reads,
/// and the choice then waits on it for one shift, not for counting its bits, a multiplication
/// and a table.
#[inline(always)]
pub(super) fn random_dir(rng: &mut MazeRng, mask: u8) -> u8 {
    debug_assert!(mask != 0 && mask < 16);
    let draw = rng.next_u32();
    if draw == 0 {
        // The one draw `below` may reject for a bound of at most 4 (a bound of 3, the others
        // never reject), once in 2^32 draws: `below` itself goes on.
        let k = rng.below_from(draw, mask.count_ones());
        return SET_BITS[mask as usize & 15][k as usize];
    }
    (choices(draw) >> (2 * (mask & 15))) as u8 & 3
}

/// For a draw other than 0, the direction [`random_dir`] picks for each mask, two bits a mask
/// (mask `m` in bits `2m` and `2m + 1`): for `c` set bits, the `k`-th one where `k` is the
/// high half of `draw * c`, which is what `below(c)` gives when it does not reject.
#[inline(always)]
fn choices(draw: u32) -> u32 {
    let of = |set: u32| ((u64::from(draw) * u64::from(set)) >> 32) as usize;
    CHOICES[0][0] | CHOICES[1][of(2)] | CHOICES[2][of(3)] | CHOICES[3][of(4)]
}

/// `CHOICES[c - 1][k]`: the `k`-th set bit of every mask with `c` set bits, two bits a mask
/// as [`choices`] packs them, and 0 for the other masks.
const CHOICES: [[u32; 4]; 4] = {
    let mut table = [[0u32; 4]; 4];
    let mut mask = 1;
    while mask < 16 {
        let set = (mask as u32).count_ones() as usize;
        let mut k = 0;
        while k < set {
            table[set - 1][k] |= (SET_BITS[mask][k] as u32) << (2 * mask);
            k += 1;
        }
        mask += 1;
    }
    table
};

/// Random directions for a walk, two bits at a time from one 64-bit draw per 32 moves.
///
/// A walk's next move then does not wait on the current cell's moves: the drawn direction is
/// taken when it is free (almost always, inside the maze), so the branch predicts well and the
/// walk runs ahead of its memory reads.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct DirBits {
    bits: u64,
    left: u32,
}

impl DirBits {
    /// A uniformly random direction among the set bits of `mask`, which must not be 0. The two
    /// drawn bits are kept when free; otherwise a fresh uniform choice among the free
    /// directions is made. With `k` free directions each comes out with probability
    /// `1/4 + (4 - k)/4 * 1/k = 1/k`.
    #[inline(always)]
    pub(super) fn pick(&mut self, rng: &mut MazeRng, mask: u8) -> u8 {
        let dir = self.draw(rng);
        if mask & (1 << dir) != 0 {
            dir
        } else {
            random_dir(rng, mask)
        }
    }

    /// The two bits [`DirBits::pick`] draws: `pick(rng, mask)` is this direction if bit `d` of
    /// `mask` is set, else `random_dir(rng, mask)`. For a walk that can tell cheaply whether the
    /// drawn move is free (from the neighbour it reads anyway) and would pay to list them all.
    #[inline(always)]
    pub(super) fn draw(&mut self, rng: &mut MazeRng) -> u8 {
        if self.left == 0 {
            self.bits = rng.next_u64();
            self.left = 32;
        }
        let dir = (self.bits & 3) as u8;
        self.bits >>= 2;
        self.left -= 1;
        dir
    }
}

/// The cells in the maze before the first step, as grid indices: the start, then the rest of
/// the courtyard if there is one (the start is one of its cells then).
pub(super) fn first_cells(grid: &Grid, start: Pos) -> impl Iterator<Item = usize> + '_ {
    let yard = grid.courtyard().into_iter().flat_map(|c| c.cells());
    std::iter::once(start)
        .chain(yard.filter(move |&c| c != start))
        .map(|p| grid.index(p))
}

// Marks in the grid's bytes. A carver may keep up to four bits a cell of its own in the high
// nibble of the grid's bytes ([`MARKS`]) instead of a scratch array beside it: no memory of
// its own, and a cell's walls and marks in one load. It clears them before it says `Done`, so
// that what comes after (linking, braiding, the writers, `Grid`'s equality) sees only walls
// and landmarks; until then the grid's readers mask what they read, as they always did.

/// Index arithmetic for a grid's size, for the walks that keep their marks in its bytes
/// (hunt-and-kill, Wilson).
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub rows: RowMajor,
    /// The index change of a move in each direction (see [`RowMajor::offsets`]).
    pub offsets: [isize; 4],
    /// The number of cells.
    pub len: usize,
}

impl Layout {
    pub fn new(rows: RowMajor) -> Layout {
        Layout {
            rows,
            offsets: rows.offsets(),
            len: rows.width() * rows.height(),
        }
    }

    /// The directions (a bit each, `Dir as u8`) in which `cell`, in column `x`, has a
    /// neighbour inside the grid.
    #[inline(always)]
    pub fn inside(&self, cell: usize, x: usize) -> u8 {
        self.rows.neighbour_mask_in_column(cell, x, |_| true)
    }
}

/// The column change of a move in each direction (`Dir as u8`): for the carvers that follow
/// their head's column as it moves.
pub(super) const COLUMN_STEP: [isize; 4] = [0, 1, 0, -1];

/// The directions (a bit each, `Dir as u8`) in which `cell`, in column `x` of a grid `w`
/// cells wide, has a neighbour whose byte has none of the bits of `blocked`: the head's free
/// ways, for the depth-first carvers (the backtracker, the newest-first growing tree).
///
/// Past the first and last rows `get` finds nothing, a test the bounds check makes anyway;
/// only the first and last columns are tested, as their west and east neighbours are the
/// cells at the other end of a row. (Fewer tests on the step's chain than
/// [`RowMajor::neighbour_mask_in_column`], which asks about the rows first.)
#[inline(always)]
pub(super) fn free_around(cells: &[u8], cell: usize, x: usize, w: usize, blocked: u8) -> u8 {
    let free_at = |at: usize| cells.get(at).is_some_and(|&b| b & blocked == 0);
    u8::from(free_at(cell.wrapping_sub(w)))
        | u8::from(x + 1 < w && free_at(cell + 1)) << 1
        | u8::from(free_at(cell + w)) << 2
        | u8::from(x > 0 && free_at(cell.wrapping_sub(1))) << 3
}

/// Clears the carvers' marks from a grid's bytes.
pub(super) fn clear_marks(cells: &mut [u8]) {
    for byte in cells {
        *byte &= !MARKS;
    }
}

/// Where a carver that links each cell back to its parent keeps the link: the top two bits of
/// the cell's byte (see [`path_by_links`]).
pub(super) const LINK_SHIFT: u32 = 6;

/// The path from `root` to cell `to` of a tree carved from `root` in which every other cell
/// reached keeps, in the top two bits of its byte, the direction (`Dir as u8`) back to the
/// cell it was carved from (the backtracker's and the newest-first growing tree's links);
/// `None` if `to` is not on such a chain (the caller has checked it was reached) or the
/// allocator refuses the path its room.
///
/// One walk up the links, from `to` back to `root`, into room for the longest path there can
/// be, `longest` steps (the cells reached): the room never written is never touched, so it
/// takes address space but no memory, and is given back once the steps are turned round. Each
/// step of the walk waits on the cell it reads, often far from the last in a big maze, so a
/// second walk to count the steps first would cost as much again.
pub(super) fn path_by_links(
    rows: RowMajor,
    cells: &[u8],
    (root, to): (usize, usize),
    longest: usize,
) -> Option<Vec<Dir>> {
    let offsets = rows.offsets();
    let mut path = Vec::new();
    path.try_reserve_exact(longest).ok()?;
    let mut i = to;
    while i != root && path.len() < longest {
        let link = cells[i] >> LINK_SHIFT;
        // The link points back to the parent; the step goes from the parent to the child.
        path.push(Dir::from_index(link ^ 2));
        i = i.wrapping_add_signed(offsets[usize::from(link)]);
    }
    if i != root {
        return None;
    }
    path.reverse();
    path.shrink_to_fit();
    Some(path)
}

/// Sets `flag` in the grid's bytes `cells` on the cells a carving from `start` has reached:
/// those with an open wall, the courtyard's and the start, in place.
pub(super) fn mark_reached_in(rows: RowMajor, cells: &mut [u8], start: usize, flag: u8) {
    let w = rows.width();
    let open = |own: u8| u8::from(own & (EAST_CLOSED | SOUTH_CLOSED) != 3 || own & COURTYARD != 0);
    for y in 0..rows.height() {
        let row = rows.row(y);
        for i in row.clone() {
            let own = cells[i];
            let west = i > row.start && cells[i - 1] & EAST_CLOSED == 0;
            let north = y > 0 && cells[i - w] & SOUTH_CLOSED == 0;
            cells[i] = own | (flag * (open(own) | u8::from(west) | u8::from(north)));
        }
    }
    cells[start] |= flag;
}

/// Sets `flag` in the grid's bytes `cells` on the cells of the border, the first and last rows
/// and columns: those whose moves need the edge's test (the others have all four neighbours).
pub(super) fn mark_border(rows: RowMajor, cells: &mut [u8], flag: u8) {
    let (w, h) = (rows.width(), rows.height());
    for y in [0, h - 1] {
        for i in rows.row(y) {
            cells[i] |= flag;
        }
    }
    for y in 0..h {
        cells[y * w] |= flag;
        cells[y * w + w - 1] |= flag;
    }
}

/// Sets `flag` in the grid's bytes `cells` on the cells whose moves (see [`moves_of`]) are
/// not all four directions: those of the border and those next to (or in) the 42.
pub(super) fn mark_irregular(rows: RowMajor, cells: &mut [u8], flag: u8) {
    mark_border(rows, cells, flag);
    for i in 0..cells.len() {
        if cells[i] & LOCKED != 0 {
            cells[i] |= flag;
            for dir in crate::geometry::Dir::ALL {
                if let Some(next) = rows.neighbour(i, dir) {
                    cells[next] |= flag;
                }
            }
        }
    }
}

/// The moves of the cell at `index`, not in the 42, from the grid's bytes `cells`: bit `d`
/// (`Dir as u8`) is set when the neighbour in direction `d` is inside the grid and outside the
/// 42.
#[inline]
pub(super) fn moves_of(rows: RowMajor, cells: &[u8], index: usize) -> u8 {
    rows.neighbour_mask(index, |next| cells[next] & LOCKED == 0)
}

/// The high nibbles of the grid's bytes, two cells a byte: a replay checkpoint's copy of the
/// marks a carver keeps in the grid.
#[derive(Clone, Debug, Default)]
pub(super) struct PackedMarks(Vec<u8>);

impl PackedMarks {
    pub fn of(cells: &[u8]) -> PackedMarks {
        PackedMarks(
            cells
                .chunks(2)
                .map(|two| two[0] >> 4 | two.get(1).map_or(0, |b| b & MARKS))
                .collect(),
        )
    }

    /// Sets the marks back into `cells`, whose marks are clear.
    pub fn restore(&self, cells: &mut [u8]) {
        for (two, &byte) in cells.chunks_mut(2).zip(&self.0) {
            two[0] |= byte << 4;
            if let Some(second) = two.get_mut(1) {
                *second |= byte & MARKS;
            }
        }
    }

    pub fn heap_bytes(&self) -> usize {
        self.0.len()
    }
}

/// Whether a cell (by its grid byte) is in the 42 or the courtyard: the obstacles the row-by-row
/// algorithms and recursive division do not route around (the linking pass joins whatever they
/// cut off).
#[inline(always)]
pub(super) fn is_obstacle(byte: u8) -> bool {
    byte & (LOCKED | COURTYARD) != 0
}

/// How the 42 and the courtyard look while carving: never carved, and in the maze from the
/// start. `None` for every other cell.
pub(super) fn landmark_state(
    stamp: Option<Stamp>,
    yard: Option<Courtyard>,
    pos: Pos,
) -> Option<CellState> {
    if stamp.is_some_and(|s| s.contains(pos)) {
        Some(CellState::Unvisited)
    } else if yard.is_some_and(|c| c.contains(pos)) {
        Some(CellState::Finished)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_dir_picks_each_set_bit_and_only_those() {
        let mut rng = MazeRng::from_seed(5);
        for mask in 1..16u8 {
            let mut seen = 0u8;
            for _ in 0..200 {
                let d = random_dir(&mut rng, mask);
                assert!(mask & (1 << d) != 0, "mask {mask:04b} gave {d}");
                seen |= 1 << d;
            }
            assert_eq!(seen, mask);
        }
    }

    /// The choice made from the packed table is the `k`-th set bit for `k = below(count)`,
    /// over draws at each edge of `below`'s ranges and draws of a stream, and takes the draws
    /// `below` takes.
    #[test]
    fn random_dir_is_the_kth_set_bit_for_below_of_their_number() {
        let edges = [
            1,
            2,
            u32::MAX,
            1 << 31,
            (1 << 31) - 1,
            1 << 30,
            (1 << 30) - 1,
        ];
        let thirds = [0x5555_5555, 0x5555_5556, 0xAAAA_AAAA, 0xAAAA_AAAB];
        let mut stream = MazeRng::from_seed(11);
        let draws = edges
            .into_iter()
            .chain(thirds)
            .chain(std::iter::repeat_with(|| stream.next_u32()).take(5000));
        for draw in draws {
            for mask in 1..16u8 {
                let set = mask.count_ones();
                let k = ((u64::from(draw) * u64::from(set)) >> 32) as usize;
                let packed = (choices(draw) >> (2 * mask)) as u8 & 3;
                assert_eq!(packed, SET_BITS[mask as usize][k], "{draw:#x} {mask:04b}");
            }
        }
        let (mut rng, mut plain) = (MazeRng::from_seed(12), MazeRng::from_seed(12));
        for step in 0..20_000u32 {
            let mask = (step % 15 + 1) as u8;
            let k = plain.below(mask.count_ones()) as usize;
            assert_eq!(random_dir(&mut rng, mask), SET_BITS[mask as usize][k]);
        }
        assert_eq!(rng.next_u32(), plain.next_u32(), "the same draws taken");
    }

    /// A first draw of 0 is the one `below(3)` rejects: `random_dir` then goes on as `below`.
    #[test]
    fn a_rejected_first_draw_draws_again_as_below_does() {
        for bound in 1..=4 {
            let (mut after, mut plain) = (MazeRng::from_seed(4), MazeRng::from_seed(4));
            let again = after.below_from(0, bound);
            let expected = if bound == 3 { plain.below(3) } else { 0 };
            assert_eq!(again, expected, "bound {bound}");
            if bound != 3 {
                assert_eq!(after.next_u32(), plain.next_u32(), "no draw taken");
            }
        }
    }

    #[test]
    fn dir_bits_pick_uniformly_among_the_free_directions() {
        let mut rng = MazeRng::from_seed(8);
        let mut bits = DirBits::default();
        for mask in [0b1111u8, 0b0110, 0b1011, 0b0100] {
            let mut counts = [0u32; 4];
            for _ in 0..40_000 {
                counts[bits.pick(&mut rng, mask) as usize] += 1;
            }
            let free = mask.count_ones();
            for (dir, &count) in counts.iter().enumerate() {
                if mask & (1 << dir) == 0 {
                    assert_eq!(count, 0, "mask {mask:04b}");
                } else {
                    let expected = 40_000 / free;
                    assert!(
                        count.abs_diff(expected) < expected / 20,
                        "mask {mask:04b}: {counts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn moves_stop_at_the_border_and_the_42() {
        let grid = Grid::new(9, 7).unwrap();
        let moves = |p: Pos| moves_of(grid.rows(), grid.raw(), grid.index(p));
        assert_eq!(moves(Pos::new(0, 0)), 0b0110);
        assert_eq!(moves(Pos::new(8, 6)), 0b1001);
        for p in grid.positions().filter(|&p| !grid.is_locked(p)) {
            let m = moves(p);
            for d in crate::geometry::Dir::ALL {
                let ok =
                    grid.neighbour(p, d).is_some_and(|n| !grid.is_locked(n)) && !grid.is_locked(p);
                assert_eq!(m & d.bit() != 0, ok, "{p} {d:?}");
            }
        }
    }

    #[test]
    fn the_unreached_are_the_free_cells_with_no_open_wall_but_the_first() {
        for (w, h, seed, courtyard) in [(9, 7, 1, false), (25, 20, 2, true), (31, 17, 3, false)] {
            let options = crate::generate::MazeOptions::new(w, h)
                .seed(seed)
                .algorithm(crate::generate::Algorithm::HuntAndKill)
                .courtyard(courtyard);
            let mut generator = crate::generate::Generator::build(options).unwrap();
            // Part carved: some cells reached, some not.
            for _ in 0..w * h / 2 {
                generator.step();
            }
            let mut grid = generator.grid().clone();
            for byte in grid.raw_mut() {
                *byte &= !MARKS;
            }
            let start = Pos::new(w / 2, 0);
            let flag = 1 << 6;
            mark_unreached(&mut grid, start, flag);
            let first: Vec<usize> = first_cells(&grid, start).collect();
            for p in grid.positions() {
                let i = grid.index(p);
                let open = Dir::ALL.into_iter().any(|d| grid.is_open(p, d));
                let expected = !grid.is_locked(p) && !open && !first.contains(&i);
                assert_eq!(grid.raw()[i] & flag != 0, expected, "{w}x{h} {p}");
                assert_eq!(grid.raw()[i] & !flag, generator.grid().raw()[i] & !MARKS);
            }
        }
    }
}
