//! The path between two cells of a tree (a perfect maze), without a search's per-cell state.
//!
//! A perfect maze has exactly one path between two cells, so any walk that finds the exit
//! finds the one a breadth-first search would record. This one is a depth-first walk that
//! keeps no marks: in a tree, the cell it came from is the only way back, so the stack of
//! steps taken is all it needs, and that stack is the path once it stands on the exit. It
//! tries first the ways that lead towards the exit. Its memory is the path, where a search
//! keeps a byte a cell and a queue.
//!
//! On a grid with a loop such a walk would go round it for ever: it gives up after twice as
//! many steps as a tree of the grid's size can take, and says so with `Err`.

use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, SOUTH_CLOSED};

use super::Solution;

/// Why the walk gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// The grid is not a tree around `from`: the walk took more steps than any tree allows.
    NotATree,
    /// The allocator refused the path room to grow.
    OutOfMemory,
}

/// The path from `from` to `to` in a grid whose part reachable from `from` is a tree;
/// `Ok(None)` when `to` is not reachable from `from`.
pub fn tree_path(grid: &Grid, from: Pos, to: Pos) -> Result<Option<Solution>, Walk> {
    let cells = grid.raw();
    let w = grid.width() as usize;
    let rows = grid.rows();
    let target = rows.of(to);
    // One order for the whole walk, the ways towards the exit first: a cell's own order would
    // cost more a step than it saves.
    let order = towards(
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let mut rank = [0usize; 4];
    for (k, &d) in order.iter().enumerate() {
        rank[d as usize] = k;
    }
    // A cell's open walls as bits in `order`'s positions, from its bits in `Dir` order.
    let mut reorder = [0u8; 16];
    for (mask, reordered) in reorder.iter_mut().enumerate() {
        for (k, &d) in order.iter().enumerate() {
            *reordered |= u8::from(mask & (1 << d) != 0) << k;
        }
    }
    let offsets = rows.offsets();
    // A tree of n cells is walked, there and back, in 2 (n - 1) steps.
    let bound = 2 * cells.len() as u64;
    let mut path: Vec<Dir> = Vec::new();
    let mut i = rows.of(from);
    // The position, in `order`, of the next way to try.
    let mut k = 0;
    let mut steps = 0u64;
    while i != target {
        // Border walls need no bounds checks: the last column's east wall and the last row's
        // south wall are closed, and `i >= w`, `i >= 1` stand for row -1's and column -1's.
        let own = cells[i];
        let open = u8::from(i >= w && cells[i.wrapping_sub(w)] & SOUTH_CLOSED == 0)
            | u8::from(own & EAST_CLOSED == 0) << 1
            | u8::from(own & SOUTH_CLOSED == 0) << 2
            | u8::from(i >= 1 && cells[i.wrapping_sub(1)] & EAST_CLOSED == 0) << 3;
        // Not back the way it came.
        let back = path.last().map_or(0, |&d| 1 << (d as u8 ^ 2));
        let ways = reorder[usize::from(open & !back)] >> k << k;
        if ways != 0 {
            let d = order[ways.trailing_zeros() as usize];
            if !crate::generate::room_for(&mut path, 1) {
                return Err(Walk::OutOfMemory);
            }
            path.push(Dir::from_index(d));
            i = i.wrapping_add_signed(offsets[d as usize]);
            k = 0;
        } else {
            // Every way out of here is walked: back to the cell this one was entered from.
            let Some(came) = path.pop() else {
                return Ok(None);
            };
            i = i.wrapping_add_signed(-offsets[came as usize]);
            k = rank[came as usize] + 1;
        }
        steps += 1;
        if steps > bound {
            return Err(Walk::NotATree);
        }
    }
    Ok(Some(Solution::new(from, path)))
}

/// The four directions (as `Dir` indices, N E S W = 0 1 2 3) in the order to try them on the
/// way from a cell `dx` columns and `dy` rows away from the goal: the two that close in on it
/// first, the longer way first.
fn towards(dx: i64, dy: i64) -> [u8; 4] {
    let h = if dx >= 0 { 1 } else { 3 };
    let v = if dy >= 0 { 2 } else { 0 };
    if dx.abs() >= dy.abs() {
        [h, v, v ^ 2, h ^ 2]
    } else {
        [v, h, h ^ 2, v ^ 2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, Generator, MazeOptions};
    use crate::solve::shortest_path;
    use proptest::prelude::*;

    fn corners(grid: &Grid) -> (Pos, Pos) {
        (
            Pos::new(0, 0),
            Pos::new(grid.width() - 1, grid.height() - 1),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Over every algorithm, thin and square sizes with and without the 42, and any two
        /// open cells: the walk's path is the breadth-first search's.
        #[test]
        fn agrees_with_bfs_on_every_perfect_maze(
            algorithm in prop::sample::select(Algorithm::ALL.to_vec()),
            width in 2u32..40,
            height in 2u32..40,
            seed in any::<u64>(),
            ends in any::<(u32, u32, u32, u32)>(),
        ) {
            let grid = Generator::generate(
                MazeOptions::new(width, height).seed(seed).algorithm(algorithm),
            ).unwrap();
            let pick = |a: u32, b: u32| Pos::new(a % width, b % height);
            let (from, to) = (pick(ends.0, ends.1), pick(ends.2, ends.3));
            prop_assume!(!grid.is_locked(from) && !grid.is_locked(to));
            prop_assert_eq!(tree_path(&grid, from, to), Ok(shortest_path(&grid, from, to)));
        }
    }

    #[test]
    fn the_start_is_the_goal() {
        let grid = Generator::generate(MazeOptions::new(5, 4).seed(1)).unwrap();
        let path = tree_path(&grid, Pos::new(2, 2), Pos::new(2, 2))
            .unwrap()
            .unwrap();
        assert!(path.is_empty());
    }

    #[test]
    fn a_loop_is_refused_not_walked_for_ever() {
        // A fully open 3x3 block, with the 42-free closed grid around it.
        let mut grid = Grid::with_stamp(4, 4, None).unwrap();
        for y in 0..3 {
            for x in 0..3 {
                if x < 2 {
                    grid.set_wall(Pos::new(x, y), Dir::East, false);
                }
                if y < 2 {
                    grid.set_wall(Pos::new(x, y), Dir::South, false);
                }
            }
        }
        let (from, to) = corners(&grid);
        assert_eq!(tree_path(&grid, from, to), Err(Walk::NotATree));
    }

    #[test]
    fn a_cell_walled_off_is_not_reached() {
        let mut grid = Grid::with_stamp(3, 3, None).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        grid.set_wall(Pos::new(1, 0), Dir::South, false);
        let (from, to) = corners(&grid);
        assert_eq!(tree_path(&grid, from, to), Ok(None));
    }
}
