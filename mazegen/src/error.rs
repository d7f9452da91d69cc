//! The library's one error type: every failure of its own, whichever entry point met it.
//!
//! The library's fallible functions return [`Error`] (a [`Format`](crate::format::Format)
//! writing to a caller's stream answers with the stream's `io::Error`, which converts), so a
//! program calling several parts of the crate needs only `Result<_, mazegen::Error>`, and each
//! failure is one variant to match on: a grid's size ([`Error::Side`]...), a stamp pattern
//! ([`Error::StampWallsIn`]...), a generator's or a session's options, a config, a maze file, a
//! picture too large to make ([`Error::PngTooLarge`]...), a write. Its messages say what is
//! wrong in the library's terms; an application adds its own advice from the fields.
//!
//! The error is at the bottom of the crate's modules: it names only the geometry, what its
//! messages are written with (quoting, spelling hints), and the payloads of its own variants,
//! which live below it too ([`ConfigErrorKind`] in `error/config.rs`, [`HexErrorKind`] in
//! `error/hex.rs`, the small `Clone` errors a generator keeps in `error/size.rs` and
//! `error/stamp.rs`). So every module above may return it, and the conversions from the
//! parts' own internal errors live beside those errors.

pub(crate) mod config;
pub(crate) mod hex;
pub(crate) mod size;
pub(crate) mod stamp;

use std::io;
use std::path::PathBuf;

use crate::geometry::Pos;
use crate::parse::did_you_mean;
use crate::quote::{self, quoted};
pub use config::ConfigErrorKind;
pub use hex::HexErrorKind;
use size::{MAX_CELLS, MAX_SIDE, MIN_SIDE};
use stamp::PATTERN_MAX_SIDE;

