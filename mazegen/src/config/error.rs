//! What can be wrong with a config, and where.

use std::path::{Path, PathBuf};

use super::key::Key;
use crate::generate::UnknownAlgorithm;
use crate::geometry::Pos;
use crate::grid::{MAX_SIDE, MIN_SIDE, SizeError};
use crate::quote::{self, quoted};

/// A config that cannot be used, with where the problem is.
///
/// Displays on one line as `file:line: message`, or `file: message` when the problem is not on
/// a particular line (unreadable file, missing key), the form editors and terminals link to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {kind}", location(.file, .line))]
pub struct ConfigError {
    /// The config file, as the caller named it.
    pub file: PathBuf,
    /// 1-based line of the problem, if it is on one line.
    pub line: Option<usize>,
    pub kind: ConfigErrorKind,
}

impl ConfigError {
    /// The key the error is about, uppercase, if any (for highlighting it in the TUI).
    pub fn key(&self) -> Option<&str> {
        self.kind.key()
    }
}

/// `file:line` or `file`, the prefix of a [`ConfigError`] message.
fn location(file: &Path, line: &Option<usize>) -> String {
    match line {
        Some(line) => format!("{}:{line}", quote::path(file)),
        None => quote::path(file),
    }
}

/// What is wrong with a config. Bad values are [`quoted`]: escaped, so control characters
/// cannot break the one-line message, and cut at 80 characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigErrorKind {
    #[error("cannot read the file: {reason}")]
    Unreadable { reason: String },
    #[error("not valid UTF-8 text (first bad byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error("expected KEY=VALUE, got {}", quoted(text))]
    MissingEquals { text: String },
    #[error("no key before '=' in {}", quoted(text))]
    EmptyKey { text: String },
    #[error("{key} has no value")]
    EmptyValue { key: &'static str },
    /// `known` lists the library's keys, then the application's (see
    /// [`super::Config::parse_with_app_keys`]).
    #[error("unknown key {} (known keys: {})", quoted(key), known.join(", "))]
    UnknownKey {
        key: String,
        known: Vec<&'static str>,
    },
    #[error("duplicate key {key} (first given on line {first_line})")]
    DuplicateKey {
        key: &'static str,
        first_line: usize,
    },
    #[error("missing mandatory key {key}")]
    MissingKey { key: &'static str },
    #[error(
        "{key} must be a whole number between {MIN_SIDE} and {MAX_SIDE}, got {}",
        quoted(value)
    )]
    BadSize { key: &'static str, value: String },
    /// Each side is fine but together they exceed [`crate::grid::MAX_CELLS`]; `key` is whichever of
    /// `WIDTH` and `HEIGHT` comes later in the file, the one that tipped it over.
    #[error("WIDTH and HEIGHT are too large: {}", SizeError::TooManyCells { width: *width, height: *height })]
    TooManyCells {
        key: &'static str,
        width: u32,
        height: u32,
    },
    #[error(
        "{key} must be x,y (two whole numbers, column then row), got {}",
        quoted(value)
    )]
    BadCoordinate { key: &'static str, value: String },
    #[error(
        "{key} {pos} is outside the {width}x{height} maze (x must be below {width}, y below {height})"
    )]
    OutsideMaze {
        key: &'static str,
        pos: Pos,
        width: u32,
        height: u32,
    },
    #[error("EXIT {pos} is the same cell as ENTRY (they must differ)")]
    EntryIsExit { pos: Pos },
    #[error("{key} {pos} is on the 42 pattern (its cells are closed)")]
    OnStamp { key: &'static str, pos: Pos },
    #[error("{key} must be True or False, got {}", quoted(value))]
    BadBool { key: &'static str, value: String },
    #[error(
        "SEED must be a whole number between 0 and {}, got {}",
        u64::MAX,
        quoted(value)
    )]
    BadSeed { value: String },
    #[error("BRAID must be a number between 0.0 and 1.0, got {}", quoted(value))]
    BadBraid { value: String },
    #[error("ALGORITHM: {0}")]
    UnknownAlgorithm(UnknownAlgorithm),
    #[error(
        "OUTPUT_FILE {} is this config file itself: writing the maze would replace it",
        quoted(value)
    )]
    OutputIsConfig { value: String },
    /// A NUL byte cannot be in a file name: no system call could be given it.
    #[error(
        "OUTPUT_FILE {} holds a NUL byte, which no file name may hold",
        quoted(value)
    )]
    NulInOutputFile { value: String },
    /// The subject's playable board needs two independent loops, and one with a single loop
    /// "is not acceptable": a size without room for two is an impossible parameter.
    #[error(
        "PERFECT=False asks for a board with at least {needed} independent loops, and a \
         {width}x{height} maze has room for {room}: make it larger (2x3 at least) or set \
         PERFECT=True"
    )]
    NoRoomForLoops {
        width: u32,
        height: u32,
        room: u64,
        needed: u64,
    },
}

impl ConfigErrorKind {
    /// The key the error is about, uppercase, if any.
    pub fn key(&self) -> Option<&str> {
        use ConfigErrorKind as K;
        match self {
            K::Unreadable { .. } | K::NotUtf8 { .. } | K::MissingEquals { .. } => None,
            K::EmptyKey { .. } => None,
            K::UnknownKey { key, .. } => Some(key),
            K::EmptyValue { key }
            | K::DuplicateKey { key, .. }
            | K::MissingKey { key }
            | K::BadSize { key, .. }
            | K::TooManyCells { key, .. }
            | K::BadCoordinate { key, .. }
            | K::OutsideMaze { key, .. }
            | K::OnStamp { key, .. }
            | K::BadBool { key, .. } => Some(key),
            K::EntryIsExit { .. } => Some(Key::Exit.name()),
            K::BadSeed { .. } => Some(Key::Seed.name()),
            K::BadBraid { .. } => Some(Key::Braid.name()),
            K::UnknownAlgorithm(_) => Some(Key::Algorithm.name()),
            K::OutputIsConfig { .. } | K::NulInOutputFile { .. } => Some(Key::OutputFile.name()),
            K::NoRoomForLoops { .. } => Some(Key::Perfect.name()),
        }
    }
}
