//! Running the binary as a user would, for the end-to-end tests that read what it prints and
//! what it leaves in a folder.

// Each test crate that includes this file uses only some of it.
#![allow(dead_code)]

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

pub const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

/// The binary run in `dir` with `args`, without the backtrace variables: a user's mistake
/// never shows a backtrace, and capturing one for nothing makes a debug build's error path slow.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The binary run in `dir` with `args`, its address space capped at `kb` KiB (`ulimit -v`), to
/// see what a refused allocation does. Without the backtrace variables, as [`run`], unless
/// `backtrace`: then `RUST_BACKTRACE=1`, as a user who keeps it set has it.
#[cfg(unix)]
pub fn run_capped(dir: &Path, kb: u32, args: &[&str], backtrace: bool) -> Output {
    let mut command = Command::new("sh");
    // The binary and its arguments go to the script as `$0` and `$@`: no quoting to get wrong.
    command
        .args(["-c", &format!("ulimit -v {kb} && exec \"$0\" \"$@\""), BIN])
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LIB_BACKTRACE");
    if backtrace {
        command.env("RUST_BACKTRACE", "1");
    } else {
        command.env_remove("RUST_BACKTRACE");
    }
    command.output().expect("the shell runs")
}

/// The names in `dir`, sorted: what a run left there.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("the folder is readable")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}
