//! The maze pane. Only the visible blocks are looked at, so a frame costs the same for a
//! 20x20 maze as for a 4000x4000 one.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::roles::{BlockRoles, Role};
use super::{braille, paint};
use crate::tui::theme::Theme;
use crate::tui::viewport::{Viewport, Zoom};
use mazegen::Pos;

/// Draws the maze into `area`.
pub fn draw(
    roles: &dyn BlockRoles,
    viewport: &Viewport,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    match viewport.zoom() {
        Zoom::Detail => detail(roles, viewport, maze_blocks, theme, area, buf),
        Zoom::Whole => whole(roles, maze_blocks, theme, area, buf),
    }
}

/// One block is two columns by one row; the view starts at the viewport's origin, or is
/// centred when the maze is smaller than the canvas.
fn detail(
    roles: &dyn BlockRoles,
    viewport: &Viewport,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let (left, top) = viewport.origin(maze_blocks, (area.width, area.height));
    let margin_x = (u32::from(area.width / 2)).saturating_sub(maze_blocks.0) / 2;
    let margin_y = u32::from(area.height).saturating_sub(maze_blocks.1) / 2;
    for row in 0..area.height {
        let y = (top + u32::from(row)).checked_sub(margin_y);
        for pair in 0..area.width / 2 {
            let x = (left + u32::from(pair)).checked_sub(margin_x);
            let role = match (x, y) {
                (Some(x), Some(y)) => roles.block(x, y),
                _ => Role::Outside,
            };
            let (symbols, style) = paint::block(role, theme);
            for (i, symbol) in symbols.into_iter().enumerate() {
                let position = (area.x + 2 * pair + i as u16, area.y + row);
                if let Some(cell) = buf.cell_mut(position) {
                    cell.set_symbol(symbol).set_style(style);
                }
            }
        }
    }
}

/// How the whole-maze view maps its pixels (half a character each: one column, half a row,
/// so they are square) to blocks: `block = pixel * num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    pub num: u32,
    pub den: u32,
}

impl Scale {
    /// The largest scale that shows all of `blocks` in `pixels`: whole-number magnification
    /// when the maze is small, else point sampling.
    pub fn fitting(blocks: (u32, u32), pixels: (u32, u32)) -> Scale {
        let (bw, bh) = (blocks.0.max(1), blocks.1.max(1));
        let (pw, ph) = (pixels.0.max(1), pixels.1.max(1));
        if bw <= pw && bh <= ph {
            Scale {
                num: 1,
                den: (pw / bw).min(ph / bh),
            }
        } else if u64::from(bw) * u64::from(ph) >= u64::from(bh) * u64::from(pw) {
            Scale { num: bw, den: pw }
        } else {
            Scale { num: bh, den: ph }
        }
    }

    /// The block under pixel `p` (its centre, so a shrunken maze samples evenly).
    pub fn block(self, p: u32) -> u32 {
        ((2 * u64::from(p) + 1) * u64::from(self.num) / (2 * u64::from(self.den))) as u32
    }

    /// The pixel block `b` falls in.
    pub fn pixel(self, b: u32) -> u32 {
        (u64::from(b) * u64::from(self.den) / u64::from(self.num)) as u32
    }

    /// How many pixels `blocks` blocks cover.
    pub fn pixels(self, blocks: u32) -> u32 {
        (u64::from(blocks) * u64::from(self.den)).div_ceil(u64::from(self.num)) as u32
    }
}

/// The whole maze, in the densest glyphs it needs: half blocks (two square pixels a
/// character, full colour) when every block fits them, else braille (eight dots a character)
/// when every block fits that, else half blocks where each pixel shows a cell instead of a
/// block (walls would only alias into noise), which still shows the carving, the search, the
/// path and the 42.
fn whole(
    roles: &dyn BlockRoles,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let pixels = (u32::from(area.width), 2 * u32::from(area.height));
    let scale = Scale::fitting(maze_blocks, pixels);
    if scale.num == 1 {
        let drawn = (scale.pixels(maze_blocks.0), scale.pixels(maze_blocks.1));
        half_blocks(theme, area, buf, drawn, |x, y| {
            roles.block(scale.block(x), scale.block(y))
        });
        return;
    }
    let dots = braille::capacity(area);
    if maze_blocks.0 <= dots.0 && maze_blocks.1 <= dots.1 {
        braille::draw(roles, maze_blocks, theme, area, buf);
        return;
    }
    let cells = roles.cells();
    let scale = Scale::fitting(cells, pixels);
    let markers: Vec<(Pos, Role)> = roles.markers();
    let drawn = (scale.pixels(cells.0), scale.pixels(cells.1));
    half_blocks(theme, area, buf, drawn, |x, y| {
        let marker = markers
            .iter()
            .find(|(at, _)| scale.pixel(at.x) == x && scale.pixel(at.y) == y);
        let (cx, cy) = (scale.block(x), scale.block(y));
        match marker {
            Some(&(_, role)) => role,
            None if cx < cells.0 && cy < cells.1 => roles.cell(Pos::new(cx, cy)),
            None => Role::Outside,
        }
    });
}

