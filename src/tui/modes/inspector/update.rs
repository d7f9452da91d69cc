//! The inspector's answers: the path prompt's keys, its jobs' results, and the keys that mean
//! something else on an opened file.

use std::path::PathBuf;

use mazegen::Solver;
use mazegen::validate::{Expected, Inspection};

use super::prompt::MazeFiles;
use super::{
    Completion, Inspect, InspectorAnswer, InspectorJob, InspectorMessage, InspectorWork, OpenFile,
    PathPrompt, PromptKey, walls_invalid,
};
use crate::tui::context::Ctx;
use crate::tui::effect::{Effect, Work};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::status::StatusKind;
use crate::tui::reply::Reply;
use crate::tui::text::solver_label;
use crate::tui::viewport::{Viewport, blocks};

/// The canvas as the inspector sees it, handed in by the root: the viewport a problem is
/// centred on, and a request the root carries out once the inspector is done.
pub struct Canvas<'a> {
    pub viewport: &'a mut Viewport,
    /// The canvas's size, if the terminal has room for the dashboard.
    pub size: Option<(u16, u16)>,
    /// A file was opened or closed: the root picks the starting zoom again, for the maze now
    /// shown.
    pub refit: bool,
}

/// Opens `inspection` (read from `path`, not yet checked) as the dashboard starts with
/// `--open`: checked against `expected` (the CONFIG's), written back to `output_file`. The
/// model's own maze must be a finished placeholder whose first save the root has forgone: it
/// is never written.
pub fn open_at_start(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    canvas: &mut Canvas,
    path: PathBuf,
    inspection: Inspection,
    expected: Expected,
    output_file: Option<PathBuf>,
) -> Vec<Effect> {
    inspect.expected = expected;
    inspect.output_file = output_file;
    show_file(inspect, shared, canvas, path, inspection)
}

/// Handles the inspector's own messages: its prompt's keys.
pub fn on_message(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    message: InspectorMessage,
) -> Vec<Effect> {
    match message {
        InspectorMessage::Key(key) => prompt_pressed(inspect, shared, key),
    }
}

/// Handles the inspector's own actions, and those that mean something else on an opened file;
/// gives the others back.
pub fn on_action(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    canvas: &mut Canvas,
    action: Action,
) -> Reply {
    match action {
        Action::OpenFile => return Reply::Done(open_prompt(inspect, shared)),
        Action::NextProblem => return Reply::Done(jump(inspect, shared, canvas, true)),
        Action::PreviousProblem => return Reply::Done(jump(inspect, shared, canvas, false)),
        _ => {}
    }
    if inspect.file.is_none() {
        return Reply::Pass(action);
    }
    match action {
        Action::Regenerate | Action::NextAlgorithm | Action::UseAlgorithm(_) => {
            // A generated maze again: the config's (the file's size without one).
            close_file(inspect, canvas);
            Reply::Pass(action)
        }
        Action::NextSolver => Reply::Done(solve_with(inspect, shared, None)),
        Action::UseSolver(solver) => Reply::Done(solve_with(inspect, shared, Some(solver))),
        Action::Save => Reply::Done(save(inspect, shared)),
        Action::Export => {
            let text = "e exports generated mazes; s writes this file back with its path corrected";
            shared.set_status(StatusKind::Info, text);
            Reply::done()
        }
        Action::Finish | Action::TogglePause | Action::Step | Action::Faster | Action::Slower => {
            let text = "Nothing moves in an opened file: ] and [ go through its problems";
            shared.set_status(StatusKind::Info, text);
            Reply::done()
        }
        _ => Reply::Pass(action),
    }
}

fn open_prompt(inspect: &mut Inspect, shared: &mut Ctx) -> Vec<Effect> {
    if inspect.output_file.is_none() && inspect.file.is_none() {
        // Opened from a generated maze: `s` writes to the same OUTPUT_FILE as for it.
        inspect.output_file = Some(shared.config.output_file.clone());
    }
    let mut prompt = PathPrompt::default();
    let effects = list_maze_files(&mut prompt, shared);
    inspect.prompt = Some(prompt);
    effects
}

