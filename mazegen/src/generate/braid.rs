//! Turns a perfect maze into a playable board by opening dead ends ("braiding").
//!
//! Dead ends are visited in a random order. Each is opened, with probability BRAID, towards a
//! neighbour (preferably another dead end, which removes two at once), never through the border
//! or the 42 and never completing a 3x3 open area. If that left fewer loops than a board needs
//! (a low BRAID), more dead ends are opened regardless of BRAID, and as a last resort any wall
//! that is safe to open.

use std::hint::black_box;
use std::sync::Arc;

use super::GenEvent;
use super::carve::{COLUMN_STEP, Shared};
use crate::bytes::room_for;
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, LOCKED, Walls};
use crate::rng::{MazeRng, probability_numerator};
use crate::rules::{
    LoopCount, OPEN_AREA_SIDE, is_forced_dead_end, is_open_block, opening_makes_open_block,
};

/// How many swaps of the dead ends' shuffle are drawn before they are made (see [`shuffle`]).
const SHUFFLE_BATCH: usize = 64;

/// How many dead ends' rows are read ahead together (see [`read_ahead`]).
const READ_AHEAD: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Setting up, a cell a step: listing the dead ends and counting what the loop rules
    /// need. Done in steps, like the rest, so that a big grid's setup is no single long step
    /// for a caller that animates or slices the work.
    Listing { next: usize, count: LoopCount },
    /// Shuffling the dead ends, a swap a step: `rng.shuffle`'s Fisher-Yates, at `next` going
    /// down, so the order (and so the maze) is the one a shuffle in one go gives.
    Shuffling { next: usize },
    /// Each dead end is opened with probability BRAID; the others are kept for later.
    ByChance,
    /// Dead ends kept by chance are opened until the board has its loops.
    UntilLooped,
    /// No dead end was left to open: any safe wall, scanning from a random cell.
    AnyWall,
}

#[derive(Clone, Debug)]
pub struct Braider {
    /// Never changed once shuffled, so shared with the replay checkpoints (a change before
    /// that copies it if one holds it).
    dead_ends: Arc<Vec<u32>>,
    kept: Vec<u32>,
    next: usize,
    pass: Pass,
    threshold: u64,
    loops: u64,
    required: u64,
    scanned: usize,
    scan_start: usize,
    /// The allocator refused the list of dead ends (or those kept) room to grow: braiding
    /// stopped there, unfinished, and every later step is `Done`.
    out_of_memory: bool,
}

