//! Running a race: starting it, its frames, its keys, saving a lane, and the lanes' times.

use std::sync::Arc;
use std::time::Duration;

use mazegen::format::{Hex, Output};
use mazegen::memory::{Use, estimated_bytes};
use mazegen::session::Phase;
use mazegen::solve::Solver;
use mazegen::{Algorithm, Session};

use super::{Lane, MAX_LANES, MIN_LANES, Race, Timing, TimingJob};
use crate::tui::effect::{Effect, Work, WriteJob};
use crate::tui::kernel::action::{Action, Mouse, MouseKind};
use crate::tui::kernel::job::JobId;
use crate::tui::model::{Focus, JobKind, Model, StatusKind};
use crate::tui::pace::CARVING_SECONDS;

/// Starts a race of `algorithms` on the model's size and seed, replacing any race under way.
/// Says why on the status line if it cannot: the wrong number of lanes, or more memory than
/// there is.
pub fn start(model: &mut Model, algorithms: &[Algorithm]) {
    if !(MIN_LANES..=MAX_LANES).contains(&algorithms.len()) {
        model.set_status(
            StatusKind::Error,
            format!("A race needs {MIN_LANES} to {MAX_LANES} algorithms"),
        );
        return;
    }
    let seed = model.seed();
    let base = model.config.maze_options(seed);
    let lanes: Vec<u64> = algorithms
        .iter()
        .map(|&algorithm| {
            // A lane holds what a headless run does (the grid, the algorithm, the search); it
            // keeps no replay.
            let options = base.clone().algorithm(algorithm);
            estimated_bytes(&options, Use::Headless)
        })
        .collect();
    // The timing job runs one lane more at a time once the race is over.
    let needed = lanes.iter().sum::<u64>() + lanes.iter().max().copied().unwrap_or(0);
    if let Some(limit) = model.memory_limit.filter(|&limit| needed > limit) {
        model.set_status(
            StatusKind::Error,
            format!(
                "No race: it needs about {}, more than the {} available",
                mazegen::format::human_bytes(needed),
                mazegen::format::human_bytes(limit)
            ),
        );
        return;
    }
    let slow = algorithms.iter().find_map(|&algorithm| {
        let options = base.clone().algorithm(algorithm);
        mazegen::walk_time::too_long(&options).map(|seconds| (algorithm, seconds))
    });
    if let Some((algorithm, seconds)) = slow {
        model.set_status(
            StatusKind::Error,
            format!(
                "No race: {algorithm}'s random walk would take about {:.0} minutes on this maze",
                (seconds / 60.0).ceil()
            ),
        );
        return;
    }
    let mut lanes = Vec::with_capacity(algorithms.len());
    for &algorithm in algorithms {
        let options = base.clone().algorithm(algorithm);
        let (entry, exit) = (model.config.entry, model.config.exit);
        match Session::new(options, entry, exit, Solver::Bfs) {
            Ok(session) => lanes.push(Lane {
                algorithm,
                session,
                finished_at: None,
            }),
            Err(e) => {
                model.set_status(StatusKind::Error, format!("No race: {e}"));
                return;
            }
        }
    }
    let pace_steps = lanes
        .iter()
        .map(|lane| lane.session.estimated_steps(Phase::Carving))
        .max()
        .unwrap_or(1);
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    model.race = Some(Race {
        lanes,
        focus: 0,
        elapsed: Duration::ZERO,
        pace_steps,
        timing: Timing::NotAsked,
    });
    model.pace.restart();
    model.pace.resume();
    // The race's keys are the canvas's (Enter finishes), whichever pane had the keyboard.
    model.focus = Focus::Canvas;
    model.set_status(
        StatusKind::Info,
        format!("Race: {}, seed {seed}", names.join(" vs ")),
    );
}

