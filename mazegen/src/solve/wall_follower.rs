//! Wall followers: walk with one hand on the wall until the goal turns up.
//!
//! The walker stands in a cell, facing the way it last moved (north at the start). Each step
//! it turns towards its hand if it can, else goes straight on, else turns away from it, else
//! turns back: one move a step. In a perfect maze this walks round the whole tree, every
//! corridor once each way, so it always reaches the goal; in a maze with loops it can circle
//! round an island of walls forever.
//!
//! **Circling.** The next move only depends on the cell and the facing, so as soon as the
//! walker would stand in a cell facing a way it has stood there before, it would repeat the
//! same round for ever without meeting the goal (it would have stopped there the first time).
//! Each cell keeps four bits, one per facing; a move into a state already seen gives up with
//! `Done { found: false }`. There are 4 states a cell, so the walk makes at most 4 x cells
//! moves.
//!
//! **The path.** The walk itself doubles back and goes round loops; its solution is the walk
//! with loops erased, a simple path. The walker keeps that path as it goes: stepping into a
//! cell on the path (back out of a dead end, or round a loop) cuts the path back to that cell.
//! Cutting a long loop is done one cell a step ([`SolveEvent::Retreat`]) while the walker
//! waits, so no step does more than constant work; the walk and its cuts total at most
//! 8 x cells steps.

use super::{Search, SearchState, Solution, SolveEvent, Solver};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor, SizeError};

/// Which hand stays on the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    /// Keeps its left hand on the wall.
    Left,
    /// Keeps its right hand on the wall.
    Right,
}

impl Hand {
    /// The directions to try, in order, when facing `facing`: towards the hand, straight on,
    /// away from it, back.
    fn order(self, facing: Dir) -> [Dir; 4] {
        let turn = |quarters: u8| Dir::from_index(facing as u8 + quarters);
        match self {
            Hand::Left => [turn(3), turn(0), turn(1), turn(2)],
            Hand::Right => [turn(1), turn(0), turn(3), turn(2)],
        }
    }
}

/// Per-cell byte: bits 0-3 ([`Dir::bit`]), whether the walker has stood here facing each
/// direction; then whether it has walked here at all, and whether the cell is on the
/// (loop-erased) path.
const WALKED: u8 = 16;
const ON_PATH: u8 = 32;

/// A wall follower. Needs one byte a cell, plus one a cell of the current path.
#[derive(Clone, Debug)]
pub struct WallFollower {
    hand: Hand,
    rows: RowMajor,
    from: usize,
    to: usize,
    cells: Vec<u8>,
    /// Where the walker stands, and the way it faces.
    at: usize,
    facing: Dir,
    /// The walk so far with loops erased: the moves from the start.
    path: Vec<Dir>,
    /// The path's last cell: `at`, unless a loop is still being cut.
    path_end: usize,
    walked: u64,
    found: bool,
    done: bool,
    /// The path could not grow: the walk stopped there, unfinished.
    out_of_memory: bool,
}

impl WallFollower {
    #[cfg(test)]
    /// A walk on `grid` from `from` to `to`, both inside it, starting out facing north.
    pub fn new(grid: &Grid, from: Pos, to: Pos, hand: Hand) -> WallFollower {
        super::or_abort(WallFollower::try_new(grid, from, to, hand), grid)
    }

    /// [`WallFollower::new`], or [`SizeError::NotEnoughMemory`] when the allocator refuses
    /// the walk its byte a cell.
    pub fn try_new(grid: &Grid, from: Pos, to: Pos, hand: Hand) -> Result<WallFollower, SizeError> {
        let (from_i, to_i) = (grid.index(from), grid.index(to));
        let facing = Dir::North;
        let mut cells = super::try_cells(grid, 0)?;
        cells[from_i] = WALKED | ON_PATH | facing.bit();
        Ok(WallFollower {
            hand,
            rows: grid.rows(),
            from: from_i,
            to: to_i,
            cells,
            at: from_i,
            facing,
            path: Vec::new(),
            path_end: from_i,
            walked: 1,
            found: from == to,
            done: false,
            out_of_memory: false,
        })
    }

