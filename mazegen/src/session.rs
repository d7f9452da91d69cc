//! One maze's life: carved step by step, then solved step by step by the chosen solver, then
//! measured. It drives the same [`Generator`] and solvers as a one-shot run, so the finished maze
//! and its shortest path are exactly the ones [`Generator::generate`] and [`shortest_path`] give
//! for the same options, whichever solver is being watched. A UI animates it by calling
//! [`Session::advance`] with a budget of steps per frame.
//!
//! Once carving is over the grid never changes again: the session keeps it in a shared
//! [`Maze`], and hands that out ([`Session::maze`]) once the maze is solved and measured, so a
//! writer on another thread can have it without a copy.
//!
//! Measuring (the shortest path, whatever solver is watched, and the statistics) takes a few
//! passes over the whole maze: seconds for a billion cells. By default the session does it
//! itself when the watched search ends. [`Session::measure_elsewhere`] leaves it to the caller
//! instead: [`Session::measure_job`] hands out the work as soon as carving is over, to run on
//! another thread while the search is animated, and [`Session::install`] takes the result.

use std::sync::Arc;

mod error;

pub use error::SessionError;

use crate::config::Config;
use crate::generate::CellState;
use crate::maze::Maze;
use crate::solve::{Search, SearchState, Solver};
use crate::stats::MazeStats;
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
pub struct Measures {
    /// Dead ends, junctions, loops, corridors, the shortest path's share.
    pub stats: MazeStats,
    /// Whether the maze has its 42 (it may be too small, or have no room beside a courtyard).
    pub stamp_placed: bool,
}

/// How one solver did on this maze, to compare the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRun {
    pub solver: Solver,
    /// Cells the solver visited (its own count: see [`Search::visited`]).
    pub visited: u64,
    /// Steps of the path it found, if it found one.
    pub path_len: Option<usize>,
}

/// The watched solver's outcome.
#[derive(Clone, Debug)]
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

/// Measuring a carved maze, detached from its [`Session`] so that it can run on another
/// thread: see [`Session::measure_elsewhere`].
#[derive(Clone, Debug)]
pub struct MeasureJob {
    maze: Arc<Maze>,
}

impl MeasureJob {
    /// The maze to measure.
    pub fn maze(&self) -> &Arc<Maze> {
        &self.maze
    }

    /// Finds the shortest path and measures the maze: a few passes over every cell.
    pub fn run(&self) -> Measured {
        let maze = &self.maze;
        let shortest = match maze.known_solution() {
            Some(known) => known.cloned(),
            None => shortest_path(maze.grid(), maze.entry(), maze.exit()),
        };
        let stats = MazeStats::measure(maze.grid(), shortest.as_ref());
        Measured {
            maze: Arc::clone(maze),
            shortest,
            stats,
        }
    }
}

/// What a [`MeasureJob`] found, for [`Session::install`].
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    maze: Arc<Maze>,
    pub shortest: Option<Solution>,
    pub stats: MazeStats,
}

impl Measured {
    /// The maze measured.
    pub fn maze(&self) -> &Arc<Maze> {
        &self.maze
    }
}

#[derive(Debug)]
pub struct Session {
    stage: Stage,
    entry: Pos,
    exit: Pos,
    solver: Solver,
    search: Option<Box<dyn Search>>,
    solved: Option<Solved>,
    measures: Option<Measures>,
    /// The last run of each solver on this maze, in the order they finished.
    runs: Vec<SolverRun>,
    /// Whether the session measures the maze itself (see [`Session::measure_elsewhere`]).
    measure_here: bool,
}

impl Session {
    /// A maze about to be carved from `options`, to be solved by `solver` from `entry` to
    /// `exit`.
    pub fn new(
        options: MazeOptions,
        entry: Pos,
        exit: Pos,
        solver: Solver,
    ) -> Result<Session, SessionError> {
        let generator = Generator::new(options)?;
        if !generator.grid().contains(exit) {
            return Err(SessionError::ExitOutside {
                exit,
                width: generator.grid().width(),
                height: generator.grid().height(),
            });
        }
        Ok(Session {
            stage: Stage::Carving(Box::new(generator)),
            entry,
            exit,
            solver,
            search: None,
            solved: None,
            measures: None,
            runs: Vec::new(),
            measure_here: true,
        })
    }

