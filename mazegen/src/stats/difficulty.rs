//! How hard a maze is to solve by eye: a score from 0 to 100 and a label (easy, medium, hard).
//!
//! A walker follows the shortest path from the entry; wherever the path passes a way off it (a
//! *decision point*), the walker may take that way instead, and only learns it was wrong at
//! the far end of the branch. Three things along the solution make the score:
//!
//! - **length**: the solution's `L` steps relative to the `M` steps the maze's geometry asks
//!   for at least (the Manhattan distance from the entry to the exit): a winding solution is
//!   harder to follow. It adds `1.5 × log2(L / M)`: 0 for a straight run, 3 for one four
//!   times as long.
//! - **decisions**: each way off the solution at a decision point that ends in a dead end.
//! - **depth**: how many steps deep that dead-end branch goes (breadth first from its
//!   entrance). A one-cell dead end is seen at a glance; a branch thirty cells deep costs
//!   sixty wasted steps. Each branch adds `log2(1 + depth)` (1 for a one-cell dead end, 5 for
//!   one 31 deep), and the sum is taken per cell of the solution. A way off that comes back to
//!   the solution is a loop: a decision, but nothing to waste, so it adds nothing.
//!
//! ```text
//! x     = 1.5 × log2(L / M) + Σ log2(1 + depth(branch)) / (L + 1)
//! score = min(100, 25 × x)
//! ```
//!
//! Easy is a score under [`MEDIUM_FROM`] (35), hard from [`HARD_FROM`] (60) on. They are set
//! on the bundled algorithms at 25x20 (the subject's size), corner to corner, 20 seeds each:
//! the braided boards (loops, no dead ends), binary tree and growing-tree-random (a nearly
//! straight solution past short branches) come out easy; Prim, Kruskal, Wilson, Eller,
//! sidewinder and recursive division medium; the backtracker and growing-tree-newest (long
//! winding rivers with deep dead ends) hard. A straight corridor scores 0.
//!
//! The walk costs one pass over the maze and two bits a cell, plus the widest branch's
//! frontier.

use crate::bytes::{room_for, try_filled};
use crate::error::Error;
use crate::geometry::Pos;
use crate::grid::{Grid, SizeError};
use crate::solve::Solution;

/// From this score on, a maze is medium.
pub(crate) const MEDIUM_FROM: f64 = 35.0;
/// From this score on, a maze is hard.
pub(crate) const HARD_FROM: f64 = 60.0;

/// Easy, medium or hard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// A score below [`Level::MEDIUM_FROM`].
    Easy,
    /// A score from [`Level::MEDIUM_FROM`] to below [`Level::HARD_FROM`].
    Medium,
    /// A score of [`Level::HARD_FROM`] or more.
    Hard,
}

impl Level {
    /// From this score on, a maze is medium.
    pub const MEDIUM_FROM: f64 = MEDIUM_FROM;
    /// From this score on, a maze is hard.
    pub const HARD_FROM: f64 = HARD_FROM;

    /// The level of a score (see the module docs).
    pub fn of(score: f64) -> Level {
        if score >= HARD_FROM {
            Level::Hard
        } else if score >= MEDIUM_FROM {
            Level::Medium
        } else {
            Level::Easy
        }
    }

    /// The level's name, as labels and the stats JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard the way from the entry to the exit is (see the module docs for the formula).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Difficulty {
    /// 0 (nothing to get wrong) to 100.
    pub score: f64,
    /// The score's level: easy, medium or hard.
    pub level: Level,
    /// Cells of the solution where a way leads off it (the exit not counted).
    pub decisions: u64,
    /// Dead-end branches off the solution (ways off it that lead back to it are loops, not
    /// counted).
    pub branches: u64,
    /// The deepest branch, in steps from the solution.
    pub deepest_branch: u64,
    /// The mean depth of the dead-end branches, in steps, to the hundredth (0 when there are
    /// none).
    pub mean_branch_depth: f64,
}

