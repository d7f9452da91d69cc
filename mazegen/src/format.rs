//! Reading and writing mazes: the 42 hex file format, SVG drawings, the statistics as JSON, safe
//! file replacement, and bounded reads of the files a user names.
//!
//! Every way of writing a [`Maze`] down is a [`Format`]; `<dyn Format>::all()` lists them all, and
//! [`write_outputs`](crate::write_outputs) is the one pipeline that writes a maze to a list of [`Output`]s (a format
//! and where it goes), all files replaced together or none, reporting its progress as it goes. A
//! command line, a UI's "save" and its "export" are all lists of outputs, so a new format is
//! its own module plus one line in that list.
//!
//! ```
//! use mazegen::format::{Format, Output};
//! use mazegen::{Maze, MazeOptions, Pos, write_outputs};
//!
//! let maze = Maze::generate(MazeOptions::new(12, 9).seed(3), Pos::new(0, 0), Pos::new(11, 8))?;
//! let folder = std::env::temp_dir();
//! let outputs: Vec<Output> = <dyn Format>::all()
//!     .iter()
//!     .map(|f| Output::new(f.clone(), folder.join(format!("mazegen-doc.{}", f.extension()))))
//!     .collect();
//! write_outputs(&maze, &outputs, &mut |_, _, _| {})?;
//! # for output in &outputs { std::fs::remove_file(output.path().unwrap())?; }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod animate;
pub(crate) mod atomic;
pub(crate) mod hex;
#[cfg(feature = "serde")]
mod json;
#[cfg(feature = "pdf")]
pub(crate) mod pdf;
#[cfg(feature = "png")]
pub(crate) mod png;
pub(crate) mod read;
pub(crate) mod svg;

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};

use crate::maze::Maze;

pub use animate::AnimatedSvg;
use atomic::Outputs;
pub(crate) use atomic::WriteError;
pub use atomic::remove_temporaries;
pub(crate) use atomic::same_target;
pub(crate) use atomic::{write_atomically, write_new_atomically};
pub use hex::{Hex, HexErrorKind, MazeFile};
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub use json::StatsJson;
#[cfg(feature = "pdf")]
#[cfg_attr(docsrs, doc(cfg(feature = "pdf")))]
pub use pdf::{Paper, PdfSheet};
#[cfg(feature = "png")]
#[cfg_attr(docsrs, doc(cfg(feature = "png")))]
pub use png::Png;
pub(crate) use read::MIB;
pub(crate) use read::read_limited;
pub use svg::{CellSize, Svg, SvgOptions, SvgStyle};

/// A refusal of the allocator, or a measure or search refused its memory, as the error of a
/// write: the output is not written, and the message names what the memory was for.
pub(crate) fn refused(error: crate::grid::SizeError) -> io::Error {
    io::Error::new(io::ErrorKind::OutOfMemory, error)
}

/// An empty buffer of `capacity` bytes, or an error naming `task` when the allocator refuses
/// it: an output's buffer of rows (up to a few hundred kilobytes for a wide maze).
pub(crate) fn try_buffer(
    capacity: usize,
    maze: &crate::grid::Grid,
    task: &'static str,
) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    buf.try_reserve_exact(capacity).map_err(|_| {
        refused(crate::grid::SizeError::NotEnoughMemory {
            task,
            width: maze.width(),
            height: maze.height(),
        })
    })?;
    Ok(buf)
}

/// A way of writing a maze down.
pub trait Format: fmt::Debug + Send + Sync {
    /// The registry's name for it: `"hex"`, `"svg"`, `"stats"`.
    fn name(&self) -> &'static str;

    /// The usual file extension, without the dot.
    fn extension(&self) -> &'static str;

    /// About how many bytes [`Format::write`] writes for `maze`, for progress reports. It
    /// need not be exact, and must not search or measure the maze.
    fn estimated_size(&self, maze: &Maze) -> u64;

    /// Writes `maze` to `out`. Searches the shortest path or measures the maze if the format
    /// needs them and they are not known yet.
    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()>;
}

