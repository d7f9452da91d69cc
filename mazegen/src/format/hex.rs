//! The 42 "A-Maze-ing" output file: one hex digit per cell (a set bit is a closed wall: N=1,
//! E=2, S=4, W=8), row by row, then an empty line, the entry, the exit and the shortest path.
//!
//! ```text
//! 9515391539551795151151153
//! ...
//!
//! 1,1
//! 19,14
//! SWSESWSE...
//! ```

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::Format;
use super::read::open_regular;
use crate::error::Error;
pub use crate::error::HexErrorKind;
use crate::geometry::{Dir, Pos};
use crate::grid::{Grid, Landmarks, MAX_CELLS, MAX_SIDE, MIN_SIDE, SizeError, Walls, check_size};
use crate::maze::Maze;
use crate::quote;
use crate::solve::Solution;

/// The 42 hex file as a [`Format`]: the rows, then the entry, the exit and the shortest path
/// (searched if the maze does not know it yet; a maze whose exit cannot be reached cannot be
/// written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hex;

impl Hex {
    /// Writes the maze file of a grid that is not a [`Maze`] (one read back from a file, say):
    /// its rows, `entry`, `exit` and `path`, the route from `entry`, as letters.
    pub fn write_grid(
        out: &mut dyn Write,
        grid: &Grid,
        entry: Pos,
        exit: Pos,
        path: &Solution,
    ) -> io::Result<()> {
        write_rows(out, grid)?;
        write_footer(out, entry, exit, path)
    }

    /// [`Hex::write_grid`]'s file as a string.
    ///
    /// ```
    /// use mazegen::format::{Hex, MazeFile};
    /// use mazegen::{Generator, MazeOptions, Pos};
    ///
    /// let grid = Generator::generate(MazeOptions::new(12, 9).seed(3))?;
    /// let (entry, exit) = (Pos::new(0, 0), Pos::new(11, 8));
    /// let path = grid.shortest_path(entry, exit).expect("connected");
    /// let text = Hex::grid_to_string(&grid, entry, exit, &path);
    /// assert_eq!(MazeFile::parse(&text).unwrap().to_grid(), grid);
    /// # Ok::<(), mazegen::Error>(())
    /// ```
    pub fn grid_to_string(grid: &Grid, entry: Pos, exit: Pos, path: &Solution) -> String {
        let mut bytes =
            Vec::with_capacity(grid.cell_count() + grid.height() as usize + path.len() + 32);
        Hex::write_grid(&mut bytes, grid, entry, exit, path).expect("writing to a Vec cannot fail");
        String::from_utf8(bytes).expect("the maze file is ASCII")
    }
}

impl Format for Hex {
    fn name(&self) -> &'static str {
        "hex"
    }

    fn extension(&self) -> &'static str {
        "txt"
    }

    fn estimated_size(&self, maze: &Maze) -> u64 {
        let rows = u64::from(maze.height()) * (u64::from(maze.width()) + 1);
        let path = maze
            .known_solution()
            .flatten()
            .map_or(0, |p| p.len() as u64);
        // The empty line, two "x,y" lines and the path line.
        rows + 1 + 2 * 12 + path + 1
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        // The rows do not need the path: a caller may still be searching it on another
        // thread (see `Maze::solution`), and waits for it only here.
        write_rows(out, maze.grid())?;
        let (entry, exit) = (maze.entry(), maze.exit());
        let path = maze.try_solve().map_err(super::refused)?.ok_or_else(|| {
            io::Error::other(format!(
                "no path from {entry} to {exit} (a bug: please report it)"
            ))
        })?;
        write_footer(out, entry, exit, path)
    }
}

/// Writes the first part of a maze file: one row of hex digits per maze row. Split from
/// [`write_footer`] so that a large maze's rows can be written while its path is still being
/// searched.
pub(crate) fn write_rows(out: &mut dyn Write, grid: &Grid) -> io::Result<()> {
    let w = grid.width() as usize;
    // Many rows a write: a narrow maze's rows are short, and each write is a call through `dyn`.
    let rows_a_write = (64 << 10) / (w + 1) + 1;
    let mut lines = super::try_buffer(rows_a_write * (w + 1), grid, "the rows' buffer")?;
    let cells = grid.raw();
    for y in 0..grid.height() as usize {
        let above = y.checked_sub(1).map(|up| &cells[up * w..y * w]);
        push_row(&mut lines, above, &cells[y * w..(y + 1) * w]);
        if (y + 1) % rows_a_write == 0 {
            out.write_all(&lines)?;
            lines.clear();
        }
    }
    out.write_all(&lines)
}

