//! Replay: any moment of a maze's carving, recomputed on demand.
//!
//! A [`Generator`] is a deterministic step machine, so the state after `k` steps is a function
//! of its options and `k` alone. A [`Timeline`] answers "the generator at step `k`" by
//! restoring the nearest checkpoint at or before `k` and stepping forward from it. Storing
//! every frame instead would grow with the number of steps (gigabytes at 2000x2000); the
//! checkpoints here never take more than their byte budget, [`CHECKPOINT_BUDGET`] by default,
//! whatever the maze's size or the number of steps.
//!
//! Checkpoints are taken as the generator passes them, either the caller's own (a dashboard
//! animating the carving shows each frame's generator to [`Timeline::observe`]) or the
//! timeline's while it replays. They are spaced by the time their steps take to replay
//! ([`Generator::step_cost`]), not by their number: a board's braiding steps cost ten times
//! the backtracker's carving steps, and get checkpoints ten times closer. When the budget is
//! full, every other checkpoint is dropped and the spacing doubles, so they stay spread over
//! the whole carving however long it turns out to be.
//!
//! A checkpoint is not a whole generator but what one needs to carry on exactly as it would
//! (see `Generator::checkpoint`): the grid's walls at two bits a cell, and the algorithm's
//! state less what the grid determines, which a restore rebuilds in one pass. Most algorithms
//! keep their state whole (the backtracker's byte a cell, say); the ones whose state is big
//! keep little beside the walls (Kruskal's union-find and Aldous-Broder's, Wilson's,
//! hunt-and-kill's and the growing trees' marks are the grid's; Wilson keeps the current walk,
//! hunt-and-kill a bit a cell for its hunt and its walk, a growing tree its active list).
//! State that never changes once made, Kruskal's shuffled wall list and braiding's shuffled
//! dead ends, is shared between the live generator and its checkpoints rather than copied, and
//! counted once in the budget: the checkpoints keep it alive after the live generator is gone.
//! So at 2000x2000 a checkpoint is one to five megabytes, dozens fit in the budget, and a
//! scrub back replays a few hundred thousand steps at most. At 10000x10000 the walls alone are
//! 25 MB, so two fit at most; from about 16000x16000 none does (nor, for Kruskal, from about
//! 2900x2900, where its list alone, 8 bytes a cell, fills the budget): a replay then starts
//! from the beginning, slower but within the same memory.

use crate::generate::{Checkpoint, Generator, MazeOptions, Shared};

/// The default most bytes all the checkpoints of a timeline may take together.
pub(crate) const CHECKPOINT_BUDGET: u64 = 64 << 20;

/// The smallest number of steps between two checkpoints (of the first phase's cost): closer
/// than this, copying a checkpoint costs more than replaying the steps it would save.
pub(crate) const MIN_INTERVAL: u64 = 4096;

/// Replays the carving of one maze to any step.
#[derive(Debug)]
pub struct Timeline {
    options: MazeOptions,
    /// Generators at increasing steps, all after step 0 (which is rebuilt from the options).
    checkpoints: Vec<Checkpoint>,
    /// How long a replay from one checkpoint to the next should take, in the units of
    /// [`Generator::step_cost`] (roughly nanoseconds): the steps between two checkpoints are
    /// this over the cost of the steps being taken, so a board's braiding, ten times slower a
    /// step than the backtracker's carving, gets checkpoints ten times as close.
    interval: u64,
    /// The cost of a step of the first phase, for [`Timeline::with_interval`]'s steps.
    unit: u64,
    /// The most bytes the checkpoints may take together.
    budget: u64,
    /// How many checkpoints of the first one's size fit in the budget; 0 when not even one
    /// does. The spacing starts from it; the budget is what bounds them.
    capacity: usize,
    /// The steps of the whole carving, once a generator has been seen to finish.
    total: Option<u64>,
}

