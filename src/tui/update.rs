//! How each message changes the model. No terminal, no files, no clock: time arrives in
//! `Tick`, and anything that touches the outside world is returned as an [`Effect`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use super::effect::{Effect, ExportRequest, SaveRequest};
use super::keymap::Context;
use super::layout::theme_scroll;
use super::message::{Action, Message, SaveReport};
use super::model::{FirstSave, Focus, Model, StatusKind};
use super::pace::{CARVING_SECONDS, SOLVING_SECONDS};
use super::theme::css_color;
use super::viewport::Zoom;
use mazegen::Dir;
use mazegen::format::svg::{self, SvgOptions, SvgStyle};
use mazegen::session::{Phase, Session};

#[cfg(test)]
mod tests;

/// Applies `message` to `model` and returns what the run loop must do, in order.
pub fn update(model: &mut Model, message: Message) -> Vec<Effect> {
    match message {
        Message::Tick(frame) => tick(model, frame),
        Message::Key(key) => match model.keymap.action_for(key, key_context(model)) {
            Some(action) => act(model, action),
            None => Vec::new(),
        },
        Message::Mouse(mouse) => match mouse_action(model, mouse) {
            Some(action) => act(model, action),
            None => Vec::new(),
        },
        Message::Resize { width, height } => {
            model.resize((width, height));
            Vec::new()
        }
        Message::Action(action) => act(model, action),
        Message::Saved(report) => {
            saved(model, report);
            Vec::new()
        }
        Message::Exported { path, outcome } => {
            match outcome {
                Ok(()) => model.set_status(
                    StatusKind::Success,
                    format!("Exported the maze to {}", path.display()),
                ),
                Err(reason) => {
                    model.set_status(StatusKind::Error, format!("Not exported: {reason}"))
                }
            }
            Vec::new()
        }
    }
}

/// Where keys go: the help overlay when open, else the focused pane.
fn key_context(model: &Model) -> Context {
    match (model.help, model.focus) {
        (true, _) => Context::Help,
        (false, Focus::Canvas) => Context::Canvas,
        (false, Focus::Themes) => Context::Themes,
    }
}

fn tick(model: &mut Model, frame: Duration) -> Vec<Effect> {
    let phase = model.maze.phase();
    let seconds = match phase {
        Phase::Carving => CARVING_SECONDS,
        Phase::Solving => SOLVING_SECONDS,
        Phase::Done => return Vec::new(),
    };
    let budget = model
        .pace
        .budget(frame, model.maze.estimated_steps(phase), seconds);
    let taken = model.maze.advance(budget);
    model.pace.record(taken, frame);
    after_progress(model, phase)
}

/// Follows up on steps taken from `before`: a new phase restarts the pace meter, and the
/// first finished maze is saved.
fn after_progress(model: &mut Model, before: Phase) -> Vec<Effect> {
    let now = model.maze.phase();
    if now != before {
        model.pace.restart();
    }
    if now == Phase::Done && model.first_save == FirstSave::Pending {
        model.first_save = FirstSave::Requested;
        return save(model).into_iter().collect();
    }
    Vec::new()
}

/// A request to write the current, finished maze.
fn save(model: &mut Model) -> Option<Effect> {
    let maze = &model.maze;
    let Some(solution) = maze.solution() else {
        let text = format!(
            "Not saved: no path from {} to {}",
            maze.entry(),
            maze.exit()
        );
        model.set_status(StatusKind::Error, text);
        return None;
    };
    Some(Effect::Save(SaveRequest {
        path: model.config.output_file.clone(),
        seed: maze.options().seed,
        grid: maze.grid().clone(),
        entry: maze.entry(),
        exit: maze.exit(),
        solution: solution.clone(),
    }))
}

