//! The path between two cells of a perfect maze carved a row at a time, found while it is
//! carved: its dead ends filled in, a row at a time, as the carver finishes each row.
//!
//! A tree's one path between two cells is what is left of it once every dead end is filled
//! in: a cell with one way (or none) that is neither end is filled in, which may leave the
//! neighbour it led to with one, and so on. A carver that finishes its rows in order (no later
//! step changes a wall of a row it has moved past: Eller's) hands each finished row over, and
//! the rows handed over are filled in as far as they can be, the way down out of the last of
//! them counted as a way: the rows still to come may lead anywhere. Once the last row is in,
//! what is left is the path, read from one end to the other in as many steps as it is long.
//!
//! Each cell is filled in once, and a step from a dead end to the next reads no other cell
//! than the two: each cell keeps how many ways it has left and the sum of their directions,
//! which, once one is left, is that one (the trick of peeling a tree by the xor of a node's
//! neighbours). So on a second core it keeps pace with the carving, and the path is there
//! when the carving ends; the walk it stands in for ([`tree_path`](crate::solve::tree_path))
//! starts only then, and may cover most of the tree before it finds the exit.
//!
//! Memory: the two counts in the high four bits of each cell's byte (the carver's marks,
//! [`MARKS`]), all zero once the cell is filled in; the path's cells are cleared as the path
//! is read, so the grid is left with no mark. A grid cut apart by obstacles before the linking
//! pass (the 42, the courtyard) is a forest: a tree that holds neither end is filled in whole,
//! and when the ends are in two trees there is no path to read ([`RowPath::finish`] says
//! `None`, and the search after the linking finds it).

use crate::geometry::{Dir, Pos};
use crate::grid::{COURTYARD, EAST_CLOSED, LOCKED, MARKS, RowMajor, SOUTH_CLOSED};

use super::carve::clear_marks;
use crate::bytes::room_for;

/// Where a cell's count of ways left sits in its byte, 0 to 3 (four ways are [`FOUR`]).
const COUNT_SHIFT: u32 = 6;
/// Where the sum of those ways' directions (`Dir as u8`, modulo 4) sits.
const SUM_SHIFT: u32 = 4;
/// The marks of a cell with four ways left: the count 4 does not fit its two bits, and wraps
/// to 0, beside the sum 0 + 1 + 2 + 3 = 2 (modulo 4). No other cell has a count of 0 and a sum
/// (a cell filled in has no mark at all).
const FOUR: u8 = 2 << SUM_SHIFT;
/// The way down.
const SOUTH: u8 = Dir::South as u8;

/// A cell's count of ways left: 0 once it is filled in (and for [`FOUR`]).
#[inline(always)]
fn count(byte: u8) -> u8 {
    byte >> COUNT_SHIFT
}

/// The sum of a cell's ways' directions, modulo 4: the direction of its one way left, when it
/// has one.
#[inline(always)]
fn way_sum(byte: u8) -> u8 {
    (byte >> SUM_SHIFT) & 3
}

/// Whether a cell is still there (not filled in).
#[inline(always)]
fn kept(byte: u8) -> bool {
    byte & MARKS != 0
}

/// The marks of a cell whose ways are open (1) or not (0) north, east, south and west: the
/// count and the sum, each wrapping to its bits (which makes four ways [`FOUR`]). Arithmetic
/// only, so that a row's marks are made many cells at a time.
#[inline(always)]
fn marks_of(north: u8, east: u8, south: u8, west: u8) -> u8 {
    let count = north + east + south + west;
    let sum = east + 2 * south + 3 * west;
    count << COUNT_SHIFT | (sum & 3) << SUM_SHIFT
}

/// [`marks_of`] the ways in bits (bit `d` for `Dir as u8`).
fn marks_of_ways(ways: u8) -> u8 {
    let way = |d: Dir| (ways >> d as u8) & 1;
    marks_of(
        way(Dir::North),
        way(Dir::East),
        way(Dir::South),
        way(Dir::West),
    )
}

/// Whether a cell is one the carving walls off, the 42 or the courtyard (whose inside is open,
/// no tree): no part of a path between two other cells.
#[inline(always)]
fn obstacle(byte: u8) -> bool {
    byte & (LOCKED | COURTYARD) != 0
}

