//! Inspecting any maze file, valid or not, to show it with every broken rule on the map.
//!
//! [`Inspection::load`] reads a hex maze file as far as it can be read (rows of the wrong width, characters
//! that are not hex digits, a truncated file, missing entry, exit or path lines: what comes
//! before is kept, an unreadable digit is a closed cell, and the first unreadable line is
//! named), then checks it against every rule of [`crate::validate`], keeping where each broken
//! rule is:
//!
//! - [`Inspection::cell_marks`]: per cell, in O(1), what to draw ([`Marks`]: broken walls,
//!   open areas, unreachable cells, the recorded and the shortest path, ...);
//! - [`Inspection::problem_rows`]: one line per kind of problem, with its count, for a sidebar;
//! - [`Inspection::locations`], [`Inspection::next_location`],
//!   [`Inspection::previous_location`]: every located problem once, in reading order, to jump
//!   from one to the next.
//!
//! A file that is not a maze at all (empty, binary, no row of hex digits) or whose size no maze
//! may have is refused with the one-line error [`MazeFile::load`] (and so `--check`) gives it.
//!
//! Storage is compact, for mazes of 10000x10000 cells and more: the walls as read take half a
//! byte a cell, the check's marks another half, and the few per-cell facts that are rare (an
//! unreadable digit, the recorded path) a bit a cell; nothing is a heap object per cell, and
//! per-cell problems (broken walls, dead ends) are worked out from the walls when asked for
//! rather than listed. Checking a huge maze takes seconds: [`Inspection::open`] reads the file
//! without checking it, so that a UI can draw it at once and run [`Inspection::check`] on
//! another thread (an `Inspection` is `Send`; a clone shares the walls read).
//!
//! [`MazeFile::load`]: crate::format::MazeFile::load

mod bits;
mod check;
mod reader;
#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign};
use std::path::Path;
use std::sync::Arc;

use bits::{Bits, Nibbles};
pub(crate) use check::{CheckJob, Checked};

use crate::error::Error;
use crate::format::hex::{
    HexError, HexErrorKind, LoadError, load_limit, max_file_bytes, read_maze_bytes,
};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, Landmarks, Stamp, Walls};
use crate::solve::Solution;
use crate::validate::{Expected, LayoutProblem, Violation, layout_problems};

/// Cells per bit of the index of where problems are, for jumping between them: one word of the
/// unreadable-digit bits.
const BLOCK: usize = 64;

/// The facts a check keeps per cell, four bits a cell.
mod flag {
    /// The flood fill from the entry did not reach the cell (the 42's locked cells aside).
    pub const UNREACHABLE: u8 = 1;
    /// The cell is in an open 3x3 area.
    pub const OPEN_AREA: u8 = 2;
    /// The cell is on the shortest path from the entry to the exit.
    pub const ON_SHORTEST: u8 = 4;
    /// The first cell, in reading order, of a region of unreachable cells.
    pub const REGION_START: u8 = 8;
    /// Alone, without [`UNREACHABLE`]: a cell of a 42 that is not whole, which the flood fill
    /// did not reach. It is the 42's, not an unreachable cell; it is no dead end of the maze.
    pub const STAMP_UNREACHED: u8 = REGION_START;

    /// Whether the flood fill reached the cell (a locked cell of a whole 42 counts as reached).
    pub fn reached(flags: u8) -> bool {
        flags & (UNREACHABLE | STAMP_UNREACHED) == 0
    }

    /// Whether the cell starts a region of unreachable cells.
    pub fn starts_region(flags: u8) -> bool {
        flags & (UNREACHABLE | REGION_START) == UNREACHABLE | REGION_START
    }
}

/// A maze file as far as it could be read, and, once checked, every rule it breaks and where.
#[derive(Clone, Debug)]
pub struct Inspection {
    width: u32,
    height: u32,
    /// Every row was read.
    complete: bool,
    /// Each cell's digit as read; an unreadable one is `F`.
    walls: Arc<Nibbles>,
    bad_digits: Option<Bits>,
    bad_digit_count: u64,
    first_error: Option<HexError>,
    /// Where the file departs from the subject's strict layout (see
    /// [`crate::validate::layout_problems`]): shown, though the file is read.
    layout: Vec<LayoutProblem>,
    entry: Option<Pos>,
    exit: Option<Pos>,
    path: Arc<[Dir]>,
    path_whole: bool,
    /// The cells the recorded path visits, up to where it leaves the maze.
    on_path: Option<Bits>,
    expected: Expected,
    /// Where the 42 and the courtyard should be (none when the rows were cut short).
    landmarks: Landmarks,
    /// Per block of [`BLOCK`] cells: a located problem may be there.
    located: Bits,
    checked: Option<Checked>,
}