/// Fills `area` with half-block characters for `drawn` pixels, centred, asking `role_at`
/// for each pixel (coordinates relative to the drawing's top-left).
fn half_blocks(
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    drawn: (u32, u32),
    role_at: impl Fn(u32, u32) -> Role,
) {
    let pixels = (u32::from(area.width), 2 * u32::from(area.height));
    let margin_x = pixels.0.saturating_sub(drawn.0) / 2;
    // Whole characters of margin, so the top pixel of a character is always an even one.
    let margin_y = 2 * (pixels.1.saturating_sub(drawn.1) / 4);
    let role = |px: u32, py: u32| match (px.checked_sub(margin_x), py.checked_sub(margin_y)) {
        (Some(x), Some(y)) if x < drawn.0 && y < drawn.1 => role_at(x, y),
        _ => Role::Outside,
    };
    for row in 0..area.height {
        for column in 0..area.width {
            let (px, py) = (u32::from(column), 2 * u32::from(row));
            let (top, bottom) = (role(px, py), role(px, py + 1));
            let Some(cell) = buf.cell_mut((area.x + column, area.y + row)) else {
                continue;
            };
            if theme.monochrome {
                let palette = &theme.palette;
                cell.set_symbol(mono_half(top, bottom))
                    .set_fg(palette.walls)
                    .set_bg(palette.background);
            } else {
                cell.set_symbol("▀")
                    .set_fg(paint::colour(top, &theme.palette))
                    .set_bg(paint::colour(bottom, &theme.palette));
            }
        }
    }
}

/// A monochrome character for two stacked pixels: the wall shape, or a marker when neither
/// pixel is a wall.
fn mono_half(top: Role, bottom: Role) -> &'static str {
    match (paint::is_ink(top), paint::is_ink(bottom)) {
        (true, true) => "█",
        (true, false) => "▀",
        (false, true) => "▄",
        (false, false) => [top, bottom]
            .into_iter()
            .find(|r| !matches!(r, Role::Passage | Role::Outside))
            .map_or(" ", |r| paint::glyphs(r)[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_mazes_are_magnified_by_a_whole_number() {
        let scale = Scale::fitting((11, 9), (100, 40));
        assert_eq!(scale, Scale { num: 1, den: 4 });
        assert_eq!(scale.pixels(11), 44);
        assert_eq!((0..4).map(|p| scale.block(p)).collect::<Vec<_>>(), [0; 4]);
        assert_eq!(scale.block(4), 1);
    }

    #[test]
    fn large_mazes_are_sampled_to_fit_the_tighter_side() {
        let blocks = (8001, 8001);
        let scale = Scale::fitting(blocks, (200, 120));
        assert_eq!(
            scale,
            Scale {
                num: 8001,
                den: 120
            }
        );
        assert!(scale.pixels(blocks.0) <= 200);
        assert_eq!(scale.pixels(blocks.1), 120);
        assert!(scale.block(119) < 8001);
        let wide = Scale::fitting((8001, 41), (200, 120));
        assert_eq!(
            wide,
            Scale {
                num: 8001,
                den: 200
            }
        );
        assert!((7950..8001).contains(&wide.block(199)));
    }

    #[test]
    fn a_maze_that_fits_exactly_is_drawn_one_to_one() {
        let scale = Scale::fitting((51, 41), (51, 41));
        assert_eq!(scale, Scale { num: 1, den: 1 });
        assert!((0..51).all(|p| scale.block(p) == p));
    }

    #[test]
    fn monochrome_half_blocks_keep_the_wall_shape() {
        assert_eq!(mono_half(Role::Wall, Role::Wall), "█");
        assert_eq!(mono_half(Role::Stamp, Role::Passage), "▀");
        assert_eq!(mono_half(Role::Passage, Role::Wall), "▄");
        assert_eq!(mono_half(Role::Passage, Role::Outside), " ");
        assert_eq!(mono_half(Role::Passage, Role::Path), "·");
    }
}
