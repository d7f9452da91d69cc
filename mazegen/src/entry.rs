//! The entry points whose failure is the crate's one [`Error`]: making a [`Generator`] or a
//! [`Timeline`], why a generator or a session stopped, reading an algorithm's or a solver's
//! name or a cell's coordinates (`FromStr`), reading a maze file or a config, and writing
//! files. They live above the error type (which names the failures of every part) so that the
//! parts below it never import it.

use std::str::FromStr;

use std::io::{self, Write};
use std::path::Path;

use crate::config::Config;
use crate::error::Error;
use crate::format::{self, Hex, MazeFile, Output};
use crate::generate::{Algorithm, Generator, MazeOptions};
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::maze::Maze;
use crate::registry;
use crate::replay::Timeline;
use crate::session::Session;
use crate::solve::Solver;

impl Generator {
    /// A generator ready to carve the maze `options` describe, or why it cannot.
    ///
    /// ```
    /// use mazegen::{GenEvent, Generator, MazeOptions};
    ///
    /// let mut generator = Generator::new(MazeOptions::new(12, 9).seed(3))?;
    /// let mut steps = 0;
    /// while generator.step() != GenEvent::Done {
    ///     steps += 1; // draw the step's event
    /// }
    /// assert!(generator.is_done() && generator.steps() == steps);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn new(options: MazeOptions) -> Result<Generator, Error> {
        Generator::build(options).map_err(Error::from)
    }

    /// Generates the whole maze at once.
    ///
    /// ```
    /// use mazegen::{Generator, MazeOptions, Pos};
    ///
    /// let grid = Generator::generate(MazeOptions::new(12, 9).seed(3))?;
    /// assert_eq!((grid.width(), grid.height()), (12, 9));
    /// assert!(grid.open_dirs(Pos::new(0, 0)).count() >= 1);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn generate(options: MazeOptions) -> Result<Grid, Error> {
        Generator::generate_grid(options).map_err(Error::from)
    }

    /// Why the generator stopped before the maze was complete: the allocator refused a
    /// phase's working set room to grow ([`Error::NotEnoughMemory`]).
    /// It is done then, its grid partly carved.
    pub fn failure(&self) -> Option<Error> {
        self.gen_failure().cloned().map(Error::from)
    }
}

impl Timeline {
    /// A timeline of the maze `options` describe, with checkpoints of at most
    /// [`Timeline::CHECKPOINT_BUDGET`] bytes in all.
    pub fn new(options: MazeOptions) -> Result<Timeline, Error> {
        Timeline::with_budget(options, Timeline::CHECKPOINT_BUDGET)
    }

    /// A timeline whose checkpoints take at most `budget` bytes in all.
    pub fn with_budget(options: MazeOptions, budget: u64) -> Result<Timeline, Error> {
        Ok(Timeline::of(&Generator::new(options)?, budget))
    }
}

impl Session {
    /// Why the maze could not be finished: the allocator refused the generator's working set
    /// room to grow (see [`Generator::failure`]). The session then stays
    /// [`Phase::Carving`](crate::session::Phase::Carving), its grid partly carved, and [`Session::advance`] and
    /// [`Session::finish`] do nothing more: a caller stepping it until done checks this.
    ///
    /// Or why the watched search could not be finished: the allocator refused its working set
    /// room to grow (see [`Searching::failure`](crate::Searching::failure)), or its path, or that path's
    /// bitmap, or (for a session measuring the maze itself) the measuring, their memory. The
    /// session then stays [`Phase::Solving`](crate::session::Phase::Solving), the search done
    /// and unsolved, and
    /// [`Session::advance`], [`Session::finish`] and [`Session::jobs`] do nothing more for it,
    /// until another solver is picked ([`Session::resolve_with`]), which tries again.
    pub fn failure(&self) -> Option<Error> {
        self.gen_failure().cloned().map(Error::from)
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`dfs` for the backtracker, for instance). An unknown name is
    /// [`Error::UnknownAlgorithm`], listing the valid ones.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        registry::parse(s).ok_or_else(|| Error::UnknownAlgorithm {
            name: s.trim().to_owned(),
            valid: Algorithm::names(),
        })
    }
}

impl FromStr for Solver {
    type Err = Error;

