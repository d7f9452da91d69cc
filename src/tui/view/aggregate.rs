//! The whole-maze view of a maze too big for braille: each character stands for a rectangle of
//! cells (twice as tall as wide, like the character, so the maze keeps its shape) and shows
//! what is in the rectangle rather than one sample of it.
//!
//! - The path, the entry, the exit, the moving head and the 42 win every character they touch,
//!   in that order but for the 42 on the path, drawn in the 42's glyph on the path's colour.
//!   They are found by walking the path and listing the others, never by looking at cells, so
//!   the path stays one line whatever the maze's size: consecutive path cells are neighbours,
//!   so the characters they fall in touch, at least at a corner. The path's characters are
//!   those of a thin line: the same walk over the characters' eight braille dots (fewer in a
//!   character with fewer cells), then the shortest chain of the dots it crossed from its
//!   first to its last, so that where the path winds through an area the line shows its route
//!   instead of filling the area.
//! - Everything else is measured on at most [`SAMPLES`] cells spread evenly over the rectangle,
//!   so apart from the walk along the path a frame costs about the same for 2000x2000 cells
//!   as for 100000x10000. The share of the sampled cells' east and south walls that stand,
//!   over the character and the eight around it, shades the character in five steps from the
//!   passages' colour towards the walls' (without colour: a braille halftone of no dots, a
//!   quarter, half, three quarters or all of them). A perfect maze is about half wall, so it
//!   reads as an even shade; open ground (a courtyard, a braided board) is nearer the
//!   passages, and walls not yet carved nearer the walls. The path is drawn over the shade as
//!   a solid line of its colour, one character wide, so that it reads at every scale; without
//!   colour, as bold dots, with the entry and the exit as lit letters.
//! - While the maze is carved or searched, the character takes the colour of what most of its
//!   samples are: not carved yet (or discarded by the search), searched, or plain passage, so
//!   the carving and the search advance as areas; a sample on the carving stack or the
//!   search's frontier colours its character.

mod memo;

use std::rc::Rc;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

use super::paint;
use super::roles::{BlockRoles, Role};
use super::scale::Scale;
use crate::tui::theme::{Palette, Theme, rgb};
use mazegen::{Dir, Pos};
use memo::PathMarks;
pub use memo::PathMemo;

/// At most this many cells across and down are sampled in each character's rectangle.
pub const SAMPLES: (u32, u32) = (4, 8);

/// The halftone for no walls, a quarter, half, three quarters and all of them: dots on a
/// regular grid, so that equal shares make an even texture across characters.
const HALFTONE: [char; 5] = [' ', '\u{2805}', '\u{2895}', '\u{28BD}', '\u{28FF}'];

/// Which cells each character of the drawing stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The characters drawn: centred in the area given.
    pub drawn: Rect,
    /// The first cell of each column of `drawn`, then the maze's width.
    xs: Vec<u32>,
    /// The first cell of each row of `drawn`, then the maze's height.
    ys: Vec<u32>,
}

impl Placement {
    /// Fits `cells` into `area`, at least one cell a column and two a row.
    pub fn new(cells: (u32, u32), area: Rect) -> Placement {
        let pixels = (u32::from(area.width), 2 * u32::from(area.height));
        if pixels.0 == 0 || pixels.1 == 0 || cells.0 == 0 || cells.1 == 0 {
            return Placement {
                drawn: Rect::new(area.x, area.y, 0, 0),
                xs: vec![0],
                ys: vec![0],
            };
        }
        // Square pixels of one column by half a row; a character is two of them, stacked.
        let mut scale = Scale::fitting(cells, pixels);
        if scale.num < scale.den {
            scale = Scale { num: 1, den: 1 };
        }
        let columns = scale.pixels(cells.0).min(pixels.0);
        let rows = scale.pixels(cells.1).div_ceil(2).min(pixels.1 / 2);
        let xs = (0..=columns).map(|i| scale.first(i).min(cells.0)).collect();
        let ys = (0..=rows)
            .map(|j| scale.first(2 * j).min(cells.1))
            .collect();
        let (columns, rows) = (columns as u16, rows as u16);
        let drawn = Rect::new(
            area.x + (area.width - columns) / 2,
            area.y + (area.height - rows) / 2,
            columns,
            rows,
        );
        Placement { drawn, xs, ys }
    }

