//! [`Maze::builder`]: the one way in. A size, then whatever differs from the defaults, then
//! [`MazeBuilder::build`] for a finished maze, or [`MazeBuilder::session`] to watch it being
//! made step by step.

use crate::error::Error;
use crate::generate::{Algorithm, Generator, MazeOptions};
use crate::geometry::Pos;
use crate::grid::{Landmarks, StampChoice, check_ends, check_size};
use crate::maze::Maze;
use crate::session::Session;
use crate::solve::Solver;

/// The settings of a maze to make: see [`Maze::builder`].
///
/// Defaults: seed 0, [`Algorithm::default`], a perfect maze, the 42, no courtyard, the entry
/// in the top-left corner and the exit in the bottom-right one, carving from the entry. The
/// same settings always make the same maze.
#[derive(Clone, Debug, PartialEq)]
#[must_use = "a builder makes nothing until build() or session()"]
pub struct MazeBuilder {
    options: MazeOptions,
    entry: Pos,
    exit: Pos,
    /// Where carving starts, if not at the entry.
    carve_from: Option<Pos>,
}

impl Maze {
    /// A builder for a `width` x `height` maze: set what differs from the defaults (see
    /// [`MazeBuilder`]), then [`build`](MazeBuilder::build) it.
    ///
    /// ```
    /// use mazegen::{Algorithm, Maze, Pos};
    ///
    /// let maze = Maze::builder(25, 20)
    ///     .seed(42)
    ///     .algorithm(Algorithm::Wilson)
    ///     .perfect(false) // a playable board with loops
    ///     .build()?;
    /// assert_eq!((maze.entry(), maze.exit()), (Pos::new(0, 0), Pos::new(24, 19)));
    /// assert!(maze.grid().stamp().is_some()); // the 42, by default
    /// println!("{maze:#}"); // the maze as text, with its shortest path
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn builder(width: u32, height: u32) -> MazeBuilder {
        MazeBuilder {
            options: MazeOptions::new(width, height),
            entry: Pos::new(0, 0),
            exit: Pos::new(width.saturating_sub(1), height.saturating_sub(1)),
            carve_from: None,
        }
    }
}

impl MazeBuilder {
    /// The seed: the same seed and settings make the same maze, on every platform.
    pub fn seed(mut self, seed: u64) -> Self {
        self.options.seed = seed;
        self
    }

    /// The generation algorithm (see [`Algorithm::ALL`]).
    pub fn algorithm(mut self, algorithm: Algorithm) -> Self {
        self.options.algorithm = algorithm;
        self
    }

    /// `true` (the default): a perfect maze, exactly one path between any two cells. `false`:
    /// a playable board with loops and (almost) no dead ends; see [`MazeBuilder::braid`].
    pub fn perfect(mut self, perfect: bool) -> Self {
        self.options.perfect = perfect;
        self
    }

    /// For a board (`perfect(false)`): the share of dead ends removed, 0.0 to 1.0 (1.0 by
    /// default).
    pub fn braid(mut self, braid: f64) -> Self {
        self.options.braid = braid;
        self
    }

