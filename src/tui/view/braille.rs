//! The whole-maze view for mazes too big for half blocks: braille characters hold 2x4 dots,
//! four times as many blocks as half blocks, so walls stay visible on mazes up to about twice
//! the size. A character has one foreground colour, so the dots are the walls and the
//! background shows the most telling other role under it (the path, the entry, the head...).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::roles::{BlockRoles, Role};
use super::{heat, paint};
use crate::tui::heat::Distances;
use crate::tui::theme::Theme;

/// Dots across and down one character.
const DOTS: (u32, u32) = (2, 4);

/// The bit of each dot in a braille character, by column then row (Unicode's dot order:
/// 1 2 3 7 down the left column, 4 5 6 8 down the right one).
const DOT_BITS: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// How many dots of `area` there are across and down.
pub fn capacity(area: Rect) -> (u32, u32) {
    (
        DOTS.0 * u32::from(area.width),
        DOTS.1 * u32::from(area.height),
    )
}

/// Draws the maze's blocks one dot each, magnified by the largest whole number that fits, and
/// centred. The caller checks that the blocks fit at all (`capacity`).
pub fn draw(
    roles: &dyn BlockRoles,
    maze_blocks: (u32, u32),
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let room = capacity(area);
    let zoom = (room.0 / maze_blocks.0.max(1))
        .min(room.1 / maze_blocks.1.max(1))
        .max(1);
    let drawn = (maze_blocks.0 * zoom, maze_blocks.1 * zoom);
    draw_dots(theme, area, buf, drawn, |x, y| {
        roles.block(x / zoom, y / zoom)
    });
}

/// Fills `area` with braille characters for `drawn` dots, centred, asking `role_at` for each
/// dot (coordinates relative to the drawing's top-left).
pub fn draw_dots(
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    drawn: (u32, u32),
    role_at: impl Fn(u32, u32) -> Role,
) {
    let dots = capacity(area);
    let margin = (
        dots.0.saturating_sub(drawn.0) / 2,
        dots.1.saturating_sub(drawn.1) / 2,
    );
    let role_at = |x: u32, y: u32| match (x.checked_sub(margin.0), y.checked_sub(margin.1)) {
        (Some(x), Some(y)) if x < drawn.0 && y < drawn.1 => role_at(x, y),
        _ => Role::Outside,
    };
    dots_of(&role_at, theme, None, area, buf);
}

/// Draws the blocks from `first` on, one a dot, as many as `area` holds (the 1:4 view);
/// `heat`, if given, colours each character's ground instead of its roles.
pub fn draw_part(
    roles: &dyn BlockRoles,
    first: (u32, u32),
    maze_blocks: (u32, u32),
    theme: &Theme,
    heat: Option<&Distances>,
    area: Rect,
    buf: &mut Buffer,
) {
    let role_at = |x: u32, y: u32| {
        let (x, y) = (first.0 + x, first.1 + y);
        if x < maze_blocks.0 && y < maze_blocks.1 {
            roles.block(x, y)
        } else {
            Role::Outside
        }
    };
    let ground = heat.map(|map| {
        move |column: u16, row: u16| {
            let x = first.0 + DOTS.0 * u32::from(column) + 1;
            let y = first.1 + DOTS.1 * u32::from(row) + 2;
            (x < maze_blocks.0 && y < maze_blocks.1)
                .then(|| heat::block_share(map, x, y))
                .flatten()
        }
    });
    dots_of(
        &role_at,
        theme,
        ground
            .as_ref()
            .map(|g| g as &dyn Fn(u16, u16) -> Option<f64>),
        area,
        buf,
    );
}

