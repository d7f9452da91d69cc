//! [`ParseError`]: text that names no algorithm or solver, or is no `x,y` coordinate.

use crate::quote::quoted;

/// Text that does not parse as an [`Algorithm`](crate::Algorithm), a
/// [`Solver`](crate::Solver) or a [`Pos`](crate::Pos). It converts into
/// [`Error`](crate::Error) with `?`.
///
/// ```
/// use mazegen::{Algorithm, ParseError};
///
/// let err = "wilsn".parse::<Algorithm>().unwrap_err();
/// assert!(matches!(&err, ParseError::UnknownAlgorithm { name, .. } if name == "wilsn"));
/// assert!(err.to_string().starts_with("unknown algorithm \"wilsn\" (valid: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// An algorithm name that is not one of [`Algorithm::ALL`](crate::Algorithm::ALL).
    #[error("unknown algorithm {} (valid: {valid})", quoted(name))]
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
    Pos,
}
