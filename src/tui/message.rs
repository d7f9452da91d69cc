//! Everything that can happen to the dashboard: the actions input maps to, the mouse, the
//! clock, the terminal's size, and what became of the jobs the run loop started. Nothing here
//! is a terminal type: the run loop translates terminal events (see [`crate::tui::input`]).

use std::time::Duration;

use mazegen::session::Job;
use mazegen::session::Session;

pub use super::modes::inspector::{InspectorAnswer, InspectorMessage};

use super::heat::Distances;
use super::modes::play::Recorded;

pub use super::kernel::action::{Action, Mouse, MouseKind};
pub use super::kernel::handoff::Parcel;
pub use super::kernel::job::JobId;

#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A frame has passed; carries how long it took, so the animation keeps time.
    Tick(Duration),
    /// The last `Tick` took this long to handle (the run loop measures it), so the pace keeps
    /// each frame's work short (see [`crate::tui::pace`]).
    Worked(Duration),
    /// The time since the dashboard started, from the run loop's clock: the message log
    /// stamps what is said with it (`update` reads no clock).
    Clock(Duration),
    /// An action, however it was asked for (a key, a click).
    Action(Action),
    /// A mouse event: clicks pick themes, the wheel pans.
    Mouse(Mouse),
    /// The terminal's new size.
    Resize { width: u16, height: u16 },
    /// A job the run loop started is under way: `done` of about `total` (bytes, for a write).
    Progress { job: JobId, done: u64, total: u64 },
    /// A job ended: the answer of every job kind, for the part that asked for it (the root
    /// hands it to the job's [`Owner`](super::kernel::job::Owner), from the one registry).
    Done { job: JobId, answer: Answer },
    /// The inspector's own: a key typed into its path prompt.
    Inspector(InspectorMessage),
}

/// What a job found, one variant a job kind. Here, not in the kernel, since some answers are a
/// mode's own types (a recorded score, an inspection).
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A write ended; `Err` holds the one-line reason.
    Written(Result<(), String>),
    /// A measure ended.
    Measured(Job),
    /// A measure was refused its memory: the one-line reason.
    MeasureRefused(String),
    /// A search's start was refused its memory: the one-line reason.
    SearchRefused(String),
    /// A search ended: the search started, or its path traced.
    Searched(Job),
    /// A new maze was made (or could not be).
    Made(Parcel<Result<Session, mazegen::Error>>),
    /// The lanes of a race, each run once more on a worker: their own times, in lane order
    /// (`None` for one that could not be run).
    RaceTimed(Vec<Option<Duration>>),
    /// The run loop recorded a play-mode score (see [`crate::tui::modes::play`]); `Err` holds
    /// the one-line reason it could not.
    ScoreRecorded(Result<Recorded, String>),
    /// The run loop wrote the built-in default config out (see
    /// [`Effect::WriteConfig`](super::Effect::WriteConfig)): the file, or the one-line reason
    /// it could not.
    ConfigWritten(Result<std::path::PathBuf, String>),
    /// One of the inspector's jobs (open, check, solve, write, list a folder).
    Inspector(InspectorAnswer),
    /// The heatmap's flood of a maze: every cell's distance from the entry, or the one-line
    /// reason it could not be measured.
    Distances(Parcel<Result<Distances, String>>),
    /// Which of the export list's files exist: those of the files asked about that are there.
    Existing(Vec<std::path::PathBuf>),
}
