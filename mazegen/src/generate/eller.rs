//! Eller's algorithm: the maze is made one row at a time, remembering only which cells of the
//! current row are already connected (their set), so it needs memory for one row, not one
//! maze.
//!
//! Each row is worked in two passes. Across: neighbours in different sets are joined at random
//! (always, on the last row), opening the wall between them. Down: each set opens at least one
//! south wall, at a cell chosen at random, and others at random; the cells below join those
//! sets and the rest of the next row start sets of their own. Joining only different sets
//! never makes a loop, and carrying every set down leaves none behind, so the last row's joins
//! connect the whole maze.
//!
//! The 42 and the courtyard are obstacles, never carved into or out of: a set whose cells all
//! sit above one cannot be carried down and is left as an island, which the generator's
//! linking pass joins to the rest.
//!
//! A set is kept as a circular list of its cells in the row, in column order, linked both
//! ways: no labels to hand out, no union-find to reset. Sets never cross (two sets joined
//! above the row cannot interleave along it: their paths would cross), so a cell's
//! successor in its list is the next cell of its set to the east, and neighbours `x` and
//! `x + 1` are in one set exactly when `x + 1` follows `x`. Joining two sets at neighbours is
//! a splice of the two lists, and a cell not carried down leaves its list.
//!
//! A pass over a row is planned whole, into a mask a cell for its byte: [`Carve::run`] applies
//! each plan at once, [`Carve::step`] a cell a step, so both make the same walls from the
//! same draws in the same order. No choice in a plan is a branch: whether a pair of neighbours
//! draws hangs on earlier joins, whether a cell draws on the way down on which cell its set
//! must open, and what comes of a draw on the draw, random all, which a branch would
//! mispredict about every other time. The draws are taken ahead ([`Ahead`]) and taken or not
//! by an index's step; the lists are spliced by stores that put back what is there when
//! nothing changes.

use std::sync::mpsc;
use std::thread;

use super::carve::slice_bytes;
use super::carve::{Carve, is_obstacle, landmark_state};
use super::row_path::RowPath;
use super::{CellState, GenEvent};
use crate::bytes::{OutOfMemory, try_filled};
use crate::cores::two_cores;
use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, Courtyard, EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED, Stamp};
use crate::rng::{Ahead, MazeRng};

/// [`MazeRng::chance`] numerator of one half: how often neighbours in different sets are
/// joined, and how often a cell opens south beyond the one its set must.
const HALF: u64 = 1 << 31;

/// A plan's mask for a cell whose wall stays closed.
const KEEP: u8 = u8::MAX;

/// The grid size from which [`Carve::run`] finds the path asked for on a thread of its own,
/// beside the carving: below it the rows take less time than starting a thread (tens of
/// microseconds), and are filled in between them.
const TRACE_APART_FROM_CELLS: usize = 1 << 17;

/// About how many bytes of rows the carving hands that thread at a time.
const BATCH_BYTES: usize = 64 << 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    Across,
    Down,
}

#[derive(Clone, Debug)]
pub struct Eller {
    rows: RowMajor,
    stamp: Option<Stamp>,
    yard: Option<Courtyard>,
    /// The row being worked, and the pass over it.
    row: usize,
    pass: Pass,
    /// The column the next step works on; `width` at the end of a pass. At 0 the pass is not
    /// planned yet.
    x: usize,
    done: bool,
    /// The sets of the row: each cell's neighbours in its set's circular list, west (the
    /// previous column of the set, or its last at its first) and east. An obstacle, and a cell
    /// not carved into from above, is a set of its own.
    west: Vec<u32>,
    east: Vec<u32>,
    /// For the down pass: each cell's set by its first column; and per first column, the
    /// set's cells that can open south seen so far and the one that must, chosen among them
    /// by reservoir sampling (with a spare slot at the end, see [`Eller::choose_musts`]).
    first: Vec<u32>,
    seen: Vec<u32>,
    must: Vec<u32>,
    /// The pass's plan: per column, the mask its cell's byte is and-ed with (`KEEP`, or one
    /// wall cleared: east across, south down).
    plan: Vec<u8>,
    /// The memory for the draws an [`Ahead`] holds.
    draws: Vec<u32>,
    /// The start's index: it is counted as visited from the beginning.
    start: usize,
    visited: u64,
    islands_possible: bool,
    /// The two cells whose path [`Carve::run`] is to find (see [`Carve::aim`]).
    aim: Option<(Pos, Pos)>,
    /// That path, once found.
    path: Option<Vec<Dir>>,
}