/// A failure of the library: bad options, a bad config, a file that cannot be read or
/// written.
///
/// ```
/// use mazegen::{Error, Maze};
///
/// let err = Maze::builder(1, 10).build().unwrap_err();
/// assert!(matches!(err, Error::Side { side: "WIDTH", value: 1 }));
/// assert_eq!(err.to_string(), "WIDTH must be between 2 and 100000, got 1");
///
/// fn first_maze() -> Result<(), Error> {
///     let maze = Maze::builder(12, 9).seed(3).build()?; // an Error
///     let grid = mazegen::Generator::generate(maze.options().clone())?;
///     assert_eq!(&grid, maze.grid());
///     Ok(())
/// }
/// first_maze()?;
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A side of the maze is under [`Grid::MIN_SIDE`](crate::Grid::MIN_SIDE) or over
    /// [`Grid::MAX_SIDE`](crate::Grid::MAX_SIDE).
    #[error("{side} must be between {MIN_SIDE} and {MAX_SIDE}, got {value}")]
    Side {
        /// `"WIDTH"` or `"HEIGHT"`.
        side: &'static str,
        /// The side asked for.
        value: u64,
    },
    /// Together the sides make more than [`Grid::MAX_CELLS`](crate::Grid::MAX_CELLS) cells.
    #[error(
        "{width}x{height} is {} cells, more than the limit of {MAX_CELLS} cells (about 2 GB of memory)",
        *width as u64 * *height as u64
    )]
    TooManyCells {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The allocator refused the grid's memory: a size within the limits that this machine
    /// cannot hold now. Reported instead of aborting the process.
    #[error("cannot allocate the {width}x{height} maze's {} bytes: out of memory", *width as u64 * *height as u64)]
    OutOfMemory {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The allocator refused the memory of one piece of work on the maze (a generator's
    /// working set as it grows, the braiding's list of dead ends, a search, the statistics,
    /// an output's buffer): that work stopped there, and nothing it would make was kept.
    #[error("not enough memory for {task} of the {width}x{height} maze")]
    NotEnoughMemory {
        /// What the memory was for: `"the carving"`, `"the braiding"`...
        task: &'static str,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// A stamp pattern's text has no closed cell at all (use no stamp instead).
    #[error("the stamp pattern has no closed cell (X)")]
    EmptyStamp,
    /// A character of a stamp pattern's text that is neither a closed (`X`, `#`) nor an open
    /// (`.`) cell.
    #[error(
        "the stamp pattern has {found:?} at row {row}, column {column}: only X, # and . are cells"
    )]
    BadStampCell {
        /// The character found.
        found: char,
        /// Its row, from 1.
        row: u32,
        /// Its column, from 1.
        column: u32,
    },
    /// A stamp pattern's row with no cell (`X//X`, `X/`): rows are never dropped.
    #[error("the stamp pattern's row {row} is empty: every row needs its cells")]
    EmptyStampRow {
        /// The row, from 1.
        row: u32,
    },
    /// A stamp pattern's row longer or shorter than its first.
    #[error("the stamp pattern's row {row} has {found} cells, its first row has {expected}")]
    RaggedStamp {
        /// The row, from 1.
        row: u32,
        /// Its length.
        found: u32,
        /// The first row's length.
        expected: u32,
    },
    /// A stamp pattern of more than [`Pattern::MAX_SIDE`](crate::Pattern::MAX_SIDE) rows or
    /// columns.
    #[error("the stamp pattern is {width}x{height}: at most {PATTERN_MAX_SIDE}x{PATTERN_MAX_SIDE}")]
    StampTooLarge {
        /// Columns given.
        width: u32,
        /// Rows given.
        height: u32,
    },
    /// An open cell of a stamp pattern that no path from outside the pattern reaches: the
    /// maze would not be connected.
    #[error(
        "the stamp pattern walls in its open cell at column {}, row {} (counted from 1): the maze would not be connected",
        .cell.x + 1, .cell.y + 1
    )]
    StampWallsIn {
        /// The cell, in the pattern's own coordinates (0-based).
        cell: Pos,
    },
    /// The maze has no room for the stamp pattern and its one-cell margin.
    #[error(
        "the {width}x{height} stamp needs a maze of at least {}x{} (a one-cell margin around it), got {maze_width}x{maze_height}",
        .width + 2, .height + 2
    )]
    StampDoesNotFit {
        /// The pattern's width.
        width: u32,
        /// The pattern's height.
        height: u32,
        /// The maze's width.
        maze_width: u32,
        /// The maze's height.
        maze_height: u32,
    },
    /// The courtyard fits, but the stamp pattern does not fit beside it.
    #[error("the {maze_width}x{maze_height} maze has no room for the stamp beside the courtyard")]
    NoRoomBesideCourtyard {
        /// The maze's width.
        maze_width: u32,
        /// The maze's height.
        maze_height: u32,
    },
    /// The generator's start cell is outside the maze.
    #[error("start cell {start} is outside the {width}x{height} maze")]
    StartOutside {
        /// The start cell.
        start: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// The generator's start cell is one of the stamp's closed cells.
    #[error("start cell {0} is part of the 42")]
    StartOnStamp(Pos),
    /// The braid is not between 0.0 and 1.0 (as written).
    #[error("BRAID must be between 0.0 and 1.0, got {0}")]
    Braid(String),
    /// The entry or the exit (`end` says which) is outside the maze.
    #[error("{end} cell {pos} is outside the {width}x{height} maze")]
    Outside {
        /// `"entry"` or `"exit"`.
        end: &'static str,
        /// The cell asked for.
        pos: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// The entry or the exit (`end` says which) is one of the stamp's closed cells.
    #[error("{end} {pos} is on the stamp (its cells are closed)")]
    OnStamp {
        /// `"entry"` or `"exit"`.
        end: &'static str,
        /// The cell asked for.
        pos: Pos,
    },
    /// The entry and the exit are the same cell.
    #[error("entry and exit are the same cell, {pos}")]
    SameEnds {
        /// The cell given for both.
        pos: Pos,
    },
    /// An algorithm name that is not one of [`Algorithm::ALL`](crate::Algorithm::ALL).
    #[error(
        "unknown algorithm {}{} (valid: {valid})",
        quoted(name),
        did_you_mean(name, valid)
    )]
    UnknownAlgorithm {
        /// The name given, trimmed.
        name: String,
        /// The valid names, comma-separated.
        valid: String,
    },
    /// A solver name that is not one of [`Solver::ALL`](crate::Solver::ALL).
    #[error("unknown solver {} (valid: {valid})", quoted(name))]
    UnknownSolver {
        /// The name given, trimmed.
        name: String,
        /// The valid names, comma-separated.
        valid: String,
    },
    /// A paper name that is not one of `format::Paper`'s (`a4`, `letter`; the `pdf` feature).
    #[error("unknown paper {} (valid: {valid})", quoted(name))]
    UnknownPaper {
        /// The text given.
        name: String,
        /// The valid names, comma-separated.
        valid: String,
    },
    /// A PNG picture of more pixels than `format::Png::MAX_PIXELS` (the `png` feature), refused
    /// before anything is drawn.
    #[error(
        "a {width}x{height} maze at this cell size is a {pixel_width}x{pixel_height} pixel PNG, \
         more than the {} million pixels a PNG may have",
        .limit / 1_000_000
    )]
    PngTooLarge {
        /// The maze's width, in cells.
        width: u32,
        /// The maze's height, in cells.
        height: u32,
        /// The picture's width, in pixels.
        pixel_width: u64,
        /// The picture's height, in pixels.
        pixel_height: u64,
        /// The most pixels a PNG may have.
        limit: u64,
    },
    /// A puzzle sheet whose mazes have more cells in all than `format::PdfSheet::MAX_CELLS` (the
    /// `pdf` feature), refused before they are made.
    #[error(
        "a sheet of {count} mazes of {width}x{height} has {cells} cells, more than the {} \
         million a sheet may have",
        .limit / 1_000_000
    )]
    SheetTooLarge {
        /// The mazes on the sheet.
        count: u32,
        /// Each maze's width.
        width: u32,
        /// Each maze's height.
        height: u32,
        /// Their cells in all.
        cells: u64,
        /// The most cells a sheet may have.
        limit: u64,
    },
    /// A maze of more cells than an animated SVG may show, whose film could pass `max_bytes`.
    #[error(
        "a {width}x{height} maze has {cells} cells: an animated SVG of more than {} million \
         cells ({side}x{side}) could pass {} MB",
        *.limit as f64 / 1e6,
        .max_bytes / 1_000_000,
        side = .limit.isqrt()
    )]
    FilmTooLarge {
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
        /// Its cells.
        cells: u64,
        /// The most cells an animated maze may have.
        limit: u64,
        /// The size, in bytes, the film must stay under.
        max_bytes: u64,
    },
    /// Text that is not an `x,y` coordinate (two whole numbers).
    #[error("expected x,y (two whole numbers)")]
    BadPos,
    /// A config that cannot be used, with where the problem is. Displays on one line as
    /// `file:line: message`, or `file: message` when the problem is not on a particular line
    /// (unreadable file, missing key), the form editors and terminals link to.
    #[error("{}: {kind}", config::location(file, line))]
    Config {
        /// The config file, as the caller named it.
        file: PathBuf,
        /// 1-based line of the problem, if it is on one line.
        line: Option<usize>,
        /// What is wrong (its [`ConfigErrorKind::key`] is the key it is about, if any).
        kind: ConfigErrorKind,
    },
    /// A maze file that cannot be read: it is not there, not a regular file, or larger than
    /// any maze file of its size may be.
    #[error("cannot read {}: {source}", quote::path(path))]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A maze file that is not a maze file.
    #[error("{}:{}", quote::path(path), match line {
        Some(n) => format!("{n}: {kind}"),
        None => format!(" {kind}"),
    })]
    BadMazeFile {
        /// The file.
        path: PathBuf,
        /// 1-based line of the problem, if it is on one line.
        line: Option<usize>,
        /// What is wrong.
        kind: HexErrorKind,
    },
    /// Maze text that is not a maze file.
    #[error("{}{kind}", line.map(|n| format!("{n}: ")).unwrap_or_default())]
    Hex {
        /// 1-based line of the problem, if it is on one line.
        line: Option<usize>,
        /// What is wrong.
        kind: HexErrorKind,
    },
    /// A file that could not be written; the previous content, if any, is unchanged (no file
    /// of the outputs written together was changed).
    #[error("cannot write {}: {source}", quote::path(path))]
    Write {
        /// The file that could not be written: [`Error::STDOUT`] for standard output.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A stream the caller gave that cannot be written (a [`Format`](crate::format::Format)
    /// writing to it).
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl Error {
    /// The `path` of an [`Error::Write`] to standard output, which is not a file:
    /// `standard output`.
    pub const STDOUT: &str = "standard output";
}

/// A cell's coordinates are below the error (which names cells), so their parse is here.
impl std::str::FromStr for Pos {
    type Err = Error;

    /// Reads `x,y` as the config file and the maze file write it: two whole numbers of ASCII
    /// digits (no sign), spaces allowed around each. Anything else is [`Error::BadPos`].
    fn from_str(text: &str) -> Result<Pos, Error> {
        Pos::parse_text(text).ok_or(Error::BadPos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::format::MazeFile;
    use crate::session::Session;
    use crate::{MazeOptions, Solver};

    /// Every entry point's error, through `?`.
    fn each(case: u8) -> Result<(), Error> {
        match case {
            0 => drop(crate::Generator::build(MazeOptions::new(5, 4).braid(2.0))?),
            1 => drop(crate::Generator::build(MazeOptions::new(0, 4))?),
            2 => drop(Session::new(
                MazeOptions::new(5, 4),
                Pos::new(0, 0),
                Pos::new(9, 0),
                Solver::Bfs,
            )?),
            3 => drop("XXX/X.X/XXX".parse::<crate::grid::Pattern>()?),
            4 => drop(Config::parse("WIDTH=x", "c.txt")?),
            5 => drop(MazeFile::load("/no/such/maze.txt")?),
            _ => drop(crate::format::MazeFile::parse("zz\n")?),
        }
        Ok(())
    }

    #[test]
    fn each_entry_points_error_is_one_variant_of_error() {
        let errors: Vec<Error> = (0..7).map(|case| each(case).unwrap_err()).collect();
        assert!(matches!(errors[0], Error::Braid(_)), "{:?}", errors[0]);
        assert!(
            matches!(
                errors[1],
                Error::Side {
                    side: "WIDTH",
                    value: 0
                }
            ),
            "{:?}",
            errors[1]
        );
        assert!(
            matches!(errors[2], Error::Outside { end: "exit", .. }),
            "{:?}",
            errors[2]
        );
        assert_eq!(
            errors[2].to_string(),
            "exit cell 9,0 is outside the 5x4 maze"
        );
        assert!(
            matches!(errors[3], Error::StampWallsIn { cell } if cell == Pos::new(1, 1)),
            "{:?}",
            errors[3]
        );
        assert!(matches!(errors[4], Error::Config { .. }), "{:?}", errors[4]);
        assert!(
            errors[4].to_string().starts_with("c.txt:1: "),
            "{}",
            errors[4]
        );
        assert!(
            matches!(errors[5], Error::Unreadable { .. }),
            "{:?}",
            errors[5]
        );
        assert!(
            matches!(errors[6], Error::Hex { line: Some(1), .. }),
            "{:?}",
            errors[6]
        );
    }

    #[test]
    fn a_generators_stamp_error_is_the_stamp_variant_too() {
        let bar: crate::grid::Pattern = "XXXXXXXX".parse().unwrap();
        let err: Error = crate::Generator::build(MazeOptions::new(9, 9).stamp(bar))
            .unwrap_err()
            .into();
        assert!(matches!(err, Error::StampDoesNotFit { .. }), "{err:?}");
    }

    #[test]
    fn errors_are_std_errors_that_can_cross_threads() {
        fn check<E: std::error::Error + Send + Sync + 'static>() {}
        check::<Error>();
    }
}