/// Fills `area` with braille: the dots are the walls (and the 42) of `role_at`, dots from the
/// area's top-left; the background the most telling other role under the character, or the
/// heat of `ground` at the character (a share of the farthest distance) where it has one.
/// Without colour the markers and the path are drawn with their glyphs.
fn dots_of(
    role_at: &dyn Fn(u32, u32) -> Role,
    theme: &Theme,
    ground: Option<&dyn Fn(u16, u16) -> Option<f64>>,
    area: Rect,
    buf: &mut Buffer,
) {
    let palette = &theme.palette;
    for row in 0..area.height {
        for column in 0..area.width {
            let mut bits = 0;
            let (mut walls, mut stamp) = (0, 0);
            let mut under = Role::Outside;
            for (dx, column_bits) in DOT_BITS.iter().enumerate() {
                for (dy, bit) in column_bits.iter().enumerate() {
                    let x = DOTS.0 * u32::from(column) + dx as u32;
                    let y = DOTS.1 * u32::from(row) + dy as u32;
                    match role_at(x, y) {
                        Role::Wall => {
                            bits |= bit;
                            walls += 1;
                        }
                        Role::Stamp => {
                            bits |= bit;
                            stamp += 1;
                        }
                        role if rank(role) > rank(under) => under = role,
                        _ => {}
                    }
                }
            }
            let Some(cell) = buf.cell_mut((area.x + column, area.y + row)) else {
                continue;
            };
            let ink = if stamp > walls {
                palette.stamp
            } else {
                palette.walls
            };
            // A space rather than the empty braille pattern, which some fonts draw as a box.
            let symbol = match bits {
                0 => ' ',
                _ => char::from_u32(0x2800 + bits).unwrap_or(' '),
            };
            // The markers stay over the heat: they are where the distances are from and to.
            let heat = ground
                .filter(|_| heat::colours(under) || under == Role::Outside)
                .and_then(|ground| ground(column, row));
            match heat {
                // Without colour a glyph of the ramp stands for the character's distance.
                Some(share) if theme.monochrome => {
                    cell.set_symbol(heat::glyph(share))
                        .set_fg(palette.walls)
                        .set_bg(palette.background);
                }
                Some(share) => {
                    cell.set_char(symbol)
                        .set_fg(ink)
                        .set_bg(heat::colour(share));
                }
                // Without colour the markers, the 42 and the path take their marks: the
                // markers over the walls, the 42 over the walls around it (its dots would
                // merge into theirs), the path where the character has no wall dots.
                None if theme.monochrome => {
                    let marked = match under {
                        Role::Entry | Role::Exit | Role::Head => Some(under),
                        _ if stamp > 0 => Some(Role::Stamp),
                        Role::Path if bits == 0 => Some(Role::Path),
                        _ => None,
                    };
                    let (symbol, modifier) = match marked {
                        Some(role) => (paint::mark(role), paint::mark_modifier(role)),
                        None => (symbol, Modifier::empty()),
                    };
                    cell.set_char(symbol)
                        .set_fg(palette.walls)
                        .set_bg(palette.background);
                    cell.modifier = modifier;
                    // Under walls the path shows in reverse video, which needs no colour.
                    if under == Role::Path && marked.is_none() {
                        cell.modifier.insert(Modifier::REVERSED | Modifier::BOLD);
                    }
                }
                None => {
                    cell.set_char(symbol)
                        .set_fg(ink)
                        .set_bg(paint::colour(under, palette));
                }
            }
        }
    }
}

/// Which role a character's background shows when several are under it: an opened file's
/// problems first, then markers, then the path, the search and the carving, then plain
/// passages.
fn rank(role: Role) -> u8 {
    match role {
        Role::Outside => 0,
        Role::Passage => 1,
        Role::Unvisited => 2,
        Role::Visited => 3,
        Role::Frontier => 4,
        Role::Path => 5,
        Role::Head => 6,
        Role::Exit => 7,
        Role::Entry => 8,
        Role::Wall | Role::Stamp => 0,
        // An opened file's problems outrank everything: they are what the view is for.
        Role::Unreachable => 2,
        Role::Shortest => 4,
        Role::OpenArea => 9,
        Role::BadCell | Role::BadWall => 10,
        Role::IllegalStep => 11,
        Role::Selected => 12,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dot_bits_make_every_braille_character_once() {
        let all: u32 = DOT_BITS.iter().flatten().sum();
        assert_eq!(all, 0xFF);
        assert_eq!(char::from_u32(0x2800 + all), Some('⣿'));
        // Dots 1 and 4 (the top row) and dots 7 and 8 (the bottom row).
        assert_eq!(
            char::from_u32(0x2800 + DOT_BITS[0][0] + DOT_BITS[1][0]),
            Some('⠉')
        );
        assert_eq!(
            char::from_u32(0x2800 + DOT_BITS[0][3] + DOT_BITS[1][3]),
            Some('⣀')
        );
    }

    #[test]
    fn markers_outrank_the_path_which_outranks_passages() {
        assert!(rank(Role::Entry) > rank(Role::Path));
        assert!(rank(Role::Exit) > rank(Role::Head));
        assert!(rank(Role::Path) > rank(Role::Visited));
        assert!(rank(Role::Visited) > rank(Role::Passage));
        assert!(rank(Role::Passage) > rank(Role::Outside));
    }
}
