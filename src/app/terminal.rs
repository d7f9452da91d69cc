//! The dashboard's hold on the terminal: taken once, given back on every way out (a normal
//! quit, an error, a panic, SIGINT/SIGTERM/SIGHUP) and around a suspend (Ctrl-Z), always the
//! same way: mouse reporting off, cursor shown, raw mode off, alternate screen left.

use std::io::{self, Write};

use crossterm::cursor::Show;
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
use ratatui::DefaultTerminal;

use super::signals;

/// Takes the terminal: raw mode, alternate screen, mouse reporting, and a restore on panic and
/// on an ending signal.
pub fn take() -> io::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    restore_on_panic();
    signals::exit_on_signal(restore)?;
    execute!(io::stdout(), EnableMouseCapture)?;
    Ok(terminal)
}

/// Gives the terminal back. Every step is tried, whatever failed before it: a half-restored
/// terminal is worse than an error message about it.
pub fn restore() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, Show);
    ratatui::restore();
    let _ = out.flush();
}

/// Gives the terminal back and stops the process as the shell's Ctrl-Z would; when the shell
/// resumes it (`fg`), takes the terminal again and has everything redrawn.
#[cfg(unix)]
pub fn suspend(terminal: &mut DefaultTerminal) -> io::Result<()> {
    restore();
    // SIGTSTP's default action stops the process; it returns here on SIGCONT.
    signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    terminal.clear()
}

/// Without job control there is no suspending: the key does nothing.
#[cfg(not(unix))]
pub fn suspend(_: &mut DefaultTerminal) -> io::Result<()> {
    Ok(())
}

/// ratatui's panic hook restores the screen (then calls color-eyre's, installed before it);
/// this one switches mouse reporting off and shows the cursor first.
fn restore_on_panic() {
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture, Show);
        restore_screen(info);
    }));
}
