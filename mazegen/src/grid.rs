//! The maze itself: a compact store of walls, one byte per cell.
//!
//! Each wall between two cells is stored once, in the cell to its west or north: a cell keeps
//! its own east and south walls. North and west walls are read from the neighbour, and walls on
//! the outer border are always closed, so the store can never hold an incoherent or open-border
//! maze. The hex digit of a cell is derived on demand.

mod courtyard;
mod ends;
mod index;
mod packed;
mod stamp;

pub(crate) use crate::error::size::{MAX_CELLS, MAX_SIDE, MIN_SIDE, SizeError, check_size};
pub(crate) use crate::error::stamp::StampError;
pub(crate) use courtyard::{Courtyard, LandmarkNote, Landmarks};
pub(crate) use ends::check_ends;
pub(crate) use index::RowMajor;
pub(crate) use packed::PackedWalls;
pub(crate) use stamp::centre_cell;
pub use stamp::{Pattern, Stamp, StampChoice};
#[cfg(test)]
pub(crate) use stamp::{STAMP_HEIGHT, STAMP_WIDTH};

use crate::bytes::Bytes;
use crate::error::Error;
use crate::geometry::{Dir, Pos};

/// Bits of a cell's byte in [`Grid`].
pub(crate) const EAST_CLOSED: u8 = 1;
pub(crate) const SOUTH_CLOSED: u8 = 2;
pub(crate) const LOCKED: u8 = 4;
/// The cell is part of the centre courtyard: open inside, never changed by carving.
pub(crate) const COURTYARD: u8 = 8;
/// The high four bits, free for a carver's marks while it carves (see `generate::carve`): the
/// grid's readers mask them out, and the carver clears them before it is done.
pub(crate) const MARKS: u8 = 0xF0;

/// The four walls of one cell, as the bits of its hex digit (a set bit is a closed wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Walls(u8);

impl Walls {
    /// All four walls closed (`F`).
    pub const CLOSED: Walls = Walls(0xF);

    /// Walls from the low four bits of a hex digit's value.
    pub const fn from_bits(bits: u8) -> Walls {
        Walls(bits & 0xF)
    }

    /// The four bits: north 1, east 2, south 4, west 8.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether the wall on side `dir` is closed.
    pub const fn is_closed(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// Number of open walls.
    pub const fn open_count(self) -> u32 {
        4 - self.0.count_ones()
    }

    /// The uppercase hex digit written to the maze file.
    pub const fn hex_digit(self) -> u8 {
        b"0123456789ABCDEF"[self.0 as usize]
    }
}

/// A rectangular maze of `width` x `height` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: u32,
    height: u32,
    cells: Bytes,
    stamp: Option<Stamp>,
    courtyard: Option<Courtyard>,
}

impl Grid {
    /// The smallest width and height of a maze.
    pub const MIN_SIDE: u32 = MIN_SIDE;
    /// The largest width and height of a maze.
    pub const MAX_SIDE: u32 = MAX_SIDE;
    /// The most cells a maze may have.
    pub const MAX_CELLS: u64 = MAX_CELLS;

    /// Checks a maze size against [`Grid::MIN_SIDE`], [`Grid::MAX_SIDE`] and
    /// [`Grid::MAX_CELLS`].
    /// ```
    /// use mazegen::{Error, Grid};
    ///
    /// assert!(Grid::check_size(100_000, 10_000).is_ok());
    /// let err = Grid::check_size(100_000, 10_001).unwrap_err();
    /// assert!(matches!(err, Error::TooManyCells { width: 100_000, height: 10_001 }));
    /// ```
    pub fn check_size(width: u32, height: u32) -> Result<(), Error> {
        check_size(width, height).map_err(Error::from)
    }

    /// A fully closed grid with the "42" stamp at its SPEC position when the size has room for
    /// it (see [`Stamp::centred`]).
    pub fn new(width: u32, height: u32) -> Result<Grid, Error> {
        Grid::with_stamp(width, height, Stamp::centred(width, height))
    }

    /// A fully closed grid with the given stamp (or none). The stamp's cells are locked: their
    /// walls can never be opened.
    pub fn with_stamp(width: u32, height: u32, stamp: Option<Stamp>) -> Result<Grid, Error> {
        Grid::sized(width, height, stamp).map_err(Error::from)
    }

