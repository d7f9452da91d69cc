//! Tests of the wall followers.

use super::*;
use crate::solve::testing::{self, Maze, open_room};

fn walkers(grid: &Grid, from: Pos, to: Pos) -> [WallFollower; 2] {
    [Hand::Left, Hand::Right].map(|hand| WallFollower::new(grid, from, to, hand))
}

#[test]
fn always_find_the_only_path_of_a_perfect_maze() {
    for maze in testing::mazes().into_iter().filter(|m| m.perfect) {
        for mut walker in walkers(&maze.grid, maze.from, maze.to) {
            assert!(testing::run_checked(&mut walker, &maze), "{maze}");
            let bfs = crate::shortest_path(&maze.grid, maze.from, maze.to);
            assert_eq!(walker.solution(), bfs, "{maze} {:?}", walker.hand);
        }
    }
}

#[test]
fn find_a_simple_path_or_give_up_on_boards() {
    let (mut runs, mut gave_up) = (0, 0);
    for maze in testing::mazes().into_iter().filter(|m| !m.perfect) {
        for mut walker in walkers(&maze.grid, maze.from, maze.to) {
            // `run_checked` checks the path is simple and the walk ends.
            let found = testing::run_checked(&mut walker, &maze);
            gave_up += usize::from(!found);
            runs += 1;
            if !found {
                assert!(walker.visited() < maze.grid.cell_count() as u64);
            }
        }
    }
    // Braided boards have walls standing free of the border, and a hand on one of them
    // goes round it: walkers get there most of the time, not always.
    assert!(
        gave_up > 0 && gave_up * 2 < runs,
        "{gave_up} of {runs} gave up"
    );
}

#[test]
fn give_up_when_circling_round_a_pillar() {
    // In an open room a walker keeps turning towards its hand: round and round the corner
    // where four cells meet, never reaching the far corner. The fourth move would bring it
    // back to the start facing north, as it started.
    let grid = open_room(3, 3);
    let (from, to) = (Pos::new(1, 1), Pos::new(2, 0));
    let rounds = [[(0, 1), (0, 2), (1, 2)], [(2, 1), (2, 2), (1, 2)]];
    for (mut walker, round) in walkers(&grid, from, to).into_iter().zip(rounds) {
        let events: Vec<SolveEvent> = testing::trace(&mut walker, &grid)
            .into_iter()
            .map(|(event, _)| event)
            .collect();
        let mut expected: Vec<SolveEvent> = round.iter().map(|&c| visit(c)).collect();
        expected.push(SolveEvent::Done { found: false });
        assert_eq!(events, expected, "{:?}", walker.hand);
        assert_eq!(walker.visited(), 4);
        assert_eq!(walker.head(), Some(Pos::new(1, 2)));
        assert_eq!(walker.solution(), None);
    }
}

fn visit((x, y): (u32, u32)) -> SolveEvent {
    SolveEvent::Visit {
        cell: Pos::new(x, y),
    }
}

fn retreat((x, y): (u32, u32), (to_x, to_y): (u32, u32)) -> SolveEvent {
    SolveEvent::Retreat {
        from: Pos::new(x, y),
        to: Pos::new(to_x, to_y),
    }
}

/// A 5x3 maze: a ring of eight cells round the closed cell (3,1), joined at (2,1) to a
/// corridor going west to (0,1).
fn ring_and_corridor() -> Grid {
    let mut grid = Grid::with_stamp(5, 3, None).unwrap();
    let ring = [
        (2, 1),
        (2, 2),
        (3, 2),
        (4, 2),
        (4, 1),
        (4, 0),
        (3, 0),
        (2, 0),
    ];
    let corridor = [(0, 1), (1, 1), (2, 1)];
    let ring_closed = ring.iter().chain(&ring[..1]);
    for (a, b) in ring_closed.clone().zip(ring_closed.skip(1)) {
        open_between(&mut grid, *a, *b);
    }
    for (a, b) in corridor.iter().zip(&corridor[1..]) {
        open_between(&mut grid, *a, *b);
    }
    grid
}

