//! The tolerant reader: a maze file read as far as it can be. It reads what
//! [`MazeFile::parse`] reads and stops where it stops, noting the same first error, except that
//! a character that is not a hex digit is read as a closed cell and reading goes on, and that
//! what was read before the first unreadable line is kept.

use super::bits::{Bits, Nibbles};
use crate::format::MazeFile;
use crate::format::hex::{HexError, HexErrorKind};
use crate::geometry::{Dir, Pos};
use crate::grid::{MAX_CELLS, MAX_SIDE, MIN_SIDE};

/// What a maze file says, as far as it could be read.
pub(super) struct Reading {
    pub width: u32,
    pub height: u32,
    /// Every row was read: the empty line after them was found.
    pub complete: bool,
    /// Each cell's digit, an unreadable one as `F`.
    pub walls: Nibbles,
    /// The cells whose character is not a hex digit, if any.
    pub bad_digits: Option<Bits>,
    pub bad_digit_count: u64,
    /// The first line that could not be read whole, with the error `MazeFile::parse` gives.
    pub first_error: Option<HexError>,
    pub entry: Option<Pos>,
    pub exit: Option<Pos>,
    /// The path's steps up to its first unreadable letter (empty without a path line).
    pub path: Vec<Dir>,
    /// The path line was read, every letter of it.
    pub path_whole: bool,
}

const NOT_HEX: u8 = 0xFF;

/// The value of each byte as a hex digit, or `NOT_HEX`.
static HEX: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' => c - b'a' + 10,
            c @ b'A'..=b'F' => c - b'A' + 10,
            _ => NOT_HEX,
        };
        b += 1;
    }
    table
};

/// Reads a maze file's bytes. A file that is not a maze at all (its first line is not a row of
/// hex digits, it is empty or binary) or whose size no maze may have is refused with the error
/// [`MazeFile::load`] gives it.
pub(super) fn read(bytes: &[u8]) -> Result<Reading, HexError> {
    let mut lines = Lines::new(bytes);
    let Some((_, first)) = lines.clone().next().filter(|(_, l)| looks_like_a_row(l)) else {
        return Err(refusal(bytes));
    };
    let width = first.len();
    if !(MIN_SIDE as usize..=MAX_SIDE as usize).contains(&width) {
        return Err(refusal(bytes));
    }
    let max_height = (MAX_CELLS / width as u64).min(u64::from(MAX_SIDE)) as usize;
    // The rows take at most the whole file: reserve that much (pages never touched cost no
    // memory) rather than grow by copying.
    let capacity = (bytes.len() / (width + 1) + 1).min(max_height) * width;
    let mut walls = Nibbles::with_capacity(capacity).map_err(|_| out_of_memory(width, bytes))?;
    let mut reading = Reading {
        width: width as u32,
        height: 0,
        complete: false,
        walls: Nibbles::default(),
        bad_digits: None,
        bad_digit_count: 0,
        first_error: None,
        entry: None,
        exit: None,
        path: Vec::new(),
        path_whole: false,
    };
    let mut height = 0usize;
    let mut blank = 0;
    loop {
        let Some((n, line)) = lines.next() else {
            note(
                &mut reading.first_error,
                at(height + 1, HexErrorKind::MissingFooter),
            );
            break;
        };
        if line.is_empty() {
            (reading.complete, blank) = (true, n);
            break;
        }
        if line.len() != width {
            let kind = HexErrorKind::RowLength {
                expected: width,
                found: line.len(),
            };
            note(&mut reading.first_error, at(n, kind));
            break;
        }
        if height == max_height {
            // Taller than any maze this wide may be: no accepted size.
            return Err(reading
                .first_error
                .unwrap_or_else(|| at(n, too_tall(width, height + 1))));
        }
        for (x, &byte) in line.iter().enumerate() {
            let value = HEX[byte as usize];
            if value != NOT_HEX {
                walls.push(value);
                continue;
            }
            walls.push(0xF);
            let cells = capacity.max(walls.len());
            let bad = match &mut reading.bad_digits {
                Some(bad) => bad,
                none => none.insert(Bits::zeroed(cells).map_err(|_| out_of_memory(width, bytes))?),
            };
            bad.set(height * width + x);
            reading.bad_digit_count += 1;
            if reading.first_error.is_none() {
                let kind = HexErrorKind::NotHex {
                    column: x + 1,
                    found: char_at(line, x),
                };
                reading.first_error = Some(at(n, kind));
            }
        }
        height += 1;
    }
    if reading.complete && height < MIN_SIDE as usize {
        return Err(refusal(bytes));
    }
    walls.shrink_to_fit();
    reading.walls = walls;
    reading.height = height as u32;
    if reading.complete {
        read_footer(&mut lines, blank, &mut reading);
    }
    Ok(reading)
}

