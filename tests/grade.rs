//! End-to-end: `--grade CMD` against this project's own `--headless` (every case passes) and
//! against small broken implementations written here as shell scripts, each built on the
//! project's binary and broken in one way: each is caught by the right rule, and nothing it
//! started is left running.
//!
//! The time limits guard hangs only: the one test of a hang waits its limit out by design, and
//! every other limit is generous.

#![cfg(target_os = "linux")]

#[path = "support/binary.rs"]
mod binary;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use binary::BIN;
use serde_json::Value;

/// A time limit no passing case comes near, even on a loaded machine.
const GENEROUS: &str = "60";

/// `a-maze-ing --grade CMD` in `dir` with `args`, its JSON scorecard, and its output.
fn grade(dir: &Path, command: &str, args: &[&str]) -> (Output, Value) {
    let report = dir.join("card.json");
    let output = Command::new(BIN)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .args(["--grade", command, "--grade-report"])
        .arg(&report)
        .args(args)
        .output()
        .expect("the binary runs");
    let text = fs::read_to_string(&report).unwrap_or_else(|_| {
        panic!(
            "no card: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (
        output,
        serde_json::from_str(&text).expect("the card is JSON"),
    )
}

/// `grade` of the cases `cases` (comma-separated), each with the generous time limit.
fn grade_cases(dir: &Path, command: &str, cases: &str) -> (Output, Value) {
    grade(
        dir,
        command,
        &["--grade-cases", cases, "--grade-timeout", GENEROUS],
    )
}

/// The case named `name` on the card.
fn case<'a>(card: &'a Value, name: &str) -> &'a Value {
    card["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no case {name} on {card:#}"))
}

/// The outcomes of case `name`'s checks.
fn outcomes<'a>(card: &'a Value, name: &str) -> impl Iterator<Item = &'a Value> {
    case(card, name)["outcomes"].as_array().unwrap().iter()
}

/// The checks `name` failed, by their JSON names (`ends-in-time`).
fn failed(card: &Value, name: &str) -> Vec<String> {
    outcomes(card, name)
        .filter(|o| o["passed"] == false)
        .map(|o| o["check"].as_str().unwrap().to_owned())
        .collect()
}

/// What happened, for the check `check` of case `name`.
fn happened(card: &Value, name: &str, check: &str) -> String {
    outcomes(card, name)
        .find(|o| o["check"] == check)
        .map(|o| o["happened"].as_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// A shell script in `dir`, named `name`, that runs the project's binary on the config (`$1`)
/// and then does `then`; the command that runs it.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\nBIN='{BIN}'\n{body}\n")).unwrap();
    format!("sh {}", path.display())
}

/// The processes whose command line holds `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        if !entry
            .file_name()
            .to_string_lossy()
            .chars()
            .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        if let Ok(line) = fs::read(entry.path().join("cmdline")) {
            let line = String::from_utf8_lossy(&line).replace('\0', " ");
            if line.contains(marker) {
                found.push(line);
            }
        }
    }
    found
}

fn assert_nothing_left(marker: &str) {
    let left = processes_with(marker);
    assert!(left.is_empty(), "left running: {left:?}");
}

/// OUTPUT_FILE of the config `$1`, for the scripts.
const OUTPUT_FILE: &str = r#"out=$(sed -n 's/^OUTPUT_FILE=//p' "$1")"#;

