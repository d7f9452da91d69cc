//! What can be wrong with a config, the payload of [`Error::Config`]; it is public as
//! `mazegen::config::ConfigErrorKind`, and the key each kind is about is `config`'s to say.

use std::path::Path;

use super::Error;
use super::size::{MAX_SIDE, MIN_SIDE};
use crate::geometry::Pos;
use crate::parse::did_you_mean;
use crate::quote::{self, quoted};

/// `file:line` or `file`, the prefix of a config error's message.
pub(crate) fn location(file: &Path, line: &Option<usize>) -> String {
    match line {
        Some(line) => format!("{}:{line}", quote::path(file)),
        None => quote::path(file),
    }
}

/// What is wrong with a config, for [`Error::Config`](crate::Error::Config). Bad values are quoted: escaped, so control characters
/// cannot break the one-line message, and cut at 80 characters.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    #[error("cannot read the file: {reason}")]
    /// The file cannot be read.
    Unreadable {
        /// Why, as the system says it.
        reason: String,
    },
    #[error("not valid UTF-8 text (first bad byte at offset {offset})")]
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// Byte offset of the first bad byte.
        offset: usize,
    },
    #[error("expected KEY=VALUE, got {}", quoted(text))]
    /// A line without `=`.
    MissingEquals {
        /// The line.
        text: String,
    },
    #[error("no key before '=' in {}", quoted(text))]
    /// A line with nothing before its `=`.
    EmptyKey {
        /// The line.
        text: String,
    },
    #[error("{key} has no value")]
    /// A key with nothing after its `=`.
    EmptyValue {
        /// The key.
        key: &'static str,
    },
    /// `known` lists the library's keys, then the application's (see
    /// [`Config::parse_with_app_keys`](crate::config::Config::parse_with_app_keys)).
    #[error("unknown key {} (known keys: {})", quoted(key), known.join(", "))]
    UnknownKey {
        /// The key, uppercase.
        key: String,
        /// The keys known.
        known: Vec<&'static str>,
    },
    #[error("duplicate key {key} (first given on line {first_line})")]
    /// A key given twice.
    DuplicateKey {
        /// The key.
        key: &'static str,
        /// The line it was first given on.
        first_line: usize,
    },
    #[error("missing mandatory key {key}")]
    /// A mandatory key that is not given.
    MissingKey {
        /// The key.
        key: &'static str,
    },
    #[error(
        "{key} must be a whole number between {MIN_SIDE} and {MAX_SIDE}, got {}",
        quoted(value)
    )]
    /// `WIDTH` or `HEIGHT` is not a whole number in range.
    BadSize {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// Each side is fine but together they exceed [`Grid::MAX_CELLS`](crate::Grid::MAX_CELLS); `key` is whichever of
    /// `WIDTH` and `HEIGHT` comes later in the file, the one that tipped it over.
    #[error("WIDTH and HEIGHT are too large: {}", Error::TooManyCells { width: *width, height: *height })]
    TooManyCells {
        /// The key that tipped it over.
        key: &'static str,
        /// The width given.
        width: u32,
        /// The height given.
        height: u32,
    },
    #[error(
        "{key} must be x,y (two whole numbers, column then row), got {}",
        quoted(value)
    )]
    /// `ENTRY` or `EXIT` is not `x,y`.
    BadCoordinate {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
    },
    #[error(
        "{key} {pos} is outside the {width}x{height} maze (x must be below {width}, y below {height})"
    )]
    /// `ENTRY` or `EXIT` is outside the maze.
    OutsideMaze {
        /// The key.
        key: &'static str,
        /// The cell given.
        pos: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    #[error("EXIT {pos} is the same cell as ENTRY (they must differ)")]
    /// `EXIT` is the same cell as `ENTRY`.
    EntryIsExit {
        /// The cell.
        pos: Pos,
    },
    #[error("{key} {pos} is on the 42 pattern (its cells are closed)")]
    /// `ENTRY` or `EXIT` is one of the stamp's closed cells.
    OnStamp {
        /// The key.
        key: &'static str,
        /// The cell given.
        pos: Pos,
    },
    #[error("{key} must be True or False, got {}", quoted(value))]
    /// A boolean key is not `True` or `False`.
    BadBool {
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
    },
    #[error(
        "SEED must be a whole number between 0 and {}, got {}",
        u64::MAX,
        quoted(value)
    )]
    /// `SEED` is not a whole number in range.
    BadSeed {
        /// The value given.
        value: String,
    },
    #[error("BRAID must be a number between 0.0 and 1.0, got {}", quoted(value))]
    /// `BRAID` is not a number between 0.0 and 1.0.
    BadBraid {
        /// The value given.
        value: String,
    },
    #[error(
        "ALGORITHM: unknown algorithm {}{} (valid: {valid})",
        quoted(name),
        did_you_mean(name, valid)
    )]
    /// `ALGORITHM` names no algorithm.
    UnknownAlgorithm {
        /// The name given, trimmed.
        name: String,
        /// The valid names, comma-separated.
        valid: String,
    },
    #[error(
        "OUTPUT_FILE {} is this config file itself: writing the maze would replace it",
        quoted(value)
    )]
    /// `OUTPUT_FILE` is the config file.
    OutputIsConfig {
        /// The value given.
        value: String,
    },
    /// A NUL byte cannot be in a file name: no system call could be given it.
    #[error(
        "OUTPUT_FILE {} holds a NUL byte, which no file name may hold",
        quoted(value)
    )]
    NulInOutputFile {
        /// The value given.
        value: String,
    },
    /// `STAMP` is not `42`, `none` or a usable pattern, or the maze has no room for it: always
    /// one of [`Error`]'s stamp variants ([`Error::EmptyStamp`] to
    /// [`Error::NoRoomBesideCourtyard`]), which is also this kind's
    /// [`source`](std::error::Error::source).
    #[error("STAMP: {0}")]
    BadStamp(#[source] Box<Error>),
    /// The subject's playable board needs two independent loops, and one with a single loop
    /// "is not acceptable": a size without room for two is an impossible parameter.
    #[error(
        "PERFECT=False asks for a board with at least {needed} independent loops, and a \
         {width}x{height} maze has room for {room}: make it larger (2x3 at least) or set \
         PERFECT=True"
    )]
    NoRoomForLoops {
        /// The maze's WIDTH.
        width: u32,
        /// The maze's HEIGHT.
        height: u32,
        /// The independent loops it has room for.
        room: u64,
        /// The loops a board needs.
        needed: u64,
    },
}

impl ConfigErrorKind {
    /// The kind of a `STAMP` that cannot be used or placed.
    pub(crate) fn stamp(error: super::stamp::StampError) -> ConfigErrorKind {
        ConfigErrorKind::BadStamp(Box::new(error.into()))
    }
}
