//! Writing a maze's files, as a caller asks for it: the crate root's [`write_outputs`],
//! [`write_atomically`] and [`write_new_atomically`], and [`Maze::write_to`] and
//! [`Maze::write_hex`]. `format` does the work and keeps its own small error, with the path,
//! for its tests; these answer with the crate's [`Error`] (`Error::Write`, the same fields).
//! They are here, not in `format`, so that their one public path stays the crate root.

use std::io::{self, Write};
use std::path::Path;

use crate::error::Error;
use crate::format::{self, Hex, Output};
use crate::maze::Maze;

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
