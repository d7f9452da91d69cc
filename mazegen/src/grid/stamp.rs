//! The "42" stamp: 18 fully closed cells drawn as a 7x5 "42" in the middle of the maze.

use crate::geometry::Pos;

/// The stamp's picture, top row first; `X` is a closed (locked) cell.
const PATTERN: [&[u8; STAMP_WIDTH as usize]; STAMP_HEIGHT as usize] =
    [b"X...XXX", b"X.....X", b"XXX.XXX", b"..X.X..", b"..X.XXX"];

/// Width of the stamp in cells.
pub const STAMP_WIDTH: u32 = 7;
/// Height of the stamp in cells.
pub const STAMP_HEIGHT: u32 = 5;
/// Smallest maze width that fits the stamp with a one-cell margin on each side.
pub const STAMP_MIN_WIDTH: u32 = STAMP_WIDTH + 2;
/// Smallest maze height that fits the stamp with a one-cell margin on each side.
pub const STAMP_MIN_HEIGHT: u32 = STAMP_HEIGHT + 2;
/// The pattern's column between the 4 and the 2: open on every row, and the column the maze's
/// centre cell falls in (see [`Stamp::centred`]).
pub const STAMP_GAP_COLUMN: u32 = 3;

/// The maze's centre cell, `(width/2, height/2)` with integer division: the cell the 42
/// subject's board checker requires to be reachable (for an even side, the upper of the two
/// middle cells). The 42 is placed so that this cell is never one of its closed cells.
pub const fn centre_cell(width: u32, height: u32) -> Pos {
    Pos::new(width / 2, height / 2)
}

/// Where the "42" sits in a maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    origin: Pos,
}

impl Stamp {
    /// The stamp at its place in the middle of the maze, top-left at `((width-6)/2,
    /// (height-5)/2)` (integer division), or `None` when the maze is smaller than 9x7 and has
    /// no room for it and its margin. This is the one place the 42's position is computed: the
    /// generator, the config checks and the validator all come here.
    ///
    /// The column puts the maze's [`centre_cell`] in the pattern's open [`STAMP_GAP_COLUMN`],
    /// so the centre is never walled in. For an odd width this is the SPEC's `(width-7)/2`; for
    /// an even width, `(width-7)/2` would put the centre on a closed cell of the 2 (pattern
    /// column 4), which fails the 42 subject's "centre reachable" board check. Any row of the
    /// gap column is open, so `(height-5)/2` needs no such care.
    pub fn centred(width: u32, height: u32) -> Option<Stamp> {
        (width >= STAMP_MIN_WIDTH && height >= STAMP_MIN_HEIGHT).then(|| Stamp {
            origin: Pos::new(
                centre_cell(width, height).x - STAMP_GAP_COLUMN,
                (height - STAMP_HEIGHT) / 2,
            ),
        })
    }

    /// The stamp with its top-left corner at `origin`. The caller makes sure it fits the maze.
    pub const fn at(origin: Pos) -> Stamp {
        Stamp { origin }
    }

    /// Top-left corner of the stamp's 7x5 box.
    pub const fn origin(&self) -> Pos {
        self.origin
    }

    /// Whether `pos` is one of the 18 closed cells.
    pub fn contains(&self, pos: Pos) -> bool {
        let (Some(dx), Some(dy)) = (
            pos.x.checked_sub(self.origin.x),
            pos.y.checked_sub(self.origin.y),
        ) else {
            return false;
        };
        dx < STAMP_WIDTH && dy < STAMP_HEIGHT && PATTERN[dy as usize][dx as usize] == b'X'
    }

    /// The 18 closed cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..STAMP_HEIGHT).flat_map(move |dy| {
            (0..STAMP_WIDTH)
                .filter(move |&dx| PATTERN[dy as usize][dx as usize] == b'X')
                .map(move |dx| Pos::new(self.origin.x + dx, self.origin.y + dy))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn has_eighteen_cells() {
        assert_eq!(Stamp::at(Pos::new(0, 0)).cells().count(), 18);
    }

