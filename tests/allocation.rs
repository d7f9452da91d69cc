//! A generator's memory refused by the system: an error with exit 1, never an abort.
//!
//! The address space is capped (`ulimit -v`) so that the grid fits but the algorithm's own
//! per-cell state does not: the run must say so on one line, exit 1 and leave no file behind.

#![cfg(unix)]

#[path = "support/binary.rs"]
mod binary;

use std::fs;

use binary::{names_in, run_capped};

#[test]
fn an_algorithm_refused_its_memory_is_an_error_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    // 144 MB of grid under a 300 MB cap: Kruskal keeps about seven bytes a cell more (its
    // shuffled wall list and union-find), which cannot fit. The other algorithms keep their
    // marks in the grid's own spare bits, so they fit, and are not here (the library's
    // budgeted tests, `mazegen/tests/allocation.rs`, refuse each of them).
    let text = "WIDTH=12000\nHEIGHT=12000\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=maze.txt\n\
                PERFECT=True\nSEED=1\n";
    fs::write(dir.path().join("config.txt"), text).unwrap();
    let args = [
        "--headless",
        "--max-memory",
        "100G",
        "--algorithm",
        "kruskal",
        "config.txt",
    ];
    let result = run_capped(dir.path(), 300_000, &args, false);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("not enough memory for the carving of the 12000x12000 maze")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert_eq!(names_in(dir.path()), ["config.txt"]);
}

/// `--animate` refused the memory for its film: one line naming the film, exit 1, and no file
/// left behind (neither the picture nor OUTPUT_FILE). The 1200x1200 film needs more than 150 MB beside the maze; 80 MB holds
/// the program and the maze (at 40 MB it already gets as far as the film).
#[test]
fn a_film_refused_its_memory_is_an_error_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    let text = "WIDTH=1200\nHEIGHT=1200\nENTRY=0,0\nEXIT=1199,1199\nOUTPUT_FILE=maze.txt\n\
                PERFECT=True\nSEED=1\n";
    fs::write(dir.path().join("config.txt"), text).unwrap();
    let args = ["--headless", "config.txt", "--animate", "film.svg"];
    let result = run_capped(dir.path(), 80_000, &args, true);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "error: cannot write film.svg: not enough memory for the film of the 1200x1200 maze"
    );
    assert_eq!(names_in(dir.path()), ["config.txt"]);
}
