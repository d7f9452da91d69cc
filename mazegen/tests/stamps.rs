//! The stamp option with every algorithm: no stamp, or a pattern of the user's own, gives a
//! maze that joins every open cell, keeps the stamp's cells closed, and is a spanning tree when
//! perfect; the 42 (the default) gives the very maze it always gave.

use std::collections::VecDeque;

use mazegen::{Algorithm, Generator, Grid, MazeOptions, Pos};
use mazegen::{Pattern, StampChoice};

/// Cells reached from `from` through open walls.
fn reached(grid: &Grid, from: Pos) -> u64 {
    let mut seen = vec![false; grid.cell_count()];
    let mut todo = VecDeque::from([from]);
    seen[grid.index(from)] = true;
    let mut count = 0;
    while let Some(p) = todo.pop_front() {
        count += 1;
        for dir in grid.open_dirs(p).collect::<Vec<_>>() {
            let next = grid.neighbour(p, dir).expect("the border is closed");
            if !std::mem::replace(&mut seen[grid.index(next)], true) {
                todo.push_back(next);
            }
        }
    }
    count
}

/// Open walls between two cells, each counted once.
fn passages(grid: &Grid) -> u64 {
    grid.positions()
        .map(|p| grid.open_dirs(p).count() as u64)
        .sum::<u64>()
        / 2
}

#[test]
fn every_algorithm_carves_around_any_stamp_or_none() {
    let arrow: Pattern = "..X../.XXX./XXXXX/..X../..X..".parse().unwrap();
    let hook: Pattern = "XXXX/...X/XX.X/X..X".parse().unwrap();
    for &algorithm in Algorithm::ALL {
        for stamp in [StampChoice::None, arrow.into(), hook.into()] {
            for perfect in [true, false] {
                for (width, height, seed) in [(13, 11, 1), (24, 17, 7)] {
                    let options = MazeOptions::new(width, height)
                        .seed(seed)
                        .algorithm(algorithm)
                        .perfect(perfect)
                        .stamp(stamp);
                    let what = format!("{algorithm} {stamp} perfect={perfect} {width}x{height}");
                    let grid = Generator::generate(options).expect(&what);
                    let placed = grid.stamp();
                    assert_eq!(placed.map(|s| s.pattern()), stamp.pattern(), "{what}");
                    let closed = placed.map_or(0, |s| s.cells().count()) as u64;
                    assert_eq!(grid.open_cell_count(), u64::from(width * height) - closed);
                    for cell in placed.iter().flat_map(|s| s.cells()) {
                        assert!(grid.is_locked(cell), "{what}: {cell}");
                        assert_eq!(grid.walls(cell).bits(), 0xF, "{what}: {cell}");
                    }
                    let open = grid.open_cell_count();
                    assert_eq!(reached(&grid, Pos::new(0, 0)), open, "{what}: connected");
                    if perfect {
                        assert_eq!(passages(&grid), open - 1, "{what}: a tree");
                    }
                }
            }
        }
    }
}

#[test]
fn the_42_is_the_default_and_makes_the_same_maze_as_ever() {
    for &algorithm in Algorithm::ALL {
        let plain = MazeOptions::new(25, 20).seed(9).algorithm(algorithm);
        let forty_two = plain.clone().stamp(StampChoice::FortyTwo);
        assert_eq!(plain.stamp, StampChoice::FortyTwo);
        let grid = Generator::generate(forty_two).unwrap();
        assert_eq!(grid, Generator::generate(plain).unwrap(), "{algorithm}");
        assert_eq!(grid.stamp().unwrap().cells().count(), 18);
        assert_eq!(grid.stamp().unwrap().pattern(), Pattern::FORTY_TWO);
    }
}

#[test]
fn a_pattern_too_big_for_the_maze_is_refused_and_the_42_left_out() {
    let bar: Pattern = "XXXXXXXX".parse().unwrap();
    let err = Generator::new(MazeOptions::new(9, 5).stamp(bar)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the 8x1 stamp needs a maze of at least 10x3 (a one-cell margin around it), got 9x5"
    );
    assert!(Generator::new(MazeOptions::new(10, 3).stamp(bar)).is_ok());
    // The 42 keeps the SPEC's rule: too small is no 42, not an error.
    let small = Generator::generate(MazeOptions::new(8, 6)).unwrap();
    assert_eq!(small.stamp(), None);
}

#[test]
fn a_maze_with_the_configs_stamp_passes_the_check_against_that_config() {
    use mazegen::Maze;
    use mazegen::config::Config;
    use mazegen::format::{Hex, MazeFile, Output};
    use mazegen::validate::{Expected, Inspection, Violation, validate_file};

    let dir = tempfile::tempdir().unwrap();
    // The heart covers the centre cell: on a board, the subject's "centre reachable" check is
    // the 42's, not a pattern of one's own.
    let heart = "XX.XX/XXXXX/.XXX./..X..";
    for (stamp, perfect) in [
        ("none", "True"),
        ("XX/X./XX", "False"),
        (heart, "False"),
        ("42", "False"),
    ] {
        let text = format!(
            "WIDTH=15\nHEIGHT=11\nENTRY=0,0\nEXIT=14,10\nOUTPUT_FILE=m.txt\nPERFECT={perfect}\nSTAMP={stamp}\n"
        );
        let config = Config::parse(&text, "c.txt").unwrap();
        let maze = Maze::generate(config.maze_options(4), config.entry, config.exit).unwrap();
        let path = dir.path().join("m.txt");
        maze.write_to(&[Output::file(Hex, &path)]).unwrap();
        let file = MazeFile::load(&path).unwrap();
        let expected = Expected::from_config(&config);
        assert_eq!(expected.stamp, config.stamp);
        assert_eq!(validate_file(&file, &expected), [], "STAMP={stamp}");
        let inspection = Inspection::load_with(&path, &expected).unwrap();
        assert!(
            inspection.is_valid(),
            "STAMP={stamp}: {:?}",
            inspection.problem_rows()
        );
        assert_eq!(inspection.stamp(), maze.grid().stamp(), "STAMP={stamp}");
        if stamp == "none" {
            // Checked without its config, a maze is held to the SPEC: the 42 must be there.
            let found = validate_file(&file, &Expected::default());
            assert!(
                found
                    .iter()
                    .any(|v| matches!(v, Violation::StampNotClosed { .. })),
                "{found:?}"
            );
        }
    }
}
