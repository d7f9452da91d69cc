//! How each message changes the model: the root of the dashboard's update. It hands each
//! message to the part it is for, routes each action through the layer list (see
//! [`super::layer`]), and settles after every message. The parts' own answers are in their
//! modes (`modes/*/update.rs`); the dashboard's own actions (themes, focus, the view, the pace,
//! the help, leaving) are here. No terminal, no files, no clock: anything that touches the
//! outside world is returned as an [`Effect`].

use std::path::PathBuf;
use std::sync::Arc;

use super::context::{Ctx, shared};
use super::effect::Effect;
use super::effect::{Work, WriteJob};
use super::kernel::action::{Action, HelpScroll, Mouse, MouseKind};
use super::kernel::job::{JobId, Owner};
use super::layer::transition::{self, Transition};
use super::layer::{self, Layer};
use super::message::{Answer, Message};
use super::model::{Focus, INLINE_CELLS, JobKind, Model, Start, StatusKind, StudioJob};
use super::modes::export::update as export;
use super::modes::inspector::Inspect;
use super::modes::inspector::update as inspector;
use super::modes::log::update as log;
use super::modes::picker::update as picker;
use super::modes::picker::{self as pickers, List};
use super::modes::play::update::{self as play, ToPlay};
use super::modes::race::update as race;
use super::modes::replay::update as replay;
use super::modes::studio::Studio;
use super::modes::studio::update as studio;
use super::reply::{Reply, Request};
use component::Component;
use mazegen::config::Config;
use mazegen::format::{Hex, Output};
use mazegen::session::Session;
use mazegen::validate::{Expected, Inspection};
use mazegen::{Algorithm, Maze};

mod canvas;
mod component;
mod screen;
#[cfg(test)]
mod tests;

/// What play mode reads of the shown maze, and the viewport it moves (see [`play::Board`]),
/// borrowed field by field beside play's own state and the [`Ctx`] parts.
macro_rules! board {
    ($model:expr) => {{
        let blocks = $model.maze_blocks();
        let canvas = $model.screen().map(|screen| screen.canvas_size());
        play::Board {
            viewport: &mut $model.viewport,
            blocks,
            canvas,
            file: $model.stack.inspect.file().map(|file| file.path.as_path()),
            options: $model
                .stack
                .replay
                .shown()
                .unwrap_or(&$model.stack.studio.session)
                .options(),
        }
    }};
}

/// The dashboard's start. A small maze is made here, as [`Model::new`] makes it; a big one
/// (more than [`INLINE_CELLS`] cells: seconds at the largest sizes) is made by a job, as `r`
/// makes one, so the screen is up at once, saying which maze is being made, and every key is
/// answered meanwhile. Returns the effects to run first.
pub fn launch(start: Start) -> Result<(Model, Vec<Effect>), mazegen::Error> {
    let config = &start.config;
    if u64::from(config.width) * u64::from(config.height) <= INLINE_CELLS {
        return Ok((Model::new(start)?, Vec::new()));
    }
    let mut model = Model::standing_in(start)?;
    let effects = studio::make_first_maze(&mut model.stack.studio, &mut shared!(model));
    Ok((model, effects))
}

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    let mut effects = match message {
        // The inspector's own messages: its prompt's keys.
        Message::Inspector(message) => {
            inspector::on_message(&mut model.stack.inspect, &mut shared!(model), message)
        }
        Message::Tick(frame) => on_tick(model, frame),
        Message::Clock(now) => {
            model.log.set_now(now);
            Vec::new()
        }
        Message::Worked(work) => {
            model.pace.learn(work);
            Vec::new()
        }
        Message::Action(action) => from_user(model, action),
        Message::Mouse(mouse) => on_mouse(model, mouse),
        Message::Resize { width, height } => {
            model.resize((width, height));
            Vec::new()
        }
        Message::Progress { job, done, total } => {
            studio::progress(
                &mut model.stack.studio,
                &mut shared!(model),
                job,
                done,
                total,
            );
            Vec::new()
        }
        Message::Done { job, answer } => answered(model, job, answer),
    };
    effects.extend(settle(model));
    effects
}

/// A mouse event goes to the layer on top of the mode stack, as a key would (see
/// [`Component::on_mouse`]); the action a click means is routed as a key's.
fn on_mouse(model: &mut Model, mouse: Mouse) -> Vec<Effect> {
    match layer::innermost(model).on_mouse(model, mouse) {
        Reply::Done(effects) => effects,
        Reply::Pass(action) => from_user(model, action),
        Reply::Ask(request) => grant(model, request),
    }
}

