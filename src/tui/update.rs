//! How each message changes the model: the root of the dashboard's update. It hands each
//! message to the part it is for, routes each action through the layer list (see
//! [`super::layer`]), and settles after every message. The parts' own answers are in their
//! modes (`modes/*/update.rs`); the dashboard's own actions (themes, focus, the view, the pace,
//! the help, leaving) are here. No terminal, no files, no clock: anything that touches the
//! outside world is returned as an [`Effect`].

use std::path::PathBuf;
use std::sync::Arc;

use super::context::{Shared, shared};
use super::effect::Effect;
use super::effect::{Work, WriteJob};
use super::kernel::action::{Action, HelpScroll, Mouse, MouseKind};
use super::kernel::job::{JobId, Owner};
use super::layer::Layer;
use super::layout::theme_scroll;
use super::message::{Answer, Message};
use super::model::{Focus, Job, JobKind, Model, StatusKind};
use super::modes::export::update as export;
use super::modes::inspector::Inspect;
use super::modes::inspector::update as inspector;
use super::modes::log::update as log;
use super::modes::picker::update as picker;
use super::modes::picker::{self as pickers, List};
use super::modes::play::update::{self as play, Played, ToPlay};
use super::modes::race::update::{self as race, Raced};
use super::modes::replay::update as timeline;
use super::modes::studio::Studio;
use super::modes::studio::update as studio;
use mazegen::config::Config;
use mazegen::format::{Hex, Output};
use mazegen::inspect::Inspection;
use mazegen::session::Session;
use mazegen::validate::Expected;
use mazegen::{Algorithm, Dir, Maze};

pub use super::modes::studio::update::STEP_TIME_LIMIT;

mod canvas;
#[cfg(test)]
mod tests;

