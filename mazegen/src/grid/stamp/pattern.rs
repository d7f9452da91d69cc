//! A stamp's picture: a small bitmap of closed cells, the 42 or one of the user's own, checked
//! once when it is made so that any pattern a maze is given leaves every open cell reachable.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::error::stamp::{PATTERN_MAX_SIDE, StampError};
use crate::geometry::Pos;

/// A small picture of closed cells (at most [`Pattern::MAX_SIDE`] on a side), stamped into a
/// maze as fully closed cells that carving never opens.
///
/// Every pattern is checked when it is made: it has at least one closed cell, and each of its
/// open cells can be reached from outside its box through other open cells, so a stamp never
/// walls a cell in. Its text form is its rows from the top, `X` (or `#`) a closed cell and `.`
/// an open one, separated by `/` or new lines: the 42 is `X...XXX/X.....X/XXX.XXX/..X.X../..X.XXX`.
///
/// ```
/// use mazegen::{Error, Pattern};
///
/// let plus: Pattern = ".X./XXX/.X.".parse()?;
/// assert_eq!((plus.width(), plus.height(), plus.cells().count()), (3, 3, 5));
/// // A ring walls its middle cell in: refused.
/// assert!(matches!("XXX/X.X/XXX".parse::<Pattern>(), Err(Error::StampWallsIn { .. })));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Bit `x` of `rows[y]` set: the cell at column `x` of row `y` is closed.
    rows: [u16; PATTERN_MAX_SIDE as usize],
    width: u8,
    height: u8,
}

impl Pattern {
    /// The longest side a pattern may have, in cells.
    pub const MAX_SIDE: u32 = PATTERN_MAX_SIDE;

    /// The 42: 18 closed cells in a 7x5 box, as the SPEC draws it.
    pub const FORTY_TWO: Pattern =
        Pattern::from_picture(&[b"X...XXX", b"X.....X", b"XXX.XXX", b"..X.X..", b"..X.XXX"]);

    /// A pattern from rows of `X` (closed) and `.` (open), known good at compile time.
    const fn from_picture<const W: usize>(picture: &[&[u8; W]]) -> Pattern {
        let mut rows = [0u16; PATTERN_MAX_SIDE as usize];
        let mut y = 0;
        while y < picture.len() {
            let mut x = 0;
            while x < W {
                if picture[y][x] == b'X' {
                    rows[y] |= 1 << x;
                }
                x += 1;
            }
            y += 1;
        }
        Pattern {
            rows,
            width: W as u8,
            height: picture.len() as u8,
        }
    }

    /// The pattern with `closed(x, y)` cells closed in a `width` x `height` box, checked as
    /// its text form is (see [`Pattern`]).
    pub fn from_fn(
        width: u32,
        height: u32,
        closed: impl Fn(u32, u32) -> bool,
    ) -> Result<Pattern, Error> {
        Pattern::checked(width, height, closed).map_err(Error::from)
    }

    /// [`Pattern::from_fn`], with the error kept apart.
    fn checked(
        width: u32,
        height: u32,
        closed: impl Fn(u32, u32) -> bool,
    ) -> Result<Pattern, StampError> {
        if width > PATTERN_MAX_SIDE || height > PATTERN_MAX_SIDE {
            return Err(StampError::TooLarge { width, height });
        }
        let mut rows = [0u16; PATTERN_MAX_SIDE as usize];
        for (y, row) in rows.iter_mut().enumerate().take(height as usize) {
            for x in 0..width {
                if closed(x, y as u32) {
                    *row |= 1 << x;
                }
            }
        }
        let pattern = Pattern {
            rows,
            width: width as u8,
            height: height as u8,
        };
        pattern.check()?;
        Ok(pattern)
    }

    /// Columns of the pattern's box.
    pub const fn width(&self) -> u32 {
        self.width as u32
    }

    /// Rows of the pattern's box.
    pub const fn height(&self) -> u32 {
        self.height as u32
    }

