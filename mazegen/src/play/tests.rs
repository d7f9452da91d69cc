use std::sync::Arc;

use super::*;
use crate::{MazeOptions, shortest_path};

/// A maze of `width` x `height` cells, all walls closed except the passages `open` lists (a
/// cell and the side to open), with no 42, entry `entry` and exit `exit`.
fn drawn(width: u32, height: u32, open: &[(u32, u32, Dir)], entry: Pos, exit: Pos) -> Arc<Maze> {
    let mut grid = Grid::with_stamp(width, height, None).unwrap();
    for &(x, y, dir) in open {
        assert!(grid.set_wall(Pos::new(x, y), dir, false));
    }
    Arc::new(Maze::new(
        MazeOptions::new(width, height),
        grid,
        entry,
        exit,
    ))
}

/// A straight corridor along row 1 of a 5x3 maze, with a branch north at x = 2 and a bend
/// south at its east end:
///
/// ```text
/// . . B . .
/// E . J . C
/// . . . . X
/// ```
fn junction_maze() -> Arc<Maze> {
    drawn(
        5,
        3,
        &[
            (0, 1, Dir::East),
            (1, 1, Dir::East),
            (2, 1, Dir::East),
            (3, 1, Dir::East),
            (2, 1, Dir::North),
            (4, 1, Dir::South),
        ],
        Pos::new(0, 1),
        Pos::new(4, 2),
    )
}

fn generated(width: u32, height: u32, seed: u64, perfect: bool) -> Arc<Maze> {
    let options = MazeOptions::new(width, height).seed(seed).perfect(perfect);
    let exit = Pos::new(width - 1, height - 1);
    Arc::new(Maze::generate(options, Pos::new(0, 0), exit).unwrap())
}

#[test]
fn walking_the_shortest_path_wins_in_as_many_moves() {
    let maze = generated(25, 20, 42, true);
    let path = maze.solution().unwrap().clone();
    let mut game = Game::new(Arc::clone(&maze));
    assert!(game.chasers().is_empty(), "a perfect maze has no chasers");
    for (i, &dir) in path.dirs().iter().enumerate() {
        assert_eq!(game.outcome(), Outcome::Playing, "after {i} moves");
        assert_eq!(game.step(dir), 1);
    }
    assert_eq!(game.outcome(), Outcome::Won);
    assert_eq!(game.walker(), maze.exit());
    assert_eq!(game.moves(), path.len() as u64);
    assert_eq!(game.ratio(), Some(1.0));
    assert_eq!(game.trail().len(), path.len() + 1);
    assert_eq!(
        game.trail(),
        path.cells(maze.grid()).collect::<Vec<_>>().as_slice()
    );
    // Over: nothing moves any more.
    let back = path.dirs().last().unwrap().opposite();
    assert_eq!(game.step(back), 0);
    assert_eq!(game.moves(), path.len() as u64);
}

#[test]
fn walls_and_the_border_block_without_counting_a_move() {
    let mut game = Game::new(junction_maze());
    assert_eq!(game.step(Dir::West), 0, "the border");
    assert_eq!(game.step(Dir::North), 0, "a wall");
    assert_eq!(game.moves(), 0);
    assert_eq!(game.step(Dir::East), 1);
    assert_eq!(game.step(Dir::West), 1);
    assert_eq!(game.moves(), 2, "going back is a move too");
    assert_eq!(game.walker(), Pos::new(0, 1));
    assert_eq!(game.ratio(), None, "no ratio before the exit");
}

#[test]
fn running_stops_at_junctions_and_follows_bends_to_the_exit() {
    let mut game = Game::new(junction_maze());
    assert_eq!(game.run(Dir::East), 2);
    assert_eq!(game.walker(), Pos::new(2, 1), "stopped at the junction");
    // On from the junction: along the corridor and round the bend, to the exit.
    assert_eq!(game.run(Dir::East), 3);
    assert_eq!(game.walker(), Pos::new(4, 2));
    assert_eq!(game.outcome(), Outcome::Won);
    assert_eq!(game.moves(), 5);
    assert_eq!(game.shortest(), Some(5));
    assert_eq!(game.run(Dir::North), 0);
}

#[test]
fn running_into_a_dead_end_stops_there() {
    let mut game = Game::new(junction_maze());
    game.run(Dir::East);
    assert_eq!(game.run(Dir::North), 1);
    assert_eq!(game.walker(), Pos::new(2, 0));
    assert_eq!(game.run(Dir::North), 0);
}

#[test]
fn the_walker_sees_down_straight_corridors_but_not_round_corners() {
    let mut game = Game::new(junction_maze());
    let seen = |game: &Game| {
        let mut cells: Vec<Pos> = (0..3)
            .flat_map(|y| (0..5).map(move |x| Pos::new(x, y)))
            .filter(|&p| game.seen(p))
            .collect();
        cells.sort_by_key(|p| (p.y, p.x));
        cells
    };
    // From the entry, the whole row to the bend; not the branch, nor round the bend.
    let row: Vec<Pos> = (0..5).map(|x| Pos::new(x, 1)).collect();
    assert_eq!(seen(&game), row);
    game.run(Dir::East);
    assert!(game.seen(Pos::new(2, 0)), "the branch, from the junction");
    assert!(!game.seen(Pos::new(4, 2)));
    game.run(Dir::East);
    assert!(game.seen(Pos::new(4, 2)));
    assert!(!game.seen(Pos::new(0, 0)), "walled off, never seen");
}