impl Inspection {
    /// Reads and checks a maze file, as `--check MAZE` does without a config.
    ///
    /// ```
    /// use mazegen::Maze;
    /// use mazegen::validate::Inspection;
    /// use mazegen::format::{Hex, Output};
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let path = std::env::temp_dir().join("mazegen-doc-inspect.txt");
    /// maze.write_to(&[Output::file(Hex, &path)])?;
    /// let inspection = Inspection::load(&path)?;
    /// assert!(inspection.is_valid() && inspection.problem_rows().is_empty());
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Inspection, Error> {
        Inspection::load_with(path, &Expected::default())
    }

    /// Reads and checks a maze file against what its config expects, as `--check MAZE CONFIG`
    /// does: with the config's size, a larger file than such a maze can be is refused unread.
    pub fn load_with(path: impl AsRef<Path>, expected: &Expected) -> Result<Inspection, Error> {
        let mut inspection = Inspection::open(path, expected)?;
        inspection.check();
        Ok(inspection)
    }

    /// Reads a maze file without checking it: drawable at once, with only what reading found
    /// (the first unreadable line, unreadable digits). [`Inspection::check`], here or on
    /// another thread, does the rest.
    pub fn open(path: impl AsRef<Path>, expected: &Expected) -> Result<Inspection, Error> {
        Inspection::open_file(path.as_ref(), expected).map_err(Error::from)
    }

