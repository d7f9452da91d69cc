//! The "did you mean" of an unknown algorithm's name, for the errors that give one.

use crate::registry;
use crate::spelling::close_names;

/// `; did you mean kruskal?` when names of `valid` (comma-separated) are close to `typed`, else
/// nothing.
pub(crate) fn did_you_mean(typed: &str, valid: &str) -> String {
    let close = close_names(&registry::normalise(typed), valid.split(", "));
    match close.as_slice() {
        [] => String::new(),
        close => format!("; did you mean {}?", close.join(" or ")),
    }
}