impl Eller {
    /// Starts on the first row, or [`OutOfMemory`] when the allocator refuses its rows (a
    /// few bytes a column: megabytes for the widest mazes).
    pub fn new(grid: &Grid, start: Pos) -> Result<Eller, OutOfMemory> {
        let width = grid.width() as usize;
        let yard = grid.courtyard().map_or(0, |c| c.cells().count() as u64);
        let alone = || -> Result<Vec<u32>, OutOfMemory> {
            let mut cells = try_filled(width, 0)?;
            for (x, cell) in cells.iter_mut().enumerate() {
                *cell = x as u32;
            }
            Ok(cells)
        };
        Ok(Eller {
            rows: grid.rows(),
            stamp: grid.stamp(),
            yard: grid.courtyard(),
            row: 0,
            pass: Pass::Across,
            x: 0,
            done: false,
            west: alone()?,
            east: alone()?,
            first: try_filled(width, 0)?,
            seen: try_filled(width, 0)?,
            must: try_filled(width + 1, 0)?,
            plan: try_filled(width, KEEP)?,
            draws: {
                let mut draws = try_filled(width + 1, 0)?;
                draws.clear();
                draws
            },
            start: grid.index(start),
            visited: yard.max(1),
            islands_possible: grid.stamp().is_some() || grid.courtyard().is_some(),
            aim: None,
            path: None,
        })
    }

    /// Plans the pass `self.pass` over `self.row`, whose bytes are `row` (and the next row's
    /// `next`, on the way down), into `self.plan`, drawing from `ahead`.
    fn plan_pass(&mut self, row: &[u8], next: &[u8], ahead: &mut Ahead) {
        match self.pass {
            Pass::Across => {
                let last = self.row + 1 == self.rows.height();
                // One draw a pair at most, and one read (not taken) after the last.
                ahead.ensure(row.len());
                let taken = if clear(row) {
                    self.plan_across::<true>(row, last, ahead.window())
                } else {
                    self.plan_across::<false>(row, last, ahead.window())
                };
                ahead.advance(taken);
            }
            Pass::Down => {
                let both = clear(row) && clear(next);
                let draws = if both {
                    self.choose_musts::<true>(row, next, ahead)
                } else {
                    self.choose_musts::<false>(row, next, ahead)
                };
                ahead.ensure(draws + 1);
                if both {
                    self.plan_down::<true>(row, next, &ahead.window()[..=draws]);
                } else {
                    self.plan_down::<false>(row, next, &ahead.window()[..=draws]);
                }
                ahead.advance(draws);
            }
        }
    }

    /// Joins neighbours in different sets, at random or (on the `last` row) always.
    ///
    /// Every choice here and in the passes below that hangs on a draw or on the sets is a
    /// [`pick`], not a branch. A pair takes the next of `draws` or not by an index's step;
    /// returns how many it took.
    ///
    /// `CLEAR`, here and below: the rows worked have no obstacle, so no cell needs the test
    /// (most rows: the 42 and the courtyard are a few rows in the middle).
    #[inline(never)]
    fn plan_across<const CLEAR: bool>(&mut self, row: &[u8], last: bool, draws: &[u32]) -> usize {
        let mut taken = 0;
        let w = row.len();
        let (west, east, plan) = (
            &mut self.west[..w],
            &mut self.east[..w],
            &mut self.plan[..w],
        );
        plan.fill(KEEP);
        for x in 0..w - 1 {
            if !CLEAR && (is_obstacle(row[x]) || is_obstacle(row[x + 1])) {
                continue;
            }
            let (after, before) = (east[x], west[x + 1]);
            let apart = after != x as u32 + 1;
            let heads = u64::from(draws[taken]) < HALF;
            taken += usize::from(apart & !last);
            let join = apart & (last | heads);
            // The splice, written whether or not it happens: without a join each store puts
            // back what is there (`x`'s successor's predecessor is `x`, and so on).
            let (me, next) = (x as u32, x as u32 + 1);
            east[x] = pick(join, next, after);
            west[x + 1] = pick(join, me, before);
            east[before as usize] = pick(join, after, next);
            west[after as usize] = pick(join, before, me);
            plan[x] = KEEP ^ (EAST_CLOSED * u8::from(join));
        }
        taken
    }

