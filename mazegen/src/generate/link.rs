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
    /// Islands left; 1 when the maze is connected.
    islands: u64,
    /// Closed walls between two islands, as `cell * 2 + (0 east, 1 south)`, shuffled.
    walls: Vec<u32>,
    next: usize,
}

impl Linker {
    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.trees.heap_bytes() + super::carve::slice_bytes(&self.walls)
    }

    pub fn new(grid: &Grid, rng: &mut MazeRng) -> Linker {
        let mut trees = UnionFind::new(grid.cell_count());
        let open_cells = grid.open_cell_count();
        let mut joins = 0;
        for p in grid.positions() {
            for dir in [Dir::East, Dir::South] {
                if grid.is_open(p, dir) {
                    let next = grid.neighbour(p, dir).expect("open walls are inner walls");
                    joins += u64::from(trees.union(grid.index(p) as u32, grid.index(next) as u32));
                }
            }
        }
        let islands = open_cells.saturating_sub(joins);
        let mut walls = Vec::new();
        if islands > 1 {
            // Only walls between two islands can join anything, and islands are few and
            // small next to the maze: listing just those keeps the shuffle tiny.
            for p in grid.positions().filter(|&p| !grid.is_locked(p)) {
                for (bit, dir) in [(0, Dir::East), (1, Dir::South)] {
                    let between_islands = grid.neighbour(p, dir).is_some_and(|n| {
                        !grid.is_locked(n)
                            && grid.is_closed(p, dir)
                            && !trees.equiv(grid.index(p) as u32, grid.index(n) as u32)
                    });
                    if between_islands {
                        walls.push(grid.index(p) as u32 * 2 + bit);
                    }
                }
            }
            rng.shuffle(&mut walls);
        }
        Linker {
            trees,
            islands,
            walls,
            next: 0,
        }
    }

    /// Islands not yet joined (1 once the maze is connected).
    #[cfg(test)]
    pub fn islands(&self) -> u64 {
        self.islands
    }

    pub fn step(&mut self, grid: &mut Grid) -> GenEvent {
        if self.islands <= 1 {
            return GenEvent::Done;
        }
        let Some(&wall) = self.walls.get(self.next) else {
            return GenEvent::Done;
        };
        self.next += 1;
        let cell = grid.pos((wall / 2) as usize);
        let dir = if wall % 2 == 0 { Dir::East } else { Dir::South };
        let next = grid
            .neighbour(cell, dir)
            .expect("listed walls are inner walls");
        if !self
            .trees
            .union(grid.index(cell) as u32, grid.index(next) as u32)
        {
            return GenEvent::Visit { cell };
        }
        grid.set_wall(cell, dir, false);
        self.islands -= 1;
        GenEvent::Carve {
            from: cell,
            to: next,
        }
    }

    pub fn run(&mut self, grid: &mut Grid) {
        while self.step(grid) != GenEvent::Done {}
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
        let mut linker = Linker::new(&grid, &mut MazeRng::from_seed(3));
        assert_eq!(linker.islands(), 7);
        let mut carves = 0;
        loop {
            match linker.step(&mut grid) {
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
        assert_eq!(carves, 6);
        assert_eq!(stats::open_walls(&grid), 7 * 5 - 1);
        assert_eq!(stats::loops(&grid), 0);
    }

    #[test]
    fn a_connected_maze_is_left_alone() {
        let mut grid = combs(2, 6);
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        let before = grid.clone();
        let mut linker = Linker::new(&grid, &mut MazeRng::from_seed(1));
        assert_eq!(linker.islands(), 1);
        assert_eq!(linker.step(&mut grid), GenEvent::Done);
        assert_eq!(grid, before);
    }

    #[test]
    fn the_42_is_never_opened() {
        let mut grid = Grid::new(11, 9).unwrap();
        let mut linker = Linker::new(&grid, &mut MazeRng::from_seed(9));
        linker.run(&mut grid);
        let stamp = grid.stamp().unwrap();
        assert!(stamp.cells().all(|c| grid.walls(c) == crate::Walls::CLOSED));
        assert_eq!(stats::loops(&grid), 0);
        assert_eq!(stats::open_walls(&grid), 11 * 9 - 18 - 1);
    }
}
