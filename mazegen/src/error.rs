//! The library's one error type: every failure of its own, whichever entry point met it.
//!
//! A generator, a timeline, a maze's builder, a config's reader and a maze file's return it;
//! the errors of other parts (a [`SessionError`](crate::session::SessionError) from a session...) each convert into
//! [`Error`] with `?`, so a program calling several parts of the crate needs only
//! `Result<_, mazegen::Error>`. Each failure has one variant: a generator's stamp error is
//! [`Error::Stamp`], as a pattern's is.

use crate::config::{ConfigError, ConfigErrorKind};
use std::io;
use std::path::PathBuf;

use crate::format::hex::LoadError;
use crate::format::{HexError, HexErrorKind, WriteError};
use crate::generate::GenError;
use crate::geometry::Pos;
use crate::grid::{EndProblem, SizeError, StampError};
use crate::parse::did_you_mean;
use crate::quote::{self, quoted};

/// A failure of the library: bad options, a bad config, a file that cannot be read or
/// written.
///
/// ```
/// use mazegen::{Error, Maze};
///
/// let err = Maze::builder(1, 10).build().unwrap_err();
/// assert!(matches!(err, Error::Size(_)));
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
    /// The maze's size is out of range, or its grid cannot be allocated.
    #[error(transparent)]
    Size(SizeError),
    /// A stamp pattern that cannot be used, or that the maze has no room for.
    #[error(transparent)]
    Stamp(StampError),
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
    #[error("{end} {pos} is outside the {width}x{height} maze")]
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
    /// Text that is not an `x,y` coordinate (two whole numbers).
    #[error("expected x,y (two whole numbers)")]
    BadPos,
    /// A config that cannot be used, with where the problem is. Displays on one line as
    /// `file:line: message`, or `file: message` when the problem is not on a particular line
    /// (unreadable file, missing key), the form editors and terminals link to.
    #[error("{}: {kind}", crate::config::error::location(file, line))]
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

impl From<LoadError> for Error {
    fn from(error: LoadError) -> Error {
        match error {
            LoadError::Io { path, source } => Error::Unreadable { path, source },
            LoadError::Parse { path, source } => Error::BadMazeFile {
                path,
                line: source.line,
                kind: source.kind,
            },
        }
    }
}

impl From<ConfigError> for Error {
    fn from(error: ConfigError) -> Error {
        Error::Config {
            file: error.file,
            line: error.line,
            kind: error.kind,
        }
    }
}

impl From<HexError> for Error {
    fn from(error: HexError) -> Error {
        Error::Hex {
            line: error.line,
            kind: error.kind,
        }
    }
}

impl From<GenError> for Error {
    fn from(error: GenError) -> Error {
        match error {
            GenError::Size(size) => Error::Size(size),
            GenError::Stamp(stamp) => Error::Stamp(stamp),
            GenError::StartOutside {
                start,
                width,
                height,
            } => Error::StartOutside {
                start,
                width,
                height,
            },
            GenError::StartOnStamp(start) => Error::StartOnStamp(start),
            GenError::Braid(braid) => Error::Braid(braid),
        }
    }
}

impl Error {
    /// The error for an entry or exit [`check_ends`](crate::grid::check_ends) refused.
    pub(crate) fn of_ends(problem: EndProblem, width: u32, height: u32) -> Error {
        match problem {
            EndProblem::Outside { end, pos } => Error::Outside {
                end,
                pos,
                width,
                height,
            },
            EndProblem::OnStamp { end, pos } => Error::OnStamp { end, pos },
            EndProblem::Same(pos) => Error::SameEnds { pos },
        }
    }
}

impl Error {
    /// The `path` of an [`Error::Write`] to standard output, which is not a file:
    /// `standard output`.
    pub const STDOUT: &str = crate::format::STDOUT;
}

impl From<WriteError> for Error {
    fn from(error: WriteError) -> Error {
        Error::Write {
            path: error.path,
            source: error.source,
        }
    }
}

impl From<SizeError> for Error {
    fn from(error: SizeError) -> Error {
        Error::Size(error)
    }
}

impl From<StampError> for Error {
    fn from(error: StampError) -> Error {
        Error::Stamp(error)
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
            matches!(errors[1], Error::Size(SizeError::Side { .. })),
            "{:?}",
            errors[1]
        );
        assert!(
            matches!(errors[2], Error::Outside { end: "exit", .. }),
            "{:?}",
            errors[2]
        );
        assert_eq!(errors[2].to_string(), "exit 9,0 is outside the 5x4 maze");
        assert!(
            matches!(errors[3], Error::Stamp(StampError::WallsIn { .. })),
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
        assert!(
            matches!(err, Error::Stamp(StampError::DoesNotFit { .. })),
            "{err:?}"
        );
    }

    #[test]
    fn errors_are_std_errors_that_can_cross_threads() {
        fn check<E: std::error::Error + Send + Sync + 'static>() {}
        check::<Error>();
    }
}