impl Braider {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.dead_ends) + super::carve::slice_bytes(&self.kept)
    }

    /// The bytes a replay checkpoint of it holds alone: the dead ends kept for later (the list
    /// of dead ends is shared, see [`Braider::shared`]).
    pub fn checkpoint_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.kept)
    }

    /// The list of dead ends, shared by its clones.
    pub fn shared(&self) -> Shared {
        Shared {
            address: Arc::as_ptr(&self.dead_ends) as usize,
            bytes: super::carve::slice_bytes(&self.dead_ends),
        }
    }

    /// A braider for `grid`, which it looks at in its first steps (see [`Pass::Listing`]): the
    /// grid must not change in between.
    pub fn new(braid: f64) -> Braider {
        Braider {
            dead_ends: Arc::new(Vec::new()),
            kept: Vec::new(),
            next: 0,
            pass: Pass::Listing {
                next: 0,
                count: LoopCount::default(),
            },
            threshold: probability_numerator(braid),
            loops: 0,
            required: 0,
            scanned: 0,
            scan_start: 0,
            out_of_memory: false,
        }
    }

    /// Whether the allocator refused the lists room to grow (braiding stopped unfinished).
    pub fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// One step of the setup: a cell listed, or two dead ends swapped. `None` once set up.
    fn set_up(&mut self, grid: &Grid, rng: &mut MazeRng) -> Option<GenEvent> {
        match &mut self.pass {
            Pass::Listing { next, count } => {
                if *next == grid.cell_count() {
                    self.loops = count.loops_beyond_courtyard(grid);
                    self.required = count.required_loops();
                    self.pass = Pass::Shuffling {
                        next: self.dead_ends.len().saturating_sub(1),
                    };
                    return self.set_up(grid, rng);
                }
                let cell = grid.pos(*next);
                if !list(&mut self.dead_ends, count, grid, next, 1) {
                    self.out_of_memory = true;
                    return Some(GenEvent::Done);
                }
                Some(GenEvent::Visit { cell })
            }
            Pass::Shuffling { next } if *next >= 1 => {
                let i = *next;
                shuffle(&mut self.dead_ends, rng, next, 1);
                Some(GenEvent::Visit {
                    cell: grid.pos(self.dead_ends[i] as usize),
                })
            }
            Pass::Shuffling { .. } => {
                self.scan_start = rng.below(grid.cell_count() as u32) as usize;
                self.pass = Pass::ByChance;
                None
            }
            _ => None,
        }
    }

    /// The setup's steps that are left, in one go: the same listing and swaps as
    /// [`Braider::set_up`]'s steps, with no event a cell and the list borrowed once.
    fn set_up_all(&mut self, grid: &Grid, rng: &mut MazeRng) {
        if let Pass::Listing { next, count } = &mut self.pass
            && !list(&mut self.dead_ends, count, grid, next, usize::MAX)
        {
            self.out_of_memory = true;
            return;
        }
        // Moves on to the shuffle.
        if matches!(self.pass, Pass::Listing { .. }) && self.set_up(grid, rng).is_none() {
            return;
        }
        if let Pass::Shuffling { next } = &mut self.pass {
            shuffle(&mut self.dead_ends, rng, next, usize::MAX);
        }
    }

    pub fn step(&mut self, grid: &mut Grid, rng: &mut MazeRng) -> GenEvent {
        if self.out_of_memory {
            return GenEvent::Done;
        }
        if matches!(self.pass, Pass::Listing { .. } | Pass::Shuffling { .. })
            && let Some(event) = self.set_up(grid, rng)
        {
            return event;
        }
        loop {
            match self.pass {
                Pass::Listing { .. } | Pass::Shuffling { .. } => {
                    unreachable!("set up above")
                }
                Pass::ByChance => {
                    read_ahead(grid, &self.dead_ends, self.next);
                    let Some(&index) = self.dead_ends.get(self.next) else {
                        self.next = 0;
                        self.pass = Pass::UntilLooped;
                        continue;
                    };
                    self.next += 1;
                    let cell = grid.pos(index as usize);
                    let closed = grid.walls(cell);
                    if closed.open_count() != 1 {
                        return GenEvent::Visit { cell };
                    }
                    if !rng.chance(self.threshold) {
                        if !room_for(&mut self.kept, 1) {
                            self.out_of_memory = true;
                            return GenEvent::Done;
                        }
                        self.kept.push(index);
                        return GenEvent::Visit { cell };
                    }
                    return self.open_dead_end(grid, rng, cell, closed);
                }
                Pass::UntilLooped => {
                    read_ahead(grid, &self.kept, self.next);
                    let index = match self.kept.get(self.next) {
                        Some(&index) if self.loops < self.required => index,
                        _ if self.loops < self.required => {
                            self.pass = Pass::AnyWall;
                            continue;
                        }
                        _ => return GenEvent::Done,
                    };
                    self.next += 1;
                    let cell = grid.pos(index as usize);
                    let closed = grid.walls(cell);
                    if closed.open_count() != 1 {
                        return GenEvent::Visit { cell };
                    }
                    return self.open_dead_end(grid, rng, cell, closed);
                }
                Pass::AnyWall => {
                    if self.loops >= self.required || self.scanned == grid.cell_count() {
                        return GenEvent::Done;
                    }
                    let index = (self.scan_start + self.scanned) % grid.cell_count();
                    self.scanned += 1;
                    let cell = grid.pos(index);
                    for dir in [Dir::East, Dir::South] {
                        if self.can_open(grid, cell, dir) {
                            return self.open(grid, cell, dir);
                        }
                    }
                    return GenEvent::Visit { cell };
                }
            }
        }
    }

    /// Which pass the braider is in (0 listing, 1 shuffling, then the three opening passes):
    /// a step of one pass costs about the same as another of that pass, not as one of another.
    pub fn pass_number(&self) -> u8 {
        match self.pass {
            Pass::Listing { .. } => 0,
            Pass::Shuffling { .. } => 1,
            Pass::ByChance => 2,
            Pass::UntilLooped => 3,
            Pass::AnyWall => 4,
        }
    }

    /// Roughly how long a step of the current pass takes, in nanoseconds (see
    /// `Generator::step_cost`): listing a cell or swapping two dead ends costs about a tenth
    /// of opening a dead end by the rules.
    pub fn step_cost(&self) -> u64 {
        match self.pass {
            Pass::Listing { .. } | Pass::Shuffling { .. } => 15,
            Pass::ByChance | Pass::UntilLooped | Pass::AnyWall => 150,
        }
    }

    /// Steps until done.
    pub fn run(&mut self, grid: &mut Grid, rng: &mut MazeRng) {
        if !self.out_of_memory {
            self.set_up_all(grid, rng);
        }
        while self.step(grid, rng) != GenEvent::Done {}
    }

    /// Opens dead end `cell`, whose walls are `closed`, towards a random neighbour it may open
    /// to, preferring those that are dead ends too.
    fn open_dead_end(
        &mut self,
        grid: &mut Grid,
        rng: &mut MazeRng,
        cell: Pos,
        closed: Walls,
    ) -> GenEvent {
        // From the grid's bytes by index: the braider asks this of every dead end.
        let (rows, bytes) = (grid.rows(), grid.raw());
        let (i, x) = (rows.of(cell), cell.x as usize);
        debug_assert!(bytes[i] & LOCKED == 0, "a dead end has an open wall");
        let way_out = Dir::from_index((!closed.bits() & 0xF).trailing_zeros() as u8);
        // `can_open`, but for the open area: a closed wall to a neighbour outside the 42.
        let closed_to_free =
            closed.bits() & rows.neighbour_mask_in_column(i, x, |j| bytes[j] & LOCKED == 0);
        let mut options = [Dir::North; 4];
        let mut count = 0;
        let mut preferred = 0;
        for dir in Dir::ALL {
            if closed_to_free & dir.bit() == 0
                || dead_end_makes_open_block(grid, cell, way_out, dir)
            {
                continue;
            }
            options[count] = dir;
            count += 1;
            let next_x = x.wrapping_add_signed(COLUMN_STEP[dir as usize]);
            let next_walls = rows.walls_in_column(bytes, rows.step(i, dir), next_x);
            if Walls::from_bits(next_walls).open_count() == 1 {
                // Keep dead-end neighbours at the front: they are preferred.
                options.swap(preferred, count - 1);
                preferred += 1;
            }
        }
        let pool = if preferred > 0 { preferred } else { count };
        if pool == 0 {
            return GenEvent::Visit { cell };
        }
        let dir = options[rng.below(pool as u32) as usize];
        self.open(grid, cell, dir)
    }

    fn can_open(&self, grid: &Grid, cell: Pos, dir: Dir) -> bool {
        grid.neighbour(cell, dir).is_some_and(|next| {
            grid.is_closed(cell, dir)
                && !grid.is_locked(cell)
                && !grid.is_locked(next)
                && !opening_makes_open_block(grid, cell, dir)
        })
    }

    fn open(&mut self, grid: &mut Grid, cell: Pos, dir: Dir) -> GenEvent {
        let to = grid
            .neighbour(cell, dir)
            .expect("openable walls have a neighbour");
        grid.set_wall(cell, dir, false);
        // Both cells were already connected, so every opened wall closes one more loop.
        self.loops += 1;
        GenEvent::Carve { from: cell, to }
    }
}

