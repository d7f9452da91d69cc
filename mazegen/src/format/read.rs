//! Reading the files a user names, safely: only regular files, and never more than a limit,
//! so that `/dev/zero`, a FIFO or a huge file given by mistake is an error at once instead of
//! a process that blocks forever or eats all memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Bytes in a mebibyte, for limits.
pub(crate) const MIB: u64 = 1 << 20;

/// Reads the regular file at `path` whole, if it has at most `limit` bytes. Anything else is
/// refused before a byte is read: a directory, a device, a FIFO (opening one would wait for a
/// writer), a socket, or a larger file. The error says which, as `io::Error`'s message.
/// [`Config::load`](crate::config::Config::load) reads a config with it.
pub(crate) fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    check_size(size, limit)?;
    let mut bytes = room_for(size)?;
    // The file may grow between the look and the read: read one byte past the limit to know.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    check_size(bytes.len() as u64, limit)?;
    Ok(bytes)
}

/// Reads a maze file as [`read_limited`] does, and refuses it as soon as one of its rows is seen
/// to be longer than a maze row can be, `max_width` characters: a one-line file of gigabytes is
/// refused after its first `max_width` bytes, not read whole first. (A row longer than the
/// first but within `max_width` is the parser's to report, where it is.) A `\r` before a line's `\n` is not counted. The
/// rows end at the first empty line; the lines after it (the entry, the exit, the path, which
/// may be as long as the maze has cells) are only held to `limit`.
pub fn read_maze_limited(path: &Path, limit: u64, max_width: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    check_size(size, limit)?;
    let mut rows = RowLengths::new(max_width);
    let mut bytes = room_for(size)?;
    let mut reader = file.take(limit + 1);
    let mut chunk = vec![0; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        rows.scan(&chunk[..n])?;
        bytes.try_reserve(n).map_err(|_| out_of_memory())?;
        bytes.extend_from_slice(&chunk[..n]);
    }
    check_size(bytes.len() as u64, limit)?;
    Ok(bytes)
}

/// A buffer with room for a file of `size` bytes (and the one byte past it a read looks for),
/// or an error when the allocator refuses it: a big file is refused, not an abort.
fn room_for(size: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let wanted = usize::try_from(size.saturating_add(1)).map_err(|_| out_of_memory())?;
    bytes
        .try_reserve_exact(wanted)
        .map_err(|_| out_of_memory())?;
    Ok(bytes)
}

fn out_of_memory() -> io::Error {
    io::Error::new(
        io::ErrorKind::OutOfMemory,
        "not enough memory to read the file",
    )
}

/// Follows the rows of a maze file as its bytes come, refusing a row too long as soon as it
/// is (see [`read_maze_limited`]).
struct RowLengths {
    /// The longest a row may be.
    allowed: u64,
    /// Characters of the current line so far, a `\r` included.
    current: u64,
    line: u64,
    /// The empty line after the rows was seen.
    done: bool,
}

impl RowLengths {
    fn new(max_width: u64) -> RowLengths {
        RowLengths {
            allowed: max_width,
            current: 0,
            line: 1,
            done: false,
        }
    }

    fn scan(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut rest = bytes;
        while !self.done && !rest.is_empty() {
            let (part, ended) = match rest.iter().position(|&b| b == b'\n') {
                Some(at) => (&rest[..at], true),
                None => (rest, false),
            };
            self.current += part.len() as u64;
            // One more for a `\r` that may end the line.
            if self.current > self.allowed + 1 {
                return Err(self.too_long());
            }
            if ended {
                let length = self.current - u64::from(part.last() == Some(&b'\r'));
                if length > self.allowed {
                    return Err(self.too_long());
                }
                self.done = length == 0;
                self.current = 0;
                self.line += 1;
                rest = &rest[part.len() + 1..];
            } else {
                rest = &[];
            }
        }
        Ok(())
    }

    fn too_long(&self) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "line {} is longer than the widest maze, {} cells: it is no maze row",
                self.line, self.allowed
            ),
        )
    }
}

/// Opens `path` for reading if it is a regular file (links followed), looking before opening so
/// that a FIFO is not opened.
pub(crate) fn open_regular(path: &Path) -> io::Result<File> {
    let kind = std::fs::metadata(path)?.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {}, not a regular file", describe(kind)),
        ));
    }
    File::open(path)
}

fn check_size(size: u64, limit: u64) -> io::Result<()> {
    if size <= limit {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "it is {}, more than the {} allowed",
            human_bytes(size),
            human_bytes(limit)
        ),
    ))
}

/// `512 bytes`, `3.0 KiB`, `1.0 MiB`, `4.2 GiB`: sizes for messages.
pub(crate) fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

fn describe(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn reads_a_small_file_and_refuses_a_large_one_by_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.txt");
        fs::write(&path, "WIDTH=3\n").unwrap();
        assert_eq!(read_limited(&path, 8).unwrap(), b"WIDTH=3\n");
        let err = read_limited(&path, 7).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            err.to_string(),
            "it is 8 bytes, more than the 7 bytes allowed"
        );
    }

    #[test]
    fn a_row_longer_than_a_maze_row_is_refused_as_soon_as_it_is_seen() {
        let mut rows = RowLengths::new(5);
        // Within the limit, chunk after chunk, a `\r` not counted.
        rows.scan(b"123").unwrap();
        rows.scan(b"45\r\n12345\n").unwrap();
        // A line past the limit (and a `\r`) is refused in the chunk that brings it, whatever
        // follows.
        rows.scan(b"1234").unwrap();
        let err = rows.scan(b"567").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            err.to_string(),
            "line 3 is longer than the widest maze, 5 cells: it is no maze row"
        );
        // After the empty line, the footer's lines (a path as long as the maze) are free.
        let mut rows = RowLengths::new(5);
        rows.scan(b"12345\n\n0,0\n4,0\n").unwrap();
        rows.scan(&[b'E'; 100]).unwrap();

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("one-line.txt");
        fs::write(&path, vec![b'f'; 300]).unwrap();
        let err = read_maze_limited(&path, 1000, 100).unwrap_err();
        assert!(err.to_string().starts_with("line 1 is longer"), "{err}");
        fs::write(&path, b"fff\n\n0,0\n1,0\nEE\n").unwrap();
        assert_eq!(read_maze_limited(&path, 1000, 3).unwrap().len(), 16);
    }

    #[test]
    fn refuses_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_limited(dir.path(), MIB).unwrap_err();
        assert_eq!(err.to_string(), "it is a directory, not a regular file");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_a_fifo_without_opening_it() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo is not available");
            return;
        }
        // Opening it would block this test forever: the error proves it was not opened.
        let err = read_limited(&fifo, MIB).unwrap_err();
        assert_eq!(err.to_string(), "it is a FIFO, not a regular file");
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(1023), "1023 bytes");
        assert_eq!(human_bytes(MIB), "1.0 MiB");
        assert_eq!(human_bytes(200 * MIB), "200.0 MiB");
        assert_eq!(human_bytes(5 << 30), "5.0 GiB");
    }
}
