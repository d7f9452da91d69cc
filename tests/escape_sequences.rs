//! Stray escape sequences written to the dashboard's terminal (a multiplexer cut mid-sequence,
//! a noisy line, `cat` of a binary file): each ends, and the keys after it are read. Before,
//! crossterm's parser kept every later byte while it waited for the sequence's end, and no
//! key, Ctrl-C included, got through (issue 41).

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;
#[path = "support/studio.rs"]
mod studio;

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use pty::Terminal;

/// Guards the wait for a key to get through; only a hang takes this long.
const HANG: Duration = Duration::from_secs(60);

fn dashboard(dir: &Path) -> Terminal {
    fs::write(
        dir.join("config.txt"),
        "WIDTH=15\nHEIGHT=10\nENTRY=0,0\nEXIT=14,9\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=7\n",
    )
    .unwrap();
    let app = studio::start(dir, "config.txt");
    studio::solve(&app);
    app
}

#[test]
fn keys_after_a_stray_paste_start_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    // The dashboard never turns bracketed paste on: the marker is a sequence like any other.
    app.write(b"\x1b[200~");
    studio::answers_then_quits(&app);
}

#[test]
fn ctrl_c_ends_an_unfinished_mouse_report_and_quits() {
    for stray in [&b"\x1b[<"[..], b"\x1b[<0;1;1"] {
        let dir = tempfile::tempdir().unwrap();
        let app = dashboard(dir.path());
        let mut bytes = stray.to_vec();
        bytes.push(0x03);
        app.write(&bytes);
        assert_eq!(app.wait_for_exit(), 0, "{stray:?}\n{}", app.screen());
        restored::assert_terminal_restored(&app.raw());
    }
}

#[test]
fn escape_after_an_unfinished_mouse_report_closes_the_help() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    app.write(b"?");
    app.wait_for("help", true, |s| s.contains("next theme"));
    app.write(b"\x1b[<0;1;1\x1b");
    app.wait_for("the help closed", true, |s| !s.contains("next theme"));
    studio::answers_then_quits(&app);
}

/// Whether the status line says a theme was picked (`t`).
fn theme_said(screen: &pty::Screen) -> bool {
    let status = screen
        .lines
        .len()
        .checked_sub(2)
        .map(|at| &screen.lines[at]);
    status.is_some_and(|line| line.trim().starts_with("Theme: "))
}

/// Nothing can end `ESC [ < 0 ; 1 ; 1` but its `m` or `M`, a byte that cannot continue it, or
/// the time it waits for its next byte: a key typed a moment later gets through.
#[test]
fn an_unfinished_mouse_report_ends_when_nothing_follows() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    assert!(!theme_said(&app.screen()), "\n{}", app.screen());
    app.write(b"\x1b[<0;1;1");
    // A `t` that came with the sequence would end it (as its final byte) and be dropped:
    // typed again until one is read.
    let deadline = Instant::now() + HANG;
    while !theme_said(&app.screen()) {
        assert!(
            Instant::now() < deadline,
            "no key read after an unfinished mouse report:\n{}",
            app.screen()
        );
        app.write(b"t");
        std::thread::sleep(Duration::from_millis(200));
    }
    studio::answers_then_quits(&app);
}
