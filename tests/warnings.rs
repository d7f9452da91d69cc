//! The dashboard's start-up warnings: the status line has room for one, so when there are
//! several (broken user themes, a broken `keys.toml`), every one of them is printed on stderr
//! once the screen is given back; and an option that breaks a subject rule says so on the
//! status line.

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;
#[path = "support/studio.rs"]
mod studio;

use std::fs;
use std::path::Path;

use pty::Terminal;

fn dashboard(dir: &Path, extra: &str) -> Terminal {
    fs::write(
        dir.join("config.txt"),
        format!(
            "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nSEED=7\n{extra}"
        ),
    )
    .unwrap();
    studio::start(dir, "config.txt")
}

#[test]
fn every_broken_theme_is_named_when_the_dashboard_ends() {
    let dir = tempfile::tempdir().unwrap();
    let themes = dir.path().join("user-config/a-maze-ing/themes");
    fs::create_dir_all(&themes).unwrap();
    let classic = include_str!("../themes/classic.toml");
    for name in ["one", "two", "three"] {
        let broken = classic.replace("walls = \"white\"", "walls = \"blu\"");
        fs::write(themes.join(format!("{name}.toml")), broken).unwrap();
    }
    let app = dashboard(dir.path(), "PERFECT=True\n");
    app.wait_for("the warnings counted", false, |s| {
        s.contains("1 of 3 warnings, all listed on quitting: ")
    });
    app.write(b"q");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
    restored::assert_terminal_restored(&app.raw());
    let screen = app.screen();
    for name in ["one", "two", "three"] {
        assert!(
            screen
                .lines
                .iter()
                .any(|l| l.starts_with("warning: ") && l.contains(&format!("{name}.toml"))),
            "{name}.toml named:\n{screen}"
        );
    }
}

#[test]
fn a_courtyard_says_on_the_status_line_which_rule_it_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path(), "PERFECT=True\nCOURTYARD=True\n");
    app.wait_for("the courtyard's warning", false, |s| {
        s.contains("COURTYARD=True breaks the subject's rule")
    });
    app.write(b"q");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
}

/// Issue 20: a THEME= typo used to leave the status line when the first save said so, about
/// four seconds in, never to be seen again. It comes back after any newer message until `x`
/// dismisses it, and the message log (`m`) keeps it with its time.
#[test]
fn a_theme_typo_stays_until_x_dismisses_it_and_the_log_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path(), "PERFECT=True\nTHEME=clasic\n");
    app.wait_for("the typo's warning", false, |s| {
        s.contains("THEME=clasic: no such theme") && s.contains("x dismiss warning")
    });
    app.write(b"\r");
    app.wait_for("the first save said", false, |s| {
        s.contains("Saved maze.txt: backtracker, seed 7")
    });
    app.wait_for("the warning back on the status line", false, |s| {
        s.contains("THEME=clasic: no such theme")
    });
    app.write(b"m");
    app.wait_for("the log, with the warning and the save", false, |s| {
        s.contains("Messages (")
            && s.contains("0:00 ! config line")
            && s.contains("✓ Saved maze.txt")
    });
    app.write(b"x");
    app.wait_for("dismissed", false, |s| {
        s.contains("Warning dismissed: m lists every message") && !s.contains("x dismiss warning")
    });
    app.write(b"m");
    app.wait_for("the log closed", false, |s| !s.contains("Messages ("));
    app.write(b"q");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
}
