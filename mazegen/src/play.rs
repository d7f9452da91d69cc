//! The rules of walking a maze as a game, with no UI in them: a walker starts at the entry and
//! moves one cell at a time (or runs to the next junction, as in a roguelike), leaving a trail,
//! until it reaches the exit. What it has seen along straight corridors is kept, so a UI can
//! draw a fog of war. On a playable board (`PERFECT=False`) up to four chasers start far from
//! the entry and take one step towards the walker, along a shortest path, for every two of its
//! own; one landing on the walker ends the game.
//!
//! Deterministic: the chasers' starting cells come from the maze's seed, their moves from a
//! breadth-first search in a fixed order, and there is no clock here (a UI times the game
//! itself).
//!
//! ```
//! use mazegen::play::{Game, Outcome};
//! use mazegen::{Maze, MazeOptions, Pos};
//! use std::sync::Arc;
//!
//! let maze = Maze::generate(MazeOptions::new(9, 7).seed(42), Pos::new(0, 0), Pos::new(8, 6))?;
//! let shortest = maze.solution().expect("a perfect maze connects its entry and exit").clone();
//! let mut game = Game::new(Arc::new(maze));
//! for &dir in shortest.dirs() {
//!     game.step(dir);
//! }
//! assert_eq!(game.outcome(), Outcome::Won);
//! assert_eq!(game.moves(), shortest.len() as u64);
//! # Ok::<(), mazegen::Error>(())
//! ```

mod chase;
mod sight;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::sync::Arc;

use crate::{Dir, Grid, Maze, Pos};

#[cfg(test)]
use chase::{MAX_CHASERS, chaser_count};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game is on.
    Playing,
    /// The walker reached the exit.
    Won,
    /// A chaser reached the walker.
    Caught,
}

/// One game on one maze.
#[derive(Clone, Debug)]
pub struct Game {
    maze: Arc<Maze>,
    walker: Pos,
    /// Every cell walked, in order (the entry first); cells walked twice appear twice.
    trail: Vec<Pos>,
    walked: HashSet<Pos>,
    seen: HashSet<Pos>,
    chasers: Vec<Pos>,
    moves: u64,
    outcome: Outcome,
}

impl Game {
    /// A game from the maze's entry; with chasers when the maze is a playable board (not
    /// perfect), placed from its seed.
    pub fn new(maze: Arc<Maze>) -> Game {
        let chasers = if maze.options().perfect {
            Vec::new()
        } else {
            chase::starting_cells(&maze)
        };
        Game::with_chasers(maze, chasers)
    }

    /// A game from the maze's entry with chasers on `chasers` (for tests and replays).
    pub fn with_chasers(maze: Arc<Maze>, chasers: Vec<Pos>) -> Game {
        let entry = maze.entry();
        let mut game = Game {
            walker: entry,
            trail: vec![entry],
            walked: HashSet::from([entry]),
            seen: HashSet::new(),
            chasers,
            moves: 0,
            outcome: Outcome::Playing,
            maze,
        };
        game.look();
        game.settle();
        game
    }

    /// The maze played in.
    pub fn maze(&self) -> &Arc<Maze> {
        &self.maze
    }

    fn grid(&self) -> &Grid {
        self.maze.grid()
    }

    /// Where the walker is.
    pub fn walker(&self) -> Pos {
        self.walker
    }

    /// Every cell walked, in order, from the entry.
    pub fn trail(&self) -> &[Pos] {
        &self.trail
    }

    /// Whether the walker has been on `pos`.
    pub fn walked(&self, pos: Pos) -> bool {
        self.walked.contains(&pos)
    }

    /// Whether the walker has seen `pos`: been on it, or looked down a straight corridor
    /// that reaches it.
    pub fn seen(&self, pos: Pos) -> bool {
        self.seen.contains(&pos)
    }

    /// Where the chasers are (none in a perfect maze).
    pub fn chasers(&self) -> &[Pos] {
        &self.chasers
    }

    /// Cells moved so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Whether the game is on, won or lost.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Moves the walker one cell towards `dir`, if no wall is in the way, then the chasers.
    /// Returns the cells moved: 1, or 0 when a wall (or the game's end) is in the way, and
    /// then no move is counted.
    pub fn step(&mut self, dir: Dir) -> u32 {
        if self.outcome != Outcome::Playing || !self.enter(dir) {
            return 0;
        }
        1
    }

    /// Moves the walker towards `dir` and on along the corridor, round its bends, until it
    /// reaches a junction, a dead end or the exit, a chaser comes into sight, or the game
    /// ends. Each cell is one move, and the chasers move as for single steps. Returns the
    /// cells moved, 0 when a wall (or the game's end) is in the way, as for [`Game::step`].
    pub fn run(&mut self, dir: Dir) -> u32 {
        if self.outcome != Outcome::Playing || !self.enter(dir) {
            return 0;
        }
        let mut steps = 1;
        let mut heading = dir;
        // A corridor that is a closed ring of bends would never end: a ring has at most as
        // many cells as the maze.
        let limit = self.grid().cell_count();
        while self.outcome == Outcome::Playing && (steps as usize) < limit {
            if self.walker == self.maze.exit() || self.chaser_in_sight() {
                break;
            }
            let back = heading.opposite();
            let ahead: Vec<Dir> = self
                .grid()
                .open_dirs(self.walker)
                .filter(|&d| d != back)
                .collect();
            let &[next] = ahead.as_slice() else {
                break; // a dead end or a junction
            };
            self.enter(next);
            heading = next;
            steps += 1;
        }
        steps
    }

    /// One move towards `dir`, if open: the walker, then (every second move) the chasers.
    fn enter(&mut self, dir: Dir) -> bool {
        if self.grid().is_closed(self.walker, dir) {
            return false;
        }
        let Some(next) = self.grid().neighbour(self.walker, dir) else {
            return false;
        };
        self.walker = next;
        self.trail.push(next);
        self.walked.insert(next);
        self.moves += 1;
        self.look();
        self.settle();
        if self.outcome == Outcome::Playing
            && self.moves.is_multiple_of(2)
            && !self.chasers.is_empty()
        {
            chase::advance(self.maze.grid(), self.walker, &mut self.chasers);
            self.settle();
        }
        true
    }

    /// Adds what the walker sees from where it stands.
    fn look(&mut self) {
        self.seen.extend(sight::from(self.maze.grid(), self.walker));
    }

    fn settle(&mut self) {
        if self.chasers.contains(&self.walker) {
            self.outcome = Outcome::Caught;
        } else if self.walker == self.maze.exit() {
            self.outcome = Outcome::Won;
        }
    }

    /// Whether a chaser stands on a cell the walker sees from where it is.
    fn chaser_in_sight(&self) -> bool {
        let grid = self.maze.grid();
        sight::from(grid, self.walker).any(|pos| self.chasers.contains(&pos))
    }

    /// The moves over the shortest path's length, once won (1.0 is a perfect game).
    pub fn ratio(&self) -> Option<f64> {
        let shortest = self.shortest()?;
        (self.outcome == Outcome::Won && shortest > 0).then(|| self.moves as f64 / shortest as f64)
    }

    /// The length of the maze's shortest path from the entry to the exit.
    pub fn shortest(&self) -> Option<usize> {
        self.maze.solution().map(|s| s.len())
    }
}
