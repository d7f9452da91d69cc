//! Joins the separate trees an algorithm may leave into one maze.
//!
//! Row-by-row algorithms (binary tree, sidewinder, Eller) and recursive division cannot route
//! around the 42 or the courtyard, so they may leave a few islands. This pass opens one wall
//! between each pair of islands it joins, found by visiting the closed walls between islands in
//! a random order and opening each whose two cells are still in different trees (Kruskal's
//! rule). Joining two
//! trees by one wall never makes a loop, so a perfect maze stays perfect.

use super::GenEvent;
use super::union_find::UnionFind;
use crate::geometry::Dir;
use crate::grid::Grid;
use crate::rng::MazeRng;

#[derive(Clone, Debug)]
pub struct Linker {
    trees: UnionFind,
    /// Islands left; 1 when the maze is connected (known once the trees are joined).
    islands: u64,
    /// Closed walls between two islands, as `cell * 2 + (0 east, 1 south)`, shuffled.
    walls: Vec<u32>,
    pass: Pass,
}

/// The linker's passes. The first three look at the whole grid, so they are done a cell (a
/// swap) a step, like the rest of the work: a big grid's set-up is then no single long step for
/// a caller that animates or slices the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Joining each cell's tree with its open east and south neighbours', counting the joins.
    Joining { next: usize, joins: u64 },
    /// Listing the closed walls between two islands. Only those can join anything, and
    /// islands are few and small next to the maze: listing just those keeps the shuffle tiny.
    Listing { next: usize },
    /// Shuffling the walls: `rng.shuffle`'s Fisher-Yates at `next` going down, so the order is
    /// the one a shuffle in one go gives.
    Shuffling { next: usize },
    /// Opening the walls in that order, each whose two cells are still in different trees.
    Opening { next: usize },
}

impl Linker {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.trees.heap_bytes() + super::carve::slice_bytes(&self.walls)
    }

    /// A linker for `grid`, which it looks at in its first steps: the grid must not change
    /// in between.
    pub fn new(grid: &Grid) -> Linker {
        Linker {
            // Grown a cell a step, as the cells are joined.
            trees: UnionFind::with_capacity(grid.cell_count()),
            islands: 0,
            walls: Vec::new(),
            pass: Pass::Joining { next: 0, joins: 0 },
        }
    }

    /// Islands not yet joined (1 once the maze is connected), once the trees are joined.
    #[cfg(test)]
    pub fn islands(&self) -> u64 {
        self.islands
    }

    /// Which pass the linker is in (see [`Pass`]): steps of one pass cost about the same.
    pub fn pass_number(&self) -> u8 {
        match self.pass {
            Pass::Joining { .. } => 0,
            Pass::Listing { .. } => 1,
            Pass::Shuffling { .. } => 2,
            Pass::Opening { .. } => 3,
        }
    }

    pub fn step(&mut self, grid: &mut Grid, rng: &mut MazeRng) -> GenEvent {
        match &mut self.pass {
            Pass::Joining { next, joins } if *next < grid.cell_count() => {
                let cell = grid.pos(*next);
                *next += 1;
                // The element of the cell south of this one is the last one needed yet.
                let needed = (*next + grid.width() as usize).min(grid.cell_count());
                while self.trees.len() < needed {
                    self.trees.push();
                }
                for dir in [Dir::East, Dir::South] {
                    if grid.is_open(cell, dir) {
                        let n = grid
                            .neighbour(cell, dir)
                            .expect("open walls are inner walls");
                        let joined = self
                            .trees
                            .union(grid.index(cell) as u32, grid.index(n) as u32);
                        *joins += u64::from(joined);
                    }
                }
                GenEvent::Visit { cell }
            }
            Pass::Joining { joins, .. } => {
                self.islands = grid.open_cell_count().saturating_sub(*joins);
                if self.islands <= 1 {
                    return GenEvent::Done;
                }
                self.pass = Pass::Listing { next: 0 };
                self.step(grid, rng)
            }
            Pass::Listing { next } if *next < grid.cell_count() => {
                let cell = grid.pos(*next);
                *next += 1;
                if !grid.is_locked(cell) {
                    for (bit, dir) in [(0, Dir::East), (1, Dir::South)] {
                        let between_islands = grid.neighbour(cell, dir).is_some_and(|n| {
                            !grid.is_locked(n)
                                && grid.is_closed(cell, dir)
                                && !self
                                    .trees
                                    .equiv(grid.index(cell) as u32, grid.index(n) as u32)
                        });
                        if between_islands {
                            self.walls.push(grid.index(cell) as u32 * 2 + bit);
                        }
                    }
                }
                GenEvent::Visit { cell }
            }
            Pass::Listing { .. } => {
                self.pass = Pass::Shuffling {
                    next: self.walls.len().saturating_sub(1),
                };
                self.step(grid, rng)
            }
            Pass::Shuffling { next } if *next >= 1 => {
                let i = *next;
                let bound = u32::try_from(i + 1).expect("fewer than 2^32 walls");
                self.walls.swap(i, rng.below(bound) as usize);
                *next -= 1;
                GenEvent::Visit {
                    cell: grid.pos((self.walls[i] / 2) as usize),
                }
            }
            Pass::Shuffling { .. } => {
                self.pass = Pass::Opening { next: 0 };
                self.step(grid, rng)
            }
            Pass::Opening { next } => {
                if self.islands <= 1 {
                    return GenEvent::Done;
                }
                let Some(&wall) = self.walls.get(*next) else {
                    return GenEvent::Done;
                };
                *next += 1;
                let cell = grid.pos((wall / 2) as usize);
                let dir = if wall % 2 == 0 { Dir::East } else { Dir::South };
                let n = grid
                    .neighbour(cell, dir)
                    .expect("listed walls are inner walls");
                if !self
                    .trees
                    .union(grid.index(cell) as u32, grid.index(n) as u32)
                {
                    return GenEvent::Visit { cell };
                }
                grid.set_wall(cell, dir, false);
                self.islands -= 1;
                GenEvent::Carve { from: cell, to: n }
            }
        }
    }

    pub fn run(&mut self, grid: &mut Grid, rng: &mut MazeRng) {
        while self.step(grid, rng) != GenEvent::Done {}
    }
}

