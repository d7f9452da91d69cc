//! Property tests: every generated maze, of any size, seed and kind, obeys every SPEC rule.

use mazegen::format::{Hex, MazeFile};
use mazegen::validate::{Expected, MazeKind, validate_file, validate_maze};
use mazegen::{Algorithm, Dir, Generator, Grid, MazeOptions, Pos, Solution};
use proptest::prelude::*;

/// A generated maze with its entry, exit and shortest path.
struct Case {
    grid: Grid,
    entry: Pos,
    exit: Pos,
    path: Solution,
    options: MazeOptions,
}

/// How a case is made: everything but the size and seed.
#[derive(Clone, Copy, Debug)]
struct Kind {
    algorithm: Algorithm,
    perfect: bool,
    braid: f64,
    courtyard: bool,
}

impl Kind {
    const PLAIN: Kind = Kind {
        algorithm: Algorithm::Backtracker,
        perfect: true,
        braid: 1.0,
        courtyard: false,
    };
}

/// Entry and exit in opposite corners (the 42 and the courtyard never reach the border).
fn make(width: u32, height: u32, seed: u64, kind: Kind) -> Case {
    let entry = Pos::new(0, 0);
    let exit = Pos::new(width - 1, height - 1);
    let options = MazeOptions::new(width, height)
        .seed(seed)
        .perfect(kind.perfect)
        .braid(kind.braid)
        .algorithm(kind.algorithm)
        .courtyard(kind.courtyard)
        .start(entry);
    let grid = Generator::generate(options.clone()).expect("valid options");
    let path = grid
        .shortest_path(entry, exit)
        .expect("the exit is reachable");
    Case {
        grid,
        entry,
        exit,
        path,
        options,
    }
}

fn expected(case: &Case) -> Expected {
    let o = &case.options;
    Expected {
        kind: Some(if o.perfect {
            MazeKind::Perfect
        } else {
            MazeKind::Board { braid: o.braid }
        }),
        size: Some((o.width, o.height)),
        entry: Some(case.entry),
        exit: Some(case.exit),
        courtyard: o.courtyard,
        stamp: o.stamp,
        // What the generator draws: the exact stamp.
        exact_stamp: true,
    }
}

fn sizes() -> impl Strategy<Value = (u32, u32)> {
    // Up to 60x60, odd and even, with and without room for the 42 (9x7) and the courtyard.
    (2u32..=60, 2u32..=60)
}