    /// The same drawing split into braille dots: two across and four down a character, or
    /// as many as it has cells where it has fewer. With, for each column (row) of dots, the
    /// character's column (row) it is in and its column (row) of dots there.
    fn dots(&self) -> Option<Dots> {
        let split = |starts: &[u32], parts: u32| -> Option<(Vec<u32>, Owners)> {
            let mut out = Vec::with_capacity(starts.len() * parts as usize);
            let mut owners = Vec::with_capacity(starts.len() * parts as usize);
            for (i, range) in starts.windows(2).enumerate() {
                let (first, len) = (range[0], range[1] - range[0]);
                let n = len.min(parts);
                if n == 0 {
                    return None;
                }
                out.extend((0..n).map(|k| first + k * len / n));
                // A character with fewer cells than dots lights its dots from the middle.
                let skip = ((parts - n) / 2) as usize;
                owners.extend((0..n as usize).map(|k| (i, k + skip)));
            }
            out.push(*starts.last()?);
            Some((out, owners))
        };
        let (xs, across) = split(&self.xs, 2)?;
        let (ys, down) = split(&self.ys, 4)?;
        let drawn = Rect::new(
            0,
            0,
            u16::try_from(across.len()).ok()?,
            u16::try_from(down.len()).ok()?,
        );
        Some(Dots {
            placement: Placement { drawn, xs, ys },
            across,
            down,
        })
    }

    /// The cell in the middle of the character at `at` (a position on the screen), if the
    /// drawing covers it.
    pub fn cell_at(&self, at: (u16, u16)) -> Option<Pos> {
        if !self.drawn.contains(at.into()) {
            return None;
        }
        let (column, row) = (
            usize::from(at.0 - self.drawn.x),
            usize::from(at.1 - self.drawn.y),
        );
        let middle = |starts: &[u32], i: usize| (starts[i] + starts[i + 1].max(starts[i] + 1)) / 2;
        let x = middle(&self.xs, column).min(self.xs[self.xs.len() - 1].saturating_sub(1));
        let y = middle(&self.ys, row).min(self.ys[self.ys.len() - 1].saturating_sub(1));
        Some(Pos::new(x, y))
    }

    /// The character (its position on the screen) that cell `pos` falls in.
    pub fn char_of(&self, pos: Pos) -> (u16, u16) {
        let column = self.xs.partition_point(|&x| x <= pos.x).saturating_sub(1);
        let row = self.ys.partition_point(|&y| y <= pos.y).saturating_sub(1);
        let column = (column as u16).min(self.drawn.width.saturating_sub(1));
        let row = (row as u16).min(self.drawn.height.saturating_sub(1));
        (self.drawn.x + column, self.drawn.y + row)
    }
}

/// For each column (row) of dots, the character's column (row) and its dot there.
type Owners = Vec<(usize, usize)>;

/// A drawing's braille dots (see [`Placement::dots`]).
struct Dots {
    placement: Placement,
    across: Owners,
    down: Owners,
}

/// What the samples of one character found.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    samples: u16,
    /// Closed walls among the samples' east and south sides (two a sample).
    closed: u16,
    unvisited: u16,
    frontier: u16,
    visited: u16,
}

impl Tally {
    /// The role the samples make the character.
    fn role(self) -> Role {
        if self.frontier > 0 {
            return Role::Frontier;
        }
        let passages = self.samples - self.unvisited - self.visited;
        if self.unvisited > passages.max(self.visited) {
            Role::Unvisited
        } else if self.visited > passages {
            Role::Visited
        } else {
            Role::Passage
        }
    }
}

