//! The subject's 42, as other programs draw it: "a visible 42 drawn by several fully closed
//! cells", of any shape near the centre (student programs draw a 20-cell "4" with both strokes).
//!
//! The project writes its own 42 at its own place ([`Stamp::centred`]); when a check is not
//! told to require that exact shape ([`Expected::exact_stamp`]), a maze whose fully closed cells near
//! the centre draw a "4" then a "2" passes with that drawing as its 42: its cells are left out
//! of the connectivity rule, and a [`StampNote`] says how it differs from the project's.

use std::fmt;

use crate::geometry::Pos;
use crate::grid::{Pattern, Stamp, StampChoice, Walls, centre_cell};

use super::Expected;

/// A 42 accepted that is not the project's: its cells and how it differs. Shared with the
/// application, not part of the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StampNote {
    /// The 42 the maze draws.
    pub drawn: Stamp,
    /// The project's 42 for this size.
    pub project: Stamp,
}

impl fmt::Display for StampNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (drawn, ours) = (self.drawn, self.project);
        let cells = |s: Stamp| s.cells().count();
        write!(
            f,
            "42: drawn with {} closed cells in a {}x{} box at {}, the project's has {} in a {}x{} \
             box at {}: accepted (the subject fixes neither shape nor place; STAMP=42 or \
             --strict requires the project's)",
            cells(drawn),
            drawn.pattern().width(),
            drawn.pattern().height(),
            drawn.origin(),
            cells(ours),
            ours.pattern().width(),
            ours.pattern().height(),
            ours.origin(),
        )
    }
}

/// How far from the maze's centre, in cells each way, a drawn 42 is looked for: the whole 42
/// fits a [`Pattern`], at most 16 cells a side.
const SEARCH_RADIUS: u32 = 16;

/// How many cells a drawn 42's box may lie off the maze's centre cell and still be "near the
/// centre".
const NEAR: u32 = 2;

/// The 42 that a `w` x `h` maze, whose cells' walls `walls` reads, draws near its centre when
/// it is not the project's exact 42 and `expected` accepts any: `None` when the project's 42
/// is there whole, when the check requires it, or when no group of closed cells draws a 42.
pub(crate) fn drawn_forty_two(
    (w, h): (u32, u32),
    walls: impl Fn(Pos) -> Walls,
    expected: &Expected,
) -> Option<StampNote> {
    if expected.exact_stamp || expected.courtyard || expected.stamp != StampChoice::FortyTwo {
        return None;
    }
    let project = Stamp::centred(w, h)?;
    let drawn = find_forty_two((w, h), &walls)?;
    (drawn != project).then_some(StampNote { drawn, project })
}

/// A group of closed cells, 4-connected.
struct Glyph {
    cells: Vec<Pos>,
    left: u32,
    right: u32,
    top: u32,
    bottom: u32,
}

impl Glyph {
    fn width(&self) -> u32 {
        self.right - self.left + 1
    }

    fn height(&self) -> u32 {
        self.bottom - self.top + 1
    }

    /// Whether the cell at column `x`, row `y` of the glyph's box is one of its cells.
    fn has(&self, x: u32, y: u32) -> bool {
        self.cells.contains(&Pos::new(self.left + x, self.top + y))
    }

    fn row_full(&self, y: u32) -> bool {
        (0..self.width()).all(|x| self.has(x, y))
    }

    /// A "4": a left stroke from the top down to a full crossbar above the last row, and below
    /// it a stem that never touches the left column; the top row is not full.
    fn looks_like_4(&self) -> bool {
        let (w, h) = (self.width(), self.height());
        if w < 2 || h < 4 || self.row_full(0) {
            return false;
        }
        let Some(bar) = (1..h - 1).find(|&y| self.row_full(y)) else {
            return false;
        };
        (0..bar).all(|y| self.has(0, y))
            && (bar + 1..h).all(|y| !self.has(0, y) && (1..w).any(|x| self.has(x, y)))
    }

