//! How each message changes the model. No terminal, no files, no clock: time arrives in
//! `Tick`, and anything that touches the outside world is returned as an [`Effect`].
//!
//! No message takes long to handle, whatever the maze's size, so the dashboard answers every
//! key at once:
//!
//! - **Finishing** (`Enter`, and whatever needs the maze finished: save, export, quit, a new
//!   maze before the first is written) is done at once for a small maze. A big one (more than
//!   [`INLINE_CELLS`](super::model::INLINE_CELLS) cells) is *finished in slices*: each `Tick`
//!   takes as many steps as fit in a few milliseconds (the [`Pace`](super::pace::Pace)'s
//!   slice), the status line says how far it is, and keys keep working in between. The maze
//!   stays in the model all along, so the screen keeps showing it.
//! - **Measuring** a big maze (its shortest path and statistics: whole-maze passes that cannot
//!   be cut in slices) is an [`Effect::Measure`] the run loop runs on a worker thread, asked for
//!   as soon as carving ends, so it overlaps the animated search.
//! - **Writing** files is an [`Effect::Write`], on a worker too, with progress messages.
//!
//! Actions that need the finished, measured maze wait in the model until it is, and run then.
//! Quitting waits for the first maze to be written (the promise that the dashboard leaves the
//! file `--headless` would) and for every write under way.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::effect::{Effect, WriteJob};
use super::layout::theme_scroll;
use super::message::{Action, JobId, Message, Mouse, MouseKind};
use super::model::{FirstSave, Focus, Job, JobKind, Model, StatusKind, new_session};
use super::pace::{CARVING_SECONDS, SOLVING_SECONDS};
use super::view::solver_label;
use super::viewport::Zoom;
use super::{race, timeline};
use mazegen::format::human_bytes;
use mazegen::format::svg::SvgOptions;
use mazegen::format::{Hex, Output, Svg};
use mazegen::memory::{Use, estimated_bytes};
use mazegen::session::{Measured, Phase};
use mazegen::walk_time;
use mazegen::{Algorithm, Dir, MazeOptions};

#[cfg(test)]
mod tests;

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    let mut effects = match message {
        Message::Tick(frame) if model.race.is_some() => {
            race::tick(model, frame);
            Vec::new()
        }
        Message::Tick(frame) => tick(model, frame),
        Message::Worked(work) => {
            model.pace.learn(work);
            Vec::new()
        }
        Message::Action(action) => act(model, action),
        Message::Mouse(mouse) if model.race.is_some() => {
            race::mouse(model, mouse);
            Vec::new()
        }
        Message::Mouse(mouse) => match mouse_action(model, mouse) {
            Some(action) => act(model, action),
            None => Vec::new(),
        },
        Message::Resize { width, height } => {
            model.resize((width, height));
            Vec::new()
        }
        Message::Progress { job, done, total } => {
            progress(model, job, done, total);
            Vec::new()
        }
        Message::Written { job, outcome } => {
            written(model, job, outcome);
            Vec::new()
        }
        Message::Measured { job, measured } => {
            self::measured(model, job, measured);
            Vec::new()
        }
    };
    effects.extend(settle(model));
    effects
}

/// Follows up on whatever changed: asks for a big maze's measuring once it is carved, writes
/// the first finished maze, runs the actions that waited for it, and quits once nothing is
/// left to do. Idempotent: calling it again changes nothing.
fn settle(model: &mut Model) -> Vec<Effect> {
    let mut effects = Vec::new();
    if let Some(work) = model.maze.measure_job() {
        let asked = model.jobs.iter().any(
            |j| matches!(&j.kind, JobKind::Measure { maze } if Arc::ptr_eq(maze, work.maze())),
        );
        if !asked {
            let job = start_job(
                model,
                JobKind::Measure {
                    maze: Arc::clone(work.maze()),
                },
            );
            effects.push(Effect::Measure { job, work });
        }
    }
    if model.finishing && model.phase() == Phase::Done {
        model.finishing = false;
        if !is_ready(model) {
            model.set_status(StatusKind::Info, "Measuring the maze…");
        }
    }
    if is_ready(model) {
        if model.first_save == FirstSave::Pending {
            model.first_save = FirstSave::Requested;
            effects.extend(save(model));
        }
        for action in std::mem::take(&mut model.waiting) {
            effects.extend(act(model, action));
        }
    }
    let idle = model.first_save == FirstSave::Requested
        && model.jobs.is_empty()
        && model.waiting.is_empty()
        && !model.finishing;
    if model.quitting && idle {
        model.quitting = false;
        effects.push(Effect::Quit);
    }
    effects
}

