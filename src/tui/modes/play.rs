//! Play mode (`g`): the user walks the maze from the entry to the exit with the keyboard,
//! against the clock, on the maze the dashboard holds (generated or opened), once it is
//! finished. The rules are the library's [`mazegen::play::Game`]; this is the dashboard's
//! side: entering and leaving, keys to moves, the timer (fed by `Tick`, so `update` stays
//! free of clocks), the fog switch, and the score the run loop records on a win
//! ([`Effect::RecordScore`](crate::tui::Effect::RecordScore)).
//!
//! This file holds play mode's state; `update` answers its keys and messages, `view` draws the
//! game over the canvas and its pane.

mod scores;
#[cfg(test)]
mod tests;
pub mod update;
pub mod view;

use std::collections::HashSet;
use std::time::Duration;

use mazegen::Pos;
use mazegen::play::{Game, Outcome};

use crate::tui::kernel::job::JobId;
use crate::tui::viewport::Viewport;

pub use scores::{Recorded, Score, ScoreBook, ScoreRecord};

/// Play mode's state: the round being played, if any, and the fog switch, which outlives
/// rounds.
#[derive(Clone, Debug, Default)]
pub struct Play {
    pub(crate) fog: bool,
    pub(crate) round: Option<Round>,
}

/// One game, with what the dashboard adds to the rules.
#[derive(Clone, Debug)]
pub struct Round {
    pub(crate) game: Game,
    /// Time played: the frames since the first move, until the round ends.
    pub(crate) elapsed: Duration,
    /// The shortest path's cells, drawn beside the trail once the round is won.
    pub(crate) shortest_cells: HashSet<Pos>,
    pub(crate) record: Record,
    /// The view the user had before the round (it zooms in to follow the walker), back when
    /// the round is left.
    pub(crate) view_before: Viewport,
    /// The job recording this round's score, once won: an answer for another job is an earlier
    /// round's.
    pub(crate) recording: Option<JobId>,
}

/// Where the round's score is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// Not won (yet).
    NotWon,
    /// Won; the run loop is recording it.
    Pending,
    Done(Recorded),
    Failed(String),
}

impl Round {
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Whether the clock runs: from the first move until the round ends.
    pub fn is_timing(&self) -> bool {
        self.game.outcome() == Outcome::Playing && self.game.moves() > 0
    }
}

impl Play {
    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    pub fn fog(&self) -> bool {
        self.fog
    }
}
