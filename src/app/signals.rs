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
//!
//! The signals are blocked while their handlers are registered: signal-hook's registry
//! swallows a signal that arrives between installing its handler and recording what to do (it
//! falls back to the previous action, the default, which a handler cannot take), and such a
//! signal, sent in the first milliseconds, left the program running. Blocked, it waits until
//! every handler is in place, then is recorded like any other.

use std::io;
use std::thread;

use nix::sys::signal::{SigSet, SigmaskHow, Signal};
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
    let caught: Vec<i32> = ENDING.iter().chain(&[SIGTSTP, SIGXFSZ]).copied().collect();
    let mut signals = register(&caught)?;
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

/// signal-hook's record of `caught`, registered with each of them blocked (see the module's
/// doc).
fn register(caught: &[i32]) -> io::Result<Signals> {
    blocking(caught, || Signals::new(caught))
}

/// Runs `work` with `signals` blocked on this thread (the only one when `main` starts), then
/// sets the mask back as it was, so the threads started after it inherit the usual one. A
/// signal that came meanwhile is delivered as the mask is set back.
fn blocking<T>(signals: &[i32], work: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    let mut blocked = SigSet::empty();
    for &signal in signals {
        blocked.add(Signal::try_from(signal)?);
    }
    let before = blocked.thread_swap_mask(SigmaskHow::SIG_BLOCK)?;
    let done = work();
    before.thread_set_mask()?;
    done
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

    /// A signal that comes while the handlers are being registered is kept, not lost: raised
    /// on this thread before the registration (the start of the window), it waits, blocked,
    /// and is recorded once the handler is in place. Unblocked, SIGUSR2's default action would
    /// end this test binary instead.
    #[test]
    fn a_signal_during_the_registration_is_recorded_once_it_is_done() {
        let mut signals = blocking(&[SIGUSR2], || {
            signal_hook::low_level::raise(SIGUSR2)?;
            Signals::new([SIGUSR2])
        })
        .unwrap();
        assert_eq!(signals.pending().collect::<Vec<_>>(), [SIGUSR2]);
        // The mask is the thread's as it was: USR2 is not blocked any more.
        assert!(!SigSet::thread_get_mask().unwrap().contains(Signal::SIGUSR2));
    }
}
