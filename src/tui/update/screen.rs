//! The dashboard's screen-wide actions, whatever mode is on: the themes and the theme list,
//! the focus, the view (pan, centre, zoom, the heatmap), the help, the sidebar, and the pace
//! of the animation (pause, speed). The root hands them here before the studio's own; the
//! mouse's clicks and wheel on the panes become these actions too ([`mouse_action`]).

use super::super::effect::Effect;
use super::super::kernel::action::{Action, HelpScroll, Mouse, MouseKind};
use super::super::layout::theme_scroll;
use super::super::model::{Focus, Model, StatusKind};
use super::canvas;
use mazegen::Dir;

/// Answers `action` if it is a screen-wide one; `None` leaves it to the studio.
pub(super) fn act(model: &mut Model, action: Action) -> Option<Vec<Effect>> {
    match action {
        // `q` and Esc back out of the theme list first, back to the theme kept; they quit
        // from the bare dashboard.
        Action::Quit if model.focus == Focus::Themes => leave_themes(model),
        Action::NextTheme => use_theme(model, (model.theme + 1) % model.themes.len()),
        Action::PreviousTheme => {
            let count = model.themes.len();
            use_theme(model, (model.theme + count - 1) % count);
        }
        // Enter keeps the theme shown and gives the maze the keyboard back.
        Action::PickCursorTheme => {
            use_theme(model, model.cursor);
            model.focus = Focus::Canvas;
        }
        Action::PickTheme(index) => {
            if index < model.themes.len() {
                model.focus = Focus::Themes;
                use_theme(model, index);
            }
        }
        Action::CursorUp | Action::CursorDown => {
            let count = model.themes.len();
            let by = if action == Action::CursorUp {
                count - 1
            } else {
                1
            };
            preview_theme(model, (model.cursor + by) % count);
        }
        Action::ToggleFocus => match model.focus {
            Focus::Canvas => {
                to_themes(model);
                model.cursor = model.theme;
            }
            Focus::Themes => leave_themes(model),
        },
        Action::FocusCanvas => {
            if model.focus == Focus::Themes {
                leave_themes(model);
            }
        }
        Action::Pan { towards, big } => canvas::pan(model, towards, big),
        Action::Centre(place) => canvas::centre(model, place),
        Action::ToggleHeat => canvas::toggle_heat(model),
        Action::ToggleZoom if !super::super::layer::zoom_changes_the_view(model) => {
            model.set_status(
                StatusKind::Info,
                "The whole maze is in view at 1:1 already: nothing to zoom",
            );
        }
        Action::ToggleZoom => {
            let canvas = model.screen().map_or((0, 0), |s| s.canvas_size());
            let blocks = model.maze_blocks();
            model.viewport.cycle_zoom(blocks, canvas);
        }
        Action::ToggleHelp => {
            model.help = !model.help;
            model.help_offset = 0;
        }
        Action::ToggleSidebar => {
            model.sidebar_flipped = !model.sidebar_flipped;
            if !super::super::layout::shows_sidebar(model.size, model.sidebar_flipped) {
                model.focus = Focus::Canvas;
            }
        }
        Action::TogglePause => {
            model.pace.toggle_pause();
            let text = if model.pace.is_paused() {
                "Paused: n takes one step, Space resumes"
            } else {
                "Resumed"
            };
            model.set_status(StatusKind::Info, text);
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
        }
        _ => return None,
    }
    Some(Vec::new())
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
    // One line in the log for a run of the cursor, whatever its length.
    model.set_passing_status(StatusKind::Info, text);
}

/// Moves the help overlay's text, as far as the terminal's size lets it.
pub(super) fn scroll_help(model: &mut Model, scroll: HelpScroll) {
    let area = ratatui::layout::Rect::new(0, 0, model.size.0, model.size.1);
    let offset = model.help_offset;
    let now = super::super::help::now(model);
    let scrolled =
        super::super::help::scrolled(model.theme(), model.keymap(), &now, area, offset, scroll);
    drop(now);
    model.help_offset = scrolled;
}

/// Clicks pick themes and focus panes; the wheel pans the canvas or scrolls the theme list.
/// The panes are where [`Model::screen`] puts them: the layout `view` draws.
pub(super) fn mouse_action(model: &Model, mouse: Mouse) -> Option<Action> {
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
pub(super) fn leave_themes(model: &mut Model) {
    model.focus = Focus::Canvas;
    model.cursor = model.theme_kept;
    if model.theme != model.theme_kept {
        model.theme = model.theme_kept;
        let text = format!("Theme: {} again", model.theme().name);
        model.set_status(StatusKind::Info, text);
    }
}
