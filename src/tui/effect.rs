//! What `update` asks the run loop to do, since it does no I/O (and no long computation)
//! itself.
//!
//! Writes and measures are jobs: the run loop runs each on a worker thread, and answers with
//! [`Message::Progress`](super::Message::Progress) while it runs and one final message when it
//! ends. A job holds the finished maze in an [`Arc`]: the worker shares the dashboard's grid,
//! it never copies it.

use std::sync::Arc;

use mazegen::Maze;
use mazegen::format::{Output, write_outputs};
use mazegen::session::MeasureJob;

use super::message::JobId;
use super::play::ScoreRecord;

#[derive(Clone, Debug)]
pub enum Effect {
    /// Write a maze; answered by [`Progress`](super::Message::Progress) messages, then
    /// [`Written`](super::Message::Written).
    Write(WriteJob),
    /// Find a carved maze's shortest path and measure it; answered by
    /// [`Measured`](super::Message::Measured).
    Measure { job: JobId, work: MeasureJob },
    /// Leave the dashboard. `update` only asks once nothing is left to write.
    Quit,
    /// Give the terminal back and stop until the shell resumes the program (`fg`), then
    /// draw everything again.
    Suspend,
    /// Keep a play-mode score in the scores file if it is the maze's best; answered by
    /// [`ScoreRecorded`](super::Message::ScoreRecorded). A small file: the run loop does it
    /// in place.
    RecordScore(ScoreRecord),
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
        write_outputs(&self.maze, &self.outputs, &mut |p| {
            progress(p.done, p.total)
        })
        .map_err(|e| e.to_string())
    }
}
