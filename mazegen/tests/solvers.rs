//! Property tests: every solver, on any generated maze between any two cells, keeps its
//! promises: a simple path through open walls, the shortest for BFS, A* and dead-end filling,
//! the one path of a perfect maze for all of them, the wall followers giving up only on mazes
//! with loops, and a bounded number of steps.

use std::collections::HashSet;

use mazegen::{
    Generator, Grid, MazeOptions, Pos, SearchState, Searching, Solution, SolveEvent, Solver,
};
use proptest::prelude::*;

fn sizes() -> impl Strategy<Value = (u32, u32)> {
    // Up to 45x45, odd and even, with and without room for the 42 (9x7).
    (2u32..=45, 2u32..=45)
}

/// A cell of `grid` off the 42, picked by `at`.
fn open_cell(grid: &Grid, at: prop::sample::Index) -> Pos {
    let cells: Vec<Pos> = grid.positions().filter(|&p| !grid.is_locked(p)).collect();
    cells[at.index(cells.len())]
}

/// Asserts `path` goes from `from` to `to` through open walls only, never twice through a cell.
fn check_path(grid: &Grid, from: Pos, to: Pos, path: &Solution) -> Result<(), TestCaseError> {
    prop_assert_eq!(path.start(), from);
    let mut at = from;
    let mut seen = HashSet::from([from]);
    for &dir in path.dirs() {
        prop_assert!(
            grid.is_open(at, dir),
            "{}: the {} wall of {}",
            path,
            dir,
            at
        );
        at = grid.neighbour(at, dir).unwrap();
        prop_assert!(seen.insert(at), "{}: {} twice", path, at);
    }
    prop_assert_eq!(at, to);
    Ok(())
}

/// Steps `search` to the end, checking each step; returns whether it found the goal.
fn run(search: &mut Searching, grid: &Grid) -> Result<bool, TestCaseError> {
    let bound = 10 * grid.cell_count() as u64 + 10;
    let (mut steps, mut visited) = (0, search.visited());
    loop {
        let event = search.step();
        steps += 1;
        prop_assert!(steps <= bound, "{} steps", steps);
        prop_assert!(search.visited() >= visited);
        visited = search.visited();
        match event {
            SolveEvent::Visit { cell } | SolveEvent::Fill { cell } => {
                prop_assert!(!grid.is_locked(cell));
            }
            SolveEvent::Retreat { from, .. } => {
                prop_assert_eq!(search.cell_state(from), SearchState::Discarded);
            }
            SolveEvent::Done { found } => {
                prop_assert!(search.is_done());
                prop_assert_eq!(search.step(), SolveEvent::Done { found });
                return Ok(found);
            }
            other => prop_assert!(false, "an event no solver sends: {:?}", other),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_solver_finds_a_valid_path(
        (w, h) in sizes(),
        seed in any::<u64>(),
        perfect in any::<bool>(),
        from in any::<prop::sample::Index>(),
        to in any::<prop::sample::Index>(),
    ) {
        let grid = Generator::generate(MazeOptions::new(w, h).seed(seed).perfect(perfect)).unwrap();
        let (from, to) = (open_cell(&grid, from), open_cell(&grid, to));
        let shortest = grid.shortest_path(from, to).expect("generated mazes are connected");
        for &solver in Solver::ALL {
            let mut search = solver.search(&grid, from, to);
            let found = run(&mut search, &grid)?;
            let wall_follower = matches!(solver, Solver::LeftHand | Solver::RightHand);
            prop_assert!(found || (wall_follower && !perfect), "{} gave up", solver);
            let Some(path) = search.solution() else {
                prop_assert!(!found);
                continue;
            };
            check_path(&grid, from, to, &path)?;
            if perfect {
                prop_assert_eq!(&path, &shortest, "{}: the one path", solver);
            } else if matches!(solver, Solver::Bfs | Solver::AStar | Solver::DeadEndFilling) {
                prop_assert_eq!(path.len(), shortest.len(), "{}: a shortest path", solver);
            }
            for p in grid.positions().filter(|&p| grid.is_locked(p)) {
                prop_assert_eq!(search.cell_state(p), SearchState::Unseen);
            }
        }
    }

    #[test]
    fn stepping_and_running_agree((w, h) in sizes(), seed in any::<u64>(), perfect in any::<bool>()) {
        let grid = Generator::generate(MazeOptions::new(w, h).seed(seed).perfect(perfect)).unwrap();
        let (from, to) = (Pos::new(0, 0), Pos::new(w - 1, h - 1));
        for &solver in Solver::ALL {
            let mut stepped = solver.search(&grid, from, to);
            let found = run(&mut stepped, &grid)?;
            let mut ran = solver.search(&grid, from, to);
            prop_assert_eq!(ran.run().is_some(), found);
            prop_assert_eq!(ran.solution(), stepped.solution());
            prop_assert_eq!(ran.visited(), stepped.visited());
        }
    }
}
