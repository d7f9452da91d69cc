//! The carving studio's answers: its frames, its keys (save, export, finish, a new maze, the
//! next solver, the path, a step), its jobs' results, and what settles after each message.
//! Each takes the studio's own state ([`Studio`]), the [`Shared`] parts and, where it needs
//! them, a [`Stage`]: what it reads of the rest of the dashboard, and what it asks of the root
//! (a replaced maze, a new maze's algorithm for the config), never the whole `Model`.
//! No terminal, no files, no clock: time arrives in `Tick`, and anything that touches the
//! outside world is returned as an [`Effect`].
//!
//! No message takes long to handle, whatever the maze's size, so the dashboard answers every
//! key at once:
//!
//! - **Finishing** (`Enter`, and whatever needs the maze finished: save, export, quit, a new
//!   maze before the first is written) is done at once for a small maze. A big one (more than
//!   [`INLINE_CELLS`](super::INLINE_CELLS) cells) is *finished in slices*: each `Tick`
//!   takes as many steps as fit in a few milliseconds (the [`Pace`](crate::tui::pace::Pace)'s
//!   slice), the status line says how far it is, and keys keep working in between. The maze
//!   stays in the studio all along, so the screen keeps showing it.
//! - **Measuring** a big maze (its shortest path and statistics: whole-maze passes that cannot
//!   be cut in slices) is an [`Work::Measure`] the run loop runs on a worker thread, asked for
//!   as soon as carving ends, so it overlaps the animated search.
//! - The other **hand-overs** of a big maze that take a pass over every cell are jobs too: the
//!   run loop makes a new maze ([`Work::Make`]: `r`, `a`) while the old one stays on screen,
//!   starts each search and traces the path it found ([`Work::Search`]: the maze stays in
//!   [`Phase::Solving`] meanwhile), and frees what the dashboard is done with
//!   ([`Work::Discard`]: an old maze, a replaced search; freeing gigabytes takes a while).
//! - **Writing** files is an [`Work::Write`], on a worker too, with progress messages.
//!
//! A frame's steps are a slice the [`Pace`](crate::tui::pace::Pace) sizes from how long the last
//! ones took; the run loop's clock, if it gave one ([`Model::set_clock`](crate::tui::Model::set_clock)), also stops them after
//! [`STEP_TIME_LIMIT`], so steps that suddenly cost more cannot hold up the keys. Only the run
//! loop gives a clock: tests' frames take their whole slice, the same every run.
//!
//! Actions that need the finished, measured maze wait in the studio until it is, and run then.
//! Quitting waits for the first maze to be written (the promise that the dashboard leaves the
//! file `--headless` would) and for every write under way, saying so on the status line
//! ("Writing maze.txt… 43%, then quit"); nothing else holds it up. Ctrl-C while it waits leaves
//! at once ([`Effect::Abort`]): the writes are abandoned and their files keep their old content.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::{FirstSave, Held, Job, JobKind, Studio, first_run};
use crate::tui::context::Shared;
use crate::tui::effect::{Effect, MazeOrder, Work, WriteJob};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::handoff::Parcel;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::memory::{Holder, estimated_bytes};
use crate::tui::kernel::status::StatusKind;
use crate::tui::kernel::walk_time;
use crate::tui::keymap::Keymap;
use crate::tui::pace::{CARVING_SECONDS, SOLVING_SECONDS};
use crate::tui::text::solver_label;
use crate::tui::theme::Theme;
use mazegen::Algorithm;
use mazegen::Solver;
use mazegen::config::Config;
use mazegen::format::export::ExportOptions;
use mazegen::format::human_bytes;
use mazegen::format::{Hex, Output};
use mazegen::session::{JobOutcome, Phase};
use mazegen::session::{Session, SessionError};
use rand::Rng;

/// What the studio reads of the rest of the dashboard while it answers, and what it asks of
/// the root in return (the root builds it and acts on the asks once the studio has answered:
/// see `update::studying`).
pub struct Stage<'a> {
    /// The theme shown: an export's colours.
    pub theme: &'a Theme,
    /// The most memory a maze may take (see [`Start::memory_limit`](crate::tui::Start)): `a`
    /// passes over the algorithms whose maze would need more.
    pub memory_limit: Option<u64>,
    /// A round of play is on: a write's message keeps its keys on the status line.
    pub playing: bool,
    /// Asked: the studio's maze was replaced, so what the other modes held of the old one
    /// ends (the replay's timeline and moment, play's round).
    pub replaced: bool,
    /// Asked: a new maze of this algorithm is shown, so the config's algorithm (what `a`,
    /// `R` and the algorithm list start from) becomes it.
    pub algorithm: Option<Algorithm>,
}

/// The longest a frame's steps run, with the run loop's clock: twice the pace's aim (see
/// [`crate::tui::pace::SLICE`]), so that with drawing a frame stays well within the 100 ms a key
/// may wait.
pub const STEP_TIME_LIMIT: Duration = Duration::from_millis(50);

/// The steps taken between two looks at the clock: a millisecond or two of the dearest steps,
/// and a look costs tens of nanoseconds.
pub(crate) const STEPS_PER_LOOK: u64 = 16_384;

