//! The chasers of a playable board: where they start, and how they move.

use std::collections::{HashMap, VecDeque};

use crate::rng::MazeRng;
use crate::{Dir, Grid, Maze, Pos};

/// The most chasers a board has.
pub(crate) const MAX_CHASERS: usize = 4;

/// Open cells a chaser: a small board gets one, a 25x20 one four.
const CELLS_PER_CHASER: u64 = 120;

/// The most cells the search for the chasers' starting cells looks at: all of any maze up to
/// 256x256, and a bounded time (about 20 ms) for bigger ones, whose chasers then start in the
/// farther half of the part searched.
pub(crate) const PLACING_CELLS: usize = 1 << 16;

/// The most cells the chasers' search for the walker looks at each move (all of a 128x128
/// maze): a chaser farther than that waits until the walker comes nearer, so a move on a huge
/// board costs what a move on a small one does (a few milliseconds at most).
pub(crate) const SENSING_CELLS: usize = 1 << 14;

/// Mixed into the maze's seed, so the chasers' draw is not the carving's.
const SALT: u64 = 0xC4A5_E125_0F42_0042;

/// How many chasers a board of `open_cells` cells gets: one per 120 cells, one to four.
pub(crate) fn chaser_count(open_cells: u64) -> usize {
    (open_cells / CELLS_PER_CHASER).clamp(1, MAX_CHASERS as u64) as usize
}

/// Where the chasers of `maze` start: distinct cells, drawn from the maze's seed among the
/// reachable cells in the farther half from the entry (by path length), never the exit, so
/// the walker has a head start. (Of the first [`PLACING_CELLS`] cells a search from the entry
/// reaches.)
pub fn starting_cells(maze: &Maze) -> Vec<Pos> {
    let grid = maze.grid();
    let distances = distances_from(grid, maze.entry(), PLACING_CELLS);
    let farthest = distances.values().copied().max().unwrap_or(0);
    let mut candidates: Vec<Pos> = distances
        .iter()
        .filter(|&(&pos, &d)| 2 * d >= farthest && d > 0 && pos != maze.exit())
        .map(|(&pos, _)| pos)
        .collect();
    // A map's order is not the same from run to run: sort, so the seed decides alone.
    candidates.sort_unstable_by_key(|p| (p.y, p.x));
    let wanted = chaser_count(grid.open_cell_count()).min(candidates.len());
    let mut rng = MazeRng::from_seed(maze.seed() ^ SALT);
    let mut chosen = Vec::with_capacity(wanted);
    for _ in 0..wanted {
        let bound = u32::try_from(candidates.len()).unwrap_or(u32::MAX);
        chosen.push(candidates.swap_remove(rng.below(bound) as usize));
    }
    chosen
}

/// Path lengths from `from` to the first `limit` cells it reaches (every cell, if fewer).
fn distances_from(grid: &Grid, from: Pos, limit: usize) -> HashMap<Pos, u32> {
    let mut distances = HashMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        if distances.len() >= limit {
            break;
        }
        let d = distances[&at];
        for dir in grid.open_dirs(at) {
            if let Some(next) = grid.neighbour(at, dir) {
                distances.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    distances
}

/// Moves each chaser one cell along a shortest path towards `walker`. The search starts from
/// the walker (one search for all chasers, recomputed each move) and stops once it has reached
/// every chaser, or [`SENSING_CELLS`] cells, so it costs what the chasers' distance costs,
/// not the maze's size.
pub fn advance(grid: &Grid, walker: Pos, chasers: &mut [Pos]) {
    advance_within(grid, walker, chasers, SENSING_CELLS);
}

/// [`advance`], looking at no more than `limit` cells: chasers farther away stay.
pub(super) fn advance_within(grid: &Grid, walker: Pos, chasers: &mut [Pos], limit: usize) {
    // For each reached cell, the side to leave it by to get one step closer to the walker.
    let mut towards: HashMap<Pos, Option<Dir>> = HashMap::from([(walker, None)]);
    let mut queue = VecDeque::from([walker]);
    let mut left = chasers.iter().filter(|&&c| c != walker).count();
    while left > 0 && towards.len() < limit {
        let Some(at) = queue.pop_front() else {
            break; // a chaser the walker cannot reach stays where it is
        };
        for dir in grid.open_dirs(at) {
            let Some(next) = grid.neighbour(at, dir) else {
                continue;
            };
            if towards.contains_key(&next) {
                continue;
            }
            towards.insert(next, Some(dir.opposite()));
            queue.push_back(next);
            left -= chasers.iter().filter(|&&c| c == next).count();
        }
    }
    for chaser in chasers.iter_mut() {
        if let Some(Some(dir)) = towards.get(chaser) {
            *chaser = grid
                .neighbour(*chaser, *dir)
                .expect("an open side has a neighbour");
        }
    }
}