/// Whether opening the wall on side `dir` of dead end `cell`, whose one open wall is on side
/// `way_out`, would complete a 3x3 open area: [`opening_makes_open_block`] for a dead end, in
/// one look instead of up to six.
///
/// Why one is enough: every cell of an open area has all the walls it shares with the area
/// open, two for a corner and more for the others. After the opening the dead end has two open
/// walls, `way_out` and `dir`, so it can only be a corner, with those two at right angles and
/// leading into the area: the one area with its corner at the cell on those two sides.
fn dead_end_makes_open_block(grid: &Grid, cell: Pos, way_out: Dir, dir: Dir) -> bool {
    if dir == way_out.opposite() {
        return false;
    }
    let across = [way_out, dir];
    let x = if across.contains(&Dir::East) {
        Some(cell.x)
    } else {
        cell.x.checked_sub(OPEN_AREA_SIDE - 1)
    };
    let y = if across.contains(&Dir::South) {
        Some(cell.y)
    } else {
        cell.y.checked_sub(OPEN_AREA_SIDE - 1)
    };
    x.zip(y)
        .is_some_and(|(x, y)| is_open_block(grid, Pos::new(x, y), Some((cell, dir))))
}

/// Lists up to `cells` cells from row-major index `*next` on (stopping at the grid's end),
/// moving `*next` past them: each counted for the loop rules, and each dead end that could
/// have had another way out (see [`is_forced_dead_end`]) added to `dead_ends`. `false` when
/// the allocator refused the list room to grow.
fn list(
    dead_ends: &mut Arc<Vec<u32>>,
    count: &mut LoopCount,
    grid: &Grid,
    next: &mut usize,
    cells: usize,
) -> bool {
    let end = grid.cell_count().min(next.saturating_add(cells));
    if *next >= end {
        return true;
    }
    // Borrowed once for all the cells: a borrow of a shared list checks, atomically, that
    // no clone holds it.
    let dead_ends = Arc::make_mut(dead_ends);
    count.add_cells(grid, *next..end);
    let (bytes, rows, width) = (grid.raw(), grid.rows(), grid.width());
    // The position followed along the row: no division a cell.
    let mut cell = grid.pos(*next);
    for i in *next..end {
        // `is_dead_end`, from the bytes.
        let walls = Walls::from_bits(rows.walls_in_column(bytes, i, cell.x as usize));
        if walls.open_count() == 1 && !is_forced_dead_end(grid, cell) {
            // Up to a dead end a cell or two: a big board's list is its largest allocation
            // after the grid.
            if !room_for(dead_ends, 1) {
                *next = i;
                return false;
            }
            dead_ends.push(i as u32);
        }
        cell.x += 1;
        if cell.x == width {
            cell = Pos::new(0, cell.y + 1);
        }
    }
    *next = end;
    true
}

