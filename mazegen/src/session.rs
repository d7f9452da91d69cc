//! The animation API: one maze's life, carved step by step, then solved step by step by the
//! chosen solver, then measured; [`MazeBuilder::session`](crate::MazeBuilder::session) starts
//! one. It drives the same [`Generator`] and solvers as a one-shot run, so the finished maze
//! and its shortest path are exactly the ones [`Generator::generate`] and [`Grid::shortest_path`] give
//! for the same options, whichever solver is being watched. A UI animates it by calling
//! [`Session::advance`] with a budget of steps per frame.
//!
//! Once carving is over the grid never changes again: the session keeps it in a shared
//! [`Maze`], and hands that out ([`Session::maze`]) once the maze is solved and measured, so a
//! writer on another thread can have it without a copy.
//!
//! The steps are small, but a few pieces of the work are not: measuring the maze (the shortest
//! path, whatever solver is watched, the statistics, the difficulty) takes a few passes over
//! it, starting a search makes and fills a solver's per-cell state, and tracing the path a
//! search found walks back along it and marks one bit a cell for drawing. By default the
//! session does them itself, as they come. A UI that must answer keys at any size (seconds of
//! such work for a billion cells) runs them elsewhere instead: [`Session::hand_out_work`] once,
//! then, each frame, [`Session::jobs`] for the work due, [`Job::run`] on another thread, and
//! [`Session::install`] for the job it gives back done.
//!
//! A replay goes back along the carving: [`Session::generator`] is the carver a
//! [`Timeline`](crate::Timeline) takes checkpoints of, and [`Session::replaying`] shows a
//! moment it went back to, and carries on from there.

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::error::Error;
use crate::generate::{CellState, Garbage, GenError, StepKind};
use crate::grid::SizeError;
use crate::maze::Maze;
use crate::solve::{Search, SearchState, Solver};
use crate::stats::{Difficulty, MazeStats};
use crate::{Generator, Grid, MazeOptions, Pos, Solution, shortest_path};

/// Where a maze is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The generator is carving (or linking, or braiding).
    Carving,
    /// The maze is complete; the solver is looking for the exit.
    Solving,
    /// Solved (and measured, unless measuring was left to the caller and is still to come).
    Done,
}

/// Numbers about a finished maze, measured once, whatever solves it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Measures {
    /// Dead ends, junctions, loops, corridors, the shortest path's share.
    pub stats: MazeStats,
    /// Whether the maze has its 42 (it may be too small, or have no room beside a courtyard).
    pub stamp_placed: bool,
    /// How hard its solution is to find, `None` without one: measured with the rest, off the
    /// caller's thread for a big maze, since it walks every branch off the path.
    pub difficulty: Option<Difficulty>,
}

/// How one solver did on this maze, to compare the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRun {
    /// The solver.
    pub solver: Solver,
    /// Cells the solver visited (its own count: see [`Searching::visited`](crate::Searching::visited)).
    pub visited: u64,
    /// Steps of the path it found, if it found one.
    pub path_len: Option<usize>,
}

/// The watched solver's outcome.
#[derive(Clone, Debug, PartialEq)]
struct Solved {
    /// The path the watched solver found.
    path: Option<Solution>,
    /// One bit a cell: is it on that path? Lets the canvas ask per visible cell in O(1).
    on_path: Vec<u64>,
}

/// The generator while it carves; the shared maze once it is done.
#[derive(Debug)]
enum Stage {
    Carving(Box<Generator>),
    Carved {
        maze: Arc<Maze>,
        steps: u64,
    },
    /// Only between the two, inside [`Session::end_carving`].
    Moving,
}

/// A pass over the whole maze that a session handing out its work (see
/// [`Session::hand_out_work`]) leaves to its caller: measuring the maze, starting a search, or
/// tracing the path a search found. [`Job::run`] does it, on any thread, and gives the job
/// back done, carrying its outcome; [`Session::install`] takes that.
#[derive(Clone)]
pub struct Job {
    maze: Arc<Maze>,
    /// Which of the session's searches the work is for (see [`Session::install`]).
    search: u64,
    work: Work,
}

#[derive(Clone)]
enum Work {
    Measure,
    Start {
        solver: Solver,
        entry: Pos,
        exit: Pos,
    },
    Trace(Arc<dyn Search>),
    /// The work done: what it gave, for [`Session::install`].
    Done(Outcome),
}

impl Job {
    /// The maze the job works on.
    pub fn maze(&self) -> &Arc<Maze> {
        &self.maze
    }

    /// Whether this measures the maze (its shortest path, statistics and difficulty), and is
    /// not done yet: the one job the watched search does not wait for.
    pub fn measures(&self) -> bool {
        matches!(self.work, Work::Measure)
    }

    /// Whether this starts a search, and is not done yet: once it is done and installed,
    /// [`Session::advance`] steps the search.
    pub fn is_start(&self) -> bool {
        matches!(self.work, Work::Start { .. })
    }

    /// Whether `other` is the same piece of work, both done or both not: [`Session::jobs`]
    /// hands a job out again until it is installed done.
    pub fn is(&self, other: &Job) -> bool {
        Arc::ptr_eq(&self.maze, &other.maze)
            && self.search == other.search
            && std::mem::discriminant(&self.work) == std::mem::discriminant(&other.work)
    }

    /// [`Job::run`], or [`Error::NotEnoughMemory`] when the
    /// allocator refuses a measure's search, statistics or difficulty their memory, or a
    /// started search its per-cell state (see [`Solver::try_search`](crate::Solver::try_search)).
    pub fn try_run(&self) -> Result<Job, crate::Error> {
        self.try_job().map_err(crate::Error::from)
    }

    /// [`Job::try_run`], with the error kept apart.
    pub(crate) fn try_job(&self) -> Result<Job, crate::grid::SizeError> {
        if let &Work::Start {
            solver,
            entry,
            exit,
        } = &self.work
        {
            let search = solver.try_start(self.maze.grid(), entry, exit)?;
            return Ok(self.done(Outcome::Started(Arc::new(Mutex::new(Some(search))))));
        }
        let Work::Measure = &self.work else {
            return Ok(self.run());
        };
        let maze = &self.maze;
        let grid = maze.grid();
        let shortest = match maze.known_solution() {
            Some(known) => known.cloned(),
            None => crate::solve::try_shortest_path(grid, maze.entry(), maze.exit())?,
        };
        let stats = MazeStats::measured(grid, shortest.as_ref())?;
        let difficulty = match &shortest {
            Some(path) => Some(Difficulty::measured(grid, path)?),
            None => None,
        };
        Ok(self.done(Outcome::Measured(Measured {
            shortest,
            stats,
            difficulty,
        })))
    }