    /// [`Grid::with_stamp`], with the error kept apart (small and `Clone`, for a generator).
    pub(crate) fn sized(width: u32, height: u32, stamp: Option<Stamp>) -> Result<Grid, SizeError> {
        check_size(width, height)?;
        // The largest allocation of a maze, up to a gigabyte: a refusal is an error to report,
        // not an abort that would leave a raw terminal and temporary files behind.
        let len = width as usize * height as usize;
        let cells = Bytes::filled(len, EAST_CLOSED | SOUTH_CLOSED)
            .ok_or(SizeError::OutOfMemory { width, height })?;
        let mut grid = Grid {
            width,
            height,
            cells,
            stamp: None,
            courtyard: None,
        };
        if let Some(stamp) = stamp {
            grid.lock(stamp);
        }
        Ok(grid)
    }

    /// A fully closed grid with the courtyard hollowed out (its inner walls open) and the 42
    /// locked, both where [`Landmarks::plan`] puts them.
    #[cfg(test)]
    pub(crate) fn planned(width: u32, height: u32, courtyard: bool) -> Result<Grid, SizeError> {
        Grid::with_landmarks(width, height, Landmarks::plan(width, height, courtyard))
    }

    /// A fully closed grid with the given 42 and courtyard, which must not overlap.
    pub(crate) fn with_landmarks(
        width: u32,
        height: u32,
        landmarks: Landmarks,
    ) -> Result<Grid, SizeError> {
        let mut grid = Grid::sized(width, height, landmarks.stamp)?;
        if let Some(yard) = landmarks.courtyard {
            grid.hollow(yard);
        }
        Ok(grid)
    }

    /// Opens the courtyard's inner walls and marks its cells so nothing changes them again.
    fn hollow(&mut self, yard: Courtyard) {
        for p in yard.cells() {
            debug_assert!(self.contains(p) && !self.is_locked(p), "courtyard at {p}");
            for dir in [Dir::East, Dir::South] {
                if self.neighbour(p, dir).is_some_and(|n| yard.contains(n)) {
                    self.set_wall(p, dir, false);
                }
            }
        }
        for p in yard.cells() {
            let i = self.index(p);
            self.cells[i] |= COURTYARD;
        }
        self.courtyard = Some(yard);
    }

    /// Hollows and marks the courtyard if its nine cells all lie inside the grid and its inner
    /// walls are all open; returns whether it did. Used when reading a maze back from a file.
    pub(crate) fn mark_courtyard_if_open(&mut self, yard: Courtyard) -> bool {
        let open = yard.cells().all(|p| {
            self.contains(p)
                && !self.is_locked(p)
                && [Dir::East, Dir::South].into_iter().all(|d| {
                    !self.neighbour(p, d).is_some_and(|n| yard.contains(n)) || self.is_open(p, d)
                })
        });
        if open {
            self.hollow(yard);
        }
        open
    }
    /// Locks the stamp's cells if they all lie inside the grid and all their walls are closed;
    /// returns whether it did. Used when reading a maze back from a file.
    pub(crate) fn lock_if_closed(&mut self, stamp: Stamp) -> bool {
        let closed = stamp
            .cells()
            .all(|p| self.contains(p) && self.walls(p) == Walls::CLOSED);
        if closed {
            self.lock(stamp);
        }
        closed
    }

    fn lock(&mut self, stamp: Stamp) {
        for p in stamp.cells() {
            let i = self.index(p);
            self.cells[i] |= LOCKED;
        }
        self.stamp = Some(stamp);
    }

    /// Columns of cells.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Rows of cells.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, `width * height`.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Number of cells outside the 42: the cells a maze joins up.
    pub fn open_cell_count(&self) -> u64 {
        let locked = self.stamp.map_or(0, |s| s.cells().count());
        (self.cells.len() - locked) as u64
    }

    /// The "42" stamp, if this maze has one.
    pub const fn stamp(&self) -> Option<Stamp> {
        self.stamp
    }

    /// Whether `pos` is a cell of this grid.
    pub const fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// Row-major index of a cell. `pos` must be inside the grid.
    #[inline]
    pub fn index(&self, pos: Pos) -> usize {
        debug_assert!(
            self.contains(pos),
            "{pos} outside {}x{}",
            self.width,
            self.height
        );
        self.rows().of(pos)
    }

    /// The cell at a row-major index.
    #[inline]
    pub fn pos(&self, index: usize) -> Pos {
        self.rows().pos(index)
    }

    /// The index arithmetic of this grid's cell bytes ([`Grid::raw`]).
    #[inline]
    pub(crate) const fn rows(&self) -> RowMajor {
        RowMajor::new(self.width as usize, self.height as usize)
    }

