//! A maze drawn as large as it fits an area, without panning or zooming: the race's lanes.
//!
//! First the fit view's detailed looks (a glyph or a colour a terminal cell), then half blocks
//! (two square pixels a character, full colour), then braille (eight dots a character, one
//! colour), each at the largest size that shows every block, then the gathered whole-maze
//! view. Half blocks and braille may draw walls thinner than cells (a cell two pixels, a wall
//! one): a 25x20 maze in a quarter of a 140x45 terminal is then 38x16 braille characters
//! instead of 26x11.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::roles::BlockRoles;
use super::{braille, canvas};
use crate::tui::theme::Theme;
use crate::tui::viewport::{Axis, Look, Viewport, fit};

/// How a maze is drawn by [`draw`], for tests and titles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// Terminal cells a block (the fit view).
    Cells,
    /// Half blocks of this look, in pixels.
    HalfBlocks(Look),
    /// Braille dots of this look.
    Braille(Look),
    /// Many cells a character.
    Gathered,
}

/// How `maze_blocks` is drawn in `area`.
pub fn drawn(maze_blocks: (u32, u32), area: Rect) -> Drawn {
    if fit(maze_blocks, (area.width, area.height)).is_some() {
        return Drawn::Cells;
    }
    let (columns, rows) = (u32::from(area.width), u32::from(area.height));
    if let Some(look) = square_look(maze_blocks, (columns, 2 * rows)) {
        return Drawn::HalfBlocks(look);
    }
    match square_look(maze_blocks, (2 * columns, 4 * rows)) {
        Some(look) => Drawn::Braille(look),
        None => Drawn::Gathered,
    }
}

/// Draws the maze into `area` as [`drawn`] says.
pub fn draw(
    roles: &dyn BlockRoles,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let role_at = |look: Look| {
        move |x: u32, y: u32| roles.block(look.across.block_at(x).0, look.down.block_at(y).0)
    };
    match drawn(maze_blocks, area) {
        Drawn::HalfBlocks(look) => {
            canvas::half_blocks(theme, area, buf, look.size(maze_blocks), role_at(look));
        }
        Drawn::Braille(look) => {
            braille::draw_dots(theme, area, buf, look.size(maze_blocks), role_at(look));
        }
        Drawn::Cells | Drawn::Gathered => {
            canvas::draw(roles, &Viewport::fitting(), maze_blocks, theme, area, buf);
        }
    }
}

/// The largest look of square pixels (the same across as down) that shows `maze_blocks` in
/// `pixels`: a cell `c` pixels and a wall `w`, with `c / 2 <= w <= c` so walls stay walls.
/// The widest wins; of two as wide, the one with the thicker walls.
pub fn square_look(maze_blocks: (u32, u32), pixels: (u32, u32)) -> Option<Look> {
    let cells = maze_blocks.0.max(maze_blocks.1) / 2;
    let most = u16::try_from(pixels.0.max(pixels.1) / cells.max(1)).unwrap_or(u16::MAX);
    let mut best: Option<(u32, Look)> = None;
    for cell in 1..=most.max(1) {
        for wall in cell.div_ceil(2)..=cell {
            let axis = Axis { cell, wall };
            let look = Look {
                across: axis,
                down: axis,
            };
            let (width, height) = look.size(maze_blocks);
            if width > pixels.0 || height > pixels.1 {
                continue;
            }
            if best.is_none_or(|(widest, _)| width >= widest) {
                best = Some((width, look));
            }
        }
    }
    best.map(|(_, look)| look)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look(cell: u16, wall: u16) -> Look {
        let axis = Axis { cell, wall };
        Look {
            across: axis,
            down: axis,
        }
    }

    #[test]
    fn the_largest_square_look_is_picked() {
        // 25x20 cells in 68x38 pixels: one pixel a block is 41 rows, too tall.
        assert_eq!(square_look((51, 41), (68, 38)), None);
        // In 136x76 braille dots: cells of two, walls of one (76x61) beat one a block (51x41).
        assert_eq!(square_look((51, 41), (136, 76)), Some(look(2, 1)));
        // Room for twice the size: two pixels a block, thicker walls than (3, 1).
        assert_eq!(square_look((51, 41), (102, 82)), Some(look(2, 2)));
        assert_eq!(square_look((51, 41), (51, 41)), Some(look(1, 1)));
    }

    #[test]
    fn a_quarter_of_140x45_draws_the_default_maze_in_thin_walled_braille() {
        // A lane's inside: 68x19 (a 70x21 pane less its border).
        let area = Rect::new(0, 0, 68, 19);
        assert_eq!(drawn((51, 41), area), Drawn::Braille(look(2, 1)));
        // Half the 140x45 screen: half blocks.
        let tall = Rect::new(0, 0, 68, 41);
        assert_eq!(drawn((51, 41), tall), Drawn::HalfBlocks(look(1, 1)));
        // A small maze in a big pane: the fit view's cells.
        assert_eq!(drawn((31, 21), tall), Drawn::Cells);
    }
}
