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
//! - The other **hand-overs** of a big maze that take a pass over every cell are jobs too: the
//!   run loop makes a new maze ([`Effect::Make`]: `r`, `a`) while the old one stays on screen,
//!   starts each search and traces the path it found ([`Effect::Search`]: the maze stays in
//!   [`Phase::Solving`] meanwhile), and frees what the dashboard is done with
//!   ([`Effect::Discard`]: an old maze, a replaced search; freeing gigabytes takes a while).
//! - **Writing** files is an [`Effect::Write`], on a worker too, with progress messages.
//!
//! A frame's steps are a slice the [`Pace`](super::pace::Pace) sizes from how long the last
//! ones took; the run loop's clock, if it gave one ([`Model::set_clock`]), also stops them after
//! [`STEP_TIME_LIMIT`], so steps that suddenly cost more cannot hold up the keys. Only the run
//! loop gives a clock: tests' frames take their whole slice, the same every run.
//!
//! Actions that need the finished, measured maze wait in the model until it is, and run then.
//! Quitting waits for the first maze to be written (the promise that the dashboard leaves the
//! file `--headless` would) and for every write under way, saying so on the status line
//! ("Writing maze.txt… 43%, then quit"); nothing else holds it up. Ctrl-C while it waits leaves
//! at once ([`Effect::Abort`]): the writes are abandoned and their files keep their old content.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::effect::{Effect, MazeOrder, WriteJob};
use super::layout::theme_scroll;
use super::message::{Action, JobId, Message, Mouse, MouseKind, Parcel};
use super::model::{FirstSave, Focus, Job, JobKind, Model, StatusKind};
use super::pace::{CARVING_SECONDS, SOLVING_SECONDS};
use super::view::solver_label;
use super::viewport::Zoom;
use super::{race, timeline};
use mazegen::format::human_bytes;
use mazegen::format::svg::SvgOptions;
use mazegen::format::{Hex, Output, Svg};
use mazegen::memory::{Use, estimated_bytes};
use mazegen::session::{Measured, Phase, Searched};
use mazegen::walk_time;
use mazegen::{Algorithm, Dir, MazeOptions, Session, SessionError};

#[cfg(test)]
mod tests;

/// The longest a frame's steps run, with the run loop's clock: twice the pace's aim (see
/// [`super::pace::SLICE`]), so that with drawing a frame stays well within the 100 ms a key
/// may wait.
pub const STEP_TIME_LIMIT: Duration = Duration::from_millis(50);

/// The steps taken between two looks at the clock: a millisecond or two of the dearest steps,
/// and a look costs tens of nanoseconds.
const STEPS_PER_LOOK: u64 = 16_384;

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    // The inspector takes the messages that are its own, and the keys that mean something
    // else on an opened file.
    let message = match super::inspector::update(model, message) {
        Ok(mut effects) => {
            effects.extend(settle(model));
            return effects;
        }
        Err(message) => message,
    };
    let mut effects = match message {
        Message::Tick(frame) if model.race.is_some() => {
            race::tick(model, frame);
            Vec::new()
        }
        Message::Tick(frame) => {
            super::play::tick(model, frame);
            tick(model, frame)
        }
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
        Message::Searched { job, searched } => {
            self::searched(model, job, searched);
            Vec::new()
        }
        Message::Made { job, made } => {
            self::made(model, job, made);
            Vec::new()
        }
        // Taken by the inspector above.
        Message::Inspector(_) => Vec::new(),
        Message::RaceTimed { job, times } => {
            race::timed(model, job, times);
            Vec::new()
        }
        Message::ScoreRecorded(outcome) => {
            super::play::recorded(model, outcome);
            Vec::new()
        }
        Message::ConfigWritten(outcome) => {
            super::first_run::written(model, outcome);
            Vec::new()
        }
    };
    effects.extend(settle(model));
    effects
}

