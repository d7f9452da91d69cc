//! Drawing the model: a pure function of it, called once a frame.

mod aggregate;
mod braille;
pub(crate) mod canvas;
pub(crate) mod footer;
pub(crate) mod help;
mod minimap;
pub(crate) mod paint;
pub(crate) mod pane;
pub(crate) mod roles;
mod scale;
pub(crate) mod sidebar;
#[cfg(test)]
pub(crate) mod tests;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::layer;
use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::message::Action;
use super::model::{Focus, Model};
use super::modes::inspector::FileRoles;
use super::modes::inspector::view as problems;
use super::modes::picker::{self as pickers, List};
use super::modes::play::view as play;
use super::modes::replay::view as replay;
use super::viewport::{Shown, Zoom, detail_capacity, pans};
use pane::pane;
use roles::{BlockRoles, MazeRoles};

pub use super::text::solver_label;

use super::modes::race::view as race;
pub use super::modes::race::view::{leave_key, race_lanes};
pub use scale::Scale;

pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    draw(model, area, frame.buffer_mut());
}

/// Draws the whole screen into `buf`.
pub fn draw(model: &Model, area: Rect, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.text).bg(palette.background);
    Block::new().style(base).render(area, buf);
    let Some(screen) = model.screen_of(area) else {
        too_small(area, base, &quit_key(model), buf);
        return;
    };
    if let Some(race) = model.race() {
        let around = race::Around {
            theme: model.theme(),
            config: model.config(),
            seed: model.seed(),
            status: model.status(),
            keymap: model.keymap(),
        };
        race::draw(&around, race, area, buf);
        help_over(model, area, buf);
        return;
    }
    // The title's room: the pane's width less its corners and a column of border each side.
    let room = usize::from(screen.canvas_pane.width.saturating_sub(4));
    let title = play::canvas_title(model)
        .unwrap_or_else(|| canvas_title(model, screen.canvas_size(), room));
    let focused = model.focus() == Focus::Canvas;
    let canvas_pane = pane(&title, model.theme(), focused);
    match screen.summary {
        // Folded, the pane keeps only its top border: the title, then the sidebar's summary.
        Some(summary) => {
            canvas_pane
                .borders(Borders::TOP)
                .render(screen.canvas_pane, buf);
            let after_title = title.chars().count() as u16 + 2;
            sidebar::summary(model, summary, after_title, buf);
        }
        None => canvas_pane.render(screen.canvas_pane, buf),
    }
    let file = model.inspect.file();
    let game = play::overlay(model);
    let maze_roles;
    let file_roles;
    let roles: &dyn BlockRoles = match (file, &game) {
        (Some(file), Some(game)) => {
            file_roles = FileRoles::with_overlay(file, game);
            &file_roles
        }
        (Some(file), None) => {
            file_roles = FileRoles::new(file, model.shows_path());
            &file_roles
        }
        (None, Some(game)) => {
            maze_roles = MazeRoles::with_overlay(model.shown_session(), game);
            &maze_roles
        }
        (None, None) => {
            maze_roles = MazeRoles::new(model.shown_session(), model.shows_path());
            &maze_roles
        }
    };
    if model.has_no_maze() {
        no_maze(model, screen.canvas, buf);
    } else {
        canvas::draw(
            roles,
            model.viewport(),
            model.maze_blocks(),
            model.theme(),
            screen.canvas,
            buf,
        );
    }
    match file {
        Some(file) => {
            problems::draw_sidebar(model, file, &screen, buf);
            play::pane_over(model, screen.solvers, buf);
        }
        None => {
            super::modes::studio::view::draw(model, &screen, buf);
            play::pane_over(model, screen.solvers, buf);
        }
    }
    footer::draw(model, screen.status, screen.keys, buf);
    // An opened file or a game has no carving to scrub.
    let scrubbable = model.inspect.file().is_none() && !model.has_no_maze() && !model.is_playing();
    let carving = scrubbable.then(|| replay::Carving {
        replay: model.replay(),
        live: &model.session,
        shown: model.shown_session(),
    });
    let message = footer::status_text(model).chars().count();
    replay::draw(carving, model.theme(), message, screen.status, buf);
    // The path prompt takes the status line while it is open, scrubbing or not.
    if let Some(prompt) = model.inspect.prompt() {
        problems::prompt(model.theme(), prompt, screen.status, screen.keys, buf);
    }
    let output_file = &model.config().output_file;
    let export = &model.export;
    super::modes::export::view::draw(export, model.theme(), output_file, screen.canvas_pane, buf);
    picker_over(model, screen.canvas_pane, buf);
    if screen.summary.is_some() && model.focus() == Focus::Themes {
        themes_over(model, screen.canvas, buf);
    }
    help_over(model, area, buf);
}

/// The theme list while the sidebar is folded and the list has the focus: a box in the
/// canvas's top-right corner, so that most of the maze shows the theme under the cursor.
fn themes_over(model: &Model, canvas: Rect, buf: &mut Buffer) {
    let widest = model
        .themes
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0);
    let title = sidebar::titled_with_key(model, "Themes", Action::ToggleFocus);
    // The marks and the name, or the title, and the borders.
    let width = (widest + 2).max(title.chars().count() + 2) + 2;
    let width = u16::try_from(width).unwrap_or(u16::MAX).min(canvas.width);
    let height = u16::try_from(model.themes.len() + 2)
        .unwrap_or(u16::MAX)
        .min(canvas.height);
    let area = Rect::new(canvas.right() - width, canvas.y, width, height);
    ratatui::widgets::Clear.render(area, buf);
    sidebar::themes(model, area, buf);
}

