//! A generator as a replay checkpoint keeps it: much smaller than a clone, and restored into a
//! generator that goes on exactly as the original would.
//!
//! The grid is kept at two bits a cell ([`PackedWalls`]); the carver keeps what its
//! `Carve::checkpoint` says (most keep everything, the ones with big per-cell state leave out
//! what the grid determines); the linking pass leaves out its union-find, which holds the trees
//! of the grid's open walls; braiding shares its list of dead ends, which does not change once
//! shuffled. At 2000x2000 a checkpoint of Kruskal's, Aldous-Broder's or Wilson's carving is 1
//! to 2.5 MB where a clone is 8 to 53.

use super::braid::Braider;
use super::carve::{CarveCheckpoint, Shared};
use super::link::LinkerCheckpoint;
use super::{GarbageBin, GenError, Generator, MazeOptions, Phase};
use crate::grid::PackedWalls;
use crate::rng::MazeRng;

/// A generator at one step, kept for the replay timeline (see [`Generator::checkpoint`]).
#[derive(Debug)]
pub(crate) struct Checkpoint {
    walls: PackedWalls,
    rng: MazeRng,
    phase: PhaseCheckpoint,
    options: MazeOptions,
    steps: u64,
    keeps_garbage: bool,
    failure: Option<GenError>,
}

#[derive(Debug)]
enum PhaseCheckpoint {
    Carving(Box<dyn CarveCheckpoint>),
    Linking(LinkerCheckpoint),
    Braiding(Braider),
    Done,
}

impl Generator {
    /// A checkpoint of this generator, from which [`Checkpoint::restore`] makes one that
    /// carries on exactly as this one would.
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            walls: PackedWalls::of(&self.grid),
            rng: self.rng.clone(),
            phase: match &self.phase {
                Phase::Carving(carver) => {
                    PhaseCheckpoint::Carving(carver.checkpoint_in(self.grid.raw()))
                }
                Phase::Linking(linker) => PhaseCheckpoint::Linking(linker.checkpoint()),
                Phase::Braiding(braider) => PhaseCheckpoint::Braiding(braider.clone()),
                Phase::Done => PhaseCheckpoint::Done,
            },
            options: self.options.clone(),
            steps: self.steps,
            keeps_garbage: self.garbage.0.is_some(),
            failure: self.failure.clone(),
        }
    }
}

impl Checkpoint {
    /// The generator this was taken from, as a clone of it would be (keeping its garbage
    /// policy, not its garbage).
    pub fn restore(&self) -> Generator {
        let mut grid = self.walls.unpack();
        if let PhaseCheckpoint::Carving(carver) = &self.phase {
            carver.restore_marks(&mut grid);
        }
        let phase = match &self.phase {
            PhaseCheckpoint::Carving(carver) => Phase::Carving(carver.restore(&grid)),
            PhaseCheckpoint::Linking(linker) => Phase::Linking(linker.restore(&grid)),
            PhaseCheckpoint::Braiding(braider) => Phase::Braiding(braider.clone()),
            PhaseCheckpoint::Done => Phase::Done,
        };
        Generator {
            grid,
            rng: self.rng.clone(),
            phase,
            options: self.options.clone(),
            steps: self.steps,
            garbage: GarbageBin(self.keeps_garbage.then(Vec::new)),
            // Only `Maze::generate` asks for the carving's path, and it takes no checkpoints.
            path: None,
            path_from: self.options.start,
            failure: self.failure.clone(),
        }
    }

    /// The generator's steps when it was taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The bytes this checkpoint alone holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.walls.heap_bytes()
            + match &self.phase {
                PhaseCheckpoint::Carving(carver) => carver.heap_bytes(),
                PhaseCheckpoint::Linking(linker) => linker.heap_bytes(),
                PhaseCheckpoint::Braiding(braider) => braider.checkpoint_bytes(),
                PhaseCheckpoint::Done => 0,
            }
    }

    /// State it shares with the generator it was taken from and that generator's other
    /// checkpoints, to count once.
    pub fn shared(&self) -> Option<Shared> {
        match &self.phase {
            PhaseCheckpoint::Carving(carver) => carver.shared(),
            PhaseCheckpoint::Braiding(braider) => Some(braider.shared()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