/// Asks for the maze files of the folder the prompt's text is in, unless they are listed or
/// asked for already.
fn list_maze_files(prompt: &mut PathPrompt, shared: &mut Ctx) -> Vec<Effect> {
    let dir = prompt.folder();
    let files = &mut prompt.files;
    let listed = files.dir == dir && (files.request.is_some() || !files.names.is_empty());
    if listed {
        return Vec::new();
    }
    let request = shared.new_job_id(Owner::Inspector);
    *files = MazeFiles {
        dir: dir.clone(),
        request: Some(request),
        ..MazeFiles::default()
    };
    let work = InspectorWork::MazeFiles { dir };
    vec![Effect::Work(Work::Inspector(InspectorJob {
        request,
        work,
    }))]
}

fn prompt_pressed(inspect: &mut Inspect, shared: &mut Ctx, key: PromptKey) -> Vec<Effect> {
    let Some(prompt) = inspect.prompt.as_mut() else {
        return Vec::new();
    };
    match key {
        // A paste can type more than any path holds: the rest is dropped (the prompt says so).
        PromptKey::Char(_) if prompt.is_full() => {}
        PromptKey::Char(c) => {
            prompt.text.push(c);
            prompt.candidates.clear();
            prompt.files.picked = None;
            return list_maze_files(prompt, shared);
        }
        PromptKey::Backspace => {
            prompt.text.pop();
            prompt.candidates.clear();
            prompt.files.picked = None;
            return list_maze_files(prompt, shared);
        }
        PromptKey::Up | PromptKey::Down => {
            let by = if key == PromptKey::Up { -1 } else { 1 };
            let typed = prompt.typed().to_owned();
            prompt.files.move_pick(&typed, by);
        }
        PromptKey::Esc => {
            inspect.prompt = None;
            shared.set_status(StatusKind::Info, "Nothing opened");
        }
        PromptKey::Enter => {
            // The highlighted file (see `MazeFiles::highlighted`), else the path typed.
            let text = match prompt.files.picked_path(prompt.typed()) {
                Some(path) => path.display().to_string(),
                None => prompt.text.trim().to_owned(),
            };
            inspect.prompt = None;
            if text.is_empty() {
                shared.set_status(StatusKind::Info, "Nothing opened");
                return Vec::new();
            }
            let request = shared.new_job_id(Owner::Inspector);
            inspect.opening = Some(request);
            shared.set_status(StatusKind::Info, format!("Opening {text}…"));
            let work = InspectorWork::Open {
                path: PathBuf::from(text),
                expected: inspect.expected.clone(),
            };
            return vec![Effect::Work(Work::Inspector(InspectorJob {
                request,
                work,
            }))];
        }
        // The listing asked for is on its way: another would only list the folder again.
        PromptKey::Tab if prompt.pending_tab => {}
        PromptKey::Tab => {
            if prompt.is_listed() {
                return complete(inspect, shared);
            } else {
                prompt.pending_tab = true;
                let dir = prompt.folder();
                let request = shared.new_job_id(Owner::Inspector);
                inspect.listing = Some(request);
                let work = InspectorWork::List { dir };
                return vec![Effect::Work(Work::Inspector(InspectorJob {
                    request,
                    work,
                }))];
            }
        }
    }
    Vec::new()
}

/// Tab with the folder listed. A completed text highlights afresh, and a folder completed
/// lists its maze files.
fn complete(inspect: &mut Inspect, shared: &mut Ctx) -> Vec<Effect> {
    let Some(prompt) = inspect.prompt.as_mut() else {
        return Vec::new();
    };
    prompt.pending_tab = false;
    let before = prompt.text.clone();
    if prompt.complete() == Completion::None {
        shared.set_status(StatusKind::Info, "No file name starts so");
    }
    if prompt.text == before {
        return Vec::new();
    }
    prompt.files.picked = None;
    list_maze_files(prompt, shared)
}

