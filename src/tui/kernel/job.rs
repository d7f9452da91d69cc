//! The names of the jobs the run loop runs for the dashboard, and the one place they come
//! from.

/// Names a job (a write, a measure) from the effect that starts it to the message that ends
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobId(pub u64);

/// The one source of job ids: the studio, the inspector and the race take their jobs' ids
/// from it, so that an answer names its job whatever part asked for it.
#[derive(Debug, Default)]
pub struct JobIds {
    next: u64,
}

impl JobIds {
    /// A new job's id, never given before.
    pub fn next_id(&mut self) -> JobId {
        let id = JobId(self.next);
        self.next += 1;
        id
    }
}
