//! The dashboard's own actions, answered by the root: themes and the theme list, the mouse,
//! the view, the help.

mod stack;

use crossterm::event::KeyCode;

use crate::tui::message::{Action, Message, Mouse, MouseKind};
use crate::tui::model::{Focus, Model};
use crate::tui::testing::{act, key};
use crate::tui::testing::{config, model, start};
use crate::tui::update;
use crate::tui::viewport::{Shown, Zoom};
use mazegen::Dir;
use mazegen::session::Phase;

fn status_text(model: &Model) -> String {
    model.status().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn t_and_shift_t_cycle_the_themes_both_ways() {
    let mut m = model(9, 7);
    let count = m.themes.len();
    assert_eq!(m.theme().name, "classic");
    key(&mut m, KeyCode::Char('t'));
    assert_eq!(m.theme, 1);
    assert!(status_text(&m).contains(&m.theme().name));
    key(&mut m, KeyCode::Char('T'));
    key(&mut m, KeyCode::Char('T'));
    assert_eq!(m.theme, count - 1, "wraps backwards");
    key(&mut m, KeyCode::Char('3'));
    assert_eq!(m.theme, 0, "wraps forwards");
}

#[test]
fn the_theme_list_is_driven_by_tab_arrows_and_enter() {
    let mut m = model(9, 7);
    let count = m.themes.len();
    key(&mut m, KeyCode::Tab);
    assert_eq!(m.focus(), Focus::Themes);
    key(&mut m, KeyCode::Up);
    assert_eq!(m.cursor, count - 1, "the cursor wraps round from the top");
    key(&mut m, KeyCode::Down);
    assert_eq!(m.cursor, 0, "and from the bottom");
    key(&mut m, KeyCode::Down);
    key(&mut m, KeyCode::Down);
    assert_eq!(
        (m.cursor, m.theme, m.kept_theme()),
        (2, 2, 0),
        "moving the cursor shows the theme under it, keeping the first for Esc"
    );
    let status = m.status().unwrap().text.clone();
    let name = m.theme().name.clone();
    let first = m.themes.get(0).unwrap().name.clone();
    assert_eq!(
        status,
        format!("Theme: {name} (Enter keeps it, q goes back to {first})")
    );
    key(&mut m, KeyCode::Enter);
    assert_eq!((m.theme, m.kept_theme()), (2, 2), "Enter keeps it");
    assert_eq!(m.focus(), Focus::Canvas, "and gives the maze the keys back");
    assert_eq!(
        m.phase(),
        Phase::Carving,
        "Enter picks a theme here, not finish"
    );
    assert_eq!(m.status().unwrap().text, format!("Theme: {name}"));

    // Esc goes back to the theme kept, and says so.
    key(&mut m, KeyCode::Tab);
    key(&mut m, KeyCode::Down);
    assert_eq!(m.theme, 3);
    key(&mut m, KeyCode::Esc);
    assert_eq!((m.focus(), m.theme, m.cursor), (Focus::Canvas, 2, 2));
    assert_eq!(m.status().unwrap().text, format!("Theme: {name} again"));
    assert!(
        !m.stack.studio.quitting,
        "Esc left the list, not the dashboard"
    );

    // So does Tab away from the list; a click on a theme keeps it.
    key(&mut m, KeyCode::Tab);
    key(&mut m, KeyCode::Up);
    key(&mut m, KeyCode::Tab);
    assert_eq!((m.focus(), m.theme), (Focus::Canvas, 2));
    act(&mut m, Action::PickTheme(4));
    act(&mut m, Action::FocusCanvas);
    assert_eq!((m.focus(), m.theme, m.kept_theme()), (Focus::Canvas, 4, 4));
}

#[test]
fn picking_a_theme_by_index_ignores_indexes_past_the_end() {
    let mut m = model(9, 7);
    act(&mut m, Action::PickTheme(1));
    assert_eq!((m.theme, m.cursor, m.focus()), (1, 1, Focus::Themes));
    act(&mut m, Action::PickTheme(999));
    assert_eq!(m.theme, 1);
}

// --- Mouse ---

fn mouse(kind: MouseKind, column: u16, row: u16) -> Message {
    Message::Mouse(Mouse {
        column,
        row,
        kind,
        shift: false,
    })
}

#[test]
fn clicking_a_theme_name_picks_it() {
    let mut m = model(9, 7);
    let list = m.screen().unwrap().themes;
    update(&mut m, mouse(MouseKind::LeftPress, list.x + 2, list.y + 3));
    assert_eq!(m.theme, 3);
    assert_eq!(m.focus(), Focus::Themes);
    // A click on the canvas gives it the focus back.
    let canvas = m.screen().unwrap().canvas;
    update(
        &mut m,
        mouse(MouseKind::LeftPress, canvas.x + 1, canvas.y + 1),
    );
    assert_eq!(m.focus(), Focus::Canvas);
    assert_eq!(m.theme, 3);
}

#[test]
fn the_wheel_scrolls_the_theme_list_and_pans_the_canvas() {
    let mut m = model(200, 200);
    let screen = m.screen().unwrap();
    update(
        &mut m,
        mouse(MouseKind::ScrollDown, screen.themes.x, screen.themes.y),
    );
    assert_eq!(m.cursor, 1);
    act(&mut m, Action::ToggleZoom);
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    let (x, y) = (screen.canvas.x + 3, screen.canvas.y + 3);
    // A notch moves three cells (six blocks) at 1:1.
    update(&mut m, mouse(MouseKind::ScrollDown, x, y));
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), screen.canvas_size()),
        (0, 6)
    );
    update(&mut m, mouse(MouseKind::ScrollRight, x, y));
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), screen.canvas_size()),
        (6, 6)
    );
    // Outside every pane the mouse does nothing.
    let before = m.viewport().origin(m.maze_blocks(), screen.canvas_size());
    update(
        &mut m,
        mouse(MouseKind::ScrollDown, screen.status.x, screen.status.y),
    );
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), screen.canvas_size()),
        before
    );
}