/// Follows up on whatever changed: asks for a big maze's measuring once it is carved and for
/// its search work when due, writes the first finished maze, runs the actions that waited for
/// it, hands what the model is done with to be freed, and quits once nothing is left to write.
/// Idempotent: calling it again changes nothing.
fn settle(model: &mut Model) -> Vec<Effect> {
    let mut effects: Vec<Effect> = race::settle(model).into_iter().collect();
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
    if let Some(work) = model.maze.search_job() {
        let asked = model
            .jobs
            .iter()
            .any(|j| matches!(&j.kind, JobKind::Search { work: asked } if asked.is(&work)));
        if !asked {
            let job = start_job(model, JobKind::Search { work: work.clone() });
            effects.push(Effect::Search { job, work });
        }
    }
    if model.finishing && model.phase() == Phase::Done {
        model.finishing = false;
        if !is_ready(model) {
            let text = format!("Measuring the maze…{}", then_text(model));
            model.set_status(StatusKind::Info, text);
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
    let garbage = model.maze.take_garbage();
    model.garbage.extend(garbage);
    if !model.garbage.is_empty() {
        let garbage = std::mem::take(&mut model.garbage);
        effects.push(Effect::Discard(Parcel::new(garbage)));
    }
    // Quitting waits for nothing but writes: not for a measure, a search or a new maze, whose
    // results nobody would see, nor for the animation a finish speeds up.
    let idle = model.first_save == FirstSave::Requested
        && !model.jobs.iter().any(|j| j.kind.is_write())
        && model.waiting.is_empty();
    if model.quitting && idle {
        model.quitting = false;
        effects.push(Effect::Quit);
    }
    effects
}

/// Whether the maze is finished and measured, so it can be written. Not while a new maze is
/// being made: the one shown is not the one the user asked for any more.
fn is_ready(model: &Model) -> bool {
    model.maze.maze().is_some() && !model.is_making() && !model.stand_in
}

/// Keeps `action` until the maze is finished and measured, finishing it if need be.
pub(super) fn wait_for_the_maze(model: &mut Model, action: Action) {
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
    if model.stand_in {
        return Vec::new();
    }
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
    let kind = model.maze.step_kind();
    let taken = advance_for_a_while(model, budget);
    model.replay.observe(&model.maze);
    model.pace.record(taken, frame);
    after_progress(model, phase);
    if model.maze.step_kind() != kind {
        // `advance` stopped there: the next steps may cost more than this slice's.
        model.pace.new_kind_of_step();
    }
    // A write's progress, if one is under way, says more than the finish's.
    let writing = model.jobs.iter().any(|j| j.kind.is_write());
    if model.finishing && model.phase() != Phase::Done && !writing {
        let text = finishing_text(model);
        model.set_status(StatusKind::Info, text);
    }
    Vec::new()
}

/// Takes up to `budget` steps of the maze, as [`Session::advance`] does, but stops after
/// [`STEP_TIME_LIMIT`] by the run loop's clock, if there is one; returns the steps taken.
fn advance_for_a_while(model: &mut Model, budget: u64) -> u64 {
    let Some(clock) = model.clock else {
        return model.maze.advance(budget);
    };
    let deadline = clock() + STEP_TIME_LIMIT;
    let mut taken = 0;
    while taken < budget {
        let chunk = (budget - taken).min(STEPS_PER_LOOK);
        let done = model.maze.advance(chunk);
        taken += done;
        // Fewer than asked: the maze is done, or the kind of step changed (the pace sizes
        // the next slice for it).
        if done < chunk || clock() >= deadline {
            break;
        }
    }
    taken
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
    text.push_str(&then_text(model));
    text
}

/// ", then save, quit (Ctrl-C: quit now)": what waits for the maze, and whether quitting does.
fn then_text(model: &Model) -> String {
    let mut then: Vec<&str> = model
        .waiting
        .iter()
        .filter_map(|a| waiting_label(*a))
        .collect();
    if model.quitting {
        then.push("quit");
    }
    match then.is_empty() {
        true => String::new(),
        false => format!(", then {}{}", then.join(", "), quit_now_hint(model)),
    }
}

/// What a second Ctrl-C does while quitting waits (see [`Action::Interrupt`]).
fn quit_now_hint(model: &Model) -> &'static str {
    if model.quitting {
        " (Ctrl-C: quit now)"
    } else {
        ""
    }
}

/// "Writing maze.txt… 43%": the first write under way, if any.
fn writing_text(model: &Model) -> Option<String> {
    model.jobs.iter().find_map(|job| match &job.kind {
        JobKind::Save { path, .. } | JobKind::Export { path } => {
            let percent = job.done * 100 / job.total.max(1);
            Some(format!("Writing {}… {percent}%", path.display()))
        }
        _ => None,
    })
}

/// What quitting waits for, for the status line: the write under way, the finish or the
/// measure the first save needs. `None` if it waits for nothing (it quits).
fn quitting_text(model: &Model) -> Option<String> {
    if let Some(text) = writing_text(model) {
        return Some(format!("{text}, then quit{}", quit_now_hint(model)));
    }
    if model.finishing && model.phase() != Phase::Done {
        return Some(finishing_text(model));
    }
    let first_pending = model.first_save == FirstSave::Pending;
    if model.is_making() && (first_pending || !model.waiting.is_empty()) {
        return Some(making_text(model));
    }
    if (first_pending || !model.waiting.is_empty()) && !is_ready(model) {
        return Some(format!("Measuring the maze…{}", then_text(model)));
    }
    None
}

/// What `action` is called in ", then save, export": `None` for finishing, which the text
/// says already.
fn waiting_label(action: Action) -> Option<&'static str> {
    match action {
        Action::Save => Some("save"),
        Action::Export => Some("export"),
        Action::Regenerate => Some("new maze"),
        Action::NextAlgorithm => Some("next algorithm"),
        Action::TogglePlay => Some("play"),
        Action::Finish => None,
        _ => Some("more"),
    }
}

