//! The SPEC's structural rules, shared by the generators (which must never break them) and the
//! validator (which reports where they are broken), so both read them the same way.

use crate::geometry::{Dir, Pos};
use std::ops::Range;

use crate::grid::{EAST_CLOSED, Grid, LOCKED, SOUTH_CLOSED};

/// Side of the smallest forbidden open area.
pub const OPEN_AREA_SIDE: u32 = 3;
/// A playable board has at least this many independent loops (when the grid has room for them).
pub const MIN_BOARD_LOOPS: u64 = 2;
/// A playable board has at most this many dead ends that its border or the 42 do not force.
pub const MAX_FREE_DEAD_ENDS: usize = 2;

/// Whether the 3x3 block with top-left `corner` has all 12 of its inner walls open, counting the
/// wall on side `dir` of `extra` as open too when given (to test a wall before opening it).
pub fn is_open_block(grid: &Grid, corner: Pos, extra: Option<(Pos, Dir)>) -> bool {
    let n = OPEN_AREA_SIDE;
    if corner.x + n > grid.width() || corner.y + n > grid.height() {
        return false;
    }
    // Name the extra wall the way the loop below does: by the cell west or north of it.
    let extra = extra.and_then(|(p, d)| match d {
        Dir::East | Dir::South => Some((p, d)),
        Dir::West => grid.neighbour(p, d).map(|q| (q, Dir::East)),
        Dir::North => grid.neighbour(p, d).map(|q| (q, Dir::South)),
    });
    let open = |p: Pos, dir: Dir| extra == Some((p, dir)) || grid.is_open(p, dir);
    (0..n).all(|dy| {
        (0..n).all(|dx| {
            let p = Pos::new(corner.x + dx, corner.y + dy);
            (dx + 1 == n || open(p, Dir::East)) && (dy + 1 == n || open(p, Dir::South))
        })
    })
}

/// Whether opening the wall on side `dir` of `pos` would complete a 3x3 open area.
pub(crate) fn opening_makes_open_block(grid: &Grid, pos: Pos, dir: Dir) -> bool {
    let Some(next) = grid.neighbour(pos, dir) else {
        return false;
    };
    // Each cell of an open block has every wall it shares with the block open. Most blocks fail
    // that for one of the two cells at once (a dead end, open on one side, can only be a
    // corner), so only the few that pass get the full twelve-wall check.
    let open_after = |p: Pos, opened: Dir| !grid.walls(p).bits() & 0xF | opened.bit();
    let (open_pos, open_next) = (open_after(pos, dir), open_after(next, dir.opposite()));
    let fits = |p: Pos, corner: Pos, open: u8| inner_walls(p, corner) & !open == 0;
    // The blocks that hold both cells: their corners range over the cells up to two steps
    // up-left of the pair.
    let (lo, hi) = (pos.min(next), pos.max(next));
    let n = OPEN_AREA_SIDE - 1;
    let xs = hi.x.saturating_sub(n)..=lo.x;
    xs.flat_map(|x| (hi.y.saturating_sub(n)..=lo.y).map(move |y| Pos::new(x, y)))
        .filter(|&corner| fits(pos, corner, open_pos) && fits(next, corner, open_next))
        .any(|corner| is_open_block(grid, corner, Some((pos, dir))))
}

/// The walls (as hex-digit bits) that cell `p` shares with other cells of the 3x3 block whose
/// top-left is `corner`; `p` must be inside that block.
fn inner_walls(p: Pos, corner: Pos) -> u8 {
    let (dx, dy) = (p.x - corner.x, p.y - corner.y);
    let last = OPEN_AREA_SIDE - 1;
    let mut walls = 0;
    if dy > 0 {
        walls |= Dir::North.bit();
    }
    if dx < last {
        walls |= Dir::East.bit();
    }
    if dy < last {
        walls |= Dir::South.bit();
    }
    if dx > 0 {
        walls |= Dir::West.bit();
    }
    walls
}

/// Loops the courtyard makes on its own: its 12 open inner walls join 9 cells, `E - V + 1`.
pub const COURTYARD_LOOPS: u64 = 4;

/// Independent loops of a connected maze, not counting the courtyard's own: what the perfect and
/// playable-board rules are about.
#[cfg(test)]
pub fn loops_beyond_courtyard(grid: &Grid) -> u64 {
    LoopCount::of(grid).loops_beyond_courtyard(grid)
}

