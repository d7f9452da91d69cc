//! Checks a maze against every rule of the SPEC, at two depths.
//!
//! - A [`Report`] lists each broken rule: [`validate_file`] starts from a maze file as read,
//!   digit by digit, so it can also report what a [`Grid`] cannot even hold (neighbouring
//!   digits that disagree, an open border wall); [`validate_maze`] checks a grid, e.g. one
//!   just generated.
//! - An [`Inspection`] reads any maze file, valid or not, as far as it can be read, and keeps
//!   where each broken rule is: per cell ([`Marks`]), per kind ([`ProblemRow`]), and as a list
//!   to step through ([`Problem`]), for a program that shows the maze with its problems on
//!   it.
//!
//! An inspection's storage is compact, for mazes of 10000x10000 cells and more: the walls as
//! read take half a byte a cell, the check's marks another half, and the few per-cell facts
//! that are rare (an unreadable digit, the recorded path) a bit a cell. Checking a huge maze
//! takes seconds: [`Inspection::open`] reads the file without checking it, so that a UI can
//! draw it at once and run [`Inspection::check`] on another thread (an `Inspection` is `Send`;
//! a clone shares the walls read).

use crate::config::Config;
use crate::error::Error;
use crate::format::MazeFile;
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, Landmarks, SizeError, Stamp, StampChoice, Walls, centre_cell};
use crate::rules::{
    COURTYARD_LOOPS, MAX_FREE_DEAD_ENDS, is_forced_dead_end, open_areas, required_loops,
};
use crate::solve::{Bfs, Solution};
use crate::stats::is_dead_end;

mod drawn;
mod inspect;
mod layout;
mod report;

pub(crate) use drawn::{StampNote, drawn_forty_two};
pub use inspect::{Inspection, Marks, Problem, ProblemKind, ProblemRow};
pub(crate) use layout::{LayoutProblem, layout_problems};
pub use report::{Report, RuleTally};

/// What kind of maze the file should be, as its config says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MazeKind {
    /// `PERFECT=True`: exactly one path between any two cells.
    Perfect,
    /// `PERFECT=False`: a playable board. The dead-end limit applies only when every dead end
    /// was to be removed (`braid` 1.0).
    Board {
        /// The config's `BRAID`.
        braid: f64,
    },
}

/// What to check beyond the rules every maze obeys.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expected {
    /// Perfect or board; `None` checks neither rule.
    pub kind: Option<MazeKind>,
    /// `(width, height)` from the config.
    pub size: Option<(u32, u32)>,
    /// The config's entry.
    pub entry: Option<Pos>,
    /// The config's exit.
    pub exit: Option<Pos>,
    /// `COURTYARD=True`: the maze has the centre courtyard, the one open 3x3 area allowed, and
    /// its 42 moved aside (both where [`Stamp::centred`] and the courtyard put them).
    pub courtyard: bool,
    /// `STAMP`: the stamp the maze has, the 42 by default (see [`StampChoice`]).
    pub stamp: StampChoice,
    /// Whether the stamp must be exactly the one `stamp` names, the 42 its shape at its place:
    /// when the config names its STAMP, or with `--strict`. Otherwise (the subject's rule, "a
    /// visible 42 drawn by several fully closed cells") any group of closed cells near the
    /// centre that draws a 42 passes, its cells out of the connectivity rule, and a checker
    /// notes how it differs.
    pub exact_stamp: bool,
}

impl Expected {
    /// What a config says its maze file must be: its kind, size, entry and exit.
    pub fn from_config(config: &Config) -> Expected {
        let kind = if config.perfect {
            MazeKind::Perfect
        } else {
            MazeKind::Board {
                braid: config.braid,
            }
        };
        Expected {
            kind: Some(kind),
            size: Some((config.width, config.height)),
            entry: Some(config.entry),
            exit: Some(config.exit),
            courtyard: config.courtyard,
            stamp: config.stamp,
            // A config that names its STAMP asks for that stamp exactly.
            exact_stamp: config.stamp_named,
        }
    }
}

impl Expected {
    /// The 42 a maze file draws when it is not the project's and this accepts any 42 (see
    /// [`Expected::exact_stamp`] false), as a sentence: a checker says so as a note, not a
    /// failure.
    pub fn stamp_note(&self, file: &MazeFile) -> Option<impl std::fmt::Display + use<>> {
        stamp_note(file, self)
    }
}