/// The marks a cell of the row just handed over starts with, from its byte and its
/// neighbours' west, east and up: its ways to cells that are there (the way north only to a
/// cell kept, the way down counted, to the rows still to come); none for an obstacle, or for
/// a cell whose one way is down. Arithmetic only, so that a row's marks are made many cells
/// at a time.
#[inline(always)]
fn mark(west: u8, byte: u8, east: u8, up: u8) -> u8 {
    let open = |byte: u8, wall: u8| u8::from(byte & wall == 0);
    let there = |byte: u8| u8::from(!obstacle(byte));
    let north = open(up, SOUTH_CLOSED) & u8::from(kept(up));
    let east = open(byte, EAST_CLOSED) & there(east);
    let west = open(west, EAST_CLOSED) & there(west);
    let made = marks_of(north, east, open(byte, SOUTH_CLOSED), west);
    let down_only = made == 1 << COUNT_SHIFT | SOUTH << SUM_SHIFT;
    made & u8::from(down_only | obstacle(byte)).wrapping_sub(1)
}

/// The marks of a cell with the marks `marks` once its way `back` is gone.
#[inline(always)]
fn without(marks: u8, back: u8) -> u8 {
    debug_assert!(kept(marks), "a way to a cell filled in");
    let sum = way_sum(marks).wrapping_sub(back) & 3;
    // Four ways (a count of 0 with marks) leave three.
    let count = if marks & MARKS == FOUR {
        3
    } else {
        count(marks).wrapping_sub(1)
    };
    count << COUNT_SHIFT | sum << SUM_SHIFT
}

/// The dead ends of the rows handed over so far filled in, and the path read once they all
/// are.
#[derive(Debug)]
pub(super) struct RowPath<'g> {
    /// The rows handed over, from the first.
    rows: Vec<&'g mut [u8]>,
    width: usize,
    height: usize,
    from: Pos,
    to: Pos,
    /// The columns of a row's dead ends, as [`RowPath::count_ways`] lists them.
    leaves: Vec<u32>,
    /// A row's marks, as [`RowPath::count_ways`] makes them.
    marks: Vec<u8>,
    /// The south walls of the row above the first: closed.
    closed_row: Vec<u8>,
    /// How many cells have marks: none once the path is read, unless the grid has a loop.
    kept: usize,
    /// An end is an obstacle: in no tree.
    apart: bool,
}

