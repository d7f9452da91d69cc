//! A finished maze as one value: what every output format writes and what a UI hands to its
//! writers.
//!
//! The grid sits behind an [`Arc`], so a copy of a [`Maze`] (or an `Arc<Maze>`) shares it: a
//! writer running on another thread costs no copy of a billion-cell grid. The shortest path and
//! the statistics are worked out when first asked for, once, and then kept; a maze whose path
//! is already known (a [`Session`](crate::session::Session) that has solved it) is built with them.
//!
//! ```
//! use mazegen::{Maze, MazeOptions, Pos};
//!
//! let maze = Maze::generate(MazeOptions::new(12, 9).seed(3), Pos::new(0, 0), Pos::new(11, 8))?;
//! let path = maze.solution().expect("a maze connects every cell");
//! assert_eq!(maze.stats().path_length, Some(path.len() as u64));
//! # Ok::<(), mazegen::Error>(())
//! ```

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use crate::error::Error;
use crate::generate::{Algorithm, MazeOptions};
use crate::geometry::Pos;
use crate::grid::{Grid, SizeError};
use crate::solve::{Solution, Solver, try_shortest_path, try_tree_shortest_path};
use crate::stats::{Difficulty, MazeStats};

/// A carved maze, its entry and exit, and how it was made.
#[derive(Clone)]
pub struct Maze {
    options: MazeOptions,
    grid: Arc<Grid>,
    entry: Pos,
    exit: Pos,
    /// The grid is a tree, made so by [`Maze::generate`] (a perfect maze without a
    /// courtyard): its path is found without a search.
    pub(crate) tree: bool,
    /// The shortest path from the entry to the exit (`None`: the exit cannot be reached).
    solution: OnceLock<Option<Solution>>,
    /// Held while the path is searched, so that a second caller waits for that search rather
    /// than running its own beside it (`OnceLock` alone waits only in `get_or_init`, which
    /// cannot fail, and `try_solution` must).
    searching: PathLock,
    stats: OnceLock<MazeStats>,
    difficulty: OnceLock<Option<Difficulty>>,
}

impl Maze {
    /// The maze carved in `grid` from `options`, to be solved from `entry` to `exit`. Nothing is
    /// searched or measured yet.
    pub fn new(options: MazeOptions, grid: impl Into<Arc<Grid>>, entry: Pos, exit: Pos) -> Maze {
        Maze {
            options,
            grid: grid.into(),
            entry,
            exit,
            tree: false,
            solution: OnceLock::new(),
            searching: PathLock::default(),
            stats: OnceLock::new(),
            difficulty: OnceLock::new(),
        }
    }

    /// The same maze with its shortest path already known (it must be one: the formats write
    /// it as the shortest).
    pub fn with_solution(self, solution: Option<Solution>) -> Maze {
        let known = OnceLock::new();
        let _ = known.set(solution);
        Maze {
            solution: known,
            ..self
        }
    }

    /// The same maze with its statistics already known.
    pub fn with_stats(self, stats: MazeStats) -> Maze {
        let known = OnceLock::new();
        let _ = known.set(stats);
        Maze {
            stats: known,
            ..self
        }
    }

    /// The walls.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid, to share it without copying.
    pub fn shared_grid(&self) -> &Arc<Grid> {
        &self.grid
    }

    /// Where the path starts.
    pub fn entry(&self) -> Pos {
        self.entry
    }

    /// Where the path ends.
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// What the maze was made from: size, seed, algorithm, kind, start.
    pub fn options(&self) -> &MazeOptions {
        &self.options
    }

    /// The seed it was made from.
    pub fn seed(&self) -> u64 {
        self.options.seed
    }

    /// The algorithm that carved it.
    pub fn algorithm(&self) -> Algorithm {
        self.options.algorithm
    }

