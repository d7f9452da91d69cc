//! End-to-end: the subject's 42 as other programs draw it. `--check` on a file whose config
//! names no STAMP accepts any 42 drawn by closed cells near the centre (here the 20-cell one
//! with a two-stroke "4") with a note; a config naming STAMP=42, or `--strict`, requires the
//! project's exact shape.

#[path = "support/binary.rs"]
mod binary;

use std::fs;

const BASE: &str =
    "WIDTH=21\nHEIGHT=15\nENTRY=0,0\nEXIT=20,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=9\n";

#[test]
fn a_twenty_cell_42_passes_with_a_note_unless_the_shape_is_required() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    // The project draws the 20-cell 42 when asked to, as a pattern of the user's own.
    let drawn = format!("{BASE}STAMP=X.X.XXX/X.X...X/XXX.XXX/..X.X../..X.XXX\n");
    fs::write(path.join("drawn.txt"), drawn).unwrap();
    let made = binary::run(path, &["--headless", "drawn.txt"]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    fs::write(path.join("plain.txt"), BASE).unwrap();
    fs::write(path.join("stamp.txt"), format!("{BASE}STAMP=42\n")).unwrap();

    for args in [
        &["--check", "maze.txt", "plain.txt"][..],
        &["--check", "maze.txt"],
    ] {
        let out = binary::run(path, args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        assert!(
            stdout.contains("note: 42: drawn with 20 closed cells"),
            "{stdout}"
        );
        assert!(stdout.contains("valid 21x15 maze"), "{stdout}");
    }
    for args in [
        &["--check", "maze.txt", "stamp.txt"][..],
        &["--check", "maze.txt", "plain.txt", "--strict"],
        &["--check", "maze.txt", "--strict"],
    ] {
        let out = binary::run(path, args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}");
        assert!(
            stdout.contains("2 cell(s) cannot be reached"),
            "{args:?}: {stdout}"
        );
        assert!(!stdout.contains("note: 42"), "{stdout}");
    }
}

/// `--strict` changes only what `--check` and `--grade` accept: given with neither, it would be
/// ignored without a word, so it is a usage error (exit 2) naming the flags it needs.
#[test]
fn strict_without_check_or_grade_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    fs::write(path.join("plain.txt"), BASE).unwrap();
    for args in [
        &["--strict", "plain.txt"][..],
        &["--headless", "--strict", "plain.txt"],
    ] {
        let out = binary::run(path, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--check") && stderr.contains("--grade"),
            "{args:?}: {stderr}"
        );
        assert!(!path.join("maze.txt").exists(), "{args:?} wrote a maze");
    }
}
