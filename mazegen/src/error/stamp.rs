//! The small `Clone` error of a stamp pattern that cannot be used or placed, which a generator
//! keeps: [`Error`]'s stamp variants to a caller, with the same message.

use std::fmt;

use super::Error;
use crate::geometry::Pos;

/// The widest and tallest a [`Pattern`](crate::Pattern) may be, in cells.
pub(crate) const PATTERN_MAX_SIDE: u32 = 16;

/// Why a stamp pattern cannot be used, or cannot be placed in a maze: one of [`Error`]'s stamp
/// variants ([`Error::EmptyStamp`] to [`Error::NoRoomBesideCourtyard`]), kept `Clone`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StampError {
    /// [`Error::EmptyStamp`].
    Empty,
    /// [`Error::BadStampCell`].
    BadCell { found: char, row: u32, column: u32 },
    /// [`Error::EmptyStampRow`].
    EmptyRow { row: u32 },
    /// [`Error::RaggedStamp`].
    Ragged { row: u32, found: u32, expected: u32 },
    /// [`Error::StampTooLarge`].
    TooLarge { width: u32, height: u32 },
    /// [`Error::StampWallsIn`].
    WallsIn { cell: Pos },
    /// [`Error::StampDoesNotFit`].
    DoesNotFit {
        width: u32,
        height: u32,
        maze_width: u32,
        maze_height: u32,
    },
    /// [`Error::NoRoomBesideCourtyard`].
    NoRoomBesideCourtyard { maze_width: u32, maze_height: u32 },
}

impl From<StampError> for Error {
    fn from(error: StampError) -> Error {
        match error {
            StampError::Empty => Error::EmptyStamp,
            StampError::BadCell { found, row, column } => {
                Error::BadStampCell { found, row, column }
            }
            StampError::EmptyRow { row } => Error::EmptyStampRow { row },
            StampError::Ragged {
                row,
                found,
                expected,
            } => Error::RaggedStamp {
                row,
                found,
                expected,
            },
            StampError::TooLarge { width, height } => Error::StampTooLarge { width, height },
            StampError::WallsIn { cell } => Error::StampWallsIn { cell },
            StampError::DoesNotFit {
                width,
                height,
                maze_width,
                maze_height,
            } => Error::StampDoesNotFit {
                width,
                height,
                maze_width,
                maze_height,
            },
            StampError::NoRoomBesideCourtyard {
                maze_width,
                maze_height,
            } => Error::NoRoomBesideCourtyard {
                maze_width,
                maze_height,
            },
        }
    }
}

/// The message of the [`Error`] it becomes.
impl fmt::Display for StampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Error::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for StampError {}