    /// The stamp of closed cells: [`StampChoice::FortyTwo`] (the default),
    /// [`StampChoice::None`], or a [`Pattern`](crate::grid::Pattern) of your own, which must
    /// fit with a one-cell margin.
    ///
    /// ```
    /// use mazegen::{Pattern, StampChoice};
    /// use mazegen::Maze;
    ///
    /// let plain = Maze::builder(12, 9).stamp(StampChoice::None).build()?;
    /// assert_eq!(plain.grid().stamp(), None);
    /// let heart: Pattern = "XX.XX/XXXXX/.XXX./..X..".parse()?;
    /// let loved = Maze::builder(12, 9).stamp(heart).build()?;
    /// assert_eq!(loved.grid().stamp().unwrap().cells().count(), 13);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn stamp(mut self, stamp: impl Into<StampChoice>) -> Self {
        self.options.stamp = stamp.into();
        self
    }

    /// `true`: an open 3x3 courtyard at the centre, where carving starts (the stamp moves
    /// beside it). Off by default: it breaks the SPEC's "no 3x3 open area" rule by design.
    pub fn courtyard(mut self, courtyard: bool) -> Self {
        self.options.courtyard = courtyard;
        self
    }

    /// Where the path starts; the top-left cell by default.
    pub fn entry(mut self, entry: Pos) -> Self {
        self.entry = entry;
        self
    }

    /// Where the path ends; the bottom-right cell by default.
    pub fn exit(mut self, exit: Pos) -> Self {
        self.exit = exit;
        self
    }

    /// Where carving starts, if not at the entry (it changes the maze, not the path's ends).
    pub fn carve_from(mut self, start: Pos) -> Self {
        self.carve_from = Some(start);
        self
    }

    /// The generator options these settings make.
    pub fn options(&self) -> MazeOptions {
        let start = self.carve_from.unwrap_or(self.entry);
        self.options.clone().start(start)
    }

    /// Carves the maze and finds its shortest path: a finished [`Maze`].
    ///
    /// Fails, before carving anything, on a size out of range, a stamp pattern with no room,
    /// a braid out of range, or an entry, exit or carving start outside the maze or on the
    /// stamp.
    pub fn build(self) -> Result<Maze, Error> {
        let mut generator = self.generator()?;
        generator.aim(self.entry, self.exit);
        generator.run();
        let path = generator.take_path();
        let maze = Maze::new(self.options(), generator.into_grid(), self.entry, self.exit);
        // A path read from the carving is the one path of its tree.
        if let Some(path) = path {
            return Ok(maze.with_solution(Some(path)));
        }
        // Every open cell is reachable (the stamp is checked for it), so this finds a path.
        maze.solution();
        Ok(maze)
    }

    /// The maze as a [`Session`], to be carved and then solved by `solver` step by step: the
    /// animation API (see [`Session`]). It carves exactly the maze [`MazeBuilder::build`]
    /// makes.
    ///
    /// ```
    /// use mazegen::{Maze, Solver};
    /// use mazegen::session::Phase;
    ///
    /// let builder = Maze::builder(20, 15).seed(4);
    /// let mut session = builder.clone().session(Solver::AStar)?;
    /// while session.phase() != Phase::Done {
    ///     session.advance(100); // one frame's worth of steps
    /// }
    /// assert_eq!(session.grid(), builder.build()?.grid());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn session(self, solver: Solver) -> Result<Session, Error> {
        let generator = self.generator()?;
        Ok(Session::replaying(generator, self.entry, self.exit, solver))
    }

    /// The generator, once the ends are known to be usable cells.
    fn generator(&self) -> Result<Generator, Error> {
        let options = self.options();
        check_maze(&options, self.entry, self.exit)?;
        Ok(Generator::build(options)?)
    }
}

impl Maze {
    /// Carves the maze `options` describe, at once.
    /// [`Maze::builder`] does the same from settings, and finds the path at once.
    ///
    /// ```
    /// use mazegen::{Maze, MazeOptions, Pos};
    ///
    /// let options = MazeOptions::new(12, 9).seed(3);
    /// let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(11, 8))?;
    /// assert_eq!(maze, Maze::builder(12, 9).seed(3).build()?);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    ///
    /// Fails, before carving anything, as [`MazeBuilder::build`] does: on a size out of range,
    /// a stamp with no room, or an entry or exit outside the maze, on the stamp, or both the
    /// same cell.
    pub fn generate(options: MazeOptions, entry: Pos, exit: Pos) -> Result<Maze, Error> {
        check_maze(&options, entry, exit)?;
        let (grid, path) = Generator::generate_with_path(options.clone(), entry, exit)?;
        let tree = options.perfect && !options.courtyard;
        let mut maze = Maze::new(options, grid, entry, exit);
        maze.tree = tree;
        // The carving read the path from its own marks (the backtracker's): no walk needed.
        Ok(match path {
            Some(path) => maze.with_solution(Some(path)),
            None => maze,
        })
    }
}

