//! Running a race: starting it, its frames, its keys, saving a lane, and the lanes' times. It
//! works on its own state (`Option<Race>`: none while no race is on) and the [`Ctx`] parts;
//! what it needs of the rest (the keyboard for the canvas, a lane's write, which quitting waits
//! for) it asks the root for with a [`Request`].

use std::sync::Arc;
use std::time::Duration;

use crate::tui::kernel::memory::{Holder, estimated_bytes};
use crate::tui::kernel::walk_time;
use mazegen::Algorithm;
use mazegen::Solver;
use mazegen::session::Phase;
use mazegen::session::Session;

use super::{Lane, MAX_LANES, MIN_LANES, Race, Timing, TimingJob, refused};
use crate::tui::context::Ctx;
use crate::tui::effect::{Effect, Work};
use crate::tui::kernel::action::{Action, Mouse, MouseKind};
use crate::tui::kernel::job::{JobId, Owner};
use crate::tui::kernel::status::StatusKind;
use crate::tui::pace::CARVING_SECONDS;
use crate::tui::reply::{Reply, Request};
use mazegen::Maze;

/// Starts a race of `algorithms` on the config's size and `seed`, replacing any race under
/// way; `true` if it started. Says why on the status line if it cannot: the wrong number of
/// lanes, or more memory than `memory_limit`.
pub fn start(
    race: &mut Option<Race>,
    shared: &mut Ctx,
    seed: u64,
    memory_limit: Option<u64>,
    algorithms: &[Algorithm],
) -> bool {
    if !(MIN_LANES..=MAX_LANES).contains(&algorithms.len()) {
        shared.set_status(
            StatusKind::Error,
            format!("A race needs {MIN_LANES} to {MAX_LANES} algorithms"),
        );
        return false;
    }
    let base = shared.config.maze_options(seed);
    let lanes: Vec<u64> = algorithms
        .iter()
        .map(|&algorithm| {
            // A lane holds what a headless run does (the grid, the algorithm, the search); it
            // keeps no replay.
            let options = base.clone().algorithm(algorithm);
            estimated_bytes(&options, Holder::Headless)
        })
        .collect();
    // The timing job runs one lane more at a time once the race is over.
    let needed = lanes.iter().sum::<u64>() + lanes.iter().max().copied().unwrap_or(0);
    if let Some(limit) = memory_limit.filter(|&limit| needed > limit) {
        shared.set_status(
            StatusKind::Error,
            format!(
                "No race: it needs about {}, more than the {} available",
                crate::tui::text::human_bytes(needed),
                crate::tui::text::human_bytes(limit)
            ),
        );
        return false;
    }
    let slow = algorithms.iter().find_map(|&algorithm| {
        let options = base.clone().algorithm(algorithm);
        walk_time::too_long(&options).map(|seconds| (algorithm, seconds))
    });
    if let Some((algorithm, seconds)) = slow {
        shared.set_status(
            StatusKind::Error,
            format!(
                "No race: {algorithm}'s random walk would take about {:.0} minutes on this maze",
                (seconds / 60.0).ceil()
            ),
        );
        return false;
    }
    let mut lanes = Vec::with_capacity(algorithms.len());
    for &algorithm in algorithms {
        let options = base.clone().algorithm(algorithm);
        let (entry, exit) = (shared.config.entry, shared.config.exit);
        match Session::new(options, entry, exit, Solver::Bfs) {
            Ok(session) => lanes.push(Lane {
                algorithm,
                session,
                finished_at: None,
            }),
            Err(e) => {
                shared.set_status(StatusKind::Error, format!("No race: {e}"));
                return false;
            }
        }
    }
    let pace_steps = lanes
        .iter()
        .map(|lane| lane.session.estimated_steps(Phase::Carving))
        .max()
        .unwrap_or(1);
    let names: Vec<&str> = algorithms.iter().map(|a| a.name()).collect();
    *race = Some(Race {
        lanes,
        focus: 0,
        elapsed: Duration::ZERO,
        pace_steps,
        timing: Timing::NotAsked,
    });
    shared.pace.restart();
    shared.pace.resume();
    shared.set_status(
        StatusKind::Info,
        format!("Race: {}, seed {seed}", names.join(" vs ")),
    );
    true
}

