//! Row-major cell indices: the index arithmetic of a grid's cell bytes ([`super::Grid::raw`]),
//! written once for the algorithms and solvers that work on the bytes directly.
//!
//! Cell `(x, y)` of a grid `width` cells wide is at `y * width + x`. A direction is a [`Dir`],
//! or its `Dir as u8` (north 0, east 1, south 2, west 3) where a table is indexed by it.

use std::ops::Range;

use super::{EAST_CLOSED, SOUTH_CLOSED};
use crate::geometry::{Dir, Pos};

/// The index arithmetic of a `width` x `height` grid stored row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RowMajor {
    width: usize,
    height: usize,
    /// `2^64 / width`, rounded up (wrapping to 0 for a width of 1): [`RowMajor::column`]'s
    /// multiplier, which a carver's every step needs and a division would take tens of cycles
    /// for.
    column_magic: u64,
}

impl RowMajor {
    pub const fn new(width: usize, height: usize) -> RowMajor {
        RowMajor {
            width,
            height,
            column_magic: (u64::MAX / width as u64).wrapping_add(1),
        }
    }

    /// The column of `index`, `index % width`, by two multiplications: Lemire, Kaser and Kurz,
    /// "Faster Remainder by Direct Computation" (2019), exact for every index and width under
    /// 2^32 (a grid has at most a billion cells).
    #[inline(always)]
    pub const fn column(self, index: usize) -> usize {
        debug_assert!(index < 1 << 32 && self.width < 1 << 32);
        let low = self.column_magic.wrapping_mul(index as u64);
        ((low as u128 * self.width as u128) >> 64) as usize
    }

    pub const fn width(self) -> usize {
        self.width
    }

    pub const fn height(self) -> usize {
        self.height
    }

    /// The index of `pos`, which must be inside the grid.
    #[inline]
    pub const fn of(self, pos: Pos) -> usize {
        pos.y as usize * self.width + pos.x as usize
    }

    /// The cell at `index`.
    #[inline]
    pub const fn pos(self, index: usize) -> Pos {
        let (x, y) = self.xy(index);
        Pos::new(x as u32, y as u32)
    }

