//! Tests of hunt-and-kill.

use super::super::testkit;
use super::*;
use crate::generate::{Algorithm, Generator, MazeOptions};

#[test]
fn mazes_validate() {
    testkit::check_perfect_and_boards(Algorithm::HuntAndKill);
}

#[test]
fn the_courtyard_is_kept() {
    testkit::check_courtyard(Algorithm::HuntAndKill);
}

#[test]
fn stepping_matches_running() {
    testkit::check_stepping(Algorithm::HuntAndKill);
}

#[test]
fn the_seed_decides_the_maze() {
    testkit::check_deterministic(Algorithm::HuntAndKill);
}

#[test]
fn its_run_matches_its_steps() {
    testkit::check_run_matches_steps(Algorithm::HuntAndKill);
}

#[test]
fn a_deep_maze_needs_no_stack() {
    testkit::check_thin(Algorithm::HuntAndKill, 100_000);
}

/// Starts where a row-major hunt would meet cells with no neighbour in the maze: away
/// from the top-left corner, and inside the 4 of the 42, whose cell at (14, 10) has the 42
/// to its north and west.
#[test]
fn the_hunt_never_fails_and_passes_each_cell_once() {
    for (w, h, start) in [
        (25, 20, Pos::new(12, 10)),
        (25, 20, Pos::new(24, 19)),
        (31, 17, Pos::new(15, 8)),
        (9, 7, Pos::new(8, 6)),
    ] {
        let options = MazeOptions::new(w, h)
            .seed(6)
            .start(start)
            .algorithm(Algorithm::HuntAndKill);
        let mut generator = Generator::build(options).unwrap();
        let estimate = generator.estimated_carving_steps();
        let (mut carves, mut passes) = (0u64, 0u64);
        loop {
            match generator.step() {
                GenEvent::Carve { .. } => carves += 1,
                GenEvent::Visit { .. } => passes += 1,
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("hunt-and-kill only carves and hunts")
                }
                GenEvent::Done => break,
            }
        }
        let open = generator.open_cells();
        assert_eq!(carves, open - 1, "{w}x{h} from {start}");
        // Joining a hunted cell is a carve, so carves and passes share the cells.
        assert!(passes < open, "{w}x{h} from {start}: {passes} passes");
        assert!(carves + passes <= estimate);
    }
}

#[test]
fn the_current_walk_is_active() {
    let options = MazeOptions::new(12, 9)
        .seed(2)
        .algorithm(Algorithm::HuntAndKill);
    let mut generator = Generator::build(options).unwrap();
    let mut walk_len = 1;
    loop {
        let event = generator.step();
        let expected_active = match event {
            GenEvent::Carve { from, to } => {
                assert_eq!(generator.head().unwrap_or(to), to);
                // The walk goes on, or a hunted cell starts a new one.
                let same_walk = generator.cell_state(from) == CellState::Active;
                walk_len = if same_walk { walk_len + 1 } else { 1 };
                walk_len
            }
            GenEvent::Visit { cell } => {
                // Hunting: only the cell the hunt passed.
                assert_eq!(generator.head(), Some(cell));
                walk_len = 0;
                1
            }
            GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => unreachable!(),
            GenEvent::Done => break,
        };
        let active = generator
            .grid()
            .positions()
            .filter(|&p| generator.cell_state(p) == CellState::Active)
            .count();
        if generator.head().is_some() {
            assert_eq!(active, expected_active, "{event:?}");
        }
    }
}

/// The marks kept in the grid's bytes: beyond the cells not in the maze yet, only the hunt's
/// last layers and the current walk (a few widths of the maze at most), all clear once done.
#[test]
fn the_marks_stay_few_and_are_cleared_when_done() {
    for courtyard in [false, true] {
        let options = MazeOptions::new(60, 45)
            .seed(3)
            .courtyard(courtyard)
            .algorithm(Algorithm::HuntAndKill);
        let mut generator = Generator::build(options).unwrap();
        let mut most = 0;
        while !generator.is_done() {
            generator.run_steps(7);
            let cells = generator.grid().raw();
            let marked = cells.iter().filter(|&&b| b & (QUEUED | ON_WALK) != 0);
            most = most.max(marked.count());
        }
        assert!(most > 0 && most < 4 * (60 + 45), "{most} cells marked");
        assert!(generator.grid().raw().iter().all(|&b| b & MARKS == 0));
        assert_eq!(
            generator.grid(),
            &Generator::generate_grid(generator.options().clone()).unwrap()
        );
    }
}