/// A frame goes down the open layers from the top until one takes it (see
/// [`Component::on_tick`]).
fn on_tick(model: &mut Model, frame: std::time::Duration) -> Vec<Effect> {
    let open: Vec<Layer> = layer::open(model).collect();
    let mut frame = frame;
    for part in open {
        match part.on_tick(model, frame) {
            Reply::Done(effects) => return effects,
            Reply::Pass(passed) => frame = passed,
            Reply::Ask(request) => return grant(model, request),
        }
    }
    Vec::new()
}

/// Hands a job's answer to the part that asked for the job, as the one registry says. An
/// answer whose job has no owner (an id never given) changes nothing.
fn answered(model: &mut Model, job: JobId, answer: Answer) -> Vec<Effect> {
    let Some(owner) = model.job_ids.owner(job) else {
        return Vec::new();
    };
    match (owner, answer) {
        (Owner::Inspector, Answer::Inspector(outcome)) => {
            inspecting(model, |inspect, shared, canvas| {
                inspector::done(inspect, shared, canvas, job, outcome)
            })
        }
        (Owner::Race, Answer::RaceTimed(times)) => {
            race::timed(&mut model.stack.race, job, times);
            Vec::new()
        }
        (Owner::Play, Answer::ScoreRecorded(outcome)) => {
            play::recorded(&mut model.stack.play, &mut shared!(model), job, outcome);
            Vec::new()
        }
        (Owner::Export, Answer::Existing(existing)) => {
            export::found(&mut model.stack.export, job, existing);
            Vec::new()
        }
        (Owner::View, Answer::Distances(distances)) => {
            canvas::distances(model, job, &distances);
            Vec::new()
        }
        (Owner::Studio, answer) => {
            studying(model, |studio, shared, stage| match answer {
                Answer::Written(outcome) => studio::written(studio, shared, stage, job, outcome),
                Answer::Measured(measured) => studio::measured(studio, job, measured),
                Answer::MeasureRefused(reason) => {
                    studio::measure_refused(studio, shared, job, &reason)
                }
                Answer::Searched(searched) => studio::searched(studio, shared, job, searched),
                Answer::SearchRefused(reason) => {
                    studio::search_refused(studio, shared, job, &reason)
                }
                Answer::Made(made) => studio::made(studio, shared, stage, job, made),
                Answer::ConfigWritten(outcome) => {
                    studio::config_written(studio, shared, job, outcome)
                }
                // Not an answer the studio asks for.
                Answer::RaceTimed(_)
                | Answer::ScoreRecorded(_)
                | Answer::Inspector(_)
                | Answer::Distances(_)
                | Answer::Existing(_) => {}
            });
            Vec::new()
        }
        // An answer of another kind than its owner's jobs: nothing asked for it.
        _ => Vec::new(),
    }
}

/// Opens `inspection` (read from `path`) as the dashboard starts with `--open`: the model's own
/// maze, a placeholder, is finished at once and never shown nor written; `config` (the CONFIG
/// given, or one made for the file) is what `r` and `a` make mazes from. See
/// [`inspector::open_at_start`].
pub fn open_at_start(
    model: &mut Model,
    config: Config,
    path: PathBuf,
    inspection: Inspection,
    expected: Expected,
    output_file: Option<PathBuf>,
) -> Vec<Effect> {
    model.stack.studio.session.finish();
    model.config = config;
    // The placeholder maze is not the user's: nothing may write it.
    model.forgo_first_save();
    inspecting(model, |inspect, shared, canvas| {
        inspector::open_at_start(
            inspect,
            shared,
            canvas,
            path,
            inspection,
            expected,
            output_file,
        )
    })
}

/// Hands the inspector its own state, the [`Ctx`] parts and the canvas (see
/// [`inspector::Canvas`]), and picks the starting zoom again if it opened or closed a file.
pub(crate) fn inspecting<T>(
    model: &mut Model,
    answer: impl FnOnce(&mut Inspect, &mut Ctx, &mut inspector::Canvas) -> T,
) -> T {
    let size = model.screen().map(|screen| screen.canvas_size());
    let mut canvas = inspector::Canvas {
        viewport: &mut model.viewport,
        size,
        refit: false,
    };
    let answered = answer(&mut model.stack.inspect, &mut shared!(model), &mut canvas);
    if canvas.refit {
        // The base changed: the activity on the old one ends with it.
        replay::end(&mut model.stack.replay, &mut shared!(model));
        model.stack.play.round = None;
        model.zoom_picked = false;
        let size = model.size();
        model.resize(size);
    }
    answered
}

