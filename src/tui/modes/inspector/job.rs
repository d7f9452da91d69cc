//! The inspector's jobs: everything that reads or writes files, or passes over every cell of
//! a maze that may have a hundred million, runs on a worker thread (see
//! [`crate::tui::Work::Inspector`]) and answers with one [`InspectorAnswer`].

use std::path::{Path, PathBuf};

use crate::tui::kernel::guard;
use mazegen::Error;
use mazegen::MazeStats;
use mazegen::Solver;
use mazegen::format::{Hex, Output};
use mazegen::validate::{Expected, Inspection, Marks};
use mazegen::write_outputs;
use mazegen::{Maze, MazeOptions, Pos};

use crate::tui::kernel::handoff::Parcel;
use crate::tui::kernel::job::JobId;

/// A job, and the request it answers: an answer to an older request (a file opened since, a
/// prompt closed) is dropped.
#[derive(Clone, Debug)]
pub struct InspectorJob {
    pub request: JobId,
    pub work: InspectorWork,
}

#[derive(Clone, Debug)]
pub enum InspectorWork {
    /// Read a maze file as far as it reads, without checking it (drawable at once).
    Open { path: PathBuf, expected: Expected },
    /// Check an opened file's rules and measure it. The inspection is a copy of the one on
    /// screen: they share the walls, so the screen keeps drawing meanwhile.
    Check(Box<Inspection>),
    /// Solve an opened file with one solver, from its entry to its exit.
    Solve {
        inspection: Box<Inspection>,
        solver: Solver,
    },
    /// Write an opened file's walls with its shortest path to `path`.
    Save {
        inspection: Box<Inspection>,
        path: PathBuf,
    },
    /// List a folder, for the path prompt's Tab completion.
    List { dir: PathBuf },
    /// List a folder's maze files, newest first, for the prompt's file picker.
    MazeFiles { dir: PathBuf },
}

/// What a job found.
#[derive(Clone, Debug, PartialEq)]
pub enum InspectorAnswer {
    /// `Err` holds the one-line reason `--check` gives for the same file.
    Opened {
        path: PathBuf,
        inspection: Result<Parcel<Inspection>, String>,
    },
    Checked {
        inspection: Parcel<Inspection>,
        /// The maze's shape, when every row was read and it could be measured.
        stats: Option<Parcel<MazeStats>>,
        /// Where the recorded path first steps through a wall or off the grid.
        illegal_step: Option<Pos>,
    },
    Solved {
        solver: Solver,
        visited: u64,
        /// Steps of the path found; `None` when it found none.
        path: Option<usize>,
    },
    /// A solve refused its memory (the grid, the search's start or working set, its path):
    /// the one-line reason.
    SolveRefused { solver: Solver, reason: String },
    Saved {
        path: PathBuf,
        outcome: Result<(), String>,
    },
    /// A folder's entries, sorted, folders with a trailing `/`.
    Listed { dir: PathBuf, names: Vec<String> },
    /// A folder's maze files, newest first.
    MazeFiles { dir: PathBuf, names: Vec<String> },
}

impl InspectorWork {
    /// Does the work; never panics on a bad file.
    pub fn run(self) -> InspectorAnswer {
        match self {
            InspectorWork::Open { path, expected } => InspectorAnswer::Opened {
                inspection: Inspection::open(&path, &expected)
                    .map(Parcel::new)
                    .map_err(|e| e.to_string()),
                path,
            },
            InspectorWork::Check(mut inspection) => {
                inspection.check();
                let stats = measure(&inspection).map(Parcel::new);
                let illegal_step = illegal_step(&inspection);
                InspectorAnswer::Checked {
                    inspection: Parcel::new(*inspection),
                    stats,
                    illegal_step,
                }
            }
            InspectorWork::Solve { inspection, solver } => solve(&inspection, solver),
            InspectorWork::Save { inspection, path } => InspectorAnswer::Saved {
                outcome: save(&inspection, &path),
                path,
            },
            InspectorWork::List { dir } => InspectorAnswer::Listed {
                names: list(&dir),
                dir,
            },
            InspectorWork::MazeFiles { dir } => InspectorAnswer::MazeFiles {
                names: super::prompt::read_maze_files(&dir),
                dir,
            },
        }
    }
}

/// The statistics of a file read whole, with its shortest path if the exit can be reached.
fn measure(inspection: &Inspection) -> Option<MazeStats> {
    if !inspection.is_complete() {
        return None;
    }
    // Memory refused leaves the file unmeasured, as one with rows missing.
    let grid = inspection.to_grid().ok()?;
    MazeStats::try_measure(&grid, inspection.shortest_path()).ok()
}

