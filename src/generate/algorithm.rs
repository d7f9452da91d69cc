//! The generation algorithms by name: what `ALGORITHM=` and `--algorithm` accept.

use std::fmt;
use std::str::FromStr;

use super::aldous_broder::AldousBroder;
use super::backtracker::Backtracker;
use super::carve::Carve;
use super::hunt_and_kill::HuntAndKill;
use super::kruskal::Kruskal;
use super::prim::Prim;
use super::wilson::Wilson;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::rng::MazeRng;

/// The generation algorithms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Recursive backtracker (depth-first search): long, winding corridors, few dead ends.
    #[default]
    Backtracker,
    /// Prim's algorithm (simplified): grows from a random frontier cell at a time; short,
    /// branching corridors and many dead ends.
    Prim,
    /// Kruskal's algorithm: walls opened in random order when they join two trees; many short
    /// dead ends, evenly spread.
    Kruskal,
    /// Wilson's algorithm: loop-erased random walks; every maze equally likely.
    Wilson,
    /// Aldous-Broder: a random walk that carves into each cell it enters for the first time;
    /// every maze equally likely, slow to finish.
    AldousBroder,
    /// Hunt-and-kill: random walks until stuck, then a hunt for the next cell to walk from;
    /// long corridors like the backtracker's, with more branching.
    HuntAndKill,
}

impl Algorithm {
    /// Every algorithm, in the order the dashboard cycles through them.
    pub const ALL: &[Algorithm] = &[
        Algorithm::Backtracker,
        Algorithm::Prim,
        Algorithm::Kruskal,
        Algorithm::Wilson,
        Algorithm::AldousBroder,
        Algorithm::HuntAndKill,
    ];