/// Hands the studio its own state, the [`Ctx`] parts and its [`studio::StudioCtx`] (what it
/// reads of the rest: the theme, the memory limit, whether a round is on), then does what it
/// asked there: ends what the other modes held of a replaced maze, and takes a new maze's
/// algorithm into the config.
pub(crate) fn studying<T>(
    model: &mut Model,
    answer: impl FnOnce(&mut Studio, &mut Ctx, &mut studio::StudioCtx) -> T,
) -> T {
    let play_hint = play::hint(&model.stack.play, &model.keymap);
    let mut stage = studio::StudioCtx {
        theme: model
            .themes
            .get(model.theme)
            .expect("the theme index is kept in range"),
        memory_limit: model.memory_limit,
        play_hint,
        replaced: false,
        algorithm: None,
    };
    let answered = answer(&mut model.stack.studio, &mut shared!(model), &mut stage);
    let (replaced, algorithm) = (stage.replaced, stage.algorithm);
    if replaced {
        model.maze_replaced();
    }
    if let Some(algorithm) = algorithm {
        model.config.algorithm = algorithm;
    }
    answered
}

/// Follows up on whatever changed: the race's times, the studio's measuring, search work,
/// first save and the actions that waited for its maze (run through the layers below the
/// inspector), then what is to be freed, and quitting once nothing is left to write.
/// Idempotent: calling it again changes nothing.
fn settle(model: &mut Model) -> Vec<Effect> {
    let raced = race::settle(&mut model.stack.race, &mut shared!(model));
    let mut effects: Vec<Effect> = raced.into_iter().collect();
    let (studio_effects, ready) = studio::settle(&mut model.stack.studio, &mut shared!(model));
    effects.extend(studio_effects);
    // They were the studio's to run, on its maze: an opened file does not take them.
    for action in ready {
        if transit(model, action, false) {
            effects.extend(route(model, action, &WAITING_LAYERS));
        }
    }
    effects.extend(studio::settled(&mut model.stack.studio));
    effects.extend(canvas::settle(model));
    effects
}

/// The maze `g` plays: the opened file's when one is shown, else the generated one, once it is
/// finished.
fn maze_to_play(inspect: &Inspect, session: &Session) -> ToPlay {
    match inspect.file() {
        Some(file) => match file.playable() {
            Ok(maze) => ToPlay::Maze(Arc::new(maze)),
            Err(reason) => ToPlay::Unplayable(reason),
        },
        None => session
            .maze()
            .map_or(ToPlay::NotFinished, |m| ToPlay::Maze(Arc::clone(m))),
    }
}

/// The layers an action that waited for the maze goes through when it runs: all but the
/// inspector, since the action was meant for the generated maze.
const WAITING_LAYERS: [Layer; 4] = [Layer::Play, Layer::Race, Layer::Replay, Layer::Studio];

/// An action the user asked for (a key, a click): the mode stack's transition first (see
/// [`transition`]), then the layers from the innermost.
fn from_user(model: &mut Model, action: Action) -> Vec<Effect> {
    if action != Action::Interrupt && !transit(model, action, true) {
        return Vec::new();
    }
    route(model, action, Layer::ORDER.as_slice())
}

/// Carries out the mode stack's transition for `action` (see [`transition`]): `false` if it
/// is refused (the status line says why).
fn transit(model: &mut Model, action: Action, from_user: bool) -> bool {
    match transition::transition(model, action, from_user) {
        Transition::Go => true,
        Transition::EndReplay => {
            replay::to_live(&mut model.stack.replay, &mut shared!(model));
            true
        }
        Transition::Refused(why) => {
            model.set_status(StatusKind::Info, why);
            false
        }
    }
}

/// Hands `action` to the layers in `layers` (innermost first, see [`super::layer`]) until one
/// takes it. Ctrl-C is no layer's: it quits from every one.
fn route(model: &mut Model, action: Action, layers: &[Layer]) -> Vec<Effect> {
    if action == Action::Interrupt {
        return interrupt(model);
    }
    let mut action = action;
    for &layer in layers {
        match layer.on_action(model, action) {
            Reply::Done(effects) => return effects,
            Reply::Pass(passed) => action = passed,
            Reply::Ask(request) => return grant(model, request),
        }
    }
    Vec::new()
}

/// Does what a part asked of the root (see [`Request`]).
fn grant(model: &mut Model, request: Request) -> Vec<Effect> {
    match request {
        Request::StartRace(algorithms) => {
            start_race(model, &algorithms);
            Vec::new()
        }
        Request::SaveLane { maze, algorithm } => save_lane(model, maze, algorithm),
        Request::RoundStarted => {
            model.focus = Focus::Canvas;
            model.help = false;
            Vec::new()
        }
        Request::FinishFor(action) => {
            studio::wait_for_the_maze(&mut model.stack.studio, action);
            let effects = studio::finish(&mut model.stack.studio, &mut shared!(model));
            // A big maze is finished in slices, and the studio says how far it is.
            let (phase, finishing) = (model.phase(), model.is_finishing());
            play::waiting(&model.stack.play, &mut shared!(model), phase, finishing);
            effects
        }
    }
}

