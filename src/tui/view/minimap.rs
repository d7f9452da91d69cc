//! The minimap: in the 1:1 view of a maze larger than the canvas, a small picture of the whole
//! maze in the canvas's bottom-right corner (at most a quarter of it each way), with the part
//! on screen outlined, so the user knows where they are. It is the whole-maze view's
//! gathering of cells ([`aggregate`]), with the entry, the exit, the head and the 42 but not
//! the path.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Clear, Widget};

use super::aggregate::{self, Placement};
use super::roles::BlockRoles;
use crate::tui::theme::Theme;
use mazegen::Pos;

/// The smallest picture worth drawing, inside the border.
const MIN_INSIDE: (u16, u16) = (6, 2);

/// The part of the maze on screen: its top-left block and its size in blocks.
pub type Visible = ((u32, u32), (u32, u32));

/// Where the minimap goes on `canvas` for a maze of `cells`, border included, if there is
/// room for one: the bottom-right corner, or the top-right one if `on_top` (see
/// [`crate::tui::viewport::Viewport::minimap_on_top`]).
pub fn area(cells: (u32, u32), canvas: Rect, on_top: bool) -> Option<Rect> {
    let map = corner_area(cells, canvas)?;
    Some(match on_top {
        true => Rect::new(map.x, canvas.y, map.width, map.height),
        false => map,
    })
}

/// The minimap's area in the bottom-right corner.
fn corner_area(cells: (u32, u32), canvas: Rect) -> Option<Rect> {
    let most = (canvas.width / 4, canvas.height / 4);
    let inside = (most.0.checked_sub(2)?, most.1.checked_sub(2)?);
    if inside.0 < MIN_INSIDE.0 || inside.1 < MIN_INSIDE.1 {
        return None;
    }
    let drawn = Placement::new(cells, Rect::new(0, 0, inside.0, inside.1)).drawn;
    let (width, height) = (drawn.width + 2, drawn.height + 2);
    Some(Rect::new(
        canvas.right() - width,
        canvas.bottom() - height,
        width,
        height,
    ))
}

/// The cell of the maze under `at` (a position on the screen) on the minimap of a maze of
/// `cells` drawn on `canvas`, if `at` is on the picture; a click there jumps to that cell.
/// A click on its frame takes the nearest cell of the picture.
pub fn cell_at(cells: (u32, u32), canvas: Rect, on_top: bool, at: (u16, u16)) -> Option<Pos> {
    let map = area(cells, canvas, on_top)?;
    if !map.contains(at.into()) {
        return None;
    }
    let inside = Rect::new(map.x + 1, map.y + 1, map.width - 2, map.height - 2);
    let placement = Placement::new(cells, inside);
    let drawn = placement.drawn;
    let clamped = (
        at.0.clamp(drawn.x, drawn.right().saturating_sub(1)),
        at.1.clamp(drawn.y, drawn.bottom().saturating_sub(1)),
    );
    placement.cell_at(clamped)
}

/// Whether `at` is on the minimap of a maze of `cells` drawn on `canvas`.
pub fn covers(cells: (u32, u32), canvas: Rect, on_top: bool, at: (u16, u16)) -> bool {
    area(cells, canvas, on_top).is_some_and(|map| map.contains(at.into()))
}

/// Draws the minimap over a corner of `canvas` (see [`area`]); `visible` is the part of the
/// maze on screen, as its top-left block and its size in blocks.
pub fn draw(
    roles: &dyn BlockRoles,
    visible: Visible,
    on_top: bool,
    theme: &Theme,
    canvas: Rect,
    buf: &mut Buffer,
) {
    let cells = roles.cells();
    let Some(area) = area(cells, canvas, on_top) else {
        return;
    };
    let palette = &theme.palette;
    Clear.render(area, buf);
    let frame = Block::bordered()
        .border_style(Style::new().fg(palette.border))
        .style(Style::new().fg(palette.text).bg(palette.background));
    let inside = frame.inner(area);
    frame.render(area, buf);
    // Without the path: at this size it would cover most of the map, and walking a long one
    // every frame would cost more than the rest of the 1:1 view.
    let placement = aggregate::draw(roles, false, None, theme, inside, buf);
    // The cells on screen, first and last.
    let ((left, top), (columns, rows)) = visible;
    let last = |first: u32, shown: u32, cells: u32| ((first + shown.max(1) - 1) / 2).min(cells - 1);
    let from = placement.char_of(Pos::new(left / 2, top / 2));
    let to = placement.char_of(Pos::new(
        last(left, columns, cells.0),
        last(top, rows, cells.1),
    ));
    outline(from, to, Style::new().fg(palette.accent), buf);
}

