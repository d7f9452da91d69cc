use super::*;
use crate::quote;

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn writes_a_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    write_atomically(&path, |w| w.write_all(b"hello\n")).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "hello\n");
    assert_eq!(names_in(dir.path()), ["out.txt"], "no temporary file left");
}

#[test]
fn a_new_file_is_written_once_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.txt");
    write_new_atomically(&path, |w| w.write_all(b"WIDTH=5\n")).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "WIDTH=5\n");
    assert_eq!(
        names_in(dir.path()),
        ["config.txt"],
        "no temporary file left"
    );

    let err = write_new_atomically(&path, |w| w.write_all(b"other\n")).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("cannot write {}: it already exists", quote::path(&path))
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "WIDTH=5\n", "kept");
    assert_eq!(names_in(dir.path()), ["config.txt"]);
}

#[test]
fn a_new_file_that_appears_while_written_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.txt");
    let err = write_new_atomically(&path, |w| {
        // Another program writes the file between the check and the link.
        fs::write(&path, "theirs\n")?;
        w.write_all(b"ours\n")
    })
    .unwrap_err();
    assert!(err.to_string().ends_with("it already exists"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "theirs\n");
    assert_eq!(
        names_in(dir.path()),
        ["config.txt"],
        "no temporary file left"
    );
}

#[test]
fn a_new_file_in_a_missing_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let err =
        write_new_atomically(&dir.path().join("nope/c.txt"), |w| w.write_all(b"x")).unwrap_err();
    assert!(err.to_string().contains("does not exist"), "{err}");
    assert_eq!(names_in(dir.path()), Vec::<String>::new());
}

#[test]
fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    fs::write(&path, "old\n").unwrap();
    let err = write_atomically(&path, |w| {
        w.write_all(b"half")?;
        Err::<(), _>(io::Error::other("disk on fire"))
    })
    .unwrap_err();
    assert!(err.to_string().contains("out.txt"), "{err}");
    assert!(err.to_string().contains("disk on fire"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
    assert_eq!(names_in(dir.path()), ["out.txt"]);
}

#[test]
fn a_missing_folder_or_a_directory_target_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope").join("out.txt");
    let err = write_atomically(&missing, |w| w.write_all(b"x")).unwrap_err();
    assert!(err.to_string().ends_with("nope does not exist"), "{err}");
    assert!(
        !err.to_string().contains(".out.txt."),
        "no temporary name: {err}"
    );
    let err = write_atomically(dir.path(), |w| w.write_all(b"x")).unwrap_err();
    assert!(err.to_string().contains("directory"), "{err}");
}

#[test]
fn a_run_that_fails_on_its_second_output_changes_neither() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("maze.txt");
    fs::write(&first, "old maze\n").unwrap();
    let mut outputs = Outputs::new();
    outputs
        .stage(&first, |w| w.write_all(b"new maze\n"))
        .unwrap();
    let second = dir.path().join("missing").join("maze.svg");
    let err = outputs
        .stage(&second, |w| w.write_all(b"<svg/>"))
        .unwrap_err();
    assert_eq!(err.path, second);
    drop(outputs);
    assert_eq!(fs::read_to_string(&first).unwrap(), "old maze\n");
    assert_eq!(names_in(dir.path()), ["maze.txt"], "no temporary file left");
}

#[test]
fn outputs_are_all_in_place_after_a_commit() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.svg"));
    fs::write(&a, "old").unwrap();
    let mut outputs = Outputs::new();
    outputs.stage(&a, |w| w.write_all(b"A")).unwrap();
    outputs.stage(&b, |w| w.write_all(b"B")).unwrap();
    assert_eq!(
        fs::read_to_string(&a).unwrap(),
        "old",
        "nothing before the commit"
    );
    assert!(!b.exists());
    outputs.commit().unwrap();
    assert_eq!(fs::read_to_string(&a).unwrap(), "A");
    assert_eq!(fs::read_to_string(&b).unwrap(), "B");
    assert_eq!(names_in(dir.path()), ["a.txt", "b.svg"]);
}

#[test]
fn a_target_that_became_a_directory_is_found_before_any_rename() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    fs::write(&a, "old").unwrap();
    let mut outputs = Outputs::new();
    outputs.stage(&a, |w| w.write_all(b"A")).unwrap();
    outputs.stage(&b, |w| w.write_all(b"B")).unwrap();
    fs::create_dir(&b).unwrap();
    let err = outputs.commit().unwrap_err();
    assert_eq!(err.path, b);
    assert_eq!(fs::read_to_string(&a).unwrap(), "old");
}

#[test]
fn a_name_of_250_bytes_works() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.txt", "é".repeat(123)); // 246 + 4 bytes, two-byte characters
    assert_eq!(name.len(), 250);
    let path = dir.path().join(&name);
    write_atomically(&path, |w| w.write_all(b"long")).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "long");
    assert_eq!(names_in(dir.path()), [name]);
}

#[cfg(unix)]
#[test]
fn new_files_are_world_readable_and_old_permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    write_atomically(&path, |w| w.write_all(b"a")).unwrap();
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o644
    );
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    write_atomically(&path, |w| w.write_all(b"b")).unwrap();
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn same_target_sees_one_file_by_two_names() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("maze.txt");
    let dotted = dir.path().join(".").join("maze.txt");
    assert!(same_target(&a, &dotted), "a new file, two spellings");
    fs::write(&a, "x").unwrap();
    assert!(same_target(&a, &dotted), "an existing file, two spellings");
    assert!(!same_target(&a, &dir.path().join("maze.svg")));
    assert!(!same_target(&a, &dir.path().join("missing/maze.txt")));
}

#[cfg(unix)]
mod links_and_devices {
    use std::os::unix::fs::{FileTypeExt, symlink};
    use std::process::Command;
    use std::thread;