/// Follows up on the studio's maze: asks for a big maze's measuring once it is carved and for
/// its search work when due, says when a finish is measuring, and once the maze is ready writes
/// the first one. Returns the effects, and the actions that waited for the maze and are ready
/// to run now (the root routes them; see [`crate::tui::update()`]).
pub(crate) fn settle(studio: &mut Studio, shared: &mut Shared) -> (Vec<Effect>, Vec<Action>) {
    let mut effects = Vec::new();
    for work in studio.session.jobs() {
        if work.measures() {
            let asked = studio.jobs.iter().any(
                |j| matches!(&j.kind, JobKind::Measure { maze } if Arc::ptr_eq(maze, work.maze())),
            );
            if !asked {
                let job = start_job(
                    studio,
                    shared,
                    JobKind::Measure {
                        maze: Arc::clone(work.maze()),
                    },
                );
                effects.push(Effect::Work(Work::Measure { job, work }));
            }
            continue;
        }
        let asked = studio
            .jobs
            .iter()
            .any(|j| matches!(&j.kind, JobKind::Search { work: asked } if asked.is(&work)));
        if !asked {
            let job = start_job(studio, shared, JobKind::Search { work: work.clone() });
            effects.push(Effect::Work(Work::Search { job, work }));
        }
    }
    if studio.finishing && studio.phase() == Phase::Done {
        studio.finishing = false;
        if !is_ready(studio) {
            let text = format!("Measuring the maze…{}", then_text(studio));
            shared.set_status(StatusKind::Info, text);
        }
    }
    if is_ready(studio) {
        if studio.first_save == FirstSave::Owed {
            studio.first_save = FirstSave::NotOwed;
            effects.extend(save(studio, shared));
        }
        return (effects, std::mem::take(&mut studio.waiting));
    }
    (effects, Vec::new())
}

/// The end of settling, after the ready actions ran: hands what the studio is done with to be
/// freed, and quits once nothing is left to write.
pub(crate) fn settled(studio: &mut Studio) -> Vec<Effect> {
    let mut effects = Vec::new();
    let garbage = studio.session.take_garbage();
    studio.garbage.extend(garbage);
    if !studio.garbage.is_empty() {
        let garbage = std::mem::take(&mut studio.garbage);
        effects.push(Effect::Work(Work::Discard(Parcel::new(garbage))));
    }
    // Quitting waits for nothing but writes: not for a measure, a search or a new maze, whose
    // results nobody would see, nor for the animation a finish speeds up.
    let idle = studio.first_save == FirstSave::NotOwed
        && !studio.jobs.iter().any(|j| j.kind.is_write())
        && studio.waiting.is_empty();
    if studio.quitting && idle {
        studio.quitting = false;
        effects.push(Effect::Quit);
    }
    effects
}

/// Whether the maze is finished and measured, so it can be written. Not while a new maze is
/// being made: the one shown is not the one the user asked for any more.
pub(crate) fn is_ready(studio: &Studio) -> bool {
    studio.session.maze().is_some() && !studio.is_making() && !studio.showing_stand_in
}

/// Keeps `action` until the maze is finished and measured, finishing it if need be.
pub(crate) fn wait_for_the_maze(studio: &mut Studio, action: Action) {
    if !studio.waiting.contains(&action) {
        studio.waiting.push(action);
    }
    if studio.phase() != Phase::Done {
        studio.finishing = true;
    }
}

fn start_job(studio: &mut Studio, shared: &mut Shared, kind: JobKind) -> JobId {
    let id = shared.new_job_id(Owner::Studio);
    studio.jobs.push(Job {
        id,
        kind,
        done: 0,
        total: 0,
    });
    id
}

fn end_job(studio: &mut Studio, id: JobId) -> Option<Job> {
    let at = studio.jobs.iter().position(|j| j.id == id)?;
    Some(studio.jobs.remove(at))
}

/// A frame of the animation: carves or solves the frame's slice of steps. Returns whether
/// the maze moved on, so that the replay's timeline observes it (the root sees to it).
pub(crate) fn tick(studio: &mut Studio, shared: &mut Shared, frame: Duration) -> bool {
    if studio.showing_stand_in {
        return false;
    }
    let phase = studio.session.phase();
    let seconds = match phase {
        Phase::Carving => CARVING_SECONDS,
        Phase::Solving => SOLVING_SECONDS,
        Phase::Done => return false,
    };
    let budget = if studio.finishing {
        shared.pace.slice()
    } else {
        shared
            .pace
            .budget(frame, studio.session.estimated_steps(phase), seconds)
    };
    let kind = studio.session.step_kind();
    let taken = advance_for_a_while(studio, budget);
    shared.pace.record(taken, frame);
    after_progress(studio, shared, phase);
    if studio.session.step_kind() != kind {
        // `advance` stopped there: the next steps may cost more than this slice's.
        shared.pace.new_kind_of_step();
    }
    // A write's progress, if one is under way, says more than the finish's.
    let writing = studio.jobs.iter().any(|j| j.kind.is_write());
    if studio.finishing && studio.phase() != Phase::Done && !writing {
        let text = finishing_text(studio);
        shared.set_status(StatusKind::Info, text);
    }
    true
}

