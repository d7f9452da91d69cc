//! The dashboard as an inspector: any maze file, valid or not, drawn in the same views, themes
//! and panes as a generated maze, with every broken rule where it is (see
//! [`mazegen::inspect`], which reads and checks the file and keeps where each problem is).
//!
//! A file is opened by `--open FILE [CONFIG]` or by `o` and a path typed on the status line
//! (Tab completes it). Reading is a job, and so is checking, so that a 10000x10000 file is
//! drawn as soon as it is read and its problems appear when the check ends. `]` and `[` go
//! from one problem to the next in reading order, moving the view there. On an opened file,
//! `v` solves it with the next solver, `s` writes it back with its path line corrected (to
//! OUTPUT_FILE, only when its walls hold), and `r` and `a` leave it for a generated maze.
//!
//! While a file is open, the model's [`Session`](mazegen::session::Session) is hidden: a
//! maze being generated goes on (and is still written to OUTPUT_FILE as promised), and comes
//! back when a new maze is asked for.

mod job;
mod prompt;
mod roles;
#[cfg(test)]
pub(crate) mod tests;

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use mazegen::Pos;
use mazegen::config::Config;
use mazegen::grid::{STAMP_MIN_HEIGHT, STAMP_MIN_WIDTH};
use mazegen::inspect::Inspection;
use mazegen::solve::Solver;
use mazegen::stats::MazeStats;
use mazegen::validate::Expected;

pub use job::{InspectorJob, Outcome, Shared, Work, walls_invalid};
pub use prompt::{Completion, MAX_BYTES as MAX_PROMPT_BYTES, PathPrompt, PromptKey};
pub use roles::{FileRoles, role_of};

use super::effect::Effect;
use super::message::{Action, Message};
use super::model::{APP_CONFIG_KEYS, Model, StatusKind};
use super::view::solver_label;
use super::viewport::blocks;

/// The inspector's messages (see [`Message::Inspector`]).
#[derive(Clone, Debug, PartialEq)]
pub enum InspectorMessage {
    /// A key typed while the path prompt is open.
    Key(PromptKey),
    /// A job ended.
    Done { request: u64, outcome: Outcome },
}

/// The inspector's part of the model.
#[derive(Debug, Default)]
pub struct Inspect {
    file: Option<OpenFile>,
    prompt: Option<PathPrompt>,
    /// What opened files are checked against: the CONFIG given with `--open`, else nothing.
    expected: Expected,
    /// Where `s` writes an opened file: the config's OUTPUT_FILE, when there is a config.
    output_file: Option<PathBuf>,
    /// The file being opened.
    opening: Option<u64>,
    /// The folder listing the prompt waits for.
    listing: Option<u64>,
    last_request: u64,
}

/// An opened file and what has been found about it.
#[derive(Debug)]
pub struct OpenFile {
    pub path: PathBuf,
    pub inspection: Inspection,
    /// The problem `]`/`[` went to.
    pub selected: Option<Pos>,
    pub stats: Option<MazeStats>,
    pub illegal_step: Option<Pos>,
    /// See [`roles::steps_inside`].
    pub path_inside: usize,
    /// Each solver `v` ran on the file: visited cells and the path's steps.
    pub runs: Vec<(Solver, u64, Option<usize>)>,
    /// The last solver `v` ran.
    pub solver: Option<Solver>,
    checking: Option<u64>,
    solving: Option<u64>,
    saving: Option<u64>,
}

impl OpenFile {
    /// Whether the check is still running.
    pub fn is_checking(&self) -> bool {
        self.checking.is_some()
    }
}

impl Inspect {
    /// The opened file, if one is shown.
    pub fn file(&self) -> Option<&OpenFile> {
        self.file.as_ref()
    }

    pub fn prompt(&self) -> Option<&PathPrompt> {
        self.prompt.as_ref()
    }

    pub fn is_prompting(&self) -> bool {
        self.prompt.is_some()
    }

    fn next_request(&mut self) -> u64 {
        self.last_request += 1;
        self.last_request
    }
}

/// The prompt's message for a key press, while the prompt is open (every key is its own).
pub fn prompt_key(key: &KeyEvent) -> Option<Message> {
    if key.kind == crossterm::event::KeyEventKind::Release {
        return None;
    }
    let key = match key.code {
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => PromptKey::Char(c),
        KeyCode::Backspace => PromptKey::Backspace,
        KeyCode::Tab => PromptKey::Tab,
        KeyCode::Enter => PromptKey::Enter,
        KeyCode::Esc => PromptKey::Esc,
        _ => return None,
    };
    Some(Message::Inspector(InspectorMessage::Key(key)))
}

