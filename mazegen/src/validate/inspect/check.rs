//! The rules checked on a maze as read: the work of [`super::Inspection::check`], packaged as a
//! [`CheckJob`] that another thread can run while a UI draws the maze.
//!
//! The rules are the validator's ([`crate::validate`]): its per-cell wall checks, its entry and
//! exit checks, its open-area rule ([`crate::rules`]), its flood fill and reach measure, and its
//! path check, called one by one so that what they find is counted and marked cell by cell
//! instead of being listed (a file of ten million broken walls would make a list of ten
//! million).

use std::collections::VecDeque;
use std::sync::Arc;

use super::bits::{Bits, Nibbles};
use super::{BLOCK, flag};
use crate::geometry::{Dir, Pos};
use crate::grid::{EAST_CLOSED, Grid, Landmarks, SOUTH_CLOSED, SizeError, Stamp, Walls};
use crate::rules::{is_forced_dead_end, open_areas};
use crate::solve::{Bfs, Solution};
use crate::stats::is_dead_end;
use crate::validate::{
    Expected, Reach, Violation, check_path, end_violations, planned_stamp, reach_violations,
    wall_violations,
};

/// Everything the check needs, shared with the inspection (nothing is copied).
#[derive(Clone, Debug)]
pub(crate) struct CheckJob {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) complete: bool,
    pub(super) walls: Arc<Nibbles>,
    pub(super) entry: Option<Pos>,
    pub(super) exit: Option<Pos>,
    pub(super) path: Arc<[Dir]>,
    pub(super) path_whole: bool,
    pub(super) expected: Expected,
    pub(super) landmarks: Landmarks,
}

/// What a [`CheckJob`] found, for [`super::Inspection::install`].
#[derive(Clone, Debug)]
pub(crate) struct Checked {
    /// The address of the walls it checked, to refuse installing it in another inspection.
    pub(super) source: usize,
    /// Per cell: [`flag::UNREACHABLE`], [`flag::OPEN_AREA`], [`flag::ON_SHORTEST`],
    /// [`flag::REGION_START`].
    pub(super) flags: Nibbles,
    /// Per block of [`BLOCK`] cells: whether a located problem is there.
    pub(super) located: Bits,
    pub(super) counts: Counts,
    /// The broken rules not counted in `counts`, in the validator's order, with where each one
    /// is, if on a cell.
    pub(super) rules: Vec<(Option<Pos>, Violation)>,
    pub(super) shortest: Option<Solution>,
    /// The 42 was found closed and locked: its cells are walls, not cells to reach.
    pub(super) stamp_locked: bool,
    /// The courtyard was found open: its open area is allowed.
    pub(super) courtyard: Option<crate::grid::Courtyard>,
    /// A flood fill from the entry ran: `UNREACHABLE` marks every cell it did not reach.
    pub(super) flooded: bool,
    /// The dead-end limit is broken: the free dead ends are problems.
    pub(super) dead_ends_broken: bool,
    /// The cell the recorded path's first illegal step leaves from.
    pub(super) illegal_step: Option<Pos>,
    /// The check could not run: no memory for its grid.
    pub(super) not_checked: Option<SizeError>,
}

/// How many of each per-cell problem there are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    pub incoherent: u64,
    pub open_border: u64,
    pub stamp: u64,
    pub open_areas: u64,
    pub unreachable: u64,
    pub regions: u64,
}