/// Whether the maze is finished and measured, so it can be written.
fn is_ready(model: &Model) -> bool {
    model.maze.maze().is_some()
}

/// Keeps `action` until the maze is finished and measured, finishing it if need be.
fn wait_for_the_maze(model: &mut Model, action: Action) {
    if !model.waiting.contains(&action) {
        model.waiting.push(action);
    }
    if model.phase() != Phase::Done {
        model.finishing = true;
    }
}

fn start_job(model: &mut Model, kind: JobKind) -> JobId {
    let id = JobId(model.next_job);
    model.next_job += 1;
    model.jobs.push(Job {
        id,
        kind,
        done: 0,
        total: 0,
    });
    id
}

fn end_job(model: &mut Model, id: JobId) -> Option<Job> {
    let at = model.jobs.iter().position(|j| j.id == id)?;
    Some(model.jobs.remove(at))
}

fn tick(model: &mut Model, frame: Duration) -> Vec<Effect> {
    let phase = model.maze.phase();
    let seconds = match phase {
        Phase::Carving => CARVING_SECONDS,
        Phase::Solving => SOLVING_SECONDS,
        Phase::Done => return Vec::new(),
    };
    let budget = if model.finishing {
        model.pace.slice()
    } else {
        model
            .pace
            .budget(frame, model.maze.estimated_steps(phase), seconds)
    };
    let taken = model.maze.advance(budget);
    model.replay.observe(&model.maze);
    model.pace.record(taken, frame);
    after_progress(model, phase);
    if model.finishing && model.phase() != Phase::Done {
        let text = finishing_text(model);
        model.set_status(StatusKind::Info, text);
    }
    Vec::new()
}

/// "Finishing: carving 43%, then save": how far a slow finish is, and what waits for it.
fn finishing_text(model: &Model) -> String {
    let maze = &model.maze;
    let (visited, open) = maze.carving_progress();
    let percent = |done: u64| done * 100 / open.max(1);
    let mut text = match maze.phase() {
        Phase::Carving if maze.is_linking() || maze.is_braiding() => {
            "Finishing: carving 100%".to_owned()
        }
        Phase::Carving => format!("Finishing: carving {}%", percent(visited)),
        _ => format!("Finishing: solving {}%", percent(maze.searched()).min(99)),
    };
    let mut then: Vec<&str> = model.waiting.iter().map(|a| waiting_label(*a)).collect();
    if model.quitting {
        then.push("quit");
    }
    if !then.is_empty() {
        text.push_str(", then ");
        text.push_str(&then.join(", "));
    }
    text
}

fn waiting_label(action: Action) -> &'static str {
    match action {
        Action::Save => "save",
        Action::Export => "export",
        Action::Regenerate => "new maze",
        Action::NextAlgorithm => "next algorithm",
        _ => "more",
    }
}

/// Follows up on steps taken from `before`: a new phase restarts the pace meter.
fn after_progress(model: &mut Model, before: Phase) {
    if model.maze.phase() != before {
        model.pace.restart();
    }
}

/// A request to write the current, finished maze to OUTPUT_FILE.
fn save(model: &mut Model) -> Option<Effect> {
    let maze = Arc::clone(model.maze.maze()?);
    if maze.known_solution().flatten().is_none() {
        let text = format!(
            "Not saved: no path from {} to {}",
            maze.entry(),
            maze.exit()
        );
        model.set_status(StatusKind::Error, text);
        return None;
    }
    let path = model.config.output_file.clone();
    let kind = JobKind::Save {
        path: path.clone(),
        seed: maze.seed(),
    };
    let job = start_job(model, kind);
    Some(Effect::Write(WriteJob {
        job,
        maze,
        outputs: vec![Output::file(Hex, path)],
    }))
}

/// A request to draw the current, finished maze as SVG next to OUTPUT_FILE (same folder and
/// stem), with the theme's colours and the path if it is shown.
fn export(model: &mut Model) -> Effect {
    let maze = Arc::clone(
        model
            .maze
            .maze()
            .expect("exported once finished and measured"),
    );
    let options = SvgOptions {
        show_path: model.show_path,
        style: model.theme().svg_style(),
        ..SvgOptions::default()
    };
    let path = svg_path(&model.config.output_file);
    let job = start_job(model, JobKind::Export { path: path.clone() });
    Effect::Write(WriteJob {
        job,
        maze,
        outputs: vec![Output::file(Svg::new(options), path)],
    })
}

