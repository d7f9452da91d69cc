//! The dashboard's jobs: each [`Work`] the model asks for (a write, a measure, a search, a new
//! maze, an inspector's job, a race's times, a discard) runs on a thread of its own, the same
//! way for every kind ([`Work::run`]), and (but a discard) reports back over one channel, so
//! the event loop never waits on a disk or on a pass over a billion cells. A job sends
//! [`Message::Progress`] now and then (at most every [`PROGRESS_EVERY`]) and exactly one last
//! message, which the loop hands to `update` like any other. The run loop's own commands
//! (quit, suspend, record a score) never reach the worker: they are not [`Work`].

use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::tui::{Message, Work};

/// Progress messages are sent at most this often.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// What a job's thread says.
enum Report {
    /// How far it got; it goes on.
    Progress(Message),
    /// Its last message (none for work that has no answer).
    Done(Option<Message>),
    /// It panicked, a bug; its last words.
    Panicked(String),
}

/// A job ended in a panic: the dashboard cannot trust what it was doing.
#[derive(Debug, thiserror::Error)]
#[error("a background job failed: {0}")]
pub struct JobPanicked(pub String);

pub struct Worker {
    sender: Sender<Report>,
    receiver: Receiver<Report>,
    running: usize,
    /// Until when the loop waits for the jobs it has just started (see [`Worker::settling`]).
    settle_until: Option<Instant>,
}

impl Default for Worker {
    fn default() -> Worker {
        let (sender, receiver) = mpsc::channel();
        Worker {
            sender,
            receiver,
            running: 0,
            settle_until: None,
        }
    }
}

impl Worker {
    /// Starts `work` (a write, a measure, a search, a new maze) on a thread of its own; a
    /// discard too, but that is no job: it frees what it holds and says nothing.
    pub fn start(&mut self, work: Work, settle: Duration) {
        let name = work.name();
        if let Work::Discard(_) = work {
            // Nothing to report, and nothing to wait for: if the thread cannot start, the
            // garbage is freed here after all.
            let _ = thread::Builder::new()
                .name(format!("a-maze-ing {name}"))
                .spawn(move || drop(work.run(&mut |_| {})));
            return;
        }
        let progress_sender = self.sender.clone();
        let job = move || {
            let mut last_sent: Option<Instant> = None;
            work.run(&mut |progress| {
                if last_sent.is_none_or(|at| at.elapsed() >= PROGRESS_EVERY) {
                    last_sent = Some(Instant::now());
                    let _ = progress_sender.send(Report::Progress(progress));
                }
            })
        };
        let sender = self.sender.clone();
        let spawned = thread::Builder::new()
            .name(format!("a-maze-ing {name}"))
            .spawn(move || {
                let report = match panic::catch_unwind(AssertUnwindSafe(job)) {
                    Ok(message) => Report::Done(message),
                    Err(panic) => Report::Panicked(panic_text(panic.as_ref())),
                };
                let _ = sender.send(report);
            });
        if let Err(e) = spawned {
            let _ = self
                .sender
                .send(Report::Panicked(format!("cannot start a thread: {e}")));
        }
        self.running += 1;
        let until = Instant::now() + settle;
        self.settle_until = Some(self.settle_until.map_or(until, |t| t.max(until)));
    }

    /// Whether a job is running.
    pub fn is_busy(&self) -> bool {
        self.running > 0
    }

    /// How much longer to wait for the jobs just started, if any is still running: started
    /// `settle` ago or less, a small job ends within it, and its message is on the next frame
    /// as if it had been done in place.
    pub fn settling(&self) -> Option<Duration> {
        let left = self.settle_until?.checked_duration_since(Instant::now())?;
        (self.is_busy() && !left.is_zero()).then_some(left)
    }