impl Difficulty {
    /// Measures the way `path` takes through `grid`.
    pub fn measure(grid: &Grid, path: &Solution) -> Difficulty {
        Difficulty::try_measure(grid, path).unwrap_or_else(|_| {
            let layout = std::alloc::Layout::array::<u64>(grid.cell_count().div_ceil(64));
            std::alloc::handle_alloc_error(layout.expect("a grid's size"))
        })
    }

    /// [`Difficulty::measure`], or [`Error::NotEnoughMemory`] when the allocator refuses
    /// its two bits a cell or a branch's levels room to grow.
    pub fn try_measure(grid: &Grid, path: &Solution) -> Result<Difficulty, Error> {
        Difficulty::measured(grid, path).map_err(Error::from)
    }

    /// [`Difficulty::try_measure`], with the error kept apart.
    pub(crate) fn measured(grid: &Grid, path: &Solution) -> Result<Difficulty, SizeError> {
        let refused = SizeError::NotEnoughMemory {
            task: "the difficulty",
            width: grid.width(),
            height: grid.height(),
        };
        let mut seen = Bits::new(grid.cell_count()).ok_or(refused.clone())?;
        let mut is_path = Bits::new(grid.cell_count()).ok_or(refused.clone())?;
        let (first, mut last, mut cells) = (path.start(), path.start(), 0u64);
        for p in path.cells(grid) {
            seen.set(grid.index(p));
            is_path.set(grid.index(p));
            last = p;
            cells += 1;
        }
        let (mut decisions, mut branches, mut deepest, mut wasted) = (0u64, 0u64, 0u64, 0u64);
        let mut branch_sum = 0.0;
        let mut level: Vec<Pos> = Vec::new();
        let mut next: Vec<Pos> = Vec::new();
        // The path is walked again rather than kept: its cells would take 8 bytes each.
        for cell in path.cells(grid).take(cells.saturating_sub(1) as usize) {
            let mut ways_off = 0;
            for dir in grid.open_dirs(cell) {
                let Some(entrance) = grid.neighbour(cell, dir) else {
                    continue;
                };
                if seen.get(grid.index(entrance)) {
                    continue;
                }
                ways_off += 1;
                // The branch, breadth first, level by level: its depth is the number of
                // levels.
                seen.set(grid.index(entrance));
                level.clear();
                if !room_for(&mut level, 1) {
                    return Err(refused);
                }
                level.push(entrance);
                let (mut depth, mut touches) = (0u64, 0u32);
                while !level.is_empty() {
                    depth += 1;
                    next.clear();
                    for &at in &level {
                        for d in grid.open_dirs(at) {
                            let Some(n) = grid.neighbour(at, d) else {
                                continue;
                            };
                            let i = grid.index(n);
                            if is_path.get(i) {
                                touches += 1;
                            } else if !seen.get(i) {
                                seen.set(i);
                                if !room_for(&mut next, 1) {
                                    return Err(refused);
                                }
                                next.push(n);
                            }
                        }
                    }
                    std::mem::swap(&mut level, &mut next);
                }
                // The entrance touches the path once; a branch that touches it again is a
                // loop back to it, not a dead end: nothing to waste.
                if touches == 1 {
                    branches += 1;
                    deepest = deepest.max(depth);
                    wasted += depth;
                    branch_sum += (1.0 + depth as f64).log2();
                }
            }
            if ways_off > 0 {
                decisions += 1;
            }
        }
        let steps = cells.saturating_sub(1) as f64;
        let least = f64::from(first.x.abs_diff(last.x) + first.y.abs_diff(last.y));
        let winding = if least == 0.0 {
            0.0
        } else {
            1.5 * (steps / least).max(1.0).log2()
        };
        let x = winding + branch_sum / (steps + 1.0);
        let score = ((25.0 * x).min(100.0) * 10.0).round() / 10.0;
        Ok(Difficulty {
            score,
            level: Level::of(score),
            decisions,
            branches,
            deepest_branch: deepest,
            // To the hundredth: a report, not a measurement to compute with.
            mean_branch_depth: if branches == 0 {
                0.0
            } else {
                (wasted as f64 / branches as f64 * 100.0).round() / 100.0
            },
        })
    }
}

/// One bit a cell.
struct Bits(Vec<u64>);