impl CheckJob {
    /// Checks every rule. Takes about as long as the validator on the same file; memory: the
    /// grid the rules read (1 byte a cell), the flood fill's (1 byte a cell) and the marks
    /// (half a byte a cell).
    pub fn run(self) -> Checked {
        let (w, h) = (self.width, self.height);
        let cells = w as usize * h as usize;
        let mut checked = Checked {
            source: Arc::as_ptr(&self.walls) as usize,
            flags: Nibbles::default(),
            located: Bits::default(),
            counts: Counts::default(),
            rules: Vec::new(),
            shortest: None,
            stamp_locked: false,
            courtyard: None,
            flooded: false,
            dead_ends_broken: false,
            illegal_step: None,
            not_checked: None,
        };
        let refused = SizeError::OutOfMemory {
            width: w,
            height: h,
        };
        let (Ok(flags), Ok(located)) =
            (Nibbles::zeroed(cells), Bits::zeroed(cells.div_ceil(BLOCK)))
        else {
            checked.not_checked = Some(refused);
            return checked;
        };
        (checked.flags, checked.located) = (flags, located);
        let walls = &*self.walls;
        let index = |p: Pos| p.y as usize * w as usize + p.x as usize;
        let digit = |p: Pos| Walls::from_bits(walls.get(index(p)));
        if let Some(size) = self.expected.size.filter(|&s| self.complete && s != (w, h)) {
            checked.rules.push((
                None,
                Violation::SizeMismatch {
                    expected: size,
                    found: (w, h),
                },
            ));
        }
        self.check_walls(&mut checked);
        let landmarks = if self.complete {
            self.landmarks
        } else {
            Landmarks::default()
        };
        if let Some(stamp) = landmarks.stamp {
            for cell in stamp.cells().filter(|&c| digit(c) != Walls::CLOSED) {
                checked.counts.stamp += 1;
                checked.located.set(index(cell) / BLOCK);
            }
        }
        if h < 2 {
            return checked; // a part of a maze, one row: no grid, no 3x3 area.
        }
        let grid = match grid_of(walls, w, h, landmarks) {
            Ok(grid) => grid,
            Err(e) => {
                checked.not_checked = Some(e);
                return checked;
            }
        };
        checked.stamp_locked = grid.stamp().is_some();
        checked.courtyard = grid.courtyard();
        if let Some(yard) = landmarks.courtyard.filter(|_| grid.courtyard().is_none()) {
            checked.rules.push((
                Some(yard.origin()),
                Violation::CourtyardNotOpen {
                    origin: yard.origin(),
                },
            ));
        }
        let mut found = Vec::new();
        let ends = match (self.entry, self.exit) {
            (Some(entry), Some(exit)) if self.complete => Some((entry, exit)),
            _ => None,
        };
        let (entry_ok, exit_ok) = ends.map_or((false, false), |(entry, exit)| {
            end_violations(&grid, entry, exit, &self.expected, &mut found)
        });
        self.add(&mut checked, &grid, found.drain(..));
        for corner in open_areas(&grid) {
            checked.counts.open_areas += 1;
            checked.located.set(index(corner) / BLOCK);
            for dy in 0..3 {
                for dx in 0..3 {
                    let cell = Pos::new(corner.x + dx, corner.y + dy);
                    checked.flags.or(index(cell), flag::OPEN_AREA);
                }
            }
        }
        let Some((entry, exit)) = ends.filter(|_| entry_ok) else {
            return checked;
        };
        // Refused its memory, the fill leaves the reach unchecked, and says why.
        let refused = SizeError::NotEnoughMemory {
            task: "the check",
            width: w,
            height: h,
        };
        let mut search = match Bfs::try_flood(&grid, entry) {
            Ok(search) => search,
            Err(_) => {
                checked.not_checked = Some(refused);
                return checked;
            }
        };
        if search.try_run().is_err() {
            checked.not_checked = Some(refused);
            return checked;
        }
        let stamp = planned_stamp(&grid, &self.expected);
        let reach = Reach::measure(&grid, &search, stamp);
        reach_violations(&grid, &search, &reach, &self.expected, &mut found);
        checked.flooded = true;
        checked.dead_ends_broken = found
            .iter()
            .any(|v| matches!(v, Violation::TooManyDeadEnds { .. }));
        self.add(&mut checked, &grid, found.drain(..));
        mark_unreachable(&grid, &search, stamp, &mut checked);
        if checked.dead_ends_broken {
            for cell in grid.positions() {
                if search.reached(cell)
                    && !grid.is_locked(cell)
                    && is_dead_end(&grid, cell)
                    && !is_forced_dead_end(&grid, cell)
                {
                    checked.located.set(index(cell) / BLOCK);
                }
            }
        }
        if !exit_ok {
            return checked;
        }
        let Some(shortest) = search.try_path_to(exit) else {
            checked.not_checked = Some(refused);
            return checked;
        };
        drop(search);
        if let Some(path) = &shortest {
            for cell in path.cells(&grid) {
                checked.flags.or(index(cell), flag::ON_SHORTEST);
            }
        }
        if self.path_whole {
            let recorded = Solution::new(entry, self.path.to_vec());
            let verdict = check_path(&grid, &recorded, exit, shortest.clone());
            if let Some(violation) = verdict {
                let place = match &violation {
                    Violation::PathNotShortest { .. } => {
                        shortest.as_ref().map(|s| divergence(&grid, &recorded, s))
                    }
                    v => location(v),
                };
                if let Violation::PathLeavesMaze { cell, .. }
                | Violation::PathThroughWall { cell, .. } = violation
                {
                    checked.illegal_step = Some(cell);
                }
                push(&mut checked, w, place, violation);
            }
        }
        checked.shortest = shortest;
        checked
    }