    /// The column and row of `index`.
    #[inline]
    pub const fn xy(self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// The indices of row `y`.
    #[inline]
    pub const fn row(self, y: usize) -> Range<usize> {
        y * self.width..(y + 1) * self.width
    }

    /// The index of the first cell of the row `index` is on.
    #[inline]
    pub const fn row_start(self, index: usize) -> usize {
        index - index % self.width
    }

    /// The index offset of the neighbour in each direction, by `Dir as u8`.
    pub const fn offsets(self) -> [isize; 4] {
        let w = self.width as isize;
        [-w, 1, w, -1]
    }

    /// Whether `index` has a neighbour inside the grid in `dir`.
    #[inline]
    pub const fn has_neighbour(self, index: usize, dir: Dir) -> bool {
        let (x, y) = self.xy(index);
        match dir {
            Dir::North => y > 0,
            Dir::East => x + 1 < self.width,
            Dir::South => y + 1 < self.height,
            Dir::West => x > 0,
        }
    }

    /// Bit `d` set for each direction `d` (a `Dir as u8`) in which `index` has a neighbour
    /// inside the grid for which `keep` holds; `keep` is only asked about those inside.
    #[inline(always)]
    pub fn neighbour_mask(self, index: usize, keep: impl FnMut(usize) -> bool) -> u8 {
        // The rows by the index alone, the columns by `column`: no division.
        self.neighbour_mask_in_column(index, self.column(index), keep)
    }

    /// [`RowMajor::neighbour_mask`] for an `index` known to be in column `x`: for a walk that
    /// follows its column as it moves, with no multiplication to find it.
    #[inline(always)]
    pub fn neighbour_mask_in_column(
        self,
        index: usize,
        x: usize,
        mut keep: impl FnMut(usize) -> bool,
    ) -> u8 {
        debug_assert_eq!(x, self.column(index));
        let w = self.width;
        u8::from(index >= w && keep(index - w))
            | u8::from(x + 1 < w && keep(index + 1)) << 1
            | u8::from(index + w < w * self.height && keep(index + w)) << 2
            | u8::from(x > 0 && keep(index - 1)) << 3
    }

    /// The closed walls of the cell at `index`, in column `x`, read from the grid's bytes
    /// `cells`: the bits of its hex digit (see [`super::Grid::walls`]). The border's are closed.
    #[inline(always)]
    pub fn walls_in_column(self, cells: &[u8], index: usize, x: usize) -> u8 {
        debug_assert_eq!(x, self.column(index));
        let own = cells[index];
        u8::from(index < self.width || cells[index - self.width] & SOUTH_CLOSED != 0)
            | (own & (EAST_CLOSED | SOUTH_CLOSED)) << 1
            | u8::from(x == 0 || cells[index - 1] & EAST_CLOSED != 0) << 3
    }

    /// The neighbour of `index` in `dir`, which must be inside the grid.
    #[inline(always)]
    pub const fn step(self, index: usize, dir: Dir) -> usize {
        match dir {
            Dir::North => index - self.width,
            Dir::East => index + 1,
            Dir::South => index + self.width,
            Dir::West => index - 1,
        }
    }

    /// The neighbour of `index` in `dir`, or `None` past the border.
    #[inline]
    pub const fn neighbour(self, index: usize, dir: Dir) -> Option<usize> {
        if self.has_neighbour(index, dir) {
            Some(self.step(index, dir))
        } else {
            None
        }
    }

    /// The cell past the wall on side `dir` of `index`, if that wall is open in `cells` (a
    /// grid's bytes, or a copy keeping their wall bits). Border walls are always closed in a
    /// grid, so the last column's east wall and the last row's south wall keep every step
    /// inside, and column 0's west wall reads the previous row's last cell, whose east wall is
    /// closed: only the first row needs a bounds check.
    #[inline(always)]
    pub fn open_neighbour(self, cells: &[u8], index: usize, dir: Dir) -> Option<usize> {
        let w = self.width;
        match dir {
            Dir::North => (index >= w && cells[index - w] & SOUTH_CLOSED == 0).then(|| index - w),
            Dir::East => (cells[index] & EAST_CLOSED == 0).then(|| index + 1),
            Dir::South => (cells[index] & SOUTH_CLOSED == 0).then(|| index + w),
            Dir::West => (index >= 1 && cells[index - 1] & EAST_CLOSED == 0).then(|| index - 1),
        }
    }

    /// The open walls of the cell at `index` in `cells` (as for [`RowMajor::open_neighbour`]),
    /// a bit each: bit `d` for the wall on side `d` (`Dir as u8`). Border walls need no bounds
    /// checks: the last column's east wall and the last row's south wall are closed, and
    /// `index >= width`, `index >= 1` stand for row -1's and column -1's.
    #[inline(always)]
    pub fn open_ways(self, cells: &[u8], index: usize) -> u8 {
        let (w, own) = (self.width, cells[index]);
        u8::from(index >= w && cells[index.wrapping_sub(w)] & SOUTH_CLOSED == 0)
            | u8::from(own & EAST_CLOSED == 0) << 1
            | u8::from(own & SOUTH_CLOSED == 0) << 2
            | u8::from(index >= 1 && cells[index.wrapping_sub(1)] & EAST_CLOSED == 0) << 3
    }

    /// Opens the wall on side `dir` (a `Dir as u8`) of the cell at `index` in a grid's bytes.
    /// The caller has checked that the neighbour there exists and that neither cell is in the
    /// 42.
    #[inline(always)]
    pub fn open_wall(self, cells: &mut [u8], index: usize, dir: u8) {
        // Without a branch on `dir`, which a carver draws at random: a `match` mispredicts
        // about every other carve. The wall's owner is the cell itself, or its north or west
        // neighbour; the bit is the south wall for north and south, the east one otherwise.
        let owner = index - usize::from(dir == 0) * self.width - usize::from(dir == 3);
        let bit = SOUTH_CLOSED >> (dir & 1);
        cells[owner] &= !bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn indices_and_cells_are_inverse() {
        let rows = RowMajor::new(7, 3);
        for (i, (x, y)) in (0..3).flat_map(|y| (0..7).map(move |x| (x, y))).enumerate() {
            let pos = Pos::new(x, y);
            assert_eq!(rows.of(pos), i);
            assert_eq!(rows.pos(i), pos);
            assert_eq!(rows.xy(i), (x as usize, y as usize));
            assert_eq!(rows.row_start(i), 7 * y as usize);
            assert!(rows.row(y as usize).contains(&i));
        }
        assert_eq!(rows.row(2), 14..21);
    }

    #[test]
    fn the_column_is_the_remainder() {
        for width in [1usize, 2, 3, 7, 64, 1000, 4000, 99_999, 100_000] {
            let rows = RowMajor::new(width, 3);
            let far = [1_000_000_000 - 1, (1 << 32) - 1, 123_456_789];
            for index in (0..3 * width + 5).chain(far) {
                assert_eq!(rows.column(index), index % width, "{index} in {width}");
            }
        }
    }

    #[test]
    fn neighbours_stop_at_the_border_and_match_the_grid() {
        let grid = Grid::with_stamp(5, 4, None).unwrap();
        let rows = grid.rows();
        for pos in grid.positions() {
            let i = rows.of(pos);
            for dir in Dir::ALL {
                let expected = grid.neighbour(pos, dir).map(|n| rows.of(n));
                assert_eq!(rows.neighbour(i, dir), expected, "{pos} {dir:?}");
                assert_eq!(rows.has_neighbour(i, dir), expected.is_some());
                let mask = rows.neighbour_mask(i, |_| true);
                assert_eq!(mask & (1 << dir as u8) != 0, expected.is_some());
                if let Some(n) = expected {
                    assert_eq!(rows.step(i, dir), n);
                    assert_eq!(i.wrapping_add_signed(rows.offsets()[dir as usize]), n);
                }
            }
        }
    }

    #[test]
    fn walls_open_and_read_like_the_grids() {
        let mut grid = Grid::with_stamp(4, 3, None).unwrap();
        let rows = grid.rows();
        let (a, b) = (Pos::new(1, 1), Pos::new(2, 1));
        rows.open_wall(grid.raw_mut(), rows.of(a), Dir::North as u8);
        rows.open_wall(grid.raw_mut(), rows.of(a), Dir::West as u8);
        rows.open_wall(grid.raw_mut(), rows.of(b), Dir::East as u8);
        rows.open_wall(grid.raw_mut(), rows.of(b), Dir::South as u8);
        for pos in grid.positions() {
            for dir in Dir::ALL {
                let open = grid.is_open(pos, dir);
                let past = rows.open_neighbour(grid.raw(), rows.of(pos), dir);
                assert_eq!(past.is_some(), open, "{pos} {dir:?}");
                let ways = rows.open_ways(grid.raw(), rows.of(pos));
                assert_eq!(ways & 1 << dir as u8 != 0, open, "{pos} {dir:?}");
                if open {
                    assert_eq!(past, grid.neighbour(pos, dir).map(|n| rows.of(n)));
                }
            }
        }
        assert_eq!(grid.walls(a).bits(), 0b0110);
        assert_eq!(grid.walls(b).bits(), 0b1001);
    }
}