/// Appends the hex digits of a row of cell bytes and its newline: what [`Grid::walls`] gives
/// for each cell, from the row's own bytes and the row above's (`None` for the top row, whose
/// north walls are the border), in one pass the compiler can vectorise.
fn push_row(line: &mut Vec<u8>, above: Option<&[u8]>, row: &[u8]) {
    use crate::grid::{EAST_CLOSED, SOUTH_CLOSED};
    let digit = |bits: u8| bits + if bits < 10 { b'0' } else { b'A' - 10 };
    let north = |x: usize| above.map_or(1, |above| (above[x] & SOUTH_CLOSED) >> 1);
    // The west wall of the first cell is the border; the others are their west neighbour's
    // east wall.
    line.push(digit(
        north(0) | (row[0] & (EAST_CLOSED | SOUTH_CLOSED)) << 1 | 8,
    ));
    match above {
        Some(above) => line.extend(row.windows(2).zip(&above[1..]).map(|(pair, &up)| {
            digit(
                (up & SOUTH_CLOSED) >> 1
                    | (pair[1] & (EAST_CLOSED | SOUTH_CLOSED)) << 1
                    | (pair[0] & EAST_CLOSED) << 3,
            )
        })),
        None => line.extend(row.windows(2).map(|pair| {
            digit(1 | (pair[1] & (EAST_CLOSED | SOUTH_CLOSED)) << 1 | (pair[0] & EAST_CLOSED) << 3)
        })),
    }
    line.push(b'\n');
}

/// Writes the rest of a maze file after [`write_rows`]: the empty line, the entry, the exit and
/// the path.
pub(crate) fn write_footer(
    out: &mut dyn Write,
    entry: Pos,
    exit: Pos,
    path: &Solution,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{entry}")?;
    writeln!(out, "{exit}")?;
    // A line of up to a letter a cell, written in pieces rather than gathered whole.
    let mut letters = [0u8; 4096];
    for dirs in path.dirs().chunks(letters.len()) {
        for (letter, dir) in letters.iter_mut().zip(dirs) {
            *letter = dir.letter() as u8;
        }
        out.write_all(&letters[..dirs.len()])?;
    }
    out.write_all(b"\n")
}