pub fn done(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    canvas: &mut Canvas,
    request: JobId,
    outcome: InspectorAnswer,
) -> Vec<Effect> {
    match outcome {
        InspectorAnswer::Opened { path, inspection } => {
            if inspect.opening != Some(request) {
                return Vec::new();
            }
            inspect.opening = None;
            match inspection {
                Ok(inspection) => match inspection.take() {
                    Some(inspection) => {
                        return show_file(inspect, shared, canvas, path, inspection);
                    }
                    // A copy of the message, already taken.
                    None => return Vec::new(),
                },
                Err(reason) => shared.set_status(StatusKind::Error, reason),
            }
        }
        InspectorAnswer::MazeFiles { dir, names } => {
            if let Some(prompt) = inspect.prompt.as_mut()
                && prompt.files.request == Some(request)
            {
                prompt.files = MazeFiles {
                    dir,
                    names,
                    picked: None,
                    request: None,
                };
            }
        }
        InspectorAnswer::Listed { dir, names } => {
            if inspect.listing != Some(request) {
                return Vec::new();
            }
            inspect.listing = None;
            if let Some(prompt) = inspect.prompt.as_mut() {
                prompt.listing = Some((dir, names));
                if prompt.pending_tab && prompt.is_listed() {
                    return complete(inspect, shared);
                }
            }
        }
        InspectorAnswer::Checked {
            inspection,
            stats,
            illegal_step,
        } => {
            let Some(file) = inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.checking != Some(request) {
                return Vec::new();
            }
            let Some(checked) = inspection.take() else {
                // A copy of the message, already taken.
                return Vec::new();
            };
            file.checking = None;
            file.inspection = checked;
            file.stats = stats.and_then(|stats| stats.take());
            file.illegal_step = illegal_step;
            let text = checked_text(file);
            let kind = if file.inspection.is_valid() {
                StatusKind::Success
            } else {
                StatusKind::Warning
            };
            shared.set_status(kind, text);
        }
        InspectorAnswer::Solved {
            solver,
            visited,
            path,
        } => {
            let Some(file) = inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.solving != Some(request) {
                return Vec::new();
            }
            file.solving = None;
            file.runs.retain(|run| run.0 != solver);
            file.runs.push((solver, visited, path));
            let found = path.map_or_else(|| "no path".to_owned(), |n| format!("path {n} steps"));
            let text = format!(
                "Solver {}: visited {visited} cells, {found}",
                solver_label(solver)
            );
            shared.set_status(StatusKind::Info, text);
        }
        InspectorAnswer::SolveRefused { solver, reason } => {
            let Some(file) = inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.solving != Some(request) {
                return Vec::new();
            }
            file.solving = None;
            let text = format!("Solver {}: {reason}", solver_label(solver));
            shared.set_status(StatusKind::Error, text);
        }
        InspectorAnswer::Saved { path, outcome } => {
            let Some(file) = inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.saving != Some(request) {
                return Vec::new();
            }
            file.saving = None;
            match outcome {
                Ok(()) => shared.set_status(
                    StatusKind::Success,
                    format!(
                        "Wrote the maze with its shortest path to {}",
                        path.display()
                    ),
                ),
                Err(reason) => shared.set_status(StatusKind::Error, format!("Not saved: {reason}")),
            }
        }
    }
    Vec::new()
}

/// Shows a file just read, and starts its check.
fn show_file(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    canvas: &mut Canvas,
    path: PathBuf,
    inspection: Inspection,
) -> Vec<Effect> {
    let request = shared.new_job_id(Owner::Inspector);
    let work = InspectorWork::Check(Box::new(inspection.clone()));
    let (width, height) = (inspection.width(), inspection.height());
    let path_inside = super::roles::steps_inside(&inspection);
    let status = match inspection.first_unreadable() {
        Some((line, kind)) => {
            let line = line.map(|n| format!("line {n}: ")).unwrap_or_default();
            let text = format!("{}: {line}{kind}; shown as far as it reads", path.display());
            (StatusKind::Warning, text)
        }
        None => (
            StatusKind::Info,
            format!("Opened {} ({width}x{height}), checking…", path.display()),
        ),
    };
    inspect.file = Some(OpenFile {
        path,
        inspection,
        selected: None,
        stats: None,
        illegal_step: None,
        path_inside,
        runs: Vec::new(),
        solver: None,
        checking: Some(request),
        solving: None,
        saving: None,
    });
    canvas.refit = true;
    shared.set_status(status.0, status.1);
    vec![Effect::Work(Work::Inspector(InspectorJob {
        request,
        work,
    }))]
}

/// Leaves the opened file for the generated maze.
fn close_file(inspect: &mut Inspect, canvas: &mut Canvas) {
    inspect.file = None;
    canvas.refit = true;
}

/// The status line once the check is done: what the file is, or its problems in short.
fn checked_text(file: &OpenFile) -> String {
    let inspection = &file.inspection;
    let name = file.path.display();
    let rows = inspection.problem_rows();
    if rows.is_empty() {
        return format!(
            "{name}: valid {}x{} maze, path {} steps",
            inspection.width(),
            inspection.height(),
            inspection.recorded_path().len()
        );
    }
    let first = &rows[0].summary;
    // The first unreadable line, if any, is the first row.
    let more = match rows.len() {
        1 => String::new(),
        2 => " and 1 more kind".to_owned(),
        n => format!(" and {} more kinds", n - 1),
    };
    format!("{name}: {first}{more}; ] goes to each problem")
}

