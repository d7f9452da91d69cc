//! Breadth-first search: finds a shortest path, which is the one the maze file records.

use std::collections::VecDeque;

use super::{Solution, SolveEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, SOUTH_CLOSED};

/// Scratch byte of a cell: 0 until reached, then `REACHED` plus the direction back to the cell
/// it was reached from in the low two bits.
const REACHED: u8 = 4;

#[derive(Clone, Debug)]
pub struct Bfs {
    from: usize,
    /// The goal; `None` searches every reachable cell.
    to: Option<usize>,
    came_from: Vec<u8>,
    queue: VecDeque<u32>,
    visited: u64,
    found: bool,
    done: bool,
}

impl Bfs {
    /// A search from `from` to `to`, both inside `grid`.
    pub fn new(grid: &Grid, from: Pos, to: Pos) -> Bfs {
        Bfs::search(grid, from, Some(to))
    }

    /// A search from `from` that reaches every cell it can (a flood fill), after which
    /// [`Bfs::path_to`] gives a shortest path to any reached cell.
    pub fn flood(grid: &Grid, from: Pos) -> Bfs {
        Bfs::search(grid, from, None)
    }

    fn search(grid: &Grid, from: Pos, to: Option<Pos>) -> Bfs {
        let to = to.map(|p| grid.index(p));
        let from = grid.index(from);
        let mut came_from = vec![0u8; grid.cell_count()];
        came_from[from] = REACHED;
        Bfs {
            from,
            to,
            came_from,
            queue: VecDeque::from([from as u32]),
            visited: 1,
            found: to == Some(from),
            done: false,
        }
    }

    /// Expands the oldest cell of the frontier: reaches its open, unreached neighbours.
    /// `grid` must be the grid the search was created for.
    #[inline(always)]
    pub fn step(&mut self, grid: &Grid) -> SolveEvent {
        if self.done || self.found {
            self.done = true;
            return SolveEvent::Done { found: self.found };
        }
        let Some(i) = self.queue.pop_front() else {
            self.done = true;
            return SolveEvent::Done { found: false };
        };
        let i = i as usize;
        let cells = grid.raw();
        let w = grid.width() as usize;
        // Border walls need no bounds checks: the last column's east wall and the last row's
        // south wall are always closed, and so are the walls of row -1 and column -1, which
        // `i >= w` and `i >= 1` stand for.
        let neighbours = [
            (
                i >= w && cells[i - w] & SOUTH_CLOSED == 0,
                i.wrapping_sub(w),
            ),
            (cells[i] & EAST_CLOSED == 0, i + 1),
            (cells[i] & SOUTH_CLOSED == 0, i + w),
            (i >= 1 && cells[i - 1] & EAST_CLOSED == 0, i.wrapping_sub(1)),
        ];
        for (dir, (open, next)) in neighbours.into_iter().enumerate() {
            if open && self.came_from[next] == 0 {
                // The way back is the opposite direction: `d ^ 2` in N, E, S, W order.
                self.came_from[next] = REACHED | (dir as u8 ^ 2);
                self.visited += 1;
                self.queue.push_back(next as u32);
                if Some(next) == self.to {
                    self.found = true;
                    break;
                }
            }
        }
        SolveEvent::Visit { cell: grid.pos(i) }
    }

    /// Steps until done; returns whether the goal was reached.
    pub fn run(&mut self, grid: &Grid) -> bool {
        loop {
            if let SolveEvent::Done { found } = self.step(grid) {
                return found;
            }
        }
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Cells reached so far.
    pub fn visited(&self) -> u64 {
        self.visited
    }

    /// Whether the search has reached `pos`.
    pub fn reached(&self, grid: &Grid, pos: Pos) -> bool {
        self.came_from[grid.index(pos)] != 0
    }

    /// The cells waiting to be expanded.
    pub fn frontier<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Pos> + 'a {
        self.queue.iter().map(|&i| grid.pos(i as usize))
    }

    /// The shortest path, once the goal has been reached.
    pub fn solution(&self, grid: &Grid) -> Option<Solution> {
        let to = self.to.filter(|_| self.found)?;
        self.path_to(grid, grid.pos(to))
    }

    /// A shortest path to `pos` if the search has reached it.
    pub fn path_to(&self, grid: &Grid, pos: Pos) -> Option<Solution> {
        let mut at = grid.index(pos);
        if self.came_from[at] == 0 {
            return None;
        }
        let w = grid.width() as usize;
        let mut dirs = Vec::new();
        while at != self.from {
            let back = Dir::from_index(self.came_from[at]);
            dirs.push(back.opposite());
            at = match back {
                Dir::North => at - w,
                Dir::East => at + 1,
                Dir::South => at + w,
                Dir::West => at - 1,
            };
        }
        dirs.reverse();
        Some(Solution::new(grid.pos(self.from), dirs))
    }
}
