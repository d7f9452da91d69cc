//! How each message changes the model: the root of the dashboard's update. It hands each
//! message to the part it is for, routes each action through the layer list (see
//! [`super::layer`]), and settles after every message. The parts' own answers are in their
//! modes (`modes/*/update.rs`); the dashboard's own actions (themes, focus, the view, the pace,
//! the help, leaving) are here. No terminal, no files, no clock: anything that touches the
//! outside world is returned as an [`Effect`].

use std::path::PathBuf;
use std::sync::Arc;

use super::effect::Effect;
use super::kernel::action::{Action, HelpScroll, Mouse, MouseKind};
use super::layer::Layer;
use super::layout::theme_scroll;
use super::message::Message;
use super::model::{Focus, Model, StatusKind};
use super::modes::export::update as export;
use super::modes::inspector::update as inspector;
use super::modes::play::update::{self as play, Played, ToPlay};
use super::modes::race::update as race;
use super::modes::replay::update as timeline;
use super::modes::studio::update as studio;
use super::viewport::Zoom;
use mazegen::Dir;
use mazegen::config::Config;
use mazegen::inspect::Inspection;
use mazegen::validate::Expected;

pub use super::modes::studio::update::STEP_TIME_LIMIT;

#[cfg(test)]
mod tests;

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    let mut effects = match message {
        // The inspector's own messages: its prompt's keys and its jobs' answers.
        Message::Inspector(message) => inspector::on_message(model, message),
        Message::Tick(frame) if model.race.is_some() => {
            race::tick(model, frame);
            Vec::new()
        }
        Message::Tick(frame) => {
            play::tick(model, frame);
            studio::tick(model, frame)
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
        Message::Mouse(mouse) if model.race.is_some() => {
            race::mouse(model, mouse);
            Vec::new()
        }
        Message::Mouse(mouse) => match mouse_action(model, mouse) {
            Some(action) => route(model, action, Layer::ORDER.as_slice()),
            None => Vec::new(),
        },
        Message::Resize { width, height } => {
            model.resize((width, height));
            Vec::new()
        }
        Message::Progress { job, done, total } => {
            studio::progress(model, job, done, total);
            Vec::new()
        }
        Message::Written { job, outcome } => {
            studio::written(model, job, outcome);
            Vec::new()
        }
        Message::Measured { job, measured } => {
            studio::measured(model, job, measured);
            Vec::new()
        }
        Message::MeasureRefused { job, reason } => {
            studio::measure_refused(model, job, &reason);
            Vec::new()
        }
        Message::Searched { job, searched } => {
            studio::searched(model, job, searched);
            Vec::new()
        }
        Message::Made { job, made } => {
            studio::made(model, job, made);
            Vec::new()
        }
        Message::RaceTimed { job, times } => {
            race::timed(model, job, times);
            Vec::new()
        }
        Message::ScoreRecorded { job, outcome } => {
            play::recorded(model, job, outcome);
            Vec::new()
        }
        Message::ConfigWritten { job, outcome } => {
            studio::config_written(model, job, outcome);
            Vec::new()
        }
    };
    effects.extend(settle(model));
    effects
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
    model.session.finish();
    model.config = config;
    inspector::open_at_start(model, path, inspection, expected, output_file)
}

/// Follows up on whatever changed: the race's times, the studio's measuring, search work,
/// first save and the actions that waited for its maze (run through the layers below the
/// inspector), then what is to be freed, and quitting once nothing is left to write.
/// Idempotent: calling it again changes nothing.
fn settle(model: &mut Model) -> Vec<Effect> {
    let mut effects: Vec<Effect> = race::settle(model).into_iter().collect();
    let (studio_effects, ready) = studio::settle(model);
    effects.extend(studio_effects);
    // They were the studio's to run, on its maze: an opened file does not take them.
    for action in ready {
        effects.extend(route(model, action, &WAITING_LAYERS));
    }
    effects.extend(studio::settled(model));
    effects
}

/// The maze `g` plays: the opened file's when one is shown, else the generated one, once it is
/// finished.
fn maze_to_play(model: &Model) -> ToPlay {
    match model.inspect.file() {
        Some(file) => match file.playable() {
            Ok(maze) => ToPlay::Maze(Arc::new(maze)),
            Err(reason) => ToPlay::Unplayable(reason),
        },
        None => model
            .session
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
            Layer::Help => {
                if let Action::ScrollHelp(scroll) = action {
                    scroll_help(model, scroll);
                    return Vec::new();
                }
            }
            Layer::Export => match export::act(model, action) {
                Ok(effects) => return effects,
                Err(passed) => action = passed,
            },
            Layer::Play => {
                if play::refuses(model, action) {
                    return Vec::new();
                }
            }
            Layer::Race => {
                if let Some(effects) = race::act(model, action) {
                    return effects;
                }
            }
            Layer::Replay => {
                if timeline::act(model, action) {
                    return Vec::new();
                }
            }
            Layer::Inspector => match inspector::on_action(model, action) {
                Ok(effects) => return effects,
                Err(passed) => action = passed,
            },
            Layer::Studio => return act(model, action),
        }
    }
    Vec::new()
}

/// Ctrl-C (or Ctrl-\): quits from wherever the user is, as `q` does from the bare dashboard;
/// again while that waits for a write, leaves at once.
fn interrupt(model: &mut Model) -> Vec<Effect> {
    if model.quitting {
        return vec![Effect::Abort];
    }
    quit(model)
}

/// Asks to leave: settling quits once the first maze is written and nothing else is being.
fn quit(model: &mut Model) -> Vec<Effect> {
    model.quitting = true;
    let effects = studio::complete_first(model);
    if let Some(text) = studio::quitting_text(model) {
        model.set_status(StatusKind::Info, text);
    }
    effects
}

/// The dashboard's own actions, and the ones that reach another part through the root (play,
/// replay, race); the rest are the studio's.
fn act(model: &mut Model, action: Action) -> Vec<Effect> {
    if studio::refuses_without_a_maze(model, action) {
        return Vec::new();
    }
    match action {
        Action::TogglePlay | Action::LeavePlay | Action::ToggleFog | Action::Walk { .. } => {
            match play::act(model, action, maze_to_play) {
                Played::Done(effects) => effects,
                Played::NeedsTheMaze => {
                    studio::wait_for_the_maze(model, action);
                    let effects = studio::finish(model);
                    play::waiting(model);
                    effects
                }
            }
        }
        // Nothing in the model changes; the run loop owns the terminal.
        Action::Suspend => vec![Effect::Suspend],
        // `q` and Esc back out of the theme list first; they quit from the bare dashboard.
        Action::Quit if model.focus == Focus::Themes => {
            model.focus = Focus::Canvas;
            model.cursor = model.theme;
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
            model.help_offset = 0;
            Vec::new()
        }
        Action::ToggleSidebar => {
            model.sidebar_flipped = !model.sidebar_flipped;
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
            timeline::scrub(model, scrub);
            Vec::new()
        }
        Action::Race => {
            race::start(
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

        _ => studio::act(model, action),
    }
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

/// Moves the help overlay's text, as far as the terminal's size lets it.
fn scroll_help(model: &mut Model, scroll: HelpScroll) {
    let area = ratatui::layout::Rect::new(0, 0, model.size.0, model.size.1);
    let offset = model.help_offset;
    model.help_offset =
        super::view::help::scrolled(model.theme(), model.keymap(), area, offset, scroll);
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
