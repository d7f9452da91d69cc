//! What a mode's update may share with the rest of the dashboard, beside its own state: the
//! status line, the one job registry, the config, the pace, the keymap. A mode's `update` takes its own state and a
//! [`Shared`], never the whole `Model`, so it cannot reach another mode's state; the root
//! (`update.rs`) splits the model's borrows and hands each mode its part.

use mazegen::config::Config;

use super::kernel::job::{JobId, JobIds, Owner};
use super::kernel::status::{Status, StatusKind};
use super::keymap::Keymap;
use super::pace::Pace;

/// The dashboard's shared parts a mode may use while it answers a message.
pub struct Shared<'a> {
    /// The status line's message.
    pub status: &'a mut Option<Status>,
    /// The one job registry.
    pub job_ids: &'a mut JobIds,
    /// The config the dashboard runs on (read-only: the studio owns it).
    pub config: &'a Config,
    /// The animation's pace: paused or not, its speed.
    pub pace: &'a mut Pace,
    /// The key bindings, for the texts that name a key.
    pub keymap: &'a Keymap,
}

impl Shared<'_> {
    /// Says `text` on the status line (see [`Status::new`]).
    pub fn set_status(&mut self, kind: StatusKind, text: impl Into<String>) {
        *self.status = Some(Status::new(kind, text));
    }

    /// A new job's id, for a job `owner` asks for.
    pub fn new_job_id(&mut self, owner: Owner) -> JobId {
        self.job_ids.next_id(owner)
    }
}