/// What play mode reads of the shown maze, and the viewport it moves (see [`play::Board`]),
/// borrowed field by field beside play's own state and the [`Shared`] parts.
macro_rules! board {
    ($model:expr) => {{
        let blocks = $model.maze_blocks();
        let canvas = $model.screen().map(|screen| screen.canvas_size());
        play::Board {
            viewport: &mut $model.viewport,
            blocks,
            canvas,
            file: $model.inspect.file().map(|file| file.path.as_path()),
            options: $model
                .replay
                .shown()
                .unwrap_or(&$model.studio.session)
                .options(),
        }
    }};
}

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    let mut effects = match message {
        // The inspector's own messages: its prompt's keys.
        Message::Inspector(message) => {
            inspector::on_message(&mut model.inspect, &mut shared!(model), message)
        }
        Message::Tick(frame) if model.race.is_some() => {
            race::tick(&mut model.race, &mut shared!(model), frame);
            Vec::new()
        }
        Message::Tick(frame) => {
            play::tick(&mut model.play, frame);
            if studio::tick(&mut model.studio, &mut shared!(model), frame) {
                model.replay.observe(&model.studio.session);
            }
            Vec::new()
        }
        Message::Clock(now) => {
            model.log.set_now(now);
            Vec::new()
        }
        Message::Worked(work) => {
            model.pace.learn(work);
            Vec::new()
        }
        Message::Action(action) => route(model, action, Layer::ORDER.as_slice()),
        // Under the help the wheel scrolls it and clicks do nothing.
        Message::Mouse(mouse) if model.help_is_open() => {
            match mouse.kind {
                MouseKind::ScrollUp => scroll_help(model, HelpScroll::Up),
                MouseKind::ScrollDown => scroll_help(model, HelpScroll::Down),
                _ => {}
            }
            Vec::new()
        }
        // Over the log the wheel scrolls it.
        Message::Mouse(mouse) if model.log.is_open() => {
            match mouse.kind {
                MouseKind::ScrollUp => {
                    let size = model.size;
                    log::scroll_log(&mut shared!(model), size, HelpScroll::Up)
                }
                MouseKind::ScrollDown => {
                    let size = model.size;
                    log::scroll_log(&mut shared!(model), size, HelpScroll::Down)
                }
                _ => {}
            }
            Vec::new()
        }
        // Over an open list the wheel moves its cursor (it would pan the maze under it).
        Message::Mouse(mouse) if model.picker.is_open() => match mouse.kind {
            MouseKind::ScrollUp => route(model, Action::PickerUp, Layer::ORDER.as_slice()),
            MouseKind::ScrollDown => route(model, Action::PickerDown, Layer::ORDER.as_slice()),
            _ => Vec::new(),
        },
        Message::Mouse(mouse) if model.race.is_some() => {
            race::mouse(&mut model.race, model.size, mouse);
            Vec::new()
        }
        Message::Mouse(mouse) if canvas::mouse(model, mouse) => Vec::new(),
        Message::Mouse(mouse) => match mouse_action(model, mouse) {
            Some(action) => route(model, action, Layer::ORDER.as_slice()),
            None => Vec::new(),
        },
        Message::Resize { width, height } => {
            model.resize((width, height));
            Vec::new()
        }
        Message::Progress { job, done, total } => {
            studio::progress(&mut model.studio, &mut shared!(model), job, done, total);
            Vec::new()
        }
        Message::Done { job, answer } => answered(model, job, answer),
    };
    effects.extend(settle(model));
    effects
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
            race::timed(&mut model.race, job, times);
            Vec::new()
        }
        (Owner::Play, Answer::ScoreRecorded(outcome)) => {
            play::recorded(&mut model.play, &mut shared!(model), job, outcome);
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
                | Answer::Distances(_) => {}
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
    model.studio.session.finish();
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

/// Hands the inspector its own state, the [`Shared`] parts and the canvas (see
/// [`inspector::Canvas`]), and picks the starting zoom again if it opened or closed a file.
pub(crate) fn inspecting<T>(
    model: &mut Model,
    answer: impl FnOnce(&mut Inspect, &mut Shared, &mut inspector::Canvas) -> T,
) -> T {
    let size = model.screen().map(|screen| screen.canvas_size());
    let mut canvas = inspector::Canvas {
        viewport: &mut model.viewport,
        size,
        refit: false,
    };
    let answered = answer(&mut model.inspect, &mut shared!(model), &mut canvas);
    if canvas.refit {
        model.zoom_picked = false;
        let size = model.size();
        model.resize(size);
    }
    answered
}

/// Hands the studio its own state, the [`Shared`] parts and its [`studio::Stage`] (what it
/// reads of the rest: the theme, the memory limit, whether a round is on), then does what it
/// asked there: ends what the other modes held of a replaced maze, and takes a new maze's
/// algorithm into the config.
pub(crate) fn studying<T>(
    model: &mut Model,
    answer: impl FnOnce(&mut Studio, &mut Shared, &mut studio::Stage) -> T,
) -> T {
    let playing = model.is_playing();
    let mut stage = studio::Stage {
        theme: model
            .themes
            .get(model.theme)
            .expect("the theme index is kept in range"),
        memory_limit: model.memory_limit,
        playing,
        replaced: false,
        algorithm: None,
    };
    let answered = answer(&mut model.studio, &mut shared!(model), &mut stage);
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
    let raced = race::settle(&mut model.race, &mut shared!(model));
    let mut effects: Vec<Effect> = raced.into_iter().collect();
    let (studio_effects, ready) = studio::settle(&mut model.studio, &mut shared!(model));
    effects.extend(studio_effects);
    // They were the studio's to run, on its maze: an opened file does not take them.
    for action in ready {
        effects.extend(route(model, action, &WAITING_LAYERS));
    }
    effects.extend(studio::settled(&mut model.studio));
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

/// Hands `action` to the layers in `layers` (innermost first, see [`super::layer`]) until one
/// takes it. Ctrl-C is no layer's: it quits from every one.
fn route(model: &mut Model, action: Action, layers: &[Layer]) -> Vec<Effect> {
    if action == Action::Interrupt {
        return interrupt(model);
    }
    let mut action = action;
    for &layer in layers {
        match layer {
            // The input layer gives the prompt and the help their keys; the help scrolls.
            Layer::Prompt => {}
            // The help's scroll keys scroll the log while it is open under no help.
            Layer::Help if model.log.is_open() && !model.help_is_open() => {}
            Layer::Help => {
                if let Action::ScrollHelp(scroll) = action {
                    scroll_help(model, scroll);
                    return Vec::new();
                }
            }
            Layer::Log => {
                let size = model.size;
                if log::act(&mut shared!(model), size, action) {
                    return Vec::new();
                }
            }
            // An opened file and a race have their own answers to `e`.
            Layer::Export
                if !model.export.is_open()
                    && (model.inspect.file().is_some() || model.race().is_some()) => {}
            Layer::Export => {
                let (list, pick) = (&mut model.export, &mut model.studio.export_format);
                match export::act(list, pick, &mut shared!(model), action) {
                    Ok(effects) => return effects,
                    Err(passed) => action = passed,
                }
            }
            Layer::Picker => match picker::act(&mut model.picker, &mut shared!(model), action) {
                Ok(effects) => return effects,
                Err(passed) => action = passed,
            },
            Layer::Play => {
                if play::refuses(&model.play, &mut shared!(model), action) {
                    return Vec::new();
                }
            }
            Layer::Race => match race::act(&mut model.race, &mut shared!(model), action) {
                Some(Raced::Done(effects)) => return effects,
                Some(Raced::Restart(algorithms)) => {
                    start_race(model, &algorithms);
                    return Vec::new();
                }
                Some(Raced::Save { maze, algorithm }) => {
                    return save_lane(model, maze, algorithm);
                }
                None => {}
            },
            Layer::Replay => {
                if timeline::act(&mut model.replay, &mut shared!(model), action) {
                    return Vec::new();
                }
            }
            Layer::Inspector => match inspecting(model, |inspect, shared, canvas| {
                inspector::on_action(inspect, shared, canvas, action)
            }) {
                Ok(effects) => return effects,
                Err(passed) => action = passed,
            },
            Layer::Studio => return act(model, action),
        }
    }
    Vec::new()
}

/// Starts a race of `algorithms` on the config's size and the seed (see [`race::start`]); the
/// race's keys are the canvas's (Enter finishes), whichever pane had the keyboard.
pub fn start_race(model: &mut Model, algorithms: &[Algorithm]) {
    let (seed, memory_limit) = (model.seed(), model.memory_limit);
    if race::start(
        &mut model.race,
        &mut shared!(model),
        seed,
        memory_limit,
        algorithms,
    ) {
        model.focus = Focus::Canvas;
        // A new race: OUTPUT_FILE holds none of its lanes yet.
        model.studio.saves.race += 1;
    }
}

/// Writes a race lane's maze to OUTPUT_FILE, as one of the studio's writes, so that quitting
/// waits for it; the user chose what OUTPUT_FILE holds, so the dashboard's first maze no
/// longer replaces it when it is finished.
fn save_lane(model: &mut Model, maze: Arc<Maze>, algorithm: Algorithm) -> Vec<Effect> {
    let path = model.config.output_file.clone();
    let lane = model.race().map_or(0, |race| race.focus);
    let id = model.new_job_id(Owner::Studio);
    model.studio.jobs.push(Job {
        id,
        kind: JobKind::Save {
            path: path.clone(),
            seed: maze.seed(),
            algorithm,
            maze: model.studio.saves.lane(lane),
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
    if model.studio.quitting {
        return vec![Effect::Abort];
    }
    quit(model)
}

/// Asks to leave: settling quits once the first maze is written and nothing else is being.
fn quit(model: &mut Model) -> Vec<Effect> {
    model.studio.quitting = true;
    let effects = studio::complete_first(&mut model.studio, &mut shared!(model));
    if let Some(text) = studio::quitting_text(&model.studio, &model.config) {
        model.set_status(StatusKind::Info, text);
    }
    effects
}

/// The dashboard's own actions, and the ones that reach another part through the root (play,
/// replay, race); the rest are the studio's.
fn act(model: &mut Model, action: Action) -> Vec<Effect> {
    if studio::refuses_without_a_maze(&mut model.studio, &mut shared!(model), action) {
        return Vec::new();
    }
    match action {
        Action::TogglePlay | Action::LeavePlay | Action::ToggleFog | Action::Walk { .. } => {
            let mut board = board!(model);
            let to_play = || maze_to_play(&model.inspect, &model.studio.session);
            let played = play::act(
                &mut model.play,
                &mut shared!(model),
                &mut board,
                action,
                to_play,
            );
            match played {
                Played::Done(effects) => effects,
                Played::Started => {
                    model.focus = Focus::Canvas;
                    model.help = false;
                    Vec::new()
                }
                Played::NeedsTheMaze => {
                    studio::wait_for_the_maze(&mut model.studio, action);
                    let effects = studio::finish(&mut model.studio, &mut shared!(model));
                    let phase = model.phase();
                    play::waiting(&model.play, &mut shared!(model), phase);
                    effects
                }
            }
        }
        // Nothing in the model changes; the run loop owns the terminal.
        Action::Suspend => vec![Effect::Suspend],
        // `q` and Esc back out of the theme list first, back to the theme kept; they quit
        // from the bare dashboard.
        Action::Quit if model.focus == Focus::Themes => {
            leave_themes(model);
            Vec::new()
        }
        Action::Quit => quit(model),
        // Taken by `route` before any layer.
        Action::Interrupt => interrupt(model),
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
        // Enter keeps the theme shown and gives the maze the keyboard back.
        Action::PickCursorTheme => {
            use_theme(model, model.cursor);
            model.focus = Focus::Canvas;
            Vec::new()
        }
        Action::PickTheme(index) => {
            if index < model.themes.len() {
                model.focus = Focus::Themes;
                use_theme(model, index);
            }
            Vec::new()
        }
        Action::CursorUp | Action::CursorDown => {
            let count = model.themes.len();
            let by = if action == Action::CursorUp {
                count - 1
            } else {
                1
            };
            preview_theme(model, (model.cursor + by) % count);
            Vec::new()
        }
        Action::ToggleFocus => {
            match model.focus {
                Focus::Canvas => {
                    to_themes(model);
                    model.cursor = model.theme;
                }
                Focus::Themes => leave_themes(model),
            }
            Vec::new()
        }
        Action::FocusCanvas => {
            if model.focus == Focus::Themes {
                leave_themes(model);
            }
            Vec::new()
        }
        Action::AlgorithmList | Action::SolverList => {
            open_picker(model, action);
            Vec::new()
        }
        Action::Pan { towards, big } => {
            canvas::pan(model, towards, big);
            Vec::new()
        }
        Action::Centre(place) => {
            canvas::centre(model, place);
            Vec::new()
        }
        Action::ToggleHeat => {
            canvas::toggle_heat(model);
            Vec::new()
        }
        Action::ToggleZoom if !super::layer::zoom_changes_the_view(model) => {
            model.set_status(
                StatusKind::Info,
                "The whole maze is in view at 1:1 already: nothing to zoom",
            );
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
            model.help_offset = 0;
            Vec::new()
        }
        Action::ToggleSidebar => {
            model.sidebar_flipped = !model.sidebar_flipped;
            if !super::layout::shows_sidebar(model.size.0, model.sidebar_flipped) {
                model.focus = Focus::Canvas;
            }
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
        Action::Scrub(scrub) => {
            let (replay, live) = (&mut model.replay, &model.studio.session);
            timeline::scrub(replay, live, &mut shared!(model), scrub);
            Vec::new()
        }
        Action::Race => {
            start_race(
                model,
                &super::modes::race::next_algorithms(model.config.algorithm),
            );
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

        _ => studying(model, |studio, shared, stage| {
            studio::act(studio, shared, stage, action)
        }),
    }
}

/// Shows and keeps the theme at `index`.
fn use_theme(model: &mut Model, index: usize) {
    model.theme = index;
    model.cursor = index;
    model.theme_kept = index;
    let text = format!("Theme: {}", model.theme().name);
    model.set_status(StatusKind::Info, text);
}

/// Shows the theme at `index` (the theme list's cursor moved onto it), keeping the one kept
/// for Esc to go back to.
fn preview_theme(model: &mut Model, index: usize) {
    model.theme = index;
    model.cursor = index;
    let name = &model.theme().name;
    let kept = model
        .themes
        .get(model.theme_kept)
        .map_or("", |t| t.name.as_str());
    let keymap = model.keymap();
    let mut ways = Vec::new();
    if let Some(key) = keymap.first_key_label(Action::PickCursorTheme) {
        ways.push(format!("{key} keeps it"));
    }
    if let Some(key) = keymap.first_key_label(Action::Quit) {
        ways.push(format!("{key} goes back to {kept}"));
    }
    let text = match ways.as_slice() {
        [] => format!("Theme: {name}"),
        ways => format!("Theme: {name} ({})", ways.join(", ")),
    };
    model.set_status(StatusKind::Info, text);
}

/// Opens the list `action` asks for (`a`, `v`), its cursor on the entry in use.
fn open_picker(model: &mut Model, action: Action) {
    let Some(list) = picker::opens(action) else {
        return;
    };
    let at = match list {
        List::Algorithms => pickers::algorithm_index(model.config.algorithm),
        List::Solvers => pickers::solver_index(solver_in_use(model)),
    };
    picker::open(&mut model.picker, &mut shared!(model), list, at);
}

/// The solver of the maze shown: the opened file's, else the studio's.
pub(crate) fn solver_in_use(model: &Model) -> mazegen::Solver {
    match model.inspect.file() {
        Some(file) => file.solver.unwrap_or_default(),
        None => model.studio.session.solver(),
    }
}

/// Moves the help overlay's text, as far as the terminal's size lets it.
fn scroll_help(model: &mut Model, scroll: HelpScroll) {
    let area = ratatui::layout::Rect::new(0, 0, model.size.0, model.size.1);
    let offset = model.help_offset;
    let now = super::view::help_now(model);
    let scrolled =
        super::view::help::scrolled(model.theme(), model.keymap(), &now, area, offset, scroll);
    drop(now);
    model.help_offset = scrolled;
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

/// Tab to the theme list (with the sidebar folded it shows over the canvas's corner).
fn to_themes(model: &mut Model) {
    model.focus = Focus::Themes;
}

/// Back to the maze from the theme list, which shows the theme kept again (saying so if the
/// cursor had shown another).
fn leave_themes(model: &mut Model) {
    model.focus = Focus::Canvas;
    model.cursor = model.theme_kept;
    if model.theme != model.theme_kept {
        model.theme = model.theme_kept;
        let text = format!("Theme: {} again", model.theme().name);
        model.set_status(StatusKind::Info, text);
    }
}
