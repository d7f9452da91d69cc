//! Everything that can happen to the dashboard: the actions input maps to, the mouse, the
//! clock, the terminal's size, and what became of the jobs the run loop started. Nothing here
//! is a terminal type: the run loop translates terminal events (see [`crate::tui::input`]).

use std::time::Duration;

use mazegen::session::{Measured, Searched};
use mazegen::{Session, SessionError};

pub use super::modes::inspector::InspectorMessage;

use super::modes::play::Recorded;

pub use super::kernel::action::{Action, Mouse, MouseKind, Scrub};
pub use super::kernel::handoff::Parcel;
pub use super::kernel::job::JobId;

#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A frame has passed; carries how long it took, so the animation keeps time.
    Tick(Duration),
    /// The last `Tick` took this long to handle (the run loop measures it), so the pace keeps
    /// each frame's work short (see [`crate::tui::pace`]).
    Worked(Duration),
    /// An action, however it was asked for (a key, a click).
    Action(Action),
    /// A mouse event: clicks pick themes, the wheel pans.
    Mouse(Mouse),
    /// The terminal's new size.
    Resize { width: u16, height: u16 },
    /// A job the run loop started is under way: `done` of about `total` (bytes, for a write).
    Progress { job: JobId, done: u64, total: u64 },
    /// A write job ended; `Err` holds the one-line reason.
    Written {
        job: JobId,
        outcome: Result<(), String>,
    },
    /// A measure job ended.
    Measured { job: JobId, measured: Measured },
    /// A measure job was refused its memory: the one-line reason.
    MeasureRefused { job: JobId, reason: String },
    /// The inspector's: a key typed into its path prompt, or what one of its jobs found.
    Inspector(InspectorMessage),
    /// A search job ended: the search started, or its path traced.
    Searched { job: JobId, searched: Searched },
    /// A new maze was made (or could not be).
    Made {
        job: JobId,
        made: Parcel<Result<Session, SessionError>>,
    },
    /// The lanes of a race, each run once more on a worker: their own times, in lane order
    /// (`None` for one that could not be run).
    RaceTimed {
        job: JobId,
        times: Vec<Option<Duration>>,
    },
    /// The run loop recorded a play-mode score (see [`crate::tui::modes::play`]); `Err` holds the
    /// one-line reason it could not.
    ScoreRecorded {
        job: JobId,
        outcome: Result<Recorded, String>,
    },
    /// The run loop wrote the built-in default config out (see
    /// [`Effect::WriteConfig`](super::Effect::WriteConfig)): the file, or the one-line reason
    /// it could not.
    ConfigWritten {
        job: JobId,
        outcome: Result<std::path::PathBuf, String>,
    },
}
