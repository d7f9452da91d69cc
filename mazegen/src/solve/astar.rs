//! A* search: a shortest path, guided towards the goal by the Manhattan distance.
//!
//! The Manhattan distance never overestimates and changes by at most one a step (it is
//! consistent), so a cell's distance is final once it is expanded: a cell is expanded at most
//! once, and the search may stop as soon as it expands the goal. A cell may still be queued
//! more than once, when a shorter way to it turns up before it is expanded (only in mazes
//! with loops); the older entry is skipped when it comes out of the heap.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::{Search, SearchState, Solution, SolveEvent, Solver, try_path_back};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor, SizeError};

/// Per-cell marks: the direction back to the cell it was reached from (low two bits), and
/// whether it has been expanded.
const BACK: u8 = 3;
const CLOSED: u8 = 4;
/// Distance of a cell not reached yet.
const UNREACHED: u32 = u32::MAX;

/// An A* search. Keeps 5 bytes a cell (the distance from the start and the marks) and a heap of
/// the cells waiting to be expanded.
#[derive(Clone, Debug)]
pub struct AStar {
    rows: RowMajor,
    from: usize,
    to: usize,
    goal: Pos,
    /// Steps from the start along the best way found so far, `UNREACHED` if none.
    dist: Vec<u32>,
    marks: Vec<u8>,
    heap: BinaryHeap<Entry>,
    /// Cells reached and not expanded: the heap without its outdated entries.
    open: usize,
    visited: u64,
    found: bool,
    done: bool,
    /// The heap could not grow: the search stopped there, unfinished.
    out_of_memory: bool,
}

/// A cell waiting in the heap. The heap pops the greatest entry: the smallest estimate
/// `f = g + h` of the whole path's length, then on a tie the greatest distance `g` from the
/// start (the smallest estimate `h` of what is left, so the search dives towards the goal),
/// then the smallest cell index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// `(u32::MAX - f) << 32 | g`: one comparison orders by `f` ascending, then `g` descending.
    key: u64,
    cell: u32,
}

impl Entry {
    fn new(cell: usize, g: u32, h: u32) -> Entry {
        let f = g + h;
        Entry {
            key: u64::from(u32::MAX - f) << 32 | u64::from(g),
            cell: cell as u32,
        }
    }

