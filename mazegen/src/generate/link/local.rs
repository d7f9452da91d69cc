//! The islands found from the cells next to the 42, without labelling every cell: how
//! [`Linker::run`](super::Linker::run) learns the trees when it can.
//!
//! The carved grid is a forest (no algorithm makes a loop), so it holds `open cells - open
//! walls` trees, a count one cheap pass over the bytes gives. The row-by-row algorithms and
//! recursive division cut islands off only where the 42 stands in their way, so every island
//! has a cell next to it. Each tree through such a cell is walked (a tree needs no marks: the
//! way back is the only way not to take again), giving up past a bound that grows round after
//! round. Once all trees but one are walked whole, the partition is known: the one left is the
//! rest of the grid. Which tree is left out does not matter, since the walls between trees are
//! the same whichever one is called the maze. When the walks would cost more than a share of
//! the grid, or the count does not come out, `None`: the caller scans the rows.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::grid::{EAST_CLOSED, Grid, LOCKED, SOUTH_CLOSED};

/// The hasher of the linker's sets of cells: a cell index times an odd constant, its high half
/// folded onto the low one (the table takes its buckets from the low bits, which alone would
/// repeat for cells a power of two apart). An island the 42 cuts off can hold millions of cells, each looked up
/// several times; the default hasher, made to resist chosen keys, costs several times this.
/// (Iterating such a set gives another order, which nothing here depends on.)
pub(super) type CellHash = BuildHasherDefault<CellHasher>;

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A set of cells, hashed with [`CellHash`].
type Cells = HashSet<u32, CellHash>;

/// The first walks' bound in cells; each round's is this many times the last's.
const FIRST_BOUND: usize = 64;
const GROWTH: usize = 8;

/// One cell of each tree but one, and how many trees the grid holds; `None` when that cannot
/// be learnt cheaply (see the module's comment).
pub(super) fn islands(grid: &Grid) -> Option<(Vec<u32>, u64)> {
    if grid.courtyard().is_some() {
        // Its open inside holds loops: the count would not be the trees'.
        return None;
    }
    let cells = grid.raw();
    let trees = grid.open_cell_count().checked_sub(open_walls(cells))?;
    if trees <= 1 {
        return Some((Vec::new(), trees));
    }
    let w = grid.width() as usize;
    let mut seeds: Vec<u32> = Vec::new();
    for pos in grid.stamp().iter().flat_map(|s| s.cells()) {
        let i = grid.index(pos);
        let (x, y) = (pos.x as usize, pos.y as usize);
        let near = [
            (y > 0).then(|| i - w),
            (x + 1 < w).then(|| i + 1),
            (y + 1 < grid.height() as usize).then(|| i + w),
            (x > 0).then(|| i - 1),
        ];
        seeds.extend(near.into_iter().flatten().map(|n| n as u32));
    }
    seeds.retain(|&n| cells[n as usize] & LOCKED == 0);
    seeds.sort_unstable();
    seeds.dedup();
    let wanted = (trees - 1) as usize;
    // A walked cell is kept in a list, on the stack and in a set, about 20 bytes: walking
    // more than 1/256 of a big grid would cost more than a tenth of a byte a cell (the scan,
    // which a bigger island leaves the work to, keeps two rows). A small grid may walk more
    // of itself, at most a third of a megabyte, since its scan is what costs.
    let mut budget = (cells.len() / 256).max(1 << 14) + 4 * FIRST_BOUND;
    let mut found = Cells::default();
    let mut islands = Vec::new();
    let mut walk = Walk::default();
    let mut bound = FIRST_BOUND;
    // The cells of this round's walks cut short: a walk that reaches one is in a tree walked
    // already, too big to be walked whole at this bound, and need not go on.
    let mut big = Cells::default();
    // The seeds of the trees not walked whole yet, one a tree as far as known.
    let mut open = seeds;
    loop {
        let mut longer = Vec::new();
        big.clear();
        for &seed in &open {
            if found.contains(&seed) || big.contains(&seed) {
                continue;
            }
            let ended = walk.tree(cells, w, seed as usize, bound.min(budget), &big);
            budget = budget.checked_sub(walk.cells.len())?;
            match ended {
                End::Whole => {
                    islands.push(seed);
                    found.extend(walk.cells.iter().copied());
                    if islands.len() == wanted {
                        return Some((islands, trees));
                    }
                }
                End::Bound => {
                    longer.push(seed);
                    big.extend(walk.cells.iter().copied());
                }
                End::Known => {}
            }
        }
        if longer.len() <= 1 || budget == 0 {
            // All trees but one next to the 42 walked whole, and a tree left that is not.
            return None;
        }
        open = longer;
        bound = bound.saturating_mul(GROWTH);
    }
}

/// Open walls between two cells: the open east and south walls (those of the border and the
/// 42 are closed), counted in blocks the compiler can vectorise.
fn open_walls(cells: &[u8]) -> u64 {
    cells
        .chunks(1 << 16)
        .map(|block| {
            let closed: u32 = block
                .iter()
                .map(|&b| u32::from(b & EAST_CLOSED) + u32::from((b & SOUTH_CLOSED) >> 1))
                .sum();
            2 * block.len() as u64 - u64::from(closed)
        })
        .sum()
}