    #[test]
    fn sits_where_the_spec_puts_it() {
        // The subject's 25x20 example has its 42 with top-left at (9, 7).
        assert_eq!(Stamp::centred(25, 20).unwrap().origin(), Pos::new(9, 7));
        assert_eq!(Stamp::centred(9, 7).unwrap().origin(), Pos::new(1, 1));
        // Even widths: (width-6)/2, one cell right of the old (width-7)/2.
        assert_eq!(Stamp::centred(10, 8).unwrap().origin(), Pos::new(2, 1));
        assert_eq!(Stamp::centred(12, 9).unwrap().origin(), Pos::new(3, 2));
        assert_eq!(Stamp::centred(200, 150).unwrap().origin(), Pos::new(97, 72));
    }

    /// Widths and heights to try: every one from the smallest that fits the 42 to 60, and a
    /// few large ones of each parity.
    fn sides(min: u32) -> impl Iterator<Item = u32> + Clone {
        (min..=60).chain([99, 100, 149, 150, 199, 200, 1001, 1002, 99_999, 100_000])
    }

    #[test]
    fn the_gap_column_is_open_on_every_row() {
        assert!(
            PATTERN
                .iter()
                .all(|row| row[STAMP_GAP_COLUMN as usize] == b'.')
        );
    }

    #[test]
    fn origin_is_width_minus_6_halved_and_the_spec_position_for_odd_widths() {
        for w in sides(STAMP_MIN_WIDTH) {
            for h in sides(STAMP_MIN_HEIGHT) {
                let o = Stamp::centred(w, h).unwrap().origin();
                assert_eq!(o, Pos::new((w - 6) / 2, (h - 5) / 2), "{w}x{h}");
                if w % 2 == 1 {
                    assert_eq!(o.x, (w - STAMP_WIDTH) / 2, "{w}x{h}");
                }
                // Still a one-cell margin on every side.
                assert!(o.x >= 1 && o.y >= 1, "{w}x{h}");
                assert!(o.x + STAMP_WIDTH < w && o.y + STAMP_HEIGHT < h, "{w}x{h}");
            }
        }
    }

    #[test]
    fn the_centre_cell_is_never_a_cell_of_the_42() {
        for w in sides(STAMP_MIN_WIDTH) {
            for h in sides(STAMP_MIN_HEIGHT) {
                let stamp = Stamp::centred(w, h).unwrap();
                let centre = centre_cell(w, h);
                assert!(!stamp.contains(centre), "{w}x{h}: {centre} is on the 42");
                // It is in the 42's box, in the gap column, on row 2 or 3 (the 4's bar or
                // below it): the vertical rounding can never reach a closed cell.
                let (dx, dy) = (centre.x - stamp.origin().x, centre.y - stamp.origin().y);
                assert_eq!(dx, STAMP_GAP_COLUMN, "{w}x{h}");
                assert!(dy == 2 || dy == 3, "{w}x{h}: row {dy}");
            }
        }
    }

    #[test]
    fn needs_a_one_cell_margin() {
        assert!(Stamp::centred(8, 7).is_none());
        assert!(Stamp::centred(9, 6).is_none());
        assert!(Stamp::centred(9, 7).is_some());
    }

    #[test]
    fn contains_matches_cells_and_the_picture() {
        let stamp = Stamp::at(Pos::new(3, 2));
        let cells: Vec<Pos> = stamp.cells().collect();
        for y in 0..10 {
            for x in 0..12 {
                let p = Pos::new(x, y);
                assert_eq!(stamp.contains(p), cells.contains(&p), "at {p}");
            }
        }
        // Spot checks against the picture: the 4's stem and the 2's bottom bar.
        assert!(stamp.contains(Pos::new(3, 2)));
        assert!(!stamp.contains(Pos::new(4, 2)));
        assert!(stamp.contains(Pos::new(9, 6)));
        assert!(!stamp.contains(Pos::new(3, 5)));
    }
}