/// Starts a race of `algorithms` on the config's size and the seed (see [`race::start`]); the
/// race's keys are the canvas's (Enter finishes), whichever pane had the keyboard.
pub fn start_race(model: &mut Model, algorithms: &[Algorithm]) {
    let (seed, memory_limit) = (model.seed(), model.memory_limit);
    if race::start(
        &mut model.stack.race,
        &mut shared!(model),
        seed,
        memory_limit,
        algorithms,
    ) {
        model.focus = Focus::Canvas;
        // A new race: OUTPUT_FILE holds none of its lanes yet.
        model.stack.studio.saves.race += 1;
    }
}

/// Writes a race lane's maze to OUTPUT_FILE, as one of the studio's writes, so that quitting
/// waits for it; the user chose what OUTPUT_FILE holds, so the dashboard's first maze no
/// longer replaces it when it is finished.
fn save_lane(model: &mut Model, maze: Arc<Maze>, algorithm: Algorithm) -> Vec<Effect> {
    let path = model.config.output_file.clone();
    let lane = model.race().map_or(0, |race| race.focus);
    let id = model.new_job_id(Owner::Studio);
    model.stack.studio.jobs.push(StudioJob {
        id,
        kind: JobKind::Save {
            path: path.clone(),
            seed: maze.seed(),
            algorithm,
            maze: model.stack.studio.saves.lane(lane),
        },
        done: 0,
        total: 0,
    });
    model.forgo_first_save();
    let text = format!(
        "Saving lane {} ({algorithm}) to {}…",
        lane + 1,
        path.display()
    );
    model.set_status(StatusKind::Info, text);
    vec![Effect::Work(Work::Write(WriteJob {
        job: id,
        maze,
        outputs: vec![Output::file(Hex, path)],
    }))]
}

/// Ctrl-C (or Ctrl-\): quits from wherever the user is, as `q` does from the bare dashboard;
/// again while that waits for a write, leaves at once.
fn interrupt(model: &mut Model) -> Vec<Effect> {
    if model.stack.studio.quitting {
        return vec![Effect::Abort];
    }
    quit(model)
}

/// Asks to leave: settling quits once the first maze is written and nothing else is being.
fn quit(model: &mut Model) -> Vec<Effect> {
    model.stack.studio.quitting = true;
    let effects = studio::complete_first(&mut model.stack.studio, &mut shared!(model));
    if let Some(text) = studio::quitting_text(&model.stack.studio, &model.config) {
        model.set_status(StatusKind::Info, text);
    }
    effects
}

/// The dashboard's own actions, and the ones that reach another part through the root (play,
/// replay, race); the rest are the studio's.
fn act(model: &mut Model, action: Action) -> Reply {
    if studio::refuses_without_a_maze(&mut model.stack.studio, &mut shared!(model), action) {
        return Reply::done();
    }
    if let Some(effects) = screen::act(model, action) {
        return Reply::Done(effects);
    }
    let effects = match action {
        Action::TogglePlay | Action::LeavePlay | Action::ToggleFog | Action::Walk { .. } => {
            let mut board = board!(model);
            let to_play = || maze_to_play(&model.stack.inspect, &model.stack.studio.session);
            return play::act(
                &mut model.stack.play,
                &mut shared!(model),
                &mut board,
                action,
                to_play,
            );
        }
        // Nothing in the model changes; the run loop owns the terminal.
        Action::Suspend => vec![Effect::Suspend],
        Action::Quit => quit(model),
        // Taken by `route` before any layer.
        Action::Interrupt => interrupt(model),
        // Taken by the inspector before they get here.
        Action::OpenFile | Action::NextProblem | Action::PreviousProblem => Vec::new(),
        Action::AlgorithmList | Action::SolverList => {
            open_picker(model, action);
            Vec::new()
        }
        Action::Scrub(scrub) => {
            let (replay, live) = (&mut model.stack.replay, &model.stack.studio.session);
            replay::scrub(replay, live, &mut shared!(model), scrub);
            Vec::new()
        }
        Action::Race => {
            start_race(
                model,
                &super::modes::race::next_algorithms(model.config.algorithm),
            );
            Vec::new()
        }
        _ => studying(model, |studio, shared, stage| {
            studio::act(studio, shared, stage, action)
        }),
    };
    Reply::Done(effects)
}

/// Opens the list `action` asks for (`a`, `v`), its cursor on the entry in use.
fn open_picker(model: &mut Model, action: Action) {
    let Some(list) = picker::opens(action) else {
        return;
    };
    let at = match list {
        List::Algorithms => pickers::algorithm_index(model.config.algorithm),
        List::Solvers => pickers::solver_index(model.solver_in_use()),
    };
    picker::open(&mut model.stack.picker, &mut shared!(model), list, at);
}