/// A maze file as read, before any rule is checked: its walls are kept digit by digit, so that
/// a file whose neighbouring digits disagree can be reported rather than silently repaired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeFile {
    width: u32,
    height: u32,
    /// The wall bits of each cell, row-major.
    digits: Vec<u8>,
    /// The entry, from the first line after the rows.
    pub entry: Pos,
    /// The exit, from the second line after the rows.
    pub exit: Pos,
    /// The recorded path, starting at `entry`.
    pub path: Vec<Dir>,
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

    /// The most bytes a `width` x `height` maze file can take: every row with a CRLF, the blank
    /// line, the entry and exit at their widest, and a path that visits every cell, with a little
    /// room for trailing blank lines.
    pub fn max_file_bytes(width: u32, height: u32) -> u64 {
        max_file_bytes(width, height)
    }

    /// Columns of cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows of cells.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The walls of a cell exactly as its digit says.
    pub fn walls(&self, pos: Pos) -> Walls {
        Walls::from_bits(self.digits[pos.y as usize * self.width as usize + pos.x as usize])
    }

    /// The maze as a grid: each wall is taken from the cell to its west or north (the east and
    /// south bits of each digit), and border walls are closed. The 42 is locked where the SPEC
    /// puts it if those cells are all closed. Validation reports what this had to overlook.
    pub fn to_grid(&self) -> Grid {
        self.to_grid_with(Landmarks::plan(self.width, self.height, false))
    }

    /// [`MazeFile::to_grid`] for a maze whose config places the 42 and a courtyard as
    /// `landmarks` says: the 42 is locked if closed, the courtyard marked if open.
    pub(crate) fn to_grid_with(&self, landmarks: Landmarks) -> Grid {
        self.try_to_grid_with(landmarks)
            .expect("the size was checked when the file was read")
    }

    /// [`MazeFile::to_grid_with`], or [`SizeError::OutOfMemory`] when the allocator refuses
    /// the grid its memory.
    pub(crate) fn try_to_grid_with(&self, landmarks: Landmarks) -> Result<Grid, SizeError> {
        let mut grid = Grid::sized(self.width, self.height, None)?;
        // `positions` does not borrow the grid, so the walls can be set while walking it.
        for pos in grid.positions() {
            let walls = self.walls(pos);
            for dir in [Dir::East, Dir::South] {
                if !walls.is_closed(dir) {
                    grid.set_wall(pos, dir, false);
                }
            }
        }
        if let Some(stamp) = landmarks.stamp {
            grid.lock_if_closed(stamp);
        }
        if let Some(yard) = landmarks.courtyard {
            grid.mark_courtyard_if_open(yard);
        }
        Ok(grid)
    }

    /// The recorded path as a solution from the entry.
    pub fn solution(&self) -> Solution {
        Solution::new(self.entry, self.path.clone())
    }

    /// [`MazeFile::parse`], with the error kept apart.
    pub(crate) fn parse_text(text: &str) -> Result<MazeFile, HexError> {
        let mut lines = text
            .split_inclusive('\n')
            .map(|l| l.trim_end_matches('\n').trim_end_matches('\r'))
            .enumerate()
            .map(|(i, l)| (i + 1, l));
        let mut digits = Vec::new();
        let mut width = 0usize;
        let mut height = 0usize;
        let mut blank_line = None;
        for (n, line) in lines.by_ref() {
            if line.is_empty() {
                blank_line = Some(n);
                break;
            }
            if height == 0 {
                width = line.len();
                // Too narrow or too wide is the first row's fault, said at its line.
                let w = u32::try_from(width).unwrap_or(u32::MAX);
                if !(MIN_SIDE..=MAX_SIDE).contains(&w) {
                    let size = HexErrorKind::Size {
                        width: width as u64,
                        height: 1,
                    };
                    return Err(HexError::at(n, size));
                }
            } else if line.len() != width {
                return Err(HexError::at(
                    n,
                    HexErrorKind::RowLength {
                        expected: width,
                        found: line.len(),
                    },
                ));
            }
            // A big file's cells are refused, not an abort (amortised: the room doubles).
            digits
                .try_reserve(line.len())
                .map_err(|_| HexError::at(n, HexErrorKind::OutOfMemory))?;
            for (x, c) in line.chars().enumerate() {
                let value = c.to_digit(16).ok_or(HexError::at(
                    n,
                    HexErrorKind::NotHex {
                        column: x + 1,
                        found: c,
                    },
                ))?;
                digits.push(value as u8);
            }
            height += 1;
        }
        let Some(blank) = blank_line else {
            return Err(HexError::at(height + 1, HexErrorKind::MissingFooter));
        };
        if height == 0 {
            return Err(HexError::at(1, HexErrorKind::NoRows));
        }
        let (w, h) = (
            u32::try_from(width).unwrap_or(u32::MAX),
            u32::try_from(height).unwrap_or(u32::MAX),
        );
        check_size(w, h).map_err(|_| {
            let size = HexErrorKind::Size {
                width: width as u64,
                height: height as u64,
            };
            HexError::at(blank - 1, size)
        })?;
        // A missing line is reported where it should have been.
        let mut expected_line = blank;
        let mut next = |what: &'static str| {
            expected_line += 1;
            lines
                .next()
                .ok_or(HexError::at(expected_line, HexErrorKind::Missing(what)))
        };
        let entry = parse_coordinate(next("the entry line")?, "entry")?;
        let exit = parse_coordinate(next("the exit line")?, "exit")?;
        let (n, letters) = next("the path line")?;
        let path = letters
            .chars()
            .enumerate()
            .map(|(i, c)| {
                Dir::from_letter(c).ok_or(HexError::at(
                    n,
                    HexErrorKind::NotAStep {
                        column: i + 1,
                        found: c,
                    },
                ))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some((n, extra)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(HexError::at(
                n,
                HexErrorKind::Trailing(extra.chars().take(20).collect()),
            ));
        }
        Ok(MazeFile {
            width: w,
            height: h,
            digits,
            entry,
            exit,
            path,
        })
    }

    /// [`MazeFile::load`], with the error kept apart.
    pub(crate) fn load_file(path: &Path) -> Result<MazeFile, LoadError> {
        MazeFile::load_limited(path, load_limit(path)?)
    }

    /// [`MazeFile::load_sized`], with the error kept apart.
    pub(crate) fn load_file_sized(
        path: &Path,
        width: u32,
        height: u32,
    ) -> Result<MazeFile, LoadError> {
        MazeFile::load_limited(path, max_file_bytes(width, height))
    }

    fn load_limited(path: &Path, limit: u64) -> Result<MazeFile, LoadError> {
        let text = read_maze_bytes(path, limit)?;
        let text = String::from_utf8(text).map_err(|_| LoadError::Parse {
            path: path.to_owned(),
            source: HexError {
                line: None,
                kind: HexErrorKind::NotText,
            },
        })?;
        MazeFile::parse_text(&text).map_err(|source| LoadError::Parse {
            path: path.to_owned(),
            source,
        })
    }
}

