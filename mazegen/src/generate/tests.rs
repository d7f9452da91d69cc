//! Tests of the generator's phases and options.

use super::*;
use crate::geometry::Dir;
use crate::stats;

fn options() -> MazeOptions {
    MazeOptions::new(12, 9).seed(11).start(Pos::new(0, 3))
}

#[test]
fn carving_starts_at_the_start_and_moves_one_cell_at_a_time() {
    let mut generator = Generator::build(options()).unwrap();
    assert_eq!(generator.head(), Some(Pos::new(0, 3)));
    let mut at = Pos::new(0, 3);
    let mut carves = 0;
    loop {
        match generator.step() {
            GenEvent::Carve { from, to } => {
                assert_eq!(from, at);
                assert!(
                    Dir::ALL
                        .iter()
                        .any(|&d| generator.grid().neighbour(from, d) == Some(to))
                );
                assert!(!generator.grid().is_locked(to));
                at = to;
                carves += 1;
            }
            GenEvent::Backtrack { from, to } => {
                assert_eq!(from, at);
                assert_eq!(generator.cell_state(from), CellState::Finished);
                at = to;
            }
            GenEvent::Visit { .. } | GenEvent::Wall { .. } => {
                panic!("the backtracker only carves and backtracks")
            }
            GenEvent::Done => break,
        }
        assert_eq!(generator.head(), Some(at));
        assert_eq!(generator.cell_state(at), CellState::Active);
    }
    assert_eq!(carves, 12 * 9 - 18 - 1);
    assert_eq!(generator.visited(), generator.open_cells());
    assert!(generator.is_done());
    assert_eq!(generator.head(), None);
    assert_eq!(generator.step(), GenEvent::Done, "done stays done");
}

#[test]
fn stepping_and_running_make_the_same_maze() {
    let mut stepped = Generator::build(options().perfect(false)).unwrap();
    while stepped.step() != GenEvent::Done {}
    let ran = Generator::generate_grid(options().perfect(false)).unwrap();
    assert_eq!(stepped.grid(), &ran);
    let mut budgeted = Generator::build(options().perfect(false)).unwrap();
    while !budgeted.is_done() {
        budgeted.run_steps(17);
    }
    assert_eq!(budgeted.grid(), &ran);
    assert_eq!(budgeted.steps(), stepped.steps());
}

#[test]
fn boards_are_braided_after_carving() {
    let mut generator = Generator::build(options().perfect(false)).unwrap();
    let mut carved_tree_loops = None;
    while !generator.is_braiding() {
        carved_tree_loops = Some(stats::loops(generator.grid()));
        assert_ne!(generator.step(), GenEvent::Done);
    }
    assert_eq!(carved_tree_loops, Some(0), "carving alone makes a tree");
    generator.run();
    assert!(stats::loops(generator.grid()) >= 2);
}

#[test]
fn a_low_braid_keeps_dead_ends_but_still_loops() {
    let braided =
        Generator::generate_grid(MazeOptions::new(40, 30).seed(5).perfect(false)).unwrap();
    let light =
        Generator::generate_grid(MazeOptions::new(40, 30).seed(5).perfect(false).braid(0.0))
            .unwrap();
    assert!(stats::dead_ends(&light) > stats::dead_ends(&braided) + 20);
    assert_eq!(stats::loops(&light), 2);
}

#[test]
fn a_very_deep_maze_needs_no_stack() {
    // A 2-wide corridor of 200,000 cells: the search goes about that deep.
    let grid = Generator::generate_grid(MazeOptions::new(2, 100_000).seed(1)).unwrap();
    assert_eq!(stats::open_walls(&grid), 200_000 - 1);
}

#[test]
fn bad_options_are_errors() {
    let outside = Generator::build(MazeOptions::new(5, 5).start(Pos::new(5, 0))).unwrap_err();
    assert!(
        matches!(outside, GenError::StartOutside { .. }),
        "{outside}"
    );
    let on_42 = Generator::build(MazeOptions::new(9, 7).start(Pos::new(1, 1))).unwrap_err();
    assert_eq!(on_42, GenError::StartOnStamp(Pos::new(1, 1)));
    assert!(matches!(
        Generator::build(MazeOptions::new(5, 5).braid(1.5)),
        Err(GenError::Braid(_))
    ));
    assert!(matches!(
        Generator::build(MazeOptions::new(1, 5)),
        Err(GenError::Size(_))
    ));
}

#[test]
fn run_steps_of_one_kind_stops_where_the_kind_of_step_changes_and_the_maze_is_the_same() {
    let options = MazeOptions::new(40, 30).seed(3).perfect(false);
    let mut generator = Generator::build(options.clone()).unwrap();
    let mut kinds = vec![generator.step_kind()];
    while !generator.is_done() {
        let kind = generator.step_kind();
        let taken = generator.run_steps_of_one_kind(u64::MAX);
        assert!(taken > 0 || generator.is_done());
        assert_ne!(generator.step_kind(), kind, "stopped only at a change");
        kinds.push(generator.step_kind());
    }
    // Carving, then braiding's listing, shuffling and at least its first opening pass.
    assert!(kinds.len() >= 5, "{kinds:?}");
    assert_eq!(
        generator.grid(),
        &Generator::generate_grid(options).unwrap(),
        "the same maze as in one go"
    );
}

#[test]
fn the_paths_read_from_the_carving_are_the_mazes_own_and_only_where_it_keeps_them() {
    // The two carvers that link each cell to its parent always read the path, from a start
    // in a corner and one inside, and Eller's, which fills in the dead ends as it finishes
    // the rows; recursive division where its walls' gaps hold it (see its route: not where
    // the 42 stands in the way); the others leave it to a search.
    let always = [
        Algorithm::Backtracker,
        Algorithm::GrowingTreeNewest,
        Algorithm::Eller,
    ];
    let reads = [
        always[0],
        always[1],
        always[2],
        Algorithm::RecursiveDivision,
    ];
    let mut read = 0;
    for &algorithm in Algorithm::ALL {
        for (w, h, seed, start, exit) in [
            (2, 2, 1, (0, 0), (1, 1)),
            (9, 7, 3, (0, 0), (8, 6)),
            (40, 30, 5, (0, 0), (21, 29)),
            (25, 20, 42, (3, 17), (24, 0)),
        ] {
            let (start, exit) = (Pos::new(start.0, start.1), Pos::new(exit.0, exit.1));
            let options = MazeOptions::new(w, h)
                .seed(seed)
                .algorithm(algorithm)
                .start(start);
            let (grid, path) = Generator::generate_with_path(options, start, exit).unwrap();
            let case = format!("{algorithm} {w}x{h} seed {seed}");
            if !reads.contains(&algorithm) {
                assert!(path.is_none(), "{case}");
                continue;
            }
            let Some(path) = path else {
                assert!(!always.contains(&algorithm), "{case}: no path read");
                continue;
            };
            read += 1;
            let searched = crate::solve::shortest_path(&grid, start, exit).unwrap();
            assert_eq!(
                (path.start(), path.dirs()),
                (searched.start(), searched.dirs()),
                "{case}"
            );
        }
    }
    assert!(read > 2 * 4, "recursive division read none: {read}");
}