impl dyn Format {
    /// Every format, with its default options, in the order they are listed to users: adding
    /// a format is writing its module and adding one line here.
    ///
    /// ```
    /// use mazegen::format::Format;
    ///
    /// let names: Vec<&str> = <dyn Format>::all().iter().map(|f| f.name()).collect();
    /// assert_eq!(&names[..2], ["hex", "svg"]);
    /// ```
    pub fn all() -> &'static [Arc<dyn Format>] {
        formats()
    }
}

/// See [`<dyn Format>::all`](trait.Format.html#method.all).
pub(crate) fn formats() -> &'static [Arc<dyn Format>] {
    static FORMATS: LazyLock<Vec<Arc<dyn Format>>> = LazyLock::new(|| {
        vec![
            Arc::new(Hex),
            Arc::new(Svg::default()),
            #[cfg(feature = "serde")]
            Arc::new(StatsJson::default()),
            #[cfg(feature = "png")]
            Arc::new(Png::default()),
            #[cfg(feature = "pdf")]
            Arc::new(PdfSheet::default()),
        ]
    });
    &FORMATS
}

/// The format `formats` knows by `name` (ignoring case).
#[cfg(test)]
pub(crate) fn by_name(name: &str) -> Option<Arc<dyn Format>> {
    formats()
        .iter()
        .find(|f| f.name().eq_ignore_ascii_case(name))
        .cloned()
}

/// Where an output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Destination {
    /// A file, replaced atomically (see [`write_atomically`]).
    File(PathBuf),
    /// The process's standard output.
    Stdout,
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::File(path) => f.write_str(&crate::quote::path(path)),
            Destination::Stdout => f.write_str(STDOUT),
        }
    }
}

/// A format and where to write it.
#[derive(Clone, Debug)]
pub struct Output {
    /// How the maze is written.
    pub format: Arc<dyn Format>,
    /// Where it is written.
    pub(crate) destination: Destination,
}

impl Output {
    /// `format` written to the file at `path`.
    pub fn new(format: Arc<dyn Format>, path: impl Into<PathBuf>) -> Output {
        Output {
            format,
            destination: Destination::File(path.into()),
        }
    }

    /// `format`, with its own options, written to the file at `path`.
    pub fn file(format: impl Format + 'static, path: impl Into<PathBuf>) -> Output {
        Output::new(Arc::new(format), path)
    }

    /// `format` written to standard output.
    pub fn stdout(format: impl Format + 'static) -> Output {
        Output {
            format: Arc::new(format),
            destination: Destination::Stdout,
        }
    }

    /// Where it goes, for a message: the file's name (control characters escaped, see
    /// [`escaped`](crate::escaped)), or `standard output`.
    pub fn destination(&self) -> impl fmt::Display + '_ {
        &self.destination
    }

    /// The file it goes to, if it goes to a file.
    pub fn path(&self) -> Option<&Path> {
        match &self.destination {
            Destination::File(path) => Some(path),
            Destination::Stdout => None,
        }
    }

    /// Whether an output to `a` and one to `b` would write the same file: the same existing
    /// file by any name (links, `./`), or the same new file in the same folder. For refusing,
    /// say, an SVG output that would overwrite the maze file of the same run.
    pub fn same_target(a: &Path, b: &Path) -> bool {
        atomic::same_target(a, b)
    }

    /// Whether an output to `path` writes into the process's standard output (`/dev/stdout`,
    /// `/dev/fd/1`, `/proc/self/fd/1`, or a link to one), where a run's printed output goes too.
    pub fn is_standard_output(path: &Path) -> bool {
        atomic::is_standard_output(path)
    }
}

/// The name a [`WriteError`] gives standard output.
pub(crate) const STDOUT: &str = crate::Error::STDOUT;

/// Bytes between two progress reports.
const REPORT_EVERY: u64 = 1 << 20;

