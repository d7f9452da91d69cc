//! What can be wrong with a maze file, the payload of [`Error::Hex`] and [`Error::BadMazeFile`];
//! it is public as `mazegen::format::HexErrorKind`.

use super::Error;
use super::size::{MAX_SIDE, MIN_SIDE};
use crate::quote::quoted;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
/// What is wrong with a maze file, for [`Error::Hex`] and
/// [`Error::BadMazeFile`].
#[non_exhaustive]
pub enum HexErrorKind {
    #[error("the file does not start with rows of hex digits")]
    /// No rows of hex digits at the start.
    NoRows,
    #[error("row has {found} cells, the rows above have {expected}")]
    /// A row of another length than the first.
    RowLength {
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    #[error("'{}' in column {column} is not a hex digit", found.escape_debug())]
    /// A character that is not a hex digit.
    NotHex {
        /// Its column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    #[error("maze size: {}", size_error(*width, *height))]
    /// The rows make a maze of a size out of range: said as [`Error::Side`] or
    /// [`Error::TooManyCells`] say it.
    Size {
        /// The width of the rows (the first row's length).
        width: u64,
        /// The rows read: all of them, or only the first when its width is out of range
        /// (refused there, before the others are read).
        height: u64,
    },
    #[error("maze size: {}", Error::OutOfMemory { width: *width, height: *height })]
    /// The allocator refused the memory of the maze's grid, as [`Error::OutOfMemory`] says.
    NoMemoryForGrid {
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    #[error("not enough memory for the maze's cells")]
    /// The allocator refused the room for the rows' cells.
    OutOfMemory,
    #[error("no empty line after the maze rows, so no entry, exit and path")]
    /// No empty line after the rows.
    MissingFooter,
    #[error("the file ends before {0}")]
    /// The file ends before the part named.
    Missing(&'static str),
    #[error("the {what} must be x,y (two whole numbers), got {}", quoted(found))]
    /// The entry or exit line is not `x,y`.
    Coordinate {
        /// `"entry"` or `"exit"`.
        what: &'static str,
        /// The line.
        found: String,
    },
    #[error("'{}' at position {column} of the path is not one of N, E, S, W", found.escape_debug())]
    /// A path letter that is not N, E, S or W.
    NotAStep {
        /// Its position, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    #[error("unexpected text after the path: {}", quoted(.0))]
    /// Text after the path line.
    Trailing(String),
    #[error("the file is not text (not valid UTF-8)")]
    /// The file is not UTF-8 text.
    NotText,
}

/// The error of a `width` x `height` maze that is refused: the side out of range, the width
/// first, or else too many cells.
fn size_error(width: u64, height: u64) -> Error {
    let range = u64::from(MIN_SIDE)..=u64::from(MAX_SIDE);
    for (side, value) in [("WIDTH", width), ("HEIGHT", height)] {
        if !range.contains(&value) {
            return Error::Side { side, value };
        }
    }
    // Both sides are in range, so each fits a u32.
    Error::TooManyCells {
        width: width as u32,
        height: height as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A size the rows make is said as the grid's own check says it: the width first, then the
    /// height, then the cells, whatever the width (a first row may be longer than a `u32`).
    #[test]
    fn a_refused_size_says_what_the_grids_check_says() {
        let said = |width, height| HexErrorKind::Size { width, height }.to_string();
        assert_eq!(
            said(5_000_000_000, 1),
            "maze size: WIDTH must be between 2 and 100000, got 5000000000"
        );
        assert_eq!(
            said(3, 100_001),
            "maze size: HEIGHT must be between 2 and 100000, got 100001"
        );
        assert_eq!(
            said(100_000, 10_001),
            "maze size: 100000x10001 is 1000100000 cells, more than the limit of 1000000000 cells (about 2 GB of memory)"
        );
        let grid = HexErrorKind::NoMemoryForGrid {
            width: 3,
            height: 2,
        };
        assert_eq!(
            grid.to_string(),
            "maze size: cannot allocate the 3x2 maze's 6 bytes: out of memory"
        );
    }
}