impl Timeline {
    /// A timeline of the maze `options` describe, with checkpoints of at most
    /// [`Timeline::CHECKPOINT_BUDGET`] bytes in all.
    pub fn new(options: MazeOptions) -> Result<Timeline, crate::Error> {
        Timeline::with_budget(options, Timeline::CHECKPOINT_BUDGET)
    }

    /// A timeline whose checkpoints take at most `budget` bytes in all.
    pub fn with_budget(options: MazeOptions, budget: u64) -> Result<Timeline, crate::Error> {
        Ok(Timeline::of(&Generator::new(options)?, budget))
    }

    /// The bytes of checkpoints a timeline keeps at most, by default (64 MiB).
    pub const CHECKPOINT_BUDGET: u64 = CHECKPOINT_BUDGET;
    /// The fewest steps between two checkpoints.
    pub const MIN_INTERVAL: u64 = MIN_INTERVAL;

    /// A timeline of `generator`'s maze, whose checkpoints take at most `budget` bytes in all:
    /// what a caller that has made the generator already uses, rather than making one more.
    pub fn of(start: &Generator, budget: u64) -> Timeline {
        let options = start.options().clone();
        // The walls alone, a quarter byte a cell, may be over the budget (at 20000x20000):
        // then no checkpoint fits, and none is made to find that out.
        let walls = start.grid().cell_count().div_ceil(4) as u64;
        let capacity = if walls > budget {
            0
        } else {
            let first = start.checkpoint();
            let one = first.heap_bytes().max(1) as u64;
            let shared = first.shared().map_or(0, |shared| shared.bytes as u64);
            usize::try_from(budget.saturating_sub(shared) / one).unwrap_or(usize::MAX)
        };
        // Spread the checkpoints over the expected time of the carving and braiding.
        let unit = start.step_cost();
        let interval = (start.estimated_cost() / (capacity as u64 + 1)).max(MIN_INTERVAL * unit);
        Timeline {
            options,
            checkpoints: Vec::new(),
            interval,
            unit,
            budget,
            capacity,
            total: None,
        }
    }

    /// The same timeline with checkpoints about `interval` steps of the first phase apart (at
    /// least one), until the budget fills: for tests on small mazes, whose whole carving is
    /// shorter than [`Timeline::MIN_INTERVAL`].
    pub fn with_interval(mut self, interval: u64) -> Timeline {
        self.interval = interval.max(1) * self.unit;
        self
    }

    /// What the maze replayed is made from.
    pub fn options(&self) -> &MazeOptions {
        &self.options
    }

    /// The steps of the whole carving, once known: a generator of this maze has been seen to
    /// finish (by [`Timeline::observe`] or a replay).
    pub fn total_steps(&self) -> Option<u64> {
        self.total
    }

    /// How many checkpoints are kept now.
    pub fn checkpoint_count(&self) -> usize {
        self.checkpoints.len()
    }

    /// How many checkpoints of the first one's size the budget holds at this maze's size
    /// (beside the state they share).
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The bytes the checkpoints hold now, the state they share counted once; never more
    /// than the budget.
    pub fn checkpoint_bytes(&self) -> u64 {
        bytes_of(&self.checkpoints, None)
    }

