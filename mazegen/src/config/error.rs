//! What can be wrong with a config, and where.

use std::path::PathBuf;

use super::key::Key;
pub use crate::error::ConfigErrorKind;
use crate::error::Error;
pub(crate) use crate::error::config::location;

/// A config that cannot be used, with where the problem is: [`Error::Config`](crate::Error::Config)
/// to a caller.
#[derive(Debug, thiserror::Error)]
#[error("{}: {kind}", location(.file, .line))]
pub(crate) struct ConfigError {
    /// The config file, as the caller named it.
    pub file: PathBuf,
    /// 1-based line of the problem, if it is on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: ConfigErrorKind,
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

impl ConfigError {
    /// The key the error is about, uppercase, if any.
    #[cfg(test)]
    pub(crate) fn key(&self) -> Option<&str> {
        self.kind.key()
    }
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
            K::UnknownAlgorithm { .. } => Some(Key::Algorithm.name()),
            K::BadStamp(_) => Some(Key::Stamp.name()),
            K::OutputIsConfig { .. } | K::NulInOutputFile { .. } => Some(Key::OutputFile.name()),
            K::NoRoomForLoops { .. } => Some(Key::Perfect.name()),
        }
    }
}
