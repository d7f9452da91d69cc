//! One algorithm's run in a race: its maze carved and solved once, counted and timed. The
//! `--headless --race` table and the dashboard's race summary both compare algorithms by it.

use std::time::{Duration, Instant};

use mazegen::MazeStats;
use mazegen::{Algorithm, Error, Generator, MazeOptions, Pos};

/// What one run of an algorithm gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Lap {
    /// The algorithm raced.
    pub algorithm: Algorithm,
    /// The generator's steps, as a stepped (animated) run counts them.
    pub steps: u64,
    /// Dead ends in the maze made.
    pub dead_ends: u64,
    /// The shortest path's length in moves, if the exit can be reached.
    pub path: Option<usize>,
    /// The shortest path's river factor (see [`MazeStats`]).
    pub river_factor: f64,
    /// Carving and solving with BFS, the measuring left out.
    pub time: Duration,
}

impl Lap {
    /// Carves the maze of `options` and finds its shortest path from `entry` to `exit` (timed),
    /// then measures it.
    pub fn run(options: MazeOptions, entry: Pos, exit: Pos) -> Result<Lap, Error> {
        let algorithm = options.algorithm;
        let started = Instant::now();
        let mut generator = Generator::new(options)?;
        let steps = generator.run_steps(u64::MAX);
        let grid = generator.into_grid();
        let path = grid.shortest_path(entry, exit);
        let time = started.elapsed();
        let stats = MazeStats::measure(&grid, path.as_ref());
        Ok(Lap {
            algorithm,
            steps,
            dead_ends: stats.dead_ends,
            path: path.map(|p| p.len()),
            river_factor: stats.river_factor,
            time,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::Solver;
    use mazegen::session::Session;

    /// A lap counts what the same maze carved and solved step by step shows.
    #[test]
    fn a_lap_counts_what_a_stepped_session_shows() {
        for algorithm in [Algorithm::Backtracker, Algorithm::Kruskal, Algorithm::Eller] {
            let options = MazeOptions::new(21, 15).seed(9).algorithm(algorithm);
            let (entry, exit) = (Pos::new(0, 0), Pos::new(20, 14));
            let lap = Lap::run(options.clone(), entry, exit).unwrap();
            let mut session = Session::new(options, entry, exit, Solver::Bfs).unwrap();
            while session.advance(1) > 0 {}
            session.finish();
            assert_eq!(lap.algorithm, algorithm);
            assert_eq!(lap.steps, session.carving_steps(), "{algorithm}");
            let stats = session.stats().expect("measured");
            assert_eq!(lap.dead_ends, stats.dead_ends, "{algorithm}");
            assert_eq!(lap.path, session.solution().map(|p| p.len()), "{algorithm}");
            assert_eq!(lap.river_factor, stats.river_factor, "{algorithm}");
        }
    }

    #[test]
    fn bad_options_are_the_generators_error() {
        let options = MazeOptions::new(0, 5);
        assert!(Lap::run(options, Pos::new(0, 0), Pos::new(0, 4)).is_err());
    }
}
