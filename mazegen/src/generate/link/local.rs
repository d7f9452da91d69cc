//! The islands found from the cells next to the 42, without labelling every cell: how
//! [`Linker::run`](super::Linker::run) learns the trees when it can.
//!
//! The carved grid is a forest (no algorithm makes a loop), so it holds `open cells - open
//! walls` trees, a count one cheap pass over the bytes gives. The row-by-row algorithms and
//! recursive division cut islands off only where the 42 stands in their way, so every island
//! has a cell next to it. The tree through each such cell is toured with a hand on the wall,
//! which in a tree needs no marks and no memory, giving up past a bound that grows round after
//! round. Once all trees but one are toured whole, the partition is known: the one left is the
//! rest of the grid. Which tree is left out does not matter, since the walls between trees are
//! the same whichever one is called the maze. When the tours would cost more than a share of
//! the grid, or the count does not come out, `None`: the caller scans the rows.

use crate::grid::{EAST_CLOSED, Grid, LOCKED, RowMajor, SOUTH_CLOSED};

/// The first tours' bound in steps; each round's is this many times the last's.
const FIRST_BOUND: u64 = 128;
const GROWTH: u64 = 8;

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
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let mut seeds: Vec<u32> = Vec::new();
    for pos in grid.stamp().iter().flat_map(|s| s.cells()) {
        let i = grid.index(pos);
        let (x, y) = (pos.x as usize, pos.y as usize);
        let near = [
            (y > 0).then(|| i - w),
            (x + 1 < w).then(|| i + 1),
            (y + 1 < h).then(|| i + w),
            (x > 0).then(|| i - 1),
        ];
        seeds.extend(near.into_iter().flatten().map(|n| n as u32));
    }
    seeds.retain(|&n| cells[n as usize] & LOCKED == 0);
    seeds.sort_unstable();
    seeds.dedup();
    let wanted = (trees - 1) as usize;
    let mut groups = Groups::new(&seeds, w);
    // A tour needs no memory, only time: a step costs about what a cell of the scan does, so
    // the tours leave the work to the scan past half as many steps as the grid has cells.
    // That finds an island of a tenth of the grid (its last tours are twice its size each,
    // the rounds before them an eighth of that), and a grid the tours cannot do costs half a
    // scan more. A small grid may tour more of itself, since its scan is what costs.
    let mut budget = cells.len() as u64 / 2 + 64 * FIRST_BOUND;
    let mut islands = Vec::new();
    let mut bound = FIRST_BOUND;
    loop {
        let mut open = 0;
        for (seed, &cell) in seeds.iter().enumerate() {
            // One tour a tree as far as known, from its first seed.
            if groups.whole[seed] || groups.root(seed) != seed {
                continue;
            }
            let (end, steps) = tour(
                cells,
                grid.rows(),
                &mut groups,
                (seed, cell as usize),
                bound.min(budget),
            );
            budget = budget.checked_sub(steps)?;
            match end {
                End::Whole => {
                    islands.push(cell);
                    if islands.len() == wanted {
                        return Some((islands, trees));
                    }
                }
                End::Bound => open += 1,
            }
        }
        if open <= 1 || budget == 0 {
            // All trees but one next to the 42 toured whole, and a tree left that is not.
            return None;
        }
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

/// The seeds, and which of them are known to be on one tree: a union-find so small (the
/// cells next to the 42) that it needs no ranks.
struct Groups {
    /// Each seed's parent in the union-find; a seed is its group's root when it is its own.
    parent: Vec<usize>,
    /// Whether the group of the seed, a root, has been toured whole.
    whole: Vec<bool>,
    /// The seed at each cell of the box around the seeds, `usize::MAX` for none: the box's
    /// top left cell, its width and height, and its cells row by row.
    corner: (usize, usize),
    size: (usize, usize),
    at: Vec<usize>,
}

impl Groups {
    fn new(seeds: &[u32], w: usize) -> Groups {
        let xy = |&s: &u32| (s as usize % w, s as usize / w);
        let (xs, ys): (Vec<usize>, Vec<usize>) = seeds.iter().map(xy).unzip();
        let (x0, y0) = (xs.iter().min().copied(), ys.iter().min().copied());
        let (x0, y0) = (x0.unwrap_or(0), y0.unwrap_or(0));
        let bw = xs.iter().max().map_or(0, |x| x - x0 + 1);
        let bh = ys.iter().max().map_or(0, |y| y - y0 + 1);
        let mut at = vec![usize::MAX; bw * bh];
        for (k, (x, y)) in xs.into_iter().zip(ys).enumerate() {
            at[(y - y0) * bw + (x - x0)] = k;
        }
        Groups {
            parent: (0..seeds.len()).collect(),
            whole: vec![false; seeds.len()],
            corner: (x0, y0),
            size: (bw, bh),
            at,
        }
    }

    fn root(&mut self, mut seed: usize) -> usize {
        while self.parent[seed] != seed {
            self.parent[seed] = self.parent[self.parent[seed]];
            seed = self.parent[seed];
        }
        seed
    }

    /// The seed at column `x`, row `y`, if any.
    #[inline]
    fn seed_at(&self, x: usize, y: usize) -> Option<usize> {
        let (bx, by) = (x.wrapping_sub(self.corner.0), y.wrapping_sub(self.corner.1));
        if bx >= self.size.0 || by >= self.size.1 {
            return None;
        }
        Some(self.at[by * self.size.0 + bx]).filter(|&k| k != usize::MAX)
    }

    /// Puts the group of `other` in the group of `root`, a root.
    fn join(&mut self, root: usize, other: usize) {
        let other = self.root(other);
        if other != root {
            self.parent[other] = root;
            self.whole[root] |= self.whole[other];
        }
    }
}

/// How a tour of a tree ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Back where it began: every cell of the tree reached.
    Whole,
    /// Given up at its bound.
    Bound,
}