/// Outlines the characters from `from` to `to` (corners included) with box lines, or marks
/// them solid when they are one character wide or high.
fn outline(from: (u16, u16), to: (u16, u16), style: Style, buf: &mut Buffer) {
    let ((x0, y0), (x1, y1)) = (from, to);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let symbol = if x0 == x1 || y0 == y1 {
                "█"
            } else {
                match (x == x0, x == x1, y == y0, y == y1) {
                    (true, _, true, _) => "┌",
                    (_, true, true, _) => "┐",
                    (true, _, _, true) => "└",
                    (_, true, _, true) => "┘",
                    (_, _, true, _) | (_, _, _, true) => "─",
                    (true, _, _, _) | (_, true, _, _) => "│",
                    _ => continue,
                }
            };
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_symbol(symbol).set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In the bottom-right corner.
    const BOTTOM: bool = false;

    #[test]
    fn the_minimap_takes_at_most_a_quarter_of_the_canvas_in_its_corner() {
        let canvas = Rect::new(1, 1, 200, 60);
        // 4000x4000 cells in 48x13 characters: 13 rows of 2 pixels, 26 columns.
        let map = area((4000, 4000), canvas, BOTTOM).unwrap();
        assert_eq!(map, Rect::new(201 - 28, 61 - 15, 28, 15));
        let wide = area((100_000, 10_000), canvas, BOTTOM).unwrap();
        assert!(wide.width <= 50 && wide.height <= 15, "{wide:?}");
        assert_eq!((wide.right(), wide.bottom()), (201, 61));
        assert_eq!(area((4000, 4000), Rect::new(0, 0, 30, 60), BOTTOM), None);
        assert_eq!(area((4000, 4000), Rect::new(0, 0, 200, 15), BOTTOM), None);
        // Or in the top-right one.
        assert_eq!(
            area((4000, 4000), canvas, true),
            Some(Rect::new(201 - 28, 1, 28, 15))
        );
    }

    #[test]
    fn a_click_on_the_minimap_finds_the_cell_under_it() {
        let canvas = Rect::new(1, 1, 200, 60);
        let map = area((4000, 4000), canvas, BOTTOM).unwrap();
        let inside = (map.x + 1, map.y + 1);
        // 26 columns of about 154 cells, 13 rows of about 308.
        let first = cell_at((4000, 4000), canvas, BOTTOM, inside).unwrap();
        assert!(first.x < 154 && first.y < 308, "{first}");
        let last = (map.right() - 2, map.bottom() - 2);
        let far = cell_at((4000, 4000), canvas, BOTTOM, last).unwrap();
        assert!(far.x > 3800 && far.y > 3600, "{far}");
        // The frame takes the nearest cell; off the map, nothing.
        assert_eq!(
            cell_at((4000, 4000), canvas, BOTTOM, (map.x, map.y)),
            Some(first)
        );
        assert_eq!(
            cell_at((4000, 4000), canvas, BOTTOM, (map.x - 1, map.y)),
            None
        );
        assert!(covers((4000, 4000), canvas, BOTTOM, (map.x, map.y)));
        assert!(!covers((4000, 4000), canvas, BOTTOM, (1, 1)));
    }

    #[test]
    fn the_outline_is_a_box_or_a_solid_mark() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 5, 3));
        outline((0, 0), (3, 2), Style::new(), &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert_eq!(text, "┌──┐ │  │ └──┘ ");
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        outline((1, 0), (2, 0), Style::new(), &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert_eq!(text, " ██");
    }
}
