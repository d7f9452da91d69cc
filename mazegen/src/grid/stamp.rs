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

/// Where the "42" sits in a maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    origin: Pos,
}

impl Stamp {
    /// The stamp at its SPEC position, top-left at `((width-7)/2, (height-5)/2)`, or `None` when
    /// the maze is smaller than 9x7 and has no room for it and its margin.
    pub fn centred(width: u32, height: u32) -> Option<Stamp> {
        (width >= STAMP_MIN_WIDTH && height >= STAMP_MIN_HEIGHT).then(|| Stamp {
            origin: Pos::new((width - STAMP_WIDTH) / 2, (height - STAMP_HEIGHT) / 2),
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
        assert_eq!(Stamp::centred(10, 8).unwrap().origin(), Pos::new(1, 1));
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