/// Checks the size, the stamp's room, and that `entry` and `exit` are usable cells: the checks
/// every way of making a finished maze or a session makes before carving anything.
pub(crate) fn check_maze(options: &MazeOptions, entry: Pos, exit: Pos) -> Result<(), Error> {
    let (width, height) = (options.width, options.height);
    check_size(width, height)?;
    let stamp = Landmarks::plan_with(width, height, options.courtyard, options.stamp)?.stamp;
    check_ends(width, height, stamp, entry, exit)
        .map_err(|problem| problem.into_error(width, height))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pattern;
    use crate::session::Phase;
    use crate::shortest_path;

    #[test]
    fn builds_the_maze_the_options_make_with_its_path_found() {
        let maze = Maze::builder(25, 20)
            .seed(42)
            .algorithm(Algorithm::Kruskal)
            .perfect(false)
            .braid(0.5)
            .build()
            .unwrap();
        let options = MazeOptions::new(25, 20)
            .seed(42)
            .algorithm(Algorithm::Kruskal)
            .perfect(false)
            .braid(0.5);
        assert_eq!(maze.options(), &options);
        let (entry, exit) = (Pos::new(0, 0), Pos::new(24, 19));
        assert_eq!(maze, Maze::generate(options, entry, exit).unwrap());
        // Finished: the path is known without a search.
        let known = maze.known_solution().expect("searched by build");
        assert_eq!(known, shortest_path(maze.grid(), entry, exit).as_ref());
        assert!(known.is_some());
    }

    #[test]
    fn a_backtracker_maze_is_built_with_the_path_its_carving_gives() {
        for carve_from in [None, Some(Pos::new(7, 3))] {
            let mut builder = Maze::builder(25, 20)
                .seed(42)
                .algorithm(Algorithm::Backtracker);
            if let Some(start) = carve_from {
                builder = builder.carve_from(start);
            }
            let maze = builder.build().unwrap();
            let (entry, exit) = (Pos::new(0, 0), Pos::new(24, 19));
            let known = maze.known_solution().expect("solved by build");
            assert_eq!(known, shortest_path(maze.grid(), entry, exit).as_ref());
            assert!(known.is_some_and(|p| p.start() == entry));
        }
    }

    #[test]
    fn defaults_are_a_perfect_maze_with_the_42_corner_to_corner_carved_from_the_entry() {
        let maze = Maze::builder(12, 9).build().unwrap();
        assert_eq!(maze.options(), &MazeOptions::new(12, 9));
        assert_eq!(
            (maze.entry(), maze.exit()),
            (Pos::new(0, 0), Pos::new(11, 8))
        );
        let moved = Maze::builder(12, 9).entry(Pos::new(2, 0)).build().unwrap();
        assert_eq!(moved.options().start, Pos::new(2, 0));
        let apart = Maze::builder(12, 9)
            .entry(Pos::new(2, 0))
            .carve_from(Pos::new(5, 8))
            .build()
            .unwrap();
        assert_eq!(
            (apart.options().start, apart.entry()),
            (Pos::new(5, 8), Pos::new(2, 0))
        );
    }

    #[test]
    fn bad_settings_are_refused_before_carving() {
        let err = |b: MazeBuilder| b.build().unwrap_err();
        let outside = err(Maze::builder(12, 9).exit(Pos::new(12, 3)));
        assert_eq!(
            outside.to_string(),
            "exit cell 12,3 is outside the 12x9 maze"
        );
        let on_42 = Maze::builder(12, 9).stamp(StampChoice::FortyTwo);
        let stamp_cell = on_42
            .generator()
            .unwrap()
            .grid()
            .stamp()
            .unwrap()
            .cells()
            .next();
        let on = err(on_42.entry(stamp_cell.unwrap()));
        assert!(matches!(on, Error::OnStamp { end: "entry", .. }), "{on:?}");
        // A carving start on the stamp: the generator's own error.
        let start = err(Maze::builder(12, 9).carve_from(stamp_cell.unwrap()));
        assert!(matches!(start, Error::StartOnStamp(_)), "{start:?}");
        assert!(matches!(
            err(Maze::builder(0, 9)),
            Error::Side {
                side: "WIDTH",
                value: 0
            }
        ));
        let braid = err(Maze::builder(12, 9).perfect(false).braid(1.5));
        assert!(matches!(braid, Error::Braid(_)), "{braid:?}");
        let wide: Pattern = "XXXXXXXXXXX".parse().unwrap();
        let big = err(Maze::builder(12, 9).stamp(wide));
        assert!(matches!(big, Error::StampDoesNotFit { .. }), "{big:?}");
    }

    #[test]
    fn without_a_stamp_every_cell_is_carved_and_a_pattern_of_ones_own_is_kept_closed() {
        let plain = Maze::builder(9, 7)
            .stamp(StampChoice::None)
            .build()
            .unwrap();
        assert_eq!(plain.grid().open_cell_count(), 63);
        assert!(plain.grid().positions().all(|p| !plain.grid().is_locked(p)));
        let dot: Pattern = "X".parse().unwrap();
        let dotted = Maze::builder(3, 3).stamp(dot).build().unwrap();
        assert!(dotted.grid().is_locked(Pos::new(1, 1)));
        assert_eq!(dotted.solution().unwrap().len(), 4);
    }

    #[test]
    fn a_session_carves_the_same_maze_as_build() {
        for perfect in [true, false] {
            let builder = Maze::builder(16, 12).seed(8).perfect(perfect);
            let mut session = builder.clone().session(Solver::Dfs).unwrap();
            session.finish();
            assert_eq!(session.phase(), Phase::Done);
            let maze = builder.build().unwrap();
            assert_eq!(session.grid(), maze.grid());
            assert_eq!(session.maze().unwrap().solution(), maze.solution());
        }
        let err = Maze::builder(16, 12)
            .exit(Pos::new(0, 12))
            .session(Solver::Bfs);
        assert!(matches!(err, Err(Error::Outside { end: "exit", .. })));
    }
}