    /// Does the work: a few passes over the maze to measure it, one to start a search or
    /// trace its path; gives the job back done, with what it found, for
    /// [`Session::install`]. A job done already is given back as it is.
    pub fn run(&self) -> Job {
        let maze = &self.maze;
        let grid = maze.grid();
        let outcome = match &self.work {
            Work::Measure => {
                let shortest = match maze.known_solution() {
                    Some(known) => known.cloned(),
                    None => shortest_path(grid, maze.entry(), maze.exit()),
                };
                let stats = MazeStats::measure(grid, shortest.as_ref());
                let difficulty = shortest
                    .as_ref()
                    .map(|path| Difficulty::measure(grid, path));
                Outcome::Measured(Measured {
                    shortest,
                    stats,
                    difficulty,
                })
            }
            &Work::Start {
                solver,
                entry,
                exit,
            } => {
                let search = solver.start(grid, entry, exit);
                Outcome::Started(Arc::new(Mutex::new(Some(search))))
            }
            // Refused, the trace is still an outcome: the session's failure once installed.
            Work::Trace(search) => match try_trace(search.as_ref(), grid) {
                Ok(solved) => Outcome::Traced(solved),
                Err(refused) => Outcome::TraceRefused(refused),
            },
            Work::Done(_) => return self.clone(),
        };
        self.done(outcome)
    }

    /// This job, done: it carries `outcome`.
    fn done(&self, outcome: Outcome) -> Job {
        Job {
            maze: Arc::clone(&self.maze),
            search: self.search,
            work: Work::Done(outcome),
        }
    }
}

#[derive(Clone)]
enum Outcome {
    Measured(Measured),
    /// The search, for the session to take: a copy of the done [`Job`] shares it, but only
    /// one install gets it, so the session's search is its own while it steps.
    Started(Arc<Mutex<Option<Box<dyn Search>>>>),
    Traced(Solved),
    /// The path, or its bitmap, was refused its memory.
    TraceRefused(SizeError),
}

/// What measuring found.
#[derive(Clone, Debug, PartialEq)]
struct Measured {
    shortest: Option<Solution>,
    stats: MazeStats,
    difficulty: Option<Difficulty>,
}

impl fmt::Debug for Job {
    /// Short: a search's state is as big as the maze.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outcome = match &self.work {
            Work::Done(outcome) => outcome,
            Work::Measure => return write!(f, "Job {{ search: {}, measure }}", self.search),
            Work::Start { solver, .. } => {
                return write!(f, "Job {{ search: {}, start {solver:?} }}", self.search);
            }
            Work::Trace(_) => return write!(f, "Job {{ search: {}, trace }}", self.search),
        };
        let outcome = match outcome {
            Outcome::Measured(measured) => format!("measured {:?}", measured.stats),
            Outcome::Started(_) => "started".to_owned(),
            Outcome::Traced(solved) => match &solved.path {
                Some(path) => format!("traced a path of {} steps", path.len()),
                None => "traced no path".to_owned(),
            },
            Outcome::TraceRefused(refused) => format!("trace refused: {refused}"),
        };
        write!(f, "Job {{ search: {}, {outcome} }}", self.search)
    }
}

impl PartialEq for Job {
    /// The same job, with the same result once done: a search is compared by identity.
    fn eq(&self, other: &Job) -> bool {
        let same_work = match (&self.work, &other.work) {
            (Work::Measure, Work::Measure) => true,
            (Work::Start { .. }, Work::Start { .. }) => self.is(other),
            (Work::Trace(a), Work::Trace(b)) => std::ptr::addr_eq(Arc::as_ptr(a), Arc::as_ptr(b)),
            (Work::Done(a), Work::Done(b)) => match (a, b) {
                (Outcome::Measured(a), Outcome::Measured(b)) => a == b,
                (Outcome::Started(a), Outcome::Started(b)) => Arc::ptr_eq(a, b),
                (Outcome::Traced(a), Outcome::Traced(b)) => a == b,
                (Outcome::TraceRefused(a), Outcome::TraceRefused(b)) => a == b,
                _ => false,
            },
            _ => false,
        };
        Arc::ptr_eq(&self.maze, &other.maze) && self.search == other.search && same_work
    }
}

/// The path `search` found (it is done), and its bitmap, or [`SizeError::NotEnoughMemory`]
/// when the allocator refuses either its memory.
fn try_trace(search: &dyn Search, grid: &Grid) -> Result<Solved, SizeError> {
    let path = search.try_solution()?;
    let mut on_path =
        crate::bytes::try_filled(grid.cell_count().div_ceil(64), 0u64).map_err(|_| {
            SizeError::NotEnoughMemory {
                task: "the path",
                width: grid.width(),
                height: grid.height(),
            }
        })?;
    for pos in path.iter().flat_map(|p| p.cells(grid)) {
        let i = grid.index(pos);
        on_path[i / 64] |= 1 << (i % 64);
    }
    Ok(Solved { path, on_path })
}

#[derive(Debug)]
/// One maze's life, carved then solved step by step: the animation API (see the [module](self) docs).
pub struct Session {
    stage: Stage,
    entry: Pos,
    exit: Pos,
    solver: Solver,
    /// The watched search, once started. Shared only once done, with the job tracing its path.
    search: Option<Arc<dyn Search>>,
    /// How many searches were started: the last one's number names it in a [`Job`].
    searches: u64,
    /// The number of a search whose start was refused its memory (see
    /// [`Session::start_refused`]): its start is no longer handed out.
    refused_start: Option<u64>,
    /// Why the watched search stopped unfinished, or its path was not traced: memory refused
    /// (see [`Session::failure`]). Cleared when another search starts.
    search_failure: Option<GenError>,
    solved: Option<Solved>,
    measures: Option<Measures>,
    /// The last run of each solver on this maze, in the order they finished.
    runs: Vec<SolverRun>,
    /// Whether the session measures the maze itself (see [`Session::hand_out_work`]).
    measure_here: bool,
    /// Whether the session starts searches and traces their paths itself (see
    /// [`Session::hand_out_work`]).
    search_here: bool,
    /// What the session is done with, for [`Session::take_garbage`]; `None`: freed at once.
    garbage: Option<Vec<Garbage>>,
}