/// Writes `maze` to each of `outputs` in order, as [`write_outputs`](crate::write_outputs)
/// describes, or names the output that failed.
pub(crate) fn write_outputs(
    maze: &Maze,
    outputs: &[Output],
    progress: &mut dyn FnMut(&Output, u64, u64),
) -> Result<(), WriteError> {
    let mut staged = Outputs::new();
    let (files, streams): (Vec<&Output>, Vec<&Output>) =
        outputs.iter().partition(|o| o.path().is_some());
    for output in files.into_iter().chain(streams) {
        let estimate = output.format.estimated_size(maze);
        let mut report = |done: u64, end: bool| {
            let total = if end { done } else { estimate.max(done + 1) };
            progress(output, done, total);
        };
        report(0, false);
        let mut fill = |out: &mut dyn Write| -> io::Result<u64> {
            let mut counting = Counting {
                out,
                written: 0,
                next_report: REPORT_EVERY,
                report: &mut report,
            };
            output.format.write(maze, &mut counting)?;
            counting.flush()?;
            Ok(counting.written)
        };
        let written = match &output.destination {
            Destination::File(path) => staged.stage(path, fill)?,
            Destination::Stdout => {
                // The files are complete: put them in place before anything is printed.
                std::mem::take(&mut staged).commit()?;
                let mut out = BufWriter::new(io::stdout().lock());
                fill(&mut out)
                    .and_then(|written| out.flush().map(|()| written))
                    .map_err(|source| WriteError {
                        path: PathBuf::from(STDOUT),
                        source,
                    })?
            }
        };
        report(written, true);
    }
    staged.commit()
}

/// Passes writes on, counting the bytes and reporting every [`REPORT_EVERY`] of them.
struct Counting<'a, 'r> {
    out: &'a mut dyn Write,
    written: u64,
    next_report: u64,
    report: &'r mut dyn FnMut(u64, bool),
}