    /// A "2": full top, middle and bottom rows; between top and middle only the right column,
    /// between middle and bottom only the left one.
    fn looks_like_2(&self) -> bool {
        let (w, h) = (self.width(), self.height());
        if w < 2 || h < 5 || !self.row_full(0) || !self.row_full(h - 1) {
            return false;
        }
        let Some(middle) = (2..h - 2).find(|&y| self.row_full(y)) else {
            return false;
        };
        let only = |y: u32, column: u32| (0..w).all(|x| self.has(x, y) == (x == column));
        (1..middle).all(|y| only(y, w - 1)) && (middle + 1..h - 1).all(|y| only(y, 0))
    }
}

/// The closed cells near the centre of a `w` x `h` maze that draw a "4" then a "2", as a
/// stamp; the pair nearest the centre if several do.
fn find_forty_two((w, h): (u32, u32), walls: &impl Fn(Pos) -> Walls) -> Option<Stamp> {
    let centre = centre_cell(w, h);
    let (x0, y0) = (
        centre.x.saturating_sub(SEARCH_RADIUS),
        centre.y.saturating_sub(SEARCH_RADIUS),
    );
    let (x1, y1) = (
        (centre.x + SEARCH_RADIUS).min(w - 1),
        (centre.y + SEARCH_RADIUS).min(h - 1),
    );
    let in_window = |p: Pos| (x0..=x1).contains(&p.x) && (y0..=y1).contains(&p.y);
    let closed = |p: Pos| in_window(p) && walls(p) == Walls::CLOSED;
    let glyphs = glyphs_in(x0..=x1, y0..=y1, &closed);
    let mut best: Option<(u32, Stamp)> = None;
    for four in glyphs.iter().filter(|g| g.looks_like_4()) {
        for two in glyphs.iter().filter(|g| g.looks_like_2()) {
            let Some((stamp, distance)) = pair(four, two, centre) else {
                continue;
            };
            if best.is_none_or(|(d, _)| distance < d) {
                best = Some((distance, stamp));
            }
        }
    }
    best.map(|(_, stamp)| stamp)
}

/// The 4-connected groups of `closed` cells in the window; a group that reaches the window's
/// edge is too large to be a glyph and left out.
fn glyphs_in(
    xs: std::ops::RangeInclusive<u32>,
    ys: std::ops::RangeInclusive<u32>,
    closed: &impl Fn(Pos) -> bool,
) -> Vec<Glyph> {
    let mut seen: Vec<Pos> = Vec::new();
    let mut glyphs = Vec::new();
    for y in ys.clone() {
        for x in xs.clone() {
            let start = Pos::new(x, y);
            if !closed(start) || seen.contains(&start) {
                continue;
            }
            let mut cells = vec![start];
            seen.push(start);
            let mut i = 0;
            while i < cells.len() {
                let Pos { x, y } = cells[i];
                i += 1;
                let around = [
                    x.checked_sub(1).map(|x| Pos::new(x, y)),
                    Some(Pos::new(x + 1, y)),
                    y.checked_sub(1).map(|y| Pos::new(x, y)),
                    Some(Pos::new(x, y + 1)),
                ];
                for next in around.into_iter().flatten() {
                    if closed(next) && !seen.contains(&next) {
                        seen.push(next);
                        cells.push(next);
                    }
                }
            }
            let glyph = Glyph {
                left: cells.iter().map(|p| p.x).min().unwrap_or(x),
                right: cells.iter().map(|p| p.x).max().unwrap_or(x),
                top: cells.iter().map(|p| p.y).min().unwrap_or(y),
                bottom: cells.iter().map(|p| p.y).max().unwrap_or(y),
                cells,
            };
            let on_edge = |v: u32, range: &std::ops::RangeInclusive<u32>| {
                v == *range.start() && v != 0 || v == *range.end()
            };
            let touches_edge = on_edge(glyph.left, &xs)
                || on_edge(glyph.right, &xs)
                || on_edge(glyph.top, &ys)
                || on_edge(glyph.bottom, &ys);
            if !touches_edge {
                glyphs.push(glyph);
            }
        }
    }
    glyphs
}