/// The step (0 to 4) of the share of walls standing, `closed` out of two for each of
/// `samples` cells. The steps are wide around a half, where every perfect maze is, so that
/// its shade stays even however few cells a character holds: 0 under 15% of the walls, 1 to
/// 35%, 2 to 65%, 3 to 85%, then 4.
fn density_step(closed: u32, samples: u32) -> usize {
    // Twenty times the share of walls standing.
    let share = 10 * u64::from(closed);
    let samples = u64::from(samples.max(1));
    [3, 7, 13, 17]
        .iter()
        .filter(|&&bound| share >= bound * samples)
        .count()
}

/// The halftone of a [`density_step`], for a theme without colour.
fn halftone(closed: u32, samples: u32) -> char {
    HALFTONE[density_step(closed, samples)]
}

/// How far each [`density_step`]'s shade goes from the passages' colour towards the walls':
/// not all the way, so that the path's colour, 3:1 from both, still stands out of it.
const SHADE_MIX: [f64; 5] = [0.0, 0.1, 0.2, 0.3, 0.4];

/// The five shades of the wall density, from the passages' colour towards the walls'. A
/// colour the palette leaves to the terminal (`reset`) cannot be mixed: the passages stay.
pub(super) fn shades(palette: &Palette) -> [Color; 5] {
    let (Some(from), Some(to)) = (rgb(palette.passages), rgb(palette.walls)) else {
        return [palette.passages; 5];
    };
    SHADE_MIX.map(|mix| {
        if mix == 0.0 {
            return palette.passages;
        }
        let channel =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * mix).round() as u8;
        Color::Rgb(
            channel(from.0, to.0),
            channel(from.1, to.1),
            channel(from.2, to.2),
        )
    })
}

/// Each character's walls and samples, with those of the characters around it: the share of
/// walls over a wider area, so that neighbouring characters agree unless the maze changes.
fn around(tallies: &[Tally], columns: usize) -> Vec<(u32, u32)> {
    if columns == 0 {
        return Vec::new();
    }
    let rows = tallies.len() / columns;
    let sum = |row: usize, column: usize| {
        let mut total = (0, 0);
        for y in row.saturating_sub(1)..(row + 2).min(rows) {
            for x in column.saturating_sub(1)..(column + 2).min(columns) {
                let tally = tallies[y * columns + x];
                total.0 += u32::from(tally.closed);
                total.1 += u32::from(tally.samples);
            }
        }
        total
    };
    (0..rows)
        .flat_map(|row| (0..columns).map(move |column| (row, column)))
        .map(|(row, column)| sum(row, column))
        .collect()
}

/// Draws the maze gathered into the characters of `area`, centred, and says where it went.
/// `with_path` walks the path (when it is shown): every step of it, however long, unless
/// `memo` holds the walk of the same path in the same place from an earlier frame.
pub fn draw(
    roles: &dyn BlockRoles,
    with_path: bool,
    memo: Option<&PathMemo>,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) -> Placement {
    let placement = Placement::new(roles.cells(), area);
    let drawn = placement.drawn;
    let tallies = tally(roles, &placement);
    let walls = around(&tallies, usize::from(drawn.width));
    let marks = marks(roles, with_path, memo, &placement);
    let palette = &theme.palette;
    let shades = shades(palette);
    for row in area.top()..area.bottom() {
        for column in area.left()..area.right() {
            let Some(cell) = buf.cell_mut((column, row)) else {
                continue;
            };
            if !drawn.contains((column, row).into()) {
                cell.set_char(' ').set_bg(palette.background);
                continue;
            }
            let i = usize::from(row - drawn.y) * usize::from(drawn.width)
                + usize::from(column - drawn.x);
            let role = marks.roles[i].unwrap_or_else(|| tallies[i].role());
            let (symbol, fg, bg, modifier) = if theme.monochrome {
                let (symbol, modifier) = match role {
                    // The 42 on the path: its glyph, bold like the path's.
                    Role::Path if marks.stamped[i] => (stamp_glyph(), Modifier::BOLD),
                    Role::Passage => (halftone(walls[i].0, walls[i].1), Modifier::empty()),
                    role => (mono_glyph(role), paint::mark_modifier(role)),
                };
                (symbol, palette.walls, palette.background, modifier)
            } else {
                match role {
                    // The 42 shares this character with the path: the path's colour keeps
                    // the line whole, the 42's glyph shows it is there.
                    Role::Path if marks.stamped[i] => {
                        (stamp_glyph(), palette.stamp, palette.path, Modifier::BOLD)
                    }
                    Role::Passage => (
                        ' ',
                        palette.walls,
                        shades[density_step(walls[i].0, walls[i].1)],
                        Modifier::empty(),
                    ),
                    // The path, the markers, the 42 and the search in their own colours, the
                    // path as a solid line over the shade.
                    role => (
                        ' ',
                        palette.walls,
                        paint::colour(role, palette),
                        Modifier::empty(),
                    ),
                }
            };
            cell.set_char(symbol).set_fg(fg).set_bg(bg);
            cell.modifier = modifier;
        }
    }
    placement
}

