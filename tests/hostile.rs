//! End-to-end: the binary against what a hostile or careless user gives it: outputs that name
//! the config or each other, a run that fails on its second output, devices and links as
//! targets, huge or special files as input, and signals during a write. Nothing already on disk
//! may be lost, and no temporary file may be left behind.

#[path = "support/binary.rs"]
mod binary;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_a-maze-ing");

fn config(output: &str) -> String {
    format!(
        "WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE={output}\nPERFECT=True\nSEED=5\n"
    )
}

fn run(dir: &Path, args: &[&str]) -> Output {
    binary(dir).args(args).output().expect("the binary runs")
}

/// The binary, run in `dir`, without the backtrace variables: a user's mistake never shows a
/// backtrace, and capturing one for nothing makes a debug build's error path slow.
fn binary(dir: &Path) -> Command {
    let mut command = Command::new(BIN);
    command
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn assert_one_line_error(output: &Output, code: i32, mentions: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.starts_with("error: ") && err.contains(mentions),
        "{err}"
    );
}

#[test]
fn output_file_naming_the_config_is_a_config_error_and_the_config_survives() {
    let dir = tempfile::tempdir().unwrap();
    for output in ["self.cfg", "./self.cfg"] {
        let text = config(output);
        fs::write(dir.path().join("self.cfg"), &text).unwrap();
        let result = run(dir.path(), &["--headless", "self.cfg"]);
        assert_one_line_error(&result, 2, "self.cfg:5: OUTPUT_FILE");
        assert_eq!(
            fs::read_to_string(dir.path().join("self.cfg")).unwrap(),
            text
        );
    }
}

#[test]
fn svg_naming_the_config_or_output_file_is_a_usage_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = config("maze.txt");
    fs::write(dir.path().join("config.txt"), &text).unwrap();
    for (svg, mentions) in [
        ("config.txt", "is the config file"),
        ("./config.txt", "is the config file"),
        ("maze.txt", "is OUTPUT_FILE"),
        ("./maze.txt", "is OUTPUT_FILE"),
    ] {
        let result = run(dir.path(), &["--headless", "--svg", svg, "config.txt"]);
        assert_one_line_error(&result, 2, mentions);
        assert_eq!(names(dir.path()), ["config.txt"], "--svg {svg}");
        assert_eq!(
            fs::read_to_string(dir.path().join("config.txt")).unwrap(),
            text
        );
    }
}

/// Every flag that writes a file of its own.
const OUTPUT_FLAGS: [&str; 4] = ["--svg", "--png", "--pdf", "--animate"];

#[test]
fn every_pair_of_output_flags_on_one_path_is_a_usage_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = config("maze.txt");
    fs::write(dir.path().join("config.txt"), &text).unwrap();
    for first in OUTPUT_FLAGS {
        // Against the config, OUTPUT_FILE, and each other flag.
        let mut clashes = vec![
            (vec![first, "config.txt"], "is the config file"),
            (vec![first, "./maze.txt"], "is OUTPUT_FILE"),
        ];
        for second in OUTPUT_FLAGS.into_iter().filter(|&f| f != first) {
            clashes.push((vec![first, "out.x", second, "./out.x"], "is also the"));
            clashes.push((
                vec![first, "/dev/stdout", second, "/dev/stdout"],
                "is also the",
            ));
        }
        // `--stats` prints on standard output.
        clashes.push((vec![first, "/dev/stdout", "--stats"], "is standard output"));
        for (flags, mentions) in clashes {
            let mut args = vec!["--headless", "config.txt"];
            args.extend(&flags);
            let result = run(dir.path(), &args);
            assert_one_line_error(&result, 2, mentions);
            assert!(result.stdout.is_empty(), "{flags:?}");
            assert_eq!(names(dir.path()), ["config.txt"], "{flags:?}");
        }
    }
    // OUTPUT_FILE, made by the config, is one of the outputs too.
    fs::write(dir.path().join("out.txt"), config("/dev/stdout")).unwrap();
    let result = run(dir.path(), &["--headless", "--stats", "out.txt"]);
    assert_one_line_error(&result, 2, "OUTPUT_FILE /dev/stdout is standard output");
    assert!(result.stdout.is_empty());
}