    use super::*;

    #[test]
    fn a_new_file_is_not_written_through_a_link_even_a_dangling_one() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("config.txt");
        symlink("elsewhere.txt", &link).unwrap();
        let err = write_new_atomically(&link, |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().ends_with("it already exists"), "{err}");
        assert!(!dir.path().join("elsewhere.txt").exists());
        assert_eq!(names_in(dir.path()), ["config.txt"]);
    }

    #[test]
    fn a_link_to_a_file_stays_a_link_and_the_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.txt");
        symlink("real.txt", &link).unwrap();
        write_atomically(&link, |w| w.write_all(b"new")).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(names_in(dir.path()), ["link.txt", "real.txt"]);
    }

    #[test]
    fn same_target_follows_links() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.svg");
        symlink("maze.txt", &link).unwrap();
        let file = dir.path().join("maze.txt");
        assert!(same_target(&link, &file), "a link to a file not made yet");
        fs::write(&file, "x").unwrap();
        assert!(same_target(&link, &file));
    }

    #[test]
    fn a_dangling_link_creates_the_file_it_points_to() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.txt");
        symlink("made.txt", &link).unwrap();
        write_atomically(&link, |w| w.write_all(b"made")).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("made.txt")).unwrap(),
            "made"
        );
    }

    #[test]
    fn a_loop_of_links_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        let err = write_atomically(&a, |w| w.write_all(b"x")).unwrap_err();
        assert!(err.to_string().contains("symbolic links"), "{err}");
    }

    #[test]
    fn a_fifo_is_written_into_and_stays_a_fifo() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo is not available");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_atomically(&fifo, |w| w.write_all(b"through the pipe")).unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names_in(dir.path()), ["pipe"], "no temporary file");
    }
}

/// Issue 23: a read-only file is refused, not replaced, whoever runs (root too).
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    fs::write(&path, "theirs\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let err = write_atomically(&path, |w| w.write_all(b"ours")).unwrap_err();
    assert_eq!(err.source.kind(), io::ErrorKind::PermissionDenied);
    assert_eq!(
        err.to_string(),
        format!(
            "cannot write {}: it is read-only (its permissions forbid writing it)",
            path.display()
        )
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "theirs\n");
    assert_eq!(names_in(dir.path()), ["out.txt"]);
}

/// Issue 23: the new file keeps the owner, the group and a setgid bit of the one it replaces
/// where the process may give them (as root, any; the test runs the part it can).
#[cfg(unix)]
#[test]
fn the_owner_group_and_setgid_bit_are_kept() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.txt");
    fs::write(&path, "old").unwrap();
    let me = fs::metadata(&path).unwrap();
    // Another owner and group, when the test may give them (root); else the user's own.
    let (uid, gid) = if chown(&path, Some(1), Some(1)).is_ok() {
        (1, 1)
    } else {
        (me.uid(), me.gid())
    };
    fs::set_permissions(&path, fs::Permissions::from_mode(0o2664)).unwrap();
    write_atomically(&path, |w| w.write_all(b"new")).unwrap();
    let meta = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "new");
    assert_eq!((meta.uid(), meta.gid()), (uid, gid));
    assert_eq!(meta.permissions().mode() & 0o7777, 0o2664);
}

/// Issue 23: two runs committing into one folder at once take turns, so that the outputs on
/// disk are all of one run. A run holding the folder's lock (here, the test) makes another
/// commit wait.
#[cfg(unix)]
#[test]
fn a_commit_waits_for_another_run_committing_into_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.txt");
    fs::write(&path, "first run\n").unwrap();
    let other_run = File::open(dir.path()).unwrap();
    lock_exclusive(&other_run).unwrap();
    let mut outputs = Outputs::new();
    outputs
        .stage(&path, |w| w.write_all(b"second run\n"))
        .unwrap();
    let committing = std::thread::spawn(move || outputs.commit());
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(!committing.is_finished(), "the commit waits for the lock");
    assert_eq!(fs::read_to_string(&path).unwrap(), "first run\n");
    drop(other_run);
    committing.join().unwrap().unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "second run\n");
}

/// A folder where no file can be made: a read-only one, or, for root (whom permissions do not
/// stop), sysfs, where even root makes no file. `None` where neither is to be had.
#[cfg(unix)]
fn unwritable_folder(dir: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let folder = dir.join("locked");
    fs::create_dir(&folder).unwrap();
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o555)).unwrap();
    if fs::write(folder.join("probe"), "").is_err() {
        return Some(folder);
    }
    let sys = Path::new("/sys");
    (sys.is_dir() && fs::write(sys.join("a-maze-ing-probe"), "").is_err()).then(|| sys.to_owned())
}

/// Issue 20: a folder where the temporary file cannot be made gives an error that names the
/// target only, never the temporary file's random name (`at path "…/.maze.txt.XXXXXX.tmp"`).
#[cfg(unix)]
#[test]
fn a_folder_that_takes_no_file_is_named_by_the_target_alone() {
    let dir = tempfile::tempdir().unwrap();
    let Some(folder) = unwritable_folder(dir.path()) else {
        return;
    };
    let path = folder.join("maze.txt");
    for err in [
        write_atomically(&path, |w| w.write_all(b"ours")).unwrap_err(),
        write_new_atomically(&path, |w| w.write_all(b"ours")).unwrap_err(),
    ] {
        let text = err.to_string();
        assert!(
            text.starts_with(&format!("cannot write {}: ", path.display())),
            "{text}"
        );
        assert!(
            !text.contains(".tmp") && !text.contains("at path"),
            "{text}"
        );
        assert!(
            matches!(
                err.source.kind(),
                io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
            ),
            "{text}"
        );
    }
}