/// See [`Expected::stamp_note`].
pub(crate) fn stamp_note(file: &MazeFile, expected: &Expected) -> Option<StampNote> {
    drawn_forty_two((file.width(), file.height()), |p| file.walls(p), expected)
}

/// One broken rule; its message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    #[error("size: the config says {}x{}, the maze is {}x{}", expected.0, expected.1, found.0, found.1)]
    /// The maze is not the size the config says.
    SizeMismatch {
        /// `(width, height)` in the config.
        expected: (u32, u32),
        /// `(width, height)` of the maze.
        found: (u32, u32),
    },
    #[error("entry: the config says {expected}, the file says {found}")]
    /// The entry is not the config's.
    EntryMismatch {
        /// The config's.
        expected: Pos,
        /// The file's.
        found: Pos,
    },
    #[error("exit: the config says {expected}, the file says {found}")]
    /// The exit is not the config's.
    ExitMismatch {
        /// The config's.
        expected: Pos,
        /// The file's.
        found: Pos,
    },
    /// A wall that one cell says is open and its neighbour says is closed.
    #[error("incoherent wall: cell {cell} has its {dir} wall open, its neighbour has it closed")]
    IncoherentWall {
        /// The cell that has it open.
        cell: Pos,
        /// Its side.
        dir: Dir,
    },
    #[error("open border: cell {cell} has its {dir} wall open")]
    /// An open wall on the outer border.
    OpenBorder {
        /// The cell.
        cell: Pos,
        /// Its side.
        dir: Dir,
    },
    #[error("42: cell {cell} of the 42 is not fully closed")]
    /// A cell of the 42 that is not fully closed.
    StampNotClosed {
        /// The cell.
        cell: Pos,
    },
    #[error("courtyard: the 3x3 courtyard at {origin} has closed inner walls, it must be open")]
    /// The courtyard has closed inner walls.
    CourtyardNotOpen {
        /// Its top-left cell.
        origin: Pos,
    },
    #[error("entry {0} is outside the maze")]
    /// The entry is outside the maze.
    EntryOutside(Pos),
    #[error("exit {0} is outside the maze")]
    /// The exit is outside the maze.
    ExitOutside(Pos),
    #[error("entry {0} is on the 42")]
    /// The entry is a cell of the 42.
    EntryOnStamp(Pos),
    #[error("exit {0} is on the 42")]
    /// The exit is a cell of the 42.
    ExitOnStamp(Pos),
    #[error("entry and exit are the same cell {0}")]
    /// The entry is the exit.
    EntryIsExit(Pos),
    #[error("connectivity: {count} cell(s) cannot be reached from the entry, e.g. {example}")]
    /// Cells the entry cannot reach.
    Unreachable {
        /// How many.
        count: u64,
        /// One of them.
        example: Pos,
    },
    #[error("open area: the 3x3 block with top-left {corner} has no inner wall")]
    /// A 3x3 area with no inner wall.
    OpenArea {
        /// Its top-left cell.
        corner: Pos,
    },
    #[error("perfect: the maze has {loops} loop(s), a perfect maze has none")]
    /// Loops in a maze that should be perfect.
    NotPerfect {
        /// How many independent loops.
        loops: u64,
    },
    #[error("board: the maze has {loops} independent loop(s), a playable board needs {required}")]
    /// Too few loops for a playable board.
    TooFewLoops {
        /// How many independent loops.
        loops: u64,
        /// How many it needs.
        required: u64,
    },
    #[error("board: {count} dead ends not forced by the border or the 42, at most {limit} allowed")]
    /// Too many dead ends for a playable board.
    TooManyDeadEnds {
        /// How many are not forced.
        count: usize,
        /// How many are allowed.
        limit: usize,
    },
    /// The centre cell, `(width/2, height/2)` with integer division as the 42 subject's board
    /// checker takes it (`(width/2, height/2)`), is walled off from the entry, or is a closed cell.
    #[error("board: the centre cell {0} (WIDTH/2, HEIGHT/2) cannot be reached from the entry")]
    CentreUnreachable(Pos),
    #[error("path: step {step} goes {dir} from {cell}, out of the maze")]
    /// The recorded path steps off the maze.
    PathLeavesMaze {
        /// The step, from 0.
        step: usize,
        /// The cell it leaves from.
        cell: Pos,
        /// Its direction.
        dir: Dir,
    },
    #[error("path: step {step} goes {dir} from {cell} through a closed wall")]
    /// The recorded path steps through a closed wall.
    PathThroughWall {
        /// The step, from 0.
        step: usize,
        /// The cell it leaves from.
        cell: Pos,
        /// Its direction.
        dir: Dir,
    },
    #[error("path: ends at {ends_at}, not at the exit {exit}")]
    /// The recorded path does not end at the exit.
    PathMissesExit {
        /// Where it ends.
        ends_at: Pos,
        /// The exit.
        exit: Pos,
    },
    #[error("path: {length} steps, but the shortest path has {shortest}")]
    /// The recorded path is longer than the shortest.
    PathNotShortest {
        /// Its steps.
        length: usize,
        /// The shortest path's steps.
        shortest: usize,
    },
    #[error("path: the exit {0} cannot be reached from the entry")]
    /// No path leads from the entry to the exit.
    ExitUnreachable(Pos),
}

