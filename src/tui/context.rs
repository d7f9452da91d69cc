//! What a mode's update may share with the rest of the dashboard, beside its own state: the
//! status line (and the message log behind it), the one job registry, the config, the pace, the keymap. A mode's `update` takes its own state and a
//! [`Ctx`], never the whole `Model`, so it cannot reach another mode's state; the root
//! (`update.rs`) splits the model's borrows and hands each mode its part.

use mazegen::config::Config;

use super::kernel::job::{JobId, JobIds, Owner};
use super::kernel::log::Log;
use super::kernel::status::{Status, StatusKind};
use super::keymap::Keymap;
use super::pace::Pace;

/// The parts of `model` every mode may share (see [`Ctx`]), borrowed field by field so that
/// a mode's own state can be borrowed beside them. The root uses it for every mode; the model
/// for the first maze's launch, which it starts itself.
macro_rules! shared {
    ($model:expr) => {
        $crate::tui::context::Ctx {
            status: &mut $model.status,
            log: &mut $model.log,
            job_ids: &mut $model.job_ids,
            config: &$model.config,
            pace: &mut $model.pace,
            keymap: &$model.keymap,
        }
    };
}
pub(crate) use shared;

/// The dashboard's shared parts a mode may use while it answers a message.
pub struct Ctx<'a> {
    /// The status line's message.
    pub status: &'a mut Option<Status>,
    /// Every message said, and the warning kept up (see [`Log`]): what
    /// [`Ctx::set_status`] says goes in it too.
    pub log: &'a mut Log,
    /// The one job registry.
    pub job_ids: &'a mut JobIds,
    /// The config the dashboard runs on (read-only: the studio owns it).
    pub config: &'a Config,
    /// The animation's pace: paused or not, its speed.
    pub pace: &'a mut Pace,
    /// The key bindings, for the texts that name a key.
    pub keymap: &'a Keymap,
}

impl Ctx<'_> {
    /// Says `text` on the status line (see [`Status::new`]).
    pub fn set_status(&mut self, kind: StatusKind, text: impl Into<String>) {
        let status = Status::new(kind, text);
        self.log.said(&status);
        *self.status = Some(status);
    }

    /// A new job's id, for a job `owner` asks for.
    pub fn new_job_id(&mut self, owner: Owner) -> JobId {
        self.job_ids.next_id(owner)
    }
}