/// The most bytes [`MazeFile::load`] reads from `path`: as much as a maze as wide as the file's
/// first line can take, at the largest height the size limits allow.
pub(crate) fn load_limit(path: &Path) -> Result<u64, LoadError> {
    first_line_width(path)
        .map(|width| {
            let width = width.clamp(1, MAX_SIDE);
            let height = MAX_SIDE.min((MAX_CELLS / u64::from(width)) as u32);
            max_file_bytes(width, height)
        })
        .map_err(|source| io_error(path, source))
}

/// The bytes of a maze file, read as [`MazeFile::load`] reads them: a regular file of at most
/// `limit` bytes (see [`load_limit`] and [`max_file_bytes`]).
pub(crate) fn read_maze_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    // A row longer than a maze's is refused as soon as it is seen, not after reading it whole.
    super::read::read_maze_limited(path, limit, u64::from(MAX_SIDE))
        .map_err(|source| io_error(path, source))
}

fn io_error(path: &Path, source: io::Error) -> LoadError {
    LoadError::Io {
        path: path.to_owned(),
        source,
    }
}

/// See [`MazeFile::max_file_bytes`].
pub(crate) fn max_file_bytes(width: u32, height: u32) -> u64 {
    let (w, h) = (u64::from(width), u64::from(height));
    let coordinate = 2 * 6 + 1 + 2; // "100000,100000\r\n"
    h * (w + 2) + 2 + 2 * coordinate + (w * h + 2) + 64
}

/// The length of the file's first line (its width in cells, if it is a maze), read without
/// reading more than the longest line a maze can have.
fn first_line_width(path: &Path) -> io::Result<u32> {
    use std::io::{BufRead, BufReader, Read};
    let file = open_regular(path)?;
    let mut line = Vec::new();
    BufReader::new(file)
        .take(u64::from(MAX_SIDE) + 2)
        .read_until(b'\n', &mut line)?;
    let width = line.trim_ascii_end().len();
    Ok(u32::try_from(width).unwrap_or(u32::MAX))
}

fn parse_coordinate((n, line): (usize, &str), what: &'static str) -> Result<Pos, HexError> {
    line.parse().map_err(|_| {
        let found = line.chars().take(40).collect();
        HexError::at(n, HexErrorKind::Coordinate { what, found })
    })
}

/// A maze file that does not have the SPEC's layout: [`Error::Hex`](crate::Error::Hex) and
/// [`Error::BadMazeFile`](crate::Error::BadMazeFile) to a caller.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{kind}", line.map(|n| format!("{n}: ")).unwrap_or_default())]
pub(crate) struct HexError {
    /// 1-based line number, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: HexErrorKind,
}