/// Handles `action` if a race is on and it means something else there (or nothing); `None`
/// leaves it to the dashboard (themes, pace, help).
pub fn act(race: &mut Option<Race>, shared: &mut Ctx, action: Action) -> Reply {
    if race.is_none() {
        return Reply::Pass(action);
    }
    match action {
        Action::Quit => leave(race, shared),
        Action::Save => {
            return match save(race, shared) {
                Some((maze, algorithm)) => Reply::Ask(Request::SaveLane { maze, algorithm }),
                None => Reply::done(),
            };
        }
        Action::ToggleFocus => focus_next(race, shared),
        Action::Finish => finish(race),
        Action::Race => {
            let algorithms: Vec<Algorithm> = race
                .iter()
                .flat_map(|race| race.lanes.iter().map(|lane| lane.algorithm))
                .collect();
            return Reply::Ask(Request::StartRace(algorithms));
        }
        Action::Regenerate
        | Action::NextAlgorithm
        | Action::NextSolver
        | Action::AlgorithmList
        | Action::SolverList
        | Action::UseAlgorithm(_)
        | Action::UseSolver(_)
        | Action::Export
        | Action::Step
        | Action::Scrub(_)
        | Action::Pan { .. }
        | Action::ToggleZoom
        | Action::FocusCanvas
        | Action::TogglePath => {
            shared.set_status(StatusKind::Info, refused(shared.keymap));
        }
        _ => return Reply::Pass(action),
    }
    Reply::done()
}

/// Once the race is over, asks for the lanes' own times (see the module docs), once.
pub fn settle(race: &mut Option<Race>, shared: &mut Ctx) -> Option<Effect> {
    let race = race.as_mut()?;
    if !race.is_over() || race.timing != Timing::NotAsked {
        return None;
    }
    let job = shared.new_job_id(Owner::Race);
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
pub fn timed(race: &mut Option<Race>, job: JobId, times: Vec<Option<Duration>>) {
    if let Some(race) = race.as_mut()
        && race.timing == Timing::Asked(job)
    {
        race.timing = Timing::Timed(times);
    }
}

/// Leaves the race: the dashboard's own maze goes on.
pub fn leave(race: &mut Option<Race>, shared: &mut Ctx) {
    if race.take().is_some() {
        shared.pace.restart();
        shared.set_status(StatusKind::Info, "Left the race");
    }
}

/// A frame of the race: every lane still running takes the same number of steps.
pub fn tick(race: &mut Option<Race>, shared: &mut Ctx, frame: Duration) {
    let Some(race) = race.as_mut() else {
        return;
    };
    if race.is_over() {
        return;
    }
    let budget = shared.pace.budget(frame, race.pace_steps, CARVING_SECONDS);
    if shared.pace.is_paused() {
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
    shared.pace.record(taken, frame);
    if let Some(text) = refused {
        shared.set_status(StatusKind::Error, text);
        return;
    }
    if race.is_over() {
        shared.set_status(
            StatusKind::Success,
            "Race over: every maze carved and solved",
        );
    }
}

/// Finishes every lane at once (`Enter`).
pub fn finish(race: &mut Option<Race>) {
    let Some(race) = race.as_mut() else {
        return;
    };
    for lane in race.lanes.iter_mut().filter(|l| l.finished_at.is_none()) {
        lane.session.finish();
        lane.finished_at = Some(race.elapsed);
    }
}

/// The next lane takes the keyboard (`Tab`).
pub fn focus_next(race: &mut Option<Race>, shared: &mut Ctx) {
    if let Some(race) = race.as_mut() {
        race.focus = (race.focus + 1) % race.lanes.len();
        let text = format!("Lane {}: {}", race.focus + 1, race.focused().algorithm);
        shared.set_status(StatusKind::Info, text);
    }
}

/// A click on a lane focuses it; the lanes fill a terminal of `size`.
pub fn mouse(race: &mut Option<Race>, size: (u16, u16), mouse: Mouse) {
    if !matches!(mouse.kind, MouseKind::LeftPress | MouseKind::OtherPress) {
        return;
    }
    let Some(race) = race.as_mut() else {
        return;
    };
    let area = ratatui::layout::Rect::new(0, 0, size.0, size.1);
    let at = ratatui::layout::Position::new(mouse.column, mouse.row);
    let panes = super::view::race_lanes(area, race);
    if let Some(index) = panes.iter().position(|pane| pane.contains(at)) {
        race.focus = index;
    }
}

/// The focused lane's maze to write to OUTPUT_FILE (`s`), finishing that lane first if need
/// be; `None` (saying why) when it has no path.
pub fn save(race: &mut Option<Race>, shared: &mut Ctx) -> Option<(Arc<Maze>, Algorithm)> {
    let race = race.as_mut()?;
    let elapsed = race.elapsed;
    let focus = race.focus;
    let lane = &mut race.lanes[focus];
    if lane.finished_at.is_none() {
        lane.session.finish();
        lane.finished_at = Some(elapsed);
    }
    let algorithm = lane.algorithm;
    let maze = lane.session.maze().map(Arc::clone)?;
    if maze.known_solution().flatten().is_none() {
        let text = format!("Not saved: the {algorithm} maze has no path");
        shared.set_status(StatusKind::Error, text);
        return None;
    }
    Some((maze, algorithm))
}