/// "Making the 10000x10000 prim maze, seed 7…, then save": the new maze under way.
fn making_text(model: &Model) -> String {
    let (algorithm, seed) = next_maze(model);
    let (width, height) = (model.config.width, model.config.height);
    format!(
        "Making the {width}x{height} {algorithm} maze, seed {seed}…{}",
        then_text(model)
    )
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
pub(super) fn finish(model: &mut Model) -> Vec<Effect> {
    if model.stand_in {
        // Nothing to finish: the maze being made is finished once it shows, if asked to be.
        return Vec::new();
    }
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
    if super::play::refuses(model, action) || timeline::act(model, action) {
        return Vec::new();
    }
    if model.stand_in && without_a_maze(model, action) {
        return Vec::new();
    }
    match action {
        Action::TogglePlay | Action::LeavePlay | Action::ToggleFog | Action::Walk { .. } => {
            super::play::act(model, action)
        }
        // Nothing in the model changes; the run loop owns the terminal.
        Action::Suspend => vec![Effect::Suspend],
        Action::Quit => {
            // Settling quits once the first maze is written and nothing else is being.
            model.quitting = true;
            let effects = complete_first(model);
            if let Some(text) = quitting_text(model) {
                model.set_status(StatusKind::Info, text);
            }
            effects
        }
        // Asked again while quitting waits: the user will not wait.
        Action::Interrupt if model.quitting => vec![Effect::Abort],
        Action::Interrupt => act(model, Action::Quit),
        // Meant for the maze being made, not the one still shown: done once it is there.
        Action::Save | Action::Export | Action::Finish if model.is_making() => {
            if !model.waiting.contains(&action) {
                model.waiting.push(action);
            }
            let text = making_text(model);
            model.set_status(StatusKind::Info, text);
            Vec::new()
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
        // Taken by the inspector before they get here.
        Action::OpenFile | Action::NextProblem | Action::PreviousProblem => Vec::new(),
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
        Action::WriteConfig => super::first_run::write(model),
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
    let mut effects = complete_first(model);
    if model.first_save == FirstSave::Pending {
        wait_for_the_maze(model, Action::Regenerate);
        return effects;
    }
    let seed = model.seeds.next_u64();
    let (algorithm, _) = next_maze(model);
    effects.extend(replace_maze(
        model,
        algorithm,
        seed,
        format!("New maze, seed {seed}"),
    ));
    effects
}

/// The algorithm and seed of the maze shown next: the one being made, if any, else the one
/// shown. `r` and `a` start from it, so that pressing them while a maze is being made does what
/// it would once the maze is shown.
fn next_maze(model: &Model) -> (Algorithm, u64) {
    let making = model.jobs.iter().rev().find_map(|j| match &j.kind {
        JobKind::Make {
            algorithm, seed, ..
        } => Some((*algorithm, *seed)),
        _ => None,
    });
    making.unwrap_or((model.config.algorithm, model.maze.options().seed))
}

/// The same seed carved by the next algorithm, so the two can be compared.
fn next_algorithm(model: &mut Model) -> Vec<Effect> {
    let mut effects = complete_first(model);
    if model.first_save == FirstSave::Pending {
        wait_for_the_maze(model, Action::NextAlgorithm);
        return effects;
    }
    let (current, seed) = next_maze(model);
    let (algorithm, skipped) = next_algorithm_that_fits(model, current);
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
    effects.extend(replace_maze(model, algorithm, seed, text));
    effects
}

/// Why `a` passed over an algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Skipped {
    Memory,
    Time,
}

/// The algorithm after `current` whose maze of this size fits the memory limit and is not a
/// random walk estimated to take over a minute, and the ones passed over because they would
/// not, with why (`current` ends the search).
fn next_algorithm_that_fits(
    model: &Model,
    current: Algorithm,
) -> (Algorithm, Vec<(Algorithm, Skipped)>) {
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

/// Starts animating a new maze from the config with `algorithm` and `seed`, saying `text`
/// once it is shown. A big one is made by a job ([`Effect::Make`]) while the old one stays on
/// screen; a maze still being made for an earlier request is of no use any more.
fn replace_maze(model: &mut Model, algorithm: Algorithm, seed: u64, text: String) -> Vec<Effect> {
    let mut order = MazeOrder {
        config: mazegen::config::Config {
            algorithm,
            ..model.config.clone()
        },
        seed,
        solver: model.maze.solver(),
        inline_cells: model.inline_cells,
        frees_first: Parcel::new(Vec::new()),
    };
    let (width, height) = (order.config.width, order.config.height);
    if u64::from(width) * u64::from(height) <= model.inline_cells {
        show_made(model, order.run(), algorithm, text);
        return Vec::new();
    }
    forget_jobs(model, |kind| matches!(kind, JobKind::Make { .. }));
    put_away(model, algorithm, seed);
    // The worker frees the old maze before it makes the new one.
    order.frees_first = Parcel::new(std::mem::take(&mut model.garbage));
    let job = start_job(
        model,
        JobKind::Make {
            algorithm,
            seed,
            text,
        },
    );
    let text = making_text(model);
    model.set_status(StatusKind::Info, text);
    vec![Effect::Make { job, order }]
}

/// Starts making the dashboard's first maze, a big one, by a job (see [`Model::launch`]); the
/// model holds a stand-in meanwhile. The start's warnings stay on the status line, and are
/// said again once the maze shows.
pub(super) fn make_first_maze(model: &mut Model) -> Vec<Effect> {
    let warning = model.status.take();
    let (algorithm, seed) = (model.config.algorithm, model.seed());
    let text = warning
        .as_ref()
        .map_or_else(String::new, |w| w.text.clone());
    let effects = replace_maze(model, algorithm, seed, text);
    if warning.is_some() {
        model.status = warning;
    }
    effects
}

/// Puts the maze shown away (to be freed) while a big new one, of `algorithm` and `seed`, is
/// made: the dashboard holds one maze's memory at a time, as `--headless` does. A small
/// stand-in of that algorithm and seed holds its place, for the sidebar's facts; nothing draws,
/// carves, solves or writes it. The old maze's writes keep their own hold on it and end.
fn put_away(model: &mut Model, algorithm: Algorithm, seed: u64) {
    if model.stand_in {
        return;
    }
    let Ok(stand_in) = super::model::stand_in(&model.config, algorithm, seed, model.maze.solver())
    else {
        // The stand-in is a small valid maze: keep the old one if it ever could not be made.
        return;
    };
    let old = swap_maze(model, stand_in);
    model.garbage.push(Box::new(old));
    model.stand_in = true;
}

/// Puts `maze` in the place of the maze shown and ends what belonged to the old one, which it
/// returns: its replay, its game (a round is played on one maze), a finish under way, and its
/// measuring and search jobs, of no use now (nothing waits for them, not even quitting; their
/// results will be refused).
fn swap_maze(model: &mut Model, maze: Session) -> Session {
    let old = std::mem::replace(&mut model.maze, maze);
    model.replay.reset();
    model.finishing = false;
    model.play.round = None;
    forget_jobs(model, |kind| {
        matches!(kind, JobKind::Measure { .. } | JobKind::Search { .. })
    });
    old
}

/// While a stand-in holds the place of the maze (see [`put_away`]), the actions on the maze
/// wait for the new one (saving, exporting, finishing: as usual while one is made) or are
/// refused with a word on the status line; `true` if `action` was refused.
fn without_a_maze(model: &mut Model, action: Action) -> bool {
    match action {
        Action::Save | Action::Export | Action::Finish if model.is_making() => false,
        Action::Save
        | Action::Export
        | Action::Finish
        | Action::Step
        | Action::NextSolver
        | Action::TogglePlay
        | Action::Scrub(_)
        | Action::Race => {
            let text = if model.is_making() {
                making_text(model)
            } else {
                no_maze_text(model)
            };
            model.set_status(StatusKind::Info, text);
            true
        }
        _ => false,
    }
}

/// "No maze: r makes a new one", after a new maze could not be made.
pub(super) fn no_maze_text(model: &Model) -> String {
    match model.keymap().first_key_label(Action::Regenerate) {
        Some(key) => format!("No maze: {key} makes a new one"),
        None => "No maze".to_owned(),
    }
}

/// Shows the new maze `made`, of `algorithm`, saying `text`; or says why there is none.
fn show_made(
    model: &mut Model,
    made: Result<Session, SessionError>,
    algorithm: Algorithm,
    text: String,
) {
    let maze = match made {
        Ok(maze) => maze,
        Err(e) => {
            if model.stand_in {
                // What waited for the new maze has nothing to act on.
                model.waiting.clear();
                model.finishing = false;
            }
            if model.first_save == FirstSave::Pending {
                // The first maze could not be made: there is nothing to write, and leaving
                // says why OUTPUT_FILE was not written (exit 1), as a failed first save does.
                model.first_save = FirstSave::Requested;
                let output = model.config.output_file.display().to_string();
                model.saves.last_failure = Some(format!("{output} was not written: {e}"));
            }
            model.set_status(StatusKind::Error, format!("Cannot make a new maze: {e}"));
            return;
        }
    };
    let old = swap_maze(model, maze);
    model.stand_in = false;
    if old.grid().cell_count() as u64 > model.inline_cells {
        model.garbage.push(Box::new(old));
    }
    model.config.algorithm = algorithm;
    model.pace.restart();
    if model.pace.is_paused() {
        model.pace.toggle_pause();
    }
    if text.is_empty() {
        // The first maze, with nothing to say: the status line's hint says what to do.
        model.status = None;
    } else {
        model.set_status(StatusKind::Info, text);
    }
    let first_awaited = model.quitting && model.first_save == FirstSave::Pending;
    if !model.waiting.is_empty() || first_awaited {
        // Saving, exporting or finishing was asked for while it was being made, or quitting
        // waits for the first maze to be written.
        model.finishing = true;
        let text = finishing_text(model);
        model.set_status(StatusKind::Info, text);
    }
}

/// Stops keeping track of the jobs of these kinds: their results will find no job and be
/// thrown away. What they hold (an old maze, maybe the last hold on it) is garbage.
fn forget_jobs(model: &mut Model, forget: impl Fn(&JobKind) -> bool) {
    let (forgotten, kept) = std::mem::take(&mut model.jobs)
        .into_iter()
        .partition(|j| forget(&j.kind));
    model.jobs = kept;
    let forgotten: Vec<Job> = forgotten;
    if !forgotten.is_empty() {
        model.garbage.push(Box::new(forgotten));
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
        _ => return,
    };
    let percent = done * 100 / total.max(1);
    let then = match model.quitting {
        true => format!(", then quit{}", quit_now_hint(model)),
        false => String::new(),
    };
    model.set_status(
        StatusKind::Info,
        format!("Writing {path}… {percent}%{then}"),
    );
}

fn written(model: &mut Model, id: JobId, outcome: Result<(), String>) {
    let Some(job) = end_job(model, id) else {
        return;
    };
    match (job.kind, outcome) {
        (JobKind::Save { path, seed }, Ok(())) => {
            model.saves.written = true;
            let text = format!(
                "Saved the maze with seed {seed} to {}{}",
                path.display(),
                super::first_run::saved_hint(model)
            );
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
        (JobKind::Measure { .. } | JobKind::Search { .. } | JobKind::Make { .. }, _) => {}
    }
}

fn measured(model: &mut Model, id: JobId, measured: Measured) {
    end_job(model, id);
    // A maze replaced meanwhile refuses another maze's measures.
    model.maze.install(measured);
}

fn searched(model: &mut Model, id: JobId, searched: Searched) {
    let started = end_job(model, id)
        .is_some_and(|j| matches!(j.kind, JobKind::Search { work } if work.is_start()));
    let before = model.phase();
    // A maze replaced meanwhile, or a solver picked since, refuses it.
    if model.maze.install_search(searched) {
        if started {
            // A new search: its steps cost what they cost, not what the last phase's did.
            model.pace.new_kind_of_step();
        }
        after_progress(model, before);
    }
}

fn made(model: &mut Model, id: JobId, made: Parcel<Result<Session, SessionError>>) {
    let job = end_job(model, id);
    let Some(made) = made.take() else {
        return;
    };
    match job.map(|j| j.kind) {
        Some(JobKind::Make {
            algorithm, text, ..
        }) => show_made(model, made, algorithm, text),
        // Asked for before another new maze: of no use.
        _ => model.garbage.push(Box::new(made)),
    }
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