/// Any algorithm, perfect or board, with or without a courtyard.
fn kinds() -> impl Strategy<Value = Kind> {
    (
        prop::sample::select(Algorithm::ALL),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(algorithm, perfect, courtyard)| Kind {
            algorithm,
            perfect,
            braid: 1.0,
            courtyard,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every algorithm, perfect or board, with or without a courtyard, passes the validator.
    #[test]
    fn every_maze_passes_validation((w, h) in sizes(), seed in any::<u64>(), kind in kinds()) {
        let case = make(w, h, seed, kind);
        let found = validate_maze(&case.grid, case.entry, case.exit, &case.path, &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} {kind:?}: {found:?}");
        // The file written and read back passes the file-level checks too.
        let text = Hex::grid_to_string(&case.grid, case.entry, case.exit, &case.path);
        let found = validate_file(&MazeFile::parse(&text).unwrap(), &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} {kind:?} (file): {found:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn boards_with_any_braid_pass_validation((w, h) in sizes(), seed in any::<u64>(), braid in 0.0f64..=1.0, kind in kinds()) {
        let kind = Kind { perfect: false, braid, ..kind };
        let case = make(w, h, seed, kind);
        let found = validate_maze(&case.grid, case.entry, case.exit, &case.path, &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} {kind:?}: {found:?}");
    }

    /// Perfect mazes are spanning trees: one wall fewer than cells (plus the courtyard's own
    /// four loops when it has one).
    #[test]
    fn perfect_mazes_are_spanning_trees((w, h) in sizes(), seed in any::<u64>(), kind in kinds()) {
        let case = make(w, h, seed, Kind { perfect: true, ..kind });
        let open_cells = case.grid.positions().filter(|&p| !case.grid.is_locked(p)).count() as u64;
        let own_loops = if case.grid.has_courtyard() { 4 } else { 0 };
        let grid = &case.grid;
        let open_walls: u64 = grid
            .positions()
            .map(|p| u64::from(grid.is_open(p, Dir::East)) + u64::from(grid.is_open(p, Dir::South)))
            .sum();
        prop_assert_eq!(open_walls, open_cells - 1 + own_loops, "{:?}", kind);
    }

    #[test]
    fn same_seed_same_bytes((w, h) in sizes(), seed in any::<u64>(), kind in kinds()) {
        let a = make(w, h, seed, kind);
        let b = make(w, h, seed, kind);
        prop_assert_eq!(
            Hex::grid_to_string(&a.grid, a.entry, a.exit, &a.path),
            Hex::grid_to_string(&b.grid, b.entry, b.exit, &b.path)
        );
    }
}

#[test]
fn different_seeds_make_different_mazes() {
    for &algorithm in Algorithm::ALL {
        let kind = Kind {
            algorithm,
            ..Kind::PLAIN
        };
        let (a, b) = (make(30, 20, 1, kind), make(30, 20, 2, kind));
        assert_ne!(a.grid, b.grid, "{algorithm}");
    }
}

#[test]
fn the_42_is_placed_when_there_is_room_and_only_then() {
    let board = Kind {
        perfect: false,
        ..Kind::PLAIN
    };
    assert!(make(9, 7, 0, Kind::PLAIN).grid.stamp().is_some());
    assert!(make(8, 7, 0, Kind::PLAIN).grid.stamp().is_none());
    assert!(make(9, 6, 0, board).grid.stamp().is_none());
}

/// Whether the centre cell `(width/2, height/2)` can be reached from the entry, worked out the
/// way the 42 subject's board checker does it: a flood fill over the file's hex digits alone,
/// knowing nothing of the 42 or of this library's grid.
fn grader_reaches_the_centre(text: &str) -> bool {
    let file = MazeFile::parse(text).expect("a generated file parses");
    let (w, h) = (file.width(), file.height());
    let centre = Pos::new(w / 2, h / 2);
    let mut seen = vec![false; w as usize * h as usize];
    let mut todo = vec![file.entry];
    seen[(file.entry.y * w + file.entry.x) as usize] = true;
    while let Some(p) = todo.pop() {
        if p == centre {
            return true;
        }
        for dir in Dir::ALL {
            let (dx, dy) = dir.delta();
            let (x, y) = (i64::from(p.x) + dx, i64::from(p.y) + dy);
            if file.walls(p).is_closed(dir) || x < 0 || y < 0 || x >= w.into() || y >= h.into() {
                continue;
            }
            let next = Pos::new(x as u32, y as u32);
            let i = (next.y * w + next.x) as usize;
            if !seen[i] {
                seen[i] = true;
                todo.push(next);
            }
        }
    }
    false
}

/// Issue 11: every even-width board used to have its centre walled in by the 42's 2.
#[test]
fn every_algorithms_boards_have_the_centre_reachable_at_even_and_odd_sizes() {
    let sizes = [
        (9, 7),
        (10, 10),
        (11, 9),
        (12, 9),
        (16, 16),
        (25, 20),
        (30, 20),
        (31, 21),
        (200, 150),
    ];
    for &algorithm in Algorithm::ALL {
        for (w, h) in sizes {
            for courtyard in [false, true] {
                let kind = Kind {
                    algorithm,
                    perfect: false,
                    braid: 1.0,
                    courtyard,
                };
                let case = make(w, h, 42, kind);
                let text = Hex::grid_to_string(&case.grid, case.entry, case.exit, &case.path);
                assert!(
                    grader_reaches_the_centre(&text),
                    "{w}x{h} {algorithm} (courtyard {courtyard}): the centre is unreachable"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn boards_have_the_centre_reachable((w, h) in sizes(), seed in any::<u64>(), kind in kinds()) {
        let case = make(w, h, seed, Kind { perfect: false, ..kind });
        let text = Hex::grid_to_string(&case.grid, case.entry, case.exit, &case.path);
        prop_assert!(grader_reaches_the_centre(&text), "{w}x{h} seed {seed} {kind:?}");
    }
}

/// A valid maze file with a few of its bytes replaced by characters that matter to the format.
fn mangled_file() -> impl Strategy<Value = String> {
    let edits = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::sample::select(b"0F9aA,\n-xNSEW 7".to_vec()),
        ),
        1..6,
    );
    (any::<u64>(), any::<bool>(), edits).prop_map(|(seed, perfect, edits)| {
        let case = make(
            11,
            9,
            seed,
            Kind {
                perfect,
                ..Kind::PLAIN
            },
        );
        let mut bytes =
            Hex::grid_to_string(&case.grid, case.entry, case.exit, &case.path).into_bytes();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        String::from_utf8(bytes).expect("ASCII in, ASCII out")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever a maze file says, reading and validating it reports problems; it never panics.
    #[test]
    fn broken_files_are_reported_not_panicked_on(text in mangled_file()) {
        if let Ok(file) = MazeFile::parse(&text) {
            let _ = validate_file(&file, &Expected::default());
        }
    }

    #[test]
    fn arbitrary_text_never_panics_the_reader(text in "[0-9A-Fa-f,\\nNESWx -]{0,200}") {
        if let Ok(file) = MazeFile::parse(&text) {
            let _ = validate_file(&file, &Expected::default());
        }
    }
}