/// The entry, exit and path lines after the empty line `blank`, and nothing but blank lines
/// after them. Each line is read on its own: a bad entry line does not hide the exit.
fn read_footer(lines: &mut Lines, blank: usize, reading: &mut Reading) {
    let mut errors = Vec::new();
    let entry = lines.next();
    let exit = lines.next();
    let path = lines.next();
    let wanted = [
        (entry, "the entry line"),
        (exit, "the exit line"),
        (path, "the path line"),
    ];
    // A missing line is reported where it should have been, as `MazeFile::parse` does.
    if let Some(k) = wanted.iter().position(|(line, _)| line.is_none()) {
        errors.push(at(blank + 1 + k, HexErrorKind::Missing(wanted[k].1)));
    }
    let mut coordinate = |line: Option<(usize, &[u8])>, what: &'static str| {
        let (n, text) = line?;
        let parsed = std::str::from_utf8(text).ok().and_then(|t| t.parse().ok());
        if parsed.is_none() {
            let found = String::from_utf8_lossy(text).chars().take(40).collect();
            errors.push(at(n, HexErrorKind::Coordinate { what, found }));
        }
        parsed
    };
    reading.entry = coordinate(entry, "entry");
    reading.exit = coordinate(exit, "exit");
    if let Some((n, letters)) = path {
        reading.path.reserve_exact(letters.len());
        reading.path_whole = true;
        for (i, c) in String::from_utf8_lossy(letters).chars().enumerate() {
            let Some(dir) = Dir::from_letter(c) else {
                let kind = HexErrorKind::NotAStep {
                    column: i + 1,
                    found: c,
                };
                errors.push(at(n, kind));
                reading.path_whole = false;
                break;
            };
            reading.path.push(dir);
        }
        let extra = lines.find(|(_, l)| !String::from_utf8_lossy(l).trim().is_empty());
        if let Some((n, extra)) = extra {
            let start = String::from_utf8_lossy(extra).chars().take(20).collect();
            errors.push(at(n, HexErrorKind::Trailing(start)));
        }
    }
    // The rows come first: an error there is the first one.
    if reading.first_error.is_none() {
        reading.first_error = errors.into_iter().min_by_key(|e| e.line);
    }
}

/// Whether a line can be the first row of a maze: not empty, and at least half of it hex
/// digits. Anything else (a config, a picture, an empty file) is not a maze at all.
fn looks_like_a_row(line: &[u8]) -> bool {
    let hex = line.iter().filter(|&&b| HEX[b as usize] != NOT_HEX).count();
    !line.is_empty() && 2 * hex >= line.len()
}

/// The error a file that is no maze of an accepted size gets: the one [`MazeFile::load`] and
/// so `--check` give it.
fn refusal(bytes: &[u8]) -> HexError {
    let not_text = HexError {
        line: None,
        kind: HexErrorKind::NotText,
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return not_text;
    };
    MazeFile::parse_text(text)
        .err()
        .unwrap_or_else(|| at(1, HexErrorKind::NoRows))
}

fn too_tall(width: usize, height: usize) -> HexErrorKind {
    HexErrorKind::Size {
        width: width as u64,
        height: height as u64,
    }
}

fn out_of_memory(width: usize, bytes: &[u8]) -> HexError {
    let height = (bytes.len() / (width + 1)).min(u32::MAX as usize) as u32;
    HexError {
        line: None,
        kind: HexErrorKind::NoMemoryForGrid {
            width: width as u32,
            height,
        },
    }
}

/// Keeps `error` if it is the first one.
fn note(first_error: &mut Option<HexError>, error: HexError) {
    first_error.get_or_insert(error);
}

fn at(line: usize, kind: HexErrorKind) -> HexError {
    HexError {
        line: Some(line),
        kind,
    }
}

/// The character that starts at byte `x` of a line, for messages.
fn char_at(line: &[u8], x: usize) -> char {
    let end = (x + 4).min(line.len());
    String::from_utf8_lossy(&line[x..end])
        .chars()
        .next()
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// A file's lines, numbered from 1, without their `\n` and trailing `\r`s: the lines
/// [`MazeFile::parse`] sees.
#[derive(Clone)]
struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
}

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Lines<'a> {
        Lines {
            rest: bytes,
            number: 0,
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        if self.rest.is_empty() {
            return None;
        }
        let end = self.rest.iter().position(|&b| b == b'\n');
        let (mut line, rest) = match end {
            Some(end) => (&self.rest[..end], &self.rest[end + 1..]),
            None => (self.rest, &self.rest[self.rest.len()..]),
        };
        while let [head @ .., b'\r'] = line {
            line = head;
        }
        self.rest = rest;
        self.number += 1;
        Some((self.number, line))
    }
}
