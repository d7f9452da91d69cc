//! Printing what a run says, on standard output and standard error, without ever panicking:
//! `println!` panics when the output is a closed pipe (`--headless | true`) or a full device,
//! and a panic while reporting an error to a full stderr aborts.
//!
//! Standard output closed by its reader (`EPIPE`) is no failure: the reader wanted no more, so
//! the rest is dropped and the run ends with its own exit code. Any other failure to write it
//! (`ENOSPC`) loses what the user asked for: the run ends with exit code 1 and one line on
//! stderr saying why (see [`finish`]). What cannot be written to stderr is dropped: there is
//! nowhere left to say it.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

/// How writing standard output went so far.
#[derive(Debug, PartialEq, Eq)]
enum Stdout {
    Open,
    /// Its reader closed it: nothing more is written.
    Closed,
    /// Writing failed: why, for [`finish`].
    Failed(String),
}

static STDOUT: Mutex<Stdout> = Mutex::new(Stdout::Open);

/// Writes `text` and a newline on standard output.
pub fn out(text: impl Display) {
    out_text(format_args!("{text}\n"));
}

/// Writes `text` as it is on standard output.
pub fn out_text(text: impl Display) {
    wrote(|stdout| write!(stdout, "{text}"));
}

/// Writes `bytes` as they are on standard output.
pub fn out_bytes(bytes: &[u8]) {
    wrote(|stdout| stdout.write_all(bytes));
}

/// Writes on standard output with `write` (clap's `--help` writes it itself), the failure kept
/// for [`finish`] as [`out_text`]'s is.
pub fn wrote(write: impl FnOnce(&mut io::StdoutLock<'_>) -> io::Result<()>) {
    let mut state = STDOUT.lock().unwrap_or_else(PoisonError::into_inner);
    if *state != Stdout::Open {
        return;
    }
    let mut stdout = io::stdout().lock();
    if let Err(e) = write(&mut stdout).and_then(|()| stdout.flush()) {
        *state = failed(&e);
    }
}

/// Writes `text` and a newline on standard error, if it can.
pub fn err(text: impl Display) {
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "{text}").and_then(|()| stderr.flush());
}

/// What a failure to write standard output means.
fn failed(error: &io::Error) -> Stdout {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Stdout::Closed
    } else {
        Stdout::Failed(format!("cannot write to standard output: {error}"))
    }
}

/// Whether `error` is only standard output's reader going away, which ends nothing.
pub fn is_closed_pipe(error: &io::Error) -> bool {
    failed(error) == Stdout::Closed
}

/// The run's exit code: `code`, unless standard output could not be written, which is said on
/// stderr and ends with 1.
pub fn finish(code: ExitCode) -> ExitCode {
    let state = STDOUT.lock().unwrap_or_else(PoisonError::into_inner);
    match &*state {
        Stdout::Failed(why) => {
            err(format_args!("error: {why}"));
            ExitCode::from(1)
        }
        Stdout::Open | Stdout::Closed => code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_no_failure_and_a_full_device_is() {
        assert_eq!(
            failed(&io::Error::from(io::ErrorKind::BrokenPipe)),
            Stdout::Closed
        );
        let full = io::Error::from_raw_os_error(28);
        let Stdout::Failed(why) = failed(&full) else {
            panic!("ENOSPC is a failure");
        };
        assert!(
            why.starts_with("cannot write to standard output: No space left"),
            "{why}"
        );
    }
}
