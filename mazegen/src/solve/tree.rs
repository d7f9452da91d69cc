//! The path between two cells of a tree (a perfect maze), without a search's per-cell state.
//!
//! A perfect maze has exactly one path between two cells, so any walk that finds the exit
//! finds the one a breadth-first search would record. This one is a depth-first walk that
//! keeps no marks: in a tree, the cell it came from is the only way back, so the stack of
//! steps taken is all it needs, and that stack is the path once it stands on the exit. It
//! tries first the ways that lead towards the exit. Its memory is the path, where a search
//! keeps a byte a cell and a queue.
//!
//! How far such a walk wanders before it finds the exit depends on which subtrees hang off
//! the path on the side it tries first, and the walk from the exit back to the entry meets
//! other subtrees. So on a big grid, with a second core, the two walks race, one on each
//! core, and the first to end calls the other off: the wall time is the shorter of the two.
//! The path is the same whichever wins, since a tree has only one.
//!
//! On a grid with a loop such a walk would go round it for ever: it gives up after twice as
//! many steps as a tree of the grid's size can take, and says so with `Err`.

mod walk;

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use crate::cores::two_cores;
use crate::geometry::{Dir, Pos};
use crate::grid::Grid;

use super::Solution;
use walk::{Ending, walk};

/// Why the walk gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// The grid is not a tree around `from`: the walk took more steps than any tree allows.
    NotATree,
    /// The allocator refused the path room to grow.
    OutOfMemory,
}

/// The grid size from which the two walks race: below it a walk takes less time than
/// starting a thread (tens of microseconds).
const RACE_FROM_CELLS: usize = 1 << 17;

/// The path from `from` to `to` in a grid whose part reachable from `from` is a tree;
/// `Ok(None)` when `to` is not reachable from `from`.
pub fn tree_path(grid: &Grid, from: Pos, to: Pos) -> Result<Option<Solution>, Walk> {
    let ending = if grid.raw().len() >= RACE_FROM_CELLS && two_cores() {
        race(grid, from, to)
    } else {
        walk(grid, from, to, &AtomicBool::new(false))
    };
    match ending {
        Ending::Found(path) => Ok(Some(Solution::new(from, path))),
        Ending::Unreachable => Ok(None),
        Ending::OutOfMemory => Err(Walk::OutOfMemory),
        // A race returns a walk that was stopped only if the other ended, with what it found;
        // were that ever not so, the caller's search is the safe answer.
        Ending::NotATree | Ending::Stopped => Err(Walk::NotATree),
    }
}

/// Walks from both ends at once, the walk from `to` on a thread of its own, and returns the
/// first to end, its steps turned round if it was the walk from `to`. Without a thread (the
/// system refused one) the walk from `from` alone.
fn race(grid: &Grid, from: Pos, to: Pos) -> Ending {
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let backwards = thread::Builder::new()
            .name("mazegen-path".into())
            .spawn_scoped(scope, || {
                let ending = walk(grid, to, from, &stop);
                stop.store(true, Ordering::Relaxed);
                ending
            });
        let forwards = walk(grid, from, to, &stop);
        stop.store(true, Ordering::Relaxed);
        let Ok(handle) = backwards else {
            return forwards;
        };
        // A panic in the other walk is a bug: it is passed on, not hidden.
        let backwards = handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match (forwards, backwards) {
            // Either walk may end first, but a grid found not to be a tree is believed, so
            // that the caller falls back to a search.
            (Ending::NotATree, _) | (_, Ending::NotATree) => Ending::NotATree,
            (Ending::Stopped, Ending::Found(mut steps)) => {
                turn_round(&mut steps);
                Ending::Found(steps)
            }
            (Ending::Stopped, other) => other,
            (ending, _) => ending,
        }
    })
}

/// The steps from `to` back to `from` as the steps from `from` to `to`, in place.
fn turn_round(steps: &mut [Dir]) {
    steps.reverse();
    for step in steps {
        *step = step.opposite();
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
            let grid = Generator::generate_grid(
                MazeOptions::new(width, height).seed(seed).algorithm(algorithm),
            ).unwrap();
            let pick = |a: u32, b: u32| Pos::new(a % width, b % height);
            let (from, to) = (pick(ends.0, ends.1), pick(ends.2, ends.3));
            prop_assume!(!grid.is_locked(from) && !grid.is_locked(to));
            prop_assert_eq!(tree_path(&grid, from, to), Ok(shortest_path(&grid, from, to)));
        }
    }

    /// Mazes big enough for the two walks to race, between corners and between cells in the
    /// middle: the path is the search's, whichever walk wins.
    #[test]
    fn the_race_agrees_with_bfs() {
        for (k, algorithm) in [
            Algorithm::Backtracker,
            Algorithm::Eller,
            Algorithm::RecursiveDivision,
            Algorithm::Prim,
        ]
        .into_iter()
        .enumerate()
        {
            let grid = Generator::generate_grid(
                MazeOptions::new(420, 330)
                    .seed(k as u64)
                    .algorithm(algorithm),
            )
            .unwrap();
            assert!(grid.raw().len() >= RACE_FROM_CELLS);
            for (from, to) in [
                corners(&grid),
                (Pos::new(419, 0), Pos::new(0, 329)),
                (Pos::new(3, 200), Pos::new(400, 17)),
            ] {
                let raced = tree_path(&grid, from, to).unwrap();
                assert_eq!(raced, shortest_path(&grid, from, to), "{algorithm:?}");
                // The race's answer is the single walk's.
                let alone = walk(&grid, from, to, &AtomicBool::new(false));
                assert_eq!(Ending::Found(raced.unwrap().dirs().to_vec()), alone);
            }
        }
    }

    #[test]
    fn a_raised_flag_stops_a_walk() {
        let grid = Generator::generate_grid(MazeOptions::new(300, 300).seed(2)).unwrap();
        let (from, to) = corners(&grid);
        assert_eq!(
            walk(&grid, from, to, &AtomicBool::new(true)),
            Ending::Stopped
        );
    }

    #[test]
    fn a_race_to_a_cell_walled_off_finds_nothing() {
        let mut grid = Generator::generate_grid(MazeOptions::new(400, 400).seed(4)).unwrap();
        let corner = Pos::new(399, 399);
        grid.set_wall(corner, Dir::North, true);
        grid.set_wall(corner, Dir::West, true);
        assert_eq!(tree_path(&grid, Pos::new(0, 0), corner), Ok(None));
    }

    #[test]
    fn turned_round_steps_walk_back() {
        let mut steps = vec![Dir::North, Dir::North, Dir::East, Dir::South];
        turn_round(&mut steps);
        assert_eq!(steps, [Dir::North, Dir::West, Dir::South, Dir::South]);
    }

    #[test]
    fn the_start_is_the_goal() {
        let grid = Generator::generate_grid(MazeOptions::new(5, 4).seed(1)).unwrap();
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