/// Checks a maze file as read: the raw digits first, then the maze they describe. Every broken
/// rule is kept: for a file that may break rules at millions of cells, [`Report::check_file`] keeps a
/// few of each rule and counts the rest.
pub fn validate_file(file: &MazeFile, expected: &Expected) -> Vec<Violation> {
    let mut found = Vec::new();
    or_abort(check_file_into(file, expected, &mut |v| found.push(v)));
    found
}

/// Checks a maze file as [`validate_file`] does, keeping only the first `keep` violations of
/// each rule (and counting every one): the memory a check takes then does not grow with the
/// number of broken rules, which can be several per cell.
#[cfg(test)]
pub(crate) fn check_file(file: &MazeFile, expected: &Expected, keep: usize) -> Report {
    let mut report = Report::new(keep);
    or_abort(check_file_into(file, expected, &mut |v| report.add(v)));
    report
}

impl Report {
    /// Checks a maze file as [`validate_file`] does, keeping only the first `keep` violations
    /// of each rule (and counting every one): the memory a check takes then does not grow with
    /// the number of broken rules, which can be several per cell. [`Error::NotEnoughMemory`]
    /// ("not enough memory for the check of the WxH maze") when the allocator refuses the grid
    /// the rules read or the flood fill from the entry its memory (a byte a cell each, and the
    /// fill's frontier as it grows).
    pub fn check_file(file: &MazeFile, expected: &Expected, keep: usize) -> Result<Report, Error> {
        try_check_file(file, expected, keep).map_err(Error::from)
    }
}

/// See [`Report::check_file`].
pub(crate) fn try_check_file(
    file: &MazeFile,
    expected: &Expected,
    keep: usize,
) -> Result<Report, SizeError> {
    let mut report = Report::new(keep);
    check_file_into(file, expected, &mut |v| report.add(v))?;
    Ok(report)
}

/// The memory a check of a `width` x `height` maze was refused.
fn check_refused(width: u32, height: u32) -> SizeError {
    SizeError::NotEnoughMemory {
        task: "the check",
        width,
        height,
    }
}

/// The infallible checks' way out when memory is refused: the allocator's abort, as an
/// infallible allocation's (a caller that wants the refusal uses the fallible twin).
fn or_abort<T>(checked: Result<T, SizeError>) -> T {
    checked.unwrap_or_else(|refused| {
        let cells = match refused {
            SizeError::NotEnoughMemory { width, height, .. } => width as usize * height as usize,
            _ => 0,
        };
        std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u8>(cells).expect("a grid's size"),
        )
    })
}