    /// For each set, the cell that must open south, among its cells above an ordinary cell
    /// (`next` is the row below): the `k`-th of them replaces the choice so far with
    /// probability `1/k`. Returns how many draws the down pass takes: one a cell that can,
    /// but for each set's chosen one.
    #[inline(never)]
    fn choose_musts<const CLEAR: bool>(
        &mut self,
        row: &[u8],
        next: &[u8],
        ahead: &mut Ahead,
    ) -> usize {
        let mut drawer = ahead.drawer();
        let mut draws = 0;
        let w = row.len();
        let (west, first) = (&self.west[..w], &mut self.first[..w]);
        let (seen, must) = (&mut self.seen[..w], &mut self.must[..=w]);
        for x in 0..w {
            let previous = west[x] as usize;
            // The list is in column order: only a set's first cell has no earlier one.
            let head = previous >= x;
            let set = pick(head, x as u32, first[previous]) as usize;
            first[x] = set as u32;
            let can = CLEAR || !is_obstacle(row[x]) && !is_obstacle(next[x]);
            let count = pick(head, 0, seen[set]) + u32::from(can);
            seen[set] = count;
            // Whether a cell can is the obstacles' pattern, which a branch predicts.
            if can {
                let chosen = drawer.below(count) == 0;
                // Written where it belongs if chosen, else to the spare slot: no load of the
                // choice so far, which the compiler would turn into a branch on `chosen`.
                must[pick(chosen, set as u32, w as u32) as usize] = x as u32;
                draws += usize::from(count > 1);
            }
        }
        let (taken, coins) = drawer.into_parts();
        ahead.settle(taken, coins);
        draws
    }

    /// Opens each set's chosen cell south, and its others that can at random; a cell that
    /// does not leaves its set, so the lists become the next row's sets. It takes as many of
    /// `draws` as [`Eller::choose_musts`] says, and reads one more.
    #[inline(never)]
    fn plan_down<const CLEAR: bool>(&mut self, row: &[u8], next: &[u8], draws: &[u32]) {
        let w = row.len();
        let mut taken = 0;
        let (west, east, plan) = (
            &mut self.west[..w],
            &mut self.east[..w],
            &mut self.plan[..w],
        );
        let (first, must) = (&self.first[..w], &self.must[..w]);
        for x in 0..w {
            let can = CLEAR || !is_obstacle(row[x]) && !is_obstacle(next[x]);
            // `must` is stale for a set with no cell that can: then `can` is false.
            let chosen = must[first[x] as usize] == x as u32;
            let heads = u64::from(draws[taken]) < HALF;
            taken += usize::from(can & !chosen);
            let open = can & (chosen | heads);
            plan[x] = KEEP ^ (SOUTH_CLOSED * u8::from(open));
            // Leaving the list, written whether or not it does, as in the splice.
            let (before, after) = (west[x], east[x]);
            let me = x as u32;
            east[before as usize] = pick(open, me, after);
            west[after as usize] = pick(open, me, before);
            east[x] = pick(open, after, me);
            west[x] = pick(open, before, me);
        }
        debug_assert_eq!(taken + 1, draws.len());
    }

    /// Whether no step has been taken yet: a path can be found only from the first row on.
    fn fresh(&self) -> bool {
        self.row == 0 && self.pass == Pass::Across && self.x == 0 && !self.done
    }