impl Session {
    /// Why the maze could not be finished: the allocator refused the generator's working set
    /// room to grow (see [`Generator::failure`]). The session then stays
    /// [`Phase::Carving`], its grid partly carved, and [`Session::advance`] and
    /// [`Session::finish`] do nothing more: a caller stepping it until done checks this.
    ///
    /// Or why the watched search could not be finished: the allocator refused its working set
    /// room to grow (see [`Searching::failure`](crate::Searching::failure)), or its path, or
    /// that path's bitmap, or (for a session measuring the maze itself) the measuring, their
    /// memory. The session then stays [`Phase::Solving`], the search done and unsolved, and
    /// [`Session::advance`], [`Session::finish`] and [`Session::jobs`] do nothing more for it,
    /// until another solver is picked ([`Session::resolve_with`]), which tries again.
    pub fn failure(&self) -> Option<Error> {
        self.gen_failure().cloned().map(Error::from)
    }

    /// A maze about to be carved from `options`, to be solved by `solver` from `entry` to
    /// `exit`.
    ///
    /// ```
    /// use mazegen::{MazeOptions, Pos, Solver};
    /// use mazegen::session::{Phase, Session};
    ///
    /// let options = MazeOptions::new(12, 9).seed(3);
    /// let mut session = Session::new(options, Pos::new(0, 0), Pos::new(11, 8), Solver::Dfs)?;
    /// while session.phase() != Phase::Done {
    ///     session.advance(50); // a frame's worth of steps; draw session.grid() between frames
    /// }
    /// assert!(session.maze().unwrap().solution().is_some());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn new(
        options: MazeOptions,
        entry: Pos,
        exit: Pos,
        solver: Solver,
    ) -> Result<Session, Error> {
        let generator = Generator::build(options)?;
        let grid = generator.grid();
        let (width, height) = (grid.width(), grid.height());
        crate::grid::check_ends(width, height, grid.stamp(), entry, exit)
            .map_err(|problem| problem.into_error(width, height))?;
        Ok(Session {
            stage: Stage::Carving(Box::new(generator)),
            entry,
            exit,
            solver,
            search: None,
            searches: 0,
            refused_start: None,
            search_failure: None,
            solved: None,
            measures: None,
            runs: Vec::new(),
            measure_here: true,
            search_here: true,
            garbage: None,
        })
    }

    /// A session that shows `generator` where it is, to be solved by `solver` from `entry` to
    /// `exit` once carved: how a replayed moment of a carving (see [`Timeline`](crate::Timeline)) is
    /// drawn and carried on.
    pub fn replaying(generator: Generator, entry: Pos, exit: Pos, solver: Solver) -> Session {
        Session {
            stage: Stage::Carving(Box::new(generator)),
            entry,
            exit,
            solver,
            search: None,
            solved: None,
            measures: None,
            runs: Vec::new(),
            measure_here: true,
            // A replayed moment is shown while carving, never solved: nothing to hand out.
            search_here: true,
            searches: 0,
            refused_start: None,
            search_failure: None,
            garbage: None,
        }
    }

    /// The generator, while carving: for a replay [`crate::Timeline`] to take checkpoints of.
    pub fn generator(&self) -> Option<&Generator> {
        match &self.stage {
            Stage::Carving(generator) => Some(generator),
            _ => None,
        }
    }

    /// The same session, leaving to the caller every piece of work that takes a pass over the
    /// whole maze, so that no call but [`Session::finish`] (which does everything left itself)
    /// takes long, at any size: measuring the maze once it is carved, starting each search, and
    /// tracing the path it found. [`Session::jobs`] hands them out when due, to run on another
    /// thread, and [`Session::install`] takes their outcome; until then the session waits (a
    /// search to start takes no step) and [`Session::stats`] and [`Session::maze`] are
    /// `None`. What the session is done with (the carver's state, a replaced search), big as
    /// the maze, is kept for [`Session::take_garbage`], to be freed elsewhere too.
    ///
    /// ```
    /// use mazegen::{Maze, Solver};
    /// use mazegen::session::Phase;
    ///
    /// let mut session = Maze::builder(60, 40).seed(5).session(Solver::Bfs)?.hand_out_work();
    /// while session.phase() != Phase::Done || session.maze().is_none() {
    ///     session.advance(500); // a frame's steps: never a pass over the whole maze
    ///     for job in session.jobs() {
    ///         // A UI sends it to a worker and installs the outcome when it comes back.
    ///         let outcome = std::thread::spawn(move || job.run()).join().unwrap();
    ///         session.install(outcome);
    ///     }
    ///     drop(session.take_garbage()); // or on the worker too
    /// }
    /// assert!(session.maze().unwrap().solution().is_some());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn hand_out_work(mut self) -> Session {
        self.measure_here = false;
        self.search_here = false;
        self.garbage = Some(Vec::new());
        if let Stage::Carving(generator) = self.stage {
            self.stage = Stage::Carving(Box::new(generator.keep_garbage()));
        }
        self
    }

    /// [`Session::failure`], as the generator or the search keeps it.
    pub(crate) fn gen_failure(&self) -> Option<&GenError> {
        match &self.stage {
            Stage::Carving(generator) => generator.gen_failure(),
            _ => self.search_failure.as_ref(),
        }
    }

    /// Carving, solving or done.
    pub fn phase(&self) -> Phase {
        match (&self.stage, &self.solved) {
            (Stage::Carving(_), _) => Phase::Carving,
            (_, Some(_)) => Phase::Done,
            _ => Phase::Solving,
        }
    }

    /// The solver that solves (or will solve) this maze on screen.
    pub fn solver(&self) -> Solver {
        self.solver
    }

    /// Solves the maze again with `solver`, animated; while carving, just picks the solver
    /// that will run when carving ends.
    pub fn resolve_with(&mut self, solver: Solver) {
        self.solver = solver;
        if self.phase() != Phase::Carving {
            if let Some(solved) = self.solved.take() {
                self.discard(solved);
            }
            self.start_search();
        }
    }

    /// Runs up to `budget` steps of the current phase and returns how many were taken. A phase
    /// that ends hands over to the next one; the hand-over costs no step.
    pub fn advance(&mut self, budget: u64) -> u64 {
        match self.phase() {
            Phase::Carving => {
                let Stage::Carving(generator) = &mut self.stage else {
                    unreachable!("carving has a generator")
                };
                // A frame's budget is sized from what the last steps cost: it is not spent on
                // steps of another kind, which may cost more.
                let taken = generator.run_steps_of_one_kind(budget);
                // A generator that failed stays, unfinished: see `Session::failure`.
                if generator.is_done() && generator.gen_failure().is_none() {
                    self.end_carving();
                }
                taken
            }
            Phase::Solving => {
                let grid = carved(&self.stage).grid();
                // Without a search, or with a finished one, the session waits for a job.
                let Some(search) = self.search.as_mut().filter(|s| !s.is_done()) else {
                    return 0;
                };
                let search = Arc::get_mut(search).expect("a search is shared once done only");
                let mut taken = 0;
                while taken < budget && !search.is_done() {
                    search.step(grid);
                    taken += 1;
                }
                if let Some(refused) = search.failure() {
                    self.search_failure = Some(refused.into());
                } else if search.is_done() && self.search_here {
                    match try_trace(search, grid) {
                        Ok(solved) => self.record(solved),
                        Err(refused) => self.search_failure = Some(refused.into()),
                    }
                }
                taken
            }
            Phase::Done => 0,
        }
    }

    /// Carves and solves whatever is left, at full speed. A search refused its memory at its
    /// start is not run: the session stays solving (see [`Session::is_start_refused`]), as
    /// it does when refused it as it runs (see [`Session::failure`]).
    pub fn finish(&mut self) {
        if let Stage::Carving(generator) = &mut self.stage {
            // Counting the steps (which `run` does not) costs a little speed, and gives the
            // carving's length to a replay timeline and a race's table.
            generator.run_steps(u64::MAX);
            if generator.gen_failure().is_some() {
                return;
            }
            self.end_carving();
        }
        let failed = self.search_failure.is_some();
        if self.phase() == Phase::Solving && !self.is_start_refused() && !failed {
            let grid = carved(&self.stage).grid();
            if self.search.is_none() {
                // Refused its memory, the search is not started: the session stays solving,
                // as when a job's start is refused (see `Session::start_refused`).
                match self.solver.try_start(grid, self.entry, self.exit) {
                    Ok(search) => self.search = Some(Arc::from(search)),
                    Err(_) => {
                        self.refused_start = Some(self.searches);
                        return;
                    }
                }
            }
            let search = self.search.as_mut().expect("started just now or before");
            if !search.is_done() {
                Arc::get_mut(search)
                    .expect("a search is shared once done only")
                    .run(grid);
            }
            if let Some(refused) = search.failure() {
                self.search_failure = Some(refused.into());
                return;
            }
            match try_trace(search.as_ref(), grid) {
                Ok(solved) => self.record(solved),
                Err(refused) => self.search_failure = Some(refused.into()),
            }
        }
    }

    /// Shares the finished grid, and starts the search.
    fn end_carving(&mut self) {
        let Stage::Carving(mut generator) = std::mem::replace(&mut self.stage, Stage::Moving)
        else {
            unreachable!("carving ends once")
        };
        for garbage in generator.take_garbage() {
            self.discard(garbage);
        }
        let steps = generator.steps();
        let options = generator.options().clone();
        let maze = Maze::new(options, generator.into_grid(), self.entry, self.exit);
        self.stage = Stage::Carved {
            maze: Arc::new(maze),
            steps,
        };
        self.start_search();
    }

    /// Starts the watched solver's search, or leaves that to a [`Job`].
    fn start_search(&mut self) {
        self.searches += 1;
        self.search_failure = None;
        if let Some(old) = self.search.take() {
            self.discard(old);
        }
        if self.search_here {
            let grid = carved(&self.stage).grid();
            self.search = Some(Arc::from(self.solver.start(grid, self.entry, self.exit)));
        }
    }

    /// Frees `garbage` now, or keeps it for [`Session::take_garbage`].
    fn discard(&mut self, garbage: impl std::any::Any + Send) {
        if let Some(kept) = &mut self.garbage {
            kept.push(Box::new(garbage));
        }
    }

    /// What the session is done with since the last call, to be freed (on another thread,
    /// say): always empty unless [`Session::hand_out_work`] was asked for. A carver's per-cell
    /// state is as big as the grid, and freeing a few hundred megabytes takes tens of
    /// milliseconds, which a UI would rather spend on another thread.
    pub fn take_garbage(&mut self) -> Vec<Box<dyn std::any::Any + Send>> {
        let mut garbage = self
            .garbage
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default();
        if let Stage::Carving(generator) = &mut self.stage {
            garbage.extend(generator.take_garbage());
        }
        garbage
    }

    /// Records the finished search and its path, and measures the maze the first time (unless
    /// that is left to the caller).
    fn record(&mut self, solved: Solved) {
        let maze = carved(&self.stage);
        let grid = maze.grid();
        let search = self.search.as_ref().expect("recorded after a search");
        let path = &solved.path;
        let run = SolverRun {
            solver: self.solver,
            visited: search.visited(),
            path_len: path.as_ref().map(Solution::len),
        };
        self.runs.retain(|r| r.solver != run.solver);
        self.runs.push(run);
        // BFS finds a shortest path already; any other solver's path may be longer, and the
        // file records a shortest one.
        if self.solver == Solver::Bfs {
            maze.know_solution(path.clone());
        }
        if self.measure_here && self.measures.is_none() {
            // Refused, the maze is not measured, nor the search recorded: the session's
            // failure, as the search's own would be.
            let measured = maze.measure_stats().cloned().and_then(|stats| {
                let difficulty = maze.measure_difficulty()?.cloned();
                Ok((stats, difficulty))
            });
            match measured {
                Ok((stats, difficulty)) => {
                    self.measures = Some(Measures {
                        stats,
                        stamp_placed: grid.stamp().is_some(),
                        difficulty,
                    });
                }
                Err(refused) => {
                    self.search_failure = Some(refused.into());
                    return;
                }
            }
        }
        self.solved = Some(solved);
    }

    /// The work left to the caller (see [`Session::hand_out_work`]) that is due now, at most
    /// two jobs: measuring, from the end of carving until its outcome is installed; and the
    /// watched search's, starting it from the end of carving (or a new solver) until that is
    /// installed, then tracing its path from the end of the search until that is. Each is
    /// handed out again at every call until installed: [`Job::is`] tells one already sent.
    pub fn jobs(&self) -> Vec<Job> {
        let Stage::Carved { maze, .. } = &self.stage else {
            return Vec::new();
        };
        let job = |work| Job {
            maze: Arc::clone(maze),
            search: self.searches,
            work,
        };
        let mut jobs = Vec::new();
        if !self.measure_here && self.measures.is_none() {
            jobs.push(job(Work::Measure));
        }
        if !self.search_here && self.phase() == Phase::Solving {
            match &self.search {
                None if self.refused_start == Some(self.searches) => {}
                None => jobs.push(job(Work::Start {
                    solver: self.solver,
                    entry: self.entry,
                    exit: self.exit,
                })),
                // A search that failed has nothing to trace (see `Session::failure`).
                Some(_) if self.search_failure.is_some() => {}
                Some(search) if search.is_done() => jobs.push(job(Work::Trace(Arc::clone(search)))),
                Some(_) => {}
            }
        }
        jobs
    }

    /// Says that `job`, a search's start, was refused its memory ([`Job::try_run`] failed):
    /// [`Session::jobs`] no longer hands it out, so a caller does not retry it at every call;
    /// the session stays solving, with no search, until another is started (a solver picked,
    /// see [`Session::resolve_with`]). Returns `false`, and changes nothing, for another maze's
    /// job, another search's, or one that is not a start.
    pub fn start_refused(&mut self, job: &Job) -> bool {
        let Stage::Carved { maze, .. } = &self.stage else {
            return false;
        };
        let this = Arc::ptr_eq(maze, &job.maze) && job.search == self.searches;
        if !this || !job.is_start() || self.search.is_some() {
            return false;
        }
        self.refused_start = Some(self.searches);
        true
    }

    /// Whether the watched search's start was refused its memory (see
    /// [`Session::start_refused`]).
    pub fn is_start_refused(&self) -> bool {
        self.refused_start == Some(self.searches)
    }

    /// Takes the outcome a done [`Job`] carries (see [`Job::run`]): the maze is measured, or
    /// the search starts being animated, or, traced, is done. Returns `false`, and changes
    /// nothing, if it was for another maze or search (a solver picked since, say), installed
    /// already, or not run; what it holds is then garbage (see [`Session::take_garbage`]).
    pub fn install(&mut self, done: Job) -> bool {
        let Stage::Carved { maze, .. } = &self.stage else {
            self.discard(done);
            return false;
        };
        if !Arc::ptr_eq(maze, &done.maze) {
            // The last hold on another maze, maybe.
            self.discard(done);
            return false;
        }
        let this_search = done.search == self.searches && self.solved.is_none();
        let Work::Done(outcome) = done.work else {
            self.discard(done);
            return false;
        };
        match outcome {
            Outcome::Measured(measured) if self.measures.is_none() => {
                let maze = carved(&self.stage);
                maze.know_solution(measured.shortest);
                maze.know_stats(measured.stats.clone());
                maze.know_difficulty(measured.difficulty.clone());
                self.measures = Some(Measures {
                    stats: measured.stats,
                    stamp_placed: maze.grid().stamp().is_some(),
                    difficulty: measured.difficulty,
                });
                true
            }
            Outcome::Started(search) if this_search && self.search.is_none() => {
                let taken = search.lock().unwrap_or_else(|e| e.into_inner()).take();
                match taken {
                    Some(search) => {
                        self.search = Some(Arc::from(search));
                        true
                    }
                    None => false,
                }
            }
            Outcome::Traced(solved)
                if this_search && self.search.as_ref().is_some_and(|s| s.is_done()) =>
            {
                self.record(solved);
                true
            }
            Outcome::TraceRefused(refused)
                if this_search && self.search.as_ref().is_some_and(|s| s.is_done()) =>
            {
                self.search_failure = Some(refused.into());
                true
            }
            outcome => {
                self.discard(outcome);
                false
            }
        }
    }

    /// The finished maze, shared: `Some` once it is carved and measured (so its shortest path
    /// and statistics are known), whatever solver is still being watched.
    pub fn maze(&self) -> Option<&Arc<Maze>> {
        match &self.stage {
            Stage::Carved { maze, .. } if self.measures.is_some() => Some(maze),
            _ => None,
        }
    }

    /// The maze as carved so far (the finished maze once carved).
    pub fn grid(&self) -> &Grid {
        match &self.stage {
            Stage::Carving(generator) => generator.grid(),
            Stage::Carved { maze, .. } => maze.grid(),
            Stage::Moving => unreachable!("never seen outside end_carving"),
        }
    }

    /// What the maze is made from.
    pub fn options(&self) -> &MazeOptions {
        match &self.stage {
            Stage::Carving(generator) => generator.options(),
            Stage::Carved { maze, .. } => maze.options(),
            Stage::Moving => unreachable!("never seen outside end_carving"),
        }
    }

    /// Where the path starts.
    pub fn entry(&self) -> Pos {
        self.entry
    }

    /// Where the path ends.
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// Generator steps taken so far.
    pub fn carving_steps(&self) -> u64 {
        match &self.stage {
            Stage::Carving(generator) => generator.steps(),
            Stage::Carved { steps, .. } => *steps,
            Stage::Moving => unreachable!("never seen outside end_carving"),
        }
    }

    /// The kind of work the next step does, only to compare with another call's: the phase,
    /// and braiding's pass. Steps of one kind cost about the same (listing a cell's dead ends,
    /// say, costs a tenth of opening one): [`Session::advance`] stops where the kind changes,
    /// since the new kind's steps may cost more, and a caller timing steps starts again there.
    pub fn step_kind(&self) -> impl Copy + Eq + fmt::Debug + use<> {
        match (&self.stage, self.phase()) {
            (Stage::Carving(generator), _) => generator.step_kind(),
            (_, Phase::Solving) => StepKind::SEARCH,
            _ => StepKind::NONE,
        }
    }

    /// Cells carved so far and cells to carve, for the progress gauge.
    pub fn carving_progress(&self) -> (u64, u64) {
        match &self.stage {
            Stage::Carving(generator) => (generator.visited(), generator.open_cells()),
            _ => {
                let open = self.grid().open_cell_count();
                (open, open)
            }
        }
    }

    /// Whether the generator has moved on to opening dead ends.
    pub fn is_braiding(&self) -> bool {
        matches!(&self.stage, Stage::Carving(generator) if generator.is_braiding())
    }

    /// Roughly how many steps `phase` takes, to pace the animation: what the algorithm
    /// expects for carving, plus about one and a half a cell for braiding; a search reaches at
    /// most every cell.
    pub fn estimated_steps(&self, phase: Phase) -> u64 {
        let cells = self.grid().open_cell_count();
        let carving = match &self.stage {
            Stage::Carving(generator) => generator.estimated_carving_steps(),
            _ => cells,
        };
        match phase {
            Phase::Carving if self.options().perfect => carving,
            // Braiding looks at every cell to list the dead ends, then shuffles them and opens
            // them: a tenth to a third of the cells each, depending on the algorithm.
            Phase::Carving => carving + cells + cells / 2,
            Phase::Solving => cells,
            Phase::Done => 0,
        }
    }

    /// The moving marker: the carving head while carving, the searcher's position (for the
    /// solvers that have one) while solving.
    pub fn head(&self) -> Option<Pos> {
        match (&self.stage, self.phase()) {
            (Stage::Carving(generator), _) => generator.head(),
            (_, Phase::Solving) => self.search_head(),
            _ => None,
        }
    }

    /// Whether the generator is joining the islands its algorithm left.
    pub fn is_linking(&self) -> bool {
        matches!(&self.stage, Stage::Carving(generator) if generator.is_linking())
    }

    /// Whether a cell is unvisited, being carved or finished, for drawing the carving.
    pub fn cell_state(&self, pos: Pos) -> CellState {
        match &self.stage {
            Stage::Carving(generator) => generator.cell_state(pos),
            _ if self.grid().is_locked(pos) => CellState::Unvisited,
            _ => CellState::Finished,
        }
    }

    /// How a cell looks to the search, while solving and after.
    pub fn search_state(&self, pos: Pos) -> SearchState {
        self.search
            .as_ref()
            .map_or(SearchState::Unseen, |s| s.cell_state(pos))
    }

    /// The searcher's own position (a wall follower's walker, DFS's stack top), while solving.
    pub(crate) fn search_head(&self) -> Option<Pos> {
        self.search.as_ref().filter(|s| !s.is_done())?.head()
    }

    /// Cells the search has visited so far (0 before it starts).
    pub fn searched(&self) -> u64 {
        self.search.as_ref().map_or(0, |s| s.visited())
    }

    /// The shortest path: the one the maze file records, whichever solver is watched. Known
    /// once the maze is measured (or as soon as BFS, which finds it, has been watched).
    pub fn solution(&self) -> Option<&Solution> {
        match &self.stage {
            Stage::Carved { maze, .. } => maze.known_solution().flatten(),
            _ => None,
        }
    }

    /// The path the watched solver found, once it is done.
    pub fn shown_path(&self) -> Option<&Solution> {
        self.solved.as_ref()?.path.as_ref()
    }

    /// The maze's measures, once measured.
    #[cfg(test)]
    pub(crate) fn measures(&self) -> Option<&Measures> {
        self.measures.as_ref()
    }

    /// The maze's statistics (dead ends, junctions, loops, corridors, the shortest path's
    /// share), once measured: measured once, whatever solves it, off the caller's thread for a
    /// big maze handing out its work.
    pub fn stats(&self) -> Option<&MazeStats> {
        self.measures.as_ref().map(|m| &m.stats)
    }

    /// How hard the maze's solution is to find, once measured with [`Session::stats`]; `None`
    /// before, and for a maze without a solution.
    pub fn difficulty(&self) -> Option<&Difficulty> {
        self.measures.as_ref()?.difficulty.as_ref()
    }

    /// How each solver that has run on this maze did.
    pub fn runs(&self) -> &[SolverRun] {
        &self.runs
    }

    /// Whether `pos` is on the watched solver's path (always false before it is done).
    pub fn on_path(&self, pos: Pos) -> bool {
        self.solved.as_ref().is_some_and(|s| {
            let i = self.grid().index(pos);
            s.on_path[i / 64] & (1 << (i % 64)) != 0
        })
    }
}

