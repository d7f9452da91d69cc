//! The maze pane. Only the visible blocks are looked at (and, for a maze too big to show every
//! block, a bounded sample of cells plus the path), so a frame costs about the same for a
//! 20x20 maze as for a 4000x4000 one.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::aggregate::PathMemo;
use super::roles::{BlockRoles, Role};
use super::scale::Scale;
use super::{aggregate, braille, minimap, paint};
use crate::tui::heat::Distances;
use crate::tui::theme::Theme;
use crate::tui::viewport::{Axis, Look, Shown, Viewport, Zoom};

/// Draws the maze into `area`.
pub fn draw(
    roles: &dyn BlockRoles,
    viewport: &Viewport,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    draw_with(
        roles,
        viewport,
        maze_blocks,
        theme,
        Extras::default(),
        area,
        buf,
    );
}

/// What the dashboard's own canvas draws with beside the maze.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras<'a> {
    /// The distances that colour the ground (the heatmap, see [`super::heat`]), if on.
    pub heat: Option<&'a Distances>,
    /// The path's walk kept from the last frame, for the whole view of a big maze.
    pub memo: Option<&'a PathMemo>,
}

/// Draws the maze into `area` with `extras`.
pub fn draw_with(
    roles: &dyn BlockRoles,
    viewport: &Viewport,
    maze_blocks: (u32, u32),
    theme: &Theme,
    extras: Extras,
    area: Rect,
    buf: &mut Buffer,
) {
    let heat = extras.heat;
    let canvas = (area.width, area.height);
    let minimap = |origin: (u32, u32), buf: &mut Buffer| {
        if viewport.pans(maze_blocks, canvas) {
            let shown = viewport.capacity(canvas);
            let on_top = viewport.minimap_on_top(maze_blocks, canvas);
            minimap::draw(roles, (origin, shown), on_top, theme, area, buf);
        }
    };
    match viewport.shown(maze_blocks, canvas) {
        Shown::Blocks(look) if viewport.zoom() == Zoom::Detail => {
            let origin = viewport.origin(maze_blocks, canvas);
            detail(roles, look, origin, maze_blocks, theme, heat, area, buf);
            minimap(origin, buf);
        }
        Shown::Blocks(look) => detail(roles, look, (0, 0), maze_blocks, theme, heat, area, buf),
        Shown::Braille => {
            let origin = viewport.origin(maze_blocks, canvas);
            braille::draw_part(roles, origin, maze_blocks, theme, heat, area, buf);
            minimap(origin, buf);
        }
        Shown::Whole => match heat {
            Some(map) => super::heat::whole(roles, map, theme, area, buf),
            None => whole(roles, maze_blocks, theme, extras.memo, area, buf),
        },
    }
}

/// Blocks of `look`'s size from block `first` on, centred when the maze is smaller than the
/// canvas. A block wider than one column is drawn with the first of its role's two
/// monochrome glyphs on its left half and the second on its right half (`()`, `(())`).
#[allow(clippy::too_many_arguments)]
fn detail(
    roles: &dyn BlockRoles,
    look: Look,
    first: (u32, u32),
    maze_blocks: (u32, u32),
    theme: &Theme,
    heat: Option<&Distances>,
    area: Rect,
    buf: &mut Buffer,
) {
    let columns = along(look.across, first.0, maze_blocks.0, area.width);
    let rows = along(look.down, first.1, maze_blocks.1, area.height);
    for (row, y) in (area.y..).zip(rows) {
        let mut last: Option<(u32, Role)> = None;
        for (column, x) in (area.x..).zip(&columns) {
            let block = y.zip(*x).map(|((y, _), (x, _))| (x, y));
            let role = match (y, x) {
                (Some((y, _)), Some((x, _))) => match last {
                    Some((at, role)) if at == *x => role,
                    _ => {
                        let role = roles.block(*x, y);
                        last = Some((*x, role));
                        role
                    }
                },
                _ => Role::Outside,
            };
            let (symbols, style) = match (heat, block) {
                (Some(map), Some(at)) => super::heat::block(role, map, at, theme),
                _ => paint::block(role, theme),
            };
            let half = x.map_or(0, |(x, into)| {
                let width = look.across.width(x);
                usize::from(width > 1 && 2 * into >= width)
            });
            if let Some(cell) = buf.cell_mut((column, row)) {
                cell.set_symbol(symbols[half]).set_style(style);
            }
        }
    }
}