    /// The bytes of the row being worked and of the one below it (empty below the last).
    fn row_and_next<'c>(&self, cells: &'c [u8]) -> (&'c [u8], &'c [u8]) {
        let w = self.rows.width();
        let from = self.row * w;
        let next_end = (from + 2 * w).min(cells.len());
        (&cells[from..from + w], &cells[from + w..next_end])
    }

    /// The passes from here to the end, as [`Carve::run`] makes them, handing each row to
    /// `finished` (in order, every row of the grid once) as soon as no pass will change it:
    /// after its way down is planned, or its way across on the last row.
    fn run_rows<'c>(
        &mut self,
        cells: &'c mut [u8],
        rng: &mut MazeRng,
        mut finished: impl FnMut(&'c mut [u8]),
    ) {
        let w = self.rows.width();
        // The rows not handed on yet, from row `first`.
        let mut rest = cells;
        let mut first = 0;
        let mut ahead = Ahead::new(rng.coins(), std::mem::take(&mut self.draws));
        while !self.done && (self.x == 0 || self.next_pass()) {
            // The rows above the one worked on are done with.
            if first < self.row {
                let (done, tail) = std::mem::take(&mut rest).split_at_mut((self.row - first) * w);
                done.chunks_exact_mut(w).for_each(&mut finished);
                (rest, first) = (tail, self.row);
            }
            let (row, below) = rest.split_at_mut(w);
            self.plan_pass(row, &below[..w.min(below.len())], &mut ahead);
            if self.pass == Pass::Across {
                self.visited += self.joining(row, self.row * w);
            }
            for (byte, &mask) in row.iter_mut().zip(&self.plan) {
                *byte &= mask;
            }
            self.x = w;
            if self.pass == Pass::Down {
                let (done, tail) = std::mem::take(&mut rest).split_at_mut(w);
                finished(done);
                (rest, first) = (tail, first + 1);
            }
        }
        rest.chunks_exact_mut(w).for_each(finished);
        let coins;
        (coins, self.draws) = ahead.finish();
        rng.resume(coins);
    }

    /// [`Eller::run_rows`], with the path from `from` to `to` found from the rows as they are
    /// finished: on a thread of its own for a big grid on a machine with a second core (the
    /// carving then ends with the path found, or nearly), else between the rows. `None` where
    /// [`RowPath::finish`] has none, or where neither way is open: a big grid on one core
    /// (there the search after the carving costs less) or memory refused.
    fn run_tracing(
        &mut self,
        cells: &mut [u8],
        rng: &mut MazeRng,
        from: Pos,
        to: Pos,
    ) -> Option<Vec<Dir>> {
        let big = cells.len() >= TRACE_APART_FROM_CELLS;
        let rows = self.rows;
        let path = (!big || two_cores()).then(|| RowPath::new(rows, from, to));
        let Some(mut path) = path.flatten() else {
            self.run_rows(cells, rng, |_| {});
            return None;
        };
        if !big {
            self.run_rows(cells, rng, |row| path.push_row(row));
            return path.finish();
        }
        thread::scope(|scope| {
            let (rows_done, rows_in) = mpsc::channel::<Vec<&mut [u8]>>();
            let tracer = thread::Builder::new()
                .name("mazegen-path".into())
                .spawn_scoped(scope, move || {
                    rows_in
                        .into_iter()
                        .flatten()
                        .for_each(|row| path.push_row(row));
                    path.finish()
                });
            // The rows go in batches, so that the other thread wakes up a few hundred times,
            // not once a row. Without the thread (the system refused one) they go nowhere.
            let per_batch = (BATCH_BYTES / rows.width()).max(1);
            let mut batch = Vec::with_capacity(per_batch);
            self.run_rows(cells, rng, |row| {
                batch.push(row);
                if batch.len() == per_batch {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(per_batch));
                    drop(rows_done.send(full));
                }
            });
            drop(rows_done.send(batch));
            drop(rows_done);
            // A panic on the other thread is a bug: it is passed on, not hidden.
            tracer
                .ok()?
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }

    /// The cells of `row` (a row's bytes, at grid index `from`) that join the maze in its
    /// across pass: all but the obstacles, the start already counted.
    fn joining(&self, row: &[u8], from: usize) -> u64 {
        let open = row.iter().filter(|&&byte| !is_obstacle(byte)).count() as u64;
        let start_here =
            (from..from + row.len()).contains(&self.start) && !is_obstacle(row[self.start - from]);
        open - u64::from(start_here)
    }

    /// Moves on past a finished pass; `false` when it was the last.
    fn next_pass(&mut self) -> bool {
        match self.pass {
            Pass::Across if self.row + 1 == self.rows.height() => {
                self.done = true;
                return false;
            }
            Pass::Across => self.pass = Pass::Down,
            Pass::Down => {
                self.row += 1;
                self.pass = Pass::Across;
            }
        }
        self.x = 0;
        true
    }
}

