//! Wall followers: walk with one hand on the wall until the goal turns up.
//!
//! The walker stands in a cell, facing the way it last moved (north at the start). Each step
//! it turns towards its hand if it can, else goes straight on, else turns away from it, else
//! turns back: one move a step. In a perfect maze this walks round the whole tree, every
//! corridor once each way, so it always reaches the goal; in a maze with loops it can circle
//! round an island of walls forever.
//!
//! **Circling.** The next move only depends on the cell and the facing, so as soon as the
//! walker would stand in a cell facing a way it has stood there before, it would repeat the
//! same round for ever without meeting the goal (it would have stopped there the first time).
//! Each cell keeps four bits, one per facing; a move into a state already seen gives up with
//! `Done { found: false }`. There are 4 states a cell, so the walk makes at most 4 x cells
//! moves.
//!
//! **The path.** The walk itself doubles back and goes round loops; its solution is the walk
//! with loops erased, a simple path. The walker keeps that path as it goes: stepping into a
//! cell on the path (back out of a dead end, or round a loop) cuts the path back to that cell.
//! Cutting a long loop is done one cell a step ([`SolveEvent::Retreat`]) while the walker
//! waits, so no step does more than constant work; the walk and its cuts total at most
//! 8 x cells steps.

use super::{Search, SearchState, Solution, SolveEvent, Solver};
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, RowMajor};

/// Which hand stays on the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    Left,
    Right,
}

impl Hand {
    /// The directions to try, in order, when facing `facing`: towards the hand, straight on,
    /// away from it, back.
    fn order(self, facing: Dir) -> [Dir; 4] {
        let turn = |quarters: u8| Dir::from_index(facing as u8 + quarters);
        match self {
            Hand::Left => [turn(3), turn(0), turn(1), turn(2)],
            Hand::Right => [turn(1), turn(0), turn(3), turn(2)],
        }
    }
}

/// Per-cell byte: bits 0-3 ([`Dir::bit`]), whether the walker has stood here facing each
/// direction; then whether it has walked here at all, and whether the cell is on the
/// (loop-erased) path.
const WALKED: u8 = 16;
const ON_PATH: u8 = 32;

/// A wall follower. Needs one byte a cell, plus one a cell of the current path.
#[derive(Clone, Debug)]
pub struct WallFollower {
    hand: Hand,
    rows: RowMajor,
    from: usize,
    to: usize,
    cells: Vec<u8>,
    /// Where the walker stands, and the way it faces.
    at: usize,
    facing: Dir,
    /// The walk so far with loops erased: the moves from the start.
    path: Vec<Dir>,
    /// The path's last cell: `at`, unless a loop is still being cut.
    path_end: usize,
    walked: u64,
    found: bool,
    done: bool,
}

impl WallFollower {
    /// A walk on `grid` from `from` to `to`, both inside it, starting out facing north.
    pub fn new(grid: &Grid, from: Pos, to: Pos, hand: Hand) -> WallFollower {
        let (from_i, to_i) = (grid.index(from), grid.index(to));
        let facing = Dir::North;
        let mut cells = vec![0; grid.cell_count()];
        cells[from_i] = WALKED | ON_PATH | facing.bit();
        WallFollower {
            hand,
            rows: grid.rows(),
            from: from_i,
            to: to_i,
            cells,
            at: from_i,
            facing,
            path: Vec::new(),
            path_end: from_i,
            walked: 1,
            found: from == to,
            done: false,
        }
    }

    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// Takes the last cell off the path and reports it.
    fn cut(&mut self) -> SolveEvent {
        let dir = self
            .path
            .pop()
            .expect("the cut stops at a cell on the path");
        let end = self.path_end;
        self.cells[end] &= !ON_PATH;
        self.path_end = self.rows.step(end, dir.opposite());
        SolveEvent::Retreat {
            from: self.rows.pos(end),
            to: self.rows.pos(self.path_end),
        }
    }
}

impl Search for WallFollower {
    fn solver(&self) -> Solver {
        match self.hand {
            Hand::Left => Solver::LeftHand,
            Hand::Right => Solver::RightHand,
        }
    }

    /// Cuts one cell of a loop off the path, or makes one move.
    fn step(&mut self, grid: &Grid) -> SolveEvent {
        debug_assert_eq!(grid.cell_count(), self.cells.len(), "not the search's grid");
        if self.done || self.found {
            self.done = true;
            return SolveEvent::Done { found: self.found };
        }
        if self.path_end != self.at {
            return self.cut();
        }
        let raw = grid.raw();
        let Some((dir, next)) = self
            .hand
            .order(self.facing)
            .into_iter()
            .find_map(|d| self.rows.open_neighbour(raw, self.at, d).map(|n| (d, n)))
        else {
            // Walled in.
            self.done = true;
            return SolveEvent::Done { found: false };
        };
        if self.cells[next] & dir.bit() != 0 {
            // Been here facing this way: the walk would go round in circles.
            self.done = true;
            return SolveEvent::Done { found: false };
        }
        self.cells[next] |= dir.bit();
        self.at = next;
        self.facing = dir;
        if self.cells[next] & ON_PATH != 0 {
            // Back onto the path: cut it back to here, starting with the cell just left.
            return self.cut();
        }
        self.walked += u64::from(self.cells[next] & WALKED == 0);
        self.cells[next] |= WALKED | ON_PATH;
        self.path.push(dir);
        self.path_end = next;
        self.found = next == self.to;
        SolveEvent::Visit {
            cell: self.rows.pos(next),
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    /// Distinct cells walked, the start included.
    fn visited(&self) -> u64 {
        self.walked
    }

    /// The walk from the start to the goal with its loops erased.
    fn solution(&self) -> Option<Solution> {
        self.found
            .then(|| Solution::new(self.rows.pos(self.from), self.path.clone()))
    }

    /// On the path: frontier; walked but off the path: discarded.
    fn cell_state(&self, pos: Pos) -> SearchState {
        let cell = self.cells[self.rows.of(pos)];
        if cell & ON_PATH != 0 {
            SearchState::Frontier
        } else if cell & WALKED != 0 {
            SearchState::Discarded
        } else {
            SearchState::Unseen
        }
    }

    /// Where the walker stands.
    fn head(&self) -> Option<Pos> {
        Some(self.rows.pos(self.at))
    }

    /// Cells on the path.
    fn frontier_len(&self) -> usize {
        self.path.len() + 1
    }
}

#[cfg(test)]
mod tests {
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
}