    /// The neighbouring cell in `dir`, or `None` past the border.
    #[inline]
    pub fn neighbour(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        match dir {
            Dir::North => pos.y.checked_sub(1).map(|y| Pos::new(pos.x, y)),
            Dir::West => pos.x.checked_sub(1).map(|x| Pos::new(x, pos.y)),
            Dir::East => (pos.x + 1 < self.width).then(|| Pos::new(pos.x + 1, pos.y)),
            Dir::South => (pos.y + 1 < self.height).then(|| Pos::new(pos.x, pos.y + 1)),
        }
    }

    /// The centre courtyard, if this maze has one.
    pub(crate) const fn courtyard(&self) -> Option<Courtyard> {
        self.courtyard
    }

    /// Whether this maze has the open 3x3 courtyard `COURTYARD=True` (or
    /// [`MazeOptions::courtyard`](crate::MazeOptions::courtyard)) asks for, at the centre,
    /// where carving starts: only a maze with room for it beside the 42 gets it.
    pub const fn has_courtyard(&self) -> bool {
        self.courtyard.is_some()
    }

    /// The courtyard's nine cells in reading order (none without a courtyard): a cell is one
    /// of them when [`Grid::in_courtyard`] says so.
    pub fn courtyard_cells(&self) -> impl Iterator<Item = Pos> + use<> {
        self.courtyard.into_iter().flat_map(|yard| yard.cells())
    }

    /// Whether a cell belongs to the centre courtyard.
    #[inline]
    pub fn in_courtyard(&self, pos: Pos) -> bool {
        self.cells[self.index(pos)] & COURTYARD != 0
    }

    /// Whether a cell belongs to the "42" stamp.
    #[inline]
    pub fn is_locked(&self, pos: Pos) -> bool {
        self.cells[self.index(pos)] & LOCKED != 0
    }

    /// Whether the wall on side `dir` of `pos` is closed (border walls always are).
    #[inline]
    pub fn is_closed(&self, pos: Pos, dir: Dir) -> bool {
        let i = self.index(pos);
        let w = self.width as usize;
        match dir {
            Dir::East => self.cells[i] & EAST_CLOSED != 0,
            Dir::South => self.cells[i] & SOUTH_CLOSED != 0,
            Dir::North => pos.y == 0 || self.cells[i - w] & SOUTH_CLOSED != 0,
            Dir::West => pos.x == 0 || self.cells[i - 1] & EAST_CLOSED != 0,
        }
    }

    #[inline]
    /// Whether the wall on side `dir` of `pos` is open.
    pub fn is_open(&self, pos: Pos, dir: Dir) -> bool {
        !self.is_closed(pos, dir)
    }

    /// The four walls of a cell: the bits of its hex digit.
    #[inline]
    pub fn walls(&self, pos: Pos) -> Walls {
        let i = self.index(pos);
        Walls(self.rows().walls_in_column(&self.cells, i, pos.x as usize))
    }

    /// Opens or closes the wall on side `dir` of `pos` (and so the neighbour's matching wall).
    /// Returns `false`, changing nothing, when the wall cannot be opened: it is on the outer
    /// border or belongs to a "42" cell. Closing always succeeds except on the border, which is
    /// already closed, and inside the courtyard, which stays open.
    pub fn set_wall(&mut self, pos: Pos, dir: Dir, closed: bool) -> bool {
        let Some(next) = self.neighbour(pos, dir) else {
            return closed;
        };
        if !closed && (self.is_locked(pos) || self.is_locked(next)) {
            return false;
        }
        if closed && self.in_courtyard(pos) && self.in_courtyard(next) {
            return false;
        }
        let (owner, bit) = match dir {
            Dir::East => (pos, EAST_CLOSED),
            Dir::South => (pos, SOUTH_CLOSED),
            Dir::West => (next, EAST_CLOSED),
            Dir::North => (next, SOUTH_CLOSED),
        };
        let i = self.index(owner);
        if closed {
            self.cells[i] |= bit;
        } else {
            self.cells[i] &= !bit;
        }
        true
    }

    /// The directions in which `pos` has an open wall.
    pub fn open_dirs(&self, pos: Pos) -> impl Iterator<Item = Dir> + '_ {
        let walls = self.walls(pos);
        Dir::ALL.into_iter().filter(move |&d| !walls.is_closed(d))
    }

    /// Every cell, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// The raw per-cell bytes, for the crate's hot loops.
    #[inline]
    pub(crate) fn raw(&self) -> &[u8] {
        &self.cells
    }

    #[inline]
    pub(crate) fn raw_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}

#[cfg(test)]
mod tests;
