//! The carving studio's answers: its frames, its keys (save, export, finish, a new maze, the
//! next solver, the path, a step), its jobs' results, and what settles after each message.
//! Each takes the studio's own state ([`Studio`]), the [`Ctx`] parts and, where it needs
//! them, a [`StudioCtx`]: what it reads of the rest of the dashboard, and what it asks of the root
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
//!
//! This file holds the frames, the keys and settling; `lifecycle` a maze's life (new, next
//! algorithm, made, swapped, shown), `jobs` the jobs and their answers, `texts` the sentences.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::{FirstSave, Held, JobKind, Studio, StudioJob, first_run};
use crate::tui::context::Ctx;
use crate::tui::effect::{Effect, MazeOrder, Work, WriteJob};
use crate::tui::kernel::action::Action;
use crate::tui::kernel::export::ExportOptions;
use crate::tui::kernel::handoff::Parcel;
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::memory::{Holder, estimated_bytes};
use crate::tui::kernel::status::StatusKind;
use crate::tui::kernel::walk_time;
use crate::tui::keymap::Keymap;
use crate::tui::pace::{CARVING_SECONDS, SOLVING_SECONDS};
use crate::tui::text::human_bytes;
use crate::tui::text::solver_label;
use crate::tui::theme::Theme;
use mazegen::Algorithm;
use mazegen::Solver;
use mazegen::config::Config;
use mazegen::format::{Hex, Output};
use mazegen::session::Session;
use mazegen::session::{Job, Phase};
use rand::Rng;

mod jobs;
mod lifecycle;
mod texts;

pub(crate) use jobs::*;
pub(crate) use lifecycle::*;
pub(crate) use texts::*;

/// What the studio reads of the rest of the dashboard while it answers, and what it asks of
/// the root in return (the root builds it and acts on the asks once the studio has answered:
/// see `update::studying`).
pub struct StudioCtx<'a> {
    /// The theme shown: an export's colours.
    pub theme: &'a Theme,
    /// The most memory a maze may take (see [`Start::memory_limit`](crate::tui::Start)): `a`
    /// passes over the algorithms whose maze would need more.
    pub memory_limit: Option<u64>,
    /// While a round of play is on, its keys (see the play mode's `hint`): a write's message
    /// keeps them on the status line.
    pub play_hint: Option<String>,
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
pub(crate) fn settle(studio: &mut Studio, shared: &mut Ctx) -> (Vec<Effect>, Vec<Action>) {
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

/// A frame of the animation: carves or solves the frame's slice of steps. Returns whether
/// the maze moved on, so that the replay's timeline observes it (the root sees to it).
pub(crate) fn tick(studio: &mut Studio, shared: &mut Ctx, frame: Duration) -> bool {
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

/// Follows up on steps taken from `before`: a new phase restarts the pace meter.
fn after_progress(studio: &mut Studio, shared: &mut Ctx, before: Phase) {
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
fn report_failure(studio: &mut Studio, shared: &mut Ctx) {
    let Some(failure) = studio.session.failure().map(|e| e.to_string()) else {
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
fn give_up_on_the_maze(studio: &mut Studio, shared: &Ctx, reason: &str) {
    studio.waiting.clear();
    studio.finishing = false;
    if studio.first_save == FirstSave::Owed {
        studio.first_save = FirstSave::NotOwed;
        let output = shared.config.output_file.display().to_string();
        studio.saves.last_failure = Some(format!("{output} was not written: {reason}"));
    }
}

/// Finishes the maze: at once if it is small, else in slices over the next ticks. Settles the
/// studio right away, so that the first maze's save comes before what the caller adds.
pub(crate) fn finish(studio: &mut Studio, shared: &mut Ctx) -> Vec<Effect> {
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
pub(crate) fn complete_first(studio: &mut Studio, shared: &mut Ctx) -> Vec<Effect> {
    match studio.first_save {
        FirstSave::Owed => finish(studio, shared),
        FirstSave::NotOwed => Vec::new(),
    }
}

/// The studio's own actions: save, export, finish, a new maze, the next algorithm or solver,
/// the path, a step. Others do nothing here.
pub(crate) fn act(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
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
fn solve_with(studio: &mut Studio, shared: &mut Ctx, solver: Solver) -> Vec<Effect> {
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

fn step(studio: &mut Studio, shared: &mut Ctx) -> Vec<Effect> {
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