/// Makes up to `swaps` of the shuffle's swaps, from `*next` down to 1 (`rng.shuffle`'s
/// Fisher-Yates, the same draws and swaps in the same order), moving `*next` down past them.
///
/// Each swap's far end is a random place in the list, on a big board a cache miss: the draws
/// of a batch of swaps are made first (they do not hang on the list) and their far ends read
/// together, so the misses overlap instead of each swap waiting for its own.
fn shuffle(dead_ends: &mut Arc<Vec<u32>>, rng: &mut MazeRng, next: &mut usize, swaps: usize) {
    let list = Arc::make_mut(dead_ends);
    let mut far = [0usize; SHUFFLE_BATCH];
    let mut left = swaps;
    while left > 0 && *next >= 1 {
        let top = *next;
        let batch = &mut far[..SHUFFLE_BATCH.min(left).min(top)];
        for (k, j) in batch.iter_mut().enumerate() {
            let bound = u32::try_from(top - k + 1).expect("fewer than 2^32 dead ends");
            *j = rng.below(bound) as usize;
        }
        black_box(batch.iter().fold(0, |acc, &j| acc ^ list[j]));
        for (k, &j) in batch.iter().enumerate() {
            list.swap(top - k, j);
        }
        *next -= batch.len();
        left -= batch.len();
    }
}

