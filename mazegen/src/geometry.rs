//! Positions and compass directions on the maze grid.

use std::fmt;

/// A cell position: `x` is the column, `y` the row, both 0-based from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }
}

impl fmt::Display for Pos {
    /// Formats as `x,y`, the form used by the config file and the hex file footer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Pos {
    /// [`Pos::from_str`](std::str::FromStr), `None` for what is not a coordinate.
    pub(crate) fn parse_text(text: &str) -> Option<Pos> {
        let number = |s: &str| {
            let s = s.trim();
            let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| s.parse::<u32>().ok()).flatten()
        };
        let (x, y) = text.split_once(',')?;
        Some(Pos::new(number(x)?, number(y)?))
    }
}

/// One of the four walls of a cell. The discriminant is the wall's bit index in the hex digit
/// (`1 << dir as u8`): North = 1, East = 2, South = 4, West = 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Dir {
    /// Up: towards row 0.
    North = 0,
    /// Right.
    East = 1,
    /// Down.
    South = 2,
    /// Left: towards column 0.
    West = 3,
}

impl Dir {
    /// All four directions in bit order (N, E, S, W).
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The bit of this wall in a cell's hex digit.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The direction back.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// Column and row offset of one step in this direction.
    pub const fn delta(self) -> (i64, i64) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// The letter used in a solution path (`N`, `E`, `S`, `W`).
    pub const fn letter(self) -> char {
        match self {
            Dir::North => 'N',
            Dir::East => 'E',
            Dir::South => 'S',
            Dir::West => 'W',
        }
    }

    /// Parses a path letter; both cases are accepted.
    pub const fn from_letter(c: char) -> Option<Dir> {
        match c {
            'N' | 'n' => Some(Dir::North),
            'E' | 'e' => Some(Dir::East),
            'S' | 's' => Some(Dir::South),
            'W' | 'w' => Some(Dir::West),
            _ => None,
        }
    }

    /// Inverse of `self as u8`; only the two low bits are read.
    pub(crate) const fn from_index(i: u8) -> Dir {
        match i & 3 {
            0 => Dir::North,
            1 => Dir::East,
            2 => Dir::South,
            _ => Dir::West,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        };
        f.write_str(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_match_the_hex_encoding() {
        let bits: Vec<u8> = Dir::ALL.iter().map(|d| d.bit()).collect();
        assert_eq!(bits, [1, 2, 4, 8]);
    }

    #[test]
    fn opposite_is_an_involution_and_reverses_the_step() {
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (dx, dy) = d.delta();
            assert_eq!(d.opposite().delta(), (-dx, -dy));
            assert_ne!(d.opposite(), d);
        }
    }

    #[test]
    fn letters_round_trip_in_both_cases() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
            assert_eq!(Dir::from_letter(d.letter().to_ascii_lowercase()), Some(d));
            assert_eq!(Dir::from_index(d as u8), d);
        }
        assert_eq!(Dir::from_letter('x'), None);
    }

    #[test]
    fn pos_displays_and_parses_as_config_coordinates() {
        assert_eq!(Pos::new(19, 14).to_string(), "19,14");
        assert_eq!("19,14".parse::<Pos>().ok(), Some(Pos::new(19, 14)));
        assert_eq!(" 3 , 4 ".parse::<Pos>().ok(), Some(Pos::new(3, 4)));
        for bad in [
            "1",
            "1,2,3",
            "a,b",
            "-1,0",
            "+1,0",
            "1,",
            ",",
            "1.0,2",
            "4294967296,0",
        ] {
            assert_eq!(Pos::parse_text(bad), None, "{bad:?}");
        }
    }
}
