//! Tests of solutions and of what every solver shares.

use super::*;
use crate::{Generator, MazeOptions};

/// A 3x2 grid with a U-shaped corridor from (0,0) down, right twice and up to (2,0); (1,0)
/// is walled off.
fn u_shape() -> Grid {
    let mut grid = Grid::new(3, 2).unwrap();
    grid.set_wall(Pos::new(0, 0), Dir::South, false);
    grid.set_wall(Pos::new(0, 1), Dir::East, false);
    grid.set_wall(Pos::new(1, 1), Dir::East, false);
    grid.set_wall(Pos::new(2, 1), Dir::North, false);
    grid
}

#[test]
fn finds_the_only_way_round() {
    let grid = u_shape();
    let path = shortest_path(&grid, Pos::new(0, 0), Pos::new(2, 0)).unwrap();
    assert_eq!(path.to_string(), "SEEN");
    let cells: Vec<Pos> = path.cells(&grid).collect();
    assert_eq!(cells.first(), Some(&Pos::new(0, 0)));
    assert_eq!(cells.last(), Some(&Pos::new(2, 0)));
    assert_eq!(cells.len(), 5);
}

#[test]
fn prefers_the_shorter_of_two_ways() {
    let mut grid = u_shape();
    grid.set_wall(Pos::new(0, 0), Dir::East, false);
    grid.set_wall(Pos::new(1, 0), Dir::East, false);
    assert_eq!(
        shortest_path(&grid, Pos::new(0, 0), Pos::new(2, 0))
            .unwrap()
            .to_string(),
        "EE"
    );
}

#[test]
fn an_unreachable_goal_has_no_path() {
    let grid = u_shape();
    let walled = Grid::new(3, 2).unwrap();
    assert_eq!(shortest_path(&walled, Pos::new(0, 0), Pos::new(2, 0)), None);
    assert!(shortest_path(&grid, Pos::new(1, 0), Pos::new(0, 0)).is_none());
}

#[test]
fn steps_visit_each_reached_cell_once_then_finish() {
    let grid = u_shape();
    let mut bfs = Bfs::new(&grid, Pos::new(0, 0), Pos::new(2, 0));
    let mut expanded = Vec::new();
    let found = loop {
        match bfs.step() {
            SolveEvent::Visit { cell } => expanded.push(cell),
            SolveEvent::Done { found } => break found,
            other => panic!("BFS only visits: {other:?}"),
        }
    };
    assert!(found);
    assert_eq!(
        expanded,
        [
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(1, 1),
            Pos::new(2, 1)
        ]
    );
    assert_eq!(bfs.visited(), 5);
    assert!(bfs.is_done());
    assert_eq!(bfs.step(), SolveEvent::Done { found: true });
}

#[test]
fn a_flood_reaches_everything_and_paths_to_any_cell() {
    let grid = u_shape();
    let mut bfs = Bfs::flood(&grid, Pos::new(2, 0));
    assert!(!bfs.run(), "a flood has no goal to find");
    assert_eq!(bfs.visited(), 5);
    assert!(!bfs.reached(Pos::new(1, 0)));
    assert_eq!(bfs.path_to(Pos::new(0, 0)).unwrap().to_string(), "SWWN");
    assert_eq!(bfs.path_to(Pos::new(1, 0)), None);
    assert_eq!(bfs.solution(), None);
}

/// Every solver on every test maze.
fn every_run() -> impl Iterator<Item = (Solver, testing::Maze)> {
    testing::mazes()
        .into_iter()
        .flat_map(|maze| Solver::ALL.iter().map(move |&s| (s, maze.clone())))
}

#[test]
fn every_solver_walks_open_walls_to_the_goal_and_agrees_on_perfect_mazes() {
    for (solver, maze) in every_run() {
        let mut search = solver.start(&maze.grid, maze.from, maze.to);
        let found = testing::run_checked(search.as_mut(), &maze);
        let bfs = shortest_path(&maze.grid, maze.from, maze.to);
        let (solution, bfs_len) = (search.solution(), bfs.as_ref().map(Solution::len));
        if maze.perfect {
            assert!(found, "{solver} on {maze}");
            assert_eq!(solution, bfs, "{solver} on {maze}: the one path");
        } else if found {
            assert!(solution.as_ref().map(Solution::len) >= bfs_len);
        } else {
            assert!(
                matches!(solver, Solver::LeftHand | Solver::RightHand),
                "{solver} on {maze}"
            );
        }
        if matches!(solver, Solver::Bfs | Solver::AStar | Solver::DeadEndFilling) {
            let len = solution.as_ref().map(Solution::len);
            assert_eq!(len, bfs_len, "{solver} on {maze}: shortest");
        }
    }
}