/// At every [`READ_AHEAD`]-th place `at` in `list`, reads the grid's rows around the next
/// [`READ_AHEAD`] dead ends after the ones up to it, for the steps that will get to them: the
/// dead ends come in random order, so on a big board each one's rows are cache misses. Read
/// together, a batch's misses overlap; read by their own steps (or one at a time ahead of
/// them), each would wait for its own.
#[inline(always)]
fn read_ahead(grid: &Grid, list: &[u32], at: usize) {
    if !at.is_multiple_of(READ_AHEAD) {
        return;
    }
    let batch = list.get(at + READ_AHEAD..).unwrap_or_default();
    let (cells, w) = (grid.raw(), grid.width() as usize);
    let byte = |at: usize| cells.get(at).copied().unwrap_or(0);
    black_box(batch.iter().take(READ_AHEAD).fold(0, |acc, &index| {
        let i = index as usize;
        acc ^ byte(i.wrapping_sub(2 * w))
            ^ byte(i.wrapping_sub(w))
            ^ byte(i)
            ^ byte(i + w)
            ^ byte(i + 2 * w)
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, MazeOptions};
    use crate::rules::open_at_random;
    use crate::stats::is_dead_end;

    #[test]
    fn a_dead_end_completes_an_open_area_only_as_its_corner() {
        // Grids with most walls open, so that many openings would complete an area.
        let mut checked = [0, 0];
        for seed in 0..600 {
            let mut rng = MazeRng::from_seed(seed);
            let (w, h) = (3 + rng.below(8), 3 + rng.below(8));
            let mut grid = Grid::new(w, h).unwrap();
            open_at_random(&mut grid, &mut rng, 5);
            for cell in grid.positions().filter(|&p| is_dead_end(&grid, p)) {
                let walls = grid.walls(cell);
                let way_out = grid.open_dirs(cell).next().unwrap();
                for dir in Dir::ALL {
                    if grid.neighbour(cell, dir).is_none() || !walls.is_closed(dir) {
                        continue;
                    }
                    let general = opening_makes_open_block(&grid, cell, dir);
                    assert_eq!(
                        dead_end_makes_open_block(&grid, cell, way_out, dir),
                        general,
                        "seed {seed}: {cell} {dir:?}"
                    );
                    checked[usize::from(general)] += 1;
                }
            }
        }
        assert!(checked[0] > 1000 && checked[1] > 100, "{checked:?}");
    }

    #[test]
    fn the_shuffle_is_the_rngs_in_any_pieces() {
        // Across a batch's edge and within one, and the stream left where the rng's leaves it.
        for len in [0, 1, 2, 3, 63, 64, 65, 66, 200] {
            let items: Vec<u32> = (0..len).collect();
            let mut expected = items.clone();
            let mut rng = MazeRng::from_seed(u64::from(len));
            rng.shuffle(&mut expected);
            for pieces in [1, 5, SHUFFLE_BATCH, SHUFFLE_BATCH + 1, usize::MAX] {
                let mut list = Arc::new(items.clone());
                let mut ours = MazeRng::from_seed(u64::from(len));
                let mut next = (len as usize).saturating_sub(1);
                while next >= 1 {
                    let before = next;
                    shuffle(&mut list, &mut ours, &mut next, pieces);
                    assert_eq!(before - next, pieces.min(before), "{len} in {pieces}s");
                }
                assert_eq!(*list, expected, "{len} in pieces of {pieces}");
                assert_eq!(ours.next_u64(), rng.clone().next_u64(), "{len} {pieces}");
            }
        }
    }

    #[test]
    fn running_from_any_step_braids_as_stepping_does() {
        for (braid, yard) in [(1.0, false), (0.4, true), (0.0, false)] {
            let options = MazeOptions::new(90, 70).seed(9).courtyard(yard);
            let maze = Generator::generate_grid(options).unwrap();
            let mut stepped = (maze.clone(), Braider::new(braid), MazeRng::from_seed(3));
            while stepped.1.step(&mut stepped.0, &mut stepped.2) != GenEvent::Done {}
            // Run on from within each pass: listing, shuffling, and the openings.
            for pass in 0..=3 {
                let (mut grid, mut braider, mut rng) =
                    (maze.clone(), Braider::new(braid), MazeRng::from_seed(3));
                while braider.pass_number() < pass {
                    braider.step(&mut grid, &mut rng);
                }
                for _ in 0..37 {
                    braider.step(&mut grid, &mut rng);
                }
                braider.run(&mut grid, &mut rng);
                assert_eq!(grid, stepped.0, "braid {braid}, pass {pass}");
                assert_eq!(rng.next_u64(), stepped.2.clone().next_u64());
            }
        }
    }
}