    /// [`Inspection::open`], with the error kept apart.
    fn open_file(path: &Path, expected: &Expected) -> Result<Inspection, LoadError> {
        let limit = match expected.size {
            Some((width, height)) => max_file_bytes(width, height),
            None => load_limit(path)?,
        };
        let bytes = read_maze_bytes(path, limit)?;
        Inspection::read_hex(&bytes, expected).map_err(|source| LoadError::Parse {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads and checks a maze file's text: [`Error::Hex`] if it is no maze file at all.
    pub fn from_text(text: &str) -> Result<Inspection, Error> {
        Inspection::from_bytes(text.as_bytes(), &Expected::default())
    }

    /// Reads and checks a maze file's bytes (which need not be UTF-8 past the first line).
    pub fn from_bytes(bytes: &[u8], expected: &Expected) -> Result<Inspection, Error> {
        let mut inspection = Inspection::read(bytes, expected)?;
        inspection.check();
        Ok(inspection)
    }

    /// Reads a maze file's bytes without checking it (see [`Inspection::open`]):
    /// [`Error::Hex`] if it is no maze file at all.
    pub fn read(bytes: &[u8], expected: &Expected) -> Result<Inspection, Error> {
        Inspection::read_hex(bytes, expected).map_err(Error::from)
    }

    /// [`Inspection::read`], with the error kept apart.
    fn read_hex(bytes: &[u8], expected: &Expected) -> Result<Inspection, HexError> {
        let reading = reader::read(bytes)?;
        let (w, h) = (reading.width, reading.height);
        let cells = w as usize * h as usize;
        let landmarks = if reading.complete {
            Landmarks::plan_or_leave_out(w, h, expected.courtyard, expected.stamp)
        } else {
            Landmarks::default()
        };
        let no_memory = |_| HexError {
            line: None,
            kind: crate::format::hex::HexErrorKind::NoMemoryForGrid {
                width: w,
                height: h,
            },
        };
        let mut located = Bits::zeroed(cells.div_ceil(BLOCK)).map_err(no_memory)?;
        if let Some(bad) = &reading.bad_digits {
            for block in 0..cells.div_ceil(BLOCK) {
                if bad.word(block) != 0 {
                    located.set(block);
                }
            }
        }
        let mut inspection = Inspection {
            width: w,
            height: h,
            complete: reading.complete,
            walls: Arc::new(reading.walls),
            bad_digits: reading.bad_digits,
            bad_digit_count: reading.bad_digit_count,
            first_error: reading.first_error,
            // Bytes in memory cannot fail to be read.
            layout: layout_problems(bytes).unwrap_or_default(),
            entry: reading.entry,
            exit: reading.exit,
            path: reading.path.into(),
            path_whole: reading.path_whole,
            on_path: None,
            expected: expected.clone(),
            landmarks,
            located,
            checked: None,
        };
        // A 42 drawn otherwise, accepted as `--check` accepts it: its cells are the stamp's.
        if reading.complete
            && let Some(note) =
                crate::validate::drawn_forty_two((w, h), |p| inspection.walls(p), expected)
        {
            inspection.landmarks.stamp = Some(note.drawn);
        }
        if let Some(entry) = inspection.entry.filter(|&e| inspection.contains(e)) {
            let mut on_path = Bits::zeroed(cells).map_err(no_memory)?;
            let mut at = entry;
            on_path.set(inspection.index(at));
            for &dir in inspection.path.iter() {
                let Some(next) = inspection.neighbour(at, dir) else {
                    break;
                };
                at = next;
                on_path.set(inspection.index(at));
            }
            inspection.on_path = Some(on_path);
        }
        Ok(inspection)
    }

    /// Width in cells: the length of the first row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells: the rows read.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether every row was read (up to the empty line after them). When not, the maze shown
    /// is its top part, the size, the 42's place, the entry, exit and path are unknown, and
    /// only the rules the rows read can break are checked.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Whether `pos` is a cell of the maze as read.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// The walls of a cell as its digit says (an unreadable digit reads as `F`, fully closed).
    pub fn walls(&self, pos: Pos) -> Walls {
        Walls::from_bits(self.walls.get(self.index(pos)))
    }

    /// The first line that could not be read whole (1-based; `None` when the problem is on no
    /// one line), with the reason `--check` would give; `None` when the whole file was read.
    pub fn first_unreadable(&self) -> Option<(Option<usize>, &HexErrorKind)> {
        let error = self.first_error.as_ref()?;
        Some((error.line, &error.kind))
    }

    /// The entry, if its line was read.
    pub fn entry(&self) -> Option<Pos> {
        self.entry
    }

    /// The exit, if its line was read.
    pub fn exit(&self) -> Option<Pos> {
        self.exit
    }

    /// The recorded path's steps from the entry, up to its first unreadable letter; empty
    /// without a path line.
    pub fn recorded_path(&self) -> &[Dir] {
        &self.path
    }

    /// A shortest path from the entry to the exit, once checked, if the exit can be reached.
    pub fn shortest_path(&self) -> Option<&Solution> {
        self.checked.as_ref()?.shortest.as_ref()
    }

    /// Where the 42 should be (drawn in its own colour); `None` for a maze too small for it or
    /// whose rows were cut short.
    pub fn stamp(&self) -> Option<Stamp> {
        self.landmarks.stamp
    }

    /// What the maze was checked against.
    pub fn expected(&self) -> &Expected {
        &self.expected
    }

    /// Whether the rules have been checked ([`Inspection::check`]).
    pub fn is_checked(&self) -> bool {
        self.checked.is_some()
    }

    /// Whether the file was read whole, checked, and breaks no rule.
    pub fn is_valid(&self) -> bool {
        self.is_checked() && self.problem_rows().is_empty()
    }

    /// Checks every rule, here and now, unless it was done already.
    pub fn check(&mut self) {
        if self.checked.is_none() {
            let checked = self.check_job().run();
            self.install(checked);
        }
    }

    /// The work of [`Inspection::check`], to run on another thread: it shares the walls with
    /// this inspection, which can be drawn meanwhile. Hand its result to
    /// [`Inspection::install`].
    pub(crate) fn check_job(&self) -> CheckJob {
        CheckJob {
            width: self.width,
            height: self.height,
            complete: self.complete,
            walls: Arc::clone(&self.walls),
            entry: self.entry,
            exit: self.exit,
            path: Arc::clone(&self.path),
            path_whole: self.path_whole,
            expected: self.expected.clone(),
            landmarks: self.landmarks,
        }
    }

    /// Takes in what a [`CheckJob`] of this inspection found; returns `false`, changing
    /// nothing, for another inspection's.
    pub(crate) fn install(&mut self, checked: Checked) -> bool {
        if checked.source != Arc::as_ptr(&self.walls) as usize {
            return false;
        }
        self.located.union_with(&checked.located);
        self.checked = Some(checked);
        true
    }

    /// What to draw at a cell, in O(1): see [`Marks`]. Before the check, only what reading
    /// found (unreadable digits, the recorded path, the entry, the exit and the 42).
    pub fn cell_marks(&self, pos: Pos) -> Marks {
        let i = self.index(pos);
        let own = self.walls.get(i);
        let mut marks = Marks::NONE;
        if self.bad_digits.as_ref().is_some_and(|b| b.get(i)) {
            marks |= Marks::BAD_DIGIT;
        }
        if self.on_path.as_ref().is_some_and(|b| b.get(i)) {
            marks |= Marks::ON_PATH;
        }
        if self.entry == Some(pos) {
            marks |= Marks::ENTRY;
        }
        if self.exit == Some(pos) {
            marks |= Marks::EXIT;
        }
        let on_stamp = self.landmarks.stamp.is_some_and(|s| s.contains(pos));
        if on_stamp {
            marks |= Marks::STAMP;
        }
        let Some(checked) = &self.checked else {
            return marks;
        };
        if on_stamp && own != Walls::CLOSED.bits() {
            marks |= Marks::BAD_STAMP;
        }
        marks |= Marks(u32::from(self.bad_sides(pos, own)));
        let flags = checked_flags(checked, i);
        for (bit, mark) in [
            (flag::UNREACHABLE, Marks::UNREACHABLE),
            (flag::OPEN_AREA, Marks::OPEN_AREA),
            (flag::ON_SHORTEST, Marks::ON_SHORTEST),
        ] {
            if flags & bit != 0 {
                marks |= mark;
            }
        }
        if checked.illegal_step == Some(pos) {
            marks |= Marks::ILLEGAL_STEP;
        }
        if self.is_counted_dead_end(checked, pos, flags) {
            marks |= Marks::DEAD_END;
        }
        marks
    }

    /// Every located problem at a cell, in a fixed order: an unreadable digit, open border
    /// walls, incoherent walls named by this cell (it has the wall open, its neighbour closed),
    /// a 42 cell not closed, an open 3x3 area with this top-left cell, a region of unreachable
    /// cells starting here, a dead end over the limit, then single problems (entry, exit,
    /// centre, path) placed here.
    pub fn problems_at(&self, pos: Pos) -> Vec<Problem> {
        let mut found = Vec::new();
        if !self.contains(pos) {
            return found;
        }
        let i = self.index(pos);
        if self.bad_digits.as_ref().is_some_and(|b| b.get(i)) {
            found.push(Problem::BadDigit { cell: pos });
        }
        let Some(checked) = &self.checked else {
            return found;
        };
        let own = Walls::from_bits(self.walls.get(i));
        for dir in Dir::ALL {
            match self.neighbour_read(pos, dir) {
                Side::Border if !own.is_closed(dir) => {
                    found.push(Problem::Rule(Violation::OpenBorder { cell: pos, dir }));
                }
                _ => {}
            }
        }
        for dir in Dir::ALL {
            if let Side::Cell(next) = self.neighbour_read(pos, dir)
                && !own.is_closed(dir)
                && self.walls(next).is_closed(dir.opposite())
            {
                found.push(Problem::Rule(Violation::IncoherentWall { cell: pos, dir }));
            }
        }
        if self.landmarks.stamp.is_some_and(|s| s.contains(pos)) && own != Walls::CLOSED {
            found.push(Problem::Rule(Violation::StampNotClosed { cell: pos }));
        }
        let flags = checked_flags(checked, i);
        let courtyard = checked.courtyard.map(|c| c.origin());
        if flags & flag::OPEN_AREA != 0 && courtyard != Some(pos) && self.is_open_block(pos) {
            found.push(Problem::Rule(Violation::OpenArea { corner: pos }));
        }
        if flag::starts_region(flags) {
            found.push(Problem::Unreachable { first: pos });
        }
        if self.is_counted_dead_end(checked, pos, flags) {
            found.push(Problem::DeadEnd { cell: pos });
        }
        for (place, violation) in &checked.rules {
            if *place == Some(pos) {
                found.push(Problem::Rule(violation.clone()));
            }
        }
        found
    }

    /// Every located problem once, in reading order (cell by cell, row by row), as
    /// [`Inspection::problems_at`] lists each cell's. Problems that are nowhere on the map (a
    /// size or an entry outside it, a missing loop) are only in [`Inspection::problem_rows`].
    /// Lazy: a file with millions of broken walls does not make a list of millions.
    pub fn locations(&self) -> impl Iterator<Item = (Pos, Problem)> + '_ {
        let cells = self.cell_count();
        std::iter::successors(self.located.next_set(0), |&b| self.located.next_set(b + 1))
            .flat_map(move |block| block * BLOCK..((block + 1) * BLOCK).min(cells))
            .flat_map(move |i| {
                let pos = self.pos(i);
                self.problems_at(pos).into_iter().map(move |p| (pos, p))
            })
    }

    /// The first cell after `after` (from the start when `None`), in reading order, with a
    /// located problem: "jump to the next problem".
    pub fn next_location(&self, after: Option<Pos>) -> Option<Pos> {
        let cells = self.cell_count();
        let mut from = after.map_or(0, |p| self.index(p) + 1);
        while from < cells {
            let block = self.located.next_set(from / BLOCK)?;
            let start = from.max(block * BLOCK);
            let end = ((block + 1) * BLOCK).min(cells);
            if let Some(i) = (start..end).find(|&i| self.has_problem(i)) {
                return Some(self.pos(i));
            }
            from = (block + 1) * BLOCK;
        }
        None
    }

    /// The last cell before `before` (from the end when `None`), in reading order, with a
    /// located problem: "jump to the previous problem".
    pub fn previous_location(&self, before: Option<Pos>) -> Option<Pos> {
        let mut to = before.map_or(self.cell_count(), |p| self.index(p));
        while to > 0 {
            let block = self.located.previous_set((to - 1) / BLOCK + 1)?;
            let start = block * BLOCK;
            let end = to.min((block + 1) * BLOCK);
            if let Some(i) = (start..end).rev().find(|&i| self.has_problem(i)) {
                return Some(self.pos(i));
            }
            to = start;
        }
        None
    }

    /// One row per kind of problem, in [`ProblemKind`] order, with how many there are and a
    /// one-line summary: "3 incoherent walls", "1 open 3x3 area", "exit path not shortest: 181
    /// vs 179". Empty for a valid maze (once checked).
    pub fn problem_rows(&self) -> Vec<ProblemRow> {
        let mut rows: Vec<ProblemRow> = Vec::new();
        let mut add = |kind: ProblemKind, count: u64, summary: String| match rows
            .iter_mut()
            .find(|r| r.kind == kind)
        {
            Some(row) => {
                row.count += count;
                row.summary = format!("{}; {summary}", row.summary);
            }
            None => rows.push(ProblemRow {
                kind,
                count,
                summary,
            }),
        };
        if let Some(error) = &self.first_error {
            let line = error
                .line
                .map(|n| format!("line {n}: "))
                .unwrap_or_default();
            add(ProblemKind::Unreadable, 1, format!("{line}{}", error.kind));
        }
        let n = self.bad_digit_count;
        if n > 0 {
            let digits = plural(n, "unreadable digit", "unreadable digits");
            add(
                ProblemKind::BadDigit,
                n,
                format!("{digits}, read as closed cells"),
            );
        }
        // A file cut short or unreadable has that problem, not a layout one.
        if let Some(first) = self.layout.first().filter(|_| self.first_error.is_none()) {
            let n = self.layout.len() as u64;
            let summary = match n {
                1 => first.to_string(),
                _ => format!("{first}; {} more", n - 1),
            };
            add(ProblemKind::Format, n, summary);
        }
        let Some(checked) = &self.checked else {
            rows.sort_by_key(|r| r.kind);
            return rows;
        };
        if let Some(e) = &checked.not_checked {
            add(ProblemKind::NotChecked, 1, format!("not checked: {e}"));
        }
        let counts = checked.counts;
        let counted = [
            (
                ProblemKind::IncoherentWall,
                counts.incoherent,
                "incoherent wall",
                "incoherent walls",
            ),
            (
                ProblemKind::OpenBorder,
                counts.open_border,
                "open border wall",
                "open border walls",
            ),
            (
                ProblemKind::Stamp,
                counts.stamp,
                "cell of the 42 not closed",
                "cells of the 42 not closed",
            ),
            (
                ProblemKind::OpenArea,
                counts.open_areas,
                "open 3x3 area",
                "open 3x3 areas",
            ),
        ];
        for (kind, count, one, many) in counted {
            if count > 0 {
                add(kind, count, plural(count, one, many));
            }
        }
        if counts.unreachable > 0 {
            let cells = plural(counts.unreachable, "unreachable cell", "unreachable cells");
            let summary = match counts.regions {
                1 => cells,
                r => format!("{cells} in {r} regions"),
            };
            add(ProblemKind::Unreachable, counts.unreachable, summary);
        }
        for (_, violation) in &checked.rules {
            let kind = ProblemKind::of(violation);
            match *violation {
                Violation::Unreachable { .. } => {} // counted above, cell by cell
                Violation::TooManyDeadEnds { count, limit } => add(
                    kind,
                    count as u64,
                    format!(
                        "{count} dead ends not forced by the border or the 42, at most {limit} allowed"
                    ),
                ),
                Violation::PathNotShortest { length, shortest } => add(
                    kind,
                    1,
                    format!("exit path not shortest: {length} vs {shortest}"),
                ),
                ref v => add(kind, 1, v.to_string()),
            }
        }
        rows.sort_by_key(|r| r.kind);
        rows
    }

    /// The grid the rules read: each wall taken from the cell west or north of it, the border
    /// closed (as [`MazeFile::to_grid`](crate::format::MazeFile::to_grid) reads a file). One byte a cell; an error for a
    /// single row read, or when there is no memory for it.
    pub fn to_grid(&self) -> Result<Grid, Error> {
        check::grid_of(&self.walls, self.width, self.height, self.landmarks).map_err(Error::from)
    }

    /// Bytes of heap the inspection holds: about 1.1 bytes a cell once checked.
    pub fn heap_bytes(&self) -> usize {
        let optional = |b: &Option<Bits>| b.as_ref().map_or(0, Bits::heap_bytes);
        let checked = self.checked.as_ref().map_or(0, |c| {
            c.flags.heap_bytes()
                + c.located.heap_bytes()
                + c.shortest.as_ref().map_or(0, |s| s.len())
        });
        self.walls.heap_bytes()
            + optional(&self.bad_digits)
            + optional(&self.on_path)
            + self.located.heap_bytes()
            + self.path.len()
            + checked
    }

    fn cell_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    fn index(&self, pos: Pos) -> usize {
        assert!(
            self.contains(pos),
            "{pos} outside the {}x{} maze",
            self.width,
            self.height
        );
        pos.y as usize * self.width as usize + pos.x as usize
    }

    fn pos(&self, i: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((i % w) as u32, (i / w) as u32)
    }

    /// The neighbour in `dir` inside the rows read.
    fn neighbour(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        match self.neighbour_read(pos, dir) {
            Side::Cell(next) => Some(next),
            _ => None,
        }
    }

    /// What is past side `dir` of `pos`: a cell read, the border, or, below the last row of a
    /// file cut short, rows not read.
    fn neighbour_read(&self, pos: Pos, dir: Dir) -> Side {
        let next = match dir {
            Dir::North => pos.y.checked_sub(1).map(|y| Pos::new(pos.x, y)),
            Dir::West => pos.x.checked_sub(1).map(|x| Pos::new(x, pos.y)),
            Dir::East => (pos.x + 1 < self.width).then(|| Pos::new(pos.x + 1, pos.y)),
            Dir::South => (pos.y + 1 < self.height).then(|| Pos::new(pos.x, pos.y + 1)),
        };
        match next {
            Some(next) => Side::Cell(next),
            None if dir == Dir::South && !self.complete => Side::Unread,
            None => Side::Border,
        }
    }

    /// The sides of `pos` whose wall breaks a rule (as digit bits): the neighbour's digit
    /// disagrees, or it is an open border wall.
    fn bad_sides(&self, pos: Pos, own: u8) -> u8 {
        let mut bad = 0;
        for dir in Dir::ALL {
            let open = own & dir.bit() == 0;
            let broken = match self.neighbour_read(pos, dir) {
                Side::Cell(next) => open == self.walls(next).is_closed(dir.opposite()),
                Side::Border => open,
                Side::Unread => false,
            };
            if broken {
                bad |= dir.bit();
            }
        }
        bad
    }

    /// The walls of a cell as the rules read them (see [`Inspection::to_grid`]).
    fn grid_walls(&self, pos: Pos) -> Walls {
        let own = self.walls(pos);
        let mut bits = 0;
        for dir in Dir::ALL {
            let closed = match (dir, self.neighbour(pos, dir)) {
                (_, None) => true,
                (Dir::North | Dir::West, Some(next)) => self.walls(next).is_closed(dir.opposite()),
                (Dir::East | Dir::South, Some(_)) => own.is_closed(dir),
            };
            if closed {
                bits |= dir.bit();
            }
        }
        Walls::from_bits(bits)
    }

    /// Whether the 3x3 block with top-left `corner` has no inner wall, as the rules read the
    /// walls.
    fn is_open_block(&self, corner: Pos) -> bool {
        if corner.x + 3 > self.width || corner.y + 3 > self.height {
            return false;
        }
        (0..3).all(|dy| {
            (0..3).all(|dx| {
                let walls = self.walls(Pos::new(corner.x + dx, corner.y + dy));
                (dx == 2 || !walls.is_closed(Dir::East))
                    && (dy == 2 || !walls.is_closed(Dir::South))
            })
        })
    }

    /// Whether a 42 cell is locked: the check found the whole 42 closed.
    fn is_locked(&self, checked: &Checked, pos: Pos) -> bool {
        checked.stamp_locked && self.landmarks.stamp.is_some_and(|s| s.contains(pos))
    }

    /// A dead end the board's limit counts, when that limit is broken: reached from the entry,
    /// one open wall, and another could have been opened (as [`crate::rules::is_forced_dead_end`]
    /// says).
    fn is_counted_dead_end(&self, checked: &Checked, pos: Pos, flags: u8) -> bool {
        if !checked.dead_ends_broken || !flag::reached(flags) {
            return false;
        }
        if self.is_locked(checked, pos) || self.grid_walls(pos).open_count() != 1 {
            return false;
        }
        let joinable = Dir::ALL
            .into_iter()
            .filter_map(|d| self.neighbour(pos, d))
            .filter(|&n| !self.is_locked(checked, n))
            .count();
        joinable > 1
    }

    fn has_problem(&self, i: usize) -> bool {
        !self.problems_at(self.pos(i)).is_empty()
    }
}

fn checked_flags(checked: &Checked, i: usize) -> u8 {
    if i < checked.flags.len() {
        checked.flags.get(i)
    } else {
        0
    }
}

fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

enum Side {
    Cell(Pos),
    Border,
    Unread,
}

/// What to draw at one cell: a set of flags ([`Inspection::cell_marks`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks(u32);

impl Marks {
    /// No mark.
    pub const NONE: Marks = Marks(0);
    /// The north wall breaks a rule: the cell above disagrees, or it is an open border wall.
    pub const BAD_NORTH: Marks = Marks(1);
    /// The east wall breaks a rule.
    pub const BAD_EAST: Marks = Marks(2);
    /// The south wall breaks a rule.
    pub const BAD_SOUTH: Marks = Marks(4);
    /// The west wall breaks a rule.
    pub const BAD_WEST: Marks = Marks(8);
    /// The cell's character is not a hex digit: it is shown fully closed.
    pub const BAD_DIGIT: Marks = Marks(1 << 4);
    /// A cell of the 42 (where the 42 should be).
    pub const STAMP: Marks = Marks(1 << 5);
    /// A cell of the 42 that is not fully closed.
    pub const BAD_STAMP: Marks = Marks(1 << 6);
    /// In an open 3x3 area.
    pub const OPEN_AREA: Marks = Marks(1 << 7);
    /// The entry cannot reach it.
    pub const UNREACHABLE: Marks = Marks(1 << 8);
    /// A dead end counted against a playable board's limit, when the limit is broken.
    pub const DEAD_END: Marks = Marks(1 << 9);
    /// On the recorded path.
    pub const ON_PATH: Marks = Marks(1 << 10);
    /// On the shortest path from the entry to the exit.
    pub const ON_SHORTEST: Marks = Marks(1 << 11);
    /// The recorded path's first illegal step leaves from here (through a wall or off the
    /// maze).
    pub const ILLEGAL_STEP: Marks = Marks(1 << 12);
    /// The entry.
    pub const ENTRY: Marks = Marks(1 << 13);
    /// The exit.
    pub const EXIT: Marks = Marks(1 << 14);
    /// Every mark that is a broken rule.
    pub const PROBLEMS: Marks = Marks(
        Marks::BAD_NORTH.0
            | Marks::BAD_EAST.0
            | Marks::BAD_SOUTH.0
            | Marks::BAD_WEST.0
            | Marks::BAD_DIGIT.0
            | Marks::BAD_STAMP.0
            | Marks::OPEN_AREA.0
            | Marks::UNREACHABLE.0
            | Marks::DEAD_END.0
            | Marks::ILLEGAL_STEP.0,
    );

    /// The mark of a broken wall on side `dir`.
    pub const fn bad_wall(dir: Dir) -> Marks {
        Marks(dir.bit() as u32)
    }

    /// The marks as bits.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether there is no mark.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every mark of `other` is set.
    pub const fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether any mark of `other` is set.
    pub const fn intersects(self, other: Marks) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for Marks {
    type Output = Marks;

    fn bitor(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }
}

impl BitOrAssign for Marks {
    fn bitor_assign(&mut self, other: Marks) {
        self.0 |= other.0;
    }
}

impl BitAnd for Marks {
    type Output = Marks;

    fn bitand(self, other: Marks) -> Marks {
        Marks(self.0 & other.0)
    }
}

/// One broken rule at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A rule broken at one place, as `--check` reports it: an incoherent wall, an open border
    /// wall, a 42 cell not closed, an open 3x3 area (at its top-left cell), the entry or exit
    /// misplaced, the centre walled off, the recorded path's first illegal step, a path that
    /// misses the exit or is not the shortest (placed where it leaves the shortest path).
    Rule(Violation),
    /// The character of a cell (line `y + 1`, column `x + 1`) is not a hex digit; the cell is
    /// read as fully closed.
    BadDigit {
        /// The cell.
        cell: Pos,
    },
    /// A region of cells, joined by open walls, that the entry cannot reach, at its first cell
    /// in reading order.
    Unreachable {
        /// The region's first cell in reading order.
        first: Pos,
    },
    /// A dead end counted against a playable board's limit of
    /// two, when there are more.
    DeadEnd {
        /// The dead end.
        cell: Pos,
    },
}

impl Problem {
    /// The kind of problem, for grouping them.
    pub fn kind(&self) -> ProblemKind {
        match self {
            Problem::Rule(v) => ProblemKind::of(v),
            Problem::BadDigit { .. } => ProblemKind::BadDigit,
            Problem::Unreachable { .. } => ProblemKind::Unreachable,
            Problem::DeadEnd { .. } => ProblemKind::DeadEnds,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Rule(v) => v.fmt(f),
            Problem::BadDigit { cell } => write!(
                f,
                "line {}, column {}: not a hex digit, read as a closed cell",
                cell.y + 1,
                cell.x + 1
            ),
            Problem::Unreachable { first } => write!(
                f,
                "connectivity: the region of cells from {first} cannot be reached from the entry"
            ),
            Problem::DeadEnd { cell } => {
                write!(f, "board: dead end at {cell}, one too many")
            }
        }
    }
}

/// The kinds of problem, in the order a sidebar lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProblemKind {
    /// A line that could not be read: the rest of the file is not shown.
    Unreadable,
    /// Characters that are not hex digits.
    BadDigit,
    /// The file is read, but departs from the subject's strict layout (a missing last
    /// newline, spaces, lowercase path letters, lines after the path).
    Format,
    /// The check could not run (no memory for it).
    NotChecked,
    /// Not the size the config says.
    Size,
    /// A wall one cell says is open and its neighbour says is closed.
    IncoherentWall,
    /// An open wall on the outer border.
    OpenBorder,
    /// Cells of the 42 not fully closed.
    Stamp,
    /// The courtyard is not open inside.
    Courtyard,
    /// The entry: not where the config says, outside the maze, on the 42, or on the exit.
    Entry,
    /// The exit: not where the config says, outside the maze, or on the 42.
    Exit,
    /// A 3x3 area with no inner wall.
    OpenArea,
    /// Cells the entry cannot reach.
    Unreachable,
    /// The centre cell cannot be reached (a board).
    CentreUnreachable,
    /// Loops in a maze that should be perfect.
    NotPerfect,
    /// Too few loops for a playable board.
    TooFewLoops,
    /// Too many dead ends for a playable board.
    DeadEnds,
    /// The recorded path steps through a wall or off the maze, misses the exit, or the exit
    /// cannot be reached at all.
    Path,
    /// The recorded path is longer than the shortest one.
    NotShortest,
}

impl ProblemKind {
    /// The kind of a validator's violation.
    pub fn of(violation: &Violation) -> ProblemKind {
        use Violation as V;
        match violation {
            V::SizeMismatch { .. } => ProblemKind::Size,
            V::EntryMismatch { .. }
            | V::EntryOutside(_)
            | V::EntryOnStamp(_)
            | V::EntryIsExit(_) => ProblemKind::Entry,
            V::ExitMismatch { .. } | V::ExitOutside(_) | V::ExitOnStamp(_) => ProblemKind::Exit,
            V::IncoherentWall { .. } => ProblemKind::IncoherentWall,
            V::OpenBorder { .. } => ProblemKind::OpenBorder,
            V::StampNotClosed { .. } => ProblemKind::Stamp,
            V::CourtyardNotOpen { .. } => ProblemKind::Courtyard,
            V::Unreachable { .. } => ProblemKind::Unreachable,
            V::OpenArea { .. } => ProblemKind::OpenArea,
            V::NotPerfect { .. } => ProblemKind::NotPerfect,
            V::TooFewLoops { .. } => ProblemKind::TooFewLoops,
            V::TooManyDeadEnds { .. } => ProblemKind::DeadEnds,
            V::CentreUnreachable(_) => ProblemKind::CentreUnreachable,
            V::PathLeavesMaze { .. }
            | V::PathThroughWall { .. }
            | V::PathMissesExit { .. }
            | V::ExitUnreachable(_) => ProblemKind::Path,
            V::PathNotShortest { .. } => ProblemKind::NotShortest,
        }
    }
}

/// One line of a sidebar: a kind of problem, how many, and what it is in a few words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemRow {
    /// The kind of problem.
    pub kind: ProblemKind,
    /// How many there are.
    pub count: u64,
    /// What it is, in a few words.
    pub summary: String,
}
