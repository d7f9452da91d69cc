//! One maze's life: carved step by step, then solved step by step by the chosen solver, then
//! measured. It drives the same [`Generator`] and solvers as a one-shot run, so the finished maze
//! and its shortest path are exactly the ones [`Generator::generate`] and [`shortest_path`] give
//! for the same options, whichever solver is being watched. A UI animates it by calling
//! [`Session::advance`] with a budget of steps per frame.

mod error;

pub use error::SessionError;

use crate::config::Config;
use crate::generate::CellState;
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
    /// Solved and measured.
    Done,
}

/// Numbers about a finished maze, measured once, whatever solves it.
#[derive(Clone, Debug, PartialEq)]
pub struct Measures {
    /// The shortest path from the entry to the exit: the one the maze file records (`None`:
    /// unreachable, a bug).
    pub shortest: Option<Solution>,
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

#[derive(Debug)]
pub struct Session {
    generator: Generator,
    entry: Pos,
    exit: Pos,
    solver: Solver,
    search: Option<Box<dyn Search>>,
    solved: Option<Solved>,
    measures: Option<Measures>,
    /// The last run of each solver on this maze, in the order they finished.
    runs: Vec<SolverRun>,
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
            generator,
            entry,
            exit,
            solver,
            search: None,
            solved: None,
            measures: None,
            runs: Vec::new(),
        })
    }

    /// The maze `config` describes, from `seed`: the one `--headless` makes for them.
    pub fn from_config(
        config: &Config,
        seed: u64,
        solver: Solver,
    ) -> Result<Session, SessionError> {
        Session::new(config.maze_options(seed), config.entry, config.exit, solver)
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
                let taken = self.generator.run_steps(budget);
                if self.generator.is_done() {
                    self.start_search();
                }
                taken
            }
            Phase::Solving => {
                let grid = self.generator.grid();
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
        if self.phase() == Phase::Carving {
            self.generator.run();
            self.start_search();
        }
        if self.phase() == Phase::Solving {
            let grid = self.generator.grid();
            self.search
                .as_mut()
                .expect("solving has a search")
                .run(grid);
            self.measure();
        }
    }

    fn start_search(&mut self) {
        let grid = self.generator.grid();
        self.search = Some(self.solver.start(grid, self.entry, self.exit));
    }

    /// Records the finished search, and measures the maze the first time.
    fn measure(&mut self) {
        let grid = self.generator.grid();
        let search = self.search.as_ref().expect("measured after a search");
        let path = search.solution();
        let run = SolverRun {
            solver: self.solver,
            visited: search.visited(),
            path_len: path.as_ref().map(Solution::len),
        };
        self.runs.retain(|r| r.solver != run.solver);
        self.runs.push(run);
        if self.measures.is_none() {
            // BFS finds a shortest path already; any other solver's path may be longer, and the
            // file records a shortest one.
            let shortest = match self.solver {
                Solver::Bfs => path.clone(),
                _ => shortest_path(grid, self.entry, self.exit),
            };
            self.measures = Some(Measures {
                stats: MazeStats::measure(grid, shortest.as_ref()),
                shortest,
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

    pub fn grid(&self) -> &Grid {
        self.generator.grid()
    }

    pub fn options(&self) -> &MazeOptions {
        self.generator.options()
    }

    pub fn entry(&self) -> Pos {
        self.entry
    }

    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// Generator steps taken so far.
    pub fn carving_steps(&self) -> u64 {
        self.generator.steps()
    }

    /// Cells carved so far and cells to carve, for the progress gauge.
    pub fn carving_progress(&self) -> (u64, u64) {
        (self.generator.visited(), self.generator.open_cells())
    }

    /// Whether the generator has moved on to opening dead ends.
    pub fn is_braiding(&self) -> bool {
        self.generator.is_braiding()
    }

    /// Roughly how many steps `phase` takes, to pace the animation: what the algorithm
    /// expects for carving, plus a look at each cell for braiding; a search reaches at most
    /// every cell.
    pub fn estimated_steps(&self, phase: Phase) -> u64 {
        let cells = self.generator.open_cells();
        let carving = self.generator.estimated_carving_steps();
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
        match self.phase() {
            Phase::Carving => self.generator.head(),
            Phase::Solving => self.search_head(),
            Phase::Done => None,
        }
    }

    /// Whether the generator is joining the islands its algorithm left.
    pub fn is_linking(&self) -> bool {
        self.generator.is_linking()
    }

    pub fn cell_state(&self, pos: Pos) -> CellState {
        self.generator.cell_state(pos)
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

    /// The shortest path: the one the maze file records, whichever solver is watched.
    pub fn solution(&self) -> Option<&Solution> {
        self.measures.as_ref()?.shortest.as_ref()
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
    fn measures_the_finished_maze() {
        let mut maze = session(20, 15, true);
        assert_eq!(maze.measures(), None);
        maze.finish();
        let grid = maze.grid().clone();
        let measures = maze.measures().unwrap();
        assert_eq!(measures.stats, MazeStats::measure(&grid, maze.solution()));
        assert_eq!(measures.stats.loops, 0);
        assert!(measures.stamp_placed);
        assert_eq!(measures.shortest.as_ref(), maze.solution());
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
}