impl HexError {
    fn at(line: usize, kind: HexErrorKind) -> HexError {
        HexError {
            line: Some(line),
            kind,
        }
    }
}

impl From<HexError> for Error {
    fn from(error: HexError) -> Error {
        Error::Hex {
            line: error.line,
            kind: error.kind,
        }
    }
}

impl From<LoadError> for Error {
    fn from(error: LoadError) -> Error {
        match error {
            LoadError::Io { path, source } => Error::Unreadable { path, source },
            LoadError::Parse { path, source } => Error::BadMazeFile {
                path,
                line: source.line,
                kind: source.kind,
            },
        }
    }
}

/// A maze file that could not be read: [`Error::Unreadable`](crate::Error::Unreadable) and
/// [`Error::BadMazeFile`](crate::Error::BadMazeFile) to a caller.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LoadError {
    #[error("cannot read {}: {source}", quote::path(path))]
    /// The file cannot be read.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    #[error("{}:{}", quote::path(path), match source.line {
        Some(n) => format!("{n}: {}", source.kind),
        None => format!(" {}", source.kind),
    })]
    /// The file is not a maze file.
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: HexError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Generator, MazeOptions, shortest_path};

    const TINY: &str = "D3\nD6\n\n0,0\n1,1\nES\n";

    /// Issue 41: a maze one cell wide is refused at its first row, not at its last.
    #[test]
    fn a_maze_one_cell_wide_is_refused_at_its_first_row() {
        let rows = "F\n".repeat(1000);
        let err = MazeFile::parse_text(&format!("{rows}\n0,0\n0,999\n\n")).unwrap_err();
        assert_eq!(err.line, Some(1), "{err}");
        assert!(
            matches!(
                err.kind,
                HexErrorKind::Size {
                    width: 1,
                    height: 1
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn rows_are_each_cells_digit_at_every_width() {
        for (width, height, seed) in [
            (2, 2, 1),
            (3, 40, 2),
            (9, 7, 3),
            (31, 17, 4),
            (70_000, 2, 5),
        ] {
            let options = MazeOptions::new(width, height)
                .seed(seed)
                .perfect(seed % 2 == 0);
            let grid = Generator::generate_grid(options).unwrap();
            let mut expected = Vec::new();
            for y in 0..height {
                expected.extend((0..width).map(|x| grid.walls(Pos::new(x, y)).hex_digit()));
                expected.push(b'\n');
            }
            let mut written = Vec::new();
            write_rows(&mut written, &grid).unwrap();
            assert!(written == expected, "{width}x{height}");
        }
    }

    #[test]
    fn writes_the_spec_layout() {
        let mut grid = Grid::new(2, 2).unwrap();
        grid.set_wall(Pos::new(0, 0), Dir::East, false);
        grid.set_wall(Pos::new(1, 0), Dir::South, false);
        grid.set_wall(Pos::new(0, 1), Dir::East, false);
        let path = shortest_path(&grid, Pos::new(0, 0), Pos::new(1, 1)).unwrap();
        assert_eq!(
            Hex::grid_to_string(&grid, Pos::new(0, 0), Pos::new(1, 1), &path),
            "D3\nD6\n\n0,0\n1,1\nES\n"
        );
    }

    #[test]
    fn parses_what_it_writes() {
        let grid = Generator::generate_grid(MazeOptions::new(13, 9).seed(5)).unwrap();
        let (entry, exit) = (Pos::new(0, 0), Pos::new(12, 8));
        let path = shortest_path(&grid, entry, exit).unwrap();
        let text = Hex::grid_to_string(&grid, entry, exit, &path);
        let file = MazeFile::parse(&text).unwrap();
        assert_eq!((file.width(), file.height()), (13, 9));
        assert_eq!((file.entry, file.exit), (entry, exit));
        assert_eq!(file.solution(), path);
        assert_eq!(file.to_grid(), grid);
    }

    #[test]
    fn accepts_lowercase_and_crlf() {
        let file = MazeFile::parse("93\r\nc6\r\n\r\n0,0\r\n1,1\r\nes\r\n").unwrap();
        assert_eq!(file.walls(Pos::new(0, 1)), Walls::from_bits(0xC));
        assert_eq!(file.path, [Dir::East, Dir::South]);
        assert_eq!(
            MazeFile::parse(TINY).unwrap().walls(Pos::new(1, 1)),
            Walls::from_bits(0x6)
        );
    }

    #[test]
    fn malformed_files_name_the_line() {
        let cases: [(&str, Option<usize>, &str); 10] = [
            ("", Some(1), "no empty line"),
            ("\n0,0\n1,1\nE\n", Some(1), "does not start with rows"),
            ("93\nC\n\n0,0\n1,1\nES\n", Some(2), "row has 1 cells"),
            ("9G\nC6\n\n0,0\n1,1\nES\n", Some(1), "'G' in column 2"),
            ("93\nC6\n\n0;0\n1,1\nES\n", Some(4), "entry must be x,y"),
            ("93\nC6\n\n0,0\n-1,1\nES\n", Some(5), "exit must be x,y"),
            ("93\nC6\n\n0,0\n1,1\nEX\n", Some(6), "'X' at position 2"),
            ("93\nC6\n\n0,0\n1,1\n", Some(6), "ends before the path line"),
            ("93\nC6\n\n0,0", Some(5), "ends before the exit line"),
            ("93\nC6\n\n0,0\n1,1\nES\nmore\n", Some(7), "unexpected text"),
        ];
        for (text, line, message) in cases {
            let err = MazeFile::parse_text(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.to_string().contains(message), "{text:?}: {err}");
        }
        let one_column = MazeFile::parse_text("9\n3\n\n0,0\n0,1\nS\n").unwrap_err();
        assert!(
            one_column.to_string().contains("WIDTH must be between 2"),
            "{one_column}"
        );
    }

    #[test]
    fn incoherent_digits_are_kept_as_read() {
        // Cell (0,0) says its east wall is open; (1,0) says its west wall is closed.
        let file = MazeFile::parse("99\nCE\n\n0,0\n1,1\nES\n").unwrap();
        assert!(!file.walls(Pos::new(0, 0)).is_closed(Dir::East));
        assert!(file.walls(Pos::new(1, 0)).is_closed(Dir::West));
    }

    #[test]
    fn load_names_the_file() {
        let err = MazeFile::load("/no/such/maze.txt").unwrap_err();
        assert!(
            err.to_string().starts_with("cannot read /no/such/maze.txt"),
            "{err}"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.txt");
        std::fs::write(&path, "93\nC\n").unwrap();
        let err = MazeFile::load(&path).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("bad.txt:2: row has 1 cells, the rows above have 2"),
            "{err}"
        );
    }

    #[test]
    fn the_format_writes_the_maze_file_and_reads_back() {
        for perfect in [true, false] {
            let options = MazeOptions::new(23, 17).seed(4).perfect(perfect);
            let maze = Maze::generate(options, Pos::new(0, 0), Pos::new(22, 16)).unwrap();
            let mut bytes = Vec::new();
            Hex.write(&maze, &mut bytes).unwrap();
            let path = maze.solution().unwrap();
            let text = String::from_utf8(bytes).unwrap();
            assert_eq!(
                text,
                Hex::grid_to_string(maze.grid(), maze.entry(), maze.exit(), path)
            );
            let file = MazeFile::parse(&text).unwrap();
            assert_eq!(&file.to_grid(), maze.grid());
            assert_eq!((file.entry, file.exit), (maze.entry(), maze.exit()));
            assert_eq!(&file.solution(), path);
            let estimate = Hex.estimated_size(&maze) as usize;
            assert!(
                estimate.abs_diff(text.len()) < 30,
                "{estimate} vs {}",
                text.len()
            );
        }
    }

    #[test]
    fn the_format_refuses_a_maze_without_a_path() {
        let grid = Grid::planned(4, 3, false).unwrap(); // every wall closed
        let maze = Maze::new(MazeOptions::new(4, 3), grid, Pos::new(0, 0), Pos::new(3, 2));
        let err = Hex.write(&maze, &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("no path from 0,0 to 3,2"), "{err}");
    }
}
