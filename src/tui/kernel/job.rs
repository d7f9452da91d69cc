//! The names of the jobs the run loop runs for the dashboard.

/// Names a job (a write, a measure) from the effect that starts it to the message that ends
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobId(pub u64);