    /// Case-insensitive; `-`, `_` and spaces are interchangeable, and a few common other names
    /// are accepted (`astar`, `wall-follower` for the left hand, for instance). An unknown
    /// name is [`Error::UnknownSolver`], listing the valid ones.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        registry::parse(s).ok_or_else(|| Error::UnknownSolver {
            name: s.trim().to_owned(),
            valid: Solver::names(),
        })
    }
}

impl FromStr for Pos {
    type Err = Error;

    /// Reads `x,y` as the config file and the maze file write it: two whole numbers of ASCII
    /// digits (no sign), spaces allowed around each. Anything else is [`Error::BadPos`].
    fn from_str(text: &str) -> Result<Pos, Error> {
        Pos::parse_text(text).ok_or(Error::BadPos)
    }
}

impl MazeFile {
    /// Reads a maze file's text. Hex digits and path letters may be in either case; `\r\n`
    /// line ends are accepted.
    ///
    /// ```
    /// use mazegen::format::MazeFile;
    /// use mazegen::{Maze, Pos};
    ///
    /// let maze = Maze::builder(3, 2).seed(1).build()?;
    /// let text = maze.to_hex();
    /// let file = MazeFile::parse(&text)?;
    /// assert_eq!((file.width(), file.height(), file.exit), (3, 2, Pos::new(2, 1)));
    /// assert_eq!(&file.to_grid(), maze.grid());
    /// assert!(MazeFile::parse("not a maze\n").is_err());
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    ///
    /// Text that is not a maze file is [`Error::Hex`](Error::Hex), with the line it
    /// goes wrong on.
    pub fn parse(text: &str) -> Result<MazeFile, Error> {
        MazeFile::parse_text(text).map_err(Error::from)
    }

    /// Reads and parses a maze file. Its size is checked before it is read: no larger than a
    /// maze as wide as its first line can be ([`MazeFile::max_file_bytes`] at the largest height the
    /// size limits allow), so a huge file or `/dev/zero` is refused at once.
    ///
    /// ```
    /// use mazegen::format::MazeFile;
    /// use mazegen::Maze;
    /// use mazegen::format::{Hex, Output};
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let path = std::env::temp_dir().join("mazegen-doc-load.txt");
    /// maze.write_to(&[Output::file(Hex, &path)])?;
    /// assert_eq!(&MazeFile::load(&path)?.to_grid(), maze.grid());
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<MazeFile, Error> {
        MazeFile::load_file(path.as_ref()).map_err(Error::from)
    }

    /// Reads and parses a maze file that should be `width` x `height`: a larger file than such
    /// a maze can be is refused before it is read.
    pub fn load_sized(path: impl AsRef<Path>, width: u32, height: u32) -> Result<MazeFile, Error> {
        MazeFile::load_file_sized(path.as_ref(), width, height).map_err(Error::from)
    }
}

impl Config {
    /// Reads and parses the config at `path`. Error messages name `path` as given, so the user
    /// recognises what they typed.
    ///
    /// ```
    /// use mazegen::config::Config;
    ///
    /// let err = Config::load("/no/such/config.txt").unwrap_err();
    /// assert!(err.to_string().starts_with("/no/such/config.txt: cannot read the file"), "{err}");
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Config, Error> {
        Config::load_with_app_keys(path, &[])
    }