/// Follows the recorded path from the entry to its first illegal step, if it has one.
fn illegal_step(inspection: &Inspection) -> Option<Pos> {
    let mut at = inspection.entry().filter(|&e| inspection.contains(e))?;
    for &dir in inspection.recorded_path() {
        if inspection.cell_marks(at).contains(Marks::ILLEGAL_STEP) {
            return Some(at);
        }
        let (dx, dy) = dir.delta();
        let next = (i64::from(at.x) + dx, i64::from(at.y) + dy);
        match (u32::try_from(next.0), u32::try_from(next.1)) {
            (Ok(x), Ok(y)) if inspection.contains(Pos::new(x, y)) => at = Pos::new(x, y),
            _ => break,
        }
    }
    inspection
        .cell_marks(at)
        .contains(Marks::ILLEGAL_STEP)
        .then_some(at)
}

/// The entry and exit, when both are cells of the file.
fn ends(inspection: &Inspection) -> Result<(Pos, Pos), String> {
    match (inspection.entry(), inspection.exit()) {
        (Some(entry), Some(exit)) if inspection.contains(entry) && inspection.contains(exit) => {
            Ok((entry, exit))
        }
        _ => Err("the entry or the exit is missing or outside the maze".to_owned()),
    }
}

fn solve(inspection: &Inspection, solver: Solver) -> InspectorAnswer {
    let Ok((entry, exit)) = ends(inspection) else {
        return InspectorAnswer::Solved {
            solver,
            visited: 0,
            path: None,
        };
    };
    // Memory refused (the grid, the search's start, its working set as it runs, its path) is
    // the status line's message, not an abort of the dashboard.
    let refused = |error: Error| InspectorAnswer::SolveRefused {
        solver,
        reason: error.to_string(),
    };
    let grid = match inspection.to_grid() {
        Ok(grid) => grid,
        Err(error @ (Error::OutOfMemory { .. } | Error::NotEnoughMemory { .. })) => {
            return refused(error);
        }
        // A grid the file cannot make (a single row read): nothing to solve.
        Err(_) => {
            return InspectorAnswer::Solved {
                solver,
                visited: 0,
                path: None,
            };
        }
    };
    let mut search = match solver.try_search(&grid, entry, exit) {
        Ok(search) => search,
        Err(error) => return refused(error),
    };
    match search.try_run() {
        Ok(path) => InspectorAnswer::Solved {
            solver,
            visited: search.visited(),
            path: path.map(|s| s.len()),
        },
        Err(error) => refused(error),
    }
}

/// Writes the file's walls, entry and exit with its shortest path: the recorded path line
/// corrected. Only walls that hold (coherent, border closed, every digit read) are written.
fn save(inspection: &Inspection, path: &Path) -> Result<(), String> {
    let maze = maze_of(inspection)?;
    let outputs = [Output::file(Hex, path)];
    guard::check(&outputs)
        .and_then(|()| write_outputs(&maze, &outputs, &mut |_, _, _| {}))
        .map_err(|e| e.to_string())
}

/// The file as a maze with its shortest path, when its walls hold (coherent, border closed,
/// every digit read) and its entry reaches its exit: the maze `s` writes back and `g` plays.
pub fn maze_of(inspection: &Inspection) -> Result<Maze, String> {
    if let Some(reason) = walls_invalid(inspection) {
        return Err(reason);
    }
    let (entry, exit) = ends(inspection)?;
    let shortest = inspection
        .shortest_path()
        .cloned()
        .ok_or_else(|| format!("no path from {entry} to {exit}"))?;
    let grid = inspection.to_grid().map_err(|e| e.to_string())?;
    let options = MazeOptions::new(inspection.width(), inspection.height());
    Ok(Maze::new(options, grid, entry, exit).with_solution(Some(shortest)))
}

/// Why the walls cannot be written back as they are, if they cannot.
pub fn walls_invalid(inspection: &Inspection) -> Option<String> {
    use mazegen::validate::ProblemKind as K;
    if !inspection.is_checked() {
        return Some("the file is still being checked".to_owned());
    }
    let bad = inspection.problem_rows().into_iter().find(|row| {
        matches!(
            row.kind,
            K::Unreadable | K::BadDigit | K::NotChecked | K::IncoherentWall | K::OpenBorder
        )
    })?;
    Some(format!("its walls are not valid ({})", bad.summary))
}

/// The entries of `dir` (the current folder for an empty path), sorted; unreadable ones and a
/// folder that cannot be read give none.
fn list(dir: &Path) -> Vec<String> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let mut name = entry.file_name().into_string().ok()?;
            if entry.file_type().ok()?.is_dir() {
                name.push('/');
            }
            Some(name)
        })
        .collect();
    names.sort();
    names
}
