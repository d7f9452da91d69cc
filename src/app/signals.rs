//! Ending cleanly on every signal whose default action ends the process: whatever a signal
//! interrupts, the temporary files of writes in progress are removed (their targets keep their
//! old content), what `--grade` started is ended, the terminal is given back if the dashboard holds it, and the process exits
//! with the shell's code for that signal, 128 + its number (130, 143, 129, 131...). SIGTSTP
//! from outside stops the process with the terminal given back, and takes it again on `fg`.
//!
//! Installed first thing in `main`, before the terminal is touched: a signal in the first
//! milliseconds finds either a terminal never touched or one fully taken (see `terminal`).
//! SIGPIPE stays ignored, as Rust sets it: a closed pipe is an `EPIPE` error where it is
//! written to (see `say`). SIGXFSZ (a write past `ulimit -f`) is caught and does nothing: the
//! write fails with `EFBIG`, an error naming the file, and the old file is kept.
//!
//! signal-hook's handler only records the signal; the work happens on an ordinary thread, where
//! locks and file removal are allowed.

use std::io;
use std::thread;

use signal_hook::consts::{
    SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
    SIGXFSZ,
};
use signal_hook::iterator::Signals;

use super::terminal;

/// The signals that end the program. Not SIGXFSZ: caught and let go (see the module's doc),
/// a write past the file size limit fails with EFBIG, an error that names the file.
pub const ENDING: [i32; 9] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU,
];

/// The exit code for a run ended by `signal`, as shells report it.
pub const fn exit_code(signal: i32) -> i32 {
    128 + signal
}

/// From now on, an ending signal removes the temporary files of writes in progress, gives the
/// terminal back and exits with [`exit_code`]; SIGTSTP stops the process, the terminal given
/// back meanwhile; SIGXFSZ does nothing, so that the write past `ulimit -f` fails with EFBIG.
pub fn install() -> io::Result<()> {
    let mut signals = Signals::new(ENDING.iter().chain(&[SIGTSTP, SIGXFSZ]))?;
    thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if signal == SIGTSTP {
                    terminal::stop_from_outside();
                    continue;
                }
                if signal == SIGXFSZ {
                    continue;
                }
                mazegen::format::remove_temporaries();
                // `--grade`'s programs and X servers, and its temporary folder.
                super::grade::clean_up_for_exit();
                terminal::release_for_exit();
                std::process::exit(exit_code(signal));
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_the_shells() {
        assert_eq!(exit_code(SIGINT), 130);
        assert_eq!(exit_code(SIGTERM), 143);
        assert_eq!(exit_code(SIGHUP), 129);
        assert_eq!(exit_code(SIGQUIT), 131);
    }
}