/// A linker for a replay checkpoint, without its union-find: that holds the trees of the
/// grid's open walls (those of the cells joined so far while joining, all of them after), so a
/// restore rebuilds it from the grid in one pass instead of a checkpoint keeping five bytes a
/// cell.
#[derive(Clone, Debug)]
pub struct LinkerCheckpoint {
    islands: u64,
    walls: Vec<u32>,
    pass: Pass,
}

impl Linker {
    pub fn checkpoint(&self) -> LinkerCheckpoint {
        LinkerCheckpoint {
            islands: self.islands,
            walls: self.walls.clone(),
            pass: self.pass,
        }
    }
}

impl LinkerCheckpoint {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        super::carve::slice_bytes(&self.walls)
    }

    /// The linker this was taken from, on `grid`, the grid it had then.
    pub fn restore(&self, grid: &Grid) -> Linker {
        let n = grid.cell_count();
        let (upto, len) = match self.pass {
            // The cells before `next` are joined, and the trees reach one row past them.
            Pass::Joining { next: 0, .. } => (0, 0),
            Pass::Joining { next, .. } => (next, (next + grid.width() as usize).min(n)),
            _ => (n, n),
        };
        Linker {
            trees: UnionFind::joined_along_open_walls(grid.raw(), grid.rows(), upto, len),
            islands: self.islands,
            walls: self.walls.clone(),
            pass: self.pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Pos;
    use crate::stats;

    /// A cell's neighbour in `dir` when both are open (not 42) cells.
    fn open_neighbour(grid: &Grid, p: Pos, dir: Dir) -> Option<Pos> {
        grid.neighbour(p, dir)
            .filter(|&n| !grid.is_locked(n) && !grid.is_locked(p))
    }

    /// Columns of vertical corridors, not joined to each other: `width` islands.
    fn combs(width: u32, height: u32) -> Grid {
        let mut grid = Grid::with_stamp(width, height, None).unwrap();
        for x in 0..width {
            for y in 0..height - 1 {
                grid.set_wall(Pos::new(x, y), Dir::South, false);
            }
        }
        grid
    }

    #[test]
    fn joins_every_island_with_one_wall_each_and_no_loop() {
        let mut grid = combs(7, 5);
        let mut linker = Linker::new(&grid);
        let mut rng = MazeRng::from_seed(3);
        let mut carves = 0;
        loop {
            match linker.step(&mut grid, &mut rng) {
                GenEvent::Carve { from, to } => {
                    assert!(
                        open_neighbour(&grid, from, Dir::East) == Some(to)
                            || open_neighbour(&grid, from, Dir::South) == Some(to)
                    );
                    carves += 1;
                }
                GenEvent::Visit { .. } => {}
                GenEvent::Backtrack { .. } | GenEvent::Wall { .. } => {
                    panic!("the linker only carves and visits")
                }
                GenEvent::Done => break,
            }
        }
        assert_eq!(carves, 6, "7 islands");
        assert_eq!(stats::open_walls(&grid), 7 * 5 - 1);
        assert_eq!(stats::loops(&grid), 0);
    }

    #[test]
    fn a_connected_maze_is_left_alone() {
        let mut grid = combs(2, 6);
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        let before = grid.clone();
        let mut linker = Linker::new(&grid);
        let mut rng = MazeRng::from_seed(1);
        let steps = std::iter::from_fn(|| Some(linker.step(&mut grid, &mut rng)))
            .take_while(|&e| e != GenEvent::Done)
            .count();
        assert_eq!(steps, 2 * 6, "a look at each cell");
        assert_eq!(linker.islands(), 1);
        let mut fresh = MazeRng::from_seed(1);
        let draws = |rng: &mut MazeRng| [0; 4].map(|_| rng.below(1 << 30));
        assert_eq!(draws(&mut rng), draws(&mut fresh), "nothing drawn");
        assert_eq!(grid, before);
    }

    #[test]
    fn the_42_is_never_opened() {
        let mut grid = Grid::new(11, 9).unwrap();
        let mut linker = Linker::new(&grid);
        linker.run(&mut grid, &mut MazeRng::from_seed(9));
        let stamp = grid.stamp().unwrap();
        assert!(stamp.cells().all(|c| grid.walls(c) == crate::Walls::CLOSED));
        assert_eq!(stats::loops(&grid), 0);
        assert_eq!(stats::open_walls(&grid), 11 * 9 - 18 - 1);
    }
}
