//! The checks every generation algorithm's tests run: through [`Generator`], so the linking
//! and braiding phases run too, on small, flat, tall, 42-stamped and courtyard mazes.

use super::{Algorithm, GenEvent, Generator, MazeOptions};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, Walls};
use crate::solve::{Bfs, shortest_path};
use crate::stats;
use crate::validate::{Expected, MazeKind, validate_maze};

/// Sizes without a courtyard: tiny, one-cell-thin both ways, the smallest with the 42, odd.
pub const SIZES: [(u32, u32); 6] = [(2, 2), (2, 40), (40, 2), (9, 7), (25, 20), (31, 17)];
/// Sizes with a courtyard: the 42 above it, none (too small), left of it, below it.
pub const COURTYARD_SIZES: [(u32, u32); 4] = [(25, 20), (12, 12), (30, 9), (9, 30)];
const SEEDS: [u64; 4] = [0, 1, 7, 12_345];

/// Everything below.
pub fn check_all(algorithm: Algorithm) {
    check_perfect_and_boards(algorithm);
    check_courtyard(algorithm);
    check_stepping(algorithm);
    check_run_matches_steps(algorithm);
    check_deterministic(algorithm);
    check_long_and_thin(algorithm);
    for (w, h) in SIZES {
        check_carver_visits_everything(algorithm, MazeOptions::new(w, h).seed(2));
    }
    for (w, h) in COURTYARD_SIZES {
        check_carver_visits_everything(algorithm, MazeOptions::new(w, h).courtyard(true));
    }
}

/// Mazes of every size and courtyard size, four seeds each, for checks of an algorithm's shape.
pub fn sample_mazes(algorithm: Algorithm) -> impl Iterator<Item = Grid> {
    let plain = SIZES.map(|(w, h)| MazeOptions::new(w, h));
    let yards = COURTYARD_SIZES.map(|(w, h)| MazeOptions::new(w, h).courtyard(true));
    plain.into_iter().chain(yards).flat_map(move |options| {
        (0..4).map(move |seed| {
            Generator::generate_grid(options.clone().seed(seed).algorithm(algorithm)).unwrap()
        })
    })
}

pub fn options(algorithm: Algorithm, width: u32, height: u32, seed: u64) -> MazeOptions {
    MazeOptions::new(width, height)
        .seed(seed)
        .algorithm(algorithm)
}

/// Perfect mazes and boards pass the validator, entry top-left and exit bottom-right.
pub fn check_perfect_and_boards(algorithm: Algorithm) {
    for (w, h) in SIZES {
        for seed in SEEDS {
            for perfect in [true, false] {
                let grid =
                    Generator::generate_grid(options(algorithm, w, h, seed).perfect(perfect))
                        .unwrap();
                let (entry, exit) = (Pos::new(0, 0), Pos::new(w - 1, h - 1));
                let path = shortest_path(&grid, entry, exit).expect("the exit is reachable");
                let kind = if perfect {
                    MazeKind::Perfect
                } else {
                    MazeKind::Board { braid: 1.0 }
                };
                let expected = Expected {
                    kind: Some(kind),
                    ..Default::default()
                };
                let found = validate_maze(&grid, entry, exit, &path, &expected);
                let what = format!("{algorithm} {w}x{h} seed {seed} perfect {perfect}");
                assert_eq!(found, [], "{what}");
                if perfect {
                    assert_eq!(
                        stats::open_walls(&grid),
                        grid.open_cell_count() - 1,
                        "{what}"
                    );
                }
            }
        }
    }
}