/// The algorithm or solver list over the canvas, if one is open, its entry in use marked.
fn picker_over(model: &Model, area: Rect, buf: &mut Buffer) {
    let picker = model.picker();
    let (in_use, opening) = match picker.list() {
        None => return,
        Some(List::Algorithms) => (
            pickers::algorithm_index(model.config().algorithm),
            Action::AlgorithmList,
        ),
        Some(List::Solvers) => (
            pickers::solver_index(super::update::solver_in_use(model)),
            Action::SolverList,
        ),
    };
    let key = model.keymap().first_key_label(opening);
    pickers::view::draw(picker, in_use, key.as_deref(), model.theme(), area, buf);
}

/// What the help overlay lists as usable: what the layer list says acts now.
pub(crate) fn help_now(model: &Model) -> help::Now<'_> {
    help::Now {
        context: layer::context_under_help(model),
        acts: Box::new(|binding| layer::acts_now(model, binding)),
        racing: layer::Layer::Race.is_open(model),
    }
}

/// The help overlay over everything, if it is open, scrolled as the user left it.
fn help_over(model: &Model, area: Rect, buf: &mut Buffer) {
    if model.help_is_open() {
        let (theme, keymap) = (model.theme(), model.keymap());
        let now = help_now(model);
        help::draw(theme, keymap, &now, model.help_offset(), area, buf);
    }
}

/// The canvas while there is no maze to draw: the one shown was freed while a new one is made
/// (or could not be made), see [`Model::has_no_maze`].
fn no_maze(model: &Model, canvas: Rect, buf: &mut Buffer) {
    let text = if model.is_making() {
        let (config, options) = (model.config(), model.shown_session().options());
        format!(
            "Making the {}x{} {} maze, seed {}…",
            config.width, config.height, options.algorithm, options.seed
        )
    } else {
        super::modes::studio::update::no_maze_text(model)
    };
    let style = Style::new().fg(model.theme().palette.muted);
    let middle = Rect::new(canvas.x, canvas.y + canvas.height / 2, canvas.width, 1);
    Paragraph::new(Line::styled(text, style))
        .centered()
        .render(middle.intersection(canvas), buf);
}

/// Names the view, the one the zoom key moves to and, when panning, which cells are on screen,
/// in `room` columns: the hints go first, then the name, so the cells shown stay whole.
/// The fit view is plainly " Maze ": the maze as it should look.
fn canvas_title(model: &Model, canvas: (u16, u16), room: usize) -> String {
    let blocks = model.maze_blocks();
    let viewport = model.viewport();
    let next = match model.keymap().first_key_label(Action::ToggleZoom) {
        Some(key) => format!("{key}: {}", viewport.next_zoom(blocks, canvas).name()),
        None => String::new(),
    };
    let hint = |before: &str| match (before.is_empty(), next.is_empty()) {
        (true, true) => String::new(),
        (true, false) => format!(" ({next})"),
        (false, true) => format!(" ({before})"),
        (false, false) => format!(" ({before}, {next})"),
    };
    match (viewport.zoom(), viewport.shown(blocks, canvas)) {
        (Zoom::Fit, Shown::Blocks(_)) => " Maze ".to_owned(),
        (Zoom::Fit | Zoom::Whole, _) => format!(" Maze · whole{} ", hint("")),
        (Zoom::Detail, _) if !pans(blocks, canvas) => format!(" Maze · 1:1{} ", hint("")),
        (Zoom::Detail, _) => {
            let (columns, rows) = detail_capacity(canvas.0, canvas.1);
            let (left, top) = viewport.origin(blocks, canvas);
            let last = |first: u32, shown: u32, cells: u32| ((first + shown) / 2).min(cells);
            let cells = format!(
                "{}–{} x {}–{}",
                left / 2,
                last(left, columns, blocks.0 / 2) - 1,
                top / 2,
                last(top, rows, blocks.1 / 2) - 1,
            );
            [
                format!(" Maze · cells {cells}{} ", hint("arrows pan")),
                format!(" Maze · cells {cells}{} ", hint("")),
                format!(" Maze · cells {cells} "),
                format!(" {cells} "),
            ]
            .into_iter()
            .find(|title| title.chars().count() <= room)
            .unwrap_or_else(|| format!(" {cells} "))
        }
    }
}

/// The key that quits, as the screen writes it (the keymap always has one).
fn quit_key(model: &Model) -> String {
    let quit = model.keymap().first_key_label(Action::Quit);
    quit.unwrap_or_default()
}

fn too_small(area: Rect, style: Style, quit: &str, buf: &mut Buffer) {
    let (width, height) = (area.width, area.height);
    // The longest message that fits, so the way out is never cut off.
    let text = [
        format!(
            "Terminal too small: {width}x{height}, need {MIN_WIDTH}x{MIN_HEIGHT} ({quit} quits)"
        ),
        format!("Too small: {width}x{height} < {MIN_WIDTH}x{MIN_HEIGHT} ({quit} quits)"),
        format!("Need {MIN_WIDTH}x{MIN_HEIGHT}, {quit} quits"),
        format!("{quit} quits"),
    ]
    .into_iter()
    .find(|text| text.chars().count() <= usize::from(width))
    .unwrap_or_default();
    let row = Rect::new(area.x, area.y + height / 2, width, 1.min(height));
    Paragraph::new(Line::styled(text, style)).render(row, buf);
}