#[test]
fn chasers_take_one_step_for_every_two_and_catch_the_walker() {
    // A corridor of 7 cells; the chaser at its far end.
    let open: Vec<(u32, u32, Dir)> = (0..6).map(|x| (x, 0, Dir::East)).collect();
    let maze = drawn(7, 2, &open, Pos::new(0, 0), Pos::new(6, 0));
    let mut game = Game::with_chasers(maze, vec![Pos::new(6, 0)]);
    game.step(Dir::East);
    assert_eq!(
        game.chasers(),
        [Pos::new(6, 0)],
        "one move: the chaser waits"
    );
    game.step(Dir::East);
    assert_eq!(
        game.chasers(),
        [Pos::new(5, 0)],
        "two moves: one step closer"
    );
    game.step(Dir::East);
    game.step(Dir::East);
    // The walker at 4, the chaser steps from 5 onto it.
    assert_eq!(game.outcome(), Outcome::Caught);
    assert_eq!(game.chasers(), [Pos::new(4, 0)]);
    assert_eq!(game.step(Dir::West), 0, "caught ends the round");
}

#[test]
fn walking_into_a_chaser_is_being_caught() {
    let open: Vec<(u32, u32, Dir)> = (0..4).map(|x| (x, 0, Dir::East)).collect();
    let maze = drawn(5, 2, &open, Pos::new(0, 0), Pos::new(4, 0));
    let mut game = Game::with_chasers(maze, vec![Pos::new(1, 0)]);
    game.step(Dir::East);
    assert_eq!(game.outcome(), Outcome::Caught);
    assert_eq!(game.moves(), 1);
}

#[test]
fn running_stops_when_a_chaser_comes_into_sight() {
    // An L: east along row 0, then south down column 4, where the chaser waits round the bend.
    let mut open: Vec<(u32, u32, Dir)> = (0..4).map(|x| (x, 0, Dir::East)).collect();
    open.extend((0..4).map(|y| (4, y, Dir::South)));
    let maze = drawn(5, 5, &open, Pos::new(0, 0), Pos::new(0, 1));
    let mut game = Game::with_chasers(maze, vec![Pos::new(4, 4)]);
    assert_eq!(game.run(Dir::East), 4);
    assert_eq!(
        game.walker(),
        Pos::new(4, 0),
        "the chaser is in sight at the bend"
    );
    assert_eq!(game.chasers(), [Pos::new(4, 2)]);
}

#[test]
fn chasers_follow_shortest_paths_round_loops() {
    let maze = generated(15, 10, 5, false);
    let walker = maze.entry();
    let mut chasers = vec![Pos::new(14, 9), Pos::new(7, 5), Pos::new(10, 0)];
    let before: Vec<usize> = chasers
        .iter()
        .map(|&c| shortest_path(maze.grid(), c, walker).unwrap().len())
        .collect();
    chase::advance(maze.grid(), walker, &mut chasers);
    for (i, &c) in chasers.iter().enumerate() {
        let after = shortest_path(maze.grid(), c, walker).unwrap().len();
        assert_eq!(after + 1, before[i], "chaser {i} got one step closer");
    }
}

#[test]
fn a_chaser_beyond_the_sensing_range_waits() {
    let open: Vec<(u32, u32, Dir)> = (0..9).map(|x| (x, 0, Dir::East)).collect();
    let maze = drawn(10, 2, &open, Pos::new(0, 0), Pos::new(9, 0));
    let mut chasers = vec![Pos::new(9, 0), Pos::new(3, 0)];
    chase::advance_within(maze.grid(), Pos::new(0, 0), &mut chasers, 5);
    assert_eq!(
        chasers,
        [Pos::new(9, 0), Pos::new(2, 0)],
        "only the near one moves"
    );
    chase::advance_within(maze.grid(), Pos::new(0, 0), &mut chasers, 100);
    assert_eq!(chasers, [Pos::new(8, 0), Pos::new(1, 0)]);
}

#[test]
fn boards_get_chasers_from_their_seed_far_from_the_entry() {
    let maze = generated(25, 20, 42, false);
    let game = Game::new(Arc::clone(&maze));
    assert_eq!(game.chasers().len(), 4);
    assert_eq!(
        Game::new(Arc::clone(&maze)).chasers(),
        game.chasers(),
        "same seed, same cells"
    );
    let other = Game::new(generated(25, 20, 43, false));
    assert_ne!(other.chasers(), game.chasers());
    let farthest = maze
        .grid()
        .positions()
        .filter_map(|p| shortest_path(maze.grid(), maze.entry(), p))
        .map(|s| s.len())
        .max()
        .unwrap();
    for (i, &c) in game.chasers().iter().enumerate() {
        let distance = shortest_path(maze.grid(), maze.entry(), c).unwrap().len();
        assert!(
            2 * distance >= farthest,
            "chaser {c} is {distance} away of {farthest}"
        );
        assert_ne!(c, maze.exit());
        assert!(!game.chasers()[..i].contains(&c), "distinct cells");
    }
    assert_eq!(chaser_count(63), 1);
    assert_eq!(chaser_count(300), 2);
    assert_eq!(chaser_count(1_000_000), MAX_CHASERS);
}