/// `maze.txt` → `maze.svg`; an OUTPUT_FILE that is itself `.svg` gets `.svg` added instead, so
/// the export never replaces the maze file.
fn svg_path(output_file: &Path) -> PathBuf {
    let is_svg = output_file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if is_svg {
        let mut name = output_file.as_os_str().to_owned();
        name.push(".svg");
        PathBuf::from(name)
    } else {
        output_file.with_extension("svg")
    }
}

/// Finishes the maze: at once if it is small, else in slices over the next ticks. Settles
/// right away, so that the first maze's save comes before what the caller adds.
fn finish(model: &mut Model) -> Vec<Effect> {
    let before = model.maze.phase();
    if before == Phase::Done {
        return Vec::new();
    }
    if model.is_big() {
        model.finishing = true;
        let text = finishing_text(model);
        model.set_status(StatusKind::Info, text);
        return Vec::new();
    }
    model.maze.finish();
    after_progress(model, before);
    settle(model)
}

/// Finishes and saves the first maze if that has not happened yet: leaving it, by quitting or
/// by regenerating, must not cost the user the OUTPUT_FILE a headless run would have written.
fn complete_first(model: &mut Model) -> Vec<Effect> {
    match model.first_save {
        FirstSave::Pending => finish(model),
        FirstSave::Requested => Vec::new(),
    }
}

