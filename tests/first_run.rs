//! End-to-end tests of a first run: the binary started in a folder without `config.txt` and
//! without a config argument runs on the built-in default config (headless, and in the
//! dashboard, which offers to write it out); a config that is named but missing stays an error.

#![cfg(unix)]

#[path = "support/binary.rs"]
mod binary;
#[path = "support/pty.rs"]
mod pty;

use std::fs;
use std::path::Path;

use binary::names_in;
use pty::Terminal;
use tempfile::TempDir;

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The repository's `config.txt`, which the built-in default is.
fn repository_config() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.txt")).unwrap()
}

#[test]
fn headless_without_config_txt_makes_the_default_maze_and_says_so() {
    let dir = tempdir();
    let r = binary::run(dir.path(), &["--headless"]);
    let (stdout, stderr) = (text(&r.stdout), text(&r.stderr));
    assert_eq!(r.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("wrote maze.txt: 25x20 perfect maze, seed 42, backtracker,"),
        "{stdout}"
    );
    assert!(
        stderr.contains("note: no config.txt here: used the built-in default config"),
        "{stderr}"
    );
    assert_eq!(
        names_in(dir.path()),
        ["maze.txt"],
        "no config is written unasked"
    );

    // The same maze as the repository's config.txt makes, byte for byte.
    let with_config = tempdir();
    fs::write(with_config.path().join("config.txt"), repository_config()).unwrap();
    let r = binary::run(with_config.path(), &["--headless"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        r.stderr.is_empty(),
        "no note with a config: {}",
        text(&r.stderr)
    );
    assert_eq!(
        fs::read(dir.path().join("maze.txt")).unwrap(),
        fs::read(with_config.path().join("maze.txt")).unwrap()
    );
}

#[test]
fn a_named_config_that_is_missing_is_exit_2_and_writes_nothing() {
    let dir = tempdir();
    for args in [&["--headless", "nope.txt"][..], &["nope.txt"]] {
        let r = binary::run(dir.path(), args);
        let stderr = text(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("error: nope.txt: ") && stderr.contains("No such file"),
            "{args:?}: {stderr}"
        );
        assert!(r.stdout.is_empty());
        assert_eq!(names_in(dir.path()), Vec::<String>::new(), "{args:?}");
    }
}

#[test]
fn a_config_txt_that_cannot_be_read_is_its_own_error_not_a_first_run() {
    let dir = tempdir();
    std::os::unix::fs::symlink("gone.txt", dir.path().join("config.txt")).unwrap();
    let r = binary::run(dir.path(), &["--headless"]);
    let stderr = text(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: config.txt: "), "{stderr}");
    assert_eq!(names_in(dir.path()), ["config.txt"]);
}

/// The dashboard in `dir`, run with no argument in a 100x30 terminal.
fn dashboard(dir: &Path) -> Terminal {
    let mut command = pty::command(binary::BIN, dir);
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("no-user-config"));
    Terminal::spawn(command, (100, 30))
}

#[test]
fn the_dashboard_opens_on_the_default_and_writes_it_out_once() {
    let dir = tempdir();
    let app = dashboard(dir.path());
    let screen = app.wait_for("the first-run message", false, |s| {
        s.contains("No config.txt here: running the built-in default")
    });
    assert!(screen.contains("25 x 20"), "the default size:\n{screen}");
    assert!(
        screen.contains("(W writes it as config.txt)"),
        "the key is offered:\n{screen}"
    );

    app.press(&["W"]);
    app.wait_for("the config written", false, |s| {
        s.contains("Wrote config.txt: edit it, then run a-maze-ing again")
    });
    let written = fs::read_to_string(dir.path().join("config.txt")).unwrap();
    assert!(written.starts_with("# A-Maze-ing config"), "{written}");
    assert!(written.contains("\nWIDTH=25\n"), "{written}");

    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 0, "{}", app.screen());
    assert_eq!(names_in(dir.path()), ["config.txt", "maze.txt"]);

    // The written config is a config: it makes the same maze as the built-in one did.
    let first = fs::read(dir.path().join("maze.txt")).unwrap();
    let r = binary::run(dir.path(), &["--headless"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        r.stderr.is_empty(),
        "config.txt is used: {}",
        text(&r.stderr)
    );
    assert_eq!(fs::read(dir.path().join("maze.txt")).unwrap(), first);
}

#[test]
fn the_dashboard_never_writes_over_a_config_txt_that_appeared_meanwhile() {
    let dir = tempdir();
    let app = dashboard(dir.path());
    app.wait_for("the first-run message", false, |s| {
        s.contains("No config.txt here")
    });
    let mine = "# my own, made while the dashboard ran\n";
    fs::write(dir.path().join("config.txt"), mine).unwrap();
    app.press(&["W"]);
    let screen = app.wait_for("the refusal", false, |s| {
        s.contains("Config not written: cannot write config.txt: it already exists")
    });
    assert!(
        !screen.contains(".tmp"),
        "no temporary file named:\n{screen}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("config.txt")).unwrap(),
        mine
    );
    app.press(&["q"]);
    assert_eq!(app.wait_for_exit(), 0, "{}", app.screen());
    assert_eq!(names_in(dir.path()), ["config.txt", "maze.txt"]);
}