/// With a courtyard: every open cell reachable, one tree plus the courtyard's four loops
/// (perfect), the courtyard open inside and the 42 closed.
pub fn check_courtyard(algorithm: Algorithm) {
    for (w, h) in COURTYARD_SIZES {
        for seed in SEEDS {
            for perfect in [true, false] {
                let options = options(algorithm, w, h, seed)
                    .perfect(perfect)
                    .courtyard(true);
                let grid = Generator::generate_grid(options).unwrap();
                let what = format!("{algorithm} {w}x{h} courtyard seed {seed} perfect {perfect}");
                let yard = grid.courtyard().expect("room for a courtyard");
                let open = grid.open_cell_count();
                let mut flood = Bfs::flood(&grid, yard.centre());
                flood.run();
                assert_eq!(flood.visited(), open, "{what}: unreachable cells");
                let walls = stats::open_walls(&grid);
                if perfect {
                    assert_eq!(walls, open - 1 + 4, "{what}");
                } else {
                    assert!(walls > open - 1 + 4, "{what}: a board has loops");
                }
                for p in yard.cells() {
                    for dir in [Dir::East, Dir::South] {
                        if grid.neighbour(p, dir).is_some_and(|n| yard.contains(n)) {
                            assert!(grid.is_open(p, dir), "{what}: courtyard wall {p} {dir:?}");
                        }
                    }
                }
                if let Some(stamp) = grid.stamp() {
                    assert!(
                        stamp.cells().all(|c| grid.walls(c) == Walls::CLOSED),
                        "{what}: the 42 was opened"
                    );
                }
            }
        }
    }
}

/// The neighbour direction from `from` to `to`, which must be neighbours.
fn dir_between(grid: &Grid, from: Pos, to: Pos) -> Dir {
    Dir::ALL
        .into_iter()
        .find(|&d| grid.neighbour(from, d) == Some(to))
        .unwrap_or_else(|| panic!("{from} and {to} are not neighbours"))
}

/// One step at a time: each event changes the wall it names the way it says, nothing touches
/// the 42 or the courtyard's inside, `visited` only grows (ending at every open cell), and the
/// maze is the one [`Generator::generate`] makes.
pub fn check_stepping(algorithm: Algorithm) {
    let mut cases = Vec::new();
    for (w, h) in SIZES {
        for perfect in [true, false] {
            cases.push(options(algorithm, w, h, 3).perfect(perfect));
        }
    }
    for (w, h) in COURTYARD_SIZES {
        cases.push(options(algorithm, w, h, 4).courtyard(true));
    }
    // Starts away from the top-left: mid-corridor, and beside the 42 at (12,10), whose
    // neighbour (14,10) has the 42 to its north and west.
    cases.push(options(algorithm, 2, 40, 1).start(Pos::new(1, 20)));
    cases.push(options(algorithm, 25, 20, 4).start(Pos::new(12, 10)));
    for options in cases {
        let what = format!(
            "{algorithm} {}x{} perfect {} courtyard {}",
            options.width, options.height, options.perfect, options.courtyard
        );
        let mut generator = Generator::build(options.clone()).unwrap();
        let open = generator.open_cells();
        let estimate = generator.estimated_carving_steps();
        let mut visited = generator.visited();
        let mut carving_steps = 0;
        loop {
            let carving = !generator.is_linking() && !generator.is_braiding();
            let event = generator.step();
            let grid = generator.grid();
            match event {
                GenEvent::Carve { from, to } => {
                    let dir = dir_between(grid, from, to);
                    assert!(grid.is_open(from, dir), "{what}: {event:?} left it closed");
                    assert!(
                        !grid.is_locked(from) && !grid.is_locked(to),
                        "{what}: {event:?}"
                    );
                }
                GenEvent::Wall { from, to } => {
                    let dir = dir_between(grid, from, to);
                    assert!(grid.is_closed(from, dir), "{what}: {event:?} left it open");
                    assert!(carving, "{what}: only carving builds walls");
                }
                GenEvent::Backtrack { from, to } => {
                    dir_between(grid, from, to);
                }
                GenEvent::Visit { cell } => assert!(grid.contains(cell), "{what}: {event:?}"),
                GenEvent::Done => break,
            }
            if let Some(head) = generator.head() {
                assert!(grid.contains(head), "{what}: head {head}");
            }
            let now = generator.visited();
            assert!(
                now >= visited,
                "{what}: visited went from {visited} to {now}"
            );
            if carving && !generator.is_linking() && !generator.is_braiding() {
                carving_steps += 1;
                assert!(now <= open, "{what}: visited {now} of {open}");
            }
            visited = now;
        }
        assert_eq!(generator.step(), GenEvent::Done, "{what}: done stays done");
        assert_eq!(generator.visited(), open, "{what}");
        // Random walks take far longer on thin corridors than their estimate, which is for
        // mazes of some width; pacing only needs it roughly right there.
        if options.width.min(options.height) >= 5 {
            assert!(
                carving_steps <= 4 * estimate && estimate <= 4 * carving_steps.max(1),
                "{what}: {carving_steps} carving steps, estimated {estimate}"
            );
        }
        let grid = generator.into_grid();
        if let Some(stamp) = grid.stamp() {
            assert!(stamp.cells().all(|c| grid.walls(c) == Walls::CLOSED));
        }
        assert_eq!(grid, Generator::generate_grid(options).unwrap(), "{what}");
    }
}