/// Handles `action` if a race is on and it means something else there (or nothing); `None`
/// leaves it to the dashboard (themes, pace, help).
pub fn act(model: &mut Model, action: Action) -> Option<Vec<Effect>> {
    model.race.as_ref()?;
    match action {
        Action::Quit => leave(model),
        Action::Save => return Some(save(model)),
        Action::ToggleFocus => focus_next(model),
        Action::Finish => finish(model),
        Action::Race => {
            let algorithms: Vec<Algorithm> = model
                .race
                .iter()
                .flat_map(|race| race.lanes.iter().map(|lane| lane.algorithm))
                .collect();
            start(model, &algorithms);
        }
        Action::Regenerate
        | Action::NextAlgorithm
        | Action::NextSolver
        | Action::Export
        | Action::Step
        | Action::Scrub(_)
        | Action::Pan { .. }
        | Action::ToggleZoom
        | Action::FocusCanvas
        | Action::TogglePath => {
            let leave = model.keymap().first_key_label(Action::Quit);
            let text = match leave {
                Some(key) => format!("Not in a race: {key} leaves it first"),
                None => "Not in a race".to_owned(),
            };
            model.set_status(StatusKind::Info, text);
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Once the race is over, asks for the lanes' own times (see the module docs), once.
pub fn settle(model: &mut Model) -> Option<Effect> {
    let race = model.race.as_mut()?;
    if !race.is_over() || race.timing != Timing::NotAsked {
        return None;
    }
    let job = model.job_ids.next_id();
    race.timing = Timing::Asked(job);
    let laps = race
        .lanes
        .iter()
        .map(|lane| {
            let session = &lane.session;
            (session.options().clone(), session.entry(), session.exit())
        })
        .collect();
    Some(Effect::Work(Work::TimeRace(TimingJob { job, laps })))
}

/// The lanes' own times, from the job `job`: kept if it is this race's.
pub fn timed(model: &mut Model, job: JobId, times: Vec<Option<Duration>>) {
    if let Some(race) = model.race.as_mut()
        && race.timing == Timing::Asked(job)
    {
        race.timing = Timing::Timed(times);
    }
}

/// Leaves the race: the dashboard's own maze goes on.
pub fn leave(model: &mut Model) {
    if model.race.take().is_some() {
        model.pace.restart();
        model.set_status(StatusKind::Info, "Left the race");
    }
}

/// A frame of the race: every lane still running takes the same number of steps.
pub fn tick(model: &mut Model, frame: Duration) {
    let Some(race) = model.race.as_mut() else {
        return;
    };
    if race.is_over() {
        return;
    }
    let budget = model.pace.budget(frame, race.pace_steps, CARVING_SECONDS);
    if model.pace.is_paused() {
        return;
    }
    race.elapsed += frame;
    let mut taken = 0;
    let mut refused = None;
    for lane in race.lanes.iter_mut().filter(|l| l.finished_at.is_none()) {
        taken = taken.max(lane.session.advance(budget));
        if lane.session.phase() == Phase::Done {
            lane.finished_at = Some(race.elapsed);
        }
        // A lane refused its memory stops where it is: it is out of the race.
        if let Some(failure) = lane.session.failure() {
            lane.finished_at = Some(race.elapsed);
            refused = Some(format!("{}: {failure}", lane.algorithm));
        }
    }
    model.pace.record(taken, frame);
    if let Some(text) = refused {
        model.set_status(StatusKind::Error, text);
        return;
    }
    if race.is_over() {
        model.set_status(
            StatusKind::Success,
            "Race over: every maze carved and solved",
        );
    }
}

/// Finishes every lane at once (`Enter`).
pub fn finish(model: &mut Model) {
    let Some(race) = model.race.as_mut() else {
        return;
    };
    for lane in race.lanes.iter_mut().filter(|l| l.finished_at.is_none()) {
        lane.session.finish();
        lane.finished_at = Some(race.elapsed);
    }
}

/// The next lane takes the keyboard (`Tab`).
pub fn focus_next(model: &mut Model) {
    if let Some(race) = model.race.as_mut() {
        race.focus = (race.focus + 1) % race.lanes.len();
        let text = format!("Lane {}: {}", race.focus + 1, race.focused().algorithm);
        model.set_status(StatusKind::Info, text);
    }
}

/// A click on a lane focuses it.
pub fn mouse(model: &mut Model, mouse: Mouse) {
    if !matches!(mouse.kind, MouseKind::LeftPress | MouseKind::OtherPress) {
        return;
    }
    let Some(race) = model.race.as_mut() else {
        return;
    };
    let area = ratatui::layout::Rect::new(0, 0, model.size.0, model.size.1);
    let at = ratatui::layout::Position::new(mouse.column, mouse.row);
    let panes = super::view::race_lanes(area, race.lanes.len(), race.is_over());
    if let Some(index) = panes.iter().position(|pane| pane.contains(at)) {
        race.focus = index;
    }
}

/// Writes the focused lane's maze to OUTPUT_FILE (`s`), finishing that lane first if need be.
pub fn save(model: &mut Model) -> Vec<Effect> {
    let Some(race) = model.race.as_mut() else {
        return Vec::new();
    };
    let elapsed = race.elapsed;
    let lane = &mut race.lanes[race.focus];
    if lane.finished_at.is_none() {
        lane.session.finish();
        lane.finished_at = Some(elapsed);
    }
    let algorithm = lane.algorithm;
    let Some(maze) = lane.session.maze().map(Arc::clone) else {
        return Vec::new();
    };
    if maze.known_solution().flatten().is_none() {
        let text = format!("Not saved: the {algorithm} maze has no path");
        model.set_status(StatusKind::Error, text);
        return Vec::new();
    }
    let path = model.config.output_file.clone();
    let id = model.new_job_id();
    model.jobs.push(crate::tui::model::Job {
        id,
        kind: JobKind::Save {
            path: path.clone(),
            seed: maze.seed(),
        },
        done: 0,
        total: 0,
    });
    // The user chose what OUTPUT_FILE holds: the dashboard's first maze no longer replaces it
    // when it is finished.
    model.forgo_first_save();
    model.set_status(
        StatusKind::Info,
        format!("Saving the {algorithm} maze to {}", path.display()),
    );
    vec![Effect::Work(Work::Write(WriteJob {
        job: id,
        maze,
        outputs: vec![Output::file(Hex, path)],
    }))]
}