impl Bits {
    /// `n` bits, all clear; `None` when the allocator refuses them.
    fn new(n: usize) -> Option<Bits> {
        try_filled(n.div_ceil(64), 0).ok().map(Bits)
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dir;
    use crate::{Algorithm, Generator, MazeOptions, shortest_path};

    fn difficulty(grid: &Grid, entry: Pos, exit: Pos) -> Difficulty {
        let path = shortest_path(grid, entry, exit).unwrap();
        Difficulty::measure(grid, &path)
    }

    #[test]
    fn a_straight_corridor_is_easy_and_scores_nothing() {
        // Row 1 is walled off: only the corridor along row 0 is reachable.
        let mut grid = Grid::with_stamp(20, 2, None).unwrap();
        for x in 0..19 {
            grid.set_wall(Pos::new(x, 0), Dir::East, false);
        }
        let d = difficulty(&grid, Pos::new(0, 0), Pos::new(19, 0));
        assert_eq!((d.score, d.level), (0.0, Level::Easy));
        assert_eq!((d.decisions, d.branches, d.deepest_branch), (0, 0, 0));
    }

    /// A comb: the solution runs along the top row; from each of its cells but the last a
    /// tooth goes straight down `depth` cells to a dead end.
    fn comb(width: u32, depth: u32) -> Grid {
        let mut grid = Grid::with_stamp(width, depth + 1, None).unwrap();
        for x in 0..width {
            if x + 1 < width {
                grid.set_wall(Pos::new(x, 0), Dir::East, false);
            }
            for y in 0..depth {
                grid.set_wall(Pos::new(x, y), Dir::South, false);
            }
        }
        grid
    }

    #[test]
    fn deep_dead_ends_at_every_step_are_hard() {
        let grid = comb(10, 12);
        let d = difficulty(&grid, Pos::new(0, 0), Pos::new(9, 0));
        assert_eq!((d.decisions, d.branches, d.deepest_branch), (9, 9, 12));
        assert_eq!(d.mean_branch_depth, 12.0);
        assert_eq!(d.level, Level::Hard, "{d:?}");
        // The same comb with one-cell teeth: the dead ends are seen at a glance.
        let shallow = comb(10, 1);
        let s = difficulty(&shallow, Pos::new(0, 0), Pos::new(9, 0));
        assert_eq!(s.level, Level::Easy, "{s:?}");
        assert!(s.score < d.score);
    }

    #[test]
    fn levels_follow_the_thresholds() {
        assert_eq!(Level::of(0.0), Level::Easy);
        assert_eq!(Level::of(MEDIUM_FROM - 0.1), Level::Easy);
        assert_eq!(Level::of(MEDIUM_FROM), Level::Medium);
        assert_eq!(Level::of(HARD_FROM), Level::Hard);
        assert_eq!(Level::Medium.to_string(), "medium");
    }

    /// The median score of an algorithm's mazes at 25x20, corner to corner, over 20 seeds.
    fn median_score(algorithm: Algorithm, perfect: bool) -> f64 {
        let mut scores: Vec<f64> = (0..20)
            .map(|seed| {
                let options = MazeOptions::new(25, 20)
                    .seed(seed)
                    .algorithm(algorithm)
                    .perfect(perfect);
                let grid = Generator::generate_grid(options).unwrap();
                difficulty(&grid, Pos::new(0, 0), Pos::new(24, 19)).score
            })
            .collect();
        scores.sort_by(f64::total_cmp);
        scores[10]
    }

    #[test]
    fn the_bundled_algorithms_spread_over_the_three_levels() {
        let level = |algorithm, perfect| Level::of(median_score(algorithm, perfect));
        assert_eq!(level(Algorithm::Backtracker, true), Level::Hard);
        assert_eq!(level(Algorithm::Prim, true), Level::Medium);
        assert_eq!(level(Algorithm::Kruskal, true), Level::Medium);
        assert_eq!(level(Algorithm::BinaryTree, true), Level::Easy);
        for &algorithm in Algorithm::ALL {
            assert_eq!(level(algorithm, false), Level::Easy, "{algorithm} board");
        }
    }
}
