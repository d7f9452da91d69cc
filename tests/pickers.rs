//! The algorithm list on the real binary at 80x24, the size most terminals open at: `a` opens
//! it, the arrow keys move its cursor to an algorithm found by its name, Enter makes the maze
//! with it (same seed), and the screen and the sidebar name it. The theme list previews the
//! theme under its cursor, and Esc goes back.

#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;
#[path = "support/restored.rs"]
mod restored;

use std::fs;

use a_maze_ing::tui::about;
use mazegen::Algorithm;
use pty::{Screen, Terminal};

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

fn dashboard(dir: &std::path::Path) -> Terminal {
    fs::write(
        dir.join("config.txt"),
        "WIDTH=25\nHEIGHT=20\nENTRY=0,0\nEXIT=24,19\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=7\n",
    )
    .unwrap();
    let mut command = pty::command(BIN, dir);
    command.arg("config.txt");
    command.env_remove("NO_COLOR");
    command.env("XDG_CONFIG_HOME", dir.join("user-config"));
    Terminal::spawn(command, (80, 24))
}

/// The list's row under the cursor (marked `▸`).
fn cursor_row(screen: &Screen) -> Option<String> {
    screen
        .lines
        .iter()
        .find(|line| line.contains("│▸"))
        .cloned()
}

#[test]
fn an_algorithm_is_picked_from_the_list_by_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let app = dashboard(dir.path());
    app.wait_for("the dashboard, folded", true, |s| s.contains("b sidebar"));
    app.write(b"\r");
    app.wait_for("the maze done", true, |s| s.contains("backtracker · done"));

    app.write(b"a");
    let mut screen = app.wait_for("the algorithm list", true, |s| {
        s.contains("┌ Algorithms (a)") && cursor_row(s).is_some()
    });
    assert!(screen.contains("many short dead ends"), "\n{screen}");
    // Down until the cursor is on Kruskal, each step waiting for the cursor to move.
    for _ in 0..13 {
        let row = cursor_row(&screen).unwrap();
        if row.contains(" kruskal ") {
            break;
        }
        app.press(&["Down"]);
        screen = app.wait_for("the cursor moved", true, |s| {
            cursor_row(s).is_some_and(|r| r != row)
        });
    }
    assert!(
        cursor_row(&screen).unwrap().contains(" kruskal "),
        "\n{screen}"
    );

    // `i` tells about it; Esc goes back to the list.
    app.write(b"i");
    let info = app.wait_for("Kruskal's info", true, |s| s.contains("Kruskal · kruskal"));
    let measured = about::algorithm(Algorithm::Kruskal).measured;
    let part = measured
        .split(". ")
        .find(|part| part.contains(" M cells/s"));
    let speed = part.and_then(|part| part.split(" (").next()).unwrap();
    assert!(info.contains(speed), "\n{info}");
    app.press(&["Escape"]);
    app.wait_for("the list again", true, |s| s.contains("┌ Algorithms (a)"));

    app.press(&["Enter"]);
    let screen = app.wait_for("Kruskal's maze", true, |s| s.contains("kruskal · done"));
    assert!(
        !screen.contains("┌ Algorithms"),
        "the list closed:\n{screen}"
    );
    assert!(
        screen.lines[0].contains("kruskal · done ·")
            && screen.contains("Algorithm: kruskal, seed 7"),
        "\n{screen}"
    );
    // The sidebar, unfolded, names it too.
    app.write(b"b");
    let screen = app.wait_for("the sidebar", true, |s| s.contains(" Themes (Tab) "));
    assert!(
        screen
            .lines
            .iter()
            .any(|l| l.contains("Algorithm") && l.contains("kruskal")),
        "\n{screen}"
    );

    app.write(b"q");
    assert_eq!(app.wait_for_exit(), 0, "\n{}", app.screen());
    restored::assert_terminal_restored(&app.raw());
}