impl<'g> RowPath<'g> {
    /// Ready for the rows of a `rows`-shaped grid, to read the path from `from` to `to`; `None`
    /// if the allocator refuses its memory (a pointer a row and 6 bytes a column).
    pub fn new(rows: RowMajor, from: Pos, to: Pos) -> Option<RowPath<'g>> {
        let (width, height) = (rows.width(), rows.height());
        if width < 2 {
            // No grid is so narrow (see `grid::MIN_SIDE`); the rows' passes assume two columns.
            return None;
        }
        let mut path = RowPath {
            rows: Vec::new(),
            width,
            height,
            from,
            to,
            leaves: Vec::new(),
            marks: Vec::new(),
            closed_row: Vec::new(),
            kept: 0,
            apart: false,
        };
        path.rows.try_reserve_exact(height).ok()?;
        path.leaves.try_reserve_exact(width).ok()?;
        path.leaves.resize(width, 0);
        path.marks.try_reserve_exact(width).ok()?;
        path.marks.resize(width, 0);
        path.closed_row.try_reserve_exact(width).ok()?;
        path.closed_row.resize(width, SOUTH_CLOSED);
        Some(path)
    }

    /// Takes the next row, whose walls no longer change (the rows above it are all in), and
    /// fills in every dead end it makes.
    pub fn push_row(&mut self, row: &'g mut [u8]) {
        debug_assert_eq!(row.len(), self.width);
        let y = self.rows.len();
        if y == self.height {
            return;
        }
        self.rows.push(row);
        let found = self.count_ways(y);
        for k in 0..found {
            let x = self.leaves[k] as usize;
            // Filled in since it was listed (a neighbour's dead end led to it), or an end.
            if count(self.rows[y][x]) == 1 && !self.is_end(x, y) {
                self.fill_from(x, y);
            }
        }
    }

    /// Marks each cell of row `y` with its ways to cells there (the way north only to a cell
    /// kept), takes from the row above the ways down to an obstacle, and lists the cells with
    /// one way (but the ends) in `self.leaves`; returns how many. A cell whose one way is down
    /// is a dead end whatever the rows to come hold, filled in at once: no neighbour counts
    /// it.
    fn count_ways(&mut self, y: usize) -> usize {
        let (above, this) = self.rows.split_at_mut(y);
        let row = &mut *this[0];
        let marks = &mut self.marks[..];
        // The marks first, into a row of their own: read from the walls (which they leave as
        // they are) and the row above, a pass the compiler makes many cells at a time.
        let up = above.last().map_or(&self.closed_row[..], |up| &**up);
        let w = row.len();
        marks[0] = mark(
            EAST_CLOSED,
            row[0],
            row.get(1).copied().unwrap_or(LOCKED),
            up[0],
        );
        let inside = marks[1..w - 1]
            .iter_mut()
            .zip(&row[..w - 2])
            .zip(&row[1..w - 1])
            .zip(&row[2..])
            .zip(&up[1..w - 1]);
        for ((((made, &west), &byte), &east), &up) in inside {
            *made = mark(west, byte, east, up);
        }
        marks[w - 1] = mark(row[w - 2], row[w - 1], LOCKED, up[w - 1]);
        for (byte, &made) in row.iter_mut().zip(marks.iter()) {
            *byte = *byte & !MARKS | made;
        }
        self.kept += marks.iter().filter(|&&made| made != 0).count();
        // Every column written, the count moved on past each one with one way: no branch on
        // which they are, which the maze makes random.
        let leaves = &mut self.leaves[..];
        let mut found = 0;
        for (x, &made) in marks.iter().enumerate() {
            leaves[found] = x as u32;
            found += usize::from(count(made) == 1);
        }
        // The ends are never filled in (see `RowPath::is_end`): their marks are all their
        // ways, even one down. An end that is an obstacle is in no tree.
        for end in [self.from, self.to] {
            if end.y as usize == y {
                let x = end.x as usize;
                let byte = self.rows[y][x];
                self.apart |= obstacle(byte);
                let marks = marks_of_ways(self.ways_kept(x, y));
                self.kept = self.kept + usize::from(marks != 0) - usize::from(kept(byte));
                self.rows[y][x] = byte & !MARKS | marks;
            }
        }
        if y > 0 {
            self.close_ways_down(y - 1);
        }
        found
    }

    /// Takes from the cells of row `y` their ways down to an obstacle in the row below, just
    /// handed over: counted as ways into the rows to come, they lead to no cell there. A cell
    /// left with one way is a dead end (only a grid with doors into the courtyard has any).
    fn close_ways_down(&mut self, y: usize) {
        // Looked for first in one pass with no branch, as most rows have none.
        let down_to_obstacle = |up: u8, below: u8| {
            u8::from(up & SOUTH_CLOSED == 0) & u8::from(kept(up)) & u8::from(obstacle(below))
        };
        let (up, below) = (&*self.rows[y], &*self.rows[y + 1]);
        let any = up
            .iter()
            .zip(below)
            .fold(0, |any, (&u, &b)| any | down_to_obstacle(u, b));
        if any == 0 {
            return;
        }
        for x in 0..self.width {
            let (up, below) = (self.rows[y][x], self.rows[y + 1][x]);
            if down_to_obstacle(up, below) != 0 {
                let left = without(up, SOUTH);
                self.rows[y][x] = up & !MARKS | left;
                if count(left) == 1 && !self.is_end(x, y) {
                    self.fill_from(x, y);
                }
            }
        }
    }

    /// Whether the cell at column `x` of row `y` is one of the path's ends, which are never
    /// filled in.
    #[inline(always)]
    fn is_end(&self, x: usize, y: usize) -> bool {
        let at = Pos::new(x as u32, y as u32);
        at == self.from || at == self.to
    }

    /// Fills in the dead end at column `x` of row `y` (a cell with one way left, not an end),
    /// then the neighbour it leaves with one, and so on, while there is one. The way down out
    /// of the last row handed over leads to the rows still to come: a dead end that has only
    /// that one is filled in, and the rows to come will not count it.
    fn fill_from(&mut self, mut x: usize, mut y: usize) {
        let last = self.rows.len() - 1;
        // The cell's byte, kept from the step before rather than read back from its store.
        let mut byte = self.rows[y][x];
        loop {
            let dir = way_sum(byte);
            self.rows[y][x] = byte & !MARKS;
            self.kept -= 1;
            if dir == SOUTH && y == last {
                return;
            }
            (x, y) = step(x, y, dir);
            let next = self.rows[y][x];
            byte = next & !MARKS | without(next, dir ^ 2);
            self.rows[y][x] = byte;
            if count(byte) != 1 || self.is_end(x, y) {
                return;
            }
        }
    }

    /// The open ways of the cell at column `x` of row `y` to a cell not filled in, a bit each
    /// (bit `d` for `Dir as u8`); the way down out of the last row handed over counts.
    fn ways_kept(&self, x: usize, y: usize) -> u8 {
        let row = &*self.rows[y];
        let byte = row[x];
        // Past the grid's edges, a closed wall; past the last row handed over, a cell kept.
        let north = self
            .rows
            .get(y.wrapping_sub(1))
            .map_or(SOUTH_CLOSED, |up| up[x]);
        let west = row.get(x.wrapping_sub(1)).copied().unwrap_or(EAST_CLOSED);
        let east = row.get(x + 1).copied().unwrap_or(0);
        let south = self.rows.get(y + 1).map_or(MARKS, |down| down[x]);
        let open_kept = |wall: u8, closed: u8, next: u8| u8::from(wall & closed == 0 && kept(next));
        open_kept(north, SOUTH_CLOSED, north)
            | open_kept(byte, EAST_CLOSED, east) << 1
            | open_kept(byte, SOUTH_CLOSED, south) << 2
            | open_kept(west, EAST_CLOSED, west) << 3
    }

    /// The path from `from` to `to`, once every row is in; `None` if the rows stopped short,
    /// the two are in trees apart, the way between them is not one (a loop), or the allocator
    /// refuses the path its memory. The grid is left with no mark either way.
    pub fn finish(mut self) -> Option<Vec<Dir>> {
        let path = if self.rows.len() == self.height && !self.apart {
            self.read_path()
        } else {
            None
        };
        // Marks left once a path is read: a loop somewhere, which no dead end leads to.
        if path.is_none() || self.kept != 0 {
            self.rows.iter_mut().for_each(|row| clear_marks(row));
        }
        path
    }

    /// Reads the path off what is left, clearing its cells' marks; on the way to `None`, some
    /// marks may be left for the caller to clear.
    fn read_path(&mut self) -> Option<Vec<Dir>> {
        let (mut x, mut y) = (self.from.x as usize, self.from.y as usize);
        let (to_x, to_y) = (self.to.x as usize, self.to.y as usize);
        let cells = self.width * self.height;
        let mut path = Vec::new();
        while (x, y) != (to_x, to_y) {
            // Cleared before the step: the cell behind is then no way on.
            self.clear(x, y);
            let ways = self.ways_kept(x, y);
            // The ends apart (no way on), or more than one way on: not a tree.
            if ways.count_ones() != 1 || path.len() == cells || !room_for(&mut path, 1) {
                return None;
            }
            let dir = ways.trailing_zeros() as u8;
            path.push(Dir::from_index(dir));
            (x, y) = step(x, y, dir);
        }
        self.clear(x, y);
        Some(path)
    }

    /// Clears the marks of the cell at column `x` of row `y`, which has some.
    fn clear(&mut self, x: usize, y: usize) {
        let cell = &mut self.rows[y][x];
        self.kept -= usize::from(kept(*cell));
        *cell &= !MARKS;
    }
}

/// The column and row one step from `x`, `y` in direction `dir` (`Dir as u8`), by arithmetic
/// rather than a branch on the direction, which the maze makes random, or a table, whose load
/// would wait on it.
#[inline(always)]
fn step(x: usize, y: usize, dir: u8) -> (usize, usize) {
    // North 0 and south 2 move the row, east 1 and west 3 the column; 0 and 3 go back.
    let along = usize::from(dir & 1);
    let back = usize::from(dir == 0 || dir == 3);
    let by = 1usize.wrapping_sub(2 * back);
    (
        x.wrapping_add(by & along.wrapping_neg()),
        y.wrapping_add(by & (along ^ 1).wrapping_neg()),
    )
}

#[cfg(test)]
mod tests;