/// Opens `inspection` (read from `path`, not yet checked) as the dashboard starts with
/// `--open`: checked against `expected` (the CONFIG's), written back to `output_file`. The
/// model's own maze must be a finished placeholder: it is never written.
pub fn open_at_start(
    model: &mut Model,
    path: PathBuf,
    inspection: Inspection,
    expected: Expected,
    output_file: Option<PathBuf>,
) -> Vec<Effect> {
    model.inspect.expected = expected;
    model.inspect.output_file = output_file;
    // The placeholder maze is not the user's: nothing may write it.
    model.first_save = super::model::FirstSave::Requested;
    show_file(model, path, inspection)
}

/// Handles the messages that are the inspector's, and the actions that mean something else on
/// an opened file; gives the others back.
// The message comes back whole, by value, once: its size costs nothing worth a box.
#[allow(clippy::result_large_err)]
pub fn update(model: &mut Model, message: Message) -> Result<Vec<Effect>, Message> {
    let action = match message {
        Message::Inspector(InspectorMessage::Key(key)) => return Ok(prompt_pressed(model, key)),
        Message::Inspector(InspectorMessage::Done { request, outcome }) => {
            return Ok(done(model, request, outcome));
        }
        Message::Action(action) => action,
        other => return Err(other),
    };
    match action {
        Action::OpenFile => return Ok(open_prompt(model)),
        Action::NextProblem => return Ok(jump(model, true)),
        Action::PreviousProblem => return Ok(jump(model, false)),
        _ => {}
    }
    if model.inspect.file.is_none() {
        return Err(Message::Action(action));
    }
    match action {
        Action::Regenerate | Action::NextAlgorithm => {
            // A generated maze again: the config's (the file's size without one).
            close_file(model);
            Err(Message::Action(action))
        }
        Action::NextSolver => Ok(solve_next(model)),
        Action::Save => Ok(save(model)),
        Action::Export => {
            let text = "e exports generated mazes; s writes this file back with its path corrected";
            model.set_status(StatusKind::Info, text);
            Ok(Vec::new())
        }
        Action::Finish | Action::TogglePause | Action::Step | Action::Faster | Action::Slower => {
            let text = "Nothing moves in an opened file: ] and [ go through its problems";
            model.set_status(StatusKind::Info, text);
            Ok(Vec::new())
        }
        _ => Err(Message::Action(action)),
    }
}

fn open_prompt(model: &mut Model) -> Vec<Effect> {
    if model.inspect.output_file.is_none() && model.inspect.file.is_none() {
        // Opened from a generated maze: `s` writes to the same OUTPUT_FILE as for it.
        model.inspect.output_file = Some(model.config.output_file.clone());
    }
    model.inspect.prompt = Some(PathPrompt::default());
    Vec::new()
}

fn prompt_pressed(model: &mut Model, key: PromptKey) -> Vec<Effect> {
    let Some(prompt) = model.inspect.prompt.as_mut() else {
        return Vec::new();
    };
    match key {
        // A paste can type more than any path holds: the rest is dropped (the prompt says so).
        PromptKey::Char(_) if prompt.is_full() => {}
        PromptKey::Char(c) => {
            prompt.text.push(c);
            prompt.candidates.clear();
        }
        PromptKey::Backspace => {
            prompt.text.pop();
            prompt.candidates.clear();
        }
        PromptKey::Esc => {
            model.inspect.prompt = None;
            model.set_status(StatusKind::Info, "Nothing opened");
        }
        PromptKey::Enter => {
            let text = prompt.text.trim().to_owned();
            model.inspect.prompt = None;
            if text.is_empty() {
                model.set_status(StatusKind::Info, "Nothing opened");
                return Vec::new();
            }
            let request = model.inspect.next_request();
            model.inspect.opening = Some(request);
            model.set_status(StatusKind::Info, format!("Opening {text}…"));
            let work = Work::Open {
                path: PathBuf::from(text),
                expected: model.inspect.expected.clone(),
            };
            return vec![Effect::Inspector(InspectorJob { request, work })];
        }
        // The listing asked for is on its way: another would only list the folder again.
        PromptKey::Tab if prompt.pending_tab => {}
        PromptKey::Tab => {
            if prompt.is_listed() {
                complete(model);
            } else {
                prompt.pending_tab = true;
                let dir = prompt.folder();
                let request = model.inspect.next_request();
                model.inspect.listing = Some(request);
                let work = Work::List { dir };
                return vec![Effect::Inspector(InspectorJob { request, work })];
            }
        }
    }
    Vec::new()
}