    /// The walls each digit breaks: open border walls and neighbours that disagree. The south
    /// side of the last row read is no border when the rows were cut short.
    fn check_walls(&self, checked: &mut Checked) {
        let (w, h) = (self.width, self.height);
        let walls = &*self.walls;
        let cut_short = !self.complete;
        let mut i = 0;
        for y in 0..h {
            for x in 0..w {
                let cell = Pos::new(x, y);
                // Most cells break nothing: look closer only where a wall looks wrong.
                if looks_fine(walls, (w, h), (x, y), i) {
                    i += 1;
                    continue;
                }
                let digit =
                    |p: Pos| Walls::from_bits(walls.get(p.y as usize * w as usize + p.x as usize));
                wall_violations((w, h), cell, digit, &mut |v| match v {
                    Violation::OpenBorder { cell, dir } if !(cut_short && dir == Dir::South) => {
                        checked.counts.open_border += 1;
                        checked.located.set(index_of(w, cell) / BLOCK);
                    }
                    Violation::IncoherentWall { cell, .. } => {
                        checked.counts.incoherent += 1;
                        checked.located.set(index_of(w, cell) / BLOCK);
                    }
                    _ => {}
                });
                i += 1;
            }
        }
    }

    /// Keeps violations that have no per-cell count, with their place.
    fn add(&self, checked: &mut Checked, grid: &Grid, found: impl Iterator<Item = Violation>) {
        for violation in found {
            match violation {
                Violation::Unreachable { .. } | Violation::TooManyDeadEnds { .. } => {
                    // Counted and marked cell by cell; kept for their one-line summaries.
                    checked.rules.push((None, violation));
                }
                v => {
                    let place = location(&v).filter(|&p| grid.contains(p));
                    push(checked, self.width, place, v);
                }
            }
        }
    }
}

fn push(checked: &mut Checked, width: u32, place: Option<Pos>, violation: Violation) {
    if let Some(p) = place {
        checked.located.set(index_of(width, p) / BLOCK);
    }
    checked.rules.push((place, violation));
}

fn index_of(width: u32, p: Pos) -> usize {
    p.y as usize * width as usize + p.x as usize
}

/// Whether the digit at `i` surely breaks no wall rule: each side agrees with the neighbour's
/// digit, or is a closed border wall. A quick filter before the validator's own check.
#[inline]
fn looks_fine(walls: &Nibbles, (w, h): (u32, u32), (x, y): (u32, u32), i: usize) -> bool {
    let (w, h, x, y) = (w as usize, h as usize, x as usize, y as usize);
    let own = walls.get(i);
    let east = if x + 1 < w {
        (own >> 1 & 1) == (walls.get(i + 1) >> 3 & 1)
    } else {
        own & Dir::East.bit() != 0
    };
    let south = if y + 1 < h {
        (own >> 2 & 1) == (walls.get(i + w) & 1)
    } else {
        own & Dir::South.bit() != 0
    };
    let north = y > 0 || own & Dir::North.bit() != 0;
    let west = x > 0 || own & Dir::West.bit() != 0;
    east && south && north && west
}

