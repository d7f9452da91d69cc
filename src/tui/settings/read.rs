//! Reading the application's own small text files (settings, saved scores) safely: only a
//! regular file, never more than a limit, only UTF-8. A FIFO, `/dev/zero` or a huge file
//! found where one was expected is an error at once, not a process that blocks or eats memory.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use crate::tui::text::human_bytes;

/// The text of the regular file at `path`, if it has at most `limit` bytes and is UTF-8. The
/// file is looked at before it is opened, so that a FIFO (opening one waits for a writer) is
/// refused, not opened. The error's message says what is wrong, for the caller's one-line
/// report.
pub fn read_text(path: &Path, limit: u64) -> io::Result<String> {
    let metadata = fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is not a regular file",
        ));
    }
    let too_large = |size: u64| {
        io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "it is {}, more than the {} allowed",
                human_bytes(size),
                human_bytes(limit)
            ),
        )
    };
    if metadata.len() > limit {
        return Err(too_large(metadata.len()));
    }
    let mut bytes = Vec::new();
    // The file may grow between the look and the read: one byte past the limit tells.
    File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_text_file_and_refuses_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("keys.toml");
        fs::write(&file, "quit = \"q\"\n").unwrap();
        assert_eq!(read_text(&file, 100).unwrap(), "quit = \"q\"\n");

        let error = read_text(&file, 4).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            error.to_string(),
            "it is 11 bytes, more than the 4 bytes allowed"
        );

        fs::write(&file, b"\xff\xfe").unwrap();
        assert_eq!(
            read_text(&file, 100).unwrap_err().to_string(),
            "it is not UTF-8 text"
        );

        let error = read_text(dir.path(), 100).unwrap_err();
        assert_eq!(error.to_string(), "it is not a regular file");
        let missing = read_text(&dir.path().join("none"), 100).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("scores");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: nothing to check
        }
        // Opening a FIFO with no writer would block this test forever.
        let error = read_text(&fifo, 100).unwrap_err();
        assert_eq!(error.to_string(), "it is not a regular file");
    }
}