/// Takes up to `budget` steps of the maze, as [`Session::advance`] does, but stops after
/// [`STEP_TIME_LIMIT`] by the run loop's clock, if there is one; returns the steps taken.
fn advance_for_a_while(studio: &mut Studio, budget: u64) -> u64 {
    let Some(clock) = studio.clock else {
        return studio.session.advance(budget);
    };
    let deadline = clock() + STEP_TIME_LIMIT;
    let mut taken = 0;
    while taken < budget {
        let chunk = (budget - taken).min(STEPS_PER_LOOK);
        let done = studio.session.advance(chunk);
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
fn finishing_text(studio: &Studio) -> String {
    let maze = &studio.session;
    let (visited, open) = maze.carving_progress();
    let percent = |done: u64| done * 100 / open.max(1);
    let mut text = match maze.phase() {
        Phase::Carving if maze.is_linking() || maze.is_braiding() => {
            "Finishing: carving 100%".to_owned()
        }
        Phase::Carving => format!("Finishing: carving {}%", percent(visited)),
        _ => format!("Finishing: solving {}%", percent(maze.searched()).min(99)),
    };
    text.push_str(&then_text(studio));
    text
}

/// ", then save, quit (Ctrl-C: quit now)": what waits for the maze, and whether quitting does.
fn then_text(studio: &Studio) -> String {
    let mut then: Vec<&str> = studio
        .waiting
        .iter()
        .filter_map(|a| waiting_label(*a))
        .collect();
    if studio.quitting {
        then.push("quit");
    }
    match then.is_empty() {
        true => String::new(),
        false => format!(", then {}{}", then.join(", "), quit_now_hint(studio)),
    }
}

/// What a second Ctrl-C does while quitting waits (see [`Action::Interrupt`]).
fn quit_now_hint(studio: &Studio) -> &'static str {
    if studio.quitting {
        " (Ctrl-C: quit now)"
    } else {
        ""
    }
}

/// "Writing maze.txt… 43%": the first write under way, if any.
fn writing_text(studio: &Studio) -> Option<String> {
    studio.jobs.iter().find_map(|job| match &job.kind {
        JobKind::Save { path, .. } | JobKind::Export { path } => {
            let percent = job.done * 100 / job.total.max(1);
            Some(format!("Writing {}… {percent}%", path.display()))
        }
        _ => None,
    })
}

/// What quitting waits for, for the status line: the write under way, the finish or the
/// measure the first save needs. `None` if it waits for nothing (it quits).
pub(crate) fn quitting_text(studio: &Studio, config: &Config) -> Option<String> {
    if let Some(text) = writing_text(studio) {
        return Some(format!("{text}, then quit{}", quit_now_hint(studio)));
    }
    if studio.finishing && studio.phase() != Phase::Done {
        return Some(finishing_text(studio));
    }
    let first_pending = studio.first_save == FirstSave::Owed;
    if studio.is_making() && (first_pending || !studio.waiting.is_empty()) {
        return Some(making_text(studio, config));
    }
    if (first_pending || !studio.waiting.is_empty()) && !is_ready(studio) {
        return Some(format!("Measuring the maze…{}", then_text(studio)));
    }
    None
}

/// What `action` is called in ", then save, export": `None` for finishing, which the text
/// says already.
fn waiting_label(action: Action) -> Option<&'static str> {
    match action {
        Action::Save => Some("save"),
        Action::WriteExport => Some("export"),
        Action::Regenerate => Some("new maze"),
        Action::NextAlgorithm => Some("next algorithm"),
        Action::UseAlgorithm(_) => Some("new algorithm"),
        Action::TogglePlay => Some("play"),
        Action::Finish => None,
        _ => Some("more"),
    }
}

/// "Making the 10000x10000 prim maze, seed 7…, then save": the new maze under way.
fn making_text(studio: &Studio, config: &Config) -> String {
    let (algorithm, seed) = next_maze(studio, config);
    let (width, height) = (config.width, config.height);
    format!(
        "Making the {width}x{height} {algorithm} maze, seed {seed}…{}",
        then_text(studio)
    )
}

/// Follows up on steps taken from `before`: a new phase restarts the pace meter.
fn after_progress(studio: &mut Studio, shared: &mut Shared, before: Phase) {
    if studio.session.phase() != before {
        shared.pace.restart();
    }
    report_failure(studio, shared);
}

/// A maze whose carving was refused its memory (`Session::failure`) stops there, unfinished:
/// the animation pauses, what waited for the maze is dropped, and the status line says why,
/// as for a maze that could not be made at all; leaving says OUTPUT_FILE was not written. A
/// search refused its memory stops too, the status line saying why; picking a solver tries
/// again.
fn report_failure(studio: &mut Studio, shared: &mut Shared) {
    let Some(failure) = studio.session.failure().map(ToString::to_string) else {
        return;
    };
    if shared.pace.is_paused() && !studio.finishing {
        // Said already: stepping it (`n`) takes no step.
        return;
    }
    if !shared.pace.is_paused() {
        shared.pace.toggle_pause();
    }
    if studio.session.phase() == Phase::Solving {
        // The watched search's: the maze is whole, measured and saved apart from it.
        let solver = solver_label(studio.session.solver());
        studio.finishing = false;
        shared.set_status(StatusKind::Error, format!("Solver {solver}: {failure}"));
        return;
    }
    give_up_on_the_maze(studio, shared, &failure);
    shared.set_status(
        StatusKind::Error,
        format!("Cannot make a new maze: {failure}"),
    );
}