    /// Columns of cells.
    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    /// Rows of cells.
    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    /// The shortest path from the entry to the exit, `None` if there is none (a bug for a maze
    /// this crate made). Searched on first use, once; a thread that asks while another is
    /// searching waits for that search rather than starting its own.
    pub fn solution(&self) -> Option<&Solution> {
        match self.try_solution() {
            Ok(found) => found,
            // What a `Vec` does when it cannot grow.
            Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 4096]>()),
        }
    }

    /// [`Maze::solution`], or [`Error::NotEnoughMemory`] when the allocator refuses the search
    /// its memory (then nothing is kept, and [`Maze::solution`] would abort).
    pub fn try_solution(&self) -> Result<Option<&Solution>, Error> {
        self.try_solve().map_err(Error::from)
    }

    /// [`Maze::try_solution`], with the error kept apart.
    pub(crate) fn try_solve(&self) -> Result<Option<&Solution>, SizeError> {
        if let Some(known) = self.solution.get() {
            return Ok(known.as_ref());
        }
        let _searching = self.searching.hold();
        // The search this one waited for may have found it.
        if self.solution.get().is_none() {
            #[cfg(test)]
            self.searching
                .count
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let found = if self.tree {
                try_tree_shortest_path(&self.grid, self.entry, self.exit)?
            } else {
                try_shortest_path(&self.grid, self.entry, self.exit)?
            };
            let _ = self.solution.set(found);
        }
        Ok(self.known_solution().flatten())
    }

    /// The shortest path if it is known already: never searches.
    pub fn known_solution(&self) -> Option<Option<&Solution>> {
        self.solution.get().map(Option::as_ref)
    }

    /// Dead ends, junctions, loops, corridors and the path's share (see [`MazeStats`]).
    /// Measured on first use, once.
    pub fn stats(&self) -> &MazeStats {
        self.stats
            .get_or_init(|| MazeStats::measure(&self.grid, self.solution()))
    }

    /// [`Maze::stats`], or [`Error::NotEnoughMemory`] when the allocator refuses the
    /// measuring (or the search for the path) its memory; nothing is kept then.
    pub fn try_stats(&self) -> Result<&MazeStats, Error> {
        self.measure_stats().map_err(Error::from)
    }

    /// [`Maze::try_stats`], with the error kept apart.
    pub(crate) fn measure_stats(&self) -> Result<&MazeStats, SizeError> {
        if self.stats.get().is_none() {
            let measured = MazeStats::measured(&self.grid, self.try_solve()?)?;
            let _ = self.stats.set(measured);
        }
        Ok(self.stats())
    }

    /// [`Maze::difficulty`], or [`Error::NotEnoughMemory`] when the allocator refuses the
    /// measuring (or the search for the path) its memory; nothing is kept then.
    pub fn try_difficulty(&self) -> Result<Option<&Difficulty>, Error> {
        self.measure_difficulty().map_err(Error::from)
    }

    /// [`Maze::try_difficulty`], with the error kept apart.
    pub(crate) fn measure_difficulty(&self) -> Result<Option<&Difficulty>, SizeError> {
        if self.difficulty.get().is_none() {
            let measured = match self.try_solve()? {
                Some(path) => Some(Difficulty::measured(&self.grid, path)?),
                None => None,
            };
            let _ = self.difficulty.set(measured);
        }
        Ok(self.difficulty())
    }

    /// How hard the solution is to find (see [`Difficulty`]), `None` when there is none.
    /// Measured on first use, once: a walk of every branch off the path, so apart from
    /// [`Maze::stats`], which a UI wants at once.
    pub fn difficulty(&self) -> Option<&Difficulty> {
        self.difficulty
            .get_or_init(|| {
                self.solution()
                    .map(|path| Difficulty::measure(&self.grid, path))
            })
            .as_ref()
    }

    /// The statistics if they are known already: never measures.
    pub fn known_stats(&self) -> Option<&MazeStats> {
        self.stats.get()
    }

    /// Records the shortest path, found elsewhere; ignored if it is known already.
    pub(crate) fn know_solution(&self, solution: Option<Solution>) {
        let _ = self.solution.set(solution);
    }

    /// Records the statistics, measured elsewhere; ignored if they are known already.
    pub(crate) fn know_stats(&self, stats: MazeStats) {
        let _ = self.stats.set(stats);
    }

    /// Records the difficulty, measured elsewhere; ignored if it is known already.
    pub(crate) fn know_difficulty(&self, difficulty: Option<Difficulty>) {
        let _ = self.difficulty.set(difficulty);
    }
}

