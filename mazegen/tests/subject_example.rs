//! The subject's own 25x20 example output: read, written back byte for byte, and validated.

use mazegen::config::Config;
use mazegen::format::{Hex, MazeFile};
use mazegen::validate::{Expected, MazeKind, Violation, validate_file};
use mazegen::{MazeStats, Pos};

const EXAMPLE: &str = include_str!("fixtures/subject_example_25x20.txt");
const CONFIG: &str = "tests/fixtures/subject_example_25x20.config.txt";

fn expected_from_config() -> Expected {
    Expected::from_config(&Config::load(CONFIG).expect("the example's config is valid"))
}

#[test]
fn reads_the_example() {
    let file = MazeFile::parse(EXAMPLE).unwrap();
    assert_eq!((file.width(), file.height()), (25, 20));
    assert_eq!((file.entry, file.exit), (Pos::new(1, 1), Pos::new(19, 14)));
    assert_eq!(file.path.len(), 45);
    assert!(
        file.to_grid().stamp().is_some(),
        "the example has its 42 where the SPEC puts it"
    );
}

#[test]
fn writes_the_example_back_byte_identical() {
    let file = MazeFile::parse(EXAMPLE).unwrap();
    let written = Hex::grid_to_string(&file.to_grid(), file.entry, file.exit, &file.solution());
    assert_eq!(written, EXAMPLE);
}

#[test]
fn validates_except_for_its_dead_ends() {
    let file = MazeFile::parse(EXAMPLE).unwrap();
    let found = validate_file(&file, &expected_from_config());
    assert!(
        matches!(found[..], [Violation::TooManyDeadEnds { count, limit: 2 }] if (20..=30).contains(&count)),
        "{found:?}"
    );
    // It is an imperfect maze with loops, so it is no perfect maze either.
    let as_perfect = Expected {
        kind: Some(MazeKind::Perfect),
        ..expected_from_config()
    };
    assert!(
        validate_file(&file, &as_perfect)
            .iter()
            .any(|v| matches!(v, Violation::NotPerfect { .. }))
    );
    assert!(MazeStats::measure(&file.to_grid(), None).dead_ends >= 20);
}

#[test]
fn validates_fully_as_a_lightly_braided_board() {
    let file = MazeFile::parse(EXAMPLE).unwrap();
    let braided = Expected {
        kind: Some(MazeKind::Board { braid: 0.5 }),
        ..expected_from_config()
    };
    assert_eq!(validate_file(&file, &braided), []);
}
