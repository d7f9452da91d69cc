//! Reading the files a user names, safely: only regular files, and never more than a limit,
//! so that `/dev/zero`, a FIFO or a huge file given by mistake is an error at once instead of
//! a process that blocks forever or eats all memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Bytes in a mebibyte, for limits.
pub const MIB: u64 = 1 << 20;

/// Reads the regular file at `path` whole, if it has at most `limit` bytes. Anything else is
/// refused before a byte is read: a directory, a device, a FIFO (opening one would wait for a
/// writer), a socket, or a larger file. The error says which, as `io::Error`'s message.
pub fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    check_size(size, limit)?;
    let mut bytes = Vec::with_capacity(size as usize);
    // The file may grow between the look and the read: read one byte past the limit to know.
    file.take(limit + 1).read_to_end(&mut bytes)?;
    check_size(bytes.len() as u64, limit)?;
    Ok(bytes)
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
pub fn human_bytes(bytes: u64) -> String {
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
