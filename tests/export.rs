//! The dashboard's export list (`e`, then Enter on its first row: the SVG, beside OUTPUT_FILE)
//! goes through the same checks as `--svg`: a config that happens to have the export's name, or a link there to the
//! config, is refused with a message and left as it was, never replaced by a picture.

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;
#[path = "support/studio.rs"]
mod studio;

use std::fs;
use std::path::Path;

const CONFIG: &str =
    "WIDTH=15\nHEIGHT=10\nENTRY=0,0\nEXIT=14,9\nOUTPUT_FILE=c.txt\nPERFECT=True\nSEED=7\n";

/// Runs the dashboard on `config` in `dir`, finishes the maze, picks the SVG in the export list
/// (`e`, then Enter), and returns the status line it answers with.
fn export(dir: &Path, config: &str) -> String {
    let app = studio::start(dir, config);
    studio::solve(&app);
    app.wait_for("the first save", true, |s| s.contains("Saved c.txt"));
    app.write(b"e");
    app.wait_for("the export list", true, |s| s.contains("SVG picture"));
    app.write(b"\r");
    let screen = app.wait_for("the export's answer", true, |s| {
        s.contains("Not exported") || s.contains("Exported")
    });
    app.write(b"q");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
    let status = &screen.lines[screen.lines.len() - 2];
    status.trim().to_owned()
}

#[test]
fn e_never_replaces_a_config_named_like_the_export() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("c.svg"), CONFIG).unwrap();
    let status = export(dir.path(), "c.svg");
    assert!(
        status.contains("Not exported: c.svg is the config c.svg"),
        "{status}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("c.svg")).unwrap(),
        CONFIG
    );
}

#[test]
fn e_never_replaces_the_config_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), CONFIG).unwrap();
    std::os::unix::fs::symlink("config.txt", dir.path().join("c.svg")).unwrap();
    let status = export(dir.path(), "config.txt");
    assert!(
        status.contains("Not exported: c.svg is the config config.txt"),
        "{status}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("config.txt")).unwrap(),
        CONFIG
    );
    assert!(
        fs::symlink_metadata(dir.path().join("c.svg"))
            .unwrap()
            .is_symlink()
    );
}