    /// The steps at which checkpoints are kept, in order.
    pub fn checkpoint_steps(&self) -> impl Iterator<Item = u64> + '_ {
        self.checkpoints.iter().map(Checkpoint::steps)
    }

    /// The step whose replay is the longest, once the total is known: the one just before the
    /// end of the widest gap between checkpoints (or between the last and the end). What a
    /// measure of the worst scrub back asks for.
    pub fn farthest_step(&self) -> Option<u64> {
        let total = self.total?;
        let ends = self.checkpoint_steps().chain([total]);
        let starts = [0].into_iter().chain(self.checkpoint_steps());
        ends.zip(starts)
            .max_by_key(|(end, start)| end - start)
            .map(|(end, _)| end.saturating_sub(1))
    }

    /// Takes note of `generator`, a generator of this timeline's maze at any step: keeps a
    /// copy if it is far enough past the last checkpoint, and learns the total once it is
    /// done. Cheap when nothing is kept (most calls).
    pub fn observe(&mut self, generator: &Generator) {
        debug_assert_eq!(generator.options(), &self.options, "another maze");
        if generator.is_done() {
            self.total = Some(generator.steps());
        }
        if generator.steps() >= self.next_checkpoint(generator) {
            self.keep(generator);
        }
    }

    /// How many steps [`Timeline::generator_at`] would replay to reach `step`: from the nearest
    /// checkpoint at or before it, or from the start.
    pub fn replay_steps(&self, step: u64) -> u64 {
        let step = self.total.map_or(step, |total| step.min(total));
        let nearest = self.checkpoints.iter().rev().find(|c| c.steps() <= step);
        step - nearest.map_or(0, Checkpoint::steps)
    }

    /// The generator after `step` steps (or when done, if the carving is shorter): restored
    /// from the nearest checkpoint and stepped forward, keeping checkpoints on the way.
    pub fn generator_at(&mut self, step: u64) -> Generator {
        let step = self.total.map_or(step, |total| step.min(total));
        let nearest = self.checkpoints.iter().rposition(|c| c.steps() <= step);
        let mut generator = match nearest {
            Some(at) => self.checkpoints[at].restore(),
            None => Generator::build(self.options.clone()).expect("checked when made"),
        };
        // Past the last checkpoint, stop at each place one is due, and where the kind of step
        // changes: how far the next one is depends on the cost of the steps.
        let last = self.checkpoints.last().map_or(0, Checkpoint::steps);
        while generator.steps() < step {
            let at = generator.steps();
            if at >= last {
                let due = self.next_checkpoint(&generator);
                let stop = if due > at { due.min(step) } else { step };
                generator.run_steps_of_one_kind(stop - at);
            } else {
                generator.run_steps(step - at);
            }
            if generator.is_done() {
                self.total = Some(generator.steps());
                break;
            }
            if generator.steps() >= last && generator.steps() >= self.next_checkpoint(&generator) {
                self.keep(&generator);
            }
        }
        generator
    }

    /// The step from which the next checkpoint may be kept, `generator` taking the steps up
    /// to it.
    fn next_checkpoint(&self, generator: &Generator) -> u64 {
        if self.capacity == 0 {
            return u64::MAX;
        }
        let last = self.checkpoints.last().map_or(0, Checkpoint::steps);
        last.saturating_add((self.interval / generator.step_cost().max(1)).max(1))
    }

    /// Keeps `generator` as the last checkpoint, first dropping every other one (and doubling
    /// the spacing) until it fits in the budget. One too big for what the last checkpoint
    /// leaves (a board's braiding state can be bigger than its carving's) is not kept.
    fn keep(&mut self, generator: &Generator) {
        let checkpoint = generator.checkpoint();
        let mut thinned = false;
        while bytes_of(&self.checkpoints, Some(&checkpoint)) > self.budget {
            if self.checkpoints.len() <= 1 {
                // Not kept: wait longer for the next one, rather than look again each frame.
                self.interval = self.interval.saturating_mul(2);
                return;
            }
            let mut index = 0;
            self.checkpoints.retain(|_| {
                index += 1;
                index % 2 == 0
            });
            self.interval = self.interval.saturating_mul(2);
            thinned = true;
        }
        if thinned && generator.steps() < self.next_checkpoint(generator) {
            return;
        }
        self.checkpoints.push(checkpoint);
    }
}

/// The bytes `checkpoints` and `more` hold, the state they share counted once.
fn bytes_of(checkpoints: &[Checkpoint], more: Option<&Checkpoint>) -> u64 {
    let mut shared: Vec<Shared> = Vec::new();
    let mut bytes = 0;
    for checkpoint in checkpoints.iter().chain(more) {
        bytes += checkpoint.heap_bytes() as u64;
        if let Some(one) = checkpoint.shared().filter(|one| !shared.contains(one)) {
            bytes += one.bytes as u64;
            shared.push(one);
        }
    }
    bytes
}

#[cfg(test)]
mod tests;
