//! The names of the jobs the run loop runs for the dashboard, the one place they come from, and
//! which part of the dashboard each one answers to.

use std::any::Any;
use std::collections::HashMap;

/// What a session is done with, freed on a worker thread (see mazegen's
/// `Session::take_garbage`): freeing a big maze's state takes tens of milliseconds.
pub type Garbage = Box<dyn Any + Send>;

/// Names a job (a write, a measure) from the effect that starts it to the message that ends
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobId(pub u64);

/// The part of the dashboard a job's answer goes to: the one that asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The generated maze's writes, measures, searches, new mazes, the first run's config (and
    /// a race lane's save, which quitting waits for like any of the studio's writes).
    Studio,
    /// Opening, checking, solving, writing a file, listing a folder.
    Inspector,
    /// Timing a finished race's lanes.
    Race,
    /// Recording a score.
    Play,
    /// The dashboard's view of the maze: the distance heatmap's flood.
    View,
    /// The export list: which of its files exist.
    Export,
}

/// The one source of job ids, and the one registry of who owns each job: the studio, the
/// inspector, the race, play, the view and the export list take their jobs' ids from it, and the root hands every answer
/// ([`Message::Done`](crate::tui::message::Message::Done)) to the job's owner.
#[derive(Debug, Default)]
pub struct JobIds {
    next: u64,
    owners: HashMap<JobId, Owner>,
}

impl JobIds {
    /// A new job's id, never given before, for a job `owner` asks for.
    pub fn next_id(&mut self, owner: Owner) -> JobId {
        let id = JobId(self.next);
        self.next += 1;
        self.owners.insert(id, owner);
        id
    }

    /// Who asked for `job` (`None` for an id never given). Kept once the job is answered: the
    /// owner decides whether an answer is stale (a write replaced, a score answered twice); that
    /// is a few ids a maze.
    pub fn owner(&self, job: JobId) -> Option<Owner> {
        self.owners.get(&job).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_job_answers_to_the_part_that_asked_for_it() {
        let mut ids = JobIds::default();
        let write = ids.next_id(Owner::Studio);
        let open = ids.next_id(Owner::Inspector);
        assert_ne!(write, open);
        assert_eq!(ids.owner(open), Some(Owner::Inspector));
        assert_eq!(ids.owner(write), Some(Owner::Studio));
        assert_eq!(ids.owner(JobId(99)), None, "an id never given has no owner");
    }
}
