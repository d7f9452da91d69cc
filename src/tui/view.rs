//! Drawing the model: a pure function of it, called once a frame.

pub(crate) mod aggregate;
mod braille;
pub(crate) mod canvas;
pub(crate) mod footer;
mod heat;
pub(crate) mod largest;
pub(crate) mod minimap;
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
use super::layout::{MIN_HEIGHT, MIN_WIDTH, Panes};
use super::message::Action;
use super::model::{Focus, Model};
use super::modes::inspector::FileRoles;
use super::modes::inspector::view as problems;
use super::modes::picker::{self as pickers, List};
use super::modes::play::view as play;
use super::modes::replay::view as replay;
use super::modes::studio::view as studio;
use super::viewport::{Shown, Zoom, pans};
use pane::pane;
use roles::{BlockRoles, MazeRoles};
use sidebar::output_mark;

use super::modes::race::view as race;

pub fn view(model: &Model, frame: &mut Frame) {
    let area = frame.area();
    draw(model, area, frame.buffer_mut());
}

/// Draws the whole screen into `buf`.
pub fn draw(model: &Model, area: Rect, buf: &mut Buffer) {
    model.path_memo.begin_frame();
    draw_screen(model, area, buf);
    model.path_memo.end_frame();
}

fn draw_screen(model: &Model, area: Rect, buf: &mut Buffer) {
    let palette = &model.theme().palette;
    let base = Style::new().fg(palette.text).bg(palette.background);
    Block::new().style(base).render(area, buf);
    let Some(screen) = model.screen_of(area) else {
        too_small(area, base, &quit_key(model), buf);
        return;
    };
    if let Some(race) = model.race() {
        let status = layer::status(model);
        let around = race::Around {
            theme: model.theme(),
            config: model.config(),
            seed: model.seed(),
            status: status.as_ref(),
            keymap: model.keymap(),
            saved_lane: (0..race.lanes.len()).find(|&i| {
                model
                    .stack
                    .studio
                    .saves
                    .holds(model.stack.studio.saves.lane(i))
            }),
        };
        race::draw(&around, race, area, buf);
        log_over(model, area, buf);
        help_over(model, area, buf);
        return;
    }
    let title = pane_title(model, &screen);
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
    let file = model.stack.inspect.file();
    let game = play::overlay(model.play());
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
    // The heatmap: the generated maze's distances, not a game's nor a replayed moment's.
    let heat_on = model.heat.on && file.is_none() && game.is_none();
    let distances = model
        .shown_session()
        .maze()
        .filter(|_| heat_on)
        .and_then(|maze| model.heat.of(maze));
    if model.has_no_maze() {
        no_maze(model, screen.canvas, buf);
    } else {
        let extras = canvas::Extras {
            heat: distances,
            memo: Some(&model.path_memo),
        };
        canvas::draw_with(
            roles,
            model.viewport(),
            model.maze_blocks(),
            model.theme(),
            extras,
            screen.canvas,
            buf,
        );
    }
    if heat_on && model.shown_session().maze().is_some() {
        // On the pane's bottom border (the canvas's last row when the sidebar is folded).
        let pane = screen.canvas_pane;
        let row = Rect::new(
            pane.x + 2,
            pane.bottom() - 1,
            pane.width.saturating_sub(4),
            1,
        );
        heat::legend(model.theme(), distances, row, buf);
    }
    match file {
        Some(file) => {
            problems::draw_sidebar(model.theme(), model.keymap(), file, &screen, buf);
            sidebar::themes(model, screen.themes_pane, buf);
            play::pane_over(model.play(), model.theme(), screen.solvers, buf);
        }
        None => {
            let around = studio::Around {
                theme: model.theme(),
                keymap: model.keymap(),
                config: model.config(),
                pace: model.pace(),
                shown: model.shown_session(),
            };
            studio::draw(&model.stack.studio, &around, &screen, buf);
            sidebar::themes(model, screen.themes_pane, buf);
            play::pane_over(model.play(), model.theme(), screen.solvers, buf);
        }
    }
    if let Some(area) = screen.legend {
        let (items, note) = legend_now(model);
        let whole = model
            .viewport()
            .shown(model.maze_blocks(), screen.canvas_size())
            == Shown::Whole;
        sidebar::legend(model.theme(), &items, note, whole, area, buf);
    }
    footer::draw(model, screen.status, screen.keys, buf);
    // An opened file or a game has no carving to scrub.
    let scrubbable = layer::base(model) == layer::Layer::Studio
        && !model.has_no_maze()
        && !layer::Layer::Play.is_open(model);
    let carving = scrubbable.then(|| replay::Carving {
        replay: model.replay(),
        live: &model.stack.studio.session,
        shown: model.shown_session(),
    });
    let message = footer::fitted(footer::status_text(model), usize::from(screen.status.width))
        .chars()
        .count();
    replay::draw(carving, model.theme(), message, screen.status, buf);
    // The path prompt takes the status line while it is open, scrubbing or not.
    if let Some(prompt) = model.stack.inspect.prompt() {
        problems::prompt(model.theme(), prompt, screen.status, screen.keys, buf);
    }
    let output_file = &model.config().output_file;
    let export = &model.stack.export;
    super::modes::export::view::draw(export, model.theme(), output_file, screen.canvas_pane, buf);
    picker_over(model, screen.canvas_pane, buf);
    if screen.summary.is_some() && model.focus() == Focus::Themes {
        themes_over(model, screen.canvas, buf);
    }
    log_over(model, area, buf);
    help_over(model, area, buf);
}

