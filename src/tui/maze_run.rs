//! One maze's life in the dashboard: carved step by step, then solved step by step, then
//! measured. It drives the same [`Generator`] and [`Bfs`] as `--headless`, so the finished maze
//! and its path are exactly the ones the headless run writes for the same options.

use crate::config::Config;
use crate::generate::{CellState, GenError};
use crate::solve::Bfs;
use crate::{Generator, Grid, MazeOptions, Pos, Solution, stats};

/// Where a maze is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The generator is carving (or braiding).
    Carving,
    /// The maze is complete; the breadth-first search is looking for the exit.
    Solving,
    /// Solved and measured.
    Done,
}

/// Numbers about a finished maze, for the sidebar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measures {
    /// Steps of the shortest path from the entry to the exit (`None`: unreachable, a bug).
    pub path_len: Option<usize>,
    pub dead_ends: usize,
    pub loops: u64,
    /// Whether the maze was big enough for the 42.
    pub stamp_placed: bool,
}

#[derive(Clone, Debug)]
struct Solved {
    solution: Option<Solution>,
    /// One bit a cell: is it on the solution? Lets the canvas ask per visible cell in O(1).
    on_path: Vec<u64>,
    measures: Measures,
}

#[derive(Debug)]
pub struct MazeRun {
    generator: Generator,
    entry: Pos,
    exit: Pos,
    search: Option<Bfs>,
    solved: Option<Solved>,
}

impl MazeRun {
    /// A maze about to be carved from `options`, to be solved from `entry` to `exit`.
    pub fn new(options: MazeOptions, entry: Pos, exit: Pos) -> Result<MazeRun, GenError> {
        let generator = Generator::new(options)?;
        if !generator.grid().contains(exit) {
            return Err(GenError::ExitOutside {
                exit,
                width: generator.grid().width(),
                height: generator.grid().height(),
            });
        }
        Ok(MazeRun {
            generator,
            entry,
            exit,
            search: None,
            solved: None,
        })
    }

    /// The maze `config` describes, from `seed`: the one `--headless` makes for them.
    pub fn from_config(config: &Config, seed: u64) -> Result<MazeRun, GenError> {
        MazeRun::new(config.maze_options(seed), config.entry, config.exit)
    }

    pub fn phase(&self) -> Phase {
        match (&self.search, &self.solved) {
            (_, Some(_)) => Phase::Done,
            (Some(_), None) => Phase::Solving,
            (None, None) => Phase::Carving,
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
                let search = self.search.as_mut().expect("solving has a search");
                let mut taken = 0;
                while taken < budget && !search.is_done() {
                    search.step();
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
            self.search.as_mut().expect("solving has a search").run();
            self.measure();
        }
    }

    fn start_search(&mut self) {
        self.search = Some(Bfs::new(self.generator.grid(), self.entry, self.exit));
    }

    fn measure(&mut self) {
        let grid = self.generator.grid();
        let solution = self.search.as_ref().and_then(Bfs::solution);
        let mut on_path = vec![0u64; grid.cell_count().div_ceil(64)];
        if let Some(solution) = &solution {
            for pos in solution.cells(grid) {
                let i = grid.index(pos);
                on_path[i / 64] |= 1 << (i % 64);
            }
        }
        let measures = Measures {
            path_len: solution.as_ref().map(Solution::len),
            dead_ends: stats::dead_ends(grid),
            loops: stats::loops(grid),
            stamp_placed: grid.stamp().is_some(),
        };
        self.solved = Some(Solved {
            solution,
            on_path,
            measures,
        });
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

    pub fn head(&self) -> Option<Pos> {
        self.generator.head()
    }

    pub fn cell_state(&self, pos: Pos) -> CellState {
        self.generator.cell_state(pos)
    }

    /// The search, while solving and after.
    pub fn search(&self) -> Option<&Bfs> {
        self.search.as_ref()
    }

    /// Cells the search has reached so far (0 before it starts).
    pub fn searched(&self) -> u64 {
        self.search.as_ref().map_or(0, Bfs::visited)
    }

    pub fn solution(&self) -> Option<&Solution> {
        self.solved.as_ref()?.solution.as_ref()
    }

    pub fn measures(&self) -> Option<&Measures> {
        self.solved.as_ref().map(|s| &s.measures)
    }

    /// Whether `pos` is on the solution (always false before the maze is solved).
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

    fn run(width: u32, height: u32, perfect: bool) -> MazeRun {
        let options = MazeOptions::new(width, height).seed(7).perfect(perfect);
        MazeRun::new(options, Pos::new(0, 0), Pos::new(width - 1, height - 1)).unwrap()
    }

    #[test]
    fn goes_through_carving_then_solving_then_done() {
        let mut maze = run(12, 9, true);
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

            let mut stepped = MazeRun::new(options.clone(), entry, exit).unwrap();
            while stepped.phase() != Phase::Done {
                stepped.advance(13);
            }
            let mut finished = MazeRun::new(options, entry, exit).unwrap();
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
        let mut maze = run(20, 15, true);
        assert_eq!(maze.measures(), None);
        maze.finish();
        let grid = maze.grid().clone();
        let measures = maze.measures().unwrap();
        assert_eq!(measures.dead_ends, stats::dead_ends(&grid));
        assert_eq!(measures.loops, 0);
        assert!(measures.stamp_placed);
        assert_eq!(measures.path_len, maze.solution().map(Solution::len));

        let mut small = run(5, 4, false);
        small.finish();
        assert!(!small.measures().unwrap().stamp_placed);
        assert!(small.measures().unwrap().loops > 0);
    }

    #[test]
    fn marks_exactly_the_path_cells() {
        let mut maze = run(10, 8, true);
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
        let mut maze = run(30, 20, true);
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
        assert!(MazeRun::new(options, Pos::new(0, 0), Pos::new(5, 0)).is_err());
    }
}