fn open_between(grid: &mut Grid, (x, y): (u32, u32), (to_x, to_y): (u32, u32)) {
    let (a, b) = (Pos::new(x, y), Pos::new(to_x, to_y));
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| grid.neighbour(a, d) == Some(b))
        .unwrap();
    assert!(grid.set_wall(a, dir, false));
}

#[test]
fn a_closed_loop_is_cut_off_the_path_one_cell_a_step() {
    // From (1,1) facing north the right hand goes east into the ring, round it with its
    // hand on the border, back into (2,1) from the north: the ring is cut off the path.
    // Then it walks back west and finds (0,1).
    let maze = Maze {
        grid: ring_and_corridor(),
        from: Pos::new(1, 1),
        to: Pos::new(0, 1),
        perfect: false,
        seed: 0,
    };
    let mut walker = WallFollower::new(&maze.grid, maze.from, maze.to, Hand::Right);
    let events: Vec<SolveEvent> = testing::trace(&mut walker, &maze.grid)
        .into_iter()
        .map(|(event, _)| event)
        .collect();
    let ring = [
        (2, 1),
        (2, 2),
        (3, 2),
        (4, 2),
        (4, 1),
        (4, 0),
        (3, 0),
        (2, 0),
    ];
    let mut expected: Vec<SolveEvent> = ring.iter().map(|&c| visit(c)).collect();
    for k in (1..ring.len()).rev() {
        expected.push(retreat(ring[k], ring[k - 1]));
    }
    expected.extend([
        retreat((2, 1), (1, 1)),
        visit((0, 1)),
        SolveEvent::Done { found: true },
    ]);
    assert_eq!(events, expected);
    assert_eq!(walker.solution().unwrap().to_string(), "W");
    assert_eq!(walker.visited(), 10);
    assert_eq!(walker.cell_state(Pos::new(3, 0)), SearchState::Discarded);
    assert_eq!(walker.cell_state(Pos::new(0, 1)), SearchState::Frontier);

    let mut left = WallFollower::new(&maze.grid, maze.from, maze.to, Hand::Left);
    assert!(testing::run_checked(&mut left, &maze));
    assert_eq!(left.solution().unwrap().to_string(), "W");
    let mut right = WallFollower::new(&maze.grid, maze.from, maze.to, Hand::Right);
    assert!(testing::run_checked(&mut right, &maze));
}

#[test]
fn give_up_with_the_hand_on_an_island() {
    // From the ring's east side facing north, the left hand keeps to the closed cell in
    // the middle and goes round it for ever; the right hand keeps to the border and gets
    // out.
    let maze = Maze {
        grid: ring_and_corridor(),
        from: Pos::new(4, 1),
        to: Pos::new(0, 1),
        perfect: false,
        seed: 0,
    };
    let [mut left, mut right] = walkers(&maze.grid, maze.from, maze.to);
    assert!(!testing::run_checked(&mut left, &maze));
    assert_eq!(left.visited(), 8);
    assert_eq!(left.head(), Some(Pos::new(4, 2)));
    assert!(testing::run_checked(&mut right, &maze));
    assert_eq!(right.solution().unwrap().to_string(), "NWWSWW");
}

#[test]
fn a_walled_in_start_gives_up_at_once() {
    let grid = Grid::new(4, 4).unwrap();
    for mut walker in walkers(&grid, Pos::new(0, 0), Pos::new(3, 3)) {
        assert_eq!(walker.step(&grid), SolveEvent::Done { found: false });
        assert_eq!(walker.visited(), 1);
    }
}

#[test]
fn the_hands_turn_their_own_way() {
    assert_eq!(
        Hand::Left.order(Dir::North),
        [Dir::West, Dir::North, Dir::East, Dir::South]
    );
    assert_eq!(
        Hand::Right.order(Dir::West),
        [Dir::North, Dir::West, Dir::South, Dir::East]
    );
}