/// The lock one search for the path holds. A clone is a lock of its own: a cloned maze
/// searches (if it must) apart from the original.
#[derive(Default)]
struct PathLock {
    lock: Mutex<()>,
    /// How many searches ran, for the tests.
    #[cfg(test)]
    count: std::sync::atomic::AtomicUsize,
}

impl PathLock {
    /// Waits for a search under way to end. A search that panicked leaves nothing half done
    /// (the path is set whole or not at all), so its poison is ignored.
    fn hold(&self) -> MutexGuard<'_, ()> {
        self.lock.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clone for PathLock {
    fn clone(&self) -> PathLock {
        PathLock::default()
    }
}

impl fmt::Debug for Maze {
    /// The identity and what is known, not the grid's cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Maze")
            .field("width", &self.width())
            .field("height", &self.height())
            .field("seed", &self.seed())
            .field("algorithm", &self.algorithm())
            .field("entry", &self.entry)
            .field("exit", &self.exit)
            .field(
                "solution",
                &self.known_solution().map(|s| s.map(Solution::len)),
            )
            .finish_non_exhaustive()
    }
}

impl PartialEq for Maze {
    /// The same options, walls, entry and exit: the path and statistics follow from those.
    fn eq(&self, other: &Maze) -> bool {
        self.options == other.options
            && self.entry == other.entry
            && self.exit == other.exit
            && (Arc::ptr_eq(&self.grid, &other.grid) || self.grid == other.grid)
    }
}

