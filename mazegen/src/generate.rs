//! Maze generation as a step machine.
//!
//! A [`Generator`] does one unit of work per [`Generator::step`] and says what it did as a
//! [`GenEvent`]. The dashboard runs a few thousand steps per frame to animate the carving; the
//! headless path ([`Generator::run`]) simply steps until [`GenEvent::Done`]. Both run the same
//! code, so the animated maze and the written one are the same maze.

mod aldous_broder;
mod algorithm;
mod backtracker;
mod binary_tree;
mod braid;
mod carve;
mod checkpoint;
mod eller;
mod growing_tree;
mod hunt_and_kill;
mod kruskal;
mod link;
mod prim;
mod recursive_division;
mod row_path;
mod sidewinder;
#[cfg(test)]
mod testkit;
mod union_find;
mod wilson;

pub use algorithm::Algorithm;
pub(crate) use carve::Shared;
pub(crate) use checkpoint::Checkpoint;

use std::any::Any;
use std::fmt;

use braid::Braider;
use carve::Carve;
use link::Linker;

use crate::error::Error;
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, Landmarks, SizeError, StampChoice, StampError, check_size};
use crate::rng::MazeRng;
use crate::solve::Solution;

/// The carving state of one cell, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    /// Not reached yet.
    Unvisited,
    /// In the algorithm's working set: the backtracking stack, the frontier, the current walk.
    Active,
    /// Carved and left behind for good.
    Finished,
}

/// What one generator step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenEvent {
    /// Opened the wall between two neighbouring cells.
    Carve {
        /// The cell carved from.
        from: Pos,
        /// The cell carved into.
        to: Pos,
    },
    /// Stepped back from a cell with nothing left to carve.
    Backtrack {
        /// The cell left.
        from: Pos,
        /// The cell stepped back to.
        to: Pos,
    },
    /// Looked at a cell and changed nothing.
    Visit {
        /// The cell looked at.
        cell: Pos,
    },
    /// Closed the wall between two neighbouring cells; recursive division builds walls
    /// instead of carving.
    Wall {
        /// One side of the wall.
        from: Pos,
        /// The other side.
        to: Pos,
    },
    /// The maze is complete; every further step returns `Done` again.
    Done,
}

/// Everything that decides which maze is made. Equal options make equal mazes.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MazeOptions {
    /// Columns of cells.
    pub width: u32,
    /// Rows of cells.
    pub height: u32,
    /// The seed: equal options and seeds make equal mazes.
    pub seed: u64,
    /// `true`: a perfect maze (one path between any two cells). `false`: a playable board.
    pub perfect: bool,
    /// Share of dead ends removed when `perfect` is false, 0.0 to 1.0.
    pub braid: f64,
    /// The generation algorithm.
    pub algorithm: Algorithm,
    /// The cell where carving starts (the entry), unless there is a courtyard.
    pub start: Pos,
    /// `true`: an open 3x3 courtyard at the centre, where carving starts (see
    /// `Landmarks`).
    pub courtyard: bool,
    /// The stamp of closed cells: the 42 (the default), none, or a pattern of the user's own.
    pub stamp: StampChoice,
}

impl MazeOptions {
    /// A perfect maze of `width` x `height` with seed 0, carved from the top-left cell.
    pub fn new(width: u32, height: u32) -> MazeOptions {
        MazeOptions {
            width,
            height,
            seed: 0,
            perfect: true,
            braid: 1.0,
            algorithm: Algorithm::default(),
            start: Pos::new(0, 0),
            courtyard: false,
            stamp: StampChoice::FortyTwo,
        }
    }

    /// The seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// A perfect maze (`true`) or a playable board with loops (`false`).
    pub fn perfect(mut self, perfect: bool) -> Self {
        self.perfect = perfect;
        self
    }

    /// A board's share of dead ends removed, 0.0 to 1.0.
    pub fn braid(mut self, braid: f64) -> Self {
        self.braid = braid;
        self
    }

