//! Ending cleanly on SIGINT, SIGTERM and SIGHUP: whatever a signal interrupts, the temporary
//! files of writes in progress are removed (their targets keep their old content), the caller's
//! clean-up runs (the dashboard restores the terminal), and the process exits with the shell's
//! code for that signal, 128 + its number (130, 143, 129).
//!
//! signal-hook's handler only records the signal; the work happens on an ordinary thread, where
//! locks and file removal are allowed.

use std::io;
use std::thread;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The signals that end the program.
pub const ENDING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The exit code for a run ended by `signal`, as shells report it.
pub const fn exit_code(signal: i32) -> i32 {
    128 + signal
}

/// From now on, an ending signal runs `clean_up`, removes the temporary files of writes in
/// progress and exits with [`exit_code`].
pub fn exit_on_signal(clean_up: impl Fn() + Send + 'static) -> io::Result<()> {
    let mut signals = Signals::new(ENDING)?;
    thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                mazegen::format::remove_temporaries();
                clean_up();
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
    }
}
