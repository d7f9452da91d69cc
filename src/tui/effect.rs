//! What `update` asks the run loop to do, since it does no I/O (and no long computation)
//! itself.
//!
//! Writes and measures are jobs: the run loop runs each on a worker thread, and answers with
//! [`Message::Progress`] while it runs and one final message when it
//! ends. A job holds the finished maze in an [`Arc`]: the worker shares the dashboard's grid,
//! it never copies it.

use std::sync::Arc;

use super::kernel::guard;
use super::kernel::job::Garbage;
use mazegen::config::Config;
use mazegen::format::Output;
use mazegen::session::Job;
use mazegen::session::Session;
use mazegen::write_outputs;
use mazegen::{Maze, Solver};

pub use super::heat::DistanceJob;
use super::message::{Answer, JobId, Message, Parcel};
use super::modes::export::LookJob;
use super::modes::inspector::InspectorJob;
use super::modes::play::ScoreRecord;
pub use super::modes::race::TimingJob;
use super::modes::studio::new_session;

/// What `update` asks of the run loop: work for a worker thread, or one of the loop's own
/// commands.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Work for a worker thread (see [`Work`]); its answer comes back as a message.
    Work(Work),
    /// Leave the dashboard. `update` only asks once nothing is left to write.
    Quit,
    /// Leave at once, whatever is under way (a second Ctrl-C while waiting to quit): writes in
    /// progress are abandoned, their temporary files removed, their targets left as they were.
    Abort,
    /// Give the terminal back and stop until the shell resumes the program (`fg`), then
    /// draw everything again.
    Suspend,
    /// Keep a play-mode score in the scores file if it is the maze's best; answered by
    /// [`Answer::ScoreRecorded`](super::message::Answer::ScoreRecorded). A small file: the run loop does it
    /// in place.
    RecordScore { job: JobId, record: ScoreRecord },
    /// Write the built-in default config out as `config.txt`, never over a file; answered by
    /// [`Answer::ConfigWritten`](super::message::Answer::ConfigWritten). A small file: the run loop writes it
    /// in place, as it records a score.
    WriteConfig { job: JobId },
}

/// A job for a worker thread. Each runs the same way ([`Work::run`]) and is answered by one
/// message, after [`Progress`](super::Message::Progress) messages for a write.
#[derive(Clone, Debug)]
pub enum Work {
    /// Write a maze; answered by [`Answer::Written`](super::message::Answer::Written).
    Write(WriteJob),
    /// Find a carved maze's shortest path and measure it; answered by
    /// [`Answer::Measured`](super::message::Answer::Measured).
    Measure { job: JobId, work: Job },
    /// Start a search of a big maze, or trace the path it found; answered by
    /// [`Answer::Searched`](super::message::Answer::Searched).
    Search { job: JobId, work: Job },
    /// Make a new big maze (its grid is allocated and its carver set up, a pass over every
    /// cell); answered by [`Answer::Made`](super::message::Answer::Made).
    Make { job: JobId, order: MazeOrder },
    /// Free what the dashboard is done with (an old maze, a replaced search) on another
    /// thread: freeing gigabytes takes a while. No answer.
    Discard(Parcel<Vec<Garbage>>),
    /// One of the inspector's jobs (open, check, solve, write, list a folder); answered by an
    /// [`Answer::Inspector`](super::message::Answer::Inspector).
    Inspector(InspectorJob),
    /// Run each lane of a race that is over once more, timed, as `--headless --race` does;
    /// answered by [`Answer::RaceTimed`](super::message::Answer::RaceTimed).
    TimeRace(TimingJob),
    /// Flood a finished maze from its entry for the heatmap; answered by
    /// [`Distances`](super::Message::Distances).
    Distances(DistanceJob),
    /// Look which of the export list's files exist; answered by
    /// [`Answer::Existing`](super::message::Answer::Existing).
    Look(LookJob),
}

impl Work {
    /// A name for the thread that does it.
    pub fn name(&self) -> &'static str {
        match self {
            Work::Write(_) => "write",
            Work::Measure { .. } => "measure",
            Work::Search { .. } => "search",
            Work::Make { .. } => "new maze",
            Work::Discard(_) => "discard",
            Work::Inspector(_) => "inspect",
            Work::TimeRace(_) => "race times",
            Work::Distances(_) => "distances",
            Work::Look(_) => "look",
        }
    }

    /// Does the work (on a worker thread) and returns the message that answers it, `None` for
    /// a discard; `progress` hears how far a write is (its job, done, total) as it goes.
    pub fn run(self, progress: &mut dyn FnMut(Message)) -> Option<Message> {
        let (job, answer) = match self {
            Work::Write(write) => {
                let job = write.job;
                let outcome = write.run(&mut |done, total| {
                    progress(Message::Progress { job, done, total });
                });
                (job, Answer::Written(outcome))
            }
            // Memory refused is the status line's message, not an abort of the dashboard.
            Work::Measure { job, work } => match work.try_run() {
                Ok(measured) => (job, Answer::Measured(measured)),
                Err(refused) => (job, Answer::MeasureRefused(refused.to_string())),
            },
            Work::Search { job, work } => match work.try_run() {
                Ok(searched) => (job, Answer::Searched(searched)),
                Err(refused) => (job, Answer::SearchRefused(refused.to_string())),
            },
            Work::Make { job, order } => (job, Answer::Made(Parcel::new(order.run()))),
            Work::Discard(garbage) => {
                drop(garbage.take());
                return None;
            }
            Work::Inspector(work) => {
                let (job, answer) = work.run();
                (job, Answer::Inspector(answer))
            }
            Work::TimeRace(timing) => (timing.job, Answer::RaceTimed(timing.run())),
            Work::Distances(flood) => (flood.job, Answer::Distances(Parcel::new(flood.run()))),
            Work::Look(look) => (look.job, Answer::Existing(look.run())),
        };
        Some(Message::Done { job, answer })
    }
}

/// A finished maze to write to one or more outputs, in order.
#[derive(Clone, Debug)]
pub struct WriteJob {
    pub job: JobId,
    pub maze: Arc<Maze>,
    pub outputs: Vec<Output>,
}

impl WriteJob {
    /// Writes every output (each file atomically: an old file stays intact if anything
    /// fails), telling `progress` the bytes written of about how many; `Err` holds the
    /// one-line reason.
    pub fn run(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<(), String> {
        guard::check(&self.outputs)
            .and_then(|()| {
                write_outputs(&self.maze, &self.outputs, &mut |_, done, total| {
                    progress(done, total)
                })
            })
            .map_err(|e| e.to_string())
    }
}

/// A new maze to make: the one `config` describes from `seed`, to be solved by `solver`.
#[derive(Clone, Debug)]
pub struct MazeOrder {
    pub config: Config,
    pub seed: u64,
    pub solver: Solver,
    /// See [`crate::tui::model::INLINE_CELLS`].
    pub inline_cells: u64,
    /// What to free before making it (the maze it replaces), so the two are never held at
    /// once however the threads run.
    pub frees_first: Parcel<Vec<Garbage>>,
}

impl MazeOrder {
    /// Frees what the order replaces, then makes the maze's session, ready to animate.
    pub fn run(&self) -> Result<Session, mazegen::Error> {
        drop(self.frees_first.take());
        new_session(&self.config, self.seed, self.solver, self.inline_cells)
    }
}