/// How a walk of a tree ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Every cell of the tree reached.
    Whole,
    /// Given up at its bound.
    Bound,
    /// A cell of a tree known already reached.
    Known,
}

/// A walk of one tree, its buffers kept from walk to walk.
#[derive(Default)]
struct Walk {
    /// The cells reached, the first cell first.
    cells: Vec<u32>,
    /// The cells being walked from and the ways out of each not taken yet (a cell index fits
    /// in 32 bits: 8 bytes an entry, not 16).
    stack: Vec<(u32, u8)>,
}

impl Walk {
    /// Walks the tree of `start` in `cells` (a grid `w` wide) depth first, giving up once it
    /// has reached more than `bound` cells or a cell of `known`.
    fn tree(&mut self, cells: &[u8], w: usize, start: usize, bound: usize, known: &Cells) -> End {
        // Border walls need no bounds checks: the last column's east wall and the last row's
        // south wall are closed, and `i >= w`, `i >= 1` stand for row -1's and column -1's.
        let open = |i: usize| {
            let own = cells[i];
            u8::from(i >= w && cells[i.wrapping_sub(w)] & SOUTH_CLOSED == 0)
                | u8::from(own & EAST_CLOSED == 0) << 1
                | u8::from(own & SOUTH_CLOSED == 0) << 2
                | u8::from(i >= 1 && cells[i.wrapping_sub(1)] & EAST_CLOSED == 0) << 3
        };
        let offsets = [w.wrapping_neg(), 1, w, 1usize.wrapping_neg()];
        self.cells.clear();
        self.stack.clear();
        self.cells.push(start as u32);
        self.stack.push((start as u32, open(start)));
        while let Some(top) = self.stack.last_mut() {
            if top.1 == 0 {
                self.stack.pop();
                continue;
            }
            let d = top.1.trailing_zeros() as usize;
            top.1 &= top.1 - 1;
            let next = (top.0 as usize).wrapping_add(offsets[d]);
            if self.cells.len() >= bound {
                return End::Bound;
            }
            if !known.is_empty() && known.contains(&(next as u32)) {
                return End::Known;
            }
            self.cells.push(next as u32);
            // Not back the way it came.
            self.stack.push((next as u32, open(next) & !(1 << (d ^ 2))));
        }
        End::Whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::geometry::{Dir, Pos};

    #[test]
    fn counts_the_open_walls() {
        let mut grid = Grid::with_stamp(5, 4, None).unwrap();
        assert_eq!(open_walls(grid.raw()), 0);
        grid.set_wall(Pos::new(1, 1), Dir::East, false);
        grid.set_wall(Pos::new(1, 1), Dir::South, false);
        grid.set_wall(Pos::new(4, 2), Dir::North, false);
        assert_eq!(open_walls(grid.raw()), 3);
    }

    #[test]
    fn walks_a_tree_whole_or_gives_up_past_its_bound() {
        let grid = Generator::generate(MazeOptions::new(9, 7).seed(4)).unwrap();
        let mut walk = Walk::default();
        let none = Cells::default();
        assert_eq!(walk.tree(grid.raw(), 9, 0, usize::MAX, &none), End::Whole);
        let mut reached = walk.cells.clone();
        reached.sort_unstable();
        reached.dedup();
        assert_eq!(reached.len() as u64, grid.open_cell_count());
        assert_eq!(walk.tree(grid.raw(), 9, 0, 10, &none), End::Bound);
        assert_eq!(walk.cells.len(), 10);
        let known = Cells::from_iter([walk.cells[5]]);
        assert_eq!(walk.tree(grid.raw(), 9, 0, 100, &known), End::Known);
    }

    #[test]
    fn a_connected_grid_has_no_islands() {
        let grid = Generator::generate(MazeOptions::new(20, 12).seed(2)).unwrap();
        assert_eq!(islands(&grid), Some((Vec::new(), 1)));
    }

    #[test]
    fn finds_what_the_row_by_row_algorithms_cut_off() {
        // Mazes as carved, before linking: most have islands by the 42, and the walks find
        // them; the scan is left for the few whose islands are too big for the walks' budget.
        let (mut with_islands, mut found, mut scanned) = (0, 0, 0);
        for algorithm in [
            Algorithm::BinaryTree,
            Algorithm::Sidewinder,
            Algorithm::Eller,
            Algorithm::RecursiveDivision,
        ] {
            for seed in 0..10 {
                let options = MazeOptions::new(500, 400).seed(seed).algorithm(algorithm);
                let mut generator = Generator::new(options).unwrap();
                generator.run_steps_of_one_kind(u64::MAX);
                let trees = generator.grid().open_cell_count() - open_walls(generator.grid().raw());
                with_islands += usize::from(trees > 1);
                match islands(generator.grid()) {
                    Some((seeds, n)) => {
                        assert_eq!((seeds.len() as u64 + 1, n), (trees, trees));
                        found += 1;
                    }
                    None => scanned += 1,
                }
            }
        }
        assert!(with_islands > 20, "{with_islands}");
        assert!(scanned <= 2, "{found} found, {scanned} scanned");
    }
}
