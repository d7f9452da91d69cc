//! A paste into the dashboard's terminal: thousands of keys written at once are all read and
//! handled, however fast they come, and the dashboard still answers afterwards. (A terminal
//! that is not read fills up, and the program writing into it, the terminal emulator, blocks.)

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;
#[path = "support/studio.rs"]
mod studio;

use std::fs;

use a_maze_ing::tui::ThemeSet;
use pty::{Screen, Terminal};

/// Keys in one paste: several times what a terminal's input buffer holds.
const PASTED: usize = 20_000;

fn dashboard(dir: &std::path::Path) -> Terminal {
    fs::write(
        dir.join("config.txt"),
        "WIDTH=15\nHEIGHT=10\nENTRY=0,0\nEXIT=14,9\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=7\n",
    )
    .unwrap();
    studio::start(dir, "config.txt")
}

/// The theme the status line names after the last theme change.
fn status_theme(screen: &Screen) -> Option<String> {
    let status = screen.lines.get(screen.lines.len().checked_sub(2)?)?;
    let name = status.trim().strip_prefix("Theme: ")?;
    Some(name.split_whitespace().next()?.to_owned())
}

#[test]
fn twenty_thousand_theme_keys_at_once_are_all_handled() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    studio::solve(&app);

    let paste = app.write_in_background(vec![b't'; PASTED]);
    // Each `t` moves one theme on, from the first: all of them, or the last one shown is
    // another theme.
    let themes = ThemeSet::bundled();
    let expected = themes.get(PASTED % themes.len()).unwrap().name.clone();
    let screen = app.wait_for(&format!("theme {expected} after {PASTED} t"), true, |s| {
        status_theme(s).as_deref() == Some(expected.as_str())
    });
    paste.join().unwrap();
    assert!(screen.contains(&format!("● {expected}")), "\n{screen}");

    studio::answers_then_quits(&app);
}

#[test]
fn a_huge_paste_into_the_open_prompt_is_cut_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    studio::solve(&app);
    app.write(b"o");
    app.wait_for("the open prompt", true, |s| s.contains("Open: "));

    let paste = app.write_in_background(vec![b'a'; 100_000]);
    app.wait_for("the prompt's limit said", true, |s| {
        s.contains("A path holds at most 4096 bytes: the rest is left out")
    });
    paste.join().unwrap();
    let tabs = app.write_in_background(vec![b'\t'; PASTED]);
    tabs.join().unwrap();
    app.write(b"\x1b");
    app.wait_for("the prompt closed", true, |s| s.contains("Nothing opened"));

    // Each `v` opens or closes the solver list: an even number of them leave it closed.
    let solvers = app.write_in_background(vec![b'v'; PASTED]);
    solvers.join().unwrap();
    studio::answers_then_quits(&app);
}