/// A role's character where colour cannot tell it: its whole mark (the path's bold dot, the
/// entry's and the exit's letters).
fn mono_glyph(role: Role) -> char {
    paint::mark(role)
}

/// The 42's monochrome glyph, which also marks it on the path's colour.
fn stamp_glyph() -> char {
    mono_glyph(Role::Stamp)
}

/// The first cell of each sampled column (row) in `starts`' ranges, with its range's index:
/// up to `most` of them, evenly spread.
fn spread(starts: &[u32], most: u32) -> Vec<(u32, usize)> {
    starts
        .windows(2)
        .enumerate()
        .flat_map(|(i, range)| {
            let (first, len) = (range[0], range[1] - range[0]);
            let n = len.min(most);
            (0..n).map(move |a| {
                let offset = (2 * u64::from(a) + 1) * u64::from(len) / (2 * u64::from(n));
                (first + offset as u32, i)
            })
        })
        .collect()
}

/// Samples every character's rectangle, row by row so the maze is read in order.
fn tally(roles: &dyn BlockRoles, placement: &Placement) -> Vec<Tally> {
    let columns = usize::from(placement.drawn.width);
    let mut tallies = vec![Tally::default(); columns * usize::from(placement.drawn.height)];
    let across = spread(&placement.xs, SAMPLES.0);
    let down = spread(&placement.ys, SAMPLES.1);
    let animating = roles.is_animating();
    for &(y, row) in &down {
        let line = &mut tallies[row * columns..(row + 1) * columns];
        for &(x, column) in &across {
            let pos = Pos::new(x, y);
            let tally = &mut line[column];
            tally.samples += 1;
            tally.closed += roles.closed_walls(pos) as u16;
            if animating {
                match roles.ground(pos) {
                    Role::Unvisited => tally.unvisited += 1,
                    Role::Frontier => tally.frontier += 1,
                    Role::Visited => tally.visited += 1,
                    _ => {}
                }
            }
        }
    }
    tallies
}

/// The characters the 42, the path and the markers take.
struct Marks {
    /// The marker, else the path, else the 42, in each character.
    roles: Vec<Option<Role>>,
    /// Whether the 42 is in each character, even under the path.
    stamped: Vec<bool>,
}

fn marks(
    roles: &dyn BlockRoles,
    with_path: bool,
    memo: Option<&PathMemo>,
    placement: &Placement,
) -> Marks {
    let drawn = placement.drawn;
    let columns = usize::from(drawn.width);
    let chars = columns * usize::from(drawn.height);
    let mut marks = Marks {
        roles: vec![None; chars],
        stamped: vec![false; chars],
    };
    if chars == 0 {
        return marks;
    }
    let index = |pos: Pos| {
        let (column, row) = placement.char_of(pos);
        usize::from(row - drawn.y) * columns + usize::from(column - drawn.x)
    };
    for pos in roles.stamp_cells() {
        marks.roles[index(pos)] = Some(Role::Stamp);
        marks.stamped[index(pos)] = true;
    }
    if let Some((start, dirs)) = roles.path().filter(|_| with_path) {
        let walk = || path_marks(placement, start, dirs);
        let path = match (memo, roles.solution()) {
            (Some(memo), Some(solution)) => memo.marks(solution, placement, walk),
            _ => Rc::new(walk()),
        };
        for (role, &on) in marks.roles.iter_mut().zip(&path.on) {
            if on {
                *role = Some(Role::Path);
            }
        }
    }
    // The head under the exit under the entry.
    let mut markers: Vec<(Pos, Role)> = roles.markers();
    markers.reverse();
    for (pos, role) in markers {
        marks.roles[index(pos)] = Some(role);
    }
    marks
}

