//! `remove_temporaries` removes the temporary files of writes in progress. It acts on the whole
//! process, so it is tested in a test binary of its own, where no other write runs.

use std::fs;

use mazegen::format::remove_temporaries;
use mazegen::write_atomically;

#[test]
fn remove_temporaries_removes_a_write_in_progress_and_the_target_keeps_its_content() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    fs::write(&path, "old").unwrap();
    let err = write_atomically(&path, |w| {
        w.write_all(b"half")?;
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 2, "the target and its temporary file");
        // What the application's signal handler does while the write runs.
        remove_temporaries();
        Ok(())
    })
    .unwrap_err();
    assert!(err.to_string().starts_with("cannot write"), "{err}");
    assert!(
        !err.to_string().contains(".maze.txt."),
        "the target is named, not the temporary: {err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["maze.txt"]);
}