#[test]
fn a_failed_svg_leaves_output_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("maze.txt")).unwrap();
    fs::write(dir.path().join("maze.txt"), "the old maze\n").unwrap();
    let result = run(
        dir.path(),
        &["--headless", "--svg", "missing/x.svg", "config.txt"],
    );
    assert_one_line_error(&result, 1, "missing/x.svg");
    assert_eq!(
        fs::read_to_string(dir.path().join("maze.txt")).unwrap(),
        "the old maze\n"
    );
    assert_eq!(names(dir.path()), ["config.txt", "maze.txt"]);
}

#[cfg(unix)]
#[test]
fn a_link_as_output_file_stays_a_link_to_the_new_maze() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("link.txt")).unwrap();
    fs::write(dir.path().join("real.txt"), "old").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.path().join("link.txt")).unwrap();
    let result = run(dir.path(), &["--headless", "config.txt"]);
    assert!(result.status.success(), "{}", stderr(&result));
    let link = fs::symlink_metadata(dir.path().join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink());
    let maze = fs::read_to_string(dir.path().join("real.txt")).unwrap();
    assert_eq!(
        maze.lines().count(),
        9 + 4,
        "the file the link points to holds the maze"
    );
    assert_eq!(names(dir.path()), ["config.txt", "link.txt", "real.txt"]);
}

/// Makes a FIFO at `path`, or returns false where `mkfifo` is missing.
#[cfg(unix)]
fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(unix)]
#[test]
fn a_fifo_as_output_is_written_into_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    if !mkfifo(&fifo) {
        eprintln!("skipping: no mkfifo");
        return;
    }
    fs::write(dir.path().join("config.txt"), config("pipe")).unwrap();
    let reader = thread::spawn(move || fs::read_to_string(fifo).unwrap());
    let result = run(dir.path(), &["--headless", "config.txt"]);
    assert!(result.status.success(), "{}", stderr(&result));
    let maze = reader.join().unwrap();
    assert_eq!(
        maze.lines().count(),
        9 + 4,
        "the whole maze went through the pipe"
    );
    let kind = fs::symlink_metadata(dir.path().join("pipe"))
        .unwrap()
        .file_type();
    assert!(kind.is_fifo());
}

#[cfg(unix)]
#[test]
fn a_fifo_as_config_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("config.txt");
    if !mkfifo(&fifo) {
        eprintln!("skipping: no mkfifo");
        return;
    }
    // Without the check, reading the FIFO would wait for a writer forever.
    let result = run(dir.path(), &["--headless", "config.txt"]);
    assert_one_line_error(&result, 2, "not a regular file");
}

#[test]
fn a_huge_config_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let file = fs::File::create(dir.path().join("config.txt")).unwrap();
    file.set_len(200 << 20).unwrap(); // sparse: 200 MiB that take no disk
    let result = run(dir.path(), &["--headless", "config.txt"]);
    assert_one_line_error(&result, 2, "more than the 1.0 MiB allowed");
}

#[cfg(unix)]
#[test]
fn sigterm_during_a_write_leaves_no_temporary_and_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("picture.svg");
    if !mkfifo(&fifo) {
        eprintln!("skipping: no mkfifo");
        return;
    }
    fs::write(dir.path().join("config.txt"), config("maze.txt")).unwrap();
    fs::write(dir.path().join("maze.txt"), "the old maze\n").unwrap();
    // The maze is staged in a temporary file, then the SVG waits for a reader of the FIFO that
    // never comes: the run is caught mid-write, as a signal would catch a long one.
    let mut child = binary(dir.path())
        .args(["--headless", "--svg", "picture.svg", "config.txt"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !names(dir.path()).iter().any(|n| n.ends_with(".tmp")) {
        assert!(Instant::now() < deadline, "no temporary file appeared");
        thread::sleep(Duration::from_millis(10));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "128 + SIGTERM");
    assert_eq!(names(dir.path()), ["config.txt", "maze.txt", "picture.svg"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("maze.txt")).unwrap(),
        "the old maze\n"
    );
}

#[test]
fn a_huge_maze_file_is_refused_by_check_unread() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("maze.txt")).unwrap();
    let maze = dir.path().join("maze.txt");
    fs::write(&maze, "9".repeat(12) + "\n").unwrap();
    fs::OpenOptions::new()
        .write(true)
        .open(&maze)
        .unwrap()
        .set_len(50 << 20)
        .unwrap();
    let result = run(dir.path(), &["--check", "maze.txt", "config.txt"]);
    assert_one_line_error(&result, 1, "maze.txt");
    assert!(
        stderr(&result).contains("more than the"),
        "{}",
        stderr(&result)
    );
}