impl Write for Counting<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.written += n as u64;
        if self.written >= self.next_report {
            self.next_report = self.written + REPORT_EVERY;
            (self.report)(self.written, false);
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Maze {
    /// The maze file in the 42 hex format, as [`Hex`] writes it: the rows of hex digits, an
    /// empty line, the entry, the exit and the shortest path.
    ///
    /// ```
    /// use mazegen::Maze;
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let text = maze.to_hex();
    /// assert_eq!(text.lines().count(), 9 + 4);
    /// assert!(text.ends_with(&format!("{}\n", maze.solution().unwrap())));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When the allocator refuses the text or the path its memory (as a `Vec` does), or when
    /// the exit cannot be reached, which no maze this crate makes allows.
    pub fn to_hex(&self) -> String {
        self.to_text(&Hex)
    }

    /// The maze as an SVG drawing, as [`Svg`] with `options` writes it.
    ///
    /// ```
    /// use mazegen::Maze;
    /// use mazegen::format::SvgOptions;
    ///
    /// let maze = Maze::builder(12, 9).seed(3).build()?;
    /// let picture = maze.to_svg(&SvgOptions::default().show_path(false));
    /// assert!(picture.contains("<svg") && !picture.contains(r#"id="solution""#));
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Maze::to_hex`].
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        self.to_text(&Svg::new(options.clone()))
    }

    fn to_text(&self, format: &dyn Format) -> String {
        let mut bytes = Vec::new();
        if let Err(error) = format.write(self, &mut bytes) {
            panic!("{} of the maze: {error}", format.name());
        }
        String::from_utf8(bytes).expect("the formats write UTF-8")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MazeOptions, Pos};

    fn maze(width: u32, height: u32) -> Maze {
        let options = MazeOptions::new(width, height).seed(7).perfect(false);
        Maze::generate(options, Pos::new(0, 0), Pos::new(width - 1, height - 1)).unwrap()
    }

    fn written(format: &dyn Format, maze: &Maze) -> Vec<u8> {
        let mut bytes = Vec::new();
        format.write(maze, &mut bytes).unwrap();
        bytes
    }

    #[test]
    fn the_registry_names_each_format_once_with_its_extension() {
        let names: Vec<&str> = formats().iter().map(|f| f.name()).collect();
        assert_eq!(&names[..2], ["hex", "svg"]);
        #[cfg(feature = "serde")]
        assert_eq!(names[2], "stats");
        for (i, format) in formats().iter().enumerate() {
            assert!(
                !names[..i].contains(&format.name()),
                "{} twice",
                format.name()
            );
            let found = by_name(&format.name().to_uppercase()).expect("found by name");
            assert_eq!(found.extension(), format.extension());
        }
        assert_eq!(by_name("svg").unwrap().extension(), "svg");
        assert_eq!(by_name("hex").unwrap().extension(), "txt");
        assert_eq!(by_name("png").is_some(), cfg!(feature = "png"));
        assert!(by_name("gif").is_none());
    }

    #[test]
    fn every_format_writes_about_what_it_estimates_and_never_nothing() {
        let maze = maze(40, 30);
        for format in formats() {
            let size = written(format.as_ref(), &maze).len() as u64;
            let estimate = format.estimated_size(&maze);
            assert!(size > 0, "{}", format.name());
            assert!(
                estimate / 4 <= size && size <= estimate * 4,
                "{}: {size} bytes, estimated {estimate}",
                format.name()
            );
        }
    }

    #[test]
    fn writes_each_output_atomically_in_order_with_progress() {
        let dir = tempfile::tempdir().unwrap();
        let maze = maze(300, 200);
        let outputs: Vec<Output> = formats()
            .iter()
            .map(|f| Output::new(f.clone(), dir.path().join(format!("m.{}", f.extension()))))
            .collect();
        let mut heard: Vec<(String, u64, u64)> = Vec::new();
        write_outputs(&maze, &outputs, &mut |output, done, total| {
            heard.push((output.format.name().to_owned(), done, total));
        })
        .unwrap();
        for output in &outputs {
            let on_disk = std::fs::read(output.path().unwrap()).unwrap();
            assert_eq!(on_disk, written(output.format.as_ref(), &maze));
            let reports: Vec<_> = heard
                .iter()
                .filter(|(name, ..)| name == output.format.name())
                .collect();
            assert_eq!(reports.first().unwrap().1, 0, "starts at 0");
            let last = reports.last().unwrap();
            assert_eq!(
                (last.1, last.2),
                (on_disk.len() as u64, on_disk.len() as u64)
            );
            assert!(reports.iter().all(|(_, done, total)| done <= total));
            assert!(
                reports.windows(2).all(|w| w[0].1 <= w[1].1),
                "never backwards"
            );
        }
        // 60 kB of hex: no report between the start and the end.
        assert_eq!(heard.iter().filter(|(n, ..)| n == "hex").count(), 2);
        let names: Vec<&str> = heard.iter().map(|(n, ..)| n.as_str()).collect();
        let mut order = names.clone();
        order.dedup();
        assert_eq!(
            order.len(),
            outputs.len(),
            "one output after the other: {names:?}"
        );
    }

    #[test]
    fn a_big_output_reports_every_megabyte() {
        let dir = tempfile::tempdir().unwrap();
        let maze = maze(1500, 1500);
        let output = Output::file(Hex, dir.path().join("big.txt"));
        let mut reports = Vec::new();
        write_outputs(
            &maze,
            std::slice::from_ref(&output),
            &mut |_, done, total| reports.push((done, total)),
        )
        .unwrap();
        let size = std::fs::metadata(output.path().unwrap()).unwrap().len();
        assert!(reports.len() as u64 >= size / REPORT_EVERY, "{reports:?}");
        let (_, estimate) = reports[1];
        // The rows, exactly; the path is not searched yet, so not counted.
        assert!(
            estimate <= size && estimate >= size * 9 / 10,
            "{estimate} vs {size}"
        );
    }

    #[test]
    fn a_failure_changes_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let maze = maze(9, 7);
        let good = dir.path().join("maze.txt");
        std::fs::write(&good, "old").unwrap();
        let bad = dir.path().join("no/such/dir/maze.svg");
        let last = dir.path().join("last.txt");
        let outputs = [
            Output::file(Hex, &good),
            Output::file(Svg::default(), &bad),
            Output::file(Hex, &last),
        ];
        let err = write_outputs(&maze, &outputs, &mut |_, _, _| {}).unwrap_err();
        assert_eq!(err.path, bad);
        assert_eq!(std::fs::read_to_string(&good).unwrap(), "old");
        assert!(!bad.exists() && !last.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary left"
        );
    }

    #[test]
    fn destinations_say_where_they_are() {
        assert_eq!(Destination::Stdout.to_string(), "standard output");
        let output = Output::file(Hex, "out/maze.txt");
        assert_eq!(output.destination.to_string(), "out/maze.txt");
        assert_eq!(output.path(), Some(Path::new("out/maze.txt")));
        assert_eq!(Output::stdout(Hex).path(), None);
    }
}
