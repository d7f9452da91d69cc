//! The studio's jobs: starting and ending them, the writes (save, export, the first run's
//! config), and their answers (progress, written, measured, searched, made).

use super::*;

pub(super) fn start_job(studio: &mut Studio, shared: &mut Ctx, kind: JobKind) -> JobId {
    let id = shared.new_job_id(Owner::Studio);
    studio.jobs.push(StudioJob {
        id,
        kind,
        done: 0,
        total: 0,
    });
    id
}

pub(super) fn end_job(studio: &mut Studio, id: JobId) -> Option<StudioJob> {
    let at = studio.jobs.iter().position(|j| j.id == id)?;
    Some(studio.jobs.remove(at))
}

/// A request to write the current, finished maze to OUTPUT_FILE.
pub(super) fn save(studio: &mut Studio, shared: &mut Ctx) -> Option<Effect> {
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
pub(super) fn export(studio: &mut Studio, shared: &mut Ctx, theme: &Theme) -> Option<Effect> {
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

/// [`Action::WriteConfig`]: on the built-in default config (a first run), ask the run loop to
/// write it out.
pub(super) fn write_config(studio: &mut Studio, shared: &mut Ctx) -> Vec<Effect> {
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
    shared: &mut Ctx,
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

/// Stops keeping track of the jobs of these kinds: their results will find no job and be
/// thrown away. What they hold (an old maze, maybe the last hold on it) is garbage.
pub(super) fn forget_jobs(studio: &mut Studio, forget: impl Fn(&JobKind) -> bool) {
    let (forgotten, kept) = std::mem::take(&mut studio.jobs)
        .into_iter()
        .partition(|j| forget(&j.kind));
    studio.jobs = kept;
    let forgotten: Vec<StudioJob> = forgotten;
    if !forgotten.is_empty() {
        studio.garbage.push(Box::new(forgotten));
    }
}

pub(crate) fn progress(studio: &mut Studio, shared: &mut Ctx, id: JobId, done: u64, total: u64) {
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
    shared: &mut Ctx,
    stage: &mut StudioCtx,
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
            let text = match (stage.play_hint.as_ref(), maze) {
                // A round started meanwhile: its keys stay on the status line.
                (Some(hint), _) => format!("{hint} · saved to {}", path.display()),
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

pub(crate) fn measured(studio: &mut Studio, id: JobId, measured: Job) {
    end_job(studio, id);
    // A maze replaced meanwhile refuses another maze's measures.
    studio.session.install(measured);
}

/// A measure refused its memory: the maze is never measured, so it is never saved or
/// exported; what waited for it is dropped, and the status line says why (as for a carving
/// refused its memory, see [`report_failure`]).
pub(crate) fn measure_refused(studio: &mut Studio, shared: &mut Ctx, id: JobId, reason: &str) {
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
pub(crate) fn search_refused(studio: &mut Studio, shared: &mut Ctx, id: JobId, reason: &str) {
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

pub(crate) fn searched(studio: &mut Studio, shared: &mut Ctx, id: JobId, searched: Job) {
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
    shared: &mut Ctx,
    stage: &mut StudioCtx,
    id: JobId,
    made: Parcel<Result<Session, mazegen::Error>>,
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