/// An algorithm's own `run` (see `Carve::run`) makes the maze its `step` does one step at a
/// time, and so does a run that takes over from some steps: over sizes, seeds, with and without
/// the 42 and the courtyard, perfect and not.
pub fn check_run_matches_steps(algorithm: Algorithm) {
    let sizes = SIZES.into_iter().chain([(60, 45), (101, 77)]);
    let plain = sizes.flat_map(|(w, h)| [false, true].map(|perfect| (w, h, perfect, false)));
    let yards = COURTYARD_SIZES.map(|(w, h)| (w, h, true, true));
    for (w, h, perfect, courtyard) in plain.chain(yards) {
        for seed in SEEDS {
            let options = options(algorithm, w, h, seed)
                .perfect(perfect)
                .courtyard(courtyard);
            let what = format!("{algorithm} {w}x{h} seed {seed} perfect {perfect} {courtyard}");
            let mut stepped = Generator::build(options.clone()).unwrap();
            while stepped.step() != GenEvent::Done {}
            let run = Generator::generate_grid(options.clone()).unwrap();
            assert_eq!(stepped.grid(), &run, "{what}: stepped and run");
            let mut mixed = Generator::build(options).unwrap();
            for _ in 0..u64::from(w * h) / 3 {
                mixed.step();
            }
            mixed.run();
            assert_eq!(mixed.grid(), &run, "{what}: stepped, then run");
        }
    }
}

/// The carver alone ends having joined every open cell, before any linking.
pub fn check_carver_visits_everything(algorithm: Algorithm, options: MazeOptions) {
    let mut generator = Generator::build(options.algorithm(algorithm)).unwrap();
    let open = generator.open_cells();
    let mut last = generator.visited();
    while !generator.is_linking() && !generator.is_braiding() && !generator.is_done() {
        last = generator.visited();
        generator.step();
    }
    assert_eq!(last, open, "{algorithm}: the carver's last count");
}

/// Same seed, same maze; another seed, another maze.
pub fn check_deterministic(algorithm: Algorithm) {
    for courtyard in [false, true] {
        let make = |seed| {
            Generator::generate_grid(options(algorithm, 25, 20, seed).courtyard(courtyard)).unwrap()
        };
        assert_eq!(make(5), make(5), "{algorithm}");
        assert_ne!(make(5), make(6), "{algorithm}");
    }
}

/// Very long mazes one or two cells thin: no recursion, a spanning tree.
pub fn check_long_and_thin(algorithm: Algorithm) {
    check_thin(algorithm, 20_000);
}

/// [`check_long_and_thin`] at a given length, for the random-walk algorithms, whose time grows
/// with the square of a corridor's length.
pub fn check_thin(algorithm: Algorithm, length: u32) {
    for (w, h) in [(2, length), (length, 2)] {
        let grid = Generator::generate_grid(options(algorithm, w, h, 9)).unwrap();
        assert_eq!(
            stats::open_walls(&grid),
            u64::from(w * h) - 1,
            "{algorithm}"
        );
        let mut flood = Bfs::flood(&grid, Pos::new(0, 0));
        flood.run();
        assert_eq!(flood.visited(), u64::from(w * h), "{algorithm}");
    }
}