    /// The generation algorithm.
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.algorithm = algorithm;
        self
    }

    /// The cell where carving starts.
    pub fn start(mut self, start: Pos) -> Self {
        self.start = start;
        self
    }

    /// An open 3x3 courtyard at the centre, where carving starts.
    pub fn courtyard(mut self, courtyard: bool) -> Self {
        self.courtyard = courtyard;
        self
    }

    /// The stamp: [`StampChoice::FortyTwo`] (the default), [`StampChoice::None`], or a
    /// [`Pattern`](crate::grid::Pattern) of the user's own.
    pub fn stamp(mut self, stamp: impl Into<StampChoice>) -> Self {
        self.stamp = stamp.into();
        self
    }
}

/// The kind of work a step does, for [`Generator::step_kind`] and
/// [`Session::step_kind`](crate::session::Session::step_kind): only compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StepKind(u8);

impl StepKind {
    /// A search's steps.
    pub(crate) const SEARCH: StepKind = StepKind(u8::MAX - 2);
    /// No more steps.
    pub(crate) const NONE: StepKind = StepKind(u8::MAX - 1);
}

/// Roughly how long a step of the linking pass takes, in nanoseconds (see
/// [`Generator::step_cost`]).
const LINK_STEP_COST: u64 = 25;
/// Roughly how long a braiding step takes on average, in nanoseconds (see
/// [`Braider::step_cost`]).
const BRAID_STEP_COST: u64 = 50;

/// Why a generator could not be built from its options, or stopped: [`Error`]'s variants, kept
/// `Clone` for a generator (and its replay checkpoints) to hold. Its message is the [`Error`]'s
/// it becomes, written once there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GenError {
    /// The size is out of range, or the grid cannot be allocated.
    Size(SizeError),
    /// [`Error::StartOutside`].
    StartOutside {
        /// The start cell.
        start: Pos,
        /// The maze's width.
        width: u32,
        /// The maze's height.
        height: u32,
    },
    /// [`Error::StartOnStamp`].
    StartOnStamp(Pos),
    /// [`Error::Braid`].
    Braid(String),
    /// A stamp pattern of the user's own that the maze has no room for.
    Stamp(StampError),
}

impl From<SizeError> for GenError {
    fn from(error: SizeError) -> GenError {
        GenError::Size(error)
    }
}

impl From<StampError> for GenError {
    fn from(error: StampError) -> GenError {
        GenError::Stamp(error)
    }
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Error::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for GenError {}

impl From<GenError> for Error {
    fn from(error: GenError) -> Error {
        match error {
            GenError::Size(size) => size.into(),
            GenError::Stamp(stamp) => stamp.into(),
            GenError::StartOutside {
                start,
                width,
                height,
            } => Error::StartOutside {
                start,
                width,
                height,
            },
            GenError::StartOnStamp(start) => Error::StartOnStamp(start),
            GenError::Braid(braid) => Error::Braid(braid),
        }
    }
}

#[derive(Clone, Debug)]
enum Phase {
    Carving(Box<dyn Carve>),
    /// Joining the islands the algorithm left (see [`Carve::may_leave_islands`]).
    Linking(Linker),
    Braiding(Braider),
    Done,
}

/// A maze being generated, one step at a time. A clone carries on exactly as the original
/// would: the replay timeline keeps clones as checkpoints.
#[derive(Clone, Debug)]
pub struct Generator {
    grid: Grid,
    rng: MazeRng,
    phase: Phase,
    options: MazeOptions,
    steps: u64,
    /// The phases done with, kept for the caller to free (see [`Generator::keep_garbage`]);
    /// `None`: freed at once.
    garbage: GarbageBin,
    /// Why the generator stopped unfinished (the allocator refused a phase's memory); it is
    /// [`Generator::is_done`] then, and [`Generator::generate`] returns this.
    failure: Option<GenError>,
    /// The path between the cells [`Generator::aim`] asked for, as the carving found it,
    /// kept only if nothing carved after it can change it.
    path: Option<Vec<Dir>>,
    /// The first of those cells, where that path starts.
    path_from: Pos,
}

/// A generator's [`Garbage`]: `None` when it frees what it is done with at once. A clone (a
/// replay's checkpoint) keeps the choice but starts empty: the garbage is the original's.
#[derive(Debug, Default)]
struct GarbageBin(Option<Vec<Garbage>>);

impl Clone for GarbageBin {
    fn clone(&self) -> GarbageBin {
        GarbageBin(self.0.as_ref().map(|_| Vec::new()))
    }
}

/// State a session is done with, handed to the caller to free (see
/// [`Session::take_garbage`](crate::session::Session::take_garbage)): a carver's per-cell state is as
/// big as the grid, and freeing a few hundred megabytes takes tens of milliseconds, which a UI
/// would rather spend on another thread.
pub(crate) type Garbage = Box<dyn Any + Send>;

impl Generator {
    /// A generator ready to carve the maze `options` describe, or why it cannot.
    ///
    /// ```
    /// use mazegen::{GenEvent, Generator, MazeOptions};
    ///
    /// let mut generator = Generator::new(MazeOptions::new(12, 9).seed(3))?;
    /// let mut steps = 0;
    /// while generator.step() != GenEvent::Done {
    ///     steps += 1; // draw the step's event
    /// }
    /// assert!(generator.is_done() && generator.steps() == steps);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn new(options: MazeOptions) -> Result<Generator, Error> {
        Generator::build(options).map_err(Error::from)
    }