#[test]
fn stepping_equals_running() {
    for (solver, maze) in every_run().step_by(3) {
        let mut stepped = solver.start(&maze.grid, maze.from, maze.to);
        let events = testing::trace(stepped.as_mut(), &maze.grid);
        let Some(&(SolveEvent::Done { found }, _)) = events.last() else {
            unreachable!()
        };
        let mut ran = solver.start(&maze.grid, maze.from, maze.to);
        assert_eq!(ran.run(&maze.grid), found, "{solver} on {maze}");
        // Half stepped, half run.
        let mut mixed = solver.start(&maze.grid, maze.from, maze.to);
        for _ in 0..events.len() / 2 {
            mixed.step(&maze.grid);
        }
        assert_eq!(mixed.run(&maze.grid), found);
        for other in [&ran, &mixed] {
            assert!(other.is_done());
            assert_eq!(other.solution(), stepped.solution(), "{solver} on {maze}");
            assert_eq!(other.visited(), stepped.visited());
            assert_eq!(other.head(), stepped.head());
            assert_eq!(other.frontier_len(), stepped.frontier_len());
            for p in maze.grid.positions() {
                assert_eq!(other.cell_state(p), stepped.cell_state(p));
            }
        }
        // And a second start gives the same events: deterministic.
        let mut again = solver.start(&maze.grid, maze.from, maze.to);
        assert_eq!(testing::trace(again.as_mut(), &maze.grid), events);
    }
}

#[test]
fn an_unreachable_goal_is_not_found_by_any_solver() {
    let mut grid = testing::generate(12, 9, 5, false);
    // Wall in the goal's corner cell.
    let goal = Pos::new(11, 8);
    grid.set_wall(goal, Dir::North, true);
    grid.set_wall(goal, Dir::West, true);
    let closed = Grid::new(4, 4).unwrap();
    let on_42 = testing::generate(9, 7, 2, true);
    let stamp_cell = on_42.stamp().unwrap().cells().next().unwrap();
    let cases = [
        (grid, Pos::new(0, 0), goal),
        (closed, Pos::new(0, 0), Pos::new(3, 3)),
        (on_42, Pos::new(0, 0), stamp_cell),
    ];
    for (grid, from, to) in cases {
        let maze = testing::Maze {
            grid,
            from,
            to,
            perfect: false,
            seed: 0,
        };
        for &solver in Solver::ALL {
            let mut search = solver.start(&maze.grid, from, to);
            assert!(!testing::run_checked(search.as_mut(), &maze), "{solver}");
            assert_eq!(search.solution(), None);
        }
    }
}

#[test]
fn a_cell_is_its_own_path() {
    let grid = testing::generate(9, 7, 3, true);
    let at = Pos::new(4, 6);
    for &solver in Solver::ALL {
        let mut search = solver.start(&grid, at, at);
        assert_eq!(search.step(&grid), SolveEvent::Done { found: true });
        assert_eq!(search.solution(), Some(Solution::new(at, Vec::new())));
        assert_eq!(search.visited(), 1, "{solver}");
        let seen = grid
            .positions()
            .filter(|&p| search.cell_state(p) != SearchState::Unseen);
        assert!(seen.eq([at]), "{solver}: only the cell itself is seen");
    }
}

#[test]
fn a_two_wide_corridor_of_200_000_cells_needs_no_stack() {
    let grid = Generator::generate_grid(MazeOptions::new(2, 100_000).seed(1)).unwrap();
    let (from, to) = (Pos::new(0, 0), Pos::new(1, 99_999));
    let path = shortest_path(&grid, from, to).unwrap();
    for &solver in Solver::ALL {
        let mut search = solver.start(&grid, from, to);
        assert!(search.run(&grid), "{solver}");
        assert_eq!(search.solution().as_ref(), Some(&path), "{solver}");
    }
}

#[test]
fn a_star_searches_no_more_than_bfs_on_open_ground() {
    let grid = testing::open_room(30, 20);
    let (from, to) = (Pos::new(2, 3), Pos::new(25, 17));
    let mut bfs = Solver::Bfs.start(&grid, from, to);
    let mut a_star = Solver::AStar.start(&grid, from, to);
    assert!(bfs.run(&grid) && a_star.run(&grid));
    assert!(a_star.visited() * 4 < bfs.visited());
}

#[test]
fn bfs_cells_go_from_frontier_to_visited() {
    let grid = u_shape();
    let mut bfs = Bfs::new(&grid, Pos::new(0, 0), Pos::new(2, 0));
    let search: &mut dyn Search = &mut bfs;
    assert_eq!(search.cell_state(Pos::new(0, 0)), SearchState::Frontier);
    assert_eq!(search.frontier_len(), 1);
    search.step(&grid);
    assert_eq!(search.cell_state(Pos::new(0, 0)), SearchState::Visited);
    assert_eq!(search.cell_state(Pos::new(0, 1)), SearchState::Frontier);
    assert_eq!(search.cell_state(Pos::new(1, 1)), SearchState::Unseen);
    assert_eq!(search.cell_state(Pos::new(1, 0)), SearchState::Unseen);
    assert_eq!(search.head(), None);
    assert_eq!(search.solver(), Solver::Bfs);
}