/// The grid the rules read: each wall taken from the digit of the cell west or north of it,
/// border walls closed, the 42 locked if closed and the courtyard marked if open, exactly as
/// [`crate::format::MazeFile::to_grid_with`] builds it.
pub(super) fn grid_of(
    walls: &Nibbles,
    w: u32,
    h: u32,
    landmarks: Landmarks,
) -> Result<Grid, SizeError> {
    let mut grid = Grid::sized(w, h, None)?;
    let (wu, hu) = (w as usize, h as usize);
    let cells = grid.raw_mut();
    for y in 0..hu {
        for x in 0..wu {
            let i = y * wu + x;
            // The digit's east (2) and south (4) bits are the grid's EAST_CLOSED and
            // SOUTH_CLOSED one place down.
            let mut byte = (walls.get(i) >> 1) & (EAST_CLOSED | SOUTH_CLOSED);
            if x + 1 == wu {
                byte |= EAST_CLOSED;
            }
            if y + 1 == hu {
                byte |= SOUTH_CLOSED;
            }
            cells[i] = byte;
        }
    }
    if let Some(stamp) = landmarks.stamp {
        grid.lock_if_closed(stamp);
    }
    if let Some(yard) = landmarks.courtyard {
        grid.mark_courtyard_if_open(yard);
    }
    Ok(grid)
}

/// Marks the cells the flood fill did not reach (the cells of the 42, whole or not, aside, as
/// the validator counts them), and the first cell, in reading order, of each region of them
/// that open walls join.
fn mark_unreachable(grid: &Grid, search: &Bfs, stamp: Option<Stamp>, checked: &mut Checked) {
    let on_stamp = |i: usize| {
        let cell = Pos::new(i as u32 % grid.width(), i as u32 / grid.width());
        stamp.is_some_and(|s| s.contains(cell))
    };
    let rows = grid.rows();
    let cells = grid.raw();
    let mut queue = VecDeque::new();
    let mut i = 0;
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let cell = Pos::new(x, y);
            let seen = checked.flags.get(i) & flag::UNREACHABLE != 0;
            if !search.reached(cell) && !grid.is_locked(cell) && on_stamp(i) {
                checked.flags.or(i, flag::STAMP_UNREACHED);
            } else if !seen && !search.reached(cell) && !grid.is_locked(cell) {
                checked.flags.or(i, flag::REGION_START | flag::UNREACHABLE);
                checked.located.set(i / BLOCK);
                checked.counts.regions += 1;
                queue.push_back(i as u32);
                // Every cell open walls join to an unreached one is unreached too.
                while let Some(at) = queue.pop_front() {
                    checked.counts.unreachable += 1;
                    for dir in Dir::ALL {
                        let Some(next) = rows.open_neighbour(cells, at as usize, dir) else {
                            continue;
                        };
                        if checked.flags.get(next) & flag::UNREACHABLE == 0 && !on_stamp(next) {
                            checked.flags.or(next, flag::UNREACHABLE);
                            queue.push_back(next as u32);
                        }
                    }
                }
            }
            i += 1;
        }
    }
}

/// Where a single violation is on the map, if anywhere. `PathNotShortest` is placed by
/// [`divergence`].
pub(super) fn location(violation: &Violation) -> Option<Pos> {
    use Violation as V;
    match *violation {
        V::EntryMismatch { found, .. } | V::ExitMismatch { found, .. } => Some(found),
        V::IncoherentWall { cell, .. }
        | V::OpenBorder { cell, .. }
        | V::StampNotClosed { cell }
        | V::PathLeavesMaze { cell, .. }
        | V::PathThroughWall { cell, .. } => Some(cell),
        V::CourtyardNotOpen { origin } => Some(origin),
        V::OpenArea { corner } => Some(corner),
        V::EntryOnStamp(p)
        | V::ExitOnStamp(p)
        | V::EntryIsExit(p)
        | V::CentreUnreachable(p)
        | V::ExitUnreachable(p) => Some(p),
        V::Unreachable { example, .. } => Some(example),
        V::PathMissesExit { ends_at, .. } => Some(ends_at),
        V::SizeMismatch { .. }
        | V::EntryOutside(_)
        | V::ExitOutside(_)
        | V::NotPerfect { .. }
        | V::TooFewLoops { .. }
        | V::TooManyDeadEnds { .. }
        | V::PathNotShortest { .. } => None,
    }
}

/// The cell where a recorded path that is too long first leaves the shortest path.
fn divergence(grid: &Grid, recorded: &Solution, shortest: &Solution) -> Pos {
    let same = recorded
        .dirs()
        .iter()
        .zip(shortest.dirs())
        .take_while(|(a, b)| a == b)
        .count();
    shortest.cells(grid).nth(same).unwrap_or(shortest.start())
}