/// A request to draw the current, finished maze as SVG next to OUTPUT_FILE (same folder and
/// stem), with the theme's colours and the path if it is shown.
fn export(model: &Model) -> Effect {
    let maze = &model.maze;
    let palette = &model.theme().palette;
    let css = |color, fallback| css_color(color, fallback);
    let style = SvgStyle {
        background: css(palette.background, "#ffffff"),
        walls: css(palette.walls, "#000000"),
        path: css(palette.path, "#0077cc"),
        entry: css(palette.entry, "#cc00cc"),
        exit: css(palette.exit, "#cc0000"),
        stamp: css(palette.stamp, "#888888"),
        courtyard: css(palette.visited, "#eeeeee"),
    };
    let options = SvgOptions {
        show_path: model.show_path,
        style,
        metadata: svg::maze_metadata(maze.options(), maze.entry(), maze.exit()),
        ..SvgOptions::default()
    };
    Effect::Export(ExportRequest {
        path: svg_path(&model.config.output_file),
        grid: maze.grid().clone(),
        entry: maze.entry(),
        exit: maze.exit(),
        solution: maze.solution().filter(|_| model.show_path).cloned(),
        options,
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

/// Finishes the maze at once, saving it if it is the first.
fn finish(model: &mut Model) -> Vec<Effect> {
    let before = model.maze.phase();
    model.maze.finish();
    after_progress(model, before)
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
    match action {
        Action::Quit => {
            let mut effects = complete_first(model);
            effects.push(Effect::Quit);
            effects
        }
        Action::Save => {
            let mut effects = finish(model);
            // Finishing the first maze already asked for it to be written.
            if effects.is_empty() {
                effects.extend(save(model));
            }
            effects
        }
        Action::Export => {
            let mut effects = finish(model);
            effects.push(export(model));
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
                Phase::Carving => format!("Solver: {} (once carving ends)", solver.label()),
                _ => format!("Solver: {}", solver.label()),
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
    let effects = complete_first(model);
    let seed = model.seeds.next_u64();
    replace_maze(model, seed, format!("New maze, seed {seed}"));
    effects
}

/// The same seed carved by the next algorithm, so the two can be compared.
fn next_algorithm(model: &mut Model) -> Vec<Effect> {
    let effects = complete_first(model);
    let seed = model.maze.options().seed;
    model.config.algorithm = model.config.algorithm.next();
    let text = format!("Algorithm: {}, seed {seed}", model.config.algorithm);
    replace_maze(model, seed, text);
    effects
}

/// Starts animating a new maze from the config and `seed`, saying `text` if that works.
fn replace_maze(model: &mut Model, seed: u64, text: String) {
    match Session::from_config(&model.config, seed, model.maze.solver()) {
        Ok(maze) => {
            model.maze = maze;
            model.pace.restart();
            if model.pace.is_paused() {
                model.pace.toggle_pause();
            }
            model.set_status(StatusKind::Info, text);
        }
        Err(e) => model.set_status(StatusKind::Error, format!("Cannot make a new maze: {e}")),
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
    after_progress(model, before)
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

fn saved(model: &mut Model, report: SaveReport) {
    let path = report.path.display();
    match report.outcome {
        Ok(()) => model.set_status(
            StatusKind::Success,
            format!("Saved the maze with seed {} to {path}", report.seed),
        ),
        Err(reason) => model.set_status(StatusKind::Error, format!("Not saved: {reason}")),
    }
}

/// Clicks pick themes and focus panes; the wheel pans the canvas or scrolls the theme list.
fn mouse_action(model: &Model, mouse: MouseEvent) -> Option<Action> {
    let screen = model.screen()?;
    let at = ratatui::layout::Position::new(mouse.column, mouse.row);
    let on_themes = screen.themes.contains(at);
    let on_canvas = screen.canvas_pane.contains(at);
    let sideways = mouse.modifiers.contains(KeyModifiers::SHIFT);
    let wheel = |towards: Dir| {
        Some(Action::Pan {
            towards,
            big: false,
        })
    };
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) if on_themes => {
            let row = usize::from(mouse.row - screen.themes.y);
            Some(Action::PickTheme(
                theme_scroll(model.cursor, screen.themes.height) + row,
            ))
        }
        MouseEventKind::Down(_) if on_canvas => Some(Action::FocusCanvas),
        MouseEventKind::ScrollUp if on_themes => Some(Action::CursorUp),
        MouseEventKind::ScrollDown if on_themes => Some(Action::CursorDown),
        MouseEventKind::ScrollUp if on_canvas => {
            wheel(if sideways { Dir::West } else { Dir::North })
        }
        MouseEventKind::ScrollDown if on_canvas => {
            wheel(if sideways { Dir::East } else { Dir::South })
        }
        MouseEventKind::ScrollLeft if on_canvas => wheel(Dir::West),
        MouseEventKind::ScrollRight if on_canvas => wheel(Dir::East),
        _ => None,
    }
}
