//! Counting what a maze is made of: dead ends, loops.

use crate::geometry::{Dir, Pos};
use crate::grid::Grid;

/// A cell with exactly one open wall (42 cells, fully closed, are not dead ends).
pub fn is_dead_end(grid: &Grid, pos: Pos) -> bool {
    grid.walls(pos).open_count() == 1
}

/// Number of dead ends in the maze.
pub fn dead_ends(grid: &Grid) -> usize {
    grid.positions().filter(|&p| is_dead_end(grid, p)).count()
}

/// Number of open walls between two cells.
pub fn open_walls(grid: &Grid) -> u64 {
    grid.positions()
        .map(|p| u64::from(grid.is_open(p, Dir::East)) + u64::from(grid.is_open(p, Dir::South)))
        .sum()
}

/// Independent loops, `E - V + 1`, of a maze whose open cells (all but the 42) are connected:
/// 0 for a perfect maze.
pub fn loops(grid: &Grid) -> u64 {
    let cells = grid.positions().filter(|&p| !grid.is_locked(p)).count() as u64;
    (open_walls(grid) + 1).saturating_sub(cells)
}
