//! A maze's life in the studio: a new one (`r`), the next algorithm (`a`, the list's pick),
//! made at once or on a worker, put away, swapped in and shown; and what is refused while
//! there is no maze to show.

use super::*;

/// Whether `action` is refused because no maze is shown (a stand-in holds its place while a
/// big one is made); says why on the status line.
pub(crate) fn refuses_without_a_maze(
    studio: &mut Studio,
    shared: &mut Ctx,
    action: Action,
) -> bool {
    studio.showing_stand_in && without_a_maze(studio, shared, action)
}

pub(super) fn regenerate(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
) -> Vec<Effect> {
    after_the_first_save(studio, shared, Action::Regenerate, |studio, shared| {
        let seed = studio.seeds.next_u64();
        let (algorithm, _) = next_maze(studio, shared.config);
        let text = format!("New maze, seed {seed}");
        replace_maze(studio, shared, stage, algorithm, seed, text)
    })
}

/// Runs `replace`, which puts another maze in place of the one shown, once the first maze is
/// finished and saved: leaving it must not cost the user the OUTPUT_FILE a headless run would
/// have written. While that save is owed, `action` waits for it instead.
fn after_the_first_save(
    studio: &mut Studio,
    shared: &mut Ctx,
    action: Action,
    replace: impl FnOnce(&mut Studio, &mut Ctx) -> Vec<Effect>,
) -> Vec<Effect> {
    let mut effects = complete_first(studio, shared);
    if studio.first_save == FirstSave::Owed {
        wait_for_the_maze(studio, action);
    } else {
        effects.extend(replace(studio, shared));
    }
    effects
}

/// The algorithm and seed of the maze shown next: the one being made, if any, else the one
/// shown. `r` and `a` start from it, so that pressing them while a maze is being made does what
/// it would once the maze is shown.
pub(super) fn next_maze(studio: &Studio, config: &Config) -> (Algorithm, u64) {
    let making = studio.jobs.iter().rev().find_map(|j| match &j.kind {
        JobKind::Make {
            algorithm, seed, ..
        } => Some((*algorithm, *seed)),
        _ => None,
    });
    making.unwrap_or((config.algorithm, studio.session.options().seed))
}

/// The same seed carved by the next algorithm, so the two can be compared.
pub(super) fn next_algorithm(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
) -> Vec<Effect> {
    after_the_first_save(studio, shared, Action::NextAlgorithm, |studio, shared| {
        next_algorithm_now(studio, shared, stage)
    })
}

/// `next_algorithm` once the first maze is saved.
fn next_algorithm_now(studio: &mut Studio, shared: &mut Ctx, stage: &mut StudioCtx) -> Vec<Effect> {
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
    replace_maze(studio, shared, stage, algorithm, seed, text)
}

/// The same seed carved by `algorithm`, the algorithm list's pick: refused, with why, if its
/// maze of this size would not fit the memory or would take over a minute; nothing changes
/// if it is the algorithm shown.
pub(super) fn use_algorithm(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
    algorithm: Algorithm,
) -> Vec<Effect> {
    after_the_first_save(
        studio,
        shared,
        Action::UseAlgorithm(algorithm),
        |studio, shared| use_algorithm_now(studio, shared, stage, algorithm),
    )
}

/// `use_algorithm` once the first maze is saved.
fn use_algorithm_now(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
    algorithm: Algorithm,
) -> Vec<Effect> {
    let (current, seed) = next_maze(studio, shared.config);
    if algorithm == current && !studio.showing_stand_in {
        let text = format!("Algorithm: {algorithm}, as shown");
        shared.set_status(StatusKind::Info, text);
        return Vec::new();
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
        return Vec::new();
    }
    let text = format!("Algorithm: {algorithm}, seed {seed}");
    replace_maze(studio, shared, stage, algorithm, seed, text)
}

/// Why `algorithm`'s maze of this size would not be made: more memory than the limit, or a
/// random walk estimated to take over a minute.
pub(super) fn unfit(
    studio: &Studio,
    memory_limit: Option<u64>,
    algorithm: Algorithm,
) -> Option<Skipped> {
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
pub(super) enum Skipped {
    Memory,
    Time,
}

/// The algorithm after `current` whose maze of this size fits the memory limit and is not a
/// random walk estimated to take over a minute, and the ones passed over because they would
/// not, with why (`current` ends the search).
pub(super) fn next_algorithm_that_fits(
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
pub(super) fn replace_maze(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
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
pub(super) fn maze_order(
    studio: &Studio,
    config: &Config,
    algorithm: Algorithm,
    seed: u64,
) -> MazeOrder {
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
pub(super) fn make_on_a_worker(
    studio: &mut Studio,
    shared: &mut Ctx,
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
/// [`launch`](crate::tui::launch)); the studio holds a stand-in meanwhile (so
/// there is nothing to put away, and no job yet to forget). The start's warnings stay on the
/// status line, and are said again once the maze shows.
pub(crate) fn make_first_maze(studio: &mut Studio, shared: &mut Ctx) -> Vec<Effect> {
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
pub(super) fn put_away(
    studio: &mut Studio,
    stage: &mut StudioCtx,
    config: &Config,
    algorithm: Algorithm,
    seed: u64,
) {
    if studio.showing_stand_in {
        return;
    }
    let Ok(stand_in) =
        super::super::stand_in_session(config, algorithm, seed, studio.session.solver())
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
pub(super) fn swap_maze(studio: &mut Studio, stage: &mut StudioCtx, maze: Session) -> Session {
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
pub(crate) fn without_a_maze(studio: &mut Studio, shared: &mut Ctx, action: Action) -> bool {
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

/// Shows the new maze `made`, of `algorithm`, saying `text`; or says why there is none.
pub(super) fn show_made(
    studio: &mut Studio,
    shared: &mut Ctx,
    stage: &mut StudioCtx,
    made: Result<Session, mazegen::Error>,
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
