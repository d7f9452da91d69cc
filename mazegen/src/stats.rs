//! What a maze is made of: dead ends, junctions, corridors, loops and the solution's share.
//!
//! The counting functions ([`dead_ends`], [`open_walls`], [`loops`]) are cheap building blocks
//! the generator and validator use; [`MazeStats::measure`] gathers everything in one pass for
//! the dashboard's sidebar and `--headless --stats`. The solution's [`Difficulty`] is measured
//! apart (it walks every branch off the path), by [`Maze::difficulty`](crate::Maze::difficulty).

mod difficulty;

pub use difficulty::{Difficulty, Level};

use crate::bytes::{OutOfMemory, try_filled};
use crate::error::Error;
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, SizeError};
use crate::solve::Solution;

/// A cell with exactly one open wall (42 cells, fully closed, are not dead ends).
pub fn is_dead_end(grid: &Grid, pos: Pos) -> bool {
    grid.walls(pos).open_count() == 1
}

#[cfg(test)]
/// Number of dead ends in the maze.
pub fn dead_ends(grid: &Grid) -> usize {
    grid.positions().filter(|&p| is_dead_end(grid, p)).count()
}

#[cfg(test)]
/// Number of open walls between two cells.
pub fn open_walls(grid: &Grid) -> u64 {
    grid.positions()
        .map(|p| u64::from(grid.is_open(p, Dir::East)) + u64::from(grid.is_open(p, Dir::South)))
        .sum()
}

#[cfg(test)]
/// Independent loops, `E - V + 1`, of a maze whose open cells (all but the 42) are connected:
/// 0 for a perfect maze. The courtyard's own four loops are counted.
pub fn loops(grid: &Grid) -> u64 {
    (open_walls(grid) + 1).saturating_sub(grid.open_cell_count())
}

/// The shape of a maze, measured in one pass (plus one for corridors).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct MazeStats {
    /// Cells outside the 42.
    pub cells: u64,
    /// Cells with one opening.
    pub dead_ends: u64,
    /// Cells with three or four openings (where a walker must choose).
    pub junctions: u64,
    /// Cells with two openings facing each other.
    pub straights: u64,
    /// Cells with two openings at a right angle.
    pub turns: u64,
    /// Independent loops, `E - V + 1` (0 for a perfect maze, 4 more with a courtyard).
    pub loops: u64,
    /// The most cells in one corridor: consecutive cells with two openings, between junctions
    /// or dead ends.
    pub longest_corridor: u64,
    /// Steps on the solution, when one is given.
    pub path_length: Option<u64>,
    /// Share of the cells on the solution (its cells, both ends included), 0.0 to 1.0.
    pub path_share: Option<f64>,
    /// Share of the cells that continue straight or turn without branching (`straights +
    /// turns` over `cells`): high for long winding "rivers", low for bushy mazes.
    pub river_factor: f64,
}

impl MazeStats {
    /// Measures `grid`, and the solution's share of it if `path` is given.
    pub fn measure(grid: &Grid, path: Option<&Solution>) -> MazeStats {
        MazeStats::try_measure(grid, path).unwrap_or_else(|_| {
            std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<bool>(grid.cell_count()).expect("a grid's size"),
            )
        })
    }

    /// [`MazeStats::measure`], or [`Error::NotEnoughMemory`] when the allocator refuses
    /// the byte a cell it takes to walk the corridors.
    pub fn try_measure(grid: &Grid, path: Option<&Solution>) -> Result<MazeStats, Error> {
        MazeStats::measured(grid, path).map_err(Error::from)
    }

    /// [`MazeStats::try_measure`], with the error kept apart.
    pub(crate) fn measured(grid: &Grid, path: Option<&Solution>) -> Result<MazeStats, SizeError> {
        let refused = SizeError::NotEnoughMemory {
            task: "the statistics",
            width: grid.width(),
            height: grid.height(),
        };
        let mut stats = MazeStats {
            cells: 0,
            dead_ends: 0,
            junctions: 0,
            straights: 0,
            turns: 0,
            loops: 0,
            longest_corridor: longest_corridor(grid).map_err(|OutOfMemory| refused)?,
            path_length: None,
            path_share: None,
            river_factor: 0.0,
        };
        let mut open = 0u64;
        for p in grid.positions() {
            if grid.is_locked(p) {
                continue;
            }
            stats.cells += 1;
            let walls = grid.walls(p);
            open +=
                u64::from(!walls.is_closed(Dir::East)) + u64::from(!walls.is_closed(Dir::South));
            match walls.open_count() {
                1 => stats.dead_ends += 1,
                2 if is_straight(walls.bits()) => stats.straights += 1,
                2 => stats.turns += 1,
                3 | 4 => stats.junctions += 1,
                _ => {}
            }
        }
        stats.loops = (open + 1).saturating_sub(stats.cells);
        if stats.cells > 0 {
            stats.river_factor = (stats.straights + stats.turns) as f64 / stats.cells as f64;
        }
        if let Some(path) = path {
            let steps = path.len() as u64;
            stats.path_length = Some(steps);
            stats.path_share = (stats.cells > 0).then(|| (steps + 1) as f64 / stats.cells as f64);
        }
        Ok(stats)
    }
}

/// Whether the two open sides of a two-opening cell face each other (closed walls N+S or E+W).
fn is_straight(closed_bits: u8) -> bool {
    let ns = Dir::North.bit() | Dir::South.bit();
    let ew = Dir::East.bit() | Dir::West.bit();
    closed_bits == ns || closed_bits == ew
}

