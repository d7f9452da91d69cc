//! A bounded fuzz of the binary: mangled configs for `--headless` and mangled maze files for
//! `--check`, run as a user would. Whatever the input, the binary does not panic, exits with
//! 0, 1 or 2, says what went wrong on one line free of control characters, and changes no file
//! but OUTPUT_FILE (and only on success), leaving no temporary behind.
//!
//! The library's parsers have their own, larger property tests; these run the real binary, so
//! they keep to a few dozen cases each.

#[path = "support/binary.rs"]
mod binary;

use binary::run;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Output;

use proptest::prelude::*;

const CONFIG: &str = "WIDTH=14\nHEIGHT=10\nENTRY=0,0\nEXIT=13,9\nOUTPUT_FILE=maze.txt\n\
PERFECT=False\nSEED=3\nALGORITHM=prim\nBRAID=0.5\n";

/// A valid 14x10 maze file, as the binary writes it.
const MAZE: &str = include_str!("fixtures/fuzz_maze.txt");

/// Every file in `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// `base` with each edit applied: a byte replaced, inserted or removed at a position.
fn mangle(base: &str, edits: &[(prop::sample::Index, u8, u8)]) -> Vec<u8> {
    let mut bytes = base.as_bytes().to_vec();
    for (at, op, byte) in edits {
        let i = at.index(bytes.len().max(1)).min(bytes.len());
        match op % 3 {
            0 if i < bytes.len() => bytes[i] = *byte,
            1 => bytes.insert(i, *byte),
            _ if i < bytes.len() => {
                bytes.remove(i);
            }
            _ => bytes.push(*byte),
        }
    }
    bytes
}

/// Bytes a mangling inserts: the file's own syntax, digits, and hostile bytes.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(b"=,\n#0123456789ABCDEFabcdefNESWx.-/ ".to_vec()),
        prop::sample::select(vec![0u8, 0x07, 0x1b, b'\r', 0x7f, 0xff, 0xc3]),
    ]
}

fn edits() -> impl Strategy<Value = Vec<(prop::sample::Index, u8, u8)>> {
    prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), byte()), 1..8)
}

/// A failed run's stderr: one `error:` line, no control character.
fn assert_clean_error(output: &Output) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&output.stderr);
    prop_assert!(err.starts_with("error: "), "{err:?}");
    prop_assert_eq!(err.matches('\n').count(), 1, "{:?}", err);
    prop_assert!(!err.trim_end().contains(char::is_control), "{err:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_mangled_config_is_run_or_refused_cleanly(edits in edits()) {
        let dir = tempfile::tempdir().unwrap();
        let config = mangle(CONFIG, &edits);
        fs::write(dir.path().join("c.cfg"), &config).unwrap();
        fs::write(dir.path().join("maze.txt"), "old maze").unwrap();
        let before = snapshot(dir.path());
        let output = run(dir.path(), &["--headless", "c.cfg"]);
        let code = output.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "exit {code:?}: {output:?}");
        let mut after = snapshot(dir.path());
        if code == Some(0) {
            // Only OUTPUT_FILE, which the mangling may have renamed, is new or changed.
            after.retain(|name, bytes| before.get(name) != Some(bytes));
            prop_assert!(after.len() <= 1, "{:?}", after.keys());
        } else {
            assert_clean_error(&output)?;
            prop_assert_eq!(after, before);
        }
    }

    #[test]
    fn a_mangled_maze_file_is_checked_cleanly(edits in edits(), with_config in any::<bool>()) {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("m.txt"), mangle(MAZE, &edits)).unwrap();
        fs::write(dir.path().join("c.cfg"), CONFIG).unwrap();
        let before = snapshot(dir.path());
        let args: &[&str] = if with_config {
            &["--check", "m.txt", "c.cfg"]
        } else {
            &["--check", "m.txt"]
        };
        let output = run(dir.path(), args);
        let code = output.status.code();
        prop_assert!(matches!(code, Some(0 | 1)), "exit {code:?}: {output:?}");
        let out = String::from_utf8_lossy(&output.stdout);
        for line in out.lines() {
            prop_assert!(line.starts_with("m.txt"), "{line:?}");
            prop_assert!(!line.contains(char::is_control), "{line:?}");
        }
        if out.is_empty() {
            assert_clean_error(&output)?;
        }
        prop_assert_eq!(snapshot(dir.path()), before);
    }
}

#[test]
fn the_fixture_is_a_valid_maze_of_the_config() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("m.txt"), MAZE).unwrap();
    fs::write(dir.path().join("c.cfg"), CONFIG).unwrap();
    let output = run(dir.path(), &["--check", "m.txt", "c.cfg"]);
    assert!(output.status.success(), "{output:?}");
}