/// The top-left cells of the 3x3 blocks with no inner wall, the courtyard aside: the open
/// areas the SPEC forbids, in reading order. A quick first look at each block's top-left cell
/// (its east and south walls must be open) rules out most blocks.
pub fn open_areas(grid: &Grid) -> impl Iterator<Item = Pos> + '_ {
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.raw();
    (0..h.saturating_sub(2)).flat_map(move |y| {
        let row = y as usize * w as usize;
        (0..w.saturating_sub(2))
            .filter(move |&x| cells[row + x as usize] & (EAST_CLOSED | SOUTH_CLOSED) == 0)
            .map(move |x| Pos::new(x, y))
            .filter(|&corner| {
                is_open_block(grid, corner, None) && !is_courtyard_block(grid, corner)
            })
    })
}

/// Opens the 12 inner walls of the 3x3 block with top-left `corner`: an open area, for the tests
/// of what finds them.
#[cfg(test)]
pub(crate) fn open_block(grid: &mut Grid, corner: Pos) {
    let n = OPEN_AREA_SIDE;
    for dy in 0..n {
        for dx in 0..n {
            let p = Pos::new(corner.x + dx, corner.y + dy);
            if dx + 1 < n {
                grid.set_wall(p, Dir::East, false);
            }
            if dy + 1 < n {
                grid.set_wall(p, Dir::South, false);
            }
        }
    }
}

/// Opens each wall east and south of every cell of `grid` but about one in `closed_one_in`, at
/// random: grids with many walls open, for the tests of what reads the walls.
#[cfg(test)]
pub(crate) fn open_at_random(grid: &mut Grid, rng: &mut crate::rng::MazeRng, closed_one_in: u32) {
    for p in grid.positions().collect::<Vec<_>>() {
        for dir in [Dir::East, Dir::South] {
            if rng.below(closed_one_in) != 0 {
                grid.set_wall(p, dir, false);
            }
        }
    }
}

/// Whether the 3x3 block with top-left `corner` is the courtyard, the one open area allowed.
pub fn is_courtyard_block(grid: &Grid, corner: Pos) -> bool {
    grid.courtyard().is_some_and(|yard| yard.origin() == corner)
}

/// How many cells next to `pos` could ever be joined to it: inside the grid and not in the 42.
pub fn joinable_neighbours(grid: &Grid, pos: Pos) -> usize {
    Dir::ALL
        .into_iter()
        .filter_map(|d| grid.neighbour(pos, d))
        .filter(|&n| !grid.is_locked(n))
        .count()
}

/// A dead end (one open wall) that could not have another: the border and the 42 close every
/// other side. The playable-board rule does not count these.
pub fn is_forced_dead_end(grid: &Grid, pos: Pos) -> bool {
    joinable_neighbours(grid, pos) <= 1
}

/// How many independent loops a `width` x `height` grid has room for, every wall between two
/// cells open: `E - V + 1` of the full grid graph, `(width - 1) * (height - 1)`. (The 42 only
/// stands in mazes with room for many more.)
pub fn loop_room(width: u32, height: u32) -> u64 {
    u64::from(width.saturating_sub(1)) * u64::from(height.saturating_sub(1))
}

/// The loops a playable board must have: [`MIN_BOARD_LOOPS`], or fewer when the grid cannot hold
/// that many (a 2x2 maze has room for one).
pub fn required_loops(grid: &Grid) -> u64 {
    LoopCount::of(grid).required_loops()
}

/// What [`loops_beyond_courtyard`] and [`required_loops`] count, a cell at a time: for a caller
/// that looks at a big grid in steps rather than in one pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoopCount {
    /// Open walls east and south of the cells added (as `stats::open_walls`).
    open_walls: u64,
    /// Cells outside the 42 added, and the walls between two such cells (open or not).
    cells: u64,
    joins: u64,
}

impl LoopCount {
    /// Every cell of `grid` added.
    pub fn of(grid: &Grid) -> LoopCount {
        let mut count = LoopCount::default();
        count.add_cells(grid, 0..grid.cell_count());
        count
    }