/// [`validate_file`], giving each violation to `found` as it is found; memory refused stops
/// it there.
fn check_file_into(
    file: &MazeFile,
    expected: &Expected,
    found: &mut impl FnMut(Violation),
) -> Result<(), SizeError> {
    let (w, h) = (file.width(), file.height());
    if let Some(size) = expected.size.filter(|&s| s != (w, h)) {
        found(Violation::SizeMismatch {
            expected: size,
            found: (w, h),
        });
    }
    for y in 0..h {
        for x in 0..w {
            wall_violations((w, h), Pos::new(x, y), |p| file.walls(p), found);
        }
    }
    let mut landmarks = Landmarks::plan_or_leave_out(w, h, expected.courtyard, expected.stamp);
    // A 42 drawn otherwise, accepted: its cells are the stamp's, out of the connectivity rule.
    if let Some(note) = stamp_note(file, expected) {
        landmarks.stamp = Some(note.drawn);
    }
    if let Some(stamp) = landmarks.stamp {
        for cell in stamp.cells().filter(|&c| file.walls(c) != Walls::CLOSED) {
            found(Violation::StampNotClosed { cell });
        }
    }
    let grid = file
        .try_to_grid_with(landmarks)
        .map_err(|_| check_refused(w, h))?;
    if let Some(yard) = landmarks.courtyard.filter(|_| grid.courtyard().is_none()) {
        found(Violation::CourtyardNotOpen {
            origin: yard.origin(),
        });
    }
    check_maze_into(
        &grid,
        file.entry,
        file.exit,
        &file.solution(),
        expected,
        found,
    )
}

/// The wall rules that the digits of a `w` x `h` maze file break at `cell`, given to
/// `found`: its open border walls (north, east, south, west), then the walls it shares with its
/// east and south neighbours where the two digits disagree, each named by the cell that has the
/// wall open. `walls` reads a cell's digit.
pub(crate) fn wall_violations(
    (w, h): (u32, u32),
    cell: Pos,
    walls: impl Fn(Pos) -> Walls,
    found: &mut impl FnMut(Violation),
) {
    let Pos { x, y } = cell;
    let own = walls(cell);
    let border = [
        (Dir::North, y == 0),
        (Dir::East, x + 1 == w),
        (Dir::South, y + 1 == h),
        (Dir::West, x == 0),
    ];
    for (dir, on_border) in border {
        if on_border && !own.is_closed(dir) {
            found(Violation::OpenBorder { cell, dir });
        }
    }
    let east = (x + 1 < w).then(|| (Dir::East, Pos::new(x + 1, y)));
    let south = (y + 1 < h).then(|| (Dir::South, Pos::new(x, y + 1)));
    for (dir, next) in east.into_iter().chain(south) {
        if own.is_closed(dir) != walls(next).is_closed(dir.opposite()) {
            let open_side = if own.is_closed(dir) {
                (next, dir.opposite())
            } else {
                (cell, dir)
            };
            found(Violation::IncoherentWall {
                cell: open_side.0,
                dir: open_side.1,
            });
        }
    }
}

impl MazeFile {
    /// Whether this maze file looks like a `COURTYARD=True` maze: the 3x3 block where the
    /// courtyard goes is fully open, and the 42 is where it moves to beside the courtyard with
    /// all its cells closed (or the courtyard leaves no room for a 42 at all). Checked without
    /// its config, such a maze breaks the open-area and 42 rules (and more) only because the
    /// checker does not know about the courtyard: a checker can say so once.
    pub fn looks_like_courtyard_maze(&self) -> bool {
        looks_like_courtyard_maze(self)
    }

    /// Every way the maze file `reader` reads departs from the subject's strict layout (a
    /// line of the wrong width, CRLF line ends, a missing or extra line...), in line order, one
    /// of each kind a line at most, each a sentence naming its 1-based line. Reads a line at a
    /// time: no more memory than its longest line. [`MazeFile::parse`] is lenient about these.
    pub fn layout_problems(
        reader: impl std::io::BufRead,
    ) -> std::io::Result<Vec<impl std::fmt::Display>> {
        layout_problems(reader)
    }
}

/// Whether a maze file looks like a `COURTYARD=True` maze: the 3x3 block where the courtyard
/// goes is fully open, and the 42 is where it moves to beside the courtyard with all its cells
/// closed (or the courtyard leaves no room for a 42 at all), both as [`Landmarks::plan`] puts
/// them. Checked without its config, such a maze breaks the open-area and 42 rules (and more)
/// only because the checker does not know about the courtyard: a checker can say so once.
pub(crate) fn looks_like_courtyard_maze(file: &MazeFile) -> bool {
    let plan = Landmarks::plan(file.width(), file.height(), true);
    if plan.courtyard.is_none() {
        return false;
    }
    let stamp_closed = plan
        .stamp
        .is_none_or(|stamp| stamp.cells().all(|c| file.walls(c) == Walls::CLOSED));
    stamp_closed
        && file
            .to_grid_with(Landmarks {
                stamp: None,
                ..plan
            })
            .courtyard()
            .is_some()
}

