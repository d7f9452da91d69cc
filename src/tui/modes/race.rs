//! Race mode: the same size and seed carved by two to four algorithms side by side, at one
//! shared pace (every lane takes the same number of steps each frame), each then solved by
//! BFS, and a summary once all are done.
//!
//! A race lives beside the model's own maze, which waits, untouched, until the race is left:
//! the dashboard then goes on where it was. Each lane has two times. Its *finish* is the
//! animation's time when it was carved and solved, summed from the frames' `Tick`s (no clock is
//! read here): at one shared pace it ranks the lanes by their steps, as a race would. Its own
//! *time*, carving and solving at full speed, is measured once the race is over by a job that
//! runs each lane once more on a worker ([`TimingJob`], the same [`Lap`] as `--headless
//! --race`), one lane at a time, so it holds at most one more lane's memory.
//!
//! This file holds the race's state; `update` runs it, `view` draws its screen.

#[cfg(test)]
mod tests;
pub mod update;
pub mod view;

use std::time::Duration;

use mazegen::Algorithm;
use mazegen::session::Session;

use crate::tui::kernel::job::JobId;
use crate::tui::kernel::lap::Lap;

/// The fewest and the most lanes a race has.
pub const MIN_LANES: usize = 2;
pub const MAX_LANES: usize = 4;

/// One algorithm's maze in the race.
#[derive(Debug)]
pub struct Lane {
    pub algorithm: Algorithm,
    pub session: Session,
    /// The race's time when this lane was carved and solved.
    pub finished_at: Option<Duration>,
}

#[derive(Debug)]
pub struct Race {
    pub lanes: Vec<Lane>,
    /// The lane the keyboard talks to (`s` saves its maze).
    pub focus: usize,
    /// The animation's time since the start, paused time left out.
    pub elapsed: Duration,
    /// The steps of the longest carving, as the algorithms estimate them: the shared pace
    /// carves it in about [`CARVING_SECONDS`](crate::tui::pace::CARVING_SECONDS).
    pub(crate) pace_steps: u64,
    /// The lanes' own times, asked for once the race is over.
    pub timing: Timing,
}

/// Where the lanes' own times are (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub enum Timing {
    /// The race is not over.
    NotAsked,
    /// The job that measures them is running.
    Asked(JobId),
    /// In lane order; `None` for a lane that could not be run again.
    Timed(Vec<Option<Duration>>),
}

/// Runs each lane of a race once more, one at a time, timed (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct TimingJob {
    pub job: JobId,
    /// Each lane's maze: its options, entry and exit.
    pub laps: Vec<(mazegen::MazeOptions, mazegen::Pos, mazegen::Pos)>,
}

impl TimingJob {
    /// Runs the laps (on a worker): each lane's own time, in lane order (`None` for a lane
    /// that could not be run again).
    pub fn run(self) -> Vec<Option<Duration>> {
        self.laps
            .into_iter()
            .map(|(options, entry, exit)| Lap::run(options, entry, exit).ok().map(|l| l.time))
            .collect()
    }
}

impl Race {
    /// Whether every lane is carved and solved: the summary shows.
    pub fn is_over(&self) -> bool {
        self.lanes.iter().all(|lane| lane.finished_at.is_some())
    }

    pub fn focused(&self) -> &Lane {
        &self.lanes[self.focus]
    }
}

/// The algorithms `R` races: the current one and the next three.
pub fn next_algorithms(current: Algorithm) -> Vec<Algorithm> {
    std::iter::successors(Some(current), |a| Some(a.next()))
        .take(MAX_LANES)
        .collect()
}