    /// Counts cell `p` in, once it has been carved.
    #[cfg(test)]
    pub fn add(&mut self, grid: &Grid, p: Pos) {
        let i = grid.index(p);
        self.add_cells(grid, i..i + 1);
    }

    /// Counts in the cells at row-major indices `cells`, once they have been carved: a row at a
    /// time, from the grid's bytes (a big board's braiding counts every cell).
    pub(crate) fn add_cells(&mut self, grid: &Grid, cells: Range<usize>) {
        let (bytes, w) = (grid.raw(), grid.width() as usize);
        let free = |i: usize| bytes[i] & LOCKED == 0;
        let mut start = cells.start;
        while start < cells.end {
            let row_end = (start / w + 1) * w;
            let end = row_end.min(cells.end);
            let below = row_end < bytes.len();
            for (i, &byte) in (start..end).zip(&bytes[start..end]) {
                self.open_walls += u64::from(byte & EAST_CLOSED == 0);
                self.open_walls += u64::from(byte & SOUTH_CLOSED == 0);
                if byte & LOCKED == 0 {
                    self.cells += 1;
                    self.joins += u64::from(i + 1 < row_end && free(i + 1));
                    self.joins += u64::from(below && free(i + w));
                }
            }
            start = end;
        }
    }

    /// [`loops_beyond_courtyard`], once every cell of `grid` is added.
    pub fn loops_beyond_courtyard(&self, grid: &Grid) -> u64 {
        let own = if grid.courtyard().is_some() {
            COURTYARD_LOOPS
        } else {
            0
        };
        (self.open_walls + 1)
            .saturating_sub(grid.open_cell_count())
            .saturating_sub(own)
    }

