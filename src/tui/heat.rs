//! The distance heatmap's state (`d`): how many steps every cell is from the entry, found by
//! a breadth-first flood on a worker (a 2000x2000 maze has four million cells: too many for a
//! frame), and whether the canvas shows it. The drawing is `view/heat.rs`.

use std::collections::TryReserveError;
use std::sync::Arc;

use mazegen::{Dir, Grid, Maze, Pos};

use super::kernel::job::JobId;

/// Every cell's distance from one cell, in steps; `None` for a cell it cannot reach (the 42).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    width: u32,
    height: u32,
    /// Row-major; [`UNREACHED`] where the flood never came.
    steps: Vec<u32>,
    farthest: u32,
}

const UNREACHED: u32 = u32::MAX;

impl Distances {
    /// Floods `grid` from `from`. Its four bytes a cell and its queue are asked of the
    /// allocator, which may refuse them: a maze too big for them gets the reason, not an abort.
    pub fn measure(grid: &Grid, from: Pos) -> Result<Distances, String> {
        let (width, height) = (grid.width(), grid.height());
        let refused =
            |_: TryReserveError| format!("no memory for the distances of {width}x{height} cells");
        let cells = width as usize * height as usize;
        let mut steps: Vec<u32> = Vec::new();
        steps.try_reserve_exact(cells).map_err(refused)?;
        steps.resize(cells, UNREACHED);
        let mut map = Distances {
            width,
            height,
            steps,
            farthest: 0,
        };
        if cells == 0 || from.x >= width || from.y >= height {
            return Ok(map);
        }
        // One ring of the flood at a time: the ring's cells are all `distance` away.
        let (mut ring, mut next): (Vec<Pos>, Vec<Pos>) = (vec![from], Vec::new());
        let at = |pos: Pos| pos.y as usize * width as usize + pos.x as usize;
        map.steps[at(from)] = 0;
        let mut distance = 0;
        while !ring.is_empty() {
            for &pos in &ring {
                for dir in Dir::ALL {
                    if grid.is_closed(pos, dir) {
                        continue;
                    }
                    let Some(to) = grid.neighbour(pos, dir) else {
                        continue;
                    };
                    let cell = &mut map.steps[at(to)];
                    if *cell == UNREACHED {
                        *cell = distance + 1;
                        if next.len() == next.capacity() {
                            next.try_reserve(next.len().max(64)).map_err(refused)?;
                        }
                        next.push(to);
                    }
                }
            }
            if !next.is_empty() {
                distance += 1;
            }
            std::mem::swap(&mut ring, &mut next);
            next.clear();
        }
        map.farthest = distance;
        Ok(map)
    }

    /// The steps from the flood's start to `pos`, if it can be reached.
    pub fn at(&self, pos: Pos) -> Option<u32> {
        if pos.x >= self.width || pos.y >= self.height {
            return None;
        }
        let steps = self.steps[pos.y as usize * self.width as usize + pos.x as usize];
        (steps != UNREACHED).then_some(steps)
    }

    /// The largest distance: the farthest cell's.
    pub fn farthest(&self) -> u32 {
        self.farthest
    }

    /// The maze's size in cells.
    pub fn cells(&self) -> (u32, u32) {
        (self.width, self.height)
    }
}

/// The flood of a finished maze from its entry, for a worker.
#[derive(Clone, Debug)]
pub struct DistanceJob {
    pub job: JobId,
    pub maze: Arc<Maze>,
}

impl DistanceJob {
    pub fn run(&self) -> Result<Distances, String> {
        Distances::measure(self.maze.grid(), self.maze.entry())
    }
}

/// Whether the heatmap is on, and the distances it draws.
#[derive(Debug, Default)]
pub struct Heat {
    /// The user asked for it (`d`); it shows once the distances of the maze shown are known.
    pub on: bool,
    /// The flood under way, and the maze it floods.
    pub job: Option<(JobId, Arc<Maze>)>,
    /// The distances known, and the maze they are of.
    pub map: Option<(Arc<Distances>, Arc<Maze>)>,
}

impl Heat {
    /// The distances of `maze`, if they are known.
    pub fn of(&self, maze: &Arc<Maze>) -> Option<&Distances> {
        self.map
            .as_ref()
            .filter(|(_, of)| Arc::ptr_eq(of, maze))
            .map(|(map, _)| map.as_ref())
    }

    /// Whether the flood of `maze` is under way.
    pub fn is_measuring(&self, maze: &Arc<Maze>) -> bool {
        self.job
            .as_ref()
            .is_some_and(|(_, of)| Arc::ptr_eq(of, maze))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::{Algorithm, MazeOptions};

    #[test]
    fn distances_count_the_steps_of_the_shortest_way() {
        let options = MazeOptions::new(12, 9)
            .seed(7)
            .algorithm(Algorithm::Backtracker);
        let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(11, 8)).unwrap();
        let map = Distances::measure(maze.grid(), maze.entry()).unwrap();
        assert_eq!(map.at(Pos::new(0, 0)), Some(0));
        let path = maze.solution().expect("a perfect maze has a path");
        assert_eq!(map.at(maze.exit()), Some(path.len() as u32));
        // Neighbours through an open wall are one step apart.
        for pos in maze.grid().positions() {
            for dir in Dir::ALL {
                if maze.grid().is_open(pos, dir) {
                    let to = maze.grid().neighbour(pos, dir).unwrap();
                    let (a, b) = (map.at(pos), map.at(to));
                    if let (Some(a), Some(b)) = (a, b) {
                        assert_eq!(a.abs_diff(b), 1, "{pos} {to}");
                    }
                }
            }
        }
        assert!(map.farthest() >= path.len() as u32);
        assert_eq!(map.at(Pos::new(12, 0)), None);
    }
}