    /// The next message from a job, waiting up to `timeout` for one.
    pub fn next(&mut self, timeout: Duration) -> Result<Option<Message>, JobPanicked> {
        let report = if timeout.is_zero() {
            match self.receiver.try_recv() {
                Ok(report) => report,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return Ok(None),
            }
        } else {
            match self.receiver.recv_timeout(timeout) {
                Ok(report) => report,
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    return Ok(None);
                }
            }
        };
        match report {
            Report::Progress(message) => Ok(Some(message)),
            Report::Done(message) => {
                self.running -= 1;
                Ok(message)
            }
            Report::Panicked(text) => {
                self.running -= 1;
                Err(JobPanicked(text))
            }
        }
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::{Answer, JobId, WriteJob};
    use mazegen::format::{Hex, Output};
    use mazegen::{Maze, MazeOptions, Pos};
    use std::sync::Arc;

    fn maze(side: u32) -> Arc<Maze> {
        let options = MazeOptions::new(side, side).seed(1);
        Arc::new(Maze::generate(options, Pos::new(0, 0), Pos::new(side - 1, side - 1)).unwrap())
    }

    /// Every message until the last job ends.
    fn drain(worker: &mut Worker) -> Vec<Message> {
        let mut messages = Vec::new();
        while worker.is_busy() {
            if let Some(message) = worker.next(Duration::from_secs(10)).unwrap() {
                messages.push(message);
            }
        }
        messages
    }

    #[test]
    fn a_write_reports_progress_then_its_outcome_and_shares_the_maze() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("maze.txt");
        let maze = maze(400);
        let mut worker = Worker::default();
        assert!(!worker.is_busy() && worker.settling().is_none());
        worker.start(
            Work::Write(WriteJob {
                job: JobId(7),
                maze: Arc::clone(&maze),
                outputs: vec![Output::file(Hex, &path)],
            }),
            Duration::from_secs(5),
        );
        assert!(worker.is_busy());
        let messages = drain(&mut worker);
        let Some((
            Message::Done {
                job,
                answer: Answer::Written(outcome),
            },
            progress,
        )) = messages.split_last()
        else {
            panic!("the last message is the outcome: {messages:?}");
        };
        assert_eq!((*job, outcome), (JobId(7), &Ok(())));
        assert!(
            matches!(
                progress.first(),
                Some(Message::Progress {
                    job: JobId(7),
                    done: 0,
                    ..
                })
            ),
            "{progress:?}"
        );
        let mut expected = Vec::new();
        mazegen::format::Format::write(&Hex, &maze, &mut expected).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), expected);
        assert!(worker.settling().is_none(), "nothing left to wait for");
    }

    #[test]
    fn a_failed_write_says_why_and_a_measure_sends_its_result() {
        let mut worker = Worker::default();
        worker.start(
            Work::Write(WriteJob {
                job: JobId(1),
                maze: maze(5),
                outputs: vec![Output::file(Hex, "/nonexistent/dir/maze.txt")],
            }),
            Duration::ZERO,
        );
        let mut session = mazegen::session::Session::new(
            MazeOptions::new(6, 6),
            Pos::new(0, 0),
            Pos::new(5, 5),
            mazegen::Solver::Bfs,
        )
        .unwrap()
        .hand_out_work();
        session.finish();
        let [work] = &session.jobs()[..] else {
            panic!("finished: only the measuring is left");
        };
        let work = work.clone();
        worker.start(
            Work::Measure {
                job: JobId(2),
                work,
            },
            Duration::ZERO,
        );
        let messages = drain(&mut worker);
        let failure = messages.iter().find_map(|m| match m {
            Message::Done {
                answer: Answer::Written(Err(reason)),
                ..
            } => Some(reason),
            _ => None,
        });
        assert!(
            failure.unwrap().contains("/nonexistent/dir"),
            "{messages:?}"
        );
        let measured = messages.iter().find_map(|m| match m {
            Message::Done {
                job: JobId(2),
                answer: Answer::Measured(measured),
            } => Some(measured.clone()),
            _ => None,
        });
        assert!(session.install(measured.expect("the measure's result")));
    }

    #[test]
    fn settling_lasts_while_a_fresh_job_runs() {
        let mut worker = Worker::default();
        worker.start(
            Work::Write(WriteJob {
                job: JobId(0),
                maze: maze(5),
                outputs: Vec::new(),
            }),
            Duration::from_secs(60),
        );
        assert!(worker.settling().is_some());
        drain(&mut worker);
        assert!(worker.settling().is_none());
    }
}
