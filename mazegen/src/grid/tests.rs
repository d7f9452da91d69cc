//! Tests of the grid: walls, the 42, the courtyard and the size limits.

use super::*;

#[test]
fn a_new_grid_is_fully_closed() {
    let grid = Grid::new(5, 4).unwrap();
    assert!(grid.positions().all(|p| grid.walls(p) == Walls::CLOSED));
    assert_eq!(grid.cell_count(), 20);
    assert_eq!(grid.stamp(), None);
}

#[test]
fn opening_a_wall_opens_both_sides() {
    let mut grid = Grid::new(3, 3).unwrap();
    let p = Pos::new(1, 1);
    for dir in Dir::ALL {
        assert!(grid.set_wall(p, dir, false));
        let n = grid.neighbour(p, dir).unwrap();
        assert!(grid.is_open(p, dir));
        assert!(grid.is_open(n, dir.opposite()));
    }
    assert_eq!(grid.walls(p).bits(), 0);
    assert_eq!(grid.walls(Pos::new(1, 0)).hex_digit(), b'B');
    assert_eq!(grid.walls(Pos::new(0, 1)).hex_digit(), b'D');
    assert!(grid.set_wall(p, Dir::North, true));
    assert!(grid.is_closed(Pos::new(1, 0), Dir::South));
}

#[test]
fn border_walls_stay_closed() {
    let mut grid = Grid::new(2, 2).unwrap();
    assert!(!grid.set_wall(Pos::new(0, 0), Dir::North, false));
    assert!(!grid.set_wall(Pos::new(1, 1), Dir::East, false));
    assert!(grid.positions().all(|p| grid.walls(p) == Walls::CLOSED));
}

#[test]
fn stamp_cells_are_locked_closed() {
    let mut grid = Grid::new(9, 7).unwrap();
    let stamp = grid.stamp().expect("9x7 has room for the 42");
    let cell = stamp.cells().next().unwrap();
    assert!(grid.is_locked(cell));
    for dir in Dir::ALL {
        assert!(!grid.set_wall(cell, dir, false));
    }
    assert_eq!(grid.positions().filter(|&p| grid.is_locked(p)).count(), 18);
    assert_eq!(grid.open_cell_count(), 9 * 7 - 18);
    assert_eq!(Grid::new(8, 7).unwrap().open_cell_count(), 8 * 7);
}

#[test]
fn the_courtyard_is_open_inside_and_stays_open() {
    let mut grid = Grid::planned(25, 20, true).unwrap();
    let yard = grid.courtyard().expect("25x20 has room for a courtyard");
    assert_eq!(
        grid.positions().filter(|&p| grid.in_courtyard(p)).count(),
        9
    );
    assert_eq!(grid.walls(yard.centre()).bits(), 0);
    assert_eq!(grid.walls(yard.origin()), Walls::from_bits(0b1001));
    assert!(!grid.set_wall(yard.centre(), Dir::North, true));
    assert!(grid.is_open(yard.centre(), Dir::North));
    // Its outside walls are ordinary: doors may be opened and closed.
    assert!(grid.set_wall(yard.origin(), Dir::North, false));
    assert!(grid.set_wall(yard.origin(), Dir::North, true));
    let stamp = grid.stamp().expect("the 42 moved, not dropped");
    assert!(
        stamp
            .cells()
            .all(|c| grid.is_locked(c) && !yard.contains(c))
    );
}

#[test]
fn an_open_courtyard_is_recognised_and_a_walled_one_is_not() {
    let yard = Courtyard::centred(11, 11).unwrap();
    let mut walled = Grid::with_stamp(11, 11, None).unwrap();
    assert!(!walled.mark_courtyard_if_open(yard));
    assert_eq!(walled.courtyard(), None);
    let mut open = Grid::with_stamp(11, 11, None).unwrap();
    for p in yard.cells() {
        for d in [Dir::East, Dir::South] {
            if open.neighbour(p, d).is_some_and(|n| yard.contains(n)) {
                open.set_wall(p, d, false);
            }
        }
    }
    assert!(open.mark_courtyard_if_open(yard));
    // 11x11 has no room for the 42 beside a courtyard.
    assert_eq!(open, Grid::planned(11, 11, true).unwrap());
}

#[test]
fn lock_if_closed_refuses_an_opened_stamp() {
    let mut grid = Grid::with_stamp(9, 7, None).unwrap();
    let stamp = Stamp::centred(9, 7).unwrap();
    let cell = stamp.cells().next().unwrap();
    grid.set_wall(cell, Dir::West, false);
    assert!(!grid.lock_if_closed(stamp));
    assert_eq!(grid.stamp(), None);
    grid.set_wall(cell, Dir::West, true);
    assert!(grid.lock_if_closed(stamp));
    assert_eq!(grid.stamp(), Some(stamp));
}

#[test]
fn size_limits_are_enforced() {
    let narrow = Grid::new(1, 5).unwrap_err();
    assert!(
        matches!(
            narrow,
            crate::Error::Side {
                side: "WIDTH",
                value: 1
            }
        ),
        "{narrow:?}"
    );
    assert_eq!(
        narrow.to_string(),
        "WIDTH must be between 2 and 100000, got 1"
    );
    assert!(matches!(
        check_size(5, MAX_SIDE + 1),
        Err(SizeError::Side { side: "HEIGHT", .. })
    ));
    assert!(matches!(
        check_size(MAX_SIDE, MAX_SIDE),
        Err(SizeError::TooManyCells { .. })
    ));
    assert!(check_size(10_000, 10_000).is_ok());
}

#[test]
fn index_and_pos_are_inverse() {
    let grid = Grid::new(7, 3).unwrap();
    for (i, p) in grid.positions().enumerate() {
        assert_eq!(grid.index(p), i);
        assert_eq!(grid.pos(i), p);
    }
}