    /// The name used by `ALGORITHM=` and `--algorithm`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracker => "backtracker",
            Algorithm::Prim => "prim",
            Algorithm::Kruskal => "kruskal",
            Algorithm::Wilson => "wilson",
            Algorithm::AldousBroder => "aldous-broder",
            Algorithm::HuntAndKill => "hunt-and-kill",
        }
    }

    /// Other names accepted for it (after lower-casing and turning `-` into `_`).
    const fn aliases(self) -> &'static [&'static str] {
        match self {
            Algorithm::Backtracker => &["recursive_backtracker", "dfs"],
            Algorithm::Prim => &["prims", "prim's", "simplified_prim"],
            Algorithm::Kruskal => &["kruskals", "kruskal's", "union_find"],
            Algorithm::Wilson => &["wilsons", "wilson's", "loop_erased_random_walk", "lerw"],
            Algorithm::AldousBroder => &["aldous", "broder", "ab"],
            Algorithm::HuntAndKill => &["hunt_kill", "hunt", "hak"],
        }
    }

    /// The valid names, comma separated, for error messages.
    pub fn names() -> String {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        names.join(", ")
    }

    /// The algorithm after this one in [`Algorithm::ALL`], wrapping round.
    pub fn next(self) -> Algorithm {
        let at = Algorithm::ALL.iter().position(|&a| a == self).unwrap_or(0);
        Algorithm::ALL[(at + 1) % Algorithm::ALL.len()]
    }

    /// A fresh run of this algorithm on `grid` (closed, with its landmarks) from `start`.
    pub(crate) fn carver(self, grid: &mut Grid, start: Pos, rng: &mut MazeRng) -> Box<dyn Carve> {
        match self {
            Algorithm::Backtracker => Box::new(Backtracker::new(grid, start)),
            Algorithm::Prim => Box::new(Prim::new(grid, start)),
            Algorithm::Kruskal => Box::new(Kruskal::new(grid, start, rng)),
            Algorithm::Wilson => Box::new(Wilson::new(grid, start)),
            Algorithm::AldousBroder => Box::new(AldousBroder::new(grid, start)),
            Algorithm::HuntAndKill => Box::new(HuntAndKill::new(grid, start)),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name that is not one of [`Algorithm::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm \"{0}\" (valid: {names})", names = Algorithm::names())]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`dfs` for the backtracker, for instance).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name().replace('-', "_") == key || a.aliases().contains(&key.as_str()))
            .ok_or_else(|| UnknownAlgorithm(s.trim().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_loosely_and_errors_list_the_valid_ones() {
        for &algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
            assert_eq!(algorithm.name().to_uppercase().parse(), Ok(algorithm));
            let spaced = algorithm.name().replace('-', " ");
            assert_eq!(spaced.parse(), Ok(algorithm), "{spaced}");
        }
        assert_eq!("Recursive-Backtracker".parse(), Ok(Algorithm::Backtracker));
        assert_eq!(" dfs ".parse(), Ok(Algorithm::Backtracker));
        assert_eq!("Prim's".parse(), Ok(Algorithm::Prim));
        assert_eq!("Aldous Broder".parse(), Ok(Algorithm::AldousBroder));
        assert_eq!("Hunt and Kill".parse(), Ok(Algorithm::HuntAndKill));
        let err = "nope".parse::<Algorithm>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("unknown algorithm \"nope\" (valid: {})", Algorithm::names())
        );
        assert!(Algorithm::names().starts_with("backtracker"));
    }

    #[test]
    fn next_cycles_through_all_of_them() {
        let mut seen = vec![Algorithm::default()];
        let mut at = Algorithm::default().next();
        while at != Algorithm::default() {
            seen.push(at);
            at = at.next();
        }
        assert_eq!(seen, Algorithm::ALL);
    }

    #[test]
    fn names_are_unique_and_kebab_case() {
        for (i, a) in Algorithm::ALL.iter().enumerate() {
            assert!(a.name().chars().all(|c| c.is_ascii_lowercase() || c == '-'));
            for b in &Algorithm::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}

/// Checks every algorithm must pass, called from each algorithm's own tests.
#[cfg(test)]
pub(super) mod checks {
    use super::Algorithm;
    use crate::generate::{CellState, GenEvent, Generator, MazeOptions};
    use crate::geometry::{Dir, Pos};
    use crate::grid::{Grid, Walls};
    use crate::solve::{Bfs, shortest_path};
    use crate::stats;
    use crate::validate::{Expected, MazeKind, validate_maze};

    /// Thin, flat, small, with the 42, and odd-sized.
    pub const SIZES: &[(u32, u32)] = &[(2, 2), (2, 40), (40, 2), (9, 7), (25, 20), (31, 17)];

    /// Cells outside the 42.
    pub fn open_cells(grid: &Grid) -> u64 {
        grid.positions().filter(|&p| !grid.is_locked(p)).count() as u64
    }

    /// Perfect mazes and boards of every size, for a few seeds, pass the validator; a perfect
    /// maze is a spanning tree.
    pub fn mazes_validate(algorithm: Algorithm) {
        for &(w, h) in SIZES {
            for seed in 0..4 {
                for perfect in [true, false] {
                    let options = MazeOptions::new(w, h)
                        .seed(seed)
                        .algorithm(algorithm)
                        .perfect(perfect);
                    let grid = Generator::generate(options).unwrap();
                    let (entry, exit) = (Pos::new(0, 0), Pos::new(w - 1, h - 1));
                    let path = shortest_path(&grid, entry, exit).expect("the exit is reachable");
                    let kind = if perfect {
                        MazeKind::Perfect
                    } else {
                        MazeKind::Board { braid: 1.0 }
                    };
                    let expected = Expected {
                        kind: Some(kind),
                        ..Default::default()
                    };
                    let found = validate_maze(&grid, entry, exit, &path, &expected);
                    let case = format!("{algorithm} {w}x{h} seed {seed} perfect {perfect}");
                    assert!(found.is_empty(), "{case}: {found:?}");
                    if perfect {
                        assert_eq!(stats::open_walls(&grid), open_cells(&grid) - 1, "{case}");
                    }
                }
            }
        }
    }

    /// With a courtyard: everything reachable, a spanning tree but for the courtyard's four
    /// loops, the courtyard open inside and the 42 closed.
    pub fn courtyard_is_kept(algorithm: Algorithm) {
        for (w, h) in [(25, 20), (5, 5), (12, 12), (30, 9)] {
            for seed in 0..4 {
                let case = format!("{algorithm} {w}x{h} seed {seed}");
                let options = MazeOptions::new(w, h)
                    .seed(seed)
                    .algorithm(algorithm)
                    .courtyard(true);
                let grid = Generator::generate(options).unwrap();
                let yard = grid.courtyard().expect("room for a courtyard");
                let mut flood = Bfs::flood(&grid, yard.centre());
                flood.run();
                let open = open_cells(&grid);
                assert_eq!(flood.visited(), open, "{case}");
                assert_eq!(stats::open_walls(&grid), open - 1 + 4, "{case}");
                for p in yard.cells() {
                    for d in [Dir::East, Dir::South] {
                        if grid.neighbor(p, d).is_some_and(|n| yard.contains(n)) {
                            assert!(grid.is_open(p, d), "{case}: {p} {d:?}");
                        }
                    }
                }
                for c in grid.stamp().iter().flat_map(|s| s.cells()) {
                    assert_eq!(grid.walls(c), Walls::CLOSED, "{case}: {c}");
                }
            }
        }
    }

    /// One step at a time makes the same maze as running; each step is one event, a carve
    /// opens exactly the wall between two neighbouring open cells, anything else changes
    /// nothing; `visited` only grows and ends at the open cell count; done stays done.
    pub fn stepping_matches_running(algorithm: Algorithm) {
        let cases = [
            MazeOptions::new(9, 7),
            MazeOptions::new(31, 17).seed(3),
            MazeOptions::new(2, 40).seed(1).start(Pos::new(1, 20)),
            MazeOptions::new(25, 20).seed(2).courtyard(true),
            MazeOptions::new(25, 20).seed(4).start(Pos::new(12, 10)),
        ];
        for options in cases {
            let options = options.algorithm(algorithm);
            let case = format!("{algorithm} {options:?}");
            let mut generator = Generator::new(options.clone()).unwrap();
            assert!(generator.estimated_carving_steps() > 0, "{case}");
            let mut visited = generator.visited();
            let mut carves = 0;
            loop {
                let before = generator.grid().clone();
                let event = generator.step();
                let grid = generator.grid();
                match event {
                    GenEvent::Carve { from, to } => {
                        let dir = Dir::ALL
                            .into_iter()
                            .find(|&d| grid.neighbor(from, d) == Some(to))
                            .unwrap_or_else(|| panic!("{case}: {from} and {to} not neighbours"));
                        assert!(!grid.is_locked(from) && !grid.is_locked(to), "{case}");
                        assert!(before.is_closed(from, dir) && grid.is_open(from, dir));
                        assert_eq!(stats::open_walls(grid), stats::open_walls(&before) + 1);
                        assert_ne!(generator.cell_state(from), CellState::Unvisited);
                        assert_ne!(generator.cell_state(to), CellState::Unvisited);
                        carves += 1;
                    }
                    GenEvent::Visit { cell } | GenEvent::Backtrack { to: cell, .. } => {
                        assert!(grid.contains(cell), "{case}");
                        assert_eq!(grid, &before, "{case}: {event:?} changed the maze");
                    }
                    GenEvent::Done => break,
                }
                if let Some(head) = generator.head() {
                    assert!(grid.contains(head) && !grid.is_locked(head), "{case}");
                }
                assert!(generator.visited() >= visited, "{case}");
                visited = generator.visited();
            }
            let open = generator.open_cells();
            assert_eq!(visited, open, "{case}");
            let loops = if options.courtyard { 4 } else { 0 };
            let yard_walls = if options.courtyard { 12 } else { 0 };
            assert_eq!(carves + yard_walls, open - 1 + loops, "{case}");
            assert_eq!(generator.step(), GenEvent::Done, "{case}");
            assert_eq!(generator.head(), None, "{case}");
            assert_eq!(generator.grid(), &Generator::generate(options).unwrap());
        }
    }

    /// The seed decides the maze.
    pub fn seeds_decide(algorithm: Algorithm) {
        let make = |seed: u64| {
            let options = MazeOptions::new(25, 20).seed(seed).algorithm(algorithm);
            Generator::generate(options).unwrap()
        };
        assert_eq!(make(7), make(7));
        let mazes: Vec<Grid> = (0..6).map(make).collect();
        for (i, a) in mazes.iter().enumerate() {
            for b in &mazes[i + 1..] {
                assert_ne!(a, b, "{algorithm}: two seeds made the same maze");
            }
        }
    }

    /// A long, thin maze: no recursion, nothing that grows with the path on the stack.
    pub fn deep_maze(algorithm: Algorithm, length: u32) {
        let options = MazeOptions::new(2, length).seed(1).algorithm(algorithm);
        let grid = Generator::generate(options).unwrap();
        assert_eq!(stats::open_walls(&grid), 2 * u64::from(length) - 1);
    }
}