#[test]
fn a_maze_larger_than_the_memory_limit_is_refused_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let text = "WIDTH=100000\nHEIGHT=10000\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=maze.txt\n\
                PERFECT=True\nALGORITHM=kruskal\n";
    fs::write(dir.path().join("config.txt"), text).unwrap();
    let result = run(
        dir.path(),
        &["--headless", "--max-memory", "1G", "config.txt"],
    );
    assert_one_line_error(&result, 1, "a 100000x10000 maze with kruskal needs about");
    assert!(
        stderr(&result).contains("--max-memory limit of 953.7 MiB"),
        "{}",
        stderr(&result)
    );
    assert_eq!(names(dir.path()), ["config.txt"]);
    let result = run(
        dir.path(),
        &["--headless", "--max-memory", "a lot", "config.txt"],
    );
    assert_eq!(result.status.code(), Some(2), "{}", stderr(&result));
}

/// Past the estimate (`--max-memory` raised), an allocation the system refuses is an error
/// with exit 1, not an abort: here the address space is capped at 300 MB and the grid alone
/// needs 900 MB.
#[cfg(unix)]
#[test]
fn a_refused_allocation_is_an_error_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    let text = "WIDTH=30000\nHEIGHT=30000\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=maze.txt\n\
                PERFECT=True\nSEED=1\n";
    fs::write(dir.path().join("config.txt"), text).unwrap();
    let args = ["--headless", "--max-memory", "100G", "config.txt"];
    let result = binary::run_capped(dir.path(), 300_000, &args, false);
    assert_one_line_error(&result, 1, "cannot allocate the 30000x30000 maze");
    assert_eq!(names(dir.path()), ["config.txt"]);
}

/// Aldous-Broder's and Wilson's random walks slow with the square of a thin maze's length (a
/// 2x100000 maze took minutes): refused at once with a way out, before any work.
#[test]
fn a_random_walk_on_a_thin_maze_is_refused_with_another_algorithm_suggested() {
    let dir = tempfile::tempdir().unwrap();
    for algorithm in ["aldous-broder", "wilson"] {
        let text = format!(
            "WIDTH=2\nHEIGHT=100000\nENTRY=0,0\nEXIT=1,99999\nOUTPUT_FILE=m.txt\nPERFECT=True\n\
             ALGORITHM={algorithm}\n"
        );
        fs::write(dir.path().join("thin.cfg"), text).unwrap();
        let result = run(dir.path(), &["--headless", "thin.cfg"]);
        assert_one_line_error(
            &result,
            1,
            &format!("{algorithm} on a 2x100000 maze would take about"),
        );
        assert!(stderr(&result).contains("choose another ALGORITHM"));
        assert_eq!(names(dir.path()), ["thin.cfg"]);
    }
    // The same size with a linear algorithm is made.
    let result = run(
        dir.path(),
        &["--headless", "thin.cfg", "--algorithm", "prim"],
    );
    assert!(result.status.success(), "{}", stderr(&result));
}

/// The binary run in `dir` with its standard output (or error) already closed by its reader,
/// as in `a-maze-ing --headless | true`.
fn run_into_closed_pipe(dir: &Path, args: &[&str]) -> Output {
    let mut child = binary(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("the binary ends")
}

/// `/dev/full`, where every write fails with ENOSPC.
fn full_device() -> Stdio {
    Stdio::from(
        fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    )
}

#[test]
fn a_closed_stdout_ends_the_run_quietly_with_its_own_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("maze.txt")).unwrap();
    for (args, code) in [
        (&["--headless", "config.txt"][..], 0),
        (&["--headless", "--stats", "config.txt"], 0),
        (&["--headless", "--race", "prim,kruskal", "config.txt"], 0),
        (&["--check", "maze.txt", "config.txt"], 0),
        (&["--check", "config.txt"], 1),
        (&["--man"], 0),
        (&["--help"], 0),
    ] {
        let output = run_into_closed_pipe(dir.path(), args);
        assert_eq!(
            output.status.code(),
            Some(code),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            !stderr(&output).contains("panicked"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_full_stdout_or_stderr_is_an_error_exit_never_a_panic_or_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("maze.txt")).unwrap();
    for args in [
        &["--headless", "config.txt"][..],
        &["--headless", "--stats", "config.txt"],
        &["--headless", "--race", "prim,kruskal", "config.txt"],
        &["--man"],
        &["--completions", "bash"],
        &["--help"],
        &["--version"],
    ] {
        let output = binary(dir.path())
            .args(args)
            .stdout(full_device())
            .output()
            .unwrap();
        assert_one_line_error(&output, 1, "No space left on device");
        assert!(stderr(&output).contains("standard output"), "{args:?}");
    }
    fs::write(dir.path().join("bad.txt"), "WIDTH=x\n").unwrap();
    let output = binary(dir.path())
        .args(["--headless", "bad.txt"])
        .stderr(full_device())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "a config error, said nowhere"
    );
}