/// The shared maze of a session past carving.
fn carved(stage: &Stage) -> &Maze {
    match stage {
        Stage::Carved { maze, .. } => maze,
        _ => unreachable!("only called once carving is over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shortest_path;

    #[test]
    fn an_exit_outside_and_bad_options_are_each_one_variant_of_error() {
        let options = MazeOptions::new(5, 4);
        let outside =
            Session::new(options.clone(), Pos::new(0, 0), Pos::new(5, 0), Solver::Bfs).unwrap_err();
        assert!(
            matches!(outside, Error::Outside { end: "exit", pos, width: 5, height: 4 } if pos == Pos::new(5, 0)),
            "{outside:?}"
        );
        assert_eq!(outside.to_string(), "exit cell 5,0 is outside the 5x4 maze");
        let entry =
            Session::new(options.clone(), Pos::new(0, 9), Pos::new(4, 3), Solver::Bfs).unwrap_err();
        assert_eq!(entry.to_string(), "entry cell 0,9 is outside the 5x4 maze");
        let bad = Session::new(
            options.braid(2.0),
            Pos::new(0, 0),
            Pos::new(4, 3),
            Solver::Bfs,
        )
        .unwrap_err();
        assert!(matches!(bad, Error::Braid(_)), "{bad}");
    }

    fn session(width: u32, height: u32, perfect: bool) -> Session {
        let options = MazeOptions::new(width, height).seed(7).perfect(perfect);
        Session::new(
            options,
            Pos::new(0, 0),
            Pos::new(width - 1, height - 1),
            Solver::Bfs,
        )
        .unwrap()
    }

    #[test]
    fn goes_through_carving_then_solving_then_done() {
        let mut maze = session(12, 9, true);
        assert_eq!(maze.phase(), Phase::Carving);
        assert_eq!(maze.advance(5), 5);
        assert_eq!(maze.phase(), Phase::Carving);
        while maze.phase() == Phase::Carving {
            maze.advance(7);
        }
        assert_eq!(maze.phase(), Phase::Solving);
        assert_eq!(maze.searched(), 1);
        while maze.phase() == Phase::Solving {
            assert!(maze.advance(3) <= 3);
        }
        assert_eq!(maze.phase(), Phase::Done);
        assert_eq!(maze.advance(100), 0);
    }

    #[test]
    fn stepping_and_finishing_give_the_headless_maze_and_path() {
        for perfect in [true, false] {
            let options = MazeOptions::new(15, 11).seed(99).perfect(perfect);
            let headless = Generator::generate_grid(options.clone()).unwrap();
            let (entry, exit) = (Pos::new(0, 0), Pos::new(14, 10));
            let expected_path = shortest_path(&headless, entry, exit).unwrap();

            let mut stepped = Session::new(options.clone(), entry, exit, Solver::Bfs).unwrap();
            while stepped.phase() != Phase::Done {
                stepped.advance(13);
            }
            let mut finished = Session::new(options, entry, exit, Solver::Bfs).unwrap();
            finished.advance(10);
            finished.finish();

            for maze in [&stepped, &finished] {
                assert_eq!(maze.grid(), &headless);
                assert_eq!(maze.solution(), Some(&expected_path));
            }
        }
    }

    #[test]
    fn finishing_counts_the_steps_as_stepping_does() {
        let mut stepped = session(14, 10, false);
        while stepped.phase() == Phase::Carving {
            stepped.advance(5);
        }
        let mut finished = session(14, 10, false);
        finished.advance(3);
        finished.finish();
        assert!(stepped.carving_steps() > 0);
        assert_eq!(finished.carving_steps(), stepped.carving_steps());
    }

    #[test]
    fn a_replaying_session_carries_on_from_its_generator() {
        let options = MazeOptions::new(12, 9).seed(7);
        let mut generator = Generator::build(options.clone()).unwrap();
        generator.run_steps(40);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(11, 8));
        let mut replay = Session::replaying(generator, entry, exit, Solver::Bfs);
        assert_eq!(replay.carving_steps(), 40);
        assert!(replay.generator().is_some());
        replay.finish();
        assert!(replay.generator().is_none());
        assert_eq!(replay.grid(), &Generator::generate_grid(options).unwrap());
    }

    #[test]
    fn measures_the_finished_maze() {
        let mut maze = session(20, 15, true);
        assert_eq!(maze.measures(), None);
        maze.finish();
        let grid = maze.grid().clone();
        let measures = maze.measures().unwrap();
        assert_eq!(measures.stats, MazeStats::measure(&grid, maze.solution()));
        assert_eq!(measures.stats.loops, 0);
        assert!(measures.stamp_placed);
        assert_eq!(
            maze.shown_path(),
            maze.solution(),
            "BFS shows the shortest path"
        );

        let mut small = session(5, 4, false);
        small.finish();
        assert!(!small.measures().unwrap().stamp_placed);
        assert!(small.measures().unwrap().stats.loops > 0);
    }

    #[test]
    fn marks_exactly_the_path_cells() {
        let mut maze = session(10, 8, true);
        assert!(!maze.on_path(Pos::new(0, 0)));
        maze.finish();
        let grid = maze.grid().clone();
        let path: Vec<Pos> = maze.solution().unwrap().cells(&grid).collect();
        for pos in grid.positions() {
            assert_eq!(maze.on_path(pos), path.contains(&pos), "{pos}");
        }
    }

    #[test]
    fn estimates_a_few_steps_per_cell() {
        for perfect in [true, false] {
            let mut maze = session(30, 20, perfect);
            let estimate = maze.estimated_steps(Phase::Carving);
            maze.advance(u64::MAX);
            let taken = maze.carving_steps();
            assert!(
                taken <= estimate && taken * 2 >= estimate,
                "perfect {perfect}: {taken} vs {estimate}"
            );
        }
    }

    #[test]
    fn rejects_an_exit_outside_the_maze() {
        let options = MazeOptions::new(5, 5);
        assert!(Session::new(options, Pos::new(0, 0), Pos::new(5, 0), Solver::Bfs).is_err());
    }

    #[test]
    fn any_solver_is_watched_but_the_shortest_path_is_kept() {
        let options = MazeOptions::new(21, 13).seed(5).perfect(false);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 12));
        let headless = Generator::generate_grid(options.clone()).unwrap();
        let shortest = shortest_path(&headless, entry, exit).unwrap();
        for &solver in Solver::ALL {
            let mut maze = Session::new(options.clone(), entry, exit, solver).unwrap();
            maze.finish();
            assert_eq!(maze.solver(), solver);
            assert_eq!(
                maze.solution(),
                Some(&shortest),
                "{solver}: the file's path"
            );
            let [run] = maze.runs() else {
                panic!("{solver}: one run recorded, got {:?}", maze.runs());
            };
            assert_eq!(run.solver, solver);
            assert_eq!(
                run.path_len,
                maze.shown_path().map(Solution::len),
                "{solver}"
            );
            assert!(run.visited > 0, "{solver}");
        }
    }

    #[test]
    fn resolving_animates_the_next_solver_and_keeps_every_result() {
        let mut maze = session(15, 11, true);
        // Picked while carving: that solver runs when carving ends.
        maze.resolve_with(Solver::Dfs);
        assert_eq!(maze.phase(), Phase::Carving);
        maze.finish();
        assert_eq!(maze.runs().len(), 1);
        let shortest = maze.solution().cloned();
        maze.resolve_with(Solver::LeftHand);
        assert_eq!(maze.phase(), Phase::Solving);
        assert_eq!(maze.searched(), 1);
        assert_eq!(
            maze.head(),
            Some(maze.entry()),
            "the walker starts at the entry"
        );
        while maze.phase() == Phase::Solving {
            maze.advance(5);
        }
        let solvers: Vec<Solver> = maze.runs().iter().map(|r| r.solver).collect();
        assert_eq!(solvers, [Solver::Dfs, Solver::LeftHand]);
        // A perfect maze has one path: every solver finds it.
        assert_eq!(maze.shown_path().cloned(), shortest);
        assert_eq!(maze.solution().cloned(), shortest);
        // Running a solver again replaces its row.
        maze.resolve_with(Solver::Dfs);
        maze.finish();
        assert_eq!(maze.runs().len(), 2);
        assert_eq!(maze.runs()[1].solver, Solver::Dfs);
    }

    #[test]
    fn hands_out_the_finished_maze_sharing_its_grid() {
        let mut maze = session(12, 9, true);
        assert!(maze.maze().is_none());
        maze.advance(20);
        assert!(maze.maze().is_none(), "not while carving");
        maze.finish();
        let finished = Arc::clone(maze.maze().expect("carved, solved and measured"));
        assert!(
            std::ptr::eq(finished.grid(), maze.grid()),
            "shared, not copied"
        );
        assert_eq!(finished.options(), maze.options());
        assert_eq!(
            (finished.entry(), finished.exit()),
            (maze.entry(), maze.exit())
        );
        assert_eq!(finished.known_solution(), Some(maze.solution()));
        assert_eq!(
            finished.known_stats(),
            Some(&maze.measures().unwrap().stats)
        );
        let headless = Maze::generate(maze.options().clone(), maze.entry(), maze.exit()).unwrap();
        assert_eq!(*finished, headless);
        assert_eq!(finished.solution(), headless.solution());
        let difficulty = maze.measures().unwrap().difficulty.as_ref();
        assert!(difficulty.is_some(), "measured here with the rest");
        assert_eq!(difficulty, headless.difficulty());
        // A new solver keeps the maze.
        maze.resolve_with(Solver::Dfs);
        assert!(Arc::ptr_eq(maze.maze().unwrap(), &finished));
    }

    /// The measuring job among `maze`'s jobs.
    fn measure_job(maze: &Session) -> Option<Job> {
        maze.jobs().into_iter().find(Job::measures)
    }

    /// The search's job among `maze`'s jobs.
    fn search_job(maze: &Session) -> Option<Job> {
        maze.jobs().into_iter().find(|job| !job.measures())
    }

    #[test]
    fn the_measuring_is_handed_out_once_carved_and_its_outcome_installed() {
        let options = MazeOptions::new(21, 13).seed(5).perfect(false);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 12));
        for solver in [Solver::Bfs, Solver::Dfs] {
            let mut maze = Session::new(options.clone(), entry, exit, solver)
                .unwrap()
                .hand_out_work();
            assert!(maze.jobs().is_empty(), "nothing to hand out while carving");
            while maze.phase() == Phase::Carving {
                maze.advance(50);
            }
            let job = measure_job(&maze).expect("carved: the job is out");
            assert!(!job.is_start());
            assert!(!maze.install(job.clone()), "a job not run is not installed");
            assert!(maze.jobs().iter().any(|j| j.is(&job)), "and is still due");
            // The job runs anywhere (here: another thread) while the search goes on.
            let measured = std::thread::spawn(move || job.run()).join().unwrap();
            maze.finish();
            assert_eq!(maze.phase(), Phase::Done);
            assert_eq!(maze.measures(), None, "{solver}: not measured here");
            assert!(maze.maze().is_none());
            assert_eq!(maze.jobs().len(), 1, "only the measuring is left");
            assert!(maze.install(measured.clone()));
            assert!(!maze.install(measured), "installed once");
            assert!(maze.jobs().is_empty());
            let headless = Maze::generate(options.clone(), entry, exit).unwrap();
            assert_eq!(maze.solution(), headless.solution(), "{solver}");
            assert_eq!(&maze.measures().unwrap().stats, headless.stats());
            let difficulty = maze.measures().unwrap().difficulty.as_ref();
            assert!(difficulty.is_some(), "{solver}: measured by the job");
            assert_eq!(difficulty, headless.difficulty(), "{solver}");
            assert_eq!(maze.maze().unwrap().difficulty(), difficulty, "{solver}");
            assert!(maze.maze().is_some());
        }
    }

    #[test]
    fn a_measure_of_another_maze_is_refused() {
        let mut first = session(9, 7, true).hand_out_work();
        first.finish();
        let stale = measure_job(&first).unwrap().run();
        let mut second = session(9, 7, true).hand_out_work();
        second.finish();
        assert!(!second.install(stale), "same options, but another maze");
        assert!(second.measures().is_none());
    }

    /// Steps `maze` (whose work is handed out) until it is done, running each search job as
    /// it comes, on another thread; returns how many jobs ran.
    fn solve_handing_out(maze: &mut Session) -> usize {
        let mut jobs = 0;
        while maze.phase() != Phase::Done {
            maze.advance(17);
            if let Some(job) = search_job(maze) {
                let searched = std::thread::spawn(move || job.run()).join().unwrap();
                assert!(maze.install(searched.clone()));
                assert!(!maze.install(searched), "installed once");
                jobs += 1;
            }
        }
        jobs
    }

    #[test]
    fn handing_out_work_gives_the_same_maze_search_and_path() {
        for solver in [Solver::Bfs, Solver::AStar, Solver::Dfs, Solver::LeftHand] {
            let options = MazeOptions::new(21, 13).seed(5).perfect(false);
            let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 12));
            let mut here = Session::new(options.clone(), entry, exit, solver).unwrap();
            while here.phase() != Phase::Done {
                here.advance(17);
            }
            let mut maze = Session::new(options, entry, exit, solver)
                .unwrap()
                .hand_out_work();
            assert!(
                search_job(&maze).is_none(),
                "nothing handed out while carving"
            );
            while maze.phase() == Phase::Carving {
                maze.advance(17);
            }
            let start = search_job(&maze).expect("carved: the search's start is out");
            assert!(start.is_start());
            assert_eq!(maze.advance(100), 0, "no search to step yet");
            assert!(
                search_job(&maze).unwrap().is(&start),
                "the same job until installed"
            );
            assert_eq!(
                solve_handing_out(&mut maze),
                2,
                "{solver}: started, then traced"
            );
            assert!(search_job(&maze).is_none());
            assert_eq!(maze.grid(), here.grid());
            assert_eq!(maze.shown_path(), here.shown_path(), "{solver}");
            assert_eq!(maze.runs(), here.runs(), "{solver}");
            let cells = (0..13).flat_map(|y| (0..21).map(move |x| Pos::new(x, y)));
            for pos in cells {
                assert_eq!(maze.on_path(pos), here.on_path(pos), "{solver} {pos}");
                assert_eq!(
                    maze.search_state(pos),
                    here.search_state(pos),
                    "{solver} {pos}"
                );
            }
        }
    }

    #[test]
    fn search_results_of_a_replaced_search_or_another_maze_are_refused() {
        let mut maze = session(12, 9, true).hand_out_work();
        while maze.phase() == Phase::Carving {
            maze.advance(50);
        }
        let stale = search_job(&maze).unwrap().run();
        maze.resolve_with(Solver::Dfs);
        assert!(!maze.install(stale), "a search of the solver before");
        assert_eq!(maze.searched(), 0);
        let mut other = session(12, 9, true).hand_out_work();
        while other.phase() == Phase::Carving {
            other.advance(50);
        }
        let foreign = search_job(&other).unwrap().run();
        assert!(!maze.install(foreign), "same options, but another maze");
        solve_handing_out(&mut maze);
        // Solving again: the path traced for the last search is stale too.
        let mut trace = None;
        maze.resolve_with(Solver::Bfs);
        while maze.phase() != Phase::Done {
            maze.advance(50);
            if let Some(job) = search_job(&maze) {
                match job.is_start() {
                    true => assert!(maze.install(job.run())),
                    false => {
                        trace = Some(job.run());
                        maze.resolve_with(Solver::Dfs);
                        solve_handing_out(&mut maze);
                    }
                }
            }
        }
        assert!(!maze.install(trace.unwrap()));
        assert_eq!(maze.runs().last().unwrap().solver, Solver::Dfs);
    }

    #[test]
    fn what_a_session_is_done_with_is_handed_out_only_when_asked() {
        let mut kept = session(30, 20, true).hand_out_work();
        let mut freed = session(30, 20, true);
        for maze in [&mut kept, &mut freed] {
            while maze.phase() == Phase::Carving {
                maze.advance(50);
            }
        }
        assert!(!kept.take_garbage().is_empty(), "the carver's state");
        assert!(kept.take_garbage().is_empty(), "handed out once");
        solve_handing_out(&mut kept);
        kept.resolve_with(Solver::Dfs);
        assert!(!kept.take_garbage().is_empty(), "the replaced search");
        freed.finish();
        freed.resolve_with(Solver::Dfs);
        assert!(freed.take_garbage().is_empty());
    }
}
