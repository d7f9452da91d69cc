//! A generator's memory refused by the system: an error with exit 1, never an abort.
//!
//! The address space is capped (`ulimit -v`) so that the grid fits but the algorithm's own
//! per-cell state does not: the run must say so on one line, exit 1 and leave no file behind.

#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

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
    let result = headless_capped(dir.path(), 300_000, "kruskal");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("not enough memory for the carving of the 12000x12000 maze")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["config.txt"]);
}

/// A headless run of `algorithm` on `dir`'s config.txt with the address space capped at `kb`.
fn headless_capped(dir: &Path, kb: u32, algorithm: &str) -> Output {
    let script = format!(
        "ulimit -v {kb} && exec '{BIN}' --headless --max-memory 100G \
         --algorithm {algorithm} config.txt"
    );
    Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap()
}