/// The characters the path from `start` along `dirs` passes through in `placement`: where the
/// characters have room for braille dots, those of its thin line through them, so that where
/// the path winds through an area the line shows its route instead of filling the area. A walk
/// of every step.
fn path_marks(placement: &Placement, start: Pos, dirs: &[Dir]) -> PathMarks {
    let drawn = placement.drawn;
    let columns = usize::from(drawn.width);
    let chars = columns * usize::from(drawn.height);
    let mut on = vec![false; chars];
    match placement.dots() {
        // A thin line: the dots the path passes through, walked as the characters are.
        Some(dots) => {
            let drawn = dots.placement.drawn;
            let (dot_columns, rows) = (usize::from(drawn.width), usize::from(drawn.height));
            let walked = path_chars(&dots.placement, start, dirs);
            for i in straightest(&walked, dot_columns, rows) {
                let (column, _) = dots.across[i % dot_columns];
                let (row, _) = dots.down[i / dot_columns];
                on[row * columns + column] = true;
            }
        }
        None => {
            for i in path_chars(placement, start, dirs) {
                on[i] = true;
            }
        }
    }
    PathMarks { on }
}

/// The dots of the shortest 8-connected way from the first dot of `walked` to its last
/// through the dots it visits (`columns` x `rows` of them): the path's route without the
/// windings inside the area it covers, which would fill it rather than draw a line.
fn straightest(walked: &[usize], columns: usize, rows: usize) -> Vec<usize> {
    let (Some(&first), Some(&last)) = (walked.first(), walked.last()) else {
        return Vec::new();
    };
    const NONE: usize = usize::MAX;
    const UNSEEN: usize = usize::MAX - 1;
    // UNSEEN on the walked dots until reached, then the dot it was reached from.
    let mut from = vec![NONE; columns * rows];
    for &i in walked {
        from[i] = UNSEEN;
    }
    from[first] = first;
    let mut queue = std::collections::VecDeque::from([first]);
    while let Some(i) = queue.pop_front() {
        if i == last {
            break;
        }
        let (x, y) = (i % columns, i / columns);
        for (dx, dy) in [
            (0, -1),
            (1, 0),
            (0, 1),
            (-1, 0),
            (1, -1),
            (1, 1),
            (-1, 1),
            (-1, -1),
        ] {
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                continue;
            };
            if nx >= columns || ny >= rows {
                continue;
            }
            let next = ny * columns + nx;
            if from[next] == UNSEEN {
                from[next] = i;
                queue.push_back(next);
            }
        }
    }
    if from[last] >= UNSEEN {
        return walked.to_vec();
    }
    let mut line = vec![last];
    let mut at = last;
    while at != first {
        at = from[at];
        line.push(at);
    }
    line
}

/// How a step in each direction (in `Dir`'s order: north, east, south, west) moves.
const STEP_X: [i64; 4] = [0, 1, 0, -1];
const STEP_Y: [i64; 4] = [-1, 0, 1, 0];

/// Steps summed at once, far from a rectangle's edges.
const RUN: usize = 8;