#[cfg(test)]
mod ends {
    use crate::session::Session;
    use crate::{Error, Maze, MazeOptions, Pos, Solver, Stamp};

    /// The cell of the 42 nearest the top-left of a 30x20 maze.
    fn on_stamp() -> Pos {
        Stamp::centred(30, 20).unwrap().cells().next().unwrap()
    }

    /// Every way of making a maze or a session refuses the same entries and exits, before
    /// carving anything (issue 43: `Maze::generate` solved to a cell outside the maze).
    #[test]
    fn every_entry_point_checks_the_ends_alike() {
        let options = MazeOptions::new(30, 20).seed(1);
        let (origin, far, stamp) = (Pos::new(0, 0), Pos::new(40, 0), on_stamp());
        let cases = [
            (origin, far, "exit cell 40,0 is outside the 30x20 maze"),
            (far, origin, "entry cell 40,0 is outside the 30x20 maze"),
            (stamp, origin, "entry"),
            (origin, stamp, "exit"),
            (origin, origin, "entry and exit are the same cell, 0,0"),
        ];
        for (entry, exit, says) in cases {
            let generated = Maze::generate(options.clone(), entry, exit).unwrap_err();
            let built = Maze::builder(30, 20)
                .seed(1)
                .entry(entry)
                .exit(exit)
                .build();
            let built = built.unwrap_err();
            let session = Maze::builder(30, 20)
                .entry(entry)
                .exit(exit)
                .session(Solver::Bfs);
            let session = session.unwrap_err();
            let new = Session::new(options.clone(), entry, exit, Solver::Bfs).unwrap_err();
            assert!(generated.to_string().starts_with(says), "{generated}");
            assert_eq!(generated.to_string(), built.to_string());
            assert_eq!(generated.to_string(), session.to_string());
            assert_eq!(generated.to_string(), new.to_string());
        }
        assert!(matches!(
            Session::new(options, stamp, origin, Solver::Bfs),
            Err(Error::OnStamp { end: "entry", .. })
        ));
    }
}