/// The most cells in a run of two-opening cells. Each corridor is walked once from its first
/// unseen cell out along both openings, so the whole pass is linear; a ring of corridor cells
/// (possible only around the 42 or the courtyard) stops where it started.
fn longest_corridor(grid: &Grid) -> Result<u64, OutOfMemory> {
    let is_corridor = |p: Pos| !grid.is_locked(p) && grid.walls(p).open_count() == 2;
    let mut seen = try_filled(grid.cell_count(), false)?;
    let mut longest = 0;
    for start in grid.positions() {
        if seen[grid.index(start)] || !is_corridor(start) {
            continue;
        }
        seen[grid.index(start)] = true;
        let mut length = 1;
        for first in grid.open_dirs(start) {
            let (mut at, mut came) = (start, first);
            while let Some(next) = grid.neighbour(at, came).filter(|&n| is_corridor(n)) {
                if seen[grid.index(next)] {
                    break;
                }
                seen[grid.index(next)] = true;
                length += 1;
                let back = came.opposite();
                came = grid
                    .open_dirs(next)
                    .find(|&d| d != back)
                    .expect("a corridor cell has a second opening");
                at = next;
            }
        }
        longest = longest.max(length);
    }
    Ok(longest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Generator, MazeOptions, shortest_path};

    /// A 4x3 grid carved by hand:
    ///
    /// ```text
    /// row 0:  a - b - c - d      a dead end, b c straights, d a turn down
    ///                     |
    /// row 1:  e - f - g - h      h a junction (up, left, down), e f g a corridor to dead end e
    ///                     |
    /// row 2:  i   j   k   l      l a dead end; i j k closed off (unreachable, 0 openings)
    /// ```
    fn sample() -> Grid {
        let mut grid = Grid::with_stamp(4, 3, None).unwrap();
        for x in 0..3 {
            grid.set_wall(Pos::new(x, 0), Dir::East, false);
            grid.set_wall(Pos::new(x, 1), Dir::East, false);
        }
        grid.set_wall(Pos::new(3, 0), Dir::South, false);
        grid.set_wall(Pos::new(3, 1), Dir::South, false);
        grid
    }

    #[test]
    fn counts_each_kind_of_cell() {
        let stats = MazeStats::measure(&sample(), None);
        assert_eq!(stats.cells, 12);
        assert_eq!(stats.dead_ends, 3, "a, e and l");
        assert_eq!(stats.junctions, 1, "h");
        assert_eq!(stats.straights, 4, "b, c, f, g");
        assert_eq!(stats.turns, 1, "d");
        assert_eq!(stats.longest_corridor, 3, "b, c, d");
        assert_eq!(stats.river_factor, 5.0 / 12.0);
        assert_eq!(stats.path_length, None);
    }

    #[test]
    fn the_path_share_counts_the_paths_cells() {
        let grid = sample();
        let path = shortest_path(&grid, Pos::new(0, 0), Pos::new(3, 2)).unwrap();
        let stats = MazeStats::measure(&grid, Some(&path));
        assert_eq!(stats.path_length, Some(5));
        assert_eq!(stats.path_share, Some(6.0 / 12.0));
    }

    #[test]
    fn perfect_mazes_have_no_loops_and_boards_do() {
        let perfect = Generator::generate_grid(MazeOptions::new(30, 20).seed(4)).unwrap();
        let stats = MazeStats::measure(&perfect, None);
        assert_eq!(stats.loops, 0);
        assert_eq!(stats.cells, 30 * 20 - 18);
        // Every cell is exactly one kind.
        assert_eq!(
            stats.dead_ends + stats.junctions + stats.straights + stats.turns,
            stats.cells
        );
        assert_eq!(stats.dead_ends as usize, dead_ends(&perfect));
        let board =
            Generator::generate_grid(MazeOptions::new(30, 20).seed(4).perfect(false)).unwrap();
        let board_stats = MazeStats::measure(&board, None);
        assert_eq!(board_stats.loops, loops(&board));
        assert!(board_stats.loops >= 2);
        assert!(board_stats.dead_ends < stats.dead_ends);
    }

    #[test]
    fn a_ring_corridor_is_measured_once() {
        // A 3x3 ring around a walled-off centre: eight turns and straights, no ends.
        let mut grid = Grid::with_stamp(3, 3, None).unwrap();
        for (p, d) in [
            ((0, 0), Dir::East),
            ((1, 0), Dir::East),
            ((2, 0), Dir::South),
            ((2, 1), Dir::South),
            ((2, 2), Dir::West),
            ((1, 2), Dir::West),
            ((0, 2), Dir::North),
            ((0, 1), Dir::North),
        ] {
            grid.set_wall(Pos::new(p.0, p.1), d, false);
        }
        let stats = MazeStats::measure(&grid, None);
        assert_eq!(stats.longest_corridor, 8);
        // E - V + 1 assumes one connected maze: the walled-off centre cell cancels the ring.
        assert_eq!(stats.loops, 0);
        assert_eq!((stats.straights, stats.turns), (4, 4));
    }

    #[test]
    fn a_long_corridor_maze_is_one_corridor() {
        // 2 wide: the backtracker makes long runs; the longest can be no longer than the maze.
        let grid = Generator::generate_grid(MazeOptions::new(2, 500).seed(2)).unwrap();
        let stats = MazeStats::measure(&grid, None);
        assert!(stats.longest_corridor > 10 && stats.longest_corridor <= 1000);
        assert!(stats.river_factor > 0.5, "{}", stats.river_factor);
    }
}