/// Checks a grid with its entry, exit and recorded path.
pub fn validate_maze(
    grid: &Grid,
    entry: Pos,
    exit: Pos,
    path: &Solution,
    expected: &Expected,
) -> Vec<Violation> {
    let mut found = Vec::new();
    or_abort(check_maze_into(
        grid,
        entry,
        exit,
        path,
        expected,
        &mut |v| found.push(v),
    ));
    found
}

/// [`validate_maze`], giving each violation to `found` as it is found.
fn check_maze_into(
    grid: &Grid,
    entry: Pos,
    exit: Pos,
    path: &Solution,
    expected: &Expected,
    found: &mut impl FnMut(Violation),
) -> Result<(), SizeError> {
    // The rules that break at most once each are gathered here first; the open areas, which
    // can break at every cell, go straight to `found`.
    let mut few = Vec::new();
    let (entry_ok, exit_ok) = end_violations(grid, entry, exit, expected, &mut few);
    few.drain(..).for_each(&mut *found);
    open_areas(grid)
        .map(|corner| Violation::OpenArea { corner })
        .for_each(&mut *found);
    if !entry_ok {
        return Ok(());
    }
    let refused = |_| check_refused(grid.width(), grid.height());
    let mut search = Bfs::try_flood(grid, entry).map_err(refused)?;
    search.try_run().map_err(refused)?;
    let reach = Reach::measure(grid, &search, planned_stamp(grid, expected));
    reach_violations(grid, &search, &reach, expected, &mut few);
    if exit_ok {
        let shortest = search
            .try_path_to(exit)
            .ok_or_else(|| check_refused(grid.width(), grid.height()))?;
        few.extend(check_path(grid, path, exit, shortest));
    }
    few.into_iter().for_each(found);
    Ok(())
}

/// The rules about the entry and exit: where the config puts them, inside the maze, off the 42,
/// apart. Returns whether each is inside the maze (usable for a search).
pub(crate) fn end_violations(
    grid: &Grid,
    entry: Pos,
    exit: Pos,
    expected: &Expected,
    found: &mut Vec<Violation>,
) -> (bool, bool) {
    if let Some(want) = expected.entry.filter(|&w| w != entry) {
        found.push(Violation::EntryMismatch {
            expected: want,
            found: entry,
        });
    }
    if let Some(want) = expected.exit.filter(|&w| w != exit) {
        found.push(Violation::ExitMismatch {
            expected: want,
            found: exit,
        });
    }
    let entry_ok = check_end(
        grid,
        entry,
        Violation::EntryOutside,
        Violation::EntryOnStamp,
        found,
    );
    let exit_ok = check_end(
        grid,
        exit,
        Violation::ExitOutside,
        Violation::ExitOnStamp,
        found,
    );
    if entry == exit {
        found.push(Violation::EntryIsExit(entry));
    }
    (entry_ok, exit_ok)
}

/// The rules a flood fill from the entry decides: cells it cannot reach, and the perfect or
/// playable-board rule `expected` asks for.
pub(crate) fn reach_violations(
    grid: &Grid,
    search: &Bfs,
    reach: &Reach,
    expected: &Expected,
    found: &mut Vec<Violation>,
) {
    if let Some(example) = reach.first_unreached {
        found.push(Violation::Unreachable {
            count: reach.unreached,
            example,
        });
    }
    match expected.kind {
        Some(MazeKind::Perfect) if reach.loops > 0 => {
            found.push(Violation::NotPerfect { loops: reach.loops })
        }
        Some(MazeKind::Board { braid }) => {
            let required = required_loops(grid);
            if reach.loops < required {
                found.push(Violation::TooFewLoops {
                    loops: reach.loops,
                    required,
                });
            }
            if braid >= 1.0 && reach.free_dead_ends > MAX_FREE_DEAD_ENDS {
                found.push(Violation::TooManyDeadEnds {
                    count: reach.free_dead_ends,
                    limit: MAX_FREE_DEAD_ENDS,
                });
            }
            // A centre on the 42 (a stamp placed elsewhere than ours) is not reached either:
            // a grader flags it all the same. A pattern of the user's own may cover it: the
            // subject's board check is about the 42.
            let centre = centre_cell(grid.width(), grid.height());
            let own_stamp = matches!(expected.stamp, StampChoice::Custom(_));
            let covered = own_stamp && grid.is_locked(centre);
            if !search.reached(centre) && !covered {
                found.push(Violation::CentreUnreachable(centre));
            }
        }
        _ => {}
    }
}

