//! Snapshots of an opened broken file: the plain theme draws each problem with its glyph, so
//! the text shows where each is; the classic theme paints them in its problem colours.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use crate::tui::message::{Action, Message};
use crate::tui::model::Model;
use crate::tui::modes::inspector::tests::{H, W, flip, opened_as, valid_text};
use crate::tui::testing::model;
use crate::tui::update;
use crate::tui::view::view;
use mazegen::{Dir, Pos};

/// A 100x30 dashboard in `theme` on a file with an incoherent wall east of 4,2, an open
/// border west of 0,5, and a path that steps through a wall at its start.
fn broken(theme: &str) -> (Model, tempfile::TempDir) {
    let text = flip(&valid_text(), Pos::new(4, 2), Dir::East.bit());
    let text = flip(&text, Pos::new(0, 5), Dir::West.bit());
    let (mut m, dir) = opened_as(&text, None, Some("broken.txt"));
    let index = m.themes.position(theme).unwrap();
    update(&mut m, Message::Action(Action::PickTheme(index)));
    update(&mut m, Message::Action(Action::FocusCanvas));
    (m, dir)
}

fn render(model: &Model) -> Buffer {
    let (width, height) = model.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| view(model, frame)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut text = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// Where block (`x`, `y`) of a maze that fits the canvas is drawn (its first column).
fn block_cell(model: &Model, x: u32, y: u32) -> (u16, u16) {
    let canvas = model.screen().unwrap().canvas;
    let margin_x = (u32::from(canvas.width / 2) - (2 * W + 1)) / 2;
    let margin_y = (u32::from(canvas.height) - (2 * H + 1)) / 2;
    (
        canvas.x + 2 * (x + margin_x) as u16,
        canvas.y + (y + margin_y) as u16,
    )
}

#[test]
fn snapshot_broken_file_in_plain_glyphs() {
    let (mut m, _dir) = broken("plain");
    update(&mut m, Message::Action(Action::NextProblem));
    let buf = render(&m);
    // The incoherent wall east of 4,2 and the open border west of 0,5 show `!!`.
    for (x, y) in [(10, 5), (0, 11)] {
        let at = block_cell(&m, x, y);
        assert_eq!(buf[at].symbol(), "!", "block {x},{y}");
    }
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(text(&buf));
    });
}

#[test]
fn the_classic_theme_paints_bad_walls_in_its_warning_colour() {
    let (m, _dir) = broken("classic");
    let buf = render(&m);
    let palette = &m.theme().palette;
    let at = block_cell(&m, 10, 5);
    assert_eq!(buf[at].bg, palette.bad_wall);
    let wall = block_cell(&m, 0, 1);
    assert_eq!(buf[wall].bg, palette.walls);
}

/// A bad cell (here an unreadable digit) and a bad wall are two problems, in two colours.
#[test]
fn a_bad_cell_and_a_bad_wall_are_painted_in_their_own_colours() {
    let text = flip(&valid_text(), Pos::new(4, 2), Dir::East.bit());
    let at = (W + 1 + 2) as usize;
    let mut text = text;
    text.replace_range(at..=at, "z");
    let (mut m, _dir) = opened_as(&text, None, Some("broken.txt"));
    for name in ["classic", "light", "ocean", "forest", "amber", "synthwave"] {
        let index = m.themes.position(name).unwrap();
        update(&mut m, Message::Action(Action::PickTheme(index)));
        update(&mut m, Message::Action(Action::FocusCanvas));
        let buf = render(&m);
        let palette = &m.theme().palette;
        let (cell, wall) = (block_cell(&m, 5, 3), block_cell(&m, 10, 5));
        assert_eq!(
            buf[cell].bg, palette.bad_cell,
            "{name}: the bad digit at 2,1"
        );
        assert_eq!(
            buf[wall].bg, palette.bad_wall,
            "{name}: the wall east of 4,2"
        );
        assert_ne!(buf[cell].bg, buf[wall].bg, "{name}");
    }
}

#[test]
fn the_prompt_covers_the_status_and_key_lines_whole() {
    let mut m = model(9, 7);
    update(
        &mut m,
        Message::Resize {
            width: 100,
            height: 30,
        },
    );
    update(&mut m, Message::Action(Action::Finish));
    update(&mut m, Message::Action(Action::OpenFile));
    let screen = text(&render(&m));
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[28].trim_end(), " Open: █");
    assert_eq!(
        lines[29].trim_end(),
        " Tab completes · Enter opens · Esc cancels"
    );
}