#[test]
fn the_project_s_own_headless_passes_every_case() {
    let dir = tempfile::tempdir().unwrap();
    let (output, card) = grade(
        dir.path(),
        &format!("{BIN} --headless"),
        &["--grade-timeout", GENEROUS],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let cases = card["cases"].as_array().unwrap();
    assert!(cases.len() >= 40, "{}", cases.len());
    for case in cases {
        let name = case["name"].as_str().unwrap();
        assert_eq!(failed(&card, name), Vec::<String>::new(), "{name}");
    }
    // A line per case with its count, then the tally and the total.
    let total = cases.len();
    assert!(
        stdout.contains(&format!("[ 1/{total}] tiny-perfect")),
        "{stdout}"
    );
    assert!(stdout.contains("same SEED, same bytes"), "{stdout}");
    assert!(
        stdout.contains(&format!("{total}/{total} cases pass, 0 fail")),
        "{stdout}"
    );
}

#[test]
fn an_incoherent_wall_fails_the_file_rules() {
    let dir = tempfile::tempdir().unwrap();
    // The first cell's east wall flipped: its neighbour disagrees.
    let command = script(
        dir.path(),
        "incoherent.sh",
        &format!(
            "\"$BIN\" --headless \"$1\" || exit $?\n{OUTPUT_FILE}\n\
             sed -i '1{{h;s/^\\(.\\).*/\\1/;y/0123456789ABCDEF/23016745AB89EFCD/;G;s/\\n.//;}}' \"$out\""
        ),
    );
    let (output, card) = grade_cases(dir.path(), &command, "perfect,board");
    assert_eq!(output.status.code(), Some(1));
    for name in ["perfect", "board"] {
        assert_eq!(failed(&card, name), ["file-rules"], "{name}");
        let what = happened(&card, name, "file-rules");
        assert!(what.contains("incoherent wall"), "{what}");
    }
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn a_traceback_on_a_bad_config_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let command = script(
        dir.path(),
        "traceback.sh",
        "\"$BIN\" --headless \"$1\" 2>/dev/null && exit 0\n\
         echo 'Traceback (most recent call last):'\n\
         echo '  File \"a_maze_ing.py\", line 12, in <module>'\n\
         echo \"ValueError: invalid literal for int() with base 10: 'twenty'\"\nexit 1",
    );
    let (output, card) = grade_cases(dir.path(), &command, "width-not-a-number,perfect");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(failed(&card, "width-not-a-number"), ["no-traceback"]);
    let what = happened(&card, "width-not-a-number", "no-traceback");
    assert!(what.contains("ValueError"), "{what}");
    assert_eq!(failed(&card, "perfect"), Vec::<String>::new());
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn a_hang_on_a_valid_config_is_killed_at_its_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let marker = "864123.5";
    let command = script(
        dir.path(),
        "hang.sh",
        &format!("\"$BIN\" --headless \"$1\" || exit $?\nsleep {marker}"),
    );
    let limit = 2.0;
    let (output, card) = grade(
        dir.path(),
        &command,
        &[
            "--grade-cases",
            "perfect",
            "--grade-timeout",
            &limit.to_string(),
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        failed(&card, "perfect").contains(&"ends-in-time".to_owned()),
        "{card:#}"
    );
    let seconds = case(&card, "perfect")["seconds"].as_f64().unwrap();
    assert!(
        seconds >= limit,
        "stopped at its limit, not before: {seconds}"
    );
    assert_nothing_left(marker);
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn a_program_that_ignores_seed_fails_the_same_bytes_rule() {
    let dir = tempfile::tempdir().unwrap();
    // A seed of its own each run: its process id.
    let command = script(
        dir.path(),
        "noseed.sh",
        "exec \"$BIN\" --headless --seed $$ \"$1\"",
    );
    let (output, card) = grade_cases(dir.path(), &command, "perfect,no-seed");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(failed(&card, "perfect"), ["same-seed"]);
    assert_eq!(
        failed(&card, "no-seed"),
        Vec::<String>::new(),
        "no SEED, no such rule"
    );
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn a_missing_final_newline_fails_the_file_rules() {
    let dir = tempfile::tempdir().unwrap();
    let command = script(
        dir.path(),
        "nonewline.sh",
        &format!(
            "\"$BIN\" --headless \"$1\" || exit $?\n{OUTPUT_FILE}\n\
             printf %s \"$(cat \"$out\")\" > \"$out.cut\" && mv \"$out.cut\" \"$out\""
        ),
    );
    let (output, card) = grade_cases(dir.path(), &command, "perfect");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(failed(&card, "perfect"), ["file-rules"]);
    let what = happened(&card, "perfect", "file-rules");
    assert!(what.contains("does not end with a newline"), "{what}");
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn waiting_for_a_key_after_a_bad_config_is_caught_and_the_program_quit() {
    let dir = tempfile::tempdir().unwrap();
    let command = script(
        dir.path(),
        "waits.sh",
        "\"$BIN\" --headless \"$1\" 2>/dev/null && exit 0\n\
         echo 'Error: bad config. Press Enter to quit.'\nread answer\nexit 1",
    );
    let (output, card) = grade_cases(dir.path(), &command, "no-width,entry-is-exit");
    assert_eq!(output.status.code(), Some(1));
    for name in ["no-width", "entry-is-exit"] {
        assert_eq!(failed(&card, name), ["ends-on-bad-config"], "{name}");
        let what = happened(&card, name, "ends-on-bad-config");
        // Quit by a key, well before the generous limit: the wait was seen, not timed out.
        assert!(what.contains("quit on 4 Enter"), "{what}");
    }
    // Its message names neither key: a note, not a failure.
    let notes = case(&card, "no-width")["notes"].to_string();
    assert!(notes.contains("names none of WIDTH"), "{notes}");
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn a_program_waiting_for_enter_before_writing_is_nudged_then_quit() {
    let dir = tempfile::tempdir().unwrap();
    // "Press ENTER to start", then the maze, then a menu whose 4 quits.
    let command = script(
        dir.path(),
        "menu.sh",
        "echo 'Press ENTER to start'\nread go\n\"$BIN\" --headless \"$1\" || exit $?\n\
         while true; do echo '1. regenerate 4. quit'; read choice; [ \"$choice\" = 4 ] && exit 0; done",
    );
    let (output, card) = grade_cases(dir.path(), &command, "perfect");
    assert_eq!(output.status.code(), Some(0), "{card:#}");
    assert_nothing_left(&dir.path().to_string_lossy());
}

#[test]
fn bad_usage_exits_2_before_any_case_runs() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| binary::run(dir.path(), args);
    let unknown = run(&["--grade", "true", "--grade-cases", "nope"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no case named \"nope\""));
    let report = run(&["--grade", "true", "--grade-report", "card.txt"]);
    assert_eq!(report.status.code(), Some(2));
    fs::create_dir(dir.path().join("full")).unwrap();
    fs::write(dir.path().join("full/mine.txt"), "keep me").unwrap();
    let keep = run(&["--grade", "true", "--grade-keep", "full"]);
    assert_eq!(keep.status.code(), Some(2));
    assert_eq!(
        fs::read_to_string(dir.path().join("full/mine.txt")).unwrap(),
        "keep me"
    );
    // The configs are the grader's own: one named beside --grade is a mistake.
    let named = run(&["--grade", "true", "config.txt"]);
    assert_eq!(named.status.code(), Some(2));
    let quit = run(&["--grade", "true", "--grade-quit", r"\x"]);
    assert_eq!(quit.status.code(), Some(2));
    assert_eq!(binary::names_in(dir.path()), ["full"]);
}

#[test]
fn kept_folders_hold_each_case_and_a_failure_says_how_to_look_at_it() {
    let dir = tempfile::tempdir().unwrap();
    let command = script(
        dir.path(),
        "nonewline.sh",
        &format!(
            "\"$BIN\" --headless \"$1\" || exit $?\n{OUTPUT_FILE}\n\
             printf %s \"$(cat \"$out\")\" > \"$out.cut\" && mv \"$out.cut\" \"$out\""
        ),
    );
    let output = Command::new(BIN)
        .current_dir(dir.path())
        .env_remove("RUST_BACKTRACE")
        .args(["--grade", &command, "--grade-cases", "no-width,perfect"])
        .args(["--grade-keep", "kept", "--grade-report", "card.md"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The card keeps its own order: perfect, then no-width.
    let look = "a-maze-ing --open kept/case-01/maze-perfect.txt kept/case-01/config.txt";
    assert!(stdout.contains(look), "{stdout}");
    assert!(dir.path().join("kept/case-02/transcript.txt").exists());
    assert!(
        dir.path()
            .join("kept/case-01/again/maze-perfect.txt")
            .exists()
    );
    let md = fs::read_to_string(dir.path().join("card.md")).unwrap();
    assert!(md.contains("## perfect failed"), "{md}");
    assert!(
        md.contains("| maze file rules (as --check) | 0 | 1 |"),
        "{md}"
    );
}

#[test]
fn a_fixed_output_name_is_its_own_failure() {
    let dir = tempfile::tempdir().unwrap();
    let command = script(
        dir.path(),
        "fixed.sh",
        &format!("\"$BIN\" --headless \"$1\" || exit $?\n{OUTPUT_FILE}\nmv \"$out\" maze.txt"),
    );
    let (output, card) = grade_cases(dir.path(), &command, "perfect");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(failed(&card, "perfect"), ["output-file-name"]);
    let what = happened(&card, "perfect", "output-file-name");
    assert!(what.contains("wrote maze.txt instead"), "{what}");
}