/// Reports an entry or exit outside the maze or on the 42; returns whether it is usable.
fn check_end(
    grid: &Grid,
    pos: Pos,
    outside: fn(Pos) -> Violation,
    on_stamp: fn(Pos) -> Violation,
    found: &mut Vec<Violation>,
) -> bool {
    if !grid.contains(pos) {
        found.push(outside(pos));
        return false;
    }
    if grid.stamp().is_some_and(|s| s.contains(pos)) {
        found.push(on_stamp(pos));
    }
    true
}

/// Where the 42 stands in `grid`, or, if it is not whole there (a cell opened), where it
/// should: its cells are the 42's, reported as not closed, not as cells the entry cannot reach.
pub(crate) fn planned_stamp(grid: &Grid, expected: &Expected) -> Option<Stamp> {
    grid.stamp().or_else(|| {
        let (w, h) = (grid.width(), grid.height());
        Landmarks::plan_or_leave_out(w, h, expected.courtyard, expected.stamp).stamp
    })
}

/// What a flood fill from the entry reached.
pub(crate) struct Reach {
    /// Cells not reached, but the 42's.
    pub(crate) unreached: u64,
    pub(crate) first_unreached: Option<Pos>,
    /// Independent loops among the reached cells, `E - V + 1`.
    pub(crate) loops: u64,
    pub(crate) free_dead_ends: usize,
}

impl Reach {
    /// Measures what `search` reached. The cells of `stamp` (the 42, whole or not) that it did
    /// not reach are not counted: they are the 42's, which must be closed.
    pub(crate) fn measure(grid: &Grid, search: &Bfs, stamp: Option<Stamp>) -> Reach {
        let mut reach = Reach {
            unreached: 0,
            first_unreached: None,
            loops: 0,
            free_dead_ends: 0,
        };
        let mut edges = 0u64;
        for cell in grid.positions() {
            if !search.reached(cell) {
                if !grid.is_locked(cell) && !stamp.is_some_and(|s| s.contains(cell)) {
                    reach.unreached += 1;
                    reach.first_unreached.get_or_insert(cell);
                }
                continue;
            }
            edges += u64::from(grid.is_open(cell, Dir::East))
                + u64::from(grid.is_open(cell, Dir::South));
            if is_dead_end(grid, cell) && !is_forced_dead_end(grid, cell) {
                reach.free_dead_ends += 1;
            }
        }
        reach.loops = (edges + 1).saturating_sub(search.visited());
        // The courtyard's own loops are allowed, like its open area.
        if grid
            .courtyard()
            .is_some_and(|yard| search.reached(yard.centre()))
        {
            reach.loops = reach.loops.saturating_sub(COURTYARD_LOOPS);
        }
        reach
    }
}

/// Walks the recorded path and compares it with a shortest one.
pub(crate) fn check_path(
    grid: &Grid,
    path: &Solution,
    exit: Pos,
    shortest: Option<Solution>,
) -> Option<Violation> {
    let mut at = path.start();
    for (i, &dir) in path.dirs().iter().enumerate() {
        let step = i + 1;
        let Some(next) = grid.neighbour(at, dir) else {
            return Some(Violation::PathLeavesMaze {
                step,
                cell: at,
                dir,
            });
        };
        if grid.is_closed(at, dir) {
            return Some(Violation::PathThroughWall {
                step,
                cell: at,
                dir,
            });
        }
        at = next;
    }
    let Some(shortest) = shortest else {
        return Some(Violation::ExitUnreachable(exit));
    };
    if at != exit {
        return Some(Violation::PathMissesExit { ends_at: at, exit });
    }
    (path.len() != shortest.len()).then_some(Violation::PathNotShortest {
        length: path.len(),
        shortest: shortest.len(),
    })
}

#[cfg(test)]
mod tests;