/// The index of every character the path from `start` along `dirs` passes through, in order
/// (a character again each time the path comes back to it). A step moves one cell, so it can
/// only leave its character's rectangle for a neighbouring one, and from a cell `n` cells
/// inside the rectangle the next `n` steps cannot leave it at all. So runs of steps far from
/// the edges are summed without looking where they go (branch-free arithmetic the compiler
/// vectorises), and near the edges each step costs two additions and a test that it is still
/// in the rectangle.
fn path_chars(placement: &Placement, start: Pos, dirs: &[Dir]) -> Vec<usize> {
    let (xs, ys) = (&placement.xs, &placement.ys);
    let columns = usize::from(placement.drawn.width);
    let mut chars = Vec::new();
    if columns == 0 || placement.drawn.height == 0 {
        return chars;
    }
    let (width, height) = (i64::from(xs[columns]), i64::from(*ys.last().unwrap_or(&0)));
    let (mut x, mut y) = (i64::from(start.x), i64::from(start.y));
    if x >= width || y >= height {
        return chars;
    }
    let mut column = xs.partition_point(|&first| i64::from(first) <= x) - 1;
    let mut row = ys.partition_point(|&first| i64::from(first) <= y) - 1;
    chars.push(row * columns + column);
    // The current rectangle: its first cell and its size.
    let rectangle = |column: usize, row: usize| {
        let (left, top) = (i64::from(xs[column]), i64::from(ys[row]));
        let across = i64::from(xs[column + 1]) - left;
        let down = i64::from(ys[row + 1]) - top;
        (left, top, across, down)
    };
    let (mut left, mut top, mut across, mut down) = rectangle(column, row);
    let mut next = 0;
    while next < dirs.len() {
        let inside = (x - left)
            .min(left + across - 1 - x)
            .min(y - top)
            .min(top + down - 1 - y);
        let runs = (inside as usize / RUN).min((dirs.len() - next) / RUN);
        if runs > 0 {
            let (dx, dy) = sum_steps(&dirs[next..next + runs * RUN]);
            (x, y) = (x + dx, y + dy);
            next += runs * RUN;
            continue;
        }
        let end = dirs.len().min(next + RUN);
        for &dir in &dirs[next..end] {
            next += 1;
            x += STEP_X[dir as usize];
            y += STEP_Y[dir as usize];
            // One unsigned comparison a side: left of the first cell wraps to a huge number.
            if ((x - left) as u64) < across as u64 && ((y - top) as u64) < down as u64 {
                continue;
            }
            if !(0..width).contains(&x) || !(0..height).contains(&y) {
                return chars;
            }
            if x < left {
                column -= 1;
            } else if x >= left + across {
                column += 1;
            } else if y < top {
                row -= 1;
            } else {
                row += 1;
            }
            (left, top, across, down) = rectangle(column, row);
            chars.push(row * columns + column);
        }
    }
    chars
}