/// The 42 that `four` and `two` draw, side by side on the same rows (give or take one) with at
/// most two open columns between them, and its box's distance from `centre` (0 when the box,
/// grown by [`NEAR`], holds it); `None` when they are no 42, or not near the centre.
fn pair(four: &Glyph, two: &Glyph, centre: Pos) -> Option<(Stamp, u32)> {
    let gap = two.left.checked_sub(four.right + 1)?;
    if gap > 2 || four.top.abs_diff(two.top) > 1 || four.bottom.abs_diff(two.bottom) > 1 {
        return None;
    }
    let (left, top) = (four.left, four.top.min(two.top));
    let (right, bottom) = (two.right, four.bottom.max(two.bottom));
    let off = |v: u32, lo: u32, hi: u32| lo.saturating_sub(v).max(v.saturating_sub(hi));
    let distance = off(centre.x, left, right) + off(centre.y, top, bottom);
    if off(centre.x, left, right) > NEAR || off(centre.y, top, bottom) > NEAR {
        return None;
    }
    let has = |x: u32, y: u32| {
        let p = Pos::new(left + x, top + y);
        four.cells.contains(&p) || two.cells.contains(&p)
    };
    let pattern = Pattern::from_fn(right - left + 1, bottom - top + 1, has).ok()?;
    Some((Stamp::with_pattern(Pos::new(left, top), pattern), distance))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walls of a maze whose only closed cells are `picture`'s `X`s, its top-left at `origin`.
    fn walls_of(picture: &[&str], origin: Pos) -> impl Fn(Pos) -> Walls {
        let closed: Vec<Pos> = picture
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.char_indices()
                    .filter(|&(_, c)| c == 'X')
                    .map(move |(x, _)| Pos::new(origin.x + x as u32, origin.y + y as u32))
            })
            .collect();
        move |p| match closed.contains(&p) {
            true => Walls::CLOSED,
            false => Walls::from_bits(0),
        }
    }

    const TWENTY: [&str; 5] = ["X.X.XXX", "X.X...X", "XXX.XXX", "..X.X..", "..X.XXX"];
    const OURS: [&str; 5] = ["X...XXX", "X.....X", "XXX.XXX", "..X.X..", "..X.XXX"];

    #[test]
    fn the_project_s_42_at_its_place_needs_no_note() {
        let walls = walls_of(&OURS, Pos::new(7, 5));
        let found = find_forty_two((21, 15), &walls).unwrap();
        assert_eq!(Some(found), Stamp::centred(21, 15));
        assert_eq!(drawn_forty_two((21, 15), walls, &Expected::default()), None);
    }

    #[test]
    fn a_twenty_cell_42_is_found_with_a_note_unless_the_shape_is_required() {
        let walls = walls_of(&TWENTY, Pos::new(7, 5));
        let note = drawn_forty_two((21, 15), &walls, &Expected::default()).unwrap();
        assert_eq!(note.drawn.cells().count(), 20);
        assert_eq!(note.drawn.origin(), Pos::new(7, 5));
        assert!(note.to_string().contains("20 closed cells"), "{note}");
        let exact = Expected {
            exact_stamp: true,
            ..Expected::default()
        };
        assert_eq!(drawn_forty_two((21, 15), &walls, &exact), None);
    }

    #[test]
    fn a_42_a_little_off_centre_is_found_and_one_far_away_is_not() {
        let near = walls_of(&TWENTY, Pos::new(9, 4));
        assert!(find_forty_two((21, 15), &near).is_some());
        let far = walls_of(&TWENTY, Pos::new(1, 1));
        assert_eq!(find_forty_two((40, 30), &far), None);
    }

    #[test]
    fn closed_cells_that_draw_no_42_are_not_one() {
        let block = walls_of(
            &["XXX.XXX", "XXX.XXX", "XXX.XXX", "XXX.XXX", "XXX.XXX"],
            Pos::new(7, 5),
        );
        assert_eq!(find_forty_two((21, 15), &block), None);
        let swapped = walls_of(
            &["XXX.X.X", "..X.X.X", "XXX.XXX", "X.....X", "XXX...X"],
            Pos::new(7, 5),
        );
        assert_eq!(find_forty_two((21, 15), &swapped), None);
    }
}