/// `a` if `choose`, else `b`, by a mask, not a branch: the choices it makes hang on the
/// draws and the sets, and come out either way about as often. (The standard library's
/// `select_unpredictable` says the same, but is newer than the workspace's oldest Rust.)
#[inline(always)]
fn pick(choose: bool, a: u32, b: u32) -> u32 {
    let mask = u32::from(choose).wrapping_neg();
    (a & mask) | (b & !mask)
}

/// Whether none of `cells` is an obstacle. Branch-free over the whole slice, so that the
/// compiler can do it many bytes at a time.
fn clear(cells: &[u8]) -> bool {
    cells.iter().fold(0, |seen, &c| seen | c) & (LOCKED | COURTYARD) == 0
}

impl Carve for Eller {
    fn heap_bytes(&self) -> usize {
        slice_bytes(&self.west)
            + slice_bytes(&self.east)
            + slice_bytes(&self.first)
            + slice_bytes(&self.seen)
            + slice_bytes(&self.must)
            + slice_bytes(&self.plan)
            + slice_bytes(&self.draws)
            + self.path.as_ref().map_or(0, |path| slice_bytes(path))
    }

    /// Keeps the path from `from` to `to` if asked before the first step: [`Carve::run`] then
    /// finds it as it finishes the rows. Any two cells: the path is read off what is left once
    /// the dead ends are filled in, not from where the carving started.
    fn aim(&mut self, from: Pos, to: Pos) {
        if self.fresh() {
            self.aim = Some((from, to));
        }
    }

    fn take_path(&mut self) -> Option<Vec<Dir>> {
        self.path.take()
    }

    /// Looks at one wall, as the pass's plan says: east of the next cell across, or south of it
    /// on the way down. The first step of a pass plans it.
    #[inline(always)]
    fn step(&mut self, cells: &mut [u8], rng: &mut MazeRng) -> GenEvent {
        if self.done {
            return GenEvent::Done;
        }
        if self.x == self.rows.width() && !self.next_pass() {
            return GenEvent::Done;
        }
        if self.x == 0 {
            let mut ahead = Ahead::new(rng.coins(), std::mem::take(&mut self.draws));
            let (row, next) = self.row_and_next(cells);
            self.plan_pass(row, next, &mut ahead);
            let coins;
            (coins, self.draws) = ahead.finish();
            rng.resume(coins);
        }
        let x = self.x;
        self.x += 1;
        let here = Pos::new(x as u32, self.row as u32);
        let cell = self.rows.of(here);
        if self.pass == Pass::Across && !is_obstacle(cells[cell]) && cell != self.start {
            self.visited += 1;
        }
        let mask = self.plan[x];
        cells[cell] &= mask;
        match (mask == KEEP, self.pass) {
            (true, _) => GenEvent::Visit { cell: here },
            (false, Pass::Across) => GenEvent::Carve {
                from: here,
                to: Pos::new(here.x + 1, here.y),
            },
            (false, Pass::Down) => GenEvent::Carve {
                from: here,
                to: Pos::new(here.x, here.y + 1),
            },
        }
    }

    /// [`Eller::step`]'s passes whole: each planned and its plan applied to the row at once,
    /// the stream taken out of `rng` once for them all. Asked for a path ([`Carve::aim`]) before
    /// the first step, it finds the path as the rows are finished (see [`RowPath`]).
    fn run(&mut self, cells: &mut [u8], rng: &mut MazeRng) {
        let w = self.rows.width();
        // A pass begun by steps is finished by steps.
        while !self.done && self.x != 0 && self.x != w {
            self.step(cells, rng);
        }
        let fresh = self.fresh();
        match self.aim.take().filter(|_| fresh) {
            Some((from, to)) => self.path = self.run_tracing(cells, rng, from, to),
            None => self.run_rows(cells, rng, |_| {}),
        }
    }

