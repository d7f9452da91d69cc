//! The one interface every generation algorithm implements.

use std::fmt;

use super::{CellState, GenEvent};
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::rng::MazeRng;

/// A generation algorithm as a step machine over a grid.
///
/// It is built on a fully closed grid (the 42 locked, the courtyard hollowed) from a start
/// cell, and then opens walls one [`step`](Carve::step) at a time until it returns
/// [`GenEvent::Done`]. The rules every algorithm keeps:
///
/// - locked (42) cells are never carved into or out of;
/// - courtyard cells are part of the maze from the start, with the start among them; walls
///   between them and other cells may be opened ("doors"), walls inside it are never touched;
/// - the result is a spanning tree of the cells it reached: no loops, so no 3x3 open area (or,
///   for [`Carve::may_leave_islands`], a forest the generator's linking pass then joins);
/// - no recursion and no per-step allocation that grows with the maze beyond O(cells).
pub(crate) trait Carve: fmt::Debug + Send {
    /// One unit of work, reported as one event.
    fn step(&mut self, grid: &mut Grid, rng: &mut MazeRng) -> GenEvent;

    /// Steps until done. Algorithms override it with a faster loop over the same step.
    fn run(&mut self, grid: &mut Grid, rng: &mut MazeRng) {
        while self.step(grid, rng) != GenEvent::Done {}
    }

    /// The cell being worked on, if the algorithm has one (it is drawn as the carving head).
    fn head(&self) -> Option<Pos> {
        None
    }

    /// Cells that have joined the maze so far, the start and the courtyard included; monotone,
    /// and equal to the open (non-42) cell count when carving is done, unless islands are left
    /// for the linking pass.
    fn visited(&self) -> u64;

    /// How a cell looks while carving: not reached, in the algorithm's working set (stack,
    /// frontier, current walk or chamber), or settled for good.
    fn cell_state(&self, pos: Pos) -> CellState;

    /// Roughly how many steps the whole run takes for `open_cells` cells, to pace the
    /// dashboard's animation; it need not be exact.
    fn estimated_steps(&self, open_cells: u64) -> u64;

    /// Whether the carved cells may form several trees (cut apart by the 42 or the courtyard,
    /// for the row-by-row algorithms), which a linking pass then joins into one.
    fn may_leave_islands(&self) -> bool {
        false
    }
}