impl Maze {
    /// A search of this maze from its entry to its exit by `solver` (see [`Searching`](crate::Searching)).
    pub fn search(&self, solver: Solver) -> crate::solve::Searching<'_> {
        solver.search(self.grid(), self.entry(), self.exit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::shortest_path;
    use std::thread;

    fn maze() -> Maze {
        let options = MazeOptions::new(15, 11).seed(5).perfect(false);
        Maze::generate(options, Pos::new(0, 0), Pos::new(14, 10)).unwrap()
    }

    /// The path read from the carving is the one path of the tree, the search's: the
    /// backtracker's and the newest growing tree's from their parent links, recursive
    /// division's from its walls' gaps, for
    /// many sizes, seeds and entry and exit cells (beside the 42, on it, at the same cell); a
    /// board or a courtyard leaves the path to the search.
    #[test]
    fn carving_gives_the_path_as_the_search_finds_it() {
        for algorithm in [
            Algorithm::Backtracker,
            Algorithm::GrowingTreeNewest,
            Algorithm::RecursiveDivision,
        ] {
            carving_gives_the_path_of(algorithm);
        }
    }

    fn carving_gives_the_path_of(algorithm: Algorithm) {
        let mut read = 0;
        for (w, h) in [
            (2, 2),
            (5, 4),
            (9, 7),
            (12, 9),
            (17, 13),
            (31, 23),
            (40, 6),
            (3, 50),
        ] {
            for seed in 0..6u64 {
                // Cells spread over the grid, the 42's middle among them.
                let mut cells = vec![
                    Pos::new(0, 0),
                    Pos::new(w - 1, h - 1),
                    Pos::new(w / 2, h / 2),
                ];
                cells.extend((0..6).map(|k| {
                    let n = (seed * 7 + k * 13) as u32;
                    Pos::new(n * 5 % w, n * 3 % h)
                }));
                for &entry in &cells {
                    for &exit in &cells {
                        let options = MazeOptions::new(w, h)
                            .seed(seed)
                            .algorithm(algorithm)
                            .start(entry);
                        let Ok(maze) = Maze::generate(options.clone(), entry, exit) else {
                            continue; // the entry on the 42
                        };
                        let searched = shortest_path(maze.grid(), entry, exit);
                        let known = maze.known_solution().flatten();
                        if known.is_some() {
                            read += 1;
                        }
                        let reachable = !maze.grid().is_locked(exit);
                        if algorithm != Algorithm::RecursiveDivision {
                            assert_eq!(known.is_some(), reachable, "{w}x{h} {seed} {entry} {exit}");
                        } else {
                            // Left to the search where the 42 stood in the way.
                            assert!(
                                known.is_none() || reachable,
                                "{w}x{h} {seed} {entry} {exit}"
                            );
                        }
                        assert_eq!(maze.solution(), searched.as_ref(), "{w}x{h} {seed}");
                        // Carved from elsewhere, by another algorithm, or with loops or a
                        // courtyard: searched.
                        for other in [
                            options.clone().algorithm(Algorithm::Prim),
                            options.clone().start(exit),
                            options.clone().perfect(false),
                            options.clone().courtyard(true),
                        ] {
                            let Ok(maze) = Maze::generate(other, entry, exit) else {
                                continue;
                            };
                            let o = maze.options();
                            // A courtyard asked for but with no room is not there.
                            let tree = o.perfect && maze.grid().courtyard().is_none();
                            if o.start != entry || !tree || o.algorithm != algorithm {
                                assert_eq!(maze.known_solution(), None);
                            }
                        }
                    }
                }
            }
        }
        assert!(
            read > 1000,
            "{algorithm:?}: {read} paths read from the carving"
        );
    }

    #[test]
    fn solves_and_measures_once_on_first_use() {
        let maze = maze();
        assert_eq!(maze.known_solution(), None);
        assert_eq!(maze.known_stats(), None);
        let expected = shortest_path(maze.grid(), maze.entry(), maze.exit());
        assert_eq!(maze.solution(), expected.as_ref());
        assert_eq!(maze.known_solution(), Some(expected.as_ref()));
        let stats = MazeStats::measure(maze.grid(), expected.as_ref());
        assert_eq!(maze.stats(), &stats);
        assert_eq!(maze.known_stats(), Some(&stats));
    }

    #[test]
    fn copies_share_the_grid_and_threads_share_the_search() {
        let maze = Arc::new(maze());
        let copy = (*maze).clone();
        assert!(Arc::ptr_eq(maze.shared_grid(), copy.shared_grid()));
        let found: Vec<Option<usize>> = thread::scope(|s| {
            let searches: Vec<_> = (0..3)
                .map(|_| s.spawn(|| maze.solution().map(Solution::len)))
                .collect();
            searches.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(found.iter().all(|&len| len == found[0] && len.is_some()));
    }

    /// The headless writer asks for the path fallibly while another thread searches: it
    /// waits for that search instead of running a second beside it.
    #[test]
    fn a_path_is_searched_once_however_it_is_asked_for() {
        for tree in [true, false] {
            // Prim: the backtracker would know its path from the carving.
            let options = MazeOptions::new(300, 200)
                .seed(5)
                .perfect(tree)
                .algorithm(Algorithm::Prim);
            let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(299, 199)).unwrap();
            assert!(maze.known_solution().is_none());
            let found: Vec<Option<usize>> = thread::scope(|s| {
                let searches: Vec<_> = (0..4)
                    .map(|k| {
                        let maze = &maze;
                        s.spawn(move || match k % 2 {
                            0 => maze.solution().map(Solution::len),
                            _ => maze.try_solution().unwrap().map(Solution::len),
                        })
                    })
                    .collect();
                searches.into_iter().map(|h| h.join().unwrap()).collect()
            });
            assert!(found.iter().all(|&len| len == found[0] && len.is_some()));
            let searches = maze
                .searching
                .count
                .load(std::sync::atomic::Ordering::Relaxed);
            assert_eq!(searches, 1, "perfect: {tree}");
        }
    }

    #[test]
    fn a_known_path_and_stats_are_kept_as_given() {
        let plain = maze();
        let path = plain.solution().cloned();
        let given = maze()
            .with_solution(path.clone())
            .with_stats(plain.stats().clone());
        assert_eq!(given.known_solution(), Some(path.as_ref()));
        assert_eq!(given.known_stats(), Some(plain.stats()));
        assert_eq!(given, plain);
        let other = Maze::generate(
            MazeOptions::new(15, 11).seed(6),
            Pos::new(0, 0),
            Pos::new(14, 10),
        )
        .unwrap();
        assert_ne!(other, plain);
    }

    #[test]
    fn says_who_it_is_without_dumping_the_grid() {
        let text = format!("{:?}", maze());
        assert!(
            text.contains("width: 15") && text.contains("seed: 5"),
            "{text}"
        );
        assert!(text.len() < 200, "{text}");
    }
}