    /// [`Config::load`], also accepting the application's own keys (see
    /// [`Config::parse_with_app_keys`]).
    pub fn load_with_app_keys(
        path: impl AsRef<Path>,
        app_keys: &[&'static str],
    ) -> Result<Config, Error> {
        Config::try_load(path.as_ref(), app_keys).map_err(Error::from)
    }

    /// Parses config text. `source` is only used to name the file in error messages.
    ///
    /// ```
    /// use mazegen::config::Config;
    /// use mazegen::{Maze, Pos, StampChoice};
    ///
    /// let text = "WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSTAMP=none\n";
    /// let config = Config::parse(text, "config.txt")?;
    /// assert_eq!((config.exit, config.stamp), (Pos::new(11, 8), StampChoice::None));
    /// let maze = Maze::generate(config.maze_options(7), config.entry, config.exit)?;
    /// assert_eq!(maze.grid().stamp(), None);
    /// assert!(Config::parse("WIDTH=12\n", "config.txt").is_err()); // HEIGHT and the rest missing
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn parse(text: &str, source: impl AsRef<Path>) -> Result<Config, Error> {
        Config::parse_with_app_keys(text, source, &[])
    }

    /// Parses config text that may also hold `app_keys`, keys the application reading it
    /// documents (such as a dashboard's `THEME`), uppercase. They are matched in any case like
    /// the library's keys, and are errors like them when given twice or with no value, but
    /// their values are only kept, in [`Config::app_settings`], for the application to read.
    pub fn parse_with_app_keys(
        text: &str,
        source: impl AsRef<Path>,
        app_keys: &[&'static str],
    ) -> Result<Config, Error> {
        Config::try_parse(text, source.as_ref(), app_keys).map_err(Error::from)
    }
}

/// Writes `maze` to each of `outputs` in order. The files are staged first and put in place
/// together once all are ready, so a failure ([`Error::Write`], naming the output) changes no
/// file; standard output is written last, once the files are in place. `progress` hears of
/// each output as it starts, about every megabyte, and as it ends: the output, the bytes
/// written so far (`done`), and about how many it takes in all (`total`; `done` never passes
/// it, and both are equal once the output is complete).
///
/// ```
/// use mazegen::format::{Hex, Output};
/// use mazegen::{Maze, write_outputs};
///
/// let maze = Maze::builder(12, 9).seed(3).build()?;
/// let path = std::env::temp_dir().join("mazegen-doc-outputs.txt");
/// write_outputs(&maze, &[Output::file(Hex, &path)], &mut |output, done, total| {
///     println!("{}: {done} of {total} bytes", output.destination())
/// })?;
/// # std::fs::remove_file(&path).ok();
/// # Ok::<(), mazegen::Error>(())
/// ```
pub fn write_outputs(
    maze: &Maze,
    outputs: &[Output],
    progress: &mut dyn FnMut(&Output, u64, u64),
) -> Result<(), Error> {
    format::write_outputs(maze, outputs, progress).map_err(Error::from)
}

/// Writes `path` atomically with what `fill` writes to the buffered writer it is given, and
/// returns what `fill` returned once the file is in place; a failure is [`Error::Write`] and
/// leaves the previous content, if any, unchanged.
pub fn write_atomically<T, F>(path: &Path, fill: F) -> Result<T, Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    format::write_atomically(path, fill).map_err(Error::from)
}

/// Writes a new file at `path`, atomically as [`write_atomically`] does, but never in place of
/// anything: if `path` exists (a file, a link, even a dangling one), or appears while the new
/// content is being written, nothing is replaced and the error says it already exists. For a
/// file that holds the user's own edits, such as a config written out for them to change.
pub fn write_new_atomically<T, F>(path: &Path, fill: F) -> Result<T, Error>
where
    F: FnOnce(&mut dyn Write) -> io::Result<T>,
{
    format::write_new_atomically(path, fill).map_err(Error::from)
}

impl Maze {
    /// Writes the maze file in the 42 hex format to `path`, replacing it atomically (see
    /// [`Maze::write_to`]).
    ///
    /// ```
    /// use mazegen::Maze;
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let file = std::env::temp_dir().join("mazegen-doc-write-hex.txt");
    /// maze.write_hex(&file)?;
    /// assert_eq!(std::fs::read_to_string(&file)?, maze.to_hex());
    /// # std::fs::remove_file(&file)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_hex(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        self.write_to(&[Output::file(Hex, path.as_ref())])
    }

    /// Writes the maze to each of `outputs` (all files replaced together, or none): the
    /// [`write_outputs`] pipeline, without progress reports.
    ///
    /// ```
    /// use mazegen::Maze;
    /// use mazegen::format::{Hex, Output, Svg};
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let folder = std::env::temp_dir();
    /// let (hex, svg) = (folder.join("mazegen-doc-write.txt"), folder.join("mazegen-doc-write.svg"));
    /// maze.write_to(&[Output::file(Hex, &hex), Output::file(Svg::default(), &svg)])?;
    /// assert!(std::fs::read_to_string(&hex)?.ends_with(&format!("{}\n", maze.solution().unwrap())));
    /// # std::fs::remove_file(hex)?; std::fs::remove_file(svg)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_to(&self, outputs: &[Output]) -> Result<(), Error> {
        write_outputs(self, outputs, &mut |_, _, _| {})
    }
}
