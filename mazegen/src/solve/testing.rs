//! Mazes and checks the solvers' tests share.

use std::collections::HashSet;
use std::fmt;

use super::{Search, SearchState, Solution, SolveEvent};
use crate::geometry::{Dir, Pos};
use crate::grid::Grid;
use crate::{Generator, MazeOptions};

/// A generated maze and the two ends to solve it between.
#[derive(Clone)]
pub struct Maze {
    pub grid: Grid,
    pub from: Pos,
    pub to: Pos,
    pub perfect: bool,
    pub seed: u64,
}

impl fmt::Display for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.perfect { "perfect" } else { "board" };
        write!(
            f,
            "{}x{} {kind} seed {} from {} to {}",
            self.grid.width(),
            self.grid.height(),
            self.seed,
            self.from,
            self.to
        )
    }
}

pub fn generate(width: u32, height: u32, seed: u64, perfect: bool) -> Grid {
    let options = MazeOptions::new(width, height).seed(seed).perfect(perfect);
    Generator::generate_grid(options).expect("valid options")
}

/// Perfect mazes and boards (with loops) from 2x2 to 40x30, the 42 in those from 9x7, solved
/// corner to corner, between inner cells, backwards, and from a cell to itself.
pub fn mazes() -> Vec<Maze> {
    let mut mazes = Vec::new();
    for (width, height) in [
        (2, 2),
        (3, 2),
        (2, 5),
        (5, 4),
        (9, 7),
        (12, 9),
        (20, 15),
        (40, 30),
    ] {
        for perfect in [true, false] {
            for seed in [1, 42] {
                let grid = generate(width, height, seed, perfect);
                let corner = Pos::new(width - 1, height - 1);
                // An inner cell, or the next one off the 42.
                let inner = grid
                    .positions()
                    .skip(grid.index(Pos::new(width / 3, height * 2 / 3)))
                    .find(|&p| !grid.is_locked(p))
                    .unwrap();
                let ends = [
                    (Pos::new(0, 0), corner),
                    (corner, Pos::new(0, 0)),
                    (Pos::new(width - 1, 0), inner),
                    (inner, inner),
                ];
                for (from, to) in ends {
                    mazes.push(Maze {
                        grid: grid.clone(),
                        from,
                        to,
                        perfect,
                        seed,
                    });
                }
            }
        }
    }
    mazes
}

/// A `width` x `height` room without inner walls (and without the 42).
pub fn open_room(width: u32, height: u32) -> Grid {
    let mut grid = Grid::with_stamp(width, height, None).unwrap();
    for p in grid.positions() {
        grid.set_wall(p, Dir::East, false);
        grid.set_wall(p, Dir::South, false);
    }
    grid
}

/// Steps `search` to the end, checking what every solver promises on the way: one event a
/// step, only open cells (never the 42), `visited` never decreasing, a bounded number of
/// steps, `Done` for good at the end, and a found path that is simple, goes from `from` to
/// `to`, and only through open walls. Returns whether the goal was found.
pub fn run_checked(search: &mut dyn Search, maze: &Maze) -> bool {
    let grid = &maze.grid;
    let bound = 10 * grid.cell_count() as u64 + 10;
    let mut visited = search.visited();
    let mut steps = 0;
    let found = loop {
        let event = search.step(grid);
        steps += 1;
        assert!(steps <= bound, "{maze}: {steps} steps and counting");
        let now = search.visited();
        assert!(
            now >= visited,
            "{maze}: visited went from {visited} to {now}"
        );
        visited = now;
        match event {
            SolveEvent::Visit { cell } | SolveEvent::Fill { cell } => {
                assert!(!grid.is_locked(cell), "{maze}: {event:?} on the 42");
                assert_ne!(search.cell_state(cell), SearchState::Unseen, "{event:?}");
            }
            SolveEvent::Retreat { from, to } => {
                assert!(
                    adjacent_open(grid, from, to),
                    "{maze}: {event:?} through a wall"
                );
                assert_eq!(search.cell_state(from), SearchState::Discarded, "{event:?}");
            }
            SolveEvent::Done { found } => break found,
        }
        assert!(!search.is_done(), "{maze}: done after {event:?}");
    };
    assert!(search.is_done());
    assert_eq!(search.step(grid), SolveEvent::Done { found });
    assert_eq!(search.visited(), visited);
    match search.solution() {
        Some(path) => {
            assert!(found, "{maze}: a solution without finding the goal");
            check_path(grid, maze.from, maze.to, &path);
        }
        None => assert!(!found, "{maze}: found but no solution"),
    }
    if maze.from == maze.to {
        assert!(found, "{maze}: a cell reaches itself");
        assert_eq!(search.solution().unwrap().len(), 0);
    }
    for p in grid.positions().filter(|&p| grid.is_locked(p)) {
        assert_eq!(
            search.cell_state(p),
            SearchState::Unseen,
            "{maze}: 42 cell {p}"
        );
    }
    found
}

fn adjacent_open(grid: &Grid, a: Pos, b: Pos) -> bool {
    Dir::ALL
        .into_iter()
        .any(|d| grid.neighbour(a, d) == Some(b) && grid.is_open(a, d))
}

/// Asserts `path` goes from `from` to `to` through open walls only, never twice through a cell.
pub fn check_path(grid: &Grid, from: Pos, to: Pos, path: &Solution) {
    assert_eq!(path.start(), from);
    let mut at = from;
    let mut seen = HashSet::from([from]);
    for &dir in path.dirs() {
        assert!(
            grid.is_open(at, dir),
            "{path}: through the {dir} wall of {at}"
        );
        at = grid.neighbour(at, dir).unwrap();
        assert!(seen.insert(at), "{path}: {at} twice");
    }
    assert_eq!(at, to, "{path} ends elsewhere");
}

/// Every event of a stepped search, and its `visited` count after each.
pub fn trace(search: &mut dyn Search, grid: &Grid) -> Vec<(SolveEvent, u64)> {
    let mut events = Vec::new();
    loop {
        let event = search.step(grid);
        events.push((event, search.visited()));
        if let SolveEvent::Done { .. } = event {
            return events;
        }
    }
}

/// `solver` finds a shortest path on every test maze, as BFS does, and on a perfect maze the
/// very path BFS finds (the only one).
pub fn assert_finds_shortest_paths(solver: super::Solver) {
    for maze in mazes() {
        let mut search = solver.start(&maze.grid, maze.from, maze.to);
        let found = run_checked(search.as_mut(), &maze);
        let bfs = crate::shortest_path(&maze.grid, maze.from, maze.to);
        assert_eq!(found, bfs.is_some(), "{solver} {maze}");
        let solution = search.solution();
        assert_eq!(
            solution.as_ref().map(Solution::len),
            bfs.as_ref().map(Solution::len),
            "{solver} {maze}"
        );
        if maze.perfect {
            assert_eq!(
                solution, bfs,
                "{solver} {maze}: a perfect maze has one path"
            );
        }
    }
}