    /// Generates the whole maze at once.
    ///
    /// ```
    /// use mazegen::{Generator, MazeOptions, Pos};
    ///
    /// let grid = Generator::generate(MazeOptions::new(12, 9).seed(3))?;
    /// assert_eq!((grid.width(), grid.height()), (12, 9));
    /// assert!(grid.open_dirs(Pos::new(0, 0)).count() >= 1);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn generate(options: MazeOptions) -> Result<Grid, Error> {
        Generator::generate_grid(options).map_err(Error::from)
    }

    /// Why the generator stopped before the maze was complete: the allocator refused a
    /// phase's working set room to grow ([`Error::NotEnoughMemory`]).
    /// It is done then, its grid partly carved.
    pub fn failure(&self) -> Option<Error> {
        self.gen_failure().cloned().map(Error::from)
    }

    /// [`Generator::new`], with the error a generator keeps.
    pub(crate) fn build(options: MazeOptions) -> Result<Generator, GenError> {
        let (width, height) = (options.width, options.height);
        check_size(width, height)?;
        let landmarks = Landmarks::plan_with(width, height, options.courtyard, options.stamp)?;
        let mut grid = Grid::with_landmarks(width, height, landmarks)?;
        if !grid.contains(options.start) {
            return Err(GenError::StartOutside {
                start: options.start,
                width: options.width,
                height: options.height,
            });
        }
        if grid.is_locked(options.start) {
            return Err(GenError::StartOnStamp(options.start));
        }
        if !(0.0..=1.0).contains(&options.braid) {
            return Err(GenError::Braid(options.braid.to_string()));
        }
        let mut rng = MazeRng::from_seed(options.seed);
        let start = match grid.courtyard() {
            Some(yard) => yard.edge()[rng.below(8) as usize],
            None => options.start,
        };
        let (width, height) = (options.width, options.height);
        let carver = options
            .algorithm
            .carver(&mut grid, start, &mut rng)
            .map_err(|crate::bytes::OutOfMemory| SizeError::NotEnoughMemory {
                task: "the carving",
                width,
                height,
            })?;
        let path_from = options.start;
        Ok(Generator {
            grid,
            rng,
            phase: Phase::Carving(carver),
            options,
            steps: 0,
            garbage: GarbageBin::default(),
            failure: None,
            path: None,
            path_from,
        })
    }

    /// Asks for the path from `entry` to `exit` to be found by the carving itself where it
    /// can be (see [`Carve::aim`]). A perfect maze without a courtyard carved from `entry` is
    /// a tree rooted there, so its one path is the exit's chain of parents (the backtracker,
    /// the newest-first growing tree), or follows from the walls' gaps (recursive division),
    /// read in about as many steps as it is long; Eller's, carved a row at a time, is what is
    /// left once the finished rows' dead ends are filled in, which a second core does while
    /// the carving goes on. [`Generator::take_path`] hands it over.
    pub(crate) fn aim(&mut self, entry: Pos, exit: Pos) {
        let tree = self.options.perfect && self.grid.contains(entry) && self.grid.contains(exit);
        if let (true, Phase::Carving(carver)) = (tree, &mut self.phase) {
            self.path_from = entry;
            carver.aim(entry, exit);
        }
    }

    /// The path [`Generator::aim`] asked for, once done, if the carving found it: from the
    /// entry to the exit, the one path of the tree, as a search would find it.
    pub(crate) fn take_path(&mut self) -> Option<Solution> {
        let done = self.is_done() && self.failure.is_none();
        let dirs = self.path.take().filter(|_| done)?;
        Some(Solution::new(self.path_from, dirs))
    }

    /// [`Generator::generate`], and the path from `entry` to `exit` if the carving gave it
    /// (see [`Generator::aim`]); `None`: it is still to be found.
    pub(crate) fn generate_with_path(
        options: MazeOptions,
        entry: Pos,
        exit: Pos,
    ) -> Result<(Grid, Option<Solution>), GenError> {
        let mut generator = Generator::build(options)?;
        generator.aim(entry, exit);
        generator.finish()
    }

    /// Runs to the end: the grid and the path [`Generator::aim`] asked for, if the carving
    /// gave it, or why the generator stopped unfinished.
    fn finish(mut self) -> Result<(Grid, Option<Solution>), GenError> {
        self.run();
        if let Some(error) = self.failure.take() {
            return Err(error);
        }
        let path = self.take_path();
        Ok((self.into_grid(), path))
    }

    /// The same generator, keeping each phase's state once done with it (the carver's, the
    /// linker's, the braider's) for [`Generator::take_garbage`] instead of freeing it on the
    /// spot, inside a step.
    pub(crate) fn keep_garbage(mut self) -> Generator {
        self.garbage = GarbageBin(Some(Vec::new()));
        self
    }

    /// What the generator is done with since the last call (always empty unless
    /// [`Generator::keep_garbage`] was asked for).
    pub(crate) fn take_garbage(&mut self) -> Vec<Garbage> {
        self.garbage
            .0
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// [`Generator::generate`], with the error a generator keeps.
    pub(crate) fn generate_grid(options: MazeOptions) -> Result<Grid, GenError> {
        Generator::build(options)?.finish().map(|(grid, _)| grid)
    }

    /// [`Generator::failure`], as the generator keeps it.
    pub(crate) fn gen_failure(&self) -> Option<&GenError> {
        self.failure.as_ref()
    }

    /// Does one unit of work.
    #[inline]
    pub fn step(&mut self) -> GenEvent {
        loop {
            let event = match &mut self.phase {
                Phase::Carving(carver) => carver.step(self.grid.raw_mut(), &mut self.rng),
                Phase::Linking(linker) => linker.step(&mut self.grid, &mut self.rng),
                Phase::Braiding(braider) => braider.step(&mut self.grid, &mut self.rng),
                Phase::Done => return GenEvent::Done,
            };
            if event != GenEvent::Done {
                self.steps += 1;
                return event;
            }
            self.next_phase();
        }
    }

    /// Moves on once a phase is done: carving, then linking if islands may be left, then
    /// braiding for a board.
    fn next_phase(&mut self) {
        let mut phase = std::mem::replace(&mut self.phase, Phase::Done);
        let next = match &phase {
            Phase::Carving(carver) if carver.out_of_memory() => Err("the carving"),
            Phase::Linking(linker) if linker.out_of_memory() => Err("joining the islands"),
            Phase::Braiding(braider) if braider.out_of_memory() => Err("the braiding"),
            Phase::Carving(carver) if carver.may_leave_islands() => Linker::try_new(&self.grid)
                .map(Phase::Linking)
                .ok_or("joining the islands"),
            Phase::Carving(_) | Phase::Linking(_) if !self.options.perfect => {
                Ok(Phase::Braiding(Braider::new(self.options.braid)))
            }
            _ => Ok(Phase::Done),
        };
        // The carving's path stands if no phase but the linker opens a wall after it: in a
        // perfect maze the linker joins trees, which leaves the one path between two cells of
        // a tree as it was.
        if let (Phase::Carving(carver), Ok(Phase::Done | Phase::Linking(_))) = (&mut phase, &next)
            && self.options.perfect
        {
            self.path = carver.take_path();
        }
        // A phase refused its memory: the generator stops there, unfinished, and says why.
        self.phase = next.unwrap_or_else(|task| {
            let (width, height) = (self.options.width, self.options.height);
            self.failure = Some(GenError::Size(SizeError::NotEnoughMemory {
                task,
                width,
                height,
            }));
            Phase::Done
        });
        if let Some(garbage) = &mut self.garbage.0 {
            garbage.push(Box::new(phase));
        }
    }

    /// Steps until done.
    pub fn run(&mut self) {
        // Each phase runs its own `step` in a tight loop; `step` then only switches phases.
        loop {
            match &mut self.phase {
                Phase::Carving(carver) => carver.run(self.grid.raw_mut(), &mut self.rng),
                Phase::Linking(linker) => linker.run(&mut self.grid, &mut self.rng),
                Phase::Braiding(braider) => braider.run(&mut self.grid, &mut self.rng),
                Phase::Done => return,
            }
            self.next_phase();
        }
    }

    /// Runs `budget` steps, or until done; returns how many were taken. The carving runs in
    /// the algorithm's own loop, as fast as [`Generator::run`].
    pub fn run_steps(&mut self, budget: u64) -> u64 {
        let mut done = 0;
        while done < budget && !self.is_done() {
            done += self.run_steps_of_one_kind(budget - done);
        }
        done
    }

    /// Runs at most `budget` steps, stopping early when done or when the kind of step changes
    /// (the phase, or braiding's pass); returns how many made progress. A caller that sizes its
    /// budget from what the last steps cost so would not spend it on steps that cost more.
    pub fn run_steps_of_one_kind(&mut self, budget: u64) -> u64 {
        let kind = self.step_kind();
        let mut done = 0;
        while done < budget {
            if let Phase::Carving(carver) = &mut self.phase {
                // The carving, most of the steps, in the algorithm's own loop.
                let left = budget - done;
                let taken = carver.run_steps(self.grid.raw_mut(), &mut self.rng, left);
                self.steps += taken;
                done += taken;
                if taken < left {
                    self.next_phase();
                }
            } else if self.step() == GenEvent::Done {
                return done;
            } else {
                done += 1;
            }
            if self.step_kind() != kind {
                return done;
            }
        }
        done
    }

    /// The kind of work the next step does: the phase, and braiding's pass. Steps of one kind
    /// cost about the same; listing a cell's dead ends, say, costs a tenth of opening one.
    pub(crate) fn step_kind(&self) -> StepKind {
        StepKind(match &self.phase {
            Phase::Carving(_) => 0,
            Phase::Linking(linker) => 10 + linker.pass_number(),
            Phase::Braiding(braider) => 2 + braider.pass_number(),
            Phase::Done => u8::MAX,
        })
    }

    /// Whether the maze is complete.
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// The maze as carved so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The finished (or partly carved) grid.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// What the maze is made from.
    pub fn options(&self) -> &MazeOptions {
        &self.options
    }

    /// Steps taken so far (the final `Done` not counted).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The cell being carved from, while carving.
    pub fn head(&self) -> Option<Pos> {
        match &self.phase {
            Phase::Carving(carver) => carver.head(),
            _ => None,
        }
    }

    /// Cells carved into so far, the start included; equals the open cell count once carving
    /// has finished.
    pub fn visited(&self) -> u64 {
        match &self.phase {
            Phase::Carving(carver) => carver.visited(),
            _ => self.open_cells(),
        }
    }

    /// Cells outside the 42: what carving will reach.
    pub fn open_cells(&self) -> u64 {
        self.grid.open_cell_count()
    }

    /// Whether a cell is unvisited, on the carving path, or finished.
    pub fn cell_state(&self, pos: Pos) -> CellState {
        match &self.phase {
            Phase::Carving(carver) => carver.cell_state_in(self.grid.raw(), pos),
            _ if self.grid.is_locked(pos) => CellState::Unvisited,
            _ => CellState::Finished,
        }
    }

    /// Roughly how many steps carving takes, joining islands included (not braiding), to pace
    /// an animation.
    pub fn estimated_carving_steps(&self) -> u64 {
        match &self.phase {
            // Joining islands looks at every cell once (labelling the trees a row at a time).
            Phase::Carving(carver) if carver.may_leave_islands() => {
                carver.estimated_steps(self.open_cells()) + self.grid.cell_count() as u64
            }
            Phase::Carving(carver) => carver.estimated_steps(self.open_cells()),
            _ => self.open_cells(),
        }
    }

    /// Roughly how long a step of the current phase takes, in nanoseconds on the project's
    /// machine (see `Carve::step_cost`): a board's braiding steps cost ten times the
    /// backtracker's carving steps, and the replay timeline spaces its checkpoints by time.
    pub fn step_cost(&self) -> u64 {
        match &self.phase {
            Phase::Carving(carver) => carver.step_cost(),
            Phase::Linking(_) => LINK_STEP_COST,
            Phase::Braiding(braider) => braider.step_cost(),
            Phase::Done => 1,
        }
    }

    /// Roughly how long the rest of the run takes, in the units of [`Generator::step_cost`].
    pub fn estimated_cost(&self) -> u64 {
        let linking = self.grid.cell_count() as u64 * LINK_STEP_COST;
        let carving = match &self.phase {
            Phase::Carving(carver) if carver.may_leave_islands() => {
                carver.estimated_steps(self.open_cells()) * carver.step_cost() + linking
            }
            Phase::Carving(carver) => {
                carver.estimated_steps(self.open_cells()) * carver.step_cost()
            }
            Phase::Linking(_) => linking,
            Phase::Braiding(_) | Phase::Done => 0,
        };
        // Braiding lists the cells and shuffles the dead ends, then opens them: measured at
        // about 1.6 steps a cell, the dearer ones about a third of a step a cell.
        let braiding = if self.options.perfect || self.is_done() {
            0
        } else {
            2 * self.open_cells() * BRAID_STEP_COST
        };
        carving + braiding
    }

    /// The bytes its state holds on the heap (the grid and the algorithm's own), as a clone
    /// would allocate them: what a replay checkpoint costs.
    pub fn heap_bytes(&self) -> usize {
        let phase = match &self.phase {
            Phase::Carving(carver) => carver.heap_bytes(),
            Phase::Linking(linker) => linker.heap_bytes(),
            Phase::Braiding(braider) => braider.heap_bytes(),
            Phase::Done => 0,
        };
        self.grid.raw().len() + phase
    }

    /// Whether carving is over and islands are being joined.
    pub fn is_linking(&self) -> bool {
        matches!(self.phase, Phase::Linking(_))
    }

    /// Whether carving is over and dead ends are being opened.
    pub fn is_braiding(&self) -> bool {
        matches!(self.phase, Phase::Braiding(_))
    }
}

#[cfg(test)]
mod tests;
