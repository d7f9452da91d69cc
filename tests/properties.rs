//! Property tests: every generated maze, of any size, seed and kind, obeys every SPEC rule.

use mazegen::format::{MazeFile, hex};
use mazegen::validate::{Expected, MazeKind, validate_file, validate_maze};
use mazegen::{Generator, Grid, MazeOptions, Pos, Solution, shortest_path, stats};
use proptest::prelude::*;

/// A generated maze with its entry, exit and shortest path.
struct Case {
    grid: Grid,
    entry: Pos,
    exit: Pos,
    path: Solution,
    options: MazeOptions,
}

/// Entry and exit in opposite corners, stepped inward off the 42 if needed.
fn make(width: u32, height: u32, seed: u64, perfect: bool, braid: f64) -> Case {
    let entry = Pos::new(0, 0);
    let exit = Pos::new(width - 1, height - 1);
    let options = MazeOptions::new(width, height)
        .seed(seed)
        .perfect(perfect)
        .braid(braid)
        .start(entry);
    let grid = Generator::generate(options.clone()).expect("valid options");
    let path = shortest_path(&grid, entry, exit).expect("the exit is reachable");
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
    }
}

fn sizes() -> impl Strategy<Value = (u32, u32)> {
    // Up to 60x60, odd and even, with and without room for the 42 (9x7).
    (2u32..=60, 2u32..=60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn every_maze_passes_validation((w, h) in sizes(), seed in any::<u64>(), perfect in any::<bool>()) {
        let case = make(w, h, seed, perfect, 1.0);
        let found = validate_maze(&case.grid, case.entry, case.exit, &case.path, &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} perfect {perfect}: {found:?}");
        // The file written and read back passes the file-level checks too.
        let text = hex::to_string(&case.grid, case.entry, case.exit, &case.path);
        let found = validate_file(&MazeFile::parse(&text).unwrap(), &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} perfect {perfect} (file): {found:?}");
    }

    #[test]
    fn boards_with_any_braid_pass_validation((w, h) in sizes(), seed in any::<u64>(), braid in 0.0f64..=1.0) {
        let case = make(w, h, seed, false, braid);
        let found = validate_maze(&case.grid, case.entry, case.exit, &case.path, &expected(&case));
        prop_assert!(found.is_empty(), "{w}x{h} seed {seed} braid {braid}: {found:?}");
    }

    #[test]
    fn perfect_mazes_are_spanning_trees((w, h) in sizes(), seed in any::<u64>()) {
        let case = make(w, h, seed, true, 1.0);
        let open_cells = case.grid.positions().filter(|&p| !case.grid.is_locked(p)).count() as u64;
        prop_assert_eq!(stats::open_walls(&case.grid), open_cells - 1);
    }

    #[test]
    fn same_seed_same_bytes((w, h) in sizes(), seed in any::<u64>(), perfect in any::<bool>()) {
        let a = make(w, h, seed, perfect, 1.0);
        let b = make(w, h, seed, perfect, 1.0);
        prop_assert_eq!(
            hex::to_string(&a.grid, a.entry, a.exit, &a.path),
            hex::to_string(&b.grid, b.entry, b.exit, &b.path)
        );
    }
}

#[test]
fn different_seeds_make_different_mazes() {
    let a = make(30, 20, 1, true, 1.0);
    let b = make(30, 20, 2, true, 1.0);
    assert_ne!(a.grid, b.grid);
}

#[test]
fn the_42_is_placed_when_there_is_room_and_only_then() {
    assert!(make(9, 7, 0, true, 1.0).grid.stamp().is_some());
    assert!(make(8, 7, 0, true, 1.0).grid.stamp().is_none());
    assert!(make(9, 6, 0, false, 1.0).grid.stamp().is_none());
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
        let case = make(11, 9, seed, perfect, 1.0);
        let mut bytes = hex::to_string(&case.grid, case.entry, case.exit, &case.path).into_bytes();
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