    /// A session that shows `generator` where it is, to be solved by `solver` from `entry` to
    /// `exit` once carved: how a replayed moment of a carving (see [`crate::replay`]) is
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
        }
    }

    /// The generator, while carving: for a replay [`crate::Timeline`] to take checkpoints of.
    pub fn generator(&self) -> Option<&Generator> {
        match &self.stage {
            Stage::Carving(generator) => Some(generator),
            _ => None,
        }
    }

    /// The maze `config` describes, from `seed`: the one `--headless` makes for them.
    pub fn from_config(
        config: &Config,
        seed: u64,
        solver: Solver,
    ) -> Result<Session, SessionError> {
        Session::new(config.maze_options(seed), config.entry, config.exit, solver)
    }

    /// The same session, leaving the measuring to the caller: once carving is over,
    /// [`Session::measure_job`] hands it out (to run on another thread, say) and
    /// [`Session::install`] takes its result. Until then [`Session::measures`] and
    /// [`Session::maze`] are `None`, even once the maze is solved.
    pub fn measure_elsewhere(mut self) -> Session {
        self.measure_here = false;
        self
    }

    pub fn phase(&self) -> Phase {
        match (&self.search, &self.solved) {
            (_, Some(_)) => Phase::Done,
            (Some(_), None) => Phase::Solving,
            (None, None) => Phase::Carving,
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
            self.solved = None;
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
                let taken = generator.run_steps(budget);
                if generator.is_done() {
                    self.end_carving();
                }
                taken
            }
            Phase::Solving => {
                let grid = carved(&self.stage).grid();
                let search = self.search.as_mut().expect("solving has a search");
                let mut taken = 0;
                while taken < budget && !search.is_done() {
                    search.step(grid);
                    taken += 1;
                }
                if search.is_done() {
                    self.measure();
                }
                taken
            }
            Phase::Done => 0,
        }
    }

    /// Carves and solves whatever is left, at full speed.
    pub fn finish(&mut self) {
        if let Stage::Carving(generator) = &mut self.stage {
            // Counting the steps (which `run` does not) costs a little speed, and gives the
            // carving's length to a replay timeline and a race's table.
            generator.run_steps(u64::MAX);
            self.end_carving();
        }
        if self.phase() == Phase::Solving {
            let grid = carved(&self.stage).grid();
            self.search
                .as_mut()
                .expect("solving has a search")
                .run(grid);
            self.measure();
        }
    }

    /// Shares the finished grid, and starts the search.
    fn end_carving(&mut self) {
        let Stage::Carving(generator) = std::mem::replace(&mut self.stage, Stage::Moving) else {
            unreachable!("carving ends once")
        };
        let steps = generator.steps();
        let options = generator.options().clone();
        let maze = Maze::new(options, generator.into_grid(), self.entry, self.exit);
        self.stage = Stage::Carved {
            maze: Arc::new(maze),
            steps,
        };
        self.start_search();
    }

    fn start_search(&mut self) {
        let grid = carved(&self.stage).grid();
        self.search = Some(self.solver.start(grid, self.entry, self.exit));
    }

    /// Records the finished search, and measures the maze the first time (unless that is left
    /// to the caller).
    fn measure(&mut self) {
        let maze = carved(&self.stage);
        let grid = maze.grid();
        let search = self.search.as_ref().expect("measured after a search");
        let path = search.solution();
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
            self.measures = Some(Measures {
                stats: maze.stats().clone(),
                stamp_placed: grid.stamp().is_some(),
            });
        }
        let mut on_path = vec![0u64; grid.cell_count().div_ceil(64)];
        for pos in path.iter().flat_map(|p| p.cells(grid)) {
            let i = grid.index(pos);
            on_path[i / 64] |= 1 << (i % 64);
        }
        self.solved = Some(Solved { path, on_path });
    }

    /// The measuring left to the caller (see [`Session::measure_elsewhere`]): `Some` from the
    /// end of carving until the result is installed.
    pub fn measure_job(&self) -> Option<MeasureJob> {
        match &self.stage {
            Stage::Carved { maze, .. } if !self.measure_here && self.measures.is_none() => {
                Some(MeasureJob {
                    maze: Arc::clone(maze),
                })
            }
            _ => None,
        }
    }

    /// Takes the result of a [`MeasureJob`]. Returns `false`, and changes nothing, if it
    /// measured another maze (or this one was measured already).
    pub fn install(&mut self, measured: Measured) -> bool {
        let Stage::Carved { maze, .. } = &self.stage else {
            return false;
        };
        if !Arc::ptr_eq(maze, &measured.maze) || self.measures.is_some() {
            return false;
        }
        maze.know_solution(measured.shortest);
        maze.know_stats(measured.stats.clone());
        self.measures = Some(Measures {
            stats: measured.stats,
            stamp_placed: maze.grid().stamp().is_some(),
        });
        true
    }

    /// The finished maze, shared: `Some` once it is carved and measured (so its shortest path
    /// and statistics are known), whatever solver is still being watched.
    pub fn maze(&self) -> Option<&Arc<Maze>> {
        match &self.stage {
            Stage::Carved { maze, .. } if self.measures.is_some() => Some(maze),
            _ => None,
        }
    }

    pub fn grid(&self) -> &Grid {
        match &self.stage {
            Stage::Carving(generator) => generator.grid(),
            Stage::Carved { maze, .. } => maze.grid(),
            Stage::Moving => unreachable!("never seen outside end_carving"),
        }
    }

    pub fn options(&self) -> &MazeOptions {
        match &self.stage {
            Stage::Carving(generator) => generator.options(),
            Stage::Carved { maze, .. } => maze.options(),
            Stage::Moving => unreachable!("never seen outside end_carving"),
        }
    }

    pub fn entry(&self) -> Pos {
        self.entry
    }

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
    /// expects for carving, plus a look at each cell for braiding; a search reaches at most
    /// every cell.
    pub fn estimated_steps(&self, phase: Phase) -> u64 {
        let cells = self.grid().open_cell_count();
        let carving = match &self.stage {
            Stage::Carving(generator) => generator.estimated_carving_steps(),
            _ => cells,
        };
        match phase {
            Phase::Carving if self.options().perfect => carving,
            Phase::Carving => carving + cells,
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
    pub fn search_head(&self) -> Option<Pos> {
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

    pub fn measures(&self) -> Option<&Measures> {
        self.measures.as_ref()
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
            let headless = Generator::generate(options.clone()).unwrap();
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
        let mut generator = Generator::new(options.clone()).unwrap();
        generator.run_steps(40);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(11, 8));
        let mut replay = Session::replaying(generator, entry, exit, Solver::Bfs);
        assert_eq!(replay.carving_steps(), 40);
        assert!(replay.generator().is_some());
        replay.finish();
        assert!(replay.generator().is_none());
        assert_eq!(replay.grid(), &Generator::generate(options).unwrap());
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
        let mut maze = session(30, 20, true);
        let estimate = maze.estimated_steps(Phase::Carving);
        maze.advance(u64::MAX);
        let taken = maze.carving_steps();
        assert!(
            taken <= estimate && taken * 2 >= estimate,
            "{taken} vs {estimate}"
        );
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
        let headless = Generator::generate(options.clone()).unwrap();
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
        // A new solver keeps the maze.
        maze.resolve_with(Solver::Dfs);
        assert!(Arc::ptr_eq(maze.maze().unwrap(), &finished));
    }

    #[test]
    fn measuring_elsewhere_hands_out_the_job_once_carved_and_installs_its_result() {
        let options = MazeOptions::new(21, 13).seed(5).perfect(false);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 12));
        for solver in [Solver::Bfs, Solver::Dfs] {
            let mut maze = Session::new(options.clone(), entry, exit, solver)
                .unwrap()
                .measure_elsewhere();
            assert!(
                maze.measure_job().is_none(),
                "nothing to measure while carving"
            );
            while maze.phase() == Phase::Carving {
                maze.advance(50);
            }
            let job = maze.measure_job().expect("carved: the job is out");
            // The job runs anywhere (here: another thread) while the search goes on.
            let measured = std::thread::spawn(move || job.run()).join().unwrap();
            maze.finish();
            assert_eq!(maze.phase(), Phase::Done);
            assert_eq!(maze.measures(), None, "{solver}: not measured here");
            assert!(maze.maze().is_none());
            assert!(maze.install(measured.clone()));
            assert!(!maze.install(measured), "installed once");
            assert!(maze.measure_job().is_none());
            let headless = Maze::generate(options.clone(), entry, exit).unwrap();
            assert_eq!(maze.solution(), headless.solution(), "{solver}");
            assert_eq!(&maze.measures().unwrap().stats, headless.stats());
            assert!(maze.maze().is_some());
        }
    }

    #[test]
    fn a_measure_of_another_maze_is_refused() {
        let mut first = session(9, 7, true).measure_elsewhere();
        first.finish();
        let stale = first.measure_job().unwrap().run();
        let mut second = session(9, 7, true).measure_elsewhere();
        second.finish();
        assert!(!second.install(stale), "same options, but another maze");
        assert!(second.measures().is_none());
    }
}