/// `]` (`forward`) or `[`: the next or previous located problem, wrapping around.
fn jump(
    inspect: &mut Inspect,
    shared: &mut Ctx,
    canvas: &mut Canvas,
    forward: bool,
) -> Vec<Effect> {
    let Some(file) = inspect.file.as_mut() else {
        shared.set_status(StatusKind::Info, "No file is open: o opens one");
        return Vec::new();
    };
    let inspection = &file.inspection;
    let from = file.selected;
    let (found, wrapped) = if forward {
        match inspection.next_location(from) {
            Some(p) => (Some(p), false),
            None => (inspection.next_location(None), from.is_some()),
        }
    } else {
        match inspection.previous_location(from) {
            Some(p) => (Some(p), false),
            None => (inspection.previous_location(None), from.is_some()),
        }
    };
    let Some(pos) = found else {
        let text = if file.is_checking() {
            "Still checking the file: its problems show when it is done".to_owned()
        } else if inspection.problem_rows().is_empty() {
            "No problems: the file is valid".to_owned()
        } else {
            let rows: Vec<String> = inspection
                .problem_rows()
                .into_iter()
                .map(|r| r.summary)
                .collect();
            format!("No problem has a place on the map: {}", rows.join("; "))
        };
        shared.set_status(StatusKind::Info, text);
        return Vec::new();
    };
    file.selected = Some(pos);
    let problems: Vec<String> = inspection
        .problems_at(pos)
        .iter()
        .map(ToString::to_string)
        .collect();
    let wrap = if wrapped { " (from the top)" } else { "" };
    let wrap = if wrapped && !forward {
        " (from the bottom)"
    } else {
        wrap
    };
    let text = format!("{pos}{wrap}: {}", problems.join("; "));
    let maze_blocks = blocks(inspection.width(), inspection.height());
    if let Some(size) = canvas.size {
        canvas
            .viewport
            .centre_on((2 * pos.x + 1, 2 * pos.y + 1), maze_blocks, size);
    }
    shared.set_status(StatusKind::Warning, text);
    Vec::new()
}

/// `v`: solves the file on a worker with `solver` (the solver list's pick), or with the next
/// one after the last.
fn solve_with(inspect: &mut Inspect, shared: &mut Ctx, solver: Option<Solver>) -> Vec<Effect> {
    let request = shared.new_job_id(Owner::Inspector);
    let Some(file) = inspect.file.as_mut() else {
        return Vec::new();
    };
    let solver = solver.unwrap_or_else(|| file.solver.map_or(Solver::default(), Solver::next));
    file.solver = Some(solver);
    file.solving = Some(request);
    let work = InspectorWork::Solve {
        inspection: Box::new(file.inspection.clone()),
        solver,
    };
    let text = format!("Solving with {}…", solver_label(solver));
    shared.set_status(StatusKind::Info, text);
    vec![Effect::Work(Work::Inspector(InspectorJob {
        request,
        work,
    }))]
}

/// `s`: the file's walls with its shortest path, to OUTPUT_FILE, when its walls hold.
fn save(inspect: &mut Inspect, shared: &mut Ctx) -> Vec<Effect> {
    let request = shared.new_job_id(Owner::Inspector);
    let Some(output_file) = inspect.output_file.clone() else {
        let text = "Not saved: no config names an OUTPUT_FILE (a-maze-ing --open FILE CONFIG)";
        shared.set_status(StatusKind::Error, text);
        return Vec::new();
    };
    let Some(file) = inspect.file.as_mut() else {
        return Vec::new();
    };
    if let Some(reason) = walls_invalid(&file.inspection) {
        shared.set_status(StatusKind::Error, format!("Not saved: {reason}"));
        return Vec::new();
    }
    file.saving = Some(request);
    let work = InspectorWork::Save {
        inspection: Box::new(file.inspection.clone()),
        path: output_file.clone(),
    };
    shared.set_status(
        StatusKind::Info,
        format!("Writing {}…", output_file.display()),
    );
    vec![Effect::Work(Work::Inspector(InspectorJob {
        request,
        work,
    }))]
}
