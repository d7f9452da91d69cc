//! [`ParseError`]: text that names no algorithm or solver, or is no `x,y` coordinate.

use crate::quote::quoted;
use crate::registry;
use crate::spelling::close_names;

/// Text that does not parse as an [`Algorithm`](crate::Algorithm), a
/// [`Solver`](crate::Solver) or a [`Pos`](crate::Pos): kept `Clone` and comparable inside the
/// crate; their `FromStr` gives it as an [`Error`](crate::Error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ParseError {
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
    Pos,
}

/// `; did you mean kruskal?` when names of `valid` (comma-separated) are close to `typed`, else
/// nothing.
pub(crate) fn did_you_mean(typed: &str, valid: &str) -> String {
    let close = close_names(&registry::normalise(typed), valid.split(", "));
    match close.as_slice() {
        [] => String::new(),
        close => format!("; did you mean {}?", close.join(" or ")),
    }
}
