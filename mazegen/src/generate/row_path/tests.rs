//! Tests of the path found by filling in dead ends row by row.

use proptest::prelude::*;

use super::*;
use crate::generate::{Algorithm, Generator, MazeOptions};
use crate::grid::Grid;
use crate::solve::shortest_path;

/// The path [`RowPath`] reads from `grid`'s rows handed over one by one, and the grid's bytes
/// after it (which should be the grid's own: no mark left).
fn row_path(grid: &Grid, from: Pos, to: Pos) -> (Option<Vec<Dir>>, Grid) {
    let mut after = grid.clone();
    let rows = after.rows();
    let mut path = RowPath::new(rows, from, to).unwrap();
    for row in after.raw_mut().chunks_exact_mut(rows.width()) {
        path.push_row(row);
    }
    (path.finish(), after)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Over every algorithm's perfect mazes, thin and square, with the 42 and the courtyard
    /// (whose open inside is no tree: the path goes round it), between any two cells: the
    /// path is the search's, and the grid is left as it was.
    #[test]
    fn is_the_searchs_path_on_every_perfect_maze(
        algorithm in prop::sample::select(Algorithm::ALL.to_vec()),
        width in 2u32..40,
        height in 2u32..40,
        seed in any::<u64>(),
        courtyard in any::<bool>(),
        ends in any::<(u32, u32, u32, u32)>(),
    ) {
        let options = MazeOptions::new(width, height)
            .seed(seed)
            .algorithm(algorithm)
            .courtyard(courtyard);
        let grid = Generator::generate_grid(options).unwrap();
        let pick = |a: u32, b: u32| Pos::new(a % width, b % height);
        let (from, to) = (pick(ends.0, ends.1), pick(ends.2, ends.3));
        prop_assume!(!grid.is_locked(from) && !grid.is_locked(to));
        let inside = |p: Pos| grid.in_courtyard(p);
        let (path, after) = row_path(&grid, from, to);
        prop_assert_eq!(&after, &grid);
        match path {
            Some(path) => {
                let searched = shortest_path(&grid, from, to).unwrap();
                prop_assert_eq!(path, searched.dirs().to_vec());
            }
            // Only a path through the courtyard's open inside is left to the search: from
            // or to it, or across it.
            None => {
                let searched = shortest_path(&grid, from, to).unwrap();
                let across = searched.cells(&grid).any(inside);
                prop_assert!(courtyard && across, "{:?} to {:?}", from, to);
            }
        }
    }
}

#[test]
fn the_path_from_a_cell_to_itself_is_empty() {
    let grid = Generator::generate_grid(MazeOptions::new(9, 7).seed(3)).unwrap();
    let here = Pos::new(4, 3);
    let (path, after) = row_path(&grid, here, here);
    assert_eq!(path, Some(Vec::new()));
    assert_eq!(after, grid);
}

#[test]
fn ends_in_trees_apart_have_no_path_and_leave_no_mark() {
    // The corner walled off: two trees.
    let mut grid = Generator::generate_grid(MazeOptions::new(12, 10).seed(5)).unwrap();
    let corner = Pos::new(11, 9);
    grid.set_wall(corner, Dir::North, true);
    grid.set_wall(corner, Dir::West, true);
    for (from, to) in [(Pos::new(0, 0), corner), (corner, Pos::new(3, 0))] {
        let (path, after) = row_path(&grid, from, to);
        assert_eq!(path, None);
        assert_eq!(after, grid);
    }
}

#[test]
fn a_loop_is_no_tree_and_leaves_no_mark() {
    // A perfect maze with one more wall opened: a loop, which the path may go round.
    let mut grid = Generator::generate_grid(MazeOptions::new(10, 10).seed(8)).unwrap();
    let opened = grid
        .positions()
        .find(|&p| p.x < 9 && grid.is_closed(p, Dir::East))
        .unwrap();
    grid.set_wall(opened, Dir::East, false);
    let (from, to) = (Pos::new(0, 0), Pos::new(9, 9));
    let (path, after) = row_path(&grid, from, to);
    assert_eq!(after, grid);
    if let Some(path) = path {
        // The loop is not on the way: the one path left is the search's.
        assert_eq!(path, shortest_path(&grid, from, to).unwrap().dirs());
    }
}

#[test]
fn rows_that_stop_short_give_no_path_and_leave_no_mark() {
    let grid = Generator::generate_grid(MazeOptions::new(8, 8).seed(2)).unwrap();
    let mut after = grid.clone();
    let rows = after.rows();
    let mut path = RowPath::new(rows, Pos::new(0, 0), Pos::new(7, 7)).unwrap();
    for row in after.raw_mut().chunks_exact_mut(8).take(5) {
        path.push_row(row);
    }
    assert_eq!(path.finish(), None);
    assert_eq!(after, grid);
}

#[test]
fn every_cell_but_the_path_is_filled_in_once_the_rows_are_in() {
    // Checked before the path is read: the marks left are the path's cells, the rest none.
    let grid = Generator::generate_grid(
        MazeOptions::new(30, 20)
            .seed(11)
            .algorithm(Algorithm::Eller),
    )
    .unwrap();
    let (from, to) = (Pos::new(0, 0), Pos::new(29, 19));
    let mut after = grid.clone();
    let rows = after.rows();
    let mut path = RowPath::new(rows, from, to).unwrap();
    for row in after.raw_mut().chunks_exact_mut(30) {
        path.push_row(row);
    }
    drop(path);
    let searched = shortest_path(&grid, from, to).unwrap();
    let on_path: Vec<Pos> = searched.cells(&grid).collect();
    for p in grid.positions() {
        let marked = after.raw()[after.index(p)] & MARKS != 0;
        assert_eq!(marked, on_path.contains(&p), "{p}");
    }
}

#[test]
fn the_marks_count_the_ways_and_name_the_last() {
    for ways in 0..16u8 {
        let marks = marks_of_ways(ways);
        let n = ways.count_ones();
        if n == 4 {
            assert_eq!(marks, FOUR);
        } else {
            assert_eq!(u32::from(count(marks)), n, "{ways:04b}");
        }
        if n == 1 {
            assert_eq!(1 << way_sum(marks), ways);
        }
        // Each way taken away leaves the marks of the ways left.
        for back in (0..4).filter(|&d| ways & (1 << d) != 0) {
            assert_eq!(
                without(marks, back),
                marks_of_ways(ways & !(1 << back)),
                "{ways:04b} {back}"
            );
        }
    }
}

#[test]
fn steps_go_one_cell_each_way() {
    assert_eq!(step(5, 5, Dir::North as u8), (5, 4));
    assert_eq!(step(5, 5, Dir::East as u8), (6, 5));
    assert_eq!(step(5, 5, Dir::South as u8), (5, 6));
    assert_eq!(step(5, 5, Dir::West as u8), (4, 5));
}
