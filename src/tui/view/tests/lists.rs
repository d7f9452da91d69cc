//! Lists too long for their box: the theme list in a short sidebar, the export and picker
//! lists over a short canvas. Each says on its bottom border how many rows are out of view,
//! and keeps the cursor in view.

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{render, sized};
use crate::tui::layout::shows_sidebar;
use crate::tui::model::Model;
use crate::tui::testing::{config, key, start};

/// The text of `area`'s row `y` of `buf`.
fn row(buf: &Buffer, area: Rect, y: u16) -> String {
    (area.x..area.right())
        .map(|x| buf[(x, y)].symbol())
        .collect()
}

/// The rows of the themes pane: its border's bottom line and the names inside.
fn theme_pane(m: &Model) -> (String, String) {
    let buf = render(m);
    let pane = m.screen().unwrap().themes_pane;
    let inside: Vec<String> = (pane.y + 1..pane.bottom() - 1)
        .map(|y| row(&buf, pane, y))
        .collect();
    (row(&buf, pane, pane.bottom() - 1), inside.join("\n"))
}

/// Moves the theme list's cursor to `place`, down.
fn to(m: &mut Model, place: usize) {
    for _ in 0..m.themes.len() {
        if m.cursor == place {
            return;
        }
        key(m, KeyCode::Down);
    }
    assert_eq!(m.cursor, place);
}

#[test]
fn a_short_theme_list_says_how_many_themes_are_out_of_view_and_follows_its_cursor() {
    for (width, height) in [(100, 22), (100, 24), (100, 30), (120, 26), (140, 30)] {
        for no_color in [false, true] {
            let mut start = start(config(25, 20, ""));
            start.no_color = no_color;
            let mut m = sized(Model::new(start).unwrap(), width, height);
            if !shows_sidebar((width, height), false) {
                // Under 25 rows the sidebar folds; `b` brings it back, as short as it is.
                key(&mut m, KeyCode::Char('b'));
            }
            key(&mut m, KeyCode::Tab);
            let total = m.themes.len();
            let shown = usize::from(m.screen().unwrap().themes.height);
            assert!(
                shown < total,
                "{width}x{height}: the list fits, nothing to test"
            );
            let at = format!("{width}x{height}, NO_COLOR {no_color}");
            // Without colour the list opens on the colourless theme, the last: to the top
            // (the list wraps round).
            to(&mut m, 0);
            let (border, inside) = theme_pane(&m);
            let first = &m.themes.iter().next().unwrap().name;
            assert!(inside.contains(first.as_str()), "{at}: {inside}");
            let below = format!("↓ {} more", total - shown);
            assert!(border.contains(&below), "{at}: {border}");
            assert!(!border.contains('↑'), "{at}: {border}");
            // To the last theme: the cursor stays in view, and the cue turns.
            to(&mut m, total - 1);
            let (border, inside) = theme_pane(&m);
            let last = &m.themes.iter().last().unwrap().name;
            assert!(inside.contains(last.as_str()), "{at}: {inside}");
            let above = format!("↑ {} more", total - shown);
            assert!(border.contains(&above), "{at}: {border}");
            assert!(!border.contains('↓'), "{at}: {border}");
        }
    }
}

#[test]
fn a_theme_list_that_fits_has_no_cue() {
    let mut m = sized(Model::new(start(config(25, 20, ""))).unwrap(), 140, 45);
    key(&mut m, KeyCode::Tab);
    assert!(usize::from(m.screen().unwrap().themes.height) >= m.themes.len());
    let (border, _) = theme_pane(&m);
    assert!(!border.contains("more"), "{border}");
}

/// The text of every row of `buf`.
fn text(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| row(buf, buf.area, y))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_algorithm_list_in_a_short_box_says_what_is_out_of_view() {
    use crate::tui::modes::picker::{List, Picker, view};
    let themes = crate::tui::theme::ThemeSet::bundled();
    let theme = themes.get(0).unwrap();
    let total = List::Algorithms.entries();
    let mut picker = Picker::default();
    picker.open(List::Algorithms, total - 1);
    let area = Rect::new(0, 0, 70, 6);
    let mut buf = Buffer::empty(area);
    view::draw(&picker, 0, Some("a"), theme, area, &mut buf);
    let text = text(&buf);
    // Four rows in a box six high: the cursor's, on the last, and three above it.
    assert!(text.contains(&format!("↑ {} more", total - 4)), "{text}");
    assert!(text.lines().nth(4).unwrap().contains('▸'), "{text}");
}

#[test]
fn the_export_list_in_a_short_box_says_what_is_out_of_view() {
    use crate::tui::kernel::export::Export;
    use crate::tui::modes::export::{ExportList, view};
    let themes = crate::tui::theme::ThemeSet::bundled();
    let theme = themes.get(0).unwrap();
    let mut list = ExportList::default();
    list.open_at(Export::Svg);
    let area = Rect::new(0, 0, 60, 4);
    let mut buf = Buffer::empty(area);
    view::draw(
        &list,
        theme,
        std::path::Path::new("maze.txt"),
        area,
        &mut buf,
    );
    let text = text(&buf);
    assert!(text.contains("SVG picture"), "{text}");
    assert!(text.contains("↓ 2 more"), "{text}");
}