fn act(model: &mut Model, action: Action) -> Vec<Effect> {
    if let Some(effects) = race::act(model, action) {
        return effects;
    }
    if timeline::act(model, action) {
        return Vec::new();
    }
    match action {
        // Nothing in the model changes; the run loop owns the terminal.
        Action::Suspend => vec![Effect::Suspend],
        Action::Quit => {
            // Settling quits once the first maze is written and nothing else is being.
            model.quitting = true;
            complete_first(model)
        }
        Action::Save => {
            let first_pending = model.first_save == FirstSave::Pending;
            let mut effects = finish(model);
            if first_pending {
                // The first maze's own save writes it, now or once it is finished.
            } else if is_ready(model) {
                effects.extend(save(model));
            } else {
                wait_for_the_maze(model, action);
            }
            effects
        }
        Action::Export => {
            let mut effects = finish(model);
            if is_ready(model) {
                effects.push(export(model));
            } else {
                wait_for_the_maze(model, action);
            }
            effects
        }
        Action::Finish => finish(model),
        Action::Regenerate => regenerate(model),
        Action::NextAlgorithm => next_algorithm(model),
        Action::NextSolver => {
            let solver = model.maze.solver().next();
            model.maze.resolve_with(solver);
            model.pace.restart();
            let text = match model.maze.phase() {
                Phase::Carving => format!("Solver: {} (once carving ends)", solver_label(solver)),
                _ => format!("Solver: {}", solver_label(solver)),
            };
            model.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::TogglePath => {
            model.show_path = !model.show_path;
            let text = match (model.show_path, model.maze.phase()) {
                (false, _) => "Path hidden",
                (true, Phase::Done) => "Path shown",
                (true, _) => "The path shows once the maze is solved",
            };
            model.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::NextTheme => {
            use_theme(model, (model.theme + 1) % model.themes.len());
            Vec::new()
        }
        Action::PreviousTheme => {
            let count = model.themes.len();
            use_theme(model, (model.theme + count - 1) % count);
            Vec::new()
        }
        Action::PickCursorTheme => {
            use_theme(model, model.cursor);
            Vec::new()
        }
        Action::PickTheme(index) => {
            if index < model.themes.len() {
                model.focus = Focus::Themes;
                use_theme(model, index);
            }
            Vec::new()
        }
        Action::CursorUp => {
            model.cursor = model.cursor.saturating_sub(1);
            Vec::new()
        }
        Action::CursorDown => {
            model.cursor = (model.cursor + 1).min(model.themes.len() - 1);
            Vec::new()
        }
        Action::ToggleFocus => {
            model.focus = match model.focus {
                Focus::Canvas => Focus::Themes,
                Focus::Themes => Focus::Canvas,
            };
            model.cursor = model.theme;
            Vec::new()
        }
        Action::FocusCanvas => {
            model.focus = Focus::Canvas;
            Vec::new()
        }
        Action::Pan { towards, big } => {
            pan(model, towards, big);
            Vec::new()
        }
        Action::ToggleZoom => {
            let canvas = model.screen().map_or((0, 0), |s| s.canvas_size());
            let blocks = model.maze_blocks();
            model.viewport.cycle_zoom(blocks, canvas);
            Vec::new()
        }
        Action::ToggleHelp => {
            model.help = !model.help;
            Vec::new()
        }
        Action::TogglePause => {
            model.pace.toggle_pause();
            let text = if model.pace.is_paused() {
                "Paused: n takes one step, Space resumes"
            } else {
                "Resumed"
            };
            model.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::Step => step(model),
        Action::Scrub(scrub) => {
            timeline::scrub(model, scrub);
            Vec::new()
        }
        Action::Race => {
            race::start(model, &race::next_algorithms(model.config.algorithm));
            Vec::new()
        }
        Action::Faster | Action::Slower => {
            let changed = if action == Action::Faster {
                model.pace.faster()
            } else {
                model.pace.slower()
            };
            let limit = if changed { "" } else { " (the limit)" };
            let text = format!("Speed {}{limit}", model.pace.multiplier());
            model.set_status(StatusKind::Info, text);
            Vec::new()
        }
    }
}

fn regenerate(model: &mut Model) -> Vec<Effect> {
    let effects = complete_first(model);
    if model.first_save == FirstSave::Pending {
        wait_for_the_maze(model, Action::Regenerate);
        return effects;
    }
    let seed = model.seeds.next_u64();
    replace_maze(model, seed, format!("New maze, seed {seed}"));
    effects
}

/// The same seed carved by the next algorithm, so the two can be compared.
fn next_algorithm(model: &mut Model) -> Vec<Effect> {
    let effects = complete_first(model);
    if model.first_save == FirstSave::Pending {
        wait_for_the_maze(model, Action::NextAlgorithm);
        return effects;
    }
    let seed = model.maze.options().seed;
    let (algorithm, skipped) = next_algorithm_that_fits(model);
    model.config.algorithm = algorithm;
    let mut text = format!("Algorithm: {algorithm}, seed {seed}");
    let names = |reason: Skipped| {
        let names: Vec<String> = skipped
            .iter()
            .filter(|(_, r)| *r == reason)
            .map(|(a, _)| a.to_string())
            .collect();
        names.join(", ")
    };
    for (reason, why) in [
        (
            Skipped::Memory,
            format!(
                "more memory than the {} available",
                human_bytes(model.memory_limit.unwrap_or_default())
            ),
        ),
        (
            Skipped::Time,
            "over a minute to carve at this size".to_owned(),
        ),
    ] {
        let names = names(reason);
        if !names.is_empty() {
            text.push_str(&format!(" (skipped {names}: {why})"));
        }
    }
    replace_maze(model, seed, text);
    effects
}

/// Why `a` passed over an algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Skipped {
    Memory,
    Time,
}

/// The algorithm after the current one whose maze of this size fits the memory limit and is
/// not a random walk estimated to take over a minute, and the ones passed over because they
/// would not, with why (the current one ends the search).
fn next_algorithm_that_fits(model: &Model) -> (Algorithm, Vec<(Algorithm, Skipped)>) {
    let current = model.config.algorithm;
    let mut skipped = Vec::new();
    let mut candidate = current.next();
    while candidate != current {
        let options = MazeOptions {
            algorithm: candidate,
            ..model.maze.options().clone()
        };
        let needed = estimated_bytes(&options, Use::Dashboard);
        if model.memory_limit.is_some_and(|limit| needed > limit) {
            skipped.push((candidate, Skipped::Memory));
        } else if walk_time::too_long(&options).is_some() {
            skipped.push((candidate, Skipped::Time));
        } else {
            break;
        }
        candidate = candidate.next();
    }
    (candidate, skipped)
}

/// Starts animating a new maze from the config and `seed`, saying `text` if that works.
fn replace_maze(model: &mut Model, seed: u64, text: String) {
    let solver = model.maze.solver();
    match new_session(&model.config, seed, solver, model.inline_cells) {
        Ok(maze) => {
            model.maze = maze;
            model.replay.reset();
            model.finishing = false;
            // The old maze's measuring is of no use now: nothing waits for it (its result
            // will be refused), not even quitting.
            model
                .jobs
                .retain(|j| !matches!(j.kind, JobKind::Measure { .. }));
            model.pace.restart();
            if model.pace.is_paused() {
                model.pace.toggle_pause();
            }
            model.set_status(StatusKind::Info, text);
        }
        Err(e) => model.set_status(StatusKind::Error, format!("Cannot make a new maze: {e}")),
    }
}

fn step(model: &mut Model) -> Vec<Effect> {
    if !model.pace.is_paused() {
        model.set_status(StatusKind::Info, "n steps while paused: press Space first");
        return Vec::new();
    }
    let before = model.maze.phase();
    if before == Phase::Done {
        model.set_status(StatusKind::Info, "Nothing left to do: the maze is solved");
        return Vec::new();
    }
    model.maze.advance(1);
    after_progress(model, before);
    Vec::new()
}

fn use_theme(model: &mut Model, index: usize) {
    model.theme = index;
    model.cursor = index;
    let text = format!("Theme: {}", model.theme().name);
    model.set_status(StatusKind::Info, text);
}

fn pan(model: &mut Model, towards: Dir, big: bool) {
    if model.viewport.zoom() != Zoom::Detail {
        model.set_status(
            StatusKind::Info,
            "The whole maze is shown: z zooms in to pan",
        );
        return;
    }
    if let Some(screen) = model.screen() {
        let blocks = model.maze_blocks();
        model
            .viewport
            .pan(towards, big, blocks, screen.canvas_size());
    }
}

fn progress(model: &mut Model, id: JobId, done: u64, total: u64) {
    let Some(job) = model.jobs.iter_mut().find(|j| j.id == id) else {
        return;
    };
    (job.done, job.total) = (done, total);
    let path = match &job.kind {
        JobKind::Save { path, .. } | JobKind::Export { path } => path.display().to_string(),
        JobKind::Measure { .. } => return,
    };
    let percent = done * 100 / total.max(1);
    model.set_status(StatusKind::Info, format!("Writing {path}… {percent}%"));
}

fn written(model: &mut Model, id: JobId, outcome: Result<(), String>) {
    let Some(job) = end_job(model, id) else {
        return;
    };
    match (job.kind, outcome) {
        (JobKind::Save { path, seed }, Ok(())) => {
            model.saves.written = true;
            let text = format!("Saved the maze with seed {seed} to {}", path.display());
            model.set_status(StatusKind::Success, text);
        }
        (JobKind::Save { .. }, Err(reason)) => {
            model.set_status(StatusKind::Error, format!("Not saved: {reason}"));
            model.saves.last_failure = Some(reason);
        }
        (JobKind::Export { path }, Ok(())) => model.set_status(
            StatusKind::Success,
            format!("Exported the maze to {}", path.display()),
        ),
        (JobKind::Export { .. }, Err(reason)) => {
            model.set_status(StatusKind::Error, format!("Not exported: {reason}"))
        }
        (JobKind::Measure { .. }, _) => {}
    }
}

fn measured(model: &mut Model, id: JobId, measured: Measured) {
    end_job(model, id);
    // A maze replaced meanwhile refuses another maze's measures.
    model.maze.install(measured);
}

/// Clicks pick themes and focus panes; the wheel pans the canvas or scrolls the theme list.
/// The panes are where [`Model::screen`] puts them: the layout `view` draws.
fn mouse_action(model: &Model, mouse: Mouse) -> Option<Action> {
    let screen = model.screen()?;
    let at = ratatui::layout::Position::new(mouse.column, mouse.row);
    let on_themes = screen.themes.contains(at);
    let on_canvas = screen.canvas_pane.contains(at);
    let wheel = |towards: Dir| {
        Some(Action::Pan {
            towards,
            big: false,
        })
    };
    match mouse.kind {
        MouseKind::LeftPress if on_themes => {
            let row = usize::from(mouse.row - screen.themes.y);
            Some(Action::PickTheme(
                theme_scroll(model.cursor, screen.themes.height) + row,
            ))
        }
        MouseKind::LeftPress | MouseKind::OtherPress if on_canvas => Some(Action::FocusCanvas),
        MouseKind::ScrollUp if on_themes => Some(Action::CursorUp),
        MouseKind::ScrollDown if on_themes => Some(Action::CursorDown),
        MouseKind::ScrollUp if on_canvas => wheel(if mouse.shift { Dir::West } else { Dir::North }),
        MouseKind::ScrollDown if on_canvas => {
            wheel(if mouse.shift { Dir::East } else { Dir::South })
        }
        MouseKind::ScrollLeft if on_canvas => wheel(Dir::West),
        MouseKind::ScrollRight if on_canvas => wheel(Dir::East),
        _ => None,
    }
}
