//! Replay mode: scrubbing along the carving's timeline. This file holds its state; `update`
//! answers the scrub keys, `view` draws the timeline beside the status line.
//!
//! The live maze goes on being the model's [`Session`]; scrubbing shows another session
//! beside it, one whose generator is the live maze's at an earlier step, recomputed by a
//! [`Timeline`] from its nearest checkpoint (see [`mazegen::Timeline`]). The live session shows
//! the timeline each frame's generator, so checkpoints are taken as the maze is carved, and
//! scrubbing back answers in a replay of at most one checkpoint's gap.
//!
//! Scrubbing back pauses the animation; going forward to the live step (or `End`) returns to
//! the live maze, and resumes the animation if scrubbing paused it. While a replayed moment is
//! shown the maze is not carved yet, so the path and the solvers' results are not shown with
//! it: they come back with the live maze.

#[cfg(test)]
mod tests;
pub mod update;
pub mod view;

use mazegen::Timeline;
use mazegen::session::Session;

/// The most steps a scrub recomputes at once (about a second for the default algorithm): a
/// maze too big for checkpoints (see [`mazegen::Timeline`]) would otherwise freeze the screen
/// for as long as a scrub far from its start takes.
pub const MAX_REPLAY_STEPS: u64 = 100_000_000;

/// The replay state of the model's maze.
#[derive(Debug)]
pub struct Replay {
    /// The live maze's timeline, made on its first frame.
    timeline: Option<Timeline>,
    /// The moment shown instead of the live maze, while scrubbing.
    shown: Option<Replayed>,
    /// [`MAX_REPLAY_STEPS`]; lower in tests.
    pub(crate) max_replay: u64,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay {
            timeline: None,
            shown: None,
            max_replay: MAX_REPLAY_STEPS,
        }
    }
}

/// A moment of the carving, replayed from the timeline and shown instead of the live maze.
#[derive(Debug)]
pub struct Replayed {
    session: Session,
    /// Whether scrubbing paused the animation, so returning to live resumes it.
    resume: bool,
}

impl Replay {
    /// The replayed moment on screen, while scrubbing.
    pub fn shown(&self) -> Option<&Session> {
        self.shown.as_ref().map(|s| &s.session)
    }

    /// Whether a replayed moment is shown instead of the live maze.
    pub fn is_scrubbing(&self) -> bool {
        self.shown.is_some()
    }

    /// The timeline, once the live maze has been seen carving.
    pub fn timeline(&self) -> Option<&Timeline> {
        self.timeline.as_ref()
    }

    /// Takes note of the live maze after a frame: a checkpoint, if one is due.
    pub fn observe(&mut self, live: &Session) {
        let Some(generator) = live.generator() else {
            return;
        };
        self.timeline
            .get_or_insert_with(|| Timeline::of(generator, Timeline::CHECKPOINT_BUDGET))
            .observe(generator);
    }

    /// Forgets everything: the live maze is a new one.
    pub fn reset(&mut self) {
        (self.timeline, self.shown) = (None, None);
    }
}
