//! The limits of a maze's size, and the small `Clone` error a generator, a search or a
//! measure keeps when a size is refused or memory runs out: [`Error`]'s size variants to a
//! caller, with the same message.

use std::fmt;

use super::Error;

/// Smallest width or height of a maze.
pub(crate) const MIN_SIDE: u32 = 2;
/// Largest width or height of a maze.
pub(crate) const MAX_SIDE: u32 = 100_000;
/// Largest number of cells: generating and solving take about 2 bytes a cell at peak, so this
/// is about 2 GB of memory.
pub(crate) const MAX_CELLS: u64 = 1_000_000_000;

/// Why a maze of a given size cannot be made, or a piece of work on it ran out of memory: one
/// of [`Error::Side`], [`Error::TooManyCells`], [`Error::OutOfMemory`] and
/// [`Error::NotEnoughMemory`], kept `Clone` (a generator and its checkpoints hold it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SizeError {
    /// [`Error::Side`].
    Side { side: &'static str, value: u64 },
    /// [`Error::TooManyCells`].
    TooManyCells { width: u32, height: u32 },
    /// [`Error::OutOfMemory`].
    OutOfMemory { width: u32, height: u32 },
    /// [`Error::NotEnoughMemory`].
    NotEnoughMemory {
        task: &'static str,
        width: u32,
        height: u32,
    },
}

impl From<SizeError> for Error {
    fn from(error: SizeError) -> Error {
        match error {
            SizeError::Side { side, value } => Error::Side { side, value },
            SizeError::TooManyCells { width, height } => Error::TooManyCells { width, height },
            SizeError::OutOfMemory { width, height } => Error::OutOfMemory { width, height },
            SizeError::NotEnoughMemory {
                task,
                width,
                height,
            } => Error::NotEnoughMemory {
                task,
                width,
                height,
            },
        }
    }
}

/// The message of the [`Error`] it becomes.
impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Error::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for SizeError {}

/// Checks a maze size against [`MIN_SIDE`], [`MAX_SIDE`] and [`MAX_CELLS`].
pub(crate) fn check_size(width: u32, height: u32) -> Result<(), SizeError> {
    for (side, value) in [("WIDTH", width), ("HEIGHT", height)] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&value) {
            return Err(SizeError::Side {
                side,
                value: value.into(),
            });
        }
    }
    if u64::from(width) * u64::from(height) > MAX_CELLS {
        return Err(SizeError::TooManyCells { width, height });
    }
    Ok(())
}