/// The canvas pane's title: play's, or the view's (see [`titled`]).
pub(crate) fn pane_title(model: &Model, screen: &Panes) -> String {
    // The title's room: the pane's width less its corners and a column of border each side.
    let room = usize::from(screen.canvas_pane.width.saturating_sub(4));
    let marked = screen.summary.is_none();
    // Folded, a replay's title leaves half the row to the summary after it, for the maze and
    // whether OUTPUT_FILE holds it.
    let replaying = layer::title(model) == layer::Title::Replay;
    let room = if marked || !replaying { room } else { room / 2 };
    match layer::title(model) {
        layer::Title::Play => play::canvas_title(model.play(), model.keymap(), !marked),
        layer::Title::Replay | layer::Title::View => None,
    }
    .unwrap_or_else(|| titled(model, screen.canvas_size(), room, marked))
}

/// What the legend says (see [`layer::legend`]): its roles, and a note, if any.
fn legend_now(model: &Model) -> (Vec<(roles::Role, &'static str)>, Option<&'static str>) {
    match layer::legend(model) {
        layer::Legend::Play => (play::legend(model.play()), None),
        layer::Legend::Problems => (problems::PROBLEM_LEGEND.to_vec(), None),
        layer::Legend::Heat => (heat::SIDEBAR_LEGEND.to_vec(), Some(heat::SIDEBAR_NOTE)),
        layer::Legend::Carving => (studio::CANVAS_LEGEND.to_vec(), None),
    }
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
    let title = sidebar::titled_with_key(model.keymap(), "Themes", Action::ToggleFocus);
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
            pickers::solver_index(model.solver_in_use()),
            Action::SolverList,
        ),
    };
    let key = model.keymap().first_key_label(opening);
    pickers::view::draw(picker, in_use, key.as_deref(), model.theme(), area, buf);
}

/// The message log over the screen but its last two lines, if it is open.
fn log_over(model: &Model, area: Rect, buf: &mut Buffer) {
    super::modes::log::view::draw(model.log(), model.theme(), model.keymap(), area, buf);
}

/// The help overlay over everything, if it is open, scrolled as the user left it.
fn help_over(model: &Model, area: Rect, buf: &mut Buffer) {
    if layer::Layer::Help.is_open(model) {
        let (theme, keymap) = (model.theme(), model.keymap());
        let now = super::help::now(model);
        super::help::draw(theme, keymap, &now, model.help_offset(), area, buf);
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
        super::modes::studio::update::no_maze_text(model.keymap())
    };
    let style = Style::new().fg(model.theme().palette.muted);
    let middle = Rect::new(canvas.x, canvas.y + canvas.height / 2, canvas.width, 1);
    Paragraph::new(Line::styled(text, style))
        .centered()
        .render(middle.intersection(canvas), buf);
}

/// The canvas's title in `room` columns: the REPLAY badge while a moment is replayed, the
/// view's name (see [`canvas_title`]), then whether OUTPUT_FILE holds the maze shown (see
/// [`output_mark`]) where the view's name leaves room: shortened to its mark alone, or left
/// out. With
/// the sidebar folded (not `marked`) the mark is the summary's, after the title.
fn titled(model: &Model, canvas: (u16, u16), room: usize, marked: bool) -> String {
    let badge = if layer::title(model) == layer::Title::Replay {
        " REPLAY ·"
    } else {
        ""
    };
    let marks = match output_mark(model) {
        Some((long, short)) if marked => vec![long, short],
        _ => Vec::new(),
    };
    let view = canvas_title(model, canvas, room.saturating_sub(badge.chars().count()));
    let used = badge.chars().count() + view.chars().count();
    match marks
        .iter()
        .map(|mark| format!("· {mark} "))
        .find(|mark| used + mark.chars().count() <= room)
    {
        Some(mark) => format!("{badge}{view}{mark}"),
        None => format!("{badge}{view}"),
    }
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
        (Zoom::Fit | Zoom::Whole | Zoom::Braille, Shown::Whole | Shown::Blocks(_)) => {
            format!(" Maze · whole{} ", hint(""))
        }
        (Zoom::Detail, _) if !pans(blocks, canvas) => format!(" Maze · 1:1{} ", hint("")),
        (Zoom::Detail | Zoom::Braille | Zoom::Whole | Zoom::Fit, _) => {
            let (columns, rows) = viewport.capacity(canvas);
            let scale = if viewport.zoom() == Zoom::Braille {
                " 1:4 ·"
            } else {
                ""
            };
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
                format!(" Maze ·{scale} cells {cells}{} ", hint("arrows pan")),
                format!(" Maze ·{scale} cells {cells}{} ", hint("")),
                format!(" Maze ·{scale} cells {cells} "),
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