    /// [`required_loops`], once every cell is added.
    pub fn required_loops(&self) -> u64 {
        MIN_BOARD_LOOPS.min((self.joins + 1).saturating_sub(self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_all(grid: &mut Grid) {
        for p in grid.positions() {
            grid.set_wall(p, Dir::East, false);
            grid.set_wall(p, Dir::South, false);
        }
    }

    #[test]
    fn only_a_2x2_grid_has_no_room_for_two_loops() {
        assert_eq!(loop_room(2, 2), 1);
        assert_eq!(loop_room(2, 3), 2);
        assert_eq!(loop_room(3, 2), 2);
        assert_eq!(loop_room(100_000, 100_000), 99_999 * 99_999);
        let mut grid = Grid::new(2, 2).unwrap();
        open_all(&mut grid);
        assert_eq!(loops_beyond_courtyard(&grid), loop_room(2, 2));
        let mut grid = Grid::new(3, 2).unwrap();
        open_all(&mut grid);
        assert_eq!(loops_beyond_courtyard(&grid), loop_room(3, 2));
    }

    #[test]
    fn a_fully_open_3x3_is_an_open_block() {
        let mut grid = Grid::new(3, 3).unwrap();
        open_all(&mut grid);
        assert!(is_open_block(&grid, Pos::new(0, 0), None));
        let mut opened = Grid::new(3, 3).unwrap();
        open_block(&mut opened, Pos::new(0, 0));
        assert_eq!(opened, grid, "open_block opens the same 12 walls");
        grid.set_wall(Pos::new(1, 1), Dir::West, true);
        assert!(!is_open_block(&grid, Pos::new(0, 0), None));
        assert!(opening_makes_open_block(&grid, Pos::new(1, 1), Dir::West));
        assert!(opening_makes_open_block(&grid, Pos::new(0, 1), Dir::East));
        assert!(!opening_makes_open_block(&grid, Pos::new(1, 1), Dir::North));
    }

    #[test]
    fn an_open_block_is_one_with_its_twelve_inner_walls_open() {
        // The definition, a wall at a time.
        let by_walls = |grid: &Grid, corner: Pos, extra: Option<(Pos, Dir)>| {
            let open = |p: Pos, dir: Dir| {
                // The extra wall, named from either side.
                grid.is_open(p, dir)
                    || extra.is_some_and(|(q, d)| {
                        (q, d) == (p, dir) || d.opposite() == dir && grid.neighbour(q, d) == Some(p)
                    })
            };
            corner.x + 3 <= grid.width()
                && corner.y + 3 <= grid.height()
                && (0..3).all(|dy| {
                    (0..3).all(|dx| {
                        let p = Pos::new(corner.x + dx, corner.y + dy);
                        (dx == 2 || open(p, Dir::East)) && (dy == 2 || open(p, Dir::South))
                    })
                })
        };
        let mut found = [0, 0];
        for seed in 0..200 {
            let mut rng = crate::rng::MazeRng::from_seed(seed);
            let (w, h) = (2 + rng.below(6), 2 + rng.below(6));
            let mut grid = Grid::with_stamp(w, h, None).unwrap();
            open_at_random(&mut grid, &mut rng, 8);
            for corner in grid.positions() {
                let extras = grid
                    .positions()
                    .flat_map(|p| Dir::ALL.map(|d| Some((p, d))));
                for extra in std::iter::once(None).chain(extras) {
                    let expected = by_walls(&grid, corner, extra);
                    assert_eq!(
                        is_open_block(&grid, corner, extra),
                        expected,
                        "seed {seed}: {corner} {extra:?}"
                    );
                    found[usize::from(expected)] += 1;
                }
            }
        }
        assert!(found[1] > 1000, "{found:?}");
    }

    #[test]
    fn two_by_three_areas_are_allowed() {
        let mut grid = Grid::new(3, 2).unwrap();
        open_all(&mut grid);
        assert!(!is_open_block(&grid, Pos::new(0, 0), None));
    }

    #[test]
    fn blocks_anywhere_in_a_larger_grid_are_checked() {
        let mut grid = Grid::new(6, 5).unwrap();
        for y in 2..5 {
            for x in 3..6 {
                let p = Pos::new(x, y);
                if x < 5 {
                    grid.set_wall(p, Dir::East, false);
                }
                if y < 4 && !(x == 5 && y == 3) {
                    grid.set_wall(p, Dir::South, false);
                }
            }
        }
        assert!(!is_open_block(&grid, Pos::new(3, 2), None));
        assert!(opening_makes_open_block(&grid, Pos::new(5, 4), Dir::North));
        assert!(!opening_makes_open_block(&grid, Pos::new(2, 2), Dir::East));
    }

    #[test]
    fn forced_dead_ends_are_boxed_in() {
        let grid = Grid::new(9, 7).unwrap();
        // Inside the 4 of the 42: walled by the stamp on three sides.
        let stamp = grid.stamp().unwrap().origin();
        assert!(is_forced_dead_end(
            &grid,
            Pos::new(stamp.x + 5, stamp.y + 3)
        ));
        assert!(!is_forced_dead_end(&grid, Pos::new(0, 0)));
    }

    #[test]
    fn the_loop_count_counts_each_cell_once_in_any_pieces() {
        for seed in 0..60 {
            let mut rng = crate::rng::MazeRng::from_seed(seed);
            let (w, h) = (2 + rng.below(12), 2 + rng.below(12));
            let mut grid = Grid::new(w, h).unwrap();
            open_at_random(&mut grid, &mut rng, 2);
            // The definition, a cell and a wall at a time.
            let mut expected = LoopCount::default();
            for p in grid.positions() {
                for d in [Dir::East, Dir::South] {
                    expected.open_walls += u64::from(grid.is_open(p, d));
                }
                if !grid.is_locked(p) {
                    expected.cells += 1;
                    for d in [Dir::East, Dir::South] {
                        let joinable = grid.neighbour(p, d).is_some_and(|n| !grid.is_locked(n));
                        expected.joins += u64::from(joinable);
                    }
                }
            }
            assert_eq!(LoopCount::of(&grid), expected, "seed {seed}");
            let n = grid.cell_count();
            let cut = rng.below(n as u32) as usize;
            let mut pieces = LoopCount::default();
            pieces.add_cells(&grid, 0..cut);
            pieces.add_cells(&grid, cut..n);
            assert_eq!(pieces, expected, "seed {seed}, cut at {cut}");
            let mut cells = LoopCount::default();
            grid.positions().for_each(|p| cells.add(&grid, p));
            assert_eq!(cells, expected, "seed {seed}, a cell at a time");
        }
    }

    #[test]
    fn required_loops_depends_on_room() {
        assert_eq!(required_loops(&Grid::new(2, 2).unwrap()), 1);
        assert_eq!(required_loops(&Grid::new(2, 3).unwrap()), 2);
        assert_eq!(required_loops(&Grid::new(20, 20).unwrap()), 2);
    }
}