/// For each of `cells` terminal cells along one axis: the block drawn there and how far into
/// it, or `None` in the margin around a maze smaller than the canvas. Drawing starts at block
/// `first`.
fn along(axis: Axis, first: u32, blocks: u32, cells: u16) -> Vec<Option<(u32, u16)>> {
    let skipped = axis.span(first);
    let total = axis.span(blocks);
    let margin = u32::from(cells).saturating_sub(total - skipped) / 2;
    (0..u32::from(cells))
        .map(|i| {
            let offset = i.checked_sub(margin)? + skipped;
            (offset < total).then(|| axis.block_at(offset))
        })
        .collect()
}

/// The whole maze, in the densest glyphs that show every block: half blocks (two square
/// pixels a character, full colour) or else braille (eight dots a character). When even
/// braille has too few dots, each character gathers many cells ([`aggregate`]).
fn whole(
    roles: &dyn BlockRoles,
    maze_blocks: (u32, u32),
    theme: &Theme,
    memo: Option<&PathMemo>,
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
    aggregate::draw(roles, true, memo, theme, area, buf);
}

/// Fills `area` with half-block characters for `drawn` pixels, centred, asking `role_at`
/// for each pixel (coordinates relative to the drawing's top-left).
pub(super) fn half_blocks(
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
                let (symbol, modifier) = mono_half(top, bottom);
                cell.set_char(symbol)
                    .set_fg(palette.walls)
                    .set_bg(palette.background);
                cell.modifier = modifier;
            } else {
                cell.set_symbol("▀")
                    .set_fg(paint::colour(top, &theme.palette))
                    .set_bg(paint::colour(bottom, &theme.palette));
            }
        }
    }
}

/// A monochrome character for two stacked pixels, and how it stands out: a one-cell marker
/// (the entry, the exit, the head, a selected or illegal cell) over anything, as a whole mark;
/// then the 42, in its own texture so that it does not merge into the walls; else the wall
/// shape, or a marker (the path's bold dot) when neither pixel is a wall. The entry sits under
/// the top wall: without colour, a wall half would hide it.
fn mono_half(top: Role, bottom: Role) -> (char, Modifier) {
    let one_cell = |r: Role| {
        matches!(
            r,
            Role::Entry | Role::Exit | Role::Head | Role::IllegalStep | Role::Selected
        )
    };
    let marked = |role: Role| (paint::mark(role), paint::mark_modifier(role));
    if let Some(marker) = [top, bottom].into_iter().find(|&r| one_cell(r)) {
        return marked(marker);
    }
    if top == Role::Stamp || bottom == Role::Stamp {
        return marked(Role::Stamp);
    }
    let shape = match (paint::is_ink(top), paint::is_ink(bottom)) {
        (true, true) => '█',
        (true, false) => '▀',
        (false, true) => '▄',
        (false, false) => {
            return [top, bottom]
                .into_iter()
                .find(|r| !matches!(r, Role::Passage | Role::Outside))
                .map_or((' ', Modifier::empty()), marked);
        }
    };
    (shape, Modifier::empty())
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
        let symbol = |top, bottom| mono_half(top, bottom).0;
        assert_eq!(symbol(Role::Wall, Role::Wall), '█');
        assert_eq!(symbol(Role::Wall, Role::Passage), '▀');
        assert_eq!(symbol(Role::Passage, Role::Wall), '▄');
        assert_eq!(symbol(Role::Passage, Role::Outside), ' ');
    }

    /// Without colour the entry and the exit are whole marks (not `(` and `[`, half of the
    /// detailed view's pairs), the 42 is not drawn as wall, and the path is a bold dot.
    #[test]
    fn monochrome_half_blocks_mark_the_entry_exit_42_and_path_whole_and_bold() {
        let bold = Modifier::BOLD;
        let lit = Modifier::BOLD | Modifier::REVERSED;
        // The entry and the exit show even beside a wall.
        assert_eq!(mono_half(Role::Wall, Role::Entry), ('E', lit));
        assert_eq!(mono_half(Role::Exit, Role::Wall), ('X', lit));
        assert_eq!(mono_half(Role::Stamp, Role::Passage), ('▒', bold));
        assert_eq!(mono_half(Role::Wall, Role::Stamp), ('▒', bold));
        assert_eq!(mono_half(Role::Passage, Role::Path), ('•', bold));
        assert_ne!(
            mono_half(Role::Stamp, Role::Stamp).0,
            mono_half(Role::Wall, Role::Wall).0
        );
    }
}