    /// Takes the last cell off the path and reports it.
    fn cut(&mut self) -> SolveEvent {
        let dir = self
            .path
            .pop()
            .expect("the cut stops at a cell on the path");
        let end = self.path_end;
        self.cells[end] &= !ON_PATH;
        self.path_end = self.rows.step(end, dir.opposite());
        SolveEvent::Retreat {
            from: self.rows.pos(end),
            to: self.rows.pos(self.path_end),
        }
    }
}

impl Search for WallFollower {
    fn solver(&self) -> Solver {
        match self.hand {
            Hand::Left => Solver::LeftHand,
            Hand::Right => Solver::RightHand,
        }
    }

    /// Cuts one cell of a loop off the path, or makes one move.
    fn step(&mut self, grid: &Grid) -> SolveEvent {
        debug_assert_eq!(grid.cell_count(), self.cells.len(), "not the search's grid");
        if self.done || self.found {
            self.done = true;
            return SolveEvent::Done { found: self.found };
        }
        if self.path_end != self.at {
            return self.cut();
        }
        // Room for the move's push onto the path, before anything moves.
        if !crate::bytes::room_for(&mut self.path, 1) {
            self.out_of_memory = true;
            self.done = true;
            return SolveEvent::Done { found: false };
        }
        let raw = grid.raw();
        let Some((dir, next)) = self
            .hand
            .order(self.facing)
            .into_iter()
            .find_map(|d| self.rows.open_neighbour(raw, self.at, d).map(|n| (d, n)))
        else {
            // Walled in.
            self.done = true;
            return SolveEvent::Done { found: false };
        };
        if self.cells[next] & dir.bit() != 0 {
            // Been here facing this way: the walk would go round in circles.
            self.done = true;
            return SolveEvent::Done { found: false };
        }
        self.cells[next] |= dir.bit();
        self.at = next;
        self.facing = dir;
        if self.cells[next] & ON_PATH != 0 {
            // Back onto the path: cut it back to here, starting with the cell just left.
            return self.cut();
        }
        self.walked += u64::from(self.cells[next] & WALKED == 0);
        self.cells[next] |= WALKED | ON_PATH;
        self.path.push(dir);
        self.path_end = next;
        self.found = next == self.to;
        SolveEvent::Visit {
            cell: self.rows.pos(next),
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// Distinct cells walked, the start included.
    fn visited(&self) -> u64 {
        self.walked
    }

    /// The walk from the start to the goal with its loops erased.
    fn solution(&self) -> Option<Solution> {
        super::or_abort_path(self.try_solution())
    }

    /// A copy of the path, which may be refused.
    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        if !self.found {
            return Ok(None);
        }
        let mut dirs = Vec::new();
        dirs.try_reserve_exact(self.path.len())
            .map_err(|_| super::path_refused(self.rows))?;
        dirs.extend_from_slice(&self.path);
        Ok(Some(Solution::new(self.rows.pos(self.from), dirs)))
    }

    fn failure(&self) -> Option<SizeError> {
        let refused = self.out_of_memory;
        refused.then(|| super::refused(self.rows, "the search"))
    }

    /// On the path: frontier; walked but off the path: discarded.
    fn cell_state(&self, pos: Pos) -> SearchState {
        let cell = self.cells[self.rows.of(pos)];
        if cell & ON_PATH != 0 {
            SearchState::Frontier
        } else if cell & WALKED != 0 {
            SearchState::Discarded
        } else {
            SearchState::Unseen
        }
    }

    /// Where the walker stands.
    fn head(&self) -> Option<Pos> {
        Some(self.rows.pos(self.at))
    }

    /// Cells on the path.
    fn frontier_len(&self) -> usize {
        self.path.len() + 1
    }
}

#[cfg(test)]
mod tests;
