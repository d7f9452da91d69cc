//! The dashboard in a pseudo-terminal (`pty.rs`) for the end-to-end tests of how it holds up
//! (pastes, signals, warnings, exports): started on a config in a folder of its own, and the
//! steps those tests share.

// Each test crate that includes this file uses only some of it.
#![allow(dead_code)]

use std::path::Path;

use super::pty::{self, Screen, Terminal};
use super::restored;

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

/// `a-maze-ing CONFIG` in `dir`, in a 100x30 terminal, with the bundled themes only (user
/// settings from `dir/user-config`, which the test may fill).
pub fn start(dir: &Path, config: &str) -> Terminal {
    let mut command = pty::command(BIN, dir);
    command.arg(config);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("user-config"));
    Terminal::spawn(command, (100, 30))
}

/// Whether the dashboard is drawn.
pub fn is_dashboard(screen: &Screen) -> bool {
    screen.contains(" Themes (Tab) ")
}

/// Waits for the dashboard, finishes the maze (Enter) and waits for it solved.
pub fn solve(app: &Terminal) {
    app.wait_for("dashboard", true, is_dashboard);
    app.write(b"\r");
    app.wait_for("the solved maze", true, |s| s.contains("Done"));
}

/// Checks the dashboard still answers a key at once (`?` opens the help), then quits it
/// (`q` twice) and checks it ended cleanly with the terminal given back.
pub fn answers_then_quits(app: &Terminal) {
    app.write(b"?");
    app.wait_for("help", true, |s| s.contains("next theme"));
    app.write(b"qq");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
    restored::assert_terminal_restored(&app.raw());
}