/// The maze will never be finished or measured, for `reason`: what waited for it is dropped,
/// and a first save still owed will not happen, so leaving says OUTPUT_FILE was not written.
fn give_up_on_the_maze(studio: &mut Studio, shared: &Shared, reason: &str) {
    studio.waiting.clear();
    studio.finishing = false;
    if studio.first_save == FirstSave::Owed {
        studio.first_save = FirstSave::NotOwed;
        let output = shared.config.output_file.display().to_string();
        studio.saves.last_failure = Some(format!("{output} was not written: {reason}"));
    }
}

/// A request to write the current, finished maze to OUTPUT_FILE.
fn save(studio: &mut Studio, shared: &mut Shared) -> Option<Effect> {
    let maze = Arc::clone(studio.session.maze()?);
    if maze.known_solution().flatten().is_none() {
        let text = format!(
            "Not saved: no path from {} to {}",
            maze.entry(),
            maze.exit()
        );
        shared.set_status(StatusKind::Error, text);
        return None;
    }
    let path = shared.config.output_file.clone();
    let kind = JobKind::Save {
        path: path.clone(),
        seed: maze.seed(),
        algorithm: studio.session.options().algorithm,
        maze: studio.saves.studio_maze(),
    };
    let job = start_job(studio, shared, kind);
    Some(Effect::Work(Work::Write(WriteJob {
        job,
        maze,
        outputs: vec![Output::file(Hex, path)],
    })))
}

/// A request to write the export the list picked ([`Studio::export_format`]) of the current,
/// finished maze next to OUTPUT_FILE (same folder and stem), with the theme's colours and the
/// path if it is shown. Refused on the status line when it would replace OUTPUT_FILE or the
/// config, or when the maze is too large for it: the same checks as the command line's.
fn export(studio: &mut Studio, shared: &mut Shared, theme: &Theme) -> Option<Effect> {
    let maze = Arc::clone(
        studio
            .session
            .maze()
            .expect("exported once finished and measured"),
    );
    let options = ExportOptions {
        style: theme.svg_style(),
        show_path: studio.show_path,
        ..ExportOptions::default()
    };
    let output = studio.export_format.output(
        &maze,
        &shared.config.output_file,
        studio.config_file.as_deref(),
        &options,
    );
    let output = match output {
        Ok(output) => output,
        Err(reason) => {
            shared.set_status(StatusKind::Error, format!("Not exported: {reason}"));
            return None;
        }
    };
    let path = output.path().expect("an export is a file").to_owned();
    let job = start_job(studio, shared, JobKind::Export { path });
    Some(Effect::Work(Work::Write(WriteJob {
        job,
        maze,
        outputs: vec![output],
    })))
}

/// Finishes the maze: at once if it is small, else in slices over the next ticks. Settles the
/// studio right away, so that the first maze's save comes before what the caller adds.
pub(crate) fn finish(studio: &mut Studio, shared: &mut Shared) -> Vec<Effect> {
    if studio.showing_stand_in {
        // Nothing to finish: the maze being made is finished once it shows, if asked to be.
        return Vec::new();
    }
    let before = studio.session.phase();
    if before == Phase::Done {
        return Vec::new();
    }
    if studio.is_big() {
        studio.finishing = true;
        let text = finishing_text(studio);
        shared.set_status(StatusKind::Info, text);
        return Vec::new();
    }
    studio.session.finish();
    after_progress(studio, shared, before);
    // The actions that waited for the maze run when the root settles, after this message.
    let (effects, ready) = settle(studio, shared);
    studio.waiting = ready;
    effects
}

/// Finishes and saves the first maze if that has not happened yet: leaving it, by quitting or
/// by regenerating, must not cost the user the OUTPUT_FILE a headless run would have written.
pub(crate) fn complete_first(studio: &mut Studio, shared: &mut Shared) -> Vec<Effect> {
    match studio.first_save {
        FirstSave::Owed => finish(studio, shared),
        FirstSave::NotOwed => Vec::new(),
    }
}