#[test]
fn a_click_lands_on_the_theme_drawn_under_it() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    for (width, height) in [(120, 40), (70, 24), (200, 60), (61, 30)] {
        let mut m = model(9, 7);
        update(&mut m, Message::Resize { width, height });
        if !crate::tui::layout::shows_sidebar((width, height), false) {
            // Narrow terminals fold the sidebar; `b` brings the theme list back.
            update(&mut m, Message::Action(Action::ToggleSidebar));
        }
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| crate::tui::view(&m, frame)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        let cell = |x: u16, y: u16| buffer[(x, y)].symbol().to_owned();
        let row_text =
            |y: u16, from: u16| -> String { (from..width).map(|x| cell(x, y)).collect() };
        // The theme pane as drawn: its title on its top border, then a name a row.
        let (left, title) = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .find(|&(x, y)| row_text(y, x).starts_with("┌ Themes"))
            .expect("the theme pane is drawn");
        let mut clicked = 0;
        for row in title + 1..height {
            if cell(left, row) == "└" {
                break;
            }
            let shown = row_text(row, left + 3);
            let name = shown.split_whitespace().next().unwrap().to_owned();
            if name == "│" {
                break; // below the last theme
            }
            update(&mut m, mouse(MouseKind::LeftPress, left + 5, row));
            assert_eq!(m.theme().name, name, "{width}x{height}, row {row}");
            clicked += 1;
        }
        assert!(clicked >= 1, "{width}x{height}");
    }
}