/// Tab with the folder listed.
fn complete(model: &mut Model) {
    let Some(prompt) = model.inspect.prompt.as_mut() else {
        return;
    };
    prompt.pending_tab = false;
    if prompt.complete() == Completion::None {
        model.set_status(StatusKind::Info, "No file name starts so");
    }
}

fn done(model: &mut Model, request: u64, outcome: Outcome) -> Vec<Effect> {
    match outcome {
        Outcome::Opened { path, inspection } => {
            if model.inspect.opening != Some(request) {
                return Vec::new();
            }
            model.inspect.opening = None;
            match inspection {
                Ok(inspection) => return show_file(model, path, inspection.into_inner()),
                Err(reason) => model.set_status(StatusKind::Error, reason),
            }
        }
        Outcome::Listed { dir, names } => {
            if model.inspect.listing != Some(request) {
                return Vec::new();
            }
            model.inspect.listing = None;
            if let Some(prompt) = model.inspect.prompt.as_mut() {
                prompt.listing = Some((dir, names));
                if prompt.pending_tab && prompt.is_listed() {
                    complete(model);
                }
            }
        }
        Outcome::Checked {
            inspection,
            stats,
            illegal_step,
        } => {
            let Some(file) = model.inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.checking != Some(request) {
                return Vec::new();
            }
            file.checking = None;
            file.inspection = inspection.into_inner();
            file.stats = stats.map(Shared::into_inner);
            file.illegal_step = illegal_step;
            let text = checked_text(file);
            let kind = if file.inspection.is_valid() {
                StatusKind::Success
            } else {
                StatusKind::Warning
            };
            model.set_status(kind, text);
        }
        Outcome::Solved {
            solver,
            visited,
            path,
        } => {
            let Some(file) = model.inspect.file.as_mut() else {
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
            model.set_status(StatusKind::Info, text);
        }
        Outcome::Saved { path, outcome } => {
            let Some(file) = model.inspect.file.as_mut() else {
                return Vec::new();
            };
            if file.saving != Some(request) {
                return Vec::new();
            }
            file.saving = None;
            match outcome {
                Ok(()) => model.set_status(
                    StatusKind::Success,
                    format!(
                        "Wrote the maze with its shortest path to {}",
                        path.display()
                    ),
                ),
                Err(reason) => model.set_status(StatusKind::Error, format!("Not saved: {reason}")),
            }
        }
    }
    Vec::new()
}

/// Shows a file just read, and starts its check.
fn show_file(model: &mut Model, path: PathBuf, inspection: Inspection) -> Vec<Effect> {
    let request = model.inspect.next_request();
    let work = Work::Check(Box::new(inspection.clone()));
    let (width, height) = (inspection.width(), inspection.height());
    let path_inside = roles::steps_inside(&inspection);
    let status = match inspection.first_unreadable() {
        Some(error) => {
            let line = error
                .line
                .map(|n| format!("line {n}: "))
                .unwrap_or_default();
            let text = format!(
                "{}: {line}{}; shown as far as it reads",
                path.display(),
                error.kind
            );
            (StatusKind::Warning, text)
        }
        None => (
            StatusKind::Info,
            format!("Opened {} ({width}x{height}), checking…", path.display()),
        ),
    };
    model.inspect.file = Some(OpenFile {
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
    refit(model);
    model.set_status(status.0, status.1);
    vec![Effect::Inspector(InspectorJob { request, work })]
}

/// Leaves the opened file for the generated maze.
fn close_file(model: &mut Model) {
    model.inspect.file = None;
    refit(model);
}

/// Picks the starting zoom again, for the maze now shown.
fn refit(model: &mut Model) {
    model.zoom_picked = false;
    let size = model.size();
    model.resize(size);
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
fn jump(model: &mut Model, forward: bool) -> Vec<Effect> {
    let Some(file) = model.inspect.file.as_mut() else {
        model.set_status(StatusKind::Info, "No file is open: o opens one");
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
        model.set_status(StatusKind::Info, text);
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
    if let Some(screen) = model.screen() {
        model.viewport.centre_on(
            (2 * pos.x + 1, 2 * pos.y + 1),
            maze_blocks,
            screen.canvas_size(),
        );
    }
    model.set_status(StatusKind::Warning, text);
    Vec::new()
}

/// `v`: the next solver on the file, on a worker.
fn solve_next(model: &mut Model) -> Vec<Effect> {
    let request = model.inspect.next_request();
    let Some(file) = model.inspect.file.as_mut() else {
        return Vec::new();
    };
    let solver = file.solver.map_or(Solver::default(), Solver::next);
    file.solver = Some(solver);
    file.solving = Some(request);
    let work = Work::Solve {
        inspection: Box::new(file.inspection.clone()),
        solver,
    };
    let text = format!("Solving with {}…", solver_label(solver));
    model.set_status(StatusKind::Info, text);
    vec![Effect::Inspector(InspectorJob { request, work })]
}

/// `s`: the file's walls with its shortest path, to OUTPUT_FILE, when its walls hold.
fn save(model: &mut Model) -> Vec<Effect> {
    let request = model.inspect.next_request();
    let Some(output_file) = model.inspect.output_file.clone() else {
        let text = "Not saved: no config names an OUTPUT_FILE (a-maze-ing --open FILE CONFIG)";
        model.set_status(StatusKind::Error, text);
        return Vec::new();
    };
    let Some(file) = model.inspect.file.as_mut() else {
        return Vec::new();
    };
    if let Some(reason) = walls_invalid(&file.inspection) {
        model.set_status(StatusKind::Error, format!("Not saved: {reason}"));
        return Vec::new();
    }
    file.saving = Some(request);
    let work = Work::Save {
        inspection: Box::new(file.inspection.clone()),
        path: output_file.clone(),
    };
    model.set_status(
        StatusKind::Info,
        format!("Writing {}…", output_file.display()),
    );
    vec![Effect::Inspector(InspectorJob { request, work })]
}

/// A config describing an opened file, for `r` and `a` without a CONFIG: its size, entry and
/// exit (the corners when those are unusable), a perfect maze written to `maze.txt`.
pub fn config_for(inspection: &Inspection) -> Config {
    let (width, height) = (inspection.width().max(2), inspection.height().max(2));
    let inside = |p: Option<Pos>| p.filter(|&p| p.x < width && p.y < height);
    let (entry, exit) = match (inside(inspection.entry()), inside(inspection.exit())) {
        (Some(entry), Some(exit)) if entry != exit => (entry, exit),
        _ => (Pos::new(0, 0), Pos::new(width - 1, height - 1)),
    };
    let text = |w: u32, h: u32, entry: Pos, exit: Pos| {
        format!(
            "WIDTH={w}\nHEIGHT={h}\nENTRY={},{}\nEXIT={},{}\nOUTPUT_FILE=maze.txt\nPERFECT=True\n",
            entry.x, entry.y, exit.x, exit.y
        )
    };
    Config::parse_with_app_keys(
        &text(width, height, entry, exit),
        "(opened file)",
        APP_CONFIG_KEYS,
    )
    .or_else(|_| {
        let (w, h) = (20, 15);
        Config::parse_with_app_keys(
            &text(w, h, Pos::new(0, 0), Pos::new(w - 1, h - 1)),
            "(opened file)",
            APP_CONFIG_KEYS,
        )
    })
    .expect("a 20x15 config is valid")
}

/// A small maze for the model to hold while it shows a file given with `--open`, made from
/// `config` (for its theme) but of the least size that needs no landmark warning.
pub fn placeholder_config(config: &Config) -> Config {
    let (width, height) = (STAMP_MIN_WIDTH, STAMP_MIN_HEIGHT);
    Config {
        width,
        height,
        entry: Pos::new(0, 0),
        exit: Pos::new(width - 1, height - 1),
        perfect: true,
        courtyard: false,
        ..config.clone()
    }
}

impl InspectorJob {
    /// Runs the job (on a worker), as the message that answers it.
    pub fn run(self) -> InspectorMessage {
        InspectorMessage::Done {
            request: self.request,
            outcome: self.work.run(),
        }
    }
}