    /// Whether the cell at column `x`, row `y` of the box is closed (`false` outside it).
    #[inline]
    pub const fn is_closed(&self, x: u32, y: u32) -> bool {
        x < self.width as u32 && y < self.height as u32 && self.rows[y as usize] >> x & 1 != 0
    }

    /// The closed cells, in the pattern's coordinates, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        let pattern = *self;
        (0..pattern.height()).flat_map(move |y| {
            (0..pattern.width())
                .filter(move |&x| pattern.is_closed(x, y))
                .map(move |x| Pos::new(x, y))
        })
    }

    /// At least one closed cell, and every open cell reached from outside the box: a flood
    /// fill of the open cells from the box's edge, in the box only (outside it a maze is all
    /// open cells around a one-cell margin, so connected).
    fn check(&self) -> Result<(), StampError> {
        if self.cells().next().is_none() {
            return Err(StampError::Empty);
        }
        let (w, h) = (self.width(), self.height());
        let mut reached = [0u16; PATTERN_MAX_SIDE as usize];
        let mut todo: Vec<Pos> = Vec::new();
        let reach = |x: u32, y: u32, reached: &mut [u16], todo: &mut Vec<Pos>| {
            if !self.is_closed(x, y) && reached[y as usize] >> x & 1 == 0 {
                reached[y as usize] |= 1 << x;
                todo.push(Pos::new(x, y));
            }
        };
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                    reach(x, y, &mut reached, &mut todo);
                }
            }
        }
        while let Some(p) = todo.pop() {
            if p.x > 0 {
                reach(p.x - 1, p.y, &mut reached, &mut todo);
            }
            if p.y > 0 {
                reach(p.x, p.y - 1, &mut reached, &mut todo);
            }
            if p.x + 1 < w {
                reach(p.x + 1, p.y, &mut reached, &mut todo);
            }
            if p.y + 1 < h {
                reach(p.x, p.y + 1, &mut reached, &mut todo);
            }
        }
        for y in 0..h {
            for x in 0..w {
                if !self.is_closed(x, y) && reached[y as usize] >> x & 1 == 0 {
                    return Err(StampError::WallsIn {
                        cell: Pos::new(x, y),
                    });
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Pattern {
    type Err = Error;

    /// Rows of `X` or `#` (closed) and `.` (open), top row first, separated by `/` or new
    /// lines; blanks around each row are ignored, and an empty row is refused.
    fn from_str(text: &str) -> Result<Pattern, Error> {
        Pattern::read(text).map_err(Error::from)
    }
}

impl Pattern {
    /// [`Pattern::from_str`], with the error kept apart.
    pub(crate) fn read(text: &str) -> Result<Pattern, StampError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(StampError::Empty);
        }
        let rows: Vec<&str> = text.split(['/', '\n']).map(str::trim).collect();
        if let Some(empty) = rows.iter().position(|row| row.is_empty()) {
            return Err(StampError::EmptyRow {
                row: empty as u32 + 1,
            });
        }
        let width = rows.first().map_or(0, |row| row.chars().count()) as u32;
        let height = rows.len() as u32;
        if width > PATTERN_MAX_SIDE || height > PATTERN_MAX_SIDE {
            return Err(StampError::TooLarge { width, height });
        }
        for (y, row) in rows.iter().enumerate() {
            let found = row.chars().count() as u32;
            if found != width {
                return Err(StampError::Ragged {
                    row: y as u32 + 1,
                    found,
                    expected: width,
                });
            }
            if let Some((x, bad)) = row
                .chars()
                .enumerate()
                .find(|(_, c)| !matches!(c, 'X' | 'x' | '#' | '.'))
            {
                return Err(StampError::BadCell {
                    found: bad,
                    row: y as u32 + 1,
                    column: x as u32 + 1,
                });
            }
        }
        Pattern::checked(width, height, |x, y| {
            matches!(rows[y as usize].as_bytes()[x as usize], b'X' | b'x' | b'#')
        })
    }
}

impl fmt::Display for Pattern {
    /// The text form [`Pattern::from_str`] reads: rows of `X` and `.` separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..self.width() {
                f.write_str(if self.is_closed(x, y) { "X" } else { "." })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pattern({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_42_reads_and_writes_as_the_spec_draws_it() {
        let text = "X...XXX/X.....X/XXX.XXX/..X.X../..X.XXX";
        assert_eq!(Pattern::read(text), Ok(Pattern::FORTY_TWO));
        assert_eq!(Pattern::FORTY_TWO.to_string(), text);
        assert_eq!(Pattern::FORTY_TWO.cells().count(), 18);
        assert_eq!(
            (Pattern::FORTY_TWO.width(), Pattern::FORTY_TWO.height()),
            (7, 5)
        );
    }

    #[test]
    fn rows_may_be_lines_and_hashes() {
        let pattern: Pattern = "#.#\n ### \n".parse().unwrap();
        assert_eq!(pattern.to_string(), "X.X/XXX");
    }

    #[test]
    fn bad_text_is_refused_with_where() {
        assert_eq!(Pattern::read(""), Err(StampError::Empty));
        assert_eq!(Pattern::read("../.."), Err(StampError::Empty));
        assert_eq!(
            Pattern::read("X.X/XOX"),
            Err(StampError::BadCell {
                found: 'O',
                row: 2,
                column: 2
            })
        );
        for (text, row) in [("X//X", 2), ("X/", 2), ("/X", 1), ("XX/XX/ /XX", 3)] {
            assert_eq!(
                Pattern::read(text),
                Err(StampError::EmptyRow { row }),
                "{text}"
            );
        }
        assert_eq!(
            Pattern::read("XX/X"),
            Err(StampError::Ragged {
                row: 2,
                found: 1,
                expected: 2
            })
        );
        let wide = "X".repeat(17);
        assert_eq!(
            Pattern::read(&wide),
            Err(StampError::TooLarge {
                width: 17,
                height: 1
            })
        );
        let sixteen = ["X"; 16].join("/");
        assert!(Pattern::read(&sixteen).is_ok());
    }

    #[test]
    fn a_refused_pattern_is_one_variant_of_the_crates_error_with_its_message() {
        let ring = "XXX/X.X/XXX".parse::<Pattern>().unwrap_err();
        assert!(
            matches!(ring, Error::StampWallsIn { cell } if cell == Pos::new(1, 1)),
            "{ring:?}"
        );
        assert_eq!(
            ring.to_string(),
            "the stamp pattern walls in its open cell at column 2, row 2 (counted from 1): the maze would not be connected"
        );
        let ragged = "XX/X".parse::<Pattern>().unwrap_err();
        assert!(
            matches!(
                ragged,
                Error::RaggedStamp {
                    row: 2,
                    found: 1,
                    expected: 2
                }
            ),
            "{ragged:?}"
        );
    }

    #[test]
    fn a_pattern_that_walls_a_cell_in_is_refused() {
        assert_eq!(
            Pattern::read("XXX/X.X/XXX"),
            Err(StampError::WallsIn {
                cell: Pos::new(1, 1)
            })
        );
        // A pocket reached only diagonally is walled in too: cells join through walls.
        assert_eq!(
            Pattern::read("XXXX/X..X/XXX."),
            Err(StampError::WallsIn {
                cell: Pos::new(1, 1)
            })
        );
        // Open to the outside through a gap: fine.
        assert!(Pattern::read("XXXX/X...X/XXXX").is_err()); // ragged, not walled in
        assert!(Pattern::read("XXXX/X...").is_ok());
        assert!(Pattern::read("XX.X/X..X/XXXX").is_ok());
    }

    #[test]
    fn from_fn_checks_like_the_text() {
        let ring = Pattern::from_fn(3, 3, |x, y| !(x == 1 && y == 1));
        assert!(matches!(ring, Err(Error::StampWallsIn { .. })));
        let bar = Pattern::from_fn(4, 1, |_, _| true).unwrap();
        assert_eq!(bar.to_string(), "XXXX");
        assert!(!bar.is_closed(4, 0) && !bar.is_closed(0, 1));
    }
}