#[test]
fn shift_turns_the_wheel_sideways_on_the_canvas() {
    let mut m = model(200, 200);
    act(&mut m, Action::ToggleZoom);
    let screen = m.screen().unwrap();
    let (x, y) = (screen.canvas.x + 3, screen.canvas.y + 3);
    let sideways = |kind| {
        Message::Mouse(Mouse {
            column: x,
            row: y,
            kind,
            shift: true,
        })
    };
    update(&mut m, sideways(MouseKind::ScrollDown));
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), screen.canvas_size()),
        (6, 0)
    );
    update(&mut m, sideways(MouseKind::ScrollUp));
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), screen.canvas_size()),
        (0, 0)
    );
}

// --- Viewport ---

#[test]
fn a_big_maze_starts_whole_and_pans_once_zoomed_in() {
    let mut m = model(200, 200);
    let canvas = m.screen().unwrap().canvas_size();
    assert_eq!(m.viewport().shown(m.maze_blocks(), canvas), Shown::Whole);
    key(&mut m, KeyCode::Right);
    assert!(status_text(&m).contains("z zooms in"));
    key(&mut m, KeyCode::Char('z'));
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
    let canvas = m.screen().unwrap().canvas_size();
    key(&mut m, KeyCode::Char('l'));
    key(&mut m, KeyCode::Down);
    assert_eq!(m.viewport().origin(m.maze_blocks(), canvas), (2, 2));
    key(&mut m, KeyCode::Char('J'));
    assert_eq!(
        m.viewport().origin(m.maze_blocks(), canvas),
        (2, 2 + canvas.1 as u32 / 2)
    );
    key(&mut m, KeyCode::Char('h'));
    key(&mut m, KeyCode::Char('k'));
    assert_eq!(m.viewport().origin(m.maze_blocks(), canvas).0, 0);
}

#[test]
fn the_start_zoom_waits_for_a_terminal_big_enough_for_the_layout() {
    // Bigger than a 100x30 canvas at 1:1, so `z` has views to go to.
    let mut tiny = start(config(40, 30, ""));
    tiny.size = (40, 10);
    let mut m = Model::new(tiny).unwrap();
    update(
        &mut m,
        Message::Resize {
            width: 100,
            height: 30,
        },
    );
    assert_eq!(m.viewport().zoom(), Zoom::Fit);
    // Later resizes keep the user's choice.
    act(&mut m, Action::ToggleZoom);
    update(
        &mut m,
        Message::Resize {
            width: 120,
            height: 40,
        },
    );
    assert_eq!(m.viewport().zoom(), Zoom::Detail);
}

#[test]
fn a_small_maze_starts_in_the_fit_view() {
    assert_eq!(model(15, 10).viewport().zoom(), Zoom::Fit);
}

#[test]
fn resizing_changes_the_layout_and_a_tiny_terminal_is_harmless() {
    let mut m = model(200, 200);
    act(&mut m, Action::ToggleZoom);
    assert!(
        update(
            &mut m,
            Message::Resize {
                width: 20,
                height: 5
            }
        )
        .is_empty()
    );
    assert!(m.screen().is_none());
    for action in [
        Action::Pan {
            towards: Dir::East,
            big: true,
        },
        Action::ToggleHelp,
        Action::NextTheme,
    ] {
        act(&mut m, action);
    }
    update(&mut m, mouse(MouseKind::LeftPress, 3, 3));
    update(
        &mut m,
        Message::Resize {
            width: 150,
            height: 50,
        },
    );
    assert_eq!(m.screen().unwrap().keys.width, 150);
}

// --- Help ---

#[test]
fn the_help_overlay_takes_the_keys_while_open() {
    let mut m = model(9, 7);
    key(&mut m, KeyCode::Char('?'));
    assert!(m.help_is_open());
    assert!(key(&mut m, KeyCode::Char('r')).is_empty());
    assert_eq!(m.seed(), 42, "r does nothing under the help");
    assert!(
        key(&mut m, KeyCode::Esc).is_empty(),
        "Esc closes the help, not the app"
    );
    assert!(!m.help_is_open());
}