    /// The cell the last step worked on.
    fn head(&self) -> Option<Pos> {
        let x = self.x.saturating_sub(1);
        (!self.done).then(|| Pos::new(x as u32, self.row as u32))
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The row being worked is active, and so are the cells below it carved into already.
    fn cell_state(&self, pos: Pos) -> CellState {
        if let Some(state) = landmark_state(self.stamp, self.yard, pos) {
            return state;
        }
        if self.done {
            return CellState::Finished;
        }
        let (x, y) = (pos.x as usize, pos.y as usize);
        let carved_into =
            || self.pass == Pass::Down && x < self.x && self.plan[x] & SOUTH_CLOSED == 0;
        if y < self.row {
            CellState::Finished
        } else if y == self.row || (y == self.row + 1 && carved_into()) {
            CellState::Active
        } else {
            CellState::Unvisited
        }
    }

    fn step_cost(&self) -> u64 {
        30
    }

    /// Two steps per cell, across and down (one on the last row).
    fn estimated_steps(&self, open_cells: u64) -> u64 {
        2 * open_cells
    }

    fn may_leave_islands(&self) -> bool {
        self.islands_possible
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::testkit;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::geometry::Dir;

    #[test]
    fn makes_valid_mazes() {
        testkit::check_all(Algorithm::Eller);
    }

    /// The carver alone on the closed grid of `options`, from where the generator starts.
    fn carver(options: &MazeOptions) -> (Eller, Grid) {
        let grid = Generator::build(options.clone()).unwrap().grid().clone();
        let start = grid.courtyard().map_or(options.start, |c| c.centre());
        (Eller::new(&grid, start).unwrap(), grid)
    }

    #[test]
    fn stepping_and_running_make_the_same_maze_from_the_same_draws() {
        // Steps, then a run from wherever the steps stopped (mid-pass, at a pass's end, at
        // the start), against steps all the way: the same walls, the same count, and the
        // stream left in the same place.
        let sizes = [
            (2, 2),
            (3, 9),
            (9, 7),
            (25, 20),
            (31, 17),
            (60, 13),
            (13, 60),
        ];
        for (w, h) in sizes {
            for courtyard in [false, true] {
                for seed in 0..12 {
                    let options = MazeOptions::new(w, h).seed(seed).courtyard(courtyard);
                    let (mut stepped, mut by_steps) = carver(&options);
                    let mut rng = MazeRng::from_seed(seed);
                    while stepped.step(by_steps.raw_mut(), &mut rng) != GenEvent::Done {}
                    let after = rng.next_u64();
                    let w64 = u64::from(w);
                    for steps in [0, 1, w64 - 1, w64, w64 + 1, 3 * w64 - 1, 77] {
                        let (mut ran, mut by_run) = carver(&options);
                        let mut rng = MazeRng::from_seed(seed);
                        ran.run_steps(by_run.raw_mut(), &mut rng, steps);
                        ran.run(by_run.raw_mut(), &mut rng);
                        let what = format!("{w}x{h} courtyard {courtyard} seed {seed}: {steps}");
                        assert_eq!(by_run, by_steps, "{what}");
                        assert_eq!(ran.visited(), stepped.visited(), "{what}");
                        assert_eq!(rng.next_u64(), after, "{what}");
                        assert_eq!(ran.step(by_run.raw_mut(), &mut rng), GenEvent::Done);
                    }
                }
            }
        }
    }

    /// Asked for a path, the run finds it as it carves, between the rows on a small grid and
    /// on a thread of its own on a big one: the search's path, and the same maze, with no mark
    /// left, as a run asked for none. With the courtyard, a path across it is the search's to
    /// find (its inside is open), and so is one from or to it.
    #[test]
    fn the_path_found_beside_the_carving_is_the_searchs() {
        use crate::solve::shortest_path;
        let big = (420, 330);
        assert!(big.0 * big.1 >= TRACE_APART_FROM_CELLS as u32);
        for (w, h) in [(2, 2), (25, 20), (3, 60), (60, 3), big] {
            for courtyard in [false, true] {
                for seed in 0..3 {
                    let options = MazeOptions::new(w, h)
                        .seed(seed)
                        .courtyard(courtyard)
                        .algorithm(Algorithm::Eller);
                    let ends = [
                        (Pos::new(0, 0), Pos::new(w - 1, h - 1)),
                        (Pos::new(w - 1, 0), Pos::new(w / 2, h - 1)),
                        (Pos::new(w / 3, h / 2), Pos::new(w / 3, h / 2)),
                    ];
                    for (from, to) in ends {
                        let case = format!("{w}x{h} courtyard {courtyard} seed {seed} {from} {to}");
                        let (grid, path) =
                            Generator::generate_with_path(options.clone(), from, to).unwrap();
                        assert_eq!(
                            grid,
                            Generator::generate_grid(options.clone()).unwrap(),
                            "{case}"
                        );
                        if grid.is_locked(from) || grid.is_locked(to) {
                            continue;
                        }
                        let searched = shortest_path(&grid, from, to).unwrap();
                        let Some(path) = path else {
                            let in_yard = |p: Pos| grid.in_courtyard(p);
                            let across = searched.cells(&grid).any(in_yard);
                            let apart = (w * h) as usize >= TRACE_APART_FROM_CELLS
                                && !crate::cores::two_cores();
                            assert!(across || apart, "{case}: no path");
                            continue;
                        };
                        assert_eq!(path.start(), from, "{case}");
                        assert_eq!(path.dirs(), searched.dirs(), "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_row_and_the_cells_carved_into_below_are_active() {
        // 8 across steps, then 4 down: the whole down pass is planned, but only the cells
        // stepped so far show below.
        let options = MazeOptions::new(8, 6).seed(2).algorithm(Algorithm::Eller);
        let mut generator = Generator::build(options).unwrap();
        for _ in 0..8 + 4 {
            generator.step();
        }
        assert_eq!(generator.head(), Some(Pos::new(3, 0)));
        let grid = generator.grid().clone();
        for x in 0..8 {
            assert_eq!(generator.cell_state(Pos::new(x, 0)), CellState::Active);
            let below = generator.cell_state(Pos::new(x, 1));
            if x < 4 && grid.is_open(Pos::new(x, 0), Dir::South) {
                assert_eq!(below, CellState::Active, "column {x}");
            } else {
                assert_eq!(below, CellState::Unvisited, "column {x}");
                assert!(x < 4 || grid.is_closed(Pos::new(x, 0), Dir::South));
            }
            assert_eq!(generator.cell_state(Pos::new(x, 2)), CellState::Unvisited);
        }
        assert!((0..4).any(|x| grid.is_open(Pos::new(x, 0), Dir::South)));
    }

    #[test]
    fn without_landmarks_no_island_is_left() {
        for seed in 0..20 {
            let options = MazeOptions::new(40, 6)
                .seed(seed)
                .algorithm(Algorithm::Eller);
            let mut generator = Generator::build(options).unwrap();
            while generator.step() != GenEvent::Done {
                assert!(!generator.is_linking() && !generator.is_braiding());
            }
            assert_eq!(crate::stats::open_walls(generator.grid()), 40 * 6 - 1);
        }
    }

    #[test]
    fn the_last_row_joins_every_set() {
        // A 2-high maze: the last row must join whatever the first row left apart, so every
        // column is reached along the bottom or through the top.
        for seed in 0..20 {
            let options = MazeOptions::new(30, 2)
                .seed(seed)
                .algorithm(Algorithm::Eller);
            let grid = Generator::generate_grid(options).unwrap();
            for x in 0..29 {
                let top = Pos::new(x, 0);
                assert!(
                    grid.is_open(Pos::new(x, 1), Dir::East) || grid.is_open(top, Dir::East),
                    "seed {seed}: columns {x} and {} apart",
                    x + 1
                );
            }
        }
    }
}