/// For the heading a tour came in on and the open ways out of the cell it came to (a bit a
/// direction), the way it leaves: the first open one of right, straight on, left and back.
const TURN: [[u8; 16]; 4] = {
    let mut table = [[0u8; 16]; 4];
    let mut heading = 0;
    while heading < 4 {
        let tries = [
            (heading + 1) & 3,
            heading,
            (heading + 3) & 3,
            (heading + 2) & 3,
        ];
        let mut open = 1;
        while open < 16 {
            let mut t = 0;
            while open & (1 << tries[t]) == 0 {
                t += 1;
            }
            table[heading][open] = tries[t] as u8;
            open += 1;
        }
        heading += 1;
    }
    table
};

/// Tours the tree of seed `seed` (a root of `groups`) in `cells` (a grid `w` wide) with a hand
/// on the wall, which in a tree goes along each open wall once each way and back to its first
/// step, with no marks and no memory. Gives up after `bound` steps. Every seed it passes joins
/// the seed's group, which is marked whole if the tour ends whole. Returns how it ended and
/// the steps it took.
fn tour(
    cells: &[u8],
    rows: RowMajor,
    groups: &mut Groups,
    (seed, start): (usize, usize),
    bound: u64,
) -> (End, u64) {
    let w = rows.width();
    let open = |i: usize| rows.open_ways(cells, i);
    let moves: [(usize, usize, usize); 4] = [
        (w.wrapping_neg(), 0, usize::MAX),
        (1, 1, 0),
        (w, 0, 1),
        (usize::MAX, usize::MAX, 0),
    ];
    let first = open(start);
    if first == 0 {
        groups.whole[seed] = true;
        return (End::Whole, 0);
    }
    let first = first.trailing_zeros() as u8;
    let (mut i, mut x, mut y) = (start, start % w, start / w);
    let mut heading = first;
    let mut steps = 0;
    while steps < bound {
        let (di, dx, dy) = moves[heading as usize];
        (i, x, y) = (i.wrapping_add(di), x.wrapping_add(dx), y.wrapping_add(dy));
        steps += 1;
        if let Some(other) = groups.seed_at(x, y) {
            groups.join(seed, other);
        }
        heading = TURN[heading as usize][open(i) as usize];
        if i == start && heading == first {
            groups.whole[seed] = true;
            return (End::Whole, steps);
        }
    }
    (End::Bound, steps)
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
    fn tours_a_tree_whole_or_gives_up_past_its_bound() {
        let grid = Generator::generate_grid(MazeOptions::new(9, 7).seed(4)).unwrap();
        let cells = grid.raw();
        // Two seeds on the one tree, the maze: the tour from the first passes the second.
        let seeds = [0, 62];
        let mut groups = Groups::new(&seeds, 9);
        let whole = tour(cells, grid.rows(), &mut groups, (0, 0), u64::MAX);
        // Each of the tree's open walls once each way.
        assert_eq!(whole, (End::Whole, 2 * (grid.open_cell_count() - 1)));
        assert!(groups.whole[0]);
        assert_eq!(groups.root(1), 0);
        let mut groups = Groups::new(&seeds, 9);
        assert_eq!(
            tour(cells, grid.rows(), &mut groups, (0, 0), 30),
            (End::Bound, 30)
        );
        assert!(!groups.whole[0]);
    }

    #[test]
    fn a_tour_of_a_lone_cell_takes_no_step() {
        let grid = Grid::with_stamp(5, 4, None).unwrap();
        let mut groups = Groups::new(&[7], 5);
        assert_eq!(
            tour(grid.raw(), grid.rows(), &mut groups, (0, 7), 100),
            (End::Whole, 0)
        );
    }

    #[test]
    fn turns_right_first_and_back_last() {
        let (north, east, south, west) = (0u8, 1u8, 2u8, 3u8);
        assert_eq!(TURN[usize::from(north)][0b1111], east);
        assert_eq!(TURN[usize::from(north)][0b0101], north);
        assert_eq!(TURN[usize::from(north)][0b1100], west);
        assert_eq!(TURN[usize::from(north)][0b0100], south);
        assert_eq!(TURN[usize::from(west)][0b0010], east);
    }

    #[test]
    fn a_connected_grid_has_no_islands() {
        let grid = Generator::generate_grid(MazeOptions::new(20, 12).seed(2)).unwrap();
        assert_eq!(islands(&grid), Some((Vec::new(), 1)));
    }

    #[test]
    fn finds_what_the_row_by_row_algorithms_cut_off() {
        // Mazes as carved, before linking: most have islands by the 42, and the tours find
        // them all, the big ones too; the scan is left for the grids they cannot do.
        let (mut with_islands, mut found, mut scanned) = (0, 0, 0);
        for algorithm in [
            Algorithm::BinaryTree,
            Algorithm::Sidewinder,
            Algorithm::Eller,
            Algorithm::RecursiveDivision,
        ] {
            for seed in 0..10 {
                let options = MazeOptions::new(500, 400).seed(seed).algorithm(algorithm);
                let mut generator = Generator::build(options).unwrap();
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
        assert_eq!(scanned, 0, "{found} found, {scanned} scanned");
    }
}