/// Where `dirs` leads, from (0, 0): east minus west, south minus north.
fn sum_steps(dirs: &[Dir]) -> (i64, i64) {
    let (mut dx, mut dy) = (0_i32, 0_i32);
    for &dir in dirs {
        // North 0, East 1, South 2, West 3: odd ones move across, even ones down.
        let d = dir as i32;
        dx += (d & 1) * (2 - d);
        dy += (1 - (d & 1)) * (d - 1);
    }
    (i64::from(dx), i64::from(dy))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_covers_every_cell_once_and_keeps_the_shape() {
        // 2000x2000 cells in 200x60 characters: 120 pixels down, so 120 columns of 16 or 17
        // cells and 60 rows of 33 or 34.
        let placement = Placement::new((2000, 2000), Rect::new(10, 5, 200, 60));
        assert_eq!(placement.drawn, Rect::new(50, 5, 120, 60));
        assert_eq!((placement.xs.len(), placement.ys.len()), (121, 61));
        assert_eq!((placement.xs[120], placement.ys[60]), (2000, 2000));
        for range in placement.xs.windows(2) {
            assert!((16..=17).contains(&(range[1] - range[0])), "{range:?}");
        }
        for range in placement.ys.windows(2) {
            assert!((33..=34).contains(&(range[1] - range[0])), "{range:?}");
        }
        assert_eq!(placement.char_of(Pos::new(0, 0)), (50, 5));
        assert_eq!(placement.char_of(Pos::new(1999, 1999)), (169, 64));
        assert_eq!(placement.char_of(Pos::new(17, 34)).1, 6);
    }

    #[test]
    fn a_placement_never_magnifies() {
        let placement = Placement::new((30, 20), Rect::new(0, 0, 100, 40));
        assert_eq!(placement.drawn, Rect::new(35, 15, 30, 10));
        assert!(placement.xs.windows(2).all(|r| r[1] - r[0] == 1));
        assert!(placement.ys.windows(2).all(|r| r[1] - r[0] == 2));
        let none = Placement::new((30, 20), Rect::new(3, 4, 0, 7));
        assert_eq!(none.drawn.area(), 0);
    }

    #[test]
    fn samples_are_spread_inside_their_ranges() {
        assert_eq!(
            spread(&[0, 2, 10], 4),
            [(0, 0), (1, 0), (3, 1), (5, 1), (7, 1), (9, 1)]
        );
        assert_eq!(spread(&[5, 6], 4), [(5, 0)]);
    }

    #[test]
    fn the_path_walk_visits_neighbouring_characters() {
        let placement = Placement::new((100, 100), Rect::new(0, 0, 25, 25));
        // 4 cells a column, 8 a row.
        let dirs = [Dir::East; 9]
            .into_iter()
            .chain([Dir::South; 9])
            .collect::<Vec<_>>();
        let chars = path_chars(&placement, Pos::new(0, 0), &dirs);
        let columns = usize::from(placement.drawn.width);
        assert_eq!(chars, [0, 1, 2, columns + 2]);
    }

    /// The characters of every cell of the walk, one look-up a cell.
    fn walked(placement: &Placement, start: Pos, dirs: &[Dir], cells: (i64, i64)) -> Vec<usize> {
        let (mut x, mut y) = (i64::from(start.x), i64::from(start.y));
        let mut on = vec![(x, y)];
        for &dir in dirs {
            x += STEP_X[dir as usize];
            y += STEP_Y[dir as usize];
            if !(0..cells.0).contains(&x) || !(0..cells.1).contains(&y) {
                break;
            }
            on.push((x, y));
        }
        let columns = usize::from(placement.drawn.width);
        let mut chars: Vec<usize> = Vec::new();
        for (x, y) in on {
            let (column, row) = placement.char_of(Pos::new(x as u32, y as u32));
            let i = usize::from(row - placement.drawn.y) * columns
                + usize::from(column - placement.drawn.x);
            if chars.last() != Some(&i) {
                chars.push(i);
            }
        }
        chars
    }

    #[test]
    fn the_path_walk_finds_the_characters_of_every_cell_on_a_long_walk() {
        // A square spiral out from the middle, then a zigzag that runs off the maze.
        let mut dirs = Vec::new();
        for turn in 0..400_usize {
            dirs.extend(std::iter::repeat_n(Dir::ALL[turn % 4], turn / 2 + 1));
        }
        for i in 0..20_000_usize {
            dirs.push([Dir::East, Dir::South, Dir::East, Dir::North][i % 4]);
            if i % 5 == 0 {
                dirs.push(Dir::South);
            }
        }
        // Small rectangles (9x18 cells), where most steps are checked, and big ones, where
        // most are summed in runs.
        for (cells, area) in [((300, 200), (37, 11)), ((3000, 2000), (7, 3))] {
            let placement = Placement::new(cells, Rect::new(2, 1, area.0, area.1));
            let start = Pos::new(cells.0 / 2, cells.1 / 2);
            let cells = (i64::from(cells.0), i64::from(cells.1));
            let expected = walked(&placement, start, &dirs, cells);
            assert!(expected.len() > 5, "{}", expected.len());
            assert_eq!(path_chars(&placement, start, &dirs), expected);
        }
    }

    #[test]
    fn a_character_with_few_cells_gets_as_many_dots() {
        // 1 cell a column, 2 a row: one dot across, the middle two of the four down.
        let dots = Placement::new((30, 20), Rect::new(0, 0, 100, 40))
            .dots()
            .unwrap();
        assert_eq!(dots.placement.drawn, Rect::new(0, 0, 30, 20));
        assert_eq!(dots.across[..2], [(0, 0), (1, 0)]);
        assert_eq!(dots.down[..3], [(0, 1), (0, 2), (1, 1)]);
        // Many cells a character: two dots across and four down, each over its share.
        let dots = Placement::new((2000, 2000), Rect::new(0, 0, 20, 10))
            .dots()
            .unwrap();
        assert_eq!(dots.placement.drawn, Rect::new(0, 0, 40, 40));
        assert_eq!(dots.down[..5], [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]);
        assert_eq!(dots.placement.ys[..3], [0, 50, 100]);
    }

    #[test]
    fn the_line_takes_the_shortest_way_through_the_dots_walked() {
        // A walk on a 5x3 grid of dots that winds back and forth along the top row before
        // going down: the line cuts the windings.
        let walked = [0, 1, 2, 1, 2, 3, 8, 7, 12, 13, 14];
        assert_eq!(straightest(&walked, 5, 3), [14, 8, 2, 1, 0]);
        assert_eq!(straightest(&[4], 5, 3), [4]);
        assert!(straightest(&[], 5, 3).is_empty());
    }

    #[test]
    fn steps_sum_to_where_they_lead() {
        assert_eq!(sum_steps(&Dir::ALL), (0, 0));
        assert_eq!(sum_steps(&[Dir::East, Dir::East, Dir::South]), (2, 1));
        assert_eq!(sum_steps(&[Dir::West, Dir::North, Dir::North]), (-1, -2));
        let run: Vec<Dir> = (0..1000).map(|i| Dir::ALL[(i * 7 + i / 3) % 4]).collect();
        let by_step = run.iter().fold((0, 0), |(x, y), &d| {
            (x + STEP_X[d as usize], y + STEP_Y[d as usize])
        });
        assert_eq!(sum_steps(&run), by_step);
    }

    #[test]
    fn the_halftone_has_a_wide_step_around_half_the_walls() {
        assert_eq!(halftone(0, 32), ' ');
        assert_eq!(halftone(9, 32), ' ');
        assert_eq!(halftone(10, 32), '\u{2805}');
        assert_eq!(halftone(22, 32), '\u{2805}');
        assert_eq!(halftone(23, 32), '\u{2895}');
        assert_eq!(halftone(32, 32), '\u{2895}');
        assert_eq!(halftone(41, 32), '\u{2895}');
        assert_eq!(halftone(42, 32), '\u{28BD}');
        assert_eq!(halftone(54, 32), '\u{28BD}');
        assert_eq!(halftone(55, 32), '\u{28FF}');
        assert_eq!(halftone(64, 32), '\u{28FF}');
        assert_eq!(halftone(0, 0), ' ');
        // Half the dots is a checkerboard: two a column, alternating.
        assert_eq!(0x95_u32.count_ones(), 4);
        // Two cells, one wall of four: 25%, a quarter of the dots.
        assert_eq!(halftone(1, 2), '\u{2805}');
    }

    #[test]
    fn the_wall_share_is_taken_over_the_characters_around() {
        let tally = |closed| Tally {
            samples: 1,
            closed,
            ..Tally::default()
        };
        let tallies = [tally(2), tally(0), tally(0), tally(1), tally(1), tally(1)];
        assert_eq!(
            around(&tallies, 3),
            [(4, 4), (5, 6), (2, 4), (4, 4), (5, 6), (2, 4)]
        );
    }

    #[test]
    fn most_samples_decide_the_colour_and_the_frontier_any() {
        let tally = |unvisited, visited, frontier| Tally {
            samples: 10,
            unvisited,
            visited,
            frontier,
            closed: 0,
        };
        assert_eq!(tally(6, 0, 0).role(), Role::Unvisited);
        assert_eq!(tally(5, 0, 0).role(), Role::Passage);
        assert_eq!(tally(0, 6, 0).role(), Role::Visited);
        assert_eq!(tally(4, 3, 0).role(), Role::Unvisited);
        assert_eq!(tally(6, 0, 1).role(), Role::Frontier);
    }
}