/// The studio's own actions: save, export, finish, a new maze, the next algorithm or solver,
/// the path, a step. Others do nothing here.
pub(crate) fn act(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    action: Action,
) -> Vec<Effect> {
    match action {
        // Meant for the maze being made, not the one still shown: done once it is there.
        Action::Save | Action::WriteExport | Action::Finish if studio.is_making() => {
            if !studio.waiting.contains(&action) {
                studio.waiting.push(action);
            }
            let text = making_text(studio, shared.config);
            shared.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::Save => {
            let first_pending = studio.first_save == FirstSave::Owed;
            let mut effects = finish(studio, shared);
            if first_pending {
                // The first maze's own save writes it, now or once it is finished.
            } else if is_ready(studio) {
                effects.extend(save(studio, shared));
            } else {
                wait_for_the_maze(studio, action);
            }
            effects
        }
        Action::WriteExport => {
            let mut effects = finish(studio, shared);
            if is_ready(studio) {
                effects.extend(export(studio, shared, stage.theme));
            } else {
                wait_for_the_maze(studio, action);
            }
            effects
        }
        Action::Finish => finish(studio, shared),
        Action::Regenerate => regenerate(studio, shared, stage),
        Action::NextAlgorithm => next_algorithm(studio, shared, stage),
        Action::UseAlgorithm(algorithm) => use_algorithm(studio, shared, stage, algorithm),
        Action::NextSolver => solve_with(studio, shared, studio.session.solver().next()),
        Action::UseSolver(solver) => solve_with(studio, shared, solver),
        Action::TogglePath => {
            studio.show_path = !studio.show_path;
            let text = match (studio.show_path, studio.session.phase()) {
                (false, _) => "Path hidden",
                (true, Phase::Done) => "Path shown",
                (true, _) => "The path shows once the maze is solved",
            };
            shared.set_status(StatusKind::Info, text);
            Vec::new()
        }
        Action::Step => step(studio, shared),
        Action::WriteConfig => write_config(studio, shared),
        _ => Vec::new(),
    }
}

/// Solves the maze again with `solver`, watched.
fn solve_with(studio: &mut Studio, shared: &mut Shared, solver: Solver) -> Vec<Effect> {
    studio.session.resolve_with(solver);
    shared.pace.restart();
    // A new search is asked to be watched: a pause left from the carving would hold it at its
    // first step, with only the sidebar saying why.
    shared.pace.resume();
    let text = match studio.session.phase() {
        Phase::Carving => format!("Solver: {} (once carving ends)", solver_label(solver)),
        _ => format!("Solver: {}", solver_label(solver)),
    };
    shared.set_status(StatusKind::Info, text);
    Vec::new()
}

/// [`Action::WriteConfig`]: on the built-in default config (a first run), ask the run loop to
/// write it out.
fn write_config(studio: &mut Studio, shared: &mut Shared) -> Vec<Effect> {
    if studio.built_in_config {
        let job = shared.new_job_id(Owner::Studio);
        return vec![Effect::WriteConfig { job }];
    }
    shared.set_status(StatusKind::Info, first_run::NOTHING_TO_WRITE);
    Vec::new()
}

/// The run loop's answer to [`Effect::WriteConfig`]: it writes in place, so no other write of
/// the config is under way and the answer is this session's.
pub(crate) fn config_written(
    studio: &mut Studio,
    shared: &mut Shared,
    _job: JobId,
    outcome: Result<PathBuf, String>,
) {
    match outcome {
        Ok(path) => {
            studio.built_in_config = false;
            shared.set_status(StatusKind::Success, first_run::written_text(&path));
        }
        Err(reason) => {
            shared.set_status(StatusKind::Error, first_run::not_written_text(&reason));
        }
    }
}

/// Whether `action` is refused because no maze is shown (a stand-in holds its place while a
/// big one is made); says why on the status line.
pub(crate) fn refuses_without_a_maze(
    studio: &mut Studio,
    shared: &mut Shared,
    action: Action,
) -> bool {
    studio.showing_stand_in && without_a_maze(studio, shared, action)
}

fn regenerate(studio: &mut Studio, shared: &mut Shared, stage: &mut Stage) -> Vec<Effect> {
    let mut effects = complete_first(studio, shared);
    if studio.first_save == FirstSave::Owed {
        wait_for_the_maze(studio, Action::Regenerate);
        return effects;
    }
    let seed = studio.seeds.next_u64();
    let (algorithm, _) = next_maze(studio, shared.config);
    effects.extend(replace_maze(
        studio,
        shared,
        stage,
        algorithm,
        seed,
        format!("New maze, seed {seed}"),
    ));
    effects
}

/// The algorithm and seed of the maze shown next: the one being made, if any, else the one
/// shown. `r` and `a` start from it, so that pressing them while a maze is being made does what
/// it would once the maze is shown.
fn next_maze(studio: &Studio, config: &Config) -> (Algorithm, u64) {
    let making = studio.jobs.iter().rev().find_map(|j| match &j.kind {
        JobKind::Make {
            algorithm, seed, ..
        } => Some((*algorithm, *seed)),
        _ => None,
    });
    making.unwrap_or((config.algorithm, studio.session.options().seed))
}

/// The same seed carved by the next algorithm, so the two can be compared.
fn next_algorithm(studio: &mut Studio, shared: &mut Shared, stage: &mut Stage) -> Vec<Effect> {
    let mut effects = complete_first(studio, shared);
    if studio.first_save == FirstSave::Owed {
        wait_for_the_maze(studio, Action::NextAlgorithm);
        return effects;
    }
    let (current, seed) = next_maze(studio, shared.config);
    let (algorithm, skipped) = next_algorithm_that_fits(studio, stage.memory_limit, current);
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
                human_bytes(stage.memory_limit.unwrap_or_default())
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
    effects.extend(replace_maze(studio, shared, stage, algorithm, seed, text));
    effects
}

/// The same seed carved by `algorithm`, the algorithm list's pick: refused, with why, if its
/// maze of this size would not fit the memory or would take over a minute; nothing changes
/// if it is the algorithm shown.
fn use_algorithm(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    algorithm: Algorithm,
) -> Vec<Effect> {
    let mut effects = complete_first(studio, shared);
    if studio.first_save == FirstSave::Owed {
        wait_for_the_maze(studio, Action::UseAlgorithm(algorithm));
        return effects;
    }
    let (current, seed) = next_maze(studio, shared.config);
    if algorithm == current && !studio.showing_stand_in {
        let text = format!("Algorithm: {algorithm}, as shown");
        shared.set_status(StatusKind::Info, text);
        return effects;
    }
    if let Some(reason) = unfit(studio, stage.memory_limit, algorithm) {
        let why = match reason {
            Skipped::Memory => format!(
                "needs more memory than the {} available",
                human_bytes(stage.memory_limit.unwrap_or_default())
            ),
            Skipped::Time => "would take over a minute to carve at this size".to_owned(),
        };
        let text = format!("Not made: {algorithm} {why}");
        shared.set_status(StatusKind::Warning, text);
        return effects;
    }
    let text = format!("Algorithm: {algorithm}, seed {seed}");
    effects.extend(replace_maze(studio, shared, stage, algorithm, seed, text));
    effects
}

/// Why `algorithm`'s maze of this size would not be made: more memory than the limit, or a
/// random walk estimated to take over a minute.
fn unfit(studio: &Studio, memory_limit: Option<u64>, algorithm: Algorithm) -> Option<Skipped> {
    let options = studio.session.options().clone().algorithm(algorithm);
    let needed = estimated_bytes(&options, Holder::Dashboard);
    if memory_limit.is_some_and(|limit| needed > limit) {
        Some(Skipped::Memory)
    } else if walk_time::too_long(&options).is_some() {
        Some(Skipped::Time)
    } else {
        None
    }
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
    studio: &Studio,
    memory_limit: Option<u64>,
    current: Algorithm,
) -> (Algorithm, Vec<(Algorithm, Skipped)>) {
    let mut skipped = Vec::new();
    let mut candidate = current.next();
    while candidate != current {
        match unfit(studio, memory_limit, candidate) {
            Some(reason) => skipped.push((candidate, reason)),
            None => break,
        }
        candidate = candidate.next();
    }
    (candidate, skipped)
}

/// Starts animating a new maze from the config with `algorithm` and `seed`, saying `text`
/// once it is shown. A big one is made by a job ([`Work::Make`]) while the old one stays on
/// screen; a maze still being made for an earlier request is of no use any more.
fn replace_maze(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    algorithm: Algorithm,
    seed: u64,
    text: String,
) -> Vec<Effect> {
    let order = maze_order(studio, shared.config, algorithm, seed);
    let (width, height) = (order.config.width, order.config.height);
    if u64::from(width) * u64::from(height) <= studio.inline_cells {
        show_made(studio, shared, stage, order.run(), algorithm, text);
        return Vec::new();
    }
    forget_jobs(studio, |kind| matches!(kind, JobKind::Make { .. }));
    put_away(studio, stage, shared.config, algorithm, seed);
    make_on_a_worker(studio, shared, order, algorithm, seed, text)
}

/// The order for a new maze of the config with `algorithm` and `seed`, solved by the solver
/// in use.
fn maze_order(studio: &Studio, config: &Config, algorithm: Algorithm, seed: u64) -> MazeOrder {
    MazeOrder {
        config: Config {
            algorithm,
            ..config.clone()
        },
        seed,
        solver: studio.session.solver(),
        inline_cells: studio.inline_cells,
        frees_first: Parcel::new(Vec::new()),
    }
}

/// Asks a worker to make the big maze `order` describes (of `algorithm` and `seed`), saying
/// `text` once it shows; what the studio is done with is freed first.
fn make_on_a_worker(
    studio: &mut Studio,
    shared: &mut Shared,
    mut order: MazeOrder,
    algorithm: Algorithm,
    seed: u64,
    text: String,
) -> Vec<Effect> {
    // The worker frees the old maze before it makes the new one.
    order.frees_first = Parcel::new(std::mem::take(&mut studio.garbage));
    let job = start_job(
        studio,
        shared,
        JobKind::Make {
            algorithm,
            seed,
            text,
        },
    );
    let text = making_text(studio, shared.config);
    shared.set_status(StatusKind::Info, text);
    vec![Effect::Work(Work::Make { job, order })]
}

/// Starts making the dashboard's first maze, a big one, by a job (see
/// [`Model::launch`](crate::tui::Model::launch)); the studio holds a stand-in meanwhile (so
/// there is nothing to put away, and no job yet to forget). The start's warnings stay on the
/// status line, and are said again once the maze shows.
pub(crate) fn make_first_maze(studio: &mut Studio, shared: &mut Shared) -> Vec<Effect> {
    let warning = shared.status.take();
    let (algorithm, seed) = (shared.config.algorithm, studio.seed());
    let text = warning
        .as_ref()
        .map_or_else(String::new, |w| w.text.clone());
    let order = maze_order(studio, shared.config, algorithm, seed);
    let effects = make_on_a_worker(studio, shared, order, algorithm, seed, text);
    if warning.is_some() {
        *shared.status = warning;
    }
    effects
}

/// Puts the maze shown away (to be freed) while a big new one, of `algorithm` and `seed`, is
/// made: the dashboard holds one maze's memory at a time, as `--headless` does. A small
/// stand-in of that algorithm and seed holds its place, for the sidebar's facts; nothing draws,
/// carves, solves or writes it. The old maze's writes keep their own hold on it and end.
fn put_away(
    studio: &mut Studio,
    stage: &mut Stage,
    config: &Config,
    algorithm: Algorithm,
    seed: u64,
) {
    if studio.showing_stand_in {
        return;
    }
    let Ok(stand_in) = super::stand_in_session(config, algorithm, seed, studio.session.solver())
    else {
        // The stand-in is a small valid maze: keep the old one if it ever could not be made.
        return;
    };
    let old = swap_maze(studio, stage, stand_in);
    studio.garbage.push(Box::new(old));
    studio.showing_stand_in = true;
}

/// Puts `maze` in the place of the maze shown and ends what belonged to the old one, which it
/// returns: its replay, its game (a round is played on one maze), a finish under way, and its
/// measuring and search jobs, of no use now (nothing waits for them, not even quitting; their
/// results will be refused).
fn swap_maze(studio: &mut Studio, stage: &mut Stage, maze: Session) -> Session {
    let old = std::mem::replace(&mut studio.session, maze);
    // What other modes held of the old maze ends: the root sees to it.
    studio.saves.maze += 1;
    stage.replaced = true;
    studio.finishing = false;
    forget_jobs(studio, |kind| {
        matches!(kind, JobKind::Measure { .. } | JobKind::Search { .. })
    });
    old
}

/// While a stand-in holds the place of the maze (see [`put_away`]), the actions on the maze
/// wait for the new one (saving, exporting, finishing: as usual while one is made) or are
/// refused with a word on the status line; `true` if `action` was refused.
pub(crate) fn without_a_maze(studio: &mut Studio, shared: &mut Shared, action: Action) -> bool {
    match action {
        Action::Save | Action::WriteExport | Action::Finish if studio.is_making() => false,
        Action::Save
        | Action::WriteExport
        | Action::Finish
        | Action::Step
        | Action::NextSolver
        | Action::SolverList
        | Action::UseSolver(_)
        | Action::TogglePlay
        | Action::Scrub(_)
        | Action::Race => {
            let text = if studio.is_making() {
                making_text(studio, shared.config)
            } else {
                no_maze_text(shared.keymap)
            };
            shared.set_status(StatusKind::Info, text);
            true
        }
        _ => false,
    }
}

/// "No maze: r makes a new one", after a new maze could not be made.
pub(crate) fn no_maze_text(keymap: &Keymap) -> String {
    match keymap.first_key_label(Action::Regenerate) {
        Some(key) => format!("No maze: {key} makes a new one"),
        None => "No maze".to_owned(),
    }
}

/// Shows the new maze `made`, of `algorithm`, saying `text`; or says why there is none.
fn show_made(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    made: Result<Session, SessionError>,
    algorithm: Algorithm,
    text: String,
) {
    let maze = match made {
        Ok(maze) => maze,
        Err(e) => {
            if studio.showing_stand_in {
                // What waited for the new maze has nothing to act on.
                studio.waiting.clear();
                studio.finishing = false;
            }
            if studio.first_save == FirstSave::Owed {
                // The first maze could not be made: there is nothing to write, and leaving
                // says why OUTPUT_FILE was not written (exit 1), as a failed first save does.
                studio.first_save = FirstSave::NotOwed;
                let output = shared.config.output_file.display().to_string();
                studio.saves.last_failure = Some(format!("{output} was not written: {e}"));
            }
            shared.set_status(StatusKind::Error, format!("Cannot make a new maze: {e}"));
            return;
        }
    };
    let old = swap_maze(studio, stage, maze);
    studio.showing_stand_in = false;
    if old.grid().cell_count() as u64 > studio.inline_cells {
        studio.garbage.push(Box::new(old));
    }
    stage.algorithm = Some(algorithm);
    shared.pace.restart();
    shared.pace.resume();
    if text.is_empty() {
        // The first maze, with nothing to say: the status line's hint says what to do.
        *shared.status = None;
    } else {
        shared.set_status(StatusKind::Info, text);
    }
    let first_awaited = studio.quitting && studio.first_save == FirstSave::Owed;
    if !studio.waiting.is_empty() || first_awaited {
        // Saving, exporting or finishing was asked for while it was being made, or quitting
        // waits for the first maze to be written.
        studio.finishing = true;
        let text = finishing_text(studio);
        shared.set_status(StatusKind::Info, text);
    }
}

/// Stops keeping track of the jobs of these kinds: their results will find no job and be
/// thrown away. What they hold (an old maze, maybe the last hold on it) is garbage.
fn forget_jobs(studio: &mut Studio, forget: impl Fn(&JobKind) -> bool) {
    let (forgotten, kept) = std::mem::take(&mut studio.jobs)
        .into_iter()
        .partition(|j| forget(&j.kind));
    studio.jobs = kept;
    let forgotten: Vec<Job> = forgotten;
    if !forgotten.is_empty() {
        studio.garbage.push(Box::new(forgotten));
    }
}

fn step(studio: &mut Studio, shared: &mut Shared) -> Vec<Effect> {
    if !shared.pace.is_paused() {
        shared.set_status(StatusKind::Info, "n steps while paused: press Space first");
        return Vec::new();
    }
    let before = studio.session.phase();
    if before == Phase::Done {
        shared.set_status(StatusKind::Info, "Nothing left to do: the maze is solved");
        return Vec::new();
    }
    studio.session.advance(1);
    after_progress(studio, shared, before);
    Vec::new()
}

pub(crate) fn progress(studio: &mut Studio, shared: &mut Shared, id: JobId, done: u64, total: u64) {
    let Some(job) = studio.jobs.iter_mut().find(|j| j.id == id) else {
        return;
    };
    (job.done, job.total) = (done, total);
    let path = match &job.kind {
        JobKind::Save { path, .. } | JobKind::Export { path } => path.display().to_string(),
        _ => return,
    };
    let percent = done * 100 / total.max(1);
    let then = match studio.quitting {
        true => format!(", then quit{}", quit_now_hint(studio)),
        false => String::new(),
    };
    shared.set_status(
        StatusKind::Info,
        format!("Writing {path}… {percent}%{then}"),
    );
}

pub(crate) fn written(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    id: JobId,
    outcome: Result<(), String>,
) {
    let Some(job) = end_job(studio, id) else {
        return;
    };
    match (job.kind, outcome) {
        (
            JobKind::Save {
                path,
                seed,
                algorithm,
                maze,
            },
            Ok(()),
        ) => {
            studio.saves.written = true;
            studio.saves.holds = Some(maze);
            let text = match (shared.status.as_ref(), maze) {
                // A round started meanwhile: its keys stay on the status line.
                (Some(playing), _) if stage.playing => {
                    format!("{} · saved to {}", playing.text, path.display())
                }
                (_, Held::Lane { lane, .. }) => {
                    format!(
                        "Saved lane {} ({algorithm}) to {}",
                        lane + 1,
                        path.display()
                    )
                }
                (_, Held::Studio(_)) => format!(
                    "Saved {}: {algorithm}, seed {seed}{}",
                    path.display(),
                    first_run::saved_hint(studio.built_in_config, shared.keymap)
                ),
            };
            shared.set_status(StatusKind::Success, text);
        }
        (JobKind::Save { .. }, Err(reason)) => {
            shared.set_status(StatusKind::Error, format!("Not saved: {reason}"));
            studio.saves.last_failure = Some(reason);
        }
        (JobKind::Export { path }, Ok(())) => shared.set_status(
            StatusKind::Success,
            format!("Exported the maze to {}", path.display()),
        ),
        (JobKind::Export { .. }, Err(reason)) => {
            shared.set_status(StatusKind::Error, format!("Not exported: {reason}"))
        }
        (JobKind::Measure { .. } | JobKind::Search { .. } | JobKind::Make { .. }, _) => {}
    }
}

pub(crate) fn measured(studio: &mut Studio, id: JobId, measured: JobOutcome) {
    end_job(studio, id);
    // A maze replaced meanwhile refuses another maze's measures.
    studio.session.install(measured);
}

/// A measure refused its memory: the maze is never measured, so it is never saved or
/// exported; what waited for it is dropped, and the status line says why (as for a carving
/// refused its memory, see [`report_failure`]).
pub(crate) fn measure_refused(studio: &mut Studio, shared: &mut Shared, id: JobId, reason: &str) {
    if end_job(studio, id).is_none() {
        // Another maze's: of no use.
        return;
    }
    give_up_on_the_maze(studio, shared, reason);
    shared.set_status(
        StatusKind::Error,
        format!("Cannot measure the maze: {reason}"),
    );
}

/// A search's start refused its memory: the session stops handing it out (no retry at every
/// frame), and the status line says why; the maze stays shown, and picking another solver
/// tries again.
pub(crate) fn search_refused(studio: &mut Studio, shared: &mut Shared, id: JobId, reason: &str) {
    let Some(JobKind::Search { work }) = end_job(studio, id).map(|j| j.kind) else {
        return;
    };
    if !studio.session.start_refused(&work) {
        // Another maze's or search's: of no use.
        return;
    }
    shared.set_status(
        StatusKind::Error,
        format!("Cannot start the search: {reason}"),
    );
}

pub(crate) fn searched(studio: &mut Studio, shared: &mut Shared, id: JobId, searched: JobOutcome) {
    let started = end_job(studio, id)
        .is_some_and(|j| matches!(j.kind, JobKind::Search { work } if work.is_start()));
    let before = studio.phase();
    // A maze replaced meanwhile, or a solver picked since, refuses it.
    if studio.session.install(searched) {
        if started {
            // A new search: its steps cost what they cost, not what the last phase's did.
            shared.pace.new_kind_of_step();
        }
        after_progress(studio, shared, before);
    }
}

pub(crate) fn made(
    studio: &mut Studio,
    shared: &mut Shared,
    stage: &mut Stage,
    id: JobId,
    made: Parcel<Result<Session, SessionError>>,
) {
    let job = end_job(studio, id);
    let Some(made) = made.take() else {
        return;
    };
    match job.map(|j| j.kind) {
        Some(JobKind::Make {
            algorithm, text, ..
        }) => show_made(studio, shared, stage, made, algorithm, text),
        // Asked for before another new maze: of no use.
        _ => studio.garbage.push(Box::new(made)),
    }
}