    fn g(self) -> u32 {
        self.key as u32
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Entry) -> Ordering {
        self.key
            .cmp(&other.key)
            .then_with(|| other.cell.cmp(&self.cell))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl AStar {
    #[cfg(test)]
    /// A search of `grid` from `from` to `to`, both inside it.
    pub fn new(grid: &Grid, from: Pos, to: Pos) -> AStar {
        super::or_abort(AStar::try_new(grid, from, to), grid)
    }

    /// [`AStar::new`], or [`SizeError::NotEnoughMemory`] when the allocator refuses the
    /// search its per-cell state.
    pub fn try_new(grid: &Grid, from: Pos, to: Pos) -> Result<AStar, SizeError> {
        let rows = grid.rows();
        let (from_i, to_i) = (grid.index(from), grid.index(to));
        let mut dist = super::try_cells(grid, UNREACHED)?;
        dist[from_i] = 0;
        let marks = super::try_cells(grid, 0)?;
        let mut heap = BinaryHeap::new();
        heap.push(Entry::new(from_i, 0, manhattan(from, to)));
        Ok(AStar {
            rows,
            from: from_i,
            to: to_i,
            goal: to,
            dist,
            marks,
            heap,
            open: 1,
            visited: 1,
            found: from == to,
            done: false,
            out_of_memory: false,
        })
    }

    /// Expands the most promising cell; outdated heap entries on the way are dropped (each was
    /// pushed by an earlier step, so a whole run does O(pushes) work). `None` when the heap
    /// is empty, or (`out_of_memory` set) when it may not grow by the step's pushes.
    fn expand(&mut self, grid: &Grid) -> Option<usize> {
        // Room for the four pushes a step can make; amortised, as `push` grows it.
        if self.heap.capacity() - self.heap.len() < 4 && self.heap.try_reserve(4).is_err() {
            self.out_of_memory = true;
            return None;
        }
        let entry = loop {
            let entry = self.heap.pop()?;
            let cell = entry.cell as usize;
            if self.marks[cell] & CLOSED == 0 && entry.g() == self.dist[cell] {
                break entry;
            }
        };
        let i = entry.cell as usize;
        self.marks[i] |= CLOSED;
        self.open -= 1;
        if i == self.to {
            self.found = true;
            return Some(i);
        }
        let g = entry.g() + 1;
        let at = self.rows.pos(i);
        let raw = grid.raw();
        for dir in Dir::ALL {
            let Some(next) = self.rows.open_neighbour(raw, i, dir) else {
                continue;
            };
            let known = self.dist[next];
            if g < known {
                if known == UNREACHED {
                    self.visited += 1;
                    self.open += 1;
                }
                self.dist[next] = g;
                self.marks[next] = (self.marks[next] & !BACK) | dir.opposite() as u8;
                let (dx, dy) = dir.delta();
                let next_pos = Pos::new(
                    at.x.wrapping_add_signed(dx as i32),
                    at.y.wrapping_add_signed(dy as i32),
                );
                self.heap
                    .push(Entry::new(next, g, manhattan(next_pos, self.goal)));
            }
        }
        Some(i)
    }
}

fn manhattan(a: Pos, b: Pos) -> u32 {
    a.x.abs_diff(b.x) + a.y.abs_diff(b.y)
}

impl Search for AStar {
    fn solver(&self) -> Solver {
        Solver::AStar
    }

    /// Expands one cell: the one with the smallest estimated path length through it.
    fn step(&mut self, grid: &Grid) -> SolveEvent {
        debug_assert_eq!(grid.cell_count(), self.dist.len(), "not the search's grid");
        if self.done || self.found {
            self.done = true;
            return SolveEvent::Done { found: self.found };
        }
        match self.expand(grid) {
            Some(i) => SolveEvent::Visit {
                cell: self.rows.pos(i),
            },
            None => {
                self.done = true;
                SolveEvent::Done { found: false }
            }
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// Cells reached (given a distance), the start included.
    fn visited(&self) -> u64 {
        self.visited
    }

    fn solution(&self) -> Option<Solution> {
        super::or_abort_path(self.try_solution())
    }

    fn try_solution(&self) -> Result<Option<Solution>, SizeError> {
        if !self.found {
            return Ok(None);
        }
        let back = |i| Dir::from_index(self.marks[i] & BACK);
        try_path_back(self.rows, self.from, self.to, back).map(Some)
    }

    fn failure(&self) -> Option<SizeError> {
        let refused = self.out_of_memory;
        refused.then(|| super::refused(self.rows, "the search"))
    }

    fn cell_state(&self, pos: Pos) -> SearchState {
        let i = self.rows.of(pos);
        if self.marks[i] & CLOSED != 0 {
            SearchState::Visited
        } else if self.dist[i] != UNREACHED {
            SearchState::Frontier
        } else {
            SearchState::Unseen
        }
    }

    fn frontier_len(&self) -> usize {
        self.open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::testing::{self, open_room};

    #[test]
    fn finds_shortest_paths_like_bfs() {
        testing::assert_finds_shortest_paths(Solver::AStar);
    }

    #[test]
    fn heads_straight_for_the_goal_in_an_open_room() {
        // With no walls in the way, the tie-break towards the goal expands only the cells of
        // one shortest path.
        let grid = open_room(8, 6);
        let (from, to) = (Pos::new(1, 1), Pos::new(6, 4));
        let mut search = AStar::new(&grid, from, to);
        let mut expanded = 0;
        while let SolveEvent::Visit { .. } = search.step(&grid) {
            expanded += 1;
        }
        assert!(search.is_done());
        assert_eq!(search.solution().unwrap().len(), 8);
        assert_eq!(expanded, 9);
    }

    #[test]
    fn entries_order_by_estimate_then_distance_then_cell() {
        let mut heap = BinaryHeap::new();
        for (cell, g, h) in [(5, 2, 8), (4, 6, 4), (3, 1, 7), (9, 6, 4), (7, 0, 12)] {
            heap.push(Entry::new(cell, g, h));
        }
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop().map(|e| e.cell)).collect();
        assert_eq!(order, [3, 4, 9, 5, 7]);
    }
}