#[test]
fn output_file_dev_stdout_appends_where_the_shell_appends_and_writes_into_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("config.txt"), config("/dev/stdout")).unwrap();
    let log = dir.path().join("log.txt");
    fs::write(&log, "yesterday's log\n").unwrap();
    // `a-maze-ing --headless config.txt >> log.txt`
    let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let status = binary(dir.path())
        .args(["--headless", "config.txt"])
        .stdout(appending)
        .status()
        .unwrap();
    assert!(status.success());
    let text = fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("yesterday's log\n"), "{text}");
    let maze: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(
        maze.len(),
        9 + 1 + 3 + 1,
        "the rows, a blank line, three lines, the summary: {text}"
    );
    assert!(
        maze[13].starts_with("wrote /dev/stdout: 12x9 perfect maze"),
        "{text}"
    );
    assert_eq!(
        names(dir.path()),
        ["config.txt", "log.txt"],
        "no temporary file"
    );

    // `a-maze-ing --headless config.txt | cat`
    let piped = run(dir.path(), &["--headless", "config.txt"]);
    assert!(piped.status.success(), "{}", stderr(&piped));
    let text = String::from_utf8(piped.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 14, "{text}");
    assert!(!stderr(&piped).contains(".tmp"), "{}", stderr(&piped));
}

/// Issue 23: a one-line file of a gigabyte is refused as soon as its line is longer than any
/// maze row, not read whole first (a sparse file: the test writes nothing of it).
#[test]
fn a_one_line_gigabyte_is_refused_at_its_first_overlong_row() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    let file = fs::File::create(&path).unwrap();
    std::io::Write::write_all(&mut &file, &[b'f'; 200_000]).unwrap();
    file.set_len(1 << 30).unwrap();
    for mode in ["--check", "--open"] {
        let output = run(dir.path(), &[mode, "huge.txt"]);
        assert_one_line_error(
            &output,
            1,
            "line 1 is longer than the widest maze, 100000 cells",
        );
    }
}

/// Issue 41: a file one cell wide is no maze, and its first row says so, whatever its length.
#[test]
fn a_maze_file_one_cell_wide_is_refused_at_its_first_row() {
    let dir = tempfile::tempdir().unwrap();
    for rows in [3, 100_005] {
        let file = format!("{}\n0,0\n0,2\nSS\n", "F\n".repeat(rows));
        fs::write(dir.path().join("thin.txt"), file).unwrap();
        for mode in ["--check", "--open"] {
            let output = run(dir.path(), &[mode, "thin.txt"]);
            assert_one_line_error(
                &output,
                1,
                "thin.txt:1: maze size: WIDTH must be between 2 and 100000, got 1",
            );
        }
    }
}

#[test]
fn a_write_past_ulimit_f_is_an_error_naming_the_file_and_the_old_file_kept() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("config.txt"),
        "WIDTH=200\nHEIGHT=200\nENTRY=0,0\nEXIT=199,199\nOUTPUT_FILE=m.txt\nPERFECT=True\nSEED=5\n",
    )
    .unwrap();
    fs::write(dir.path().join("m.txt"), "old").unwrap();
    // The maze is about 40 KB; the shell's limit is in blocks of 512 or 1024 bytes.
    let output = Command::new("sh")
        .args(["-c", "ulimit -f 16 && exec \"$0\" \"$@\"", BIN])
        .args(["--headless", "config.txt"])
        .current_dir(dir.path())
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap();
    assert_one_line_error(&output, 1, "m.txt");
    assert_eq!(names(dir.path()), ["config.txt", "m.txt"]);
    assert_eq!(fs::read_to_string(dir.path().join("m.txt")).unwrap(), "old");
}
