use super::*;
use crate::generate::{Algorithm, CellState};
use crate::geometry::Pos;

/// Everything the dashboard draws from a generator: the grid, the step, the head and each
/// cell's state.
fn snapshot(generator: &Generator) -> (crate::Grid, u64, Option<Pos>, Vec<CellState>, bool) {
    let grid = generator.grid().clone();
    let states = grid.positions().map(|p| generator.cell_state(p)).collect();
    let phase = (generator.is_linking(), generator.is_braiding());
    (
        grid,
        generator.steps(),
        generator.head(),
        states,
        phase == (false, false),
    )
}

#[test]
fn a_restored_generator_is_the_one_checkpointed_and_carves_the_same_maze() {
    for &algorithm in Algorithm::ALL {
        for (perfect, courtyard) in [(true, false), (false, false), (true, true)] {
            let options = MazeOptions::new(41, 33)
                .seed(9)
                .algorithm(algorithm)
                .perfect(perfect)
                .courtyard(courtyard);
            let expected = Generator::generate_grid(options.clone()).unwrap();
            let mut live = Generator::build(options).unwrap();
            let mut total = live.clone();
            total.run_steps(u64::MAX);
            // About forty checkpoints over the carving, each at an odd place in its steps.
            let every = (total.steps() / 40).max(1);
            let mut checked = 0;
            while !live.is_done() {
                let restored = live.checkpoint().restore();
                assert_eq!(
                    snapshot(&restored),
                    snapshot(&live),
                    "{algorithm} perfect={perfect} at {}",
                    live.steps()
                );
                let mut rest = restored;
                rest.run();
                assert_eq!(rest.grid(), &expected, "{algorithm} from {}", live.steps());
                // Stepping on from a restored generator steps as the live one does.
                let mut stepped = live.checkpoint().restore();
                for _ in 0..every.min(50) {
                    assert_eq!(stepped.step(), live.clone().step(), "{algorithm}");
                    live.step();
                }
                assert_eq!(snapshot(&stepped), snapshot(&live), "{algorithm}");
                live.run_steps(every);
                checked += 1;
            }
            assert!(checked > 5, "{algorithm}: {checked}");
            let done = live.checkpoint().restore();
            assert!(done.is_done());
            assert_eq!(done.grid(), &expected);
        }
    }
}

#[test]
fn checkpoints_keep_the_garbage_policy() {
    let options = MazeOptions::new(20, 15).seed(2);
    let live = Generator::build(options.clone()).unwrap().keep_garbage();
    let mut restored = live.checkpoint().restore();
    restored.run();
    assert!(!restored.take_garbage().is_empty());
    let mut plain = Generator::build(options).unwrap().checkpoint().restore();
    plain.run();
    assert!(plain.take_garbage().is_empty());
}

#[test]
fn the_big_carvers_checkpoints_are_a_fraction_of_a_clone() {
    let cells = 200 * 150;
    for algorithm in [
        Algorithm::Kruskal,
        Algorithm::Wilson,
        Algorithm::AldousBroder,
        Algorithm::HuntAndKill,
        Algorithm::Prim,
    ] {
        let options = MazeOptions::new(200, 150).seed(4).algorithm(algorithm);
        let mut generator = Generator::build(options).unwrap();
        generator.run_steps(cells as u64 / 3);
        let checkpoint = generator.checkpoint();
        // The walls' quarter byte a cell, and for Wilson's a walk's exits, for hunt-and-kill's
        // the hunt's queue and last layers and the walk, for Prim's its frontier.
        assert!(
            checkpoint.heap_bytes() < cells * 5 / 8 + 100,
            "{algorithm}: {} bytes",
            checkpoint.heap_bytes()
        );
        // Wilson's clone is little more than the grid (its marks are in the grid's bytes), and
        // its checkpoint keeps the current walk: under half of it.
        let fraction = if algorithm == Algorithm::Wilson { 2 } else { 3 };
        assert!(
            checkpoint.heap_bytes() * fraction < generator.heap_bytes(),
            "{algorithm}: {} bytes of {}",
            checkpoint.heap_bytes(),
            generator.heap_bytes()
        );
    }
}

#[test]
fn tiny_and_narrow_mazes_restore_too() {
    for &algorithm in Algorithm::ALL {
        for (width, height) in [(2, 2), (3, 7), (9, 2), (2, 11)] {
            for perfect in [true, false] {
                let options = MazeOptions::new(width, height)
                    .seed(4)
                    .algorithm(algorithm)
                    .perfect(perfect);
                let expected = Generator::generate_grid(options.clone()).unwrap();
                let mut live = Generator::build(options).unwrap();
                loop {
                    let restored = live.checkpoint().restore();
                    assert_eq!(
                        snapshot(&restored),
                        snapshot(&live),
                        "{algorithm} {width}x{height}"
                    );
                    let mut rest = restored;
                    rest.run();
                    assert_eq!(rest.grid(), &expected, "{algorithm} {width}x{height}");
                    if live.step() == crate::GenEvent::Done {
                        break;
                    }
                }
            }
        }
    }
}
